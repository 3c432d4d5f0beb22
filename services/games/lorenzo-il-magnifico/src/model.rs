//! The state, moves and events. The stored state holds only small ids (cards,
//! leaders, tiles); every card fact comes from `data`.

use serde::{Deserialize, Serialize};
use signoria_engine::GameRng;

/// The four development-card types, in tower order (green, yellow, blue, violet).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Territory,
    Building,
    Character,
    Venture,
}

impl Kind {
    pub const ALL: [Kind; 4] = [
        Kind::Territory,
        Kind::Building,
        Kind::Character,
        Kind::Venture,
    ];
    pub fn idx(self) -> usize {
        self as usize
    }
    pub fn from_idx(i: usize) -> Kind {
        Kind::ALL[i]
    }
    pub fn tower_name(self) -> &'static str {
        match self {
            Kind::Territory => "green",
            Kind::Building => "yellow",
            Kind::Character => "blue",
            Kind::Venture => "violet",
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Kind::Territory => "territory",
            Kind::Building => "building",
            Kind::Character => "character",
            Kind::Venture => "venture",
        }
    }
}

pub const WOOD: usize = 0;
pub const STONE: usize = 1;
pub const SERVANTS: usize = 2;
pub const COINS: usize = 3;
pub const VP: usize = 4;
pub const MP: usize = 5;
pub const FP: usize = 6;
pub const RES_NAMES: [&str; 7] = ["wood", "stone", "servants", "coins", "VP", "MP", "FP"];

/// Wood, stone, servants, coins, victory, military and faith points.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Res(pub [i32; 7]);

impl Res {
    pub fn coins(n: i32) -> Res {
        let mut r = Res::default();
        r.0[COINS] = n;
        r
    }
    pub fn one(i: usize, n: i32) -> Res {
        let mut r = Res::default();
        r.0[i] = n;
        r
    }
    pub fn add(&mut self, o: &Res) {
        for i in 0..7 {
            self.0[i] += o.0[i];
        }
    }
    pub fn sub(&mut self, o: &Res) {
        for i in 0..7 {
            self.0[i] -= o.0[i];
        }
    }
    pub fn plus(mut self, o: &Res) -> Res {
        self.add(o);
        self
    }
    pub fn minus(mut self, o: &Res) -> Res {
        self.sub(o);
        self
    }
    pub fn scaled(mut self, k: i32) -> Res {
        for v in self.0.iter_mut() {
            *v *= k;
        }
        self
    }
    /// Every entry of `self` is at least the entry of `o`.
    pub fn covers(&self, o: &Res) -> bool {
        (0..7).all(|i| self.0[i] >= o.0[i])
    }
    pub fn is_zero(&self) -> bool {
        self.0.iter().all(|&v| v == 0)
    }
    /// Wood + stone + servants + coins.
    pub fn resources(&self) -> i32 {
        self.0[..4].iter().sum()
    }
    pub fn describe(&self) -> String {
        let parts: Vec<String> = (0..7)
            .filter(|&i| self.0[i] != 0)
            .map(|i| format!("{} {}", self.0[i], RES_NAMES[i]))
            .collect();
        if parts.is_empty() {
            "nothing".into()
        } else {
            parts.join(", ")
        }
    }
}

/// Family members: 0 black, 1 white, 2 orange (coloured, one per die), 3 neutral.
pub const NEUTRAL: u8 = 3;
pub const MEMBER_NAMES: [&str; 4] = ["Black", "White", "Orange", "Neutral"];

/// Action spaces, as small numbers: 0..16 tower spaces (`tower * 4 + floor`,
/// floor 0 = the lowest), then the spaces below.
pub const HARVEST_SMALL: u8 = 16;
pub const HARVEST_LARGE: u8 = 17;
pub const PRODUCTION_SMALL: u8 = 18;
pub const PRODUCTION_LARGE: u8 = 19;
pub const MARKET: u8 = 20; // 20..24
pub const COUNCIL: u8 = 24;
pub const SPACES: u8 = 25;

pub fn space_name(space: u8) -> String {
    match space {
        0..16 => format!(
            "the {} tower, floor {}",
            Kind::from_idx(space as usize / 4).tower_name(),
            space % 4 + 1
        ),
        HARVEST_SMALL => "the small harvest space".into(),
        HARVEST_LARGE => "the large harvest space".into(),
        PRODUCTION_SMALL => "the small production space".into(),
        PRODUCTION_LARGE => "the large production space".into(),
        20 => "the market (5 coins)".into(),
        21 => "the market (5 servants)".into(),
        22 => "the market (3 MP + 2 coins)".into(),
        23 => "the market (2 different council privileges)".into(),
        COUNCIL => "the council palace".into(),
        _ => format!("space {space}"),
    }
}

/// The game option.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// The full game with leaders and advanced personal bonus tiles.
    #[serde(default = "yes")]
    pub advanced: bool,
}

fn yes() -> bool {
    true
}

impl Default for Options {
    fn default() -> Self {
        Options { advanced: true }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub res: Res,
    /// Cards taken, per type (tower order).
    pub cards: [Vec<u8>; 4],
    /// Bit per family member placed this round.
    pub placed: u8,
    /// Passed this round (no placement was possible): takes no more turns.
    pub out: bool,
    /// Skipped the first turn of this round (excommunication II-7).
    pub skipped: bool,
    /// Bit per period: excommunicated in that period's report.
    pub excomm: u8,
    /// Personal bonus tile: 0 standard, 1..=4 advanced; 255 = not chosen yet.
    pub tile: u8,
    /// Leader cards in hand (secret).
    pub hand: Vec<u8>,
    /// Leader cards played (public), in play order.
    pub leaders: Vec<u8>,
    /// Bit per leader id: once-per-round ability used this round (card face down).
    pub used: u32,
    /// The leader Lorenzo de' Medici copies, once chosen (final).
    pub copy: Option<u8>,
    /// The coloured member Federico da Montefeltro set to 6 this round.
    pub federico: Option<u8>,
}

/// One frame of the decision stack (`State::stack`, bottom first): a phase of
/// the game at the bottom, the decisions the rules wait for in the middle of an
/// action above it (the top is asked first). The stack is empty once the game is over.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Frame {
    /// Advanced setup: personal bonus tiles picked in reverse turn order
    /// (`queue[0]` picks now); automatic once everybody has a tile.
    TileDraft { queue: Vec<u8>, available: Vec<u8> },
    /// Advanced setup: the leader draft; `packets[seat]` is what that seat picks
    /// from now, `picked` the secret picks of this pass; automatic once everybody picked.
    LeaderDraft {
        packets: Vec<Vec<u8>>,
        picked: Vec<Option<u8>>,
    },
    /// A turn of the action phase: `seat` places one family member and may take
    /// leader actions before and after; automatic (the turn passes on) once the
    /// member is placed and no leader action is possible.
    Turn { seat: u8, placed: bool },
    /// Vatican report: seats still to decide whether to support the Church;
    /// automatic (the round ends) once nobody is left.
    Vatican { undecided: Vec<u8> },
    /// Choose `left` more council privileges, all different from `taken` (bit per option).
    Privileges { seat: u8, left: u8, taken: u8 },
    /// Choose how to pay for the card on `space` (the floor bonus is already received).
    PayCard {
        seat: u8,
        space: u8,
        options: Vec<Res>,
    },
    /// A card effect's "take a card" action: kinds = bit per type, base value, cost discount.
    BonusTake {
        seat: u8,
        kinds: u8,
        value: i32,
        discount: Res,
    },
    /// A card's or leader's harvest/production action; `leader` = raised only by servants.
    BonusWork {
        seat: u8,
        harvest: bool,
        value: i32,
        leader: bool,
    },
    /// Production exchanges to choose, one building at a time (`todo`), validated
    /// against the supply held before the action; `chosen` = (building, option).
    Exchanges {
        seat: u8,
        value: i32,
        todo: Vec<u8>,
        chosen: Vec<(u8, u8)>,
    },
}

/// The kind names of every frame ([`signoria_engine::Game::frame_kind`]), for coverage.
pub const ALL_KINDS: [&str; 11] = [
    "tile_draft",
    "leader_draft",
    "turn",
    "turn_placed",
    "vatican",
    "privileges",
    "pay_card",
    "bonus_take",
    "bonus_harvest",
    "bonus_production",
    "exchanges",
];

impl Frame {
    /// The phase frames (the bottom of the stack); the others are decisions
    /// in the middle of an action.
    pub fn is_phase(&self) -> bool {
        matches!(
            self,
            Frame::TileDraft { .. }
                | Frame::LeaderDraft { .. }
                | Frame::Turn { .. }
                | Frame::Vatican { .. }
        )
    }

    /// The frame's kind ([`signoria_engine::Game::frame_kind`]).
    pub fn kind(&self) -> &'static str {
        match self {
            Frame::TileDraft { .. } => "tile_draft",
            Frame::LeaderDraft { .. } => "leader_draft",
            Frame::Turn { placed: false, .. } => "turn",
            Frame::Turn { placed: true, .. } => "turn_placed",
            Frame::Vatican { .. } => "vatican",
            Frame::Privileges { .. } => "privileges",
            Frame::PayCard { .. } => "pay_card",
            Frame::BonusTake { .. } => "bonus_take",
            Frame::BonusWork { harvest: true, .. } => "bonus_harvest",
            Frame::BonusWork { harvest: false, .. } => "bonus_production",
            Frame::Exchanges { .. } => "exchanges",
        }
    }
}

/// The leader draft as it happened (hidden; omniscient only): what lets a
/// resampled state keep everything a seat saw of the packets. Dropped when the
/// game ends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DraftLog {
    /// The packet dealt to each seat (sorted).
    pub dealt: Vec<Vec<u8>>,
    /// The seat each seat passes its packets to.
    pub pass: Vec<u8>,
    /// Each seat's picks in order, passes completed so far (the 4th is the forced last card).
    pub picks: Vec<Vec<u8>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreLine {
    pub before: i32,
    pub vp_per_5_vp: i32,
    pub territories: i32,
    pub characters: i32,
    pub ventures: i32,
    pub military: i32,
    pub resources: i32,
    pub penalty_mp: i32,
    pub penalty_buildings: i32,
    pub penalty_resources: i32,
    pub total: i32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub advanced: bool,
    pub rng: GameRng,
    /// 1..=6.
    pub round: u8,
    /// Black, white, orange.
    pub dice: [u8; 3],
    /// Seats, first player first.
    pub order: Vec<u8>,
    /// Face-down decks per type; the top card is the last element. Hidden.
    pub decks: [Vec<u8>; 4],
    /// The card on each tower space (`tower * 4 + floor`), if still there.
    pub towers: [Option<u8>; 16],
    /// Occupants of each space (`seat * 4 + member`), in placement order.
    pub occ: Vec<Vec<u8>>,
    /// The excommunication tile of each period (public).
    pub excomm_tiles: [u8; 3],
    pub players: Vec<Player>,
    /// The decision stack, bottom first: the phase, then the decisions of the
    /// action resolving now. Empty once the game is over.
    pub stack: Vec<Frame>,
    /// The leader draft record (advanced game, until the game ends).
    pub draft: Option<DraftLog>,
    /// Development cards removed from the game at the end of rounds.
    pub discarded: u8,
    /// Final scoring, once the game is over.
    pub scores: Option<Vec<ScoreLine>>,
}

impl State {
    pub fn n(&self) -> usize {
        self.players.len()
    }
    pub fn period(&self) -> usize {
        (self.round as usize - 1) / 2
    }
    /// The phase frame (the bottom of the stack); `None` once the game is over.
    pub fn phase(&self) -> Option<&Frame> {
        self.stack.first()
    }
    pub fn phase_mut(&mut self) -> Option<&mut Frame> {
        self.stack.first_mut()
    }
    /// The frame asked now (the top of the stack).
    pub fn top(&self) -> Option<&Frame> {
        self.stack.last()
    }
    pub fn is_over(&self) -> bool {
        self.stack.is_empty()
    }
    /// Replace the phase (only between actions: no decision is resolving);
    /// `None` ends the game.
    pub fn set_phase(&mut self, phase: Option<Frame>) {
        debug_assert!(self.stack.len() <= 1, "phase change mid-action");
        self.stack.clear();
        self.stack.extend(phase);
    }
}

/// One decision of a seat.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// Place a family member, raised by `servants`, on an action space.
    Place {
        member: u8,
        space: u8,
        servants: u8,
    },
    ChoosePrivilege {
        option: u8,
    },
    ChooseCost {
        option: u8,
    },
    /// The card effect's bonus "take a card" action on a tower space.
    TakeBonusCard {
        space: u8,
        servants: u8,
    },
    /// Carry out the pending bonus harvest/production, raised by `servants`.
    BonusWork {
        servants: u8,
    },
    /// Production exchange for `building`: option 0 = none, k = the k-th exchange.
    Exchange {
        building: u8,
        option: u8,
    },
    /// Decline the pending bonus action.
    Decline,
    SupportChurch {
        support: bool,
    },
    PickLeader {
        leader: u8,
    },
    PickBonusTile {
        tile: u8,
    },
    PlayLeader {
        leader: u8,
    },
    DiscardLeader {
        leader: u8,
    },
    /// Activate a once-per-round ability; `member` for Federico da Montefeltro.
    ActivateLeader {
        leader: u8,
        member: Option<u8>,
    },
    /// Lorenzo de' Medici: choose (for good) the leader to copy.
    CopyLeader {
        leader: u8,
    },
    /// No placement is possible: give up the rest of the round's turns.
    Pass,
    /// End the turn after the placement (when leader actions were still possible).
    EndTurn,
}

/// What happened, for the event log. Private halves go only to their seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    RoundStarted {
        round: u8,
        dice: [u8; 3],
        towers: Vec<u8>,
    },
    BonusTileChosen {
        seat: u8,
        tile: u8,
    },
    /// `leader` is only present in the copy sent to the picking seat.
    LeaderPicked {
        seat: u8,
        leader: Option<u8>,
    },
    /// The new draft packet a seat receives (private).
    DraftPacket {
        seat: u8,
        leaders: Vec<u8>,
    },
    /// `value`: the member's value with servants and character bonuses (towers: all take modifiers); the
    /// harvest/production action value is in `Harvested`/`Produced` (RULINGS.md R2).
    Placed {
        seat: u8,
        member: u8,
        space: u8,
        servants: u8,
        value: i32,
    },
    CardTaken {
        seat: u8,
        card: u8,
        space: u8,
        paid: Res,
    },
    PrivilegeChosen {
        seat: u8,
        option: u8,
    },
    Harvested {
        seat: u8,
        value: i32,
    },
    Produced {
        seat: u8,
        value: i32,
        exchanges: Vec<(u8, u8)>,
    },
    /// The seat's supply and tracks after the move.
    Supply {
        seat: u8,
        res: Res,
    },
    Passed {
        seat: u8,
    },
    TurnSkipped {
        seat: u8,
    },
    LeaderPlayed {
        seat: u8,
        leader: u8,
    },
    LeaderDiscarded {
        seat: u8,
        leader: u8,
    },
    LeaderActivated {
        seat: u8,
        leader: u8,
    },
    LeaderCopied {
        seat: u8,
        leader: u8,
    },
    ChurchSupported {
        seat: u8,
        vp: i32,
    },
    Excommunicated {
        seat: u8,
        period: u8,
    },
    TurnOrder {
        order: Vec<u8>,
    },
    GameEnded {
        scores: Vec<i32>,
    },
}
