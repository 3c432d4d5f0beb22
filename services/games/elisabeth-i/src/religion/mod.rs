//! Religion [18]: the religious struggle, rebellions, the Protestants [23.6], the Catholic League [20.10] and their cards.
//!
//! A subsystem module: its own decisions ([`Frame`]), choices ([`Move`]), events
//! ([`Event`]), state ([`State`], `model::State.religion`), view ([`View`]) and card events
//! ([`EVENTS`]), wired into the shared types by one variant or field each. The religious
//! influence of a space is `model::SpaceState.protestant` (set up from the printed side);
//! the rules are in the submodules: [`faith`] (affiliation of units, core presence, the
//! conditions of [18.5]), [`conversion`] (sermon [18.2], suppress heresy [18.3], the
//! conversion procedures [18.5]), [`rebellion`] ([18.4], [18.5]), [`capitals`] ([23.6]),
//! [`score`] ([25.1], [25.2]), [`cards`] (the religious card events), [`pb`] (proto).

pub mod capitals;
pub mod cards;
pub mod conversion;
pub mod faith;
pub mod league;
pub mod pb;
pub mod rebellion;
pub mod score;

use serde::{Deserialize, Serialize};
use signoria_engine::{GameRng, Scoped, Seat, Viewer};

use crate::data::{Faction, PoolOwner, ReligiousZone, SpaceId, data};
use crate::events::EventDef;
use crate::model::{self, Moment, Pw};

pub use conversion::Conversion;
pub use faith::Faith;
pub use rebellion::Rebellion;

/// Its decisions (`model::Frame::Religion`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Frame {
    /// A conversion procedure waiting for the converting power ([18.5]).
    Convert(Conversion),
    /// A successful rebellion waiting for the Protestants: more spaces (step 4), the
    /// capital (step 7).
    Rebellion(Rebellion),
}

/// Its choices (`model::Move::Religion`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// Sermon (2 CP, [18.2]): 5 attempts in the zone.
    Sermon { zone: ReligiousZone },
    /// Suppress heresy (2 CP, [18.3]): 5 attempts in the zone.
    Suppress { zone: ReligiousZone },
    /// Rebellion of `cp` CP (2-5) against a space ([18.4]).
    Rebel { space: SpaceId, cp: u8 },
    /// Turn a 6 into a 5 and cancel an unrest marker ([18.5] step 4 / 3).
    CancelUnrest,
    /// Keep the unrest markers.
    KeepUnrest,
    /// Save a major conversion for the last step.
    Save,
    /// Flip a space meeting all three conditions (a major conversion used at once, or a
    /// minor conversion).
    Flip { space: SpaceId },
    /// Flip a space meeting the first two conditions with a saved major conversion.
    MajorFlip { space: SpaceId },
    /// Place an unrest marker on a space this procedure flipped.
    Unrest { space: SpaceId },
    /// A rebellion also takes control of this adjacent space ([18.5] step 4).
    Extend { space: SpaceId },
    /// Place the zone's Protestant capital here ([18.5] step 7).
    Capital { space: SpaceId },
    /// No more (spaces, capital).
    Done,
}

/// What happened (`model::Event::Religion`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// Conversion attempts rolled (the dice of step 1).
    Attempts {
        power: Pw,
        faith: Faith,
        zone: ReligiousZone,
        dice: Vec<u8>,
    },
    /// A space changed its religious influence.
    Flipped {
        space: SpaceId,
        faith: Faith,
    },
    UnrestPlaced {
        space: SpaceId,
    },
    /// A rebellion's dice (none when it succeeded automatically) and its outcome.
    Rebellion {
        space: SpaceId,
        cp: u8,
        dice: Vec<u8>,
        hits: u8,
        success: bool,
    },
    /// Land units displaced ([12.5]); `to` None: eliminated for want of a place.
    Displaced {
        owner: PoolOwner,
        from: SpaceId,
        to: Option<SpaceId>,
    },
    /// Regulars a rebellion brings ([18.5] step 5).
    RebelsRaised {
        space: SpaceId,
        owner: PoolOwner,
        count: u8,
    },
    CapitalPlaced {
        faction: Faction,
        space: SpaceId,
    },
    /// The League's die ([20.10]): the die and the French home spaces of the Protestants.
    LeagueRoll {
        die: u8,
        spaces: u8,
    },
    /// The Catholic League formed: its spaces (Reims first).
    LeagueFormed {
        spaces: Vec<SpaceId>,
    },
}

/// Its part of the game state (`model::State.religion`; stored only when not default).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// The Protestant capitals on the map ([23.6]), sorted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub capitals: Vec<(Faction, SpaceId)>,
    /// Capitals taken this turn (their marker on the turn track, [18.5] step 7).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub capital_lost: Vec<Faction>,
    /// Rebellions of this turn: (impulse, zone) ([18.4]: two in one impulse target
    /// different zones).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rebellions: Vec<(u16, ReligiousZone)>,
    /// The turn in which the Catholic League formed ([20.10]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub league: Option<u8>,
}

impl State {
    /// The faction's capital, if on the map.
    pub fn capital(&self, f: Faction) -> Option<SpaceId> {
        self.capitals.iter().find(|c| c.0 == f).map(|c| c.1)
    }
}

/// The scenario's religious state (its Protestant capitals).
pub fn setup(sc: &crate::data::Scenario) -> State {
    State {
        capitals: capitals::setup(sc),
        ..Default::default()
    }
}

/// Its part of a viewer's view (`view::View.religion`): all public.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct View {
    /// The Protestant-spaces track ([25.2]).
    pub protestant_spaces: u32,
    pub capitals: Vec<(Faction, SpaceId)>,
    /// The turn the Catholic League formed, if it did ([20.10]).
    pub league: Option<u8>,
}

/// Its card events (chained by `events::registry`).
pub static EVENTS: &[EventDef] = &[cards::HUGUENOT_FAST];

/// Its frame kinds on which a seat decides (the playouts check that each is reached).
pub const DECISION_KINDS: &[&str] = &["conversion", "rebellion"];
/// Its frame kinds that never wait for a seat.
pub const AUTOMATIC_KINDS: &[&str] = &[];

pub fn kind(f: &Frame) -> &'static str {
    match f {
        Frame::Convert(_) => "conversion",
        Frame::Rebellion(_) => "rebellion",
    }
}

/// The power deciding the frame (None: automatic, see [`auto`]).
pub fn decider(_s: &model::State, f: &Frame) -> Option<Pw> {
    match f {
        Frame::Convert(c) => Some(c.who),
        Frame::Rebellion(_) => Some(rebellion::PRO),
    }
}

pub fn choices(s: &model::State, f: &Frame) -> Vec<model::Move> {
    match f {
        Frame::Convert(c) => conversion::choices(s, c),
        Frame::Rebellion(r) => rebellion::choices(s, r),
    }
}

pub fn prompt(_s: &model::State, f: &Frame) -> String {
    match f {
        Frame::Convert(c) => conversion::prompt(c),
        Frame::Rebellion(r) => rebellion::prompt(r),
    }
}

/// Apply a listed choice to the frame on top of the stack (`f` is a copy of it).
pub fn resolve(
    s: &mut model::State,
    f: Frame,
    mv: &model::Move,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    let model::Move::Religion(m) = mv else {
        unreachable!("a religion frame takes religion moves: {mv:?}")
    };
    match f {
        Frame::Convert(c) => conversion::resolve(s, c, m, ev),
        Frame::Rebellion(r) => rebellion::resolve(s, r, m, ev),
    }
    check_victory(s, ev);
}

/// Run an automatic frame (already popped from the stack).
pub fn auto(_s: &mut model::State, f: Frame, _ev: &mut Vec<Scoped<model::Event>>) {
    unreachable!("religion frames are decided by a seat: {f:?}")
}

/// Its CP actions `who` may take with `cp` CP left in the impulse ([11]): sermon and
/// suppress heresy ([18.2], [18.3]; not when core presence leaves no space to change,
/// [18.1]) and rebellions ([18.4]).
pub fn actions(s: &model::State, who: Pw, cp: u8) -> Vec<model::Move> {
    let mut v = Vec::new();
    if cp >= conversion::ACTION_CP {
        for &(zone, f) in conversion::action_zones(who) {
            if conversion::may_begin(s, zone, f) {
                v.push(model::Move::Religion(if conversion::is_sermon(who, zone) {
                    Move::Sermon { zone }
                } else {
                    Move::Suppress { zone }
                }));
            }
        }
    }
    v.extend(rebellion::actions(s, who, cp));
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
    match *mv {
        Move::Sermon { zone } | Move::Suppress { zone } => {
            conversion::begin_action(s, who, zone, ev);
            conversion::ACTION_CP
        }
        Move::Rebel { space, cp } => {
            // [18.5] step 2: one die per CP, one more in a Protestant home space.
            let n = cp + u8::from(data().space(space).is_split());
            let dice: Vec<u8> = (0..n).map(|_| s.rng.die(6) as u8).collect();
            rebellion::begin(s, space, cp, &dice, ev);
            cp
        }
        ref m => unreachable!("not a religion action: {m:?}"),
    }
}

/// [25.1]: a religious (or any automatic) victory ends the game during the action phase
/// (the game checks after every action and event; this after the procedures' decisions).
fn check_victory(s: &mut model::State, ev: &mut Vec<Scoped<model::Event>>) {
    if s.winners.is_some() {
        return;
    }
    if let Some((w, how)) = crate::victory::automatic(s) {
        ev.push(Scoped::public(model::Event::Victory {
            powers: w.clone(),
            kind: how.clone(),
        }));
        s.winners = Some((w, how));
        s.stack.clear();
    }
}

/// What it does at a fixed moment of the turn ([7]): capitals taken go to the turn track
/// ([23.6]); a new turn frees them and forgets the rebellions; the end of winter checks
/// the Catholic League ([20.10]).
pub fn at(s: &mut model::State, when: Moment, ev: &mut Vec<Scoped<model::Event>>) {
    capitals::sweep(s);
    match when {
        Moment::TurnBegins => {
            s.religion.capital_lost.clear();
            s.religion.rebellions.clear();
        }
        Moment::After(model::Step::Winter) => league::check(s, ev),
        _ => {}
    }
}

/// Its VP for `p` ([25.2]): the Protestant-spaces track.
pub fn vp(s: &model::State, p: Pw) -> i16 {
    score::track_vp(s, p)
}

/// Its change to the number of cards `p` draws ([6.2] step 4): none (the Protestants'
/// draw by key rows, [23.6], is the deal's).
pub fn card_bonus(_s: &model::State, _p: Pw) -> i8 {
    0
}

pub fn zone_name(z: ReligiousZone) -> &'static str {
    match z {
        ReligiousZone::England => "England",
        ReligiousZone::France => "France",
        ReligiousZone::Netherlands => "the Netherlands",
        ReligiousZone::Scotland => "Scotland",
    }
}

pub fn describe(_s: &model::State, mv: &Move) -> String {
    let d = data();
    let n = |x: SpaceId| d.space(x).name.clone();
    match *mv {
        Move::Sermon { zone } => format!("Sermon in {} (2 CP)", zone_name(zone)),
        Move::Suppress { zone } => format!("Suppress heresy in {} (2 CP)", zone_name(zone)),
        Move::Rebel { space, cp } => format!("Rebellion in {} ({cp} CP)", n(space)),
        Move::CancelUnrest => "Turn a 6 into a 5: no unrest marker".into(),
        Move::KeepUnrest => "Keep the unrest".into(),
        Move::Save => "Save the major conversion".into(),
        Move::Flip { space } => format!("Convert {}", n(space)),
        Move::MajorFlip { space } => format!("Convert {} (saved major conversion)", n(space)),
        Move::Unrest { space } => format!("Unrest in {}", n(space)),
        Move::Extend { space } => format!("Take control of {}", n(space)),
        Move::Capital { space } => format!("Capital in {}", n(space)),
        Move::Done => "Done".into(),
    }
}

pub fn view(s: &model::State, _viewer: Viewer) -> View {
    View {
        protestant_spaces: score::track(s),
        capitals: s.religion.capitals.clone(),
        league: s.religion.league,
    }
}

/// Its rule invariants (checked after every move of the playouts): core presence in
/// every zone ([18.1]); capitals fortified, one per faction, in the faction's zone
/// ([23.6]).
pub fn violations(s: &model::State) -> Vec<String> {
    let d = data();
    let mut v = Vec::new();
    for z in faith::ZONES {
        for f in [Faith::Protestant, Faith::Catholic] {
            if faith::count_in_zone(s, z, f) == 0 {
                v.push(format!("core presence: no {f:?} space left in {z:?}"));
            }
        }
    }
    for (i, &(f, x)) in s.religion.capitals.iter().enumerate() {
        let zone = match f {
            Faction::Huguenot => ReligiousZone::France,
            Faction::Dutch => ReligiousZone::Netherlands,
        };
        if !crate::board::fortified(s, x) || d.space(x).zone != Some(zone) {
            v.push(format!("capital of the {f:?} in {}", d.space(x).key));
        }
        if s.religion.capitals[..i].iter().any(|c| c.0 == f) {
            v.push(format!("two capitals of the {f:?}"));
        }
    }
    v
}

/// Redraw what `seat` may not see of it: nothing of religion is secret.
pub fn resample(_s: &mut model::State, _seat: Seat, _rng: &mut GameRng) {}

/// Why a move that is not listed is refused, when the reason is a rule of this
/// subsystem that is not implemented (an UNSUPPORTED message naming the rule).
pub fn unsupported(_s: &model::State, _mv: &model::Move) -> Option<String> {
    None
}

pub fn move_to_pb(m: &Move) -> crate::pb::ReligionMove {
    pb::move_to_pb(m)
}

pub fn move_from_pb(p: &crate::pb::ReligionMove) -> Result<Move, String> {
    pb::move_from_pb(p)
}

pub fn event_to_pb(e: &Event) -> crate::pb::ReligionEvent {
    pb::event_to_pb(e)
}

pub fn view_to_pb(v: &View) -> crate::pb::ReligionView {
    pb::view_to_pb(v)
}
