//! Arranging marriages in the negotiation segment ([9.1] agreement 9, [21]): a power
//! proposes one of its nobles and one of another power's nobles of the other sex, the
//! other power accepts or rejects; a power marrying two of its own nobles announces it.

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
    if who != to && s.offered.contains(&(who, to)) {
        return Err("one marriage proposal per pair and segment (RULINGS S9)".into());
    }
    Ok(())
}

/// The proposals `who` may make in its negotiation turn.
pub fn choices(s: &model::State, who: Pw) -> Vec<model::Move> {
    let mut v = Vec::new();
    let n = nobles::count();
    for groom in (0..n).filter(|&i| nobles::is_male(i)) {
        for bride in (0..n).filter(|&i| !nobles::is_male(i)) {
            let c = Couple { groom, bride };
            for to in 0..6 {
                if check(s, who, to, c).is_ok() {
                    v.push(model::Move::Royals(Move::Propose { to, couple: c }));
                }
            }
        }
    }
    v
}

/// Make a proposal: a power's own couple is engaged at once, else the other power
/// decides.
pub fn propose(
    s: &mut model::State,
    who: Pw,
    to: Pw,
    c: Couple,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    ev.push(Scoped::public(model::Event::Royals(Event::Proposed {
        from: who,
        to,
        groom: c.groom,
        bride: c.bride,
    })));
    if who == to {
        engage(s, c, ev);
    } else {
        s.offered.push((who, to));
        s.stack.push(model::Frame::Royals(Frame::Consider {
            from: who,
            to,
            couple: c,
        }));
    }
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
