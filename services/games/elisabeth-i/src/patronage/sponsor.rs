//! Sponsor an artist / a scientist (2-4 CP, once per turn each, [22.1], [22.2]): a figure
//! picked at random among the power's available ones (never one from Italy: those only
//! through three events) goes onto the display box of the CP spent.

use signoria_engine::Scoped;

use crate::model::{self, Pw};

use super::figures::{self, Kind};
use super::{Event, FigStatus};

/// The figures `who` may be given by the action now (RULINGS S6: its own power's, from
/// their entry turn, in the pool; never a power's whose figures the player count removes,
/// RULINGS I5).
pub fn available(s: &model::State, who: Pw, scientist: bool) -> Vec<u8> {
    (0..figures::count())
        .filter(|&i| {
            let f = figures::figure(i);
            (f.kind == Kind::Scientist) == scientist
                && !f.italian
                && f.power.and_then(model::pw) == Some(who)
                && f.entry_turn <= s.turn
                && !f.power.is_some_and(|p| removed(s, p))
                && super::status(s, i) == FigStatus::Pool
        })
        .collect()
}

/// Whether the player count removes the power's artists, scientists and patronage VP
/// (`data/scenarios.json` `removed_patronage_vp`, [3.1]).
pub fn removed(s: &model::State, p: crate::data::Power) -> bool {
    crate::data::data()
        .player_count(s.n() as u8)
        .is_some_and(|c| c.removed_patronage_vp.contains(&p))
}

/// Whether `who` already sponsored one of this side this turn (the once-per-turn limit).
pub fn sponsored(s: &model::State, who: Pw, scientist: bool) -> bool {
    (0..figures::count()).any(|i| {
        (figures::figure(i).kind == Kind::Scientist) == scientist
            && matches!(super::status(s, i), FigStatus::Sponsored { by, .. } if by == who)
    })
}

pub fn actions(s: &model::State, who: Pw, cp: u8) -> Vec<model::Move> {
    let mut v = Vec::new();
    for scientist in [false, true] {
        if sponsored(s, who, scientist) || available(s, who, scientist).is_empty() {
            continue;
        }
        for c in 2..=cp.min(4) {
            v.push(model::Move::Patronage(super::Move::Sponsor {
                scientist,
                cp: c,
            }));
        }
    }
    v
}

pub fn sponsor(
    s: &mut model::State,
    who: Pw,
    scientist: bool,
    cp: u8,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    let pool = available(s, who, scientist);
    let i = pool[s.rng.index(pool.len())];
    super::set(s, i, FigStatus::Sponsored { by: who, cp }, ev);
    ev.push(Scoped::public(model::Event::Patronage(Event::Sponsored {
        figure: i,
        power: who,
        cp,
    })));
}
