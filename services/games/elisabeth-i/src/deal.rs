//! Phase 1, card draw (seed [7], [8]): arriving leaders, new cards, shuffle and deal.

use signoria_engine::Scoped;

use crate::board::keys;
use crate::data::{CardId, CardKind, data};
use crate::model::{Event, Loc, Pw, State, major};

/// Whether a card takes part in the deck. A mandatory card is held out while its event
/// is not implemented (RULINGS.md R3): it must be played as event [6.1], and an
/// unimplemented event must never be skipped silently.
pub fn playable_kind(c: CardId) -> bool {
    data().card(c).is_some_and(|card| {
        card.kind != CardKind::Mandatory || crate::events::def(&card.key).is_some()
    })
}

/// Whether a card may pay for a declaration of war ([9.4] step 3: not a home card, not a
/// mandatory card).
pub fn pays_dow(c: CardId) -> bool {
    data()
        .card(c)
        .is_some_and(|c| !matches!(c.kind, CardKind::Home | CardKind::Mandatory))
}

pub fn is_home(c: CardId) -> bool {
    data().card(c).is_some_and(|c| c.kind == CardKind::Home)
}

/// The number of cards a power draws (seed [6.2] step 4, [23.6] for the Protestants):
/// the last uncovered box of the key track (at least 1) plus the ruler's card bonus.
pub fn draw_count(s: &State, p: Pw) -> u8 {
    let d = data();
    let info = d.power(major(p));
    let bonus = d.ruler(&s.ps(p).ruler).map_or(0, |r| r.card_bonus);
    if let Some(prot) = &info.protestant {
        let ks = keys(s, p);
        let dutch = ks.iter().filter(|k| prot.dutch_keys.contains(k)).count() as u8;
        let other = ks.len() as u8 - dutch;
        let both = dutch.min(other);
        let cards = prot
            .card_rows
            .iter()
            .filter(|r| r.min_keys_each_row <= both)
            .map(|r| r.cards)
            .max()
            .unwrap_or(1);
        return with_bonus(cards + bonus, crate::subsystems::card_bonus(s, p));
    }
    let n = keys(s, p).len() as u8;
    with_bonus(
        info.track_for(n).map_or(1, |b| b.cards.max(1)) + bonus,
        crate::subsystems::card_bonus(s, p),
    )
}

/// A card count changed by the subsystems' markers (at least 1, digest §8.3 #29).
fn with_bonus(n: u8, bonus: i8) -> u8 {
    (n as i16 + bonus as i16).max(1) as u8
}

/// Run the card draw.
pub fn card_draw(s: &mut State, events: &mut Vec<Scoped<Event>>) {
    let d = data();
    let turn = s.turn;
    crate::admirals::card_draw(s);
    // [8.1] L610: ships eliminated last turn return to their pools.
    crate::lost_ships::card_phase(s);
    // [8.1] new personalities: army leaders of this turn go onto their power card.
    for l in s.leaders.iter_mut() {
        if l.at == Loc::Arrives(turn) {
            l.at = Loc::Card;
        }
    }
    // [8.3] new cards: stamped home cards to their power, others into the deck; reshuffle
    // the discard pile and the undealt cards with them.
    let mut new_home: Vec<(Pw, CardId)> = Vec::new();
    let mut keep_out = Vec::new();
    for c in std::mem::take(&mut s.out) {
        let card = d.card(c).expect("card of the pack");
        if !playable_kind(c)
            || !card
                .entry
                .available(turn, crate::religion::league::formed_before(s))
        {
            keep_out.push(c);
        } else if card.kind == CardKind::Home {
            let p = card
                .power
                .and_then(crate::model::pw)
                .expect("home card has a major");
            new_home.push((p, c));
        } else {
            s.deck.push(c);
        }
    }
    s.out = keep_out;
    s.deck.append(&mut s.discard);
    s.deck.sort();
    let mut deck = std::mem::take(&mut s.deck);
    s.rng.shuffle(&mut deck);
    s.deck = deck;
    // [6.2] step 4: deal.
    for p in 0..6u8 {
        // An inactive activated major draws no cards ([3.1]; RULINGS P4).
        let n = if crate::minors::activated::draws(s, p) {
            draw_count(s, p)
        } else {
            0
        };
        let mut got = Vec::new();
        for _ in 0..n {
            if let Some(c) = s.deck.pop() {
                got.push(c);
            }
        }
        // Home cards: those played or set aside last turn come back, new ones arrive.
        let ps = s.ps_mut(p);
        got.append(&mut ps.home_played);
        got.append(&mut ps.home_set_aside);
        got.extend(new_home.iter().filter(|(q, _)| *q == p).map(|(_, c)| *c));
        ps.hand.extend(got.iter().copied());
        ps.hand.sort();
        let size = ps.hand.len() as u8;
        events.push(Scoped::public(Event::Dealt {
            power: p,
            cards: size,
        }));
        if let Some(seat) = s.seat_opt(p) {
            events.push(Scoped {
                audience: signoria_engine::Audience::seat(seat),
                event: Event::Received {
                    power: p,
                    cards: got,
                },
            });
        }
    }
}
