//! The history-card deck (seed §4.7, §7, §8.1): draws, the new deck of each epoch
//! (the next epoch's cards with the reused pile), the held-back cards, where a card
//! goes after play, and the bookkeeping of who knows which card (`hidden`).

use signoria_engine::Scoped;

use crate::data::{CardId, data};
use crate::model::{DrawReason, Event, SeatId, State};

pub fn card_bit(c: CardId) -> u64 {
    1u64 << c.index()
}

pub fn mask(cards: &[CardId]) -> u64 {
    cards.iter().fold(0, |m, &c| m | card_bit(c))
}

/// Shuffle the deck and remember its composition (public: everybody saw which cards
/// went in). Every hand card is now possibly "old" for `hidden`.
pub fn shuffle_deck(s: &mut State) {
    let mut deck = std::mem::take(&mut s.deck);
    deck.sort();
    s.rng.shuffle(&mut deck);
    s.deck_basis = mask(&deck);
    s.deck = deck;
    for p in &mut s.players {
        p.old_slots = p.hand.len() as u8;
    }
}

/// The held-back epoch-1 cards join the deck (seed §8.1: set-up with 3-4 players,
/// the start of round 2 with 5-6). They are shuffled into the cards left
/// (RULINGS R-HELD-BACK).
pub fn join_held_back(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    if s.held_back.is_empty() {
        return;
    }
    let held = std::mem::take(&mut s.held_back);
    s.deck.extend(held);
    let basis = s.deck_basis;
    let old: Vec<u8> = s.players.iter().map(|p| p.old_slots).collect();
    shuffle_deck(s);
    // The cards drawn so far came from the same cards: nobody's hand got older.
    s.deck_basis |= basis;
    for (p, o) in s.players.iter_mut().zip(old) {
        p.old_slots = o;
    }
    ev.push(Scoped::public(Event::Deck {
        epoch: s.epoch,
        size: s.deck.len() as u8,
    }));
}

/// Build the next epoch's deck when the deck is empty (seed §4.7): the next epoch's
/// cards and the reused pile, shuffled. `false` when the last epoch in use is done.
fn rebuild(s: &mut State, ev: &mut Vec<Scoped<Event>>) -> bool {
    if s.epoch >= s.options.last_epoch {
        return false;
    }
    s.epoch += 1;
    let mut cards = data().cards_of_epoch(s.epoch);
    cards.append(&mut s.pile);
    s.deck = cards;
    shuffle_deck(s);
    ev.push(Scoped::public(Event::Deck {
        epoch: s.epoch,
        size: s.deck.len() as u8,
    }));
    true
}

/// The top card of the deck, building the next epoch's deck first if needed
/// (RULINGS R-DECK-EMPTY). `None` once the last epoch's deck is used up. Held-back
/// epoch-1 cards still waiting for round 2 (5-6 players, §8.1) join an empty deck at
/// once: they belong to the epoch-1 deck (RULINGS R-HELD-BACK-EARLY).
fn take_top(s: &mut State, ev: &mut Vec<Scoped<Event>>) -> Option<CardId> {
    if s.deck.is_empty() && !s.held_back.is_empty() {
        join_held_back(s, ev);
    }
    if s.deck.is_empty() && !rebuild(s, ev) {
        s.last_card_drawn = true;
        return None;
    }
    let card = s.deck.pop();
    if s.deck.is_empty() && s.held_back.is_empty() && s.epoch >= s.options.last_epoch {
        // The last card has been drawn: the game ends with this round (seed aids
        // "Spielende", §11).
        s.last_card_drawn = true;
    }
    card
}

/// Whether a card can still be drawn.
pub fn can_draw(s: &State) -> bool {
    !s.deck.is_empty() || !s.held_back.is_empty() || s.epoch < s.options.last_epoch
}

/// A seat draws a card (hidden from the others: they learn only that it drew).
pub fn draw(s: &mut State, seat: SeatId, why: DrawReason, ev: &mut Vec<Scoped<Event>>) -> bool {
    let Some(card) = take_top(s, ev) else {
        return false;
    };
    s.player_mut(seat).hand.push(card);
    ev.push(Scoped::public(Event::Drew {
        seat,
        count: 1,
        cards: Vec::new(),
        why,
    }));
    ev.push(Scoped::to_seat(
        seat as usize,
        Event::Drew {
            seat,
            count: 1,
            cards: vec![card],
            why,
        },
    ));
    true
}

/// A card leaves a seat's hand (played, discarded, given): what others knew about it
/// is void, and a card not from the last deck was one of the seat's old cards.
pub fn take_from_hand(s: &mut State, seat: SeatId, card: CardId) {
    let p = s.player_mut(seat);
    if let Some(i) = p.hand.iter().position(|&c| c == card) {
        p.hand.remove(i);
    }
    if s.deck_basis & card_bit(card) == 0 {
        let p = s.player_mut(seat);
        p.old_slots = p.old_slots.saturating_sub(1);
    }
    s.known.retain(|k| !(k.holder == seat && k.card == card));
    let p = s.player(seat);
    let len = p.hand.len() as u8;
    if p.old_slots > len {
        s.player_mut(seat).old_slots = len;
    }
}

/// After play or discard: a card with its epoch in a circle goes face up on the pile
/// reused with the next epoch, one in a square leaves the game (seed §4.7, §7.2; at
/// once, RULINGS R-PILE-AT-ONCE).
pub fn lay_aside(s: &mut State, card: CardId) {
    if data().card(card).recycled {
        s.pile.push(card);
    } else {
        s.removed.push(card);
    }
}
