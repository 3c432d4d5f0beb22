//! The serialised form of a game state: JSON inside a small envelope that names
//! the game type and the schema version it was written with.
//!
//! JSON was chosen over a binary format because it tolerates added fields
//! (`#[serde(default)]`), which is how release N+1 keeps reading the states that
//! release N wrote; a game that changes shape bumps its schema version and
//! upgrades older states in [`Game::upgrade_state`].

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use sha2::{Digest, Sha256};

use crate::{Game, Scoped, Seat};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoredGame<S> {
    pub game_type: String,
    pub schema: u32,
    pub state: S,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StateCodecError {
    #[error("stored state is for game type {found}, expected {expected}")]
    WrongGame { expected: String, found: String },
    #[error("stored state has schema {found}, newer than this release's {current}")]
    TooNew { found: u32, current: u32 },
    #[error("stored state could not be read: {0}")]
    Corrupt(String),
}

/// Serialise a state with its envelope.
pub fn encode_state<G: Game>(state: &G::State) -> Vec<u8> {
    let info = G::info();
    let stored = StoredGame {
        game_type: info.id.to_string(),
        schema: info.schema_version,
        state,
    };
    serde_json::to_vec(&stored).expect("game states serialise")
}

/// Read a state written by this release or an older one.
pub fn decode_state<G: Game>(bytes: &[u8]) -> Result<G::State, StateCodecError> {
    let info = G::info();
    let corrupt = |e: serde_json::Error| StateCodecError::Corrupt(e.to_string());
    // The state stays raw text until the schema is known: a current state is
    // parsed once, straight into the game's type (every request decodes one,
    // so no intermediate `Value` on the hot path); only an older one goes
    // through a `Value` for the game's upgrade.
    let raw: StoredGame<&RawValue> = serde_json::from_slice(bytes).map_err(corrupt)?;
    if raw.game_type != info.id {
        return Err(StateCodecError::WrongGame {
            expected: info.id.into(),
            found: raw.game_type,
        });
    }
    if raw.schema > info.schema_version {
        return Err(StateCodecError::TooNew {
            found: raw.schema,
            current: info.schema_version,
        });
    }
    if raw.schema == info.schema_version {
        return serde_json::from_str(raw.state.get()).map_err(corrupt);
    }
    let old: serde_json::Value = serde_json::from_str(raw.state.get()).map_err(corrupt)?;
    let value = G::upgrade_state(raw.schema, old).map_err(StateCodecError::Corrupt)?;
    serde_json::from_value(value).map_err(corrupt)
}

/// The stored form of one move's events: `Vec<Scoped<Event>>` inside an
/// envelope with the schema version it was written with, like a state.
///
/// A version made by a move also keeps the move and its seat (`seat`, `move`,
/// added fields an older reader ignores), so that a finished game can be
/// exported with every move and replayed ([`decode_logged_move`]).
#[derive(Serialize)]
struct StoredEvents<'a, E, M> {
    schema: u32,
    events: &'a [Scoped<E>],
    #[serde(skip_serializing_if = "Option::is_none")]
    seat: Option<Seat>,
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    mv: Option<&'a M>,
    /// Set on a version no move made (absent on entries of older releases,
    /// whose move is unknown).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    no_move: bool,
}

/// Serialise the events of a version that no move made (a resignation) with
/// their envelope (what the event log keeps).
pub fn encode_events<G: Game>(events: &[Scoped<G::Event>]) -> Vec<u8> {
    let stored = StoredEvents::<G::Event, G::Move> {
        schema: G::info().schema_version,
        events,
        seat: None,
        mv: None,
        no_move: true,
    };
    serde_json::to_vec(&stored).expect("game events serialise")
}

/// Serialise one move's events, with the move and its seat, for the event log.
pub fn encode_move_events<G: Game>(
    seat: Seat,
    mv: &G::Move,
    events: &[Scoped<G::Event>],
) -> Vec<u8> {
    let stored = StoredEvents::<G::Event, G::Move> {
        schema: G::info().schema_version,
        events,
        seat: Some(seat),
        mv: Some(mv),
        no_move: false,
    };
    serde_json::to_vec(&stored).expect("game events serialise")
}

/// What a logged version says about the move that made it.
#[derive(Debug, Clone, PartialEq)]
pub enum LoggedMove<M> {
    /// `seat` made `mv`.
    Move { seat: Seat, mv: M },
    /// No move made the version (a resignation): the state did not change.
    None,
    /// Logged before moves were kept, or under an older schema whose moves
    /// this release cannot read: the move is unknown.
    Unknown,
}

/// The move a logged version keeps ([`encode_move_events`]).
pub fn decode_logged_move<G: Game>(bytes: &[u8]) -> Result<LoggedMove<G::Move>, StateCodecError> {
    #[derive(Deserialize)]
    struct Raw<'a> {
        schema: u32,
        #[serde(default)]
        seat: Option<Seat>,
        // Present (even `null`, what a unit move writes) or absent.
        #[serde(rename = "move", default, borrow, deserialize_with = "present")]
        mv: Option<&'a RawValue>,
        #[serde(default)]
        no_move: bool,
    }
    fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<&'de RawValue>, D::Error> {
        <&RawValue>::deserialize(d).map(Some)
    }
    let corrupt = |e: serde_json::Error| StateCodecError::Corrupt(e.to_string());
    if bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'[') {
        return Ok(LoggedMove::Unknown);
    }
    let r: Raw = serde_json::from_slice(bytes).map_err(corrupt)?;
    if r.schema > G::info().schema_version {
        return Err(StateCodecError::TooNew {
            found: r.schema,
            current: G::info().schema_version,
        });
    }
    match (r.seat, r.mv) {
        (Some(seat), Some(mv)) if r.schema == G::info().schema_version => Ok(LoggedMove::Move {
            seat,
            mv: serde_json::from_str(mv.get()).map_err(corrupt)?,
        }),
        (Some(_), Some(_)) => Ok(LoggedMove::Unknown),
        _ if r.no_move => Ok(LoggedMove::None),
        _ => Ok(LoggedMove::Unknown),
    }
}

/// Read one move's events written by this release or an older one. A bare JSON
/// array is the form written before the log had an envelope (schema 1).
pub fn decode_events<G: Game>(bytes: &[u8]) -> Result<Vec<Scoped<G::Event>>, StateCodecError> {
    #[derive(Deserialize)]
    struct Raw<'a> {
        schema: u32,
        #[serde(borrow)]
        events: &'a RawValue,
    }
    let info = G::info();
    let corrupt = |e: serde_json::Error| StateCodecError::Corrupt(e.to_string());
    let first = bytes.iter().find(|b| !b.is_ascii_whitespace());
    let (schema, raw): (u32, &RawValue) = if first == Some(&b'[') {
        (1, serde_json::from_slice(bytes).map_err(corrupt)?)
    } else {
        let r: Raw = serde_json::from_slice(bytes).map_err(corrupt)?;
        (r.schema, r.events)
    };
    if schema > info.schema_version {
        return Err(StateCodecError::TooNew {
            found: schema,
            current: info.schema_version,
        });
    }
    if schema == info.schema_version {
        return serde_json::from_str(raw.get()).map_err(corrupt);
    }
    let old: serde_json::Value = serde_json::from_str(raw.get()).map_err(corrupt)?;
    let value = G::upgrade_events(schema, old).map_err(StateCodecError::Corrupt)?;
    serde_json::from_value(value).map_err(corrupt)
}

/// A stable digest of a state (SHA-256 of its JSON, hex), for golden replays.
pub fn state_digest<G: Game>(state: &G::State) -> String {
    let bytes = serde_json::to_vec(state).expect("game states serialise");
    let digest = Sha256::digest(&bytes);
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GameInfo, Outcome, Scoped, Seat, SetupError, Viewer};

    /// A counter whose schema 2 renamed `n` (schema 1) to `count`.
    struct Counter;

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    struct CounterState {
        count: u32,
        #[serde(default)]
        note: String,
        #[serde(default)]
        stack: Vec<()>,
    }

    impl Game for Counter {
        type Options = ();
        type State = CounterState;
        type Move = ();
        type Event = ();
        type View = ();
        type Frame = ();
        fn info() -> GameInfo {
            GameInfo {
                id: "counter",
                display_name: "Counter",
                description: "A test game.",
                min_players: 1,
                max_players: 1,
                schema_version: 2,
                options: vec![],
            }
        }
        fn setup(_: &(), _: usize, _: u64) -> Result<CounterState, SetupError> {
            Ok(CounterState {
                count: 0,
                note: String::new(),
                stack: vec![],
            })
        }
        fn stack(s: &CounterState) -> &[()] {
            &s.stack
        }
        fn stack_mut(s: &mut CounterState) -> &mut Vec<()> {
            &mut s.stack
        }
        fn deciders(_: &CounterState, _: &()) -> Vec<Seat> {
            vec![]
        }
        fn choices(_: &CounterState, _: &(), _: Seat) -> Vec<()> {
            vec![]
        }
        fn prompt(_: &CounterState, _: &(), _: Seat) -> String {
            String::new()
        }
        fn frame_kind(_: &()) -> &'static str {
            "none"
        }
        fn resolve(_: &mut CounterState, _: Seat, _: &(), _: &mut Vec<Scoped<()>>) {}
        fn auto(_: &mut CounterState, _: &mut Vec<Scoped<()>>) {}
        fn view(_: &CounterState, _: Viewer) {}
        fn outcome(_: &CounterState) -> Option<Outcome> {
            None
        }
        fn describe_move(_: &CounterState, _: Seat, _: &()) -> String {
            String::new()
        }
        fn players(_: &CounterState) -> usize {
            1
        }
        fn upgrade_state(
            schema: u32,
            mut state: serde_json::Value,
        ) -> Result<serde_json::Value, String> {
            match schema {
                1 => {
                    let n = state.get("n").cloned().ok_or("schema 1 without n")?;
                    state["count"] = n;
                    Ok(state)
                }
                _ => Err(format!("no upgrade from schema {schema} is known")),
            }
        }
    }

    #[test]
    fn current_states_round_trip_with_escapes_and_added_fields_tolerated() {
        let s = CounterState {
            count: 7,
            note: "a \"quoted\" \\ note \u{e9}".into(),
            stack: vec![],
        };
        assert_eq!(decode_state::<Counter>(&encode_state::<Counter>(&s)), Ok(s));
        // A field written by a newer build of the same schema is ignored.
        let extra = br#"{"game_type":"counter","schema":2,"state":{"count":3,"later":[1,2]}}"#;
        assert_eq!(decode_state::<Counter>(extra).unwrap().count, 3);
    }

    #[test]
    fn older_schemas_are_upgraded_and_the_rest_refused() {
        let old = br#"{"game_type":"counter","schema":1,"state":{"n":5}}"#;
        assert_eq!(decode_state::<Counter>(old).unwrap().count, 5);
        let broken = br#"{"game_type":"counter","schema":1,"state":{"m":5}}"#;
        assert!(matches!(
            decode_state::<Counter>(broken),
            Err(StateCodecError::Corrupt(_))
        ));
        let unknown = br#"{"game_type":"counter","schema":0,"state":{}}"#;
        assert!(matches!(
            decode_state::<Counter>(unknown),
            Err(StateCodecError::Corrupt(_))
        ));
        let newer = br#"{"game_type":"counter","schema":3,"state":{"count":1}}"#;
        assert_eq!(
            decode_state::<Counter>(newer),
            Err(StateCodecError::TooNew {
                found: 3,
                current: 2
            })
        );
        let other = br#"{"game_type":"chess","schema":2,"state":{"count":1}}"#;
        assert!(matches!(
            decode_state::<Counter>(other),
            Err(StateCodecError::WrongGame { .. })
        ));
        assert!(matches!(
            decode_state::<Counter>(b"{not json"),
            Err(StateCodecError::Corrupt(_))
        ));
    }

    #[test]
    fn event_logs_carry_their_schema_and_older_bare_arrays_still_read() {
        let events = vec![Scoped::public(()), Scoped::to_seat(0, ())];
        let bytes = encode_events::<Counter>(&events);
        assert!(bytes.starts_with(br#"{"schema":2,"events":["#));
        assert_eq!(decode_events::<Counter>(&bytes).unwrap(), events);
        // Written before the log had an envelope: a bare array (schema 1).
        let bare = serde_json::to_vec(&events).unwrap();
        assert_eq!(decode_events::<Counter>(&bare).unwrap(), events);
        let newer = br#"{"schema":3,"events":[]}"#;
        assert!(matches!(
            decode_events::<Counter>(newer),
            Err(StateCodecError::TooNew {
                found: 3,
                current: 2
            })
        ));
        assert!(matches!(
            decode_events::<Counter>(b"[{"),
            Err(StateCodecError::Corrupt(_))
        ));
    }

    #[test]
    fn a_logged_version_keeps_its_move_and_older_entries_say_unknown() {
        let events = vec![Scoped::public(())];
        let moved = encode_move_events::<Counter>(0, &(), &events);
        assert_eq!(decode_events::<Counter>(&moved).unwrap(), events);
        assert_eq!(
            decode_logged_move::<Counter>(&moved).unwrap(),
            LoggedMove::Move { seat: 0, mv: () }
        );
        // A resignation: no move made the version.
        let none = encode_events::<Counter>(&[]);
        assert_eq!(
            decode_logged_move::<Counter>(&none).unwrap(),
            LoggedMove::None
        );
        // Entries of releases that did not keep the move, and moves of an
        // older schema, are unknown, not guessed.
        for old in [
            &br#"{"schema":2,"events":[]}"#[..],
            br#"[]"#,
            br#"{"schema":1,"events":[],"seat":0,"move":null}"#,
        ] {
            assert_eq!(
                decode_logged_move::<Counter>(old).unwrap(),
                LoggedMove::Unknown,
                "{}",
                String::from_utf8_lossy(old)
            );
        }
        assert!(matches!(
            decode_logged_move::<Counter>(br#"{"schema":3,"events":[]}"#),
            Err(StateCodecError::TooNew { .. })
        ));
    }
}
