//! Leaders, rulers, sea captains and nobles (seed 3.3, 5.1, 5.2, 21).

use serde::Deserialize;

use super::powers::{PoolOwner, Power};
use super::prov::Provenance;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmyLeader {
    pub id: String,
    pub name: String,
    /// Owner; Protestant leaders name their faction (`dutch`/`huguenot`).
    pub power: PoolOwner,
    pub battle: u8,
    pub command: u8,
    /// Turn the leader arrives (card phase); `None`: enters by an event or rule.
    pub entry_turn: Option<u8>,
    /// Don John: battle rating when acting as a naval leader.
    #[serde(default)]
    pub naval_battle: Option<u8>,
    #[serde(default)]
    pub enters_with: Option<String>,
    pub prov: Provenance,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NavalLeader {
    pub id: String,
    pub name: String,
    pub power: Power,
    pub battle: u8,
    pub entry_turn: Option<u8>,
    /// Piracy rating "P" (Dragut, Uluch Ali).
    #[serde(default)]
    pub piracy: Option<u8>,
    #[serde(default)]
    pub replaces: Option<String>,
    pub prov: Provenance,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DefaultLeader {
    pub power: PoolOwner,
    pub battle: u8,
    pub command: u8,
    pub prov: Provenance,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ruler {
    pub id: String,
    pub name: String,
    pub power: Power,
    /// Administrative rating: cards a power may keep from one turn to the next.
    pub admin: u8,
    /// Extra cards drawn.
    pub card_bonus: u8,
    /// Printed on the power card (ruler at the start of the game).
    pub initial: bool,
    /// Title of the mandatory card that brings this ruler in.
    #[serde(default)]
    pub enters_by_card: Option<String>,
    /// Never replaced by a mandatory event (3.3).
    #[serde(default)]
    #[serde(rename = "final")]
    pub final_ruler: bool,
    /// After this ruler's death: the power's administrative rating (23).
    #[serde(default)]
    pub death_admin: Option<u8>,
    #[serde(default)]
    pub death_card_bonus: Option<u8>,
    /// Suleiman: keeps both home cards in turn 1 and gets Selim II. in turn 2 (3.3).
    #[serde(default)]
    pub special_bonus: bool,
    pub prov: Provenance,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Captain {
    pub id: String,
    pub name: String,
    /// Powers that may outfit him (de Sores and le Clerc: France and the Protestants).
    pub powers: Vec<Power>,
    pub battle: u8,
    pub piracy: u8,
    pub navigation: u8,
    pub entry_turn: Option<u8>,
    /// Le Testu: also a scientist (22.2).
    #[serde(default)]
    pub scientist: bool,
    pub prov: Provenance,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Sex {
    M,
    F,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Family {
    Valois,
    Habsburg,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Noble {
    pub id: String,
    pub name: String,
    pub power: Power,
    /// The major that arranges the noble's marriages when `power` is a minor (Mary
    /// Stuart: France, [23.3] L2076); absent: `power` itself.
    #[serde(default)]
    pub arranged_by: Option<Power>,
    pub sex: Sex,
    pub family: Option<Family>,
    /// Starting box on the marriage display.
    pub eligibility: u8,
    pub entry_turn: Option<u8>,
    /// Marriage bonus (21.1), as a stable key.
    pub bonus: String,
    pub prov: Provenance,
}
