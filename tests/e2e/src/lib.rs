//! Harness of the end-to-end tests: real `signoria serve` processes, a real
//! Redis, real gRPC.
//!
//! - The `signoria` binary is `$SIGNORIA_BIN` if set, else `signoria` in the
//!   cargo profile directory the test binary runs from (`target/<profile>/`,
//!   the parent of `deps/`). Build it first with the same profile:
//!   `cargo build -p signoria-cli --release` before
//!   `cargo test -p signoria-e2e --release` (`scripts/test.sh` does both).
//! - Redis is `$REDIS_URL` if set (shared, never killed), else a private
//!   redis-server (`$REDIS_SERVER_BIN` or `redis-server` on `PATH`). Tests that
//!   kill Redis always start a private one (see `signoria_store::testutil`).
//!   The same holds for a Redis Cluster: `$REDIS_CLUSTER_URLS` (comma-separated
//!   node URLs, as `scripts/test.sh` exports) or a private one of 6 nodes.
//! - Every process is killed when its handle is dropped, also when a test fails;
//!   a failing test prints the logs of its servers.
//! - Servers listen on `127.0.0.1:0`; the harness reads the bound address from
//!   their `listening on ADDR` line and waits for gRPC health SERVING.
//! - Random play is seeded from the clock; each case prints `E2E_SEED=<n>`, and
//!   setting `E2E_SEED` replays it. `E2E_SERVER_LOG` sets the servers'
//!   `RUST_LOG` (default `info`).
//!
//! The cases live in [`cases`] and run from `tests/redis.rs` (two replicas on
//! one Redis) and `tests/memory.rs` (one server on the in-memory store).
//! `tests/gateway.rs` runs two replicas behind nginx with the shipped gateway
//! config ([`gateway`]); `tests/helm.rs` checks the Helm chart's files.

pub mod cases;
pub mod gateway;
pub mod one_round_trip;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use tonic::Code;
use tonic::metadata::MetadataValue;
use tonic::transport::{Channel, Endpoint};

pub use signoria_server::pb;
pub use signoria_store::testutil::{
    RedisCluster, RedisOptions, RedisServer, TestRedis, TestRedisCluster, free_port, unique_id,
    unique_temp_dir,
};

use pb::game_service_client::GameServiceClient;

/// The token secret every server of a test shares (any replica verifies any
/// token).
pub const TOKEN_SECRET: &str = "e2e-test-secret-0123456789abcdef0123456789abcdef";
/// How long a starting server may take to report SERVING.
const READY_TIMEOUT: Duration = Duration::from_secs(30);
/// Deadline of every RPC: turns a hang into a failure, measures nothing.
pub const RPC_TIMEOUT: Duration = Duration::from_secs(30);
/// The game every test plays.
pub const LORENZO: &str = "lorenzo-il-magnifico";

/// A client of one server.
pub type Client = GameServiceClient<Channel>;

/// The `signoria` binary to run (see the module docs).
pub fn signoria_bin() -> PathBuf {
    if let Some(bin) = std::env::var_os("SIGNORIA_BIN") {
        return PathBuf::from(bin);
    }
    let exe = std::env::current_exe().expect("the test binary's path");
    // target/<profile>/deps/<test binary>
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("the test binary is in target/<profile>/deps");
    profile_dir.join(format!("signoria{}", std::env::consts::EXE_SUFFIX))
}

/// How a server stores its games.
#[derive(Debug, Clone)]
pub enum Storage {
    /// The embedded in-memory store (no `--redis`).
    Memory,
    /// `--redis <url>`.
    Redis(String),
    /// `--redis-cluster <url,url,...>`.
    RedisCluster(String),
}

/// One `signoria serve` process, killed on drop.
pub struct ServerProcess {
    /// 0 until the first start has bound a port (the server picks a free one
    /// and prints it); restarts reuse it.
    port: u16,
    storage: Storage,
    /// More `signoria serve` arguments, on every start.
    extra_args: Vec<String>,
    dir: PathBuf,
    child: Option<Child>,
    /// Incremented per start, for the log file name.
    starts: u32,
}

impl ServerProcess {
    /// Starts `signoria serve` on a free loopback port and waits until its gRPC
    /// health check reports SERVING.
    pub async fn start(storage: Storage) -> Result<ServerProcess> {
        ServerProcess::start_with(storage, &[]).await
    }

    /// [`ServerProcess::start`] with more `signoria serve` arguments.
    pub async fn start_with(storage: Storage, extra_args: &[&str]) -> Result<ServerProcess> {
        let mut server = ServerProcess {
            port: 0,
            storage,
            extra_args: extra_args.iter().map(|a| (*a).to_owned()).collect(),
            dir: unique_temp_dir("signoria-e2e-server"),
            child: None,
            starts: 0,
        };
        server.spawn().await?;
        Ok(server)
    }

    pub fn addr(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    pub fn endpoint(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    async fn spawn(&mut self) -> Result<()> {
        anyhow::ensure!(self.child.is_none(), "server is running already");
        let bin = signoria_bin();
        anyhow::ensure!(
            bin.exists(),
            "{} not found: build it with `cargo build -p signoria-cli` in the same profile \
             as the tests (--release for `cargo test --release`), or set SIGNORIA_BIN",
            bin.display()
        );
        self.starts += 1;
        let log_path = self.dir.join(format!("server-{}.log", self.starts));
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&log_path)?;
        let mut cmd = Command::new(&bin);
        // Only what this harness says: no stray SIGNORIA_REDIS and the like.
        for (key, _) in std::env::vars_os() {
            if key.to_string_lossy().starts_with("SIGNORIA_") {
                cmd.env_remove(key);
            }
        }
        cmd.arg("serve")
            .arg("--listen")
            .arg(self.addr())
            .arg("--allow-client-seed")
            // The tests read the replicas' figures over gRPC.
            .arg("--public-stats");
        if let Storage::RedisCluster(urls) = &self.storage {
            cmd.arg("--redis-cluster").arg(urls);
        }
        if let Storage::Redis(url) = &self.storage {
            cmd.arg("--redis").arg(url);
        }
        cmd.args(&self.extra_args);
        cmd.env("SIGNORIA_TOKEN_SECRET", TOKEN_SECRET)
            .env(
                "RUST_LOG",
                std::env::var("E2E_SERVER_LOG").unwrap_or_else(|_| "info".into()),
            )
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(log.try_clone()?);
        let mut child = cmd
            .spawn()
            .with_context(|| format!("cannot run {}", bin.display()))?;
        // Copies stdout to the log, picking out `listening on ADDR`.
        let stdout = child.stdout.take().expect("stdout is piped");
        let (addr_tx, addr_rx) = tokio::sync::oneshot::channel::<String>();
        std::thread::spawn(move || {
            use std::io::{BufRead, Write};
            let mut log = log;
            let mut addr_tx = Some(addr_tx);
            for line in std::io::BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                let _ = writeln!(log, "{line}");
                if let Some(addr) = line.strip_prefix("listening on ")
                    && let Some(tx) = addr_tx.take()
                {
                    let _ = tx.send(addr.trim().to_owned());
                }
            }
        });
        self.child = Some(child);
        let addr = match tokio::time::timeout(READY_TIMEOUT, addr_rx).await {
            Ok(Ok(addr)) => addr,
            Ok(Err(_)) => {
                self.kill();
                bail!(
                    "signoria serve ended without `listening on ADDR`; logs:\n{}",
                    self.logs()
                )
            }
            Err(_) => {
                self.kill();
                bail!(
                    "signoria serve printed no `listening on ADDR` within {READY_TIMEOUT:?}; logs:\n{}",
                    self.logs()
                )
            }
        };
        let bound: std::net::SocketAddr = addr
            .parse()
            .with_context(|| format!("signoria serve listens on {addr:?}?"))?;
        anyhow::ensure!(
            self.port == 0 || bound.port() == self.port,
            "restarted on port {} instead of {}",
            bound.port(),
            self.port
        );
        self.port = bound.port();
        self.wait_serving().await
    }

    /// The server's logs so far (every start).
    pub fn logs(&self) -> String {
        (1..=self.starts)
            .map(|n| {
                std::fs::read_to_string(self.dir.join(format!("server-{n}.log")))
                    .unwrap_or_default()
            })
            .collect::<Vec<_>>()
            .join("\n--- restart ---\n")
    }

    async fn wait_serving(&mut self) -> Result<()> {
        let deadline = Instant::now() + READY_TIMEOUT;
        let mut last_err = anyhow!("no attempt");
        loop {
            if let Some(child) = self.child.as_mut()
                && let Some(status) = child.try_wait()?
            {
                self.child = None;
                bail!(
                    "signoria serve exited with {status}; logs:\n{}",
                    self.logs()
                );
            }
            match health_serving(&self.endpoint()).await {
                Ok(true) => return Ok(()),
                Ok(false) => last_err = anyhow!("health check: not SERVING"),
                Err(e) => last_err = e,
            }
            if Instant::now() > deadline {
                bail!(
                    "server on {} not SERVING within {READY_TIMEOUT:?} ({last_err:#}); logs:\n{}",
                    self.addr(),
                    self.logs()
                );
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// A new client connected to this server.
    pub async fn client(&self) -> Result<Client> {
        connect(&self.endpoint()).await
    }

    /// Kills the process hard (SIGKILL) and waits for it.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Starts it again on the same port.
    pub async fn restart(&mut self) -> Result<()> {
        self.kill();
        self.spawn().await
    }

    pub fn is_running(&self) -> bool {
        self.child.is_some()
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        self.kill();
        if std::thread::panicking() {
            eprintln!(
                "--- logs of the server on {} ---\n{}",
                self.addr(),
                self.logs()
            );
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

async fn health_serving(endpoint: &str) -> Result<bool> {
    use tonic_health::pb::HealthCheckRequest;
    use tonic_health::pb::health_check_response::ServingStatus;
    use tonic_health::pb::health_client::HealthClient;
    let channel = Endpoint::from_shared(endpoint.to_owned())?
        .connect_timeout(Duration::from_secs(1))
        .timeout(Duration::from_secs(2))
        .connect()
        .await?;
    let mut health = HealthClient::new(channel);
    let check = |service: &str| HealthCheckRequest {
        service: service.to_owned(),
    };
    match health.check(check("signoria.v1.GameService")).await {
        Ok(r) => Ok(r.into_inner().status == ServingStatus::Serving as i32),
        // The service is not registered by name: the server's overall status.
        Err(s) if s.code() == Code::NotFound => {
            Ok(health.check(check("")).await?.into_inner().status == ServingStatus::Serving as i32)
        }
        Err(s) => Err(s.into()),
    }
}

/// A client of `endpoint` (`http://host:port`), with [`RPC_TIMEOUT`] per call.
pub async fn connect(endpoint: &str) -> Result<Client> {
    let channel = Endpoint::from_shared(endpoint.to_owned())?
        .connect_timeout(Duration::from_secs(5))
        .timeout(RPC_TIMEOUT)
        .connect()
        .await
        .with_context(|| format!("connect to {endpoint}"))?;
    Ok(GameServiceClient::new(channel))
}

/// A request carrying `authorization: Bearer <token>` (none for `None`: a
/// spectator).
pub fn authed<T>(msg: T, token: Option<&str>) -> tonic::Request<T> {
    let mut req = tonic::Request::new(msg);
    if let Some(token) = token {
        let value: MetadataValue<_> = format!("Bearer {token}").parse().expect("a token is ASCII");
        req.metadata_mut().insert("authorization", value);
    }
    req
}

/// A set of servers sharing one store: `n` processes on one Redis, or one
/// process on the in-memory store.
pub struct Cluster {
    pub servers: Vec<ServerProcess>,
    clients: Vec<Client>,
    /// Keeps a private Redis alive (None with `$REDIS_URL` or memory).
    pub redis: Option<RedisServer>,
    /// A private Redis Cluster this test may kill nodes of.
    pub redis_cluster: Option<RedisCluster>,
    _test_redis: Option<TestRedis>,
    _test_cluster: Option<TestRedisCluster>,
}

impl Cluster {
    /// One server on the in-memory store.
    pub async fn memory() -> Result<Cluster> {
        let server = ServerProcess::start(Storage::Memory).await?;
        Cluster::from_parts(vec![server], None, None).await
    }

    /// `n` servers on the test Redis (`$REDIS_URL` or a private one).
    pub async fn redis(n: usize) -> Result<Cluster> {
        let test_redis = TestRedis::get()?;
        let url = test_redis.url().to_owned();
        let mut servers = Vec::new();
        for _ in 0..n {
            servers.push(ServerProcess::start(Storage::Redis(url.clone())).await?);
        }
        Cluster::from_parts(servers, None, Some(test_redis)).await
    }

    /// `n` servers on the test Redis Cluster (`$REDIS_CLUSTER_URLS` or a
    /// private one).
    pub async fn redis_cluster(n: usize) -> Result<Cluster> {
        let test_cluster = TestRedisCluster::get()?;
        let urls = test_cluster.urls().to_owned();
        let mut servers = Vec::new();
        for _ in 0..n {
            servers.push(ServerProcess::start(Storage::RedisCluster(urls.clone())).await?);
        }
        let mut cluster = Cluster::from_parts(servers, None, None).await?;
        cluster._test_cluster = Some(test_cluster);
        Ok(cluster)
    }

    /// `n` servers, started with `extra_args`, on a private Redis Cluster this
    /// test may kill nodes of.
    pub async fn private_redis_cluster(n: usize, extra_args: &[&str]) -> Result<Cluster> {
        let redis_cluster = RedisCluster::start()?;
        let mut servers = Vec::new();
        for _ in 0..n {
            servers.push(
                ServerProcess::start_with(Storage::RedisCluster(redis_cluster.urls()), extra_args)
                    .await?,
            );
        }
        let mut cluster = Cluster::from_parts(servers, None, None).await?;
        cluster.redis_cluster = Some(redis_cluster);
        Ok(cluster)
    }

    /// `n` servers on a private Redis this test may kill and restart.
    pub async fn private_redis(n: usize, options: RedisOptions) -> Result<Cluster> {
        let redis = RedisServer::start(options)?;
        let mut servers = Vec::new();
        for _ in 0..n {
            servers.push(ServerProcess::start(Storage::Redis(redis.url())).await?);
        }
        Cluster::from_parts(servers, Some(redis), None).await
    }

    async fn from_parts(
        servers: Vec<ServerProcess>,
        redis: Option<RedisServer>,
        test_redis: Option<TestRedis>,
    ) -> Result<Cluster> {
        let mut clients = Vec::new();
        for s in &servers {
            clients.push(s.client().await?);
        }
        Ok(Cluster {
            servers,
            clients,
            redis,
            redis_cluster: None,
            _test_redis: test_redis,
            _test_cluster: None,
        })
    }

    /// A client of server `i % n` (so `client(k)` for k = 0, 1, 2, ...
    /// alternates between the replicas).
    pub fn client(&self, i: usize) -> Client {
        self.clients[i % self.clients.len()].clone()
    }

    pub fn len(&self) -> usize {
        self.servers.len()
    }

    /// A round-robin over the clients of the servers whose index `keep`
    /// accepts.
    pub fn rotation_of(&self, keep: impl Fn(usize) -> bool) -> Rotation {
        Rotation::new(
            (0..self.clients.len())
                .filter(|&i| keep(i))
                .map(|i| self.clients[i].clone())
                .collect(),
        )
    }

    /// A round-robin over every server.
    pub fn rotation(&self) -> Rotation {
        self.rotation_of(|_| true)
    }

    pub fn is_empty(&self) -> bool {
        self.servers.is_empty()
    }
}

/// A small deterministic PRNG (SplitMix64) for random play; the seed is printed
/// by the tests so a failure can be replayed with `E2E_SEED`.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// `$E2E_SEED` if set, else from the clock.
    pub fn seed_from_env() -> u64 {
        std::env::var("E2E_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.as_nanos() as u64)
                    .unwrap_or(1)
            })
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// A game created for a test: its id and one token per seat.
#[derive(Debug, Clone)]
pub struct TestGame {
    pub game_id: String,
    pub tokens: Vec<String>,
    pub snapshot: pb::GameSnapshot,
}

/// Lorenzo's options: `advanced` set, or absent (`None`: the server's
/// default, the full game).
pub fn lorenzo_options(advanced: Option<bool>) -> Option<pb::GameOptions> {
    advanced.map(|advanced| pb::GameOptions {
        game: Some(pb::game_options::Game::LorenzoIlMagnifico(
            pb::games::lorenzo_il_magnifico::Options {
                advanced: Some(advanced),
            },
        )),
    })
}

/// Creates a Lorenzo game (default options) for `players` seats with the
/// given seed.
pub async fn create_game(client: &mut Client, players: u32, seed: u64) -> Result<TestGame> {
    create_game_with(client, players, seed, None).await
}

/// Creates a Lorenzo game with `advanced` set (or the default for `None`).
pub async fn create_game_with(
    client: &mut Client,
    players: u32,
    seed: u64,
    advanced: Option<bool>,
) -> Result<TestGame> {
    create_game_of(client, LORENZO, players, seed, lorenzo_options(advanced)).await
}

/// Creates a game of any type with the given seed and options (`None`: the
/// game's defaults).
pub async fn create_game_of(
    client: &mut Client,
    game_type: &str,
    players: u32,
    seed: u64,
    options: Option<pb::GameOptions>,
) -> Result<TestGame> {
    let resp = client
        .create_game(pb::CreateGameRequest {
            game_type: game_type.to_owned(),
            player_count: players,
            options,
            seed: Some(seed),
            seat_labels: vec![],
            decision_seconds: None,
            bots: vec![],
        })
        .await
        .with_context(|| format!("CreateGame {game_type}"))?
        .into_inner();
    anyhow::ensure!(
        resp.seats.len() == players as usize,
        "CreateGame returned {} seats for {players} players",
        resp.seats.len()
    );
    let mut seats = resp.seats;
    seats.sort_by_key(|s| s.seat);
    for (i, s) in seats.iter().enumerate() {
        anyhow::ensure!(s.seat as usize == i, "seats are 0..{players}");
    }
    Ok(TestGame {
        game_id: resp.game_id,
        tokens: seats.into_iter().map(|s| s.token).collect(),
        snapshot: resp.snapshot.context("CreateGame without a snapshot")?,
    })
}

/// The game as a spectator sees it.
pub async fn get_game(
    client: &mut Client,
    game_id: &str,
) -> Result<pb::GameSnapshot, tonic::Status> {
    client
        .get_game(pb::GetGameRequest {
            game_id: game_id.to_owned(),
        })
        .await
        .map(|r| r.into_inner())
}

/// The legal moves of the seat holding `token`.
pub async fn legal_moves(
    client: &mut Client,
    game_id: &str,
    token: &str,
) -> Result<pb::ListLegalMovesResponse, tonic::Status> {
    client
        .list_legal_moves(authed(
            pb::ListLegalMovesRequest {
                game_id: game_id.to_owned(),
                ..Default::default()
            },
            Some(token),
        ))
        .await
        .map(|r| r.into_inner())
}

/// Submits `mv` for the seat holding `token` (None: spectator).
pub async fn submit(
    client: &mut Client,
    game_id: &str,
    token: Option<&str>,
    expected_version: u64,
    request_id: &str,
    mv: Option<pb::Move>,
) -> Result<pb::SubmitMoveResponse, tonic::Status> {
    client
        .submit_move(authed(
            pb::SubmitMoveRequest {
                game_id: game_id.to_owned(),
                expected_version,
                request_id: request_id.to_owned(),
                r#move: mv,
                seat: None,
            },
            token,
        ))
        .await
        .map(|r| r.into_inner())
}

/// Round-robin over the replicas: every request goes to the next one.
#[derive(Clone)]
pub struct Rotation {
    clients: Vec<Client>,
    next: usize,
}

impl Rotation {
    pub fn new(clients: Vec<Client>) -> Rotation {
        assert!(!clients.is_empty());
        Rotation { clients, next: 0 }
    }

    /// The client for the next request.
    pub fn client(&mut self) -> Client {
        let c = self.clients[self.next % self.clients.len()].clone();
        self.next += 1;
        c
    }
}

/// One random step: picks a pending seat, lists its moves, submits one, each
/// request to the next replica. Returns the seat and the response, or `None`
/// if the game is finished.
pub async fn random_step(
    rotation: &mut Rotation,
    game: &TestGame,
    rng: &mut Rng,
    request_id: &str,
) -> Result<Option<(usize, pb::SubmitMoveResponse)>> {
    let snap = get_game(&mut rotation.client(), &game.game_id)
        .await
        .context("GetGame")?;
    if snap.status == pb::GameStatus::Finished as i32 {
        return Ok(None);
    }
    anyhow::ensure!(
        !snap.pending_seats.is_empty(),
        "game {} at version {} is in progress but nobody is pending",
        game.game_id,
        snap.version
    );
    let seat = snap.pending_seats[rng.below(snap.pending_seats.len())] as usize;
    let token = &game.tokens[seat];
    let legal = legal_moves(&mut rotation.client(), &game.game_id, token)
        .await
        .context("ListLegalMoves")?;
    anyhow::ensure!(
        !legal.moves.is_empty(),
        "seat {seat} is pending at version {} but has no legal move",
        legal.version
    );
    anyhow::ensure!(
        legal.version == snap.version,
        "nobody else plays this game, yet the version moved from {} to {}",
        snap.version,
        legal.version
    );
    anyhow::ensure!(
        legal.seat == Some(seat as u32),
        "ListLegalMoves names the token's seat"
    );
    let pick = legal.moves[rng.below(legal.moves.len())].clone();
    let resp = submit(
        &mut rotation.client(),
        &game.game_id,
        Some(token),
        legal.version,
        request_id,
        pick.r#move,
    )
    .await
    .with_context(|| {
        format!(
            "SubmitMove {:?} for seat {seat} at version {}",
            pick.label, legal.version
        )
    })?;
    anyhow::ensure!(
        resp.version == legal.version + 1,
        "SubmitMove at version {} produced version {}",
        legal.version,
        resp.version
    );
    anyhow::ensure!(
        !resp.duplicate,
        "a fresh request id answered as a duplicate"
    );
    anyhow::ensure!(
        resp.snapshot.as_ref().map(|s| s.version) == Some(resp.version),
        "SubmitMove's snapshot is not at the new version"
    );
    for e in &resp.events {
        anyhow::ensure!(
            e.version == resp.version,
            "an event of version {} in move {}",
            e.version,
            resp.version
        );
    }
    Ok(Some((seat, resp)))
}

/// Upper bound on the moves of one game (turns an endless game into a failure).
pub const MAX_MOVES: u64 = 20_000;

/// A game played to the end.
pub struct Played {
    pub snapshot: pb::GameSnapshot,
    /// Every move: the seat that made it and the answer it got.
    pub moves: Vec<(usize, pb::SubmitMoveResponse)>,
}

/// Plays `game` from where it is to the end with random legal moves, each
/// request to the next replica. Returns the final snapshot (a spectator's) and
/// the moves made here.
pub async fn play_to_end(
    rotation: &mut Rotation,
    game: &TestGame,
    rng: &mut Rng,
) -> Result<Played> {
    let start = get_game(&mut rotation.client(), &game.game_id)
        .await?
        .version;
    let mut moves = Vec::new();
    loop {
        let rid = unique_id("move");
        match random_step(rotation, game, rng, &rid).await? {
            Some(m) => moves.push(m),
            None => break,
        }
        anyhow::ensure!(
            moves.len() as u64 <= MAX_MOVES,
            "game {} not finished after {MAX_MOVES} moves",
            game.game_id
        );
    }
    let snapshot = get_game(&mut rotation.client(), &game.game_id).await?;
    anyhow::ensure!(
        snapshot.version == start + moves.len() as u64,
        "{} moves made from version {start}, version is {}",
        moves.len(),
        snapshot.version
    );
    Ok(Played { snapshot, moves })
}

/// Checks a finished game's snapshot: status, outcome for every seat, a winner,
/// and ranks that follow the scores.
pub fn check_finished(snap: &pb::GameSnapshot, players: u32) -> Result<()> {
    check_finished_as(snap, players, true)
}

/// [`check_finished`]; `ranked_by_score` false for games that a declared
/// victory can end whatever the scores (Pax Renaissance), where only the ranks
/// are checked.
pub fn check_finished_as(
    snap: &pb::GameSnapshot,
    players: u32,
    ranked_by_score: bool,
) -> Result<()> {
    anyhow::ensure!(
        snap.status == pb::GameStatus::Finished as i32,
        "not finished: {snap:?}"
    );
    anyhow::ensure!(snap.pending_seats.is_empty(), "finished with pending seats");
    let outcome = snap
        .outcome
        .as_ref()
        .context("finished game without an outcome")?;
    anyhow::ensure!(
        outcome.results.len() == players as usize,
        "outcome has {} results for {players} seats",
        outcome.results.len()
    );
    let mut seats: Vec<u32> = outcome.results.iter().map(|r| r.seat).collect();
    seats.sort_unstable();
    anyhow::ensure!(
        seats == (0..players).collect::<Vec<_>>(),
        "one result per seat"
    );
    anyhow::ensure!(
        outcome.results.iter().any(|r| r.rank == 1),
        "nobody ranks first"
    );
    for r in &outcome.results {
        anyhow::ensure!(
            r.rank >= 1 && r.rank <= players,
            "rank {} out of range",
            r.rank
        );
        // A better score never ranks worse.
        for o in outcome.results.iter().filter(|_| ranked_by_score) {
            anyhow::ensure!(
                !(r.score > o.score && r.rank > o.rank),
                "seat {} scores {} > seat {}'s {} but ranks {} after {}",
                r.seat,
                r.score,
                o.seat,
                o.score,
                r.rank,
                o.rank
            );
        }
    }
    Ok(())
}

/// The version in an ABORTED message ("... current version 7 ..."): every
/// number in the message, for the caller to look for the expected one.
pub fn numbers_in(text: &str) -> Vec<u64> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .filter_map(|s| s.parse().ok())
        .collect()
}
