//! The engine contract: what every game implements.

use std::fmt::Debug;

use serde::{Serialize, de::DeserializeOwned};

use crate::{GameRng, Outcome, RuleError, SetupError};

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

/// One kind of numbered thing of a game (cards, spaces, lands, cities...)
/// with the name of every id, so a client can name the bare ids of views,
/// moves and events (`GetCatalog`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogSection {
    /// What the ids number, as the game's proto calls them (`card`,
    /// `leader`, `land`).
    pub kind: &'static str,
    /// Which fields hold these ids, in a few words.
    pub description: &'static str,
    /// `(id, name)`, in id order.
    pub entries: Vec<(u32, String)>,
}

impl CatalogSection {
    /// A section whose ids are the positions 0, 1, 2... of `names`.
    pub fn indexed(
        kind: &'static str,
        description: &'static str,
        names: impl IntoIterator<Item = String>,
    ) -> CatalogSection {
        CatalogSection {
            kind,
            description,
            entries: names
                .into_iter()
                .enumerate()
                .map(|(i, n)| (i as u32, n))
                .collect(),
        }
    }
}

/// Static facts about a game type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameInfo {
    /// The game type id used by the API (`lorenzo-il-magnifico`).
    pub id: &'static str,
    pub display_name: &'static str,
    /// A sentence or two for a player choosing a game: edition, player count,
    /// and where the component data is not the printed one (`ListGameTypes`).
    pub description: &'static str,
    pub min_players: usize,
    pub max_players: usize,
    /// Bumped whenever the serialised state changes shape; a release must read
    /// every older schema it has golden files for.
    pub schema_version: u32,
    pub options: Vec<OptionInfo>,
}

/// A deterministic rules state machine, written as a stack of decision frames.
///
/// A game writes what each frame of its decision stack asks and what a choice
/// does ([`crate::kernel`] explains the model); the engine provides the rest of
/// the contract from that: who is pending, the legal moves, and an atomic
/// `apply` that refuses a finished game, a seat that is not asked, and a move
/// that is not legal, before the game's `resolve` ever runs.
///
/// Contract, checked for every game by [`crate::testkit`]:
/// - `setup` with the same options, player count and seed gives the same state,
///   already advanced to its first decision ([`crate::kernel::advance`]);
/// - the game is over exactly when the stack is empty, and `outcome` is `Some`
///   exactly then;
/// - the top frame of a running game always has deciders, each with at least
///   one choice;
/// - every move in `legal_moves(s, seat)` applies; anything else is refused and
///   leaves the state exactly as it was;
/// - `choices` is complete and in a deterministic order;
/// - the state survives a serialisation round trip unchanged.
pub trait Game: Send + Sync + 'static {
    type Options: Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    type State: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    type Move: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    type Event: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    type View: Clone + Debug + PartialEq + Serialize + Send + Sync;
    /// One frame of the decision stack: a phase, a turn, a sub-decision or an
    /// out-of-turn window.
    type Frame: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;

    fn info() -> GameInfo;

    /// Deal out a new game, advanced to its first decision (call
    /// [`crate::kernel::advance`] at the end). The seed seeds the game's
    /// [`crate::GameRng`]; it is never shown to a client.
    fn setup(options: &Self::Options, players: usize, seed: u64)
    -> Result<Self::State, SetupError>;

    /// Number of seats in this game.
    fn players(state: &Self::State) -> usize;

    // ---- the decision kernel: what the game writes ----

    /// The decision stack, bottom first; the game is over when it is empty.
    fn stack(state: &Self::State) -> &[Self::Frame];
    fn stack_mut(state: &mut Self::State) -> &mut Vec<Self::Frame>;

    /// Seats that decide on `frame` now (one for a turn, several for a
    /// simultaneous secret choice), in seat order. None: the frame is an
    /// automatic step, run by [`Game::auto`].
    fn deciders(state: &Self::State, frame: &Self::Frame) -> Vec<Seat>;

    /// Every choice `seat` has on `frame` (a decider of it), complete and in a
    /// deterministic order.
    fn choices(state: &Self::State, frame: &Self::Frame, seat: Seat) -> Vec<Self::Move>;

    /// What `frame` asks of `seat`, in a few words ("choose a tower space").
    /// Shown only to that seat.
    fn prompt(state: &Self::State, frame: &Self::Frame, seat: Seat) -> String;

    /// A stable name for the kind of decision `frame` is (for coverage reports).
    fn frame_kind(frame: &Self::Frame) -> &'static str;

    /// Carry out a choice of `seat` on the top frame. Only called with a move
    /// that [`Game::check`] accepted, so it never fails; it pops, changes or
    /// pushes frames as the rules say. Automatic steps that follow are run by
    /// the engine afterwards.
    fn resolve(
        state: &mut Self::State,
        seat: Seat,
        mv: &Self::Move,
        events: &mut Vec<Scoped<Self::Event>>,
    );

    /// Run the top frame, which has no deciders: it must pop, replace or push
    /// frames (the engine calls it again while the top frame is automatic).
    fn auto(state: &mut Self::State, events: &mut Vec<Scoped<Self::Event>>);

    // ---- hooks with defaults ----

    /// Whether `mv` is legal for `seat`, a decider of the top frame. The
    /// default looks it up in the seat's choices; a game may answer faster or
    /// with a more precise reason, but must accept exactly the listed moves.
    fn check(state: &Self::State, seat: Seat, mv: &Self::Move) -> Result<(), RuleError> {
        crate::kernel::check_listed::<Self>(state, seat, mv)
    }

    /// What `viewer` may see of the state.
    fn view(state: &Self::State, viewer: Viewer) -> Self::View;

    /// Final scores and ranks once the game is over.
    fn outcome(state: &Self::State) -> Option<Outcome>;

    /// A short label a person can read for a legal move of `seat`.
    fn describe_move(state: &Self::State, seat: Seat, mv: &Self::Move) -> String;

    /// Rule invariants checked by the random playout test after every move
    /// (conservation of pieces, limits...). Return a description of each
    /// violation; empty means the state is sound.
    fn invariant_violations(_state: &Self::State) -> Vec<String> {
        Vec::new()
    }

    /// A state that `seat` cannot tell apart from `state`: everything the seat
    /// may not see (other hands, deck order, secret plans and bids, the random
    /// generator) redrawn with `rng`, consistently with every public fact and
    /// with the seat's own knowledge. Used by the hidden-information check of
    /// the test kit (the seat's view, prompt and moves must not change) and by
    /// search bots. `None`: the game does not offer it.
    fn resample_hidden(
        _state: &Self::State,
        _seat: Seat,
        _rng: &mut GameRng,
    ) -> Option<Self::State> {
        None
    }

    /// A provisional ranking of an unfinished game from its public score so
    /// far (victory points, ...), for a search bot whose rollout stops before
    /// the end ([`Game::bot_rollout_depth`]): the rollout is scored by it
    /// instead of as a draw. `None` (the default): no meaningful standing.
    /// Must read only what every seat may see.
    fn standing(_state: &Self::State) -> Option<Outcome> {
        None
    }

    /// The most moves a search bot's rollout plays in this game before it is
    /// scored by [`Game::standing`]; for games whose complete games are too
    /// long to play out within a bot's budget. `None` (the default): the
    /// budget's own depth.
    fn bot_rollout_depth() -> Option<u32> {
        None
    }

    /// The names of the game's numbered things (from its data layer). The
    /// default has none.
    fn catalog() -> Vec<CatalogSection> {
        Vec::new()
    }

    /// Turn a state written with an older schema version into the current
    /// shape (as JSON). The default knows no older schema.
    fn upgrade_state(schema: u32, _state: serde_json::Value) -> Result<serde_json::Value, String> {
        Err(format!("no upgrade from schema {schema} is known"))
    }

    /// Turn an event log entry (`Vec<Scoped<Event>>` as JSON) written with an
    /// older schema version into the current shape. The default keeps it as it
    /// is: events only gain fields with defaults until a game says otherwise.
    fn upgrade_events(
        _schema: u32,
        events: serde_json::Value,
    ) -> Result<serde_json::Value, String> {
        Ok(events)
    }

    // ---- provided by the engine; games do not override these ----

    /// Seats whose decision is awaited now; several for simultaneous secret
    /// choices; empty once the game is over.
    fn pending(state: &Self::State) -> Vec<Seat> {
        crate::kernel::pending::<Self>(state)
    }

    /// Every legal move of `seat` now, complete and in a deterministic order;
    /// empty for a seat that is not pending.
    fn legal_moves(state: &Self::State, seat: Seat) -> Vec<Self::Move> {
        crate::kernel::legal_moves::<Self>(state, seat)
    }

    /// What the game asks of `seat` now, if it is pending.
    fn prompt_for(state: &Self::State, seat: Seat) -> Option<String> {
        crate::kernel::prompt_for::<Self>(state, seat)
    }

    /// Validate and apply one move. On `Err` the state is unchanged.
    fn apply(
        state: &mut Self::State,
        seat: Seat,
        mv: &Self::Move,
    ) -> Result<Vec<Scoped<Self::Event>>, RuleError> {
        crate::kernel::apply::<Self>(state, seat, mv)
    }
}

/// The mapping between a game's Rust types and its typed protobuf messages
/// (`proto/signoria/v1/games/<game>.proto`). Lives in the game crate; the server
/// puts these messages into the `oneof` of the common envelopes.
pub trait ProtoGame: Game {
    type OptionsPb: prost::Message + Default + Clone + PartialEq + Debug;
    type MovePb: prost::Message + Default + Clone + PartialEq + Debug;
    type ViewPb: prost::Message + Default + Clone + PartialEq + Debug;
    type EventPb: prost::Message + Default + Clone + PartialEq + Debug;

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
