//! F8 Siege: kill a rook, knight or pirate at the location's map card.

use crate::board;
use crate::model::*;

pub fn targets(s: &State, member: Member) -> Vec<Target> {
    let mut v = Vec::new();
    for m in super::loc_maps(s, member) {
        for c in board::usable_cities(m) {
            v.extend(
                super::pieces_in(s, c)
                    .into_iter()
                    .map(|p| Target::City(c, p)),
            );
        }
        for b in board::borders_of(m) {
            // A pirate between two map cards of the location is one target:
            // named by the first of them (the map card changes nothing for a kill).
            let listed = v
                .iter()
                .any(|t| matches!(t, Target::Border { border, .. } if *border == b));
            if !listed && matches!(s.borders[b as usize], Some(BorderToken::Pirate(_))) {
                v.push(Target::Border { border: b, map: m });
            }
        }
    }
    v.sort_unstable();
    v.dedup();
    v
}

pub fn execute(s: &mut State, target: Target) {
    match target {
        Target::City(c, p) => {
            let occ = &mut s.cities[c as usize];
            let i = occ.iter().position(|&x| x == p).unwrap();
            occ.remove(i);
            board::kill_piece(s, p);
        }
        Target::Border { border, .. } => board::kill_border(s, border),
        _ => unreachable!(),
    }
}
