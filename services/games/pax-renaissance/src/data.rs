//! Card and map data of Pax Renaissance (1st edition base game): the one model
//! of the game's components, which the rules read directly. Loaded once from
//! our JSON files (`data/*.json`, embedded with `include_str!`), validated at
//! load, and every reference between files (a city, border or trade centre
//! named by its slug) resolved to an index then. Provenance, every correction
//! and every known difference between the 1st and 2nd editions:
//! `data/README.md`.
//!
//! # Ids
//! The state names components by index: a deck card by [`CardId`] (its
//! position in [`Cards::all`]), an empire (= map card = empire card) by
//! [`MapId`] (its position in [`Empire::ALL`], grid order), a city by
//! [`CityId`] and a border by [`BorderId`] (positions in [`Map::cities`] and
//! [`Map::borders`]).
//!
//! # Spelling
//! The data files spell enum values in `snake_case` (`"catholic"`); states and
//! moves, which golden replays keep, spell the types they share with the files
//! ([`Religion`], [`Side`], [`Shape`], [`Piece`], [`AgentKind`]) with the Rust
//! names (`"Catholic"`). Those types read both.
//!
//! # Entry points
//! - [`cards()`] — the 92 East/West deck cards ([`Card`]): 35 East (33 + 2
//!   comets) and 57 West (55 + 2 comets) [seed B1]. A card's index in
//!   [`Cards::all`] is its [`CardId`]; the order (by printed number) never
//!   changes. `cards().by_id("flanders_guilds")` finds a card by its slug.
//! - [`empire_cards()`] — the 10 double-sided empire cards ([`EmpireCard`],
//!   King and Republic side, [seed B3]).
//! - [`victory_cards()`] — the 4 victory cards ([`VictoryCard`], [seed L3–L6]).
//! - [`player_cards()`] — the 4 banks ([`PlayerCard`], [seed C2]).
//! - [`constants()`] — the seed's numbers ([`GameConstants`]: starting florins,
//!   deck build, hand limit, sale prices, fair bonus, victory margins, supply).
//! - [`map()`] — the 2 × 5 map ([`Map`]): map cards with both faces and their
//!   cities ([`MapCard`], [`City`]), the 13 borders ([`Border`]), the five
//!   trade centres ([`TradeCentreInfo`]) and the five trade routes
//!   ([`TradeRoute`]).
//! - [`card`], [`map_card`], [`empire_card_of`], [`city`], [`border`]: one
//!   component by its id.
//!
//! # Vocabulary (types)
//! - [`Empire`]: the ten empires = the ten map cards = the ten empire cards.
//! - [`Side`]: East or West (deck, market row, tableau side, map half).
//! - [`Location`]: a card's ORT: one empire, "The East" or "The West".
//! - [`Religion`]: Catholic (white), Islamic (black), Reformist (red).
//! - [`Prestige`]: the six prestige kinds.
//! - [`Op`]: the nine ops with their parameters (bishop colour, market row,
//!   token kinds, vote side, pirate colour).
//! - [`OneShot`]: the base game's one-shots (bomb symbol).
//! - [`Ability`]: the special abilities (FÄHIGKEITEN), one typed variant per
//!   distinct effect; [`CardAbility`] adds the printed names and an English
//!   description.
//! - [`Agent`] / [`AgentKind`]: the agents a card places when played;
//!   [`ChessPiece`]: the chess piece printed on a card.
//! - [`Piece`] ([`Shape`] and [`Religion`]): a knight or rook token, as a
//!   city symbol prints it and as it stands on the map.
//! - [`MapFace`]: the side of a map card (medieval or a theocracy).

use std::collections::BTreeSet;
use std::fmt;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

/// Index of a deck card in [`Cards::all`].
pub type CardId = u16;
/// Index of an empire (map card, empire card) in [`Empire::ALL`].
pub type MapId = u8;
/// Index of a city in [`Map::cities`].
pub type CityId = u8;
/// Index of a border in [`Map::borders`].
pub type BorderId = u8;

/// The ten empires, one per map card and per empire card [seed C1, B3].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Empire {
    England,
    France,
    HolyRomanEmpire,
    Hungary,
    Byzantium,
    Portugal,
    Aragon,
    PapalStates,
    Ottoman,
    Mamluk,
}

impl Empire {
    /// All ten, north row west→east, then south row west→east.
    pub const ALL: [Empire; 10] = [
        Empire::England,
        Empire::France,
        Empire::HolyRomanEmpire,
        Empire::Hungary,
        Empire::Byzantium,
        Empire::Portugal,
        Empire::Aragon,
        Empire::PapalStates,
        Empire::Ottoman,
        Empire::Mamluk,
    ];

    /// East: Hungary, Byzantium, Ottoman, Mamluk; the other six are West [seed F1, Glossar ORT].
    pub fn region(self) -> Side {
        match self {
            Empire::Hungary | Empire::Byzantium | Empire::Ottoman | Empire::Mamluk => Side::East,
            _ => Side::West,
        }
    }

    /// Position in [`Empire::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The id the state uses.
    pub fn id(self) -> MapId {
        self as MapId
    }

    /// The empire of an id, if there is one.
    pub fn from_id(m: MapId) -> Option<Empire> {
        Empire::ALL.get(m as usize).copied()
    }
}

/// East or West: deck, market row, tableau side, map half, Commerce row, Vote side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Side {
    #[serde(alias = "east")]
    East,
    #[serde(alias = "west")]
    West,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::East, Side::West];
    /// 0 East, 1 West: the index of market rows, decks and tableau sides.
    pub fn index(self) -> usize {
        self as usize
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
}

/// A card's location (ORT): one map card, or "The East" / "The West" [Glossar ORT].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(try_from = "String")]
pub enum Location {
    Empire(Empire),
    /// "The East" (Der Osten): any of the four East empires.
    TheEast,
    /// "The West" (Der Westen): any of the six West empires.
    TheWest,
}

impl Location {
    /// The empires this location may stand for.
    pub fn empires(self) -> Vec<Empire> {
        match self {
            Location::Empire(e) => vec![e],
            Location::TheEast => Empire::ALL
                .into_iter()
                .filter(|e| e.region() == Side::East)
                .collect(),
            Location::TheWest => Empire::ALL
                .into_iter()
                .filter(|e| e.region() == Side::West)
                .collect(),
        }
    }

    /// The map cards (ids) this location may stand for.
    pub fn maps(self) -> Vec<MapId> {
        self.empires().into_iter().map(Empire::id).collect()
    }

    /// The one map card of a location naming an empire.
    pub fn map(self) -> Option<MapId> {
        match self {
            Location::Empire(e) => Some(e.id()),
            _ => None,
        }
    }

    /// The half of the map the location lies in.
    pub fn region(self) -> Side {
        match self {
            Location::Empire(e) => e.region(),
            Location::TheEast => Side::East,
            Location::TheWest => Side::West,
        }
    }
}

impl TryFrom<String> for Location {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        match s.as_str() {
            "the_east" => Ok(Location::TheEast),
            "the_west" => Ok(Location::TheWest),
            other => serde_json::from_value::<Empire>(serde_json::Value::String(other.to_string()))
                .map(Location::Empire)
                .map_err(|_| format!("unknown location {other:?}")),
        }
    }
}

/// Token colours of the three religions [Glossar RELIGION].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Religion {
    /// White.
    #[serde(alias = "catholic")]
    Catholic,
    /// Black.
    #[serde(alias = "islamic")]
    Islamic,
    /// Red (also Russian Orthodox).
    #[serde(alias = "reformist")]
    Reformist,
}

impl Religion {
    pub const ALL: [Religion; 3] = [Religion::Catholic, Religion::Islamic, Religion::Reformist];
    /// Position in [`Religion::ALL`] (the index of the supply).
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

/// The six prestige kinds [Glossar PRESTIGE].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Prestige {
    Catholic,
    Islamic,
    Reformist,
    Law,
    Discovery,
    Patron,
}

impl Prestige {
    /// The religious prestige of a religion (Holy victory [seed L3]).
    pub fn of(religion: Religion) -> Prestige {
        match religion {
            Religion::Catholic => Prestige::Catholic,
            Religion::Islamic => Prestige::Islamic,
            Religion::Reformist => Prestige::Reformist,
        }
    }
}

/// Token shapes that can be repressed or stand in a city.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TokenKind {
    Knight,
    Rook,
    /// A player's die (concession on a border, serf on an empire card).
    Pawn,
}

/// The nine ops with the parameters printed on their symbols [seed F, F1–F9].
#[derive(Debug, Clone, PartialEq, Eq, Hash, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
pub enum Op {
    /// F1, religious (light blue): move a bishop of this colour.
    Inquisitor { religion: Religion },
    /// F2, economic (light orange): take 1 florin from this market row.
    Commerce { market: Side },
    /// F3, political: discard a card with the same location.
    Behead,
    /// F4, political: tax a concession next to the location.
    Tax,
    /// F5, political: repress one token of one of these kinds from the location.
    Repress { targets: Vec<TokenKind> },
    /// F6, political: regime change in an empire of this side.
    Vote { side: Side },
    /// F7, military: move a pirate of this colour.
    Corsair { religion: Religion },
    /// F8, military: kill a rook, knight or pirate of any colour at the location.
    Siege,
    /// F9, military: only on King sides of empire cards.
    Campaign,
}

impl Op {
    pub fn name(&self) -> &'static str {
        match self {
            Op::Inquisitor { .. } => "Inquisitor",
            Op::Commerce { .. } => "Commerce",
            Op::Behead => "Behead",
            Op::Tax => "Tax",
            Op::Repress { .. } => "Repress",
            Op::Vote { .. } => "Vote",
            Op::Corsair { .. } => "Corsair",
            Op::Siege => "Siege",
            Op::Campaign => "Campaign",
        }
    }

    /// Only a religious op works on a card carrying a bishop [F, F1].
    pub fn religious(&self) -> bool {
        self.family() == OpFamily::Religious
    }

    /// The op's colour family; a bishop silences every op except religious ones [seed F1].
    pub fn family(&self) -> OpFamily {
        match self {
            Op::Inquisitor { .. } => OpFamily::Religious,
            Op::Commerce { .. } => OpFamily::Economic,
            Op::Behead | Op::Tax | Op::Repress { .. } | Op::Vote { .. } => OpFamily::Political,
            Op::Corsair { .. } | Op::Siege | Op::Campaign => OpFamily::Military,
        }
    }
}

/// Op colours [seed F].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OpFamily {
    Religious,
    Economic,
    Political,
    Military,
}

/// The five trade centres [seed B5, Glossar HANDELSZENTRUM].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TradeCentre {
    Trebizond,
    SpiceIslands,
    Tana,
    Novgorod,
    Timbuktu,
}

impl TradeCentre {
    pub const ALL: [TradeCentre; 5] = [
        TradeCentre::Trebizond,
        TradeCentre::SpiceIslands,
        TradeCentre::Tana,
        TradeCentre::Novgorod,
        TradeCentre::Timbuktu,
    ];
    /// Position in [`TradeCentre::ALL`] (the index of the uncovered centres).
    pub fn index(self) -> usize {
        self as usize
    }
    /// White centres feed the West fair, black ones the East fair [G2].
    pub fn fair(self) -> Side {
        map().trade_centre(self).colour.fair()
    }
    pub fn name(self) -> &'static str {
        match self {
            TradeCentre::Trebizond => "Trebizond",
            TradeCentre::SpiceIslands => "Spice Islands",
            TradeCentre::Tana => "Tana",
            TradeCentre::Novgorod => "Novgorod",
            TradeCentre::Timbuktu => "Timbuktu",
        }
    }
}

/// Colour of a trade route / trade centre / bankruptcy marker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RouteColour {
    /// West fairs [seed G2].
    White,
    /// East fairs [seed G2].
    Black,
}

impl RouteColour {
    /// The market row whose face-down card calls a fair on this route [seed E1 6./7.].
    pub fn fair(self) -> Side {
        match self {
            RouteColour::White => Side::West,
            RouteColour::Black => Side::East,
        }
    }
}

/// One-shots of the base game (bomb symbol) [seed B4, H–K].
#[derive(Debug, Clone, PartialEq, Eq, Hash, Deserialize)]
#[serde(tag = "one_shot", rename_all = "snake_case", deny_unknown_fields)]
pub enum OneShot {
    /// H1: move the bankruptcy marker that covers `opens` onto the uncovered
    /// centre of the same colour. Spice Islands needs a Discovery prestige
    /// already in the tableau and is permanent.
    TradeShift { opens: TradeCentre },
    /// I: marry the queen to one of these kings still in the empire stack.
    Coronation { suitors: Vec<Empire> },
    /// J1.
    Conspiracy,
    /// J2.
    PeasantRevolt,
    /// K1, Catholic.
    Crusade,
    /// K1, Reformist.
    ReformationWar,
    /// K1, Islamic.
    Jihad,
}

impl OneShot {
    /// A one-shot that fights a battle on a map card [J, K].
    pub fn is_war(&self) -> bool {
        matches!(
            self,
            OneShot::Conspiracy
                | OneShot::PeasantRevolt
                | OneShot::Crusade
                | OneShot::ReformationWar
                | OneShot::Jihad
        )
    }

    /// The religion of a religious war.
    pub fn war_religion(&self) -> Option<Religion> {
        match self {
            OneShot::Crusade => Some(Religion::Catholic),
            OneShot::ReformationWar => Some(Religion::Reformist),
            OneShot::Jihad => Some(Religion::Islamic),
            _ => None,
        }
    }
}

/// Special abilities (FÄHIGKEITEN), one variant per distinct effect [Glossar FÄHIGKEIT].
/// Active only in a tableau and while no bishop is on the card; cumulative.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Deserialize)]
#[serde(tag = "effect", rename_all = "snake_case", deny_unknown_fields)]
pub enum Ability {
    /// "Ritter von Rhodos": in crusades, rooks of `religion` in `empires` may be used as knights.
    CrusadeRooksAsKnights {
        religion: Religion,
        empires: Vec<Empire>,
    },
    /// "Kap der guten Hoffnung": the owner's concessions count double in trade fairs
    /// whose route starts at `centre`.
    DoubleConcessionsOnRoute { centre: TradeCentre },
    /// "Azteken Gold" / "Lösegeld": selling this card pays `florins` instead of 2.
    SellFor { florins: u8 },
    /// "Stadtwechsel" / "Druckerpresse": the owner has no hand limit.
    NoHandLimit,
    /// "Urbanisierung": a token of `religion` in `city` counts double in battles.
    DoubleInBattle { city: String, religion: Religion },
}

/// A card's ability: the typed effect plus its printed names.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardAbility {
    /// Printed (English) title, e.g. "Aztec Gold".
    pub name: String,
    /// German title as the seed translates it, e.g. "Azteken Gold".
    pub name_de: String,
    pub effect: Ability,
    /// Short English description of the effect (our words).
    pub description: String,
}

/// Agent token kinds shown on a card [seed B4, E2.2].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum AgentKind {
    /// Placed on a tableau card with the same location.
    #[serde(alias = "bishop")]
    Bishop,
    /// Placed in a city of the location.
    #[serde(alias = "knight")]
    Knight,
    /// Placed in a city of the location.
    #[serde(alias = "rook")]
    Rook,
    /// A rook placed on a sea border of the location.
    #[serde(alias = "pirate")]
    Pirate,
    /// A die of the active player placed on a border of the location.
    #[serde(alias = "pawn")]
    Pawn,
}

/// One agent token shown on a card: a coloured token, or a pawn (a die of
/// the active player's colour). Written `{kind, religion}`, `religion`
/// absent for pawns and required for the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "AgentFields", into = "AgentFields")]
pub enum Agent {
    Bishop(Religion),
    Knight(Religion),
    Rook(Religion),
    /// A rook placed on a sea border [Glossar: PIRAT].
    Pirate(Religion),
    Pawn,
}

impl Agent {
    pub fn kind(self) -> AgentKind {
        match self {
            Agent::Bishop(_) => AgentKind::Bishop,
            Agent::Knight(_) => AgentKind::Knight,
            Agent::Rook(_) => AgentKind::Rook,
            Agent::Pirate(_) => AgentKind::Pirate,
            Agent::Pawn => AgentKind::Pawn,
        }
    }
    /// The token colour; none for a pawn.
    pub fn religion(self) -> Option<Religion> {
        match self {
            Agent::Bishop(r) | Agent::Knight(r) | Agent::Rook(r) | Agent::Pirate(r) => Some(r),
            Agent::Pawn => None,
        }
    }
}

/// How an [`Agent`] is written.
#[derive(Clone, Copy, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct AgentFields {
    kind: AgentKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    religion: Option<Religion>,
}

impl TryFrom<AgentFields> for Agent {
    type Error = String;
    fn try_from(a: AgentFields) -> Result<Agent, String> {
        match (a.kind, a.religion) {
            (AgentKind::Pawn, None) => Ok(Agent::Pawn),
            (AgentKind::Bishop, Some(r)) => Ok(Agent::Bishop(r)),
            (AgentKind::Knight, Some(r)) => Ok(Agent::Knight(r)),
            (AgentKind::Rook, Some(r)) => Ok(Agent::Rook(r)),
            (AgentKind::Pirate, Some(r)) => Ok(Agent::Pirate(r)),
            (AgentKind::Pawn, Some(_)) => Err("a pawn agent has no colour".into()),
            (kind, None) => Err(format!("a {kind:?} agent needs a religion")),
        }
    }
}

impl From<Agent> for AgentFields {
    fn from(a: Agent) -> AgentFields {
        AgentFields {
            kind: a.kind(),
            religion: a.religion(),
        }
    }
}

/// The chess piece printed on a card [seed B4].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChessPiece {
    King,
    Queen,
    Knight,
    Rook,
    Pirate,
    Bishop,
    Pawn,
}

/// Kind of deck card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardKind {
    /// A personality or group played into a tableau.
    Tableau,
    /// Activates a victory card when bought [seed L1]; otherwise blank.
    Comet,
}

/// One East or West deck card.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    /// Stable slug, e.g. "flanders_guilds".
    pub id: String,
    /// Printed card number (the seed's glossary cites e.g. "Conquistadors (49)").
    pub number: u16,
    /// Whether `number` is stated by the seed (else inferred, see data/README.md).
    #[serde(default)]
    pub number_in_seed: bool,
    /// English card name (as the seed spells it where it names the card).
    pub name: String,
    /// German name where the seed gives one (the seed keeps most names in English).
    #[serde(default)]
    pub name_de: Option<String>,
    /// The exact spelling the seed uses where it names the card (may be OCR-damaged).
    #[serde(default)]
    pub seed_name: Option<String>,
    /// East or West deck (philosophy marker) [seed B4].
    pub deck: Side,
    pub kind: CardKind,
    /// Chess piece printed on the card; `None` for comets.
    #[serde(default)]
    pub piece: Option<ChessPiece>,
    /// ORT; `None` for queens and comets [Glossar ORT].
    #[serde(default)]
    pub location: Option<Location>,
    /// Agents placed when the card is played; empty for queens and comets.
    #[serde(default)]
    pub agents: Vec<Agent>,
    /// Prestige symbols (top right oval).
    #[serde(default)]
    pub prestige: Vec<Prestige>,
    /// Op row, left to right.
    #[serde(default)]
    pub ops: Vec<Op>,
    #[serde(default)]
    pub ability: Option<CardAbility>,
    #[serde(default)]
    pub one_shot: Option<OneShot>,
    /// Provenance remarks (correction against the source, uncertainty).
    #[serde(default)]
    pub note: Option<String>,
}

impl Card {
    pub fn is_comet(&self) -> bool {
        self.kind == CardKind::Comet
    }
    pub fn is_queen(&self) -> bool {
        self.piece == Some(ChessPiece::Queen)
    }
    /// The card's ability, if any (its effect).
    pub fn ability(&self) -> Option<&Ability> {
        self.ability.as_ref().map(|a| &a.effect)
    }
}

/// The East and West deck cards.
#[derive(Debug, Clone)]
pub struct Cards {
    /// All 92 deck cards ordered by printed number; index = [`CardId`].
    pub all: Vec<Card>,
}

impl Cards {
    pub fn get(&self, ix: CardId) -> &Card {
        &self.all[ix as usize]
    }
    pub fn ix(&self, id: &str) -> Option<CardId> {
        self.all
            .iter()
            .position(|c| c.id == id)
            .map(|i| i as CardId)
    }
    pub fn by_id(&self, id: &str) -> Option<&Card> {
        self.all.iter().find(|c| c.id == id)
    }
    pub fn by_number(&self, number: u16) -> Option<&Card> {
        self.all.iter().find(|c| c.number == number)
    }
    /// Indices of the non-comet cards of a deck.
    pub fn deck(&self, deck: Side) -> Vec<CardId> {
        self.ixs(|c| c.deck == deck && !c.is_comet())
    }
    /// Indices of the two comets of a deck.
    pub fn comets(&self, deck: Side) -> Vec<CardId> {
        self.ixs(|c| c.deck == deck && c.is_comet())
    }
    fn ixs(&self, f: impl Fn(&Card) -> bool) -> Vec<CardId> {
        self.all
            .iter()
            .enumerate()
            .filter(|(_, c)| f(c))
            .map(|(i, _)| i as CardId)
            .collect()
    }
}

/// One side of an empire card.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EmpireSide {
    /// Ruler (King) or institution (Republic) named on the side.
    pub name: String,
    #[serde(default)]
    pub ops: Vec<Op>,
    #[serde(default)]
    pub prestige: Vec<Prestige>,
}

/// A double-sided empire card [seed B3]. Location = its own map card.
/// Each side shows one pawn agent (the regime-change concession).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EmpireCard {
    pub empire: Empire,
    pub king: EmpireSide,
    pub republic: EmpireSide,
    #[serde(default)]
    pub note: Option<String>,
}

/// The four victories [seed L3–L6].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Victory {
    Holy,
    Imperial,
    Globalization,
    Renaissance,
}

/// A victory card (inactive side up at setup, flipped by a comet) [seed B6, L1].
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictoryCard {
    pub victory: Victory,
    /// German name in the seed, e.g. "Heiliger Sieg".
    pub name_de: String,
    pub name: String,
    /// Figure the seed names in the heading, e.g. "Torquemada".
    pub figure: String,
    /// Seed section with the condition.
    pub section: String,
    /// Our one-line statement of the condition.
    pub condition: String,
}

/// The four banks [seed C2].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bank {
    Fugger,
    Medici,
    Coeur,
    Marchionni,
}

/// Player (die) colours [seed B1, C2].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayerColour {
    Yellow,
    Orange,
    Green,
    Blue,
}

impl PlayerColour {
    pub fn name(self) -> &'static str {
        match self {
            PlayerColour::Yellow => "yellow",
            PlayerColour::Orange => "orange",
            PlayerColour::Green => "green",
            PlayerColour::Blue => "blue",
        }
    }
}

/// A player card [seed B2, C2, C3, C7]. No location, no ops, bishops never enter it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerCard {
    pub bank: Bank,
    /// As in the seed, e.g. "Die Fugger Bank".
    pub name_de: String,
    pub name: String,
    pub colour: PlayerColour,
    /// Border id of the starting concession (crest).
    pub starting_concession: String,
    /// That border's index (resolved at load).
    #[serde(skip)]
    pub border: BorderId,
    /// Name of the crest spot, e.g. "Augsburg".
    pub concession_name: String,
    /// Fugger always starts when in the game [seed C7].
    #[serde(default)]
    pub always_first: bool,
}

/// Which face of a map card (medieval, or a theocracy of a religion) [seed B5].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MapFace {
    Medieval,
    Catholic,
    Islamic,
    Reformist,
}

impl MapFace {
    pub fn religion(self) -> Option<Religion> {
        match self {
            MapFace::Medieval => None,
            MapFace::Catholic => Some(Religion::Catholic),
            MapFace::Islamic => Some(Religion::Islamic),
            MapFace::Reformist => Some(Religion::Reformist),
        }
    }
    pub fn theocracy(religion: Religion) -> MapFace {
        match religion {
            Religion::Catholic => MapFace::Catholic,
            Religion::Islamic => MapFace::Islamic,
            Religion::Reformist => MapFace::Reformist,
        }
    }
}

/// The chess shape of a map token: a city symbol, a levy, a token on the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Shape {
    #[serde(alias = "knight")]
    Knight,
    #[serde(alias = "rook")]
    Rook,
}

/// A knight or rook of a religion colour: a city symbol [Glossar STADT,
/// ABGABE] and a token on the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Piece {
    pub shape: Shape,
    pub religion: Religion,
}

/// A city on a map card. Present on both faces at the same place [seed K2];
/// its symbol may differ per face. `front`/`back` hold one symbol per token
/// slot (Constantinople has three slots [seed C4, G4]).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct City {
    /// Slug, e.g. "constantinople".
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub name_de: Option<String>,
    pub empire: Empire,
    /// Printed in capitals; starts with the token(s) of its front symbol(s) [seed C4].
    #[serde(default)]
    pub capital: bool,
    /// Set when the city is a trade centre (star) [seed B5].
    #[serde(default)]
    pub trade_centre: Option<TradeCentre>,
    /// Symbols on the starting face, one per slot.
    pub front: Vec<Piece>,
    /// Symbols on the other face, one per slot (same length as `front`).
    pub back: Vec<Piece>,
}

impl City {
    /// Number of tokens the city holds (3 for Constantinople, else 1).
    pub fn capacity(&self) -> usize {
        self.front.len()
    }
    /// The symbols of the face showing (`flipped`: the back) [B5].
    pub fn symbols(&self, flipped: bool) -> &[Piece] {
        if flipped { &self.back } else { &self.front }
    }
}

/// Map row [seed C1].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Row {
    North,
    South,
}

/// One double-sided map card (GEBIETSKARTE) [seed B5, C1].
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapCard {
    pub empire: Empire,
    pub name: String,
    /// German name as in the seed, e.g. "Vatikanstaat".
    pub name_de: String,
    pub row: Row,
    /// 0 (west) ..= 4 (east).
    pub column: u8,
    /// Face up at setup (medieval, except Papal States and Mamluk).
    pub front: MapFace,
    /// The other face: always a theocracy.
    pub back: MapFace,
    /// Whether `back` is stated by the seed (else inferred, see data/README.md).
    #[serde(default)]
    pub back_in_seed: bool,
    /// City slugs on this card (see [`Map::cities`]).
    pub cities: Vec<String>,
    /// Those cities' ids (resolved at load).
    #[serde(skip)]
    pub city_ids: Vec<CityId>,
    /// The ids of the borders of this card (resolved at load).
    #[serde(skip)]
    pub border_ids: Vec<BorderId>,
}

impl MapCard {
    /// The theocracy of the face showing, if any (`flipped`: the back) [B5].
    pub fn theocracy(&self, flipped: bool) -> Option<Religion> {
        if flipped {
            self.back.religion()
        } else {
            self.front.religion()
        }
    }
}

/// A border (gap between two orthogonally neighbouring map cards) [seed C1, Glossar GRENZE].
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Border {
    /// Slug, e.g. "england_france".
    pub id: String,
    pub between: [Empire; 2],
    /// Crossed by an active or inactive trade route (may hold pirates) [seed E2.2].
    pub sea: bool,
}

/// A trade centre and its starting state [seed B5, C1, H1].
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TradeCentreInfo {
    pub centre: TradeCentre,
    /// City slug where the star is.
    pub city: String,
    /// That city's id (resolved at load).
    #[serde(skip)]
    pub city_id: CityId,
    pub colour: RouteColour,
    /// Uncovered at setup (Trebizond, Tana) [seed C1].
    pub active_at_start: bool,
}

/// A trade route: map cards from the trade centre's card to the arrowhead,
/// and the sea border crossed between consecutive cards [seed G2–G5].
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TradeRoute {
    pub centre: TradeCentre,
    pub colour: RouteColour,
    /// Map cards in voyage order; first = the centre's card, last = the arrowhead's.
    pub empires: Vec<Empire>,
    /// Border slugs crossed; `borders[i]` lies between `empires[i]` and `empires[i + 1]`.
    pub borders: Vec<String>,
    #[serde(default)]
    pub note: Option<String>,
    /// Those borders' ids (resolved at load).
    #[serde(skip)]
    pub border_ids: Vec<BorderId>,
}

/// The map: 10 map cards in a 2 × 5 grid, their cities, borders, trade centres and routes.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Map {
    pub map_cards: Vec<MapCard>,
    pub cities: Vec<City>,
    pub borders: Vec<Border>,
    pub trade_centres: Vec<TradeCentreInfo>,
    pub routes: Vec<TradeRoute>,
}

impl Map {
    /// The map card of an empire (the cards are listed in [`Empire::ALL`] order).
    pub fn card(&self, e: Empire) -> &MapCard {
        &self.map_cards[e.index()]
    }
    pub fn city(&self, id: &str) -> Option<&City> {
        self.cities.iter().find(|c| c.id == id)
    }
    /// The id of a city slug.
    pub fn city_id(&self, id: &str) -> Option<CityId> {
        self.cities
            .iter()
            .position(|c| c.id == id)
            .map(|i| i as CityId)
    }
    /// The id of a border slug.
    pub fn border_id(&self, id: &str) -> Option<BorderId> {
        self.borders
            .iter()
            .position(|b| b.id == id)
            .map(|i| i as BorderId)
    }
    pub fn cities_of(&self, e: Empire) -> impl Iterator<Item = &City> {
        self.cities.iter().filter(move |c| c.empire == e)
    }
    pub fn border(&self, id: &str) -> Option<&Border> {
        self.borders.iter().find(|b| b.id == id)
    }
    /// The border between two map cards, if they share one.
    pub fn border_between(&self, a: Empire, b: Empire) -> Option<&Border> {
        self.borders
            .iter()
            .find(|x| (x.between == [a, b]) || (x.between == [b, a]))
    }
    /// Borders of a map card.
    pub fn borders_of(&self, e: Empire) -> impl Iterator<Item = &Border> {
        self.borders.iter().filter(move |b| b.between.contains(&e))
    }
    /// BENACHBART: shares a border or lies diagonally [Glossar BENACHBART, F9].
    pub fn adjacent(&self, a: Empire, b: Empire) -> bool {
        let (x, y) = (self.card(a), self.card(b));
        a != b && x.column.abs_diff(y.column) <= 1 && (x.row != y.row || x.column != y.column)
    }
    /// [`Map::adjacent`] by ids.
    pub fn adjacent_ids(&self, a: MapId, b: MapId) -> bool {
        a != b && self.adjacent(Empire::ALL[a as usize], Empire::ALL[b as usize])
    }
    /// The city holding a trade centre.
    pub fn centre_city(&self, c: TradeCentre) -> CityId {
        self.trade_centre(c).city_id
    }
    /// All empires adjacent to `e`.
    pub fn neighbours(&self, e: Empire) -> Vec<Empire> {
        Empire::ALL
            .into_iter()
            .filter(|o| self.adjacent(e, *o))
            .collect()
    }
    pub fn trade_centre(&self, c: TradeCentre) -> &TradeCentreInfo {
        self.trade_centres
            .iter()
            .find(|t| t.centre == c)
            .expect("every trade centre is listed")
    }
    pub fn route(&self, c: TradeCentre) -> &TradeRoute {
        self.routes
            .iter()
            .find(|r| r.centre == c)
            .expect("every trade centre has a route")
    }
}

/// Token counts per religion colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerReligion {
    pub catholic: u8,
    pub islamic: u8,
    pub reformist: u8,
}

impl PerReligion {
    pub fn get(&self, r: Religion) -> u8 {
        match r {
            Religion::Catholic => self.catholic,
            Religion::Islamic => self.islamic,
            Religion::Reformist => self.reformist,
        }
    }
}

/// Bankruptcy markers per colour [seed B1, C1].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerColour {
    pub white: u8,
    pub black: u8,
}

/// The seed's numeric constants (`data/game.json`), each with its section.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameConstants {
    pub min_players: u8,
    pub max_players: u8,
    /// Florins by seat in turn order, starting player first [C7].
    pub starting_florins: Vec<u8>,
    /// Each deck: this many random cards with the two comets shuffled in, at the bottom [C5].
    pub deck_bottom_cards: u8,
    /// Plus this many cards per player on top [C5].
    pub deck_cards_per_player: u8,
    /// Cards per market row, the first face down [C6].
    pub market_row_size: u8,
    /// [E1, Glossar HAND].
    pub hand_limit: u8,
    /// [E3].
    pub sell_florins: u8,
    /// A crowned pair is sold together [E3].
    pub crowned_pair_sell_florins: u8,
    /// Florins China adds to a fair's profits, for 2, 3, 4 players [G1].
    pub fair_bonus_by_players: [u8; 3],
    /// The initiator's florin at the trade centre (0 in the bankruptcy variant) [G2, G6].
    pub fair_initiator_florins: u8,
    /// Kings needed beyond the best opponent, for 2, 3, 4 players [L4].
    pub imperial_margin_by_players: [u8; 3],
    /// Concessions beyond the best opponent [L5].
    pub globalization_concession_margin: u8,
    /// Law prestige beyond the best opponent [L6].
    pub renaissance_law_margin: u8,
    /// Expert variant: random West cards moved into the East deck [N1].
    pub expert_west_cards_to_east: u8,
    /// [B1, Glossar SPIELSTEIN-VERWALTUNG].
    pub pawns_per_player: u8,
    pub bishops_per_religion: u8,
    pub rooks: PerReligion,
    pub knights: PerReligion,
    pub bankruptcy_markers: PerColour,
}

impl GameConstants {
    fn by_players(table: &[u8; 3], players: usize) -> u8 {
        table[players.clamp(2, 4) - 2]
    }
    /// [G1].
    pub fn fair_bonus(&self, players: usize) -> u8 {
        Self::by_players(&self.fair_bonus_by_players, players)
    }
    /// [L4].
    pub fn imperial_margin(&self, players: usize) -> u8 {
        Self::by_players(&self.imperial_margin_by_players, players)
    }
    /// Cards in one draw deck at setup, comets included [C5].
    pub fn deck_size(&self, players: usize) -> usize {
        self.deck_bottom_cards as usize + 2 + self.deck_cards_per_player as usize * players
    }
}

/// Everything, loaded once.
#[derive(Debug, Clone)]
pub struct Data {
    pub cards: Cards,
    pub empire_cards: Vec<EmpireCard>,
    pub victory_cards: Vec<VictoryCard>,
    pub player_cards: Vec<PlayerCard>,
    pub map: Map,
    pub constants: GameConstants,
}

fn parse<T: for<'de> Deserialize<'de>>(name: &str, text: &str) -> Result<T, String> {
    serde_json::from_str(text).map_err(|e| format!("{name}: {e}"))
}

/// Parses and validates the embedded data files, then resolves every
/// reference by slug to an index.
pub fn load() -> Result<Data, String> {
    let all: Vec<Card> = parse("cards.json", include_str!("../data/cards.json"))?;
    let empire_cards = parse("empires.json", include_str!("../data/empires.json"))?;
    let victory_cards = parse("victories.json", include_str!("../data/victories.json"))?;
    let player_cards = parse("players.json", include_str!("../data/players.json"))?;
    let map = parse("map.json", include_str!("../data/map.json"))?;
    let constants = parse("game.json", include_str!("../data/game.json"))?;
    let mut data = Data {
        cards: Cards { all },
        empire_cards,
        victory_cards,
        player_cards,
        map,
        constants,
    };
    validate(&data)?;
    resolve(&mut data);
    Ok(data)
}

/// Fill in the ids of what the files name by slug ([`validate`] checked
/// that every slug names something).
fn resolve(d: &mut Data) {
    let m = &mut d.map;
    let city_ids: Vec<Vec<CityId>> = m
        .map_cards
        .iter()
        .map(|mc| mc.cities.iter().map(|c| city_of(&m.cities, c)).collect())
        .collect();
    for (i, mc) in m.map_cards.iter_mut().enumerate() {
        mc.city_ids = city_ids[i].clone();
        mc.border_ids = (0..m.borders.len())
            .filter(|&b| m.borders[b].between.contains(&mc.empire))
            .map(|b| b as BorderId)
            .collect();
    }
    for t in m.trade_centres.iter_mut() {
        t.city_id = city_of(&m.cities, &t.city);
    }
    for r in m.routes.iter_mut() {
        r.border_ids = r.borders.iter().map(|b| border_of(&m.borders, b)).collect();
    }
    for p in d.player_cards.iter_mut() {
        p.border = border_of(&m.borders, &p.starting_concession);
    }
}

fn city_of(cities: &[City], id: &str) -> CityId {
    cities
        .iter()
        .position(|c| c.id == id)
        .expect("validated city") as CityId
}

fn border_of(borders: &[Border], id: &str) -> BorderId {
    borders
        .iter()
        .position(|b| b.id == id)
        .expect("validated border") as BorderId
}

struct Errors(Vec<String>);

impl Errors {
    fn check(&mut self, ok: bool, msg: impl FnOnce() -> String) {
        if !ok {
            self.0.push(msg());
        }
    }
}

impl fmt::Display for Errors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.join("; "))
    }
}

/// Structural checks (the data tests check the facts).
fn validate(d: &Data) -> Result<(), String> {
    let mut e = Errors(Vec::new());
    let cards = &d.cards.all;
    let ids: BTreeSet<&str> = cards.iter().map(|c| c.id.as_str()).collect();
    e.check(ids.len() == cards.len(), || {
        "card ids are not unique".into()
    });
    e.check(cards.windows(2).all(|w| w[0].number < w[1].number), || {
        "cards not ordered by unique number".into()
    });
    e.check(cards.len() <= CardId::MAX as usize, || {
        "too many cards for a CardId".into()
    });
    for c in cards {
        if c.is_comet() {
            e.check(
                c.piece.is_none() && c.location.is_none() && c.agents.is_empty(),
                || format!("comet {} carries card features", c.id),
            );
            e.check(
                c.ops.is_empty()
                    && c.prestige.is_empty()
                    && c.ability.is_none()
                    && c.one_shot.is_none(),
                || format!("comet {} carries card features", c.id),
            );
            continue;
        }
        e.check(c.piece.is_some(), || format!("{}: no chess piece", c.id));
        e.check(!c.ops.contains(&Op::Campaign), || {
            format!("{}: Campaign is only on King sides", c.id)
        });
        let queen = c.is_queen();
        e.check(
            queen == matches!(c.one_shot, Some(OneShot::Coronation { .. })),
            || format!("{}: queens and only queens have Coronation", c.id),
        );
        e.check(queen == c.location.is_none(), || {
            format!("{}: queens and only queens lack a location", c.id)
        });
        e.check(queen == c.agents.is_empty(), || {
            format!("{}: queens and only queens place no agents", c.id)
        });
        // (A pawn agent without a colour, and only a pawn: checked by its type.)
        let kind = match c.piece {
            Some(ChessPiece::Bishop) => Some(AgentKind::Bishop),
            Some(ChessPiece::Knight) => Some(AgentKind::Knight),
            Some(ChessPiece::Rook) => Some(AgentKind::Rook),
            Some(ChessPiece::Pirate) => Some(AgentKind::Pirate),
            Some(ChessPiece::Pawn) => Some(AgentKind::Pawn),
            _ => None,
        };
        if let Some(kind) = kind {
            e.check(c.agents.iter().all(|a| a.kind() == kind), || {
                format!("{}: agents do not match the chess piece", c.id)
            });
        }
        if let Some(Ability::DoubleInBattle { city, .. }) = c.ability() {
            e.check(d.map.city(city).is_some(), || {
                format!("{}: unknown city {city}", c.id)
            });
        }
        if let Some(OneShot::Coronation { suitors }) = &c.one_shot {
            e.check(!suitors.is_empty(), || format!("{}: no suitors", c.id));
        }
        for o in &c.ops {
            if let Op::Repress { targets } = o {
                e.check(!targets.is_empty(), || {
                    format!("{}: repress without targets", c.id)
                });
            }
        }
    }
    e.check(d.empire_cards.len() == 10, || {
        "expected 10 empire cards".into()
    });
    e.check(
        d.empire_cards.iter().map(|x| x.empire).eq(Empire::ALL),
        || "empire cards not in grid order".into(),
    );
    for emp in Empire::ALL {
        e.check(
            d.empire_cards.iter().filter(|x| x.empire == emp).count() == 1,
            || format!("empire card {emp:?}"),
        );
    }
    for x in &d.empire_cards {
        e.check(x.king.ops.contains(&Op::Campaign), || {
            format!("{:?} King lacks Campaign", x.empire)
        });
        e.check(!x.republic.ops.contains(&Op::Campaign), || {
            format!("{:?} Republic has Campaign", x.empire)
        });
    }
    e.check(d.victory_cards.len() == 4, || {
        "expected 4 victory cards".into()
    });
    e.check(d.player_cards.len() == 4, || {
        "expected 4 player cards".into()
    });
    let k = &d.constants;
    e.check(k.starting_florins.len() == k.max_players as usize, || {
        "a starting amount per seat".into()
    });
    let m = &d.map;
    e.check(m.map_cards.len() == 10, || "expected 10 map cards".into());
    e.check(m.map_cards.iter().map(|x| x.empire).eq(Empire::ALL), || {
        "map cards not in grid order".into()
    });
    e.check(m.cities.len() <= CityId::MAX as usize, || {
        "too many cities for a CityId".into()
    });
    e.check(m.borders.len() <= BorderId::MAX as usize, || {
        "too many borders for a BorderId".into()
    });
    for emp in Empire::ALL {
        e.check(
            m.map_cards.iter().filter(|x| x.empire == emp).count() == 1,
            || format!("map card {emp:?}"),
        );
    }
    for mc in &m.map_cards {
        e.check(mc.back != MapFace::Medieval && mc.front != mc.back, || {
            format!("{:?}: faces", mc.empire)
        });
        for cid in &mc.cities {
            e.check(m.city(cid).is_some_and(|c| c.empire == mc.empire), || {
                format!("{:?}: city {cid}", mc.empire)
            });
        }
    }
    let city_ids: BTreeSet<&str> = m.cities.iter().map(|c| c.id.as_str()).collect();
    e.check(city_ids.len() == m.cities.len(), || {
        "city ids are not unique".into()
    });
    for c in &m.cities {
        e.check(!c.front.is_empty() && c.front.len() == c.back.len(), || {
            format!("city {}: slots", c.id)
        });
        e.check(m.card(c.empire).cities.contains(&c.id), || {
            format!("city {} not listed on its card", c.id)
        });
    }
    let border_ids: BTreeSet<&str> = m.borders.iter().map(|b| b.id.as_str()).collect();
    e.check(border_ids.len() == m.borders.len(), || {
        "border ids are not unique".into()
    });
    for p in &d.player_cards {
        e.check(m.border(&p.starting_concession).is_some(), || {
            format!("{:?}: unknown border", p.bank)
        });
    }
    for r in &m.routes {
        e.check(r.borders.len() + 1 == r.empires.len(), || {
            format!("route {:?}: length", r.centre)
        });
        for b in &r.borders {
            e.check(m.border(b).is_some(), || {
                format!("route {:?}: unknown border {b}", r.centre)
            });
        }
    }
    for t in &m.trade_centres {
        e.check(
            m.city(&t.city)
                .is_some_and(|c| c.trade_centre == Some(t.centre)),
            || format!("trade centre {:?}", t.centre),
        );
    }
    if e.0.is_empty() {
        Ok(())
    } else {
        Err(e.to_string())
    }
}

/// All data, parsed and validated on first use.
pub fn data() -> &'static Data {
    static DATA: OnceLock<Data> = OnceLock::new();
    DATA.get_or_init(|| load().expect("the crate's data files are valid"))
}

pub fn cards() -> &'static Cards {
    &data().cards
}

pub fn empire_cards() -> &'static [EmpireCard] {
    &data().empire_cards
}

/// The empire card of an empire (the cards are listed in [`Empire::ALL`] order).
pub fn empire_card(e: Empire) -> &'static EmpireCard {
    &data().empire_cards[e.index()]
}

/// The empire card of an empire id.
pub fn empire_card_of(m: MapId) -> &'static EmpireCard {
    &data().empire_cards[m as usize]
}

/// A deck card by id.
pub fn card(c: CardId) -> &'static Card {
    cards().get(c)
}

/// A map card by empire id.
pub fn map_card(m: MapId) -> &'static MapCard {
    &map().map_cards[m as usize]
}

/// A city by id.
pub fn city(c: CityId) -> &'static City {
    &map().cities[c as usize]
}

/// A border by id.
pub fn border(b: BorderId) -> &'static Border {
    &map().borders[b as usize]
}

pub fn victory_cards() -> &'static [VictoryCard] {
    &data().victory_cards
}

pub fn player_cards() -> &'static [PlayerCard] {
    &data().player_cards
}

pub fn map() -> &'static Map {
    &data().map
}

pub fn constants() -> &'static GameConstants {
    &data().constants
}
