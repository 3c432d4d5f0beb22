//! F4 Tax: a concession next to an unsaturated location map card; its owner
//! pays 1 or is repressed (out of turn); then a levy.

use crate::board;
use crate::model::*;

pub fn targets(s: &State, member: Member) -> Vec<Target> {
    let mut v = Vec::new();
    for m in super::loc_maps(s, member) {
        if board::saturated(s, m) {
            continue;
        }
        for b in board::borders_of(m) {
            if matches!(s.borders[b as usize], Some(BorderToken::Concession(_))) {
                v.push(Target::Tax { border: b, map: m });
            }
        }
    }
    v
}

pub fn execute(s: &mut State, border: BorderId, map: MapId) {
    let Some(BorderToken::Concession(victim)) = s.borders[border as usize] else {
        unreachable!()
    };
    // F4 (seed L342): "Danach stellt er eine ABGABE": the owner, after
    // answering, also places the levy (RULINGS R-13).
    s.stack.push(Task::Levy {
        map,
        by: Some(victim),
    });
    s.stack.push(Task::TaxResponse {
        victim,
        border,
        map,
    });
}

/// F4: pay 1 florin (with one to pay) or accept the repression.
pub fn response_moves(s: &State, victim: usize) -> Vec<Move> {
    if s.players[victim].florins > 0 {
        vec![Move::PayTax, Move::RefuseTax]
    } else {
        vec![Move::RefuseTax]
    }
}

/// The victim pays 1 florin to China or its concession is repressed onto the taxing empire.
pub fn tax_response(s: &mut State, pay: bool, ev: &mut Vec<signoria_engine::Scoped<Event>>) {
    let Some(Task::TaxResponse {
        victim,
        border,
        map,
    }) = s.stack.pop()
    else {
        unreachable!()
    };
    if pay {
        board::pay_china(s, victim, 1);
        ev.push(signoria_engine::Scoped::public(Event::Florins {
            seat: victim,
            delta: -1,
            why: "tax".into(),
        }));
    } else {
        s.borders[border as usize] = None;
        board::repress_onto(s, Token::Serf(victim), map);
        ev.push(signoria_engine::Scoped::public(Event::Note {
            text: format!("seat {victim}'s concession is repressed"),
        }));
    }
}
