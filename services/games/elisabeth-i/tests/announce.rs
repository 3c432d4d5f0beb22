//! The announcement of the negotiation segment (seed [9.1] L676-692, issue 14, RULINGS R8):
//! the digest's worked examples E3 and E4, a bundle rejected in part, a conflict of two
//! announcements, and the readings of R8 (who announces, the order of effects in a bundle,
//! an unconfirmed announcement).

mod common;

use common::*;
use signoria_elisabeth_i::ElisabethI as E;
use signoria_elisabeth_i::data::{Faction, PoolOwner, Power};
use signoria_elisabeth_i::diplomacy::announce::{self, MAX_CLAUSES};
use signoria_elisabeth_i::model::{DealPick, Event, Frame, Move, Pw, State};
use signoria_engine::{Audience, Game};

fn negotiate(s: &mut State, who: Pw) {
    s.stack = vec![Frame::Negotiate { who }];
}

/// England's 2 mercenaries (London) offered to `to` into its first capital listed.
fn mercs_to(s: &State, to: Pw) -> Move {
    moves(s)
        .into_iter()
        .find(|m| {
            matches!(m, Move::Propose { to: t, deal: DealPick::Mercenaries { n: 2, from: Some(f), .. } }
                if *t == to && *f == sp("london"))
        })
        .unwrap_or_else(|| panic!("2 mercenaries from London to {to} listed"))
}

fn voided(ev: &[Event]) -> bool {
    ev.iter()
        .any(|e| matches!(e, Event::AnnouncementVoid { .. }))
}

/// Digest E3 ([9.1] L684-686): England has 2 mercenaries on the map and announces them to
/// France in one announcement and to the Protestants in another; both announcements are
/// legal; France confirms first and receives them; the Protestants' later confirmation
/// cannot take effect (only rejecting is listed) and the announcement is void.
#[test]
fn e3_the_first_confirmation_gets_the_mercenaries() {
    let mut s = game();
    clear(&mut s, "london");
    put(&mut s, "london", PoolOwner::England, 1, 2, 0);
    // The Huguenots' capital on the map, so that the Protestants may receive them.
    s.sp_mut(sp("la_rochelle")).controller = Power::Protestant;
    s.religion.capitals = vec![(Faction::Huguenot, sp("la_rochelle"))];
    let paris = troops(&s, "paris", FRA);
    negotiate(&mut s, ENG);
    let to_france = mercs_to(&s, FRA);
    play(&mut s, to_france);
    let ev = play(&mut s, Move::Announce);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Announced { by: ENG, .. }))
    );
    // Each announcement is possible when announced: the same mercenaries again.
    let to_protestants = mercs_to(&s, PRO);
    play(&mut s, to_protestants);
    play(&mut s, Move::Announce);
    assert_eq!(s.announcements.len(), 2);
    assert_eq!(to_confirm(&mut s), FRA);
    play(&mut s, Move::Accept);
    assert_eq!(troops(&s, "london", ENG), 1);
    assert_eq!(troops(&s, "paris", FRA), paris + 2);
    assert_eq!(to_confirm(&mut s), PRO);
    assert_eq!(
        moves(&s),
        vec![Move::Reject],
        "the later confirmation has no chance"
    );
    let ev = play(&mut s, Move::Reject);
    assert!(voided(&ev));
    assert!(s.announcements.is_empty());
    assert_eq!(troops(&s, "london", ENG), 1);
}

/// Digest E4 ([9.1] L690): a conditional agreement (England's 2 mercenaries to France if
/// France makes peace with the Ottomans) cannot be announced: every clause England may
/// draft names England as a party and one term of [9.1] (the exhaustive list of term
/// kinds below holds none naming a third power's action), a bundle binds only its own
/// clauses, and France answers a bundle whole.
#[test]
fn e4_a_conditional_agreement_cannot_be_announced() {
    /// Every term kind a clause may carry: none refers to another power's later action
    /// (a new kind must be added here, so a condition would be seen).
    fn names_a_third_power(d: &DealPick) -> bool {
        match d {
            DealPick::Peace
            | DealPick::Alliance
            | DealPick::GiveCards(_)
            | DealPick::GiveTreasures(_)
            | DealPick::ReturnLeader(_)
            | DealPick::Cede(_)
            | DealPick::Mercenaries { .. }
            | DealPick::ShipLoan { .. }
            | DealPick::Marriage(_) => false,
        }
    }
    let mut s = game();
    war(&mut s, FRA, OTT);
    clear(&mut s, "london");
    put(&mut s, "london", PoolOwner::England, 1, 2, 0);
    negotiate(&mut s, ENG);
    let m = mercs_to(&s, FRA);
    play(&mut s, m);
    for m in moves(&s) {
        match m {
            Move::Propose { to, deal } => {
                assert!(to > ENG && !names_a_third_power(&deal), "{m:?}")
            }
            Move::Ask { from, deal } => {
                assert!(from > ENG && !names_a_third_power(&deal), "{m:?}")
            }
            Move::Announce | Move::Done => {}
            m => panic!("unexpected move while drafting: {m:?}"),
        }
    }
    // No clause of England's draft can be the French-Ottoman peace.
    assert!(!moves(&s).iter().any(|m| matches!(
        m,
        Move::Propose {
            to: OTT,
            deal: DealPick::Peace
        } | Move::Ask {
            from: OTT | FRA,
            deal: DealPick::Peace
        }
    )));
    play(&mut s, Move::Announce);
    let a = &s.announcements[0];
    assert!(a.clauses.iter().all(|c| c.from == ENG || c.to == ENG));
    assert_eq!(a.parties(), vec![FRA]);
    // France's answer is all or nothing, whatever it does with the Ottomans later.
    assert_eq!(to_confirm(&mut s), FRA);
    assert_eq!(moves(&s), vec![Move::Accept, Move::Reject]);
}

/// [9.1] L678: a bundle not confirmed whole does not take effect at all: Spain announces 1
/// card to England and 1 card to France as one bundle; England confirms, France rejects;
/// nobody's hand changes.
#[test]
fn a_bundle_rejected_in_part_takes_no_effect() {
    let mut s = game();
    cards_to(&mut s, SPA, 3);
    negotiate(&mut s, SPA);
    let hands: Vec<usize> = (0..6).map(|p| s.ps(p).hand.len()).collect();
    play(&mut s, offer(ENG, DealPick::GiveCards(1)));
    play(&mut s, offer(FRA, DealPick::GiveCards(1)));
    play(&mut s, Move::Announce);
    assert_eq!(s.announcements[0].parties(), vec![ENG, FRA]);
    assert_eq!(to_confirm(&mut s), ENG);
    let ev = play(&mut s, Move::Accept);
    assert!(!ev.iter().any(|e| matches!(e, Event::CardsGiven { .. })));
    assert_eq!(to_confirm(&mut s), FRA);
    let ev = play(&mut s, Move::Reject);
    assert!(voided(&ev));
    assert!(!ev.iter().any(|e| matches!(e, Event::CardsGiven { .. })));
    let now: Vec<usize> = (0..6).map(|p| s.ps(p).hand.len()).collect();
    assert_eq!(now, hands);
}

fn offer(to: Pw, deal: DealPick) -> Move {
    Move::Propose { to, deal }
}

/// Two announcements in conflict ([9.1] L684): Spain holds 2 drawable cards and announces
/// both to England, then 1 to France; England confirms first and takes both, so France can
/// only reject. Confirmed whole, a bundle takes effect at its last confirmation.
#[test]
fn two_announcements_in_conflict() {
    let mut s = game();
    cards_to(&mut s, SPA, 2);
    assert_eq!(signoria_elisabeth_i::diplomacy::drawable(&s, SPA).len(), 2);
    negotiate(&mut s, SPA);
    play(&mut s, offer(ENG, DealPick::GiveCards(2)));
    play(&mut s, Move::Announce);
    play(&mut s, offer(FRA, DealPick::GiveCards(1)));
    play(&mut s, Move::Announce);
    let eng = s.ps(ENG).hand.len();
    assert_eq!(to_confirm(&mut s), ENG);
    let seat = s.seat_of(ENG);
    let ev = E::apply(&mut s, seat, &Move::Accept).unwrap();
    assert_eq!(s.ps(ENG).hand.len(), eng + 2);
    // The effect is public (announcements are made to all), the cards only to the two.
    assert!(ev.iter().any(|e| e.audience == Audience::All
        && matches!(
            e.event,
            Event::CardsGiven {
                from: SPA,
                to: ENG,
                count: 2
            }
        )));
    assert_eq!(to_confirm(&mut s), FRA);
    assert_eq!(moves(&s), vec![Move::Reject]);
    assert!(voided(&play(&mut s, Move::Reject)));
}

/// RULINGS R8: the earlier party in impulse order announces (France lists no clause with
/// England, England asks France's gifts); inside a bundle the clauses take effect in their
/// order (a peace, then the alliance it allows; the alliance first is not possible); a
/// draft is secret to its parties, announced to all; at most MAX_CLAUSES clauses per power;
/// a draft not announced is dropped.
#[test]
fn r8_announcements_by_the_earlier_party_in_order() {
    let mut s = game();
    cards_to(&mut s, FRA, 2);
    war(&mut s, FRA, HRE);
    negotiate(&mut s, FRA);
    assert!(!moves(&s).iter().any(|m| matches!(
        m,
        Move::Propose { to, .. } | Move::Ask { from: to, .. } if *to <= FRA
    )));
    negotiate(&mut s, ENG);
    assert!(moves(&s).contains(&Move::Ask {
        from: FRA,
        deal: DealPick::GiveCards(1)
    }));
    // Order of effects: alliance before peace is not listed, peace then alliance is.
    negotiate(&mut s, FRA);
    assert!(!moves(&s).contains(&offer(HRE, DealPick::Alliance)));
    let seat = s.seat_of(FRA);
    let ev = E::apply(&mut s, seat, &offer(HRE, DealPick::Peace)).unwrap();
    assert!(
        ev.iter().all(|e| e.audience != Audience::All),
        "a draft is secret"
    );
    play(&mut s, offer(HRE, DealPick::Alliance));
    assert!(moves(&s).contains(&Move::Announce));
    let ev = announce_and_confirm(&mut s);
    assert!(ev.iter().any(|e| matches!(e, Event::PeaceMade { .. })));
    assert!(s.alliances.contains(&(FRA, HRE)));
    // The cap on clauses, then a dropped draft.
    let mut s = game();
    negotiate(&mut s, OTT);
    for _ in 0..MAX_CLAUSES {
        let m = moves(&s)
            .into_iter()
            .find(|m| matches!(m, Move::Propose { .. } | Move::Ask { .. }))
            .expect("a clause listed under the cap");
        play(&mut s, m);
    }
    assert!(
        !moves(&s)
            .iter()
            .any(|m| matches!(m, Move::Propose { .. } | Move::Ask { .. }))
    );
    let ev = play(&mut s, Move::Done);
    assert!(ev.iter().any(|e| matches!(e, Event::DealRejected { .. })));
    assert!(s.draft.is_empty() && s.announcements.is_empty());
    assert!(announce::pending_for(&s, SPA).is_none());
}
