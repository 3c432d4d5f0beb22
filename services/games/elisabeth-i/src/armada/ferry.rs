//! The Armada's own naval transport and the army leaders aboard ([23.2] "Seetransport",
//! "Landeinheiten auf der Armada"; RULINGS A10-A13).
//!
//! With the Armada in a sea zone, a Spanish formation of land units and army leaders
//! moves for 1 CP between the Armada and a port next to that zone: aboard from the port
//! (the transport ends aboard, an exception to [16.3]) or ashore into the port (a move
//! into the port, as a transport's landing: interception, avoid battle, withdrawal, a
//! field battle that destroys the formation when lost). More than 5 units only in a
//! formation led by a Spanish army leader, never beyond the Armada's strength. In port,
//! army leaders go aboard and ashore for free as the units do ([`leader_transfers`]).

use signoria_engine::Scoped;

use super::refit::{owner, port};
use super::{Event, Frame, Move, SPAIN};
use crate::board::{force_mut, leaders_in, tidy};
use crate::combat::naval_battle::Waters;
use crate::data::{PoolOwner, SeaZoneId, SpaceId, data};
use crate::model::{self, Loc, Selection, Troops, UnitKind};

/// The CP of one Armada transport ([23.2]: "1 BP").
pub const FERRY_CP: u8 = 1;

/// The sea zone the Armada lies in.
pub fn zone(s: &model::State) -> Option<SeaZoneId> {
    match s.armada.at {
        Some(Waters::Sea(z)) => Some(z),
        _ => None,
    }
}

fn room(s: &model::State) -> u8 {
    s.armada.strength.saturating_sub(s.armada.aboard.total())
}

/// The ports next to the Armada's sea zone (its anchors; Antwerp/Rotterdam through the
/// North Sea while Spain holds the linked port, [16.7]).
fn ports_near(s: &model::State, z: SeaZoneId) -> Vec<SpaceId> {
    data()
        .space_ids()
        .filter(|&x| {
            let sp = data().space(x);
            (!sp.ports.is_empty() || sp.inland_port)
                && crate::naval::port_zones(s, SPAIN, x).contains(&z)
        })
        .collect()
}

/// Spanish land units of `x` (the Spanish pool's force; the Armada carries no other, A3,
/// so its formations have one owner and record none, RULINGS N1).
fn port_troops(s: &model::State, x: SpaceId) -> Troops {
    s.sp(x)
        .forces
        .iter()
        .find(|f| f.owner == owner())
        .map_or_else(Troops::default, |f| f.troops.movable())
}

/// A formation of `x` may go aboard: it may move ([13.1]: not beaten this impulse; not
/// besieged, [16.3] step 1), the port holds no enemy ships (an end point of a transport,
/// [16.3] step 3), and something could go aboard.
fn may_board_from(s: &model::State, x: SpaceId) -> bool {
    crate::movement::may_move(s, SPAIN, x)
        && !crate::naval::enemy_ships(s, SPAIN, Waters::Port(x))
        && ((room(s) > 0 && port_troops(s, x).total() > 0) || !leaders_in(s, SPAIN, x).is_empty())
}

/// A formation aboard may land in `x`: the end-point rules of [16.3] step 3 (no enemy
/// ships; a space Spain could enter by land movement; Antwerp/Rotterdam with the linked
/// port).
fn may_land_in(s: &model::State, x: SpaceId) -> bool {
    let d = data();
    (s.armada.aboard.total() > 0 || !leaders_aboard(s).is_empty())
        && !crate::naval::enemy_ships(s, SPAIN, Waters::Port(x))
        && crate::movement::may_enter(s, SPAIN, x).is_ok()
        && crate::movement::entry_with_units(s, SPAIN, x).is_ok()
        && (!d.space(x).inland_port || crate::naval::linked_held(s, SPAIN, x))
}

/// The Armada transports Spain may begin with `cp` CP left.
pub fn starts(s: &model::State, cp: u8) -> Vec<Move> {
    let Some(z) = zone(s) else {
        return Vec::new();
    };
    if cp < FERRY_CP {
        return Vec::new();
    }
    let mut v = Vec::new();
    for x in ports_near(s, z) {
        if may_board_from(s, x) {
            v.push(Move::FerryAboard { port: x });
        }
        if may_land_in(s, x) {
            v.push(Move::FerryAshore { port: x });
        }
    }
    v
}

/// The units a formation may hold ([13.1] command ratings; [23.2]: more than 5 only with
/// a Spanish army leader, never more than the Armada carries).
fn limit(s: &model::State, ashore: bool, sel: &Selection) -> u8 {
    let cmd = crate::movement::formation_limit(&sel.leaders);
    let n = if sel.leaders.is_empty() {
        cmd.min(5)
    } else {
        cmd
    };
    if ashore { n } else { n.min(room(s)) }
}

/// What the formation could still take: units and leaders of the port (aboard) or of the
/// Armada (ashore), not yet in it.
fn available(s: &model::State, port: SpaceId, ashore: bool, sel: &Selection) -> (Troops, Vec<u8>) {
    if ashore {
        not_taken(s.armada.aboard, leaders_aboard(s), sel)
    } else {
        not_taken(port_troops(s, port), leaders_in(s, SPAIN, port), sel)
    }
}

/// The units `t` and army leaders `ls` not yet in the formation `sel`.
pub fn not_taken(mut t: Troops, ls: Vec<u8>, sel: &Selection) -> (Troops, Vec<u8>) {
    for k in UnitKind::ALL {
        *t.get_mut(k) -= sel.troops.get(k).min(t.get(k));
    }
    let ls = ls
        .into_iter()
        .filter(|l| !sel.leaders.contains(l))
        .collect();
    (t, ls)
}

/// The choices of the transport's formation (`Frame::Ferry`).
pub fn choices(s: &model::State, port: SpaceId, ashore: bool, sel: &Selection) -> Vec<model::Move> {
    let (t, ls) = available(s, port, ashore, sel);
    formation(t, ls, sel, limit(s, ashore, sel))
}

/// A formation's choices: take one more of the units `t` (up to `limit`) or of the army
/// leaders `ls`, go (with something in it), or call it off.
pub fn formation(t: Troops, ls: Vec<u8>, sel: &Selection, limit: u8) -> Vec<model::Move> {
    let mut v = Vec::new();
    for kind in UnitKind::ALL {
        if t.get(kind) > 0 && sel.troops.total() < limit {
            v.push(model::Move::Armada(Move::Take { kind }));
        }
    }
    for leader in ls {
        v.push(model::Move::Armada(Move::TakeLeader { leader }));
    }
    if sel.troops.total() > 0 || !sel.leaders.is_empty() {
        v.push(model::Move::Armada(Move::Ferry));
    }
    v.push(model::Move::Done);
    v
}

/// Reduce the CP of the action under way.
fn spend(s: &mut model::State, cost: u8) {
    if let Some(cp) = s.stack.iter_mut().rev().find_map(|f| match f {
        model::Frame::Actions { cp, .. } => Some(cp),
        _ => None,
    }) {
        *cp -= cost;
    }
}

fn note(s: &model::State, ev: &mut Vec<Scoped<model::Event>>, text: String) {
    let _ = s;
    ev.push(Scoped::public(model::Event::CombatNote { text }));
}

/// The formation goes (1 CP): aboard through the Storms window of an embarking
/// ([16.3] step 1; then [`board`]), ashore as a landing move into the port.
pub fn go(
    s: &mut model::State,
    port: SpaceId,
    ashore: bool,
    sel: Selection,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    spend(s, FERRY_CP);
    let name = &data().space(port).name;
    if ashore {
        note(
            s,
            ev,
            format!("Spain lands a formation from the Armada in {name}"),
        );
        landing(s, port, sel);
    } else {
        note(
            s,
            ev,
            format!("Spain embarks a formation of {name} onto the Armada"),
        );
        s.stack.push(model::Frame::Armada(Frame::Boarding {
            port,
            sel,
            stormed: false,
        }));
        let q = crate::cards::window(s, (0..6u8).filter(|&q| q != SPAIN));
        if !q.is_empty() {
            s.stack.push(model::Frame::Respond {
                key: crate::cards::STORMS.into(),
                queue: q,
                space: port,
            });
        }
    }
}

/// A formation aboard lands in `port` (after the Armada's own transport, or at the end of
/// a transport sailing on from it, RULINGS A20): a move into the port as a transport's
/// landing ([16.3] steps 3-4), its units taken from aboard on arrival.
pub fn landing(s: &mut model::State, port: SpaceId, sel: Selection) {
    crate::land::start(s, SPAIN, port, port, sel, None);
    let m = crate::land::current(s);
    m.transported = true;
    m.from_armada = true;
}

/// The boarding after the Storms window (automatic `Frame::Boarding`).
pub fn board(
    s: &mut model::State,
    port: SpaceId,
    sel: &Selection,
    stormed: bool,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    if stormed {
        note(
            s,
            ev,
            "Storms: the formation does not go aboard the Armada".into(),
        );
        return;
    }
    for k in UnitKind::ALL {
        let n = sel.troops.get(k).min(port_troops(s, port).get(k));
        *force_mut(s, port, owner()).troops.get_mut(k) -= n;
        *s.armada.aboard.get_mut(k) += n;
    }
    tidy(s, port);
    for &l in &sel.leaders {
        put_aboard(s, l);
    }
    changed(s, ev);
}

/// Stage `Arrive` of a landing from the Armada: the formation leaves it for `to`.
pub fn unload(
    s: &mut model::State,
    to: SpaceId,
    sel: &Selection,
    ev: &mut Vec<Scoped<model::Event>>,
) -> Vec<(PoolOwner, Troops)> {
    let mut t = Troops::default();
    for k in UnitKind::ALL {
        let n = sel.troops.get(k).min(s.armada.aboard.get(k));
        *s.armada.aboard.get_mut(k) -= n;
        *t.get_mut(k) += n;
    }
    force_mut(s, to, owner()).troops.add(&t);
    // A leader may land alone ([13]): no empty force stays behind.
    tidy(s, to);
    for &l in &sel.leaders {
        put_ashore(s, l, to);
    }
    changed(s, ev);
    vec![(owner(), t)]
}

/// A landing from the Armada goes back aboard (the mover did not outnumber a withdrawn
/// garrison, [13.4]): the formation's units in `from`, within the Armada's strength.
pub fn reload(
    s: &mut model::State,
    from: SpaceId,
    sel: &Selection,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    for k in UnitKind::ALL {
        let n = sel
            .troops
            .get(k)
            .min(port_troops(s, from).get(k))
            .min(room(s));
        *force_mut(s, from, owner()).troops.get_mut(k) -= n;
        *s.armada.aboard.get_mut(k) += n;
    }
    tidy(s, from);
    for &l in &sel.leaders {
        if s.leaders[crate::board::leader_pos(s, l)].at == Loc::Space(from) {
            put_aboard(s, l);
        }
    }
    changed(s, ev);
}

/// The army leaders aboard (at `Loc::Armada`; the leader records are the only list, so
/// that a leader's death or a move by another rule leaves no stale entry).
pub fn leaders_aboard(s: &model::State) -> Vec<u8> {
    s.leaders
        .iter()
        .filter(|l| l.at == Loc::Armada)
        .map(|l| l.idx)
        .collect()
}

fn put_aboard(s: &mut model::State, l: u8) {
    let i = crate::board::leader_pos(s, l);
    s.leaders[i].at = Loc::Armada;
}

fn put_ashore(s: &mut model::State, l: u8, to: SpaceId) {
    let i = crate::board::leader_pos(s, l);
    s.leaders[i].at = Loc::Space(to);
}

fn changed(s: &model::State, ev: &mut Vec<Scoped<model::Event>>) {
    ev.push(Scoped::public(model::Event::Armada(Event::Aboard {
        aboard: s.armada.aboard,
    })));
    ev.push(Scoped::public(model::Event::Armada(Event::Leaders {
        leaders: leaders_aboard(s),
    })));
}

/// Army leaders going aboard / ashore for free in the Armada's port ([23.2] "können
/// Einheiten und Armeeführer kostenlos ... hin- und her bewegt werden"; the same port
/// conditions as the units, RULINGS A3).
pub fn leader_transfers(s: &model::State) -> Vec<Move> {
    let Some(x) = port(s) else {
        return Vec::new();
    };
    let sp = s.sp(x);
    if sp.siege.is_some() || crate::board::enemy_land(s, SPAIN, x) {
        return Vec::new();
    }
    let mut v: Vec<Move> = leaders_in(s, SPAIN, x)
        .into_iter()
        .map(|leader| Move::BoardLeader { leader })
        .collect();
    if crate::board::controller_pw(s, x) == Some(SPAIN) {
        v.extend(
            leaders_aboard(s)
                .into_iter()
                .map(|leader| Move::LandLeader { leader }),
        );
    }
    v
}

/// Carry out a free leader transfer in port.
pub fn transfer_leader(s: &mut model::State, m: &Move, ev: &mut Vec<Scoped<model::Event>>) {
    let x = port(s).expect("listed");
    match *m {
        Move::BoardLeader { leader } => put_aboard(s, leader),
        Move::LandLeader { leader } => put_ashore(s, leader, x),
        _ => unreachable!("{m:?} is no leader transfer"),
    }
    changed(s, ev);
}

/// The Armada was lost with army leaders aboard: each is displaced as by [12.5] from the
/// port it lay in or the lowest port of its sea zone (RULINGS A13).
pub fn leaders_lost_ship(s: &mut model::State, at: Waters) {
    let from = match at {
        Waters::Port(x) => Some(x),
        Waters::Sea(z) => data().sea_zone(z).ports.iter().copied().min(),
    };
    for l in leaders_aboard(s) {
        match from {
            Some(x) => crate::battle::displace_leader(s, l, x),
            None => {
                let i = crate::board::leader_pos(s, l);
                s.leaders[i].at = Loc::Card;
            }
        }
    }
}
