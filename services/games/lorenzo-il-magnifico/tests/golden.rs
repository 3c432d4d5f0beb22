//! Golden replays: a stored game per player count must replay to the same
//! final state, and its stored final state must still decode.
//! Create missing files with `SIGNORIA_BLESS=1`.

use std::path::PathBuf;

use signoria_engine::testkit::check_golden;
use signoria_lorenzo_il_magnifico::{LorenzoIlMagnifico as L, Options};

fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name)
}

#[test]
fn golden_2p_advanced() {
    check_golden::<L>(
        &path("2p-advanced.json"),
        2,
        1001,
        &Options { advanced: true },
    );
}

#[test]
fn golden_3p_advanced() {
    check_golden::<L>(
        &path("3p-advanced.json"),
        3,
        1002,
        &Options { advanced: true },
    );
}

#[test]
fn golden_4p_advanced() {
    check_golden::<L>(
        &path("4p-advanced.json"),
        4,
        1003,
        &Options { advanced: true },
    );
}

#[test]
fn golden_4p_basic() {
    check_golden::<L>(
        &path("4p-basic.json"),
        4,
        1004,
        &Options { advanced: false },
    );
}

/// Mid-game states stored by the release of 2026-11-22 (2–4 players, basic
/// and advanced) still load and play on to the end.
#[test]
fn states_of_the_2026_11_22_release_play_on() {
    let n = signoria_engine::testkit::check_stored_states::<L>(&path("stored-2026-11-22.json"));
    assert_eq!(n, 48);
}
