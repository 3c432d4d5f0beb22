//! The Holy Roman Empire [23.5]: the secret religious preference and its reveal, the
//! capital's move to Prague with *Rudolf II.*

use signoria_engine::Scoped;

use super::Event;
use crate::data::{Power, SpaceId, data};
use crate::events::{EventDef, Lasts, When, always};
use crate::model::{self, Preference, Pw, State};
use crate::religion::score::hre_track_vp;

pub const HRE: Pw = 4;

/// The HRE's preference once revealed ([23.5]): public from then on.
pub fn revealed(s: &State) -> Option<Preference> {
    s.majors
        .hre_revealed
        .then(|| s.ps(HRE).preference)
        .flatten()
}

/// The HRE's column of the Protestant-spaces track, counted only once revealed ([23.5],
/// [25.2]).
pub fn vp(s: &State) -> i16 {
    revealed(s).map_or(0, |p| hre_track_vp(s, p))
}

/// The VP the HRE's seat reads on its secret column ([25.2]: "hält er seinen Wert
/// geheim"): Some only while recorded and not yet revealed.
pub fn secret_vp(s: &State) -> Option<i16> {
    match s.ps(HRE).preference {
        Some(p) if !s.majors.hre_revealed => Some(hre_track_vp(s, p)),
        _ => None,
    }
}

/// [23.5], [25.2] (RULINGS K1): in the victory determination the HRE must name its
/// preference when adding its column makes it a winner it is not without, or stops
/// another power's domination victory; then the column counts for the rest of the game.
pub fn reveal_due(s: &State) -> bool {
    let Some(hidden) = secret_vp(s) else {
        return false;
    };
    if !crate::minors::seated(s).contains(&HRE) {
        return false;
    }
    let now = crate::victory::all_vp(s);
    let mut with = now.clone();
    with[HRE as usize] += hidden;
    let before = crate::victory::result(s, &now);
    let after = crate::victory::result(s, &with);
    if before == after {
        return false;
    }
    let wins = after.as_ref().is_some_and(|(w, _)| w.contains(&HRE));
    let stops_domination = before
        .as_ref()
        .is_some_and(|(w, k)| k == "domination victory" && !w.contains(&HRE));
    wins || stops_domination
}

/// Reveal the preference when [`reveal_due`] (a public event naming it).
pub fn reveal_if_due(s: &mut State, ev: &mut Vec<Scoped<model::Event>>) {
    if !reveal_due(s) {
        return;
    }
    s.majors.hre_revealed = true;
    let preference = s.ps(HRE).preference.expect("recorded");
    ev.push(Scoped::public(model::Event::Majors(
        Event::PreferenceRevealed { preference },
    )));
}

/// The HRE's capitals: Vienna, Prague once *Rudolf II.* moved it ([23.5]).
pub fn capitals(s: &State) -> Vec<SpaceId> {
    let info = data().power(Power::Hre);
    match info.later_capital {
        Some(later) if s.majors.hre_in_prague => vec![later],
        _ => info.capitals.clone(),
    }
}

/// *Rudolf II.* (mandatory): Rudolf II becomes the HRE's ruler ([3.3]) and the capital
/// moves from Vienna to Prague for the rest of the game ([23.5]), whoever plays it.
pub const RUDOLF_II: EventDef = EventDef {
    key: "rudolf_ii",
    when: When::Impulse,
    lasts: Lasts::Now,
    playable: always,
    play: |s: &mut State, _who: Pw, ev: &mut Vec<Scoped<model::Event>>| {
        s.ps_mut(HRE).ruler = "rudolf_ii".into();
        s.majors.hre_in_prague = true;
        if let Some(&to) = capitals(s).first() {
            ev.push(Scoped::public(model::Event::Majors(Event::CapitalMoved {
                power: HRE,
                to,
            })));
        }
    },
};

/// Redraw the preference for a seat that is not the HRE's, while it is secret.
pub fn resample(s: &mut State, seat: signoria_engine::Seat, rng: &mut signoria_engine::GameRng) {
    if s.seat_of(HRE) != seat && s.ps(HRE).preference.is_some() && !s.majors.hre_revealed {
        s.ps_mut(HRE).preference = Some(
            [
                Preference::Protestant,
                Preference::Catholic,
                Preference::Balanced,
            ][rng.index(3)],
        );
    }
}
