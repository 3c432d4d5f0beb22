//! The Protestant capitals ([23.6]): at most one per faction (Huguenot in France, Dutch in
//! the Netherlands), placed by a rebellion's step 7 (erratum §8.19 #202: the seed's
//! "step 5") or by the scenario; a capital another power takes goes to the turn track and
//! may be placed again by a rebellion in a later turn.

use crate::board::controller_pw;
use crate::data::{Faction, SpaceId, data};
use crate::model::State;

use super::rebellion::PRO;

/// The scenario's capitals.
pub fn setup(sc: &crate::data::Scenario) -> Vec<(Faction, SpaceId)> {
    let mut v: Vec<(Faction, SpaceId)> = sc
        .protestant_capitals
        .iter()
        .filter_map(|c| Some((c.faction, data().space_id(&c.space)?)))
        .collect();
    v.sort();
    v
}

/// Capitals whose space the Protestants no longer control go to the turn track (blocked
/// for the rest of the turn).
pub fn sweep(s: &mut State) {
    let lost: Vec<(Faction, SpaceId)> = s
        .religion
        .capitals
        .iter()
        .copied()
        .filter(|&(_, x)| controller_pw(s, x) != Some(PRO))
        .collect();
    for (f, x) in lost {
        s.religion.capitals.retain(|&c| c != (f, x));
        if !s.religion.capital_lost.contains(&f) {
            s.religion.capital_lost.push(f);
            s.religion.capital_lost.sort();
        }
    }
}
