//! F1 Inquisitor: move a bishop of the symbol's colour.

use signoria_engine::Scoped;

use crate::board;
use crate::model::*;

/// The locations of a tableau position: a suzerain with its vassals (and a
/// king with his queen) is one card for bishops [I1, Glossar: VASALL], so it
/// has every member's location (RULINGS R-51).
fn slot_locations(s: &State, root: Member) -> Vec<Option<crate::data::Location>> {
    board::members_of(s, root)
        .into_iter()
        .map(|m| board::location(s, m))
        .collect()
}

/// Any bishop of the colour (any tableau); to an adjacent card of the same
/// tableau side, or any card with the same location; never the player card.
pub fn targets(s: &State, r: Religion) -> Vec<Target> {
    let mut v = Vec::new();
    for p in &s.players {
        for row in &p.tableau {
            for (i, sl) in row.iter().enumerate() {
                if sl.bishop != Some(r) {
                    continue;
                }
                let mut dests = Vec::new();
                if i > 0 {
                    dests.push(row[i - 1].root);
                }
                if i + 1 < row.len() {
                    dests.push(row[i + 1].root);
                }
                let here = slot_locations(s, sl.root);
                for q in &s.players {
                    for sl2 in q.tableau.iter().flatten() {
                        if sl2.root != sl.root
                            && slot_locations(s, sl2.root)
                                .iter()
                                .any(|&a| here.iter().any(|&b| board::loc_match(a, b)))
                        {
                            dests.push(sl2.root);
                        }
                    }
                }
                dests.sort_unstable();
                dests.dedup();
                v.extend(
                    dests
                        .into_iter()
                        .map(|to| Target::Bishop { from: sl.root, to }),
                );
            }
        }
    }
    v
}

pub fn execute(s: &mut State, r: Religion, from: Member, to: Member, ev: &mut Vec<Scoped<Event>>) {
    let (a, b, i) = board::find_slot(s, from).unwrap();
    s.players[a].tableau[b][i].bishop = None;
    crate::agents::place_bishop(s, to, r, ev);
}
