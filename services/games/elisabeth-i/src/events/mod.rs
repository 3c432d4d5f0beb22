//! Card events (seed [6.1], [6.2], [11]): the registry of every implemented event and
//! what happens to a card played as one.
//!
//! Each subsystem module lists its events in a slice `EVENTS` of [`EventDef`]s;
//! [`registry`] chains them. A card is offered as an event only when its key has an
//! `EventDef` (and, unless it is mandatory, its `playable` holds); a card without one is
//! played for CP only, and a mandatory card without one stays out of the deck (RULINGS
//! R3). Adding the official text of a card is a data change plus one `EventDef` with its
//! `play` function in the module of its rule.

use signoria_engine::Scoped;

use crate::data::{CardId, CardKind, data};
use crate::deal::is_home;
use crate::model::{Event, Frame, Pw, State};

/// When a card may be played as its event by the power holding it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    /// Instead of playing it for CP in the power's own impulse ([11]).
    Impulse,
    /// During the power's turn in the negotiation segment ([9.1]; *Louise von
    /// Lothringen*, digest §8.3 #37).
    Negotiation,
}

/// How long an event's effect lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lasts {
    /// It happens when played.
    Now,
    /// Until the end of the turn (*Gouvernante de France*, *Union von Arras*, digest
    /// §8.3 #38): [`in_effect`] holds until the next turn begins.
    Turn,
}

/// One card event.
pub struct EventDef {
    /// The card's key in `data/cards.json`.
    pub key: &'static str,
    pub when: When,
    pub lasts: Lasts,
    /// Whether `who` may play it now (the event's own conditions: "only the Protestants",
    /// "only when at war with..."). Mandatory cards are always offered: their `play` must
    /// cope with any state ([6.1]: the event is carried out as far as possible).
    pub playable: fn(&State, Pw) -> bool,
    /// Carry the event out. The card has left the hand (see [`play`]); decisions the
    /// event needs are frames it pushes onto `s.stack` (of its module's `Frame`), which
    /// run before the impulse goes on; CP the event grants are an `Actions` frame it
    /// pushes ([`grant_cp`]).
    pub play: fn(&mut State, Pw, &mut Vec<Scoped<Event>>),
}

/// `playable` for events without conditions of their own.
pub fn always(_: &State, _: Pw) -> bool {
    true
}

/// Every implemented card event, one slice per subsystem module.
pub fn registry() -> impl Iterator<Item = &'static EventDef> {
    crate::religion::EVENTS
        .iter()
        .chain(crate::espionage::EVENTS)
        .chain(crate::royals::EVENTS)
        .chain(crate::patronage::EVENTS)
        .chain(crate::world::EVENTS)
        .chain(crate::minors::EVENTS)
        .chain(crate::majors::EVENTS)
        .chain(crate::armada::EVENTS)
}

/// The event of the card with this key.
pub fn def(key: &str) -> Option<&'static EventDef> {
    registry().find(|e| e.key == key)
}

/// The event of a card.
pub fn def_of(card: CardId) -> Option<&'static EventDef> {
    def(&data().card(card)?.key)
}

fn kind(card: CardId) -> Option<CardKind> {
    data().card(card).map(|c| c.kind)
}

pub fn is_mandatory(card: CardId) -> bool {
    kind(card) == Some(CardKind::Mandatory)
}

/// Whether `who` may play `card` from its hand as an event now, at `when`: the card has
/// an event for that moment, it is no combat card ([6.1]: never as an event in an
/// impulse), it was not played as an event, response or combat card earlier this turn
/// ([11]), and its conditions hold (mandatory cards: always).
pub fn may_play(s: &State, who: Pw, card: CardId, when: When) -> bool {
    let Some(e) = def_of(card) else {
        return false;
    };
    e.when == when
        && kind(card) != Some(CardKind::Combat)
        && !s.evented.contains(&card)
        && s.ps(who).hand.contains(&card)
        && (is_mandatory(card) || (e.playable)(s, who))
}

/// Play `card` from `who`'s hand as its event: the card goes onto the power card (home
/// cards, [6.1]), out of the game (when removed after its event, [6.2]) or to the
/// discard pile; it counts as played as an event this turn; then the event happens.
pub fn play(s: &mut State, who: Pw, card: CardId, ev: &mut Vec<Scoped<Event>>) {
    let e = def_of(card).expect("listed cards have an event");
    let hand = &mut s.ps_mut(who).hand;
    let i = hand.iter().position(|&c| c == card).expect("listed");
    hand.remove(i);
    if is_home(card) {
        s.ps_mut(who).home_played.push(card);
    } else if data().card(card).and_then(|c| c.removed_after_event) == Some(true) {
        s.removed.push(card);
    } else {
        s.discard.push(card);
    }
    s.evented.push(card);
    if e.lasts == Lasts::Turn {
        s.in_effect.push(card);
    }
    ev.push(Scoped::public(Event::EventPlayed { power: who, card }));
    (e.play)(s, who, ev);
}

/// Whether the event of the card `key` lasts this turn.
pub fn in_effect(s: &State, key: &str) -> bool {
    data()
        .card_by_key(key)
        .is_some_and(|c| s.in_effect.contains(&c.id))
}

/// Remove a played card from the game (an event whose removal depends on a condition,
/// [6.2]): from the discard pile into the removed cards.
pub fn remove(s: &mut State, card: CardId) {
    if let Some(i) = s.discard.iter().position(|&c| c == card) {
        s.discard.remove(i);
        s.removed.push(card);
    }
}

/// Cards that may be taken from the discard pile ([6.2]: never a mandatory card, never a
/// card played earlier this turn as an event, response or combat card; erratum §8.19
/// #197).
pub fn retrievable(s: &State) -> Vec<CardId> {
    let mut v: Vec<CardId> = s
        .discard
        .iter()
        .copied()
        .filter(|&c| !is_mandatory(c) && !s.evented.contains(&c))
        .collect();
    v.sort();
    v.dedup();
    v
}

/// Take a retrievable card from the discard pile into `who`'s hand.
pub fn retrieve(s: &mut State, who: Pw, card: CardId) {
    debug_assert!(retrievable(s).contains(&card));
    let i = s
        .discard
        .iter()
        .position(|&c| c == card)
        .expect("card in the discard pile");
    s.discard.remove(i);
    s.ps_mut(who).hand.push(card);
    s.ps_mut(who).hand.sort();
}

/// CP an event grants ([11]): `who` spends them on actions when the event's own frames
/// are done (push this before pushing them).
pub fn grant_cp(s: &mut State, who: Pw, cp: u8) {
    if cp > 0 {
        s.stack.push(Frame::Actions { who, cp });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every event names a card of the pack, once.
    #[test]
    fn registry_keys_name_cards_once() {
        let mut keys: Vec<&str> = registry().map(|e| e.key).collect();
        for k in &keys {
            assert!(data().card_by_key(k).is_some(), "event {k} names no card");
        }
        let n = keys.len();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), n, "an event is registered twice");
    }
}
