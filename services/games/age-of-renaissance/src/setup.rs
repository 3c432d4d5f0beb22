//! Set-up (seed §8): the cards (deal three, keep two, the held-back cards by player
//! count), 40 ducats each, the secret capital bids with die rolls for ties, the
//! capitals chosen in bid order, and the first turn-order bid (seed §8.5).

use signoria_engine::{GameRng, Scoped, SetupError, kernel};

use crate::board::Board;
use crate::data::{CardId, HeldBackJoin, ProvinceId, data};
use crate::deck;
use crate::model::{
    Advances, CashReason, DrawReason, Event, Fleet, Frame, Move, Options, Permanent, Player,
    RoundFlags, RoundState, SeatId, State, Step,
};
use crate::{AgeOfRenaissance, bank};

pub fn setup(options: &Options, players: usize, seed: u64) -> Result<State, SetupError> {
    if !(3..=6).contains(&players) {
        return Err(SetupError(format!(
            "Age of Renaissance is played by 3 to 6 players, not {players}"
        )));
    }
    if !(1..=3).contains(&options.last_epoch) {
        return Err(SetupError(format!(
            "last_epoch must be 1, 2 or 3, not {}",
            options.last_epoch
        )));
    }
    let d = data();
    let st = &d.setup;
    let player = Player {
        capital: None,
        pick: u8::MAX,
        cash: st.starting_cash.value,
        noted: st.starting_cash.value,
        hand: Vec::new(),
        advances: Advances::default(),
        new_advances: Advances::default(),
        fleet: Fleet::None,
        misery: 0,
        out: false,
        resigned: false,
        bought: 0,
        stock: st.expansion_tokens.value,
        control_stock: st.control_tokens.value,
        last_bid: 0,
        round: RoundFlags::default(),
        old_slots: 0,
    };
    let held_back = d.held_back_cards();
    let deck: Vec<CardId> = d
        .cards_of_epoch(1)
        .into_iter()
        .filter(|c| !held_back.contains(c))
        .collect();
    let mut s = State {
        options: options.clone(),
        rng: GameRng::from_seed(seed),
        stack: Vec::new(),
        round: 0,
        epoch: 1,
        deck,
        deck_basis: 0,
        held_back,
        pile: Vec::new(),
        removed: Vec::new(),
        last_card_drawn: false,
        players: vec![player; players],
        order: (0..players as SeatId).collect(),
        board: Board::new(),
        counters: [0; 12],
        this_round: RoundState::default(),
        permanent: Permanent::default(),
        wars: Vec::new(),
        known: Vec::new(),
        bank_out: 0,
        bank_in: 0,
        scripted_dice: Vec::new(),
    };
    s.stack = vec![
        Frame::Round { step: Step::Start },
        Frame::TurnOrderBid {
            bids: vec![None; players],
        },
        Frame::CapitalBid {
            bids: vec![None; players],
        },
        Frame::ReturnCard {
            returned: vec![None; players],
        },
        Frame::Deal,
    ];
    let mut ev = Vec::new();
    kernel::advance::<AgeOfRenaissance>(&mut s, &mut ev);
    Ok(s)
}

/// Shuffle the epoch-1 cards without the five held back and deal three to each
/// player (seed §8.1).
pub fn deal(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    s.stack.pop();
    deck::shuffle_deck(s);
    let n = data().setup.setup_deal.value;
    for seat in 0..s.n() as SeatId {
        for _ in 0..n {
            deck::draw(s, seat, DrawReason::Deal, ev);
        }
    }
}

/// Every card of the hand may be given back.
pub fn return_choices(s: &State, seat: SeatId) -> Vec<Move> {
    let mut hand = s.player(seat).hand.clone();
    hand.sort();
    hand.dedup();
    hand.into_iter()
        .map(|card| Move::ReturnCard { card })
        .collect()
}

/// All have chosen: the returned cards go back with the undealt ones; with 3 or 4
/// players the held-back cards too; the deck is shuffled (seed §8.1).
pub fn reveal_returns(s: &mut State, returned: &[Option<CardId>], ev: &mut Vec<Scoped<Event>>) {
    s.stack.pop();
    for (seat, card) in returned.iter().enumerate() {
        let card = card.expect("every seat returned a card");
        deck::take_from_hand(s, seat as SeatId, card);
        s.deck.push(card);
        ev.push(Scoped::public(Event::Returned {
            seat: seat as SeatId,
            card: None,
        }));
        ev.push(Scoped::to_seat(
            seat,
            Event::Returned {
                seat: seat as SeatId,
                card: Some(card),
            },
        ));
    }
    let join = data()
        .players(s.n() as u8)
        .expect("3-6 players")
        .held_back_join;
    if join == HeldBackJoin::Setup {
        let held = std::mem::take(&mut s.held_back);
        s.deck.extend(held);
    }
    deck::shuffle_deck(s);
    ev.push(Scoped::public(Event::Deck {
        epoch: 1,
        size: s.deck.len() as u8,
    }));
}

/// Capital bids: 0 up to the starting cash (RULINGS R-CAPITAL-BID).
pub fn capital_bid_choices(s: &State, seat: SeatId) -> Vec<Move> {
    (0..=s.player(seat).cash.min(u8::MAX as u32) as u8)
        .map(|ducats| Move::CapitalBid { ducats })
        .collect()
}

/// The bids revealed: highest chooses first; ties by die rolls, the higher roll first,
/// tied rolls rolled again (seed §8.3, RULINGS R-CAPITAL-TIE).
pub fn reveal_capital_bids(s: &mut State, bids: &[Option<u8>], ev: &mut Vec<Scoped<Event>>) {
    s.stack.pop();
    let bids: Vec<u8> = bids.iter().map(|b| b.expect("every seat bid")).collect();
    ev.push(Scoped::public(Event::CapitalBids { bids: bids.clone() }));
    // Each pays his bid (seed §8.3, the example of play: 40 - 3 = 37).
    for (seat, &bid) in bids.iter().enumerate() {
        bank::pay(s, seat as SeatId, bid as u32, CashReason::CapitalBid, ev);
        let p = s.player_mut(seat as SeatId);
        p.noted = p.cash;
    }
    let mut seats: Vec<SeatId> = (0..s.n() as SeatId).collect();
    seats.sort_by_key(|&p| std::cmp::Reverse(bids[p as usize]));
    let mut order = Vec::new();
    let mut i = 0;
    while i < seats.len() {
        let j = (i..seats.len())
            .find(|&k| bids[seats[k] as usize] != bids[seats[i] as usize])
            .unwrap_or(seats.len());
        let group = seats[i..j].to_vec();
        order.extend(break_tie(s, group, ev));
        i = j;
    }
    s.stack.push(Frame::ChooseCapital { order, next: 0 });
}

/// Order tied seats by die rolls, higher first, rolling again among equal rolls.
fn break_tie(s: &mut State, group: Vec<SeatId>, ev: &mut Vec<Scoped<Event>>) -> Vec<SeatId> {
    if group.len() < 2 {
        return group;
    }
    let rolls: Vec<(SeatId, u8)> = group
        .iter()
        .map(|&p| {
            let roll = s.d6();
            ev.push(Scoped::public(Event::TieRoll { seat: p, roll }));
            (p, roll)
        })
        .collect();
    let mut values: Vec<u8> = rolls.iter().map(|r| r.1).collect();
    values.sort_unstable_by(|a, b| b.cmp(a));
    values.dedup();
    let mut out = Vec::new();
    for v in values {
        let tied: Vec<SeatId> = rolls.iter().filter(|r| r.1 == v).map(|r| r.0).collect();
        out.extend(break_tie(s, tied, ev));
    }
    out
}

/// The capitals still free among those played with this many players (seed §8.2).
pub fn capital_choices(s: &State) -> Vec<Move> {
    data()
        .capitals_in_play(s.n() as u8)
        .into_iter()
        .filter(|&c| s.players.iter().all(|p| p.capital != Some(c)))
        .map(|province| Move::ChooseCapital { province })
        .collect()
}

/// A seat takes its capital: pays its bid, puts a control token on it (seed §8.3).
pub fn choose_capital(
    s: &mut State,
    seat: SeatId,
    province: ProvinceId,
    ev: &mut Vec<Scoped<Event>>,
) {
    let Some(Frame::ChooseCapital { next, .. }) = s.stack.last_mut() else {
        unreachable!("choose capital on its frame");
    };
    let pick = *next;
    *next += 1;
    let p = s.player_mut(seat);
    p.capital = Some(province);
    p.pick = pick;
    p.control_stock -= 1;
    p.noted = p.cash;
    s.board.get_mut(province).set_control(seat, false);
    ev.push(Scoped::public(Event::CapitalChosen { seat, province }));
    if let Some(Frame::ChooseCapital { order, next }) = s.stack.last()
        && *next as usize >= order.len()
    {
        s.stack.pop();
    }
}
