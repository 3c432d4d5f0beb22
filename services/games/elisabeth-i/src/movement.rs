//! Land movement (seed [13], [13.1]) and the spring deployment move ([10] step 6):
//! formations, destinations and their costs.
//!
//! A move into a space with other powers' units or an enemy fortress is legal when the
//! entry rules of [13.1] allow it; what follows (interception, avoid battle, withdrawal,
//! battle, siege) is the procedure of [`crate::land`].

use std::collections::VecDeque;

use signoria_engine::Scoped;

use crate::board::{
    allied, at_war, enemy_anything, enemy_controlled, foreign_land, friendly, land_neighbours,
    leaders_in, side, side_power, troops_of,
};
use crate::data::{Power, SpaceId, data};
use crate::model::{Event, Loc, Purpose, Pw, Selection, State, Troops, major};

/// Why a destination is not offered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    Illegal(&'static str),
}

/// Formation size (seed [5.1]): 4 without leader; one leader: his command rating; two
/// or more: the sum of the two highest command ratings.
pub fn formation_limit(leaders: &[u8]) -> u8 {
    let d = data();
    let mut c: Vec<u8> = leaders
        .iter()
        .map(|&i| d.army_leaders[i as usize].command)
        .collect();
    c.sort_unstable_by(|a, b| b.cmp(a));
    match c.len() {
        0 => d.tables.formation.no_leader_max,
        1 => c[0],
        _ => c[0] + c[1],
    }
}

/// [9.5]: Spanish units may not enter Irish or Scottish home spaces while the DOW cost is
/// above 3 (it stays 5 until the events of issue 15 lower it), not even when an ally
/// controls them (an active minor, [24.2]).
pub fn closed_to_spain(p: Pw, to: SpaceId) -> bool {
    major(p) == Power::Spain && matches!(data().space(to).home, Power::Ireland | Power::Scotland)
}

/// Whether power `p` may enter `to` at all by the control rule of [13.1].
pub(crate) fn may_enter(s: &State, p: Pw, to: SpaceId) -> Result<(), Refusal> {
    let sp = s.sp(to);
    if closed_to_spain(p, to) {
        return Err(Refusal::Illegal(
            "Spain may not enter Irish or Scottish home spaces",
        ));
    }
    match crate::board::controller_pw(s, to) {
        Some(c) if c == p || allied(s, p, c) || at_war(s, p, c) => {}
        Some(_) => {
            return Err(Refusal::Illegal(
                "controlled by a power neither at war nor allied",
            ));
        }
        None if sp.controller == Power::Independent => {}
        // A minor power at war with `p` ([9.4], [24.1]).
        None if crate::minors::wars::hostile(s, sp.controller, p) => {}
        None => return Err(Refusal::Illegal("controlled by a minor power not at war")),
    }
    Ok(())
}

/// The [13.1] rule for entering a space that holds land units of other powers: all of
/// them allied, or all of them enemies (and no siege between enemies or between allies
/// there), or the controller's and its allies' units in an enemy-controlled space, or a
/// besieged fortress with allies inside and enemies outside (relief) or enemies inside
/// and allies outside (joining the siege). Independents inside their fortress never
/// block entry ([24.7]).
pub fn entry_with_units(s: &State, p: Pw, to: SpaceId) -> Result<(), Refusal> {
    let mut inside: Vec<Option<Pw>> = Vec::new();
    let mut outside: Vec<Option<Pw>> = Vec::new();
    for f in &s.sp(to).forces {
        if f.troops.total() == 0 {
            continue;
        }
        let o = side(s, f.owner);
        if o == Some(p) {
            continue;
        }
        if crate::board::is_inside(s, to, f.owner) {
            inside.push(o);
        } else if o.is_none() {
            // Independent (and minor) units stand in their fortress.
            if side_power(s, f.owner) != Power::Independent
                && !crate::minors::wars::hostile(s, side_power(s, f.owner), p)
            {
                return Err(Refusal::Illegal("units of a minor power not at war"));
            }
        } else {
            outside.push(o);
        }
    }
    let ally = |o: &Option<Pw>| o.is_some_and(|q| allied(s, p, q));
    let enemy = |o: &Option<Pw>| o.is_some_and(|q| at_war(s, p, q));
    let ok = if s.sp(to).siege.is_some() {
        // Relief or joining the siege.
        (inside.iter().all(ally) && outside.iter().all(enemy))
            || (inside.iter().all(|o| enemy(o) || o.is_none()) && outside.iter().all(ally))
    } else {
        outside.iter().all(ally) || outside.iter().all(enemy)
    };
    if ok {
        Ok(())
    } else {
        Err(Refusal::Illegal(
            "land units there are neither all allied nor all enemies ([13.1])",
        ))
    }
}

/// Cost of moving `sel` of power `p` from `from` to `to` in the action phase.
pub fn move_cost(
    s: &State,
    p: Pw,
    from: SpaceId,
    to: SpaceId,
    sel: &Selection,
) -> Result<u8, Refusal> {
    let Some(pass) = land_neighbours(from)
        .find(|(o, _)| *o == to)
        .map(|(_, p)| p)
    else {
        return Err(Refusal::Illegal("not adjacent by land"));
    };
    may_enter(s, p, to)?;
    let leader_alone = sel.troops.total() == 0;
    if leader_alone && (enemy_controlled(s, p, to) || enemy_anything(s, p, to)) {
        return Err(Refusal::Illegal(
            "a leader alone may not enter enemy-controlled or enemy-occupied spaces",
        ));
    }
    entry_with_units(s, p, to)?;
    Ok(if pass { 2 } else { 1 })
}

/// Spaces the spring deployment move of `p` may reach from `capital` ([10] step 6), and
/// whether the way crosses a sea zone: through friendly-controlled spaces not in unrest,
/// no passes, at most one sea zone from a friendly port to a friendly port on it, when no
/// other major has ships in a port on that zone.
pub fn deploy_reach(s: &State, p: Pw, capital: SpaceId) -> Vec<(SpaceId, bool)> {
    let d = data();
    let n = s.spaces.len();
    // seen[x][crossed]
    let mut seen = vec![[false; 2]; n];
    seen[capital.0 as usize][0] = true;
    let mut q = VecDeque::from([(capital, false)]);
    let mut out: Vec<(SpaceId, bool)> = Vec::new();
    let passable = |y: SpaceId| {
        friendly(s, p, y) && !s.sp(y).unrest && !enemy_anything(s, p, y) && !closed_to_spain(p, y)
    };
    let zone_free = |z: crate::data::SeaZoneId| {
        d.sea_zone(z).ports.iter().all(|&port| {
            s.sp(port)
                .forces
                .iter()
                .all(|f| f.ships.total() == 0 || side(s, f.owner).is_none_or(|q| q == p))
        })
    };
    while let Some((x, crossed)) = q.pop_front() {
        let mut next: Vec<(SpaceId, bool)> = land_neighbours(x)
            .filter(|&(_, pass)| !pass)
            .map(|(y, _)| (y, crossed))
            .collect();
        if !crossed && d.space(x).ships_may_enter() {
            for &z in &d.space(x).ports {
                if !zone_free(z) {
                    continue;
                }
                for &y in &d.sea_zone(z).ports {
                    if y != x && d.space(y).ships_may_enter() {
                        next.push((y, true));
                    }
                }
            }
        }
        for (y, c) in next {
            if seen[y.0 as usize][c as usize] || (c && seen[y.0 as usize][0]) {
                continue;
            }
            seen[y.0 as usize][c as usize] = true;
            if !passable(y) {
                continue;
            }
            q.push_back((y, c));
            if !foreign_land(s, p, y) {
                out.push((y, c));
            }
        }
    }
    // A space reached both ways needs no crossing.
    out.sort();
    out.dedup_by(|a, b| a.0 == b.0);
    out
}

/// The deployment targets of any formation (see [`deploy_reach`]).
pub fn deploy_targets(s: &State, p: Pw, capital: SpaceId) -> Vec<SpaceId> {
    deploy_reach(s, p, capital)
        .into_iter()
        .map(|x| x.0)
        .collect()
}

/// The destinations `sel` may go to now, with their cost (0 for deployment).
pub fn destinations(
    s: &State,
    p: Pw,
    from: SpaceId,
    purpose: Purpose,
    sel: &Selection,
    cp: u8,
) -> Vec<(SpaceId, u8)> {
    let mut v = destinations_any(s, p, from, purpose, sel, cp);
    // [20.10]: the Duke of Guise never leaves the French zone.
    v.retain(|&(to, _)| crate::majors::france::may_enter(&sel.leaders, to));
    // [23.1]: the Morisco never farther than two spaces from Granada, never by sea.
    v.retain(|&(to, _)| crate::morisco::may_enter(sel, purpose, to));
    v
}

fn destinations_any(
    s: &State,
    p: Pw,
    from: SpaceId,
    purpose: Purpose,
    sel: &Selection,
    cp: u8,
) -> Vec<(SpaceId, u8)> {
    match purpose {
        // [10] step 6: at most 5 land units across a sea zone.
        Purpose::Deploy => deploy_reach(s, p, from)
            .into_iter()
            .filter(|&(_, crossed)| !crossed || sel.troops.total() <= 5)
            .map(|(t, _)| (t, 0))
            .collect(),
        Purpose::Intercept { to } => {
            let own_there = troops_of(s, p, to).total() > 0;
            if sel.troops.total() > 0 || own_there {
                vec![(to, 0)]
            } else {
                Vec::new()
            }
        }
        Purpose::Avoid { to } => vec![(to, 0)],
        Purpose::Assault | Purpose::Transport => {
            if sel.troops.total() > 0 {
                vec![(from, 0)]
            } else {
                Vec::new()
            }
        }
        Purpose::Move => {
            let mut v: Vec<(SpaceId, u8)> = land_neighbours(from)
                .filter_map(|(t, _)| match move_cost(s, p, from, t, sel) {
                    Ok(c) if c <= cp => Some((t, c)),
                    _ => None,
                })
                .collect();
            v.sort();
            v.dedup();
            v
        }
    }
}

/// Leaders of `p` in `from` that may join (deployment: only those that began spring in
/// the capital, [10] step 6).
pub fn free_leaders(s: &State, p: Pw, from: SpaceId, purpose: Purpose, sel: &Selection) -> Vec<u8> {
    leaders_in(s, p, from)
        .into_iter()
        .filter(|l| !sel.leaders.contains(l))
        .filter(|l| purpose != Purpose::Deploy || !s.fresh.contains(l))
        .collect()
}

/// Whether `p`'s units in a space may make a move action now ([13.1], [15]): not
/// besieged, not besieging since this impulse, not beaten in a field battle this impulse.
pub fn may_move(s: &State, p: Pw, from: SpaceId) -> bool {
    if let Some(g) = &s.sp(from).siege
        && (!g.by.contains(&p) || g.since == s.impulse)
    {
        return false;
    }
    !s.memo.beaten.contains(&(p, from))
}

/// Whether any formation of `p` could leave `from` (for listing "move from").
pub fn can_move_from(s: &State, p: Pw, from: SpaceId, cp: u8) -> bool {
    let t = troops_of(s, p, from).movable();
    if t.total() == 0 || !may_move(s, p, from) {
        return false;
    }
    // A space holding only the Morisco moves it within two spaces of Granada ([23.1]).
    let troops = if t.by_sea().total() == 0 {
        Troops {
            morisco: 1,
            ..Default::default()
        }
    } else {
        Troops {
            regulars: 1,
            ..Default::default()
        }
    };
    let one = Selection {
        troops,
        ..Default::default()
    };
    !destinations(s, p, from, Purpose::Move, &one, cp).is_empty()
}

/// Move the selection (the counters picked, `Selection::of`; RULINGS N1); returns the
/// units moved by owner.
pub fn carry_out(
    s: &mut State,
    p: Pw,
    from: SpaceId,
    to: SpaceId,
    sel: &Selection,
    ev: &mut Vec<Scoped<Event>>,
) -> Vec<(crate::data::PoolOwner, Troops)> {
    carry_out_first(s, p, from, to, sel, None, ev)
}

/// The units of `p` a spring deployment from `from` may take ([10] step 6): from a
/// Protestant capital only its own faction's ([23.6], RULINGS K8), else all of them.
pub fn deploy_troops(s: &State, p: Pw, from: SpaceId) -> Troops {
    let mut t = Troops::default();
    for (_, x) in crate::owners::free(s, p, from, Purpose::Deploy, &Selection::default()) {
        t.add(&x);
    }
    t
}

/// [`carry_out`] taking the counters the player picked (`Selection::of`, [24.3], RULINGS
/// N1); those not recorded are taken from `first`, then from the other owners (a
/// deployment from a Protestant capital takes its faction's units, [23.6], K8).
pub fn carry_out_first(
    s: &mut State,
    p: Pw,
    from: SpaceId,
    to: SpaceId,
    sel: &Selection,
    first: Option<crate::data::PoolOwner>,
    ev: &mut Vec<Scoped<Event>>,
) -> Vec<(crate::data::PoolOwner, Troops)> {
    let mut order: Vec<_> = s
        .sp(from)
        .forces
        .iter()
        .filter(|f| side(s, f.owner) == Some(p))
        .map(|f| f.owner)
        .collect();
    order.sort_by_key(|&o| Some(o) != first);
    let moved = crate::owners::by_owner(s, from, sel, &order);
    debug_assert_eq!(
        moved.iter().map(|(_, t)| t.total() as u32).sum::<u32>(),
        sel.troops.movable().total() as u32
    );
    for (o, t) in &moved {
        crate::board::force_mut(s, from, *o).troops.sub(t);
        crate::board::force_mut(s, to, *o).troops.add(t);
    }
    crate::board::tidy(s, from);
    crate::board::tidy(s, to);
    for &l in &sel.leaders {
        let i = crate::board::leader_pos(s, l);
        s.leaders[i].at = Loc::Space(to);
    }
    ev.push(Scoped::public(Event::Moved {
        power: p,
        from,
        to,
        troops: sel.troops,
        leaders: sel.leaders.clone(),
    }));
    moved
}
