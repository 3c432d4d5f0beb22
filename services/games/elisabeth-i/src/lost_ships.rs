//! Ships eliminated wait on the turn track ([17.3] L1406: "Wird ein Schiff eliminiert,
//! wird es ins Feld der kommenden Runde des Spielrundenanzeigers gelegt"; [16.2] step 10
//! L1247, [15.1] step 9 L1122): their counters are out of the pool, so they may not be
//! built again this turn; the next card phase returns them to the pool ([8.1] L610).
//! **Exception** Dry Dock (Trockendock): the major owning it gets its eliminated ships
//! back into its pool at once ([16.2] step 10, [17.3]; RULINGS I3, M21).
//!
//! Every elimination of a counter ship of the Europe map comes here (naval battles,
//! assaults, piracy, ships with no port to go to, rebellions; RULINGS M21). The Armada
//! has its own counter and rule ([23.2], `armada`); the World map's patrols are no ships
//! of a pool ([17.3] builds them from their own counters).

use crate::data::PoolOwner;
use crate::model::{Ships, State, pw};
use crate::patronage::science;

/// Whether the ships of `o` go back to the pool at once: `o` is a major's own pool (the
/// Protestants' Dutch and Huguenot ones included) and the major owns Dry Dock ("Schiffe
/// der Großmacht", [17.3]).
pub fn dry_dock(s: &State, o: PoolOwner) -> bool {
    o.power().is_major() && pw(o.power()).is_some_and(|p| science::has(s, p, science::DRY_DOCK))
}

/// Eliminate `ships` of owner `o` (already taken off the map): they leave the unit
/// ledger and wait on the turn track unless `to_track` is false (Dry Dock).
pub fn lose_as(s: &mut State, o: PoolOwner, ships: Ships, to_track: bool) {
    if ships.total() == 0 {
        return;
    }
    crate::board::book(s, o, 0, -(ships.total() as i16));
    if to_track {
        hold(s, o, ships);
    }
}

/// Put `ships` counters of `o` on the turn track (they left the map already and the
/// ledger knows it).
pub fn hold(s: &mut State, o: PoolOwner, ships: Ships) {
    if ships.total() == 0 {
        return;
    }
    let i = match s.lost_ships.iter().position(|x| x.0 == o) {
        Some(i) => i,
        None => {
            s.lost_ships.push((o, Ships::default()));
            s.lost_ships.sort_by_key(|x| x.0);
            s.lost_ships.iter().position(|x| x.0 == o).expect("added")
        }
    };
    let t = &mut s.lost_ships[i].1;
    t.galleys += ships.galleys;
    t.galleons += ships.galleons;
    t.corsairs += ships.corsairs;
}

/// Eliminate `ships` of `o`: to the turn track, or to the pool with Dry Dock.
pub fn lose(s: &mut State, o: PoolOwner, ships: Ships) {
    let track = !dry_dock(s, o);
    lose_as(s, o, ships, track);
}

/// One ship of `kind` of `o` eliminated.
pub fn lose_one(s: &mut State, o: PoolOwner, kind: crate::model::ShipKind) {
    lose(s, o, of_kind(kind, 1));
}

/// `n` ships of one kind.
pub fn of_kind(kind: crate::model::ShipKind, n: u8) -> Ships {
    use crate::model::ShipKind;
    let mut v = Ships::default();
    match kind {
        ShipKind::Galley => v.galleys = n,
        ShipKind::Galleon => v.galleons = n,
        ShipKind::Corsair => v.corsairs = n,
        ShipKind::Armada => unreachable!("the Armada is no counter of a pool"),
    }
    v
}

/// Up to `n` ships of `kind` on the turn track pass from `from` to `to` (lent ships
/// lost: the lender's counters, [9.2]).
pub fn transfer(
    s: &mut State,
    from: PoolOwner,
    to: PoolOwner,
    kind: crate::model::ShipKind,
    n: u8,
) {
    let Some(i) = s.lost_ships.iter().position(|x| x.0 == from) else {
        return;
    };
    let have = &mut s.lost_ships[i].1;
    let slot = match kind {
        crate::model::ShipKind::Galley => &mut have.galleys,
        crate::model::ShipKind::Galleon => &mut have.galleons,
        crate::model::ShipKind::Corsair => &mut have.corsairs,
        crate::model::ShipKind::Armada => return,
    };
    let m = n.min(*slot);
    *slot -= m;
    s.lost_ships.retain(|x| x.1.total() > 0);
    hold(s, to, of_kind(kind, m));
}

/// Counters of `o` on the turn track (out of the pool until the next card phase).
pub fn held(s: &State, o: PoolOwner) -> u32 {
    s.lost_ships
        .iter()
        .filter(|x| x.0 == o)
        .map(|x| x.1.total() as u32)
        .sum()
}

/// Card phase ([8.1] L610): the ships eliminated in the previous turn go back to their
/// powers' pools.
pub fn card_phase(s: &mut State) {
    s.lost_ships.clear();
}
