//! Battles at land and sea as small, self-contained procedures (seed 14-16, digest 5.8-5.10).
//!
//! Each procedure is a serialisable state machine built from a snapshot of the facts it needs
//! (sides with their units and leaders, the space or sea zone, the neighbourhood for retreats,
//! who holds which combat or response cards). It says which power must decide next and what it
//! may choose ([`Ask`]), takes that choice with the game's [`GameRng`] for the dice that follow,
//! and ends with an outcome that the game state applies. The procedures never read the game
//! state themselves; `README.md` in this folder describes the API for the integration.

pub mod assault;
pub mod casualties;
pub mod field_battle;
pub mod naval_battle;
pub mod naval_move;
pub mod piracy;
pub mod retreat;
pub mod siege;
pub mod transport;

use serde::{Deserialize, Serialize};
use signoria_engine::GameRng;

use crate::data::{CardId, PoolOwner, Power, SeaZoneId, SpaceId, data};

/// Why a choice was refused (the procedure is left unchanged).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CombatError(pub String);

impl std::fmt::Display for CombatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CombatError {}

pub(crate) fn refuse<T>(msg: impl Into<String>) -> Result<T, CombatError> {
    Err(CombatError(msg.into()))
}

/// The decision a procedure waits for: which power decides, what is asked, the options in a
/// deterministic order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ask<C> {
    pub power: Power,
    pub what: String,
    pub options: Vec<C>,
}

/// What a procedure reports while it runs (dice are public; cards played become public).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum CombatLog {
    Rolled {
        power: Power,
        purpose: String,
        dice: Vec<u8>,
        hits: u8,
    },
    CardPlayed {
        power: Power,
        card: CardId,
    },
    Note(String),
}

/// Kinds of land units (5.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum LandKind {
    Regular,
    Mercenary,
    Cavalry,
    /// The Knights of St. John (17.1): a regular in battle that never leaves its space.
    Knights,
    /// The Ottoman Morisco unit (23.1): a regular in battle that never goes farther than
    /// two spaces from Granada.
    Morisco,
}

/// Some land units of one pool and kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitGroup {
    pub owner: PoolOwner,
    pub kind: LandKind,
    pub count: u8,
}

/// An army leader with the two ratings that matter in battle (5.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leader {
    pub id: String,
    pub battle: u8,
    pub command: u8,
}

impl Leader {
    /// A leader from the data pack by id (army leaders only).
    pub fn from_data(id: &str) -> Option<Leader> {
        data().army_leader(id).map(|l| Leader {
            id: l.id.clone(),
            battle: l.battle,
            command: l.command,
        })
    }
}

/// The land units and leaders one power brings to a battle (a major power's contingent may hold
/// units of an active minor ally; 5.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contingent {
    pub power: Power,
    pub units: Vec<UnitGroup>,
    pub leaders: Vec<Leader>,
}

impl Contingent {
    pub fn new(power: Power) -> Contingent {
        Contingent {
            power,
            units: Vec::new(),
            leaders: Vec::new(),
        }
    }
    /// Add `count` units of a kind from the power's own pool (Protestants: pass the faction's
    /// pool with [`Contingent::with_pool`]).
    pub fn with(mut self, kind: LandKind, count: u8) -> Contingent {
        let owner = PoolOwner::of(self.power, None);
        self.add(owner, kind, count);
        self
    }
    pub fn with_pool(mut self, owner: PoolOwner, kind: LandKind, count: u8) -> Contingent {
        self.add(owner, kind, count);
        self
    }
    pub fn led_by(mut self, leader: Leader) -> Contingent {
        self.leaders.push(leader);
        self
    }
    pub fn add(&mut self, owner: PoolOwner, kind: LandKind, count: u8) {
        if count == 0 {
            return;
        }
        match self
            .units
            .iter_mut()
            .find(|g| g.owner == owner && g.kind == kind)
        {
            Some(g) => g.count += count,
            None => self.units.push(UnitGroup { owner, kind, count }),
        }
    }
    /// Take out the units that may not go to `to`: the Knights of St. John never leave
    /// their space (17.1), the Morisco never goes farther than two spaces from Granada
    /// (23.1); a retreat leaves them behind, to be eliminated (RULINGS K12, K15).
    pub(crate) fn take_left_behind(&mut self, to: SpaceId) -> Vec<UnitGroup> {
        let (stay, go): (Vec<UnitGroup>, Vec<UnitGroup>) = self.units.drain(..).partition(|g| {
            g.kind == LandKind::Knights
                || (g.kind == LandKind::Morisco && !crate::morisco::within(to))
        });
        self.units = go;
        stay
    }
    /// Land units (cavalry included).
    pub fn units(&self) -> u32 {
        self.units.iter().map(|g| g.count as u32).sum()
    }
    /// Land units other than cavalry (assaults count only these, 15.1).
    pub fn non_cavalry(&self) -> u32 {
        self.units
            .iter()
            .filter(|g| g.kind != LandKind::Cavalry)
            .map(|g| g.count as u32)
            .sum()
    }
    pub fn has_cavalry(&self) -> bool {
        self.units
            .iter()
            .any(|g| g.kind == LandKind::Cavalry && g.count > 0)
    }
    /// The battle rating of the best leader (0 without leaders; 14 step 2).
    pub fn best_battle(&self) -> u8 {
        self.leaders.iter().map(|l| l.battle).max().unwrap_or(0)
    }
    /// Remove one unit of group `i`.
    pub(crate) fn remove_one(&mut self, i: usize) {
        self.units[i].count -= 1;
        if self.units[i].count == 0 {
            self.units.remove(i);
        }
    }
    /// The largest formation its leaders may command (5.1, data table `formation`).
    pub fn max_formation(&self) -> u32 {
        let commands: Vec<u8> = self.leaders.iter().map(|l| l.command).collect();
        data().tables.formation.max_units(&commands)
    }
}

/// Sum of land units over contingents.
pub fn total_units(side: &[Contingent]) -> u32 {
    side.iter().map(Contingent::units).sum()
}

/// Best leader battle rating over a side (one best leader per side; 14 steps 2-3).
pub fn best_battle(side: &[Contingent]) -> u8 {
    side.iter().map(Contingent::best_battle).max().unwrap_or(0)
}

/// War and alliance between powers at the time of the battle (a snapshot of the diplomatic
/// status display).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Relations {
    pub wars: Vec<(Power, Power)>,
    pub alliances: Vec<(Power, Power)>,
}

impl Relations {
    pub fn at_war(&self, a: Power, b: Power) -> bool {
        self.wars
            .iter()
            .any(|&(x, y)| (x == a && y == b) || (x == b && y == a))
    }
    pub fn allied(&self, a: Power, b: Power) -> bool {
        a == b
            || self
                .alliances
                .iter()
                .any(|&(x, y)| (x == a && y == b) || (x == b && y == a))
    }
}

/// Where a battle is fought.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Place {
    Space(SpaceId),
    Sea(SeaZoneId),
}

/// The source of randomness of a procedure: the game's [`GameRng`] in play, scripted dice in
/// tests of the worked examples.
pub trait Dice {
    /// One six-sided die.
    fn d6(&mut self) -> u8;
    /// A uniform index below `n` (odd allied losses, 9.2).
    fn index(&mut self, n: usize) -> usize;
}

impl Dice for GameRng {
    fn d6(&mut self) -> u8 {
        self.die(6) as u8
    }
    fn index(&mut self, n: usize) -> usize {
        GameRng::index(self, n)
    }
}

/// Dice given in advance (tests): each `d6` takes the next value; `index` takes the next value
/// minus one.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Scripted(pub std::collections::VecDeque<u8>);

impl Scripted {
    pub fn new(dice: &[u8]) -> Scripted {
        Scripted(dice.iter().copied().collect())
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Dice for Scripted {
    fn d6(&mut self) -> u8 {
        self.0.pop_front().expect("scripted dice ran out")
    }
    fn index(&mut self, n: usize) -> usize {
        (self.d6() as usize - 1) % n
    }
}

/// The dice of one roll: `n` six-sided dice, 5 and 6 hit (14 step 6, 15.1 step 7, 16.2 step 5).
pub fn roll(rng: &mut impl Dice, n: u32) -> Vec<u8> {
    (0..n).map(|_| rng.d6()).collect()
}

/// Hits among dice (5-6; the data table `naval_battle_dice.hit_on`).
pub fn hits(dice: &[u8]) -> u8 {
    let on = &data().tables.naval_battle_dice.hit_on;
    dice.iter().filter(|d| on.contains(d)).count() as u8
}

/// Roll `n` dice for `power`, log them and return (dice, hits).
pub(crate) fn roll_logged(
    rng: &mut impl Dice,
    log: &mut Vec<CombatLog>,
    power: Power,
    purpose: &str,
    n: u32,
) -> (Vec<u8>, u8) {
    let dice = roll(rng, n);
    let h = hits(&dice);
    log.push(CombatLog::Rolled {
        power,
        purpose: purpose.to_string(),
        dice: dice.clone(),
        hits: h,
    });
    (dice, h)
}

/// A 2d6 test against the interception / avoid-battle target (9 or more; 13.2, 13.3, 16.1).
pub fn two_dice_test(rng: &mut impl Dice, modifier: i32) -> (Vec<u8>, bool) {
    let t = &data().tables.interception;
    let dice = roll(rng, t.dice as u32);
    let sum: i32 = dice.iter().map(|&d| d as i32).sum::<i32>() + modifier;
    (dice, sum >= t.target as i32)
}

/// A combat card a power may play in a battle, with the effect the card data gives it. The
/// card texts are not in the seed (digest 10.1): the caller offers only cards whose effect it
/// knows, as one of these generic effects.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatCard {
    pub card: CardId,
    pub effect: CardEffect,
}

/// Generic battle effects of combat and response cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CardEffect {
    /// The player's side rolls this many more dice.
    ExtraDice(u8),
    /// The other side rolls this many fewer dice (never below 0).
    EnemyDice(u8),
    /// The player's side scores this many extra hits (Galleasses-type, 16.2 step 6).
    ExtraHits(u8),
    /// Belagerungstechnik: an assault on Antwerp/Rotterdam is allowed (16.7); no dice effect.
    SiegeTechnique,
}

/// Seat-independent description of a card offer for prompts.
pub(crate) fn card_label(c: &CombatCard) -> String {
    match data().card(c.card) {
        Some(card) => card.title.clone(),
        None => format!("card {}", c.card.0),
    }
}

#[cfg(test)]
pub(crate) mod testutil;

#[cfg(test)]
mod left_behind_tests {
    use super::*;

    fn sp(k: &str) -> SpaceId {
        data().space_id(k).expect("a space")
    }

    /// RULINGS K12, K15: a retreat leaves the Knights behind everywhere, the Morisco only
    /// beyond two spaces of Granada.
    #[test]
    fn k15_a_retreat_beyond_two_spaces_of_granada_leaves_the_morisco_behind() {
        let stack = Contingent::new(Power::Ottoman)
            .with(LandKind::Regular, 2)
            .with(LandKind::Morisco, 1);
        let mut near = stack.clone();
        assert!(near.take_left_behind(sp("madrid")).is_empty());
        assert_eq!(near.units(), 3);
        let mut far = stack;
        let left = far.take_left_behind(sp("zaragoza"));
        assert_eq!(left.len(), 1);
        assert_eq!((left[0].kind, left[0].count), (LandKind::Morisco, 1));
        assert_eq!(far.units(), 2);
    }
}
