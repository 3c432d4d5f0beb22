//! No input may panic a game, and no refusal may change it (issue 12).
//!
//! For every registered game, through the server's registry (`DynGame`, the
//! path SubmitMove takes): random playouts stop at several phases; at each,
//! the legal moves of every pending seat are templates for proptest, which
//! rewrites their wire encoding (every varint field, nested messages
//! included, set to small, boundary, out-of-range and huge values; fields
//! dropped, repeated, or added with unknown numbers) and submits the result
//! for any seat, real or not. Every move that decodes must either be applied
//! (then it was one of the seat's legal moves) or refused as
//! INVALID_ARGUMENT / FAILED_PRECONDITION with the state byte for byte as it
//! was. A panic fails the test.
//!
//! The same playouts check that no view, prompt, label or event carries Rust
//! debug text (`Some(..)`, `Variant(..)`, `Struct { field: .. }`).

use proptest::prelude::*;
use prost::Message as _;
use signoria_engine::Viewer;
use signoria_server::errors::ApiError;
use signoria_server::pb;
use signoria_server::registry::{DynState, GameError, Registry};

/// Decisions after which a phase is kept.
const PHASES: [usize; 8] = [0, 3, 10, 25, 60, 120, 250, 400];

struct Phase {
    game_type: &'static str,
    state: Vec<u8>,
    templates: Vec<pb::Move>,
}

fn next(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}

/// Text that reads like Rust's `Debug` output, if any.
fn debug_text(bytes: &[u8]) -> Option<String> {
    let s = String::from_utf8_lossy(bytes);
    if let Some(i) = s
        .find("Some(")
        .or_else(|| s.find("(None"))
        .or_else(|| s.find(": None"))
    {
        return Some(s[i.saturating_sub(20)..(i + 30).min(s.len())].to_string());
    }
    let b = s.as_bytes();
    for i in 0..b.len() {
        // `Word(Upper` or `Word(digit`: an enum variant with its payload.
        if b[i].is_ascii_uppercase() && (i == 0 || !b[i - 1].is_ascii_alphanumeric()) {
            let mut j = i + 1;
            while j < b.len() && b[j].is_ascii_alphanumeric() {
                j += 1;
            }
            let rest = &b[j..];
            let variant = rest.first() == Some(&b'(')
                && rest
                    .get(1)
                    .is_some_and(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
            let record = rest.starts_with(b" { ")
                && rest[3..]
                    .iter()
                    .take_while(|c| c.is_ascii_lowercase() || **c == b'_')
                    .count()
                    > 0
                && rest[3..]
                    .iter()
                    .find(|c| !(c.is_ascii_lowercase() || **c == b'_'))
                    == Some(&b':');
            if variant || record {
                let lo = s.floor_char_boundary(i.saturating_sub(20));
                let hi = s.floor_char_boundary((j + 30).min(s.len()));
                return Some(s[lo..hi].to_string());
            }
        }
    }
    None
}

/// A message of the API (`signoria.v1.<name>`) as the JSON a client prints
/// (field names, enum names, strings): the text to check for debug output. Its
/// binary encoding is no text: a large view's varints and lengths can spell
/// `Ab(C` by chance.
fn as_json(msg: &impl prost::Message, name: &str) -> Vec<u8> {
    static POOL: std::sync::OnceLock<prost_reflect::DescriptorPool> = std::sync::OnceLock::new();
    let pool = POOL.get_or_init(|| {
        prost_reflect::DescriptorPool::decode(signoria_server::pb::FILE_DESCRIPTOR_SET)
            .expect("the API's descriptors")
    });
    let desc = pool
        .get_message_by_name(&format!("signoria.v1.{name}"))
        .expect("the message is described");
    let msg = prost_reflect::DynamicMessage::decode(desc, msg.encode_to_vec().as_slice())
        .expect("the message decodes");
    serde_json::to_vec(&msg).expect("the message prints as JSON")
}

fn assert_readable(what: &str, bytes: &[u8]) {
    if let Some(found) = debug_text(bytes) {
        panic!("{what} carries debug text: …{found}…");
    }
}

/// Random playouts of every game; keeps the phases and checks every view,
/// prompt, label and event on the way.
fn phases() -> Vec<Phase> {
    let registry = Registry::builtin();
    let mut out = Vec::new();
    for game in registry.all() {
        let info = game.info();
        for (n, players) in [info.min_players, info.max_players].into_iter().enumerate() {
            let mut x = 0x9e37_79b9_7f4a_7c15 ^ (n as u64 + 1);
            let mut state = game.setup(None, players, 1000 + n as u64).unwrap();
            for decision in 0..=*PHASES.last().unwrap() {
                let pending = state.pending();
                for viewer in (0..players).map(Viewer::Seat).chain([Viewer::Public]) {
                    assert_readable(
                        &format!("{} view", info.id),
                        &as_json(&state.view(viewer), "View"),
                    );
                }
                let mut templates = Vec::new();
                for &seat in &pending {
                    if let Some(p) = state.prompt(seat) {
                        assert_readable(&format!("{} prompt", info.id), p.as_bytes());
                    }
                    for m in state.legal_moves(seat) {
                        assert_readable(&format!("{} label", info.id), m.label.as_bytes());
                        templates.push(m.r#move.unwrap());
                    }
                }
                if PHASES.contains(&decision) || pending.is_empty() {
                    out.push(Phase {
                        game_type: info.id,
                        state: state.encode(),
                        templates: templates.clone(),
                    });
                }
                if pending.is_empty() {
                    break;
                }
                let seat = pending[next(&mut x) as usize % pending.len()];
                let moves = state.legal_moves(seat);
                let mv = moves[next(&mut x) as usize % moves.len()]
                    .r#move
                    .clone()
                    .unwrap();
                let applied = state
                    .apply(seat, &mv, Viewer::Omniscient, decision as u64 + 1)
                    .unwrap_or_else(|e| panic!("{}: a listed move is refused: {e}", info.id));
                for e in &applied.visible {
                    assert_readable(&format!("{} event", info.id), &as_json(e, "Event"));
                }
            }
        }
    }
    out
}

// ---------------------------------------------------------------- wire edits

#[derive(Debug, Clone)]
enum Field {
    Varint(u32, u64),
    Fixed64(u32, [u8; 8]),
    Fixed32(u32, [u8; 4]),
    Bytes(u32, Vec<u8>),
}

fn read_varint(b: &[u8], i: &mut usize) -> Option<u64> {
    let mut v = 0u64;
    for shift in (0..64).step_by(7) {
        let byte = *b.get(*i)?;
        *i += 1;
        v |= u64::from(byte & 0x7f) << shift;
        if byte & 0x80 == 0 {
            return Some(v);
        }
    }
    None
}

fn parse(b: &[u8]) -> Option<Vec<Field>> {
    let mut i = 0;
    let mut out = Vec::new();
    while i < b.len() {
        let key = read_varint(b, &mut i)?;
        let (num, wire) = (u32::try_from(key >> 3).ok()?, key & 7);
        if num == 0 {
            return None;
        }
        out.push(match wire {
            0 => Field::Varint(num, read_varint(b, &mut i)?),
            1 => Field::Fixed64(num, b.get(i..i + 8)?.try_into().ok().inspect(|_| i += 8)?),
            5 => Field::Fixed32(num, b.get(i..i + 4)?.try_into().ok().inspect(|_| i += 4)?),
            2 => {
                let len = usize::try_from(read_varint(b, &mut i)?).ok()?;
                let v = b.get(i..i.checked_add(len)?)?.to_vec();
                i += len;
                Field::Bytes(num, v)
            }
            _ => return None,
        });
    }
    Some(out)
}

fn write_varint(out: &mut Vec<u8>, mut v: u64) {
    loop {
        let byte = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

fn write(fields: &[Field]) -> Vec<u8> {
    let mut out = Vec::new();
    for f in fields {
        match f {
            Field::Varint(n, v) => {
                write_varint(&mut out, u64::from(*n) << 3);
                write_varint(&mut out, *v);
            }
            Field::Fixed64(n, v) => {
                write_varint(&mut out, (u64::from(*n) << 3) | 1);
                out.extend_from_slice(v);
            }
            Field::Fixed32(n, v) => {
                write_varint(&mut out, (u64::from(*n) << 3) | 5);
                out.extend_from_slice(v);
            }
            Field::Bytes(n, v) => {
                write_varint(&mut out, (u64::from(*n) << 3) | 2);
                write_varint(&mut out, v.len() as u64);
                out.extend_from_slice(v);
            }
        }
    }
    out
}

/// One edit of a message, applied at a depth chosen by `path`.
#[derive(Debug, Clone)]
enum Edit {
    /// The `k`-th varint field takes `value`.
    Set(usize, u64),
    /// The `k`-th field goes.
    Drop(usize),
    /// The `k`-th field twice.
    Repeat(usize),
    /// A new varint field.
    Add(u32, u64),
}

fn apply_edits(bytes: &[u8], edits: &[(Vec<usize>, Edit)]) -> Vec<u8> {
    let Some(mut fields) = parse(bytes) else {
        return bytes.to_vec();
    };
    for (path, edit) in edits {
        edit_at(&mut fields, path, edit);
    }
    write(&fields)
}

/// Descends into nested messages along `path` (indices into the fields that
/// parse as messages), then applies `edit` there.
fn edit_at(fields: &mut Vec<Field>, path: &[usize], edit: &Edit) {
    if let Some((&k, rest)) = path.split_first() {
        let nested: Vec<usize> = fields
            .iter()
            .enumerate()
            .filter(|(_, f)| matches!(f, Field::Bytes(_, v) if parse(v).is_some()))
            .map(|(i, _)| i)
            .collect();
        if !nested.is_empty() {
            let i = nested[k % nested.len()];
            if let Field::Bytes(_, v) = &mut fields[i] {
                let mut inner = parse(v).unwrap_or_default();
                edit_at(&mut inner, rest, edit);
                *v = write(&inner);
            }
            return;
        }
    }
    match *edit {
        Edit::Set(k, value) => {
            let varints: Vec<usize> = fields
                .iter()
                .enumerate()
                .filter(|(_, f)| matches!(f, Field::Varint(..)))
                .map(|(i, _)| i)
                .collect();
            if !varints.is_empty()
                && let Field::Varint(_, v) = &mut fields[varints[k % varints.len()]]
            {
                *v = value;
            }
        }
        Edit::Drop(k) if !fields.is_empty() => {
            let i = k % fields.len();
            fields.remove(i);
        }
        Edit::Repeat(k) if !fields.is_empty() => {
            let f = fields[k % fields.len()].clone();
            fields.push(f);
        }
        Edit::Add(n, v) => fields.push(Field::Varint(n, v)),
        _ => {}
    }
}

fn value() -> impl Strategy<Value = u64> {
    prop_oneof![
        0u64..8,
        8u64..128,
        80u64..130,
        Just(u64::from(u32::MAX)),
        Just(u64::from(u32::MAX) + 1),
        Just(i32::MAX as u64),
        // Negative int32/int64 values are 10-byte varints.
        Just(u64::MAX),
        Just((-2i64) as u64),
        any::<u64>(),
        any::<u32>().prop_map(u64::from),
    ]
}

fn edit() -> impl Strategy<Value = (Vec<usize>, Edit)> {
    let e = prop_oneof![
        6 => (any::<usize>(), value()).prop_map(|(k, v)| Edit::Set(k, v)),
        1 => any::<usize>().prop_map(Edit::Drop),
        1 => any::<usize>().prop_map(Edit::Repeat),
        1 => (1u32..64, value()).prop_map(|(n, v)| Edit::Add(n, v)),
    ];
    (prop::collection::vec(any::<usize>(), 0..4), e)
}

fn check_refusal(phase: &Phase, seat: usize, mv: &pb::Move) -> Result<(), TestCaseError> {
    let registry = Registry::builtin();
    let game = registry.get(phase.game_type).unwrap();
    let mut state: Box<dyn DynState> = game.decode(&phase.state).unwrap();
    let legal: Vec<pb::Move> = if seat < state.players() {
        state
            .legal_moves(seat)
            .into_iter()
            .filter_map(|m| m.r#move)
            .collect()
    } else {
        Vec::new()
    };
    match state.apply(seat, mv, Viewer::Seat(seat), 1) {
        Ok(_) => {
            prop_assert!(
                legal.contains(mv),
                "{}: seat {seat}'s move {mv:?} was applied but is not listed",
                phase.game_type
            );
        }
        Err(e) => {
            let code = ApiError::from(e.clone()).code;
            prop_assert!(
                matches!(
                    code,
                    tonic::Code::InvalidArgument | tonic::Code::FailedPrecondition
                ),
                "{}: {mv:?} for seat {seat} refused as {code:?}: {e}",
                phase.game_type
            );
            prop_assert!(!matches!(e, GameError::Corrupt(_)));
            prop_assert_eq!(&state.encode(), &phase.state, "a refusal changed the state");
        }
    }
    Ok(())
}

#[test]
fn no_move_panics_or_changes_a_game_when_refused() {
    let phases = phases();
    let games: std::collections::BTreeSet<&str> = phases.iter().map(|p| p.game_type).collect();
    assert_eq!(
        games.len(),
        Registry::builtin().all().count(),
        "every game has phases"
    );
    let with_moves: Vec<usize> = (0..phases.len())
        .filter(|&i| !phases[i].templates.is_empty())
        .collect();
    eprintln!(
        "{} phases ({} with moves) of {} games",
        phases.len(),
        with_moves.len(),
        games.len()
    );
    let config = ProptestConfig {
        cases: 4000,
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    let mut runner = proptest::test_runner::TestRunner::new(config);
    let strategy = (
        any::<usize>(),
        any::<usize>(),
        0usize..8,
        prop::collection::vec(edit(), 0..5),
    );
    runner
        .run(&strategy, |(p, t, seat, edits)| {
            // Phases without moves (finished games) get moves of other phases of
            // the same game.
            let phase = &phases[p % phases.len()];
            let pool: Vec<&pb::Move> = phases
                .iter()
                .filter(|q| q.game_type == phase.game_type)
                .flat_map(|q| &q.templates)
                .collect();
            let template = pool[t % pool.len()];
            let bytes = apply_edits(&template.encode_to_vec(), &edits);
            // What the transport would refuse as undecodable never reaches a game.
            let Ok(mv) = pb::Move::decode(&bytes[..]) else {
                return Ok(());
            };
            check_refusal(phase, seat, &mv)
        })
        .unwrap();
}

#[test]
fn moves_of_another_game_and_empty_moves_are_invalid_argument() {
    let registry = Registry::builtin();
    let phases = phases();
    for phase in phases.iter().filter(|p| !p.templates.is_empty()) {
        let game = registry.get(phase.game_type).unwrap();
        for other in phases.iter().filter(|q| q.game_type != phase.game_type) {
            let Some(foreign) = other.templates.first() else {
                continue;
            };
            let mut state = game.decode(&phase.state).unwrap();
            let e = state.apply(0, foreign, Viewer::Seat(0), 1).unwrap_err();
            assert!(matches!(e, GameError::InvalidArgument(_)), "{e:?}");
            assert_eq!(state.encode(), phase.state);
        }
        let mut state = game.decode(&phase.state).unwrap();
        let e = state
            .apply(0, &pb::Move::default(), Viewer::Seat(0), 1)
            .unwrap_err();
        assert!(matches!(e, GameError::InvalidArgument(_)), "{e:?}");
    }
}

#[test]
fn debug_text_is_recognised() {
    for bad in [
        "Some(3)",
        "x: None",
        "Bishop(Catholic)",
        "Levy { map: Papal }",
        "Seat(2)",
    ] {
        assert!(debug_text(bad.as_bytes()).is_some(), "{bad}");
    }
    for good in [
        "Black member (5) + 2 servants to the blue tower, floor 3: Stonemason",
        "None of the seats",
        "pay 3 florins (Florence)",
    ] {
        assert!(debug_text(good.as_bytes()).is_none(), "{good}");
    }
}

/// A listed move with one more field set, a field its kind leaves at its
/// default, is refused (or is another listed move): a game must not ignore a
/// field and apply, and record, a move that was never listed.
#[test]
fn a_listed_move_with_an_unused_field_set_is_refused() {
    use prost_reflect::{DescriptorPool, DynamicMessage, Kind, ReflectMessage as _, Value};
    let pool = DescriptorPool::decode(signoria_server::pb::FILE_DESCRIPTOR_SET).unwrap();
    let move_desc = pool.get_message_by_name("signoria.v1.Move").unwrap();
    let registry = Registry::builtin();
    let mut tried = 0;
    for phase in phases().iter().filter(|p| !p.templates.is_empty()) {
        let pending = registry
            .get(phase.game_type)
            .unwrap()
            .decode(&phase.state)
            .unwrap()
            .pending();
        let step = phase.templates.len().div_ceil(8);
        for template in phase.templates.iter().step_by(step) {
            let outer =
                DynamicMessage::decode(move_desc.clone(), &template.encode_to_vec()[..]).unwrap();
            let (field, inner) = outer
                .fields()
                .find_map(|(f, v)| v.as_message().map(|m| (f, m.clone())))
                .expect("a listed move names its game");
            for unused in inner.descriptor().fields() {
                if inner.has_field(&unused) || unused.is_list() || unused.is_map() {
                    continue;
                }
                let value = match unused.kind() {
                    Kind::Int32 | Kind::Sint32 | Kind::Sfixed32 => Value::I32(7),
                    Kind::Int64 | Kind::Sint64 | Kind::Sfixed64 => Value::I64(7),
                    Kind::Uint32 | Kind::Fixed32 => Value::U32(7),
                    Kind::Uint64 | Kind::Fixed64 => Value::U64(7),
                    Kind::Bool => Value::Bool(true),
                    Kind::Enum(_) => Value::EnumNumber(1),
                    Kind::String => Value::String("x".into()),
                    Kind::Message(m) => Value::Message(DynamicMessage::new(m)),
                    _ => continue,
                };
                let mut edited = inner.clone();
                edited.set_field(&unused, value);
                let mut outer = outer.clone();
                outer.set_field(&field, Value::Message(edited));
                let mv = pb::Move::decode(&outer.encode_to_vec()[..]).unwrap();
                for &seat in &pending {
                    check_refusal(phase, seat, &mv).unwrap_or_else(|e| panic!("{e}"));
                    tried += 1;
                }
            }
        }
    }
    println!("{tried} moves with an unused field set");
    assert!(tried > 1000, "only {tried} edited moves were tried");
}
