//! Regime change [Glossar: REGIMEWECHSEL, REICH, REPUBLIK, VASALL; F6, F9, I, J, K2].

use signoria_engine::Scoped;

use crate::board;
use crate::model::*;

/// Step A, then queue step B (concession) and step C (liberation).
pub fn change(s: &mut State, e: MapId, cause: Cause, ev: &mut Vec<Scoped<Event>>) {
    let seat = s.active;
    let es = s.empires[e as usize].clone();
    let region = board::empire_location(e).region();
    match cause {
        Cause::Campaign(att) => {
            // F9: the conquered empire becomes a vassal of the attacker's suzerain
            // family head; no regime change inside the same vassal family.
            let head = s.empires[att as usize].suzerain.unwrap_or(att);
            if es.owner == Some(seat) && (e == head || es.suzerain == Some(head)) {
                ev.push(Scoped::public(Event::Note {
                    text: "no regime change inside a vassal family".into(),
                }));
                return;
            }
            board::strip_empire(s, e);
            if let Some(b) = board::detach_empire(s, e) {
                s.supply[b.index()][2] += 1; // F9: bishops of the defeated empire are discarded
            }
            let x = &mut s.empires[e as usize];
            x.owner = Some(seat);
            x.face = Face::King;
            x.suzerain = Some(head);
        }
        _ => {
            board::strip_empire(s, e);
            if es.owner == Some(seat) {
                // Strawman: flip; a vassal becomes a Republic at the outer end [E-56].
                if es.suzerain.is_some() {
                    board::detach_empire(s, e);
                    s.empires[e as usize].face = Face::Republic;
                    board::push_slot(s, seat, region, Member::Empire(e), None);
                } else {
                    let x = &mut s.empires[e as usize];
                    x.face = if x.face == Face::King {
                        Face::Republic
                    } else {
                        Face::King
                    };
                }
            } else {
                // From the stack or an opponent: King side up at the outer end; tokens
                // and bishops stay on it (RULINGS R-18).
                let bishop = board::detach_empire(s, e);
                let x = &mut s.empires[e as usize];
                x.owner = Some(seat);
                x.face = Face::King;
                x.suzerain = None;
                board::push_slot(s, seat, region, Member::Empire(e), bishop);
            }
            if let Cause::Coronation(q) = cause {
                s.empires[e as usize].queen = Some(q);
            }
        }
    }
    s.stack.push(Task::Liberate { map: e });
    s.stack.push(Task::Concession { map: e });
}

/// Step B: one die on any border of the empire's map card; a die there is
/// repressed for 1 florin; never onto a pirate (RULINGS R-19).
pub fn concession_moves(s: &State, e: MapId) -> Vec<Move> {
    let seat = s.active;
    let mut v = vec![Move::Concession { border: None }];
    if !board::can_take_die(s, seat, card_play(s)) {
        return v;
    }
    for b in board::borders_of(e) {
        match s.borders[b as usize] {
            None => v.push(Move::Concession { border: Some(b) }),
            Some(BorderToken::Concession(_)) if s.players[seat].florins >= 1 => {
                v.push(Move::Concession { border: Some(b) })
            }
            _ => {}
        }
    }
    v
}

/// Substitution from repressed tokens only during card play (RULINGS R-20).
fn card_play(s: &State) -> bool {
    !s.stack.iter().any(|t| matches!(t, Task::Ops { .. }))
}

/// Step C: repressed tokens on the empire may go to free cities / borders.
pub fn liberate_moves(s: &State, e: MapId) -> Vec<Move> {
    let mut v = vec![Move::EndLiberation];
    let mut toks = s.empires[e as usize].repressed.clone();
    toks.sort_unstable();
    toks.dedup();
    for token in toks {
        for spot in crate::battle::free_spots(s, e, token) {
            v.push(Move::Liberate { token, spot });
        }
    }
    v
}

pub fn execute(s: &mut State, mv: &Move, _ev: &mut Vec<Scoped<Event>>) {
    let seat = s.active;
    match *mv {
        Move::Concession { border } => {
            let Some(Task::Concession { map }) = s.stack.pop() else {
                unreachable!()
            };
            if let Some(b) = border {
                // The die first, so that a substitute is never the die this
                // placement represses [Glossar: SPIELSTEIN-VERWALTUNG].
                let sub = card_play(s);
                board::take_die(s, seat, sub);
                if let Some(BorderToken::Concession(owner)) = s.borders[b as usize] {
                    board::pay_china(s, seat, 1);
                    s.borders[b as usize] = None;
                    board::repress_onto(s, Token::Serf(owner), map);
                }
                s.borders[b as usize] = Some(BorderToken::Concession(seat));
            }
        }
        Move::Liberate { token, spot } => {
            let Some(Task::Liberate { map }) = s.stack.last() else {
                unreachable!()
            };
            let r = &mut s.empires[*map as usize].repressed;
            let i = r.iter().position(|&x| x == token).unwrap();
            r.remove(i);
            match (token, spot) {
                (Token::Piece(p), Spot::City(c)) => s.cities[c as usize].push(p),
                // A liberated serf becomes a concession of its own colour (RULINGS R-21).
                (Token::Serf(o), Spot::Border(b)) => {
                    s.borders[b as usize] = Some(BorderToken::Concession(o))
                }
                _ => unreachable!(),
            }
        }
        Move::EndLiberation => {
            s.stack.pop();
        }
        _ => unreachable!(),
    }
}
