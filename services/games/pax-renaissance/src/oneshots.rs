//! One-shots without a battle: the trade-route shift [H1]. Coronations are in
//! `actions`/`regime`, wars in `battle`.

use signoria_engine::Scoped;

use crate::board;
use crate::data::{self, Prestige};
use crate::model::*;

/// H1: the Spice Islands shift needs Discovery prestige in the tableau (not
/// the card just played, not spinsters: RULINGS R-12) and is permanent.
pub fn can_shift(s: &State, c: TradeCentre) -> bool {
    if s.uncovered[c.index()] {
        return false; // RULINGS R-26: the named centre is already active, nothing to do
    }
    if c.fair() == Side::West && s.spice_locked {
        return false;
    }
    if c == TradeCentre::SpiceIslands {
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
pub fn shift(s: &mut State, c: TradeCentre, ev: &mut Vec<Scoped<Event>>) {
    let other = *TradeCentre::ALL
        .iter()
        .find(|x| x.fair() == c.fair() && s.uncovered[x.index()])
        .unwrap();
    s.uncovered[other.index()] = false;
    s.uncovered[c.index()] = true;
    if c == TradeCentre::SpiceIslands {
        s.spice_locked = true;
    }
    let city = data::map().centre_city(other);
    let map = board::city_map(city);
    let toks = std::mem::take(&mut s.cities[city as usize]);
    for p in toks {
        board::repress_onto(s, Token::Piece(p), map);
    }
    ev.push(Scoped::public(Event::Note {
        text: format!("trade route shift: {} replaces {}", c.name(), other.name()),
    }));
}
