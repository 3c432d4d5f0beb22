#![allow(dead_code)]
//! Helpers that build states directly for scenario tests.

use signoria_engine::{Game, Scoped};
use signoria_lorenzo_il_magnifico::LorenzoIlMagnifico as L;
use signoria_lorenzo_il_magnifico::data::data;
use signoria_lorenzo_il_magnifico::model::*;

pub fn card_id(name: &str) -> u8 {
    data()
        .cards
        .iter()
        .find(|c| c.name == name || c.de.as_deref() == Some(name))
        .unwrap_or_else(|| panic!("no card {name}"))
        .id
}

/// A basic-game state in round 1, seat 0 to act, empty towers and supplies,
/// turn order 0, 1, 2..., dice 1/1/1.
pub fn fresh(n: usize) -> State {
    let mut s = L::setup(&Options { advanced: false }, n, 7).unwrap();
    s.order = (0..n as u8).collect();
    s.towers = [None; 16];
    s.dice = [1, 1, 1];
    for p in s.players.iter_mut() {
        p.res = Res::default();
    }
    set_turn(&mut s, 0, false);
    s
}

/// Make it `seat`'s turn (the phase frame at the bottom of the stack),
/// keeping any decision above it.
pub fn set_turn(s: &mut State, seat: u8, placed: bool) {
    let turn = Frame::Turn { seat, placed };
    match s.stack.first_mut() {
        Some(phase) => *phase = turn,
        None => s.stack.push(turn),
    }
}

/// The decisions of the action resolving now (the frames above the phase).
pub fn decisions(s: &State) -> &[Frame] {
    s.stack.get(1..).unwrap_or(&[])
}

pub fn res(wood: i32, stone: i32, servants: i32, coins: i32, vp: i32, mp: i32, fp: i32) -> Res {
    Res([wood, stone, servants, coins, vp, mp, fp])
}

/// Bear the excommunication tile `tile`.
pub fn excommunicate(s: &mut State, seat: usize, tile: u8) {
    let p = tile as usize / 7;
    s.excomm_tiles[p] = tile;
    s.players[seat].excomm |= 1 << p;
}

pub fn play(s: &mut State, seat: usize, mv: Move) -> Vec<Scoped<Event>> {
    L::apply(s, seat, &mv).unwrap_or_else(|e| panic!("{mv:?} refused: {e}"))
}

pub fn refused(s: &State, seat: usize, mv: Move) -> String {
    let mut probe = s.clone();
    let e = L::apply(&mut probe, seat, &mv).expect_err("move should be refused");
    assert_eq!(&probe, s, "a refused move changed the state");
    e.message
}

pub fn legal(s: &State, seat: usize) -> Vec<Move> {
    L::legal_moves(s, seat)
}

pub fn place(member: u8, space: u8, servants: u8) -> Move {
    Move::Place {
        member,
        space,
        servants,
    }
}

/// Tower space index: tower (kind) and floor 1..=4.
pub fn sp(kind: Kind, floor: u8) -> u8 {
    kind.idx() as u8 * 4 + floor - 1
}
