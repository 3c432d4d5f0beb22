//! Naval battle (16.2, 23.2) and the naval move's responses (16.1), digest 8.10 #110-118.

use signoria_elisabeth_i::combat::naval_battle::{
    Admiral, Fleet, NavalBattle, NavalBattleInput, NavalChoice, Waters, naval_dice,
};
use signoria_elisabeth_i::combat::naval_move::{
    NavalMove, NavalMoveChoice, NavalMoveInput, ShipsAt, adjacent, naval_modifier,
};
use signoria_elisabeth_i::combat::{Scripted, siege};
use signoria_elisabeth_i::data::{PoolOwner, Power, ShipType, data};

use crate::{sp, war};

fn sea(key: &str) -> Waters {
    Waters::Sea(data().sea_zone_id(key).unwrap())
}

fn a_port() -> Waters {
    let s = data()
        .space_ids()
        .find(|&s| data().space(s).ships_may_enter())
        .unwrap();
    Waters::Port(s)
}

fn battle(w: Waters, a: Fleet, d: Fleet) -> NavalBattleInput {
    NavalBattleInput {
        waters: w,
        attacker: a,
        defender: d,
        cards: Vec::new(),
        galleasses: Vec::new(),
        retreats: [vec![a_port()], vec![a_port()]],
        dry_dock: [false, false],
    }
}

fn play(
    input: NavalBattleInput,
    dice: &[u8],
    mut pick: impl FnMut(Power, &[NavalChoice]) -> NavalChoice,
) -> (NavalBattle, Vec<(Power, Vec<NavalChoice>)>) {
    let mut d = Scripted::new(dice);
    let mut b = NavalBattle::start(input, &mut d).expect("start");
    let mut asked = Vec::new();
    while let Some(a) = b.ask().cloned() {
        asked.push((a.power, a.options.clone()));
        let c = pick(a.power, &a.options);
        b.choose(a.power, &c, &mut d).expect("legal");
    }
    assert!(d.is_empty(), "dice left: {:?}", d.0);
    (b, asked)
}

fn first(_: Power, o: &[NavalChoice]) -> NavalChoice {
    o[0]
}

#[test]
fn battle_dice_follow_the_table() {
    // 16.2 table (data table naval_battle_dice).
    let f = Fleet::new(Power::Spain)
        .with(ShipType::Galley, 2)
        .with(ShipType::Galleon, 1)
        .with_armada(4, 0)
        .led_by(Admiral {
            id: "x".into(),
            battle: 2,
            piracy: 0,
        });
    assert_eq!(naval_dice(&f, sea("english_channel")), 2 + 2 + 4 + 2);
    assert_eq!(naval_dice(&f, sea("ionian_sea")), 4 + 2 + 4 + 2);
    assert_eq!(naval_dice(&f, a_port()), 4 + 2 + 4 + 2);
    let o = Fleet::new(Power::Ottoman).with(ShipType::Corsair, 3);
    assert_eq!(naval_dice(&o, sea("ionian_sea")), 3);
    // The defender's extra die only in a port (8.10 #114).
    let (b, _) = play(
        battle(
            a_port(),
            Fleet::new(Power::Ottoman).with(ShipType::Galley, 1),
            Fleet::new(Power::Spain).with(ShipType::Galley, 1),
        ),
        &[1, 1, 1, 1, 1],
        first,
    );
    assert_eq!(b.outcome().unwrap().dice, [2, 3]);
}

#[test]
fn race_built_galleons_ignore_fives_for_losses_only() {
    // Worked example E10 (16.2 step 8): England with 2 race-built galleons in the English
    // Channel; Spain scores 5, 5, 6 = 3 hits, England 2. Spain wins on hits (3 > 2), but for
    // England's losses two 5s are ignored: 1 hit left, an odd hit against the loser sinks one.
    let eng = Fleet::new(Power::England).with(ShipType::RaceBuiltGalleon, 2);
    let spa = Fleet::new(Power::Spain).with(ShipType::Galleon, 3);
    let (b, _) = play(
        battle(sea("english_channel"), eng, spa),
        &[6, 6, 1, 1, 5, 5, 6, 1, 1, 1],
        first,
    );
    let o = b.outcome().unwrap();
    assert!(!o.attacker_won);
    assert_eq!(o.hits, [2, 3]);
    assert_eq!(o.sunk[0].iter().map(|s| s.count).sum::<u8>(), 1);
    // Spain, the winner, takes 2 hits: one galleon.
    assert_eq!(o.sunk[1].iter().map(|s| s.count).sum::<u8>(), 1);
    // In a port the race-built rule does not apply (8.10 #115).
    let eng = Fleet::new(Power::England).with(ShipType::RaceBuiltGalleon, 2);
    let spa = Fleet::new(Power::Spain).with(ShipType::Galleon, 3);
    let (b, _) = play(
        battle(a_port(), eng, spa),
        &[6, 6, 1, 1, 5, 5, 6, 1, 1, 1, 1],
        first,
    );
    let o = b.outcome().unwrap();
    assert_eq!(o.sunk[0].iter().map(|s| s.count).sum::<u8>(), 2);
}

#[test]
fn odd_hits_sink_one_more_of_the_loser_and_corsairs_die_one_per_hit() {
    // 8.10 #116: Ottoman (2 galleys, 2 corsairs) attacks in the Ionian Sea and loses against
    // Venice scoring 5 hits: 2 pairs sink both galleys, the fifth hit sinks a corsair.
    let ott = Fleet::new(Power::Ottoman)
        .with(ShipType::Galley, 2)
        .with(ShipType::Corsair, 2);
    let ven = Fleet::new(Power::Venice).with(ShipType::Galley, 3);
    let (b, _) = play(
        battle(sea("ionian_sea"), ott, ven),
        &[6, 1, 1, 1, 1, 1, 6, 6, 6, 6, 6, 1],
        first,
    );
    let o = b.outcome().unwrap();
    assert!(!o.attacker_won);
    let lost = |k: ShipType| -> u8 {
        o.sunk[0]
            .iter()
            .filter(|s| s.kind == k)
            .map(|s| s.count)
            .sum()
    };
    assert_eq!((lost(ShipType::Galley), lost(ShipType::Corsair)), (2, 1));
    // Venice, the winner, ignores the odd single hit.
    assert!(o.sunk[1].is_empty());
}

#[test]
fn both_fleets_sunk_the_side_with_more_dice_keeps_one_ship() {
    // 16.2 step 8: 1 galleon each (2 dice each) in a sea zone; 2 hits each; equal dice:
    // the defender keeps its galleon.
    let a = Fleet::new(Power::England).with(ShipType::Galleon, 1);
    let d = Fleet::new(Power::Spain).with(ShipType::Galleon, 1);
    let (b, _) = play(battle(sea("english_channel"), a, d), &[6, 6, 6, 6], first);
    let o = b.outcome().unwrap();
    assert!(o.fleets[0].is_empty());
    assert_eq!(o.fleets[1].count(ShipType::Galleon), 1);
    assert!(o.sunk[1].is_empty());
}

#[test]
fn in_a_port_the_attacker_always_leaves_at_sea_the_loser() {
    // 8.10 #114 and #117.
    let zone = sea("english_channel");
    let mut i = battle(
        a_port(),
        Fleet::new(Power::England).with(ShipType::Galleon, 3),
        Fleet::new(Power::Spain).with(ShipType::Galley, 1),
    );
    i.retreats = [vec![zone], vec![]];
    let (b, _) = play(i, &[6, 6, 6, 6, 6, 6, 1, 1, 1], first);
    let o = b.outcome().unwrap();
    assert!(o.attacker_won);
    assert_eq!(
        o.positions[0],
        Some(zone),
        "the winning attacker leaves the port"
    );
    // At sea, a loser without an own enemy-free port is eliminated.
    let mut i = battle(
        zone,
        Fleet::new(Power::England)
            .with(ShipType::Galleon, 2)
            .led_by(Admiral {
                id: "drake".into(),
                battle: 0,
                piracy: 0,
            }),
        Fleet::new(Power::Spain).with(ShipType::Galleon, 3),
    );
    i.retreats = [vec![], vec![a_port()]];
    let (b, _) = play(i, &[1, 1, 1, 1, 6, 6, 1, 1, 1, 1], first);
    let o = b.outcome().unwrap();
    assert!(!o.attacker_won);
    assert!(o.fleets[0].is_empty());
    assert_eq!(o.positions[0], None);
    assert_eq!(o.sunk[0].iter().map(|s| s.count).sum::<u8>(), 2);
    assert_eq!(
        o.admirals_to_turn_track,
        vec![(Power::England, "drake".to_string())]
    );
    assert_eq!(o.beaten, Power::England);
    assert_eq!(
        o.to_turn_track,
        [true, true],
        "without Dry Dock lost ships go to the turn track"
    );
}

#[test]
fn the_armada_loses_a_level_per_two_hits_and_drowns_excess_troops() {
    // 23.2: Armada 6 with 6 units aboard loses to England's 3 hits: the odd hit against the
    // loser rounds up, 2 levels lost -> strength 2, 4 units drown.
    let spa = Fleet::new(Power::Spain).with_armada(6, 6);
    let eng = Fleet::new(Power::England).with(ShipType::Galleon, 4);
    let (b, _) = play(
        battle(sea("english_channel"), spa, eng),
        &[1, 1, 1, 1, 1, 1, 6, 6, 6, 1, 1, 1, 1, 1],
        first,
    );
    let o = b.outcome().unwrap();
    assert_eq!(o.armada_levels_lost, 2);
    assert_eq!(o.fleets[0].armada, 2);
    assert_eq!(o.aboard_lost, 4);
    assert!(!o.armada_destroyed);
    // Blockade count: strength / 2 (23.2), corsairs never (15.1).
    let f = Fleet::new(Power::Ottoman)
        .with(ShipType::Corsair, 3)
        .with(ShipType::Galley, 1);
    assert_eq!(
        siege::blockade_ships(&[f, Fleet::new(Power::Spain).with_armada(6, 0)]),
        1 + 3
    );
}

#[test]
fn galleasses_only_in_a_mediterranean_sea_zone() {
    // 16.2 step 6: Venice holds Galleasses and gives Spain 2 hits in the Ionian Sea.
    let mk = |w: Waters| {
        let mut i = battle(
            w,
            Fleet::new(Power::Ottoman).with(ShipType::Galley, 1),
            Fleet::new(Power::Spain).with(ShipType::Galley, 1),
        );
        i.galleasses = vec![(Power::Venice, 2)];
        i
    };
    let (b, asked) = play(mk(sea("ionian_sea")), &[6, 1, 1, 1], |p, o| {
        if p == Power::Venice {
            NavalChoice::Galleasses(1)
        } else {
            o[0]
        }
    });
    assert_eq!(asked[0].0, Power::Venice);
    let o = b.outcome().unwrap();
    assert_eq!(o.hits, [1, 2]);
    let (_, asked) = play(mk(sea("english_channel")), &[6, 1], first);
    assert!(asked.iter().all(|(p, _)| *p != Power::Venice));
}

#[test]
fn naval_interception_needs_nine_and_galleons_are_worse_in_the_mediterranean() {
    // 16.1 step 4: modifiers.
    let g = Fleet::new(Power::Spain)
        .with(ShipType::Galleon, 1)
        .led_by(Admiral {
            id: "x".into(),
            battle: 1,
            piracy: 0,
        });
    assert_eq!(naval_modifier(&g, sea("ionian_sea"), false), 0);
    assert_eq!(naval_modifier(&g, sea("english_channel"), true), 2);
    // England moves into the English Channel (vertical); Spanish galleons in the Bay of Biscay
    // try to intercept: 4 + 5 = 9 succeeds; France, also at war with England, may no longer try.
    let channel = sea("english_channel");
    let biscay = sea("bay_of_biscay");
    assert!(adjacent(biscay).contains(&channel));
    let input = NavalMoveInput {
        mover: Power::England,
        board: vec![
            ShipsAt {
                at: channel,
                fleet: Fleet::new(Power::England).with(ShipType::Galleon, 2),
                vertical: true,
            },
            ShipsAt {
                at: biscay,
                fleet: Fleet::new(Power::Spain).with(ShipType::Galleon, 2),
                vertical: false,
            },
            ShipsAt {
                at: biscay,
                fleet: Fleet::new(Power::France).with(ShipType::Galleon, 1),
                vertical: false,
            },
        ],
        entered: vec![channel],
        relations: war(&[
            (Power::England, Power::Spain),
            (Power::England, Power::France),
        ]),
        port_controllers: Vec::new(),
        telescope: Vec::new(),
        storms: vec![Power::Ottoman],
    };
    let mut d = Scripted::new(&[4, 5]);
    let mut m = NavalMove::start(input.clone(), &mut d);
    let mut asked = Vec::new();
    while let Some(a) = m.ask().cloned() {
        asked.push(a.power);
        let c = match a.power {
            Power::Ottoman => NavalMoveChoice::Done,
            _ => a.options[0],
        };
        m.choose(a.power, &c, &mut d).unwrap();
    }
    assert_eq!(asked, vec![Power::Ottoman, Power::Spain]);
    let o = m.outcome().unwrap();
    assert_eq!(o.intercepted, vec![(Power::Spain, biscay, channel)]);
    assert_eq!(o.battles, vec![(channel, vec![Power::Spain])]);
    assert!(
        o.board.iter().all(|s| !s.vertical),
        "step 6 turns every stack"
    );
    // 4 + 4 = 8 fails; then France may try.
    let mut d = Scripted::new(&[4, 4, 6, 6]);
    let mut m = NavalMove::start(input, &mut d);
    let mut asked = Vec::new();
    while let Some(a) = m.ask().cloned() {
        asked.push(a.power);
        let c = match a.power {
            Power::Ottoman => NavalMoveChoice::Done,
            _ => a.options[0],
        };
        m.choose(a.power, &c, &mut d).unwrap();
    }
    assert_eq!(asked, vec![Power::Ottoman, Power::Spain, Power::France]);
    assert_eq!(m.outcome().unwrap().intercepted.len(), 1);
}

#[test]
fn naval_avoid_battle_moves_every_ship_of_the_power_together() {
    // 16.1 step 5 (erratum 8.19 #199: the avoiding ships move): Spain's horizontal ships in
    // the Channel avoid England's vertical arrival into the Bay of Biscay.
    let channel = sea("english_channel");
    let biscay = sea("bay_of_biscay");
    let input = NavalMoveInput {
        mover: Power::England,
        board: vec![
            ShipsAt {
                at: channel,
                fleet: Fleet::new(Power::England).with(ShipType::Galleon, 2),
                vertical: true,
            },
            ShipsAt {
                at: channel,
                fleet: Fleet::new(Power::Spain).with(ShipType::Galleon, 1),
                vertical: false,
            },
            ShipsAt {
                at: channel,
                fleet: Fleet::new(Power::Spain).with(ShipType::Galley, 1),
                vertical: false,
            },
        ],
        entered: vec![channel],
        relations: war(&[(Power::England, Power::Spain)]),
        port_controllers: Vec::new(),
        telescope: Vec::new(),
        storms: Vec::new(),
    };
    let mut d = Scripted::new(&[5, 4]);
    let mut m = NavalMove::start(input, &mut d);
    let a = m.ask().cloned().unwrap();
    assert_eq!(a.power, Power::Spain);
    let to = NavalMoveChoice::Avoid {
        from: channel,
        to: biscay,
    };
    assert!(a.options.contains(&to));
    m.choose(Power::Spain, &to, &mut d).unwrap();
    let o = m.outcome().unwrap();
    assert_eq!(o.avoided, vec![(Power::Spain, channel, biscay)]);
    assert!(
        o.board
            .iter()
            .filter(|s| s.fleet.power == Power::Spain)
            .all(|s| s.at == biscay)
    );
    assert!(o.battles.is_empty());
    let _ = (PoolOwner::Spain, sp("paris"));
}
