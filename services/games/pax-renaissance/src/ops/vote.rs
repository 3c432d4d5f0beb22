//! F6 Vote: regime change in an empire of any tableau on the symbol's side
//! (tableau side, RULINGS R-7), with strictly more concessions on its borders
//! than each other player, paying 1 per repressed token.

use signoria_engine::Scoped;

use crate::board;
use crate::model::*;

fn count(s: &State, e: MapId, seat: usize) -> usize {
    board::borders_of(e)
        .filter(|&b| s.borders[b as usize] == Some(BorderToken::Concession(seat)))
        .count()
}

pub fn targets(s: &State, side: Side) -> Vec<Target> {
    let seat = s.active;
    let mut v = Vec::new();
    for q in 0..s.n() {
        for m in board::side_members(s, q, side) {
            let Member::Empire(e) = m else { continue };
            let best_other = (0..s.n())
                .filter(|&o| o != seat)
                .map(|o| count(s, e, o))
                .max()
                .unwrap_or(0);
            let cost = s.empires[e as usize].repressed.len() as i64;
            if count(s, e, seat) > best_other && s.players[seat].florins >= cost {
                v.push(Target::Empire(e));
            }
        }
    }
    v
}

pub fn execute(s: &mut State, e: MapId, ev: &mut Vec<Scoped<Event>>) {
    let cost = s.empires[e as usize].repressed.len() as i64;
    board::pay_china(s, s.active, cost);
    crate::regime::change(s, e, Cause::Vote, ev);
}
