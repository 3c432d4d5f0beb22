//! Wallenstein (Queen Games, 2nd edition; seed `002_fae1cec4ff72eb0c.txt`)
//! for Signoria: the base game and the rulebook's three optional modules
//! ("Am Kaiserhof", "Landsknechte", generals and monuments).
//!
//! A deterministic state machine: start-land draft, secret simultaneous
//! planning of land cards on the ten action fields plus a bid, the
//! turn-order auction, the actions in the order of the action cards, combat
//! through a stateful dice tower, and two winters with supply, revolts and
//! scoring. See `RULINGS.md` for every reading of the rules the engine had
//! to choose, and `README.md` for the tower model and the modules.

// Index loops over seats, kinds and regions read like the rules; keep them.
#![allow(clippy::needless_range_loop)]

pub mod actions;
pub mod bonus;
mod catalog;
pub mod combat;
pub mod court;
pub mod data;
pub mod draft;
pub mod flow;
pub mod generals;
pub mod hidden;
pub mod invariants;
pub mod labels;
pub mod landsknechte;
pub mod model;
pub mod planning;
pub mod proto;
pub mod scoring;
pub mod setup;
pub mod stack;
pub mod tower;
pub mod upgrade;
pub mod view;
pub mod winter;

pub mod pb {
    include!(concat!(
        env!("OUT_DIR"),
        "/signoria.v1.games.wallenstein.rs"
    ));
}

use signoria_engine::{
    Game, GameInfo, GameRng, OptionInfo, Outcome, ProtoGame, Scoped, Seat, SetupError, Viewer,
};

pub use model::{Action, Card, Event, Frame, Move, Options, State, Tile};
pub use view::View;

/// The game type.
pub struct Wallenstein;

impl Game for Wallenstein {
    type Options = Options;
    type State = State;
    type Move = Move;
    type Event = Event;
    type View = View;
    type Frame = Frame;

    fn info() -> GameInfo {
        GameInfo {
            id: "wallenstein",
            display_name: "Wallenstein",
            description: "Wallenstein (2nd edition), 3-5 players: armies and the cube tower in the Thirty Years' War, planned actions per season; the Kaiserhof, Landsknechte and Generals modules as options. Module values lost from the rulebook scan are ruled and listed in the crate's RULINGS.md.",
            min_players: 3,
            max_players: 5,
            // 2: the decision stack (`stack`) replaced `phase`; 3: the modules'
            // state (absent in the base game, see `upgrade`).
            schema_version: 3,
            options: vec![
                OptionInfo {
                    name: "fixed_start",
                    description: "Fixed beginner set-ups for 3/4/5 players instead of the start-land draft",
                    default: "false",
                },
                OptionInfo {
                    name: "kaiserhof",
                    description: "Module 1 \"Am Kaiserhof\": supplementary mats, courtiers and favor cards",
                    default: "false",
                },
                OptionInfo {
                    name: "landsknechte",
                    description: "Module 2 \"Landsknechte\": a bonus for lands in four regions after each turn order",
                    default: "false",
                },
                OptionInfo {
                    name: "generals",
                    description: "Module 3: generals that upgrade the actions in their land, and monuments",
                    default: "false",
                },
            ],
        }
    }

    fn setup(options: &Options, players: usize, seed: u64) -> Result<State, SetupError> {
        setup::setup(options, players, seed).map(|(s, _)| s)
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
        stack::deciders(state, frame)
    }

    fn choices(state: &State, frame: &Frame, seat: Seat) -> Vec<Move> {
        stack::choices(state, frame, seat)
    }

    fn prompt(state: &State, frame: &Frame, seat: Seat) -> String {
        stack::prompt(state, frame, seat)
    }

    fn frame_kind(frame: &Frame) -> &'static str {
        stack::kind(frame)
    }

    fn resolve(state: &mut State, seat: Seat, mv: &Move, events: &mut Vec<Scoped<Event>>) {
        stack::resolve(state, seat, mv, events)
    }

    fn auto(state: &mut State, events: &mut Vec<Scoped<Event>>) {
        stack::auto(state, events)
    }

    fn view(state: &State, viewer: Viewer) -> View {
        view::view(state, viewer)
    }

    fn outcome(state: &State) -> Option<Outcome> {
        scoring::outcome(state)
    }

    fn catalog() -> Vec<signoria_engine::CatalogSection> {
        catalog::sections()
    }

    fn describe_move(state: &State, seat: Seat, mv: &Move) -> String {
        labels::describe(state, seat, mv)
    }

    fn invariant_violations(state: &State) -> Vec<String> {
        invariants::violations(state)
    }

    fn resample_hidden(state: &State, seat: Seat, rng: &mut GameRng) -> Option<State> {
        Some(hidden::resample(state, seat, rng))
    }

    fn upgrade_state(schema: u32, state: serde_json::Value) -> Result<serde_json::Value, String> {
        upgrade::upgrade(schema, state)
    }
}

impl ProtoGame for Wallenstein {
    type OptionsPb = pb::Options;
    type MovePb = pb::Move;
    type ViewPb = pb::View;
    type EventPb = pb::Event;

    fn options_from_pb(pb: &pb::Options) -> Result<Options, String> {
        Ok(proto::options_from_pb(pb))
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
