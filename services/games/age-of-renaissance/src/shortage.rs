//! Shortage and surplus (seed §9.1, §9.6.1, the shortage/surplus table): the counters
//! (three exist, seed §3), the two rolls after income with their majority effects,
//! the first player's clearing, Mills [J], and their effect on commodity payouts.

use signoria_engine::Scoped;

use crate::data::{Advance, Commodity, data};
use crate::model::{CashReason, Dice, DrawReason, Event, Move, SeatId, State};
use crate::{bank, deck};

/// Counters on the board (shortage and surplus alike).
pub fn used(s: &State) -> u32 {
    s.counters.iter().map(|c| c.unsigned_abs() as u32).sum()
}

fn free(s: &State) -> bool {
    used(s) < data().setup.shortage_counters.value as u32
}

/// Move a commodity's level one box: towards shortage (`true`) or surplus. A counter
/// of the other kind is removed first (they cancel, seed §9.6.1); a new counter needs
/// one of the three pieces (RULINGS R-COUNTERS).
pub fn shift(s: &mut State, c: Commodity, shortage: bool, ev: &mut Vec<Scoped<Event>>) -> bool {
    let level = s.counters[c.index()];
    let opposite = if shortage { level < 0 } else { level > 0 };
    if !opposite && !free(s) {
        return false;
    }
    s.counters[c.index()] += if shortage { 1 } else { -1 };
    ev.push(Scoped::public(Event::Counter {
        commodity: c,
        level: s.counters[c.index()],
    }));
    true
}

/// Whether a shift is possible.
pub fn can_shift(s: &State, c: Commodity, shortage: bool) -> bool {
    let level = s.counters[c.index()];
    (if shortage { level < 0 } else { level > 0 }) || free(s)
}

/// One column more with a shortage, one less with a surplus, whatever the number of
/// counters (seed §9.6.1).
pub fn column_shift(s: &State, c: Commodity) -> i32 {
    s.counters[c.index()].signum() as i32
}

/// A commodity card paid out: one counter of that commodity goes (seed §9.6.1).
pub fn consume(s: &mut State, c: Commodity, ev: &mut Vec<Scoped<Event>>) {
    let level = s.counters[c.index()];
    if level != 0 {
        s.counters[c.index()] -= level.signum();
        ev.push(Scoped::public(Event::Counter {
            commodity: c,
            level: s.counters[c.index()],
        }));
    }
}

/// The first player's choices (seed §9.1): remove one counter for its base value.
pub fn clear_choices(s: &State, seat: SeatId) -> Vec<Move> {
    let cash = s.player(seat).cash;
    let mut out: Vec<Move> = Commodity::ALL
        .into_iter()
        .filter(|c| s.counters[c.index()] != 0 && data().commodity(*c).base <= cash)
        .map(|commodity| Move::ClearCounter { commodity })
        .collect();
    if !out.is_empty() {
        out.push(Move::Pass);
    }
    out
}

pub fn clear(s: &mut State, seat: SeatId, c: Commodity, ev: &mut Vec<Scoped<Event>>) {
    bank::pay(s, seat, data().commodity(c).base, CashReason::Counter, ev);
    consume(s, c, ev);
}

/// The commodities Mills [J] may shift (seed §9.1, §C J).
pub const MILLS: [Commodity; 4] = [
    Commodity::Grain,
    Commodity::Cloth,
    Commodity::Wine,
    Commodity::Metal,
];

/// The first Mills owner in turn order (seed §9.1).
pub fn mills_owner(s: &State) -> Option<SeatId> {
    s.order.iter().copied().find(|&p| s.has(p, Advance::J))
}

pub fn mills_choices(s: &State) -> Vec<Move> {
    let mut out = Vec::new();
    for c in MILLS {
        for shortage in [true, false] {
            if can_shift(s, c, shortage) {
                out.push(Move::Mills {
                    commodity: c,
                    shortage,
                });
            }
        }
    }
    out.push(Move::Pass);
    out
}

/// The commodities a white + black total names (12: gold and ivory, seed table).
pub fn commodities_of_roll(total: u8) -> Vec<Commodity> {
    Commodity::ALL
        .into_iter()
        .filter(|c| data().commodity(*c).ss_roll == total)
        .collect()
}

/// The end of the income phase (seed §9.6.1): counters left from the last roll go
/// (RULINGS R-COUNTER-LIFETIME), then all three dice are rolled twice.
pub fn roll_twice(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    for c in Commodity::ALL {
        if s.counters[c.index()] != 0 {
            s.counters[c.index()] = 0;
            ev.push(Scoped::public(Event::Counter {
                commodity: c,
                level: 0,
            }));
        }
    }
    for _ in 0..2 {
        let dice: Dice = [s.d6(), s.d6(), s.d6()];
        apply_roll(s, dice, ev);
    }
}

/// One roll: green 1-3 shortage, 4-6 surplus; white + black the commodity (seed
/// §9.6.1). Each commodity named gets its counter and its majority effect (RULINGS
/// R-MAJORITY).
pub fn apply_roll(s: &mut State, dice: Dice, ev: &mut Vec<Scoped<Event>>) {
    let [green, black, white] = dice;
    let shortage = green <= data().tables.shortage_green_max.values[0];
    let commodities = commodities_of_roll(black + white);
    ev.push(Scoped::public(Event::Roll {
        dice,
        commodities: commodities.clone(),
        shortage,
    }));
    for c in commodities {
        shift(s, c, shortage, ev);
        majority(s, c, shortage, ev);
    }
}

/// The player with strictly the most provinces of the commodity (commodity control
/// cards) draws a free card for a shortage, pays 1 per province for a surplus;
/// ties: nothing (seed §9.6.1).
pub fn majority(s: &mut State, c: Commodity, shortage: bool, ev: &mut Vec<Scoped<Event>>) {
    let counts: Vec<(SeatId, u32)> = s
        .order
        .iter()
        .map(|&p| (p, s.board.control_cards(p, c)))
        .collect();
    let best = counts.iter().map(|x| x.1).max().unwrap_or(0);
    if best == 0 || counts.iter().filter(|x| x.1 == best).count() != 1 {
        return;
    }
    let seat = counts.iter().find(|x| x.1 == best).expect("a best").0;
    if shortage {
        deck::draw(s, seat, DrawReason::Shortage, ev);
    } else {
        bank::pay(s, seat, best, CashReason::Surplus, ev);
    }
}
