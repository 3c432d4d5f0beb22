//! Espionage [19], marriages [21] and patronage [22]: the rules with scripted dice, the
//! actions and decisions through the game's moves, the §8.13 and §8.15 edge cases, the
//! rulings S1-S12, and the hidden information of gathering intelligence.

mod common;

use common::*;
use signoria_elisabeth_i::combat::Scripted;
use signoria_elisabeth_i::data::{SpaceId, data};
use signoria_elisabeth_i::espionage::{
    self, Move as EMove, agents, assassination::Target, intelligence,
};
use signoria_elisabeth_i::model::{DealPick, Event, Frame, Loc, Moment, Move, Step};
use signoria_elisabeth_i::patronage::{self, FigStatus, Move as PMove, evaluation, figures};
use signoria_elisabeth_i::royals::{
    self, Move as RMove, arrange,
    nobles::{self, Status},
    wedding::{self, Couple, Outcome},
};
use signoria_elisabeth_i::{ElisabethI as E, flow};
use signoria_engine::game::filter_events;
use signoria_engine::{Game, Viewer, kernel};

fn n(id: &str) -> u8 {
    nobles::by_id(id)
}

fn couple(g: &str, b: &str) -> Couple {
    Couple {
        groom: n(g),
        bride: n(b),
    }
}

/// A marriage clause with the later power `to` (RULINGS S9).
fn clause(to: u8, g: &str, b: &str) -> Move {
    Move::Propose {
        to,
        deal: DealPick::Marriage(couple(g, b)),
    }
}

/// RULINGS S9: `who` drafts the marriage of `g` and `b` with the later power `to` and
/// announces it; the powers between finish their turns until `to` is asked to confirm.
fn announce_marriage(s: &mut signoria_elisabeth_i::State, who: u8, to: u8, g: &str, b: &str) {
    s.stack = vec![Frame::Negotiate { who }];
    let mv = clause(to, g, b);
    assert!(moves(s).contains(&mv), "{mv:?} not listed");
    play(s, mv);
    play(s, Move::Announce);
    while !matches!(s.stack.last(), Some(Frame::Confirm { .. })) {
        play(s, Move::Done);
    }
    assert_eq!(seat(s), s.seat_of(to));
}

fn royal_game() -> signoria_elisabeth_i::State {
    let mut s = game();
    nobles::ensure(&mut s);
    s
}

fn engage(s: &mut signoria_elisabeth_i::State, c: Couple) {
    let mut ev = Vec::new();
    arrange::engage(s, c, &mut ev);
}

fn finish(s: &mut signoria_elisabeth_i::State, c: Couple, d: [u8; 2]) -> Vec<Event> {
    let mut ev = Vec::new();
    wedding::finish(s, c, d, &mut Scripted::new(&[]), &mut ev);
    ev.into_iter().map(|e| e.event).collect()
}

fn run_hook(s: &mut signoria_elisabeth_i::State, at: Moment) -> Vec<Event> {
    s.stack = vec![Frame::Hook { at, next: 0 }];
    let mut ev = Vec::new();
    kernel::advance::<E>(s, &mut ev);
    ev.into_iter().map(|e| e.event).collect()
}

// ---------------------------------------------------------------- marriages [21]

/// [21.1]: each power rolls one die and adds its noble's eligibility; the Royal Marriage
/// table's award goes to every power involved; the nobles' card markers follow.
#[test]
fn marriage_award_goes_to_both_powers() {
    let mut s = royal_game();
    let c = couple("charles_ii", "anna_of_saxony");
    engage(&mut s, c);
    assert_eq!(wedding::total(&s, c, [3, 4]), 3 + 4 + 2 + 2);
    let ev = finish(&mut s, c, [3, 4]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Royals(royals::Event::Wedding {
            total: 11,
            outcome: Outcome::Award { vp: 1, .. },
            ..
        })
    )));
    assert_eq!(royals::vp(&s, HRE), 1);
    assert_eq!(royals::vp(&s, PRO), 1);
    // Both nobles' card markers: +1 next turn (RULINGS S4).
    assert_eq!(royals::card_bonus(&s, HRE), 1);
    assert_eq!(royals::card_bonus(&s, PRO), 1);
    assert_eq!(royals::card_bonus(&s, SPA), 0);
    assert_eq!(nobles::get(&s, c.groom).status, Status::Married);
    assert!(s.royals.engaged.is_empty());
    // The markers count in the next card draw only.
    run_hook(&mut s, Moment::After(Step::CardDraw));
    assert_eq!(royals::card_bonus(&s, HRE), 0);
}

/// S3 (digest §8.15 #171): two nobles of one power roll two dice but add only the higher
/// eligibility; Don Carlos rerolls the highest die; "the wife dies" keeps the bonuses
/// (Isabella Clara Eugenia: +1 on the groom's power's patronage rolls next turn, S5).
#[test]
fn s3_one_power_adds_the_higher_eligibility_and_don_carlos_rerolls() {
    let mut s = royal_game();
    let c = couple("don_carlos", "isabella_clara_eugenia");
    assert_eq!(wedding::total(&s, c, [1, 2]), 1 + 2 + 3);
    let d = wedding::roll(c, &mut Scripted::new(&[6, 2, 1]));
    assert_eq!(d, [1, 2], "the 6 is rerolled");
    engage(&mut s, c);
    let ev = finish(&mut s, c, d);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Royals(royals::Event::Wedding {
            outcome: Outcome::WifeDies,
            ..
        })
    )));
    assert_eq!(nobles::get(&s, c.bride).status, Status::Dead);
    assert_eq!(royals::patronage_bonus(&s, SPA), 0, "only next turn");
    s.turn += 1;
    assert_eq!(royals::patronage_bonus(&s, SPA), 1);
}

/// [21.1]: Valois nobles go onto the French power card with 1 VP each; Philip II's card
/// marker does not come with Elisabeth de Valois in turn 1.
#[test]
fn valois_noble_on_the_french_card_and_philip_in_turn_one() {
    let mut s = royal_game();
    s.turn = 1;
    let c = couple("philip_ii", "elisabeth_de_valois");
    engage(&mut s, c);
    finish(&mut s, c, [6, 6]);
    // 6+6+4+4 = 20: the table's top row, 2 VP and 1 card each; +1 VP for the Valois.
    assert_eq!(royals::vp(&s, FRA), 3);
    assert_eq!(royals::vp(&s, SPA), 2);
    assert_eq!(
        royals::card_bonus(&s, SPA),
        1,
        "no marker from Philip in turn 1"
    );
    assert_eq!(nobles::get(&s, c.bride).status, Status::FrenchCard);
    let mut t = royal_game();
    t.turn = 2;
    engage(&mut t, c);
    finish(&mut t, c, [6, 6]);
    assert_eq!(
        royals::card_bonus(&t, SPA),
        2,
        "Philip's marker from turn 2 on"
    );
}

/// "Back to the pool" (digest §8.15 #173): as never agreed, both may marry later and
/// still age in the same phase.
#[test]
fn back_to_the_pool_nobles_stay_and_age() {
    let mut s = royal_game();
    s.turn = 3;
    let c = couple("charles_ii", "anna_of_austria");
    engage(&mut s, c);
    let ev = finish(&mut s, c, [1, 1]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Royals(royals::Event::Wedding {
            outcome: Outcome::BackToPool,
            ..
        })
    )));
    assert!(nobles::available(&s, c.groom) && nobles::available(&s, c.bride));
    assert_eq!(royals::vp(&s, HRE), 0);
    let mut ev = Vec::new();
    nobles::age(&mut s, &mut Scripted::new(&[6; 30]), &mut ev);
    assert_eq!(nobles::get(&s, c.bride).elig, 2, "women always age");
    assert_eq!(nobles::get(&s, c.groom).elig, 2, "a man stays on a 6");
    nobles::age(&mut s, &mut Scripted::new(&[1; 30]), &mut ev);
    assert_eq!(nobles::get(&s, c.groom).elig, 1, "a man ages on 1-4");
}

/// "Husband murdered": a ruling monarch dies, his power keeps the fall-back ratings of
/// §9.18 (Philip II: no card bonus, administrative rating 1).
#[test]
fn husband_murdered_kills_the_ruler() {
    let mut s = royal_game();
    let c = couple("philip_ii", "anna_of_saxony");
    s.royals.nobles[c.bride as usize].elig = 1;
    engage(&mut s, c);
    // 1+1+4+1 = 7: the husband is murdered.
    assert_eq!(wedding::total(&s, c, [1, 1]), 7);
    finish(&mut s, c, [1, 1]);
    assert!(wedding::ruler_dead(&s, SPA));
    assert_eq!(
        royals::card_bonus(&s, SPA),
        0,
        "+1 Philip's marker, -1 his card bonus"
    );
    run_hook(&mut s, Moment::After(Step::CardDraw));
    assert_eq!(
        royals::card_bonus(&s, SPA),
        -1,
        "Philip's card bonus 1 is lost"
    );
    assert_eq!(royals::admin(&s, SPA), Some(1));
    s.ps_mut(SPA).hand = s.deck.drain(..2).collect();
    assert!(!flow::may_pass(&s, SPA), "two cards, rating 1");
}

/// [21.2] / digest §8.15 #175: 1 VP per turn while Elizabeth is unmarried on a "can
/// marry" box, at most 5 in a game; aging takes her off the boxes after five turns.
#[test]
fn virgin_queen_vp_at_most_five() {
    let mut s = royal_game();
    for t in 1..=7 {
        s.turn = t;
        run_hook(&mut s, Moment::After(Step::Marriage));
    }
    assert_eq!(royals::vp(&s, ENG), 5);
    assert_eq!(s.royals.virgin_queen, 5);
    assert_eq!(nobles::get(&s, n("elizabeth_i")).elig, 0);
}

/// Digest §8.15 #172: William of Orange leaves only with a result giving the Protestants
/// VP; otherwise he returns next turn with eligibility 2.
#[test]
fn william_of_orange_returns_with_eligibility_two() {
    let mut s = royal_game();
    s.turn = 2;
    // Two Protestant nobles: 1+2 + 3 = 6, the wife dies (no VP).
    let c = couple("william_of_orange", "anna_of_saxony");
    engage(&mut s, c);
    assert_eq!(wedding::total(&s, c, [1, 2]), 6);
    finish(&mut s, c, [1, 2]);
    assert_eq!(nobles::get(&s, c.groom).status, Status::Returns(3));
    s.turn = 3;
    run_hook(&mut s, Moment::TurnBegins);
    assert_eq!(nobles::get(&s, c.groom).status, Status::Free);
    assert_eq!(nobles::get(&s, c.groom).elig, 2);
    // With VP for the Protestants he leaves.
    let c2 = couple("william_of_orange", "louise_de_coligny");
    engage(&mut s, c2);
    finish(&mut s, c2, [6, 6]);
    assert_eq!(nobles::get(&s, c2.groom).status, Status::Married);
}

/// The marriage phase through the turn's hook: Anna of Austria's power decides on the
/// reroll (a decision), the couple is married and the nobles age.
#[test]
fn marriage_phase_asks_annas_power_to_reroll() {
    let mut s = royal_game();
    s.turn = 2;
    let c = couple("charles_ii", "anna_of_austria");
    engage(&mut s, c);
    run_hook(&mut s, Moment::After(Step::Marriage));
    assert_eq!(kind(&s), "reroll_marriage");
    assert_eq!(seat(&s), s.seat_of(HRE));
    let ev = play(&mut s, Move::Royals(RMove::Reroll(false)));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Royals(royals::Event::Wedding { .. })))
    );
    assert!(s.royals.engaged.is_empty());
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Royals(royals::Event::Aged { .. })))
    );
}

/// [9.1], [21]: a marriage with another power is a clause announced by the earlier party
/// and confirmed by the other (S9, R8); the royals move only announces a power's own
/// couple; powers at war may not marry their nobles.
#[test]
fn marriages_are_arranged_in_negotiation() {
    let mut s = royal_game();
    s.turn = 2;
    let c = couple("charles_ii", "anna_of_saxony");
    s.stack = vec![Frame::Negotiate { who: HRE }];
    assert!(
        !moves(&s)
            .iter()
            .any(|m| matches!(m, Move::Royals(RMove::Propose { to, .. }) if *to != HRE)),
        "no marriage with another power outside an announcement"
    );
    announce_marriage(&mut s, HRE, PRO, "charles_ii", "anna_of_saxony");
    assert!(s.royals.engaged.is_empty(), "engaged at the confirmation");
    play(&mut s, Move::Accept);
    assert_eq!(s.royals.engaged, vec![c]);
    assert_eq!(kind(&s), "negotiate");
    // At war: no marriage between them.
    let mut t = royal_game();
    t.turn = 2;
    war(&mut t, HRE, PRO);
    t.stack = vec![Frame::Negotiate { who: HRE }];
    assert!(!moves(&t).contains(&clause(PRO, "charles_ii", "anna_of_saxony")));
    // A power's own couple is announced without consent.
    let own = Move::Royals(RMove::Propose {
        to: HRE,
        couple: couple("charles_ii", "anna_of_austria"),
    });
    assert!(moves(&t).contains(&own));
    play(&mut t, own);
    assert_eq!(t.royals.engaged.len(), 1);
    assert_eq!(kind(&t), "negotiate");
}

/// S1: the nobles the seed leaves without a rule are never offered: Leicester (his aging
/// bonus is printed on his card) and the Earl of Arran (a Scottish noble the seed gives
/// to no major); proposing one is refused as UNSUPPORTED naming why. Lord Darnley,
/// Mary Stuart (arranged by France, [23.3] L2076) and Elisabeth of Austria are offered.
#[test]
fn s1_nobles_with_missing_bonuses_are_refused() {
    let mut s = royal_game();
    s.turn = 2;
    s.stack = vec![Frame::Negotiate { who: ENG }];
    let refused = |s: &mut signoria_elisabeth_i::State, g: &str, b: &str, to: u8, why: &str| {
        let mv = Move::Royals(RMove::Propose {
            to,
            couple: couple(g, b),
        });
        assert!(!moves(s).contains(&mv));
        let who = seat(s);
        let err = E::apply(s, who, &mv).unwrap_err();
        let err = format!("{err:?}");
        assert!(err.contains(why) && err.contains("S1"), "{err:?}");
    };
    refused(&mut s, "leicester", "elizabeth_i", ENG, "aging");
    refused(
        &mut s,
        "earl_of_arran",
        "elizabeth_i",
        ENG,
        "Scottish noble",
    );
    let listed = moves(&s);
    assert!(listed.iter().all(|m| match m {
        Move::Royals(RMove::Propose { couple, .. })
        | Move::Propose {
            deal: DealPick::Marriage(couple),
            ..
        } => arrange::refused(couple.groom).is_none() && arrange::refused(couple.bride).is_none(),
        _ => true,
    }));
    assert!(listed.contains(&Move::Royals(RMove::Propose {
        to: ENG,
        couple: couple("lord_darnley", "elizabeth_i"),
    })));
    assert!(listed.contains(&clause(FRA, "lord_darnley", "mary_stuart")));
    s.stack = vec![Frame::Negotiate { who: SPA }];
    assert!(moves(&s).contains(&clause(FRA, "don_carlos", "mary_stuart")));
}

/// S18, [9.1] L667: two nobles of one family (the V of the Valois, the H on every
/// Spanish noble) never marry; the HRE's nobles carry no mark.
#[test]
fn s18_nobles_of_one_family_never_marry() {
    let mut s = royal_game();
    s.turn = 4;
    s.stack = vec![Frame::Negotiate { who: SPA }];
    let listed = moves(&s);
    let p = |to, g, b| {
        Move::Royals(RMove::Propose {
            to,
            couple: couple(g, b),
        })
    };
    assert!(!listed.contains(&p(SPA, "don_carlos", "isabella_clara_eugenia")));
    assert!(listed.contains(&clause(HRE, "don_carlos", "elisabeth_of_austria")));
    assert!(listed.contains(&clause(FRA, "philip_ii", "elisabeth_de_valois")));
    s.stack = vec![Frame::Negotiate { who: FRA }];
    let listed = moves(&s);
    assert!(!listed.contains(&p(FRA, "charles_ix", "elisabeth_de_valois")));
    assert!(listed.contains(&p(FRA, "charles_ix", "mary_stuart")));
    let who = seat(&s);
    assert!(E::apply(&mut s, who, &p(FRA, "henry_iii", "marguerite_de_valois")).is_err());
}

/// S17, [9.1] L660, [23.3] L2076: France arranges Mary Stuart; her marriage is carried out
/// at once in the negotiation segment, and her bonus (influence, [21.1] L1874) is added by
/// France right after it; never while she is captured in England ([9.1] L668).
#[test]
fn s17_mary_stuart_weds_at_once_and_france_adds_influence() {
    let mut s = royal_game();
    s.turn = 2;
    let c = couple("don_carlos", "mary_stuart");
    // Spain, the earlier party, announces the clause; France confirms (S9).
    announce_marriage(&mut s, SPA, FRA, "don_carlos", "mary_stuart");
    // A seed whose dice give an award: the bonus frame follows the wedding at once.
    let (mut t, ev) = until(
        &s,
        |t| play(t, Move::Accept),
        |t, _| kind(t) == "marriage_bonus",
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Royals(royals::Event::Wedding {
            outcome: Outcome::Award { .. },
            ..
        })
    )));
    assert!(
        t.royals.engaged.is_empty(),
        "carried out in the negotiation segment"
    );
    assert_eq!(nobles::get(&t, c.bride).status, Status::Married);
    assert_eq!(seat(&t), t.seat_of(FRA));
    let scot = Move::Royals(RMove::Influence(
        signoria_elisabeth_i::data::Power::Scotland,
    ));
    assert!(moves(&t).contains(&scot));
    let before = signoria_elisabeth_i::minors::influence::influence(
        &t,
        signoria_elisabeth_i::data::Power::Scotland,
        FRA,
    );
    play(&mut t, scot);
    assert_eq!(
        signoria_elisabeth_i::minors::influence::influence(
            &t,
            signoria_elisabeth_i::data::Power::Scotland,
            FRA
        ),
        before + 1
    );
    assert_eq!(kind(&t), "negotiate", "the negotiation goes on");
    // A result without a marriage (here a last-minute annulment: 1 + 1 + 2 + 4) leaves
    // her free and brings no bonus.
    let mut s = royal_game();
    s.turn = 2;
    let c = couple("charles_ii", "mary_stuart");
    announce_marriage(&mut s, FRA, HRE, "charles_ii", "mary_stuart");
    let (u, _) = until(
        &s,
        |u| play(u, Move::Accept),
        |u, ev| {
            ev.iter().any(|e| {
                matches!(
                    e,
                    Event::Royals(royals::Event::Wedding {
                        outcome: Outcome::Annulment,
                        ..
                    })
                )
            }) && kind(u) == "negotiate"
        },
    );
    assert_eq!(nobles::get(&u, c.bride).status, Status::Free);
    // Captured in England: not offered.
    let mut v = royal_game();
    v.turn = 2;
    v.royals.mary = royals::Mary::Captured;
    v.stack = vec![Frame::Negotiate { who: SPA }];
    assert!(!moves(&v).contains(&clause(FRA, "don_carlos", "mary_stuart")));
}

/// S17: Lord Darnley's bonus: England adds one box of influence in a column it may buy
/// in ([24.5]), right after the marriage phase's wedding and before the next one.
#[test]
fn s17_darnley_adds_english_influence() {
    let mut s = royal_game();
    s.turn = 2;
    let c = couple("lord_darnley", "anna_of_saxony");
    engage(&mut s, c);
    s.stack.clear();
    finish(&mut s, c, [4, 4]);
    assert_eq!(kind(&s), "marriage_bonus");
    assert_eq!(seat(&s), s.seat_of(ENG));
    let listed = moves(&s);
    let cols = signoria_elisabeth_i::minors::influence::buyable(&s, ENG);
    assert!(!cols.is_empty());
    assert_eq!(listed.len(), cols.len());
    play(&mut s, listed[0].clone());
    let Move::Royals(RMove::Influence(t)) = listed[0] else {
        panic!("{listed:?}")
    };
    assert!(signoria_elisabeth_i::minors::influence::influence(&s, t, ENG) >= 1);
    assert_eq!(kind(&s), "over");
    // Annulled: no bonus.
    let mut a = royal_game();
    a.turn = 2;
    engage(&mut a, c);
    a.stack.clear();
    finish(&mut a, c, [3, 1]);
    assert_eq!(kind(&a), "over");
}

/// S17: Elisabeth of Austria's suppress heresy ([18.3]): the HRE has no such action, so
/// her husband's power carries it out (France: in France or Scotland); married to a
/// Protestant, whose power cannot suppress heresy either, the bonus is lost.
#[test]
fn s17_elisabeth_of_austria_suppresses_heresy_through_her_husband() {
    let mut s = royal_game();
    s.turn = 2;
    let c = couple("charles_ix", "elisabeth_of_austria");
    engage(&mut s, c);
    s.stack.clear();
    finish(&mut s, c, [5, 5]);
    assert_eq!(kind(&s), "marriage_bonus");
    assert_eq!(seat(&s), s.seat_of(FRA));
    let fr = Move::Royals(RMove::Convert(
        signoria_elisabeth_i::data::ReligiousZone::France,
    ));
    assert!(moves(&s).contains(&fr));
    assert!(
        moves(&s)
            .iter()
            .all(|m| matches!(m, Move::Royals(RMove::Convert(_))))
    );
    let ev = play(&mut s, fr);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Religion(signoria_elisabeth_i::religion::Event::Attempts {
            power: FRA,
            faith: signoria_elisabeth_i::religion::Faith::Catholic,
            zone: signoria_elisabeth_i::data::ReligiousZone::France,
            dice,
        }) if dice.len() == 5
    )));
    let mut p = royal_game();
    p.turn = 3;
    let c = couple("henry_iv", "elisabeth_of_austria");
    engage(&mut p, c);
    p.stack.clear();
    finish(&mut p, c, [5, 5]);
    assert_eq!(nobles::get(&p, c.bride).status, Status::Married);
    assert_eq!(kind(&p), "over", "no power of the couple suppresses heresy");
}

/// [21.4] / digest §8.15 #174: an engaged noble who dies (here Henry of Navarre by an
/// assassination) ends the engagement as "back to the pool".
#[test]
fn an_engaged_noble_assassinated_ends_the_engagement() {
    let mut s = royal_game();
    s.turn = 4;
    let c = couple("henry_iv", "anna_of_austria");
    engage(&mut s, c);
    place_leader(&mut s, "henry_navarre", "la_rochelle");
    let mut ev = Vec::new();
    espionage::assassination::attempt(
        &mut s,
        SPA,
        Target::Leader(leader("henry_navarre")),
        4,
        &mut Scripted::new(&[6, 6, 6, 6, 1, 1]),
        &mut ev,
    );
    assert_eq!(loc(&s, "henry_navarre"), Loc::Dead);
    assert!(s.royals.engaged.is_empty());
    assert_eq!(nobles::get(&s, c.bride).status, Status::Free);
    assert_eq!(nobles::get(&s, c.groom).status, Status::Dead);
    assert_eq!(espionage::vp(&s, SPA), 1, "a kill gives the assassin 1 VP");
}

// ---------------------------------------------------------------- patronage [22]

fn fig(id: &str) -> u8 {
    (0..figures::count())
        .find(|&i| figures::figure(i).id == id)
        .unwrap()
}

fn sponsor(s: &mut signoria_elisabeth_i::State, id: &str, by: u8, cp: u8) {
    let mut ev = Vec::new();
    patronage::set(s, fig(id), FigStatus::Sponsored { by, cp }, &mut ev);
}

fn evaluate(s: &mut signoria_elisabeth_i::State, id: &str, dice: [u8; 2]) -> Vec<Event> {
    let mut ev = Vec::new();
    evaluation::evaluate(s, fig(id), &mut Scripted::new(&dice), &mut ev);
    ev.into_iter().map(|e| e.event).collect()
}

/// [22.1]: sponsoring costs 2-4 CP, once per turn per side, a random figure among the
/// power's available ones (S6), never one from Italy (digest §8.15 #176).
#[test]
fn s6_sponsoring_an_artist_once_per_turn() {
    let mut s = game();
    s.turn = 1;
    actions(&mut s, FRA, 4);
    for cp in 2..=4 {
        assert!(moves(&s).contains(&Move::Patronage(PMove::Sponsor {
            scientist: false,
            cp
        })));
    }
    play(
        &mut s,
        Move::Patronage(PMove::Sponsor {
            scientist: false,
            cp: 2,
        }),
    );
    assert_eq!(cp_left(&s), 2);
    let on: Vec<u8> = (0..figures::count())
        .filter(|&i| {
            matches!(
                patronage::status(&s, i),
                FigStatus::Sponsored { by: FRA, cp: 2 }
            )
        })
        .collect();
    assert_eq!(on.len(), 1);
    let f = figures::figure(on[0]);
    assert!(f.kind.is_artist() && !f.italian && f.entry_turn <= 1);
    assert!(!moves(&s).iter().any(|m| matches!(
        m,
        Move::Patronage(PMove::Sponsor {
            scientist: false,
            ..
        })
    )));
    assert!(moves(&s).contains(&Move::Patronage(PMove::Sponsor {
        scientist: true,
        cp: 2
    })));
    // No artist of its own available: no action.
    let mut t = game();
    t.turn = 1;
    for i in 0..figures::count() {
        if figures::figure(i).power == Some(signoria_elisabeth_i::data::Power::France) {
            patronage::set(&mut t, i, FigStatus::Removed, &mut Vec::new());
        }
    }
    actions(&mut t, FRA, 4);
    assert!(!moves(&t).iter().any(|m| matches!(m, Move::Patronage(_))));
}

/// [22.1] the result bands: ≤6 removed; 7-8 back to the pool (a value-1 figure removed);
/// 9 back to the pool; ≥10 a VP marker (with the CP modifier, S7).
#[test]
fn s7_evaluation_bands_and_cp_modifier() {
    let mut s = game();
    // Ronsard (value 2), 2 CP: 1+2+2 = 5.
    sponsor(&mut s, "ronsard", FRA, 2);
    evaluate(&mut s, "ronsard", [1, 2]);
    assert_eq!(patronage::status(&s, fig("ronsard")), FigStatus::Removed);
    // Clouet (value 1): 7 removes him.
    sponsor(&mut s, "clouet", FRA, 2);
    evaluate(&mut s, "clouet", [3, 3]);
    assert_eq!(patronage::status(&s, fig("clouet")), FigStatus::Removed);
    // Lescot (value 2), 3 CP (+1): 2+2+2+1 = 7 -> pool; 9 -> pool.
    sponsor(&mut s, "lescot", FRA, 3);
    evaluate(&mut s, "lescot", [2, 2]);
    assert_eq!(patronage::status(&s, fig("lescot")), FigStatus::Pool);
    sponsor(&mut s, "lescot", FRA, 3);
    evaluate(&mut s, "lescot", [3, 1]);
    assert_eq!(patronage::status(&s, fig("lescot")), FigStatus::Pool);
    // 4 CP (+2): 6+5+2+2 = 15 -> 3 VP (architect 3-VP marker).
    sponsor(&mut s, "lescot", FRA, 4);
    evaluate(&mut s, "lescot", [6, 5]);
    assert_eq!(
        patronage::status(&s, fig("lescot")),
        FigStatus::Finished { by: FRA }
    );
    assert_eq!(patronage::vp(&s, FRA), 3);
}

/// [22.1] / digest §8.15 #177: VP markers are finite: a 3-VP result of a type whose 3-VP
/// marker is gone takes the best lower one; 1-VP markers fit any type; no marker at all
/// sends the artist back to the pool.
#[test]
fn artist_markers_are_limited() {
    let mut s = game();
    sponsor(&mut s, "sinan", OTT, 4);
    evaluate(&mut s, "sinan", [6, 6]);
    assert_eq!(patronage::vp(&s, OTT), 3);
    // The architects' 3 is gone: Juan de Herrera takes the 2.
    sponsor(&mut s, "juan_de_herrera", SPA, 4);
    evaluate(&mut s, "juan_de_herrera", [6, 6]);
    assert_eq!(patronage::vp(&s, SPA), 2);
    // Architects exhausted: a 1-VP marker of any type.
    sponsor(&mut s, "smythson", ENG, 4);
    evaluate(&mut s, "smythson", [6, 6]);
    assert_eq!(patronage::vp(&s, ENG), 1);
    // No marker left at all: back to the pool.
    let any = figures::pack().markers.artist_any.len();
    s.patronage
        .taken
        .extend(std::iter::repeat_n((figures::Pile::ArtistAny, 1), any - 1));
    sponsor(&mut s, "lescot", FRA, 4);
    evaluate(&mut s, "lescot", [6, 6]);
    assert_eq!(patronage::status(&s, fig("lescot")), FigStatus::Pool);
    assert_eq!(patronage::vp(&s, FRA), 0);
}

/// [22.1]: evaluated by printed value (highest first), ties in impulse order.
#[test]
fn evaluation_order_by_value_then_impulse() {
    let mut s = game();
    sponsor(&mut s, "clouet", FRA, 2);
    sponsor(&mut s, "ronsard", FRA, 2);
    sponsor(&mut s, "baki", OTT, 2);
    sponsor(&mut s, "bruegel", PRO, 2);
    let order: Vec<&str> = evaluation::order(&s)
        .into_iter()
        .map(|i| figures::figure(i).id.as_str())
        .collect();
    assert_eq!(order, vec!["bruegel", "baki", "ronsard", "clouet"]);
}

/// S8 / digest §8.15 #178: a scientist's award is VP or a science bonus (only the
/// Observatory is implemented); one owner per bonus; no VP marker: the bonus is taken;
/// the Observatory adds 1 to its owner's scientist rolls.
#[test]
fn s8_scientist_award_vp_or_observatory() {
    let mut s = game();
    s.turn = 1;
    sponsor(&mut s, "pare", FRA, 2);
    s.stack.clear();
    let mut ev = Vec::new();
    // 5+5+2 = 12: award; VP or the bonus.
    evaluation::evaluate(&mut s, fig("pare"), &mut Scripted::new(&[5, 5]), &mut ev);
    assert_eq!(kind(&s), "science_award");
    assert_eq!(seat(&s), s.seat_of(FRA));
    let take = Move::Patronage(PMove::TakeBonus(evaluation::OBSERVATORY.into()));
    assert!(moves(&s).contains(&take));
    assert!(moves(&s).contains(&Move::Patronage(PMove::TakeVp)));
    play(&mut s, take);
    assert_eq!(
        evaluation::bonus_owner(&s, evaluation::OBSERVATORY),
        Some(FRA)
    );
    assert_eq!(evaluation::modifier(&s, fig("viete"), FRA, 2), 1);
    assert_eq!(evaluation::modifier(&s, fig("viete"), ENG, 2), 0);
    assert_eq!(
        evaluation::modifier(&s, fig("ronsard"), FRA, 2),
        0,
        "scientists only"
    );
    // Every bonus of the seed is offered now (Dry Dock among them, RULINGS I3); a name
    // outside the seed's list is refused as UNSUPPORTED.
    assert!(
        patronage::unsupported(&s, &Move::Patronage(PMove::TakeBonus("dry_dock".into()))).is_none()
    );
    assert!(
        patronage::unsupported(&s, &Move::Patronage(PMove::TakeBonus("astrolabe".into())))
            .is_some()
    );
    // With every bonus gone the VP come without a question.
    for b in evaluation::BONUSES {
        if evaluation::bonus_owner(&s, b).is_none() {
            s.patronage.bonuses.push((b.to_string(), ENG));
        }
    }
    sponsor(&mut s, "mercator", PRO, 2);
    evaluate(&mut s, "mercator", [5, 5]);
    assert_eq!(patronage::vp(&s, PRO), 2);
    // No science marker left and the Observatory free: the bonus must be taken.
    let mut t = game();
    let m = figures::pack().markers.science.clone();
    t.patronage.taken = m.iter().map(|&v| (figures::Pile::Science, v)).collect();
    sponsor(&mut t, "john_dee", ENG, 2);
    evaluate(&mut t, "john_dee", [6, 6]);
    assert_eq!(
        evaluation::bonus_owner(&t, evaluation::OBSERVATORY),
        Some(ENG)
    );
}

/// Isabella Clara Eugenia's marriage adds 1 to the evaluation of its power (S5).
#[test]
fn s5_isabella_adds_one_to_patronage() {
    let mut s = game();
    s.turn = 3;
    s.royals.patronage_plus.push((SPA, 3));
    assert_eq!(evaluation::modifier(&s, fig("el_greco"), SPA, 2), 1);
    assert_eq!(evaluation::modifier(&s, fig("el_greco"), SPA, 4), 3);
}

// ---------------------------------------------------------------- espionage [19]

/// Digest §8.13 #151: no espionage in turns 1-2; the markers come at the start of turn 3.
#[test]
fn no_espionage_before_turn_three() {
    let mut s = game();
    s.turn = 2;
    actions(&mut s, ENG, 4);
    assert!(!moves(&s).iter().any(|m| matches!(m, Move::Espionage(_))));
    s.turn = 3;
    run_hook(&mut s, Moment::TurnBegins);
    assert_eq!(s.espionage.informants.len(), 12);
    actions(&mut s, ENG, 4);
    assert!(moves(&s).contains(&Move::Espionage(EMove::Gather { target: SPA })));
    assert!(moves(&s).contains(&Move::Espionage(EMove::Plant {
        target: SPA,
        from: None
    })));
    actions(&mut s, ENG, 1);
    assert!(
        !moves(&s).iter().any(|m| matches!(m, Move::Espionage(_))),
        "2 CP at least"
    );
}

/// Digest §8.13 #152-#153: never two informants of a power on one card (neutralized or
/// not); an agent on the target adds a die (S10); an agent may move between cards.
#[test]
fn s10_agents_one_per_card_and_a_die() {
    let mut s = game();
    s.turn = 3;
    agents::hand_out(&mut s);
    assert_eq!(intelligence::dice_count(&s, ENG, SPA), 2);
    actions(&mut s, ENG, 6);
    play(
        &mut s,
        Move::Espionage(EMove::Plant {
            target: SPA,
            from: None,
        }),
    );
    assert_eq!(intelligence::dice_count(&s, ENG, SPA), 3);
    assert_eq!(
        intelligence::dice_count(&s, FRA, SPA),
        2,
        "only the own agent"
    );
    assert!(
        !moves(&s)
            .iter()
            .any(|m| matches!(m, Move::Espionage(EMove::Plant { target: SPA, .. })))
    );
    assert!(moves(&s).contains(&Move::Espionage(EMove::Plant {
        target: FRA,
        from: Some(SPA)
    })));
    play(
        &mut s,
        Move::Espionage(EMove::Plant {
            target: FRA,
            from: Some(SPA),
        }),
    );
    assert!(agents::spies_on(&s, ENG, FRA) && !agents::spies_on(&s, ENG, SPA));
    // A neutralized agent still blocks its card and gives no die.
    let i = s
        .espionage
        .informants
        .iter()
        .position(|i| i.on == Some(FRA))
        .unwrap();
    s.espionage.informants[i].neutralized = true;
    assert_eq!(intelligence::dice_count(&s, ENG, FRA), 2);
    assert!(
        !agents::plant_choices(&s, ENG)
            .iter()
            .any(|&(t, _)| t == FRA)
    );
    // [20.8] winter: back into the pool, face up.
    s.espionage.assassinated.push(ENG);
    run_hook(&mut s, Moment::After(Step::Winter));
    assert_eq!(s.espionage.informants[i].on, None);
    assert!(!s.espionage.informants[i].neutralized);
    assert!(s.espionage.assassinated.is_empty());
}

/// S11 and hidden information: gathering intelligence with 3 hits shows the target's
/// hand to the spying seat only, neutralizes the target's agent on the spy and takes a
/// random card (never a home card); which card only the two seats learn.
#[test]
fn s11_what_a_spy_learns_reaches_only_its_seat() {
    let mut s = game();
    s.turn = 3;
    agents::hand_out(&mut s);
    give(&mut s, SPA, "spanish_armada");
    let cards: Vec<_> = s.deck.drain(..3).collect();
    s.ps_mut(SPA).hand.extend(&cards);
    s.ps_mut(SPA).hand.sort();
    let before = s.ps(SPA).hand.clone();
    let i = s
        .espionage
        .informants
        .iter()
        .position(|i| i.owner == SPA)
        .unwrap();
    s.espionage.informants[i].on = Some(ENG);
    let mut ev = Vec::new();
    // 3 hits of 3 dice (an agent on Spain gives the third).
    let j = s
        .espionage
        .informants
        .iter()
        .position(|i| i.owner == ENG)
        .unwrap();
    s.espionage.informants[j].on = Some(SPA);
    let hand = s.ps(SPA).hand.clone();
    intelligence::gather(&mut s, ENG, SPA, &mut Scripted::new(&[5, 6, 6, 1]), &mut ev);
    assert!(s.espionage.informants[i].neutralized);
    let home = data().card_by_key("spanish_armada").unwrap().id;
    assert!(s.ps(SPA).hand.contains(&home), "home cards are never taken");
    assert_eq!(s.ps(SPA).hand.len() + 1, hand.len());
    let taken = *before.iter().find(|c| !s.ps(SPA).hand.contains(c)).unwrap();
    assert!(s.ps(ENG).hand.contains(&taken));
    let secret = |e: &Event| {
        matches!(
            e,
            Event::Espionage(
                espionage::Event::HandSeen { .. } | espionage::Event::CardTakenIs { .. }
            )
        )
    };
    for seat in 0..6usize {
        let mine = filter_events(&ev, Viewer::Seat(seat));
        if seat == s.seat_of(ENG) {
            assert!(mine.iter().any(|e| matches!(e, Event::Espionage(espionage::Event::HandSeen { cards, .. }) if cards == &hand)));
            assert!(mine.iter().any(|e| matches!(e, Event::Espionage(espionage::Event::CardTakenIs { card, .. }) if card == &taken)));
        } else if seat == s.seat_of(SPA) {
            assert!(
                !mine
                    .iter()
                    .any(|e| matches!(e, Event::Espionage(espionage::Event::HandSeen { .. })))
            );
            assert!(mine.iter().any(|e| matches!(e, Event::Espionage(espionage::Event::CardTakenIs { card, .. }) if card == &taken)));
        } else {
            assert!(!mine.iter().any(secret), "seat {seat} learns a secret");
            assert!(
                mine.iter()
                    .any(|e| matches!(e, Event::Espionage(espionage::Event::CardTaken { .. })))
            );
        }
    }
    assert!(!filter_events(&ev, Viewer::Public).iter().any(secret));
    // The views of the other seats show no hand.
    let v = E::view(&s, Viewer::Seat(s.seat_of(FRA)));
    assert!(v.powers[SPA as usize].hand.is_none() && v.powers[ENG as usize].hand.is_none());
}

/// [19.3] / digest §8.13 #155-#156: once per turn; captured leaders and the own leaders
/// are no targets; a failed attempt uses the marker too; Elizabeth killed: England's
/// ruler is dead (§9.18) and the Virgin Queen VP end.
#[test]
fn assassination_targets_and_once_per_turn() {
    let mut s = royal_game();
    s.turn = 3;
    agents::hand_out(&mut s);
    place_leader(&mut s, "alba", "brussels");
    let i = signoria_elisabeth_i::board::leader_pos(&s, leader("parma"));
    s.leaders[i].at = Loc::Captured(FRA);
    let t = espionage::assassination::targets(&s, ENG);
    assert!(t.contains(&(Target::Leader(leader("alba")), SPA)));
    assert!(!t.iter().any(|&(x, _)| x == Target::Leader(leader("parma"))));
    assert!(!t.iter().any(|&(_, p)| p == ENG));
    assert!(!t.contains(&(Target::Elizabeth, ENG)));
    actions(&mut s, SPA, 4);
    assert!(moves(&s).contains(&Move::Espionage(EMove::Assassinate {
        target: Target::Elizabeth,
        cp: 4
    })));
    let mut ev = Vec::new();
    espionage::assassination::attempt(
        &mut s,
        SPA,
        Target::Elizabeth,
        2,
        &mut Scripted::new(&[1, 1, 6, 6]),
        &mut ev,
    );
    assert!(!wedding::ruler_dead(&s, ENG));
    actions(&mut s, SPA, 4);
    assert!(
        !moves(&s)
            .iter()
            .any(|m| matches!(m, Move::Espionage(EMove::Assassinate { .. })))
    );
    s.espionage.assassinated.clear();
    let mut ev = Vec::new();
    espionage::assassination::attempt(
        &mut s,
        SPA,
        Target::Elizabeth,
        4,
        &mut Scripted::new(&[5, 5, 6, 1, 1, 1]),
        &mut ev,
    );
    assert!(wedding::ruler_dead(&s, ENG));
    assert_eq!(royals::admin(&s, ENG), Some(1));
    assert_eq!(espionage::vp(&s, SPA), 1);
    run_hook(&mut s, Moment::After(Step::Marriage));
    assert_eq!(royals::vp(&s, ENG), 0, "no Virgin Queen VP after her death");
}

/// [8.2] / digest §8.13 #154: Spain's card is topped up to 1 Jesuit per card draw, 5 in
/// all; a Jesuit goes into a space in England, one per space.
#[test]
fn jesuits_in_england_one_per_space() {
    let mut s = game();
    s.turn = 3;
    agents::hand_out(&mut s);
    run_hook(&mut s, Moment::After(Step::CardDraw));
    assert_eq!(s.espionage.jesuits_card, 1);
    run_hook(&mut s, Moment::After(Step::CardDraw));
    assert_eq!(s.espionage.jesuits_card, 1, "topped up, not added");
    actions(&mut s, SPA, 2);
    let spaces: Vec<SpaceId> = moves(&s)
        .iter()
        .filter_map(|m| match m {
            Move::Espionage(EMove::Jesuit { space }) => Some(*space),
            _ => None,
        })
        .collect();
    assert!(!spaces.is_empty());
    assert!(
        spaces
            .iter()
            .all(|&x| data().space(x).home == signoria_elisabeth_i::data::Power::England)
    );
    play(&mut s, Move::Espionage(EMove::Jesuit { space: spaces[0] }));
    assert_eq!(s.espionage.jesuits, vec![spaces[0]]);
    assert!(agents::jesuit_in(&s, spaces[0]));
    assert!(!agents::jesuit_spaces(&s).contains(&spaces[0]));
    s.espionage.jesuits = agents::jesuit_spaces(&s).into_iter().take(5).collect();
    run_hook(&mut s, Moment::After(Step::CardDraw));
    assert!(s.espionage.jesuits.len() + s.espionage.jesuits_card as usize <= 5);
}

/// `data/patronage.json`: unique ids, values 1-3, every major with artists and
/// scientists, provenance on every record (seed records with a reference), the Italian
/// figures without a power.
#[test]
fn patronage_data_pack() {
    use signoria_elisabeth_i::data::Source;
    let p = figures::pack();
    let mut ids: Vec<&str> = p.figures.iter().map(|f| f.id.as_str()).collect();
    ids.sort();
    let n = ids.len();
    ids.dedup();
    assert_eq!(ids.len(), n, "duplicate figure ids");
    for f in &p.figures {
        assert!((1..=3).contains(&f.value), "{}", f.id);
        assert!((1..=7).contains(&f.entry_turn), "{}", f.id);
        assert_eq!(f.italian, f.power.is_none(), "{}", f.id);
        if f.prov.src == Source::Seed {
            assert!(f.prov.reference.as_deref().is_some_and(|r| r.contains('§')));
        }
    }
    for pw in signoria_elisabeth_i::data::Power::MAJORS {
        for artist in [true, false] {
            assert!(
                p.figures
                    .iter()
                    .any(|f| f.power == Some(pw) && f.kind.is_artist() == artist),
                "{pw:?} has no {}",
                if artist { "artist" } else { "scientist" }
            );
        }
    }
    assert!(p.markers.prov.src == Source::Reconstructed);
    assert_eq!(figures::cp_modifier(2), 0);
    assert_eq!(figures::cp_modifier(4), 2);
}

/// S16: *Englisches Kolleg, Douai* as an event: from the next card draw on, Spain's card
/// is topped up to 2 Jesuits ([8.2]); the card leaves the game.
#[test]
fn s16_english_college_douai_gives_two_jesuits() {
    let mut s = game();
    s.turn = 3;
    give(&mut s, SPA, "english_college_douai");
    let card = data().card_by_key("english_college_douai").unwrap().id;
    s.stack = vec![Frame::Impulse {
        who: SPA,
        passes: 0,
    }];
    let mv = Move::PlayEvent { card };
    assert!(moves(&s).contains(&mv));
    play(&mut s, mv);
    assert!(s.espionage.douai);
    assert!(s.removed.contains(&card));
    run_hook(&mut s, Moment::After(Step::CardDraw));
    assert_eq!(s.espionage.jesuits_card, 2);
}
