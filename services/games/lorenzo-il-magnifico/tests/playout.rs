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
    assert!(stats.max_state_bytes <= 16 * 1024, "state too large: {}", stats.max_state_bytes);
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
                }
                let _ = L::view_to_pb(&L::view(&s, signoria_engine::Viewer::Omniscient));
                let m = legal[rng.index(legal.len())].clone();
                for e in L::apply(&mut s, seat, &m).unwrap() {
                    let _ = L::event_to_pb(&e.event);
                }
            }
            assert!(L::outcome(&s).is_some());
        }
    }
}
