//! Game state, moves and events.

use serde::{Deserialize, Serialize};
use signoria_engine::Seat;

pub use crate::data::{
    Agent, BorderId, CardId, CityId, MapId, Piece, Religion, Shape, Side, TradeCentre,
};

/// Per-game options [C5, G6, N1].
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// "Astrology": both draw decks lie face up [C5].
    pub astrology: bool,
    /// Bankruptcy variant [G6].
    pub bankruptcy: bool,
    /// Expert variant [N1].
    pub expert: bool,
}

/// A token on a border [Glossar: GRENZE].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BorderToken {
    Concession(Seat),
    Pirate(Religion),
}

/// A repressed token on an empire card [Glossar: UNTERDRÜCKTE SPIELSTEINE].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Token {
    Piece(Piece),
    /// A serf: a die of that seat's colour.
    Serf(Seat),
}

/// Which face of an empire card is up [B3].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Face {
    King,
    Republic,
}

/// Where an empire card is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EmpireState {
    /// None = in the empire stack.
    pub owner: Option<Seat>,
    pub face: Face,
    /// Suzerain's empire when this empire is a vassal [Glossar: VASALL].
    pub suzerain: Option<MapId>,
    /// Crowned queen [I1].
    pub queen: Option<CardId>,
    pub repressed: Vec<Token>,
}

/// A member of a tableau: a tableau card or an empire card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Member {
    Card(CardId),
    Empire(MapId),
}

/// One tableau position: a card, or an empire with its queen and vassals
/// (one card for bishops [I1, Glossar: VASALL]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slot {
    pub root: Member,
    pub bishop: Option<Religion>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub bank: u8,
    pub florins: i64,
    pub hand: Vec<CardId>,
    /// Index 0 = East, 1 = West; each from the player card outward [C3].
    pub tableau: [Vec<Slot>; 2],
    /// Unmarried queens under the player card [I2].
    pub spinsters: Vec<CardId>,
    /// Dice in the supply.
    pub dice: u8,
    pub eliminated: bool,
}

/// A market card with the florins on it [C6, E1].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarketCard {
    pub card: CardId,
    pub florins: i64,
    /// Received a florin this turn: not buyable [E1].
    pub fresh: bool,
}

/// A participant in a battle [Glossar: SCHLACHT].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Fighter {
    /// An agent of the played card (beside the map) [J1, K1].
    Agent(Piece),
    AgentPawn,
    /// A token in a city.
    City(CityId, Piece),
    /// A pirate or concession on a border.
    Border(BorderId),
    /// A repressed token of the target empire.
    Repressed(Token),
}

/// Kinds of battle [Battle table].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum War {
    Campaign,
    Conspiracy,
    PeasantRevolt,
    Religious(Religion),
}

/// Why a regime change happens; decides the empire's new place [Glossar: REGIMEWECHSEL].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cause {
    Coronation(CardId),
    Vote,
    /// Campaign by the attacking empire.
    Campaign(MapId),
    War(War),
}

/// A pending piece of work: the frame of the engine's decision stack
/// ([`crate::frames`] says who decides each and what it asks). `Turn` lies at
/// the bottom while the game runs; the stack is empty once it is over.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Task {
    /// The active player's choice of action [D1].
    Turn,
    /// An ops action in progress: members that already acted [E4].
    Ops { side: Side, used: Vec<Member> },
    /// A comet was bought: activate a victory card [L1].
    ActivateVictory,
    /// Over the hand limit: discard [E1].
    DiscardHand { seat: Seat },
    /// Agents of a played card still to place [E2.2].
    Agents {
        card: CardId,
        map: Option<MapId>,
        agents: Vec<Agent>,
    },
    /// A bishop arrived on an empire group holding repressed tokens [F1].
    Pacify { member: Member },
    /// The owner of a taxed concession decides [F4].
    TaxResponse {
        victim: Seat,
        border: BorderId,
        map: MapId,
    },
    /// A levy to place on a map card [F4, G4], chosen by `by` (None: the
    /// active player, who called the fair [G4]; a tax levy is placed by the
    /// taxed concession's owner [F4], RULINGS R-13).
    Levy { map: MapId, by: Option<Seat> },
    /// Knights Hospitaller: the active player may use the white rooks next door
    /// as knights in this crusade [Glossar: FÄHIGKEIT "darfst"] (RULINGS R-48).
    JoinRooks { rooks: Vec<Fighter> },
    /// A token was placed in card play from the repressed tokens (the supply
    /// being out): the player names the empire card it came from
    /// [Glossar: SPIELSTEIN-VERWALTUNG "irgendeinen"] (RULINGS R-53), one of
    /// `from`, the cards holding such a token when it was needed.
    Substitute { token: Token, from: Vec<MapId> },
    /// A war whose committed agents are taken (some from repressed tokens the
    /// player is still naming); the battle starts when they are.
    StartWar {
        card: CardId,
        map: MapId,
        agents: Vec<Agent>,
    },
    /// Battle casualties still to choose on one side [Glossar: SCHLACHT].
    Casualties { attackers: bool, count: u8 },
    /// Battle survivors still to place.
    Survivors,
    /// Conspiracy theocracy flip choice [J1].
    TheocracyFlip { map: MapId },
    /// Regime change step A, automatic [Glossar: REGIMEWECHSEL].
    Regime { map: MapId, cause: Cause },
    /// Regime change step B: optional concession [Glossar: REGIMEWECHSEL].
    Concession { map: MapId },
    /// Regime change step C: optional liberation.
    Liberate { map: MapId },
}

/// A battle in progress [Glossar: SCHLACHT].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    pub war: War,
    pub map: MapId,
    pub attackers: Vec<Fighter>,
    pub defenders: Vec<Fighter>,
    /// Attackers that survived and must be placed.
    pub survivors: Vec<Fighter>,
    pub cause: Cause,
}

/// Per-turn bookkeeping [D1].
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnState {
    pub actions_left: u8,
    pub ops_done: [bool; 2],
    pub fair_done: [bool; 2],
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub options: Options,
    pub players: Vec<Player>,
    pub active: Seat,
    pub turn: TurnState,
    /// Index 0 = East row, 1 = West row; column 0 is the face-down fair card [C6].
    pub market: [Vec<Option<MarketCard>>; 2],
    /// Fair profits left on an empty fair slot [G5].
    pub leftover: [i64; 2],
    /// Draw decks, top = last [C5].
    pub decks: [Vec<CardId>; 2],
    /// Cards set aside at setup, never seen [C5].
    pub set_aside: Vec<CardId>,
    pub discards: Vec<CardId>,
    /// Cards that left a hand by discard or sale: out of the game, never shown (hands are secret).
    pub hand_discards: Vec<CardId>,
    pub empires: Vec<EmpireState>,
    /// Map cards turned to their back side [B5].
    pub flipped: Vec<bool>,
    pub cities: Vec<Vec<Piece>>,
    pub borders: Vec<Option<BorderToken>>,
    /// Uncovered trade centres, by index of [`TradeCentre::ALL`] [C1].
    pub uncovered: [bool; 5],
    /// The Spice Islands shift is permanent [H1].
    pub spice_locked: bool,
    pub victory_active: [bool; 4],
    /// Knights, rooks and bishops in supply: [religion][knight, rook, bishop].
    pub supply: [[u8; 3]; 3],
    pub china: i64,
    /// The decision stack, bottom first; empty once the game is over.
    pub stack: Vec<Task>,
    pub battle: Option<Battle>,
    /// Set when the game ends [L2-L6, G6].
    pub winner: Option<Winner>,
    /// Moves made so far.
    pub moves: u32,
}

/// How the game ended [L2-L6].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Winner {
    Declared {
        seat: Seat,
        victory: u8,
    },
    /// Decks ran out: most Patron prestige, then florins [L2].
    Patron {
        seats: Vec<Seat>,
    },
}

/// Names of the victory cards, by index [L3-L6].
pub const VICTORIES: [&str; 5] = [
    "Holy",
    "Imperial",
    "Globalization",
    "Renaissance",
    "last banker standing",
];

/// Token limits [Glossar: SPIELSTEIN-VERWALTUNG]: knights, rooks, bishops per religion.
/// By religion index: [knights, rooks, bishops], from `data/game.json`.
pub fn limits() -> [[u8; 3]; 3] {
    let k = crate::data::constants();
    Religion::ALL.map(|r| [k.knights.get(r), k.rooks.get(r), k.bishops_per_religion])
}

/// Dice per player [B1].
pub fn dice() -> u8 {
    crate::data::constants().pawns_per_player
}
/// The bank's florins at the start; florins are unlimited [Glossar: FLORINE], so
/// China starts large and never runs dry in practice.
pub const CHINA_START: i64 = 100_000;

/// A destination for an agent, a survivor or a liberated token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Spot {
    City(CityId),
    /// A full city: the occupant named is repressed [E2.2, E-19].
    Replace(CityId, Piece),
    Border(BorderId),
    /// A tableau position, named by its root member (bishops).
    Tableau(Member),
}

/// An op's target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Target {
    /// Inquisitor: the bishop on `from` moves to `to`.
    Bishop { from: Member, to: Member },
    /// Commerce: a market card.
    Market { row: Side, col: u8 },
    /// Behead: a tableau card.
    Card(Member),
    /// Tax: a concession; the map is the taxing card.
    Tax { border: BorderId, map: MapId },
    /// Repress/Siege: a city token.
    City(CityId, Piece),
    /// Repress a concession (the map names the empire that receives it) or Siege a pirate.
    Border { border: BorderId, map: MapId },
    /// Vote: an empire.
    Empire(MapId),
    /// Corsair.
    Corsair { from: BorderId, to: BorderId },
    /// Campaign: the target map card.
    Map(MapId),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Move {
    // -- actions [D1]
    Buy {
        row: Side,
        col: u8,
    },
    /// Play a hand card; `oneshot` announces the one-shot [E2]; `map` picks the
    /// map card for a "The East"/"The West" card [Glossar: ORT].
    Play {
        card: CardId,
        oneshot: bool,
        map: Option<MapId>,
    },
    /// Play a queen and crown her with an empire from the stack [I].
    Crown {
        card: CardId,
        empire: MapId,
    },
    Sell {
        member: Member,
    },
    /// Sell a card from hand [E3].
    SellHand {
        card: CardId,
    },
    Ops {
        side: Side,
    },
    TradeFair {
        row: Side,
    },
    DeclareVictory {
        victory: u8,
    },
    /// Give up the remaining actions of the turn [A2].
    EndTurn,
    // -- inside an ops action [E4]
    Op {
        member: Member,
        op: u8,
        target: Target,
    },
    EndOps,
    // -- sub-decisions
    ActivateVictory {
        victory: u8,
    },
    Discard {
        card: CardId,
    },
    /// The first agent still to place [E2.2].
    PlaceAgent {
        spot: Spot,
    },
    /// Another agent still to place, by its index among them: the seed sets
    /// no order among a card's agents [E2.2].
    PlaceOtherAgent {
        agent: u8,
        spot: Spot,
    },
    /// Do not place the first agent still to place.
    SkipAgent,
    /// Kill a repressed token of the group the bishop entered (or none);
    /// `empire` names the empire card when several cards of the group hold
    /// that kind of token [F1, Glossar: VASALL], else None.
    Pacify {
        token: Option<Token>,
        #[serde(default)]
        empire: Option<MapId>,
    },
    PayTax,
    RefuseTax,
    Levy {
        city: CityId,
    },
    /// The empire card whose repressed token stands in for one out of supply.
    TakeRepressed {
        empire: MapId,
    },
    /// Knights Hospitaller: use the white rooks as knights in this crusade, or not.
    JoinRooks {
        join: bool,
    },
    Casualty {
        fighter: Fighter,
    },
    /// A surviving attacker (agent or repressed token) to a free spot of the
    /// conquered map card; the player picks which one (RULINGS R-52).
    PlaceSurvivor {
        fighter: Fighter,
        spot: Spot,
    },
    FlipMap {
        flip: bool,
    },
    Concession {
        border: Option<BorderId>,
    },
    Liberate {
        token: Token,
        spot: Spot,
    },
    EndLiberation,
}

/// Events (public unless the text says otherwise).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A move was made; its readable label.
    Moved {
        seat: Seat,
        label: String,
    },
    /// A card was drawn into a market row (public: market cards are face up).
    Drawn {
        row: Side,
        card: CardId,
    },
    /// Florins changed hands.
    Florins {
        seat: Seat,
        delta: i64,
        why: String,
    },
    /// Anything else worth telling, in words.
    Note {
        text: String,
    },
    TurnStarted {
        seat: Seat,
    },
    GameOver {
        text: String,
    },
}

impl State {
    pub fn n(&self) -> usize {
        self.players.len()
    }
    /// The task on top of the stack (the game is running).
    pub fn top(&self) -> &Task {
        self.stack
            .last()
            .expect("the stack is not empty while playing")
    }
}
