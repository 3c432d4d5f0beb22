//! The sea in play ([16.1], [16.2], [20.4]): naval move orders, interception, the
//! battles due, control of a port with ships, and winter.

mod common;

use common::*;
use signoria_elisabeth_i::ElisabethI as E;
use signoria_elisabeth_i::combat::naval_battle::Waters;
use signoria_elisabeth_i::data::data;
use signoria_elisabeth_i::model::{Event, Frame, Move, ShipKind, Step};
use signoria_elisabeth_i::naval::ships_of;
use signoria_engine::{Game, kernel};

fn port(k: &str) -> Waters {
    Waters::Port(sp(k))
}

/// [16.1]: one CP moves the ships ordered, one at a time; a port of another power only
/// with enemy ships in it.
#[test]
fn naval_move_orders() {
    let mut s = game();
    actions(&mut s, SPA, 2);
    play(&mut s, Move::NavalMove);
    assert_eq!(kind(&s), "naval_orders");
    assert_eq!(cp_left(&s), 1);
    let m = moves(&s);
    let sail = Move::Sail {
        from: port("barcelona"),
        kind: ShipKind::Galley,
        to: zone("gulf_of_lyon"),
    };
    assert!(m.contains(&sail));
    play(&mut s, sail);
    // Marseille is French and holds no enemy ships: closed to Spain.
    assert!(!moves(&s).contains(&Move::Sail {
        from: port("naples"),
        kind: ShipKind::Galley,
        to: port("marseille")
    }));
    play(&mut s, Move::Done);
    assert_eq!(ships_of(&s, SPA, zone("gulf_of_lyon")), 1);
    assert_eq!(ships_of(&s, SPA, port("barcelona")), 0);
    assert!(E::invariant_violations(&s).is_empty());
}

/// [16.1] step 4, [16.2]: French galleys in Marseille intercept the Spanish galley that
/// arrived in the Gulf of Lyon; the battle follows.
#[test]
fn naval_interception_and_battle() {
    let mut s = game();
    war(&mut s, SPA, FRA);
    actions(&mut s, SPA, 1);
    sail(
        &mut s,
        &[(port("barcelona"), ShipKind::Galley, zone("gulf_of_lyon"))],
    );
    assert_eq!(kind(&s), "combat");
    assert_eq!(seat(&s), s.seat_of(FRA));
    let icpt = Move::NavalIntercept {
        from: port("marseille"),
        into: zone("gulf_of_lyon"),
    };
    assert!(moves(&s).contains(&icpt));
    let (t, ev) = until(
        &s,
        |t| {
            let mut ev = play(t, icpt.clone());
            while kind(t) == "combat" {
                let m = moves(t);
                let mv = if m.contains(&Move::Done) {
                    Move::Done
                } else {
                    m[0].clone()
                };
                ev.extend(play(t, mv));
            }
            ev
        },
        |_, ev| {
            ev.iter()
                .any(|e| matches!(e, Event::NavalBattleFought { .. }))
        },
    );
    assert!(ev.iter().any(
        |e| matches!(e, Event::Rolled { purpose, .. } if purpose.starts_with("naval battle"))
    ));
    // After the battle no enemy fleets share the Gulf of Lyon.
    let g = zone("gulf_of_lyon");
    assert!(ships_of(&t, SPA, g) == 0 || ships_of(&t, FRA, g) == 0);
    assert!(E::invariant_violations(&t).is_empty());
}

/// [20.4]: ships at sea return to the nearest port of their power in winter.
#[test]
fn ships_return_to_port_in_winter() {
    let mut s = game();
    actions(&mut s, SPA, 1);
    sail(
        &mut s,
        &[(port("barcelona"), ShipKind::Galley, zone("gulf_of_lyon"))],
    );
    s.stack = vec![Frame::Step(Step::Winter)];
    let mut ev = Vec::new();
    kernel::advance::<E>(&mut s, &mut ev);
    assert_eq!(ships_of(&s, SPA, zone("gulf_of_lyon")), 0);
    assert_eq!(
        ships_of(&s, SPA, port("barcelona")),
        1,
        "the nearest Spanish port"
    );
}

/// [12.2]: taking control of a port pushes the ships there out to a sea zone.
#[test]
fn control_of_a_port_pushes_ships_out() {
    let mut s = game();
    war(&mut s, FRA, SPA);
    let o = signoria_elisabeth_i::data::PoolOwner::France;
    signoria_elisabeth_i::board::force_mut(&mut s, sp("genoa"), o)
        .ships
        .galleys = 1;
    signoria_elisabeth_i::board::book(&mut s, o, 0, 1);
    actions(&mut s, SPA, 1);
    play(&mut s, Move::Control { space: sp("genoa") });
    assert_eq!(ships_of(&s, FRA, port("genoa")), 0);
    assert_eq!(ships_of(&s, FRA, zone("gulf_of_lyon")), 1);
}

/// M13: the Galleasses window after the roll of a Mediterranean battle asks every power
/// with cards in impulse order; only a holder may play it.
#[test]
fn m13_galleasses_window_asks_every_power_with_cards() {
    let mut s = game();
    war(&mut s, SPA, FRA);
    give(&mut s, ENG, "storms");
    give(&mut s, FRA, "galleasses");
    actions(&mut s, SPA, 1);
    sail(
        &mut s,
        &[(port("barcelona"), ShipKind::Galley, zone("gulf_of_lyon"))],
    );
    // The Storms window before the ships sail: England first, then France.
    while kind(&s) == "respond" {
        play(&mut s, Move::Done);
    }
    let icpt = Move::NavalIntercept {
        from: port("marseille"),
        into: zone("gulf_of_lyon"),
    };
    let (mut t, _) = until(
        &s,
        |t| play(t, icpt.clone()),
        |t, ev| {
            ev.iter().any(|e| matches!(e, Event::Rolled { purpose, .. } if purpose.starts_with("naval battle")))
                && kind(t) == "combat"
                && seat(t) == t.seat_of(ENG)
        },
    );
    assert_eq!(moves(&t), vec![Move::Done], "England holds no Galleasses");
    play(&mut t, Move::Done);
    assert_eq!(seat(&t), t.seat_of(FRA));
    assert!(moves(&t).contains(&Move::Galleasses { side: 1 }));
    play(&mut t, Move::Galleasses { side: 1 });
    assert!(
        t.discard
            .contains(&data().card_by_key("galleasses").unwrap().id)
    );
}

/// Spain's galley sails into the Gulf of Lyon, then 2 regulars go by sea from Barcelona.
fn transport_ready() -> signoria_elisabeth_i::State {
    let mut s = game();
    put(
        &mut s,
        "barcelona",
        signoria_elisabeth_i::data::PoolOwner::Spain,
        2,
        0,
        0,
    );
    actions(&mut s, SPA, 4);
    sail(
        &mut s,
        &[(port("barcelona"), ShipKind::Galley, zone("gulf_of_lyon"))],
    );
    assert!(moves(&s).contains(&Move::Transport {
        space: sp("barcelona")
    }));
    play(
        &mut s,
        Move::Transport {
            space: sp("barcelona"),
        },
    );
    play(
        &mut s,
        Move::AddUnit(signoria_elisabeth_i::model::UnitKind::Regular),
    );
    play(
        &mut s,
        Move::AddUnit(signoria_elisabeth_i::model::UnitKind::Regular),
    );
    play(
        &mut s,
        Move::Go {
            to: sp("barcelona"),
        },
    );
    assert_eq!(kind(&s), "transport");
    play(
        &mut s,
        Move::ShipTo {
            to: zone("gulf_of_lyon"),
        },
    );
    assert_eq!(cp_left(&s), 2);
    s
}

/// [16.3]: embarking costs 1 CP and needs own ships in the zone; landing is a move into
/// the port.
#[test]
fn naval_transport_lands_in_a_port() {
    let mut s = transport_ready();
    let m = moves(&s);
    assert!(m.contains(&Move::ShipTo { to: port("genoa") }));
    assert!(
        !m.contains(&Move::ShipTo {
            to: zone("tyrrhenian_sea")
        }),
        "no own ships there"
    );
    assert!(
        !m.contains(&Move::ShipTo {
            to: port("marseille")
        }),
        "enemy or foreign port"
    );
    play(&mut s, Move::ShipTo { to: port("genoa") });
    assert_eq!(troops(&s, "genoa", SPA), 2);
    assert_eq!(troops(&s, "barcelona", SPA), 0);
    assert_eq!(cp_left(&s), 1);
}

/// [16.3] step 3: a formation that loses the battle at its landing is destroyed.
#[test]
fn a_landing_lost_destroys_the_formation() {
    let mut s = transport_ready();
    war(&mut s, SPA, FRA);
    put(
        &mut s,
        "genoa",
        signoria_elisabeth_i::data::PoolOwner::France,
        2,
        0,
        0,
    );
    let (t, _) = until(
        &s,
        |t| {
            let mut ev = play(t, Move::ShipTo { to: port("genoa") });
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
            })
        },
    );
    assert_eq!(troops(&t, "genoa", SPA), 0);
    assert_eq!(troops(&t, "barcelona", SPA), 0, "no retreat by sea");
    assert!(E::invariant_violations(&t).is_empty());
}

/// [16.4]: Ottoman corsairs pirate Spain off the Barbary Coast (corsairs need no war);
/// Spain's fortresses there roll defence dice; markers limit one piracy per zone and turn.
#[test]
fn corsairs_pirate_the_barbary_coast() {
    let mut s = game();
    actions(&mut s, OTT, 5);
    sail(
        &mut s,
        &[
            (port("algiers"), ShipKind::Corsair, zone("barbary_coast")),
            (port("algiers"), ShipKind::Corsair, zone("barbary_coast")),
        ],
    );
    let z = data().sea_zone_id("barbary_coast").unwrap();
    let pirate = Move::Pirate {
        zone: z,
        target: SPA,
    };
    assert!(moves(&s).contains(&pirate));
    let i = signoria_elisabeth_i::naval::piracy_input(&s, OTT, z, SPA);
    assert_eq!(i.defence_fortresses, 2, "Oran and Gibraltar");
    let (t, ev) = until(
        &s,
        |t| {
            let mut ev = play(t, pirate.clone());
            ev.extend(settle(t));
            ev
        },
        |_, ev| {
            ev.iter()
                .any(|e| matches!(e, Event::Pirated { hits, .. } if *hits > 0))
        },
    );
    assert_eq!(cp_left(&t), 2);
    // One reward per hit (a piracy VP is always available).
    let (hits, rewards) = ev
        .iter()
        .find_map(|e| match e {
            Event::Pirated { hits, rewards, .. } => Some((*hits, *rewards)),
            _ => None,
        })
        .unwrap();
    assert_eq!(hits, rewards);
    assert!(!moves(&t).contains(&pirate), "once per zone and turn");
    assert!(E::invariant_violations(&t).is_empty());
}

/// [12.1]: a line of communication may cross sea zones holding own ships, entered and
/// left through friendly ports.
#[test]
fn lines_of_communication_cross_the_sea() {
    let mut s = game();
    war(&mut s, SPA, FRA);
    // Genoa (independent) next to Milan: a land chain. Cut it: Milan under French
    // control and no Spanish fortress near; the sea bridges Barcelona to Genoa.
    s.sp_mut(sp("milan")).controller = signoria_elisabeth_i::data::Power::France;
    clear(&mut s, "milan");
    let genoa = sp("genoa");
    let before = signoria_elisabeth_i::control::loc(&s, SPA, genoa);
    actions(&mut s, SPA, 1);
    sail(
        &mut s,
        &[(port("barcelona"), ShipKind::Galley, zone("gulf_of_lyon"))],
    );
    assert!(!before, "no land chain");
    assert!(signoria_elisabeth_i::control::loc(&s, SPA, genoa));
}

/// [5.2], [16.1], M20: a naval leader sails with his ships when all of them leave, and
/// adds his battle rating to the fleet's dice.
#[test]
fn m20_naval_leaders_go_with_their_ships() {
    use signoria_elisabeth_i::admirals::ALoc;
    use signoria_elisabeth_i::combat::naval_battle::naval_dice;
    let mut s = game();
    let piyale = signoria_elisabeth_i::admirals::idx_of("piyale_pasha").unwrap();
    let where_is =
        |s: &signoria_elisabeth_i::State| s.admirals.iter().find(|a| a.idx == piyale).unwrap().at;
    assert_eq!(where_is(&s), ALoc::At(port("istanbul")));
    let b = signoria_elisabeth_i::naval::board(&s);
    let f = &b.iter().find(|x| x.at == port("istanbul")).unwrap().fleet;
    let rating = data().naval_leader("piyale_pasha").unwrap().battle as u32;
    assert_eq!(
        naval_dice(f, port("istanbul")),
        2 * 2 + rating,
        "2 galleys + the leader"
    );
    let z = data().space(sp("istanbul")).ports[0];
    actions(&mut s, OTT, 1);
    sail(
        &mut s,
        &[
            (port("istanbul"), ShipKind::Galley, Waters::Sea(z)),
            (port("istanbul"), ShipKind::Galley, Waters::Sea(z)),
        ],
    );
    assert_eq!(where_is(&s), ALoc::At(Waters::Sea(z)));
}

/// [10] step 6, erratum #209: the spring deployment may cross one sea zone between
/// friendly ports when no other major has ships in a port on it, with at most 5 units.
#[test]
fn spring_deployment_crosses_one_sea_zone() {
    use signoria_elisabeth_i::movement::deploy_reach;
    let mut s = game();
    // Spain from Madrid: Barcelona and Valencia lie on the Gulf of Lyon, where French
    // galleys in Marseille block the crossing; without them Genoa-side ports open.
    let reach = |s: &signoria_elisabeth_i::State| deploy_reach(s, SPA, sp("madrid"));
    let before: Vec<_> = reach(&s).into_iter().filter(|x| x.1).collect();
    let o = signoria_elisabeth_i::data::PoolOwner::France;
    signoria_elisabeth_i::board::force_mut(&mut s, sp("marseille"), o)
        .ships
        .galleys = 0;
    signoria_elisabeth_i::board::book(&mut s, o, 0, -2);
    signoria_elisabeth_i::board::tidy(&mut s, sp("marseille"));
    s.sp_mut(sp("genoa")).controller = signoria_elisabeth_i::data::Power::Spain;
    let after: Vec<_> = reach(&s).into_iter().filter(|x| x.1).collect();
    assert!(!before.iter().any(|x| x.0 == sp("genoa")));
    assert!(after.iter().any(|x| x.0 == sp("genoa")), "{after:?}");
    // Five units may cross, six may not.
    let spain = signoria_elisabeth_i::data::PoolOwner::Spain;
    put(&mut s, "madrid", spain, 6, 0, 0);
    place_leader(&mut s, "alba", "madrid");
    s.stack = vec![signoria_elisabeth_i::model::Frame::Deploy { who: SPA }];
    play(
        &mut s,
        Move::DeployFrom {
            capital: sp("madrid"),
        },
    );
    play(
        &mut s,
        Move::AddLeader {
            leader: leader("alba"),
        },
    );
    let regular = Move::AddUnit(signoria_elisabeth_i::model::UnitKind::Regular);
    for _ in 0..5 {
        play(&mut s, regular.clone());
    }
    let genoa = Move::Go { to: sp("genoa") };
    assert!(moves(&s).contains(&genoa), "5 units cross");
    play(&mut s, regular);
    assert!(!moves(&s).contains(&genoa), "6 do not");
}
