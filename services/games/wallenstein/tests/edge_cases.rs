//! The edge cases of the digest's §8 that the engine decides.

mod common;
use common::*;

use signoria_engine::Game;
use signoria_wallenstein::actions::{self, march_moves};
use signoria_wallenstein::combat;
use signoria_wallenstein::data::{BUILDING_SUPPLY, EventEffect, data};
use signoria_wallenstein::model::{
    Action, Awaiting, BattleKind, BattleResult, CHURCH, Card, Event, Frame, Move, PALACE,
    TRADING_HOUSE, Tile,
};
use signoria_wallenstein::planning::bid_rank;
use signoria_wallenstein::{Wallenstein as W, winter};

/// §8.2: every field takes a card while cards last; a seat with few cards leaves fields
/// empty, and chooses which (RULINGS R30): a field may stay free while the cards left
/// still fit on the later fields.
#[test]
fn e2_fields_filled_while_cards_last() {
    let mut s = bare(3);
    let l = give(&mut s, 0, "Anhalt", 2);
    // 1 land + 5 money cards = 6 cards for 10 fields and the bid.
    let is_empty = |m: &Move| {
        matches!(
            m,
            Move::Plan {
                card: Card::Empty,
                ..
            }
        )
    };
    let mut field = 0usize;
    let mut cards_left = 6usize;
    while W::pending(&s).contains(&0) {
        let legal = W::legal_moves(&s, 0);
        if field < 10 {
            assert_eq!(
                legal.iter().any(|m| !is_empty(m)),
                cards_left > 0,
                "field {field}: {legal:?}"
            );
            assert_eq!(
                legal.iter().any(is_empty),
                cards_left < 10 - field,
                "field {field}: {legal:?}"
            );
        } else {
            assert_eq!(legal.len(), 1, "only the empty bid is left: {legal:?}");
        }
        // Leave the first fields free, then place the cards.
        let m = legal
            .iter()
            .find(|m| is_empty(m))
            .unwrap_or(&legal[0])
            .clone();
        if !is_empty(&m) {
            cards_left -= 1;
        }
        W::apply(&mut s, 0, &m).unwrap();
        field += 1;
    }
    assert_eq!(&s.plans[0].fields[..4], &[Card::Empty; 4]);
    assert!(s.plans[0].fields[4..10].iter().all(|&c| c != Card::Empty));
    assert!(s.plans[0].fields.contains(&Card::Land(l)));
    assert_eq!(
        s.plans[0].fields[10],
        Card::Empty,
        "no card left for the bid (L553-555)"
    );
}

/// §8.3/8.4: bid ranking 4 > 3 > 2 > 1 > land > 0 > none.
#[test]
fn e4_bid_ranking() {
    let order = [
        Card::Money(4),
        Card::Money(3),
        Card::Money(2),
        Card::Money(1),
        Card::Land(0),
        Card::Money(0),
        Card::Empty,
    ];
    for w in order.windows(2) {
        assert!(
            bid_rank(w[0]) > bid_rank(w[1]),
            "{:?} must beat {:?}",
            w[0],
            w[1]
        );
    }
    assert_eq!(
        bid_rank(Card::Land(3)),
        bid_rank(Card::Land(40)),
        "all land cards are the same bid"
    );
}

/// §8.5: equal bids are ordered by the bag; money bids are paid, land bids are free.
#[test]
fn e5_tied_bids_drawn_from_the_bag_and_bids_paid() {
    let mut s = bare(3);
    // Six lands each: 11 cards, enough for the 10 fields and a bid.
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
    let names2 = [
        "Baden",
        "Breisgau",
        "Strassburg",
        "Lothringen",
        "Gft. Mark",
        "Erzbm. Köln",
        "Erzbm. Trier",
        "Osnabrück",
        "Altmark",
    ];
    for i in 0..6 {
        give(&mut s, 0, names[i], 1);
        give(&mut s, 1, names2[i], 1);
        give(
            &mut s,
            2,
            if i < 3 { names[6 + i] } else { names2[3 + i] },
            1,
        );
    }
    let (a, b) = (land("Anhalt"), land("Baden"));
    let money: Vec<i32> = s.players.iter().map(|p| p.money).collect();
    submit_bid(&mut s, 0, Card::Land(a));
    submit_bid(&mut s, 1, Card::Land(b));
    let ev = submit_bid(&mut s, 2, Card::Money(3));
    let evs = events(&ev);
    assert!(
        evs.iter().any(
            |e| matches!(e, Event::BagDraw { order } if order.len() == 2 && !order.contains(&2))
        )
    );
    let Some(Frame::ChooseSpace { order, .. }) = s.stack.last() else {
        panic!()
    };
    assert_eq!(order[0], 2);
    assert_eq!(s.players[2].money, money[2] - 3);
    assert_eq!(s.players[0].money, money[0]);
}

/// §8.10: actions lapse when they cannot be done in full.
#[test]
fn e10_partial_actions_lapse() {
    let mut s = bare(4);
    let l = give(&mut s, 0, "Böhmen", 1);
    s.players[0].money = 2;
    let mut ev = Vec::new();
    actions::execute(&mut s, 0, Action::Palace, l, &mut ev);
    actions::execute(&mut s, 0, Action::Raise5, l, &mut ev);
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e.event, Event::Lapsed { .. }))
            .count(),
        2
    );
    assert_eq!(s.players[0].money, 2);
    assert!(!s.lands[l as usize].buildings[PALACE]);
    // Not enough armies in supply for the full raise (RULINGS R14).
    s.players[0].money = 10;
    let spare = s.players[0].supply - 2;
    s.players[0].supply = 2;
    s.players[1].supply += spare; // keep the cubes somewhere; only this test's counts matter
    actions::execute(&mut s, 0, Action::Raise3, l, &mut ev);
    assert!(
        matches!(&ev.last().unwrap().event, Event::Lapsed { reason, .. } if reason.contains("armies"))
    );
    assert_eq!(s.lands[l as usize].armies, 1);
}

/// §8.11/8.28: collecting in a land with unrest forces a revolt; a lost revolt wipes the land and adds no marker.
#[test]
fn e28_lost_revolt_wipes_and_adds_no_marker() {
    let mut s = bare(4);
    let l = give(&mut s, 0, "Lüneburg", 1);
    s.lands[l as usize].unrest = 2;
    s.lands[l as usize].buildings[CHURCH] = true;
    script(&mut s, vec![1, 0, 0, 0, 2]);
    let grain = s.players[0].grain;
    let mut ev = Vec::new();
    actions::execute(&mut s, 0, Action::Grain, l, &mut ev);
    // The income is credited before the revolt (RULINGS R11).
    assert!(s.players[0].grain > grain);
    let st = &s.lands[l as usize];
    assert_eq!(
        (st.owner, st.armies, st.unrest, st.buildings),
        (None, 0, 0, [false; 3])
    );
    check(&s);
}

/// §8.13: conquest voids the old owner's plan for that land.
#[test]
fn e13_conquest_voids_the_plan() {
    let mut s = bare(3);
    let from = give(&mut s, 0, "Anhalt", 5);
    let to = give(&mut s, 1, "Kursachsen", 1);
    let mut order = vec![Action::FightA, Action::Grain];
    order.extend([
        Action::Palace,
        Action::Church,
        Action::TradingHouse,
        Action::Taxes,
        Action::Raise5,
        Action::Raise3,
        Action::Raise1,
        Action::FightB,
    ]);
    let mats = vec![
        mat(&[(Action::FightA, from)], Card::Money(0)),
        mat(&[(Action::Grain, to)], Card::Money(0)),
        mat(&[], Card::Money(0)),
    ];
    actions_with(&mut s, mats, order, vec![0, 1, 2]);
    assert_eq!(W::pending(&s), vec![0]);
    script(&mut s, vec![4, 0, 0, 0]);
    let ev = W::apply(&mut s, 0, &Move::March { to, count: 4 }).unwrap();
    assert_eq!(s.lands[to as usize].owner, Some(0));
    assert!(events(&ev).iter().any(|e| matches!(
        e,
        Event::Lapsed {
            seat: 1,
            action: Action::Grain,
            ..
        }
    )));
    assert_eq!(s.players[1].grain, 0);
}

/// §8.14/8.15/8.16: one army stays; Raise 1 moves only into adjacent own lands; moving into an own land is no fight.
#[test]
fn e14_movement_limits() {
    let mut s = bare(4);
    let a = give(&mut s, 0, "Anhalt", 1);
    let k = give(&mut s, 0, "Kursachsen", 1);
    give(&mut s, 1, "Mittelmark", 1);
    let aw = Awaiting {
        seat: 0,
        action: Action::FightA,
        from: a,
    };
    assert!(
        march_moves(&s, &aw).is_empty(),
        "a single army cannot leave"
    );
    s.lands[a as usize].armies = 3;
    s.players[0].supply -= 2;
    let fight = march_moves(&s, &aw);
    assert!(fight.contains(&Move::March { to: k, count: 2 }));
    assert!(!fight.contains(&Move::March { to: k, count: 3 }));
    assert!(fight.contains(&Move::Stay));
    let raise = march_moves(
        &s,
        &Awaiting {
            seat: 0,
            action: Action::Raise1,
            from: a,
        },
    );
    let targets: std::collections::BTreeSet<u8> = raise
        .iter()
        .filter_map(|m| {
            if let Move::March { to, .. } = m {
                Some(*to)
            } else {
                None
            }
        })
        .collect();
    assert_eq!(
        targets,
        [k].into(),
        "Raise 1 moves only into own neighbours"
    );
}

/// §8.17: a neutral land defends with 1 peasant, 2 under the event; §8.30 the attack tile adds 1.
#[test]
fn e17_neutral_attack_peasants_and_attack_tile() {
    for (event, tile, peasants, own) in [(false, false, 1, 2), (true, true, 2, 3)] {
        let mut s = bare(4);
        let a = give(&mut s, 0, "Anhalt", 3);
        let k = data().land_by_name("Kursachsen").unwrap();
        if event {
            set_event(&mut s, EventEffect::NeutralTwoPeasants);
        }
        if tile {
            set_tile(&mut s, 0, Tile::Attack);
        }
        let mut ev = Vec::new();
        combat::attack(&mut s, 0, a, k, 2, &mut ev);
        let b = &battles(&ev)[0];
        assert_eq!(b.kind, BattleKind::Neutral);
        assert_eq!(b.thrown[4], peasants);
        assert_eq!(b.thrown[0], own);
        check(&s);
    }
}

/// §8.18: with 3 players no army enters an excluded land.
#[test]
fn e18_excluded_lands_are_impassable() {
    let mut s = bare(3);
    let os = give(&mut s, 0, "Osnabrück", 5);
    let moves = march_moves(
        &s,
        &Awaiting {
            seat: 0,
            action: Action::FightA,
            from: os,
        },
    );
    for m in moves {
        if let Move::March { to, .. } = m {
            assert!(
                !data().lands[to as usize].out_with_3_players,
                "{}",
                data().lands[to as usize].name
            );
        }
    }
}

/// §8.20/8.26: peasants in the tray help a defender without unrest; with unrest they stay in the tray.
#[test]
fn e20_peasants_side_depends_on_unrest() {
    for unrest in [0, 1] {
        let mut s = bare(4);
        let a = give(&mut s, 0, "Anhalt", 3);
        let k = give(&mut s, 1, "Kursachsen", 1);
        s.lands[k as usize].unrest = unrest;
        preload(&mut s, 4, 2);
        preload(&mut s, 2, 1);
        script(&mut s, vec![2, 1, 1, 0, 2]);
        let mut ev = Vec::new();
        combat::attack(&mut s, 0, a, k, 2, &mut ev);
        let b = &battles(&ev)[0];
        if unrest == 0 {
            // 2 vs 1 + 2 peasants: the defender wins, peasants take the losses first (§8.21).
            assert_eq!(
                (b.attacker_count, b.defender_count, b.result),
                (2, 3, BattleResult::DefenderWins)
            );
            assert_eq!(s.lands[k as usize].armies, 1);
            assert_eq!(
                s.tower.tray,
                vec![0, 0, 1, 0, 0],
                "seat 2's cube is uninvolved and stays"
            );
        } else {
            assert_eq!(
                (b.attacker_count, b.defender_count, b.result),
                (2, 1, BattleResult::AttackerWins)
            );
            assert_eq!(s.lands[k as usize].owner, Some(0));
            assert_eq!(
                s.lands[k as usize].armies, 1,
                "the winner loses as many as the loser had (§8.25)"
            );
            assert_eq!(
                s.tower.tray,
                vec![0, 0, 1, 0, 2],
                "uninvolved peasants stay in the tray"
            );
        }
        check(&s);
    }
}

/// §8.23: a tie wipes the land with its buildings.
#[test]
fn e23_tie_wipes_buildings() {
    let mut s = bare(4);
    let a = give(&mut s, 0, "Anhalt", 3);
    let k = give(&mut s, 1, "Kursachsen", 2);
    s.lands[k as usize].buildings = [true, true, false];
    script(&mut s, vec![2, 2, 0, 0, 0]);
    let mut ev = Vec::new();
    combat::attack(&mut s, 0, a, k, 2, &mut ev);
    assert_eq!(battles(&ev)[0].result, BattleResult::Tie);
    assert_eq!(s.lands[k as usize].owner, None);
    assert_eq!(s.lands[k as usize].buildings, [false; 3]);
    check(&s);
}

/// §8.30/8.31: palace event and defence tile both add a defender cube; the defence tile never in revolts.
#[test]
fn e31_palace_event_and_defence_tile_stack() {
    let mut s = bare(4);
    let a = give(&mut s, 0, "Anhalt", 3);
    let k = give(&mut s, 1, "Kursachsen", 2);
    s.lands[k as usize].buildings[PALACE] = true;
    set_event(&mut s, EventEffect::PalaceDefenderPlusOne);
    set_tile(&mut s, 1, Tile::Defence);
    let mut ev = Vec::new();
    combat::attack(&mut s, 0, a, k, 2, &mut ev);
    assert_eq!(battles(&ev)[0].thrown[1], 4);
    // A revolt: no defence tile.
    let l = give(&mut s, 1, "Lausitz", 2);
    s.lands[l as usize].unrest = 1;
    let mut ev = Vec::new();
    actions::execute(&mut s, 1, Action::Taxes, l, &mut ev);
    assert_eq!(battles(&ev)[0].thrown[1], 2);
    check(&s);
}

/// §8.32: under the church event foreign church lands cannot be attacked; own ones can be entered.
#[test]
fn e32_church_lands_immune() {
    let mut s = bare(4);
    let a = give(&mut s, 0, "Anhalt", 3);
    let k = give(&mut s, 1, "Kursachsen", 2);
    let m = give(&mut s, 0, "Mittelmark", 1);
    s.lands[k as usize].buildings[CHURCH] = true;
    s.lands[m as usize].buildings[CHURCH] = true;
    set_event(&mut s, EventEffect::ChurchLandsImmune);
    let moves = march_moves(
        &s,
        &Awaiting {
            seat: 0,
            action: Action::FightA,
            from: a,
        },
    );
    assert!(
        !moves
            .iter()
            .any(|mv| matches!(mv, Move::March { to, .. } if *to == k))
    );
    assert!(
        moves
            .iter()
            .any(|mv| matches!(mv, Move::March { to, .. } if *to == m))
    );
    // A revolt is no attack: collecting in an own church land with unrest still sparks one (R29).
    s.lands[m as usize].unrest = 1;
    let mut ev = Vec::new();
    actions::execute(&mut s, 0, Action::Taxes, m, &mut ev);
    assert_eq!(battles(&ev)[0].kind, BattleKind::Revolt);
    s.current_event = None;
    let moves = march_moves(
        &s,
        &Awaiting {
            seat: 0,
            action: Action::FightA,
            from: a,
        },
    );
    assert!(
        moves
            .iter()
            .any(|mv| matches!(mv, Move::March { to, .. } if *to == k))
    );
}

/// §8.33: under the trading-house event building one removes 1 marker from that land.
#[test]
fn e33_trading_house_calms() {
    let mut s = bare(4);
    let l = give(&mut s, 0, "Anhalt", 1);
    s.lands[l as usize].unrest = 2;
    set_event(&mut s, EventEffect::TradingHouseCalms);
    let mut ev = Vec::new();
    actions::execute(&mut s, 0, Action::TradingHouse, l, &mut ev);
    assert!(s.lands[l as usize].buildings[TRADING_HOUSE]);
    assert_eq!(s.lands[l as usize].unrest, 1);
}

/// §8.36/8.37: winter uses the autumn order; year end clears unrest and grain and turns up 4 events.
#[test]
fn e37_year_end() {
    let mut s = bare(3);
    let l = give(&mut s, 0, "Anhalt", 2);
    s.lands[l as usize].unrest = 1;
    s.players[0].grain = 5;
    s.event_candidates.truncate(1);
    let deck = s.event_deck.len();
    let mut ev = Vec::new();
    winter::start(&mut s, &mut ev);
    s.turn_order = vec![2, 0, 1];
    signoria_engine::kernel::advance::<W>(&mut s, &mut ev);
    let supplied: Vec<u8> = ev
        .iter()
        .filter_map(|e| {
            if let Event::Supplied { seat, .. } = e.event {
                Some(seat)
            } else {
                None
            }
        })
        .collect();
    assert_eq!(supplied, vec![2, 0, 1]);
    assert_eq!(s.year, 2);
    assert_eq!(s.lands[l as usize].unrest, 0);
    assert_eq!(s.players[0].grain, 0);
    assert_eq!(s.event_candidates.len(), 4);
    assert_eq!(s.event_deck.len(), deck - 4);
    assert_eq!(s.stack, vec![Frame::Planning]);
}

/// §8.39: recycling only when the same two open cards come round again.
#[test]
fn e39_recycle_only_on_unchanged_open_cards() {
    let mut s = W::setup(&Default::default(), 3, 11).unwrap();
    assert!(!W::legal_moves(&s, 0).contains(&Move::Recycle));
    // Everybody draws blind: seat 0 then faces the same two open cards.
    for seat in 0..3 {
        W::apply(&mut s, seat, &Move::DraftBlind).unwrap();
        let g = W::legal_moves(&s, seat)[0].clone();
        W::apply(&mut s, seat, &g).unwrap();
    }
    assert!(W::legal_moves(&s, 0).contains(&Move::Recycle));
    let before = s.draft().unwrap().clone();
    W::apply(&mut s, 0, &Move::Recycle).unwrap();
    let after = s.draft().unwrap().clone();
    assert_ne!(before.open, after.open);
    assert_eq!(after.deck.len(), before.deck.len());
    assert!(
        !W::legal_moves(&s, 0).contains(&Move::Recycle),
        "once per turn"
    );
}

/// §8.42: an exhausted building supply makes the build lapse (RULINGS R16).
#[test]
fn e42_building_supply_runs_out() {
    let mut s = bare(4);
    for i in 0..BUILDING_SUPPLY[CHURCH] as usize {
        s.lands[i].buildings[CHURCH] = true;
    }
    let l = (0..45u8)
        .find(|&i| !s.lands[i as usize].buildings[CHURCH])
        .unwrap();
    let name = data().lands[l as usize].name.clone();
    give(&mut s, 0, &name, 1);
    let mut ev = Vec::new();
    actions::execute(&mut s, 0, Action::Church, l, &mut ev);
    assert!(
        matches!(&ev.last().unwrap().event, Event::Lapsed { reason, .. } if reason.contains("tile"))
    );
}

/// §8.34 / §8.38: grain never below 0; a final tie goes to more Taler.
#[test]
fn e38_final_tie_more_taler() {
    let mut s = bare(3);
    s.stack.clear();
    for p in 0..3 {
        s.players[p].vp = 10;
    }
    s.players[0].money = 3;
    s.players[1].money = 5;
    s.players[2].money = 5;
    let o = W::outcome(&s).unwrap();
    let ranks: Vec<u32> = o.results.iter().map(|r| r.rank).collect();
    assert_eq!(ranks, vec![3, 1, 1]);
}

/// §8.40 (L145-152): the army group goes into the land just taken, and only then is a
/// taken open card replaced from the deck; the group is chosen without seeing the next card.
#[test]
fn e40_group_placed_before_the_open_card_is_replaced() {
    use signoria_engine::Viewer;
    let mut s = W::setup(&Default::default(), 4, 40).unwrap();
    let before = s.draft().unwrap().clone();
    let ev = W::apply(&mut s, 0, &Move::DraftOpen { slot: 0 }).unwrap();
    assert!(
        !events(&ev)
            .iter()
            .any(|e| matches!(e, Event::DraftOpen { .. })),
        "no new card is turned up before the group is placed"
    );
    for v in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Public] {
        let d = W::view(&s, v).draft.unwrap();
        assert_eq!(d.open, vec![before.open[1]]);
        assert_eq!(d.deck_size, before.deck.len() as u32);
    }
    let ev = W::apply(&mut s, 0, &Move::PlaceGroup { armies: 5 }).unwrap();
    let evs = events(&ev);
    let placed = evs
        .iter()
        .position(|e| matches!(e, Event::GroupPlaced { .. }))
        .unwrap();
    let turned = evs
        .iter()
        .position(|e| matches!(e, Event::DraftOpen { .. }))
        .unwrap();
    assert!(placed < turned);
    let after = s.draft().unwrap().clone();
    assert_eq!(
        after.open,
        vec![before.open[1], *before.deck.last().unwrap()]
    );
    assert_eq!(after.deck.len(), before.deck.len() - 1);
    // A blind pick leaves the open cards alone.
    W::apply(&mut s, 1, &Move::DraftBlind).unwrap();
    W::apply(&mut s, 1, &Move::PlaceGroup { armies: 5 }).unwrap();
    let blind = s.draft().unwrap().clone();
    assert_eq!(blind.open, after.open);
    assert_eq!(blind.deck.len(), after.deck.len() - 1);
}
