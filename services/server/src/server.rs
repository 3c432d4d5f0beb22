//! Configuration and the transport: tonic server, limits, health, reflection,
//! grpc-web and graceful shutdown.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use signoria_store::{
    GameStore, MemoryStore, RedisStore, RedisStoreOptions, RedisTarget, redact_url, redact_urls,
};
use tokio::net::TcpListener;
use tonic::transport::Server;
use tonic::transport::server::TcpIncoming;

use crate::auth::TokenSigner;
use crate::metrics::Metrics;
use crate::pb;
use crate::pb::game_service_server::GameServiceServer;
use crate::registry::Registry;
use crate::service::{GameServiceImpl, ServiceOptions};

/// Where games are kept. `Debug` hides passwords.
#[derive(Clone, PartialEq, Eq, Default)]
pub enum StoreConfig {
    /// In this process (the default; games die with it).
    #[default]
    Memory,
    /// Redis at this URL (`redis://host:port`), shared by every replica.
    Redis(String),
    /// A Redis Cluster reached through these seed nodes (`redis://host:port`).
    RedisCluster(Vec<String>),
}

impl std::fmt::Debug for StoreConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreConfig::Memory => write!(f, "Memory"),
            StoreConfig::Redis(url) => write!(f, "Redis({})", redact_url(url)),
            StoreConfig::RedisCluster(nodes) => write!(f, "RedisCluster({})", redact_urls(nodes)),
        }
    }
}

/// Everything `serve` needs. `Default` is a sensible single-node setup on
/// `127.0.0.1:50051` with the in-memory store and a random token secret.
#[derive(Clone)]
pub struct ServerConfig {
    pub listen: SocketAddr,
    pub store: StoreConfig,
    /// Durability, retention and polling of the Redis store (ignored by the
    /// in-memory store but for the retention).
    pub redis: RedisStoreOptions,
    /// Secret for seat tokens; `None` = a random one (tokens then die with the
    /// process and do not work across replicas; a warning is logged).
    pub token_secret: Option<Vec<u8>>,
    /// The service's own tunables (client seeds, timeout, in-flight limit...).
    pub service: ServiceOptions,
    /// Largest request message accepted (bytes).
    pub max_request_bytes: usize,
    /// Concurrent requests per connection (tower concurrency limit; with load
    /// shedding, excess requests are RESOURCE_EXHAUSTED).
    pub concurrency_per_connection: usize,
    /// After a shutdown signal: how long to keep serving with health
    /// NOT_SERVING before refusing new connections, so load balancers notice.
    pub shutdown_delay: Duration,
    /// After that: how long in-flight requests may take to finish.
    pub drain_timeout: Duration,
    /// Close connections after this age (lets a gateway rebalance long-lived
    /// HTTP/2 connections). `None` = never.
    pub max_connection_age: Option<Duration>,
    /// HTTP/2 keepalive ping interval. `None` = off.
    pub http2_keepalive_interval: Option<Duration>,
    /// Where the admin endpoint (Prometheus `GET /metrics`) listens; `None`
    /// = nowhere. See [`crate::admin`].
    pub admin_listen: Option<SocketAddr>,
}

impl std::fmt::Debug for ServerConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ServerConfig")
            .field("listen", &self.listen)
            .field("store", &self.store)
            .field("redis", &self.redis)
            .field("token_secret", &self.token_secret.as_ref().map(|_| "<set>"))
            .field("service", &self.service)
            .field("max_request_bytes", &self.max_request_bytes)
            .field(
                "concurrency_per_connection",
                &self.concurrency_per_connection,
            )
            .field("shutdown_delay", &self.shutdown_delay)
            .field("drain_timeout", &self.drain_timeout)
            .field("max_connection_age", &self.max_connection_age)
            .field("admin_listen", &self.admin_listen)
            .finish()
    }
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            listen: "127.0.0.1:50051".parse().unwrap(),
            store: StoreConfig::Memory,
            redis: RedisStoreOptions::default(),
            token_secret: None,
            service: ServiceOptions::default(),
            max_request_bytes: 64 * 1024,
            concurrency_per_connection: 256,
            shutdown_delay: Duration::ZERO,
            drain_timeout: Duration::from_secs(10),
            max_connection_age: None,
            http2_keepalive_interval: Some(Duration::from_secs(30)),
            admin_listen: None,
        }
    }
}

/// Bind `config.listen` and serve until `shutdown` completes (then drain and
/// return).
pub async fn serve(
    config: ServerConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let listener = TcpListener::bind(config.listen)
        .await
        .with_context(|| format!("cannot listen on {}", config.listen))?;
    serve_on(listener, config, shutdown).await
}

/// Serve on an already bound listener (`config.listen` is ignored), e.g. one
/// bound to port 0 whose address the caller has read.
pub async fn serve_on(
    listener: TcpListener,
    config: ServerConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    match &config.store {
        StoreConfig::Memory => {
            tracing::info!("using the in-memory store: games live in this process only");
            let store = MemoryStore::with_retention(config.redis.retention);
            run(listener, &config, store, shutdown).await
        }
        StoreConfig::Redis(url) => {
            let target = RedisTarget::Single(url.clone());
            let store = RedisStore::open(&target, config.redis.clone())
                .await
                .with_context(|| format!("cannot use redis at {}", redact_url(url)))?;
            tracing::info!(redis = %redact_url(url), durability = ?config.redis.durability, "using the redis store");
            run(listener, &config, store, shutdown).await
        }
        StoreConfig::RedisCluster(nodes) => {
            let target = RedisTarget::Cluster(nodes.clone());
            let store = RedisStore::open(&target, config.redis.clone())
                .await
                .with_context(|| {
                    format!("cannot use the redis cluster at {}", redact_urls(nodes))
                })?;
            tracing::info!(redis_cluster = %redact_urls(nodes), durability = ?config.redis.durability, "using the redis store on a cluster");
            run(listener, &config, store, shutdown).await
        }
    }
}

/// The token signer of a configuration (random, with a warning, when no secret
/// is configured).
pub fn signer_for(config: &ServerConfig) -> anyhow::Result<TokenSigner> {
    match &config.token_secret {
        Some(secret) => {
            anyhow::ensure!(
                secret.len() >= crate::auth::MIN_SECRET_BYTES,
                "the token secret must have at least {} bytes",
                crate::auth::MIN_SECRET_BYTES
            );
            Ok(TokenSigner::new(secret))
        }
        None => {
            tracing::warn!(
                "no token secret configured (--token-secret-file or SIGNORIA_TOKEN_SECRET): using a random one; \
                 seat tokens will not survive a restart and will not work across replicas"
            );
            Ok(TokenSigner::random())
        }
    }
}

/// Serve with a given store until `shutdown`, then drain.
pub async fn run<S: GameStore>(
    listener: TcpListener,
    config: &ServerConfig,
    store: S,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let local_addr = listener.local_addr()?;
    let signer = signer_for(config)?;
    let metrics = Arc::new(Metrics::new());
    let (stopping_tx, stopping_rx) = tokio::sync::watch::channel(false);
    let stopping_rx_admin = stopping_rx.clone();
    let service = GameServiceImpl::new(
        store,
        Registry::builtin(),
        signer,
        metrics.clone(),
        config.service.clone(),
        stopping_rx,
    );
    if let Some(admin) = config.admin_listen {
        let admin_listener = TcpListener::bind(admin)
            .await
            .with_context(|| format!("cannot listen on {admin} (--admin-listen)"))?;
        let for_stats = service.clone();
        let stats: crate::admin::StatsSource = Arc::new(move || for_stats.stats());
        tracing::info!(addr = %admin_listener.local_addr()?, "serving the admin endpoint (GET /metrics)");
        tokio::spawn(crate::admin::serve_admin(
            admin_listener,
            stats,
            stopping_rx_admin.clone(),
        ));
    }
    tokio::spawn(service.clone().run_deadlines(stopping_rx_admin.clone()));
    tokio::spawn(service.clone().run_bots(stopping_rx_admin.clone()));
    let game_service = GameServiceServer::new(service)
        .max_decoding_message_size(config.max_request_bytes)
        .max_encoding_message_size(usize::MAX);

    let (health, health_service) = tonic_health::server::health_reporter();
    health
        .set_serving::<GameServiceServer<GameServiceImpl<S>>>()
        .await;
    let reflection = tonic_reflection::server::Builder::configure()
        .register_encoded_file_descriptor_set(pb::FILE_DESCRIPTOR_SET)
        .register_encoded_file_descriptor_set(tonic_health::pb::FILE_DESCRIPTOR_SET)
        .build_v1()
        .context("reflection service")?;
    // v1alpha too, for older tools (grpcurl before 1.9 and the like).
    let reflection_alpha = tonic_reflection::server::Builder::configure()
        .register_encoded_file_descriptor_set(pb::FILE_DESCRIPTOR_SET)
        .register_encoded_file_descriptor_set(tonic_health::pb::FILE_DESCRIPTOR_SET)
        .build_v1alpha()
        .context("reflection service (v1alpha)")?;

    // The shutdown sequence: NOT_SERVING, wait `shutdown_delay`, tell watchers
    // to end, stop accepting; `drain_started` starts the drain deadline.
    let (drain_tx, drain_rx) = tokio::sync::oneshot::channel::<()>();
    let delay = config.shutdown_delay;
    let health_for_shutdown = health.clone();
    let signal = async move {
        shutdown.await;
        tracing::info!("shutting down: health NOT_SERVING");
        health_for_shutdown
            .set_not_serving::<GameServiceServer<GameServiceImpl<S>>>()
            .await;
        health_for_shutdown
            .set_service_status("", tonic_health::ServingStatus::NotServing)
            .await;
        if !delay.is_zero() {
            tokio::time::sleep(delay).await;
        }
        tracing::info!("shutting down: refusing new connections, draining in-flight requests");
        let _ = stopping_tx.send(true);
        let _ = drain_tx.send(());
    };

    let mut builder = Server::builder()
        .accept_http1(true)
        .concurrency_limit_per_connection(config.concurrency_per_connection)
        .load_shed(true)
        // A backstop: handlers time themselves out first (DEADLINE_EXCEEDED);
        // this also honours a client's `grpc-timeout`.
        .timeout(config.service.request_timeout + Duration::from_secs(1))
        .http2_keepalive_interval(config.http2_keepalive_interval)
        .tcp_nodelay(true)
        .trace_fn(request_span);
    if let Some(age) = config.max_connection_age {
        builder = builder.max_connection_age(age);
    }
    let router = builder
        .layer(tonic_web::GrpcWebLayer::new())
        // Inside grpc-web, so grpc-web clients get the same codes.
        .layer(tower::util::MapResponseLayer::new(
            crate::transport_errors::fix_response::<tonic::body::Body>,
        ))
        .add_service(health_service)
        .add_service(reflection)
        .add_service(reflection_alpha)
        .add_service(game_service);

    let incoming = TcpIncoming::from(listener).with_nodelay(Some(true));
    tracing::info!(addr = %local_addr, "serving gRPC (and grpc-web)");
    let server = router.serve_with_incoming_shutdown(incoming, signal);
    tokio::pin!(server);
    let drain_timeout = config.drain_timeout;
    let result = tokio::select! {
        r = &mut server => r.map_err(anyhow::Error::from),
        _ = drain_rx => {
            match tokio::time::timeout(drain_timeout, &mut server).await {
                Ok(r) => r.map_err(anyhow::Error::from),
                Err(_) => {
                    tracing::warn!(?drain_timeout, "drain deadline passed; dropping the requests still in flight");
                    Ok(())
                }
            }
        }
    };
    let stats = metrics.snapshot();
    tracing::info!(
        moves = stats.moves,
        games_created = stats.games_created,
        version_conflicts = stats.version_conflicts,
        duplicates = stats.duplicates,
        shed = stats.shed,
        rejections = ?stats.rejections,
        submit_move_calls = stats.submit_move_latency.as_ref().map(|h| h.count).unwrap_or(0),
        "server stopped"
    );
    result
}

/// The outermost span of every request: the gRPC path, continuing the
/// caller's trace when it sent a W3C `traceparent` (with OTLP configured).
fn request_span(req: &tonic::codegen::http::Request<()>) -> tracing::Span {
    use tracing_opentelemetry::OpenTelemetrySpanExt as _;
    let span = tracing::info_span!("grpc", path = %req.uri().path());
    if req.headers().contains_key("traceparent") {
        let parent = opentelemetry::global::get_text_map_propagator(|p| {
            p.extract(&HeaderExtractor(req.headers()))
        });
        let _ = span.set_parent(parent);
    }
    span
}

struct HeaderExtractor<'a>(&'a tonic::codegen::http::HeaderMap);

impl opentelemetry::propagation::Extractor for HeaderExtractor<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).and_then(|v| v.to_str().ok())
    }

    fn keys(&self) -> Vec<&str> {
        self.0.keys().map(|k| k.as_str()).collect()
    }
}
