//! Status codes of requests refused before the service sees them.
//!
//! tonic answers a request body that is not a valid protobuf message with
//! INTERNAL (its codec's default) and one over `--max-request-bytes` with
//! OUT_OF_RANGE. Both are the client's fault, and the API promises
//! INVALID_ARGUMENT for malformed input and RESOURCE_EXHAUSTED for a request
//! too large; this layer rewrites exactly those two answers (recognised by
//! tonic's status and message, in the trailers-only response every refused
//! unary or server-streaming request gets) and leaves everything else alone.

use tonic::codegen::http::{HeaderMap, HeaderValue, Response};

/// tonic's message for an undecodable body (prost's `DecodeError`).
const DECODE_PREFIX: &str = "failed to decode Protobuf message";
/// tonic's message for a message over the decoding limit.
const TOO_LARGE_PREFIX: &str = "Error, decoded message length too large";

/// Rewrites the status of a response (see the module docs).
pub fn fix_response<B>(mut resp: Response<B>) -> Response<B> {
    fix_headers(resp.headers_mut());
    resp
}

fn fix_headers(headers: &mut HeaderMap) {
    let Some(status) = headers.get("grpc-status").and_then(|v| v.to_str().ok()) else {
        return;
    };
    let (code, message) = match status {
        // INTERNAL
        "13" => {
            let message = message_of(headers);
            if !message.starts_with(DECODE_PREFIX) {
                return;
            }
            (
                tonic::Code::InvalidArgument,
                format!(
                    "the request body is not a valid message of this RPC ({})",
                    clip(&message, 200)
                ),
            )
        }
        // OUT_OF_RANGE
        "11" => {
            let message = message_of(headers);
            if !message.starts_with(TOO_LARGE_PREFIX) {
                return;
            }
            let detail = message.split_once(": ").map_or("", |(_, d)| d);
            (
                tonic::Code::ResourceExhausted,
                format!("the request is larger than this server accepts ({detail})"),
            )
        }
        _ => return,
    };
    let status = tonic::Status::new(code, message);
    // Rebuild both headers as tonic writes them (the message percent-encoded).
    let mut fresh = HeaderMap::new();
    if status.add_header(&mut fresh).is_ok() {
        for name in ["grpc-status", "grpc-message"] {
            if let Some(v) = fresh.get(name) {
                headers.insert(name, v.clone());
            }
        }
        if fresh.get("grpc-message").is_none() {
            headers.remove("grpc-message");
        }
    } else {
        headers.insert(
            "grpc-status",
            HeaderValue::from_str(&(code as i32).to_string()).expect("digits"),
        );
        headers.remove("grpc-message");
    }
}

/// The `grpc-message` header, percent-decoded.
fn message_of(headers: &HeaderMap) -> String {
    let raw = headers
        .get("grpc-message")
        .map(|v| v.as_bytes())
        .unwrap_or_default();
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == b'%'
            && i + 2 < raw.len()
            && let Some(b) = std::str::from_utf8(&raw[i + 1..i + 3])
                .ok()
                .and_then(|h| u8::from_str_radix(h, 16).ok())
        {
            out.push(b);
            i += 3;
        } else {
            out.push(raw[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// At most `max` characters of `s`, with "…" when cut: what an error message
/// may echo of a client's input.
pub fn clip(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        None => s.to_string(),
        Some((cut, _)) => format!("{}…", &s[..cut]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(status: &str, message: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        tonic::Status::new(tonic::Code::from_i32(status.parse().unwrap()), message)
            .add_header(&mut h)
            .unwrap();
        h
    }

    #[test]
    fn decode_errors_become_invalid_argument() {
        let mut h = headers("13", "failed to decode Protobuf message: invalid wire type");
        fix_headers(&mut h);
        assert_eq!(h.get("grpc-status").unwrap(), "3");
        assert!(message_of(&h).contains("invalid wire type"));
    }

    #[test]
    fn too_large_becomes_resource_exhausted() {
        let mut h = headers(
            "11",
            "Error, decoded message length too large: found 70000 bytes, the limit is: 65536 bytes",
        );
        fix_headers(&mut h);
        assert_eq!(h.get("grpc-status").unwrap(), "8");
        assert!(message_of(&h).contains("found 70000 bytes"));
    }

    #[test]
    fn other_statuses_stay() {
        for (code, msg) in [
            ("13", "stored data could not be read"),
            ("11", "x"),
            ("9", "y"),
        ] {
            let mut h = headers(code, msg);
            let before = h.clone();
            fix_headers(&mut h);
            assert_eq!(h, before);
        }
    }

    #[test]
    fn clip_cuts_at_characters() {
        assert_eq!(clip("abc", 5), "abc");
        assert_eq!(clip("ééééé", 2), "éé…");
    }
}
