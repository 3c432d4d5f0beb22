//! Declarations of war on minor powers and interventions ([9.4] steps 2-4): a major at
//! war with an inactive minor may enter, besiege and take its spaces as it does an
//! independent's ([24.1], [24.7]); the winner of the minor's status determination may
//! intervene on its side.

use signoria_engine::Scoped;

use crate::board::at_war;
use crate::data::Power;
use crate::diplomacy as dip;
use crate::model::{self, Pw, major};

use super::{Event, Frame, Move};

/// Whether the units and spaces of `minor` are hostile to `p`: an inactive minor `p`
/// declared war on, or an active minor whose ally is at war with `p`.
pub fn hostile(s: &model::State, minor: Power, p: Pw) -> bool {
    if !minor.is_minor() {
        return false;
    }
    match super::activation::ally(s, minor) {
        Some(a) => a != p && at_war(s, a, p),
        None => s.minors.wars.contains(&(minor, p)),
    }
}

/// The minors `who` may declare war on now ([9.4] step 2 and its restrictions): not at
/// war with it already, not one allied to a major, not Portugal while *King Sebastian I
/// Dies* has not been played, not one whose column `who` lost by an earlier declaration;
/// within the CP its cards can pay with what it owes already.
pub fn targets(s: &model::State, who: Pw, declared: &[Power], owed: u32) -> Vec<Power> {
    let cp = dip::payable_cp(s, who);
    Power::MINORS
        .into_iter()
        .filter(|&m| {
            !declared.contains(&m)
                && !s.minors.wars.contains(&(m, who))
                && super::activation::ally(s, m).is_none()
                && (m != Power::Portugal || sebastian_played(s))
                && cost(who, m).is_some_and(|c| owed + c as u32 <= cp)
        })
        .collect()
}

fn sebastian_played(s: &model::State) -> bool {
    crate::data::data()
        .card_by_key("king_sebastian_i_dies")
        .is_some_and(|c| s.removed.contains(&c.id))
}

/// The cost of a declaration on a minor (diplomatic status display, `tables.json`).
pub fn cost(who: Pw, minor: Power) -> Option<u8> {
    match crate::data::data()
        .tables
        .dow_costs
        .between(major(who), minor)?
    {
        crate::data::tables::Cost::Cp(c) => Some(*c),
        _ => None,
    }
}

/// The frame of `who`'s declarations on minors (RULINGS P8).
pub fn frame(who: Pw) -> Frame {
    Frame::MinorWar {
        who,
        declared: Vec::new(),
    }
}

pub fn choices(s: &model::State, who: Pw, declared: &[Power]) -> Vec<model::Move> {
    let owed: u32 = declared
        .iter()
        .filter_map(|&m| cost(who, m))
        .map(u32::from)
        .sum();
    let mut v: Vec<model::Move> = targets(s, who, declared, owed)
        .into_iter()
        .map(|minor| model::Move::Minors(Move::DeclareWarOnMinor { minor }))
        .collect();
    v.push(model::Move::Done);
    v
}

/// [9.4] step 2: the At War marker; the declarer's influence marker leaves the column
/// for good.
pub fn declare(s: &mut model::State, who: Pw, minor: Power, ev: &mut Vec<Scoped<model::Event>>) {
    s.minors.wars.push((minor, who));
    s.minors.wars.sort();
    s.minors.influence.retain(|x| !(x.0 == minor && x.1 == who));
    if !s.minors.banned.contains(&(minor, who)) {
        s.minors.banned.push((minor, who));
        s.minors.banned.sort();
    }
    ev.push(Scoped::public(model::Event::Minors(Event::WarOnMinor {
        by: who,
        minor,
    })));
}

/// [9.4] step 4: the status determination without the declarer and the Deactivate row;
/// the competitors ranked (highest total first, ties to the earlier power).
pub fn ranking(
    s: &mut model::State,
    minor: Power,
    declarer: Pw,
    ev: &mut Vec<Scoped<model::Event>>,
) -> Vec<Pw> {
    let Some(c) = super::influence::column(minor) else {
        return Vec::new();
    };
    let mut who: Vec<Pw> = c
        .activate
        .iter()
        .copied()
        .filter(|&p| p != declarer && !c.deactivate.contains(&p))
        .collect();
    who.sort();
    let rolls = super::influence::roll(s, minor, &who);
    let mut order: Vec<(Pw, u8, u8)> = rolls.clone();
    order.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(&b.0)));
    if let Some(&(winner, _, _)) = order.first() {
        ev.push(Scoped::public(model::Event::Minors(
            Event::StatusDetermined {
                of: minor,
                rolls,
                winner,
            },
        )));
    }
    if !s.minors.determined.contains(&minor) {
        s.minors.determined.push(minor);
    }
    order.into_iter().map(|r| r.0).collect()
}

/// Intervention: the minor becomes the winner's ally and the winner is at war with the
/// declarer (an alliance between them ends). Isolation: the next in the ranking decides.
pub fn decide(
    s: &mut model::State,
    minor: Power,
    declarer: Pw,
    ranking: Vec<Pw>,
    intervene: bool,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    let Some((&who, rest)) = ranking.split_first() else {
        return;
    };
    if intervene {
        // At war with the declarer, an alliance between them ended; units of the two in
        // one space not controlled by their power are displaced ([9.4] step 4 L727).
        crate::religion::rebellion::declare_war(s, who, declarer, ev);
        // After the war on the declarer, which so has no free declaration ([24.2] step 2).
        super::activation::activate(s, minor, who, ev);
        return;
    }
    ev.push(Scoped::public(model::Event::Minors(Event::Isolated {
        minor,
        by: who,
    })));
    if !rest.is_empty() {
        s.stack.push(model::Frame::Minors(Frame::Intervene {
            minor,
            declarer,
            ranking: rest.to_vec(),
        }));
    }
}

/// The minor powers a major is at war with ([24.2] step 5 removes them on activation).
pub fn end_wars(s: &mut model::State, minor: Power) {
    s.minors.wars.retain(|x| x.0 != minor);
}
