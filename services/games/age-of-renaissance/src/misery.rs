//! The misery index (seed §4.7, §8.4, §9.4.3): a track of boxes with rising values;
//! moving past the last box (1000) puts the player out at once. Elimination and
//! resignation (seed §9.4.3, §11.3) live here too.

use signoria_engine::Scoped;

use crate::data::data;
use crate::model::{Event, SeatId, State};
use crate::{deck, turn_order};

/// The highest box index (1000).
pub fn top() -> u8 {
    (data().tables.misery_track.values.len() - 1) as u8
}

pub fn value_at(index: u8) -> u32 {
    data().tables.misery_track.values[index as usize]
}

/// Move a seat's marker up `boxes` boxes; past the top box it is out (seed §4.7
/// "überschreitet", RULINGS R-MISERY-1000).
pub fn raise(s: &mut State, seat: SeatId, boxes: u32, ev: &mut Vec<Scoped<Event>>) {
    if boxes == 0 || s.player(seat).out {
        return;
    }
    let from = s.player(seat).misery;
    let target = from as u32 + boxes;
    if target > top() as u32 {
        s.player_mut(seat).misery = top();
        ev.push(Scoped::public(Event::Misery {
            seat,
            from,
            to: top(),
        }));
        eliminate(s, seat, false, ev);
    } else {
        s.player_mut(seat).misery = target as u8;
        ev.push(Scoped::public(Event::Misery {
            seat,
            from,
            to: target as u8,
        }));
    }
}

/// Move a seat's marker down `boxes` boxes, never below 0 (seed §9.4.3).
pub fn lower(s: &mut State, seat: SeatId, boxes: u32, ev: &mut Vec<Scoped<Event>>) {
    if boxes == 0 || s.player(seat).out {
        return;
    }
    let from = s.player(seat).misery;
    let to = from.saturating_sub(boxes.min(255) as u8);
    if to != from {
        s.player_mut(seat).misery = to;
        ev.push(Scoped::public(Event::Misery { seat, from, to }));
    }
}

/// Boxes an unpaid cost moves the marker (seed §9.4.3): box by box until the value has
/// risen by at least the cost; at least one box for a cost above 0. From the top box,
/// one box (out).
pub fn boxes_for_cost(from: u8, cost: u32) -> u32 {
    if cost == 0 {
        return 0;
    }
    let start = value_at(from);
    let mut b = from;
    while b < top() {
        b += 1;
        if value_at(b) - start >= cost {
            return (b - from) as u32;
        }
    }
    (top() - from) as u32 + 1
}

/// A seat leaves the game (seed §9.4.3, §11.3): its tokens stay on the board, its
/// hand goes to the reused pile (epoch in a circle) or out of the game (square),
/// shown to all (RULINGS R-OUT), its bought tokens go back to stock, its wars end
/// and it leaves the turn order.
pub fn eliminate(s: &mut State, seat: SeatId, resigned: bool, ev: &mut Vec<Scoped<Event>>) {
    if s.player(seat).out {
        return;
    }
    {
        let p = s.player_mut(seat);
        p.out = true;
        p.resigned = resigned;
        p.stock += p.bought;
        p.bought = 0;
    }
    ev.push(Scoped::public(Event::Out { seat, resigned }));
    let hand = std::mem::take(&mut s.player_mut(seat).hand);
    s.player_mut(seat).old_slots = 0;
    for card in hand {
        ev.push(Scoped::public(Event::Discarded { seat, card }));
        deck::lay_aside(s, card);
    }
    s.known.retain(|k| k.holder != seat && k.knower != seat);
    s.wars.retain(|w| w.declarer != seat && w.target != seat);
    turn_order::remove(s, seat, ev);
}
