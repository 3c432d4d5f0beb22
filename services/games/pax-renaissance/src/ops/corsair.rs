//! F7 Corsair: a pirate of the symbol's colour on a sea border of the
//! location's map card moves to a sea border of that card or an adjacent one
//! (RULINGS R-8), never onto a same-colour pirate; the occupant there dies.

use crate::board;
use crate::data;
use crate::model::*;

pub fn targets(s: &State, member: Member, r: Religion) -> Vec<Target> {
    let mut v = Vec::new();
    for m in super::loc_maps(s, member) {
        for from in board::borders_of(m) {
            if s.borders[from as usize] != Some(BorderToken::Pirate(r)) {
                continue;
            }
            for (to, bd) in data::map().borders.iter().enumerate() {
                let to = to as BorderId;
                if to == from || !bd.sea || s.borders[to as usize] == Some(BorderToken::Pirate(r)) {
                    continue;
                }
                let near = |x: MapId| x == m || data::map().adjacent_ids(x, m);
                if board::border_maps(to).into_iter().any(near) {
                    v.push(Target::Corsair { from, to });
                }
            }
        }
    }
    v.sort_unstable();
    v.dedup();
    v
}

pub fn execute(s: &mut State, r: Religion, from: BorderId, to: BorderId) {
    s.borders[from as usize] = None;
    board::kill_border(s, to); // sea battle
    s.borders[to as usize] = Some(BorderToken::Pirate(r));
}
