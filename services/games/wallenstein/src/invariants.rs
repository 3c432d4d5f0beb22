//! Invariants checked after every move of the random playouts.

use crate::data::{BUILDING_SUPPLY, CUBES_PER_COLOUR, PEASANTS, UNREST_MARKERS, data};
use crate::model::{AUCTION_FIELD, Card, State};

pub fn violations(s: &State) -> Vec<String> {
    let mut v = Vec::new();
    let n = s.n();
    let d = data();
    for p in 0..n {
        let map: u32 = s
            .lands
            .iter()
            .filter(|l| l.owner == Some(p as u8))
            .map(|l| l.armies)
            .sum();
        let total = s.players[p].supply + map + s.tower.inside[p] + s.tower.tray[p];
        if total != CUBES_PER_COLOUR {
            v.push(format!(
                "seat {p}: {total} cubes across supply/map/tower/tray, not {CUBES_PER_COLOUR}"
            ));
        }
        if s.players[p].money < 0 {
            v.push(format!("seat {p}: negative money {}", s.players[p].money));
        }
    }
    // Only a seat short of cards bids nothing (L553-555, RULINGS R9): it has used all
    // five money cards on its action fields.
    for p in 0..n {
        let plan = &s.plans[p];
        if plan.done()
            && plan.fields[AUCTION_FIELD as usize] == Card::Empty
            && (0..5).any(|v| !plan.fields.contains(&Card::Money(v)))
        {
            v.push(format!("seat {p}: no bid while holding a money card"));
        }
    }
    let peasants = s.peasants + s.tower.inside[n] + s.tower.tray[n];
    if peasants != PEASANTS {
        v.push(format!("{peasants} peasants, not {PEASANTS}"));
    }
    for kind in 0..3 {
        if s.buildings_built(kind) > BUILDING_SUPPLY[kind] {
            v.push(format!(
                "more than {} buildings of type {kind}",
                BUILDING_SUPPLY[kind]
            ));
        }
    }
    if s.unrest_on_map() > UNREST_MARKERS {
        v.push("more unrest markers than the box holds".into());
    }
    for (i, l) in s.lands.iter().enumerate() {
        let used = l.buildings.iter().filter(|b| **b).count() as u8;
        if used > d.lands[i].sites {
            v.push(format!(
                "{}: {used} buildings on {} sites",
                d.lands[i].name, d.lands[i].sites
            ));
        }
        if l.owner.is_some() != (l.armies > 0) {
            v.push(format!(
                "{}: owner {:?} with {} armies",
                d.lands[i].name, l.owner, l.armies
            ));
        }
        if !s.in_play[i] && (l.owner.is_some() || used > 0 || l.unrest > 0) {
            v.push(format!("{}: out of play but used", d.lands[i].name));
        }
        if l.owner.is_none() && l.unrest > 0 {
            v.push(format!("{}: neutral land with unrest", d.lands[i].name));
        }
    }
    v
}
