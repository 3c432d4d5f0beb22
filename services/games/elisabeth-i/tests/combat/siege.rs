//! Sieges and assaults (15, 15.1, 15.3, 16.7), digest 8.9 #94-106.

use signoria_elisabeth_i::combat::assault::{Assault, AssaultChoice, AssaultInput};
use signoria_elisabeth_i::combat::naval_battle::Fleet;
use signoria_elisabeth_i::combat::siege::{
    AssaultFacts, LiftOutcome, SiegeLift, may_assault, siege_holds,
};
use signoria_elisabeth_i::combat::{Contingent, LandKind, Scripted};
use signoria_elisabeth_i::data::{CardId, Power, ShipType, data};

use crate::{army, around, leader, sp, war};

fn facts() -> AssaultFacts {
    AssaultFacts {
        besieged_in_earlier_impulse: true,
        line_of_communication: true,
        ..AssaultFacts::default()
    }
}

fn metz(attacker: Contingent, defenders: Vec<Contingent>) -> AssaultInput {
    AssaultInput {
        space: sp("paris"),
        key: true,
        attacker,
        other_besiegers: 0,
        controller: Power::France,
        defenders,
        ravelin: false,
        facts: facts(),
        storms: Vec::new(),
        attacker_reiters: None,
        cards: Vec::new(),
        pillage: Vec::new(),
    }
}

fn play(
    input: AssaultInput,
    dice: &[u8],
    mut pick: impl FnMut(Power, &[AssaultChoice]) -> AssaultChoice,
) -> Assault {
    let mut d = Scripted::new(dice);
    let mut a = Assault::start(input, &mut d).expect("start");
    while let Some(k) = a.ask().cloned() {
        let c = pick(k.power, &k.options);
        a.choose(k.power, &c, &mut d).expect("legal");
    }
    assert!(d.is_empty(), "dice left: {:?}", d.0);
    a
}

fn first(_: Power, o: &[AssaultChoice]) -> AssaultChoice {
    o[0]
}

#[test]
fn assault_restrictions() {
    // 8.9 #94, #95: a siege from an earlier impulse; one assault per space per impulse.
    let mut f = facts();
    f.besieged_in_earlier_impulse = false;
    assert!(may_assault(&f).is_err());
    let mut f = facts();
    f.assaulted_this_impulse = true;
    assert!(may_assault(&f).is_err());
    let mut f = facts();
    f.line_of_communication = false;
    assert!(may_assault(&f).is_err());
    // 8.9 #96: blockade. Any defender ship adjacent forbids; corsairs never count.
    let mut f = facts();
    f.defender_fleets_adjacent = vec![Fleet::new(Power::France).with(ShipType::Galley, 1)];
    assert!(may_assault(&f).is_err());
    f.defender_fleets_adjacent = vec![Fleet::new(Power::Ottoman).with(ShipType::Corsair, 3)];
    assert!(may_assault(&f).is_ok());
    // Defender ships in the port: the attacker needs strictly more adjacent ships.
    let mut f = facts();
    f.defender_fleets_in_port = vec![Fleet::new(Power::France).with(ShipType::Galley, 2)];
    f.attacker_fleets_adjacent = vec![Fleet::new(Power::Spain).with(ShipType::Galley, 2)];
    assert!(may_assault(&f).is_err());
    f.attacker_fleets_adjacent = vec![
        Fleet::new(Power::Spain)
            .with(ShipType::Galley, 1)
            .with_armada(4, 0),
    ];
    assert!(may_assault(&f).is_ok(), "the Armada 4 counts as 2 ships");
    // 8.9 #106: Antwerp/Rotterdam.
    let mut f = facts();
    f.inland_port_linked_held = true;
    assert!(may_assault(&f).is_err());
    f.attacker_ships_in_north_sea = true;
    assert!(may_assault(&f).is_ok());
    f.attacker_ships_in_north_sea = false;
    f.inland_port_exception_card = true;
    assert!(may_assault(&f).is_ok());
    // The refusal reaches the procedure.
    let mut i = metz(army(Power::Spain, 4), vec![army(Power::France, 1)]);
    i.facts.besieged_in_earlier_impulse = false;
    assert!(Assault::start(i, &mut Scripted::new(&[])).is_err());
}

#[test]
fn assault_dice_and_success_needs_all_three_conditions() {
    // 8.9 #97: 5 regulars + 1 cavalry (not counted) + leader 1 against 1 defender: ceil(5/2) +
    // 1 = 4 dice; the defender 1 + 1 = 2 dice.
    let att = army(Power::Ottoman, 5)
        .with(LandKind::Cavalry, 1)
        .led_by(leader("o", 1, 8));
    let a = play(
        metz(att.clone(), vec![army(Power::France, 1)]),
        &[6, 1, 1, 1, 1, 1],
        first,
    );
    let o = a.outcome().unwrap();
    assert_eq!((o.attacker_dice, o.defender_dice), (4, 2));
    // 8.9 #98: 1 hit, no defender left, attackers alive -> success, control changes.
    assert!(o.success);
    // An empty fortress still rolls the defender die; 1 die per non-cavalry unit then.
    let a = play(metz(att.clone(), vec![]), &[1, 1, 1, 1, 1, 1, 1], first);
    let o = a.outcome().unwrap();
    assert_eq!((o.attacker_dice, o.defender_dice), (6, 1));
    assert!(
        !o.success,
        "no hit, no success even against an empty fortress"
    );
    // Ravelin: 2 defender dice.
    let mut i = metz(att, vec![army(Power::France, 1)]);
    i.ravelin = true;
    let a = play(i, &[1, 1, 1, 1, 1, 1, 1], first);
    assert_eq!(a.outcome().unwrap().defender_dice, 3);
}

#[test]
fn a_lone_cavalry_defender_halves_the_attack_and_absorbs_a_hit() {
    // Digest 8.2 #18: cavalry defends (no die) and can take the hit.
    let def = Contingent::new(Power::Ottoman).with(LandKind::Cavalry, 1);
    let mut i = metz(army(Power::Spain, 4), vec![def]);
    i.controller = Power::Ottoman;
    let a = play(i, &[6, 1, 1], first);
    let o = a.outcome().unwrap();
    assert_eq!((o.attacker_dice, o.defender_dice), (2, 1));
    assert!(o.success);
}

#[test]
fn success_captures_besieged_leaders_and_sends_ships_to_the_turn_track() {
    // 8.9 #99.
    let a = play(
        metz(
            army(Power::Spain, 4),
            vec![army(Power::France, 1).led_by(leader("f", 1, 6))],
        ),
        &[6, 6, 1, 1, 1],
        first,
    );
    let o = a.outcome().unwrap();
    assert!(o.success);
    assert_eq!(o.captured, vec![(Power::Spain, "f".to_string())]);
    assert!(o.defender_ships_to_turn_track);
}

#[test]
fn failure_keeps_or_lifts_the_siege_and_displaces_leaderless_leaders() {
    // 8.9 #100, #103: 2 attackers die to 2 defender hits; the siege holds only if the other
    // besiegers still outnumber the garrison.
    let mut i = metz(
        army(Power::Spain, 2).led_by(leader("s", 0, 6)),
        vec![army(Power::France, 2)],
    );
    i.other_besiegers = 3;
    let a = play(i.clone(), &[1, 6, 6, 1], first);
    let o = a.outcome().unwrap();
    assert!(!o.success);
    assert!(!o.siege_lifted, "3 besiegers left against 2");
    assert_eq!(o.displaced_leaders, vec!["s".to_string()]);
    i.other_besiegers = 2;
    let a = play(i, &[1, 6, 6, 1], first);
    assert!(a.outcome().unwrap().siege_lifted);
    assert!(siege_holds(3, 2) && !siege_holds(2, 2));
}

#[test]
fn storms_interrupt_and_pillage_follows_success() {
    // 15.1 step 2 (RULINGS C6) and step 9.
    let fury = data().card_by_key("spanish_fury").unwrap().id;
    let pillaging = data().card_by_key("pillaging").unwrap().id;
    let mut i = metz(army(Power::Spain, 4), vec![army(Power::France, 1)]);
    i.storms = vec![Power::England, Power::Spain];
    let a = play(i.clone(), &[], |_, _| AssaultChoice::PlayStorms);
    let o = a.outcome().unwrap();
    assert_eq!(o.stormed_by, Some(Power::England));
    assert_eq!(o.attacker_dice, 0);
    i.storms.clear();
    i.pillage = vec![(Power::Spain, fury), (Power::France, pillaging)];
    i.key = false;
    let mut offered = Vec::new();
    let a = play(i, &[6, 6, 1, 1], |p, o| {
        offered.push((p, o.to_vec()));
        o[0]
    });
    let o = a.outcome().unwrap();
    assert!(o.success);
    // Spanish Fury only against a key: only Plünderungen is offered.
    assert_eq!(
        offered,
        vec![(
            Power::France,
            vec![AssaultChoice::PlayPillage(pillaging), AssaultChoice::Done]
        )]
    );
    assert_eq!(o.pillage_played, Some((Power::France, pillaging)));
    let _ = CardId(0);
}

#[test]
fn a_lifted_siege_retreats_for_free_or_dies_without_a_legal_space() {
    // 8.9 #103 (15.3).
    let rel = war(&[(Power::Spain, Power::France)]);
    let n = around("paris", Power::France, |_| {});
    let s = SiegeLift::start(
        army(Power::Spain, 2).led_by(leader("s", 0, 6)),
        &n,
        &rel,
        Power::France,
    );
    assert!(matches!(
        s.outcome(),
        Some(LiftOutcome::Eliminated {
            captor: Power::France,
            ..
        })
    ));
    let n = around("paris", Power::France, |f| {
        if f.space == sp("amiens") {
            f.controller = Some(Power::Spain);
        }
    });
    let s = SiegeLift::start(army(Power::Spain, 2), &n, &rel, Power::France);
    assert!(matches!(s.outcome(), Some(LiftOutcome::Retreated { to, .. }) if *to == sp("amiens")));
    // Units that are neither own nor allied block (15.3), even if not enemies.
    let n = around("paris", Power::Spain, |f| {
        f.land_powers = vec![Power::England]
    });
    let s = SiegeLift::start(army(Power::Spain, 2), &n, &rel, Power::France);
    assert!(matches!(s.outcome(), Some(LiftOutcome::Eliminated { .. })));
}
