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
        &Options {
            fixed_start: false,
            ..Default::default()
        },
    );
}

#[test]
fn golden_4p_fixed() {
    check_golden::<W>(
        &path("4p-fixed.json"),
        4,
        2002,
        &Options {
            fixed_start: true,
            ..Default::default()
        },
    );
}

#[test]
fn golden_5p_draft() {
    check_golden::<W>(
        &path("5p-draft.json"),
        5,
        2003,
        &Options {
            fixed_start: false,
            ..Default::default()
        },
    );
}

/// Mid-game states stored by the release of 2026-11-22 (3–5 players, draft
/// and fixed start) still load and play on to the end.
#[test]
fn states_of_the_2026_11_22_release_play_on() {
    let n = signoria_engine::testkit::check_stored_states::<W>(&path("stored-2026-11-22.json"));
    assert_eq!(n, 48);
}

/// Schema 1 → 2 is exact: mid-game states written by the last schema-1 release
/// (every kind of decision pending; commit 9e38a06, random moves drawn with
/// `driver_seed` as below) read through the upgrade equal the states this
/// release reaches with the same seed and moves.
#[test]
fn schema_1_mid_game_states_upgrade_to_the_states_replay_reaches() {
    use signoria_engine::{Game, GameRng, decode_state};
    let text = std::fs::read_to_string(path("schema-1-mid-game.json")).unwrap();
    let cases: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    let mut kinds = std::collections::BTreeSet::new();
    for (i, case) in cases.iter().enumerate() {
        let options: Options = serde_json::from_value(case["options"].clone()).unwrap();
        let players = case["players"].as_u64().unwrap() as usize;
        let seed = case["seed"].as_u64().unwrap();
        let steps = case["steps"].as_u64().unwrap() as usize;
        assert_eq!(case["stored"]["schema"], 1, "case {i}");
        let mut s = W::setup(&options, players, seed).unwrap();
        let mut rng = GameRng::from_seed(case["driver_seed"].as_u64().unwrap());
        for _ in 0..steps {
            let pending = W::pending(&s);
            let seat = pending[rng.index(pending.len())];
            let legal = W::legal_moves(&s, seat);
            let mv = legal[rng.index(legal.len())].clone();
            W::apply(&mut s, seat, &mv).unwrap();
        }
        let stored = serde_json::to_vec(&case["stored"]).unwrap();
        let upgraded = decode_state::<W>(&stored).unwrap();
        assert!(
            upgraded == s,
            "case {i} ({}): the upgraded state differs from the replayed one",
            case["kind"]
        );
        kinds.insert(W::frame_kind(s.stack.last().unwrap()));
    }
    assert_eq!(
        kinds.into_iter().collect::<Vec<_>>(),
        vec![
            "choose space",
            "draft",
            "march",
            "place group",
            "planning",
            "revolt order"
        ]
    );
}

/// The base game with every module off is stored bit for bit as by the last
/// schema-2 release (commit fbfae94, the release before the modules):
/// `schema-2-states.json` holds 23 states that release wrote (mid-game and
/// final, 6 games of 3-5 players with draft and fixed start, random moves
/// drawn with `driver_seed` as below) with their digests. This release
/// reaches the same states with the same seeds and moves, stores each with
/// the same digest (the stored form gained nothing), and reads the stored
/// ones through the upgrade to exactly those states. The schema number moved
/// to 3 only so that a release without the modules refuses a module game.
#[test]
fn base_game_is_stored_bit_for_bit_as_by_the_schema_2_release() {
    use signoria_engine::stored::state_digest;
    use signoria_engine::{Game, GameRng, decode_state};
    let text = std::fs::read_to_string(path("schema-2-states.json")).unwrap();
    let cases: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    assert_eq!(cases.len(), 23);
    let mut finished = 0;
    for (i, case) in cases.iter().enumerate() {
        let options: Options = serde_json::from_value(case["options"].clone()).unwrap();
        assert_eq!(
            options,
            Options {
                fixed_start: options.fixed_start,
                ..Default::default()
            }
        );
        let players = case["players"].as_u64().unwrap() as usize;
        let mut s = W::setup(&options, players, case["seed"].as_u64().unwrap()).unwrap();
        let mut rng = GameRng::from_seed(case["driver_seed"].as_u64().unwrap());
        for _ in 0..case["steps"].as_u64().unwrap() {
            let pending = W::pending(&s);
            let seat = pending[rng.index(pending.len())];
            let legal = W::legal_moves(&s, seat);
            let mv = legal[rng.index(legal.len())].clone();
            W::apply(&mut s, seat, &mv).unwrap();
        }
        assert_eq!(case["stored"]["schema"], 2, "case {i}");
        assert_eq!(
            state_digest::<W>(&s),
            case["digest"].as_str().unwrap(),
            "case {i}: the base-game state is stored differently"
        );
        assert_eq!(
            serde_json::to_value(&s).unwrap(),
            case["stored"]["state"],
            "case {i}"
        );
        let stored = serde_json::to_vec(&case["stored"]).unwrap();
        assert!(
            decode_state::<W>(&stored).unwrap() == s,
            "case {i}: upgrade"
        );
        finished += usize::from(s.over());
    }
    assert_eq!(finished, 6);
}

/// The modules' rules are pinned by golden replays too: a refactor must reach
/// the same final states (every module, each alone or paired, draft and fixed).
#[test]
fn golden_4p_all_modules_draft() {
    check_golden::<W>(
        &path("4p-all-modules.json"),
        4,
        2004,
        &Options {
            fixed_start: false,
            kaiserhof: true,
            landsknechte: true,
            generals: true,
        },
    );
}

#[test]
fn golden_3p_kaiserhof_fixed() {
    check_golden::<W>(
        &path("3p-kaiserhof-fixed.json"),
        3,
        2005,
        &Options {
            fixed_start: true,
            kaiserhof: true,
            ..Default::default()
        },
    );
}

#[test]
fn golden_5p_landsknechte_generals_fixed() {
    check_golden::<W>(
        &path("5p-landsknechte-generals-fixed.json"),
        5,
        2006,
        &Options {
            fixed_start: true,
            landsknechte: true,
            generals: true,
            ..Default::default()
        },
    );
}

/// Mid-game states of module games (every combination of the three modules,
/// 3-5 players, draft and fixed start, waiting on planning with supplementary
/// fields, the court's favour, a Landsknecht bonus, a general's placement or
/// move, and late in the second year) written by the release of 2026-11-26
/// (commit c48bac3): later releases must load them and play them to the end.
#[test]
fn module_states_of_the_2026_11_26_release_play_on() {
    let n =
        signoria_engine::testkit::check_stored_states::<W>(&path("stored-2026-11-26-modules.json"));
    assert_eq!(n, 59);
}
