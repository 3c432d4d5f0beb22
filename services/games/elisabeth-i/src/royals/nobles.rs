//! The nobles on the marriage display ([21]): their boxes ("can marry", eligibility),
//! their entry, aging ([21.3]) and deaths ([21.4]).

use serde::{Deserialize, Serialize};
use signoria_engine::Scoped;

use crate::combat::Dice;
use crate::data::personalities::Sex;
use crate::data::{Noble, data};
use crate::model::{self, Pw};

use super::Event;

/// Where a noble is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Status {
    /// On the display (once its entry turn has come), free to be engaged.
    #[default]
    Free,
    /// Engaged this turn (the marriage is carried out in the marriage phase, [21.1]).
    Engaged,
    /// Married and out of play ([21.1]).
    Married,
    /// A married Valois noble on the French power card (1 bonus VP each, [21.1]).
    FrenchCard,
    /// Dead (assassinated, murdered, died in childbirth, [21.4]).
    Dead,
    /// William of Orange: back on the display next turn with eligibility 2 ([21.1]).
    Returns(u8),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct NobleState {
    pub status: Status,
    /// The "can marry" box: the current eligibility; 0 is below the boxes (no longer
    /// marriageable, RULINGS S2).
    pub elig: u8,
}

pub fn info(i: u8) -> &'static Noble {
    &data().nobles[i as usize]
}

pub fn id(i: u8) -> &'static str {
    info(i).id.as_str()
}

pub fn by_id(id: &str) -> u8 {
    data()
        .nobles
        .iter()
        .position(|n| n.id == id)
        .unwrap_or_else(|| panic!("no noble {id}")) as u8
}

pub fn count() -> u8 {
    data().nobles.len() as u8
}

/// The major arranging the noble's marriages: its own power, or for a minor's noble the
/// major the seed names (Mary Stuart: France, [23.3] L2076); None: the Earl of Arran,
/// whom the seed gives to no major (RULINGS S1).
pub fn owner(i: u8) -> Option<Pw> {
    model::pw(info(i).arranged_by.unwrap_or(info(i).power))
}

pub fn is_male(i: u8) -> bool {
    info(i).sex == Sex::M
}

/// The state of the display, created at the first turn from the data pack.
pub fn ensure(s: &mut model::State) {
    if s.royals.nobles.is_empty() {
        s.royals.nobles = data()
            .nobles
            .iter()
            .map(|n| NobleState {
                status: Status::Free,
                elig: n.eligibility,
            })
            .collect();
    }
}

pub fn get(s: &model::State, i: u8) -> NobleState {
    s.royals
        .nobles
        .get(i as usize)
        .copied()
        .unwrap_or(NobleState {
            status: Status::Free,
            elig: info(i).eligibility,
        })
}

pub fn set(s: &mut model::State, i: u8, st: Status) {
    ensure(s);
    s.royals.nobles[i as usize].status = st;
}

/// Whether the noble is in play on the display this turn: entered ([8.1]), free, on a
/// "can marry" box and not removed for the player count (RULINGS I5).
pub fn available(s: &model::State, i: u8) -> bool {
    let n = get(s, i);
    info(i).entry_turn.is_none_or(|t| t <= s.turn)
        && n.status == Status::Free
        && n.elig > 0
        && !removed(s, i)
}

/// Whether the player count removes the noble (`data/scenarios.json`
/// `removed_personalities`: Rudolf II with 2-5 players).
pub fn removed(s: &model::State, i: u8) -> bool {
    data()
        .player_count(s.n() as u8)
        .is_some_and(|c| c.removed_personalities.iter().any(|r| r == id(i)))
}

/// [21.3] aging after the marriages: unmarried women in a "can marry" box move down one
/// box; each such man stays on a 5-6 (one die), else moves down.
pub fn age(s: &mut model::State, dice: &mut impl Dice, ev: &mut Vec<Scoped<model::Event>>) {
    ensure(s);
    for i in 0..count() {
        if !available(s, i) {
            continue;
        }
        let stays = if is_male(i) { dice.d6() >= 5 } else { false };
        if !stays {
            let n = &mut s.royals.nobles[i as usize];
            n.elig -= 1;
            ev.push(Scoped::public(model::Event::Royals(Event::Aged {
                noble: i,
                eligibility: n.elig,
            })));
        }
    }
}

/// At the start of a turn: William of Orange returns with eligibility 2 ([21.1]).
pub fn returns(s: &mut model::State) {
    ensure(s);
    let turn = s.turn;
    for n in s.royals.nobles.iter_mut() {
        if n.status == Status::Returns(turn) {
            n.status = Status::Free;
            n.elig = 2;
        }
    }
}
