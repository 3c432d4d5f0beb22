//! Espionage [19]: informants, agents, Jesuits, gathering intelligence, assassination, the English Catholic rebellion, and their cards.
//!
//! - `agents`: the markers of [19], planting agents and Jesuits ([19.2], [8.2]), the
//!   winter reset ([20.8]);
//! - `intelligence`: gather intelligence ([19.1]); what a spy learns goes to its seat only;
//! - `assassination`: [19.3];
//! - `rebellion`: the English Catholic rebellion ([19.4], [25.1]);
//! - `execution`: Mary Stuart's execution ([23.3]).
//!
//! No espionage action in turns 1 and 2 ([19]).

pub mod agents;
pub mod assassination;
pub mod execution;
pub mod intelligence;
pub mod rebellion;

use serde::{Deserialize, Serialize};
use signoria_engine::{GameRng, Scoped, Seat, Viewer};

use crate::data::{CardId, SpaceId, data};
use crate::events::EventDef;
use crate::model::{self, Moment, Pw, Step};
use crate::pb;

use agents::Informant;
use assassination::Target;

/// The first turn with espionage ([19]).
pub const FIRST_TURN: u8 = 3;

/// Its decisions (`model::Frame::Espionage`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Frame {
    /// Spain: the target and the spaces of the English Catholic rebellion ([19.4]).
    Rebellion(rebellion::Rising),
    /// England: execute the captured Mary Stuart or not ([23.3]).
    Execute,
}

/// Its choices (`model::Move::Espionage`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// Gather intelligence on a power (2 CP, [19.1]).
    Gather { target: Pw },
    /// Plant an agent on a power's card, from the pool (`from` None) or moved from
    /// another power's card (2 CP, [19.2]).
    Plant { target: Pw, from: Option<Pw> },
    /// Spain: a Jesuit from its power card into a space in England (2 CP, [19.2]).
    Jesuit { space: SpaceId },
    /// Assassination with 2-4 CP ([19.3]).
    Assassinate { target: Target, cp: u8 },
    /// Spain: the English Catholic rebellion with 3-5 CP ([19.4]).
    Rebellion { cp: u8 },
    /// [19.4] step 2: the target.
    RebellionTarget { space: SpaceId },
    /// [19.4] step 5: one more adjacent space to Spanish control.
    RebellionExtend { space: SpaceId },
    /// End the rebellion's choices (no target: it fails).
    RebellionDone,
    /// England: execute Mary Stuart (true) or not ([23.3]).
    ExecuteMary(bool),
}

/// What happened (`model::Event::Espionage`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    MarkersReceived,
    /// *Englisches Kolleg, Douai* played: 2 Jesuits per card draw from now on.
    Douai,
    Gathered {
        power: Pw,
        target: Pw,
        dice: Vec<u8>,
        hits: u8,
    },
    /// To the spying seat only.
    HandSeen {
        target: Pw,
        cards: Vec<CardId>,
    },
    Neutralized {
        owner: Pw,
        on: Pw,
    },
    CardTaken {
        power: Pw,
        from: Pw,
    },
    /// To the two seats only.
    CardTakenIs {
        from: Pw,
        card: CardId,
    },
    AgentPlanted {
        power: Pw,
        target: Pw,
    },
    JesuitPlaced {
        space: SpaceId,
    },
    JesuitRemoved {
        space: SpaceId,
    },
    Assassination {
        power: Pw,
        target: Target,
        attack: Vec<u8>,
        defence: Vec<u8>,
        killed: bool,
    },
    /// [19.4]: Spain's and England's dice; whether the rebellion result came.
    CatholicRebellion {
        cp: u8,
        attack: Vec<u8>,
        defence: Vec<u8>,
        rises: bool,
    },
    /// [19.4] step 3: the target, the dice against its Protestant units, the outcome.
    RebellionTarget {
        space: SpaceId,
        dice: Vec<u8>,
        success: bool,
    },
    /// [23.3]: Mary Stuart executed by England.
    MaryExecuted,
}

/// Its part of the game state (`model::State.espionage`; stored only when not default).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// The informant markers (handed out at the start of turn 3).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub informants: Vec<Informant>,
    /// Powers whose "Assassination Used" marker is on the turn track.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub assassinated: Vec<Pw>,
    /// Jesuits on Spain's power card ([8.2]).
    #[serde(default)]
    pub jesuits_card: u8,
    /// Spaces in England with a Jesuit.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub jesuits: Vec<SpaceId>,
    /// *Englisches Kolleg, Douai* was played: 2 Jesuits per card draw ([8.2]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub douai: bool,
    /// VP from assassinations ([19.3]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub vp: Vec<i16>,
    /// Spain won the Catholic rebellion victory ([25.1]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub catholic_victory: bool,
}

/// Its part of a viewer's view (`view::View.espionage`): the markers are public; what a
/// spy learned reaches its seat only as events.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct View {
    pub douai: bool,
    pub informants: Vec<Informant>,
    pub assassinated: Vec<Pw>,
    pub jesuits_card: u8,
    pub jesuits: Vec<SpaceId>,
    pub vp: Vec<i16>,
}

/// Its card events (chained by `events::registry`).
pub static EVENTS: &[EventDef] = &[agents::ENGLISH_COLLEGE_DOUAI];

/// Its frame kinds on which a seat decides (the playouts check that each is reached).
/// (`catholic_rebellion` needs a rare roll of a rarely chosen action and `execute_mary`
/// Mary Stuart captured, which the Campaign never has: the random games do not reach them
/// reliably, so both are pinned by `tests/intrigue2.rs` instead.)
pub const DECISION_KINDS: &[&str] = &[];
/// Its frame kinds that never wait for a seat.
pub const AUTOMATIC_KINDS: &[&str] = &[];

pub fn kind(f: &Frame) -> &'static str {
    match f {
        Frame::Rebellion(_) => "catholic_rebellion",
        Frame::Execute => "execute_mary",
    }
}

/// The power deciding the frame (None: automatic, see [`auto`]).
pub fn decider(_s: &model::State, f: &Frame) -> Option<Pw> {
    match f {
        Frame::Rebellion(_) => Some(agents::SPAIN),
        Frame::Execute => Some(execution::decider()),
    }
}

pub fn choices(s: &model::State, f: &Frame) -> Vec<model::Move> {
    match f {
        Frame::Rebellion(r) => rebellion::choices(s, r),
        Frame::Execute => execution::choices(),
    }
}

pub fn prompt(_s: &model::State, f: &Frame) -> String {
    match f {
        Frame::Rebellion(r) => rebellion::prompt(r),
        Frame::Execute => "England: execute Mary Stuart (1 VP)?".into(),
    }
}

/// Apply a listed choice to the frame on top of the stack (`f` is a copy of it).
pub fn resolve(
    s: &mut model::State,
    f: Frame,
    mv: &model::Move,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    let model::Move::Espionage(m) = mv else {
        unreachable!("an espionage frame takes espionage moves: {mv:?}")
    };
    match f {
        Frame::Rebellion(r) => {
            let mut rng = s.rng.clone();
            rebellion::resolve(s, r, m, &mut rng, ev);
            s.rng = rng;
        }
        Frame::Execute => {
            s.stack.pop();
            if *m == Move::ExecuteMary(true) {
                execution::execute(s, ev);
            }
        }
    }
}

/// Run an automatic frame (already popped from the stack).
pub fn auto(_s: &mut model::State, f: Frame, _ev: &mut Vec<Scoped<model::Event>>) {
    unreachable!("espionage frames are decided by a seat: {f:?}")
}

/// Its CP actions `who` may take with `cp` CP left in the impulse ([11]); none in turns
/// 1 and 2 ([19]).
pub fn actions(s: &model::State, who: Pw, cp: u8) -> Vec<model::Move> {
    let mut v = Vec::new();
    if s.turn < FIRST_TURN || cp < 2 {
        return v;
    }
    let m = model::Move::Espionage;
    for target in (0..6).filter(|&t| t != who) {
        v.push(m(Move::Gather { target }));
    }
    for (target, from) in agents::plant_choices(s, who) {
        v.push(m(Move::Plant { target, from }));
    }
    if who == agents::SPAIN && s.espionage.jesuits_card > 0 {
        for space in agents::jesuit_spaces(s) {
            v.push(m(Move::Jesuit { space }));
        }
    }
    if assassination::may(s, who) {
        for (target, _) in assassination::targets(s, who) {
            for c in 2..=cp.min(4) {
                v.push(m(Move::Assassinate { target, cp: c }));
            }
        }
    }
    if rebellion::may(s, who) {
        for c in 3..=cp.min(5) {
            v.push(m(Move::Rebellion { cp: c }));
        }
    }
    v
}

/// Carry out one of its CP actions; returns the CP it costs now.
pub fn act(
    s: &mut model::State,
    who: Pw,
    _cp: u8,
    mv: &Move,
    ev: &mut Vec<Scoped<model::Event>>,
) -> u8 {
    let mut rng = s.rng.clone();
    let cost = match mv {
        Move::Gather { target } => {
            intelligence::gather(s, who, *target, &mut rng, ev);
            2
        }
        Move::Plant { target, from } => {
            agents::plant(s, who, *target, *from, ev);
            2
        }
        Move::Jesuit { space } => {
            agents::place_jesuit(s, *space, ev);
            2
        }
        Move::Assassinate { target, cp } => {
            assassination::attempt(s, who, *target, *cp, &mut rng, ev);
            *cp
        }
        Move::Rebellion { cp } => {
            rebellion::attempt(s, *cp, &mut rng, ev);
            *cp
        }
        m => unreachable!("not an espionage action: {m:?}"),
    };
    s.rng = rng;
    cost
}

/// What it does at a fixed moment of the turn ([7]); it may push frames.
pub fn at(s: &mut model::State, when: Moment, ev: &mut Vec<Scoped<model::Event>>) {
    match when {
        Moment::TurnBegins if s.turn >= FIRST_TURN && s.espionage.informants.is_empty() => {
            agents::hand_out(s);
            ev.push(Scoped::public(model::Event::Espionage(
                Event::MarkersReceived,
            )));
        }
        Moment::After(Step::CardDraw) => agents::allot_jesuits(s),
        Moment::After(Step::Winter) => agents::winter_reset(s),
        _ => {}
    }
}

/// Its VP for `p` ([25.2]): assassinations.
pub fn vp(s: &model::State, p: Pw) -> i16 {
    s.espionage.vp.get(p as usize).copied().unwrap_or(0)
}

/// Its change to the number of cards `p` draws ([6.2] step 4).
pub fn card_bonus(_s: &model::State, _p: Pw) -> i8 {
    0
}

use crate::labels::power_name as name;

fn target_name(t: Target) -> String {
    match t {
        Target::Elizabeth => "Elizabeth I".into(),
        Target::Leader(l) => data().army_leaders[l as usize].name.clone(),
    }
}

pub fn describe(_s: &model::State, mv: &Move) -> String {
    match mv {
        Move::Gather { target } => format!("gather intelligence on {}", name(*target)),
        Move::Plant { target, from: None } => format!("plant an agent on {}", name(*target)),
        Move::Plant {
            target,
            from: Some(f),
        } => format!("move the agent from {} to {}", name(*f), name(*target)),
        Move::Jesuit { space } => format!("place a Jesuit in {}", data().space(*space).name),
        Move::Assassinate { target, cp } => {
            format!("assassination of {} ({cp} CP)", target_name(*target))
        }
        Move::Rebellion { cp } => format!("English Catholic rebellion ({cp} CP)"),
        Move::RebellionTarget { space } => {
            format!("the rebellion rises in {}", data().space(*space).name)
        }
        Move::RebellionExtend { space } => {
            format!("{} joins the rebellion", data().space(*space).name)
        }
        Move::RebellionDone => "end the rebellion's choices".into(),
        Move::ExecuteMary(true) => "execute Mary Stuart".into(),
        Move::ExecuteMary(false) => "spare Mary Stuart".into(),
    }
}

pub fn view(s: &model::State, _viewer: Viewer) -> View {
    View {
        douai: s.espionage.douai,
        informants: s.espionage.informants.clone(),
        assassinated: s.espionage.assassinated.clone(),
        jesuits_card: s.espionage.jesuits_card,
        jesuits: s.espionage.jesuits.clone(),
        vp: (0..6).map(|p| vp(s, p)).collect(),
    }
}

/// Its rule invariants (checked after every move of the playouts).
pub fn violations(s: &model::State) -> Vec<String> {
    let mut v = Vec::new();
    let e = &s.espionage;
    for p in 0..6u8 {
        let n = e.informants.iter().filter(|i| i.owner == p).count();
        if n != 0 && n != agents::INFORMANTS as usize {
            v.push(format!("power {p} has {n} informants"));
        }
        for t in 0..6u8 {
            let k = e
                .informants
                .iter()
                .filter(|i| i.owner == p && i.on == Some(t))
                .count();
            if k > 1 || (k > 0 && t == p) {
                v.push(format!("power {p} has {k} informants on power {t}"));
            }
        }
    }
    if !e.informants.is_empty() && s.turn < FIRST_TURN {
        v.push("informants before turn 3".into());
    }
    let total = data().tables.spanish_allotment.jesuits_total as usize;
    if e.jesuits.len() + e.jesuits_card as usize > total {
        v.push("more than 5 Jesuits".into());
    }
    let mut j = e.jesuits.clone();
    j.dedup();
    if j.len() != e.jesuits.len() {
        v.push("two Jesuits in one space".into());
    }
    if e.jesuits
        .iter()
        .any(|&x| data().space(x).home != crate::data::Power::England)
    {
        v.push("a Jesuit outside England".into());
    }
    v
}

/// Redraw what `seat` may not see of it: its state is public (hands are redrawn by
/// `hidden`).
pub fn resample(_s: &mut model::State, _seat: Seat, _rng: &mut GameRng) {}

/// Why a move that is not listed is refused, when the reason is a rule of this
/// subsystem that is not implemented (an UNSUPPORTED message naming the rule).
pub fn unsupported(_s: &model::State, _mv: &model::Move) -> Option<String> {
    None
}

fn target_pb(t: Target) -> (Option<u32>, bool) {
    match t {
        Target::Leader(l) => (Some(l as u32), false),
        Target::Elizabeth => (None, true),
    }
}

pub fn move_to_pb(m: &Move) -> pb::EspionageMove {
    use pb::EspionageMoveKind as K;
    let mut p = pb::EspionageMove::default();
    match m {
        Move::Gather { target } => {
            p.kind = K::Gather as i32;
            p.target = Some(*target as u32);
        }
        Move::Plant { target, from } => {
            p.kind = K::Plant as i32;
            p.target = Some(*target as u32);
            p.from = from.map(|x| x as u32);
        }
        Move::Jesuit { space } => {
            p.kind = K::Jesuit as i32;
            p.space = Some(space.0 as u32);
        }
        Move::Assassinate { target, cp } => {
            p.kind = K::Assassinate as i32;
            let (l, e) = target_pb(*target);
            p.leader = l;
            p.elizabeth = Some(e);
            p.cp = Some(*cp as u32);
        }
        Move::Rebellion { cp } => {
            p.kind = K::Rebellion as i32;
            p.cp = Some(*cp as u32);
        }
        Move::RebellionTarget { space } => {
            p.kind = K::RebellionTarget as i32;
            p.space = Some(space.0 as u32);
        }
        Move::RebellionExtend { space } => {
            p.kind = K::RebellionExtend as i32;
            p.space = Some(space.0 as u32);
        }
        Move::RebellionDone => p.kind = K::RebellionDone as i32,
        Move::ExecuteMary(x) => {
            p.kind = K::ExecuteMary as i32;
            p.execute = Some(*x);
        }
    }
    p
}

pub fn move_from_pb(p: &pb::EspionageMove) -> Result<Move, String> {
    use pb::EspionageMoveKind as K;
    let power = |x: Option<u32>| -> Result<Pw, String> {
        match x {
            Some(t) if t < 6 => Ok(t as Pw),
            _ => Err("a power index out of range".into()),
        }
    };
    let space = |x: Option<u32>| -> Result<SpaceId, String> {
        match x {
            Some(x) if (x as usize) < data().spaces.len() => Ok(SpaceId(x as u16)),
            _ => Err("a space out of range".into()),
        }
    };
    match K::try_from(p.kind) {
        Ok(K::Gather) => Ok(Move::Gather {
            target: power(p.target)?,
        }),
        Ok(K::Plant) => Ok(Move::Plant {
            target: power(p.target)?,
            from: match p.from {
                None => None,
                f => Some(power(f)?),
            },
        }),
        Ok(K::Jesuit) => Ok(Move::Jesuit {
            space: space(p.space)?,
        }),
        Ok(K::RebellionTarget) => Ok(Move::RebellionTarget {
            space: space(p.space)?,
        }),
        Ok(K::RebellionExtend) => Ok(Move::RebellionExtend {
            space: space(p.space)?,
        }),
        Ok(K::RebellionDone) => Ok(Move::RebellionDone),
        Ok(K::ExecuteMary) => Ok(Move::ExecuteMary(
            p.execute.ok_or("execute_mary needs execute")?,
        )),
        Ok(K::Assassinate) => {
            let target = match (p.elizabeth, p.leader) {
                (Some(true), None) => Target::Elizabeth,
                (Some(false) | None, Some(l)) if (l as usize) < data().army_leaders.len() => {
                    Target::Leader(l as u8)
                }
                _ => return Err("an assassination needs a leader or Elizabeth".into()),
            };
            let cp = match p.cp {
                Some(c @ 2..=4) => c as u8,
                _ => return Err("an assassination costs 2-4 CP".into()),
            };
            Ok(Move::Assassinate { target, cp })
        }
        Ok(K::Rebellion) => match p.cp {
            Some(c @ 3..=5) => Ok(Move::Rebellion { cp: c as u8 }),
            _ => Err("the English Catholic rebellion costs 3-5 CP".into()),
        },
        _ => Err(format!("espionage move kind {} unknown", p.kind)),
    }
}

pub fn event_to_pb(e: &Event) -> pb::EspionageEvent {
    use pb::EspionageEventKind as K;
    let mut p = pb::EspionageEvent::default();
    let pw = |x: &Pw| Some(*x as u32);
    let k = match e {
        Event::MarkersReceived => K::MarkersReceived,
        Event::Douai => K::Douai,
        Event::Gathered {
            power,
            target,
            dice,
            hits,
        } => {
            p.power = pw(power);
            p.target = pw(target);
            p.dice = dice.iter().map(|&d| d as u32).collect();
            p.hits = Some(*hits as u32);
            K::Gathered
        }
        Event::HandSeen { target, cards } => {
            p.target = pw(target);
            p.cards = cards.iter().map(|c| c.0 as u32).collect();
            K::HandSeen
        }
        Event::Neutralized { owner, on } => {
            p.power = pw(owner);
            p.target = pw(on);
            K::Neutralized
        }
        Event::CardTaken { power, from } => {
            p.power = pw(power);
            p.target = pw(from);
            K::CardTaken
        }
        Event::CardTakenIs { from, card } => {
            p.target = pw(from);
            p.cards = vec![card.0 as u32];
            K::CardTakenIs
        }
        Event::AgentPlanted { power, target } => {
            p.power = pw(power);
            p.target = pw(target);
            K::AgentPlanted
        }
        Event::JesuitPlaced { space } => {
            p.space = Some(space.0 as u32);
            K::JesuitPlaced
        }
        Event::JesuitRemoved { space } => {
            p.space = Some(space.0 as u32);
            K::JesuitRemoved
        }
        Event::Assassination {
            power,
            target,
            attack,
            defence,
            killed,
        } => {
            p.power = pw(power);
            let (l, el) = target_pb(*target);
            p.leader = l;
            p.elizabeth = Some(el);
            p.dice = attack.iter().map(|&d| d as u32).collect();
            p.defence = defence.iter().map(|&d| d as u32).collect();
            p.killed = Some(*killed);
            K::Assassination
        }
        Event::CatholicRebellion {
            cp,
            attack,
            defence,
            rises,
        } => {
            p.cp = Some(*cp as u32);
            p.dice = attack.iter().map(|&d| d as u32).collect();
            p.defence = defence.iter().map(|&d| d as u32).collect();
            p.success = Some(*rises);
            K::CatholicRebellion
        }
        Event::RebellionTarget {
            space,
            dice,
            success,
        } => {
            p.space = Some(space.0 as u32);
            p.dice = dice.iter().map(|&d| d as u32).collect();
            p.success = Some(*success);
            K::RebellionTarget
        }
        Event::MaryExecuted => K::MaryExecuted,
    };
    p.kind = k as i32;
    p
}

pub fn view_to_pb(v: &View) -> pb::EspionageView {
    pb::EspionageView {
        informants: v
            .informants
            .iter()
            .map(|i| pb::EspionageInformant {
                owner: i.owner as u32,
                on: i.on.map(|x| x as u32),
                neutralized: i.neutralized,
            })
            .collect(),
        assassination_used: v.assassinated.iter().map(|&p| p as u32).collect(),
        jesuits_on_card: v.jesuits_card as u32,
        jesuits: v.jesuits.iter().map(|x| x.0 as u32).collect(),
        vp: v.vp.iter().map(|&x| x as i32).collect(),
        english_college_douai: v.douai,
    }
}
