//! The rule-facing static tables: what the rules ask of cards and the map.
//!
//! Built once from the data layer (`crate::data`) by [`crate::adapter`]; the
//! rules never read JSON themselves. Indices: map cards 0..10 in grid order
//! (north row west to east, then south row west to east; seed C1), borders
//! 0..13, cities 0..n, tableau cards 0..n (comets included).

use serde::{Deserialize, Serialize};

pub type MapId = u8;
pub type BorderId = u8;
pub type CityId = u8;
pub type CardId = u16;

/// Religion colours [Glossar: RELIGION].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Religion {
    /// White.
    Catholic,
    /// Black.
    Islamic,
    /// Red.
    Reformist,
}

impl Religion {
    pub const ALL: [Religion; 3] = [Religion::Catholic, Religion::Islamic, Religion::Reformist];
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn colour(self) -> &'static str {
        match self {
            Religion::Catholic => "white",
            Religion::Islamic => "black",
            Religion::Reformist => "red",
        }
    }
}

/// East or West: market rows, decks, tableau sides and map regions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Side {
    East,
    West,
}

impl Side {
    pub fn index(self) -> usize {
        match self {
            Side::East => 0,
            Side::West => 1,
        }
    }
    pub fn other(self) -> Side {
        match self {
            Side::East => Side::West,
            Side::West => Side::East,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Side::East => "East",
            Side::West => "West",
        }
    }
    pub const BOTH: [Side; 2] = [Side::East, Side::West];
}

/// Chess shape of a map token (knight or rook).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Shape {
    Knight,
    Rook,
}

/// A knight or rook of a religion colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Piece {
    pub shape: Shape,
    pub religion: Religion,
}

/// Where a card acts [Glossar: ORT].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Location {
    Map(MapId),
    /// "Der Osten": counts as each eastern map card.
    Region(Side),
    /// Player cards and queens.
    None,
}

/// Agents pictured on a card [E2.2, Glossar: AGENTEN].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Agent {
    Bishop(Religion),
    Knight(Religion),
    Rook(Religion),
    /// A rook placed on a sea border [Glossar: PIRAT].
    Pirate(Religion),
    /// A die of the active player's colour.
    Pawn,
}

/// Token kinds a Repress symbol shows [F5].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RepressKinds {
    pub knight: bool,
    pub rook: bool,
    pub pawn: bool,
}

/// One op symbol [F1-F9].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Op {
    Inquisitor(Religion),
    Commerce(Side),
    Behead,
    Tax,
    Repress(RepressKinds),
    Vote(Side),
    Corsair(Religion),
    Siege,
    Campaign,
}

impl Op {
    /// Only Inquisitor works on a card carrying a bishop [F, F1].
    pub fn religious(self) -> bool {
        matches!(self, Op::Inquisitor(_))
    }
    pub fn name(self) -> &'static str {
        match self {
            Op::Inquisitor(_) => "Inquisitor",
            Op::Commerce(_) => "Commerce",
            Op::Behead => "Behead",
            Op::Tax => "Tax",
            Op::Repress(_) => "Repress",
            Op::Vote(_) => "Vote",
            Op::Corsair(_) => "Corsair",
            Op::Siege => "Siege",
            Op::Campaign => "Campaign",
        }
    }
}

/// Trade centres [B5, C1, H1].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Centre {
    Trebizond,
    SpiceIslands,
    Tana,
    Novgorod,
    Timbuktu,
}

impl Centre {
    pub const ALL: [Centre; 5] = [
        Centre::Trebizond,
        Centre::SpiceIslands,
        Centre::Tana,
        Centre::Novgorod,
        Centre::Timbuktu,
    ];
    /// White centres feed the West fair, black ones the East fair [G2].
    pub fn fair(self) -> Side {
        match self {
            Centre::Trebizond | Centre::SpiceIslands => Side::West,
            _ => Side::East,
        }
    }
    pub fn index(self) -> usize {
        self as usize
    }
}

/// One-shots [E2.1, H-K].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum OneShot {
    /// Trade-route shift naming the covered centre that is uncovered [H1].
    TradeShift(Centre),
    /// Queens: the empires she may marry [I].
    Coronation(Vec<MapId>),
    Conspiracy,
    PeasantRevolt,
    /// Crusade (Catholic), Reformation war (Reformist), Jihad (Islamic) [K1].
    ReligiousWar(Religion),
    /// Expansion only; refused.
    Other(String),
}

/// Prestige kinds [Glossar: PRESTIGE].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Prestige {
    Catholic,
    Islamic,
    Reformist,
    Law,
    Discovery,
    Patron,
}

impl Prestige {
    pub fn of_religion(r: Religion) -> Prestige {
        match r {
            Religion::Catholic => Prestige::Catholic,
            Religion::Islamic => Prestige::Islamic,
            Religion::Reformist => Prestige::Reformist,
        }
    }
}

/// Card abilities the seed's glossary translates [Glossar: FÄHIGKEIT].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ability {
    /// Knights Hospitaller: in crusades, rooks of the religion in these map cards count as knights.
    CrusadeRooks {
        religion: Religion,
        maps: Vec<MapId>,
    },
    /// India/Almeida Armada: the owner's concessions count double in fairs from this centre.
    DoubleOnRoute(Centre),
    /// Conquistadors, Cem: sell for this many florins.
    SellFor(i64),
    /// Höchstetter, Gutenberg: no hand limit.
    NoHandLimit,
    /// Duchy of Ferrara: a token of the religion in the city counts double in battles.
    BattleDouble { city: CityId, religion: Religion },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CardDef {
    pub name: String,
    /// Deck/market identity [B4].
    pub side: Side,
    pub comet: bool,
    pub queen: bool,
    pub location: Location,
    pub agents: Vec<Agent>,
    pub ops: Vec<Op>,
    pub oneshot: Option<OneShot>,
    pub prestige: Vec<Prestige>,
    pub abilities: Vec<Ability>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EmpireFace {
    pub name: String,
    pub ops: Vec<Op>,
    pub prestige: Vec<Prestige>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CityDef {
    pub name: String,
    pub map: MapId,
    /// Constantinople holds 3 [Glossar: STADT].
    pub capacity: u8,
    /// Levy symbol per map side: [front, back] [B5].
    pub levy: [Vec<Piece>; 2],
    pub centre: Option<Centre>,
    pub capital: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BorderDef {
    pub name: String,
    pub maps: [MapId; 2],
    pub sea: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MapDef {
    pub name: String,
    pub region: Side,
    /// Theocracy religion of the front and back side (None = medieval) [B5].
    pub theocracy: [Option<Religion>; 2],
    pub cities: Vec<CityId>,
    pub borders: Vec<BorderId>,
    /// Grid position (row 0 north, col 0 west) [C1].
    pub row: u8,
    pub col: u8,
    pub king: EmpireFace,
    pub republic: EmpireFace,
}

/// A trade route: the map cards passed and the borders crossed between them [G2-G5].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Route {
    pub centre: Centre,
    /// maps[0] holds the centre; borders[i] lies between maps[i] and maps[i+1].
    pub maps: Vec<MapId>,
    pub borders: Vec<BorderId>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BankDef {
    pub name: String,
    pub colour: String,
    pub border: BorderId,
    /// Fugger always starts [C7].
    pub always_first: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Tables {
    pub cards: Vec<CardDef>,
    pub maps: Vec<MapDef>,
    pub cities: Vec<CityDef>,
    pub borders: Vec<BorderDef>,
    pub routes: Vec<Route>,
    /// Player banks [C2].
    pub banks: Vec<BankDef>,
}

impl Tables {
    pub fn card(&self, c: CardId) -> &CardDef {
        &self.cards[c as usize]
    }
    pub fn map(&self, m: MapId) -> &MapDef {
        &self.maps[m as usize]
    }
    pub fn route(&self, c: Centre) -> &Route {
        self.routes
            .iter()
            .find(|r| r.centre == c)
            .expect("route for every centre")
    }
    pub fn centre_city(&self, c: Centre) -> CityId {
        self.cities
            .iter()
            .position(|x| x.centre == Some(c))
            .expect("centre city") as CityId
    }
    /// Map cards sharing a border or diagonal [Glossar: BENACHBART].
    pub fn adjacent(&self, a: MapId, b: MapId) -> bool {
        let (x, y) = (self.map(a), self.map(b));
        a != b && (x.row as i8 - y.row as i8).abs() <= 1 && (x.col as i8 - y.col as i8).abs() <= 1
    }
    pub fn maps_in(&self, loc: Location) -> Vec<MapId> {
        match loc {
            Location::Map(m) => vec![m],
            Location::Region(s) => (0..self.maps.len() as MapId)
                .filter(|&m| self.map(m).region == s)
                .collect(),
            Location::None => Vec::new(),
        }
    }
    pub fn border_touches(&self, b: BorderId, m: MapId) -> bool {
        self.borders[b as usize].maps.contains(&m)
    }
}
