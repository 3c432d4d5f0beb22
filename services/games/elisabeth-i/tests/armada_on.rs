//! Units aboard the Armada at sea sail on with other Spanish ships ([23.2] "Hier müssen
//! weitere BP für das Fortsetzen der Bewegung ausgegeben und weitere spanische Schiffe
//! eingesetzt werden", [16.3]; RULINGS A10, A12, A20).

mod common;

use common::*;
use signoria_elisabeth_i::ElisabethI as E;
use signoria_elisabeth_i::armada;
use signoria_elisabeth_i::combat::naval_battle::Waters;
use signoria_elisabeth_i::data::{PoolOwner, data};
use signoria_elisabeth_i::model::{Loc, Move, ShipKind, State, UnitKind};
use signoria_engine::Game;

fn port(k: &str) -> Waters {
    Waters::Port(sp(k))
}

fn leader_aboard(s: &mut State, id: &str) {
    let i = signoria_elisabeth_i::board::leader_pos(s, leader(id));
    s.leaders[i].at = Loc::Armada;
}

/// The Armada (8) in the Gulf of Lyon with 3 regulars and Alba aboard; with `galley`, one
/// of Naples' galleys sailed into the Tyrrhenian Sea first (a naval move of its own
/// impulse); Spain then has `cp` CP.
fn at_sea(galley: bool, cp: u8) -> State {
    let mut s = game();
    armada_at(&mut s, zone("gulf_of_lyon"), 8, 3);
    leader_aboard(&mut s, "alba");
    if galley {
        actions(&mut s, SPA, 1);
        sail(
            &mut s,
            &[(port("naples"), ShipKind::Galley, zone("tyrrhenian_sea"))],
        );
    }
    actions(&mut s, SPA, cp);
    s
}

/// Spain forms the formation aboard (Alba and `regulars`) and lets it go.
fn sail_on(s: &mut State, regulars: usize) {
    play(s, am(armada::Move::SailOn));
    play(
        s,
        am(armada::Move::TakeLeader {
            leader: leader("alba"),
        }),
    );
    for _ in 0..regulars {
        play(
            s,
            am(armada::Move::Take {
                kind: UnitKind::Regular,
            }),
        );
    }
    play(s, am(armada::Move::Ferry));
}

/// [23.2], [16.3], A20: a formation aboard the Armada at sea sails on through the
/// Tyrrhenian Sea (a Spanish galley there) and lands in Naples, two zones from the
/// Armada's: 1 CP a step; the first step only sails on (landing next to the Armada is its
/// own transport, A10); the rest stays aboard.
#[test]
fn a20_a_formation_aboard_sails_on_and_lands_two_zones_away() {
    let mut s = at_sea(true, 3);
    assert!(moves(&s).contains(&am(armada::Move::SailOn)));
    sail_on(&mut s, 2);
    assert_eq!(kind(&s), "transport");
    let m = moves(&s);
    assert!(m.contains(&Move::ShipTo {
        to: zone("tyrrhenian_sea")
    }));
    assert!(
        !m.contains(&Move::ShipTo {
            to: zone("barbary_coast")
        }),
        "no Spanish ship in the Barbary Coast"
    );
    assert!(
        !m.contains(&Move::ShipTo {
            to: port("barcelona")
        }),
        "the landing next to the Armada is the Armada's own transport"
    );
    assert!(
        m.contains(&Move::Done),
        "it may be called off before it sails"
    );
    play(
        &mut s,
        Move::ShipTo {
            to: zone("tyrrhenian_sea"),
        },
    );
    assert_eq!(cp_left(&s), 2);
    assert_eq!(s.armada.aboard.total(), 3, "counted aboard until it lands");
    assert!(!moves(&s).contains(&Move::Done), "never ends at sea");
    let before = troops(&s, "naples", SPA);
    play(&mut s, Move::ShipTo { to: port("naples") });
    settle(&mut s);
    assert_eq!(troops(&s, "naples", SPA), before + 2);
    assert_eq!(s.armada.aboard.total(), 1);
    assert_eq!(loc(&s, "alba"), Loc::Space(sp("naples")));
    assert!(armada::ferry::leaders_aboard(&s).is_empty());
    assert_eq!(cp_left(&s), 1);
    assert_eq!(E::invariant_violations(&s), Vec::<String>::new());
}

/// [16.3] step 1: at most 5 units sail on (the Armada's more-than-5 with a leader is its
/// own transport's, A10).
#[test]
fn a20_at_most_five_sail_on() {
    let mut s = at_sea(true, 3);
    s.armada.aboard.regulars = 7;
    signoria_elisabeth_i::board::book(&mut s, PoolOwner::Spain, 4, 0);
    play(&mut s, am(armada::Move::SailOn));
    play(
        &mut s,
        am(armada::Move::TakeLeader {
            leader: leader("alba"),
        }),
    );
    for _ in 0..5 {
        play(
            &mut s,
            am(armada::Move::Take {
                kind: UnitKind::Regular,
            }),
        );
    }
    assert!(
        !moves(&s)
            .iter()
            .any(|m| matches!(m, Move::Armada(armada::Move::Take { .. }))),
        "Alba commands 10, the transport carries 5"
    );
    play(&mut s, am(armada::Move::Ferry));
    assert_eq!(kind(&s), "transport");
}

/// [16.3] step 2, A20: no sailing on without Spanish ships in the zone entered, nor with
/// fewer than 2 CP (one step to sea, one to land).
#[test]
fn a20_refused_without_spanish_ships_or_cp() {
    let s = at_sea(false, 3);
    assert!(
        !moves(&s).contains(&am(armada::Move::SailOn)),
        "no Spanish ship next to the Armada"
    );
    assert!(
        moves(&s).contains(&am(armada::Move::FerryAshore {
            port: sp("barcelona")
        })),
        "its own transport stays open"
    );
    let s = at_sea(true, 1);
    assert!(!moves(&s).contains(&am(armada::Move::SailOn)), "1 CP");
    let s = at_sea(true, 2);
    assert!(moves(&s).contains(&am(armada::Move::SailOn)), "2 CP");
}

/// A20, [16.3] step 1: the other powers may play Storms at the first step; the transport
/// stops with its CP spent and the formation stays aboard.
#[test]
fn a20_storms_keep_the_formation_aboard() {
    let mut s = at_sea(true, 3);
    give(&mut s, FRA, "storms");
    sail_on(&mut s, 2);
    play(
        &mut s,
        Move::ShipTo {
            to: zone("tyrrhenian_sea"),
        },
    );
    assert_eq!(kind(&s), "respond");
    let storms = data().card_by_key("storms").unwrap().id;
    play(&mut s, Move::PlayCard { card: storms });
    settle(&mut s);
    assert_eq!(s.armada.aboard.total(), 3);
    assert_eq!(loc(&s, "alba"), Loc::Armada);
    assert_eq!(cp_left(&s), 2);
    assert_eq!(E::invariant_violations(&s), Vec::<String>::new());
}

/// [16.3] step 4, A20: a landing lost in the field at the end of sailing on destroys the
/// formation and captures its leaders.
#[test]
fn a20_a_landing_lost_destroys_the_formation() {
    let mut s = at_sea(true, 3);
    war(&mut s, SPA, FRA);
    clear(&mut s, "palermo");
    put(&mut s, "palermo", PoolOwner::France, 6, 0, 0);
    s.sp_mut(sp("palermo")).controller = signoria_elisabeth_i::data::Power::France;
    let (t, _) = until(
        &s,
        |t| {
            sail_on(t, 1);
            let mut ev = play(
                t,
                Move::ShipTo {
                    to: zone("tyrrhenian_sea"),
                },
            );
            ev.extend(play(
                t,
                Move::ShipTo {
                    to: port("palermo"),
                },
            ));
            ev.extend(settle(t));
            ev
        },
        |t, _| troops(t, "palermo", SPA) == 0 && troops(t, "palermo", FRA) > 0,
    );
    assert_eq!(t.armada.aboard.total(), 2, "the one that landed is lost");
    assert_eq!(loc(&t, "alba"), Loc::Captured(FRA));
    assert_eq!(E::invariant_violations(&t), Vec::<String>::new());
}

/// A20, [13.4]: a landing at the end of sailing on that does not outnumber a garrison
/// withdrawn into its fortress goes back where the transport began: aboard the Armada.
#[test]
fn a20_a_landing_turned_back_goes_back_aboard() {
    let mut s = game();
    armada_at(&mut s, zone("gulf_of_lyon"), 8, 3);
    leader_aboard(&mut s, "alba");
    actions(&mut s, SPA, 1);
    sail(
        &mut s,
        &[
            (port("naples"), ShipKind::Galley, zone("tyrrhenian_sea")),
            (port("naples"), ShipKind::Galley, zone("tyrrhenian_sea")),
        ],
    );
    war(&mut s, SPA, FRA);
    clear(&mut s, "naples");
    put(&mut s, "naples", PoolOwner::France, 3, 0, 0);
    s.sp_mut(sp("naples")).controller = signoria_elisabeth_i::data::Power::France;
    actions(&mut s, SPA, 3);
    sail_on(&mut s, 1);
    play(
        &mut s,
        Move::ShipTo {
            to: zone("tyrrhenian_sea"),
        },
    );
    play(&mut s, Move::ShipTo { to: port("naples") });
    while kind(&s) != "withdraw" {
        play(&mut s, Move::Done);
    }
    play(&mut s, Move::Withdraw);
    assert_eq!(kind(&s), "move_on");
    play(&mut s, Move::Done);
    settle(&mut s);
    assert_eq!(troops(&s, "naples", SPA), 0);
    assert_eq!(s.armada.aboard.total(), 3);
    assert_eq!(loc(&s, "alba"), Loc::Armada);
    assert_eq!(E::invariant_violations(&s), Vec::<String>::new());
}
