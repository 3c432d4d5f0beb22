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
//! the tower's drops, the winter revolt draws). The cubes inside the tower
//! are not redrawn: their count per colour follows from the public supply,
//! map and tray (62 per colour, 20 peasants; RULINGS R23), and the model
//! keeps nothing else about them.

use signoria_engine::{GameRng, Seat};

use crate::data::LandId;
use crate::model::{Card, Frame, Plan, State};
use crate::planning;

/// The draw is a function of what `seat` sees and of `rng` only: every unseen
/// pool is put in a canonical order before it is shuffled, so two states the
/// seat cannot tell apart redraw alike (what keeps a search bot fair).
pub fn resample(s: &State, seat: Seat, rng: &mut GameRng) -> State {
    let mut alt = s.clone();
    alt.rng = GameRng::from_seed(rng.next_u64());
    alt.event_deck.sort_unstable();
    rng.shuffle(&mut alt.event_deck);
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

/// The face-down cards on seat `p`'s mat, redrawn from the cards it may hold.
///
/// A field is seen by everyone once its card is turned over or when it was
/// left free; the other placed fields hold distinct cards of the seat. While
/// planning, those are its land cards and money cards 0-4, and the plan drawn
/// must be one the seat could have made (RULINGS R9, R30): it is built field by
/// field from the legal next cards in random order, backing up where a choice
/// leads nowhere (the real plan shows that one exists). Once the bids are
/// revealed the bid is known, which makes every choice of the hidden cards
/// legal: a seat that bid a card had at least 11 and no free field; a seat
/// that bid nothing placed all its cards, so its hidden fields hold exactly its
/// cards not yet seen, in some order. A land card still hidden is of a land the
/// seat owns and that has not changed hands this round (a card taken off a mat
/// is shown, RULINGS R21).
fn redraw_plan(s: &mut State, p: Seat, rng: &mut GameRng) {
    let plan = &s.plans[p];
    let seen = |f: usize| plan.revealed[f] || plan.fields[f] == Card::Empty;
    let hidden: Vec<usize> = (0..plan.fields.len()).filter(|&f| !seen(f)).collect();
    if hidden.is_empty() {
        return;
    }
    let shown: Vec<Card> = (0..plan.fields.len())
        .filter(|&f| seen(f))
        .map(|f| plan.fields[f])
        .collect();
    let mut pool: Vec<Card> = s
        .owned(p)
        .into_iter()
        .filter(|l| !s.voided.contains(l))
        .map(Card::Land)
        .chain((0..5).map(Card::Money))
        .filter(|c| !shown.contains(c))
        .collect();
    if s.bids_revealed {
        rng.shuffle(&mut pool);
        let mut fields = plan.fields.clone();
        for (&f, &card) in hidden.iter().zip(&pool) {
            fields[f] = card;
        }
        s.plans[p].fields = fields;
        return;
    }
    // Only what the seat sees of the plan goes in: the shown fields.
    let target: Vec<Option<Card>> = (0..plan.fields.len())
        .map(|f| seen(f).then_some(plan.fields[f]))
        .collect();
    let lands = s.owned(p);
    let money = s.players[p].money;
    let mut built = Plan::default();
    let found = build_plan(&mut built, &target, &lands, money, rng);
    assert!(found, "a seat's real plan is one it could have made");
    s.plans[p].fields = built.fields;
}

/// Depth first, in random order: the fields of `target` (a shown card, or
/// `None` for a face-down card) as legal next cards; `true` once complete.
fn build_plan(
    plan: &mut Plan,
    target: &[Option<Card>],
    lands: &[LandId],
    money: i32,
    rng: &mut GameRng,
) -> bool {
    let f = plan.fields.len();
    if f == target.len() {
        return true;
    }
    let mut options: Vec<Card> = planning::next_cards(plan, lands, money)
        .into_iter()
        .filter(|&c| match target[f] {
            Some(shown) => c == shown,
            None => c != Card::Empty && !target.contains(&Some(c)),
        })
        .collect();
    rng.shuffle(&mut options);
    for card in options {
        plan.fields.push(card);
        if build_plan(plan, target, lands, money, rng) {
            return true;
        }
        plan.fields.pop();
    }
    false
}
