//! The shared random playout: complete 6-player Campaign games with the engine contract,
//! the invariants of `invariants.rs` (units conserved per owner and within the counter
//! mix, one controller per space, no unit where the rules forbid it, every card held
//! exactly once) and the hidden-information check.

use signoria_elisabeth_i::flow::{automatic_kinds, decision_kinds};
use signoria_elisabeth_i::{ElisabethI as E, Options};
use signoria_engine::testkit::{PlayoutStats, Playouts, random_playouts};

fn run(games: usize, first_seed: u64) -> PlayoutStats {
    let cfg = Playouts::<E> {
        first_seed,
        roundtrip_every: 17,
        determinism_every: 50,
        illegal_probes: 1,
        hidden_every: 31,
        ..Playouts::new(6, Options::default(), games)
    };
    let t = std::time::Instant::now();
    let stats = random_playouts(&cfg);
    eprintln!(
        "6p: {} games, {} moves (max {} per game), max state {} bytes, wins {:?}, hidden checks {} ({} with a secret redrawn), {:?}, {:?}",
        stats.games,
        stats.moves,
        stats.max_moves_in_a_game,
        stats.max_state_bytes,
        stats.wins_by_seat,
        stats.hidden_checks,
        stats.hidden_secrets_redrawn,
        stats.frame_kinds,
        t.elapsed()
    );
    assert_eq!(stats.games, games);
    assert!(stats.illegal_probes_refused > 0);
    assert!(stats.hidden_checks > 0 && stats.hidden_secrets_redrawn > 0);
    assert_eq!(
        stats.missing_kinds(&automatic_kinds()),
        automatic_kinds(),
        "an automatic frame was on top when a seat decided"
    );
    stats
}

/// 200 complete Campaign games; every decision kind is reached (interception, avoid
/// battle, withdrawal, the combat procedures and the response windows among them).
#[test]
fn playouts_6p_campaign() {
    let s = run(
        std::env::var("ELI_GAMES")
            .ok()
            .and_then(|x| x.parse().ok())
            .unwrap_or(200),
        1,
    );
    assert_eq!(s.missing_kinds(&decision_kinds()), Vec::<&str>::new());
    assert!(
        s.max_state_bytes <= 64 * 1024,
        "state {} bytes",
        s.max_state_bytes
    );
}

/// Every legal move of random games survives the proto round trip; views and events map.
#[test]
fn proto_round_trip() {
    let n = signoria_engine::testkit::proto_round_trip::<E>(&Options::default(), 6, 2, 500);
    assert!(n > 1000, "{n} moves checked");
}
