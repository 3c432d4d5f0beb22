//! Activation ([24.2]) and deactivation ([24.4]) of a minor power, and the change of
//! control of an activated major in a game with fewer than six players ([3.2], [24.6]
//! step 4; RULINGS P2).

use signoria_engine::Scoped;

use crate::board::{allied, book, controller_pw, fortified};
use crate::data::{PoolOwner, Power, SpaceId, data};
use crate::model::{self, Loc, Pw, major, pw};

use super::Event;

/// The minor's home spaces.
fn homes(minor: Power) -> Vec<SpaceId> {
    let d = data();
    d.space_ids()
        .filter(|&x| d.space(x).home == minor)
        .collect()
}

/// The ally of an active minor.
pub fn ally(s: &model::State, minor: Power) -> Option<Pw> {
    s.minors
        .allies
        .iter()
        .find(|(m, _)| *m == minor)
        .map(|x| x.1)
}

/// Activate `target` for `by` ([24.6] step 4): an activated major changes hands, a minor
/// becomes `by`'s ally (deactivated from a former ally first).
pub fn activate(s: &mut model::State, target: Power, by: Pw, ev: &mut Vec<Scoped<model::Event>>) {
    if let Some(p) = pw(target) {
        let Some(i) = s.minors.activated.iter().position(|(m, _)| *m == p) else {
            return;
        };
        if s.minors.activated[i].1 == Some(by) {
            return;
        }
        s.minors.activated[i].1 = Some(by);
        ev.push(Scoped::public(model::Event::Minors(Event::Activated {
            of: target,
            by,
        })));
        return;
    }
    if ally(s, target) == Some(by) {
        return;
    }
    deactivate(s, target, ev);
    // [24.2] step 1: the Allied marker.
    s.minors.allies.push((target, by));
    s.minors.allies.sort();
    // Step 2: the free declarations on the activator (decided after the activation).
    let mut frames = super::free_war::step2(s, target, by, ev);
    // Steps 3 and 4: the markers of the powers that could have activated it go; the
    // minor's spaces without a marker take the activator's.
    let could = super::influence::column(target).map_or(Vec::new(), |c| c.activate);
    for x in homes(target) {
        let c = s.sp(x).controller;
        if c == target || pw(c).is_some_and(|q| could.contains(&q)) {
            s.sp_mut(x).controller = major(by);
        }
    }
    // [24.3]: its entered naval leaders join its ships as the activator's (RULINGS N9).
    crate::admirals::minor_arrivals(s);
    // Step 5: the At War markers of its column go.
    super::wars::end_wars(s, target);
    // Step 6: the Irish rebels in Ulster.
    if target == Power::Ireland {
        irish_rebels(s, ev);
        frames.extend(super::free_war::step6(s, by));
        // The Ulster-Dublin move, asked after the declarations before it when it may go
        // then (`ulster`); not at all when nothing before it can open Dublin.
        if !frames.is_empty() || super::ulster::formation(s, by).is_some() {
            frames.extend(super::ulster::frame(by));
        }
    }
    s.stack.extend(frames.into_iter().rev());
    ev.push(Scoped::public(model::Event::Minors(Event::Activated {
        of: target,
        by,
    })));
}

/// [24.2] step 6: every land unit in Ulster is eliminated, a fortress is placed there and
/// three Irish land units (as far as the counters allow).
fn irish_rebels(s: &mut model::State, ev: &mut Vec<Scoped<model::Event>>) {
    let Some(ulster) = data().space_id("ulster") else {
        return;
    };
    let forces = s.sp(ulster).forces.clone();
    for f in forces {
        if f.troops.total() == 0 {
            continue;
        }
        book(s, f.owner, -(f.troops.total() as i16), 0);
        ev.push(Scoped::public(model::Event::UnitsLost {
            owner: f.owner,
            space: ulster,
            troops: f.troops,
        }));
        let fm = crate::board::force_mut(s, ulster, f.owner);
        fm.troops = Default::default();
        crate::board::tidy(s, ulster);
    }
    if !data().space(ulster).kind.fortified() {
        s.sp_mut(ulster).fortress = true;
    }
    let o = PoolOwner::Ireland;
    let room =
        crate::building::land_pool(o).saturating_sub(crate::building::land_in_play(s, o)) as u8;
    let n = room.min(3);
    if n > 0 {
        crate::board::force_mut(s, ulster, o).troops.regulars += n;
        book(s, o, n as i16, 0);
    }
}

/// Deactivate `target` ([24.4], [24.6] step 5).
pub fn deactivate(s: &mut model::State, target: Power, ev: &mut Vec<Scoped<model::Event>>) {
    if let Some(p) = pw(target) {
        if let Some(x) = s.minors.activated.iter_mut().find(|(m, _)| *m == p)
            && x.1.take().is_some()
        {
            ev.push(Scoped::public(model::Event::Minors(Event::Deactivated {
                of: target,
            })));
        }
        return;
    }
    let Some(former) = ally(s, target) else {
        return;
    };
    s.minors.allies.retain(|(m, _)| *m != target);
    // The former ally's control markers leave the minor's home spaces; other powers'
    // units there are displaced (erratum #203: "besetzen").
    let mut freed = Vec::new();
    for x in homes(target) {
        if controller_pw(s, x) == Some(former) {
            s.sp_mut(x).controller = target;
            freed.push(x);
        }
    }
    for &x in &freed {
        displace_majors(s, x, None, ev);
    }
    // The minor's land units go to its nearest friendly fortified home space, its ships
    // to its nearest friendly home port.
    home_minor_units(s, target);
    if let Some(o) = crate::minors::pool_of(target) {
        crate::naval::home_minor_ships(s, o);
    }
    // Its naval leaders go home with its ships and leave the former ally (RULINGS N9).
    crate::admirals::minor_deactivated(s, target);
    ev.push(Scoped::public(model::Event::Minors(Event::Deactivated {
        of: target,
    })));
}

/// Spaces by land distance from `from` (nearest first, lowest number on ties).
fn by_distance(from: SpaceId) -> Vec<SpaceId> {
    crate::board::by_land_distance(from)
}

/// [24.2] step 2: `p`'s units in `minor`'s home spaces are displaced as in [24.4]
/// (RULINGS T6).
pub fn displace_from_homes(
    s: &mut model::State,
    minor: Power,
    p: Pw,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    for x in homes(minor) {
        displace_majors(s, x, Some(p), ev);
    }
}

/// [24.4]: the majors' units (only `only`'s, when given) in a freed minor home space go
/// to their nearest friendly fortified space (ships: the nearest friendly port); none:
/// eliminated (RULINGS P6).
fn displace_majors(
    s: &mut model::State,
    x: SpaceId,
    only: Option<Pw>,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    let forces = s.sp(x).forces.clone();
    for f in forces {
        let Some(p) = crate::board::owner_pw(f.owner) else {
            continue;
        };
        if only.is_some_and(|o| o != p) {
            continue;
        }
        // [17.1]: the Knights never leave their space: displaced, they are lost (K12).
        crate::knights::eliminate(s, x, f.owner, ev);
        let f = model::Force {
            troops: f.troops.movable(),
            ..f
        };
        let friendly = |s: &model::State, y: SpaceId| {
            y != x
                && controller_pw(s, y).is_some_and(|c| c == p || allied(s, p, c))
                && s.sp(y).siege.is_none()
        };
        let order = by_distance(x);
        let land_to = order
            .iter()
            .copied()
            .find(|&y| fortified(s, y) && friendly(s, y));
        let port_to = order
            .iter()
            .copied()
            .find(|&y| !data().space(y).ports.is_empty() && friendly(s, y));
        let fm = crate::board::force_mut(s, x, f.owner);
        fm.troops = Default::default();
        fm.ships = Default::default();
        crate::board::tidy(s, x);
        match land_to {
            Some(y) if f.troops.total() > 0 => {
                crate::board::force_mut(s, y, f.owner).troops.add(&f.troops);
                ev.push(Scoped::public(model::Event::Moved {
                    power: p,
                    from: x,
                    to: y,
                    troops: f.troops,
                    leaders: Vec::new(),
                }));
            }
            _ if f.troops.total() > 0 => {
                book(s, f.owner, -(f.troops.pooled() as i16), 0);
                ev.push(Scoped::public(model::Event::UnitsLost {
                    owner: f.owner,
                    space: x,
                    troops: f.troops,
                }));
            }
            _ => {}
        }
        if f.ships.total() > 0 {
            match port_to {
                Some(y) => {
                    let sh = &mut crate::board::force_mut(s, y, f.owner).ships;
                    sh.galleys += f.ships.galleys;
                    sh.galleons += f.ships.galleons;
                    sh.corsairs += f.ships.corsairs;
                }
                None => crate::lost_ships::lose(s, f.owner, f.ships),
            }
        }
    }
    // [23.1]: a Morisco displaced beyond two spaces of Granada is eliminated (RULINGS K15).
    crate::morisco::eliminate_far(s, ev);
    // Leaders of the majors there are displaced as in [12.5].
    let here: Vec<u8> = s
        .leaders
        .iter()
        .filter(|l| l.at == Loc::Space(x) && only.is_none_or(|o| l.owner == o))
        .map(|l| l.idx)
        .collect();
    for l in here {
        crate::battle::displace_leader(s, l, x);
    }
}

/// [24.4]: the minor's land units go to its nearest fortified home space it controls
/// (else the nearest home space it controls; none: eliminated).
fn home_minor_units(s: &mut model::State, minor: Power) {
    let Some(o) = crate::minors::pool_of(minor) else {
        return;
    };
    let d = data();
    let good = |s: &model::State, y: SpaceId, fort: bool| {
        d.space(y).home == minor && s.sp(y).controller == minor && (!fort || fortified(s, y))
    };
    for x in d.space_ids() {
        let Some(f) = s.sp(x).forces.iter().find(|f| f.owner == o).copied() else {
            continue;
        };
        if f.troops.total() == 0 || good(s, x, true) {
            continue;
        }
        let order = by_distance(x);
        let to = order
            .iter()
            .copied()
            .find(|&y| good(s, y, true))
            .or_else(|| order.iter().copied().find(|&y| good(s, y, false)));
        let t = f.troops;
        crate::board::force_mut(s, x, o).troops = Default::default();
        crate::board::tidy(s, x);
        match to {
            Some(y) => crate::board::force_mut(s, y, o).troops.add(&t),
            None => book(s, o, -(t.total() as i16), 0),
        }
    }
}
