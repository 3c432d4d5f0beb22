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

/// What `me` saw of the leader draft: each packet it held, at each pass.
fn packets_seen(s: &State, me: usize) -> Vec<(usize, usize, Vec<u8>)> {
    let log = s.draft.as_ref().expect("the draft is recorded");
    let n = s.n();
    let mut seen = Vec::new();
    let in_draft = matches!(s.phase(), Some(Frame::LeaderDraft { .. }));
    let passes = log.picks[0].len() + in_draft as usize;
    for origin in 0..n {
        let (mut packet, mut holder) = (log.dealt[origin].clone(), origin);
        for step in 0..passes.min(4) {
            if holder == me {
                let mut p = packet.clone();
                p.sort_unstable();
                seen.push((origin, step, p));
            }
            if step < log.picks[holder].len() {
                let pick = log.picks[holder][step];
                packet.retain(|&l| l != pick);
            }
            holder = log.pass[holder] as usize;
        }
    }
    seen
}

/// Leaders each seat played or discarded (public), sorted.
fn out_of_hand(s: &State) -> Vec<Vec<u8>> {
    let log = s.draft.as_ref().unwrap();
    (0..s.n())
        .map(|x| {
            let mut v: Vec<u8> = log.picks[x]
                .iter()
                .copied()
                .filter(|l| !s.players[x].hand.contains(l))
                .collect();
            v.sort_unstable();
            v
        })
        .collect()
}

/// A resampled state keeps everything the seat knows of the leaders: every
/// packet it held, its own hand and picks, who played or discarded what; the
/// draft record still replays (invariants). And it does redraw the rest: the
/// other hands and packets take more than one value.
#[test]
fn resampled_leaders_keep_what_the_seat_saw() {
    let mut redrawn_hands = 0;
    let mut redrawn_packets = 0;
    let mut checks = 0;
    for players in 2..=4 {
        for seed in 0..40u64 {
            let mut s = L::setup(&Options::default(), players, 3_000 + seed).unwrap();
            let mut driver = GameRng::from_seed(seed);
            while let Some(&seat) = L::pending(&s).first() {
                if let Some(log) = &s.draft {
                    for me in 0..players {
                        let alt = L::resample_hidden(&s, me, &mut driver).unwrap();
                        assert!(L::invariant_violations(&alt).is_empty());
                        assert_eq!(packets_seen(&alt, me), packets_seen(&s, me));
                        assert_eq!(out_of_hand(&alt), out_of_hand(&s));
                        assert_eq!(alt.draft.as_ref().unwrap().picks[me], log.picks[me]);
                        assert_eq!(alt.players[me].hand, s.players[me].hand);
                        for x in (0..players).filter(|&x| x != me) {
                            assert_eq!(alt.players[x].hand.len(), s.players[x].hand.len());
                            redrawn_hands += (alt.players[x].hand != s.players[x].hand) as usize;
                        }
                        if let (
                            Some(Frame::LeaderDraft { packets: a, .. }),
                            Some(Frame::LeaderDraft { packets: b, .. }),
                        ) = (alt.phase(), s.phase())
                        {
                            assert_eq!(a[me], b[me]);
                            redrawn_packets += (a != b) as usize;
                        }
                        checks += 1;
                    }
                }
                let legal = L::legal_moves(&s, seat);
                let m = legal[driver.index(legal.len())].clone();
                L::apply(&mut s, seat, &m).unwrap();
            }
        }
    }
    assert!(checks > 1000, "{checks}");
    assert!(
        redrawn_hands > checks / 4 && redrawn_packets > 0,
        "{redrawn_hands} hands and {redrawn_packets} packets redrawn in {checks} checks"
    );
}

/// With two players a seat sees every packet but the first one the other seat
/// picked from: of the other's four leaders only its first pick is unknown,
/// drawn from the 13 leaders the seat never saw (unless it was played or
/// discarded).
#[test]
fn two_players_know_three_of_the_other_leaders() {
    let mut s = advance_until(2, 21, |s| matches!(s.phase(), Some(Frame::Turn { .. })));
    let log = s.draft.clone().unwrap();
    let mut firsts = std::collections::BTreeSet::new();
    let mut rng = GameRng::from_seed(5);
    for _ in 0..200 {
        let alt = L::resample_hidden(&s, 0, &mut rng).unwrap();
        let alt_log = alt.draft.unwrap();
        assert_eq!(alt_log.picks[1][1..], log.picks[1][1..]);
        firsts.insert(alt_log.picks[1][0]);
    }
    let seen: Vec<u8> = packets_seen(&s, 0)
        .into_iter()
        .flat_map(|(_, _, p)| p)
        .collect();
    assert!(firsts.iter().all(|l| !seen.contains(l)));
    assert_eq!(firsts.len(), 20 - 7, "{firsts:?}");
    // Once the other seat discards that leader, everybody knows it.
    let first = log.picks[1][0];
    s.players[1].hand.retain(|&l| l != first);
    let alt = L::resample_hidden(&s, 0, &mut rng).unwrap();
    assert_eq!(alt.draft.unwrap().picks[1], log.picks[1]);
}

/// A state of schema 1 written after the draft has no draft record: what a
/// seat saw is not known, so the other hands stay as they are.
#[test]
fn without_the_draft_record_other_hands_stay() {
    let mut s = advance_until(3, 4, |s| matches!(s.phase(), Some(Frame::Turn { .. })));
    s.draft = None;
    let mut rng = GameRng::from_seed(1);
    let alt = L::resample_hidden(&s, 0, &mut rng).unwrap();
    assert_ne!(alt, s, "the decks and the generator are redrawn");
    for x in 0..3 {
        assert_eq!(alt.players[x].hand, s.players[x].hand);
    }
    assert_eq!(
        alt.decks.iter().map(Vec::len).collect::<Vec<_>>(),
        s.decks.iter().map(Vec::len).collect::<Vec<_>>()
    );
}
