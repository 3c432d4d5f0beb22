//! The mandatory event *Silberflotte* ([23.2]): one more treasure into the Spanish row,
//! Spain ships 2 (3 with two escorts, [10] step 1, `escorts`) of them, a die places the
//! fleet (England may re-roll it once with an expedition in one of the table's zones and
//! an agent on Spain), every expedition in that zone may attack it for free (the fleet
//! rolls 1 die + 1 per escort; an escort may be eliminated as a reward), what is left
//! goes to Spain's hand. RULINGS W10.

use signoria_engine::Scoped;

use crate::data::{OceanZoneId, data};
use crate::events::{EventDef, Lasts, When, always};
use crate::model::{self, Pw};

use super::{At, Event, Frame, Move, Reward, SPAIN, piracy, treasure, voyage};

pub const EVENT: EventDef = EventDef {
    key: "silver_fleet",
    when: When::Impulse,
    lasts: Lasts::Now,
    playable: always,
    play,
};

pub const ENGLAND: Pw = 2;

/// Escorting galleons ([10] step 1).
pub fn escorts(s: &model::State) -> u8 {
    super::escorts::count(s)
}

/// Treasures of the Silver Fleet's frames (on their way, for the conservation check).
pub fn in_transit(s: &model::State) -> Vec<u8> {
    let mut v = Vec::new();
    for f in &s.stack {
        if let model::Frame::World(
            Frame::Select { chosen, .. }
            | Frame::Fleet { chosen, .. }
            | Frame::FleetReward { chosen, .. }
            | Frame::Reroll { chosen, .. },
        ) = f
        {
            v.extend(chosen);
        }
    }
    v
}

/// Steps 1-2: a treasure more into the row; Spain chooses the ones to ship.
fn play(s: &mut model::State, _who: Pw, ev: &mut Vec<Scoped<model::Event>>) {
    super::ensure(s);
    if let Some(t) = treasure::draw(s) {
        s.world.spain_row.push(t);
        s.world.spain_row.sort();
    }
    let t = &data().tables.silver_fleet.treasures_chosen;
    let need = if escorts(s) >= 2 {
        t.get("with_2_escorts").copied().unwrap_or(3)
    } else {
        t.get("otherwise").copied().unwrap_or(2)
    };
    let need = need.min(s.world.spain_row.len() as u8);
    s.stack.push(model::Frame::World(Frame::Select {
        chosen: Vec::new(),
        need,
    }));
    if need == 0 {
        // Nothing to ship: the fleet sails empty.
        s.stack.pop();
        sails(s, Vec::new(), ev);
    }
}

pub fn select_choices(s: &model::State, _chosen: &[u8]) -> Vec<Move> {
    let mut v: Vec<u8> = s.world.spain_row.clone();
    v.dedup();
    v.into_iter()
        .map(|treasure| Move::Ship { treasure })
        .collect()
}

pub fn resolve_select(
    s: &mut model::State,
    f: Frame,
    m: &Move,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    let (Frame::Select { mut chosen, need }, Move::Ship { treasure }) = (f, m) else {
        unreachable!()
    };
    let row = &mut s.world.spain_row;
    let i = row.iter().position(|t| t == treasure).expect("listed");
    chosen.push(row.remove(i));
    if chosen.len() as u8 >= need {
        s.stack.pop();
        sails(s, chosen, ev);
    } else {
        *s.stack.last_mut().expect("frame") = model::Frame::World(Frame::Select { chosen, need });
    }
}

/// The zone of a row of the table: 6 is the Mexican Coast only with Spanish Philippines,
/// never here (RULINGS W7).
fn row_zone(r: &crate::data::tables::SilverFleetRow) -> u8 {
    let key = match (&r.condition, &r.otherwise) {
        (Some(_), Some(o)) => o.as_str(),
        _ => r.zone.as_str(),
    };
    data().ocean_zone_id(key).expect("a zone of the pack").0
}

/// The zones the fleet may sail to ([23.2] step 3, "in einer der Zonen").
fn table_zones() -> Vec<u8> {
    let mut v: Vec<u8> = data()
        .tables
        .silver_fleet
        .rows
        .iter()
        .map(row_zone)
        .collect();
    v.sort();
    v.dedup();
    v
}

/// [23.2] step 3: England may re-roll with an English expedition in one of the zones of
/// the table and an (unneutralized) English agent spying on Spain ([19.2]).
pub fn may_reroll(s: &model::State) -> bool {
    let zones = table_zones();
    crate::espionage::agents::spies_on(s, ENGLAND, SPAIN)
        && s.world
            .captains
            .iter()
            .any(|c| c.owner == Some(ENGLAND) && matches!(c.at, At::Zone(z) if zones.contains(&z)))
}

/// Step 3: the die places the fleet; England may ask for the re-roll.
fn sails(s: &mut model::State, chosen: Vec<u8>, ev: &mut Vec<Scoped<model::Event>>) {
    let zone = roll_zone(s);
    if may_reroll(s) {
        s.stack
            .push(model::Frame::World(Frame::Reroll { chosen, zone }));
        return;
    }
    sails_to(s, chosen, zone, ev);
}

/// England's answer: a second die (final) or the first.
pub fn resolve_reroll(
    s: &mut model::State,
    chosen: Vec<u8>,
    zone: u8,
    m: &Move,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    s.stack.pop();
    let zone = if *m == Move::Reroll {
        let z = roll_zone(s);
        ev.push(Scoped::public(model::Event::World(Event::Rerolled {
            zone: z,
        })));
        z
    } else {
        zone
    };
    sails_to(s, chosen, zone, ev);
}

/// The die of step 3 (6: the Mexican Coast only with Spanish Philippines, never here,
/// RULINGS W7).
fn roll_zone(s: &mut model::State) -> u8 {
    let d = data();
    let die = s.rng.die(6) as u8;
    let row = d
        .tables
        .silver_fleet
        .rows
        .iter()
        .find(|r| r.die.contains(&die))
        .expect("the table covers a die");
    row_zone(row)
}

/// The fleet in `zone`: the expeditions there attack in impulse order.
fn sails_to(s: &mut model::State, chosen: Vec<u8>, zone: u8, ev: &mut Vec<Scoped<model::Event>>) {
    ev.push(Scoped::public(model::Event::World(Event::SilverFleet {
        zone,
        treasures: chosen.len() as u8,
    })));
    let mut queue: Vec<(Pw, u8)> = s
        .world
        .captains
        .iter()
        .enumerate()
        .filter_map(|(i, c)| match (c.owner, c.at) {
            (Some(p), At::Zone(z)) if z == zone => Some((p, i as u8)),
            _ => None,
        })
        .collect();
    // Impulse order; one power's expeditions in the order of the counters (RULINGS W5).
    queue.sort();
    s.stack.push(model::Frame::World(Frame::Fleet {
        zone,
        chosen,
        queue: queue.into_iter().map(|q| q.1).collect(),
    }));
}

fn hits(s: &mut model::State, dice: u32) -> u8 {
    (0..dice).filter(|_| s.rng.die(6) >= 5).count() as u8
}

/// Step 4 for the next expedition in the queue, or step 5 when none is left.
pub fn attack(
    s: &mut model::State,
    zone: u8,
    chosen: Vec<u8>,
    mut queue: Vec<u8>,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    if queue.is_empty() {
        // Step 5: the treasures not captured go to Spain's hand.
        if !chosen.is_empty() {
            ev.push(Scoped::public(model::Event::World(Event::SpainReceives {
                count: chosen.len() as u8,
            })));
        }
        treasure::give(s, SPAIN, chosen, ev);
        return;
    }
    let c = queue.remove(0);
    let cap = &s.world.captains[c as usize];
    let Some(owner) = cap.owner.filter(|_| cap.at == At::Zone(zone)) else {
        s.stack.push(model::Frame::World(Frame::Fleet {
            zone,
            chosen,
            queue,
        }));
        return;
    };
    let dice = if cap.damaged { 1 } else { 2 } + data().captains[c as usize].piracy as u32;
    let eh = hits(s, dice);
    let fh = hits(s, 1 + escorts(s) as u32);
    ev.push(Scoped::public(model::Event::World(Event::WorldPiracy {
        pirate: owner,
        captain: c,
        target: super::Target::Spain,
        defence_hits: fh,
        hits: eh,
    })));
    let net = eh as i16 - fh as i16;
    if net > 0 {
        s.stack.push(model::Frame::World(Frame::FleetReward {
            captain: c,
            zone,
            chosen,
            queue,
            left: net as u8,
            given: [0; 4],
        }));
        return;
    }
    s.stack.push(model::Frame::World(Frame::Fleet {
        zone,
        chosen,
        queue,
    }));
    if net < 0 {
        if net == -1 && !s.world.captains[c as usize].damaged {
            s.world.captains[c as usize].damaged = true;
            voyage::trim_booty(s, c);
        } else {
            voyage::eliminate(s, c, ev);
            return;
        }
    }
    // Step 6: a surviving expedition may go home.
    piracy::offer_home(s, owner, c);
}

/// The rewards of a hit on the fleet, spread evenly: a treasure of the fleet, a piracy
/// VP, an escorting galleon ([23.2] step 4).
pub fn reward_choices(s: &model::State, _c: u8, chosen: &[u8], given: &[u8; 4]) -> Vec<Move> {
    let avail: Vec<Reward> = [Reward::Treasure, Reward::Vp, Reward::Galleon]
        .into_iter()
        .filter(|r| match r {
            Reward::Treasure => !chosen.is_empty(),
            Reward::Galleon => escorts(s) > 0,
            _ => true,
        })
        .collect();
    piracy::even(&avail, given)
}

pub fn resolve_reward(
    s: &mut model::State,
    f: Frame,
    m: &Move,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    let Frame::FleetReward {
        captain,
        zone,
        mut chosen,
        queue,
        left,
        mut given,
    } = f
    else {
        unreachable!()
    };
    let Move::Give(r) = *m else {
        unreachable!("a reward")
    };
    let owner = s.world.captains[captain as usize]
        .owner
        .expect("an expedition");
    given[r.idx()] += 1;
    ev.push(Scoped::public(model::Event::World(Event::Rewarded {
        pirate: owner,
        reward: r,
    })));
    match r {
        Reward::Treasure => chosen = piracy::take_into_booty(s, owner, captain, chosen, ev),
        Reward::Vp => super::add_vp(s, owner, 1),
        // An escorting galleon eliminated: to the turn track ([17.3], RULINGS M21).
        Reward::Galleon => super::escorts::eliminate_one(s),
        Reward::Patrol => unreachable!("not offered"),
    }
    if left > 1 {
        *s.stack.last_mut().expect("frame") = model::Frame::World(Frame::FleetReward {
            captain,
            zone,
            chosen,
            queue,
            left: left - 1,
            given,
        });
        return;
    }
    s.stack.pop();
    voyage::trim_booty(s, captain);
    s.stack.push(model::Frame::World(Frame::Fleet {
        zone,
        chosen,
        queue,
    }));
    piracy::offer_home(s, owner, captain);
}

/// Zone id of a key (tests).
pub fn zone(key: &str) -> u8 {
    data()
        .ocean_zone_id(key)
        .map(|z: OceanZoneId| z.0)
        .expect("zone")
}
