//! Units aboard the Armada at sea sail on with other Spanish ships ([23.2] "Hier müssen
//! weitere BP für das Fortsetzen der Bewegung ausgegeben und weitere spanische Schiffe
//! eingesetzt werden"; RULINGS A20).
//!
//! A formation aboard the Armada at sea continues as an ordinary naval transport of [16.3]
//! that starts at sea in the Armada's zone: Spain forms it here (at most 5 units plus
//! army leaders, [16.3] step 1), then the transport of `flow` (`Frame::Transport` with
//! `from` None) sails it on through zones holding Spanish ships, 1 CP a step, and lands it
//! in a port as a transport's landing ([`super::ferry::landing`]). Its units stay counted
//! aboard until they land; a transport stopped (Storms at its first step, nowhere to go)
//! leaves them aboard.

use super::ferry::{formation, leaders_aboard, not_taken, zone};
use super::{Move, SPAIN};
use crate::model::{self, Selection};

/// The formation's size ([16.3] step 1: at most 5 land units, plus army leaders within
/// their command, [13.1]; the Armada's more-than-5 is for its own transport only, A10).
fn limit(sel: &Selection) -> u8 {
    crate::movement::formation_limit(&sel.leaders).min(5)
}

/// Whether Spain may start sailing on from aboard the Armada with `cp` CP left: something
/// is aboard it at sea and its first step is open (a zone next to it with Spanish ships,
/// CP to reach a port after it, [16.3] step 2).
pub fn starts(s: &model::State, cp: u8) -> Vec<Move> {
    if zone(s).is_none() || (s.armada.aboard.total() == 0 && leaders_aboard(s).is_empty()) {
        return Vec::new();
    }
    let none = Selection::default();
    if crate::naval::transport_steps(s, SPAIN, None, &none, None, cp).is_empty() {
        return Vec::new();
    }
    vec![Move::SailOn]
}

/// The choices of the formation sailing on (`Frame::Onward`).
pub fn choices(s: &model::State, sel: &Selection) -> Vec<model::Move> {
    let (t, ls) = not_taken(s.armada.aboard, leaders_aboard(s), sel);
    formation(t, ls, sel, limit(sel))
}

/// The formation goes: the transport of [16.3] takes it from aboard (its first step costs
/// the first CP).
pub fn go(s: &mut model::State, sel: Selection) {
    s.stack.push(model::Frame::Transport {
        who: SPAIN,
        from: None,
        sel,
        at: None,
        stormed: false,
    });
}
