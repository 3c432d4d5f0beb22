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
