//! The ops action [E4] and the nine ops [F1-F9], one module per op.

pub mod behead;
pub mod campaign;
pub mod commerce;
pub mod corsair;
pub mod inquisitor;
pub mod repress;
pub mod siege;
pub mod tax;
pub mod vote;

use signoria_engine::Scoped;

use crate::board;
use crate::data::Op;
use crate::model::*;

pub use tax::tax_response;

/// Every op any unused member of the side may perform now, plus ending the action.
pub fn legal(s: &State, side: Side, used: &[Member]) -> Vec<Move> {
    let seat = s.active;
    let mut v = Vec::new();
    for member in board::side_members(s, seat, side) {
        if used.contains(&member) {
            continue; // E4: one op per card
        }
        let dis = board::disabled(s, member);
        for (i, op) in board::member_ops(s, member).iter().enumerate() {
            if dis && !op.religious() {
                continue; // F1: a bishop disables all but Inquisitor
            }
            for target in targets(s, member, op) {
                v.push(Move::Op {
                    member,
                    op: i as u8,
                    target,
                });
            }
        }
    }
    v.push(Move::EndOps);
    v
}

/// The map cards an op acts on: the member's location, "The East/The West"
/// standing for each of its map cards [E4, Glossar: ORT].
pub(crate) fn loc_maps(s: &State, member: Member) -> Vec<MapId> {
    board::maps_in(board::location(s, member))
}

/// Distinct pieces in a city, in a fixed order.
pub(crate) fn pieces_in(s: &State, c: CityId) -> Vec<Piece> {
    let mut occ = s.cities[c as usize].clone();
    occ.sort_unstable();
    occ.dedup();
    occ
}

pub fn targets(s: &State, member: Member, op: &Op) -> Vec<Target> {
    match op {
        Op::Inquisitor { religion } => inquisitor::targets(s, *religion),
        Op::Commerce { market } => commerce::targets(s, *market),
        Op::Behead => behead::targets(s, member),
        Op::Tax => tax::targets(s, member),
        Op::Repress { targets } => repress::targets(s, member, targets),
        Op::Vote { side } => vote::targets(s, *side),
        Op::Corsair { religion } => corsair::targets(s, member, *religion),
        Op::Siege => siege::targets(s, member),
        Op::Campaign => campaign::targets(s, member),
    }
}

pub fn execute(s: &mut State, mv: &Move, ev: &mut Vec<Scoped<Event>>) {
    let Move::Op { member, op, target } = *mv else {
        s.stack.pop(); // EndOps
        return;
    };
    if let Some(Task::Ops { used, .. }) = s.stack.last_mut() {
        used.push(member);
    }
    let op = &board::member_ops(s, member)[op as usize];
    match (op, target) {
        (Op::Inquisitor { religion }, Target::Bishop { from, to }) => {
            inquisitor::execute(s, *religion, from, to, ev)
        }
        (Op::Commerce { .. }, Target::Market { row, col }) => commerce::execute(s, row, col),
        (Op::Behead, Target::Card(m)) => behead::execute(s, member, m),
        (Op::Tax, Target::Tax { border, map }) => tax::execute(s, border, map),
        (Op::Repress { .. }, t) => repress::execute(s, t),
        (Op::Vote { .. }, Target::Empire(e)) => vote::execute(s, e, ev),
        (Op::Corsair { religion }, Target::Corsair { from, to }) => {
            corsair::execute(s, *religion, from, to)
        }
        (Op::Siege, t) => siege::execute(s, t),
        (Op::Campaign, Target::Map(m)) => campaign::execute(s, member, m, ev),
        _ => unreachable!("op {op:?} with {target:?}"),
    }
}
