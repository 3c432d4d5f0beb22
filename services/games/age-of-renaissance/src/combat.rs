//! Combat for a province (seed §9.5.2, B.1, the player-mat summary): the attack
//! requirement (strength at least the defence, and tokens at least the market), the
//! strengths with capitals, satellites, military advantages, Nationalism [W] and
//! Cosmopolitanism [Y], the three dice with Faith in God [G], the Cathedral [H], the
//! outcome and the Written Record [N] swap.

use signoria_engine::Scoped;

use crate::data::{Advance, ProvinceId, data};
use crate::geo::{bit, geo};
use crate::model::{Attack, Dice, Event, Frame, SeatId, State};
use crate::{military, written_record};

/// The seats with tokens in a province other than `attacker`, in turn order (players
/// out of the game after those in it).
pub fn defenders(s: &State, attacker: SeatId, p: ProvinceId) -> Vec<SeatId> {
    let prov = s.board.get(p);
    let mut out: Vec<SeatId> = prov.present().filter(|&d| d != attacker).collect();
    out.sort_by_key(|&d| s.position(d).unwrap_or(usize::MAX));
    out
}

/// Home region: the region of the capital (seed §9.5.2 Nationalismus).
fn in_home_region(s: &State, seat: SeatId, p: ProvinceId) -> bool {
    let d = data();
    s.player(seat)
        .capital
        .is_some_and(|c| d.province(c).region == d.province(p).region)
}

fn nationalism(s: &State, seat: SeatId, p: ProvinceId) -> u32 {
    (s.has(seat, Advance::W) && in_home_region(s, seat, p)) as u32
}

/// Satellites whose arrow points at `p` and that hold the seat's established token.
fn satellites(s: &State, seat: SeatId, p: ProvinceId) -> u32 {
    data()
        .province(p)
        .supported_by
        .iter()
        .filter(|&&sat| s.board.get(sat).est[seat as usize] > 0)
        .count() as u32
}

fn capital_factor(s: &State, seat: SeatId, p: ProvinceId) -> u32 {
    if s.player(seat).capital == Some(p) {
        2
    } else {
        1
    }
}

/// The defence (seed §9.5.2): every defender's tokens (a control token as the market
/// value; doubled in the defender's own capital), the market value once, each
/// supporting satellite of the control token's owner (+2 with Y), military advantages
/// and Nationalism. A player out of the game keeps his tokens, satellites and
/// Nationalism only (seed §9.4.3).
pub fn defence(s: &State, attacker: SeatId, p: ProvinceId) -> u32 {
    let market = data().province(p).market;
    let prov = s.board.get(p);
    let mut total = market as u32;
    for d in defenders(s, attacker, p) {
        total += prov.strength_of(d, market) * capital_factor(s, d, p);
        if prov.controller() == Some(d) {
            let per = if s.has(d, Advance::Y) && !s.player(d).out {
                2
            } else {
                1
            };
            total += per * satellites(s, d, p);
        }
        total += military::strength(s, d, &[attacker]);
        total += nationalism(s, d, p);
    }
    total
}

/// The attacker's strength besides his tokens: military advantages, Nationalism in his
/// home region, one per supporting satellite with Y (seed §9.5.2).
pub fn attack_bonus(s: &State, attacker: SeatId, p: ProvinceId) -> u32 {
    let defs = defenders(s, attacker, p);
    let y = if s.has(attacker, Advance::Y) {
        satellites(s, attacker, p)
    } else {
        0
    };
    military::strength(s, attacker, &defs) + nationalism(s, attacker, p) + y
}

/// The fewest new tokens an attack on `p` needs (seed §9.5.2, mats: strength at least
/// the defence and tokens at least the market value; RULINGS R-ATTACK-MIN).
pub fn tokens_needed(s: &State, attacker: SeatId, p: ProvinceId) -> u32 {
    let market = data().province(p).market as u32;
    let own = s.board.get(p).tokens(attacker) as u32;
    let factor = capital_factor(s, attacker, p);
    let def = defence(s, attacker, p);
    let bonus = attack_bonus(s, attacker, p);
    let by_strength = def
        .saturating_sub(bonus)
        .div_ceil(factor)
        .saturating_sub(own);
    by_strength.max(market.saturating_sub(own)).max(1)
}

/// The attack strength with `tokens` new tokens.
pub fn attack_strength(s: &State, attacker: SeatId, p: ProvinceId, tokens: u32) -> u32 {
    (s.board.get(p).tokens(attacker) as u32 + tokens) * capital_factor(s, attacker, p)
        + attack_bonus(s, attacker, p)
}

/// May `seat` use its Cathedral against all of `against` now (seed §9.5.2, §C H)? The
/// Cathedral of a player out of the game no longer counts (only his Nationalism does,
/// seed §9.4.3; RULINGS R-OUT).
pub fn cathedral_usable(s: &State, seat: SeatId, against: &[SeatId]) -> bool {
    s.has(seat, Advance::H)
        && !s.player(seat).out
        && !against.is_empty()
        && against.iter().all(|&o| {
            (s.player(o).out || !s.has(o, Advance::H))
                && s.player(seat).round.cathedral_vs & (1 << o) == 0
        })
}

/// The defenders who may declare their Cathedral against this attacker.
pub fn cathedral_defenders(s: &State, attacker: SeatId, p: ProvinceId) -> Vec<SeatId> {
    defenders(s, attacker, p)
        .into_iter()
        .filter(|&d| cathedral_usable(s, d, &[attacker]))
        .collect()
}

/// Start an attack: the defenders with a Cathedral are asked first (out of turn),
/// unless the attacker declared his.
pub fn start(s: &mut State, attack: Attack, ev: &mut Vec<Scoped<Event>>) {
    let ask = if attack.cathedral {
        Vec::new()
    } else {
        cathedral_defenders(s, attack.attacker, attack.province)
    };
    if ask.is_empty() {
        fight(s, attack, None, ev);
    } else {
        s.stack.push(Frame::Cathedral(Attack { ask, ..attack }));
    }
}

/// The attacker wins on green > his box (>= with G) or black > white (>= with a
/// military advantage) (seed §9.5.2, B.1).
pub fn attacker_wins(s: &State, attacker: SeatId, dice: Dice) -> bool {
    let [green, black, white] = dice;
    let rank = s.rank(attacker);
    let green_wins = if s.has(attacker, Advance::G) {
        green >= rank
    } else {
        green > rank
    };
    let bw_wins = if military::tie_wins(s, attacker) {
        black >= white
    } else {
        black > white
    };
    green_wins || bw_wins
}

/// Commit the tokens and fight. `defender_cathedral`: the defender who declared.
pub fn fight(
    s: &mut State,
    a: Attack,
    defender_cathedral: Option<SeatId>,
    ev: &mut Vec<Scoped<Event>>,
) {
    let seat = a.attacker;
    let p = a.province;
    let defs = defenders(s, seat, p);
    let attack = attack_strength(s, seat, p, a.tokens as u32);
    let defence = defence(s, seat, p);
    // The tokens go in (and count against the fleet's capacity, seed §9.5.2 example 5).
    s.player_mut(seat).bought -= a.tokens;
    s.board.get_mut(p).new[seat as usize] += a.tokens;
    if a.by_sea {
        crate::expansion::add_shipped(s, p, a.tokens);
    }
    ev.push(Scoped::public(Event::Tokens {
        seat,
        province: p,
        count: a.tokens as i8,
    }));
    let (won, dice, cathedral) = if a.cathedral {
        for &d in &defs {
            s.player_mut(seat).round.cathedral_vs |= 1 << d;
        }
        (true, None, Some(seat))
    } else if let Some(d) = defender_cathedral {
        s.player_mut(d).round.cathedral_vs |= 1 << seat;
        (false, None, Some(d))
    } else {
        let dice: Dice = [s.d6(), s.d6(), s.d6()];
        (attacker_wins(s, seat, dice), Some(dice), None)
    };
    ev.push(Scoped::public(Event::Combat {
        attacker: seat,
        province: p,
        attack: attack.min(255) as u8,
        defence: defence.min(255) as u8,
        dice,
        cathedral,
        won,
    }));
    if won {
        let victim = s.board.get(p).controller();
        for &d in &defs {
            remove_all(s, d, p, ev);
        }
        // The winner keeps one token: a control token, or an expansion token in a
        // satellite (or when he has no control token left, RULINGS R-NO-CONTROL).
        let mine = s.board.get(p).tokens(seat);
        let satellite = geo().satellites & bit(p) != 0;
        if !satellite && s.player(seat).control_stock > 0 {
            take_tokens(s, seat, p, mine, ev);
            s.player_mut(seat).control_stock -= 1;
            s.board.get_mut(p).set_control(seat, true);
            ev.push(Scoped::public(Event::Control {
                seat,
                province: p,
                gained: true,
            }));
        } else {
            take_tokens(s, seat, p, mine - 1, ev);
            // The one left is placed this phase (□).
            let prov = s.board.get_mut(p);
            let left_est = prov.est[seat as usize];
            prov.est[seat as usize] = 0;
            prov.new[seat as usize] += left_est;
        }
        if let Some(v) = victim {
            written_record::offer(s, seat, v);
        }
    } else {
        let mine = s.board.get(p).tokens(seat);
        take_tokens(s, seat, p, mine, ev);
    }
}

/// Take `count` of a seat's expansion tokens off a province back to its stock (the
/// ones placed this phase first).
pub fn take_tokens(
    s: &mut State,
    seat: SeatId,
    p: ProvinceId,
    count: u8,
    ev: &mut Vec<Scoped<Event>>,
) {
    if count == 0 {
        return;
    }
    let prov = s.board.get_mut(p);
    let from_new = count.min(prov.new[seat as usize]);
    prov.new[seat as usize] -= from_new;
    prov.est[seat as usize] -= count - from_new;
    s.player_mut(seat).stock += count;
    ev.push(Scoped::public(Event::Tokens {
        seat,
        province: p,
        count: -(count as i8),
    }));
}

/// Everything of a seat in a province back to its stocks.
pub fn remove_all(s: &mut State, seat: SeatId, p: ProvinceId, ev: &mut Vec<Scoped<Event>>) {
    let mine = s.board.get(p).tokens(seat);
    take_tokens(s, seat, p, mine, ev);
    if s.board.get(p).controller() == Some(seat) {
        s.board.get_mut(p).clear_control();
        s.player_mut(seat).control_stock += 1;
        ev.push(Scoped::public(Event::Control {
            seat,
            province: p,
            gained: false,
        }));
    }
}
