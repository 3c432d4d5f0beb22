//! Reading states and event logs written by earlier schemas.
//!
//! Schema 1 arranged a marriage between two powers by a proposal of its own: a
//! `Royals(Consider)` decision of the other power, answered by `Accept` or `Reject`, and
//! a `Royals(Rejected)` event. Schema 2 makes such a marriage a clause of the
//! announcement (RULINGS S9). A schema-1 state waiting on a proposal drops it (the
//! proposal is void, as a rejected one was, and the negotiation goes on from the frame
//! below); a logged `Royals(Rejected)` reads as the `DealRejected` of the same two
//! powers. Moves logged under schema 1 read as unknown (the engine's rule for moves of
//! an older schema).

use serde_json::{Map, Value};

/// The schema this release writes.
pub const SCHEMA: u32 = 2;

pub fn upgrade_state(schema: u32, mut state: Value) -> Result<Value, String> {
    if schema != 1 {
        return Err(format!("no upgrade from schema {schema} is known"));
    }
    let obj = state
        .as_object_mut()
        .ok_or("a schema-1 state is a JSON object")?;
    obj.remove("offered");
    if let Some(Value::Array(stack)) = obj.get_mut("stack") {
        stack.retain(|f| {
            tagged(f, "Royals")
                .and_then(|r| tagged(r, "Consider"))
                .is_none()
        });
    }
    Ok(state)
}

pub fn upgrade_events(schema: u32, mut events: Value) -> Result<Value, String> {
    if schema != 1 {
        return Err(format!("no upgrade from schema {schema} is known"));
    }
    let list = events
        .as_array_mut()
        .ok_or("a schema-1 event log entry is a JSON array")?;
    for scoped in list {
        let Some(event) = scoped.get_mut("event") else {
            continue;
        };
        if let Some(rejected) = tagged(event, "Royals").and_then(|r| tagged(r, "Rejected")) {
            let mut body = Map::new();
            body.insert("DealRejected".into(), rejected.clone());
            *event = Value::Object(body);
        }
    }
    Ok(events)
}

/// The body of an externally tagged enum value `{tag: body}`.
fn tagged<'a>(v: &'a Value, tag: &str) -> Option<&'a Value> {
    let o = v.as_object()?;
    if o.len() != 1 {
        return None;
    }
    o.get(tag)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_pending_marriage_proposal_is_dropped() {
        let couple = json!({"groom": 3, "bride": 7});
        let below = json!({"Negotiate": {"who": "England"}});
        let state = json!({
            "offered": [["England", "France"]],
            "stack": [below.clone(), {"Royals": {"Consider": {"from": "England", "to": "France", "couple": couple}}}],
        });
        let up = upgrade_state(1, state).unwrap();
        assert_eq!(up, json!({ "stack": [below] }));
        assert!(upgrade_state(2, json!({})).is_err());
    }

    /// A whole state as schema 1 wrote it (this release's state with the proposal's
    /// decision on top and its pair recorded) reads as the state without them.
    #[test]
    fn a_schema_1_state_reads_as_the_state_without_the_proposal() {
        use signoria_engine::Game;
        let s = crate::ElisabethI::setup(&Default::default(), 3, 1).unwrap();
        let mut v = serde_json::to_value(&s).unwrap();
        v["offered"] = json!([[2, 3]]);
        v["stack"].as_array_mut().unwrap().push(
            json!({"Royals": {"Consider": {"from": 2, "to": 3, "couple": {"groom": 1, "bride": 4}}}}),
        );
        assert!(serde_json::from_value::<crate::model::State>(v.clone()).is_err());
        let back: crate::model::State =
            serde_json::from_value(upgrade_state(1, v).unwrap()).unwrap();
        assert_eq!(back, s);
    }

    #[test]
    fn a_rejected_marriage_reads_as_a_rejected_deal() {
        let log = json!([
            {"audience": "All", "event": {"Royals": {"Rejected": {"from": "England", "to": "France"}}}},
            {"audience": "All", "event": {"Royals": {"Engaged": {"groom": 1, "bride": 2}}}},
        ]);
        let up = upgrade_events(1, log).unwrap();
        assert_eq!(
            up[0]["event"],
            json!({"DealRejected": {"from": "England", "to": "France"}})
        );
        assert_eq!(up[1]["event"]["Royals"]["Engaged"]["groom"], 1);
    }
}
