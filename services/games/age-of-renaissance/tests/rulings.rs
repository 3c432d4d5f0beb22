//! The rulings of `RULINGS.md` not already pinned by a scenario or edge-case test, one
//! test each, named after the ruling.
#![allow(clippy::needless_range_loop)]

mod common;

use common::*;
use signoria_age_of_renaissance::data::{Advance, Commodity, Event as Ev, Region, data};
use signoria_age_of_renaissance::geo::{bit, geo};
use signoria_age_of_renaissance::model::{Fleet, Frame, Move, Target, War};
use signoria_age_of_renaissance::{
    AgeOfRenaissance as A, Options, acquisition, cards, events, expansion, misery, personalities,
    reach, scoring, shortage, war,
};
use signoria_engine::Game;

fn ev() -> Vec<signoria_engine::Scoped<signoria_age_of_renaissance::Event>> {
    Vec::new()
}

/// R-DECK-EMPTY: in a game of epoch 1 only, the round in which the deck runs out is the
/// last; no further deck is built.
#[test]
fn r_deck_empty_ends_the_game() {
    let mut s = A::setup(&Options { last_epoch: 1 }, 3, 9).unwrap();
    let mut rng = signoria_engine::GameRng::from_seed(9);
    let mut rounds_after = None;
    while !pending(&s).is_empty() {
        if s.last_card_drawn && rounds_after.is_none() {
            rounds_after = Some(s.round);
        }
        let p = pending(&s)[0];
        let moves: Vec<Move> = A::legal_moves(&s, p)
            .into_iter()
            .filter(|m| !matches!(m, Move::Resign))
            .collect();
        let mv = moves[rng.index(moves.len())].clone();
        A::apply(&mut s, p, &mv).unwrap();
    }
    assert_eq!(s.epoch, 1);
    assert_eq!(
        Some(s.round),
        rounds_after,
        "the game ended with that round"
    );
}

/// R-COUNTERS, R-MAJORITY: a roll whose counter finds no free piece places none, but
/// its majority effect applies; a counter cancelling an opposite one also has its
/// effect.
#[test]
fn r_counters_and_majority() {
    let mut s = started(3);
    let mut e = ev();
    s.counters[Commodity::Gold.index()] = 2;
    s.counters[Commodity::Ivory.index()] = 1;
    control(&mut s, 0, pid("Lisboa"));
    let c = cash(&s, 0);
    shortage::apply_roll(&mut s, [4, 4, 3], &mut e);
    assert_eq!(s.counters[Commodity::Wine.index()], 0, "no piece left");
    assert_eq!(
        cash(&s, 0),
        c - 2,
        "Barcelona still pays for its two wine provinces"
    );
    s.counters[Commodity::Wine.index()] = 1;
    s.counters[Commodity::Gold.index()] = 1;
    let c = cash(&s, 0);
    shortage::apply_roll(&mut s, [5, 3, 4], &mut e);
    assert_eq!(s.counters[Commodity::Wine.index()], 0, "cancelled");
    assert_eq!(cash(&s, 0), c - 2, "and the surplus still charged");
}

/// R-MILLS: a counter set by Mills brings no majority effect.
#[test]
fn r_mills_no_majority() {
    let mut s = started(3);
    give(&mut s, 0, Advance::J);
    control(&mut s, 0, pid("Lisboa"));
    let first = s.order[0];
    s.stack.push(Frame::Mills { seat: 0 });
    let hand = s.players[0].hand.len();
    let c = cash(&s, 0);
    apply(
        &mut s,
        0,
        Move::Mills {
            commodity: Commodity::Wine,
            shortage: true,
        },
    );
    assert_eq!(s.counters[Commodity::Wine.index()], 1);
    assert_eq!((s.players[0].hand.len(), cash(&s, 0)), (hand, c));
    let _ = first;
}

/// R-CREDITS: personality credits and the credits of advances of the same category
/// bought in earlier rounds add up; the price is never below 0.
#[test]
fn r_credits_stack() {
    let mut s = started(3);
    let mut e = ev();
    give(&mut s, 0, Advance::A);
    give(&mut s, 0, Advance::B);
    deal(&mut s, 0, cid("nicolaus_copernicus"));
    s.epoch = 2;
    signoria_age_of_renaissance::deck::take_from_hand(&mut s, 0, cid("nicolaus_copernicus"));
    personalities::play(&mut s, 0, cid("nicolaus_copernicus"), false, &mut e);
    // C: 90 - A 20 - B 20 = 50; X gets Copernicus' 20.
    assert_eq!(acquisition::price(&s, 0, Advance::C, &[]), 50);
    assert_eq!(acquisition::price(&s, 0, Advance::X, &[]), 100 - 20);
    for a in [Advance::V, Advance::W, Advance::X, Advance::Y] {
        give(&mut s, 0, a);
    }
    assert_eq!(
        acquisition::price(&s, 0, Advance::Z, &[]),
        170 - 20 - 30 - 40 - 50
    );
    give(&mut s, 0, Advance::C);
    give(&mut s, 0, Advance::X);
    assert_eq!(
        acquisition::price(&s, 0, Advance::D, &[]),
        120 - 60 - 10,
        "with X"
    );
    let mut s = started(3);
    for a in [Advance::I, Advance::J, Advance::K, Advance::L, Advance::X] {
        give(&mut s, 0, a);
    }
    assert_eq!(acquisition::price(&s, 0, Advance::M, &[]), 110 - 40 - 10);
}

/// R-PERSONALITY-BONUS: Marco Polo's credits double in a round with the Mongol Invasion,
/// whichever came first.
#[test]
fn r_personality_bonus() {
    let mut s = started(3);
    let mut e = ev();
    s.epoch = 2;
    deal(&mut s, 0, cid("marco_polo"));
    signoria_age_of_renaissance::deck::take_from_hand(&mut s, 0, cid("marco_polo"));
    personalities::play(&mut s, 0, cid("marco_polo"), false, &mut e);
    assert_eq!(personalities::credits_for(&s, 0, Advance::R, &[]), 20);
    events::resolve(
        &mut s,
        1,
        Ev::MongolInvasion,
        Target::None,
        false,
        0,
        &mut e,
    );
    assert_eq!(personalities::credits_for(&s, 0, Advance::R, &[]), 40);
    assert_eq!(personalities::credits_for(&s, 0, Advance::Y, &[]), 40);
}

/// R-INDULGENCE: a player short of tokens chooses for each missing token a ducat or a
/// misery step (at most his cash in ducats).
#[test]
fn r_indulgence_choice() {
    let mut s = started(3);
    s.stack.push(Frame::Indulgence { seat: 1, owed: 3 });
    set_cash(&mut s, 1, 2);
    let moves = A::legal_moves(&s, 1);
    assert_eq!(
        moves,
        (0..=2)
            .map(|ducats| Move::PayIndulgence { ducats })
            .collect::<Vec<_>>()
    );
    apply(&mut s, 1, Move::PayIndulgence { ducats: 1 });
    assert_eq!((cash(&s, 1), s.players[1].misery), (1, 2));
}

/// R-THREE-MASTER: the three-master needs a coastal base; Mauritanie and Iceland are
/// within its reach, the five overseas provinces are not.
#[test]
fn r_three_master_base() {
    let mut s = started(6);
    let paris = 3u8;
    s.players[paris as usize].fleet = Fleet::ThreeMaster(1);
    let r = reach::reach(&s, paris);
    assert!(r.all() & bit(pid("Mauritanie")) != 0, "Paris is coastal");
    assert!(r.all() & bit(pid("Iceland")) != 0);
    assert!(r.all() & geo().overseas == 0);
    // Without a coastal base (a capital inland is not one): no sea reach.
    let vienna = pid("Vienna");
    let mut s = started(6);
    clear(&mut s, pid("Paris"));
    s.players[3].capital = Some(vienna);
    put(&mut s, 3, pid("Dijon"), 1);
    s.players[3].fleet = Fleet::ThreeMaster(1);
    assert_eq!(reach::reach(&s, 3).sea, 0);
}

/// R-CATHEDRAL: with several defenders, one defender's Cathedral wins for all; an
/// attacker may use his only if no defender owns one.
#[test]
fn r_cathedral_many_defenders() {
    let mut s = started(3);
    let toledo = pid("Toledo");
    put(&mut s, 1, toledo, 1);
    put(&mut s, 2, toledo, 1);
    give(&mut s, 0, Advance::H);
    give(&mut s, 2, Advance::H);
    assert!(!signoria_age_of_renaissance::combat::cathedral_usable(
        &s,
        0,
        &[1, 2]
    ));
    s.players[0].bought = 10;
    s.players[0].stock -= 10;
    s.stack.push(Frame::Expand { seat: 0 });
    assert!(!A::legal_moves(&s, 0).contains(&Move::Attack {
        province: toledo,
        cathedral: true
    }));
    // Seat 1 attacks: seat 2 (H) may declare for both defenders against seat 1 (no H).
    let mut s = started(3);
    put(&mut s, 0, toledo, 1);
    put(&mut s, 2, toledo, 1);
    give(&mut s, 2, Advance::H);
    s.players[1].bought = 10;
    s.players[1].stock -= 10;
    s.stack.push(Frame::Expand { seat: 1 });
    put(&mut s, 1, pid("Valencia"), 1);
    apply(
        &mut s,
        1,
        Move::Attack {
            province: toledo,
            cathedral: false,
        },
    );
    assert_eq!((kind(&s), pending(&s)), ("cathedral", vec![2]));
    apply(&mut s, 2, Move::Declare);
    assert_eq!(s.board.get(toledo).tokens(0), 1, "both defenders stay");
    assert_eq!(s.board.get(toledo).tokens(2), 1);
    sound(&s);
}

/// R-CIVIL-WAR-HALF: half the bought tokens rounded up; a capital another player holds
/// is not reduced.
#[test]
fn r_civil_war_half() {
    let mut s = started(3);
    s.players[1].bought = 5;
    s.players[1].stock -= 5;
    let genoa = pid("Genoa");
    clear(&mut s, genoa);
    control(&mut s, 2, genoa);
    let mut e = ev();
    events::resolve(&mut s, 0, Ev::CivilWar, Target::Seat(1), false, 0, &mut e);
    assert_eq!(s.board.get(genoa).controller(), Some(2));
    apply(&mut s, 1, Move::LoseHalf { cash: false });
    assert_eq!(s.players[1].bought, 2);
    sound(&s);
}

/// R-WAR-CESSION: the loser cedes control tokens the winner can hold (not in region V
/// without Silk Road), of his choice; one misery step for each he cannot cede.
#[test]
fn r_war_cession() {
    let mut s = started(3);
    give(&mut s, 1, Advance::R);
    control(&mut s, 1, pid("Kiev"));
    control(&mut s, 1, pid("Lyon"));
    control(&mut s, 1, pid("Roma"));
    let c = war::cedable(&s, 1, 0);
    assert!(!c.contains(&pid("Kiev")), "Barcelona has no Silk Road");
    assert!(c.contains(&pid("Genoa")), "a capital may be ceded");
    let mut e = ev();
    // 6 against 1: Genoa must cede 5 of its 4 cedable tokens (Genoa, Lyon, Roma, ...).
    s.scripted_dice = vec![6, 1];
    war::fight(
        &mut s,
        War {
            declarer: 0,
            target: 1,
        },
        None,
        &mut e,
    );
    let cedable = war::cedable(&s, 1, 0).len() as u32;
    assert!(cedable < 5);
    let m = s.players[1].misery;
    signoria_engine::kernel::advance::<A>(&mut s, &mut e);
    assert_eq!(s.players[1].misery, m + (5 - cedable) as u8);
    assert_eq!(s.board.get(pid("Kiev")).controller(), Some(1));
    assert_eq!(s.board.get(pid("Lyon")).controller(), Some(0));
    assert!(!s.board.get(pid("Lyon")).control_is_new(), "a base at once");
    sound(&s);
    // With more cedable tokens than owed the loser chooses.
    let mut s = started(3);
    control(&mut s, 1, pid("Lyon"));
    control(&mut s, 1, pid("Roma"));
    s.scripted_dice = vec![3, 1];
    war::fight(
        &mut s,
        War {
            declarer: 0,
            target: 1,
        },
        None,
        &mut e,
    );
    assert_eq!((kind(&s), pending(&s)), ("war cession", vec![1]));
    apply(
        &mut s,
        1,
        Move::Cede {
            province: pid("Roma"),
        },
    );
    assert_eq!(s.board.get(pid("Roma")).controller(), Some(0));
}

/// R-FINAL-COUNTERS, R-FINAL-NO-TARGET, R-FINAL-PRINTING: in the final card play the last
/// roll's counters still change payouts; an event without a target is played to no
/// effect; Printing Press pays for every advance owned.
#[test]
fn r_final_card_play() {
    let mut s = started(3);
    empty_hands(&mut s);
    s.counters[Commodity::Wine.index()] = 1;
    deal(&mut s, 0, cid("wine_cloth_1"));
    deal(&mut s, 0, cid("alchemy"));
    deal(&mut s, 0, cid("rashid_ed_din"));
    for p in 1..3 {
        give(&mut s, p, Advance::C);
    }
    give(&mut s, 0, Advance::O);
    give(&mut s, 0, Advance::R);
    s.players[0].new_advances.add(Advance::R);
    s.stack.push(Frame::Final { seat: 0 });
    let moves = A::legal_moves(&s, 0);
    assert!(moves.contains(&Move::PlayEvent {
        card: cid("alchemy"),
        target: Target::None
    }));
    assert!(
        !moves.contains(&Move::Pass),
        "every playable card is played"
    );
    let c = cash(&s, 0);
    apply(
        &mut s,
        0,
        Move::PlayCommodity {
            card: cid("wine_cloth_1"),
            commodity: Commodity::Wine,
        },
    );
    assert_eq!(
        cash(&s, 0),
        c + 20,
        "one wine province with a shortage: 5 x 2^2"
    );
    apply(
        &mut s,
        0,
        Move::PlayEvent {
            card: cid("alchemy"),
            target: Target::None,
        },
    );
    // The final play counts every advance owned for Printing Press (the flow clears the
    // round's new advances first).
    s.players[0].new_advances = Default::default();
    let c = cash(&s, 0);
    apply(
        &mut s,
        0,
        Move::PlayPersonality {
            card: cid("rashid_ed_din"),
        },
    );
    assert_eq!(cash(&s, 0), c + 10 + 10);
    assert!(s.removed.contains(&cid("rashid_ed_din")));
}

/// R-RENAISSANCE-PHASES: a Renaissance owner is asked at the start of phases; passing
/// keeps the swap for a later phase of the round.
#[test]
fn r_renaissance_windows() {
    let mut s = started(3);
    let second = s.order[1];
    give(&mut s, second, Advance::Q);
    s.stack.push(Frame::Renaissance { asked: 0 });
    apply(&mut s, second as usize, Move::Pass);
    assert_ne!(kind(&s), "renaissance");
    assert!(
        !turn_order_swaps(&s, second).is_empty(),
        "still available this round"
    );
    s.stack.push(Frame::Renaissance { asked: 0 });
    assert_eq!(pending(&s), vec![second as usize]);
}

fn turn_order_swaps(s: &signoria_age_of_renaissance::State, seat: u8) -> Vec<bool> {
    signoria_age_of_renaissance::turn_order::renaissance_swaps(s, seat)
}

/// R-OUT: a player out: his cards go by their epoch mark to the pile or out of the
/// game, his bought tokens back to stock, his wars end, the others move up.
#[test]
fn r_out() {
    let mut s = started(3);
    empty_hands(&mut s);
    deal(&mut s, 1, cid("alchemy"));
    deal(&mut s, 1, cid("charlemagne"));
    s.players[1].bought = 4;
    s.players[1].stock -= 4;
    s.wars.push(War {
        declarer: 0,
        target: 1,
    });
    let mut e = ev();
    misery::eliminate(&mut s, 1, false, &mut e);
    assert!(s.pile.contains(&cid("alchemy")));
    assert!(s.removed.contains(&cid("charlemagne")));
    assert_eq!(s.players[1].bought, 0);
    assert!(s.wars.is_empty());
    assert_eq!(s.order.len(), 2);
    assert_eq!(s.rank(s.order[1]), 4, "the others move up a box");
    sound(&s);
}

/// R-RESIGN: every turn-order bid offers resignation; a resigned player is out.
#[test]
fn r_resign() {
    let mut s = started(3);
    let mut rng = signoria_engine::GameRng::from_seed(3);
    while kind(&s) != "turn-order bid" {
        let p = pending(&s)[0];
        let moves = A::legal_moves(&s, p);
        let mv = moves[rng.index(moves.len())].clone();
        A::apply(&mut s, p, &mv).unwrap();
    }
    for p in 0..3 {
        assert!(A::legal_moves(&s, p).contains(&Move::Resign));
    }
    apply(&mut s, 2, Move::Resign);
    assert!(s.players[2].out && s.players[2].resigned);
    assert_eq!(pending(&s), vec![0, 1]);
}

/// R-END: the game ends at once when fewer than two players are left.
#[test]
fn r_end_fewer_than_two() {
    let mut s = started(3);
    to_next_bid(&mut s);
    apply(&mut s, 1, Move::Resign);
    apply(&mut s, 2, Move::Resign);
    apply(&mut s, 0, Move::Bid { tokens: 0 });
    assert!(pending(&s).is_empty());
    let o = A::outcome(&s).unwrap();
    assert_eq!(o.winners(), vec![0]);
    assert!(scoring::game_ends(&s));
}

/// The bots' standing (`Game::standing`) is R-SCORE-OUT's ranking before the end: a seat
/// that resigned ranks last while the game goes on, and at the end the standing is the
/// outcome.
#[test]
fn the_standing_ranks_a_resigned_seat_last() {
    let mut s = started(3);
    to_next_bid(&mut s);
    assert!(A::outcome(&s).is_none());
    // The richest seat resigns: its score alone would rank it first.
    s.players[1].cash += 500;
    apply(&mut s, 1, Move::Resign);
    assert!(
        !pending(&s).is_empty(),
        "two players are left: the game goes on"
    );
    let standing = A::standing(&s).expect("Age of Renaissance has a standing");
    assert!(!standing.winners().contains(&1));
    assert_eq!(standing.results[1].rank, 3, "{standing:?}");
    apply(&mut s, 2, Move::Resign);
    apply(&mut s, 0, Move::Bid { tokens: 0 });
    assert_eq!(A::standing(&s), A::outcome(&s));
}

/// R-ATTACK-MIN: an attack commits exactly the fewest new tokens that meet the
/// requirement.
#[test]
fn r_attack_min() {
    let mut s = started(3);
    let toledo = pid("Toledo");
    put(&mut s, 1, toledo, 1);
    s.players[0].bought = 10;
    s.players[0].stock -= 10;
    s.stack.push(Frame::Expand { seat: 0 });
    s.scripted_dice = vec![1, 1, 6];
    apply(
        &mut s,
        0,
        Move::Attack {
            province: toledo,
            cathedral: false,
        },
    );
    assert_eq!(s.players[0].bought, 10 - 4, "1 + market 3 = 4 tokens, lost");
}

/// R-EVENT-TARGETS: the card player chooses an opponent where the card leaves a choice;
/// a card with no legal target cannot be played (before the final card play).
#[test]
fn r_event_targets() {
    let mut s = started(3);
    for t in events::targets(&s, 0, Ev::CivilWar) {
        assert_ne!(t, Target::Seat(0));
    }
    empty_hands(&mut s);
    deal(&mut s, 0, cid("rebellion"));
    // No control token outside capitals: Rebellion has no target.
    assert!(cards::play_moves(&s, 0, false).is_empty());
    assert_eq!(
        cards::play_moves(&s, 0, true),
        vec![Move::PlayEvent {
            card: cid("rebellion"),
            target: Target::None
        }]
    );
    let _ = (
        Region::I,
        data().cards.len(),
        expansion::token_card_price(&s),
    );
}

/// Every ruling the code or the tests cite is documented in RULINGS.md, and every
/// documented ruling names a test that exists.
#[test]
fn rulings_are_documented_and_tested() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let rulings = std::fs::read_to_string(root.join("RULINGS.md")).unwrap();
    let mut sources = String::new();
    for dir in ["src", "tests"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "rs") {
                sources.push_str(&std::fs::read_to_string(path).unwrap());
            }
        }
    }
    let ids = |text: &str| -> std::collections::BTreeSet<String> {
        text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .filter(|w| w.starts_with("R-") && w.len() > 2)
            .map(|w| w.trim_end_matches('-').to_string())
            .collect()
    };
    for id in ids(&sources) {
        assert!(
            rulings.contains(&format!("| {id} |")),
            "{id} is not in RULINGS.md"
        );
    }
    // Each `file::test` named in the table is a test function of that file.
    for cell in rulings.split('`').skip(1).step_by(2) {
        let Some((file, test)) = cell.split_once("::") else {
            continue;
        };
        let test = test.trim_end_matches('…').trim_end_matches('_');
        let text = std::fs::read_to_string(root.join("tests").join(format!("{file}.rs")))
            .unwrap_or_else(|_| panic!("no test file {file}.rs"));
        assert!(
            text.contains(&format!("fn {test}")),
            "{file}::{test} does not exist"
        );
    }
}

/// R-HELD-BACK-EARLY: with 5 or 6 players the epoch-1 deck can run out in round 1,
/// before the five held-back cards join (§8.1: "zu Beginn der 2. Runde"); they are
/// epoch-1 cards, so they join at once and drawing goes on from them, before any
/// epoch-2 deck is built, and a game of epoch 1 only does not end while they wait.
#[test]
fn r_held_back_early() {
    for last_epoch in [1u8, 3] {
        let mut s = A::setup(&Options { last_epoch }, 6, 5).unwrap();
        // Through the set-up: every seat returns its first card, bids, chooses, bids.
        for seat in 0..6 {
            let mv = A::legal_moves(&s, seat)[0].clone();
            apply(&mut s, seat, mv);
        }
        for seat in 0..6 {
            apply(
                &mut s,
                seat,
                Move::CapitalBid {
                    ducats: 6 - seat as u8,
                },
            );
        }
        for seat in 0..6 {
            apply(
                &mut s,
                seat,
                Move::ChooseCapital {
                    province: pid(CAPITALS[seat]),
                },
            );
        }
        assert_eq!(s.held_back.len(), 5);
        // The deck is used up in round 1 (its cards went to seat 0's hand).
        for c in std::mem::take(&mut s.deck) {
            s.players[0].hand.push(c);
        }
        let mut e = ev();
        assert!(signoria_age_of_renaissance::deck::draw(
            &mut s,
            1,
            signoria_age_of_renaissance::model::DrawReason::Draw,
            &mut e
        ));
        assert_eq!(
            s.epoch, 1,
            "last_epoch {last_epoch}: still the epoch-1 deck"
        );
        assert!(s.held_back.is_empty());
        assert_eq!(s.deck.len(), 4);
        assert!(
            !s.last_card_drawn,
            "last_epoch {last_epoch}: four cards left"
        );
        assert!(
            data()
                .held_back_cards()
                .contains(s.players[1].hand.last().unwrap())
        );
        sound(&s);
    }
}

/// R-OUT: a player out keeps only his Nationalism (§9.4.3): his Cathedral no longer
/// stops an attacker's Cathedral.
#[test]
fn r_out_cathedral() {
    let mut s = started(3);
    give(&mut s, 0, Advance::H);
    give(&mut s, 1, Advance::H);
    let toledo = pid("Toledo");
    put(&mut s, 1, toledo, 1);
    let mut e = ev();
    misery::eliminate(&mut s, 1, false, &mut e);
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
    sound(&s);
}

/// R-OUT: a player out keeps only his Nationalism (§9.4.3): the Armor he played this
/// round no longer takes away an attacker's Stirrups bonus.
#[test]
fn r_out_armor() {
    let mut s = started(3);
    let toledo = pid("Toledo");
    put(&mut s, 1, toledo, 1);
    s.this_round.military.push((0, cid("stirrups")));
    s.this_round.military.push((1, cid("armor")));
    let needed = |s: &signoria_age_of_renaissance::State| {
        signoria_age_of_renaissance::combat::tokens_needed(s, 0, toledo)
    };
    // In the game: defence 1 + 3 (market) + 1 (Armor); Stirrups gives nothing against
    // Armor: 5 tokens.
    assert_eq!(needed(&s), 5);
    let mut e = ev();
    misery::eliminate(&mut s, 1, false, &mut e);
    // Out: defence 1 + 3; Stirrups counts again: 3 tokens.
    assert_eq!(needed(&s), 3);
}

/// R-PLAY-LAP: the card-play phase is one lap in turn order; a seat that passed is not
/// asked again in that phase, even with cards left.
#[test]
fn r_play_lap() {
    let mut s = started(3);
    assert_eq!(kind(&s), "play cards");
    let order = s.order.clone();
    for &p in &order {
        assert_eq!(pending(&s), vec![p as usize]);
        assert!(!s.players[p as usize].hand.is_empty());
        apply(&mut s, p as usize, Move::Pass);
    }
    assert_ne!(kind(&s), "play cards", "the phase is over after one lap");
}

/// R-BONUS-NONE: nobody gained a control token this expansion phase: no bonus card.
#[test]
fn r_bonus_none() {
    let mut s = started(3);
    let hands: Vec<usize> = s.players.iter().map(|p| p.hand.len()).collect();
    let deck = s.deck.len();
    let mut e = ev();
    expansion::bonus_card(&mut s, &mut e);
    assert_eq!(
        s.players.iter().map(|p| p.hand.len()).collect::<Vec<_>>(),
        hands
    );
    assert_eq!(s.deck.len(), deck);
}
