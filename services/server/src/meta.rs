//! The server's own data about a game, kept with its record
//! (`GameRecord::meta`, JSON): per-seat decision versions (the rule for
//! simultaneous decisions), decision clocks and the time limit (turn
//! deadlines), resignations, and the notices of moves the server made for a
//! seat.
//!
//! Per-version parts (decision versions, clocks) are only valid at the version
//! they were written at: a record an earlier release moved since (which
//! does not write this field) keeps its old meta, and reading it at another
//! version forgets them (no stale move is then applied on a newer version, and
//! the clocks start again).

use serde::{Deserialize, Serialize};
use signoria_engine::Seat;
use signoria_store::GameRecord;

/// Notices kept (the newest); older ones drop out.
pub const MAX_NOTICES: usize = 64;

/// What the server did or recorded for a seat (not a move of the game's rules).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum NoticeKind {
    /// The seat was past its time limit: the default move was made for it.
    TimedOut,
    /// The seat resigned.
    Resigned,
    /// A move the server made for a seat it plays: a bot seat's or a
    /// resigned seat's (the search bot), or the default move of a resigned
    /// seat handed back to a player.
    BotMove,
    /// The seat was handed to the search bot (the label is its strength).
    BotSeat,
    /// The seat was given back to its player.
    PlayerSeat,
}

/// A seat the server's search bot plays.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotSeat {
    pub seat: u32,
    /// A name of [`signoria_bots::Budget::named`].
    pub strength: String,
}

/// The strength of the search bot that plays a resigned seat on.
pub const RESIGNED_BOT_STRENGTH: &str = "default";

/// How long a bot seat may stay pending before the deadline scanner queues
/// its work again (the safety net for work lost between a commit and its
/// queueing); again every as long after.
pub const BOT_RETRY_MS: u64 = 30_000;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notice {
    /// The version the notice's commit produced.
    pub version: u64,
    pub seat: u32,
    pub kind: NoticeKind,
    /// The move's label (empty for a resignation).
    pub label: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameMeta {
    /// The version this was written at.
    pub version: u64,
    /// Per seat, the version since which its decision is unchanged (empty:
    /// unknown).
    #[serde(default)]
    pub decisions: Vec<u64>,
    /// Per seat, when (unix ms) its current decision began (empty: unknown).
    #[serde(default)]
    pub since_ms: Vec<u64>,
    /// The time limit per decision (`CreateGame.decision_seconds`).
    #[serde(default)]
    pub decision_limit_ms: Option<u64>,
    /// Seats that resigned, in seat order.
    #[serde(default)]
    pub resigned: Vec<u32>,
    /// The newest notices, oldest first.
    #[serde(default)]
    pub notices: Vec<Notice>,
    /// How the game was dealt (for `ExportGame`; absent for games created by
    /// releases that did not keep it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<Origin>,
    /// Seats the search bot plays, in seat order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bots: Vec<BotSeat>,
}

/// What a game was set up from: with the moves of its event log, enough to
/// replay it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Origin {
    pub seed: u64,
    /// `CreateGame.options` as protobuf bytes (empty: the defaults).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<u8>,
}

impl GameMeta {
    /// A new game's meta.
    pub fn new(players: usize, decision_limit_ms: Option<u64>, now_ms: u64) -> GameMeta {
        GameMeta {
            version: 0,
            decisions: vec![0; players],
            since_ms: vec![now_ms; players],
            decision_limit_ms,
            resigned: Vec::new(),
            notices: Vec::new(),
            origin: None,
            bots: Vec::new(),
        }
    }

    /// The meta of `record`, per-version parts dropped when written at
    /// another version (or none for records of earlier releases).
    pub fn read(record: &GameRecord) -> GameMeta {
        let mut meta: GameMeta = serde_json::from_slice(&record.meta).unwrap_or_default();
        if meta.version != record.version {
            meta.decisions.clear();
            meta.since_ms.clear();
            meta.version = record.version;
        }
        meta
    }

    pub fn encode(&self) -> Vec<u8> {
        serde_json::to_vec(self).expect("meta serialises")
    }

    pub fn is_resigned(&self, seat: Seat) -> bool {
        self.resigned.contains(&(seat as u32))
    }

    /// The bot that plays `seat`, if one does.
    pub fn bot(&self, seat: Seat) -> Option<&BotSeat> {
        self.bots.iter().find(|b| b.seat as usize == seat)
    }

    /// Hands `seat` to a bot of `strength` (`Some`) or back to its player.
    pub fn set_bot(&mut self, seat: Seat, strength: Option<&str>) {
        self.bots.retain(|b| b.seat as usize != seat);
        if let Some(strength) = strength {
            self.bots.push(BotSeat {
                seat: seat as u32,
                strength: strength.to_owned(),
            });
            self.bots.sort_by_key(|b| b.seat);
        }
    }

    /// After `seat` resigned: the search bot plays it on at the default
    /// strength (unless a bot plays it already); when every seat has resigned
    /// (abandoned) no bot plays any resigned seat, so the game stands still.
    pub fn bot_for_resigned(&mut self, seat: Seat, players: usize) {
        if self.abandoned(players) {
            let resigned = self.resigned.clone();
            self.bots.retain(|b| !resigned.contains(&b.seat));
        } else if self.bot(seat).is_none() {
            self.set_bot(seat, Some(RESIGNED_BOT_STRENGTH));
        }
    }

    /// The pending bot seats whose decision began at this version (a bot
    /// seat whose decision is unchanged has its work queued already).
    pub fn bots_to_queue(&self, pending: &[Seat]) -> Vec<Seat> {
        pending
            .iter()
            .copied()
            .filter(|&s| self.bot(s).is_some())
            .filter(|&s| self.decisions.get(s).is_none_or(|&d| d == self.version))
            .collect()
    }

    /// The pending bot seats whose decision began at least [`BOT_RETRY_MS`]
    /// ago: their work is queued again.
    pub fn overdue_bots(&self, pending: &[Seat], now_ms: u64) -> Vec<Seat> {
        pending
            .iter()
            .copied()
            .filter(|&s| self.bot(s).is_some())
            .filter(|&s| {
                let since = self.since_ms.get(s).copied().unwrap_or(now_ms);
                now_ms.saturating_sub(since) >= BOT_RETRY_MS
            })
            .collect()
    }

    /// Every seat resigned: nobody plays on.
    pub fn abandoned(&self, players: usize) -> bool {
        players > 0 && self.resigned.len() >= players
    }

    /// Whether the decision of `seat` has been unchanged since `version`.
    pub fn unchanged_since(&self, seat: Seat, version: u64) -> bool {
        self.decisions.get(seat).is_some_and(|&d| d <= version)
    }

    /// The meta after a commit at `self.version + 1` (`before`, `after`:
    /// each seat's decision fingerprint around it; `mover`: the seat that
    /// moved, whose decision always counts as changed). A seat whose decision
    /// did not change keeps its decision version and clock; every other seat
    /// gets the new version and `now_ms`.
    pub fn after_commit(
        &self,
        mover: Option<Seat>,
        before: &[Option<u64>],
        after: &[Option<u64>],
        now_ms: u64,
    ) -> GameMeta {
        let new = self.version + 1;
        let known = self.decisions.len() == before.len() && self.since_ms.len() == before.len();
        let mut next = self.clone();
        next.version = new;
        next.decisions.clear();
        next.since_ms.clear();
        for (s, fp) in before.iter().enumerate() {
            let same = Some(s) != mover && *fp == after.get(s).copied().flatten();
            let (d, t) = match (same, known) {
                (true, true) => (self.decisions[s], self.since_ms[s]),
                // Unchanged through this move at least.
                (true, false) => (self.version, now_ms),
                (false, _) => (new, now_ms),
            };
            next.decisions.push(d);
            next.since_ms.push(t);
        }
        next
    }

    pub fn notice(&mut self, notice: Notice) {
        self.notices.push(notice);
        if self.notices.len() > MAX_NOTICES {
            let extra = self.notices.len() - MAX_NOTICES;
            self.notices.drain(..extra);
        }
    }

    /// When `seat` (pending) must have decided: at once for a resigned seat,
    /// else its clock plus the limit; `None` without a limit.
    /// A bot seat's is its next retry ([`BOT_RETRY_MS`] after its decision
    /// began, and every as long after), always after `now_ms`.
    fn deadline(&self, seat: Seat, now_ms: u64) -> Option<u64> {
        let since = self.since_ms.get(seat).copied().unwrap_or(now_ms);
        if self.bot(seat).is_some() {
            let periods = now_ms.saturating_sub(since) / BOT_RETRY_MS + 1;
            return Some(since.saturating_add(periods * BOT_RETRY_MS));
        }
        if self.is_resigned(seat) {
            return Some(since);
        }
        self.decision_limit_ms.map(|l| since.saturating_add(l))
    }

    /// The earliest deadline of the pending seats (`None`: nothing to watch).
    pub fn next_deadline(&self, pending: &[Seat], players: usize, now_ms: u64) -> Option<u64> {
        if self.abandoned(players) {
            return None;
        }
        pending
            .iter()
            .filter_map(|&s| self.deadline(s, now_ms))
            .min()
    }

    /// The deadline of each pending seat that has one (bot seats have
    /// none a client would care for).
    pub fn deadlines(&self, pending: &[Seat], now_ms: u64) -> Vec<(Seat, u64)> {
        pending
            .iter()
            .filter(|&&s| self.bot(s).is_none())
            .filter_map(|&s| Some((s, self.deadline(s, now_ms)?)))
            .collect()
    }

    /// The first pending seat past its deadline, and what the server's move
    /// for it is (bot seats never: see [`GameMeta::overdue_bots`]).
    pub fn expired(
        &self,
        pending: &[Seat],
        players: usize,
        now_ms: u64,
    ) -> Option<(Seat, NoticeKind)> {
        if self.abandoned(players) {
            return None;
        }
        pending.iter().find_map(|&s| {
            let due = self.deadline(s, now_ms)?;
            (due <= now_ms).then(|| {
                let kind = if self.is_resigned(s) {
                    NoticeKind::BotMove
                } else {
                    NoticeKind::TimedOut
                };
                (s, kind)
            })
        })
    }
}

/// The default move's index among `n` legal moves of `seat`: the random
/// player's choice, drawn from the state itself ([`state_seed`]), so every
/// replica picks the same move.
pub fn default_choice(state: &[u8], version: u64, seat: Seat, n: usize) -> usize {
    (state_seed(state, version, seat) % n.max(1) as u64) as usize
}

/// A seed drawn from the encoded state, the version and the seat (FNV-1a):
/// every replica derives the same one (the default move, the bot's search).
pub fn state_seed(state: &[u8], version: u64, seat: Seat) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in state
        .iter()
        .chain(version.to_le_bytes().iter())
        .chain((seat as u64).to_le_bytes().iter())
    {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(version: u64, meta: &GameMeta) -> GameRecord {
        GameRecord {
            game_id: "g".into(),
            game_type: "t".into(),
            players: 3,
            version,
            state: Vec::new(),
            finished: false,
            created_unix_ms: 0,
            seat_labels: Vec::new(),
            meta: meta.encode(),
        }
    }

    #[test]
    fn per_version_parts_hold_only_at_their_version() {
        let mut m = GameMeta::new(3, Some(1000), 5);
        m.resigned = vec![1];
        assert_eq!(GameMeta::read(&record(0, &m)), m);
        // An earlier release moved the game to version 2 since.
        let read = GameMeta::read(&record(2, &m));
        assert!(read.decisions.is_empty() && read.since_ms.is_empty());
        assert_eq!((read.version, read.decision_limit_ms), (2, Some(1000)));
        assert_eq!(read.resigned, vec![1]);
        assert_eq!(GameMeta::read(&record(0, &GameMeta::default())).version, 0);
    }

    #[test]
    fn unchanged_decisions_keep_their_version_and_clock() {
        let m = GameMeta::new(3, Some(1000), 5);
        let before = [Some(1), Some(2), None];
        let after = [Some(1), Some(9), None];
        let n = m.after_commit(Some(0), &before, &after, 70);
        // Seat 0 moved (always changed), seat 1 changed, seat 2 unchanged.
        assert_eq!(n.decisions, vec![1, 1, 0]);
        assert_eq!(n.since_ms, vec![70, 70, 5]);
        assert!(n.unchanged_since(2, 0) && !n.unchanged_since(1, 0));
    }

    #[test]
    fn deadlines_and_expiry() {
        let mut m = GameMeta::new(3, Some(1000), 5);
        assert_eq!(m.next_deadline(&[0, 2], 3, 10), Some(1005));
        assert_eq!(m.expired(&[0, 2], 3, 1004), None);
        assert_eq!(m.expired(&[0, 2], 3, 1005), Some((0, NoticeKind::TimedOut)));
        m.resigned = vec![2];
        m.decision_limit_ms = None;
        assert_eq!(m.expired(&[0, 2], 3, 6), Some((2, NoticeKind::BotMove)));
        assert_eq!(m.next_deadline(&[0], 3, 6), None);
        m.resigned = vec![0, 1, 2];
        assert!(m.abandoned(3));
        assert_eq!(m.expired(&[0, 2], 3, 6), None);
    }

    #[test]
    fn resigned_seats_get_a_bot_until_the_game_is_abandoned() {
        let mut m = GameMeta::new(3, None, 5);
        m.set_bot(1, Some("strong"));
        m.resigned = vec![0];
        m.bot_for_resigned(0, 3);
        m.resigned = vec![0, 1];
        m.bot_for_resigned(1, 3);
        // A seat a bot played already keeps its strength.
        let bots: Vec<_> = m
            .bots
            .iter()
            .map(|b| (b.seat, b.strength.as_str()))
            .collect();
        assert_eq!(bots, vec![(0, RESIGNED_BOT_STRENGTH), (1, "strong")]);
        // The resigned seat is the bot's: no default move at once.
        assert_eq!(m.expired(&[0], 3, 6), None);
        assert_eq!(m.bots_to_queue(&[0]), vec![0]);
        m.resigned = vec![0, 1, 2];
        m.bot_for_resigned(2, 3);
        assert!(m.bots.is_empty(), "{:?}", m.bots);
        assert_eq!(m.bots_to_queue(&[0, 1, 2]), Vec::<Seat>::new());
    }

    #[test]
    fn default_choices_are_deterministic_and_spread() {
        let a = default_choice(b"state", 3, 1, 10);
        assert_eq!(a, default_choice(b"state", 3, 1, 10));
        let picks: std::collections::BTreeSet<usize> = (0..50)
            .map(|v| default_choice(b"state", v, 1, 10))
            .collect();
        assert!(picks.len() > 5);
        assert_eq!(default_choice(b"x", 0, 0, 1), 0);
    }
}
