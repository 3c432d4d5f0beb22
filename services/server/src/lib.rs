//! The Signoria gRPC service (`signoria serve`).
//!
//! - [`pb`]: the generated API (`proto/signoria/v1/signoria.proto`), client and
//!   server; the CLI and the end-to-end tests use the same client.
//! - [`registry`]: the games this server plays, behind one object-safe trait.
//! - [`auth`]: signed seat tokens.
//! - [`service`]: the `GameService` implementation over any [`GameStore`].
//! - [`server`]: configuration, tower layers, health, reflection, grpc-web,
//!   graceful shutdown ([`serve`], [`serve_on`]).
//! - [`metrics`] and [`telemetry`]: counters, latency histogram, logs, OTLP.
//! - [`client`]: a small client wrapper (token metadata, request ids) for the
//!   CLI and tests.
//!
//! [`GameStore`]: signoria_store::GameStore

pub mod admin;
pub mod auth;
pub mod client;
pub mod errors;
pub mod meta;
pub mod metrics;
pub mod registry;
pub mod replay;
pub mod server;
pub mod service;
pub mod state_cache;
pub mod telemetry;
pub mod transport_errors;

pub use server::{ServerConfig, StoreConfig, serve, serve_on};

/// The generated API: messages, `game_service_client::GameServiceClient` and
/// `game_service_server::GameServiceServer`.
pub mod pb {
    #![allow(clippy::all, missing_docs)]
    tonic::include_proto!("signoria.v1");

    /// Encoded `FileDescriptorSet` of the API, game protos included (for
    /// reflection).
    pub const FILE_DESCRIPTOR_SET: &[u8] =
        tonic::include_file_descriptor_set!("signoria_descriptor");

    /// The per-game messages, as compiled by the game crates.
    pub mod games {
        pub use signoria_age_of_renaissance::pb as age_of_renaissance;
        pub use signoria_elisabeth_i::pb as elisabeth_i;
        pub use signoria_lorenzo_il_magnifico::pb as lorenzo_il_magnifico;
        pub use signoria_pax_renaissance::pb as pax_renaissance;
        pub use signoria_wallenstein::pb as wallenstein;
    }
}
