//! The in-process server of the integration tests that came with issue 12
//! (hardening, hosted play, operators): `server::run` on a loopback port
//! with a given store.

use signoria_server::ServerConfig;
use signoria_store::GameStore;
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

pub const SECRET: &[u8] = b"test secret, 32 bytes long......";

pub struct TestServer {
    pub url: String,
    stop: Option<oneshot::Sender<()>>,
    handle: JoinHandle<anyhow::Result<()>>,
}

impl TestServer {
    /// Shuts the server down; it must stop cleanly.
    pub async fn stop(mut self) {
        let _ = self.stop.take().unwrap().send(());
        self.handle.await.unwrap().unwrap();
    }
}

/// A configuration with a fixed token secret and client seeds allowed.
pub fn config() -> ServerConfig {
    let mut c = ServerConfig {
        token_secret: Some(SECRET.to_vec()),
        ..ServerConfig::default()
    };
    c.service.allow_client_seed = true;
    c
}

/// Serves `store` with `config` on a free loopback port.
pub async fn start_on<S: GameStore>(config: ServerConfig, store: S) -> TestServer {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let (tx, rx) = oneshot::channel::<()>();
    let handle = tokio::spawn(async move {
        signoria_server::server::run(listener, &config, store, async move {
            let _ = rx.await;
        })
        .await
    });
    TestServer {
        url,
        stop: Some(tx),
        handle,
    }
}
