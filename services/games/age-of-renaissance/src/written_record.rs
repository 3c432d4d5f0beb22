//! Written Record [N] (seed §9.5.2, §C N): after taking a province with a control
//! token from a player without N, the taker gives a card of his choice and draws one
//! at random from the victim's hand; once per round for each N owner (RULINGS
//! R-WRITTEN-RECORD). The only way cards change hands between players.

use signoria_engine::{Audience, Scoped};

use crate::data::{Advance, CardId};
use crate::model::{Event, Frame, Known, Move, SeatId, State};

/// Offer the swap if the rules allow it.
pub fn offer(s: &mut State, taker: SeatId, victim: SeatId) {
    let t = s.player(taker);
    let v = s.player(victim);
    if taker != victim
        && t.advances.has(Advance::N)
        && !v.advances.has(Advance::N)
        && !t.round.written_record
        && !v.out
        && !t.hand.is_empty()
        && !v.hand.is_empty()
    {
        s.stack.push(Frame::WrittenRecord { taker, victim });
    }
}

pub fn choices(s: &State, taker: SeatId) -> Vec<Move> {
    let mut hand = s.player(taker).hand.clone();
    hand.sort();
    hand.dedup();
    let mut out: Vec<Move> = hand
        .into_iter()
        .map(|card| Move::GiveCard { card })
        .collect();
    out.push(Move::Pass);
    out
}

pub fn swap(
    s: &mut State,
    taker: SeatId,
    victim: SeatId,
    given: CardId,
    ev: &mut Vec<Scoped<Event>>,
) {
    s.player_mut(taker).round.written_record = true;
    let vh = s.player(victim).hand.clone();
    let mut sorted = vh;
    sorted.sort();
    let taken = sorted[s.rng.index(sorted.len())];
    // The bound on old cards (`hidden`) must follow from what everybody sees: the
    // third seats know neither card, so each hand may now hold one old card more,
    // whichever cards changed hands (taking the cards' own age into account here
    // would let the bound tell the others whether an old card left a hand).
    let before = [s.player(taker).old_slots, s.player(victim).old_slots];
    crate::deck::take_from_hand(s, taker, given);
    crate::deck::take_from_hand(s, victim, taken);
    s.player_mut(victim).hand.push(given);
    s.player_mut(taker).hand.push(taken);
    for (seat, old) in [taker, victim].into_iter().zip(before) {
        let p = s.player_mut(seat);
        p.old_slots = (old + 1).min(p.hand.len() as u8);
    }
    s.known.push(Known {
        card: given,
        holder: victim,
        knower: taker,
    });
    s.known.push(Known {
        card: taken,
        holder: taker,
        knower: victim,
    });
    ev.push(Scoped::public(Event::Swap {
        taker,
        victim,
        given: None,
        taken: None,
    }));
    ev.push(Scoped {
        audience: Audience::Seats(vec![taker as usize, victim as usize]),
        event: Event::Swap {
            taker,
            victim,
            given: Some(given),
            taken: Some(taken),
        },
    });
}
