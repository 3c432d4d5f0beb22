//! Module 2 "Landsknechte" (seed L1578-1611): the region check after every
//! turn order, the stack turning and the bonus chosen from the new top card,
//! the re-sort after winter, the order before the court, and the card data
//! (RULINGS R46-R49).

mod common;
use common::*;

use signoria_engine::Game;
use signoria_wallenstein::data::{BonusKind, data};
use signoria_wallenstein::landsknechte;
use signoria_wallenstein::model::{Event, Frame, Move, Plan, State};
use signoria_wallenstein::{Wallenstein as W, flow, winter};

/// Lands in these regions for `seat` (one land each).
fn lands_in(s: &mut State, seat: usize, names: &[&str]) {
    for n in names {
        give(s, seat, n, 2);
    }
}

/// The Landsknechte step after the turn order `order`; the seats are still
/// planning below it, so play stops at the next bonus choice or right after.
fn check_regions(s: &mut State, order: Vec<u8>) -> Vec<Event> {
    s.turn_order = order;
    s.plans = vec![Plan::default(); s.n()];
    s.stack = vec![Frame::Planning, Frame::Landsknechte { pos: 0 }];
    let mut ev = Vec::new();
    signoria_engine::kernel::advance::<W>(s, &mut ev);
    events(&ev)
}

/// L1590-1601: after the turn order each seat with lands in at least 4
/// regions puts its top card under the stack and chooses one bonus of the new
/// top card, in turn order; a seat with fewer keeps its top card, no bonus.
#[test]
fn four_regions_turn_the_stack_and_give_a_bonus() {
    let mut s = bare_modules(3, false, true, false);
    // Seat 2: 5 regions; seat 0: 4 (two lands in Sachsen); seat 1: 3.
    lands_in(
        &mut s,
        2,
        &["Altmark", "Anhalt", "Mähren", "Augsburg", "Strassburg"],
    );
    lands_in(
        &mut s,
        0,
        &["Mittelmark", "Vogtland", "Lausitz", "Passau", "Lothringen"],
    );
    lands_in(&mut s, 1, &["Neumark", "Böhmen", "Salzburg"]);
    assert_eq!(
        (0..3)
            .map(|p| landsknechte::regions(&s, p))
            .collect::<Vec<_>>(),
        vec![4, 3, 5]
    );
    let ev = check_regions(&mut s, vec![2, 0, 1]);
    assert_eq!(
        ev,
        vec![Event::LandsknechtTurned {
            seat: 2,
            top: 1,
            regions: 5
        }]
    );
    assert_eq!(W::pending(&s), vec![2]);
    assert_eq!(
        W::legal_moves(&s, 2),
        vec![
            Move::TakeBonus {
                kind: BonusKind::Taler
            },
            Move::TakeBonus {
                kind: BonusKind::Grain
            }
        ]
    );
    let money = s.players[2].money;
    let ev = events(
        &W::apply(
            &mut s,
            2,
            &Move::TakeBonus {
                kind: BonusKind::Taler,
            },
        )
        .unwrap(),
    );
    assert_eq!(s.players[2].money, money + 2);
    assert!(ev.contains(&Event::LandsknechtTurned {
        seat: 0,
        top: 1,
        regions: 4
    }));
    assert_eq!(W::pending(&s), vec![0]);
    W::apply(
        &mut s,
        0,
        &Move::TakeBonus {
            kind: BonusKind::Grain,
        },
    )
    .unwrap();
    assert_eq!(s.players[0].grain, 2);
    // Seat 1 has 3 regions: its top card stays and it gets nothing.
    assert_eq!(s.landsknechte, Some(vec![1, 0, 1]));
    assert_eq!(s.stack, vec![Frame::Planning]);
    // The next check turns to the third card, then the fourth (R46's bonuses).
    check_regions(&mut s, vec![0, 1, 2]);
    W::apply(
        &mut s,
        0,
        &Move::TakeBonus {
            kind: BonusKind::Tray,
        },
    )
    .unwrap();
    assert_eq!(s.tower.tray[0], 2);
    W::apply(
        &mut s,
        2,
        &Move::TakeBonus {
            kind: BonusKind::Taler,
        },
    )
    .unwrap();
    assert_eq!(s.players[2].money, money + 2 + 3);
    check_regions(&mut s, vec![0, 1, 2]);
    W::apply(
        &mut s,
        0,
        &Move::TakeBonus {
            kind: BonusKind::Vp,
        },
    )
    .unwrap();
    assert_eq!(s.players[0].vp, 1);
    assert_eq!(W::legal_moves(&s, 2).len(), 2);
    check(&s);
}

/// R46: after the fourth card the empty banner comes back to the top (which
/// cannot happen within a year, as the stacks are sorted after winter): no bonus.
#[test]
fn r46_the_empty_banner_gives_nothing() {
    let mut s = bare_modules(3, false, true, false);
    lands_in(&mut s, 0, &["Altmark", "Anhalt", "Mähren", "Augsburg"]);
    s.landsknechte = Some(vec![3, 0, 0]);
    let ev = check_regions(&mut s, vec![0, 1, 2]);
    assert_eq!(
        ev,
        vec![Event::LandsknechtTurned {
            seat: 0,
            top: 0,
            regions: 4
        }]
    );
    assert!(W::pending(&s).len() == 3, "back to planning, nobody asked");
}

/// R48: armies into the tray only as far as the supply holds.
#[test]
fn r48_tray_bonus_limited_by_the_supply() {
    let mut s = bare_modules(3, false, true, false);
    lands_in(&mut s, 0, &["Altmark", "Anhalt", "Mähren", "Augsburg"]);
    let spare = s.players[0].supply - 1;
    give(&mut s, 0, "Baden", spare);
    s.landsknechte = Some(vec![2, 0, 0]);
    check_regions(&mut s, vec![0, 1, 2]);
    let ev = events(
        &W::apply(
            &mut s,
            0,
            &Move::TakeBonus {
                kind: BonusKind::Tray,
            },
        )
        .unwrap(),
    );
    assert!(ev.contains(&Event::Gained {
        seat: 0,
        kind: BonusKind::Tray,
        amount: 1
    }));
    assert_eq!((s.players[0].supply, s.tower.tray[0]), (0, 1));
    check(&s);
}

/// L1603-1604 (R49): after winter every stack is sorted as at the start.
#[test]
fn r49_stacks_are_sorted_after_winter() {
    let mut s = bare_modules(3, false, true, false);
    s.landsknechte = Some(vec![3, 1, 0]);
    s.turn_order = vec![0, 1, 2];
    s.event_deck = (0..12).collect();
    s.stack = vec![Frame::Winter { pos: 3 }];
    let mut ev = Vec::new();
    winter::step(&mut s, 3, &mut ev);
    assert!(events(&ev).contains(&Event::LandsknechteSorted));
    assert_eq!(s.landsknechte, Some(vec![0, 0, 0]));
}

/// L1590-1591 (R50): with "Am Kaiserhof", before the court actions; the check
/// follows every turn-order determination (three times a year).
#[test]
fn r50_after_the_turn_order_and_before_the_court() {
    let mut s = bare_modules(3, true, true, false);
    s.space_owner = vec![Some(1), Some(0), Some(2), None, None];
    s.stack = vec![Frame::ChooseSpace {
        order: vec![1, 0, 2],
        next: 3,
    }];
    let mut ev = Vec::new();
    flow::start_actions(&mut s, &mut ev);
    assert_eq!(
        s.stack,
        vec![
            Frame::Actions { slot: 0, pos: 0 },
            Frame::CourtCards { pos: 0 },
            Frame::Landsknechte { pos: 0 },
        ]
    );
    // A whole game: one check per normal round, each after the turn order.
    let o = signoria_wallenstein::Options {
        landsknechte: true,
        kaiserhof: true,
        ..Default::default()
    };
    let mut s = W::setup(&o, 4, 50).unwrap();
    let mut rng = signoria_engine::GameRng::from_seed(50);
    let mut all = Vec::new();
    while let Some(&seat) = W::pending(&s).first() {
        let legal = W::legal_moves(&s, seat);
        all.extend(events(
            &W::apply(&mut s, seat, &legal[rng.index(legal.len())].clone()).unwrap(),
        ));
    }
    let turned: Vec<usize> = all
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e, Event::LandsknechtTurned { .. }))
        .map(|(i, _)| i)
        .collect();
    assert!(!turned.is_empty());
    for i in turned {
        let order = all[..i]
            .iter()
            .rposition(|e| matches!(e, Event::TurnOrder { .. }))
            .unwrap();
        let court = all[..i]
            .iter()
            .rposition(|e| matches!(e, Event::CourtRevealed { .. }));
        assert!(
            court.is_none_or(|c| c < order),
            "a Landsknecht after the court"
        );
    }
}

/// R46: the cards as data: four, the empty banner on top, the other three
/// with distinct kinds, each marked as a guess with its ruling.
#[test]
fn r46_landsknecht_card_data() {
    let cards = &data().landsknechte;
    assert_eq!(cards.len(), 4);
    assert_eq!(cards[0].banner.as_deref(), Some("empty"));
    assert!(cards[0].bonuses.is_empty() && cards[0].guess.is_none());
    for c in &cards[1..] {
        assert!(!c.bonuses.is_empty());
        assert!(c.guess.as_deref().is_some_and(|g| g.starts_with("R46")));
        assert!(c.seed.starts_with('L'));
    }
    // Every kind of bonus the seed names appears (L1606-1611).
    for kind in [
        BonusKind::Taler,
        BonusKind::Tray,
        BonusKind::Grain,
        BonusKind::Vp,
    ] {
        assert!(
            cards
                .iter()
                .any(|c| c.bonuses.iter().any(|b| b.kind == kind)),
            "{kind:?}"
        );
    }
}
