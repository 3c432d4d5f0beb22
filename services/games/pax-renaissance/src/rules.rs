//! The decision loop: who decides now, what they may do, and applying it.
//!
//! The state holds a stack of tasks ([`Task`]); the top one names the
//! decision awaited. Moves are validated against the complete list of legal
//! moves, so a refused move never changes the state.

use signoria_engine::{RuleError, Scoped, Seat};

use crate::board::{self, t};
use crate::model::*;
use crate::{actions, agents, battle, market, ops, regime, tradefair, victory};

pub fn pending(s: &State) -> Vec<Seat> {
    if s.winner.is_some() {
        return Vec::new();
    }
    match s.top() {
        Task::TaxResponse { victim, .. } => vec![*victim],
        Task::DiscardHand { seat } => vec![*seat],
        Task::Levy { by: Some(seat), .. } => vec![*seat],
        _ => vec![s.active],
    }
}

pub fn legal_moves(s: &State, seat: Seat) -> Vec<Move> {
    if s.winner.is_some() || !pending(s).contains(&seat) {
        return Vec::new();
    }
    match s.top().clone() {
        Task::Turn => actions::legal(s),
        Task::Ops { side, used } => ops::legal(s, side, &used),
        Task::ActivateVictory => (0..4u8)
            .filter(|&v| !s.victory_active[v as usize])
            .map(|victory| Move::ActivateVictory { victory })
            .collect(),
        Task::DiscardHand { seat } => {
            let mut h = s.players[seat].hand.clone();
            h.sort_unstable();
            h.dedup();
            h.into_iter().map(|card| Move::Discard { card }).collect()
        }
        Task::Agents { card, map, agents } => agents::legal(s, card, map, &agents),
        Task::Pacify { member } => pacify_moves(s, member),
        Task::TaxResponse { victim, .. } => {
            if s.players[victim].florins > 0 {
                vec![Move::PayTax, Move::RefuseTax]
            } else {
                vec![Move::RefuseTax]
            }
        }
        Task::Levy { map, .. } => tradefair::levy_cities(s, map)
            .into_iter()
            .map(|(city, _)| Move::Levy { city })
            .collect(),
        Task::Substitute { token, from } => board::substitute_sources(s, token, &from)
            .into_iter()
            .map(|empire| Move::TakeRepressed { empire })
            .collect(),
        Task::StartWar { .. } => Vec::new(),
        Task::JoinRooks { .. } => {
            vec![
                Move::JoinRooks { join: false },
                Move::JoinRooks { join: true },
            ]
        }
        Task::Casualties { attackers, .. } => battle::casualty_moves(s, attackers),
        Task::Survivors => battle::survivor_moves(s),
        Task::TheocracyFlip { .. } => {
            vec![Move::FlipMap { flip: false }, Move::FlipMap { flip: true }]
        }
        Task::Concession { map } => regime::concession_moves(s, map),
        Task::Regime { .. } => Vec::new(),
        Task::Liberate { map } => regime::liberate_moves(s, map),
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
fn pacify_moves(s: &State, member: Member) -> Vec<Move> {
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

pub fn apply(s: &mut State, seat: Seat, mv: &Move) -> Result<Vec<Scoped<Event>>, RuleError> {
    if s.winner.is_some() {
        return Err(RuleError::game_over());
    }
    if seat >= s.n() || !pending(s).contains(&seat) {
        return Err(RuleError::not_your_decision(format!(
            "seat {seat} is not to decide now"
        )));
    }
    if let Some(msg) = unsupported(s, mv) {
        return Err(RuleError::unsupported(msg));
    }
    if !legal_moves(s, seat).contains(mv) {
        return Err(RuleError::illegal(format!("{mv:?} is not legal now")));
    }
    let label = describe(s, seat, mv);
    let mut ev = vec![Scoped::public(Event::Moved {
        seat,
        label: public_label(s, seat, mv, &label),
    })];
    if public_label(s, seat, mv, &label) != label {
        ev.push(Scoped::to_seat(seat, Event::Moved { seat, label }));
    }
    s.moves += 1;
    execute(s, seat, mv, &mut ev);
    advance(s, &mut ev);
    Ok(ev)
}

/// Moves the engine knows to exist in the rules but does not implement: refused loudly.
fn unsupported(s: &State, mv: &Move) -> Option<String> {
    if let Move::Play {
        card,
        oneshot: true,
        ..
    } = mv
    {
        if let Some(crate::tables::OneShot::Other(name)) = &t().card(*card).oneshot {
            if s.players[s.active].hand.contains(card) {
                return Some(format!(
                    "the one-shot {name} (expansion) is not implemented"
                ));
            }
        }
    }
    None
}

/// Hand cards stay secret from the others [issue: hands secret].
fn public_label(s: &State, seat: Seat, mv: &Move, label: &str) -> String {
    match mv {
        Move::Discard { .. } => format!("seat {seat} discards a card from hand"),
        Move::SellHand { .. } => format!("seat {seat} sells a card from hand"),
        _ => {
            let _ = s;
            label.to_string()
        }
    }
}

fn execute(s: &mut State, seat: Seat, mv: &Move, ev: &mut Vec<Scoped<Event>>) {
    match mv {
        Move::Buy { .. }
        | Move::Play { .. }
        | Move::Crown { .. }
        | Move::Sell { .. }
        | Move::SellHand { .. }
        | Move::Ops { .. }
        | Move::TradeFair { .. }
        | Move::DeclareVictory { .. }
        | Move::EndTurn => actions::execute(s, mv, ev),
        Move::Op { .. } | Move::EndOps => ops::execute(s, mv, ev),
        Move::ActivateVictory { victory } => {
            s.stack.pop();
            s.victory_active[*victory as usize] = true;
        }
        Move::Discard { card } => {
            let h = &mut s.players[seat].hand;
            let i = h.iter().position(|c| c == card).unwrap();
            h.remove(i);
            s.hand_discards.push(*card);
            s.stack.pop();
        }
        Move::PlaceAgent { .. } | Move::PlaceOtherAgent { .. } | Move::SkipAgent => {
            agents::execute(s, mv, ev)
        }
        Move::Pacify { token, empire } => {
            let Some(Task::Pacify { member }) = s.stack.pop() else {
                unreachable!()
            };
            if let Some(tok) = *token {
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
        Move::TakeRepressed { empire } => {
            let Some(Task::Substitute { token, .. }) = s.stack.pop() else {
                unreachable!()
            };
            board::take_repressed_from(s, token, *empire);
        }
        Move::PayTax | Move::RefuseTax => ops::tax_response(s, matches!(mv, Move::PayTax), ev),
        Move::Levy { city } => tradefair::place_levy(s, *city),
        Move::JoinRooks { .. }
        | Move::Casualty { .. }
        | Move::PlaceSurvivor { .. }
        | Move::FlipMap { .. } => battle::execute(s, mv, ev),
        Move::Concession { .. } | Move::Liberate { .. } | Move::EndLiberation => {
            regime::execute(s, mv, ev)
        }
    }
}

/// Run automatic steps until a decision is awaited: hand limits [E1],
/// battle ends, regime changes, skipped levies, the end of a turn and the
/// market update [D2].
pub fn advance(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    loop {
        if s.winner.is_some() {
            s.stack.clear();
            return;
        }
        // E1: over the hand limit, discard at once.
        if !matches!(s.top(), Task::DiscardHand { .. }) {
            if let Some(seat) = (0..s.n())
                .find(|&p| board::hand_limit(s, p).is_some_and(|l| s.players[p].hand.len() > l))
            {
                s.stack.push(Task::DiscardHand { seat });
                return;
            }
        }
        match s.top().clone() {
            Task::Turn => {
                if victory::bankruptcy_check(s, ev) {
                    continue;
                }
                if s.turn.actions_left == 0 {
                    end_turn(s, ev);
                    continue;
                }
                return;
            }
            Task::Levy { map, .. } => {
                if tradefair::levy_cities(s, map).is_empty() {
                    s.stack.pop();
                    continue;
                }
                return;
            }
            Task::TaxResponse { victim, .. } => {
                // F4: with no florin the owner must accept repression.
                if s.players[victim].florins == 0 {
                    ops::tax_response(s, false, ev);
                    continue;
                }
                return;
            }
            Task::Agents { card, map, agents } => {
                if agents.is_empty() {
                    s.stack.pop();
                    continue;
                }
                // An agent with nowhere to go is skipped (when no other agent
                // could go first either: then there would be more moves).
                if agents::legal(s, card, map, &agents).len() == 1 {
                    if let Some(Task::Agents { agents, .. }) = s.stack.last_mut() {
                        agents.remove(0);
                    }
                    continue;
                }
                return;
            }
            Task::Pacify { member } => {
                if pacify_tokens(s, member).is_empty() {
                    s.stack.pop();
                    continue;
                }
                return;
            }
            Task::Casualties { count, .. } => {
                if count == 0 {
                    s.stack.pop();
                    battle::finish(s, ev);
                    continue;
                }
                return;
            }
            Task::Substitute { token, from } => {
                // Only one empire card left to name: no choice.
                let from = board::substitute_sources(s, token, &from);
                if from.len() == 1 {
                    s.stack.pop();
                    board::take_repressed_from(s, token, from[0]);
                    continue;
                }
                return;
            }
            Task::StartWar { card, map, agents } => {
                s.stack.pop();
                battle::launch(s, card, map, &agents, ev);
                continue;
            }
            Task::Regime { map, cause } => {
                s.stack.pop();
                s.battle = None;
                regime::change(s, map, cause, ev);
                continue;
            }
            Task::Survivors => {
                if battle::survivor_auto(s) {
                    continue;
                }
                return;
            }
            Task::Concession { map } => {
                if regime::concession_moves(s, map).len() <= 1 {
                    s.stack.pop();
                    continue;
                }
                return;
            }
            Task::Liberate { map } => {
                if regime::liberate_moves(s, map).len() <= 1 {
                    s.stack.pop();
                    continue;
                }
                return;
            }
            Task::DiscardHand { seat } => {
                if board::hand_limit(s, seat).is_none_or(|l| s.players[seat].hand.len() <= l) {
                    s.stack.pop();
                    continue;
                }
                return;
            }
            _ => return,
        }
    }
}

/// D2: the market update, then the next player (skipping eliminated ones).
fn end_turn(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    if !market::update(s, ev) {
        victory::patron_end(s, ev);
        return;
    }
    let n = s.n();
    let mut next = (s.active + 1) % n;
    while s.players[next].eliminated {
        next = (next + 1) % n;
    }
    s.active = next;
    s.turn = TurnState {
        actions_left: 2,
        ..Default::default()
    };
    ev.push(Scoped::public(Event::TurnStarted { seat: next }));
}

pub fn describe(s: &State, seat: Seat, mv: &Move) -> String {
    crate::describe::describe(s, seat, mv)
}
