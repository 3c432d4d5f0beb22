//! Identifiers of the component data.
//!
//! Closed sets the rules name in code (regions, commodities, advances, events, card and
//! advance effects) are enums whose serde names are the ids in the data files. Open sets
//! (provinces, water spaces, history cards) are indices into the tables of
//! [`super::Data`]; their stable string ids are the `id` fields of the data files, and an
//! index is the position in the file, which is sorted by a documented key
//! (`data/README.md`).

use std::fmt;

use serde::{Deserialize, Serialize};

macro_rules! index_id {
    ($(#[$m:meta])* $name:ident) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub u8);

        impl $name {
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

index_id!(
    /// A province (commodity province, capital or satellite, overseas included): index
    /// into [`super::Data::provinces`].
    ProvinceId
);
index_id!(
    /// A water space (a coast strip or a sea area): index into [`super::Data::waters`].
    WaterId
);
index_id!(
    /// A history card: index into [`super::Data::cards`].
    CardId
);

/// The eight numbered regions of the board and the two overseas boxes (seed §4.6, B.2.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Region {
    I,
    II,
    III,
    IV,
    V,
    VI,
    VII,
    VIII,
    #[serde(rename = "orient")]
    Orient,
    #[serde(rename = "new_world")]
    NewWorld,
}

impl Region {
    pub const ALL: [Region; 10] = [
        Region::I,
        Region::II,
        Region::III,
        Region::IV,
        Region::V,
        Region::VI,
        Region::VII,
        Region::VIII,
        Region::Orient,
        Region::NewWorld,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    /// The Orient and the New World: the five overseas provinces (seed §4.5).
    pub fn is_overseas(self) -> bool {
        matches!(self, Region::Orient | Region::NewWorld)
    }
}

/// The twelve commodities, in the order of the commodity table (seed A.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Commodity {
    Stone,
    Wool,
    Timber,
    Grain,
    Cloth,
    Wine,
    Metal,
    Furs,
    Silk,
    Spices,
    Gold,
    Ivory,
}

impl Commodity {
    pub const ALL: [Commodity; 12] = [
        Commodity::Stone,
        Commodity::Wool,
        Commodity::Timber,
        Commodity::Grain,
        Commodity::Cloth,
        Commodity::Wine,
        Commodity::Metal,
        Commodity::Furs,
        Commodity::Silk,
        Commodity::Spices,
        Commodity::Gold,
        Commodity::Ivory,
    ];

    pub fn index(self) -> usize {
        self as usize
    }
}

/// The 26 advances by their letter (seed §6, §C).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Advance {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
    I,
    J,
    K,
    L,
    M,
    N,
    O,
    P,
    Q,
    R,
    S,
    T,
    U,
    V,
    W,
    X,
    Y,
    Z,
}

impl Advance {
    pub const ALL: [Advance; 26] = [
        Advance::A,
        Advance::B,
        Advance::C,
        Advance::D,
        Advance::E,
        Advance::F,
        Advance::G,
        Advance::H,
        Advance::I,
        Advance::J,
        Advance::K,
        Advance::L,
        Advance::M,
        Advance::N,
        Advance::O,
        Advance::P,
        Advance::Q,
        Advance::R,
        Advance::S,
        Advance::T,
        Advance::U,
        Advance::V,
        Advance::W,
        Advance::X,
        Advance::Y,
        Advance::Z,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn letter(self) -> char {
        (b'A' + self as u8) as char
    }
}

impl fmt::Display for Advance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The six advance categories (seed §1.2, §C).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    /// Wissenschaft (A–D).
    Science,
    /// Religion (E–H).
    Religion,
    /// Handel (I–M).
    Commerce,
    /// Kultur (N–Q).
    Culture,
    /// Entdeckungen (R–U).
    Exploration,
    /// Gesellschaft (V–Z).
    Civics,
}

impl Category {
    pub const ALL: [Category; 6] = [
        Category::Science,
        Category::Religion,
        Category::Commerce,
        Category::Culture,
        Category::Exploration,
        Category::Civics,
    ];
}

/// The 18 event cards (seed A.2), by their card id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    EnlightenedMonarch,
    Alchemy,
    CivilWar,
    Crusades,
    Rebellion,
    PapalDecree,
    PiratesVikings,
    Uprisings,
    Famine,
    Mysticism,
    War,
    Stirrups,
    Armor,
    BlackDeath,
    ReligiousWar,
    MongolInvasion,
    Longbow,
    Gunpowder,
}

/// What an advance does, as keys the rules dispatch on (seed §C; the text of each
/// property is cited in the advance's provenance). Category-wide effects (Religion
/// raises misery on purchase, Science softens Mysticism, Commerce counts for
/// Uprisings, Religion for Religious War) follow from [`Category`] and
/// `misery_on_purchase`; the Science advances also carry `mysticism_relief`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AdvanceEffect {
    /// A: ships cross a sea area as if it were a coastal province.
    CrossSeaArea,
    /// A–D: one step less misery from Mysticism each.
    MysticismRelief,
    /// C: Alchemy does not affect the owner.
    AlchemyImmunity,
    /// D: misery one step down in every income phase.
    MiseryReliefEachIncome,
    /// E: use the credits of personalities others played.
    Patronage,
    /// F: tokens from every player without it at the start of the expansion.
    HolyIndulgence,
    /// G: an attack also wins when green >= rank.
    GreenDieAtLeastRank,
    /// H: one automatic combat win per round against each player without it.
    CathedralAutoWin,
    /// I: land reach of two provinces.
    CaravanLandReach,
    /// J: shift grain, cloth, wine or metal shortage/surplus one box.
    MillsShiftShortageSurplus,
    /// K: Famine one step milder.
    FamineRelief,
    /// L: cash doubled before income, capped at the income.
    BankingDoubleCash,
    /// M: commodity payouts as if one more province.
    ManufacturingExtraProvince,
    /// N: forced card swap after taking a control-token province.
    WrittenRecordCardSwap,
    /// O: own personalities pay their credits for advances owned earlier.
    PrintingPressCashBack,
    /// P: discard a card.
    DiscardCard,
    /// Q: swap ranks with an adjacent player without it.
    SwapTurnOrder,
    /// R: tokens may enter region V.
    EnterRegionV,
    /// S: the three-master fleet (any coast outside the overseas boxes).
    ThreeMasterFleet,
    /// T: the ocean-going fleet (the Orient, unlimited transport).
    OceanGoingFleet,
    /// U: tokens may enter the New World.
    EnterNewWorld,
    /// V: buy one extra card.
    BuyExtraCard,
    /// W: +1 strength in the home region, +1 on the War die.
    NationalismHomeRegion,
    /// X: +10 credit outside Religion and Civics.
    InstitutionalCredit,
    /// Y: satellites support one more, in defence and attack.
    SatelliteSupportPlusOne,
    /// Z: +10 income.
    MiddleClassIncome,
    /// Z: stabilization cost halved, rounded up.
    StabilizationHalved,
    /// Z: the Banking cap rises by 10.
    BankingCapPlusTen,
}

/// The kind of a province (seed §4.3, §4.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ProvinceKind {
    /// Market value in a coloured circle.
    Capital,
    /// Market value in a circle.
    Province,
    /// Market value 1 in a square: at most one expansion token, no control token.
    Satellite,
}

/// The kind of a water space (seed §4.1, §4.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WaterKind {
    /// The light-blue strip off one coastal province; galleys move from strip to strip.
    Coast,
    /// A sea area (Meer) with no land: crossed with galleys only with Astronomy [A].
    Sea,
}

/// When the five held-back epoch-1 cards join the deck (seed §8.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HeldBackJoin {
    /// Shuffled into the epoch-1 deck at set-up (3 or 4 players).
    Setup,
    /// Shuffled in at the start of round 2 (5 or 6 players).
    #[serde(rename = "round_2")]
    Round2,
}
