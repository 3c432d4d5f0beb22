//! The income phase (seed §9.6, §C L, Z, D): Banking [L] first (the cash held at the
//! end of the expansion phase again, at most the income), then 15 + provinces x the
//! number of players at the start (+10 with Middle Class [Z]), Enlightenment [D] one
//! misery step down, then the shortage/surplus rolls (seed §9.6.1).

use signoria_engine::Scoped;

use crate::data::{Advance, data};
use crate::model::{CashReason, Event, SeatId, State};
use crate::{bank, misery, shortage};

/// The income of a seat (seed §9.6, mats): 15 + control tokens on the board x the
/// player count at the start, +10 with Middle Class.
pub fn income(s: &State, seat: SeatId) -> u32 {
    let t = &data().tables;
    let provinces = s.board.control_on_board(seat);
    t.income_base.values[0]
        + provinces * s.n() as u32
        + if s.has(seat, Advance::Z) {
            t.middle_class_income.values[0]
        } else {
            0
        }
}

pub fn run(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    let order = s.order.clone();
    for &seat in &order {
        let inc = income(s, seat);
        let banking = if s.has(seat, Advance::L) {
            s.player(seat).cash.min(inc)
        } else {
            0
        };
        bank::receive(s, seat, banking, CashReason::Banking, ev);
        bank::receive(s, seat, inc, CashReason::Income, ev);
        ev.push(Scoped::public(Event::Income {
            seat,
            income: inc,
            banking,
        }));
    }
    for &seat in &order {
        if s.has(seat, Advance::D) {
            misery::lower(s, seat, 1, ev);
        }
    }
    shortage::roll_twice(s, ev);
}
