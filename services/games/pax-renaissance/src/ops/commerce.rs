//! F2 Commerce: 1 florin from a card of the symbol's market row, the fair card included.

use crate::model::*;

pub fn targets(s: &State, row: Side) -> Vec<Target> {
    s.market[row.index()]
        .iter()
        .enumerate()
        .filter(|(_, c)| c.as_ref().is_some_and(|c| c.florins > 0))
        .map(|(col, _)| Target::Market {
            row,
            col: col as u8,
        })
        .collect()
}

pub fn execute(s: &mut State, row: Side, col: u8) {
    s.market[row.index()][col as usize]
        .as_mut()
        .unwrap()
        .florins -= 1;
    s.players[s.active].florins += 1;
}
