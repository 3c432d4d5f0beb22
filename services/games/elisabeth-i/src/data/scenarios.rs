//! Scenario set-ups and player-count adjustments (seed 3, 24.7; scenario booklet).

use std::collections::BTreeMap;

use serde::Deserialize;

use super::powers::{Faction, Power};
use super::prov::Provenance;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    pub space: String,
    pub power: Power,
    #[serde(default)]
    pub faction: Option<Faction>,
    #[serde(default)]
    pub regulars: u8,
    #[serde(default)]
    pub mercenaries: u8,
    #[serde(default)]
    pub cavalry: u8,
    #[serde(default)]
    pub galleys: u8,
    #[serde(default)]
    pub galleons: u8,
    #[serde(default)]
    pub corsairs: u8,
    #[serde(default)]
    pub leaders: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ControlOverride {
    pub space: String,
    pub power: Power,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReligionOverride {
    pub space: String,
    pub religion: super::map::Religion,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MinorStart {
    pub minor: Power,
    pub active: bool,
    pub ally: Option<Power>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProtestantCapital {
    pub faction: Faction,
    pub space: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub id: String,
    pub name: String,
    pub name_de: String,
    pub start_turn: u8,
    pub end_turn: u8,
    pub start_year: u16,
    /// Independent fortified spaces still independent at the start (24.7).
    pub independent_at_start: Vec<String>,
    /// Spaces whose controller at the start differs from the printed home power.
    pub control: Vec<ControlOverride>,
    pub religion: Vec<ReligionOverride>,
    /// Ruler of each major at the start (ruler ids of `leaders.json`).
    pub rulers: BTreeMap<Power, String>,
    pub knights_of_st_john: u8,
    pub wars: Vec<[Power; 2]>,
    pub alliances: Vec<[Power; 2]>,
    pub minors: Vec<MinorStart>,
    #[serde(default)]
    pub leaders_off_map: BTreeMap<Power, Vec<String>>,
    #[serde(default)]
    pub leaders_in_play: Vec<String>,
    #[serde(default)]
    pub leaders_dead: Vec<String>,
    /// Card keys out of the game at the start.
    pub removed_cards: Vec<String>,
    pub hre_capital: String,
    pub protestant_capitals: Vec<ProtestantCapital>,
    /// `scotland` (queen in Scotland), `captured` (in England) or `executed`.
    pub mary_stuart: String,
    pub elizabeth_excommunicated: bool,
    pub units: Vec<Placement>,
    pub prov: Provenance,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerCount {
    pub players: u8,
    /// Powers each player runs.
    pub seats: Vec<Vec<Power>>,
    /// Majors that are activated (not player-run) in this game (3.1, 24.6).
    pub activated_majors: Vec<Power>,
    /// Personalities (leaders/captains/nobles ids) removed from the game.
    pub removed_personalities: Vec<String>,
    #[serde(default)]
    pub removed_patronage_vp: Vec<Power>,
    #[serde(default)]
    pub starting_influence_on: Vec<Power>,
    pub prov: Provenance,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Booklet {
    pub pages: BTreeMap<String, u8>,
    pub prov: Provenance,
}
