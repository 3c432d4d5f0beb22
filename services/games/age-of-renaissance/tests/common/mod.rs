//! Helpers for the scenario, edge-case and ruling tests: names to ids, a game brought
//! to its first round, and board edits that keep the token stocks consistent.
#![allow(dead_code)]
#![allow(clippy::needless_range_loop)]

use signoria_age_of_renaissance::data::{Advance, CardId, ProvinceId, data};
use signoria_age_of_renaissance::model::{Frame, Move, SeatId, State};
use signoria_age_of_renaissance::{AgeOfRenaissance as A, Event, Options, stack};
use signoria_engine::{Game, Scoped};

pub fn pid(name: &str) -> ProvinceId {
    data()
        .province_by_name(name)
        .or_else(|| data().province_id(name))
        .unwrap_or_else(|| panic!("no province {name}"))
}

pub fn cid(key: &str) -> CardId {
    data()
        .card_id(key)
        .unwrap_or_else(|| panic!("no card {key}"))
}

/// The capitals in seat order for the helpers' games.
pub const CAPITALS: [&str; 6] = [
    "Barcelona",
    "Genoa",
    "Venezia",
    "Paris",
    "London",
    "Hamburg",
];

/// A game after set-up: every seat gives back its first card, seat i bids n-i for the
/// capital (so seat 0 chooses first), takes `CAPITALS[i]`, and bids `bids[i]` tokens.
pub fn started_with(players: usize, seed: u64, bids: &[i32]) -> State {
    let mut s = A::setup(&Options::default(), players, seed).unwrap();
    for seat in 0..players {
        let mv = A::legal_moves(&s, seat)[0].clone();
        apply(&mut s, seat, mv);
    }
    for seat in 0..players {
        apply(
            &mut s,
            seat,
            Move::CapitalBid {
                ducats: (players - seat) as u8,
            },
        );
    }
    for seat in 0..players {
        apply(
            &mut s,
            seat,
            Move::ChooseCapital {
                province: pid(CAPITALS[seat]),
            },
        );
    }
    for seat in 0..players {
        apply(&mut s, seat, Move::Bid { tokens: bids[seat] });
    }
    s
}

pub fn started(players: usize) -> State {
    started_with(players, 7, &[0; 6])
}

pub fn apply(s: &mut State, seat: usize, mv: Move) -> Vec<Scoped<Event>> {
    let listed = A::legal_moves(s, seat);
    assert!(
        listed.contains(&mv),
        "{mv:?} is not listed for seat {seat} (top {:?}); listed: {listed:?}",
        s.stack.last()
    );
    A::apply(s, seat, &mv).unwrap_or_else(|e| panic!("{mv:?}: {e}"))
}

pub fn kind(s: &State) -> &'static str {
    s.stack.last().map_or("over", stack::kind)
}

pub fn pending(s: &State) -> Vec<usize> {
    A::pending(s)
}

/// Play on to the next turn-order bid, passing wherever a pass is listed (else the
/// first move).
pub fn to_next_bid(s: &mut State) {
    while kind(s) != "turn-order bid" {
        let p = pending(s)[0];
        let moves = A::legal_moves(s, p);
        let mv = moves
            .iter()
            .find(|m| **m == Move::Pass)
            .unwrap_or(&moves[0])
            .clone();
        A::apply(s, p, &mv).unwrap();
    }
}

/// Give a seat an advance and its prerequisites (owned since an earlier round).
pub fn give(s: &mut State, seat: SeatId, a: Advance) {
    for &q in &data().advance(a).prerequisites {
        give(s, seat, q);
    }
    s.players[seat as usize].advances.add(a);
}

/// Put `n` established expansion tokens of a seat on a province (from its stock).
pub fn put(s: &mut State, seat: SeatId, p: ProvinceId, n: u8) {
    s.players[seat as usize].stock -= n;
    s.board.get_mut(p).est[seat as usize] += n;
}

/// Give a seat `tokens` bought expansion tokens (from its stock) and its expansion turn.
pub fn expanding(s: &mut State, seat: SeatId, tokens: u8) {
    s.players[seat as usize].bought = tokens;
    s.players[seat as usize].stock -= tokens;
    s.stack.push(Frame::Expand { seat });
}

/// Put a seat's established control token on a province.
pub fn control(s: &mut State, seat: SeatId, p: ProvinceId) {
    assert!(s.board.get(p).controller().is_none());
    s.players[seat as usize].control_stock -= 1;
    s.board.get_mut(p).set_control(seat, false);
}

/// Empty a province, stocks refilled.
pub fn clear(s: &mut State, p: ProvinceId) {
    for seat in 0..s.players.len() as SeatId {
        let prov = *s.board.get(p);
        s.players[seat as usize].stock += prov.est[seat as usize] + prov.new[seat as usize];
        if prov.controller() == Some(seat) {
            s.players[seat as usize].control_stock += 1;
        }
    }
    *s.board.get_mut(p) = Default::default();
}

/// Take a card out of wherever it is (deck, pile, hands, held back) into a seat's hand.
pub fn deal(s: &mut State, seat: SeatId, card: CardId) {
    s.deck.retain(|&c| c != card);
    s.pile.retain(|&c| c != card);
    s.held_back.retain(|&c| c != card);
    s.removed.retain(|&c| c != card);
    for p in &mut s.players {
        p.hand.retain(|&c| c != card);
    }
    s.players[seat as usize].hand.push(card);
}

/// Put cards on top of the deck, the first drawn first.
pub fn stack_deck(s: &mut State, cards: &[CardId]) {
    for &c in cards {
        s.deck.retain(|&x| x != c);
        s.pile.retain(|&x| x != c);
        for p in &mut s.players {
            p.hand.retain(|&x| x != c);
        }
    }
    for &c in cards.iter().rev() {
        s.deck.push(c);
    }
}

/// Empty every hand into the deck (cards accounted for).
pub fn empty_hands(s: &mut State) {
    for p in 0..s.players.len() {
        let h = std::mem::take(&mut s.players[p].hand);
        s.deck.extend(h);
        s.players[p].old_slots = 0;
    }
}

/// The invariants hold.
pub fn sound(s: &State) {
    let v = A::invariant_violations(s);
    assert!(v.is_empty(), "{v:#?}");
}

/// Replace the top frame (and what lies above the round driver) by `frame`.
pub fn on_top(s: &mut State, frame: Frame) {
    s.stack.push(frame);
}

pub fn cash(s: &State, seat: usize) -> u32 {
    s.players[seat].cash
}

/// Set a seat's cash, booking the difference with the bank (the ledger stays sound).
pub fn set_cash(s: &mut State, seat: usize, v: u32) {
    let c = s.players[seat].cash;
    if v >= c {
        s.bank_out += (v - c) as u64;
    } else {
        s.bank_in += (c - v) as u64;
    }
    s.players[seat].cash = v;
}
