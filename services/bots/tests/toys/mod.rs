//! Two tiny games for the search's own tests: Nim (perfect information, with
//! or without `resample_hidden`) and Pennies (one simultaneous secret pick).

#![allow(dead_code)]

use serde::{Deserialize, Serialize};
use signoria_engine::{Game, GameInfo, GameRng, Outcome, Scoped, Seat, SetupError, Viewer};

fn info(id: &'static str) -> GameInfo {
    GameInfo {
        id,
        display_name: id,
        description: id,
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

/// A race too long to play out: seats alternate for `TURNS` turns, each turn
/// scoring 0 or 1 point. `STANDING`: whether it ranks an unfinished game by
/// points ([`Game::standing`]); its rollouts stop after 6 moves.
pub struct Race<const STANDING: bool>;

pub const TURNS: u32 = 10_000;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RaceState {
    pub points: [i64; 2],
    pub turns: u32,
    pub stack: Vec<()>,
}

impl RaceState {
    pub fn new() -> Self {
        RaceState {
            points: [0, 0],
            turns: 0,
            stack: vec![()],
        }
    }
}

impl<const STANDING: bool> Game for Race<STANDING> {
    type Options = ();
    type State = RaceState;
    type Move = i64;
    type Event = ();
    type View = RaceState;
    type Frame = ();

    fn info() -> GameInfo {
        info("race")
    }
    fn setup(_: &(), _: usize, _: u64) -> Result<RaceState, SetupError> {
        Ok(RaceState::new())
    }
    fn players(_: &RaceState) -> usize {
        2
    }
    fn stack(s: &RaceState) -> &[()] {
        &s.stack
    }
    fn stack_mut(s: &mut RaceState) -> &mut Vec<()> {
        &mut s.stack
    }
    fn deciders(s: &RaceState, _: &()) -> Vec<Seat> {
        vec![(s.turns % 2) as Seat]
    }
    fn choices(_: &RaceState, _: &(), _: Seat) -> Vec<i64> {
        vec![0, 1]
    }
    fn prompt(_: &RaceState, _: &(), _: Seat) -> String {
        "score".into()
    }
    fn frame_kind(_: &()) -> &'static str {
        "score"
    }
    fn resolve(s: &mut RaceState, seat: Seat, mv: &i64, _: &mut Vec<Scoped<()>>) {
        s.points[seat] += mv;
        s.turns += 1;
        if s.turns == TURNS {
            s.stack.clear();
        }
    }
    fn auto(_: &mut RaceState, _: &mut Vec<Scoped<()>>) {}
    fn view(s: &RaceState, _: Viewer) -> RaceState {
        s.clone()
    }
    fn outcome(s: &RaceState) -> Option<Outcome> {
        s.stack
            .is_empty()
            .then(|| Outcome::ranked(&s.points, &s.points, ""))
    }
    fn describe_move(_: &RaceState, _: Seat, mv: &i64) -> String {
        format!("score {mv}")
    }
    fn resample_hidden(s: &RaceState, _: Seat, _: &mut GameRng) -> Option<RaceState> {
        Some(s.clone())
    }
    fn standing(s: &RaceState) -> Option<Outcome> {
        STANDING.then(|| Outcome::ranked(&s.points, &s.points, "standing"))
    }
    fn bot_rollout_depth() -> Option<u32> {
        Some(6)
    }
}
