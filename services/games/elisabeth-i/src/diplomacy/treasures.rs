//! [9.1] 7: a power gives another up to two treasures from its hand, drawn at random,
//! under the rules of the card gift: one direction per pair and turn (RULINGS T1). The
//! faces reach the two parties only; the number is public.

use signoria_engine::Scoped;

use crate::model::{Event, Pw, State};
use crate::world::treasure;

/// How many treasures `from` may offer `to` now (0: the term is not offered).
pub fn offerable(s: &State, from: Pw, to: Pw) -> u8 {
    if s.world.gifts.contains(&(s.turn, to, from)) {
        return 0;
    }
    s.world.hands.get(from as usize).map_or(0, Vec::len).min(2) as u8
}

/// Whether a gift of `n` treasures can still be carried out in full.
pub fn possible(s: &State, from: Pw, to: Pw, n: u8) -> bool {
    n >= 1 && offerable(s, from, to) >= n
}

/// Carry out the gift: `n` treasures drawn at random from `from`'s treasures (a gift of
/// treasures draws only treasures, as a gift of cards draws only cards).
pub fn give(s: &mut State, from: Pw, to: Pw, n: u8, ev: &mut Vec<Scoped<Event>>) {
    let mut given = Vec::new();
    for _ in 0..n {
        let h = &mut s.world.hands[from as usize];
        if h.is_empty() {
            break;
        }
        let i = s.rng.index(h.len());
        given.push(s.world.hands[from as usize].remove(i));
    }
    let turn = s.turn;
    s.world.gifts.retain(|g| g.0 == turn);
    if !s.world.gifts.contains(&(turn, from, to)) {
        s.world.gifts.push((turn, from, to));
    }
    given.sort();
    if s.seat_opt(from) != s.seat_opt(to) {
        ev.push(crate::world::private(
            s,
            from,
            crate::world::Event::TreasuresSeen {
                power: to,
                treasures: given.clone(),
            },
        ));
    }
    treasure::give(s, to, given, ev);
}
