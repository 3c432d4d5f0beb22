//! Winter scoring (seed L668-683) and the final ranking (L904-907).

use signoria_engine::{Outcome, Scoped};

use crate::data::data;
use crate::model::{Event, State};

/// VP for each own land (the value was lost in the OCR; RULINGS R1).
pub const VP_PER_LAND: u32 = 1;
pub const VP_PER_BUILDING: u32 = 1;
/// Majority awards per region for palaces, churches, trading houses; a tie gives each tied player one less.
pub const MAJORITY_VP: [u32; 3] = [3, 2, 1];

/// Majority VP per seat: for every region and building type, the seats with
/// the most buildings of that type in own lands there (at least one).
pub fn majorities(s: &State) -> Vec<u32> {
    let n = s.n();
    let d = data();
    let mut vp = vec![0u32; n];
    for region in 0..d.regions.len() as u8 {
        for kind in 0..3 {
            let mut count = vec![0u32; n];
            for (i, l) in s.lands.iter().enumerate() {
                if let Some(o) = l.owner
                    && d.lands[i].region == region
                    && l.buildings[kind]
                {
                    count[o as usize] += 1;
                }
            }
            let best = *count.iter().max().unwrap();
            if best == 0 {
                continue;
            }
            let winners: Vec<usize> = (0..n).filter(|&p| count[p] == best).collect();
            let award = if winners.len() == 1 {
                MAJORITY_VP[kind]
            } else {
                MAJORITY_VP[kind] - 1
            };
            for w in winners {
                vp[w] += award;
            }
        }
    }
    vp
}

pub fn score_winter(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    let maj = majorities(s);
    for seat in 0..s.n() {
        let owned = s.owned(seat);
        let lands = owned.len() as u32;
        let buildings: u32 = owned
            .iter()
            .map(|&l| s.lands[l as usize].buildings.iter().filter(|b| **b).count() as u32)
            .sum();
        let total = lands * VP_PER_LAND + buildings * VP_PER_BUILDING + maj[seat];
        s.players[seat].vp += total;
        ev.push(Scoped::public(Event::Scored {
            seat: seat as u8,
            lands,
            buildings,
            majorities: maj[seat],
            total,
        }));
    }
}

/// Most VP wins; ties go to more Taler; a further tie is shared (RULINGS R19).
pub fn outcome(s: &State) -> Option<Outcome> {
    if !s.over() {
        return None;
    }
    let scores: Vec<i64> = s.players.iter().map(|p| p.vp as i64).collect();
    let keys: Vec<(i64, i64)> = s
        .players
        .iter()
        .map(|p| (p.vp as i64, p.money as i64))
        .collect();
    Some(Outcome::ranked(
        &scores,
        &keys,
        "equal victory points: more Taler ranks higher; still equal: shared",
    ))
}
