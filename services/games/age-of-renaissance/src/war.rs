//! War (seed A.2 Krieg, §11.1): one die each, +1 for Nationalism [W] and per military
//! advantage in effect; the higher total wins; winner one misery step, loser two; the
//! loser cedes as many of his control tokens as the difference, of his choice, that
//! the winner can hold (one misery step for each he cannot cede); a tie gives both a
//! step and the war goes on in the next card-play phase. In the final card play a tie
//! is rolled again as often as players are still to play, then the war ends drawn.

use signoria_engine::Scoped;

use crate::data::{Advance, ProvinceId, Region, data};
use crate::geo::{bit, geo};
use crate::model::{Event, Frame, Move, SeatId, State, War};
use crate::{military, misery, reach};

fn modifier(s: &State, seat: SeatId) -> u8 {
    (s.has(seat, Advance::W) as u32 + military::war_bonus(s, seat)) as u8
}

/// Resolve a war. `rolls`: `None` in an ordinary card-play phase (a tie carries the
/// war over), `Some(n)` in the final card play (at most n rolls).
pub fn fight(s: &mut State, war: War, rolls: Option<u32>, ev: &mut Vec<Scoped<Event>>) {
    let mut left = rolls.unwrap_or(1).max(1);
    loop {
        let (a, b) = (war.declarer, war.target);
        if s.player(a).out || s.player(b).out {
            return;
        }
        let ra = s.d6();
        let rb = s.d6();
        let ta = ra + modifier(s, a);
        let tb = rb + modifier(s, b);
        ev.push(Scoped::public(Event::WarRoll {
            declarer: a,
            target: b,
            rolls: [ra, rb],
            totals: [ta, tb],
        }));
        if ta == tb {
            misery::raise(s, a, 1, ev);
            misery::raise(s, b, 1, ev);
            left -= 1;
            if rolls.is_none() {
                if !s.player(a).out && !s.player(b).out {
                    s.wars.push(war);
                }
                return;
            }
            if left == 0 {
                return;
            }
            continue;
        }
        let (winner, loser, diff) = if ta > tb {
            (a, b, ta - tb)
        } else {
            (b, a, tb - ta)
        };
        misery::raise(s, winner, 1, ev);
        misery::raise(s, loser, 2, ev);
        if !s.player(loser).out {
            s.stack.push(Frame::Cede {
                loser,
                winner,
                left: diff,
            });
        }
        return;
    }
}

/// The loser's control tokens the winner can hold (seed A.2): none in region V
/// without Silk Road, overseas without Ocean Navigation (and within its limit), in the
/// Americas without New World; fleet range does not matter; the winner needs a
/// control token in stock (RULINGS R-WAR-CESSION).
pub fn cedable(s: &State, loser: SeatId, winner: SeatId) -> Vec<ProvinceId> {
    if s.player(winner).control_stock == 0 || s.player(winner).out {
        return Vec::new();
    }
    let g = geo();
    let d = data();
    let mut open = g.in_play(s.n());
    if !s.has(winner, Advance::R) {
        open &= !g.region(Region::V);
    }
    if !s.has(winner, Advance::T)
        || reach::overseas_held(s, winner).count_ones() >= s.player(winner).fleet.overseas_limit()
    {
        open &= !g.overseas;
    }
    if !s.has(winner, Advance::U) {
        open &= !g.region(Region::NewWorld);
    }
    s.board
        .controlled(loser)
        .filter(|&p| open & bit(p) != 0 && !d.province(p).is_satellite())
        .collect()
}

pub fn cede_choices(s: &State, loser: SeatId, winner: SeatId, left: u8) -> Vec<Move> {
    let c = cedable(s, loser, winner);
    if s.player(loser).out || left == 0 || c.len() <= 1 || c.len() <= left as usize {
        return Vec::new();
    }
    c.into_iter()
        .map(|province| Move::Cede { province })
        .collect()
}

/// One control token changes hands (coloured side up: a base at once).
pub fn cede(
    s: &mut State,
    loser: SeatId,
    winner: SeatId,
    p: ProvinceId,
    ev: &mut Vec<Scoped<Event>>,
) {
    s.board.get_mut(p).clear_control();
    s.player_mut(loser).control_stock += 1;
    ev.push(Scoped::public(Event::Control {
        seat: loser,
        province: p,
        gained: false,
    }));
    s.player_mut(winner).control_stock -= 1;
    s.board.get_mut(p).set_control(winner, false);
    ev.push(Scoped::public(Event::Control {
        seat: winner,
        province: p,
        gained: true,
    }));
    if let Some(Frame::Cede { left, .. }) = s.stack.last_mut() {
        *left -= 1;
    }
}

/// The cession without a choice: all that can be ceded, then a misery step for each
/// token that cannot.
pub fn cede_auto(
    s: &mut State,
    loser: SeatId,
    winner: SeatId,
    left: u8,
    ev: &mut Vec<Scoped<Event>>,
) {
    if left == 0 || s.player(loser).out {
        s.stack.pop();
        return;
    }
    let c = cedable(s, loser, winner);
    match c.first() {
        Some(&p) => cede(s, loser, winner, p, ev),
        None => {
            s.stack.pop();
            misery::raise(s, loser, left as u32, ev);
        }
    }
}
