//! Golden replays: a stored game per player count must replay to the same
//! final state, and its stored final state must still decode.
//! Create missing files with `SIGNORIA_BLESS=1`.

use std::path::PathBuf;

use signoria_engine::testkit::check_golden;
use signoria_wallenstein::{Options, Wallenstein as W};

fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name)
}

#[test]
fn golden_3p_draft() {
    check_golden::<W>(
        &path("3p-draft.json"),
        3,
        2001,
        &Options { fixed_start: false },
    );
}

#[test]
fn golden_4p_fixed() {
    check_golden::<W>(
        &path("4p-fixed.json"),
        4,
        2002,
        &Options { fixed_start: true },
    );
}

#[test]
fn golden_5p_draft() {
    check_golden::<W>(
        &path("5p-draft.json"),
        5,
        2003,
        &Options { fixed_start: false },
    );
}

/// Mid-game states stored by the release of 2026-11-22 (3–5 players, draft
/// and fixed start) still load and play on to the end.
#[test]
fn states_of_the_2026_11_22_release_play_on() {
    let n = signoria_engine::testkit::check_stored_states::<W>(&path("stored-2026-11-22.json"));
    assert_eq!(n, 48);
}
