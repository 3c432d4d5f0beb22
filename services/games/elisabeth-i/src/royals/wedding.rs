//! Carrying out the marriages of the marriage phase ([21.1]): the dice, the Royal
//! Marriage table, the bonuses of the nobles, the Virgin Queen VP ([21.2]) and the deaths
//! the table brings (rulers: [23], §9.18 of the digest).

use serde::{Deserialize, Serialize};
use signoria_engine::Scoped;

use crate::combat::Dice;
use crate::data::data;
use crate::data::personalities::Family;
use crate::model::{self, Loc, Pw};

use super::nobles::{self, Status};
use super::{Event, Frame};

pub const SPAIN: Pw = 1;
pub const ENGLAND: Pw = 2;
pub const FRANCE: Pw = 3;
pub const PROTESTANT: Pw = 5;

/// An engaged couple (arranged in the negotiation segment, [9.1]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Couple {
    pub groom: u8,
    pub bride: u8,
}

impl Couple {
    /// The majors involved (one when both nobles belong to the same power).
    pub fn powers(&self) -> Vec<Pw> {
        let mut v: Vec<Pw> = [self.groom, self.bride]
            .iter()
            .filter_map(|&n| nobles::owner(n))
            .collect();
        v.dedup();
        v
    }
    pub fn has(&self, id: &str) -> Option<u8> {
        [self.groom, self.bride]
            .into_iter()
            .find(|&n| nobles::id(n) == id)
    }
}

/// The result of the Royal Marriage table (data `tables.json` `royal_marriage`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    BackToPool,
    WifeDies,
    HusbandMurdered,
    Annulment,
    Award { vp: u8, cards: u8 },
}

pub fn table(total: u8) -> Outcome {
    let t = &data().tables.royal_marriage;
    let row = t
        .rows
        .iter()
        .find(|r| total <= r.max)
        .unwrap_or_else(|| t.rows.last().expect("rows"));
    match row.result.as_str() {
        "back_to_pool" => Outcome::BackToPool,
        "wife_dies_in_childbirth" => Outcome::WifeDies,
        "husband_murdered" => Outcome::HusbandMurdered,
        "last_minute_annulment" => Outcome::Annulment,
        _ => Outcome::Award {
            vp: row.vp.unwrap_or(0),
            cards: row.cards.unwrap_or(0),
        },
    }
}

/// [21.1] the dice of a couple: one die per power (two dice also when both nobles belong
/// to one power, RULINGS S3); Don Carlos rerolls the highest die.
pub fn roll(c: Couple, dice: &mut impl Dice) -> [u8; 2] {
    let mut d = [dice.d6(), dice.d6()];
    if c.has("don_carlos").is_some() {
        let i = if d[0] >= d[1] { 0 } else { 1 };
        d[i] = dice.d6();
    }
    d
}

/// [21.1] the marriage total: the dice plus each noble's eligibility (only the higher one
/// when both belong to the same power).
pub fn total(s: &model::State, c: Couple, d: [u8; 2]) -> u8 {
    let g = nobles::get(s, c.groom).elig;
    let b = nobles::get(s, c.bride).elig;
    let elig = if nobles::owner(c.groom) == nobles::owner(c.bride) {
        g.max(b)
    } else {
        g + b
    };
    d[0] + d[1] + elig
}

/// The marriage phase ([7] step 6, [21]): each engaged couple in the order engaged, then
/// the Virgin Queen VP, then aging (frames run top first).
pub fn phase(s: &mut model::State) {
    s.stack.push(model::Frame::Royals(Frame::Aging));
    for c in s.royals.engaged.clone().into_iter().rev() {
        s.stack.push(model::Frame::Royals(Frame::Wed { couple: c }));
    }
}

/// Roll for a couple; Anna of Austria's owner may reroll the lowest die ([21.1]).
pub fn wed(
    s: &mut model::State,
    c: Couple,
    dice: &mut impl Dice,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    let d = roll(c, dice);
    if let Some(anna) = c.has("anna_of_austria")
        && let Some(p) = nobles::owner(anna)
        && s.seat_opt(p).is_some()
    {
        s.stack.push(model::Frame::Royals(Frame::Reroll {
            who: p,
            couple: c,
            dice: d,
        }));
        return;
    }
    finish(s, c, d, dice, ev);
}

/// Reroll the lowest die of `d`.
pub fn reroll_lowest(d: [u8; 2], dice: &mut impl Dice) -> [u8; 2] {
    let mut d = d;
    let i = if d[0] <= d[1] { 0 } else { 1 };
    d[i] = dice.d6();
    d
}

/// [21.1] the table result of a couple with these dice and its consequences.
pub fn finish(
    s: &mut model::State,
    c: Couple,
    d: [u8; 2],
    dice: &mut impl Dice,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    let _ = dice;
    nobles::ensure(s);
    s.royals.engaged.retain(|x| *x != c);
    let t = total(s, c, d);
    let out = table(t);
    ev.push(Scoped::public(model::Event::Royals(Event::Wedding {
        groom: c.groom,
        bride: c.bride,
        dice: d,
        total: t,
        outcome: out,
    })));
    match out {
        // "as if never agreed": both stay and may marry later (they still age).
        Outcome::BackToPool | Outcome::Annulment => {
            nobles::set(s, c.groom, Status::Free);
            nobles::set(s, c.bride, Status::Free);
            return;
        }
        Outcome::Award { vp, cards } => {
            for p in c.powers() {
                add_vp(s, p, vp as i16, ev);
                add_cards(s, p, cards as i8, ev);
            }
        }
        Outcome::WifeDies | Outcome::HusbandMurdered => {}
    }
    let protestant_vp =
        matches!(out, Outcome::Award { vp, .. } if vp > 0) && c.powers().contains(&PROTESTANT);
    // Both leave play; Valois nobles go onto the French power card; William of Orange
    // leaves only with a result giving the Protestants VP, else he returns next turn.
    for n in [c.groom, c.bride] {
        let st = if nobles::info(n).family == Some(Family::Valois) {
            add_vp(s, FRANCE, 1, ev);
            Status::FrenchCard
        } else if nobles::id(n) == "william_of_orange" && !protestant_vp {
            Status::Returns(s.turn + 1)
        } else {
            Status::Married
        };
        nobles::set(s, n, st);
    }
    bonuses(s, c, ev);
    match out {
        Outcome::WifeDies => dies(s, c.bride, ev),
        Outcome::HusbandMurdered => dies(s, c.groom, ev),
        _ => {}
    }
}

/// [21.1] the bonuses of the nobles of a marriage that took place; the actions
/// (influence, sermon, suppress heresy) are frames carried out at once (`bonus`).
fn bonuses(s: &mut model::State, c: Couple, ev: &mut Vec<Scoped<model::Event>>) {
    for f in super::bonus::frames(s, c).into_iter().rev() {
        s.stack.push(model::Frame::Royals(f));
    }
    for n in [c.groom, c.bride] {
        let Some(p) = nobles::owner(n) else { continue };
        match nobles::info(n).bonus.as_str() {
            // +1 card next turn for the noble's power (RULINGS S4).
            "card_marker" => add_cards(s, p, 1, ev),
            "card_marker_unless_married_elisabeth_de_valois_turn1" => {
                let exempt = s.turn == 1 && nobles::id(c.bride) == "elisabeth_de_valois";
                if !exempt {
                    add_cards(s, p, 1, ev);
                }
            }
            // +1 to the patronage rolls of the groom's power next turn (RULINGS S5).
            "patronage_plus_one" => {
                if let Some(g) = nobles::owner(c.groom) {
                    s.royals.patronage_plus.push((g, s.turn + 1));
                    ev.push(Scoped::public(model::Event::Royals(
                        Event::PatronageBonus {
                            power: g,
                            turn: s.turn + 1,
                        },
                    )));
                }
            }
            _ => {}
        }
    }
}

/// A noble dies: a ruling monarch falls back to the ratings of [23] (§9.18), an army
/// leader leaves the game (his power's default leader arrives later, [5.1]).
pub fn dies(s: &mut model::State, n: u8, ev: &mut Vec<Scoped<model::Event>>) {
    nobles::set(s, n, Status::Dead);
    let id = nobles::id(n);
    ev.push(Scoped::public(model::Event::Royals(Event::NobleDied {
        noble: n,
    })));
    if let Some(p) = nobles::owner(n)
        && s.ps(p).ruler == id
    {
        ruler_dies(s, p, ev);
    }
    if let Some(l) = army_leader(n) {
        leader_dies(s, l, ev);
    }
    // [21.4]: an engaged noble's death ends the engagement ("back to the pool").
    for c in s.royals.engaged.clone() {
        if c.groom == n || c.bride == n {
            s.royals.engaged.retain(|x| *x != c);
            let other = if c.groom == n { c.bride } else { c.groom };
            nobles::set(s, other, Status::Free);
            ev.push(Scoped::public(model::Event::Royals(
                Event::EngagementEnded {
                    groom: c.groom,
                    bride: c.bride,
                },
            )));
        }
    }
}

/// The army leader who is also this noble (Henry III; Henry IV is Henry of Navarre;
/// William of Orange).
pub fn army_leader(n: u8) -> Option<u8> {
    let lid = match nobles::id(n) {
        "henry_iii" => "henry_iii",
        "henry_iv" => "henry_navarre",
        "william_of_orange" => "william_of_orange",
        _ => return None,
    };
    data()
        .army_leaders
        .iter()
        .position(|l| l.id == lid)
        .map(|i| i as u8)
}

/// An army leader leaves the game ([5.1], [19.3], [21.1]).
pub fn leader_dies(s: &mut model::State, idx: u8, ev: &mut Vec<Scoped<model::Event>>) {
    if let Some(l) = s.leaders.iter_mut().find(|l| l.idx == idx)
        && l.at != Loc::Dead
    {
        l.at = Loc::Dead;
        ev.push(Scoped::public(model::Event::Royals(Event::LeaderDied {
            leader: idx,
        })));
        crate::majors::default_leader::after_death(s, idx, ev);
    }
}

/// A final ruler dies ([23], §9.18): the power keeps the fall-back administrative rating
/// and card bonus of its ruler card (`death_admin`, `death_card_bonus`).
pub fn ruler_dies(s: &mut model::State, p: Pw, ev: &mut Vec<Scoped<model::Event>>) {
    let r = s.ps(p).ruler.clone();
    if !s.royals.dead_rulers.contains(&r) {
        s.royals.dead_rulers.push(r);
        ev.push(Scoped::public(model::Event::Royals(Event::RulerDied {
            power: p,
        })));
    }
    // Elizabeth dead: no more Virgin Queen VP ([21.2]); her noble leaves the display.
    if p == ENGLAND {
        let e = nobles::by_id("elizabeth_i");
        if nobles::get(s, e).status == Status::Free {
            nobles::set(s, e, Status::Dead);
        }
        // [23.3]: a captured Mary Stuart is executed at once; later English Catholic
        // rebellions this turn count her as captured.
        s.royals.elizabeth_died = Some(s.turn);
        if super::mary(s) == super::Mary::Captured {
            crate::espionage::execution::execute(s, ev);
        }
    }
}

/// Whether `p`'s ruler is dead (the fall-backs of §9.18 apply).
pub fn ruler_dead(s: &model::State, p: Pw) -> bool {
    s.royals.dead_rulers.contains(&s.ps(p).ruler)
}

pub fn add_vp(s: &mut model::State, p: Pw, vp: i16, ev: &mut Vec<Scoped<model::Event>>) {
    if vp == 0 {
        return;
    }
    s.royals.vp.resize(6, 0);
    s.royals.vp[p as usize] += vp;
    ev.push(Scoped::public(model::Event::Royals(Event::Vp {
        power: p,
        vp,
    })));
}

fn add_cards(s: &mut model::State, p: Pw, n: i8, ev: &mut Vec<Scoped<model::Event>>) {
    if n == 0 {
        return;
    }
    s.royals.cards.resize(6, 0);
    s.royals.cards[p as usize] += n;
    ev.push(Scoped::public(model::Event::Royals(Event::CardMarker {
        power: p,
        cards: n,
    })));
}

/// [21.2] Elizabeth I still unmarried on a "can marry" box: 1 VP for England, at most 5
/// in a game.
pub fn virgin_queen(s: &mut model::State, ev: &mut Vec<Scoped<model::Event>>) {
    let e = nobles::by_id("elizabeth_i");
    if nobles::available(s, e) && !ruler_dead(s, ENGLAND) && s.royals.virgin_queen < 5 {
        s.royals.virgin_queen += 1;
        add_vp(s, ENGLAND, 1, ev);
    }
}
