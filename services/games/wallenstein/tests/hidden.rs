//! Hidden information never leaks: states that differ only in what a viewer
//! may not see give that viewer equal views, and private events reach only
//! their seat.

mod common;
use common::*;

use signoria_engine::{Audience, Game, Viewer};
use signoria_wallenstein::model::{Action, Card, Event, Frame, Move};
use signoria_wallenstein::{Options, Wallenstein as W};

fn others(players: usize, except: usize) -> Vec<Viewer> {
    let mut v: Vec<Viewer> = (0..players)
        .filter(|&p| p != except)
        .map(Viewer::Seat)
        .collect();
    v.push(Viewer::Public);
    v
}

#[test]
fn plans_and_bids_are_secret_until_revealed() {
    let mut a = W::setup(
        &Options {
            fixed_start: true,
            ..Default::default()
        },
        4,
        5,
    )
    .unwrap();
    let mut b = a.clone();
    let lands = a.owned(0);
    // Seat 0 plans differently in the two states; the number of cards placed differs too.
    W::apply(
        &mut a,
        0,
        &Move::Plan {
            field: 0,
            card: Card::Land(lands[0]),
        },
    )
    .unwrap();
    W::apply(
        &mut b,
        0,
        &Move::Plan {
            field: 0,
            card: Card::Money(2),
        },
    )
    .unwrap();
    W::apply(
        &mut b,
        0,
        &Move::Plan {
            field: 1,
            card: Card::Land(lands[1]),
        },
    )
    .unwrap();
    for v in others(4, 0) {
        assert_eq!(W::view(&a, v), W::view(&b, v), "{v:?} sees seat 0's plan");
    }
    assert_ne!(W::view(&a, Viewer::Seat(0)), W::view(&b, Viewer::Seat(0)));
    // Complete both plans with different bids: still hidden while others plan.
    for s in [&mut a, &mut b] {
        while W::pending(s).contains(&0) {
            let legal = W::legal_moves(s, 0);
            let m = if s.plans[0].fields.len() == 10 {
                legal.last()
            } else {
                legal.first()
            }
            .unwrap()
            .clone();
            W::apply(s, 0, &m).unwrap();
        }
    }
    assert_ne!(a.plans[0].fields, b.plans[0].fields);
    for v in others(4, 0) {
        assert_eq!(W::view(&a, v), W::view(&b, v));
    }
}

#[test]
fn face_down_action_cards_event_deck_and_round_event_are_hidden() {
    let a = W::setup(
        &Options {
            fixed_start: true,
            ..Default::default()
        },
        3,
        9,
    )
    .unwrap();
    let mut b = a.clone();
    b.action_order.swap(6, 9);
    b.event_deck.reverse();
    b.rng = signoria_engine::GameRng::from_seed(12345);
    for v in [
        Viewer::Seat(0),
        Viewer::Seat(1),
        Viewer::Seat(2),
        Viewer::Public,
    ] {
        assert_eq!(W::view(&a, v), W::view(&b, v));
        assert_eq!(W::view(&a, v).visible_actions.len(), 5);
        assert!(
            W::view(&a, v).current_event.is_none(),
            "the round's event is drawn after planning"
        );
    }
    assert_ne!(
        W::view(&a, Viewer::Omniscient),
        W::view(&b, Viewer::Omniscient)
    );
}

#[test]
fn cards_are_revealed_one_by_one_as_actions_resolve() {
    let mut s = bare(3);
    let l = give(&mut s, 1, "Anhalt", 1);
    let mats = [
        mat(&[], Card::Money(0)),
        mat(&[(Action::FightB, l)], Card::Money(1)),
        mat(&[], Card::Money(0)),
    ];
    for (p, m) in mats.iter().enumerate() {
        s.plans[p].fields = m.clone();
    }
    // Before the actions nothing of another mat is visible but its free fields.
    let seen = W::view(&s, Viewer::Seat(0)).players[1].fields.clone();
    for (f, card) in seen.iter().enumerate() {
        match s.plans[1].fields[f] {
            Card::Empty => assert_eq!(*card, Some(Card::Empty)),
            _ => assert_eq!(*card, None, "field {f}"),
        }
    }
    let order = vec![
        Action::Palace,
        Action::Church,
        Action::TradingHouse,
        Action::Grain,
        Action::Taxes,
        Action::Raise5,
        Action::Raise3,
        Action::Raise1,
        Action::FightA,
        Action::FightB,
    ];
    let ev = actions_with(&mut s, mats.to_vec(), order, vec![0, 1, 2]);
    let revealed: Vec<(u8, Action)> = ev
        .iter()
        .filter_map(|e| {
            if let Event::CardRevealed { seat, action, .. } = e.event {
                Some((seat, action))
            } else {
                None
            }
        })
        .collect();
    assert_eq!(
        revealed.len(),
        30,
        "each seat's card for each action, in action order"
    );
    assert_eq!(revealed[0], (0, Action::Palace));
    assert_eq!(revealed[29], (2, Action::FightB));
    let turned: Vec<u8> = ev
        .iter()
        .filter_map(|e| {
            if let Event::ActionTurnedUp { slot, .. } = e.event {
                Some(slot)
            } else {
                None
            }
        })
        .collect();
    assert_eq!(
        turned,
        vec![5, 6, 7, 8, 9],
        "the face-down action cards are turned up one at a time"
    );
}

#[test]
fn private_events_reach_only_their_seat() {
    let mut s = W::setup(&Options::default(), 3, 21).unwrap();
    let ev = W::apply(&mut s, 0, &Move::DraftBlind).unwrap();
    for e in &ev {
        if let Event::DraftDrew { .. } = e.event {
            assert_eq!(e.audience, Audience::Seats(vec![0]));
        }
        if let Event::DraftPicked { land, .. } = e.event {
            assert!(
                land.is_none(),
                "the blind card is not public before it is placed"
            );
        }
    }
    // The picked blind card: visible to seat 0 only.
    assert!(W::view(&s, Viewer::Seat(0)).draft.unwrap().picked.is_some());
    assert!(W::view(&s, Viewer::Seat(1)).draft.unwrap().picked.is_none());
    assert!(W::view(&s, Viewer::Public).draft.unwrap().picked.is_none());
    // Planning events are private; completion is public.
    let mut s = W::setup(
        &Options {
            fixed_start: true,
            ..Default::default()
        },
        3,
        21,
    )
    .unwrap();
    let mut all = Vec::new();
    while W::pending(&s).contains(&1) {
        let m = W::legal_moves(&s, 1)[0].clone();
        all.extend(W::apply(&mut s, 1, &m).unwrap());
    }
    for e in &all {
        match e.event {
            Event::Planned { .. } => assert_eq!(e.audience, Audience::Seats(vec![1])),
            Event::PlanComplete { .. } => assert_eq!(e.audience, Audience::All),
            _ => {}
        }
    }
    assert!(
        all.iter()
            .any(|e| matches!(e.event, Event::PlanComplete { seat: 1 }))
    );
}

#[test]
fn the_draft_deck_order_is_hidden() {
    let a = W::setup(&Options::default(), 4, 33).unwrap();
    let mut b = a.clone();
    if let Some(Frame::Draft(d)) = b.stack.last_mut() {
        d.deck.reverse();
    }
    for v in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Public] {
        assert_eq!(W::view(&a, v), W::view(&b, v));
    }
    assert_ne!(
        W::view(&a, Viewer::Omniscient),
        W::view(&b, Viewer::Omniscient)
    );
}

/// L615-619, L898-900: a conquered land's card is handed over at once, even off the
/// old owner's mat; taking it off shows the whole table which field it lay on.
#[test]
fn a_conquered_card_taken_off_the_mat_shows_its_field() {
    let mut s = bare(3);
    let from = give(&mut s, 0, "Anhalt", 5);
    let to = give(&mut s, 1, "Kursachsen", 1);
    // Seat 2's fight/move B comes last and holds the round open.
    let passau = give(&mut s, 2, "Passau", 3);
    let mut order = vec![Action::FightA, Action::Grain];
    order.extend(
        signoria_wallenstein::model::ACTIONS
            .iter()
            .filter(|&&a| a != Action::FightA && a != Action::Grain && a != Action::FightB),
    );
    order.push(Action::FightB);
    let mats = vec![
        mat(&[(Action::FightA, from)], Card::Money(0)),
        mat(&[(Action::Grain, to)], Card::Money(0)),
        mat(&[(Action::FightB, passau)], Card::Money(0)),
    ];
    actions_with(&mut s, mats, order, vec![0, 1, 2]);
    let grain = Action::Grain as usize;
    for v in [Viewer::Seat(0), Viewer::Seat(2), Viewer::Public] {
        assert_eq!(W::view(&s, v).players[1].fields[grain], None, "{v:?}");
    }
    script(&mut s, vec![4, 0, 0, 0]);
    let ev = W::apply(&mut s, 0, &Move::March { to, count: 4 }).unwrap();
    assert_eq!(s.lands[to as usize].owner, Some(0));
    let shown = ev
        .iter()
        .position(|e| {
            e.audience == Audience::All
                && e.event
                    == Event::CardRevealed {
                        seat: 1,
                        action: Action::Grain,
                        card: Card::Land(to),
                    }
        })
        .expect("the card's field is shown when it leaves the mat");
    let changed = ev
        .iter()
        .position(|e| matches!(e.event, Event::OwnerChanged { land, .. } if land == to))
        .unwrap();
    assert!(shown < changed);
    // Later in the round (seat 2's fight/move B) the field is still shown.
    assert_eq!(W::pending(&s), vec![2]);
    for v in [Viewer::Seat(0), Viewer::Seat(2), Viewer::Public] {
        assert_eq!(
            W::view(&s, v).players[1].fields[grain],
            Some(Card::Land(to)),
            "{v:?}"
        );
    }
}

/// L408-412: a field a seat short of cards leaves free is an empty space on its mat,
/// which the whole table sees; the cards on the other fields stay face down.
#[test]
fn fields_left_free_are_seen_by_everyone() {
    let mut s = bare(3);
    let a = give(&mut s, 0, "Anhalt", 3);
    let mut ev = Vec::new();
    for f in 0..2u8 {
        ev.extend(
            W::apply(
                &mut s,
                0,
                &Move::Plan {
                    field: f,
                    card: Card::Empty,
                },
            )
            .unwrap(),
        );
    }
    ev.extend(
        W::apply(
            &mut s,
            0,
            &Move::Plan {
                field: 2,
                card: Card::Land(a),
            },
        )
        .unwrap(),
    );
    for e in &ev {
        if let Event::Planned { card, .. } = e.event {
            let want = if card == Card::Empty {
                Audience::All
            } else {
                Audience::Seats(vec![0])
            };
            assert_eq!(e.audience, want, "{card:?}");
        }
    }
    for v in others(3, 0) {
        let fields = &W::view(&s, v).players[0].fields;
        assert_eq!(
            &fields[..3],
            &[Some(Card::Empty), Some(Card::Empty), None],
            "{v:?}"
        );
    }
}

/// `resample_hidden` redraws another seat's face-down cards (a plan that seat
/// could have made, free fields kept) and never the seat's own.
#[test]
fn resampling_redraws_other_mats_but_not_the_own() {
    let mut s = W::setup(
        &Options {
            fixed_start: true,
            ..Default::default()
        },
        4,
        8,
    )
    .unwrap();
    for seat in [0, 1] {
        for _ in 0..6 {
            let m = W::legal_moves(&s, seat).pop().unwrap();
            W::apply(&mut s, seat, &m).unwrap();
        }
    }
    let mut rng = signoria_engine::GameRng::from_seed(3);
    let mut changed = 0;
    for _ in 0..50 {
        let alt = W::resample_hidden(&s, 0, &mut rng).unwrap();
        assert_eq!(alt.plans[0], s.plans[0], "the seat's own mat");
        assert_eq!(alt.plans[1].fields.len(), 6);
        for (f, &card) in s.plans[1].fields.iter().enumerate() {
            assert_eq!(card == Card::Empty, alt.plans[1].fields[f] == Card::Empty);
        }
        assert_ne!(alt.rng, s.rng, "the generator is redrawn");
        check(&alt);
        // The other seat plays on from the redrawn mat.
        let mut next = alt.clone();
        while W::pending(&next).contains(&1) {
            let m = W::legal_moves(&next, 1)[0].clone();
            W::apply(&mut next, 1, &m).unwrap();
        }
        check(&next);
        changed += usize::from(alt.plans[1] != s.plans[1]);
    }
    assert!(
        changed > 25,
        "seat 1's mat redrawn only {changed} times of 50"
    );
}

/// Once cards are turned over, the hidden fields hold the seat's other cards:
/// never a card already seen, never a land that changed hands this round.
#[test]
fn resampling_after_the_bids_keeps_every_card_seen() {
    let mut s = bare(3);
    let from = give(&mut s, 0, "Anhalt", 5);
    let to = give(&mut s, 1, "Kursachsen", 1);
    let kept = give(&mut s, 1, "Vogtland", 2);
    // Seat 2's fight/move B comes next and asks it while seat 1's other cards are face down.
    let passau = give(&mut s, 2, "Passau", 3);
    let mut order = vec![Action::FightA, Action::FightB];
    order.extend(
        signoria_wallenstein::model::ACTIONS
            .iter()
            .filter(|&&a| ![Action::FightA, Action::FightB].contains(&a)),
    );
    let mats = vec![
        mat(&[(Action::FightA, from)], Card::Money(0)),
        mat(
            &[(Action::Taxes, to), (Action::Palace, kept)],
            Card::Money(1),
        ),
        mat(&[(Action::FightB, passau)], Card::Money(0)),
    ];
    for (p, m) in mats.iter().enumerate() {
        s.plans[p].revealed[10] = true;
        s.plans[p].fields = m.clone();
    }
    s.bids_revealed = true;
    actions_with(&mut s, mats, order, vec![0, 1, 2]);
    script(&mut s, vec![4, 0, 0, 0]);
    W::apply(&mut s, 0, &Move::March { to, count: 4 }).unwrap();
    assert!(s.voided.contains(&to));
    assert_eq!(W::pending(&s), vec![2]);
    let mut rng = signoria_engine::GameRng::from_seed(5);
    let mut kept_moved = false;
    for _ in 0..40 {
        let alt = W::resample_hidden(&s, 2, &mut rng).unwrap();
        let fields = &alt.plans[1].fields;
        let taxes = Action::Taxes as usize;
        assert_eq!(fields[taxes], Card::Land(to), "shown when it changed hands");
        assert_eq!(fields[10], Card::Money(1), "the bid is seen");
        for (f, &card) in fields.iter().enumerate() {
            if f != taxes {
                assert_ne!(card, Card::Land(to));
            }
        }
        let mut cards: Vec<Card> = fields
            .iter()
            .copied()
            .filter(|&c| c != Card::Empty)
            .collect();
        let placed = cards.len();
        cards.sort_by_key(|c| format!("{c:?}"));
        cards.dedup();
        assert_eq!(cards.len(), placed, "distinct cards: {fields:?}");
        for (f, &card) in s.plans[1].fields.iter().enumerate() {
            assert_eq!(
                card == Card::Empty,
                fields[f] == Card::Empty,
                "free fields stay free"
            );
        }
        kept_moved |= fields[Action::Palace as usize] != Card::Land(kept);
    }
    assert!(kept_moved, "the hidden Vogtland card is never redrawn");
}

/// In the draft the deck order is redrawn below the open cards recycled under
/// it (everybody saw them go there), and a card another seat drew blind is one
/// of the unseen cards; its taker's card stays.
#[test]
fn resampling_the_draft_keeps_what_the_table_saw() {
    let mut s = W::setup(&Default::default(), 3, 11).unwrap();
    for seat in 0..3 {
        W::apply(&mut s, seat, &Move::DraftBlind).unwrap();
        let g = W::legal_moves(&s, seat)[0].clone();
        W::apply(&mut s, seat, &g).unwrap();
    }
    let faced = s.draft().unwrap().open.clone();
    W::apply(&mut s, 0, &Move::Recycle).unwrap();
    let d = s.draft().unwrap().clone();
    assert_eq!(d.known_at_bottom, 2);
    assert_eq!(&d.deck[..2], &[faced[1], faced[0]]);
    W::apply(&mut s, 0, &Move::DraftBlind).unwrap();
    let Some(Frame::PlaceGroup(picked)) = s.stack.last().cloned() else {
        panic!()
    };
    let unseen = |s: &signoria_wallenstein::State| {
        let Some(Frame::PlaceGroup(p)) = s.stack.last() else {
            panic!()
        };
        let mut v = s.draft().unwrap().deck.clone();
        v.push(p.land);
        v.sort_unstable();
        (p.land, v)
    };
    let mut rng = signoria_engine::GameRng::from_seed(9);
    let mut other_card = false;
    for _ in 0..30 {
        let alt = W::resample_hidden(&s, 1, &mut rng).unwrap();
        assert_eq!(&alt.draft().unwrap().deck[..2], &[faced[1], faced[0]]);
        assert_eq!(unseen(&alt).1, unseen(&s).1);
        other_card |= unseen(&alt).0 != picked.land;
        let own = W::resample_hidden(&s, 0, &mut rng).unwrap();
        assert_eq!(unseen(&own).0, picked.land, "the taker's own card");
        assert_eq!(&own.draft().unwrap().deck[..2], &[faced[1], faced[0]]);
    }
    assert!(
        other_card,
        "the blind card is never redrawn for another seat"
    );
}
