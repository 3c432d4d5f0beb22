//! The card-event framework ([6.1], [6.2], [11]): which cards are offered as events, what
//! happens to a card played as one, mandatory cards, retrieval from the discard pile.

mod common;

use common::*;
use signoria_elisabeth_i::data::{CardKind, data};
use signoria_elisabeth_i::model::{Event, Frame, Move};
use signoria_elisabeth_i::{ElisabethI as E, events};
use signoria_engine::{Game, RuleErrorKind};

fn card(key: &str) -> signoria_elisabeth_i::data::CardId {
    data().card_by_key(key).unwrap().id
}

/// `who` is to play a card in its impulse.
fn impulse(s: &mut signoria_elisabeth_i::State, who: u8) {
    s.stack = vec![
        Frame::Step(signoria_elisabeth_i::model::Step::Winter),
        Frame::Impulse { who, passes: 0 },
    ];
}

/// A mandatory card with an event is offered only as its event, blocks passing ([11]),
/// happens, then gives its 2 CP ([6.1]); it leaves the game when removed after its event
/// ([6.2]) and counts as played as an event this turn.
#[test]
fn a_mandatory_card_is_played_as_its_event_then_gives_two_cp() {
    let mut s = game();
    let selim = card("selim_ii");
    give(&mut s, FRA, "selim_ii");
    impulse(&mut s, FRA);
    let m = moves(&s);
    assert!(m.contains(&Move::PlayEvent { card: selim }));
    assert!(!m.contains(&Move::PlayCp { card: selim }));
    assert!(!m.contains(&Move::Pass), "no pass with a mandatory card");
    let ev = play(&mut s, Move::PlayEvent { card: selim });
    assert!(ev.contains(&Event::EventPlayed {
        power: FRA,
        card: selim
    }));
    assert_eq!(s.ps(OTT).ruler, "selim_ii");
    assert_eq!(s.stack.last(), Some(&Frame::Actions { who: FRA, cp: 2 }));
    assert!(!s.ps(FRA).hand.contains(&selim));
    let removed = data().card(selim).unwrap().removed_after_event == Some(true);
    assert_eq!(s.removed.contains(&selim), removed);
    assert_eq!(s.discard.contains(&selim), !removed);
    assert!(s.evented.contains(&selim));
    // The impulse goes on with the next power after the actions.
    assert!(matches!(
        s.stack[s.stack.len() - 2],
        Frame::Impulse { who: 4, .. }
    ));
}

/// A mandatory card without an event stays out of the deck (RULINGS R3); a card without
/// an event is not offered as one, and playing it as one is refused as UNSUPPORTED.
#[test]
fn cards_without_an_event_are_cp_only() {
    let d = data();
    for c in &d.cards {
        let has = events::def(&c.key).is_some();
        if c.kind == CardKind::Mandatory {
            assert_eq!(
                signoria_elisabeth_i::deal::playable_kind(c.id),
                has,
                "{}",
                c.key
            );
        }
    }
    let mut s = game();
    let storms = card("storms");
    assert!(events::def("storms").is_none());
    give(&mut s, ENG, "storms");
    impulse(&mut s, ENG);
    assert!(!moves(&s).contains(&Move::PlayEvent { card: storms }));
    assert!(moves(&s).contains(&Move::PlayCp { card: storms }));
    let seat = s.seat_of(ENG);
    let e = E::apply(&mut s, seat, &Move::PlayEvent { card: storms }).unwrap_err();
    assert_eq!(e.kind, RuleErrorKind::Unsupported, "{e:?}");
}

/// A card played as an event, response or combat card this turn is not played as an
/// event again ([11]) nor taken from the discard pile ([6.2], erratum #197); mandatory
/// cards are never taken from it.
#[test]
fn cards_played_this_turn_are_not_retrieved() {
    let mut s = game();
    let selim = card("selim_ii");
    let storms = card("storms");
    s.discard.push(selim);
    give(&mut s, ENG, "storms");
    assert!(!events::retrievable(&s).contains(&selim));
    signoria_elisabeth_i::cards::discard_from_hand(&mut s, ENG, storms);
    assert!(!events::retrievable(&s).contains(&storms));
    s.evented.clear();
    assert!(events::retrievable(&s).contains(&storms));
    events::retrieve(&mut s, ENG, storms);
    assert!(s.ps(ENG).hand.contains(&storms) && !s.discard.contains(&storms));
    // Played as its event once this turn: not again.
    give(&mut s, FRA, "selim_ii");
    s.evented.push(selim);
    assert!(!events::may_play(&s, FRA, selim, events::When::Impulse));
}
