//! France [23.4] beyond the Paris VP (`victory`): the Duke of Guise bound to the French
//! religious zone [20.10]; *Heinrich III.* makes Henry III France's ruler.

use signoria_engine::Scoped;

use crate::board::leader_pos;
use crate::data::{ReligiousZone, SpaceId, data};
use crate::events::{EventDef, Lasts, When, always};
use crate::model::{self, Loc, Pw, State};

pub const FRANCE: Pw = 3;

/// The Duke of Guise's leader index.
pub fn guise() -> Option<u8> {
    data()
        .army_leaders
        .iter()
        .position(|l| l.id == "duke_of_guise")
        .map(|i| i as u8)
}

/// The French religious zone with Metz ([20.10]: "Metz zählt zum französischen
/// religiösen Streitgebiet").
pub fn in_french_zone(x: SpaceId) -> bool {
    let d = data().space(x);
    d.zone == Some(ReligiousZone::France) || d.key == "metz"
}

/// [20.10]: a group with the Duke of Guise may not move, intercept, retreat or avoid
/// battle into a space outside the French zone (every destination of `movement`).
pub fn may_enter(leaders: &[u8], to: SpaceId) -> bool {
    in_french_zone(to) || !guise().is_some_and(|g| leaders.contains(&g))
}

/// [20.10]: where the winter return would take a leader ([20.4]); the Duke of Guise is
/// eliminated instead of leaving the French zone.
pub fn winter_leader(s: &mut State, idx: u8, to: Loc, ev: &mut Vec<Scoped<model::Event>>) {
    let outside = match to {
        Loc::Space(x) => !in_french_zone(x),
        _ => true,
    };
    if guise() == Some(idx) && outside {
        crate::royals::wedding::leader_dies(s, idx, ev);
        return;
    }
    let i = leader_pos(s, idx);
    s.leaders[i].at = to;
}

/// *Heinrich III.* (mandatory): Henry III becomes France's ruler ([23.4], [3.3]),
/// whoever plays it.
pub const HENRY_III: EventDef = EventDef {
    key: "henry_iii",
    when: When::Impulse,
    lasts: Lasts::Now,
    playable: always,
    play: |s: &mut State, _who: Pw, _ev: &mut Vec<Scoped<model::Event>>| {
        s.ps_mut(FRANCE).ruler = "henry_iii".into();
    },
};

/// [20.10]: whether the selection `after` (with the Duke of Guise) still has a
/// destination, so that no formation is left without one (always true without him).
pub fn keeps_a_way(
    s: &State,
    p: Pw,
    from: SpaceId,
    purpose: model::Purpose,
    after: &model::Selection,
    cp: u8,
) -> bool {
    !guise().is_some_and(|g| after.leaders.contains(&g))
        || !crate::movement::destinations(s, p, from, purpose, after, cp).is_empty()
}
