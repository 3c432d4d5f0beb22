//! Static tables loaded from `data/*.json` (embedded at compile time): the 45
//! lands, the 12 event cards, starting money, army groups, the supply table
//! and the fixed beginner set-ups.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

/// A land index into [`Data::lands`] (0..45, sorted by region then name).
pub type LandId = u8;

#[derive(Debug, Clone, Deserialize)]
pub struct LandRaw {
    pub name: String,
    pub region: String,
    pub tax: u8,
    pub grain: u8,
    pub sites: u8,
    pub out_with_3_players: bool,
    pub borders: Vec<String>,
}

#[derive(Debug, Clone)]
pub struct Land {
    pub name: String,
    pub region: u8,
    pub tax: u8,
    pub grain: u8,
    pub sites: u8,
    pub out_with_3_players: bool,
    pub borders: Vec<LandId>,
}

/// What an event card changes this round (seed L1020-1177).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EventEffect {
    TradingHouseCalms,
    PalaceDefenderPlusOne,
    #[serde(rename = "tax_at_most_5")]
    TaxAtMost5,
    #[serde(rename = "grain_at_least_4")]
    GrainAtLeast4,
    #[serde(rename = "tax_at_least_6")]
    TaxAtLeast6,
    #[serde(rename = "grain_at_most_3")]
    GrainAtMost3,
    NeutralTwoPeasants,
    ChurchLandsImmune,
    FewerArmiesRaised,
}

#[derive(Debug, Clone, Deserialize)]
pub struct EventCard {
    pub id: u8,
    pub effect: EventEffect,
    pub grain_loss: u8,
}

#[derive(Debug, Clone, Copy, Deserialize)]
pub struct SupplyRow {
    pub unsupplied: u8,
    pub revolts: u8,
    pub extra_peasants: u8,
}

#[derive(Debug, Clone)]
pub struct Data {
    pub regions: Vec<String>,
    pub lands: Vec<Land>,
    pub events: Vec<EventCard>,
    pub start_money: BTreeMap<usize, u32>,
    pub groups: BTreeMap<usize, Vec<u8>>,
    pub supply_table: Vec<SupplyRow>,
    /// Fixed set-ups: per player count, per seat, (land, armies).
    pub fixed: BTreeMap<usize, Vec<Vec<(LandId, u8)>>>,
}

#[derive(Deserialize)]
struct LandsFile {
    regions: Vec<String>,
    lands: Vec<LandRaw>,
}
#[derive(Deserialize)]
struct EventsFile {
    events: Vec<EventCard>,
}
#[derive(Deserialize)]
struct SetupFile {
    start_money: BTreeMap<String, u32>,
    groups: BTreeMap<String, Vec<u8>>,
    supply_table: Vec<SupplyRow>,
    fixed: BTreeMap<String, Vec<Vec<(String, u8)>>>,
}

pub const LANDS_JSON: &str = include_str!("../data/lands.json");
pub const EVENTS_JSON: &str = include_str!("../data/events.json");
pub const SETUP_JSON: &str = include_str!("../data/setup.json");

fn load() -> Data {
    let lf: LandsFile = serde_json::from_str(LANDS_JSON).expect("lands.json");
    let idx = |n: &str| -> LandId {
        lf.lands
            .iter()
            .position(|l| l.name == n)
            .unwrap_or_else(|| panic!("unknown land {n}")) as LandId
    };
    let lands = lf
        .lands
        .iter()
        .map(|l| Land {
            name: l.name.clone(),
            region: lf
                .regions
                .iter()
                .position(|r| *r == l.region)
                .expect("region") as u8,
            tax: l.tax,
            grain: l.grain,
            sites: l.sites,
            out_with_3_players: l.out_with_3_players,
            borders: l.borders.iter().map(|b| idx(b)).collect(),
        })
        .collect();
    let ef: EventsFile = serde_json::from_str(EVENTS_JSON).expect("events.json");
    let sf: SetupFile = serde_json::from_str(SETUP_JSON).expect("setup.json");
    let key = |k: &String| k.parse::<usize>().expect("player count");
    Data {
        regions: lf.regions.clone(),
        lands,
        events: ef.events,
        start_money: sf.start_money.iter().map(|(k, v)| (key(k), *v)).collect(),
        groups: sf.groups.iter().map(|(k, v)| (key(k), v.clone())).collect(),
        supply_table: sf.supply_table,
        fixed: sf
            .fixed
            .iter()
            .map(|(k, seats)| {
                (
                    key(k),
                    seats
                        .iter()
                        .map(|s| s.iter().map(|(n, a)| (idx(n), *a)).collect())
                        .collect(),
                )
            })
            .collect(),
    }
}

/// The tables, parsed once.
pub fn data() -> &'static Data {
    static DATA: OnceLock<Data> = OnceLock::new();
    DATA.get_or_init(load)
}

impl Data {
    pub fn land_by_name(&self, name: &str) -> Option<LandId> {
        self.lands
            .iter()
            .position(|l| l.name == name)
            .map(|i| i as LandId)
    }

    /// Revolts and extra peasants for a number of unsupplied lands (board
    /// supply table; rows beyond the last repeat the last row).
    pub fn supply(&self, unsupplied: u32) -> (u8, u8) {
        if unsupplied == 0 {
            return (0, 0);
        }
        let row = self
            .supply_table
            .iter()
            .rev()
            .find(|r| r.unsupplied as u32 <= unsupplied)
            .unwrap_or(&self.supply_table[0]);
        (row.revolts, row.extra_peasants)
    }
}

pub const NUM_LANDS: usize = 45;
pub const CUBES_PER_COLOUR: u32 = 62;
pub const PEASANTS: u32 = 20;
pub const UNREST_MARKERS: u32 = 42;
/// Building tiles in the box: palaces, churches, trading houses (seed L57-59).
pub const BUILDING_SUPPLY: [u32; 3] = [28, 26, 26];
