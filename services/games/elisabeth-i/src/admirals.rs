//! Naval leaders (seed [5.2], [16.1], [16.2]): where they are, how they go with their
//! ships, and the next turn's box after a lost fleet. Besides the printed naval leaders,
//! England's captains with a battle rating of 1 placed in spring ([10] step 2, [5.2];
//! RULINGS A16) and Don John acting as a naval leader ([10] step 4, [20.4]; A17) are naval
//! leaders here, each by its [`Role`].

use serde::{Deserialize, Serialize};

use crate::board::controller_pw;
use crate::combat::naval_battle::{Admiral, Waters};
use crate::data::{Power, SpaceId, data};
use crate::model::{Pw, State, major, pw};

/// Where a naval leader is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ALoc {
    /// Enters play in the card draw of this turn.
    Arrives(u8),
    /// On the power card, placed in spring deployment.
    Card,
    At(Waters),
    /// In the box of this turn on the turn track: back on the card then ([16.2] step 10).
    Away(u8),
}

/// What a naval leader's counter is, and so which table `idx` indexes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    /// A printed naval leader (`data().naval_leaders`).
    #[default]
    Naval,
    /// An English captain acting as a naval leader until the end of the turn
    /// (`data().captains`; [10] step 2).
    Captain,
    /// Don John acting as a naval leader (`data().army_leaders`; his army leader record is
    /// at `Loc::Naval` meanwhile; [10] step 4).
    ArmyLeader,
}

fn is_naval(r: &Role) -> bool {
    *r == Role::Naval
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdmiralState {
    /// Index into the data pack's naval leaders (captains, army leaders: see `role`).
    pub idx: u8,
    pub owner: Pw,
    pub at: ALoc,
    /// Lent with ships to this ally until winter ([9.2]; RULINGS A14): he acts for it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lent_to: Option<Pw>,
    #[serde(default, skip_serializing_if = "is_naval")]
    pub role: Role,
    /// A naval leader of this active minor power, acting as its ally's (`owner`) while the
    /// minor is active ([24.3]; RULINGS N9).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub minor: Option<Power>,
}

/// Whether the entry is in force: Don John's naval role only while his army leader record
/// says so (a rule that kills or moves the army leader ends it).
fn live(s: &State, a: &AdmiralState) -> bool {
    a.role != Role::ArmyLeader
        || s.leaders
            .iter()
            .any(|l| l.idx == a.idx && l.at == crate::model::Loc::Naval)
}

impl AdmiralState {
    /// The power he acts for: his owner, or the borrower while lent ([9.2]).
    pub fn acting(&self) -> Pw {
        self.lent_to.unwrap_or(self.owner)
    }
}

/// The naval leaders of the majors at the start of a scenario: those the set-up places,
/// then by entry turn.
pub fn setup(placed: &[(String, SpaceId)], start_turn: u8) -> Vec<AdmiralState> {
    let d = data();
    d.naval_leaders
        .iter()
        .enumerate()
        .filter_map(|(i, l)| {
            let owner = pw(l.power)?;
            let at = match placed.iter().find(|(k, _)| *k == l.id) {
                Some((_, x)) => ALoc::At(Waters::Port(*x)),
                None => match l.entry_turn {
                    Some(t) if t > start_turn => ALoc::Arrives(t),
                    Some(_) => ALoc::Card,
                    // No entry turn: enters only by a card event (issue 15).
                    None => ALoc::Arrives(u8::MAX),
                },
            };
            Some(AdmiralState {
                idx: i as u8,
                owner,
                at,
                lent_to: None,
                role: Role::Naval,
                minor: None,
            })
        })
        .collect()
}

/// His ratings: a captain's and Don John's battle rating as a naval leader (a piracy
/// rating only for the printed naval leaders that have one, [5.1]).
fn admiral(a: &AdmiralState) -> Admiral {
    let d = data();
    match a.role {
        Role::Naval => {
            Admiral::from_data(&d.naval_leaders[a.idx as usize].id).expect("a naval leader")
        }
        Role::Captain => {
            let c = &d.captains[a.idx as usize];
            Admiral {
                id: c.id.clone(),
                battle: c.battle,
                piracy: 0,
            }
        }
        Role::ArmyLeader => {
            let l = &d.army_leaders[a.idx as usize];
            Admiral {
                id: l.id.clone(),
                battle: l.naval_battle.unwrap_or(0),
                piracy: 0,
            }
        }
    }
}

/// The counter's id (the procedures name naval leaders by id).
pub fn id_of(a: &AdmiralState) -> String {
    admiral(a).id
}

/// The display name of a naval leader's counter.
pub fn name_of(a: &AdmiralState) -> String {
    let d = data();
    match a.role {
        Role::Naval => d.naval_leaders[a.idx as usize].name.clone(),
        Role::Captain => d.captains[a.idx as usize].name.clone(),
        Role::ArmyLeader => d.army_leaders[a.idx as usize].name.clone(),
    }
}

pub fn idx_of(id: &str) -> Option<u8> {
    data()
        .naval_leaders
        .iter()
        .position(|l| l.id == id)
        .map(|i| i as u8)
}

/// The naval leaders of `power` at a location.
pub fn at(s: &State, w: Waters, power: Power) -> Vec<Admiral> {
    s.admirals
        .iter()
        .filter(|a| a.at == ALoc::At(w) && major(a.acting()) == power && live(s, a))
        .map(admiral)
        .collect()
}

/// Card draw ([8.1]): arriving and returning naval leaders go onto their power card; Don
/// John back from the turn track is an army leader on the card again (placed in spring in
/// either role, A17).
pub fn card_draw(s: &mut State) {
    prune(s);
    let turn = s.turn;
    for a in s.admirals.iter_mut() {
        match a.at {
            ALoc::Arrives(t) | ALoc::Away(t) if t <= turn => a.at = ALoc::Card,
            _ => {}
        }
    }
    let back: Vec<u8> = s
        .admirals
        .iter()
        .filter(|a| a.role == Role::ArmyLeader && a.at == ALoc::Card)
        .map(|a| a.idx)
        .collect();
    for l in back {
        to_army(s, l, crate::model::Loc::Card);
    }
    minor_arrivals(s);
}

/// Ports where `p` may place a naval leader in spring: its own-controlled home ports
/// ([10] step 4); with none he waits on the card.
pub fn place_sites(s: &State, p: Pw) -> Vec<SpaceId> {
    let d = data();
    d.space_ids()
        .filter(|&x| {
            d.space(x).ships_may_enter()
                && d.space(x).is_home_of(major(p))
                && controller_pw(s, x) == Some(p)
        })
        .collect()
}

/// Naval leaders waiting on `p`'s card.
pub fn waiting(s: &State, p: Pw) -> Vec<u8> {
    s.admirals
        .iter()
        .filter(|a| {
            a.owner == p && a.at == ALoc::Card && a.role == Role::Naval && a.minor.is_none()
        })
        .map(|a| a.idx)
        .collect()
}

pub fn place(s: &mut State, idx: u8, port: SpaceId) {
    if let Some(a) = s.admirals.iter_mut().find(|a| a.idx == idx) {
        a.at = ALoc::At(Waters::Port(port));
    }
}

/// Every naval leader of `p` at `from` goes to `to`.
pub fn follow(s: &mut State, p: Power, from: Waters, to: Waters) {
    prune(s);
    for a in s.admirals.iter_mut() {
        if a.at == ALoc::At(from) && major(a.acting()) == p {
            a.at = ALoc::At(to);
        }
    }
}

/// Naval leaders named by id go to the next turn's box.
pub fn away(s: &mut State, ids: &[String]) {
    let back = s.turn + 1;
    for id in ids {
        if let Some(a) = s.admirals.iter_mut().find(|a| id_of(a) == *id) {
            a.at = ALoc::Away(back);
        }
    }
}

/// Naval leaders of `p` at a location where `p` has no ship left go to the next turn's
/// box (a leader stays with his ships, [16.1], [16.2] step 10).
pub fn strand_check(s: &mut State) {
    prune(s);
    let back = s.turn + 1;
    let stranded: Vec<usize> = (0..s.admirals.len())
        .filter(|&i| match s.admirals[i].at {
            ALoc::At(w) => crate::naval::ships_of(s, s.admirals[i].acting(), w) == 0,
            _ => false,
        })
        .collect();
    for i in stranded {
        s.admirals[i].at = ALoc::Away(back);
    }
}

/// After the procedures moved whole fleets: the leaders stand where their fleet's board
/// entry stands.
pub fn sync(s: &mut State, board: &[crate::combat::naval_move::ShipsAt]) {
    for st in board {
        for a in &st.fleet.admirals {
            if let Some(x) = s.admirals.iter_mut().find(|x| id_of(x) == a.id) {
                x.at = ALoc::At(st.at);
            }
        }
    }
}

/// The naval leaders `p` may lend with ships of `port` ([9.2]: stacked with them; his own,
/// not one he borrowed, RULINGS A14).
pub fn lendable(s: &State, p: Pw, port: SpaceId) -> Vec<u8> {
    s.admirals
        .iter()
        .filter(|a| {
            a.owner == p
                && a.lent_to.is_none()
                && a.role == Role::Naval
                && a.minor.is_none()
                && a.at == ALoc::At(Waters::Port(port))
        })
        .map(|a| a.idx)
        .collect()
}

/// A naval leader lent with ships goes with them to `dest` and acts for `to` ([9.2]).
pub fn lend(s: &mut State, idx: u8, to: Pw, dest: SpaceId) {
    if let Some(a) = s.admirals.iter_mut().find(|a| a.idx == idx) {
        a.lent_to = Some(to);
        a.at = ALoc::At(Waters::Port(dest));
    }
}

/// Winter: the loan ends ([9.2] "für eine Spielrunde"; RULINGS A15). A lent leader on the
/// map goes to the lender's nearest port from where he is (as the lent ships do, M16);
/// with none, onto the lender's power card (placed again in spring, [10] step 4). One in
/// the turn track's box stays there and comes back to the lender.
pub fn give_back(s: &mut State, idx: u8, lender: Pw) {
    let Some(i) = s.admirals.iter().position(|a| a.idx == idx) else {
        return;
    };
    s.admirals[i].lent_to = None;
    if let ALoc::At(w) = s.admirals[i].at {
        s.admirals[i].at = match crate::naval::nearest_home_port(s, lender, w) {
            Some(to) => ALoc::At(to),
            None => ALoc::Card,
        };
    }
}

// ---- England's captains as naval leaders ([10] step 2, [5.2]; RULINGS A16)

/// England's captains with a battle rating of 1, in England's pool and available this
/// turn (not on the World map, not wintering in a colony), not placed yet.
pub fn captains_free(s: &State) -> Vec<u8> {
    let d = data();
    let eng = crate::data::Power::England;
    (0..d.captains.len() as u8)
        .filter(|&c| {
            let k = &d.captains[c as usize];
            k.powers.contains(&eng)
                && k.battle >= 1
                && matches!(
                    s.world.captains.get(c as usize).map(|x| x.at),
                    Some(crate::world::At::Home(t)) if t <= s.turn
                )
        })
        .collect()
}

/// The English home ports under English control holding English ships ([10] step 2: "legt
/// sie auf englische Schiffe, die sich in einem englischen Heimathafen befinden").
pub fn captain_ports(s: &State) -> Vec<SpaceId> {
    let p = pw(crate::data::Power::England).expect("a major");
    place_sites(s, p)
        .into_iter()
        .filter(|&x| crate::naval::ships_of(s, p, Waters::Port(x)) > 0)
        .collect()
}

/// The placements England may make now.
pub fn captain_choices(s: &State) -> Vec<(u8, SpaceId)> {
    let ports = captain_ports(s);
    captains_free(s)
        .into_iter()
        .flat_map(|c| ports.iter().map(move |&x| (c, x)))
        .collect()
}

/// A captain goes onto English ships in `port` as a naval leader for this turn: out of the
/// pool until the next turn.
pub fn place_captain(s: &mut State, c: u8, port: SpaceId) {
    s.world.captains[c as usize].at = crate::world::At::Home(s.turn + 1);
    s.admirals.push(AdmiralState {
        idx: c,
        owner: pw(crate::data::Power::England).expect("a major"),
        at: ALoc::At(Waters::Port(port)),
        lent_to: None,
        role: Role::Captain,
        minor: None,
    });
}

/// Winter, after the ships' return: the captains' turn as naval leaders ends ("bis zum
/// Ende der Runde"); they are back in England's pool for the next turn.
pub fn captains_end(s: &mut State) {
    s.admirals.retain(|a| a.role != Role::Captain);
}

// ---- Don John ([10] step 4, [20.4]; RULINGS A17)

/// Don John's army leader index.
pub fn don_john() -> Option<u8> {
    data()
        .army_leaders
        .iter()
        .position(|l| l.id == "don_john")
        .map(|i| i as u8)
}

/// Whether `leader` is Don John.
pub fn is_don_john(leader: u8) -> bool {
    don_john() == Some(leader)
}

/// Don John becomes a naval leader at `w` (his army leader record at `Loc::Naval`).
pub fn to_naval(s: &mut State, leader: u8, w: Waters) {
    let i = crate::board::leader_pos(s, leader);
    s.leaders[i].at = crate::model::Loc::Naval;
    let owner = s.leaders[i].owner;
    s.admirals
        .retain(|a| !(a.role == Role::ArmyLeader && a.idx == leader));
    s.admirals.push(AdmiralState {
        idx: leader,
        owner,
        at: ALoc::At(w),
        lent_to: None,
        role: Role::ArmyLeader,
        minor: None,
    });
}

/// Don John becomes an army leader at `at`.
pub fn to_army(s: &mut State, leader: u8, at: crate::model::Loc) {
    s.admirals
        .retain(|a| !(a.role == Role::ArmyLeader && a.idx == leader));
    let i = crate::board::leader_pos(s, leader);
    s.leaders[i].at = at;
}

/// Don John as a naval leader, where he is.
pub fn don_john_at_sea(s: &State) -> Option<ALoc> {
    s.admirals
        .iter()
        .find(|a| a.role == Role::ArmyLeader && live(s, a))
        .map(|a| a.at)
}

/// Drop naval roles no longer in force ([`live`]).
pub fn prune(s: &mut State) {
    let stale: Vec<usize> = (0..s.admirals.len())
        .filter(|&i| !live(s, &s.admirals[i]))
        .collect();
    for i in stale.into_iter().rev() {
        s.admirals.remove(i);
    }
}

/// Whether Don John may change his role now, in a Spanish impulse ([10] step 4: "wenn er
/// sich in einem freundlich kontrollierten Hafengebiet befindet"): in a port space Spain
/// controls, not besieged.
pub fn don_john_switch(s: &State) -> Option<SpaceId> {
    let l = don_john()?;
    let spain = pw(crate::data::Power::Spain)?;
    let x = match don_john_at_sea(s) {
        Some(ALoc::At(Waters::Port(x))) => x,
        Some(_) => return None,
        None => match s.leaders.iter().find(|x| x.idx == l)?.at {
            crate::model::Loc::Space(x) => x,
            _ => return None,
        },
    };
    (data().space(x).ships_may_enter()
        && controller_pw(s, x) == Some(spain)
        && s.sp(x).siege.is_none())
    .then_some(x)
}

/// [20.4]: Don John at sea in winter may become an army leader and go to a Spanish
/// capital instead of returning with the ships: the capitals Spain controls.
pub fn don_john_capitals(s: &State) -> Vec<SpaceId> {
    let Some(spain) = pw(crate::data::Power::Spain) else {
        return Vec::new();
    };
    if !matches!(don_john_at_sea(s), Some(ALoc::At(Waters::Sea(_)))) {
        return Vec::new();
    }
    crate::board::capitals(s, spain)
        .into_iter()
        .filter(|&c| controller_pw(s, c) == Some(spain) && s.sp(c).siege.is_none())
        .collect()
}

/// Its invariants: Don John is either an army leader or a naval leader, never both.
pub fn violations(s: &State) -> Vec<String> {
    let mut v = Vec::new();
    for l in s
        .leaders
        .iter()
        .filter(|l| l.at == crate::model::Loc::Naval)
    {
        if !s
            .admirals
            .iter()
            .any(|a| a.role == Role::ArmyLeader && a.idx == l.idx)
        {
            v.push(format!("army leader {} at sea without a naval role", l.idx));
        }
    }
    v
}

// ---- The minor powers' naval leaders ([24.3], [24.4]; RULINGS N9)

/// The naval leaders of a minor power (`data/leaders.json`: Venier of Venice, Colonna of
/// the Papacy).
fn minor_leaders(minor: Power) -> Vec<u8> {
    data()
        .naval_leaders
        .iter()
        .enumerate()
        .filter(|(_, l)| l.power == minor)
        .map(|(i, _)| i as u8)
        .collect()
}

/// The minor's home port where its naval leader joins its ships: a home port of the minor
/// controlled by the minor or its ally, holding most of the minor's ships (lowest space
/// on ties); None when no such port holds one of its ships.
fn minor_port(s: &State, minor: Power, ally: Pw) -> Option<SpaceId> {
    let d = data();
    let o = crate::minors::pool_of(minor)?;
    d.space_ids()
        .filter(|&x| {
            d.space(x).ships_may_enter()
                && d.space(x).home == minor
                && (s.sp(x).controller == minor || controller_pw(s, x) == Some(ally))
        })
        .map(|x| {
            let n: u8 = s
                .sp(x)
                .forces
                .iter()
                .filter(|f| f.owner == o)
                .map(|f| f.ships.total())
                .sum();
            (n, x)
        })
        .filter(|&(n, _)| n > 0)
        .max_by_key(|&(n, x)| (n, std::cmp::Reverse(x.0)))
        .map(|(_, x)| x)
}

/// [24.3] "Militäreinheiten und Marineanführer der Neben-Macht werden wie Einheiten und
/// Marineanführer der Großmacht behandelt": every entered naval leader ([8.1], his entry
/// turn) of an active minor acts as its ally's; one not on the map yet (the minor just
/// activated, his entry turn come, back from the turn track) joins the minor's ships in
/// its home port ([`minor_port`]; with none he waits for the next card draw). Called at
/// activation and in every card draw.
pub fn minor_arrivals(s: &mut State) {
    for minor in Power::MINORS {
        let Some(ally) = crate::minors::activation::ally(s, minor) else {
            continue;
        };
        for idx in minor_leaders(minor) {
            if data().naval_leaders[idx as usize]
                .entry_turn
                .is_none_or(|t| t > s.turn)
            {
                continue;
            }
            let port = minor_port(s, minor, ally);
            match s
                .admirals
                .iter_mut()
                .find(|a| a.minor == Some(minor) && a.idx == idx)
            {
                Some(a) => {
                    a.owner = ally;
                    if a.at == ALoc::Card
                        && let Some(x) = port
                    {
                        a.at = ALoc::At(Waters::Port(x));
                    }
                }
                None => {
                    if let Some(x) = port {
                        s.admirals.push(AdmiralState {
                            idx,
                            owner: ally,
                            at: ALoc::At(Waters::Port(x)),
                            lent_to: None,
                            role: Role::Naval,
                            minor: Some(minor),
                        });
                    }
                }
            }
        }
    }
}

/// [24.4] deactivation, after the minor's ships went home: its naval leaders leave the
/// former ally's fleets. They rest in the minor's home port (or on the turn track) with no
/// effect while the minor is inactive, and are no longer tracked (RULINGS N9).
pub fn minor_deactivated(s: &mut State, minor: Power) {
    s.admirals.retain(|a| a.minor != Some(minor));
}
