//! Whose counters a formation takes: an active minor's units are treated as its ally's
//! ("werden wie Einheiten ... der Großmacht behandelt", [24.3] L2219-2221) and the
//! Protestants' are Dutch or Huguenot counters ([23.6]), yet each counter keeps its owner
//! (its pool, its religious affiliation of [18.5]). The player picks the counters up:
//! where free units of a kind belong to more than one owner, the formation offers one
//! addition per owner (`Move::AddUnitOf`), and the owner is recorded in the selection
//! (`Selection::of`, RULINGS N1). A deployment from a Protestant capital takes only its
//! faction's counters ([23.6] L2166-2168, RULINGS K8).

use crate::board::side;
use crate::data::{PoolOwner, SpaceId};
use crate::model::{Purpose, Pw, Selection, State, Troops, UnitKind};

/// The owners on `p`'s side whose land units in `sp` a formation of `purpose` may take,
/// in the order of the space's forces (the order units not recorded are taken in); a
/// deployment from a Protestant capital only its faction ([23.6], RULINGS K8).
pub fn owners(s: &State, p: Pw, sp: SpaceId, purpose: Purpose) -> Vec<PoolOwner> {
    let only = match purpose {
        Purpose::Deploy => crate::majors::protestant::deploy_owner(s, p, sp),
        _ => None,
    };
    s.sp(sp)
        .forces
        .iter()
        .filter(|f| side(s, f.owner) == Some(p) && only.is_none_or(|o| o == f.owner))
        .map(|f| f.owner)
        .collect()
}

fn troops_in(s: &State, sp: SpaceId, o: PoolOwner) -> Troops {
    s.sp(sp)
        .forces
        .iter()
        .find(|f| f.owner == o)
        .map(|f| f.troops)
        .unwrap_or_default()
}

fn add_one(v: &mut Vec<(PoolOwner, Troops)>, o: PoolOwner, k: UnitKind, n: u8) {
    if n == 0 {
        return;
    }
    match v.iter_mut().find(|(x, _)| *x == o) {
        Some((_, t)) => *t.get_mut(k) += n,
        None => {
            let mut t = Troops::default();
            *t.get_mut(k) = n;
            v.push((o, t));
        }
    }
}

/// The units of `sel` in `sp` by owner, among `order`: the owners recorded as they were
/// added (RULINGS N1), then whatever is not recorded (a state stored before owners were
/// recorded, or a formation a rule builds: the whole stack moving on, the Ulster move)
/// from the owners in `order`, each kind from the first that still has units of it
/// (the fixed order used before N1). Never more than each owner has in `sp`.
pub fn by_owner(
    s: &State,
    sp: SpaceId,
    sel: &Selection,
    order: &[PoolOwner],
) -> Vec<(PoolOwner, Troops)> {
    let mut left: Vec<(PoolOwner, Troops)> =
        order.iter().map(|&o| (o, troops_in(s, sp, o))).collect();
    let mut out: Vec<(PoolOwner, Troops)> = Vec::new();
    let mut pick = |o: PoolOwner, k: UnitKind, want: u8, out: &mut Vec<_>| -> u8 {
        let Some((_, have)) = left.iter_mut().find(|(x, _)| *x == o) else {
            return 0;
        };
        let n = want.min(have.get(k));
        *have.get_mut(k) -= n;
        add_one(out, o, k, n);
        n
    };
    // Never the Knights ([17.1]: a stack moving on names them, they stay); the Morisco
    // is moved like the other kinds ([23.1]).
    for k in UnitKind::MOVED {
        let mut want = sel.troops.get(k);
        for &(o, t) in &sel.of {
            want -= pick(o, k, t.get(k).min(want), &mut out);
        }
        for &o in order {
            want -= pick(o, k, want, &mut out);
        }
    }
    // In the order of `order`, whatever the recorded order was.
    out.sort_by_key(|(o, _)| order.iter().position(|x| x == o));
    out
}

/// The units of each owner in `from` that the formation `sel` of `purpose` could still
/// take (never the Knights, [17.1]), owners without any left out.
pub fn free(
    s: &State,
    p: Pw,
    from: SpaceId,
    purpose: Purpose,
    sel: &Selection,
) -> Vec<(PoolOwner, Troops)> {
    let order = owners(s, p, from, purpose);
    let taken = by_owner(s, from, sel, &order);
    order
        .into_iter()
        .map(|o| {
            let mut t = troops_in(s, from, o).movable();
            if let Some((_, x)) = taken.iter().find(|(x, _)| *x == o) {
                t.sub(x);
            }
            (o, t)
        })
        .filter(|(_, t)| t.total() > 0)
        .collect()
}

/// The owners whose free units of kind `k` the formation may take: one addition each
/// (`Move::AddUnitOf`) when there are several, a plain `Move::AddUnit` when one.
pub fn of_kind(free: &[(PoolOwner, Troops)], k: UnitKind) -> Vec<PoolOwner> {
    free.iter()
        .filter(|(_, t)| t.get(k) > 0)
        .map(|&(o, _)| o)
        .collect()
}

/// Add one unit of kind `k` of `owner` (None: the only owner offering that kind) to the
/// formation, recording its owner. The owners of units added before owners were
/// recorded are fixed first, in the order they would have been taken.
pub fn add(
    s: &State,
    p: Pw,
    from: SpaceId,
    purpose: Purpose,
    sel: &mut Selection,
    k: UnitKind,
    owner: Option<PoolOwner>,
) {
    let f = free(s, p, from, purpose, sel);
    let o = owner
        .or_else(|| of_kind(&f, k).first().copied())
        .expect("a listed addition has an owner");
    sel.of = by_owner(s, from, sel, &owners(s, p, from, purpose));
    take(sel, o, k, 1);
}

/// `n` units of kind `k` of `o` join the formation `sel`, their owner recorded.
pub fn take(sel: &mut Selection, o: PoolOwner, k: UnitKind, n: u8) {
    add_one(&mut sel.of, o, k, n);
    *sel.troops.get_mut(k) += n;
}
