//! Ships on the Europe map in play (seed [16.1], [16.2], [20.4]): where ships are (ports
//! and the 13 sea zones), the naval move action with its orders, Storms window,
//! interception, avoid battle and the battles due, and the winter return of ships.
//!
//! The procedures themselves live in `combat/` ([`NavalMove`], [`NavalBattle`]); this
//! module builds their snapshots from the state and applies their outcomes.

use serde::{Deserialize, Serialize};
use signoria_engine::Scoped;

use crate::armada::SPAIN;
use crate::board::{at_war, controller_pw, side, side_power};
use crate::combat::naval_battle::{
    Fleet, NavalBattle, NavalBattleInput, NavalBattleOutcome, Waters,
};
use crate::combat::naval_move::{NavalMove, NavalMoveInput, NavalMoveOutcome, ShipsAt, adjacent};
use crate::data::{PoolOwner, Power, SeaZoneId, ShipType, SpaceId, data};
use crate::lost_ships::{self, of_kind};
use crate::model::{Event, Force, Frame, Pw, ShipKind, Ships, State, major, pw};

/// The ships of one sea zone.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeaState {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forces: Vec<Force>,
}

/// One order of a naval move: a ship of `kind` sails from `from` to `to` (step 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Order {
    pub owner: PoolOwner,
    pub kind: ShipKind,
    pub from: Waters,
    pub to: Waters,
}

pub fn ship_type(k: ShipKind) -> ShipType {
    match k {
        ShipKind::Galley => ShipType::Galley,
        ShipKind::Galleon => ShipType::Galleon,
        ShipKind::Corsair => ShipType::Corsair,
        ShipKind::Armada => unreachable!("the Armada is no counter of a force"),
    }
}

pub fn ship_kind(k: ShipType) -> ShipKind {
    match k {
        ShipType::Galley => ShipKind::Galley,
        ShipType::Galleon | ShipType::RaceBuiltGalleon => ShipKind::Galleon,
        ShipType::Corsair => ShipKind::Corsair,
    }
}

fn get(s: &Ships, k: ShipKind) -> u8 {
    match k {
        ShipKind::Galley => s.galleys,
        ShipKind::Galleon => s.galleons,
        ShipKind::Corsair => s.corsairs,
        ShipKind::Armada => 0,
    }
}

fn get_mut(s: &mut Ships, k: ShipKind) -> &mut u8 {
    match k {
        ShipKind::Galley => &mut s.galleys,
        ShipKind::Galleon => &mut s.galleons,
        ShipKind::Corsair => &mut s.corsairs,
        ShipKind::Armada => unreachable!("the Armada is no counter of a force"),
    }
}

pub const KINDS: [ShipKind; 3] = [ShipKind::Galley, ShipKind::Galleon, ShipKind::Corsair];

/// The forces at a location.
pub fn forces(s: &State, w: Waters) -> &[Force] {
    match w {
        Waters::Port(x) => &s.sp(x).forces,
        Waters::Sea(z) => s.seas.get(z.0 as usize).map_or(&[], |x| &x.forces),
    }
}

fn forces_mut(s: &mut State, w: Waters) -> &mut Vec<Force> {
    match w {
        Waters::Port(x) => &mut s.sp_mut(x).forces,
        Waters::Sea(z) => {
            let n = data().sea_zones.len();
            if s.seas.len() < n {
                s.seas.resize(n, SeaState::default());
            }
            &mut s.seas[z.0 as usize].forces
        }
    }
}

fn force_at(s: &mut State, w: Waters, owner: PoolOwner) -> &mut Force {
    let f = forces_mut(s, w);
    if let Some(i) = f.iter().position(|x| x.owner == owner) {
        return &mut f[i];
    }
    f.push(Force {
        owner,
        troops: Default::default(),
        ships: Default::default(),
    });
    f.sort_by_key(|x| x.owner);
    let i = f.iter().position(|x| x.owner == owner).unwrap();
    &mut f[i]
}

fn add_ships(s: &mut State, w: Waters, owner: PoolOwner, ships: &Ships) {
    let t = force_at(s, w, owner);
    t.ships.galleys += ships.galleys;
    t.ships.galleons += ships.galleons;
    t.ships.corsairs += ships.corsairs;
}

fn tidy_at(s: &mut State, w: Waters) {
    forces_mut(s, w).retain(|f| !f.empty());
}

/// Ships of major `p` at a location.
pub fn ships_of(s: &State, p: Pw, w: Waters) -> u8 {
    forces(s, w)
        .iter()
        .filter(|f| side(s, f.owner) == Some(p))
        .map(|f| f.ships.total())
        .sum()
}

/// Whether `p` has an own ship at `w` for the conditions that ask for one: lines of
/// communication across the sea ([12.1]), the sea zones of a naval transport ([16.3]) and
/// the North Sea of an assault on Antwerp/Rotterdam ([16.7]); Spain's Armada counts as a
/// ship ([5.4] "besondere Seeinheit", [23.2]; RULINGS A12).
pub fn own_ships(s: &State, p: Pw, w: Waters) -> bool {
    ships_of(s, p, w) > 0 || (p == crate::armada::SPAIN && crate::armada::at_sea::here(s, w))
}

/// Whether ships of a power at war with `p` are at `w` (the Armada among them, A12).
pub fn enemy_ships(s: &State, p: Pw, w: Waters) -> bool {
    let spain = crate::armada::SPAIN;
    forces(s, w)
        .iter()
        .any(|f| f.ships.total() > 0 && side(s, f.owner).is_some_and(|q| at_war(s, p, q)))
        || (p != spain && at_war(s, p, spain) && crate::armada::at_sea::here(s, w))
}

/// Every location (ports, then sea zones).
pub fn all_waters() -> impl Iterator<Item = Waters> {
    let d = data();
    d.space_ids()
        .filter(|&x| d.space(x).ships_may_enter())
        .map(Waters::Port)
        .chain((0..d.sea_zones.len()).map(|z| Waters::Sea(SeaZoneId(z as u8))))
}

/// Where a ship of `p` may sail from `from` (seed [16.1]): an adjacent location; a port
/// only if `p` controls it or enemy ships are in it; never Antwerp or Rotterdam.
pub fn destinations(s: &State, p: Pw, from: Waters) -> Vec<Waters> {
    adjacent(from)
        .into_iter()
        .filter(|&w| match w {
            Waters::Port(x) => {
                data().space(x).ships_may_enter()
                    && (controller_pw(s, x) == Some(p) || enemy_ships(s, p, w))
                    && !crate::movement::closed_to_spain(p, x)
            }
            Waters::Sea(_) => true,
        })
        .collect()
}

/// Ships of `p` at `w` not yet ordered to sail, by owner and kind.
pub fn free_ships(s: &State, p: Pw, w: Waters, orders: &[Order]) -> Vec<(PoolOwner, ShipKind)> {
    if s.memo.naval_beaten.contains(&(p, w)) {
        return Vec::new();
    }
    let mut v = Vec::new();
    for f in forces(s, w).iter().filter(|f| side(s, f.owner) == Some(p)) {
        for k in KINDS {
            let ordered = orders
                .iter()
                .filter(|o| o.from == w && o.owner == f.owner && o.kind == k)
                .count() as u8;
            if get(&f.ships, k) > ordered {
                v.push((f.owner, k));
            }
        }
    }
    if p == SPAIN
        && crate::armada::at_sea::may_sail(s, w)
        && !orders.iter().any(|o| o.kind == ShipKind::Armada)
    {
        v.push((crate::armada::refit::owner(), ShipKind::Armada));
    }
    v
}

/// Whether `p` has a ship that could sail (the naval move action is listed).
pub fn may_move(s: &State, p: Pw) -> bool {
    all_waters().any(|w| !free_ships(s, p, w, &[]).is_empty() && !destinations(s, p, w).is_empty())
}

/// The orders `p` may add (one ship at a time).
pub fn order_choices(s: &State, p: Pw, orders: &[Order]) -> Vec<(Waters, ShipKind, Waters)> {
    let mut v = Vec::new();
    for w in all_waters() {
        let free = free_ships(s, p, w, orders);
        if free.is_empty() {
            continue;
        }
        let mut kinds: Vec<ShipKind> = free.iter().map(|x| x.1).collect();
        kinds.dedup();
        for to in destinations(s, p, w) {
            for &k in &kinds {
                if !v.contains(&(w, k, to)) {
                    v.push((w, k, to));
                }
            }
        }
    }
    v
}

/// Add an order for a ship of `kind` (its owner: the first of `p`'s pools with one free).
pub fn order(s: &State, p: Pw, orders: &mut Vec<Order>, from: Waters, kind: ShipKind, to: Waters) {
    let owner = free_ships(s, p, from, orders)
        .into_iter()
        .find(|x| x.1 == kind)
        .expect("listed")
        .0;
    orders.push(Order {
        owner,
        kind,
        from,
        to,
    });
}

fn fleet_of(s: &State, w: Waters, power: Power, fs: &[Force]) -> Fleet {
    let mut f = Fleet::new(power);
    f.admirals = crate::admirals::at(s, w, power);
    for x in fs {
        for k in KINDS {
            f.add(x.owner, ship_type(k), get(&x.ships, k));
        }
    }
    crate::armada::at_sea::join(s, w, &mut f);
    f
}

/// The ships on the map as stacks (one per location and power), all horizontal.
pub fn board(s: &State) -> Vec<ShipsAt> {
    let mut v = Vec::new();
    for w in all_waters() {
        let mut powers: Vec<Power> = forces(s, w)
            .iter()
            .filter(|f| f.ships.total() > 0)
            .map(|f| side_power(s, f.owner))
            .collect();
        if crate::armada::at_sea::here(s, w) && !powers.contains(&Power::Spain) {
            powers.push(Power::Spain);
            powers.sort();
        }
        // One stack per side: an active minor's force is its ally's ([24.3]) and need
        // not stand next to the ally's own in the list.
        let mut seen = Vec::new();
        powers.retain(|p| {
            let first = !seen.contains(p);
            seen.push(*p);
            first
        });
        for p in powers {
            let fs: Vec<Force> = forces(s, w)
                .iter()
                .filter(|f| side_power(s, f.owner) == p && f.ships.total() > 0)
                .cloned()
                .collect();
            v.push(ShipsAt {
                at: w,
                fleet: fleet_of(s, w, p, &fs),
                vertical: false,
            });
        }
    }
    v
}

/// Replace every ship on the map by those of `board`.
pub fn set_board(s: &mut State, board: &[ShipsAt]) {
    for w in all_waters().collect::<Vec<_>>() {
        for f in forces_mut(s, w).iter_mut() {
            f.ships = Ships::default();
        }
    }
    for st in board {
        for g in &st.fleet.ships {
            *get_mut(&mut force_at(s, st.at, g.owner).ships, ship_kind(g.kind)) += g.count;
        }
    }
    for w in all_waters().collect::<Vec<_>>() {
        tidy_at(s, w);
    }
    crate::armada::at_sea::from_board(s, board);
    crate::admirals::sync(s, board);
}

/// Step 2: carry out the orders; a stack arriving in a sea zone without friendly ships
/// stands vertical. Returns the board and the locations entered.
pub fn execute(s: &mut State, p: Pw, orders: &[Order]) -> (Vec<ShipsAt>, Vec<Waters>) {
    let friendly: Vec<Waters> = board(s)
        .iter()
        .filter(|x| pw(x.fleet.power).is_some_and(|q| q == p || crate::board::allied(s, p, q)))
        .map(|x| x.at)
        .collect();
    let friendly_before = |w: Waters| friendly.contains(&w);
    // Naval leaders go with their ships when all of them leave (the first order's way,
    // RULINGS M20), else they stay.
    let mut froms: Vec<Waters> = orders.iter().map(|o| o.from).collect();
    froms.dedup();
    for w in froms {
        let leaving = orders
            .iter()
            .filter(|o| o.from == w && o.kind != ShipKind::Armada)
            .count() as u8;
        if leaving == ships_of(s, p, w)
            && let Some(o) = orders.iter().find(|o| o.from == w)
        {
            crate::admirals::follow(s, major(p), w, o.to);
        }
    }
    let mut entered: Vec<Waters> = Vec::new();
    for o in orders {
        if o.kind == ShipKind::Armada {
            crate::armada::at_sea::sail(s, o.to);
            entered.push(o.to);
            continue;
        }
        *get_mut(&mut force_at(s, o.from, o.owner).ships, o.kind) -= 1;
        *get_mut(&mut force_at(s, o.to, o.owner).ships, o.kind) += 1;
        if !entered.contains(&o.to) {
            entered.push(o.to);
        }
    }
    let vertical: Vec<Waters> = entered
        .iter()
        .copied()
        .filter(|&w| matches!(w, Waters::Sea(_)) && !friendly_before(w))
        .collect();
    for w in all_waters().collect::<Vec<_>>() {
        tidy_at(s, w);
    }
    let mut b = board(s);
    for st in b.iter_mut() {
        if st.fleet.power == major(p) && vertical.contains(&st.at) {
            st.vertical = true;
        }
    }
    (b, entered)
}

/// The interception / avoid-battle procedure of a naval move ([16.1] steps 4-6).
pub fn start_move(s: &mut State, p: Pw, board: Vec<ShipsAt>, entered: Vec<Waters>) -> NavalMove {
    let port_controllers = data()
        .space_ids()
        .filter(|&x| data().space(x).ships_may_enter())
        .filter_map(|x| match s.sp(x).controller {
            Power::Independent => None,
            c => Some((x, c)),
        })
        .collect();
    let input = NavalMoveInput {
        mover: major(p),
        board,
        entered,
        relations: crate::board::relations(s),
        port_controllers,
        telescope: crate::patronage::science::owners(s, crate::patronage::science::TELESCOPE),
        // The Storms window ran before the ships moved (crate::cards, RULINGS M1).
        storms: Vec::new(),
    };
    NavalMove::start(input, &mut s.rng)
}

/// The naval battles a move leads to, in order: locations as listed, opponents in impulse
/// order (RULINGS M14).
pub fn battles_due(o: &NavalMoveOutcome) -> Vec<(Waters, Power)> {
    o.battles
        .iter()
        .flat_map(|(w, foes)| foes.iter().map(move |&f| (*w, f)))
        .collect()
}

fn fleet_at(s: &State, w: Waters, p: Power) -> Fleet {
    let fs: Vec<Force> = forces(s, w)
        .iter()
        .filter(|f| side_power(s, f.owner) == p && f.ships.total() > 0)
        .cloned()
        .collect();
    fleet_of(s, w, p, &fs)
}

/// Retreat locations of a side: a port battle's attacker goes to a sea zone of the port
/// without enemy ships; a sea battle's loser to an adjacent port it controls without enemy
/// ships ([16.2] step 9).
fn retreats(s: &State, w: Waters, p: Pw, attacker: bool) -> Vec<Waters> {
    match w {
        Waters::Port(_) if attacker => adjacent(w)
            .into_iter()
            .filter(|&x| !enemy_ships(s, p, x))
            .collect(),
        Waters::Port(_) => Vec::new(),
        Waters::Sea(_) => adjacent(w)
            .into_iter()
            .filter(|&x| match x {
                Waters::Port(y) => {
                    controller_pw(s, y) == Some(p)
                        && !enemy_ships(s, p, x)
                        && !crate::movement::closed_to_spain(p, y)
                }
                Waters::Sea(_) => false,
            })
            .collect(),
    }
}

/// Start the naval battle of `mover` against `foe` at `w`, if both still have ships.
pub fn start_battle(s: &mut State, mover: Pw, w: Waters, foe: Power) -> Option<NavalBattle> {
    let a = fleet_at(s, w, major(mover));
    let d = fleet_at(s, w, foe);
    if a.is_empty() || d.is_empty() {
        return None;
    }
    let f = pw(foe)?;
    // Every power holding cards is asked in the Galleasses window (M1); the card adds
    // one hit (reconstructed, RULINGS M13).
    let galleasses = crate::cards::window(s, 0..6u8)
        .into_iter()
        .map(|q| {
            let n = crate::cards::held(s, q, crate::cards::GALLEASSES).map_or(0, |_| 1);
            (major(q), n)
        })
        .collect();
    let input = NavalBattleInput {
        waters: w,
        attacker: a,
        defender: d,
        cards: Vec::new(),
        galleasses,
        retreats: [retreats(s, w, mover, true), retreats(s, w, f, false)],
        dry_dock: [
            crate::patronage::science::has(s, mover, crate::patronage::science::DRY_DOCK),
            crate::patronage::science::has(s, f, crate::patronage::science::DRY_DOCK),
        ],
    };
    NavalBattle::start(input, &mut s.rng).ok()
}

/// Apply a naval battle: sunk ships leave the map, the survivors stand where the battle
/// sends them, the beaten stack may not move again this impulse.
pub fn apply_battle(s: &mut State, w: Waters, o: &NavalBattleOutcome, ev: &mut Vec<Scoped<Event>>) {
    let armada_fought = crate::armada::at_sea::here(s, w);
    for side in 0..2 {
        let p = o.fleets[side].power;
        if p == Power::Spain {
            crate::armada::at_sea::after_battle(
                s,
                armada_fought,
                &o.fleets[side],
                o.positions[side],
                ev,
            );
        }
        // Remove the side's ships at w, then place the survivors.
        let theirs: Vec<PoolOwner> = forces(s, w)
            .iter()
            .filter(|f| side_power(s, f.owner) == p)
            .map(|f| f.owner)
            .collect();
        for f in forces_mut(s, w)
            .iter_mut()
            .filter(|f| theirs.contains(&f.owner))
        {
            f.ships = Ships::default();
        }
        if let Some(to) = o.positions[side] {
            for g in &o.fleets[side].ships {
                *get_mut(&mut force_at(s, to, g.owner).ships, ship_kind(g.kind)) += g.count;
            }
            if to != w
                && let Some(q) = pw(p)
                && o.beaten == p
            {
                s.memo.naval_beaten.push((q, to));
            }
        }
        // [16.2] step 10: the ships lost go to the turn track, unless their major has
        // Dry Dock (`to_turn_track`; a minor's counters always, RULINGS M21).
        for x in &o.sunk[side] {
            let track = o.to_turn_track[side] || !lost_ships::dry_dock(s, x.owner);
            lost_ships::lose_as(s, x.owner, of_kind(ship_kind(x.kind), x.count), track);
        }
        // A fleet with no legal place is lost with the ships it still had (step 9).
        if o.positions[side].is_none() {
            for g in &o.fleets[side].ships {
                lost_ships::lose(s, g.owner, of_kind(ship_kind(g.kind), g.count));
            }
        }
    }
    if let Some(q) = pw(o.beaten) {
        s.memo.naval_beaten.push((q, w));
    }
    for side in 0..2 {
        if let Some(to) = o.positions[side] {
            crate::admirals::follow(s, o.fleets[side].power, w, to);
        }
    }
    let away: Vec<String> = o
        .admirals_to_turn_track
        .iter()
        .map(|x| x.1.clone())
        .collect();
    crate::admirals::away(s, &away);
    crate::admirals::strand_check(s);
    tidy_at(s, w);
    for x in o.positions.iter().flatten() {
        tidy_at(s, *x);
    }
    ev.push(Scoped::public(Event::NavalBattleFought {
        attacker: pw(o.fleets[0].power).unwrap_or(0),
        attacker_won: o.attacker_won,
        hits: o.hits.to_vec(),
    }));
}

/// [12.2]: ships in a port whose control changes retreat to an adjacent sea zone without
/// enemy ships (as a sea-battle loser, [16.2] step 9; the lowest zone when several, RULINGS
/// M15); with none they are lost.
pub fn push_out(s: &mut State, port: SpaceId, ev: &mut Vec<Scoped<Event>>) {
    let w = Waters::Port(port);
    let fs: Vec<Force> = forces(s, w)
        .iter()
        .filter(|f| f.ships.total() > 0)
        .cloned()
        .collect();
    for f in fs {
        let Some(p) = side(s, f.owner) else { continue };
        let to = adjacent(w)
            .into_iter()
            .filter(|&x| matches!(x, Waters::Sea(_)) && !enemy_ships(s, p, x))
            .min();
        force_at(s, w, f.owner).ships = Ships::default();
        if let Some(to) = to {
            crate::admirals::follow(s, major(p), w, to);
        }
        match to {
            Some(to) => add_ships(s, to, f.owner, &f.ships),
            None => lost_ships::lose(s, f.owner, f.ships),
        }
        ev.push(Scoped::public(Event::CombatNote {
            text: format!("ships leave {}", data().space(port).name),
        }));
    }
    if crate::armada::at_sea::stranded(s) == Some(port) {
        let to = adjacent(w)
            .into_iter()
            .filter(|&x| matches!(x, Waters::Sea(_)) && !enemy_ships(s, SPAIN, x))
            .min();
        crate::armada::at_sea::push_out(s, to, ev);
    }
    tidy_at(s, w);
}

/// [24.4]: a deactivated minor's ships (owner `o`) go to the nearest home port of the
/// minor that it controls (by steps through sea zones and ports, the lowest location on
/// ties, as M16); those already in one stay; with none they are eliminated.
pub fn home_minor_ships(s: &mut State, o: PoolOwner) {
    let minor = o.power();
    let good = |s: &State, x: SpaceId| data().space(x).home == minor && s.sp(x).controller == minor;
    let at: Vec<(Waters, Ships)> = all_waters()
        .filter_map(|w| {
            let f = forces(s, w).iter().find(|f| f.owner == o)?;
            (f.ships.total() > 0).then_some((w, f.ships))
        })
        .collect();
    for (w, ships) in at {
        if let Waters::Port(x) = w
            && good(s, x)
        {
            continue;
        }
        let to = nearest_port(w, |x| good(s, x) && data().space(x).ships_may_enter());
        force_at(s, w, o).ships = Ships::default();
        tidy_at(s, w);
        match to {
            Some(x) => add_ships(s, Waters::Port(x), o, &ships),
            None => lost_ships::lose(s, o, ships),
        }
    }
}

/// Winter ([20.4]): ships at sea return to the nearest port their power controls (sea zones
/// and ports by steps, enemies ignored; lowest location on ties, RULINGS R7); with none
/// they are lost.
pub fn winter_return(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    let d = data();
    for z in 0..d.sea_zones.len() {
        let w = Waters::Sea(SeaZoneId(z as u8));
        let fs: Vec<Force> = forces(s, w).to_vec();
        for f in fs {
            let Some(p) = side(s, f.owner) else { continue };
            let found = nearest_home_port(s, p, w);
            force_at(s, w, f.owner).ships = Ships::default();
            if let Some(to) = found {
                crate::admirals::follow(s, major(p), w, to);
            }
            match found {
                Some(to) => add_ships(s, to, f.owner, &f.ships),
                None => lost_ships::lose(s, f.owner, f.ships),
            }
        }
        tidy_at(s, w);
    }
    crate::admirals::strand_check(s);
    ev.push(Scoped::public(Event::CombatNote {
        text: "winter: the ships return to port".into(),
    }));
    crate::diplomacy::ship_loans::give_back(s, ev);
    crate::admirals::captains_end(s);
}

/// The nearest port `p` controls from `w` (sea zones and ports by steps, enemies ignored;
/// the lowest location on ties, RULINGS M16).
pub fn nearest_home_port(s: &State, p: Pw, w: Waters) -> Option<Waters> {
    nearest_port(w, |sp| {
        controller_pw(s, sp) == Some(p) && !crate::movement::closed_to_spain(p, sp)
    })
    .map(Waters::Port)
}

/// The nearest port from `w` that `accept`s, by steps through sea zones and ports (each
/// one step); the lowest location on ties.
pub fn nearest_port(w: Waters, accept: impl Fn(SpaceId) -> bool) -> Option<SpaceId> {
    let mut seen = vec![w];
    let mut layer = vec![w];
    while !layer.is_empty() {
        let mut next = Vec::new();
        for x in layer {
            for y in adjacent(x) {
                if !seen.contains(&y) {
                    seen.push(y);
                    next.push(y);
                }
            }
        }
        next.sort();
        let found = next.iter().find_map(|&y| match y {
            Waters::Port(sp) if accept(sp) => Some(sp),
            _ => None,
        });
        if found.is_some() {
            return found;
        }
        layer = next;
    }
    None
}

/// Ships of an owner at sea (for the unit ledger).
pub fn ships_at_sea(s: &State, o: PoolOwner) -> u32 {
    s.seas
        .iter()
        .flat_map(|x| x.forces.iter())
        .filter(|f| f.owner == o)
        .map(|f| f.ships.total() as u32)
        .sum()
}

/// Fleets of the powers of `side` in the sea zones adjacent to a port (the assault's
/// naval blockade, [15.1]).
pub fn adjacent_fleets(s: &State, port: SpaceId, side: impl Fn(Pw) -> bool) -> Vec<Fleet> {
    data()
        .space(port)
        .ports
        .iter()
        .map(|&z| Waters::Sea(z))
        .flat_map(|w| {
            let mut v = Vec::new();
            for p in 0..6u8 {
                if side(p) {
                    let f = fleet_at(s, w, major(p));
                    if !f.is_empty() {
                        v.push(f);
                    }
                }
            }
            v
        })
        .collect()
}

/// Frames of a naval move: pick the orders.
pub fn orders_frame(who: Pw) -> Frame {
    Frame::NavalOrders {
        who,
        orders: Vec::new(),
    }
}

// ---- naval transport [16.3]

use crate::combat::transport::{TransportFacts, may_embark, may_land, may_sail_on};

/// The port an inland port (Antwerp, Rotterdam) is linked to ([16.7]).
fn linked_port(port: SpaceId) -> Option<SpaceId> {
    data()
        .neighbours(port)
        .find(|(_, c)| c.kind == crate::data::ConnectionKind::InlandWaterway)
        .and_then(|(_, c)| c.controlled_by_port)
}

pub fn linked_held(s: &State, p: Pw, port: SpaceId) -> bool {
    linked_port(port).is_some_and(|l| controller_pw(s, l) == Some(p))
}

fn facts(p: Pw, sel: &crate::model::Selection, cp: u8) -> TransportFacts {
    TransportFacts {
        power: major(p),
        units: sel.troops.total() as u32,
        spanish_leader: false,
        besieged: false,
        cp_left: cp,
        armada_strength: 0,
    }
}

/// The sea zones a port reaches by transport (its anchors; Antwerp and Rotterdam the North
/// Sea while the linked port is held, [16.7]).
pub fn port_zones(s: &State, p: Pw, port: SpaceId) -> Vec<SeaZoneId> {
    let d = data();
    let mut v = d.space(port).ports.clone();
    if d.space(port).inland_port
        && linked_held(s, p, port)
        && let Some(n) = d.sea_zone_id("north_sea")
        && !v.contains(&n)
    {
        v.push(n);
    }
    v
}

/// Where the transported formation may go next, with `cp` CP left: embark into a zone
/// with own ships, sail on, or land in a port ([16.3]). `from` None: the formation is
/// aboard the Armada at sea (RULINGS A20): its first step sails on from the Armada's
/// zone (the landing next to it is the Armada's own transport, A10).
pub fn transport_steps(
    s: &State,
    p: Pw,
    from: Option<SpaceId>,
    sel: &crate::model::Selection,
    at: Option<SeaZoneId>,
    cp: u8,
) -> Vec<Waters> {
    let f = facts(p, sel, cp);
    let own = |z: SeaZoneId| own_ships(s, p, Waters::Sea(z));
    let sail_on = |z: SeaZoneId, v: &mut Vec<Waters>| {
        for &n in &data().sea_zone(z).adjacent {
            if may_sail_on(&f, z, n, own(n)).is_ok() {
                v.push(Waters::Sea(n));
            }
        }
    };
    let mut v = Vec::new();
    match (at, from) {
        (None, Some(from)) => {
            for z in port_zones(s, p, from) {
                if may_embark(&f, from, z, own(z), false).is_ok() {
                    v.push(Waters::Sea(z));
                }
            }
        }
        (None, None) => {
            if let Some(z) = crate::armada::ferry::zone(s) {
                sail_on(z, &mut v);
            }
        }
        (Some(z), _) => {
            sail_on(z, &mut v);
            let mut ports: Vec<SpaceId> = data().sea_zone(z).ports.clone();
            ports.extend(
                data()
                    .space_ids()
                    .filter(|&x| data().space(x).inland_port && port_zones(s, p, x).contains(&z)),
            );
            ports.sort();
            ports.dedup();
            for x in ports {
                let enterable = Some(x) == from
                    || (crate::movement::may_enter(s, p, x).is_ok()
                        && crate::movement::entry_with_units(s, p, x).is_ok());
                let linked = !data().space(x).inland_port || linked_held(s, p, x);
                if may_land(
                    &f,
                    z,
                    x,
                    enemy_ships(s, p, Waters::Port(x)),
                    enterable,
                    linked,
                )
                .is_ok()
                {
                    v.push(Waters::Port(x));
                }
            }
        }
    }
    v
}

/// Whether a transport may start from `port` now (a one-unit formation could embark).
pub fn may_transport(s: &State, p: Pw, port: SpaceId, cp: u8) -> bool {
    // [23.1]: the Morisco never goes by sea (RULINGS K15).
    let troops = crate::board::troops_of(s, p, port).by_sea();
    if troops.total() == 0 || !crate::movement::may_move(s, p, port) {
        return false;
    }
    let one = crate::model::Selection {
        troops: crate::model::Troops {
            regulars: troops.regulars.min(1),
            mercenaries: if troops.regulars == 0 {
                troops.mercenaries.min(1)
            } else {
                0
            },
            cavalry: if troops.regulars + troops.mercenaries == 0 {
                1
            } else {
                0
            },
            ..Default::default()
        },
        ..Default::default()
    };
    !transport_steps(s, p, Some(port), &one, None, cp).is_empty()
}

// ---- piracy in Europe [16.4]

use crate::combat::piracy::{Piracy, PiracyInput, PiracyMarkers, PiracyOutcome, Reward};

/// The facts of a piracy by `p` in `zone` against `target` ([16.4] steps 1-2).
pub fn piracy_input(s: &State, p: Pw, zone: SeaZoneId, target: Pw) -> PiracyInput {
    let d = data();
    let z = d.sea_zone(zone);
    let here = Waters::Sea(zone);
    let hostile = |q: Pw| q == target || at_war(s, p, q);
    let target_ports = z
        .ports
        .iter()
        .filter(|&&x| controller_pw(s, x) == Some(target))
        .filter(|&&x| !d.space(x).inland_port || linked_held(s, p, x))
        .count() as u8;
    let near: Vec<Waters> = z
        .ports
        .iter()
        .filter(|&&x| d.space(x).ships_may_enter())
        .map(|&x| Waters::Port(x))
        .chain(z.adjacent.iter().map(|&a| Waters::Sea(a)))
        .collect();
    let mut defence_ships_adjacent = 0u8;
    let mut target_ships_near = Vec::new();
    for &w in near.iter().chain(std::iter::once(&here)) {
        for f in forces(s, w) {
            let Some(q) = side(s, f.owner) else { continue };
            if w != here && hostile(q) {
                defence_ships_adjacent += f.ships.galleys + f.ships.galleons;
            }
            if q == target {
                for k in KINDS {
                    for _ in 0..get(&f.ships, k) {
                        target_ships_near.push((w, f.owner, ship_type(k)));
                    }
                }
            }
        }
    }
    let defence_fortresses = z
        .ports
        .iter()
        .filter(|&&x| {
            (d.space(x).kind == crate::data::SpaceKind::Fortress || s.sp(x).fortress)
                && controller_pw(s, x).is_some_and(hostile)
                && !s.sp(x).unrest
                && s.sp(x).siege.is_none()
        })
        .count() as u8;
    let markers = PiracyMarkers {
        pirate_here_this_turn: s.piracy.contains(&(p, zone)),
        powers_here_this_turn: s.piracy.iter().filter(|x| x.1 == zone).count() as u8,
        pirate_attempts_this_turn: s.piracy.iter().filter(|x| x.0 == p).count() as u8,
    };
    PiracyInput {
        zone,
        pirate: fleet_at(s, here, major(p)),
        target: major(target),
        target_is_major_active: true,
        at_war: at_war(s, p, target),
        target_ports,
        markers,
        target_ships_in_zone: ships_of(s, target, here),
        defence_ships_adjacent,
        defence_fortresses,
        target_ships_near,
        // [6.3]: a "card" drawn may be a treasure.
        drawable: (crate::diplomacy::drawable(s, target).len()
            + s.world.hands.get(target as usize).map_or(0, Vec::len))
        .min(255) as u8,
        armada_near: if target == SPAIN {
            crate::armada::at_sea::near(s, zone)
        } else {
            0
        },
    }
}

/// The piracies `p` may begin now: (zone, target).
pub fn piracy_choices(s: &State, p: Pw) -> Vec<(SeaZoneId, Pw)> {
    let mut v = Vec::new();
    for z in 0..data().sea_zones.len() {
        let zone = SeaZoneId(z as u8);
        if ships_of(s, p, Waters::Sea(zone)) == 0 {
            continue;
        }
        for t in 0..6u8 {
            if t != p && crate::combat::piracy::may_pirate(&piracy_input(s, p, zone, t)).is_ok() {
                v.push((zone, t));
            }
        }
    }
    v
}

pub fn start_piracy(s: &mut State, p: Pw, zone: SeaZoneId, target: Pw) -> Piracy {
    let input = piracy_input(s, p, zone, target);
    s.piracy.push((p, zone));
    Piracy::start(input, &mut s.rng).expect("listed piracy")
}

/// Apply a piracy: the pirate's ships lost, the rewards the target gave.
pub fn apply_piracy(
    s: &mut State,
    p: Pw,
    zone: SeaZoneId,
    target: Pw,
    o: &PiracyOutcome,
    ev: &mut Vec<Scoped<Event>>,
) {
    let here = Waters::Sea(zone);
    for x in &o.pirate_lost {
        let k = ship_kind(x.kind);
        let f = force_at(s, here, x.owner);
        let n = x.count.min(get(&f.ships, k));
        *get_mut(&mut f.ships, k) -= n;
        lost_ships::lose(s, x.owner, of_kind(k, n));
    }
    tidy_at(s, here);
    for r in &o.rewards {
        match *r {
            Reward::EliminateShip(w, owner, k) => {
                let f = force_at(s, w, owner);
                let n = get_mut(&mut f.ships, ship_kind(k));
                if *n > 0 {
                    *n -= 1;
                    lost_ships::lose_one(s, owner, ship_kind(k));
                }
                tidy_at(s, w);
            }
            // [6.3]: the "card" drawn may be a treasure.
            Reward::DrawCard => {
                crate::diplomacy::take_random(s, target, p, ev);
            }
            // Piracy VP count with the bonus VP (RULINGS M19).
            Reward::PiracyVp => s.bonus_vp[p as usize] += 1,
            Reward::ReduceArmada => crate::armada::at_sea::reduce(s, ev),
        }
    }
    ev.push(Scoped::public(Event::Pirated {
        pirate: p,
        target,
        hits: o.pirate_hits,
        rewards: o.rewards.len() as u8,
    }));
}
