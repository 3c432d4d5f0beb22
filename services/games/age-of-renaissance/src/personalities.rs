//! Personalities (seed §7.3, §9.3.3, A.3): credits towards advances in this round's
//! acquisition phase; the first ones played lie in the board's slots and are protected
//! from Patronage [E] claims (slot 1 fully, slot 2 once, slot 3 twice; with 3 or 4
//! players only two slots); Printing Press [O] pays an owner's own personalities in
//! cash for advances he bought in earlier rounds. Walter ohne Geld and Marco Polo give
//! more in a round with the Crusades or the Mongol Invasion (seed A.2, A.3).

use signoria_engine::Scoped;

use crate::bank;
use crate::data::{Advance, CardId, CardKind, data};
use crate::model::{CashReason, Event, Played, SeatId, State, event_bit};

/// A personality's credit on an advance this round (with its event bonus, RULINGS
/// R-PERSONALITY-BONUS).
pub fn credit_amount(s: &State, card: CardId, a: Advance) -> u32 {
    let CardKind::Personality {
        credits,
        event_bonus,
    } = &data().card(card).kind
    else {
        return 0;
    };
    let Some(c) = credits.iter().find(|c| c.advance == a) else {
        return 0;
    };
    match event_bonus {
        Some(b) if s.this_round.events & event_bit(b.event) != 0 => b.amount,
        _ => c.amount,
    }
}

/// The personality's credits: its advances.
pub fn advances_of(card: CardId) -> Vec<Advance> {
    match &data().card(card).kind {
        CardKind::Personality { credits, .. } => credits.iter().map(|c| c.advance).collect(),
        _ => Vec::new(),
    }
}

/// Play a personality (seed §9.3.3). In the final card play only Printing Press pays
/// (seed §11.1) and the card leaves the game at once.
pub fn play(s: &mut State, seat: SeatId, card: CardId, last: bool, ev: &mut Vec<Scoped<Event>>) {
    let slots = data()
        .players(s.n() as u8)
        .expect("3-6 players")
        .personality_slots as usize;
    let played = s.this_round.personalities.len();
    let slot = if !last && played < slots {
        played as u8 + 1
    } else {
        0
    };
    ev.push(Scoped::public(Event::Personality { seat, card, slot }));
    if s.has(seat, Advance::O) {
        let p = s.player(seat);
        let cash: u32 = advances_of(card)
            .into_iter()
            .filter(|&a| p.advances.has(a) && !p.new_advances.has(a))
            .map(|a| credit_amount(s, card, a))
            .sum();
        bank::receive(s, seat, cash, CashReason::PrintingPress, ev);
    }
    if last {
        s.removed.push(card);
    } else {
        s.this_round.personalities.push(Played {
            card,
            owner: seat,
            slot,
            claims: Vec::new(),
        });
    }
}

/// How often a personality in a slot may be claimed (seed §9.3.3).
fn claim_limit(slot: u8) -> usize {
    match slot {
        1 => 0,
        2 => 1,
        3 => 2,
        _ => usize::MAX,
    }
}

/// Personalities of other players a Patronage owner may still claim (a claim lets him
/// use all its credits this round; RULINGS R-PATRONAGE).
pub fn claimable(s: &State, seat: SeatId) -> Vec<CardId> {
    if !s.has(seat, Advance::E) {
        return Vec::new();
    }
    s.this_round
        .personalities
        .iter()
        .filter(|p| p.owner != seat && !p.claims.contains(&seat))
        .filter(|p| p.claims.len() < claim_limit(p.slot))
        .map(|p| p.card)
        .collect()
}

/// The claim sets worth listing for an advance: every subset of the claimable
/// personalities with a credit on it (the empty set first).
pub fn claim_options(s: &State, seat: SeatId, a: Advance) -> Vec<Vec<CardId>> {
    let mut cards: Vec<CardId> = claimable(s, seat)
        .into_iter()
        .filter(|&c| credit_amount(s, c, a) > 0)
        .collect();
    cards.sort();
    let mut out = Vec::new();
    for mask in 0u32..(1 << cards.len()) {
        out.push(
            cards
                .iter()
                .enumerate()
                .filter(|(i, _)| mask & (1 << i) != 0)
                .map(|(_, &c)| c)
                .collect(),
        );
    }
    out
}

/// The personality credits a seat may use on an advance: its own personalities, those
/// it claimed, and the new `claims`.
pub fn credits_for(s: &State, seat: SeatId, a: Advance, claims: &[CardId]) -> u32 {
    s.this_round
        .personalities
        .iter()
        .filter(|p| p.owner == seat || p.claims.contains(&seat) || claims.contains(&p.card))
        .map(|p| credit_amount(s, p.card, a))
        .sum()
}

pub fn claim(s: &mut State, seat: SeatId, claims: &[CardId]) {
    for p in &mut s.this_round.personalities {
        if claims.contains(&p.card) && !p.claims.contains(&seat) {
            p.claims.push(seat);
        }
    }
}
