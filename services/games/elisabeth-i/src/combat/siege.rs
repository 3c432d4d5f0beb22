//! Sieges (15): when a space is besieged, when an assault is allowed (15.1, 16.7, 23.2) and the
//! free retreat when a siege is lifted (15.3).

use serde::{Deserialize, Serialize};

use super::naval_battle::Fleet;
use super::retreat::{Neighbourhood, RetreatRule, destinations};
use super::{Ask, CombatError, CombatLog, Contingent, Relations, refuse};
use crate::data::{Power, SpaceId};

/// Besiegers hold a siege only while they have more land units than the fortress, cavalry
/// counted (15, 15.3).
pub fn siege_holds(besiegers: u32, inside: u32) -> bool {
    besiegers > inside
}

/// Ships that count for the naval blockade of an assault: corsairs never, the Armada as
/// strength / 2 ships (15.1 note, 23.2).
pub fn blockade_ships(fleets: &[Fleet]) -> u32 {
    fleets.iter().map(Fleet::blockade_count).sum()
}

/// The facts that decide whether an assault may be made (15.1 restrictions, 16.7).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AssaultFacts {
    /// The assaulting power put the space under siege in an earlier impulse (also for an empty
    /// fortified space).
    pub besieged_in_earlier_impulse: bool,
    /// The space was already assaulted this impulse (one assault per space per impulse).
    pub assaulted_this_impulse: bool,
    /// The assaulting power has a line of communication to the space (12.1).
    pub line_of_communication: bool,
    /// The defender's ships in sea zones adjacent to the space.
    pub defender_fleets_adjacent: Vec<Fleet>,
    /// The defender's ships in the port itself.
    pub defender_fleets_in_port: Vec<Fleet>,
    /// The attacker's ships in sea zones adjacent to the space.
    pub attacker_fleets_adjacent: Vec<Fleet>,
    /// Antwerp/Rotterdam while the defender controls the linked port (Flushing/Brielle).
    pub inland_port_linked_held: bool,
    /// The attacker has ships in the North Sea (lifts the Antwerp/Rotterdam ban).
    pub attacker_ships_in_north_sea: bool,
    /// *Verrat!* was played or *Belagerungstechnik* will be played (16.7).
    pub inland_port_exception_card: bool,
}

/// Check every restriction of 15.1 (and 16.7); the first one broken is the error.
pub fn may_assault(f: &AssaultFacts) -> Result<(), CombatError> {
    if !f.besieged_in_earlier_impulse {
        return refuse("the siege must have been established in an earlier impulse (15.1)");
    }
    if f.assaulted_this_impulse {
        return refuse("this space was already assaulted this impulse (15.1)");
    }
    if !f.line_of_communication {
        return refuse("no line of communication to the besieged space (15.1)");
    }
    if blockade_ships(&f.defender_fleets_adjacent) > 0 {
        return refuse("the defender has ships in an adjacent sea zone (15.1)");
    }
    let in_port = blockade_ships(&f.defender_fleets_in_port);
    if in_port > 0 && blockade_ships(&f.attacker_fleets_adjacent) <= in_port {
        return refuse(
            "the defender has ships in the port; the attacker needs more ships in adjacent sea zones (15.1)",
        );
    }
    if f.inland_port_linked_held && !f.attacker_ships_in_north_sea && !f.inland_port_exception_card
    {
        return refuse(
            "no assault on Antwerp or Rotterdam while the defender holds the linked port (16.7)",
        );
    }
    Ok(())
}

/// The free retreat of a besieging stack when its siege is lifted (15.3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SiegeLift {
    stack: Contingent,
    options: Vec<SpaceId>,
    /// Who captures the leaders if there is no legal space (the fortress's controller).
    captor: Power,
    outcome: Option<LiftOutcome>,
    log: Vec<CombatLog>,
}

/// Where the besiegers went.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum LiftOutcome {
    Retreated {
        stack: Contingent,
        to: SpaceId,
    },
    /// No legal space: every unit eliminated, every leader captured by `captor`.
    Eliminated {
        stack: Contingent,
        captor: Power,
    },
}

impl SiegeLift {
    pub fn start(
        stack: Contingent,
        neighbourhood: &Neighbourhood,
        relations: &Relations,
        captor: Power,
    ) -> SiegeLift {
        let options = destinations(
            neighbourhood,
            stack.power,
            relations,
            RetreatRule::SiegeLifted,
            None,
        );
        let mut s = SiegeLift {
            stack,
            options,
            captor,
            outcome: None,
            log: Vec::new(),
        };
        match s.options.len() {
            0 => {
                s.log.push(CombatLog::Note(format!(
                    "{} lifts the siege with no legal space: eliminated",
                    crate::data::data().power(s.stack.power).name
                )));
                s.outcome = Some(LiftOutcome::Eliminated {
                    stack: s.stack.clone(),
                    captor,
                });
            }
            1 => {
                s.outcome = Some(LiftOutcome::Retreated {
                    stack: s.stack.clone(),
                    to: s.options[0],
                })
            }
            _ => {}
        }
        s
    }

    pub fn ask(&self) -> Option<Ask<SpaceId>> {
        if self.outcome.is_some() {
            return None;
        }
        Some(Ask {
            power: self.stack.power,
            what: "the siege is lifted: choose where the besiegers go".into(),
            options: self.options.clone(),
        })
    }

    pub fn choose(&mut self, power: Power, to: SpaceId) -> Result<(), CombatError> {
        if self.outcome.is_some() || power != self.stack.power {
            return refuse("no siege-lifting retreat is asked of this power");
        }
        if !self.options.contains(&to) {
            return refuse("not a legal space to retreat to (15.3)");
        }
        self.outcome = Some(LiftOutcome::Retreated {
            stack: self.stack.clone(),
            to,
        });
        Ok(())
    }

    pub fn outcome(&self) -> Option<&LiftOutcome> {
        self.outcome.as_ref()
    }

    pub fn captor(&self) -> Power {
        self.captor
    }

    pub fn take_log(&mut self) -> Vec<CombatLog> {
        std::mem::take(&mut self.log)
    }
}
