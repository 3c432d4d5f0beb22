fn main() {
    println!("cargo:rerun-if-changed=../../../proto/signoria/v1/games/elisabeth_i.proto");
    let fds = protox::compile(["signoria/v1/games/elisabeth_i.proto"], ["../../../proto"])
        .expect("proto compiles");
    prost_build::Config::new()
        .compile_fds(fds)
        .expect("prost codegen");
}
