//! The shared random playout: complete games with the engine contract, our
//! invariants and the hidden-information check, the coverage of every kind of
//! decision, and the proto round trip of every move.

use signoria_engine::testkit::{PlayoutStats, Playouts, proto_round_trip, random_playouts};
use signoria_engine::{Game, GameRng, ProtoGame};
use signoria_lorenzo_il_magnifico::{ALL_KINDS, LorenzoIlMagnifico as L, Options};

fn run(players: usize, advanced: bool, games: usize, first_seed: u64) -> PlayoutStats {
    let cfg = Playouts::<L> {
        first_seed,
        roundtrip_every: 7,
        determinism_every: 50,
        hidden_every: 50,
        ..Playouts::new(players, Options { advanced }, games)
    };
    let t = std::time::Instant::now();
    let stats = random_playouts(&cfg);
    eprintln!(
        "{players}p advanced={advanced}: {} games, {} moves (max {} per game), max state {} bytes, wins {:?}, {} hidden checks ({} redrew a secret), {:?}\n  {:?}",
        stats.games,
        stats.moves,
        stats.max_moves_in_a_game,
        stats.max_state_bytes,
        stats.wins_by_seat,
        stats.hidden_checks,
        stats.hidden_secrets_redrawn,
        t.elapsed(),
        stats.frame_kinds,
    );
    assert_eq!(stats.games, games);
    assert!(
        stats.max_state_bytes <= 16 * 1024,
        "state too large: {}",
        stats.max_state_bytes
    );
    assert!(stats.illegal_probes_refused > 0);
    assert!(
        stats.hidden_checks > 0 && stats.hidden_secrets_redrawn > 0,
        "the hidden-information check must run and redraw a secret, not only the generator"
    );
    // Every kind of decision is reached. The basic game has no drafts and no
    // leaders, so a turn whose member is placed is over at once.
    let expected: &[&str] = if advanced {
        &[]
    } else {
        &["tile_draft", "leader_draft", "turn_placed"]
    };
    assert_eq!(
        stats.missing_kinds(&ALL_KINDS),
        expected,
        "{:?}",
        stats.frame_kinds
    );
    stats
}

#[test]
fn playouts_2p_advanced() {
    run(2, true, 2000, 1);
}
#[test]
fn playouts_3p_advanced() {
    run(3, true, 2000, 10_001);
}
#[test]
fn playouts_4p_advanced() {
    run(4, true, 2000, 20_001);
}
#[test]
fn playouts_2p_basic() {
    run(2, false, 500, 30_001);
}
#[test]
fn playouts_3p_basic() {
    run(3, false, 500, 40_001);
}
#[test]
fn playouts_4p_basic() {
    run(4, false, 500, 50_001);
}

/// Every legal move of a few games survives the proto round trip, and every
/// view and event maps to proto.
#[test]
fn moves_round_trip_through_proto() {
    for players in 2..=4 {
        for advanced in [true, false] {
            let checked = proto_round_trip::<L>(&Options { advanced }, players, 15, 0);
            assert!(checked > 15 * 100, "{players}p: {checked} moves checked");
        }
    }
    // Deck contents reach omniscient viewers only.
    let s = L::setup(&Options::default(), 3, 1).unwrap();
    for v in signoria_engine::testkit::viewers(3) {
        let pb = L::view_to_pb(&L::view(&s, v));
        assert_eq!(pb.players.len(), 3);
        assert_eq!(
            pb.decks.is_empty(),
            v != signoria_engine::Viewer::Omniscient
        );
    }
}

/// Every listed move has a label a person can read.
#[test]
fn every_listed_move_has_a_label() {
    for players in 2..=4 {
        for seed in 0..30u64 {
            let mut s = L::setup(&Options::default(), players, seed).unwrap();
            let mut rng = GameRng::from_seed(seed);
            while let Some(&seat) = L::pending(&s).first() {
                let legal = L::legal_moves(&s, seat);
                for m in &legal {
                    assert!(!L::describe_move(&s, seat, m).trim().is_empty(), "{m:?}");
                }
                let m = legal[rng.index(legal.len())].clone();
                L::apply(&mut s, seat, &m).unwrap();
            }
            assert!(L::outcome(&s).is_some());
        }
    }
}

/// Random games whose players keep their leaders and play/activate/copy them
/// whenever they can, so that every leader ability is exercised under the
/// invariants (uniform random players discard almost every leader).
#[test]
fn leader_heavy_playouts() {
    use signoria_lorenzo_il_magnifico::Move;
    use signoria_lorenzo_il_magnifico::leaders::{any_leader_move, leader_moves};
    let mut played = std::collections::BTreeSet::new();
    let mut activated = std::collections::BTreeSet::new();
    let mut copies = 0;
    for players in 2..=4 {
        for seed in 0..400u64 {
            let mut s = L::setup(&Options::default(), players, 900_000 + seed).unwrap();
            let mut rng = GameRng::from_seed(seed);
            while let Some(&seat) = L::pending(&s).first() {
                let legal = L::legal_moves(&s, seat);
                let preferred: Vec<&Move> = legal
                    .iter()
                    .filter(|m| {
                        matches!(
                            m,
                            Move::PlayLeader { .. }
                                | Move::ActivateLeader { .. }
                                | Move::CopyLeader { .. }
                        )
                    })
                    .collect();
                let keep: Vec<&Move> = legal
                    .iter()
                    .filter(|m| !matches!(m, Move::DiscardLeader { .. }))
                    .collect();
                let pool = if !preferred.is_empty() {
                    preferred
                } else if !keep.is_empty() {
                    keep
                } else {
                    legal.iter().collect()
                };
                let m = pool[rng.index(pool.len())].clone();
                match m {
                    Move::PlayLeader { leader } => {
                        played.insert(leader);
                    }
                    Move::ActivateLeader { leader, .. } => {
                        activated.insert(leader);
                    }
                    Move::CopyLeader { .. } => copies += 1,
                    _ => {}
                }
                let before = s.clone();
                L::apply(&mut s, seat, &m)
                    .unwrap_or_else(|e| panic!("{players}p seed {seed}: {m:?} refused: {e}"));
                let v = L::invariant_violations(&s);
                assert!(
                    v.is_empty(),
                    "{players}p seed {seed} after {m:?}: {v:?}\n{before:?}"
                );
                // The quick question "may the turn go on?" agrees with the list.
                for x in 0..players {
                    assert_eq!(
                        any_leader_move(&s, x),
                        !leader_moves(&s, x).is_empty(),
                        "{players}p seed {seed}, seat {x}"
                    );
                }
                assert_eq!(L::move_from_pb(&L::move_to_pb(&m)).unwrap(), m);
            }
            assert!(L::outcome(&s).is_some());
        }
    }
    eprintln!("played {played:?}, activated {activated:?}, copies {copies}");
    assert_eq!(played.len(), 20, "only {played:?} were ever played");
    for l in [0u8, 3, 4, 5, 6, 7, 8, 9, 12, 18, 19] {
        assert!(
            activated.contains(&l),
            "once-per-round leader {l} never activated: {activated:?}"
        );
    }
    assert!(copies > 0, "Lorenzo de' Medici never copied a leader");
}

/// Fewer games with every check at every step: serialisation round trip,
/// views and the hidden-information check after every move, every game
/// replayed from its seed.
#[test]
fn playouts_with_every_check_every_move() {
    for players in 2..=4 {
        let cfg = Playouts::<L> {
            first_seed: 70_000 + players as u64 * 1000,
            roundtrip_every: 1,
            determinism_every: 1,
            illegal_probes: 4,
            hidden_every: 1,
            ..Playouts::new(players, Options::default(), 100)
        };
        let stats = random_playouts(&cfg);
        assert_eq!(stats.games, 100);
        assert!(stats.max_state_bytes <= 16 * 1024);
        assert!(stats.hidden_secrets_redrawn > 0);
        assert!(stats.missing_kinds(&ALL_KINDS).is_empty());
    }
}
