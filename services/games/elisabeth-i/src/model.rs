//! The game state, the decision frames, the moves and the events.
//!
//! Everything here is plain data (serialised as the stored state); the rules live in the
//! modules named after them. Powers are indexed by their impulse order (`Power::MAJORS`,
//! seed [7]); spaces by the data pack's [`SpaceId`].

use serde::{Deserialize, Serialize};
use signoria_engine::{GameRng, Scoped};

use crate::combat::naval_battle::Waters;
use crate::data::{CardId, PoolOwner, Power, SpaceId};

/// Index of a major power in impulse order (0 = Ottoman ... 5 = Protestants), seed [7].
pub type Pw = u8;

pub fn major(p: Pw) -> Power {
    Power::MAJORS[p as usize]
}

pub fn pw(p: Power) -> Option<Pw> {
    p.impulse_index().map(|i| i as Pw)
}

/// The space of a response window or combat that is not fought in a space (a naval
/// move); never a real space.
pub const NO_SPACE: SpaceId = SpaceId(u16::MAX);

/// The pool German Reiters' mercenaries come from (the Protestants: the Huguenots).
pub fn reiters_owner(p: Pw) -> PoolOwner {
    PoolOwner::of(major(p), None)
}

/// Options of a game: the scenario (only the Campaign set-up exists in the data pack's
/// reconstruction that plays from turn 1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    pub scenario: String,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            scenario: "campaign".into(),
        }
    }
}

/// Land units of one owner in one space, counted in units (counters may be
/// re-denominated at any time, seed [17.1], so only the totals matter).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Troops {
    #[serde(default, skip_serializing_if = "is_zero")]
    pub regulars: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub mercenaries: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cavalry: u8,
    /// The Knights of St. John ([17.1], `knights`): a Spanish regular that never leaves
    /// its space and is its own counter (not in the regulars' counter-mix).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub knights: u8,
    /// The Ottoman Morisco unit ([23.1], `morisco`): an Ottoman regular bound to the
    /// spaces within two of Granada, its own counter (never raised, not in the counter-mix).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub morisco: u8,
}

impl Troops {
    /// Every land unit (the Knights and the Morisco count as regulars for battle, siege
    /// and control).
    pub fn total(&self) -> u8 {
        self.regulars + self.mercenaries + self.cavalry + self.knights + self.morisco
    }
    /// The units of the counter-mix (the pool and its ledger): all but the Knights and the
    /// Morisco.
    pub fn pooled(&self) -> u8 {
        self.total() - self.knights - self.morisco
    }
    /// The units that may leave the space (all but the Knights, [17.1]; the Morisco only
    /// by land and within two spaces of Granada, [23.1]).
    pub fn movable(&self) -> Troops {
        Troops {
            knights: 0,
            ..*self
        }
    }
    /// The units that may go by sea (not the Morisco either, RULINGS K15).
    pub fn by_sea(&self) -> Troops {
        Troops {
            morisco: 0,
            ..self.movable()
        }
    }
    /// The units that never leave the space (the Knights alone).
    pub fn immobile(&self) -> Troops {
        Troops {
            knights: self.knights,
            ..Default::default()
        }
    }
    pub fn get(&self, k: UnitKind) -> u8 {
        match k {
            UnitKind::Regular => self.regulars,
            UnitKind::Mercenary => self.mercenaries,
            UnitKind::Cavalry => self.cavalry,
            UnitKind::Knights => self.knights,
            UnitKind::Morisco => self.morisco,
        }
    }
    pub fn get_mut(&mut self, k: UnitKind) -> &mut u8 {
        match k {
            UnitKind::Regular => &mut self.regulars,
            UnitKind::Mercenary => &mut self.mercenaries,
            UnitKind::Cavalry => &mut self.cavalry,
            UnitKind::Knights => &mut self.knights,
            UnitKind::Morisco => &mut self.morisco,
        }
    }
    pub fn add(&mut self, o: &Troops) {
        self.regulars += o.regulars;
        self.mercenaries += o.mercenaries;
        self.cavalry += o.cavalry;
        self.knights += o.knights;
        self.morisco += o.morisco;
    }
    pub fn sub(&mut self, o: &Troops) {
        self.regulars -= o.regulars;
        self.mercenaries -= o.mercenaries;
        self.cavalry -= o.cavalry;
        self.knights -= o.knights;
        self.morisco -= o.morisco;
    }
}

/// Ships of one owner in one port.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ships {
    #[serde(default, skip_serializing_if = "is_zero")]
    pub galleys: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub galleons: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub corsairs: u8,
}

impl Ships {
    pub fn total(&self) -> u8 {
        self.galleys + self.galleons + self.corsairs
    }
}

fn is_zero(x: &u8) -> bool {
    *x == 0
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum UnitKind {
    Regular,
    Mercenary,
    Cavalry,
    /// The Knights of St. John ([17.1]): only ever lost (or put inside the fortress of
    /// its space), never raised, moved or carried.
    Knights,
    /// The Ottoman Morisco unit ([23.1]): moved by land within two spaces of Granada,
    /// never raised or carried by sea.
    Morisco,
}

impl UnitKind {
    /// The kinds that can be raised, moved and carried (not the Knights, [17.1], nor the
    /// Morisco, [23.1]).
    pub const ALL: [UnitKind; 3] = [UnitKind::Regular, UnitKind::Mercenary, UnitKind::Cavalry];
    /// The kinds a land formation may take along ([13.1]; the Morisco too, [23.1]).
    pub const MOVED: [UnitKind; 4] = [
        UnitKind::Regular,
        UnitKind::Mercenary,
        UnitKind::Cavalry,
        UnitKind::Morisco,
    ];
    /// Every kind a space can hold (counting for battle and losses).
    pub const COUNTED: [UnitKind; 5] = [
        UnitKind::Regular,
        UnitKind::Mercenary,
        UnitKind::Cavalry,
        UnitKind::Knights,
        UnitKind::Morisco,
    ];
    /// Whether the kind belongs to the counter-mix and its ledger (not the Knights nor the
    /// Morisco: each is its own counter).
    pub fn pooled(self) -> bool {
        !matches!(self, UnitKind::Knights | UnitKind::Morisco)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ShipKind {
    Galley,
    Galleon,
    Corsair,
    /// The Spanish Armada [23.2]: only in naval orders (`armada`).
    Armada,
}

/// The units of one owner (a major, a Protestant faction, a minor, the independents) in a
/// space.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Force {
    pub owner: PoolOwner,
    #[serde(default)]
    pub troops: Troops,
    #[serde(default)]
    pub ships: Ships,
}

impl Force {
    pub fn empty(&self) -> bool {
        self.troops.total() == 0 && self.ships.total() == 0
    }
}

/// One space of the Europe map.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpaceState {
    /// The political controller (seed [2.4]); `Independent` for independent spaces.
    pub controller: Power,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unrest: bool,
    /// Religious influence: Protestant side up (seed [2.3]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub protestant: bool,
    /// A fortress marker built on an unfortified home space (seed [17.5]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fortress: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forces: Vec<Force>,
    /// Besieged (seed [15]): the besieging powers stand outside the fortress, every other
    /// unit and leader in the space is inside it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub siege: Option<Siege>,
}

/// A siege: who besieges, and in which impulse it began (an assault needs an earlier
/// one, seed [15.1]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Siege {
    pub by: Vec<Pw>,
    pub since: u16,
}

/// What the rules remember for the rest of one impulse (seed [13.1], [13.2], [15.1]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Memo {
    /// (power, space): its units there were in a formation that lost a field battle this
    /// impulse: no move action, automatic avoid battle (RULINGS M2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub beaten: Vec<(Pw, SpaceId)>,
    /// (power, space): its units there already tried to intercept this impulse.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tried: Vec<(Pw, SpaceId)>,
    /// Spaces assaulted this impulse (one assault per space and impulse).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub assaulted: Vec<SpaceId>,
    /// (power, space, fortress): the formation moved on from a fortress it could not
    /// besiege; a retreat back into that fortress eliminates it ([13.4]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fatal: Vec<(Pw, SpaceId, SpaceId)>,
    /// (power, location): its ships there lost a naval battle this impulse and may not
    /// move ([16.1]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub naval_beaten: Vec<(Pw, Waters)>,
}

/// Where a leader is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Loc {
    /// Not yet in play: arrives in the card draw of this turn (seed [8.1]).
    Arrives(u8),
    /// On its power card, to be placed in spring deployment (seed [10] step 4).
    Card,
    Space(SpaceId),
    /// Captured by this major (seed [13.1]); ransomable (seed [9.3]).
    Captured(Pw),
    Dead,
    /// On a foreign war card beside its power's card ([23.7], `majors::foreign_wars`).
    Abroad,
    /// Aboard the Spanish Armada ([23.2]; `armada::ferry::leaders_aboard`).
    Armada,
    /// Acting as a naval leader (Don John, [10] step 4; `admirals::Role::ArmyLeader`).
    Naval,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leader {
    /// Index into the data pack's army leaders.
    pub idx: u8,
    pub owner: Pw,
    pub at: Loc,
}

/// Per major power.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PowerState {
    pub hand: Vec<CardId>,
    /// Home cards played this turn (on the power card until the next deal, seed [6.1]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub home_played: Vec<CardId>,
    /// Home card discarded face down in spring (seed [10] step 5), back at the next deal.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub home_set_aside: Vec<CardId>,
    pub ruler: String,
    /// VP at the end of each turn (the score sheet, seed [25.3]).
    #[serde(default)]
    pub vp_history: Vec<i16>,
    /// HRE only: the secret religious preference (seed [23.5], [10] step 3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preference: Option<Preference>,
    /// HRE only: "Mercenaries for Hire" track (seed [20.6], [9.1]).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub for_hire: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Preference {
    Protestant,
    Catholic,
    Balanced,
}

/// A binding agreement of the negotiation segment (seed [9.1]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Deal {
    /// End the war between the two.
    Peace,
    /// Alliance for this turn (seed [9.2]).
    Alliance,
    /// The proposer gives this many random cards (home cards excluded).
    GiveCards(u8),
    /// The proposer gives this many random treasures ([9.1] 7; `diplomacy::treasures`).
    GiveTreasures(u8),
    /// The proposer returns this captured army leader to the other party ([9.1] 4).
    ReturnLeader(u8),
    /// The proposer cedes political control of this space to the other party ([9.1] 5).
    Cede(SpaceId),
    /// The proposer gives `n` mercenaries from the space `from` (none: the HRE's
    /// "Mercenaries for Hire" track), placed in the other party's capital `to` ([9.1] 8).
    Mercenaries {
        n: u8,
        from: Option<SpaceId>,
        to: SpaceId,
    },
    /// With an alliance, the proposer lends `n` ships of `kind` of the port `port` to the
    /// other party until winter ([9.2], `diplomacy::ship_loans`).
    ShipLoan {
        port: SpaceId,
        kind: ShipKind,
        n: u8,
        /// A naval leader of that port lent with the ships ([9.2]; RULINGS A14).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        admiral: Option<u8>,
    },
    /// The marriage of one noble of each party ([9.1] L660-669, [21]; RULINGS S9): the
    /// announcer's clause, engaged when the announcement takes effect.
    Marriage(crate::royals::wedding::Couple),
}

/// The automatic steps of a turn, seed [7] (phase order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    CardDraw,
    Negotiation,
    Ransom,
    War,
    Spring,
    Action,
    Winter,
    Marriage,
    Patronage,
    Victory,
}

/// A fixed moment of the turn at which the subsystem modules act (their `at` hook), in
/// the order of [7].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Moment {
    /// Before the card draw.
    TurnBegins,
    /// When a step of the turn is over (all its decisions made). There is none after the
    /// victory determination: `After(Step::Patronage)` is the moment before it.
    After(Step),
}

/// What a formation being assembled will do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Purpose {
    /// A move action of the action phase (seed [13.1]).
    Move,
    /// The free spring deployment move from a capital (seed [10] step 6).
    Deploy,
    /// An interception into the destination of the move under way (seed [13.2]).
    Intercept { to: SpaceId },
    /// Avoiding battle from the space the formation stands in to `to` (seed [13.3]);
    /// the group may exceed a formation's size.
    Avoid { to: SpaceId },
    /// The formation that assaults the besieged space it stands in (seed [15.1]).
    Assault,
    /// A formation of at most 5 units that goes by sea from the port it stands in ([16.3]).
    Transport,
}

/// A formation being assembled, one piece at a time.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Selection {
    pub troops: Troops,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leaders: Vec<u8>,
    /// `troops` by the owner of each counter, as the player picked them ([24.3], [23.6];
    /// RULINGS N1). Empty in states stored before owners were recorded and in formations
    /// a rule builds: `owners::by_owner` takes the units not recorded in a fixed order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub of: Vec<(crate::data::PoolOwner, Troops)>,
}

/// One frame of the decision stack.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Frame {
    /// A whole turn: pushes its phases (automatic).
    Turn,
    /// One automatic step of the turn.
    Step(Step),
    /// Negotiation segment: power `who` proposes agreements or is done (seed [9.1]).
    Negotiate {
        who: Pw,
    },
    /// `who` confirms or rejects the announcement `id` naming it, at its negotiation turn
    /// (seed [9.1] L676; `diplomacy::announce`).
    Confirm {
        who: Pw,
        id: u16,
    },
    /// Ransom segment: `who` may ransom its captured leaders (seed [9.3]).
    Ransom {
        who: Pw,
    },
    /// War segment: `who` declares war or is done (seed [9.4]).
    DeclareWar {
        who: Pw,
        declared: Vec<Pw>,
    },
    /// `who` pays `owed` CP of declarations with cards (seed [9.4] step 3).
    PayWar {
        who: Pw,
        owed: u8,
    },
    /// The spring deployment steps of one power (automatic: pushes its decisions).
    SpringOf {
        who: Pw,
    },
    /// HRE's secret religious preference, turn 1 (seed [10] step 3, [23.5]).
    Preference,
    /// Place an arriving leader (seed [10] step 4).
    PlaceLeader {
        who: Pw,
        leader: u8,
    },
    /// Place a naval leader from the power card in a port (seed [10] step 4, [5.2]).
    PlaceAdmiral {
        who: Pw,
        admiral: u8,
    },
    /// Keep one home card, set the other aside (seed [10] step 5).
    ChooseHome {
        who: Pw,
    },
    /// Spring deployment move: pick a capital's formation or skip (seed [10] step 6).
    Deploy {
        who: Pw,
    },
    /// A formation is being assembled in `from`.
    Formation {
        who: Pw,
        from: SpaceId,
        purpose: Purpose,
        sel: Selection,
    },
    /// Action phase: the impulse of `who`; `passes` consecutive passes so far (seed [11]).
    Impulse {
        who: Pw,
        passes: u8,
    },
    /// `who` spends `cp` CP on actions, one at a time (seed [11.1]).
    Actions {
        who: Pw,
        cp: u8,
    },
    /// HRE's winter replacement option (seed [20.6]).
    HreReplacement,
    /// A land move under way (seed [13.1] steps 4-8; automatic: pushes the windows).
    LandMove(Box<crate::land::LandMove>),
    /// A response window: `queue[0]` may play the card `key` (seed [6.1], [13.1] step 4).
    Respond {
        key: String,
        queue: Vec<Pw>,
        space: SpaceId,
    },
    /// `who` may try to intercept the move under way from one of its stacks ([13.2]).
    Intercept {
        who: Pw,
    },
    /// `who` may avoid battle in the destination of the move under way ([13.3]).
    Avoid {
        who: Pw,
    },
    /// `who`, controlling the fortified destination, may withdraw into it ([13.4]).
    Withdraw {
        who: Pw,
    },
    /// The mover did not outnumber the withdrawn garrison: move on or go back ([13.4]).
    MoveOn {
        who: Pw,
    },
    /// A field battle, assault or siege-lifting retreat in progress ([14], [15]).
    Combat(Box<crate::battle::Combat>),
    /// An assault about to be made by the formation `sel` (seed [15.1] step 2: the
    /// Storms and German Reiters windows, then the assault; automatic).
    AssaultPlan {
        who: Pw,
        space: SpaceId,
        sel: Selection,
        stage: u8,
        #[serde(default)]
        stormed: bool,
    },
    /// A naval transport under way ([16.3]): the formation `sel` left the port `from`
    /// and is at sea in `at` (None: not embarked yet). Its units stay counted in `from`
    /// until they land. `from` None: the formation sails on from aboard the Armada at
    /// sea (RULINGS A20; `at` None: still aboard), its units counted aboard until they
    /// land.
    Transport {
        who: Pw,
        from: Option<SpaceId>,
        sel: Selection,
        at: Option<crate::data::SeaZoneId>,
        #[serde(default)]
        stormed: bool,
    },
    /// A naval move: `who` gives its orders one ship at a time ([16.1] step 1).
    NavalOrders {
        who: Pw,
        orders: Vec<crate::naval::Order>,
    },
    /// A naval move being carried out: the Storms window, the move, interception and avoid
    /// battle, then the battles due one by one ([16.1] steps 2-7; automatic).
    NavalPlan {
        who: Pw,
        orders: Vec<crate::naval::Order>,
        stage: u8,
        #[serde(default)]
        stormed: bool,
        #[serde(default)]
        battles: Vec<(Waters, Power)>,
    },
    /// The subsystems act at a moment of the turn, module `next` onwards (automatic).
    Hook {
        at: Moment,
        next: u8,
    },
    // ---- the subsystems' own decisions (one variant each; see the crate README)
    Religion(crate::religion::Frame),
    Espionage(crate::espionage::Frame),
    Royals(crate::royals::Frame),
    Patronage(crate::patronage::Frame),
    World(crate::world::Frame),
    Minors(crate::minors::Frame),
    Majors(crate::majors::Frame),
    Armada(crate::armada::Frame),
}

/// A choice of a seat.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    // ---- diplomacy
    Propose {
        to: Pw,
        deal: DealPick,
    },
    /// Add to the draft announcement a clause in which the later power `from` gives
    /// `deal` to the announcer (seed [9.1]; RULINGS R8).
    Ask {
        from: Pw,
        deal: DealPick,
    },
    /// Close the draft: announce it to all, a single agreement or a bundle ([9.1] L676).
    Announce,
    Accept,
    Reject,
    Ransom {
        leader: u8,
    },
    DeclareWarOn {
        target: Pw,
    },
    PayWith {
        card: CardId,
    },
    Done,
    // ---- spring
    Prefer(Preference),
    PlaceLeaderIn {
        space: SpaceId,
    },
    SetAsideHome {
        card: CardId,
    },
    DeployFrom {
        capital: SpaceId,
    },
    // ---- formations
    /// Add a unit of this kind; its owner is the only one on the side with a free unit
    /// of the kind there.
    AddUnit(UnitKind),
    /// Add a unit of this kind of `owner`, where free units of the kind belong to more
    /// than one owner of the side (an active minor and its ally, the two Protestant
    /// factions; [24.3], [23.6], RULINGS N1).
    AddUnitOf {
        kind: UnitKind,
        owner: crate::data::PoolOwner,
    },
    AddLeader {
        leader: u8,
    },
    Go {
        to: SpaceId,
    },
    // ---- action phase
    PlayCp {
        card: CardId,
    },
    /// Play a card as its event (`events`; [6.1], [11]).
    PlayEvent {
        card: CardId,
    },
    Pass,
    MoveFrom {
        space: SpaceId,
    },
    Control {
        space: SpaceId,
    },
    RemoveUnrest {
        space: SpaceId,
    },
    Raise {
        space: SpaceId,
        kind: UnitKind,
    },
    Build {
        space: SpaceId,
        kind: ShipKind,
    },
    BuildFortress {
        space: SpaceId,
    },
    EndActions,
    /// Assault the besieged space (1 CP, seed [15.1]).
    Assault {
        space: SpaceId,
    },
    // ---- combat and responses
    /// Play a response or combat card in an open window.
    PlayCard {
        card: CardId,
    },
    InterceptFrom {
        space: SpaceId,
    },
    AvoidTo {
        space: SpaceId,
    },
    Withdraw,
    /// Lose one land unit (`part` 1: a unit that joined a relief battle from the fortress).
    Lose {
        owner: PoolOwner,
        kind: UnitKind,
        part: u8,
    },
    /// Put one unit of the beaten stack into the fortress ([14.1], [15.2]).
    Garrison {
        owner: PoolOwner,
        kind: UnitKind,
        part: u8,
    },
    GarrisonLeader {
        leader: u8,
    },
    /// A unit inside the fortress joins the relief battle ([15.2]).
    Join {
        owner: PoolOwner,
        kind: UnitKind,
    },
    JoinLeader {
        leader: u8,
    },
    RetreatTo {
        space: SpaceId,
    },
    /// The naval move action (1 CP, seed [16.1]).
    NavalMove,
    /// Naval transport of a formation from this port ([16.3]).
    Transport {
        space: SpaceId,
    },
    /// Piracy in a sea zone against a target (2 CP, seed [16.4]).
    Pirate {
        zone: crate::data::SeaZoneId,
        target: Pw,
    },
    /// The piracy target's reward: one of its ships there is eliminated.
    GiveShip {
        at: Waters,
        owner: PoolOwner,
        kind: ShipKind,
    },
    /// The reward: the pirate draws a random card from the target's hand.
    GiveCard,
    /// The reward: the pirate gains a piracy VP.
    GiveVp,
    /// Carry the transported formation to a sea zone, or land it in a port (1 CP).
    ShipTo {
        to: Waters,
    },
    /// Order one ship of `kind` at `from` to sail to `to`.
    Sail {
        from: Waters,
        kind: ShipKind,
        to: Waters,
    },
    NavalIntercept {
        from: Waters,
        into: Waters,
    },
    NavalAvoid {
        from: Waters,
        to: Waters,
    },
    /// Play Galleasses for the attacker (0) or the defender (1) ([16.2] step 6).
    Galleasses {
        side: u8,
    },
    /// Lose one ship.
    Sink {
        owner: PoolOwner,
        kind: ShipKind,
    },
    NavalRetreat {
        to: Waters,
    },
    // ---- winter
    HreMercenaries,
    HreForHire,
    // ---- the subsystems' own choices (one variant each)
    Religion(crate::religion::Move),
    Espionage(crate::espionage::Move),
    Royals(crate::royals::Move),
    Patronage(crate::patronage::Move),
    World(crate::world::Move),
    Minors(crate::minors::Move),
    Majors(crate::majors::Move),
    Armada(crate::armada::Move),
}

/// The kind of deal a proposal names (with its size).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DealPick {
    Peace,
    Alliance,
    GiveCards(u8),
    GiveTreasures(u8),
    ReturnLeader(u8),
    Cede(SpaceId),
    Mercenaries {
        n: u8,
        from: Option<SpaceId>,
        to: SpaceId,
    },
    ShipLoan {
        port: SpaceId,
        kind: ShipKind,
        n: u8,
        /// A naval leader of that port lent with the ships ([9.2]; RULINGS A14).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        admiral: Option<u8>,
    },
    /// A marriage of one noble of each party (RULINGS S9).
    Marriage(crate::royals::wedding::Couple),
}

impl DealPick {
    pub fn deal(self) -> Deal {
        match self {
            DealPick::Peace => Deal::Peace,
            DealPick::Alliance => Deal::Alliance,
            DealPick::GiveCards(n) => Deal::GiveCards(n),
            DealPick::GiveTreasures(n) => Deal::GiveTreasures(n),
            DealPick::ReturnLeader(l) => Deal::ReturnLeader(l),
            DealPick::Cede(sp) => Deal::Cede(sp),
            DealPick::Mercenaries { n, from, to } => Deal::Mercenaries { n, from, to },
            DealPick::ShipLoan {
                port,
                kind,
                n,
                admiral,
            } => Deal::ShipLoan {
                port,
                kind,
                n,
                admiral,
            },
            DealPick::Marriage(c) => Deal::Marriage(c),
        }
    }

    /// The pick that proposes `deal` (the inverse of [`DealPick::deal`]).
    pub fn of(deal: Deal) -> DealPick {
        match deal {
            Deal::Peace => DealPick::Peace,
            Deal::Alliance => DealPick::Alliance,
            Deal::GiveCards(n) => DealPick::GiveCards(n),
            Deal::GiveTreasures(n) => DealPick::GiveTreasures(n),
            Deal::ReturnLeader(l) => DealPick::ReturnLeader(l),
            Deal::Cede(sp) => DealPick::Cede(sp),
            Deal::Mercenaries { n, from, to } => DealPick::Mercenaries { n, from, to },
            Deal::ShipLoan {
                port,
                kind,
                n,
                admiral,
            } => DealPick::ShipLoan {
                port,
                kind,
                n,
                admiral,
            },
            Deal::Marriage(c) => DealPick::Marriage(c),
        }
    }
}

/// What happened (addressed by [`signoria_engine::Scoped`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    TurnBegins {
        turn: u8,
    },
    /// Public half of the deal: how many cards each power now holds.
    Dealt {
        power: Pw,
        cards: u8,
    },
    /// Private half: the cards a power received.
    Received {
        power: Pw,
        cards: Vec<CardId>,
    },
    Proposed {
        from: Pw,
        to: Pw,
        deal: Deal,
    },
    DealAccepted {
        from: Pw,
        to: Pw,
        deal: Deal,
    },
    DealRejected {
        from: Pw,
        to: Pw,
    },
    /// Public: an announcement of the negotiation segment ([9.1] L676).
    Announced {
        id: u16,
        by: Pw,
        clauses: Vec<crate::diplomacy::announce::Clause>,
    },
    /// Public: a party confirmed or rejected an announcement.
    Answered {
        id: u16,
        by: Pw,
        confirmed: bool,
    },
    /// Public: an announcement rejected, or no longer possible, does not take effect.
    AnnouncementVoid {
        id: u16,
    },
    /// Public: cards changed hands (how many).
    CardsGiven {
        from: Pw,
        to: Pw,
        count: u8,
    },
    PeaceMade {
        a: Pw,
        b: Pw,
    },
    AllianceMade {
        a: Pw,
        b: Pw,
    },
    Ransomed {
        leader: u8,
        card_taken: bool,
    },
    /// A captured leader returned by agreement ([9.1] 4).
    LeaderReturned {
        leader: u8,
    },
    WarDeclared {
        by: Pw,
        on: Pw,
    },
    PaidWith {
        power: Pw,
        card: CardId,
    },
    PreferenceRecorded,
    LeaderPlaced {
        leader: u8,
        space: SpaceId,
    },
    HomeCardSetAside {
        power: Pw,
    },
    Moved {
        power: Pw,
        from: SpaceId,
        to: SpaceId,
        troops: Troops,
        leaders: Vec<u8>,
    },
    CardPlayed {
        power: Pw,
        card: CardId,
    },
    Passed {
        power: Pw,
    },
    Controlled {
        power: Pw,
        space: SpaceId,
    },
    UnrestRemoved {
        space: SpaceId,
    },
    Raised {
        power: Pw,
        space: SpaceId,
        kind: UnitKind,
    },
    Built {
        power: Pw,
        space: SpaceId,
        kind: ShipKind,
    },
    FortressBuilt {
        space: SpaceId,
    },
    WinterReturn {
        owner: PoolOwner,
        from: SpaceId,
        to: Option<SpaceId>,
        troops: Troops,
        lost: Troops,
    },
    Replacement {
        power: Pw,
        space: SpaceId,
        troops: Troops,
    },
    AlliancesEnd,
    /// A response or combat card was played (public).
    ResponsePlayed {
        power: Pw,
        card: CardId,
    },
    /// Dice rolled in combat (public).
    Rolled {
        power: Power,
        purpose: String,
        dice: Vec<u8>,
        hits: u8,
    },
    /// A note of a combat procedure (public).
    CombatNote {
        text: String,
    },
    Intercepted {
        power: Pw,
        from: SpaceId,
        to: SpaceId,
        success: bool,
    },
    Avoided {
        power: Pw,
        from: SpaceId,
        to: SpaceId,
        success: bool,
    },
    Withdrew {
        power: Pw,
        space: SpaceId,
    },
    BattleFought {
        space: SpaceId,
        attacker: Pw,
        attacker_won: bool,
        attacker_hits: u8,
        defender_hits: u8,
    },
    UnitsLost {
        owner: PoolOwner,
        space: SpaceId,
        troops: Troops,
    },
    LeaderCaptured {
        leader: u8,
        by: Pw,
    },
    Retreated {
        power: Power,
        from: SpaceId,
        to: SpaceId,
    },
    SiegeBegun {
        space: SpaceId,
        by: Pw,
    },
    SiegeLifted {
        space: SpaceId,
    },
    Assaulted {
        space: SpaceId,
        attacker: Pw,
        success: bool,
    },
    NavalBattleFought {
        attacker: Pw,
        attacker_won: bool,
        hits: Vec<u8>,
    },
    Pirated {
        pirate: Pw,
        target: Pw,
        hits: u8,
        rewards: u8,
    },
    Score {
        vp: Vec<i16>,
    },
    Victory {
        powers: Vec<Pw>,
        kind: String,
    },
    /// A card was played as its event (public).
    EventPlayed {
        power: Pw,
        card: CardId,
    },
    // ---- what the subsystems report (one variant each)
    Religion(crate::religion::Event),
    Espionage(crate::espionage::Event),
    Royals(crate::royals::Event),
    Patronage(crate::patronage::Event),
    World(crate::world::Event),
    Minors(crate::minors::Event),
    Majors(crate::majors::Event),
    Armada(crate::armada::Event),
}

/// The whole game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// The powers each seat plays.
    pub seats: Vec<Vec<Pw>>,
    pub turn: u8,
    pub last_turn: u8,
    pub stack: Vec<Frame>,
    pub spaces: Vec<SpaceState>,
    /// Ships in the 13 sea zones (seed [2.5], [16.1]).
    #[serde(default)]
    pub seas: Vec<crate::naval::SeaState>,
    /// The majors' naval leaders (seed [5.2]).
    #[serde(default)]
    pub admirals: Vec<crate::admirals::AdmiralState>,
    /// Piracy markers of this turn: (pirate, sea zone) ([16.4] step 1).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub piracy: Vec<(Pw, crate::data::SeaZoneId)>,
    pub powers: Vec<PowerState>,
    pub leaders: Vec<Leader>,
    /// Pairs of majors at war, each sorted (smaller index first).
    pub wars: Vec<(Pw, Pw)>,
    pub alliances: Vec<(Pw, Pw)>,
    /// Peace or alliance made this diplomacy phase: no DOW between them (seed [9.4]).
    #[serde(default)]
    pub no_dow: Vec<(Pw, Pw)>,
    /// The announcement being drafted by the power whose negotiation turn it is ([9.1];
    /// secret to the parties of each clause).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub draft: Vec<crate::diplomacy::announce::Clause>,
    /// Announcements awaiting confirmations ([9.1] L676).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub announcements: Vec<crate::diplomacy::announce::Announcement>,
    /// The announcements of this segment: (announcer, number of clauses).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub announced: Vec<(Pw, u8)>,
    /// Card gifts this turn flow one way per pair (seed [9.1]): (giver, receiver).
    #[serde(default)]
    pub gifts: Vec<(Pw, Pw)>,
    /// Mercenary gifts this turn flow one way per pair (seed [9.1]): (giver, receiver).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mercs_given: Vec<(Pw, Pw)>,
    /// Ships lent this turn ([9.2]; they go back in winter).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ship_loans: Vec<crate::diplomacy::ship_loans::Loan>,
    pub deck: Vec<CardId>,
    pub discard: Vec<CardId>,
    /// Cards not yet in the game (turn-stamped) or held out (see RULINGS.md).
    pub out: Vec<CardId>,
    /// Cards played this turn as an event, response or combat card: none of them may be
    /// played as an event again this turn ([11]) nor taken from the discard pile ([6.2]).
    #[serde(default)]
    pub evented: Vec<CardId>,
    /// Cards removed from the game after their event ([6.2]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removed: Vec<CardId>,
    /// Cards whose event lasts until the end of this turn (`events::Lasts::Turn`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub in_effect: Vec<CardId>,
    /// Leaders placed in this spring deployment (they did not begin it in a capital).
    #[serde(default)]
    pub fresh: Vec<u8>,
    /// Bonus VP per major (Paris, Master of Central Europe..., seed [25.2]).
    pub bonus_vp: Vec<i16>,
    /// Units each owner should have on the map (land, ships): every raise, build and
    /// loss is booked here, so the playouts can check that units are conserved.
    pub ledger: Vec<(PoolOwner, u16, u16)>,
    /// Ships eliminated this turn, per owner and kind: on the turn track until the next
    /// card phase returns them to the pool ([17.3], [8.1]; `lost_ships`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lost_ships: Vec<(PoolOwner, Ships)>,
    /// Every card of this game, sorted (for the conservation check).
    pub cards: Vec<u8>,
    /// Impulses played so far in the game (for "an earlier impulse", seed [15.1]).
    #[serde(default)]
    pub impulse: u16,
    #[serde(default)]
    pub memo: Memo,
    /// The winners once the game is decided, and how.
    pub winners: Option<(Vec<Pw>, String)>,
    pub rng: GameRng,
    /// The most Knights of St. John this game can show: the scenario's strength, at least
    /// the 1 of *Malteserorden* (RULINGS K11, K13; `knights::violations`). States written
    /// before it read the larger scenario strength.
    #[serde(default = "crate::knights::max_strength")]
    pub knights_cap: u8,
    // ---- the subsystems' state (one field each; stored only when not default)
    #[serde(default, skip_serializing_if = "is_default")]
    pub religion: crate::religion::State,
    #[serde(default, skip_serializing_if = "is_default")]
    pub espionage: crate::espionage::State,
    #[serde(default, skip_serializing_if = "is_default")]
    pub royals: crate::royals::State,
    #[serde(default, skip_serializing_if = "is_default")]
    pub patronage: crate::patronage::State,
    #[serde(default, skip_serializing_if = "is_default")]
    pub world: crate::world::State,
    #[serde(default, skip_serializing_if = "is_default")]
    pub minors: crate::minors::State,
    #[serde(default, skip_serializing_if = "is_default")]
    pub majors: crate::majors::State,
    #[serde(default, skip_serializing_if = "is_default")]
    pub armada: crate::armada::State,
}

fn is_default<T: Default + PartialEq>(t: &T) -> bool {
    *t == T::default()
}

impl State {
    pub fn n(&self) -> usize {
        self.seats.len()
    }
    /// The seat deciding for `p`: its own, or for an activated major the seat of the
    /// power controlling it; `usize::MAX` (no seat) for an inactive activated major
    /// (`minors::activated`, seed [3.1]).
    pub fn seat_of(&self, p: Pw) -> usize {
        self.seat_opt(p).unwrap_or(usize::MAX)
    }
    /// An event only `p`'s seat may see; for an inactive activated major, which no
    /// seat runs, only omniscient viewers (never addressed to a seat that does not exist).
    pub fn to_power(&self, p: Pw, event: Event) -> Scoped<Event> {
        match self.seat_opt(p) {
            Some(seat) => Scoped::to_seat(seat, event),
            None => Scoped::omniscient(event),
        }
    }
    /// The seat deciding for `p`, None for an inactive activated major.
    pub fn seat_opt(&self, p: Pw) -> Option<usize> {
        let own = |p: Pw| self.seats.iter().position(|s| s.contains(&p));
        own(p).or_else(|| crate::minors::controller(self, p).and_then(own))
    }
    pub fn sp(&self, s: SpaceId) -> &SpaceState {
        &self.spaces[s.0 as usize]
    }
    pub fn sp_mut(&mut self, s: SpaceId) -> &mut SpaceState {
        &mut self.spaces[s.0 as usize]
    }
    pub fn ps(&self, p: Pw) -> &PowerState {
        &self.powers[p as usize]
    }
    pub fn ps_mut(&mut self, p: Pw) -> &mut PowerState {
        &mut self.powers[p as usize]
    }
}
