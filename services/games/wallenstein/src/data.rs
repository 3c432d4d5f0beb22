//! Static tables loaded from `data/*.json` (embedded at compile time): the 45
//! lands, the 12 event cards, starting money, army groups, the supply table
//! and the fixed beginner set-ups; for the modules the court's components and
//! the 21 favor cards (`kaiserhof.json`) and the Landsknecht cards
//! (`landsknechte.json`). Values the OCR lost are marked `guess` there.

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

/// A one-time gain (favor cards 2/9/16, 3/8/14, 5/15/20, 6/13/19 and the
/// Landsknecht bonuses, L1500-1550, L1606-1611).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BonusKind {
    Taler,
    /// Own armies from the supply into the tower's tray.
    Tray,
    Grain,
    Vp,
}

impl BonusKind {
    pub fn name(self) -> &'static str {
        match self {
            BonusKind::Taler => "Taler",
            BonusKind::Tray => "armies into the tray",
            BonusKind::Grain => "grain",
            BonusKind::Vp => "VP",
        }
    }
}

/// What a favor card does (L1468-1573).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FavorEffect {
    /// 1: the round's event may be removed (L1472-1482).
    CancelEvent,
    /// 4: one unrest marker off an own land, or kept to block the next (L1484-1498).
    RemoveUnrest,
    /// 2/9/16, 3/8/14, 5/15/20, 6/13/19: the printed amount.
    Gain(BonusKind, u32),
    /// 12: free armies into an own or neutral land (L1508-1517).
    Armies(u32),
    /// 7/17/21: the pictured building, free (index `model::PALACE`...; L1552-1560).
    Build(usize),
    /// 10/11/18: not attackable by Fight/Move A and/or B this round (L1561-1573).
    Protect { a: bool, b: bool },
}

#[derive(Debug, Clone)]
pub struct FavorCard {
    pub number: u8,
    pub effect: FavorEffect,
    /// Seed lines of the card's text.
    pub seed: String,
    /// The value was lost in the OCR and is our ruling (the text names it).
    pub guess: Option<String>,
}

impl FavorCard {
    /// Whether the card keeps its holder from being attacked by Fight/Move A
    /// (`fight_b` false) or B (true) this round.
    pub fn protects(&self, fight_b: bool) -> bool {
        matches!(self.effect, FavorEffect::Protect { a, b } if if fight_b { b } else { a })
    }
}

#[derive(Debug, Clone)]
pub struct KaiserhofData {
    pub courtiers: u32,
    pub tower_cards: u32,
    /// Courtiers a favor card costs on the audience hall's spaces, dearest first.
    pub space_costs: Vec<u32>,
    /// The 21 favor cards, by number (index = number - 1).
    pub favors: Vec<FavorCard>,
}

impl KaiserhofData {
    pub fn favor(&self, number: u8) -> &FavorCard {
        &self.favors[number as usize - 1]
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct Bonus {
    pub kind: BonusKind,
    pub amount: u32,
}

/// A Landsknecht card: the bonuses shown (empty for the empty banner).
#[derive(Debug, Clone, Deserialize)]
pub struct LandsknechtCard {
    #[serde(default)]
    pub banner: Option<String>,
    pub bonuses: Vec<Bonus>,
    pub seed: String,
    #[serde(default)]
    pub guess: Option<String>,
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
    pub kaiserhof: KaiserhofData,
    /// Each player's Landsknecht cards in their starting order, top first.
    pub landsknechte: Vec<LandsknechtCard>,
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

#[derive(Deserialize)]
struct FavorRaw {
    number: u8,
    effect: String,
    #[serde(default)]
    amount: Option<u32>,
    #[serde(default)]
    building: Option<String>,
    #[serde(default)]
    protects: Option<Vec<String>>,
    seed: String,
    #[serde(default)]
    guess: Option<String>,
}
#[derive(Deserialize)]
struct KaiserhofFile {
    courtiers_per_player: u32,
    tower_cards_per_player: u32,
    space_costs: Vec<u32>,
    favor_cards: Vec<FavorRaw>,
}
#[derive(Deserialize)]
struct LandsknechteFile {
    cards: Vec<LandsknechtCard>,
}

pub const LANDS_JSON: &str = include_str!("../data/lands.json");
pub const EVENTS_JSON: &str = include_str!("../data/events.json");
pub const SETUP_JSON: &str = include_str!("../data/setup.json");
pub const KAISERHOF_JSON: &str = include_str!("../data/kaiserhof.json");
pub const LANDSKNECHTE_JSON: &str = include_str!("../data/landsknechte.json");

/// The favor cards, checked: numbers 1..21 in order, each effect with what it needs.
fn favor_cards(raw: &[FavorRaw]) -> Vec<FavorCard> {
    raw.iter()
        .enumerate()
        .map(|(i, r)| {
            assert_eq!(r.number as usize, i + 1, "favor cards are listed by number");
            assert!(
                r.seed.starts_with('L'),
                "favor card {} has no seed lines",
                r.number
            );
            let amount = || {
                r.amount
                    .unwrap_or_else(|| panic!("favor card {} needs an amount", r.number))
            };
            let effect = match r.effect.as_str() {
                "cancel_event" => FavorEffect::CancelEvent,
                "remove_unrest" => FavorEffect::RemoveUnrest,
                "taler" => FavorEffect::Gain(BonusKind::Taler, amount()),
                "tray" => FavorEffect::Gain(BonusKind::Tray, amount()),
                "grain" => FavorEffect::Gain(BonusKind::Grain, amount()),
                "vp" => FavorEffect::Gain(BonusKind::Vp, amount()),
                "armies" => FavorEffect::Armies(amount()),
                "build" => FavorEffect::Build(match r.building.as_deref() {
                    Some("palace") => crate::model::PALACE,
                    Some("church") => crate::model::CHURCH,
                    Some("trading_house") => crate::model::TRADING_HOUSE,
                    other => panic!("favor card {}: building {other:?}", r.number),
                }),
                "protect" => {
                    let p = r.protects.clone().unwrap_or_default();
                    assert!(
                        !p.is_empty() && p.iter().all(|x| x == "A" || x == "B"),
                        "favor card {}: protects {p:?}",
                        r.number
                    );
                    FavorEffect::Protect {
                        a: p.iter().any(|x| x == "A"),
                        b: p.iter().any(|x| x == "B"),
                    }
                }
                other => panic!("favor card {}: unknown effect {other}", r.number),
            };
            FavorCard {
                number: r.number,
                effect,
                seed: r.seed.clone(),
                guess: r.guess.clone(),
            }
        })
        .collect()
}

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
    let kf: KaiserhofFile = serde_json::from_str(KAISERHOF_JSON).expect("kaiserhof.json");
    let lk: LandsknechteFile = serde_json::from_str(LANDSKNECHTE_JSON).expect("landsknechte.json");
    for (i, c) in lk.cards.iter().enumerate() {
        let mut kinds: Vec<BonusKind> = c.bonuses.iter().map(|b| b.kind).collect();
        kinds.sort_by_key(|k| *k as u8);
        kinds.dedup();
        assert_eq!(
            kinds.len(),
            c.bonuses.len(),
            "Landsknecht card {i}: a kind twice"
        );
    }
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
        kaiserhof: KaiserhofData {
            courtiers: kf.courtiers_per_player,
            tower_cards: kf.tower_cards_per_player,
            space_costs: kf.space_costs,
            favors: favor_cards(&kf.favor_cards),
        },
        landsknechte: lk.cards,
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
