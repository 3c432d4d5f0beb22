//! Arranging marriages in the negotiation segment ([9.1] agreement 9, [21]; RULINGS S9):
//! a marriage of one noble of each of two powers is a clause of an announcement
//! (`diplomacy::announce`, `Deal::Marriage`), checked here when drafted and again at
//! confirmation, and engaged here when the announcement takes effect; a power marrying
//! two of its own nobles needs nobody's consent and announces it with the royals move.

use signoria_engine::Scoped;

use crate::board::at_war;
use crate::model::{self, Pw};

use super::nobles::{self, Status};
use super::wedding::Couple;
use super::{Event, Frame, Move};

/// Nobles never offered for a marriage (RULINGS S1), with the reason `unsupported`
/// names: Leicester, whose aging bonus is printed on his card (not in the seed), and
/// the Earl of Arran, a Scottish noble the seed gives to no major (only Mary Stuart is
/// arranged by France, [23.3] L2076). The other bonuses are in `wedding` ([21.1]).
pub fn refused(n: u8) -> Option<&'static str> {
    if nobles::owner(n).is_none() {
        return Some(
            "a major to arrange it: the seed gives this Scottish noble to no major (France arranges Mary Stuart only, [23.3] L2076)",
        );
    }
    match nobles::info(n).bonus.as_str() {
        "aging" => Some("Leicester's aging bonus (printed on his card, not in the seed)"),
        _ => None,
    }
}

/// Whether `n` may be part of a new arrangement now ([9.1], [21]): never Mary Stuart
/// while she is captured in England ([9.1] L668) or dead.
pub fn offerable(s: &model::State, n: u8) -> bool {
    refused(n).is_none()
        && nobles::available(s, n)
        && (nobles::id(n) != "mary_stuart" || super::mary(s) == super::Mary::Scotland)
}

/// Why `who` may not propose this couple (None: it may).
pub fn check(s: &model::State, who: Pw, to: Pw, c: Couple) -> Result<(), String> {
    if !nobles::is_male(c.groom) || nobles::is_male(c.bride) {
        return Err("a marriage joins a male and a female noble".into());
    }
    for n in [c.groom, c.bride] {
        if let Some(why) = refused(n) {
            return Err(format!(
                "{} is not offered: the marriage needs {why}",
                nobles::info(n).name
            ));
        }
        if !offerable(s, n) {
            return Err(format!("{} cannot marry now", nobles::info(n).name));
        }
    }
    let (g, b) = (nobles::owner(c.groom), nobles::owner(c.bride));
    if !(g == Some(who) && b == Some(to) || b == Some(who) && g == Some(to)) {
        return Err("the proposer gives one noble, the other power the other".into());
    }
    let fam = |n: u8| nobles::info(n).family;
    if fam(c.groom).is_some() && fam(c.groom) == fam(c.bride) {
        return Err("two nobles of the same family may not marry ([9.1] L667)".into());
    }
    if s.seat_opt(who).is_none() || s.seat_opt(to).is_none() {
        return Err("a power without a seat arranges no marriage".into());
    }
    if who != to && at_war(s, who, to) {
        return Err("powers at war may not marry their nobles ([9.1])".into());
    }
    Ok(())
}

/// The couples `who` and `to` may marry now (`who == to`: two of `who`'s own nobles).
pub fn couples(s: &model::State, who: Pw, to: Pw) -> Vec<Couple> {
    let n = nobles::count();
    let mut v = Vec::new();
    for groom in (0..n).filter(|&i| nobles::is_male(i)) {
        for bride in (0..n).filter(|&i| !nobles::is_male(i)) {
            let c = Couple { groom, bride };
            if check(s, who, to, c).is_ok() {
                v.push(c);
            }
        }
    }
    v
}

/// The royals move of `who`'s negotiation turn: announcing its own couple (a marriage
/// with another power is a clause of an announcement, RULINGS S9).
pub fn choices(s: &model::State, who: Pw) -> Vec<model::Move> {
    couples(s, who, who)
        .into_iter()
        .map(|couple| model::Move::Royals(Move::Propose { to: who, couple }))
        .collect()
}

/// Announce `who`'s own couple: engaged at once, nobody's consent needed (RULINGS S9).
pub fn propose(s: &mut model::State, who: Pw, c: Couple, ev: &mut Vec<Scoped<model::Event>>) {
    ev.push(Scoped::public(model::Event::Royals(Event::Proposed {
        from: who,
        to: who,
        groom: c.groom,
        bride: c.bride,
    })));
    engage(s, c, ev);
}

/// The couple is engaged (stacked by the marriage display until the marriage phase).
/// Mary Stuart's marriage is carried out at once, in the negotiation segment ([9.1]
/// L660, [21] L1849): its frame runs before the negotiation goes on.
pub fn engage(s: &mut model::State, c: Couple, ev: &mut Vec<Scoped<model::Event>>) {
    nobles::set(s, c.groom, Status::Engaged);
    nobles::set(s, c.bride, Status::Engaged);
    s.royals.engaged.push(c);
    ev.push(Scoped::public(model::Event::Royals(Event::Engaged {
        groom: c.groom,
        bride: c.bride,
    })));
    if nobles::id(c.bride) == "mary_stuart" {
        s.stack.push(model::Frame::Royals(Frame::Wed { couple: c }));
    }
}
