//! The decision stack ([`Task`], the engine's frame): who decides each task,
//! what they may choose, what they are asked, and the automatic steps.
//!
//! A task with nobody to decide is an automatic step run by [`auto`]: a hand
//! over its limit [E1], a bankrupt player [G6], the end of a turn and the
//! market update [D2], a war whose agents are taken, a regime change, and the
//! sub-decisions that leave no choice (a levy with no city, a pacification
//! with no token, an agent with nowhere to go, a tax victim without florins,
//! ...). The rules of each step live in the modules named after them.

use signoria_engine::{RuleError, Scoped, Seat};

use crate::board;
use crate::model::*;
use crate::{actions, agents, battle, market, ops, regime, tradefair, victory};

/// Every kind of task ([`kind`]), for the coverage of random playouts.
pub const FRAME_KINDS: [&str; 17] = [
    "turn",
    "ops",
    "activate_victory",
    "discard_hand",
    "agents",
    "pacify",
    "tax_response",
    "levy",
    "join_rooks",
    "substitute",
    "start_war",
    "casualties",
    "survivors",
    "theocracy_flip",
    "regime",
    "concession",
    "liberate",
];

/// A stable name for the kind of a task.
pub fn kind(task: &Task) -> &'static str {
    match task {
        Task::Turn => "turn",
        Task::Ops { .. } => "ops",
        Task::ActivateVictory => "activate_victory",
        Task::DiscardHand { .. } => "discard_hand",
        Task::Agents { .. } => "agents",
        Task::Pacify { .. } => "pacify",
        Task::TaxResponse { .. } => "tax_response",
        Task::Levy { .. } => "levy",
        Task::JoinRooks { .. } => "join_rooks",
        Task::Substitute { .. } => "substitute",
        Task::StartWar { .. } => "start_war",
        Task::Casualties { .. } => "casualties",
        Task::Survivors => "survivors",
        Task::TheocracyFlip { .. } => "theocracy_flip",
        Task::Regime { .. } => "regime",
        Task::Concession { .. } => "concession",
        Task::Liberate { .. } => "liberate",
    }
}

/// Who decides `task` (the top of the stack) now; nobody for an automatic step.
pub fn deciders(s: &State, task: &Task) -> Vec<Seat> {
    // E1: a hand over its limit is discarded at once, before anything else.
    if !matches!(task, Task::DiscardHand { .. }) && market::over_hand_limit(s).is_some() {
        return Vec::new();
    }
    let unless = |automatic: bool, seat: Seat| if automatic { Vec::new() } else { vec![seat] };
    match task {
        Task::Turn => unless(
            victory::bankrupt(s).is_some() || s.turn.actions_left == 0,
            s.active,
        ),
        Task::Ops { .. }
        | Task::ActivateVictory
        | Task::JoinRooks { .. }
        | Task::TheocracyFlip { .. } => vec![s.active],
        Task::DiscardHand { seat } => unless(!market::over_own_limit(s, *seat), *seat),
        Task::Agents { card, map, agents } => unless(
            agents.is_empty() || agents::legal(s, *card, *map, agents).len() == 1,
            s.active,
        ),
        Task::Pacify { member } => unless(agents::pacify_tokens(s, *member).is_empty(), s.active),
        // F4: with no florin the owner must accept repression.
        Task::TaxResponse { victim, .. } => unless(s.players[*victim].florins == 0, *victim),
        Task::Levy { map, by } => unless(
            tradefair::levy_cities(s, *map).is_empty(),
            by.unwrap_or(s.active),
        ),
        // Only one empire card left to name: no choice.
        Task::Substitute { token, from } => unless(
            board::substitute_sources(s, *token, from).len() == 1,
            s.active,
        ),
        Task::StartWar { .. } | Task::Regime { .. } => Vec::new(),
        Task::Casualties { count, .. } => unless(*count == 0, s.active),
        Task::Survivors => unless(battle::survivors_without_choice(s), s.active),
        Task::Concession { map } => unless(regime::concession_moves(s, *map).len() <= 1, s.active),
        Task::Liberate { map } => unless(regime::liberate_moves(s, *map).len() <= 1, s.active),
    }
}

/// Every choice of the decider of `task` (each task has one), in a fixed order.
pub fn choices(s: &State, task: &Task) -> Vec<Move> {
    match task {
        Task::Turn => actions::legal(s),
        Task::Ops { side, used } => ops::legal(s, *side, used),
        Task::ActivateVictory => (0..4u8)
            .filter(|&v| !s.victory_active[v as usize])
            .map(|victory| Move::ActivateVictory { victory })
            .collect(),
        Task::DiscardHand { seat } => market::discard_moves(s, *seat),
        Task::Agents { card, map, agents } => agents::legal(s, *card, *map, agents),
        Task::Pacify { member } => agents::pacify_moves(s, *member),
        Task::TaxResponse { victim, .. } => ops::tax::response_moves(s, *victim),
        Task::Levy { map, .. } => tradefair::levy_cities(s, *map)
            .into_iter()
            .map(|(city, _)| Move::Levy { city })
            .collect(),
        Task::Substitute { token, from } => board::substitute_sources(s, *token, from)
            .into_iter()
            .map(|empire| Move::TakeRepressed { empire })
            .collect(),
        Task::JoinRooks { .. } => vec![
            Move::JoinRooks { join: false },
            Move::JoinRooks { join: true },
        ],
        Task::Casualties { attackers, .. } => battle::casualty_moves(s, *attackers),
        Task::Survivors => battle::survivor_moves(s),
        Task::TheocracyFlip { .. } => {
            vec![Move::FlipMap { flip: false }, Move::FlipMap { flip: true }]
        }
        Task::Concession { map } => regime::concession_moves(s, *map),
        Task::Liberate { map } => regime::liberate_moves(s, *map),
        Task::StartWar { .. } | Task::Regime { .. } => Vec::new(),
    }
}

/// A move is legal when it is one of the top task's choices (asked of its
/// decider only).
pub fn check(s: &State, mv: &Move) -> Result<(), RuleError> {
    let Some(top) = s.stack.last() else {
        return Err(RuleError::game_over());
    };
    if choices(s, top).contains(mv) {
        Ok(())
    } else {
        Err(RuleError::illegal(format!(
            "that move is not one of your legal moves now (asked: {})",
            prompt(s, top)
        )))
    }
}

/// What `task` asks of its decider, in a few words.
pub fn prompt(s: &State, task: &Task) -> String {
    match task {
        Task::Turn => format!("choose an action ({} left this turn)", s.turn.actions_left),
        Task::Ops { side, .. } => format!("{} ops: choose an op, or end the ops", side.name()),
        Task::ActivateVictory => "the comet: activate a victory card".into(),
        Task::DiscardHand { .. } => "your hand is over its limit: discard a card".into(),
        Task::Agents { card, .. } => format!(
            "place the agents of {}, or skip one",
            board::card_name(*card)
        ),
        Task::Pacify { .. } => "pacification: kill a repressed token, or none".into(),
        Task::TaxResponse { .. } => {
            "you are taxed: pay 1 florin, or your concession is repressed".into()
        }
        Task::Levy { map, .. } => {
            format!("choose the city of the levy in {}", board::map_name(*map))
        }
        Task::JoinRooks { .. } => {
            "Knights Hospitaller: use the white rooks as knights in this crusade?".into()
        }
        Task::Substitute { token, .. } => format!(
            "name the empire card the repressed {} comes from",
            board::token_name(*token)
        ),
        Task::StartWar { .. } => "the war begins".into(),
        Task::Casualties { attackers, count } => format!(
            "choose a casualty among the {} ({count} to go)",
            if *attackers { "attackers" } else { "defenders" }
        ),
        Task::Survivors => "place a surviving attacker".into(),
        Task::TheocracyFlip { map } => {
            format!(
                "flip {} to its other side, or keep it",
                board::map_name(*map)
            )
        }
        Task::Regime { map, .. } => format!("regime change in {}", board::map_name(*map)),
        Task::Concession { map } => format!(
            "place a concession on a border of {}, or none",
            board::map_name(*map)
        ),
        Task::Liberate { map } => format!(
            "liberate a token repressed on {}, or stop",
            board::map_name(*map)
        ),
    }
}

/// Carry out a listed move of `seat` on the top task.
pub fn resolve(s: &mut State, seat: Seat, mv: &Move, ev: &mut Vec<Scoped<Event>>) {
    let label = crate::describe::describe(s, seat, mv);
    let public = public_label(seat, mv, &label);
    if public != label {
        ev.push(Scoped::public(Event::Moved {
            seat,
            label: public,
        }));
        ev.push(Scoped::to_seat(seat, Event::Moved { seat, label }));
    } else {
        ev.push(Scoped::public(Event::Moved { seat, label }));
    }
    s.moves += 1;
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
        Move::Discard { card } => market::discard(s, seat, *card),
        Move::PlaceAgent { .. } | Move::PlaceOtherAgent { .. } | Move::SkipAgent => {
            agents::execute(s, mv, ev)
        }
        Move::Pacify { token, empire } => agents::pacify(s, *token, *empire),
        Move::TakeRepressed { empire } => {
            let Some(Task::Substitute { token, .. }) = s.stack.pop() else {
                unreachable!("TakeRepressed is listed on a Substitute task only")
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

/// Hand cards stay secret from the others: the public label of a discard or
/// a sale from hand does not name the card.
fn public_label(seat: Seat, mv: &Move, label: &str) -> String {
    match mv {
        Move::Discard { .. } => format!("seat {seat} discards a card from hand"),
        Move::SellHand { .. } => format!("seat {seat} sells a card from hand"),
        _ => label.to_string(),
    }
}

/// Run the top task, which has nobody to decide (see [`deciders`]).
pub fn auto(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    let top = s.top().clone();
    if !matches!(top, Task::DiscardHand { .. }) {
        if let Some(seat) = market::over_hand_limit(s) {
            s.stack.push(Task::DiscardHand { seat });
            return;
        }
    }
    match top {
        Task::Turn => {
            if !victory::bankruptcy_check(s, ev) && s.turn.actions_left == 0 {
                actions::end_turn(s, ev);
            }
        }
        Task::Agents { agents, .. } => {
            if agents.is_empty() {
                s.stack.pop();
            } else if let Some(Task::Agents { agents, .. }) = s.stack.last_mut() {
                // The first agent has nowhere to go (and no other could go
                // first either: then there would be moves): it is skipped.
                agents.remove(0);
            }
        }
        Task::TaxResponse { .. } => ops::tax_response(s, false, ev),
        Task::Substitute { token, from } => {
            s.stack.pop();
            let from = board::substitute_sources(s, token, &from);
            board::take_repressed_from(s, token, from[0]);
        }
        Task::StartWar { card, map, agents } => {
            s.stack.pop();
            battle::launch(s, card, map, &agents, ev);
        }
        Task::Casualties { .. } => {
            s.stack.pop();
            battle::finish(s, ev);
        }
        Task::Survivors => battle::survivor_auto(s),
        Task::Regime { map, cause } => {
            s.stack.pop();
            s.battle = None;
            regime::change(s, map, cause, ev);
        }
        Task::DiscardHand { .. }
        | Task::Pacify { .. }
        | Task::Levy { .. }
        | Task::Concession { .. }
        | Task::Liberate { .. } => {
            s.stack.pop();
        }
        Task::Ops { .. }
        | Task::ActivateVictory
        | Task::JoinRooks { .. }
        | Task::TheocracyFlip { .. } => {
            unreachable!("{} always has a decider", kind(&top))
        }
    }
}
