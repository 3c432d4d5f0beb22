//! The shared random playout: complete games with the engine contract, our invariants
//! and the hidden-information check, and the coverage of every kind of decision.

use signoria_age_of_renaissance::stack::{AUTOMATIC_KINDS, DECISION_KINDS};
use signoria_age_of_renaissance::{AgeOfRenaissance as A, Options};
use signoria_engine::testkit::{PlayoutStats, Playouts, random_playouts};

fn run(players: usize, options: Options, games: usize, first_seed: u64) -> PlayoutStats {
    let cfg = Playouts::<A> {
        first_seed,
        roundtrip_every: 13,
        determinism_every: 50,
        illegal_probes: 1,
        hidden_every: 29,
        ..Playouts::new(players, options, games)
    };
    let t = std::time::Instant::now();
    let stats = random_playouts(&cfg);
    eprintln!(
        "{players}p: {} games, {} moves (max {} per game), max state {} bytes, wins {:?}, hidden checks {} ({} redrawn), {:?}, {:?}",
        stats.games,
        stats.moves,
        stats.max_moves_in_a_game,
        stats.max_state_bytes,
        stats.wins_by_seat,
        stats.hidden_checks,
        stats.hidden_differing,
        stats.frame_kinds,
        t.elapsed()
    );
    assert_eq!(stats.games, games);
    assert!(stats.illegal_probes_refused > 0);
    assert!(
        stats.hidden_checks > 0 && stats.hidden_differing > 0,
        "the hidden-information check must run and redraw something"
    );
    assert_eq!(
        stats.missing_kinds(&AUTOMATIC_KINDS),
        AUTOMATIC_KINDS.to_vec(),
        "an automatic frame was on top when a seat decided"
    );
    stats
}

#[test]
fn playouts_3p() {
    let s = run(3, Options::default(), 1000, 1);
    eprintln!("missing: {:?}", s.missing_kinds(&DECISION_KINDS));
}
#[test]
fn playouts_4p() {
    let s = run(4, Options::default(), 1000, 10_001);
    eprintln!("missing: {:?}", s.missing_kinds(&DECISION_KINDS));
}
#[test]
fn playouts_5p() {
    let s = run(5, Options::default(), 1000, 20_001);
    eprintln!("missing: {:?}", s.missing_kinds(&DECISION_KINDS));
}
#[test]
fn playouts_6p() {
    let s = run(6, Options::default(), 1000, 30_001);
    eprintln!("missing: {:?}", s.missing_kinds(&DECISION_KINDS));
}
