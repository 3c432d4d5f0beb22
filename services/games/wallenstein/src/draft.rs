//! The start-land draft (seed L130-160, L172-174, L241-244): in turn each seat
//! takes one of the two open land cards or the top card of the deck, or
//! recycles the open cards, then puts one of its army groups into the land.

use signoria_engine::Scoped;

use crate::data::{LandId, NUM_LANDS, data};
use crate::generals;
use crate::model::{Draft, Event, Frame, Move, Picked, State};
use crate::setup::place_group;

/// Shuffle the land cards in play and turn up two (L130-148); the draft frame
/// goes on top of the set-up steps that follow it.
pub fn start(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    let players = s.n();
    let mut deck: Vec<LandId> = (0..NUM_LANDS as u8)
        .filter(|&l| s.in_play[l as usize])
        .collect();
    s.rng.shuffle(&mut deck);
    let open = vec![deck.pop().unwrap(), deck.pop().unwrap()];
    ev.push(Scoped::public(Event::DraftOpen { open: open.clone() }));
    s.stack.push(Frame::Draft(Draft {
        deck,
        open,
        last_faced: vec![Vec::new(); players],
        groups: vec![data().groups[&players].clone(); players],
        turn: 0,
        recycled: false,
        known_at_bottom: 0,
    }));
}

/// The seat whose draft turn it is: round robin from seat 0, the oldest player (RULINGS R6).
pub fn seat(s: &State, d: &Draft) -> usize {
    d.turn % s.n()
}

/// Take an open card, the top card, or recycle.
pub fn pick_moves(s: &State, d: &Draft) -> Vec<Move> {
    let mut v: Vec<Move> = (0..d.open.len() as u8)
        .map(|slot| Move::DraftOpen { slot })
        .collect();
    if !d.deck.is_empty() {
        v.push(Move::DraftBlind);
    }
    if can_recycle(s, d) {
        v.push(Move::Recycle);
    }
    v
}

/// The seat's army groups left, one move per size, largest first. With
/// generals, a seat whose general is not placed yet decides for each land it
/// takes whether the general goes there too (L1628-1633); at its last start
/// land it must (RULINGS R51).
pub fn group_moves(s: &State, p: &Picked) -> Vec<Move> {
    let d = s.draft().expect("a picked card lies on the draft");
    let groups = &d.groups[p.seat as usize];
    let general = generals::to_place_in_draft(s, p.seat as usize);
    let last = groups.len() == 1;
    let mut sizes = groups.clone();
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    sizes.dedup();
    let mut v = Vec::new();
    for armies in sizes {
        if !(general && last) {
            v.push(Move::PlaceGroup { armies });
        }
        if general {
            v.push(Move::PlaceGroupWithGeneral { armies });
        }
    }
    v
}

fn same_cards(a: &[LandId], b: &[LandId]) -> bool {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    a.sort_unstable();
    b.sort_unstable();
    a == b
}

/// Recycling is allowed when the seat faces the same two open cards as at its
/// own previous pick, once per turn, with at least two cards in the deck (RULINGS R7).
fn can_recycle(s: &State, d: &Draft) -> bool {
    !d.recycled
        && d.open.len() == 2
        && d.deck.len() >= 2
        && same_cards(&d.open, &d.last_faced[seat(s, d)])
}

/// A pick (`DraftOpen`, `DraftBlind`, `Recycle`) of the seat on turn.
pub fn resolve_pick(s: &mut State, seat: usize, mv: &Move, ev: &mut Vec<Scoped<Event>>) {
    let me = seat as u8;
    let d = s.draft_mut();
    let picked = match *mv {
        Move::DraftOpen { slot } => {
            d.last_faced[seat] = d.open.clone();
            let land = d.open.remove(slot as usize);
            ev.push(Scoped::public(Event::DraftPicked {
                seat: me,
                land: Some(land),
                blind: false,
            }));
            // Replaced only once the group is placed (L145-152).
            Picked {
                seat: me,
                land,
                blind: false,
                replace: true,
            }
        }
        Move::DraftBlind => {
            d.last_faced[seat] = d.open.clone();
            let land = d.draw().expect("listed only with a deck");
            ev.push(Scoped::public(Event::DraftPicked {
                seat: me,
                land: None,
                blind: true,
            }));
            ev.push(Scoped::to_seat(seat, Event::DraftDrew { seat: me, land }));
            Picked {
                seat: me,
                land,
                blind: true,
                replace: false,
            }
        }
        Move::Recycle => {
            // Both open cards go face down under the deck; the next two are turned up (L241-244).
            let old = std::mem::take(&mut d.open);
            for c in old {
                d.deck.insert(0, c);
            }
            d.known_at_bottom += 2;
            d.open = vec![d.draw().unwrap(), d.draw().unwrap()];
            d.recycled = true;
            ev.push(Scoped::public(Event::Recycled { seat: me }));
            ev.push(Scoped::public(Event::DraftOpen {
                open: d.open.clone(),
            }));
            return;
        }
        _ => unreachable!("not a draft pick: {mv:?}"),
    };
    s.stack.push(Frame::PlaceGroup(picked));
}

/// The army group (and, with `general`, the seat's general) for the land just
/// taken; then the next seat's turn, or the end of the draft.
pub fn resolve_group(s: &mut State, armies: u8, general: bool, ev: &mut Vec<Scoped<Event>>) {
    let Some(Frame::PlaceGroup(p)) = s.stack.pop() else {
        unreachable!("no card waits for a group")
    };
    let d = s.draft_mut();
    let group = &mut d.groups[p.seat as usize];
    let i = group
        .iter()
        .position(|&g| g == armies)
        .expect("a listed group");
    group.remove(i);
    if p.blind {
        ev.push(Scoped::public(Event::DraftPicked {
            seat: p.seat,
            land: Some(p.land),
            blind: true,
        }));
    }
    place_group(s, p.seat, p.land, armies as u32, ev);
    if general {
        generals::place(s, p.seat as usize, p.land, ev);
    }
    // Only then is a taken open card replaced from the deck (L145-152): the
    // group is chosen without seeing the next card.
    let d = s.draft_mut();
    if p.replace
        && let Some(next) = d.draw()
    {
        d.open.push(next);
        ev.push(Scoped::public(Event::DraftOpen {
            open: d.open.clone(),
        }));
    }
    d.recycled = false;
    d.turn += 1;
    if d.groups.iter().all(|g| g.is_empty()) {
        // Unowned cards lie beside the board; those lands are neutral (L185-188).
        // The set-up steps below the draft follow.
        s.stack.pop();
    }
}
