//! Mary Stuart's execution ([23.3]): while she is captured in England, England may
//! execute her after a failed assassination attempt on Elizabeth or a failed English
//! Catholic rebellion (1 VP; she gives Spain no more dice); Elizabeth's death executes
//! her at once (RULINGS I2).

use signoria_engine::Scoped;

use super::Event;
use super::agents::ENGLAND;
use crate::model::{self, State};
use crate::royals::Mary;

/// Offer England the execution when Mary is captured (pushes the decision).
pub fn offer(s: &mut State) {
    if crate::royals::mary(s) == Mary::Captured {
        s.stack.push(model::Frame::Espionage(super::Frame::Execute));
    }
}

pub fn choices() -> Vec<model::Move> {
    vec![
        model::Move::Espionage(super::Move::ExecuteMary(true)),
        model::Move::Espionage(super::Move::ExecuteMary(false)),
    ]
}

pub fn decider() -> model::Pw {
    ENGLAND
}

/// Mary is executed: the "executed -1 VP" marker goes to England's bonus VP.
pub fn execute(s: &mut State, ev: &mut Vec<Scoped<model::Event>>) {
    s.royals.mary = Mary::Executed;
    ev.push(Scoped::public(model::Event::Espionage(Event::MaryExecuted)));
}
