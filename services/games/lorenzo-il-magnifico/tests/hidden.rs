//! Views and events never leak hidden information: leader hands, draft
//! packets, deck order, the RNG (unused excommunication tiles are not kept).

use signoria_engine::game::filter_events;
use signoria_engine::{Audience, Game, GameRng, Viewer};
use signoria_lorenzo_il_magnifico::model::*;
use signoria_lorenzo_il_magnifico::{LorenzoIlMagnifico as L, Options};

/// Play a game with a seeded driver until `pred` holds.
fn advance_until(players: usize, seed: u64, pred: impl Fn(&State) -> bool) -> State {
    let mut s = L::setup(&Options::default(), players, seed).unwrap();
    let mut rng = GameRng::from_seed(seed + 99);
    while !pred(&s) {
        let seat = L::pending(&s)[0];
        let legal = L::legal_moves(&s, seat);
        let m = legal[rng.index(legal.len())].clone();
        L::apply(&mut s, seat, &m).unwrap();
    }
    s
}

fn other_viewers(players: usize, changed: usize) -> Vec<Viewer> {
    let mut v: Vec<Viewer> = (0..players)
        .filter(|&s| s != changed)
        .map(Viewer::Seat)
        .collect();
    v.push(Viewer::Public);
    v
}

#[test]
fn views_ignore_hidden_information_during_play() {
    for players in 2..=4 {
        let a = advance_until(players, 5, |s| {
            matches!(s.phase(), Some(Frame::Turn { .. }))
        });
        let mut b = a.clone();
        // Seat 0's hand: a leader nobody holds; decks reshuffled; a different RNG.
        let held: Vec<u8> = b
            .players
            .iter()
            .flat_map(|p| p.hand.iter().chain(p.leaders.iter()).copied())
            .collect();
        let unseen = (0..20).find(|l| !held.contains(l)).unwrap();
        assert!(!b.players[0].hand.is_empty());
        b.players[0].hand[0] = unseen;
        for d in b.decks.iter_mut() {
            d.reverse();
        }
        b.rng = GameRng::from_seed(12345);
        assert_ne!(a, b);
        for v in other_viewers(players, 0) {
            assert_eq!(
                L::view(&a, v),
                L::view(&b, v),
                "{players}p: view of {v:?} leaks"
            );
        }
        assert_ne!(
            L::view(&a, Viewer::Seat(0)),
            L::view(&b, Viewer::Seat(0)),
            "the seat sees its own hand"
        );
        assert_ne!(
            L::view(&a, Viewer::Omniscient),
            L::view(&b, Viewer::Omniscient)
        );
        assert!(L::view(&a, Viewer::Public).decks.is_none());
        assert!(
            L::view(&a, Viewer::Public)
                .players
                .iter()
                .all(|p| p.hand.is_none())
        );
    }
}

#[test]
fn views_ignore_other_draft_packets() {
    let a = advance_until(3, 8, |s| {
        matches!(s.phase(), Some(Frame::LeaderDraft { .. }))
    });
    let mut b = a.clone();
    let Some(Frame::LeaderDraft { packets, .. }) = b.phase_mut() else {
        unreachable!()
    };
    let used: Vec<u8> = packets.iter().flatten().copied().collect();
    let unseen = (0..20).find(|l| !used.contains(l)).unwrap();
    packets[0][0] = unseen;
    for v in other_viewers(3, 0) {
        assert_eq!(L::view(&a, v), L::view(&b, v));
    }
    assert_ne!(L::view(&a, Viewer::Seat(0)), L::view(&b, Viewer::Seat(0)));
    // A pick made but not yet revealed is invisible to the others.
    let mut c = a.clone();
    let m = L::legal_moves(&c, 0)[0].clone();
    let events = L::apply(&mut c, 0, &m).unwrap();
    let Move::PickLeader { leader } = m else {
        unreachable!()
    };
    for v in other_viewers(3, 0) {
        let seen = filter_events(&events, v);
        assert!(
            seen.iter().all(|e| !matches!(
                e,
                Event::LeaderPicked {
                    leader: Some(_),
                    ..
                }
            )),
            "{v:?} saw the pick"
        );
        assert!(
            seen.iter().any(|e| matches!(
                e,
                Event::LeaderPicked {
                    seat: 0,
                    leader: None
                }
            )),
            "public half missing"
        );
        assert_eq!(L::view(&c, v).draft_pick, None);
    }
    // Two states in which seat 0 picked different leaders look the same to everybody else.
    let mut d = a.clone();
    let other = L::legal_moves(&d, 0)[1].clone();
    L::apply(&mut d, 0, &other).unwrap();
    assert_ne!(c, d);
    for v in other_viewers(3, 0) {
        assert_eq!(L::view(&c, v), L::view(&d, v));
    }
    let mine = filter_events(&events, Viewer::Seat(0));
    assert!(mine.contains(&Event::LeaderPicked {
        seat: 0,
        leader: Some(leader)
    }));
}

/// Over whole games: nothing that names a hidden leader or the deck order
/// reaches a viewer who may not see it.
#[test]
fn events_are_scoped() {
    for players in 2..=4 {
        let mut s = L::setup(&Options::default(), players, 77).unwrap();
        let mut rng = GameRng::from_seed(7);
        let mut private_seen = 0;
        while let Some(&seat) = L::pending(&s).first() {
            let legal = L::legal_moves(&s, seat);
            let m = legal[rng.index(legal.len())].clone();
            let events = L::apply(&mut s, seat, &m).unwrap();
            for e in &events {
                match &e.event {
                    Event::DraftPacket { seat, .. }
                    | Event::LeaderPicked {
                        seat,
                        leader: Some(_),
                    } => {
                        assert_eq!(e.audience, Audience::seat(*seat as usize));
                        private_seen += 1;
                    }
                    _ => assert_eq!(e.audience, Audience::All, "{:?}", e.event),
                }
            }
        }
        assert!(
            private_seen >= players * 3,
            "the draft produced private events"
        );
    }
}
