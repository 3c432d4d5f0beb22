//! Rollouts: playing a determinized state on to the end (or to a depth cap)
//! with a cheap policy, and scoring the result for every seat.

use signoria_engine::{Game, GameRng, Outcome, Seat, kernel};

/// How a rollout picks moves. Reusable by any search: it sees the state being
/// played out (a determinization, never the real hidden facts) and the legal
/// moves of the seat to move.
pub trait RolloutPolicy<G: Game> {
    /// The index in `moves` (not empty) that `seat` plays.
    fn pick(&self, state: &G::State, seat: Seat, moves: &[G::Move], rng: &mut GameRng) -> usize;
}

/// Uniformly random legal moves.
#[derive(Debug, Clone, Copy, Default)]
pub struct RandomRollout;

impl<G: Game> RolloutPolicy<G> for RandomRollout {
    fn pick(&self, _: &G::State, _: Seat, moves: &[G::Move], rng: &mut GameRng) -> usize {
        rng.index(moves.len())
    }
}

/// Apply a move known to be legal (taken from `legal_moves`): the checks of
/// [`Game::apply`] are skipped, the automatic steps that follow are run.
pub fn apply_legal<G: Game>(state: &mut G::State, seat: Seat, mv: &G::Move) {
    let mut events = Vec::new();
    G::resolve(state, seat, mv, &mut events);
    kernel::advance::<G>(state, &mut events);
}

/// The seat that moves next in a search or rollout: the first pending seat.
/// (Several seats are pending only on a simultaneous secret choice, where the
/// order in which the picks are recorded does not matter.)
pub fn next_seat<G: Game>(state: &G::State) -> Option<Seat> {
    G::pending(state).first().copied()
}

/// Play `state` on with `policy` for at most `max_moves` moves (fewer where
/// the game says so, [`Game::bot_rollout_depth`]) and score it ([`rewards`]);
/// a game that has not ended by then is scored by its standing
/// ([`Game::standing`]), else as a draw.
pub fn play_out<G: Game, P: RolloutPolicy<G> + ?Sized>(
    state: &mut G::State,
    policy: &P,
    max_moves: u32,
    rng: &mut GameRng,
) -> Vec<f64> {
    let max_moves = G::bot_rollout_depth().map_or(max_moves, |d| d.min(max_moves));
    for _ in 0..max_moves {
        let Some(seat) = next_seat::<G>(state) else {
            break;
        };
        let moves = G::legal_moves(state, seat);
        let i = policy.pick(state, seat, &moves, rng);
        apply_legal::<G>(state, seat, &moves[i]);
    }
    match G::outcome(state).or_else(|| G::standing(state)) {
        Some(outcome) => rewards(&outcome),
        None => vec![0.5; G::players(state)],
    }
}

/// The reward of every seat in `0..=1`: the share of the other seats it
/// finished ahead of, a tie counting half. With two players: 1 win, 0 loss,
/// 0.5 draw.
pub fn rewards(outcome: &Outcome) -> Vec<f64> {
    let n = outcome.results.len();
    if n < 2 {
        return vec![1.0; n];
    }
    outcome
        .results
        .iter()
        .map(|me| {
            let beaten: f64 = outcome
                .results
                .iter()
                .filter(|o| o.seat != me.seat)
                .map(|o| match me.rank.cmp(&o.rank) {
                    std::cmp::Ordering::Less => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Greater => 0.0,
                })
                .sum();
            beaten / (n - 1) as f64
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewards_follow_the_ranks() {
        let o = Outcome::ranked(&[3, 9, 9, 1], &[3, 9, 9, 1], "");
        let r = rewards(&o);
        assert_eq!(r, vec![1.0 / 3.0, 2.5 / 3.0, 2.5 / 3.0, 0.0]);
        let two = Outcome::ranked(&[5, 2], &[5, 2], "");
        assert_eq!(rewards(&two), vec![1.0, 0.0]);
    }
}
