//! Naval battle (16.2) with the Armada's rules in battle (23.2).
//!
//! Decisions in order: combat cards (attacker, then defender; steps 3-4), *Galeassen* in a
//! Mediterranean sea zone (any holder, in impulse order, choosing the side; step 6), losses
//! (each owner, ship by ship; step 8), the retreat (step 9).

use serde::{Deserialize, Serialize};

use super::{
    Ask, CardEffect, CombatCard, CombatError, CombatLog, Dice, card_label, refuse, roll_logged,
};
use crate::data::{CardId, PoolOwner, Power, SeaGroup, SeaZoneId, ShipType, SpaceId, data};

/// Some ships of one pool and type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShipGroup {
    pub owner: PoolOwner,
    pub kind: ShipType,
    pub count: u8,
}

/// A naval leader with his ratings (5.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Admiral {
    pub id: String,
    pub battle: u8,
    pub piracy: u8,
}

impl Admiral {
    pub fn from_data(id: &str) -> Option<Admiral> {
        data().naval_leader(id).map(|l| Admiral {
            id: l.id.clone(),
            battle: l.battle,
            piracy: l.piracy.unwrap_or(0),
        })
    }
}

/// One power's ships in one location (its own, allied minors' and loaned ships, 16.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fleet {
    pub power: Power,
    pub ships: Vec<ShipGroup>,
    /// The Armada's strength (0: not here; 2, 4, 6 or 8; 23.2).
    pub armada: u8,
    /// Land units aboard the Armada.
    pub aboard: u8,
    pub admirals: Vec<Admiral>,
}

impl Fleet {
    pub fn new(power: Power) -> Fleet {
        Fleet {
            power,
            ships: Vec::new(),
            armada: 0,
            aboard: 0,
            admirals: Vec::new(),
        }
    }
    pub fn with(mut self, kind: ShipType, count: u8) -> Fleet {
        let owner = PoolOwner::of(self.power, None);
        self.add(owner, kind, count);
        self
    }
    pub fn with_armada(mut self, strength: u8, aboard: u8) -> Fleet {
        self.armada = strength;
        self.aboard = aboard;
        self
    }
    pub fn led_by(mut self, a: Admiral) -> Fleet {
        self.admirals.push(a);
        self
    }
    pub fn add(&mut self, owner: PoolOwner, kind: ShipType, count: u8) {
        if count == 0 {
            return;
        }
        match self
            .ships
            .iter_mut()
            .find(|g| g.owner == owner && g.kind == kind)
        {
            Some(g) => g.count += count,
            None => self.ships.push(ShipGroup { owner, kind, count }),
        }
    }
    pub fn count(&self, kind: ShipType) -> u32 {
        self.ships
            .iter()
            .filter(|g| g.kind == kind)
            .map(|g| g.count as u32)
            .sum()
    }
    /// Ships (Armada counted as one) present.
    pub fn is_empty(&self) -> bool {
        self.ships.iter().all(|g| g.count == 0) && self.armada == 0
    }
    /// Galleys, galleons and race-built galleons (the ships that take 2 hits).
    pub fn big_ships(&self) -> u32 {
        self.ships
            .iter()
            .filter(|g| g.kind != ShipType::Corsair)
            .map(|g| g.count as u32)
            .sum()
    }
    /// Ships counted for a naval blockade: no corsairs, the Armada as strength / 2 (15.1, 23.2).
    pub fn blockade_count(&self) -> u32 {
        self.big_ships() + self.armada as u32 / 2
    }
    pub fn best_admiral(&self) -> u8 {
        self.admirals.iter().map(|a| a.battle).max().unwrap_or(0)
    }
    /// A galleon, race-built galleon or the Armada is among the ships (-1 to intercept and
    /// avoid in Mediterranean zones, 16.1).
    pub fn has_galleon_type(&self) -> bool {
        self.armada > 0
            || self.count(ShipType::Galleon) > 0
            || self.count(ShipType::RaceBuiltGalleon) > 0
    }
    fn remove(&mut self, owner: PoolOwner, kind: ShipType) -> bool {
        match self
            .ships
            .iter()
            .position(|g| g.owner == owner && g.kind == kind && g.count > 0)
        {
            Some(i) => {
                self.ships[i].count -= 1;
                if self.ships[i].count == 0 {
                    self.ships.remove(i);
                }
                true
            }
            None => false,
        }
    }
}

/// Where a naval battle is fought.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Waters {
    Port(SpaceId),
    Sea(SeaZoneId),
}

impl Waters {
    fn mediterranean(self) -> bool {
        matches!(self, Waters::Sea(z) if data().sea_zone(z).group == SeaGroup::Mediterranean)
    }
}

/// Battle dice of a fleet (16.2 table; 23.2), without the defender's port die.
pub fn naval_dice(f: &Fleet, waters: Waters) -> u32 {
    let t = &data().tables.naval_battle_dice;
    let atlantic =
        matches!(waters, Waters::Sea(z) if data().sea_zone(z).group == SeaGroup::Atlantic);
    let galley = if atlantic {
        t.galley_atlantic
    } else {
        t.galley_port_or_mediterranean
    };
    f.count(ShipType::Galley) * galley as u32
        + f.count(ShipType::Corsair) * t.corsair as u32
        + f.count(ShipType::Galleon) * t.galleon as u32
        + f.count(ShipType::RaceBuiltGalleon) * t.race_built_galleon as u32
        + f.armada as u32
        + f.best_admiral() as u32 * t.per_naval_leader_battle_point as u32
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NavalBattleInput {
    pub waters: Waters,
    /// The active power (16.2 step 1).
    pub attacker: Fleet,
    /// The interceptor, or the owner of the ships that began the move there (step 2).
    pub defender: Fleet,
    pub cards: Vec<(Power, CombatCard)>,
    /// Holders of *Galeassen* and the extra hits it gives (card data; step 6).
    pub galleasses: Vec<(Power, u8)>,
    /// Port battle: sea zones of the port without enemy ships (the attacker's retreat).
    /// Sea battle: index 0 the attacker's, 1 the defender's adjacent own ports free of enemy
    /// ships (the loser's retreat, step 9).
    pub retreats: [Vec<Waters>; 2],
    /// Science bonus *Trockendock* per side: lost ships go straight back to the pool.
    pub dry_dock: [bool; 2],
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sunk {
    pub power: Power,
    pub owner: PoolOwner,
    pub kind: ShipType,
    pub count: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NavalBattleOutcome {
    pub attacker_won: bool,
    pub dice: [u32; 2],
    pub hits: [u8; 2],
    /// Ships sunk per side (index 0 attacker). They go to the next turn's box unless the side
    /// has Dry Dock (`to_turn_track`).
    pub sunk: [Vec<Sunk>; 2],
    pub to_turn_track: [bool; 2],
    /// Armada levels lost (2 strength each) and the land units aboard that drowned.
    pub armada_levels_lost: u8,
    pub aboard_lost: u8,
    /// The Armada was reduced below 2: its counter goes to the turn track.
    pub armada_destroyed: bool,
    /// Surviving fleets (index 0 attacker) and where each ends up.
    pub fleets: [Fleet; 2],
    pub positions: [Option<Waters>; 2],
    /// Naval leaders of a side that lost all its ships go to the next turn's box (step 10).
    pub admirals_to_turn_track: Vec<(Power, String)>,
    /// The power whose stack lost (its ships may not move again this impulse, 16.1).
    pub beaten: Power,
    pub cards_played: Vec<(Power, CardId)>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum NavalChoice {
    PlayCard(CardId),
    /// *Galeassen* for the attacker (0) or the defender (1).
    Galleasses(u8),
    Sink(PoolOwner, ShipType),
    ReduceArmada,
    RetreatTo(Waters),
    Done,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
enum Stage {
    Cards(Vec<Power>),
    Galleasses(Vec<Power>),
    Losses,
    Retreat,
    Done,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NavalBattle {
    input: NavalBattleInput,
    fleets: [Fleet; 2],
    stage: Stage,
    extra_dice: [i32; 2],
    extra_hits: [u8; 2],
    dice: [Vec<u8>; 2],
    hits: [u8; 2],
    /// Hits each side still has to absorb.
    to_take: [u32; 2],
    /// The last ship or Armada level each side lost (restored if both sides would vanish).
    last: [Option<NavalChoice>; 2],
    ask: Option<Ask<NavalChoice>>,
    out: Option<NavalBattleOutcome>,
    sunk: [Vec<Sunk>; 2],
    armada_levels_lost: u8,
    cards_played: Vec<(Power, CardId)>,
    log: Vec<CombatLog>,
}

impl NavalBattle {
    pub fn start(input: NavalBattleInput, rng: &mut impl Dice) -> Result<NavalBattle, CombatError> {
        if input.attacker.is_empty() || input.defender.is_empty() {
            return refuse("a naval battle needs ships on both sides");
        }
        let order: Vec<Power> = [input.attacker.power, input.defender.power]
            .into_iter()
            .filter(|p| input.cards.iter().any(|(h, _)| h == p))
            .collect();
        let mut b = NavalBattle {
            fleets: [input.attacker.clone(), input.defender.clone()],
            input,
            stage: Stage::Cards(order),
            extra_dice: [0, 0],
            extra_hits: [0, 0],
            dice: [Vec::new(), Vec::new()],
            hits: [0, 0],
            to_take: [0, 0],
            last: [None, None],
            ask: None,
            out: None,
            sunk: [Vec::new(), Vec::new()],
            armada_levels_lost: 0,
            cards_played: Vec::new(),
            log: Vec::new(),
        };
        b.run(rng);
        Ok(b)
    }

    pub fn ask(&self) -> Option<&Ask<NavalChoice>> {
        self.ask.as_ref()
    }

    pub fn outcome(&self) -> Option<&NavalBattleOutcome> {
        self.out.as_ref()
    }

    pub fn take_log(&mut self) -> Vec<CombatLog> {
        std::mem::take(&mut self.log)
    }

    fn side_of(&self, p: Power) -> usize {
        if p == self.fleets[0].power { 0 } else { 1 }
    }

    fn attacker_won(&self) -> bool {
        self.hits[0] > self.hits[1]
    }

    pub fn choose(
        &mut self,
        power: Power,
        choice: &NavalChoice,
        rng: &mut impl Dice,
    ) -> Result<(), CombatError> {
        let Some(ask) = &self.ask else {
            return refuse("the naval battle is over");
        };
        if ask.power != power || !ask.options.contains(choice) {
            return refuse("that choice is not offered to this power now");
        }
        match (self.stage.clone(), *choice) {
            (Stage::Cards(_), NavalChoice::PlayCard(id)) => {
                let i = self
                    .input
                    .cards
                    .iter()
                    .position(|(h, c)| *h == power && c.card == id)
                    .expect("offered");
                let (_, card) = self.input.cards.remove(i);
                let side = self.side_of(power);
                match card.effect {
                    CardEffect::ExtraDice(n) => self.extra_dice[side] += n as i32,
                    CardEffect::EnemyDice(n) => self.extra_dice[1 - side] -= n as i32,
                    CardEffect::ExtraHits(n) => self.extra_hits[side] += n,
                    CardEffect::SiegeTechnique => {}
                }
                self.log.push(CombatLog::CardPlayed {
                    power,
                    card: card.card,
                });
                self.cards_played.push((power, card.card));
            }
            (Stage::Cards(mut q), NavalChoice::Done) => {
                q.remove(0);
                self.stage = Stage::Cards(q);
            }
            (Stage::Galleasses(_), NavalChoice::Galleasses(side)) => {
                let n = self
                    .input
                    .galleasses
                    .iter()
                    .find(|(h, _)| *h == power)
                    .map(|x| x.1)
                    .unwrap_or(0);
                self.hits[side as usize] += n;
                if let Some(c) = data().card_by_key("galleasses") {
                    self.log.push(CombatLog::CardPlayed { power, card: c.id });
                    self.cards_played.push((power, c.id));
                }
                // One copy of the card: the window closes.
                self.stage = Stage::Galleasses(Vec::new());
                self.after_roll();
            }
            (Stage::Galleasses(mut q), NavalChoice::Done) => {
                q.remove(0);
                self.stage = Stage::Galleasses(q);
                if let Stage::Galleasses(q) = &self.stage
                    && q.is_empty()
                {
                    self.after_roll();
                }
            }
            (Stage::Losses, c @ (NavalChoice::Sink(..) | NavalChoice::ReduceArmada)) => {
                let side = self.side_of(power);
                self.take_loss(side, c);
            }
            (Stage::Retreat, NavalChoice::RetreatTo(w)) => {
                self.finish(Some(w));
            }
            _ => return refuse("that choice does not fit this step"),
        }
        self.run(rng);
        Ok(())
    }

    fn run(&mut self, rng: &mut impl Dice) {
        loop {
            self.ask = None;
            match self.stage.clone() {
                Stage::Cards(q) => match q.first() {
                    Some(&p) => {
                        let offers: Vec<&CombatCard> = self
                            .input
                            .cards
                            .iter()
                            .filter(|(h, _)| *h == p)
                            .map(|(_, c)| c)
                            .collect();
                        if offers.is_empty() {
                            let mut q = q.clone();
                            q.remove(0);
                            self.stage = Stage::Cards(q);
                            continue;
                        }
                        let names: Vec<String> = offers.iter().map(|c| card_label(c)).collect();
                        let mut options: Vec<NavalChoice> = offers
                            .iter()
                            .map(|c| NavalChoice::PlayCard(c.card))
                            .collect();
                        options.push(NavalChoice::Done);
                        self.ask = Some(Ask {
                            power: p,
                            what: format!(
                                "naval battle: play a combat card ({})?",
                                names.join(", ")
                            ),
                            options,
                        });
                        return;
                    }
                    None => self.roll(rng),
                },
                Stage::Galleasses(q) => match q.first() {
                    Some(&p) => {
                        // A listed power without the card (extra hits 0) may only decline:
                        // the game asks every power alike so that holders stay secret.
                        let holds = self.input.galleasses.iter().any(|&(h, n)| h == p && n > 0);
                        let mut options = Vec::new();
                        if holds {
                            options.push(NavalChoice::Galleasses(0));
                            options.push(NavalChoice::Galleasses(1));
                        }
                        options.push(NavalChoice::Done);
                        self.ask = Some(Ask {
                            power: p,
                            what: "naval battle: play Galleasses for a side?".into(),
                            options,
                        });
                        return;
                    }
                    None => self.after_roll(),
                },
                Stage::Losses => {
                    if let Some(a) = self.next_loss() {
                        self.ask = Some(a);
                        return;
                    }
                    self.after_losses();
                }
                Stage::Retreat => {
                    let side = self.retreating_side();
                    let options = self.input.retreats[side].clone();
                    match options.len() {
                        0 => self.finish(None),
                        1 => self.finish(Some(options[0])),
                        _ => {
                            self.ask = Some(Ask {
                                power: self.fleets[side].power,
                                what: "naval battle: choose where to retreat".into(),
                                options: options.into_iter().map(NavalChoice::RetreatTo).collect(),
                            });
                            return;
                        }
                    }
                }
                Stage::Done => return,
            }
        }
    }

    /// Steps 1-5, then the Galleasses window.
    fn roll(&mut self, rng: &mut impl Dice) {
        let w = self.input.waters;
        let port_die = if matches!(w, Waters::Port(_)) {
            data().tables.naval_battle_dice.defender_in_port as i32
        } else {
            0
        };
        let a = (naval_dice(&self.fleets[0], w) as i32 + self.extra_dice[0]).max(0) as u32;
        let d =
            (naval_dice(&self.fleets[1], w) as i32 + port_die + self.extra_dice[1]).max(0) as u32;
        let (ad, ah) = roll_logged(
            rng,
            &mut self.log,
            self.fleets[0].power,
            "naval battle (attacker)",
            a,
        );
        let (dd, dh) = roll_logged(
            rng,
            &mut self.log,
            self.fleets[1].power,
            "naval battle (defender)",
            d,
        );
        self.dice = [ad, dd];
        self.hits = [ah + self.extra_hits[0], dh + self.extra_hits[1]];
        // Combat cards with extra hits count with the roll.
        let mut q: Vec<Power> = Vec::new();
        if w.mediterranean() {
            q = self.input.galleasses.iter().map(|(p, _)| *p).collect();
            q.sort_by_key(|p| p.impulse_index().unwrap_or(usize::MAX));
            q.dedup();
        }
        self.stage = Stage::Galleasses(q);
        if let Stage::Galleasses(q) = &self.stage
            && q.is_empty()
        {
            self.after_roll();
        }
    }

    /// Step 7 is read from the hits; step 8 starts: the hits each side must absorb.
    fn after_roll(&mut self) {
        if self.stage == Stage::Losses {
            return;
        }
        for side in 0..2 {
            let enemy = 1 - side;
            let mut h = self.hits[enemy] as u32;
            // Race-built galleons in a sea zone ignore one hit scored with a 5 each, for
            // losses only (16.2 step 8).
            if matches!(self.input.waters, Waters::Sea(_)) {
                let rb = self.fleets[side].count(ShipType::RaceBuiltGalleon);
                let fives = self.dice[enemy].iter().filter(|&&d| d == 5).count() as u32;
                h -= rb.min(fives).min(h);
            }
            self.to_take[side] = h;
        }
        self.stage = Stage::Losses;
    }

    fn loss_options(&self, side: usize) -> Vec<NavalChoice> {
        let f = &self.fleets[side];
        let mut v: Vec<NavalChoice> = Vec::new();
        for g in &f.ships {
            if g.kind != ShipType::Corsair && g.count > 0 {
                let c = NavalChoice::Sink(g.owner, g.kind);
                if !v.contains(&c) {
                    v.push(c);
                }
            }
        }
        if f.armada > 0 {
            v.push(NavalChoice::ReduceArmada);
        }
        v
    }

    /// Forced losses are taken here; a real choice is returned.
    fn next_loss(&mut self) -> Option<Ask<NavalChoice>> {
        let loser = if self.attacker_won() { 1 } else { 0 };
        for side in 0..2 {
            loop {
                let h = self.to_take[side];
                if h == 0 {
                    break;
                }
                let big = self.loss_options(side);
                if !big.is_empty() {
                    if h == 1 && side != loser {
                        // An odd hit against the winner is ignored.
                        self.to_take[side] = 0;
                        break;
                    }
                    if big.len() == 1 {
                        self.take_loss(side, big[0]);
                        continue;
                    }
                    return Some(Ask {
                        power: self.fleets[side].power,
                        what: format!("naval battle: choose a ship to lose ({h} hits to absorb)"),
                        options: big,
                    });
                }
                // Only corsairs left: each hit sinks one (16.2 step 8).
                if let Some(g) = self.fleets[side]
                    .ships
                    .iter()
                    .find(|g| g.kind == ShipType::Corsair && g.count > 0)
                    .copied()
                {
                    self.fleets[side].remove(g.owner, g.kind);
                    self.record_sunk(side, g.owner, g.kind);
                    self.last[side] = Some(NavalChoice::Sink(g.owner, g.kind));
                    self.to_take[side] -= 1;
                    continue;
                }
                self.to_take[side] = 0;
            }
        }
        None
    }

    fn record_sunk(&mut self, side: usize, owner: PoolOwner, kind: ShipType) {
        let power = self.fleets[side].power;
        match self.sunk[side]
            .iter_mut()
            .find(|s| s.owner == owner && s.kind == kind)
        {
            Some(s) => s.count += 1,
            None => self.sunk[side].push(Sunk {
                power,
                owner,
                kind,
                count: 1,
            }),
        }
    }

    /// 2 hits sink a galley/galleon/race-built or reduce the Armada a level; a single odd hit
    /// against the loser does the same (the Armada's odd loss rounds up, 23.2).
    fn take_loss(&mut self, side: usize, c: NavalChoice) {
        match c {
            NavalChoice::Sink(owner, kind) => {
                self.fleets[side].remove(owner, kind);
                self.record_sunk(side, owner, kind);
            }
            NavalChoice::ReduceArmada => {
                self.fleets[side].armada = self.fleets[side].armada.saturating_sub(2);
                self.armada_levels_lost += 1;
            }
            _ => return,
        }
        self.last[side] = Some(c);
        self.to_take[side] = self.to_take[side].saturating_sub(2);
    }

    /// Both sides wiped out: the side with more dice keeps one unit, the defender on equal dice.
    fn after_losses(&mut self) {
        if self.fleets[0].is_empty() && self.fleets[1].is_empty() {
            let keeper = if self.dice[0].len() > self.dice[1].len() {
                0
            } else {
                1
            };
            match self.last[keeper] {
                Some(NavalChoice::Sink(owner, kind)) => {
                    self.fleets[keeper].add(owner, kind, 1);
                    let s = self.sunk[keeper]
                        .iter_mut()
                        .find(|s| s.owner == owner && s.kind == kind)
                        .expect("recorded");
                    s.count -= 1;
                    self.sunk[keeper].retain(|s| s.count > 0);
                }
                Some(NavalChoice::ReduceArmada) => {
                    self.fleets[keeper].armada = 2;
                    self.armada_levels_lost -= 1;
                }
                _ => {}
            }
        }
        self.stage = Stage::Retreat;
    }

    /// Step 9: in a port the attacker always leaves; at sea the loser does.
    fn retreating_side(&self) -> usize {
        match self.input.waters {
            Waters::Port(_) => 0,
            Waters::Sea(_) => {
                if self.attacker_won() {
                    1
                } else {
                    0
                }
            }
        }
    }

    fn finish(&mut self, to: Option<Waters>) {
        let won = self.attacker_won();
        let mover = self.retreating_side();
        let here = self.input.waters;
        let mut positions = [Some(here), Some(here)];
        let mut fleets = self.fleets.clone();
        let mut sunk = self.sunk.clone();
        match to {
            Some(w) => positions[mover] = Some(w),
            None if !fleets[mover].is_empty() => {
                // No legal retreat: the ships are eliminated (16.2 step 9).
                self.log.push(CombatLog::Note(format!(
                    "{} has no port to retreat to: its ships are eliminated",
                    data().power(fleets[mover].power).name
                )));
                let f = &mut fleets[mover];
                for g in f.ships.drain(..) {
                    let power = f.power;
                    match sunk[mover]
                        .iter_mut()
                        .find(|s| s.owner == g.owner && s.kind == g.kind)
                    {
                        Some(s) => s.count += g.count,
                        None => sunk[mover].push(Sunk {
                            power,
                            owner: g.owner,
                            kind: g.kind,
                            count: g.count,
                        }),
                    }
                }
                if f.armada > 0 {
                    self.armada_levels_lost += f.armada / 2;
                    f.armada = 0;
                }
                positions[mover] = None;
            }
            None => positions[mover] = None,
        }
        let mut aboard_lost = 0;
        let mut armada_destroyed = false;
        for f in fleets.iter_mut() {
            if f.aboard > f.armada {
                aboard_lost += f.aboard - f.armada;
                f.aboard = f.armada;
            }
        }
        for (i, f) in [&self.input.attacker, &self.input.defender]
            .iter()
            .enumerate()
        {
            if f.armada > 0 && fleets[i].armada == 0 {
                armada_destroyed = true;
            }
        }
        let mut admirals = Vec::new();
        for f in fleets.iter_mut() {
            if f.is_empty() {
                for a in f.admirals.drain(..) {
                    admirals.push((f.power, a.id));
                }
            }
        }
        let beaten = if won {
            self.fleets[1].power
        } else {
            self.fleets[0].power
        };
        self.out = Some(NavalBattleOutcome {
            attacker_won: won,
            dice: [self.dice[0].len() as u32, self.dice[1].len() as u32],
            hits: self.hits,
            sunk,
            to_turn_track: [!self.input.dry_dock[0], !self.input.dry_dock[1]],
            armada_levels_lost: self.armada_levels_lost,
            aboard_lost,
            armada_destroyed,
            fleets,
            positions,
            admirals_to_turn_track: admirals,
            beaten,
            cards_played: self.cards_played.clone(),
        });
        self.stage = Stage::Done;
        self.ask = None;
    }
}
