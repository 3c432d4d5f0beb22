//! Golden replays: a stored game per player count must replay to the same
//! final state, and its stored final state must still decode.
//! Create missing files with `SIGNORIA_BLESS=1`.

use std::path::PathBuf;

use signoria_engine::testkit::check_golden;
use signoria_lorenzo_il_magnifico::{LorenzoIlMagnifico as L, Options};

fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name)
}

#[test]
fn golden_2p_advanced() {
    check_golden::<L>(&path("2p-advanced.json"), 2, 1001, &Options { advanced: true });
}

#[test]
fn golden_3p_advanced() {
    check_golden::<L>(&path("3p-advanced.json"), 3, 1002, &Options { advanced: true });
}

#[test]
fn golden_4p_advanced() {
    check_golden::<L>(&path("4p-advanced.json"), 4, 1003, &Options { advanced: true });
}

#[test]
fn golden_4p_basic() {
    check_golden::<L>(&path("4p-basic.json"), 4, 1004, &Options { advanced: false });
}
