//! Invariants checked after every move of the random playouts.

use crate::data::{BUILDING_SUPPLY, CUBES_PER_COLOUR, PEASANTS, UNREST_MARKERS, data};
use crate::generals::MONUMENTS;
use crate::model::{AUCTION_FIELD, COURT_FIELDS, Card, Frame, State, TOWER_CARDS};

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
    // five money cards on its action fields (with Kaiserhof, the supplementary ones too).
    for p in 0..n {
        let plan = &s.plans[p];
        if plan.done()
            && plan.fields[AUCTION_FIELD as usize] == Card::Empty
            && (0..5).any(|v| !plan.uses(Card::Money(v)))
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
    court(s, &mut v);
    generals(s, &mut v);
    if let Some(stacks) = &s.landsknechte
        && (stacks.len() != n || stacks.iter().any(|&t| t as usize >= d.landsknechte.len()))
    {
        v.push(format!("Landsknecht stacks {stacks:?}"));
    }
    for p in 0..n {
        let plan = &s.plans[p];
        if plan.count(Card::Tower) > TOWER_CARDS
            || (s.court.is_none() && (plan.count(Card::Tower) > 0 || !plan.court.is_empty()))
            || plan.court.len() > COURT_FIELDS.len()
        {
            v.push(format!(
                "seat {p}: supplementary mat or tower cards {plan:?}"
            ));
        }
    }
    v
}

/// Kaiserhof: 7 courtiers per seat across supply, reception and audience hall;
/// the 21 favor cards each in exactly one place (a card being used is in its
/// `UseFavor` frame); at most three taken a round;
/// the audience hall empty outside court part 2.
fn court(s: &State, v: &mut Vec<String>) {
    let Some(c) = &s.court else {
        return;
    };
    let k = &data().kaiserhof;
    for p in 0..s.n() {
        let total = c.supply[p] + c.hall[p] + c.audience[p];
        if total != k.courtiers {
            v.push(format!("seat {p}: {total} courtiers, not {}", k.courtiers));
        }
    }
    let mut cards: Vec<u8> = c
        .deck
        .iter()
        .chain(c.display.iter().flatten())
        .chain(c.held.iter().flatten())
        .chain(&c.gone)
        .copied()
        .chain(s.stack.iter().filter_map(|f| match f {
            Frame::UseFavor { card, .. } => Some(*card),
            _ => None,
        }))
        .collect();
    cards.sort_unstable();
    if cards != (1..=k.favors.len() as u8).collect::<Vec<u8>>() {
        v.push(format!("favor cards not conserved: {cards:?}"));
    }
    if c.taken as usize > k.space_costs.len() {
        v.push(format!("{} favor cards taken in a round", c.taken));
    }
    let in_court = s
        .stack
        .iter()
        .any(|f| matches!(f, Frame::CourtFavor { .. }));
    if !in_court && c.audience.iter().any(|&a| a > 0) {
        v.push("courtiers left in the audience hall".into());
    }
}

/// Generals: each on an own land; 6 monuments per seat across its unbuilt
/// ones, those on the map and those captured by others; none captured from
/// oneself.
fn generals(s: &State, v: &mut Vec<String>) {
    let Some(g) = &s.generals else {
        return;
    };
    for p in 0..s.n() {
        if let Some(l) = g.at[p]
            && s.lands[l as usize].owner != Some(p as u8)
        {
            v.push(format!("seat {p}: general in a land it does not own"));
        }
        let on_board = g.monuments.iter().filter(|m| m.1 as usize == p).count() as u32;
        let taken = g
            .captured
            .iter()
            .flatten()
            .filter(|&&o| o as usize == p)
            .count() as u32;
        if g.left[p] + on_board + taken != MONUMENTS {
            v.push(format!(
                "seat {p}: monuments {} left + {on_board} on the map + {taken} captured",
                g.left[p]
            ));
        }
        if g.captured[p].contains(&(p as u8)) {
            v.push(format!("seat {p} captured its own monument"));
        }
    }
}
