//! The component data pack of Elisabeth I., loaded from `data/*.json` (embedded at compile
//! time), validated once and kept in typed tables ([`data()`]).
//!
//! The seed is the rulebook only: map graph, cards, ratings, set-ups and several tables are
//! printed on components we do not have. Every record therefore carries a [`Provenance`]
//! (seed line, public source, or our reconstruction); `data/README.md` lists what is what.
//! Replacing the JSON files with the official data needs no code change: other files refer
//! to spaces, zones, leaders and cards by their text ids, and cards by `id`/`key`.

pub mod cards;
pub mod map;
pub mod personalities;
pub mod powers;
pub mod prov;
pub mod scenarios;
pub mod tables;
pub mod world;

mod load;

use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;

pub use cards::{Card, CardId, CardKind, Deck, Entry};
pub use map::{
    Connection, ConnectionKind, PassRange, Religion, ReligiousZone, Restriction, SeaGroup, SeaZone,
    SeaZoneId, Space, SpaceId, SpaceKind,
};
pub use personalities::{ArmyLeader, Captain, DefaultLeader, NavalLeader, Noble, Ruler};
pub use powers::{
    Faction, LandPool, Marker, NavalPool, PoolOwner, Power, PowerInfo, PowerKind, ShipType,
    SpecialUnit,
};
pub use prov::{Provenance, Source};
pub use scenarios::{Booklet, PlayerCount, Scenario};
pub use tables::Tables;
pub use world::{BorderKind, OceanBorder, OceanZone, OceanZoneId, Settlement, SettlementId};

/// The JSON texts of a data pack (one per file of `data/`).
#[derive(Debug, Clone, Copy)]
pub struct Sources<'a> {
    pub europe_spaces: &'a str,
    pub europe_connections: &'a str,
    pub sea_zones: &'a str,
    pub world: &'a str,
    pub powers: &'a str,
    pub leaders: &'a str,
    pub cards: &'a str,
    pub tables: &'a str,
    pub scenarios: &'a str,
}

/// The data pack shipped with the crate.
pub const EMBEDDED: Sources<'static> = Sources {
    europe_spaces: include_str!("../../data/europe_spaces.json"),
    europe_connections: include_str!("../../data/europe_connections.json"),
    sea_zones: include_str!("../../data/sea_zones.json"),
    world: include_str!("../../data/world.json"),
    powers: include_str!("../../data/powers.json"),
    leaders: include_str!("../../data/leaders.json"),
    cards: include_str!("../../data/cards.json"),
    tables: include_str!("../../data/tables.json"),
    scenarios: include_str!("../../data/scenarios.json"),
};

/// Why a data pack was refused (file and record named).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataError(pub String);

impl std::fmt::Display for DataError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DataError {}

/// The one-line description of the game type.
pub const DESCRIPTION: &str = "Elisabeth I. (Spielworxx edition of GMT's Virgin Queen, 1559-1598), 2-6 players; its component data (map, cards, ratings, set-ups) is partly reconstructed from the rulebook.";

/// Spanish and Portuguese treasure rows printed in North Africa (6.3).
#[derive(Debug, Clone)]
pub struct TreasureRows {
    pub spain_boxes: u8,
    pub spain_extra_box_with_philippines: u8,
    pub portugal_boxes: u8,
    pub prov: Provenance,
}

/// The whole data pack, validated.
#[derive(Debug, Clone)]
pub struct Data {
    pub spaces: Vec<Space>,
    pub connections: Vec<Connection>,
    pub sea_zones: Vec<SeaZone>,
    pub ocean_zones: Vec<OceanZone>,
    pub ocean_borders: Vec<OceanBorder>,
    pub settlements: Vec<Settlement>,
    /// Zones where each power's captains enter the World map (17.4).
    pub entry_zones: BTreeMap<Power, Vec<OceanZoneId>>,
    pub entry_zones_prov: Provenance,
    pub treasure_rows: TreasureRows,
    pub powers: Vec<PowerInfo>,
    pub land_pools: Vec<LandPool>,
    pub naval_pools: Vec<NavalPool>,
    pub special_units: Vec<SpecialUnit>,
    pub markers: Vec<Marker>,
    pub army_leaders: Vec<ArmyLeader>,
    pub naval_leaders: Vec<NavalLeader>,
    pub default_leaders: Vec<DefaultLeader>,
    pub rulers: Vec<Ruler>,
    pub captains: Vec<Captain>,
    pub nobles: Vec<Noble>,
    /// All cards sorted by id: the 112 of the deck, then the variant cards.
    pub cards: Vec<Card>,
    pub tables: Tables,
    pub scenarios: Vec<Scenario>,
    pub player_counts: Vec<PlayerCount>,
    pub booklet: Booklet,
    // indexes
    space_index: HashMap<String, SpaceId>,
    sea_index: HashMap<String, SeaZoneId>,
    ocean_index: HashMap<String, OceanZoneId>,
    settlement_index: HashMap<String, SettlementId>,
    card_index: HashMap<String, usize>,
    neighbours: Vec<Vec<(SpaceId, usize)>>,
    ocean_neighbours: Vec<Vec<(OceanZoneId, usize)>>,
}

/// The shipped data pack, parsed and validated once.
///
/// # Panics
/// If the embedded data pack is invalid (the tests load it, so a broken pack fails CI).
pub fn data() -> &'static Data {
    static DATA: OnceLock<Data> = OnceLock::new();
    DATA.get_or_init(|| Data::parse(&EMBEDDED).unwrap_or_else(|e| panic!("data pack: {e}")))
}

impl Data {
    /// Parse and validate a data pack.
    pub fn parse(src: &Sources<'_>) -> Result<Data, DataError> {
        load::parse(src)
    }

    // ---- map
    pub fn space(&self, id: SpaceId) -> &Space {
        &self.spaces[id.0 as usize]
    }
    pub fn space_id(&self, key: &str) -> Option<SpaceId> {
        self.space_index.get(key).copied()
    }
    /// The space a special unit of `powers.json` is bound to (its `home_space`).
    pub fn special_unit_home(&self, id: &str) -> Option<SpaceId> {
        self.special_units
            .iter()
            .find(|u| u.id == id)
            .and_then(|u| u.home_space.as_deref())
            .and_then(|k| self.space_id(k))
    }
    pub fn space_by_key(&self, key: &str) -> Option<&Space> {
        self.space_id(key).map(|i| self.space(i))
    }
    pub fn space_ids(&self) -> impl Iterator<Item = SpaceId> + '_ {
        (0..self.spaces.len()).map(|i| SpaceId(i as u16))
    }
    /// Adjacent spaces with the connection joining them (index into `connections`).
    pub fn neighbours(&self, id: SpaceId) -> impl Iterator<Item = (SpaceId, &Connection)> + '_ {
        self.neighbours[id.0 as usize]
            .iter()
            .map(|&(s, c)| (s, &self.connections[c]))
    }
    pub fn connection_between(&self, a: SpaceId, b: SpaceId) -> Option<&Connection> {
        self.neighbours[a.0 as usize]
            .iter()
            .find(|(s, _)| *s == b)
            .map(|&(_, c)| &self.connections[c])
    }
    pub fn sea_zone(&self, id: SeaZoneId) -> &SeaZone {
        &self.sea_zones[id.0 as usize]
    }
    pub fn sea_zone_id(&self, key: &str) -> Option<SeaZoneId> {
        self.sea_index.get(key).copied()
    }
    /// Spaces of a religious zone.
    pub fn zone_spaces(&self, zone: ReligiousZone) -> impl Iterator<Item = SpaceId> + '_ {
        self.space_ids()
            .filter(move |&s| self.space(s).zone == Some(zone))
    }
    /// Home spaces of a power (split spaces count for both powers).
    pub fn home_spaces(&self, power: Power) -> impl Iterator<Item = SpaceId> + '_ {
        self.space_ids()
            .filter(move |&s| self.space(s).is_home_of(power))
    }

    // ---- world map
    pub fn ocean_zone(&self, id: OceanZoneId) -> &OceanZone {
        &self.ocean_zones[id.0 as usize]
    }
    pub fn ocean_zone_id(&self, key: &str) -> Option<OceanZoneId> {
        self.ocean_index.get(key).copied()
    }
    pub fn ocean_neighbours(
        &self,
        id: OceanZoneId,
    ) -> impl Iterator<Item = (OceanZoneId, &OceanBorder)> + '_ {
        self.ocean_neighbours[id.0 as usize]
            .iter()
            .map(|&(z, b)| (z, &self.ocean_borders[b]))
    }
    pub fn settlement(&self, id: SettlementId) -> &Settlement {
        &self.settlements[id.0 as usize]
    }
    pub fn settlement_id(&self, key: &str) -> Option<SettlementId> {
        self.settlement_index.get(key).copied()
    }
    pub fn settlements_in(&self, zone: OceanZoneId) -> impl Iterator<Item = SettlementId> + '_ {
        (0..self.settlements.len())
            .map(|i| SettlementId(i as u8))
            .filter(move |&s| self.settlement(s).zones.contains(&zone))
    }

    // ---- powers and pieces
    pub fn power(&self, p: Power) -> &PowerInfo {
        self.powers
            .iter()
            .find(|x| x.id == p)
            .expect("validated: every power has a record")
    }
    pub fn land_pool(&self, owner: PoolOwner) -> Option<&LandPool> {
        self.land_pools.iter().find(|x| x.power == owner)
    }
    pub fn naval_pool(&self, owner: PoolOwner) -> Option<&NavalPool> {
        self.naval_pools.iter().find(|x| x.power == owner)
    }
    pub fn army_leader(&self, id: &str) -> Option<&ArmyLeader> {
        self.army_leaders.iter().find(|x| x.id == id)
    }
    pub fn naval_leader(&self, id: &str) -> Option<&NavalLeader> {
        self.naval_leaders.iter().find(|x| x.id == id)
    }
    pub fn ruler(&self, id: &str) -> Option<&Ruler> {
        self.rulers.iter().find(|x| x.id == id)
    }
    pub fn captain(&self, id: &str) -> Option<&Captain> {
        self.captains.iter().find(|x| x.id == id)
    }
    pub fn noble(&self, id: &str) -> Option<&Noble> {
        self.nobles.iter().find(|x| x.id == id)
    }

    // ---- cards
    pub fn card(&self, id: CardId) -> Option<&Card> {
        self.cards
            .binary_search_by_key(&id, |c| c.id)
            .ok()
            .map(|i| &self.cards[i])
    }
    pub fn card_by_key(&self, key: &str) -> Option<&Card> {
        self.card_index.get(key).map(|&i| &self.cards[i])
    }
    /// The 112 cards of the six-player deck.
    pub fn standard_deck(&self) -> impl Iterator<Item = &Card> + '_ {
        self.cards.iter().filter(|c| c.deck == Deck::Standard)
    }
    /// Every card (standard or variant) used with this many players.
    pub fn cards_for(&self, players: u8) -> impl Iterator<Item = &Card> + '_ {
        self.cards.iter().filter(move |c| c.in_game_with(players))
    }
    pub fn home_cards(&self, power: Power) -> impl Iterator<Item = &Card> + '_ {
        self.cards
            .iter()
            .filter(move |c| c.kind == CardKind::Home && c.power == Some(power))
    }

    // ---- scenarios
    pub fn scenario(&self, id: &str) -> Option<&Scenario> {
        self.scenarios.iter().find(|s| s.id == id)
    }
    pub fn player_count(&self, players: u8) -> Option<&PlayerCount> {
        self.player_counts.iter().find(|p| p.players == players)
    }

    /// Every record's provenance with a label `file:record` (for audits and tests).
    pub fn provenances(&self) -> Vec<(String, &Provenance)> {
        let mut v: Vec<(String, &Provenance)> = Vec::new();
        v.extend(
            self.spaces
                .iter()
                .map(|s| (format!("europe_spaces:{}", s.key), &s.prov)),
        );
        v.extend(self.connections.iter().map(|c| {
            (
                format!(
                    "europe_connections:{}-{}",
                    self.space(c.a).key,
                    self.space(c.b).key
                ),
                &c.prov,
            )
        }));
        v.extend(
            self.sea_zones
                .iter()
                .map(|z| (format!("sea_zones:{}", z.key), &z.prov)),
        );
        v.extend(
            self.ocean_zones
                .iter()
                .map(|z| (format!("world:{}", z.key), &z.prov)),
        );
        v.extend(self.ocean_borders.iter().map(|b| {
            (
                format!(
                    "world:{}-{}",
                    self.ocean_zone(b.a).key,
                    self.ocean_zone(b.b).key
                ),
                &b.prov,
            )
        }));
        v.extend(
            self.settlements
                .iter()
                .map(|s| (format!("world:{}", s.key), &s.prov)),
        );
        v.push(("world:entry_zones".into(), &self.entry_zones_prov));
        v.push(("world:treasure_rows".into(), &self.treasure_rows.prov));
        v.extend(
            self.powers
                .iter()
                .map(|p| (format!("powers:{:?}", p.id), &p.prov)),
        );
        v.extend(
            self.land_pools
                .iter()
                .map(|p| (format!("powers:land:{:?}", p.power), &p.prov)),
        );
        v.extend(
            self.naval_pools
                .iter()
                .map(|p| (format!("powers:naval:{:?}", p.power), &p.prov)),
        );
        v.extend(
            self.special_units
                .iter()
                .map(|u| (format!("powers:{}", u.id), &u.prov)),
        );
        v.extend(
            self.markers
                .iter()
                .map(|m| (format!("powers:marker:{}", m.id), &m.prov)),
        );
        v.extend(
            self.army_leaders
                .iter()
                // The default leaders appended by the loader are counted once, below.
                .filter(|l| !l.id.starts_with("default_"))
                .map(|l| (format!("leaders:{}", l.id), &l.prov)),
        );
        v.extend(
            self.naval_leaders
                .iter()
                .map(|l| (format!("leaders:{}", l.id), &l.prov)),
        );
        v.extend(
            self.default_leaders
                .iter()
                .map(|l| (format!("leaders:default:{:?}", l.power), &l.prov)),
        );
        v.extend(
            self.rulers
                .iter()
                .map(|l| (format!("leaders:ruler:{}", l.id), &l.prov)),
        );
        v.extend(
            self.captains
                .iter()
                .map(|l| (format!("leaders:captain:{}", l.id), &l.prov)),
        );
        v.extend(
            self.nobles
                .iter()
                .map(|l| (format!("leaders:noble:{}", l.id), &l.prov)),
        );
        v.extend(
            self.cards
                .iter()
                .map(|c| (format!("cards:{}", c.id.0), &c.prov)),
        );
        v.extend(
            self.tables
                .provenances()
                .into_iter()
                .map(|(n, p)| (format!("tables:{n}"), p)),
        );
        v.extend(
            self.scenarios
                .iter()
                .map(|s| (format!("scenarios:{}", s.id), &s.prov)),
        );
        v.extend(
            self.player_counts
                .iter()
                .map(|p| (format!("scenarios:players:{}", p.players), &p.prov)),
        );
        v.push(("scenarios:booklet".into(), &self.booklet.prov));
        v
    }
}

impl From<String> for DataError {
    fn from(s: String) -> Self {
        DataError(s)
    }
}
