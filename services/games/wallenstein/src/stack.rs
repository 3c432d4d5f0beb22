//! The decision stack: for each kind of frame, who decides, what they may
//! choose, what they are asked, and how a choice or an automatic step
//! resolves. The rules themselves live in the modules named after them.

use signoria_engine::{Scoped, Seat};

use crate::actions;
use crate::court;
use crate::draft;
use crate::flow;
use crate::generals;
use crate::labels::land_name;
use crate::landsknechte;
use crate::model::{AUCTION_FIELD, Event, Frame, Move, Options, State, field_name};
use crate::planning;
use crate::setup;
use crate::winter;

/// The kinds of frame a seat decides on in the base game; random play reaches
/// every one. (Planning, turn-order spaces and revolt order turn automatic
/// once nobody is left to decide.)
pub const DECISION_KINDS: [&str; 6] = [
    "draft",
    "place group",
    "planning",
    "choose space",
    "march",
    "revolt order",
];

/// The decision kinds Kaiserhof adds: a favor card taken or not; where or
/// whether a favor card is used (automatic with one way or none).
pub const KAISERHOF_DECISION_KINDS: [&str; 2] = ["court favor", "use favor"];
/// Landsknechte: the bonus of the card turned up (when it shows several).
pub const LANDSKNECHTE_DECISION_KINDS: [&str; 1] = ["landsknecht bonus"];
/// Generals: placing a general (fixed start, after winter) and moving it after a
/// round (automatic with one land or none).
pub const GENERALS_DECISION_KINDS: [&str; 2] = ["place general", "move general"];

/// The decision kinds of a game with these options.
pub fn decision_kinds(options: &Options) -> Vec<&'static str> {
    let mut v = DECISION_KINDS.to_vec();
    if options.kaiserhof {
        v.extend(KAISERHOF_DECISION_KINDS);
    }
    if options.landsknechte {
        v.extend(LANDSKNECHTE_DECISION_KINDS);
    }
    if options.generals {
        v.extend(GENERALS_DECISION_KINDS);
    }
    v
}

/// The kinds of frame that are always automatic steps: never on top when a
/// seat decides, so coverage of decisions never counts them.
pub const AUTOMATIC_KINDS: [&str; 8] = [
    "fill tower",
    "turn up events",
    "start round",
    "actions",
    "winter",
    "landsknechte",
    "court cards",
    "end round",
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
        Frame::PlaceGenerals { .. } => "place general",
        Frame::Landsknechte { .. } => "landsknechte",
        Frame::ChooseBonus { .. } => "landsknecht bonus",
        Frame::CourtCards { .. } => "court cards",
        Frame::CourtFavor { .. } => "court favor",
        Frame::UseFavor { .. } => "use favor",
        Frame::MoveGenerals { .. } => "move general",
        Frame::EndRound => "end round",
    }
}

/// A seat asked only when it has a real choice (two ways or more).
fn if_choice(seat: Seat, moves: Vec<Move>) -> Vec<Seat> {
    if moves.len() >= 2 {
        vec![seat]
    } else {
        Vec::new()
    }
}

fn turn_seat(s: &State, pos: usize) -> Option<Seat> {
    s.turn_order.get(pos).map(|&p| p as usize)
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
        Frame::PlaceGenerals { pos } => turn_seat(s, *pos)
            .map(|p| if_choice(p, generals::place_moves(s, *pos)))
            .unwrap_or_default(),
        Frame::MoveGenerals { pos } => turn_seat(s, *pos)
            .map(|p| if_choice(p, generals::move_moves(s, *pos)))
            .unwrap_or_default(),
        Frame::ChooseBonus { seat } => vec![*seat as usize],
        Frame::CourtFavor { order, next } => {
            court::favor_decider(s, order, *next).into_iter().collect()
        }
        Frame::UseFavor { seat, card } => {
            if_choice(*seat as usize, court::use_moves(s, *seat as usize, *card))
        }
        Frame::FillTower
        | Frame::TurnUpEvents
        | Frame::StartRound
        | Frame::Actions { .. }
        | Frame::Winter { .. }
        | Frame::Revolts { .. }
        | Frame::Landsknechte { .. }
        | Frame::CourtCards { .. }
        | Frame::EndRound => Vec::new(),
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
        Frame::PlaceGenerals { pos } => generals::place_moves(s, *pos),
        Frame::MoveGenerals { pos } => generals::move_moves(s, *pos),
        Frame::ChooseBonus { .. } => landsknechte::bonus_moves(s, seat),
        Frame::CourtFavor { .. } => court::favor_moves(s, seat),
        Frame::UseFavor { card, .. } => court::use_moves(s, seat, *card),
        _ => Vec::new(),
    }
}

pub fn prompt(s: &State, frame: &Frame, seat: Seat) -> String {
    match frame {
        Frame::Draft(_) => "take a start land".into(),
        Frame::PlaceGroup(p) => format!("choose the army group for {}", land_name(p.land)),
        Frame::Planning => match s.plans[seat].next_field(s.court.is_some()) {
            Some(AUCTION_FIELD) => "choose your bid".into(),
            Some(field) => format!("plan a card for {}", field_name(field)),
            None => String::new(),
        },
        Frame::ChooseSpace { .. } => "choose a turn-order space".into(),
        Frame::March(a) => format!(
            "{}: move armies from {}?",
            a.action.name(),
            land_name(a.from)
        ),
        Frame::Revolts { .. } => "choose the revolt fought next".into(),
        Frame::PlaceGenerals { .. } => "choose the land for your general".into(),
        Frame::MoveGenerals { .. } => "move your general into another own land".into(),
        Frame::ChooseBonus { .. } => "choose the Landsknecht bonus".into(),
        Frame::CourtFavor { .. } => "take a favor card?".into(),
        Frame::UseFavor { card, .. } => {
            format!(
                "use favor card {card} ({})",
                crate::labels::favor_label(*card)
            )
        }
        _ => String::new(),
    }
}

pub fn resolve(s: &mut State, seat: Seat, mv: &Move, ev: &mut Vec<Scoped<Event>>) {
    match *mv {
        Move::DraftOpen { .. } | Move::DraftBlind | Move::Recycle => {
            draft::resolve_pick(s, seat, mv, ev)
        }
        Move::PlaceGroup { armies } => draft::resolve_group(s, armies, false, ev),
        Move::PlaceGroupWithGeneral { armies } => draft::resolve_group(s, armies, true, ev),
        Move::Plan { field, card } => planning::resolve_plan(s, seat, field, card, ev),
        Move::TakeSpace { space } => planning::resolve_space(s, seat, space, ev),
        Move::March { .. } | Move::Stay => actions::resolve_march(s, mv, ev),
        Move::Revolt { land } => winter::resolve_revolt(s, land, ev),
        Move::TakeFavor { .. } | Move::PassFavor => court::resolve_favor(s, seat, mv, ev),
        Move::CancelEvent { .. } | Move::FavorLand { .. } => court::resolve_use(s, seat, mv, ev),
        Move::TakeBonus { .. } => landsknechte::resolve_bonus(s, seat, mv, ev),
        Move::PlaceGeneral { land } => generals::resolve_place(s, seat, land, ev),
        Move::MoveGeneral { to } => generals::resolve_move(s, seat, to, ev),
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
        Frame::PlaceGenerals { pos } => generals::place_step(s, pos, ev),
        Frame::MoveGenerals { pos } => generals::move_step(s, pos, ev),
        Frame::Landsknechte { pos } => landsknechte::step(s, pos, ev),
        Frame::CourtCards { pos } => court::court_cards(s, pos, ev),
        Frame::CourtFavor { order, next } => court::favor_step(s, &order, next, ev),
        Frame::UseFavor { seat, card } => court::use_auto(s, seat, card, ev),
        // The next round or winter replaces it.
        Frame::EndRound => flow::end_round(s, ev),
        Frame::Draft(_) | Frame::PlaceGroup(_) | Frame::March(_) | Frame::ChooseBonus { .. } => {
            unreachable!("a decision frame is never automatic")
        }
    }
}
