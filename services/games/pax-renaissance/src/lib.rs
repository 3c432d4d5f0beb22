//! Pax Renaissance (1st edition base game; German rules of 15 January 2017,
//! seed `000_f7a43b9941e468c0.txt`) for Signoria.
//!
//! A deterministic state machine over small decisions: the two actions of a
//! turn, each op of an ops action with its target, agent placements, battle
//! casualties and survivors, regime-change concessions and liberations,
//! levies, and the tax victim's out-of-turn answer. The state holds a stack of
//! pending tasks ([`model::Task`]); see `RULINGS.md` for every reading of the
//! rules the engine had to choose.

#![allow(clippy::needless_range_loop, clippy::collapsible_if)]

pub mod actions;
pub mod adapter;
pub mod agents;
pub mod battle;
pub mod board;
pub mod data;
pub mod describe;
pub mod invariants;
pub mod market;
pub mod model;
pub mod oneshots;
pub mod ops;
pub mod proto;
pub mod regime;
pub mod rules;
pub mod setup;
pub mod tables;
pub mod tradefair;
pub mod victory;
pub mod view;

pub mod pb {
    include!(concat!(
        env!("OUT_DIR"),
        "/signoria.v1.games.pax_renaissance.rs"
    ));
}

use signoria_engine::{
    Game, GameInfo, OptionInfo, Outcome, ProtoGame, RuleError, Scoped, Seat, SetupError, Viewer,
};

pub use model::{Event, Move, Options, State};
pub use view::View;

/// The game type.
pub struct PaxRenaissance;

impl Game for PaxRenaissance {
    type Options = Options;
    type State = State;
    type Move = Move;
    type Event = Event;
    type View = View;

    fn info() -> GameInfo {
        GameInfo {
            id: "pax-renaissance",
            display_name: "Pax Renaissance",
            min_players: 2,
            max_players: 4,
            schema_version: 1,
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
        setup::setup(options, players, seed)
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
        victory::outcome(state)
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
