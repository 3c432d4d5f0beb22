//! The engine contract: what every game implements.

use std::fmt::Debug;

use serde::{Serialize, de::DeserializeOwned};

use crate::{Outcome, RuleError, SetupError};

/// A seat at the table, 0-based, in the order of `CreateGame`'s seats.
pub type Seat = usize;

/// Who is looking at a state or an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
pub enum Viewer {
    /// A player: sees what the rules let that seat see.
    Seat(Seat),
    /// A spectator: sees only public information.
    Public,
    /// Admin, replay, tests: sees everything (never sent to a player).
    Omniscient,
}

/// Who may see an event.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
pub enum Audience {
    /// Everybody, spectators included.
    All,
    /// Only these seats (and omniscient viewers).
    Seats(Vec<Seat>),
    /// Only omniscient viewers (an audit trail of hidden facts such as a shuffle's result).
    Omniscient,
}

impl Audience {
    pub fn seat(seat: Seat) -> Self {
        Audience::Seats(vec![seat])
    }

    /// All seats but one: for the public half of a private fact.
    pub fn all_but(seat: Seat, players: usize) -> Self {
        Audience::Seats((0..players).filter(|&s| s != seat).collect())
    }

    pub fn admits(&self, viewer: Viewer) -> bool {
        match (self, viewer) {
            (_, Viewer::Omniscient) => true,
            (Audience::All, _) => true,
            (Audience::Seats(seats), Viewer::Seat(s)) => seats.contains(&s),
            (Audience::Seats(_), Viewer::Public) => false,
            (Audience::Omniscient, _) => false,
        }
    }
}

/// An event together with the viewers allowed to see it.
///
/// Games never put a secret into an event addressed to someone who may not see it;
/// when a fact has a public and a private half ("seat 2 drew a leader" / "you drew
/// Lorenzo de' Medici") the game emits two events with different audiences.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub struct Scoped<E> {
    pub audience: Audience,
    pub event: E,
}

impl<E> Scoped<E> {
    pub fn public(event: E) -> Self {
        Scoped {
            audience: Audience::All,
            event,
        }
    }
    pub fn to_seat(seat: Seat, event: E) -> Self {
        Scoped {
            audience: Audience::seat(seat),
            event,
        }
    }
    pub fn omniscient(event: E) -> Self {
        Scoped {
            audience: Audience::Omniscient,
            event,
        }
    }
    pub fn visible_to(&self, viewer: Viewer) -> bool {
        self.audience.admits(viewer)
    }
}

/// Keep the events a viewer may see, in order.
pub fn filter_events<E: Clone>(events: &[Scoped<E>], viewer: Viewer) -> Vec<E> {
    events
        .iter()
        .filter(|e| e.visible_to(viewer))
        .map(|e| e.event.clone())
        .collect()
}

/// One per-game option as shown by `ListGameTypes`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionInfo {
    pub name: &'static str,
    pub description: &'static str,
    /// The default, written as the option's JSON value (`true`, `3`, `"x"`).
    pub default: &'static str,
}

/// Static facts about a game type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameInfo {
    /// The game type id used by the API (`lorenzo-il-magnifico`).
    pub id: &'static str,
    pub display_name: &'static str,
    pub min_players: usize,
    pub max_players: usize,
    /// Bumped whenever the serialised state changes shape; a release must read
    /// every older schema it has golden files for.
    pub schema_version: u32,
    pub options: Vec<OptionInfo>,
}

/// A deterministic rules state machine.
///
/// Contract, checked for every game by [`crate::testkit`]:
/// - `setup` with the same options, player count and seed gives the same state;
/// - `pending` is empty exactly when `outcome` is `Some`;
/// - every move in `legal_moves(s, seat)` applies; anything else is refused;
/// - `apply` that returns `Err` leaves the state exactly as it was;
/// - `legal_moves` is complete and in a deterministic order, and is empty for a
///   seat that is not pending;
/// - the state survives a serialisation round trip unchanged.
pub trait Game: Send + Sync + 'static {
    type Options: Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    type State: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    type Move: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    type Event: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    type View: Clone + Debug + PartialEq + Serialize + Send + Sync;

    fn info() -> GameInfo;

    /// Deal out a new game. The seed seeds the game's [`crate::GameRng`]; it is
    /// never shown to a client.
    fn setup(options: &Self::Options, players: usize, seed: u64)
    -> Result<Self::State, SetupError>;

    /// Seats whose decision is awaited now; several for simultaneous secret
    /// choices; empty once the game is over.
    fn pending(state: &Self::State) -> Vec<Seat>;

    /// Every legal move of `seat` now, complete and in a deterministic order.
    fn legal_moves(state: &Self::State, seat: Seat) -> Vec<Self::Move>;

    /// Validate and apply one move. On `Err` the state is unchanged.
    fn apply(
        state: &mut Self::State,
        seat: Seat,
        mv: &Self::Move,
    ) -> Result<Vec<Scoped<Self::Event>>, RuleError>;

    /// What `viewer` may see of the state.
    fn view(state: &Self::State, viewer: Viewer) -> Self::View;

    /// Final scores and ranks once the game is over.
    fn outcome(state: &Self::State) -> Option<Outcome>;

    /// A short label a person can read for a legal move of `seat`.
    fn describe_move(state: &Self::State, seat: Seat, mv: &Self::Move) -> String;

    /// Number of seats in this game.
    fn players(state: &Self::State) -> usize;

    /// Rule invariants checked by the random playout test after every move
    /// (conservation of pieces, limits...). Return a description of each
    /// violation; empty means the state is sound.
    fn invariant_violations(_state: &Self::State) -> Vec<String> {
        Vec::new()
    }

    /// Turn a state written with an older schema version into the current
    /// shape (as JSON). The default knows no older schema.
    fn upgrade_state(schema: u32, _state: serde_json::Value) -> Result<serde_json::Value, String> {
        Err(format!("no upgrade from schema {schema} is known"))
    }
}

/// The mapping between a game's Rust types and its typed protobuf messages
/// (`proto/signoria/v1/games/<game>.proto`). Lives in the game crate; the server
/// puts these messages into the `oneof` of the common envelopes.
pub trait ProtoGame: Game {
    type OptionsPb: prost::Message + Default + Clone + PartialEq;
    type MovePb: prost::Message + Default + Clone + PartialEq;
    type ViewPb: prost::Message + Default + Clone + PartialEq;
    type EventPb: prost::Message + Default + Clone + PartialEq;

    /// Options from the client; absent fields take their defaults.
    fn options_from_pb(pb: &Self::OptionsPb) -> Result<Self::Options, String>;
    fn options_to_pb(options: &Self::Options) -> Self::OptionsPb;
    /// A move from the client. Only well-formedness is checked here; legality is
    /// `apply`'s business.
    fn move_from_pb(pb: &Self::MovePb) -> Result<Self::Move, String>;
    fn move_to_pb(mv: &Self::Move) -> Self::MovePb;
    fn view_to_pb(view: &Self::View) -> Self::ViewPb;
    fn event_to_pb(event: &Self::Event) -> Self::EventPb;
}
