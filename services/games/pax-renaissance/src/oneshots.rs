//! One-shots without a battle: the trade-route shift [H1]. Coronations are in
//! `actions`/`regime`, wars in `battle`.

use signoria_engine::Scoped;

use crate::board::{self, t};
use crate::model::*;
use crate::tables::{Centre, Prestige};

/// H1: the Spice Islands shift needs Discovery prestige in the tableau (not
/// the card just played, not spinsters: RULINGS R-12) and is permanent.
pub fn can_shift(s: &State, c: Centre) -> bool {
    if s.uncovered[c.index()] {
        return false; // RULINGS R-26: the named centre is already active, nothing to do
    }
    if c.fair() == Side::West && s.spice_locked {
        return false;
    }
    if c == Centre::SpiceIslands {
        let seat = s.active;
        let n: usize = board::all_members(s, seat)
            .into_iter()
            .map(|m| {
                board::member_prestige(s, m)
                    .iter()
                    .filter(|&&p| p == Prestige::Discovery)
                    .count()
            })
            .sum();
        return n > 0;
    }
    true
}

/// Move the marker from `c` onto the uncovered centre of its colour; tokens
/// there are repressed, free [H1, B5].
pub fn shift(s: &mut State, c: Centre, ev: &mut Vec<Scoped<Event>>) {
    let other = *Centre::ALL
        .iter()
        .find(|x| x.fair() == c.fair() && s.uncovered[x.index()])
        .unwrap();
    s.uncovered[other.index()] = false;
    s.uncovered[c.index()] = true;
    if c == Centre::SpiceIslands {
        s.spice_locked = true;
    }
    let city = t().centre_city(other);
    let map = t().cities[city as usize].map;
    let toks = std::mem::take(&mut s.cities[city as usize]);
    for p in toks {
        board::repress_onto(s, Token::Piece(p), map);
    }
    ev.push(Scoped::public(Event::Note {
        text: format!("trade route shift: {c:?} replaces {other:?}"),
    }));
}
