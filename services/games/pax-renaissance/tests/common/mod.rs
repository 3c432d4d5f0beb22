//! Helpers to build scenario states: a dealt game whose map is cleared and
//! then arranged piece by piece (tokens always come from and go to the
//! supply, so every scenario keeps the playout invariants).
#![allow(dead_code)]

use signoria_engine::{Game, Seat};
use signoria_pax_renaissance::board;
use signoria_pax_renaissance::data;
use signoria_pax_renaissance::model::*;
use signoria_pax_renaissance::{Move, Options, PaxRenaissance as P, State};

pub fn card(id: &str) -> CardId {
    data::cards()
        .ix(id)
        .unwrap_or_else(|| panic!("no card {id}"))
}

pub fn emp(e: data::Empire) -> MapId {
    e.index() as MapId
}

pub fn city(id: &str) -> CityId {
    data::map()
        .cities
        .iter()
        .position(|c| c.id == id)
        .unwrap_or_else(|| panic!("no city {id}")) as CityId
}

pub fn border(id: &str) -> BorderId {
    data::map()
        .borders
        .iter()
        .position(|b| b.id == id)
        .unwrap_or_else(|| panic!("no border {id}")) as BorderId
}

pub fn piece(shape: Shape, religion: Religion) -> Piece {
    Piece { shape, religion }
}

/// A dealt game, seat 0 to move with two actions, map emptied, 10 florins each.
pub fn blank(players: usize) -> State {
    let mut s = P::setup(&Options::default(), players, 7).unwrap();
    for c in 0..s.cities.len() {
        for p in std::mem::take(&mut s.cities[c]) {
            board::kill_piece(&mut s, p);
        }
    }
    for b in 0..s.borders.len() {
        board::kill_border(&mut s, b as BorderId);
    }
    s.active = 0;
    for p in 0..players {
        let f = s.players[p].florins;
        s.china += f - 10;
        s.players[p].florins = 10;
    }
    check(&s);
    s
}

pub fn check(s: &State) {
    let v = P::invariant_violations(s);
    assert!(v.is_empty(), "invariants: {v:#?}");
}

pub fn put_city(s: &mut State, c: CityId, p: Piece) {
    assert!(board::take_piece(s, p, false));
    s.cities[c as usize].push(p);
}

pub fn put_pirate(s: &mut State, b: BorderId, r: Religion) {
    assert!(board::take_piece(s, piece(Shape::Rook, r), false));
    s.borders[b as usize] = Some(BorderToken::Pirate(r));
}

pub fn put_concession(s: &mut State, b: BorderId, seat: Seat) {
    s.players[seat].dice -= 1;
    s.borders[b as usize] = Some(BorderToken::Concession(seat));
}

/// Move a card from wherever it is (deck, market, set aside) into a hand.
pub fn to_hand(s: &mut State, seat: Seat, c: CardId) {
    detach_card(s, c);
    s.players[seat].hand.push(c);
}

/// Move a card into a tableau at the outer end of its side.
pub fn to_tableau(s: &mut State, seat: Seat, c: CardId) {
    detach_card(s, c);
    let side = board::play_side(s, c);
    board::push_slot(s, seat, side, Member::Card(c), None);
}

fn detach_card(s: &mut State, c: CardId) {
    for d in s.decks.iter_mut() {
        d.retain(|&x| x != c);
    }
    s.set_aside.retain(|&x| x != c);
    s.discards.retain(|&x| x != c);
    s.hand_discards.retain(|&x| x != c);
    for row in s.market.iter_mut() {
        for slot in row.iter_mut() {
            if slot.as_ref().is_some_and(|m| m.card == c) {
                // Keep the market full: put a set-aside card in its place.
                *slot = None;
            }
        }
    }
    for p in s.players.iter_mut() {
        p.hand.retain(|&x| x != c);
    }
    // A card leaving the market leaves a hole; refill it from the set-aside cards.
    for r in 0..2 {
        for k in 0..s.market[r].len() {
            if s.market[r][k].is_none() {
                let card = s
                    .set_aside
                    .pop()
                    .or_else(|| s.decks[r].pop())
                    .expect("a spare card");
                s.market[r][k] = Some(MarketCard {
                    card,
                    florins: 0,
                    fresh: false,
                });
            }
        }
    }
}

/// Give an empire to a seat, King side up, at the outer end of its side.
pub fn give_empire(s: &mut State, seat: Seat, e: MapId) {
    s.empires[e as usize].owner = Some(seat);
    s.empires[e as usize].face = Face::King;
    let side = board::empire_location(e).region();
    board::push_slot(s, seat, side, Member::Empire(e), None);
}

/// Make `v` a vassal of `suzerain` (both owned by the suzerain's owner).
pub fn make_vassal(s: &mut State, v: MapId, suzerain: MapId) {
    let owner = s.empires[suzerain as usize].owner.unwrap();
    s.empires[v as usize].owner = Some(owner);
    s.empires[v as usize].face = Face::King;
    s.empires[v as usize].suzerain = Some(suzerain);
}

pub fn repress(s: &mut State, e: MapId, tok: Token) {
    match tok {
        Token::Piece(p) => assert!(board::take_piece(s, p, false)),
        Token::Serf(seat) => s.players[seat].dice -= 1,
    }
    s.empires[e as usize].repressed.push(tok);
}

pub fn legal(s: &State) -> Vec<Move> {
    let seat = P::pending(s)[0];
    P::legal_moves(s, seat)
}

/// Run the automatic steps a poked state is due (as after any move).
pub fn settle(s: &mut State) {
    signoria_engine::kernel::advance::<P>(s, &mut Vec::new());
    check(s);
}

/// Apply a move of whoever is pending; it must be legal.
pub fn go(s: &mut State, mv: Move) {
    let seat = P::pending(s)[0];
    let l = P::legal_moves(s, seat);
    assert!(l.contains(&mv), "{mv:?} not legal; legal: {l:#?}");
    P::apply(s, seat, &mv).unwrap();
    check(s);
}

pub fn task(s: &State) -> Task {
    s.stack.last().cloned().unwrap()
}
