//! Piracy on the World map ([16.5]): a captain in an ocean zone against Spain or Portugal
//! (2 CP, no war needed), the markers shared with Europe's piracy ([16.4]), the target's
//! defence dice, the pirate's dice, the rewards Spain chooses, the booty and the return
//! home.

use signoria_engine::Scoped;

use crate::data::{OceanZoneId, Power, data};
use crate::model::{self, Pw};

use super::{At, Event, Frame, Move, Reward, SPAIN, Target, voyage};

/// Settlements of the target next to the zone (printed owners; RULINGS W7).
pub fn target_settlements(z: u8, t: Target) -> usize {
    let owner = match t {
        Target::Spain => Power::Spain,
        Target::Portugal => Power::Portugal,
    };
    data()
        .settlements_in(OceanZoneId(z))
        .filter(|&x| data().settlement(x).owner == Some(owner))
        .count()
}

/// Piracy markers of `p` this turn on both maps ([16.4], [16.5]: at most three).
pub fn markers_of(s: &model::State, p: Pw) -> usize {
    s.piracy.iter().filter(|m| m.0 == p).count()
        + s.world.piracy.iter().filter(|m| m.0 == p).count()
}

/// The world piracy actions of `who` with `cp` CP ([16.5] step 1).
pub fn actions(s: &model::State, who: Pw, cp: u8) -> Vec<Move> {
    let mut v = Vec::new();
    if cp < 2 || markers_of(s, who) >= 3 {
        return v;
    }
    for (i, c) in s.world.captains.iter().enumerate() {
        let (Some(p), At::Zone(z)) = (c.owner, c.at) else {
            continue;
        };
        if p != who || s.world.piracy.contains(&(who, z)) {
            continue;
        }
        let mut others: Vec<Pw> = s
            .world
            .piracy
            .iter()
            .filter(|m| m.1 == z)
            .map(|m| m.0)
            .collect();
        others.dedup();
        if others.len() >= 2 {
            continue;
        }
        // Portugal is always a target, except for England and France while allied with
        // it (RULINGS W8).
        let allied = (who == 2 || who == 3)
            && crate::minors::activation::ally(s, Power::Portugal) == Some(who);
        for target in [Target::Spain, Target::Portugal] {
            if target == Target::Portugal && allied {
                continue;
            }
            if target_settlements(z, target) > 0 {
                v.push(Move::Pirate {
                    captain: i as u8,
                    target,
                });
            }
        }
    }
    v
}

fn hits(s: &mut model::State, dice: u32) -> (Vec<u8>, u8) {
    let rolls: Vec<u8> = (0..dice).map(|_| s.rng.die(6) as u8).collect();
    let h = rolls.iter().filter(|&&d| d >= 5).count() as u8;
    (rolls, h)
}

/// [16.5] steps 1-5: the marker, the target's dice, the pirate's dice; the rewards are
/// Spain's decisions ([`Frame::Reward`]). Returns the CP (2).
pub fn start(
    s: &mut model::State,
    who: Pw,
    c: u8,
    target: Target,
    ev: &mut Vec<Scoped<model::Event>>,
) -> u8 {
    let At::Zone(z) = s.world.captains[c as usize].at else {
        unreachable!("listed")
    };
    s.world.piracy.push((who, z));
    // Step 2: Portugal 1 die per adjacent Portuguese settlement; Spain 1 per patrol in
    // the zone and 1 per Spanish fortress on a settlement next to it ([17.5], W7).
    let settlements = target_settlements(z, target);
    let defence = match target {
        Target::Portugal => settlements,
        Target::Spain => {
            s.world.patrols.iter().filter(|&&x| x == z).count() + super::fortresses::next_to(s, z)
        }
    } as u32;
    let (_, dh) = hits(s, defence);
    // Step 3: 2 hits, or 1 on a captain damaged before, eliminate him; 1 damages him.
    let was_damaged = s.world.captains[c as usize].damaged;
    if dh >= 2 || (dh == 1 && was_damaged) {
        ev.push(Scoped::public(model::Event::World(Event::WorldPiracy {
            pirate: who,
            captain: c,
            target,
            defence_hits: dh,
            hits: 0,
        })));
        voyage::eliminate(s, c, ev);
        return 2;
    }
    if dh == 1 {
        s.world.captains[c as usize].damaged = true;
        voyage::trim_booty(s, c);
    }
    // Steps 4-5: 1 die when damaged or one target settlement only, else 2; + piracy.
    let base = if s.world.captains[c as usize].damaged || settlements == 1 {
        1
    } else {
        2
    };
    let dice = base + data().captains[c as usize].piracy as u32;
    let (_, h) = hits(s, dice);
    ev.push(Scoped::public(model::Event::World(Event::WorldPiracy {
        pirate: who,
        captain: c,
        target,
        defence_hits: dh,
        hits: h,
    })));
    if h > 0 {
        s.stack.push(model::Frame::World(Frame::Reward {
            pirate: who,
            captain: c,
            target,
            left: h,
            given: [0; 4],
        }));
    } else {
        offer_home(s, who, c);
    }
    2
}

/// [16.5] step 7: the captain may go home now if the way is safe.
pub fn offer_home(s: &mut model::State, who: Pw, c: u8) {
    if voyage::may_go_home(s, c) {
        s.stack
            .push(model::Frame::World(Frame::Home { who, captain: c }));
    }
}

/// [16.5] step 5: against Spain, with a Spanish fortress next to the zone (it rolled its
/// die), Spain keeps one treasure of its row out of the random draw (its highest face,
/// RULINGS W7); so a treasure is given only while two are left.
pub fn kept(s: &model::State, z: u8, t: Target) -> usize {
    (t == Target::Spain && super::fortresses::next_to(s, z) > 0) as usize
}

fn row(s: &model::State, t: Target) -> &Vec<u8> {
    match t {
        Target::Spain => &s.world.spain_row,
        // Erratum §8.19 #200: the Portuguese row.
        Target::Portugal => &s.world.portugal_row,
    }
}

/// Rewards Spain may give now: those available, spread evenly (none a second time
/// before every available one was given once); the VP is always available ([16.5]
/// step 5).
pub fn reward_choices(s: &model::State, c: u8, t: Target, given: &[u8; 4]) -> Vec<Move> {
    let At::Zone(z) = s.world.captains[c as usize].at else {
        return Vec::new();
    };
    let avail: Vec<Reward> = [Reward::Patrol, Reward::Treasure, Reward::Vp]
        .into_iter()
        .filter(|r| match r {
            Reward::Patrol => s.world.patrols.contains(&z),
            Reward::Treasure => row(s, t).len() > kept(s, z, t),
            _ => true,
        })
        .collect();
    even(&avail, given)
}

/// The available rewards given least so far.
pub fn even(avail: &[Reward], given: &[u8; 4]) -> Vec<Move> {
    let min = avail.iter().map(|r| given[r.idx()]).min().unwrap_or(0);
    avail
        .iter()
        .filter(|r| given[r.idx()] == min)
        .map(|&r| Move::Give(r))
        .collect()
}

/// A random treasure of `v` into the captain's booty (its face seen by its owner).
pub fn take_into_booty(
    s: &mut model::State,
    who: Pw,
    c: u8,
    mut v: Vec<u8>,
    ev: &mut Vec<Scoped<model::Event>>,
) -> Vec<u8> {
    if let Some(t) = s.rng.take_one(&mut v) {
        s.world.captains[c as usize].booty.push(t);
        ev.push(super::private(
            s,
            who,
            Event::TreasuresSeen {
                power: who,
                treasures: vec![t],
            },
        ));
        // Step 6 as each treasure comes aboard (the same as at the end: the highest
        // faces are kept, RULINGS W5).
        voyage::trim_booty(s, c);
    }
    v.sort();
    v
}

pub fn resolve_reward(
    s: &mut model::State,
    f: Frame,
    m: &Move,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    let Frame::Reward {
        pirate,
        captain,
        target,
        left,
        mut given,
    } = f
    else {
        unreachable!()
    };
    let Move::Give(r) = *m else {
        unreachable!("a reward")
    };
    given[r.idx()] += 1;
    ev.push(Scoped::public(model::Event::World(Event::Rewarded {
        pirate,
        reward: r,
    })));
    match r {
        Reward::Patrol => {
            let At::Zone(z) = s.world.captains[captain as usize].at else {
                unreachable!()
            };
            let i = s
                .world
                .patrols
                .iter()
                .position(|&x| x == z)
                .expect("listed");
            s.world.patrols.remove(i);
        }
        Reward::Treasure => {
            let mut v = match target {
                Target::Spain => std::mem::take(&mut s.world.spain_row),
                Target::Portugal => std::mem::take(&mut s.world.portugal_row),
            };
            let At::Zone(z) = s.world.captains[captain as usize].at else {
                unreachable!()
            };
            // Spain's kept treasure is its highest (the last once sorted).
            v.sort();
            let keep = v.split_off(v.len() - kept(s, z, target));
            let mut v = take_into_booty(s, pirate, captain, v, ev);
            v.extend(keep);
            v.sort();
            match target {
                Target::Spain => s.world.spain_row = v,
                Target::Portugal => s.world.portugal_row = v,
            }
        }
        Reward::Vp => super::add_vp(s, pirate, 1),
        Reward::Galleon => unreachable!("the Silver Fleet's"),
    }
    if left > 1 {
        *s.stack.last_mut().expect("frame") = model::Frame::World(Frame::Reward {
            pirate,
            captain,
            target,
            left: left - 1,
            given,
        });
    } else {
        s.stack.pop();
        // Step 6: the booty above what the expedition carries is discarded.
        voyage::trim_booty(s, captain);
        offer_home(s, pirate, captain);
    }
    let _ = SPAIN;
}
