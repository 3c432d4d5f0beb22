//! The game-independent core of Signoria.
//!
//! A game is a deterministic state machine over small, enumerable decisions
//! (see `DESIGN.md`, "The engine contract"). Every game crate implements [`Game`]
//! (the rules) and [`ProtoGame`] (the mapping of its moves, views, events and
//! options to its typed protobuf messages). Nothing here knows about gRPC,
//! storage or async runtimes.

pub mod error;
pub mod game;
pub mod kernel;
pub mod outcome;
pub mod rng;
pub mod stored;
pub mod testkit;

pub use error::{RuleError, RuleErrorKind, SetupError};
pub use game::{
    Audience, CatalogSection, Game, GameInfo, OptionInfo, ProtoGame, Scoped, Seat, Viewer,
};
pub use outcome::{Outcome, SeatResult};
pub use rng::GameRng;
pub use stored::{
    LoggedMove, StateCodecError, StoredGame, decode_events, decode_logged_move, decode_state,
    encode_events, encode_move_events, encode_state, state_digest,
};
