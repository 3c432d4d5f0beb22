//! F3 Behead: discard a card with the same location from any tableau.

use crate::board;
use crate::model::*;

pub fn targets(s: &State, member: Member) -> Vec<Target> {
    let loc = board::location(s, member);
    let mut v = Vec::new();
    for q in 0..s.n() {
        for m in board::all_members(s, q) {
            if m != member && board::loc_match(board::location(s, m), loc) {
                v.push(Target::Card(m));
            }
        }
    }
    v
}

pub fn execute(s: &mut State, member: Member, m: Member) {
    let assassin = matches!(m, Member::Empire(_));
    board::discard_member(s, m);
    // F3 Assassin: beheading an empire kills the beheading card too.
    if assassin && board::owner_of(s, member).is_some() {
        board::discard_member(s, member);
    }
}
