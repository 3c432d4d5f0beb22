//! The foreign wars of [23.7] (*Krieg in Persien*, *Krieg mit Polen*, *Freie Wahl
//! (Königreich Polen)*), the War Winner VP with erratum #212, and the science bonus
//! Excavation of [23.1] (rulings F1-F8).

mod common;

use common::*;
use signoria_elisabeth_i::board::book;
use signoria_elisabeth_i::data::{CardId, PoolOwner, data};
use signoria_elisabeth_i::majors::foreign_wars::{self, War};
use signoria_elisabeth_i::majors::{Event as KEvent, Move as KMove, ottoman};
use signoria_elisabeth_i::model::{Event, Frame, Loc, Move, Siege, State, Troops, UnitKind};
use signoria_elisabeth_i::patronage::{evaluation, science};
use signoria_elisabeth_i::{deal, victory, view};
use signoria_engine::Viewer;

fn card(key: &str) -> CardId {
    data().card_by_key(key).unwrap().id
}

fn k(m: KMove) -> Move {
    Move::Majors(m)
}

fn impulse(s: &mut State, who: u8) {
    s.stack = vec![Frame::Impulse { who, passes: 0 }];
}

/// A war in progress on `key` for `power` with `troops` on the card (booked: units on a
/// war card stay in the unit ledger) and `foreign` foreign units.
fn at_war_abroad(s: &mut State, key: &str, troops: Troops, foreign: u8, war_winner: bool) {
    let power = if key == "war_in_persia" { OTT } else { HRE };
    s.majors.foreign_wars.push(War {
        card: card(key),
        power,
        by: SPA,
        troops,
        leader: None,
        foreign,
        war_winner,
    });
    let o = if power == OTT {
        PoolOwner::Ottoman
    } else {
        PoolOwner::Hre
    };
    book(s, o, troops.total() as i16, 0);
    // The card left the game with its event.
    give(s, SPA, key);
    s.ps_mut(SPA).hand.retain(|&c| c != card(key));
    s.removed.push(card(key));
}

fn regulars(n: u8) -> Troops {
    Troops {
        regulars: n,
        ..Default::default()
    }
}

/// F1, F4 ([23.7]): any power plays the war card; the named power sends 3 to 8 land
/// units from any spaces (never besieged ones, besiegers may go) and at most one army
/// leader; then the player sets the foreign army, 5 with the War Winner marker.
#[test]
fn f1_f2_war_in_persia_sends_units_and_sets_the_foreign_army() {
    let mut s = game();
    s.turn = 4;
    give(&mut s, SPA, "war_in_persia");
    // Buda besieged by the HRE: its Ottoman units may not go.
    war(&mut s, OTT, HRE);
    put(&mut s, "buda", PoolOwner::Hre, 2, 0, 0);
    s.sp_mut(sp("buda")).siege = Some(Siege {
        by: vec![HRE],
        since: 0,
    });
    impulse(&mut s, SPA);
    let persia = card("war_in_persia");
    let before = troops(&s, "istanbul", OTT);
    play(&mut s, Move::PlayEvent { card: persia });
    assert_eq!(kind(&s), "foreign_commit");
    assert_eq!(seat(&s), s.seat_of(OTT));
    let m = moves(&s);
    assert!(m.contains(&k(KMove::Commit {
        space: sp("istanbul"),
        unit: UnitKind::Cavalry
    })));
    assert!(!m.iter().any(|x| matches!(x,
        Move::Majors(KMove::Commit { space, .. }) if *space == sp("buda"))));
    assert!(m.contains(&k(KMove::CommitLeader {
        leader: leader("lala_mustafa")
    })));
    assert!(!m.contains(&Move::Done), "at least 3 units go");
    for _ in 0..3 {
        play(
            &mut s,
            k(KMove::Commit {
                space: sp("istanbul"),
                unit: UnitKind::Regular,
            }),
        );
    }
    play(
        &mut s,
        k(KMove::CommitLeader {
            leader: leader("lala_mustafa"),
        }),
    );
    assert_eq!(loc(&s, "lala_mustafa"), Loc::Abroad);
    assert!(
        !moves(&s)
            .iter()
            .any(|x| matches!(x, Move::Majors(KMove::CommitLeader { .. }))),
        "one leader at most"
    );
    assert!(moves(&s).contains(&Move::Done));
    play(&mut s, Move::Done);
    assert_eq!(troops(&s, "istanbul", OTT), before - 3);
    // The player sets the foreign army: 1 to 5 units.
    assert_eq!(kind(&s), "foreign_strength");
    assert_eq!(seat(&s), s.seat_of(SPA));
    assert_eq!(
        moves(&s),
        (1..=5)
            .map(|n| k(KMove::ForeignStrength { n }))
            .collect::<Vec<_>>()
    );
    let ev = play(&mut s, k(KMove::ForeignStrength { n: 5 }));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Majors(KEvent::ForeignArmy {
            strength: 5,
            war_winner: true,
            ..
        })
    )));
    let w = foreign_wars::war(&s, persia).unwrap();
    assert_eq!(
        (w.troops.regulars, w.foreign, w.leader),
        (3, 5, Some(leader("lala_mustafa")))
    );
    // Public.
    let v = view::view(&s, Viewer::Public);
    assert_eq!(v.majors.foreign_wars.len(), 1);
    // No second Persian war while this one lasts (the card is out anyway).
    assert!(!(foreign_wars::WAR_IN_PERSIA.playable)(&s, FRA));
}

/// F2, erratum #212: an army of fewer than 5 carries no War Winner marker.
#[test]
fn f2_a_smaller_army_carries_no_war_winner_marker() {
    let mut s = game();
    give(&mut s, FRA, "war_with_poland");
    impulse(&mut s, FRA);
    play(
        &mut s,
        Move::PlayEvent {
            card: card("war_with_poland"),
        },
    );
    assert_eq!(seat(&s), s.seat_of(HRE));
    for _ in 0..3 {
        play(
            &mut s,
            k(KMove::Commit {
                space: sp("vienna"),
                unit: UnitKind::Regular,
            }),
        );
    }
    play(&mut s, Move::Done);
    play(&mut s, k(KMove::ForeignStrength { n: 4 }));
    let w = foreign_wars::war(&s, card("war_with_poland")).unwrap();
    assert_eq!((w.foreign, w.war_winner), (4, false));
}

/// F4: a power with fewer than 3 free units sends what it has; more than 8 never go.
#[test]
fn f4_as_many_as_it_has_and_never_more_than_eight() {
    let mut s = game();
    for (i, x) in s.spaces.clone().iter().enumerate() {
        for f in &x.forces {
            if f.owner == PoolOwner::Hre && f.troops.total() > 0 {
                let key = data().spaces[i].key.clone();
                put(&mut s, &key, PoolOwner::Hre, 0, 0, 0);
            }
        }
    }
    put(&mut s, "vienna", PoolOwner::Hre, 1, 1, 0);
    give(&mut s, FRA, "war_with_poland");
    impulse(&mut s, FRA);
    play(
        &mut s,
        Move::PlayEvent {
            card: card("war_with_poland"),
        },
    );
    play(
        &mut s,
        k(KMove::Commit {
            space: sp("vienna"),
            unit: UnitKind::Regular,
        }),
    );
    assert!(!moves(&s).contains(&Move::Done));
    play(
        &mut s,
        k(KMove::Commit {
            space: sp("vienna"),
            unit: UnitKind::Mercenary,
        }),
    );
    // None left to send: done with 2.
    assert!(moves(&s).contains(&Move::Done));
    // Eight on the card: no more units offered.
    let mut t = game();
    put(&mut t, "vienna", PoolOwner::Hre, 10, 0, 0);
    give(&mut t, FRA, "war_with_poland");
    impulse(&mut t, FRA);
    play(
        &mut t,
        Move::PlayEvent {
            card: card("war_with_poland"),
        },
    );
    for _ in 0..8 {
        play(
            &mut t,
            k(KMove::Commit {
                space: sp("vienna"),
                unit: UnitKind::Regular,
            }),
        );
    }
    assert!(
        !moves(&t)
            .iter()
            .any(|x| matches!(x, Move::Majors(KMove::Commit { .. })))
    );
}

/// F4: besiegers may go; the last besieger leaving ends the siege.
#[test]
fn f4_the_last_besieger_leaving_ends_the_siege() {
    let mut s = game();
    war(&mut s, OTT, HRE);
    clear(&mut s, "raab");
    put(&mut s, "raab", PoolOwner::Hre, 1, 0, 0);
    put(&mut s, "raab", PoolOwner::Ottoman, 1, 0, 0);
    s.sp_mut(sp("raab")).siege = Some(Siege {
        by: vec![OTT],
        since: 0,
    });
    give(&mut s, SPA, "war_in_persia");
    impulse(&mut s, SPA);
    play(
        &mut s,
        Move::PlayEvent {
            card: card("war_in_persia"),
        },
    );
    let ev = play(
        &mut s,
        k(KMove::Commit {
            space: sp("raab"),
            unit: UnitKind::Regular,
        }),
    );
    assert!(s.sp(sp("raab")).siege.is_none());
    assert!(ev.iter().any(|e| matches!(e, Event::SiegeLifted { .. })));
}

/// F3 ([23.7]): fighting costs 1 CP; the battle without a defender's die: the foreign
/// army gone, the war ends, the units and leader go home, the War Winner VP scores.
#[test]
fn f3_f5_winning_the_war_sends_the_units_home_with_the_war_winner_vp() {
    let mut s = game();
    at_war_abroad(&mut s, "war_in_persia", regulars(8), 1, true);
    let l = signoria_elisabeth_i::board::leader_pos(&s, leader("lala_mustafa"));
    s.leaders[l].at = Loc::Abroad;
    s.majors.foreign_wars[0].leader = Some(leader("lala_mustafa"));
    let vp = victory::vp(&s, OTT);
    let home = troops(&s, "istanbul", OTT);
    actions(&mut s, OTT, 1);
    let fight = k(KMove::FightForeignWar {
        card: card("war_in_persia"),
    });
    assert!(moves(&s).contains(&fight));
    let (t, ev) = until(
        &s,
        |t| play(t, fight.clone()),
        |t, _| t.majors.foreign_wars.is_empty(),
    );
    // 8 units + the leader's battle rating 2: ten dice, none for a defender.
    let dice = ev
        .iter()
        .find_map(|e| match e {
            Event::Majors(KEvent::ForeignBattle {
                dice, foreign_dice, ..
            }) => Some((dice.len(), foreign_dice.len())),
            _ => None,
        })
        .unwrap();
    assert_eq!(dice, (10, 1));
    let lost: u8 = ev
        .iter()
        .filter_map(|e| match e {
            Event::Majors(KEvent::LostAbroad { troops, .. }) => Some(troops.total()),
            _ => None,
        })
        .sum();
    assert_eq!(troops(&t, "istanbul", OTT), home + 8 - lost);
    assert_eq!(loc(&t, "lala_mustafa"), Loc::Space(sp("istanbul")));
    assert_eq!(victory::vp(&t, OTT), vp + 1);
    assert_eq!(cp_left(&t), 0);
    // Without the marker: no VP.
    let mut u = game();
    at_war_abroad(&mut u, "war_in_persia", regulars(8), 1, false);
    let vp = victory::vp(&u, OTT);
    actions(&mut u, OTT, 1);
    let (u, _) = until(
        &u,
        |t| play(t, fight.clone()),
        |t, _| t.majors.foreign_wars.is_empty(),
    );
    assert_eq!(victory::vp(&u, OTT), vp);
}

/// F3: a battle the foreign army survives: the war goes on; hits on a mixed stack are
/// the power's choice; no units on the card: no battle.
#[test]
fn f3_losses_are_the_powers_choice_and_the_war_goes_on() {
    let mut s = game();
    at_war_abroad(
        &mut s,
        "war_in_persia",
        Troops {
            regulars: 2,
            cavalry: 2,
            ..Default::default()
        },
        5,
        true,
    );
    actions(&mut s, OTT, 2);
    let fight = k(KMove::FightForeignWar {
        card: card("war_in_persia"),
    });
    let (mut t, _) = until(
        &s,
        |t| play(t, fight.clone()),
        |t, _| kind(t) == "foreign_losses",
    );
    assert_eq!(seat(&t), t.seat_of(OTT));
    assert_eq!(
        moves(&t),
        vec![
            k(KMove::LoseAbroad {
                unit: UnitKind::Regular
            }),
            k(KMove::LoseAbroad {
                unit: UnitKind::Cavalry
            })
        ]
    );
    let Some(Frame::Majors(signoria_elisabeth_i::majors::Frame::ForeignLosses { left, .. })) =
        t.stack.last().cloned()
    else {
        panic!()
    };
    let before = foreign_wars::war(&t, card("war_in_persia")).unwrap().troops;
    play(
        &mut t,
        k(KMove::LoseAbroad {
            unit: UnitKind::Cavalry,
        }),
    );
    settle_losses(&mut t);
    let after = foreign_wars::war(&t, card("war_in_persia"))
        .map(|w| w.troops)
        .unwrap_or_default();
    assert_eq!(before.total() - after.total(), left.min(before.total()));
    assert!(after.cavalry < before.cavalry);
    // No units on the card: the fight is not offered.
    let mut u = game();
    at_war_abroad(&mut u, "war_in_persia", Troops::default(), 3, false);
    actions(&mut u, OTT, 2);
    assert!(!moves(&u).contains(&fight));
}

fn settle_losses(s: &mut State) {
    while kind(s) == "foreign_losses" {
        let m = moves(s)[0].clone();
        play(s, m);
    }
}

/// [23.7], [17.2]: units raised directly on the card, never more than 8 there.
#[test]
fn f3_raising_on_the_card() {
    let mut s = game();
    at_war_abroad(&mut s, "war_with_poland", regulars(6), 3, false);
    actions(&mut s, HRE, 4);
    let raise = k(KMove::RaiseAbroad {
        card: card("war_with_poland"),
        unit: UnitKind::Mercenary,
    });
    assert!(moves(&s).contains(&k(KMove::RaiseAbroad {
        card: card("war_with_poland"),
        unit: UnitKind::Regular
    })));
    play(&mut s, raise.clone());
    play(&mut s, raise.clone());
    assert_eq!(
        foreign_wars::war(&s, card("war_with_poland"))
            .unwrap()
            .troops
            .total(),
        8
    );
    assert_eq!(cp_left(&s), 2);
    assert!(!moves(&s).contains(&raise));
}

/// [23.7]: one card fewer in the card draw while at war abroad.
#[test]
fn f3_one_card_fewer_while_at_war_abroad() {
    let mut s = game();
    s.turn = 2;
    let n = deal::draw_count(&s, OTT);
    at_war_abroad(&mut s, "war_in_persia", regulars(3), 3, false);
    assert_eq!(deal::draw_count(&s, OTT), n - 1);
    assert_eq!(deal::draw_count(&s, HRE), deal::draw_count(&game(), HRE));
}

/// F5: the capital occupied by enemy units: home to another friendly home key.
#[test]
fn f5_an_occupied_capital_sends_them_to_another_home_key() {
    let mut s = game();
    assert_eq!(foreign_wars::home(&s, OTT), Some(sp("istanbul")));
    war(&mut s, OTT, SPA);
    put(&mut s, "istanbul", PoolOwner::Spain, 1, 0, 0);
    s.sp_mut(sp("istanbul")).siege = Some(Siege {
        by: vec![SPA],
        since: 0,
    });
    let h = foreign_wars::home(&s, OTT).unwrap();
    assert_ne!(h, sp("istanbul"));
    assert!(
        data()
            .space(h)
            .is_home_of(signoria_elisabeth_i::data::Power::Ottoman)
    );
    assert!(signoria_elisabeth_i::board::is_key(h));
}

/// F7 ([23.7]): *Freie Wahl* ends the Polish war (foreign units eliminated, the units
/// home, the War Winner VP); offered only while that war is on.
#[test]
fn f7_free_election_ends_the_polish_war() {
    let mut s = game();
    give(&mut s, FRA, "free_election_kingdom_of_poland");
    impulse(&mut s, FRA);
    let fe = Move::PlayEvent {
        card: card("free_election_kingdom_of_poland"),
    };
    assert!(!moves(&s).contains(&fe));
    // The Persian war is no Polish war.
    at_war_abroad(&mut s, "war_in_persia", regulars(3), 3, true);
    assert!(!moves(&s).contains(&fe));
    at_war_abroad(&mut s, "war_with_poland", regulars(4), 5, true);
    assert!(moves(&s).contains(&fe));
    let vienna = troops(&s, "vienna", HRE);
    let vp = victory::vp(&s, HRE);
    play(&mut s, fe);
    assert!(foreign_wars::war(&s, card("war_with_poland")).is_none());
    assert!(foreign_wars::war(&s, card("war_in_persia")).is_some());
    assert_eq!(troops(&s, "vienna", HRE), vienna + 4);
    assert_eq!(victory::vp(&s, HRE), vp + 1);
}

/// F6 ([23.1]): Excavation is offered to the Ottomans only, while the canal is
/// unfinished; with it each failed attempt lowers the die needed by two.
#[test]
fn f6_excavation_speeds_the_canal() {
    let mut s = game();
    assert!(evaluation::free_bonuses(&s, OTT).contains(&science::EXCAVATION));
    assert!(!evaluation::free_bonuses(&s, ENG).contains(&science::EXCAVATION));
    s.majors.suez_failures = 1;
    assert_eq!(ottoman::target(&s), 5);
    s.patronage
        .bonuses
        .push((science::EXCAVATION.to_string(), OTT));
    assert_eq!(ottoman::target(&s), 4);
    let mut t = game();
    t.majors.suez_built = true;
    assert!(!evaluation::free_bonuses(&t, OTT).contains(&science::EXCAVATION));
}

/// The new moves survive the proto round trip.
#[test]
fn foreign_war_moves_round_trip() {
    use signoria_elisabeth_i::majors::{move_from_pb, move_to_pb};
    let c = card("war_in_persia");
    for m in [
        KMove::Commit {
            space: sp("vienna"),
            unit: UnitKind::Mercenary,
        },
        KMove::CommitLeader {
            leader: leader("schwendi"),
        },
        KMove::ForeignStrength { n: 5 },
        KMove::FightForeignWar { card: c },
        KMove::RaiseAbroad {
            card: c,
            unit: UnitKind::Cavalry,
        },
        KMove::LoseAbroad {
            unit: UnitKind::Regular,
        },
    ] {
        assert_eq!(move_from_pb(&move_to_pb(&m)).unwrap(), m);
    }
}

fn default_of(id: &str) -> u8 {
    leader(id)
}

fn run_draw(s: &mut State, turn: u8) -> Vec<Event> {
    s.turn = turn;
    let mut ev = Vec::new();
    deal::card_draw(s, &mut ev);
    signoria_elisabeth_i::majors::at(
        s,
        signoria_elisabeth_i::model::Moment::After(signoria_elisabeth_i::model::Step::CardDraw),
        &mut ev,
    );
    ev.into_iter().map(|e| e.event).collect()
}

/// F8 ([5.1], [8.1]): the last army leader killed puts the default leader on the turn
/// track; it arrives in the next card draw unless an army leader of its power arrives
/// then, and leaves the game when one arrives later.
#[test]
fn f8_the_default_leader_replaces_a_last_leader() {
    use signoria_elisabeth_i::royals::wedding::leader_dies;
    let mut s = game();
    assert_eq!(
        loc(&s, "default_france"),
        Loc::Dead,
        "out of play at the start"
    );
    // France: Montmorency is the only one in play (Henry III arrives in turn 2).
    let mut ev = Vec::new();
    leader_dies(&mut s, leader("montmorency"), &mut ev);
    assert_eq!(loc(&s, "default_france"), Loc::Arrives(2));
    assert!(ev.iter().any(|e| matches!(
        e.event,
        Event::Majors(KEvent::DefaultLeaderPlaced { turn: 2, .. })
    )));
    // Henry III arrives in turn 2: the default leader does not.
    let mut t = s.clone();
    let ev = run_draw(&mut t, 2);
    assert_eq!(loc(&t, "henry_iii"), Loc::Card);
    assert_eq!(loc(&t, "default_france"), Loc::Dead);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Majors(KEvent::DefaultLeaderRemoved { .. })))
    );
    // The HRE: one of two killed, nothing; the other too: the default leader arrives in
    // the next turn and stays until Archduke Matthias arrives (turn 5).
    let mut ev = Vec::new();
    leader_dies(&mut s, leader("schwendi"), &mut ev);
    assert_eq!(loc(&s, "default_hre"), Loc::Dead);
    leader_dies(&mut s, leader("zrinyi"), &mut ev);
    assert_eq!(loc(&s, "default_hre"), Loc::Arrives(2));
    run_draw(&mut s, 2);
    assert_eq!(loc(&s, "default_hre"), Loc::Card);
    let d = signoria_elisabeth_i::board::leader_pos(&s, default_of("default_hre"));
    s.leaders[d].at = Loc::Space(sp("vienna"));
    run_draw(&mut s, 5);
    assert_eq!(loc(&s, "matthias"), Loc::Card);
    assert_eq!(loc(&s, "default_hre"), Loc::Dead);
}

/// F8: captured leaders (and leaders on a foreign-war card) are in play: no default
/// leader; default leaders are never assassination targets.
#[test]
fn f8_captured_leaders_count_and_defaults_are_no_targets() {
    use signoria_elisabeth_i::royals::wedding::leader_dies;
    let mut s = game();
    let z = signoria_elisabeth_i::board::leader_pos(&s, leader("zrinyi"));
    s.leaders[z].at = Loc::Captured(OTT);
    let mut ev = Vec::new();
    leader_dies(&mut s, leader("schwendi"), &mut ev);
    assert_eq!(loc(&s, "default_hre"), Loc::Dead);
    let d = signoria_elisabeth_i::board::leader_pos(&s, default_of("default_hre"));
    s.leaders[d].at = Loc::Space(sp("vienna"));
    let targets = signoria_elisabeth_i::espionage::assassination::targets(&s, FRA);
    assert!(!targets.iter().any(|(t, _)| matches!(
        t,
        signoria_elisabeth_i::espionage::assassination::Target::Leader(l)
            if *l == default_of("default_hre")
    )));
    assert_eq!(
        data().army_leaders[default_of("default_hre") as usize].name,
        "HRE default leader"
    );
}
