//! Naval transport (16.3), the Armada's own transport (23.2) and Antwerp/Rotterdam (16.7):
//! the legality of each step. The landing itself is a move into the port; its interception,
//! avoid battle, withdrawal and field battle (with `transported: true`) follow.

use serde::{Deserialize, Serialize};

use super::{CombatError, refuse};
use crate::data::{Power, SeaZoneId, SpaceId, data};

/// Where a transported formation is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Aboard {
    /// At sea with the power's ships in this zone.
    Sea(SeaZoneId),
    /// Aboard the Armada in this zone (23.2).
    Armada(SeaZoneId),
}

/// The facts a transport step needs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TransportFacts {
    pub power: Power,
    /// Land units in the formation (leaders do not count).
    pub units: u32,
    /// A Spanish army leader is in the formation (the Armada may carry more than 5).
    pub spanish_leader: bool,
    /// The formation is besieged (no transport, 16.3 step 1).
    pub besieged: bool,
    /// CP the power still has in this impulse before the step.
    pub cp_left: u8,
    /// The Armada's strength (its capacity) when the Armada carries the formation.
    pub armada_strength: u8,
}

/// Embarking from a port into an adjacent sea zone with own ships (16.3 step 1): at least 2 CP
/// left, at most 5 units, not besieged; the Armada: its capacity, more than 5 only with a
/// Spanish army leader (23.2).
pub fn may_embark(
    f: &TransportFacts,
    port: SpaceId,
    zone: SeaZoneId,
    own_ships_in_zone: bool,
    armada: bool,
) -> Result<(), CombatError> {
    if f.besieged {
        return refuse("a besieged formation cannot use naval transport (16.3)");
    }
    if f.cp_left < 2 {
        return refuse("naval transport needs at least 2 CP left in the impulse (16.3)");
    }
    let sp = data().space(port);
    let linked = inland_link(port, zone);
    if !sp.ports.contains(&zone) && !linked {
        return refuse("the sea zone is not adjacent to this port (16.3)");
    }
    if armada {
        if f.units > f.armada_strength as u32 {
            return refuse("the Armada carries at most its strength in land units (23.2)");
        }
        if f.units > 5 && !f.spanish_leader {
            return refuse("more than 5 units aboard the Armada need a Spanish army leader (23.2)");
        }
    } else {
        if !own_ships_in_zone {
            return refuse("naval transport needs own ships in the sea zone (16.3)");
        }
        if f.units > 5 {
            return refuse("at most 5 land units may be transported (16.3)");
        }
    }
    Ok(())
}

/// Antwerp/Rotterdam are tied to the North Sea only for transport, and only while the active
/// power also controls the linked port (Flushing/Brielle); the caller checks that control.
fn inland_link(port: SpaceId, zone: SeaZoneId) -> bool {
    let sp = data().space(port);
    sp.inland_port && data().sea_zone(zone).key == "north_sea"
}

/// A further step at sea (16.3 step 2): an adjacent sea zone with own ships, 1 CP, and
/// enough CP left to reach a port before the impulse ends (at least 1 more after this step).
pub fn may_sail_on(
    f: &TransportFacts,
    from: SeaZoneId,
    to: SeaZoneId,
    own_ships_in_to: bool,
) -> Result<(), CombatError> {
    if !data().sea_zone(from).adjacent.contains(&to) {
        return refuse("the sea zones are not adjacent (16.3)");
    }
    if !own_ships_in_to {
        return refuse("naval transport needs own ships in every sea zone (16.3)");
    }
    if f.cp_left < 2 {
        return refuse("the formation must still reach a port this impulse (16.3)");
    }
    Ok(())
}

/// Landing in a port next to the last sea zone (16.3 step 3): no enemy ships there, and a
/// space the power could enter by land movement (own, independent, allied or enemy
/// controlled). `linked_port_held`: for Antwerp/Rotterdam, the active power controls
/// Flushing/Brielle (16.7).
pub fn may_land(
    f: &TransportFacts,
    zone: SeaZoneId,
    port: SpaceId,
    enemy_ships_in_port: bool,
    land_enterable: bool,
    linked_port_held: bool,
) -> Result<(), CombatError> {
    let sp = data().space(port);
    let adjacent = sp.ports.contains(&zone) || inland_link(port, zone);
    if !adjacent {
        return refuse("the port is not next to the sea zone (16.3)");
    }
    if sp.inland_port && !linked_port_held {
        return refuse("Antwerp and Rotterdam need the linked port for transport (16.7)");
    }
    if enemy_ships_in_port {
        return refuse("the landing port holds enemy ships (16.3)");
    }
    if !land_enterable {
        return refuse("the power could not enter that port by land movement (16.3)");
    }
    if f.cp_left < 1 {
        return refuse("no CP left for the landing (16.3)");
    }
    Ok(())
}

/// Units may end their transport at sea only aboard the Armada (23.2); the impulse may not end
/// with a formation aboard other ships (16.3 step 2).
pub fn may_end_impulse_at(place: Aboard) -> bool {
    matches!(place, Aboard::Armada(_))
}
