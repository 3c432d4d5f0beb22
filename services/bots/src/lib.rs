//! Search bots for every Signoria game.
//!
//! [`choose_move`] picks a move for a pending seat by information-set Monte
//! Carlo tree search ([`search`]). It is deterministic for a seed and an
//! iteration budget and uses only what the seat may see: it searches over
//! states redrawn by [`Game::resample_hidden`], never over the real hidden
//! facts. Games that do not offer `resample_hidden` get a uniformly random
//! legal move.

mod budget;
pub mod rollout;
pub mod search;
pub mod tree;

pub use budget::Budget;
pub use rollout::{RandomRollout, RolloutPolicy};

use signoria_engine::{Game, GameRng, Seat};

/// The bot's move for `seat` (which must be pending) in `state`; `None` when
/// the seat is not pending. Deterministic for a seed and an iteration budget;
/// uses only what `seat` may see (games without `resample_hidden` fall back to
/// a uniformly random legal move).
pub fn choose_move<G: Game>(
    state: &G::State,
    seat: Seat,
    budget: &Budget,
    seed: u64,
) -> Option<G::Move> {
    choose_move_with::<G, _>(state, seat, budget, &RandomRollout, seed)
}

/// [`choose_move`] with another rollout policy.
pub fn choose_move_with<G: Game, P: RolloutPolicy<G> + ?Sized>(
    state: &G::State,
    seat: Seat,
    budget: &Budget,
    policy: &P,
    seed: u64,
) -> Option<G::Move> {
    let mut moves = G::legal_moves(state, seat);
    if moves.len() <= 1 {
        return moves.pop();
    }
    let mut rng = GameRng::from_seed(seed);
    match search::search::<G, P>(state, seat, budget, policy, &mut rng) {
        Some(stats) => stats.best(),
        None => Some(random_move(moves, &mut rng)),
    }
}

/// A uniformly random move of `moves` (not empty): the bot of games that
/// cannot redraw hidden facts, and the `random` bot of the arena.
pub fn random_move<M>(mut moves: Vec<M>, rng: &mut GameRng) -> M {
    let i = rng.index(moves.len());
    moves.swap_remove(i)
}
