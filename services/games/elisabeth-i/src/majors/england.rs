//! England [23.3]: the home card *Die jungfräuliche Königin*: a card from the discard pile
//! ([6.2], [11]) or Elizabeth's engagement called off at the last minute, with the
//! jilted groom's power compensated by the table *Von Elisabeth sitzengelassen*
//! (reconstructed, `data/tables.json` `jilted_by_elizabeth`).

use signoria_engine::Scoped;

use super::{Event, Frame, Move};
use crate::data::{SpaceId, data};
use crate::events::{EventDef, Lasts, When, retrievable};
use crate::model::{self, Pw, State, UnitKind};
use crate::royals::nobles::{self, Status};
use crate::royals::wedding::Couple;

pub const ENGLAND: Pw = 2;
pub const KEY: &str = "the_virgin_queen";

fn elizabeth() -> u8 {
    nobles::by_id("elizabeth_i")
}

/// Elizabeth died (assassination, childbirth): the card may no longer be chosen in the
/// spring deployment nor played ([23.3]).
pub fn elizabeth_dead(s: &State) -> bool {
    nobles::get(s, elizabeth()).status == Status::Dead
}

/// Elizabeth's engagement of this turn, if any.
pub fn engagement(s: &State) -> Option<Couple> {
    let e = elizabeth();
    s.royals
        .engaged
        .iter()
        .copied()
        .find(|c| c.groom == e || c.bride == e)
}

/// [23.3]: after Elizabeth's death the card can no longer be chosen: in the spring
/// deployment England must set it aside (`flow`, `ChooseHome`).
pub fn may_keep(s: &State, card: crate::data::CardId) -> bool {
    !(elizabeth_dead(s) && data().card(card).is_some_and(|c| c.key == KEY))
}

/// *Die jungfräuliche Königin* (English home card, [23.3]): while Elizabeth lives, a
/// card from the discard pile or, when she is engaged, the engagement called off.
pub const VIRGIN_QUEEN: EventDef = EventDef {
    key: KEY,
    when: When::Impulse,
    lasts: Lasts::Now,
    playable: |s: &State, who: Pw| {
        who == ENGLAND
            && !elizabeth_dead(s)
            && (!retrievable(s).is_empty() || engagement(s).is_some())
    },
    play: |s: &mut State, _who: Pw, _ev: &mut Vec<Scoped<model::Event>>| {
        s.stack.push(model::Frame::Majors(Frame::VirginQueen));
    },
};

pub fn choices(s: &State) -> Vec<model::Move> {
    let mut v: Vec<model::Move> = retrievable(s)
        .into_iter()
        .map(|card| model::Move::Majors(Move::Retrieve { card }))
        .collect();
    if engagement(s).is_some() {
        v.push(model::Move::Majors(Move::Jilt));
    }
    v
}

/// Carry out England's choice.
pub fn resolve(s: &mut State, mv: &Move, ev: &mut Vec<Scoped<model::Event>>) {
    match *mv {
        Move::Retrieve { card } => {
            crate::events::retrieve(s, ENGLAND, card);
            ev.push(Scoped::public(model::Event::Majors(Event::Retrieved {
                power: ENGLAND,
                card,
            })));
        }
        Move::Jilt => {
            let die = s.rng.die(6) as u8;
            jilt(s, die, ev);
        }
        ref m => unreachable!("{m:?} is no Virgin Queen choice"),
    }
}

/// [23.3]: Elizabeth calls the marriage off: both nobles back to the pool (she keeps her
/// box, so the Virgin Queen VP stay possible); the groom's power rolls `die` on the
/// table and the result is carried out at once (RULINGS K5).
pub fn jilt(s: &mut State, die: u8, ev: &mut Vec<Scoped<model::Event>>) {
    let Some(c) = engagement(s) else {
        return;
    };
    s.royals.engaged.retain(|x| *x != c);
    nobles::set(s, c.groom, Status::Free);
    nobles::set(s, c.bride, Status::Free);
    let e = elizabeth();
    let groom = if c.groom == e { c.bride } else { c.groom };
    let jilted = nobles::owner(groom).filter(|&p| p != ENGLAND);
    let row = data()
        .tables
        .jilted_by_elizabeth
        .rows
        .iter()
        .find(|r| r.die.contains(&die));
    let (mercenaries, cp) = match row {
        Some(r) if r.result == "mercenaries" => (r.count.unwrap_or(0), 0),
        Some(r) => (0, r.cp.unwrap_or(0)),
        None => (0, 0),
    };
    ev.push(Scoped::public(model::Event::Majors(Event::Jilted {
        groom,
        power: jilted,
        die,
        mercenaries,
        cp,
    })));
    if let Some(p) = jilted {
        compensate(s, p, mercenaries, cp, ev);
    }
}

/// Where `p` places a mercenary (RULINGS K5): its first capital where it may raise
/// one, else the lowest-numbered space where it may.
fn mercenary_site(s: &State, p: Pw) -> Option<SpaceId> {
    let ok = |x: SpaceId| crate::building::raise_ok(s, p, x, UnitKind::Mercenary);
    crate::board::capitals(s, p)
        .into_iter()
        .find(|&x| ok(x))
        .or_else(|| data().space_ids().find(|&x| ok(x)))
}

/// The compensation by a fixed rule (RULINGS K5): free mercenaries where the power may
/// raise units; CP on mercenaries there (their raise cost) as long as it can, the rest
/// on diplomatic influence (1 CP a box, the first column it may buy in); CP neither can
/// use are lost.
pub fn compensate(
    s: &mut State,
    p: Pw,
    mercenaries: u8,
    cp: u8,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    for _ in 0..mercenaries {
        let Some(x) = mercenary_site(s, p) else {
            break;
        };
        crate::building::raise(s, p, x, UnitKind::Mercenary, ev);
    }
    let mut cp = cp;
    while cp > 0 {
        let cost = crate::building::raise_cost(p, UnitKind::Mercenary);
        if let (Some(c), Some(x)) = (cost, mercenary_site(s, p))
            && c <= cp
        {
            crate::building::raise(s, p, x, UnitKind::Mercenary, ev);
            cp -= c;
        } else if let Some(&on) = crate::minors::influence::buyable(s, p).first() {
            crate::minors::influence::buy(s, p, on, ev);
            cp -= 1;
        } else {
            break;
        }
    }
}
