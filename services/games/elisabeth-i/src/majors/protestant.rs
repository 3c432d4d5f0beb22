//! The Protestants [23.6]: the Huguenot and Dutch capitals as capitals of their own
//! faction's units and leaders (spring deployment, winter, displacement), and where
//! Protestant leaders enter in the spring deployment.

use signoria_engine::Scoped;

use crate::board::{controller_pw, fortified};
use crate::data::{Faction, PoolOwner, SpaceId, data};
use crate::model::{self, Loc, Pw, State};

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

/// The capitals the land units of `o` (on `p`'s side) may use in winter and when
/// displaced ([23.6]: a Protestant faction only its own faction's, [12.5]; RULINGS K8).
pub fn unit_capitals(s: &State, o: PoolOwner, p: Pw) -> Vec<SpaceId> {
    match capital_of_owner(s, o) {
        Some(own) => own.into_iter().collect(),
        None => crate::board::capitals(s, p),
    }
}

/// [10] step 6 with [23.6]: the Protestants deploy from either capital ("dient dann als
/// Hauptstadt für Armeeführer und Einheiten dieses Gebiets während Frühjahrsaufmarsch"),
/// taking only its faction's units ([`deploy_owner`]; RULINGS K8).
pub fn deploy_ok(s: &State, p: Pw, at: SpaceId) -> bool {
    p != PROTESTANT || s.religion.capitals.iter().any(|&(_, x)| x == at)
}

/// The owner whose units a spring deployment from `at` takes: the capital's faction for
/// the Protestants (the other faction's units there stay, RULINGS K8); None for the other
/// powers (all their units).
pub fn deploy_owner(s: &State, p: Pw, at: SpaceId) -> Option<PoolOwner> {
    if p != PROTESTANT {
        return None;
    }
    s.religion
        .capitals
        .iter()
        .find(|&&(_, x)| x == at)
        .map(|&(f, _)| match f {
            Faction::Dutch => PoolOwner::Dutch,
            Faction::Huguenot => PoolOwner::Huguenot,
        })
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

/// [23.6] L2156: "Wenn Landeinheiten in jeder Runde zurückkehren, kann der protestantische
/// Spieler Armeeführer vom Spielplan entfernen": the Protestant army leaders standing on
/// the map after the winter return (RULINGS K10).
pub fn off_map_leaders(s: &State) -> Vec<u8> {
    s.leaders
        .iter()
        .filter(|l| l.owner == PROTESTANT && matches!(l.at, Loc::Space(_)))
        .map(|l| l.idx)
        .collect()
}

pub fn off_map_choices(s: &State) -> Vec<model::Move> {
    let mut v: Vec<model::Move> = off_map_leaders(s)
        .into_iter()
        .map(|leader| model::Move::Majors(super::Move::LeaderOffMap { leader }))
        .collect();
    v.push(model::Move::Done);
    v
}

/// Take a leader onto the power card (placed again in a spring deployment, [10] step 4,
/// or by a rebellion, [18.5] step 8), or finish.
pub fn resolve_off_map(s: &mut State, mv: &model::Move, ev: &mut Vec<Scoped<model::Event>>) {
    match *mv {
        model::Move::Majors(super::Move::LeaderOffMap { leader }) => {
            let i = crate::board::leader_pos(s, leader);
            s.leaders[i].at = Loc::Card;
            ev.push(Scoped::public(model::Event::Majors(
                super::Event::LeaderOffMap { leader },
            )));
            if off_map_leaders(s).is_empty() {
                s.stack.pop();
            }
        }
        _ => {
            s.stack.pop();
        }
    }
}
