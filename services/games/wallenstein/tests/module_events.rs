//! The modules' rules read back from the event log of random games with every
//! module, independently of the invariants the crate checks on its own state:
//! what the table would see happen must follow the seed.
//!
//! - court (L1286-1301, L1399-1462): at most the three displayed cards are
//!   taken a round, each for the courtiers of its space (4, 3, 2); part 1
//!   turns the mats over in turn order and converts 3, then 2, then 1 armies;
//!   part 2 goes by courtiers in the reception hall, ties in turn order;
//! - protection (L1561-1573): no Fight/Move named on a held card 10/11/18
//!   attacks its holder in the round it is held;
//! - supplementary cards (L1305-1310): told to their seat only until the court;
//! - Landsknechte (L1590-1604): a stack turns only with lands in four regions,
//!   one card at a time, at most three times a year, and is sorted after winter;
//! - generals (L1670-1687, L1681-1683): a monument is built exactly when the
//!   general moves into an adjacent own land with a monument left, and a
//!   monument is captured only where a general has just arrived.

use std::collections::BTreeMap;

use signoria_engine::{Audience, Game, GameRng, Scoped};
use signoria_wallenstein::data::{FavorEffect, data};
use signoria_wallenstein::model::{Action, BattleKind, Card, Event, Frame};
use signoria_wallenstein::{Options, Wallenstein as W, landsknechte};

/// What the log has shown so far in the current round.
#[derive(Default)]
struct Round {
    display: Vec<Option<u8>>,
    taken: usize,
    turn_order: Vec<u8>,
    revealed: Vec<u8>,
    converted: Vec<(u8, u32)>,
    favor_order: Vec<u8>,
    ups: Vec<(u8, u32)>,
    /// Held protection cards: holder → card numbers.
    protected: BTreeMap<u8, Vec<u8>>,
    action: Option<Action>,
    /// Landsknechte: the seats with lands in four regions at the turn order,
    /// and those whose stacks turned since.
    due: Vec<u8>,
    turned: Vec<u8>,
}

fn check_game(players: usize, seed: u64, counts: &mut BTreeMap<&'static str, usize>) {
    let o = Options {
        fixed_start: seed.is_multiple_of(3),
        kaiserhof: true,
        landsknechte: true,
        generals: true,
    };
    let k = &data().kaiserhof;
    let (mut s, first) = signoria_wallenstein::setup::setup(&o, players, seed).unwrap();
    let mut rng = GameRng::from_seed(seed ^ 0x5eed);
    let mut r = Round::default();
    let mut tops = vec![0u8; players];
    let mut turned_this_year = vec![0u32; players];
    let mut monuments_left = vec![6u32; players];
    let mut arrived: Option<(u8, u8)> = None;
    // Generals and monuments as the log shows them.
    let mut general: Vec<Option<u8>> = vec![None; players];
    let mut monuments: Vec<(u8, u8)> = Vec::new();
    let mut to_capture: Vec<u8> = Vec::new();
    let mut before = s.clone();
    let ctx = |step: usize| format!("{players}p seed {seed} step {step}");
    let mut step = 0;
    let mut events: Vec<Scoped<Event>> = first;
    loop {
        for e in &events {
            let c = ctx(step);
            if let Event::Planned { seat, field, card } = &e.event
                && *field >= 11
            {
                let want = if *card == Card::Empty {
                    Audience::All
                } else {
                    Audience::Seats(vec![*seat as usize])
                };
                assert_eq!(e.audience, want, "{c}: {:?}", e.event);
                *counts.entry("supplementary card planned").or_default() += 1;
            }
            match &e.event {
                Event::FavorsDisplayed { display } => {
                    let cards: Vec<u8> = display.iter().flatten().copied().collect();
                    assert!(
                        cards.windows(2).all(|w| w[0] > w[1]),
                        "{c}: display {display:?} not highest on the dearest space"
                    );
                    r = Round {
                        display: display.clone(),
                        ..Default::default()
                    };
                }
                Event::TurnOrder { order } => {
                    r.turn_order = order.clone();
                    // Nothing changes hands between planning and the check.
                    r.due = (0..players as u8)
                        .filter(|&p| landsknechte::regions(&before, p as usize) >= 4)
                        .collect();
                    r.turned.clear();
                }
                Event::CourtRevealed { seat, .. } => {
                    if r.revealed.is_empty() {
                        // The Landsknechte came first, every seat due turned (L1590-1601).
                        let mut turned = r.turned.clone();
                        turned.sort_unstable();
                        assert_eq!(turned, r.due, "{c}: Landsknecht stacks turned");
                    }
                    r.revealed.push(*seat);
                    r.converted.clear();
                }
                Event::Converted { seat, armies, .. } => {
                    assert_eq!(Some(seat), r.revealed.last(), "{c}");
                    if let Some(&(_, last)) = r.converted.last() {
                        assert!(*armies < last, "{c}: converted 3, then 2, then 1");
                    }
                    r.converted.push((*seat, *armies));
                    *counts.entry("conversion").or_default() += 1;
                }
                Event::FavorOrder { order } => {
                    assert_eq!(r.revealed, r.turn_order, "{c}: part 1 in turn order");
                    r.favor_order = order.clone();
                    r.ups.clear();
                }
                Event::CourtiersUp { seat, courtiers } => r.ups.push((*seat, *courtiers)),
                Event::FavorTaken {
                    seat,
                    card,
                    courtiers,
                } => {
                    let space = r
                        .display
                        .iter()
                        .position(|d| *d == Some(*card))
                        .unwrap_or_else(|| panic!("{c}: card {card} was not on display"));
                    assert_eq!(*courtiers, k.space_costs[space], "{c}: card {card}");
                    r.display[space] = None;
                    r.taken += 1;
                    assert!(r.taken <= 3, "{c}: a fourth favor card in a round");
                    assert_eq!(r.ups.last().map(|u| u.0), Some(*seat), "{c}");
                    *counts.entry("favor taken").or_default() += 1;
                }
                Event::CourtEnded { .. } => {
                    // Part 2 went by courtiers, most first, ties in turn order.
                    let seats: Vec<u8> = r.ups.iter().map(|u| u.0).collect();
                    assert_eq!(seats[..], r.favor_order[..seats.len()], "{c}");
                    let pos = |p: u8| r.turn_order.iter().position(|&x| x == p).unwrap();
                    for w in r.ups.windows(2) {
                        assert!(
                            w[0].1 > w[1].1 || (w[0].1 == w[1].1 && pos(w[0].0) < pos(w[1].0)),
                            "{c}: court order {:?} (turn order {:?})",
                            r.ups,
                            r.turn_order
                        );
                    }
                    *counts.entry("court").or_default() += 1;
                }
                Event::FavorKept { seat, card } => {
                    if matches!(k.favor(*card).effect, FavorEffect::Protect { .. }) {
                        r.protected.entry(*seat).or_default().push(*card);
                    }
                }
                Event::Fought(b) if b.kind == BattleKind::Attack => {
                    let d = b.defender.expect("an attack has a defender");
                    let fight_b = match r.action {
                        Some(Action::FightA) => false,
                        Some(Action::FightB) => true,
                        other => panic!("{c}: an attack during {other:?}"),
                    };
                    for &card in r.protected.get(&d).into_iter().flatten() {
                        assert!(
                            !k.favor(card).protects(fight_b),
                            "{c}: seat {d} attacked through favor card {card}"
                        );
                    }
                    if r.protected.contains_key(&d) {
                        *counts.entry("attack on a protected seat").or_default() += 1;
                    }
                }
                Event::FavorsExpired { seat, .. } => {
                    r.protected.remove(seat);
                }
                Event::LandsknechtTurned { seat, top, regions } => {
                    let p = *seat as usize;
                    assert!(*regions >= 4, "{c}: turned with {regions} regions");
                    assert_eq!(*top, tops[p] + 1, "{c}: one card at a time");
                    tops[p] = *top;
                    r.turned.push(*seat);
                    turned_this_year[p] += 1;
                    assert!(turned_this_year[p] <= 3, "{c}");
                    *counts.entry("landsknecht turned").or_default() += 1;
                }
                Event::LandsknechteSorted => {
                    tops = vec![0; players];
                    turned_this_year = vec![0; players];
                }
                Event::GeneralPlaced { seat, land } => {
                    assert!(to_capture.is_empty(), "{c}: monuments left uncaptured");
                    arrived = Some((*seat, *land));
                    general[*seat as usize] = Some(*land);
                    to_capture = monuments
                        .iter()
                        .filter(|m| m.0 == *land && m.1 != *seat)
                        .map(|m| m.1)
                        .collect();
                }
                Event::GeneralRemoved { seat, land } => {
                    assert_eq!(general[*seat as usize], Some(*land), "{c}");
                    general[*seat as usize] = None;
                }
                Event::OwnerChanged { land, .. } => {
                    // A general leaves the map with its land (L1689-1691).
                    assert!(
                        !general.contains(&Some(*land)),
                        "{c}: a general stays in a land that changed hands"
                    );
                }
                Event::GeneralMoved {
                    seat,
                    from,
                    to,
                    monument,
                } => {
                    let p = *seat as usize;
                    let adjacent = data().lands[*from as usize].borders.contains(to);
                    assert_eq!(*monument, adjacent && monuments_left[p] > 0, "{c}");
                    assert!(to_capture.is_empty(), "{c}: monuments left uncaptured");
                    assert_eq!(general[p], Some(*from), "{c}");
                    general[p] = Some(*to);
                    if *monument {
                        monuments.push((*from, *seat));
                        monuments_left[p] -= 1;
                        *counts.entry("monument built").or_default() += 1;
                    }
                    arrived = Some((*seat, *to));
                    to_capture = monuments
                        .iter()
                        .filter(|m| m.0 == *to && m.1 != *seat)
                        .map(|m| m.1)
                        .collect();
                }
                Event::MonumentCaptured { seat, land, owner } => {
                    assert_eq!(
                        arrived,
                        Some((*seat, *land)),
                        "{c}: capture without arrival"
                    );
                    assert_ne!(seat, owner, "{c}");
                    let i = to_capture
                        .iter()
                        .position(|o| o == owner)
                        .expect("a monument there");
                    to_capture.remove(i);
                    let i = monuments
                        .iter()
                        .position(|m| *m == (*land, *owner))
                        .unwrap();
                    monuments.remove(i);
                    *counts.entry("monument captured").or_default() += 1;
                }
                _ => {}
            }
            if !matches!(
                e.event,
                Event::GeneralPlaced { .. }
                    | Event::GeneralMoved { .. }
                    | Event::MonumentCaptured { .. }
            ) {
                arrived = None;
                assert!(to_capture.is_empty(), "{c}: monuments left uncaptured");
            }
        }
        let pending = W::pending(&s);
        if pending.is_empty() {
            break;
        }
        let seat = pending[rng.index(pending.len())];
        let legal = W::legal_moves(&s, seat);
        let mv = legal[rng.index(legal.len())].clone();
        // Attacks come only from the move part of a Fight/Move.
        r.action = match s.stack.last() {
            Some(Frame::March(a)) => Some(a.action),
            _ => None,
        };
        before = s.clone();
        events = W::apply(&mut s, seat, &mv).unwrap();
        step += 1;
    }
    assert!(s.over(), "{}", ctx(step));
}

#[test]
fn module_rules_hold_in_the_event_log_of_random_games() {
    let mut counts = BTreeMap::new();
    for players in 3..=5 {
        for seed in 0..60 {
            check_game(players, 9_000 + seed, &mut counts);
        }
    }
    eprintln!("{counts:?}");
    for kind in [
        "supplementary card planned",
        "conversion",
        "favor taken",
        "court",
        "attack on a protected seat",
        "landsknecht turned",
        "monument built",
        "monument captured",
    ] {
        assert!(
            counts.get(kind).copied().unwrap_or(0) > 0,
            "random games never showed '{kind}': {counts:?}"
        );
    }
}
