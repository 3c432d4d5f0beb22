//! The component data of Age of Renaissance, loaded from `data/*.json` (embedded at
//! compile time) and checked at load. `data/README.md` documents the files, the ids,
//! the provenance of every record, the corrections against the third-party source and
//! our rulings where neither the seed nor the source decides.
//!
//! ```
//! use signoria_age_of_renaissance::data::{data, Advance, Commodity};
//! let d = data();
//! let venezia = d.province_by_name("Venedig").unwrap();
//! assert_eq!(d.province(venezia).commodities, vec![Commodity::Cloth]);
//! assert_eq!(d.advance(Advance::T).prerequisites, vec![Advance::A, Advance::S]);
//! ```

mod advances;
mod cards;
mod ids;
mod load;
mod map;
mod provenance;
mod setup;

use std::fmt;
use std::sync::OnceLock;

pub use advances::AdvanceInfo;
pub use cards::{Card, CardKind, CommodityInfo, Credit, EventBonus};
pub use ids::{
    Advance, AdvanceEffect, CardId, Category, Commodity, Event, HeldBackJoin, ProvinceId,
    ProvinceKind, Region, WaterId, WaterKind,
};
pub use map::{Province, RegionInfo, Water};
pub use provenance::Provenance;
pub use setup::{CapitalInfo, Fact, PlayerCountInfo, Setup, Table, Tables};

pub const REGIONS_JSON: &str = include_str!("../../data/regions.json");
pub const PROVINCES_JSON: &str = include_str!("../../data/provinces.json");
pub const WATERS_JSON: &str = include_str!("../../data/waters.json");
pub const COMMODITIES_JSON: &str = include_str!("../../data/commodities.json");
pub const ADVANCES_JSON: &str = include_str!("../../data/advances.json");
pub const CARDS_JSON: &str = include_str!("../../data/cards.json");
pub const SETUP_JSON: &str = include_str!("../../data/setup.json");
pub const TABLES_JSON: &str = include_str!("../../data/tables.json");

/// The text of the eight data files (the embedded ones, or altered copies in tests).
#[derive(Debug, Clone)]
pub struct Sources {
    pub regions: String,
    pub provinces: String,
    pub waters: String,
    pub commodities: String,
    pub advances: String,
    pub cards: String,
    pub setup: String,
    pub tables: String,
}

impl Sources {
    /// The files compiled into the crate.
    pub fn embedded() -> Sources {
        Sources {
            regions: REGIONS_JSON.into(),
            provinces: PROVINCES_JSON.into(),
            waters: WATERS_JSON.into(),
            commodities: COMMODITIES_JSON.into(),
            advances: ADVANCES_JSON.into(),
            cards: CARDS_JSON.into(),
            setup: SETUP_JSON.into(),
            tables: TABLES_JSON.into(),
        }
    }
}

/// Everything wrong with a set of data files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataError {
    pub problems: Vec<String>,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} problem(s) in the data files:", self.problems.len())?;
        for p in &self.problems {
            writeln!(f, "  {p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for DataError {}

/// The typed, checked tables.
#[derive(Debug, Clone)]
pub struct Data {
    /// Indexed by [`Region::index`].
    pub regions: Vec<RegionInfo>,
    /// Indexed by [`ProvinceId`]; sorted by region, then id.
    pub provinces: Vec<Province>,
    /// Indexed by [`WaterId`]; coast strips, then sea areas, each sorted by id.
    pub waters: Vec<Water>,
    /// Indexed by [`Commodity::index`].
    pub commodities: Vec<CommodityInfo>,
    /// Indexed by [`Advance::index`].
    pub advances: Vec<AdvanceInfo>,
    /// Indexed by [`CardId`]; commodity cards (A.1), events (A.2), personalities (A.3).
    pub cards: Vec<Card>,
    pub setup: Setup,
    pub tables: Tables,
}

impl Data {
    /// Parse and check a set of data files.
    pub fn from_sources(sources: &Sources) -> Result<Data, DataError> {
        load::load(sources)
    }
}

/// The embedded tables, parsed and checked once. Panics with every problem found if the
/// embedded files are inconsistent (a build with broken data must not serve games).
pub fn data() -> &'static Data {
    static DATA: OnceLock<Data> = OnceLock::new();
    DATA.get_or_init(|| match Data::from_sources(&Sources::embedded()) {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    })
}
