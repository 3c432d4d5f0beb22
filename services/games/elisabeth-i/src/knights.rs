//! The Knights of St. John (*Malteserorden*, seed [17.1] L1381-1386): one Spanish counter
//! that is "always treated as a Spanish regular" except that it is never raised by the
//! raise-regular action and never leaves its space; it starts at strength 1 or 2 by
//! scenario, and once completely eliminated only the event *Malteserorden* brings it back.
//!
//! The model (RULINGS K11-K13): `Troops::knights` counts it in its space (Malta, the data
//! pack's `home_space`), in the Spanish pool's force. `Troops::total` counts it (battle,
//! siege, control, garrison, the winter cap), `UnitKind::Knights` names it in losses and
//! garrisons; it is never in `UnitKind::ALL` (the kinds that are raised, moved, carried)
//! nor in `Troops::pooled` (the counter-mix and its ledger: it is its own counter).

use signoria_engine::Scoped;

use crate::data::{PoolOwner, SpaceId, data};
use crate::events::{EventDef, Lasts, When};
use crate::model::{Event, Pw, SpaceState, State, Troops};

/// The counter's id in `powers.json`, and the key of the *Malteserorden* card.
const ID: &str = "knights_of_st_john";
const SPAIN: Pw = 1;

/// The space of the counter (Malta in the data pack).
pub fn home() -> SpaceId {
    data()
        .special_unit_home(ID)
        .expect("the data pack places the Knights of St. John")
}

/// The larger scenario strength: the cap a state written before `State::knights_cap`
/// reads.
pub fn max_strength() -> u8 {
    data()
        .scenarios
        .iter()
        .map(|s| s.knights_of_st_john)
        .max()
        .unwrap_or(0)
}

/// [17.1] L1386: the set-up places the counter at the scenario's strength (RULINGS K11).
pub fn place(spaces: &mut [SpaceState], strength: u8) {
    if strength == 0 {
        return;
    }
    let sp = &mut spaces[home().0 as usize];
    match sp.forces.iter_mut().find(|f| f.owner == PoolOwner::Spain) {
        Some(f) => f.troops.knights += strength,
        None => {
            sp.forces.push(crate::model::Force {
                owner: PoolOwner::Spain,
                troops: crate::model::Troops {
                    knights: strength,
                    ..Default::default()
                },
                ships: Default::default(),
            });
            sp.forces.sort_by_key(|f| f.owner);
        }
    }
}

/// The Knights on the map (0 once eliminated).
pub fn on_map(s: &State) -> u8 {
    s.spaces
        .iter()
        .flat_map(|x| x.forces.iter())
        .map(|f| f.troops.knights)
        .sum()
}

/// [17.1] L1384: a rule that makes the Knights' stack leave their space (a displacement,
/// [12.5], [18.5], [24.2]) leaves them behind, and as they can be nowhere else they are
/// eliminated (RULINGS K12). Removes them from `owner`'s force in `sp`, if any.
pub fn eliminate(s: &mut State, sp: SpaceId, owner: PoolOwner, ev: &mut Vec<Scoped<Event>>) {
    crate::board::lose_own_counter(s, sp, crate::model::UnitKind::Knights, |o| o == owner, ev);
}

/// Invariant: Spanish, only in their space, at most the counter's strength in this game
/// (`State::knights_cap`).
pub fn violations(s: &State) -> Vec<String> {
    let mut v = Vec::new();
    let home = home();
    for (i, sp) in s.spaces.iter().enumerate() {
        for f in sp.forces.iter().filter(|f| f.troops.knights > 0) {
            if SpaceId(i as u16) != home || f.owner != PoolOwner::Spain {
                v.push(format!(
                    "{}: Knights of St. John of {:?} away from their space",
                    data().spaces[i].key,
                    f.owner
                ));
            }
        }
    }
    if on_map(s) > s.knights_cap {
        v.push(format!("{} Knights of St. John on the map", on_map(s)));
    }
    v
}

/// *Malteserorden* (card 49): the seed names the event as the counter's only way back
/// ([17.1] L1386) and gives no text. Reconstructed reading (RULINGS K13): any power may
/// play it when the counter is off the map and Malta is Spanish-controlled, not besieged
/// and free of enemy land units; it returns at strength 1.
pub const MALTESERORDEN: EventDef = EventDef {
    key: ID,
    when: When::Impulse,
    lasts: Lasts::Now,
    playable: |s: &State, _who: Pw| may_return(s),
    play: |s: &mut State, _who: Pw, ev: &mut Vec<Scoped<Event>>| {
        if !may_return(s) {
            return;
        }
        let home = home();
        crate::board::force_mut(s, home, PoolOwner::Spain)
            .troops
            .knights += 1;
        ev.push(Scoped::public(Event::Replacement {
            power: SPAIN,
            space: home,
            troops: Troops {
                knights: 1,
                ..Default::default()
            },
        }));
    },
};

fn may_return(s: &State) -> bool {
    let home = home();
    on_map(s) == 0
        && crate::board::controller_pw(s, home) == Some(SPAIN)
        && s.sp(home).siege.is_none()
        && !crate::board::enemy_land(s, SPAIN, home)
}
