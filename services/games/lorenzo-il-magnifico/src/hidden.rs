//! Hidden information, redrawn for one seat (`Game::resample_hidden`): a state
//! the seat cannot tell apart from the real one.
//!
//! Hidden from a seat: the random generator (future dice, the leader deal),
//! the order of each period's cards in the development decks, and the leaders
//! of the other seats: their draft packets and picks, and the leaders they
//! hold. Public: the three excommunication tiles (face up from the setup,
//! step 3 L58), every card on the board and taken, played leaders, discarded
//! leaders (a public event), hand sizes and who has picked in the draft.
//!
//! The leaders are redrawn by replaying the draft with what the seat did not
//! see drawn again: every packet the seat held keeps its contents, the
//! cards it passed on go to the seats downstream in any order, the cards
//! taken from a packet before it reached the seat are any leaders the seat
//! never saw, and every played or discarded leader stays with its seat. A
//! state without the draft record (written by schema 1 after the draft) keeps
//! the other hands as they are: what the seat saw is not known any more.
//!
//! Every unseen pool is sorted before it is shuffled, so the redraw is a
//! function of what the seat sees and of the generator only.

use signoria_engine::GameRng;

use crate::model::*;

pub fn resample(s: &State, me: usize, rng: &mut GameRng) -> State {
    let mut alt = s.clone();
    alt.rng = GameRng::from_seed(rng.next_u64());
    for deck in alt.decks.iter_mut() {
        shuffle_periods(deck, rng);
    }
    if let Some(log) = &s.draft {
        redraw_leaders(s, &mut alt, me, log, rng);
    }
    alt
}

/// Each period's cards stay together (period I on top, step 2 L56); their
/// order within the period is redrawn.
fn shuffle_periods(deck: &mut [u8], rng: &mut GameRng) {
    let mut start = 0;
    while start < deck.len() {
        let period = crate::data::card(deck[start]).period;
        let mut end = start + 1;
        while end < deck.len() && crate::data::card(deck[end]).period == period {
            end += 1;
        }
        deck[start..end].sort_unstable();
        rng.shuffle(&mut deck[start..end]);
        start = end;
    }
}

/// A place in the draft a card is redrawn into: the pick of the seat holding
/// packet `origin` at pass `step`, or (`step == None`) the packet's current
/// contents during the draft.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Slot {
    origin: usize,
    step: Option<usize>,
    holder: usize,
}

fn remove(set: &mut Vec<u8>, card: u8) {
    set.retain(|&c| c != card);
}

fn redraw_leaders(s: &State, alt: &mut State, me: usize, log: &DraftLog, rng: &mut GameRng) {
    let n = s.n();
    let in_draft = match s.phase() {
        Some(Frame::LeaderDraft { packets, picked }) => Some((packets, picked)),
        _ => None,
    };
    // Passes completed; during the draft pass `done` is under way.
    let done = log.picks[0].len();
    let holder = |origin: usize, step: usize| {
        let mut h = origin;
        for _ in 0..step {
            h = log.pass[h] as usize;
        }
        h
    };
    // The last pass the seat may have seen: the current one during the draft.
    let last = if in_draft.is_some() { done } else { done - 1 };

    // What the seat saw: each packet it held, at each pass.
    let mut seen: Vec<u8> = Vec::new();
    // Per packet: the cards redrawn with the slots they fill.
    let mut groups: Vec<(Vec<u8>, Vec<Slot>)> = Vec::new();
    // Slots filled with leaders the seat never saw.
    let mut unseen_slots: Vec<Slot> = Vec::new();
    // New picks per packet and pass; new current contents during the draft.
    let mut picks: Vec<[Option<u8>; 4]> = vec![[None; 4]; n];
    let mut current: Vec<Vec<u8>> = vec![Vec::new(); n];

    for origin in 0..n {
        // The packet's true contents at each pass up to `last`.
        let mut contents: Vec<Vec<u8>> = vec![log.dealt[origin].clone()];
        for step in 0..done.min(last + 1) {
            let pick = log.picks[holder(origin, step)][step];
            picks[origin][step] = Some(pick);
            let mut next = contents[step].clone();
            remove(&mut next, pick);
            contents.push(next);
        }
        let observed: Vec<usize> = (0..=last).filter(|&j| holder(origin, j) == me).collect();
        for &j in &observed {
            seen.extend(&contents[j]);
        }
        let current_slot = |step: usize| Slot {
            origin,
            step: None,
            holder: holder(origin, step),
        };
        let pick_slot = |step: usize| Slot {
            origin,
            step: Some(step),
            holder: holder(origin, step),
        };
        let Some(&first) = observed.first() else {
            // Not seen yet (during the draft): every pick and the contents are unseen.
            unseen_slots.extend((0..done).map(pick_slot));
            unseen_slots.extend((0..contents[done].len()).map(|_| current_slot(done)));
            continue;
        };
        // Picks before the seat first held it: leaders it never saw.
        unseen_slots.extend((0..first).map(pick_slot));
        // Between two passes at the seat, and after the last: what the seat
        // passed on, taken by the seats downstream in any order.
        for (w, &a) in observed.iter().enumerate() {
            if a == last && in_draft.is_some() {
                continue; // the seat holds it now
            }
            let mut passed = contents[a].clone();
            if let Some(p) = picks[origin][a] {
                remove(&mut passed, p);
            }
            let mut slots: Vec<Slot> = Vec::new();
            match observed.get(w + 1) {
                Some(&b) => {
                    for c in &contents[b] {
                        remove(&mut passed, *c);
                    }
                    slots.extend((a + 1..b).map(pick_slot));
                }
                None if in_draft.is_some() => {
                    slots.extend((a + 1..done).map(pick_slot));
                    let left = passed.len() - slots.len();
                    slots.extend((0..left).map(|_| current_slot(done)));
                }
                None => slots.extend((a + 1..4).map(pick_slot)),
            }
            groups.push((passed, slots));
        }
    }

    // Played and discarded leaders stay with their seat.
    let required: Vec<Vec<u8>> = (0..n)
        .map(|x| {
            if x == me || in_draft.is_some() {
                return Vec::new();
            }
            let hand = &s.players[x].hand;
            let mut gone: Vec<u8> = log.picks[x]
                .iter()
                .copied()
                .filter(|l| !hand.contains(l))
                .collect();
            // The order of the picks is not public: only which they were.
            gone.sort_unstable();
            gone
        })
        .collect();
    let owner = |card: u8| (0..n).find(|&x| required[x].contains(&card));
    let mut place = |slot: Slot, card: u8, current: &mut Vec<Vec<u8>>| match slot.step {
        Some(step) => picks[slot.origin][step] = Some(card),
        None => current[slot.origin].push(card),
    };

    for (mut cards, mut slots) in groups {
        debug_assert_eq!(cards.len(), slots.len());
        cards.sort_unstable();
        // A card its holder has played or discarded goes back to that holder's slot.
        for card in cards.clone() {
            if let Some(x) = owner(card) {
                let i = slots
                    .iter()
                    .position(|sl| sl.holder == x && sl.step.is_some())
                    .expect("a played leader the seat passed on was picked downstream");
                place(slots.remove(i), card, &mut current);
                remove(&mut cards, card);
            }
        }
        rng.shuffle(&mut cards);
        for (slot, card) in slots.into_iter().zip(cards) {
            place(slot, card, &mut current);
        }
    }

    // Leaders never seen: first each seat's played/discarded ones into its own
    // slots, then the rest from the leaders nobody is known to hold.
    let mut pool: Vec<u8> = (0..20u8)
        .filter(|l| !seen.contains(l) && owner(*l).is_none())
        .collect();
    rng.shuffle(&mut unseen_slots);
    for x in 0..n {
        for &card in required[x].iter().filter(|l| !seen.contains(l)) {
            let i = unseen_slots
                .iter()
                .position(|sl| sl.holder == x)
                .expect("an unseen played leader was picked before the seat saw the packet");
            place(unseen_slots.remove(i), card, &mut current);
        }
    }
    rng.shuffle(&mut pool);
    for slot in unseen_slots {
        let card = pool.pop().expect("enough unseen leaders");
        place(slot, card, &mut current);
    }

    // Write the redrawn draft back.
    let mut new_log = log.clone();
    for x in 0..n {
        if x != me {
            new_log.picks[x].clear();
        }
    }
    for step in 0..done {
        for origin in 0..n {
            let h = holder(origin, step);
            if h != me {
                debug_assert_eq!(new_log.picks[h].len(), step);
                new_log.picks[h].push(picks[origin][step].expect("every pick redrawn"));
            }
        }
    }
    for origin in 0..n {
        let mut dealt: Vec<u8> = picks[origin][..done]
            .iter()
            .map(|p| p.expect("every pick redrawn"))
            .collect();
        if in_draft.is_some() {
            let h = holder(origin, done);
            if h == me {
                if let Some((packets, _)) = in_draft {
                    dealt.extend(&packets[me]);
                }
            } else {
                dealt.extend(&current[origin]);
            }
        }
        dealt.sort_unstable();
        new_log.dealt[origin] = dealt;
    }
    match in_draft {
        Some((_, picked)) => {
            let Some(Frame::LeaderDraft {
                packets: new_packets,
                picked: new_picked,
            }) = alt.stack.first_mut()
            else {
                unreachable!()
            };
            for origin in 0..n {
                let h = holder(origin, done);
                if h == me {
                    continue;
                }
                let mut packet = current[origin].clone();
                rng.shuffle(&mut packet);
                // A pick made this pass is one of the packet's cards, drawn again.
                new_picked[h] = picked[h].map(|_| packet[rng.index(packet.len())]);
                new_packets[h] = packet;
            }
            for x in 0..n {
                if x != me {
                    alt.players[x].hand = new_log.picks[x].clone();
                }
            }
        }
        None => {
            for x in 0..n {
                if x != me {
                    alt.players[x].hand = new_log.picks[x]
                        .iter()
                        .copied()
                        .filter(|l| !required[x].contains(l))
                        .collect();
                }
            }
        }
    }
    alt.draft = Some(new_log);
}
