//! Response and combat cards the military game plays out of turn (seed [6.1], [13.1]
//! step 4, [14] steps 1, 4-5, [15.1] steps 2, 5-6), looked up by card key.
//!
//! The seed names what these cards are for, not their printed text (digest §10.1): the
//! effects below are our readings (RULINGS M8-M10). A card whose effect is unknown (the
//! unidentified combat cards) is never offered in a battle; it is still played for CP.
//! Issue 15 adds the card events; a combat card with a known effect goes into
//! [`combat_effect`], and the battle windows open for every participant.

use crate::combat::CardEffect;
use crate::data::{CardId, data};
use crate::model::{Pw, State};

/// *Stürme*: "to disturb" a land move, a naval move, a transport or an assault.
pub const STORMS: &str = "storms";
/// *Deutsche Reiter*: changes the units in a field battle or assault.
pub const GERMAN_REITERS: &str = "german_reiters";
/// *Galeassen*: extra hits for one side of a Mediterranean naval battle ([16.2] step 6).
pub const GALLEASSES: &str = "galleasses";
/// *Belagerungstechnik*: lifts the Antwerp/Rotterdam assault ban ([16.7]).
pub const SIEGE_TECHNIQUE: &str = "siege_technique";

/// Mercenaries *Deutsche Reiter* adds to the player's side (reconstructed: the number is
/// printed on the card, not in the seed; RULINGS M9).
pub const REITERS_MERCENARIES: u8 = 2;

/// The battle effect of a combat card, by key (none known yet: the seed prints no
/// combat card's text; the data pack does not identify them).
pub fn combat_effect(key: &str) -> Option<CardEffect> {
    match key {
        SIEGE_TECHNIQUE => Some(CardEffect::SiegeTechnique),
        _ => None,
    }
}

/// Whether any combat card of the deck has a dice effect in a field battle (the combat
/// card window opens only then, for every participant alike).
pub fn field_combat_cards_known() -> bool {
    data().cards.iter().any(|c| {
        c.kind == crate::data::CardKind::Combat
            && combat_effect(&c.key).is_some_and(|e| e != CardEffect::SiegeTechnique)
    })
}

/// The card of `key` in `p`'s hand, if it holds it.
pub fn held(s: &State, p: Pw, key: &str) -> Option<CardId> {
    let id = data().card_by_key(key)?.id;
    s.ps(p).hand.contains(&id).then_some(id)
}

/// The powers asked in a response window, in the order given: those that hold any card
/// at all (hand sizes are public, the cards are not, so a holder is never singled out;
/// digest §6.2).
pub fn window(s: &State, powers: impl IntoIterator<Item = Pw>) -> Vec<Pw> {
    let mut v: Vec<Pw> = Vec::new();
    for p in powers {
        if !s.ps(p).hand.is_empty() && !v.contains(&p) {
            v.push(p);
        }
    }
    v
}

/// Move a played response or combat card from the hand to the discard pile; it counts as
/// played as an event this turn ([11], [6.2]).
pub fn discard_from_hand(s: &mut State, p: Pw, card: CardId) {
    let h = &mut s.ps_mut(p).hand;
    if let Some(i) = h.iter().position(|&c| c == card) {
        h.remove(i);
        s.discard.push(card);
        s.evented.push(card);
    }
}
