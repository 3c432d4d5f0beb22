//! Typed per-game messages as canonical protobuf JSON, through the API's
//! descriptor set: works for every game without game-specific code.

use std::sync::OnceLock;

use prost::Message as _;
use prost_reflect::{DescriptorPool, DynamicMessage, SerializeOptions};
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

pub fn view(v: &pb::View) -> Value {
    to_json("signoria.v1.View", &v.encode_to_vec())
}

pub fn event(e: &pb::Event) -> Value {
    to_json("signoria.v1.Event", &e.encode_to_vec())
}

pub fn pretty(v: Value) -> String {
    serde_json::to_string_pretty(&v).unwrap_or_default()
}

pub fn compact(v: Value) -> String {
    v.to_string()
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
