//! The Europe map: spaces, connections (normal, passes, inland waterways) and sea zones
//! (seed 2.1-2.5).

use serde::{Deserialize, Serialize};

use super::powers::{Faction, Power};
use super::prov::Provenance;

/// Index into [`super::Data::spaces`] (file order of `europe_spaces.json`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct SpaceId(pub u16);

/// Index into [`super::Data::sea_zones`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct SeaZoneId(pub u8);

/// Square (key), eight-pointed circle (fortress) or round (unfortified) space (2.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpaceKind {
    Key,
    Fortress,
    Unfortified,
}

impl SpaceKind {
    pub fn fortified(self) -> bool {
        !matches!(self, SpaceKind::Unfortified)
    }
}

/// The four religious zones (2.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReligiousZone {
    England,
    France,
    Netherlands,
    Scotland,
}

/// Printed religious side of a space: solid (Catholic) or white centre (Protestant) (2.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Religion {
    Catholic,
    Protestant,
}

/// Red prohibition symbols and build limits printed on a space (17.2, 17.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Restriction {
    /// The home power may not raise land units here (Algiers, Djerba/Tripoli, Oran, Malta).
    NoLandRaise,
    /// The home power may not build galleys here (Algiers, Djerba/Tripoli: corsairs only).
    NoGalleyBuild,
    /// Galleys are the only ships the home power may build here (Oran).
    GalleysOnly,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SpaceRaw {
    pub id: String,
    pub name: String,
    pub kind: SpaceKind,
    #[serde(default)]
    pub capital: bool,
    pub home: Power,
    #[serde(default)]
    pub split_top: Option<Faction>,
    #[serde(default)]
    pub zone: Option<ReligiousZone>,
    pub religion: Religion,
    pub ports: Vec<String>,
    #[serde(default)]
    pub inland_port: bool,
    #[serde(default)]
    pub restrictions: Vec<Restriction>,
    pub prov: Provenance,
}

/// A Europe-map space.
#[derive(Debug, Clone)]
pub struct Space {
    /// Stable text id (`"la_rochelle"`), used by every other data file.
    pub key: String,
    /// Name as printed on the board.
    pub name: String,
    pub kind: SpaceKind,
    /// Printed as a capital (double border): Istanbul, Madrid, Milan, London, Paris, Vienna.
    pub capital: bool,
    /// Home power; for a split space the colour at the bottom (the power controlling it when no
    /// marker lies there, 2.5).
    pub home: Power,
    /// Top colour of a split home space: Dutch (orange over yellow) or Huguenot (white over blue).
    pub split_top: Option<Faction>,
    pub zone: Option<ReligiousZone>,
    pub religion: Religion,
    /// Sea zones the space is a port on (one- or two-zone ports).
    pub ports: Vec<SeaZoneId>,
    /// Antwerp and Rotterdam: no ship may ever enter (16.7); linked to the North Sea only for
    /// transport (with the waterway port) and religion.
    pub inland_port: bool,
    pub restrictions: Vec<Restriction>,
    pub prov: Provenance,
}

impl Space {
    pub fn is_port(&self) -> bool {
        !self.ports.is_empty()
    }
    /// Ships may enter (a port that is not an inland port).
    pub fn ships_may_enter(&self) -> bool {
        self.is_port() && !self.inland_port
    }
    pub fn is_split(&self) -> bool {
        self.split_top.is_some()
    }
    /// True if `power` (or its faction) counts this space as a home space.
    pub fn is_home_of(&self, power: Power) -> bool {
        self.home == power || (power == Power::Protestant && self.split_top.is_some())
    }
    pub fn is_home_of_faction(&self, faction: Faction) -> bool {
        self.split_top == Some(faction)
    }
    pub fn has(&self, r: Restriction) -> bool {
        self.restrictions.contains(&r)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ConnectionKind {
    /// Solid line: 1 CP to move.
    Normal,
    /// Dashed line: 2 CP to move; blocks spring deployment, interception and control/unrest by
    /// adjacency (2.5).
    Pass,
    /// Wavy blue line: usable only by the controller of the ordinary port (2.5).
    InlandWaterway,
}

/// The three mountain ranges with passes (2.5: 4 Pyrenees, 6 Alps, 7 Balkans).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PassRange {
    Pyrenees,
    Alps,
    Balkans,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ConnectionRaw {
    pub a: String,
    pub b: String,
    pub kind: ConnectionKind,
    #[serde(default)]
    pub range: Option<PassRange>,
    #[serde(default)]
    pub controlled_by_port: Option<String>,
    pub prov: Provenance,
}

/// An undirected connection between two spaces.
#[derive(Debug, Clone)]
pub struct Connection {
    pub a: SpaceId,
    pub b: SpaceId,
    pub kind: ConnectionKind,
    pub range: Option<PassRange>,
    /// Inland waterways: the ordinary port (Brielle, Flushing) whose controller alone may use it.
    pub controlled_by_port: Option<SpaceId>,
    pub prov: Provenance,
}

impl Connection {
    pub fn other(&self, s: SpaceId) -> Option<SpaceId> {
        if self.a == s {
            Some(self.b)
        } else if self.b == s {
            Some(self.a)
        } else {
            None
        }
    }
    pub fn joins(&self, x: SpaceId, y: SpaceId) -> bool {
        (self.a == x && self.b == y) || (self.a == y && self.b == x)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeaGroup {
    Mediterranean,
    Atlantic,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SeaZoneRaw {
    pub id: String,
    pub name: String,
    pub group: SeaGroup,
    pub adjacent: Vec<String>,
    pub prov: Provenance,
}

#[derive(Debug, Clone)]
pub struct SeaZone {
    pub key: String,
    pub name: String,
    pub group: SeaGroup,
    pub adjacent: Vec<SeaZoneId>,
    /// Ports whose anchors lie in this zone (filled from the spaces), inland ports included.
    pub ports: Vec<SpaceId>,
    pub prov: Provenance,
}
