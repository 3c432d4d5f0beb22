//! Phase 2, diplomacy (seed [9]): the negotiation segment's binding agreements (their terms
//! here, their announcement and confirmation in `announce`), the ransom segment and the
//! war segment.
//!
//! Submodules: `announce` ([9.1] L676-692), `cede` ([9.1] 5, [12.5]), `mercenaries` ([9.1] 8), `treasures` ([9.1] 7),
//! `refused` (the terms not carried out yet, refused as UNSUPPORTED). A marriage ([9.1] 9,
//! [21]) is a term like the others (RULINGS S9): checked and engaged by `royals::arrange`.

pub mod announce;
pub mod cede;
pub mod mercenaries;
mod refused;
pub mod ship_loans;
pub mod treasures;

pub use refused::unsupported;

use signoria_engine::{Audience, Scoped};

use crate::board::{allied, at_war, capitals, friendly, keys, mark_no_dow, set_alliance, set_war};
use crate::data::tables::{Cost, DowCost};
use crate::data::{Power, data};
use crate::deal::{is_home, pays_dow};
use crate::model::{Deal, DealPick, Event, Frame, Loc, Move, Pw, State, major};

const SPAIN: Pw = 1;
const ENGLAND: Pw = 2;
const FRANCE: Pw = 3;
const PROTESTANT: Pw = 5;

pub(crate) fn both(s: &State, a: Pw, b: Pw) -> Audience {
    // An inactive activated major has no seat (RULINGS P4).
    let mut v: Vec<usize> = [a, b].iter().filter_map(|&p| s.seat_opt(p)).collect();
    v.sort();
    v.dedup();
    Audience::Seats(v)
}

/// Cards of a hand that may be given or drawn at random: home cards never are [6.1].
pub fn drawable(s: &State, p: Pw) -> Vec<crate::data::CardId> {
    s.ps(p)
        .hand
        .iter()
        .copied()
        .filter(|&c| !is_home(c))
        .collect()
}

/// Whether `a` and `b` may ally now (seed [9.2]).
fn may_ally(s: &State, a: Pw, b: Pw) -> bool {
    if at_war(s, a, b) || allied(s, a, b) {
        return false;
    }
    let pair = (a.min(b), a.max(b));
    if pair == (SPAIN, PROTESTANT) {
        return false;
    }
    // France may ally Spain or the Protestants, not both in one turn.
    if pair == (SPAIN, FRANCE) && allied(s, FRANCE, PROTESTANT) {
        return false;
    }
    if pair == (FRANCE, PROTESTANT) && allied(s, SPAIN, FRANCE) {
        return false;
    }
    true
}

/// Every agreement `who` could propose to `to` now ([9.1]), offered or not.
pub fn terms(s: &State, who: Pw, to: Pw) -> Vec<DealPick> {
    let mut v = Vec::new();
    // [20.10] step 4: no agreement with Spain in the phase after the League formed.
    if who == to || crate::religion::league::no_agreement(s, who, to) {
        return v;
    }
    // An inactive activated major makes no agreement (RULINGS T3).
    if crate::minors::activated::inactive(s, who) || crate::minors::activated::inactive(s, to) {
        return v;
    }
    // [9.1] 1: never between England and Spain once at war.
    if at_war(s, who, to) && (who.min(to), who.max(to)) != (SPAIN, ENGLAND) {
        v.push(DealPick::Peace);
    }
    if may_ally(s, who, to) {
        v.push(DealPick::Alliance);
    }
    // [9.1] 6: up to 2 random cards, one direction per pair and turn.
    if !s.gifts.contains(&(to, who)) {
        let n = drawable(s, who).len().min(2) as u8;
        for k in 1..=n {
            v.push(DealPick::GiveCards(k));
        }
    }
    // [9.1] 7: up to 2 random treasures, one direction per pair and turn.
    for k in 1..=treasures::offerable(s, who, to) {
        v.push(DealPick::GiveTreasures(k));
    }
    // [9.1] 4: return a captured army leader to its power.
    for l in &s.leaders {
        if l.owner == to && l.at == Loc::Captured(who) {
            v.push(DealPick::ReturnLeader(l.idx));
        }
    }
    // [9.1] 5: cede political control of a space.
    v.extend(cede::spaces(s, who, to).into_iter().map(DealPick::Cede));
    // [9.1] 8: mercenaries.
    for d in mercenaries::offers(s, who, to) {
        if let Deal::Mercenaries { n, from, to } = d {
            v.push(DealPick::Mercenaries { n, from, to });
        }
    }
    // [9.2]: ship loans with an alliance.
    for d in ship_loans::offers(s, who, to, may_ally(s, who, to)) {
        v.push(DealPick::of(d));
    }
    // [9.1] L660-669, [21]: a marriage of one noble of each (RULINGS S9).
    v.extend(
        crate::royals::arrange::couples(s, who, to)
            .into_iter()
            .map(DealPick::Marriage),
    );
    v
}

/// Whether an agreement proposed by `from` to `to` can still be carried out in full (a
/// deal that cannot is never accepted: every agreement is carried out completely).
pub fn possible(s: &State, from: Pw, to: Pw, deal: &Deal) -> bool {
    match deal {
        Deal::Peace => at_war(s, from, to),
        Deal::Alliance => may_ally(s, from, to),
        Deal::GiveCards(n) => {
            !s.gifts.contains(&(to, from)) && drawable(s, from).len() >= *n as usize
        }
        Deal::GiveTreasures(n) => treasures::possible(s, from, to, *n),
        Deal::ReturnLeader(l) => s
            .leaders
            .iter()
            .any(|x| x.idx == *l && x.owner == to && x.at == Loc::Captured(from)),
        Deal::Cede(sp) => cede::cedable(s, from, to, *sp),
        Deal::Mercenaries {
            n,
            from: src,
            to: cap,
        } => mercenaries::possible(s, from, to, *n, *src, *cap),
        Deal::ShipLoan { .. } => {
            ship_loans::offers(s, from, to, may_ally(s, from, to)).contains(deal)
        }
        // The checks of [9.1] L660-669 again (eligible nobles, not at war, no two of one
        // family): a noble engaged meanwhile makes the clause impossible.
        Deal::Marriage(c) => crate::royals::arrange::check(s, from, to, *c).is_ok(),
    }
}

/// Carry out an accepted agreement (confirmed agreements take effect at once, [9.1]).
pub fn accept(s: &mut State, from: Pw, to: Pw, deal: &Deal, ev: &mut Vec<Scoped<Event>>) {
    // Agreements are announced to all ([9.1] L676): the effect of each is public.
    ev.push(Scoped::public(Event::DealAccepted {
        from,
        to,
        deal: deal.clone(),
    }));
    match deal {
        Deal::Peace => {
            set_war(s, from, to, false);
            mark_no_dow(s, from, to);
            ev.push(Scoped::public(Event::PeaceMade { a: from, b: to }));
        }
        Deal::Alliance => ally(s, from, to, ev),
        Deal::ShipLoan {
            port,
            kind,
            n,
            admiral,
        } => {
            if !allied(s, from, to) {
                ally(s, from, to, ev);
            }
            ship_loans::lend(s, from, to, *port, *kind, *n, *admiral);
        }
        Deal::ReturnLeader(l) => {
            let i = crate::board::leader_pos(s, *l);
            if s.leaders[i].at == Loc::Captured(from) {
                s.leaders[i].at = match return_space(s, to) {
                    Some(sp) => Loc::Space(sp),
                    None => Loc::Card,
                };
                ev.push(Scoped::public(Event::LeaderReturned { leader: *l }));
            }
        }
        Deal::Cede(sp) => cede::cede(s, from, to, *sp, ev),
        Deal::Marriage(c) => crate::royals::arrange::engage(s, *c, ev),
        Deal::GiveTreasures(n) => treasures::give(s, from, to, *n, ev),
        Deal::Mercenaries {
            n,
            from: src,
            to: cap,
        } => mercenaries::give(s, from, to, *n, *src, *cap),
        Deal::GiveCards(n) => {
            let mut given = Vec::new();
            for _ in 0..*n {
                let pool = drawable(s, from);
                if pool.is_empty() {
                    break;
                }
                let c = pool[s.rng.index(pool.len())];
                s.ps_mut(from).hand.retain(|&x| x != c);
                s.ps_mut(to).hand.push(c);
                s.ps_mut(to).hand.sort();
                given.push(c);
            }
            if !s.gifts.contains(&(from, to)) {
                s.gifts.push((from, to));
            }
            ev.push(Scoped::public(Event::CardsGiven {
                from,
                to,
                count: given.len() as u8,
            }));
            ev.push(Scoped {
                audience: both(s, from, to),
                event: Event::Received {
                    power: to,
                    cards: given,
                },
            });
        }
    }
}

fn ally(s: &mut State, a: Pw, b: Pw, ev: &mut Vec<Scoped<Event>>) {
    set_alliance(s, a, b);
    mark_no_dow(s, a, b);
    ev.push(Scoped::public(Event::AllianceMade { a, b }));
}

// ---- ransom [9.3]

/// Captured army leaders of `who`.
pub fn captured(s: &State, who: Pw) -> Vec<u8> {
    s.leaders
        .iter()
        .filter(|l| l.owner == who && matches!(l.at, Loc::Captured(_)))
        .map(|l| l.idx)
        .collect()
}

/// Where a freed leader goes: his capital, else another friendly-controlled key ([9.1] 4).
pub fn return_space(s: &State, who: Pw) -> Option<crate::data::SpaceId> {
    capitals(s, who)
        .into_iter()
        .find(|&c| crate::board::controller_pw(s, c) == Some(who))
        .or_else(|| keys(s, who).into_iter().find(|&k| friendly(s, who, k)))
}

pub fn ransom(s: &mut State, who: Pw, leader: u8, ev: &mut Vec<Scoped<Event>>) {
    let i = crate::board::leader_pos(s, leader);
    let Loc::Captured(captor) = s.leaders[i].at else {
        unreachable!("ransom offered only for captured leaders")
    };
    // [6.3]: the "card" drawn may be a treasure.
    let taken = take_random(s, who, captor, ev);
    s.leaders[i].at = match return_space(s, who) {
        Some(sp) => Loc::Space(sp),
        None => Loc::Card,
    };
    ev.push(Scoped::public(Event::Ransomed {
        leader,
        card_taken: taken,
    }));
}

// ---- war segment [9.4]

/// DOW cost between two majors (status display; England-Spain variable [9.5]).
pub fn dow_cost(a: Pw, b: Pw) -> Option<u8> {
    let t = &data().tables;
    match t.dow_costs.between(major(a), major(b))? {
        Cost::Cp(c) => Some(*c),
        Cost::Special(DowCost::Variable) => {
            // [9.5]: base 5, lowered by events (issue 15), never below the floor.
            let e = &t.england_spain_dow;
            Some(e.base.max(e.floor) as u8)
        }
        Cost::Special(DowCost::Na | DowCost::Ally) => None,
    }
}

/// CP a power can pay a DOW with: cards in hand except home and mandatory, and
/// treasures [9.4] 3.
pub fn payable_cp(s: &State, p: Pw) -> u32 {
    s.ps(p)
        .hand
        .iter()
        .filter(|&&c| pays_dow(c))
        .map(|&c| data().card(c).map_or(0, |c| c.cp as u32))
        .sum::<u32>()
        + crate::world::treasure::payable_cp(s, p)
}

/// [6.3]: draw a random "card" from `from`'s hand for `to` (a treasure when `from` holds
/// at least as many treasures as cards); a card drawn is shown to the two seats. Whether
/// anything was drawn.
pub fn take_random(s: &mut State, from: Pw, to: Pw, ev: &mut Vec<Scoped<Event>>) -> bool {
    match crate::world::treasure::take_random(s, from, to, ev) {
        Some(crate::world::treasure::Drawn::Card(c)) => {
            ev.push(Scoped {
                audience: both(s, from, to),
                event: Event::Received {
                    power: to,
                    cards: vec![c],
                },
            });
            true
        }
        Some(_) => true,
        None => false,
    }
}

/// [9.4]'s restrictions always in force: `who` may declare war on `t` (not itself, not
/// at war already, not allied, no peace or alliance made this turn).
pub fn may_declare(s: &State, who: Pw, t: Pw) -> bool {
    t != who
        && !at_war(s, who, t)
        && !allied(s, who, t)
        && !s.no_dow.contains(&(who.min(t), who.max(t)))
}

pub fn war_choices(s: &State, who: Pw, declared: &[Pw]) -> Vec<Move> {
    let owed: u32 = declared
        .iter()
        .filter_map(|&t| dow_cost(who, t))
        .map(u32::from)
        .sum();
    let cp = payable_cp(s, who);
    let mut v = Vec::new();
    for t in 0..6 {
        if !may_declare(s, who, t) || declared.contains(&t) {
            continue;
        }
        if let Some(c) = dow_cost(who, t)
            && owed + c as u32 <= cp
        {
            v.push(Move::DeclareWarOn { target: t });
        }
    }
    v.push(Move::Done);
    v
}

pub fn declare(s: &mut State, who: Pw, on: Pw, ev: &mut Vec<Scoped<Event>>) {
    set_war(s, who, on, true);
    ev.push(Scoped::public(Event::WarDeclared { by: who, on }));
}

pub fn pay_choices(s: &State, who: Pw) -> Vec<Move> {
    let mut v: Vec<Move> = s
        .ps(who)
        .hand
        .iter()
        .filter(|&&c| pays_dow(c))
        .map(|&card| Move::PayWith { card })
        .collect();
    v.dedup();
    v.extend(crate::world::treasure::pay_choices(s, who));
    v
}

/// Discard a card (or spend a treasure, [9.4] 3) as if played for CP; returns its CP.
pub fn pay(s: &mut State, who: Pw, mv: &Move, ev: &mut Vec<Scoped<Event>>) -> u8 {
    let card = match mv {
        Move::PayWith { card } => *card,
        Move::World(crate::world::Move::PlayTreasure { treasure }) => {
            return crate::world::treasure::pay(s, who, *treasure, ev);
        }
        _ => unreachable!("listed payment {mv:?}"),
    };
    let h = &mut s.ps_mut(who).hand;
    let i = h
        .iter()
        .position(|&c| c == card)
        .expect("listed card in hand");
    h.remove(i);
    s.discard.push(card);
    ev.push(Scoped::public(Event::PaidWith { power: who, card }));
    data().card(card).map_or(0, |c| c.cp)
}

pub fn is_protestant(p: Pw) -> bool {
    major(p) == Power::Protestant
}

/// Hidden information: the clauses of a draft announcement are secret to their parties
/// (`announce::resample`).
pub fn resample(t: &mut State, seat: signoria_engine::Seat, rng: &mut signoria_engine::GameRng) {
    announce::resample(t, seat, rng);
}

/// The diplomacy invariants: gifts of cards and of mercenaries flow one way per pair and
/// turn ([9.1]); the HRE's Mercenaries for Hire track holds 0-4.
pub fn violations(s: &State) -> Vec<String> {
    let mut v = Vec::new();
    for (what, flows) in [("cards", &s.gifts), ("mercenaries", &s.mercs_given)] {
        for &(a, b) in flows.iter() {
            if a == b || flows.contains(&(b, a)) {
                v.push(format!(
                    "{what} given both ways between {a} and {b} this turn"
                ));
            }
        }
    }
    if (0..6).any(|p| s.ps(p).for_hire > 4) {
        v.push("more than 4 Mercenaries for Hire".into());
    }
    // [9.1] L676: every party answers in the segment; nothing is pending after it.
    let negotiating = s.stack.iter().any(|f| matches!(f, Frame::Negotiate { .. }));
    let pending = !s.draft.is_empty() || !s.announcements.is_empty();
    if pending && !negotiating {
        v.push("an announcement pending outside the negotiation segment".into());
    }
    v
}
