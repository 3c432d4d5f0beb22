//! The marriage bonuses that are actions a power carries out at once after the marriage
//! ([21.1] L1872-1876): adding influence (Lord Darnley, Mary Stuart; [24.5]), suppressing
//! heresy (Elisabeth of Austria; [18.3]) and a sermon (Earl of Arran; [18.2]).

use serde::{Deserialize, Serialize};
use signoria_engine::Scoped;

use crate::data::ReligiousZone;
use crate::minors::influence;
use crate::model::{self, Pw};
use crate::religion::conversion;

use super::nobles;
use super::wedding::Couple;
use super::{Frame, Move};

/// A bonus action waiting for its power's choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Bonus {
    /// One box of influence in a column the power may buy in ([24.5]; RULINGS S17).
    Influence,
    /// A sermon ([18.2]): 5 attempts in a zone of the power's sermons.
    Sermon,
    /// Suppress heresy ([18.3]): 5 attempts in a zone of the power's suppressions.
    Suppress,
}

impl Bonus {
    pub fn of(noble: u8) -> Option<Bonus> {
        match nobles::info(noble).bonus.as_str() {
            "add_influence" => Some(Bonus::Influence),
            "sermon" => Some(Bonus::Sermon),
            "suppress_heresy" => Some(Bonus::Suppress),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Bonus::Influence => "add influence",
            Bonus::Sermon => "a sermon",
            Bonus::Suppress => "suppress heresy",
        }
    }
}

/// The zones where `p` may carry out a conversion bonus now ([18.2], [18.3] table; not
/// where core presence leaves no space to change, [18.1]).
fn zones(s: &model::State, p: Pw, b: Bonus) -> Vec<ReligiousZone> {
    conversion::action_zones(p)
        .iter()
        .filter(|&&(z, f)| {
            conversion::is_sermon(p, z) == (b == Bonus::Sermon) && conversion::may_begin(s, z, f)
        })
        .map(|&(z, _)| z)
        .collect()
}

/// Whether the action exists for `p` at all ([18.2], [18.3]: who may preach, who may
/// suppress heresy).
fn has_action(p: Pw, b: Bonus) -> bool {
    conversion::action_zones(p)
        .iter()
        .any(|&(z, _)| conversion::is_sermon(p, z) == (b == Bonus::Sermon))
}

/// Who carries out `noble`'s bonus in the marriage `c` (RULINGS S17): influence is added
/// by the noble's power (Mary Stuart's: France, who arranges her); a sermon or a
/// suppression by the noble's power when [18.2] / [18.3] give it that action, else by the
/// other power of the couple when they give it to that one (Elisabeth of Austria: the
/// HRE suppresses no heresy, her husband's Spain, England or France does), else by none.
pub fn who(c: Couple, noble: u8, b: Bonus) -> Option<Pw> {
    let own = nobles::owner(noble)?;
    if b == Bonus::Influence {
        return Some(own);
    }
    let other = if c.groom == noble { c.bride } else { c.groom };
    [Some(own), nobles::owner(other)]
        .into_iter()
        .flatten()
        .find(|&p| has_action(p, b))
}

/// The choices of a bonus: the columns or zones open to `who` now.
pub fn choices(s: &model::State, who: Pw, b: Bonus) -> Vec<model::Move> {
    match b {
        Bonus::Influence => influence::buyable(s, who)
            .into_iter()
            .map(|t| model::Move::Royals(Move::Influence(t)))
            .collect(),
        Bonus::Sermon | Bonus::Suppress => zones(s, who, b)
            .into_iter()
            .map(|z| model::Move::Royals(Move::Convert(z)))
            .collect(),
    }
}

/// The bonus frames of a marriage that took place, in the order of its nobles (groom
/// first); a bonus with no choice open is lost (RULINGS S17).
pub fn frames(s: &model::State, c: Couple) -> Vec<Frame> {
    [c.groom, c.bride]
        .into_iter()
        .filter_map(|n| {
            let b = Bonus::of(n)?;
            let who = who(c, n, b)?;
            (!choices(s, who, b).is_empty()).then_some(Frame::Bonus { who, bonus: b })
        })
        .collect()
}

/// Carry out the chosen bonus action (no CP: the marriage gives it).
pub fn resolve(s: &mut model::State, who: Pw, mv: &Move, ev: &mut Vec<Scoped<model::Event>>) {
    match *mv {
        Move::Influence(t) => influence::buy(s, who, t, ev),
        Move::Convert(zone) => conversion::begin_action(s, who, zone, ev),
        ref m => unreachable!("royals: {m:?} is no bonus"),
    }
}

pub fn describe(mv: &Move) -> Option<String> {
    match *mv {
        Move::Influence(t) => Some(format!(
            "add influence with {} (marriage bonus)",
            crate::labels::major_name(t)
        )),
        Move::Convert(z) => Some(format!(
            "the marriage bonus's conversion attempts in {}",
            crate::religion::zone_name(z)
        )),
        _ => None,
    }
}
