//! Land casualties: allied defenders split losses evenly (9.2), and each owner chooses which of
//! its units die, one at a time (14 step 8, 15.1 step 8).

use serde::{Deserialize, Serialize};

use super::{Ask, CombatError, CombatLog, Contingent, Dice, LandKind, UnitGroup, refuse};
use crate::data::{PoolOwner, Power};

/// Split `losses` among allied powers on one side: evenly until one is eliminated, an odd loss
/// by a die roll among those still standing (9.2 L701). `units` gives each power's land units;
/// returns each power's share in the same order.
pub fn split_losses(
    rng: &mut impl Dice,
    log: &mut Vec<CombatLog>,
    units: &[(Power, u32)],
    losses: u32,
) -> Vec<u32> {
    let mut share = vec![0u32; units.len()];
    let mut left = losses;
    loop {
        let standing: Vec<usize> = (0..units.len())
            .filter(|&i| units[i].1 > share[i])
            .collect();
        if left == 0 || standing.is_empty() {
            break;
        }
        if left as usize >= standing.len() {
            for &i in &standing {
                share[i] += 1;
            }
            left -= standing.len() as u32;
        } else {
            // Odd losses: a die decides who takes each (9.2); one draw per loss.
            let mut pool = standing.clone();
            for _ in 0..left {
                let k = rng.index(pool.len());
                let i = pool.remove(k);
                share[i] += 1;
                log.push(CombatLog::Note(format!(
                    "the odd loss falls on {} by die roll",
                    crate::data::data().power(units[i].0).name
                )));
            }
            left = 0;
        }
    }
    share
}

/// Losses of one side split among its powers (9.2): (power, share), powers in side order.
pub fn side_shares(
    rng: &mut impl Dice,
    log: &mut Vec<CombatLog>,
    side: &[Contingent],
    losses: u32,
) -> Vec<(Power, u32)> {
    let mut units: Vec<(Power, u32)> = Vec::new();
    for c in side {
        match units.iter_mut().find(|(p, _)| *p == c.power) {
            Some(u) => u.1 += c.units(),
            None => units.push((c.power, c.units())),
        }
    }
    let share = split_losses(rng, log, &units, losses);
    units.iter().map(|u| u.0).zip(share).collect()
}

/// One unit to lose, named by its pool and kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct LossChoice {
    /// Index of the contingent within its side.
    pub part: u8,
    pub owner: PoolOwner,
    pub kind: LandKind,
}

/// A unit that died, by power.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lost {
    pub power: Power,
    pub group: UnitGroup,
}

pub(crate) fn record_loss(lost: &mut Vec<Lost>, power: Power, owner: PoolOwner, kind: LandKind) {
    match lost
        .iter_mut()
        .find(|l| l.power == power && l.group.owner == owner && l.group.kind == kind)
    {
        Some(l) => l.group.count += 1,
        None => lost.push(Lost {
            power,
            group: UnitGroup {
                owner,
                kind,
                count: 1,
            },
        }),
    }
}

/// Losses still to be taken: (side 0 = attacker / 1 = defender, power, count), in the order
/// the owners choose (attacker first, then defenders in their order).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LossQueue {
    pub items: Vec<(u8, Power, u32)>,
}

impl LossQueue {
    /// Take every loss whose choice is forced (one kind left), and return the next real choice.
    pub fn next(
        &mut self,
        sides: &mut [Vec<Contingent>; 2],
        lost: &mut Vec<Lost>,
    ) -> Option<Ask<LossChoice>> {
        while let Some(&(s, power, n)) = self.items.first() {
            let side = &mut sides[s as usize];
            let options = options_of(side, power);
            if n == 0 || options.is_empty() {
                self.items.remove(0);
                continue;
            }
            if options.len() == 1 {
                take(side, options[0], lost);
                self.items[0].2 -= 1;
                continue;
            }
            return Some(Ask {
                power,
                what: format!("choose a land unit to lose ({n} to go)"),
                options,
            });
        }
        None
    }

    /// Apply a chosen loss.
    pub fn choose(
        &mut self,
        sides: &mut [Vec<Contingent>; 2],
        lost: &mut Vec<Lost>,
        choice: LossChoice,
    ) -> Result<(), CombatError> {
        let Some(&(s, power, _)) = self.items.first() else {
            return refuse("no loss to take");
        };
        let side = &mut sides[s as usize];
        if !options_of(side, power).contains(&choice) {
            return refuse("no such unit to lose");
        }
        take(side, choice, lost);
        self.items[0].2 -= 1;
        Ok(())
    }
}

/// The units of `power` on a side, as choices.
pub fn options_of(side: &[Contingent], power: Power) -> Vec<LossChoice> {
    let mut v: Vec<LossChoice> = Vec::new();
    for (part, con) in side.iter().enumerate() {
        if con.power != power {
            continue;
        }
        for g in con.units.iter().filter(|g| g.count > 0) {
            v.push(LossChoice {
                part: part as u8,
                owner: g.owner,
                kind: g.kind,
            });
        }
    }
    v.sort();
    v.dedup();
    v
}

/// Remove one unit named by `choice` from a side (false if there is none).
pub fn take(side: &mut [Contingent], choice: LossChoice, lost: &mut Vec<Lost>) -> bool {
    let Some(con) = side.get_mut(choice.part as usize) else {
        return false;
    };
    match con
        .units
        .iter()
        .position(|g| g.owner == choice.owner && g.kind == choice.kind && g.count > 0)
    {
        Some(i) => {
            con.remove_one(i);
            record_loss(lost, con.power, choice.owner, choice.kind);
            true
        }
        None => false,
    }
}
