//! Set-up facts per player count (seed §2, §3, §5.2, §8) and the printed tables the
//! rules read (misery track, fleet table, token card prices, combat odds, income).

use serde::Deserialize;

use super::Data;
use super::ids::{HeldBackJoin, ProvinceId};
use super::provenance::Provenance;

/// One number with its provenance.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fact<T> {
    pub value: T,
    pub provenance: Provenance,
}

/// A printed table (a row of values) with its provenance.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Table<T> {
    pub values: Vec<T>,
    pub provenance: Provenance,
}

/// A capital and the smallest player count that plays it (seed §8.2).
#[derive(Debug, Clone)]
pub struct CapitalInfo {
    pub province: ProvinceId,
    pub from_players: u8,
    /// The token colour, where the seed names it (the example of play).
    pub colour: Option<String>,
    pub provenance: Provenance,
}

/// What changes with the number of players.
#[derive(Debug, Clone)]
pub struct PlayerCountInfo {
    pub players: u8,
    /// The turn-order track boxes in use, first player's box first; a player's combat
    /// rank is his box number (seed §2, §9.5.2; ruling D9 for 4 and 5 players).
    pub turn_order_boxes: Vec<u8>,
    /// When the five held-back epoch-1 cards join the deck (seed §8.1).
    pub held_back_join: HeldBackJoin,
    /// Personality slots on the board (the protected ones, seed §9.3.3).
    pub personality_slots: u8,
    /// Ducats of income per controlled province: the player count (seed §9.6).
    pub income_per_province: u32,
    pub provenance: Provenance,
}

/// The set-up facts.
#[derive(Debug, Clone)]
pub struct Setup {
    pub starting_cash: Fact<u32>,
    pub setup_deal: Fact<u8>,
    pub setup_keep: Fact<u8>,
    pub expansion_tokens: Fact<u8>,
    pub control_tokens: Fact<u8>,
    pub shortage_counters: Fact<u8>,
    /// The six capitals in the order of seed §8.2.
    pub capitals: Vec<CapitalInfo>,
    /// Player counts 3, 4, 5, 6 in this order.
    pub players: Vec<PlayerCountInfo>,
}

/// The printed tables (`tables.json`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tables {
    /// The misery index boxes from 0 to 1000; passing the last eliminates (seed §9.4.3).
    pub misery_track: Table<u32>,
    pub galley_capacity: Table<u8>,
    pub three_master_capacity: Table<u8>,
    /// Overseas provinces a player may hold at each ocean-going level.
    pub ocean_going_capacity: Table<u8>,
    pub fleet_upgrade_cost: Table<u32>,
    /// Expansion tokens for the 1st, 2nd, ... card bought in an expansion phase.
    pub token_card_prices: Table<u32>,
    /// The highest green die that means shortage (above: surplus).
    pub shortage_green_max: Table<u8>,
    /// Stabilization cost for 1, 2, ... cards as the player mats print it.
    pub stabilization_printed: Table<u32>,
    /// Seed B.1: per rank 1-6, percent to win for S>W or G>P, S>W or G>=P, S>=W or
    /// G>P, S>=W or G>=P.
    pub combat_win_percent: Table<[f64; 4]>,
    pub income_base: Table<u32>,
    pub middle_class_income: Table<u32>,
    pub urban_card_price: Table<u32>,
    pub holy_indulgence_tokens: Table<u32>,
    pub institutional_credit: Table<u32>,
    pub mongol_cash: Table<u32>,
}

impl Tables {
    /// The single value of a one-value table.
    pub fn one<T: Copy>(table: &Table<T>) -> T {
        table.values[0]
    }
}

impl Data {
    /// The facts for a player count (3 to 6).
    pub fn players(&self, players: u8) -> Option<&PlayerCountInfo> {
        self.setup.players.iter().find(|p| p.players == players)
    }

    /// The capitals played with `players` players.
    pub fn capitals_in_play(&self, players: u8) -> Vec<ProvinceId> {
        self.setup
            .capitals
            .iter()
            .filter(|c| players >= c.from_players)
            .map(|c| c.province)
            .collect()
    }

    /// Position of a misery value on the track, if it is a box.
    pub fn misery_box(&self, value: u32) -> Option<usize> {
        self.tables
            .misery_track
            .values
            .iter()
            .position(|&v| v == value)
    }
}
