//! The World map: ocean zones, their borders (trade winds, dangerous passages) and
//! settlements (seed 2, 2.6, 16.1, 16.5, 16.6, 17.4).

use serde::Deserialize;

use super::powers::Power;
use super::prov::Provenance;

/// Index into [`super::Data::ocean_zones`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct OceanZoneId(pub u8);

/// Index into [`super::Data::settlements`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SettlementId(pub u8);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OceanGroup {
    /// The eight zones around the Americas.
    Americas,
    /// Indian Ocean and South Pacific.
    Other,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct OceanZoneRaw {
    pub id: String,
    pub name: String,
    pub group: OceanGroup,
    pub prov: Provenance,
}

#[derive(Debug, Clone)]
pub struct OceanZone {
    pub key: String,
    pub name: String,
    pub group: OceanGroup,
    pub prov: Provenance,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BorderKind {
    /// White dotted line between adjacent zones.
    Border,
    /// Dangerous passage: a navigation roll in either direction (2.6).
    Dangerous,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct OceanBorderRaw {
    pub a: String,
    pub b: String,
    pub kind: BorderKind,
    #[serde(default)]
    pub wind_toward: Option<String>,
    pub prov: Provenance,
}

#[derive(Debug, Clone)]
pub struct OceanBorder {
    pub a: OceanZoneId,
    pub b: OceanZoneId,
    pub kind: BorderKind,
    /// Trade-wind arrow: the zone it points to; moving the other way needs a navigation roll.
    pub wind_toward: Option<OceanZoneId>,
    pub prov: Provenance,
}

impl OceanBorder {
    pub fn other(&self, z: OceanZoneId) -> Option<OceanZoneId> {
        if self.a == z {
            Some(self.b)
        } else if self.b == z {
            Some(self.a)
        } else {
            None
        }
    }
    /// Does moving from `from` across this border need a navigation roll (against the wind or
    /// through a dangerous passage)?
    pub fn needs_navigation_roll(&self, from: OceanZoneId) -> bool {
        match self.kind {
            BorderKind::Dangerous => true,
            BorderKind::Border => self.wind_toward.is_some_and(|w| w == from),
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SettlementRaw {
    pub id: String,
    pub name: String,
    pub zones: Vec<String>,
    pub owner: Option<Power>,
    #[serde(default)]
    pub no_colony: bool,
    pub prov: Provenance,
}

/// A settlement (triangle): adjacent to the ocean zones it borders; no land links.
#[derive(Debug, Clone)]
pub struct Settlement {
    pub key: String,
    pub name: String,
    pub zones: Vec<OceanZoneId>,
    /// Printed owner (Spain, Portugal) or `None` for a grey space open to colonies.
    pub owner: Option<Power>,
    /// The Philippines: no colony may ever be placed there (16.1).
    pub no_colony: bool,
    pub prov: Provenance,
}
