//! The end (seed §11, §11.2, §11.3): the game ends after the income phase of the round
//! in which a player bought all 26 advances or the last card was drawn; then every
//! remaining card is played (the final card play) and each player scores his advances'
//! printed costs plus his cash minus his misery value.

use signoria_engine::Outcome;

use crate::data::data;
use crate::model::{Advances, SeatId, State};

/// The end condition, checked after the income phase (seed §11; the mats' "Spielende";
/// RULINGS R-END): all 26 advances, the last card drawn, or fewer than two players
/// left in the game.
pub fn game_ends(s: &State) -> bool {
    s.players
        .iter()
        .any(|p| !p.out && p.advances == Advances::ALL)
        || s.last_card_drawn
        || s.order.len() < 2
}

pub fn score(s: &State, seat: SeatId) -> i64 {
    let d = data();
    let p = s.player(seat);
    let advances: i64 = p.advances.iter().map(|a| d.advance(a).cost as i64).sum();
    advances + p.cash as i64 - s.misery_value(seat) as i64
}

/// The result, once the game has ended.
pub fn outcome(s: &State) -> Option<Outcome> {
    s.stack.is_empty().then(|| ranking(s))
}

/// Ranks: players still in the game by score; players out after them (RULINGS
/// R-SCORE-OUT); equal keys share a rank (no tie-break in the seed, RULINGS R-TIE).
/// Before the end it is the standing so far: advances, cash and misery are all on the
/// table (`view`), so it reads nothing hidden.
pub fn ranking(s: &State) -> Outcome {
    let scores: Vec<i64> = (0..s.n() as SeatId).map(|p| score(s, p)).collect();
    let keys: Vec<(bool, i64)> = (0..s.n()).map(|p| (!s.players[p].out, scores[p])).collect();
    Outcome::ranked(
        &scores,
        &keys,
        "players still in the game rank above those out; equal scores share a rank (the seed has no tie-break)",
    )
}
