fn main() {
    println!("cargo:rerun-if-changed=../../../proto/signoria/v1/games/wallenstein.proto");
    let fds = protox::compile(["signoria/v1/games/wallenstein.proto"], ["../../../proto"])
        .expect("proto compiles");
    prost_build::Config::new()
        .compile_fds(fds)
        .expect("prost codegen");
}
