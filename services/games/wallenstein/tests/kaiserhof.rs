//! Module 1 "Am Kaiserhof" (seed L1181-1573): the seed's examples (digest §11,
//! X14-X19) as scenarios, one test per ruling of RULINGS.md R31-R45 not
//! pinned there, and the module's data against the seed.
//!
//! The examples' players Barbara, Dirk, Frank and Anika are seats 0..3.

mod common;
use common::*;

use signoria_engine::{Game, Viewer};
use signoria_wallenstein::court;
use signoria_wallenstein::data::{BonusKind, EventEffect, FavorEffect, data};
use signoria_wallenstein::model::{
    Action, Awaiting, CHURCH, Card, Event, Frame, Move, PALACE, Plan, State, TRADING_HOUSE,
};
use signoria_wallenstein::{Wallenstein as W, actions, planning, setup};

const BARBARA: usize = 0;
const DIRK: usize = 1;
const FRANK: usize = 2;
const ANIKA: usize = 3;

fn court_of(s: &State) -> &court::Court {
    s.court.as_ref().unwrap()
}

fn court_mut(s: &mut State) -> &mut court::Court {
    s.court.as_mut().unwrap()
}

/// Put these favor cards on display (spaces 4, 3, 2; 0 = none), the cards
/// displayed before going back under the deck.
fn display(s: &mut State, cards: [u8; 3]) {
    let c = court_mut(s);
    let old: Vec<u8> = c.display.iter().flatten().copied().collect();
    c.deck.splice(0..0, old);
    c.deck.retain(|x| !cards.contains(x));
    c.display = cards.iter().map(|&x| (x > 0).then_some(x)).collect();
}

/// Mats of money cards only, with these supplementary fields.
fn plans_with_court(s: &mut State, court: Vec<Vec<Card>>) {
    for (p, c) in court.into_iter().enumerate() {
        s.plans[p] = Plan {
            fields: mat(&[], Card::Money(0)),
            court: c,
            ..Default::default()
        };
    }
}

/// X14 (L1253-1264): in the initial fill 2 green, 2 blue (Frank), 2 red (Dirk)
/// and 1 purple (Anika) fall out: Frank and Dirk put 2 courtiers each into the
/// reception hall, Anika 1, Barbara none; the cubes go back to the supplies.
#[test]
fn x14_courtiers_for_the_cubes_out_of_the_initial_fill() {
    let mut s = bare_modules(4, true, false, false);
    let before: Vec<u32> = s.players.iter().map(|p| p.supply).collect();
    let peasants = s.peasants;
    script(&mut s, vec![0, 2, 2, 1, 2]);
    let mut ev = Vec::new();
    setup::fill_tower(&mut s, &mut ev);
    let c = court_of(&s);
    assert_eq!(c.hall, vec![0, 2, 2, 1]);
    assert_eq!(c.supply, vec![7, 5, 5, 6]);
    for (p, out) in [(BARBARA, 0), (DIRK, 2), (FRANK, 2), (ANIKA, 1)] {
        assert_eq!(s.players[p].supply, before[p] - 7 + out);
    }
    assert_eq!(s.peasants, peasants - 10 + 2);
    assert_eq!(s.tower.tray, vec![0; 5]);
    let fill = events(&ev)
        .iter()
        .position(|e| matches!(e, Event::TowerFilled { .. }))
        .unwrap();
    assert_eq!(
        events(&ev)[fill + 1],
        Event::CourtiersFromFill {
            courtiers: vec![0, 2, 2, 1]
        }
    );
    check(&s);
    // In every set-up the courtiers match the own cubes that fell out.
    for players in 3..=5 {
        let o = signoria_wallenstein::Options {
            fixed_start: true,
            kaiserhof: true,
            ..Default::default()
        };
        let (s, ev) = setup::setup(&o, players, 14).unwrap();
        let out = events(&ev)
            .into_iter()
            .find_map(|e| match e {
                Event::TowerFilled { out, .. } => Some(out),
                _ => None,
            })
            .unwrap();
        assert_eq!(court_of(&s).hall, out[..players].to_vec());
    }
}

/// X15 (L1286-1301): cards 10, 8 and 2 are drawn: 10 on the space of 4
/// courtiers, 8 on 3, 2 on 2. The display is public, the deck's order is not.
#[test]
fn x15_favor_display_highest_on_the_dearest_space() {
    let mut s = bare_modules(4, true, false, false);
    display(&mut s, [0, 0, 0]);
    let c = court_mut(&mut s);
    c.deck.retain(|x| ![2, 8, 10].contains(x));
    c.deck.extend([10, 2, 8]);
    let mut ev = Vec::new();
    court::display_favors(&mut s, &mut ev);
    assert_eq!(court_of(&s).display, vec![Some(10), Some(8), Some(2)]);
    assert_eq!(
        events(&ev),
        vec![Event::FavorsDisplayed {
            display: vec![Some(10), Some(8), Some(2)]
        }]
    );
    assert_eq!(data().kaiserhof.space_costs, vec![4, 3, 2]);
    for v in [Viewer::Seat(0), Viewer::Public] {
        let view = W::view(&s, v);
        assert_eq!(
            view.court.unwrap().display,
            vec![Some(10), Some(8), Some(2)]
        );
        assert!(view.secrets.is_none());
    }
    assert_eq!(
        W::view(&s, Viewer::Omniscient).secrets.unwrap().favor_deck,
        court_of(&s).deck
    );
}

/// X16-X18 and L1441-1443: Barbara has Vogtland (4 armies) on "convert 3
/// armies", a tower card on "convert 2" and a money card on "convert 1". She
/// turns them over 3, 2, 1 (L1405-1410): 3 armies leave Vogtland (1 stays),
/// 2 of her cubes leave the tray, the money card does nothing; 5 courtiers go
/// to the reception hall in all.
#[test]
fn x16_x18_barbara_converts_five_armies() {
    let mut s = bare_modules(4, true, false, false);
    let vogtland = give(&mut s, BARBARA, "Vogtland", 4);
    s.players[BARBARA].supply -= 2;
    s.tower.tray[BARBARA] = 2;
    let empty = vec![Card::Money(0), Card::Money(1), Card::Money(2)];
    plans_with_court(
        &mut s,
        vec![
            vec![Card::Money(3), Card::Tower, Card::Land(vogtland)],
            empty.clone(),
            empty.clone(),
            empty,
        ],
    );
    s.turn_order = vec![0, 1, 2, 3];
    s.stack = vec![
        Frame::Actions { slot: 0, pos: 0 },
        Frame::CourtCards { pos: 0 },
    ];
    let supply = s.players[BARBARA].supply;
    let mut ev = Vec::new();
    court::court_cards(&mut s, 0, &mut ev);
    assert_eq!(
        events(&ev),
        vec![
            Event::CourtRevealed {
                seat: 0,
                cards: vec![Card::Money(3), Card::Tower, Card::Land(vogtland)]
            },
            Event::Converted {
                seat: 0,
                armies: 3,
                land: Some(vogtland)
            },
            Event::Converted {
                seat: 0,
                armies: 2,
                land: None
            },
        ]
    );
    assert_eq!(s.lands[vogtland as usize].armies, 1);
    assert_eq!(s.tower.tray[BARBARA], 0);
    assert_eq!(s.players[BARBARA].supply, supply + 5);
    assert_eq!(court_of(&s).hall[BARBARA], 5);
    assert_eq!(court_of(&s).supply[BARBARA], 2);
    assert!(s.plans[BARBARA].court_revealed);
    assert_eq!(s.stack.last(), Some(&Frame::CourtCards { pos: 1 }));
    check(&s);
}

/// L1340-1341, L1379-1382: at least one army stays in the land, and a
/// conversion that cannot be done in full (too few armies in the land or the
/// tray, too few courtiers) is not done at all.
#[test]
fn conversions_lapse_entirely() {
    let mut s = bare_modules(3, true, false, false);
    let vogtland = give(&mut s, 0, "Vogtland", 3);
    let anhalt = give(&mut s, 0, "Anhalt", 9);
    s.players[0].supply -= 1;
    s.tower.tray[0] = 1;
    court_mut(&mut s).supply[0] = 2;
    court_mut(&mut s).hall[0] = 5;
    plans_with_court(
        &mut s,
        vec![
            vec![Card::Land(anhalt), Card::Tower, Card::Land(vogtland)],
            vec![Card::Empty; 3],
            vec![Card::Empty; 3],
        ],
    );
    s.turn_order = vec![0, 1, 2];
    s.stack = vec![
        Frame::Actions { slot: 0, pos: 0 },
        Frame::CourtCards { pos: 0 },
    ];
    let mut ev = Vec::new();
    court::court_cards(&mut s, 0, &mut ev);
    let lapsed: Vec<(u32, String)> = events(&ev)
        .into_iter()
        .filter_map(|e| match e {
            Event::ConversionLapsed { armies, reason, .. } => Some((armies, reason)),
            _ => None,
        })
        .collect();
    assert_eq!(
        lapsed,
        vec![
            (
                3,
                "not enough armies in the land (one must stay)".to_string()
            ),
            (2, "not enough own armies in the tray".to_string()),
        ]
    );
    // Convert 1 from Anhalt: 2 courtiers left in the supply, so it is done.
    assert_eq!(s.lands[anhalt as usize].armies, 8);
    assert_eq!(s.lands[vogtland as usize].armies, 3);
    assert_eq!(s.tower.tray[0], 1);
    assert_eq!(court_of(&s).hall[0], 6);
    // With no courtier left the conversion lapses too.
    court_mut(&mut s).supply[0] = 0;
    court_mut(&mut s).hall[0] = 7;
    s.plans[0].court = vec![Card::Land(anhalt), Card::Empty, Card::Empty];
    s.stack = vec![
        Frame::Actions { slot: 0, pos: 0 },
        Frame::CourtCards { pos: 0 },
    ];
    let mut ev = Vec::new();
    court::court_cards(&mut s, 0, &mut ev);
    assert!(events(&ev).contains(&Event::ConversionLapsed {
        seat: 0,
        armies: 1,
        reason: "not enough courtiers".into()
    }));
    assert_eq!(s.lands[anhalt as usize].armies, 8);
    check(&s);
}

/// A court ready for part 2 with display 10/8/2 and these courtiers in the
/// reception hall, turn order Frank, Dirk, Anika, Barbara; the mats hold money
/// cards only, so the base actions do nothing afterwards.
fn court_part_2(hall: [u32; 4]) -> State {
    let mut s = bare_modules(4, true, false, false);
    display(&mut s, [10, 8, 2]);
    let c = court_mut(&mut s);
    for (p, &h) in hall.iter().enumerate() {
        c.supply[p] -= h;
    }
    c.hall = hall.to_vec();
    plans_with_court(&mut s, vec![vec![Card::Money(0); 3]; 4]);
    for p in 0..4 {
        s.plans[p].court_revealed = true;
    }
    s.turn_order = vec![FRANK as u8, DIRK as u8, ANIKA as u8, BARBARA as u8];
    s
}

/// X19 (L1415-1462): Barbara sent the most courtiers and goes first, Dirk has
/// the second most; Frank and Anika have as many, and Frank is before Anika in
/// the base turn order. Barbara takes card 8 for 3 courtiers, Dirk card 2 for
/// 2; Frank and Anika move their courtiers up but cannot pay for card 10.
/// Then every courtier goes back to the reception hall and card 10 leaves the
/// game (L1434-1439).
#[test]
fn x19_the_courts_favour_in_order_of_courtiers() {
    let mut s = court_part_2([5, 3, 2, 2]);
    let ev = run_from_top(&mut s, Frame::CourtCards { pos: 4 });
    assert!(events(&ev).contains(&Event::FavorOrder {
        order: vec![0, 1, 2, 3]
    }));
    assert_eq!(W::pending(&s), vec![BARBARA]);
    assert_eq!(
        W::legal_moves(&s, BARBARA),
        vec![
            Move::TakeFavor { card: 10 },
            Move::TakeFavor { card: 8 },
            Move::TakeFavor { card: 2 },
            Move::PassFavor
        ]
    );
    let ev = W::apply(&mut s, BARBARA, &Move::TakeFavor { card: 8 }).unwrap();
    assert!(events(&ev).contains(&Event::FavorTaken {
        seat: 0,
        card: 8,
        courtiers: 3
    }));
    assert_eq!(court_of(&s).audience[BARBARA], 2);
    // Dirk's 3 courtiers pay for card 2 only.
    assert_eq!(W::pending(&s), vec![DIRK]);
    assert_eq!(
        W::legal_moves(&s, DIRK),
        vec![Move::TakeFavor { card: 2 }, Move::PassFavor]
    );
    let ev = W::apply(&mut s, DIRK, &Move::TakeFavor { card: 2 }).unwrap();
    let ev = events(&ev);
    // Frank, then Anika, move up without being asked; card 10 leaves the game.
    let ups: Vec<(u8, u32)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::CourtiersUp { seat, courtiers } => Some((*seat, *courtiers)),
            _ => None,
        })
        .collect();
    assert_eq!(ups, vec![(1, 3), (2, 2), (3, 2)]);
    assert!(ev.contains(&Event::CourtEnded {
        discarded: vec![10]
    }));
    let c = court_of(&s);
    assert_eq!(c.hall, vec![2, 1, 2, 2]);
    assert_eq!(c.audience, vec![0; 4]);
    assert_eq!(c.supply, vec![5, 6, 5, 5]);
    assert!(c.gone.contains(&8) && c.gone.contains(&2) && c.gone.contains(&10));
    check(&s);
}

/// Run the automatic steps with `frame` put on top of the round's action
/// phase, until the next decision.
fn run_from_top(s: &mut State, frame: Frame) -> Vec<signoria_engine::Scoped<Event>> {
    s.stack = vec![Frame::Actions { slot: 0, pos: 0 }, frame];
    let mut ev = Vec::new();
    signoria_engine::kernel::advance::<W>(s, &mut ev);
    ev
}

/// R31 (L1367-1371, L1384): a tower card on a base action field does nothing;
/// on the auction field it is a money card 0 that costs nothing and ties with
/// the 0 bids as the same card.
#[test]
fn r31_tower_cards_on_the_base_mat_and_the_bid() {
    let mut s = bare_modules(4, true, false, false);
    let l = give(&mut s, 0, "Anhalt", 3);
    let mut m = mat(&[(Action::Taxes, l)], Card::Tower);
    m[0] = Card::Tower;
    s.plans[0].fields = m;
    s.plans[0].court = vec![Card::Empty; 3];
    s.plans[1].fields = mat(&[], Card::Money(0));
    s.plans[2].fields = mat(&[], Card::Land(give(&mut s, 2, "Vogtland", 1)));
    s.plans[3].fields = mat(&[], Card::Money(1));
    let money = s.players[0].money;
    let mut ev = Vec::new();
    let order = planning::reveal_bids(&mut s, &mut ev);
    assert_eq!(s.players[0].money, money);
    assert_eq!(
        planning::bid_rank(Card::Tower),
        planning::bid_rank(Card::Money(0))
    );
    assert_eq!(&order[..2], &[3, 2]);
    let mut tied = order[2..].to_vec();
    tied.sort_unstable();
    assert_eq!(tied, vec![0, 1]);
    assert!(
        events(&ev)
            .iter()
            .any(|e| matches!(e, Event::BagDraw { order } if order.len() == 2))
    );
    // The tower card on "build palace" does nothing.
    let mats: Vec<Vec<Card>> = s.plans.iter().map(|p| p.fields.clone()).collect();
    let ev = actions_with(
        &mut s,
        mats,
        vec![
            Action::Palace,
            Action::Taxes,
            Action::Church,
            Action::TradingHouse,
            Action::Grain,
            Action::Raise5,
            Action::Raise3,
            Action::Raise1,
            Action::FightA,
            Action::FightB,
        ],
        vec![0, 1, 2, 3],
    );
    assert!(events(&ev).contains(&Event::CardRevealed {
        seat: 0,
        action: Action::Palace,
        card: Card::Tower
    }));
    assert!(!events(&ev).iter().any(|e| matches!(e, Event::Built { .. })));
    assert!(
        events(&ev)
            .iter()
            .any(|e| matches!(e, Event::Collected { seat: 0, .. }))
    );
}

/// Plan a seat's mat through the legal moves, always taking the first listed card.
fn plan_first(s: &mut State, seat: usize) -> Vec<u8> {
    let mut fields = Vec::new();
    while W::pending(s).contains(&seat) {
        let m = W::legal_moves(s, seat)[0].clone();
        let Move::Plan { field, .. } = m else {
            panic!("{m:?}")
        };
        fields.push(field);
        W::apply(s, seat, &m).unwrap();
    }
    fields
}

/// R32 (L1305-1310): the supplementary fields are planned with the base mat,
/// in secret, after the ten action fields and before the bid; they are action
/// fields like the others, so a seat needs 14 cards (6 lands, as without the
/// module) to bid, and a seat short of cards chooses its free fields.
#[test]
fn r32_the_supplementary_mat_is_planned_with_the_base_mat() {
    let mut s = bare_modules(3, true, false, false);
    for (seat, names) in [
        (
            0,
            vec![
                "Anhalt",
                "Vogtland",
                "Lausitz",
                "Böhmen",
                "Schlesien",
                "Mähren",
            ],
        ),
        (
            1,
            vec!["Passau", "Salzburg", "Augsburg", "Baden", "Kärnten"],
        ),
    ] {
        for n in names {
            give(&mut s, seat, n, 2);
        }
    }
    let order = plan_first(&mut s, 0);
    assert_eq!(order, vec![0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 10]);
    // 6 lands + 5 money + 3 tower cards: every field holds a card, the bid too.
    assert!(
        s.plans[0]
            .fields
            .iter()
            .chain(&s.plans[0].court)
            .all(|&c| c != Card::Empty)
    );
    assert_eq!(s.plans[0].count(Card::Tower), 3);
    // 5 lands: 13 cards for 13 action fields, no bid.
    plan_first(&mut s, 1);
    assert_eq!(s.plans[1].fields[10], Card::Empty);
    assert!(s.plans[1].court.iter().all(|&c| c != Card::Empty));
    // A seat with 2 lands (10 cards) may leave a supplementary field free
    // while its cards fit on the later fields, and the tower card is listed once.
    let mut s = bare_modules(3, true, false, false);
    give(&mut s, 2, "Anhalt", 2);
    give(&mut s, 2, "Vogtland", 2);
    let legal = W::legal_moves(&s, 2);
    assert!(legal.contains(&Move::Plan {
        field: 0,
        card: Card::Empty
    }));
    assert_eq!(
        legal
            .iter()
            .filter(|m| matches!(
                m,
                Move::Plan {
                    card: Card::Tower,
                    ..
                }
            ))
            .count(),
        1
    );
    // Planned supplementary cards are secret until court part 1.
    let mut a = bare_modules(3, true, false, false);
    let l = give(&mut a, 0, "Anhalt", 4);
    let mut b = a.clone();
    a.plans[0].fields = mat(&[], Card::Money(0));
    a.plans[0].fields.pop();
    b.plans[0].fields = a.plans[0].fields.clone();
    W::apply(
        &mut a,
        0,
        &Move::Plan {
            field: 11,
            card: Card::Land(l),
        },
    )
    .unwrap();
    W::apply(
        &mut b,
        0,
        &Move::Plan {
            field: 11,
            card: Card::Tower,
        },
    )
    .unwrap();
    for v in [Viewer::Seat(1), Viewer::Seat(2), Viewer::Public] {
        assert_eq!(W::view(&a, v), W::view(&b, v));
        assert_eq!(W::view(&a, v).players[0].court_fields[0], None);
    }
    assert_ne!(W::view(&a, Viewer::Seat(0)), W::view(&b, Viewer::Seat(0)));
}

/// R33 (L1272-1301): the favor cards are laid out at the start of every
/// normal round, before planning; 18 of the 21 are used in a game.
#[test]
fn r33_favor_cards_are_displayed_before_planning() {
    let o = signoria_wallenstein::Options {
        kaiserhof: true,
        ..Default::default()
    };
    let mut s = W::setup(&o, 4, 33).unwrap();
    let mut rng = signoria_engine::GameRng::from_seed(33);
    let mut ev = Vec::new();
    while let Some(&seat) = W::pending(&s).first() {
        let legal = W::legal_moves(&s, seat);
        ev.extend(W::apply(&mut s, seat, &legal[rng.index(legal.len())].clone()).unwrap());
        if s.year == 1 && s.season == 0 && W::pending(&s).len() == 4 {
            // Planning of the first round: the display is already out.
            assert_eq!(court_of(&s).display.iter().flatten().count(), 3);
        }
    }
    let ev = events(&ev);
    let rounds: Vec<usize> = ev
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e, Event::RoundStarted { .. }))
        .map(|(i, _)| i)
        .collect();
    assert_eq!(rounds.len(), 6);
    for i in rounds {
        assert!(matches!(ev[i + 1], Event::FavorsDisplayed { .. }));
    }
    assert_eq!(court_of(&s).deck.len(), 3);
    check(&s);
}

/// R34 (L1423-1431): the favor cards' costs: a seat needs as many courtiers
/// as the space shows, and pays them back into its supply.
#[test]
fn r34_a_favor_card_costs_its_spaces_courtiers() {
    let mut s = court_part_2([4, 0, 0, 3]);
    run_from_top(&mut s, Frame::CourtCards { pos: 4 });
    assert_eq!(W::pending(&s), vec![BARBARA]);
    W::apply(&mut s, BARBARA, &Move::TakeFavor { card: 10 }).unwrap();
    assert_eq!(court_of(&s).supply[BARBARA], 7);
    // Anika's 3 courtiers pay for card 8 (3) or 2 (2).
    assert_eq!(W::pending(&s), vec![ANIKA]);
    assert_eq!(
        W::legal_moves(&s, ANIKA),
        vec![
            Move::TakeFavor { card: 8 },
            Move::TakeFavor { card: 2 },
            Move::PassFavor
        ]
    );
    W::apply(&mut s, ANIKA, &Move::PassFavor).unwrap();
    let c = court_of(&s);
    assert_eq!(c.hall, vec![0, 0, 0, 3]);
    assert_eq!(c.gone.iter().filter(|x| [8, 2].contains(x)).count(), 2);
    check(&s);
}

/// `seat` takes `card` (out of the deck) in court part 2 with 4 courtiers;
/// below the court the seats are still planning, so play stops at the next
/// decision of the court or right after it.
fn take(s: &mut State, seat: usize, card: u8) -> Vec<Event> {
    display(s, [card, 0, 0]);
    let c = court_mut(s);
    c.supply[seat] -= 4;
    c.hall[seat] += 4;
    s.turn_order = (0..s.n() as u8).collect();
    s.plans = vec![Plan::default(); s.n()];
    s.stack = vec![
        Frame::Planning,
        Frame::CourtFavor {
            order: vec![seat as u8],
            next: 0,
        },
    ];
    events(&W::apply(s, seat, &Move::TakeFavor { card }).unwrap())
}

/// R36, R37 (L1500-1550): the gains of 2/9/16, 3/8/14, 5/15/20 and 6/13/19 at
/// once; armies into the tray as far as the supply holds.
#[test]
fn r36_r37_gains_are_used_at_once() {
    for (card, kind, amount) in [
        (2, BonusKind::Taler, 2),
        (9, BonusKind::Taler, 3),
        (16, BonusKind::Taler, 4),
        (3, BonusKind::Tray, 1),
        (8, BonusKind::Tray, 2),
        (14, BonusKind::Tray, 3),
        (5, BonusKind::Grain, 2),
        (15, BonusKind::Grain, 3),
        (20, BonusKind::Grain, 4),
        (6, BonusKind::Vp, 1),
        (13, BonusKind::Vp, 2),
        (19, BonusKind::Vp, 3),
    ] {
        let mut s = court_part_2([0; 4]);
        let before = s.players[1].clone();
        let ev = take(&mut s, 1, card);
        assert!(
            ev.contains(&Event::Gained {
                seat: 1,
                kind,
                amount
            }),
            "card {card}: {ev:?}"
        );
        let p = &s.players[1];
        match kind {
            BonusKind::Taler => assert_eq!(p.money, before.money + amount as i32),
            BonusKind::Grain => assert_eq!(p.grain, before.grain + amount),
            BonusKind::Vp => assert_eq!(p.vp, before.vp + amount),
            BonusKind::Tray => {
                assert_eq!(p.supply, before.supply - amount);
                assert_eq!(s.tower.tray[1], amount);
            }
        }
        assert!(court_of(&s).gone.contains(&card));
        check(&s);
    }
    // A supply of 1: card 14 puts 1 army into the tray.
    let mut s = court_part_2([0; 4]);
    let spare = s.players[1].supply - 1;
    s.players[1].supply = 1;
    give(&mut s, 1, "Anhalt", 0);
    s.lands[land("Anhalt") as usize].armies = spare;
    let ev = take(&mut s, 1, 14);
    assert!(ev.contains(&Event::Gained {
        seat: 1,
        kind: BonusKind::Tray,
        amount: 1
    }));
    check(&s);
}

/// R38 (L1552-1560): 7, 17, 21 build a trading house, a church, a palace for
/// free in an own land by the building rules; with a single such land it is
/// built there, with none the card finds no use. R43: a trading house built
/// so under the trading-house event calms one unrest marker (L1020-1025).
#[test]
fn r38_r43_free_buildings() {
    for (card, kind) in [(7, TRADING_HOUSE), (17, CHURCH), (21, PALACE)] {
        let mut s = court_part_2([0; 4]);
        let a = give(&mut s, 1, "Anhalt", 2);
        let b = give(&mut s, 1, "Vogtland", 2);
        s.lands[b as usize].buildings[kind] = true;
        let money = s.players[1].money;
        let ev = take(&mut s, 1, card);
        // Vogtland has one already: only Anhalt is left, so no question is asked.
        assert!(
            ev.contains(&Event::Built {
                seat: 1,
                land: a,
                building: kind as u8,
                cost: 0
            }),
            "card {card}: {ev:?}"
        );
        assert_eq!(s.players[1].money, money);
        check(&s);
    }
    let mut s = court_part_2([0; 4]);
    let ev = take(&mut s, 1, 21);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::FavorLapsed { card: 21, .. }))
    );
    // Two lands: the holder chooses; the trading-house event calms a marker.
    let mut s = court_part_2([0; 4]);
    let a = give(&mut s, 1, "Anhalt", 2);
    give(&mut s, 1, "Vogtland", 2);
    s.lands[a as usize].unrest = 2;
    set_event(&mut s, EventEffect::TradingHouseCalms);
    take(&mut s, 1, 7);
    assert_eq!(W::pending(&s), vec![1]);
    assert_eq!(W::legal_moves(&s, 1).len(), 2);
    let ev = W::apply(&mut s, 1, &Move::FavorLand { land: a }).unwrap();
    assert!(events(&ev).contains(&Event::UnrestRemoved { land: a, unrest: 1 }));
    check(&s);
}

/// R39, R40 (L1561-1573): card 10 keeps Fight/Move A out of the holder's
/// lands, 11 Fight/Move B, 18 both, for the rest of the round; the holder may
/// still attack, moves into own lands stay open, and the cards leave the game
/// at the end of the round.
#[test]
fn r39_r40_protection_from_attacks() {
    for (card, a_blocked, b_blocked) in [(10, true, false), (11, false, true), (18, true, true)] {
        let mut s = court_part_2([0; 4]);
        let anhalt = give(&mut s, 0, "Anhalt", 5);
        let mittelmark = give(&mut s, 0, "Mittelmark", 1);
        let kursachsen = give(&mut s, 1, "Kursachsen", 2);
        let ev = take(&mut s, 1, card);
        assert!(ev.contains(&Event::FavorKept { seat: 1, card }));
        let targets = |s: &State, action: Action| -> Vec<u8> {
            actions::march_moves(
                s,
                &Awaiting {
                    seat: 0,
                    action,
                    from: anhalt,
                },
            )
            .into_iter()
            .filter_map(|m| match m {
                Move::March { to, count: 1 } => Some(to),
                _ => None,
            })
            .collect()
        };
        assert_eq!(
            !targets(&s, Action::FightA).contains(&kursachsen),
            a_blocked
        );
        assert_eq!(
            !targets(&s, Action::FightB).contains(&kursachsen),
            b_blocked
        );
        assert!(targets(&s, Action::FightA).contains(&mittelmark));
        assert!(court::protected(
            &s,
            1,
            if a_blocked {
                Action::FightA
            } else {
                Action::FightB
            }
        ));
        // The holder attacks freely.
        let from_k = actions::march_moves(
            &s,
            &Awaiting {
                seat: 1,
                action: Action::FightA,
                from: kursachsen,
            },
        );
        assert!(from_k.contains(&Move::March {
            to: anhalt,
            count: 1
        }));
        // The round ends: the card leaves the game.
        let mut ev = Vec::new();
        s.stack = vec![Frame::Actions { slot: 10, pos: 0 }];
        signoria_engine::kernel::advance::<W>(&mut s, &mut ev);
        assert!(events(&ev).contains(&Event::FavorsExpired {
            seat: 1,
            cards: vec![card]
        }));
        assert!(court_of(&s).held[1].is_empty());
        assert!(
            !court::protected(&s, 1, Action::FightA) && !court::protected(&s, 1, Action::FightB)
        );
        check(&s);
    }
}

/// Card 4 (L1484-1498): a marker leaves an own land; with none, the card is
/// kept and stops the next marker on one of the holder's lands, then leaves
/// the game.
#[test]
fn favor_card_4_removes_or_blocks_unrest() {
    let mut s = court_part_2([0; 4]);
    let a = give(&mut s, 1, "Anhalt", 3);
    s.lands[a as usize].unrest = 2;
    let ev = take(&mut s, 1, 4);
    assert!(ev.contains(&Event::UnrestRemoved { land: a, unrest: 1 }));
    assert!(court_of(&s).gone.contains(&4));
    // No marker on an own land: kept, then it blocks the next one.
    let mut s = court_part_2([0; 4]);
    let a = give(&mut s, 1, "Anhalt", 3);
    let ev = take(&mut s, 1, 4);
    assert!(ev.contains(&Event::FavorKept { seat: 1, card: 4 }));
    assert_eq!(court_of(&s).held[1], vec![4]);
    let mut ev = Vec::new();
    actions::execute(&mut s, 1, Action::Taxes, a, &mut ev);
    assert!(events(&ev).contains(&Event::UnrestBlocked { seat: 1, land: a }));
    assert_eq!(s.lands[a as usize].unrest, 0);
    assert!(court_of(&s).held[1].is_empty() && court_of(&s).gone.contains(&4));
    let mut ev = Vec::new();
    actions::execute(&mut s, 1, Action::Taxes, a, &mut ev);
    assert_eq!(s.lands[a as usize].unrest, 1);
    check(&s);
}

/// R41 (L1508-1517): card 12 puts 3 free armies into an own land or any
/// neutral land in play (no neighbour needed); a neutral land's card is taken
/// without a fight and cannot be used this round; a short supply puts what it holds.
#[test]
fn r41_card_12_free_armies() {
    let mut s = court_part_2([0; 4]);
    let own = give(&mut s, 1, "Anhalt", 1);
    let far = land("Burgund");
    take(&mut s, 1, 12);
    assert_eq!(W::pending(&s), vec![1]);
    let legal = W::legal_moves(&s, 1);
    assert!(legal.contains(&Move::FavorLand { land: own }));
    assert!(legal.contains(&Move::FavorLand { land: far }));
    assert_eq!(
        legal.len(),
        45 - (0..45)
            .filter(|&l| s.lands[l].owner.is_some_and(|o| o != 1))
            .count()
    );
    let supply = s.players[1].supply;
    let ev = events(&W::apply(&mut s, 1, &Move::FavorLand { land: far }).unwrap());
    assert!(ev.contains(&Event::ArmiesPlaced {
        seat: 1,
        land: far,
        armies: 3
    }));
    assert!(ev.contains(&Event::OwnerChanged {
        land: far,
        owner: Some(1)
    }));
    assert!(!ev.iter().any(|e| matches!(e, Event::Fought(_))));
    assert_eq!(
        (s.lands[far as usize].owner, s.lands[far as usize].armies),
        (Some(1), 3)
    );
    assert_eq!(s.players[1].supply, supply - 3);
    assert!(s.voided.contains(&far));
    check(&s);
    // 3 players: a land out of play (Burgund) is never offered; a supply of 2 puts 2.
    let mut s = bare_modules(3, true, false, false);
    let spare = s.players[1].supply - 2;
    give(&mut s, 1, "Anhalt", spare);
    take(&mut s, 1, 12);
    let legal = W::legal_moves(&s, 1);
    assert!(!legal.contains(&Move::FavorLand { land: far }));
    assert!(
        legal
            .iter()
            .all(|m| matches!(m, Move::FavorLand { land } if s.in_play[*land as usize]))
    );
    let lothringen = land("Lothringen");
    let ev = events(&W::apply(&mut s, 1, &Move::FavorLand { land: lothringen }).unwrap());
    assert!(ev.contains(&Event::ArmiesPlaced {
        seat: 1,
        land: lothringen,
        armies: 2
    }));
    check(&s);
}

/// R42 (L1472-1482): card 1 removes the round's event (it leaves the game as
/// after its round, the winter card is untouched) or leaves it.
#[test]
fn r42_card_1_cancels_the_round_event_or_not() {
    for cancel in [true, false] {
        let mut s = court_part_2([0; 4]);
        s.event_candidates = vec![3, 5, 7, 9];
        s.current_event = Some(5);
        take(&mut s, 2, 1);
        assert_eq!(W::pending(&s), vec![2]);
        assert_eq!(
            W::legal_moves(&s, 2),
            vec![
                Move::CancelEvent { cancel: true },
                Move::CancelEvent { cancel: false }
            ]
        );
        let ev = events(&W::apply(&mut s, 2, &Move::CancelEvent { cancel }).unwrap());
        if cancel {
            assert!(ev.contains(&Event::EventCancelled { event: 5 }));
            assert_eq!(s.current_event, None);
            assert_eq!(s.event_candidates, vec![3, 7, 9]);
        } else {
            assert_eq!(s.current_event, Some(5));
            assert_eq!(s.event_candidates, vec![3, 5, 7, 9]);
        }
        assert!(court_of(&s).gone.contains(&1));
        check(&s);
    }
}

/// R37-R39: the values the OCR lost are data, marked as guesses with their
/// ruling, and the seed's families are kept: which numbers gain what.
#[test]
fn favor_card_data_against_the_seed() {
    let k = &data().kaiserhof;
    assert_eq!((k.courtiers, k.tower_cards, k.favors.len()), (7, 3, 21));
    for f in &k.favors {
        assert!(f.seed.starts_with('L'), "card {}", f.number);
        let family = match f.effect {
            FavorEffect::CancelEvent => "event",
            FavorEffect::RemoveUnrest => "unrest",
            FavorEffect::Gain(BonusKind::Taler, _) => "taler",
            FavorEffect::Gain(BonusKind::Tray, _) => "tray",
            FavorEffect::Gain(BonusKind::Grain, _) => "grain",
            FavorEffect::Gain(BonusKind::Vp, _) => "vp",
            FavorEffect::Armies(3) => "armies",
            FavorEffect::Armies(_) => "armies?",
            FavorEffect::Build(_) => "build",
            FavorEffect::Protect { .. } => "protect",
        };
        // The families as the seed lists them (L1472-1573).
        let expected = match f.number {
            1 => "event",
            4 => "unrest",
            2 | 9 | 16 => "taler",
            12 => "armies",
            3 | 8 | 14 => "tray",
            5 | 15 | 20 => "grain",
            6 | 13 | 19 => "vp",
            7 | 17 | 21 => "build",
            _ => "protect",
        };
        assert_eq!(family, expected, "card {}", f.number);
        // The seed prints 1, 4 and 12 in full; everything else lost a value.
        assert_eq!(
            f.guess.is_some(),
            ![1, 4, 12].contains(&f.number),
            "card {}",
            f.number
        );
        if let Some(g) = &f.guess {
            assert!(g.starts_with('R'), "card {}: {g}", f.number);
        }
    }
    let protects: Vec<(u8, bool, bool)> = [10, 11, 18]
        .iter()
        .map(|&n| (n, k.favor(n).protects(false), k.favor(n).protects(true)))
        .collect();
    assert_eq!(
        protects,
        vec![(10, true, false), (11, false, true), (18, true, true)]
    );
}

/// Hidden information (digest §6.3): `resample_hidden` redraws another seat's
/// face-down supplementary fields with the base mat (a plan it could have
/// made, tower cards included) and the favor deck's order; never the seat's
/// own mat, the display or the kept cards. Once court part 1 turned a mat
/// over, its supplementary fields are kept.
#[test]
fn resampling_redraws_supplementary_mats_and_the_favor_deck() {
    let o = signoria_wallenstein::Options {
        fixed_start: true,
        kaiserhof: true,
        ..Default::default()
    };
    let mut s = W::setup(&o, 4, 8).unwrap();
    for seat in [0, 1] {
        while W::pending(&s).contains(&seat) && s.plans[seat].court.len() < 2 {
            let m = W::legal_moves(&s, seat).pop().unwrap();
            W::apply(&mut s, seat, &m).unwrap();
        }
    }
    assert_eq!(s.plans[1].court.len(), 2);
    let mut rng = signoria_engine::GameRng::from_seed(3);
    let (mut court_changed, mut deck_changed) = (0, 0);
    for _ in 0..50 {
        let alt = W::resample_hidden(&s, 0, &mut rng).unwrap();
        assert_eq!(alt.plans[0], s.plans[0], "the seat's own mat");
        assert_eq!(alt.plans[1].court.len(), 2);
        let (c, a) = (court_of(&s), court_of(&alt));
        assert_eq!(
            (&a.display, &a.held, &a.hall),
            (&c.display, &c.held, &c.hall)
        );
        let mut deck = a.deck.clone();
        deck.sort_unstable();
        let mut real = c.deck.clone();
        real.sort_unstable();
        assert_eq!(deck, real);
        for v in [Viewer::Seat(0), Viewer::Public] {
            assert_eq!(W::view(&alt, v), W::view(&s, v));
        }
        check(&alt);
        let mut next = alt.clone();
        while W::pending(&next).contains(&1) {
            let m = W::legal_moves(&next, 1)[0].clone();
            W::apply(&mut next, 1, &m).unwrap();
        }
        check(&next);
        court_changed += usize::from(alt.plans[1].court != s.plans[1].court);
        deck_changed += usize::from(a.deck != c.deck);
    }
    assert!(court_changed > 10, "redrawn {court_changed} times of 50");
    assert!(deck_changed > 45);
    // Turned over in court part 1: kept.
    s.plans[1].court.push(Card::Money(0));
    s.plans[1].court_revealed = true;
    for _ in 0..10 {
        let alt = W::resample_hidden(&s, 0, &mut rng).unwrap();
        assert_eq!(alt.plans[1].court, s.plans[1].court);
    }
}

/// A card planned on a supplementary field is told to its seat only; a free
/// supplementary field to everyone; the court turns the mat over for all.
#[test]
fn supplementary_cards_reach_only_their_seat_until_the_court() {
    let mut s = bare_modules(3, true, false, false);
    let l = give(&mut s, 0, "Anhalt", 4);
    s.plans[0].fields = mat(&[], Card::Money(0));
    s.plans[0].fields.pop();
    let ev = W::apply(
        &mut s,
        0,
        &Move::Plan {
            field: 11,
            card: Card::Land(l),
        },
    )
    .unwrap();
    assert!(
        ev.iter()
            .any(|e| e.audience == signoria_engine::Audience::Seats(vec![0])
                && matches!(e.event, Event::Planned { field: 11, .. }))
    );
    let ev = W::apply(
        &mut s,
        0,
        &Move::Plan {
            field: 12,
            card: Card::Tower,
        },
    )
    .unwrap();
    assert!(
        ev.iter()
            .all(|e| e.audience != signoria_engine::Audience::All
                || !matches!(e.event, Event::Planned { .. }))
    );
    assert_eq!(
        W::view(&s, Viewer::Seat(1)).players[0].court_fields,
        vec![None, None, None]
    );
    assert_eq!(
        W::view(&s, Viewer::Seat(0)).players[0].court_fields,
        vec![Some(Card::Land(l)), Some(Card::Tower), None]
    );
    s.plans[0].court.push(Card::Empty);
    assert_eq!(
        W::view(&s, Viewer::Public).players[0].court_fields,
        vec![None, None, Some(Card::Empty)]
    );
    s.plans[0].court_revealed = true;
    assert_eq!(
        W::view(&s, Viewer::Public).players[0].court_fields,
        vec![Some(Card::Land(l)), Some(Card::Tower), Some(Card::Empty)]
    );
}
