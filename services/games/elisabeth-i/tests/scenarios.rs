//! The seed's worked examples of the military chapters (digest §11) and the procedures of
//! [13]-[15] played through the game's moves, each citing its section.

mod common;

use common::*;
use signoria_elisabeth_i::data::{PoolOwner, data};
use signoria_elisabeth_i::model::{Event, Loc, Move, UnitKind as U};

/// E1 [2.2]: independent units never intercept, and adjacent independents do not stop
/// a power from taking control of an unfortified space by adjacency.
#[test]
fn e1_independents_neither_intercept_nor_block_control() {
    let mut s = game();
    assert!(troops(&s, "florence", 0) == 0 && !s.sp(sp("florence")).forces.is_empty());
    actions(&mut s, SPA, 2);
    // Genoa is next to Florence's independents; Spain controls it by adjacency from Milan.
    assert!(moves(&s).contains(&Move::Control { space: sp("genoa") }));
    let ev = move_formation(&mut s, "milan", "genoa", &[U::Regular], &[]);
    assert_eq!(kind(&s), "actions", "no interception window: {ev:?}");
    assert!(!ev.iter().any(|e| matches!(e, Event::Intercepted { .. })));
    assert_eq!(troops(&s, "genoa", SPA), 1);
}

/// E2 [5.1]: Schwendi (8) and Zrinyi (6) in Vienna with 6 regulars and 8 mercenaries:
/// 4 units without a leader, 8 with Schwendi, 6 with Zrinyi, all 14 with both.
#[test]
fn e2_formation_size_follows_the_leaders() {
    let mut s = game();
    put(&mut s, "vienna", PoolOwner::Hre, 6, 8, 0);
    place_leader(&mut s, "schwendi", "vienna");
    place_leader(&mut s, "zrinyi", "vienna");
    assert_eq!(data().army_leader("schwendi").unwrap().command, 8);
    assert_eq!(data().army_leader("zrinyi").unwrap().command, 6);
    let fill = |s: &mut signoria_elisabeth_i::State| {
        let mut n = 0;
        while let Some(m) = moves(s).into_iter().find(|m| matches!(m, Move::AddUnit(_))) {
            play(s, m);
            n += 1;
        }
        n
    };
    for (leaders, max) in [
        (vec![], 4),
        (vec!["schwendi"], 8),
        (vec!["zrinyi"], 6),
        (vec!["schwendi", "zrinyi"], 14),
    ] {
        let mut t = s.clone();
        actions(&mut t, HRE, 1);
        play(
            &mut t,
            Move::MoveFrom {
                space: sp("vienna"),
            },
        );
        for l in &leaders {
            play(&mut t, Move::AddLeader { leader: leader(l) });
        }
        assert_eq!(fill(&mut t), max, "leaders {leaders:?}");
        assert!(moves(&t).contains(&Move::Go {
            to: sp("pressburg")
        }));
    }
}

/// E6 [17.1]: counters are re-denominated freely; a fourth unit joins three.
#[test]
fn e6_a_unit_joins_three_whatever_the_counters() {
    let mut s = game();
    put(&mut s, "lyon", PoolOwner::France, 3, 0, 0);
    actions(&mut s, FRA, 2);
    play(
        &mut s,
        Move::Raise {
            space: sp("lyon"),
            kind: U::Regular,
        },
    );
    assert_eq!(troops(&s, "lyon", FRA), 4);
}

/// Spain (2 regulars) enters Orleans, held by 2 French regulars that withdraw.
fn orleans_withdrawal() -> signoria_elisabeth_i::State {
    let mut s = game();
    war(&mut s, SPA, FRA);
    clear(&mut s, "paris");
    put(&mut s, "orleans", PoolOwner::France, 2, 0, 0);
    put(&mut s, "dijon", PoolOwner::Spain, 2, 0, 0);
    actions(&mut s, SPA, 3);
    move_formation(&mut s, "dijon", "orleans", &[U::Regular, U::Regular], &[]);
    // Montmorency alone in Paris may intercept into a space with French units [13.2].
    assert_eq!(kind(&s), "intercept");
    assert_eq!(
        moves(&s),
        vec![Move::InterceptFrom { space: sp("paris") }, Move::Done]
    );
    play(&mut s, Move::Done);
    assert_eq!(kind(&s), "avoid");
    play(&mut s, Move::Done);
    assert_eq!(kind(&s), "withdraw");
    let ev = play(&mut s, Move::Withdraw);
    assert!(ev.iter().any(|e| matches!(e, Event::Withdrew { .. })));
    assert!(s.sp(sp("orleans")).siege.is_none(), "2 do not outnumber 2");
    assert_eq!(kind(&s), "move_on");
    s
}

/// E9 [13.4]: the garrison withdrew and the mover does not outnumber it: it goes back to
/// its origin for free, or pays to move on ...
#[test]
fn e9_no_siege_after_a_withdrawal_go_back_for_free() {
    let mut s = orleans_withdrawal();
    assert_eq!(cp_left(&s), 2);
    let m = moves(&s);
    assert!(m.contains(&Move::Go { to: sp("tours") }));
    assert!(
        !m.contains(&Move::Go { to: sp("dijon") }),
        "not back as a move"
    );
    play(&mut s, Move::Done);
    assert_eq!(troops(&s, "dijon", SPA), 2);
    assert_eq!(troops(&s, "orleans", SPA), 0);
    assert_eq!(cp_left(&s), 2, "going back is free");
    assert_eq!(kind(&s), "actions");
}

/// ... and a formation that moved on and then loses a battle, with the fortress as its
/// only way back, is eliminated ([13.4] option 1).
#[test]
fn e9_moving_on_then_losing_is_fatal() {
    let mut s = orleans_withdrawal();
    put(&mut s, "tours", PoolOwner::France, 1, 0, 0);
    let (t, ev) = until(
        &s,
        |t| {
            let mut ev = play(t, Move::Go { to: sp("tours") });
            ev.extend(settle(t));
            ev
        },
        |_, ev| {
            ev.iter().any(|e| {
                matches!(
                    e,
                    Event::BattleFought {
                        attacker_won: false,
                        ..
                    }
                )
            }) && ev.iter().any(
                |e| matches!(e, Event::CombatNote { text } if text.contains("no legal retreat")),
            )
        },
    );
    assert_eq!(cp_left(&t), 1, "moving on costs the move");
    assert_eq!(troops(&t, "tours", SPA), 0);
    assert_eq!(troops(&t, "orleans", SPA), 0, "not back into the fortress");
    let lost: u8 = ev
        .iter()
        .filter_map(|e| match e {
            Event::UnitsLost {
                owner: PoolOwner::Spain,
                troops,
                ..
            } => Some(troops.total()),
            _ => None,
        })
        .sum();
    assert_eq!(lost, 2, "survivors of the battle eliminated too");
}

/// [13.2], [14]: France intercepts from Paris into Amiens; a successful interception
/// goes straight to the battle (no avoid battle, no withdrawal).
#[test]
fn interception_leads_straight_to_battle() {
    let mut s = game();
    war(&mut s, SPA, FRA);
    put(&mut s, "arras", PoolOwner::Spain, 4, 0, 0);
    put(&mut s, "amiens", PoolOwner::France, 1, 0, 0);
    clear(&mut s, "rouen");
    actions(&mut s, SPA, 1);
    move_formation(&mut s, "arras", "amiens", &[U::Regular; 4], &[]);
    assert_eq!(kind(&s), "intercept");
    assert_eq!(seat(&s), s.seat_of(FRA));
    assert!(moves(&s).contains(&Move::InterceptFrom { space: sp("paris") }));
    let (t, ev) = until(
        &s,
        |t| {
            let mut ev = play(t, Move::InterceptFrom { space: sp("paris") });
            for _ in 0..4 {
                ev.extend(play(t, Move::AddUnit(U::Regular)));
            }
            ev.extend(play(
                t,
                Move::AddLeader {
                    leader: leader("montmorency"),
                },
            ));
            ev.extend(play(t, Move::Go { to: sp("amiens") }));
            ev
        },
        |_, ev| {
            ev.iter()
                .any(|e| matches!(e, Event::Intercepted { success: true, .. }))
        },
    );
    // The roll: 2d6 + Montmorency's battle rating, 9 or more.
    let roll = ev.iter().find_map(|e| match e {
        Event::Rolled { dice, purpose, .. } if purpose.starts_with("interception") => {
            Some(dice.clone())
        }
        _ => None,
    });
    let b = data().army_leader("montmorency").unwrap().battle as u32;
    assert!(roll.unwrap().iter().map(|&d| d as u32).sum::<u32>() + b >= 9);
    let mut t = t;
    // France may try from no other space; the move goes on without avoid/withdraw.
    let mut ev = play(&mut t, Move::Done);
    ev.extend(settle(&mut t));
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::Avoided { .. } | Event::Withdrew { .. }))
    );
    assert!(ev.iter().any(|e| matches!(e, Event::BattleFought { .. })));
}

/// [13.3]: France avoids battle from Amiens to Paris; a successful roll moves the group.
#[test]
fn avoid_battle_moves_the_group_away() {
    let mut s = game();
    war(&mut s, SPA, FRA);
    clear(&mut s, "paris");
    clear(&mut s, "rouen");
    place_leader(&mut s, "montmorency", "bordeaux");
    put(&mut s, "arras", PoolOwner::Spain, 4, 0, 0);
    put(&mut s, "amiens", PoolOwner::France, 2, 1, 0);
    actions(&mut s, SPA, 1);
    move_formation(&mut s, "arras", "amiens", &[U::Regular; 4], &[]);
    assert_eq!(kind(&s), "avoid");
    let dest = moves(&s);
    assert!(dest.contains(&Move::AvoidTo { space: sp("paris") }));
    assert!(
        !dest.contains(&Move::AvoidTo { space: sp("arras") }),
        "not where the attacker came from"
    );
    let (t, _) = until(
        &s,
        |t| {
            let mut ev = play(t, Move::AvoidTo { space: sp("paris") });
            ev.extend(play(t, Move::AddUnit(U::Regular)));
            ev.extend(play(t, Move::AddUnit(U::Regular)));
            ev.extend(play(t, Move::Go { to: sp("paris") }));
            ev.extend(settle(t));
            ev
        },
        |_, ev| {
            ev.iter()
                .any(|e| matches!(e, Event::Avoided { success: true, .. }))
        },
    );
    assert_eq!(troops(&t, "paris", FRA), 2);
    // The mercenary stayed behind and fought alone.
    assert!(troops(&t, "amiens", FRA) == 0);
}

/// [14], [14.1]: a field battle through the game: dice, losses booked, the beaten
/// defender retreats (not to the attacker's origin) and leaders without units are
/// captured.
#[test]
fn field_battle_losses_retreat_and_capture() {
    let mut s = game();
    war(&mut s, SPA, FRA);
    clear(&mut s, "paris");
    clear(&mut s, "rouen");
    put(&mut s, "arras", PoolOwner::Spain, 6, 0, 0);
    place_leader(&mut s, "alba", "arras");
    put(&mut s, "amiens", PoolOwner::France, 1, 0, 0);
    place_leader(&mut s, "montmorency", "amiens");
    actions(&mut s, SPA, 1);
    let (t, ev) = until(
        &s,
        |t| {
            let mut ev = move_formation(t, "arras", "amiens", &[U::Regular; 6], &["alba"]);
            ev.extend(settle(t));
            ev
        },
        |t, ev| {
            ev.iter().any(|e| {
                matches!(
                    e,
                    Event::BattleFought {
                        attacker_won: true,
                        ..
                    }
                )
            }) && troops(t, "amiens", FRA) == 0
        },
    );
    let lost: u32 = ev
        .iter()
        .filter_map(|e| match e {
            Event::UnitsLost { troops, .. } => Some(troops.total() as u32),
            _ => None,
        })
        .sum();
    let hits: u32 = ev
        .iter()
        .filter_map(|e| match e {
            Event::BattleFought {
                attacker_hits,
                defender_hits,
                ..
            } => Some((*attacker_hits).min(1) as u32 + (*defender_hits).min(6) as u32),
            _ => None,
        })
        .sum();
    assert_eq!(lost, hits, "one unit per hit on each side");
    match loc(&t, "montmorency") {
        Loc::Captured(p) => assert_eq!(p, SPA, "alone after the battle: captured"),
        Loc::Space(x) => assert!(x != sp("arras") && x != sp("amiens"), "retreated"),
        l => panic!("{l:?}"),
    }
}

/// [15], [15.1]: Spain besieges Metz after the garrison withdraws; it may not assault in
/// the same impulse, and one assault per impulse later on; a successful assault takes
/// the space.
#[test]
fn siege_then_assault_takes_the_fortress() {
    let mut s = into_metz(4, 2, 3);
    assert_eq!(s.sp(sp("metz")).siege.as_ref().unwrap().by, vec![SPA]);
    assert!(
        !moves(&s).contains(&Move::Assault { space: sp("metz") }),
        "not in the impulse the siege began"
    );
    assert!(
        !moves(&s).contains(&Move::MoveFrom { space: sp("metz") }),
        "besiegers since this impulse stay"
    );
    actions(&mut s, SPA, 2);
    assert!(moves(&s).contains(&Move::Assault { space: sp("metz") }));
    let (t, ev) = until(
        &s,
        |t| assault(t, "metz", 4),
        |_, ev| {
            ev.iter()
                .any(|e| matches!(e, Event::Assaulted { success: true, .. }))
        },
    );
    assert_eq!(
        t.sp(sp("metz")).controller,
        signoria_elisabeth_i::data::Power::Spain
    );
    assert!(t.sp(sp("metz")).siege.is_none());
    assert_eq!(troops(&t, "metz", FRA), 0);
    assert!(ev.iter().any(|e| matches!(e, Event::Controlled { .. })));
    assert_eq!(cp_left(&t), 1, "an assault costs 1 CP");
    // A failed assault keeps the siege while the besiegers outnumber; no second one.
    let (t, _) = until(
        &s,
        |t| assault(t, "metz", 4),
        |t, ev| {
            ev.iter()
                .any(|e| matches!(e, Event::Assaulted { success: false, .. }))
                && t.sp(sp("metz")).siege.is_some()
        },
    );
    assert!(
        !moves(&t).contains(&Move::Assault { space: sp("metz") }),
        "one assault per space and impulse"
    );
}

/// [15.3]: besiegers that no longer outnumber the fortress lift the siege and retreat
/// for free (here to the one legal space).
#[test]
fn moving_out_lifts_the_siege() {
    let mut s = into_metz(3, 2, 3);
    assert!(s.sp(sp("metz")).siege.is_some());
    actions(&mut s, SPA, 3);
    let ev = move_formation(&mut s, "metz", "luxembourg", &[U::Regular], &[]);
    let mut ev2 = ev.clone();
    ev2.extend(settle(&mut s));
    assert!(ev2.iter().any(|e| matches!(e, Event::SiegeLifted { .. })));
    assert!(s.sp(sp("metz")).siege.is_none());
    assert_eq!(troops(&s, "metz", SPA), 0);
    assert_eq!(troops(&s, "luxembourg", SPA), 3);
}

/// [15.2]: a relief force enters the besieged space; the besieged units of its power may
/// join the battle.
#[test]
fn a_relief_force_fights_the_besiegers() {
    let mut s = into_metz(4, 2, 3);
    put(&mut s, "st_dizier", PoolOwner::France, 4, 0, 0);
    actions(&mut s, FRA, 1);
    move_formation(&mut s, "st_dizier", "metz", &[U::Regular; 4], &[]);
    // Spain may avoid battle (besiegers are not besieged); it stays.
    assert_eq!(kind(&s), "avoid");
    play(&mut s, Move::Done);
    assert_eq!(kind(&s), "combat");
    assert!(moves(&s).contains(&Move::Join {
        owner: PoolOwner::France,
        kind: U::Regular
    }));
    play(
        &mut s,
        Move::Join {
            owner: PoolOwner::France,
            kind: U::Regular,
        },
    );
    let ev = settle(&mut s);
    let won = ev.iter().find_map(|e| match e {
        Event::BattleFought { attacker_won, .. } => Some(*attacker_won),
        _ => None,
    });
    match won.unwrap() {
        true => assert!(s.sp(sp("metz")).siege.is_none() && troops(&s, "metz", SPA) == 0),
        false => assert!(troops(&s, "metz", FRA) <= 4),
    }
}

/// [9.1] 4: a captured army leader returned by agreement goes to his capital.
#[test]
fn a_deal_returns_a_captured_leader() {
    use signoria_elisabeth_i::model::{DealPick, Frame};
    let mut s = game();
    let i = signoria_elisabeth_i::board::leader_pos(&s, leader("montmorency"));
    s.leaders[i].at = Loc::Captured(SPA);
    s.stack = vec![Frame::Negotiate { who: SPA }];
    let offer = Move::Propose {
        to: FRA,
        deal: DealPick::ReturnLeader(leader("montmorency")),
    };
    assert!(moves(&s).contains(&offer));
    play(&mut s, offer);
    let ev = announce_and_confirm(&mut s);
    assert!(ev.iter().any(|e| matches!(e, Event::LeaderReturned { .. })));
    assert_eq!(loc(&s, "montmorency"), Loc::Space(sp("paris")));
}
