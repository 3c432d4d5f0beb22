//! Edge cases of the digest's §8 that the engine decides, and the rules
//! behind them (see RULINGS.md for the readings chosen).

mod common;
use common::*;
use signoria_engine::Game;
use signoria_lorenzo_il_magnifico::flow;
use signoria_lorenzo_il_magnifico::model::*;
use signoria_lorenzo_il_magnifico::value::{ex, leader, member_value};
use signoria_lorenzo_il_magnifico::{LorenzoIlMagnifico as L, Options};

const BLACK: u8 = 0;
const WHITE: u8 = 1;
const ORANGE: u8 = 2;

fn advanced(n: usize) -> State {
    let mut s = fresh(n);
    s.advanced = true;
    s
}

#[test]
fn e06_placement_is_mandatory_when_possible() {
    let s = fresh(2);
    let l = legal(&s, 0);
    assert!(l.iter().all(|m| matches!(m, Move::Place { .. })), "{l:?}");
    refused(&s, 0, Move::Pass);
    refused(&s, 0, Move::EndTurn);
}

#[test]
fn e07_e08_a_seat_that_cannot_place_passes_for_the_round() {
    let mut s = fresh(2);
    // Seat 0 only has its neutral member left and no servants: it passes automatically.
    s.players[0].placed = 0b0111;
    s.players[1].res.0[SERVANTS] = 0;
    set_turn(&mut s, 1, false);
    play(&mut s, 1, place(BLACK, COUNCIL, 0));
    play(&mut s, 1, Move::ChoosePrivilege { option: 2 });
    assert!(s.players[0].out);
    assert_eq!(L::pending(&s), vec![1]);
}

#[test]
fn e09_leader_discard_can_make_a_placement_possible() {
    let mut s = advanced(2);
    s.players[0].placed = 0b0111;
    s.players[0].hand = vec![leader::COLLEONI];
    assert_eq!(
        legal(&s, 0),
        vec![
            Move::DiscardLeader {
                leader: leader::COLLEONI
            },
            Move::Pass
        ]
    );
    play(
        &mut s,
        0,
        Move::DiscardLeader {
            leader: leader::COLLEONI,
        },
    );
    play(&mut s, 0, Move::ChoosePrivilege { option: 1 }); // 2 servants
    assert!(legal(&s, 0).contains(&place(NEUTRAL, COUNCIL, 1)));
}

#[test]
fn e15_brunelleschi_waives_the_fee() {
    let mut s = fresh(2);
    s.players[0].leaders.push(leader::BRUNELLESCHI);
    s.players[0].res = res(0, 0, 0, 0, 0, 0, 0);
    s.occ[1] = vec![4 + BLACK];
    s.towers[0] = Some(card_id("Woods"));
    play(&mut s, 0, place(BLACK, 0, 0));
    assert_eq!(s.players[0].cards[0].len(), 1);
}

#[test]
fn e18_a_space_emptied_by_a_bonus_action_cannot_be_chosen() {
    let mut s = fresh(2);
    s.dice = [4, 1, 1];
    s.players[0].res = res(0, 0, 0, 3, 0, 0, 0);
    let abbess = card_id("Abbess"); // 3 coins, bonus: take any card at value 4
    s.towers[sp(Kind::Character, 1) as usize] = Some(abbess);
    s.towers[sp(Kind::Territory, 2) as usize] = Some(card_id("Woods"));
    play(&mut s, 0, place(BLACK, sp(Kind::Character, 1), 0));
    assert!(matches!(s.stack.last(), Some(Frame::BonusTake { .. })));
    assert_eq!(
        legal(&s, 0),
        vec![
            Move::TakeBonusCard {
                space: sp(Kind::Territory, 2),
                servants: 0
            },
            Move::Decline
        ]
    );
    play(
        &mut s,
        0,
        Move::TakeBonusCard {
            space: sp(Kind::Territory, 2),
            servants: 0,
        },
    );
    assert_eq!(s.players[0].cards[0], vec![card_id("Woods")]);
    assert_eq!(
        s.players[0].res.0[WOOD], 1,
        "the chained card's immediate effect"
    );
    assert!(s.towers[sp(Kind::Territory, 2) as usize].is_none());
    // Next turn (seat 1): the emptied space is not offered.
    assert!(
        !legal(&s, 1)
            .iter()
            .any(|m| matches!(m, Move::Place { space, .. } if *space == sp(Kind::Territory, 2)))
    );
}

#[test]
fn e19_floor_bonus_pays_the_cost() {
    let mut s = fresh(2);
    s.dice = [6, 1, 1];
    s.players[0].res = res(0, 0, 1, 2, 0, 0, 0);
    s.towers[sp(Kind::Venture, 4) as usize] = Some(card_id("Hiring Recruits")); // 4 coins
    play(&mut s, 0, place(BLACK, sp(Kind::Venture, 4), 1));
    assert_eq!(s.players[0].res.0[COINS], 0);
    assert_eq!(s.players[0].res.0[MP], 5);
}

#[test]
fn e20_e21_territory_military_requirement_and_cesare() {
    let mut s = fresh(2);
    s.players[0].cards[0] = vec![card_id("Woods"), card_id("Village")];
    s.towers[0] = Some(card_id("Forest"));
    s.players[0].res.0[MP] = 2;
    assert!(refused(&s, 0, place(BLACK, 0, 0)).contains("3 military points"));
    s.players[0].res.0[MP] = 3;
    play(&mut s.clone(), 0, place(BLACK, 0, 0));
    s.players[0].res.0[MP] = 0;
    s.players[0].leaders.push(leader::CESARE);
    play(&mut s, 0, place(BLACK, 0, 0));
    assert_eq!(s.players[0].res.0[MP], 0, "checked, not paid");
}

#[test]
fn e22_six_cards_at_most() {
    let mut s = fresh(2);
    s.players[0].cards[1] = (24..30).collect();
    s.players[0].res = res(9, 9, 0, 9, 0, 0, 0);
    s.towers[sp(Kind::Building, 1) as usize] = Some(30);
    assert!(refused(&s, 0, place(BLACK, sp(Kind::Building, 1), 0)).contains("6 building"));
}

#[test]
fn e24_stonemason_discount_is_a_choice() {
    let mut s = fresh(2);
    s.players[0].cards[2] = vec![card_id("Stonemason")];
    s.players[0].res = res(5, 5, 0, 5, 0, 0, 0);
    s.towers[sp(Kind::Building, 1) as usize] = Some(card_id("Carpenter's Shop")); // 1 coin 2 wood
    play(&mut s, 0, place(BLACK, sp(Kind::Building, 1), 0));
    // -1 wood or -1 stone (no stone in the cost): two distinct payments.
    let Some(Frame::PayCard { options, .. }) = s.stack.last().cloned() else {
        panic!()
    };
    assert_eq!(
        options,
        vec![res(1, 0, 0, 1, 0, 0, 0), res(2, 0, 0, 1, 0, 0, 0)]
    );
    play(&mut s, 0, Move::ChooseCost { option: 0 });
    assert_eq!(s.players[0].res.0[WOOD], 4);
}

#[test]
fn e26_preacher_removes_floor_bonuses_also_for_bonus_actions() {
    let mut s = fresh(2);
    s.dice = [6, 1, 1];
    s.players[0].cards[2] = vec![card_id("Preacher")];
    s.players[0].res = res(0, 0, 1, 4, 0, 0, 0);
    s.towers[sp(Kind::Venture, 4) as usize] = Some(card_id("Hiring Recruits"));
    play(&mut s, 0, place(BLACK, sp(Kind::Venture, 4), 1));
    assert_eq!(s.players[0].res.0[COINS], 0, "no 2-coin floor bonus");
}

#[test]
fn e28_large_space_needs_value_one_and_yields_from_four() {
    let mut s = fresh(3);
    s.dice = [2, 1, 1];
    let ev = play(&mut s, 0, place(BLACK, HARVEST_LARGE, 0));
    assert!(
        ev.iter()
            .any(|e| matches!(e.event, Event::Harvested { value: -1, .. }))
    );
    assert_eq!(s.players[0].res, Res::default());
}

#[test]
fn e29_servant_cap_for_harvest_is_the_highest_activation() {
    let mut s = fresh(2);
    s.dice = [1, 1, 1];
    s.players[0].res.0[SERVANTS] = 9;
    s.players[0].cards[0] = vec![card_id("Forest")]; // activation 5
    let opts: Vec<u8> = legal(&s, 0)
        .into_iter()
        .filter_map(|m| match m {
            Move::Place {
                member: 0,
                space: HARVEST_SMALL,
                servants,
            } => Some(servants),
            _ => None,
        })
        .collect();
    assert_eq!(opts, vec![0, 1, 2, 3, 4]);
    refused(&s, 0, place(BLACK, HARVEST_SMALL, 5));
}

#[test]
fn e33_e34_leonardo_ignores_artisan_but_not_the_excommunication() {
    let mut s = advanced(2);
    s.players[0].leaders.push(leader::LEONARDO);
    s.players[0].cards[2] = vec![card_id("Artisan")];
    s.players[0].res.0[SERVANTS] = 5;
    excommunicate(&mut s, 0, ex::PRODUCTION_MINUS_3);
    play(
        &mut s,
        0,
        Move::ActivateLeader {
            leader: leader::LEONARDO,
            member: None,
        },
    );
    // Value 0 - 3; servants may lift it to 1 (the tile): 4 servants at most.
    let servants: Vec<Move> = legal(&s, 0);
    assert_eq!(servants.last(), Some(&Move::Decline));
    assert_eq!(
        servants[servants.len() - 2],
        Move::BonusWork { servants: 4 }
    );
    let ev = play(&mut s, 0, Move::BonusWork { servants: 4 });
    assert!(
        ev.iter()
            .any(|e| matches!(e.event, Event::Produced { value: 1, .. }))
    );
}

#[test]
fn e38_privileges_of_one_card_differ() {
    let mut s = fresh(2);
    s.dice = [3, 1, 1];
    s.players[0].res = res(0, 0, 0, 5, 0, 0, 0);
    s.towers[sp(Kind::Character, 2) as usize] = Some(card_id("Royal Messenger")); // 5 coins, 3 privileges
    play(&mut s, 0, place(BLACK, sp(Kind::Character, 2), 0));
    play(&mut s, 0, Move::ChoosePrivilege { option: 0 });
    play(&mut s, 0, Move::ChoosePrivilege { option: 1 });
    assert_eq!(
        legal(&s, 0),
        vec![
            Move::ChoosePrivilege { option: 2 },
            Move::ChoosePrivilege { option: 3 },
            Move::ChoosePrivilege { option: 4 }
        ]
    );
}

#[test]
fn e39_leader_discards_are_separate_grants() {
    let mut s = advanced(2);
    s.players[0].hand = vec![leader::COLLEONI, leader::SISTO];
    play(
        &mut s,
        0,
        Move::DiscardLeader {
            leader: leader::COLLEONI,
        },
    );
    play(&mut s, 0, Move::ChoosePrivilege { option: 2 });
    play(
        &mut s,
        0,
        Move::DiscardLeader {
            leader: leader::SISTO,
        },
    );
    play(&mut s, 0, Move::ChoosePrivilege { option: 2 });
    assert_eq!(s.players[0].res.0[COINS], 4);
}

#[test]
fn e51_wood_or_stone_tile_takes_one_in_total() {
    let mut s = fresh(2);
    excommunicate(&mut s, 0, ex::LESS_WOOD_STONE);
    play(&mut s, 0, place(BLACK, COUNCIL, 0));
    play(&mut s, 0, Move::ChoosePrivilege { option: 0 }); // 1 wood + 1 stone
    assert_eq!(
        (s.players[0].res.0[WOOD], s.players[0].res.0[STONE]),
        (0, 1)
    );
}

#[test]
fn e54_no_market_even_with_ariosto() {
    let mut s = fresh(4);
    s.players[0].leaders.push(leader::ARIOSTO);
    excommunicate(&mut s, 0, ex::NO_MARKET);
    for m in 20..24 {
        assert!(refused(&s, 0, place(BLACK, m, 0)).contains("market"));
    }
}

#[test]
fn e55_skip_first_turn_places_last() {
    let mut s = L::setup(&Options { advanced: false }, 2, 4).unwrap();
    let first = s.order[0] as usize;
    excommunicate(&mut s, first, ex::SKIP_FIRST_TURN);
    let mut ev = Vec::new();
    flow::end_round(&mut s, &mut ev); // round 2 starts with the new tile in force
    let first = s.order[0] as usize;
    let second = s.order[1] as usize;
    let mut seq = Vec::new();
    while s.round == 2 {
        let seat = L::pending(&s)[0];
        if matches!(s.stack[..], [Frame::Turn { placed: false, .. }]) {
            seq.push(seat);
        }
        let m = legal(&s, seat)
            .into_iter()
            .find(|m| !matches!(m, Move::Place { space: 0..16, .. }))
            .unwrap_or_else(|| legal(&s, seat)[0].clone());
        play(&mut s, seat, m);
        if matches!(s.phase(), Some(Frame::Vatican { .. })) {
            break;
        }
    }
    assert_eq!(
        seq,
        vec![second, first, second, first, second, first, second, first],
        "skipped first turn, last member after all others"
    );
}

#[test]
fn e58_e61_lucrezia_needs_six_of_a_type_and_gives_two_for_the_round() {
    let mut s = advanced(2);
    s.dice = [3, 3, 3];
    s.players[0].hand = vec![leader::LUCREZIA];
    s.players[0].cards[0] = (0..5).collect();
    assert!(!legal(&s, 0).contains(&Move::PlayLeader {
        leader: leader::LUCREZIA
    }));
    s.players[0].cards[0] = (0..6).collect();
    play(
        &mut s,
        0,
        Move::PlayLeader {
            leader: leader::LUCREZIA,
        },
    );
    assert_eq!(member_value(&s, 0, BLACK), 3);
    play(
        &mut s,
        0,
        Move::ActivateLeader {
            leader: leader::LUCREZIA,
            member: None,
        },
    );
    assert_eq!(
        (member_value(&s, 0, BLACK), member_value(&s, 0, NEUTRAL)),
        (5, 0)
    );
    let mut ev = Vec::new();
    flow::end_round(&mut s, &mut ev);
    assert_eq!(
        member_value(&s, 0, ORANGE),
        s.dice[2] as i32,
        "face up again: no bonus until activated"
    );
}

#[test]
fn e62_lorenzo_copies_a_leader_of_another_player_for_good() {
    let mut s = advanced(2);
    s.players[0].leaders.push(leader::LORENZO);
    s.players[1].leaders.push(leader::COLLEONI);
    s.players[1].leaders.push(leader::MORO);
    let l = legal(&s, 0);
    assert!(
        l.contains(&Move::CopyLeader {
            leader: leader::COLLEONI
        }) && l.contains(&Move::CopyLeader {
            leader: leader::MORO
        })
    );
    play(
        &mut s,
        0,
        Move::CopyLeader {
            leader: leader::COLLEONI,
        },
    );
    assert!(
        !legal(&s, 0)
            .iter()
            .any(|m| matches!(m, Move::CopyLeader { .. }))
    );
    play(
        &mut s,
        0,
        Move::ActivateLeader {
            leader: leader::LORENZO,
            member: None,
        },
    );
    assert_eq!(s.players[0].res.0[VP], 4);
    assert!(
        !legal(&s, 0)
            .iter()
            .any(|m| matches!(m, Move::ActivateLeader { .. })),
        "once per round"
    );
    // A permanent copy acts at once.
    let mut t = advanced(2);
    t.dice = [1, 1, 1];
    t.players[0].leaders.push(leader::LORENZO);
    t.players[1].leaders.push(leader::MORO);
    play(
        &mut t,
        0,
        Move::CopyLeader {
            leader: leader::MORO,
        },
    );
    assert_eq!(member_value(&t, 0, WHITE), 5);
}

#[test]
fn e48_sisto_gives_five_more_when_supporting() {
    let mut s = fresh(2);
    s.round = 2;
    s.players[0].leaders.push(leader::SISTO);
    s.players[0].res.0[FP] = 3;
    s.players[1].res.0[FP] = 0;
    let mut ev = Vec::new();
    flow::start_vatican(&mut s, &mut ev);
    play(&mut s, 0, Move::SupportChurch { support: true });
    assert_eq!(s.players[0].res.0[VP], 3 + 5);
}

#[test]
fn e66_e67_moro_and_sigismondo() {
    let mut s = fresh(2);
    s.dice = [1, 2, 6];
    s.players[0].leaders.push(leader::MORO);
    s.players[0].leaders.push(leader::SIGISMONDO);
    assert_eq!([0, 1, 2, 3].map(|m| member_value(&s, 0, m)), [5, 5, 5, 3]);
}

#[test]
fn e70_once_per_round_abilities_reset() {
    let mut s = advanced(2);
    s.players[0].leaders.push(leader::MICHELANGELO);
    play(
        &mut s,
        0,
        Move::ActivateLeader {
            leader: leader::MICHELANGELO,
            member: None,
        },
    );
    assert_eq!(s.players[0].res.0[COINS], 3);
    assert!(!legal(&s, 0).contains(&Move::ActivateLeader {
        leader: leader::MICHELANGELO,
        member: None
    }));
    let mut ev = Vec::new();
    flow::end_round(&mut s, &mut ev);
    assert_eq!(s.players[0].used, 0);
}

#[test]
fn leader_actions_never_interrupt_an_action() {
    let mut s = advanced(4);
    s.players[0].hand = vec![leader::COLLEONI];
    play(&mut s, 0, place(BLACK, COUNCIL, 0));
    // The privilege is pending: only privilege choices.
    assert!(
        legal(&s, 0)
            .iter()
            .all(|m| matches!(m, Move::ChoosePrivilege { .. }))
    );
    play(&mut s, 0, Move::ChoosePrivilege { option: 0 });
    // Resolved: leader actions or end the turn; no second placement.
    let l = legal(&s, 0);
    assert_eq!(
        l,
        vec![
            Move::DiscardLeader {
                leader: leader::COLLEONI
            },
            Move::EndTurn
        ]
    );
}

#[test]
fn bonus_take_discount_and_fee() {
    let mut s = fresh(2);
    s.dice = [3, 1, 1];
    s.players[0].res = res(0, 3, 0, 7, 0, 0, 0);
    s.towers[sp(Kind::Character, 2) as usize] = Some(card_id("Architect")); // 4 coins; building at 6, -1 wood -1 stone
    s.towers[sp(Kind::Building, 3) as usize] = Some(card_id("Residence")); // 2 stone
    s.occ[sp(Kind::Building, 1) as usize] = vec![4 + BLACK];
    play(&mut s, 0, place(BLACK, sp(Kind::Character, 2), 0));
    play(
        &mut s,
        0,
        Move::TakeBonusCard {
            space: sp(Kind::Building, 3),
            servants: 0,
        },
    );
    // 7 - 4 (Architect) - 3 (fee); Residence costs 2 stone - 1; the floor bonus is 1 MP.
    assert_eq!(s.players[0].res, res(0, 2, 0, 0, 1, 1, 0));
}

#[test]
fn exchange_can_grant_a_privilege() {
    let mut s = fresh(2);
    s.dice = [1, 1, 1];
    s.players[0].cards[1] = vec![card_id("Residence")]; // 1 coin -> 1 privilege at 1
    s.players[0].res = res(0, 0, 0, 1, 0, 0, 0);
    play(&mut s, 0, place(BLACK, PRODUCTION_SMALL, 0));
    play(
        &mut s,
        0,
        Move::Exchange {
            building: card_id("Residence"),
            option: 1,
        },
    );
    play(&mut s, 0, Move::ChoosePrivilege { option: 4 });
    assert_eq!(s.players[0].res, res(0, 0, 0, 2, 0, 1, 1));
}

#[test]
fn leader_draft_passes_to_the_previous_seat_and_tiles_go_in_reverse_order() {
    let mut s = L::setup(&Options::default(), 3, 11).unwrap();
    let order = s.order.clone();
    // Tiles: last seat first.
    for k in (0..3).rev() {
        assert_eq!(L::pending(&s), vec![order[k] as usize]);
        let m = legal(&s, order[k] as usize)[0].clone();
        play(&mut s, order[k] as usize, m);
    }
    let Some(Frame::LeaderDraft { packets, .. }) = s.phase().cloned() else {
        panic!()
    };
    assert_eq!(L::pending(&s), vec![0, 1, 2], "simultaneous picks");
    let mut kept = [0u8; 3];
    for (seat, k) in kept.iter_mut().enumerate() {
        let Move::PickLeader { leader } = legal(&s, seat)[0] else {
            panic!()
        };
        *k = leader;
        play(&mut s, seat, Move::PickLeader { leader });
    }
    let Some(Frame::LeaderDraft { packets: next, .. }) = s.phase().cloned() else {
        panic!()
    };
    for seat in 0..3 {
        let to = signoria_lorenzo_il_magnifico::draft::pass_to(&s, seat);
        let pos = order.iter().position(|&o| o as usize == seat).unwrap();
        assert_eq!(to, order[(pos + 2) % 3] as usize);
        let rest: Vec<u8> = packets[seat]
            .iter()
            .copied()
            .filter(|&l| l != kept[seat])
            .collect();
        assert_eq!(next[to], rest);
    }
}

#[test]
fn multipliers_count_the_new_card_and_current_military() {
    // RULINGS.md R25: Paramour (2 VP per character) counts itself; General: 1 VP per 2 MP.
    let mut s = fresh(2);
    s.dice = [1, 1, 1];
    s.players[0].cards[2] = vec![card_id("Farmer")];
    s.players[0].res = res(0, 0, 0, 7, 0, 5, 0);
    s.towers[sp(Kind::Character, 1) as usize] = Some(card_id("Paramour"));
    play(&mut s, 0, place(BLACK, sp(Kind::Character, 1), 0));
    assert_eq!(s.players[0].res.0[VP], 4);
    let mut t = fresh(2);
    t.players[0].res = res(0, 0, 0, 5, 0, 5, 0);
    t.towers[sp(Kind::Character, 1) as usize] = Some(card_id("General"));
    play(&mut t, 0, place(BLACK, sp(Kind::Character, 1), 0));
    assert_eq!(t.players[0].res.0[VP], 2);
}

#[test]
fn setup_and_options() {
    use signoria_engine::ProtoGame;
    assert!(L::setup(&Options::default(), 1, 1).is_err());
    assert!(L::setup(&Options::default(), 5, 1).is_err());
    let absent = signoria_lorenzo_il_magnifico::pb::Options { advanced: None };
    assert_eq!(
        L::options_from_pb(&absent).unwrap(),
        Options { advanced: true }
    );
    let off = signoria_lorenzo_il_magnifico::pb::Options {
        advanced: Some(false),
    };
    assert_eq!(
        L::options_from_pb(&off).unwrap(),
        Options { advanced: false }
    );
    let json: Options = serde_json::from_str("{}").unwrap();
    assert!(json.advanced);
    // Basic game: no drafts, play starts at once with the standard tile.
    let s = L::setup(&Options { advanced: false }, 3, 1).unwrap();
    assert!(matches!(s.phase(), Some(Frame::Turn { .. })));
    assert!(s.players.iter().all(|p| p.tile == 0 && p.hand.is_empty()));
    let a = L::setup(&Options::default(), 3, 1).unwrap();
    assert!(matches!(a.phase(), Some(Frame::TileDraft { .. })));
}

#[test]
fn malformed_and_foreign_moves_are_refused() {
    use signoria_engine::RuleErrorKind;
    let s = fresh(2);
    let mut probe = s.clone();
    assert_eq!(
        L::apply(&mut probe, 0, &place(7, 0, 0)).unwrap_err().kind,
        RuleErrorKind::Malformed
    );
    assert_eq!(
        L::apply(&mut probe, 0, &place(0, 99, 0)).unwrap_err().kind,
        RuleErrorKind::Malformed
    );
    assert_eq!(
        L::apply(&mut probe, 1, &place(0, COUNCIL, 0))
            .unwrap_err()
            .kind,
        RuleErrorKind::NotYourDecision
    );
    assert_eq!(
        L::apply(&mut probe, 0, &Move::ChoosePrivilege { option: 1 })
            .unwrap_err()
            .kind,
        RuleErrorKind::Illegal
    );
    assert_eq!(probe, s);
}

#[test]
fn labels_read_like_the_board() {
    let mut s = fresh(2);
    s.dice = [5, 1, 1];
    s.players[0].res = res(0, 0, 2, 9, 0, 0, 0);
    s.towers[sp(Kind::Character, 3) as usize] = Some(card_id("Stonemason"));
    assert_eq!(
        L::describe_move(&s, 0, &place(BLACK, sp(Kind::Character, 3), 2)),
        "Black member (5) + 2 servants to the blue tower, floor 3: Stonemason"
    );
}

#[test]
fn leader_gains_are_a_source_for_the_excommunication() {
    // RULINGS.md R15: Michelangelo's 3 coins with the coin tile → 2.
    let mut s = advanced(2);
    s.players[0].leaders.push(leader::MICHELANGELO);
    excommunicate(&mut s, 0, ex::LESS_COINS);
    play(
        &mut s,
        0,
        Move::ActivateLeader {
            leader: leader::MICHELANGELO,
            member: None,
        },
    );
    assert_eq!(s.players[0].res.0[COINS], 2);
}

#[test]
fn e35_e37_several_own_members_in_market_and_council() {
    let mut s = fresh(4);
    s.dice = [2, 2, 2];
    play(&mut s, 0, place(BLACK, 20, 0));
    set_turn(&mut s, 0, false);
    play(&mut s, 0, place(WHITE, 21, 0));
    set_turn(&mut s, 0, false);
    play(&mut s, 0, place(ORANGE, COUNCIL, 0));
    play(&mut s, 0, Move::ChoosePrivilege { option: 2 });
    set_turn(&mut s, 0, false);
    s.players[0].res.0[SERVANTS] = 1;
    play(&mut s, 0, place(NEUTRAL, COUNCIL, 1));
    play(&mut s, 0, Move::ChoosePrivilege { option: 2 });
    assert_eq!(s.occ[COUNCIL as usize], vec![ORANGE, NEUTRAL]);
    assert_eq!(s.players[0].res.0[COINS], 5 + 1 + 2 + 1 + 2);
}

#[test]
fn e56_excommunication_tiles_are_public_from_the_start() {
    let s = L::setup(&Options::default(), 3, 5).unwrap();
    let v = L::view(&s, signoria_engine::Viewer::Public);
    assert_eq!(v.excomm_tiles, s.excomm_tiles);
    for (p, &t) in s.excomm_tiles.iter().enumerate() {
        assert_eq!(t as usize / 7, p, "one tile of each period");
    }
}

#[test]
fn e57_requirements_are_checked_not_paid() {
    let mut s = advanced(2);
    s.players[0].hand = vec![leader::SISTO];
    s.players[0].res = res(6, 6, 6, 6, 0, 0, 0);
    play(
        &mut s,
        0,
        Move::PlayLeader {
            leader: leader::SISTO,
        },
    );
    assert_eq!(s.players[0].res, res(6, 6, 6, 6, 0, 0, 0));
    assert_eq!(s.players[0].leaders, vec![leader::SISTO]);
}

#[test]
fn e63_santa_rita_not_for_action_spaces() {
    let mut s = fresh(2);
    s.players[0].leaders.push(leader::SANTA_RITA);
    play(&mut s, 0, place(BLACK, 20, 0));
    assert_eq!(s.players[0].res.0[COINS], 5);
    let mut t = fresh(2);
    t.players[0].leaders.push(leader::SANTA_RITA);
    t.towers[sp(Kind::Territory, 1) as usize] = Some(card_id("Estate")); // immediate 2 servants 1 wood
    play(&mut t, 0, place(BLACK, sp(Kind::Territory, 1), 0));
    assert_eq!(
        (t.players[0].res.0[SERVANTS], t.players[0].res.0[WOOD]),
        (4, 2)
    );
}

#[test]
fn e68_several_once_per_round_leaders_in_one_round() {
    let mut s = advanced(2);
    s.players[0].leaders = vec![leader::COLLEONI, leader::BOTTICELLI];
    play(
        &mut s,
        0,
        Move::ActivateLeader {
            leader: leader::COLLEONI,
            member: None,
        },
    );
    play(
        &mut s,
        0,
        Move::ActivateLeader {
            leader: leader::BOTTICELLI,
            member: None,
        },
    );
    assert_eq!((s.players[0].res.0[VP], s.players[0].res.0[MP]), (5, 2));
}

#[test]
fn e73_all_sixteen_cards_dealt_in_every_player_count() {
    for n in 2..=4 {
        let s = L::setup(&Options { advanced: false }, n, 1).unwrap();
        assert_eq!(s.towers.iter().flatten().count(), 16);
        for (i, c) in s.towers.iter().enumerate() {
            let c = signoria_lorenzo_il_magnifico::data::card(c.unwrap());
            assert_eq!((c.kind.idx(), c.period), (i / 4, 1));
        }
    }
}
