//! The state, frames, moves and events of a game of Age of Renaissance.
//!
//! Ids are the data layer's compact indices (`ProvinceId`, `CardId`, advance letters as a
//! bitmask), so that a stored state stays small (README "State size").

use serde::{Deserialize, Serialize};
use signoria_engine::GameRng;

use crate::board::Board;
use crate::data::{Advance, CardId, Category, Commodity, ProvinceId, Region, data};

/// A seat, as stored (0-based, at most 6).
pub type SeatId = u8;

/// Marks "nobody" in the few places a seat is optional in a compact field.
pub const NOBODY: SeatId = u8::MAX;

/// Game options.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// The last epoch whose cards are used (seed §11: play epoch 1 only, or epochs 1 and
    /// 2, for a shorter game); 3 is the full game.
    pub last_epoch: u8,
}

impl Default for Options {
    fn default() -> Self {
        Options { last_epoch: 3 }
    }
}

/// A set of advances as a bitmask over `Advance::index`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Advances(pub u32);

impl Advances {
    pub const ALL: Advances = Advances((1 << 26) - 1);
    pub fn has(self, a: Advance) -> bool {
        self.0 & (1 << a.index()) != 0
    }
    pub fn add(&mut self, a: Advance) {
        self.0 |= 1 << a.index();
    }
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }
    pub fn iter(self) -> impl Iterator<Item = Advance> {
        Advance::ALL.into_iter().filter(move |a| self.has(*a))
    }
    pub fn count_in(self, category: Category) -> u32 {
        self.iter()
            .filter(|a| data().advance(*a).category == category)
            .count() as u32
    }
}

/// The fleet marker (seed §4.7, §9.4.1): none, or a row (galley, three-master,
/// ocean-going) and a box 1-4 of that row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Fleet {
    None,
    Galley(u8),
    ThreeMaster(u8),
    OceanGoing(u8),
}

impl Fleet {
    /// Tokens that may be shipped into one province per round; `None` = unlimited.
    pub fn capacity(self) -> Option<u32> {
        let t = &data().tables;
        match self {
            Fleet::None => Some(0),
            Fleet::Galley(b) => Some(t.galley_capacity.values[b as usize - 1] as u32),
            Fleet::ThreeMaster(b) => Some(t.three_master_capacity.values[b as usize - 1] as u32),
            Fleet::OceanGoing(_) => None,
        }
    }

    /// The next box of the same row for 10 ducats, if any (a galley never becomes a
    /// three-master by paying, seed §9.4.1).
    pub fn raised(self) -> Option<Fleet> {
        match self {
            Fleet::None => Some(Fleet::Galley(1)),
            Fleet::Galley(b) if b < 4 => Some(Fleet::Galley(b + 1)),
            Fleet::ThreeMaster(b) if b < 4 => Some(Fleet::ThreeMaster(b + 1)),
            Fleet::OceanGoing(b) if b < 4 => Some(Fleet::OceanGoing(b + 1)),
            _ => None,
        }
    }

    /// Overseas provinces the player may hold (seed §9.4.1, §C T).
    pub fn overseas_limit(self) -> u32 {
        match self {
            Fleet::OceanGoing(b) => {
                data().tables.ocean_going_capacity.values[b as usize - 1] as u32
            }
            _ => 0,
        }
    }
}

/// One player's public and private state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The capital chosen (seed §8.3); `None` before the choice.
    pub capital: Option<ProvinceId>,
    /// 0 = chose first (seed §8.3); the later chooser goes first on equal bids.
    pub pick: u8,
    pub cash: u32,
    /// The cash written on the record sheet in the last turn-order bid (seed §9.7, §5.5).
    pub noted: u32,
    /// History cards in hand (secret).
    pub hand: Vec<CardId>,
    pub advances: Advances,
    /// Bought this round: their credits work from the next round (seed §6, §9.4.2).
    pub new_advances: Advances,
    pub fleet: Fleet,
    /// Box on the misery track (index into `tables.misery_track`).
    pub misery: u8,
    /// Eliminated (misery past 1000, seed §9.4.3) or resigned (seed §11.3).
    pub out: bool,
    pub resigned: bool,
    /// Expansion tokens bought for this round, not placed yet (seed §9.7).
    pub bought: u8,
    /// Expansion tokens in stock (Vorrat).
    pub stock: u8,
    /// Control tokens on the mat.
    pub control_stock: u8,
    /// The turn-order bid revealed last (seed §9.7).
    pub last_bid: i32,
    pub round: RoundFlags,
    /// Hand cards that may have been in the hand when the deck was last rebuilt (an
    /// upper bound everybody can work out; `hidden` uses it).
    pub old_slots: u8,
}

/// What a player did this round (reset at the start of each round).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RoundFlags {
    pub fleet_raised: bool,
    pub renaissance_used: bool,
    pub urban_card: bool,
    pub art_discard: bool,
    pub token_card: bool,
    pub written_record: bool,
    /// Enlightened Monarch played (seed A.2).
    pub shielded: bool,
    /// Seats (bits) against which the Cathedral was used (seed §9.5.2).
    pub cathedral_vs: u8,
}

/// A personality played this round (seed §9.3.3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    pub card: CardId,
    pub owner: SeatId,
    /// Board slot 1-3 (the first personalities of the round); 0 = laid before the player.
    pub slot: u8,
    /// Seats that claimed it through Patronage [E].
    pub claims: Vec<SeatId>,
}

/// What the round remembers (seed A.2, §9.3.3).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RoundState {
    pub personalities: Vec<Played>,
    /// Events played this round (bits over `event_index`).
    pub events: u32,
    /// Military-advantage cards played this round: (seat, card).
    pub military: Vec<(SeatId, CardId)>,
    /// Papal Decree: the category nobody may buy in this round's acquisition phase.
    pub papal: Option<Category>,
    /// Civil War victims, in the order the cards were played.
    pub civil_war: Vec<SeatId>,
    /// Cards bought with expansion tokens this expansion phase (seed §9.5.1).
    pub token_cards: u8,
    /// Tokens shipped into each province by the player expanding now (seed §9.4.1).
    pub shipped: Vec<(ProvinceId, u8)>,
    /// The player expanding now and his bases at the start of his turn (a province
    /// stays a base while he keeps a token there, also once a market he completes turns
    /// it into a new control token; RULINGS R-BASES).
    pub bases: Option<(SeatId, [u64; 2])>,
}

/// Things that stay true once they happened (seed A.2).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Permanent {
    /// Longbow or Gunpowder played: Stirrups and Armor are cancelled and unplayable.
    pub stirrups_armor_dead: bool,
    /// Mongol Invasion played: the Crusades are unplayable.
    pub crusades_dead: bool,
    /// Religious War played in epoch 3: Papal Decree is unplayable.
    pub papal_dead: bool,
}

/// A card another seat is known to hold by one seat (a Written Record swap, seed §9.5.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Known {
    pub card: CardId,
    pub holder: SeatId,
    pub knower: SeatId,
}

/// Where a round is (the automatic round driver, `flow`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Step {
    Start,
    P1Renaissance,
    P1Clear,
    P1Mills,
    P1Draw,
    P2Renaissance,
    P2Purchase,
    P3Renaissance,
    P3Wars,
    P3Play,
    P4Renaissance,
    P4Acquire,
    P4End,
    P5CivilWar,
    P5Renaissance,
    P5Indulgence,
    P5Expand,
    P5LastWindow,
    P5Bonus,
    P6Income,
    P7Bid,
    FinalRenaissance,
    FinalWars,
    FinalPlay,
    Score,
}

/// The per-seat phases run in turn order by `Frame::Turns`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TurnPhase {
    Purchase,
    Play,
    Acquire,
    Expand,
    Final,
}

/// The steps of a player's acquisition turn (seed §2 phase 4, §9.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AcqStep {
    Fleet,
    Advances,
    Stabilize,
}

/// Who fights a war (seed A.2 Krieg).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct War {
    pub declarer: SeatId,
    pub target: SeatId,
}

/// An attack waiting for the defender's Cathedral declaration (seed §9.5.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attack {
    pub attacker: SeatId,
    pub province: ProvinceId,
    /// New tokens committed.
    pub tokens: u8,
    pub by_sea: bool,
    /// The attacker declared his Cathedral win.
    pub cathedral: bool,
    /// Defenders still to be asked, in turn order.
    pub ask: Vec<SeatId>,
}

/// One frame of the decision stack (README "Frames").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Frame {
    // ---- set-up (seed §8) ----
    /// Automatic: shuffle and deal three cards each.
    Deal,
    /// All seats at once, in secret: the card each returns (`None` = not chosen yet).
    ReturnCard { returned: Vec<Option<CardId>> },
    /// All seats at once, in secret: the capital bids.
    CapitalBid { bids: Vec<Option<u8>> },
    /// Seats choose capitals in `order`.
    ChooseCapital { order: Vec<SeatId>, next: u8 },
    /// All seats at once, in secret: tokens bought (negative = pay without tokens).
    TurnOrderBid { bids: Vec<Option<i32>> },
    // ---- the round ----
    /// Automatic: runs the phases of the round.
    Round { step: Step },
    /// Automatic: pushes the per-seat frame of `phase` for each seat in turn order.
    Turns { phase: TurnPhase, done: u8 },
    /// Renaissance [Q] owners, in rank order, may swap (seed §9.7). `asked`: seats done.
    Renaissance { asked: u8 },
    /// The first player may clear shortage/surplus counters (seed §9.1).
    ClearCounters { seat: SeatId },
    /// The first Mills [J] owner may shift a counter (seed §9.1).
    Mills { seat: SeatId },
    /// Urban Ascendancy [V] and Art & Technology [P] (seed §9.2).
    Purchase { seat: SeatId },
    /// The seat plays cards or passes (seed §9.3).
    Play { seat: SeatId },
    /// Pirates/Vikings in epoch 2 or 3: further provinces (seed A.2).
    Pirates { seat: SeatId, left: u8 },
    /// The Civil War victim chooses what to lose (seed A.2).
    CivilWarLoss { victim: SeatId },
    /// The War loser chooses the control tokens he cedes (seed A.2).
    Cede {
        loser: SeatId,
        winner: SeatId,
        left: u8,
    },
    /// A control token becomes an expansion token but its owner has none in stock:
    /// use a bought token or leave the province empty (seed §9.3.2).
    Reduce { seat: SeatId, province: ProvinceId },
    /// A player's acquisition turn (seed §9.4).
    Acquire { seat: SeatId, step: AcqStep },
    /// Discard right after buying Art & Technology [P] (seed §9.4.2).
    ArtDiscard { seat: SeatId },
    /// Holy Indulgence: a player short of tokens pays or takes misery (seed §9.5).
    Indulgence { seat: SeatId, owed: u8 },
    /// Before each expansion turn and after the last: the players who still hold
    /// enough bought tokens may buy a card with them, in turn order (seed §9.5.1 "zu
    /// einem beliebigen Zeitpunkt"). `asked`: seats done (the seat whose turn comes
    /// next buys in its turn).
    TokenWindow { asked: u8 },
    /// A player's expansion turn (seed §9.5).
    Expand { seat: SeatId },
    /// A defender with Cathedral [H] may declare before the roll (seed §9.5.2).
    Cathedral(Attack),
    /// The Written Record [N] swap: the taker chooses the card he gives (seed §9.5.2).
    WrittenRecord { taker: SeatId, victim: SeatId },
    /// The final card-play phase: the seat plays all its cards (seed §11.1).
    Final { seat: SeatId },
}

/// The target of an event card (the card player's choices, seed §9.3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Target {
    None,
    Seat(SeatId),
    Province(ProvinceId),
    Region(Region),
    Category(Category),
}

/// A move: one choice of one seat.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// Set-up: the card given back (seed §8.1).
    ReturnCard {
        card: CardId,
    },
    /// Set-up: the secret capital bid (seed §8.3).
    CapitalBid {
        ducats: u8,
    },
    ChooseCapital {
        province: ProvinceId,
    },
    /// The secret turn-order bid: tokens bought, negative = pay |n| without tokens (§9.7).
    Bid {
        tokens: i32,
    },
    /// Give up the game (seed §11.3).
    Resign,
    /// Decline, end a turn or pass, whatever the frame asks.
    Pass,
    /// Renaissance: swap ranks with the player just before (`earlier`) or after.
    Swap {
        earlier: bool,
    },
    /// Pay the base value to remove one counter of this commodity (seed §9.1).
    ClearCounter {
        commodity: Commodity,
    },
    /// Mills: move a commodity's level one box towards shortage or towards surplus.
    Mills {
        commodity: Commodity,
        shortage: bool,
    },
    /// Urban Ascendancy: buy a card for 10 (seed §9.2).
    BuyCard,
    /// Art & Technology: discard a card (seed §9.2).
    Discard {
        card: CardId,
    },
    /// Play a commodity card, paying `commodity` (seed §9.3.1).
    PlayCommodity {
        card: CardId,
        commodity: Commodity,
    },
    PlayPersonality {
        card: CardId,
    },
    PlayEvent {
        card: CardId,
        target: Target,
    },
    /// Another province for Pirates/Vikings.
    Pirate {
        province: ProvinceId,
    },
    /// Civil War: lose half the noted cash (`cash`) or half the bought tokens.
    LoseHalf {
        cash: bool,
    },
    /// War: cede this control token.
    Cede {
        province: ProvinceId,
    },
    /// No expansion token in stock: use a bought one (`true`) or leave it empty.
    UseBought {
        bought: bool,
    },
    RaiseFleet,
    /// Buy an advance, claiming these other players' personalities through Patronage.
    BuyAdvance {
        advance: Advance,
        claims: Vec<CardId>,
    },
    /// Stabilization: pay, or take misery (seed §9.4.3).
    Stabilize {
        pay: bool,
    },
    /// Holy Indulgence shortfall: ducats paid, the rest in misery steps.
    PayIndulgence {
        ducats: u8,
    },
    /// Return expansion tokens to draw a card (seed §9.5.1).
    TokenCard,
    /// Place tokens peacefully.
    Place {
        province: ProvinceId,
        count: u8,
    },
    /// Attack a province with the fewest tokens that meet the requirement; `cathedral`:
    /// declare the Cathedral win (seed §9.5.2).
    Attack {
        province: ProvinceId,
        cathedral: bool,
    },
    /// Out of control tokens: take back the one in `from` (one expansion token stays)
    /// to control `to`, where a full stack waits (seed §9.5.2).
    SwapControl {
        from: ProvinceId,
        to: ProvinceId,
    },
    /// Cathedral defence: declare the win.
    Declare,
    /// Written Record: give this card for a random one.
    GiveCard {
        card: CardId,
    },
}

/// Dice of one combat roll: green, black, white (seed §9.5.2).
pub type Dice = [u8; 3];

/// What happened, for the event stream (filtered per viewer in `view`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// Cards dealt or drawn: `cards` only in the copy for the seat itself.
    Drew {
        seat: SeatId,
        count: u8,
        cards: Vec<CardId>,
        why: DrawReason,
    },
    /// A new deck (seed §4.7, §8.1): epoch and size.
    Deck {
        epoch: u8,
        size: u8,
    },
    /// Set-up: a seat gave back a card (the card only in its own copy).
    Returned {
        seat: SeatId,
        card: Option<CardId>,
    },
    /// The capital bids revealed, by seat; then tie rolls, if any.
    CapitalBids {
        bids: Vec<u8>,
    },
    TieRoll {
        seat: SeatId,
        roll: u8,
    },
    CapitalChosen {
        seat: SeatId,
        province: ProvinceId,
    },
    /// Turn-order bids revealed, by seat (`None` for players out); then the order.
    Bids {
        bids: Vec<Option<i32>>,
    },
    TurnOrder {
        order: Vec<SeatId>,
    },
    Swapped {
        seat: SeatId,
        with: SeatId,
    },
    /// Money from (+) or to (-) the bank.
    Cash {
        seat: SeatId,
        amount: i32,
        why: CashReason,
    },
    Misery {
        seat: SeatId,
        from: u8,
        to: u8,
    },
    Out {
        seat: SeatId,
        resigned: bool,
    },
    Counter {
        commodity: Commodity,
        level: i8,
    },
    Roll {
        dice: Dice,
        commodities: Vec<Commodity>,
        shortage: bool,
    },
    /// A card played or discarded face up.
    Played {
        seat: SeatId,
        card: CardId,
        target: Target,
    },
    Discarded {
        seat: SeatId,
        card: CardId,
    },
    Personality {
        seat: SeatId,
        card: CardId,
        slot: u8,
    },
    FleetRaised {
        seat: SeatId,
        fleet: Fleet,
    },
    AdvanceBought {
        seat: SeatId,
        advance: Advance,
        price: u32,
        claims: Vec<CardId>,
    },
    /// Tokens put on (+) or taken off (-) a province.
    Tokens {
        seat: SeatId,
        province: ProvinceId,
        count: i8,
    },
    Control {
        seat: SeatId,
        province: ProvinceId,
        gained: bool,
    },
    Combat {
        attacker: SeatId,
        province: ProvinceId,
        attack: u8,
        defence: u8,
        dice: Option<Dice>,
        cathedral: Option<SeatId>,
        won: bool,
    },
    WarRoll {
        declarer: SeatId,
        target: SeatId,
        rolls: [u8; 2],
        totals: [u8; 2],
    },
    /// The Written Record swap: the cards only in the copies for the two seats.
    Swap {
        taker: SeatId,
        victim: SeatId,
        given: Option<CardId>,
        taken: Option<CardId>,
    },
    Income {
        seat: SeatId,
        income: u32,
        banking: u32,
    },
    Over,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DrawReason {
    Deal,
    Draw,
    Bought,
    Tokens,
    Bonus,
    Shortage,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CashReason {
    CapitalBid,
    Bid,
    Counter,
    Card,
    Payout,
    Event,
    PrintingPress,
    Fleet,
    Advance,
    Stabilization,
    Indulgence,
    Income,
    Banking,
    Surplus,
}

/// The whole game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub options: Options,
    pub rng: GameRng,
    pub stack: Vec<crate::model::Frame>,
    pub round: u8,
    /// The epoch of the deck in use (seed §4.7).
    pub epoch: u8,
    pub deck: Vec<CardId>,
    /// Cards the deck held when it was last built (public: a bitmask over card ids).
    pub deck_basis: u64,
    /// Held-back epoch-1 cards waiting for round 2 (5-6 players, seed §8.1).
    pub held_back: Vec<CardId>,
    /// The pile of reused cards (face up; only the top may be looked at, seed §4.7).
    pub pile: Vec<CardId>,
    /// Cards out of the game.
    pub removed: Vec<CardId>,
    /// The last epoch's deck ran out (the game ends at the end of the round).
    pub last_card_drawn: bool,
    pub players: Vec<Player>,
    /// Seats still in the game, first player first (seed §4.7, §9.7).
    pub order: Vec<SeatId>,
    pub board: Board,
    /// Shortage (+) and surplus (-) counters per commodity (seed §9.6.1).
    pub counters: [i8; 12],
    pub this_round: RoundState,
    pub permanent: Permanent,
    pub wars: Vec<War>,
    pub known: Vec<Known>,
    /// Ducats the bank paid out and took in (the cash ledger the invariants check).
    pub bank_out: u64,
    pub bank_in: u64,
    /// Die results to use before the generator's, first first: the scenario tests replay
    /// the seed's examples with their dice. Empty in every real game.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scripted_dice: Vec<u8>,
}

impl State {
    pub fn n(&self) -> usize {
        self.players.len()
    }

    pub fn player(&self, seat: SeatId) -> &Player {
        &self.players[seat as usize]
    }

    pub fn player_mut(&mut self, seat: SeatId) -> &mut Player {
        &mut self.players[seat as usize]
    }

    pub fn has(&self, seat: SeatId, a: Advance) -> bool {
        self.players[seat as usize].advances.has(a)
    }

    /// Seats still in the game, in seat order.
    pub fn active(&self) -> impl Iterator<Item = SeatId> + '_ {
        (0..self.n() as u8).filter(|&s| !self.players[s as usize].out)
    }

    /// Position in the turn order (0 = first), if still in the game.
    pub fn position(&self, seat: SeatId) -> Option<usize> {
        self.order.iter().position(|&s| s == seat)
    }

    /// The turn-order box of a seat: its rank in combat (seed §2, §9.5.2).
    pub fn rank(&self, seat: SeatId) -> u8 {
        let boxes = &data()
            .players(self.n() as u8)
            .expect("3-6 players")
            .turn_order_boxes;
        let pos = self.position(seat).unwrap_or(boxes.len() - 1);
        boxes[pos.min(boxes.len() - 1)]
    }

    /// One roll of a six-sided die (seed §3: three dice, green, black and white).
    pub fn d6(&mut self) -> u8 {
        if self.scripted_dice.is_empty() {
            self.rng.die(6) as u8
        } else {
            self.scripted_dice.remove(0)
        }
    }

    /// The misery value of a seat (seed §11.2).
    pub fn misery_value(&self, seat: SeatId) -> u32 {
        let track = &data().tables.misery_track.values;
        track[(self.player(seat).misery as usize).min(track.len() - 1)]
    }
}

/// Index of an event in `RoundState::events`.
pub fn event_bit(e: crate::data::Event) -> u32 {
    1 << (e as u32)
}
