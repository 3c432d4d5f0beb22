//! The Redis store (work in progress: every operation reports `Unavailable`).

use std::time::Duration;

use crate::{CommitOutcome, GameRecord, GameStore, LoggedEvents, MoveCommit, StoreError, StoreResult};

/// Games kept in Redis. Not implemented yet: every operation fails with
/// `StoreError::Unavailable("not implemented")`.
#[derive(Clone, Debug)]
pub struct RedisStore {
    _url: String,
}

fn not_implemented<T>() -> StoreResult<T> {
    Err(StoreError::Unavailable("not implemented".into()))
}

impl RedisStore {
    /// Connect to `url` (`redis://host:port[/db]`).
    pub async fn connect(url: &str) -> StoreResult<RedisStore> {
        let _ = url;
        not_implemented()
    }
}

impl GameStore for RedisStore {
    async fn create(&self, _record: &GameRecord) -> StoreResult<()> {
        not_implemented()
    }
    async fn load(&self, _game_id: &str) -> StoreResult<Option<GameRecord>> {
        not_implemented()
    }
    async fn commit(&self, _commit: MoveCommit) -> StoreResult<CommitOutcome> {
        not_implemented()
    }
    async fn lookup_request(&self, _g: &str, _r: &str) -> StoreResult<Option<(u64, Vec<u8>)>> {
        not_implemented()
    }
    async fn events_after(&self, _g: &str, _a: u64, _l: usize) -> StoreResult<Vec<LoggedEvents>> {
        not_implemented()
    }
    async fn wait_for_change(&self, _g: &str, _k: u64, _t: Duration) -> StoreResult<()> {
        not_implemented()
    }
    async fn ping(&self) -> StoreResult<()> {
        not_implemented()
    }
}
