//! The Spanish Armada [23.2] with its naval part [16]: the home card *Spanische Armada*,
//! *Armada Ablass*, upgrades, units aboard, naval moves and battles, piracy, winter, a
//! port changing hands (rulings A1-A6).

mod common;

use common::*;
use signoria_elisabeth_i::ElisabethI as E;
use signoria_elisabeth_i::armada::at_sea;
use signoria_elisabeth_i::combat::naval_battle::{Waters, naval_dice};
use signoria_elisabeth_i::data::{PoolOwner, Power, data};
use signoria_elisabeth_i::model::{Frame, Moment, Move, ShipKind, State, Step, UnitKind};
use signoria_elisabeth_i::{armada, naval};
use signoria_engine::{Game, ProtoGame};

fn port(k: &str) -> Waters {
    Waters::Port(sp(k))
}

fn card(key: &str) -> signoria_elisabeth_i::data::CardId {
    data().card_by_key(key).unwrap().id
}

fn impulse(s: &mut State, who: u8) {
    s.stack = vec![Frame::Step(Step::Winter), Frame::Impulse { who, passes: 0 }];
}

/// [23.2], RULINGS A1, A2: the home card builds the Armada at strength 2 in Seville or
/// Corunna (Lisbon is Portuguese), then its CP go to the Armada: an upgrade (3 CP) and a
/// regular raised aboard (2 CP).
#[test]
fn a1_a2_the_home_card_builds_the_armada_and_its_cp_refit_it() {
    let mut s = game();
    give(&mut s, SPA, "spanish_armada");
    impulse(&mut s, SPA);
    play(
        &mut s,
        Move::PlayEvent {
            card: card("spanish_armada"),
        },
    );
    assert_eq!(kind(&s), "armada_build");
    let m = moves(&s);
    assert_eq!(m.len(), 2);
    assert!(m.contains(&am(armada::Move::Build {
        port: sp("seville")
    })));
    assert!(m.contains(&am(armada::Move::Build {
        port: sp("corunna")
    })));
    play(
        &mut s,
        am(armada::Move::Build {
            port: sp("seville"),
        }),
    );
    assert_eq!(s.armada.at, Some(port("seville")));
    assert_eq!(s.armada.strength, 2);
    let cp = data().card_by_key("spanish_armada").unwrap().cp;
    assert_eq!(
        s.stack.last(),
        Some(&Frame::Armada(armada::Frame::Spend { cp, raise: true }))
    );
    play(&mut s, am(armada::Move::Upgrade));
    assert_eq!(s.armada.strength, 4);
    let m = moves(&s);
    assert!(
        !m.contains(&am(armada::Move::Upgrade)),
        "2 CP left: no upgrade"
    );
    play(
        &mut s,
        am(armada::Move::Raise {
            kind: UnitKind::Regular,
        }),
    );
    assert_eq!(s.armada.aboard.regulars, 1);
    // The event's CP are spent: its frame is gone.
    assert!(
        !s.stack.iter().any(|f| matches!(f, Frame::Armada(_))),
        "{:?}",
        s.stack
    );
    // One Armada: no second build while it is on the map.
    assert!(armada::refit::build_sites(&s).is_empty(), "one Armada");
}

/// RULINGS A1: an Armada lost this turn lies on the turn track: the home card does not
/// build it again before the next turn.
#[test]
fn a1_a_lost_armada_is_rebuilt_only_in_a_later_turn() {
    let mut s = game();
    armada_at(&mut s, zone("atlantic_ocean"), 2, 1);
    let mut ev = Vec::new();
    at_sea::lose(&mut s, &mut ev);
    assert_eq!(s.armada.at, None);
    assert_eq!(s.armada.lost_turn, Some(s.turn));
    assert!(
        E::invariant_violations(&s).is_empty(),
        "the unit aboard left the ledger"
    );
    give(&mut s, SPA, "spanish_armada");
    impulse(&mut s, SPA);
    let ev = Move::PlayEvent {
        card: card("spanish_armada"),
    };
    assert!(!moves(&s).contains(&ev));
    s.turn += 1;
    assert!(moves(&s).contains(&ev));
}

/// [23.2]: 3 CP a level, only in Seville, Corunna or Lisbon, at most 8; a naval action.
#[test]
fn upgrades_in_the_yards_up_to_eight() {
    let mut s = game();
    armada_at(&mut s, port("barcelona"), 4, 0);
    actions(&mut s, SPA, 6);
    assert!(
        !moves(&s).contains(&am(armada::Move::Upgrade)),
        "Barcelona is no yard"
    );
    s.armada.at = Some(port("corunna"));
    actions(&mut s, SPA, 6);
    play(&mut s, am(armada::Move::Upgrade));
    assert_eq!(cp_left(&s), 3);
    play(&mut s, am(armada::Move::Upgrade));
    assert_eq!(s.armada.strength, 8);
    actions(&mut s, SPA, 6);
    assert!(!moves(&s).contains(&am(armada::Move::Upgrade)), "8 at most");
    assert_eq!(
        signoria_elisabeth_i::world::treasure::action_type(&am(armada::Move::Upgrade)),
        Some(1),
        "naval (the seed's example L849)"
    );
}

/// *Armada Ablass* (RULINGS A2): Spain's, while an upgrade is possible; its CP upgrade,
/// never raise.
#[test]
fn a2_armada_indulgence_only_upgrades() {
    let mut s = game();
    give(&mut s, SPA, "armada_indulgence");
    impulse(&mut s, SPA);
    let ev = Move::PlayEvent {
        card: card("armada_indulgence"),
    };
    assert!(!moves(&s).contains(&ev), "no Armada");
    armada_at(&mut s, port("seville"), 2, 0);
    assert!(moves(&s).contains(&ev));
    play(&mut s, ev);
    assert_eq!(kind(&s), "armada_spend");
    let m = moves(&s);
    assert!(m.contains(&am(armada::Move::Upgrade)));
    assert!(
        !m.iter()
            .any(|x| matches!(x, Move::Armada(armada::Move::Raise { .. })))
    );
    play(&mut s, am(armada::Move::Upgrade));
    assert_eq!(s.armada.strength, 4);
    // Another power holding it may not play it.
    let mut t = game();
    armada_at(&mut t, port("seville"), 2, 0);
    give(&mut t, FRA, "armada_indulgence");
    impulse(&mut t, FRA);
    assert!(!moves(&t).contains(&Move::PlayEvent {
        card: card("armada_indulgence")
    }));
}

/// [23.2]: in port, units board and leave for free within its strength; units aboard stay
/// counted on the map (the playout's conservation check holds after every move).
#[test]
fn units_board_and_land_within_capacity() {
    let mut s = game();
    put(&mut s, "seville", PoolOwner::Spain, 3, 1, 0);
    armada_at(&mut s, port("seville"), 2, 0);
    actions(&mut s, SPA, 1);
    play(
        &mut s,
        am(armada::Move::Board {
            kind: UnitKind::Regular,
        }),
    );
    play(
        &mut s,
        am(armada::Move::Board {
            kind: UnitKind::Mercenary,
        }),
    );
    assert_eq!(cp_left(&s), 1, "free");
    assert_eq!(troops(&s, "seville", SPA), 2);
    assert!(
        !moves(&s)
            .iter()
            .any(|m| matches!(m, Move::Armada(armada::Move::Board { .. }))),
        "full at strength 2"
    );
    play(
        &mut s,
        am(armada::Move::Land {
            kind: UnitKind::Mercenary,
        }),
    );
    assert_eq!(s.armada.aboard.total(), 1);
    assert_eq!(troops(&s, "seville", SPA), 3);
}

/// [23.2]: raising onto it in a Spanish home port or Lisbon, never elsewhere.
#[test]
fn raising_aboard_only_in_spanish_home_ports_or_lisbon() {
    let mut s = game();
    armada_at(&mut s, port("naples"), 4, 0);
    actions(&mut s, SPA, 4);
    let raise = am(armada::Move::Raise {
        kind: UnitKind::Regular,
    });
    let naples_home = data().space(sp("naples")).is_home_of(Power::Spain);
    assert_eq!(moves(&s).contains(&raise), naples_home);
    s.armada.at = Some(port("lisbon"));
    s.sp_mut(sp("lisbon")).controller = Power::Spain;
    clear(&mut s, "lisbon");
    actions(&mut s, SPA, 4);
    assert!(moves(&s).contains(&raise), "Lisbon under Spanish control");
    play(&mut s, raise);
    assert_eq!(cp_left(&s), 2);
}

/// [23.2]: it sails as a ship of a naval move (1 CP) with the units aboard, and in battle
/// rolls its strength as dice; for a blockade it counts strength / 2 ships.
#[test]
fn it_sails_and_fights_with_its_strength() {
    let mut s = game();
    armada_at(&mut s, port("seville"), 6, 2);
    actions(&mut s, SPA, 1);
    sail(
        &mut s,
        &[
            (port("seville"), ShipKind::Armada, zone("atlantic_ocean")),
            (port("seville"), ShipKind::Galleon, zone("atlantic_ocean")),
        ],
    );
    assert_eq!(s.armada.at, Some(zone("atlantic_ocean")));
    assert_eq!(s.armada.aboard.regulars, 2);
    let b = naval::board(&s);
    let f = &b
        .iter()
        .find(|x| x.at == zone("atlantic_ocean") && x.fleet.power == Power::Spain)
        .unwrap()
        .fleet;
    assert_eq!(f.armada, 6);
    let galleon = naval_dice(
        &signoria_elisabeth_i::combat::naval_battle::Fleet::new(Power::Spain)
            .with(signoria_elisabeth_i::data::ShipType::Galleon, 1),
        zone("atlantic_ocean"),
    );
    assert_eq!(naval_dice(f, zone("atlantic_ocean")), 6 + galleon);
    assert_eq!(f.blockade_count(), 1 + 3);
    // Alone (no other ship) it still forms a Spanish stack.
    let mut t = game();
    armada_at(&mut t, zone("bay_of_biscay"), 2, 0);
    assert!(
        naval::board(&t)
            .iter()
            .any(|x| x.at == zone("bay_of_biscay") && x.fleet.armada == 2)
    );
}

/// [23.2], RULINGS A4: losses reduce it a level per 2 hits; the units it can no longer
/// carry drown (mercenaries first); below 2 it is lost with the units aboard.
#[test]
fn a4_losses_drown_the_units_beyond_its_strength() {
    let mut s = game();
    armada_at(&mut s, zone("atlantic_ocean"), 6, 4);
    s.armada.aboard.mercenaries = 2;
    s.armada.aboard.regulars = 2;
    let mut ev = Vec::new();
    at_sea::set_strength(&mut s, 2, &mut ev);
    assert_eq!(s.armada.aboard.regulars, 2, "the mercenaries drown first");
    assert_eq!(s.armada.aboard.mercenaries, 0);
    assert!(E::invariant_violations(&s).is_empty());
    at_sea::set_strength(&mut s, 0, &mut ev);
    assert_eq!(s.armada.at, None);
    assert!(E::invariant_violations(&s).is_empty());
}

/// [23.2] in a naval battle through the game: an English fleet attacks the Armada alone
/// in the North Sea; whatever the dice, its strength falls by 2 per level lost and it is
/// never left with more units than strength.
#[test]
fn a_naval_battle_against_the_armada() {
    let mut s = game();
    war(&mut s, SPA, ENG);
    armada_at(&mut s, zone("north_sea"), 4, 4);
    actions(&mut s, ENG, 1);
    let (t, _) = until(
        &s,
        |t| {
            let mut ev = sail(
                t,
                &[
                    (port("london"), ShipKind::Galleon, zone("north_sea")),
                    (port("london"), ShipKind::Galleon, zone("north_sea")),
                ],
            );
            ev.extend(settle(t));
            ev
        },
        |t, _| t.armada.strength < 4,
    );
    assert!(t.armada.aboard.total() <= t.armada.strength);
    assert!(E::invariant_violations(&t).is_empty());
}

/// *Piracy* ([16.4] step 4 d): against Spain with the Armada in or next to the zone, the
/// reward "reduce the Armada" is available and takes a level.
#[test]
fn piracy_reduces_the_armada_nearby() {
    let mut s = game();
    armada_at(&mut s, port("seville"), 4, 0);
    let z = data().sea_zone_id("atlantic_ocean").unwrap();
    assert_eq!(at_sea::near(&s, z), 4);
    let far = data().sea_zone_id("aegean_sea").unwrap();
    assert_eq!(at_sea::near(&s, far), 0);
    assert_eq!(naval::piracy_input(&s, ENG, z, SPA).armada_near, 4);
    assert_eq!(naval::piracy_input(&s, SPA, z, ENG).armada_near, 0);
    let mut ev = Vec::new();
    at_sea::reduce(&mut s, &mut ev);
    assert_eq!(s.armada.strength, 2);
}

/// [20.4], [23.2]: in winter it goes home to the nearest Spanish port with the units
/// aboard (they winter aboard).
#[test]
fn winter_brings_it_home_with_its_units() {
    let mut s = game();
    armada_at(&mut s, zone("bay_of_biscay"), 4, 3);
    let mut ev = Vec::new();
    armada::at(&mut s, Moment::After(Step::Action), &mut ev);
    let Some(Waters::Port(x)) = s.armada.at else {
        panic!("in port")
    };
    assert_eq!(signoria_elisabeth_i::board::controller_pw(&s, x), Some(SPA));
    assert_eq!(s.armada.aboard.regulars, 3);
    assert_eq!(
        Some(Waters::Port(x)),
        naval::nearest_home_port(&s, SPA, zone("bay_of_biscay"))
    );
}

/// [12.2]: its port taken by another power: it leaves for an adjacent sea zone.
#[test]
fn a_port_changing_hands_pushes_it_out() {
    let mut s = game();
    armada_at(&mut s, port("corunna"), 2, 1);
    s.sp_mut(sp("corunna")).controller = Power::France;
    let mut ev = Vec::new();
    naval::push_out(&mut s, sp("corunna"), &mut ev);
    assert!(matches!(s.armada.at, Some(Waters::Sea(_))));
    assert_eq!(s.armada.aboard.regulars, 1);
}

/// The Armada's state round-trips and shows in every seat's view (public).
#[test]
fn the_armada_is_public() {
    let mut s = game();
    armada_at(&mut s, port("seville"), 4, 2);
    let json = serde_json::to_string(&s).unwrap();
    let back: State = serde_json::from_str(&json).unwrap();
    assert_eq!(back.armada, s.armada);
    let v = signoria_elisabeth_i::view::view(&s, signoria_engine::Viewer::Seat(s.seat_of(ENG)));
    assert_eq!(v.armada.strength, 4);
    assert_eq!(v.armada.aboard.regulars, 2);
}

// ---- Ship loans [9.2] (erratum §8.19 #207)

use signoria_elisabeth_i::diplomacy::ship_loans;
use signoria_elisabeth_i::model::{Deal, DealPick};

fn galleons(s: &State, owner: PoolOwner) -> u32 {
    let d = data();
    d.space_ids()
        .flat_map(|x| s.sp(x).forces.iter())
        .filter(|f| f.owner == owner)
        .map(|f| f.ships.galleons as u32)
        .sum()
}

/// The French port a ship lent from Seville goes to: the nearest by sea zones (the
/// Atlantic Ocean has none; the zones next to it), the lowest space on ties.
fn french_port_two_zones_from_seville(s: &State) -> signoria_elisabeth_i::data::SpaceId {
    let d = data();
    let near: Vec<_> = ["bay_of_biscay", "english_channel", "irish_sea"]
        .iter()
        .map(|z| d.sea_zone_id(z).unwrap())
        .collect();
    d.space_ids()
        .filter(|&x| {
            signoria_elisabeth_i::board::controller_pw(s, x) == Some(FRA)
                && d.space(x).ports.iter().any(|z| near.contains(z))
        })
        .min()
        .unwrap()
}

/// RULINGS A7, A9 (erratum #207): Spain offers France an alliance lending its Seville
/// galleon; accepted, the alliance is made and the galleon sails to France's nearest port
/// as a French ship; the loan goes one way only.
#[test]
fn a7_a9_a_ship_loan_is_an_alliance_lending_ships() {
    let mut s = game();
    s.stack = vec![Frame::Negotiate { who: SPA }];
    let loan = Move::Propose {
        to: FRA,
        deal: DealPick::ShipLoan {
            port: sp("seville"),
            kind: ShipKind::Galleon,
            n: 1,
            admiral: None,
        },
    };
    let m = moves(&s);
    assert!(m.contains(&loan));
    assert!(!m.iter().any(|x| matches!(
        x,
        Move::Propose {
            deal: DealPick::ShipLoan {
                kind: ShipKind::Corsair | ShipKind::Armada,
                ..
            },
            ..
        }
    )));
    assert_eq!(E::move_from_pb(&E::move_to_pb(&loan)).unwrap(), loan);
    let spain_before = galleons(&s, PoolOwner::Spain);
    let france_before = galleons(&s, PoolOwner::France);
    play(&mut s, loan);
    announce_and_confirm(&mut s);
    assert!(s.alliances.contains(&(SPA, FRA)));
    let dest = french_port_two_zones_from_seville(&s);
    assert_eq!(ship_loans::destination(&s, FRA, sp("seville")), Some(dest));
    assert_eq!(galleons(&s, PoolOwner::Spain), spain_before - 1);
    assert_eq!(galleons(&s, PoolOwner::France), france_before + 1);
    let at_dest = s
        .sp(dest)
        .forces
        .iter()
        .find(|f| f.owner == PoolOwner::France);
    assert!(at_dest.is_some_and(|f| f.ships.galleons >= 1));
    // One direction per pair and turn: France lends nothing back to Spain.
    assert!(ship_loans::offers(&s, FRA, SPA, true).is_empty());
    assert!(!ship_loans::offers(&s, SPA, FRA, true).is_empty());
    // France does not lend on the galleon it borrowed (A7).
    assert!(
        !ship_loans::offers(&s, FRA, ENG, true)
            .iter()
            .any(|d| matches!(
                d,
                Deal::ShipLoan {
                    kind: ShipKind::Galleon,
                    ..
                }
            ))
    );
}

/// RULINGS A9: the way runs through sea zones only: a Mediterranean port reaches no
/// English port (the Mediterranean meets the Atlantic only through Gibraltar's space).
#[test]
fn a9_no_loan_across_a_port_space() {
    let s = game();
    assert_eq!(ship_loans::destination(&s, ENG, sp("naples")), None);
    assert!(
        !ship_loans::offers(&s, SPA, ENG, true)
            .iter()
            .any(|d| matches!(d, Deal::ShipLoan { port, .. } if *port == sp("naples")))
    );
    assert!(
        ship_loans::destination(&s, FRA, sp("naples")).is_some(),
        "Marseille"
    );
}

/// RULINGS A8: in winter the loan ends: the ships the borrower still has of that kind go
/// to the lender's nearest port; those it lost stay lost.
#[test]
fn a8_lent_ships_go_home_in_winter() {
    let mut s = game();
    s.stack = vec![Frame::Negotiate { who: SPA }];
    play(
        &mut s,
        Move::Propose {
            to: FRA,
            deal: DealPick::ShipLoan {
                port: sp("corunna"),
                kind: ShipKind::Galleon,
                n: 1,
                admiral: None,
            },
        },
    );
    announce_and_confirm(&mut s);
    let (spain, france) = (
        galleons(&s, PoolOwner::Spain),
        galleons(&s, PoolOwner::France),
    );
    let mut t = s.clone();
    let mut ev = Vec::new();
    naval::winter_return(&mut s, &mut ev);
    assert!(s.ship_loans.is_empty());
    assert_eq!(galleons(&s, PoolOwner::Spain), spain + 1);
    assert_eq!(galleons(&s, PoolOwner::France), france - 1);
    assert!(E::invariant_violations(&s).is_empty());
    // France lost its galleons (the lent one among them): nothing comes back.
    let dest = ship_loans::destination(&t, FRA, sp("corunna")).unwrap();
    let lost = t
        .sp(dest)
        .forces
        .iter()
        .find(|f| f.owner == PoolOwner::France)
        .unwrap()
        .ships
        .galleons;
    let f = signoria_elisabeth_i::board::force_mut(&mut t, dest, PoolOwner::France);
    f.ships.galleons = 0;
    signoria_elisabeth_i::board::book(&mut t, PoolOwner::France, 0, -(lost as i16));
    signoria_elisabeth_i::board::tidy(&mut t, dest);
    let others = galleons(&t, PoolOwner::France);
    naval::winter_return(&mut t, &mut ev);
    assert_eq!(
        galleons(&t, PoolOwner::Spain),
        spain + u32::from(others > 0),
        "a French galleon elsewhere is returned in the lost one's place (A8)"
    );
    assert!(E::invariant_violations(&t).is_empty());
}
