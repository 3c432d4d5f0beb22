//! Two tiny games for the search's own tests: Nim (perfect information, with
//! or without `resample_hidden`) and Pennies (one simultaneous secret pick).

#![allow(dead_code)]

use serde::{Deserialize, Serialize};
use signoria_engine::{Game, GameInfo, GameRng, Outcome, Scoped, Seat, SetupError, Viewer};

fn info(id: &'static str) -> GameInfo {
    GameInfo {
        id,
        display_name: id,
        min_players: 2,
        max_players: 2,
        schema_version: 1,
        options: Vec::new(),
    }
}

fn two_player_outcome(winner: Seat) -> Outcome {
    let keys = [(winner == 0) as i64, (winner == 1) as i64];
    Outcome::ranked(&keys, &keys, "")
}

/// Take 1 to 3 counters from a pile of `pile`; who takes the last one wins.
/// `RESAMPLE`: whether it offers `resample_hidden` (nothing is hidden).
pub struct Nim<const RESAMPLE: bool>;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NimState {
    pub pile: u32,
    pub turn: Seat,
    pub winner: Option<Seat>,
    pub stack: Vec<()>,
}

impl NimState {
    pub fn new(pile: u32) -> Self {
        NimState {
            pile,
            turn: 0,
            winner: None,
            stack: vec![()],
        }
    }
}

impl<const RESAMPLE: bool> Game for Nim<RESAMPLE> {
    type Options = ();
    type State = NimState;
    type Move = u32;
    type Event = ();
    type View = NimState;
    type Frame = ();

    fn info() -> GameInfo {
        info("nim")
    }
    fn setup(_: &(), _: usize, _: u64) -> Result<NimState, SetupError> {
        Ok(NimState::new(10))
    }
    fn players(_: &NimState) -> usize {
        2
    }
    fn stack(s: &NimState) -> &[()] {
        &s.stack
    }
    fn stack_mut(s: &mut NimState) -> &mut Vec<()> {
        &mut s.stack
    }
    fn deciders(s: &NimState, _: &()) -> Vec<Seat> {
        vec![s.turn]
    }
    fn choices(s: &NimState, _: &(), _: Seat) -> Vec<u32> {
        (1..=s.pile.min(3)).collect()
    }
    fn prompt(_: &NimState, _: &(), _: Seat) -> String {
        "take".into()
    }
    fn frame_kind(_: &()) -> &'static str {
        "take"
    }
    fn resolve(s: &mut NimState, seat: Seat, mv: &u32, _: &mut Vec<Scoped<()>>) {
        s.pile -= mv;
        if s.pile == 0 {
            s.winner = Some(seat);
            s.stack.clear();
        } else {
            s.turn = 1 - seat;
        }
    }
    fn auto(_: &mut NimState, _: &mut Vec<Scoped<()>>) {}
    fn view(s: &NimState, _: Viewer) -> NimState {
        s.clone()
    }
    fn outcome(s: &NimState) -> Option<Outcome> {
        s.winner.map(two_player_outcome)
    }
    fn describe_move(_: &NimState, _: Seat, mv: &u32) -> String {
        format!("take {mv}")
    }
    fn resample_hidden(s: &NimState, _: Seat, _: &mut GameRng) -> Option<NimState> {
        RESAMPLE.then(|| s.clone())
    }
}

/// Both seats pick one of four faces at once, in secret; seat 1 wins when
/// the faces match, seat 0 otherwise.
pub struct Pennies;

pub const FACES: u32 = 4;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PenniesState {
    pub picks: [Option<u32>; 2],
    pub stack: Vec<()>,
}

impl Game for Pennies {
    type Options = ();
    type State = PenniesState;
    type Move = u32;
    type Event = ();
    type View = Option<u32>;
    type Frame = ();

    fn info() -> GameInfo {
        info("pennies")
    }
    fn setup(_: &(), _: usize, _: u64) -> Result<PenniesState, SetupError> {
        Ok(PenniesState {
            picks: [None, None],
            stack: vec![()],
        })
    }
    fn players(_: &PenniesState) -> usize {
        2
    }
    fn stack(s: &PenniesState) -> &[()] {
        &s.stack
    }
    fn stack_mut(s: &mut PenniesState) -> &mut Vec<()> {
        &mut s.stack
    }
    fn deciders(s: &PenniesState, _: &()) -> Vec<Seat> {
        (0..2).filter(|&seat| s.picks[seat].is_none()).collect()
    }
    fn choices(_: &PenniesState, _: &(), _: Seat) -> Vec<u32> {
        (0..FACES).collect()
    }
    fn prompt(_: &PenniesState, _: &(), _: Seat) -> String {
        "pick a face".into()
    }
    fn frame_kind(_: &()) -> &'static str {
        "pick"
    }
    fn resolve(s: &mut PenniesState, seat: Seat, mv: &u32, _: &mut Vec<Scoped<()>>) {
        s.picks[seat] = Some(*mv);
        if s.picks.iter().all(Option::is_some) {
            s.stack.clear();
        }
    }
    fn auto(_: &mut PenniesState, _: &mut Vec<Scoped<()>>) {}
    fn view(s: &PenniesState, viewer: Viewer) -> Option<u32> {
        match viewer {
            Viewer::Seat(seat) => s.picks[seat],
            _ => None,
        }
    }
    fn outcome(s: &PenniesState) -> Option<Outcome> {
        match s.picks {
            [Some(a), Some(b)] => Some(two_player_outcome((a == b) as Seat)),
            _ => None,
        }
    }
    fn describe_move(_: &PenniesState, _: Seat, mv: &u32) -> String {
        format!("face {mv}")
    }
    fn resample_hidden(s: &PenniesState, seat: Seat, rng: &mut GameRng) -> Option<PenniesState> {
        let mut alt = s.clone();
        let other = 1 - seat;
        if alt.picks[other].is_some() {
            alt.picks[other] = Some(rng.below(FACES as u64) as u32);
        }
        Some(alt)
    }
}
