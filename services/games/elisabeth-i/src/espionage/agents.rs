//! Informants and agents ([19], [19.2]), the Jesuits ([8.2], [19.2]) and the winter reset
//! ([20.8]).

use serde::{Deserialize, Serialize};
use signoria_engine::Scoped;

use crate::data::{Power, SpaceId, data};
use crate::model::{self, Pw};

use super::Event;

pub const SPAIN: Pw = 1;
pub const ENGLAND: Pw = 2;
/// Informant markers per power from turn 3 on ([19]).
pub const INFORMANTS: u8 = 2;

/// One informant marker of a power.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Informant {
    pub owner: Pw,
    /// The power card it spies on as an agent (None: in its owner's pool).
    pub on: Option<Pw>,
    /// Turned over by gather intelligence; back in the pool at winter ([19.1], [20.8]).
    pub neutralized: bool,
}

/// [19]: at the start of turn 3 each power receives its markers.
pub fn hand_out(s: &mut model::State) {
    if s.espionage.informants.is_empty() {
        for p in 0..6 {
            for _ in 0..INFORMANTS {
                s.espionage.informants.push(Informant {
                    owner: p,
                    on: None,
                    neutralized: false,
                });
            }
        }
    }
}

/// Whether `who` has a (non-neutralized) agent spying on `target`: +1 die ([19.2],
/// RULINGS S10).
pub fn spies_on(s: &model::State, who: Pw, target: Pw) -> bool {
    s.espionage
        .informants
        .iter()
        .any(|i| i.owner == who && i.on == Some(target) && !i.neutralized)
}

/// The plant-agent choices of `who` ([19.2]): to each other power's card without one of
/// its informants (neutralized or not), from the pool or from another card.
pub fn plant_choices(s: &model::State, who: Pw) -> Vec<(Pw, Option<Pw>)> {
    let mine: Vec<&Informant> = s
        .espionage
        .informants
        .iter()
        .filter(|i| i.owner == who)
        .collect();
    let mut sources: Vec<Option<Pw>> = Vec::new();
    if mine.iter().any(|i| i.on.is_none() && !i.neutralized) {
        sources.push(None);
    }
    for i in &mine {
        if let Some(t) = i.on
            && !i.neutralized
            && !sources.contains(&Some(t))
        {
            sources.push(Some(t));
        }
    }
    let mut v = Vec::new();
    for target in (0..6).filter(|&t| t != who) {
        if mine.iter().any(|i| i.on == Some(target)) {
            continue;
        }
        for &src in &sources {
            v.push((target, src));
        }
    }
    v
}

pub fn plant(
    s: &mut model::State,
    who: Pw,
    target: Pw,
    from: Option<Pw>,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    let i = s
        .espionage
        .informants
        .iter()
        .position(|i| i.owner == who && i.on == from && !i.neutralized)
        .expect("listed source");
    s.espionage.informants[i].on = Some(target);
    ev.push(Scoped::public(model::Event::Espionage(
        Event::AgentPlanted { power: who, target },
    )));
}

/// England's spaces for a Jesuit ([19.2]: any space in England, one per space).
pub fn jesuit_spaces(s: &model::State) -> Vec<SpaceId> {
    data()
        .space_ids()
        .filter(|&x| data().space(x).home == Power::England && !s.espionage.jesuits.contains(&x))
        .collect()
}

/// Whether a Jesuit stands in the space (for the Catholic cause, [18.5], [19.4]).
pub fn jesuit_in(s: &model::State, space: SpaceId) -> bool {
    s.espionage.jesuits.contains(&space)
}

pub fn place_jesuit(s: &mut model::State, space: SpaceId, ev: &mut Vec<Scoped<model::Event>>) {
    s.espionage.jesuits_card -= 1;
    s.espionage.jesuits.push(space);
    s.espionage.jesuits.sort();
    ev.push(Scoped::public(model::Event::Espionage(
        Event::JesuitPlaced { space },
    )));
}

/// [8.2]: in the card draw Spain tops its power card up to 1 Jesuit (2 after *Englisches
/// Kolleg, Douai*, not implemented), never more than the 5 Jesuits in all.
pub fn allot_jesuits(s: &mut model::State) {
    let t = &data().tables.spanish_allotment;
    let e = &mut s.espionage;
    let room = t.jesuits_total.saturating_sub(e.jesuits.len() as u8);
    e.jesuits_card = e.jesuits_card.max(t.jesuits.min(room));
}

/// [20.8]: neutralized informants back to their pools, the assassination markers back.
pub fn winter_reset(s: &mut model::State) {
    for i in s.espionage.informants.iter_mut() {
        if i.neutralized {
            i.neutralized = false;
            i.on = None;
        }
    }
    s.espionage.assassinated.clear();
}
