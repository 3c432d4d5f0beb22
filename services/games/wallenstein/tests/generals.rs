//! Module 3, generals and monuments (seed L1612-1698): placement in the draft
//! and in the fixed set-ups, the upgraded actions, the move after every
//! round with its monument, capture, the general taken off with its land and
//! back after winter, and the monuments' VP (RULINGS R50-R59).

mod common;
use common::*;

use signoria_engine::Game;
use signoria_wallenstein::data::EventEffect;
use signoria_wallenstein::generals::{self, MONUMENTS};
use signoria_wallenstein::model::{
    Action, CHURCH, Card, Event, Frame, Move, PALACE, Picked, Plan, State, TRADING_HOUSE, Tile,
};
use signoria_wallenstein::{Options, Wallenstein as W, actions, combat, flow, winter};

fn place_general(s: &mut State, seat: usize, name: &str) -> u8 {
    let l = land(name);
    let mut ev = Vec::new();
    generals::place(s, seat, l, &mut ev);
    l
}

fn at(s: &State, seat: usize) -> Option<u8> {
    s.generals.as_ref().unwrap().at[seat]
}

/// L1646-1669: in the general's land palace 2, church 1, trading house free;
/// collect grain and taxes +1; raise 6, 4, 2 armies for 3, 2, 1 Taler.
/// Elsewhere the base costs and yields.
#[test]
fn the_generals_land_upgrades_every_action_but_fight() {
    let mut s = bare_modules(3, false, false, true);
    let a = give(&mut s, 0, "Anhalt", 2);
    let k = give(&mut s, 0, "Kursachsen", 2);
    place_general(&mut s, 0, "Kursachsen");
    for (kind, with, without) in [(PALACE, 2, 3), (CHURCH, 1, 2), (TRADING_HOUSE, 0, 1)] {
        assert_eq!(actions::build_cost(&s, 0, k, kind), with);
        assert_eq!(actions::build_cost(&s, 0, a, kind), without);
    }
    let d = signoria_wallenstein::data::data();
    assert_eq!(
        actions::income(&s, 0, Action::Grain, k),
        d.lands[k as usize].grain as u32 + 1
    );
    assert_eq!(
        actions::income(&s, 0, Action::Taxes, k),
        d.lands[k as usize].tax as u32 + 1
    );
    assert_eq!(
        actions::income(&s, 0, Action::Taxes, a),
        d.lands[a as usize].tax as u32
    );
    for (action, armies, cost) in [
        (Action::Raise5, 6, 3),
        (Action::Raise3, 4, 2),
        (Action::Raise1, 2, 1),
    ] {
        let before = (s.players[0].money, s.lands[k as usize].armies);
        let mut ev = Vec::new();
        actions::execute(&mut s, 0, action, k, &mut ev);
        assert!(events(&ev).contains(&Event::Raised {
            seat: 0,
            land: k,
            armies,
            cost
        }));
        assert_eq!(s.players[0].money, before.0 - cost as i32);
        assert_eq!(s.lands[k as usize].armies, before.1 + armies);
    }
    // A free trading house even without money.
    s.players[0].money = 0;
    let mut ev = Vec::new();
    actions::execute(&mut s, 0, Action::TradingHouse, k, &mut ev);
    assert!(s.lands[k as usize].buildings[TRADING_HOUSE]);
    let mut ev = Vec::new();
    actions::execute(&mut s, 0, Action::TradingHouse, a, &mut ev);
    assert!(!s.lands[a as usize].buildings[TRADING_HOUSE]);
    check(&s);
}

/// R52: event first, then tile, then the general (+1).
#[test]
fn r52_general_after_event_and_tile() {
    let mut s = bare_modules(4, false, false, true);
    let burgund = give(&mut s, 0, "Burgund", 2);
    place_general(&mut s, 0, "Burgund");
    set_event(&mut s, EventEffect::TaxAtMost5);
    set_tile(&mut s, 0, Tile::PlusTaler);
    assert_eq!(actions::income(&s, 0, Action::Taxes, burgund), 5 + 1 + 1);
    set_event(&mut s, EventEffect::FewerArmiesRaised);
    set_tile(&mut s, 0, Tile::SixArmies);
    let mut ev = Vec::new();
    actions::execute(&mut s, 0, Action::Raise5, burgund, &mut ev);
    assert!(events(&ev).contains(&Event::Raised {
        seat: 0,
        land: burgund,
        armies: 7,
        cost: 3
    }));
    set_tile(&mut s, 0, Tile::PlusTaler);
    let mut ev = Vec::new();
    actions::execute(&mut s, 0, Action::Raise3, burgund, &mut ev);
    assert!(events(&ev).contains(&Event::Raised {
        seat: 0,
        land: burgund,
        armies: 3,
        cost: 2
    }));
}

/// L1628-1633 (R51): in the draft the seat decides with each land it takes
/// whether its general goes there; a land passed over is not offered again,
/// and at its last start land the general must go there.
#[test]
fn r51_general_placed_in_the_draft() {
    let o = Options {
        generals: true,
        ..Default::default()
    };
    let mut s = W::setup(&o, 3, 51).unwrap();
    let mut offered = 0;
    while s.draft().is_some() {
        let seat = W::pending(&s)[0];
        let legal = W::legal_moves(&s, seat);
        let m = match s.stack.last() {
            Some(Frame::PlaceGroup(Picked { seat: p, .. })) => {
                let p = *p as usize;
                let last = s.draft().unwrap().groups[p].len() == 1;
                let with = legal
                    .iter()
                    .filter(|m| matches!(m, Move::PlaceGroupWithGeneral { .. }))
                    .count();
                let without = legal
                    .iter()
                    .filter(|m| matches!(m, Move::PlaceGroup { .. }))
                    .count();
                if at(&s, p).is_some() {
                    assert_eq!(with, 0, "a general placed twice");
                } else if last {
                    assert_eq!(without, 0, "the last land must take the general");
                    offered += 1;
                } else {
                    assert_eq!(with, without);
                }
                // Pass the general over while possible: it ends on the last land.
                legal
                    .iter()
                    .find(|m| matches!(m, Move::PlaceGroup { .. }))
                    .unwrap_or(&legal[0])
                    .clone()
            }
            _ => legal[0].clone(),
        };
        let ev = W::apply(&mut s, seat, &m).unwrap();
        if let Move::PlaceGroupWithGeneral { .. } = m {
            assert!(
                events(&ev).iter().any(
                    |e| matches!(e, Event::GeneralPlaced { seat: p, .. } if *p as usize == seat)
                )
            );
        }
    }
    assert_eq!(offered, 3);
    for p in 0..3 {
        let l = at(&s, p).expect("every general placed");
        assert_eq!(s.lands[l as usize].owner, Some(p as u8));
    }
    check(&s);
}

/// L1640-1644 (R50, R51): with the fixed set-ups each seat places its
/// general after the first turn order, in turn order, into any own land,
/// before the Landsknechte and the court.
#[test]
fn r50_fixed_start_generals_placed_after_the_first_turn_order() {
    let o = Options {
        fixed_start: true,
        generals: true,
        landsknechte: true,
        kaiserhof: true,
    };
    let mut s = W::setup(&o, 3, 52).unwrap();
    // Mats of money cards: the round's other steps do nothing.
    for p in 0..3 {
        s.plans[p] = Plan {
            fields: mat(&[], Card::Money(0)),
            court: vec![Card::Empty; 3],
            ..Default::default()
        };
    }
    let mut ev = Vec::new();
    s.space_owner = vec![Some(2), None, Some(0), Some(1), None];
    s.stack = vec![Frame::ChooseSpace {
        order: vec![2, 0, 1],
        next: 3,
    }];
    flow::start_actions(&mut s, &mut ev);
    assert_eq!(
        s.stack[1..],
        [
            Frame::CourtCards { pos: 0 },
            Frame::Landsknechte { pos: 0 },
            Frame::PlaceGenerals { pos: 0 },
        ]
    );
    for seat in [2, 0, 1] {
        assert_eq!(W::pending(&s), vec![seat]);
        let legal = W::legal_moves(&s, seat);
        assert_eq!(legal.len(), s.owned(seat).len());
        W::apply(&mut s, seat, &legal[legal.len() - 1]).unwrap();
        assert!(at(&s, seat).is_some());
    }
    assert!(
        !s.stack
            .iter()
            .any(|f| matches!(f, Frame::PlaceGenerals { .. }))
    );
    // Only in the first round.
    s.season = 1;
    s.stack = vec![Frame::ChooseSpace {
        order: vec![2, 0, 1],
        next: 3,
    }];
    flow::start_actions(&mut s, &mut ev);
    assert!(
        !s.stack
            .iter()
            .any(|f| matches!(f, Frame::PlaceGenerals { .. }))
    );
}

/// The end of a spring round's actions (the next round follows, not winter).
fn round_end(s: &mut State) -> Vec<Event> {
    s.season = 0;
    s.turn_order = (0..s.n() as u8).collect();
    s.stack = vec![Frame::Actions { slot: 10, pos: 0 }];
    let mut ev = Vec::new();
    signoria_engine::kernel::advance::<W>(s, &mut ev);
    events(&ev)
}

/// L1670-1687 (R54, R55): after every round each general must move into
/// another own land: into a neighbour it leaves a monument in the land left,
/// elsewhere it fled and leaves none; with a single other own land it goes
/// there without a question, with none it stays.
#[test]
fn generals_move_after_every_round() {
    let mut s = bare_modules(3, false, false, true);
    let a = give(&mut s, 0, "Anhalt", 2);
    let k = give(&mut s, 0, "Kursachsen", 2);
    let far = give(&mut s, 0, "Passau", 2);
    give(&mut s, 1, "Lothringen", 2);
    place_general(&mut s, 0, "Anhalt");
    place_general(&mut s, 1, "Lothringen");
    let ev = round_end(&mut s);
    assert!(ev.is_empty(), "{ev:?}");
    assert_eq!(W::pending(&s), vec![0]);
    assert_eq!(
        W::legal_moves(&s, 0),
        vec![Move::MoveGeneral { to: k }, Move::MoveGeneral { to: far }]
    );
    let ev = events(&W::apply(&mut s, 0, &Move::MoveGeneral { to: k }).unwrap());
    assert!(ev.contains(&Event::GeneralMoved {
        seat: 0,
        from: a,
        to: k,
        monument: true
    }));
    // Seat 1 has no other land: its general stays; the next round starts.
    assert!(ev.iter().any(|e| matches!(e, Event::RoundStarted { .. })));
    let g = s.generals.as_ref().unwrap();
    assert_eq!(g.monuments, vec![(a, 0)]);
    assert_eq!(g.left[0], MONUMENTS - 1);
    assert_eq!(at(&s, 1), Some(land("Lothringen")));
    // Kursachsen -> Passau is not next door: fled, no monument.
    round_end(&mut s);
    let ev = events(&W::apply(&mut s, 0, &Move::MoveGeneral { to: far }).unwrap());
    assert!(ev.contains(&Event::GeneralMoved {
        seat: 0,
        from: k,
        to: far,
        monument: false
    }));
    // A single other own land: moved there without a question.
    s.lands[a as usize] = Default::default();
    s.players[0].supply += 2;
    let ev = round_end(&mut s);
    assert!(ev.contains(&Event::GeneralMoved {
        seat: 0,
        from: far,
        to: k,
        monument: false
    }));
    check(&s);
}

/// R55: several monuments may stand in one land; with all six built no more is built.
#[test]
fn r55_monuments_share_lands_and_run_out() {
    let mut s = bare_modules(3, false, false, true);
    let a = give(&mut s, 0, "Anhalt", 2);
    let k = give(&mut s, 0, "Kursachsen", 2);
    place_general(&mut s, 0, "Anhalt");
    for i in 0..8 {
        // Only two lands: the general goes back and forth without a question.
        let ev = round_end(&mut s);
        let built = i < MONUMENTS as usize;
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::GeneralMoved { monument, .. } if *monument == built)),
            "move {i}: {ev:?}"
        );
    }
    let g = s.generals.as_ref().unwrap();
    assert_eq!(g.left[0], 0);
    assert_eq!(g.monuments.iter().filter(|m| m.0 == a).count(), 3);
    assert_eq!(g.monuments.iter().filter(|m| m.0 == k).count(), 3);
    check(&s);
}

/// L1676-1683 (R56): a monument stays when its land is conquered by armies or
/// lost through unrest; only another seat's general arriving captures it.
#[test]
fn r56_monuments_are_captured_only_by_a_general() {
    let mut s = bare_modules(3, false, false, true);
    let a = give(&mut s, 0, "Anhalt", 1);
    give(&mut s, 0, "Altmark", 1);
    let k = give(&mut s, 1, "Kursachsen", 5);
    let m = give(&mut s, 1, "Mittelmark", 2);
    place_general(&mut s, 0, "Altmark");
    place_general(&mut s, 1, "Mittelmark");
    s.generals.as_mut().unwrap().monuments.push((a, 0));
    s.generals.as_mut().unwrap().left[0] -= 1;
    // Seat 1 conquers Anhalt with armies: the monument stays.
    let mut ev = Vec::new();
    combat::attack(&mut s, 1, k, a, 4, &mut ev);
    assert_eq!(s.lands[a as usize].owner, Some(1));
    assert_eq!(s.generals.as_ref().unwrap().monuments, vec![(a, 0)]);
    // Seat 1's general moves from Mittelmark into Anhalt: captured.
    s.turn_order = vec![1, 0, 2];
    s.stack = vec![Frame::EndRound, Frame::MoveGenerals { pos: 0 }];
    assert_eq!(W::pending(&s), vec![1]);
    let ev = events(&W::apply(&mut s, 1, &Move::MoveGeneral { to: a }).unwrap());
    assert!(ev.contains(&Event::GeneralMoved {
        seat: 1,
        from: m,
        to: a,
        monument: true
    }));
    assert!(ev.contains(&Event::MonumentCaptured {
        seat: 1,
        land: a,
        owner: 0
    }));
    let g = s.generals.as_ref().unwrap();
    assert_eq!(g.monuments, vec![(m, 1)]);
    assert_eq!(g.captured[1], vec![0]);
    check(&s);
}

/// L1689-1694 (R57): a general whose land is lost leaves the map without a
/// monument; after winter it comes back into any own land, in turn order.
#[test]
fn r57_general_taken_off_with_its_land_and_back_after_winter() {
    let mut s = bare_modules(3, false, false, true);
    let a = give(&mut s, 0, "Anhalt", 1);
    give(&mut s, 0, "Altmark", 1);
    give(&mut s, 0, "Passau", 1);
    let k = give(&mut s, 1, "Kursachsen", 5);
    place_general(&mut s, 0, "Anhalt");
    place_general(&mut s, 1, "Kursachsen");
    let mut ev = Vec::new();
    combat::attack(&mut s, 1, k, a, 4, &mut ev);
    assert!(events(&ev).contains(&Event::GeneralRemoved { seat: 0, land: a }));
    assert_eq!(at(&s, 0), None);
    assert!(s.generals.as_ref().unwrap().monuments.is_empty());
    // No move for seat 0 after the round.
    let ev = round_end(&mut s);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::GeneralMoved { seat: 0, .. }))
    );
    // After winter (year 1): placed again, in turn order, before the next round.
    s.year = 1;
    s.turn_order = vec![1, 0, 2];
    s.event_deck = (0..12).collect();
    s.stack = vec![Frame::Winter { pos: 3 }];
    let mut ev = Vec::new();
    winter::step(&mut s, 3, &mut ev);
    assert_eq!(
        s.stack,
        vec![Frame::StartRound, Frame::PlaceGenerals { pos: 0 }]
    );
    let mut ev = Vec::new();
    signoria_engine::kernel::advance::<W>(&mut s, &mut ev);
    assert_eq!(W::pending(&s), vec![0]);
    assert_eq!(W::legal_moves(&s, 0).len(), 2);
    W::apply(
        &mut s,
        0,
        &Move::PlaceGeneral {
            land: land("Passau"),
        },
    )
    .unwrap();
    assert_eq!(at(&s, 0), Some(land("Passau")));
    assert!(s.stack.last() == Some(&Frame::Planning));
    check(&s);
}

/// R54: winter is no round for the generals: no move after it.
#[test]
fn r54_no_general_move_after_winter() {
    let o = Options {
        generals: true,
        ..Default::default()
    };
    let mut s = W::setup(&o, 4, 54).unwrap();
    let mut rng = signoria_engine::GameRng::from_seed(54);
    let mut all = Vec::new();
    while let Some(&seat) = W::pending(&s).first() {
        let legal = W::legal_moves(&s, seat);
        all.extend(events(
            &W::apply(&mut s, seat, &legal[rng.index(legal.len())].clone()).unwrap(),
        ));
    }
    // Moves come between the last action of a round and the next round or winter.
    let mut moves_per_year = [0usize; 2];
    let mut year = 0;
    for e in &all {
        match e {
            Event::YearEnded { .. } => year += 1,
            Event::GeneralMoved { .. } if year < 2 => moves_per_year[year] += 1,
            _ => {}
        }
    }
    let grain_lost = all
        .iter()
        .position(|e| matches!(e, Event::GrainLost { .. }))
        .unwrap();
    let year_end = all
        .iter()
        .position(|e| matches!(e, Event::YearEnded { .. }))
        .unwrap();
    assert!(
        !all[grain_lost..year_end]
            .iter()
            .any(|e| matches!(e, Event::GeneralMoved { .. })),
        "a general moved during winter"
    );
    assert!(moves_per_year.iter().all(|&m| m > 0), "{moves_per_year:?}");
}

/// L1698 (R58): at the end 1 VP per own monument on the map (wherever it
/// stands and whoever holds the land) and per captured monument.
#[test]
fn r58_monuments_score_at_the_end() {
    let mut s = bare_modules(3, false, false, true);
    let a = give(&mut s, 1, "Anhalt", 1);
    let k = give(&mut s, 1, "Kursachsen", 1);
    {
        let g = s.generals.as_mut().unwrap();
        // Seat 0: 2 on the map, 1 captured by seat 2; seat 1: 1 on the map, 1 captured.
        g.monuments = vec![(a, 0), (k, 0), (k, 1)];
        g.captured[2] = vec![1, 0];
        g.left = vec![MONUMENTS - 3, MONUMENTS - 2, MONUMENTS];
    }
    check(&s);
    s.year = 2;
    s.turn_order = vec![0, 1, 2];
    let vp: Vec<u32> = s.players.iter().map(|p| p.vp).collect();
    let mut ev = Vec::new();
    winter::step(&mut s, 3, &mut ev);
    let ev = events(&ev);
    for (seat, on_board, captured) in [(0, 2, 0), (1, 1, 0), (2, 0, 2)] {
        assert!(ev.contains(&Event::MonumentsScored {
            seat,
            on_board,
            captured
        }));
    }
    assert!(s.over());
    let scored: Vec<u32> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Scored { total, .. } => Some(*total),
            _ => None,
        })
        .collect();
    for (p, extra) in [(0, 2), (1, 1), (2, 2)] {
        assert_eq!(s.players[p].vp, vp[p] + scored[p] + extra);
    }
}

/// Plans are untouched by the generals: the upgraded action still needs the
/// land card on its field.
#[test]
fn the_general_upgrades_only_planned_actions() {
    let mut s = bare_modules(3, false, false, true);
    let k = give(&mut s, 0, "Kursachsen", 2);
    place_general(&mut s, 0, "Kursachsen");
    let mats = vec![
        mat(&[(Action::Taxes, k)], Card::Money(0)),
        mat(&[], Card::Money(0)),
        mat(&[], Card::Money(1)),
    ];
    let money = s.players[0].money;
    let ev = actions_with(
        &mut s,
        mats,
        vec![
            Action::Taxes,
            Action::Palace,
            Action::Church,
            Action::TradingHouse,
            Action::Grain,
            Action::Raise5,
            Action::Raise3,
            Action::Raise1,
            Action::FightA,
            Action::FightB,
        ],
        vec![0, 1, 2],
    );
    let tax = signoria_wallenstein::data::data().lands[k as usize].tax as u32 + 1;
    assert!(events(&ev).contains(&Event::Collected {
        seat: 0,
        land: k,
        action: Action::Taxes,
        amount: tax
    }));
    assert_eq!(s.players[0].money, money + tax as i32);
}

/// R53: the seed's table upgrades no Fight/Move (L1646-1669): an attack from
/// the general's land throws the armies moved and nothing more.
#[test]
fn r53_no_fight_upgrade() {
    let mut s = bare_modules(3, false, false, true);
    let a = give(&mut s, 0, "Anhalt", 5);
    let k = give(&mut s, 1, "Kursachsen", 1);
    place_general(&mut s, 0, "Anhalt");
    let supply = s.players[0].supply;
    let mut ev = Vec::new();
    combat::attack(&mut s, 0, a, k, 3, &mut ev);
    let b = &battles(&ev)[0];
    assert_eq!(b.thrown[0], 3);
    assert_eq!(s.players[0].supply, supply + 1);
    check(&s);
}
