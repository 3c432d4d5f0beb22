//! The Ottoman Empire [23.1]: the Suez Canal, attempted with the home card *Großwesir*.

use signoria_engine::Scoped;

use super::Event;
use crate::data::data;
use crate::events::{EventDef, Lasts, When};
use crate::model::{self, Pw, State};

pub const OTTOMAN: Pw = 0;

/// Whether the canal is finished ([23.1]).
pub fn built(s: &State) -> bool {
    s.majors.suez_built
}

/// The lowest die that finishes the canal now: 6 at the first attempt, one lower after
/// each failed one (two lower with the science bonus Excavation, RULINGS K4), never
/// below 1.
pub fn target(s: &State) -> u8 {
    let t = &data().tables.suez_canal;
    let first = t
        .first_attempt_success_on
        .iter()
        .copied()
        .min()
        .unwrap_or(6);
    let step = if excavation(s) {
        t.with_excavation_lowers_by
    } else {
        t.each_failure_lowers_target_by
    };
    first
        .saturating_sub(step.saturating_mul(s.majors.suez_failures))
        .max(1)
}

fn excavation(s: &State) -> bool {
    s.patronage
        .bonuses
        .iter()
        .any(|(b, p)| b == "excavation" && *p == OTTOMAN)
}

/// One attempt with the die `die` ([23.1] "Bau"): finished at the target, else the
/// marker moves one box right.
pub fn attempt(s: &mut State, die: u8, ev: &mut Vec<Scoped<model::Event>>) {
    let target = target(s);
    let done = die >= target;
    if done {
        s.majors.suez_built = true;
    } else {
        s.majors.suez_failures += 1;
    }
    ev.push(Scoped::public(model::Event::Majors(Event::SuezAttempt {
        die,
        target,
        built: done,
    })));
}

/// [23.1] "Vorteile": 2 bonus VP once finished.
pub fn vp(s: &State, p: Pw) -> i16 {
    if p == OTTOMAN && built(s) {
        data().tables.suez_canal.bonus_vp as i16
    } else {
        0
    }
}

/// [23.1] "Vorteile": a +1 card marker to the end of the game.
pub fn card_bonus(s: &State, p: Pw) -> i8 {
    if p == OTTOMAN && built(s) {
        data().tables.suez_canal.card_marker as i8
    } else {
        0
    }
}

/// *Großwesir* (Ottoman home card) played for its Suez option ([23.1]): one attempt
/// (RULINGS K3: the card's other options are printed on it, not in the seed, and are
/// not offered); only while the canal is not finished.
pub const GRAND_VIZIER: EventDef = EventDef {
    key: "grand_vizier",
    when: When::Impulse,
    lasts: Lasts::Now,
    playable: |s: &State, who: Pw| who == OTTOMAN && !built(s),
    play: |s: &mut State, _who: Pw, ev: &mut Vec<Scoped<model::Event>>| {
        let die = s.rng.die(6) as u8;
        attempt(s, die, ev);
    },
};
