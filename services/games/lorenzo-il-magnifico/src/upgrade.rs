//! Reading states written by earlier schemas.
//!
//! Schema 1 held the phase (`phase`: `TileDraft`, `LeaderDraft`, `Actions`,
//! `Vatican` or `Over`) beside a stack of the decisions of the action
//! resolving (`stack`). Schema 2 holds one decision stack: the phase frame at
//! the bottom (`Actions { active, placed }` became `Turn { seat, placed }`,
//! `Over` the empty stack), the decisions above it unchanged, and the leader
//! draft record (`draft`), which a schema-1 state in the middle of the draft
//! still tells completely and a later one no longer does (`null`).

use serde_json::{Value, json};

pub fn upgrade_state(schema: u32, state: Value) -> Result<Value, String> {
    match schema {
        1 => from_1(state),
        _ => Err(format!("no upgrade from schema {schema} is known")),
    }
}

fn from_1(mut state: Value) -> Result<Value, String> {
    let obj = state
        .as_object_mut()
        .ok_or("a schema-1 state is a JSON object")?;
    let phase = obj.remove("phase").ok_or("schema-1 state without phase")?;
    let decisions = match obj.remove("stack") {
        Some(Value::Array(d)) => d,
        _ => return Err("schema-1 state without a decision stack".into()),
    };
    let mut draft = Value::Null;
    let mut stack = Vec::new();
    match &phase {
        Value::String(s) if s == "Over" => {}
        Value::Object(p) if p.len() == 1 => {
            let (name, body) = p.iter().next().expect("one entry");
            match name.as_str() {
                "Actions" => stack.push(json!({ "Turn": {
                    "seat": body.get("active").ok_or("Actions without active")?,
                    "placed": body.get("placed").ok_or("Actions without placed")?,
                }})),
                "TileDraft" | "Vatican" => stack.push(phase.clone()),
                "LeaderDraft" => {
                    draft = draft_log(obj, body)?;
                    stack.push(phase.clone());
                }
                other => return Err(format!("unknown schema-1 phase {other}")),
            }
        }
        other => return Err(format!("unknown schema-1 phase {other}")),
    }
    stack.extend(decisions);
    obj.insert("stack".into(), Value::Array(stack));
    obj.insert("draft".into(), draft);
    Ok(state)
}

/// The draft record of a schema-1 state in the leader draft: in pass `k` every
/// hand holds the seat's `k` picks in order and the packets have gone round
/// `k` times, so each dealt packet is the one its seat's packet became plus
/// the picks made from it on the way.
fn draft_log(state: &serde_json::Map<String, Value>, phase: &Value) -> Result<Value, String> {
    let bytes = |v: Option<&Value>, what: &str| -> Result<Vec<u8>, String> {
        serde_json::from_value(v.cloned().unwrap_or(Value::Null))
            .map_err(|e| format!("schema-1 {what}: {e}"))
    };
    let order = bytes(state.get("order"), "order")?;
    let n = order.len();
    let players = state
        .get("players")
        .and_then(Value::as_array)
        .ok_or("schema-1 state without players")?;
    let hands: Vec<Vec<u8>> = players
        .iter()
        .map(|p| bytes(p.get("hand"), "hand"))
        .collect::<Result<_, _>>()?;
    let packets: Vec<Vec<u8>> = serde_json::from_value(
        phase
            .get("packets")
            .cloned()
            .ok_or("LeaderDraft without packets")?,
    )
    .map_err(|e| format!("schema-1 packets: {e}"))?;
    if hands.len() != n || packets.len() != n {
        return Err("schema-1 leader draft: seats do not match".into());
    }
    // The right-hand neighbour of the draft (`draft::pass_to`).
    let pass: Vec<u8> = (0..n)
        .map(|seat| {
            let pos = order.iter().position(|&o| o as usize == seat).unwrap_or(0);
            order[(pos + n - 1) % n]
        })
        .collect();
    let k = hands[0].len();
    let mut dealt = Vec::with_capacity(n);
    for origin in 0..n {
        let mut packet = Vec::new();
        let mut holder = origin;
        for j in 0..k {
            packet.push(
                *hands[holder]
                    .get(j)
                    .ok_or("schema-1 leader draft: a hand is short")?,
            );
            holder = pass[holder] as usize;
        }
        packet.extend(&packets[holder]);
        packet.sort_unstable();
        dealt.push(packet);
    }
    Ok(json!({ "dealt": dealt, "pass": pass, "picks": hands }))
}
