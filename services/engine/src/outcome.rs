//! Final results: scores, ranks and the tie-break that decided them.

use serde::{Deserialize, Serialize};

use crate::Seat;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatResult {
    pub seat: Seat,
    pub score: i64,
    /// 1 = winner. Seats still tied after every tie-break share a rank.
    pub rank: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// One entry per seat, in seat order.
    pub results: Vec<SeatResult>,
    /// How ties were broken, in words ("seat 1 ahead of seat 3: later in turn order").
    pub tie_break: String,
}

impl Outcome {
    /// Rank seats by a sort key per seat: a larger key is better, and equal keys
    /// share a rank (standard competition ranking: 1, 1, 3). `score` is what the
    /// snapshot shows; the key holds the tie-breakers after it.
    pub fn ranked<K: Ord + Clone>(
        scores: &[i64],
        keys: &[K],
        tie_break: impl Into<String>,
    ) -> Outcome {
        assert_eq!(scores.len(), keys.len(), "one key per seat");
        let results = (0..scores.len())
            .map(|seat| {
                let better = keys.iter().filter(|k| **k > keys[seat]).count();
                SeatResult {
                    seat,
                    score: scores[seat],
                    rank: better as u32 + 1,
                }
            })
            .collect();
        Outcome {
            results,
            tie_break: tie_break.into(),
        }
    }

    pub fn winners(&self) -> Vec<Seat> {
        self.results
            .iter()
            .filter(|r| r.rank == 1)
            .map(|r| r.seat)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_share_on_equal_keys_and_skip_after() {
        let o = Outcome::ranked(&[10, 12, 12, 3], &[(10, 0), (12, 1), (12, 1), (3, 0)], "");
        let ranks: Vec<u32> = o.results.iter().map(|r| r.rank).collect();
        assert_eq!(ranks, vec![3, 1, 1, 4]);
        assert_eq!(o.winners(), vec![1, 2]);
    }

    #[test]
    fn tie_breaker_separates_equal_scores() {
        let o = Outcome::ranked(&[12, 12], &[(12, 2), (12, 5)], "more coins");
        assert_eq!(o.results[0].rank, 2);
        assert_eq!(o.results[1].rank, 1);
    }
}
