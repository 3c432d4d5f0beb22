//! The Redis store (production; `signoria serve --redis redis://...` for one
//! Redis, `--redis-cluster redis://h1:p1,redis://h2:p2,...` for a Redis
//! Cluster).
//!
//! # Keys
//!
//! Every key of a game carries the hash tag `{g:<id>}`, so all of them live in
//! one Redis Cluster slot and the Lua scripts may touch them together:
//!
//! | key | type | content |
//! |---|---|---|
//! | `{g:<id>}:meta` | hash | `type`, `players`, `version`, `state`, `finished` (`0`/`1`), `created` (unix ms), `labels` (JSON array), `meta` (the server's own data, opaque here) |
//!
//! and one key beside the games: `signoria:deadlines`, a sorted set of game ids
//! scored by the unix ms at which each needs attention (`set_deadline`,
//! `due_games`; not hash-tagged, not part of the commits); and the stream of
//! bot work `signoria:bot-work` with its consumer group `signoria-bots`
//! ([`crate::redis_work`]; one global key, also in a cluster).
//! | `{g:<id>}:req` | hash | request id -> `<version>:<result bytes>` |
//! | `{g:<id>}:events` | stream | entry `<version>-1`, field `e` = the encoded events of that move |
//!
//! and the pub/sub channel `{g:<id>}:nudge`, on which every commit publishes
//! the new version (`PUBLISH` on one Redis, `SPUBLISH` in a cluster: see
//! [`crate::redis_sharded`]).
//!
//! A new field or key of a game must keep the `{g:<id>}` hash tag, and be
//! passed to the scripts as one of their KEYS: that is what makes it work in
//! cluster mode (a script may only touch keys of one slot) and what gives it
//! the game's time to live.
//!
//! # Retention
//!
//! Every key of a game carries a time to live ([`crate::Retention`]): the
//! create script sets the abandoned-game time on the new game, and every
//! commit sets the finished-game time (if the move finished the game) or the
//! abandoned-game time again on every key of the game it was given (those
//! with the game's hash tag). A finished game thus disappears a fixed time
//! after its last move, a game in play a fixed time after its last move or
//! its creation. A time of zero keeps the keys forever (`PERSIST`).
//!
//! # Durability
//!
//! With [`crate::Durability::Replicated`] every create and commit is sent
//! in one pipeline with `WAIT 1 <timeout>` on the same connection to the
//! master holding the game, and acknowledged only if at least one replica
//! confirmed it; otherwise the operation fails with `Unavailable` although the
//! write may have been applied (a retry with the same request id is answered
//! with the first result). A repeated request id is answered only after the
//! same `WAIT`: its script rewrites the game's version (the same value) and
//! time to live, so that `WAIT` covers the first commit even if another
//! connection made it.
//!
//! # Commits
//!
//! One Lua script per move ([`COMMIT_LUA`]) does, atomically: unknown game ->
//! not found; known request id -> duplicate (nothing applied); version check;
//! `XADD` of the events with the explicit id `<new version>-1` (first, so a
//! failing `XADD` leaves nothing half-written: Redis does not roll scripts
//! back); state, version and request-id writes; `PUBLISH` of the nudge.
//! The stream is the durable ordered log (no MAXLEN): `events_after` is an
//! `XRANGE` from `<after + 1>-0`.
//!
//! # Connections
//!
//! Commands go through one [`redis::aio::ConnectionManager`] (multiplexed, reconnects by
//! itself), or in cluster mode one cluster connection (multiplexed per node,
//! follows MOVED redirections and failovers by itself): while Redis (or the
//! node holding a game) is down every operation fails with
//! [`StoreError::Unavailable`] after at most a short connect attempt (in a
//! cluster: a few retries within [`CLUSTER_OVERALL_TIMEOUT`]), and
//! operations succeed again once Redis is back. Every Redis error, whatever
//! its kind (connection refused, time-out, `CLUSTERDOWN`, `TRYAGAIN`,
//! redirections that do not settle), is `Unavailable`. Scripts are sent as
//! `EVALSHA` and, when a restarted or newly promoted node has not seen them
//! yet, as `EVAL` to the same node (never `SCRIPT LOAD`, which a cluster
//! sends to every master and which fails while one is down).
//!
//! On one Redis, watchers share one pub/sub connection per `RedisStore`,
//! owned by a background task: each game is subscribed while at least one
//! `wait_for_change` waits on it (reference counted) and unsubscribed after.
//! Pub/sub is only a wake-up: a waiter re-reads the version on every nudge, when
//! its subscription is confirmed, after a pub/sub reconnect, and at least every
//! [`POLL_INTERVAL`] (configurable), so a lost nudge or a reconnect never strands it.
//! In cluster mode the cluster connection carries the sharded subscriptions
//! the same way ([`crate::redis_sharded`]).

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use redis::{AsyncCommands, Client, RedisError, Value};
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;
use tokio::time::Instant;
use tokio_stream::StreamExt;

use crate::redis_conn::{Conn, RedisTarget};
use crate::{
    BotWork, ClaimedWork, CommitOutcome, Durability, GameRecord, GameStore, LoggedEvents,
    MoveCommit, Retention, StoreError, StoreResult,
};

/// How often a waiter re-reads the version even without a nudge (default of
/// [`RedisStoreOptions::poll_interval`]).
pub const POLL_INTERVAL: Duration = Duration::from_secs(1);

/// Tuning of a [`RedisStore`].
#[derive(Debug, Clone)]
pub struct RedisStoreOptions {
    /// How often `wait_for_change` re-reads the version when no nudge came
    /// (the safety net under pub/sub).
    pub poll_interval: Duration,
    /// When creates and commits are acknowledged.
    pub durability: Durability,
    /// With [`Durability::Replicated`]: how long to wait for a replica's
    /// confirmation before answering `Unavailable`.
    pub replication_timeout: Duration,
    /// How long games are kept.
    pub retention: Retention,
}

impl Default for RedisStoreOptions {
    fn default() -> Self {
        RedisStoreOptions {
            poll_interval: POLL_INTERVAL,
            durability: Durability::Local,
            replication_timeout: DEFAULT_REPLICATION_TIMEOUT,
            retention: Retention::default(),
        }
    }
}

/// Default of [`RedisStoreOptions::replication_timeout`].
pub const DEFAULT_REPLICATION_TIMEOUT: Duration = Duration::from_secs(1);
/// Upper bound for one connection attempt.
const CONNECT_TIMEOUT: Duration = crate::redis_conn::CONNECT_TIMEOUT;
/// Upper bound for one command's answer (more with `WAIT`).
const RESPONSE_TIMEOUT: Duration = Duration::from_secs(3);
/// Cluster mode: upper bound for one command including the retries and
/// redirections of a failover; beyond it the operation is `Unavailable`
/// (well within the service's request time-out).
pub const CLUSTER_OVERALL_TIMEOUT: Duration = Duration::from_secs(4);
/// Upper bound between two pub/sub reconnect attempts.
const MAX_RESUBSCRIBE_DELAY: Duration = Duration::from_secs(1);

/// The commit script. KEYS: meta, req, events (and any other key of the game).
/// ARGV: expected version (decimal), request id, state, finished (`0`/`1`),
/// events, result, nudge channel, new version (decimal; computed by the caller
/// so Lua's floating-point numbers never touch a version), publish command
/// (`PUBLISH` or `SPUBLISH`), time to live of a finished game and of a game in
/// play (milliseconds, `0` = forever), server meta (`meta`, see
/// [`GameRecord::meta`]).
///
/// Returns `{"notfound"}`, `{"dup", "<version>:<result>"}`,
/// `{"conflict", "<current version>"}` or `{"ok", "<new version>"}`.
pub const COMMIT_LUA: &str = r#"
local function touch(finished)
  local ttl = ARGV[11]
  if finished == '1' then ttl = ARGV[10] end
  local tag = string.match(KEYS[1], '^{[^}]*}')
  for i = 1, #KEYS do
    if tag and string.sub(KEYS[i], 1, #tag) == tag then
      if ttl == '0' then redis.call('PERSIST', KEYS[i]) else redis.call('PEXPIRE', KEYS[i], ttl) end
    end
  end
end
local cur = redis.call('HGET', KEYS[1], 'version')
if not cur then return {'notfound'} end
local prev = redis.call('HGET', KEYS[2], ARGV[2])
if prev then
  redis.call('HSET', KEYS[1], 'version', cur)
  touch(redis.call('HGET', KEYS[1], 'finished'))
  return {'dup', prev}
end
if cur ~= ARGV[1] then return {'conflict', cur} end
local v = ARGV[8]
redis.call('XADD', KEYS[3], v .. '-1', 'e', ARGV[5])
redis.call('HSET', KEYS[1], 'version', v, 'state', ARGV[3], 'finished', ARGV[4], 'meta', ARGV[12])
redis.call('HSET', KEYS[2], ARGV[2], v .. ':' .. ARGV[6])
redis.call(ARGV[9], ARGV[7], v)
touch(ARGV[4])
return {'ok', v}
"#;

/// The create script. KEYS: meta, req, events. ARGV: type, players, version,
/// state, finished, created, labels (JSON array), time to live (milliseconds,
/// `0` = forever), server meta (`meta`). Returns 1, or 0 if the game exists.
pub const CREATE_LUA: &str = r#"
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('DEL', KEYS[2], KEYS[3])
redis.call('HSET', KEYS[1], 'type', ARGV[1], 'players', ARGV[2], 'version', ARGV[3],
  'state', ARGV[4], 'finished', ARGV[5], 'created', ARGV[6], 'labels', ARGV[7], 'meta', ARGV[9])
if ARGV[8] ~= '0' then redis.call('PEXPIRE', KEYS[1], ARGV[8]) end
return 1
"#;

/// A Lua script sent by hash, and in full to a node that does not know it.
struct LuaScript {
    source: &'static str,
    hash: String,
}

impl LuaScript {
    fn new(source: &'static str) -> LuaScript {
        LuaScript {
            source,
            hash: redis::Script::new(source).get_hash().to_owned(),
        }
    }
}

/// Keys and arguments of one script call.
#[derive(Default)]
struct ScriptCall {
    keys: Vec<String>,
    args: Vec<Vec<u8>>,
}

impl ScriptCall {
    fn keys(game_id: &str) -> ScriptCall {
        ScriptCall {
            keys: game_keys(game_id).to_vec(),
            args: Vec::new(),
        }
    }

    fn arg(mut self, a: impl redis::ToRedisArgs) -> ScriptCall {
        self.args.extend(a.to_redis_args());
        self
    }

    fn cmd(&self, script: &LuaScript, by_hash: bool) -> redis::Cmd {
        let mut cmd = if by_hash {
            let mut c = redis::cmd("EVALSHA");
            c.arg(&script.hash);
            c
        } else {
            let mut c = redis::cmd("EVAL");
            c.arg(script.source);
            c
        };
        cmd.arg(self.keys.len()).arg(&self.keys).arg(&self.args);
        cmd
    }
}

/// A time to live in milliseconds for the scripts (`0` = forever).
fn ttl_ms(ttl: Option<Duration>) -> u64 {
    ttl.map(|d| (d.as_millis() as u64).max(1)).unwrap_or(0)
}

/// The deadline notes of every game (see the module docs).
pub const DEADLINES_KEY: &str = "signoria:deadlines";

fn meta_key(game_id: &str) -> String {
    format!("{{g:{game_id}}}:meta")
}
fn req_key(game_id: &str) -> String {
    format!("{{g:{game_id}}}:req")
}
fn events_key(game_id: &str) -> String {
    format!("{{g:{game_id}}}:events")
}
/// Every key of a game: meta, request ids, event log (for tools that remove
/// games, such as `signoria load --redis-only` after its run).
pub fn game_keys(game_id: &str) -> [String; 3] {
    [meta_key(game_id), req_key(game_id), events_key(game_id)]
}
pub(crate) fn nudge_channel(game_id: &str) -> String {
    format!("{{g:{game_id}}}:nudge")
}
pub(crate) fn game_of_channel(channel: &str) -> Option<&str> {
    channel.strip_prefix("{g:")?.strip_suffix("}:nudge")
}

fn unavailable(e: RedisError) -> StoreError {
    StoreError::Unavailable(e.to_string())
}

fn corrupt(what: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt(what.to_string())
}

fn parse_u64(bytes: &[u8], what: &str) -> StoreResult<u64> {
    std::str::from_utf8(bytes)
        .ok()
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| corrupt(format!("{what} is not a number")))
}

/// Splits a stored `<version>:<result>`.
fn parse_request_entry(bytes: &[u8]) -> StoreResult<(u64, Vec<u8>)> {
    let colon = bytes
        .iter()
        .position(|&b| b == b':')
        .ok_or_else(|| corrupt("request entry without a version"))?;
    Ok((
        parse_u64(&bytes[..colon], "request entry version")?,
        bytes[colon + 1..].to_vec(),
    ))
}

/// Games kept in Redis. Clones share the connection and the watcher task.
#[derive(Clone)]
pub struct RedisStore {
    inner: Arc<Inner>,
}

struct Inner {
    conn: Conn,
    commit_script: LuaScript,
    create_script: LuaScript,
    /// `PUBLISH` or `SPUBLISH` (cluster).
    publish: &'static str,
    watchers: Arc<Watchers>,
    subscriber: JoinHandle<()>,
    options: RedisStoreOptions,
}

impl Drop for Inner {
    fn drop(&mut self) {
        self.subscriber.abort();
    }
}

impl std::fmt::Debug for RedisStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RedisStore").finish_non_exhaustive()
    }
}

/// The games someone waits on, shared with the subscriber task.
pub(crate) struct Watchers {
    games: Mutex<HashMap<String, Watched>>,
    /// Game ids whose subscription the subscriber task should bring in line
    /// with `games`.
    sync_tx: mpsc::UnboundedSender<String>,
}

struct Watched {
    /// Number of waiters.
    refs: usize,
    /// Bumped on every wake-up for this game.
    wake: watch::Sender<u64>,
    /// Whether the subscriber task has confirmed the subscription (and not lost
    /// the connection since).
    subscribed: bool,
}

impl Watchers {
    fn lock(&self) -> MutexGuard<'_, HashMap<String, Watched>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(crate) fn wake(&self, game_id: &str) {
        if let Some(w) = self.lock().get(game_id) {
            w.wake.send_modify(|n| *n = n.wrapping_add(1));
        }
    }

    pub(crate) fn is_watched(&self, game_id: &str) -> bool {
        self.lock().contains_key(game_id)
    }

    /// Every watched game.
    pub(crate) fn watched(&self) -> Vec<String> {
        self.lock().keys().cloned().collect()
    }

    /// `game_id` lost its subscription: its waiters re-read now and again
    /// when it is confirmed.
    pub(crate) fn unconfirm(&self, game_id: &str) {
        if let Some(w) = self.lock().get_mut(game_id) {
            w.subscribed = false;
            w.wake.send_modify(|n| *n = n.wrapping_add(1));
        }
    }

    /// After losing the pub/sub connection: nothing is subscribed any more,
    /// and every waiter re-reads (nudges may have been lost).
    pub(crate) fn unsubscribed_all(&self) {
        for w in self.lock().values_mut() {
            w.subscribed = false;
            w.wake.send_modify(|n| *n = n.wrapping_add(1));
        }
    }

    /// Marks `game_id` subscribed; wakes its waiters if it was not (they wait
    /// for this confirmation to re-read).
    pub(crate) fn confirm(&self, game_id: &str) {
        if let Some(w) = self.lock().get_mut(game_id)
            && !w.subscribed
        {
            w.subscribed = true;
            w.wake.send_modify(|n| *n = n.wrapping_add(1));
        }
    }

    /// Registers one waiter for `game_id`; the subscription lasts while the
    /// returned guard lives. `guard.subscribed` tells whether the game's
    /// nudges reach us already; if not, a wake-up follows the confirmation.
    fn register(self: &Arc<Self>, game_id: &str) -> WatchGuard {
        let (rx, subscribed) = {
            let mut games = self.lock();
            let w = games.entry(game_id.to_owned()).or_insert_with(|| Watched {
                refs: 0,
                wake: watch::channel(0).0,
                subscribed: false,
            });
            w.refs += 1;
            (w.wake.subscribe(), w.subscribed)
        };
        if !subscribed {
            let _ = self.sync_tx.send(game_id.to_owned());
        }
        WatchGuard {
            watchers: self.clone(),
            game_id: game_id.to_owned(),
            rx,
            subscribed,
        }
    }
}

struct WatchGuard {
    watchers: Arc<Watchers>,
    game_id: String,
    rx: watch::Receiver<u64>,
    subscribed: bool,
}

impl Drop for WatchGuard {
    fn drop(&mut self) {
        let last = {
            let mut games = self.watchers.lock();
            match games.get_mut(&self.game_id) {
                Some(w) if w.refs > 1 => {
                    w.refs -= 1;
                    false
                }
                Some(_) => {
                    games.remove(&self.game_id);
                    true
                }
                None => false,
            }
        };
        if last {
            let _ = self
                .watchers
                .sync_tx
                .send(std::mem::take(&mut self.game_id));
        }
    }
}

/// Owns the pub/sub connection: (re)connects, keeps the subscriptions in line
/// with the watched games, and turns nudges into wake-ups.
async fn run_subscriber(
    client: Client,
    watchers: Arc<Watchers>,
    mut sync_rx: mpsc::UnboundedReceiver<String>,
) {
    let mut delay = Duration::from_millis(50);
    loop {
        if let Err(e) = subscriber_session(&client, &watchers, &mut sync_rx).await {
            tracing::debug!(error = %e, "redis pub/sub connection lost; reconnecting");
        }
        // Nudges may have been lost: every waiter re-reads.
        watchers.unsubscribed_all();
        tokio::time::sleep(delay).await;
        delay = (delay * 2).min(MAX_RESUBSCRIBE_DELAY);
        // Requests that arrived while disconnected are covered by the full
        // resubscription of the next session.
        while sync_rx.try_recv().is_ok() {}
    }
}

async fn subscriber_session(
    client: &Client,
    watchers: &Watchers,
    sync_rx: &mut mpsc::UnboundedReceiver<String>,
) -> Result<(), RedisError> {
    let timeout_err = || RedisError::from(std::io::Error::from(std::io::ErrorKind::TimedOut));
    let pubsub = tokio::time::timeout(CONNECT_TIMEOUT, client.get_async_pubsub())
        .await
        .map_err(|_| timeout_err())??;
    let (mut sink, mut stream) = pubsub.split();
    let mut subscribed: HashSet<String> = HashSet::new();

    // Brings the subscription of one game in line with `watchers`.
    macro_rules! sync_game {
        ($game:expr) => {{
            let game: String = $game;
            let wanted = watchers.lock().contains_key(&game);
            let channel = nudge_channel(&game);
            if wanted && !subscribed.contains(&game) {
                tokio::time::timeout(RESPONSE_TIMEOUT, sink.subscribe(&channel))
                    .await
                    .map_err(|_| timeout_err())??;
                subscribed.insert(game.clone());
                watchers.confirm(&game);
            } else if wanted {
                watchers.confirm(&game);
            } else if subscribed.contains(&game) {
                tokio::time::timeout(RESPONSE_TIMEOUT, sink.unsubscribe(&channel))
                    .await
                    .map_err(|_| timeout_err())??;
                subscribed.remove(&game);
            }
        }};
    }

    let initial: Vec<String> = watchers.lock().keys().cloned().collect();
    for game in initial {
        sync_game!(game);
    }
    loop {
        tokio::select! {
            msg = stream.next() => match msg {
                Some(msg) => {
                    if let Some(game) = game_of_channel(msg.get_channel_name()) {
                        watchers.wake(game);
                    }
                }
                None => return Err(RedisError::from(std::io::Error::from(
                    std::io::ErrorKind::ConnectionReset,
                ))),
            },
            game = sync_rx.recv() => match game {
                Some(game) => sync_game!(game),
                // The store is gone.
                None => return Ok(()),
            },
        }
    }
}

impl RedisStore {
    /// Connects to `url` (`redis://[user:password@]host:port[/db]`) and checks
    /// that Redis answers. Later losses of the connection are repaired on the
    /// fly (operations fail with `Unavailable` meanwhile).
    pub async fn connect(url: &str) -> StoreResult<RedisStore> {
        Self::connect_with(url, RedisStoreOptions::default()).await
    }

    /// [`RedisStore::connect`] with explicit options.
    pub async fn connect_with(url: &str, options: RedisStoreOptions) -> StoreResult<RedisStore> {
        Self::open(&RedisTarget::Single(url.to_owned()), options).await
    }

    /// Connects to one Redis or a cluster and checks that it answers.
    pub async fn open(target: &RedisTarget, options: RedisStoreOptions) -> StoreResult<RedisStore> {
        // WAIT blocks up to its time-out before answering.
        let wait_extra = match options.durability {
            Durability::Local => Duration::ZERO,
            Durability::Replicated => options.replication_timeout,
        };
        let (sync_tx, sync_rx) = mpsc::unbounded_channel();
        let watchers = Arc::new(Watchers {
            games: Mutex::new(HashMap::new()),
            sync_tx,
        });
        let (conn, subscriber, publish) = match target {
            RedisTarget::Single(url) => {
                let (conn, client) =
                    crate::redis_conn::connect_single(url, RESPONSE_TIMEOUT + wait_extra).await?;
                let subscriber = tokio::spawn(run_subscriber(client, watchers.clone(), sync_rx));
                (conn, subscriber, "PUBLISH")
            }
            RedisTarget::Cluster(nodes) => {
                let (conn, push_rx) = crate::redis_conn::connect_cluster(
                    nodes,
                    RESPONSE_TIMEOUT.min(Duration::from_secs(1)) + wait_extra,
                    CLUSTER_OVERALL_TIMEOUT + wait_extra,
                )
                .await?;
                let subscriber = tokio::spawn(crate::redis_sharded::run_sharded_subscriber(
                    conn.clone(),
                    watchers.clone(),
                    sync_rx,
                    push_rx,
                ));
                (Conn::Cluster(conn), subscriber, "SPUBLISH")
            }
        };
        let store = RedisStore {
            inner: Arc::new(Inner {
                conn,
                commit_script: LuaScript::new(COMMIT_LUA),
                create_script: LuaScript::new(CREATE_LUA),
                publish,
                watchers,
                subscriber,
                options,
            }),
        };
        store.ping().await?;
        Ok(store)
    }

    /// Runs a script on the node holding its keys: by hash, in full if that
    /// node does not know it yet; with [`Durability::Replicated`] followed on
    /// the same connection by `WAIT 1 <timeout>`, failing with `Unavailable`
    /// unless a replica confirmed.
    async fn run_script(&self, script: &LuaScript, call: &ScriptCall) -> StoreResult<Value> {
        let replicated = self.inner.options.durability == Durability::Replicated;
        let wait_ms = self.inner.options.replication_timeout.as_millis().max(1) as u64;
        let mut conn = self.conn();
        for by_hash in [true, false] {
            let cmd = call.cmd(script, by_hash);
            let answer = if replicated {
                let mut pipe = redis::pipe();
                pipe.add_command(cmd).cmd("WAIT").arg(1).arg(wait_ms);
                pipe.query_async::<(Value, i64)>(&mut conn)
                    .await
                    .map(|(v, n)| (v, Some(n)))
            } else {
                cmd.query_async::<Value>(&mut conn).await.map(|v| (v, None))
            };
            match answer {
                Err(e)
                    if by_hash
                        && e.kind()
                            == redis::ErrorKind::Server(redis::ServerErrorKind::NoScript) => {}
                Err(e) => return Err(unavailable(e)),
                Ok((_, Some(replicas))) if replicas < 1 => {
                    return Err(StoreError::Unavailable(format!(
                        "no replica confirmed the write within {wait_ms} ms; it may have been applied \
                         (a retry with the same request id is safe)"
                    )));
                }
                Ok((v, _)) => return Ok(v),
            }
        }
        unreachable!("the second attempt sends the script in full")
    }

    fn conn(&self) -> Conn {
        self.inner.conn.clone()
    }

    /// The stored version, `None` for an unknown game.
    async fn current_version(&self, game_id: &str) -> StoreResult<Option<u64>> {
        let v: Option<Vec<u8>> = self
            .conn()
            .hget(meta_key(game_id), "version")
            .await
            .map_err(unavailable)?;
        v.map(|v| parse_u64(&v, "version")).transpose()
    }
}

impl GameStore for RedisStore {
    async fn create(&self, record: &GameRecord) -> StoreResult<()> {
        let id = &record.game_id;
        let call = ScriptCall::keys(id)
            .arg(&record.game_type)
            .arg(record.players)
            .arg(record.version)
            .arg(&record.state[..])
            .arg(if record.finished { "1" } else { "0" })
            .arg(record.created_unix_ms)
            .arg(serde_json::to_vec(&record.seat_labels).expect("labels serialise"))
            .arg(ttl_ms(self.inner.options.retention.ttl(record.finished)))
            .arg(&record.meta[..]);
        let created: i64 =
            redis::from_redis_value(self.run_script(&self.inner.create_script, &call).await?)
                .map_err(|_| corrupt("unexpected reply from the create script"))?;
        if created == 1 {
            Ok(())
        } else {
            Err(StoreError::AlreadyExists(id.clone()))
        }
    }

    async fn load(&self, game_id: &str) -> StoreResult<Option<GameRecord>> {
        let mut fields: HashMap<String, Vec<u8>> = self
            .conn()
            .hgetall(meta_key(game_id))
            .await
            .map_err(unavailable)?;
        if fields.is_empty() {
            return Ok(None);
        }
        let mut take = |name: &str| {
            fields
                .remove(name)
                .ok_or_else(|| corrupt(format!("game {game_id} has no {name}")))
        };
        let game_type = String::from_utf8(take("type")?)
            .map_err(|_| corrupt(format!("game {game_id}: type is not UTF-8")))?;
        let players = parse_u64(&take("players")?, "players")?;
        let version = parse_u64(&take("version")?, "version")?;
        let state = take("state")?;
        let finished = match &take("finished")?[..] {
            b"0" => false,
            b"1" => true,
            _ => return Err(corrupt(format!("game {game_id}: finished is not 0 or 1"))),
        };
        let created_unix_ms = parse_u64(&take("created")?, "created")?;
        // Absent in records written before labels were stored.
        let seat_labels = match fields.remove("labels") {
            None => Vec::new(),
            Some(raw) => serde_json::from_slice(&raw).map_err(|_| {
                corrupt(format!(
                    "game {game_id}: labels are not a JSON string array"
                ))
            })?,
        };
        // Absent in records of earlier releases.
        let meta = fields.remove("meta").unwrap_or_default();
        Ok(Some(GameRecord {
            meta,
            game_id: game_id.to_owned(),
            game_type,
            players: u32::try_from(players)
                .map_err(|_| corrupt(format!("game {game_id}: players out of range")))?,
            version,
            state,
            finished,
            created_unix_ms,
            seat_labels,
        }))
    }

    async fn commit(&self, commit: MoveCommit) -> StoreResult<CommitOutcome> {
        let id = &commit.game_id;
        let retention = self.inner.options.retention;
        let call = ScriptCall::keys(id)
            .arg(commit.expected_version)
            .arg(&commit.request_id)
            .arg(&commit.state[..])
            .arg(if commit.finished { "1" } else { "0" })
            .arg(&commit.events[..])
            .arg(&commit.result[..])
            .arg(nudge_channel(id))
            .arg(
                commit
                    .expected_version
                    .checked_add(1)
                    .ok_or_else(|| corrupt("version overflow"))?,
            )
            .arg(self.inner.publish)
            .arg(ttl_ms(retention.finished))
            .arg(ttl_ms(retention.abandoned))
            .arg(&commit.meta[..]);
        let reply: Vec<Vec<u8>> =
            redis::from_redis_value(self.run_script(&self.inner.commit_script, &call).await?)
                .map_err(|_| corrupt("unexpected reply from the commit script"))?;
        match reply.as_slice() {
            [tag] if tag == b"notfound" => Ok(CommitOutcome::NotFound),
            [tag, entry] if tag == b"dup" => {
                let (version, result) = parse_request_entry(entry)?;
                Ok(CommitOutcome::Duplicate { version, result })
            }
            [tag, v] if tag == b"conflict" => Ok(CommitOutcome::Conflict {
                current_version: parse_u64(v, "version")?,
            }),
            [tag, v] if tag == b"ok" => Ok(CommitOutcome::Committed {
                version: parse_u64(v, "version")?,
            }),
            _ => Err(corrupt("unexpected reply from the commit script")),
        }
    }

    async fn lookup_request(
        &self,
        game_id: &str,
        request_id: &str,
    ) -> StoreResult<Option<(u64, Vec<u8>)>> {
        let entry: Option<Vec<u8>> = self
            .conn()
            .hget(req_key(game_id), request_id)
            .await
            .map_err(unavailable)?;
        entry.map(|e| parse_request_entry(&e)).transpose()
    }

    async fn events_after(
        &self,
        game_id: &str,
        after_version: u64,
        limit: usize,
    ) -> StoreResult<Vec<LoggedEvents>> {
        let Some(first) = after_version.checked_add(1) else {
            return Ok(Vec::new());
        };
        if limit == 0 {
            return Ok(Vec::new());
        }
        let reply: Value = redis::cmd("XRANGE")
            .arg(events_key(game_id))
            .arg(format!("{first}-0"))
            .arg("+")
            .arg("COUNT")
            .arg(limit)
            .query_async(&mut self.conn())
            .await
            .map_err(unavailable)?;
        let Value::Array(entries) = reply else {
            return Err(corrupt("XRANGE did not answer an array"));
        };
        entries
            .into_iter()
            .map(|entry| {
                let bad = || corrupt(format!("game {game_id}: malformed event log entry"));
                let Value::Array(mut parts) = entry else {
                    return Err(bad());
                };
                if parts.len() != 2 {
                    return Err(bad());
                }
                let fields = parts.pop().ok_or_else(bad)?;
                let Value::BulkString(id) = parts.pop().ok_or_else(bad)? else {
                    return Err(bad());
                };
                let dash = id.iter().position(|&b| b == b'-').ok_or_else(bad)?;
                let version = parse_u64(&id[..dash], "event log id")?;
                let Value::Array(fields) = fields else {
                    return Err(bad());
                };
                let mut events = None;
                let mut it = fields.into_iter();
                while let (Some(k), Some(v)) = (it.next(), it.next()) {
                    if let (Value::BulkString(k), Value::BulkString(v)) = (k, v)
                        && k == b"e"
                    {
                        events = Some(v);
                    }
                }
                Ok(LoggedEvents {
                    version,
                    events: events.ok_or_else(bad)?,
                })
            })
            .collect()
    }

    async fn wait_for_change(
        &self,
        game_id: &str,
        known_version: u64,
        timeout: Duration,
    ) -> StoreResult<()> {
        let deadline = Instant::now() + timeout;
        // Fails cleanly while Redis is down.
        match self.current_version(game_id).await? {
            Some(v) if v <= known_version => {}
            // Moved on, or unknown: the caller's re-read tells.
            _ => return Ok(()),
        }
        // A commit between that read and the subscription is not missed: with
        // the subscription active we read again at once; without, the
        // subscriber task wakes us when it is, and we read again then.
        let mut guard = self.inner.watchers.register(game_id);
        if guard.subscribed {
            match self.current_version(game_id).await? {
                Some(v) if v <= known_version => {}
                _ => return Ok(()),
            }
        }
        loop {
            let poll = Instant::now() + self.inner.options.poll_interval;
            tokio::select! {
                _ = tokio::time::sleep_until(deadline) => return Ok(()),
                _ = tokio::time::sleep_until(poll) => {}
                _ = guard.rx.changed() => {}
            }
            match self.current_version(game_id).await {
                Ok(Some(v)) if v <= known_version => {}
                Ok(_) => return Ok(()),
                // Redis is down: keep waiting (polling) until it is back or the
                // deadline; the caller's next read reports the error.
                Err(_) => {}
            }
            if Instant::now() >= deadline {
                return Ok(());
            }
        }
    }

    async fn set_deadline(&self, game_id: &str, at_unix_ms: Option<u64>) -> StoreResult<()> {
        let mut conn = self.conn();
        match at_unix_ms {
            Some(at) => conn
                .zadd::<_, _, _, ()>(DEADLINES_KEY, game_id, at)
                .await
                .map_err(unavailable),
            None => conn
                .zrem::<_, _, ()>(DEADLINES_KEY, game_id)
                .await
                .map_err(unavailable),
        }
    }

    async fn due_games(&self, now_unix_ms: u64, limit: usize) -> StoreResult<Vec<String>> {
        redis::cmd("ZRANGEBYSCORE")
            .arg(DEADLINES_KEY)
            .arg("-inf")
            .arg(now_unix_ms)
            .arg("LIMIT")
            .arg(0)
            .arg(limit)
            .query_async(&mut self.conn())
            .await
            .map_err(unavailable)
    }

    async fn push_bot_work(&self, work: &BotWork) -> StoreResult<()> {
        crate::redis_work::push(self.conn(), work).await
    }

    async fn claim_bot_work(
        &self,
        consumer: &str,
        max: usize,
        stale: Duration,
    ) -> StoreResult<Vec<ClaimedWork>> {
        crate::redis_work::claim(self.conn(), consumer, max, stale).await
    }

    async fn ack_bot_work(&self, id: &str) -> StoreResult<()> {
        crate::redis_work::ack(self.conn(), id).await
    }

    async fn forget_idle_bot_consumers(&self, idle: Duration) -> StoreResult<Vec<String>> {
        crate::redis_work::forget_idle(self.conn(), idle).await
    }

    async fn ping(&self) -> StoreResult<()> {
        let _: String = redis::cmd("PING")
            .query_async(&mut self.conn())
            .await
            .map_err(unavailable)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_share_the_hash_tag() {
        assert_eq!(meta_key("abc"), "{g:abc}:meta");
        assert_eq!(req_key("abc"), "{g:abc}:req");
        assert_eq!(events_key("abc"), "{g:abc}:events");
        assert_eq!(
            game_keys("abc"),
            ["{g:abc}:meta", "{g:abc}:req", "{g:abc}:events"]
        );
        assert_eq!(game_of_channel(&nudge_channel("abc")), Some("abc"));
        assert_eq!(game_of_channel("other"), None);
    }

    #[test]
    fn request_entries_keep_binary_results() {
        assert_eq!(
            parse_request_entry(b"12:a:b\x00").unwrap(),
            (12, b"a:b\x00".to_vec())
        );
        assert!(parse_request_entry(b"x:1").is_err());
        assert!(parse_request_entry(b"12").is_err());
    }
}
