//! Golden replays: a stored game per setting must replay to the same final state, and
//! its stored final state must still decode; mid-game states stored by this release
//! must still load and play on. Create missing files with `SIGNORIA_BLESS=1`.

use std::path::PathBuf;

use signoria_age_of_renaissance::{AgeOfRenaissance as A, Options};
use signoria_engine::testkit::{check_golden, check_stored_states};
use signoria_engine::{Game, GameRng, encode_state};

fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name)
}

#[test]
fn golden_3p_full() {
    check_golden::<A>(&path("3p-full.json"), 3, 3001, &Options::default());
}

#[test]
fn golden_4p_two_epochs() {
    check_golden::<A>(
        &path("4p-epochs-1-2.json"),
        4,
        3002,
        &Options { last_epoch: 2 },
    );
}

#[test]
fn golden_5p_one_epoch() {
    check_golden::<A>(
        &path("5p-epoch-1.json"),
        5,
        3003,
        &Options { last_epoch: 1 },
    );
}

#[test]
fn golden_6p_full() {
    check_golden::<A>(&path("6p-full.json"), 6, 3004, &Options::default());
}

const STORED: &str = "stored-2026-11-25.json";

/// Mid-game states of this release (3-6 players, full and shorter games, every few
/// dozen moves) play on to the end.
#[test]
fn stored_states_play_on() {
    let file = path(STORED);
    if !file.exists() && std::env::var("SIGNORIA_BLESS").as_deref() == Ok("1") {
        std::fs::write(
            &file,
            serde_json::to_string_pretty(&mid_game_states()).unwrap(),
        )
        .unwrap();
    }
    assert_eq!(check_stored_states::<A>(&file), 48);
}

/// 48 states: for each player count and last epoch 3 or 1, games at a few steps.
fn mid_game_states() -> Vec<serde_json::Value> {
    let mut out = Vec::new();
    for players in 3..=6 {
        for (k, options) in [Options::default(), Options { last_epoch: 1 }]
            .into_iter()
            .enumerate()
        {
            for (i, steps) in [20usize, 60, 120, 200, 300, 420].into_iter().enumerate() {
                let seed = 5000 + players as u64 * 100 + k as u64 * 10 + i as u64;
                let mut s = A::setup(&options, players, seed).unwrap();
                let mut rng = GameRng::from_seed(seed);
                for _ in 0..steps {
                    let pending = A::pending(&s);
                    if pending.is_empty() {
                        break;
                    }
                    let seat = pending[rng.index(pending.len())];
                    let legal: Vec<_> = A::legal_moves(&s, seat)
                        .into_iter()
                        .filter(|m| !matches!(m, signoria_age_of_renaissance::Move::Resign))
                        .collect();
                    let legal = if legal.is_empty() {
                        A::legal_moves(&s, seat)
                    } else {
                        legal
                    };
                    let mv = legal[rng.index(legal.len())].clone();
                    A::apply(&mut s, seat, &mv).unwrap();
                }
                out.push(serde_json::from_slice(&encode_state::<A>(&s)).unwrap());
            }
        }
    }
    out
}
