//! A land move under way, seed [13.1] steps 4-8: *Stürme* (step 4), interception [13.2]
//! (step 5), avoid battle [13.3] (step 6), withdrawal into fortifications [13.4] (step 7),
//! field battle [14] or siege [15] (step 8).
//!
//! [`LandMove`] is an automatic frame: each step pushes the decisions it needs (response
//! window, one interception or avoid-battle decision per power in impulse order, the
//! withdrawal, the battle) on top of it and runs again once they are resolved.

use serde::{Deserialize, Serialize};
use signoria_engine::Scoped;

use crate::board::{
    allied, at_war, besieged_in, controller_pw, fortified, land_neighbours, leaders_in, side,
    side_power, troops_of,
};
use crate::combat::retreat::{RetreatRule, SpaceFacts, may_enter};
use crate::data::{PoolOwner, Power, SpaceId, data};
use crate::model::{Event, Frame, Loc, Pw, Selection, Siege, State, Troops, major};

/// The steps of [13.1] still to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    Storms,
    Intercept,
    Arrive,
    Avoid,
    Withdraw,
    Reiters,
    Engage,
    Done,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LandMove {
    pub who: Pw,
    pub from: SpaceId,
    pub to: SpaceId,
    pub sel: Selection,
    pub stage: Stage,
    /// The moving units by owner, once they arrived.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub arrived: Vec<(PoolOwner, Troops)>,
    /// The power whose interception succeeded (no other power may try, [13.2]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub intercepted: Option<Pw>,
    /// Powers still to decide in the current step, impulse order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub queue: Vec<Pw>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stormed: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub withdrawn: bool,
    /// Whether a garrison stood in the destination when the move began (no interception
    /// into a space whose units were besieged then, [13.2]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub was_besieged: bool,
    /// A formation moving on from a fortress it could not besiege ([13.4]): the space it
    /// came from before (where it goes back if Storms stop this move, RULINGS M8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub back: Option<SpaceId>,
    /// The formation lands from naval transport: a lost battle destroys it ([16.3]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub transported: bool,
    /// The formation lands from the Armada at sea ([23.2]): its units come from aboard
    /// and go back aboard (`armada::ferry`); `from` is the destination then.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub from_armada: bool,
}

/// Start the procedure for a formation whose cost is paid (step 3 done); `back`: see
/// [`LandMove::back`].
pub fn start(
    s: &mut State,
    who: Pw,
    from: SpaceId,
    to: SpaceId,
    sel: Selection,
    back: Option<SpaceId>,
) {
    let was_besieged = s.sp(to).siege.is_some();
    s.stack.push(Frame::LandMove(Box::new(LandMove {
        who,
        from,
        to,
        sel,
        stage: Stage::Storms,
        arrived: Vec::new(),
        intercepted: None,
        queue: Vec::new(),
        stormed: false,
        withdrawn: false,
        was_besieged,
        back,
        transported: false,
        from_armada: false,
    })));
}

/// The land move below the top frame (the decisions pushed by it act on it).
pub fn current(s: &mut State) -> &mut LandMove {
    s.stack
        .iter_mut()
        .rev()
        .find_map(|f| match f {
            Frame::LandMove(m) => Some(m.as_mut()),
            _ => None,
        })
        .expect("a land move under way")
}

pub fn current_ref(s: &State) -> &LandMove {
    s.stack
        .iter()
        .rev()
        .find_map(|f| match f {
            Frame::LandMove(m) => Some(m.as_ref()),
            _ => None,
        })
        .expect("a land move under way")
}

/// Whether a stack contains Ottoman cavalry (the interception and avoid-battle modifiers
/// of [13.2], [13.3]).
fn ottoman_cavalry(p: Pw, t: &Troops) -> bool {
    major(p) == Power::Ottoman && t.cavalry > 0
}

/// The 2d6 modifier of an interception or avoid battle ([13.2], [13.3], digest 9.20):
/// best leader's battle rating, +1 Ottoman with cavalry, -1 non-Ottoman facing a stack
/// with Ottoman cavalry. The science bonus Telescope belongs to issue 15.
pub fn modifier(p: Pw, sel: &Selection, other: Pw, other_troops: &Troops) -> i32 {
    let d = data();
    let best = sel
        .leaders
        .iter()
        .map(|&l| d.army_leaders[l as usize].battle as i32)
        .max()
        .unwrap_or(0);
    let mut m = best;
    if ottoman_cavalry(p, &sel.troops) {
        m += 1;
    }
    if major(p) != Power::Ottoman && ottoman_cavalry(other, other_troops) {
        m -= 1;
    }
    m
}

/// Land units of powers other than `p` (and its allies) in a space, outside the fortress.
fn others_outside(s: &State, p: Pw, sp: SpaceId) -> Vec<Pw> {
    let mut v: Vec<Pw> = s
        .sp(sp)
        .forces
        .iter()
        .filter(|f| f.troops.total() > 0)
        .filter_map(|f| side(s, f.owner))
        .filter(|&q| q != p && !allied(s, p, q) && !besieged_in(s, q, sp))
        .collect();
    v.sort();
    v.dedup();
    v
}

/// [24.1]: the inactive minor whose 5 or more land units in an unbesieged space take the
/// field against a move into it instead of standing inside (RULINGS N2). They never
/// intercept, avoid battle or withdraw; beaten, they do not retreat (`battle`).
pub fn standing_minor(s: &State, sp: SpaceId) -> Option<Power> {
    if s.sp(sp).siege.is_some() {
        return None;
    }
    let cap = data().tables.fortified_space_max_defenders.value;
    s.sp(sp)
        .forces
        .iter()
        .find(|f| {
            f.owner.power().is_minor() && side(s, f.owner).is_none() && f.troops.total() > cap
        })
        .map(|f| f.owner.power())
}

/// Spaces from which `q` may try to intercept the move (seed [13.2]).
pub fn intercept_sources(s: &State, m: &LandMove, q: Pw) -> Vec<SpaceId> {
    let to = m.to;
    if !at_war(s, q, m.who) {
        return Vec::new();
    }
    // [9.5]: Spain never enters an Irish or Scottish home space, not by interception
    // either.
    if crate::movement::closed_to_spain(q, to) {
        return Vec::new();
    }
    // No interception of a formation entering its own (or an ally's) unbesieged fortress.
    if fortified(s, to) && s.sp(to).siege.is_none() && crate::board::friendly(s, m.who, to) {
        return Vec::new();
    }
    // Into a space controlled by a power neither enemy nor ally of the interceptor: never.
    match controller_pw(s, to) {
        Some(c) if c == q || at_war(s, q, c) || allied(s, q, c) => {}
        _ => return Vec::new(),
    }
    // An occupied destination: only the occupants' power or its allies, when the
    // occupants are enemies of the mover; never when units were besieged there.
    if m.was_besieged {
        return Vec::new();
    }
    let occupants: Vec<Pw> = s
        .sp(to)
        .forces
        .iter()
        .filter(|f| f.troops.total() > 0)
        .map(|f| side(s, f.owner))
        .map(|o| o.unwrap_or(u8::MAX))
        .collect();
    if !occupants.is_empty()
        && !occupants
            .iter()
            .all(|&o| o != u8::MAX && (o == q || allied(s, q, o)) && at_war(s, o, m.who))
    {
        return Vec::new();
    }
    let own_in_dest = troops_of(s, q, to).total() > 0;
    let mut v: Vec<SpaceId> = land_neighbours(to)
        .filter(|(_, pass)| !pass)
        .map(|(x, _)| x)
        .filter(|&x| x != m.from || s.sp(x).siege.is_none())
        .filter(|&x| !s.memo.tried.contains(&(q, x)))
        .filter(|&x| !besieged_in(s, q, x))
        .filter(|&x| {
            crate::morisco::going(troops_of(s, q, x).movable(), to).total() > 0
                || (own_in_dest
                    && leaders_in(s, q, x).into_iter().any(|l| {
                        // A lone leader who could form no formation there (the Duke of
                        // Guise without a way, [20.10]) is no source (RULINGS A19).
                        crate::majors::france::keeps_a_way(
                            s,
                            q,
                            x,
                            crate::model::Purpose::Intercept { to },
                            &Selection {
                                troops: Default::default(),
                                leaders: vec![l],
                                ..Default::default()
                            },
                            0,
                        )
                    }))
        })
        .collect();
    v.sort();
    v.dedup();
    v
}

/// Where `q` may avoid battle to from the destination (seed [13.3]).
pub fn avoid_destinations(s: &State, m: &LandMove, q: Pw) -> Vec<SpaceId> {
    let rel = crate::board::relations(s);
    let mut v: Vec<SpaceId> = land_neighbours(m.to)
        .map(|(x, _)| x)
        .filter(|&x| x != m.from)
        .filter(|&x| may_enter(&facts(s, x), major(q), &rel, RetreatRule::Battle))
        // [23.1]: a Morisco alone has no way out beyond two spaces of Granada.
        .filter(|&x| {
            crate::morisco::going(troops_of(s, q, m.to).movable(), x).total() > 0
                || !leaders_in(s, q, m.to).is_empty()
        })
        .collect();
    v.sort();
    v.dedup();
    v
}

/// The retreat facts of a space (seed [14.1], [15.3]).
pub fn facts(s: &State, x: SpaceId) -> SpaceFacts {
    let sp = s.sp(x);
    let mut land_powers: Vec<Power> = sp
        .forces
        .iter()
        .filter(|f| f.troops.total() > 0)
        .map(|f| side_power(s, f.owner))
        .collect();
    land_powers.dedup();
    let home = data().space(x).home;
    let closed_to = if matches!(home, Power::Ireland | Power::Scotland) {
        vec![Power::Spain]
    } else {
        Vec::new()
    };
    SpaceFacts {
        space: x,
        unrest: sp.unrest,
        controller: match sp.controller {
            Power::Independent => None,
            c => Some(c),
        },
        land_powers,
        closed_to,
    }
}

/// Whether `q` has land units in the destination that may avoid battle.
fn may_avoid(s: &State, m: &LandMove, q: Pw) -> bool {
    troops_of(s, q, m.to).movable().total() > 0
        && !besieged_in(s, q, m.to)
        && !avoid_destinations(s, m, q).is_empty()
}

/// Enemy land units outside the fortress of the destination (the defenders).
fn defenders(s: &State, m: &LandMove) -> Vec<Pw> {
    others_outside(s, m.who, m.to)
}

/// Units (land) inside the fortress in the destination that are not the mover's side.
fn garrison(s: &State, m: &LandMove) -> u32 {
    s.sp(m.to)
        .forces
        .iter()
        .filter(|f| match side(s, f.owner) {
            Some(q) => q != m.who && !allied(s, m.who, q),
            None => true,
        })
        .map(|f| f.troops.total() as u32)
        .sum()
}

fn arrived_total(m: &LandMove) -> u32 {
    m.arrived.iter().map(|(_, t)| t.total() as u32).sum()
}

/// One automatic step of the move.
pub fn step(s: &mut State, mut m: Box<LandMove>, ev: &mut Vec<Scoped<Event>>) {
    match m.stage {
        Stage::Storms => {
            m.stage = Stage::Intercept;
            m.queue = (0..6u8)
                .filter(|&q| !intercept_sources(s, &m, q).is_empty())
                .collect();
            let who = m.who;
            let to = m.to;
            s.stack.push(Frame::LandMove(m));
            // [13.1] step 4: the other powers may play Storms.
            let q = crate::cards::window(s, (0..6u8).filter(|&q| q != who));
            if !q.is_empty() {
                s.stack.push(Frame::Respond {
                    key: crate::cards::STORMS.into(),
                    queue: q,
                    space: to,
                });
            }
        }
        Stage::Intercept => {
            if m.stormed {
                ev.push(Scoped::public(Event::CombatNote {
                    text: format!(
                        "Storms: the move to {} does not take place",
                        data().space(m.to).name
                    ),
                }));
                if let Some(back) = m.back {
                    // It may not stay with the garrison it could not besiege.
                    let m2 = LandMove {
                        to: m.from,
                        from: back,
                        ..(*m).clone()
                    };
                    s.stack.push(Frame::LandMove(Box::new(m2)));
                    go_back(s, ev);
                    s.stack.pop();
                }
                return;
            }
            while let Some(&q) = m.queue.first() {
                let barred = m.intercepted.is_some_and(|x| x != q);
                if barred || intercept_sources(s, &m, q).is_empty() {
                    m.queue.remove(0);
                } else {
                    break;
                }
            }
            match m.queue.first() {
                Some(&q) => {
                    s.stack.push(Frame::LandMove(m));
                    s.stack.push(Frame::Intercept { who: q });
                }
                None => {
                    m.stage = Stage::Arrive;
                    s.stack.push(Frame::LandMove(m));
                }
            }
        }
        Stage::Arrive => {
            m.arrived = if m.from_armada {
                crate::armada::ferry::unload(s, m.to, &m.sel, ev)
            } else {
                crate::movement::carry_out(s, m.who, m.from, m.to, &m.sel, ev)
            };
            capture_lone_leaders(s, m.who, m.to, ev);
            if m.intercepted.is_some() {
                // [13.1] step 5: straight to the battle; no avoid battle, no withdrawal.
                m.stage = Stage::Reiters;
            } else {
                m.stage = Stage::Avoid;
                m.queue = defenders(s, &m);
            }
            s.stack.push(Frame::LandMove(m));
        }
        Stage::Avoid => {
            while let Some(&q) = m.queue.first() {
                if may_avoid(s, &m, q) {
                    break;
                }
                m.queue.remove(0);
            }
            match m.queue.first() {
                Some(&q) => {
                    s.stack.push(Frame::LandMove(m));
                    s.stack.push(Frame::Avoid { who: q });
                }
                None => {
                    m.stage = Stage::Withdraw;
                    s.stack.push(Frame::LandMove(m));
                }
            }
        }
        Stage::Withdraw => {
            m.stage = Stage::Reiters;
            let decider = withdraw_decider(s, &m);
            s.stack.push(Frame::LandMove(m));
            if let Some(w) = decider {
                s.stack.push(Frame::Withdraw { who: w });
            }
        }
        Stage::Reiters => {
            m.stage = Stage::Engage;
            let d = defenders(s, &m);
            let to = m.to;
            let mut order = vec![m.who];
            order.extend(d.iter().copied());
            let battle = (!d.is_empty() || standing_minor(s, to).is_some()) && !m.withdrawn;
            s.stack.push(Frame::LandMove(m));
            if battle {
                // [14] step 1: German Reiters, attacker first, then each defender.
                let q = crate::cards::window(s, order);
                if !q.is_empty() {
                    s.stack.push(Frame::Respond {
                        key: crate::cards::GERMAN_REITERS.into(),
                        queue: q,
                        space: to,
                    });
                }
            }
        }
        Stage::Engage => {
            m.stage = Stage::Done;
            let d = defenders(s, &m);
            if (!d.is_empty() || standing_minor(s, m.to).is_some()) && !m.withdrawn {
                let c = crate::battle::field_battle(s, &m, ev);
                s.stack.push(Frame::LandMove(m));
                s.stack.push(Frame::Combat(Box::new(c)));
                return;
            }
            let next = siege_or_leave(s, &m, ev);
            s.stack.push(Frame::LandMove(m));
            if let Some(next) = next {
                s.stack.push(next);
            }
        }
        Stage::Done => {
            crate::battle::check_sieges(s, ev);
        }
    }
}

/// [13.1]: an army leader alone in an unfortified space is captured when enemy land
/// units enter it.
pub fn capture_lone_leaders(s: &mut State, p: Pw, sp: SpaceId, ev: &mut Vec<Scoped<Event>>) {
    if fortified(s, sp) || troops_of(s, p, sp).total() == 0 {
        return;
    }
    let lone: Vec<usize> = (0..s.leaders.len())
        .filter(|&i| {
            let l = &s.leaders[i];
            l.at == Loc::Space(sp)
                && at_war(s, p, l.owner)
                && troops_of(s, l.owner, sp).total() == 0
        })
        .collect();
    for i in lone {
        s.leaders[i].at = Loc::Captured(p);
        ev.push(Scoped::public(Event::LeaderCaptured {
            leader: s.leaders[i].idx,
            by: p,
        }));
    }
}

/// [13.4]: who decides a withdrawal into the destination's fortress, if one is possible:
/// the destination is fortified, not besieged, controlled by an enemy of the mover (or
/// its ally), and at most 4 defending units remain outside.
fn withdraw_decider(s: &State, m: &LandMove) -> Option<Pw> {
    let to = m.to;
    if !fortified(s, to) || s.sp(to).siege.is_some() {
        return None;
    }
    let d = defenders(s, m);
    if d.is_empty() {
        return None;
    }
    let c = controller_pw(s, to)?;
    if !(at_war(s, c, m.who) || d.iter().any(|&q| allied(s, c, q))) {
        return None;
    }
    let units: u32 = d.iter().map(|&q| troops_of(s, q, to).total() as u32).sum();
    let cap = data().tables.fortified_space_max_defenders.value as u32;
    if units > cap {
        return None;
    }
    Some(if d.contains(&c) { c } else { d[0] })
}

/// Withdraw every defender into the fortress ([13.4]).
pub fn withdraw(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    let m = current(s);
    m.withdrawn = true;
    let (who, to) = (m.who, m.to);
    // The defenders stand inside once the mover besieges; without a siege the mover
    // leaves ([13.4]), so only the siege marker records who stands inside.
    let d = others_outside(s, who, to);
    for q in d {
        ev.push(Scoped::public(Event::Withdrew {
            power: q,
            space: to,
        }));
    }
    let m = current_ref(s).clone();
    if arrived_total(&m) > garrison(s, &m) {
        begin_siege(s, who, to, ev);
    }
}

/// The siege marker: `p` besieges `sp` from this impulse on.
pub fn begin_siege(s: &mut State, p: Pw, sp: SpaceId, ev: &mut Vec<Scoped<Event>>) {
    let imp = s.impulse;
    match &mut s.sp_mut(sp).siege {
        Some(g) => {
            if !g.by.contains(&p) {
                g.by.push(p);
                g.by.sort();
            }
        }
        None => {
            s.sp_mut(sp).siege = Some(Siege {
                by: vec![p],
                since: imp,
            })
        }
    }
    ev.push(Scoped::public(Event::SiegeBegun { space: sp, by: p }));
}

/// Step 8 without a battle: in an enemy or independent fortified space the mover
/// besieges if it outnumbers the garrison, else it moves on or goes back ([13.4],
/// [15], [24.7]).
fn siege_or_leave(s: &mut State, m: &LandMove, ev: &mut Vec<Scoped<Event>>) -> Option<Frame> {
    let to = m.to;
    if !fortified(s, to) {
        return None;
    }
    if let Some(g) = &s.sp(to).siege {
        // Joining a siege of the own side.
        if g.by.contains(&m.who) {
            return None;
        }
        if g.by.iter().any(|&b| allied(s, b, m.who)) {
            if troops_of(s, m.who, to).total() as u32 > garrison(s, m) {
                begin_siege(s, m.who, to, ev);
            }
            return None;
        }
        return None;
    }
    let hostile = match controller_pw(s, to) {
        Some(c) => at_war(s, c, m.who),
        None => {
            s.sp(to).controller == Power::Independent
                || crate::minors::wars::hostile(s, s.sp(to).controller, m.who)
        }
    };
    if !hostile {
        return None;
    }
    let inside = garrison(s, m);
    if troops_of(s, m.who, to).total() as u32 > inside {
        begin_siege(s, m.who, to, ev);
        return None;
    }
    if inside == 0 {
        return None;
    }
    Some(Frame::MoveOn { who: m.who })
}

/// The spaces the mover may go on to after a withdrawal it does not outnumber ([13.4]),
/// with their cost, within the CP left.
pub fn move_on_choices(s: &State, m: &LandMove, cp: u8) -> Vec<(SpaceId, u8)> {
    let sel = Selection {
        troops: troops_of(s, m.who, m.to),
        leaders: m.sel.leaders.clone(),
        ..Default::default()
    };
    let mut v: Vec<(SpaceId, u8)> = land_neighbours(m.to)
        .filter(|&(x, _)| x != m.from)
        // The whole stack moves on: the Duke of Guise only within the French zone
        // ([20.10]), the Morisco only within two spaces of Granada ([23.1], K15).
        .filter(|&(x, _)| {
            crate::majors::france::may_enter(&sel.leaders, x)
                && crate::morisco::may_enter(&sel, crate::model::Purpose::Move, x)
        })
        .filter_map(
            |(x, _)| match crate::movement::move_cost(s, m.who, m.to, x, &sel) {
                Ok(c) if c <= cp => Some((x, c)),
                _ => None,
            },
        )
        .collect();
    v.sort();
    v.dedup();
    v
}

/// [13.4] option 2: back to the origin for free, as a beaten attacker retreats into the
/// space it came from ([14.1], RULINGS C3, M4).
pub fn go_back(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    let m = current_ref(s).clone();
    let fatal = s
        .memo
        .fatal
        .iter()
        .any(|&(p, at, back)| p == m.who && at == m.to && back == m.from);
    if fatal {
        // Back into the fortress it moved on from: eliminated ([13.4] option 1).
        ev.push(Scoped::public(Event::CombatNote {
            text: "no way back but into the fortress it moved on from: eliminated".into(),
        }));
        crate::battle::eliminate(s, m.who, m.to, controller_pw(s, m.to), ev);
        return;
    }
    let sel = Selection {
        troops: troops_of(s, m.who, m.to),
        leaders: m.sel.leaders.clone(),
        ..Default::default()
    };
    if m.from_armada {
        crate::armada::ferry::reload(s, m.to, &sel, ev);
        return;
    }
    crate::movement::carry_out(s, m.who, m.to, m.from, &sel, ev);
}
