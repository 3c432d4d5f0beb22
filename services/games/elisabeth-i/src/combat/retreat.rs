//! Where a beaten or besieging stack may go: retreat after a field battle (14.1) and the free
//! retreat when a siege is lifted (15.3).

use serde::{Deserialize, Serialize};

use super::Relations;
use crate::data::{ConnectionKind, Power, SpaceId, data};

/// What a retreat needs to know about one space next to the battle (a snapshot).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpaceFacts {
    pub space: SpaceId,
    pub unrest: bool,
    /// Political controller; `None` for an independent space.
    pub controller: Option<Power>,
    /// Powers with land units in the space.
    pub land_powers: Vec<Power>,
    /// Powers that may not enter the space for any reason (Spain in Irish and Scottish home
    /// spaces while the England-Spain DOW cost is above 3, 9.5; digest 8.4 #57).
    pub closed_to: Vec<Power>,
}

/// The spaces adjacent to a battle space (passes included, 2.5; an inland waterway only when
/// the retreating power controls its port, 2.5), with their facts.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Neighbourhood {
    pub adjacent: Vec<SpaceFacts>,
}

impl Neighbourhood {
    /// Build from the map: every neighbour of `space` that `mover` may use, with facts from
    /// `facts`; `controller` gives the controller of a space (for the inland waterways).
    pub fn build(
        space: SpaceId,
        mover: Power,
        controller: impl Fn(SpaceId) -> Option<Power>,
        facts: impl Fn(SpaceId) -> SpaceFacts,
    ) -> Neighbourhood {
        let mut adjacent: Vec<SpaceFacts> = data()
            .neighbours(space)
            .filter(|(_, c)| match c.kind {
                ConnectionKind::InlandWaterway => {
                    c.controlled_by_port.and_then(&controller) == Some(mover)
                }
                _ => true,
            })
            .map(|(s, _)| facts(s))
            .collect();
        adjacent.sort_by_key(|f| f.space);
        Neighbourhood { adjacent }
    }
}

/// Which restrictions apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum RetreatRule {
    /// 14.1: no unrest, no enemy units, only own or allied control.
    Battle,
    /// 15.3: no unrest, no units that are neither own nor allied, only own or allied control.
    SiegeLifted,
}

/// May `power` retreat into this space?
pub fn may_enter(f: &SpaceFacts, power: Power, rel: &Relations, rule: RetreatRule) -> bool {
    if f.unrest || f.closed_to.contains(&power) {
        return false;
    }
    let units_ok = match rule {
        RetreatRule::Battle => !f.land_powers.iter().any(|&p| rel.at_war(p, power)),
        RetreatRule::SiegeLifted => f.land_powers.iter().all(|&p| rel.allied(p, power)),
    };
    let control_ok = match f.controller {
        None => false,
        Some(c) => rel.allied(c, power),
    };
    units_ok && control_ok
}

/// Legal retreat destinations of `power`, in space order; `forbidden` is the attacker's origin
/// for a beaten defender (14.1).
pub fn destinations(
    n: &Neighbourhood,
    power: Power,
    rel: &Relations,
    rule: RetreatRule,
    forbidden: Option<SpaceId>,
) -> Vec<SpaceId> {
    n.adjacent
        .iter()
        .filter(|f| Some(f.space) != forbidden && may_enter(f, power, rel, rule))
        .map(|f| f.space)
        .collect()
}
