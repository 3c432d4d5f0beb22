//! The negotiation segment ([9.1], [9.2]): ceding spaces with the displacement of [12.5],
//! mercenaries, the terms refused as UNSUPPORTED, the secrecy of a deal under negotiation,
//! and the diplomacy edge cases of the digest (§8.4 #39-#60) the engine decides.

mod common;

use common::*;
use signoria_elisabeth_i::ElisabethI as E;
use signoria_elisabeth_i::board::{allied, at_war, controller_pw, fortified};
use signoria_elisabeth_i::data::{PoolOwner, Power, data};
use signoria_elisabeth_i::diplomacy as dip;
use signoria_elisabeth_i::model::{Deal, DealPick, Event, Frame, Loc, Move, Pw, State, Step};
use signoria_engine::{Game, ProtoGame, RuleErrorKind, Viewer};

fn negotiate(s: &mut State, who: Pw) {
    s.stack = vec![Frame::Negotiate { who }];
}

fn offer(to: Pw, deal: DealPick) -> Move {
    Move::Propose { to, deal }
}

/// [9.1] 5 (a), [12.5]: Spain returns Amiens to France; the Spanish army there goes to the
/// nearest fortified space Spain controls, its leader with it; the cession is public.
#[test]
fn ceding_a_space_home_displaces_the_old_owner() {
    let mut s = game();
    s.sp_mut(sp("amiens")).controller = Power::Spain;
    clear(&mut s, "amiens");
    put(&mut s, "amiens", PoolOwner::Spain, 3, 1, 0);
    place_leader(&mut s, "alba", "amiens");
    negotiate(&mut s, SPA);
    let mv = offer(FRA, DealPick::Cede(sp("amiens")));
    assert!(moves(&s).contains(&mv));
    play(&mut s, mv);
    play(&mut s, Move::Announce);
    play(&mut s, Move::Done);
    play(&mut s, Move::Done);
    assert_eq!(kind(&s), "confirm");
    let seat = s.seat_of(FRA);
    // The receiver's prompt names the offer in words.
    let prompt = E::prompt_for(&s, seat).unwrap();
    assert!(
        prompt.contains("cede Amiens to France") && prompt.contains("Confirm or reject"),
        "{prompt}"
    );
    let ev = E::apply(&mut s, seat, &Move::Accept).unwrap();
    assert!(E::invariant_violations(&s).is_empty());
    assert_eq!(controller_pw(&s, sp("amiens")), Some(FRA));
    assert_eq!(troops(&s, "amiens", SPA), 0);
    let Loc::Space(to) = loc(&s, "alba") else {
        panic!("Alba displaced onto the map")
    };
    assert!(fortified(&s, to) && controller_pw(&s, to) == Some(SPA));
    assert!(troops(&s, &data().space(to).key, SPA) >= 4);
    // the cession is announced to everybody
    assert!(
        ev.iter()
            .any(|e| e.audience == signoria_engine::Audience::All
                && matches!(
                    e.event,
                    Event::DealAccepted {
                        deal: Deal::Cede(_),
                        ..
                    }
                ))
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e.event, Event::Moved { power: SPA, .. }))
    );
}

/// [9.1] 5 (b), (c): France and the Protestants exchange spaces in France, Spain and the
/// Protestants in the Netherlands; no other cession but back to the home power.
#[test]
fn who_may_cede_what() {
    let mut s = game();
    // Spain may not cede its own home space to anyone; England may not take Amiens.
    assert!(!dip::cede::cedable(&s, SPA, ENG, sp("madrid")));
    s.sp_mut(sp("amiens")).controller = Power::England;
    clear(&mut s, "amiens");
    assert!(!dip::cede::cedable(&s, ENG, SPA, sp("amiens")));
    assert!(dip::cede::cedable(&s, ENG, FRA, sp("amiens")));
    // France <-> Protestants in France, both ways.
    s.sp_mut(sp("amiens")).controller = Power::France;
    assert!(dip::cede::cedable(&s, FRA, PRO, sp("amiens")));
    s.sp_mut(sp("amiens")).controller = Power::Protestant;
    assert!(dip::cede::cedable(&s, PRO, FRA, sp("amiens")));
    assert!(!dip::cede::cedable(&s, PRO, SPA, sp("amiens")));
    // Spain <-> Protestants in the Netherlands, both ways; not France.
    s.sp_mut(sp("ghent")).controller = Power::Spain;
    clear(&mut s, "ghent");
    assert!(dip::cede::cedable(&s, SPA, PRO, sp("ghent")));
    assert!(!dip::cede::cedable(&s, SPA, FRA, sp("ghent")));
    s.sp_mut(sp("ghent")).controller = Power::Protestant;
    assert!(dip::cede::cedable(&s, PRO, SPA, sp("ghent")));
    // Only what the giver controls.
    assert!(!dip::cede::cedable(&s, SPA, PRO, sp("ghent")));
}

/// RULINGS D2: no cession of a besieged space or of one holding a third power's units.
#[test]
fn d2_no_cession_of_a_besieged_or_shared_space() {
    let mut s = game();
    s.sp_mut(sp("orleans")).controller = Power::Spain;
    clear(&mut s, "orleans");
    assert!(dip::cede::cedable(&s, SPA, FRA, sp("orleans")));
    put(&mut s, "orleans", PoolOwner::England, 1, 0, 0);
    assert!(!dip::cede::cedable(&s, SPA, FRA, sp("orleans")));
    put(&mut s, "orleans", PoolOwner::England, 0, 0, 0);
    put(&mut s, "orleans", PoolOwner::Spain, 2, 0, 0);
    put(&mut s, "orleans", PoolOwner::France, 3, 0, 0);
    s.sp_mut(sp("orleans")).siege = Some(signoria_elisabeth_i::model::Siege {
        by: vec![FRA],
        since: 0,
    });
    assert!(!dip::cede::cedable(&s, SPA, FRA, sp("orleans")));
    // the receiver's own units in the space stay; the giver's are displaced
    s.sp_mut(sp("orleans")).siege = None;
    assert!(dip::cede::cedable(&s, SPA, FRA, sp("orleans")));
    let mut ev = Vec::new();
    dip::accept(&mut s, SPA, FRA, &Deal::Cede(sp("orleans")), &mut ev);
    assert_eq!(troops(&s, "orleans", FRA), 3);
    assert_eq!(troops(&s, "orleans", SPA), 0);
    assert!(E::invariant_violations(&s).is_empty());
}

/// D3: ships in a ceded port go to the nearest port their power controls through the sea
/// zones ([12.5]); land units with no fortified space or capital of their power are lost.
#[test]
fn d3_ships_displaced_by_sea_and_units_with_nowhere_to_go_are_lost() {
    let mut s = game();
    s.sp_mut(sp("calais")).controller = Power::Spain;
    clear(&mut s, "calais");
    let f = signoria_elisabeth_i::board::force_mut(&mut s, sp("calais"), PoolOwner::Spain);
    f.ships.galleys = 2;
    signoria_elisabeth_i::board::book(&mut s, PoolOwner::Spain, 0, 2);
    let mut ev = Vec::new();
    dip::accept(&mut s, SPA, FRA, &Deal::Cede(sp("calais")), &mut ev);
    assert!(E::invariant_violations(&s).is_empty());
    let port = data()
        .space_ids()
        .find(|&x| {
            s.sp(x)
                .forces
                .iter()
                .any(|f| f.owner == PoolOwner::Spain && f.ships.galleys >= 2)
        })
        .expect("the galleys are in a port");
    assert_eq!(controller_pw(&s, port), Some(SPA));
    let zone = |x| data().space(x).ports.clone();
    assert!(
        zone(port).iter().any(|z| zone(sp("calais")).contains(z)),
        "one sea zone away from Calais"
    );
    // England with no fortified space nor capital: its units in a ceded space are lost.
    let mut s = game();
    for x in data().space_ids() {
        if controller_pw(&s, x) == Some(ENG) && x != sp("boulogne") {
            s.sp_mut(x).controller = Power::France;
        }
    }
    s.sp_mut(sp("boulogne")).controller = Power::England;
    for x in data().space_ids() {
        clear(&mut s, &data().space(x).key.clone());
    }
    put(&mut s, "boulogne", PoolOwner::England, 2, 0, 0);
    let mut ev = Vec::new();
    dip::accept(&mut s, ENG, FRA, &Deal::Cede(sp("boulogne")), &mut ev);
    assert_eq!(troops(&s, "boulogne", ENG), 0);
    assert!(
        ev.iter()
            .any(|e| matches!(e.event, Event::UnitsLost { .. }))
    );
    assert!(E::invariant_violations(&s).is_empty());
}

/// [9.1] 8: England gives 2 mercenaries from a space to France, placed in Paris; the
/// gift flows one way this turn (§8.4 #45).
#[test]
fn e45_mercenaries_change_hands_one_way() {
    let mut s = game();
    clear(&mut s, "london");
    put(&mut s, "london", PoolOwner::England, 1, 2, 0);
    let before_fr = troops(&s, "paris", FRA);
    negotiate(&mut s, ENG);
    let mv = offer(
        FRA,
        DealPick::Mercenaries {
            n: 2,
            from: Some(sp("london")),
            to: sp("paris"),
        },
    );
    assert!(moves(&s).contains(&mv));
    // never more than the source holds, never more than 4
    assert!(!moves(&s).contains(&offer(
        FRA,
        DealPick::Mercenaries {
            n: 3,
            from: Some(sp("london")),
            to: sp("paris"),
        }
    )));
    play(&mut s, mv);
    announce_and_confirm(&mut s);
    assert_eq!(troops(&s, "london", ENG), 1);
    assert_eq!(troops(&s, "paris", FRA), before_fr + 2);
    assert!(s.mercs_given.contains(&(ENG, FRA)));
    // France may not give mercenaries back to England this turn.
    put(&mut s, "paris", PoolOwner::France, 0, 3, 0);
    assert!(dip::mercenaries::offers(&s, FRA, ENG).is_empty());
    assert!(!dip::mercenaries::offers(&s, FRA, SPA).is_empty());
}

/// §8.4 #45: the Ottomans neither give nor receive, the HRE gives (also from its track)
/// but never receives; the receiving capital must be controlled and without unrest.
#[test]
fn e45_who_gives_and_receives_mercenaries() {
    let mut s = game();
    put(&mut s, "istanbul", PoolOwner::Ottoman, 1, 2, 0);
    put(&mut s, "vienna", PoolOwner::Hre, 1, 2, 0);
    put(&mut s, "london", PoolOwner::England, 1, 2, 0);
    assert!(dip::mercenaries::offers(&s, OTT, FRA).is_empty());
    assert!(dip::mercenaries::offers(&s, ENG, OTT).is_empty());
    assert!(dip::mercenaries::offers(&s, ENG, HRE).is_empty());
    assert!(!dip::mercenaries::offers(&s, HRE, FRA).is_empty());
    // The Protestants have no capital on the map in the Campaign: nowhere to place them.
    assert!(dip::mercenaries::offers(&s, ENG, PRO).is_empty());
    s.sp_mut(sp("paris")).unrest = true;
    assert!(dip::mercenaries::offers(&s, ENG, FRA).is_empty());
    s.sp_mut(sp("paris")).unrest = false;
    s.sp_mut(sp("paris")).controller = Power::Spain;
    assert!(dip::mercenaries::offers(&s, ENG, FRA).is_empty());
    // Spain may take them in either of its capitals.
    let caps: Vec<_> = dip::mercenaries::offers(&s, ENG, SPA)
        .into_iter()
        .filter_map(|d| match d {
            Deal::Mercenaries { to, .. } => Some(to),
            _ => None,
        })
        .collect();
    assert!(caps.contains(&sp("madrid")) && caps.contains(&sp("milan")));
    // The HRE's for-hire mercenaries: offered from the track, lost at the end of the
    // diplomacy phase when not given.
    clear(&mut s, "vienna");
    s.ps_mut(HRE).for_hire = 4;
    let from_track = Deal::Mercenaries {
        n: 4,
        from: None,
        to: sp("london"),
    };
    assert!(dip::mercenaries::offers(&s, HRE, ENG).contains(&from_track));
    let eng = troops(&s, "london", ENG);
    let mut ev = Vec::new();
    dip::accept(
        &mut s,
        HRE,
        ENG,
        &Deal::Mercenaries {
            n: 3,
            from: None,
            to: sp("london"),
        },
        &mut ev,
    );
    assert_eq!(s.ps(HRE).for_hire, 1);
    assert_eq!(troops(&s, "london", ENG), eng + 3);
    assert!(E::invariant_violations(&s).is_empty());
    s.stack = vec![Frame::Step(Step::War)];
    E::auto(&mut s, &mut Vec::new());
    assert_eq!(s.ps(HRE).for_hire, 0);
}

/// RULINGS D4: no mercenaries from a space under siege (inside or outside).
#[test]
fn d4_no_mercenaries_out_of_a_siege() {
    let mut s = game();
    clear(&mut s, "orleans");
    put(&mut s, "orleans", PoolOwner::England, 0, 2, 0);
    assert!(
        dip::mercenaries::sources(&s, ENG)
            .iter()
            .any(|&(x, _)| x == Some(sp("orleans")))
    );
    s.sp_mut(sp("orleans")).siege = Some(signoria_elisabeth_i::model::Siege {
        by: vec![ENG],
        since: 0,
    });
    assert!(
        !dip::mercenaries::sources(&s, ENG)
            .iter()
            .any(|&(x, _)| x == Some(sp("orleans")))
    );
}

/// D5 (with S9): every term of [9.1] is a clause now, marriages too: a marriage clause
/// is listed and survives the proto round trip (a client can send it); what is still
/// refused as UNSUPPORTED, naming the rule, is a marriage clause naming a noble the seed
/// gives no rule for (Leicester, S1).
#[test]
fn d5_refused_terms_are_unsupported() {
    use signoria_elisabeth_i::royals::{nobles::by_id, wedding::Couple};
    let mut s = game();
    s.turn = 2;
    negotiate(&mut s, ENG);
    let marriage = |g: &str, b: &str| {
        offer(
            FRA,
            DealPick::Marriage(Couple {
                groom: by_id(g),
                bride: by_id(b),
            }),
        )
    };
    let listed = marriage("lord_darnley", "mary_stuart");
    assert!(moves(&s).contains(&listed));
    let pb = E::move_to_pb(&listed);
    assert_eq!(E::move_from_pb(&pb).unwrap(), listed);
    let refused = marriage("leicester", "mary_stuart");
    assert!(!moves(&s).contains(&refused));
    assert_eq!(E::move_from_pb(&E::move_to_pb(&refused)).unwrap(), refused);
    let seat = s.seat_of(ENG);
    let e = E::apply(&mut s.clone(), seat, &refused).unwrap_err();
    assert_eq!(e.kind, RuleErrorKind::Unsupported);
    assert!(
        e.message.contains("[9.1]") && e.message.contains("aging") && e.message.contains("S1"),
        "{}",
        e.message
    );
}

/// The content of a deal under negotiation is secret to its two parties ([9.1]): a third
/// seat's view does not change when the deal is redrawn, the parties see it.
#[test]
fn a_deal_under_negotiation_is_secret() {
    let mut s = game();
    s.sp_mut(sp("amiens")).controller = Power::Spain;
    clear(&mut s, "amiens");
    put(&mut s, "london", PoolOwner::England, 1, 2, 0);
    war(&mut s, SPA, FRA);
    negotiate(&mut s, SPA);
    play(&mut s, offer(FRA, DealPick::Cede(sp("amiens"))));
    let third = s.seat_of(OTT);
    // Not even the number of clauses under negotiation shows to a third seat.
    assert_draft_secret(&s, third, [SPA, FRA]);
    let v = E::view(&s, Viewer::Seat(s.seat_of(FRA)));
    assert_eq!(
        v.draft.iter().map(|c| c.deal.clone()).collect::<Vec<_>>(),
        vec![Deal::Cede(sp("amiens"))]
    );
    // Once announced, the agreement is public ([9.1] L676).
    play(&mut s, Move::Announce);
    let v = E::view(&s, Viewer::Public);
    assert_eq!(v.announcements[0].clauses[0].deal, Deal::Cede(sp("amiens")));
}

/// §8.4 #39: England and Spain never make peace once at war; other powers may.
#[test]
fn e39_england_and_spain_never_make_peace() {
    let mut s = game();
    war(&mut s, SPA, ENG);
    war(&mut s, SPA, FRA);
    assert!(!dip::terms(&s, SPA, ENG).contains(&DealPick::Peace));
    assert!(!dip::terms(&s, ENG, SPA).contains(&DealPick::Peace));
    assert!(dip::terms(&s, SPA, FRA).contains(&DealPick::Peace));
}

/// §8.4 #40 (with RULINGS R8): no alliance while at war; once a peace is confirmed, an
/// alliance of the two may be announced in the same segment.
#[test]
fn e40_alliance_only_after_the_war_ends() {
    let mut s = game();
    war(&mut s, FRA, HRE);
    negotiate(&mut s, FRA);
    assert!(!moves(&s).contains(&offer(HRE, DealPick::Alliance)));
    play(&mut s, offer(HRE, DealPick::Peace));
    announce_and_confirm(&mut s);
    assert!(!at_war(&s, FRA, HRE));
    assert!(dip::terms(&s, HRE, FRA).contains(&DealPick::Alliance));
}

/// §8.4 #41: Spain and the Protestants never ally; France allies Spain or the
/// Protestants, not both in one turn.
#[test]
fn e41_alliance_restrictions() {
    let mut s = game();
    assert!(!dip::terms(&s, SPA, PRO).contains(&DealPick::Alliance));
    assert!(!dip::terms(&s, PRO, SPA).contains(&DealPick::Alliance));
    assert!(dip::terms(&s, FRA, SPA).contains(&DealPick::Alliance));
    let mut ev = Vec::new();
    dip::accept(&mut s, FRA, SPA, &Deal::Alliance, &mut ev);
    assert!(allied(&s, FRA, SPA));
    assert!(!dip::terms(&s, FRA, PRO).contains(&DealPick::Alliance));
    assert!(!dip::terms(&s, PRO, FRA).contains(&DealPick::Alliance));
    // a power may be in several alliances whose members are not allied to each other
    assert!(dip::terms(&s, FRA, ENG).contains(&DealPick::Alliance));
}

/// §8.4 #44: card gifts are random draws without home cards, at most 2, one way per pair.
#[test]
fn e44_card_gifts() {
    let mut s = game();
    let home = data().home_cards(Power::England).next().unwrap().id;
    s.ps_mut(ENG).hand = vec![home];
    assert!(
        !dip::terms(&s, ENG, FRA)
            .iter()
            .any(|d| matches!(d, DealPick::GiveCards(_)))
    );
    let others: Vec<_> = s
        .discard
        .iter()
        .copied()
        .filter(|&c| !signoria_elisabeth_i::deal::is_home(c))
        .take(3)
        .collect();
    s.discard.retain(|c| !others.contains(c));
    s.ps_mut(ENG).hand.extend(others.iter().copied());
    let gifts: Vec<_> = dip::terms(&s, ENG, FRA)
        .into_iter()
        .filter(|d| matches!(d, DealPick::GiveCards(_)))
        .collect();
    assert_eq!(gifts, vec![DealPick::GiveCards(1), DealPick::GiveCards(2)]);
    let mut ev = Vec::new();
    dip::accept(&mut s, ENG, FRA, &Deal::GiveCards(2), &mut ev);
    assert!(s.ps(ENG).hand.contains(&home));
    assert_eq!(s.ps(FRA).hand.len(), 2);
    assert!(
        !dip::terms(&s, FRA, ENG)
            .iter()
            .any(|d| matches!(d, DealPick::GiveCards(_)))
    );
}

/// §8.4 #50: no declaration of war on an ally, nor on a power with which peace or an
/// alliance was made in this diplomacy phase.
#[test]
fn e50_no_war_after_peace_or_alliance_this_phase() {
    let mut s = game();
    war(&mut s, FRA, HRE);
    let mut ev = Vec::new();
    dip::accept(&mut s, FRA, HRE, &Deal::Peace, &mut ev);
    dip::accept(&mut s, ENG, OTT, &Deal::Alliance, &mut ev);
    let cards: Vec<_> = s.discard.drain(..).collect();
    for (i, c) in cards.into_iter().enumerate() {
        s.ps_mut(if i % 2 == 0 { FRA } else { ENG }).hand.push(c);
    }
    let fr = dip::war_choices(&s, FRA, &[]);
    assert!(!fr.contains(&Move::DeclareWarOn { target: HRE }));
    let en = dip::war_choices(&s, ENG, &[]);
    assert!(!en.contains(&Move::DeclareWarOn { target: OTT }));
    // not for want of CP: other declarations are offered
    assert!(fr.iter().any(|m| matches!(m, Move::DeclareWarOn { .. })));
    assert!(en.iter().any(|m| matches!(m, Move::DeclareWarOn { .. })));
}

/// §8.4 #56: the England-Spain DOW cost starts at 5 ([9.5]).
#[test]
fn e56_england_spain_dow_costs_five() {
    assert_eq!(dip::dow_cost(SPA, ENG), Some(5));
    assert_eq!(dip::dow_cost(ENG, SPA), Some(5));
}

/// §8.4 #57: Spanish units never enter Irish or Scottish home spaces while the cost is 5,
/// even where the control rule would let them in (an ally's space).
#[test]
fn e57_spain_stays_out_of_scotland_and_ireland() {
    use signoria_elisabeth_i::model::{Purpose, Selection, Troops};
    let mut s = game();
    s.sp_mut(sp("berwick")).controller = Power::France;
    s.sp_mut(sp("edinburgh")).controller = Power::France;
    clear(&mut s, "edinburgh");
    let mut ev = Vec::new();
    dip::accept(&mut s, FRA, SPA, &Deal::Alliance, &mut ev);
    dip::accept(&mut s, FRA, HRE, &Deal::Alliance, &mut ev);
    let sel = Selection {
        troops: Troops {
            regulars: 1,
            ..Default::default()
        },
        ..Default::default()
    };
    let reach = |p: Pw| {
        signoria_elisabeth_i::movement::destinations(&s, p, sp("berwick"), Purpose::Move, &sel, 5)
            .into_iter()
            .any(|(x, _)| x == sp("edinburgh"))
    };
    assert!(reach(HRE), "an ally of France may enter");
    assert!(!reach(SPA), "Spain may not");
}
