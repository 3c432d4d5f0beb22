//! Random play through the API, shared by `bot random` and `load`: one
//! decision at a time, uniformly random among the legal moves of a pending
//! seat we hold a token for. Knows no rules; sends the listed move back
//! unchanged.
//!
//! One round trip per decision where the API allows: the SubmitMove answer
//! carries the game's snapshot (who is pending next) and, when the mover is
//! still pending, its next legal moves; only when another seat is pending are
//! its moves asked for, with `ListLegalMoves(at_version)`, which the replica
//! that just committed answers from its cached state without a store read.
//!
//! A `SubmitMove` whose answer is lost (UNAVAILABLE, DEADLINE_EXCEEDED, ...) is
//! retried with the same request id, so a move applied by the first attempt
//! comes back as the original answer (`duplicate`) instead of being applied
//! twice or counted as lost.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use signoria_server::errors::code_name;
use signoria_server::pb;
use tonic::{Code, Status};

use crate::client::Client;
use crate::{finished, retryable};

/// Attempts of one `SubmitMove` (the first and the retries with its request id).
const SUBMIT_ATTEMPTS: u32 = 6;

/// splitmix64: a tiny, good-enough generator for bot choices.
pub struct BotRng(pub u64);

impl BotRng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A seed from the clock, for runs that were given none.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(1)
}

/// What the calls of a player saw: latencies of acknowledged moves and every
/// non-OK status, by RPC and code.
#[derive(Debug, Default)]
pub struct Tally {
    /// `SubmitMove` round trips that acknowledged a move, in microseconds.
    pub submit_micros: Vec<u64>,
    /// `ListLegalMoves` round trips, in microseconds.
    pub legal_micros: Vec<u64>,
    /// `"<RPC> <CODE>"` -> count.
    pub rejections: BTreeMap<String, u64>,
}

impl Tally {
    pub fn reject(&mut self, rpc: &str, code: Code) {
        *self
            .rejections
            .entry(format!("{rpc} {}", code_name(code)))
            .or_default() += 1;
    }

    pub fn merge(&mut self, other: Tally) {
        self.submit_micros.extend(other.submit_micros);
        self.legal_micros.extend(other.legal_micros);
        for (k, n) in other.rejections {
            *self.rejections.entry(k).or_default() += n;
        }
    }
}

fn micros(d: Duration) -> u64 {
    d.as_micros().try_into().unwrap_or(u64::MAX)
}

/// The result of one [`RandomPlayer::step`].
#[derive(Debug)]
pub enum Turn {
    /// A move was acknowledged (`duplicate`: by a retry, after the first
    /// attempt's answer was lost; it was applied once).
    Moved {
        seat: u32,
        version: u64,
        label: String,
        duplicate: bool,
    },
    /// The server refused the move and applied nothing: ABORTED (the game
    /// moved on) or FAILED_PRECONDITION (the rules refused it).
    Refused { seat: u32, status: Status },
    /// No seat we hold is pending at `version`: someone else decides.
    NotOurs { version: u64 },
    /// The pending seat had no legal moves any more: the game moved on
    /// between reading it and listing; the next step re-reads.
    Stale,
    /// The game is over.
    Finished(Box<pb::GameSnapshot>),
}

/// A call that failed with something other than a refusal.
#[derive(Debug)]
pub struct PlayError {
    pub rpc: &'static str,
    pub status: Status,
    /// A `SubmitMove` that may or may not have been applied (every attempt
    /// failed without a definite answer).
    pub outcome_unknown: bool,
}

impl PlayError {
    pub fn into_anyhow(self) -> anyhow::Error {
        crate::client::status_error(self.status).context(format!("{} failed", self.rpc))
    }
}

/// Plays the seats it holds tokens for, one decision per [`step`](Self::step).
pub struct RandomPlayer {
    game_id: String,
    seats: BTreeMap<u32, Client>,
    observer: Client,
    rng: BotRng,
    /// The game as last seen; `None` = re-read before the next decision.
    snapshot: Option<pb::GameSnapshot>,
    /// A seat's legal moves that came with the last answer (at
    /// `snapshot.version`).
    decision: Option<pb::Decision>,
}

impl RandomPlayer {
    /// `seats`: a client per seat we play (carrying its token); `observer`:
    /// any client of the same game (used to re-read the game); `snapshot`: the
    /// game as just seen, if at hand (saves a `GetGame`).
    pub fn new(
        game_id: String,
        seats: BTreeMap<u32, Client>,
        observer: Client,
        seed: u64,
        snapshot: Option<pb::GameSnapshot>,
    ) -> RandomPlayer {
        RandomPlayer {
            game_id,
            seats,
            observer,
            rng: BotRng(seed),
            snapshot,
            decision: None,
        }
    }

    pub fn game_id(&self) -> &str {
        &self.game_id
    }

    /// Wait (watching) until the game is past `version`.
    pub async fn wait_past(&mut self, version: u64) -> Result<(), Status> {
        self.snapshot = None;
        self.decision = None;
        self.observer.wait_past(&self.game_id, version).await?;
        Ok(())
    }

    /// One decision: read the game if needed, pick a pending seat we hold,
    /// list its legal moves, submit one at random.
    pub async fn step(&mut self, tally: &mut Tally) -> Result<Turn, PlayError> {
        let snap = match self.snapshot.take() {
            Some(s) => s,
            None => self
                .observer
                .get_game(&self.game_id)
                .await
                .map_err(|status| fail(tally, "GetGame", status))?,
        };
        if finished(&snap) {
            self.snapshot = Some(snap.clone());
            return Ok(Turn::Finished(Box::new(snap)));
        }
        let mine: Vec<u32> = snap
            .pending_seats
            .iter()
            .copied()
            .filter(|s| self.seats.contains_key(s))
            .collect();
        if mine.is_empty() {
            return Ok(Turn::NotOurs {
                version: snap.version,
            });
        }
        let seat = mine[self.rng.below(mine.len())];
        let client = self.seats.get_mut(&seat).expect("a seat we hold");
        let known = self
            .decision
            .take()
            .filter(|d| d.seat == seat && d.version == snap.version);
        let legal = match known {
            Some(d) => d,
            None => {
                let started = Instant::now();
                let l = client
                    .list_legal_moves_at(&self.game_id, Some(snap.version))
                    .await
                    .map_err(|status| fail(tally, "ListLegalMoves", status))?;
                tally.legal_micros.push(micros(started.elapsed()));
                pb::Decision {
                    version: l.version,
                    seat,
                    moves: l.moves,
                    prompt: l.prompt,
                }
            }
        };
        if legal.moves.is_empty() {
            return Ok(Turn::Stale);
        }
        let pick = &legal.moves[self.rng.below(legal.moves.len())];
        let mv = pick.r#move.clone().ok_or_else(|| PlayError {
            rpc: "ListLegalMoves",
            status: Status::internal("the server sent a legal move without a move"),
            outcome_unknown: false,
        })?;
        let request_id = signoria_server::auth::random_id(16);
        let mut backoff = Duration::from_millis(10);
        for attempt in 1.. {
            let started = Instant::now();
            match client
                .submit_with_id(&self.game_id, legal.version, &request_id, mv.clone())
                .await
            {
                Ok(resp) => {
                    tally.submit_micros.push(micros(started.elapsed()));
                    // The mover's snapshot: pending seats and status are public.
                    self.snapshot = resp.snapshot;
                    self.decision = resp.next_decision;
                    return Ok(Turn::Moved {
                        seat,
                        version: resp.version,
                        label: pick.label.clone(),
                        duplicate: resp.duplicate,
                    });
                }
                Err(status) => {
                    tally.reject("SubmitMove", status.code());
                    match status.code() {
                        Code::Aborted | Code::FailedPrecondition => {
                            return Ok(Turn::Refused { seat, status });
                        }
                        code if retryable(code) && attempt < SUBMIT_ATTEMPTS => {
                            tokio::time::sleep(backoff).await;
                            backoff *= 2;
                        }
                        code => {
                            return Err(PlayError {
                                rpc: "SubmitMove",
                                status,
                                outcome_unknown: retryable(code),
                            });
                        }
                    }
                }
            }
        }
        unreachable!("the attempts loop returns")
    }
}

fn fail(tally: &mut Tally, rpc: &'static str, status: Status) -> PlayError {
    tally.reject(rpc, status.code());
    PlayError {
        rpc,
        status,
        outcome_unknown: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_choices_are_in_range_and_seeded() {
        let (mut a, mut b) = (BotRng(3), BotRng(3));
        for n in 1..50 {
            let x = a.below(n);
            assert!(x < n);
            assert_eq!(x, b.below(n));
        }
    }

    #[test]
    fn tallies_merge() {
        let mut a = Tally::default();
        a.reject("SubmitMove", Code::Aborted);
        a.submit_micros.push(5);
        let mut b = Tally::default();
        b.reject("SubmitMove", Code::Aborted);
        b.reject("GetGame", Code::Unavailable);
        b.submit_micros.push(7);
        a.merge(b);
        assert_eq!(a.submit_micros, vec![5, 7]);
        assert_eq!(a.rejections["SubmitMove ABORTED"], 2);
        assert_eq!(a.rejections["GetGame UNAVAILABLE"], 1);
    }
}
