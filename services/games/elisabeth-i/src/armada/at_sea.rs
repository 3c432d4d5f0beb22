//! The Armada among the ships of the Europe map ([23.2]): it joins Spain's fleet where it
//! is (moves, interception, avoid battle, battles, blockades count it through the fleet:
//! its dice = its strength, a blockade counts strength / 2 ships), sails by its own order
//! of a naval move, loses a level per 2 hits, drowns the units it can no longer carry,
//! and goes home in winter like a ship.

use signoria_engine::Scoped;

use super::refit::{LEVEL, owner};
use super::{Event, SPAIN};
use crate::board::{book, controller_pw};
use crate::combat::naval_battle::{Fleet, Waters};
use crate::combat::naval_move::{ShipsAt, adjacent};
use crate::data::{Power, SeaZoneId};
use crate::model::{self, UnitKind};

fn note(ev: &mut Vec<Scoped<model::Event>>, e: Event) {
    ev.push(Scoped::public(model::Event::Armada(e)));
}

/// The Armada joins Spain's fleet at `w` (its strength and the units aboard).
pub fn join(s: &model::State, w: Waters, f: &mut Fleet) {
    if f.power == Power::Spain && s.armada.at == Some(w) {
        f.armada = s.armada.strength;
        f.aboard = s.armada.aboard.total();
    }
}

/// Whether the Armada is at `w` (a Spanish stack there even without other ships).
pub fn here(s: &model::State, w: Waters) -> bool {
    s.armada.at == Some(w)
}

/// Whether it may be ordered to sail from `w` ([23.2]: it moves as any ship; not when it
/// lost a naval battle this impulse, [16.1]).
pub fn may_sail(s: &model::State, w: Waters) -> bool {
    here(s, w) && !s.memo.naval_beaten.contains(&(SPAIN, w))
}

/// Its order of a naval move carried out.
pub fn sail(s: &mut model::State, to: Waters) {
    s.armada.at = Some(to);
}

/// After a naval move's interception and avoid-battle procedure: where the Armada of
/// Spain's stacks ended up (an avoid battle or interception moved it with its stack).
pub fn from_board(s: &mut model::State, board: &[ShipsAt]) {
    if s.armada.at.is_none() {
        return;
    }
    if let Some(st) = board
        .iter()
        .find(|x| x.fleet.power == Power::Spain && x.fleet.armada > 0)
    {
        s.armada.at = Some(st.at);
        s.armada.strength = st.fleet.armada;
    }
}

/// The Armada after a naval battle of Spain's side `f` (its surviving fleet) ending at
/// `to` (None: lost with its stack): levels lost, units it can no longer carry drowned
/// (RULINGS A4), lost below 2.
pub fn after_battle(
    s: &mut model::State,
    fought: bool,
    f: &Fleet,
    to: Option<Waters>,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    if !fought {
        return;
    }
    match to {
        Some(to) if f.armada > 0 => {
            s.armada.at = Some(to);
            set_strength(s, f.armada, ev);
        }
        _ => lose(s, ev),
    }
}

/// Set its strength (after losses), drowning the units beyond it: mercenaries first, then
/// cavalry, then regulars (RULINGS A4).
pub fn set_strength(s: &mut model::State, strength: u8, ev: &mut Vec<Scoped<model::Event>>) {
    if strength == 0 {
        return lose(s, ev);
    }
    if strength != s.armada.strength {
        s.armada.strength = strength;
        note(ev, Event::Strength { strength });
    }
    let mut drowned = 0;
    for k in [UnitKind::Mercenary, UnitKind::Cavalry, UnitKind::Regular] {
        while s.armada.aboard.total() > strength && s.armada.aboard.get(k) > 0 {
            *s.armada.aboard.get_mut(k) -= 1;
            drowned += 1;
        }
    }
    if drowned > 0 {
        book(s, owner(), -drowned, 0);
        note(
            ev,
            Event::Aboard {
                aboard: s.armada.aboard,
            },
        );
    }
}

/// Eliminated: the units aboard with it, the 2-counter to the turn track (rebuilt in a
/// later turn, RULINGS A1).
pub fn lose(s: &mut model::State, ev: &mut Vec<Scoped<model::Event>>) {
    if s.armada.at.is_none() {
        return;
    }
    book(s, owner(), -(s.armada.aboard.total() as i16), 0);
    if let Some(at) = s.armada.at {
        super::ferry::leaders_lost_ship(s, at);
    }
    s.armada = super::State {
        lost_turn: Some(s.turn),
        ..Default::default()
    };
    note(ev, Event::Lost);
}

/// Piracy against Spain ([16.4] step 4 d): the Armada's strength when it is in or next to
/// the piracy zone.
pub fn near(s: &model::State, zone: SeaZoneId) -> u8 {
    let w = Waters::Sea(zone);
    match s.armada.at {
        Some(a) if a == w || adjacent(w).contains(&a) => s.armada.strength,
        _ => 0,
    }
}

/// The piracy reward "reduce the Armada one level" ([16.4] step 4 d).
pub fn reduce(s: &mut model::State, ev: &mut Vec<Scoped<model::Event>>) {
    let n = s.armada.strength.saturating_sub(LEVEL);
    set_strength(s, n, ev);
}

/// Winter ([20.4], [23.2]): at sea it returns to the nearest port Spain controls as the
/// ships do (RULINGS M16), with the units aboard (they may winter aboard); none: lost.
pub fn winter(s: &mut model::State, ev: &mut Vec<Scoped<model::Event>>) {
    if let Some(w @ Waters::Sea(_)) = s.armada.at {
        match crate::naval::nearest_home_port(s, SPAIN, w) {
            Some(to) => s.armada.at = Some(to),
            None => lose(s, ev),
        }
    }
}

/// [12.2]: the port it lies in changes control: it leaves to the lowest adjacent sea zone
/// without enemy ships (RULINGS M15), the units aboard with it; none: lost.
pub fn push_out(s: &mut model::State, to: Option<Waters>, ev: &mut Vec<Scoped<model::Event>>) {
    match to {
        Some(to) => s.armada.at = Some(to),
        None => lose(s, ev),
    }
}

/// Whether its port is no longer Spain's (it must leave, [12.2]).
pub fn stranded(s: &model::State) -> Option<crate::data::SpaceId> {
    match s.armada.at {
        Some(Waters::Port(x)) if controller_pw(s, x) != Some(SPAIN) => Some(x),
        _ => None,
    }
}

/// The Spanish land units aboard (the unit ledger counts them on the map).
pub fn aboard_of(s: &model::State, o: crate::data::PoolOwner) -> u32 {
    if o == owner() {
        s.armada.aboard.total() as u32
    } else {
        0
    }
}
