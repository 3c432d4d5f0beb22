//! The round (seed §2, §9): phases 1-5 in turn order, 6 and 7 at once, the end of the
//! game after the income phase of the last round and the final card play (seed §11).
//! `Frame::Round` is the automatic driver; `Frame::Turns` gives each seat in turn
//! order its turn in a phase.

use signoria_engine::Scoped;

use crate::data::{Advance, HeldBackJoin, data};
use crate::model::{
    AcqStep, Advances, Event, Frame, RoundFlags, RoundState, SeatId, State, Step, TurnPhase,
};
use crate::{acquisition, deck, expansion, income, scoring, shortage, turn_order, war};

fn set_step(s: &mut State, step: Step) {
    if let Some(Frame::Round { step: st }) = s.stack.last_mut() {
        *st = step;
    }
}

/// Run one step of the round driver (on top of the stack).
pub fn round_step(s: &mut State, step: Step, ev: &mut Vec<Scoped<Event>>) {
    if s.order.len() < 2 && step != Step::Score {
        // Fewer than two players left: the game ends at once (RULINGS R-END).
        set_step(s, Step::Score);
        return;
    }
    match step {
        Step::Start => {
            s.round += 1;
            for p in &mut s.players {
                p.round = RoundFlags::default();
                p.new_advances = Advances::default();
            }
            s.this_round = RoundState::default();
            let join = data().players(s.n() as u8).expect("3-6").held_back_join;
            if s.round == 2 && join == HeldBackJoin::Round2 {
                deck::join_held_back(s, ev);
            }
            set_step(s, Step::P1Renaissance);
        }
        Step::P1Renaissance => renaissance(s, Step::P1Clear),
        Step::P1Clear => {
            set_step(s, Step::P1Mills);
            let first = s.order[0];
            s.stack.push(Frame::ClearCounters { seat: first });
        }
        Step::P1Mills => {
            set_step(s, Step::P1Draw);
            if let Some(seat) = shortage::mills_owner(s) {
                s.stack.push(Frame::Mills { seat });
            }
        }
        Step::P1Draw => {
            set_step(s, Step::P2Renaissance);
            for seat in s.order.clone() {
                deck::draw(s, seat, crate::model::DrawReason::Draw, ev);
            }
        }
        Step::P2Renaissance => renaissance(s, Step::P2Purchase),
        Step::P2Purchase => turns(s, Step::P3Renaissance, TurnPhase::Purchase),
        Step::P3Renaissance => renaissance(s, Step::P3Wars),
        Step::P3Wars => {
            set_step(s, Step::P3Play);
            // A tied War goes on in the following card-play phases (seed A.2): it is
            // rolled again at the start of each (RULINGS R-WAR-CARRIED).
            for w in std::mem::take(&mut s.wars) {
                war::fight(s, w, None, ev);
            }
        }
        Step::P3Play => turns(s, Step::P4Renaissance, TurnPhase::Play),
        Step::P4Renaissance => renaissance(s, Step::P4Acquire),
        Step::P4Acquire => turns(s, Step::P4End, TurnPhase::Acquire),
        Step::P4End => {
            acquisition::end_of_phase(s);
            set_step(s, Step::P5CivilWar);
        }
        Step::P5CivilWar => {
            // Civil War first, then the Renaissance window (RULINGS R-CIVIL-WAR-ORDER).
            turn_order::civil_war_to_last(s, ev);
            set_step(s, Step::P5Renaissance);
        }
        Step::P5Renaissance => renaissance(s, Step::P5Indulgence),
        Step::P5Indulgence => {
            set_step(s, Step::P5Expand);
            s.this_round.token_cards = 0;
            let owe = expansion::holy_indulgence(s, ev);
            for (seat, owed) in owe.into_iter().rev() {
                s.stack.push(Frame::Indulgence { seat, owed });
            }
        }
        Step::P5Expand => turns(s, Step::P5LastWindow, TurnPhase::Expand),
        Step::P5LastWindow => {
            set_step(s, Step::P5Bonus);
            s.stack.push(Frame::TokenWindow { asked: 0 });
        }
        Step::P5Bonus => {
            expansion::bonus_card(s, ev);
            expansion::consolidate(s);
            set_step(s, Step::P6Income);
        }
        Step::P6Income => {
            income::run(s, ev);
            if scoring::game_ends(s) {
                set_step(s, Step::FinalRenaissance);
            } else {
                set_step(s, Step::P7Bid);
            }
        }
        Step::P7Bid => {
            set_step(s, Step::Start);
            s.stack.push(Frame::TurnOrderBid {
                bids: vec![None; s.n()],
            });
        }
        Step::FinalRenaissance => {
            // The final card play follows the last round: every advance owned counts
            // for Printing Press (seed §11.1).
            for p in &mut s.players {
                p.new_advances = Advances::default();
            }
            renaissance(s, Step::FinalWars);
        }
        Step::FinalWars => {
            set_step(s, Step::FinalPlay);
            let players = s.order.len() as u32;
            for w in std::mem::take(&mut s.wars) {
                war::fight(s, w, Some(players), ev);
            }
        }
        Step::FinalPlay => turns(s, Step::Score, TurnPhase::Final),
        Step::Score => {
            s.stack.pop();
            ev.push(Scoped::public(Event::Over));
        }
    }
}

fn renaissance(s: &mut State, next: Step) {
    set_step(s, next);
    if s.order.iter().any(|&p| s.has(p, Advance::Q)) {
        s.stack.push(Frame::Renaissance { asked: 0 });
    }
}

fn turns(s: &mut State, next: Step, phase: TurnPhase) {
    set_step(s, next);
    s.stack.push(Frame::Turns { phase, done: 0 });
}

/// The next seat in turn order that has not had its turn in this phase.
pub fn turns_step(s: &mut State, phase: TurnPhase, done: u8) {
    let next: Option<SeatId> = s.order.iter().copied().find(|&p| done & (1 << p) == 0);
    let Some(seat) = next else {
        s.stack.pop();
        return;
    };
    if let Some(Frame::Turns { done: d, .. }) = s.stack.last_mut() {
        *d |= 1 << seat;
    }
    let frame = match phase {
        TurnPhase::Purchase => Frame::Purchase { seat },
        TurnPhase::Play => Frame::Play { seat },
        TurnPhase::Acquire => Frame::Acquire {
            seat,
            step: AcqStep::Fleet,
        },
        TurnPhase::Expand => {
            s.this_round.shipped.clear();
            let b = crate::reach::established_bases(s, seat);
            s.this_round.bases = Some((seat, [b as u64, (b >> 64) as u64]));
            s.stack.push(Frame::Expand { seat });
            Frame::TokenWindow { asked: 1 << seat }
        }
        TurnPhase::Final => Frame::Final { seat },
    };
    s.stack.push(frame);
}

/// Players after `seat` in the order who have not yet had their final turn (War in the
/// final card play, seed §11.1).
pub fn players_after(s: &State, seat: SeatId) -> u32 {
    let Some(i) = s.position(seat) else {
        return 0;
    };
    s.order.len().saturating_sub(i + 1) as u32
}
