//! Power-specific rules [23] (France [23.4], the HRE [23.5], foreign wars [23.7]), ruler changes, and the other named card events.
//!
//! A subsystem module: its own decisions ([`Frame`]), choices ([`Move`]), events
//! ([`Event`]), state ([`State`], `model::State.majors`), view ([`View`]) and card events
//! ([`EVENTS`]), wired into the shared types by one variant or field each. The functions
//! below are the hooks the shared modules call, one delegating arm each (crate README,
//! "How to add a subsystem or a card event"); fill them in here, split into submodules
//! named after their rules as the subsystem grows.

use serde::{Deserialize, Serialize};
use signoria_engine::{GameRng, Scoped, Seat, Viewer};

pub mod default_leader;
pub mod england;
pub mod foreign_wars;
pub mod france;
pub mod hre;
pub mod ottoman;
pub mod protestant;
pub mod rulers;

use crate::data::{CardId, SpaceId};
use crate::events::EventDef;
use crate::model::{self, Moment, Preference, Pw, UnitKind};
use crate::pb;

/// Its decisions (`model::Frame::Majors`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Frame {
    /// *Die jungfräuliche Königin* played: England takes a card from the discard pile or
    /// calls Elizabeth's engagement off ([23.3]).
    VirginQueen,
    /// A foreign war begins: its power sends units and a leader to the card ([23.7]).
    ForeignCommit { card: CardId },
    /// The power that played the war card sets the foreign army ([23.7]).
    ForeignStrength { card: CardId },
    /// The power at war abroad takes `left` more losses on the card ([23.7], [14]).
    ForeignLosses { card: CardId, left: u8 },
    /// Winter: the Protestants may take army leaders off the map onto their power card
    /// ([23.6]).
    LeadersOffMap,
    /// The Ottoman places `left` more unrest markers of the Morisco revolt: the event's in
    /// Spanish home spaces, or the winter spread near the unit ([23.1], [20.1]; `morisco`).
    MoriscoUnrest { left: u8, winter: bool },
    /// After the event's unrest the Morisco unit enters (automatic, [23.1]).
    MoriscoEnters,
}

/// Its choices (`model::Move::Majors`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// Take this card from the discard pile ([6.2]).
    Retrieve { card: CardId },
    /// Call Elizabeth's engagement off ([23.3]).
    Jilt,
    /// Send a unit from a space to the foreign war ([23.7]).
    Commit { space: SpaceId, unit: UnitKind },
    /// Send an army leader to the foreign war ([23.7]).
    CommitLeader { leader: u8 },
    /// The foreign army's strength ([23.7], RULINGS F2).
    ForeignStrength { n: u8 },
    /// Fight the foreign war on this card (1 CP, [23.7]).
    FightForeignWar { card: CardId },
    /// Raise a unit directly on the war card ([17.2], [23.7]).
    RaiseAbroad { card: CardId, unit: UnitKind },
    /// Lose a unit of this kind on the war card.
    LoseAbroad { unit: UnitKind },
    /// Take this Protestant army leader off the map onto the power card ([23.6]).
    LeaderOffMap { leader: u8 },
}

/// What happened (`model::Event::Majors`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// The HRE named its preference in the victory determination ([23.5]).
    PreferenceRevealed { preference: Preference },
    /// A power's capital moved (the HRE's to Prague, [23.5]).
    CapitalMoved { power: Pw, to: SpaceId },
    /// An attempt at the Suez Canal: the die, the lowest die that finishes it ([23.1]).
    SuezAttempt { die: u8, target: u8, built: bool },
    /// A card taken from the discard pile by *Die jungfräuliche Königin* ([23.3]).
    Retrieved { power: Pw, card: CardId },
    /// Elizabeth jilted `groom`; his power (None: no major) rolled `die` on the table
    /// and receives `mercenaries` and `cp` ([23.3]).
    Jilted {
        groom: u8,
        power: Option<Pw>,
        die: u8,
        mercenaries: u8,
        cp: u8,
    },
    /// A foreign war began on `card` for `power`, played by `by` ([23.7]).
    ForeignWarBegun { card: CardId, power: Pw, by: Pw },
    /// A unit or a leader of `power` left `space` for the war card.
    SentAbroad {
        card: CardId,
        power: Pw,
        space: SpaceId,
        unit: Option<UnitKind>,
        leader: Option<u8>,
    },
    /// The foreign army of `card` set at `strength` (the War Winner marker with 5).
    ForeignArmy {
        card: CardId,
        power: Pw,
        strength: u8,
        war_winner: bool,
    },
    /// A battle on the war card: the power's dice and hits, the foreign army's.
    ForeignBattle {
        card: CardId,
        power: Pw,
        dice: Vec<u8>,
        hits: u8,
        foreign_dice: Vec<u8>,
        foreign_hits: u8,
    },
    /// Units of `power` lost on the war card.
    LostAbroad {
        card: CardId,
        power: Pw,
        troops: model::Troops,
    },
    /// A unit raised on the war card.
    RaisedAbroad {
        card: CardId,
        power: Pw,
        unit: UnitKind,
    },
    /// The foreign war is won: its units and leader went `home` (None: eliminated), and
    /// the War Winner VP when the marker lay on the card.
    ForeignWarWon {
        card: CardId,
        power: Pw,
        home: Option<SpaceId>,
        war_winner: bool,
    },
    /// A power's last army leader died: its default leader arrives in `turn` ([5.1]).
    DefaultLeaderPlaced { leader: u8, turn: u8 },
    /// A default leader left the game: an army leader of its power arrived ([8.1]).
    DefaultLeaderRemoved { leader: u8 },
    /// The Protestants took an army leader off the map onto their card ([23.6]).
    LeaderOffMap { leader: u8 },
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// Its part of the game state (`model::State.majors`; stored only when not default).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// The HRE revealed its preference ([23.5]): its column of the track counts.
    #[serde(default, skip_serializing_if = "is_false")]
    pub hre_revealed: bool,
    /// *Rudolf II.* moved the HRE's capital to Prague ([23.5]).
    #[serde(default, skip_serializing_if = "is_false")]
    pub hre_in_prague: bool,
    /// Failed Suez Canal attempts (the marker's box, [23.1]).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub suez_failures: u8,
    /// The Suez Canal is finished ([23.1]).
    #[serde(default, skip_serializing_if = "is_false")]
    pub suez_built: bool,
    /// The foreign wars in progress ([23.7]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub foreign_wars: Vec<foreign_wars::War>,
    /// One entry per War Winner VP scored ([23.7], [25.2]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub war_winners: Vec<Pw>,
}

/// Its part of a viewer's view (`view::View.majors`).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct View {
    /// The HRE's preference once revealed (public).
    pub hre_revealed: Option<Preference>,
    /// The HRE's secret column VP: only to the HRE's seat, before the reveal ([25.2]).
    pub hre_secret_vp: Option<i16>,
    /// The HRE's capital(s) now.
    pub hre_capitals: Vec<SpaceId>,
    pub suez_failures: u8,
    pub suez_built: bool,
    /// The foreign wars in progress (public, [23.7]).
    pub foreign_wars: Vec<foreign_wars::War>,
    /// The War Winner VP scored, one entry each.
    pub war_winners: Vec<Pw>,
}

/// Its card events (chained by `events::registry`).
pub static EVENTS: &[EventDef] = &[
    rulers::SELIM_II,
    hre::RUDOLF_II,
    ottoman::GRAND_VIZIER,
    england::VIRGIN_QUEEN,
    france::HENRY_III,
    foreign_wars::WAR_IN_PERSIA,
    foreign_wars::WAR_WITH_POLAND,
    foreign_wars::FREE_ELECTION_EVENT,
    crate::knights::MALTESERORDEN,
    crate::morisco::MORISCO_REVOLT,
];

/// [10] step 5: whether `who` may set `card` aside: when it holds a home card it may not
/// keep (the Virgin Queen after Elizabeth's death, [23.3]), only such a card.
pub fn may_set_aside(s: &model::State, who: Pw, card: CardId) -> bool {
    let barred: Vec<CardId> = s
        .ps(who)
        .hand
        .iter()
        .copied()
        .filter(|&c| crate::deal::is_home(c) && !england::may_keep(s, c))
        .collect();
    barred.is_empty() || barred.contains(&card)
}

/// The capitals of `p` now ([2.1]; the HRE's move to Prague, [23.5]); `board::capitals`.
pub fn capitals(s: &model::State, p: Pw) -> Vec<SpaceId> {
    if p == hre::HRE {
        return hre::capitals(s);
    }
    if p == protestant::PROTESTANT {
        return protestant::capitals(s);
    }
    crate::data::data().power(model::major(p)).capitals.clone()
}

/// Its frame kinds on which a seat decides (the playouts check that each is reached).
pub const DECISION_KINDS: &[&str] = &[
    "virgin_queen",
    "foreign_commit",
    "foreign_strength",
    "foreign_losses",
    "protestant_leaders_off_map",
    "morisco_unrest",
];
/// Its frame kinds that never wait for a seat.
pub const AUTOMATIC_KINDS: &[&str] = &["morisco_enters"];

pub fn kind(f: &Frame) -> &'static str {
    match *f {
        Frame::VirginQueen => "virgin_queen",
        Frame::ForeignCommit { .. } => "foreign_commit",
        Frame::ForeignStrength { .. } => "foreign_strength",
        Frame::ForeignLosses { .. } => "foreign_losses",
        Frame::LeadersOffMap => "protestant_leaders_off_map",
        Frame::MoriscoUnrest { .. } => "morisco_unrest",
        Frame::MoriscoEnters => "morisco_enters",
    }
}

/// The power deciding the frame (None: automatic, see [`auto`]).
pub fn decider(s: &model::State, f: &Frame) -> Option<Pw> {
    match *f {
        Frame::VirginQueen => Some(england::ENGLAND),
        Frame::LeadersOffMap => Some(protestant::PROTESTANT),
        Frame::MoriscoUnrest { .. } => Some(crate::morisco::OTTOMAN),
        Frame::MoriscoEnters => None,
        _ => foreign_wars::decider(s, f),
    }
}

pub fn choices(s: &model::State, f: &Frame) -> Vec<model::Move> {
    match *f {
        Frame::VirginQueen => england::choices(s),
        Frame::ForeignCommit { card } => foreign_wars::commit_choices(s, card),
        Frame::ForeignStrength { card } => foreign_wars::strength_choices(s, card),
        Frame::ForeignLosses { card, .. } => foreign_wars::loss_choices(s, card),
        Frame::LeadersOffMap => protestant::off_map_choices(s),
        Frame::MoriscoUnrest { winter, .. } => crate::morisco::choices(s, winter),
        Frame::MoriscoEnters => Vec::new(),
    }
}

pub fn prompt(s: &model::State, f: &Frame) -> String {
    match *f {
        Frame::VirginQueen => {
            "England: take a card from the discard pile, or call Elizabeth's engagement off".into()
        }
        Frame::LeadersOffMap => {
            "Protestants: take army leaders off the map onto the power card, or done".into()
        }
        Frame::MoriscoUnrest { left, winter } => crate::morisco::prompt(left, winter),
        _ => foreign_wars::prompt(s, f).unwrap_or_else(|| "A foreign war".into()),
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
        (Frame::VirginQueen, model::Move::Majors(m)) => {
            s.stack.pop();
            england::resolve(s, m, ev);
        }
        (Frame::ForeignCommit { card }, mv) => foreign_wars::resolve_commit(s, card, mv, ev),
        (Frame::ForeignStrength { card }, model::Move::Majors(Move::ForeignStrength { n })) => {
            foreign_wars::resolve_strength(s, card, *n, ev)
        }
        (Frame::ForeignLosses { card, left }, model::Move::Majors(Move::LoseAbroad { unit })) => {
            foreign_wars::resolve_loss(s, card, left, *unit, ev)
        }
        (Frame::LeadersOffMap, mv) => protestant::resolve_off_map(s, mv, ev),
        (Frame::MoriscoUnrest { left, winter }, mv) => {
            crate::morisco::resolve(s, left, winter, mv, ev)
        }
        (f, mv) => unreachable!("{mv:?} on {f:?}"),
    }
}

/// Run an automatic frame (already popped from the stack).
pub fn auto(s: &mut model::State, f: Frame, ev: &mut Vec<Scoped<model::Event>>) {
    match f {
        Frame::MoriscoEnters => crate::morisco::enter(s, ev),
        f => unreachable!("{f:?} is decided by a seat"),
    }
}

/// Its CP actions `who` may take with `cp` CP left in the impulse ([11]).
pub fn actions(s: &model::State, who: Pw, cp: u8) -> Vec<model::Move> {
    foreign_wars::actions(s, who, cp)
}

/// The action type of its CP actions for treasure extensions ([11]): fighting a foreign
/// war shares the land type with the assault ([23.7]), raising on the card the land type
/// of raising.
pub fn action_type(m: &Move) -> u8 {
    match m {
        Move::FightForeignWar { .. } | Move::RaiseAbroad { .. } => 0,
        _ => 15,
    }
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
    foreign_wars::act(s, who, mv, ev)
}

/// What it does at a fixed moment of the turn ([7]); it may push frames.
pub fn at(s: &mut model::State, when: Moment, ev: &mut Vec<Scoped<model::Event>>) {
    default_leader::arrivals(s, ev);
    // [23.1], [20.1]: the start of the winter phase, before its first step.
    if when == Moment::After(model::Step::Action) {
        crate::morisco::winter_start(s, ev);
    }
    // [23.6]: after the land units' winter return the Protestants may take leaders off.
    if when == Moment::After(model::Step::Winter) && !protestant::off_map_leaders(s).is_empty() {
        s.stack.push(model::Frame::Majors(Frame::LeadersOffMap));
    }
}

/// Its VP for `p` ([25.2]).
pub fn vp(s: &model::State, p: Pw) -> i16 {
    ottoman::vp(s, p) + if p == hre::HRE { hre::vp(s) } else { 0 } + foreign_wars::vp(s, p)
}

/// Its change to the number of cards `p` draws ([6.2] step 4).
pub fn card_bonus(s: &model::State, p: Pw) -> i8 {
    ottoman::card_bonus(s, p) + foreign_wars::card_bonus(s, p)
}

pub fn describe(_s: &model::State, mv: &Move) -> String {
    if let Some(d) = foreign_wars::describe(mv) {
        return d;
    }
    match *mv {
        Move::Retrieve { card } => format!(
            "take {} from the discard pile",
            crate::data::data()
                .card(card)
                .map_or("a card".into(), |c| c.title.clone())
        ),
        Move::Jilt => "Elizabeth calls her engagement off".into(),
        Move::LeaderOffMap { leader } => format!(
            "take {} off the map onto the Protestant power card",
            crate::data::data().army_leaders[leader as usize].name
        ),
        _ => unreachable!("described by its submodule"),
    }
}

pub fn view(s: &model::State, viewer: Viewer) -> View {
    let hre_seat = match viewer {
        Viewer::Omniscient => true,
        Viewer::Seat(x) => s.seat_opt(hre::HRE) == Some(x),
        Viewer::Public => false,
    };
    View {
        hre_revealed: hre::revealed(s),
        hre_secret_vp: hre_seat.then(|| hre::secret_vp(s)).flatten(),
        hre_capitals: hre::capitals(s),
        suez_failures: s.majors.suez_failures,
        suez_built: s.majors.suez_built,
        foreign_wars: s.majors.foreign_wars.clone(),
        war_winners: s.majors.war_winners.clone(),
    }
}

/// Its rule invariants (checked after every move of the playouts).
pub fn violations(s: &model::State) -> Vec<String> {
    let mut v = Vec::new();
    if s.majors.hre_revealed && s.ps(hre::HRE).preference.is_none() {
        v.push("the HRE revealed a preference it never recorded".into());
    }
    v.extend(foreign_wars::violations(s));
    v
}

/// Redraw what `seat` may not see of it (hidden-information check, search bots).
pub fn resample(s: &mut model::State, seat: Seat, rng: &mut GameRng) {
    hre::resample(s, seat, rng);
}

/// Why a move that is not listed is refused, when the reason is a rule of this
/// subsystem that is not implemented (an UNSUPPORTED message naming the rule).
pub fn unsupported(_s: &model::State, _mv: &model::Move) -> Option<String> {
    None
}

pub fn move_to_pb(m: &Move) -> pb::MajorsMove {
    use crate::proto::unit_pb;
    use pb::MajorsMoveKind as K;
    let mut p = pb::MajorsMove::default();
    let k = match *m {
        Move::Retrieve { card } => {
            p.card = card.0 as u32;
            K::Retrieve
        }
        Move::Jilt => K::Jilt,
        Move::Commit { space, unit } => {
            p.space = space.0 as u32;
            p.unit = unit_pb(unit);
            K::Commit
        }
        Move::CommitLeader { leader } => {
            p.leader = leader as u32;
            K::CommitLeader
        }
        Move::ForeignStrength { n } => {
            p.strength = n as u32;
            K::ForeignStrength
        }
        Move::FightForeignWar { card } => {
            p.card = card.0 as u32;
            K::FightForeignWar
        }
        Move::RaiseAbroad { card, unit } => {
            p.card = card.0 as u32;
            p.unit = unit_pb(unit);
            K::RaiseAbroad
        }
        Move::LoseAbroad { unit } => {
            p.unit = unit_pb(unit);
            K::LoseAbroad
        }
        Move::LeaderOffMap { leader } => {
            p.leader = leader as u32;
            K::LeaderOffMap
        }
    };
    p.kind = k as i32;
    p
}

pub fn move_from_pb(p: &pb::MajorsMove) -> Result<Move, String> {
    use pb::MajorsMoveKind as K;
    match K::try_from(p.kind) {
        Ok(K::Retrieve) => Ok(Move::Retrieve {
            card: crate::proto::card_from(p.card)?,
        }),
        Ok(K::Jilt) => Ok(Move::Jilt),
        Ok(K::Commit) => Ok(Move::Commit {
            space: crate::proto::space_from(p.space)?,
            unit: crate::proto::unit_from(p.unit)?,
        }),
        Ok(K::CommitLeader) => Ok(Move::CommitLeader {
            leader: crate::proto::leader_from(p.leader)?,
        }),
        Ok(K::ForeignStrength) => Ok(Move::ForeignStrength {
            n: u8::try_from(p.strength).map_err(|_| "strength out of range".to_string())?,
        }),
        Ok(K::FightForeignWar) => Ok(Move::FightForeignWar {
            card: crate::proto::card_from(p.card)?,
        }),
        Ok(K::RaiseAbroad) => Ok(Move::RaiseAbroad {
            card: crate::proto::card_from(p.card)?,
            unit: crate::proto::unit_from(p.unit)?,
        }),
        Ok(K::LoseAbroad) => Ok(Move::LoseAbroad {
            unit: crate::proto::unit_from(p.unit)?,
        }),
        Ok(K::LeaderOffMap) => Ok(Move::LeaderOffMap {
            leader: crate::proto::leader_from(p.leader)?,
        }),
        _ => Err(format!("majors move kind {} unknown", p.kind)),
    }
}

pub fn event_to_pb(e: &Event) -> pb::MajorsEvent {
    use pb::MajorsEventKind as K;
    let mut p = pb::MajorsEvent::default();
    let k = match *e {
        Event::PreferenceRevealed { preference } => {
            p.preference = crate::proto::pref_pb(preference);
            K::PreferenceRevealed
        }
        Event::CapitalMoved { power, to } => {
            p.power = crate::proto::power_pb(power);
            p.space = to.0 as u32;
            K::CapitalMoved
        }
        Event::SuezAttempt { die, target, built } => {
            p.die = die as u32;
            p.target = target as u32;
            p.built = built;
            K::SuezAttempt
        }
        Event::Retrieved { power, card } => {
            p.power = crate::proto::power_pb(power);
            p.card = card.0 as u32;
            K::Retrieved
        }
        Event::Jilted {
            groom,
            power,
            die,
            mercenaries,
            cp,
        } => {
            p.noble = groom as u32;
            p.power = power.map_or(0, crate::proto::power_pb);
            p.die = die as u32;
            p.mercenaries = mercenaries as u32;
            p.cp = cp as u32;
            K::Jilted
        }
        Event::ForeignWarBegun { card, power, by } => {
            p.card = card.0 as u32;
            p.power = crate::proto::power_pb(power);
            p.by = crate::proto::power_pb(by);
            K::ForeignWarBegun
        }
        Event::SentAbroad {
            card,
            power,
            space,
            unit,
            leader,
        } => {
            p.card = card.0 as u32;
            p.power = crate::proto::power_pb(power);
            p.space = space.0 as u32;
            p.unit = unit.map_or(0, crate::proto::unit_pb);
            p.leader = leader.unwrap_or(0) as u32;
            p.has_leader = leader.is_some();
            K::SentAbroad
        }
        Event::ForeignArmy {
            card,
            power,
            strength,
            war_winner,
        } => {
            p.card = card.0 as u32;
            p.power = crate::proto::power_pb(power);
            p.strength = strength as u32;
            p.war_winner = war_winner;
            K::ForeignArmy
        }
        Event::ForeignBattle {
            card,
            power,
            ref dice,
            hits,
            ref foreign_dice,
            foreign_hits,
        } => {
            p.card = card.0 as u32;
            p.power = crate::proto::power_pb(power);
            p.dice = dice.iter().map(|&d| d as u32).collect();
            p.hits = hits as u32;
            p.foreign_dice = foreign_dice.iter().map(|&d| d as u32).collect();
            p.foreign_hits = foreign_hits as u32;
            K::ForeignBattle
        }
        Event::LostAbroad {
            card,
            power,
            ref troops,
        } => {
            p.card = card.0 as u32;
            p.power = crate::proto::power_pb(power);
            p.troops = Some(crate::proto::troops_pb(troops));
            K::LostAbroad
        }
        Event::RaisedAbroad { card, power, unit } => {
            p.card = card.0 as u32;
            p.power = crate::proto::power_pb(power);
            p.unit = crate::proto::unit_pb(unit);
            K::RaisedAbroad
        }
        Event::ForeignWarWon {
            card,
            power,
            home,
            war_winner,
        } => {
            p.card = card.0 as u32;
            p.power = crate::proto::power_pb(power);
            p.space = home.map_or(0, |x| x.0 as u32);
            p.war_winner = war_winner;
            K::ForeignWarWon
        }
        Event::DefaultLeaderPlaced { leader, turn } => {
            p.leader = leader as u32;
            p.has_leader = true;
            p.turn = turn as u32;
            K::DefaultLeaderPlaced
        }
        Event::DefaultLeaderRemoved { leader } => {
            p.leader = leader as u32;
            p.has_leader = true;
            K::DefaultLeaderRemoved
        }
        Event::LeaderOffMap { leader } => {
            p.leader = leader as u32;
            p.has_leader = true;
            K::LeaderOffMap
        }
    };
    p.kind = k as i32;
    p
}

pub fn view_to_pb(v: &View) -> pb::MajorsView {
    pb::MajorsView {
        hre_revealed: v.hre_revealed.map_or(0, crate::proto::pref_pb),
        hre_secret_vp: v.hre_secret_vp.map(i32::from),
        hre_capitals: v.hre_capitals.iter().map(|x| x.0 as u32).collect(),
        suez_failures: v.suez_failures as u32,
        suez_built: v.suez_built,
        foreign_wars: v
            .foreign_wars
            .iter()
            .map(|w| pb::ForeignWarView {
                card: w.card.0 as u32,
                power: crate::proto::power_pb(w.power),
                by: crate::proto::power_pb(w.by),
                troops: Some(crate::proto::troops_pb(&w.troops)),
                leader: w.leader.map(u32::from),
                foreign: w.foreign as u32,
                war_winner: w.war_winner,
            })
            .collect(),
        war_winners: v
            .war_winners
            .iter()
            .map(|&p| crate::proto::power_pb(p))
            .collect(),
    }
}
