//! The ops action [E4] and the nine ops [F1-F9].

use signoria_engine::Scoped;

use crate::board::{self, t};
use crate::model::*;
use crate::tables::{Location, Op};

/// Every op any unused member of the side may perform now, plus ending the action.
pub fn legal(s: &State, side: Side, used: &[Member]) -> Vec<Move> {
    let seat = s.active;
    let mut v = Vec::new();
    for member in board::side_members(s, seat, side) {
        if used.contains(&member) {
            continue; // E4: one op per card
        }
        let dis = board::disabled(s, member);
        for (i, op) in board::member_ops(s, member).into_iter().enumerate() {
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

fn loc_maps(s: &State, member: Member) -> Vec<MapId> {
    t().maps_in(board::location(s, member))
}

pub fn targets(s: &State, member: Member, op: Op) -> Vec<Target> {
    let seat = s.active;
    let mut v = Vec::new();
    match op {
        Op::Inquisitor(r) => {
            // F1: any bishop of the colour; adjacent in the same tableau side, or
            // any card with the same location; never the player card.
            for p in &s.players {
                for side in 0..2 {
                    let row = &p.tableau[side];
                    for (i, sl) in row.iter().enumerate() {
                        if sl.bishop != Some(r) {
                            continue;
                        }
                        let mut dests = Vec::new();
                        if i > 0 {
                            dests.push(row[i - 1].root);
                        }
                        if i + 1 < row.len() {
                            dests.push(row[i + 1].root);
                        }
                        let here = board::location(s, sl.root);
                        for q in &s.players {
                            for side2 in 0..2 {
                                for sl2 in &q.tableau[side2] {
                                    if sl2.root != sl.root
                                        && board::loc_match(board::location(s, sl2.root), here)
                                    {
                                        dests.push(sl2.root);
                                    }
                                }
                            }
                        }
                        dests.sort_unstable();
                        dests.dedup();
                        v.extend(
                            dests
                                .into_iter()
                                .map(|to| Target::Bishop { from: sl.root, to }),
                        );
                    }
                }
            }
        }
        Op::Commerce(row) => {
            // F2: a florin on any card of the row, the fair card included.
            for (col, c) in s.market[row.index()].iter().enumerate() {
                if c.as_ref().is_some_and(|c| c.florins > 0) {
                    v.push(Target::Market {
                        row,
                        col: col as u8,
                    });
                }
            }
        }
        Op::Behead => {
            // F3: a card in any tableau with the same location, not itself.
            let loc = board::location(s, member);
            for q in 0..s.n() {
                for m in board::all_members(s, q) {
                    if m != member && board::loc_match(board::location(s, m), loc) {
                        v.push(Target::Card(m));
                    }
                }
            }
        }
        Op::Tax => {
            // F4: a concession on a border of the taxing map card, which must not be saturated.
            for m in loc_maps(s, member) {
                if board::saturated(s, m) {
                    continue;
                }
                for b in board::borders_of(m) {
                    if matches!(s.borders[b as usize], Some(BorderToken::Concession(_))) {
                        v.push(Target::Tax { border: b, map: m });
                    }
                }
            }
        }
        Op::Repress(k) => {
            // F5: a token of a pictured kind on the location's map card; pirates never.
            for m in loc_maps(s, member) {
                for c in board::usable_cities(m) {
                    let mut occ = s.cities[c as usize].clone();
                    occ.sort_unstable();
                    occ.dedup();
                    for p in occ {
                        let ok = match p.shape {
                            Shape::Knight => k.knight,
                            Shape::Rook => k.rook,
                        };
                        if ok {
                            v.push(Target::City(c, p));
                        }
                    }
                }
                if k.pawn {
                    for b in board::borders_of(m) {
                        if matches!(s.borders[b as usize], Some(BorderToken::Concession(_))) {
                            v.push(Target::Border { border: b, map: m });
                        }
                    }
                }
            }
        }
        Op::Vote(side) => {
            // F6: an empire in any tableau on that side (tableau side, RULINGS R-7);
            // strictly more concessions than each other player; pay 1 per repressed token.
            for q in 0..s.n() {
                for m in board::side_members(s, q, side) {
                    let Member::Empire(e) = m else { continue };
                    let mine = board::borders_of(e)
                        .filter(|&b| s.borders[b as usize] == Some(BorderToken::Concession(seat)))
                        .count();
                    let best_other = (0..s.n())
                        .filter(|&o| o != seat)
                        .map(|o| {
                            board::borders_of(e)
                                .filter(|&b| {
                                    s.borders[b as usize] == Some(BorderToken::Concession(o))
                                })
                                .count()
                        })
                        .max()
                        .unwrap_or(0);
                    let cost = s.empires[e as usize].repressed.len() as i64;
                    if mine > best_other && s.players[seat].florins >= cost {
                        v.push(Target::Empire(e));
                    }
                }
            }
        }
        Op::Corsair(r) => {
            // F7: a pirate of the colour on a sea border of the location's map card,
            // to another sea border of that card or an adjacent one (RULINGS R-8), not
            // onto a same-colour pirate.
            for m in loc_maps(s, member) {
                for from in board::borders_of(m) {
                    if s.borders[from as usize] != Some(BorderToken::Pirate(r)) {
                        continue;
                    }
                    for (to, bd) in t().borders.iter().enumerate() {
                        let to = to as BorderId;
                        if to == from
                            || !bd.sea
                            || s.borders[to as usize] == Some(BorderToken::Pirate(r))
                        {
                            continue;
                        }
                        if bd.maps.iter().any(|&x| x == m || t().adjacent(x, m)) {
                            v.push(Target::Corsair { from, to });
                        }
                    }
                }
            }
            v.sort_unstable();
            v.dedup();
        }
        Op::Siege => {
            // F8: a rook, knight or pirate at the location's map card.
            for m in loc_maps(s, member) {
                for c in board::usable_cities(m) {
                    let mut occ = s.cities[c as usize].clone();
                    occ.sort_unstable();
                    occ.dedup();
                    v.extend(occ.into_iter().map(|p| Target::City(c, p)));
                }
                for b in board::borders_of(m) {
                    if matches!(s.borders[b as usize], Some(BorderToken::Pirate(_))) {
                        v.push(Target::Border { border: b, map: m });
                    }
                }
            }
            v.sort_unstable();
            v.dedup();
        }
        Op::Campaign => {
            // F9: King sides only; all knights on the King's map attack, 1 florin each;
            // the target is adjacent (diagonals included), never the vassal's own suzerain.
            let Member::Empire(e) = member else { return v };
            if s.empires[e as usize].face != Face::King {
                return v;
            }
            let knights = crate::battle::campaign_knights(s, e).len() as i64;
            if knights == 0 || s.players[seat].florins < knights {
                return v; // RULINGS R-11: no knights, no campaign
            }
            let suz = s.empires[e as usize].suzerain;
            for m in 0..t().maps.len() as MapId {
                if t().adjacent(e, m) && Some(m) != suz {
                    v.push(Target::Map(m));
                }
            }
        }
    }
    v
}

pub fn execute(s: &mut State, mv: &Move, ev: &mut Vec<Scoped<Event>>) {
    let seat = s.active;
    let Move::Op { member, op, target } = *mv else {
        s.stack.pop(); // EndOps
        return;
    };
    if let Some(Task::Ops { used, .. }) = s.stack.last_mut() {
        used.push(member);
    }
    let op = board::member_ops(s, member)[op as usize];
    match (op, target) {
        (Op::Inquisitor(r), Target::Bishop { from, to }) => {
            let (a, b, i) = board::find_slot(s, from).unwrap();
            s.players[a].tableau[b][i].bishop = None;
            crate::agents::place_bishop(s, to, r, ev);
        }
        (Op::Commerce(_), Target::Market { row, col }) => {
            s.market[row.index()][col as usize]
                .as_mut()
                .unwrap()
                .florins -= 1;
            s.players[seat].florins += 1;
        }
        (Op::Behead, Target::Card(m)) => {
            let assassin = matches!(m, Member::Empire(_));
            board::discard_member(s, m);
            // F3 Assassin: beheading an empire kills the beheading card too.
            if assassin && board::owner_of(s, member).is_some() {
                board::discard_member(s, member);
            }
        }
        (Op::Tax, Target::Tax { border, map }) => {
            let Some(BorderToken::Concession(victim)) = s.borders[border as usize] else {
                unreachable!()
            };
            // F4: the owner decides, then a levy is placed (chosen by the active player, RULINGS R-13).
            s.stack.push(Task::Levy { map });
            s.stack.push(Task::TaxResponse {
                victim,
                border,
                map,
            });
        }
        (Op::Repress(_), Target::City(c, p)) => {
            let occ = &mut s.cities[c as usize];
            let i = occ.iter().position(|&x| x == p).unwrap();
            occ.remove(i);
            board::repress_onto(s, Token::Piece(p), t().cities[c as usize].map);
            board::gain_china(s, seat, 1); // F5 (+1 even if killed, RULINGS R-14)
        }
        (Op::Repress(_), Target::Border { border, map }) => {
            let Some(BorderToken::Concession(owner)) = s.borders[border as usize].take() else {
                unreachable!()
            };
            board::repress_onto(s, Token::Serf(owner), map);
            board::gain_china(s, seat, 1);
        }
        (Op::Vote(_), Target::Empire(e)) => {
            let cost = s.empires[e as usize].repressed.len() as i64;
            board::pay_china(s, seat, cost);
            crate::regime::change(s, e, Cause::Vote, ev);
        }
        (Op::Corsair(r), Target::Corsair { from, to }) => {
            s.borders[from as usize] = None;
            board::kill_border(s, to); // F7: sea battle
            s.borders[to as usize] = Some(BorderToken::Pirate(r));
        }
        (Op::Siege, Target::City(c, p)) => {
            let occ = &mut s.cities[c as usize];
            let i = occ.iter().position(|&x| x == p).unwrap();
            occ.remove(i);
            board::kill_piece(s, p);
        }
        (Op::Siege, Target::Border { border, .. }) => board::kill_border(s, border),
        (Op::Campaign, Target::Map(m)) => {
            let Member::Empire(e) = member else {
                unreachable!()
            };
            crate::battle::start_campaign(s, e, m, ev);
        }
        _ => unreachable!("op {op:?} with {target:?}"),
    }
    let _ = Location::None;
}

/// F4: the victim pays 1 florin to China or its concession is repressed onto the taxing empire.
pub fn tax_response(s: &mut State, pay: bool) {
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
    } else {
        s.borders[border as usize] = None;
        board::repress_onto(s, Token::Serf(victim), map);
    }
}
