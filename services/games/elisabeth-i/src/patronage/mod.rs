//! Patronage [22]: artists and scientists, sponsorship, evaluation, the science bonuses, and their cards.
//!
//! - `figures`: the artists, scientists and VP markers (`data/patronage.json`);
//! - `sponsor`: the CP actions sponsor an artist / a scientist ([22.1], [22.2]);
//! - `evaluation`: the patronage phase ([7] step 7), VP markers, the science bonuses.
//!
//! Everything here is public (the display, the random pick and the rolls are open).

pub mod evaluation;
pub mod figures;
pub mod le_testu;
pub mod science;
pub mod sponsor;

use serde::{Deserialize, Serialize};
use signoria_engine::{GameRng, Scoped, Seat, Viewer};

use crate::events::EventDef;
use crate::model::{self, Moment, Pw, Step};
use crate::pb;

use figures::Pile;

/// Where an artist or scientist is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum FigStatus {
    /// Available (from its entry turn on).
    #[default]
    Pool,
    /// On the patronage display this turn, sponsored by `by` with `cp` CP.
    Sponsored { by: Pw, cp: u8 },
    /// Finished for the game with a VP marker or a science bonus.
    Finished { by: Pw },
    /// Out of the game.
    Removed,
}

/// Its decisions (`model::Frame::Patronage`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Frame {
    /// Evaluate one sponsored figure (automatic).
    Evaluate { figure: u8 },
    /// A scientist's award: a VP marker (up to `max`) or a science bonus ([22.2]).
    Award { who: Pw, figure: u8, max: u8 },
    /// A science-bonus treasure: `who` picks an unclaimed useful bonus ([11]).
    Treasure { who: Pw },
}

/// Its choices (`model::Move::Patronage`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// Sponsor an artist (or a scientist) with 2-4 CP ([22.1], [22.2]).
    Sponsor { scientist: bool, cp: u8 },
    /// The scientist's award as VP.
    TakeVp,
    /// The scientist's award as this science bonus.
    TakeBonus(String),
}

/// What happened (`model::Event::Patronage`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    Sponsored {
        figure: u8,
        power: Pw,
        cp: u8,
    },
    Evaluated {
        figure: u8,
        power: Pw,
        dice: [u8; 2],
        result: u8,
    },
    Returned {
        figure: u8,
    },
    Removed {
        figure: u8,
    },
    Vp {
        figure: u8,
        power: Pw,
        vp: u8,
    },
    Bonus {
        figure: u8,
        power: Pw,
        bonus: String,
    },
    /// A science bonus taken with a treasure ([11]).
    TreasureBonus {
        power: Pw,
        bonus: String,
    },
}

/// Its part of the game state (`model::State.patronage`; stored only when not default).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// One per figure of `data/patronage.json` (empty: all in the pool).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub figures: Vec<FigStatus>,
    /// VP markers taken.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub taken: Vec<(Pile, u8)>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub vp: Vec<i16>,
    /// Science bonuses won: (bonus, owner).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bonuses: Vec<(String, Pw)>,
}

/// Its part of a viewer's view (`view::View.patronage`): all public.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct View {
    pub figures: Vec<(u8, FigStatus)>,
    pub vp: Vec<i16>,
    pub bonuses: Vec<(String, Pw)>,
}

/// Its card events (chained by `events::registry`).
pub static EVENTS: &[EventDef] = &[];

/// Its frame kinds on which a seat decides (the playouts check that each is reached).
pub const DECISION_KINDS: &[&str] = &["science_award"];
/// Its frame kinds that never wait for a seat.
pub const AUTOMATIC_KINDS: &[&str] = &["evaluate"];

pub fn status(s: &model::State, i: u8) -> FigStatus {
    s.patronage
        .figures
        .get(i as usize)
        .copied()
        .unwrap_or_default()
}

pub fn set(s: &mut model::State, i: u8, st: FigStatus, ev: &mut Vec<Scoped<model::Event>>) {
    if s.patronage.figures.is_empty() {
        s.patronage.figures = vec![FigStatus::Pool; figures::count() as usize];
    }
    s.patronage.figures[i as usize] = st;
    match st {
        FigStatus::Pool => ev.push(Scoped::public(model::Event::Patronage(Event::Returned {
            figure: i,
        }))),
        FigStatus::Removed => ev.push(Scoped::public(model::Event::Patronage(Event::Removed {
            figure: i,
        }))),
        _ => {}
    }
}

pub fn kind(f: &Frame) -> &'static str {
    match f {
        Frame::Evaluate { .. } => "evaluate",
        Frame::Award { .. } | Frame::Treasure { .. } => "science_award",
    }
}

/// The power deciding the frame (None: automatic, see [`auto`]).
pub fn decider(_s: &model::State, f: &Frame) -> Option<Pw> {
    match f {
        Frame::Evaluate { .. } => None,
        Frame::Award { who, .. } | Frame::Treasure { who } => Some(*who),
    }
}

pub fn choices(s: &model::State, f: &Frame) -> Vec<model::Move> {
    match f {
        Frame::Evaluate { .. } => Vec::new(),
        Frame::Award {
            who, figure, max, ..
        } => {
            let mut v = Vec::new();
            if evaluation::best_marker(s, figures::figure(*figure).kind, *max).is_some() {
                v.push(model::Move::Patronage(Move::TakeVp));
            }
            for b in evaluation::free_bonuses(s, *who) {
                v.push(model::Move::Patronage(Move::TakeBonus(b.to_string())));
            }
            v
        }
        Frame::Treasure { who } => evaluation::free_bonuses(s, *who)
            .into_iter()
            .map(|b| model::Move::Patronage(Move::TakeBonus(b.to_string())))
            .collect(),
    }
}

use crate::labels::power_name as name;

pub fn prompt(_s: &model::State, f: &Frame) -> String {
    match f {
        Frame::Evaluate { .. } => String::new(),
        Frame::Award { who, figure, max } => format!(
            "{}: {} earns up to {max} VP or a science bonus",
            name(*who),
            figures::figure(*figure).name
        ),
        Frame::Treasure { who } => format!("{}: choose a science bonus (treasure)", name(*who)),
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
        (Frame::Award { who, figure, max }, model::Move::Patronage(Move::TakeVp)) => {
            let m = evaluation::best_marker(s, figures::figure(figure).kind, max).expect("listed");
            evaluation::take_vp(s, figure, who, m, ev);
        }
        (Frame::Award { who, figure, .. }, model::Move::Patronage(Move::TakeBonus(b))) => {
            evaluation::take_bonus(s, figure, who, b, ev);
        }
        (Frame::Treasure { who }, model::Move::Patronage(Move::TakeBonus(b))) => {
            s.patronage.bonuses.push((b.clone(), who));
            ev.push(Scoped::public(model::Event::Patronage(
                Event::TreasureBonus {
                    power: who,
                    bonus: b.clone(),
                },
            )));
        }
        (f, m) => unreachable!("patronage: {m:?} on {f:?}"),
    }
}

/// Run an automatic frame (already popped from the stack).
pub fn auto(s: &mut model::State, f: Frame, ev: &mut Vec<Scoped<model::Event>>) {
    match f {
        Frame::Evaluate { figure } => {
            let mut rng = s.rng.clone();
            evaluation::evaluate(s, figure, &mut rng, ev);
            s.rng = rng;
        }
        f => unreachable!("patronage: {f:?} has a decider"),
    }
}

/// Its CP actions `who` may take with `cp` CP left in the impulse ([11]).
pub fn actions(s: &model::State, who: Pw, cp: u8) -> Vec<model::Move> {
    sponsor::actions(s, who, cp)
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
    match mv {
        Move::Sponsor { scientist, cp } => {
            sponsor::sponsor(s, who, *scientist, *cp, ev);
            *cp
        }
        m => unreachable!("patronage: {m:?} is no CP action"),
    }
}

/// What it does at a fixed moment of the turn ([7]); it may push frames.
pub fn at(s: &mut model::State, when: Moment, _ev: &mut Vec<Scoped<model::Event>>) {
    // [7] step 7: the patronage phase.
    if when == Moment::After(Step::Patronage) {
        evaluation::phase(s);
    }
}

/// Its VP for `p` ([25.2]).
pub fn vp(s: &model::State, p: Pw) -> i16 {
    s.patronage.vp.get(p as usize).copied().unwrap_or(0)
}

/// Its change to the number of cards `p` draws ([6.2] step 4).
pub fn card_bonus(_s: &model::State, _p: Pw) -> i8 {
    0
}

pub fn describe(_s: &model::State, mv: &Move) -> String {
    match mv {
        Move::Sponsor {
            scientist: false,
            cp,
        } => format!("sponsor an artist ({cp} CP)"),
        Move::Sponsor {
            scientist: true,
            cp,
        } => format!("sponsor a scientist ({cp} CP)"),
        Move::TakeVp => "take the VP".into(),
        Move::TakeBonus(b) => format!("take the science bonus {b}"),
    }
}

pub fn view(s: &model::State, _viewer: Viewer) -> View {
    View {
        figures: (0..figures::count()).map(|i| (i, status(s, i))).collect(),
        vp: (0..6).map(|p| vp(s, p)).collect(),
        bonuses: s.patronage.bonuses.clone(),
    }
}

/// Its rule invariants (checked after every move of the playouts).
pub fn violations(s: &model::State) -> Vec<String> {
    let mut v = Vec::new();
    for p in 0..6u8 {
        for artist in [true, false] {
            let n = (0..figures::count())
                .filter(|&i| {
                    figures::figure(i).kind.is_artist() == artist
                        && matches!(status(s, i), FigStatus::Sponsored { by, .. } if by == p)
                })
                .count();
            if n > 1 {
                v.push(format!("power {p} sponsors {n} figures of one side"));
            }
        }
    }
    for (pile, val) in &s.patronage.taken {
        let total: usize = figures::piles(match pile {
            Pile::Literature => figures::Kind::Literature,
            Pile::Painter => figures::Kind::Painter,
            Pile::Architect => figures::Kind::Architect,
            Pile::ArtistAny => figures::Kind::Literature,
            Pile::Science => figures::Kind::Scientist,
        })
        .iter()
        .filter(|(p, _)| p == pile)
        .map(|(_, vs)| vs.iter().filter(|&&x| x == *val).count())
        .sum();
        let used = s
            .patronage
            .taken
            .iter()
            .filter(|x| *x == &(*pile, *val))
            .count();
        if used > total {
            v.push(format!("more {pile:?} {val}-VP markers taken than exist"));
        }
    }
    let mut b: Vec<&String> = s.patronage.bonuses.iter().map(|(x, _)| x).collect();
    b.sort();
    let n = b.len();
    b.dedup();
    if b.len() != n {
        v.push("a science bonus owned twice".into());
    }
    v
}

/// Redraw what `seat` may not see of it: nothing is secret.
pub fn resample(_s: &mut model::State, _seat: Seat, _rng: &mut GameRng) {}

/// Why a move that is not listed is refused, when the reason is a rule of this
/// subsystem that is not implemented (an UNSUPPORTED message naming the rule).
pub fn unsupported(_s: &model::State, mv: &model::Move) -> Option<String> {
    match mv {
        model::Move::Patronage(Move::TakeBonus(b))
            if !evaluation::BONUSES.contains(&b.as_str()) =>
        {
            Some(format!(
                "the science bonus {b} is not offered: it is none of the seed's bonuses (RULINGS S8, I3)"
            ))
        }
        _ => None,
    }
}

fn status_pb(st: FigStatus) -> pb::PatronageFigure {
    use pb::PatronageFigureStatus as S;
    let (status, power, cp) = match st {
        FigStatus::Pool => (S::Pool, None, 0),
        FigStatus::Sponsored { by, cp } => (S::Sponsored, Some(by), cp),
        FigStatus::Finished { by } => (S::Finished, Some(by), 0),
        FigStatus::Removed => (S::Removed, None, 0),
    };
    pb::PatronageFigure {
        figure: 0,
        status: status as i32,
        power: power.map(|p| p as u32),
        cp: cp as u32,
    }
}

pub fn move_to_pb(m: &Move) -> pb::PatronageMove {
    use pb::PatronageMoveKind as K;
    let mut p = pb::PatronageMove::default();
    match m {
        Move::Sponsor { scientist, cp } => {
            p.kind = K::Sponsor as i32;
            p.scientist = Some(*scientist);
            p.cp = Some(*cp as u32);
        }
        Move::TakeVp => p.kind = K::TakeVp as i32,
        Move::TakeBonus(b) => {
            p.kind = K::TakeBonus as i32;
            p.bonus = Some(b.clone());
        }
    }
    p
}

pub fn move_from_pb(p: &pb::PatronageMove) -> Result<Move, String> {
    use pb::PatronageMoveKind as K;
    match K::try_from(p.kind) {
        Ok(K::Sponsor) => {
            let cp = match p.cp {
                Some(c @ 2..=4) => c as u8,
                _ => return Err("sponsoring costs 2-4 CP".into()),
            };
            Ok(Move::Sponsor {
                scientist: p.scientist.ok_or("sponsor needs its side")?,
                cp,
            })
        }
        Ok(K::TakeVp) => Ok(Move::TakeVp),
        Ok(K::TakeBonus) => Ok(Move::TakeBonus(
            p.bonus.clone().ok_or("a science bonus needs its name")?,
        )),
        _ => Err(format!("patronage move kind {} unknown", p.kind)),
    }
}

pub fn event_to_pb(e: &Event) -> pb::PatronageEvent {
    use pb::PatronageEventKind as K;
    let mut p = pb::PatronageEvent::default();
    let (k, figure, power) = match e {
        Event::Sponsored { figure, power, cp } => {
            p.cp = Some(*cp as u32);
            (K::Sponsored, *figure, Some(*power))
        }
        Event::Evaluated {
            figure,
            power,
            dice,
            result,
        } => {
            p.dice = dice.iter().map(|&d| d as u32).collect();
            p.result = Some(*result as u32);
            (K::Evaluated, *figure, Some(*power))
        }
        Event::Returned { figure } => (K::Returned, *figure, None),
        Event::Removed { figure } => (K::Removed, *figure, None),
        Event::Vp { figure, power, vp } => {
            p.vp = Some(*vp as u32);
            (K::Vp, *figure, Some(*power))
        }
        Event::Bonus {
            figure,
            power,
            bonus,
        } => {
            p.bonus = Some(bonus.clone());
            (K::Bonus, *figure, Some(*power))
        }
        Event::TreasureBonus { power, bonus } => {
            p.bonus = Some(bonus.clone());
            (K::TreasureBonus, 0, Some(*power))
        }
    };
    p.kind = k as i32;
    p.figure = figure as u32;
    p.power = power.map(|x| x as u32);
    p
}

pub fn view_to_pb(v: &View) -> pb::PatronageView {
    pb::PatronageView {
        figures: v
            .figures
            .iter()
            .map(|(i, st)| pb::PatronageFigure {
                figure: *i as u32,
                ..status_pb(*st)
            })
            .collect(),
        vp: v.vp.iter().map(|&x| x as i32).collect(),
        bonuses: v
            .bonuses
            .iter()
            .map(|(b, p)| pb::PatronageBonus {
                bonus: b.clone(),
                power: *p as u32,
            })
            .collect(),
    }
}
