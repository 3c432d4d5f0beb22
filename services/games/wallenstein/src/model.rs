//! The state, moves and events of a game of Wallenstein.

use serde::{Deserialize, Serialize};
use signoria_engine::{GameRng, Seat};

use crate::data::LandId;
use crate::tower::TowerState;

/// Game options. Future expansion modules ("Am Kaiserhof", "Landsknechte",
/// generals and monuments) are meant to be added here as further flags.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// Use the seed's fixed beginner set-ups (L939-995) instead of the start-land draft.
    pub fixed_start: bool,
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
    Action::from_u8(field)
        .map(Action::name)
        .unwrap_or("auction")
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

/// A player's mat for the round: field 0..9 the actions, field 10 the auction.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    pub fields: Vec<Card>,
    pub revealed: [bool; NUM_FIELDS],
}

impl Plan {
    pub fn done(&self) -> bool {
        self.fields.len() == NUM_FIELDS
    }
    pub fn uses(&self, card: Card) -> bool {
        card != Card::Empty && self.fields.contains(&card)
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
}
