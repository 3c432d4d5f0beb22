//! Land movement (seed [13], [13.1]) and the spring deployment move ([10] step 6):
//! formations, destinations and their costs.
//!
//! Until the combat subsystems land (field battle [14], sieges [15]), a move that would
//! lead to interception, avoid battle, withdrawal, a field battle or a siege is refused
//! with [`Refusal::NeedsCombat`]: it is not listed, and `check` names the missing rule.

use std::collections::VecDeque;

use signoria_engine::Scoped;

use crate::board::{
    allied, at_war, enemy_anything, enemy_controlled, foreign_land, fortified, friendly,
    land_neighbours, leaders_in, owner_pw, troops_of,
};
use crate::data::{Power, SpaceId, data};
use crate::model::{Event, Loc, Purpose, Pw, Selection, State, Troops, UnitKind, major};

/// Why a destination is not offered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    Illegal(&'static str),
    /// Legal by the rules, but it leads into a procedure that is not implemented yet.
    NeedsCombat(&'static str),
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

/// Whether a land formation of a power at war with `p` could try to intercept a move of
/// `p` into `to` (seed [13.2]): adjacent by a clear connection, and `to` is not `p`'s own
/// or allied unbesieged fortified space, and `to`'s controller is the interceptor, its
/// enemy or its ally.
fn interception_possible(s: &State, p: Pw, to: SpaceId) -> bool {
    if fortified(s, to) && friendly(s, p, to) {
        return false;
    }
    let ctrl = crate::board::controller_pw(s, to);
    land_neighbours(to).filter(|(_, pass)| !pass).any(|(c, _)| {
        s.sp(c).forces.iter().any(|f| {
            f.troops.total() > 0
                && owner_pw(f.owner).is_some_and(|q| {
                    at_war(s, p, q)
                        && match ctrl {
                            Some(k) => k == q || at_war(s, q, k) || allied(s, q, k),
                            None => false,
                        }
                })
        })
    })
}

/// Whether power `p` may enter `to` at all by the control rule of [13.1].
fn may_enter(s: &State, p: Pw, to: SpaceId) -> Result<(), Refusal> {
    let sp = s.sp(to);
    // [9.5]: Spanish units may not enter Irish or Scottish home spaces while the DOW
    // cost is above 3 (it stays 5 until the events of issue 15 lower it).
    let home = data().space(to).home;
    if major(p) == Power::Spain && matches!(home, Power::Ireland | Power::Scotland) {
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
        None => return Err(Refusal::Illegal("controlled by a minor power not at war")),
    }
    Ok(())
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
    if foreign_land(s, p, to) {
        return Err(Refusal::NeedsCombat(
            "entering a space with other powers' land units leads to avoid battle, withdrawal, field battle or siege ([13]-[15]), not implemented yet",
        ));
    }
    if fortified(s, to) && !friendly(s, p, to) {
        return Err(Refusal::NeedsCombat(
            "entering an enemy or independent fortified space begins a siege ([15]), not implemented yet",
        ));
    }
    if !leader_alone && interception_possible(s, p, to) {
        return Err(Refusal::NeedsCombat(
            "enemy land units could intercept this move; interception leads to a field battle ([13.2], [14]), not implemented yet",
        ));
    }
    Ok(if pass { 2 } else { 1 })
}

/// Spaces the spring deployment move of `p` may reach from `capital` ([10] step 6):
/// through friendly-controlled spaces not in unrest, no passes; the sea crossing is not
/// implemented (see README).
pub fn deploy_targets(s: &State, p: Pw, capital: SpaceId) -> Vec<SpaceId> {
    let mut seen = vec![false; s.spaces.len()];
    seen[capital.0 as usize] = true;
    let mut q = VecDeque::from([capital]);
    let mut out = Vec::new();
    while let Some(x) = q.pop_front() {
        for (y, pass) in land_neighbours(x) {
            if pass || seen[y.0 as usize] {
                continue;
            }
            seen[y.0 as usize] = true;
            if !friendly(s, p, y) || s.sp(y).unrest || enemy_anything(s, p, y) {
                continue;
            }
            q.push_back(y);
            if !foreign_land(s, p, y) {
                out.push(y);
            }
        }
    }
    out.sort();
    out
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
    match purpose {
        Purpose::Deploy => deploy_targets(s, p, from)
            .into_iter()
            .map(|t| (t, 0))
            .collect(),
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

/// Units of `p` in `from` not yet selected.
pub fn free_troops(s: &State, p: Pw, from: SpaceId, sel: &Selection) -> Troops {
    let mut t = troops_of(s, p, from);
    t.sub(&sel.troops);
    t
}

/// Leaders of `p` in `from` that may join (deployment: only those that began spring in
/// the capital, [10] step 6).
pub fn free_leaders(s: &State, p: Pw, from: SpaceId, purpose: Purpose, sel: &Selection) -> Vec<u8> {
    leaders_in(s, p, from)
        .into_iter()
        .filter(|l| !sel.leaders.contains(l))
        .filter(|l| purpose == Purpose::Move || !s.fresh.contains(l))
        .collect()
}

/// Whether any formation of `p` could leave `from` (for listing "move from").
pub fn can_move_from(s: &State, p: Pw, from: SpaceId, cp: u8) -> bool {
    let t = troops_of(s, p, from);
    if t.total() == 0 {
        return false;
    }
    let one = Selection {
        troops: Troops {
            regulars: 1,
            ..Default::default()
        },
        leaders: vec![],
    };
    !destinations(s, p, from, Purpose::Move, &one, cp).is_empty()
}

/// Move the selection (units taken from the Protestant factions in order).
pub fn carry_out(
    s: &mut State,
    p: Pw,
    from: SpaceId,
    to: SpaceId,
    sel: &Selection,
    ev: &mut Vec<Scoped<Event>>,
) {
    for k in UnitKind::ALL {
        let mut left = sel.troops.get(k);
        let owners: Vec<_> = s
            .sp(from)
            .forces
            .iter()
            .filter(|f| owner_pw(f.owner) == Some(p))
            .map(|f| f.owner)
            .collect();
        for o in owners {
            if left == 0 {
                break;
            }
            let f = crate::board::force_mut(s, from, o);
            let n = (*f.troops.get_mut(k)).min(left);
            *f.troops.get_mut(k) -= n;
            left -= n;
            *crate::board::force_mut(s, to, o).troops.get_mut(k) += n;
        }
        debug_assert_eq!(left, 0);
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
}
