//! Powers (6 major, 5 minor, the independents), the Protestant factions and the force pools
//! (seed 3.2, 5).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::prov::Provenance;

/// The 11 powers plus the independents (grey spaces, brown units). The order of the first six
/// is the impulse order (3.2 L276-282).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Power {
    Ottoman,
    Spain,
    England,
    France,
    Hre,
    Protestant,
    Ireland,
    Papacy,
    Portugal,
    Scotland,
    Venice,
    Independent,
}

impl Power {
    /// The six major powers in impulse order.
    pub const MAJORS: [Power; 6] = [
        Power::Ottoman,
        Power::Spain,
        Power::England,
        Power::France,
        Power::Hre,
        Power::Protestant,
    ];
    pub const MINORS: [Power; 5] = [
        Power::Ireland,
        Power::Papacy,
        Power::Portugal,
        Power::Scotland,
        Power::Venice,
    ];
    pub fn is_major(self) -> bool {
        Power::MAJORS.contains(&self)
    }
    pub fn is_minor(self) -> bool {
        Power::MINORS.contains(&self)
    }
    /// Position in the impulse order (0-5), majors only.
    pub fn impulse_index(self) -> Option<usize> {
        Power::MAJORS.iter().position(|p| *p == self)
    }
}

/// The two halves of the Protestant power (23.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Faction {
    /// Orange; home spaces are the 7 orange-over-yellow split spaces in the Netherlands.
    Dutch,
    /// White (light grey markers and units); home spaces are the 12 white-over-blue spaces.
    Huguenot,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PowerKind {
    Major,
    Minor,
    Independent,
}

/// One box of the "cards and VP per key" track of a power card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeyBox {
    pub keys: u8,
    pub cards: u8,
    pub vp: u8,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FactionInfo {
    pub id: Faction,
    pub name: String,
    pub home_colour: String,
    pub control_colour: String,
    pub capital_marker: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardRow {
    pub min_keys_each_row: u8,
    pub cards: u8,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PowerRaw {
    pub id: Power,
    pub name: String,
    pub name_de: String,
    pub kind: PowerKind,
    pub home_colour: String,
    #[serde(default)]
    pub unit_colour: Option<String>,
    #[serde(default)]
    pub impulse: Option<u8>,
    #[serde(default)]
    pub capitals: Vec<String>,
    #[serde(default)]
    pub later_capital: Option<String>,
    #[serde(default)]
    pub factions: Vec<FactionInfo>,
    #[serde(default)]
    pub key_track: Vec<KeyBox>,
    #[serde(default)]
    pub auto_victory_keys: Option<u8>,
    #[serde(default)]
    pub dutch_keys: Vec<String>,
    #[serde(default)]
    pub dutch_key_vp: Option<u8>,
    #[serde(default)]
    pub other_key_vp: Option<u8>,
    #[serde(default)]
    pub auto_victory_other_keys: Option<u8>,
    #[serde(default)]
    pub card_rows: Vec<CardRow>,
    pub prov: Provenance,
}

/// Protestant power card specifics (23.6): Dutch top row, Huguenot bottom row.
#[derive(Debug, Clone)]
pub struct ProtestantRows {
    /// Amsterdam, Antwerp, Brussels: marked with Dutch square markers.
    pub dutch_keys: Vec<super::map::SpaceId>,
    pub dutch_key_vp: u8,
    pub other_key_vp: u8,
    /// Keys outside the Netherlands for a military victory.
    pub auto_victory_other_keys: u8,
    pub card_rows: Vec<CardRow>,
}

#[derive(Debug, Clone)]
pub struct PowerInfo {
    pub id: Power,
    pub name: String,
    pub name_de: String,
    pub kind: PowerKind,
    pub home_colour: String,
    /// Unit colour when it differs from the home colour (independents: brown, 5).
    pub unit_colour: Option<String>,
    /// Starting capital(s) (Spain: Madrid and Milan). Empty for the Protestants and minors.
    pub capitals: Vec<super::map::SpaceId>,
    /// HRE: Prague once Rudolf II rules (23.5).
    pub later_capital: Option<super::map::SpaceId>,
    pub factions: Vec<FactionInfo>,
    /// Cards drawn and base VP by keys controlled (reconstructed, see README).
    pub key_track: Vec<KeyBox>,
    pub auto_victory_keys: Option<u8>,
    pub protestant: Option<ProtestantRows>,
    pub prov: Provenance,
}

impl PowerInfo {
    /// The last uncovered box for `keys` keys: (cards, base VP).
    pub fn track_for(&self, keys: u8) -> Option<KeyBox> {
        self.key_track
            .iter()
            .rev()
            .find(|b| b.keys <= keys)
            .copied()
    }
}

/// Who owns a pool of counters: a power, or one of the Protestant factions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PoolOwner {
    Ottoman,
    Spain,
    England,
    France,
    Hre,
    Dutch,
    Huguenot,
    Ireland,
    Papacy,
    Portugal,
    Scotland,
    Venice,
    Independent,
}

impl PoolOwner {
    /// The pool of a power's units; Protestant units name their faction (Huguenot if none).
    pub fn of(power: Power, faction: Option<Faction>) -> PoolOwner {
        match power {
            Power::Ottoman => PoolOwner::Ottoman,
            Power::Spain => PoolOwner::Spain,
            Power::England => PoolOwner::England,
            Power::France => PoolOwner::France,
            Power::Hre => PoolOwner::Hre,
            Power::Protestant => match faction {
                Some(Faction::Dutch) => PoolOwner::Dutch,
                _ => PoolOwner::Huguenot,
            },
            Power::Ireland => PoolOwner::Ireland,
            Power::Papacy => PoolOwner::Papacy,
            Power::Portugal => PoolOwner::Portugal,
            Power::Scotland => PoolOwner::Scotland,
            Power::Venice => PoolOwner::Venice,
            Power::Independent => PoolOwner::Independent,
        }
    }

    pub fn power(self) -> Power {
        match self {
            PoolOwner::Ottoman => Power::Ottoman,
            PoolOwner::Spain => Power::Spain,
            PoolOwner::England => Power::England,
            PoolOwner::France => Power::France,
            PoolOwner::Hre => Power::Hre,
            PoolOwner::Dutch | PoolOwner::Huguenot => Power::Protestant,
            PoolOwner::Ireland => Power::Ireland,
            PoolOwner::Papacy => Power::Papacy,
            PoolOwner::Portugal => Power::Portugal,
            PoolOwner::Scotland => Power::Scotland,
            PoolOwner::Venice => Power::Venice,
            PoolOwner::Independent => Power::Independent,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LandSide {
    Regular,
    Mercenary,
    Cavalry,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CounterCount {
    pub value: u8,
    pub count: u8,
}

/// Land counters of one pool: two-sided (regular / mercenary, Ottoman regular / cavalry) in
/// denominations 1, 2, 4, 6 (5.3).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LandPool {
    pub power: PoolOwner,
    pub front: LandSide,
    pub back: Option<LandSide>,
    pub counters: Vec<CounterCount>,
    pub prov: Provenance,
}

impl LandPool {
    /// Total strength of all counters.
    pub fn total(&self) -> u32 {
        self.counters
            .iter()
            .map(|c| c.value as u32 * c.count as u32)
            .sum()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShipType {
    Galley,
    Corsair,
    Galleon,
    RaceBuiltGalleon,
}

/// Naval counters of one pool (5.4 table).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NavalPool {
    pub power: PoolOwner,
    pub count: u8,
    pub front: ShipType,
    pub back: Option<ShipType>,
    pub prov: Provenance,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpecialKind {
    Land,
    Naval,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpecialUnit {
    pub id: String,
    pub name: String,
    pub power: Power,
    pub kind: SpecialKind,
    pub counters: u8,
    #[serde(default)]
    pub value: Option<u8>,
    #[serde(default)]
    pub start_strength: BTreeMap<String, u8>,
    #[serde(default)]
    pub home_space: Option<String>,
    #[serde(default)]
    pub sides: Vec<[u8; 2]>,
    #[serde(default)]
    pub build_ports: Vec<String>,
    #[serde(default)]
    pub upgrade_cp: Option<u8>,
    pub prov: Provenance,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Marker {
    pub id: String,
    #[serde(default)]
    pub count: Option<u16>,
    #[serde(default)]
    pub count_per_power: Option<u8>,
    #[serde(default)]
    pub per_power: BTreeMap<Power, u8>,
    #[serde(default)]
    pub power: Option<Power>,
    #[serde(default)]
    pub from_turn: Option<u8>,
    pub prov: Provenance,
}
