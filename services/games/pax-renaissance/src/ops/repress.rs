//! F5 Repress: a pictured token on the location's map card onto its empire
//! card (killed if the empire is in the stack); +1 florin from China.

use crate::board;
use crate::data::TokenKind;
use crate::model::*;

/// Targets of a Repress op showing the token kinds `k`.
pub fn targets(s: &State, member: Member, k: &[TokenKind]) -> Vec<Target> {
    let mut v = Vec::new();
    for m in super::loc_maps(s, member) {
        for c in board::usable_cities(m) {
            for p in super::pieces_in(s, c) {
                let kind = match p.shape {
                    Shape::Knight => TokenKind::Knight,
                    Shape::Rook => TokenKind::Rook,
                };
                if k.contains(&kind) {
                    v.push(Target::City(c, p));
                }
            }
        }
        if k.contains(&TokenKind::Pawn) {
            for b in board::borders_of(m) {
                if matches!(s.borders[b as usize], Some(BorderToken::Concession(_))) {
                    v.push(Target::Border { border: b, map: m });
                }
            }
        }
    }
    v
}

pub fn execute(s: &mut State, target: Target) {
    let seat = s.active;
    match target {
        Target::City(c, p) => {
            let occ = &mut s.cities[c as usize];
            let i = occ.iter().position(|&x| x == p).unwrap();
            occ.remove(i);
            board::repress_onto(s, Token::Piece(p), board::city_map(c));
        }
        // A concession goes to the empire of the acting card's location [Glossar: UNTERDRÜCKEN].
        Target::Border { border, map } => {
            let Some(BorderToken::Concession(owner)) = s.borders[border as usize].take() else {
                unreachable!()
            };
            board::repress_onto(s, Token::Serf(owner), map);
        }
        _ => unreachable!(),
    }
    board::gain_china(s, seat, 1); // +1 even if the token died (RULINGS R-14)
}
