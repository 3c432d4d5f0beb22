//! `signoria load`: a load generator for a server on this machine.
//!
//! - Service run (`--target ADDR`): `--games` concurrent games, each a tokio
//!   task playing every seat with random legal moves through the API (the
//!   same [`RandomPlayer`] as `bot random`: `ListLegalMoves` + `SubmitMove`
//!   per move); a finished game is replaced by a new one so the load stays
//!   constant. Bounded by `--duration` and, optionally, `--moves` in total.
//! - Redis-only run (`--redis-only --redis URL`): the store's own commit path
//!   (`RedisStore`, the same Lua script and arguments) straight against Redis,
//!   with the same concurrency and real encoded states and events of the same
//!   game: the ceiling the service can approach.
//! - Both (`--target` and `--redis`): the service run, then the Redis-only run
//!   with the same parameters, and the ratio of the two rates.
//! - Open loop (`--rate MOVES_PER_S`): the service run offers moves on a fixed
//!   schedule (move *i* starts at `i / rate` seconds, taken by whichever game
//!   task is free) instead of as fast as the server answers, so latency is
//!   measured at a known load; at most `--games` moves are in flight, so a
//!   server that cannot keep up shows as an achieved rate below the offered
//!   one.
//!
//! The service run reads the replica's figures (its admin endpoint's `GET
//! /metrics` with `--admin`, else `GetServerStats`) before and after and
//! prints the CPU time it used per move it committed (its own process
//! counters), and what its decoded-state cache did.
//!
//! Every run ends with a consistency check: for every game it touched, the
//! stored version (moves since creation) equals the moves it acknowledged.
//! Only loopback targets are accepted: this is a tool for measuring, not for
//! loading someone else's server.

mod redis_only;
mod report;

use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context as _, bail};
use clap::Args;
use serde_json::json;
use signoria_server::pb;
use tokio::task::JoinSet;

use crate::client::Client;
use crate::random_play::{BotRng, RandomPlayer, Tally, Turn, clock_seed};
use report::{Consistency, Latency, RunReport};

/// How long tasks still running at the deadline get to finish their call.
const GRACE: Duration = Duration::from_secs(30);
/// Pause after a failed call before the next, so an outage is not a busy loop.
const ERROR_PAUSE: Duration = Duration::from_millis(50);

#[derive(Args, Debug)]
pub struct LoadArgs {
    /// The server, on a loopback address: `127.0.0.1:50051`,
    /// `http://localhost:50051`, `[::1]:50051`.
    #[arg(
        long,
        required_unless_present = "redis_only",
        conflicts_with = "redis_only"
    )]
    target: Option<String>,
    /// The server's admin endpoint (`signoria serve --admin-listen`), on a
    /// loopback address: the replica's CPU, cache and memory figures are read
    /// from its `GET /metrics`. Without it they come from `GetServerStats`,
    /// which the server answers only with `--public-stats`.
    #[arg(long, conflicts_with = "redis_only")]
    admin: Option<String>,
    /// Game type id.
    #[arg(long, default_value = "lorenzo-il-magnifico")]
    game: String,
    /// Seconds to run (each run, in the combined mode).
    #[arg(long)]
    duration: f64,
    /// Games played at once (one task each).
    #[arg(long, default_value_t = 16)]
    games: usize,
    /// Players per game (default: the most the game allows).
    #[arg(long)]
    players: Option<u32>,
    /// Stop after this many moves in total (default: only the time limit).
    #[arg(long)]
    moves: Option<u64>,
    /// Seed of the random choices (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// HTTP/2 connections to the server, shared by the games.
    #[arg(long, default_value_t = 4)]
    connections: usize,
    /// Only run the store's commit script against Redis (needs --redis).
    #[arg(long, requires = "redis")]
    redis_only: bool,
    /// Redis on a loopback address (`redis://127.0.0.1:6379`): the Redis-only
    /// run, after the service run when --target is given too.
    #[arg(long)]
    redis: Option<String>,
    /// Open loop: offer this many moves per second (the service run), instead
    /// of as many as the server answers.
    #[arg(long, conflicts_with = "redis_only")]
    rate: Option<f64>,
}

/// What both runs share.
#[derive(Debug, Clone)]
struct Params {
    game: String,
    games: usize,
    duration: Duration,
    moves: Option<u64>,
    seed: u64,
    /// Moves offered per second (open loop), if set.
    rate: Option<f64>,
}

pub async fn run(a: LoadArgs) -> anyhow::Result<()> {
    if a.games == 0 || a.connections == 0 {
        bail!("--games and --connections must be at least 1");
    }
    let duration = Duration::try_from_secs_f64(a.duration)
        .ok()
        .filter(|d| !d.is_zero())
        .context("--duration must be a positive number of seconds")?;
    let params = Params {
        game: a.game.clone(),
        games: a.games,
        duration,
        moves: a.moves,
        seed: a.seed.unwrap_or_else(clock_seed),
        rate: a.rate,
    };
    if a.rate.is_some_and(|r| !(r.is_finite() && r > 0.0)) {
        bail!("--rate must be a positive number of moves per second");
    }
    // Refuse before doing anything.
    let target = match &a.target {
        Some(t) => Some(loopback_target(t).await?),
        None => None,
    };
    let redis_url = match &a.redis {
        Some(url) => Some(loopback_redis(url).await?),
        None => None,
    };
    let admin = match &a.admin {
        Some(addr) => {
            let (host, port) = split_target(addr)?;
            if !loopback_host(&host) {
                bail!("refusing to read {addr}: {LOOPBACK_ONLY}");
            }
            ensure_resolves_to_loopback(&host, port.parse()?, addr).await?;
            Some(format!("{host}:{port}"))
        }
        None => None,
    };
    let stats_from = StatsFrom {
        admin: admin.clone(),
    };

    let mut players = a.players;
    let mut memory = None;
    let mut replica = None;
    let service = match &target {
        Some(url) => {
            let p = resolve_players(url, &params.game, players).await?;
            players = Some(p);
            println!(
                "signoria load: {} with {p} players, {} games at once, {:.1} s{}{} against {url} \
                 ({} connections, seed {})",
                params.game,
                params.games,
                a.duration,
                moves_note(params.moves),
                params
                    .rate
                    .map(|r| format!(", open loop at {r:.0} moves/s"))
                    .unwrap_or_default(),
                a.connections,
                params.seed
            );
            let before = stats_from.read(url).await;
            let r = service_run(url, &params, p, a.connections).await?;
            let after = stats_from.read(url).await;
            r.print("service", "SubmitMove");
            if let Some(rate) = params.rate {
                println!(
                    "  offered {rate:.0} moves/s, achieved {:.0} moves/s",
                    r.rate()
                );
            }
            replica = replica_usage(before, after);
            memory = server_memory(&stats_from, url).await;
            Some(r)
        }
        None => None,
    };
    let redis = match &redis_url {
        Some(url) => {
            let service_games = service.as_ref().map(|s| &s.sample_games[..]);
            let r = redis_only::run(url, &params, players, service_games.unwrap_or(&[])).await?;
            r.print("redis-only", "commit script");
            Some(r)
        }
        None => None,
    };
    let ratio = match (&service, &redis) {
        (Some(_), Some(_)) if params.rate.is_some() => {
            println!("ratio: not computed (the service run was paced by --rate)");
            None
        }
        (Some(s), Some(r)) if r.rate() > 0.0 => {
            let ratio = s.rate() / r.rate();
            println!(
                "ratio: service {:.0} moves/s / redis-only {:.0} commits/s = {ratio:.3}",
                s.rate(),
                r.rate()
            );
            Some(ratio)
        }
        _ => None,
    };
    let ok = service.iter().chain(&redis).all(|r| r.consistency.ok());
    let result = json!({
        "game": params.game,
        "games": params.games,
        "players": players,
        "duration_s": a.duration,
        "seed": params.seed,
        "service": service.as_ref().map(RunReport::json),
        "redis_only": redis.as_ref().map(RunReport::json),
        "ratio": ratio,
        "rate_offered": params.rate,
        "replica": replica.as_ref().map(ReplicaUsage::json),
        "server_resident_bytes": memory.map(|(now, _)| now),
        "server_peak_resident_bytes": memory.map(|(_, peak)| peak),
        "ok": ok,
    });
    println!("load-result: {result}");
    if !ok {
        bail!("consistency check failed: a stored version differs from the acknowledged moves");
    }
    Ok(())
}

/// Where the replica's figures come from: its admin endpoint's
/// Prometheus text, or `GetServerStats` on the target.
struct StatsFrom {
    admin: Option<String>,
}

impl StatsFrom {
    async fn fetch(&self, url: &str) -> anyhow::Result<pb::ServerStats> {
        match &self.admin {
            Some(addr) => {
                let (code, body) = signoria_server::admin::http_get(addr, "/metrics").await?;
                if code != 200 {
                    bail!("GET http://{addr}/metrics answered {code}");
                }
                Ok(stats_of_metrics(&body))
            }
            None => Ok(Client::connect(url, None).await?.server_stats().await?),
        }
    }

    /// The figures, `None` (with a note) when they cannot be read.
    async fn read(&self, url: &str) -> Option<pb::ServerStats> {
        match self.fetch(url).await {
            Ok(s) => Some(s),
            Err(e) => {
                println!(
                    "  the replica's figures could not be read (no replica CPU figures; give \
                     --admin, or run the server with --public-stats): {e:#}"
                );
                None
            }
        }
    }
}

/// The figures the load generator uses, from the admin endpoint's
/// Prometheus text.
fn stats_of_metrics(text: &str) -> pb::ServerStats {
    let m = signoria_server::admin::parse_prometheus_text(text);
    let n = |name: &str| m.get(name).copied().unwrap_or(0.0) as u64;
    pb::ServerStats {
        moves: n("signoria_moves_total"),
        games_created: n("signoria_games_created_total"),
        resident_bytes: n("signoria_resident_bytes"),
        peak_resident_bytes: n("signoria_peak_resident_bytes"),
        cpu_micros: (m.get("signoria_cpu_seconds_total").copied().unwrap_or(0.0) * 1e6).round()
            as u64,
        state_cache_entries: n("signoria_state_cache_entries"),
        state_cache_bytes: n("signoria_state_cache_bytes"),
        state_cache_limit_bytes: n("signoria_state_cache_limit_bytes"),
        state_cache_hits: n("signoria_state_cache_hits_total"),
        state_cache_misses: n("signoria_state_cache_misses_total"),
        state_cache_stale: n("signoria_state_cache_stale_total"),
        ..Default::default()
    }
}

/// What the replica that answered `GetServerStats` did during the run.
#[derive(Debug, Clone, Copy)]
struct ReplicaUsage {
    cpu_micros: u64,
    moves: u64,
    cache_hits: u64,
    cache_misses: u64,
    cache_stale: u64,
    cache_entries: u64,
    cache_bytes: u64,
}

impl ReplicaUsage {
    fn cpu_per_move_us(&self) -> Option<f64> {
        (self.moves > 0).then(|| self.cpu_micros as f64 / self.moves as f64)
    }

    fn json(&self) -> serde_json::Value {
        json!({
            "cpu_micros": self.cpu_micros,
            "moves": self.moves,
            "cpu_per_move_us": self.cpu_per_move_us(),
            "state_cache_hits": self.cache_hits,
            "state_cache_misses": self.cache_misses,
            "state_cache_stale": self.cache_stale,
            "state_cache_entries": self.cache_entries,
            "state_cache_bytes": self.cache_bytes,
        })
    }
}

/// The difference of two `GetServerStats`, printed; `None` when either is
/// missing, the replica does not report CPU time, or another process answered
/// the second (its counters went backwards).
fn replica_usage(
    before: Option<pb::ServerStats>,
    after: Option<pb::ServerStats>,
) -> Option<ReplicaUsage> {
    let (b, a) = (before?, after?);
    if a.cpu_micros == 0 || a.cpu_micros < b.cpu_micros || a.moves < b.moves {
        println!("  replica CPU: not reported (or another replica answered after the run)");
        return None;
    }
    let u = ReplicaUsage {
        cpu_micros: a.cpu_micros - b.cpu_micros,
        moves: a.moves - b.moves,
        cache_hits: a.state_cache_hits.saturating_sub(b.state_cache_hits),
        cache_misses: a.state_cache_misses.saturating_sub(b.state_cache_misses),
        cache_stale: a.state_cache_stale.saturating_sub(b.state_cache_stale),
        cache_entries: a.state_cache_entries,
        cache_bytes: a.state_cache_bytes,
    };
    match u.cpu_per_move_us() {
        Some(per) => println!(
            "  replica CPU: {:.2} s for {} moves it committed = {per:.0} µs per move",
            u.cpu_micros as f64 / 1e6,
            u.moves
        ),
        None => println!("  replica CPU: no moves committed by the replica that answered"),
    }
    println!(
        "  replica state cache: {} hits, {} misses, {} stale; {} entries, ~{:.1} MiB",
        u.cache_hits,
        u.cache_misses,
        u.cache_stale,
        u.cache_entries,
        u.cache_bytes as f64 / (1024.0 * 1024.0)
    );
    Some(u)
}

/// The resident memory (now, peak) in bytes of the server that answers
/// `GetServerStats` at `url` (behind a gateway: one of the replicas), printed;
/// `None` when it does not say.
async fn server_memory(from: &StatsFrom, url: &str) -> Option<(u64, u64)> {
    let stats = from.fetch(url).await;
    let mib = |b: u64| b as f64 / (1024.0 * 1024.0);
    match stats {
        Ok(s) if s.resident_bytes > 0 => {
            println!(
                "  server memory (the replica that answered): resident {:.1} MiB, peak {:.1} MiB",
                mib(s.resident_bytes),
                mib(s.peak_resident_bytes)
            );
            Some((s.resident_bytes, s.peak_resident_bytes))
        }
        Ok(_) => {
            println!("  server memory: not reported by the server");
            None
        }
        Err(e) => {
            println!("  server memory: the replica's figures could not be read: {e:#}");
            None
        }
    }
}

fn moves_note(moves: Option<u64>) -> String {
    moves.map(|m| format!(" or {m} moves")).unwrap_or_default()
}

const LOOPBACK_ONLY: &str =
    "`signoria load` only targets loopback addresses (127.0.0.0/8, ::1, localhost)";

fn is_loopback_ip(ip: IpAddr) -> bool {
    ip.to_canonical().is_loopback()
}

/// Host names and addresses that are loopback by their spelling (a name is
/// also resolved, see [`ensure_resolves_to_loopback`]).
fn loopback_host(host: &str) -> bool {
    let host = host
        .strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .unwrap_or(host);
    host.eq_ignore_ascii_case("localhost") || host.parse::<IpAddr>().is_ok_and(is_loopback_ip)
}

/// `localhost` could be mapped elsewhere by a hosts file: every address it
/// resolves to must be loopback.
async fn ensure_resolves_to_loopback(host: &str, port: u16, what: &str) -> anyhow::Result<()> {
    let host = host
        .strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .unwrap_or(host);
    if host.parse::<IpAddr>().is_ok() {
        return Ok(());
    }
    let addrs: Vec<_> = tokio::net::lookup_host((host, port))
        .await
        .with_context(|| format!("cannot resolve {host}"))?
        .collect();
    if addrs.is_empty() || !addrs.iter().all(|a| is_loopback_ip(a.ip())) {
        bail!("refusing to load {what}: {host} resolves to {addrs:?}; {LOOPBACK_ONLY}");
    }
    Ok(())
}

/// Splits `host:port` (`[v6]:port` for IPv6) of a gRPC target.
fn split_target(target: &str) -> anyhow::Result<(String, String)> {
    let rest = match target.split_once("://") {
        None => target,
        Some(("http", rest)) => rest,
        Some((scheme, _)) => {
            bail!("{target}: only http:// targets (plain HTTP/2), not {scheme}://")
        }
    };
    let rest = rest.trim_end_matches('/');
    if rest.contains('/') || rest.contains('@') {
        bail!("{target}: expected HOST:PORT");
    }
    let (host, port) = if rest.starts_with('[') {
        let end = rest
            .find(']')
            .with_context(|| format!("{target}: unclosed ["))?;
        let port = rest[end + 1..]
            .strip_prefix(':')
            .with_context(|| format!("{target}: expected [ADDRESS]:PORT"))?;
        (&rest[..=end], port)
    } else {
        let (host, port) = rest
            .rsplit_once(':')
            .with_context(|| format!("{target}: expected HOST:PORT"))?;
        if host.contains(':') {
            bail!("{target}: write an IPv6 address in brackets, [::1]:PORT");
        }
        (host, port)
    };
    port.parse::<u16>()
        .with_context(|| format!("{target}: {port:?} is not a port"))?;
    Ok((host.to_owned(), port.to_owned()))
}

/// The server URL for a `--target`, if it is on loopback.
async fn loopback_target(target: &str) -> anyhow::Result<String> {
    let (host, port) = split_target(target)?;
    if !loopback_host(&host) {
        bail!("refusing to load {target}: {LOOPBACK_ONLY}");
    }
    ensure_resolves_to_loopback(&host, port.parse()?, target).await?;
    Ok(format!("http://{host}:{port}"))
}

/// The Redis URL for `--redis`, if it is on loopback (or a unix socket).
async fn loopback_redis(url: &str) -> anyhow::Result<String> {
    let client = redis::Client::open(url).with_context(|| format!("invalid redis url {url:?}"))?;
    match client.get_connection_info().addr() {
        redis::ConnectionAddr::Unix(_) => {}
        redis::ConnectionAddr::Tcp(host, port)
        | redis::ConnectionAddr::TcpTls { host, port, .. } => {
            if !loopback_host(host) {
                bail!("refusing to load {url}: {LOOPBACK_ONLY}");
            }
            ensure_resolves_to_loopback(host, *port, url).await?;
        }
        _ => bail!("refusing to load {url}: {LOOPBACK_ONLY}"),
    }
    Ok(url.to_owned())
}

/// `--players`, or the most the game allows; checks that the server plays it.
async fn resolve_players(url: &str, game: &str, players: Option<u32>) -> anyhow::Result<u32> {
    let mut c = Client::connect(url, None).await?;
    let types = c
        .list_game_types()
        .await
        .map_err(crate::client::status_error)?
        .game_types;
    let Some(t) = types.iter().find(|t| t.id == game) else {
        let ids: Vec<&str> = types.iter().map(|t| t.id.as_str()).collect();
        bail!(
            "{url} does not play {game:?} (it plays: {})",
            ids.join(", ")
        );
    };
    let p = players.unwrap_or(t.max_players);
    if p < t.min_players || p > t.max_players {
        bail!(
            "{game} is played by {} to {} players, not {p}",
            t.min_players,
            t.max_players
        );
    }
    Ok(p)
}

/// One game a run touched: what it acknowledged, for the final check.
#[derive(Debug)]
struct GameTrack {
    game_id: String,
    acked: AtomicU64,
    /// Moves sent whose outcome never came back.
    unknown: AtomicU64,
    /// A call is under way (a task cut off here may have moved once more).
    in_flight: AtomicBool,
}

impl GameTrack {
    fn new(game_id: String) -> Arc<GameTrack> {
        Arc::new(GameTrack {
            game_id,
            acked: AtomicU64::new(0),
            unknown: AtomicU64::new(0),
            in_flight: AtomicBool::new(false),
        })
    }

    /// Moves whose outcome is not known (an unanswered move, or a task cut
    /// off mid-call).
    fn unknown(&self) -> u64 {
        self.unknown.load(Ordering::Relaxed) + u64::from(self.in_flight.load(Ordering::Relaxed))
    }
}

/// State shared by the tasks of one run.
struct Shared {
    /// When the open-loop schedule starts.
    started: tokio::time::Instant,
    /// Open loop: seconds between two scheduled moves.
    interval: Option<f64>,
    /// The next scheduled move (open loop).
    slot: AtomicU64,
    deadline: Instant,
    budget: Option<u64>,
    reserved: AtomicU64,
    finished: AtomicUsize,
    games: Mutex<Vec<Arc<GameTrack>>>,
}

impl Shared {
    fn new(params: &Params) -> Arc<Shared> {
        let now = Instant::now();
        Arc::new(Shared {
            started: tokio::time::Instant::now(),
            interval: params.rate.map(|r| 1.0 / r),
            slot: AtomicU64::new(0),
            deadline: now + params.duration,
            budget: params.moves,
            reserved: AtomicU64::new(0),
            finished: AtomicUsize::new(0),
            games: Mutex::new(Vec::new()),
        })
    }

    fn running(&self) -> bool {
        Instant::now() < self.deadline
            && self
                .budget
                .is_none_or(|m| self.reserved.load(Ordering::Relaxed) < m)
    }

    /// Reserves one move of the budget; false when time or moves are up.
    fn take_move(&self) -> bool {
        if Instant::now() >= self.deadline {
            return false;
        }
        match self.budget {
            None => true,
            Some(m) => self
                .reserved
                .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |r| {
                    (r < m).then_some(r + 1)
                })
                .is_ok(),
        }
    }

    /// Open loop: waits for the next scheduled move (at once when the
    /// schedule is behind). Closed loop: returns at once.
    async fn pace(&self) {
        if let Some(interval) = self.interval {
            let slot = self.slot.fetch_add(1, Ordering::Relaxed);
            let at = self.started + Duration::from_secs_f64(slot as f64 * interval);
            tokio::time::sleep_until(at).await;
        }
    }

    /// Returns a reserved move that was not made.
    fn give_back(&self) {
        if self.budget.is_some() {
            self.reserved.fetch_sub(1, Ordering::Relaxed);
        }
    }

    fn track(&self, game_id: String) -> Arc<GameTrack> {
        let t = GameTrack::new(game_id);
        self.games
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(t.clone());
        t
    }

    fn tracks(&self) -> Vec<Arc<GameTrack>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    fn acked(&self) -> u64 {
        self.tracks()
            .iter()
            .map(|t| t.acked.load(Ordering::Relaxed))
            .sum()
    }
}

/// Waits for every task until the deadline plus [`GRACE`], then cuts off the
/// rest; returns the merged tallies and when the last task ended.
async fn join_tasks(shared: &Shared, mut tasks: JoinSet<Tally>) -> (Tally, Instant) {
    let mut tally = Tally::default();
    let cutoff = tokio::time::Instant::from_std(shared.deadline + GRACE);
    loop {
        match tokio::time::timeout_at(cutoff, tasks.join_next()).await {
            Ok(Some(Ok(t))) => tally.merge(t),
            Ok(Some(Err(e))) => eprintln!("a load task failed: {e}"),
            Ok(None) => break,
            Err(_) => {
                eprintln!(
                    "{} tasks still busy {GRACE:?} after the deadline; cutting them off",
                    tasks.len()
                );
                tasks.abort_all();
                while tasks.join_next().await.is_some() {}
                break;
            }
        }
    }
    (tally, Instant::now())
}

async fn service_run(
    url: &str,
    params: &Params,
    players: u32,
    connections: usize,
) -> anyhow::Result<RunReport> {
    let mut clients = Vec::new();
    for _ in 0..connections.min(params.games) {
        clients.push(Client::connect(url, None).await?);
    }
    let shared = Shared::new(params);
    let started = Instant::now();
    let mut seeds = BotRng(params.seed);
    let mut tasks = JoinSet::new();
    for i in 0..params.games {
        tasks.spawn(drive_games(
            clients[i % clients.len()].clone(),
            shared.clone(),
            params.game.clone(),
            players,
            seeds.next(),
        ));
    }
    let (tally, ended) = join_tasks(&shared, tasks).await;
    let seconds = ended.duration_since(started).as_secs_f64();

    // The check: every game's stored version against its acknowledged moves.
    let tracks = shared.tracks();
    let mut checks = JoinSet::new();
    for (i, chunk) in tracks.chunks(tracks.len().div_ceil(16).max(1)).enumerate() {
        let mut c = clients[i % clients.len()].clone();
        let chunk = chunk.to_vec();
        checks.spawn(async move {
            let mut out = Vec::new();
            for t in chunk {
                let stored = c
                    .get_game(&t.game_id)
                    .await
                    .map(|s| s.version)
                    .map_err(|s| crate::client::status_error(s).to_string());
                out.push((t, stored));
            }
            out
        });
    }
    let mut consistency = Consistency::default();
    while let Some(done) = checks.join_next().await {
        for (t, stored) in done.context("a check task failed")? {
            consistency.record(
                &t.game_id,
                stored,
                t.acked.load(Ordering::Relaxed),
                t.unknown(),
            );
        }
    }
    Ok(RunReport {
        unit: "moves",
        ops: shared.acked(),
        seconds,
        latency: Latency::of(tally.submit_micros),
        other_latency: vec![("ListLegalMoves", Latency::of(tally.legal_micros))],
        rejections: tally.rejections,
        games_started: tracks.len(),
        games_finished: shared.finished.load(Ordering::Relaxed),
        sizes: None,
        consistency,
        sample_games: tracks.iter().take(64).map(|t| t.game_id.clone()).collect(),
    })
}

/// One task: plays a game to its end, then starts the next, until time or
/// moves are up.
async fn drive_games(
    base: Client,
    shared: Arc<Shared>,
    game_type: String,
    players: u32,
    seed: u64,
) -> Tally {
    let mut tally = Tally::default();
    let mut rng = BotRng(seed);
    'games: while shared.running() {
        let created = match base
            .clone()
            .create_game(pb::CreateGameRequest {
                game_type: game_type.clone(),
                player_count: players,
                options: None,
                seed: None,
                seat_labels: vec![],
                decision_seconds: None,
                bots: vec![],
            })
            .await
        {
            Ok(c) => c,
            Err(s) => {
                tally.reject("CreateGame", s.code());
                tokio::time::sleep(ERROR_PAUSE).await;
                continue;
            }
        };
        let track = shared.track(created.game_id.clone());
        let seats = created
            .seats
            .iter()
            .map(|s| (s.seat, base.with_token(Some(s.token.clone()))))
            .collect();
        let mut player = RandomPlayer::new(
            created.game_id,
            seats,
            base.clone(),
            rng.next(),
            created.snapshot,
        );
        loop {
            shared.pace().await;
            if !shared.take_move() {
                break 'games;
            }
            track.in_flight.store(true, Ordering::Relaxed);
            let turn = player.step(&mut tally).await;
            track.in_flight.store(false, Ordering::Relaxed);
            match turn {
                Ok(Turn::Moved { .. }) => {
                    track.acked.fetch_add(1, Ordering::Relaxed);
                }
                Ok(Turn::Finished(_)) => {
                    shared.give_back();
                    shared.finished.fetch_add(1, Ordering::Relaxed);
                    continue 'games;
                }
                Ok(Turn::Refused { .. } | Turn::Stale) => shared.give_back(),
                Ok(Turn::NotOurs { version }) => {
                    // Every seat is ours: the server names a pending seat the
                    // game does not have.
                    shared.give_back();
                    tally.reject("GetGame pending-seat-not-held", tonic::Code::Internal);
                    eprintln!(
                        "game {}: no seat of ours pending at version {version}; leaving it",
                        player.game_id()
                    );
                    continue 'games;
                }
                Err(e) => {
                    shared.give_back();
                    if e.outcome_unknown {
                        // Nothing more can be sent for this game without
                        // knowing its version: leave it to the check.
                        track.unknown.fetch_add(1, Ordering::Relaxed);
                        tokio::time::sleep(ERROR_PAUSE).await;
                        continue 'games;
                    }
                    tokio::time::sleep(ERROR_PAUSE).await;
                }
            }
        }
    }
    tally
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn only_loopback_targets() {
        for ok in [
            "127.0.0.1:50051",
            "http://127.0.0.1:50051",
            "http://127.8.9.10:1/",
            "localhost:50051",
            "http://LOCALHOST:50051",
            "[::1]:50051",
            "http://[::1]:50051",
            "[::ffff:127.0.0.1]:9",
        ] {
            assert!(loopback_target(ok).await.is_ok(), "{ok}");
        }
        for refused in [
            "10.0.0.1:50051",
            "http://192.168.1.2:50051",
            "0.0.0.0:50051",
            "example.com:443",
            "[2001:db8::1]:50051",
            "http://128.0.0.1:1",
        ] {
            let e = loopback_target(refused).await.unwrap_err().to_string();
            assert!(e.contains("loopback"), "{refused}: {e}");
        }
        for malformed in [
            "127.0.0.1",
            "https://127.0.0.1:1",
            "::1:50051",
            "127.0.0.1:x",
            "http://127.0.0.1:1/path",
        ] {
            assert!(loopback_target(malformed).await.is_err(), "{malformed}");
        }
        assert_eq!(
            loopback_target("127.0.0.1:7").await.unwrap(),
            "http://127.0.0.1:7"
        );
    }

    #[tokio::test]
    async fn only_loopback_redis() {
        for ok in [
            "redis://127.0.0.1:6379",
            "redis://localhost:1/2",
            "redis://:secret@127.0.0.1:6379",
            "redis+unix:///tmp/redis.sock",
        ] {
            assert!(loopback_redis(ok).await.is_ok(), "{ok}");
        }
        for refused in ["redis://10.1.2.3:6379", "redis://example.com:6379"] {
            let e = loopback_redis(refused).await.unwrap_err().to_string();
            assert!(e.contains("loopback"), "{refused}: {e}");
        }
    }

    #[test]
    fn the_move_budget_is_exact() {
        let shared = Shared::new(&Params {
            game: "g".into(),
            games: 1,
            duration: Duration::from_secs(60),
            moves: Some(3),
            seed: 1,
            rate: None,
        });
        assert!(shared.take_move() && shared.take_move() && shared.take_move());
        assert!(!shared.take_move());
        assert!(!shared.running());
        shared.give_back();
        assert!(shared.running());
        assert!(shared.take_move());
        assert!(!shared.take_move());
    }

    #[tokio::test(start_paused = true)]
    async fn the_open_loop_schedule_spaces_moves_by_the_rate() {
        let shared = Shared::new(&Params {
            game: "g".into(),
            games: 1,
            duration: Duration::from_secs(60),
            moves: None,
            seed: 1,
            rate: Some(4.0),
        });
        let t0 = tokio::time::Instant::now();
        for _ in 0..5 {
            shared.pace().await;
        }
        // Slots 0..4 start at 0, 0.25, 0.5, 0.75 and 1.0 s (paused clock).
        let waited = t0.elapsed();
        assert_eq!(waited, Duration::from_secs(1));
    }
}
