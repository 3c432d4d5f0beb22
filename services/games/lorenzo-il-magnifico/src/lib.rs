//! Lorenzo il Magnifico (Yucata.de rules, seed `001_674e6df2a996b49f.txt`) for Signoria.
//!
//! A deterministic state machine over small decisions: family-member
//! placements, council privileges, cost choices, bonus actions, production
//! exchanges, Vatican reports, leader drafts and leader actions. Compound turns
//! are held as a pending-decision stack in the state. See `RULINGS.md` for
//! every reading of the rules the engine had to choose.

// Index loops over seats/periods/resources read like the rules; keep them.
#![allow(clippy::needless_range_loop)]

pub mod data;
pub mod effects;
pub mod flow;
pub mod leaders;
pub mod model;
pub mod placement;
pub mod proto;
pub mod rules;
pub mod scoring;
pub mod towers;
pub mod value;
pub mod view;
pub mod work;

pub mod pb {
    include!(concat!(
        env!("OUT_DIR"),
        "/signoria.v1.games.lorenzo_il_magnifico.rs"
    ));
}

use signoria_engine::{
    Game, GameInfo, OptionInfo, Outcome, ProtoGame, RuleError, Scoped, Seat, SetupError, Viewer,
};

pub use model::{Decision, Event, Kind, Move, Options, Phase, Res, State};
pub use view::View;

/// The game type.
pub struct LorenzoIlMagnifico;

impl Game for LorenzoIlMagnifico {
    type Options = Options;
    type State = State;
    type Move = Move;
    type Event = Event;
    type View = View;

    fn info() -> GameInfo {
        GameInfo {
            id: "lorenzo-il-magnifico",
            display_name: "Lorenzo il Magnifico",
            min_players: 2,
            max_players: 4,
            schema_version: 1,
            options: vec![OptionInfo {
                name: "advanced",
                description: "Full game: leader cards (draft 4 each) and advanced personal bonus tiles",
                default: "true",
            }],
        }
    }

    fn setup(options: &Options, players: usize, seed: u64) -> Result<State, SetupError> {
        flow::setup(options, players, seed).map(|(s, _)| s)
    }

    fn pending(state: &State) -> Vec<Seat> {
        rules::pending(state)
    }

    fn legal_moves(state: &State, seat: Seat) -> Vec<Move> {
        if seat >= state.n() || !rules::pending(state).contains(&seat) {
            return Vec::new();
        }
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

impl ProtoGame for LorenzoIlMagnifico {
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

pub mod invariants;
