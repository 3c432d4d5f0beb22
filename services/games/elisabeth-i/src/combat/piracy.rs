//! Piracy on the Europe map (16.4).
//!
//! Decisions: the pirate's ship losses to the defence dice (step 3, the pirate chooses), and
//! the target's choice of reward for each pirate hit (step 5: must benefit the pirate, spread
//! as evenly as possible).

use serde::{Deserialize, Serialize};

use super::naval_battle::{Fleet, Sunk, Waters};
use super::{Ask, CombatError, CombatLog, Dice, refuse, roll_logged};
use crate::data::{PoolOwner, Power, SeaZoneId, ShipType};

/// Limits of the piracy markers (16.4 step 1; the same markers count on the World map, 16.5).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PiracyMarkers {
    /// The pirate already began piracy in this zone this turn.
    pub pirate_here_this_turn: bool,
    /// Powers that began piracy in this zone this turn.
    pub powers_here_this_turn: u8,
    /// Piracy the pirate began this turn in all sea and ocean zones.
    pub pirate_attempts_this_turn: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PiracyInput {
    pub zone: SeaZoneId,
    /// The pirate's ships in the zone (the Armada never pirates: C8).
    pub pirate: Fleet,
    pub target: Power,
    /// The target is a major power (only majors are targets).
    pub target_is_major_active: bool,
    pub at_war: bool,
    /// Ports adjacent to the zone controlled by the target (Antwerp/Rotterdam only if the
    /// pirate controls the linked port, 16.7).
    pub target_ports: u8,
    pub markers: PiracyMarkers,
    /// Ships of the target in the zone (not the Armada): 2 dice each.
    pub target_ships_in_zone: u8,
    /// Ships (not corsairs, not the Armada) of the target or of any power at war with the
    /// pirate in ports and sea zones adjacent to the zone: 1 die each.
    pub defence_ships_adjacent: u8,
    /// Fortresses (not keys) adjacent to the zone controlled by the target or a power at war
    /// with the pirate, neither in unrest nor besieged: 1 die each.
    pub defence_fortresses: u8,
    /// Target ships in or adjacent to the zone that a reward may eliminate.
    pub target_ships_near: Vec<(Waters, PoolOwner, ShipType)>,
    /// Cards or treasures that a random draw can take from the target's hand (home cards do
    /// not count).
    pub drawable: u8,
    /// Spain is the target and the Armada is in or adjacent to the zone: its strength.
    pub armada_near: u8,
}

/// A reward the target gives for one pirate hit (16.4 step 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reward {
    EliminateShip(Waters, PoolOwner, ShipType),
    DrawCard,
    PiracyVp,
    ReduceArmada,
}

impl Reward {
    fn class(self) -> u8 {
        match self {
            Reward::EliminateShip(..) => 0,
            Reward::DrawCard => 1,
            Reward::PiracyVp => 2,
            Reward::ReduceArmada => 3,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PiracyChoice {
    /// The pirate loses this ship.
    Lose(PoolOwner, ShipType),
    Give(Reward),
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PiracyOutcome {
    pub defence_dice: u32,
    pub defence_hits: u8,
    pub pirate_dice: u32,
    pub pirate_hits: u8,
    /// The pirate's ships sunk (to the next turn's box like battle losses).
    pub pirate_lost: Vec<Sunk>,
    pub rewards: Vec<Reward>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
enum Stage {
    Losses,
    Rewards,
    Done,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Piracy {
    input: PiracyInput,
    fleet: Fleet,
    stage: Stage,
    /// Hits still to assign to pirate ships (after the corsairs took theirs).
    hits_left: u32,
    rewards_left: u8,
    given: [u8; 4],
    ask: Option<Ask<PiracyChoice>>,
    out: PiracyOutcome,
    log: Vec<CombatLog>,
}

/// Check the conditions of 16.4 step 1.
pub fn may_pirate(i: &PiracyInput) -> Result<(), CombatError> {
    if i.pirate.big_ships() + i.pirate.count(ShipType::Corsair) == 0 {
        return refuse("piracy needs the pirate's ships in the sea zone (16.4)");
    }
    if !i.target_is_major_active {
        return refuse("the target of piracy must be an active major power (16.4)");
    }
    if i.target_ports == 0 {
        return refuse("the target controls no port adjacent to this sea zone (16.4)");
    }
    let corsairs = i.pirate.power == Power::Ottoman && i.pirate.count(ShipType::Corsair) > 0;
    if !i.at_war && !corsairs {
        return refuse("piracy needs war with the target, except Ottoman corsairs (16.4)");
    }
    if i.markers.pirate_here_this_turn {
        return refuse("this power already began piracy in this sea zone this turn (16.4)");
    }
    if i.markers.powers_here_this_turn >= 2 {
        return refuse("two powers already began piracy in this sea zone this turn (16.4)");
    }
    if i.markers.pirate_attempts_this_turn >= 3 {
        return refuse("three piracy attempts this turn already (16.4)");
    }
    Ok(())
}

impl Piracy {
    /// Check the conditions, roll the defence (steps 2-3) and run to the first decision.
    pub fn start(input: PiracyInput, rng: &mut impl Dice) -> Result<Piracy, CombatError> {
        may_pirate(&input)?;
        let mut fleet = input.pirate.clone();
        fleet.armada = 0;
        let mut p = Piracy {
            fleet,
            input,
            stage: Stage::Losses,
            hits_left: 0,
            rewards_left: 0,
            given: [0; 4],
            ask: None,
            out: PiracyOutcome::default(),
            log: Vec::new(),
        };
        let i = &p.input;
        let dice = 2 * i.target_ships_in_zone as u32
            + i.defence_ships_adjacent as u32
            + i.defence_fortresses as u32;
        let (_, h) = roll_logged(rng, &mut p.log, i.target, "piracy defence", dice);
        p.out.defence_dice = dice;
        p.out.defence_hits = h;
        let mut h = h as u32;
        // (a) Ottoman corsair piracy: each hit first sinks a corsair.
        if p.fleet.power == Power::Ottoman {
            while h > 0 && p.fleet.count(ShipType::Corsair) > 0 {
                let owner = corsair_owner(&p.fleet);
                p.sink(owner, ShipType::Corsair);
                h -= 1;
            }
        }
        // (b) one ship per 2 hits, (c) one more for a single hit left.
        p.hits_left = h;
        p.run(rng);
        Ok(p)
    }

    pub fn ask(&self) -> Option<&Ask<PiracyChoice>> {
        self.ask.as_ref()
    }

    pub fn outcome(&self) -> Option<&PiracyOutcome> {
        matches!(self.stage, Stage::Done).then_some(&self.out)
    }

    pub fn take_log(&mut self) -> Vec<CombatLog> {
        std::mem::take(&mut self.log)
    }

    fn sink(&mut self, owner: PoolOwner, kind: ShipType) {
        let f = &mut self.fleet;
        if let Some(i) = f
            .ships
            .iter()
            .position(|g| g.owner == owner && g.kind == kind && g.count > 0)
        {
            f.ships[i].count -= 1;
            if f.ships[i].count == 0 {
                f.ships.remove(i);
            }
            let power = f.power;
            match self
                .out
                .pirate_lost
                .iter_mut()
                .find(|s| s.owner == owner && s.kind == kind)
            {
                Some(s) => s.count += 1,
                None => self.out.pirate_lost.push(Sunk {
                    power,
                    owner,
                    kind,
                    count: 1,
                }),
            }
        }
    }

    fn ship_options(&self) -> Vec<PiracyChoice> {
        let mut v = Vec::new();
        for g in &self.fleet.ships {
            let c = PiracyChoice::Lose(g.owner, g.kind);
            if g.count > 0 && !v.contains(&c) {
                v.push(c);
            }
        }
        v
    }

    fn reward_options(&self) -> Vec<Reward> {
        let i = &self.input;
        let mut avail: Vec<Reward> = Vec::new();
        let mut ships: Vec<Reward> = Vec::new();
        for &(w, o, k) in &i.target_ships_near {
            let r = Reward::EliminateShip(w, o, k);
            if !ships.contains(&r) {
                ships.push(r);
            }
        }
        avail.extend(ships);
        if i.drawable > 0 {
            avail.push(Reward::DrawCard);
        }
        avail.push(Reward::PiracyVp);
        if i.target == Power::Spain && i.armada_near > 0 {
            avail.push(Reward::ReduceArmada);
        }
        // Spread evenly: a reward class may not be given again before every available class
        // was given once (16.4 step 5).
        let min = avail
            .iter()
            .map(|r| self.given[r.class() as usize])
            .min()
            .unwrap_or(0);
        avail
            .into_iter()
            .filter(|r| self.given[r.class() as usize] == min)
            .collect()
    }

    pub fn choose(
        &mut self,
        power: Power,
        choice: &PiracyChoice,
        rng: &mut impl Dice,
    ) -> Result<(), CombatError> {
        let Some(ask) = &self.ask else {
            return refuse("the piracy is over");
        };
        if ask.power != power || !ask.options.contains(choice) {
            return refuse("that choice is not offered to this power now");
        }
        match *choice {
            PiracyChoice::Lose(o, k) => {
                self.sink(o, k);
                self.hits_left = self.hits_left.saturating_sub(2);
            }
            PiracyChoice::Give(r) => self.give(r),
        }
        self.run(rng);
        Ok(())
    }

    fn give(&mut self, r: Reward) {
        self.given[r.class() as usize] += 1;
        self.rewards_left -= 1;
        match r {
            Reward::EliminateShip(w, o, k) => {
                if let Some(i) = self
                    .input
                    .target_ships_near
                    .iter()
                    .position(|x| *x == (w, o, k))
                {
                    self.input.target_ships_near.remove(i);
                }
            }
            Reward::DrawCard => self.input.drawable -= 1,
            Reward::ReduceArmada => {
                self.input.armada_near = self.input.armada_near.saturating_sub(2)
            }
            Reward::PiracyVp => {}
        }
        self.out.rewards.push(r);
    }

    fn run(&mut self, rng: &mut impl Dice) {
        loop {
            self.ask = None;
            match self.stage {
                Stage::Losses => {
                    let opts = self.ship_options();
                    if self.hits_left == 0 || opts.is_empty() {
                        self.pirate_rolls(rng);
                        continue;
                    }
                    if opts.len() == 1 {
                        if let PiracyChoice::Lose(o, k) = opts[0] {
                            self.sink(o, k);
                        }
                        self.hits_left = self.hits_left.saturating_sub(2);
                        continue;
                    }
                    self.ask = Some(Ask {
                        power: self.fleet.power,
                        what: "piracy: choose a ship to lose".into(),
                        options: opts,
                    });
                    return;
                }
                Stage::Rewards => {
                    if self.rewards_left == 0 {
                        self.stage = Stage::Done;
                        continue;
                    }
                    let opts = self.reward_options();
                    if opts.len() == 1 {
                        self.give(opts[0]);
                        continue;
                    }
                    self.ask = Some(Ask {
                        power: self.input.target,
                        what: format!(
                            "piracy: choose the pirate's reward ({} to give)",
                            self.rewards_left
                        ),
                        options: opts.into_iter().map(PiracyChoice::Give).collect(),
                    });
                    return;
                }
                Stage::Done => return,
            }
        }
    }

    /// Steps 4-5: the surviving pirates roll.
    fn pirate_rolls(&mut self, rng: &mut impl Dice) {
        let ships = self.fleet.big_ships() + self.fleet.count(ShipType::Corsair);
        let corsair_ok = self.input.at_war || self.fleet.count(ShipType::Corsair) > 0;
        if ships == 0 || !corsair_ok {
            self.stage = Stage::Done;
            return;
        }
        let base = if ships == 1 || self.input.target_ports == 1 {
            1
        } else {
            2
        };
        let rating = self
            .fleet
            .admirals
            .iter()
            .map(|a| a.piracy)
            .max()
            .unwrap_or(0);
        let dice = base + rating as u32;
        let (_, h) = roll_logged(rng, &mut self.log, self.fleet.power, "piracy", dice);
        self.out.pirate_dice = dice;
        self.out.pirate_hits = h;
        self.rewards_left = h;
        self.stage = Stage::Rewards;
    }
}

fn corsair_owner(f: &Fleet) -> PoolOwner {
    f.ships
        .iter()
        .find(|g| g.kind == ShipType::Corsair && g.count > 0)
        .map(|g| g.owner)
        .unwrap_or(PoolOwner::Ottoman)
}
