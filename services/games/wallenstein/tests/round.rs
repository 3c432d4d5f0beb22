//! A whole normal round through the public moves only: secret plans, the
//! event, bids, turn-order spaces, the ten actions in card order with their
//! decisions, the end of the round (seed L270-627).

mod common;
use common::*;

use signoria_engine::Game;
use signoria_wallenstein::Wallenstein as W;
use signoria_wallenstein::model::{
    Action, CHURCH, Card, Event, Frame, Move, PALACE, TRADING_HOUSE, Tile,
};

fn plan(s: &mut signoria_wallenstein::State, seat: usize, lands: &[(Action, &str)], bid: Card) {
    let mut money = (0..5u8).map(Card::Money).filter(|&c| c != bid);
    let mut fields: Vec<Card> = (0..10u8)
        .map(|f| match lands.iter().find(|(a, _)| *a as u8 == f) {
            Some((_, n)) => Card::Land(land(n)),
            None => money.next().unwrap(),
        })
        .collect();
    fields.push(bid);
    submit(s, seat, &fields);
}

#[test]
fn a_full_round_through_public_moves() {
    let mut s = bare(3);
    s.event_candidates = vec![0, 4]; // both "trading house calms": no effect on this round
    let seat0 = [
        "Altmark",
        "Mittelmark",
        "Vorpommern",
        "Neumark",
        "Mecklenburg",
        "Lüneburg",
    ];
    let seat1 = [
        "Lausitz",
        "Kursachsen",
        "Anhalt",
        "Vogtland",
        "Wolfenbüttel",
        "Sachs. Lande",
    ];
    let seat2 = [
        "Böhmen",
        "Schlesien",
        "Mähren",
        "Passau",
        "Oberösterreich",
        "Niederösterreich",
    ];
    for (seat, names) in [(0, seat0), (1, seat1), (2, seat2)] {
        for n in names {
            give(&mut s, seat, n, if n == "Böhmen" { 3 } else { 1 });
        }
    }
    plan(
        &mut s,
        0,
        &[
            (Action::Palace, "Mittelmark"),
            (Action::Church, "Altmark"),
            (Action::TradingHouse, "Vorpommern"),
            (Action::Grain, "Lüneburg"),
            (Action::Taxes, "Neumark"),
            (Action::Raise3, "Mecklenburg"),
        ],
        Card::Money(2),
    );
    plan(
        &mut s,
        1,
        &[
            (Action::Taxes, "Lausitz"),
            (Action::Grain, "Kursachsen"),
            (Action::Palace, "Wolfenbüttel"),
            (Action::Raise5, "Vogtland"),
            (Action::Raise1, "Sachs. Lande"),
        ],
        Card::Land(land("Anhalt")),
    );
    assert_eq!(
        W::pending(&s),
        vec![2],
        "the others have planned; seat 2 still decides"
    );
    plan(
        &mut s,
        2,
        &[
            (Action::FightA, "Böhmen"),
            (Action::Taxes, "Schlesien"),
            (Action::Grain, "Mähren"),
            (Action::Church, "Passau"),
            (Action::TradingHouse, "Oberösterreich"),
            (Action::Raise5, "Niederösterreich"),
        ],
        Card::Money(0),
    );
    // Bids: 2 > land card > 0, paid at once; the event is one of the two open cards.
    assert!(matches!(s.current_event, Some(0) | Some(4)));
    assert_eq!(
        s.stack,
        vec![Frame::ChooseSpace {
            order: vec![0, 1, 2],
            next: 0
        }]
    );
    assert_eq!(s.players[0].money, 16);
    let space_of = |s: &signoria_wallenstein::State, t: Tile| {
        s.space_tiles.iter().position(|&x| x == t).unwrap() as u8
    };
    let (a, d, six) = (
        space_of(&s, Tile::Attack),
        space_of(&s, Tile::Defence),
        space_of(&s, Tile::SixArmies),
    );
    W::apply(&mut s, 0, &Move::TakeSpace { space: a }).unwrap();
    W::apply(&mut s, 1, &Move::TakeSpace { space: d }).unwrap();
    let mut ev = W::apply(&mut s, 2, &Move::TakeSpace { space: six }).unwrap();
    let mut expected_order: Vec<(u8, u8)> = vec![(a, 0), (d, 1), (six, 2)];
    expected_order.sort();
    assert_eq!(
        s.turn_order,
        expected_order.iter().map(|x| x.1).collect::<Vec<_>>()
    );
    // The decisions of the round: seat 1's move after raising 1, seat 2's fight/move A.
    let mut asked = Vec::new();
    while let Some(Frame::Actions { .. } | Frame::March(_)) = s.stack.last() {
        let seat = W::pending(&s)[0];
        asked.push(seat);
        let legal = W::legal_moves(&s, seat);
        assert_eq!(legal.last(), Some(&Move::Stay));
        ev.extend(W::apply(&mut s, seat, &Move::Stay).unwrap());
    }
    asked.sort();
    assert_eq!(asked, vec![1, 2]);
    // Every card was revealed in action order, seats in turn order.
    let reveals: Vec<(u8, Action)> = ev
        .iter()
        .filter_map(|e| {
            if let Event::CardRevealed { seat, action, .. } = e.event {
                Some((seat, action))
            } else {
                None
            }
        })
        .collect();
    assert_eq!(reveals.len(), 30);
    // Results.
    assert_eq!(s.players[0].money, 18 - 2 - 3 - 2 - 1 + 6 - 2);
    assert_eq!(s.players[0].grain, 5);
    assert!(s.lands[land("Mittelmark") as usize].buildings[PALACE]);
    assert!(s.lands[land("Altmark") as usize].buildings[CHURCH]);
    assert!(s.lands[land("Vorpommern") as usize].buildings[TRADING_HOUSE]);
    assert_eq!(s.lands[land("Mecklenburg") as usize].armies, 4);
    assert_eq!(
        (
            s.lands[land("Lüneburg") as usize].unrest,
            s.lands[land("Neumark") as usize].unrest
        ),
        (1, 1)
    );
    assert_eq!(s.players[1].money, 18 + 7 - 3 - 3 - 1);
    assert_eq!(s.players[1].grain, 3);
    assert_eq!(s.lands[land("Vogtland") as usize].armies, 6);
    assert_eq!(s.lands[land("Sachs. Lande") as usize].armies, 2);
    assert_eq!(s.players[2].money, 18 + 6 - 2 - 1 - 3);
    assert_eq!(
        s.lands[land("Niederösterreich") as usize].armies,
        7,
        "the 6-army tile"
    );
    assert_eq!(s.lands[land("Böhmen") as usize].armies, 3);
    // The next round: summer, fresh mats, the event card gone, new tiles and action cards.
    assert_eq!(
        (s.year, s.season, s.stack.clone()),
        (1, 1, vec![Frame::Planning])
    );
    assert_eq!(s.event_candidates.len(), 1);
    assert!(s.plans.iter().all(|p| p.fields.is_empty()));
    assert!(s.space_owner.iter().all(|o| o.is_none()));
    assert!(
        ev.iter()
            .any(|e| matches!(e.event, Event::RoundStarted { season: 1, .. }))
    );
    check(&s);
}
