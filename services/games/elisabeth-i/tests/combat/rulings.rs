//! The combat rulings of RULINGS.md (C1-C11), naval transport (16.3, 23.2) and the serde round
//! trip of pending procedures (they live in the game state).

use signoria_elisabeth_i::combat::assault::{Assault, AssaultInput};
use signoria_elisabeth_i::combat::field_battle::{FieldBattle, FieldBattleInput, FieldChoice};
use signoria_elisabeth_i::combat::naval_battle::{
    Fleet, NavalBattle, NavalBattleInput, NavalChoice, Waters,
};
use signoria_elisabeth_i::combat::naval_move::{
    NavalMove, NavalMoveChoice, NavalMoveInput, ShipsAt,
};
use signoria_elisabeth_i::combat::piracy::{Piracy, PiracyInput};
use signoria_elisabeth_i::combat::siege::AssaultFacts;
use signoria_elisabeth_i::combat::transport::{
    Aboard, TransportFacts, may_embark, may_end_impulse_at, may_land, may_sail_on,
};
use signoria_elisabeth_i::combat::{Scripted, casualties::split_losses};
use signoria_elisabeth_i::data::{Power, ShipType, data};
use signoria_engine::GameRng;

use crate::{army, around, leader, sp, war};

fn sea(key: &str) -> Waters {
    Waters::Sea(data().sea_zone_id(key).unwrap())
}

fn paris(
    attacker: signoria_elisabeth_i::combat::Contingent,
    defenders: Vec<signoria_elisabeth_i::combat::Contingent>,
) -> FieldBattleInput {
    let mut relations = war(&[
        (Power::England, Power::France),
        (Power::England, Power::Spain),
    ]);
    relations.alliances.push((Power::France, Power::Spain));
    FieldBattleInput {
        space: sp("paris"),
        controller: Some(Power::France),
        attacker,
        attacker_from: sp("amiens"),
        attacker_origin_fatal: false,
        transported: false,
        defenders,
        inside: Vec::new(),
        relief: None,
        neighbourhood: around("paris", Power::France, |_| {}),
        relations,
        cards: Vec::new(),
        reiters: Vec::new(),
    }
}

fn drive(
    mut b: FieldBattle,
    d: &mut Scripted,
    mut pick: impl FnMut(Power, &[FieldChoice]) -> FieldChoice,
) -> (FieldBattle, Vec<Power>) {
    let mut who = Vec::new();
    while let Some(a) = b.ask().cloned() {
        who.push(a.power);
        let c = pick(a.power, &a.options);
        b.choose(a.power, &c, d).unwrap();
    }
    (b, who)
}

#[test]
fn c1_only_the_controller_garrisons_and_c5_allies_retreat_separately() {
    // England beats France and Spain in Paris; France (controller) may garrison, Spain may not;
    // each of them then chooses its own retreat.
    let i = paris(
        army(Power::England, 8).led_by(leader("e", 0, 8)),
        vec![army(Power::France, 3), army(Power::Spain, 3)],
    );
    let mut d = Scripted::new(&[6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    let b = FieldBattle::start(i, &mut d).unwrap();
    let (b, who) = drive(b, &mut d, |_, o| o[0].clone());
    let o = b.outcome().unwrap();
    assert!(o.attacker_won);
    assert_eq!(
        who.iter().filter(|p| **p == Power::Spain).count(),
        1,
        "Spain only picks a retreat"
    );
    assert!(o.inside.iter().all(|c| c.power == Power::France));
    let retreating: Vec<Power> = o.retreats.iter().map(|(c, _)| c.power).collect();
    assert_eq!(retreating, vec![Power::Spain]);
}

#[test]
fn c2_leaders_captured_by_winning_allied_defenders_go_to_the_controller() {
    // England's lone leader-led unit is wiped out in French Paris defended by Spain and France.
    let i = paris(
        army(Power::England, 1).led_by(leader("e", 0, 6)),
        vec![army(Power::Spain, 2), army(Power::France, 2)],
    );
    let mut d = Scripted::new(&[1, 6, 1, 1, 1, 1]);
    let b = FieldBattle::start(i, &mut d).unwrap();
    let (b, _) = drive(b, &mut d, |_, o| o[0].clone());
    assert_eq!(
        b.outcome().unwrap().captured,
        vec![(Power::France, "e".to_string())]
    );
}

#[test]
fn c4_odd_allied_loss_is_one_draw_among_the_powers_still_standing() {
    let mut log = Vec::new();
    // France has 1 unit: it takes 1, Spain the other 2 (evenly until one is eliminated).
    let s = split_losses(
        &mut Scripted::new(&[]),
        &mut log,
        &[(Power::France, 1), (Power::Spain, 5)],
        3,
    );
    assert_eq!(s, vec![1, 2]);
    let s = split_losses(
        &mut Scripted::new(&[1]),
        &mut log,
        &[(Power::France, 3), (Power::Spain, 3)],
        3,
    );
    assert_eq!(s, vec![2, 1]);
}

#[test]
fn c6_storms_stop_a_naval_move_before_interception() {
    let channel = sea("english_channel");
    let input = NavalMoveInput {
        mover: Power::England,
        board: vec![
            ShipsAt {
                at: channel,
                fleet: Fleet::new(Power::England).with(ShipType::Galleon, 1),
                vertical: true,
            },
            ShipsAt {
                at: sea("bay_of_biscay"),
                fleet: Fleet::new(Power::Spain).with(ShipType::Galleon, 1),
                vertical: false,
            },
        ],
        entered: vec![channel],
        relations: war(&[(Power::England, Power::Spain)]),
        port_controllers: Vec::new(),
        telescope: Vec::new(),
        storms: vec![Power::Spain],
    };
    let mut d = Scripted::new(&[]);
    let mut m = NavalMove::start(input, &mut d);
    m.choose(Power::Spain, &NavalMoveChoice::PlayStorms, &mut d)
        .unwrap();
    let o = m.outcome().unwrap();
    assert_eq!(o.stormed_by, Some(Power::Spain));
    assert!(o.intercepted.is_empty() && o.battles.is_empty());
}

#[test]
fn c9_one_galleasses_per_battle_and_c10_port_attacker_without_a_zone_is_eliminated() {
    let mut i = NavalBattleInput {
        waters: Waters::Port(sp("messina")),
        attacker: Fleet::new(Power::Ottoman).with(ShipType::Galley, 1),
        defender: Fleet::new(Power::Spain).with(ShipType::Galley, 1),
        cards: Vec::new(),
        galleasses: vec![(Power::Venice, 1), (Power::France, 1)],
        retreats: [vec![], vec![]],
        dry_dock: [false, false],
    };
    // A port is not a Mediterranean sea zone: no Galleasses window at all.
    let mut d = Scripted::new(&[6, 6, 1, 1, 1]);
    let mut b = NavalBattle::start(i.clone(), &mut d).unwrap();
    assert!(b.ask().is_none());
    let o = b.outcome().unwrap().clone();
    assert!(o.attacker_won);
    assert_eq!(
        o.positions[0], None,
        "the attacker must leave the port and cannot"
    );
    assert!(o.fleets[0].is_empty());
    let _ = b.take_log();
    i.waters = sea("ionian_sea");
    i.retreats = [
        vec![Waters::Port(sp("messina"))],
        vec![Waters::Port(sp("messina"))],
    ];
    let mut d = Scripted::new(&[1, 1, 1, 1]);
    let mut b = NavalBattle::start(i, &mut d).unwrap();
    // Holders in impulse order (majors first): France, then Venice.
    assert_eq!(b.ask().unwrap().power, Power::France);
    b.choose(Power::France, &NavalChoice::Galleasses(0), &mut d)
        .unwrap();
    assert!(
        b.ask().is_none(),
        "Venice is not asked after France played the card"
    );
    assert_eq!(b.outcome().unwrap().hits, [1, 0]);
}

#[test]
fn c11_no_unit_is_spared_in_an_assault_when_both_sides_are_wiped_out() {
    // 1 attacker, 1 defender, each hits once: both die; the assault fails (no attacker left).
    let i = AssaultInput {
        space: sp("paris"),
        key: true,
        attacker: army(Power::Spain, 1),
        other_besiegers: 2,
        controller: Power::France,
        defenders: vec![army(Power::France, 1)],
        ravelin: false,
        facts: AssaultFacts {
            besieged_in_earlier_impulse: true,
            line_of_communication: true,
            ..AssaultFacts::default()
        },
        storms: Vec::new(),
        attacker_reiters: None,
        cards: Vec::new(),
        pillage: Vec::new(),
    };
    let mut d = Scripted::new(&[6, 6, 1]);
    let a = Assault::start(i, &mut d).unwrap();
    let o = a.outcome().unwrap();
    assert_eq!(o.attacker.as_ref().unwrap().units(), 0);
    assert_eq!(o.defenders[0].units(), 0);
    assert!(!o.success);
    assert!(
        !o.siege_lifted,
        "2 other besiegers against an empty fortress"
    );
}

#[test]
fn c8_armada_does_not_pirate() {
    let i = PiracyInput {
        zone: data().sea_zone_id("english_channel").unwrap(),
        pirate: Fleet::new(Power::Spain).with_armada(8, 0),
        target: Power::England,
        target_is_major_active: true,
        at_war: true,
        target_ports: 2,
        markers: Default::default(),
        target_ships_in_zone: 0,
        defence_ships_adjacent: 0,
        defence_fortresses: 0,
        target_ships_near: Vec::new(),
        drawable: 1,
        armada_near: 0,
    };
    assert!(Piracy::start(i, &mut Scripted::new(&[])).is_err());
}

#[test]
fn naval_transport_steps() {
    // 8.10 #119 (16.3) and the Armada (23.2).
    let f = TransportFacts {
        power: Power::England,
        units: 5,
        spanish_leader: false,
        besieged: false,
        cp_left: 2,
        armada_strength: 0,
    };
    let ch = data().sea_zone_id("english_channel").unwrap();
    let ns = data().sea_zone_id("north_sea").unwrap();
    assert!(may_embark(&f, sp("london"), ns, true, false).is_ok());
    assert!(
        may_embark(&f, sp("london"), ns, false, false).is_err(),
        "own ships needed"
    );
    assert!(
        may_embark(
            &TransportFacts {
                units: 6,
                ..f.clone()
            },
            sp("london"),
            ns,
            true,
            false
        )
        .is_err()
    );
    assert!(
        may_embark(
            &TransportFacts {
                cp_left: 1,
                ..f.clone()
            },
            sp("london"),
            ns,
            true,
            false
        )
        .is_err()
    );
    assert!(
        may_embark(
            &TransportFacts {
                besieged: true,
                ..f.clone()
            },
            sp("london"),
            ns,
            true,
            false
        )
        .is_err()
    );
    assert!(may_sail_on(&f, ns, ch, true).is_ok());
    assert!(
        may_sail_on(
            &TransportFacts {
                cp_left: 1,
                ..f.clone()
            },
            ns,
            ch,
            true
        )
        .is_err(),
        "must still reach a port"
    );
    assert!(may_land(&f, ch, sp("calais"), false, true, false).is_ok());
    assert!(may_land(&f, ch, sp("calais"), true, true, false).is_err());
    assert!(may_land(&f, ch, sp("calais"), false, false, false).is_err());
    assert!(
        may_land(&f, ns, sp("antwerp"), false, true, false).is_err(),
        "16.7 linked port"
    );
    assert!(may_land(&f, ns, sp("antwerp"), false, true, true).is_ok());
    let s = TransportFacts {
        power: Power::Spain,
        units: 7,
        spanish_leader: true,
        besieged: false,
        cp_left: 3,
        armada_strength: 8,
    };
    assert!(may_embark(&s, sp("calais"), ch, false, true).is_ok());
    assert!(
        may_embark(
            &TransportFacts {
                spanish_leader: false,
                ..s.clone()
            },
            sp("calais"),
            ch,
            false,
            true
        )
        .is_err()
    );
    assert!(
        may_embark(
            &TransportFacts {
                armada_strength: 6,
                ..s
            },
            sp("calais"),
            ch,
            false,
            true
        )
        .is_err()
    );
    assert!(may_end_impulse_at(Aboard::Armada(ch)) && !may_end_impulse_at(Aboard::Sea(ch)));
}

#[test]
fn pending_procedures_survive_a_serde_round_trip() {
    let mut rng = GameRng::from_seed(5);
    let i = paris(
        army(Power::England, 6).led_by(leader("e", 1, 6)),
        vec![
            army(Power::France, 2).with(signoria_elisabeth_i::combat::LandKind::Mercenary, 2),
            army(Power::Spain, 3),
        ],
    );
    let mut b = FieldBattle::start(i, &mut rng).unwrap();
    let mut steps = 0;
    while let Some(a) = b.ask().cloned() {
        let json = serde_json::to_string(&b).unwrap();
        let back: FieldBattle = serde_json::from_str(&json).unwrap();
        assert_eq!(back, b);
        let c = a.options[a.options.len() - 1].clone();
        b.choose(a.power, &c, &mut rng).unwrap();
        steps += 1;
    }
    assert!(b.outcome().is_some());
    let json = serde_json::to_string(&b).unwrap();
    assert_eq!(serde_json::from_str::<FieldBattle>(&json).unwrap(), b);
    let _ = steps;
}
