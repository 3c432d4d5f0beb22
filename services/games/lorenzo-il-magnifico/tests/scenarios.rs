//! The seed's worked examples (digest §11, T1–T33) as scenario tests.

mod common;
use common::*;
use signoria_engine::{Game, Viewer};
use signoria_lorenzo_il_magnifico::flow;
use signoria_lorenzo_il_magnifico::model::*;
use signoria_lorenzo_il_magnifico::placement::servant_options;
use signoria_lorenzo_il_magnifico::scoring::{final_scores, military_awards};
use signoria_lorenzo_il_magnifico::value::{ex, leader, member_value};
use signoria_lorenzo_il_magnifico::{LorenzoIlMagnifico as L, Options};

const BLACK: u8 = 0;
const WHITE: u8 = 1;

#[test]
fn t01_die_value_shared_by_all_players() {
    let mut s = fresh(3);
    s.dice = [2, 4, 6];
    for seat in 0..3 {
        assert_eq!(member_value(&s, seat, WHITE), 4);
    }
}

#[test]
fn t02_neutral_member_with_three_servants_has_value_three() {
    let mut s = fresh(2);
    s.players[0].res = res(0, 0, 3, 0, 0, 0, 0);
    s.towers[sp(Kind::Territory, 2) as usize] = Some(card_id("Woods"));
    let ev = play(&mut s, 0, place(NEUTRAL, sp(Kind::Territory, 2), 3));
    assert!(
        ev.iter()
            .any(|e| matches!(e.event, Event::Placed { value: 3, .. }))
    );
    assert_eq!(s.players[0].cards[0], vec![card_id("Woods")]);
}

#[test]
fn t03_floor_four_needs_a_servant_with_a_six() {
    let mut s = fresh(2);
    s.dice = [6, 1, 1];
    s.players[0].res = res(0, 0, 1, 0, 0, 0, 0);
    s.towers[sp(Kind::Territory, 4) as usize] = Some(card_id("Woods"));
    refused(&s, 0, place(BLACK, sp(Kind::Territory, 4), 0));
    let ev = play(&mut s, 0, place(BLACK, sp(Kind::Territory, 4), 1));
    assert!(
        ev.iter()
            .any(|e| matches!(e.event, Event::Placed { value: 7, .. }))
    );
}

#[test]
fn t04_venture_military_or_resource_cost() {
    let bishop = card_id("Support to the Bishop");
    let space = sp(Kind::Venture, 1);
    // With >= 4 MP and the resources: a choice of two costs.
    let mut s = fresh(2);
    s.dice = [1, 1, 1];
    s.players[0].res = res(1, 1, 0, 2, 0, 4, 0);
    s.towers[space as usize] = Some(bishop);
    play(&mut s, 0, place(BLACK, space, 0));
    let Some(Frame::PayCard { options, .. }) = s.stack.last().cloned() else {
        panic!("cost choice expected")
    };
    assert_eq!(
        options,
        vec![res(0, 0, 0, 0, 0, 2, 0), res(1, 1, 0, 2, 0, 0, 0)]
    );
    play(&mut s, 0, Move::ChooseCost { option: 0 });
    assert_eq!(s.players[0].res.0[MP], 2);
    // With 3 MP only the resources can pay: no choice.
    let mut s = fresh(2);
    s.players[0].res = res(1, 1, 0, 2, 0, 3, 0);
    s.towers[space as usize] = Some(bishop);
    play(&mut s, 0, place(BLACK, space, 0));
    assert!(decisions(&s).is_empty());
    assert_eq!(s.players[0].res, res(0, 0, 0, 0, 0, 3, 3));
    // Neither: the space cannot be chosen.
    let mut s = fresh(2);
    s.players[0].res = res(1, 0, 0, 2, 0, 3, 0);
    s.towers[space as usize] = Some(bishop);
    let why = refused(&s, 0, place(BLACK, space, 0));
    assert!(why.contains("cannot pay"), "{why}");
}

#[test]
fn t05_harvest_example() {
    let mut s = fresh(2);
    s.dice = [3, 1, 1];
    for name in ["Nutzwald", "Herrenhaus", "Marmorsteinbruch", "Kloster"] {
        s.players[0].cards[0].push(card_id(name));
    }
    s.players[0].res = res(0, 0, 2, 0, 0, 0, 0);
    let ev = play(&mut s, 0, place(BLACK, HARVEST_SMALL, 2));
    assert!(
        ev.iter()
            .any(|e| matches!(e.event, Event::Harvested { value: 5, .. }))
    );
    // tile 1 wood 1 stone 1 servant + Forest 3 wood + Manor 2 MP 2 servants + Marble Pit 1 VP 2 stone.
    assert_eq!(s.players[0].res, res(4, 3, 3, 0, 1, 2, 0));
}

fn t06_state(servants: i32, coins: i32, wood: i32) -> State {
    let mut s = fresh(4);
    s.dice = [6, 1, 1];
    for name in ["Schatzkammer", "Schreinerei", "Feste"] {
        s.players[0].cards[1].push(card_id(name));
    }
    s.players[0].res = res(wood, 0, servants, coins, 0, 0, 0);
    s
}

#[test]
fn t06_production_example_exchanges_use_only_what_was_held_before() {
    let treasury = card_id("Schatzkammer");
    let carpenter = card_id("Schreinerei");
    // No servants: value 3, tile + Treasury (optional); with 0 coins the tile's coins cannot pay
    // it, so nothing is asked.
    let mut s = t06_state(0, 0, 0);
    play(&mut s, 0, place(BLACK, PRODUCTION_LARGE, 0));
    assert!(decisions(&s).is_empty());
    assert_eq!(s.players[0].res, res(0, 0, 0, 2, 0, 1, 0));
    // With 2 coins held before: 2 coins -> 5 VP possible.
    let mut s = t06_state(0, 2, 0);
    play(&mut s, 0, place(BLACK, PRODUCTION_LARGE, 0));
    assert_eq!(legal(&s, 0).len(), 3);
    play(
        &mut s,
        0,
        Move::Exchange {
            building: treasury,
            option: 2,
        },
    );
    assert_eq!(s.players[0].res, res(0, 0, 0, 2, 5, 1, 0));
    // One servant: value 4, the Carpenter's Shop too (1 wood -> 3 coins), but its coins cannot feed the Treasury.
    let mut s = t06_state(1, 0, 1);
    play(&mut s, 0, place(BLACK, PRODUCTION_LARGE, 1));
    assert_eq!(
        legal(&s, 0),
        vec![
            Move::Exchange {
                building: carpenter,
                option: 0
            },
            Move::Exchange {
                building: carpenter,
                option: 1
            }
        ]
    );
    // With 1 coin and 1 wood held before, choosing the Treasury's 1 coin leaves the Carpenter's wood.
    let mut t = t06_state(1, 1, 1);
    play(&mut t, 0, place(BLACK, PRODUCTION_LARGE, 1));
    play(
        &mut t,
        0,
        Move::Exchange {
            building: treasury,
            option: 1,
        },
    );
    play(
        &mut t,
        0,
        Move::Exchange {
            building: carpenter,
            option: 1,
        },
    );
    assert_eq!(t.players[0].res, res(0, 0, 0, 2 + 3, 3, 1, 0));
    play(
        &mut s,
        0,
        Move::Exchange {
            building: carpenter,
            option: 1,
        },
    );
    assert_eq!(s.players[0].res, res(0, 0, 0, 5, 0, 1, 0));
    // Two servants: value 5, the Fortress gives 2 VP and a council privilege.
    let mut s = t06_state(2, 0, 0);
    play(&mut s, 0, place(BLACK, PRODUCTION_LARGE, 2));
    assert!(matches!(
        s.stack.last(),
        Some(Frame::Privileges { left: 1, .. })
    ));
    play(&mut s, 0, Move::ChoosePrivilege { option: 4 });
    assert_eq!(s.players[0].res, res(0, 0, 0, 2, 2, 1, 1));
}

fn vatican_round(fp: [i32; 2], round: u8) -> State {
    let mut s = fresh(2);
    s.round = round;
    s.players[0].res.0[FP] = fp[0];
    s.players[1].res.0[FP] = fp[1];
    let mut ev = Vec::new();
    flow::start_vatican(&mut s, &mut ev);
    s
}

#[test]
fn t07_first_vatican_report() {
    // Red (seat 0) 2 FP: forced, keeps the 2 FP. Green (seat 1) 3 FP chooses.
    let s = vatican_round([2, 3], 2);
    assert_eq!(s.players[0].excomm, 1);
    assert_eq!(s.players[0].res.0[FP], 2);
    assert_eq!(L::pending(&s), vec![1]);
    let mut support = s.clone();
    play(&mut support, 1, Move::SupportChurch { support: true });
    assert_eq!(
        (
            support.players[1].res.0[VP],
            support.players[1].res.0[FP],
            support.players[1].excomm
        ),
        (3, 0, 0)
    );
    let mut refuse = s.clone();
    play(&mut refuse, 1, Move::SupportChurch { support: false });
    assert_eq!(
        (
            refuse.players[1].res.0[VP],
            refuse.players[1].res.0[FP],
            refuse.players[1].excomm
        ),
        (0, 3, 1)
    );
}

#[test]
fn t08_third_report_converts_faith_even_when_excommunicated() {
    let s = vatican_round([4, 7], 6);
    // Forced: 4 FP < 5, still 4 VP and FP 0, tile III marked.
    assert_eq!(s.players[0].excomm, 0b100);
    assert_eq!(s.players[0].res.0[FP], 0);
    let mut refuse = s.clone();
    play(&mut refuse, 1, Move::SupportChurch { support: false });
    assert!(refuse.scores.is_some(), "game over after round 6");
    assert_eq!(refuse.players[1].excomm, 0b100);
    assert_eq!(refuse.scores.as_ref().unwrap()[1].before, 9); // 7 FP -> 9 VP
}

#[test]
fn t09_even_rounds_show_next_period_on_the_decks() {
    let s = L::setup(&Options { advanced: false }, 2, 3).unwrap();
    let top_period =
        |s: &State| signoria_lorenzo_il_magnifico::data::card(*s.decks[0].last().unwrap()).period;
    assert_eq!(s.round, 1);
    assert_eq!(top_period(&s), 1);
    // Round 2's cards are the last of period I: afterwards period II is on top.
    let mut t = s.clone();
    let mut ev = Vec::new();
    flow::end_round(&mut t, &mut ev);
    assert_eq!(t.round, 2);
    assert_eq!(top_period(&t), 2);
}

#[test]
fn t10_t11_council_turn_order() {
    let (a, b, c) = (0u8, 1u8, 2u8);
    let mut s = fresh(3);
    s.order = vec![a, b, c];
    s.occ[COUNCIL as usize] = vec![b * 4 + NEUTRAL, a * 4 + BLACK, b * 4 + WHITE];
    let mut ev = Vec::new();
    flow::end_round(&mut s, &mut ev);
    assert_eq!(s.order, vec![b, a, c]);
    let mut s = fresh(3);
    s.order = vec![c, a, b];
    flow::end_round(&mut s, &mut ev);
    assert_eq!(s.order, vec![c, a, b]);
}

#[test]
fn t12_t13_military_ranking() {
    assert_eq!(military_awards(&[10, 10, 5]), vec![5, 5, 0]);
    assert_eq!(military_awards(&[12, 8, 8]), vec![5, 2, 2]);
}

#[test]
fn t14_resources_one_vp_per_five() {
    let mut s = fresh(2);
    s.players[0].res = res(7, 3, 2, 9, 0, 0, 0);
    assert_eq!(final_scores(&s)[0].resources, 4);
}

#[test]
fn t15_tie_goes_to_earlier_turn_order() {
    let mut s = fresh(2);
    s.order = vec![1, 0];
    s.scores = Some(final_scores(&s));
    let o = L::outcome(&s).unwrap();
    assert_eq!(o.results[1].rank, 1);
    assert_eq!(o.results[0].rank, 2);
}

#[test]
fn t16_coloured_minus_one() {
    let mut s = fresh(2);
    s.dice = [5, 1, 1];
    excommunicate(&mut s, 0, ex::COLOURED_MINUS_1);
    assert_eq!(member_value(&s, 0, BLACK), 4);
    assert_eq!(member_value(&s, 1, BLACK), 5);
}

#[test]
fn t17_harvest_minus_three_on_large_space() {
    let mut s = fresh(3);
    s.dice = [6, 1, 1];
    excommunicate(&mut s, 0, ex::HARVEST_MINUS_3);
    let ev = play(&mut s, 0, place(BLACK, HARVEST_LARGE, 0));
    assert!(
        ev.iter()
            .any(|e| matches!(e.event, Event::Harvested { value: 0, .. }))
    );
    assert_eq!(s.players[0].res, Res::default());
}

#[test]
fn t18_two_servants_per_point() {
    let mut s = fresh(2);
    excommunicate(&mut s, 0, ex::SERVANTS_DOUBLE);
    s.players[0].res.0[SERVANTS] = 10;
    // value 1, need 3: +2 costs 4 servants.
    assert_eq!(servant_options(&s, 0, 1, 3, 3), vec![4]);
}

#[test]
fn t19_t22_period_three_penalties() {
    let mut s = fresh(2);
    s.players[0].res = res(3, 1, 2, 4, 26, 12, 0);
    for tile in [ex::VP_PER_5_VP, ex::VP_PER_MP, ex::VP_PER_RESOURCE] {
        let mut t = s.clone();
        excommunicate(&mut t, 0, tile);
        let l = &final_scores(&t)[0];
        match tile {
            ex::VP_PER_5_VP => assert_eq!(l.vp_per_5_vp, -5),
            ex::VP_PER_MP => assert_eq!(l.penalty_mp, -12),
            _ => assert_eq!(l.penalty_resources, -10),
        }
    }
    // Buildings costing 7 wood + 6 stone in all: Carpenter's Shop (2 wood), Painters' Guild (4 wood),
    // Stonemasons' Guild (1 wood, 2 stone), Sculptors' Guild (4 stone).
    let mut t = s.clone();
    for n in [
        "Carpenter's Shop",
        "Painters' Guild",
        "Stonemasons' Guild",
        "Sculptors' Guild",
    ] {
        t.players[0].cards[1].push(card_id(n));
    }
    excommunicate(&mut t, 0, ex::VP_PER_BUILDING_COST);
    assert_eq!(final_scores(&t)[0].penalty_buildings, -13);
}

#[test]
fn t23_santa_rita_doubles_then_excommunication_subtracts() {
    let mut s = fresh(2);
    s.players[0].leaders.push(leader::SANTA_RITA);
    excommunicate(&mut s, 0, ex::LESS_COINS);
    s.towers[sp(Kind::Territory, 1) as usize] = Some(card_id("Gold Mine")); // immediate: 1 coin
    play(&mut s, 0, place(BLACK, sp(Kind::Territory, 1), 0));
    assert_eq!(s.players[0].res.0[COINS], 1);
}

#[test]
fn t24_servant_tile_reduces_privileges_too() {
    let mut s = fresh(2);
    excommunicate(&mut s, 0, ex::LESS_SERVANTS);
    play(&mut s, 0, place(BLACK, COUNCIL, 0));
    play(&mut s, 0, Move::ChoosePrivilege { option: 1 });
    assert_eq!(s.players[0].res.0[SERVANTS], 1);
    assert_eq!(s.players[0].res.0[COINS], 1);
}

#[test]
fn t25_ariosto_keeps_the_colour_rule() {
    let mut s = fresh(4);
    s.dice = [3, 3, 3];
    s.players[0].leaders.push(leader::ARIOSTO);
    s.occ[HARVEST_SMALL as usize] = vec![BLACK];
    s.players[0].placed = 1;
    assert!(refused(&s, 0, place(WHITE, HARVEST_SMALL, 0)).contains("coloured"));
    assert!(refused(&s, 0, place(WHITE, HARVEST_LARGE, 0)).contains("coloured"));
    // Another player's member on the small space: Ariosto may still join it.
    let mut t = fresh(4);
    t.dice = [3, 3, 3];
    t.players[0].leaders.push(leader::ARIOSTO);
    t.occ[HARVEST_SMALL as usize] = vec![4 + BLACK];
    t.players[1].placed = 1;
    play(&mut t, 0, place(WHITE, HARVEST_SMALL, 0));
}

#[test]
fn t26_fee_must_be_paid_from_coins_held_before() {
    let mut s = fresh(2);
    s.dice = [6, 1, 1];
    s.players[0].res = res(0, 0, 1, 2, 0, 0, 0);
    s.towers[sp(Kind::Venture, 4) as usize] = Some(card_id("Hosting Panhandlers")); // costs 3 wood
    s.towers[sp(Kind::Venture, 1) as usize] = None;
    s.occ[sp(Kind::Venture, 1) as usize] = vec![4 + BLACK];
    s.players[0].res.0[WOOD] = 3;
    let why = refused(&s, 0, place(BLACK, sp(Kind::Venture, 4), 1));
    assert!(why.contains("3-coin fee"), "{why}");
    s.players[0].res.0[COINS] = 3;
    play(&mut s, 0, place(BLACK, sp(Kind::Venture, 4), 1));
    assert_eq!(s.players[0].res.0[COINS], 2); // 3 - 3 fee + 2 floor bonus
}

#[test]
fn t27_pico_discount_never_touches_the_fee() {
    let mut s = fresh(2);
    s.dice = [1, 1, 1];
    s.players[0].leaders.push(leader::PICO);
    s.players[0].res = res(0, 0, 0, 4, 0, 0, 0);
    s.towers[sp(Kind::Character, 1) as usize] = Some(card_id("Stonemason")); // 4 coins
    s.occ[sp(Kind::Character, 2) as usize] = vec![4 + BLACK];
    play(&mut s, 0, place(BLACK, sp(Kind::Character, 1), 0));
    assert_eq!(s.players[0].res.0[COINS], 0); // 3 fee + (4 - 3) card
    assert_eq!(s.players[0].cards[2], vec![card_id("Stonemason")]);
}

#[test]
fn t28_federico_before_choosing_the_member() {
    let mut s = fresh(2);
    s.advanced = true;
    s.dice = [2, 2, 2];
    s.players[0].leaders.push(leader::FEDERICO);
    play(
        &mut s,
        0,
        Move::ActivateLeader {
            leader: leader::FEDERICO,
            member: Some(WHITE),
        },
    );
    assert_eq!(member_value(&s, 0, WHITE), 6);
    assert_eq!(member_value(&s, 0, BLACK), 2);
    // Used once this round.
    assert!(
        !legal(&s, 0)
            .iter()
            .any(|m| matches!(m, Move::ActivateLeader { .. }))
    );
}

#[test]
fn t29_sforza_harvest_ignores_farmer() {
    let mut s = fresh(2);
    s.advanced = true;
    s.players[0].leaders.push(leader::SFORZA);
    s.players[0].cards[2].push(card_id("Bauer"));
    s.players[0].cards[0].push(card_id("Woods")); // harvest 1 wood at 2
    s.players[0].res = res(0, 0, 1, 0, 0, 0, 0);
    play(
        &mut s,
        0,
        Move::ActivateLeader {
            leader: leader::SFORZA,
            member: None,
        },
    );
    // Value 1: servants may lift it to 2 (Woods), Farmer's +2 does not apply.
    assert_eq!(
        legal(&s, 0),
        vec![
            Move::BonusWork { servants: 0 },
            Move::BonusWork { servants: 1 },
            Move::Decline
        ]
    );
    let ev = play(&mut s, 0, Move::BonusWork { servants: 0 });
    assert!(
        ev.iter()
            .any(|e| matches!(e.event, Event::Harvested { value: 1, .. }))
    );
    assert_eq!(s.players[0].res, res(1, 1, 2, 0, 0, 0, 0)); // tile only
}

#[test]
fn t30_one_coloured_member_per_tower() {
    let mut s = fresh(2);
    s.dice = [1, 1, 1];
    s.players[0].res = res(0, 0, 0, 3, 0, 0, 0);
    s.players[0].placed = 1 << WHITE;
    s.occ[sp(Kind::Territory, 1) as usize] = vec![WHITE];
    s.towers[sp(Kind::Territory, 2) as usize] = Some(card_id("Woods"));
    s.players[0].res.0[SERVANTS] = 3;
    assert!(refused(&s, 0, place(BLACK, sp(Kind::Territory, 2), 2)).contains("coloured"));
    play(&mut s, 0, place(NEUTRAL, sp(Kind::Territory, 2), 3));
    assert_eq!(s.players[0].res.0[COINS], 0, "the 3-coin fee was paid");
}

#[test]
fn t31_two_players_no_large_spaces() {
    let s = fresh(2);
    for space in [HARVEST_LARGE, PRODUCTION_LARGE, 22, 23] {
        assert!(
            !legal(&s, 0)
                .iter()
                .any(|m| matches!(m, Move::Place { space: x, .. } if *x == space))
        );
    }
    let s3 = fresh(3);
    assert!(legal(&s3, 0).iter().any(|m| matches!(
        m,
        Move::Place {
            space: HARVEST_LARGE,
            ..
        }
    )));
    assert!(
        !legal(&s3, 0)
            .iter()
            .any(|m| matches!(m, Move::Place { space: 23, .. }))
    );
}

#[test]
fn t32_market_privileges_must_differ() {
    let mut s = fresh(4);
    play(&mut s, 0, place(BLACK, 23, 0));
    play(&mut s, 0, Move::ChoosePrivilege { option: 2 });
    assert!(!legal(&s, 0).contains(&Move::ChoosePrivilege { option: 2 }));
    refused(&s, 0, Move::ChoosePrivilege { option: 2 });
    play(&mut s, 0, Move::ChoosePrivilege { option: 3 });
    assert_eq!(s.players[0].res, res(0, 0, 0, 2, 0, 2, 0));
}

#[test]
fn t33_starting_coins_by_turn_order() {
    for seed in 0..20 {
        let s = L::setup(&Options::default(), 4, seed).unwrap();
        for (pos, &seat) in s.order.iter().enumerate() {
            assert_eq!(
                s.players[seat as usize].res,
                res(2, 2, 3, 5 + pos as i32, 0, 0, 0)
            );
        }
    }
    // The random order varies with the seed.
    let orders: std::collections::HashSet<Vec<u8>> = (0..20)
        .map(|seed| L::setup(&Options::default(), 4, seed).unwrap().order)
        .collect();
    assert!(orders.len() > 5);
    let _ = L::view(
        &L::setup(&Options::default(), 4, 1).unwrap(),
        Viewer::Public,
    );
}
