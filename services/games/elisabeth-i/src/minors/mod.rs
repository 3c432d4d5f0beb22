//! Minor powers, influence and independents [24]: status determination, buying influence, activation and deactivation, the activated majors of games with fewer than six players, and their cards.
//!
//! A subsystem module: its own decisions ([`Frame`]), choices ([`Move`]), events
//! ([`Event`]), state ([`State`], `model::State.minors`), view ([`View`]) and card events
//! ([`EVENTS`]), wired into the shared types by one variant or field each. The functions
//! below are the hooks the shared modules call, one delegating arm each (crate README,
//! "How to add a subsystem or a card event").
//!
//! Submodules: [`influence`] (buying influence [24.5], the status determination [24.6]),
//! [`activation`] (activation [24.2], deactivation [24.4], the change of hands of an
//! activated major), [`activated`] (the activated majors of 2-5 player games [3.1],
//! [3.2]), [`wars`] (declarations of war on minors and interventions [9.4]).

use serde::{Deserialize, Serialize};
use signoria_engine::{GameRng, Scoped, Seat, Viewer};

pub mod activated;
pub mod activation;
pub mod free_war;
pub mod influence;
pub mod ulster;
pub mod wars;

pub use activated::{controller, inactive, seated};

use crate::data::{PoolOwner, Power, data};
use crate::events::EventDef;
use crate::model::{self, Moment, Pw, Step, major};
use crate::pb;

/// Its decisions (`model::Frame::Minors`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Frame {
    /// `who` declares war on minor powers or is done ([9.4] step 2; RULINGS P8).
    MinorWar { who: Pw, declared: Vec<Power> },
    /// `ranking[0]` won the determination after a declaration on `minor`: intervene on
    /// its side or isolate it ([9.4] step 4).
    Intervene {
        minor: Power,
        declarer: Pw,
        ranking: Vec<Pw>,
    },
    /// `who` may declare war on `on` at no cost ([24.2] steps 2 and 6; `free_war`);
    /// declining displaces its units from `minor`'s home spaces when `displace`.
    FreeWar {
        who: Pw,
        on: Pw,
        minor: Power,
        displace: bool,
    },
    /// Ireland's new ally may move a formation from Ulster to Dublin ([24.2] step 6;
    /// `ulster`).
    UlsterMove { who: Pw },
}

/// Its choices (`model::Move::Minors`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// Buy one box of influence with a minor or an activated major (1 CP, [24.5]).
    BuyInfluence { on: Power },
    /// Declare war on a minor power ([9.4] step 2).
    DeclareWarOnMinor { minor: Power },
    /// Intervene on the side of the minor ([9.4] step 4).
    Intervene,
    /// Isolate it: the next power of the determination decides ([9.4] step 4).
    Isolate,
    /// Move the formation in Ulster to Dublin ([24.2] step 6, `ulster`).
    UlsterToDublin,
}

/// What happened (`model::Event::Minors`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    InfluenceBought {
        on: Power,
        by: Pw,
        now: u8,
    },
    /// A status determination ([24.6]): each competitor's die and total, the winner.
    StatusDetermined {
        of: Power,
        rolls: Vec<(Pw, u8, u8)>,
        winner: Pw,
    },
    /// A minor became `by`'s ally, or an activated major passed to `by`'s seat.
    Activated {
        of: Power,
        by: Pw,
    },
    /// A minor lost its ally, or an activated major is inactive again.
    Deactivated {
        of: Power,
    },
    /// `by` declared war on `minor` ([9.4] step 2).
    WarOnMinor {
        by: Pw,
        minor: Power,
    },
    /// `by` declined to intervene for `minor` ([9.4] step 4).
    Isolated {
        minor: Power,
        by: Pw,
    },
}

/// Its part of the game state (`model::State.minors`; stored only when not default).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// Influence markers not in box 0: (column, major, box) ([24.5]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub influence: Vec<(Power, Pw, u8)>,
    /// Columns whose markers are in "determined this turn" ([24.6] step 6).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub determined: Vec<Power>,
    /// Active minors and their ally ([24.2]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub allies: Vec<(Power, Pw)>,
    /// With fewer than six players: the activated majors and the major whose seat runs
    /// each (None: inactive) ([3.1], [3.2]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub activated: Vec<(Pw, Option<Pw>)>,
    /// The scenario's first turn (the activated majors' first determination; the HRE's
    /// preference, [23.5]).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub first_turn: u8,
    /// Inactive minors at war with a major ([9.4] step 2): (minor, major).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wars: Vec<(Power, Pw)>,
    /// Columns a major may no longer influence after declaring war on the minor ([9.4]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub banned: Vec<(Power, Pw)>,
}

fn is_zero(x: &u8) -> bool {
    *x == 0
}

/// Its part of a viewer's view (`view::View.minors`): all public.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct View {
    pub influence: Vec<(Power, Pw, u8)>,
    pub determined: Vec<Power>,
    pub allies: Vec<(Power, Pw)>,
    pub activated: Vec<(Pw, Option<Pw>)>,
    pub wars: Vec<(Power, Pw)>,
}

/// Its card events (chained by `events::registry`).
pub static EVENTS: &[EventDef] = &[];

/// Its frame kinds on which a seat decides (the playouts check that each is reached).
pub const DECISION_KINDS: &[&str] = &["minor_war", "intervene", "minor_free_war", "ulster_move"];
/// Its frame kinds that never wait for a seat.
pub const AUTOMATIC_KINDS: &[&str] = &[];

/// The counter pool of a minor power.
pub fn pool_of(minor: Power) -> Option<PoolOwner> {
    Power::MINORS
        .contains(&minor)
        .then(|| PoolOwner::of(minor, None))
}

/// The scenario's first turn.
pub fn first_turn(s: &model::State) -> u8 {
    s.minors.first_turn.max(1)
}

/// The start of a game: the activated majors of the player count, the influence
/// markers at their starting boxes, the minors the scenario starts active ([24.2]).
pub fn setup(
    s: &mut model::State,
    players: u8,
    first_turn: u8,
    active: &[(Power, Power)],
) -> Result<(), String> {
    s.minors.first_turn = first_turn;
    activated::setup(s, players);
    for t in influence::targets(s) {
        influence::reset(s, t);
    }
    for &(minor, ally) in active {
        let Some(a) = model::pw(ally) else {
            return Err(format!("{minor:?} starts allied to {ally:?}, not a major"));
        };
        activation::activate(s, minor, a, &mut Vec::new());
    }
    Ok(())
}

pub fn kind(f: &Frame) -> &'static str {
    match f {
        Frame::MinorWar { .. } => "minor_war",
        Frame::Intervene { .. } => "intervene",
        Frame::FreeWar { .. } => "minor_free_war",
        Frame::UlsterMove { .. } => "ulster_move",
    }
}

/// The power deciding the frame (None: automatic, see [`auto`]).
pub fn decider(s: &model::State, f: &Frame) -> Option<Pw> {
    match f {
        Frame::MinorWar { who, .. } => Some(*who),
        Frame::Intervene { ranking, .. } => ranking.first().copied(),
        Frame::FreeWar { who, .. } => Some(*who),
        // Asked only when the move is possible (after the declarations before it).
        Frame::UlsterMove { who } => ulster::formation(s, *who).map(|_| *who),
    }
}

pub fn choices(s: &model::State, f: &Frame) -> Vec<model::Move> {
    match f {
        Frame::MinorWar { who, declared } => wars::choices(s, *who, declared),
        Frame::Intervene { .. } => vec![
            model::Move::Minors(Move::Isolate),
            model::Move::Minors(Move::Intervene),
        ],
        Frame::FreeWar { on, .. } => free_war::choices(*on),
        Frame::UlsterMove { who } => ulster::choices(s, *who),
    }
}

pub fn prompt(_s: &model::State, f: &Frame) -> String {
    match f {
        Frame::MinorWar { who, .. } => format!(
            "{}: declare war on a minor power or finish",
            name(major(*who))
        ),
        Frame::Intervene {
            minor, declarer, ..
        } => format!(
            "intervene on the side of {} against {}, or isolate it?",
            name(*minor),
            name(major(*declarer))
        ),
        Frame::FreeWar { who, on, .. } => format!(
            "{}: declare war on {} at no cost, or not",
            name(major(*who)),
            name(major(*on))
        ),
        Frame::UlsterMove { who } => format!(
            "{}: move a formation from Ulster to Dublin (no CP), or not",
            name(major(*who))
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
    match (f, mv) {
        (
            Frame::FreeWar {
                who,
                on,
                minor,
                displace,
            },
            mv,
        ) => free_war::resolve(s, who, on, minor, displace, mv, ev),
        (Frame::UlsterMove { who }, mv) => ulster::resolve(s, who, mv),
        (
            Frame::MinorWar { who, mut declared },
            model::Move::Minors(Move::DeclareWarOnMinor { minor }),
        ) => {
            wars::declare(s, who, *minor, ev);
            declared.push(*minor);
            *s.stack.last_mut().expect("frame") =
                model::Frame::Minors(Frame::MinorWar { who, declared });
        }
        (Frame::MinorWar { who, declared }, _) => {
            s.stack.pop();
            // [9.4] step 4, in the order declared; step 3, the payment, comes first.
            let mut frames = Vec::new();
            for &m in &declared {
                let ranking = wars::ranking(s, m, who, ev);
                if !ranking.is_empty() {
                    frames.push(model::Frame::Minors(Frame::Intervene {
                        minor: m,
                        declarer: who,
                        ranking,
                    }));
                }
            }
            s.stack.extend(frames.into_iter().rev());
            let owed: u8 = declared.iter().filter_map(|&m| wars::cost(who, m)).sum();
            if owed > 0 {
                s.stack.push(model::Frame::PayWar { who, owed });
            }
        }
        (
            Frame::Intervene {
                minor,
                declarer,
                ranking,
            },
            mv,
        ) => {
            s.stack.pop();
            let intervene = *mv == model::Move::Minors(Move::Intervene);
            wars::decide(s, minor, declarer, ranking, intervene, ev);
        }
    }
}

/// Run an automatic frame (already popped from the stack).
pub fn auto(_s: &mut model::State, f: Frame, _ev: &mut Vec<Scoped<model::Event>>) {
    match f {
        // No formation may move from Ulster to Dublin: nothing to ask.
        Frame::UlsterMove { .. } => {}
        f => unreachable!("{f:?} has a decider"),
    }
}

/// Its CP actions `who` may take with `cp` CP left in the impulse ([11]).
pub fn actions(s: &model::State, who: Pw, cp: u8) -> Vec<model::Move> {
    if cp < 1 {
        return Vec::new();
    }
    influence::buyable(s, who)
        .into_iter()
        .map(|on| model::Move::Minors(Move::BuyInfluence { on }))
        .collect()
}

/// Carry out one of its CP actions; returns the CP it costs now (0 when a frame it
/// pushes spends them later).
pub fn act(
    s: &mut model::State,
    who: Pw,
    _cp: u8,
    mv: &Move,
    ev: &mut Vec<Scoped<model::Event>>,
) -> u8 {
    match *mv {
        Move::BuyInfluence { on } => {
            influence::buy(s, who, on, ev);
            1
        }
        _ => unreachable!("not an action: {mv:?}"),
    }
}

/// What it does at a fixed moment of the turn ([7]); it may push frames.
pub fn at(s: &mut model::State, when: Moment, ev: &mut Vec<Scoped<model::Event>>) {
    match when {
        // The activated majors' status: when the scenario begins and at the end of every
        // action phase (RULINGS P3); once per turn ([24.6]).
        Moment::TurnBegins if s.turn == first_turn(s) => determine_activated(s, ev),
        Moment::After(Step::Action) => determine_activated(s, ev),
        // [10] step 5: the activated majors' home cards are set aside.
        Moment::After(Step::Spring) => activated::set_home_cards_aside(s),
        // [20.9]: the markers of determined columns go back to their starting boxes.
        Moment::After(Step::Winter) => influence::winter(s),
        // [9.4] step 2: each major in impulse order declares war on minors (RULINGS P8).
        Moment::After(Step::War) => {
            for p in (0..6u8).rev() {
                s.stack.push(model::Frame::Minors(wars::frame(p)));
            }
        }
        _ => {}
    }
}

fn determine_activated(s: &mut model::State, ev: &mut Vec<Scoped<model::Event>>) {
    let majors: Vec<Pw> = s.minors.activated.iter().map(|x| x.0).collect();
    for p in majors {
        influence::determine(s, major(p), ev);
    }
}

/// Its VP for `p` ([25.2]).
pub fn vp(_s: &model::State, _p: Pw) -> i16 {
    0
}

/// Its change to the number of cards `p` draws ([6.2] step 4).
pub fn card_bonus(_s: &model::State, _p: Pw) -> i8 {
    0
}

use crate::labels::major_name as name;

pub fn describe(_s: &model::State, mv: &Move) -> String {
    match *mv {
        Move::BuyInfluence { on } => format!("buy influence with {} (1 CP)", name(on)),
        Move::DeclareWarOnMinor { minor } => format!("declare war on {}", name(minor)),
        Move::Intervene => "intervene on the minor power's side".into(),
        Move::Isolate => "isolate the minor power (no intervention)".into(),
        Move::UlsterToDublin => "move the formation in Ulster to Dublin (no CP)".into(),
    }
}

pub fn view(s: &model::State, _viewer: Viewer) -> View {
    View {
        influence: s.minors.influence.clone(),
        determined: s.minors.determined.clone(),
        allies: s.minors.allies.clone(),
        activated: s.minors.activated.clone(),
        wars: s.minors.wars.clone(),
    }
}

/// Its rule invariants (checked after every move of the playouts).
pub fn violations(s: &model::State) -> Vec<String> {
    let mut v = Vec::new();
    let max = data().tables.influence_display.max_influence;
    let targets = influence::targets(s);
    for &(t, p, n) in &s.minors.influence {
        if n == 0 || n > max {
            v.push(format!("influence of {p} on {t:?} in box {n}"));
        }
        if !targets.contains(&t) {
            v.push(format!("influence on {t:?}, no column of this game"));
        }
    }
    let mut minors: Vec<Power> = s.minors.allies.iter().map(|x| x.0).collect();
    minors.dedup();
    if minors.len() != s.minors.allies.len() || minors.iter().any(|m| !m.is_minor()) {
        v.push(format!("minor allies {:?}", s.minors.allies));
    }
    for &(m, p) in &s.minors.wars {
        if activation::ally(s, m).is_some() {
            v.push(format!("{m:?} at war with {p} while it has an ally"));
        }
    }
    let seated = seated(s);
    for &(m, c) in &s.minors.activated {
        if seated.contains(&m) {
            v.push(format!("activated major {m} is seated"));
        }
        if c.is_some_and(|c| !seated.contains(&c)) {
            v.push(format!(
                "activated major {m} run by {c:?}, not a seated power"
            ));
        }
    }
    v
}

/// Redraw what `seat` may not see of it (hidden-information check, search bots).
pub fn resample(_s: &mut model::State, _seat: Seat, _rng: &mut GameRng) {}

/// Why a move that is not listed is refused, when the reason is a rule of this
/// subsystem that is not implemented (an UNSUPPORTED message naming the rule).
pub fn unsupported(_s: &model::State, _mv: &model::Move) -> Option<String> {
    None
}

// ---- proto

pub(crate) fn owner_pb(p: Power) -> i32 {
    use pb::Owner as O;
    (match p {
        Power::Ottoman => O::Ottoman,
        Power::Spain => O::Spain,
        Power::England => O::England,
        Power::France => O::France,
        Power::Hre => O::Hre,
        Power::Protestant => O::Protestant,
        Power::Ireland => O::Ireland,
        Power::Papacy => O::Papacy,
        Power::Portugal => O::Portugal,
        Power::Scotland => O::Scotland,
        Power::Venice => O::Venice,
        Power::Independent => O::Independent,
    }) as i32
}

pub(crate) fn owner_from(v: i32) -> Result<Power, String> {
    use pb::Owner as O;
    Ok(
        match O::try_from(v).map_err(|_| format!("owner {v} unknown"))? {
            O::Ottoman => Power::Ottoman,
            O::Spain => Power::Spain,
            O::England => Power::England,
            O::France => Power::France,
            O::Hre => Power::Hre,
            O::Protestant => Power::Protestant,
            O::Ireland => Power::Ireland,
            O::Papacy => Power::Papacy,
            O::Portugal => Power::Portugal,
            O::Scotland => Power::Scotland,
            O::Venice => Power::Venice,
            o => return Err(format!("owner {o:?} has no influence column")),
        },
    )
}

fn pw_pb(p: Pw) -> i32 {
    p as i32 + 1
}

pub fn move_to_pb(m: &Move) -> pb::MinorsMove {
    match *m {
        Move::BuyInfluence { on } => pb::MinorsMove {
            kind: pb::MinorsMoveKind::BuyInfluence as i32,
            on: owner_pb(on),
        },
        Move::DeclareWarOnMinor { minor } => pb::MinorsMove {
            kind: pb::MinorsMoveKind::DeclareWarOnMinor as i32,
            on: owner_pb(minor),
        },
        Move::Intervene => pb::MinorsMove {
            kind: pb::MinorsMoveKind::Intervene as i32,
            on: 0,
        },
        Move::Isolate => pb::MinorsMove {
            kind: pb::MinorsMoveKind::Isolate as i32,
            on: 0,
        },
        Move::UlsterToDublin => pb::MinorsMove {
            kind: pb::MinorsMoveKind::UlsterToDublin as i32,
            on: 0,
        },
    }
}

pub fn move_from_pb(p: &pb::MinorsMove) -> Result<Move, String> {
    match pb::MinorsMoveKind::try_from(p.kind) {
        Ok(pb::MinorsMoveKind::BuyInfluence) => Ok(Move::BuyInfluence {
            on: owner_from(p.on)?,
        }),
        Ok(pb::MinorsMoveKind::DeclareWarOnMinor) => {
            let minor = owner_from(p.on)?;
            if !minor.is_minor() {
                return Err(format!("{minor:?} is no minor power"));
            }
            Ok(Move::DeclareWarOnMinor { minor })
        }
        Ok(pb::MinorsMoveKind::Intervene) => Ok(Move::Intervene),
        Ok(pb::MinorsMoveKind::Isolate) => Ok(Move::Isolate),
        Ok(pb::MinorsMoveKind::UlsterToDublin) => Ok(Move::UlsterToDublin),
        _ => Err(format!("minors move kind {} unknown", p.kind)),
    }
}

pub fn event_to_pb(e: &Event) -> pb::MinorsEvent {
    use pb::MinorsEventKind as K;
    let mut p = pb::MinorsEvent::default();
    match e {
        Event::InfluenceBought { on, by, now } => {
            p.kind = K::InfluenceBought as i32;
            p.of = owner_pb(*on);
            p.by = pw_pb(*by);
            p.influence = *now as u32;
        }
        Event::StatusDetermined { of, rolls, winner } => {
            p.kind = K::StatusDetermined as i32;
            p.of = owner_pb(*of);
            p.by = pw_pb(*winner);
            p.rolls = rolls
                .iter()
                .map(|&(q, die, total)| pb::InfluenceRoll {
                    power: pw_pb(q),
                    die: die as u32,
                    total: total as u32,
                })
                .collect();
        }
        Event::Activated { of, by } => {
            p.kind = K::Activated as i32;
            p.of = owner_pb(*of);
            p.by = pw_pb(*by);
        }
        Event::Deactivated { of } => {
            p.kind = K::Deactivated as i32;
            p.of = owner_pb(*of);
        }
        Event::WarOnMinor { by, minor } => {
            p.kind = K::WarOnMinor as i32;
            p.of = owner_pb(*minor);
            p.by = pw_pb(*by);
        }
        Event::Isolated { minor, by } => {
            p.kind = K::Isolated as i32;
            p.of = owner_pb(*minor);
            p.by = pw_pb(*by);
        }
    }
    p
}

pub fn view_to_pb(v: &View) -> pb::MinorsView {
    pb::MinorsView {
        influence: v
            .influence
            .iter()
            .map(|&(t, p, n)| pb::InfluenceMarker {
                on: owner_pb(t),
                by: pw_pb(p),
                boxes: n as u32,
            })
            .collect(),
        determined: v.determined.iter().map(|&t| owner_pb(t)).collect(),
        allies: v
            .allies
            .iter()
            .map(|&(m, a)| pb::MinorAlly {
                minor: owner_pb(m),
                ally: pw_pb(a),
            })
            .collect(),
        activated: v
            .activated
            .iter()
            .map(|&(m, c)| pb::ActivatedMajor {
                major: pw_pb(m),
                controller: c.map(pw_pb),
            })
            .collect(),
        wars: v
            .wars
            .iter()
            .map(|&(m, p)| pb::MinorAlly {
                minor: owner_pb(m),
                ally: pw_pb(p),
            })
            .collect(),
    }
}
