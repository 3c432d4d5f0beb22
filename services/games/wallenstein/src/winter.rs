//! Winter (seed L631-726, L1009-1016; digest §4.7, §5.7): grain loss, supply,
//! revolts drawn by the supply table, then scoring and the year end.

use signoria_engine::Scoped;

use crate::combat;
use crate::data::{LandId, data};
use crate::flow;
use crate::generals;
use crate::landsknechte;
use crate::model::{BattleKind, Event, Frame, Move, State};
use crate::scoring;

/// W1: every player loses the grain shown on the year's remaining event card
/// (L639-643), not below 0 (RULINGS R18); winter replaces the frame on top.
pub fn start(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    let card = s
        .event_candidates
        .first()
        .copied()
        .expect("one event card is left for winter");
    let loss = data().events[card as usize].grain_loss as u32;
    for p in &mut s.players {
        p.grain = p.grain.saturating_sub(loss);
    }
    ev.push(Scoped::public(Event::GrainLost {
        event: card,
        amount: loss,
    }));
    s.replace_top(Frame::Winter { pos: 0 });
}

/// The seat at `pos` of the last autumn turn order (L664-666): W2 1 grain per
/// own land, W3 the supply table (L645-661) and its revolts; after the last
/// seat, W4 scoring and W5 the year end.
pub fn step(s: &mut State, pos: usize, ev: &mut Vec<Scoped<Event>>) {
    if pos == s.turn_order.len() {
        scoring::score_winter(s, ev);
        year_end(s, ev);
        return;
    }
    let seat = s.turn_order[pos] as usize;
    let mut lands = s.owned(seat);
    let grain = s.players[seat].grain;
    let unsupplied = (lands.len() as u32).saturating_sub(grain);
    let (revolts, extra) = data().supply(unsupplied);
    ev.push(Scoped::public(Event::Supplied {
        seat: seat as u8,
        lands: lands.len() as u32,
        grain,
        unsupplied,
        revolts: revolts as u32,
        extra_peasants: extra as u32,
    }));
    // The left neighbour draws the lands at random from the seat's land cards.
    let mut drawn = Vec::new();
    for _ in 0..revolts {
        if let Some(l) = s.rng.take_one(&mut lands) {
            drawn.push(l);
        }
    }
    drawn.sort_unstable();
    s.replace_top(Frame::Winter { pos: pos + 1 });
    if !drawn.is_empty() {
        ev.push(Scoped::public(Event::RevoltsDrawn {
            seat: seat as u8,
            lands: drawn.clone(),
        }));
        s.stack.push(Frame::Revolts {
            seat: seat as u8,
            drawn,
            extra,
        });
    }
}

/// The seat chooses the order of its own revolts (L662-663): one per move
/// while two or more are left.
pub fn revolt_moves(drawn: &[LandId]) -> Vec<Move> {
    if drawn.len() < 2 {
        return Vec::new();
    }
    drawn.iter().map(|&land| Move::Revolt { land }).collect()
}

/// Fight the revolt in `land` (chosen, or the last one left).
pub fn resolve_revolt(s: &mut State, land: LandId, ev: &mut Vec<Scoped<Event>>) {
    let Some(Frame::Revolts { seat, drawn, extra }) = s.stack.last_mut() else {
        unreachable!("no revolts are drawn")
    };
    let (seat, extra) = (*seat as usize, *extra);
    let i = drawn.iter().position(|&l| l == land).expect("a drawn land");
    drawn.remove(i);
    if drawn.is_empty() {
        s.stack.pop();
    }
    // Peasants: the land's unrest markers plus the table's extra peasants (L812-815).
    // A won winter revolt adds no marker (RULINGS R17).
    let peasants = s.lands[land as usize].unrest + extra as u32;
    combat::revolt(s, seat, land, peasants, BattleKind::WinterRevolt, ev);
}

/// W5: unrest markers leave the map, grain resets, 4 new events (L717-726);
/// the Landsknecht stacks are sorted (L1603-1604) and generals taken off
/// with their lands come back (L1692-1694); after the second winter the
/// monuments score and the game ends (L904-905, L1698).
fn year_end(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    for l in &mut s.lands {
        l.unrest = 0;
    }
    for p in &mut s.players {
        p.grain = 0;
    }
    ev.push(Scoped::public(Event::YearEnded { year: s.year }));
    if s.year == 2 {
        generals::score(s, ev);
        s.stack.clear();
        ev.push(Scoped::public(Event::GameEnded));
    } else {
        s.year += 1;
        s.season = 0;
        s.event_candidates.clear();
        flow::turn_up_events(s, ev);
        landsknechte::sort(s, ev);
        if generals::any_to_place(s) {
            // In the current (autumn) turn order, before the next round (RULINGS R57).
            s.replace_top(Frame::StartRound);
            s.stack.push(Frame::PlaceGenerals { pos: 0 });
        } else {
            flow::start_round(s, ev);
        }
    }
}
