//! Le Testu, the French scientist who is also a captain ([22.2], [17.4]; RULINGS I6):
//! not outfitted in a turn he was sponsored as a scientist; an evaluation with a result
//! other than 9 removes his captain counter too; his loss as a captain on the World map
//! removes his scientist counter.

use signoria_engine::Scoped;

use crate::data::data;
use crate::model;

use super::{FigStatus, figures};

/// His captain counter (data/leaders.json `captains`, `scientist`).
pub fn captain() -> Option<u8> {
    data()
        .captains
        .iter()
        .position(|c| c.scientist)
        .map(|i| i as u8)
}

/// His scientist counter (data/patronage.json).
pub fn figure() -> Option<u8> {
    (0..figures::count()).find(|&i| figures::figure(i).id == "le_testu")
}

/// [17.4]: the captain `c` may not be outfitted: Le Testu sponsored this turn.
pub fn blocks_outfit(s: &model::State, c: u8) -> bool {
    captain() == Some(c)
        && figure().is_some_and(|f| matches!(super::status(s, f), FigStatus::Sponsored { .. }))
}

/// [22.2]: after his evaluation, a result other than 9 removes his captain counter.
pub fn evaluated(s: &mut model::State, fig: u8, result: u8, ev: &mut Vec<Scoped<model::Event>>) {
    if figure() != Some(fig) || result == 9 {
        return;
    }
    if let Some(c) = captain()
        && s.world
            .captains
            .get(c as usize)
            .is_some_and(|x| x.at != crate::world::At::Gone)
    {
        // His scientist counter is being evaluated: the evaluation decides its fate.
        let st = super::status(s, fig);
        crate::world::voyage::eliminate(s, c, ev);
        s.patronage.figures[fig as usize] = st;
    }
}

/// [22.2]: his captain counter lost on the World map removes his scientist counter.
pub fn captain_lost(s: &mut model::State, c: u8, ev: &mut Vec<Scoped<model::Event>>) {
    if captain() != Some(c) {
        return;
    }
    if let Some(f) = figure()
        && super::status(s, f) != FigStatus::Removed
    {
        super::set(s, f, FigStatus::Removed, ev);
    }
}
