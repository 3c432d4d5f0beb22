//! The shared random playout: complete games for every player count (2-6) and both
//! scenarios (Campaign, Tournament) with the engine contract, the invariants of
//! `invariants.rs` (units conserved per owner and within the counter mix, one controller
//! per space, no unit where the rules forbid it, every card held exactly once, the
//! subsystems' invariants: influence boxes, minor allies, who runs an activated major)
//! and the hidden-information check.

use signoria_elisabeth_i::flow::{automatic_kinds, decision_kinds};
use signoria_elisabeth_i::{ElisabethI as E, Options};
use signoria_engine::testkit::{PlayoutStats, Playouts, random_playouts};

/// Games per combination (`ELI_GAMES` overrides).
fn games(default: usize) -> usize {
    std::env::var("ELI_GAMES")
        .ok()
        .and_then(|x| x.parse().ok())
        .unwrap_or(default)
}

/// `full`: the checks at the density of the 6-player Campaign run (a state round trip
/// every 17 moves, an illegal probe at every step, a hidden-information check every 31
/// moves); otherwise sparser, so that every combination plays 100 games in the normal
/// test run (round trip every 97 moves, a probe every step, hidden check every 157).
fn run(players: usize, scenario: &str, games: usize, first_seed: u64, full: bool) -> PlayoutStats {
    let options = Options {
        scenario: scenario.into(),
    };
    let cfg = Playouts::<E> {
        first_seed,
        roundtrip_every: if full { 17 } else { 97 },
        determinism_every: 50,
        illegal_probes: 1,
        hidden_every: if full { 31 } else { 157 },
        ..Playouts::new(players, options, games)
    };
    let t = std::time::Instant::now();
    let stats = random_playouts(&cfg);
    eprintln!(
        "{players}p {scenario}: {} games, {} moves (max {} per game), max state {} bytes, wins {:?}, hidden checks {} ({} with a secret redrawn), {:?}, {:?}",
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
    assert!(
        stats.max_state_bytes <= 64 * 1024,
        "state {} bytes",
        stats.max_state_bytes
    );
    stats
}

/// 6-player Campaign games; every decision kind is reached (interception, avoid battle,
/// withdrawal, the combat procedures and the response windows among them).
#[test]
fn playouts_6p_campaign() {
    let s = run(6, "campaign", games(100), 1, true);
    assert_eq!(s.missing_kinds(&decision_kinds()), Vec::<&str>::new());
}

#[test]
fn playouts_6p_tournament() {
    run(6, "tournament", games(100), 10_001, false);
}

/// Five players: the HRE is an activated major run by the seat that wins its status.
#[test]
fn playouts_5p() {
    run(5, "campaign", games(100), 20_001, false);
    run(5, "tournament", games(100), 25_001, false);
}

/// Four players: the Ottomans and the HRE are activated majors.
#[test]
fn playouts_4p() {
    run(4, "campaign", games(100), 30_001, false);
    run(4, "tournament", games(100), 35_001, false);
}

/// Three players: one seat holds England and the Protestants.
#[test]
fn playouts_3p() {
    run(3, "campaign", games(100), 40_001, false);
    run(3, "tournament", games(100), 45_001, false);
}

/// Two players: Spain and France against England and the Protestants.
#[test]
fn playouts_2p() {
    run(2, "campaign", games(100), 50_001, false);
    run(2, "tournament", games(100), 55_001, false);
}

/// Every legal move of random games survives the proto round trip; views and events map.
#[test]
fn proto_round_trip() {
    let n = signoria_engine::testkit::proto_round_trip::<E>(&Options::default(), 6, 2, 500);
    assert!(n > 1000, "{n} moves checked");
    let n = signoria_engine::testkit::proto_round_trip::<E>(
        &Options {
            scenario: "tournament".into(),
        },
        3,
        2,
        500,
    );
    assert!(n > 1000, "{n} moves checked");
}
