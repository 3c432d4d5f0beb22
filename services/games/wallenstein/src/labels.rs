//! Labels a person can read: land and card names, move descriptions.

use signoria_engine::Seat;

use crate::data::data;
use crate::model::{BUILDING_NAMES, Card, Frame, Move, State, field_name};

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
        Move::DraftOpen { slot } => match s.draft() {
            Some(d) if (slot as usize) < d.open.len() => {
                format!("take {}", land_name(d.open[slot as usize]))
            }
            _ => format!("take open card {slot}"),
        },
        Move::DraftBlind => "draw the top land card".into(),
        Move::Recycle => "put both open cards under the deck and turn up two new ones".into(),
        Move::PlaceGroup { armies } => match s.stack.last() {
            Some(Frame::PlaceGroup(p)) => format!("place {armies} armies in {}", land_name(p.land)),
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
            let from = match s.stack.last() {
                Some(Frame::March(a)) => land_name(a.from),
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
