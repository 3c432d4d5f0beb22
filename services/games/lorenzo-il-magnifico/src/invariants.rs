//! Rule invariants checked after every move of the random playouts.

use crate::model::*;
use crate::placement::group;

pub fn violations(s: &State) -> Vec<String> {
    let mut v = Vec::new();
    let mut total = s.discarded as usize + s.towers.iter().flatten().count();
    total += s.decks.iter().map(|d| d.len()).sum::<usize>();
    for (seat, p) in s.players.iter().enumerate() {
        for i in 0..7 {
            if i != crate::model::VP && p.res.0[i] < 0 {
                v.push(format!("seat {seat}: negative {}", RES_NAMES[i]));
            }
        }
        if !matches!(s.phase, Phase::Over) && p.res.0[VP] < 0 {
            v.push(format!("seat {seat}: negative VP during play"));
        }
        for k in 0..4 {
            if p.cards[k].len() > 6 {
                v.push(format!(
                    "seat {seat}: {} cards of type {k}",
                    p.cards[k].len()
                ));
            }
            total += p.cards[k].len();
        }
        // Each placed member stands on exactly one space; unplaced ones on none.
        for m in 0..4u8 {
            let code = seat as u8 * 4 + m;
            let count = s
                .occ
                .iter()
                .map(|o| o.iter().filter(|&&x| x == code).count())
                .sum::<usize>();
            let placed = p.placed & (1 << m) != 0;
            if count != placed as usize {
                v.push(format!(
                    "seat {seat}: member {m} on {count} spaces, placed flag {placed}"
                ));
            }
        }
        // Colour rule: at most one coloured member per action group.
        for g in 0..6u8 {
            let n = (0..SPACES)
                .filter(|&sp| group(sp) == Some(g))
                .map(|sp| {
                    s.occ[sp as usize]
                        .iter()
                        .filter(|&&o| o as usize / 4 == seat && o % 4 != NEUTRAL)
                        .count()
                })
                .sum::<usize>();
            if n > 1 {
                v.push(format!(
                    "seat {seat}: {n} coloured members in action group {g}"
                ));
            }
        }
        let leaders = p.hand.len() + p.leaders.len();
        if leaders > 4 {
            v.push(format!("seat {seat}: {leaders} leaders"));
        }
    }
    if total != 96 {
        v.push(format!(
            "{total} development cards accounted for, expected 96"
        ));
    }
    v
}
