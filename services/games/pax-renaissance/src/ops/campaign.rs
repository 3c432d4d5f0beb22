//! F9 Campaign: King sides only; every knight on the King's map card attacks
//! an adjacent map card (diagonals included), 1 florin each; never a vassal
//! against its own suzerain.

use signoria_engine::Scoped;

use crate::data::{self, Empire};
use crate::model::*;

pub fn targets(s: &State, member: Member) -> Vec<Target> {
    let mut v = Vec::new();
    let Member::Empire(e) = member else { return v };
    if s.empires[e as usize].face != Face::King {
        return v;
    }
    let knights = crate::battle::campaign_knights(s, e).len() as i64;
    if knights == 0 || s.players[s.active].florins < knights {
        return v; // RULINGS R-11: no knights, no campaign
    }
    let suz = s.empires[e as usize].suzerain;
    for m in Empire::ALL.map(Empire::id) {
        if data::map().adjacent_ids(e, m) && Some(m) != suz {
            v.push(Target::Map(m));
        }
    }
    v
}

pub fn execute(s: &mut State, member: Member, m: MapId, ev: &mut Vec<Scoped<Event>>) {
    let Member::Empire(e) = member else {
        unreachable!()
    };
    crate::battle::start_campaign(s, e, m, ev);
}
