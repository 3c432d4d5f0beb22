//! Building and raising units (seed [17]): land units [17.2], ships [17.3], fortresses
//! [17.5], within the counter mix [17.1].

use signoria_engine::Scoped;

use crate::board::{controller_pw, enemy_land, force_mut, fortified, owner_for};
use crate::data::{PoolOwner, Power, ReligiousZone, Restriction, SeaGroup, SpaceId, data};
use crate::model::{Event, Pw, ShipKind, State, UnitKind, major};

/// Land units of an owner on the map.
pub fn land_in_play(s: &State, o: PoolOwner) -> u32 {
    s.spaces
        .iter()
        .flat_map(|x| x.forces.iter())
        .filter(|f| f.owner == o)
        .map(|f| f.troops.pooled() as u32)
        .sum::<u32>()
        + crate::armada::at_sea::aboard_of(s, o)
        + crate::majors::foreign_wars::on_cards(s, o)
}

pub fn ships_in_play(s: &State, o: PoolOwner) -> u32 {
    s.spaces
        .iter()
        .flat_map(|x| x.forces.iter())
        .filter(|f| f.owner == o)
        .map(|f| f.ships.total() as u32)
        .sum::<u32>()
        + crate::naval::ships_at_sea(s, o)
        // The Silver Fleet escorts ([10] step 1) are Spanish galleons off the map.
        + if o == PoolOwner::Spain {
            s.world.escorts as u32
        } else {
            0
        }
}

pub fn land_pool(o: PoolOwner) -> u32 {
    data()
        .land_pools
        .iter()
        .filter(|x| x.power == o)
        .map(|x| x.total())
        .sum()
}

pub fn naval_pool(o: PoolOwner) -> u32 {
    data()
        .naval_pools
        .iter()
        .filter(|x| x.power == o)
        .map(|x| x.count as u32)
        .sum()
}

pub fn raise_cost(p: Pw, k: UnitKind) -> Option<u8> {
    let ottoman = major(p) == Power::Ottoman;
    match k {
        UnitKind::Regular => Some(2),
        UnitKind::Mercenary if !ottoman => Some(1),
        UnitKind::Cavalry if ottoman => Some(1),
        _ => None,
    }
}

/// Own-controlled home space not in unrest, without enemy land units (seed [17], [17.2]).
fn home_site(s: &State, p: Pw, sp: SpaceId) -> bool {
    let d = data().space(sp);
    d.is_home_of(major(p))
        && controller_pw(s, sp) == Some(p)
        && !s.sp(sp).unrest
        && !enemy_land(s, p, sp)
}

fn netherlands(sp: SpaceId) -> bool {
    data().space(sp).zone == Some(ReligiousZone::Netherlands)
}

/// [24.3]: the active minor whose home `sp` is, when `p` is its ally.
pub fn minor_site(s: &State, p: Pw, sp: SpaceId) -> Option<Power> {
    let home = data().space(sp).home;
    (home.is_minor() && crate::minors::activation::ally(s, home) == Some(p)).then_some(home)
}

/// The owner of the units `p` raises or builds in `sp`: the active minor's own counters in
/// its home spaces ([24.3]), else `p`'s ([`owner_for`]).
fn site_owner(s: &State, p: Pw, sp: SpaceId) -> PoolOwner {
    match minor_site(s, p, sp) {
        Some(m) => PoolOwner::of(m, None),
        None => owner_for(p, sp),
    }
}

/// [24.3]: the ally raises the minor's regulars in a minor home space it controls (not in
/// unrest, no enemy land units), within the minor's counter mix (RULINGS N3).
fn minor_raise_ok(s: &State, p: Pw, sp: SpaceId, k: UnitKind) -> bool {
    let Some(m) = minor_site(s, p, sp) else {
        return false;
    };
    let o = PoolOwner::of(m, None);
    k == UnitKind::Regular
        && controller_pw(s, sp) == Some(p)
        && !s.sp(sp).unrest
        && !enemy_land(s, p, sp)
        && !data().space(sp).has(Restriction::NoLandRaise)
        && land_in_play(s, o) < land_pool(o)
}

pub fn raise_ok(s: &State, p: Pw, sp: SpaceId, k: UnitKind) -> bool {
    if minor_site(s, p, sp).is_some() {
        return minor_raise_ok(s, p, sp, k);
    }
    raise_cost(p, k).is_some()
        && home_site(s, p, sp)
        && !data().space(sp).has(Restriction::NoLandRaise)
        // Spain raises only Walloons in the Netherlands (special unit, issue 15).
        && !(major(p) == Power::Spain && netherlands(sp))
        && land_in_play(s, owner_for(p, sp)) < land_pool(owner_for(p, sp))
}

pub fn raise(s: &mut State, p: Pw, sp: SpaceId, k: UnitKind, ev: &mut Vec<Scoped<Event>>) {
    let o = site_owner(s, p, sp);
    *force_mut(s, sp, o).troops.get_mut(k) += 1;
    crate::board::book(s, o, 1, 0);
    ev.push(Scoped::public(Event::Raised {
        power: p,
        space: sp,
        kind: k,
    }));
}

pub fn build_cost(p: Pw, k: ShipKind) -> Option<u8> {
    let m = major(p);
    match k {
        ShipKind::Galley
            if matches!(
                m,
                Power::Ottoman | Power::Spain | Power::France | Power::Hre
            ) =>
        {
            Some(2)
        }
        ShipKind::Galleon
            if matches!(
                m,
                Power::Spain | Power::England | Power::France | Power::Protestant
            ) =>
        {
            Some(2)
        }
        ShipKind::Corsair if m == Power::Ottoman => Some(1),
        _ => None,
    }
}

/// The CP of raising `k` in `sp` ([17.2]; the minor's regulars 2 CP, [24.3]).
pub fn raise_cost_at(s: &State, p: Pw, sp: SpaceId, k: UnitKind) -> Option<u8> {
    match minor_site(s, p, sp) {
        Some(_) => (k == UnitKind::Regular).then_some(2),
        None => raise_cost(p, k),
    }
}

/// The ship kind of a minor's counters (Papacy and Venice galleys, Portugal galleons;
/// [5.4], [24.3]); None for a minor without ships.
fn minor_ship(m: Power) -> Option<ShipKind> {
    let o = PoolOwner::of(m, None);
    let n = data().naval_pools.iter().find(|x| x.power == o)?;
    match n.front {
        crate::data::ShipType::Galley => Some(ShipKind::Galley),
        crate::data::ShipType::Galleon => Some(ShipKind::Galleon),
        _ => None,
    }
}

/// The CP of building `k` in `sp` ([17.3]; [24.3]: the Papacy's, Venice's and
/// Portugal's ships of their own kind with the action of that kind, 2 CP, RULINGS N3).
pub fn build_cost_at(s: &State, p: Pw, sp: SpaceId, k: ShipKind) -> Option<u8> {
    match minor_site(s, p, sp) {
        Some(m) => (matches!(m, Power::Papacy | Power::Venice | Power::Portugal)
            && minor_ship(m) == Some(k))
        .then_some(2),
        None => build_cost(p, k),
    }
}

pub fn build_ok(s: &State, p: Pw, sp: SpaceId, k: ShipKind) -> bool {
    let d = data();
    let space = d.space(sp);
    let site = match minor_site(s, p, sp) {
        Some(_) => controller_pw(s, sp) == Some(p) && !s.sp(sp).unrest && !enemy_land(s, p, sp),
        None => home_site(s, p, sp),
    };
    if build_cost_at(s, p, sp, k).is_none() || !space.ships_may_enter() || !site {
        return false;
    }
    let spain_nl = major(p) == Power::Spain && netherlands(sp);
    let ok = match k {
        ShipKind::Galley => !space.has(Restriction::NoGalleyBuild) && !spain_nl,
        ShipKind::Galleon => {
            !space.has(Restriction::GalleysOnly)
                && !spain_nl
                && space
                    .ports
                    .iter()
                    .any(|&z| d.sea_zone(z).group == SeaGroup::Atlantic)
        }
        ShipKind::Corsair => true,
        ShipKind::Armada => false,
    };
    let o = site_owner(s, p, sp);
    ok && counters_used(s, o) < naval_pool(o)
}

/// Ship counters of `o` out of its pool: on the map, lent (not borrowed), and on the turn
/// track ([17.3]: ships eliminated are not built again before the next card phase).
pub fn counters_used(s: &State, o: PoolOwner) -> u32 {
    crate::diplomacy::ship_loans::counters_in_use(
        s,
        o,
        ships_in_play(s, o) + crate::lost_ships::held(s, o),
    )
}

pub fn build(s: &mut State, p: Pw, sp: SpaceId, k: ShipKind, ev: &mut Vec<Scoped<Event>>) {
    let o = site_owner(s, p, sp);
    let sh = &mut force_mut(s, sp, o).ships;
    match k {
        ShipKind::Galley => sh.galleys += 1,
        ShipKind::Galleon => sh.galleons += 1,
        ShipKind::Corsair => sh.corsairs += 1,
        ShipKind::Armada => unreachable!("the Armada is built by its event"),
    }
    crate::board::book(s, o, 0, 1);
    ev.push(Scoped::public(Event::Built {
        power: p,
        space: sp,
        kind: k,
    }));
}

/// Fortress (2 CP, seed [17.5]): own-controlled unfortified home space, no enemy units,
/// not in unrest.
pub fn fortress_ok(s: &State, p: Pw, sp: SpaceId) -> bool {
    home_site(s, p, sp) && !fortified(s, sp)
}

pub fn build_fortress(s: &mut State, sp: SpaceId, ev: &mut Vec<Scoped<Event>>) {
    s.sp_mut(sp).fortress = true;
    ev.push(Scoped::public(Event::FortressBuilt { space: sp }));
}
