//! What a seat may not see, redrawn (`Game::resample_hidden`): a state the
//! seat cannot tell apart from the real one, for the hidden-information check
//! and for search.
//!
//! Hidden from a seat (README "Hidden information", digest §6.3): the cards on
//! other seats' mats until they are turned over, the face-down action cards
//! 6-10, the event deck order, the order of the land deck in the draft (but
//! for the open cards recycled under it, which everybody saw go there) and a
//! card another seat drew blind until its group is placed, and the random
//! generator (the round's event, the bag, the next round's cards and tiles,
//! the tower's drops, the winter revolt draws); with Kaiserhof also the
//! supplementary mats until court part 1 turns them over and the order of
//! the favor deck. The cubes inside the tower
//! are not redrawn: their count per colour follows from the public supply,
//! map and tray (62 per colour, 20 peasants; RULINGS R23), and the model
//! keeps nothing else about them.

use signoria_engine::{GameRng, Seat};

use crate::data::LandId;
use crate::model::{AUCTION_FIELD, Card, Frame, Plan, State, TOWER_CARDS};
use crate::planning;

/// The draw is a function of what `seat` sees and of `rng` only: every unseen
/// pool is put in a canonical order before it is shuffled, so two states the
/// seat cannot tell apart redraw alike (what keeps a search bot fair).
pub fn resample(s: &State, seat: Seat, rng: &mut GameRng) -> State {
    let mut alt = s.clone();
    alt.rng = GameRng::from_seed(rng.next_u64());
    alt.event_deck.sort_unstable();
    rng.shuffle(&mut alt.event_deck);
    if let Some(c) = &mut alt.court {
        c.deck.sort_unstable();
        rng.shuffle(&mut c.deck);
    }
    let visible = alt.actions_visible.min(alt.action_order.len());
    alt.action_order[visible..].sort_unstable_by_key(|&a| a as u8);
    rng.shuffle(&mut alt.action_order[visible..]);
    redraw_draft(&mut alt, seat, rng);
    for p in 0..alt.n() {
        if p != seat {
            redraw_plan(&mut alt, p, rng);
        }
    }
    alt
}

/// The deck below the known cards is shuffled; another seat's blind card is
/// one of the cards nobody has seen.
fn redraw_draft(s: &mut State, seat: Seat, rng: &mut GameRng) {
    match s.stack.as_mut_slice() {
        [.., Frame::Draft(d), Frame::PlaceGroup(p)] if p.blind && p.seat as usize != seat => {
            let known = d.known_at_bottom.min(d.deck.len());
            let mut unseen: Vec<LandId> = d.deck[known..].to_vec();
            unseen.push(p.land);
            unseen.sort_unstable();
            rng.shuffle(&mut unseen);
            p.land = unseen.pop().expect("the blind card itself");
            d.deck.truncate(known);
            d.deck.extend(unseen);
        }
        [.., Frame::Draft(d)] | [.., Frame::Draft(d), Frame::PlaceGroup(_)] => {
            let known = d.known_at_bottom.min(d.deck.len());
            d.deck[known..].sort_unstable();
            rng.shuffle(&mut d.deck[known..]);
        }
        _ => {}
    }
}

/// Where a card lies on a mat: a base field (0..10) or a supplementary one (0..2).
#[derive(Clone, Copy)]
enum Slot {
    Base(usize),
    Court(usize),
}

/// The placed fields of a mat in the order they were filled (0..9, with
/// Kaiserhof 11..13, then the bid; `Plan::next_field`).
fn slots(plan: &Plan) -> Vec<Slot> {
    let base = plan.fields.len();
    let mut v: Vec<Slot> = (0..base.min(AUCTION_FIELD as usize))
        .map(Slot::Base)
        .collect();
    v.extend((0..plan.court.len()).map(Slot::Court));
    if base > AUCTION_FIELD as usize {
        v.push(Slot::Base(AUCTION_FIELD as usize));
    }
    v
}

fn card_at(plan: &Plan, slot: Slot) -> Card {
    match slot {
        Slot::Base(f) => plan.fields[f],
        Slot::Court(f) => plan.court[f],
    }
}

fn set_card(plan: &mut Plan, slot: Slot, card: Card) {
    match slot {
        Slot::Base(f) => plan.fields[f] = card,
        Slot::Court(f) => plan.court[f] = card,
    }
}

/// The face-down cards on seat `p`'s mat, redrawn from the cards it may hold.
///
/// A field is seen by everyone once its card is turned over or when it was
/// left free; the other placed fields hold distinct cards of the seat (the
/// three tower cards alike). While planning, those are its land cards, money
/// cards 0-4 and (Kaiserhof) tower cards, and the plan drawn must be one the
/// seat could have made (RULINGS R9, R30, R32): it is built slot by slot from
/// the legal next cards in random order, backing up where a choice leads
/// nowhere (the real plan shows that one exists).
/// Once the bids are revealed the bid is known, which makes every choice of
/// the hidden cards legal: a seat that bid a card had a card for every
/// action field; a seat that bid nothing placed all its cards, so its hidden
/// fields hold exactly its cards not yet seen, in some order. A land card
/// still hidden is of a land the seat owns and that has not changed hands
/// this round (a card taken off a mat is shown, RULINGS R21).
fn redraw_plan(s: &mut State, p: Seat, rng: &mut GameRng) {
    let plan = &s.plans[p];
    let order = slots(plan);
    let seen = |slot: Slot| {
        let revealed = match slot {
            Slot::Base(f) => plan.revealed[f],
            Slot::Court(_) => plan.court_revealed,
        };
        revealed || card_at(plan, slot) == Card::Empty
    };
    let hidden: Vec<Slot> = order.iter().copied().filter(|&x| !seen(x)).collect();
    if hidden.is_empty() {
        return;
    }
    let towers = if s.court.is_some() { TOWER_CARDS } else { 0 };
    let mut pool: Vec<Card> = s
        .owned(p)
        .into_iter()
        .filter(|l| !s.voided.contains(l))
        .map(Card::Land)
        .chain((0..5).map(Card::Money))
        .chain(std::iter::repeat_n(Card::Tower, towers))
        .collect();
    for &slot in order.iter().filter(|&&x| seen(x)) {
        if let Some(i) = pool.iter().position(|&c| c == card_at(plan, slot)) {
            pool.remove(i);
        }
    }
    let mut drawn = plan.clone();
    if s.bids_revealed {
        rng.shuffle(&mut pool);
        for (&slot, &card) in hidden.iter().zip(&pool) {
            set_card(&mut drawn, slot, card);
        }
        s.plans[p] = drawn;
        return;
    }
    // Only what the seat sees of the mat goes in: the shown slots.
    let target: Vec<(Slot, Option<Card>)> = order
        .iter()
        .map(|&slot| (slot, seen(slot).then(|| card_at(plan, slot))))
        .collect();
    let shown: Vec<Card> = target.iter().filter_map(|&(_, c)| c).collect();
    let lands = s.owned(p);
    let money = s.players[p].money;
    let court = s.court.is_some();
    let mut built = Plan::default();
    let found = build_plan(&mut built, &target, &shown, &lands, money, court, rng);
    assert!(found, "a seat's real plan is one it could have made");
    for &(slot, _) in &target {
        set_card(&mut drawn, slot, card_at(&built, slot));
    }
    s.plans[p] = drawn;
}

/// Depth first, in random order: the slots of `target` (a shown card, or
/// `None` for a face-down one) filled with legal next cards; `true` once the
/// mat is as long as the target. A face-down slot never holds a land or money
/// card shown elsewhere (each exists once); tower cards are counted by
/// `next_cards`.
fn build_plan(
    plan: &mut Plan,
    target: &[(Slot, Option<Card>)],
    shown: &[Card],
    lands: &[LandId],
    money: i32,
    court: bool,
    rng: &mut GameRng,
) -> bool {
    let i = plan.fields.len() + plan.court.len();
    let Some(&(slot, want)) = target.get(i) else {
        return true;
    };
    let mut options: Vec<Card> = planning::next_cards(plan, lands, money, court)
        .into_iter()
        .filter(|&c| match want {
            Some(card) => c == card,
            None => c != Card::Empty && (c == Card::Tower || !shown.contains(&c)),
        })
        .collect();
    rng.shuffle(&mut options);
    for card in options {
        push(plan, slot, card);
        if build_plan(plan, target, shown, lands, money, court, rng) {
            return true;
        }
        pop(plan, slot);
    }
    false
}

fn push(plan: &mut Plan, slot: Slot, card: Card) {
    match slot {
        Slot::Base(_) => plan.fields.push(card),
        Slot::Court(_) => plan.court.push(card),
    }
}

fn pop(plan: &mut Plan, slot: Slot) {
    match slot {
        Slot::Base(_) => plan.fields.pop(),
        Slot::Court(_) => plan.court.pop(),
    };
}
