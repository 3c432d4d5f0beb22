//! The patronage phase ([7] step 7, [22.1], [22.2]): every artist and scientist sponsored
//! this turn is evaluated, highest printed value first, ties in impulse order; 2d6 + value
//! + modifiers against the result bands of `tables.json` `patronage_results`.

use signoria_engine::Scoped;

use crate::combat::Dice;
use crate::data::data;
use crate::model::{self, Pw};

use super::figures::{self, Kind, Pile};
use super::{Event, FigStatus, Frame};

pub use super::science::{BONUSES, OBSERVATORY};

/// The order of evaluation: artists, then scientists; each by printed value (highest
/// first), ties by the sponsor's impulse order ([22.1], [22.2]).
pub fn order(s: &model::State) -> Vec<u8> {
    let mut v: Vec<(bool, u8, Pw, u8)> = (0..figures::count())
        .filter_map(|i| match super::status(s, i) {
            FigStatus::Sponsored { by, .. } => {
                let f = figures::figure(i);
                Some((!f.kind.is_artist(), 99 - f.value, by, i))
            }
            _ => None,
        })
        .collect();
    v.sort();
    v.into_iter().map(|x| x.3).collect()
}

pub fn phase(s: &mut model::State) {
    for i in order(s).into_iter().rev() {
        s.stack
            .push(model::Frame::Patronage(Frame::Evaluate { figure: i }));
    }
}

/// The modifiers of an evaluation: CP spent, Isabella Clara Eugenia's marriage, the
/// Observatory (scientists).
pub fn modifier(s: &model::State, fig: u8, by: Pw, cp: u8) -> u8 {
    let mut m = figures::cp_modifier(cp) + crate::royals::patronage_bonus(s, by);
    if figures::figure(fig).kind == Kind::Scientist && bonus_owner(s, OBSERVATORY) == Some(by) {
        m += 1;
    }
    m
}

pub fn bonus_owner(s: &model::State, b: &str) -> Option<Pw> {
    super::science::owner(s, b)
}

/// The VP of the award for a result of 10 or more (`tables.json` `patronage_awards`).
pub fn award(result: u8) -> u8 {
    data()
        .tables
        .patronage_awards
        .rows
        .iter()
        .find(|r| result >= r.result[0] && result <= r.result[1])
        .map_or(0, |r| r.vp)
}

/// The best VP marker still in play for this kind not above `max` ([22.1]: 2 and 3 VP only
/// of the figure's own type; the 1-VP artist markers fit any type).
pub fn best_marker(s: &model::State, kind: Kind, max: u8) -> Option<(Pile, u8)> {
    let mut best: Option<(Pile, u8)> = None;
    for (pile, values) in figures::piles(kind) {
        for &v in values {
            let total = values.iter().filter(|&&x| x == v).count();
            let taken = s
                .patronage
                .taken
                .iter()
                .filter(|&&(p, x)| p == pile && x == v)
                .count();
            if v <= max && taken < total && best.is_none_or(|(_, b)| v > b) {
                best = Some((pile, v));
            }
        }
    }
    best
}

/// The science bonuses `p` may take ([22.2]: unique, useful to the taker, RULINGS I3).
pub fn free_bonuses(s: &model::State, p: Pw) -> Vec<&'static str> {
    BONUSES
        .iter()
        .copied()
        .filter(|b| bonus_owner(s, b).is_none() && super::science::useful(s, p, b))
        // RULINGS F6: Excavation is of no use once the canal is finished.
        .filter(|&b| b != super::science::EXCAVATION || !s.majors.suez_built)
        .collect()
}

/// Evaluate one sponsored figure with these dice.
pub fn evaluate(
    s: &mut model::State,
    fig: u8,
    dice: &mut impl Dice,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    let FigStatus::Sponsored { by, cp } = super::status(s, fig) else {
        return;
    };
    let f = figures::figure(fig);
    let d = [dice.d6(), dice.d6()];
    let result = d[0] + d[1] + f.value + modifier(s, fig, by, cp);
    let t = &data().tables.patronage_results;
    ev.push(Scoped::public(model::Event::Patronage(Event::Evaluated {
        figure: fig,
        power: by,
        dice: d,
        result,
    })));
    super::le_testu::evaluated(s, fig, result, ev);
    if result <= t.removed_at_or_below {
        super::set(s, fig, FigStatus::Removed, ev);
    } else if t.nothing.contains(&result) {
        let st = if f.value == 1 {
            FigStatus::Removed
        } else {
            FigStatus::Pool
        };
        super::set(s, fig, st, ev);
    } else if result < t.award_from {
        super::set(s, fig, FigStatus::Pool, ev);
    } else {
        let max = award(result);
        let marker = best_marker(s, f.kind, max);
        let bonuses = if f.kind == Kind::Scientist {
            free_bonuses(s, by)
        } else {
            vec![]
        };
        match (marker, bonuses.len()) {
            (Some(m), 0) => take_vp(s, fig, by, m, ev),
            // A power without a seat takes the VP.
            (Some(m), _) if s.seat_opt(by).is_none() => take_vp(s, fig, by, m, ev),
            (None, 0) => super::set(s, fig, FigStatus::Pool, ev),
            // [22.2]: no VP marker possible: a bonus must be taken.
            (None, _) => take_bonus(s, fig, by, bonuses[0], ev),
            (Some(_), _) => s.stack.push(model::Frame::Patronage(Frame::Award {
                who: by,
                figure: fig,
                max,
            })),
        }
    }
}

pub fn take_vp(
    s: &mut model::State,
    fig: u8,
    by: Pw,
    (pile, vp): (Pile, u8),
    ev: &mut Vec<Scoped<model::Event>>,
) {
    s.patronage.taken.push((pile, vp));
    s.patronage.vp.resize(6, 0);
    s.patronage.vp[by as usize] += vp as i16;
    ev.push(Scoped::public(model::Event::Patronage(Event::Vp {
        figure: fig,
        power: by,
        vp,
    })));
    super::set(s, fig, FigStatus::Finished { by }, ev);
}

pub fn take_bonus(
    s: &mut model::State,
    fig: u8,
    by: Pw,
    bonus: &str,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    s.patronage.bonuses.push((bonus.to_string(), by));
    ev.push(Scoped::public(model::Event::Patronage(Event::Bonus {
        figure: fig,
        power: by,
        bonus: bonus.to_string(),
    })));
    super::set(s, fig, FigStatus::Finished { by }, ev);
}
