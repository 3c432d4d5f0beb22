//! The acquisition phase (seed §2 phase 4, §9.4): in turn order each player may raise
//! his fleet one box, buy advances with credits, then pays stabilization or takes
//! misery, and gets the misery relief of his advances. At the end of the phase the
//! personalities leave the game (seed §9.3.3).

use signoria_engine::Scoped;

use crate::data::{Advance, CardId, Category, data};
use crate::model::{AcqStep, CashReason, Event, Fleet, Frame, Move, SeatId, State};
use crate::{bank, misery, personalities};

const FLEET_COST: u32 = 10;

fn fleet_cost() -> u32 {
    data()
        .tables
        .fleet_upgrade_cost
        .values
        .first()
        .copied()
        .unwrap_or(FLEET_COST)
}

/// Raise the fleet one box for 10 ducats, once per round (seed §9.4.1).
pub fn can_raise_fleet(s: &State, seat: SeatId) -> bool {
    let p = s.player(seat);
    !p.round.fleet_raised && p.fleet.raised().is_some() && p.cash >= fleet_cost()
}

pub fn raise_fleet(s: &mut State, seat: SeatId, ev: &mut Vec<Scoped<Event>>) {
    bank::pay(s, seat, fleet_cost(), CashReason::Fleet, ev);
    let p = s.player_mut(seat);
    p.fleet = p.fleet.raised().expect("a box above");
    p.round.fleet_raised = true;
    let fleet = p.fleet;
    ev.push(Scoped::public(Event::FleetRaised { seat, fleet }));
}

/// What an advance costs a seat now (seed §9.4.2, §C): the printed cost, less the
/// credits of personalities it may use (its own and those in `claims`), less the
/// credits of the advances of the same category it bought in earlier rounds (RULINGS
/// R-CREDITS), less 10 with Institutional Research [X] outside Religion and Civics;
/// never below 0.
pub fn price(s: &State, seat: SeatId, a: Advance, claims: &[CardId]) -> u32 {
    let d = data();
    let info = d.advance(a);
    let p = s.player(seat);
    let mut credit: u32 = personalities::credits_for(s, seat, a, claims);
    for owned in Advance::ALL {
        if p.advances.has(owned)
            && !p.new_advances.has(owned)
            && d.advance(owned).category == info.category
        {
            credit += d.advance(owned).credit.unwrap_or(0);
        }
    }
    if p.advances.has(Advance::X) && !matches!(info.category, Category::Religion | Category::Civics)
    {
        credit += d.tables.institutional_credit.values[0];
    }
    info.cost.saturating_sub(credit)
}

/// May the seat buy `a` at all now (prerequisites, the Papal Decree)?
pub fn may_buy(s: &State, seat: SeatId, a: Advance) -> bool {
    let p = s.player(seat);
    let info = data().advance(a);
    !p.advances.has(a)
        && info.prerequisites.iter().all(|&q| p.advances.has(q))
        && s.this_round.papal != Some(info.category)
}

pub fn advance_choices(s: &State, seat: SeatId) -> Vec<Move> {
    let cash = s.player(seat).cash;
    let mut out = Vec::new();
    for a in Advance::ALL {
        if !may_buy(s, seat, a) {
            continue;
        }
        for claims in personalities::claim_options(s, seat, a) {
            if price(s, seat, a, &claims) <= cash {
                out.push(Move::BuyAdvance { advance: a, claims });
            }
        }
    }
    out
}

/// Buy an advance; its properties work at once (seed §9.4.2): misery for Religion,
/// relief for Anatomy and Agriculture, the fleet for Three-Master and Ocean
/// Navigation, a discard for Art & Technology.
pub fn buy(
    s: &mut State,
    seat: SeatId,
    a: Advance,
    claims: &[CardId],
    ev: &mut Vec<Scoped<Event>>,
) {
    let price = price(s, seat, a, claims);
    bank::pay(s, seat, price, CashReason::Advance, ev);
    personalities::claim(s, seat, claims);
    let p = s.player_mut(seat);
    p.advances.add(a);
    p.new_advances.add(a);
    match a {
        Advance::S => p.fleet = Fleet::ThreeMaster(1),
        Advance::T => p.fleet = Fleet::OceanGoing(1),
        _ => {}
    }
    ev.push(Scoped::public(Event::AdvanceBought {
        seat,
        advance: a,
        price,
        claims: claims.to_vec(),
    }));
    if matches!(a, Advance::S | Advance::T) {
        let fleet = s.player(seat).fleet;
        ev.push(Scoped::public(Event::FleetRaised { seat, fleet }));
    }
    let m = data().advance(a).misery_on_purchase;
    if m > 0 {
        misery::raise(s, seat, m as u32, ev);
    } else if m < 0 {
        misery::lower(s, seat, (-m) as u32, ev);
    }
    if a == Advance::P && !s.player(seat).out && !s.player(seat).hand.is_empty() {
        s.stack.push(Frame::ArtDiscard { seat });
    }
}

/// Stabilization for n cards: n(n+1)/2, halved and rounded up with Middle Class [Z]
/// (seed §9.4.3, §9.6).
pub fn stabilization_cost(s: &State, seat: SeatId) -> u32 {
    let n = s.player(seat).hand.len() as u32;
    let cost = n * (n + 1) / 2;
    if s.has(seat, Advance::Z) {
        cost.div_ceil(2)
    } else {
        cost
    }
}

/// Pay in full, or take misery: box by box until the value rose by at least the cost
/// (seed §9.4.3).
pub fn stabilize(s: &mut State, seat: SeatId, pay: bool, ev: &mut Vec<Scoped<Event>>) {
    let cost = stabilization_cost(s, seat);
    if pay {
        bank::pay(s, seat, cost, CashReason::Stabilization, ev);
    } else {
        let boxes = misery::boxes_for_cost(s.player(seat).misery, cost);
        misery::raise(s, seat, boxes, ev);
    }
}

/// Misery relief (seed §9.4.3): the first two advances of Science, Commerce and
/// Culture: one step; the first three: two; all of them: three (the highest tier
/// reached, every round; RULINGS R-RELIEF).
pub fn relief(s: &mut State, seat: SeatId, ev: &mut Vec<Scoped<Event>>) {
    let p = s.player(seat);
    let d = data();
    let tier = |k: usize| {
        [Category::Science, Category::Commerce, Category::Culture]
            .iter()
            .all(|&c| d.advances_in(c).iter().take(k).all(|&a| p.advances.has(a)))
    };
    let boxes = if tier(usize::MAX) {
        3
    } else if tier(3) {
        2
    } else if tier(2) {
        1
    } else {
        0
    };
    misery::lower(s, seat, boxes, ev);
}

/// The next step of a player's acquisition turn, skipping steps with nothing to
/// decide; pops the frame at the end.
pub fn step_auto(s: &mut State, seat: SeatId, step: AcqStep, ev: &mut Vec<Scoped<Event>>) {
    if s.player(seat).out {
        s.stack.pop();
        return;
    }
    match step {
        AcqStep::Fleet => set_step(s, AcqStep::Advances),
        AcqStep::Advances => set_step(s, AcqStep::Stabilize),
        AcqStep::Stabilize => {
            let cost = stabilization_cost(s, seat);
            if cost > 0 {
                // Unable to pay: misery (seed §9.4.3, the example of play round 2).
                stabilize(s, seat, false, ev);
            }
            finish(s, seat, ev);
        }
    }
}

fn set_step(s: &mut State, step: AcqStep) {
    if let Some(Frame::Acquire { step: st, .. }) = s.stack.last_mut() {
        *st = step;
    }
}

/// After stabilization: relief, and the turn ends.
pub fn finish(s: &mut State, seat: SeatId, ev: &mut Vec<Scoped<Event>>) {
    s.stack.pop();
    if !s.player(seat).out {
        relief(s, seat, ev);
    }
}

/// The decisions of an acquisition step (empty: nothing to decide).
pub fn choices(s: &State, seat: SeatId, step: AcqStep) -> Vec<Move> {
    if s.player(seat).out {
        return Vec::new();
    }
    match step {
        AcqStep::Fleet => {
            if can_raise_fleet(s, seat) {
                vec![Move::RaiseFleet, Move::Pass]
            } else {
                Vec::new()
            }
        }
        AcqStep::Advances => {
            let mut out = advance_choices(s, seat);
            if !out.is_empty() {
                out.push(Move::Pass);
            }
            out
        }
        AcqStep::Stabilize => {
            let cost = stabilization_cost(s, seat);
            if cost > 0 && s.player(seat).cash >= cost {
                vec![
                    Move::Stabilize { pay: true },
                    Move::Stabilize { pay: false },
                ]
            } else {
                Vec::new()
            }
        }
    }
}

pub fn resolve(s: &mut State, seat: SeatId, step: AcqStep, mv: &Move, ev: &mut Vec<Scoped<Event>>) {
    match (step, mv) {
        (AcqStep::Fleet, Move::RaiseFleet) => {
            raise_fleet(s, seat, ev);
            set_step(s, AcqStep::Advances);
        }
        (AcqStep::Fleet, _) => set_step(s, AcqStep::Advances),
        (AcqStep::Advances, Move::BuyAdvance { advance, claims }) => {
            buy(s, seat, *advance, claims, ev);
        }
        (AcqStep::Advances, _) => set_step(s, AcqStep::Stabilize),
        (AcqStep::Stabilize, Move::Stabilize { pay }) => {
            stabilize(s, seat, *pay, ev);
            finish(s, seat, ev);
        }
        _ => unreachable!("checked moves only"),
    }
}

/// The end of the acquisition phase: the personalities played this round leave the
/// game (seed §9.3.3), the Papal Decree ends.
pub fn end_of_phase(s: &mut State) {
    let played = std::mem::take(&mut s.this_round.personalities);
    for p in played {
        s.removed.push(p.card);
    }
    s.this_round.papal = None;
}
