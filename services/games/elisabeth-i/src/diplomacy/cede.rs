//! Ceding political control of a space ([9.1] 5) and the displacement it causes ([12.5]).

use signoria_engine::Scoped;

use crate::board::{controller_pw, force_mut, fortified, leaders_in, owner_pw, tidy};
use crate::combat::naval_battle::Waters;
use crate::data::{ReligiousZone, SpaceId, data};
use crate::model::{Event, Pw, Ships, State, Troops, major};

use super::{PROTESTANT, SPAIN};

const FRANCE: Pw = super::FRANCE;

/// Whether `from` may cede `sp` to `to` now ([9.1] 5; RULINGS D1, D2).
pub fn cedable(s: &State, from: Pw, to: Pw, sp: SpaceId) -> bool {
    if from == to || controller_pw(s, sp) != Some(from) {
        return false;
    }
    let space = data().space(sp);
    let pair = (from.min(to), from.max(to));
    // a) back to its home power; b) a space in France between France and the Protestants;
    // c) a space in the Netherlands between Spain and the Protestants (the religious zones
    // are the regions, RULINGS D1).
    let allowed = space.is_home_of(major(to))
        || (space.zone == Some(ReligiousZone::France) && pair == (FRANCE, PROTESTANT))
        || (space.zone == Some(ReligiousZone::Netherlands) && pair == (SPAIN, PROTESTANT));
    // RULINGS D2: not a besieged space, not one holding units of a third power (their
    // fate is no part of the agreement of two powers).
    allowed && s.sp(sp).siege.is_none() && !third_party(s, from, to, sp)
}

fn third_party(s: &State, from: Pw, to: Pw, sp: SpaceId) -> bool {
    let others = |p: Option<Pw>| p != Some(from) && p != Some(to);
    s.sp(sp)
        .forces
        .iter()
        .any(|f| !f.empty() && others(owner_pw(f.owner)))
        || s.leaders
            .iter()
            .any(|l| l.at == crate::model::Loc::Space(sp) && others(Some(l.owner)))
}

/// The spaces `from` may cede to `to`.
pub fn spaces(s: &State, from: Pw, to: Pw) -> Vec<SpaceId> {
    data()
        .space_ids()
        .filter(|&sp| cedable(s, from, to, sp))
        .collect()
}

/// Carry out the cession: the marker changes, the old owner's units, leaders and ships
/// there are displaced ([12.5]).
pub fn cede(s: &mut State, from: Pw, to: Pw, sp: SpaceId, ev: &mut Vec<Scoped<Event>>) {
    s.sp_mut(sp).controller = major(to);
    ev.push(Scoped::public(Event::Controlled {
        power: to,
        space: sp,
    }));
    displace(s, from, sp, ev);
}

/// [12.5] displacement of `p`'s pieces out of `sp`: land units and army leaders to the
/// nearest fortified space `p` controls, else its friendly-controlled capital (ties: the
/// lowest space number, RULINGS D3; nowhere: the units are eliminated and the leaders go
/// to the power card); ships and naval leaders to the nearest port `p` controls by sea
/// zones (nowhere: the ships are lost).
pub fn displace(s: &mut State, p: Pw, sp: SpaceId, ev: &mut Vec<Scoped<Event>>) {
    let owners: Vec<(crate::data::PoolOwner, Troops, Ships)> = s
        .sp(sp)
        .forces
        .iter()
        .filter(|f| owner_pw(f.owner) == Some(p))
        .map(|f| (f.owner, f.troops, f.ships))
        .collect();
    for (o, all, _) in &owners {
        // [17.1]: the Knights never leave their space: displaced, they are lost (RULINGS
        // K12).
        crate::knights::eliminate(s, sp, *o, ev);
        let troops = &all.movable();
        if troops.total() == 0 {
            continue;
        }
        let land_to = land_target(s, p, *o, sp);
        force_mut(s, sp, *o).troops = Troops::default();
        match land_to {
            Some(t) => {
                force_mut(s, t, *o).troops.add(troops);
                ev.push(Scoped::public(Event::Moved {
                    power: p,
                    from: sp,
                    to: t,
                    troops: *troops,
                    leaders: vec![],
                }));
            }
            None => {
                crate::board::book(s, *o, -(troops.pooled() as i16), 0);
                ev.push(Scoped::public(Event::UnitsLost {
                    owner: *o,
                    space: sp,
                    troops: *troops,
                }));
            }
        }
    }
    // [23.1]: a Morisco displaced beyond two spaces of Granada is eliminated (RULINGS K15).
    crate::morisco::eliminate_far(s, ev);
    for l in leaders_in(s, p, sp) {
        crate::battle::displace_leader(s, l, sp);
    }
    let ships: u8 = owners.iter().map(|(_, _, sh)| sh.total()).sum();
    if ships > 0 {
        let port_to = port_target(s, p, sp);
        for (o, _, sh) in &owners {
            if sh.total() == 0 {
                continue;
            }
            force_mut(s, sp, *o).ships = Ships::default();
            match port_to {
                Some(t) => {
                    let f = force_mut(s, t, *o);
                    f.ships.galleys += sh.galleys;
                    f.ships.galleons += sh.galleons;
                    f.ships.corsairs += sh.corsairs;
                }
                None => crate::lost_ships::lose(s, *o, *sh),
            }
        }
        if let Some(t) = port_to {
            crate::admirals::follow(s, major(p), Waters::Port(sp), Waters::Port(t));
        }
        crate::admirals::strand_check(s);
        ev.push(Scoped::public(Event::CombatNote {
            text: format!(
                "{} ships displaced from {} to {}",
                data().power(major(p)).name,
                data().space(sp).name,
                port_to.map_or("nowhere: lost".to_string(), |t| data()
                    .space(t)
                    .name
                    .clone())
            ),
        }));
    }
    tidy(s, sp);
}

/// The nearest fortified space `p` controls (not besieged), by land steps from `sp`; else
/// a capital of the units of `o` if `p` controls it (a Protestant faction's own, [23.6]).
fn land_target(s: &State, p: Pw, o: crate::data::PoolOwner, sp: SpaceId) -> Option<SpaceId> {
    if let Some(y) = crate::board::by_land_distance(sp)
        .into_iter()
        .skip(1)
        .find(|&y| fortified(s, y) && controller_pw(s, y) == Some(p) && s.sp(y).siege.is_none())
    {
        return Some(y);
    }
    crate::majors::protestant::unit_capitals(s, o, p)
        .into_iter()
        .find(|&c| controller_pw(s, c) == Some(p))
}

/// The nearest port `p` controls, by steps through sea zones (each zone one step).
fn port_target(s: &State, p: Pw, sp: SpaceId) -> Option<SpaceId> {
    crate::naval::nearest_port(Waters::Port(sp), |q| controller_pw(s, q) == Some(p))
}
