//! Taking development cards from the towers [Tuerme L140–166; Regeln zum Setzen
//! von Familienmitgliedern in einen Turm L243–265].

use crate::data::{board, card};
use crate::effects::{grant, immediate};
use crate::model::*;
use crate::value::{has_leader, leader};

/// The 6-card limit per type [L252/L263].
pub const MAX_CARDS: usize = 6;

pub fn tower_kind(space: u8) -> Kind {
    Kind::from_idx(space as usize / 4)
}

pub fn floor_value(space: u8) -> i32 {
    board().floor_values[space as usize % 4]
}

/// Any family member (any player) in this tower [L260].
pub fn tower_occupied(s: &State, tower: usize) -> bool {
    (0..4).any(|f| !s.occ[tower * 4 + f].is_empty())
}

/// The 3-coin fee for an occupied tower, waived by Filippo Brunelleschi [L248, L260; L585].
pub fn fee(s: &State, seat: usize, space: u8) -> i32 {
    if tower_occupied(s, space as usize / 4) && !has_leader(s, seat, leader::BRUNELLESCHI) {
        3
    } else {
        0
    }
}

/// The floor bonus the seat would receive (floors 3–4), unless a character
/// forbids it [L259; L563].
pub fn floor_bonus(s: &State, seat: usize, space: u8) -> Res {
    let no_bonus = s.players[seat].cards[Kind::Character.idx()]
        .iter()
        .any(|&c| card(c).permanent.as_ref().is_some_and(|p| p.no_floor_bonus));
    if no_bonus {
        Res::default()
    } else {
        board().floor_bonus(tower_kind(space), space as usize % 4)
    }
}

/// The floor bonus after the seat's per-source reductions (what `grant` would give).
fn bonus_received(s: &State, seat: usize, space: u8) -> Res {
    crate::effects::net_gain(s, seat, floor_bonus(s, seat, space), false)
}

/// The discount alternatives when the seat takes a card of `kind`: every
/// combination of one alternative per discounting character, plus a bonus
/// action's own discount [L561]. At most 8 (no seat has more than 3 such characters).
fn discounts(s: &State, seat: usize, kind: Kind, extra: &Res) -> ([Res; 8], usize) {
    let mut out = [Res::default(); 8];
    out[0] = *extra;
    let mut n = 1;
    for &ch in &s.players[seat].cards[Kind::Character.idx()] {
        if let Some(p) = &card(ch).permanent
            && p.take_bonus == Some(kind)
            && !p.discount_any_of.is_empty()
        {
            let mut next = [Res::default(); 8];
            let mut m = 0;
            for d in &out[..n] {
                for a in &p.discount_any_of {
                    if m < 8 {
                        next[m] = d.plus(&a.res());
                        m += 1;
                    }
                }
            }
            out = next;
            n = m;
        }
    }
    (out, n)
}

/// Visit every payment (cost option × discount alternative, Pico's 3 coins)
/// the supply `have` covers; stop when `f` returns true [L194, L212,
/// L232–237, L561; Pico L642–644].
fn each_payment(
    s: &State,
    seat: usize,
    card_id: u8,
    have: &Res,
    extra_discount: &Res,
    mut f: impl FnMut(Res) -> bool,
) {
    let c = card(card_id);
    let (ds, nd) = discounts(s, seat, c.kind, extra_discount);
    let pico = has_leader(s, seat, leader::PICO);
    let free = [crate::data::CostOption {
        pay: Default::default(),
        need_mp: 0,
    }];
    let costs: &[crate::data::CostOption] = if c.cost.is_empty() { &free } else { &c.cost };
    for opt in costs {
        if have.0[MP] < opt.need_mp {
            continue;
        }
        for d in &ds[..nd] {
            let mut pay = opt.pay.res();
            if pico && pay.0[COINS] > 0 {
                pay.0[COINS] -= 3;
            }
            pay.sub(d);
            for v in pay.0.iter_mut() {
                *v = (*v).max(0);
            }
            if have.covers(&pay) && f(pay) {
                return;
            }
        }
    }
}

/// The distinct ways the seat can pay for `card_id` given a supply `have`.
pub fn payment_options(
    s: &State,
    seat: usize,
    card_id: u8,
    have: &Res,
    extra_discount: &Res,
) -> Vec<Res> {
    let mut out: Vec<Res> = Vec::new();
    each_payment(s, seat, card_id, have, extra_discount, |pay| {
        if !out.contains(&pay) {
            out.push(pay);
        }
        false
    });
    out
}

fn can_pay(s: &State, seat: usize, card_id: u8, have: &Res, extra_discount: &Res) -> bool {
    let mut ok = false;
    each_payment(s, seat, card_id, have, extra_discount, |_| {
        ok = true;
        true
    });
    ok
}

/// Why a card cannot be taken (formatted only when a person reads it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TakeErr {
    NoCard,
    Limit(Kind),
    Military(i32),
    Fee,
    Pay(u8),
}

impl std::fmt::Display for TakeErr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TakeErr::NoCard => write!(f, "no card is left on that space"),
            TakeErr::Limit(k) => write!(f, "already {MAX_CARDS} {} cards", k.name()),
            TakeErr::Military(n) => write!(f, "the next territory slot needs {n} military points"),
            TakeErr::Fee => {
                write!(
                    f,
                    "the tower is occupied and the 3-coin fee must come from coins held before the action"
                )
            }
            TakeErr::Pay(c) => write!(f, "cannot pay for {}", card(*c).name),
        }
    }
}

/// Everything about a card take except the action value: card present, 6-card
/// limit, territory military requirement, fee from coins held before, and a
/// payable cost after the floor bonus. Returns the fee.
pub fn check_take(
    s: &State,
    seat: usize,
    space: u8,
    servants: i32,
    discount: &Res,
) -> Result<i32, TakeErr> {
    let Some(card_id) = s.towers[space as usize] else {
        return Err(TakeErr::NoCard);
    };
    let kind = tower_kind(space);
    let p = &s.players[seat];
    let count = p.cards[kind.idx()].len();
    if count >= MAX_CARDS {
        return Err(TakeErr::Limit(kind));
    }
    if kind == Kind::Territory && !has_leader(s, seat, leader::CESARE) {
        let need = board().territory_slot_mp[count];
        if p.res.0[MP] < need {
            return Err(TakeErr::Military(need));
        }
    }
    let fee = fee(s, seat, space);
    if p.res.0[COINS] < fee {
        return Err(TakeErr::Fee);
    }
    let mut have = p.res;
    have.0[SERVANTS] -= servants;
    have.0[COINS] -= fee;
    have.add(&bonus_received(s, seat, space));
    if !can_pay(s, seat, card_id, &have, discount) {
        return Err(TakeErr::Pay(card_id));
    }
    Ok(fee)
}

/// Carry out a take whose legality was checked: fee, floor bonus, then the
/// cost (asked if there is a choice), the card and its immediate effect.
pub fn start_take(
    s: &mut State,
    seat: usize,
    space: u8,
    fee: i32,
    discount: Res,
    events: &mut Vec<Event>,
) {
    s.players[seat].res.0[COINS] -= fee;
    let b = floor_bonus(s, seat, space);
    if !b.is_zero() {
        grant(s, seat, b, false);
    }
    let card_id = s.towers[space as usize].expect("checked");
    let have = s.players[seat].res;
    let options = payment_options(s, seat, card_id, &have, &discount);
    if options.len() == 1 {
        finish_take(s, seat, space, options[0], events);
    } else {
        s.stack.push(Frame::PayCard {
            seat: seat as u8,
            space,
            options,
        });
    }
}

pub fn finish_take(s: &mut State, seat: usize, space: u8, pay: Res, events: &mut Vec<Event>) {
    let card_id = s.towers[space as usize].take().expect("card present");
    let p = &mut s.players[seat];
    p.res.sub(&pay);
    p.cards[card(card_id).kind.idx()].push(card_id);
    events.push(Event::CardTaken {
        seat: seat as u8,
        card: card_id,
        space,
        paid: pay,
    });
    immediate(s, seat, card_id);
}
