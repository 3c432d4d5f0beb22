//! Marriages as clauses of the announcement (seed [9.1] L660-676, [21] L1849-1892;
//! RULINGS S9, D5, R8): drafted by the earlier party like any clause, checked when drafted
//! and again at confirmation, engaged at the last confirmation in clause order, secret to
//! its parties while drafted.

mod common;

use common::*;
use signoria_elisabeth_i::ElisabethI as E;
use signoria_elisabeth_i::model::{Deal, DealPick, Event, Frame, Move, Pw, State};
use signoria_elisabeth_i::royals::{
    self,
    nobles::{self, Status},
    wedding::Couple,
};
use signoria_engine::{Audience, Game, Viewer};

fn couple(g: &str, b: &str) -> Couple {
    Couple {
        groom: nobles::by_id(g),
        bride: nobles::by_id(b),
    }
}

fn marriage(to: Pw, c: Couple) -> Move {
    Move::Propose {
        to,
        deal: DealPick::Marriage(c),
    }
}

/// Turn 2 (every noble used here has entered), `who`'s negotiation turn.
fn negotiating(who: Pw) -> State {
    let mut s = game();
    s.turn = 2;
    nobles::ensure(&mut s);
    s.stack = vec![Frame::Negotiate { who }];
    s
}

fn free(s: &State, c: Couple) -> bool {
    [c.groom, c.bride]
        .iter()
        .all(|&n| nobles::get(s, n).status == Status::Free)
}

/// S9, R8: Spain, the earlier party, drafts the marriage of Don Carlos and Elisabeth de
/// Valois with France and announces it alone; France cannot draft it the other way (only
/// the announcer names a marriage); nothing changes until France confirms, then the couple
/// is engaged (public) and stands on the marriage display for the marriage phase.
#[test]
fn s9_a_marriage_announced_alone_takes_effect_at_confirmation() {
    let c = couple("don_carlos", "elisabeth_de_valois");
    let mut s = negotiating(SPA);
    assert!(
        !moves(&s).contains(&Move::Royals(royals::Move::Propose { to: FRA, couple: c })),
        "no marriage with another power outside an announcement"
    );
    play(&mut s, marriage(FRA, c));
    play(&mut s, Move::Announce);
    assert_eq!(s.announcements[0].clauses[0].deal, Deal::Marriage(c));
    assert!(free(&s, c) && s.royals.engaged.is_empty());
    assert_eq!(to_confirm(&mut s), FRA);
    assert_eq!(moves(&s), vec![Move::Accept, Move::Reject]);
    let seat = s.seat_of(FRA);
    let ev = E::apply(&mut s, seat, &Move::Accept).unwrap();
    assert!(ev.iter().any(|e| e.audience == Audience::All
        && matches!(e.event, Event::Royals(royals::Event::Engaged { groom, bride })
            if groom == c.groom && bride == c.bride)));
    assert_eq!(s.royals.engaged, vec![c]);
    assert_eq!(nobles::get(&s, c.groom).status, Status::Engaged);
    assert_eq!(kind(&s), "negotiate", "France's own turn goes on");
    // France never lists the Spanish side of a marriage (Spain announces it).
    let s = negotiating(FRA);
    assert!(!moves(&s).iter().any(|m| matches!(
        m,
        Move::Ask {
            deal: DealPick::Marriage(_),
            ..
        }
    ) || matches!(m, Move::Propose { to, deal: DealPick::Marriage(_) } if *to < FRA)));
}

/// [9.1] L678, S9: "I marry my noble to yours, you give me 2 cards, and I give England 1":
/// Spain's bundle of a marriage with France, France's 2 cards asked and 1 card to England;
/// England confirms, France rejects: nothing of it takes effect (no engagement, no cards).
/// The same bundle confirmed by both takes effect whole.
#[test]
fn s9_a_marriage_bundled_with_cards_rejected_in_part_takes_no_effect() {
    let c = couple("don_carlos", "elisabeth_de_valois");
    let mut s = negotiating(SPA);
    for (p, n) in [(SPA, 1), (FRA, 2)] {
        cards_to(&mut s, p, n);
    }
    play(&mut s, marriage(FRA, c));
    let ask = Move::Ask {
        from: FRA,
        deal: DealPick::GiveCards(2),
    };
    assert!(moves(&s).contains(&ask));
    play(&mut s, ask);
    play(
        &mut s,
        Move::Propose {
            to: ENG,
            deal: DealPick::GiveCards(1),
        },
    );
    let both = s.clone();
    let hands: Vec<usize> = (0..6).map(|p| s.ps(p).hand.len()).collect();
    play(&mut s, Move::Announce);
    assert_eq!(s.announcements[0].parties(), vec![ENG, FRA]);
    assert_eq!(to_confirm(&mut s), ENG);
    play(&mut s, Move::Accept);
    assert!(free(&s, c), "nothing before the last confirmation");
    assert_eq!(to_confirm(&mut s), FRA);
    let ev = play(&mut s, Move::Reject);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::AnnouncementVoid { .. }))
    );
    assert!(free(&s, c) && s.royals.engaged.is_empty());
    let now: Vec<usize> = (0..6).map(|p| s.ps(p).hand.len()).collect();
    assert_eq!(now, hands);
    // Confirmed by both: the marriage and both gifts, in the announced order.
    let mut s = both;
    let ev = announce_and_confirm(&mut s);
    assert_eq!(s.royals.engaged, vec![c]);
    assert_eq!(s.ps(SPA).hand.len(), hands[SPA as usize] + 2 - 1);
    assert_eq!(s.ps(FRA).hand.len(), hands[FRA as usize] - 2);
    assert_eq!(s.ps(ENG).hand.len(), hands[ENG as usize] + 1);
    let engaged = ev
        .iter()
        .position(|e| matches!(e, Event::Royals(royals::Event::Engaged { .. })))
        .unwrap();
    let given = ev
        .iter()
        .position(|e| matches!(e, Event::CardsGiven { .. }))
        .unwrap();
    assert!(engaged < given, "the clauses take effect in their order");
}

/// S9, R8 (digest E3 for marriages): a marriage clause checked again at confirmation.
/// Spain announces Don Carlos to France's Elisabeth de Valois, then (over-committing,
/// allowed) Don Carlos to the HRE's Anna of Austria; France confirms first, so Don Carlos
/// is engaged and the HRE can only reject. A war between the parties before the
/// confirmation ([9.1]: not at war) leaves only rejecting too; at war, a marriage is
/// drafted only after a peace clause.
#[test]
fn s9_a_marriage_clause_made_impossible_can_only_be_rejected() {
    let mut s = negotiating(SPA);
    let france = couple("don_carlos", "elisabeth_de_valois");
    let hre = couple("don_carlos", "anna_of_austria");
    play(&mut s, marriage(FRA, france));
    play(&mut s, Move::Announce);
    assert!(moves(&s).contains(&marriage(HRE, hre)));
    play(&mut s, marriage(HRE, hre));
    play(&mut s, Move::Announce);
    assert_eq!(to_confirm(&mut s), FRA);
    play(&mut s, Move::Accept);
    assert_eq!(s.royals.engaged, vec![france]);
    assert_eq!(to_confirm(&mut s), HRE);
    assert_eq!(moves(&s), vec![Move::Reject], "Don Carlos is engaged now");
    let ev = play(&mut s, Move::Reject);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::AnnouncementVoid { .. }))
    );
    assert_eq!(s.royals.engaged, vec![france]);
    assert_eq!(
        nobles::get(&s, hre.bride).status,
        Status::Free,
        "Anna of Austria stays free"
    );
    // War between the parties before the confirmation.
    let mut s = negotiating(SPA);
    play(&mut s, marriage(FRA, france));
    play(&mut s, Move::Announce);
    war(&mut s, SPA, FRA);
    assert_eq!(to_confirm(&mut s), FRA);
    assert_eq!(moves(&s), vec![Move::Reject]);
    play(&mut s, Move::Reject);
    assert!(free(&s, france));
    // Drafted after a clause that engages the same noble: not listed at all.
    let mut s = negotiating(SPA);
    play(&mut s, marriage(FRA, france));
    assert!(!moves(&s).contains(&marriage(HRE, hre)));
    // At war when drafted: listed only after a clause that ends the war ([9.1] L666 "und
    // den Krieg nicht beenden"); the bundle takes effect in its order.
    let mut s = negotiating(SPA);
    war(&mut s, SPA, FRA);
    assert!(!moves(&s).contains(&marriage(FRA, france)));
    play(
        &mut s,
        Move::Propose {
            to: FRA,
            deal: DealPick::Peace,
        },
    );
    assert!(moves(&s).contains(&marriage(FRA, france)));
    play(&mut s, marriage(FRA, france));
    announce_and_confirm(&mut s);
    assert_eq!(s.royals.engaged, vec![france]);
}

/// S9, S17: a marriage clause naming Mary Stuart (France's) weds her at once at the
/// confirmation ([9.1] L660); the wedding's frames run first and then France is asked
/// about Spain's next announcement (R8: every pending announcement is answered in turn).
#[test]
fn s9_mary_stuarts_clause_weds_at_once_then_the_answers_go_on() {
    let mut s = negotiating(SPA);
    let c = couple("don_carlos", "mary_stuart");
    play(&mut s, marriage(FRA, c));
    play(&mut s, Move::Announce);
    let alliance = Move::Propose {
        to: FRA,
        deal: DealPick::Alliance,
    };
    assert!(moves(&s).contains(&alliance));
    play(&mut s, alliance);
    play(&mut s, Move::Announce);
    assert_eq!(to_confirm(&mut s), FRA);
    assert!(matches!(s.stack.last(), Some(Frame::Confirm { id: 0, .. })));
    let ev = play(&mut s, Move::Accept);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Royals(royals::Event::Wedding { .. }))),
        "wed at once"
    );
    // A marriage bonus (France's influence) is decided right after the wedding.
    while kind(&s) == "marriage_bonus" {
        let m = moves(&s)[0].clone();
        play(&mut s, m);
    }
    assert!(
        matches!(s.stack.last(), Some(Frame::Confirm { who: FRA, id: 1 })),
        "France answers the next announcement: {:?}",
        s.stack.last()
    );
    play(&mut s, Move::Accept);
    assert!(s.alliances.contains(&(SPA, FRA)));
    assert_eq!(kind(&s), "negotiate");
}

/// D6, S9: a marriage clause being drafted is secret to its two parties: a third seat's
/// view does not change when the draft is redrawn (among the clauses the same two could
/// agree, marriages among them), the parties keep it; announced, it is public.
#[test]
fn s9_a_marriage_draft_is_secret_to_its_parties() {
    let mut s = negotiating(SPA);
    let c = couple("don_carlos", "elisabeth_de_valois");
    play(&mut s, marriage(FRA, c));
    let third = s.seat_of(ENG);
    assert_draft_secret(&s, third, [SPA, FRA]);
    let v = E::view(&s, Viewer::Seat(s.seat_of(FRA)));
    assert_eq!(
        v.draft.iter().map(|c| c.deal.clone()).collect::<Vec<_>>(),
        vec![Deal::Marriage(c)]
    );
    play(&mut s, Move::Announce);
    let v = E::view(&s, Viewer::Public);
    assert_eq!(v.announcements[0].clauses[0].deal, Deal::Marriage(c));
}
