//! The one place that chains the subsystem modules' hooks (religion, espionage, royals,
//! patronage, world, minors, majors, armada), in this order. The variants of the shared enums
//! (`Frame`, `Move`, `Event`) are delegated arm by arm where they are matched (`flow`,
//! `labels`, `proto`); what every module contributes to a list or a sum is chained here.

use signoria_engine::{GameRng, Scoped, Seat};

use crate::model::{Event, Moment, Move, Pw, State};
use crate::{armada, espionage, majors, minors, patronage, religion, royals, world};

/// How many subsystem modules there are (`Frame::Hook` runs them one by one).
pub const COUNT: u8 = 8;

/// Module `i`'s hook at a moment of the turn.
pub fn at(i: u8, s: &mut State, when: Moment, ev: &mut Vec<Scoped<Event>>) {
    match i {
        0 => religion::at(s, when, ev),
        1 => espionage::at(s, when, ev),
        2 => royals::at(s, when, ev),
        3 => patronage::at(s, when, ev),
        4 => world::at(s, when, ev),
        5 => minors::at(s, when, ev),
        6 => majors::at(s, when, ev),
        7 => armada::at(s, when, ev),
        _ => unreachable!("subsystem {i}"),
    }
}

/// The subsystems' CP actions for `who` with `cp` CP left ([11]).
pub fn actions(s: &State, who: Pw, cp: u8) -> Vec<Move> {
    let mut v = religion::actions(s, who, cp);
    v.extend(espionage::actions(s, who, cp));
    v.extend(royals::actions(s, who, cp));
    v.extend(patronage::actions(s, who, cp));
    v.extend(world::actions(s, who, cp));
    v.extend(minors::actions(s, who, cp));
    v.extend(majors::actions(s, who, cp));
    v.extend(armada::actions(s, who, cp));
    v
}

/// The subsystems' VP for `p` ([25.2]).
pub fn vp(s: &State, p: Pw) -> i16 {
    religion::vp(s, p)
        + espionage::vp(s, p)
        + royals::vp(s, p)
        + patronage::vp(s, p)
        + world::vp(s, p)
        + minors::vp(s, p)
        + majors::vp(s, p)
        + armada::vp(s, p)
}

/// The subsystems' change to `p`'s card draw ([6.2] step 4).
pub fn card_bonus(s: &State, p: Pw) -> i8 {
    religion::card_bonus(s, p)
        + espionage::card_bonus(s, p)
        + royals::card_bonus(s, p)
        + patronage::card_bonus(s, p)
        + world::card_bonus(s, p)
        + minors::card_bonus(s, p)
        + majors::card_bonus(s, p)
        + armada::card_bonus(s, p)
}

pub fn violations(s: &State) -> Vec<String> {
    let mut v = religion::violations(s);
    v.extend(espionage::violations(s));
    v.extend(royals::violations(s));
    v.extend(patronage::violations(s));
    v.extend(world::violations(s));
    v.extend(minors::violations(s));
    v.extend(majors::violations(s));
    v.extend(armada::violations(s));
    v
}

pub fn resample(s: &mut State, seat: Seat, rng: &mut GameRng) {
    religion::resample(s, seat, rng);
    espionage::resample(s, seat, rng);
    royals::resample(s, seat, rng);
    patronage::resample(s, seat, rng);
    world::resample(s, seat, rng);
    minors::resample(s, seat, rng);
    majors::resample(s, seat, rng);
    armada::resample(s, seat, rng);
}

pub fn unsupported(s: &State, mv: &Move) -> Option<String> {
    religion::unsupported(s, mv)
        .or_else(|| espionage::unsupported(s, mv))
        .or_else(|| royals::unsupported(s, mv))
        .or_else(|| patronage::unsupported(s, mv))
        .or_else(|| world::unsupported(s, mv))
        .or_else(|| minors::unsupported(s, mv))
        .or_else(|| majors::unsupported(s, mv))
        .or_else(|| armada::unsupported(s, mv))
}

/// The subsystems' frame kinds a seat decides on.
pub fn decision_kinds() -> Vec<&'static str> {
    [
        religion::DECISION_KINDS,
        espionage::DECISION_KINDS,
        royals::DECISION_KINDS,
        patronage::DECISION_KINDS,
        world::DECISION_KINDS,
        minors::DECISION_KINDS,
        majors::DECISION_KINDS,
        armada::DECISION_KINDS,
    ]
    .concat()
}

/// The subsystems' automatic frame kinds.
pub fn automatic_kinds() -> Vec<&'static str> {
    [
        religion::AUTOMATIC_KINDS,
        espionage::AUTOMATIC_KINDS,
        royals::AUTOMATIC_KINDS,
        patronage::AUTOMATIC_KINDS,
        world::AUTOMATIC_KINDS,
        minors::AUTOMATIC_KINDS,
        majors::AUTOMATIC_KINDS,
        armada::AUTOMATIC_KINDS,
    ]
    .concat()
}
