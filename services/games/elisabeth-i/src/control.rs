//! Control, lines of communication and unrest (seed [12]).

use std::collections::VecDeque;

use signoria_engine::Scoped;

use crate::board::{
    allied, at_war, controller_pw, enemy_anything, enemy_land, foreign_land, fortified, friendly,
    land_neighbours, troops_of,
};
use crate::data::{Power, SpaceId, data};
use crate::model::{Event, Pw, State, major};
use crate::movement::Refusal;

/// Line of communication of `p` to `target` (seed [12.1]): a chain from a
/// friendly-controlled fortified home space of `p` or an ally, through spaces that are
/// friendly-controlled, free of enemy units and leaders and not in unrest, and through sea
/// zones holding one of `p`'s own ships, entered and left through such ports (the target
/// itself may be any port).
pub fn loc(s: &State, p: Pw, target: SpaceId) -> bool {
    let d = data();
    let ok = |x: SpaceId| friendly(s, p, x) && !enemy_anything(s, p, x) && !s.sp(x).unrest;
    let own_ships = |z: crate::data::SeaZoneId| {
        crate::naval::own_ships(s, p, crate::combat::naval_battle::Waters::Sea(z))
    };
    let mut seen = vec![false; s.spaces.len()];
    let mut seen_sea = vec![false; d.sea_zones.len()];
    let mut q = VecDeque::new();
    for x in d.space_ids() {
        let home_of_friend =
            (0..6u8).any(|o| (o == p || allied(s, p, o)) && d.space(x).is_home_of(major(o)));
        if home_of_friend && fortified(s, x) && ok(x) {
            if x == target {
                return true;
            }
            seen[x.0 as usize] = true;
            q.push_back(x);
        }
    }
    while let Some(x) = q.pop_front() {
        for (y, _) in land_neighbours(x) {
            if y == target {
                return true;
            }
            if !seen[y.0 as usize] && ok(y) {
                seen[y.0 as usize] = true;
                q.push_back(y);
            }
        }
        // Across the sea: zones with own ships, and the ports of those zones.
        let mut zones: Vec<crate::data::SeaZoneId> = d
            .space(x)
            .ports
            .iter()
            .copied()
            .filter(|&z| d.space(x).ships_may_enter() && own_ships(z))
            .collect();
        while let Some(z) = zones.pop() {
            if seen_sea[z.0 as usize] {
                continue;
            }
            seen_sea[z.0 as usize] = true;
            for &port in &d.sea_zone(z).ports {
                if !d.space(port).ships_may_enter() {
                    continue;
                }
                if port == target {
                    return true;
                }
                if !seen[port.0 as usize] && ok(port) {
                    seen[port.0 as usize] = true;
                    q.push_back(port);
                }
            }
            zones.extend(
                d.sea_zone(z)
                    .adjacent
                    .iter()
                    .copied()
                    .filter(|&a| own_ships(a)),
            );
        }
    }
    false
}

/// Own land units in the space, or adjacent (clear connections) with no enemy land units
/// adjacent: condition 4 of [12.2] and the unrest removal of [12.4].
fn presence(s: &State, p: Pw, sp: SpaceId) -> bool {
    if troops_of(s, p, sp).total() > 0 {
        return true;
    }
    let adj: Vec<SpaceId> = land_neighbours(sp)
        .filter(|(_, pass)| !pass)
        .map(|(x, _)| x)
        .collect();
    adj.iter().any(|&x| troops_of(s, p, x).total() > 0) && !adj.iter().any(|&x| enemy_land(s, p, x))
}

/// Control unfortified space (1 CP, seed [12.2]).
pub fn control_check(s: &State, p: Pw, sp: SpaceId) -> Result<(), Refusal> {
    let st = s.sp(sp);
    let enemy = match controller_pw(s, sp) {
        Some(c) => at_war(s, p, c),
        None => {
            st.controller == Power::Independent || crate::minors::wars::hostile(s, st.controller, p)
        }
    };
    if !enemy {
        return Err(Refusal::Illegal("not independent nor enemy-controlled"));
    }
    if fortified(s, sp) {
        return Err(Refusal::Illegal(
            "fortified spaces change control only by siege, negotiation or events",
        ));
    }
    if foreign_land(s, p, sp) {
        return Err(Refusal::Illegal(
            "land units of a non-allied power occupy it",
        ));
    }
    if !presence(s, p, sp) {
        return Err(Refusal::Illegal(
            "no own land units in or next to it (or enemy units adjacent)",
        ));
    }
    if !loc(s, p, sp) {
        return Err(Refusal::Illegal("no line of communication"));
    }
    Ok(())
}

pub fn control(s: &mut State, p: Pw, sp: SpaceId, ev: &mut Vec<Scoped<Event>>) {
    // The marker of the active power (or none when the home power regains it); the
    // religious side stays (it is a separate field here).
    s.sp_mut(sp).controller = major(p);
    ev.push(Scoped::public(Event::Controlled {
        power: p,
        space: sp,
    }));
    // [12.2]: ships in the port retreat as after a naval battle.
    if s.sp(sp).forces.iter().any(|f| f.ships.total() > 0) {
        crate::naval::push_out(s, sp, ev);
    }
}

/// Remove unrest (1 CP, seed [12.4]); no LOC needed. Ruled: only in a space the power
/// controls (RULINGS R6).
pub fn unrest_check(s: &State, p: Pw, sp: SpaceId) -> bool {
    s.sp(sp).unrest && controller_pw(s, sp) == Some(p) && presence(s, p, sp)
}

pub fn remove_unrest(s: &mut State, sp: SpaceId, ev: &mut Vec<Scoped<Event>>) {
    s.sp_mut(sp).unrest = false;
    ev.push(Scoped::public(Event::UnrestRemoved { space: sp }));
}
