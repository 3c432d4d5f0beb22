//! The Silver Fleet escorts ([10] step 1 L798): in the spring deployment Spain may move
//! galleons from its home ports to the escorts box of its power card, or back (not both
//! ways in one turn), at most two there. They stay there from turn to turn; they are
//! counters of Spain's pool off the map (the unit ledger counts them with the map) and
//! fight for the Silver Fleet ([23.2] steps 2 and 4, `silver_fleet`). RULINGS W10.

use signoria_engine::Scoped;

use crate::board::controller_pw;
use crate::data::{PoolOwner, SpaceId, data};
use crate::model::{self, Pw};
use crate::naval::enemy_ships;

use super::{Event, Frame, Move, SPAIN};
use crate::combat::naval_battle::Waters;

/// Escorting galleons now.
pub fn count(s: &model::State) -> u8 {
    s.world.escorts
}

fn max() -> u8 {
    data().tables.silver_fleet.escort_max_galleons
}

/// Spain's home ports under its control without enemy ships ("Heimathäfen", [10] step 1).
fn home_ports(s: &model::State) -> impl Iterator<Item = SpaceId> + '_ {
    let d = data();
    d.space_ids().filter(move |&x| {
        let sp = d.space(x);
        sp.ships_may_enter()
            && sp.is_home_of(crate::data::Power::Spain)
            && controller_pw(s, x) == Some(SPAIN)
            && !enemy_ships(s, SPAIN, Waters::Port(x))
    })
}

fn galleons_at(s: &model::State, x: SpaceId) -> u8 {
    s.sp(x)
        .forces
        .iter()
        .find(|f| f.owner == PoolOwner::Spain)
        .map_or(0, |f| f.ships.galleons)
}

/// The moves of the spring step; `back` is the direction chosen this turn (None: none
/// moved yet).
pub fn choices(s: &model::State, back: Option<bool>) -> Vec<Move> {
    let mut v = Vec::new();
    if back != Some(true) && count(s) < max() {
        v.extend(
            home_ports(s)
                .filter(|&x| galleons_at(s, x) > 0)
                .map(|port| Move::Escort { port, back: false }),
        );
    }
    if back != Some(false) && count(s) > 0 {
        v.extend(home_ports(s).map(|port| Move::Escort { port, back: true }));
    }
    v
}

/// [10] step 1 for `who`: Spain's decision, when it has a move.
pub fn spring_frame(s: &model::State, who: Pw) -> Option<model::Frame> {
    (who == SPAIN && s.world.ready && !choices(s, None).is_empty())
        .then_some(model::Frame::World(Frame::Escorts { back: None }))
}

pub fn resolve(s: &mut model::State, m: &Move, ev: &mut Vec<Scoped<model::Event>>) {
    s.stack.pop();
    let &Move::Escort { port, back } = m else {
        // EscortsDone.
        return;
    };
    let f = crate::board::force_mut(s, port, PoolOwner::Spain);
    if back {
        f.ships.galleons += 1;
        s.world.escorts -= 1;
    } else {
        f.ships.galleons -= 1;
        s.world.escorts += 1;
        crate::board::tidy(s, port);
    }
    ev.push(Scoped::public(model::Event::World(Event::Escorts {
        count: s.world.escorts,
    })));
    if !choices(s, Some(back)).is_empty() {
        s.stack
            .push(model::Frame::World(Frame::Escorts { back: Some(back) }));
    }
}

/// [23.2] step 4: an escorting galleon eliminated as a reward (to the turn track, [17.3]).
pub fn eliminate_one(s: &mut model::State) {
    s.world.escorts -= 1;
    crate::lost_ships::lose_one(s, PoolOwner::Spain, model::ShipKind::Galleon);
}
