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
        Card::Tower => "tower card".into(),
    }
}

/// What a favor card does, in a few words (`data/kaiserhof.json`).
pub fn favor_label(card: u8) -> String {
    use crate::data::FavorEffect as F;
    match data().kaiserhof.favor(card).effect {
        F::CancelEvent => "remove the round's event".into(),
        F::RemoveUnrest => "remove an unrest marker".into(),
        F::Gain(kind, amount) => format!("{amount} {}", kind.name()),
        F::Armies(n) => format!("{n} free armies into an own or neutral land"),
        F::Build(kind) => format!("a free {}", building_name(kind as u8)),
        F::Protect { a: true, b: true } => "safe from Fight/Move A and B".into(),
        F::Protect { a: true, .. } => "safe from Fight/Move A".into(),
        F::Protect { .. } => "safe from Fight/Move B".into(),
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
        Move::PlaceGroupWithGeneral { armies } => match s.stack.last() {
            Some(Frame::PlaceGroup(p)) => format!(
                "place {armies} armies and your general in {}",
                land_name(p.land)
            ),
            _ => format!("place {armies} armies and your general"),
        },
        Move::Plan { field, card } => match card {
            Card::Land(l) if field != 10 => format!("{}: {}", field_name(field), land_name(l)),
            Card::Land(l) => format!("bid the {} card", land_name(l)),
            Card::Tower if field > 10 => {
                format!("{}: from the tray (tower card)", field_name(field))
            }
            Card::Tower if field == 10 => "bid a tower card (counts as 0)".into(),
            _ if field > 10 => format!(
                "{}: not this round ({})",
                field_name(field),
                card_label(card)
            ),
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
        Move::TakeFavor { card } => format!("take favor card {card}: {}", favor_label(card)),
        Move::PassFavor => "take no favor card".into(),
        Move::CancelEvent { cancel: true } => "remove the round's event".into(),
        Move::CancelEvent { cancel: false } => "leave the round's event".into(),
        Move::FavorLand { land } => match s.stack.last() {
            Some(Frame::UseFavor { card, .. }) => {
                format!("{}: {}", favor_label(*card), land_name(land))
            }
            _ => format!("use the favor card in {}", land_name(land)),
        },
        Move::TakeBonus { kind } => {
            let amount = s
                .landsknechte
                .as_ref()
                .map(|_| crate::landsknechte::top_bonuses(s, seat))
                .and_then(|b| b.iter().find(|b| b.kind == kind))
                .map(|b| b.amount.to_string())
                .unwrap_or_default();
            format!("take {amount} {}", kind.name()).replace("  ", " ")
        }
        Move::PlaceGeneral { land } => format!("place your general in {}", land_name(land)),
        Move::MoveGeneral { to } => {
            let from = s
                .generals
                .as_ref()
                .and_then(|g| g.at.get(seat).copied().flatten());
            match from {
                Some(f)
                    if data().lands[f as usize].borders.contains(&to)
                        && s.generals.as_ref().is_some_and(|g| g.left[seat] > 0) =>
                {
                    format!(
                        "move your general to {} (a monument in {})",
                        land_name(to),
                        land_name(f)
                    )
                }
                _ => format!("move your general to {} (no monument)", land_name(to)),
            }
        }
    }
}

pub fn building_name(b: u8) -> &'static str {
    BUILDING_NAMES.get(b as usize).copied().unwrap_or("?")
}
