//! Field battle and retreat (14, 14.1), relief (15.2), digest 8.8 #85-93.

use signoria_elisabeth_i::combat::casualties::LossChoice;
use signoria_elisabeth_i::combat::field_battle::{
    FieldBattle, FieldBattleInput, FieldChoice, Relief, SiegeAfter,
};
use signoria_elisabeth_i::combat::retreat::Neighbourhood;
use signoria_elisabeth_i::combat::{CardEffect, CombatCard, Contingent, LandKind, Scripted};
use signoria_elisabeth_i::data::{CardId, PoolOwner, Power, data};

use crate::{army, around, leader, sp, war};

/// Spain attacks French-held Paris from Amiens.
fn paris(attacker: Contingent, defenders: Vec<Contingent>, n: Neighbourhood) -> FieldBattleInput {
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
        neighbourhood: n,
        relations: war(&[(Power::Spain, Power::France)]),
        cards: Vec::new(),
        reiters: Vec::new(),
    }
}

/// Unfortified Amiens: France attacks Spanish units there from Paris.
fn amiens(attacker: Contingent, defenders: Vec<Contingent>) -> FieldBattleInput {
    let mut i = paris(attacker, defenders, around("amiens", Power::Spain, |_| {}));
    i.space = sp("amiens");
    i.controller = Some(Power::Spain);
    i.attacker_from = sp("paris");
    i
}

/// Play a battle out: `pick` chooses among the options of each ask.
fn play(
    input: FieldBattleInput,
    dice: &[u8],
    mut pick: impl FnMut(Power, &[FieldChoice]) -> FieldChoice,
) -> (FieldBattle, Vec<(Power, Vec<FieldChoice>)>) {
    let mut d = Scripted::new(dice);
    let mut b = FieldBattle::start(input, &mut d).expect("start");
    let mut asked = Vec::new();
    while let Some(a) = b.ask().cloned() {
        asked.push((a.power, a.options.clone()));
        let c = pick(a.power, &a.options);
        b.choose(a.power, &c, &mut d).expect("legal choice");
    }
    assert!(d.is_empty(), "dice left over: {:?}", d.0);
    (b, asked)
}

fn first(_: Power, o: &[FieldChoice]) -> FieldChoice {
    o[0].clone()
}

#[test]
fn dice_are_units_plus_best_leader_and_the_defender_die() {
    // 14 steps 2-3: attacker 4 units + best battle rating 2 (of 2 and 1) = 6; defender 3 units
    // + 1 + the defender die = 5.
    let att = army(Power::Spain, 4)
        .led_by(leader("a", 2, 6))
        .led_by(leader("b", 1, 4));
    let def = army(Power::France, 3).led_by(leader("c", 1, 6));
    let (b, _) = play(
        amiens(def.clone(), vec![att.clone()]),
        &[1, 1, 1, 1, 1, 1, 6, 6, 1, 1, 1],
        first,
    );
    let o = b.outcome().unwrap();
    // Here France attacked: 3 + 1 = 4 dice; Spain defends with 4 + 2 + 1 = 7.
    assert_eq!((o.attacker_dice, o.defender_dice), (4, 7));
    let (b, _) = play(
        paris(att, vec![def], around("paris", Power::France, |_| {})),
        &[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        first,
    );
    let o = b.outcome().unwrap();
    assert_eq!((o.attacker_dice, o.defender_dice), (6, 5));
}

#[test]
fn ties_go_to_the_defender_and_both_sides_take_losses() {
    // 8.8 #85: 1 hit each; the defender wins; both lose a unit; the beaten attacker goes
    // back to Amiens (14.1).
    let (b, _) = play(
        paris(
            army(Power::Spain, 3),
            vec![army(Power::France, 2)],
            around("paris", Power::France, |_| {}),
        ),
        &[6, 1, 1, 5, 1, 1],
        first,
    );
    let o = b.outcome().unwrap();
    assert!(!o.attacker_won);
    assert_eq!(o.lost.iter().map(|l| l.group.count).sum::<u8>(), 2);
    assert_eq!(o.retreats.len(), 1);
    assert_eq!(o.retreats[0].1, sp("amiens"));
    assert_eq!(o.retreats[0].0.units(), 2);
    assert_eq!(o.beaten, vec![Power::Spain]);
}

#[test]
fn both_wiped_out_the_side_with_more_dice_keeps_one_unit() {
    // 8.8 #86: Spain 2 units (2 dice), France 1 unit (2 dice): equal dice -> the defender
    // keeps one unit although 2 hits would kill it.
    let (b, _) = play(
        amiens(army(Power::Spain, 2), vec![army(Power::France, 1)]),
        &[5, 6, 5, 6],
        first,
    );
    let o = b.outcome().unwrap();
    assert!(!o.attacker_won, "tie goes to the defender");
    let kept: u32 = o.in_field.iter().map(Contingent::units).sum();
    assert_eq!(kept, 1);
    assert_eq!(o.in_field[0].power, Power::France);
    // Spain (3 dice with its leader) against France (2 dice): Spain keeps one.
    let (b, _) = play(
        amiens(
            army(Power::Spain, 2).led_by(leader("x", 1, 4)),
            vec![army(Power::France, 1)],
        ),
        &[5, 6, 1, 5, 6],
        first,
    );
    let o = b.outcome().unwrap();
    assert!(!o.attacker_won);
    assert_eq!(o.retreats.len(), 1, "the surviving attacker unit retreats");
    assert_eq!(o.retreats[0].0.units(), 1);
    assert!(
        o.captured.is_empty(),
        "its leader retreats with it (8.8 #87)"
    );
}

#[test]
fn leaders_are_captured_only_when_their_side_has_no_units() {
    // 8.8 #87: the French stack is wiped out; its leader goes to the Spanish card.
    let (b, _) = play(
        amiens(
            army(Power::France, 1).led_by(leader("guise", 1, 6)),
            vec![army(Power::Spain, 4)],
        ),
        &[1, 1, 6, 1, 1, 1, 1],
        first,
    );
    let o = b.outcome().unwrap();
    assert_eq!(o.captured, vec![(Power::Spain, "guise".to_string())]);
    assert!(o.retreats.is_empty());
}

#[test]
fn the_beaten_controller_may_garrison_up_to_four_units() {
    // 8.8 #88: France loses in Paris with 6 units left; at most 4 go into the fortress (with
    // any leaders); the rest retreat together, never to Amiens (8.8 #89).
    let def = army(Power::France, 7).led_by(leader("f", 0, 6));
    let mut dice = vec![6, 6, 6, 6, 6, 6, 6, 6, 6];
    dice.extend([1; 8]);
    let (b, asked) = play(
        paris(
            army(Power::Spain, 8).led_by(leader("s", 1, 8)),
            vec![def],
            around("paris", Power::France, |_| {}),
        ),
        &dice,
        |_, o| {
            // Garrison as much as allowed, leader included, then retreat to the first space.
            o.iter()
                .find(|c| matches!(c, FieldChoice::Garrison(_) | FieldChoice::GarrisonLeader(_)))
                .cloned()
                .unwrap_or_else(|| o[0].clone())
        },
    );
    let o = b.outcome().unwrap();
    assert!(o.attacker_won);
    assert_eq!(
        o.lost.iter().map(|l| l.group.count).sum::<u8>(),
        7,
        "7 hits, 7 units"
    );
    // 9 hits on 7 units: France wiped -> no garrison at all, leader captured.
    assert_eq!(o.captured.len(), 1);
    assert!(asked.iter().all(|(p, _)| *p != Power::France));
    // Now with 2 hits: 5 French units survive.
    let def = army(Power::France, 7).led_by(leader("f", 0, 6));
    let mut dice = vec![6, 6, 1, 1, 1, 1, 1, 1, 1];
    dice.extend([1; 8]);
    let (b, asked) = play(
        paris(
            army(Power::Spain, 8).led_by(leader("s", 1, 8)),
            vec![def],
            around("paris", Power::France, |_| {}),
        ),
        &dice,
        |_, o| {
            o.iter()
                .find(|c| matches!(c, FieldChoice::Garrison(_) | FieldChoice::GarrisonLeader(_)))
                .cloned()
                .unwrap_or_else(|| o[0].clone())
        },
    );
    let o = b.outcome().unwrap();
    assert!(o.attacker_won);
    let inside: u32 = o.inside.iter().map(Contingent::units).sum();
    assert_eq!(inside, 4);
    assert_eq!(o.inside[0].leaders.len(), 1);
    assert_eq!(o.retreats.len(), 1);
    assert_eq!(o.retreats[0].0.units(), 1);
    assert_ne!(o.retreats[0].1, sp("amiens"), "8.8 #89");
    let retreat_options: Vec<&FieldChoice> = asked
        .iter()
        .flat_map(|(_, o)| o.iter())
        .filter(|c| matches!(c, FieldChoice::RetreatTo(_)))
        .collect();
    assert!(!retreat_options.contains(&&FieldChoice::RetreatTo(sp("amiens"))));
    // 14 step 11: Spain (8 units) outnumbers the 4 inside: Paris is besieged.
    assert_eq!(o.siege, SiegeAfter::Besieged);
}

#[test]
fn no_legal_retreat_eliminates_the_stack_and_captures_its_leaders() {
    // 8.8 #90: every neighbour of Paris is in unrest.
    let (b, _) = play(
        paris(
            army(Power::Spain, 4),
            vec![army(Power::France, 2).led_by(leader("f", 0, 6))],
            around("paris", Power::France, |f| f.unrest = true),
        ),
        &[6, 1, 1, 1, 1, 1, 1],
        |_, o| {
            o.iter()
                .find(|c| **c == FieldChoice::Done)
                .cloned()
                .unwrap_or_else(|| o[0].clone())
        },
    );
    let o = b.outcome().unwrap();
    assert!(o.attacker_won);
    assert_eq!(o.lost.iter().map(|l| l.group.count).sum::<u8>(), 2);
    assert_eq!(o.captured, vec![(Power::Spain, "f".to_string())]);
}

#[test]
fn a_winner_that_does_not_outnumber_the_garrison_must_leave() {
    // 8.8 #91: Spain wins with 2 units left; 2 French units went inside: Spain leaves per 15.3.
    let def = army(Power::France, 5);
    let (b, asked) = play(
        paris(
            army(Power::Spain, 3),
            vec![def],
            around("paris", Power::France, |f| {
                f.controller = Some(Power::Spain)
            }),
        ),
        &[6, 6, 6, 1, 1, 1, 1, 1, 6],
        |_, o| {
            o.iter()
                .find(|c| matches!(c, FieldChoice::Garrison(_)))
                .cloned()
                .unwrap_or_else(|| o[0].clone())
        },
    );
    let o = b.outcome().unwrap();
    assert!(o.attacker_won);
    assert_eq!(o.siege, SiegeAfter::None);
    assert!(asked.iter().any(|(p, _)| *p == Power::Spain));
    let spanish_retreat = o.retreats.iter().find(|(c, _)| c.power == Power::Spain);
    assert!(spanish_retreat.is_some(), "the winner leaves");
}

#[test]
fn allied_defenders_split_losses_evenly_with_a_die_for_the_odd_one() {
    // 8.8 #92 (9.2): 3 hits on France (3 units) and Spain (3 units) as allied defenders;
    // 1 each, the odd third by a die (scripted: 2 -> the second standing power, Spain).
    let mut i = paris(
        army(Power::England, 6),
        vec![army(Power::France, 3), army(Power::Spain, 3)],
        around("paris", Power::France, |_| {}),
    );
    i.relations = war(&[(Power::England, Power::France)]);
    i.relations.alliances.push((Power::France, Power::Spain));
    let (b, _) = play(i, &[6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2], first);
    let o = b.outcome().unwrap();
    let lost = |p: Power| -> u8 {
        o.lost
            .iter()
            .filter(|l| l.power == p)
            .map(|l| l.group.count)
            .sum()
    };
    assert_eq!(lost(Power::France), 1);
    assert_eq!(lost(Power::Spain), 2);
}

#[test]
fn a_formation_beaten_after_naval_transport_is_destroyed() {
    // 8.8 #93 (16.3 step 4).
    let mut i = paris(
        army(Power::Spain, 3).led_by(leader("s", 0, 6)),
        vec![army(Power::France, 4)],
        around("paris", Power::France, |_| {}),
    );
    i.transported = true;
    let (b, _) = play(i, &[1, 1, 1, 6, 1, 1, 1, 1], first);
    let o = b.outcome().unwrap();
    assert!(!o.attacker_won);
    assert!(o.retreats.is_empty());
    assert_eq!(
        o.lost
            .iter()
            .filter(|l| l.power == Power::Spain)
            .map(|l| l.group.count)
            .sum::<u8>(),
        3
    );
    assert_eq!(o.captured, vec![(Power::France, "s".to_string())]);
}

#[test]
fn a_retreat_back_into_a_space_moved_on_from_is_fatal() {
    // 13.4 option 1 (digest 8.7 #84).
    let mut i = paris(
        army(Power::Spain, 3),
        vec![army(Power::France, 4)],
        around("paris", Power::France, |_| {}),
    );
    i.attacker_origin_fatal = true;
    let (b, _) = play(i, &[1, 1, 1, 1, 1, 1, 1, 1], first);
    let o = b.outcome().unwrap();
    assert!(o.retreats.is_empty());
    assert_eq!(o.lost.iter().map(|l| l.group.count).sum::<u8>(), 3);
}

#[test]
fn german_reiters_attacker_first_then_defender_and_cards_in_the_same_order() {
    // 14 step 1 and steps 4-5; the Reiters add mercenaries before the dice are counted.
    let mut i = paris(
        army(Power::Spain, 2),
        vec![army(Power::France, 2)],
        around("paris", Power::France, |_| {}),
    );
    i.reiters = vec![(Power::France, 2), (Power::Spain, 2)];
    i.cards = vec![
        (
            Power::France,
            CombatCard {
                card: CardId(22),
                effect: CardEffect::ExtraDice(1),
            },
        ),
        (
            Power::Spain,
            CombatCard {
                card: CardId(23),
                effect: CardEffect::EnemyDice(1),
            },
        ),
    ];
    let (b, asked) = play(i, &[1; 4 + 5], |_, o| o[0].clone());
    let order: Vec<Power> = asked.iter().map(|(p, _)| *p).collect();
    assert_eq!(
        order,
        // After its only card a power is not asked again.
        vec![Power::Spain, Power::France, Power::Spain, Power::France]
    );
    let o = b.outcome().unwrap();
    // Spain 2 + 2 Reiters = 4; France 2 + 2 + 1 + 1 (card) - 1 (Spanish card) = 5.
    assert_eq!((o.attacker_dice, o.defender_dice), (4, 5));
    assert_eq!(o.reiters_added, vec![(Power::Spain, 2), (Power::France, 2)]);
    assert_eq!(o.cards_played.len(), 4);
}

#[test]
fn relief_force_outcomes_follow_the_hits() {
    // 15.2, digest 8.9 #102. Spain besieges French-held Orleans with 5; France relieves with
    // 3 from Paris; 2 French units are inside, one joins.
    let besiegers = army(Power::Spain, 5);
    let mk = || {
        let mut i = paris(
            army(Power::France, 3),
            vec![besiegers.clone()],
            around("orleans", Power::Spain, |_| {}),
        );
        i.space = sp("orleans");
        i.attacker_from = sp("paris");
        i.relations = war(&[(Power::Spain, Power::France)]);
        i.relief = Some(Relief {
            inside: army(Power::France, 2),
        });
        i
    };
    let join_one = |o: &[FieldChoice], joined: &mut bool| -> FieldChoice {
        if let Some(c) = o.iter().find(|c| matches!(c, FieldChoice::Join(_))) {
            if !*joined {
                *joined = true;
                return c.clone();
            }
            return FieldChoice::Done;
        }
        o.iter()
            .find(|c| matches!(c, FieldChoice::Garrison(_)))
            .cloned()
            .unwrap_or_else(|| o[0].clone())
    };
    // Equal hits (1-1), relief loses: participants may go in up to 4 in all (1 stayed inside).
    let mut joined = false;
    let (b, _) = play(mk(), &[6, 1, 1, 1, 6, 1, 1, 1, 1, 1], |_, o| {
        join_one(o, &mut joined)
    });
    let o = b.outcome().unwrap();
    assert!(!o.attacker_won);
    let inside: u32 = o.inside.iter().map(Contingent::units).sum();
    assert_eq!(inside, 4, "1 left inside + 3 surviving participants");
    // 4 besiegers no longer outnumber the 4 inside: the siege is lifted (15.3).
    assert_eq!(o.siege, SiegeAfter::MustLift);
    // Fewer hits: only units that began the impulse inside may go back.
    let mut joined = false;
    let (b, _) = play(mk(), &[1, 1, 1, 1, 6, 1, 1, 1, 1, 1], |_, o| {
        join_one(o, &mut joined)
    });
    let o = b.outcome().unwrap();
    assert!(!o.attacker_won);
    let inside: u32 = o.inside.iter().map(Contingent::units).sum();
    assert_eq!(inside, 2, "the one left out and the one that joined");
    assert_eq!(o.retreats[0].1, sp("paris"));
    assert_eq!(o.retreats[0].0.units(), 2);
    // Relief wins: the besiegers retreat and the siege is over.
    let mut joined = false;
    let (b, _) = play(mk(), &[6, 6, 6, 6, 1, 1, 1, 1, 1, 1], |_, o| {
        join_one(o, &mut joined)
    });
    let o = b.outcome().unwrap();
    assert!(o.attacker_won);
    assert_eq!(o.siege, SiegeAfter::Lifted);
    assert!(o.retreats.iter().any(|(c, _)| c.power == Power::Spain));
}

#[test]
fn casualties_are_the_owners_choice_by_kind() {
    // 14 step 8: France loses one unit and chooses a mercenary over a regular.
    let def = Contingent::new(Power::France)
        .with(LandKind::Regular, 1)
        .with(LandKind::Mercenary, 1);
    let (b, asked) = play(
        paris(
            army(Power::Spain, 1),
            vec![def],
            around("paris", Power::France, |_| {}),
        ),
        &[5, 1, 1, 1],
        |p, o| {
            if p == Power::France {
                let m = FieldChoice::Lose(LossChoice {
                    part: 0,
                    owner: PoolOwner::France,
                    kind: LandKind::Mercenary,
                });
                if o.contains(&m) {
                    return m;
                }
            }
            o[0].clone()
        },
    );
    assert!(
        asked
            .iter()
            .any(|(p, o)| *p == Power::France && o.len() == 2)
    );
    let o = b.outcome().unwrap();
    assert_eq!(o.lost[0].group.kind, LandKind::Mercenary);
    assert!(data().space(sp("paris")).kind.fortified());
}
