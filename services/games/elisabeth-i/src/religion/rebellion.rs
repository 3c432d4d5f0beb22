//! Protestant rebellions ([18.4], [18.5] "Rebellionen, Ablauf"): 2-5 CP against a
//! Protestant space under French (in France) or Spanish (in the Netherlands) control.

use serde::{Deserialize, Serialize};
use signoria_engine::Scoped;

use super::faith::{Faith, faith, unit_faith, units_of_faith};
use super::{Event, Move};
use crate::board::{allied, book, controller_pw, fortified, land_neighbours, set_war, tidy};
use crate::building::{land_in_play, land_pool};
use crate::data::{Faction, PoolOwner, Power, ReligiousZone, SpaceId, data};
use crate::model::{self, Loc, Pw, State, major, pw};

pub const PRO: Pw = 5;
pub const FRA: Pw = 3;
pub const SPA: Pw = 1;

/// The zone's rebellion: the power that must control the target and the faction that
/// rises ([18.5] steps 1, 5).
pub fn zone_power(z: ReligiousZone) -> Option<(Pw, Faction)> {
    match z {
        ReligiousZone::France => Some((FRA, Faction::Huguenot)),
        ReligiousZone::Netherlands => Some((SPA, Faction::Dutch)),
        _ => None,
    }
}

/// [18.4] restrictions and [18.5] step 1: a legal target for the Protestants now.
pub fn target_ok(s: &State, x: SpaceId) -> bool {
    let Some(z) = data().space(x).zone else {
        return false;
    };
    // No rebellion in Scotland or England ([18.4]).
    let Some((c, _)) = zone_power(z) else {
        return false;
    };
    controller_pw(s, x) == Some(c)
        && faith(s, x) == Faith::Protestant
        && s.sp(x).siege.is_none()
        // Not in France while allied with France.
        && !(c == FRA && allied(s, PRO, FRA))
        // Two rebellions in one impulse: different zones.
        && !s.religion.rebellions.contains(&(s.impulse, z))
}

/// The rebellion actions the Protestants may take with `cp` CP.
pub fn actions(s: &State, who: Pw, cp: u8) -> Vec<model::Move> {
    if who != PRO || cp < 2 {
        return Vec::new();
    }
    let mut v = Vec::new();
    for z in [ReligiousZone::France, ReligiousZone::Netherlands] {
        for x in data().zone_spaces(z) {
            if target_ok(s, x) {
                for c in 2..=cp.min(5) {
                    v.push(model::Move::Religion(Move::Rebel { space: x, cp: c }));
                }
            }
        }
    }
    v
}

/// A rebellion waiting for the Protestants' decisions (the frame `Frame::Rebellion`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rebellion {
    pub space: SpaceId,
    pub cp: u8,
    /// Spaces flipped to Protestant control in step 4 so far (the target included).
    pub flipped: u8,
    /// Step 7 reached: the capital may be placed.
    pub capital: bool,
}

/// [12.5]: land units go to the nearest fortified space their power controls (not
/// besieged), else to a capital it controls; lowest space number on ties (RULINGS G10);
/// with neither they are eliminated.
pub fn displace_units(
    s: &mut State,
    x: SpaceId,
    keep: impl Fn(PoolOwner) -> bool,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    for f in s.sp(x).forces.clone() {
        if f.troops.total() == 0 || keep(f.owner) {
            continue;
        }
        // [17.1]: the Knights never leave their space: displaced, they are lost (K12).
        crate::knights::eliminate(s, x, f.owner, ev);
        let f = model::Force {
            troops: f.troops.movable(),
            ..f
        };
        if f.troops.total() == 0 {
            continue;
        }
        // An active minor's units are its ally's ([24.3], `board::side`).
        let owner = crate::board::side_power(s, f.owner);
        // Never into a space holding land units of a power at war with it (units that
        // shared a space before a war began are no siege; RULINGS A18).
        let calm =
            |s: &State, y: SpaceId| pw(owner).is_none_or(|p| !crate::board::enemy_land(s, p, y));
        let dest = nearest(s, x, |s, y| {
            fortified(s, y) && s.sp(y).controller == owner && s.sp(y).siege.is_none() && calm(s, y)
        })
        .or_else(|| {
            pw(owner).and_then(|p| {
                // [23.6]: a Protestant faction's units only to their own capital.
                crate::majors::protestant::unit_capitals(s, f.owner, p)
                    .into_iter()
                    .find(|&c| controller_pw(s, c) == Some(p) && calm(s, c))
            })
        });
        let fo = crate::board::force_mut(s, x, f.owner);
        fo.troops = Default::default();
        match dest {
            Some(y) => {
                crate::board::force_mut(s, y, f.owner).troops.add(&f.troops);
                ev.push(Scoped::public(model::Event::Religion(Event::Displaced {
                    owner: f.owner,
                    from: x,
                    to: Some(y),
                })));
            }
            None => {
                book(s, f.owner, -(f.troops.pooled() as i16), 0);
                ev.push(Scoped::public(model::Event::Religion(Event::Displaced {
                    owner: f.owner,
                    from: x,
                    to: None,
                })));
            }
        }
        tidy(s, x);
    }
    // [23.1]: a Morisco displaced beyond two spaces of Granada is eliminated (RULINGS K15).
    crate::morisco::eliminate_far(s, ev);
}

fn nearest(s: &State, from: SpaceId, ok: impl Fn(&State, SpaceId) -> bool) -> Option<SpaceId> {
    crate::board::by_land_distance(from)
        .into_iter()
        .skip(1)
        .find(|&y| ok(s, y))
}

/// The units of faith `faith` (regulars, then ships) of `owner` in a space (also the
/// English Catholic rebellion's, [19.4] step 3).
pub(crate) fn units_of(s: &State, x: SpaceId, owner: PoolOwner, faith: Faith) -> (u8, u8) {
    s.sp(x)
        .forces
        .iter()
        .find(|f| f.owner == owner)
        .map_or((0, 0), |f| {
            (
                if unit_faith(owner, false) == Some(faith) {
                    f.troops.regulars
                } else {
                    0
                },
                if unit_faith(owner, true) == Some(faith) {
                    f.ships.total()
                } else {
                    0
                },
            )
        })
}

/// Eliminate `n` units of faith `faith` of `owner` in a space: regulars first, then ships
/// (RULINGS G4); returns how many were eliminated.
pub(crate) fn eliminate(
    s: &mut State,
    x: SpaceId,
    owner: PoolOwner,
    faith: Faith,
    mut n: u8,
) -> u8 {
    let (r, _) = units_of(s, x, owner, faith);
    let from_regulars = n.min(r);
    n -= from_regulars;
    let f = crate::board::force_mut(s, x, owner);
    f.troops.regulars -= from_regulars;
    let mut ships = 0;
    let mut lost = crate::model::Ships::default();
    for k in [0, 1, 2] {
        let (slot, to) = match k {
            0 => (&mut f.ships.galleys, &mut lost.galleys),
            1 => (&mut f.ships.galleons, &mut lost.galleons),
            _ => (&mut f.ships.corsairs, &mut lost.corsairs),
        };
        let t = n.min(*slot);
        *slot -= t;
        *to = t;
        n -= t;
        ships += t;
    }
    book(s, owner, -(from_regulars as i16), 0);
    // Ships eliminated go to the turn track ([17.3]; RULINGS M21).
    crate::lost_ships::lose(s, owner, lost);
    tidy(s, x);
    from_regulars + ships
}

/// Carry out a rebellion of `cp` CP against `x` with the dice of step 2 (`dice` rolled
/// by the caller: one per CP, one more in a Protestant home space).
pub fn begin(s: &mut State, x: SpaceId, cp: u8, dice: &[u8], ev: &mut Vec<Scoped<model::Event>>) {
    let z = data().space(x).zone.expect("a rebellion targets a zone");
    s.religion.rebellions.push((s.impulse, z));
    let c = controller_pw(s, x).expect("a French or Spanish target");
    let owner = PoolOwner::of(major(c), None);
    // Step 2: no Catholic unit: automatic success; else hits of 5-6 eliminate the
    // controller's Catholic units, one each; any of them left: the rebellion fails.
    let (dice, hits) = if units_of_faith(s, x, Faith::Catholic) {
        let hits = dice.iter().filter(|&&d| d >= 5).count() as u8;
        eliminate(s, x, owner, Faith::Catholic, hits);
        (dice.to_vec(), hits)
    } else {
        (Vec::new(), 0)
    };
    let (r, sh) = units_of(s, x, owner, Faith::Catholic);
    let success = r + sh == 0;
    ev.push(Scoped::public(model::Event::Religion(Event::Rebellion {
        space: x,
        cp,
        dice,
        hits,
        success,
    })));
    if !success {
        return;
    }
    // Step 3: leaders and non-Catholic units are displaced, and Catholic units of other
    // powers; the Protestants' own stay (RULINGS G3).
    let leaders: Vec<u8> = s
        .leaders
        .iter()
        .filter(|l| l.at == Loc::Space(x) && l.owner != PRO)
        .map(|l| l.idx)
        .collect();
    for l in leaders {
        crate::battle::displace_leader(s, l, x);
    }
    // (The controller's Catholic units are gone: what is left of any other power goes.)
    displace_units(s, x, |o| o.power() == Power::Protestant, ev);
    // Step 4: the target changes to Protestant control.
    crate::control::control(s, PRO, x, ev);
    let r = Rebellion {
        space: x,
        cp,
        flipped: 1,
        capital: false,
    };
    settle(s, r, ev);
}

/// [18.5] step 4: adjacent spaces of the zone that may also change control.
pub fn extra_spaces(s: &State, r: &Rebellion) -> Vec<SpaceId> {
    // ERRATUM §8.19 #201: at most as many spaces as CP spent, the target counted (G2).
    if r.flipped >= r.cp {
        return Vec::new();
    }
    let z = data().space(r.space).zone;
    let mut v: Vec<SpaceId> = land_neighbours(r.space)
        .map(|(y, _)| y)
        .filter(|&y| {
            data().space(y).zone == z
                && faith(s, y) == Faith::Protestant
                && !units_of_faith(s, y, Faith::Catholic)
                && controller_pw(s, y) != Some(PRO)
                && s.sp(y).siege.is_none()
        })
        .collect();
    v.sort();
    v.dedup();
    v
}

/// Step 7: fortified Protestant-controlled spaces of the zone for the faction's capital
/// (RULINGS G11),
/// when it has none and its marker is not on the turn track (erratum §8.19 #202).
pub fn capital_sites(s: &State, r: &Rebellion) -> Vec<SpaceId> {
    let z = data().space(r.space).zone.expect("zone");
    let (_, faction) = zone_power(z).expect("France or the Netherlands");
    if s.religion.capital(faction).is_some() || s.religion.capital_lost.contains(&faction) {
        return Vec::new();
    }
    data()
        .zone_spaces(z)
        .filter(|&y| controller_pw(s, y) == Some(PRO) && fortified(s, y))
        .collect()
}

pub fn choices(s: &State, r: &Rebellion) -> Vec<model::Move> {
    let m = model::Move::Religion;
    let mut v = vec![m(Move::Done)];
    if r.capital {
        v.extend(
            capital_sites(s, r)
                .into_iter()
                .map(|space| m(Move::Capital { space })),
        );
    } else {
        v.extend(
            extra_spaces(s, r)
                .into_iter()
                .map(|space| m(Move::Extend { space })),
        );
    }
    v
}

pub fn prompt(r: &Rebellion) -> String {
    if r.capital {
        "Protestants: place the capital of this zone, or not".into()
    } else {
        format!(
            "Protestants: rebellion of {} CP: take control of an adjacent Protestant space ({} of {} flipped)",
            r.cp, r.flipped, r.cp
        )
    }
}

fn settle(s: &mut State, mut r: Rebellion, ev: &mut Vec<Scoped<model::Event>>) {
    if !r.capital {
        if !extra_spaces(s, &r).is_empty() {
            s.stack
                .push(model::Frame::Religion(super::Frame::Rebellion(r)));
            return;
        }
        finish(s, &r, ev);
        r.capital = true;
    }
    super::capitals::sweep(s);
    if !capital_sites(s, &r).is_empty() {
        s.stack
            .push(model::Frame::Religion(super::Frame::Rebellion(r)));
        return;
    }
    leader(s, &r, ev);
}

pub fn resolve(s: &mut State, mut r: Rebellion, mv: &Move, ev: &mut Vec<Scoped<model::Event>>) {
    s.stack.pop();
    match (r.capital, mv) {
        (false, Move::Extend { space }) => {
            // Units not of the Protestants there are displaced.
            let y = *space;
            let leaders: Vec<u8> = s
                .leaders
                .iter()
                .filter(|l| l.at == Loc::Space(y) && l.owner != PRO)
                .map(|l| l.idx)
                .collect();
            for l in leaders {
                crate::battle::displace_leader(s, l, y);
            }
            displace_units(s, y, |o| o.power() == Power::Protestant, ev);
            crate::control::control(s, PRO, y, ev);
            r.flipped += 1;
        }
        (false, Move::Done) => {
            finish(s, &r, ev);
            r.capital = true;
        }
        (true, Move::Capital { space }) => {
            let z = data().space(r.space).zone.expect("zone");
            let (_, faction) = zone_power(z).expect("zone power");
            s.religion.capitals.push((faction, *space));
            s.religion.capitals.sort();
            ev.push(Scoped::public(model::Event::Religion(
                Event::CapitalPlaced {
                    faction,
                    space: *space,
                },
            )));
            leader(s, &r, ev);
            return;
        }
        (true, Move::Done) => {
            leader(s, &r, ev);
            return;
        }
        (c, m) => unreachable!("{m:?} in a rebellion (capital stage {c})"),
    }
    settle(s, r, ev);
}

/// Steps 5 and 6: regulars of the zone's faction (1 per 2 CP, as the pool allows) and
/// war with France or Spain.
fn finish(s: &mut State, r: &Rebellion, ev: &mut Vec<Scoped<model::Event>>) {
    let z = data().space(r.space).zone.expect("zone");
    let (enemy, faction) = zone_power(z).expect("zone power");
    let owner = PoolOwner::of(Power::Protestant, Some(faction));
    let room = land_pool(owner).saturating_sub(land_in_play(s, owner));
    let n = ((r.cp / 2) as u32).min(room) as u8;
    if n > 0 {
        crate::board::force_mut(s, r.space, owner).troops.regulars += n;
        book(s, owner, n as i16, 0);
        ev.push(Scoped::public(model::Event::Religion(
            Event::RebelsRaised {
                space: r.space,
                owner,
                count: n,
            },
        )));
    }
    declare_war(s, PRO, enemy, ev);
}

/// War between `a` and `b` if not already ([18.5] step 6, [20.10] step 4): an alliance
/// between them ends (a Netherlands rebellion is not barred by one); units of the two in
/// one space are displaced unless their power controls it, as for a war declared on a
/// minor's protector ([9.4] L727; RULINGS G6).
pub(crate) fn declare_war(s: &mut State, a: Pw, b: Pw, ev: &mut Vec<Scoped<model::Event>>) {
    if crate::board::at_war(s, a, b) {
        return;
    }
    set_war(s, a, b, true);
    ev.push(Scoped::public(model::Event::WarDeclared { by: a, on: b }));
    let pair = (a.min(b), a.max(b));
    s.alliances.retain(|&x| x != pair);
    for i in 0..s.spaces.len() {
        let y = SpaceId(i as u16);
        // An active minor's units count as its ally's ([24.3], `board::side`).
        let of = |s: &State, p: Pw| -> Vec<PoolOwner> {
            s.sp(y)
                .forces
                .iter()
                .filter(|f| f.troops.total() > 0 && crate::board::side(s, f.owner) == Some(p))
                .map(|f| f.owner)
                .collect()
        };
        if !of(s, a).is_empty() && !of(s, b).is_empty() {
            let c = controller_pw(s, y);
            for p in [a, b] {
                if c != Some(p) {
                    let mine = of(s, p);
                    displace_units(s, y, |o| !mine.contains(&o), ev);
                }
            }
        }
    }
}

/// Step 8: a Protestant leader of the zone's faction waiting on the power card enters in
/// the target (the first in the data's order; RULINGS G5).
fn leader(s: &mut State, r: &Rebellion, ev: &mut Vec<Scoped<model::Event>>) {
    let z = data().space(r.space).zone.expect("zone");
    let (_, faction) = zone_power(z).expect("zone power");
    let want = PoolOwner::of(Power::Protestant, Some(faction));
    let d = data();
    if let Some(i) = s.leaders.iter().position(|l| {
        l.owner == PRO && l.at == Loc::Card && d.army_leaders[l.idx as usize].power == want
    }) {
        s.leaders[i].at = Loc::Space(r.space);
        ev.push(Scoped::public(model::Event::LeaderPlaced {
            leader: s.leaders[i].idx,
            space: r.space,
        }));
    }
}
