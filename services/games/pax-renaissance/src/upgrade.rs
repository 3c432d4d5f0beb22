//! Stored states of earlier schemas, turned into the current shape.
//!
//! Schema 1 (the releases before the decision kernel) differs from schema 2:
//! - it had a field `after_battle`, never set (always `null`): dropped;
//! - releases before the second rules audit wrote no `hand_discards` (cards
//!   that left a hand), no `by` on a `Levy` task (the active player placed
//!   every levy) and no `from` on a `Substitute` task (every empire card then
//!   holding such a repressed token was a candidate): the upgrade writes them
//!   out, so the rules read one shape only;
//! - releases before RULINGS R-58 left the serfs of a player eliminated by
//!   bankruptcy (G6) on the empire cards: they leave the game with him, so
//!   the upgrade takes them off and back to his dice;
//! - an agent still to place (`Agents`, `StartWar` tasks) was written as a
//!   Rust enum (`{"Bishop": "Catholic"}`, `"Pawn"`); it is written as the data
//!   files write it now, `{"kind": "Bishop", "religion": "Catholic"}`.
//!
//! States written by the last schema-1 release already had the first three,
//! so for them the upgrade drops `after_battle` and rewrites the agents.

use serde_json::{Map, Value, json};

use crate::model::Token;

/// The current schema of the stored state.
pub const SCHEMA: u32 = 2;

pub fn upgrade(schema: u32, mut state: Value) -> Result<Value, String> {
    match schema {
        1 => {
            from_1(&mut state)?;
            Ok(state)
        }
        _ => Err(format!("no upgrade from schema {schema} is known")),
    }
}

fn obj<'a>(v: &'a mut Value, what: &str) -> Result<&'a mut Map<String, Value>, String> {
    v.as_object_mut()
        .ok_or_else(|| format!("schema 1: {what} is not an object"))
}

fn tokens(v: &Value) -> Result<Vec<Token>, String> {
    serde_json::from_value(v.clone()).map_err(|e| format!("schema 1: repressed tokens: {e}"))
}

/// A schema-1 agent (`"Pawn"`, `{"Knight": "Islamic"}`) as `{kind, religion}`.
fn agent(a: &Value) -> Result<Value, String> {
    match a {
        Value::String(kind) => Ok(json!({ "kind": kind })),
        Value::Object(m) if m.len() == 1 => {
            let (kind, religion) = m.iter().next().expect("one entry");
            Ok(json!({ "kind": kind, "religion": religion }))
        }
        other => Err(format!("schema 1: not an agent: {other}")),
    }
}

fn from_1(state: &mut Value) -> Result<(), String> {
    let s = obj(state, "the state")?;
    s.remove("after_battle");
    s.entry("hand_discards").or_insert_with(|| json!([]));
    // The empire cards holding each repressed token, for old substitutions.
    let empires = s
        .get("empires")
        .and_then(Value::as_array)
        .ok_or("schema 1: no empires")?;
    let mut repressed = Vec::with_capacity(empires.len());
    for e in empires {
        repressed.push(tokens(e.get("repressed").unwrap_or(&json!([])))?);
    }
    let stack = s
        .get_mut("stack")
        .and_then(Value::as_array_mut)
        .ok_or("schema 1: no stack")?;
    for task in stack.iter_mut() {
        let Some(task) = task.as_object_mut() else {
            continue; // a unit variant ("Turn", "Survivors", ...)
        };
        if let Some(levy) = task.get_mut("Levy") {
            obj(levy, "a Levy task")?.entry("by").or_insert(Value::Null);
        }
        for kind in ["Agents", "StartWar"] {
            if let Some(agents) = task
                .get_mut(kind)
                .and_then(|t| t.get_mut("agents"))
                .and_then(Value::as_array_mut)
            {
                for a in agents.iter_mut() {
                    *a = agent(a)?;
                }
            }
        }
        if let Some(sub) = task.get_mut("Substitute") {
            let sub = obj(sub, "a Substitute task")?;
            let empty = sub
                .get("from")
                .and_then(Value::as_array)
                .is_none_or(|a| a.is_empty());
            if empty {
                let token: Token = serde_json::from_value(
                    sub.get("token")
                        .cloned()
                        .ok_or("schema 1: Substitute without a token")?,
                )
                .map_err(|e| format!("schema 1: Substitute token: {e}"))?;
                let from: Vec<usize> = (0..repressed.len())
                    .filter(|&e| repressed[e].contains(&token))
                    .collect();
                sub.insert("from".into(), json!(from));
            }
        }
    }
    // serfs of eliminated players leave the empire cards.
    let n = s
        .get("players")
        .and_then(Value::as_array)
        .map_or(0, Vec::len);
    for p in 0..n {
        let eliminated = s["players"][p]["eliminated"].as_bool().unwrap_or(false);
        if !eliminated {
            continue;
        }
        let serf = json!({ "Serf": p });
        let mut freed = 0u64;
        for e in s["empires"]
            .as_array_mut()
            .ok_or("schema 1: no empires")?
            .iter_mut()
        {
            if let Some(r) = e.get_mut("repressed").and_then(Value::as_array_mut) {
                let before = r.len();
                r.retain(|t| *t != serf);
                freed += (before - r.len()) as u64;
            }
        }
        if freed > 0 {
            let dice = s["players"][p]["dice"].as_u64().ok_or("schema 1: dice")?;
            s["players"][p]["dice"] = json!(dice + freed);
        }
    }
    Ok(())
}
