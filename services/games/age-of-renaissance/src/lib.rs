//! Age of Renaissance (German Descartes edition "Das Zeitalter der Renaissance", seed
//! `003_6a2dc6d9a5bfafd7.txt`) for Signoria.
//!
//! A deterministic state machine on the engine's decision kernel: set-up with the
//! secret capital auction, rounds of seven phases (shortage/surplus and draws, card
//! purchase, card play with commodities, events and personalities, acquisition of
//! fleets and advances, expansion with combat, income, the secret turn-order bid), the
//! final card play and scoring. The component data is in `data/*.json` ([`data`]);
//! `RULINGS.md` records every reading of the rules the engine had to choose, and
//! `README.md` the frames and modules.

// Index loops over seats and commodities read like the rules; keep them.
#![allow(clippy::needless_range_loop)]

pub mod acquisition;
pub mod bank;
pub mod board;
pub mod cards;
mod catalog;
pub mod combat;
pub mod data;
pub mod deck;
pub mod events;
pub mod expansion;
pub mod flow;
pub mod geo;
pub mod hidden;
pub mod income;
pub mod invariants;
pub mod labels;
pub mod military;
pub mod misery;
pub mod model;
pub mod personalities;
pub mod proto;
pub mod purchase;
pub mod reach;
pub mod scoring;
pub mod setup;
pub mod shortage;
pub mod stack;
pub mod turn_order;
pub mod view;
pub mod war;
pub mod written_record;

use signoria_engine::{
    Game, GameInfo, GameRng, OptionInfo, Outcome, ProtoGame, Scoped, Seat, SetupError, Viewer,
};

pub mod pb {
    include!(concat!(
        env!("OUT_DIR"),
        "/signoria.v1.games.age_of_renaissance.rs"
    ));
}

pub use model::{Event, Frame, Move, Options, State, Target};
pub use view::View;

/// The game type.
pub struct AgeOfRenaissance;

impl Game for AgeOfRenaissance {
    type Options = Options;
    type State = State;
    type Move = Move;
    type Event = Event;
    type View = View;
    type Frame = Frame;

    fn info() -> GameInfo {
        GameInfo {
            id: "age-of-renaissance",
            display_name: "Age of Renaissance",
            description: "Age of Renaissance (German Descartes edition), 3-6 players: trading powers expanding through the Mediterranean, buying advances and playing commodity and event cards. Map data partly reconstructed (listed in the crate's data/README.md).",
            min_players: 3,
            max_players: 6,
            schema_version: 1,
            options: vec![OptionInfo {
                name: "last_epoch",
                description: "The last epoch whose cards are played: 1 or 2 for a shorter game, 3 for the full game",
                default: "3",
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

    /// A search bot's rollout cut before the end is ranked by the score so far, players
    /// out last: without it a cut rollout scores a draw, and resigning looks as good as
    /// playing on.
    fn standing(state: &State) -> Option<Outcome> {
        Some(scoring::ranking(state))
    }

    fn catalog() -> Vec<signoria_engine::CatalogSection> {
        catalog::sections()
    }

    fn describe_move(state: &State, seat: Seat, mv: &Move) -> String {
        labels::describe(state, seat as model::SeatId, mv)
    }

    fn invariant_violations(state: &State) -> Vec<String> {
        invariants::violations(state)
    }

    fn resample_hidden(state: &State, seat: Seat, rng: &mut GameRng) -> Option<State> {
        Some(hidden::resample(state, seat, rng))
    }
}

impl ProtoGame for AgeOfRenaissance {
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
