//! Lorenzo il Magnifico (Yucata.de rules, seed `001_674e6df2a996b49f.txt`) for Signoria.
//!
//! A deterministic state machine over small decisions: family-member
//! placements, council privileges, cost choices, bonus actions, production
//! exchanges, Vatican reports, leader drafts and leader actions, held as the
//! engine's decision stack (`State::stack`: the phase at the bottom, the
//! decisions of the action resolving now above it). See `RULINGS.md` for every
//! reading of the rules the engine had to choose.

// Index loops over seats/periods/resources read like the rules; keep them.
#![allow(clippy::needless_range_loop)]

mod catalog;
pub mod data;
pub mod decisions;
pub mod draft;
pub mod effects;
pub mod flow;
pub mod hidden;
pub mod invariants;
pub mod labels;
pub mod leaders;
pub mod model;
pub mod placement;
pub mod proto;
pub mod scoring;
pub mod towers;
pub mod upgrade;
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
    Game, GameInfo, GameRng, OptionInfo, Outcome, ProtoGame, RuleError, Scoped, Seat, SetupError,
    Viewer,
};

pub use model::{ALL_KINDS, Event, Frame, Kind, Move, Options, Res, State};
pub use view::View;

/// The game type.
pub struct LorenzoIlMagnifico;

impl Game for LorenzoIlMagnifico {
    type Options = Options;
    type State = State;
    type Move = Move;
    type Event = Event;
    type View = View;
    type Frame = Frame;

    fn info() -> GameInfo {
        GameInfo {
            id: "lorenzo-il-magnifico",
            display_name: "Lorenzo il Magnifico",
            description: "Lorenzo il Magnifico, 2-4 players: family members on the action spaces of Florence, four kinds of development cards, the Vatican report; basic and advanced game (leader cards).",
            min_players: 2,
            max_players: 4,
            schema_version: 2,
            options: vec![OptionInfo {
                name: "advanced",
                description: "Full game: leader cards (draft 4 each) and advanced personal bonus tiles",
                default: "true",
            }],
        }
    }

    fn setup(options: &Options, players: usize, seed: u64) -> Result<State, SetupError> {
        let mut s = flow::setup(options, players, seed)?;
        signoria_engine::kernel::advance::<Self>(&mut s, &mut Vec::new());
        Ok(s)
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
        decisions::deciders(state, frame)
    }

    fn choices(state: &State, frame: &Frame, seat: Seat) -> Vec<Move> {
        decisions::choices(state, frame, seat)
    }

    fn prompt(state: &State, frame: &Frame, _seat: Seat) -> String {
        decisions::prompt(state, frame)
    }

    fn frame_kind(frame: &Frame) -> &'static str {
        frame.kind()
    }

    fn check(state: &State, seat: Seat, mv: &Move) -> Result<(), RuleError> {
        decisions::check(state, seat, mv)
    }

    fn resolve(state: &mut State, seat: Seat, mv: &Move, events: &mut Vec<Scoped<Event>>) {
        decisions::resolve(state, seat, mv, events)
    }

    fn auto(state: &mut State, events: &mut Vec<Scoped<Event>>) {
        decisions::auto(state, events)
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
        upgrade::upgrade_state(schema, state)
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
