//! Module 2 "Landsknechte" (seed L1578-1611; digest §3.5, §5.10): after every
//! turn-order determination each seat with lands in at least four regions
//! puts its top card under its stack and takes one bonus of the new top card;
//! after winter the stacks go back to their starting order.
//!
//! The cards and their starting order are data (`data/landsknechte.json`,
//! RULINGS R46). A stack only ever turns, so the state keeps per seat the
//! position of its top card in the starting order.

use signoria_engine::{Scoped, Seat};

use crate::bonus;
use crate::data::{Bonus, data};
use crate::model::{Event, Frame, Move, State};

/// Lands in this many regions earn a bonus (L1590-1593).
pub const REGIONS_NEEDED: u32 = 4;

/// The regions in which the seat owns at least one land.
pub fn regions(s: &State, seat: Seat) -> u32 {
    let d = data();
    let mut seen = vec![false; d.regions.len()];
    for l in s.owned(seat) {
        seen[d.lands[l as usize].region as usize] = true;
    }
    seen.iter().filter(|&&b| b).count() as u32
}

/// The bonuses on the seat's top card.
pub fn top_bonuses(s: &State, seat: Seat) -> &'static [Bonus] {
    let top = s.landsknechte.as_ref().expect("Landsknechte is played")[seat];
    &data().landsknechte[top as usize].bonuses
}

/// The seat at `pos` of the turn order (L1595-1597, "in der
/// Spielerreihenfolge"): with lands in four regions its top card goes under
/// the stack, and it takes a bonus of the new top card (asked if the card
/// shows more than one). After the last seat the frame is done.
pub fn step(s: &mut State, pos: usize, ev: &mut Vec<Scoped<Event>>) {
    if pos == s.turn_order.len() {
        s.stack.pop();
        return;
    }
    s.replace_top(Frame::Landsknechte { pos: pos + 1 });
    let seat = s.turn_order[pos] as usize;
    let regions = regions(s, seat);
    // Otherwise the top card stays, and there is no bonus (L1599-1601).
    if regions < REGIONS_NEEDED {
        return;
    }
    let stacks = s.landsknechte.as_mut().expect("Landsknechte is played");
    let cards = data().landsknechte.len() as u8;
    stacks[seat] = (stacks[seat] + 1) % cards;
    ev.push(Scoped::public(Event::LandsknechtTurned {
        seat: seat as u8,
        top: stacks[seat],
        regions,
    }));
    match top_bonuses(s, seat) {
        [] => {}
        [only] => bonus::gain(s, seat, only.kind, only.amount, ev),
        _ => s.stack.push(Frame::ChooseBonus { seat: seat as u8 }),
    }
}

pub fn bonus_moves(s: &State, seat: Seat) -> Vec<Move> {
    top_bonuses(s, seat)
        .iter()
        .map(|b| Move::TakeBonus { kind: b.kind })
        .collect()
}

/// The chosen bonus of the top card (a listed move).
pub fn resolve_bonus(s: &mut State, seat: Seat, mv: &Move, ev: &mut Vec<Scoped<Event>>) {
    let Move::TakeBonus { kind } = *mv else {
        unreachable!("not a bonus: {mv:?}")
    };
    s.stack.pop();
    let b = top_bonuses(s, seat)
        .iter()
        .find(|b| b.kind == kind)
        .expect("a listed bonus");
    bonus::gain(s, seat, b.kind, b.amount, ev);
}

/// After winter every stack is sorted as at the start (L1603-1604).
pub fn sort(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    if let Some(stacks) = &mut s.landsknechte {
        stacks.iter_mut().for_each(|t| *t = 0);
        ev.push(Scoped::public(Event::LandsknechteSorted));
    }
}
