//! `signoria`: the server, and generic gRPC clients for any game.
//!
//! The clients (`games`, `new`, `play`, `watch`, `bot random`, `bot search`)
//! know no rules:
//! they list legal moves, pick one and send it back unchanged. Typed views,
//! moves and events are shown as canonical protobuf JSON, decoded through the
//! API's descriptor set, so every game prints without game-specific code.

// `pb::Move` is `Copy` only while every game's moves are plain numbers.
#![allow(clippy::clone_on_copy)]

mod arena;
mod bot_search;
mod client;
mod json;
mod load;
mod random_play;

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context as _, bail};
use clap::{Args, Parser, Subcommand};
use signoria_server::pb;
use signoria_server::telemetry::{LogFormat, TelemetryConfig};
use signoria_server::{ServerConfig, StoreConfig};
use tokio::io::AsyncBufReadExt as _;
use tonic::Code;

use crate::client::Client;
use crate::random_play::{PlayError, RandomPlayer, Tally, Turn};

#[derive(Parser)]
#[command(
    name = "signoria",
    version,
    about = "Signoria: Renaissance board games as a gRPC service"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the gRPC server.
    Serve(ServeArgs),
    /// List the game types a server plays.
    Games(ServerArg),
    /// Create a game; prints its id and one token per seat.
    New(NewArgs),
    /// Play one seat from the terminal.
    Play(PlayArgs),
    /// Print every version's events of a game as they happen.
    Watch(WatchArgs),
    /// Write a finished game's complete record (options, seed, every move
    /// and event, final view and outcome) as JSON.
    Export(ExportArgs),
    /// Replay an exported game through this release's rules and check that
    /// every event and the final state come out the same.
    Replay(ReplayArgs),
    /// Bots.
    #[command(subcommand)]
    Bot(BotCommand),
    /// A tournament between bot configurations, in process: win rates with
    /// 95% intervals and the CPU time per decision.
    Arena(arena::ArenaArgs),
    /// Load generator: many concurrent random games against a server on
    /// loopback, and/or the store's commit script straight against Redis.
    Load(load::LoadArgs),
}

#[derive(Args)]
struct ServerArg {
    /// Server URL.
    #[arg(
        long,
        env = "SIGNORIA_SERVER",
        default_value = "http://127.0.0.1:50051"
    )]
    server: String,
}

#[derive(Args)]
struct ServeArgs {
    /// Address to listen on; port 0 picks a free port. The bound address is
    /// printed on stdout as `listening on ADDR`.
    #[arg(long, env = "SIGNORIA_LISTEN", default_value = "127.0.0.1:50051")]
    listen: String,
    /// Redis URL (`redis://host:port`); without it games live in this process.
    #[arg(long, env = "SIGNORIA_REDIS", conflicts_with = "redis_cluster")]
    redis: Option<String>,
    /// Redis Cluster seed nodes, comma-separated
    /// (`redis://h1:p1,redis://h2:p2,...`); the others are discovered.
    #[arg(long, env = "SIGNORIA_REDIS_CLUSTER")]
    redis_cluster: Option<String>,
    /// When a move is acknowledged: `local` (the Redis master has it) or
    /// `replicated` (a replica confirmed it too, `WAIT 1`; else UNAVAILABLE).
    #[arg(long, env = "SIGNORIA_DURABILITY", default_value = "local")]
    durability: signoria_store::Durability,
    /// With `--durability replicated`: seconds to wait for a replica.
    #[arg(long, env = "SIGNORIA_REPLICATION_TIMEOUT", default_value_t = 1.0)]
    replication_timeout: f64,
    /// Seconds a finished game is kept after its last move (0 = forever;
    /// default 30 days).
    #[arg(long, env = "SIGNORIA_FINISHED_TTL", default_value_t = 30.0 * 24.0 * 3600.0)]
    finished_ttl: f64,
    /// Seconds a game in play is kept after its last move or creation
    /// (abandoned games; 0 = forever; default 90 days).
    #[arg(long, env = "SIGNORIA_ABANDONED_TTL", default_value_t = 90.0 * 24.0 * 3600.0)]
    abandoned_ttl: f64,
    /// Honour `CreateGame.seed` (tests and replays only).
    #[arg(long, env = "SIGNORIA_ALLOW_CLIENT_SEED")]
    allow_client_seed: bool,
    /// File holding the seat-token secret (at least 16 bytes; a trailing
    /// newline is ignored). Same secret on every replica.
    #[arg(long, env = "SIGNORIA_TOKEN_SECRET_FILE")]
    token_secret_file: Option<PathBuf>,
    /// The seat-token secret itself (prefer the file).
    #[arg(
        long = "token-secret",
        env = "SIGNORIA_TOKEN_SECRET",
        hide_env_values = true,
        hide = true
    )]
    token_secret: Option<String>,
    /// Log filter (`info`, `debug`, `signoria_server=debug,info`); RUST_LOG wins.
    #[arg(long, env = "SIGNORIA_LOG_LEVEL", default_value = "info")]
    log_level: String,
    /// `text` or `json` (one object per line, on stderr).
    #[arg(long, env = "SIGNORIA_LOG_FORMAT", default_value = "text")]
    log_format: LogFormat,
    /// OTLP/gRPC collector for traces and metrics (`http://collector:4317`).
    #[arg(long, env = "SIGNORIA_OTLP_ENDPOINT")]
    otlp_endpoint: Option<String>,
    /// Seconds one request may take.
    #[arg(long, env = "SIGNORIA_REQUEST_TIMEOUT", default_value_t = 10.0)]
    request_timeout: f64,
    /// Requests handled at once; more are refused with RESOURCE_EXHAUSTED.
    #[arg(long, env = "SIGNORIA_MAX_IN_FLIGHT", default_value_t = 1024)]
    max_in_flight: usize,
    /// Open WatchGame streams allowed at once.
    #[arg(long, env = "SIGNORIA_MAX_WATCHERS", default_value_t = 10_000)]
    max_watchers: usize,
    /// Concurrent requests per connection (load shedding beyond).
    #[arg(
        long,
        env = "SIGNORIA_MAX_CONCURRENCY_PER_CONNECTION",
        default_value_t = 256
    )]
    max_concurrency_per_connection: usize,
    /// Largest request message, in bytes.
    #[arg(long, env = "SIGNORIA_MAX_REQUEST_BYTES", default_value_t = 64 * 1024)]
    max_request_bytes: usize,
    /// Seconds to keep serving with health NOT_SERVING after SIGTERM before
    /// refusing new connections.
    #[arg(long, env = "SIGNORIA_SHUTDOWN_DELAY", default_value_t = 0.0)]
    shutdown_delay: f64,
    /// Seconds in-flight requests get to finish during shutdown.
    #[arg(long, env = "SIGNORIA_DRAIN_TIMEOUT", default_value_t = 10.0)]
    drain_timeout: f64,
    /// Close client connections after this many seconds (0 = never), so a
    /// gateway can rebalance.
    #[arg(long, env = "SIGNORIA_MAX_CONNECTION_AGE", default_value_t = 0.0)]
    max_connection_age: f64,
    /// Memory for decoded states of recently moved games, in MiB (an
    /// estimate; 0 = no cache): a SubmitMove at the cached version skips the
    /// read, and the commit's version check catches a stale entry.
    #[arg(long, env = "SIGNORIA_STATE_CACHE_MIB", default_value_t = 32)]
    state_cache_mib: usize,
    /// Address of the admin endpoint (Prometheus `GET /metrics`, `GET
    /// /healthz`); none by default. Keep it off the public network.
    #[arg(long, env = "SIGNORIA_ADMIN_LISTEN")]
    admin_listen: Option<SocketAddr>,
    /// Serve `GetServerStats` on the public port too (load tests); off by
    /// default (PERMISSION_DENIED).
    #[arg(long, env = "SIGNORIA_PUBLIC_STATS")]
    public_stats: bool,
    /// Open WatchGame streams of one client at once (a seat of a game, or a
    /// spectator's address).
    #[arg(long, env = "SIGNORIA_MAX_WATCHERS_PER_CLIENT", default_value_t = 32)]
    max_watchers_per_client: usize,
    /// Bot searches (bot seats' moves, SuggestMove) run at once on this
    /// replica, each on its own thread (default: the number of cores).
    #[arg(long, env = "SIGNORIA_BOT_CONCURRENCY")]
    bot_concurrency: Option<usize>,
    /// Seconds after which bot work another replica took and did not finish
    /// is claimed by this one (the other died).
    #[arg(long, env = "SIGNORIA_BOT_CLAIM_AFTER", default_value_t = 15.0)]
    bot_claim_after: f64,
    /// File holding the operators' token (at least 16 bytes; a trailing
    /// newline is ignored): `SetSeatBot` for any game. Same on every replica.
    #[arg(long, env = "SIGNORIA_OPERATOR_TOKEN_FILE")]
    operator_token_file: Option<PathBuf>,
}

#[derive(Args)]
struct NewArgs {
    #[command(flatten)]
    server: ServerArg,
    /// Game type id (see `signoria games`).
    #[arg(long)]
    game: String,
    /// Number of players.
    #[arg(long)]
    players: u32,
    /// A game option, `name=value` (e.g. `advanced=false`); repeatable.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// Game seed (the server must run with --allow-client-seed).
    #[arg(long)]
    seed: Option<u64>,
    /// Seat label, in seat order; repeatable.
    #[arg(long = "label")]
    labels: Vec<String>,
    /// A time limit per decision, in seconds: a seat past it gets the
    /// default move (see the README's "Hosted play").
    #[arg(long)]
    decision_seconds: Option<u32>,
    /// A seat the server's search bot plays, `SEAT` or `SEAT=STRENGTH`
    /// (`easy`, `default`, `strong`); repeatable.
    #[arg(long = "bot", value_name = "SEAT[=STRENGTH]")]
    bots: Vec<String>,
    /// Print the answer as one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct PlayArgs {
    #[command(flatten)]
    server: ServerArg,
    /// Game id.
    #[arg(long)]
    game: String,
    /// The seat's token.
    #[arg(long, env = "SIGNORIA_TOKEN")]
    token: String,
    /// Print no view before each decision (only the moves).
    #[arg(long)]
    quiet: bool,
    /// Print the whole view as JSON before each decision instead of the
    /// short board summary.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct WatchArgs {
    #[command(flatten)]
    server: ServerArg,
    /// Game id.
    #[arg(long)]
    game: String,
    /// A seat token, to see that seat's private events too.
    #[arg(long, env = "SIGNORIA_TOKEN")]
    token: Option<String>,
    /// Start after this version (0 = from the first move).
    #[arg(long, default_value_t = 0)]
    after: u64,
}

#[derive(Args)]
struct ExportArgs {
    #[command(flatten)]
    server: ServerArg,
    /// Game id (of a finished game).
    #[arg(long)]
    game: String,
    /// Write the JSON here instead of to standard output.
    #[arg(long)]
    out: Option<std::path::PathBuf>,
}

#[derive(Args)]
struct ReplayArgs {
    /// A file written by `signoria export` (`-` for standard input).
    file: std::path::PathBuf,
}

#[derive(Subcommand)]
enum BotCommand {
    /// Play the given seats with uniformly random legal moves until the game ends.
    Random(RandomBotArgs),
    /// Play one seat with the server's search bot (SuggestMove: the search
    /// runs on the server, from what the seat may see) until the game ends.
    Search(SearchBotArgs),
    /// Hand a seat to the server's bot, or back (`--back`): needs the game's
    /// owner token (from `signoria new`) or an operator token.
    Seat(SeatBotArgs),
}

#[derive(Args)]
struct SearchBotArgs {
    #[command(flatten)]
    server: ServerArg,
    /// Game id.
    #[arg(long)]
    game: String,
    /// The seat's token.
    #[arg(long, env = "SIGNORIA_TOKEN")]
    token: String,
    /// The search's strength: `easy`, `default` or `strong`.
    #[arg(long, default_value = "default")]
    budget: String,
    /// Print each move.
    #[arg(long)]
    verbose: bool,
}

#[derive(Args)]
struct SeatBotArgs {
    #[command(flatten)]
    server: ServerArg,
    /// Game id.
    #[arg(long)]
    game: String,
    /// The game's owner token, or an operator token.
    #[arg(long, env = "SIGNORIA_OWNER_TOKEN")]
    token: String,
    /// The seat to hand over.
    #[arg(long)]
    seat: u32,
    /// The bot's strength: `easy`, `default` or `strong`.
    #[arg(long, default_value = "default", conflicts_with = "back")]
    strength: String,
    /// Give the seat back to its player instead.
    #[arg(long)]
    back: bool,
}

#[derive(Args)]
struct RandomBotArgs {
    #[command(flatten)]
    server: ServerArg,
    /// Game id.
    #[arg(long)]
    game: String,
    /// Seat tokens to play; repeatable.
    #[arg(long = "token", required = true)]
    tokens: Vec<String>,
    /// Seed of the bot's choices (default: random).
    #[arg(long)]
    seed: Option<u64>,
    /// Print each move.
    #[arg(long)]
    verbose: bool,
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    rt.block_on(async move {
        match cli.command {
            Command::Serve(a) => serve(a).await,
            Command::Games(a) => games(a).await,
            Command::New(a) => new_game(a).await,
            Command::Play(a) => play(a).await,
            Command::Watch(a) => watch(a).await,
            Command::Export(a) => export(a).await,
            Command::Replay(a) => replay(a),
            Command::Bot(BotCommand::Random(a)) => bot_random(a).await,
            Command::Bot(BotCommand::Search(a)) => bot_search::play(a).await,
            Command::Bot(BotCommand::Seat(a)) => bot_search::hand_over(a).await,
            Command::Load(a) => load::run(a).await,
            Command::Arena(a) => arena::run(a),
        }
    })
}

fn secs(s: f64, what: &str) -> anyhow::Result<Duration> {
    Duration::try_from_secs_f64(s)
        .with_context(|| format!("{what} must be a non-negative number of seconds"))
}

async fn serve(a: ServeArgs) -> anyhow::Result<()> {
    let _telemetry = signoria_server::telemetry::init(&TelemetryConfig {
        log_level: a.log_level.clone(),
        log_format: a.log_format,
        otlp_endpoint: a
            .otlp_endpoint
            .clone()
            .or_else(|| std::env::var("OTEL_EXPORTER_OTLP_ENDPOINT").ok())
            .filter(|s| !s.is_empty()),
        service_name: "signoria".into(),
    })?;
    let token_secret = match (&a.token_secret_file, &a.token_secret) {
        (Some(path), _) => {
            let mut bytes =
                std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
            while bytes.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
                bytes.pop();
            }
            Some(bytes)
        }
        (None, Some(s)) if !s.is_empty() => {
            Some(s.trim_end_matches(['\n', '\r']).as_bytes().to_vec())
        }
        _ => None,
    };
    let listener = tokio::net::TcpListener::bind(a.listen.as_str())
        .await
        .with_context(|| format!("cannot listen on {}", a.listen))?;
    let addr: SocketAddr = listener.local_addr()?;
    let mut config = ServerConfig {
        listen: addr,
        store: match (
            a.redis.filter(|s| !s.is_empty()),
            a.redis_cluster.filter(|s| !s.is_empty()),
        ) {
            (Some(url), None) => StoreConfig::Redis(url),
            (None, Some(nodes)) => match signoria_store::RedisTarget::cluster(&nodes)? {
                signoria_store::RedisTarget::Cluster(nodes) => StoreConfig::RedisCluster(nodes),
                signoria_store::RedisTarget::Single(url) => StoreConfig::Redis(url),
            },
            (Some(_), Some(_)) => anyhow::bail!("--redis and --redis-cluster exclude each other"),
            (None, None) => StoreConfig::Memory,
        },
        redis: signoria_store::RedisStoreOptions {
            durability: a.durability,
            replication_timeout: secs(a.replication_timeout, "--replication-timeout")?,
            retention: signoria_store::Retention {
                finished: Some(secs(a.finished_ttl, "--finished-ttl")?).filter(|d| !d.is_zero()),
                abandoned: Some(secs(a.abandoned_ttl, "--abandoned-ttl")?).filter(|d| !d.is_zero()),
            },
            ..signoria_store::RedisStoreOptions::default()
        },
        token_secret,
        max_request_bytes: a.max_request_bytes,
        concurrency_per_connection: a.max_concurrency_per_connection,
        shutdown_delay: secs(a.shutdown_delay, "--shutdown-delay")?,
        drain_timeout: secs(a.drain_timeout, "--drain-timeout")?,
        max_connection_age: Some(secs(a.max_connection_age, "--max-connection-age")?)
            .filter(|d| !d.is_zero()),
        ..ServerConfig::default()
    };
    config.service.allow_client_seed = a.allow_client_seed;
    config.service.request_timeout = secs(a.request_timeout, "--request-timeout")?;
    config.service.max_in_flight = a.max_in_flight;
    config.service.max_watchers = a.max_watchers;
    config.service.max_watchers_per_client = a.max_watchers_per_client;
    config.service.public_stats = a.public_stats;
    config.admin_listen = a.admin_listen;
    config.service.state_cache_bytes = a.state_cache_mib << 20;
    if let Some(n) = a.bot_concurrency {
        anyhow::ensure!(n > 0, "--bot-concurrency must be at least 1");
        config.service.bot_concurrency = n;
    }
    config.service.bot_claim_after = secs(a.bot_claim_after, "--bot-claim-after")?;
    if let Some(path) = &a.operator_token_file {
        let mut bytes =
            std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
        while bytes.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
            bytes.pop();
        }
        config.service.operator_token =
            Some(signoria_server::auth::OperatorToken::new(bytes).map_err(anyhow::Error::msg)?);
    }
    if config.service.allow_client_seed {
        tracing::warn!(
            "--allow-client-seed: clients may choose game seeds (tests and replays only)"
        );
    }

    // One line on stdout for harnesses (logs go to stderr).
    println!("listening on {addr}");
    use std::io::Write as _;
    std::io::stdout().flush()?;
    signoria_server::serve_on(listener, config, shutdown_signal()).await
}

/// SIGTERM or ctrl-c.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => tracing::info!("ctrl-c received"),
        _ = term => tracing::info!("SIGTERM received"),
    }
}

async fn games(a: ServerArg) -> anyhow::Result<()> {
    let mut c = Client::connect(&a.server, None).await?;
    for t in c.list_game_types().await?.game_types {
        println!(
            "{}  {} ({}-{} players)",
            t.id, t.display_name, t.min_players, t.max_players
        );
        if !t.description.is_empty() {
            println!("    {}", t.description);
        }
        for o in t.options {
            println!(
                "    --option {}=...  {} (default {})",
                o.name, o.description, o.default
            );
        }
    }
    Ok(())
}

/// `name=value` options for a game type, set by name on the game's `Options`
/// message through the API's descriptors (no game-specific code).
fn game_options(game: &str, kvs: &[String]) -> anyhow::Result<Option<pb::GameOptions>> {
    if kvs.is_empty() {
        return Ok(None);
    }
    let mut pairs = Vec::new();
    for kv in kvs {
        let (k, v) = kv
            .split_once('=')
            .with_context(|| format!("option {kv:?} is not NAME=VALUE"))?;
        pairs.push((k.trim(), v.trim()));
    }
    json::game_options(game, &pairs).map(Some)
}

async fn new_game(a: NewArgs) -> anyhow::Result<()> {
    let options = game_options(&a.game, &a.options)?;
    let mut c = Client::connect(&a.server.server, None).await?;
    let resp = c
        .create_game(pb::CreateGameRequest {
            game_type: a.game.clone(),
            player_count: a.players,
            options,
            seed: a.seed,
            seat_labels: a.labels,
            decision_seconds: a.decision_seconds,
            bots: a
                .bots
                .iter()
                .map(|b| bot_search::bot_seat(b))
                .collect::<anyhow::Result<_>>()?,
        })
        .await?;
    if a.json {
        let seats: Vec<_> = resp
            .seats
            .iter()
            .map(|s| serde_json::json!({"seat": s.seat, "label": s.label, "token": s.token}))
            .collect();
        println!(
            "{}",
            serde_json::json!({"game_id": resp.game_id, "game_type": a.game, "seats": seats, "owner_token": resp.owner_token})
        );
    } else {
        println!("game {}", resp.game_id);
        for s in &resp.seats {
            println!("seat {} {} {}", s.seat, s.token, s.label);
        }
        println!("owner {}", resp.owner_token);
    }
    Ok(())
}

/// `Alice (seat 0)`, or `seat 0` without a label.
fn seat_name(snapshot: &pb::GameSnapshot, seat: u32) -> String {
    match snapshot.seat_labels.get(seat as usize) {
        Some(l) if !l.is_empty() && *l != format!("seat {seat}") => format!("{l} (seat {seat})"),
        _ => format!("seat {seat}"),
    }
}

fn print_outcome(snapshot: &pb::GameSnapshot) {
    println!("game over after {} moves", snapshot.version);
    if let Some(o) = &snapshot.outcome {
        let mut results = o.results.clone();
        results.sort_by_key(|r| (r.rank, r.seat));
        for r in results {
            println!(
                "  rank {}: {} with {} points",
                r.rank,
                seat_name(snapshot, r.seat),
                r.score
            );
        }
        if !o.tie_break.is_empty() {
            println!("  tie-break: {}", o.tie_break);
        }
    }
}

/// The view before a decision: a short summary, or (`full`) all of it as JSON.
fn print_view(v: &pb::View, snap: &pb::GameSnapshot, full: bool) {
    if full {
        println!("{}", json::pretty(json::view(v)));
    } else {
        println!(
            "{} — version {}\n{}",
            snap.game_type,
            snap.version,
            json::summary(v, &snap.seat_labels)
        );
    }
}

fn finished(s: &pb::GameSnapshot) -> bool {
    s.status == pb::GameStatus::Finished as i32
}

async fn play(a: PlayArgs) -> anyhow::Result<()> {
    let mut c = Client::connect(&a.server.server, Some(a.token.clone())).await?;
    let mut stdin = tokio::io::BufReader::new(tokio::io::stdin()).lines();
    // The game and our legal moves as the last answer gave them (SubmitMove's
    // snapshot and next decision), or our decision as the watch stream gave
    // it: each saves a call.
    let mut carried: Option<pb::GameSnapshot> = None;
    let mut decision: Option<pb::Decision> = None;
    loop {
        let snap = match carried.take() {
            Some(s) => s,
            None => c.get_game(&a.game).await?,
        };
        if finished(&snap) {
            if let Some(v) = &snap.view {
                print_view(v, &snap, a.json);
            }
            print_outcome(&snap);
            return Ok(());
        }
        let Some(me) = snap.your_seat else {
            bail!("the token is not a seat token of this game");
        };
        if !snap.pending_seats.contains(&me) {
            println!(
                "version {}: waiting for seat(s) {:?}...",
                snap.version, snap.pending_seats
            );
            decision = wait_for_decision(&mut c, &a.game, snap.version).await?;
            continue;
        }
        let moves = match decision.take().filter(|d| d.version == snap.version) {
            Some(d) => d,
            None => {
                let l = c.list_legal_moves(&a.game).await?;
                pb::Decision {
                    version: l.version,
                    seat: me,
                    moves: l.moves,
                    prompt: l.prompt,
                }
            }
        };
        if moves.moves.is_empty() {
            continue;
        }
        if !a.quiet
            && let Some(v) = &snap.view
        {
            print_view(v, &snap, a.json);
        }
        let asked = if moves.prompt.is_empty() {
            "your decision".to_string()
        } else {
            moves.prompt.clone()
        };
        let pending: Vec<String> = snap
            .pending_seats
            .iter()
            .map(|&s| seat_name(&snap, s))
            .collect();
        println!(
            "version {} — {}: {asked} (pending: {}):",
            moves.version,
            seat_name(&snap, me),
            pending.join(", ")
        );
        for (i, m) in moves.moves.iter().enumerate() {
            println!("  {:>3}  {}", i + 1, m.label);
        }
        let choice = loop {
            eprint!("move number (s = summary, v = full view, r = refresh, q = quit)> ");
            let Some(line) = stdin.next_line().await? else {
                return Ok(());
            };
            let line = line.trim();
            match line {
                "q" => return Ok(()),
                "r" => break None,
                "v" => {
                    if let Some(v) = &snap.view {
                        println!("{}", json::pretty(json::view(v)));
                    }
                }
                "s" => {
                    if let Some(v) = &snap.view {
                        print_view(v, &snap, false);
                    }
                }
                _ => match line.parse::<usize>() {
                    Ok(n) if (1..=moves.moves.len()).contains(&n) => break Some(n - 1),
                    _ => eprintln!("enter a number from 1 to {}", moves.moves.len()),
                },
            }
        };
        let Some(i) = choice else { continue };
        let mv = moves.moves[i]
            .r#move
            .clone()
            .context("server sent a legal move without a move")?;
        match c.submit(&a.game, moves.version, mv).await {
            Ok(resp) => {
                println!("-> version {}", resp.version);
                for e in &resp.events {
                    println!("   {}", json::compact(json::event(e)));
                }
                carried = resp.snapshot;
                decision = resp.next_decision;
            }
            Err(s) if s.code() == Code::Aborted => {
                println!("the game moved on ({}); refreshing", s.message())
            }
            Err(s) if s.code() == Code::FailedPrecondition => println!("refused: {}", s.message()),
            Err(s) => return Err(client::status_error(s)),
        }
    }
}

/// Watches the game after `version` until the caller is asked to decide
/// (returns its legal moves there) or the game ends or the stream breaks
/// (`None`: the caller re-reads the game).
async fn wait_for_decision(
    c: &mut Client,
    game_id: &str,
    version: u64,
) -> anyhow::Result<Option<pb::Decision>> {
    let mut stream = match c.watch_with(game_id, version, true).await {
        Ok(s) => s,
        Err(s) if retryable(s.code()) => return Ok(None),
        Err(s) => return Err(client::status_error(s)),
    };
    loop {
        match stream.message().await {
            Ok(Some(msg)) if msg.decision.is_some() => return Ok(msg.decision),
            Ok(Some(msg)) if msg.finished => return Ok(None),
            Ok(Some(_)) => {}
            Ok(None) => return Ok(None),
            Err(s) if retryable(s.code()) => return Ok(None),
            Err(s) => return Err(client::status_error(s)),
        }
    }
}

async fn export(a: ExportArgs) -> anyhow::Result<()> {
    let mut c = Client::connect(&a.server.server, None).await?;
    let export = c.export_game(&a.game).await.map_err(client::status_error)?;
    let text = serde_json::to_string_pretty(&json::game_export(&export))?;
    match a.out {
        Some(path) => {
            std::fs::write(&path, text + "\n")
                .with_context(|| format!("writing {}", path.display()))?;
            eprintln!(
                "game {} ({}, {} versions) written to {}",
                export.game_id,
                export.game_type,
                export.versions.len(),
                path.display()
            );
        }
        None => println!("{text}"),
    }
    Ok(())
}

fn replay(a: ReplayArgs) -> anyhow::Result<()> {
    let text = if a.file.as_os_str() == "-" {
        std::io::read_to_string(std::io::stdin())?
    } else {
        std::fs::read_to_string(&a.file).with_context(|| format!("reading {}", a.file.display()))?
    };
    let export = json::parse_game_export(&text)?;
    let registry = signoria_server::registry::Registry::builtin();
    let done = signoria_server::replay::replay(&registry, &export)
        .map_err(|e| anyhow::anyhow!("game {} does not replay: {e}", export.game_id))?;
    println!(
        "game {} ({}): {} moves replayed{}; every event, the final state and the outcome match",
        export.game_id,
        export.game_type,
        done.moves,
        if done.without_move > 0 {
            format!(
                " ({} versions without a move passed over)",
                done.without_move
            )
        } else {
            String::new()
        }
    );
    Ok(())
}

async fn watch(a: WatchArgs) -> anyhow::Result<()> {
    let mut c = Client::connect(&a.server.server, a.token.clone()).await?;
    let mut last = a.after;
    let mut backoff = Duration::from_millis(100);
    loop {
        match c.watch(&a.game, last).await {
            Ok(mut stream) => loop {
                match stream.message().await {
                    Ok(Some(msg)) => {
                        backoff = Duration::from_millis(100);
                        println!(
                            "version {}{}",
                            msg.version,
                            if msg.finished { " (final)" } else { "" }
                        );
                        for e in &msg.events {
                            println!("  {}", json::compact(json::event(e)));
                        }
                        last = msg.version;
                        if msg.finished {
                            return Ok(());
                        }
                    }
                    Ok(None) => {
                        // The server ends the stream after a finished game's
                        // last version; anything else is a disconnect.
                        let snap = c.get_game(&a.game).await?;
                        if finished(&snap) && last >= snap.version {
                            return Ok(());
                        }
                        break;
                    }
                    Err(s) if retryable(s.code()) => {
                        eprintln!(
                            "stream interrupted ({}); resuming after version {last}",
                            s.message()
                        );
                        break;
                    }
                    Err(s) => return Err(client::status_error(s)),
                }
            },
            Err(s) if retryable(s.code()) => eprintln!("cannot watch ({}); retrying", s.message()),
            Err(s) => return Err(client::status_error(s)),
        }
        tokio::time::sleep(backoff).await;
        backoff = (backoff * 2).min(Duration::from_secs(5));
        c.reconnect().await.ok();
    }
}

fn retryable(code: Code) -> bool {
    matches!(
        code,
        Code::Unavailable
            | Code::Unknown
            | Code::Internal
            | Code::Cancelled
            | Code::ResourceExhausted
            | Code::DeadlineExceeded
    )
}

async fn bot_random(a: RandomBotArgs) -> anyhow::Result<()> {
    // One client per seat; the seat comes from the server (`your_seat`).
    let mut seats: BTreeMap<u32, Client> = BTreeMap::new();
    for t in &a.tokens {
        let mut c = Client::connect(&a.server.server, Some(t.clone())).await?;
        let snap = c.get_game(&a.game).await?;
        let seat = snap
            .your_seat
            .context("a --token is not a seat token of this game")?;
        seats.insert(seat, c);
    }
    let observer = Client::connect(&a.server.server, None).await?;
    let seed = a.seed.unwrap_or_else(random_play::clock_seed);
    let mut player = RandomPlayer::new(a.game.clone(), seats, observer, seed, None);
    let mut tally = Tally::default();
    let mut moves_made = 0u64;
    let mut refusals = 0u32;
    loop {
        match player
            .step(&mut tally)
            .await
            .map_err(PlayError::into_anyhow)?
        {
            Turn::Finished(snap) => {
                print_outcome(&snap);
                println!("bot made {moves_made} moves");
                return Ok(());
            }
            Turn::NotOurs { version } => player.wait_past(version).await?,
            Turn::Stale => {}
            Turn::Moved {
                seat,
                version,
                label,
                duplicate,
            } => {
                moves_made += 1;
                refusals = 0;
                if a.verbose {
                    let again = if duplicate {
                        " (answer of a retry)"
                    } else {
                        ""
                    };
                    println!("v{version} seat {seat}: {label}{again}");
                }
            }
            Turn::Refused { status, .. } if status.code() == Code::Aborted => {}
            Turn::Refused { seat, status }
                if status.code() == Code::FailedPrecondition && refusals < 10 =>
            {
                // A legal move refused: the game moved between listing and
                // submitting in a way the version did not show (it cannot), or
                // a server bug; retry a few times, then give up loudly.
                refusals += 1;
                eprintln!("move of seat {seat} refused: {}", status.message());
            }
            Turn::Refused { status, .. } => return Err(client::status_error(status)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lorenzo_options_parse() {
        assert_eq!(game_options("lorenzo-il-magnifico", &[]).unwrap(), None);
        let o = game_options("lorenzo-il-magnifico", &["advanced=false".into()])
            .unwrap()
            .unwrap();
        let Some(pb::game_options::Game::LorenzoIlMagnifico(l)) = o.game else {
            panic!("{o:?}")
        };
        assert_eq!(l.advanced, Some(false));
        assert!(game_options("lorenzo-il-magnifico", &["advanced=maybe".into()]).is_err());
        assert!(game_options("lorenzo-il-magnifico", &["colour=red".into()]).is_err());
        assert!(game_options("lorenzo-il-magnifico", &["advanced".into()]).is_err());
        assert!(game_options("chess", &["x=1".into()]).is_err());
    }

    #[test]
    fn options_of_every_game_parse_by_name() {
        let o = game_options("wallenstein", &["fixed_start=true".into()])
            .unwrap()
            .unwrap();
        let Some(pb::game_options::Game::Wallenstein(w)) = o.game else {
            panic!("{o:?}")
        };
        assert_eq!(w.fixed_start, Some(true));
        let o = game_options(
            "pax-renaissance",
            &["astrology=yes".into(), "expert=off".into()],
        )
        .unwrap()
        .unwrap();
        let Some(pb::game_options::Game::PaxRenaissance(p)) = o.game else {
            panic!("{o:?}")
        };
        assert_eq!(
            (p.astrology, p.bankruptcy, p.expert),
            (Some(true), None, Some(false))
        );
        assert!(game_options("pax-renaissance", &["advanced=true".into()]).is_err());
    }
}
