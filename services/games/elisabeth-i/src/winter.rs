//! Phase 5, winter (seed [20]): land units return to fortified spaces with attrition and
//! the 4-unit cap [20.4], alliances end [20.5], replacements [20.6].
//!
//! The owners' choices of [20.4] (which of two equally near spaces, splitting a stack,
//! which units attrition takes, voluntary moves to the capital) are made by a fixed rule
//! (RULINGS R7): nearest space first, lowest space number on ties, the capital when no
//! space has room; attrition takes mercenaries, then cavalry, then regulars.

use std::collections::VecDeque;

use signoria_engine::Scoped;

use crate::board::{capitals, controller_pw, force_mut, fortified, land_neighbours, side, tidy};
use crate::building::{land_in_play, land_pool};
use crate::data::{PoolOwner, SpaceId, data};
use crate::model::{Event, Loc, Pw, State, Troops, UnitKind, major};

const CAP: u8 = 4;

/// Graph nodes: spaces, then sea zones (each sea zone counts as one space, [12.5], [20.4]).
fn neighbours(n: usize) -> Vec<usize> {
    let d = data();
    let ns = d.spaces.len();
    if n < ns {
        let sp = SpaceId(n as u16);
        let mut v: Vec<usize> = land_neighbours(sp).map(|(x, _)| x.0 as usize).collect();
        v.extend(d.space(sp).ports.iter().map(|z| ns + z.0 as usize));
        v
    } else {
        d.sea_zone(crate::data::SeaZoneId((n - ns) as u8))
            .ports
            .iter()
            .map(|x| x.0 as usize)
            .chain(
                d.sea_zone(crate::data::SeaZoneId((n - ns) as u8))
                    .adjacent
                    .iter()
                    .map(|z| ns + z.0 as usize),
            )
            .collect()
    }
}

/// Distances from `from` ignoring control; with `friendly_only`, spaces after the start
/// must be controlled by `p` (or an ally) and not in unrest (the attrition path).
fn distances(s: &State, p: Pw, from: SpaceId, friendly_only: bool) -> Vec<Option<u16>> {
    let d = data();
    let ns = d.spaces.len();
    let mut dist = vec![None; ns + d.sea_zones.len()];
    dist[from.0 as usize] = Some(0);
    let mut q = VecDeque::from([from.0 as usize]);
    while let Some(x) = q.pop_front() {
        let dx = dist[x].unwrap();
        for y in neighbours(x) {
            if dist[y].is_some() {
                continue;
            }
            if friendly_only && y < ns {
                let sp = SpaceId(y as u16);
                if !crate::board::friendly(s, p, sp) || s.sp(sp).unrest {
                    continue;
                }
            }
            dist[y] = Some(dx + 1);
            q.push_back(y);
        }
    }
    dist
}

/// The winter capital of an owner: the nearest capital its power controls (Spain has
/// two, [23.2]; lowest space number on ties, RULINGS R7); a Protestant faction only its
/// own faction's capital ([23.6], `majors::protestant`).
fn capital_for(s: &State, o: PoolOwner, from: SpaceId) -> Option<SpaceId> {
    let p = side(s, o)?;
    let mut caps = crate::majors::protestant::unit_capitals(s, o, p);
    // [24.3]: an active minor's units may also return to a home key of the minor, as if
    // it were another capital.
    caps.extend(minor_capitals(o));
    let dist = distances(s, p, from, false);
    caps.into_iter()
        .filter(|&c| controller_pw(s, c) == Some(p) && !crate::morisco::blocks(s, p, c))
        .min_by_key(|&c| (dist[c.0 as usize].unwrap_or(u16::MAX), c.0))
}

/// The home keys of a minor's owner (its extra winter capitals, [24.3]); none for a major.
pub fn minor_capitals(o: PoolOwner) -> Vec<SpaceId> {
    let d = data();
    if !o.power().is_minor() {
        return Vec::new();
    }
    d.space_ids()
        .filter(|&x| d.space(x).home == o.power() && crate::board::is_key(x))
        .collect()
}

fn lose_half(t: &Troops) -> (Troops, Troops) {
    let mut left = *t;
    let mut lost = Troops::default();
    let mut n = t.total().div_ceil(2);
    for k in [UnitKind::Mercenary, UnitKind::Cavalry, UnitKind::Regular] {
        let x = left.get(k).min(n);
        *left.get_mut(k) -= x;
        *lost.get_mut(k) += x;
        n -= x;
    }
    (left, lost)
}

fn land_total(s: &State, sp: SpaceId, p: Pw) -> u8 {
    crate::board::troops_of(s, p, sp).total()
}

/// Send one stack home; `to` None eliminates it.
fn send(
    s: &mut State,
    p: Pw,
    o: PoolOwner,
    from: SpaceId,
    to: Option<SpaceId>,
    t: Troops,
    ev: &mut Vec<Scoped<Event>>,
) {
    force_mut(s, from, o).troops.sub(&t);
    tidy(s, from);
    let (kept, lost) = match to {
        Some(dest) => {
            let path = distances(s, p, from, true)[dest.0 as usize].is_some();
            let (k, l) = if path {
                (t, Troops::default())
            } else {
                lose_half(&t)
            };
            force_mut(s, dest, o).troops.add(&k);
            tidy(s, dest);
            (k, l)
        }
        None => (Troops::default(), t),
    };
    let _ = kept;
    crate::board::book(s, o, -(lost.pooled() as i16), 0);
    ev.push(Scoped::public(Event::WinterReturn {
        owner: o,
        from,
        to,
        troops: t,
        lost,
    }));
}

/// The land-unit return of [20.4] for every major.
pub fn return_units(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    let d = data();
    for p in 0..6u8 {
        let caps = capitals(s, p);
        // Step 1: own fortified spaces (not capitals) with more than 4 units: excess to
        // the capital.
        for sp in d.space_ids() {
            if caps.contains(&sp) || !fortified(s, sp) || controller_pw(s, sp) != Some(p) {
                continue;
            }
            let owners: Vec<_> = s
                .sp(sp)
                .forces
                .iter()
                .filter(|f| side(s, f.owner) == Some(p) && f.troops.total() > 0)
                .map(|f| f.owner)
                .collect();
            // Units in a home key of their minor stand in a capital ([24.3]): no cap.
            let exempt = |s: &State| -> u8 {
                s.sp(sp)
                    .forces
                    .iter()
                    .filter(|f| side(s, f.owner) == Some(p))
                    .filter(|f| minor_capitals(f.owner).contains(&sp))
                    .map(|f| f.troops.total())
                    .sum()
            };
            for o in owners {
                if minor_capitals(o).contains(&sp) {
                    continue;
                }
                let total = land_total(s, sp, p) - exempt(s);
                if total <= CAP {
                    break;
                }
                let mut excess = total - CAP;
                let have = s
                    .sp(sp)
                    .forces
                    .iter()
                    .find(|f| f.owner == o)
                    .map(|f| f.troops)
                    .unwrap_or_default();
                let mut t = Troops::default();
                for k in [UnitKind::Mercenary, UnitKind::Cavalry, UnitKind::Regular] {
                    let x = have.get(k).min(excess);
                    *t.get_mut(k) += x;
                    excess -= x;
                }
                let to = capital_for(s, o, sp);
                send(s, p, o, sp, to, t, ev);
            }
        }
        // Step 2: units in unfortified or foreign fortified spaces.
        for sp in d.space_ids() {
            if fortified(s, sp) && controller_pw(s, sp) == Some(p) {
                continue;
            }
            let stacks: Vec<(PoolOwner, Troops)> = s
                .sp(sp)
                .forces
                .iter()
                .filter(|f| side(s, f.owner) == Some(p) && f.troops.total() > 0)
                .map(|f| (f.owner, f.troops))
                .collect();
            for (o, all) in stacks {
                // [17.1]: the Knights never leave their space; made to, they are lost
                // (RULINGS K12). (In their own fortified space they count for the cap of
                // step 1 and stay: the excess is taken from the other units.)
                if all.knights > 0 {
                    send(s, p, o, sp, None, all.immobile(), ev);
                }
                // [23.1]: the Morisco never moves in winter: it stays where it is (RULINGS
                // K16).
                let t = Troops {
                    morisco: 0,
                    ..all.movable()
                };
                if t.total() == 0 {
                    continue;
                }
                let dist = distances(s, p, sp, false);
                let mut cands: Vec<(u16, SpaceId)> = d
                    .space_ids()
                    .filter(|&x| {
                        x != sp
                            && fortified(s, x)
                            && controller_pw(s, x) == Some(p)
                            && !caps.contains(&x)
                            && !crate::movement::closed_to_spain(p, x)
                            && !crate::morisco::blocks(s, p, x)
                    })
                    .filter_map(|x| dist[x.0 as usize].map(|dd| (dd, x)))
                    .collect();
                cands.sort();
                let need = t.total();
                let to = cands
                    .into_iter()
                    .find(|&(_, x)| land_total(s, x, p) + need <= CAP)
                    .map(|(_, x)| x)
                    .or_else(|| capital_for(s, o, sp));
                send(s, p, o, sp, to, t, ev);
            }
        }
        // Step 3: leaders whose space holds no own units go to the capital.
        for i in 0..s.leaders.len() {
            let l = &s.leaders[i];
            if l.owner != p {
                continue;
            }
            if let Loc::Space(x) = l.at
                && land_total(s, x, p) == 0
            {
                let to = match capitals(s, p)
                    .into_iter()
                    .find(|&c| controller_pw(s, c) == Some(p))
                {
                    Some(c) => Loc::Space(c),
                    None => Loc::Card,
                };
                // [20.10]: the Duke of Guise is eliminated rather than leave France.
                let idx = s.leaders[i].idx;
                crate::majors::france::winter_leader(s, idx, to, ev);
            }
        }
    }
}

/// [20.6]: one regular in each own-controlled capital not in unrest (the HRE decides its
/// option separately).
pub fn replacements(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    for p in 0..6u8 {
        if major(p) == crate::data::Power::Hre {
            continue;
        }
        for c in capitals(s, p) {
            if controller_pw(s, c) == Some(p) && !s.sp(c).unrest && !crate::morisco::blocks(s, p, c)
            {
                let o = crate::board::owner_for(p, c);
                if land_in_play(s, o) < land_pool(o) {
                    force_mut(s, c, o).troops.regulars += 1;
                    crate::board::book(s, o, 1, 0);
                    let troops = Troops {
                        regulars: 1,
                        ..Default::default()
                    };
                    ev.push(Scoped::public(Event::Replacement {
                        power: p,
                        space: c,
                        troops,
                    }));
                }
            }
        }
    }
}

/// HRE option (a): two mercenaries to the capital (if it controls it, not in unrest, and
/// the counters allow).
pub fn hre_mercenaries_ok(s: &State) -> bool {
    let hre = 4;
    capitals(s, hre).into_iter().any(|c| {
        controller_pw(s, c) == Some(hre)
            && !s.sp(c).unrest
            && land_in_play(s, PoolOwner::Hre) + 2 <= land_pool(PoolOwner::Hre)
    })
}

pub fn hre_mercenaries(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    let hre = 4;
    let c = capitals(s, hre)
        .into_iter()
        .find(|&c| controller_pw(s, c) == Some(hre))
        .expect("checked");
    force_mut(s, c, PoolOwner::Hre).troops.mercenaries += 2;
    crate::board::book(s, PoolOwner::Hre, 2, 0);
    let troops = Troops {
        mercenaries: 2,
        ..Default::default()
    };
    ev.push(Scoped::public(Event::Replacement {
        power: hre,
        space: c,
        troops,
    }));
}
