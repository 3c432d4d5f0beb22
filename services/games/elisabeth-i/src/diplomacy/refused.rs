//! The terms of [9.1] the engine does not carry out: a proposal naming one is refused as
//! UNSUPPORTED, naming the rule and why. Every kind of term is a clause now (marriages
//! too, RULINGS S9); what stays refused is a marriage clause naming a noble whose rule the
//! seed does not give (RULINGS S1, D5).

use crate::model::{DealPick, Frame, Move, State};

/// Why a proposal in the negotiation segment is refused as not implemented.
pub fn unsupported(s: &State, mv: &Move) -> Option<String> {
    match (s.stack.last()?, mv) {
        (
            Frame::Negotiate { .. },
            Move::Propose {
                deal: DealPick::Marriage(c),
                ..
            }
            | Move::Ask {
                deal: DealPick::Marriage(c),
                ..
            },
        ) => crate::royals::refused_couple(*c)
            .map(|why| format!("[9.1], [21] a marriage clause: {why} (RULINGS D5)")),
        _ => None,
    }
}
