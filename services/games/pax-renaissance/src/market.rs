//! The market: buying [E1], comets [L1] and the market update [D2].

use signoria_engine::{Scoped, Seat};

use crate::board;
use crate::data;
use crate::model::*;

/// Can the active player buy the card at (row, col) now [E1, Glossar: HAND]?
pub fn can_buy(s: &State, row: Side, col: u8) -> bool {
    if col == 0 || col as usize >= s.market[row.index()].len() {
        return false; // E1/E5: column 0 is the face-down fair card
    }
    let Some(mc) = &s.market[row.index()][col as usize] else {
        return false;
    };
    if mc.fresh {
        return false; // E1: received a florin this turn
    }
    let seat = s.active;
    let comet = data::card(mc.card).is_comet();
    // E-3 (RULINGS R-3): a comet never enters the hand, so the hand limit does not stop it.
    if !comet {
        if let Some(limit) = board::hand_limit(s, seat) {
            if s.players[seat].hand.len() >= limit {
                return false;
            }
        }
    }
    // E1: the florins on the card do not pay for it.
    s.players[seat].florins >= col as i64
}

pub fn buy(s: &mut State, row: Side, col: u8, ev: &mut Vec<Scoped<Event>>) {
    let seat = s.active;
    let r = row.index();
    // E1: one florin on each card to the left; an empty position takes it on
    // the same column of the other row; both empty: to China (RULINGS R-4).
    for k in 0..col as usize {
        s.players[seat].florins -= 1;
        if let Some(mc) = s.market[r][k].as_mut() {
            mc.florins += 1;
            mc.fresh = true;
        } else if let Some(mc) = s.market[1 - r].get_mut(k).and_then(|x| x.as_mut()) {
            mc.florins += 1;
            mc.fresh = true;
        } else {
            s.china += 1;
        }
    }
    let mc = s.market[r][col as usize]
        .take()
        .expect("bought card exists");
    s.players[seat].florins += mc.florins;
    if data::card(mc.card).is_comet() {
        // L1: discarded at once; the buyer activates an inactive victory card.
        s.discards.push(mc.card);
        ev.push(Scoped::public(Event::Note {
            text: format!("{} is a comet", board::card_name(mc.card)),
        }));
        if s.victory_active.iter().any(|a| !a) {
            s.stack.push(Task::ActivateVictory);
        }
    } else {
        s.players[seat].hand.push(mc.card);
    }
}

/// D2: compact, refill (from the other deck when one is empty), flip column 0.
/// Returns false when a gap could not be filled because both decks are
/// exhausted: the game ends (L2, RULINGS R-5).
pub fn update(s: &mut State, ev: &mut Vec<Scoped<Event>>) -> bool {
    let mut exhausted = false;
    for r in 0..2 {
        let mut cards: Vec<MarketCard> = s.market[r].drain(..).flatten().collect();
        for c in cards.iter_mut() {
            c.fresh = false;
        }
        while cards.len() < row_size() {
            let from = if !s.decks[r].is_empty() { r } else { 1 - r };
            match s.decks[from].pop() {
                Some(card) => {
                    let row = if r == 0 { Side::East } else { Side::West };
                    ev.push(Scoped::public(Event::Drawn { row, card }));
                    cards.push(MarketCard {
                        card,
                        florins: 0,
                        fresh: false,
                    });
                }
                None => {
                    exhausted = true;
                    break;
                }
            }
        }
        // G5: leftover profits go onto the new fair card.
        if let Some(first) = cards.first_mut() {
            first.florins += s.leftover[r];
            s.leftover[r] = 0;
        }
        s.market[r] = cards.into_iter().map(Some).collect();
        while s.market[r].len() < row_size() {
            s.market[r].push(None);
        }
    }
    !exhausted
}

/// E1: the first seat whose hand is over its limit, if any ("sofort").
pub fn over_hand_limit(s: &State) -> Option<Seat> {
    let base = data::constants().hand_limit as usize;
    (0..s.n()).find(|&p| s.players[p].hand.len() > base && over_own_limit(s, p))
}

/// Is `seat`'s hand over its limit (no limit with an active Höchstetter or
/// Gutenberg, Glossar: FÄHIGKEIT)?
pub fn over_own_limit(s: &State, seat: Seat) -> bool {
    board::hand_limit(s, seat).is_some_and(|l| s.players[seat].hand.len() > l)
}

/// E1: any card of the hand, each once.
pub fn discard_moves(s: &State, seat: Seat) -> Vec<Move> {
    let mut h = s.players[seat].hand.clone();
    h.sort_unstable();
    h.dedup();
    h.into_iter().map(|card| Move::Discard { card }).collect()
}

/// The discarded card leaves the game unseen (hands are secret).
pub fn discard(s: &mut State, seat: Seat, card: CardId) {
    let h = &mut s.players[seat].hand;
    let i = h
        .iter()
        .position(|&c| c == card)
        .expect("a listed discard is in the hand");
    h.remove(i);
    s.hand_discards.push(card);
    s.stack.pop();
}

/// Cards per market row [C6].
fn row_size() -> usize {
    data::constants().market_row_size as usize
}
