//! What a seat may not see, redrawn (`Game::resample_hidden`): a state the seat cannot
//! tell apart from the real one, computed from what the seat sees and the random
//! generator only.
//!
//! Hidden from a seat: the other hands (their sizes are public), the deck's order and
//! contents, the other seats' secret choices not yet revealed (returned card, capital
//! bid, turn-order bid), which card another seat knows in a third seat's hand, and the
//! random generator. The cards whose place the seat does not know (the deck and the
//! other hands, less the cards it knows there) are dealt again: a card that was not in
//! the deck when it was last built (public) was then in a hand and can only be in a
//! hand now, and no hand gets more such cards than it may hold (`Player::old_slots`,
//! public); the rest fill the other hands and the deck, which is shuffled. The redraw
//! is built from these public counts directly and never falls back to the real deal.

use signoria_engine::{GameRng, Seat};

use crate::data::CardId;
use crate::deck::card_bit;
use crate::model::{Frame, Known, SeatId, State};
use crate::{setup, turn_order};

pub fn resample(s: &State, seat: Seat, rng: &mut GameRng) -> State {
    let me = seat as SeatId;
    let mut alt = s.clone();
    alt.rng = GameRng::from_seed(rng.next_u64());
    alt.scripted_dice.clear();
    redeal(&mut alt, me, rng);
    redraw_secrets(&mut alt, me, rng);
    alt
}

/// Cards of `p`'s hand that `me` knows.
fn known_to(s: &State, me: SeatId, p: SeatId) -> Vec<CardId> {
    s.known
        .iter()
        .filter(|k| k.knower == me && k.holder == p)
        .map(|k| k.card)
        .collect()
}

fn redeal(s: &mut State, me: SeatId, rng: &mut GameRng) {
    let n = s.n() as SeatId;
    let others: Vec<SeatId> = (0..n).filter(|&p| p != me).collect();
    // The unseen pool, sorted (a function of what `me` sees: every card it cannot
    // place is in it, whatever the real deal).
    let mut pool: Vec<CardId> = s.deck.clone();
    // Per other seat: (seat, unknown cards in its hand, room for old cards there).
    let mut room: Vec<(SeatId, usize, usize)> = Vec::new();
    for &p in &others {
        let known = known_to(s, me, p);
        let hand = &s.player(p).hand;
        pool.extend(hand.iter().copied().filter(|c| !known.contains(c)));
        let free = hand.len() - known.len();
        let known_old = known
            .iter()
            .filter(|&&c| s.deck_basis & card_bit(c) == 0)
            .count();
        let cap = (s.player(p).old_slots as usize)
            .saturating_sub(known_old)
            .min(free);
        room.push((p, free, cap));
    }
    pool.sort();
    rng.shuffle(&mut pool);
    let (old, new): (Vec<CardId>, Vec<CardId>) = pool
        .into_iter()
        .partition(|&c| s.deck_basis & card_bit(c) == 0);
    // The redraw is built from these public counts alone and never reads the real
    // deal. Old cards go to hands with room for them, weighted by that room. The real
    // deal is one such placement and each card uses one unit of room, so room never
    // runs out while `old_slots` is the upper bound it is kept as (`deck`,
    // `written_record`). Should it ever run out, the card takes any free slot, else
    // goes to the deck: still a deal drawn from the seat's view only.
    let mut hands: Vec<Vec<CardId>> = vec![Vec::new(); n as usize];
    let mut rest: Vec<CardId> = Vec::new();
    for c in old {
        let weights: Vec<usize> = {
            let by_room: Vec<usize> = room.iter().map(|r| r.2.min(r.1)).collect();
            if by_room.iter().sum::<usize>() > 0 {
                by_room
            } else {
                room.iter().map(|r| r.1).collect()
            }
        };
        let total: usize = weights.iter().sum();
        if total == 0 {
            rest.push(c);
            continue;
        }
        let mut k = rng.index(total);
        for (r, w) in room.iter_mut().zip(weights) {
            if k < w {
                hands[r.0 as usize].push(c);
                r.1 -= 1;
                r.2 = r.2.saturating_sub(1);
                break;
            }
            k -= w;
        }
    }
    // The new cards (already shuffled) fill the other free slots; the rest is the deck,
    // of the deck's size by construction (pool = deck + free slots).
    rest.extend(new);
    let mut rest = rest.into_iter();
    for r in &room {
        for _ in 0..r.1 {
            hands[r.0 as usize].push(rest.next().expect("the pool fills every free slot"));
        }
    }
    let deck: Vec<CardId> = rest.collect();
    debug_assert_eq!(deck.len(), s.deck.len());
    for &p in &others {
        let mut hand = known_to(s, me, p);
        hand.extend(hands[p as usize].iter().copied());
        s.player_mut(p).hand = hand;
    }
    s.deck = deck;
    // Knowledge of third seats: some card of the holder's new hand.
    let mut known: Vec<Known> = Vec::new();
    for k in s.known.clone() {
        if k.knower == me || k.holder == me {
            known.push(k);
            continue;
        }
        let hand = &s.player(k.holder).hand;
        let taken: Vec<CardId> = known
            .iter()
            .filter(|x| x.holder == k.holder && x.knower == k.knower)
            .map(|x| x.card)
            .collect();
        let mut free: Vec<CardId> = hand
            .iter()
            .copied()
            .filter(|c| !taken.contains(c))
            .collect();
        free.sort();
        if !free.is_empty() {
            let card = free[rng.index(free.len())];
            known.push(Known { card, ..k });
        }
    }
    s.known = known;
}

/// Other seats' secret choices not yet revealed: drawn again among their legal ones.
fn redraw_secrets(s: &mut State, me: SeatId, rng: &mut GameRng) {
    let Some(i) = s.stack.iter().rposition(|f| {
        matches!(
            f,
            Frame::ReturnCard { .. } | Frame::CapitalBid { .. } | Frame::TurnOrderBid { .. }
        )
    }) else {
        return;
    };
    let n = s.n() as SeatId;
    for p in (0..n).filter(|&p| p != me) {
        match &s.stack[i] {
            Frame::ReturnCard { returned } if returned[p as usize].is_some() => {
                let moves = setup::return_choices(s, p);
                let pick = moves[rng.index(moves.len())].clone();
                if let (crate::model::Move::ReturnCard { card }, Frame::ReturnCard { returned }) =
                    (pick, &mut s.stack[i])
                {
                    returned[p as usize] = Some(card);
                }
            }
            Frame::CapitalBid { bids } if bids[p as usize].is_some() => {
                let max = s.player(p).cash;
                let bid = rng.below(max as u64 + 1) as u8;
                if let Frame::CapitalBid { bids } = &mut s.stack[i] {
                    bids[p as usize] = Some(bid);
                }
            }
            Frame::TurnOrderBid { bids } if bids[p as usize].is_some() => {
                let r = turn_order::bid_range(s, p);
                let bid = r.start() + rng.below((r.end() - r.start() + 1) as u64) as i32;
                if let Frame::TurnOrderBid { bids } = &mut s.stack[i] {
                    bids[p as usize] = Some(bid);
                }
            }
            _ => {}
        }
    }
}
