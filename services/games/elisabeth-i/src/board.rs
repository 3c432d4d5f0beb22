//! Who is friend or enemy, who controls what, and the pieces in a space: the questions
//! every rule asks (seed [2.4], [9.2], [12]).

use crate::data::{ConnectionKind, PoolOwner, Power, SpaceId, SpaceKind, data};
use crate::model::{Force, Pw, State, Troops, major, pw};

/// The major that owns an owner's units (Dutch and Huguenots are the Protestants).
pub fn owner_pw(o: PoolOwner) -> Option<Pw> {
    pw(o.power())
}

/// The major an owner's units move, fight and retreat for: its own major, or the ally of
/// an active minor ([24.3]: its units are treated as the ally's, RULINGS N1). Inactive
/// minors and independents: None.
pub fn side(s: &State, o: PoolOwner) -> Option<Pw> {
    owner_pw(o).or_else(|| crate::minors::activation::ally(s, o.power()))
}

/// [`side`] as a data power (an inactive minor or the independents: itself).
pub fn side_power(s: &State, o: PoolOwner) -> Power {
    side(s, o).map(major).unwrap_or(o.power())
}

fn pair(a: Pw, b: Pw) -> (Pw, Pw) {
    if a < b { (a, b) } else { (b, a) }
}

pub fn at_war(s: &State, a: Pw, b: Pw) -> bool {
    s.wars.contains(&pair(a, b))
}

pub fn allied(s: &State, a: Pw, b: Pw) -> bool {
    s.alliances.contains(&pair(a, b))
}

pub fn set_war(s: &mut State, a: Pw, b: Pw, on: bool) {
    let p = pair(a, b);
    s.wars.retain(|x| *x != p);
    if on {
        s.wars.push(p);
        s.wars.sort();
    }
}

pub fn set_alliance(s: &mut State, a: Pw, b: Pw) {
    let p = pair(a, b);
    if !s.alliances.contains(&p) {
        s.alliances.push(p);
        s.alliances.sort();
    }
}

pub fn mark_no_dow(s: &mut State, a: Pw, b: Pw) {
    let p = pair(a, b);
    if !s.no_dow.contains(&p) {
        s.no_dow.push(p);
    }
}

/// The controlling major of a space, if a major controls it.
pub fn controller_pw(s: &State, sp: SpaceId) -> Option<Pw> {
    pw(s.sp(sp).controller)
}

/// Controlled by `p` or one of its allies ("friendly-controlled", seed [12.1]).
pub fn friendly(s: &State, p: Pw, sp: SpaceId) -> bool {
    match controller_pw(s, sp) {
        Some(c) => c == p || allied(s, p, c),
        None => false,
    }
}

/// Controlled by a power at war with `p`.
pub fn enemy_controlled(s: &State, p: Pw, sp: SpaceId) -> bool {
    controller_pw(s, sp).is_some_and(|c| at_war(s, p, c))
}

/// Whether a space is fortified (printed key or fortress, or a built fortress marker).
pub fn fortified(s: &State, sp: SpaceId) -> bool {
    data().space(sp).kind.fortified() || s.sp(sp).fortress
}

pub fn is_key(sp: SpaceId) -> bool {
    data().space(sp).kind == SpaceKind::Key
}

/// The land units of major `p` in a space: both Protestant factions for the Protestants,
/// its active minors' units too ([24.3], [`side`]).
pub fn troops_of(s: &State, p: Pw, sp: SpaceId) -> Troops {
    let mut t = Troops::default();
    for f in &s.sp(sp).forces {
        if side(s, f.owner) == Some(p) {
            t.add(&f.troops);
        }
    }
    t
}

/// Land units in a space of anybody but `p`'s allies and `p` itself, and whether any
/// belong to an independent, a minor or a major not at war with `p`.
pub fn foreign_land(s: &State, p: Pw, sp: SpaceId) -> bool {
    s.sp(sp).forces.iter().any(|f| {
        f.troops.total() > 0
            && match side(s, f.owner) {
                Some(q) => q != p && !allied(s, p, q),
                None => true,
            }
    })
}

/// Land units of a power at war with `p` in the space.
pub fn enemy_land(s: &State, p: Pw, sp: SpaceId) -> bool {
    s.sp(sp)
        .forces
        .iter()
        .any(|f| f.troops.total() > 0 && side(s, f.owner).is_some_and(|q| at_war(s, p, q)))
}

/// Any unit (land or sea) or leader of a power at war with `p` in the space.
pub fn enemy_anything(s: &State, p: Pw, sp: SpaceId) -> bool {
    s.sp(sp)
        .forces
        .iter()
        .any(|f| !f.empty() && side(s, f.owner).is_some_and(|q| at_war(s, p, q)))
        || s.leaders
            .iter()
            .any(|l| l.at == crate::model::Loc::Space(sp) && at_war(s, p, l.owner))
}

/// Land connections of a space (normal and pass; the inland waterways carry ships only,
/// seed [16.7]).
pub fn land_neighbours(sp: SpaceId) -> impl Iterator<Item = (SpaceId, bool)> {
    data()
        .neighbours(sp)
        .filter(|(_, c)| c.kind != ConnectionKind::InlandWaterway)
        .map(|(o, c)| (o, c.kind == ConnectionKind::Pass))
}

/// Every space by land steps from `from`: `from` first, then layer by layer, lowest space
/// number first within a layer. The order of every "nearest ..." of the rules (displacement,
/// retreat targets), with ties to the lowest number (RULINGS R7).
pub fn by_land_distance(from: SpaceId) -> Vec<SpaceId> {
    let mut seen = vec![false; data().spaces.len()];
    seen[from.0 as usize] = true;
    let mut out = vec![from];
    let mut layer = vec![from];
    while !layer.is_empty() {
        let mut next = Vec::new();
        for x in layer {
            for (y, _) in land_neighbours(x) {
                if !seen[y.0 as usize] {
                    seen[y.0 as usize] = true;
                    next.push(y);
                }
            }
        }
        next.sort();
        out.extend(next.iter().copied());
        layer = next;
    }
    out
}

/// The force of `owner` in a space, created if missing.
pub fn force_mut(s: &mut State, sp: SpaceId, owner: PoolOwner) -> &mut Force {
    let forces = &mut s.sp_mut(sp).forces;
    if let Some(i) = forces.iter().position(|f| f.owner == owner) {
        return &mut forces[i];
    }
    forces.push(Force {
        owner,
        troops: Troops::default(),
        ships: Default::default(),
    });
    forces.sort_by_key(|f| f.owner);
    let i = forces.iter().position(|f| f.owner == owner).unwrap();
    &mut forces[i]
}

/// Book units entering (+) or leaving (-) the map for an owner.
pub fn book(s: &mut State, o: PoolOwner, land: i16, ships: i16) {
    let i = match s.ledger.iter().position(|x| x.0 == o) {
        Some(i) => i,
        None => {
            s.ledger.push((o, 0, 0));
            s.ledger.sort_by_key(|x| x.0);
            s.ledger.iter().position(|x| x.0 == o).unwrap()
        }
    };
    s.ledger[i].1 = (s.ledger[i].1 as i16 + land) as u16;
    s.ledger[i].2 = (s.ledger[i].2 as i16 + ships) as u16;
}

/// Drop empty forces of a space.
/// A counter of its own (the Knights, the Morisco: outside the pool's ledger) of kind `k`
/// lost in `sp` from the forces of the owners `of` accepts; reported as lost.
pub fn lose_own_counter(
    s: &mut State,
    sp: SpaceId,
    k: crate::model::UnitKind,
    of: impl Fn(crate::data::PoolOwner) -> bool,
    ev: &mut Vec<signoria_engine::Scoped<crate::model::Event>>,
) {
    for i in 0..s.sp(sp).forces.len() {
        let f = &mut s.sp_mut(sp).forces[i];
        let n = f.troops.get(k);
        if n == 0 || !of(f.owner) {
            continue;
        }
        *f.troops.get_mut(k) = 0;
        let mut troops = Troops::default();
        *troops.get_mut(k) = n;
        ev.push(signoria_engine::Scoped::public(
            crate::model::Event::UnitsLost {
                owner: f.owner,
                space: sp,
                troops,
            },
        ));
    }
    tidy(s, sp);
}

pub fn tidy(s: &mut State, sp: SpaceId) {
    s.sp_mut(sp).forces.retain(|f| !f.empty());
}

/// The owner for units `p` raises in a space: Protestants raise the faction whose home
/// the space is (seed [2.1], [23.6]).
pub fn owner_for(p: Pw, sp: SpaceId) -> PoolOwner {
    PoolOwner::of(major(p), data().space(sp).split_top)
}

/// Keys a power controls that are not in unrest (seed [12.4]: a key in unrest counts
/// neither for cards nor VP).
pub fn keys(s: &State, p: Pw) -> Vec<SpaceId> {
    data()
        .space_ids()
        .filter(|&sp| is_key(sp) && controller_pw(s, sp) == Some(p) && !s.sp(sp).unrest)
        .collect()
}

/// The capitals of a power on the map (seed [2.1]): HRE Vienna (Prague after *Rudolf
/// II.*, [23.5]), Spain Madrid and Milan; the Protestants have none in the Campaign set-up
/// (`majors::capitals`).
pub fn capitals(s: &State, p: Pw) -> Vec<SpaceId> {
    crate::majors::capitals(s, p)
}

/// The army leaders of `p` in a space.
pub fn leaders_in(s: &State, p: Pw, sp: SpaceId) -> Vec<u8> {
    s.leaders
        .iter()
        .filter(|l| l.owner == p && l.at == crate::model::Loc::Space(sp))
        .map(|l| l.idx)
        .collect()
}

/// Leader record by its data index.
pub fn leader_pos(s: &State, idx: u8) -> usize {
    s.leaders
        .iter()
        .position(|l| l.idx == idx)
        .expect("leader tracked")
}

/// Whether `p` is a major.
pub fn is_major(p: Power) -> bool {
    p.is_major()
}

/// Whether the units of `owner` in a besieged space stand inside the fortress (every unit
/// but the besiegers', seed [15]).
pub fn is_inside(s: &State, sp: SpaceId, owner: PoolOwner) -> bool {
    match &s.sp(sp).siege {
        Some(g) => !side(s, owner).is_some_and(|p| g.by.contains(&p)),
        None => false,
    }
}

/// Whether `p`'s units in a space are besieged (inside a besieged fortress).
pub fn besieged_in(s: &State, p: Pw, sp: SpaceId) -> bool {
    s.sp(sp).siege.as_ref().is_some_and(|g| !g.by.contains(&p))
}

/// Land units inside the fortress of a besieged space (every owner but the besiegers).
pub fn inside_units(s: &State, sp: SpaceId) -> u32 {
    s.sp(sp)
        .forces
        .iter()
        .filter(|f| is_inside(s, sp, f.owner))
        .map(|f| f.troops.total() as u32)
        .sum()
}

/// Land units in a space by owner (for battle snapshots).
pub fn land_by_owner(s: &State, sp: SpaceId, p: Option<Pw>) -> Vec<(PoolOwner, Troops)> {
    s.sp(sp)
        .forces
        .iter()
        .filter(|f| f.troops.total() > 0 && (p.is_none() || side(s, f.owner) == p))
        .map(|f| (f.owner, f.troops))
        .collect()
}

/// The powers of the game as data powers, with Independent at war with nobody (its
/// spaces may be besieged without a declaration, seed [9.4], [24.7]).
pub fn relations(s: &State) -> crate::combat::Relations {
    crate::combat::Relations {
        wars: s
            .wars
            .iter()
            .map(|&(a, b)| (major(a), major(b)))
            // Inactive minors at war with a major ([9.4]).
            .chain(s.minors.wars.iter().map(|&(m, p)| (m, major(p))))
            .collect(),
        alliances: s
            .alliances
            .iter()
            .map(|&(a, b)| (major(a), major(b)))
            .collect(),
    }
}
