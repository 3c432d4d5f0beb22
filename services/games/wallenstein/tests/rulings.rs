//! One test per ruling in RULINGS.md that is not already pinned by the
//! scenario, edge-case, data, tower or hidden-information tests.

mod common;
use common::*;

use signoria_engine::Game;
use signoria_wallenstein::actions::{self, march_moves};
use signoria_wallenstein::combat;
use signoria_wallenstein::data::{UNREST_MARKERS, data};
use signoria_wallenstein::model::{
    Action, Awaiting, BattleResult, CHURCH, Card, Event, Frame, Move, PALACE, TRADING_HOUSE,
};
use signoria_wallenstein::scoring;
use signoria_wallenstein::{Options, Wallenstein as W, winter};

/// R1/R2: 1 VP per land and per building; majorities 3/2/1 per region, ties one less, own lands only.
#[test]
fn r1_r2_winter_scoring() {
    let mut s = bare(3);
    // Brandenburg: seat 0 two palaces, seat 1 one palace; churches tied 1-1; one trading house for seat 1.
    let a = give(&mut s, 0, "Altmark", 1);
    let b = give(&mut s, 0, "Mittelmark", 1);
    let c = give(&mut s, 1, "Vorpommern", 1);
    let d = give(&mut s, 1, "Neumark", 1);
    s.lands[a as usize].buildings[PALACE] = true;
    s.lands[b as usize].buildings = [true, true, false];
    s.lands[c as usize].buildings = [true, false, true];
    s.lands[d as usize].buildings[CHURCH] = true;
    // A neutral land's building counts for nobody.
    s.lands[land("Lüneburg") as usize].buildings[TRADING_HOUSE] = true;
    let maj = scoring::majorities(&s);
    assert_eq!(maj, vec![3 + 1, 1 + 1, 0]);
    let mut ev = Vec::new();
    scoring::score_winter(&mut s, &mut ev);
    assert_eq!(s.players[0].vp, 2 + 3 + 4);
    assert_eq!(s.players[1].vp, 2 + 3 + 2);
    assert_eq!(s.players[2].vp, 0);
}

/// R4: the supply table beyond the seed's row.
#[test]
fn r4_supply_table() {
    let d = data();
    let rows: Vec<(u8, u8)> = (0..=9).map(|u| d.supply(u)).collect();
    assert_eq!(
        rows,
        vec![
            (0, 0),
            (1, 1),
            (1, 2),
            (2, 2),
            (2, 3),
            (3, 3),
            (3, 4),
            (4, 4),
            (4, 4),
            (4, 4)
        ]
    );
}

/// R5: fixed set-up letters A..E are seats 0..4.
#[test]
fn r5_fixed_letters_are_seats() {
    let s = W::setup(
        &Options {
            fixed_start: true,
            ..Default::default()
        },
        3,
        1,
    )
    .unwrap();
    let mark = land("Gft. Mark");
    assert_eq!(
        (s.lands[mark as usize].owner, s.lands[mark as usize].armies),
        (Some(0), 5)
    );
    let aug = land("Augsburg");
    assert_eq!(
        (s.lands[aug as usize].owner, s.lands[aug as usize].armies),
        (Some(2), 5)
    );
    assert_eq!(s.owned(1).len(), 9);
    assert_eq!(s.stack, vec![Frame::Planning]);
}

/// R6: seat 0 (the oldest player) opens the draft; picks go round robin.
#[test]
fn r6_draft_starts_with_seat_0() {
    let mut s = W::setup(&Options::default(), 4, 2).unwrap();
    for expected in [0, 1, 2, 3, 0] {
        assert_eq!(W::pending(&s), vec![expected]);
        W::apply(&mut s, expected, &Move::DraftOpen { slot: 0 }).unwrap();
        W::apply(&mut s, expected, &Move::PlaceGroup { armies: 2 }).unwrap();
    }
}

/// R8: the move part is optional (`Stay`), listed only when a move is possible.
#[test]
fn r8_move_is_optional() {
    let mut s = bare(3);
    let a = give(&mut s, 0, "Anhalt", 2);
    give(&mut s, 0, "Kursachsen", 1);
    let m = march_moves(
        &s,
        &Awaiting {
            seat: 0,
            action: Action::Raise1,
            from: a,
        },
    );
    assert_eq!(m.last(), Some(&Move::Stay));
    // Raise 1 with no own neighbour asks nothing.
    let mut t = bare(3);
    let lone = give(&mut t, 0, "Anhalt", 2);
    t.players[0].money = 5;
    let mut ev = Vec::new();
    assert!(actions::execute(&mut t, 0, Action::Raise1, lone, &mut ev).is_none());
    assert_eq!(t.lands[lone as usize].armies, 3);
}

/// R9: a money bid must be affordable; the fields are filled before the bid.
#[test]
fn r9_bid_must_be_affordable() {
    let mut s = bare(3);
    for n in [
        "Anhalt",
        "Vogtland",
        "Lausitz",
        "Böhmen",
        "Schlesien",
        "Mähren",
        "Passau",
        "Salzburg",
        "Augsburg",
        "Baden",
    ] {
        give(&mut s, 0, n, 1);
    }
    s.players[0].money = 2;
    while s.plans[0].fields.len() < 10 {
        let m = W::legal_moves(&s, 0)
            .into_iter()
            .find(|m| {
                matches!(
                    m,
                    Move::Plan {
                        card: Card::Land(_),
                        ..
                    }
                )
            })
            .unwrap();
        W::apply(&mut s, 0, &m).unwrap();
    }
    let bids = W::legal_moves(&s, 0);
    assert!(bids.contains(&Move::Plan {
        field: 10,
        card: Card::Money(2)
    }));
    assert!(!bids.contains(&Move::Plan {
        field: 10,
        card: Card::Money(3)
    }));
    assert!(
        W::apply(
            &mut s,
            0,
            &Move::Plan {
                field: 10,
                card: Card::Money(4)
            }
        )
        .is_err()
    );
}

/// R15: extra cubes and peasants come only from what the supplies hold.
#[test]
fn r15_empty_peasant_supply_adds_nothing() {
    let mut s = bare(4);
    let a = give(&mut s, 0, "Anhalt", 3);
    let k = land("Kursachsen");
    let all = s.peasants;
    preload(&mut s, 4, all);
    let mut ev = Vec::new();
    combat::attack(&mut s, 0, a, k, 2, &mut ev);
    let b = &battles(&ev)[0];
    assert_eq!(b.thrown[4], 0);
    assert_eq!(b.result, BattleResult::AttackerWins);
    check(&s);
}

/// R16: with all 42 unrest markers on the map, collecting adds none.
#[test]
fn r16_unrest_markers_run_out() {
    let mut s = bare(4);
    let l = give(&mut s, 0, "Anhalt", 2);
    let other = give(&mut s, 1, "Vogtland", 1);
    s.lands[other as usize].unrest = UNREST_MARKERS;
    let mut ev = Vec::new();
    actions::execute(&mut s, 0, Action::Taxes, l, &mut ev);
    assert_eq!(s.lands[l as usize].unrest, 0);
}

/// R17: a won winter revolt adds no unrest marker (they all leave at year end anyway).
#[test]
fn r17_won_winter_revolt_adds_no_marker() {
    let mut s = bare(3);
    let l = give(&mut s, 0, "Anhalt", 5);
    s.lands[l as usize].unrest = 1;
    s.players[0].grain = 0;
    s.turn_order = vec![0, 1, 2];
    // Seat 0's winter: supply, the revolt drawn, and (the only one) fought at once.
    s.stack = vec![Frame::Winter { pos: 0 }];
    let mut ev = Vec::new();
    winter::step(&mut s, 0, &mut ev);
    W::auto(&mut s, &mut ev);
    let b = &battles(&ev)[0];
    assert_eq!(b.result, BattleResult::DefenderWins);
    assert_eq!(s.lands[l as usize].unrest, 1);
    assert!(
        !events(&ev)
            .iter()
            .any(|e| matches!(e, Event::UnrestAdded { .. }))
    );
}

/// R22: one of the year's open events applies each round; the fourth sets the winter loss.
#[test]
fn r22_three_events_used_fourth_for_winter() {
    let mut s = W::setup(
        &Options {
            fixed_start: true,
            ..Default::default()
        },
        3,
        4,
    )
    .unwrap();
    let first = s.event_candidates.clone();
    let mut rng = signoria_engine::GameRng::from_seed(4);
    let mut drawn = Vec::new();
    while s.year == 1 {
        let seat = W::pending(&s)[0];
        let legal = W::legal_moves(&s, seat);
        for e in W::apply(&mut s, seat, &legal[rng.index(legal.len())].clone()).unwrap() {
            match e.event {
                Event::EventDrawn { event } => drawn.push(event),
                Event::GrainLost { event, .. } => {
                    assert!(first.contains(&event) && !drawn.contains(&event));
                }
                _ => {}
            }
        }
    }
    assert_eq!(drawn.len(), 3);
    assert!(drawn.iter().all(|e| first.contains(e)));
}

/// R24: a conqueror takes the land with its buildings and unrest markers.
#[test]
fn r24_conquest_keeps_buildings_and_unrest() {
    let mut s = bare(4);
    let a = give(&mut s, 0, "Anhalt", 4);
    let k = give(&mut s, 1, "Kursachsen", 1);
    s.lands[k as usize].buildings[PALACE] = true;
    s.lands[k as usize].unrest = 2;
    let mut ev = Vec::new();
    combat::attack(&mut s, 0, a, k, 3, &mut ev);
    let st = &s.lands[k as usize];
    assert_eq!(
        (st.owner, st.armies, st.unrest, st.buildings[PALACE]),
        (Some(0), 2, 2, true)
    );
    check(&s);
}

/// R26: the start lands come first, then the initial tower fill, then the year's four
/// events (summary L915-937: 3. lands, 4. tower, 5. events; text order L130-234).
/// While the start lands are drafted nobody knows the year's events or the tower's fill.
#[test]
fn r26_start_lands_before_tower_and_events() {
    use signoria_engine::Viewer;
    for players in 3..=5 {
        let (mut s, setup_ev) =
            signoria_wallenstein::setup::setup(&Options::default(), players, 26).unwrap();
        assert!(!setup_ev.iter().any(|e| matches!(
            e.event,
            Event::TowerFilled { .. } | Event::EventsTurnedUp { .. }
        )));
        let mut ev = Vec::new();
        while s.draft().is_some() {
            for v in [Viewer::Public, Viewer::Seat(0)] {
                let view = W::view(&s, v);
                assert!(view.event_candidates.is_empty(), "events seen in the draft");
                assert_eq!(
                    view.tower_inside.iter().sum::<u32>(),
                    0,
                    "tower filled in the draft"
                );
            }
            let seat = W::pending(&s)[0];
            let m = W::legal_moves(&s, seat)[0].clone();
            ev.extend(W::apply(&mut s, seat, &m).unwrap());
        }
        let pos = |f: &dyn Fn(&Event) -> bool| ev.iter().rposition(|e| f(&e.event)).unwrap();
        let last_group = pos(&|e| matches!(e, Event::GroupPlaced { .. }));
        let fill = pos(&|e| matches!(e, Event::TowerFilled { .. }));
        let events = pos(&|e| matches!(e, Event::EventsTurnedUp { .. }));
        let round = pos(&|e| matches!(e, Event::RoundStarted { .. }));
        assert!(last_group < fill && fill < events && events < round);
        assert_eq!(s.event_candidates.len(), 4);
    }
    // The fixed set-ups keep the same order.
    let (_, ev) = signoria_wallenstein::setup::setup(
        &Options {
            fixed_start: true,
            ..Default::default()
        },
        4,
        26,
    )
    .unwrap();
    let kinds: Vec<u8> = ev
        .iter()
        .filter_map(|e| match e.event {
            Event::GroupPlaced { .. } => Some(0),
            Event::TowerFilled { .. } => Some(1),
            Event::EventsTurnedUp { .. } => Some(2),
            Event::RoundStarted { .. } => Some(3),
            _ => None,
        })
        .collect();
    let mut sorted = kinds.clone();
    sorted.sort_unstable();
    assert_eq!(kinds, sorted);
}

/// R9 (L553-555: only a seat short of cards bids nothing): with a card left over for the
/// bid, the action fields may not use up every card the seat can afford to bid.
#[test]
fn r9_an_affordable_bid_card_is_kept() {
    let mut s = bare(3);
    let names = [
        "Anhalt",
        "Vogtland",
        "Lausitz",
        "Böhmen",
        "Schlesien",
        "Mähren",
    ];
    let lands: Vec<Card> = names
        .iter()
        .map(|n| Card::Land(give(&mut s, 0, n, 1)))
        .collect();
    s.players[0].money = 2;
    // 6 lands + 5 money cards = 11 cards: the lands and money cards 0 and 1 on fields 0..7.
    let mut first: Vec<Card> = lands.clone();
    first.extend([Card::Money(0), Card::Money(1)]);
    for (field, card) in first.into_iter().enumerate() {
        W::apply(
            &mut s,
            0,
            &Move::Plan {
                field: field as u8,
                card,
            },
        )
        .unwrap();
    }
    // Field 8: money card 2 is the last card worth bidding (3 and 4 cannot be paid).
    let legal = W::legal_moves(&s, 0);
    assert!(
        !legal.contains(&Move::Plan {
            field: 8,
            card: Card::Money(2)
        }),
        "{legal:?}"
    );
    assert!(
        W::apply(
            &mut s,
            0,
            &Move::Plan {
                field: 8,
                card: Card::Money(2)
            }
        )
        .is_err()
    );
    W::apply(
        &mut s,
        0,
        &Move::Plan {
            field: 8,
            card: Card::Money(3),
        },
    )
    .unwrap();
    W::apply(
        &mut s,
        0,
        &Move::Plan {
            field: 9,
            card: Card::Money(4),
        },
    )
    .unwrap();
    assert_eq!(
        W::legal_moves(&s, 0),
        vec![Move::Plan {
            field: 10,
            card: Card::Money(2)
        }]
    );
    // With only 10 cards the bid is empty, as before.
    let mut t = bare(3);
    for n in &names[..5] {
        give(&mut t, 0, n, 1);
    }
    t.players[0].money = 0;
    while t.plans[0].fields.len() < 10 {
        let m = W::legal_moves(&t, 0).pop().unwrap();
        W::apply(&mut t, 0, &m).unwrap();
    }
    assert_eq!(
        W::legal_moves(&t, 0),
        vec![Move::Plan {
            field: 10,
            card: Card::Empty
        }]
    );
}

/// R12: the palace event helps the defender of an attacked palace land only; a revolt is
/// not an attack (L745-766, L1030-1037), so the player throws in just the land's armies.
#[test]
fn r12_palace_event_not_in_revolts() {
    let mut s = bare(4);
    let l = give(&mut s, 0, "Lüneburg", 3);
    s.lands[l as usize].buildings[PALACE] = true;
    s.lands[l as usize].unrest = 1;
    set_event(
        &mut s,
        signoria_wallenstein::data::EventEffect::PalaceDefenderPlusOne,
    );
    let mut ev = Vec::new();
    actions::execute(&mut s, 0, Action::Taxes, l, &mut ev);
    let b = &battles(&ev)[0];
    assert_eq!(b.thrown[0], 3, "no extra palace cube in a revolt");
    assert_eq!(b.thrown[4], 1);
    check(&s);
}

/// R26, stored states: a draft written by the older release (events turned up and the
/// tower filled at setup, a taken open card replaced at once) finishes without a second
/// fill, without new events and without a third open card. Such a state is schema 1 and
/// reaches the rules through the schema upgrade.
#[test]
fn r26_drafts_stored_by_the_older_release_finish_cleanly() {
    let mut s = W::setup(&Options::default(), 3, 77).unwrap();
    // The older release's setup: four events face up, cubes inside the tower.
    let events: Vec<u8> = (0..4).map(|_| s.event_deck.pop().unwrap()).collect();
    s.event_candidates = events.clone();
    for p in 0..4 {
        preload(&mut s, p, 3);
    }
    let inside = s.tower.inside.clone();
    W::apply(&mut s, 0, &Move::DraftOpen { slot: 0 }).unwrap();
    // As the older release stored it (schema 1): one `phase`, the card just taken in
    // `picked`, and the taken open card already replaced from the deck.
    let Some(Frame::PlaceGroup(picked)) = s.stack.last().cloned() else {
        panic!()
    };
    let mut d = s.draft().unwrap().clone();
    let next = d.deck.pop().unwrap();
    d.open.push(next);
    let mut state = serde_json::to_value(&s).unwrap();
    let fields = state.as_object_mut().unwrap();
    fields.remove("stack");
    fields.insert(
        "phase".into(),
        serde_json::json!({ "Draft": {
            "deck": d.deck,
            "open": d.open,
            "last_faced": d.last_faced,
            "groups": d.groups,
            "turn": d.turn,
            "picked": picked.land,
            "picked_blind": false,
            "recycled": d.recycled,
        }}),
    );
    let stored = serde_json::json!({ "game_type": "wallenstein", "schema": 1, "state": state });
    let mut s = signoria_engine::decode_state::<W>(&serde_json::to_vec(&stored).unwrap()).unwrap();
    W::apply(&mut s, 0, &Move::PlaceGroup { armies: 5 }).unwrap();
    assert_eq!(s.draft().unwrap().open.len(), 2);
    while s.draft().is_some() {
        let seat = W::pending(&s)[0];
        let m = W::legal_moves(&s, seat)[0].clone();
        W::apply(&mut s, seat, &m).unwrap();
    }
    assert_eq!(s.event_candidates, events);
    assert_eq!(s.tower.inside, inside);
    assert_eq!(s.stack, vec![Frame::Planning]);
    check(&s);
}

/// R30 (L408-412: "lässt man entsprechend Felder frei"): a seat with fewer cards than
/// action fields chooses which fields stay free, so a seat with 3 lands can still plan
/// Raise 1 and both fight/moves; every card still covers a field and the bid is empty.
#[test]
fn r30_a_seat_short_of_cards_chooses_the_free_fields() {
    let mut s = bare(3);
    let a = give(&mut s, 0, "Anhalt", 3);
    let v = give(&mut s, 0, "Vogtland", 2);
    let l = give(&mut s, 0, "Lausitz", 2);
    // 3 lands + 5 money cards = 8 cards for 10 action fields: two fields stay free.
    let fields = [
        Card::Empty,
        Card::Empty,
        Card::Money(0),
        Card::Money(1),
        Card::Money(2),
        Card::Money(3),
        Card::Money(4),
        Card::Land(l),
        Card::Land(v),
        Card::Land(a),
    ];
    for (field, &card) in fields.iter().enumerate() {
        W::apply(
            &mut s,
            0,
            &Move::Plan {
                field: field as u8,
                card,
            },
        )
        .unwrap_or_else(|e| panic!("field {field}: {card:?}: {e:?}"));
    }
    assert_eq!(
        W::legal_moves(&s, 0),
        vec![Move::Plan {
            field: 10,
            card: Card::Empty
        }]
    );
    // Once the cards only just fit, no further field may stay free.
    let mut t = bare(3);
    give(&mut t, 0, "Anhalt", 3);
    give(&mut t, 0, "Vogtland", 2);
    give(&mut t, 0, "Lausitz", 2);
    for field in 0..2u8 {
        W::apply(
            &mut t,
            0,
            &Move::Plan {
                field,
                card: Card::Empty,
            },
        )
        .unwrap();
    }
    let empty = Move::Plan {
        field: 2,
        card: Card::Empty,
    };
    assert!(!W::legal_moves(&t, 0).contains(&empty));
    assert!(W::apply(&mut t, 0, &empty).is_err());
    // A seat with 10 or more cards never leaves an action field free.
    let mut u = bare(3);
    for n in ["Anhalt", "Vogtland", "Lausitz", "Böhmen", "Schlesien"] {
        give(&mut u, 0, n, 1);
    }
    assert!(!W::legal_moves(&u, 0).contains(&Move::Plan {
        field: 0,
        card: Card::Empty
    }));
    // The fight/move B planned in Anhalt is carried out.
    let mats = vec![
        s.plans[0].fields.clone(),
        mat(&[], Card::Money(0)),
        mat(&[], Card::Money(0)),
    ];
    let mut order = vec![Action::FightB];
    order.extend(
        signoria_wallenstein::model::ACTIONS
            .iter()
            .filter(|&&x| x != Action::FightB),
    );
    actions_with(&mut s, mats, order, vec![0, 1, 2]);
    assert_eq!(W::pending(&s), vec![0]);
    assert!(matches!(
        s.stack.last(),
        Some(Frame::March(aw)) if aw.action == Action::FightB && aw.from == a
    ));
}
