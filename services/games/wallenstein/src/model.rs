//! The state, moves and events of a game of Wallenstein.

use serde::{Deserialize, Serialize};
use signoria_engine::{GameRng, Seat};

use crate::data::{BonusKind, LandId};
use crate::tower::TowerState;

/// Game options: the start and the expansion modules of the same rulebook
/// (seed L1181-1698), usable in any combination. A module flag that is off
/// is left out of the stored form, so states of the base game keep the
/// shape they had before the modules existed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// Use the seed's fixed beginner set-ups (L939-995) instead of the start-land draft.
    pub fixed_start: bool,
    /// Module 1 "Am Kaiserhof" (L1181-1573): supplementary mats, courtiers, favor cards.
    #[serde(skip_serializing_if = "is_false")]
    pub kaiserhof: bool,
    /// Module 2 "Landsknechte" (L1578-1611): a bonus for lands in four regions.
    #[serde(skip_serializing_if = "is_false")]
    pub landsknechte: bool,
    /// Module 3, generals and monuments (title lost in the OCR; L1612-1698).
    #[serde(skip_serializing_if = "is_false")]
    pub generals: bool,
}

pub(crate) fn is_false(b: &bool) -> bool {
    !*b
}

/// The ten actions, in the order of the player mat's fields (seed L368-495).
/// Field 10 of a plan is the auction field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[repr(u8)]
pub enum Action {
    Palace = 0,
    Church = 1,
    TradingHouse = 2,
    Grain = 3,
    Taxes = 4,
    Raise5 = 5,
    Raise3 = 6,
    Raise1 = 7,
    FightA = 8,
    FightB = 9,
}

pub const ACTIONS: [Action; 10] = [
    Action::Palace,
    Action::Church,
    Action::TradingHouse,
    Action::Grain,
    Action::Taxes,
    Action::Raise5,
    Action::Raise3,
    Action::Raise1,
    Action::FightA,
    Action::FightB,
];
pub const AUCTION_FIELD: u8 = 10;
pub const NUM_FIELDS: usize = 11;

impl Action {
    pub fn from_u8(i: u8) -> Option<Action> {
        ACTIONS.get(i as usize).copied()
    }
    pub fn name(self) -> &'static str {
        match self {
            Action::Palace => "build palace",
            Action::Church => "build church",
            Action::TradingHouse => "build trading house",
            Action::Grain => "collect grain",
            Action::Taxes => "collect taxes",
            Action::Raise5 => "raise 5 armies",
            Action::Raise3 => "raise 3 armies",
            Action::Raise1 => "raise 1 army / move",
            Action::FightA => "fight/move A",
            Action::FightB => "fight/move B",
        }
    }
}

pub fn field_name(field: u8) -> &'static str {
    match field {
        11 => "convert 1 army",
        12 => "convert 2 armies",
        13 => "convert 3 armies",
        _ => Action::from_u8(field)
            .map(Action::name)
            .unwrap_or("auction"),
    }
}

/// The five advantage tiles (seed L311-350).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[repr(u8)]
pub enum Tile {
    PlusTaler = 0,
    PlusGrain = 1,
    SixArmies = 2,
    Attack = 3,
    Defence = 4,
}
pub const TILES: [Tile; 5] = [
    Tile::PlusTaler,
    Tile::PlusGrain,
    Tile::SixArmies,
    Tile::Attack,
    Tile::Defence,
];

impl Tile {
    pub fn name(self) -> &'static str {
        match self {
            Tile::PlusTaler => "+1 Taler",
            Tile::PlusGrain => "+1 grain",
            Tile::SixArmies => "6 armies",
            Tile::Attack => "+1 army attacking",
            Tile::Defence => "+1 army defending",
        }
    }
}

/// A card placed on a field of the player mat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Card {
    Land(LandId),
    /// A money card showing 0..=4 coins.
    Money(u8),
    /// No card left for this field (seed L408-412, L553-555).
    Empty,
    /// Kaiserhof: one of the seat's three tower cards (L1229-1232, L1352-1371);
    /// the three are alike, so a plan holds at most three of them.
    Tower,
}

/// Kaiserhof: tower cards per player (L1229, L1244).
pub const TOWER_CARDS: usize = 3;
/// Kaiserhof: the supplementary mat's fields, numbered after the base mat's:
/// field 11 converts 1 army, 12 converts 2, 13 converts 3 (L1312-1326).
pub const COURT_FIELDS: [u8; 3] = [11, 12, 13];

/// How many armies the supplementary field `field` (11..13) converts.
pub fn court_armies(field: u8) -> u32 {
    (field - COURT_FIELDS[0]) as u32 + 1
}

/// Building types, also the index into a land's `buildings`.
pub const PALACE: usize = 0;
pub const CHURCH: usize = 1;
pub const TRADING_HOUSE: usize = 2;
pub const BUILDING_NAMES: [&str; 3] = ["palace", "church", "trading house"];

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub money: i32,
    pub grain: u32,
    pub vp: u32,
    /// Army cubes in the player's own supply.
    pub supply: u32,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LandState {
    pub owner: Option<u8>,
    pub armies: u32,
    pub buildings: [bool; 3],
    pub unrest: u32,
}

/// A player's mat for the round: field 0..9 the actions, field 10 the auction;
/// with Kaiserhof also the supplementary mat (fields 11..13, `court`).
///
/// Fields are filled in the order 0..9, then (Kaiserhof) 11, 12, 13, then the
/// bid on field 10, so the mat is complete once the bid is down.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    pub fields: Vec<Card>,
    pub revealed: [bool; NUM_FIELDS],
    /// Kaiserhof: the supplementary mat's cards, convert 1, 2, 3 armies (L1305-1330).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub court: Vec<Card>,
    /// Kaiserhof: the supplementary mat is turned over (court part 1, L1399-1410).
    #[serde(default, skip_serializing_if = "is_false")]
    pub court_revealed: bool,
}

impl Plan {
    pub fn done(&self) -> bool {
        self.fields.len() == NUM_FIELDS
    }
    /// Whether the card is on the mat (a tower card: all three are).
    pub fn uses(&self, card: Card) -> bool {
        match card {
            Card::Empty => false,
            Card::Tower => self.count(Card::Tower) >= TOWER_CARDS,
            _ => self.fields.contains(&card) || self.court.contains(&card),
        }
    }
    /// How often `card` lies on the mat (base and supplementary fields).
    pub fn count(&self, card: Card) -> usize {
        self.fields
            .iter()
            .chain(&self.court)
            .filter(|&&c| c == card)
            .count()
    }
    /// The field the next card goes on, or `None` once the mat is complete.
    pub fn next_field(&self, court: bool) -> Option<u8> {
        if self.done() {
            None
        } else if self.fields.len() < AUCTION_FIELD as usize {
            Some(self.fields.len() as u8)
        } else if court && self.court.len() < COURT_FIELDS.len() {
            Some(COURT_FIELDS[self.court.len()])
        } else {
            Some(AUCTION_FIELD)
        }
    }
}

/// The start-land draft (seed L130-160, L241-244).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draft {
    /// The face-down deck, top card last.
    pub deck: Vec<LandId>,
    pub open: Vec<LandId>,
    /// The open cards each seat faced when it last picked.
    pub last_faced: Vec<Vec<LandId>>,
    pub groups: Vec<Vec<u8>>,
    pub turn: usize,
    pub recycled: bool,
    /// How many cards at the bottom of the deck the whole table has seen go
    /// there (open cards recycled under it, RULINGS R7); the rest of the deck
    /// is in an order nobody knows.
    pub known_at_bottom: usize,
}

impl Draft {
    /// Take the top card of the deck.
    pub fn draw(&mut self) -> Option<LandId> {
        let card = self.deck.pop();
        self.known_at_bottom = self.known_at_bottom.min(self.deck.len());
        card
    }
}

/// A start land just taken in the draft, waiting for one of the seat's army groups.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Picked {
    pub seat: u8,
    pub land: LandId,
    /// Drawn blind from the deck: only its taker sees it until the group is placed.
    pub blind: bool,
    /// A taken open card is replaced from the deck once the group is placed (L145-152).
    pub replace: bool,
}

/// The move part of an action (raise 1 / move, fight/move A or B).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Awaiting {
    pub seat: u8,
    pub action: Action,
    pub from: LandId,
}

/// One frame of the decision stack (`State::stack`, bottom first; the game
/// is over when it is empty). Frames with nobody to decide are automatic
/// steps the engine runs at once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Frame {
    /// Set-up, after the start lands (automatic): the initial tower fill (L205-213, RULINGS R26).
    FillTower,
    /// Set-up, after the tower fill (automatic): the year's four events face up (L221-234).
    TurnUpEvents,
    /// N1 + N2 (automatic): action cards and advantage tiles laid out; planning follows.
    StartRound,
    /// The start-land draft: the seat whose turn it is takes a card or recycles.
    Draft(Draft),
    /// The card just taken waits for an army group (on top of `Draft`).
    PlaceGroup(Picked),
    /// All seats fill their mats at once, in secret, one field per move;
    /// automatic once all are done (the event is drawn, the bids revealed).
    Planning,
    /// Seats take turn-order spaces in bid order; automatic once all have.
    ChooseSpace { order: Vec<u8>, next: usize },
    /// Action `slot` (0..10), the seat at `pos` of the turn order next (automatic).
    Actions { slot: usize, pos: usize },
    /// The move part of the action being carried out (on top of `Actions`).
    March(Awaiting),
    /// Winter: supply and revolts of the seat at `pos` of the autumn order,
    /// then scoring and the year end (automatic).
    Winter { pos: usize },
    /// A seat's drawn winter revolts (on top of `Winter`): the seat picks the
    /// next while two or more are left; the last one is fought at once.
    Revolts {
        seat: u8,
        drawn: Vec<LandId>,
        extra: u8,
    },
    /// Generals: the seat at `pos` of the turn order puts its general into an
    /// own land (fixed start, first round, L1640-1644; after winter the
    /// generals taken off, L1689-1694); automatic with one land or none.
    PlaceGenerals { pos: usize },
    /// Landsknechte (automatic): the seat at `pos` of the turn order checks
    /// its regions after the turn order is set (L1590-1601).
    Landsknechte { pos: usize },
    /// Landsknechte: the seat chooses a bonus of the card just turned up (on
    /// top of `Landsknechte`).
    ChooseBonus { seat: u8 },
    /// Kaiserhof court part 1 (automatic): the seat at `pos` of the turn order
    /// turns over its supplementary mat and converts, 3 then 2 then 1 (L1399-1413).
    CourtCards { pos: usize },
    /// Kaiserhof court part 2: in `order` (most courtiers in the reception hall
    /// first) each seat moves its courtiers up and may take a favor card
    /// (L1415-1439); automatic for a seat that cannot pay for any.
    CourtFavor { order: Vec<u8>, next: usize },
    /// A favor card just taken that asks its holder where or whether to use
    /// it (on top of `CourtFavor`); automatic with one way or none.
    UseFavor { seat: u8, card: u8 },
    /// Generals: after a normal round the seat at `pos` of the turn order
    /// moves its general into another own land (L1670-1687).
    MoveGenerals { pos: usize },
    /// The end of a normal round, once the generals have moved (automatic).
    EndRound,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub options: Options,
    pub players: Vec<Player>,
    pub lands: Vec<LandState>,
    pub in_play: Vec<bool>,
    pub peasants: u32,
    pub tower: TowerState,
    pub year: u8,
    /// 0 spring, 1 summer, 2 autumn, 3 winter.
    pub season: u8,
    pub event_deck: Vec<u8>,
    pub event_candidates: Vec<u8>,
    pub current_event: Option<u8>,
    pub action_order: Vec<Action>,
    /// Action cards face up (5 at the start of a round, one more after each action).
    pub actions_visible: usize,
    /// The advantage tile on each turn-order space.
    pub space_tiles: Vec<Tile>,
    pub space_owner: Vec<Option<u8>>,
    pub turn_order: Vec<u8>,
    pub plans: Vec<Plan>,
    pub bids_revealed: bool,
    /// Lands whose card changed hands this round: plans naming them are void (seed L615-619).
    pub voided: Vec<LandId>,
    /// Kaiserhof: courtiers and favor cards (absent without the module).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub court: Option<crate::court::Court>,
    /// Landsknechte: per seat, the position (in the starting order) of the
    /// card on top of its stack (absent without the module).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub landsknechte: Option<Vec<u8>>,
    /// Generals and monuments (absent without the module).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generals: Option<crate::generals::Generals>,
    /// The decision stack, bottom first; empty once the game is over.
    pub stack: Vec<Frame>,
    pub rng: GameRng,
}

impl State {
    pub fn n(&self) -> usize {
        self.players.len()
    }
    pub fn peasant_party(&self) -> usize {
        self.n()
    }
    pub fn owned(&self, seat: Seat) -> Vec<LandId> {
        (0..self.lands.len())
            .filter(|&l| self.lands[l].owner == Some(seat as u8))
            .map(|l| l as LandId)
            .collect()
    }
    pub fn tile_of(&self, seat: Seat) -> Option<Tile> {
        self.space_owner
            .iter()
            .position(|o| *o == Some(seat as u8))
            .map(|sp| self.space_tiles[sp])
    }
    pub fn event_effect(&self) -> Option<crate::data::EventEffect> {
        self.current_event
            .map(|e| crate::data::data().events[e as usize].effect)
    }
    pub fn buildings_built(&self, kind: usize) -> u32 {
        self.lands.iter().filter(|l| l.buildings[kind]).count() as u32
    }
    pub fn unrest_on_map(&self) -> u32 {
        self.lands.iter().map(|l| l.unrest).sum()
    }
    /// The game is over when nothing is left on the stack (L904-905).
    pub fn over(&self) -> bool {
        self.stack.is_empty()
    }
    /// The draft, while it runs.
    pub fn draft(&self) -> Option<&Draft> {
        self.stack.iter().rev().find_map(|f| match f {
            Frame::Draft(d) => Some(d),
            _ => None,
        })
    }
    pub(crate) fn draft_mut(&mut self) -> &mut Draft {
        self.stack
            .iter_mut()
            .rev()
            .find_map(|f| match f {
                Frame::Draft(d) => Some(d),
                _ => None,
            })
            .expect("the draft is running")
    }
    /// Replace the frame on top of the stack.
    pub(crate) fn replace_top(&mut self, frame: Frame) {
        self.stack.pop();
        self.stack.push(frame);
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Move {
    /// Draft: take open card 0 or 1.
    DraftOpen { slot: u8 },
    /// Draft: take the top card of the face-down deck.
    DraftBlind,
    /// Draft: put both unchanged open cards under the deck and turn up two new ones.
    Recycle,
    /// Draft: put the army group of this size into the land just taken.
    PlaceGroup { armies: u8 },
    /// Planning: the card for `field` (0..9 actions, 10 the auction field).
    Plan { field: u8, card: Card },
    /// Take a free turn-order space (0..4) and its advantage tile.
    TakeSpace { space: u8 },
    /// Move (or attack with) `count` armies into `to`.
    March { to: LandId, count: u32 },
    /// Do not move (the move part of an action is optional, RULINGS R8).
    Stay,
    /// Winter: resolve the revolt in this drawn land next.
    Revolt { land: LandId },
    /// Draft with generals: the army group and the general into the land just taken.
    PlaceGroupWithGeneral { armies: u8 },
    /// Court part 2: take the displayed favor card with this number.
    TakeFavor { card: u8 },
    /// Court part 2: take no favor card.
    PassFavor,
    /// Favor card 1: remove the round's event (`true`) or leave it.
    CancelEvent { cancel: bool },
    /// Favor cards 4, 12, 7/17/21: the land the card is used in.
    FavorLand { land: LandId },
    /// Landsknechte: the bonus taken from the card just turned up.
    TakeBonus { kind: BonusKind },
    /// Generals: put the general into this own land.
    PlaceGeneral { land: LandId },
    /// Generals: after a round, move the general into this own land.
    MoveGeneral { to: LandId },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BattleKind {
    Attack,
    Neutral,
    Revolt,
    WinterRevolt,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BattleResult {
    AttackerWins,
    DefenderWins,
    Tie,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    pub kind: BattleKind,
    pub land: LandId,
    /// Seat, or `None` for the peasants.
    pub attacker: Option<u8>,
    pub defender: Option<u8>,
    /// Cubes thrown in per party (seats, then peasants), the tray included.
    pub thrown: Vec<u32>,
    /// Cubes that fell into the tray per party.
    pub out: Vec<u32>,
    pub attacker_count: u32,
    pub defender_count: u32,
    pub result: BattleResult,
    /// Armies standing in the land afterwards.
    pub armies_after: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    TowerFilled {
        thrown: Vec<u32>,
        out: Vec<u32>,
    },
    EventsTurnedUp {
        year: u8,
        events: Vec<u8>,
    },
    DraftOpen {
        open: Vec<LandId>,
    },
    /// Public half of a draft pick (the blind card stays hidden until placed).
    DraftPicked {
        seat: u8,
        land: Option<LandId>,
        blind: bool,
    },
    /// Private half: the blind card the seat drew.
    DraftDrew {
        seat: u8,
        land: LandId,
    },
    Recycled {
        seat: u8,
    },
    GroupPlaced {
        seat: u8,
        land: LandId,
        armies: u32,
    },
    RoundStarted {
        year: u8,
        season: u8,
        visible_actions: Vec<Action>,
        tiles: Vec<Tile>,
    },
    /// Private: a card the seat placed on its mat.
    Planned {
        seat: u8,
        field: u8,
        card: Card,
    },
    PlanComplete {
        seat: u8,
    },
    EventDrawn {
        event: u8,
    },
    BidsRevealed {
        bids: Vec<Card>,
    },
    /// Tied bids ordered by drawing tokens from the bag.
    BagDraw {
        order: Vec<u8>,
    },
    SpaceTaken {
        seat: u8,
        space: u8,
        tile: Tile,
    },
    TurnOrder {
        order: Vec<u8>,
    },
    ActionTurnedUp {
        slot: u8,
        action: Action,
    },
    CardRevealed {
        seat: u8,
        action: Action,
        card: Card,
    },
    Built {
        seat: u8,
        land: LandId,
        building: u8,
        cost: u32,
    },
    Collected {
        seat: u8,
        land: LandId,
        action: Action,
        amount: u32,
    },
    Raised {
        seat: u8,
        land: LandId,
        armies: u32,
        cost: u32,
    },
    Lapsed {
        seat: u8,
        action: Action,
        land: LandId,
        reason: String,
    },
    Moved {
        seat: u8,
        from: LandId,
        to: LandId,
        count: u32,
    },
    Fought(Battle),
    UnrestAdded {
        land: LandId,
        unrest: u32,
    },
    UnrestRemoved {
        land: LandId,
        unrest: u32,
    },
    OwnerChanged {
        land: LandId,
        owner: Option<u8>,
    },
    GrainLost {
        event: u8,
        amount: u32,
    },
    Supplied {
        seat: u8,
        lands: u32,
        grain: u32,
        unsupplied: u32,
        revolts: u32,
        extra_peasants: u32,
    },
    RevoltsDrawn {
        seat: u8,
        lands: Vec<LandId>,
    },
    Scored {
        seat: u8,
        lands: u32,
        buildings: u32,
        majorities: u32,
        total: u32,
    },
    YearEnded {
        year: u8,
    },
    GameEnded,
    /// Kaiserhof set-up: courtiers into the reception hall, one per own cube
    /// that fell out of the initial fill (L1253-1260).
    CourtiersFromFill {
        courtiers: Vec<u32>,
    },
    /// N2a: favor cards on the spaces costing 4, 3 and 2 courtiers (L1294-1301).
    FavorsDisplayed {
        display: Vec<Option<u8>>,
    },
    /// Court part 1: a seat's supplementary mat, convert 1, 2, 3 armies.
    CourtRevealed {
        seat: u8,
        cards: Vec<Card>,
    },
    /// Court part 1: armies converted into courtiers, from a land or (`None`) the tray.
    Converted {
        seat: u8,
        armies: u32,
        land: Option<LandId>,
    },
    /// Court part 1: a conversion that cannot be done in full is not done (L1379-1382).
    ConversionLapsed {
        seat: u8,
        armies: u32,
        reason: String,
    },
    /// Court part 2: the order, most courtiers in the reception hall first.
    FavorOrder {
        order: Vec<u8>,
    },
    /// Court part 2: the seat's courtiers move into the audience hall.
    CourtiersUp {
        seat: u8,
        courtiers: u32,
    },
    FavorTaken {
        seat: u8,
        card: u8,
        courtiers: u32,
    },
    /// End of the court: the favor cards left on display leave the game, the
    /// courtiers go back to the reception hall (L1434-1439).
    CourtEnded {
        discarded: Vec<u8>,
    },
    /// A one-time gain from a favor or Landsknecht card.
    Gained {
        seat: u8,
        kind: BonusKind,
        amount: u32,
    },
    /// Favor card 1: the round's event does not take place.
    EventCancelled {
        event: u8,
    },
    /// Favor card 12: free armies placed (a neutral land is taken without a fight).
    ArmiesPlaced {
        seat: u8,
        land: LandId,
        armies: u32,
    },
    /// A favor card kept for later (4, 10, 11, 18).
    FavorKept {
        seat: u8,
        card: u8,
    },
    /// A favor card that finds no use.
    FavorLapsed {
        seat: u8,
        card: u8,
        reason: String,
    },
    /// A kept favor card 4 stopped an unrest marker (L1494-1498).
    UnrestBlocked {
        seat: u8,
        land: LandId,
    },
    /// Kept favor cards 10/11/18 leave the game at the end of the round (L1571-1573).
    FavorsExpired {
        seat: u8,
        cards: Vec<u8>,
    },
    /// Landsknechte: the seat's top card went under the stack; `top` is the
    /// new top card's position in the starting order.
    LandsknechtTurned {
        seat: u8,
        top: u8,
        regions: u32,
    },
    /// Landsknechte: the stacks are back in their starting order (after winter).
    LandsknechteSorted,
    GeneralPlaced {
        seat: u8,
        land: LandId,
    },
    /// `monument`: one was built in `from` (an adjacent own land was entered).
    GeneralMoved {
        seat: u8,
        from: LandId,
        to: LandId,
        monument: bool,
    },
    /// The general's land was lost: the general leaves the map (L1689-1691).
    GeneralRemoved {
        seat: u8,
        land: LandId,
    },
    MonumentCaptured {
        seat: u8,
        land: LandId,
        owner: u8,
    },
    /// Game end: 1 VP per own monument on the map and per captured one (L1698).
    MonumentsScored {
        seat: u8,
        on_board: u32,
        captured: u32,
    },
}
