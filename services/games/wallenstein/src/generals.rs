//! Module 3, generals and monuments (title lost in the OCR; seed L1612-1698;
//! digest §3.5, §5.11): each seat's general upgrades the actions carried out
//! in its land, moves after every normal round (a monument stays behind when
//! it moves next door), captures other seats' monuments where it arrives, and
//! leaves the map with its land. Monuments score at the end.
//!
//! Named "general" throughout: the base game's "Heerführerfigur" is the
//! turn-order token (digest §8 item 52).

use serde::{Deserialize, Serialize};
use signoria_engine::{Scoped, Seat};

use crate::data::{LandId, data};
use crate::model::{Event, Frame, Move, State};

/// Monuments per player (L1620).
pub const MONUMENTS: u32 = 6;
/// VP per own monument on the map and per captured monument (L1698).
pub const VP_PER_MONUMENT: u32 = 1;

/// A monument on the map: (land, owner).
pub type Monument = (LandId, u8);

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Generals {
    /// Where each seat's general stands (`None`: not placed yet, or taken off
    /// with its land until after winter).
    pub at: Vec<Option<LandId>>,
    /// Monuments on the map: (land, owner). A land may hold several (RULINGS R55).
    pub monuments: Vec<Monument>,
    /// Monuments each seat has not built yet.
    pub left: Vec<u32>,
    /// Per seat, the owners of the monuments it captured.
    pub captured: Vec<Vec<u8>>,
}

impl Generals {
    pub fn new(players: usize) -> Generals {
        Generals {
            at: vec![None; players],
            monuments: Vec::new(),
            left: vec![MONUMENTS; players],
            captured: vec![Vec::new(); players],
        }
    }
}

fn generals_mut(s: &mut State) -> &mut Generals {
    s.generals.as_mut().expect("generals are played")
}

/// Whether the seat's general stands in `land` (its actions there are upgraded).
pub fn present(s: &State, seat: Seat, land: LandId) -> bool {
    s.generals
        .as_ref()
        .is_some_and(|g| g.at[seat] == Some(land))
}

/// Whether the seat still has to place its general in the draft.
pub fn to_place_in_draft(s: &State, seat: Seat) -> bool {
    s.generals.as_ref().is_some_and(|g| g.at[seat].is_none())
}

/// The general arrives in an own land: every other seat's monument there is
/// captured (L1681-1683; RULINGS R56).
fn arrive(s: &mut State, seat: usize, land: LandId, ev: &mut Vec<Scoped<Event>>) {
    let g = generals_mut(s);
    g.at[seat] = Some(land);
    let me = seat as u8;
    let (taken, kept): (Vec<Monument>, Vec<Monument>) = g
        .monuments
        .iter()
        .partition(|&&(l, owner)| l == land && owner != me);
    g.monuments = kept;
    for (_, owner) in taken {
        g.captured[seat].push(owner);
        ev.push(Scoped::public(Event::MonumentCaptured {
            seat: me,
            land,
            owner,
        }));
    }
}

/// Put the seat's general into an own land (draft, fixed start, after winter).
pub fn place(s: &mut State, seat: usize, land: LandId, ev: &mut Vec<Scoped<Event>>) {
    ev.push(Scoped::public(Event::GeneralPlaced {
        seat: seat as u8,
        land,
    }));
    arrive(s, seat, land, ev);
}

/// A land changes hands: a general standing there leaves the map without a
/// monument (L1689-1691).
pub fn land_lost(s: &mut State, land: LandId, old: u8, ev: &mut Vec<Scoped<Event>>) {
    if let Some(g) = &mut s.generals
        && g.at[old as usize] == Some(land)
    {
        g.at[old as usize] = None;
        ev.push(Scoped::public(Event::GeneralRemoved { seat: old, land }));
    }
}

/// The seat at `pos` of the turn order, if it has a general to place.
fn placing(s: &State, pos: usize) -> Option<usize> {
    let seat = *s.turn_order.get(pos)? as usize;
    s.generals
        .as_ref()
        .is_some_and(|g| g.at[seat].is_none())
        .then_some(seat)
}

/// `PlaceGenerals`: any own land (L1640-1644, L1692-1694).
pub fn place_moves(s: &State, pos: usize) -> Vec<Move> {
    placing(s, pos)
        .map(|seat| {
            s.owned(seat)
                .into_iter()
                .map(|land| Move::PlaceGeneral { land })
                .collect()
        })
        .unwrap_or_default()
}

/// `PlaceGenerals` with nobody to ask: a seat with one land puts its general
/// there, a seat without land or with its general on the map has nothing to
/// do; after the last seat the frame is done.
pub fn place_step(s: &mut State, pos: usize, ev: &mut Vec<Scoped<Event>>) {
    if pos >= s.turn_order.len() {
        s.stack.pop();
        return;
    }
    if let [Move::PlaceGeneral { land }] = place_moves(s, pos).as_slice() {
        let seat = s.turn_order[pos] as usize;
        place(s, seat, *land, ev);
    }
    s.replace_top(Frame::PlaceGenerals { pos: pos + 1 });
}

pub fn resolve_place(s: &mut State, seat: Seat, land: LandId, ev: &mut Vec<Scoped<Event>>) {
    place(s, seat, land, ev);
    if let Some(Frame::PlaceGenerals { pos }) = s.stack.last_mut() {
        *pos += 1;
    }
}

/// `MoveGenerals`: the seat's general must go into another own land (L1670).
pub fn move_moves(s: &State, pos: usize) -> Vec<Move> {
    let Some(&seat) = s.turn_order.get(pos) else {
        return Vec::new();
    };
    let Some(from) = s.generals.as_ref().and_then(|g| g.at[seat as usize]) else {
        return Vec::new();
    };
    s.owned(seat as usize)
        .into_iter()
        .filter(|&l| l != from)
        .map(|to| Move::MoveGeneral { to })
        .collect()
}

/// `MoveGenerals` with nobody to ask: a general with a single other own land
/// goes there; one without any stays (RULINGS R54); after the last seat the
/// round ends.
pub fn move_step(s: &mut State, pos: usize, ev: &mut Vec<Scoped<Event>>) {
    if pos >= s.turn_order.len() {
        s.stack.pop();
        return;
    }
    if let [Move::MoveGeneral { to }] = move_moves(s, pos).as_slice() {
        let seat = s.turn_order[pos] as usize;
        march(s, seat, *to, ev);
    }
    s.replace_top(Frame::MoveGenerals { pos: pos + 1 });
}

pub fn resolve_move(s: &mut State, seat: Seat, to: LandId, ev: &mut Vec<Scoped<Event>>) {
    march(s, seat, to, ev);
    if let Some(Frame::MoveGenerals { pos }) = s.stack.last_mut() {
        *pos += 1;
    }
}

/// Into an adjacent own land: a triumphant departure, a monument in the land
/// left (L1672-1674), if the seat has one left (RULINGS R55); into any other
/// own land: fled, no monument (L1685-1687).
fn march(s: &mut State, seat: usize, to: LandId, ev: &mut Vec<Scoped<Event>>) {
    let g = generals_mut(s);
    let from = g.at[seat].expect("a general on the map");
    let adjacent = data().lands[from as usize].borders.contains(&to);
    let monument = adjacent && g.left[seat] > 0;
    if monument {
        g.left[seat] -= 1;
        g.monuments.push((from, seat as u8));
    }
    ev.push(Scoped::public(Event::GeneralMoved {
        seat: seat as u8,
        from,
        to,
        monument,
    }));
    arrive(s, seat, to, ev);
}

/// Whether any seat's general is off the map (to be placed after winter).
pub fn any_to_place(s: &State) -> bool {
    s.generals
        .as_ref()
        .is_some_and(|g| g.at.iter().any(Option::is_none))
}

/// Game end: 1 VP per own monument on the map, wherever it stands and whoever
/// holds the land, and per captured monument (L1698).
pub fn score(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    let Some(g) = &s.generals else {
        return;
    };
    let n = s.n();
    let counts: Vec<(u32, u32)> = (0..n)
        .map(|p| {
            let on_board = g.monuments.iter().filter(|m| m.1 as usize == p).count() as u32;
            (on_board, g.captured[p].len() as u32)
        })
        .collect();
    for (p, (on_board, captured)) in counts.into_iter().enumerate() {
        s.players[p].vp += (on_board + captured) * VP_PER_MONUMENT;
        ev.push(Scoped::public(Event::MonumentsScored {
            seat: p as u8,
            on_board,
            captured,
        }));
    }
}
