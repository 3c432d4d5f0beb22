//! The shared random playout: complete games with the engine contract and our
//! invariants checked after every move, plus the proto round trip of every move.

use signoria_engine::testkit::{Playouts, random_playouts};
use signoria_engine::{Game, ProtoGame};
use signoria_wallenstein::{Move, Options, Wallenstein as W};

fn run(players: usize, fixed_start: bool, games: usize, first_seed: u64) {
    let cfg = Playouts::<W> {
        first_seed,
        roundtrip_every: 13,
        determinism_every: 50,
        illegal_probes: 1,
        ..Playouts::new(players, Options { fixed_start }, games)
    };
    let t = std::time::Instant::now();
    let stats = random_playouts(&cfg);
    eprintln!(
        "{players}p fixed_start={fixed_start}: {} games, {} moves (max {} per game), max state {} bytes, wins {:?}, {:?}",
        stats.games,
        stats.moves,
        stats.max_moves_in_a_game,
        stats.max_state_bytes,
        stats.wins_by_seat,
        t.elapsed()
    );
    assert_eq!(stats.games, games);
    assert!(
        stats.max_state_bytes <= 32 * 1024,
        "state too large: {}",
        stats.max_state_bytes
    );
    assert!(stats.illegal_probes_refused > 0);
}

#[test]
fn playouts_3p() {
    run(3, false, 1000, 1);
}
#[test]
fn playouts_4p() {
    run(4, false, 1000, 10_001);
}
#[test]
fn playouts_5p() {
    run(5, false, 1000, 20_001);
}
#[test]
fn playouts_fixed_start() {
    for players in 3..=5 {
        run(players, true, 200, 30_001 + players as u64 * 1000);
    }
}

/// Every legal move of a few games survives the proto round trip, and views
/// and events map to proto.
#[test]
fn moves_round_trip_through_proto() {
    for players in 3..=5 {
        for seed in 0..10u64 {
            let mut s = W::setup(&Options::default(), players, seed).unwrap();
            let mut rng = signoria_engine::GameRng::from_seed(seed);
            while let Some(&seat) = W::pending(&s).first() {
                let legal = W::legal_moves(&s, seat);
                for m in &legal {
                    assert_eq!(&W::move_from_pb(&W::move_to_pb(m)).unwrap(), m);
                    assert!(!W::describe_move(&s, seat, m).is_empty());
                }
                for v in signoria_engine::testkit::viewers(players) {
                    let pb = W::view_to_pb(&W::view(&s, v));
                    assert_eq!(pb.players.len(), players);
                    assert_eq!(pb.lands.len(), 45);
                    assert_eq!(
                        pb.secret_event_deck.is_empty(),
                        v != signoria_engine::Viewer::Omniscient
                    );
                }
                let m = legal[rng.index(legal.len())].clone();
                for e in W::apply(&mut s, seat, &m).unwrap() {
                    assert!(W::event_to_pb(&e.event).kind.is_some());
                }
            }
            assert!(W::outcome(&s).is_some());
        }
    }
}

/// The random games reach every kind of decision.
#[test]
fn playouts_reach_every_decision_kind() {
    use std::collections::BTreeMap;
    let mut seen: BTreeMap<&'static str, usize> = BTreeMap::new();
    for players in 3..=5 {
        for seed in 0..100u64 {
            let mut s = W::setup(&Options::default(), players, seed).unwrap();
            let mut rng = signoria_engine::GameRng::from_seed(seed);
            while let Some(&seat) = W::pending(&s).first() {
                let legal = W::legal_moves(&s, seat);
                let m = legal[rng.index(legal.len())].clone();
                let name = match &m {
                    Move::DraftOpen { .. } => "draft open",
                    Move::DraftBlind => "draft blind",
                    Move::Recycle => "recycle",
                    Move::PlaceGroup { .. } => "place group",
                    Move::Plan { field: 10, .. } => "bid",
                    Move::Plan { .. } => "plan",
                    Move::TakeSpace { .. } => "space",
                    Move::March { .. } => "march",
                    Move::Stay => "stay",
                    Move::Revolt { .. } => "revolt order",
                };
                *seen.entry(name).or_default() += 1;
                W::apply(&mut s, seat, &m).unwrap();
            }
        }
    }
    eprintln!("{seen:?}");
    for kind in [
        "draft open",
        "draft blind",
        "recycle",
        "place group",
        "bid",
        "plan",
        "space",
        "march",
        "stay",
        "revolt order",
    ] {
        assert!(
            seen.get(kind).copied().unwrap_or(0) > 0,
            "random games never made a '{kind}' decision: {seen:?}"
        );
    }
}

/// Fewer games with every check at every step: serialisation round trip and
/// views after every move, every game replayed from its seed.
#[test]
fn playouts_with_every_check_every_move() {
    for players in 3..=5 {
        let cfg = Playouts::<W> {
            first_seed: 70_000 + players as u64 * 1000,
            roundtrip_every: 1,
            determinism_every: 1,
            illegal_probes: 4,
            ..Playouts::new(players, Options::default(), 20)
        };
        let stats = random_playouts(&cfg);
        assert_eq!(stats.games, 20);
    }
}
