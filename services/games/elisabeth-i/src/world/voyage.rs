//! Expeditions on the World map: outfitting ([17.4]), voyages with navigation rolls and
//! colonies ([16.1], [2.6]), colony rolls in the card phase ([8.4]), circumnavigation
//! ([16.6]), the winter return ([20.4]) and Spanish patrols ([17.3]).

use std::collections::VecDeque;

use signoria_engine::Scoped;

use crate::data::{BorderKind, OceanZoneId, Power, SettlementId, data};
use crate::model::{self, Pw, major};

use super::{At, Event, Frame, Move, OTTOMAN, SPAIN, Ship, treasure};

/// Colony markers of `p` (data pack, reconstructed counts).
pub fn colony_markers(p: Pw) -> u8 {
    data()
        .markers
        .iter()
        .find(|m| m.id == "colony")
        .and_then(|m| m.per_power.get(&major(p)).copied())
        .unwrap_or(0)
}

/// Spain's patrol counters.
pub fn patrol_counters() -> u8 {
    data()
        .special_units
        .iter()
        .find(|u| u.id == "patrol")
        .map_or(0, |u| u.counters)
}

/// The ocean zones next to `z`, and whether entering across that border needs a
/// navigation roll (a dangerous passage, or against a trade wind, [2.6], [16.1]).
pub fn neighbours(z: u8) -> Vec<(u8, bool)> {
    let mut v: Vec<(u8, bool)> = data()
        .ocean_neighbours(OceanZoneId(z))
        .map(|(o, b)| (o.0, b.needs_navigation_roll(OceanZoneId(z))))
        .collect();
    v.sort();
    v
}

/// The zones where `p`'s captains enter the World map ([17.4]).
pub fn entry_zones(p: Pw) -> Vec<u8> {
    data()
        .entry_zones
        .get(&major(p))
        .map(|v| v.iter().map(|z| z.0).collect())
        .unwrap_or_default()
}

fn zone_key(z: u8) -> &'static str {
    data().ocean_zone(OceanZoneId(z)).key.as_str()
}

/// The zones a captain may sail to from where he is (a colony: the zones it borders).
fn reachable(at: At) -> Vec<(u8, bool)> {
    match at {
        At::Zone(z) => neighbours(z),
        At::Colony(x) => data()
            .settlement(SettlementId(x))
            .zones
            .iter()
            .map(|z| (z.0, false))
            .collect(),
        _ => Vec::new(),
    }
}

/// The captains `p` may outfit now: its own (or shared) captains in its pool whose turn
/// has come ([8.1], [17.4]; de Sores and le Clerc to whichever of France and the
/// Protestants outfits them first each time, RULINGS W2).
pub fn available(s: &model::State, p: Pw) -> Vec<u8> {
    let d = data();
    d.captains
        .iter()
        .enumerate()
        .filter(|(i, c)| {
            c.powers.contains(&major(p))
                && matches!(s.world.captains.get(*i).map(|c| c.at), Some(At::Home(t)) if t <= s.turn)
                && !crate::patronage::le_testu::blocks_outfit(s, *i as u8)
        })
        .map(|(i, _)| i as u8)
        .collect()
}

/// Whether the player count removes the captain ([3.1]; `data/scenarios.json`
/// `removed_personalities`: Schmidl with 2-5 players, the Ottoman captains with 2-4;
/// RULINGS I5).
pub fn removed(players: u8, id: &str) -> bool {
    data()
        .player_count(players)
        .is_some_and(|c| c.removed_personalities.iter().any(|r| r == id))
}

/// Colony markers of `p` not in play (neither placed nor aboard).
pub fn free_markers(s: &model::State, p: Pw) -> u8 {
    let aboard = s
        .world
        .captains
        .iter()
        .filter(|c| c.owner == Some(p) && c.colony)
        .count();
    let placed = s.world.colonies.iter().filter(|c| c.1 == p).count();
    colony_markers(p).saturating_sub((aboard + placed) as u8)
}

/// Zones next to a settlement Spain controls (its printed settlements, RULINGS W7).
pub fn spanish_zones() -> Vec<u8> {
    let d = data();
    let mut v: Vec<u8> = d
        .settlements
        .iter()
        .filter(|x| x.owner == Some(Power::Spain))
        .flat_map(|x| x.zones.iter().map(|z| z.0))
        .collect();
    v.sort();
    v.dedup();
    v
}

/// The outfitting, voyage and patrol actions of `who` with `cp` CP.
pub fn actions(s: &model::State, who: Pw, cp: u8) -> Vec<Move> {
    let mut v = Vec::new();
    if !s.world.ready {
        // Laid out at the first hook of the game; nothing is on the World map before.
        return v;
    }
    if who != SPAIN && cp >= 1 {
        // [17.4]: 1 CP, +1 CP for a colony marker not in play; the Ottomans only after
        // the Suez Canal ([23.1], RULINGS W9). [17.4]: Plantation: the colony without
        // the extra CP.
        let colony_ok = (cp >= 2 || plantation(s, who))
            && free_markers(s, who) > 0
            && (who != OTTOMAN || crate::majors::ottoman::built(s));
        for c in available(s, who) {
            for zone in entry_zones(who) {
                v.push(Move::Outfit {
                    captain: c,
                    zone,
                    colony: false,
                });
                if colony_ok {
                    v.push(Move::Outfit {
                        captain: c,
                        zone,
                        colony: true,
                    });
                }
            }
        }
    }
    let sails = s
        .world
        .captains
        .iter()
        .any(|c| c.owner == Some(who) && matches!(c.at, At::Zone(_) | At::Colony(_)))
        || (who == SPAIN && !s.world.patrols.is_empty());
    if cp >= 1 && sails {
        v.push(Move::Voyage);
    }
    if who == SPAIN && cp >= 2 && (s.world.patrols.len() as u8) < patrol_counters() {
        for zone in spanish_zones() {
            v.push(Move::BuildPatrol { zone });
        }
    }
    v
}

/// Outfit an expedition ([17.4]); returns its CP.
pub fn outfit(
    s: &mut model::State,
    who: Pw,
    captain: u8,
    zone: u8,
    colony: bool,
    ev: &mut Vec<Scoped<model::Event>>,
) -> u8 {
    // The Ottoman captain is placed damaged while the Suez Canal is not built ([23.1]).
    let suez = crate::majors::ottoman::built(s);
    let c = &mut s.world.captains[captain as usize];
    c.at = At::Zone(zone);
    c.owner = Some(who);
    c.damaged = who == OTTOMAN && !suez;
    c.colony = colony;
    c.legs = 0;
    ev.push(Scoped::public(model::Event::World(Event::Outfitted {
        power: who,
        captain,
        zone,
        colony,
    })));
    1 + (colony && !plantation(s, who)) as u8
}

fn plantation(s: &model::State, who: Pw) -> bool {
    crate::patronage::science::has(s, who, crate::patronage::science::PLANTATION)
}

/// The orders still open in a voyage ([16.1] step 1): each ship at most once, to an
/// adjacent ocean zone; then sail.
pub fn order_choices(s: &model::State, who: Pw, orders: &[(Ship, u8)]) -> Vec<Move> {
    let mut v = Vec::new();
    for (i, c) in s.world.captains.iter().enumerate() {
        let ship = Ship::Captain(i as u8);
        if c.owner != Some(who) || orders.iter().any(|o| o.0 == ship) {
            continue;
        }
        for (to, _) in reachable(c.at) {
            v.push(Move::Order { ship, to });
        }
    }
    if who == SPAIN {
        let mut zones = s.world.patrols.clone();
        zones.dedup();
        for z in zones {
            let here = s.world.patrols.iter().filter(|&&x| x == z).count();
            let ordered = orders
                .iter()
                .filter(|o| o.0 == Ship::Patrol { from: z })
                .count();
            if ordered < here {
                for (to, _) in neighbours(z) {
                    v.push(Move::Order {
                        ship: Ship::Patrol { from: z },
                        to,
                    });
                }
            }
        }
    }
    if !orders.is_empty() {
        v.push(Move::Sail);
    }
    v
}

pub fn resolve_orders(
    s: &mut model::State,
    who: Pw,
    mut orders: Vec<(Ship, u8)>,
    m: &Move,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    match m {
        Move::Order { ship, to } => {
            orders.push((*ship, *to));
            *s.stack.last_mut().expect("frame") =
                model::Frame::World(Frame::Orders { who, orders });
        }
        Move::Sail => {
            s.stack.pop();
            sail(s, who, &orders, ev);
        }
        other => unreachable!("not an order: {other:?}"),
    }
}

/// [16.1] step 2: the ships move (simultaneously); an expedition entering a zone across
/// a dangerous passage or against a trade wind rolls for navigation; one that survives
/// carrying a colony may found it next to the zone; circumnavigations are checked.
fn sail(s: &mut model::State, who: Pw, orders: &[(Ship, u8)], ev: &mut Vec<Scoped<model::Event>>) {
    let mut settle = Vec::new();
    for &(ship, to) in orders {
        ev.push(Scoped::public(model::Event::World(Event::Sailed {
            power: who,
            ship,
            to,
        })));
        match ship {
            Ship::Patrol { from } => {
                let p = &mut s.world.patrols;
                let i = p.iter().position(|&z| z == from).expect("ordered");
                p[i] = to;
                p.sort();
            }
            Ship::Captain(c) => {
                let at = s.world.captains[c as usize].at;
                let roll = reachable(at).iter().any(|&(z, r)| z == to && r);
                s.world.captains[c as usize].at = At::Zone(to);
                if roll && !navigate(s, c, ev) {
                    continue;
                }
                if let At::Zone(from) = at
                    && circumnavigation(s, who, c, from, to, ev)
                {
                    continue;
                }
                if s.world.captains[c as usize].colony && !settle_sites(s, c).is_empty() {
                    settle.push(c);
                }
            }
        }
    }
    for c in settle.into_iter().rev() {
        s.stack
            .push(model::Frame::World(Frame::Settle { who, captain: c }));
    }
}

/// Discard booty above what the expedition carries (2, damaged 1; [16.5] step 6, [16.1]):
/// the owner keeps the highest faces (RULINGS W5).
pub fn trim_booty(s: &mut model::State, c: u8) {
    let cap = &mut s.world.captains[c as usize];
    let max = if cap.damaged { 1 } else { 2 };
    cap.booty.sort();
    while cap.booty.len() > max {
        let t = cap.booty.remove(0);
        s.world.spent.push(t);
    }
    s.world.spent.sort();
}

/// The captain leaves the map: his colony marker comes back, his booty is discarded.
fn off_map(s: &mut model::State, c: u8, at: At) {
    let cap = &mut s.world.captains[c as usize];
    let booty = std::mem::take(&mut cap.booty);
    cap.at = at;
    cap.owner = None;
    cap.damaged = false;
    cap.colony = false;
    cap.legs = 0;
    s.world.spent.extend(booty);
    s.world.spent.sort();
}

/// The captain is eliminated: out of the game ([16.1], [16.5] step 3).
pub fn eliminate(s: &mut model::State, c: u8, ev: &mut Vec<Scoped<model::Event>>) {
    off_map(s, c, At::Gone);
    ev.push(Scoped::public(model::Event::World(Event::CaptainLost {
        captain: c,
    })));
    crate::patronage::le_testu::captain_lost(s, c, ev);
}

/// A navigation roll ([16.1]): 2d6 + the captain's navigation rating (+1 Mercator,
/// `patronage::science`) on the navigation table. Whether the expedition
/// goes on.
pub fn navigate(s: &mut model::State, c: u8, ev: &mut Vec<Scoped<model::Event>>) -> bool {
    let t = &data().tables.navigation;
    let dice = t.dice.unwrap_or(2);
    let mut roll = data().captains[c as usize].navigation as i32;
    // [16.1]: +1 with the Mercator projection.
    if let Some(p) = s.world.captains[c as usize].owner {
        roll += crate::patronage::science::plus(s, p, crate::patronage::science::MERCATOR);
    }
    for _ in 0..dice {
        roll += s.rng.die(6) as i32;
    }
    let result = t.lookup(roll).result.clone();
    ev.push(Scoped::public(model::Event::World(Event::Navigation {
        captain: c,
        roll: roll as u8,
        result: result.clone(),
    })));
    match result.as_str() {
        "eliminated" => {
            eliminate(s, c, ev);
            false
        }
        "damaged" => {
            if s.world.captains[c as usize].damaged {
                // Damaged again: the voyage ends; he comes back next turn, the colony
                // and the booty are lost.
                let next = s.turn + 1;
                off_map(s, c, At::Home(next));
                false
            } else {
                s.world.captains[c as usize].damaged = true;
                trim_booty(s, c);
                true
            }
        }
        _ => true,
    }
}

/// Leg bits of a voyage that count for circumnavigation ([16.6]).
const IO_SP: u8 = 1;
const IO_GC: u8 = 2;
const GC_IO: u8 = 4;
const SA_CC: u8 = 8;

/// [16.6]: record the leg; a circumnavigation completed is scored at once (2 VP for the
/// first in the game, 1 for the second), the booty goes to the hand and the captain
/// leaves the map (back next turn, RULINGS W3). Whether it happened.
fn circumnavigation(
    s: &mut model::State,
    who: Pw,
    c: u8,
    from: u8,
    to: u8,
    ev: &mut Vec<Scoped<model::Event>>,
) -> bool {
    let legs = s.world.captains[c as usize].legs;
    let (f, t) = (zone_key(from), zone_key(to));
    let done = if who == OTTOMAN {
        (f, t) == ("guinea_coast", "indian_ocean") && legs & IO_SP != 0
            || (f, t) == ("south_pacific", "indian_ocean") && legs & IO_GC != 0
    } else {
        (f, t) == ("chilean_coast", "south_atlantic") && legs & GC_IO != 0
            || (f, t) == ("indian_ocean", "guinea_coast") && legs & SA_CC != 0
    };
    let bit = match (f, t) {
        ("indian_ocean", "south_pacific") => IO_SP,
        ("indian_ocean", "guinea_coast") => IO_GC,
        ("guinea_coast", "indian_ocean") => GC_IO,
        ("south_atlantic", "chilean_coast") => SA_CC,
        _ => 0,
    };
    s.world.captains[c as usize].legs |= bit;
    if !done {
        return false;
    }
    let table = &data().tables.victory.circumnavigation_vp;
    let vp = table
        .get(s.world.circumnavigations as usize)
        .copied()
        .unwrap_or(0);
    s.world.circumnavigations = s.world.circumnavigations.saturating_add(1);
    super::add_vp(s, who, vp as i16);
    ev.push(Scoped::public(model::Event::World(
        Event::Circumnavigated {
            power: who,
            captain: c,
            vp,
        },
    )));
    go_home(s, who, c, ev);
    true
}

/// Free grey settlements next to the captain's zone (never the Philippines, [16.1]).
pub fn settle_sites(s: &model::State, c: u8) -> Vec<u8> {
    let At::Zone(z) = s.world.captains[c as usize].at else {
        return Vec::new();
    };
    data()
        .settlements_in(OceanZoneId(z))
        .filter(|&x| {
            let st = data().settlement(x);
            st.owner.is_none() && !st.no_colony && !s.world.colonies.iter().any(|c| c.0 == x.0)
        })
        .map(|x| x.0)
        .collect()
}

pub fn settle_choices(s: &model::State, c: u8) -> Vec<Move> {
    let mut v: Vec<Move> = settle_sites(s, c)
        .into_iter()
        .map(|settlement| Move::Settle { settlement })
        .collect();
    v.push(Move::NoColony);
    v
}

pub fn resolve_settle(
    s: &mut model::State,
    who: Pw,
    c: u8,
    m: &Move,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    s.stack.pop();
    if let Move::Settle { settlement } = *m {
        s.world.captains[c as usize].colony = false;
        s.world.colonies.push((settlement, who));
        s.world.colonies.sort();
        ev.push(Scoped::public(model::Event::World(Event::ColonyFounded {
            power: who,
            settlement,
        })));
    }
}

/// The captain comes home ([16.5] step 7, [20.4]): his booty to the hand, he to the next
/// turn's box, his colony marker free again.
pub fn go_home(s: &mut model::State, who: Pw, c: u8, ev: &mut Vec<Scoped<model::Event>>) {
    let booty = std::mem::take(&mut s.world.captains[c as usize].booty);
    ev.push(Scoped::public(model::Event::World(Event::CaptainHome {
        power: who,
        captain: c,
        booty: booty.len() as u8,
    })));
    treasure::give(s, who, booty, ev);
    let next = s.turn + 1;
    off_map(s, c, At::Home(next));
}

/// Zones reachable from `z` without crossing a dangerous passage ([16.5] step 7, [20.4]).
fn safe_reach(z: u8) -> Vec<u8> {
    let mut seen = vec![z];
    let mut q = VecDeque::from([z]);
    while let Some(x) = q.pop_front() {
        for (y, b) in data().ocean_neighbours(OceanZoneId(x)) {
            if b.kind != BorderKind::Dangerous && !seen.contains(&y.0) {
                seen.push(y.0);
                q.push_back(y.0);
            }
        }
    }
    seen
}

/// Whether the captain may go home now: a chain of ocean zones without a dangerous
/// passage leads to one of his power's entry zones ([16.5] step 7).
pub fn may_go_home(s: &model::State, c: u8) -> bool {
    let cap = &s.world.captains[c as usize];
    let (Some(p), At::Zone(z)) = (cap.owner, cap.at) else {
        return false;
    };
    let reach = safe_reach(z);
    entry_zones(p).iter().any(|e| reach.contains(e))
}

/// [20.4]: each expedition at sea goes home (its entry zone) or to one of its power's
/// colonies along zones without dangerous passages (home first, RULINGS W5); one that
/// can reach neither stays and rolls for navigation.
pub fn winter_return(s: &mut model::State, ev: &mut Vec<Scoped<model::Event>>) {
    for c in 0..s.world.captains.len() as u8 {
        let cap = &s.world.captains[c as usize];
        let (Some(p), At::Zone(z)) = (cap.owner, cap.at) else {
            continue;
        };
        if may_go_home(s, c) {
            go_home(s, p, c, ev);
            continue;
        }
        let reach = safe_reach(z);
        let colony = s.world.colonies.iter().find(|(x, o)| {
            *o == p
                && data()
                    .settlement(SettlementId(*x))
                    .zones
                    .iter()
                    .any(|zz| reach.contains(&zz.0))
        });
        if let Some(&(x, _)) = colony {
            s.world.captains[c as usize].at = At::Colony(x);
        } else {
            navigate(s, c, ev);
        }
    }
}

/// [8.4]: each colony rolls 2d6 (+1 Plantation: not implemented) on the colony table.
pub fn colony_rolls(s: &mut model::State, ev: &mut Vec<Scoped<model::Event>>) {
    let t = &data().tables.colony;
    for (x, p) in s.world.colonies.clone() {
        // [8.4]: +1 with Plantation.
        let mut roll = crate::patronage::science::plus(s, p, crate::patronage::science::PLANTATION);
        for _ in 0..t.dice.unwrap_or(2) {
            roll += s.rng.die(6) as i32;
        }
        let result = t.lookup(roll).result.clone();
        ev.push(Scoped::public(model::Event::World(Event::ColonyRolled {
            power: p,
            settlement: x,
            roll: roll as u8,
            result: result.clone(),
        })));
        match result.as_str() {
            "eliminated" => {
                s.world.colonies.retain(|c| c.0 != x);
                // Captains wintering there go to an adjacent zone.
                let z = data().settlement(SettlementId(x)).zones[0].0;
                for cap in s.world.captains.iter_mut() {
                    if cap.at == At::Colony(x) {
                        cap.at = At::Zone(z);
                    }
                }
            }
            "treasure" | "treasure_and_virginia_dare" => {
                if let Some(tr) = treasure::draw(s) {
                    treasure::give(s, p, vec![tr], ev);
                }
                if result == "treasure_and_virginia_dare" && !s.world.dare {
                    s.world.dare = true;
                    super::add_vp(s, p, 1);
                }
            }
            _ => {}
        }
    }
}
