//! The shared random playout: complete games with the engine contract and our
//! invariants checked after every move, plus the proto round trip of every move.

use signoria_engine::testkit::{Playouts, random_playouts};
use signoria_engine::{Game, ProtoGame};
use signoria_lorenzo_il_magnifico::{LorenzoIlMagnifico as L, Options};

fn run(players: usize, advanced: bool, games: usize, first_seed: u64) {
    let cfg = Playouts::<L> {
        first_seed,
        roundtrip_every: 7,
        determinism_every: 50,
        ..Playouts::new(players, Options { advanced }, games)
    };
    let t = std::time::Instant::now();
    let stats = random_playouts(&cfg);
    eprintln!(
        "{players}p advanced={advanced}: {} games, {} moves (max {} per game), max state {} bytes, wins {:?}, {:?}",
        stats.games,
        stats.moves,
        stats.max_moves_in_a_game,
        stats.max_state_bytes,
        stats.wins_by_seat,
        t.elapsed()
    );
    assert_eq!(stats.games, games);
    assert!(
        stats.max_state_bytes <= 16 * 1024,
        "state too large: {}",
        stats.max_state_bytes
    );
    assert!(stats.illegal_probes_refused > 0);
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

/// Every legal move of a few games survives the proto round trip.
#[test]
fn moves_round_trip_through_proto() {
    for players in 2..=4 {
        for seed in 0..30u64 {
            let mut s = L::setup(&Options::default(), players, seed).unwrap();
            let mut rng = signoria_engine::GameRng::from_seed(seed);
            while let Some(&seat) = L::pending(&s).first() {
                let legal = L::legal_moves(&s, seat);
                for m in &legal {
                    assert_eq!(&L::move_from_pb(&L::move_to_pb(m)).unwrap(), m);
                    assert!(!L::describe_move(&s, seat, m).is_empty());
                }
                for v in signoria_engine::testkit::viewers(players) {
                    let pb = L::view_to_pb(&L::view(&s, v));
                    assert_eq!(pb.players.len(), players);
                    assert_eq!(
                        pb.decks.is_empty(),
                        v != signoria_engine::Viewer::Omniscient
                    );
                }
                let m = legal[rng.index(legal.len())].clone();
                for e in L::apply(&mut s, seat, &m).unwrap() {
                    let _ = L::event_to_pb(&e.event);
                }
            }
            assert!(L::outcome(&s).is_some());
        }
    }
}

/// The random games reach every kind of decision (so the playouts exercise them).
#[test]
fn playouts_reach_every_decision_kind() {
    use std::collections::BTreeMap;
    let mut seen: BTreeMap<&'static str, usize> = BTreeMap::new();
    for players in 2..=4 {
        for seed in 0..400u64 {
            let mut s = L::setup(&Options::default(), players, seed).unwrap();
            let mut rng = signoria_engine::GameRng::from_seed(seed);
            while let Some(&seat) = L::pending(&s).first() {
                let legal = L::legal_moves(&s, seat);
                let m = legal[rng.index(legal.len())].clone();
                let name = match &m {
                    signoria_lorenzo_il_magnifico::Move::Place { .. } => "place",
                    signoria_lorenzo_il_magnifico::Move::ChoosePrivilege { .. } => "privilege",
                    signoria_lorenzo_il_magnifico::Move::ChooseCost { .. } => "cost",
                    signoria_lorenzo_il_magnifico::Move::TakeBonusCard { .. } => "bonus take",
                    signoria_lorenzo_il_magnifico::Move::BonusWork { .. } => "bonus work",
                    signoria_lorenzo_il_magnifico::Move::Exchange { option: 0, .. } => {
                        "exchange none"
                    }
                    signoria_lorenzo_il_magnifico::Move::Exchange { .. } => "exchange",
                    signoria_lorenzo_il_magnifico::Move::Decline => "decline",
                    signoria_lorenzo_il_magnifico::Move::SupportChurch { support: true } => {
                        "support"
                    }
                    signoria_lorenzo_il_magnifico::Move::SupportChurch { support: false } => {
                        "refuse"
                    }
                    signoria_lorenzo_il_magnifico::Move::PickLeader { .. } => "pick leader",
                    signoria_lorenzo_il_magnifico::Move::PickBonusTile { .. } => "pick tile",
                    signoria_lorenzo_il_magnifico::Move::PlayLeader { .. } => "play leader",
                    signoria_lorenzo_il_magnifico::Move::DiscardLeader { .. } => "discard leader",
                    signoria_lorenzo_il_magnifico::Move::ActivateLeader { .. } => "activate leader",
                    signoria_lorenzo_il_magnifico::Move::CopyLeader { .. } => "copy leader",
                    signoria_lorenzo_il_magnifico::Move::Pass => "pass",
                    signoria_lorenzo_il_magnifico::Move::EndTurn => "end turn",
                };
                *seen.entry(name).or_default() += 1;
                L::apply(&mut s, seat, &m).unwrap();
            }
        }
    }
    eprintln!("{seen:?}");
    for kind in [
        "place",
        "privilege",
        "cost",
        "bonus take",
        "bonus work",
        "exchange",
        "exchange none",
        "decline",
        "support",
        "refuse",
        "pick leader",
        "pick tile",
        "play leader",
        "discard leader",
        "activate leader",
        "end turn",
    ] {
        assert!(
            seen.get(kind).copied().unwrap_or(0) > 0,
            "random games never made a '{kind}' decision: {seen:?}"
        );
    }
}

/// Random games whose players keep their leaders and play/activate/copy them
/// whenever they can, so that every leader ability is exercised under the
/// invariants (uniform random players discard almost every leader).
#[test]
fn leader_heavy_playouts() {
    use signoria_lorenzo_il_magnifico::Move;
    let mut played = std::collections::BTreeSet::new();
    let mut activated = std::collections::BTreeSet::new();
    let mut copies = 0;
    for players in 2..=4 {
        for seed in 0..400u64 {
            let mut s = L::setup(&Options::default(), players, 900_000 + seed).unwrap();
            let mut rng = signoria_engine::GameRng::from_seed(seed);
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

/// Fewer games with every check at every step: serialisation round trip and
/// views after every move, every game replayed from its seed.
#[test]
fn playouts_with_every_check_every_move() {
    for players in 2..=4 {
        let cfg = Playouts::<L> {
            first_seed: 70_000 + players as u64 * 1000,
            roundtrip_every: 1,
            determinism_every: 1,
            illegal_probes: 4,
            ..Playouts::new(players, Options::default(), 100)
        };
        let stats = random_playouts(&cfg);
        assert_eq!(stats.games, 100);
        assert!(stats.max_state_bytes <= 16 * 1024);
    }
}
