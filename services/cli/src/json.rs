//! Typed per-game messages as canonical protobuf JSON, through the API's
//! descriptor set: works for every game without game-specific code.

use std::sync::OnceLock;

use anyhow::{Context as _, bail};
use prost::Message as _;
use prost_reflect::{DescriptorPool, DynamicMessage, Kind, SerializeOptions, Value as PValue};
use serde_json::Value;
use signoria_server::pb;

fn pool() -> &'static DescriptorPool {
    static POOL: OnceLock<DescriptorPool> = OnceLock::new();
    POOL.get_or_init(|| {
        DescriptorPool::decode(pb::FILE_DESCRIPTOR_SET).expect("the API descriptor set decodes")
    })
}

/// Any message of the API (by full name) as JSON.
pub fn to_json(full_name: &str, bytes: &[u8]) -> Value {
    let Some(desc) = pool().get_message_by_name(full_name) else {
        return Value::String(format!("<unknown message {full_name}>"));
    };
    match DynamicMessage::decode(desc, bytes) {
        // Defaults are printed too: seat 0 is a seat, not an absent field.
        Ok(m) => m
            .serialize_with_options(
                serde_json::value::Serializer,
                &SerializeOptions::new().skip_default_fields(false),
            )
            .unwrap_or_else(|e| Value::String(format!("<{e}>"))),
        Err(e) => Value::String(format!("<undecodable {full_name}: {e}>")),
    }
}

pub fn game_export(e: &pb::GameExport) -> Value {
    to_json("signoria.v1.GameExport", &e.encode_to_vec())
}

/// A `GameExport` from the JSON [`game_export`] writes.
pub fn parse_game_export(text: &str) -> anyhow::Result<pb::GameExport> {
    let desc = pool()
        .get_message_by_name("signoria.v1.GameExport")
        .context("the API describes GameExport")?;
    let mut de = serde_json::Deserializer::from_str(text);
    let message = DynamicMessage::deserialize(desc, &mut de)
        .context("the file is not an exported game (signoria export)")?;
    de.end().context("trailing text after the exported game")?;
    message
        .transcode_to::<pb::GameExport>()
        .context("the exported game does not decode")
}

pub fn view(v: &pb::View) -> Value {
    to_json("signoria.v1.View", &v.encode_to_vec())
}

pub fn event(e: &pb::Event) -> Value {
    to_json("signoria.v1.Event", &e.encode_to_vec())
}

/// The `GameOptions` envelope of game type `game` (`lorenzo-il-magnifico` is
/// the envelope's member `lorenzo_il_magnifico`) with each `(name, value)` set
/// on the game's `Options` message. Booleans take true/false, yes/no, on/off,
/// 1/0; numbers and strings are written plainly.
pub fn game_options(game: &str, pairs: &[(&str, &str)]) -> anyhow::Result<pb::GameOptions> {
    let envelope = pool()
        .get_message_by_name("signoria.v1.GameOptions")
        .context("the API describes GameOptions")?;
    let Some(member) = envelope.get_field_by_name(&game.replace('-', "_")) else {
        bail!("this client does not know the options of game type {game:?}");
    };
    let Kind::Message(options_desc) = member.kind() else {
        bail!("GameOptions.{} is not a message", member.name());
    };
    let names = || {
        options_desc
            .fields()
            .map(|f| f.name().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut options = DynamicMessage::new(options_desc.clone());
    for &(name, text) in pairs {
        let Some(field) = options_desc.get_field_by_name(name) else {
            bail!("{game} has no option {name:?} (options: {})", names());
        };
        let value = match field.kind() {
            Kind::Bool => PValue::Bool(match text {
                "true" | "yes" | "1" | "on" => true,
                "false" | "no" | "0" | "off" => false,
                _ => bail!("option {name} takes true or false, not {text:?}"),
            }),
            Kind::Uint32 => PValue::U32(text.parse().with_context(|| format!("option {name}"))?),
            Kind::Int32 => PValue::I32(text.parse().with_context(|| format!("option {name}"))?),
            Kind::Uint64 => PValue::U64(text.parse().with_context(|| format!("option {name}"))?),
            Kind::Int64 => PValue::I64(text.parse().with_context(|| format!("option {name}"))?),
            Kind::String => PValue::String(text.to_string()),
            Kind::Enum(e) => PValue::EnumNumber(
                e.get_value_by_name(text)
                    .with_context(|| format!("option {name} has no value {text:?}"))?
                    .number(),
            ),
            other => bail!("option {name} has a type this client cannot set ({other:?})"),
        };
        options.set_field(&field, value);
    }
    let mut env = DynamicMessage::new(envelope);
    env.set_field(&member, PValue::Message(options));
    pb::GameOptions::decode(env.encode_to_vec().as_slice()).context("GameOptions re-decodes")
}

pub fn pretty(v: Value) -> String {
    serde_json::to_string_pretty(&v).unwrap_or_default()
}

pub fn compact(v: Value) -> String {
    v.to_string()
}

/// A scalar JSON value as a short text (`None` for arrays and objects).
fn scalar(v: &Value) -> Option<String> {
    match v {
        Value::String(s) if s.chars().count() > 40 => {
            Some(format!("{}…", s.chars().take(40).collect::<String>()))
        }
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        Value::Null => None,
        Value::Array(_) | Value::Object(_) => None,
    }
}

/// `k: v` for the scalar fields of an object, joined by ", ".
fn scalars(o: &serde_json::Map<String, Value>) -> String {
    o.iter()
        .filter_map(|(k, v)| scalar(v).map(|s| format!("{k}: {s}")))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A short summary of a view for people, for any game: the view's scalar
/// fields on one line, one line per seat (the `players` list, if the view
/// has one, named by the seat labels) with its scalar fields, and the size
/// of every other list.
pub fn summary(v: &pb::View, labels: &[String]) -> String {
    let json = view(v);
    // The view is `{ "<game>": { ... } }`.
    let Some(game) = json
        .as_object()
        .and_then(|o| o.values().next())
        .and_then(Value::as_object)
    else {
        return compact(json);
    };
    let mut lines = vec![scalars(game)];
    let mut lists = Vec::new();
    for (k, v) in game {
        match v {
            Value::Array(items) if k == "players" => {
                for (seat, p) in items.iter().enumerate() {
                    let name = labels
                        .get(seat)
                        .map_or_else(|| format!("seat {seat}"), |l| format!("{l} (seat {seat})"));
                    let fields = p.as_object().map(scalars).unwrap_or_default();
                    lines.push(format!("  {name}: {fields}"));
                }
            }
            Value::Array(items) => lists.push(format!("{k}: {}", items.len())),
            Value::Object(o) if !o.is_empty() => {
                let inner = scalars(o);
                if !inner.is_empty() {
                    lines.push(format!("  {k}: {inner}"));
                }
            }
            _ => {}
        }
    }
    if !lists.is_empty() {
        lines.push(format!("  lists: {}", lists.join(", ")));
    }
    lines.retain(|l| !l.trim().is_empty());
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_print_as_json() {
        let e = pb::Event {
            game: None,
            version: 7,
        };
        assert_eq!(event(&e)["version"], Value::String("7".into()));
    }
}
