//! One-time gains shared by the favor cards (2/9/16 Taler, 3/8/14 armies into
//! the tray, 5/15/20 grain, 6/13/19 VP; seed L1500-1550) and the Landsknecht
//! bonuses (L1606-1611).

use signoria_engine::Scoped;

use crate::data::BonusKind;
use crate::model::{Event, State};

/// Give `seat` the bonus. Armies go from the seat's supply into the tray
/// ("vorsichtig in die Würfelturmschale", L1519-1526): as many as the supply
/// holds, up to the amount (RULINGS R36).
pub fn gain(s: &mut State, seat: usize, kind: BonusKind, amount: u32, ev: &mut Vec<Scoped<Event>>) {
    let amount = match kind {
        BonusKind::Taler => {
            s.players[seat].money += amount as i32;
            amount
        }
        BonusKind::Grain => {
            s.players[seat].grain += amount;
            amount
        }
        BonusKind::Vp => {
            s.players[seat].vp += amount;
            amount
        }
        BonusKind::Tray => {
            let k = amount.min(s.players[seat].supply);
            s.players[seat].supply -= k;
            s.tower.tray[seat] += k;
            k
        }
    };
    ev.push(Scoped::public(Event::Gained {
        seat: seat as u8,
        kind,
        amount,
    }));
}
