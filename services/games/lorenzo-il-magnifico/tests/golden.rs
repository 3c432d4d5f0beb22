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

/// Schema 1 → 2 changes the shape only: the phase becomes the bottom frame
/// (`Actions` → `Turn`), the decisions sit above it unchanged, every other
/// field is as it was, and a state in the leader draft gets a draft record
/// that replays to its packets and hands.
#[test]
fn schema_1_states_upgrade_exactly() {
    use signoria_engine::Game;
    use signoria_lorenzo_il_magnifico::{Frame, State};
    let text = std::fs::read_to_string(path("stored-2026-11-22.json")).unwrap();
    let stored: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    let mut drafts = 0;
    for (i, v) in stored.iter().enumerate() {
        assert_eq!(v["schema"], 1);
        let old = v["state"].clone();
        let bytes = serde_json::to_vec(v).unwrap();
        let s: State = signoria_engine::decode_state::<L>(&bytes).unwrap();
        let (phase, decisions) = (&old["phase"], old["stack"].as_array().unwrap());
        let bottom = serde_json::to_value(&s.stack[0]).unwrap();
        match phase.get("Actions") {
            Some(a) => assert_eq!(
                s.stack[0],
                Frame::Turn {
                    seat: a["active"].as_u64().unwrap() as u8,
                    placed: a["placed"].as_bool().unwrap()
                },
                "state {i}"
            ),
            None => assert_eq!(&bottom, phase, "state {i}"),
        }
        assert_eq!(
            serde_json::to_value(&s.stack[1..]).unwrap(),
            serde_json::Value::Array(decisions.clone()),
            "state {i}"
        );
        let mut new = serde_json::to_value(&s).unwrap();
        let mut old_rest = old.clone();
        for f in ["phase", "stack"] {
            old_rest.as_object_mut().unwrap().remove(f);
        }
        for f in ["stack", "draft"] {
            new.as_object_mut().unwrap().remove(f);
        }
        assert_eq!(new, old_rest, "state {i}: other fields changed");
        if matches!(s.stack[0], Frame::LeaderDraft { .. }) {
            assert!(s.draft.is_some(), "state {i}");
            drafts += 1;
        } else {
            assert!(s.draft.is_none(), "state {i}");
        }
        assert_eq!(
            L::invariant_violations(&s),
            Vec::<String>::new(),
            "state {i}"
        );
    }
    assert!(drafts > 0, "the stored states include the leader draft");
}
