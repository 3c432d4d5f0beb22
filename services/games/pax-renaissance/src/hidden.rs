//! What a seat cannot see, redrawn: the search bots' and the test kit's
//! [`signoria_engine::Game::resample_hidden`].
//!
//! Hidden from every seat [C5]: the order of both draw decks and which cards
//! lie in them rather than among the cards set aside at setup (never seen by
//! anyone); with the astrology option the top card of each deck is face up.
//! A redraw keeps every public fact:
//! - the size of each deck and the back (East/West marker [B4]) of every
//!   card in it: the top card's back is public, and in the expert variant
//!   [N1] the East deck holds West cards in numbers nobody knows but which a
//!   redraw has no ground to change;
//! - the comets still in a deck lie among its bottom cards, where C5 shuffles
//!   them in;
//! - every card face up (market, tableaus, spinsters, discards) and the
//!   seat's own hand.
//!
//! Other seats' hands are not redrawn: every card enters a hand by a purchase
//! from the face-up market [E1], so which cards a player holds is public up
//! to which of them he has since sold or discarded from hand (the card is not
//! named). That part is hidden, but the state keeps one list of the cards
//! that left hands (`hand_discards`) without saying whose they were, so no
//! redraw could honour the seat's knowledge of its own; the hands and that
//! list stay as they are. The state holds no random generator: every shuffle
//! happens at setup.

use signoria_engine::{GameRng, Seat};

use crate::data;
use crate::model::*;

/// A state `seat` cannot tell apart from `s` (see the module comment). The
/// redraw is the same for every seat: nothing hidden is known to one seat only.
/// It is a function of the public facts and `rng` alone: each unseen pool is
/// sorted before it is shuffled, so two states that differ only in hidden
/// order redraw alike.
pub fn resample(s: &State, _seat: Seat, rng: &mut GameRng) -> State {
    let mut alt = s.clone();
    let bottom = data::constants().deck_bottom_cards as usize + 2;
    let side_of = |c: CardId| data::card(c).deck.index();
    let comet = |c: CardId| data::card(c).is_comet();
    // Positions whose card may change: all but a face-up top card.
    let free = |i: usize| {
        let n = s.decks[i].len();
        if s.options.astrology {
            n.saturating_sub(1)
        } else {
            n
        }
    };
    // The comets of each deck go anywhere among its bottom cards of their back.
    for i in 0..2 {
        let deck = &mut alt.decks[i];
        let comets: Vec<CardId> = deck[..free(i)]
            .iter()
            .copied()
            .filter(|&c| comet(c))
            .collect();
        if comets.is_empty() {
            continue;
        }
        let mut places: Vec<usize> = (0..free(i))
            .filter(|&j| (j < bottom && side_of(deck[j]) == i) || comet(deck[j]))
            .collect();
        rng.shuffle(&mut places);
        let chosen = &places[..comets.len()];
        // Non-comets displaced by a comet take the comets' old places (same back).
        let mut displaced: Vec<CardId> = chosen
            .iter()
            .map(|&j| deck[j])
            .filter(|&c| !comet(c))
            .collect();
        for j in 0..free(i) {
            if comet(deck[j]) && !chosen.contains(&j) {
                deck[j] = displaced.pop().expect("one displaced card per freed place");
            }
        }
        let mut comets = comets;
        comets.sort_unstable();
        rng.shuffle(&mut comets);
        for (&j, c) in chosen.iter().zip(comets) {
            deck[j] = c;
        }
    }
    // Every other unseen card: any deck place with its back, or set aside.
    let mut set_aside = Vec::new();
    for back in 0..2 {
        let places: Vec<(usize, usize)> = (0..2)
            .flat_map(|i| (0..free(i)).map(move |j| (i, j)))
            .filter(|&(i, j)| {
                let c = alt.decks[i][j];
                side_of(c) == back && !comet(c)
            })
            .collect();
        let mut pool: Vec<CardId> = places.iter().map(|&(i, j)| alt.decks[i][j]).collect();
        pool.extend(s.set_aside.iter().copied().filter(|&c| side_of(c) == back));
        pool.sort_unstable();
        rng.shuffle(&mut pool);
        for (&(i, j), c) in places.iter().zip(pool.iter()) {
            alt.decks[i][j] = *c;
        }
        set_aside.extend_from_slice(&pool[places.len()..]);
    }
    set_aside.sort_unstable();
    alt.set_aside = set_aside;
    alt
}
