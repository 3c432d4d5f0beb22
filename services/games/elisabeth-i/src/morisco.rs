//! The Morisco revolt (*Aufstand der Morisken*, seed [23.1] L1982-1992, [20.1] L1729,
//! [12.4] L895): the event puts unrest into Spanish home spaces and brings the Ottoman
//! unit "Morisco" onto the map; the unit never stands more than two spaces from Granada,
//! never moves in winter, dies besieging at the start of winter, and spreads unrest each
//! winter while in play.
//!
//! The model (RULINGS K14-K17): `Troops::morisco` counts the unit in its space, in the
//! Ottoman pool's force. `Troops::total` counts it (battle, siege, control, garrison, the
//! winter cap), `UnitKind::Morisco` names it in losses and formations; it is never in
//! `UnitKind::ALL` (the kinds that are raised) nor in `Troops::pooled` (its own counter),
//! and never goes by sea (`Troops::by_sea`). Its decisions are `majors::Frame`s.

use std::sync::OnceLock;

use signoria_engine::Scoped;

use crate::admirals::ALoc;
use crate::board::{force_mut, land_neighbours};
use crate::combat::naval_battle::Waters;
use crate::data::{Power, SpaceId, data};
use crate::events::{EventDef, Lasts, When};
use crate::majors::Frame;
use crate::model::{self, Event, Loc, Purpose, Pw, Selection, State, Troops};
use crate::religion;

/// The unit's id in `powers.json`.
const ID: &str = "morisco";
pub const OTTOMAN: Pw = 0;

fn owner() -> crate::data::PoolOwner {
    crate::data::PoolOwner::Ottoman
}

/// Granada (the data pack's `home_space` of the unit).
pub fn granada() -> SpaceId {
    data()
        .special_unit_home(ID)
        .expect("the data pack names Granada for the Morisco")
}

fn range() -> u8 {
    data().tables.morisco_revolt.range
}

/// Land steps from `from` to every space (passes count as one step, sea zones do not
/// join spaces: RULINGS K15).
fn steps_from(from: SpaceId) -> Vec<Option<u8>> {
    let mut dist = vec![None; data().spaces.len()];
    dist[from.0 as usize] = Some(0);
    let mut layer = vec![from];
    let mut n = 0u8;
    while !layer.is_empty() {
        n += 1;
        let mut next = Vec::new();
        for x in layer {
            for (y, _) in land_neighbours(x) {
                if dist[y.0 as usize].is_none() {
                    dist[y.0 as usize] = Some(n);
                    next.push(y);
                }
            }
        }
        layer = next;
    }
    dist
}

/// Whether `x` is at most two spaces from Granada ([23.1] L1989).
pub fn within(x: SpaceId) -> bool {
    static NEAR: OnceLock<Vec<bool>> = OnceLock::new();
    NEAR.get_or_init(|| {
        steps_from(granada())
            .into_iter()
            .map(|d| d.is_some_and(|d| d <= range()))
            .collect()
    })[x.0 as usize]
}

/// Where the unit stands (None: not in play).
pub fn position(s: &State) -> Option<SpaceId> {
    s.spaces
        .iter()
        .position(|sp| sp.forces.iter().any(|f| f.troops.morisco > 0))
        .map(|i| SpaceId(i as u16))
}

/// [23.1]: a formation with the unit goes only by land and only to a space within two of
/// Granada (every destination of `movement`: move, interception, avoid battle; RULINGS
/// K15); never by sea.
pub fn may_enter(sel: &Selection, purpose: Purpose, to: SpaceId) -> bool {
    sel.troops.morisco == 0 || (purpose != Purpose::Transport && within(to))
}

/// The units of `t` that may go to `to` by land (the Morisco only within two spaces of
/// Granada).
pub fn going(t: Troops, to: SpaceId) -> Troops {
    if within(to) {
        t
    } else {
        Troops { morisco: 0, ..t }
    }
}

/// Whether the selection `after` (with the unit) still has a destination, so that no
/// formation is left without one (always true without it).
pub fn keeps_a_way(
    s: &State,
    p: Pw,
    from: SpaceId,
    purpose: Purpose,
    after: &Selection,
    cp: u8,
) -> bool {
    after.troops.morisco == 0
        || !crate::movement::destinations(s, p, from, purpose, after, cp).is_empty()
}

/// Whether the unit, staying in winter ([23.1] L1991), stands in `x` as an enemy of `p`:
/// `p`'s wintering units do not go there (RULINGS K16; it may stand in an empty enemy
/// fortified space it entered by the event).
pub fn blocks(s: &State, p: Pw, x: SpaceId) -> bool {
    p != OTTOMAN
        && crate::board::at_war(s, p, OTTOMAN)
        && s.sp(x).forces.iter().any(|f| f.troops.morisco > 0)
}

/// Remove the unit from `sp` (RULINGS K15, K16): it is its own counter, outside the
/// Ottoman ledger.
fn eliminate_at(s: &mut State, sp: SpaceId, ev: &mut Vec<Scoped<Event>>) {
    crate::board::lose_own_counter(s, sp, crate::model::UnitKind::Morisco, |_| true, ev);
}

/// [23.1]: a rule that puts the unit farther than two spaces from Granada (a displacement,
/// [12.5]) eliminates it instead (RULINGS K15). Called after such rules moved units.
pub fn eliminate_far(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    if let Some(x) = position(s)
        && !within(x)
    {
        eliminate_at(s, x, ev);
    }
}

/// [12.4] L895: an unoccupied (empty) space holds no land or naval units and no leaders of
/// any power.
pub fn empty(s: &State, x: SpaceId) -> bool {
    s.sp(x).forces.iter().all(|f| f.empty())
        && !s.leaders.iter().any(|l| l.at == Loc::Space(x))
        && !s.admirals.iter().any(|a| a.at == ALoc::At(Waters::Port(x)))
}

/// The spaces the current frame may put unrest on: empty, not in unrest; the event: a
/// Spanish home space; the winter spread: within two spaces of the unit ([20.1]).
fn unrest_spaces(s: &State, winter: bool) -> Vec<SpaceId> {
    let d = data();
    let near = match (winter, position(s)) {
        (true, Some(x)) => Some(steps_from(x)),
        (true, None) => return Vec::new(),
        (false, _) => None,
    };
    d.space_ids()
        .filter(|&x| !s.sp(x).unrest && empty(s, x))
        .filter(|&x| match &near {
            Some(dist) => dist[x.0 as usize].is_some_and(|n| n <= range()),
            None => d.space(x).home == Power::Spain,
        })
        .collect()
}

/// Push the unrest frame when it has a space to offer.
fn push_unrest(s: &mut State, left: u8, winter: bool) {
    if left > 0 && !unrest_spaces(s, winter).is_empty() {
        s.stack
            .push(model::Frame::Majors(Frame::MoriscoUnrest { left, winter }));
    }
}

pub fn choices(s: &State, winter: bool) -> Vec<model::Move> {
    unrest_spaces(s, winter)
        .into_iter()
        .map(|space| model::Move::Religion(religion::Move::Unrest { space }))
        .collect()
}

pub fn prompt(left: u8, winter: bool) -> String {
    if winter {
        format!(
            "Ottoman: the Morisco revolt spreads: {left} unrest marker(s) on empty spaces within two spaces of the Morisco"
        )
    } else {
        format!("Ottoman: Morisco revolt: {left} unrest marker(s) on empty Spanish home spaces")
    }
}

/// One unrest marker placed; the frame goes on while markers and spaces are left.
pub fn resolve(
    s: &mut State,
    left: u8,
    winter: bool,
    mv: &model::Move,
    ev: &mut Vec<Scoped<Event>>,
) {
    let model::Move::Religion(religion::Move::Unrest { space }) = mv else {
        unreachable!("{mv:?} on the Morisco unrest frame");
    };
    s.stack.pop();
    s.sp_mut(*space).unrest = true;
    ev.push(Scoped::public(Event::Religion(
        religion::Event::UnrestPlaced { space: *space },
    )));
    push_unrest(s, left - 1, winter);
}

/// [23.1] L1990-1992, [20.1]: the start of the winter phase (the hook after the action
/// phase). First the unit besieging an enemy fortified space is eliminated, then, while it
/// is in play, the Ottoman places the winter unrest (RULINGS K16).
pub fn winter_start(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    let Some(x) = position(s) else {
        return;
    };
    if s.sp(x)
        .siege
        .as_ref()
        .is_some_and(|g| g.by.contains(&OTTOMAN))
    {
        eliminate_at(s, x, ev);
        return;
    }
    push_unrest(s, data().tables.morisco_revolt.winter_unrest, true);
}

/// [23.1]: the unit enters (after the event's unrest): Granada when it is empty, else the
/// nearest empty space within two of Granada (lowest space number on ties, RULINGS R7);
/// none: it stays off the map (RULINGS K17).
pub fn enter(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    if position(s).is_some() {
        return;
    }
    let Some(x) = crate::board::by_land_distance(granada())
        .into_iter()
        .find(|&x| within(x) && empty(s, x))
    else {
        return;
    };
    force_mut(s, x, owner()).troops.morisco = 1;
    ev.push(Scoped::public(Event::Replacement {
        power: OTTOMAN,
        space: x,
        troops: Troops {
            morisco: 1,
            ..Default::default()
        },
    }));
}

/// *Aufstand der Morisken* (card 43): the seed gives what it does but not its numbers
/// ([23.1] L1986). Reconstructed reading (RULINGS K17): any power holding it may play it in
/// its impulse; the Ottoman places two unrest markers on empty Spanish home spaces, then
/// the unit enters (only when it is not on the map).
pub const MORISCO_REVOLT: EventDef = EventDef {
    key: "morisco_revolt",
    when: When::Impulse,
    lasts: Lasts::Now,
    playable: crate::events::always,
    play: |s: &mut State, _who: Pw, _ev: &mut Vec<Scoped<Event>>| {
        s.stack.push(model::Frame::Majors(Frame::MoriscoEnters));
        push_unrest(s, data().tables.morisco_revolt.event_unrest, false);
    },
};

/// Invariant: at most one unit, Ottoman, never farther than two spaces from Granada.
pub fn violations(s: &State) -> Vec<String> {
    let mut v = Vec::new();
    let mut n = 0u32;
    for (i, sp) in s.spaces.iter().enumerate() {
        for f in sp.forces.iter().filter(|f| f.troops.morisco > 0) {
            n += f.troops.morisco as u32;
            let x = SpaceId(i as u16);
            if f.owner != owner() || !within(x) {
                v.push(format!(
                    "{}: Morisco of {:?} (at most two spaces from Granada, Ottoman only)",
                    data().spaces[i].key,
                    f.owner
                ));
            }
        }
    }
    if n > 1 {
        v.push(format!("{n} Morisco units on the map"));
    }
    v
}
