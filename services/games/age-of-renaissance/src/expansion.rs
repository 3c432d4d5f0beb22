//! The expansion phase (seed §9.5): Holy Indulgence [F] at its start, cards bought
//! with expansion tokens (§9.5.1), each player's placements and attacks in turn order
//! (§9.5.2), the bonus card for the most new control tokens (§9.5.3) and the end of
//! the phase, when every token turns to its coloured side (§9.5.4).

use signoria_engine::Scoped;

use crate::data::{Advance, ProvinceId, data};
use crate::geo::{bit, geo, iter};
use crate::model::{Attack, CashReason, DrawReason, Event, Move, SeatId, State};
use crate::reach::reach;
use crate::{bank, combat, deck, misery};

/// Tokens shipped into a province by the player expanding now (seed §9.4.1).
pub fn shipped(s: &State, p: ProvinceId) -> u32 {
    s.this_round
        .shipped
        .iter()
        .find(|x| x.0 == p)
        .map_or(0, |x| x.1 as u32)
}

pub fn add_shipped(s: &mut State, p: ProvinceId, n: u8) {
    match s.this_round.shipped.iter_mut().find(|x| x.0 == p) {
        Some(x) => x.1 += n,
        None => s.this_round.shipped.push((p, n)),
    }
}

/// Tokens the seat may still ship into `p` this round (`u32::MAX`: unlimited).
fn sea_room(s: &State, seat: SeatId, p: ProvinceId) -> u32 {
    match s.player(seat).fleet.capacity() {
        None => u32::MAX,
        Some(cap) => cap.saturating_sub(shipped(s, p)),
    }
}

/// The price of the next card bought with tokens (seed §9.5.1: 3, 6, ... 18 by the
/// number bought by anybody this phase).
pub fn token_card_price(s: &State) -> Option<u32> {
    data()
        .tables
        .token_card_prices
        .values
        .get(s.this_round.token_cards as usize)
        .copied()
}

pub fn can_buy_token_card(s: &State, seat: SeatId) -> bool {
    let p = s.player(seat);
    !p.out
        && !p.round.token_card
        && deck::can_draw(s)
        && token_card_price(s).is_some_and(|price| p.bought as u32 >= price)
}

pub fn buy_token_card(s: &mut State, seat: SeatId, ev: &mut Vec<Scoped<Event>>) {
    let price = token_card_price(s).expect("a price") as u8;
    let p = s.player_mut(seat);
    p.bought -= price;
    p.stock += price;
    p.round.token_card = true;
    s.this_round.token_cards += 1;
    deck::draw(s, seat, DrawReason::Tokens, ev);
}

/// A player's choices in his expansion turn.
pub fn choices(s: &State, seat: SeatId) -> Vec<Move> {
    let mut out = Vec::new();
    let bought = s.player(seat).bought as u32;
    if bought > 0 {
        let r = reach(s, seat);
        let d = data();
        for p in iter(r.all()) {
            let prov = s.board.get(p);
            if prov.controller() == Some(seat) {
                continue;
            }
            let market = d.province(p).market as u32;
            let total = prov.total(market as u8);
            let own = prov.tokens(seat) as u32;
            let room = if r.by_sea_only(p) {
                sea_room(s, seat, p)
            } else {
                u32::MAX
            };
            let avail = bought.min(room);
            // Peaceful: own tokens and the total at most the market (seed §9.5.2).
            let peaceful = market.saturating_sub(total).min(market.saturating_sub(own));
            for count in 1..=peaceful.min(avail) {
                out.push(Move::Place {
                    province: p,
                    count: count as u8,
                });
            }
            let defs = combat::defenders(s, seat, p);
            if !defs.is_empty() && combat::tokens_needed(s, seat, p) <= avail {
                out.push(Move::Attack {
                    province: p,
                    cathedral: false,
                });
                if combat::cathedral_usable(s, seat, &defs) {
                    out.push(Move::Attack {
                        province: p,
                        cathedral: true,
                    });
                }
            }
        }
    }
    if can_buy_token_card(s, seat) {
        out.push(Move::TokenCard);
    }
    out.extend(swap_control_choices(s, seat));
    if !out.is_empty() {
        out.push(Move::Pass);
    }
    out
}

/// Peaceful placement; a full market of one player's tokens becomes his control
/// token, white side up (seed §9.5, §9.5.2).
pub fn place(s: &mut State, seat: SeatId, p: ProvinceId, count: u8, ev: &mut Vec<Scoped<Event>>) {
    if reach(s, seat).by_sea_only(p) {
        add_shipped(s, p, count);
    }
    s.player_mut(seat).bought -= count;
    s.board.get_mut(p).new[seat as usize] += count;
    ev.push(Scoped::public(Event::Tokens {
        seat,
        province: p,
        count: count as i8,
    }));
    complete_market(s, seat, p, ev);
}

/// Replace a full market of one player's tokens by his control token (○), if he has
/// one left (seed §9.5; RULINGS R-NO-CONTROL).
pub fn complete_market(s: &mut State, seat: SeatId, p: ProvinceId, ev: &mut Vec<Scoped<Event>>) {
    let prov = s.board.get(p);
    let market = data().province(p).market;
    if geo().satellites & bit(p) != 0
        || prov.controller().is_some()
        || prov.tokens(seat) < market
        || prov.present().any(|o| o != seat)
        || s.player(seat).control_stock == 0
    {
        return;
    }
    let mine = prov.tokens(seat);
    combat::take_tokens(s, seat, p, mine, ev);
    s.player_mut(seat).control_stock -= 1;
    s.board.get_mut(p).set_control(seat, true);
    ev.push(Scoped::public(Event::Control {
        seat,
        province: p,
        gained: true,
    }));
}

pub fn attack(
    s: &mut State,
    seat: SeatId,
    p: ProvinceId,
    cathedral: bool,
    ev: &mut Vec<Scoped<Event>>,
) {
    let by_sea = reach(s, seat).by_sea_only(p);
    let tokens = combat::tokens_needed(s, seat, p) as u8;
    combat::start(
        s,
        Attack {
            attacker: seat,
            province: p,
            tokens,
            by_sea,
            cathedral,
            ask: Vec::new(),
        },
        ev,
    );
}

/// With every control token on the board a player may swap one of them for an
/// expansion token (seed §9.5.2): here, to control a full market elsewhere.
pub fn swap_control_choices(s: &State, seat: SeatId) -> Vec<Move> {
    let p = s.player(seat);
    if p.control_stock > 0 || p.stock == 0 {
        return Vec::new();
    }
    let d = data();
    let full: Vec<ProvinceId> = s
        .board
        .ids()
        .filter(|&q| {
            let prov = s.board.get(q);
            !d.province(q).is_satellite()
                && prov.controller().is_none()
                && prov.tokens(seat) >= d.province(q).market
                && prov.present().all(|o| o == seat)
        })
        .collect();
    if full.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for from in s.board.controlled(seat) {
        for &to in &full {
            out.push(Move::SwapControl { from, to });
        }
    }
    out
}

pub fn swap_control(
    s: &mut State,
    seat: SeatId,
    from: ProvinceId,
    to: ProvinceId,
    ev: &mut Vec<Scoped<Event>>,
) {
    s.board.get_mut(from).clear_control();
    s.player_mut(seat).control_stock += 1;
    ev.push(Scoped::public(Event::Control {
        seat,
        province: from,
        gained: false,
    }));
    s.player_mut(seat).stock -= 1;
    s.board.get_mut(from).new[seat as usize] += 1;
    ev.push(Scoped::public(Event::Tokens {
        seat,
        province: from,
        count: 1,
    }));
    complete_market(s, seat, to, ev);
}

/// Holy Indulgence at the start of the phase (seed §9.5, §C F): each owner takes two
/// tokens from his stock per player without it (a ducat from the bank for each he
/// cannot take); each player without it gives back two of his bought tokens per
/// owner, and owes a ducat or a misery step for each he lacks (RULINGS R-INDULGENCE).
/// The turn order does not change. Returns the seats that owe, with what they owe.
pub fn holy_indulgence(s: &mut State, ev: &mut Vec<Scoped<Event>>) -> Vec<(SeatId, u8)> {
    let owners: Vec<SeatId> = s
        .order
        .iter()
        .copied()
        .filter(|&p| s.has(p, Advance::F))
        .collect();
    let others: Vec<SeatId> = s
        .order
        .iter()
        .copied()
        .filter(|&p| !s.has(p, Advance::F))
        .collect();
    if owners.is_empty() || others.is_empty() {
        return Vec::new();
    }
    let per = data().tables.holy_indulgence_tokens.values[0];
    let mut owe = Vec::new();
    for &o in &owners {
        let want = per * others.len() as u32;
        let p = s.player_mut(o);
        let take = want.min(p.stock as u32) as u8;
        p.stock -= take;
        p.bought += take;
        bank::receive(s, o, want - take as u32, CashReason::Indulgence, ev);
    }
    for &x in &others {
        let due = per * owners.len() as u32;
        let p = s.player_mut(x);
        let give = due.min(p.bought as u32) as u8;
        p.bought -= give;
        p.stock += give;
        if due > give as u32 {
            owe.push((x, (due - give as u32) as u8));
        }
    }
    owe
}

pub fn indulgence_choices(s: &State, seat: SeatId, owed: u8) -> Vec<Move> {
    let max = (owed as u32).min(s.player(seat).cash) as u8;
    (0..=max)
        .map(|ducats| Move::PayIndulgence { ducats })
        .collect()
}

pub fn pay_indulgence(
    s: &mut State,
    seat: SeatId,
    owed: u8,
    ducats: u8,
    ev: &mut Vec<Scoped<Event>>,
) {
    bank::pay(s, seat, ducats as u32, CashReason::Indulgence, ev);
    misery::raise(s, seat, (owed - ducats) as u32, ev);
}

/// The bonus card (seed §9.5.3): the most control tokens gained this phase and still
/// held (white side up); ties to the earliest in this phase's order; none if nobody.
pub fn bonus_card(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    let counts: Vec<(SeatId, usize)> = s
        .order
        .iter()
        .map(|&p| {
            let n = s
                .board
                .0
                .iter()
                .filter(|x| x.controller() == Some(p) && x.control_is_new())
                .count();
            (p, n)
        })
        .collect();
    let best = counts.iter().map(|x| x.1).max().unwrap_or(0);
    if best > 0 {
        let seat = counts.iter().find(|x| x.1 == best).expect("a best").0;
        deck::draw(s, seat, DrawReason::Bonus, ev);
    }
}

/// The end of the expansion phase (seed §9.5.4): every token turns to its coloured
/// side; unplaced bought tokens go back to stock (seed §9.5).
pub fn consolidate(s: &mut State) {
    for prov in &mut s.board.0 {
        for seat in 0..6 {
            prov.est[seat] += prov.new[seat];
            prov.new[seat] = 0;
        }
        if let Some(c) = prov.controller() {
            prov.set_control(c, false);
        }
    }
    for p in &mut s.players {
        p.stock += p.bought;
        p.bought = 0;
    }
}
