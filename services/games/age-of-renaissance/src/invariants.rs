//! Rule invariants checked by the random playouts after every move: tokens conserved
//! per player (36 expansion, 25 control), cash conserved between players and the bank,
//! all 64 cards in exactly one place, misery on its track, markets never over-full,
//! satellites without control tokens, nothing in regions not in play, prerequisites.

use crate::data::{Advance, data};
use crate::deck::card_bit;
use crate::geo::{bit, geo};
use crate::model::{Frame, SeatId, State};

pub fn violations(s: &State) -> Vec<String> {
    let mut v = Vec::new();
    let d = data();
    let st = &d.setup;
    for seat in 0..s.n() as SeatId {
        let p = s.player(seat);
        let exp = s.board.expansion_on_board(seat) + p.stock as u32 + p.bought as u32;
        if exp != st.expansion_tokens.value as u32 {
            v.push(format!("seat {seat}: {exp} expansion tokens"));
        }
        let ctl = s.board.control_on_board(seat) + p.control_stock as u32;
        if ctl != st.control_tokens.value as u32 {
            v.push(format!("seat {seat}: {ctl} control tokens"));
        }
        if p.misery > crate::misery::top() {
            v.push(format!("seat {seat}: misery box {}", p.misery));
        }
        for a in p.advances.iter() {
            if d.advance(a)
                .prerequisites
                .iter()
                .any(|&q| !p.advances.has(q))
            {
                v.push(format!("seat {seat}: {a} without its prerequisites"));
            }
        }
        if p.new_advances.0 & !p.advances.0 != 0 {
            v.push(format!("seat {seat}: new advances not owned"));
        }
        if p.out != s.position(seat).is_none() {
            v.push(format!(
                "seat {seat}: out={} but order {:?}",
                p.out, s.order
            ));
        }
        if p.old_slots as usize > p.hand.len() {
            v.push(format!("seat {seat}: old_slots {} > hand", p.old_slots));
        }
        let _ = Advance::A;
    }
    // Cash: what the players hold is what they started with, plus what the bank paid,
    // minus what it took.
    let total: u64 = s.players.iter().map(|p| p.cash as u64).sum();
    let start = st.starting_cash.value as u64 * s.n() as u64;
    if total + s.bank_in != start + s.bank_out {
        v.push(format!(
            "cash not conserved: players {total} + bank in {} != start {start} + bank out {}",
            s.bank_in, s.bank_out
        ));
    }
    // Cards: each of the 64 in exactly one place.
    let mut seen = 0u64;
    let mut dup = Vec::new();
    let mut put = |c: crate::data::CardId, seen: &mut u64| {
        if *seen & card_bit(c) != 0 {
            dup.push(c);
        }
        *seen |= card_bit(c);
    };
    for &c in s
        .deck
        .iter()
        .chain(&s.held_back)
        .chain(&s.pile)
        .chain(&s.removed)
    {
        put(c, &mut seen);
    }
    for p in &s.players {
        for &c in &p.hand {
            put(c, &mut seen);
        }
    }
    for p in &s.this_round.personalities {
        put(p.card, &mut seen);
    }
    for c in &d.cards {
        if c.epoch > s.epoch {
            put(c.id, &mut seen);
        }
    }
    if !dup.is_empty() {
        v.push(format!("cards in two places: {dup:?}"));
    }
    if seen.count_ones() as usize != d.cards.len() {
        v.push(format!(
            "{} of {} cards accounted for",
            seen.count_ones(),
            d.cards.len()
        ));
    }
    for k in &s.known {
        if !s.player(k.holder).hand.contains(&k.card) {
            v.push(format!(
                "known card {:?} not in seat {}'s hand",
                k.card, k.holder
            ));
        }
    }
    // The board.
    let g = geo();
    let open = g.in_play(s.n());
    for p in s.board.ids() {
        let prov = s.board.get(p);
        let info = d.province(p);
        if prov.is_empty() {
            continue;
        }
        if open & bit(p) == 0 {
            v.push(format!("tokens in {} (region not in play)", info.name));
        }
        if info.is_satellite() && prov.controller().is_some() {
            v.push(format!("control token in the satellite {}", info.name));
        }
        let total = prov.total(info.market);
        if total > info.market as u32 {
            v.push(format!(
                "{}: {total} tokens in a market of {}",
                info.name, info.market
            ));
        }
        for seat in s.n() as SeatId..6 {
            if prov.tokens(seat) > 0 || prov.controller() == Some(seat) {
                v.push(format!("{}: tokens of a seat not in the game", info.name));
            }
        }
    }
    // Shortage/surplus counters: three pieces.
    if crate::shortage::used(s) > st.shortage_counters.value as u32 {
        v.push(format!("{} counters in use", crate::shortage::used(s)));
    }
    let simultaneous = s
        .stack
        .iter()
        .any(|f| matches!(f, Frame::ReturnCard { .. }));
    if !simultaneous && s.round > 0 && s.order.iter().any(|&p| s.player(p).out) {
        v.push("a seat out of the game in the turn order".into());
    }
    v
}
