//! The Protestants [23.6]: the Huguenot and Dutch capitals as capitals of their own
//! faction's units and leaders (spring deployment, winter, displacement), and where
//! Protestant leaders enter in the spring deployment.

use crate::board::{controller_pw, fortified};
use crate::data::{Faction, PoolOwner, SpaceId, data};
use crate::model::{Pw, State};

pub const PROTESTANT: Pw = 5;

fn faction_of(o: PoolOwner) -> Option<Faction> {
    match o {
        PoolOwner::Dutch => Some(Faction::Dutch),
        PoolOwner::Huguenot => Some(Faction::Huguenot),
        _ => None,
    }
}

/// The faction's capital on the map ([23.6]; `religion::capitals`), if the Protestants
/// hold one.
pub fn capital(s: &State, f: Faction) -> Option<SpaceId> {
    s.religion
        .capitals
        .iter()
        .find(|&&(g, _)| g == f)
        .map(|&(_, x)| x)
}

/// Both capitals (for what any Protestant may use: leaders freed or displaced).
pub fn capitals(s: &State) -> Vec<SpaceId> {
    let mut v: Vec<SpaceId> = s.religion.capitals.iter().map(|&(_, x)| x).collect();
    v.sort();
    v
}

/// The capital the units of `o` may use ([23.6]: never the other faction's); None for
/// owners that are no Protestant faction.
pub fn capital_of_owner(s: &State, o: PoolOwner) -> Option<Option<SpaceId>> {
    faction_of(o).map(|f| capital(s, f))
}

/// [10] step 6 with [23.6]: a Protestant capital serves the deployment of its own
/// faction's units only, so a move from it is offered while no unit of the other
/// faction stands there (RULINGS K8).
pub fn deploy_ok(s: &State, p: Pw, at: SpaceId) -> bool {
    if p != PROTESTANT {
        return true;
    }
    let Some(&(f, _)) = s.religion.capitals.iter().find(|&&(_, x)| x == at) else {
        return false;
    };
    s.sp(at)
        .forces
        .iter()
        .all(|fo| fo.troops.total() == 0 || faction_of(fo.owner).is_none_or(|g| g == f))
}

/// [23.6]: a Huguenot leader enters on a Protestant-controlled fortified home space in
/// France, a Dutch leader on one in the Netherlands (spring deployment).
pub fn leader_site_ok(s: &State, leader: u8, x: SpaceId) -> bool {
    let Some(f) = data()
        .army_leaders
        .get(leader as usize)
        .and_then(|l| faction_of(l.power))
    else {
        return true;
    };
    // The Huguenot home spaces are in France, the Dutch ones in the Netherlands.
    data().space(x).is_home_of_faction(f)
        && fortified(s, x)
        && controller_pw(s, x) == Some(PROTESTANT)
}
