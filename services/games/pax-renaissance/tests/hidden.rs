//! Hidden information: hands are secret (counts public), deck order and the
//! set-aside cards are hidden (the top backs show East/West), astrology shows
//! the top cards; events about hand cards are addressed accordingly.

use signoria_engine::{Game, Viewer, testkit::viewers};
use signoria_pax_renaissance::{Move, Options, PaxRenaissance as P};

fn swap_hidden(s: &mut signoria_pax_renaissance::State) {
    // Different deck order and different set-aside identities, same public facts.
    for d in s.decks.iter_mut() {
        if d.len() > 2 {
            let n = d.len();
            d.swap(0, n - 2);
        }
    }
}

#[test]
fn deck_order_is_hidden_from_everyone_but_omniscient() {
    for players in 2..=4 {
        let s = P::setup(&Options::default(), players, 3).unwrap();
        let mut t = s.clone();
        swap_hidden(&mut t);
        assert_ne!(s, t);
        for v in viewers(players) {
            if v == Viewer::Omniscient {
                assert_ne!(P::view(&s, v), P::view(&t, v));
            } else {
                assert_eq!(P::view(&s, v), P::view(&t, v), "{v:?} sees the deck order");
            }
        }
        let view = P::view(&s, Viewer::Public);
        assert_eq!(view.decks[0].top_card, None);
        assert_eq!(
            view.decks[0].top_back,
            Some(signoria_pax_renaissance::model::Side::East)
        );
        assert_eq!(
            view.decks[1].top_back,
            Some(signoria_pax_renaissance::model::Side::West)
        );
        assert!(view.secret_decks.is_none() && view.set_aside.is_none());
    }
}

#[test]
fn astrology_shows_the_top_cards() {
    let s = P::setup(
        &Options {
            astrology: true,
            ..Default::default()
        },
        2,
        3,
    )
    .unwrap();
    let v = P::view(&s, Viewer::Public);
    assert_eq!(v.decks[0].top_card, s.decks[0].last().copied());
    assert_eq!(v.decks[1].top_card, s.decks[1].last().copied());
}

#[test]
fn hands_are_secret_counts_public() {
    let mut s = P::setup(&Options::default(), 3, 5).unwrap();
    // Seat active buys the first card it can.
    let seat = P::pending(&s)[0];
    let buy = P::legal_moves(&s, seat)
        .into_iter()
        .find(|m| matches!(m, Move::Buy { .. }))
        .unwrap();
    P::apply(&mut s, seat, &buy).unwrap();
    let card = s.players[seat].hand[0];
    let mut t = s.clone();
    // A state that differs only in which card the seat holds.
    let other = t.set_aside[0];
    t.set_aside[0] = card;
    t.set_aside.sort_unstable();
    t.players[seat].hand[0] = other;
    for v in viewers(3) {
        let (a, b) = (P::view(&s, v), P::view(&t, v));
        if v == Viewer::Omniscient || v == Viewer::Seat(seat) {
            assert_ne!(a, b);
        } else {
            assert_eq!(a, b, "{v:?} sees another seat's hand");
            assert_eq!(a.players[seat].hand_count, 1);
            assert!(a.players[seat].hand.is_none());
        }
    }
}

/// A card sold from hand stays secret: two states that differ only in which
/// card was sold look the same to everyone else.
#[test]
fn sold_hand_cards_stay_secret() {
    let mut s = P::setup(&Options::default(), 2, 11).unwrap();
    let seat = P::pending(&s)[0];
    let buy = P::legal_moves(&s, seat)
        .into_iter()
        .find(|m| matches!(m, Move::Buy { .. }))
        .unwrap();
    P::apply(&mut s, seat, &buy).unwrap();
    let card = s.players[seat].hand[0];
    P::apply(&mut s, seat, &Move::SellHand { card }).unwrap();
    let mut t = s.clone();
    let other = t.set_aside[0];
    t.set_aside[0] = card;
    t.set_aside.sort_unstable();
    t.hand_discards = vec![other];
    for v in viewers(2) {
        if v == Viewer::Omniscient {
            assert_ne!(P::view(&s, v), P::view(&t, v));
        } else {
            assert_eq!(P::view(&s, v), P::view(&t, v), "{v:?} learns the sold card");
        }
    }
}

#[test]
fn hand_card_events_are_addressed_to_the_owner_only() {
    // Random games: whenever a card leaves a hand by discard or sale, the public
    // event does not name it; the seat's own event does.
    for seed in 0..60u64 {
        let mut s = P::setup(&Options::default(), 2, seed).unwrap();
        let mut rng = signoria_engine::GameRng::from_seed(seed);
        while let Some(&seat) = P::pending(&s).first() {
            let legal = P::legal_moves(&s, seat);
            let m = legal[rng.index(legal.len())].clone();
            let evs = P::apply(&mut s, seat, &m).unwrap();
            if let Move::SellHand { card } | Move::Discard { card } = m {
                let name = signoria_pax_renaissance::board::card_name(card);
                for e in &evs {
                    let text = format!("{:?}", e.event);
                    if e.audience.admits(Viewer::Public) {
                        assert!(
                            !text.contains(name),
                            "public event names the hand card: {text}"
                        );
                    }
                }
                assert!(evs.iter().any(|e| !e.audience.admits(Viewer::Public)
                    && format!("{:?}", e.event).contains(name)));
            }
        }
    }
}

/// The view says what kind of decision is awaited to everyone, and what is
/// asked only to the seat asked; once the game is over, neither.
#[test]
fn the_prompt_goes_to_the_seat_asked_only() {
    let mut s = P::setup(&Options::default(), 3, 9).unwrap();
    let mut rng = signoria_engine::GameRng::from_seed(9);
    while let Some(&seat) = P::pending(&s).first() {
        for v in viewers(3) {
            let view = P::view(&s, v);
            assert_eq!(
                view.frame_kind,
                Some(P::frame_kind(s.stack.last().unwrap()))
            );
            assert_eq!(view.task.as_ref(), s.stack.last());
            match v {
                Viewer::Seat(x) if x == seat => {
                    assert_eq!(view.prompt, P::prompt_for(&s, seat));
                    assert!(view.prompt.is_some());
                }
                _ => assert_eq!(view.prompt, None, "{v:?} sees seat {seat}'s prompt"),
            }
        }
        let legal = P::legal_moves(&s, seat);
        let m = legal[rng.index(legal.len())].clone();
        P::apply(&mut s, seat, &m).unwrap();
    }
    for v in viewers(3) {
        let view = P::view(&s, v);
        assert_eq!(
            (view.frame_kind, view.prompt, view.task),
            (None, None, None)
        );
        assert!(view.winner.is_some());
    }
}

/// `resample_hidden` redraws the order of both decks and which unseen cards
/// lie in them rather than set aside, and keeps every public fact: each
/// deck's size and the back of every card in it, the comets among the
/// bottom cards (C5), the top card under astrology, and everything else.
#[test]
fn resampling_redraws_the_decks_and_keeps_every_public_fact() {
    use signoria_pax_renaissance::State;
    let bottom = signoria_pax_renaissance::data::constants().deck_bottom_cards as usize + 2;
    let card = signoria_pax_renaissance::data::card;
    let unseen = |x: &State| {
        let mut v: Vec<u16> = x.decks.iter().flatten().copied().collect();
        v.extend(&x.set_aside);
        v.sort_unstable();
        v
    };
    let both = Options {
        astrology: true,
        expert: true,
        ..Default::default()
    };
    let expert = Options {
        expert: true,
        ..Default::default()
    };
    for (players, options) in [(2, Options::default()), (4, expert), (3, both)] {
        let mut s = P::setup(&options, players, 21).unwrap();
        let mut rng = signoria_engine::GameRng::from_seed(21);
        let (mut order, mut split, mut step) = (0, 0, 0);
        while let Some(&seat) = P::pending(&s).first() {
            if step % 7 == 0 {
                for me in 0..players {
                    let alt = P::resample_hidden(&s, me, &mut rng).unwrap();
                    assert_eq!(unseen(&alt), unseen(&s));
                    let mut rest = alt.clone();
                    rest.decks = s.decks.clone();
                    rest.set_aside = s.set_aside.clone();
                    assert_eq!(rest, s, "only the decks and the set-aside cards change");
                    for i in 0..2 {
                        let (a, d) = (&alt.decks[i], &s.decks[i]);
                        assert_eq!(a.len(), d.len());
                        for j in 0..a.len() {
                            assert_eq!(card(a[j]).deck, card(d[j]).deck, "the backs stay");
                            if card(a[j]).is_comet() {
                                assert!(j < bottom, "a comet among the bottom cards");
                            }
                        }
                        if options.astrology {
                            assert_eq!(a.last(), d.last(), "the top card is face up");
                        }
                    }
                    order += (alt.decks != s.decks) as usize;
                    split += (alt.set_aside != s.set_aside) as usize;
                }
            }
            step += 1;
            let legal = P::legal_moves(&s, seat);
            let m = legal[rng.index(legal.len())].clone();
            P::apply(&mut s, seat, &m).unwrap();
        }
        assert!(
            order > 0 && split > 0,
            "{players}p {options:?}: {order} {split}"
        );
    }
}
