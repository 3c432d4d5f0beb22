//! Secret simultaneous planning and the turn-order auction (seed L352-366,
//! L408-412, L496-506, L534-567).
//!
//! Each seat fills its mat one field at a time (fields 0..9 the actions in
//! mat order, with Kaiserhof the supplementary fields 11..13, then field 10,
//! the auction field); the cards stay hidden from the other seats until the
//! rules reveal them.

use signoria_engine::{Scoped, Seat};

use crate::data::LandId;
use crate::model::{
    AUCTION_FIELD, COURT_FIELDS, Card, Event, Frame, Move, Plan, State, TOWER_CARDS,
};

/// The next field's legal cards. Every field takes exactly one card as far as
/// the cards last (L496-498, L408-412); the bid is an unused money or land card,
/// a money card only if the seat can pay it (RULINGS R9); no card left = `Empty`.
/// Only a seat short of cards bids nothing (L553-555): an action field may not
/// take the last card the seat could bid while a card will be left for the bid.
/// A seat with fewer cards than action fields chooses which fields stay free
/// ("lässt man entsprechend Felder frei", L408-412; RULINGS R30): `Empty` is
/// offered on an action field while the cards left still fit on the later fields.
/// With Kaiserhof the three supplementary fields are action fields like the
/// others ("sofern möglich", L1309-1310) and the three tower cards are cards
/// like the others, a tower card bid counting as a money card 0 (L1371, L1384;
/// RULINGS R31, R32).
pub fn plan_moves(s: &State, seat: Seat) -> Vec<Move> {
    let plan = &s.plans[seat];
    let Some(field) = plan.next_field(s.court.is_some()) else {
        return Vec::new();
    };
    next_cards(
        plan,
        &s.owned(seat),
        s.players[seat].money,
        s.court.is_some(),
    )
    .into_iter()
    .map(|card| Move::Plan { field, card })
    .collect()
}

/// The legal cards for the next field of `plan` (not full) of a seat with
/// these land cards and this much money, with or without the supplementary
/// mat and tower cards (`court`; see [`plan_moves`]).
pub fn next_cards(plan: &Plan, lands: &[LandId], money: i32, court: bool) -> Vec<Card> {
    let field = plan.next_field(court).expect("the mat is not full");
    let bid = field == AUCTION_FIELD;
    let biddable = |c: &Card| !matches!(c, Card::Money(v) if *v as i32 > money);
    // Cards the seat may still put on its mat: own land cards in hand, the
    // unused money cards 0..4, then (listed once) a tower card left.
    let mut unused: Vec<Card> = lands.iter().map(|&l| Card::Land(l)).collect();
    unused.extend((0..5).map(Card::Money));
    unused.retain(|&c| !plan.uses(c));
    let towers = if court {
        TOWER_CARDS - plan.count(Card::Tower)
    } else {
        0
    };
    if towers > 0 {
        unused.push(Card::Tower);
    }
    // How many cards are left, each tower card counted.
    let left = unused.len() + towers.saturating_sub(1);
    // Action fields still to fill, this one included (none for the bid).
    let remaining = if bid {
        0
    } else {
        AUCTION_FIELD as usize - plan.fields.len().min(AUCTION_FIELD as usize)
            + if court {
                COURT_FIELDS.len() - plan.court.len()
            } else {
                0
            }
    };
    let later_fields = remaining.saturating_sub(1);
    // The cards left are distinct but for the tower cards: putting `c` down leaves the others.
    let rest = left.saturating_sub(1);
    let biddable_left = unused.iter().filter(|c| biddable(c)).count() + towers.saturating_sub(1);
    let mut cards: Vec<Card> = unused
        .iter()
        .copied()
        .filter(|c| {
            if bid {
                return biddable(c);
            }
            let biddable_rest = biddable_left - usize::from(biddable(c));
            rest <= later_fields || biddable_rest > 0
        })
        .collect();
    // Free while the cards left fit on the later fields, so every card still
    // covers a field (L496-498).
    let short = !bid && left < remaining;
    if cards.is_empty() || short {
        cards.push(Card::Empty);
    }
    cards
}

/// Put `card` on the seat's next field (a listed move).
pub fn resolve_plan(s: &mut State, seat: Seat, field: u8, card: Card, ev: &mut Vec<Scoped<Event>>) {
    if field >= COURT_FIELDS[0] {
        s.plans[seat].court.push(card);
    } else {
        s.plans[seat].fields.push(card);
    }
    let planned = Event::Planned {
        seat: seat as u8,
        field,
        card,
    };
    // A card goes down face down; a field left free is seen by everyone (L408-412).
    ev.push(if card == Card::Empty {
        Scoped::public(planned)
    } else {
        Scoped::to_seat(seat, planned)
    });
    if s.plans[seat].done() {
        ev.push(Scoped::public(Event::PlanComplete { seat: seat as u8 }));
    }
}

/// Bid strength, higher is better: 4 > 3 > 2 > 1 > any land card > 0 > no card
/// (L540-555); a tower card is a money card 0 (L1371, L1384) and ties with it
/// as "the same card" (RULINGS R31).
pub fn bid_rank(card: Card) -> u8 {
    match card {
        Card::Money(v) if v >= 1 => 10 + v,
        Card::Land(_) => 5,
        Card::Money(_) | Card::Tower => 2,
        Card::Empty => 0,
    }
}

/// Reveal and pay the bids, rank them; equal cards are ordered by drawing the
/// tokens from the bag (L557-561; all land cards count as the same card, RULINGS R10).
pub fn reveal_bids(s: &mut State, ev: &mut Vec<Scoped<Event>>) -> Vec<u8> {
    let n = s.n();
    let bids: Vec<Card> = (0..n)
        .map(|p| s.plans[p].fields[AUCTION_FIELD as usize])
        .collect();
    for p in 0..n {
        s.plans[p].revealed[AUCTION_FIELD as usize] = true;
        if let Card::Money(v) = bids[p] {
            s.players[p].money -= v as i32;
        }
    }
    s.bids_revealed = true;
    ev.push(Scoped::public(Event::BidsRevealed { bids: bids.clone() }));
    let mut order: Vec<u8> = Vec::new();
    for rank in (0..=14u8).rev() {
        let mut tied: Vec<u8> = (0..n as u8)
            .filter(|&p| bid_rank(bids[p as usize]) == rank)
            .collect();
        if tied.len() > 1 {
            s.rng.shuffle(&mut tied);
            ev.push(Scoped::public(Event::BagDraw {
                order: tied.clone(),
            }));
        }
        order.extend(tied);
    }
    order
}

pub fn space_moves(s: &State) -> Vec<Move> {
    (0..5u8)
        .filter(|&sp| s.space_owner[sp as usize].is_none())
        .map(|space| Move::TakeSpace { space })
        .collect()
}

/// In bid order each seat takes any free space and its tile (L540-547, L606-607).
pub fn resolve_space(s: &mut State, seat: Seat, space: u8, ev: &mut Vec<Scoped<Event>>) {
    s.space_owner[space as usize] = Some(seat as u8);
    ev.push(Scoped::public(Event::SpaceTaken {
        seat: seat as u8,
        space,
        tile: s.space_tiles[space as usize],
    }));
    if let Some(Frame::ChooseSpace { next, .. }) = s.stack.last_mut() {
        *next += 1;
    }
}
