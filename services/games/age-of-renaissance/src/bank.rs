//! Money between the players and the bank (seed §3, §5.5, §4.7). The bank has no limit
//! (RULINGS R-BANK); every transfer goes through these two functions, which keep the
//! ledger the invariants check (cash is conserved between players and bank).

use signoria_engine::Scoped;

use crate::model::{CashReason, Event, SeatId, State};

/// The bank pays `amount` to a seat.
pub fn receive(
    s: &mut State,
    seat: SeatId,
    amount: u32,
    why: CashReason,
    ev: &mut Vec<Scoped<Event>>,
) {
    if amount == 0 {
        return;
    }
    s.player_mut(seat).cash += amount;
    s.bank_out += amount as u64;
    ev.push(Scoped::public(Event::Cash {
        seat,
        amount: amount as i32,
        why,
    }));
}

/// A seat pays up to `amount` to the bank (never more than its cash: cash cannot go
/// negative, RULINGS R-CASH); returns what was paid.
pub fn pay(
    s: &mut State,
    seat: SeatId,
    amount: u32,
    why: CashReason,
    ev: &mut Vec<Scoped<Event>>,
) -> u32 {
    let paid = amount.min(s.player(seat).cash);
    if paid == 0 {
        return 0;
    }
    s.player_mut(seat).cash -= paid;
    s.bank_in += paid as u64;
    ev.push(Scoped::public(Event::Cash {
        seat,
        amount: -(paid as i32),
        why,
    }));
    paid
}
