//! Hidden information: views and events never carry another seat's hand, a secret bid
//! before it is revealed, the deck, or a swapped card to a third seat; and
//! `resample_hidden` redraws exactly what a seat cannot see, as a function of what it
//! sees and the random generator.
#![allow(clippy::needless_range_loop)]

mod common;

use common::*;
use signoria_age_of_renaissance::data::Advance;
use signoria_age_of_renaissance::model::{Move, SeatId, State};
use signoria_age_of_renaissance::{AgeOfRenaissance as A, Event, Options, combat};
use signoria_engine::game::filter_events;
use signoria_engine::{Game, GameRng, Viewer};

#[test]
fn views_show_a_hand_only_to_its_seat() {
    let s = started(4);
    for v in signoria_engine::testkit::viewers(4) {
        let view = A::view(&s, v);
        for (seat, p) in view.players.iter().enumerate() {
            let own = v == Viewer::Omniscient || v == Viewer::Seat(seat);
            assert_eq!(p.hand.is_some(), own, "{v:?} seat {seat}");
            assert_eq!(p.hand_size as usize, s.players[seat].hand.len());
        }
        assert_eq!(view.secrets.is_some(), v == Viewer::Omniscient, "the deck");
        let json = serde_json::to_string(&view).unwrap();
        if v != Viewer::Omniscient {
            assert!(!json.contains("\"deck\""));
        }
    }
}

#[test]
fn draws_are_private() {
    let mut s = A::setup(&Options::default(), 3, 11).unwrap();
    let mut all = Vec::new();
    for seat in 0..3 {
        let mv = A::legal_moves(&s, seat)[0].clone();
        all.extend(A::apply(&mut s, seat, &mv).unwrap());
    }
    for seat in 0..3 {
        all.extend(
            A::apply(
                &mut s,
                seat,
                &Move::CapitalBid {
                    ducats: 3 - seat as u8,
                },
            )
            .unwrap(),
        );
    }
    for seat in 0..3 {
        let mv = A::legal_moves(&s, seat)[0].clone();
        all.extend(A::apply(&mut s, seat, &mv).unwrap());
    }
    for seat in 0..3 {
        all.extend(A::apply(&mut s, seat, &Move::Bid { tokens: 1 }).unwrap());
    }
    let mut saw_draw = false;
    for v in signoria_engine::testkit::viewers(3) {
        for e in filter_events(&all, v) {
            match e {
                Event::Drew { seat, cards, .. } => {
                    saw_draw = true;
                    let own = v == Viewer::Seat(seat as usize) || v == Viewer::Omniscient;
                    assert!(cards.is_empty() || own, "{v:?} sees seat {seat}'s card");
                }
                Event::Returned { seat, card } => {
                    assert!(
                        card.is_none()
                            || v == Viewer::Seat(seat as usize)
                            || v == Viewer::Omniscient
                    );
                }
                _ => {}
            }
        }
    }
    assert!(saw_draw);
    // Each seat learns its own round-1 card.
    for seat in 0..3 {
        let mine = filter_events(&all, Viewer::Seat(seat))
            .into_iter()
            .filter(|e| matches!(e, Event::Drew { cards, .. } if !cards.is_empty()))
            .count();
        assert!(mine >= 1);
    }
}

#[test]
fn bids_stay_secret_until_revealed() {
    let mut s = started(3);
    let mut rng = GameRng::from_seed(1);
    while kind(&s) != "turn-order bid" {
        let p = pending(&s)[0];
        let moves = A::legal_moves(&s, p);
        let mv = moves
            .iter()
            .find(|m| !matches!(m, Move::Resign))
            .cloned()
            .unwrap();
        let _ = rng.next_u64();
        A::apply(&mut s, p, &mv).unwrap();
    }
    let events = A::apply(&mut s, 1, &Move::Bid { tokens: 7 }).unwrap();
    assert!(events.is_empty(), "nothing is told about a bid");
    let v0 = A::view(&s, Viewer::Seat(0));
    let v1 = A::view(&s, Viewer::Seat(1));
    assert!(v0.secret[1].chosen && v0.secret[1].value.is_none());
    assert_eq!(v1.secret[1].value, Some(7));
    assert!(A::view(&s, Viewer::Public).secret[1].value.is_none());
}

#[test]
fn written_record_cards_reach_only_the_two_seats() {
    let mut s = started(3);
    let valencia = pid("Valencia");
    control(&mut s, 1, valencia);
    give(&mut s, 0, Advance::N);
    s.players[0].bought = 10;
    s.players[0].stock -= 10;
    s.stack
        .push(signoria_age_of_renaissance::Frame::Expand { seat: 0 });
    s.scripted_dice = vec![6, 6, 1];
    apply(
        &mut s,
        0,
        Move::Attack {
            province: valencia,
            cathedral: false,
        },
    );
    let card = s.players[0].hand[0];
    let events = apply(&mut s, 0, Move::GiveCard { card });
    for v in signoria_engine::testkit::viewers(3) {
        let involved = matches!(v, Viewer::Seat(0) | Viewer::Seat(1) | Viewer::Omniscient);
        let mut swaps = 0;
        let mut told = false;
        for e in filter_events(&events, v) {
            if let Event::Swap { given, taken, .. } = e {
                swaps += 1;
                told |= given.is_some() && taken.is_some();
                assert!(involved || (given.is_none() && taken.is_none()), "{v:?}");
            }
        }
        assert!(swaps > 0, "everybody learns that a swap happened");
        assert_eq!(told, involved, "{v:?}");
    }
    // The giver's view shows the card he knows in the victim's hand; the third seat's not.
    assert_eq!(A::view(&s, Viewer::Seat(0)).players[1].known, vec![card]);
    assert!(A::view(&s, Viewer::Seat(2)).players[1].known.is_empty());
    let _ = combat::defence(&s, 0, valencia);
}

/// A state in mid-game with something in every hand.
fn midgame(players: usize, seed: u64, steps: usize) -> State {
    let mut s = started_with(players, seed, &[3; 6]);
    let mut rng = GameRng::from_seed(seed);
    for _ in 0..steps {
        if pending(&s).is_empty() {
            break;
        }
        let p = pending(&s)[0];
        let moves: Vec<Move> = A::legal_moves(&s, p)
            .into_iter()
            .filter(|m| !matches!(m, Move::Resign))
            .collect();
        let mv = moves[rng.index(moves.len())].clone();
        A::apply(&mut s, p, &mv).unwrap();
    }
    s
}

#[test]
fn resample_redraws_only_what_the_seat_cannot_see() {
    let mut differing = 0;
    for seed in 0..20 {
        let s = midgame(4, seed, 150);
        for seat in 0..4usize {
            let mut rng = GameRng::from_seed(seed * 10 + seat as u64);
            let alt = A::resample_hidden(&s, seat, &mut rng).unwrap();
            assert_eq!(alt.players[seat].hand, s.players[seat].hand);
            assert_eq!(alt.deck.len(), s.deck.len());
            for p in 0..4 {
                assert_eq!(alt.players[p].hand.len(), s.players[p].hand.len());
            }
            // Cards not in the deck when it was built stay out of it.
            for c in &alt.deck {
                assert!(alt.deck_basis & (1u64 << c.index()) != 0);
            }
            assert_eq!(
                A::view(&alt, Viewer::Seat(seat)),
                A::view(&s, Viewer::Seat(seat))
            );
            assert!(A::invariant_violations(&alt).is_empty());
            if alt != s {
                differing += 1;
            }
        }
    }
    assert!(differing > 50);
}

#[test]
fn resample_depends_only_on_what_the_seat_sees() {
    let mut checked = 0;
    for seed in 0..30 {
        let s = midgame(4, seed, 120);
        // Swap one card between two other hands (both drawn from the current deck's
        // cards), and reorder the deck: seat 0 cannot tell the two states apart.
        let mut t = s.clone();
        let new =
            |c: signoria_age_of_renaissance::data::CardId| t.deck_basis & (1u64 << c.index()) != 0;
        let a = t.players[1].hand.iter().copied().find(|&c| new(c));
        let b = t.players[2].hand.iter().copied().find(|&c| new(c));
        let (Some(a), Some(b)) = (a, b) else { continue };
        if t.known.iter().any(|k| k.card == a || k.card == b) {
            continue;
        }
        let i = t.players[1].hand.iter().position(|&c| c == a).unwrap();
        let j = t.players[2].hand.iter().position(|&c| c == b).unwrap();
        t.players[1].hand[i] = b;
        t.players[2].hand[j] = a;
        t.deck.reverse();
        assert_eq!(A::view(&s, Viewer::Seat(0)), A::view(&t, Viewer::Seat(0)));
        let x = A::resample_hidden(&s, 0, &mut GameRng::from_seed(5)).unwrap();
        let y = A::resample_hidden(&t, 0, &mut GameRng::from_seed(5)).unwrap();
        let sorted = |st: &State, p: usize| {
            let mut h = st.players[p].hand.clone();
            h.sort();
            h
        };
        for p in 0..4 {
            assert_eq!(sorted(&x, p), sorted(&y, p), "seed {seed} seat {p}");
        }
        assert_eq!(x.deck, y.deck);
        checked += 1;
    }
    assert!(checked > 10, "{checked}");
}

#[test]
fn resample_redraws_unrevealed_bids() {
    let mut s = started(3);
    while kind(&s) != "turn-order bid" {
        let p = pending(&s)[0];
        let mv = A::legal_moves(&s, p)
            .into_iter()
            .find(|m| !matches!(m, Move::Resign))
            .unwrap();
        A::apply(&mut s, p, &mv).unwrap();
    }
    apply(&mut s, 1, Move::Bid { tokens: 7 });
    apply(&mut s, 2, Move::Bid { tokens: 5 });
    let mut changed = false;
    for k in 0..20 {
        let alt = A::resample_hidden(&s, 1, &mut GameRng::from_seed(k)).unwrap();
        let signoria_age_of_renaissance::Frame::TurnOrderBid { bids } = alt.stack.last().unwrap()
        else {
            panic!()
        };
        assert_eq!(bids[1], Some(7), "the seat's own bid stays");
        assert!(bids[2].is_some() && bids[0].is_none());
        changed |= bids[2] != Some(5);
        assert_eq!(A::pending(&alt), A::pending(&s));
    }
    assert!(changed);
    let _: SeatId = 0;
}

/// The redraw never reads the real deal, also where the seat's knowledge is tight: two
/// states seat 2 cannot tell apart differ in whether the victim of a Written Record swap
/// between seats 0 and 1 lost a card of the last deck or an older one (seed §9.5.2: the
/// card is drawn at random, unseen by seat 2). After the swap seat 2 still cannot tell
/// them apart, and the same generator redraws the same state from both: the bound on
/// old cards the redraw uses (`Player::old_slots`) follows public facts only.
#[test]
fn resample_after_a_swap_reads_only_public_facts() {
    use signoria_age_of_renaissance::deck::card_bit;
    use signoria_age_of_renaissance::written_record;
    let base = started(3);
    let old = |c: signoria_age_of_renaissance::data::CardId| base.deck_basis & card_bit(c) == 0;
    // An old card of seat 1 (kept at set-up), and two cards of the deck y < z with
    // x < z: the victim holds {x, z} in state A and {y, z} in state B, so the same draw
    // takes x in A and y in B.
    let x = *base.players[1].hand.iter().find(|&&c| old(c)).unwrap();
    let mut deck = base.deck.clone();
    deck.sort();
    let z = *deck.last().unwrap();
    let y = deck[0];
    assert!(!old(y) && !old(z) && x < z && y < z);
    let mut a = base.clone();
    a.deck.retain(|&c| c != y && c != z);
    let rest: Vec<_> = a.players[1]
        .hand
        .iter()
        .copied()
        .filter(|&c| c != x)
        .collect();
    a.players[1].hand = vec![x, z];
    a.players[0].hand.extend(rest);
    a.players[0].hand.push(y);
    let given = a.players[0].hand[0];
    let mut b = a.clone();
    let i = b.players[0].hand.iter().position(|&c| c == y).unwrap();
    b.players[0].hand[i] = x;
    b.players[1].hand[0] = y;
    // Public bounds both deals respect: seat 1 holds at most one old card.
    for s in [&mut a, &mut b] {
        s.players[0].old_slots = s.players[0].hand.len() as u8;
        s.players[1].old_slots = 1;
        sound(s);
    }
    assert_eq!(A::view(&a, Viewer::Seat(2)), A::view(&b, Viewer::Seat(2)));
    let mut checked = 0;
    for seed in 0..16u64 {
        let (mut a, mut b) = (a.clone(), b.clone());
        a.rng = GameRng::from_seed(seed);
        b.rng = GameRng::from_seed(seed);
        let mut ev = Vec::new();
        written_record::swap(&mut a, 0, 1, given, &mut ev);
        written_record::swap(&mut b, 0, 1, given, &mut ev);
        assert_eq!(A::view(&a, Viewer::Seat(2)), A::view(&b, Viewer::Seat(2)));
        // The telling case: the victim lost an old card in A and a new one in B.
        if !a.players[1].hand.contains(&x) && !b.players[1].hand.contains(&y) {
            checked += 1;
        }
        for k in 0..8 {
            let ra = A::resample_hidden(&a, 2, &mut GameRng::from_seed(k)).unwrap();
            let rb = A::resample_hidden(&b, 2, &mut GameRng::from_seed(k)).unwrap();
            assert_eq!(ra, rb, "seed {seed}, generator {k}");
            assert_eq!(A::view(&ra, Viewer::Seat(2)), A::view(&a, Viewer::Seat(2)));
            sound(&ra);
        }
    }
    assert!(checked > 0, "no seed took the differing card");
}

/// However tight the public bound on old cards, the redraw keeps every old card out of
/// the deck and the hand sizes and deck size as they are, for every generator: it is
/// built from the seat's view, with no fallback to the real deal.
#[test]
fn resample_is_built_from_the_view_for_every_generator() {
    let (mut cases, mut varied) = (0, 0);
    for seed in 0..12 {
        let s = midgame(5, seed, 180);
        for seat in 0..5usize {
            let mine = A::view(&s, Viewer::Seat(seat));
            let mut deals = std::collections::BTreeSet::new();
            for k in 0..40 {
                let alt = A::resample_hidden(&s, seat, &mut GameRng::from_seed(k)).unwrap();
                assert_eq!(A::view(&alt, Viewer::Seat(seat)), mine);
                assert_eq!(alt.deck.len(), s.deck.len());
                for c in &alt.deck {
                    assert!(alt.deck_basis & (1u64 << c.index()) != 0);
                }
                for p in 0..5 {
                    assert_eq!(alt.players[p].hand.len(), s.players[p].hand.len());
                    let old = alt.players[p]
                        .hand
                        .iter()
                        .filter(|c| alt.deck_basis & (1u64 << c.index()) == 0)
                        .count();
                    if p != seat {
                        assert!(old <= alt.players[p].old_slots as usize);
                    }
                }
                sound(&alt);
                let hands: Vec<Vec<_>> = (0..5)
                    .filter(|&p| p != seat)
                    .map(|p| {
                        let mut h = alt.players[p].hand.clone();
                        h.sort();
                        h
                    })
                    .collect();
                deals.insert(format!("{hands:?}"));
            }
            // Unless every unseen card's place is forced, the deals vary.
            let unseen: usize = (0..5)
                .filter(|&p| p != seat)
                .map(|p| s.players[p].hand.len())
                .sum();
            if unseen > 1 && !s.deck.is_empty() {
                cases += 1;
                varied += (deals.len() > 1) as usize;
            }
        }
    }
    assert!(
        cases > 20 && varied * 10 >= cases * 9,
        "{varied} of {cases} vary"
    );
}
