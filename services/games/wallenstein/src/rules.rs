//! Who decides now, what they may do, applying a move, and move labels.

use signoria_engine::{RuleError, Scoped, Seat};

use crate::actions;
use crate::data::data;
use crate::flow;
use crate::model::{BUILDING_NAMES, Card, Event, Move, Phase, State, field_name};
use crate::planning;
use crate::setup;
use crate::winter;

pub fn pending(s: &State) -> Vec<Seat> {
    match &s.phase {
        Phase::Draft(d) => vec![setup::draft_seat(s, d)],
        Phase::Planning => (0..s.n()).filter(|&p| !s.plans[p].done()).collect(),
        Phase::ChooseSpace { order, next } => order
            .get(*next)
            .map(|&p| vec![p as usize])
            .unwrap_or_default(),
        Phase::Actions {
            awaiting: Some(a), ..
        } => vec![a.seat as usize],
        Phase::Actions { .. } => Vec::new(),
        Phase::Winter { pos, .. } => {
            if winter::revolt_moves(s).is_empty() {
                Vec::new()
            } else {
                vec![s.turn_order[*pos] as usize]
            }
        }
        Phase::Over => Vec::new(),
    }
}

pub fn legal_moves(s: &State, seat: Seat) -> Vec<Move> {
    if seat >= s.n() || !pending(s).contains(&seat) {
        return Vec::new();
    }
    match &s.phase {
        Phase::Draft(d) => setup::draft_moves(s, d),
        Phase::Planning => planning::plan_moves(s, seat),
        Phase::ChooseSpace { .. } => planning::space_moves(s),
        Phase::Actions {
            awaiting: Some(a), ..
        } => actions::march_moves(s, a),
        Phase::Winter { .. } => winter::revolt_moves(s),
        _ => Vec::new(),
    }
}

pub fn apply(s: &mut State, seat: Seat, mv: &Move) -> Result<Vec<Scoped<Event>>, RuleError> {
    if s.phase == Phase::Over {
        return Err(RuleError::game_over());
    }
    if seat >= s.n() || !pending(s).contains(&seat) {
        return Err(RuleError::not_your_decision(format!(
            "seat {seat} has no decision to make now"
        )));
    }
    // Work on a copy so that a refused move leaves the state untouched.
    let mut next = s.clone();
    let mut ev = Vec::new();
    match (&next.phase, mv) {
        (Phase::Draft(_), _) => setup::apply_draft(&mut next, seat, mv, &mut ev)?,
        (Phase::Planning, Move::Plan { field, card }) => {
            planning::apply_plan(&mut next, seat, *field, *card, &mut ev)?
        }
        (Phase::ChooseSpace { .. }, Move::TakeSpace { space }) => {
            planning::apply_space(&mut next, seat, *space, &mut ev)?
        }
        (Phase::Actions { .. }, Move::March { .. } | Move::Stay) => {
            actions::apply_march(&mut next, mv, &mut ev)?
        }
        (Phase::Winter { .. }, Move::Revolt { land }) => {
            winter::apply_revolt(&mut next, seat, *land, &mut ev)?
        }
        _ => return Err(RuleError::illegal("this kind of move is not asked for now")),
    }
    flow::advance(&mut next, &mut ev);
    *s = next;
    Ok(ev)
}

pub fn land_name(l: u8) -> &'static str {
    data()
        .lands
        .get(l as usize)
        .map(|l| l.name.as_str())
        .unwrap_or("?")
}

pub fn card_label(c: Card) -> String {
    match c {
        Card::Land(l) => land_name(l).to_string(),
        Card::Money(v) => format!("money card {v}"),
        Card::Empty => "no card".into(),
    }
}

pub fn describe(s: &State, seat: Seat, mv: &Move) -> String {
    match *mv {
        Move::DraftOpen { slot } => match &s.phase {
            Phase::Draft(d) if (slot as usize) < d.open.len() => {
                format!("take {}", land_name(d.open[slot as usize]))
            }
            _ => format!("take open card {slot}"),
        },
        Move::DraftBlind => "draw the top land card".into(),
        Move::Recycle => "put both open cards under the deck and turn up two new ones".into(),
        Move::PlaceGroup { armies } => match &s.phase {
            Phase::Draft(d) => format!(
                "place {armies} armies in {}",
                d.picked.map(land_name).unwrap_or("?")
            ),
            _ => format!("place {armies} armies"),
        },
        Move::Plan { field, card } => match card {
            Card::Land(l) if field < 10 => format!("{}: {}", field_name(field), land_name(l)),
            Card::Land(l) => format!("bid the {} card", land_name(l)),
            Card::Money(v) if field == 10 => format!("bid money card {v}"),
            _ if field < 10 => format!(
                "{}: not this round ({})",
                field_name(field),
                card_label(card)
            ),
            _ => "no bid (no card left)".into(),
        },
        Move::TakeSpace { space } => {
            let tile = s
                .space_tiles
                .get(space as usize)
                .map(|t| t.name())
                .unwrap_or("?");
            format!("take turn-order space {} with the {tile} tile", space + 1)
        }
        Move::March { to, count } => {
            let verb = if s.lands[to as usize].owner == Some(seat as u8) {
                "move"
            } else if s.lands[to as usize].owner.is_none() {
                "attack neutral"
            } else {
                "attack"
            };
            let from = match &s.phase {
                Phase::Actions {
                    awaiting: Some(a), ..
                } => land_name(a.from),
                _ => "?",
            };
            let unit = if count == 1 { "army" } else { "armies" };
            format!("{verb} {}: {count} {unit} from {from}", land_name(to))
        }
        Move::Stay => "do not move".into(),
        Move::Revolt { land } => format!("resolve the revolt in {} next", land_name(land)),
    }
}

pub fn building_name(b: u8) -> &'static str {
    BUILDING_NAMES.get(b as usize).copied().unwrap_or("?")
}
