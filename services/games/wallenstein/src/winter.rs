//! Winter (seed L631-726, L1009-1016; digest §4.7, §5.7): grain loss, supply,
//! revolts drawn by the supply table, then scoring and the year end.

use signoria_engine::{RuleError, Scoped};

use crate::combat;
use crate::data::{LandId, data};
use crate::flow;
use crate::model::{BattleKind, Event, Move, Phase, State};
use crate::scoring;

/// W1: every player loses the grain shown on the year's remaining event card
/// (L639-643), not below 0 (RULINGS R18).
pub fn start(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    let card = s
        .event_candidates
        .first()
        .copied()
        .expect("one event card is left for winter");
    let loss = data().events[card as usize].grain_loss as u32;
    for p in &mut s.players {
        p.grain = p.grain.saturating_sub(loss);
    }
    ev.push(Scoped::public(Event::GrainLost {
        event: card,
        amount: loss,
    }));
    s.phase = Phase::Winter {
        pos: 0,
        drawn: Vec::new(),
        extra: 0,
        started: false,
    };
}

/// Run winter until a seat must order its revolts; `true` if waiting.
pub fn step(s: &mut State, ev: &mut Vec<Scoped<Event>>) -> bool {
    let Phase::Winter {
        pos,
        mut drawn,
        mut extra,
        started,
    } = s.phase.clone()
    else {
        unreachable!()
    };
    // Seats in the last autumn turn order (L664-666).
    if pos == s.turn_order.len() {
        scoring::score_winter(s, ev);
        year_end(s, ev);
        return false;
    }
    let seat = s.turn_order[pos] as usize;
    if !started {
        // W2: 1 grain per own land; W3: the supply table (L645-661).
        let mut lands = s.owned(seat);
        let grain = s.players[seat].grain;
        let unsupplied = (lands.len() as u32).saturating_sub(grain);
        let (revolts, e) = data().supply(unsupplied);
        ev.push(Scoped::public(Event::Supplied {
            seat: seat as u8,
            lands: lands.len() as u32,
            grain,
            unsupplied,
            revolts: revolts as u32,
            extra_peasants: e as u32,
        }));
        // The left neighbour draws the lands at random from the seat's land cards.
        drawn = Vec::new();
        for _ in 0..revolts {
            if let Some(l) = s.rng.take_one(&mut lands) {
                drawn.push(l);
            }
        }
        drawn.sort_unstable();
        extra = e;
        if !drawn.is_empty() {
            ev.push(Scoped::public(Event::RevoltsDrawn {
                seat: seat as u8,
                lands: drawn.clone(),
            }));
        }
    }
    match drawn.len() {
        0 => {
            s.phase = Phase::Winter {
                pos: pos + 1,
                drawn,
                extra: 0,
                started: false,
            };
            false
        }
        1 => {
            let land = drawn[0];
            s.phase = Phase::Winter {
                pos,
                drawn: Vec::new(),
                extra,
                started: true,
            };
            winter_revolt(s, seat, land, extra, ev);
            false
        }
        _ => {
            // The seat chooses the order of its own revolts (L662-663).
            s.phase = Phase::Winter {
                pos,
                drawn,
                extra,
                started: true,
            };
            true
        }
    }
}

fn winter_revolt(s: &mut State, seat: usize, land: LandId, extra: u8, ev: &mut Vec<Scoped<Event>>) {
    // Peasants: the land's unrest markers plus the table's extra peasants (L812-815).
    // A won winter revolt adds no marker (RULINGS R17).
    let peasants = s.lands[land as usize].unrest + extra as u32;
    combat::revolt(s, seat, land, peasants, BattleKind::WinterRevolt, ev);
}

pub fn revolt_moves(s: &State) -> Vec<Move> {
    match &s.phase {
        Phase::Winter {
            drawn,
            started: true,
            ..
        } if drawn.len() >= 2 => drawn.iter().map(|&land| Move::Revolt { land }).collect(),
        _ => Vec::new(),
    }
}

pub fn apply_revolt(
    s: &mut State,
    seat: usize,
    land: LandId,
    ev: &mut Vec<Scoped<Event>>,
) -> Result<(), RuleError> {
    let Phase::Winter {
        pos,
        mut drawn,
        extra,
        started,
    } = s.phase.clone()
    else {
        unreachable!()
    };
    let Some(i) = drawn.iter().position(|&l| l == land) else {
        return Err(RuleError::illegal("that land was not drawn for a revolt"));
    };
    drawn.remove(i);
    s.phase = Phase::Winter {
        pos,
        drawn,
        extra,
        started,
    };
    winter_revolt(s, seat, land, extra, ev);
    Ok(())
}

/// W5: unrest markers leave the map, grain resets, 4 new events (L717-726);
/// after the second winter the game ends (L904-905).
fn year_end(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    for l in &mut s.lands {
        l.unrest = 0;
    }
    for p in &mut s.players {
        p.grain = 0;
    }
    ev.push(Scoped::public(Event::YearEnded { year: s.year }));
    if s.year == 2 {
        s.phase = Phase::Over;
        ev.push(Scoped::public(Event::GameEnded));
    } else {
        s.year += 1;
        s.season = 0;
        s.event_candidates.clear();
        flow::turn_up_events(s, ev);
        flow::start_round(s, ev);
    }
}
