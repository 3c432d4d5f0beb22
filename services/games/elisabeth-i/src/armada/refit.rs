//! Building the Armada, upgrading it and the land units aboard ([23.2]).

use signoria_engine::Scoped;

use super::{Event, Frame, Move, SPAIN};
use crate::board::{book, controller_pw, enemy_land, force_mut, tidy};
use crate::building::{land_in_play, land_pool, raise_cost};
use crate::combat::naval_battle::Waters;
use crate::data::{PoolOwner, Power, SpaceId, data};
use crate::events::{EventDef, Lasts, When};
use crate::model::{self, Pw, UnitKind};

/// CP per level, the levels ([23.2]: "Je 3 BP rüsten die Armada um eine Stufe auf", 2 a
/// level, at most 8).
pub const UPGRADE_CP: u8 = 3;
pub const LEVEL: u8 = 2;
pub const MAX: u8 = 8;

/// The Spanish pool the units aboard come from.
pub fn owner() -> PoolOwner {
    PoolOwner::of(Power::Spain, None)
}

/// Seville, Corunna, Lisbon: where the Armada is built and upgraded ([23.2]).
pub fn yards() -> Vec<SpaceId> {
    let d = data();
    ["seville", "corunna", "lisbon"]
        .iter()
        .filter_map(|k| d.space_id(k))
        .collect()
}

fn spanish_port(s: &model::State, x: SpaceId) -> bool {
    controller_pw(s, x) == Some(SPAIN) && !s.sp(x).unrest
}

/// The ports the Armada may be built in now: a yard under Spanish control and free of
/// unrest ([23.2]), while it is off the map and its counter is not on the turn track (lost
/// this turn: RULINGS A1).
pub fn build_sites(s: &model::State) -> Vec<SpaceId> {
    let a = &s.armada;
    if a.at.is_some() || a.lost_turn == Some(s.turn) {
        return Vec::new();
    }
    yards()
        .into_iter()
        .filter(|&x| spanish_port(s, x))
        .collect()
}

/// The port the Armada lies in.
pub fn port(s: &model::State) -> Option<SpaceId> {
    match s.armada.at {
        Some(Waters::Port(x)) => Some(x),
        _ => None,
    }
}

pub fn may_upgrade(s: &model::State) -> bool {
    port(s).is_some_and(|x| yards().contains(&x) && spanish_port(s, x)) && s.armada.strength < MAX
}

fn room(s: &model::State) -> bool {
    s.armada.aboard.total() < s.armada.strength
}

/// Raising onto the Armada: a regular or mercenary, in a Spanish home port or Lisbon under
/// Spanish control, free of unrest and enemy units, within its capacity and the counter mix.
fn may_raise(s: &model::State, kind: UnitKind) -> bool {
    let Some(x) = port(s) else { return false };
    let lisbon = data().space_id("lisbon") == Some(x);
    matches!(kind, UnitKind::Regular | UnitKind::Mercenary)
        && (data().space(x).is_home_of(Power::Spain) || lisbon)
        && spanish_port(s, x)
        && !enemy_land(s, SPAIN, x)
        && room(s)
        && land_in_play(s, owner()) < land_pool(owner())
}

/// What `cp` CP may buy for the Armada now (`raise`: raising units onto it too).
pub fn spend_choices(s: &model::State, cp: u8, raise: bool) -> Vec<Move> {
    let mut v = Vec::new();
    if cp >= UPGRADE_CP && may_upgrade(s) {
        v.push(Move::Upgrade);
    }
    if raise {
        for kind in [UnitKind::Regular, UnitKind::Mercenary] {
            if raise_cost(SPAIN, kind).is_some_and(|c| c <= cp) && may_raise(s, kind) {
                v.push(Move::Raise { kind });
            }
        }
    }
    v
}

/// Units moving freely between the Armada and its port ([23.2]): Spanish units of the
/// port's space (those beaten this impulse too, digest §8.7 #72), within its capacity; off
/// it into a Spanish-controlled port free of enemy units and not besieged.
pub fn transfers(s: &model::State) -> Vec<Move> {
    let Some(x) = port(s) else {
        return Vec::new();
    };
    let sp = s.sp(x);
    if sp.siege.is_some() || enemy_land(s, SPAIN, x) {
        return Vec::new();
    }
    let mut v = Vec::new();
    let here = sp.forces.iter().find(|f| f.owner == owner());
    for kind in [UnitKind::Regular, UnitKind::Mercenary, UnitKind::Cavalry] {
        if room(s) && here.is_some_and(|f| f.troops.get(kind) > 0) {
            v.push(Move::Board { kind });
        }
        if controller_pw(s, x) == Some(SPAIN) && s.armada.aboard.get(kind) > 0 {
            v.push(Move::Land { kind });
        }
    }
    v
}

fn aboard_changed(s: &model::State, ev: &mut Vec<Scoped<model::Event>>) {
    ev.push(Scoped::public(model::Event::Armada(Event::Aboard {
        aboard: s.armada.aboard,
    })));
}

/// Carry out a listed move; returns its CP.
pub fn carry_out(s: &mut model::State, m: &Move, ev: &mut Vec<Scoped<model::Event>>) -> u8 {
    match *m {
        Move::Build { port } => {
            build(s, port, ev);
            0
        }
        Move::Upgrade => {
            s.armada.strength += LEVEL;
            ev.push(Scoped::public(model::Event::Armada(Event::Strength {
                strength: s.armada.strength,
            })));
            UPGRADE_CP
        }
        Move::Raise { kind } => {
            *s.armada.aboard.get_mut(kind) += 1;
            book(s, owner(), 1, 0);
            aboard_changed(s, ev);
            raise_cost(SPAIN, kind).expect("listed")
        }
        Move::Board { kind } => {
            let x = port(s).expect("listed");
            *force_mut(s, x, owner()).troops.get_mut(kind) -= 1;
            tidy(s, x);
            *s.armada.aboard.get_mut(kind) += 1;
            aboard_changed(s, ev);
            0
        }
        Move::Land { kind } => {
            let x = port(s).expect("listed");
            *s.armada.aboard.get_mut(kind) -= 1;
            *force_mut(s, x, owner()).troops.get_mut(kind) += 1;
            aboard_changed(s, ev);
            0
        }
        _ => unreachable!("{m:?} is carried out by `ferry`"),
    }
}

/// The Armada enters play at strength 2 in `port` (RULINGS A1).
pub fn build(s: &mut model::State, port: SpaceId, ev: &mut Vec<Scoped<model::Event>>) {
    let at = Waters::Port(port);
    s.armada.at = Some(at);
    s.armada.strength = LEVEL;
    ev.push(Scoped::public(model::Event::Armada(Event::Built { at })));
}

fn card_cp(key: &str) -> u8 {
    data().card_by_key(key).map_or(0, |c| c.cp)
}

/// Home card *Spanische Armada* ([23.2]; RULINGS A1, A2): builds the Armada when it is off
/// the map, then its CP go to the Armada (upgrades, units raised onto it).
pub const SPANISH_ARMADA: EventDef = EventDef {
    key: "spanish_armada",
    when: When::Impulse,
    lasts: Lasts::Now,
    playable: |s: &model::State, who: Pw| {
        who == SPAIN
            && (!build_sites(s).is_empty()
                || (s.armada.at.is_some()
                    && !spend_choices(s, card_cp("spanish_armada"), true).is_empty()))
    },
    play: |s: &mut model::State, _who: Pw, _ev: &mut Vec<Scoped<model::Event>>| {
        s.stack.push(model::Frame::Armada(Frame::Spend {
            cp: card_cp("spanish_armada"),
            raise: true,
        }));
        if !build_sites(s).is_empty() {
            s.stack.push(model::Frame::Armada(Frame::Build));
        }
    },
};

/// *Armada Ablass* ([23.2]; RULINGS A2): its CP upgrade the Armada; Spain's only, while an
/// upgrade is possible.
pub const ARMADA_INDULGENCE: EventDef = EventDef {
    key: "armada_indulgence",
    when: When::Impulse,
    lasts: Lasts::Now,
    playable: |s: &model::State, who: Pw| who == SPAIN && may_upgrade(s),
    play: |s: &mut model::State, _who: Pw, _ev: &mut Vec<Scoped<model::Event>>| {
        s.stack.push(model::Frame::Armada(Frame::Spend {
            cp: card_cp("armada_indulgence"),
            raise: false,
        }));
    },
};
