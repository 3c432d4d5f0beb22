//! The decision stack: for each kind of frame, who decides, what they may
//! choose, what they are asked, and how a choice or an automatic step
//! resolves. The rules themselves live in the modules named after them.

use signoria_engine::{Scoped, Seat};

use crate::actions;
use crate::draft;
use crate::flow;
use crate::labels::land_name;
use crate::model::{AUCTION_FIELD, Event, Frame, Move, State, field_name};
use crate::planning;
use crate::setup;
use crate::winter;

/// The kinds of frame a seat decides on; random play reaches every one.
/// (Planning, turn-order spaces and revolt order turn automatic once nobody
/// is left to decide.)
pub const DECISION_KINDS: [&str; 6] = [
    "draft",
    "place group",
    "planning",
    "choose space",
    "march",
    "revolt order",
];

/// The kinds of frame that are always automatic steps: never on top when a
/// seat decides, so coverage of decisions never counts them.
pub const AUTOMATIC_KINDS: [&str; 5] = [
    "fill tower",
    "turn up events",
    "start round",
    "actions",
    "winter",
];

pub fn kind(frame: &Frame) -> &'static str {
    match frame {
        Frame::FillTower => "fill tower",
        Frame::TurnUpEvents => "turn up events",
        Frame::StartRound => "start round",
        Frame::Draft(_) => "draft",
        Frame::PlaceGroup(_) => "place group",
        Frame::Planning => "planning",
        Frame::ChooseSpace { .. } => "choose space",
        Frame::Actions { .. } => "actions",
        Frame::March(_) => "march",
        Frame::Winter { .. } => "winter",
        Frame::Revolts { .. } => "revolt order",
    }
}

pub fn deciders(s: &State, frame: &Frame) -> Vec<Seat> {
    match frame {
        Frame::Draft(d) => vec![draft::seat(s, d)],
        Frame::PlaceGroup(p) => vec![p.seat as usize],
        // All seats at once, in secret: those whose mats are not full.
        Frame::Planning => (0..s.n()).filter(|&p| !s.plans[p].done()).collect(),
        Frame::ChooseSpace { order, next } => order
            .get(*next)
            .map(|&p| vec![p as usize])
            .unwrap_or_default(),
        Frame::March(a) => vec![a.seat as usize],
        Frame::Revolts { seat, drawn, .. } if drawn.len() >= 2 => vec![*seat as usize],
        Frame::FillTower
        | Frame::TurnUpEvents
        | Frame::StartRound
        | Frame::Actions { .. }
        | Frame::Winter { .. }
        | Frame::Revolts { .. } => Vec::new(),
    }
}

pub fn choices(s: &State, frame: &Frame, seat: Seat) -> Vec<Move> {
    match frame {
        Frame::Draft(d) => draft::pick_moves(s, d),
        Frame::PlaceGroup(p) => draft::group_moves(s, p),
        Frame::Planning => planning::plan_moves(s, seat),
        Frame::ChooseSpace { .. } => planning::space_moves(s),
        Frame::March(a) => actions::march_moves(s, a),
        Frame::Revolts { drawn, .. } => winter::revolt_moves(drawn),
        _ => Vec::new(),
    }
}

pub fn prompt(s: &State, frame: &Frame, seat: Seat) -> String {
    match frame {
        Frame::Draft(_) => "take a start land".into(),
        Frame::PlaceGroup(p) => format!("choose the army group for {}", land_name(p.land)),
        Frame::Planning => {
            let field = s.plans[seat].fields.len() as u8;
            if field == AUCTION_FIELD {
                "choose your bid".into()
            } else {
                format!("plan a card for {}", field_name(field))
            }
        }
        Frame::ChooseSpace { .. } => "choose a turn-order space".into(),
        Frame::March(a) => format!(
            "{}: move armies from {}?",
            a.action.name(),
            land_name(a.from)
        ),
        Frame::Revolts { .. } => "choose the revolt fought next".into(),
        _ => String::new(),
    }
}

pub fn resolve(s: &mut State, seat: Seat, mv: &Move, ev: &mut Vec<Scoped<Event>>) {
    match *mv {
        Move::DraftOpen { .. } | Move::DraftBlind | Move::Recycle => {
            draft::resolve_pick(s, seat, mv, ev)
        }
        Move::PlaceGroup { armies } => draft::resolve_group(s, armies, ev),
        Move::Plan { field, card } => planning::resolve_plan(s, seat, field, card, ev),
        Move::TakeSpace { space } => planning::resolve_space(s, seat, space, ev),
        Move::March { .. } | Move::Stay => actions::resolve_march(s, mv, ev),
        Move::Revolt { land } => winter::resolve_revolt(s, land, ev),
    }
}

/// Run the automatic frame on top.
pub fn auto(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    let top = s.stack.last().cloned().expect("a frame to run");
    match top {
        Frame::FillTower => {
            s.stack.pop();
            setup::fill_tower(s, ev);
        }
        Frame::TurnUpEvents => {
            s.stack.pop();
            flow::turn_up_events(s, ev);
        }
        Frame::StartRound => flow::start_round(s, ev),
        Frame::Planning => flow::end_planning(s, ev),
        Frame::ChooseSpace { .. } => flow::start_actions(s, ev),
        Frame::Actions { slot, pos } => flow::action_step(s, slot, pos, ev),
        Frame::Winter { pos } => winter::step(s, pos, ev),
        // The last revolt left is fought at once.
        Frame::Revolts { drawn, .. } => winter::resolve_revolt(s, drawn[0], ev),
        Frame::Draft(_) | Frame::PlaceGroup(_) | Frame::March(_) => {
            unreachable!("a decision frame is never automatic")
        }
    }
}
