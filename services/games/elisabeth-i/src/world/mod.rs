//! The World map [2.6], [16.5], [16.6], [23]: expeditions, navigation, colonies, world piracy, treasures, the Silver Fleet, circumnavigation; captains, the Armada [23.2], Suez [23.1]; and their cards.
//!
//! A subsystem module: its own decisions ([`Frame`]), choices ([`Move`]), events
//! ([`Event`]), state ([`State`], `model::State.world`), view ([`View`]) and card events
//! ([`EVENTS`]), wired into the shared types by one variant or field each. The functions
//! below are the hooks the shared modules call, one delegating arm each (crate README,
//! "How to add a subsystem or a card event"); fill them in here, split into submodules
//! named after their rules as the subsystem grows.

use serde::{Deserialize, Serialize};
use signoria_engine::{GameRng, Scoped, Seat, Viewer};

use crate::events::EventDef;
use crate::model::{self, Moment, Pw};
use crate::pb;

/// Its decisions (`model::Frame::World`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Frame {}

/// Its choices (`model::Move::World`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {}

/// What happened (`model::Event::World`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {}

/// Its part of the game state (`model::State.world`; stored only when not default).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct State {}

/// Its part of a viewer's view (`view::View.world`).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct View {}

/// Its card events (chained by `events::registry`).
pub static EVENTS: &[EventDef] = &[];

/// Its frame kinds on which a seat decides (the playouts check that each is reached).
pub const DECISION_KINDS: &[&str] = &[];
/// Its frame kinds that never wait for a seat.
pub const AUTOMATIC_KINDS: &[&str] = &[];

pub fn kind(f: &Frame) -> &'static str {
    match *f {}
}

/// The power deciding the frame (None: automatic, see [`auto`]).
pub fn decider(_s: &model::State, f: &Frame) -> Option<Pw> {
    match *f {}
}

pub fn choices(_s: &model::State, f: &Frame) -> Vec<model::Move> {
    match *f {}
}

pub fn prompt(_s: &model::State, f: &Frame) -> String {
    match *f {}
}

/// Apply a listed choice to the frame on top of the stack (`f` is a copy of it).
pub fn resolve(
    _s: &mut model::State,
    f: Frame,
    _mv: &model::Move,
    _ev: &mut Vec<Scoped<model::Event>>,
) {
    match f {}
}

/// Run an automatic frame (already popped from the stack).
pub fn auto(_s: &mut model::State, f: Frame, _ev: &mut Vec<Scoped<model::Event>>) {
    match f {}
}

/// Its CP actions `who` may take with `cp` CP left in the impulse ([11]).
pub fn actions(_s: &model::State, _who: Pw, _cp: u8) -> Vec<model::Move> {
    Vec::new()
}

/// Carry out one of its CP actions; returns the CP it costs now (0 when a frame it
/// pushes spends them later).
pub fn act(
    _s: &mut model::State,
    _who: Pw,
    _cp: u8,
    mv: &Move,
    _ev: &mut Vec<Scoped<model::Event>>,
) -> u8 {
    match *mv {}
}

/// What it does at a fixed moment of the turn ([7]); it may push frames.
pub fn at(_s: &mut model::State, _when: Moment, _ev: &mut Vec<Scoped<model::Event>>) {}

/// Its VP for `p` ([25.2]).
pub fn vp(_s: &model::State, _p: Pw) -> i16 {
    0
}

/// Its change to the number of cards `p` draws ([6.2] step 4).
pub fn card_bonus(_s: &model::State, _p: Pw) -> i8 {
    0
}

pub fn describe(_s: &model::State, mv: &Move) -> String {
    match *mv {}
}

pub fn view(_s: &model::State, _viewer: Viewer) -> View {
    View {}
}

/// Its rule invariants (checked after every move of the playouts).
pub fn violations(_s: &model::State) -> Vec<String> {
    Vec::new()
}

/// Redraw what `seat` may not see of it (hidden-information check, search bots).
pub fn resample(_s: &mut model::State, _seat: Seat, _rng: &mut GameRng) {}

/// Why a move that is not listed is refused, when the reason is a rule of this
/// subsystem that is not implemented (an UNSUPPORTED message naming the rule).
pub fn unsupported(_s: &model::State, _mv: &model::Move) -> Option<String> {
    None
}

pub fn move_to_pb(m: &Move) -> pb::WorldMove {
    match *m {}
}

pub fn move_from_pb(p: &pb::WorldMove) -> Result<Move, String> {
    Err(format!("world move kind {} unknown", p.kind))
}

pub fn event_to_pb(e: &Event) -> pb::WorldEvent {
    match *e {}
}

pub fn view_to_pb(_v: &View) -> pb::WorldView {
    pb::WorldView {}
}
