//! The Redis store (production; `signoria serve --redis redis://...`).
//!
//! # Keys
//!
//! Every key of a game carries the hash tag `{g:<id>}`, so all of them live in
//! one Redis Cluster slot and the Lua scripts may touch them together:
//!
//! | key | type | content |
//! |---|---|---|
//! | `{g:<id>}:meta` | hash | `type`, `players`, `version`, `state`, `finished` (`0`/`1`), `created` (unix ms) |
//! | `{g:<id>}:req` | hash | request id -> `<version>:<result bytes>` |
//! | `{g:<id>}:events` | stream | entry `<version>-1`, field `e` = the encoded events of that move |
//!
//! and the pub/sub channel `{g:<id>}:nudge`, on which every commit publishes
//! the new version.
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
//! Commands go through one [`ConnectionManager`] (multiplexed, reconnects by
//! itself): while Redis is down every operation fails with
//! [`StoreError::Unavailable`] after at most a short connect attempt, and
//! operations succeed again once Redis is back. `redis::Script` falls back from
//! `EVALSHA` to `EVAL` when a restarted Redis has lost its script cache.
//!
//! Watchers share one pub/sub connection per `RedisStore`, owned by a
//! background task: each game is subscribed while at least one
//! `wait_for_change` waits on it (reference counted) and unsubscribed after.
//! Pub/sub is only a wake-up: a waiter re-reads the version on every nudge, when
//! its subscription is confirmed, after a pub/sub reconnect, and at least every
//! [`POLL_INTERVAL`] (configurable), so a lost nudge or a reconnect never strands it.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use redis::aio::ConnectionManager;
use redis::{AsyncCommands, Client, RedisError, Script, Value};
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;
use tokio::time::Instant;
use tokio_stream::StreamExt;

use crate::{
    CommitOutcome, GameRecord, GameStore, LoggedEvents, MoveCommit, StoreError, StoreResult,
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
}

impl Default for RedisStoreOptions {
    fn default() -> Self {
        RedisStoreOptions {
            poll_interval: POLL_INTERVAL,
        }
    }
}
/// Upper bound for one connection attempt.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(1);
/// Upper bound for one command's answer.
const RESPONSE_TIMEOUT: Duration = Duration::from_secs(3);
/// Upper bound between two pub/sub reconnect attempts.
const MAX_RESUBSCRIBE_DELAY: Duration = Duration::from_secs(1);

/// The commit script. KEYS: meta, req, events. ARGV: expected version (decimal),
/// request id, state, finished (`0`/`1`), events, result, nudge channel, new
/// version (decimal; computed by the caller so Lua's floating-point numbers
/// never touch a version).
///
/// Returns `{"notfound"}`, `{"dup", "<version>:<result>"}`,
/// `{"conflict", "<current version>"}` or `{"ok", "<new version>"}`.
pub const COMMIT_LUA: &str = r#"
local cur = redis.call('HGET', KEYS[1], 'version')
if not cur then return {'notfound'} end
local prev = redis.call('HGET', KEYS[2], ARGV[2])
if prev then return {'dup', prev} end
if cur ~= ARGV[1] then return {'conflict', cur} end
local v = ARGV[8]
redis.call('XADD', KEYS[3], v .. '-1', 'e', ARGV[5])
redis.call('HSET', KEYS[1], 'version', v, 'state', ARGV[3], 'finished', ARGV[4])
redis.call('HSET', KEYS[2], ARGV[2], v .. ':' .. ARGV[6])
redis.call('PUBLISH', ARGV[7], v)
return {'ok', v}
"#;

/// The create script. KEYS: meta, req, events. ARGV: type, players, version,
/// state, finished, created, labels (JSON array). Returns 1, or 0 if the game exists.
pub const CREATE_LUA: &str = r#"
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('DEL', KEYS[2], KEYS[3])
redis.call('HSET', KEYS[1], 'type', ARGV[1], 'players', ARGV[2], 'version', ARGV[3],
  'state', ARGV[4], 'finished', ARGV[5], 'created', ARGV[6], 'labels', ARGV[7])
return 1
"#;

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
fn nudge_channel(game_id: &str) -> String {
    format!("{{g:{game_id}}}:nudge")
}
fn game_of_channel(channel: &str) -> Option<&str> {
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
    conn: ConnectionManager,
    commit_script: Script,
    create_script: Script,
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
struct Watchers {
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

    fn wake(&self, game_id: &str) {
        if let Some(w) = self.lock().get(game_id) {
            w.wake.send_modify(|n| *n = n.wrapping_add(1));
        }
    }

    /// After losing the pub/sub connection: nothing is subscribed any more,
    /// and every waiter re-reads (nudges may have been lost).
    fn unsubscribed_all(&self) {
        for w in self.lock().values_mut() {
            w.subscribed = false;
            w.wake.send_modify(|n| *n = n.wrapping_add(1));
        }
    }

    /// Marks `game_id` subscribed; wakes its waiters if it was not (they wait
    /// for this confirmation to re-read).
    fn confirm(&self, game_id: &str) {
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
        let client = Client::open(url)
            .map_err(|e| StoreError::Unavailable(format!("invalid redis url {url:?}: {e}")))?;
        let config = redis::aio::ConnectionManagerConfig::new()
            .set_connection_timeout(Some(CONNECT_TIMEOUT))
            .set_response_timeout(Some(RESPONSE_TIMEOUT))
            .set_number_of_retries(1)
            .set_min_delay(Duration::from_millis(50))
            .set_max_delay(Duration::from_millis(500));
        let conn = ConnectionManager::new_with_config(client.clone(), config)
            .await
            .map_err(unavailable)?;
        let (sync_tx, sync_rx) = mpsc::unbounded_channel();
        let watchers = Arc::new(Watchers {
            games: Mutex::new(HashMap::new()),
            sync_tx,
        });
        let subscriber = tokio::spawn(run_subscriber(client, watchers.clone(), sync_rx));
        let store = RedisStore {
            inner: Arc::new(Inner {
                conn,
                commit_script: Script::new(COMMIT_LUA),
                create_script: Script::new(CREATE_LUA),
                watchers,
                subscriber,
                options,
            }),
        };
        store.ping().await?;
        Ok(store)
    }

    fn conn(&self) -> ConnectionManager {
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
        let created: i64 = self
            .inner
            .create_script
            .key(meta_key(id))
            .key(req_key(id))
            .key(events_key(id))
            .arg(&record.game_type)
            .arg(record.players)
            .arg(record.version)
            .arg(&record.state[..])
            .arg(if record.finished { "1" } else { "0" })
            .arg(record.created_unix_ms)
            .arg(serde_json::to_vec(&record.seat_labels).expect("labels serialise"))
            .invoke_async(&mut self.conn())
            .await
            .map_err(unavailable)?;
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
        Ok(Some(GameRecord {
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
        let reply: Vec<Vec<u8>> = self
            .inner
            .commit_script
            .key(meta_key(id))
            .key(req_key(id))
            .key(events_key(id))
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
            .invoke_async(&mut self.conn())
            .await
            .map_err(unavailable)?;
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
