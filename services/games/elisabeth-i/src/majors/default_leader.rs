//! The default leader of [5.1], [8.1] (RULINGS F8).
//!
//! When an assassination [19.3] or the "spouse murdered" result of the Royal Marriage
//! table [21.1] removes the last army leader of a power (Huguenot and Dutch leaders count
//! as two powers; captured leaders and leaders on a foreign-war card are in play, leaders
//! due in a later turn are not), its default leader goes onto the turn track and arrives
//! in the next card draw ([8.1]) like any other leader. It is removed from the game as
//! soon as an army leader of its power arrives (on the track, on the power card or on the
//! map). The default leaders are army leaders of the data pack (`default_<owner>`, their
//! ratings reconstructed); they are never assassination targets ([19.3]).
//! *Vorzeitiger Tod*, the third cause the seed names, has no event here (its text is
//! not in the seed).

use signoria_engine::Scoped;

use super::Event;
use crate::data::{PoolOwner, data};
use crate::model::{self, Loc, State};

/// Whether the army leader `idx` of the data pack is a default leader.
pub fn is_default(idx: u8) -> bool {
    data()
        .army_leaders
        .get(idx as usize)
        .is_some_and(|l| l.id.starts_with("default_"))
}

fn group(idx: u8) -> PoolOwner {
    data().army_leaders[idx as usize].power
}

/// In play for [5.1]: on the map, on the power card, captured or on a foreign-war card.
fn in_play(at: Loc) -> bool {
    matches!(
        at,
        Loc::Space(_) | Loc::Card | Loc::Captured(_) | Loc::Abroad
    )
}

/// The default leader of a power's group (a faction for the Protestants).
fn default_of(g: PoolOwner) -> Option<u8> {
    data()
        .army_leaders
        .iter()
        .position(|l| l.power == g && l.id.starts_with("default_"))
        .map(|i| i as u8)
}

/// [5.1]: the army leader `idx` was removed by an assassination or the marriage table:
/// when it was its power's last one in play, the default leader goes onto the turn track
/// (arriving in the next turn's card draw).
pub fn after_death(s: &mut State, idx: u8, ev: &mut Vec<Scoped<model::Event>>) {
    // A leader on a foreign-war card leaves it.
    for w in s.majors.foreign_wars.iter_mut() {
        if w.leader == Some(idx) {
            w.leader = None;
        }
    }
    if is_default(idx) {
        return;
    }
    let g = group(idx);
    let Some(d) = default_of(g) else { return };
    let others = s
        .leaders
        .iter()
        .any(|l| l.idx != idx && group(l.idx) == g && in_play(l.at));
    let Some(i) = s.leaders.iter().position(|l| l.idx == d) else {
        return;
    };
    if others || s.leaders[i].at != Loc::Dead {
        return;
    }
    let turn = s.turn + 1;
    s.leaders[i].at = Loc::Arrives(turn);
    ev.push(Scoped::public(model::Event::Majors(
        Event::DefaultLeaderPlaced { leader: d, turn },
    )));
}

/// [8.1]: a default leader in play or on the turn track leaves the game as soon as an army
/// leader of its power arrives (a named leader in play next to it); run at every moment
/// of the turn, so after the card draw's arrivals too.
pub fn arrivals(s: &mut State, ev: &mut Vec<Scoped<model::Event>>) {
    for i in 0..s.leaders.len() {
        let d = s.leaders[i].idx;
        if !is_default(d) || s.leaders[i].at == Loc::Dead {
            continue;
        }
        let g = group(d);
        let named = s
            .leaders
            .iter()
            .any(|l| !is_default(l.idx) && group(l.idx) == g && in_play(l.at));
        if named {
            s.leaders[i].at = Loc::Dead;
            ev.push(Scoped::public(model::Event::Majors(
                Event::DefaultLeaderRemoved { leader: d },
            )));
        }
    }
}
