//! Spain's World-map fortresses: the markers of its power card ([8.2] L615-620: 1, 2
//! with the science bonus Coastal fortification, topped up, never added to the unused
//! ones), the build-fortress action on the World map ([17.5] L1452: 2 CP, a marker of the
//! power card onto any settlement without a fortress) and their piracy defence ([16.5]
//! steps 2 and 5, L1323-1341). RULINGS W7.

use signoria_engine::Scoped;

use crate::data::{OceanZoneId, data};
use crate::model::{self, Pw};
use crate::patronage::science;

use super::{Event, Move, SPAIN};

/// [8.2]: in the card draw Spain's card holds 1 fortress marker (2 with Coastal
/// fortification); unused markers of the last turn count ("weniger Marker legen").
pub fn allot(s: &mut model::State) {
    let t = &data().tables.spanish_allotment;
    let n = if science::has(s, SPAIN, science::COASTAL_FORTIFICATION) {
        t.fortresses_with_coastal_fortification
    } else {
        t.fortresses
    };
    s.world.fortress_markers = s.world.fortress_markers.max(n);
}

/// [17.5]: the World-map build-fortress actions of `who` with `cp` CP: Spain with a
/// marker on its card, 2 CP, any settlement without a fortress.
pub fn actions(s: &model::State, who: Pw, cp: u8) -> Vec<Move> {
    if who != SPAIN || cp < 2 || s.world.fortress_markers == 0 {
        return Vec::new();
    }
    (0..data().settlements.len() as u8)
        .filter(|x| !s.world.fortresses.contains(x))
        .map(|settlement| Move::BuildFortress { settlement })
        .collect()
}

/// Carry out the action: the marker leaves the card for the settlement; 2 CP.
pub fn build(s: &mut model::State, settlement: u8, ev: &mut Vec<Scoped<model::Event>>) -> u8 {
    s.world.fortress_markers -= 1;
    s.world.fortresses.push(settlement);
    s.world.fortresses.sort();
    ev.push(Scoped::public(model::Event::World(Event::FortressBuilt {
        settlement,
    })));
    2
}

/// [16.5] step 2: Spanish fortresses on settlements next to ocean zone `z` (one defence
/// die each when Spain is the target).
pub fn next_to(s: &model::State, z: u8) -> usize {
    data()
        .settlements_in(OceanZoneId(z))
        .filter(|x| s.world.fortresses.contains(&x.0))
        .count()
}
