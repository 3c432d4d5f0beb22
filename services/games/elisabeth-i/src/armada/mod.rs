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
pub mod ferry;
pub mod onward;
pub mod refit;

use crate::combat::naval_battle::Waters;
use crate::data::SpaceId;
use crate::events::EventDef;
use crate::model::{self, Moment, Pw, Selection, Troops, UnitKind};
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
    /// Spain forms the Armada transport's formation ([23.2] "Seetransport"): from `port`
    /// aboard the Armada at sea, or (`ashore`) from the Armada into `port`.
    Ferry {
        port: SpaceId,
        ashore: bool,
        sel: Selection,
    },
    /// Spain forms the formation aboard the Armada at sea that sails on with other Spanish
    /// ships ([23.2], [16.3]; RULINGS A20).
    Onward { sel: Selection },
    /// The formation goes aboard after the Storms window (automatic; [16.3] step 1).
    Boarding {
        port: SpaceId,
        sel: Selection,
        stormed: bool,
    },
    /// England places captains on its ships as naval leaders ([10] step 2; naval leaders
    /// of `admirals`, decided here as this module's choices).
    Captains,
    /// Don John at sea in winter: return with the ships, or go to a Spanish capital as an
    /// army leader ([20.4]).
    DonJohnWinter,
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
    /// An army leader of its port boards it / leaves it for its port (free, [23.2]).
    BoardLeader {
        leader: u8,
    },
    LandLeader {
        leader: u8,
    },
    /// The Armada's own transport (1 CP, [23.2]) with the Armada at sea: a formation of
    /// `port` goes aboard / a formation aboard lands in `port`.
    FerryAboard {
        port: SpaceId,
    },
    FerryAshore {
        port: SpaceId,
    },
    /// A formation aboard the Armada at sea sails on with other Spanish ships as a naval
    /// transport ([23.2], [16.3]; RULINGS A20).
    SailOn,
    /// The transport's formation takes a unit / an army leader.
    Take {
        kind: UnitKind,
    },
    TakeLeader {
        leader: u8,
    },
    /// The formation goes.
    Ferry,
    /// England's captain goes onto the English ships of `port` as a naval leader for the
    /// turn ([10] step 2).
    Captain {
        captain: u8,
        port: SpaceId,
    },
    /// Don John arrives as a naval leader in `port` ([10] step 4).
    DonJohnNaval {
        port: SpaceId,
    },
    /// Don John changes his role in a Spanish port (free, in a Spanish impulse).
    DonJohnSwitch,
    /// Don John leaves the ships in winter for a Spanish capital as an army leader.
    DonJohnCapital {
        capital: SpaceId,
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
    /// The army leaders aboard changed.
    Leaders {
        leaders: Vec<u8>,
    },
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
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct View {
    pub at: Option<Waters>,
    pub strength: u8,
    pub aboard: Troops,
    pub lost_turn: Option<u8>,
    /// Army leaders aboard (those at `Loc::Armada`).
    pub leaders: Vec<u8>,
}

/// Its card events (chained by `events::registry`).
pub static EVENTS: &[EventDef] = &[refit::SPANISH_ARMADA, refit::ARMADA_INDULGENCE];

/// Its frame kinds on which a seat decides (the playouts check that each is reached).
pub const DECISION_KINDS: &[&str] = &[
    "armada_build",
    "armada_spend",
    "armada_ferry",
    "place_captains",
    "don_john_winter",
];
/// Its frame kinds that never wait for a seat.
pub const AUTOMATIC_KINDS: &[&str] = &["armada_boarding"];

pub fn kind(f: &Frame) -> &'static str {
    match f {
        Frame::Build => "armada_build",
        Frame::Spend { .. } => "armada_spend",
        // The same decision: a formation of the Armada's units.
        Frame::Ferry { .. } | Frame::Onward { .. } => "armada_ferry",
        Frame::Boarding { .. } => "armada_boarding",
        Frame::Captains => "place_captains",
        Frame::DonJohnWinter => "don_john_winter",
    }
}

/// The power deciding the frame: Spain (the boarding is automatic).
pub fn decider(_s: &model::State, f: &Frame) -> Option<Pw> {
    match f {
        Frame::Boarding { .. } => None,
        Frame::Captains => crate::model::pw(crate::data::Power::England),
        _ => Some(SPAIN),
    }
}

pub fn choices(s: &model::State, f: &Frame) -> Vec<model::Move> {
    match *f {
        Frame::Ferry {
            port,
            ashore,
            ref sel,
        } => ferry::choices(s, port, ashore, sel),
        Frame::Onward { ref sel } => onward::choices(s, sel),
        Frame::Boarding { .. } => Vec::new(),
        Frame::Captains => {
            let mut v: Vec<model::Move> = crate::admirals::captain_choices(s)
                .into_iter()
                .map(|(captain, port)| model::Move::Armada(Move::Captain { captain, port }))
                .collect();
            v.push(model::Move::Done);
            v
        }
        Frame::DonJohnWinter => {
            let mut v: Vec<model::Move> = crate::admirals::don_john_capitals(s)
                .into_iter()
                .map(|capital| model::Move::Armada(Move::DonJohnCapital { capital }))
                .collect();
            v.push(model::Move::Done);
            v
        }
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
    let d = crate::data::data();
    match *f {
        Frame::Ferry {
            port, ashore: true, ..
        } => format!(
            "Spain: the formation landing from the Armada in {} (1 CP)",
            d.space(port).name
        ),
        Frame::Ferry { port, .. } => format!(
            "Spain: the formation of {} going aboard the Armada (1 CP)",
            d.space(port).name
        ),
        Frame::Onward { .. } => {
            "Spain: the formation aboard the Armada sailing on with other Spanish ships".into()
        }
        Frame::Boarding { .. } => "the formation goes aboard the Armada".into(),
        Frame::Captains => {
            "England: place captains on English ships in a home port as naval leaders for this turn, or done".into()
        }
        Frame::DonJohnWinter => {
            "Spain: Don John returns with the ships, or goes to a Spanish capital as an army leader".into()
        }
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
        (Frame::Ferry { .. }, model::Move::Done) => {}
        (Frame::Onward { .. }, model::Move::Done) => {}
        (Frame::Onward { sel }, model::Move::Armada(Move::Ferry)) => onward::go(s, sel),
        (Frame::Onward { mut sel }, model::Move::Armada(m)) => {
            take(&mut sel, m);
            s.stack.push(model::Frame::Armada(Frame::Onward { sel }));
        }
        (Frame::Captains, model::Move::Done) => {}
        (Frame::Captains, model::Move::Armada(Move::Captain { captain, port })) => {
            crate::admirals::place_captain(s, *captain, *port);
            ev.push(Scoped::public(model::Event::CombatNote {
                text: format!(
                    "{} acts as a naval leader in {} this turn",
                    crate::data::data().captains[*captain as usize].name,
                    crate::data::data().space(*port).name
                ),
            }));
            if !crate::admirals::captain_choices(s).is_empty() {
                s.stack.push(model::Frame::Armada(Frame::Captains));
            }
        }
        (Frame::DonJohnWinter, model::Move::Done) => {}
        (Frame::DonJohnWinter, model::Move::Armada(Move::DonJohnCapital { capital })) => {
            if let Some(l) = crate::admirals::don_john() {
                crate::admirals::to_army(s, l, model::Loc::Space(*capital));
            }
        }
        (Frame::Ferry { port, ashore, sel }, model::Move::Armada(Move::Ferry)) => {
            ferry::go(s, port, ashore, sel, ev)
        }
        (
            Frame::Ferry {
                port,
                ashore,
                mut sel,
            },
            model::Move::Armada(m),
        ) => {
            take(&mut sel, m);
            s.stack
                .push(model::Frame::Armada(Frame::Ferry { port, ashore, sel }));
        }
        (f, mv) => unreachable!("{mv:?} in {f:?}"),
    }
}

/// A formation of the Armada's units takes a unit or an army leader.
fn take(sel: &mut Selection, m: &Move) {
    match *m {
        Move::Take { kind } => *sel.troops.get_mut(kind) += 1,
        Move::TakeLeader { leader } => sel.leaders.push(leader),
        _ => unreachable!("{m:?} in the Armada's formation"),
    }
}

/// Run an automatic frame: the boarding after the Storms window.
pub fn auto(s: &mut model::State, f: Frame, ev: &mut Vec<Scoped<model::Event>>) {
    match f {
        Frame::Boarding { port, sel, stormed } => ferry::board(s, port, &sel, stormed, ev),
        f => unreachable!("{f:?} waits for Spain"),
    }
}

/// Whether Storms may stop this frame (a boarding under way, [16.3] step 1).
pub fn stormable(f: &Frame) -> bool {
    matches!(f, Frame::Boarding { .. })
}

/// Storms stopped the boarding under way ([16.3] step 1).
pub fn mark_stormed(f: &mut Frame) {
    if let Frame::Boarding { stormed, .. } = f {
        *stormed = true;
    }
}

/// Its CP actions `who` may take with `cp` CP left in the impulse ([11], [23.2]).
pub fn actions(s: &model::State, who: Pw, cp: u8) -> Vec<model::Move> {
    if who != SPAIN || cp == 0 {
        return Vec::new();
    }
    let mut v = refit::spend_choices(s, cp, true);
    v.extend(refit::transfers(s));
    v.extend(ferry::leader_transfers(s));
    v.extend(ferry::starts(s, cp));
    v.extend(onward::starts(s, cp));
    if crate::admirals::don_john_switch(s).is_some() {
        v.push(Move::DonJohnSwitch);
    }
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
    match *mv {
        Move::BoardLeader { .. } | Move::LandLeader { .. } => {
            ferry::transfer_leader(s, mv, ev);
            0
        }
        Move::DonJohnSwitch => {
            don_john_switch(s, ev);
            0
        }
        Move::SailOn => {
            s.stack.push(model::Frame::Armada(Frame::Onward {
                sel: Selection::default(),
            }));
            0
        }
        Move::FerryAboard { port } | Move::FerryAshore { port } => {
            s.stack.push(model::Frame::Armada(Frame::Ferry {
                port,
                ashore: matches!(mv, Move::FerryAshore { .. }),
                sel: Selection::default(),
            }));
            0
        }
        _ => refit::carry_out(s, mv, ev),
    }
}

/// Don John changes his role in a Spanish-controlled port ([10] step 4).
fn don_john_switch(s: &mut model::State, ev: &mut Vec<Scoped<model::Event>>) {
    let (Some(l), Some(x)) = (
        crate::admirals::don_john(),
        crate::admirals::don_john_switch(s),
    ) else {
        return;
    };
    let naval = crate::admirals::don_john_at_sea(s).is_some();
    if naval {
        crate::admirals::to_army(s, l, model::Loc::Space(x));
    } else {
        crate::admirals::to_naval(s, l, Waters::Port(x));
    }
    ev.push(Scoped::public(model::Event::CombatNote {
        text: format!(
            "Don John acts as {} leader in {}",
            if naval { "an army" } else { "a naval" },
            crate::data::data().space(x).name
        ),
    }));
}

/// [10] step 4: Don John arriving may be placed as a naval leader instead (in a home port
/// under Spanish control), the choices added to his `PlaceLeader` frame.
pub fn place_choices(s: &model::State, who: Pw, leader: u8) -> Vec<model::Move> {
    if who != SPAIN || !crate::admirals::is_don_john(leader) {
        return Vec::new();
    }
    crate::admirals::place_sites(s, who)
        .into_iter()
        .map(|port| model::Move::Armada(Move::DonJohnNaval { port }))
        .collect()
}

/// Carry out a choice of [`place_choices`] (the frame is popped by the caller).
pub fn place(s: &mut model::State, leader: u8, mv: &Move, ev: &mut Vec<Scoped<model::Event>>) {
    if let Move::DonJohnNaval { port } = *mv {
        crate::admirals::to_naval(s, leader, Waters::Port(port));
        ev.push(Scoped::public(model::Event::CombatNote {
            text: format!(
                "Don John arrives as a naval leader in {}",
                crate::data::data().space(port).name
            ),
        }));
    }
}

/// Whether England places captains in spring now ([10] step 2).
pub fn captains_frame(s: &model::State, who: Pw) -> Option<model::Frame> {
    (Some(who) == crate::model::pw(crate::data::Power::England)
        && !crate::admirals::captain_choices(s).is_empty())
    .then_some(model::Frame::Armada(Frame::Captains))
}

/// The action type of a treasure extension ([11]; RULINGS W4): an upgrade is naval (the
/// seed's example, L849), raising and boarding are land.
pub fn action_type(m: &Move) -> u8 {
    match m {
        // Sailing on is a naval transport ([16.3]; W4 counts transport as naval).
        Move::Upgrade | Move::Build { .. } | Move::SailOn => 1,
        _ => 0,
    }
}

/// What it does at a fixed moment of the turn: in winter an Armada at sea goes home.
pub fn at(s: &mut model::State, when: Moment, ev: &mut Vec<Scoped<model::Event>>) {
    if when == Moment::After(model::Step::Action) {
        at_sea::winter(s, ev);
        // [20.4]: Don John at sea may leave the ships for a Spanish capital.
        if !crate::admirals::don_john_capitals(s).is_empty() {
            s.stack.push(model::Frame::Armada(Frame::DonJohnWinter));
        }
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
        Move::BoardLeader { leader } => format!("{} boards the Armada", leader_name(*leader)),
        Move::LandLeader { leader } => format!("{} leaves the Armada", leader_name(*leader)),
        Move::FerryAboard { port } => format!(
            "Armada transport (1 CP): a formation of {} goes aboard",
            d.space(*port).name
        ),
        Move::FerryAshore { port } => format!(
            "Armada transport (1 CP): a formation aboard lands in {}",
            d.space(*port).name
        ),
        Move::SailOn => {
            "naval transport: a formation aboard the Armada sails on with other Spanish ships"
                .into()
        }
        Move::Take { kind } => format!("add a {kind:?} to the Armada transport"),
        Move::TakeLeader { leader } => {
            format!("add {} to the Armada transport", leader_name(*leader))
        }
        Move::Ferry => "the Armada transport goes".into(),
        Move::Captain { captain, port } => format!(
            "{} acts as a naval leader on the ships in {}",
            d.captains[*captain as usize].name,
            d.space(*port).name
        ),
        Move::DonJohnNaval { port } => {
            format!(
                "Don John arrives as a naval leader in {}",
                d.space(*port).name
            )
        }
        Move::DonJohnSwitch => match crate::admirals::don_john_at_sea(s) {
            Some(_) => "Don John becomes an army leader in this port".into(),
            None => "Don John becomes a naval leader in this port".into(),
        },
        Move::DonJohnCapital { capital } => format!(
            "Don John leaves the ships for {} as an army leader",
            d.space(*capital).name
        ),
    }
}

fn leader_name(l: u8) -> String {
    crate::data::data().army_leaders[l as usize].name.clone()
}

pub fn view(s: &model::State, _viewer: Viewer) -> View {
    let a = &s.armada;
    View {
        at: a.at,
        strength: a.strength,
        aboard: a.aboard,
        lost_turn: a.lost_turn,
        leaders: ferry::leaders_aboard(s),
    }
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
    v.extend(crate::admirals::violations(s));
    if a.at.is_none() && !ferry::leaders_aboard(s).is_empty() {
        v.push("army leaders aboard an Armada off the map".into());
    }
    if ferry::leaders_aboard(s)
        .iter()
        .any(|&l| s.leaders[crate::board::leader_pos(s, l)].owner != SPAIN)
    {
        v.push("a leader of another power aboard the Armada".into());
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
        Move::BoardLeader { leader } => {
            p.leader = *leader as u32;
            K::BoardLeader
        }
        Move::LandLeader { leader } => {
            p.leader = *leader as u32;
            K::LandLeader
        }
        Move::FerryAboard { port } => {
            p.space = port.0 as u32;
            K::FerryAboard
        }
        Move::FerryAshore { port } => {
            p.space = port.0 as u32;
            K::FerryAshore
        }
        Move::Take { kind } => {
            p.unit = crate::proto::unit_pb(*kind);
            K::Take
        }
        Move::TakeLeader { leader } => {
            p.leader = *leader as u32;
            K::TakeLeader
        }
        Move::Ferry => K::Ferry,
        Move::SailOn => K::SailOn,
        Move::Captain { captain, port } => {
            p.captain = *captain as u32;
            p.space = port.0 as u32;
            K::Captain
        }
        Move::DonJohnNaval { port } => {
            p.space = port.0 as u32;
            K::DonJohnNaval
        }
        Move::DonJohnSwitch => K::DonJohnSwitch,
        Move::DonJohnCapital { capital } => {
            p.space = capital.0 as u32;
            K::DonJohnCapital
        }
    };
    p.kind = k as i32;
    p
}

pub fn move_from_pb(p: &pb::ArmadaMove) -> Result<Move, String> {
    use pb::ArmadaMoveKind as K;
    let unit = || crate::proto::unit_from(p.unit);
    let leader = || {
        u8::try_from(p.leader)
            .ok()
            .filter(|&l| (l as usize) < crate::data::data().army_leaders.len())
            .ok_or_else(|| format!("army leader {} unknown", p.leader))
    };
    Ok(match K::try_from(p.kind) {
        Ok(K::Build) => Move::Build {
            port: crate::proto::space_from(p.space)?,
        },
        Ok(K::Upgrade) => Move::Upgrade,
        Ok(K::Raise) => Move::Raise { kind: unit()? },
        Ok(K::Board) => Move::Board { kind: unit()? },
        Ok(K::Land) => Move::Land { kind: unit()? },
        Ok(K::BoardLeader) => Move::BoardLeader { leader: leader()? },
        Ok(K::LandLeader) => Move::LandLeader { leader: leader()? },
        Ok(K::FerryAboard) => Move::FerryAboard {
            port: crate::proto::space_from(p.space)?,
        },
        Ok(K::FerryAshore) => Move::FerryAshore {
            port: crate::proto::space_from(p.space)?,
        },
        Ok(K::Take) => Move::Take { kind: unit()? },
        Ok(K::TakeLeader) => Move::TakeLeader { leader: leader()? },
        Ok(K::Ferry) => Move::Ferry,
        Ok(K::SailOn) => Move::SailOn,
        Ok(K::Captain) => Move::Captain {
            captain: u8::try_from(p.captain)
                .ok()
                .filter(|&c| (c as usize) < crate::data::data().captains.len())
                .ok_or_else(|| format!("captain {} unknown", p.captain))?,
            port: crate::proto::space_from(p.space)?,
        },
        Ok(K::DonJohnNaval) => Move::DonJohnNaval {
            port: crate::proto::space_from(p.space)?,
        },
        Ok(K::DonJohnSwitch) => Move::DonJohnSwitch,
        Ok(K::DonJohnCapital) => Move::DonJohnCapital {
            capital: crate::proto::space_from(p.space)?,
        },
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
        Event::Leaders { leaders } => {
            p.leaders = leaders.iter().map(|&l| l as u32).collect();
            K::Leaders
        }
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
        leaders: v.leaders.iter().map(|&l| l as u32).collect(),
    }
}
