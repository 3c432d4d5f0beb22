//! The decoded-state cache of a replica.
//!
//! A replica keeps the decoded states of the games it moved last, keyed by
//! game id and tagged with their version, so the next `SubmitMove` at that
//! version applies the move without reading and decoding the game first. The
//! cache is never trusted to be current: a state is only used for a move whose
//! `expected_version` is the cached version, and the commit's compare-and-set
//! on the version (the store's commit script) refuses the commit if the game
//! moved on elsewhere. The service then drops the entry and serves the move
//! from the store (see `service.rs`). `ListLegalMoves` with `at_version` reads
//! the moves of a cached version without touching the store; such an answer is
//! labelled with its version, and a move chosen from it is checked the same way.
//!
//! A state is *taken out* for a move and put back (at the new version) after
//! the commit, so two moves never work on one state; a concurrent move of the
//! same game finds no entry and reads the store.
//!
//! Memory is bounded by an estimate: each entry costs [`COST_FACTOR`] times its
//! encoded size plus [`ENTRY_OVERHEAD`]; beyond the limit the least recently
//! used entries go. A limit of 0 turns the cache off.

use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use signoria_store::GameRecord;

use crate::registry::DynState;

/// Decoded states take about this many times their JSON size (boxed
/// collections, capacity slack); measured with the resident memory of a
/// replica holding 1,000 cached games (deploy/README.md).
pub const COST_FACTOR: usize = 3;
/// Per entry: the key, the record's strings, the map and LRU slots.
pub const ENTRY_OVERHEAD: usize = 256;

/// One cached game: its record (without the encoded state, which the decoded
/// one replaces) and its decoded state at `record.version`.
pub struct Cached {
    pub record: GameRecord,
    pub state: Box<dyn DynState>,
    /// Estimated bytes (see the module docs).
    pub cost: usize,
    /// The decision fingerprints of `state` per seat, where the commit that
    /// made it computed them: the next move on this state needs them as its
    /// "before" and need not compute them again.
    pub fingerprints: Option<Vec<Option<u64>>>,
}

impl Cached {
    /// `encoded_len`: the size of the state's stored form.
    pub fn new(mut record: GameRecord, state: Box<dyn DynState>, encoded_len: usize) -> Cached {
        record.state = Vec::new();
        let labels: usize = record.seat_labels.iter().map(String::len).sum();
        let cost = encoded_len * COST_FACTOR
            + ENTRY_OVERHEAD
            + record.game_id.len() * 2
            + record.game_type.len()
            + labels;
        Cached {
            record,
            state,
            cost,
            fingerprints: None,
        }
    }
}

struct Entry {
    cached: Cached,
    /// Its key in `Inner::lru`.
    tick: u64,
}

#[derive(Default)]
struct Inner {
    games: HashMap<String, Entry>,
    /// Last use -> game id; the first is the least recently used.
    lru: BTreeMap<u64, String>,
    tick: u64,
    bytes: usize,
}

impl Inner {
    fn remove(&mut self, game_id: &str) -> Option<Cached> {
        let e = self.games.remove(game_id)?;
        self.lru.remove(&e.tick);
        self.bytes -= e.cached.cost;
        Some(e.cached)
    }
}

/// Counters of a [`StateCache`] (for `GetServerStats`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CacheStats {
    pub entries: u64,
    pub bytes: u64,
    pub limit_bytes: u64,
    pub hits: u64,
    pub misses: u64,
    pub stale: u64,
}

/// See the module docs.
pub struct StateCache {
    inner: Mutex<Inner>,
    limit_bytes: usize,
    hits: AtomicU64,
    misses: AtomicU64,
    stale: AtomicU64,
}

impl StateCache {
    /// A cache holding at most `limit_bytes` (estimated); 0 = off.
    pub fn new(limit_bytes: usize) -> StateCache {
        StateCache {
            inner: Mutex::new(Inner::default()),
            limit_bytes,
            hits: AtomicU64::new(0),
            misses: AtomicU64::new(0),
            stale: AtomicU64::new(0),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Takes the state of `game_id` out if it is cached at `version` (counted
    /// as a hit; otherwise a miss). An entry older than `version` is dropped:
    /// the game moved on elsewhere.
    pub fn take(&self, game_id: &str, version: u64) -> Option<Cached> {
        if self.limit_bytes == 0 {
            return None;
        }
        let mut inner = self.lock();
        let cached_version = inner.games.get(game_id).map(|e| e.cached.record.version);
        let taken = match cached_version {
            Some(v) if v == version => inner.remove(game_id),
            Some(v) if v < version => {
                inner.remove(game_id);
                None
            }
            _ => None,
        };
        drop(inner);
        match &taken {
            Some(_) => self.hits.fetch_add(1, Relaxed),
            None => self.misses.fetch_add(1, Relaxed),
        };
        taken
    }

    /// Keeps `cached` (replacing any entry of its game unless that one is
    /// newer), then evicts the least recently used entries beyond the limit.
    pub fn put(&self, cached: Cached) {
        if self.limit_bytes == 0 || cached.cost > self.limit_bytes {
            return;
        }
        let mut inner = self.lock();
        let id = cached.record.game_id.clone();
        if let Some(e) = inner.games.get(&id)
            && e.cached.record.version > cached.record.version
        {
            return;
        }
        inner.remove(&id);
        inner.tick += 1;
        let tick = inner.tick;
        inner.bytes += cached.cost;
        inner.lru.insert(tick, id.clone());
        inner.games.insert(id, Entry { cached, tick });
        while inner.bytes > self.limit_bytes {
            let Some((_, oldest)) = inner.lru.pop_first() else {
                break;
            };
            if let Some(e) = inner.games.remove(&oldest) {
                inner.bytes -= e.cached.cost;
            }
        }
    }

    /// Drops the entry of `game_id` after its commit found it stale.
    pub fn stale(&self, game_id: &str) {
        self.stale.fetch_add(1, Relaxed);
        self.lock().remove(game_id);
    }

    /// `f` of the state of `game_id` if it is cached at `version`, run under
    /// the lock (keep it short: legal moves, a prompt).
    pub fn with_state<T>(
        &self,
        game_id: &str,
        version: u64,
        f: impl FnOnce(&dyn DynState) -> T,
    ) -> Option<T> {
        if self.limit_bytes == 0 {
            return None;
        }
        let inner = self.lock();
        let e = inner.games.get(game_id)?;
        (e.cached.record.version == version).then(|| f(&*e.cached.state))
    }

    pub fn stats(&self) -> CacheStats {
        let inner = self.lock();
        CacheStats {
            entries: inner.games.len() as u64,
            bytes: inner.bytes as u64,
            limit_bytes: self.limit_bytes as u64,
            hits: self.hits.load(Relaxed),
            misses: self.misses.load(Relaxed),
            stale: self.stale.load(Relaxed),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::Registry;

    fn cached(game_id: &str, version: u64) -> Cached {
        let g = Registry::builtin();
        let g = g.get("lorenzo-il-magnifico").unwrap();
        let state = g.setup(None, 2, 3).unwrap();
        let encoded = state.encode();
        let record = GameRecord {
            game_id: game_id.into(),
            game_type: "lorenzo-il-magnifico".into(),
            players: 2,
            version,
            state: encoded.clone(),
            finished: false,
            created_unix_ms: 0,
            seat_labels: vec!["a".into(), "b".into()],
            meta: Vec::new(),
        };
        Cached::new(record, state, encoded.len())
    }

    #[test]
    fn only_the_cached_version_is_taken_and_a_taken_state_is_gone() {
        let c = StateCache::new(1 << 20);
        c.put(cached("g", 4));
        assert!(c.take("g", 5).is_none(), "a newer version drops the entry");
        assert_eq!(c.stats().entries, 0);
        c.put(cached("g", 4));
        assert!(c.take("g", 3).is_none(), "an older request keeps it");
        let got = c.take("g", 4).expect("cached at 4");
        assert_eq!(got.record.version, 4);
        assert!(got.record.state.is_empty());
        assert!(c.take("g", 4).is_none(), "taken out");
        let s = c.stats();
        assert_eq!((s.hits, s.misses, s.entries, s.bytes), (1, 3, 0, 0));
    }

    #[test]
    fn a_newer_entry_is_not_replaced_by_an_older_one() {
        let c = StateCache::new(1 << 20);
        c.put(cached("g", 7));
        c.put(cached("g", 6));
        assert!(c.take("g", 7).is_some());
    }

    #[test]
    fn memory_stays_under_the_limit_by_evicting_the_least_recently_used() {
        let one = cached("x", 0).cost;
        let c = StateCache::new(one * 3 + one / 2);
        for (i, id) in ["a", "b", "c"].iter().enumerate() {
            c.put(cached(id, i as u64));
        }
        // Using "a" makes "b" the oldest.
        let a = c.take("a", 0).unwrap();
        c.put(a);
        c.put(cached("d", 0));
        let s = c.stats();
        assert_eq!(s.entries, 3);
        assert!(s.bytes <= s.limit_bytes, "{s:?}");
        assert!(c.with_state("b", 1, |_| ()).is_none());
        assert!(c.take("a", 0).is_some() && c.take("c", 2).is_some());
        assert!(c.take("d", 0).is_some());
    }

    #[test]
    fn states_are_read_only_at_the_cached_version() {
        let c = StateCache::new(1 << 20);
        c.put(cached("g", 2));
        assert_eq!(c.with_state("g", 2, |s| s.players()), Some(2));
        assert!(c.with_state("g", 3, |s| s.players()).is_none());
        assert!(c.with_state("h", 2, |s| s.players()).is_none());
        // Reading does not take it out.
        assert!(c.take("g", 2).is_some());
    }

    #[test]
    fn a_zero_limit_turns_the_cache_off() {
        let c = StateCache::new(0);
        c.put(cached("g", 1));
        assert!(c.take("g", 1).is_none());
        assert_eq!(c.stats().entries, 0);
        c.put(cached("g", 1));
        c.stale("g");
        assert_eq!(c.stats().stale, 1);
    }
}
