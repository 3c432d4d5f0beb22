fn main() {
    println!("cargo:rerun-if-changed=../../../proto/signoria/v1/games/age_of_renaissance.proto");
    let fds = protox::compile(
        ["signoria/v1/games/age_of_renaissance.proto"],
        ["../../../proto"],
    )
    .expect("proto compiles");
    prost_build::Config::new()
        .compile_fds(fds)
        .expect("prost codegen");
}
