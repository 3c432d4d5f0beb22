//! Elisabeth I. (Spielworxx, German edition of GMT's *Virgin Queen*, 1559-1598), seed
//! `004_e202c24c48699107.txt`.
//!
//! The component data layer ([`data`]) is loaded from `data/*.json`; every record carries
//! its provenance (seed, public source or our reconstruction, see `data/README.md`). The
//! rules run on the engine's decision kernel: the 8-phase turn of seed [7] as frames
//! ([`flow`]), one module per rule chapter. `README.md` lists what is implemented and
//! what still refuses loudly; `RULINGS.md` the readings chosen.

pub mod admirals;
pub mod battle;
pub mod board;
pub mod building;
pub mod cards;
pub mod catalog;
pub mod combat;
pub mod control;
pub mod data;
pub mod deal;
pub mod diplomacy;
pub mod events;
pub mod flow;
pub mod hidden;
pub mod invariants;
pub mod knights;
pub mod labels;
pub mod land;
pub mod lost_ships;
pub mod model;
pub mod morisco;
pub mod movement;
pub mod naval;
pub mod owners;
pub mod proto;
pub mod setup;
pub mod subsystems;
pub mod upgrade;
pub mod victory;
pub mod view;
pub mod winter;

// The subsystems (crate README, "How to add a subsystem or a card event").
pub mod armada;
pub mod espionage;
pub mod majors;
pub mod minors;
pub mod patronage;
pub mod religion;
pub mod royals;
pub mod world;

use signoria_engine::{
    Game, GameInfo, GameRng, OptionInfo, Outcome, ProtoGame, RuleError, Scoped, Seat, SetupError,
    Viewer,
};

pub mod pb {
    include!(concat!(
        env!("OUT_DIR"),
        "/signoria.v1.games.elisabeth_i.rs"
    ));
}

pub use model::{Event, Frame, Move, Options, State};
pub use view::View;

/// The game type.
pub struct ElisabethI;

impl Game for ElisabethI {
    type Options = Options;
    type State = State;
    type Move = Move;
    type Event = Event;
    type View = View;
    type Frame = Frame;

    fn info() -> GameInfo {
        GameInfo {
            id: "elisabeth-i",
            display_name: "Elisabeth I.",
            description: "Elisabeth I. (Spielworxx edition of Virgin Queen), 2-6 players: the six powers of the wars of religion, 1559-1598, on the Europe and World maps. The component data (map graph, most card texts, leader ratings, set-ups) is partly reconstructed, since only the rulebook was available: the data pack lists what is printed, public or reconstructed (services/games/elisabeth-i/data/README.md).",
            min_players: 2,
            max_players: 6,
            schema_version: upgrade::SCHEMA,
            options: vec![OptionInfo {
                name: "scenario",
                description: "The scenario: campaign (turns 1-7) or tournament (turns 3-7)",
                default: "\"campaign\"",
            }],
        }
    }

    fn setup(options: &Options, players: usize, seed: u64) -> Result<State, SetupError> {
        setup::setup(options, players, seed)
    }

    fn players(state: &State) -> usize {
        state.n()
    }

    fn stack(state: &State) -> &[Frame] {
        &state.stack
    }

    fn stack_mut(state: &mut State) -> &mut Vec<Frame> {
        &mut state.stack
    }

    fn deciders(state: &State, frame: &Frame) -> Vec<Seat> {
        flow::deciders(state, frame)
    }

    fn choices(state: &State, frame: &Frame, seat: Seat) -> Vec<Move> {
        flow::choices(state, frame, seat)
    }

    fn prompt(state: &State, frame: &Frame, seat: Seat) -> String {
        flow::prompt(state, frame, seat)
    }

    fn frame_kind(frame: &Frame) -> &'static str {
        flow::kind(frame)
    }

    fn resolve(state: &mut State, seat: Seat, mv: &Move, events: &mut Vec<Scoped<Event>>) {
        flow::resolve(state, seat, mv, events);
        minors::activated::no_seat_audience(state, events);
    }

    fn auto(state: &mut State, events: &mut Vec<Scoped<Event>>) {
        flow::auto(state, events);
        minors::activated::no_seat_audience(state, events);
    }

    /// The listed moves; a move the rules allow but whose procedure is not implemented
    /// yet is refused with a message naming the missing rule.
    fn check(state: &State, seat: Seat, mv: &Move) -> Result<(), RuleError> {
        match signoria_engine::kernel::check_listed::<Self>(state, seat, mv) {
            Ok(()) => Ok(()),
            Err(e) => Err(flow::unsupported(state, mv).unwrap_or(e)),
        }
    }

    fn view(state: &State, viewer: Viewer) -> View {
        view::view(state, viewer)
    }

    fn outcome(state: &State) -> Option<Outcome> {
        victory::outcome(state)
    }

    fn describe_move(state: &State, _seat: Seat, mv: &Move) -> String {
        labels::describe(state, mv)
    }

    fn standing(state: &State) -> Option<Outcome> {
        Some(victory::standing(state))
    }

    /// A complete game runs about 1,300 decisions (README, Figures): a bot's
    /// rollouts stop after this many moves and rank the seats by VP.
    fn bot_rollout_depth() -> Option<u32> {
        Some(victory::BOT_ROLLOUT_DEPTH)
    }

    fn invariant_violations(state: &State) -> Vec<String> {
        invariants::violations(state)
    }

    fn catalog() -> Vec<signoria_engine::CatalogSection> {
        catalog::sections()
    }

    fn upgrade_state(schema: u32, state: serde_json::Value) -> Result<serde_json::Value, String> {
        upgrade::upgrade_state(schema, state)
    }

    fn upgrade_events(schema: u32, events: serde_json::Value) -> Result<serde_json::Value, String> {
        upgrade::upgrade_events(schema, events)
    }

    fn resample_hidden(state: &State, seat: Seat, rng: &mut GameRng) -> Option<State> {
        Some(hidden::resample(state, seat, rng))
    }
}

impl ProtoGame for ElisabethI {
    type OptionsPb = pb::Options;
    type MovePb = pb::Move;
    type ViewPb = pb::View;
    type EventPb = pb::Event;

    fn options_from_pb(pb: &pb::Options) -> Result<Options, String> {
        proto::options_from_pb(pb)
    }
    fn options_to_pb(options: &Options) -> pb::Options {
        proto::options_to_pb(options)
    }
    fn move_from_pb(pb: &pb::Move) -> Result<Move, String> {
        proto::move_from_pb(pb)
    }
    fn move_to_pb(mv: &Move) -> pb::Move {
        proto::move_to_pb(mv)
    }
    fn view_to_pb(view: &View) -> pb::View {
        proto::view_to_pb(view)
    }
    fn event_to_pb(event: &Event) -> pb::Event {
        proto::event_to_pb(event)
    }
}
