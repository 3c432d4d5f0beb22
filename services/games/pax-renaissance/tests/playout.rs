//! The shared random playout: complete games with the engine contract and our
//! invariants checked after every move, plus the proto round trip of every move.

use signoria_engine::testkit::{Playouts, random_playouts};
use signoria_engine::{Game, ProtoGame};
use signoria_pax_renaissance::{Options, PaxRenaissance as P};

fn run(players: usize, options: Options, games: usize, first_seed: u64) {
    let cfg = Playouts::<P> {
        first_seed,
        roundtrip_every: 13,
        determinism_every: 100,
        ..Playouts::new(players, options.clone(), games)
    };
    let t = std::time::Instant::now();
    let stats = random_playouts(&cfg);
    eprintln!(
        "{players}p {options:?}: {} games, {} moves (max {} per game), max state {} bytes, wins {:?}, {:?}",
        stats.games,
        stats.moves,
        stats.max_moves_in_a_game,
        stats.max_state_bytes,
        stats.wins_by_seat,
        t.elapsed()
    );
    assert_eq!(stats.games, games);
    assert!(stats.illegal_probes_refused > 0);
}

#[test]
fn playouts_2p() {
    run(2, Options::default(), 1000, 1);
}
#[test]
fn playouts_3p() {
    run(3, Options::default(), 1000, 10_001);
}
#[test]
fn playouts_4p() {
    run(4, Options::default(), 1000, 20_001);
}
#[test]
fn playouts_variants() {
    run(
        2,
        Options {
            astrology: true,
            bankruptcy: true,
            expert: true,
        },
        200,
        30_001,
    );
    run(
        4,
        Options {
            astrology: false,
            bankruptcy: true,
            expert: true,
        },
        200,
        40_001,
    );
}

/// Every legal move of a few games survives the proto round trip.
#[test]
fn moves_round_trip_through_proto() {
    for players in 2..=4 {
        for seed in 0..20u64 {
            let mut s = P::setup(&Options::default(), players, seed).unwrap();
            let mut rng = signoria_engine::GameRng::from_seed(seed);
            while let Some(&seat) = P::pending(&s).first() {
                let legal = P::legal_moves(&s, seat);
                for m in &legal {
                    assert_eq!(&P::move_from_pb(&P::move_to_pb(m)).unwrap(), m);
                }
                for v in signoria_engine::testkit::viewers(players) {
                    let pb = P::view_to_pb(&P::view(&s, v));
                    assert_eq!(pb.players.len(), players);
                }
                let m = legal[rng.index(legal.len())].clone();
                for e in P::apply(&mut s, seat, &m).unwrap() {
                    let _ = P::event_to_pb(&e.event);
                }
            }
            assert!(P::outcome(&s).is_some());
        }
    }
}
