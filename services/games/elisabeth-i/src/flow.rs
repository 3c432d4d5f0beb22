//! The decision stack: the 8-phase turn of seed [7] as kernel frames, and for every frame
//! who decides, the choices, the prompt and what a choice does.

use signoria_engine::{Scoped, Seat};

use crate::board::{capitals, controller_pw, fortified, leader_pos, troops_of};
use crate::building::{build_cost_at, build_ok, fortress_ok, raise_cost_at, raise_ok};
use crate::control::{control_check, unrest_check};
use crate::data::{CardId, Power, data};
use crate::deal::{is_home, playable_kind};
use crate::diplomacy as dip;
use crate::model::{
    Event, Frame, Loc, Moment, Move, Preference, Purpose, Pw, Selection, ShipKind, State, Step,
    UnitKind, major,
};
use crate::movement::{can_move_from, destinations, formation_limit, free_leaders};
use crate::{armada, espionage, majors, minors, patronage, religion, royals, world};

const HRE: Pw = 4;
const PROTESTANT: Pw = 5;

/// Every kind of frame on which a seat decides (for coverage).
pub const DECISION_KINDS: [&str; 22] = [
    "negotiate",
    "confirm",
    "ransom",
    "declare_war",
    "pay_war",
    "preference",
    "place_leader",
    "choose_home",
    "deploy",
    "formation",
    "impulse",
    "actions",
    "hre_replacement",
    "respond",
    "intercept",
    "avoid",
    "withdraw",
    "move_on",
    "combat",
    "naval_orders",
    "transport",
    "place_admiral",
];
/// Frames that never wait for a seat.
pub const AUTOMATIC_KINDS: [&str; 7] = [
    "turn",
    "step",
    "spring_of",
    "land_move",
    "assault_plan",
    "naval_plan",
    "hook",
];

/// Every decision kind, the subsystems' included.
pub fn decision_kinds() -> Vec<&'static str> {
    let mut v = DECISION_KINDS.to_vec();
    v.extend(crate::subsystems::decision_kinds());
    v
}

/// Every automatic kind, the subsystems' included.
pub fn automatic_kinds() -> Vec<&'static str> {
    let mut v = AUTOMATIC_KINDS.to_vec();
    v.extend(crate::subsystems::automatic_kinds());
    v
}

pub fn kind(f: &Frame) -> &'static str {
    match f {
        Frame::Turn => "turn",
        Frame::Step(_) => "step",
        Frame::Negotiate { .. } => "negotiate",
        Frame::Confirm { .. } => "confirm",
        Frame::Ransom { .. } => "ransom",
        Frame::DeclareWar { .. } => "declare_war",
        Frame::PayWar { .. } => "pay_war",
        Frame::Preference => "preference",
        Frame::PlaceLeader { .. } => "place_leader",
        Frame::PlaceAdmiral { .. } => "place_admiral",
        Frame::ChooseHome { .. } => "choose_home",
        Frame::Deploy { .. } => "deploy",
        Frame::Formation { .. } => "formation",
        Frame::Impulse { .. } => "impulse",
        Frame::Actions { .. } => "actions",
        Frame::HreReplacement => "hre_replacement",
        Frame::SpringOf { .. } => "spring_of",
        Frame::LandMove(_) => "land_move",
        Frame::AssaultPlan { .. } => "assault_plan",
        Frame::Respond { .. } => "respond",
        Frame::Intercept { .. } => "intercept",
        Frame::Avoid { .. } => "avoid",
        Frame::Withdraw { .. } => "withdraw",
        Frame::MoveOn { .. } => "move_on",
        Frame::Combat(_) => "combat",
        Frame::NavalOrders { .. } => "naval_orders",
        Frame::Transport { .. } => "transport",
        Frame::NavalPlan { .. } => "naval_plan",
        Frame::Hook { .. } => "hook",
        Frame::Religion(f) => religion::kind(f),
        Frame::Espionage(f) => espionage::kind(f),
        Frame::Royals(f) => royals::kind(f),
        Frame::Patronage(f) => patronage::kind(f),
        Frame::World(f) => world::kind(f),
        Frame::Minors(f) => minors::kind(f),
        Frame::Majors(f) => majors::kind(f),
        Frame::Armada(f) => armada::kind(f),
    }
}

/// The power deciding a frame (None: automatic).
fn decider(s: &State, f: &Frame) -> Option<Pw> {
    match f {
        Frame::Turn
        | Frame::Step(_)
        | Frame::SpringOf { .. }
        | Frame::LandMove(_)
        | Frame::NavalPlan { .. }
        | Frame::AssaultPlan { .. }
        | Frame::Hook { .. } => None,
        Frame::Religion(f) => religion::decider(s, f),
        Frame::Espionage(f) => espionage::decider(s, f),
        Frame::Royals(f) => royals::decider(s, f),
        Frame::Patronage(f) => patronage::decider(s, f),
        Frame::World(f) => world::decider(s, f),
        Frame::Minors(f) => minors::decider(s, f),
        Frame::Majors(f) => majors::decider(s, f),
        Frame::Armada(f) => armada::decider(s, f),
        Frame::NavalOrders { who, .. } => Some(*who),
        Frame::Transport { who, stormed, .. } => (!stormed).then_some(*who),
        Frame::Respond { queue, .. } => queue.first().copied(),
        Frame::Intercept { who }
        | Frame::Avoid { who }
        | Frame::Withdraw { who }
        | Frame::MoveOn { who } => Some(*who),
        Frame::Combat(c) => crate::battle::ask_power(c).and_then(crate::model::pw),
        Frame::Negotiate { who }
        | Frame::Confirm { who, .. }
        | Frame::Ransom { who }
        | Frame::DeclareWar { who, .. }
        | Frame::PayWar { who, .. }
        | Frame::PlaceLeader { who, .. }
        | Frame::PlaceAdmiral { who, .. }
        | Frame::ChooseHome { who }
        | Frame::Deploy { who }
        | Frame::Formation { who, .. } => Some(*who),
        Frame::Preference | Frame::HreReplacement => Some(HRE),
        // [11]: passing is mandatory with no cards in hand (done automatically).
        Frame::Impulse { who, .. } => (!s.ps(*who).hand.is_empty()).then_some(*who),
        Frame::Actions { who, cp } => (*cp > 0).then_some(*who),
    }
}

/// The seat of the deciding power; none for an inactive activated major, whose
/// decisions `auto` makes by a fixed rule (RULINGS P4).
pub fn deciders(s: &State, f: &Frame) -> Vec<Seat> {
    decider(s, f)
        .and_then(|p| s.seat_opt(p))
        .map(|x| vec![x])
        .unwrap_or_default()
}

/// Whether `p` may pass (seed [11]): not with its home card in hand, not with more cards
/// than its ruler's administrative rating, not with a mandatory card.
pub fn may_pass(s: &State, p: Pw) -> bool {
    let hand = &s.ps(p).hand;
    let admin = royals::admin(s, p)
        .unwrap_or_else(|| data().ruler(&s.ps(p).ruler).map_or(0, |r| r.admin))
        as usize;
    !hand
        .iter()
        .any(|&c| is_home(c) || crate::events::is_mandatory(c))
        && hand.len() <= admin
}

fn cards_of(s: &State, p: Pw) -> Vec<CardId> {
    let mut v = s.ps(p).hand.clone();
    v.dedup();
    v
}

pub fn choices(s: &State, f: &Frame, _seat: Seat) -> Vec<Move> {
    match f {
        // [9.1] L676: a draft is finished (announced or dropped) before anything else.
        Frame::Negotiate { who } if !s.draft.is_empty() => dip::announce::choices(s, *who),
        Frame::Negotiate { who } => {
            let mut v = event_choices(s, *who, crate::events::When::Negotiation);
            v.extend(royals::negotiate_choices(s, *who));
            v.extend(dip::announce::choices(s, *who));
            v
        }
        Frame::Confirm { id, .. } => dip::announce::confirm_choices(s, *id),
        Frame::Ransom { who } => {
            let mut v: Vec<Move> = dip::captured(s, *who)
                .into_iter()
                .map(|leader| Move::Ransom { leader })
                .collect();
            v.push(Move::Done);
            v
        }
        Frame::DeclareWar { who, declared } => dip::war_choices(s, *who, declared),
        Frame::PayWar { who, .. } => dip::pay_choices(s, *who),
        Frame::Preference => vec![
            Move::Prefer(Preference::Protestant),
            Move::Prefer(Preference::Catholic),
            Move::Prefer(Preference::Balanced),
        ],
        Frame::PlaceLeader { who, leader } => {
            let mut v: Vec<Move> = leader_sites(s, *who)
                .into_iter()
                .filter(|&x| crate::majors::protestant::leader_site_ok(s, *leader, x))
                .map(|space| Move::PlaceLeaderIn { space })
                .collect();
            // [10] step 4: Don John as a naval leader (`armada`).
            v.extend(armada::place_choices(s, *who, *leader));
            // [10] step 4: the Protestants may keep leaders on their card.
            if *who == PROTESTANT {
                v.push(Move::Done);
            }
            v
        }
        Frame::PlaceAdmiral { who, .. } => crate::admirals::place_sites(s, *who)
            .into_iter()
            .map(|space| Move::PlaceLeaderIn { space })
            .collect(),
        Frame::ChooseHome { who } => {
            let mut v: Vec<Move> = s
                .ps(*who)
                .hand
                .iter()
                .filter(|&&c| is_home(c) && majors::may_set_aside(s, *who, c))
                .map(|&card| Move::SetAsideHome { card })
                .collect();
            v.dedup();
            v
        }
        Frame::Deploy { who } => {
            let mut v: Vec<Move> = deploy_capitals(s, *who)
                .into_iter()
                .map(|capital| Move::DeployFrom { capital })
                .collect();
            v.push(Move::Done);
            v
        }
        Frame::Formation {
            who,
            from,
            purpose,
            sel,
        } => formation_choices(s, *who, *from, *purpose, sel),
        Frame::Impulse { who, .. } => {
            // [11]: any card for CP but a mandatory one; events by the registry.
            let mut v: Vec<Move> = cards_of(s, *who)
                .into_iter()
                .filter(|&c| playable_kind(c) && !crate::events::is_mandatory(c))
                .map(|card| Move::PlayCp { card })
                .collect();
            v.extend(event_choices(s, *who, crate::events::When::Impulse));
            if may_pass(s, *who) {
                v.push(Move::Pass);
            }
            v
        }
        Frame::Actions { who, cp } => action_choices(s, *who, *cp),
        Frame::HreReplacement => {
            let mut v = Vec::new();
            if crate::winter::hre_mercenaries_ok(s) {
                v.push(Move::HreMercenaries);
            }
            v.push(Move::HreForHire);
            v
        }
        Frame::Respond { key, queue, space } => {
            let mut v = Vec::new();
            if let Some(card) = crate::cards::held(s, queue[0], key)
                && respond_ok(s, key, queue[0], *space)
            {
                v.push(Move::PlayCard { card });
            }
            v.push(Move::Done);
            v
        }
        Frame::Intercept { who } => {
            let m = crate::land::current_ref(s);
            let mut v: Vec<Move> = crate::land::intercept_sources(s, m, *who)
                .into_iter()
                .map(|space| Move::InterceptFrom { space })
                .collect();
            v.push(Move::Done);
            v
        }
        Frame::Avoid { who } => {
            let m = crate::land::current_ref(s);
            let mut v: Vec<Move> = crate::land::avoid_destinations(s, m, *who)
                .into_iter()
                .map(|space| Move::AvoidTo { space })
                .collect();
            v.push(Move::Done);
            v
        }
        Frame::Withdraw { .. } => vec![Move::Withdraw, Move::Done],
        Frame::MoveOn { .. } => {
            let m = crate::land::current_ref(s);
            let mut v: Vec<Move> = crate::land::move_on_choices(s, m, actions_cp(s))
                .into_iter()
                .map(|(to, _)| Move::Go { to })
                .collect();
            v.push(Move::Done);
            v
        }
        Frame::Combat(c) => crate::battle::choices(c),
        Frame::Transport {
            who, from, sel, at, ..
        } => {
            let mut v: Vec<Move> =
                crate::naval::transport_steps(s, *who, *from, sel, *at, actions_cp(s))
                    .into_iter()
                    .map(|to| Move::ShipTo { to })
                    .collect();
            match at {
                // Not embarked yet: the transport may be called off.
                None => v.push(Move::Done),
                // At sea with nowhere to go: back into the port it left (aboard the
                // Armada it left, RULINGS A20).
                Some(_) if v.is_empty() => v.push(Move::ShipTo {
                    to: back_from_sea(s, *from),
                }),
                Some(_) => {}
            }
            v
        }
        Frame::NavalOrders { who, orders } => {
            let mut v: Vec<Move> = crate::naval::order_choices(s, *who, orders)
                .into_iter()
                .map(|(from, kind, to)| Move::Sail { from, kind, to })
                .collect();
            v.push(Move::Done);
            v
        }
        Frame::Turn
        | Frame::Step(_)
        | Frame::SpringOf { .. }
        | Frame::LandMove(_)
        | Frame::NavalPlan { .. }
        | Frame::AssaultPlan { .. }
        | Frame::Hook { .. } => Vec::new(),
        Frame::Religion(f) => religion::choices(s, f),
        Frame::Espionage(f) => espionage::choices(s, f),
        Frame::Royals(f) => royals::choices(s, f),
        Frame::Patronage(f) => patronage::choices(s, f),
        Frame::World(f) => world::choices(s, f),
        Frame::Minors(f) => minors::choices(s, f),
        Frame::Majors(f) => majors::choices(s, f),
        Frame::Armada(f) => armada::choices(s, f),
    }
}

/// The cards `who` may play as events now ([6.1], [11]).
fn event_choices(s: &State, who: Pw, when: crate::events::When) -> Vec<Move> {
    cards_of(s, who)
        .into_iter()
        .filter(|&c| crate::events::may_play(s, who, c, when))
        .map(|card| Move::PlayEvent { card })
        .collect()
}

/// The CP left in the action under way.
fn actions_cp(s: &State) -> u8 {
    s.stack
        .iter()
        .rev()
        .find_map(|f| match f {
            Frame::Actions { cp, .. } => Some(*cp),
            _ => None,
        })
        .unwrap_or(0)
}

/// Whether a held response card may be played now (German Reiters needs mercenaries in
/// the pool, and never brings Spanish units into an Irish or Scottish home space, [9.5]:
/// a battle there may involve an active Ireland's or Scotland's units, [24.3]).
fn respond_ok(s: &State, key: &str, p: Pw, space: crate::data::SpaceId) -> bool {
    if key != crate::cards::GERMAN_REITERS {
        return true;
    }
    if space != crate::model::NO_SPACE && crate::movement::closed_to_spain(p, space) {
        return false;
    }
    let o = crate::model::reiters_owner(p);
    crate::building::land_in_play(s, o) + crate::cards::REITERS_MERCENARIES as u32
        <= crate::building::land_pool(o)
}

/// Own-controlled fortified spaces for an arriving army leader ([10] step 4).
pub fn leader_sites(s: &State, p: Pw) -> Vec<crate::data::SpaceId> {
    data()
        .space_ids()
        .filter(|&x| fortified(s, x) && controller_pw(s, x) == Some(p))
        .collect()
}

fn deploy_capitals(s: &State, p: Pw) -> Vec<crate::data::SpaceId> {
    capitals(s, p)
        .into_iter()
        .filter(|&c| {
            controller_pw(s, c) == Some(p)
                && crate::majors::protestant::deploy_ok(s, p, c)
                && crate::movement::deploy_troops(s, p, c).total() > 0
                && !crate::movement::deploy_targets(s, p, c).is_empty()
        })
        .collect()
}

fn formation_choices(
    s: &State,
    p: Pw,
    from: crate::data::SpaceId,
    purpose: Purpose,
    sel: &Selection,
) -> Vec<Move> {
    let mut v = Vec::new();
    // [13.3]: an avoiding group may exceed a formation's size.
    let limit = match purpose {
        Purpose::Avoid { .. } => u8::MAX,
        // [16.3]: at most 5 land units go by sea.
        Purpose::Transport => formation_limit(&sel.leaders).min(5),
        _ => formation_limit(&sel.leaders),
    };
    let cp = match s.stack.iter().rev().find_map(|f| match f {
        Frame::Actions { cp, .. } => Some(*cp),
        _ => None,
    }) {
        Some(cp) if purpose == Purpose::Move => cp,
        _ => 0,
    };
    // [20.10]: a formation with the Duke of Guise keeps a destination after each addition.
    // [23.1]: so does a formation with the Morisco.
    let way = |after: &Selection| {
        crate::majors::france::keeps_a_way(s, p, from, purpose, after, cp)
            && crate::morisco::keeps_a_way(s, p, from, purpose, after, cp)
    };
    // [24.3], [23.6]: one addition per owner where the free units of a kind belong to
    // several owners of the side (RULINGS N1; a Protestant capital's deployment only
    // its faction's, K8).
    let free = crate::owners::free(s, p, from, purpose, sel);
    for k in UnitKind::MOVED {
        let of = crate::owners::of_kind(&free, k);
        if of.is_empty() || sel.troops.total() >= limit {
            continue;
        }
        let mut after = sel.clone();
        *after.troops.get_mut(k) += 1;
        if !way(&after) {
            continue;
        }
        match of[..] {
            [_] => v.push(Move::AddUnit(k)),
            _ => v.extend(
                of.into_iter()
                    .map(|owner| Move::AddUnitOf { kind: k, owner }),
            ),
        }
    }
    for l in free_leaders(s, p, from, purpose, sel) {
        let mut ls = sel.leaders.clone();
        ls.push(l);
        if (matches!(purpose, Purpose::Avoid { .. }) || sel.troops.total() <= formation_limit(&ls))
            && way(&Selection {
                troops: sel.troops,
                leaders: ls,
                ..Default::default()
            })
        {
            v.push(Move::AddLeader { leader: l });
        }
    }
    if sel.troops.total() > 0 || !sel.leaders.is_empty() {
        for (to, _) in destinations(s, p, from, purpose, sel, cp) {
            v.push(Move::Go { to });
        }
    }
    v
}

fn action_choices(s: &State, p: Pw, cp: u8) -> Vec<Move> {
    let d = data();
    let mut v = Vec::new();
    for sp in d.space_ids() {
        if can_move_from(s, p, sp, cp) {
            v.push(Move::MoveFrom { space: sp });
        }
    }
    if cp >= 1 && crate::naval::may_move(s, p) {
        v.push(Move::NavalMove);
    }
    if cp >= 2 {
        for (zone, target) in crate::naval::piracy_choices(s, p) {
            v.push(Move::Pirate { zone, target });
        }
        for sp in d.space_ids() {
            if crate::naval::may_transport(s, p, sp, cp) {
                v.push(Move::Transport { space: sp });
            }
        }
    }
    for sp in d.space_ids() {
        if cp >= 1 && crate::battle::may_assault(s, p, sp) {
            v.push(Move::Assault { space: sp });
        }
        if control_check(s, p, sp).is_ok() {
            v.push(Move::Control { space: sp });
        }
        if unrest_check(s, p, sp) {
            v.push(Move::RemoveUnrest { space: sp });
        }
    }
    for sp in d.space_ids() {
        // [24.3]: an active minor's home spaces too (`building::minor_site`).
        if !d.space(sp).is_home_of(major(p)) && crate::building::minor_site(s, p, sp).is_none() {
            continue;
        }
        for k in UnitKind::ALL {
            if raise_cost_at(s, p, sp, k).is_some_and(|c| c <= cp) && raise_ok(s, p, sp, k) {
                v.push(Move::Raise { space: sp, kind: k });
            }
        }
        for k in [ShipKind::Galley, ShipKind::Galleon, ShipKind::Corsair] {
            if build_cost_at(s, p, sp, k).is_some_and(|c| c <= cp) && build_ok(s, p, sp, k) {
                v.push(Move::Build { space: sp, kind: k });
            }
        }
        if cp >= 2 && fortress_ok(s, p, sp) {
            v.push(Move::BuildFortress { space: sp });
        }
    }
    v.extend(crate::subsystems::actions(s, p, cp));
    // [11]: an impulse extended with a treasure spends its CP on other action types.
    v.retain(|m| crate::world::treasure::allowed(s, m));
    v.push(Move::EndActions);
    v
}

pub fn prompt(s: &State, f: &Frame, _seat: Seat) -> String {
    let name = |p: Pw| data().power(major(p)).name.clone();
    match f {
        Frame::Negotiate { who } if !s.draft.is_empty() => format!(
            "{}: add a clause to your announcement ({} so far), announce it or drop it",
            name(*who),
            s.draft.len()
        ),
        Frame::Negotiate { who } => {
            format!(
                "{}: announce an agreement or finish negotiating",
                name(*who)
            )
        }
        Frame::Confirm { id, .. } => crate::labels::announcement(s, *id),
        Frame::Ransom { who } => format!("{}: ransom a captured leader or finish", name(*who)),
        Frame::DeclareWar { who, .. } => format!("{}: declare war or finish", name(*who)),
        Frame::PayWar { who, owed } => format!(
            "{}: discard cards worth {owed} more CP for your declarations",
            name(*who)
        ),
        Frame::Preference => "HRE: record your secret religious preference".into(),
        Frame::PlaceLeader { who, leader } => format!(
            "{}: place {}",
            name(*who),
            data().army_leaders[*leader as usize].name
        ),
        Frame::PlaceAdmiral { who, admiral } => format!(
            "{}: place the naval leader {} in a port",
            name(*who),
            data().naval_leaders[*admiral as usize].name
        ),
        Frame::ChooseHome { who } => format!("{}: set one home card aside", name(*who)),
        Frame::Deploy { who } => {
            format!("{}: spring deployment from a capital, or skip", name(*who))
        }
        Frame::Formation { who, from, .. } => format!(
            "{}: form the formation leaving {}",
            name(*who),
            data().space(*from).name
        ),
        Frame::Impulse { who, .. } => format!(
            "{}: play a card for CP or as its event, or pass",
            name(*who)
        ),
        Frame::Actions { who, cp } => format!("{}: spend {cp} CP", name(*who)),
        Frame::HreReplacement => {
            "HRE: winter replacements: 2 mercenaries or Mercenaries for Hire".into()
        }
        Frame::Respond { key, queue, space } => format!(
            "{}: play {} now ({})?",
            name(queue[0]),
            data()
                .card_by_key(key)
                .map_or(key.as_str(), |c| c.title.as_str()),
            if *space == crate::model::NO_SPACE {
                "a naval move".to_string()
            } else {
                data().space(*space).name.clone()
            }
        ),
        Frame::Intercept { who }
        | Frame::Avoid { who }
        | Frame::Withdraw { who }
        | Frame::MoveOn { who } => {
            let m = crate::land::current_ref(s);
            let (mover, to, from) = (
                name(m.who),
                &data().space(m.to).name,
                &data().space(m.from).name,
            );
            let who = name(*who);
            match f {
                Frame::Intercept { .. } => {
                    format!("{who}: try to intercept {mover} entering {to}?")
                }
                Frame::Avoid { .. } => format!("{who}: avoid battle with {mover} in {to}?"),
                Frame::Withdraw { .. } => format!(
                    "{who}: withdraw into the fortifications of {to}, or fight in the field?"
                ),
                _ => format!(
                    "{who}: too few to besiege {to}: move on (paying CP) or go back to {from} for free"
                ),
            }
        }
        Frame::Combat(c) => crate::battle::ask_text(c),
        Frame::Transport { who, at, from, .. } => match at {
            None if from.is_none() => format!(
                "{}: the formation aboard the Armada sails on into a sea zone",
                name(*who)
            ),
            None => format!("{}: embark the formation into a sea zone", name(*who)),
            Some(z) => format!(
                "{}: the formation is at sea in {}: sail on or land",
                name(*who),
                data().sea_zone(*z).name
            ),
        },
        Frame::NavalOrders { who, orders } => format!(
            "{}: order ships to sail one at a time ({} ordered), then carry out the move",
            name(*who),
            orders.len()
        ),
        Frame::Turn
        | Frame::Step(_)
        | Frame::SpringOf { .. }
        | Frame::LandMove(_)
        | Frame::NavalPlan { .. }
        | Frame::AssaultPlan { .. }
        | Frame::Hook { .. } => String::new(),
        Frame::Religion(f) => religion::prompt(s, f),
        Frame::Espionage(f) => espionage::prompt(s, f),
        Frame::Royals(f) => royals::prompt(s, f),
        Frame::Patronage(f) => patronage::prompt(s, f),
        Frame::World(f) => world::prompt(s, f),
        Frame::Minors(f) => minors::prompt(s, f),
        Frame::Majors(f) => majors::prompt(s, f),
        Frame::Armada(f) => armada::prompt(s, f),
    }
}

fn next_in(s: &mut State, f: Frame) {
    *s.stack.last_mut().expect("frame") = f;
}

pub fn resolve(s: &mut State, _seat: Seat, mv: &Move, ev: &mut Vec<Scoped<Event>>) {
    let top = s.stack.last().cloned().expect("a frame to decide on");
    match (top, mv) {
        (Frame::Religion(f), mv) => religion::resolve(s, f, mv, ev),
        (Frame::Espionage(f), mv) => espionage::resolve(s, f, mv, ev),
        (Frame::Royals(f), mv) => royals::resolve(s, f, mv, ev),
        (Frame::Patronage(f), mv) => patronage::resolve(s, f, mv, ev),
        (Frame::World(f), mv) => world::resolve(s, f, mv, ev),
        (Frame::Minors(f), mv) => minors::resolve(s, f, mv, ev),
        (Frame::Majors(f), mv) => majors::resolve(s, f, mv, ev),
        (Frame::Armada(f), mv) => armada::resolve(s, f, mv, ev),
        (Frame::Negotiate { who }, Move::PlayEvent { card }) => {
            crate::events::play(s, who, *card, ev);
        }
        (Frame::Negotiate { who }, Move::Royals(m)) => royals::negotiate(s, who, m, ev),
        (Frame::Negotiate { who }, Move::Propose { to, deal }) => {
            dip::announce::draft(s, who, *to, *deal, ev)
        }
        (Frame::Negotiate { who }, Move::Ask { from, deal }) => {
            dip::announce::draft(s, *from, who, *deal, ev)
        }
        (Frame::Negotiate { who }, Move::Announce) => dip::announce::announce(s, who, ev),
        (Frame::Negotiate { who }, Move::Done) => {
            dip::announce::finish(s, ev);
            advance_power(s, who, |w| Frame::Negotiate { who: w });
            dip::announce::queue(s);
        }
        (Frame::Confirm { who, id }, Move::Accept | Move::Reject) => {
            s.stack.pop();
            dip::announce::answer(s, who, id, *mv == Move::Accept, ev);
            dip::announce::queue(s);
        }
        (Frame::Ransom { who }, Move::Ransom { leader }) => dip::ransom(s, who, *leader, ev),
        (Frame::Ransom { .. }, Move::Done) => {
            s.stack.pop();
        }
        (Frame::DeclareWar { who, mut declared }, Move::DeclareWarOn { target }) => {
            dip::declare(s, who, *target, ev);
            declared.push(*target);
            next_in(s, Frame::DeclareWar { who, declared });
        }
        (Frame::DeclareWar { who, declared }, Move::Done) => {
            let owed: u8 = declared.iter().filter_map(|&t| dip::dow_cost(who, t)).sum();
            advance_power(s, who, |w| Frame::DeclareWar {
                who: w,
                declared: vec![],
            });
            if owed > 0 {
                s.stack.push(Frame::PayWar { who, owed });
            }
        }
        (Frame::PayWar { who, owed }, Move::PayWith { .. } | Move::World(_)) => {
            let paid = dip::pay(s, who, mv, ev);
            if paid >= owed {
                s.stack.pop();
            } else {
                next_in(
                    s,
                    Frame::PayWar {
                        who,
                        owed: owed - paid,
                    },
                );
            }
        }
        (Frame::Preference, Move::Prefer(p)) => {
            s.stack.pop();
            s.ps_mut(HRE).preference = Some(*p);
            ev.push(Scoped::public(Event::PreferenceRecorded));
        }
        (Frame::PlaceLeader { leader, .. }, Move::PlaceLeaderIn { space }) => {
            s.stack.pop();
            let i = leader_pos(s, leader);
            s.leaders[i].at = Loc::Space(*space);
            s.fresh.push(leader);
            ev.push(Scoped::public(Event::LeaderPlaced {
                leader,
                space: *space,
            }));
        }
        (Frame::PlaceAdmiral { admiral, .. }, Move::PlaceLeaderIn { space }) => {
            s.stack.pop();
            crate::admirals::place(s, admiral, *space);
        }
        (Frame::PlaceLeader { leader, .. }, Move::Armada(m)) => {
            s.stack.pop();
            s.fresh.push(leader);
            armada::place(s, leader, m, ev);
        }
        (Frame::PlaceLeader { .. }, Move::Done) => {
            s.stack.pop();
        }
        (Frame::ChooseHome { who }, Move::SetAsideHome { card }) => {
            let h = &mut s.ps_mut(who).hand;
            let i = h.iter().position(|c| c == card).expect("listed");
            h.remove(i);
            s.ps_mut(who).home_set_aside.push(*card);
            // Face down: only the owner learns which one.
            ev.push(Scoped::public(Event::HomeCardSetAside { power: who }));
            if s.ps(who).hand.iter().filter(|&&c| is_home(c)).count() <= 1 {
                s.stack.pop();
            }
        }
        (Frame::Deploy { who }, Move::DeployFrom { capital }) => {
            s.stack.pop();
            s.stack.push(Frame::Formation {
                who,
                from: *capital,
                purpose: Purpose::Deploy,
                sel: Selection::default(),
            });
        }
        (Frame::Deploy { .. }, Move::Done) => {
            s.stack.pop();
        }
        (
            Frame::Formation {
                who,
                from,
                purpose,
                mut sel,
            },
            Move::AddUnit(_) | Move::AddUnitOf { .. },
        ) => {
            let (k, owner) = match *mv {
                Move::AddUnitOf { kind, owner } => (kind, Some(owner)),
                Move::AddUnit(k) => (k, None),
                _ => unreachable!(),
            };
            crate::owners::add(s, who, from, purpose, &mut sel, k, owner);
            next_in(
                s,
                Frame::Formation {
                    who,
                    from,
                    purpose,
                    sel,
                },
            );
        }
        (
            Frame::Formation {
                who,
                from,
                purpose,
                mut sel,
            },
            Move::AddLeader { leader },
        ) => {
            sel.leaders.push(*leader);
            sel.leaders.sort();
            next_in(
                s,
                Frame::Formation {
                    who,
                    from,
                    purpose,
                    sel,
                },
            );
        }
        (
            Frame::Formation {
                who,
                from,
                purpose,
                sel,
            },
            Move::Go { to },
        ) => {
            s.stack.pop();
            go(s, who, from, purpose, sel, *to, ev);
        }
        (Frame::Respond { key, queue, space }, mv) => respond(s, &key, queue, space, mv, ev),
        (Frame::Intercept { who }, Move::InterceptFrom { space }) => {
            let to = crate::land::current_ref(s).to;
            s.stack.push(Frame::Formation {
                who,
                from: *space,
                purpose: Purpose::Intercept { to },
                sel: Selection::default(),
            });
        }
        (Frame::Intercept { .. } | Frame::Avoid { .. }, Move::Done) => {
            s.stack.pop();
            crate::land::current(s).queue.remove(0);
        }
        (Frame::Avoid { who }, Move::AvoidTo { space }) => {
            let from = crate::land::current_ref(s).to;
            s.stack.push(Frame::Formation {
                who,
                from,
                purpose: Purpose::Avoid { to: *space },
                sel: Selection::default(),
            });
        }
        (Frame::Withdraw { .. }, Move::Withdraw) => {
            s.stack.pop();
            crate::land::withdraw(s, ev);
        }
        (Frame::Withdraw { .. }, Move::Done) => {
            s.stack.pop();
        }
        (Frame::MoveOn { who }, Move::Go { to }) => {
            s.stack.pop();
            let m = crate::land::current_ref(s).clone();
            let sel = Selection {
                troops: troops_of(s, who, m.to),
                leaders: m.sel.leaders.clone(),
                ..Default::default()
            };
            let cost = crate::movement::move_cost(s, who, m.to, *to, &sel).expect("listed");
            spend(s, cost);
            s.memo.fatal.push((who, *to, m.to));
            // The move through the fortress ends here; the formation moves on.
            s.stack.pop();
            crate::land::start(s, who, m.to, *to, sel, Some(m.from));
        }
        (Frame::MoveOn { .. }, Move::Done) => {
            s.stack.pop();
            crate::land::go_back(s, ev);
        }
        (Frame::Combat(_), mv) => crate::battle::choose(s, mv, ev),
        (Frame::Transport { .. }, Move::Done) => {
            s.stack.pop();
        }
        (
            Frame::Transport {
                who,
                from,
                sel,
                at,
                stormed,
            },
            Move::ShipTo { to },
        ) => transport_step(s, who, from, sel, at, stormed, *to, ev),
        (Frame::NavalOrders { who, mut orders }, Move::Sail { from, kind, to }) => {
            crate::naval::order(s, who, &mut orders, *from, *kind, *to);
            next_in(s, Frame::NavalOrders { who, orders });
        }
        (Frame::NavalOrders { who, orders }, Move::Done) => {
            s.stack.pop();
            s.stack.push(Frame::NavalPlan {
                who,
                orders,
                stage: 0,
                stormed: false,
                battles: Vec::new(),
            });
        }
        (Frame::Impulse { who, passes }, Move::Pass) => {
            ev.push(Scoped::public(Event::Passed { power: who }));
            end_impulse(s, who, passes + 1);
        }
        (Frame::Impulse { who, .. }, Move::PlayCp { card }) => {
            s.impulse += 1;
            s.memo = Default::default();
            let h = &mut s.ps_mut(who).hand;
            let i = h.iter().position(|c| c == card).expect("listed");
            h.remove(i);
            if is_home(*card) {
                s.ps_mut(who).home_played.push(*card);
            } else {
                s.discard.push(*card);
            }
            ev.push(Scoped::public(Event::CardPlayed {
                power: who,
                card: *card,
            }));
            end_impulse(s, who, 0);
            let cp = data().card(*card).map_or(0, |c| c.cp);
            s.stack.push(Frame::Actions { who, cp });
        }
        (Frame::Impulse { who, .. }, Move::PlayEvent { card }) => {
            s.impulse += 1;
            s.memo = Default::default();
            end_impulse(s, who, 0);
            let base = s.stack.len();
            // [6.1]: a mandatory card gives its CP (2) after the event.
            if crate::events::is_mandatory(*card) {
                let cp = data().card(*card).map_or(0, |c| c.cp);
                crate::events::grant_cp(s, who, cp);
            }
            crate::events::play(s, who, *card, ev);
            crate::world::treasure::after_event(s, who, base);
            if let Some(w) = crate::victory::automatic(s) {
                end_game(s, w, ev);
            }
        }
        (Frame::Actions { who, cp }, mv) => {
            crate::world::treasure::note(s, mv);
            let used = act(s, who, cp, mv, ev);
            if used > 0 {
                spend(s, used);
            }
            if let Some(w) = crate::victory::automatic(s) {
                end_game(s, w, ev);
            }
        }
        (Frame::HreReplacement, Move::HreMercenaries) => {
            s.stack.pop();
            crate::winter::hre_mercenaries(s, ev);
        }
        (Frame::HreReplacement, Move::HreForHire) => {
            s.stack.pop();
            s.ps_mut(HRE).for_hire = 4;
        }
        (f, m) => unreachable!("move {m:?} was checked but has no effect on {f:?}"),
    }
}

/// Reduce the CP of the action under way.
fn spend(s: &mut State, cost: u8) {
    if cost == 0 {
        return;
    }
    if let Some(cp) = s.stack.iter_mut().rev().find_map(|f| match f {
        Frame::Actions { cp, .. } => Some(cp),
        _ => None,
    }) {
        *cp -= cost;
    }
}

/// A formation is complete and goes: a move ([13.1]), a deployment ([10] step 6), an
/// interception ([13.2]), an avoid battle ([13.3]) or an assault ([15.1]).
fn go(
    s: &mut State,
    who: Pw,
    from: crate::data::SpaceId,
    purpose: Purpose,
    sel: Selection,
    to: crate::data::SpaceId,
    ev: &mut Vec<Scoped<Event>>,
) {
    match purpose {
        Purpose::Deploy => {
            let first = crate::majors::protestant::deploy_owner(s, who, from);
            crate::movement::carry_out_first(s, who, from, to, &sel, first, ev);
        }
        Purpose::Move => {
            let cost =
                crate::movement::move_cost(s, who, from, to, &sel).expect("listed destination");
            spend(s, cost);
            crate::land::start(s, who, from, to, sel, None);
        }
        Purpose::Intercept { .. } => {
            let m = crate::land::current_ref(s).clone();
            s.memo.tried.push((who, from));
            let modifier = crate::land::modifier(who, &sel, m.who, &m.sel.troops)
                + crate::patronage::science::plus(s, who, crate::patronage::science::TELESCOPE);
            let (dice, ok) = crate::combat::two_dice_test(&mut s.rng, modifier);
            ev.push(Scoped::public(Event::Rolled {
                power: major(who),
                purpose: format!("interception (modifier {modifier:+})"),
                dice,
                hits: ok as u8,
            }));
            ev.push(Scoped::public(Event::Intercepted {
                power: who,
                from,
                to,
                success: ok,
            }));
            if ok {
                crate::movement::carry_out(s, who, from, to, &sel, ev);
                crate::land::current(s).intercepted = Some(who);
            }
        }
        Purpose::Avoid { to: dest } => {
            let m = crate::land::current_ref(s).clone();
            // [13.3] step 4: no roll when the group already lost a field battle.
            let ok = if s.memo.beaten.contains(&(who, from)) {
                true
            } else {
                let modifier = crate::land::modifier(who, &sel, m.who, &m.sel.troops)
                    + crate::patronage::science::plus(s, who, crate::patronage::science::TELESCOPE);
                let (dice, ok) = crate::combat::two_dice_test(&mut s.rng, modifier);
                ev.push(Scoped::public(Event::Rolled {
                    power: major(who),
                    purpose: format!("avoid battle (modifier {modifier:+})"),
                    dice,
                    hits: ok as u8,
                }));
                ok
            };
            ev.push(Scoped::public(Event::Avoided {
                power: who,
                from,
                to: dest,
                success: ok,
            }));
            if ok {
                crate::movement::carry_out(s, who, from, dest, &sel, ev);
                crate::land::capture_lone_leaders(s, who, dest, ev);
            }
            // One decision per power ([13.3] step 6).
            if let Some(Frame::Avoid { .. }) = s.stack.last() {
                s.stack.pop();
            }
            crate::land::current(s).queue.remove(0);
        }
        Purpose::Transport => {
            s.stack.push(Frame::Transport {
                who,
                from: Some(from),
                sel,
                at: None,
                stormed: false,
            });
        }
        Purpose::Assault => {
            spend(s, 1);
            s.stack.push(Frame::AssaultPlan {
                who,
                space: from,
                sel,
                stage: 0,
                stormed: false,
            });
        }
    }
}

/// Where a transport at sea with nowhere to go ends: back in the port it left, or aboard
/// the Armada it left (`from` None; RULINGS A20), as if it had not sailed.
fn back_from_sea(
    s: &State,
    from: Option<crate::data::SpaceId>,
) -> crate::combat::naval_battle::Waters {
    use crate::combat::naval_battle::Waters;
    match (from, crate::armada::ferry::zone(s)) {
        (Some(x), _) => Waters::Port(x),
        (None, Some(z)) => Waters::Sea(z),
        (None, None) => unreachable!("a transport from aboard the Armada without the Armada"),
    }
}

/// One step of a naval transport ([16.3]): embarking (then the Storms window), sailing
/// on, or landing (a move into the port, with interception and battle; a lost battle
/// destroys the formation). From aboard the Armada at sea (`from` None, RULINGS A20)
/// the first step sails on (then the Storms window) and the landing takes the units
/// from aboard.
#[allow(clippy::too_many_arguments)]
fn transport_step(
    s: &mut State,
    who: Pw,
    from: Option<crate::data::SpaceId>,
    sel: Selection,
    at: Option<crate::data::SeaZoneId>,
    stormed: bool,
    to: crate::combat::naval_battle::Waters,
    ev: &mut Vec<Scoped<Event>>,
) {
    use crate::combat::naval_battle::Waters;
    let listed = crate::naval::transport_steps(s, who, from, &sel, at, actions_cp(s));
    if !listed.contains(&to) {
        // Nowhere to go at sea: the formation never left the port or the Armada.
        s.stack.pop();
        return;
    }
    spend(s, 1);
    match to {
        Waters::Sea(z) => {
            next_in(
                s,
                Frame::Transport {
                    who,
                    from,
                    sel,
                    at: Some(z),
                    stormed,
                },
            );
            ev.push(Scoped::public(Event::CombatNote {
                text: format!(
                    "{} transports a formation by sea to {}",
                    data().power(major(who)).name,
                    data().sea_zone(z).name
                ),
            }));
            if at.is_none() {
                // [16.3] step 1: the other powers may play Storms (at the first step
                // from aboard the Armada too, RULINGS A20).
                let q = crate::cards::window(s, (0..6u8).filter(|&q| q != who));
                if !q.is_empty() {
                    s.stack.push(Frame::Respond {
                        key: crate::cards::STORMS.into(),
                        queue: q,
                        space: from.unwrap_or(crate::model::NO_SPACE),
                    });
                }
            }
        }
        Waters::Port(x) => {
            s.stack.pop();
            match from {
                // Back into the port it left: its units never left it.
                Some(from) if from == x => {}
                Some(from) => {
                    crate::land::start(s, who, from, x, sel, None);
                    crate::land::current(s).transported = true;
                }
                None => crate::armada::ferry::landing(s, x, sel),
            }
        }
    }
}

/// The naval plan after the move: the battles still due.
fn battles_left(
    who: Pw,
    stormed: bool,
    battles: Vec<(crate::combat::naval_battle::Waters, Power)>,
) -> Frame {
    Frame::NavalPlan {
        who,
        orders: Vec::new(),
        stage: 2,
        stormed,
        battles,
    }
}

/// A response window: play the card, or pass it on.
fn respond(
    s: &mut State,
    key: &str,
    mut queue: Vec<Pw>,
    space: crate::data::SpaceId,
    mv: &Move,
    ev: &mut Vec<Scoped<Event>>,
) {
    let p = queue.remove(0);
    s.stack.pop();
    if let Move::PlayCard { card } = mv {
        crate::cards::discard_from_hand(s, p, *card);
        ev.push(Scoped::public(Event::ResponsePlayed {
            power: p,
            card: *card,
        }));
        match key {
            crate::cards::STORMS => {
                // The window closes: the move or assault does not take place (M8).
                mark_stormed(s);
                return;
            }
            crate::cards::GERMAN_REITERS => reiters(s, p, space, ev),
            _ => {}
        }
    }
    if !queue.is_empty() {
        s.stack.push(Frame::Respond {
            key: key.to_string(),
            queue,
            space,
        });
    }
}

fn mark_stormed(s: &mut State) {
    for f in s.stack.iter_mut().rev() {
        match f {
            Frame::LandMove(m) => {
                m.stormed = true;
                return;
            }
            Frame::AssaultPlan { stormed, .. }
            | Frame::NavalPlan { stormed, .. }
            | Frame::Transport { stormed, .. } => {
                *stormed = true;
                return;
            }
            Frame::Armada(a) if crate::armada::stormable(a) => {
                crate::armada::mark_stormed(a);
                return;
            }
            _ => {}
        }
    }
}

/// German Reiters: mercenaries from the pool join the player's side ([14] step 1,
/// [15.1] step 2; RULINGS M9).
fn reiters(s: &mut State, p: Pw, space: crate::data::SpaceId, ev: &mut Vec<Scoped<Event>>) {
    let n = crate::cards::REITERS_MERCENARIES;
    let o = crate::model::reiters_owner(p);
    crate::board::force_mut(s, space, o).troops.mercenaries += n;
    crate::board::book(s, o, n as i16, 0);
    let t = crate::model::Troops {
        mercenaries: n,
        ..Default::default()
    };
    ev.push(Scoped::public(Event::Raised {
        power: p,
        space,
        kind: UnitKind::Mercenary,
    }));
    for f in s.stack.iter_mut().rev() {
        match f {
            Frame::LandMove(m) if m.who == p => {
                match m.arrived.iter_mut().find(|(x, _)| *x == o) {
                    Some((_, a)) => a.add(&t),
                    None => m.arrived.push((o, t)),
                }
                return;
            }
            Frame::AssaultPlan { who, sel, .. } if *who == p => {
                let room = formation_limit(&sel.leaders).saturating_sub(sel.troops.total());
                // The Reiters are `o`'s counters (RULINGS N1).
                crate::owners::take(sel, o, UnitKind::Mercenary, n.min(room));
                return;
            }
            Frame::LandMove(_) | Frame::AssaultPlan { .. } => return,
            _ => {}
        }
    }
}

/// One action of the action list; returns the CP it costs now (0 when a sub-frame
/// charges it later).
fn act(s: &mut State, who: Pw, cp: u8, mv: &Move, ev: &mut Vec<Scoped<Event>>) -> u8 {
    let _ = cp;
    match mv {
        Move::EndActions => {
            s.stack.pop();
            0
        }
        Move::MoveFrom { space } => {
            s.stack.push(Frame::Formation {
                who,
                from: *space,
                purpose: Purpose::Move,
                sel: Selection::default(),
            });
            0
        }
        Move::Control { space } => {
            crate::control::control(s, who, *space, ev);
            1
        }
        Move::NavalMove => {
            s.stack.push(crate::naval::orders_frame(who));
            1
        }
        Move::Pirate { zone, target } => {
            let mut x = crate::naval::start_piracy(s, who, *zone, *target);
            crate::battle::log(&mut x.take_log(), ev);
            s.stack.push(crate::battle::at_sea(
                who,
                crate::battle::Proc::Piracy(x, *zone, *target),
            ));
            2
        }
        Move::Transport { space } => {
            s.stack.push(Frame::Formation {
                who,
                from: *space,
                purpose: Purpose::Transport,
                sel: Selection::default(),
            });
            0
        }
        Move::Assault { space } => {
            // [15.1] step 1: choose the formation (the CP is paid when it goes).
            s.stack.push(Frame::Formation {
                who,
                from: *space,
                purpose: Purpose::Assault,
                sel: Selection::default(),
            });
            0
        }
        Move::RemoveUnrest { space } => {
            crate::control::remove_unrest(s, *space, ev);
            1
        }
        Move::Raise { space, kind } => {
            let cost = raise_cost_at(s, who, *space, *kind).expect("listed");
            crate::building::raise(s, who, *space, *kind, ev);
            cost
        }
        Move::Build { space, kind } => {
            let cost = build_cost_at(s, who, *space, *kind).expect("listed");
            crate::building::build(s, who, *space, *kind, ev);
            cost
        }
        Move::BuildFortress { space } => {
            crate::building::build_fortress(s, *space, ev);
            2
        }
        Move::Religion(m) => religion::act(s, who, cp, m, ev),
        Move::Espionage(m) => espionage::act(s, who, cp, m, ev),
        Move::Royals(m) => royals::act(s, who, cp, m, ev),
        Move::Patronage(m) => patronage::act(s, who, cp, m, ev),
        Move::World(m) => world::act(s, who, cp, m, ev),
        Move::Minors(m) => minors::act(s, who, cp, m, ev),
        Move::Majors(m) => majors::act(s, who, cp, m, ev),
        Move::Armada(m) => armada::act(s, who, cp, m, ev),
        m => unreachable!("not an action: {m:?}"),
    }
}

/// After an impulse: the next power in impulse order, or the end of the phase when all
/// six passed in a row ([11]).
fn end_impulse(s: &mut State, who: Pw, passes: u8) {
    if passes >= 6 {
        s.stack.pop();
    } else {
        next_in(
            s,
            Frame::Impulse {
                who: (who + 1) % 6,
                passes,
            },
        );
    }
}

/// Replace the top frame by the same frame for the next power, or pop after the last.
fn advance_power(s: &mut State, who: Pw, f: impl Fn(Pw) -> Frame) {
    if who < 5 {
        next_in(s, f(who + 1));
    } else {
        s.stack.pop();
    }
}

fn end_game(s: &mut State, w: (Vec<Pw>, String), ev: &mut Vec<Scoped<Event>>) {
    ev.push(Scoped::public(Event::Victory {
        powers: w.0.clone(),
        kind: w.1.clone(),
    }));
    s.winners = Some(w);
    s.stack.clear();
}

pub fn auto(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    // An inactive activated major decides by a fixed rule (RULINGS P4).
    if let Some(f) = s.stack.last()
        && let Some(p) = decider(s, f)
        && minors::inactive(s, p)
    {
        let f = f.clone();
        let mv = minors::activated::choice(s, &f, p, &choices(s, &f, 0));
        resolve(s, 0, &mv, ev);
        return;
    }
    let top = s.stack.pop().expect("a frame");
    match top {
        Frame::Turn => {
            ev.push(Scoped::public(Event::TurnBegins { turn: s.turn }));
            s.piracy.clear();
            s.in_effect.clear();
            // [7]: the eight phases (marriage [21] and patronage [22] are carried out
            // by the `royals` and `patronage` hooks after their steps).
            for st in [
                Step::Victory,
                Step::Patronage,
                Step::Marriage,
                Step::Winter,
                Step::Action,
                Step::Spring,
                Step::War,
                Step::Ransom,
                Step::Negotiation,
                Step::CardDraw,
            ] {
                // The subsystems act when the step is over (none after the victory
                // determination, which ends the turn).
                if st != Step::Victory {
                    s.stack.push(Frame::Hook {
                        at: Moment::After(st),
                        next: 0,
                    });
                }
                s.stack.push(Frame::Step(st));
            }
            s.stack.push(Frame::Hook {
                at: Moment::TurnBegins,
                next: 0,
            });
        }
        Frame::Hook { at, next } => {
            if next + 1 < crate::subsystems::COUNT {
                s.stack.push(Frame::Hook { at, next: next + 1 });
            }
            crate::subsystems::at(next, s, at, ev);
        }
        Frame::Religion(f) => religion::auto(s, f, ev),
        Frame::Espionage(f) => espionage::auto(s, f, ev),
        Frame::Royals(f) => royals::auto(s, f, ev),
        Frame::Patronage(f) => patronage::auto(s, f, ev),
        Frame::World(f) => world::auto(s, f, ev),
        Frame::Minors(f) => minors::auto(s, f, ev),
        Frame::Majors(f) => majors::auto(s, f, ev),
        Frame::Armada(f) => armada::auto(s, f, ev),
        Frame::Step(Step::CardDraw) => crate::deal::card_draw(s, ev),
        Frame::Step(Step::Negotiation) => {
            s.draft.clear();
            s.announcements.clear();
            s.announced.clear();
            s.gifts.clear();
            s.mercs_given.clear();
            s.no_dow.clear();
            s.stack.push(Frame::Negotiate { who: 0 });
        }
        Frame::Step(Step::Ransom) => {
            for p in (0..6u8).rev() {
                if !dip::captured(s, p).is_empty() {
                    s.stack.push(Frame::Ransom { who: p });
                }
            }
        }
        Frame::Step(Step::War) => {
            // the HRE's hired mercenaries are lost at the end of the diplomacy phase [9.1]
            s.ps_mut(HRE).for_hire = 0;
            s.stack.push(Frame::DeclareWar {
                who: 0,
                declared: vec![],
            });
        }
        Frame::Step(Step::Spring) => {
            s.fresh.clear();
            for p in (0..6u8).rev() {
                s.stack.push(Frame::SpringOf { who: p });
            }
        }
        Frame::SpringOf { who } => {
            // Pushed in reverse: the steps of [10] run 3, 4, 5, 6.
            s.stack.push(Frame::Deploy { who });
            let homes = s.ps(who).hand.iter().filter(|&&c| is_home(c)).count();
            let suleiman = major(who) == Power::Ottoman && s.ps(who).ruler == "suleiman";
            // [10] step 5: an activated major keeps none (`minors::activated`).
            if homes > 1 && !suleiman && !minors::activated::is_activated(s, who) {
                s.stack.push(Frame::ChooseHome { who });
            }
            if !crate::admirals::place_sites(s, who).is_empty() {
                for admiral in crate::admirals::waiting(s, who).into_iter().rev() {
                    s.stack.push(Frame::PlaceAdmiral { who, admiral });
                }
            }
            if !leader_sites(s, who).is_empty() {
                let waiting: Vec<u8> = s
                    .leaders
                    .iter()
                    .filter(|l| l.owner == who && l.at == Loc::Card)
                    .map(|l| l.idx)
                    .collect();
                for leader in waiting.into_iter().rev() {
                    s.stack.push(Frame::PlaceLeader { who, leader });
                }
            }
            // [10] step 3, [23.5]: the first turn of the scenario, and only with six
            // players (errata #208, #215; RULINGS P1).
            if who == HRE && s.turn == minors::first_turn(s) && s.n() == 6 {
                s.stack.push(Frame::Preference);
            }
            // [10] step 2: England's captains as naval leaders (`armada`, `admirals`).
            if let Some(f) = armada::captains_frame(s, who) {
                s.stack.push(f);
            }
            // [10] step 1: Spain's Silver Fleet escorts (`world::escorts`).
            if let Some(f) = crate::world::escorts::spring_frame(s, who) {
                s.stack.push(f);
            }
        }
        Frame::Step(Step::Action) => {
            if let Some(w) = crate::victory::automatic(s) {
                end_game(s, w, ev);
                return;
            }
            s.stack.push(Frame::Impulse { who: 0, passes: 0 });
        }
        Frame::Impulse { who, passes } => {
            // No cards: the pass is mandatory.
            s.stack.push(Frame::Impulse { who, passes });
            ev.push(Scoped::public(Event::Passed { power: who }));
            end_impulse(s, who, passes + 1);
        }
        Frame::Actions { .. } => {}
        Frame::LandMove(m) => crate::land::step(s, m, ev),
        Frame::Combat(c) => {
            crate::battle::auto(s, c, ev);
            if let Some(w) = crate::victory::automatic(s) {
                end_game(s, w, ev);
            }
        }
        Frame::AssaultPlan {
            who,
            space,
            sel,
            stage,
            stormed,
        } => match stage {
            0 => {
                s.stack.push(Frame::AssaultPlan {
                    who,
                    space,
                    sel,
                    stage: 1,
                    stormed,
                });
                // [15.1] step 2: the other powers may play Storms.
                let q = crate::cards::window(s, (0..6u8).filter(|&q| q != who));
                if !q.is_empty() {
                    s.stack.push(Frame::Respond {
                        key: crate::cards::STORMS.into(),
                        queue: q,
                        space,
                    });
                }
            }
            1 => {
                s.stack.push(Frame::AssaultPlan {
                    who,
                    space,
                    sel,
                    stage: 2,
                    stormed,
                });
                // ... and the attacker has a last chance for German Reiters.
                if !stormed && !s.ps(who).hand.is_empty() {
                    s.stack.push(Frame::Respond {
                        key: crate::cards::GERMAN_REITERS.into(),
                        queue: vec![who],
                        space,
                    });
                }
            }
            _ => {
                if stormed {
                    ev.push(Scoped::public(Event::CombatNote {
                        text: format!(
                            "Storms: the assault on {} does not take place",
                            data().space(space).name
                        ),
                    }));
                } else {
                    let c = crate::battle::assault(s, who, space, &sel, ev);
                    s.stack.push(Frame::Combat(Box::new(c)));
                }
                s.memo.assaulted.push(space);
            }
        },
        Frame::NavalPlan {
            who,
            orders,
            stage,
            stormed,
            mut battles,
        } => match stage {
            0 => {
                let empty = orders.is_empty();
                s.stack.push(Frame::NavalPlan {
                    who,
                    orders,
                    stage: 1,
                    stormed,
                    battles,
                });
                // [16.1] step 3: the other powers may play Storms (before the ships
                // move, so that a stopped move leaves them where they were; C6, M8).
                let q = crate::cards::window(s, (0..6u8).filter(|&q| q != who));
                if !empty && !q.is_empty() {
                    s.stack.push(Frame::Respond {
                        key: crate::cards::STORMS.into(),
                        queue: q,
                        space: crate::model::NO_SPACE,
                    });
                }
            }
            1 => {
                if stormed {
                    ev.push(Scoped::public(Event::CombatNote {
                        text: "Storms: the naval move does not take place".into(),
                    }));
                    return;
                }
                if orders.is_empty() {
                    return;
                }
                let (board, entered) = crate::naval::execute(s, who, &orders);
                ev.push(Scoped::public(Event::CombatNote {
                    text: format!("{} ships sail", orders.len()),
                }));
                let mut m = crate::naval::start_move(s, who, board, entered);
                crate::battle::log(&mut m.take_log(), ev);
                s.stack.push(battles_left(who, stormed, battles));
                s.stack.push(crate::battle::at_sea(
                    who,
                    crate::battle::Proc::NavalMove(m),
                ));
            }
            _ => {
                while !battles.is_empty() {
                    let (w, foe) = battles.remove(0);
                    if let Some(mut b) = crate::naval::start_battle(s, who, w, foe) {
                        crate::battle::log(&mut b.take_log(), ev);
                        s.stack.push(battles_left(who, stormed, battles));
                        s.stack.push(crate::battle::at_sea(
                            who,
                            crate::battle::Proc::NavalBattle(b, w),
                        ));
                        return;
                    }
                }
            }
        },
        Frame::Transport { .. } => {
            ev.push(Scoped::public(Event::CombatNote {
                text: "Storms: the naval transport does not take place".into(),
            }));
        }
        Frame::Step(Step::Winter) => {
            crate::naval::winter_return(s, ev);
            crate::winter::return_units(s, ev);
            // Every besieger went home: the sieges end ([20.4]).
            for i in 0..s.spaces.len() {
                if s.spaces[i].siege.take().is_some() {
                    ev.push(Scoped::public(Event::SiegeLifted {
                        space: crate::data::SpaceId(i as u16),
                    }));
                }
            }
            s.memo = Default::default();
            s.alliances.clear();
            ev.push(Scoped::public(Event::AlliancesEnd));
            crate::winter::replacements(s, ev);
            s.evented.clear();
            s.stack.push(Frame::HreReplacement);
        }
        Frame::Step(Step::Marriage | Step::Patronage) => {}
        Frame::Step(Step::Victory) => {
            if !crate::victory::determination(s, ev) {
                s.turn += 1;
                s.stack.push(Frame::Turn);
            } else {
                s.stack.clear();
            }
        }
        f => unreachable!("frame {f:?} has deciders"),
    }
}

/// Why a move that is not listed is refused, when the reason is a procedure that is not
/// implemented yet (card events, combat): an UNSUPPORTED error naming it.
pub fn unsupported(s: &State, mv: &Move) -> Option<signoria_engine::RuleError> {
    let top = s.stack.last()?;
    let msg = match (top, mv) {
        (Frame::Impulse { who, .. }, Move::PlayEvent { card })
            if s.ps(*who).hand.contains(card) && crate::events::def_of(*card).is_none() =>
        {
            format!(
                "the event of {} is not implemented: the card is played for CP only (data/README.md)",
                data().card(*card).map_or("this card", |c| c.title.as_str())
            )
        }
        _ => crate::diplomacy::unsupported(s, mv)
            .or_else(|| crate::subsystems::unsupported(s, mv))?,
    };
    Some(signoria_engine::RuleError::unsupported(msg))
}
