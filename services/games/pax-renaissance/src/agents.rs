//! Agent placement when a card is played [E2.2, Glossar: AGENTEN, BISCHOF, PIRAT].

use signoria_engine::Scoped;

use crate::board;
use crate::data::{self, Location};
use crate::model::*;

/// Card play may use a matching repressed token when the supply is out [Glossar: SPIELSTEIN-VERWALTUNG].
const SUBSTITUTE: bool = true;

/// Legal placements of the agents still to place, in any order (E2.2 sets
/// none, seed L239): the first one (`PlaceAgent`), the first of each other
/// kind (`PlaceOtherAgent`), plus skipping the first one.
pub fn legal(s: &State, card: CardId, map: Option<MapId>, agents: &[Agent]) -> Vec<Move> {
    let mut v = Vec::new();
    let Some(&first) = agents.first() else {
        return v;
    };
    for spot in spots(s, card, map, first) {
        v.push(Move::PlaceAgent { spot });
    }
    for (i, &agent) in agents.iter().enumerate().skip(1) {
        if agents[..i].contains(&agent) {
            continue; // the same agent as an earlier one: nothing new
        }
        for spot in spots(s, card, map, agent) {
            v.push(Move::PlaceOtherAgent {
                agent: i as u8,
                spot,
            });
        }
    }
    v.push(Move::SkipAgent);
    v
}

fn spots(s: &State, card: CardId, map: Option<MapId>, agent: Agent) -> Vec<Spot> {
    let seat = s.active;
    let florins = s.players[seat].florins;
    let mut v = Vec::new();
    match agent {
        Agent::Bishop(r) => {
            if s.supply[r.index()][2] == 0 {
                return v;
            }
            // The played card itself, or any tableau card (any tableau) whose
            // location matches the played card's [E2.2, E-28].
            let loc = data::card(card).location;
            for p in &s.players {
                for side in 0..2 {
                    for sl in &p.tableau[side] {
                        let matches = sl.root == Member::Card(card)
                            || board::members_of(s, sl.root)
                                .iter()
                                .any(|&m| board::loc_match(board::location(s, m), loc));
                        if matches {
                            v.push(Spot::Tableau(sl.root));
                        }
                    }
                }
            }
        }
        Agent::Knight(r) | Agent::Rook(r) => {
            let Some(m) = map else { return v };
            let shape = if matches!(agent, Agent::Knight(_)) {
                Shape::Knight
            } else {
                Shape::Rook
            };
            if !board::can_take_piece(s, Piece { shape, religion: r }, SUBSTITUTE) {
                return v;
            }
            // Any city, symbol ignored; an occupied one must repress for 1 florin [E2.2, E-16, E-17].
            for c in board::usable_cities(m) {
                if board::covered(s, c) {
                    continue; // B5
                }
                if board::city_free(s, c) {
                    v.push(Spot::City(c));
                } else if florins >= 1 {
                    let mut occ = s.cities[c as usize].clone();
                    occ.sort_unstable();
                    occ.dedup();
                    for p in occ {
                        v.push(Spot::Replace(c, p));
                    }
                }
            }
        }
        Agent::Pirate(r) => {
            let Some(m) = map else { return v };
            if !board::can_take_piece(
                s,
                Piece {
                    shape: Shape::Rook,
                    religion: r,
                },
                SUBSTITUTE,
            ) {
                return v;
            }
            // Sea borders only; a same-colour pirate blocks (RULINGS R-6); others die.
            for b in board::borders_of(m) {
                if data::border(b).sea && s.borders[b as usize] != Some(BorderToken::Pirate(r)) {
                    v.push(Spot::Border(b));
                }
            }
        }
        Agent::Pawn => {
            let Some(m) = map else { return v };
            if !board::can_take_die(s, seat, SUBSTITUTE) {
                return v;
            }
            // Any border without a pirate; a concession there is repressed for 1 [E2.2, E-21, E-22].
            for b in board::borders_of(m) {
                match s.borders[b as usize] {
                    None => v.push(Spot::Border(b)),
                    Some(BorderToken::Concession(_)) if florins >= 1 => v.push(Spot::Border(b)),
                    _ => {}
                }
            }
        }
    }
    v
}

pub fn execute(s: &mut State, mv: &Move, ev: &mut Vec<Scoped<Event>>) {
    let Some(Task::Agents { card, map, agents }) = s.stack.last_mut() else {
        unreachable!()
    };
    let (card, map) = (*card, *map);
    let (i, spot) = match *mv {
        Move::PlaceAgent { spot } => (0, Some(spot)),
        Move::PlaceOtherAgent { agent, spot } => (agent as usize, Some(spot)),
        _ => (0, None),
    };
    let agent = agents.remove(i);
    let seat = s.active;
    let Some(spot) = spot else {
        return;
    };
    match (agent, spot) {
        (Agent::Bishop(r), Spot::Tableau(root)) => {
            s.supply[r.index()][2] -= 1;
            place_bishop(s, root, r, ev);
        }
        (Agent::Knight(r) | Agent::Rook(r), Spot::City(c) | Spot::Replace(c, _)) => {
            let shape = if matches!(agent, Agent::Knight(_)) {
                Shape::Knight
            } else {
                Shape::Rook
            };
            // The token first: a substitute is one repressed before this
            // placement represses the occupant [Glossar: SPIELSTEIN-VERWALTUNG].
            let p = Piece { shape, religion: r };
            board::take_piece(s, p, SUBSTITUTE);
            if let Spot::Replace(_, victim) = spot {
                let occ = &mut s.cities[c as usize];
                let i = occ.iter().position(|&p| p == victim).unwrap();
                occ.remove(i);
                board::pay_china(s, seat, 1);
                board::repress_onto(s, Token::Piece(victim), board::city_map(c));
            }
            s.cities[c as usize].push(p);
        }
        (Agent::Pirate(r), Spot::Border(b)) => {
            board::kill_border(s, b); // E2.2: the occupant dies, free
            board::take_piece(
                s,
                Piece {
                    shape: Shape::Rook,
                    religion: r,
                },
                SUBSTITUTE,
            );
            s.borders[b as usize] = Some(BorderToken::Pirate(r));
        }
        (Agent::Pawn, Spot::Border(b)) => {
            board::take_die(s, seat, SUBSTITUTE); // before the occupant is repressed
            if let Some(BorderToken::Concession(owner)) = s.borders[b as usize] {
                s.borders[b as usize] = None;
                board::pay_china(s, seat, 1);
                // The serf goes to the empire of the played card's location [Glossar: UNTERDRÜCKEN].
                let m = map.or(data::card(card).location.and_then(Location::map));
                board::repress_onto(s, Token::Serf(owner), m.expect("pawn agents have a map"));
            }
            s.borders[b as usize] = Some(BorderToken::Concession(seat));
        }
        _ => unreachable!("agent {agent:?} at {spot:?}"),
    }
}

/// Repressed tokens on the empire group a bishop entered [F1], with the
/// empire card each lies on.
pub fn pacify_tokens(s: &State, root: Member) -> Vec<(MapId, Token)> {
    board::members_of(s, root)
        .into_iter()
        .filter_map(|m| {
            if let Member::Empire(e) = m {
                Some(s.empires[e as usize].repressed.iter().map(move |&t| (e, t)))
            } else {
                None
            }
        })
        .flatten()
        .collect()
}

/// F1 Befriedungsregel (seed L312 "darf der Spieler einen davon kostenlos
/// TÖTEN"): none, or one token of the group; a bishop on a suzerain is on its
/// vassals too (Glossar VASALL, L809), so when several empire cards of the
/// group hold that kind of token the move names the card.
pub fn pacify_moves(s: &State, member: Member) -> Vec<Move> {
    let mut v = vec![Move::Pacify {
        token: None,
        empire: None,
    }];
    let mut held = pacify_tokens(s, member);
    held.sort_unstable();
    held.dedup();
    let mut kinds: Vec<Token> = held.iter().map(|&(_, t)| t).collect();
    kinds.sort_unstable();
    kinds.dedup();
    for tok in kinds {
        let cards: Vec<MapId> = held
            .iter()
            .filter(|&&(_, t)| t == tok)
            .map(|&(e, _)| e)
            .collect();
        if cards.len() == 1 {
            v.push(Move::Pacify {
                token: Some(tok),
                empire: None,
            });
        } else {
            v.extend(cards.into_iter().map(|e| Move::Pacify {
                token: Some(tok),
                empire: Some(e),
            }));
        }
    }
    v
}

/// Kill the chosen repressed token (none: nothing happens) [F1].
pub fn pacify(s: &mut State, token: Option<Token>, empire: Option<MapId>) {
    let Some(Task::Pacify { member }) = s.stack.pop() else {
        unreachable!("Pacify is listed on a Pacify task only")
    };
    if let Some(tok) = token {
        // The named card, or the only card of the group holding such a token.
        let e = empire.unwrap_or_else(|| {
            pacify_tokens(s, member)
                .into_iter()
                .find(|&(_, t)| t == tok)
                .expect("a repressed token of the group")
                .0
        });
        let r = &mut s.empires[e as usize].repressed;
        let i = r.iter().position(|&x| x == tok).expect("the named token");
        r.remove(i);
        board::kill_token(s, tok);
    }
}

/// A bishop arrives on a tableau position: Diet of Worms if a bishop is
/// there (both die), otherwise Pacification may kill a repressed token
/// [F1, E2.2, Glossar: BISCHOF].
pub fn place_bishop(s: &mut State, root: Member, r: Religion, ev: &mut Vec<Scoped<Event>>) {
    let (seat, side, i) = board::find_slot(s, root).expect("slot exists");
    let slot = &mut s.players[seat].tableau[side][i];
    if let Some(other) = slot.bishop.take() {
        s.supply[other.index()][2] += 1;
        s.supply[r.index()][2] += 1;
        ev.push(Scoped::public(Event::Note {
            text: format!(
                "Diet of Worms on {}: both bishops die",
                board::member_name(root)
            ),
        }));
    } else {
        slot.bishop = Some(r);
        s.stack.push(Task::Pacify { member: root });
    }
}
