//! Playing history cards (seed §7, §9.3, §11.1): what a player may play, commodity
//! payouts (with Manufacturing [M] and shortage/surplus), and where a card goes.

use signoria_engine::Scoped;

use crate::data::{Advance, CardId, CardKind, Commodity, data};
use crate::model::{CashReason, Event, Move, SeatId, State, Target};
use crate::{bank, deck, events, personalities, shortage};

/// Every play open to a seat (`last`: the final card play, where every card that can
/// be played must be, seed §11.1).
pub fn play_moves(s: &State, seat: SeatId, last: bool) -> Vec<Move> {
    let mut hand = s.player(seat).hand.clone();
    hand.sort();
    hand.dedup();
    let mut out = Vec::new();
    for card in hand {
        match &data().card(card).kind {
            CardKind::Commodity { commodities } => {
                for &commodity in commodities {
                    out.push(Move::PlayCommodity { card, commodity });
                }
            }
            CardKind::Personality { .. } => out.push(Move::PlayPersonality { card }),
            CardKind::Event { event, .. } => out.extend(events::moves(s, seat, card, *event, last)),
        }
    }
    out
}

/// The payout of a commodity card to one seat (seed §9.3.1, §9.6.1, §C M): nothing
/// without a province of it; else base x k^2 with k = provinces (+1 with
/// Manufacturing, +1 in a shortage, -1 in a surplus).
pub fn payout(s: &State, seat: SeatId, c: Commodity) -> u32 {
    let n = s.board.control_cards(seat, c) as i32;
    if n == 0 {
        return 0;
    }
    let k = n + s.has(seat, Advance::M) as i32 + shortage::column_shift(s, c);
    if k <= 0 {
        return 0;
    }
    data().commodity(c).base * (k * k) as u32
}

/// Play a commodity card: every player in the game is paid, then one counter of the
/// commodity goes (seed §9.3.1, §9.6.1).
pub fn play_commodity(
    s: &mut State,
    seat: SeatId,
    card: CardId,
    c: Commodity,
    ev: &mut Vec<Scoped<Event>>,
) {
    deck::take_from_hand(s, seat, card);
    ev.push(Scoped::public(Event::Played {
        seat,
        card,
        target: Target::None,
    }));
    let order = s.order.clone();
    for p in order {
        let amount = payout(s, p, c);
        bank::receive(s, p, amount, CashReason::Payout, ev);
    }
    shortage::consume(s, c, ev);
    deck::lay_aside(s, card);
}

pub fn play_personality(
    s: &mut State,
    seat: SeatId,
    card: CardId,
    last: bool,
    ev: &mut Vec<Scoped<Event>>,
) {
    deck::take_from_hand(s, seat, card);
    personalities::play(s, seat, card, last, ev);
}

pub fn play_event(
    s: &mut State,
    seat: SeatId,
    card: CardId,
    target: Target,
    last: bool,
    players_after: u32,
    ev: &mut Vec<Scoped<Event>>,
) {
    deck::take_from_hand(s, seat, card);
    ev.push(Scoped::public(Event::Played { seat, card, target }));
    deck::lay_aside(s, card);
    let e = data().card(card).event().expect("an event card");
    events::resolve(s, seat, e, target, last, players_after, ev);
}

/// Resolve any play move.
pub fn play(
    s: &mut State,
    seat: SeatId,
    mv: &Move,
    last: bool,
    players_after: u32,
    ev: &mut Vec<Scoped<Event>>,
) {
    match *mv {
        Move::PlayCommodity { card, commodity } => play_commodity(s, seat, card, commodity, ev),
        Move::PlayPersonality { card } => play_personality(s, seat, card, last, ev),
        Move::PlayEvent { card, target } => {
            play_event(s, seat, card, target, last, players_after, ev)
        }
        _ => unreachable!("a play move"),
    }
}
