//! The shared client, and turning statuses into readable errors.

pub use signoria_server::client::Client;

/// A status as an error a person can read: `NOT_FOUND: no game x`.
pub fn status_error(s: tonic::Status) -> anyhow::Error {
    anyhow::anyhow!(
        "{}: {}",
        signoria_server::errors::code_name(s.code()),
        s.message()
    )
}
