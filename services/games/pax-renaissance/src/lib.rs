//! Pax Renaissance (1st edition base game; German rules of 15 January 2017,
//! seed `000_f7a43b9941e468c0.txt`) for Signoria.
//!
//! Written on the engine's decision kernel: the state holds a stack of tasks
//! ([`model::Task`], the frames), and [`frames`] says who decides each (the
//! two actions of a turn, each op of an ops action with its target, agent
//! placements, battle casualties and survivors, regime-change concessions and
//! liberations, levies, the tax victim's out-of-turn answer) and runs the
//! automatic ones. `RULINGS.md` records every reading of the rules the engine
//! had to choose.

#![allow(clippy::needless_range_loop, clippy::collapsible_if)]

pub mod actions;
pub mod agents;
pub mod battle;
pub mod board;
mod catalog;
pub mod data;
pub mod describe;
pub mod frames;
pub mod hidden;
pub mod invariants;
pub mod market;
pub mod model;
pub mod oneshots;
pub mod ops;
pub mod proto;
pub mod regime;
pub mod setup;
pub mod tradefair;
pub mod upgrade;
pub mod victory;
pub mod view;

pub mod pb {
    include!(concat!(
        env!("OUT_DIR"),
        "/signoria.v1.games.pax_renaissance.rs"
    ));
}

use signoria_engine::{
    Game, GameInfo, GameRng, OptionInfo, Outcome, ProtoGame, RuleError, Scoped, Seat, SetupError,
    Viewer, kernel,
};

pub use frames::FRAME_KINDS;
pub use model::{Event, Move, Options, State, Task};
pub use view::View;

/// The game type.
pub struct PaxRenaissance;

impl Game for PaxRenaissance {
    type Options = Options;
    type State = State;
    type Move = Move;
    type Event = Event;
    type View = View;
    type Frame = Task;

    fn info() -> GameInfo {
        GameInfo {
            id: "pax-renaissance",
            display_name: "Pax Renaissance",
            description: "Pax Renaissance (1st edition), base game, 2-4 players: bankers of the Renaissance trading, campaigning and changing regimes toward one of four victories; options astrology, bankruptcy and expert.",
            min_players: 2,
            max_players: 4,
            schema_version: upgrade::SCHEMA,
            options: vec![
                OptionInfo {
                    name: "astrology",
                    description: "Both draw decks lie face up (setup option C5)",
                    default: "false",
                },
                OptionInfo {
                    name: "bankruptcy",
                    description: "Bankruptcy variant: no florin for the fair's initiator; broke players leave (G6)",
                    default: "false",
                },
                OptionInfo {
                    name: "expert",
                    description: "Expert variant: 11 West cards join the East deck; cards go to the side of their location (N1)",
                    default: "false",
                },
            ],
        }
    }

    fn setup(options: &Options, players: usize, seed: u64) -> Result<State, SetupError> {
        let mut state = setup::setup(options, players, seed)?;
        kernel::advance::<Self>(&mut state, &mut Vec::new());
        Ok(state)
    }

    fn players(state: &State) -> usize {
        state.n()
    }

    fn stack(state: &State) -> &[Task] {
        &state.stack
    }

    fn stack_mut(state: &mut State) -> &mut Vec<Task> {
        &mut state.stack
    }

    fn deciders(state: &State, frame: &Task) -> Vec<Seat> {
        frames::deciders(state, frame)
    }

    fn choices(state: &State, frame: &Task, _seat: Seat) -> Vec<Move> {
        frames::choices(state, frame)
    }

    fn prompt(state: &State, frame: &Task, _seat: Seat) -> String {
        frames::prompt(state, frame)
    }

    fn frame_kind(frame: &Task) -> &'static str {
        frames::kind(frame)
    }

    fn resolve(state: &mut State, seat: Seat, mv: &Move, events: &mut Vec<Scoped<Event>>) {
        frames::resolve(state, seat, mv, events)
    }

    fn auto(state: &mut State, events: &mut Vec<Scoped<Event>>) {
        frames::auto(state, events)
    }

    /// The listed choices, without asking again who decides (the kernel
    /// has: `seat` is the top task's decider).
    fn check(state: &State, _seat: Seat, mv: &Move) -> Result<(), RuleError> {
        frames::check(state, mv)
    }

    fn view(state: &State, viewer: Viewer) -> View {
        view::view(state, viewer)
    }

    fn outcome(state: &State) -> Option<Outcome> {
        victory::outcome(state)
    }

    fn catalog() -> Vec<signoria_engine::CatalogSection> {
        catalog::sections()
    }

    fn describe_move(state: &State, seat: Seat, mv: &Move) -> String {
        describe::describe(state, seat, mv)
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

impl ProtoGame for PaxRenaissance {
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
