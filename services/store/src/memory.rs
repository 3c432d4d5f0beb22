//! The in-memory store: the embedded default (`signoria serve` without `--redis`).
//!
//! Everything lives in one `HashMap` behind a `std::sync::Mutex` (never held
//! across an `.await`). Each game carries a `tokio::sync::watch` channel with its
//! current version, so `wait_for_change` sleeps until a commit, with no polling.
//!
//! Retention ([`Retention`]) works as in Redis: every create and commit sets
//! the game's expiry; an expired game is gone for every operation, and expired
//! games are swept from memory at most once a second, on creates.
//!
//! Bot work is a queue with the Redis stream's delivery rules
//! ([`crate::work_queue`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use tokio::sync::watch;

use crate::work_queue::WorkQueue;
use crate::{
    BotWork, ClaimedWork, CommitOutcome, GameRecord, GameStore, LoggedEvents, MoveCommit,
    Retention, StoreError, StoreResult,
};

struct StoredGame {
    record: GameRecord,
    /// request id -> (version it produced, result).
    requests: HashMap<String, (u64, Vec<u8>)>,
    /// `events[i]` holds the events of version `i + 1`.
    events: Vec<Vec<u8>>,
    /// The current version, for watchers.
    version_tx: watch::Sender<u64>,
    /// When the game expires (`None`: never).
    expires: Option<Instant>,
}

#[derive(Default)]
struct Games {
    games: HashMap<String, StoredGame>,
    last_sweep: Option<Instant>,
    /// Deadline notes: game id -> unix ms.
    deadlines: HashMap<String, u64>,
    /// Bot work (the Redis stream's equivalent).
    bot_work: WorkQueue,
}

impl Games {
    /// The game, unless unknown or expired (an expired game is removed).
    fn live(&mut self, game_id: &str) -> Option<&mut StoredGame> {
        let now = Instant::now();
        if self
            .games
            .get(game_id)
            .is_some_and(|g| g.expires.is_some_and(|e| e <= now))
        {
            self.games.remove(game_id);
        }
        self.games.get_mut(game_id)
    }

    fn sweep(&mut self) {
        let now = Instant::now();
        if self
            .last_sweep
            .is_some_and(|t| now.duration_since(t) < Duration::from_secs(1))
        {
            return;
        }
        self.last_sweep = Some(now);
        self.games.retain(|_, g| g.expires.is_none_or(|e| e > now));
    }
}

/// Games kept in this process's memory. Clones share the same games.
#[derive(Clone, Default)]
pub struct MemoryStore {
    games: Arc<Mutex<Games>>,
    retention: Option<Retention>,
}

impl std::fmt::Debug for MemoryStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MemoryStore").finish_non_exhaustive()
    }
}

impl MemoryStore {
    /// A store that keeps every game until the process ends.
    pub fn new() -> Self {
        Self::default()
    }

    /// A store that removes games as `retention` says.
    pub fn with_retention(retention: Retention) -> Self {
        MemoryStore {
            games: Arc::default(),
            retention: Some(retention),
        }
    }

    fn expiry(&self, finished: bool) -> Option<Instant> {
        let ttl = self.retention?.ttl(finished)?;
        Instant::now().checked_add(ttl)
    }

    fn lock(&self) -> MutexGuard<'_, Games> {
        // A panic while holding the lock cannot leave a game half-written (every
        // mutation below is a sequence of infallible assignments), so a poisoned
        // lock is still consistent.
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl GameStore for MemoryStore {
    async fn create(&self, record: &GameRecord) -> StoreResult<()> {
        let mut games = self.lock();
        games.sweep();
        if games.live(&record.game_id).is_some() {
            return Err(StoreError::AlreadyExists(record.game_id.clone()));
        }
        let (version_tx, _) = watch::channel(record.version);
        let expires = self.expiry(record.finished);
        games.games.insert(
            record.game_id.clone(),
            StoredGame {
                record: record.clone(),
                requests: HashMap::new(),
                events: Vec::new(),
                version_tx,
                expires,
            },
        );
        Ok(())
    }

    async fn load(&self, game_id: &str) -> StoreResult<Option<GameRecord>> {
        Ok(self.lock().live(game_id).map(|g| g.record.clone()))
    }

    async fn commit(&self, commit: MoveCommit) -> StoreResult<CommitOutcome> {
        let mut games = self.lock();
        let Some(game) = games.live(&commit.game_id) else {
            return Ok(CommitOutcome::NotFound);
        };
        if let Some((version, result)) = game.requests.get(&commit.request_id) {
            // A repeated request counts as activity, as in Redis.
            game.expires = self.expiry(game.record.finished);
            return Ok(CommitOutcome::Duplicate {
                version: *version,
                result: result.clone(),
            });
        }
        if game.record.version != commit.expected_version {
            return Ok(CommitOutcome::Conflict {
                current_version: game.record.version,
            });
        }
        let version = commit.expected_version + 1;
        game.record.version = version;
        game.record.state = commit.state;
        game.record.finished = commit.finished;
        game.record.meta = commit.meta;
        game.requests
            .insert(commit.request_id, (version, commit.result));
        game.events.push(commit.events);
        game.version_tx.send_replace(version);
        game.expires = self.expiry(game.record.finished);
        Ok(CommitOutcome::Committed { version })
    }

    async fn lookup_request(
        &self,
        game_id: &str,
        request_id: &str,
    ) -> StoreResult<Option<(u64, Vec<u8>)>> {
        Ok(self
            .lock()
            .live(game_id)
            .and_then(|g| g.requests.get(request_id).cloned()))
    }

    async fn events_after(
        &self,
        game_id: &str,
        after_version: u64,
        limit: usize,
    ) -> StoreResult<Vec<LoggedEvents>> {
        let mut games = self.lock();
        let Some(game) = games.live(game_id) else {
            return Ok(Vec::new());
        };
        // Log entry i holds version `base + i`.
        let base = game.record.version + 1 - game.events.len() as u64;
        let skip = after_version.saturating_add(1).saturating_sub(base);
        Ok(game
            .events
            .iter()
            .enumerate()
            .skip(usize::try_from(skip).unwrap_or(usize::MAX))
            .take(limit)
            .map(|(i, events)| LoggedEvents {
                version: base + i as u64,
                events: events.clone(),
            })
            .collect())
    }

    async fn wait_for_change(
        &self,
        game_id: &str,
        known_version: u64,
        timeout: Duration,
    ) -> StoreResult<()> {
        let mut rx = {
            let mut games = self.lock();
            match games.live(game_id) {
                // Unknown game: nothing will ever change; the caller's re-read
                // reports it.
                None => return Ok(()),
                Some(g) => g.version_tx.subscribe(),
            }
        };
        // `wait_for` checks the current value first, so a commit between the
        // lock release and here is not missed.
        let _ = tokio::time::timeout(timeout, rx.wait_for(|v| *v > known_version)).await;
        Ok(())
    }

    async fn set_deadline(&self, game_id: &str, at_unix_ms: Option<u64>) -> StoreResult<()> {
        let mut games = self.lock();
        match at_unix_ms {
            Some(at) => games.deadlines.insert(game_id.to_owned(), at),
            None => games.deadlines.remove(game_id),
        };
        Ok(())
    }

    async fn due_games(&self, now_unix_ms: u64, limit: usize) -> StoreResult<Vec<String>> {
        let mut due: Vec<(u64, String)> = self
            .lock()
            .deadlines
            .iter()
            .filter(|(_, at)| **at <= now_unix_ms)
            .map(|(g, at)| (*at, g.clone()))
            .collect();
        due.sort();
        Ok(due.into_iter().take(limit).map(|(_, g)| g).collect())
    }

    async fn push_bot_work(&self, work: &BotWork) -> StoreResult<()> {
        self.lock().bot_work.push(work.clone());
        Ok(())
    }

    async fn claim_bot_work(
        &self,
        consumer: &str,
        max: usize,
        stale: Duration,
    ) -> StoreResult<Vec<ClaimedWork>> {
        Ok(self.lock().bot_work.claim(consumer, max, stale))
    }

    async fn ack_bot_work(&self, id: &str) -> StoreResult<()> {
        self.lock().bot_work.ack(id);
        Ok(())
    }

    async fn forget_idle_bot_consumers(&self, idle: Duration) -> StoreResult<Vec<String>> {
        Ok(self.lock().bot_work.forget_idle(idle))
    }

    async fn ping(&self) -> StoreResult<()> {
        Ok(())
    }
}
