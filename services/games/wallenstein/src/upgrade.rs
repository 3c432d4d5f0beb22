//! States written by older schemas, turned into the current shape.
//!
//! Schema 2 → 3: nothing to change (see [`from_schema_2`]).
//!
//! Schema 1 (the releases up to 2026-11) kept one `phase` where schema 2 keeps
//! the decision stack (`stack`, bottom first):
//!
//! | schema 1 `phase` | schema 2 `stack` |
//! |---|---|
//! | `Draft(d)` | `StartRound`, then `TurnUpEvents` and `FillTower` unless the events are already face up, `Draft(d)`, and `PlaceGroup` while a taken card waits for its group |
//! | `Planning` | `Planning` |
//! | `ChooseSpace { order, next }` | the same |
//! | `Actions { slot, pos, awaiting }` | `Actions { slot, pos }`, and `March(awaiting)` while a move part is asked for |
//! | `Winter { pos, drawn, extra, started }` | `Winter { pos }` before the seat at `pos` is supplied; afterwards `Winter { pos + 1 }` and `Revolts { seat, drawn, extra }` while revolts are left |
//! | `Over` | empty |
//!
//! A draft of schema 1 kept the card just taken in `picked` / `picked_blind`;
//! it becomes the `PlaceGroup` frame, which says whether the taken card is
//! replaced from the deck after the group is placed. Two older behaviours of
//! the release before 2026-11-22 live on here, not in the rules: such a draft
//! turned up the year's events and filled the tower at setup (RULINGS R26), so
//! it owes neither set-up step; and it replaced a taken open card at once, so
//! a card taken from two open cards owes no replacement. The count of deck
//! cards known to lie at the bottom (`known_at_bottom`) was not kept: two if
//! the seat on turn has just recycled, else none (what the state still tells).

use serde_json::{Value, json};

pub fn upgrade(schema: u32, state: Value) -> Result<Value, String> {
    match schema {
        1 => from_schema_1(state).and_then(from_schema_2),
        2 => from_schema_2(state),
        _ => Err(format!("no upgrade from schema {schema} is known")),
    }
}

/// Schema 3 adds the modules' state (`court`, `landsknechte`, `generals`, the
/// supplementary mat in `plans`, the module flags in `options`), all absent
/// when the module is not played: a schema-2 state is a schema-3 state of a
/// game without modules, unchanged. The number moved so that a release
/// without the modules refuses a module game instead of dropping its modules.
fn from_schema_2(state: Value) -> Result<Value, String> {
    if !state.is_object() {
        return Err("a schema-2 state is a JSON object".into());
    }
    Ok(state)
}

fn from_schema_1(mut state: Value) -> Result<Value, String> {
    let s = state
        .as_object_mut()
        .ok_or("a schema-1 state is a JSON object")?;
    let phase = s.remove("phase").ok_or("a schema-1 state has a phase")?;
    let players = s
        .get("players")
        .and_then(Value::as_array)
        .map(Vec::len)
        .ok_or("a schema-1 state lists its players")?;
    let events_up = s
        .get("event_candidates")
        .and_then(Value::as_array)
        .is_some_and(|c| !c.is_empty());
    let turn_order = s.get("turn_order").cloned().unwrap_or(Value::Null);
    let stack = match phase {
        Value::String(name) => match name.as_str() {
            "Over" => vec![],
            "Planning" => vec![json!("Planning")],
            other => return Err(format!("unknown schema-1 phase {other}")),
        },
        Value::Object(mut tagged) if tagged.len() == 1 => {
            let (name, body) = tagged.iter_mut().next().expect("one entry");
            let body = body
                .as_object_mut()
                .ok_or_else(|| format!("schema-1 phase {name} has no fields"))?;
            match name.as_str() {
                "Draft" => draft(body, players, events_up)?,
                "ChooseSpace" => vec![json!({ "ChooseSpace": body })],
                "Actions" => {
                    let awaiting = body.remove("awaiting").unwrap_or(Value::Null);
                    let mut v = vec![json!({ "Actions": body })];
                    if !awaiting.is_null() {
                        v.push(json!({ "March": awaiting }));
                    }
                    v
                }
                "Winter" => winter(body, &turn_order)?,
                other => return Err(format!("unknown schema-1 phase {other}")),
            }
        }
        other => return Err(format!("unreadable schema-1 phase {other}")),
    };
    s.insert("stack".into(), Value::Array(stack));
    Ok(state)
}

fn field<'a>(body: &'a serde_json::Map<String, Value>, name: &str) -> Result<&'a Value, String> {
    body.get(name)
        .ok_or_else(|| format!("schema-1 phase lacks {name}"))
}

fn draft(
    body: &mut serde_json::Map<String, Value>,
    players: usize,
    events_up: bool,
) -> Result<Vec<Value>, String> {
    let picked = body.remove("picked").unwrap_or(Value::Null);
    let blind = body
        .remove("picked_blind")
        .and_then(|b| b.as_bool())
        .unwrap_or(false);
    let turn = field(body, "turn")?.as_u64().ok_or("draft turn")? as usize;
    let open = field(body, "open")?.as_array().ok_or("draft open")?.len();
    let deck = field(body, "deck")?.as_array().ok_or("draft deck")?.len();
    let recycled = field(body, "recycled")?.as_bool().ok_or("draft recycled")?;
    body.insert(
        "known_at_bottom".into(),
        json!(if recycled { deck.min(2) } else { 0 }),
    );
    let mut stack = vec![json!("StartRound")];
    if !events_up {
        stack.push(json!("TurnUpEvents"));
        stack.push(json!("FillTower"));
    }
    stack.push(json!({ "Draft": body }));
    if !picked.is_null() {
        stack.push(json!({ "PlaceGroup": {
            "seat": turn % players,
            "land": picked,
            "blind": blind,
            "replace": !blind && open < 2,
        }}));
    }
    Ok(stack)
}

fn winter(body: &serde_json::Map<String, Value>, turn_order: &Value) -> Result<Vec<Value>, String> {
    let pos = field(body, "pos")?.as_u64().ok_or("winter pos")?;
    let started = field(body, "started")?.as_bool().ok_or("winter started")?;
    if !started {
        return Ok(vec![json!({ "Winter": { "pos": pos } })]);
    }
    let drawn = field(body, "drawn")?.clone();
    let mut stack = vec![json!({ "Winter": { "pos": pos + 1 } })];
    if drawn.as_array().is_some_and(|d| !d.is_empty()) {
        let seat = turn_order
            .get(pos as usize)
            .cloned()
            .ok_or("winter pos beyond the turn order")?;
        stack.push(json!({ "Revolts": {
            "seat": seat,
            "drawn": drawn,
            "extra": field(body, "extra")?.clone(),
        }}));
    }
    Ok(stack)
}
