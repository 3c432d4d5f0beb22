//! The card purchase phase (seed §9.2, §C V, P): an Urban Ascendancy [V] owner may buy
//! one card for 10 ducats; an Art & Technology [P] owner may discard one card (a card
//! with its epoch in a circle goes face up on the reused pile, one in a square is
//! shown and leaves the game). Art & Technology also discards once right after it is
//! bought (seed §9.4.2).

use signoria_engine::Scoped;

use crate::data::{Advance, CardId, data};
use crate::model::{CashReason, DrawReason, Event, Move, SeatId, State};
use crate::{bank, deck};

fn card_price() -> u32 {
    data().tables.urban_card_price.values[0]
}

pub fn choices(s: &State, seat: SeatId) -> Vec<Move> {
    let p = s.player(seat);
    let mut out = Vec::new();
    if p.out {
        return out;
    }
    if p.advances.has(Advance::V)
        && !p.round.urban_card
        && p.cash >= card_price()
        && deck::can_draw(s)
    {
        out.push(Move::BuyCard);
    }
    if p.advances.has(Advance::P) && !p.round.art_discard {
        out.extend(discard_moves(s, seat));
    }
    if !out.is_empty() {
        out.push(Move::Pass);
    }
    out
}

pub fn discard_moves(s: &State, seat: SeatId) -> Vec<Move> {
    let mut hand = s.player(seat).hand.clone();
    hand.sort();
    hand.dedup();
    hand.into_iter()
        .map(|card| Move::Discard { card })
        .collect()
}

pub fn buy(s: &mut State, seat: SeatId, ev: &mut Vec<Scoped<Event>>) {
    bank::pay(s, seat, card_price(), CashReason::Card, ev);
    s.player_mut(seat).round.urban_card = true;
    deck::draw(s, seat, DrawReason::Bought, ev);
}

pub fn discard(s: &mut State, seat: SeatId, card: CardId, ev: &mut Vec<Scoped<Event>>) {
    s.player_mut(seat).round.art_discard = true;
    deck::take_from_hand(s, seat, card);
    ev.push(Scoped::public(Event::Discarded { seat, card }));
    deck::lay_aside(s, card);
}
