//! The World map [2.6], [16.5], [16.6], [23]: expeditions, navigation, colonies, world piracy, treasures, the Silver Fleet, circumnavigation; captains, the Armada [23.2], Suez [23.1]; and their cards.
//!
//! A subsystem module: its own decisions ([`Frame`]), choices ([`Move`]), events
//! ([`Event`]), state ([`State`], `model::State.world`), view ([`View`]) and card events
//! ([`EVENTS`]), wired into the shared types by one variant or field each. The rules live
//! in the submodules named after them:
//!
//! - [`treasure`]: the treasure pool, the Spanish and Portuguese rows, treasures in hand
//!   and the impulse extension with a treasure ([6.3], [8.4], [11], [20.2], [20.7]);
//! - [`voyage`]: outfitting expeditions ([17.4]), voyages with navigation rolls and
//!   colonies ([16.1]), colony rolls ([8.4]), circumnavigation ([16.6]), the winter
//!   return ([20.4]), Spanish patrols ([17.3]);
//! - [`piracy`]: piracy on the World map ([16.5]);
//! - [`silver_fleet`]: the mandatory event *Silberflotte* ([23.2]), with England's
//!   re-roll of its zone die;
//! - [`escorts`]: the Silver Fleet escorts of the spring deployment ([10] step 1);
//! - [`fortresses`]: Spain's fortress markers ([8.2]) and World-map fortresses ([17.5]).

pub mod escorts;
pub mod fortresses;
pub mod piracy;
pub mod silver_fleet;
pub mod treasure;
pub mod voyage;

use serde::{Deserialize, Serialize};
use signoria_engine::{GameRng, Scoped, Seat, Viewer};

use crate::data::{OceanZoneId, SpaceId, data};
use crate::events::EventDef;
use crate::model::{self, Moment, Pw, Step};
use crate::pb;

pub use treasure::Treasure;

/// Spain's index in impulse order.
pub const SPAIN: Pw = 1;
pub const OTTOMAN: Pw = 0;

fn not(b: &bool) -> bool {
    !*b
}
fn is_zero(x: &u8) -> bool {
    *x == 0
}

/// Whom world piracy targets ([16.5] step 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Target {
    Spain,
    Portugal,
}

/// A unit that sails on the World map: a captain (index into `data().captains`) or a
/// Spanish patrol standing in an ocean zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ship {
    Captain(u8),
    Patrol { from: u8 },
}

/// A reward of a piracy hit ([16.5] step 5, [23.2] step 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Reward {
    /// A Spanish patrol in the zone is eliminated.
    Patrol,
    /// The pirate draws a random treasure (from the row, or the Silver Fleet's).
    Treasure,
    /// The pirate gains a piracy VP.
    Vp,
    /// An escorting galleon is eliminated (the Silver Fleet only).
    Galleon,
}

impl Reward {
    pub const ALL: [Reward; 4] = [
        Reward::Patrol,
        Reward::Treasure,
        Reward::Vp,
        Reward::Galleon,
    ];
    fn idx(self) -> usize {
        self as usize
    }
}

/// Where a captain is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum At {
    /// In the power's pool; may be outfitted from this turn on ([8.1], the turn track).
    Home(u8),
    /// In an ocean zone, on an expedition.
    Zone(u8),
    /// Wintering in a colony (a settlement) of his power ([20.4]).
    Colony(u8),
    /// Out of the game.
    Gone,
}

/// One captain's counter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cap {
    pub at: At,
    /// The power whose expedition he leads (while on the World map).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<Pw>,
    /// Wounded / expedition damaged ([5.2]).
    #[serde(default, skip_serializing_if = "not")]
    pub damaged: bool,
    /// Carries a colony marker ([17.4]).
    #[serde(default, skip_serializing_if = "not")]
    pub colony: bool,
    /// Booty taken by piracy ([16.5] step 6).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub booty: Vec<Treasure>,
    /// The legs sailed on this voyage that count for a circumnavigation ([16.6]).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub legs: u8,
}

/// Its decisions (`model::Frame::World`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Frame {
    /// `who` gives the orders of a voyage, one ship at a time ([16.1] step 1).
    Orders { who: Pw, orders: Vec<(Ship, u8)> },
    /// `who` may place the colony its captain carries in a settlement ([16.1] step 2).
    Settle { who: Pw, captain: u8 },
    /// Spain chooses the reward of each hit of a world piracy ([16.5] step 5).
    Reward {
        pirate: Pw,
        captain: u8,
        target: Target,
        left: u8,
        given: [u8; 4],
    },
    /// `who` may bring its captain home ([16.5] step 7, [23.2] step 6).
    Home { who: Pw, captain: u8 },
    /// Spain picks the treasures the Silver Fleet ships ([23.2] step 2).
    Select { chosen: Vec<Treasure>, need: u8 },
    /// The Silver Fleet sails to `zone`: the expeditions there attack in turn ([23.2]
    /// steps 4-6; automatic).
    Fleet {
        zone: u8,
        chosen: Vec<Treasure>,
        queue: Vec<u8>,
    },
    /// The owner of an expedition that beat the Silver Fleet picks its rewards ([23.2]
    /// step 4).
    FleetReward {
        captain: u8,
        zone: u8,
        chosen: Vec<Treasure>,
        queue: Vec<u8>,
        left: u8,
        given: [u8; 4],
    },
    /// `who` may extend its impulse with a treasure after an event that gave no CP
    /// ([11]; `treasure::after_event`).
    Extend { who: Pw },
    /// Spain moves Silver Fleet escorts in the spring deployment ([10] step 1); `back`:
    /// the direction chosen this turn.
    Escorts { back: Option<bool> },
    /// England may re-roll the Silver Fleet's zone die once ([23.2] step 3).
    Reroll { chosen: Vec<Treasure>, zone: u8 },
}

/// Its choices (`model::Move::World`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// Outfit an expedition with this captain in an entry zone, with a colony or not
    /// (1 CP, 2 with a colony, [17.4]).
    Outfit { captain: u8, zone: u8, colony: bool },
    /// A naval move on the World map (1 CP, [16.1]).
    Voyage,
    /// Piracy on the World map (2 CP, [16.5]).
    Pirate { captain: u8, target: Target },
    /// Spain builds a patrol in an ocean zone next to a settlement it controls (2 CP,
    /// [17.3]).
    BuildPatrol { zone: u8 },
    /// Extend the impulse with a treasure from the hand ([11]).
    PlayTreasure { treasure: Treasure },
    /// Order a ship of the voyage to an adjacent ocean zone.
    Order { ship: Ship, to: u8 },
    /// Carry out the voyage.
    Sail,
    /// Place the colony in this settlement.
    Settle { settlement: u8 },
    /// Keep the colony aboard.
    NoColony,
    /// The reward of one hit.
    Give(Reward),
    /// Bring the captain home now.
    GoHome,
    /// Stay at sea.
    StayAtSea,
    /// Ship this treasure of the row with the Silver Fleet.
    Ship { treasure: Treasure },
    /// Spain puts a fortress marker of its card on a settlement (2 CP, [17.5]).
    BuildFortress { settlement: u8 },
    /// A galleon of the home port joins the Silver Fleet escorts, or (`back`) an escort
    /// goes back to the port ([10] step 1).
    Escort { port: SpaceId, back: bool },
    /// No more escort moves this spring.
    EscortsDone,
    /// England re-rolls the Silver Fleet's zone die ([23.2] step 3).
    Reroll,
    /// England keeps it.
    KeepDie,
}

/// What happened (`model::Event::World`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    Outfitted {
        power: Pw,
        captain: u8,
        zone: u8,
        colony: bool,
    },
    Sailed {
        power: Pw,
        ship: Ship,
        to: u8,
    },
    /// A navigation roll ([16.1]): the modified roll and its result.
    Navigation {
        captain: u8,
        roll: u8,
        result: String,
    },
    ColonyFounded {
        power: Pw,
        settlement: u8,
    },
    /// A colony roll in the card phase ([8.4]).
    ColonyRolled {
        power: Pw,
        settlement: u8,
        roll: u8,
        result: String,
    },
    Circumnavigated {
        power: Pw,
        captain: u8,
        vp: u8,
    },
    CaptainHome {
        power: Pw,
        captain: u8,
        booty: u8,
    },
    CaptainLost {
        captain: u8,
    },
    WorldPiracy {
        pirate: Pw,
        captain: u8,
        target: Target,
        defence_hits: u8,
        hits: u8,
    },
    Rewarded {
        pirate: Pw,
        reward: Reward,
    },
    PatrolBuilt {
        zone: u8,
    },
    /// Public: how many treasures a power received (rows, colonies, booty).
    TreasuresGained {
        power: Pw,
        count: u8,
    },
    /// Private to the receiver: which.
    TreasuresSeen {
        power: Pw,
        treasures: Vec<Treasure>,
    },
    /// A treasure extends the impulse (its face is shown when played, [6.3]).
    TreasurePlayed {
        power: Pw,
        treasure: Treasure,
    },
    /// The Silver Fleet sails ([23.2] step 3).
    SilverFleet {
        zone: u8,
        treasures: u8,
    },
    /// Spain receives the treasures of the row or the fleet (count).
    SpainReceives {
        count: u8,
    },
    /// A Spanish fortress on a World-map settlement ([17.5]).
    FortressBuilt {
        settlement: u8,
    },
    /// The Silver Fleet escorts now number `count` ([10] step 1).
    Escorts {
        count: u8,
    },
    /// England re-rolled the Silver Fleet's die: it sails to `zone` ([23.2] step 3).
    Rerolled {
        zone: u8,
    },
}

/// Its part of the game state (`model::State.world`; stored only when not default).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// Set once the pool and the captains are laid out ([`ensure`]).
    #[serde(default, skip_serializing_if = "not")]
    pub ready: bool,
    /// The face-down treasure pool ([6.3]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pool: Vec<Treasure>,
    /// Treasures spent or discarded this turn (face up, back into the pool in the next
    /// card phase, [6.3], [8.4]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spent: Vec<Treasure>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spain_row: Vec<Treasure>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub portugal_row: Vec<Treasure>,
    /// Treasures in each major's hand (impulse order).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hands: Vec<Vec<Treasure>>,
    /// The captains, in the order of `data().captains`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub captains: Vec<Cap>,
    /// Colonies on the map: (settlement, owner).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub colonies: Vec<(u8, Pw)>,
    /// Spanish patrols: the ocean zone of each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub patrols: Vec<u8>,
    /// World piracy markers of this turn: (pirate, ocean zone) ([16.5] step 1).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub piracy: Vec<(Pw, u8)>,
    /// VP per major from the World map: piracy, circumnavigation, Virginia Dare, 1-VP
    /// treasures ([25.2] bonus VP).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub vp: Vec<i16>,
    /// 1-VP treasures played: in the bonus VP box for good ([11]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bank: Vec<Treasure>,
    /// Circumnavigations made so far ([16.6]).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub circumnavigations: u8,
    /// The Virginia Dare VP was given ([8.4]; RULINGS W6).
    #[serde(default, skip_serializing_if = "not")]
    pub dare: bool,
    /// The impulse extension under way ([11]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ext: Option<treasure::Ext>,
    /// Action types used in the current impulse: (impulse, types) ([11]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub used: Option<(u16, Vec<u8>)>,
    /// Treasure gifts of the negotiation segment: (turn, giver, receiver) ([9.1] 7, one
    /// direction per pair and turn; `diplomacy::treasures`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub gifts: Vec<(u8, Pw, Pw)>,
    /// Fortress markers on Spain's power card ([8.2]).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub fortress_markers: u8,
    /// Settlements with a Spanish fortress ([17.5]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fortresses: Vec<u8>,
    /// Galleons in the Silver Fleet escorts box ([10] step 1).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub escorts: u8,
}

/// Lay out the World map's pieces once (the treasure pool, the captains' entry turns).
pub fn ensure(s: &mut model::State) {
    if s.world.ready {
        return;
    }
    let d = data();
    let players = s.n() as u8;
    let w = &mut s.world;
    w.ready = true;
    w.pool = treasure::all();
    w.hands = vec![Vec::new(); 6];
    w.vp = vec![0; 6];
    w.captains = d
        .captains
        .iter()
        .map(|c| Cap {
            // [3.1] with fewer players some captains leave the game (RULINGS I5).
            at: if voyage::removed(players, &c.id) {
                At::Gone
            } else {
                c.entry_turn.map_or(At::Gone, At::Home)
            },
            owner: None,
            damaged: false,
            colony: false,
            booty: Vec::new(),
            legs: 0,
        })
        .collect();
}

/// Its view of a viewer.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct View {
    pub captains: Vec<Cap>,
    pub colonies: Vec<(u8, Pw)>,
    pub patrols: Vec<u8>,
    pub piracy: Vec<(Pw, u8)>,
    pub vp: Vec<i16>,
    pub circumnavigations: u8,
    pub pool: u8,
    pub spent: Vec<Treasure>,
    /// The Spanish row: values for Spain (and omniscient viewers), else only its size.
    pub spain_row: Vec<Treasure>,
    pub spain_row_size: u8,
    pub portugal_row_size: u8,
    /// Treasures in hand per major: how many.
    pub hand_sizes: Vec<u8>,
    /// The viewer's own treasures in hand (its powers').
    pub own: Vec<(Pw, Vec<Treasure>)>,
    pub fortresses: Vec<u8>,
    pub fortress_markers: u8,
    pub escorts: u8,
}

/// Its card events (chained by `events::registry`).
pub static EVENTS: &[EventDef] = &[silver_fleet::EVENT];

/// Its frame kinds on which a seat decides (the playouts check that each is reached).
pub const DECISION_KINDS: &[&str] = &[
    "world_orders",
    "world_settle",
    "world_reward",
    "world_home",
    "world_select",
    "world_fleet_reward",
    "world_extend",
    "world_escorts",
    "world_reroll",
];
/// Its frame kinds that never wait for a seat.
pub const AUTOMATIC_KINDS: &[&str] = &["world_fleet"];

pub fn kind(f: &Frame) -> &'static str {
    match f {
        Frame::Orders { .. } => "world_orders",
        Frame::Settle { .. } => "world_settle",
        Frame::Reward { .. } => "world_reward",
        Frame::Home { .. } => "world_home",
        Frame::Select { .. } => "world_select",
        Frame::Fleet { .. } => "world_fleet",
        Frame::FleetReward { .. } => "world_fleet_reward",
        Frame::Extend { .. } => "world_extend",
        Frame::Escorts { .. } => "world_escorts",
        Frame::Reroll { .. } => "world_reroll",
    }
}

/// The power deciding the frame (None: automatic, see [`auto`]).
pub fn decider(s: &model::State, f: &Frame) -> Option<Pw> {
    match f {
        Frame::Orders { who, .. }
        | Frame::Settle { who, .. }
        | Frame::Home { who, .. }
        | Frame::Extend { who } => Some(*who),
        Frame::Reward { .. } | Frame::Select { .. } | Frame::Escorts { .. } => Some(SPAIN),
        Frame::Reroll { .. } => Some(silver_fleet::ENGLAND),
        Frame::Fleet { .. } => None,
        Frame::FleetReward { captain, .. } => s.world.captains[*captain as usize].owner,
    }
}

pub fn choices(s: &model::State, f: &Frame) -> Vec<model::Move> {
    let v = match f {
        Frame::Extend { who } => return treasure::extend_choices(s, *who),
        Frame::Orders { who, orders } => voyage::order_choices(s, *who, orders),
        Frame::Settle { captain, .. } => voyage::settle_choices(s, *captain),
        Frame::Reward {
            captain,
            target,
            given,
            ..
        } => piracy::reward_choices(s, *captain, *target, given),
        Frame::Home { .. } => vec![Move::GoHome, Move::StayAtSea],
        Frame::Select { chosen, .. } => silver_fleet::select_choices(s, chosen),
        Frame::FleetReward {
            chosen,
            given,
            captain,
            ..
        } => silver_fleet::reward_choices(s, *captain, chosen, given),
        Frame::Fleet { .. } => Vec::new(),
        Frame::Escorts { back } => {
            let mut v = escorts::choices(s, *back);
            v.push(Move::EscortsDone);
            v
        }
        Frame::Reroll { .. } => vec![Move::Reroll, Move::KeepDie],
    };
    v.into_iter().map(model::Move::World).collect()
}

use crate::labels::power_name;

pub fn zone_name(z: u8) -> String {
    data().ocean_zone(OceanZoneId(z)).name.clone()
}

pub fn captain_name(c: u8) -> String {
    data().captains[c as usize].name.clone()
}

pub fn prompt(_s: &model::State, f: &Frame) -> String {
    match f {
        Frame::Orders { who, orders } => format!(
            "{}: order ships of the voyage ({} ordered), or sail",
            power_name(*who),
            orders.len()
        ),
        Frame::Settle { who, captain } => format!(
            "{}: place the colony {} carries, or keep it aboard",
            power_name(*who),
            captain_name(*captain)
        ),
        Frame::Reward { pirate, left, .. } => format!(
            "Spain: choose the reward of a piracy hit by {} ({left} left)",
            power_name(*pirate)
        ),
        Frame::Home { who, captain } => format!(
            "{}: bring {} home now, or stay at sea",
            power_name(*who),
            captain_name(*captain)
        ),
        Frame::Select { chosen, need } => format!(
            "Spain: choose the treasures the Silver Fleet ships ({} of {need})",
            chosen.len()
        ),
        Frame::Fleet { .. } => String::new(),
        Frame::Extend { who } => format!(
            "{}: extend the impulse with a treasure, or finish",
            power_name(*who)
        ),
        Frame::FleetReward { captain, left, .. } => format!(
            "{}: choose the reward of a hit on the Silver Fleet ({left} left)",
            captain_name(*captain)
        ),
        Frame::Escorts { .. } => "Spain: move galleons to or from the Silver Fleet escorts".into(),
        Frame::Reroll { zone, .. } => format!(
            "England: re-roll the Silver Fleet's die (it sails to the {})?",
            zone_name(*zone)
        ),
    }
}

/// Apply a listed choice to the frame on top of the stack (`f` is a copy of it).
pub fn resolve(
    s: &mut model::State,
    f: Frame,
    mv: &model::Move,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    if let Frame::Extend { who } = f {
        return treasure::resolve_extend(s, who, mv, ev);
    }
    let model::Move::World(m) = mv else {
        unreachable!("a world frame takes world moves: {mv:?}")
    };
    match f {
        Frame::Orders { who, orders } => voyage::resolve_orders(s, who, orders, m, ev),
        Frame::Settle { who, captain } => voyage::resolve_settle(s, who, captain, m, ev),
        Frame::Reward { .. } => piracy::resolve_reward(s, f, m, ev),
        Frame::Home { who, captain } => {
            s.stack.pop();
            if *m == Move::GoHome {
                voyage::go_home(s, who, captain, ev);
            }
        }
        Frame::Select { .. } => silver_fleet::resolve_select(s, f, m, ev),
        Frame::FleetReward { .. } => silver_fleet::resolve_reward(s, f, m, ev),
        Frame::Escorts { .. } => escorts::resolve(s, m, ev),
        Frame::Reroll { chosen, zone } => silver_fleet::resolve_reroll(s, chosen, zone, m, ev),
        Frame::Fleet { .. } => unreachable!("automatic"),
        Frame::Extend { .. } => unreachable!("resolved above"),
    }
}

/// Run an automatic frame (already popped from the stack).
pub fn auto(s: &mut model::State, f: Frame, ev: &mut Vec<Scoped<model::Event>>) {
    match f {
        Frame::Fleet {
            zone,
            chosen,
            queue,
        } => silver_fleet::attack(s, zone, chosen, queue, ev),
        other => unreachable!("not automatic: {other:?}"),
    }
}

/// Its CP actions `who` may take with `cp` CP left in the impulse ([11]).
pub fn actions(s: &model::State, who: Pw, cp: u8) -> Vec<model::Move> {
    let mut v = voyage::actions(s, who, cp);
    v.extend(piracy::actions(s, who, cp));
    v.extend(fortresses::actions(s, who, cp));
    v.extend(treasure::actions(s, who));
    v.into_iter()
        .map(model::Move::World)
        .filter(|m| treasure::allowed(s, m))
        .collect()
}

/// Carry out one of its CP actions; returns the CP it costs now (0 when a frame it
/// pushes spends them later).
pub fn act(
    s: &mut model::State,
    who: Pw,
    _cp: u8,
    mv: &Move,
    ev: &mut Vec<Scoped<model::Event>>,
) -> u8 {
    ensure(s);
    match mv {
        Move::Outfit {
            captain,
            zone,
            colony,
        } => voyage::outfit(s, who, *captain, *zone, *colony, ev),
        // [16.1]: the captains and patrols sail with one CP (an action of its own,
        // RULINGS W1).
        Move::Voyage => {
            s.stack.push(model::Frame::World(Frame::Orders {
                who,
                orders: Vec::new(),
            }));
            1
        }
        Move::Pirate { captain, target } => piracy::start(s, who, *captain, *target, ev),
        Move::BuildPatrol { zone } => {
            // [17.3]: 2 CP, one patrol into an ocean zone next to a Spanish settlement.
            s.world.patrols.push(*zone);
            s.world.patrols.sort();
            ev.push(Scoped::public(model::Event::World(Event::PatrolBuilt {
                zone: *zone,
            })));
            2
        }
        Move::PlayTreasure { treasure } => treasure::play(s, who, *treasure, ev),
        Move::BuildFortress { settlement } => fortresses::build(s, *settlement, ev),
        other => unreachable!("not an action: {other:?}"),
    }
}

/// What it does at a fixed moment of the turn ([7]); it may push frames.
pub fn at(s: &mut model::State, when: Moment, ev: &mut Vec<Scoped<model::Event>>) {
    ensure(s);
    match when {
        Moment::TurnBegins => {
            s.world.piracy.clear();
            s.world.ext = None;
            s.world.used = None;
        }
        // [8.4]: the pool is refilled, the rows filled, the colonies roll.
        Moment::After(Step::CardDraw) => {
            fortresses::allot(s);
            treasure::refill(s, ev);
            voyage::colony_rolls(s, ev);
        }
        // [20.2], [20.4], [20.7].
        Moment::After(Step::Winter) => {
            treasure::winter_discard(s);
            voyage::winter_return(s, ev);
            treasure::winter_rows(s, ev);
        }
        _ => {}
    }
}

/// Its VP for `p` ([25.2]).
pub fn vp(s: &model::State, p: Pw) -> i16 {
    s.world.vp.get(p as usize).copied().unwrap_or(0)
}

/// Its change to the number of cards `p` draws ([6.2] step 4).
pub fn card_bonus(_s: &model::State, _p: Pw) -> i8 {
    0
}

/// An event only `p`'s seat sees (an activated major no seat runs: nobody but the
/// omniscient viewer).
pub fn private(s: &model::State, p: Pw, e: Event) -> Scoped<model::Event> {
    s.to_power(p, model::Event::World(e))
}

pub fn add_vp(s: &mut model::State, p: Pw, n: i16) {
    if s.world.vp.len() < 6 {
        s.world.vp.resize(6, 0);
    }
    s.world.vp[p as usize] += n;
}

fn target_name(t: Target) -> &'static str {
    match t {
        Target::Spain => "Spain",
        Target::Portugal => "Portugal",
    }
}

fn reward_name(r: Reward) -> &'static str {
    match r {
        Reward::Patrol => "a patrol eliminated",
        Reward::Treasure => "a treasure",
        Reward::Vp => "a piracy VP",
        Reward::Galleon => "an escorting galleon eliminated",
    }
}

pub fn describe(_s: &model::State, mv: &Move) -> String {
    match mv {
        Move::Outfit {
            captain,
            zone,
            colony,
        } => format!(
            "outfit an expedition with {} in the {}{}",
            captain_name(*captain),
            zone_name(*zone),
            if *colony { " carrying a colony" } else { "" }
        ),
        Move::Voyage => "naval move on the World map".into(),
        Move::Pirate { captain, target } => format!(
            "piracy with {} against {}",
            captain_name(*captain),
            target_name(*target)
        ),
        Move::BuildPatrol { zone } => format!("build a patrol in the {}", zone_name(*zone)),
        Move::PlayTreasure { treasure } => {
            format!("extend the impulse with a {}", treasure::name(*treasure))
        }
        Move::Order { ship, to } => match ship {
            Ship::Captain(c) => format!("{} sails to the {}", captain_name(*c), zone_name(*to)),
            Ship::Patrol { from } => format!(
                "a patrol sails from the {} to the {}",
                zone_name(*from),
                zone_name(*to)
            ),
        },
        Move::Sail => "carry out the voyage".into(),
        Move::Settle { settlement } => format!(
            "found a colony at {}",
            data()
                .settlement(crate::data::SettlementId(*settlement))
                .name
        ),
        Move::NoColony => "keep the colony aboard".into(),
        Move::Give(r) => format!("reward: {}", reward_name(*r)),
        Move::GoHome => "bring the captain home".into(),
        Move::StayAtSea => "stay at sea".into(),
        Move::Ship { treasure } => {
            format!("ship a {} with the Silver Fleet", treasure::name(*treasure))
        }
        Move::BuildFortress { settlement } => format!(
            "build a fortress at {}",
            data()
                .settlement(crate::data::SettlementId(*settlement))
                .name
        ),
        Move::Escort { port, back: false } => format!(
            "a galleon of {} joins the Silver Fleet escorts",
            data().space(*port).name
        ),
        Move::Escort { port, back: true } => format!(
            "an escorting galleon goes back to {}",
            data().space(*port).name
        ),
        Move::EscortsDone => "no more escort moves".into(),
        Move::Reroll => "re-roll the Silver Fleet's die".into(),
        Move::KeepDie => "keep the Silver Fleet's die".into(),
    }
}

/// The majors a viewer plays.
fn viewer_powers(s: &model::State, viewer: Viewer) -> Vec<Pw> {
    match viewer {
        Viewer::Seat(seat) => (0..6u8).filter(|&p| s.seat_of(p) == seat).collect(),
        Viewer::Omniscient => (0..6u8).collect(),
        _ => Vec::new(),
    }
}

pub fn view(s: &model::State, viewer: Viewer) -> View {
    let w = &s.world;
    let mine = viewer_powers(s, viewer);
    let captains = w
        .captains
        .iter()
        .map(|c| {
            let mut c = c.clone();
            // Booty is seen only by the expedition's owner; others see how much.
            if !c.owner.is_some_and(|o| mine.contains(&o)) {
                c.booty = vec![treasure::HIDDEN; c.booty.len()];
            }
            c
        })
        .collect();
    View {
        captains,
        colonies: w.colonies.clone(),
        patrols: w.patrols.clone(),
        piracy: w.piracy.clone(),
        vp: w.vp.clone(),
        circumnavigations: w.circumnavigations,
        pool: w.pool.len() as u8,
        spent: w.spent.clone(),
        spain_row: if mine.contains(&SPAIN) {
            w.spain_row.clone()
        } else {
            Vec::new()
        },
        spain_row_size: w.spain_row.len() as u8,
        portugal_row_size: w.portugal_row.len() as u8,
        hand_sizes: w.hands.iter().map(|h| h.len() as u8).collect(),
        own: mine
            .iter()
            .filter_map(|&p| w.hands.get(p as usize).map(|h| (p, h.clone())))
            .collect(),
        fortresses: w.fortresses.clone(),
        fortress_markers: w.fortress_markers,
        escorts: w.escorts,
    }
}

/// Its rule invariants (checked after every move of the playouts).
pub fn violations(s: &model::State) -> Vec<String> {
    let w = &s.world;
    let mut v = Vec::new();
    if !w.ready {
        return v;
    }
    // Every treasure is in exactly one place (30 tokens, [6]); 1-VP treasures played
    // stay in the bonus box (counted in `vp`, out of the game).
    let mut all: Vec<Treasure> = w.pool.clone();
    all.extend(&w.spent);
    all.extend(&w.spain_row);
    all.extend(&w.portugal_row);
    for h in &w.hands {
        all.extend(h);
    }
    for c in &w.captains {
        all.extend(&c.booty);
    }
    all.extend(&w.bank);
    all.extend(silver_fleet::in_transit(s));
    let mut expect = treasure::all();
    all.sort();
    expect.sort();
    if all != expect {
        v.push(format!(
            "treasures not conserved: {} in play, {} expected",
            all.len(),
            expect.len()
        ));
    }
    for (i, c) in w.captains.iter().enumerate() {
        let cap = if c.damaged { 1 } else { 2 };
        if c.booty.len() > cap {
            v.push(format!("captain {i} carries {} treasures", c.booty.len()));
        }
        if matches!(c.at, At::Zone(_) | At::Colony(_)) != c.owner.is_some() {
            v.push(format!(
                "captain {i} on the map without an owner or vice versa"
            ));
        }
        if !matches!(c.at, At::Zone(_) | At::Colony(_)) && (c.colony || !c.booty.is_empty()) {
            v.push(format!("captain {i} off the map with a colony or booty"));
        }
    }
    for p in 0..6u8 {
        let aboard = w
            .captains
            .iter()
            .filter(|c| c.owner == Some(p) && c.colony)
            .count();
        let placed = w.colonies.iter().filter(|c| c.1 == p).count();
        if aboard + placed > voyage::colony_markers(p) as usize {
            v.push(format!("power {p} uses more colony markers than it has"));
        }
    }
    let mut sts: Vec<u8> = w.colonies.iter().map(|c| c.0).collect();
    sts.sort();
    let n = sts.len();
    sts.dedup();
    if sts.len() != n {
        v.push("two colonies in one settlement".into());
    }
    if w.escorts > data().tables.silver_fleet.escort_max_galleons {
        v.push("more Silver Fleet escorts than the box holds".into());
    }
    let mut forts = w.fortresses.clone();
    forts.dedup();
    if forts.len() != w.fortresses.len() {
        v.push("two fortresses on one settlement".into());
    }
    if w.patrols.len() > voyage::patrol_counters() as usize {
        v.push("more patrols than counters".into());
    }
    if w.spain_row.len() > 5 || w.portugal_row.len() > 3 {
        v.push("a treasure row overfull".into());
    }
    v
}

/// Redraw what `seat` may not see of it (hidden-information check, search bots): the
/// values of the pool, the Portuguese row, the Spanish row (unless the seat plays
/// Spain), the other powers' treasures in hand and the other expeditions' booty are
/// dealt anew from their union, each place keeping its count.
pub fn resample(s: &mut model::State, seat: Seat, rng: &mut GameRng) {
    if !s.world.ready {
        return;
    }
    let mine: Vec<Pw> = (0..6u8).filter(|&p| s.seat_of(p) == seat).collect();
    let w = &mut s.world;
    let mut bag: Vec<Treasure> = Vec::new();
    bag.append(&mut w.pool.clone());
    bag.extend(&w.portugal_row);
    let spain_hidden = !mine.contains(&SPAIN);
    if spain_hidden {
        bag.extend(&w.spain_row);
    }
    for (p, h) in w.hands.iter().enumerate() {
        if !mine.contains(&(p as Pw)) {
            bag.extend(h);
        }
    }
    for c in &w.captains {
        if !c.owner.is_some_and(|o| mine.contains(&o)) {
            bag.extend(&c.booty);
        }
    }
    bag.sort();
    rng.shuffle(&mut bag);
    let mut deal = |v: &mut Vec<Treasure>| {
        for t in v.iter_mut() {
            *t = bag.pop().expect("counts kept");
        }
    };
    deal(&mut w.pool);
    deal(&mut w.portugal_row);
    if spain_hidden {
        deal(&mut w.spain_row);
    }
    for (p, h) in w.hands.iter_mut().enumerate() {
        if !mine.contains(&(p as Pw)) {
            deal(h);
        }
    }
    for c in w.captains.iter_mut() {
        if !c.owner.is_some_and(|o| mine.contains(&o)) {
            deal(&mut c.booty);
        }
    }
}

/// Why a move that is not listed is refused, when the reason is a rule of this
/// subsystem that is not implemented (an UNSUPPORTED message naming the rule).
pub fn unsupported(_s: &model::State, _mv: &model::Move) -> Option<String> {
    None
}

fn ship_to_pb(sh: &Ship, p: &mut pb::WorldMove) {
    match *sh {
        Ship::Captain(c) => p.captain = Some(c as u32),
        Ship::Patrol { from } => p.patrol_from = Some(from as u32),
    }
}

fn target_pb(t: Target) -> i32 {
    match t {
        Target::Spain => pb::WorldTarget::Spain as i32,
        Target::Portugal => pb::WorldTarget::Portugal as i32,
    }
}

fn reward_pb(r: Reward) -> i32 {
    match r {
        Reward::Patrol => pb::WorldReward::Patrol as i32,
        Reward::Treasure => pb::WorldReward::Treasure as i32,
        Reward::Vp => pb::WorldReward::Vp as i32,
        Reward::Galleon => pb::WorldReward::Galleon as i32,
    }
}

pub fn move_to_pb(m: &Move) -> pb::WorldMove {
    use pb::WorldMoveKind as K;
    let mut p = pb::WorldMove::default();
    let k = match m {
        Move::Outfit {
            captain,
            zone,
            colony,
        } => {
            p.captain = Some(*captain as u32);
            p.zone = Some(*zone as u32);
            p.colony = *colony;
            K::Outfit
        }
        Move::Voyage => K::Voyage,
        Move::Pirate { captain, target } => {
            p.captain = Some(*captain as u32);
            p.target = target_pb(*target);
            K::Pirate
        }
        Move::BuildPatrol { zone } => {
            p.zone = Some(*zone as u32);
            K::BuildPatrol
        }
        Move::PlayTreasure { treasure } => {
            p.treasure = Some(*treasure as u32);
            K::PlayTreasure
        }
        Move::Order { ship, to } => {
            ship_to_pb(ship, &mut p);
            p.zone = Some(*to as u32);
            K::Order
        }
        Move::Sail => K::Sail,
        Move::Settle { settlement } => {
            p.settlement = Some(*settlement as u32);
            K::Settle
        }
        Move::NoColony => K::NoColony,
        Move::Give(r) => {
            p.reward = reward_pb(*r);
            K::Give
        }
        Move::GoHome => K::GoHome,
        Move::StayAtSea => K::StayAtSea,
        Move::Ship { treasure } => {
            p.treasure = Some(*treasure as u32);
            K::Ship
        }
        Move::BuildFortress { settlement } => {
            p.settlement = Some(*settlement as u32);
            K::BuildFortress
        }
        Move::Escort { port, back } => {
            p.port = Some(port.0 as u32);
            p.back = *back;
            K::Escort
        }
        Move::EscortsDone => K::EscortsDone,
        Move::Reroll => K::Reroll,
        Move::KeepDie => K::KeepDie,
    };
    p.kind = k as i32;
    p
}

fn small(x: Option<u32>, what: &str, max: usize) -> Result<u8, String> {
    let v = x.ok_or_else(|| format!("a world move needs its {what}"))?;
    if (v as usize) < max {
        Ok(v as u8)
    } else {
        Err(format!("{what} {v} out of range"))
    }
}

pub fn move_from_pb(p: &pb::WorldMove) -> Result<Move, String> {
    use pb::WorldMoveKind as K;
    let d = data();
    let cap = || small(p.captain, "captain", d.captains.len());
    let zone = || small(p.zone, "zone", d.ocean_zones.len());
    let tre = || {
        let t = small(p.treasure, "treasure", 256)?;
        if treasure::valid(t) {
            Ok(t)
        } else {
            Err(format!("treasure {t} unknown"))
        }
    };
    let target = || match pb::WorldTarget::try_from(p.target) {
        Ok(pb::WorldTarget::Spain) => Ok(Target::Spain),
        Ok(pb::WorldTarget::Portugal) => Ok(Target::Portugal),
        _ => Err(format!("world piracy target {} unknown", p.target)),
    };
    let kind = K::try_from(p.kind).map_err(|_| format!("world move kind {} unknown", p.kind))?;
    Ok(match kind {
        K::Unspecified => return Err("world move kind unspecified".into()),
        K::Outfit => Move::Outfit {
            captain: cap()?,
            zone: zone()?,
            colony: p.colony,
        },
        K::Voyage => Move::Voyage,
        K::Pirate => Move::Pirate {
            captain: cap()?,
            target: target()?,
        },
        K::BuildPatrol => Move::BuildPatrol { zone: zone()? },
        K::PlayTreasure => Move::PlayTreasure { treasure: tre()? },
        K::Order => {
            let ship = match (p.captain, p.patrol_from) {
                (Some(_), None) => Ship::Captain(cap()?),
                (None, Some(_)) => Ship::Patrol {
                    from: small(p.patrol_from, "patrol zone", d.ocean_zones.len())?,
                },
                _ => return Err("an order names a captain or a patrol's zone".into()),
            };
            Move::Order { ship, to: zone()? }
        }
        K::Sail => Move::Sail,
        K::Settle => Move::Settle {
            settlement: small(p.settlement, "settlement", d.settlements.len())?,
        },
        K::NoColony => Move::NoColony,
        K::Give => Move::Give(match pb::WorldReward::try_from(p.reward) {
            Ok(pb::WorldReward::Patrol) => Reward::Patrol,
            Ok(pb::WorldReward::Treasure) => Reward::Treasure,
            Ok(pb::WorldReward::Vp) => Reward::Vp,
            Ok(pb::WorldReward::Galleon) => Reward::Galleon,
            _ => return Err(format!("world reward {} unknown", p.reward)),
        }),
        K::GoHome => Move::GoHome,
        K::StayAtSea => Move::StayAtSea,
        K::Ship => Move::Ship { treasure: tre()? },
        K::BuildFortress => Move::BuildFortress {
            settlement: small(p.settlement, "settlement", d.settlements.len())?,
        },
        K::Escort => Move::Escort {
            port: SpaceId(
                p.port
                    .filter(|&x| (x as usize) < d.spaces.len())
                    .ok_or("an escort move needs its port")? as u16,
            ),
            back: p.back,
        },
        K::EscortsDone => Move::EscortsDone,
        K::Reroll => Move::Reroll,
        K::KeepDie => Move::KeepDie,
    })
}

pub fn event_to_pb(e: &Event) -> pb::WorldEvent {
    use pb::WorldEventKind as K;
    let mut p = pb::WorldEvent::default();
    let k = match e {
        Event::Outfitted {
            power,
            captain,
            zone,
            colony,
        } => {
            p.power = *power as u32;
            p.captain = Some(*captain as u32);
            p.zone = Some(*zone as u32);
            p.flag = *colony;
            K::Outfitted
        }
        Event::Sailed { power, ship, to } => {
            p.power = *power as u32;
            match ship {
                Ship::Captain(c) => p.captain = Some(*c as u32),
                Ship::Patrol { from } => p.from_zone = Some(*from as u32),
            }
            p.zone = Some(*to as u32);
            K::Sailed
        }
        Event::Navigation {
            captain,
            roll,
            result,
        } => {
            p.captain = Some(*captain as u32);
            p.count = *roll as u32;
            p.text = result.clone();
            K::Navigation
        }
        Event::ColonyFounded { power, settlement } => {
            p.power = *power as u32;
            p.settlement = Some(*settlement as u32);
            K::ColonyFounded
        }
        Event::ColonyRolled {
            power,
            settlement,
            roll,
            result,
        } => {
            p.power = *power as u32;
            p.settlement = Some(*settlement as u32);
            p.count = *roll as u32;
            p.text = result.clone();
            K::ColonyRolled
        }
        Event::Circumnavigated { power, captain, vp } => {
            p.power = *power as u32;
            p.captain = Some(*captain as u32);
            p.count = *vp as u32;
            K::Circumnavigated
        }
        Event::CaptainHome {
            power,
            captain,
            booty,
        } => {
            p.power = *power as u32;
            p.captain = Some(*captain as u32);
            p.count = *booty as u32;
            K::CaptainHome
        }
        Event::CaptainLost { captain } => {
            p.captain = Some(*captain as u32);
            K::CaptainLost
        }
        Event::WorldPiracy {
            pirate,
            captain,
            target,
            defence_hits,
            hits,
        } => {
            p.power = *pirate as u32;
            p.captain = Some(*captain as u32);
            p.target = target_pb(*target);
            p.defence_hits = *defence_hits as u32;
            p.count = *hits as u32;
            K::WorldPiracy
        }
        Event::Rewarded { pirate, reward } => {
            p.power = *pirate as u32;
            p.reward = reward_pb(*reward);
            K::Rewarded
        }
        Event::PatrolBuilt { zone } => {
            p.zone = Some(*zone as u32);
            K::PatrolBuilt
        }
        Event::TreasuresGained { power, count } => {
            p.power = *power as u32;
            p.count = *count as u32;
            K::TreasuresGained
        }
        Event::TreasuresSeen { power, treasures } => {
            p.power = *power as u32;
            p.treasures = treasures.iter().map(|&t| t as u32).collect();
            K::TreasuresSeen
        }
        Event::TreasurePlayed { power, treasure } => {
            p.power = *power as u32;
            p.treasures = vec![*treasure as u32];
            K::TreasurePlayed
        }
        Event::SilverFleet { zone, treasures } => {
            p.zone = Some(*zone as u32);
            p.count = *treasures as u32;
            K::SilverFleet
        }
        Event::SpainReceives { count } => {
            p.count = *count as u32;
            K::SpainReceives
        }
        Event::FortressBuilt { settlement } => {
            p.settlement = Some(*settlement as u32);
            K::FortressBuilt
        }
        Event::Escorts { count } => {
            p.count = *count as u32;
            K::Escorts
        }
        Event::Rerolled { zone } => {
            p.zone = Some(*zone as u32);
            K::Rerolled
        }
    };
    p.kind = k as i32;
    p
}

pub fn view_to_pb(v: &View) -> pb::WorldView {
    pb::WorldView {
        captains: v
            .captains
            .iter()
            .map(|c| {
                let (at, place) = match c.at {
                    At::Home(t) => (pb::WorldCaptainAt::Home, t as u32),
                    At::Zone(z) => (pb::WorldCaptainAt::Zone, z as u32),
                    At::Colony(x) => (pb::WorldCaptainAt::Colony, x as u32),
                    At::Gone => (pb::WorldCaptainAt::Gone, 0),
                };
                pb::WorldCaptain {
                    at: at as i32,
                    place,
                    owner: c.owner.map(|o| o as u32),
                    damaged: c.damaged,
                    colony: c.colony,
                    booty: c.booty.iter().map(|&t| t as u32).collect(),
                }
            })
            .collect(),
        colony_settlements: v.colonies.iter().map(|c| c.0 as u32).collect(),
        colony_owners: v.colonies.iter().map(|c| c.1 as u32).collect(),
        patrols: v.patrols.iter().map(|&z| z as u32).collect(),
        piracy_powers: v.piracy.iter().map(|m| m.0 as u32).collect(),
        piracy_zones: v.piracy.iter().map(|m| m.1 as u32).collect(),
        vp: v.vp.iter().map(|&x| x as i32).collect(),
        circumnavigations: v.circumnavigations as u32,
        pool: v.pool as u32,
        spent: v.spent.iter().map(|&t| t as u32).collect(),
        spain_row: v.spain_row.iter().map(|&t| t as u32).collect(),
        spain_row_size: v.spain_row_size as u32,
        portugal_row_size: v.portugal_row_size as u32,
        hand_sizes: v.hand_sizes.iter().map(|&x| x as u32).collect(),
        own_powers: v.own.iter().map(|o| o.0 as u32).collect(),
        own_treasures: v
            .own
            .iter()
            .map(|o| pb::WorldTreasures {
                treasures: o.1.iter().map(|&t| t as u32).collect(),
            })
            .collect(),
        fortresses: v.fortresses.iter().map(|&x| x as u32).collect(),
        fortress_markers: v.fortress_markers as u32,
        escorts: v.escorts as u32,
    }
}
