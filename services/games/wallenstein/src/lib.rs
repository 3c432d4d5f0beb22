//! Wallenstein (Queen Games, 2nd edition; base game of seed
//! `002_fae1cec4ff72eb0c.txt`) for Signoria.
//!
//! A deterministic state machine: start-land draft, secret simultaneous
//! planning of land cards on the ten action fields plus a bid, the
//! turn-order auction, the actions in the order of the action cards, combat
//! through a stateful dice tower, and two winters with supply, revolts and
//! scoring. See `RULINGS.md` for every reading of the rules the engine had
//! to choose, and `README.md` for the tower model.

// Index loops over seats, kinds and regions read like the rules; keep them.
#![allow(clippy::needless_range_loop)]

pub mod actions;
pub mod combat;
pub mod data;
pub mod flow;
pub mod invariants;
pub mod model;
pub mod planning;
pub mod proto;
pub mod rules;
pub mod scoring;
pub mod setup;
pub mod tower;
pub mod view;
pub mod winter;

pub mod pb {
    include!(concat!(
        env!("OUT_DIR"),
        "/signoria.v1.games.wallenstein.rs"
    ));
}

use signoria_engine::{
    Game, GameInfo, OptionInfo, Outcome, ProtoGame, RuleError, Scoped, Seat, SetupError, Viewer,
};

pub use model::{Action, Card, Event, Move, Options, Phase, State, Tile};
pub use view::View;

/// The game type.
pub struct Wallenstein;

impl Game for Wallenstein {
    type Options = Options;
    type State = State;
    type Move = Move;
    type Event = Event;
    type View = View;

    fn info() -> GameInfo {
        GameInfo {
            id: "wallenstein",
            display_name: "Wallenstein",
            min_players: 3,
            max_players: 5,
            schema_version: 1,
            options: vec![OptionInfo {
                name: "fixed_start",
                description: "Fixed beginner set-ups for 3/4/5 players instead of the start-land draft",
                default: "false",
            }],
        }
    }

    fn setup(options: &Options, players: usize, seed: u64) -> Result<State, SetupError> {
        setup::setup(options, players, seed).map(|(s, _)| s)
    }

    fn pending(state: &State) -> Vec<Seat> {
        rules::pending(state)
    }

    fn legal_moves(state: &State, seat: Seat) -> Vec<Move> {
        rules::legal_moves(state, seat)
    }

    fn apply(state: &mut State, seat: Seat, mv: &Move) -> Result<Vec<Scoped<Event>>, RuleError> {
        rules::apply(state, seat, mv)
    }

    fn view(state: &State, viewer: Viewer) -> View {
        view::view(state, viewer)
    }

    fn outcome(state: &State) -> Option<Outcome> {
        scoring::outcome(state)
    }

    fn describe_move(state: &State, seat: Seat, mv: &Move) -> String {
        rules::describe(state, seat, mv)
    }

    fn players(state: &State) -> usize {
        state.n()
    }

    fn invariant_violations(state: &State) -> Vec<String> {
        invariants::violations(state)
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
