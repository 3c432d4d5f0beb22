//! The Knights of St. John ([17.1] L1381-1386; RULINGS K11-K13): a Spanish regular in
//! Malta that is never raised and never leaves its space.

mod common;

use common::*;
use signoria_elisabeth_i::board::{book, force_mut, troops_of};
use signoria_elisabeth_i::building::{land_in_play, raise_cost};
use signoria_elisabeth_i::combat::naval_battle::Waters;
use signoria_elisabeth_i::data::PoolOwner;
use signoria_elisabeth_i::model::{Event, Move, ShipKind, State, UnitKind};
use signoria_elisabeth_i::{ElisabethI as E, Options};
use signoria_engine::{Game, ProtoGame, Viewer};

fn port(k: &str) -> Waters {
    Waters::Port(sp(k))
}

fn knights(s: &State) -> u8 {
    troops_of(s, SPA, sp("malta")).knights
}

/// Give `o` one galley in a port (booked).
fn galley(s: &mut State, space: &str, o: PoolOwner) {
    force_mut(s, sp(space), o).ships.galleys += 1;
    book(s, o, 0, 1);
}

/// K11: the set-up puts the counter in Malta at the scenario's strength (Campaign 2,
/// Tournament 1); it is outside the Spanish counter-mix, and the view shows it.
#[test]
fn k11_setup_places_the_knights_in_malta_at_the_scenario_strength() {
    let s = game();
    assert_eq!(knights(&s), 2);
    assert_eq!(troops(&s, "malta", SPA), 2, "counted as units of Malta");
    assert_eq!(troops_of(&s, SPA, sp("malta")).regulars, 0);
    let t = E::setup(
        &Options {
            scenario: "tournament".into(),
        },
        6,
        7,
    )
    .unwrap();
    assert_eq!(knights(&t), 1);
    assert!(E::invariant_violations(&t).is_empty());
    // The invariant knows the game's own strength: 2 are too many in the Tournament.
    let mut two = t.clone();
    force_mut(&mut two, sp("malta"), PoolOwner::Spain)
        .troops
        .knights = 2;
    assert!(
        E::invariant_violations(&two)
            .iter()
            .any(|v| v.contains("Knights of St. John on the map")),
        "{:?}",
        E::invariant_violations(&two)
    );
    // Not in the regulars' counter-mix: the pool counts the same without them.
    let mut u = s.clone();
    force_mut(&mut u, sp("malta"), PoolOwner::Spain)
        .troops
        .knights = 0;
    assert_eq!(
        land_in_play(&s, PoolOwner::Spain),
        land_in_play(&u, PoolOwner::Spain)
    );
    // The view (and its protobuf) shows the counter.
    let v = E::view_to_pb(&E::view(&s, Viewer::Public));
    let malta = v
        .spaces
        .iter()
        .find(|x| x.space == sp("malta").0 as u32)
        .unwrap();
    let k: u32 = malta
        .forces
        .iter()
        .filter_map(|f| f.troops.as_ref())
        .map(|t| t.knights)
        .sum();
    assert_eq!(k, 2);
}

/// 3 Ottoman regulars sail from Djerba/Tripoli to Malta and Spain does not withdraw into
/// the fortress; `pick` chooses in the combat; the events up to the Ottoman actions.
fn landing_in_malta(s: &mut State, pick: impl Fn(&[Move]) -> Move) -> Vec<Event> {
    war(s, OTT, SPA);
    put(s, "djerba_tripoli", PoolOwner::Ottoman, 3, 0, 0);
    galley(s, "djerba_tripoli", PoolOwner::Ottoman);
    actions(s, OTT, 6);
    let from = sp("djerba_tripoli");
    sail(
        s,
        &[(
            port("djerba_tripoli"),
            ShipKind::Galley,
            zone("north_african_coast"),
        )],
    );
    let mut ev = play(s, Move::Transport { space: from });
    for _ in 0..3 {
        ev.extend(play(s, Move::AddUnit(UnitKind::Regular)));
    }
    ev.extend(play(s, Move::Go { to: from }));
    ev.extend(play(
        s,
        Move::ShipTo {
            to: zone("north_african_coast"),
        },
    ));
    ev.extend(play(s, Move::ShipTo { to: port("malta") }));
    while kind(s) != "actions" {
        let m = moves(s);
        let mv = if kind(s) == "combat" {
            pick(&m)
        } else if m.contains(&Move::Done) {
            Move::Done
        } else {
            m[0].clone()
        };
        ev.extend(play(s, mv));
    }
    ev
}

fn first(m: &[Move]) -> Move {
    m[0].clone()
}

fn spanish_dice(ev: &[Event]) -> usize {
    ev.iter()
        .filter_map(|e| match e {
            Event::Rolled { power, dice, .. }
                if *power == signoria_elisabeth_i::data::Power::Spain =>
            {
                Some(dice.len())
            }
            _ => None,
        })
        .sum()
}

/// K11: in a field battle the Knights roll as many dice as the same number of regulars
/// would (a Spanish regular "in every respect", [17.1]).
#[test]
fn k11_knights_fight_as_regulars_in_a_field_battle() {
    let mut with_knights = game();
    let mut with_regulars = game();
    force_mut(&mut with_regulars, sp("malta"), PoolOwner::Spain)
        .troops
        .knights = 0;
    put(&mut with_regulars, "malta", PoolOwner::Spain, 2, 0, 0);
    let ea = landing_in_malta(&mut with_knights, first);
    let eb = landing_in_malta(&mut with_regulars, first);
    assert!(spanish_dice(&ea) > 0, "the Knights defend Malta");
    assert_eq!(spanish_dice(&ea), spanish_dice(&eb));
}

/// K12: a beaten Spanish stack in Malta may put its Knights into the fortress (they stay
/// in their space); Knights left outside cannot retreat and are eliminated.
#[test]
fn k12_beaten_knights_go_inside_or_are_lost() {
    // A seed where the Ottomans win with fewer hits than there are Knights.
    let garrison = Move::Garrison {
        owner: PoolOwner::Spain,
        kind: UnitKind::Knights,
        part: 0,
    };
    let won_with_one_hit = |_: &State, ev: &[Event]| {
        ev.iter().any(|e| {
            matches!(
                e,
                Event::BattleFought {
                    attacker_won: true,
                    attacker_hits: 1,
                    ..
                }
            )
        })
    };
    let stay_out = |t: &mut State| {
        landing_in_malta(t, |m| {
            if m.contains(&garrison) {
                Move::Done
            } else {
                m[0].clone()
            }
        })
    };
    let (lost, ev) = until(&game(), stay_out, won_with_one_hit);
    assert_eq!(knights(&lost), 0, "the one left outside cannot retreat");
    let gone: u8 = ev
        .iter()
        .filter_map(|e| match e {
            Event::UnitsLost {
                owner: PoolOwner::Spain,
                troops,
                ..
            } => Some(troops.knights),
            _ => None,
        })
        .sum();
    assert_eq!(gone, 2);
    assert!(E::invariant_violations(&lost).is_empty());
    // Putting the survivor inside instead: it stays, besieged.
    let go_in = |t: &mut State| {
        landing_in_malta(t, |m| {
            if m.contains(&garrison) {
                garrison.clone()
            } else {
                m[0].clone()
            }
        })
    };
    let (kept, _) = until(&game(), go_in, won_with_one_hit);
    assert_eq!(knights(&kept), 1);
    assert!(kept.sp(sp("malta")).siege.is_some());
    assert!(E::invariant_violations(&kept).is_empty());
}

/// K12: a Spanish formation leaving Malta by sea never takes the Knights; with only the
/// Knights there, no move or transport from Malta is offered.
#[test]
fn k12_a_spanish_formation_leaving_malta_never_includes_them() {
    let mut s = game();
    actions(&mut s, SPA, 6);
    galley(&mut s, "malta", PoolOwner::Spain);
    sail(
        &mut s,
        &[(port("malta"), ShipKind::Galley, zone("ionian_sea"))],
    );
    assert!(!moves(&s).contains(&Move::Transport { space: sp("malta") }));
    assert!(!moves(&s).contains(&Move::MoveFrom { space: sp("malta") }));
    put(&mut s, "malta", PoolOwner::Spain, 1, 0, 0);
    play(&mut s, Move::Transport { space: sp("malta") });
    assert_eq!(
        moves(&s)
            .iter()
            .filter(|m| matches!(m, Move::AddUnit(_)))
            .count(),
        1
    );
    assert!(!moves(&s).contains(&Move::AddUnit(UnitKind::Knights)));
    play(&mut s, Move::AddUnit(UnitKind::Regular));
    assert!(!moves(&s).iter().any(|m| matches!(m, Move::AddUnit(_))));
    play(&mut s, Move::Go { to: sp("malta") });
    play(
        &mut s,
        Move::ShipTo {
            to: zone("ionian_sea"),
        },
    );
    let landing = moves(&s)
        .into_iter()
        .find(|m| matches!(m, Move::ShipTo { to: Waters::Port(x) } if *x != sp("malta")))
        .expect("a port to land in");
    play(&mut s, landing.clone());
    let Move::ShipTo {
        to: Waters::Port(there),
    } = landing
    else {
        panic!("{landing:?}")
    };
    assert_eq!(knights(&s), 2);
    assert_eq!(troops(&s, "malta", SPA), 2);
    assert_eq!(troops_of(&s, SPA, there).total(), 1);
    assert_eq!(troops_of(&s, SPA, there).knights, 0);
}

/// K11: the counter is never raised ([17.1] first exception): no raise offers it.
#[test]
fn k11_the_knights_are_never_raised() {
    assert_eq!(raise_cost(SPA, UnitKind::Knights), None);
    let mut s = game();
    actions(&mut s, SPA, 6);
    let m = moves(&s);
    assert!(m.iter().any(|m| matches!(m, Move::Raise { .. })));
    assert!(!m.iter().any(|m| matches!(
        m,
        Move::Raise {
            kind: UnitKind::Knights,
            ..
        }
    )));
    assert!(!m.contains(&Move::Raise {
        space: sp("malta"),
        kind: UnitKind::Regular
    }));
}

/// K12: winter leaves the Knights in Malta; they count for the 4-unit cap of a fortified
/// space, so the excess goes from the other units.
#[test]
fn k12_winter_leaves_them() {
    let mut s = game();
    put(&mut s, "malta", PoolOwner::Spain, 3, 0, 0);
    let mut ev = Vec::new();
    signoria_elisabeth_i::winter::return_units(&mut s, &mut ev);
    assert_eq!(knights(&s), 2);
    assert_eq!(troops(&s, "malta", SPA), 4, "2 Knights and 2 regulars");
    assert!(E::invariant_violations(&s).is_empty());
}

/// K12: a winter return out of a space that is no Spanish fortified space (Malta lost
/// with the Knights still there) would take them away: they are lost.
#[test]
fn k12_winter_out_of_a_lost_malta_eliminates_them() {
    let mut s = game();
    s.sp_mut(sp("malta")).controller = signoria_elisabeth_i::data::Power::Ottoman;
    let mut ev = Vec::new();
    signoria_elisabeth_i::winter::return_units(&mut s, &mut ev);
    assert_eq!(knights(&s), 0);
    assert!(E::invariant_violations(&s).is_empty());
}

/// K12: a displacement ([12.5]) would take the Knights out of their space: they are lost.
#[test]
fn k12_displacement_eliminates_them() {
    let mut s = game();
    put(&mut s, "malta", PoolOwner::Spain, 1, 0, 0);
    let mut ev = Vec::new();
    signoria_elisabeth_i::diplomacy::cede::displace(&mut s, SPA, sp("malta"), &mut ev);
    assert_eq!(troops(&s, "malta", SPA), 0);
    assert!(ev.iter().any(|e| matches!(
        &e.event,
        Event::UnitsLost { troops, .. } if troops.knights == 2
    )));
    assert!(E::invariant_violations(&s).is_empty());
}

/// K12: the displacement of a religious rebellion ([18.5]) takes the other units away
/// and eliminates the Knights, outside the pool's ledger.
#[test]
fn k12_a_rebellions_displacement_eliminates_them() {
    let mut s = game();
    put(&mut s, "malta", PoolOwner::Spain, 1, 0, 0);
    let mut ev = Vec::new();
    signoria_elisabeth_i::religion::rebellion::displace_units(
        &mut s,
        sp("malta"),
        |_| false,
        &mut ev,
    );
    assert_eq!(troops(&s, "malta", SPA), 0);
    assert!(ev.iter().any(|e| matches!(
        &e.event,
        Event::UnitsLost { troops, .. } if troops.knights == 2 && troops.regulars == 0
    )));
    assert!(
        E::invariant_violations(&s).is_empty(),
        "{:?}",
        E::invariant_violations(&s)
    );
}

/// K13: once eliminated the counter stays off the map: winter replacements and raises do
/// not bring it back.
#[test]
fn k13_elimination_is_final() {
    let mut s = game();
    war(&mut s, OTT, SPA);
    let mut ev = Vec::new();
    signoria_elisabeth_i::battle::eliminate(&mut s, SPA, sp("malta"), Some(OTT), &mut ev);
    assert_eq!(knights(&s), 0);
    assert!(E::invariant_violations(&s).is_empty());
    signoria_elisabeth_i::winter::replacements(&mut s, &mut ev);
    signoria_elisabeth_i::winter::return_units(&mut s, &mut ev);
    assert_eq!(signoria_elisabeth_i::knights::on_map(&s), 0);
    actions(&mut s, SPA, 6);
    assert!(!moves(&s).iter().any(|m| matches!(
        m,
        Move::Raise {
            kind: UnitKind::Knights,
            ..
        }
    )));
}

fn malteserorden() -> signoria_elisabeth_i::data::CardId {
    signoria_elisabeth_i::data::data()
        .card_by_key("knights_of_st_john")
        .unwrap()
        .id
}

/// K13: *Malteserorden* (reconstructed reading) is an event only while the counter is off
/// the map: it is played for CP while the Knights stand in Malta.
#[test]
fn k13_malteserorden_is_no_event_while_the_knights_stand() {
    let mut s = game();
    give(&mut s, OTT, "knights_of_st_john");
    actions(&mut s, OTT, 0);
    s.stack = vec![signoria_elisabeth_i::model::Frame::Impulse {
        who: OTT,
        passes: 0,
    }];
    let m = moves(&s);
    assert!(m.contains(&Move::PlayCp {
        card: malteserorden()
    }));
    assert!(!m.contains(&Move::PlayEvent {
        card: malteserorden()
    }));
}

/// K13: after the Knights are eliminated, *Malteserorden* returns the counter to Malta at
/// strength 1 when Malta is Spanish, not besieged and free of enemy land units; with
/// Ottoman units in Malta it is not offered.
#[test]
fn k13_malteserorden_returns_the_counter_at_strength_1() {
    let mut s = game();
    war(&mut s, OTT, SPA);
    let mut ev = Vec::new();
    signoria_elisabeth_i::battle::eliminate(&mut s, SPA, sp("malta"), Some(OTT), &mut ev);
    give(&mut s, SPA, "knights_of_st_john");
    s.stack = vec![signoria_elisabeth_i::model::Frame::Impulse {
        who: SPA,
        passes: 0,
    }];
    let event = Move::PlayEvent {
        card: malteserorden(),
    };
    let mut blocked = s.clone();
    put(&mut blocked, "malta", PoolOwner::Ottoman, 1, 0, 0);
    assert!(!moves(&blocked).contains(&event));
    play(&mut s, event);
    assert_eq!(knights(&s), 1);
    assert_eq!(troops(&s, "malta", SPA), 1);
    assert!(E::invariant_violations(&s).is_empty());
}
