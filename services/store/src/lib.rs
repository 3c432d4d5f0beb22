//! Game storage (DESIGN.md, "Storage and events").
//!
//! A replica holds no game between requests: every request loads the record,
//! and every move is committed with an optimistic version check. A commit is
//! atomic: version check, state write, request-id record (idempotency), event
//! append to the game's ordered log, and a wake-up for watchers.
//!
//! Two implementations: [`memory::MemoryStore`] (embedded default) and
//! [`redis_store::RedisStore`] (production: one Redis, or a Redis Cluster).

use std::future::Future;
use std::time::Duration;

pub mod memory;
mod redis_conn;
mod redis_sharded;
pub mod redis_store;
mod redis_work;
#[cfg(feature = "testutil")]
pub mod testutil;
mod work_queue;

pub use memory::MemoryStore;
pub use redis_conn::{RedisTarget, redact_url, redact_urls};
pub use redis_store::{RedisStore, RedisStoreOptions};
pub use redis_work::{BOT_WORK_GROUP, BOT_WORK_KEY};

/// When a move is acknowledged (`signoria serve --durability`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Durability {
    /// As soon as the Redis master holding the game has applied it (and
    /// written it to its append-only file as that master is configured).
    #[default]
    Local,
    /// Only after at least one replica of that master confirmed it (`WAIT 1
    /// <timeout>`); a time-out is `Unavailable` with the move possibly applied.
    Replicated,
}

impl std::str::FromStr for Durability {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "local" => Ok(Durability::Local),
            "replicated" => Ok(Durability::Replicated),
            other => Err(format!(
                "unknown durability {other:?}; expected local or replicated"
            )),
        }
    }
}

/// How long games are kept (`signoria serve --finished-ttl / --abandoned-ttl`).
/// `None` keeps them forever.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Retention {
    /// A finished game is removed this long after its last move.
    pub finished: Option<Duration>,
    /// A game still in play is removed this long after its creation or its
    /// last move (abandoned).
    pub abandoned: Option<Duration>,
}

/// 30 days.
pub const DEFAULT_FINISHED_TTL: Duration = Duration::from_secs(30 * 24 * 3600);
/// 90 days.
pub const DEFAULT_ABANDONED_TTL: Duration = Duration::from_secs(90 * 24 * 3600);

impl Default for Retention {
    fn default() -> Self {
        Retention {
            finished: Some(DEFAULT_FINISHED_TTL),
            abandoned: Some(DEFAULT_ABANDONED_TTL),
        }
    }
}

impl Retention {
    /// Keep every game forever.
    pub const FOREVER: Retention = Retention {
        finished: None,
        abandoned: None,
    };

    /// The time to live of a game that is (or is not) finished.
    pub fn ttl(&self, finished: bool) -> Option<Duration> {
        if finished {
            self.finished
        } else {
            self.abandoned
        }
    }
}

/// Everything stored about one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    pub game_id: String,
    pub game_type: String,
    pub players: u32,
    /// Number of moves applied so far (0 right after creation).
    pub version: u64,
    /// The encoded game state (`signoria_engine::encode_state`), opaque here.
    pub state: Vec<u8>,
    pub finished: bool,
    pub created_unix_ms: u64,
    /// One display label per seat (may be empty for records written before
    /// labels were stored).
    pub seat_labels: Vec<String>,
    /// The server's own data about the game (decision versions, clocks,
    /// resignations...), opaque here; empty for records of releases that did
    /// not keep it. Written with the record at creation and by every commit.
    pub meta: Vec<u8>,
}

/// One move to commit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveCommit {
    pub game_id: String,
    /// The version the move was computed from; the commit fails if the stored
    /// version differs.
    pub expected_version: u64,
    /// Client-generated id; a second commit with the same id for the same game
    /// applies nothing and returns the first commit's `result`.
    pub request_id: String,
    /// The new encoded state (its version is `expected_version + 1`).
    pub state: Vec<u8>,
    pub finished: bool,
    /// The encoded events of this move, stored in the game's event log under the
    /// new version. Opaque here.
    pub events: Vec<u8>,
    /// What to answer a repeated `request_id` with. Opaque here.
    pub result: Vec<u8>,
    /// [`GameRecord::meta`] at the new version.
    pub meta: Vec<u8>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CommitOutcome {
    /// Applied; the game is now at `version`.
    Committed { version: u64 },
    /// The request id was used before for this game: nothing applied; `result`
    /// is what the first commit stored, `version` the version it produced.
    Duplicate { version: u64, result: Vec<u8> },
    /// The stored version is not `expected_version`; nothing applied.
    Conflict { current_version: u64 },
    /// No such game.
    NotFound,
}

/// One entry of a game's event log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoggedEvents {
    /// The version this move produced (1 for the first move).
    pub version: u64,
    pub events: Vec<u8>,
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The backend cannot be reached or failed; the operation may be retried.
    #[error("storage unavailable: {0}")]
    Unavailable(String),
    /// A game with this id exists already.
    #[error("game {0} exists already")]
    AlreadyExists(String),
    /// The stored data is not what this release understands.
    #[error("stored data is corrupt: {0}")]
    Corrupt(String),
}

pub type StoreResult<T> = Result<T, StoreError>;

/// One unit of bot work: a commit left the bot seat `seat` of `game_id`
/// pending at `version`. Whoever takes it re-reads the game first (the item
/// may be stale) and commits the bot's move under a request id made of the
/// version and the seat, so a second delivery applies nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotWork {
    pub game_id: String,
    pub version: u64,
    pub seat: u32,
}

/// A delivered [`BotWork`]; `id` acknowledges it ([`GameStore::ack_bot_work`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimedWork {
    pub id: String,
    pub work: BotWork,
}

/// Where games live. Implementations are cheap to clone and shared by all
/// requests of a replica.
pub trait GameStore: Clone + Send + Sync + 'static {
    /// Store a new game at version 0. Fails with `AlreadyExists` if the id is taken.
    fn create(&self, record: &GameRecord) -> impl Future<Output = StoreResult<()>> + Send;

    /// The current record, or `None` for an unknown game.
    fn load(&self, game_id: &str) -> impl Future<Output = StoreResult<Option<GameRecord>>> + Send;

    /// Commit one move atomically (see [`MoveCommit`]).
    fn commit(&self, commit: MoveCommit)
    -> impl Future<Output = StoreResult<CommitOutcome>> + Send;

    /// The first result stored for `request_id` in this game: `(version, result)`.
    fn lookup_request(
        &self,
        game_id: &str,
        request_id: &str,
    ) -> impl Future<Output = StoreResult<Option<(u64, Vec<u8>)>>> + Send;

    /// Event log entries with version > `after_version`, in order, at most `limit`
    /// (none for an unknown game).
    fn events_after(
        &self,
        game_id: &str,
        after_version: u64,
        limit: usize,
    ) -> impl Future<Output = StoreResult<Vec<LoggedEvents>>> + Send;

    /// Wait until the game may have moved past `known_version` (a wake-up, not a
    /// promise: callers re-read with `events_after`), or until `timeout`.
    ///
    /// Returns at once for an unknown game or one already past `known_version`.
    /// Fails with `Unavailable` if the backend cannot be reached when called; a
    /// backend lost while waiting only delays the wake-up (until it is back, or
    /// the timeout), it never ends the wait early with an error.
    fn wait_for_change(
        &self,
        game_id: &str,
        known_version: u64,
        timeout: Duration,
    ) -> impl Future<Output = StoreResult<()>> + Send;

    /// Notes that `game_id` needs attention at `at_unix_ms` (a decision's
    /// deadline), replacing any earlier note of that game; `None` removes it.
    /// An index beside the games, not part of their atomic commits: whoever
    /// acts on a due game re-reads it first.
    fn set_deadline(
        &self,
        game_id: &str,
        at_unix_ms: Option<u64>,
    ) -> impl Future<Output = StoreResult<()>> + Send;

    /// Games whose note is at or before `now_unix_ms`, earliest first, at
    /// most `limit`.
    fn due_games(
        &self,
        now_unix_ms: u64,
        limit: usize,
    ) -> impl Future<Output = StoreResult<Vec<String>>> + Send;

    /// Queues bot work for whichever replica takes it first (in Redis an
    /// entry of the stream [`BOT_WORK_KEY`], read through the consumer group
    /// [`BOT_WORK_GROUP`]). Not part of the commit: the deadline notes are
    /// the safety net for work lost between a commit and this call.
    fn push_bot_work(&self, work: &BotWork) -> impl Future<Output = StoreResult<()>> + Send;

    /// Up to `max` items for `consumer`, without waiting: first items
    /// delivered to some consumer at least `stale` ago and never acknowledged
    /// (a replica that died mid-work; `XAUTOCLAIM`), then new ones
    /// (`XREADGROUP`). An item stays delivered to `consumer` until it is
    /// acknowledged or claimed again.
    fn claim_bot_work(
        &self,
        consumer: &str,
        max: usize,
        stale: Duration,
    ) -> impl Future<Output = StoreResult<Vec<ClaimedWork>>> + Send;

    /// Done with an item (made, or found stale): it is removed for good.
    fn ack_bot_work(&self, id: &str) -> impl Future<Output = StoreResult<()>> + Send;

    /// Forgets the consumers of the bot work that hold no item and have not
    /// asked for work for at least `idle` (replicas that stopped or crashed:
    /// each replica reads under a name of its own, so without this the group
    /// keeps one consumer per replica start for ever). Returns their names.
    /// Forgetting a live consumer is harmless: its next claim recreates it.
    fn forget_idle_bot_consumers(
        &self,
        idle: Duration,
    ) -> impl Future<Output = StoreResult<Vec<String>>> + Send;

    /// Whether the backend answers (for health checks).
    fn ping(&self) -> impl Future<Output = StoreResult<()>> + Send;
}
