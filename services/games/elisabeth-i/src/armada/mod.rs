//! The Spanish Armada [23.2], [5.4]: Spain's special naval unit, brought into play by the
//! home card *Spanische Armada*, upgraded with *Armada Ablass* or any CP, carrying land
//! units, sailing and fighting with Spain's ships (rulings `A<n>`).
//!
//! A subsystem module (crate README, "How to add a subsystem or a card event"): its
//! decisions ([`Frame`]), choices ([`Move`]), events ([`Event`]), state ([`State`],
//! `model::State.armada`) and view. Building, upgrading and the units aboard are in
//! [`refit`]; what the Armada does among the ships of the Europe map (naval moves, battles,
//! piracy, blockades, winter, ports changing hands) is in [`at_sea`], called by `naval`.

use serde::{Deserialize, Serialize};
use signoria_engine::{GameRng, Scoped, Seat, Viewer};

pub mod at_sea;
pub mod refit;

use crate::combat::naval_battle::Waters;
use crate::data::SpaceId;
use crate::events::EventDef;
use crate::model::{self, Moment, Pw, Troops, UnitKind};
use crate::pb;

/// Spain in impulse order.
pub const SPAIN: Pw = 1;

/// Its decisions (`model::Frame::Armada`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Frame {
    /// Spain picks the port the Armada is built in (the home card's event, [23.2]).
    Build,
    /// Spain spends an event's `cp` CP on the Armada ([23.2]); `raise`: the home card's CP
    /// also raise units onto it (RULINGS A2).
    Spend { cp: u8, raise: bool },
}

/// Its choices (`model::Move::Armada`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    Build {
        port: SpaceId,
    },
    /// One level up, 3 CP.
    Upgrade,
    /// Raise a regular or mercenary directly onto the Armada.
    Raise {
        kind: UnitKind,
    },
    /// A unit of its port boards it / leaves it for its port (free).
    Board {
        kind: UnitKind,
    },
    Land {
        kind: UnitKind,
    },
}

/// What happened (`model::Event::Armada`; public).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    Built {
        at: Waters,
    },
    /// Its strength changed (upgrade, losses).
    Strength {
        strength: u8,
    },
    /// The units aboard changed.
    Aboard {
        aboard: Troops,
    },
    /// Eliminated: the 2-counter goes to the turn track ([23.2]).
    Lost,
}

/// Its part of the game state (`model::State.armada`; stored only when not default).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// Where it is (a port or a sea zone); None: not on the map.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<Waters>,
    /// 2, 4, 6 or 8 on the map: its dice, the hits it absorbs, the units it carries.
    #[serde(default)]
    pub strength: u8,
    /// Spanish land units aboard ([23.2]); they are on the map (the unit ledger counts them).
    #[serde(default)]
    pub aboard: Troops,
    /// The turn it was lost: its counter is on the turn track until the next turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lost_turn: Option<u8>,
}

/// Its part of a viewer's view (`view::View.armada`; all public).
pub type View = State;

/// Its card events (chained by `events::registry`).
pub static EVENTS: &[EventDef] = &[refit::SPANISH_ARMADA, refit::ARMADA_INDULGENCE];

/// Its frame kinds on which a seat decides (the playouts check that each is reached).
pub const DECISION_KINDS: &[&str] = &["armada_build", "armada_spend"];
/// Its frame kinds that never wait for a seat.
pub const AUTOMATIC_KINDS: &[&str] = &[];

pub fn kind(f: &Frame) -> &'static str {
    match f {
        Frame::Build => "armada_build",
        Frame::Spend { .. } => "armada_spend",
    }
}

/// The power deciding the frame: always Spain.
pub fn decider(_s: &model::State, _f: &Frame) -> Option<Pw> {
    Some(SPAIN)
}

pub fn choices(s: &model::State, f: &Frame) -> Vec<model::Move> {
    match *f {
        Frame::Build => refit::build_sites(s)
            .into_iter()
            .map(|port| model::Move::Armada(Move::Build { port }))
            .collect(),
        Frame::Spend { cp, raise } => {
            let mut v: Vec<model::Move> = refit::spend_choices(s, cp, raise)
                .into_iter()
                .map(model::Move::Armada)
                .collect();
            v.push(model::Move::Done);
            v
        }
    }
}

pub fn prompt(s: &model::State, f: &Frame) -> String {
    match *f {
        Frame::Build => "Spain: the port the Armada is built in".into(),
        Frame::Spend { cp, .. } => format!(
            "Spain: {cp} CP of the event for the Armada (strength {})",
            s.armada.strength
        ),
    }
}

/// Apply a listed choice to the frame on top of the stack (`f` is a copy of it).
pub fn resolve(
    s: &mut model::State,
    f: Frame,
    mv: &model::Move,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    s.stack.pop();
    match (f, mv) {
        (Frame::Build, model::Move::Armada(Move::Build { port })) => refit::build(s, *port, ev),
        (Frame::Spend { cp, raise }, model::Move::Armada(m)) => {
            let left = cp - refit::carry_out(s, m, ev);
            if !refit::spend_choices(s, left, raise).is_empty() {
                s.stack
                    .push(model::Frame::Armada(Frame::Spend { cp: left, raise }));
            }
        }
        (Frame::Spend { .. }, model::Move::Done) => {}
        (f, mv) => unreachable!("{mv:?} in {f:?}"),
    }
}

/// Run an automatic frame (it has none).
pub fn auto(_s: &mut model::State, f: Frame, _ev: &mut Vec<Scoped<model::Event>>) {
    unreachable!("{f:?} waits for Spain")
}

/// Its CP actions `who` may take with `cp` CP left in the impulse ([11], [23.2]).
pub fn actions(s: &model::State, who: Pw, cp: u8) -> Vec<model::Move> {
    if who != SPAIN || cp == 0 {
        return Vec::new();
    }
    let mut v = refit::spend_choices(s, cp, true);
    v.extend(refit::transfers(s));
    v.into_iter().map(model::Move::Armada).collect()
}

/// Carry out one of its CP actions; returns the CP it costs.
pub fn act(
    s: &mut model::State,
    _who: Pw,
    _cp: u8,
    mv: &Move,
    ev: &mut Vec<Scoped<model::Event>>,
) -> u8 {
    refit::carry_out(s, mv, ev)
}

/// The action type of a treasure extension ([11]; RULINGS W4): an upgrade is naval (the
/// seed's example, L849), raising and boarding are land.
pub fn action_type(m: &Move) -> u8 {
    match m {
        Move::Upgrade | Move::Build { .. } => 1,
        Move::Raise { .. } | Move::Board { .. } | Move::Land { .. } => 0,
    }
}

/// What it does at a fixed moment of the turn: in winter an Armada at sea goes home.
pub fn at(s: &mut model::State, when: Moment, ev: &mut Vec<Scoped<model::Event>>) {
    if when == Moment::After(model::Step::Action) {
        at_sea::winter(s, ev);
    }
}

pub fn vp(_s: &model::State, _p: Pw) -> i16 {
    0
}

pub fn card_bonus(_s: &model::State, _p: Pw) -> i8 {
    0
}

pub fn describe(s: &model::State, mv: &Move) -> String {
    let d = crate::data::data();
    match mv {
        Move::Build { port } => format!("build the Armada in {}", d.space(*port).name),
        Move::Upgrade => format!("upgrade the Armada to {}", s.armada.strength + 2),
        Move::Raise { kind } => format!("raise a {kind:?} onto the Armada"),
        Move::Board { kind } => format!("a {kind:?} boards the Armada"),
        Move::Land { kind } => format!("a {kind:?} leaves the Armada"),
    }
}

pub fn view(s: &model::State, _viewer: Viewer) -> View {
    s.armada.clone()
}

/// Its rule invariants (checked after every move of the playouts).
pub fn violations(s: &model::State) -> Vec<String> {
    let a = &s.armada;
    let mut v = Vec::new();
    match a.at {
        Some(_) if !matches!(a.strength, 2 | 4 | 6 | 8) => {
            v.push(format!("Armada of strength {}", a.strength))
        }
        None if a.strength != 0 || a.aboard.total() != 0 => {
            v.push("Armada off the map with strength or units".into())
        }
        _ => {}
    }
    if a.aboard.total() > a.strength {
        v.push(format!(
            "{} units aboard an Armada of strength {}",
            a.aboard.total(),
            a.strength
        ));
    }
    v
}

/// Nothing of it is secret.
pub fn resample(_s: &mut model::State, _seat: Seat, _rng: &mut GameRng) {}

/// Why a move that is not listed is refused: none of its own.
pub fn unsupported(_s: &model::State, _mv: &model::Move) -> Option<String> {
    None
}

pub fn move_to_pb(m: &Move) -> pb::ArmadaMove {
    use pb::ArmadaMoveKind as K;
    let mut p = pb::ArmadaMove::default();
    let k = match m {
        Move::Build { port } => {
            p.space = port.0 as u32;
            K::Build
        }
        Move::Upgrade => K::Upgrade,
        Move::Raise { kind } => {
            p.unit = crate::proto::unit_pb(*kind);
            K::Raise
        }
        Move::Board { kind } => {
            p.unit = crate::proto::unit_pb(*kind);
            K::Board
        }
        Move::Land { kind } => {
            p.unit = crate::proto::unit_pb(*kind);
            K::Land
        }
    };
    p.kind = k as i32;
    p
}

pub fn move_from_pb(p: &pb::ArmadaMove) -> Result<Move, String> {
    use pb::ArmadaMoveKind as K;
    let unit = || crate::proto::unit_from(p.unit);
    Ok(match K::try_from(p.kind) {
        Ok(K::Build) => Move::Build {
            port: crate::proto::space_from(p.space)?,
        },
        Ok(K::Upgrade) => Move::Upgrade,
        Ok(K::Raise) => Move::Raise { kind: unit()? },
        Ok(K::Board) => Move::Board { kind: unit()? },
        Ok(K::Land) => Move::Land { kind: unit()? },
        _ => return Err(format!("armada move kind {} unknown", p.kind)),
    })
}

pub fn event_to_pb(e: &Event) -> pb::ArmadaEvent {
    use pb::ArmadaEventKind as K;
    let mut p = pb::ArmadaEvent::default();
    let k = match e {
        Event::Built { at } => {
            p.at = Some(crate::proto::waters_pb(*at));
            K::Built
        }
        Event::Strength { strength } => {
            p.strength = *strength as u32;
            K::Strength
        }
        Event::Aboard { aboard } => {
            p.aboard = Some(crate::proto::troops_pb(aboard));
            K::Aboard
        }
        Event::Lost => K::Lost,
    };
    p.kind = k as i32;
    p
}

pub fn view_to_pb(v: &View) -> pb::ArmadaView {
    pb::ArmadaView {
        at: v.at.map(crate::proto::waters_pb),
        strength: v.strength as u32,
        aboard: Some(crate::proto::troops_pb(&v.aboard)),
        lost_turn: v.lost_turn.unwrap_or(0) as u32,
    }
}
