//! Turn order (seed §2, §8.3, §8.5, §9.7): the secret bid for expansion tokens, the
//! order it sets (fewest first; ties to the later capital chooser), the boxes of the
//! turn-order track that are the combat ranks, Civil War's "last from the expansion
//! phase" (seed A.2) and the Renaissance [Q] swaps (seed §9.7).

use signoria_engine::Scoped;

use crate::bank;
use crate::data::{Advance, data};
use crate::model::{CashReason, Event, SeatId, State};

/// The legal bids of a seat (seed §9.7): any whole number of tokens, negative ones
/// cost their absolute value and give none; never more than the cash (RULINGS R-BID).
pub fn bid_range(s: &State, seat: SeatId) -> std::ops::RangeInclusive<i32> {
    let cash = s.player(seat).cash as i32;
    -cash..=cash
}

/// Reveal the bids together (seed §9.7): pay, take tokens (all the stock when the bid
/// is larger), note the cash, and set the order.
pub fn reveal(s: &mut State, bids: &[Option<i32>], ev: &mut Vec<Scoped<Event>>) {
    ev.push(Scoped::public(Event::Bids {
        bids: bids.to_vec(),
    }));
    for seat in 0..s.n() as SeatId {
        let Some(bid) = bids[seat as usize] else {
            continue;
        };
        if s.player(seat).out {
            continue;
        }
        bank::pay(s, seat, bid.unsigned_abs(), CashReason::Bid, ev);
        let p = s.player_mut(seat);
        let tokens = (bid.max(0) as u32).min(p.stock as u32) as u8;
        p.stock -= tokens;
        p.bought = tokens;
        p.noted = p.cash;
        p.last_bid = bid;
    }
    let mut order: Vec<SeatId> = s.active().collect();
    order.sort_by_key(|&seat| {
        let p = s.player(seat);
        (p.last_bid, std::cmp::Reverse(p.pick))
    });
    s.order = order;
    ev.push(Scoped::public(Event::TurnOrder {
        order: s.order.clone(),
    }));
}

/// A seat leaves the order (it is out); the players after it move up.
pub fn remove(s: &mut State, seat: SeatId, ev: &mut Vec<Scoped<Event>>) {
    if let Some(i) = s.position(seat) {
        s.order.remove(i);
        ev.push(Scoped::public(Event::TurnOrder {
            order: s.order.clone(),
        }));
    }
}

/// Civil War victims go last from the start of the expansion phase, in the order the
/// cards were played (seed A.2; RULINGS R-CIVIL-WAR-ORDER); the others move up.
pub fn civil_war_to_last(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    let victims = s.this_round.civil_war.clone();
    if victims.is_empty() {
        return;
    }
    for v in victims {
        if let Some(i) = s.position(v) {
            s.order.remove(i);
            s.order.push(v);
        }
    }
    ev.push(Scoped::public(Event::TurnOrder {
        order: s.order.clone(),
    }));
}

/// The Renaissance swaps a seat may make now: with the player just before (`true`) or
/// just after (`false`), if that one does not own Q (seed §9.7).
pub fn renaissance_swaps(s: &State, seat: SeatId) -> Vec<bool> {
    let p = s.player(seat);
    if p.out || !p.advances.has(Advance::Q) || p.round.renaissance_used {
        return Vec::new();
    }
    let Some(i) = s.position(seat) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if i > 0 && !s.has(s.order[i - 1], Advance::Q) {
        out.push(true);
    }
    if i + 1 < s.order.len() && !s.has(s.order[i + 1], Advance::Q) {
        out.push(false);
    }
    out
}

pub fn swap(s: &mut State, seat: SeatId, earlier: bool, ev: &mut Vec<Scoped<Event>>) {
    let i = s.position(seat).expect("a seat in the order swaps");
    let j = if earlier { i - 1 } else { i + 1 };
    let with = s.order[j];
    s.order.swap(i, j);
    s.player_mut(seat).round.renaissance_used = true;
    ev.push(Scoped::public(Event::Swapped { seat, with }));
}

/// The box of a position (for tests and labels).
pub fn box_of_position(players: usize, pos: usize) -> u8 {
    data()
        .players(players as u8)
        .expect("3-6 players")
        .turn_order_boxes[pos]
}
