//! Errors a game reports. A rejected move never changes the state.

use std::fmt;

/// Why a move was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum RuleErrorKind {
    /// The move is well formed but the rules forbid it now.
    Illegal,
    /// The seat is not one of the seats whose decision is pending.
    NotYourDecision,
    /// The move cannot be understood at all (unknown ids, out-of-range values).
    Malformed,
    /// The game is over.
    GameOver,
    /// The rules engine reached a situation it does not implement yet. It refuses
    /// loudly instead of guessing.
    Unsupported,
}

impl RuleErrorKind {
    pub fn as_str(self) -> &'static str {
        match self {
            RuleErrorKind::Illegal => "illegal",
            RuleErrorKind::NotYourDecision => "not_your_decision",
            RuleErrorKind::Malformed => "malformed",
            RuleErrorKind::GameOver => "game_over",
            RuleErrorKind::Unsupported => "unsupported",
        }
    }
}

/// A refused move, with a reason a person can read.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RuleError {
    pub kind: RuleErrorKind,
    pub message: String,
}

impl RuleError {
    pub fn illegal(message: impl Into<String>) -> Self {
        RuleError {
            kind: RuleErrorKind::Illegal,
            message: message.into(),
        }
    }
    pub fn not_your_decision(message: impl Into<String>) -> Self {
        RuleError {
            kind: RuleErrorKind::NotYourDecision,
            message: message.into(),
        }
    }
    pub fn malformed(message: impl Into<String>) -> Self {
        RuleError {
            kind: RuleErrorKind::Malformed,
            message: message.into(),
        }
    }
    pub fn game_over() -> Self {
        RuleError {
            kind: RuleErrorKind::GameOver,
            message: "the game is over".into(),
        }
    }
    pub fn unsupported(message: impl Into<String>) -> Self {
        RuleError {
            kind: RuleErrorKind::Unsupported,
            message: message.into(),
        }
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind.as_str(), self.message)
    }
}

impl std::error::Error for RuleError {}

/// Why a game could not be set up (bad player count or options).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SetupError(pub String);
