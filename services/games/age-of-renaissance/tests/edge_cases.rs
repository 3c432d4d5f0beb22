//! The digest's edge cases (§8, E-1 … E-100) that the engine decides, each named in the
//! test that covers it. Edge cases covered elsewhere: E-11 (scenarios::ts2), E-64
//! (scenarios::ts4), E-75 (example_of_play), E-95 (no move exists for a trade).
#![allow(clippy::needless_range_loop)]

mod common;

use common::*;
use signoria_age_of_renaissance::data::{Advance, Category, Commodity, Event as Ev, Region, data};
use signoria_age_of_renaissance::geo::{bit, geo};
use signoria_age_of_renaissance::model::{AcqStep, Fleet, Frame, Move, State, Target};
use signoria_age_of_renaissance::{
    AgeOfRenaissance as A, Options, acquisition, cards, combat, deck, events, expansion, income,
    misery, personalities, purchase, reach, scoring, setup, shortage, turn_order, war,
};
use signoria_engine::Game;

fn ev() -> Vec<signoria_engine::Scoped<signoria_age_of_renaissance::Event>> {
    Vec::new()
}

fn box_of(v: u32) -> u8 {
    data()
        .tables
        .misery_track
        .values
        .iter()
        .position(|&x| x == v)
        .unwrap() as u8
}

// ------------------------------------------------------------ set-up and bidding

/// E-1, E-2, E-3: capital bids 0..=40; ties by rolls, rolled again when equal; the
/// later chooser goes first on equal turn-order bids.
#[test]
fn e1_e2_e3_capital_auction() {
    let mut s = A::setup(&Options::default(), 3, 5).unwrap();
    for seat in 0..3 {
        let mv = A::legal_moves(&s, seat)[0].clone();
        apply(&mut s, seat, mv);
    }
    let bids = setup::capital_bid_choices(&s, 0);
    assert_eq!(bids.len(), 41);
    assert_eq!(bids[0], Move::CapitalBid { ducats: 0 });
    apply(&mut s, 0, Move::CapitalBid { ducats: 5 });
    apply(&mut s, 1, Move::CapitalBid { ducats: 5 });
    // Seat 0 and 1 roll 4 and 4, then 1 and 6: seat 1 chooses first.
    s.scripted_dice = vec![4, 4, 1, 6];
    apply(&mut s, 2, Move::CapitalBid { ducats: 7 });
    assert!(s.scripted_dice.is_empty());
    let Some(Frame::ChooseCapital { order, .. }) = s.stack.last() else {
        panic!("choose capital")
    };
    assert_eq!(order, &vec![2, 1, 0]);
    for seat in [2usize, 1, 0] {
        let mv = A::legal_moves(&s, seat)[0].clone();
        apply(&mut s, seat, mv);
    }
    assert_eq!([cash(&s, 0), cash(&s, 1), cash(&s, 2)], [35, 35, 33]);
    // Equal turn-order bids: the later chooser (seat 0, third) goes first.
    for seat in 0..3 {
        apply(&mut s, seat, Move::Bid { tokens: 5 });
    }
    assert_eq!(s.order, vec![0, 1, 2]);
}

/// E-4, E-5, E-6: negative bids cost their value and give nothing and go first; a bid
/// above the stock takes the whole stock and pays in full; no bid above the cash.
#[test]
fn e4_e5_e6_turn_order_bids() {
    let mut s = started(3);
    assert_eq!(
        turn_order::bid_range(&s, 0),
        -(cash(&s, 0) as i32)..=cash(&s, 0) as i32
    );
    set_cash(&mut s, 1, 100);
    s.players[1].stock = 10;
    let c2 = cash(&s, 2);
    let mut e = ev();
    turn_order::reveal(&mut s, &[Some(3), Some(30), Some(-5)], &mut e);
    assert_eq!(s.order, vec![2, 0, 1]);
    assert_eq!(cash(&s, 2), c2 - 5);
    assert_eq!(s.players[2].bought, 0);
    assert_eq!(s.players[1].bought, 10);
    assert_eq!(cash(&s, 1), 70);
    assert_eq!(s.players[1].noted, 70, "the noted cash");
}

/// E-7: combat ranks are the track boxes: 3p 2/4/6, 4p 2/3/5/6, 5p 2-6, 6p 1-6.
#[test]
fn e7_boxes() {
    for (n, boxes) in [
        (3, vec![2, 4, 6]),
        (4, vec![2, 3, 5, 6]),
        (5, vec![2, 3, 4, 5, 6]),
        (6, vec![1, 2, 3, 4, 5, 6]),
    ] {
        let s = started(n);
        let got: Vec<u8> = s.order.iter().map(|&p| s.rank(p)).collect();
        assert_eq!(got, boxes);
    }
}

/// E-8, E-9: the held-back cards join at set-up (3-4 players) or at the start of round
/// 2 (5-6); the returned cards go back into the deck.
#[test]
fn e8_e9_held_back_and_returned_cards() {
    let held = data().held_back_cards();
    for n in [3, 4] {
        let s = started(n);
        assert!(s.held_back.is_empty());
    }
    for n in [5, 6] {
        let mut s = A::setup(&Options::default(), n, 3).unwrap();
        let returned: Vec<_> = (0..n)
            .map(|seat| match A::legal_moves(&s, seat)[0] {
                Move::ReturnCard { card } => card,
                _ => unreachable!(),
            })
            .collect();
        for (seat, &card) in returned.iter().enumerate() {
            apply(&mut s, seat, Move::ReturnCard { card });
        }
        for &c in &returned {
            assert!(s.deck.contains(&c), "a returned card is in the deck again");
        }
        assert_eq!(s.held_back, held);
        let mut s = started(n);
        // Play on until round 2 starts: the held-back cards are in the deck then.
        let mut rng = signoria_engine::GameRng::from_seed(1);
        while s.round < 2 {
            let p = pending(&s)[0];
            let moves = A::legal_moves(&s, p);
            let mv = moves
                .iter()
                .find(|m| !matches!(m, Move::Resign))
                .cloned()
                .unwrap_or_else(|| moves[rng.index(moves.len())].clone());
            A::apply(&mut s, p, &mv).unwrap();
        }
        assert!(s.held_back.is_empty());
        for c in &held {
            assert!(
                s.deck.contains(c) || s.players.iter().any(|p| p.hand.contains(c)),
                "held-back card in play in round 2"
            );
        }
    }
}

// ------------------------------------------------------------ phases 1 and 2

/// E-10, E-12: only the first player clears, the base value per counter, one at a time;
/// Mills [J]: the first owner in order, four commodities, may create a counter, never a
/// fourth.
#[test]
fn e10_e12_clearing_and_mills() {
    let mut s = started(3);
    s.counters[Commodity::Wine.index()] = 2;
    let first = s.order[0];
    let c = cash(&s, first as usize);
    let mut e = ev();
    assert!(
        shortage::clear_choices(&s, first).contains(&Move::ClearCounter {
            commodity: Commodity::Wine
        })
    );
    shortage::clear(&mut s, first, Commodity::Wine, &mut e);
    assert_eq!(s.counters[Commodity::Wine.index()], 1, "one of two");
    assert_eq!(cash(&s, first as usize), c - 5);
    let (o1, o2) = (s.order[1], s.order[2]);
    give(&mut s, o2, Advance::J);
    give(&mut s, o1, Advance::J);
    assert_eq!(shortage::mills_owner(&s), Some(s.order[1]));
    let moves = shortage::mills_choices(&s);
    assert!(moves.contains(&Move::Mills {
        commodity: Commodity::Grain,
        shortage: true
    }));
    assert!(!moves.iter().any(|m| matches!(
        m,
        Move::Mills {
            commodity: Commodity::Gold,
            ..
        }
    )));
    s.counters[Commodity::Gold.index()] = 2;
    assert_eq!(shortage::used(&s), 3);
    assert!(
        !shortage::can_shift(&s, Commodity::Grain, true),
        "no fourth counter"
    );
    assert!(
        shortage::can_shift(&s, Commodity::Wine, false),
        "removing one"
    );
}

/// E-13: the final card play has no clearing (no phase 1): the frame never appears.
#[test]
fn e13_final_card_play_has_no_clearing() {
    let mut s = started(3);
    s.counters[Commodity::Wine.index()] = 1;
    s.last_card_drawn = true;
    let mut rng = signoria_engine::GameRng::from_seed(2);
    let mut seen_final = false;
    while !pending(&s).is_empty() {
        if kind(&s) == "final card play" {
            seen_final = true;
        }
        if seen_final {
            assert_ne!(kind(&s), "clear counters");
        }
        let p = pending(&s)[0];
        let moves = A::legal_moves(&s, p);
        let mv = moves
            .iter()
            .find(|m| !matches!(m, Move::Resign))
            .cloned()
            .unwrap_or_else(|| moves[rng.index(moves.len())].clone());
        A::apply(&mut s, p, &mv).unwrap();
    }
    assert_eq!(s.round, 1, "the game ended after the first round");
    assert!(A::outcome(&s).is_some());
}

/// E-14, E-15: Urban Ascendancy buys one card a round for 10; Art & Technology discards
/// one (circle: face up on the pile; square: shown and out) in phase 2 and once when
/// bought.
#[test]
fn e14_e15_card_purchase() {
    let mut s = started(3);
    let seat = 0u8;
    give(&mut s, seat, Advance::V);
    give(&mut s, seat, Advance::P);
    set_cash(&mut s, 0, 50);
    let mut e = ev();
    assert!(purchase::choices(&s, seat).contains(&Move::BuyCard));
    let hand = s.players[0].hand.len();
    purchase::buy(&mut s, seat, &mut e);
    assert_eq!(s.players[0].hand.len(), hand + 1);
    assert_eq!(cash(&s, 0), 40);
    assert!(!purchase::choices(&s, seat).contains(&Move::BuyCard));
    deal(&mut s, seat, cid("alchemy"));
    purchase::discard(&mut s, seat, cid("alchemy"), &mut e);
    assert_eq!(s.pile.last(), Some(&cid("alchemy")));
    assert!(
        !purchase::choices(&s, seat)
            .iter()
            .any(|m| matches!(m, Move::Discard { .. }))
    );
    // A square card leaves the game (Mongol Invasion is an epoch-2 square card).
    let mut s2 = started(3);
    s2.epoch = 2;
    deal(&mut s2, 0, cid("mongol_invasion"));
    purchase::discard(&mut s2, 0, cid("mongol_invasion"), &mut e);
    assert_eq!(s2.removed.last(), Some(&cid("mongol_invasion")));
    // Buying Art & Technology asks for a discard at once.
    let mut s3 = started(3);
    give(&mut s3, 0, Advance::O);
    s3.players[0].cash = 200;
    s3.stack.push(Frame::Acquire {
        seat: 0,
        step: AcqStep::Advances,
    });
    acquisition::buy(&mut s3, 0, Advance::P, &[], &mut e);
    assert_eq!(kind(&s3), "art discard");
}

// ------------------------------------------------------------ phase 3: cards

/// E-16, E-17, E-18, E-19: no province, no payout; a surplus pays one column less (a
/// single province 0), two counters still one column; each card removes one counter;
/// on a two-commodity card only the chosen commodity's counter goes.
#[test]
fn e16_e19_commodity_payouts_and_counters() {
    let mut s = started(3);
    let barca = 0u8;
    give(&mut s, 1, Advance::M);
    s.counters[Commodity::Wine.index()] = 1;
    assert_eq!(
        cards::payout(&s, 1, Commodity::Wine),
        0,
        "no wine, no payout"
    );
    s.counters[Commodity::Wine.index()] = -2;
    assert_eq!(
        cards::payout(&s, barca, Commodity::Wine),
        0,
        "1 - 1 = 0 columns"
    );
    control(&mut s, barca, pid("Lisboa"));
    assert_eq!(
        cards::payout(&s, barca, Commodity::Wine),
        5,
        "2 - 1: one column"
    );
    let mut e = ev();
    deal(&mut s, barca, cid("wine_cloth_1"));
    s.counters[Commodity::Cloth.index()] = 1;
    cards::play_commodity(&mut s, barca, cid("wine_cloth_1"), Commodity::Wine, &mut e);
    assert_eq!(
        s.counters[Commodity::Wine.index()],
        -1,
        "one counter per card"
    );
    assert_eq!(
        s.counters[Commodity::Cloth.index()],
        1,
        "the other commodity keeps its"
    );
    assert!(!s.players[0].hand.contains(&cid("wine_cloth_1")));
    assert_eq!(s.pile.last(), Some(&cid("wine_cloth_1")));
}

/// E-20, E-21: control-changing events move commodity cards at once; anyone may play a
/// commodity card, also one paying only others.
#[test]
fn e20_e21_commodity_cards_follow_events() {
    let mut s = started(3);
    control(&mut s, 1, pid("Lisboa"));
    assert_eq!(s.board.control_cards(1, Commodity::Wine), 1);
    let mut e = ev();
    events::resolve(
        &mut s,
        2,
        Ev::Rebellion,
        Target::Province(pid("Lisboa")),
        false,
        0,
        &mut e,
    );
    assert_eq!(s.board.control_cards(1, Commodity::Wine), 0);
    assert_eq!(cards::payout(&s, 1, Commodity::Wine), 0);
    deal(&mut s, 2, cid("wool_1a"));
    assert!(
        cards::play_moves(&s, 2, false).contains(&Move::PlayCommodity {
            card: cid("wool_1a"),
            commodity: Commodity::Wool
        })
    );
}

/// E-22: the first personalities lie in the slots: two with 3-4 players, three with 5-6.
#[test]
fn e22_personality_slots() {
    for (n, slots) in [
        (3, vec![1, 2, 0, 0]),
        (4, vec![1, 2, 0, 0]),
        (5, vec![1, 2, 3, 0]),
        (6, vec![1, 2, 3, 0]),
    ] {
        let mut s = started(n);
        let mut e = ev();
        for k in [
            "charlemagne",
            "dionysius_exiguus",
            "st_benedict",
            "rashid_ed_din",
        ] {
            deal(&mut s, 0, cid(k));
            deck::take_from_hand(&mut s, 0, cid(k));
            personalities::play(&mut s, 0, cid(k), false, &mut e);
        }
        let got: Vec<u8> = s.this_round.personalities.iter().map(|p| p.slot).collect();
        assert_eq!(got, slots, "{n} players");
    }
}

/// E-23: a circle card played goes onto the pile at once, so it joins the next epoch's
/// deck when the deck runs out in the same round.
#[test]
fn e23_pile_at_once() {
    let mut s = started(3);
    let mut e = ev();
    deal(&mut s, 0, cid("stone_1a"));
    cards::play_commodity(&mut s, 0, cid("stone_1a"), Commodity::Stone, &mut e);
    let rest = std::mem::take(&mut s.deck);
    s.removed.extend(rest);
    assert!(deck::draw(
        &mut s,
        1,
        signoria_age_of_renaissance::model::DrawReason::Draw,
        &mut e
    ));
    assert_eq!(s.epoch, 2);
    assert!(
        s.deck.contains(&cid("stone_1a")) || s.players[1].hand.contains(&cid("stone_1a")),
        "the played circle card is in the epoch-2 deck"
    );
}

/// E-24, E-25, E-26: Patronage claims in P4 in turn order (the earlier claimant takes a
/// limited claim); E bought this P4 works at once; Printing Press pays only for one's
/// own personality and advances bought in an earlier round; credits end with P4.
#[test]
fn e24_e25_e26_patronage_and_printing_press() {
    let mut s = started(3);
    let mut e = ev();
    // Seat 0 plays Dionysus (slot 1) and Rashid (slot 2); seat 2 plays St. Benedikt (no slot).
    for (seat, k) in [
        (0u8, "dionysius_exiguus"),
        (0, "rashid_ed_din"),
        (2, "st_benedict"),
    ] {
        deal(&mut s, seat, cid(k));
        deck::take_from_hand(&mut s, seat, cid(k));
        personalities::play(&mut s, seat, cid(k), false, &mut e);
    }
    // Seat 1 buys Patronage [E] this round: it may claim at once.
    set_cash(&mut s, 1, 300);
    acquisition::buy(&mut s, 1, Advance::E, &[cid("st_benedict")], &mut e);
    assert_eq!(cash(&s, 1), 300 - 20, "30 - 10 St. Benedikt");
    let claimable = personalities::claimable(&s, 1);
    assert!(
        claimable.contains(&cid("rashid_ed_din")),
        "slot 2: one claim"
    );
    assert!(
        !claimable.contains(&cid("dionysius_exiguus")),
        "slot 1 is protected"
    );
    let price = acquisition::price(&s, 1, Advance::N, &[cid("rashid_ed_din")]);
    assert_eq!(
        price,
        30 - 10 - 10,
        "Rashid and the already claimed St. Benedikt"
    );
    acquisition::buy(&mut s, 1, Advance::N, &[cid("rashid_ed_din")], &mut e);
    // Seat 2 with Patronage comes later: Rashid's one claim is taken.
    give(&mut s, 2, Advance::E);
    assert!(!personalities::claimable(&s, 2).contains(&cid("rashid_ed_din")));
    // Credits end with the acquisition phase.
    acquisition::end_of_phase(&mut s);
    assert!(s.this_round.personalities.is_empty());
    assert_eq!(personalities::credits_for(&s, 0, Advance::N, &[]), 0);
    // Printing Press: own personality, advances of an earlier round only.
    let mut s = started(3);
    give(&mut s, 0, Advance::O);
    give(&mut s, 0, Advance::R);
    deal(&mut s, 0, cid("rashid_ed_din"));
    let c = cash(&s, 0);
    deck::take_from_hand(&mut s, 0, cid("rashid_ed_din"));
    personalities::play(&mut s, 0, cid("rashid_ed_din"), false, &mut e);
    assert_eq!(
        cash(&s, 0),
        c + 10 + 10,
        "R and N (a prerequisite of O) owned"
    );
    s.players[0].new_advances.add(Advance::R);
}

/// E-27, E-100: Enlightened Monarch shields its player from then on (not before), from
/// Mysticism, Religious War, Civil War, Uprisings, Rebellion and Alchemy, not Famine;
/// the card player himself is hit by the others.
#[test]
fn e27_e100_enlightened_monarch() {
    let mut s = started(3);
    let mut e = ev();
    events::resolve(&mut s, 0, Ev::Mysticism, Target::None, false, 0, &mut e);
    assert_eq!(s.players[0].misery, 4, "the card player is hit too");
    events::resolve(
        &mut s,
        1,
        Ev::EnlightenedMonarch,
        Target::None,
        false,
        0,
        &mut e,
    );
    assert!(!events::targets(&s, 0, Ev::Alchemy).contains(&Target::Seat(1)));
    assert!(!events::targets(&s, 0, Ev::CivilWar).contains(&Target::Seat(1)));
    let m1 = s.players[1].misery;
    events::resolve(&mut s, 0, Ev::Mysticism, Target::None, false, 0, &mut e);
    assert_eq!(s.players[1].misery, m1, "shielded");
    events::resolve(&mut s, 0, Ev::Famine, Target::None, false, 0, &mut e);
    assert_eq!(s.players[1].misery, m1 + 4, "Famine is not on the list");
    give(&mut s, 2, Advance::I);
    let m2 = s.players[2].misery;
    events::resolve(&mut s, 0, Ev::Uprisings, Target::None, false, 0, &mut e);
    assert_eq!(s.players[2].misery, m2 + 1, "one step per Commerce advance");
    // Rebellion cannot hit the shielded player's provinces.
    control(&mut s, 1, pid("Lisboa"));
    assert!(!events::targets(&s, 0, Ev::Rebellion).contains(&Target::Province(pid("Lisboa"))));
}

/// E-28: Alchemy takes half the noted cash rounded up, never more than the cash; Laws of
/// Matter [C] owners cannot be chosen; all players with C make it unplayable.
#[test]
fn e28_alchemy() {
    let mut s = started(3);
    let mut e = ev();
    s.players[1].noted = 17;
    set_cash(&mut s, 1, 20);
    events::resolve(&mut s, 0, Ev::Alchemy, Target::Seat(1), false, 0, &mut e);
    assert_eq!(cash(&s, 1), 11);
    s.players[2].noted = 40;
    set_cash(&mut s, 2, 6);
    events::resolve(&mut s, 0, Ev::Alchemy, Target::Seat(2), false, 0, &mut e);
    assert_eq!(cash(&s, 2), 0);
    give(&mut s, 1, Advance::C);
    assert_eq!(events::targets(&s, 0, Ev::Alchemy), vec![Target::Seat(2)]);
    for p in 0..3 {
        give(&mut s, p, Advance::C);
    }
    assert!(events::unplayable(&s, Ev::Alchemy));
    sound(&s);
}

/// E-29, E-82: a Civil War victim goes last from the start of the expansion phase (the
/// others move up), before the Renaissance window.
#[test]
fn e29_e82_civil_war_order() {
    let mut s = started(4);
    let first = s.order[0];
    let mut e = ev();
    let by = s.order[1];
    events::resolve(
        &mut s,
        by,
        Ev::CivilWar,
        Target::Seat(first),
        false,
        0,
        &mut e,
    );
    assert_eq!(kind(&s), "civil war loss");
    assert_eq!(s.players[first as usize].misery, 1);
    let order = s.order.clone();
    turn_order::civil_war_to_last(&mut s, &mut e);
    assert_eq!(s.order, vec![order[1], order[2], order[3], order[0]]);
    assert_eq!(s.rank(order[1]), 2);
}

/// E-30, E-98: the Crusades put the player's control token on a province of region VI
/// (not a satellite), remove every other token there, and give him one misery step.
#[test]
fn e30_e98_crusades() {
    let mut s = started(3);
    let acre = pid("St. Jean d'Acree");
    put(&mut s, 1, acre, 2);
    put(&mut s, 0, acre, 1);
    let t = events::targets(&s, 0, Ev::Crusades);
    assert!(t.contains(&Target::Province(acre)));
    assert!(
        !t.contains(&Target::Province(pid("Jerusalem"))),
        "a satellite"
    );
    assert!(
        t.iter()
            .all(|t| matches!(t, Target::Province(p) if data().province(*p).region == Region::VI))
    );
    let mut e = ev();
    events::resolve(
        &mut s,
        0,
        Ev::Crusades,
        Target::Province(acre),
        false,
        0,
        &mut e,
    );
    assert_eq!(s.board.get(acre).controller(), Some(0));
    assert!(
        !s.board.get(acre).control_is_new(),
        "coloured side: a base at once"
    );
    assert_eq!(s.board.get(acre).tokens(1), 0);
    assert_eq!(s.board.get(acre).tokens(0), 0);
    assert_eq!(s.players[0].misery, 1);
    assert!(reach::bases(&s, 0) & bit(acre) != 0);
    sound(&s);
}

/// E-31: Rebellion never hits a capital or the New World; Pirates/Vikings a coastal
/// province, one in epoch 1, two in epoch 2, three in epoch 3; Black Death a region.
#[test]
fn e31_rebellion_pirates_black_death() {
    let mut s = started(3);
    let t = events::targets(&s, 1, Ev::Rebellion);
    assert!(
        !t.contains(&Target::Province(pid("Barcelona"))),
        "a capital"
    );
    control(&mut s, 0, pid("Lisboa"));
    control(&mut s, 0, pid("Valencia"));
    control(&mut s, 0, pid("Toledo"));
    let t = events::targets(&s, 1, Ev::PiratesVikings);
    assert!(t.contains(&Target::Province(pid("Lisboa"))));
    assert!(
        !t.contains(&Target::Province(pid("Toledo"))),
        "Toledo has no coast"
    );
    s.epoch = 3;
    deal(&mut s, 1, cid("pirates_vikings"));
    s.stack.push(Frame::Play { seat: 1 });
    apply(
        &mut s,
        1,
        Move::PlayEvent {
            card: cid("pirates_vikings"),
            target: Target::Province(pid("Lisboa")),
        },
    );
    assert_eq!(kind(&s), "pirates");
    apply(
        &mut s,
        1,
        Move::Pirate {
            province: pid("Valencia"),
        },
    );
    apply(
        &mut s,
        1,
        Move::Pirate {
            province: pid("Barcelona"),
        },
    );
    assert_eq!(kind(&s), "play cards", "three in epoch 3");
    for p in ["Lisboa", "Valencia", "Barcelona"] {
        assert_eq!(s.board.get(pid(p)).controller(), None, "{p}");
        assert_eq!(s.board.get(pid(p)).tokens(0), 1, "{p}");
    }
    s.epoch = 1;
    // Black Death on region IV: expansion tokens out, control tokens reduced.
    let mut e = ev();
    put(&mut s, 2, pid("San Sebastian"), 1);
    control(&mut s, 0, pid("Valencia"));
    events::resolve(
        &mut s,
        1,
        Ev::BlackDeath,
        Target::Region(Region::IV),
        false,
        0,
        &mut e,
    );
    assert_eq!(s.board.get(pid("San Sebastian")).tokens(2), 0);
    assert_eq!(s.board.get(pid("Valencia")).controller(), None);
    assert_eq!(s.board.get(pid("Valencia")).tokens(0), 1);
    assert_eq!(
        s.board.get(pid("Lisboa")).tokens(0),
        0,
        "its token went back too"
    );
    let regions = events::targets(&s, 1, Ev::BlackDeath);
    assert!(
        !regions.contains(&Target::Region(Region::I)),
        "not in play with 3"
    );
    assert!(!regions.contains(&Target::Region(Region::Orient)));
    sound(&s);
}

/// E-32: a control token reduced when its owner has no expansion token in stock: he
/// uses a bought token or leaves the province empty; without bought tokens it is empty.
#[test]
fn e32_reduction_without_stock() {
    let mut s = started(3);
    let lisboa = pid("Lisboa");
    control(&mut s, 0, lisboa);
    s.players[0].bought = s.players[0].stock;
    s.players[0].stock = 0;
    let mut e = ev();
    events::reduce(&mut s, lisboa, &mut e);
    assert_eq!((kind(&s), pending(&s)), ("reduce", vec![0]));
    apply(&mut s, 0, Move::UseBought { bought: true });
    assert_eq!(s.board.get(lisboa).tokens(0), 1);
    let valencia = pid("Valencia");
    control(&mut s, 0, valencia);
    s.players[0].bought = 0;
    events::reduce(&mut s, valencia, &mut e);
    assert!(
        pending(&s).is_empty(),
        "nothing to decide without bought tokens"
    );
    signoria_engine::kernel::advance::<A>(&mut s, &mut e);
    assert_ne!(kind(&s), "reduce");
    assert!(s.board.get(valencia).is_empty());
    assert_eq!(
        s.players[0].control_stock,
        25 - 1,
        "both control tokens went back"
    );
}

/// E-33: a tied War goes on in the next card-play phase.
#[test]
fn e33_war_carries_over() {
    let mut s = started(3);
    let mut e = ev();
    s.scripted_dice = vec![3, 3];
    events::resolve(&mut s, 0, Ev::War, Target::Seat(1), false, 0, &mut e);
    assert_eq!(s.wars.len(), 1);
    assert_eq!((s.players[0].misery, s.players[1].misery), (1, 1));
    // The next card-play phase rolls it again first.
    let w = s.wars.pop().unwrap();
    s.scripted_dice = vec![6, 2];
    war::fight(&mut s, w, None, &mut e);
    assert!(s.wars.is_empty());
    assert_eq!((s.players[0].misery, s.players[1].misery), (2, 3));
}

/// E-34: military advantages last the round and stack; Longbow cancels an earlier
/// Stirrups (and makes it unplayable); Stirrups gives no +1 against Armor.
#[test]
fn e34_military_advantages() {
    let mut s = started(3);
    let p = pid("Lisboa");
    put(&mut s, 1, p, 1);
    let base = combat::tokens_needed(&s, 0, p);
    let mut e = ev();
    events::resolve(&mut s, 0, Ev::Stirrups, Target::None, false, 0, &mut e);
    events::resolve(&mut s, 0, Ev::Armor, Target::None, false, 0, &mut e);
    assert_eq!(combat::attack_bonus(&s, 0, p), 2, "they stack");
    assert!(combat::tokens_needed(&s, 0, p) < base);
    events::resolve(&mut s, 1, Ev::Armor, Target::None, false, 0, &mut e);
    assert_eq!(
        combat::attack_bonus(&s, 0, p),
        1,
        "Stirrups against Armor: no +1"
    );
    s.epoch = 2;
    events::resolve(&mut s, 2, Ev::Longbow, Target::None, false, 0, &mut e);
    assert_eq!(combat::attack_bonus(&s, 0, p), 0, "cancelled");
    assert!(events::unplayable(&s, Ev::Stirrups) && events::unplayable(&s, Ev::Armor));
    assert!(!signoria_age_of_renaissance::military::tie_wins(&s, 0));
}

/// E-35: Religious War cancels a Papal Decree of the same round; in epoch 3 it makes the
/// Decree unplayable.
#[test]
fn e35_religious_war_and_papal_decree() {
    let mut s = started(3);
    let mut e = ev();
    s.epoch = 2;
    events::resolve(
        &mut s,
        0,
        Ev::PapalDecree,
        Target::Category(Category::Science),
        false,
        0,
        &mut e,
    );
    assert_eq!(s.this_round.papal, Some(Category::Science));
    assert!(!acquisition::may_buy(&s, 0, Advance::A));
    events::resolve(&mut s, 1, Ev::ReligiousWar, Target::None, false, 0, &mut e);
    assert_eq!(s.this_round.papal, None);
    assert!(!events::unplayable(&s, Ev::PapalDecree));
    s.epoch = 3;
    events::resolve(&mut s, 1, Ev::ReligiousWar, Target::None, false, 0, &mut e);
    assert!(events::unplayable(&s, Ev::PapalDecree));
}

// ------------------------------------------------------------ phase 6

/// E-36, E-37, E-38, E-39: leftovers go before the rolls; 12 names gold and ivory; a
/// shortage and a surplus cancel; majorities count control cards (China twice), a tie
/// gives nothing.
#[test]
fn e36_e39_the_rolls() {
    let mut s = started(3);
    s.counters[Commodity::Wine.index()] = -1;
    s.scripted_dice = vec![1, 6, 6, 4, 1, 1];
    let mut e = ev();
    shortage::roll_twice(&mut s, &mut e);
    assert_eq!(
        s.counters[Commodity::Wine.index()],
        0,
        "the old counter went first"
    );
    assert_eq!(s.counters[Commodity::Gold.index()], 1);
    assert_eq!(s.counters[Commodity::Ivory.index()], 1);
    assert_eq!(s.counters[Commodity::Stone.index()], -1);
    shortage::apply_roll(&mut s, [4, 6, 6], &mut e);
    assert_eq!(
        s.counters[Commodity::Gold.index()],
        0,
        "surplus cancels shortage"
    );
    // China counts for silk and for spices; a tie gives nothing.
    control(&mut s, 0, pid("China"));
    control(&mut s, 1, pid("Valencia"));
    assert_eq!(s.board.control_cards(0, Commodity::Silk), 1);
    assert_eq!(s.board.control_cards(0, Commodity::Spices), 1);
    let c0 = cash(&s, 0);
    let c1 = cash(&s, 1);
    shortage::majority(&mut s, Commodity::Silk, false, &mut e);
    assert_eq!((cash(&s, 0), cash(&s, 1)), (c0, c1), "tie: nothing");
}

/// E-40, E-41, E-42: Banking doubles the cash held at the end of the expansion phase up
/// to the income (with Z's 10); income counts control tokens only, times the starting
/// player count even after eliminations; an overseas province is one province.
#[test]
fn e40_e42_income() {
    let mut s = started(4);
    put(&mut s, 0, pid("Toledo"), 2);
    put(&mut s, 0, pid("Palma"), 1);
    assert_eq!(
        income::income(&s, 0),
        15 + 4,
        "partial stacks and satellites give nothing"
    );
    control(&mut s, 0, pid("China"));
    assert_eq!(income::income(&s, 0), 15 + 8, "China is one province");
    let mut e = ev();
    misery::eliminate(&mut s, 3, false, &mut e);
    let c3 = cash(&s, 3);
    assert_eq!(income::income(&s, 0), 15 + 8, "still times 4");
    give(&mut s, 0, Advance::L);
    give(&mut s, 0, Advance::Z);
    set_cash(&mut s, 0, 1000);
    s.scripted_dice = vec![1, 1, 1, 1, 1, 1];
    income::run(&mut s, &mut e);
    assert_eq!(
        cash(&s, 0),
        1000 + 33 + 33,
        "banking capped at the income with Z"
    );
    assert_eq!(cash(&s, 3), c3, "no income for a player out");
}

// ------------------------------------------------------------ phase 4

/// E-43, E-44: one box a round for 10; Galley 8 never becomes a three-master by paying;
/// buying S sets Three-master 10, T Ocean-going 1; the fleet step comes first.
#[test]
fn e43_e44_fleet() {
    let mut s = started(3);
    let mut e = ev();
    set_cash(&mut s, 0, 1000);
    s.players[0].fleet = Fleet::Galley(4);
    assert!(!acquisition::can_raise_fleet(&s, 0));
    s.players[0].fleet = Fleet::Galley(2);
    acquisition::raise_fleet(&mut s, 0, &mut e);
    assert_eq!(s.players[0].fleet, Fleet::Galley(3));
    assert!(!acquisition::can_raise_fleet(&s, 0), "one box a round");
    acquisition::buy(&mut s, 0, Advance::S, &[], &mut e);
    assert_eq!(s.players[0].fleet, Fleet::ThreeMaster(1));
    give(&mut s, 0, Advance::A);
    acquisition::buy(&mut s, 0, Advance::T, &[], &mut e);
    assert_eq!(s.players[0].fleet, Fleet::OceanGoing(1));
    // In a turn the fleet step is asked before the advances.
    let mut s = started(3);
    set_cash(&mut s, 0, 100);
    s.stack.push(Frame::Acquire {
        seat: 0,
        step: AcqStep::Fleet,
    });
    assert_eq!(kind(&s), "fleet");
    apply(&mut s, 0, Move::Pass);
    assert_eq!(kind(&s), "advances");
}

/// E-45, E-46: a prerequisite bought earlier in the same phase allows the advance; an
/// advance's credit counts from the next round; Institutional Research [X] at once.
#[test]
fn e45_e46_prerequisites_and_credits() {
    let mut s = started(3);
    let mut e = ev();
    set_cash(&mut s, 0, 1000);
    assert!(!acquisition::may_buy(&s, 0, Advance::J));
    acquisition::buy(&mut s, 0, Advance::I, &[], &mut e);
    assert!(acquisition::may_buy(&s, 0, Advance::J));
    assert_eq!(
        acquisition::price(&s, 0, Advance::J, &[]),
        40,
        "I's credit not yet"
    );
    s.players[0].new_advances = Default::default();
    assert_eq!(
        acquisition::price(&s, 0, Advance::J, &[]),
        30,
        "next round: 40 - 10"
    );
    acquisition::buy(&mut s, 0, Advance::X, &[], &mut e);
    assert_eq!(acquisition::price(&s, 0, Advance::J, &[]), 20, "X at once");
    assert_eq!(
        acquisition::price(&s, 0, Advance::E, &[]),
        30,
        "X not on Religion"
    );
}

/// E-47, E-48, E-91: a Religion advance is a misery step at once and can put the buyer
/// out in the middle of the phase (his turn ends); Anatomy and Agriculture a step less,
/// never below 0.
#[test]
fn e47_e48_e91_misery_at_purchase() {
    let mut s = started(3);
    let mut e = ev();
    set_cash(&mut s, 0, 1000);
    acquisition::buy(&mut s, 0, Advance::B, &[], &mut e);
    assert_eq!(s.players[0].misery, 0, "never below 0");
    acquisition::buy(&mut s, 0, Advance::E, &[], &mut e);
    assert_eq!(s.players[0].misery, 1);
    s.players[1].misery = misery::top();
    set_cash(&mut s, 1, 1000);
    s.stack.push(Frame::Acquire {
        seat: 1,
        step: AcqStep::Advances,
    });
    apply(
        &mut s,
        1,
        Move::BuyAdvance {
            advance: Advance::F,
            claims: vec![],
        },
    );
    assert!(s.players[1].out);
    assert!(!pending(&s).contains(&1), "his decisions are skipped");
    sound(&s);
}

/// E-49, E-50: stabilization is all or nothing, unplayable cards count; refusing is
/// converted by value.
#[test]
fn e49_e50_stabilization() {
    let mut s = started(3);
    empty_hands(&mut s);
    s.permanent.stirrups_armor_dead = true;
    deal(&mut s, 0, cid("stirrups"));
    deal(&mut s, 0, cid("armor"));
    assert_eq!(
        acquisition::stabilization_cost(&s, 0),
        3,
        "unplayable cards count"
    );
    set_cash(&mut s, 0, 2);
    s.stack.push(Frame::Acquire {
        seat: 0,
        step: AcqStep::Stabilize,
    });
    let mut e = ev();
    signoria_engine::kernel::advance::<A>(&mut s, &mut e);
    assert_eq!(cash(&s, 0), 2, "no partial payment");
    assert_eq!(s.players[0].misery, 1);
    s.players[0].misery = box_of(100);
    let mut e = ev();
    acquisition::stabilize(&mut s, 0, false, &mut e);
    assert_eq!(s.misery_value(0), 125);
}

/// E-51: misery relief every round, the highest tier reached.
#[test]
fn e51_relief() {
    let mut s = started(3);
    let mut e = ev();
    s.players[0].misery = 10;
    for a in [
        Advance::A,
        Advance::B,
        Advance::I,
        Advance::J,
        Advance::N,
        Advance::O,
    ] {
        give(&mut s, 0, a);
    }
    acquisition::relief(&mut s, 0, &mut e);
    assert_eq!(s.players[0].misery, 9);
    acquisition::relief(&mut s, 0, &mut e);
    assert_eq!(s.players[0].misery, 8, "again the next round");
    for a in [Advance::C, Advance::K, Advance::P] {
        give(&mut s, 0, a);
    }
    acquisition::relief(&mut s, 0, &mut e);
    assert_eq!(s.players[0].misery, 6);
    for a in [Advance::D, Advance::L, Advance::M, Advance::Q] {
        give(&mut s, 0, a);
    }
    acquisition::relief(&mut s, 0, &mut e);
    assert_eq!(s.players[0].misery, 3);
}

/// E-52: the Papal Decree forbids the category in this round's acquisition phase only.
#[test]
fn e52_papal_decree_this_round() {
    let mut s = started(3);
    let mut e = ev();
    events::resolve(
        &mut s,
        0,
        Ev::PapalDecree,
        Target::Category(Category::Religion),
        false,
        0,
        &mut e,
    );
    set_cash(&mut s, 0, 100);
    assert!(
        !acquisition::may_buy(&s, 0, Advance::E),
        "the card player too"
    );
    assert!(
        !acquisition::advance_choices(&s, 1).iter().any(|m| matches!(
            m,
            Move::BuyAdvance {
                advance: Advance::E,
                ..
            }
        ))
    );
    acquisition::end_of_phase(&mut s);
    assert!(acquisition::may_buy(&s, 0, Advance::E));
}

// ------------------------------------------------------------ phase 5

/// E-53: Holy Indulgence before placing; turn order unchanged.
#[test]
fn e53_holy_indulgence() {
    let mut s = started(3);
    give(&mut s, 0, Advance::F);
    for p in 0..3 {
        s.players[p].bought = 5;
        s.players[p].stock -= 5;
    }
    s.players[2].bought = 1;
    s.players[2].stock += 4;
    let order = s.order.clone();
    let mut e = ev();
    let owe = expansion::holy_indulgence(&mut s, &mut e);
    assert_eq!(s.players[0].bought, 5 + 4, "2 per player without it");
    assert_eq!(s.players[1].bought, 3);
    assert_eq!(s.players[2].bought, 0);
    assert_eq!(owe, vec![(2, 1)]);
    assert_eq!(s.order, order);
    sound(&s);
}

/// E-54, E-55: tokens placed this phase are no bases; the capital is a base even when
/// another player holds it.
#[test]
fn e54_e55_bases() {
    let mut s = started(3);
    let barcelona = pid("Barcelona");
    clear(&mut s, barcelona);
    control(&mut s, 1, barcelona);
    assert!(reach::bases(&s, 0) & bit(barcelona) != 0);
    s.players[0].bought = 5;
    s.players[0].stock -= 5;
    s.stack.push(Frame::Expand { seat: 0 });
    s.this_round.bases = None;
    let mut e = ev();
    expansion::place(&mut s, 0, pid("Toledo"), 1, &mut e);
    assert!(reach::bases(&s, 0) & bit(pid("Toledo")) == 0);
    assert!(
        reach::reach(&s, 0).all() & bit(pid("Sevilla")) == 0,
        "not from the new token"
    );
}

/// E-56: Caravan passes a province with a partial enemy presence, not one an enemy
/// controls; by land only.
#[test]
fn e56_caravan() {
    let mut s = started(3);
    give(&mut s, 0, Advance::I);
    let sevilla = pid("Sevilla");
    assert!(
        reach::reach(&s, 0).all() & bit(sevilla) != 0,
        "through Toledo"
    );
    put(&mut s, 1, pid("Toledo"), 1);
    assert!(
        reach::reach(&s, 0).all() & bit(sevilla) != 0,
        "partial presence"
    );
    clear(&mut s, pid("Toledo"));
    control(&mut s, 1, pid("Toledo"));
    put(&mut s, 1, pid("Valencia"), 2);
    let r = reach::reach(&s, 0);
    assert!(
        r.all() & bit(sevilla) == 0,
        "Toledo and Valencia are controlled"
    );
}

/// E-57, E-74: the sea capacity per province counts failed attacks; land has no limit;
/// attacks repeat while tokens last.
#[test]
fn e57_e74_sea_capacity() {
    let mut s = started(3);
    s.players[0].fleet = Fleet::Galley(1);
    let palma = pid("Palma");
    s.players[0].bought = 10;
    s.players[0].stock -= 10;
    s.stack.push(Frame::Expand { seat: 0 });
    assert!(reach::reach(&s, 0).by_sea_only(palma));
    apply(
        &mut s,
        0,
        Move::Place {
            province: palma,
            count: 1,
        },
    );
    let moves = A::legal_moves(&s, 0);
    assert!(
        !moves
            .iter()
            .any(|m| matches!(m, Move::Place { province, .. } if *province == palma))
    );
    // Land: Toledo takes 3 (its market) at once.
    assert!(moves.contains(&Move::Place {
        province: pid("Toledo"),
        count: 3
    }));
    // Repeated attacks by land.
    let toledo = pid("Toledo");
    put(&mut s, 1, toledo, 1);
    for _ in 0..2 {
        s.scripted_dice = vec![1, 1, 6];
        apply(
            &mut s,
            0,
            Move::Attack {
                province: toledo,
                cathedral: false,
            },
        );
    }
    assert_eq!(s.players[0].bought, 9 - 8);
}

/// E-58, E-59, E-61, E-62: galley distance along the coasts, Astronomy crossing sea
/// areas; the three-master any coast but the overseas boxes and region V without Silk
/// Road; regions not in play receive nothing; region V nothing without R.
#[test]
fn e58_e62_sea_reach_and_regions() {
    let mut s = started(3);
    s.players[0].fleet = Fleet::ThreeMaster(1);
    let r = reach::reach(&s, 0);
    assert!(r.all() & bit(pid("Alexandria")) != 0);
    assert!(r.all() & bit(pid("China")) == 0);
    assert!(r.all() & geo().region(Region::V) == 0, "region V needs R");
    assert!(
        r.all() & geo().region(Region::II) == 0,
        "not in play with 3"
    );
    give(&mut s, 0, Advance::R);
    assert!(reach::reach(&s, 0).all() & bit(pid("Trebizond")) != 0);
    // Galley 2 from Barcelona: Grenada (2) yes, Tunis no.
    s.players[0].fleet = Fleet::Galley(1);
    let r = reach::reach(&s, 0);
    assert!(r.sea & bit(pid("Grenada")) != 0);
    assert!(r.all() & bit(pid("Tunis")) == 0);
}

/// E-60: the ocean-going box limits the overseas provinces held.
#[test]
fn e60_overseas_limit() {
    let mut s = started(3);
    give(&mut s, 0, Advance::T);
    s.players[0].fleet = Fleet::OceanGoing(1);
    let r = reach::reach(&s, 0);
    assert!(r.all() & bit(pid("China")) != 0);
    assert!(r.all() & bit(pid("Northamerica")) == 0, "needs New World");
    control(&mut s, 0, pid("India"));
    let r = reach::reach(&s, 0);
    assert!(
        r.all() & bit(pid("China")) == 0,
        "one overseas province at box 1"
    );
    s.players[0].fleet = Fleet::OceanGoing(2);
    assert!(reach::reach(&s, 0).all() & bit(pid("China")) != 0);
}

/// E-63, E-65: provinces are shared up to the market value, nobody controls them; a
/// control token counts as the market value.
#[test]
fn e63_e65_sharing() {
    let mut s = started(3);
    let toledo = pid("Toledo");
    put(&mut s, 1, toledo, 1);
    s.players[0].bought = 5;
    s.players[0].stock -= 5;
    s.stack.push(Frame::Expand { seat: 0 });
    let moves = A::legal_moves(&s, 0);
    assert!(moves.contains(&Move::Place {
        province: toledo,
        count: 2
    }));
    assert!(!moves.contains(&Move::Place {
        province: toledo,
        count: 3
    }));
    apply(
        &mut s,
        0,
        Move::Place {
            province: toledo,
            count: 2,
        },
    );
    assert_eq!(s.board.get(toledo).controller(), None);
    assert_eq!(income::income(&s, 1), 15 + 3);
    let lisboa = pid("Lisboa");
    control(&mut s, 2, lisboa);
    assert_eq!(combat::defence(&s, 0, lisboa), 3 + 3);
}

/// E-66, E-67, E-68: the capital doubles its owner's tokens (attacking to retake it
/// too); a satellite supports only with an established token of the controller of the
/// province it points at; with Y +2 in defence and +1 in attack.
#[test]
fn e66_e68_capitals_and_satellites() {
    let mut s = started(3);
    let barcelona = pid("Barcelona");
    assert_eq!(combat::defence(&s, 1, barcelona), 3 * 2 + 3);
    clear(&mut s, barcelona);
    control(&mut s, 1, barcelona);
    assert_eq!(
        combat::defence(&s, 0, barcelona),
        3 + 3,
        "Genoa's control: not doubled"
    );
    assert_eq!(
        combat::tokens_needed(&s, 0, barcelona),
        3,
        "6 with doubled tokens"
    );
    // Toulouse points at Barcelona: a Genoa token there supports Genoa's control.
    put(&mut s, 1, pid("Toulouse"), 1);
    assert_eq!(combat::defence(&s, 0, barcelona), 3 + 3 + 1);
    give(&mut s, 1, Advance::Y);
    assert_eq!(combat::defence(&s, 0, barcelona), 3 + 3 + 2);
    // A new token does not support.
    let mut s = started(3);
    let montpellier = pid("Montpellier");
    control(&mut s, 0, montpellier);
    s.board.get_mut(pid("Toulouse")).new[0] = 1;
    s.players[0].stock -= 1;
    assert_eq!(combat::defence(&s, 1, montpellier), 2 + 2);
    // Y in attack: one per supporting satellite.
    let mut s = started(3);
    put(&mut s, 1, montpellier, 1);
    put(&mut s, 0, pid("Toulouse"), 1);
    give(&mut s, 0, Advance::Y);
    assert_eq!(combat::attack_bonus(&s, 0, montpellier), 1);
}

/// E-69, E-70: Nationalism in the home region only (unconditionally in War); an
/// attacker fights every player present at once.
#[test]
fn e69_e70_nationalism_and_many_defenders() {
    let mut s = started(3);
    give(&mut s, 0, Advance::W);
    assert_eq!(combat::attack_bonus(&s, 0, pid("Toledo")), 1, "region IV");
    assert_eq!(combat::attack_bonus(&s, 0, pid("Lyon")), 0, "region VII");
    let toledo = pid("Toledo");
    put(&mut s, 1, toledo, 1);
    put(&mut s, 2, toledo, 1);
    assert_eq!(combat::defence(&s, 0, toledo), 1 + 1 + 3);
    assert_eq!(combat::defenders(&s, 0, toledo).len(), 2);
    // War: +1 anywhere.
    let mut e = ev();
    s.scripted_dice = vec![3, 4];
    events::resolve(&mut s, 0, Ev::War, Target::Seat(1), false, 0, &mut e);
    assert!(s.wars.len() == 1, "3 + 1 = 4: a tie");
}

/// E-71: green against the box after changes of the order; with G green = box wins; box
/// 1 with G always wins.
#[test]
fn e71_green_die() {
    let mut s = started(6);
    let first = s.order[0];
    assert_eq!(s.rank(first), 1);
    assert!(!combat::attacker_wins(&s, first, [1, 1, 6]));
    give(&mut s, first, Advance::G);
    assert!(combat::attacker_wins(&s, first, [1, 1, 6]));
    s.order.rotate_left(1);
    assert_eq!(s.rank(first), 6);
    assert!(combat::attacker_wins(&s, first, [6, 1, 6]));
    assert!(!combat::attacker_wins(&s, first, [5, 1, 6]));
}

/// E-72: the Cathedral: once a round against each player without it, before the roll,
/// attacking or defending, never in War.
#[test]
fn e72_cathedral() {
    let mut s = started(3);
    give(&mut s, 0, Advance::H);
    let toledo = pid("Toledo");
    put(&mut s, 1, toledo, 1);
    expanding(&mut s, 0, 10);
    apply(
        &mut s,
        0,
        Move::Attack {
            province: toledo,
            cathedral: true,
        },
    );
    assert_eq!(s.board.get(toledo).controller(), Some(0));
    assert!(s.scripted_dice.is_empty());
    put(&mut s, 1, pid("Valencia"), 1);
    assert!(
        !A::legal_moves(&s, 0).contains(&Move::Attack {
            province: pid("Valencia"),
            cathedral: true
        }),
        "used against Genoa this round"
    );
    // Defending: seat 1 attacks seat 0's Toledo; seat 0 is asked before the roll.
    s.stack.pop();
    s.players[1].bought = 10;
    s.players[1].stock -= 10;
    s.stack.push(Frame::Expand { seat: 1 });
    put(&mut s, 1, pid("Lisboa"), 1);
    s.players[0].round.cathedral_vs = 0;
    let mut e = ev();
    expansion::attack(&mut s, 1, toledo, false, &mut e);
    assert_eq!((kind(&s), pending(&s)), ("cathedral", vec![0]));
    apply(&mut s, 0, Move::Declare);
    assert_eq!(s.board.get(toledo).controller(), Some(0));
    // War ignores it.
    let mut e = ev();
    s.scripted_dice = vec![1, 6];
    events::resolve(&mut s, 1, Ev::War, Target::Seat(0), false, 0, &mut e);
    assert_eq!(kind(&s), "war cession");
}

/// E-73, E-76: the winner keeps one token (□ in a satellite); Written Record swaps only
/// after taking a control-token province from a player without N.
#[test]
fn e73_e76_winner_keeps_one_and_written_record() {
    let mut s = started(3);
    let palma = pid("Palma");
    put(&mut s, 1, palma, 1);
    give(&mut s, 0, Advance::N);
    s.players[0].bought = 10;
    s.players[0].stock -= 10;
    s.stack.push(Frame::Expand { seat: 0 });
    s.players[0].fleet = Fleet::Galley(1);
    s.scripted_dice = vec![6, 6, 1];
    apply(
        &mut s,
        0,
        Move::Attack {
            province: palma,
            cathedral: false,
        },
    );
    assert_eq!(s.board.get(palma).tokens(0), 1);
    assert_eq!(s.board.get(palma).new[0], 1, "a new token in the satellite");
    assert_eq!(kind(&s), "expansion", "no swap: not a control token");
    let lisboa = pid("Valencia");
    control(&mut s, 1, lisboa);
    s.scripted_dice = vec![6, 6, 1];
    apply(
        &mut s,
        0,
        Move::Attack {
            province: lisboa,
            cathedral: false,
        },
    );
    assert_eq!(s.board.get(lisboa).controller(), Some(0));
    assert!(s.board.get(lisboa).control_is_new());
    assert_eq!((kind(&s), pending(&s)), ("written record", vec![0]));
    let give_card = s.players[0].hand[0];
    apply(&mut s, 0, Move::GiveCard { card: give_card });
    assert!(s.players[1].hand.contains(&give_card));
    assert!(s.players[0].round.written_record);
    sound(&s);
}

/// E-77, E-78, E-80: one card a phase per player at global prices; the bonus card
/// counts new control tokens at the end (the Crusades' one not), ties to the earlier;
/// unplaced tokens go back.
#[test]
fn e77_e78_e80_bonus_and_leftovers() {
    let mut s = started(3);
    let mut e = ev();
    control(&mut s, 2, pid("Alexandria"));
    s.board.get_mut(pid("Toledo")).set_control(1, true);
    s.players[1].control_stock -= 1;
    s.board.get_mut(pid("Lisboa")).set_control(0, true);
    s.players[0].control_stock -= 1;
    let hands: Vec<usize> = s.players.iter().map(|p| p.hand.len()).collect();
    let first = *s.order.iter().find(|&&p| p == 0 || p == 1).unwrap();
    expansion::bonus_card(&mut s, &mut e);
    for p in 0..3 {
        let extra = (p as u8 == first) as usize;
        assert_eq!(s.players[p].hand.len(), hands[p] + extra);
    }
    s.players[2].bought = 4;
    s.players[2].stock -= 4;
    expansion::consolidate(&mut s);
    assert_eq!(s.players[2].bought, 0);
    assert!(!s.board.get(pid("Toledo")).control_is_new());
    sound(&s);
}

/// E-79: with every control token on the board a full market stays expansion tokens;
/// the swap frees a control token for it.
#[test]
fn e79_control_tokens_run_out() {
    let mut s = started(3);
    let free: Vec<_> = data()
        .provinces
        .iter()
        .filter(|p| {
            !p.is_satellite()
                && s.board.get(p.id).is_empty()
                && p.id != pid("Toledo")
                && geo().in_play(3) & bit(p.id) != 0
        })
        .map(|p| p.id)
        .take(24)
        .collect();
    for p in free {
        control(&mut s, 0, p);
    }
    assert_eq!(s.players[0].control_stock, 0);
    s.players[0].bought = 5;
    s.players[0].stock -= 5;
    s.stack.push(Frame::Expand { seat: 0 });
    let mut e = ev();
    expansion::place(&mut s, 0, pid("Toledo"), 3, &mut e);
    assert_eq!(s.board.get(pid("Toledo")).controller(), None);
    let swaps = expansion::swap_control_choices(&s, 0);
    assert!(!swaps.is_empty());
    let Move::SwapControl { from, to } = swaps[0] else {
        unreachable!()
    };
    apply(&mut s, 0, swaps[0].clone());
    assert_eq!(s.board.get(to).controller(), Some(0));
    assert_eq!(s.board.get(from).controller(), None);
    assert_eq!(s.board.get(from).tokens(0), 1);
    sound(&s);
}

/// E-81: Renaissance once a round, with a neighbour without Q.
#[test]
fn e81_renaissance_once() {
    let mut s = started(3);
    let second = s.order[1];
    give(&mut s, second, Advance::Q);
    let mut e = ev();
    assert_eq!(turn_order::renaissance_swaps(&s, second), vec![true, false]);
    turn_order::swap(&mut s, second, true, &mut e);
    assert_eq!(s.order[0], second);
    assert!(
        turn_order::renaissance_swaps(&s, second).is_empty(),
        "once a round"
    );
}

// ------------------------------------------------------------ the end

/// E-83, E-84, E-85: the game ends with the round in which someone owns all 26 advances;
/// no turn-order bid follows; every card is then played.
#[test]
fn e83_e85_the_end() {
    let mut s = started(3);
    s.players[0].advances = signoria_age_of_renaissance::model::Advances::ALL;
    assert!(scoring::game_ends(&s));
    let mut rng = signoria_engine::GameRng::from_seed(4);
    let mut bid = false;
    let mut final_play = false;
    while !pending(&s).is_empty() {
        bid |= kind(&s) == "turn-order bid";
        final_play |= kind(&s) == "final card play";
        let p = pending(&s)[0];
        let moves = A::legal_moves(&s, p);
        if kind(&s) == "final card play" {
            assert!(
                !moves.contains(&Move::Pass) || cards::play_moves(&s, p as u8, true).is_empty()
            );
        }
        let mv = moves[rng.index(moves.len())].clone();
        A::apply(&mut s, p, &mv).unwrap();
    }
    assert!(!bid, "no phase 7 in the last round");
    assert!(final_play);
    for p in 0..3 {
        let left = &s.players[p].hand;
        assert!(
            left.iter().all(|&c| {
                data()
                    .card(c)
                    .event()
                    .is_some_and(|e| events::unplayable(&s, e))
            }),
            "only unplayable cards stay"
        );
    }
}

/// E-86, E-87, E-88: score = printed costs + cash - misery value; no tie-break; players
/// out rank last.
#[test]
fn e86_e88_scoring() {
    let mut s = started(3);
    give(&mut s, 0, Advance::B);
    set_cash(&mut s, 0, 10);
    s.players[0].misery = box_of(125);
    assert_eq!(scoring::score(&s, 0), 60 + 10 - 125);
    set_cash(&mut s, 1, 50);
    set_cash(&mut s, 2, 50);
    let mut e = ev();
    misery::eliminate(&mut s, 2, true, &mut e);
    set_cash(&mut s, 2, 500);
    s.stack.clear();
    let o = scoring::outcome(&s).unwrap();
    assert_eq!(o.results[1].rank, 1);
    assert_eq!(
        o.results[2].rank, 3,
        "out of the game: last despite the score"
    );
    set_cash(&mut s, 0, 50 + 125 - 60);
    let o = scoring::outcome(&s).unwrap();
    assert_eq!((o.results[0].rank, o.results[1].rank), (1, 1), "shared");
}

// ------------------------------------------------------------ general

/// E-89, E-90: the bank has no limit; cash never goes negative (a surplus payment takes
/// what there is).
#[test]
fn e89_e90_money() {
    let mut s = started(3);
    let mut e = ev();
    control(&mut s, 0, pid("Lisboa"));
    set_cash(&mut s, 0, 1);
    shortage::majority(&mut s, Commodity::Wine, false, &mut e);
    assert_eq!(cash(&s, 0), 0);
    signoria_age_of_renaissance::bank::receive(
        &mut s,
        1,
        1_000_000,
        signoria_age_of_renaissance::model::CashReason::Event,
        &mut e,
    );
    assert_eq!(cash(&s, 1), 1_000_000 + 40 - 2);
    sound(&s);
}

/// E-92, E-93: a player out keeps his tokens (they can be attacked) and only his
/// Nationalism defends; he is not counted in "all players".
#[test]
fn e92_e93_players_out() {
    let mut s = started(3);
    give(&mut s, 2, Advance::W);
    give(&mut s, 2, Advance::Y);
    control(&mut s, 2, pid("Firenze"));
    let mut e = ev();
    misery::eliminate(&mut s, 2, false, &mut e);
    assert_eq!(s.board.get(pid("Firenze")).controller(), Some(2));
    assert_eq!(
        combat::defence(&s, 1, pid("Firenze")),
        4 + 4 + 1,
        "W still counts"
    );
    for p in 0..2 {
        give(&mut s, p, Advance::C);
    }
    assert!(
        events::unplayable(&s, Ev::Alchemy),
        "the player out does not count"
    );
    assert!(!s.order.contains(&2));
}

/// E-94, E-96: no hand limit; a personality needs no purchase and pays no cash without
/// Printing Press.
#[test]
fn e94_e96_hands_and_personalities() {
    let mut s = started(3);
    for k in [
        "stone_1a", "stone_1b", "wool_1a", "wool_1b", "timber_1", "furs_1", "alchemy",
    ] {
        deal(&mut s, 0, cid(k));
    }
    assert!(s.players[0].hand.len() >= 7);
    let c = cash(&s, 0);
    let mut e = ev();
    deal(&mut s, 0, cid("charlemagne"));
    deck::take_from_hand(&mut s, 0, cid("charlemagne"));
    personalities::play(&mut s, 0, cid("charlemagne"), false, &mut e);
    assert_eq!(cash(&s, 0), c);
    sound(&s);
}

/// E-97, E-99: the Mongol Invasion pays 10; Famine and Mysticism never lower misery.
#[test]
fn e97_e99_mongols_famine_mysticism() {
    let mut s = started(3);
    let mut e = ev();
    let c = cash(&s, 0);
    s.epoch = 2;
    events::resolve(
        &mut s,
        0,
        Ev::MongolInvasion,
        Target::None,
        false,
        0,
        &mut e,
    );
    assert_eq!(cash(&s, 0), c + 10);
    assert!(events::unplayable(&s, Ev::Crusades));
    for a in [Advance::A, Advance::B, Advance::C, Advance::D] {
        give(&mut s, 1, a);
    }
    s.players[1].misery = 5;
    events::resolve(&mut s, 0, Ev::Mysticism, Target::None, false, 0, &mut e);
    assert_eq!(s.players[1].misery, 5);
    for p in ["Kiev", "Palermo", "Belgrad", "Sevilla", "Danzig"] {
        if geo().in_play(3) & bit(pid(p)) != 0 {
            control(&mut s, 1, pid(p));
        }
    }
    give(&mut s, 1, Advance::K);
    events::resolve(&mut s, 0, Ev::Famine, Target::None, false, 0, &mut e);
    assert_eq!(s.players[1].misery, 5);
}

/// The misery track ends at 1000: moving past it puts the player out (E-91).
#[test]
fn misery_past_1000() {
    let mut s = started(3);
    let mut e = ev();
    s.players[0].misery = misery::top() - 1;
    misery::raise(&mut s, 0, 1, &mut e);
    assert!(!s.players[0].out, "reaching 1000 is not passing it");
    misery::raise(&mut s, 0, 1, &mut e);
    assert!(s.players[0].out);
    let _: State = s;
}
