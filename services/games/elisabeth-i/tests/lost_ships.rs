//! Ships eliminated wait on the turn track until the next card phase ([16.2] step 10
//! L1247, [17.3] L1406, [8.1] L610); Dry Dock returns its owner's ships at once (RULINGS
//! M21, I3).

mod common;

use common::*;
use signoria_elisabeth_i::ElisabethI as E;
use signoria_elisabeth_i::building::{counters_used, naval_pool};
use signoria_elisabeth_i::combat::naval_battle::Waters;
use signoria_elisabeth_i::data::PoolOwner;
use signoria_elisabeth_i::model::{Event, Move, ShipKind, State};
use signoria_engine::Game;

fn port(k: &str) -> Waters {
    Waters::Port(sp(k))
}

/// Spain at war with France, every Spanish ship counter in use (the spare ones as
/// galleys in Seville), its galley from Barcelona in the Gulf of Lyon intercepted by the
/// French galleys of Marseille; the battle played until Spain lost a ship.
fn spain_loses_a_ship(setup: impl Fn(&mut State)) -> State {
    let mut s = game();
    war(&mut s, SPA, FRA);
    setup(&mut s);
    let o = PoolOwner::Spain;
    let spare = naval_pool(o) - counters_used(&s, o);
    signoria_elisabeth_i::board::force_mut(&mut s, sp("seville"), o)
        .ships
        .galleys += spare as u8;
    signoria_elisabeth_i::board::book(&mut s, o, 0, spare as i16);
    assert_eq!(counters_used(&s, o), naval_pool(o));
    actions(&mut s, SPA, 3);
    sail(
        &mut s,
        &[(port("barcelona"), ShipKind::Galley, zone("gulf_of_lyon"))],
    );
    let icpt = Move::NavalIntercept {
        from: port("marseille"),
        into: zone("gulf_of_lyon"),
    };
    let (t, _) = until(
        &s,
        |t| {
            let mut ev = play(t, icpt.clone());
            ev.extend(settle(t));
            ev
        },
        |t, ev| {
            ev.iter()
                .any(|e| matches!(e, Event::NavalBattleFought { .. }))
                && signoria_elisabeth_i::naval::ships_of(t, SPA, zone("gulf_of_lyon")) == 0
                && signoria_elisabeth_i::naval::ships_of(t, SPA, port("barcelona")) == 0
        },
    );
    t
}

fn galley_in_seville() -> Move {
    Move::Build {
        space: sp("seville"),
        kind: ShipKind::Galley,
    }
}

/// [16.2] step 10, [17.3]: the galley sunk lies on the turn track; with every other
/// counter on the map Spain may not build it again this turn; the card phase ([8.1])
/// returns it to the pool.
#[test]
fn m21_ships_sunk_wait_on_the_turn_track() {
    let mut t = spain_loses_a_ship(|_| {});
    assert_eq!(
        t.lost_ships,
        vec![(
            PoolOwner::Spain,
            signoria_elisabeth_i::model::Ships {
                galleys: 1,
                ..Default::default()
            }
        )]
    );
    assert_eq!(
        counters_used(&t, PoolOwner::Spain),
        naval_pool(PoolOwner::Spain)
    );
    actions(&mut t, SPA, 2);
    assert!(
        !moves(&t).contains(&galley_in_seville()),
        "not built again in the turn it was lost"
    );
    let mut ev = Vec::new();
    signoria_elisabeth_i::deal::card_draw(&mut t, &mut ev);
    assert!(
        t.lost_ships.is_empty(),
        "back in the pool in the card phase"
    );
    actions(&mut t, SPA, 2);
    assert!(moves(&t).contains(&galley_in_seville()));
    assert!(E::invariant_violations(&t).is_empty());
}

/// [16.2] step 10 "Ausnahme", [17.3]: with Dry Dock the sunk galley is in Spain's pool
/// at once and may be built again in the same turn.
#[test]
fn i3_dry_dock_returns_sunk_ships_at_once() {
    let mut t = spain_loses_a_ship(|s| {
        s.patronage.bonuses.push((
            signoria_elisabeth_i::patronage::science::DRY_DOCK.into(),
            SPA,
        ))
    });
    assert!(t.lost_ships.is_empty());
    actions(&mut t, SPA, 2);
    assert!(moves(&t).contains(&galley_in_seville()));
}

/// [16.4] step 3, [17.3] (RULINGS M21): corsairs sunk by the defence of a piracy go to the
/// turn track as well; the card phase returns them.
#[test]
fn m21_corsairs_sunk_in_piracy_wait_on_the_turn_track() {
    let mut s = game();
    actions(&mut s, OTT, 5);
    sail(
        &mut s,
        &[
            (port("algiers"), ShipKind::Corsair, zone("barbary_coast")),
            (port("algiers"), ShipKind::Corsair, zone("barbary_coast")),
        ],
    );
    let z = signoria_elisabeth_i::data::data()
        .sea_zone_id("barbary_coast")
        .unwrap();
    let pirate = Move::Pirate {
        zone: z,
        target: SPA,
    };
    let on_map = |t: &State| signoria_elisabeth_i::naval::ships_of(t, OTT, zone("barbary_coast"));
    let (mut t, _) = until(
        &s,
        |t| {
            let mut ev = play(t, pirate.clone());
            ev.extend(settle(t));
            ev
        },
        |t, _| on_map(t) < 2,
    );
    let sunk = 2 - on_map(&t) as u32;
    assert_eq!(
        signoria_elisabeth_i::lost_ships::held(&t, PoolOwner::Ottoman),
        sunk
    );
    let used = counters_used(&t, PoolOwner::Ottoman);
    let mut ev = Vec::new();
    signoria_elisabeth_i::deal::card_draw(&mut t, &mut ev);
    assert_eq!(counters_used(&t, PoolOwner::Ottoman), used - sunk);
    assert!(E::invariant_violations(&t).is_empty());
}
