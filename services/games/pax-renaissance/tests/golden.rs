//! Golden replays: complete games whose final state must not change unless the
//! rules do (re-bless with SIGNORIA_BLESS=1 after a deliberate rules change).

use std::path::Path;

use signoria_engine::testkit::check_golden;
use signoria_pax_renaissance::{Options, PaxRenaissance as P};

#[test]
fn golden_3p() {
    check_golden::<P>(
        Path::new("tests/golden/3p_seed_42.json"),
        3,
        42,
        &Options::default(),
    );
}

#[test]
fn golden_2p_variants() {
    let o = Options {
        astrology: true,
        bankruptcy: true,
        expert: true,
    };
    check_golden::<P>(Path::new("tests/golden/2p_variants_seed_7.json"), 2, 7, &o);
}

/// Mid-game states stored by the release of 2026-11-22 (2–4 players, default
/// options and all variants) still load and play on to the end.
#[test]
fn states_of_the_2026_11_22_release_play_on() {
    let n = signoria_engine::testkit::check_stored_states::<P>(Path::new(
        "tests/golden/stored-2026-11-22.json",
    ));
    assert_eq!(n, 48);
}
