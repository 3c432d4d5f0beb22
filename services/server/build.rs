//! Compiles the public API (`proto/signoria/v1/signoria.proto`) with protox (no
//! protoc binary needed). The per-game messages are compiled by each game crate
//! and referenced here through `extern_path`. A file descriptor set of the whole
//! API, game protos included, is written for gRPC reflection.

use std::path::PathBuf;

/// Each game's proto package (`signoria.v1.games.<package>`, in
/// `games/<package>.proto`) and the crate whose `pb` module holds its messages.
const GAMES: [(&str, &str); 5] = [
    ("lorenzo_il_magnifico", "signoria_lorenzo_il_magnifico"),
    ("wallenstein", "signoria_wallenstein"),
    ("pax_renaissance", "signoria_pax_renaissance"),
    ("age_of_renaissance", "signoria_age_of_renaissance"),
    ("elisabeth_i", "signoria_elisabeth_i"),
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let proto_root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../proto");
    let api = proto_root.join("signoria/v1/signoria.proto");
    println!(
        "cargo:rerun-if-changed={}",
        proto_root.join("signoria/v1").display()
    );
    println!("cargo:rerun-if-changed={}", api.display());
    for game in GAMES {
        println!(
            "cargo:rerun-if-changed={}",
            proto_root
                .join(format!("signoria/v1/games/{}.proto", game.0))
                .display()
        );
    }

    // Includes the imported game protos.
    let fds = protox::compile([&api], [&proto_root])?;
    let out_dir = PathBuf::from(std::env::var("OUT_DIR")?);
    {
        use prost::Message as _;
        std::fs::write(out_dir.join("signoria_descriptor.bin"), fds.encode_to_vec())?;
    }

    let mut config = tonic_prost_build::configure()
        .build_server(true)
        .build_client(true);
    for (package, krate) in GAMES {
        config = config.extern_path(
            format!(".signoria.v1.games.{package}"),
            format!("::{krate}::pb"),
        );
    }
    config.compile_fds(fds)?;
    Ok(())
}
