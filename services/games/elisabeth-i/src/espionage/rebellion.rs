//! The English Catholic rebellion ([19.4]): Spain, once per turn with 3-5 CP (sharing the
//! "Assassination Used" marker of [19.3]); Spain's dice against England's; a margin of
//! `rebellion_at_margin` gives "6 Catholic conversions, then a 4-CP rebellion in
//! England", a margin of 4 the Catholic rebellion victory ([25.1]). Mary Stuart adds
//! dice ([23.3]); after a failed rebellion England may execute her (RULINGS I2).

use serde::{Deserialize, Serialize};
use signoria_engine::Scoped;

use super::Event;
use super::agents::{ENGLAND, SPAIN, spies_on};
use super::intelligence::hits;
use crate::board::{book, controller_pw, land_neighbours};
use crate::building::{land_in_play, land_pool};
use crate::combat::Dice;
use crate::data::{PoolOwner, Power, ReligiousZone, SpaceId, data};
use crate::model::{self, Loc, Pw, State};
use crate::religion::conversion::{self, Variant};
use crate::religion::faith::{Faith, faith, units_of_faith};
use crate::royals::Mary;

/// [19.4] step 1: the Catholic conversion attempts of the result.
pub const CONVERSIONS: u8 = 6;
/// [19.4] step 3: the dice against the Protestant units in the target.
pub const STEP3_DICE: u8 = 5;
/// [19.4] step 5: at most four spaces change control (the target counted).
pub const MAX_SPACES: u8 = 4;
/// [19.4] step 6: Spanish regulars placed in the target.
pub const REGULARS: u8 = 2;

/// A rebellion waiting for Spain's decisions (`Frame::Rebellion`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rising {
    /// The target chosen (None: step 2 still to decide).
    pub target: Option<SpaceId>,
    /// Spaces changed to Spanish control in step 5 so far (the target counted).
    pub flipped: u8,
}

/// Whether Spain may take the action now: from turn 3, once per turn, not after an
/// assassination this turn ([19.4]).
pub fn may(s: &State, who: Pw) -> bool {
    who == SPAIN && s.turn >= super::FIRST_TURN && super::assassination::may(s, who)
}

/// Spain's extra dice from Mary Stuart ([23.3]; the numbers are reconstructed): in
/// Scotland, captured by England (or after Elizabeth's death this turn, [23.3]); none
/// once she is dead.
pub fn mary_dice(s: &State) -> u8 {
    let t = &data().tables.spy.english_catholic_rebellion;
    match crate::royals::mary(s) {
        Mary::Dead | Mary::Executed => 0,
        _ if s.royals.elizabeth_died == Some(s.turn) => t.mary_captured_bonus_dice,
        Mary::Captured => t.mary_captured_bonus_dice,
        Mary::Scotland if s.turn >= 2 => t.mary_in_scotland_bonus_dice,
        Mary::Scotland => 0,
    }
}

/// [19.4]: roll the dice and carry out the result; pushes the frames of the decisions
/// (the conversions above the target choice).
pub fn attempt(s: &mut State, cp: u8, dice: &mut impl Dice, ev: &mut Vec<Scoped<model::Event>>) {
    let t = &data().tables.spy.english_catholic_rebellion;
    let agent = if spies_on(s, SPAIN, ENGLAND) {
        data().tables.spy.agent_bonus_die
    } else {
        0
    };
    let n = t.dice_by_cp[&cp.to_string()] + agent + mary_dice(s);
    let a: Vec<u8> = (0..n).map(|_| dice.d6()).collect();
    let d: Vec<u8> = (0..t.defender_dice).map(|_| dice.d6()).collect();
    let margin = hits(&a).saturating_sub(hits(&d));
    s.espionage.assassinated.push(SPAIN);
    let rises = margin >= t.rebellion_at_margin;
    ev.push(Scoped::public(model::Event::Espionage(
        Event::CatholicRebellion {
            cp,
            attack: a,
            defence: d,
            rises,
        },
    )));
    // [25.1]: 4 hits more than England: the Catholic rebellion victory.
    if margin >= t.victory_at_margin {
        s.espionage.catholic_victory = true;
        return;
    }
    if !rises {
        super::execution::offer(s);
        return;
    }
    s.stack
        .push(model::Frame::Espionage(super::Frame::Rebellion(Rising {
            target: None,
            flipped: 0,
        })));
    // Step 1: six Catholic conversions in England ([18.5]), decided before the target.
    if conversion::may_begin(s, ReligiousZone::England, Faith::Catholic) {
        let dice = conversion::roll(s, CONVERSIONS, Variant::default());
        conversion::begin(
            s,
            SPAIN,
            Faith::Catholic,
            ReligiousZone::England,
            &dice,
            Variant::default(),
            ev,
        );
    }
}

/// Step 2: the legal targets (in England, English control, Catholic, not besieged, no
/// unrest).
pub fn targets(s: &State) -> Vec<SpaceId> {
    data()
        .zone_spaces(ReligiousZone::England)
        .filter(|&x| {
            controller_pw(s, x) == Some(ENGLAND)
                && faith(s, x) == Faith::Catholic
                && s.sp(x).siege.is_none()
                && !s.sp(x).unrest
        })
        .collect()
}

/// Step 5: adjacent spaces that may also change to Spanish control (Catholic, without
/// Protestant units; in England under English control, RULINGS I1).
pub fn extra_spaces(s: &State, r: &Rising) -> Vec<SpaceId> {
    let Some(x) = r.target else {
        return Vec::new();
    };
    if r.flipped >= MAX_SPACES {
        return Vec::new();
    }
    let mut v: Vec<SpaceId> = land_neighbours(x)
        .map(|(y, _)| y)
        .filter(|&y| {
            data().space(y).zone == Some(ReligiousZone::England)
                && controller_pw(s, y) == Some(ENGLAND)
                && faith(s, y) == Faith::Catholic
                && !units_of_faith(s, y, Faith::Protestant)
                && s.sp(y).siege.is_none()
        })
        .collect();
    v.sort();
    v.dedup();
    v
}

pub fn choices(s: &State, r: &Rising) -> Vec<model::Move> {
    let m = model::Move::Espionage;
    let mut v = vec![m(super::Move::RebellionDone)];
    match r.target {
        None => v.extend(
            targets(s)
                .into_iter()
                .map(|space| m(super::Move::RebellionTarget { space })),
        ),
        Some(_) => v.extend(
            extra_spaces(s, r)
                .into_iter()
                .map(|space| m(super::Move::RebellionExtend { space })),
        ),
    }
    v
}

pub fn prompt(r: &Rising) -> String {
    match r.target {
        None => "Spain: choose the target of the English Catholic rebellion (or end it)".into(),
        Some(_) => format!(
            "Spain: take control of an adjacent Catholic space ({} of {MAX_SPACES} taken)",
            r.flipped
        ),
    }
}

/// Displace every leader and every land unit of a space but `keep`'s ([12.5]).
fn clear(s: &mut State, x: SpaceId, keep: Option<Pw>, ev: &mut Vec<Scoped<model::Event>>) {
    let leaders: Vec<u8> = s
        .leaders
        .iter()
        .filter(|l| l.at == Loc::Space(x) && Some(l.owner) != keep)
        .map(|l| l.idx)
        .collect();
    for l in leaders {
        crate::battle::displace_leader(s, l, x);
    }
    crate::religion::rebellion::displace_units(s, x, |o| model::pw(o.power()) == keep, ev);
}

pub fn resolve(
    s: &mut State,
    mut r: Rising,
    mv: &super::Move,
    dice: &mut impl Dice,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    s.stack.pop();
    match (r.target, mv) {
        (None, super::Move::RebellionTarget { space }) => {
            let x = *space;
            // Step 3: Protestant units under English control are fought with 5 dice.
            let england = PoolOwner::of(Power::England, None);
            let mut rolled = Vec::new();
            let (a, b) = crate::religion::rebellion::units_of(s, x, england, Faith::Protestant);
            if a + b > 0 {
                rolled = (0..STEP3_DICE).map(|_| dice.d6()).collect();
                crate::religion::rebellion::eliminate(
                    s,
                    x,
                    england,
                    Faith::Protestant,
                    hits(&rolled),
                );
            }
            let (a, b) = crate::religion::rebellion::units_of(s, x, england, Faith::Protestant);
            let success = a + b == 0;
            ev.push(Scoped::public(model::Event::Espionage(
                Event::RebellionTarget {
                    space: x,
                    dice: rolled,
                    success,
                },
            )));
            if !success {
                super::execution::offer(s);
                return;
            }
            // Step 4: every other unit and leader in the target is displaced.
            clear(s, x, None, ev);
            // Step 5: the target to Spanish control.
            crate::control::control(s, SPAIN, x, ev);
            r.target = Some(x);
            r.flipped = 1;
        }
        (Some(_), super::Move::RebellionExtend { space }) => {
            let y = *space;
            clear(s, y, Some(SPAIN), ev);
            crate::control::control(s, SPAIN, y, ev);
            r.flipped += 1;
        }
        (Some(x), super::Move::RebellionDone) => {
            finish(s, x, ev);
            return;
        }
        (None, super::Move::RebellionDone) => {
            // No target (or Spain ends it): the rebellion fails.
            super::execution::offer(s);
            return;
        }
        (t, m) => unreachable!("{m:?} in the English Catholic rebellion (target {t:?})"),
    }
    if extra_spaces(s, &r).is_empty() {
        finish(s, r.target.expect("a target"), ev);
    } else {
        s.stack
            .push(model::Frame::Espionage(super::Frame::Rebellion(r)));
    }
}

/// Steps 6 and 7: two Spanish regulars as the pool allows, war between Spain and England.
fn finish(s: &mut State, x: SpaceId, ev: &mut Vec<Scoped<model::Event>>) {
    let owner = PoolOwner::of(Power::Spain, None);
    let room = land_pool(owner).saturating_sub(land_in_play(s, owner));
    let n = (REGULARS as u32).min(room) as u8;
    if n > 0 {
        crate::board::force_mut(s, x, owner).troops.regulars += n;
        book(s, owner, n as i16, 0);
    }
    crate::religion::rebellion::declare_war(s, SPAIN, ENGLAND, ev);
}

/// [25.1]: the Catholic rebellion victory (Spain alone).
pub fn automatic(s: &State) -> Option<(Vec<Pw>, String)> {
    s.espionage
        .catholic_victory
        .then(|| (vec![SPAIN], "Catholic rebellion victory".to_string()))
}
