//! The terms of [9.1] the engine does not carry out yet: a proposal naming one is refused
//! as UNSUPPORTED, naming the rule and why.

use serde::{Deserialize, Serialize};

use crate::model::{DealPick, Frame, Move, State};

/// A refused term of [9.1].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Term {
    /// [9.1] 9, [21]: an arranged marriage.
    Marriage,
}

impl Term {
    pub fn why(self) -> &'static str {
        match self {
            Term::Marriage => {
                "[9.1], [21] arranged marriages are not a deal: they are proposed with the \
                 royals move (RULINGS S9)"
            }
        }
    }
}

/// Why a proposal in the negotiation segment is refused as not implemented.
pub fn unsupported(s: &State, mv: &Move) -> Option<String> {
    match (s.stack.last()?, mv) {
        (
            Frame::Negotiate { .. },
            Move::Propose {
                deal: DealPick::Refused(t),
                ..
            }
            | Move::Ask {
                deal: DealPick::Refused(t),
                ..
            },
        ) => Some(format!("{} (RULINGS D5)", t.why())),
        _ => None,
    }
}
