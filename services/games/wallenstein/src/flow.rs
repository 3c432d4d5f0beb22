//! The round structure (seed L262-284, L294-310, L508-627; digest §4): laying
//! out action cards and advantage tiles, the event drawn after planning, turn
//! order, the ten actions in card order and the end of a round. Each step is
//! an automatic frame of the decision stack.

use signoria_engine::Scoped;

use crate::actions;
use crate::court;
use crate::model::{ACTIONS, Card, Event, Frame, Plan, State, TILES};
use crate::planning;
use crate::winter;

/// Events turned up for a year: 4 face up (L221-234, L717-719).
pub fn turn_up_events(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    s.event_candidates.clear();
    for _ in 0..4 {
        if let Some(e) = s.event_deck.pop() {
            s.event_candidates.push(e);
        }
    }
    ev.push(Scoped::public(Event::EventsTurnedUp {
        year: s.year,
        events: s.event_candidates.clone(),
    }));
}

/// N1 + N2: shuffle and lay out the action cards (1-5 face up, 6-10 face down)
/// and the advantage tiles on the turn-order spaces (L294-310); with Kaiserhof
/// N2a, the favor cards on display (L1272-1301; RULINGS R33); planning
/// replaces the frame on top.
pub fn start_round(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    let mut order = ACTIONS.to_vec();
    s.rng.shuffle(&mut order);
    s.action_order = order;
    s.actions_visible = 5;
    let mut tiles = TILES.to_vec();
    s.rng.shuffle(&mut tiles);
    s.space_tiles = tiles;
    s.space_owner = vec![None; 5];
    s.plans = vec![Plan::default(); s.n()];
    s.bids_revealed = false;
    s.voided.clear();
    s.current_event = None;
    s.replace_top(Frame::Planning);
    ev.push(Scoped::public(Event::RoundStarted {
        year: s.year,
        season: s.season,
        visible_actions: s.action_order[..5].to_vec(),
        tiles: s.space_tiles.clone(),
    }));
    if s.court.is_some() {
        court::display_favors(s, ev);
    }
}

/// Planning is done: N4 the event is drawn from the open candidates
/// (L508-516), N5 the bids are revealed, paid and ranked (L534-561).
pub fn end_planning(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    let i = s.rng.index(s.event_candidates.len());
    let e = s.event_candidates[i];
    s.current_event = Some(e);
    ev.push(Scoped::public(Event::EventDrawn { event: e }));
    let order = planning::reveal_bids(s, ev);
    s.replace_top(Frame::ChooseSpace { order, next: 0 });
}

/// Every seat has its space: turn order is the ascending occupied spaces;
/// empty ones are skipped (L563-567). The modules' steps come before the
/// actions, in this order (RULINGS R50): the generals of the fixed set-ups
/// are placed (first round, L1640-1644), the Landsknechte checked (L1590-1591:
/// before the court), the court actions (L1391-1394).
pub fn start_actions(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    s.turn_order = s.space_owner.iter().flatten().copied().collect();
    ev.push(Scoped::public(Event::TurnOrder {
        order: s.turn_order.clone(),
    }));
    s.replace_top(Frame::Actions { slot: 0, pos: 0 });
    // Pushed last to first: the frame on top runs first.
    if s.court.is_some() {
        s.stack.push(Frame::CourtCards { pos: 0 });
    }
    if s.landsknechte.is_some() {
        s.stack.push(Frame::Landsknechte { pos: 0 });
    }
    if s.generals.is_some() && s.options.fixed_start && s.year == 1 && s.season == 0 {
        s.stack.push(Frame::PlaceGenerals { pos: 0 });
    }
}

/// One step of the action phase: the next seat's card for the current action
/// is revealed and carried out (a move part is pushed as a `March` frame), or
/// the next action card comes, or the round ends.
pub fn action_step(s: &mut State, slot: usize, pos: usize, ev: &mut Vec<Scoped<Event>>) {
    if slot == 10 {
        if s.generals.is_some() {
            // After every normal round each general moves (L1670; RULINGS R54).
            s.replace_top(Frame::EndRound);
            s.stack.push(Frame::MoveGenerals { pos: 0 });
        } else {
            end_round(s, ev);
        }
        return;
    }
    if pos == s.n() {
        // The action card is set aside and the next face-down card turned up (L582-584).
        if s.actions_visible < 10 {
            let a = s.action_order[s.actions_visible];
            ev.push(Scoped::public(Event::ActionTurnedUp {
                slot: s.actions_visible as u8,
                action: a,
            }));
            s.actions_visible += 1;
        }
        s.replace_top(Frame::Actions {
            slot: slot + 1,
            pos: 0,
        });
        return;
    }
    let seat = s.turn_order[pos] as usize;
    let action = s.action_order[slot];
    s.replace_top(Frame::Actions { slot, pos: pos + 1 });
    // The card on this field is revealed only now (L612-613).
    let card = s.plans[seat].fields[action as usize];
    s.plans[seat].revealed[action as usize] = true;
    ev.push(Scoped::public(Event::CardRevealed {
        seat: seat as u8,
        action,
        card,
    }));
    if let Card::Land(land) = card {
        if s.lands[land as usize].owner != Some(seat as u8) || s.voided.contains(&land) {
            // Conquest took the card off the mat: the plan is void (L615-619).
            ev.push(Scoped::public(Event::Lapsed {
                seat: seat as u8,
                action,
                land,
                reason: "the land card changed hands".into(),
            }));
        } else if let Some(a) = actions::execute(s, seat, action, land, ev) {
            s.stack.push(Frame::March(a));
        }
    }
}

/// End of a normal round (L586-597): the event leaves the game, tokens and
/// tiles return (after autumn the order stays for winter, L625-627); kept
/// favor cards 10/11/18 leave the game (L1571-1573).
pub fn end_round(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    if let Some(e) = s.current_event.take() {
        s.event_candidates.retain(|&c| c != e);
    }
    court::expire(s, ev);
    s.voided.clear();
    s.plans = vec![Plan::default(); s.n()];
    if s.season < 2 {
        s.season += 1;
        start_round(s, ev);
    } else {
        s.season = 3;
        winter::start(s, ev);
    }
}
