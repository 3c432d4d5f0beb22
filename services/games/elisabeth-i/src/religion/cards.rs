//! The religious card events whose effect the seed gives (digest §10.1): only
//! *Hugenottisches Fasten* has a known number of attempts and zone (the worked example of
//! [18.5]: 8 Protestant attempts in France, the first die a 6). The other conversion
//! events the seed names (*Calvinistischer Missionseifer*, *Niederländisches
//! Glaubensbekenntnis*, *Bildersturm*, *Blutrat*, *Verzeichnis der verbotenen Bücher*,
//! *Catechismus Romanus*, *Englische Rekusanten*) give their dice variants
//! ([`super::conversion::Variant`]) but not their zones and numbers of attempts: their
//! cards are played for CP only until their text is set (data/README.md).

use signoria_engine::Scoped;

use super::conversion::{Variant, begin, may_begin, roll};
use super::faith::Faith;
use crate::data::ReligiousZone;
use crate::events::{EventDef, Lasts, When};
use crate::model::{Event, Pw, State};

/// *Hugenottisches Fasten*: 8 Protestant conversion attempts in France, the first die a
/// 6 ([18.5] step 1 and its example). Any power holding it may play it ([18.1]: any power
/// converts by events; RULINGS G7) while core presence leaves a space to change.
pub const HUGUENOT_FAST: EventDef = EventDef {
    key: "huguenot_fast",
    when: When::Impulse,
    lasts: Lasts::Now,
    playable: huguenot_fast_ok,
    play: huguenot_fast,
};

pub const HUGUENOT_FAST_ATTEMPTS: u8 = 8;

fn huguenot_fast_ok(s: &State, _who: Pw) -> bool {
    may_begin(s, ReligiousZone::France, Faith::Protestant)
}

fn huguenot_fast(s: &mut State, who: Pw, ev: &mut Vec<Scoped<Event>>) {
    let v = Variant {
        first_six: true,
        ..Default::default()
    };
    let dice = roll(s, HUGUENOT_FAST_ATTEMPTS, v);
    begin(
        s,
        who,
        Faith::Protestant,
        ReligiousZone::France,
        &dice,
        v,
        ev,
    );
}
