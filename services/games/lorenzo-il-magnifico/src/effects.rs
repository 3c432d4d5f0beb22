//! Gains and card effects: the gain pipeline (Santa Rita, then the period-I
//! per-source reductions), council privileges and immediate card effects
//! [Die Entwicklungskarten L156–166; legend L551–563; L776–782].

use crate::data::{Bag, board, card};
use crate::model::*;
use crate::value::{ex, has_ex, has_leader, leader};

/// Grant one source's gain to a seat.
///
/// Santa Rita doubles wood/stone/coins/servants of immediate card effects
/// first [Santa Rita L690–693]; then each period-I reduction takes 1 per
/// source, never below 0 [Exkommunikationsplaettchen L711–728; L776–782].
/// The wood-or-stone tile takes 1 in total from a source that gives both:
/// from the larger amount, wood on a tie (RULINGS.md R6).
pub fn grant(s: &mut State, seat: usize, gain: Res, immediate_card: bool) -> Res {
    let g = net_gain(s, seat, gain, immediate_card);
    s.players[seat].res.add(&g);
    g
}

/// What one source's gain is worth to the seat after Santa Rita and the reductions.
pub fn net_gain(s: &State, seat: usize, gain: Res, immediate_card: bool) -> Res {
    let mut g = gain;
    if immediate_card && has_leader(s, seat, leader::SANTA_RITA) {
        for i in 0..4 {
            g.0[i] *= 2;
        }
    }
    if has_ex(s, seat, ex::LESS_MP) && g.0[MP] > 0 {
        g.0[MP] -= 1;
    }
    if has_ex(s, seat, ex::LESS_COINS) && g.0[COINS] > 0 {
        g.0[COINS] -= 1;
    }
    if has_ex(s, seat, ex::LESS_SERVANTS) && g.0[SERVANTS] > 0 {
        g.0[SERVANTS] -= 1;
    }
    if has_ex(s, seat, ex::LESS_WOOD_STONE) && (g.0[WOOD] > 0 || g.0[STONE] > 0) {
        if g.0[WOOD] >= g.0[STONE] {
            g.0[WOOD] -= 1;
        } else {
            g.0[STONE] -= 1;
        }
    }
    g
}

/// Ask for `n` council privileges from one source; options must differ
/// [Der Markt L345; RULINGS.md R3 extends this to every multi-privilege grant].
pub fn push_privileges(s: &mut State, seat: usize, n: i32) {
    if n > 0 {
        s.stack.push(Frame::Privileges {
            seat: seat as u8,
            left: n.min(5) as u8,
            taken: 0,
        });
    }
}

/// The five privilege options [Der Ratspalast L361–363].
pub fn privilege_gain(option: u8) -> Res {
    board().privileges[option as usize].res()
}

/// Grant a bag (resources and privileges) from one source.
pub fn grant_bag(s: &mut State, seat: usize, bag: &Bag, immediate_card: bool) {
    grant(s, seat, bag.res(), immediate_card);
    push_privileges(s, seat, bag.privileges);
}

/// The immediate effect of a card just placed in the seat's area [L162, L262].
pub fn immediate(s: &mut State, seat: usize, id: u8) {
    let c = card(id);
    // Bonus actions go on the stack first so that privileges of the same card are asked first.
    if let Some(a) = &c.now_action {
        if let Some(v) = a.harvest {
            s.stack.push(Frame::BonusWork {
                seat: seat as u8,
                harvest: true,
                value: v,
                leader: false,
            });
        } else if let Some(v) = a.production {
            s.stack.push(Frame::BonusWork {
                seat: seat as u8,
                harvest: false,
                value: v,
                leader: false,
            });
        } else if let Some(t) = &a.take {
            let kinds = match t.as_str() {
                "any" => 0b1111,
                k => {
                    1 << Kind::ALL
                        .iter()
                        .position(|x| x.name() == k)
                        .expect("validated kind")
                }
            };
            s.stack.push(Frame::BonusTake {
                seat: seat as u8,
                kinds,
                value: a.value,
                discount: a.discount.res(),
            });
        }
    }
    let mut gain = c.now.res();
    if let Some(per) = &c.now_per {
        let times = if let Some(k) = per.per_card {
            s.players[seat].cards[k.idx()].len() as i32
        } else {
            s.players[seat].res.0[MP] / per.per_mp.unwrap_or(1).max(1)
        };
        gain.add(&per.gain.res().scaled(times));
    }
    if !gain.is_zero() {
        grant(s, seat, gain, true);
    }
    push_privileges(s, seat, c.now.privileges);
}
