//! Diplomatic influence ([24.5]) and the status determination ([24.6]) of the minor
//! powers and, in games with fewer than six players, of the activated majors ([3.2]).

use signoria_engine::Scoped;

use crate::data::{Power, data};
use crate::model::{self, Pw, major, pw};

use super::Event;

/// A column of the influence display: who activates, who deactivates, where the markers
/// start. Minors from `influence_display.minors`; the activated majors of a game with
/// fewer than six players from `activated_majors_2_to_5_players` (RULINGS P3).
pub struct Column {
    pub activate: Vec<Pw>,
    pub deactivate: Vec<Pw>,
    pub start: Vec<(Pw, u8)>,
}

pub fn column(target: Power) -> Option<Column> {
    let t = &data().tables.influence_display;
    let pws = |v: &[Power]| v.iter().filter_map(|&p| pw(p)).collect::<Vec<Pw>>();
    if let Some(c) = t.minors.iter().find(|c| c.minor == target) {
        return Some(Column {
            activate: pws(&c.activate),
            deactivate: pws(&c.deactivate),
            start: c
                .start
                .iter()
                .filter_map(|(&p, &n)| Some((pw(p)?, n)))
                .collect(),
        });
    }
    let c = t
        .activated_majors_2_to_5_players
        .iter()
        .find(|c| c.major == target)?;
    Some(Column {
        activate: pws(&c.activate),
        deactivate: pws(&c.deactivate),
        start: c
            .start
            .iter()
            .filter_map(|(&p, &n)| Some((pw(p)?, n)))
            .collect(),
    })
}

/// The columns of this game: the five minors, and the activated majors when fewer than
/// six play.
pub fn targets(s: &model::State) -> Vec<Power> {
    let mut v = Power::MINORS.to_vec();
    v.extend(s.minors.activated.iter().map(|(p, _)| major(*p)));
    v
}

/// `by`'s influence on `target` (the box of its marker, 0 when it has none).
pub fn influence(s: &model::State, target: Power, by: Pw) -> u8 {
    s.minors
        .influence
        .iter()
        .find(|(t, p, _)| *t == target && *p == by)
        .map_or(0, |x| x.2)
}

fn set(s: &mut model::State, target: Power, by: Pw, n: u8) {
    let v = &mut s.minors.influence;
    v.retain(|(t, p, _)| !(*t == target && *p == by));
    if n > 0 {
        v.push((target, by, n));
        v.sort();
    }
}

/// The markers of a column at their starting boxes ([24.6] step 6, [20.9]).
pub fn reset(s: &mut model::State, target: Power) {
    s.minors.influence.retain(|(t, _, _)| *t != target);
    if let Some(c) = column(target) {
        for (p, n) in c.start {
            set(s, target, p, n);
        }
    }
}

/// [24.5]: the columns `who` may buy influence in now (listed in the Activate or
/// Deactivate row, not in box 9, not determined this turn).
pub fn buyable(s: &model::State, who: Pw) -> Vec<Power> {
    let max = data().tables.influence_display.max_influence;
    targets(s)
        .into_iter()
        .filter(|&t| {
            major(who) != t
                && !s.minors.determined.contains(&t)
                && influence(s, t, who) < max
                && column(t)
                    .is_some_and(|c| c.activate.contains(&who) || c.deactivate.contains(&who))
        })
        .collect()
}

/// [24.5]: buy one box of influence (1 CP).
pub fn buy(s: &mut model::State, who: Pw, target: Power, ev: &mut Vec<Scoped<model::Event>>) {
    let n = influence(s, target, who) + 1;
    set(s, target, who, n);
    ev.push(Scoped::public(model::Event::Minors(
        Event::InfluenceBought {
            on: target,
            by: who,
            now: n,
        },
    )));
}

/// [24.6]: determine the diplomatic status of `target`. Once per turn: a second
/// determination while the markers are in "determined this turn" is ignored.
pub fn determine(s: &mut model::State, target: Power, ev: &mut Vec<Scoped<model::Event>>) {
    if s.minors.determined.contains(&target) {
        return;
    }
    let Some(c) = column(target) else {
        return;
    };
    // Step 1: the competitors, in impulse order.
    let mut who: Vec<Pw> = c.activate.iter().chain(&c.deactivate).copied().collect();
    who.sort();
    who.dedup();
    // Step 2: a die each plus influence (Scotland: the religion bonus).
    let mut rolls = Vec::new();
    for &p in &who {
        let die = s.rng.die(6) as u8;
        let total = die + influence(s, target, p) + scotland_bonus(s, target, p);
        rolls.push((p, die, total));
    }
    // Step 3: the highest total; a tie goes to the earlier power in impulse order.
    let best = rolls.iter().map(|r| r.2).max().unwrap_or(0);
    let Some(&(winner, _, _)) = rolls.iter().find(|r| r.2 == best) else {
        return;
    };
    ev.push(Scoped::public(model::Event::Minors(
        Event::StatusDetermined {
            of: target,
            rolls,
            winner,
        },
    )));
    // Steps 4 and 5.
    if c.activate.contains(&winner) {
        super::activation::activate(s, target, winner, ev);
    } else {
        super::activation::deactivate(s, target, ev);
    }
    // Step 6.
    s.minors.determined.push(target);
}

/// [24.6] step 2: +2 for France (the Protestants) when 3 Scottish home spaces are
/// Catholic (Protestant).
fn scotland_bonus(s: &model::State, target: Power, p: Pw) -> u8 {
    if target != Power::Scotland {
        return 0;
    }
    let d = data();
    let homes: Vec<bool> = d
        .space_ids()
        .filter(|&x| d.space(x).home == Power::Scotland)
        .map(|x| s.sp(x).protestant)
        .collect();
    let prot = homes.iter().filter(|&&b| b).count();
    let cath = homes.len() - prot;
    match major(p) {
        Power::France if cath >= 3 => 2,
        Power::Protestant if prot >= 3 => 2,
        _ => 0,
    }
}

/// Winter ([20.9], [24.6] step 6): the markers of the columns determined this turn go
/// back to their starting boxes.
pub fn winter(s: &mut model::State) {
    for t in std::mem::take(&mut s.minors.determined) {
        reset(s, t);
    }
}
