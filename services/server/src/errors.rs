//! Every refusal of the API, with its status code and a reason for the metrics.
//!
//! | cause | code |
//! |---|---|
//! | malformed input (ids, options, envelopes, a rule's `Malformed`) | INVALID_ARGUMENT |
//! | illegal move, not your decision, game over | FAILED_PRECONDITION |
//! | stale `expected_version` | ABORTED (+ `x-current-version` metadata) |
//! | bad token | UNAUTHENTICATED |
//! | spectator moving, seat acting for another | PERMISSION_DENIED |
//! | unknown game | NOT_FOUND |
//! | overload | RESOURCE_EXHAUSTED |
//! | store down | UNAVAILABLE |
//! | request took too long | DEADLINE_EXCEEDED |
//! | a rule the engine does not implement | UNIMPLEMENTED |
//! | stored data this release cannot read | INTERNAL |

use signoria_engine::RuleErrorKind;
use signoria_store::StoreError;
use tonic::{Code, Status};

use crate::auth::AuthError;
use crate::registry::GameError;

/// Metadata key carrying the current version on ABORTED.
pub const CURRENT_VERSION_KEY: &str = "x-current-version";

/// Longest status message sent (longer ones are cut).
pub const MAX_MESSAGE_BYTES: usize = 1024;

/// A refused request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    pub code: Code,
    /// Short machine-readable reason (`illegal`, `version_conflict`...), used
    /// as the metric label together with the code.
    pub reason: &'static str,
    pub message: String,
    /// For ABORTED: the version the game is at.
    pub current_version: Option<u64>,
}

impl ApiError {
    pub fn new(code: Code, reason: &'static str, message: impl Into<String>) -> Self {
        ApiError {
            code,
            reason,
            message: message.into(),
            current_version: None,
        }
    }

    pub fn invalid(message: impl Into<String>) -> Self {
        Self::new(Code::InvalidArgument, "invalid_argument", message)
    }

    pub fn not_found(game_id: &str) -> Self {
        Self::new(Code::NotFound, "not_found", format!("no game {game_id}"))
    }

    pub fn conflict(expected: u64, current: u64) -> Self {
        ApiError {
            code: Code::Aborted,
            reason: "version_conflict",
            message: format!(
                "expected version {expected} but the game is at version {current}; reload and choose again"
            ),
            current_version: Some(current),
        }
    }

    pub fn spectator_move() -> Self {
        Self::new(
            Code::PermissionDenied,
            "spectator",
            "spectators cannot move; send a seat token",
        )
    }

    pub fn other_seat(token_seat: usize, seat: u32) -> Self {
        Self::new(
            Code::PermissionDenied,
            "other_seat",
            format!("the token is for seat {token_seat}; it cannot act for seat {seat}"),
        )
    }

    pub fn overloaded(what: &str) -> Self {
        Self::new(
            Code::ResourceExhausted,
            "overloaded",
            format!("server overloaded: too many {what}; retry later"),
        )
    }

    pub fn timeout(secs: f64) -> Self {
        Self::new(
            Code::DeadlineExceeded,
            "timeout",
            format!("the request took longer than {secs}s"),
        )
    }

    /// `CODE/reason`, the metric label.
    pub fn label(&self) -> String {
        format!("{}/{}", code_name(self.code), self.reason)
    }

    pub fn into_status(self) -> Status {
        // Whatever a message echoes of the client's input, it stays far below
        // a client's metadata limit (8 KiB by default in most gRPC stacks).
        let message = if self.message.len() > MAX_MESSAGE_BYTES {
            crate::transport_errors::clip(&self.message, MAX_MESSAGE_BYTES / 4)
        } else {
            self.message
        };
        let mut status = Status::new(self.code, message);
        if let Some(v) = self.current_version {
            status.metadata_mut().insert(
                CURRENT_VERSION_KEY,
                v.to_string().parse().expect("digits are ASCII"),
            );
        }
        status
    }
}

impl From<ApiError> for Status {
    fn from(e: ApiError) -> Status {
        e.into_status()
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Unavailable(m) => ApiError::new(
                Code::Unavailable,
                "store_unavailable",
                format!("storage unavailable: {m}"),
            ),
            StoreError::AlreadyExists(id) => ApiError::new(
                Code::Aborted,
                "already_exists",
                format!("game {id} exists already; retry"),
            ),
            StoreError::Corrupt(m) => ApiError::new(
                Code::Internal,
                "corrupt",
                format!("stored data could not be read: {m}"),
            ),
        }
    }
}

impl From<GameError> for ApiError {
    fn from(e: GameError) -> Self {
        match e {
            GameError::InvalidArgument(m) => ApiError::invalid(m),
            GameError::Corrupt(m) => ApiError::new(
                Code::Internal,
                "corrupt",
                format!("stored game could not be read: {m}"),
            ),
            GameError::Rule(rule) => {
                let (code, reason) = match rule.kind {
                    RuleErrorKind::Illegal => (Code::FailedPrecondition, "illegal"),
                    RuleErrorKind::NotYourDecision => {
                        (Code::FailedPrecondition, "not_your_decision")
                    }
                    RuleErrorKind::GameOver => (Code::FailedPrecondition, "game_over"),
                    RuleErrorKind::Malformed => (Code::InvalidArgument, "malformed_move"),
                    RuleErrorKind::Unsupported => (Code::Unimplemented, "unsupported"),
                };
                ApiError::new(code, reason, rule.message)
            }
        }
    }
}

impl From<AuthError> for ApiError {
    fn from(e: AuthError) -> Self {
        ApiError::new(Code::Unauthenticated, "bad_token", e.to_string())
    }
}

/// The canonical upper-case name of a status code.
pub fn code_name(code: Code) -> &'static str {
    match code {
        Code::Ok => "OK",
        Code::Cancelled => "CANCELLED",
        Code::Unknown => "UNKNOWN",
        Code::InvalidArgument => "INVALID_ARGUMENT",
        Code::DeadlineExceeded => "DEADLINE_EXCEEDED",
        Code::NotFound => "NOT_FOUND",
        Code::AlreadyExists => "ALREADY_EXISTS",
        Code::PermissionDenied => "PERMISSION_DENIED",
        Code::ResourceExhausted => "RESOURCE_EXHAUSTED",
        Code::FailedPrecondition => "FAILED_PRECONDITION",
        Code::Aborted => "ABORTED",
        Code::OutOfRange => "OUT_OF_RANGE",
        Code::Unimplemented => "UNIMPLEMENTED",
        Code::Internal => "INTERNAL",
        Code::Unavailable => "UNAVAILABLE",
        Code::DataLoss => "DATA_LOSS",
        Code::Unauthenticated => "UNAUTHENTICATED",
    }
}

/// Game ids are `[A-Za-z0-9_-]{1,64}` (they end up in storage keys).
pub fn check_game_id(game_id: &str) -> Result<(), ApiError> {
    if game_id.is_empty() {
        return Err(ApiError::invalid("game_id is required"));
    }
    if game_id.len() > 64
        || !game_id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        return Err(ApiError::invalid(
            "game_id must be 1 to 64 letters, digits, '-' or '_'",
        ));
    }
    Ok(())
}

/// Request ids are 1 to 128 printable ASCII characters.
pub fn check_request_id(request_id: &str) -> Result<(), ApiError> {
    if request_id.is_empty() {
        return Err(ApiError::invalid(
            "request_id is required (a client-generated unique id, e.g. a UUID)",
        ));
    }
    if request_id.len() > 128 || !request_id.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(ApiError::invalid(
            "request_id must be 1 to 128 printable ASCII characters without spaces",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use signoria_engine::RuleError;

    #[test]
    fn rule_errors_map_to_their_codes() {
        let cases = [
            (
                RuleError::illegal("no room"),
                Code::FailedPrecondition,
                "illegal",
            ),
            (
                RuleError::not_your_decision("wait"),
                Code::FailedPrecondition,
                "not_your_decision",
            ),
            (
                RuleError::game_over(),
                Code::FailedPrecondition,
                "game_over",
            ),
            (
                RuleError::malformed("card 999"),
                Code::InvalidArgument,
                "malformed_move",
            ),
            (
                RuleError::unsupported("x"),
                Code::Unimplemented,
                "unsupported",
            ),
        ];
        for (rule, code, reason) in cases {
            let message = rule.message.clone();
            let e = ApiError::from(GameError::Rule(rule));
            assert_eq!(e.code, code);
            assert_eq!(e.reason, reason);
            // The rule's reason reaches the client.
            assert_eq!(e.clone().into_status().message(), message);
        }
    }

    #[test]
    fn store_and_auth_errors_map_to_their_codes() {
        assert_eq!(
            ApiError::from(StoreError::Unavailable("down".into())).code,
            Code::Unavailable
        );
        assert_eq!(
            ApiError::from(StoreError::Corrupt("x".into())).code,
            Code::Internal
        );
        assert_eq!(
            ApiError::from(AuthError::Invalid).code,
            Code::Unauthenticated
        );
        assert_eq!(
            ApiError::from(AuthError::Malformed).code,
            Code::Unauthenticated
        );
        assert_eq!(
            ApiError::from(GameError::InvalidArgument("x".into())).code,
            Code::InvalidArgument
        );
        assert_eq!(ApiError::not_found("g").code, Code::NotFound);
        assert_eq!(ApiError::spectator_move().code, Code::PermissionDenied);
        assert_eq!(ApiError::other_seat(0, 1).code, Code::PermissionDenied);
        assert_eq!(
            ApiError::overloaded("requests").code,
            Code::ResourceExhausted
        );
    }

    #[test]
    fn conflicts_carry_the_current_version() {
        let e = ApiError::conflict(3, 5);
        assert_eq!(e.label(), "ABORTED/version_conflict");
        let status = e.into_status();
        assert_eq!(status.code(), Code::Aborted);
        assert!(status.message().contains("version 5"));
        assert_eq!(
            status
                .metadata()
                .get(CURRENT_VERSION_KEY)
                .unwrap()
                .to_str()
                .unwrap(),
            "5"
        );
    }

    #[test]
    fn ids_are_checked() {
        assert!(check_game_id("abc-123_X").is_ok());
        for bad in ["", "a b", "{g:x}", "é", &"x".repeat(65)] {
            assert_eq!(
                check_game_id(bad).unwrap_err().code,
                Code::InvalidArgument,
                "{bad:?}"
            );
        }
        assert!(check_request_id("3f2a-01").is_ok());
        for bad in ["", "a b", &"x".repeat(129)] {
            assert_eq!(
                check_request_id(bad).unwrap_err().code,
                Code::InvalidArgument
            );
        }
    }
}
