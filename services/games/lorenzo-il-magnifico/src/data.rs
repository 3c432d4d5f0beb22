//! Our data files (`data/*.json`), loaded once with `include_str!` and
//! validated at load. Facts transcribed from third-party data, checked against
//! the seed's examples; corrections in `data/README.md`.

use std::sync::OnceLock;

use serde::Deserialize;

use crate::model::{Kind, Res};

/// A bag of gains as written in our data files (all fields optional).
#[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Bag {
    #[serde(default)]
    pub wood: i32,
    #[serde(default)]
    pub stone: i32,
    #[serde(default)]
    pub servants: i32,
    #[serde(default)]
    pub coins: i32,
    #[serde(default)]
    pub vp: i32,
    #[serde(default)]
    pub mp: i32,
    #[serde(default)]
    pub fp: i32,
    #[serde(default)]
    pub privileges: i32,
}

impl Bag {
    pub fn res(&self) -> Res {
        Res([
            self.wood,
            self.stone,
            self.servants,
            self.coins,
            self.vp,
            self.mp,
            self.fp,
        ])
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CostOption {
    pub pay: Bag,
    #[serde(default)]
    pub need_mp: i32,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerGain {
    #[serde(default)]
    pub per_card: Option<Kind>,
    #[serde(default)]
    pub per_mp: Option<i32>,
    pub gain: Bag,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionDef {
    /// "any" or a card type.
    #[serde(default)]
    pub take: Option<String>,
    #[serde(default)]
    pub value: i32,
    #[serde(default)]
    pub discount: Bag,
    #[serde(default)]
    pub harvest: Option<i32>,
    #[serde(default)]
    pub production: Option<i32>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Exchange {
    pub pay: Bag,
    pub gain: Bag,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Production {
    #[serde(default)]
    pub gain: Bag,
    #[serde(default)]
    pub per: Option<PerGain>,
    #[serde(default)]
    pub exchange: Vec<Exchange>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Permanent {
    #[serde(default)]
    pub take_bonus: Option<Kind>,
    #[serde(default)]
    pub value: i32,
    #[serde(default)]
    pub discount_any_of: Vec<Bag>,
    #[serde(default)]
    pub harvest_bonus: Option<i32>,
    #[serde(default)]
    pub production_bonus: Option<i32>,
    #[serde(default)]
    pub no_floor_bonus: bool,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    pub id: u8,
    pub name: String,
    #[serde(default)]
    pub de: Option<String>,
    #[serde(rename = "type")]
    pub kind: Kind,
    pub period: u8,
    #[serde(default)]
    pub cost: Vec<CostOption>,
    #[serde(default)]
    pub now: Bag,
    #[serde(default)]
    pub now_per: Option<PerGain>,
    #[serde(default)]
    pub now_action: Option<ActionDef>,
    #[serde(default)]
    pub activation: i32,
    #[serde(default)]
    pub harvest: Bag,
    #[serde(default)]
    pub production: Production,
    #[serde(default)]
    pub permanent: Option<Permanent>,
    #[serde(default)]
    pub end_vp: i32,
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct CardCounts {
    #[serde(default)]
    pub territory: usize,
    #[serde(default)]
    pub building: usize,
    #[serde(default)]
    pub character: usize,
    #[serde(default)]
    pub venture: usize,
}

impl CardCounts {
    pub fn by_kind(&self) -> [usize; 4] {
        [self.territory, self.building, self.character, self.venture]
    }
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct LeaderNeed {
    #[serde(default)]
    pub cards: CardCounts,
    #[serde(default)]
    pub res: Bag,
    #[serde(default)]
    pub same_type: usize,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OncePerRound {
    #[serde(default)]
    pub harvest: Option<i32>,
    #[serde(default)]
    pub production: Option<i32>,
    #[serde(default)]
    pub gain: Option<Bag>,
    #[serde(default)]
    pub member_six: bool,
    #[serde(default)]
    pub coloured_plus_two: bool,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Leader {
    pub id: u8,
    pub name: String,
    pub need: LeaderNeed,
    #[serde(default)]
    pub once_per_round: Option<OncePerRound>,
    #[serde(default)]
    pub permanent: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TakeMalus {
    pub take: Kind,
    pub value: i32,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExcommEffectMap {
    #[serde(default)]
    pub less: Option<String>,
    #[serde(default)]
    pub harvest: Option<i32>,
    #[serde(default)]
    pub production: Option<i32>,
    #[serde(default)]
    pub coloured: Option<i32>,
    #[serde(default)]
    pub take: Option<Kind>,
    #[serde(default)]
    pub value: i32,
    #[serde(default)]
    pub no_vp_for: Option<Kind>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum ExcommEffect {
    Named(String),
    Map(ExcommEffectMap),
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Excomm {
    pub id: u8,
    pub period: u8,
    pub name: String,
    pub effect: ExcommEffect,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FloorBonus {
    pub territory: Vec<Bag>,
    pub character: Vec<Bag>,
    pub building: Vec<Bag>,
    pub venture: Vec<Bag>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MarketSpace {
    pub gain: Bag,
    pub min_players: usize,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tile {
    pub harvest: Bag,
    pub production: Bag,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    pub floor_values: Vec<i32>,
    pub floor_bonus: FloorBonus,
    pub market: Vec<MarketSpace>,
    pub council: Bag,
    pub privileges: Vec<Bag>,
    pub faith_vp: Vec<i32>,
    pub vatican_threshold: Vec<i32>,
    pub territory_slot_mp: Vec<i32>,
    pub territory_vp: Vec<i32>,
    pub character_vp: Vec<i32>,
    pub military_vp: Vec<i32>,
    pub start_coins: Vec<i32>,
    pub start_res: Bag,
    pub standard_tile: Tile,
    pub advanced_tiles: Vec<Tile>,
}

/// Everything static about the game, validated.
#[derive(Debug)]
pub struct Data {
    pub cards: Vec<Card>,
    pub leaders: Vec<Leader>,
    pub excomms: Vec<Excomm>,
    pub board: Board,
}

impl Board {
    pub fn floor_bonus(&self, kind: Kind, floor: usize) -> Res {
        let v = match kind {
            Kind::Territory => &self.floor_bonus.territory,
            Kind::Building => &self.floor_bonus.building,
            Kind::Character => &self.floor_bonus.character,
            Kind::Venture => &self.floor_bonus.venture,
        };
        v[floor].res()
    }
    /// The tile a seat uses: 0 = the standard side, 1..=4 the advanced tiles.
    pub fn tile(&self, tile: u8) -> &Tile {
        if tile == 0 {
            &self.standard_tile
        } else {
            &self.advanced_tiles[tile as usize - 1]
        }
    }
}

pub fn load() -> Result<Data, String> {
    let cards: Vec<Card> = serde_json::from_str(include_str!("../data/cards.json"))
        .map_err(|e| format!("cards.json: {e}"))?;
    let leaders: Vec<Leader> = serde_json::from_str(include_str!("../data/leaders.json"))
        .map_err(|e| format!("leaders.json: {e}"))?;
    let excomms: Vec<Excomm> = serde_json::from_str(include_str!("../data/excommunications.json"))
        .map_err(|e| format!("excommunications.json: {e}"))?;
    let board: Board = serde_json::from_str(include_str!("../data/board.json"))
        .map_err(|e| format!("board.json: {e}"))?;
    let data = Data {
        cards,
        leaders,
        excomms,
        board,
    };
    validate(&data)?;
    Ok(data)
}

fn validate(d: &Data) -> Result<(), String> {
    if d.cards.len() != 96 {
        return Err(format!("{} development cards, expected 96", d.cards.len()));
    }
    for (i, c) in d.cards.iter().enumerate() {
        if c.id as usize != i {
            return Err(format!("card {} has id {}", i, c.id));
        }
        if !(1..=3).contains(&c.period) {
            return Err(format!("card {}: period {}", c.name, c.period));
        }
        match c.kind {
            Kind::Territory if c.activation < 1 || !c.cost.is_empty() => {
                return Err(format!("territory {}", c.name));
            }
            Kind::Building if c.activation < 1 || c.cost.len() != 1 => {
                return Err(format!("building {}", c.name));
            }
            Kind::Character
                if c.cost.len() != 1 || c.cost[0].pay.res() != Res::coins(c.cost[0].pay.coins) =>
            {
                return Err(format!("character {} must cost coins only", c.name));
            }
            Kind::Venture if c.cost.is_empty() || c.end_vp < 1 => {
                return Err(format!("venture {}", c.name));
            }
            _ => {}
        }
        if let Some(a) = &c.now_action {
            let n =
                a.take.is_some() as u8 + a.harvest.is_some() as u8 + a.production.is_some() as u8;
            if n != 1 {
                return Err(format!(
                    "card {}: action must be exactly one of take/harvest/production",
                    c.name
                ));
            }
        }
    }
    for kind in Kind::ALL {
        for p in 1..=3 {
            let n = d
                .cards
                .iter()
                .filter(|c| c.kind == kind && c.period == p)
                .count();
            if n != 8 {
                return Err(format!("{n} {kind:?} cards in period {p}, expected 8"));
            }
        }
    }
    if d.leaders.len() != 20
        || d.leaders
            .iter()
            .enumerate()
            .any(|(i, l)| l.id as usize != i)
    {
        return Err("expected 20 leaders with ids 0..20".into());
    }
    for l in &d.leaders {
        if l.once_per_round.is_some() == l.permanent.is_some() {
            return Err(format!(
                "leader {}: exactly one of once_per_round / permanent",
                l.name
            ));
        }
    }
    if d.excomms.len() != 21
        || d.excomms
            .iter()
            .enumerate()
            .any(|(i, x)| x.id as usize != i || x.period as usize != i / 7 + 1)
    {
        return Err("expected 21 excommunication tiles, 7 per period in order".into());
    }
    let b = &d.board;
    if b.floor_values != [1, 3, 5, 7]
        || b.market.len() != 4
        || b.privileges.len() != 5
        || b.advanced_tiles.len() != 4
    {
        return Err("board.json shape".into());
    }
    if b.territory_slot_mp.len() != 6
        || b.territory_vp.len() != 7
        || b.character_vp.len() != 7
        || b.faith_vp.len() != 16
    {
        return Err("board.json tables".into());
    }
    Ok(())
}

pub fn data() -> &'static Data {
    static DATA: OnceLock<Data> = OnceLock::new();
    DATA.get_or_init(|| load().expect("the crate's data files are valid"))
}

pub fn card(id: u8) -> &'static Card {
    &data().cards[id as usize]
}

pub fn leader(id: u8) -> &'static Leader {
    &data().leaders[id as usize]
}

pub fn board() -> &'static Board {
    &data().board
}
