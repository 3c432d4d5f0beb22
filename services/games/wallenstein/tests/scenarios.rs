//! The worked examples of the seed (digest §11, X1-X13) as scenarios.

mod common;
use common::*;

use signoria_engine::Game;
use signoria_wallenstein::actions;
use signoria_wallenstein::combat;
use signoria_wallenstein::data::EventEffect;
use signoria_wallenstein::model::{
    Action, BattleKind, BattleResult, CHURCH, Card, Event, Frame, Move, PALACE, TRADING_HOUSE, Tile,
};
use signoria_wallenstein::setup;
use signoria_wallenstein::winter;
use signoria_wallenstein::{Options, Wallenstein as W};

/// X1 (L254-256): 3 players throw 7 x 3 + 10 = 31 cubes in the initial fill; 4 and 5 players 38 and 45.
/// The fill comes after the start lands are placed (RULINGS R26), so the draft is played first.
#[test]
fn x1_initial_tower_fill() {
    for (players, total) in [(3, 31), (4, 38), (5, 45)] {
        let (mut s, mut ev) = setup::setup(&Options::default(), players, 3).unwrap();
        while s.draft().is_some() {
            let seat = W::pending(&s)[0];
            let m = W::legal_moves(&s, seat)[0].clone();
            ev.extend(W::apply(&mut s, seat, &m).unwrap());
        }
        let (thrown, out) = ev
            .iter()
            .find_map(|e| match &e.event {
                Event::TowerFilled { thrown, out } => Some((thrown.clone(), out.clone())),
                _ => None,
            })
            .unwrap();
        assert_eq!(thrown.iter().sum::<u32>(), total);
        assert_eq!(thrown[players], 10);
        // What fell out went back to the supplies; the rest is inside; the tray is empty.
        assert_eq!(
            s.tower.inside.iter().sum::<u32>() + out.iter().sum::<u32>(),
            total
        );
        assert_eq!(s.tower.tray.iter().sum::<u32>(), 0);
        let groups: u32 = signoria_wallenstein::data::data().groups[&players]
            .iter()
            .map(|&g| g as u32)
            .sum();
        for p in 0..players {
            assert_eq!(s.players[p].supply + s.tower.inside[p] + groups, 62);
        }
        check(&s);
    }
}

/// X2 (L403-406): taxes in Burgund (7) under the "at most 5" event with the +1 Taler tile give 6.
#[test]
fn x2_burgund_taxes_capped_then_tile() {
    let mut s = bare(4);
    let burgund = give(&mut s, 0, "Burgund", 2);
    assert_eq!(
        signoria_wallenstein::data::data().lands[burgund as usize].tax,
        7
    );
    set_event(&mut s, EventEffect::TaxAtMost5);
    set_tile(&mut s, 0, Tile::PlusTaler);
    let before = s.players[0].money;
    let mut ev = Vec::new();
    actions::execute(&mut s, 0, Action::Taxes, burgund, &mut ev);
    assert_eq!(s.players[0].money - before, 6);
    assert_eq!(
        s.lands[burgund as usize].unrest, 1,
        "a marker after collecting without revolt"
    );
    // Without the tile: 5.
    s.space_owner = vec![None; 5];
    assert_eq!(actions::income(&s, 0, Action::Taxes, burgund), 5);
}

/// X3 (L424-430): Bremen has 2 sites; after a church only a palace or a trading house fits.
#[test]
fn x3_bremen_church_then_one_site_left() {
    let mut s = bare(4);
    let bremen = give(&mut s, 0, "Bremen", 2);
    s.players[0].money = 20;
    let mut ev = Vec::new();
    actions::execute(&mut s, 0, Action::Church, bremen, &mut ev);
    assert!(s.lands[bremen as usize].buildings[CHURCH]);
    actions::execute(&mut s, 0, Action::Church, bremen, &mut ev);
    assert!(
        matches!(ev.last().unwrap().event, Event::Lapsed { .. }),
        "a second church is illegal"
    );
    actions::execute(&mut s, 0, Action::Palace, bremen, &mut ev);
    assert!(s.lands[bremen as usize].buildings[PALACE]);
    actions::execute(&mut s, 0, Action::TradingHouse, bremen, &mut ev);
    assert!(
        !s.lands[bremen as usize].buildings[TRADING_HOUSE],
        "no third site"
    );
    assert_eq!(s.players[0].money, 20 - 2 - 3);
}

/// X4 (L522-528): Burgund's card on "collect taxes" gives 7 and cannot go on another field.
#[test]
fn x4_one_land_one_action() {
    let mut s = bare(4);
    let burgund = give(&mut s, 0, "Burgund", 2);
    W::apply(
        &mut s,
        0,
        &Move::Plan {
            field: 0,
            card: Card::Money(0),
        },
    )
    .unwrap();
    for f in 1..4 {
        W::apply(
            &mut s,
            0,
            &Move::Plan {
                field: f,
                card: Card::Money(f),
            },
        )
        .unwrap();
    }
    W::apply(
        &mut s,
        0,
        &Move::Plan {
            field: 4,
            card: Card::Land(burgund),
        },
    )
    .unwrap();
    let rest = W::legal_moves(&s, 0);
    assert!(
        rest.iter()
            .all(|m| !matches!(m, Move::Plan { card: Card::Land(l), .. } if *l == burgund))
    );
    assert_eq!(actions::income(&s, 0, Action::Taxes, burgund), 7);
}

/// X5/X6 (L563-567, L606-610): 3 players; the tile on space 1 makes its taker start
/// player; order follows the occupied spaces, empty ones skipped.
#[test]
fn x5_x6_turn_order_from_spaces() {
    let mut s = bare(3);
    s.stack = vec![Frame::ChooseSpace {
        order: vec![2, 0, 1],
        next: 0,
    }];
    // Fill plans so the action phase can start (all money cards).
    for p in 0..3 {
        s.plans[p].fields = mat(&[], Card::Money(0));
    }
    W::apply(&mut s, 2, &Move::TakeSpace { space: 3 }).unwrap();
    assert!(
        W::apply(&mut s, 0, &Move::TakeSpace { space: 3 }).is_err(),
        "a taken space"
    );
    W::apply(&mut s, 0, &Move::TakeSpace { space: 4 }).unwrap();
    let ev = W::apply(&mut s, 1, &Move::TakeSpace { space: 0 }).unwrap();
    assert!(events(&ev).contains(&Event::TurnOrder {
        order: vec![1, 2, 0]
    }));
    assert_eq!(s.turn_order, vec![1, 2, 0]);
}

/// X7 (L1136-1142): "raise 5", the event cuts it to 3, the 6-army tile: 6 armies.
#[test]
fn x7_six_army_tile_after_event() {
    let mut s = bare(4);
    let l = give(&mut s, 1, "Böhmen", 1);
    set_event(&mut s, EventEffect::FewerArmiesRaised);
    set_tile(&mut s, 1, Tile::SixArmies);
    let mut ev = Vec::new();
    actions::execute(&mut s, 1, Action::Raise5, l, &mut ev);
    assert_eq!(s.lands[l as usize].armies, 7);
    // Without the tile: 3; raise 3 gives 2 under the event.
    s.space_owner = vec![None; 5];
    assert_eq!(actions::raise_count(&s, 1, Action::Raise5), (3, 3));
    assert_eq!(actions::raise_count(&s, 1, Action::Raise3), (2, 2));
}

/// X8 (L689-690): the 4th event card shows a loss of 3: every player loses 3 grain.
#[test]
fn x8_winter_grain_loss() {
    let mut s = bare(3);
    let card = signoria_wallenstein::data::data()
        .events
        .iter()
        .find(|e| e.grain_loss == 3)
        .unwrap()
        .id;
    s.event_candidates = vec![card];
    s.players[0].grain = 5;
    s.players[1].grain = 3;
    s.players[2].grain = 1;
    let mut ev = Vec::new();
    winter::start(&mut s, &mut ev);
    assert_eq!(
        [s.players[0].grain, s.players[1].grain, s.players[2].grain],
        [2, 0, 0]
    );
}

/// X9/X11 (L706-715, L875-878): 2 unsupplied lands -> 1 revolt; the drawn land
/// holds 1 marker: 1 + 2 = 3 peasants fight.
#[test]
fn x9_x11_winter_revolt_peasants() {
    let mut s = bare(3);
    let names = [
        "Anhalt",
        "Vogtland",
        "Lausitz",
        "Böhmen",
        "Schlesien",
        "Mähren",
        "Passau",
        "Salzburg",
        "Augsburg",
    ];
    for n in names {
        let l = give(&mut s, 0, n, 2);
        s.lands[l as usize].unrest = 1;
    }
    s.players[0].grain = 7;
    s.turn_order = vec![0, 1, 2];
    // Seat 0's winter: supply, the revolt drawn, and (the only one) fought at once.
    s.stack = vec![Frame::Winter { pos: 0 }];
    let mut ev = Vec::new();
    winter::step(&mut s, 0, &mut ev);
    W::auto(&mut s, &mut ev);
    assert!(events(&ev).iter().any(|e| matches!(
        e,
        Event::Supplied {
            unsupplied: 2,
            revolts: 1,
            extra_peasants: 2,
            ..
        }
    )));
    let b = battles(&ev);
    assert_eq!(b.len(), 1);
    assert_eq!(b[0].kind, BattleKind::WinterRevolt);
    assert_eq!(b[0].thrown[3], 3, "1 marker + 2 from the table");
    assert_eq!(b[0].thrown[0], 2, "all the player's armies in the land");
}

/// X10 (L867-873): taxes in Lüneburg with 2 markers and 4 armies: a revolt of
/// 4 armies against 2 peasants; won, Lüneburg is kept with a 3rd marker.
#[test]
fn x10_tax_revolt_won_adds_third_marker() {
    let mut s = bare(4);
    let l = give(&mut s, 0, "Lüneburg", 4);
    s.lands[l as usize].unrest = 2;
    script(&mut s, vec![4, 0, 0, 0, 2]);
    let mut ev = Vec::new();
    actions::execute(&mut s, 0, Action::Taxes, l, &mut ev);
    let b = battles(&ev);
    assert_eq!(b[0].thrown, vec![4, 0, 0, 0, 2]);
    assert_eq!(b[0].result, BattleResult::DefenderWins);
    assert_eq!(s.lands[l as usize].owner, Some(0));
    assert_eq!(
        s.lands[l as usize].armies, 2,
        "the winner loses as many as the peasants had"
    );
    assert_eq!(s.lands[l as usize].unrest, 3);
    check(&s);
}

/// X12 (L884-896): Blue moves 4 from Anhalt into Yellow's Kursachsen (3 armies,
/// no unrest). Out come 3 blue, 1 yellow, 1 green: the green counts for Yellow,
/// 3 vs 2, Blue wins, 1 blue stays in Kursachsen and Blue takes the card.
#[test]
fn x12_blue_takes_kursachsen() {
    let mut s = bare(4);
    let (blue, yellow) = (1usize, 3usize);
    let anhalt = give(&mut s, blue, "Anhalt", 5);
    let kursachsen = give(&mut s, yellow, "Kursachsen", 3);
    preload(&mut s, 4, 1);
    script(&mut s, vec![0, 3, 0, 1, 1]);
    let supply_blue = s.players[blue].supply;
    let supply_yellow = s.players[yellow].supply;
    let mut ev = Vec::new();
    combat::attack(&mut s, blue, anhalt, kursachsen, 4, &mut ev);
    let b = &battles(&ev)[0];
    assert_eq!((b.attacker_count, b.defender_count), (3, 2));
    assert_eq!(b.result, BattleResult::AttackerWins);
    assert_eq!(s.lands[kursachsen as usize].owner, Some(blue as u8));
    assert_eq!(s.lands[kursachsen as usize].armies, 1);
    assert_eq!(s.lands[anhalt as usize].armies, 1);
    assert_eq!(s.players[blue].supply, supply_blue + 2);
    assert_eq!(s.players[yellow].supply, supply_yellow + 1);
    assert_eq!(
        s.tower.tray,
        vec![0; 5],
        "yellow, green and blue cubes left the tray"
    );
    assert!(events(&ev).contains(&Event::OwnerChanged {
        land: kursachsen,
        owner: Some(blue as u8)
    }));
    check(&s);
}

/// X13 (L880-882): the defender's side wins but only peasants fell out: a tie,
/// the land is wiped and its card returns to the pile.
#[test]
fn x13_defender_wins_with_only_peasants_is_a_tie() {
    let mut s = bare(4);
    let from = give(&mut s, 0, "Anhalt", 3);
    let to = give(&mut s, 1, "Kursachsen", 2);
    s.lands[to as usize].buildings[PALACE] = true;
    preload(&mut s, 4, 2);
    script(&mut s, vec![1, 0, 0, 0, 2]);
    let mut ev = Vec::new();
    combat::attack(&mut s, 0, from, to, 2, &mut ev);
    let b = &battles(&ev)[0];
    assert_eq!((b.attacker_count, b.defender_count), (1, 2));
    assert_eq!(b.result, BattleResult::Tie);
    assert_eq!(s.lands[to as usize].owner, None);
    assert_eq!(s.lands[to as usize].buildings, [false; 3]);
    assert_eq!(s.lands[to as usize].armies, 0);
    check(&s);
}
