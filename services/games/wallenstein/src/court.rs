//! Module 1 "Am Kaiserhof" (seed L1181-1573; digest §3.5, §5.9, §9.7): the
//! courtiers, the favor cards on display, the court actions after the turn
//! order (part 1: the supplementary mats convert armies into courtiers;
//! part 2: the court's favour), and the favor cards' effects.
//!
//! The supplementary mat is planned with the base mat (`planning`); tower
//! cards are `Card::Tower`.

use serde::{Deserialize, Serialize};
use signoria_engine::{GameRng, Scoped, Seat};

use crate::actions;
use crate::bonus;
use crate::combat;
use crate::data::{FavorEffect, LandId, data};
use crate::model::{Action, COURT_FIELDS, Card, Event, Frame, Move, State, court_armies};

/// Where each seat's courtiers are, the favor cards, and what the court did
/// this round. Everything here is public but the order of `deck`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Court {
    /// Courtiers in each seat's own supply.
    pub supply: Vec<u32>,
    /// Courtiers in the reception hall (Empfangshalle).
    pub hall: Vec<u32>,
    /// Courtiers in the audience hall (Audienzsaal), during court part 2 only.
    pub audience: Vec<u32>,
    /// The face-down favor deck, top card last (its order is hidden).
    pub deck: Vec<u8>,
    /// The favor cards on the spaces costing 4, 3 and 2 courtiers.
    pub display: Vec<Option<u8>>,
    /// Favor cards each seat keeps for later: 4 until it stops a marker,
    /// 10/11/18 until the round ends (L1470, L1494-1498, L1571-1573).
    pub held: Vec<Vec<u8>>,
    /// Favor cards out of the game (used, expired, or left on display).
    pub gone: Vec<u8>,
    /// Favor cards taken this round (at most the three on display).
    pub taken: u8,
}

impl Court {
    /// The set-up (L1238-1264): 7 courtiers per seat in its supply, the 21
    /// favor cards shuffled face down.
    pub fn new(players: usize, rng: &mut GameRng) -> Court {
        let k = &data().kaiserhof;
        let mut deck: Vec<u8> = (1..=k.favors.len() as u8).collect();
        rng.shuffle(&mut deck);
        Court {
            supply: vec![k.courtiers; players],
            hall: vec![0; players],
            audience: vec![0; players],
            deck,
            display: vec![None; k.space_costs.len()],
            held: vec![Vec::new(); players],
            gone: Vec::new(),
            taken: 0,
        }
    }

    fn send(&mut self, seat: usize, k: u32) {
        self.supply[seat] -= k;
        self.hall[seat] += k;
    }
}

fn court(s: &State) -> &Court {
    s.court.as_ref().expect("Kaiserhof is played")
}

fn court_mut(s: &mut State) -> &mut Court {
    s.court.as_mut().expect("Kaiserhof is played")
}

/// Set-up: one courtier into the reception hall per own cube that fell out of
/// the initial fill (L1253-1260); the cubes themselves go back to the supply.
pub fn courtiers_from_fill(s: &mut State, out: &[u32], ev: &mut Vec<Scoped<Event>>) {
    let n = s.n();
    let c = court_mut(s);
    let courtiers: Vec<u32> = (0..n).map(|p| out[p].min(c.supply[p])).collect();
    for p in 0..n {
        c.send(p, courtiers[p]);
    }
    ev.push(Scoped::public(Event::CourtiersFromFill { courtiers }));
}

/// N2a: the top three favor cards face up, the highest number on the space
/// costing 4 courtiers, the next on 3, the lowest on 2 (L1294-1301). The deck
/// of 21 lasts the six normal rounds (18 cards).
pub fn display_favors(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    let c = court_mut(s);
    c.taken = 0;
    let mut drawn: Vec<u8> = (0..c.display.len()).filter_map(|_| c.deck.pop()).collect();
    drawn.sort_unstable_by(|a, b| b.cmp(a));
    for (space, slot) in c.display.iter_mut().enumerate() {
        *slot = drawn.get(space).copied();
    }
    ev.push(Scoped::public(Event::FavorsDisplayed {
        display: c.display.clone(),
    }));
}

/// Court part 1 for the seat at `pos` of the turn order: its supplementary mat
/// is turned over and carried out, "3 armies" first, then 2, then 1
/// (L1399-1413). After the last seat, part 2 begins.
pub fn court_cards(s: &mut State, pos: usize, ev: &mut Vec<Scoped<Event>>) {
    if pos == s.turn_order.len() {
        let order = favor_order(s);
        ev.push(Scoped::public(Event::FavorOrder {
            order: order.clone(),
        }));
        s.replace_top(Frame::CourtFavor { order, next: 0 });
        return;
    }
    s.replace_top(Frame::CourtCards { pos: pos + 1 });
    let seat = s.turn_order[pos] as usize;
    let plan = &mut s.plans[seat];
    plan.court_revealed = true;
    let cards = plan.court.clone();
    ev.push(Scoped::public(Event::CourtRevealed {
        seat: seat as u8,
        cards: cards.clone(),
    }));
    for (i, &card) in cards.iter().enumerate().rev() {
        convert(s, seat, court_armies(COURT_FIELDS[i]), card, ev);
    }
}

/// One supplementary field: a land card takes that many own armies out of the
/// land, at least one staying (L1332-1341); a tower card takes them out of the
/// tray (L1352-1358); either sends as many courtiers to the reception hall.
/// A money card (or a free field) does nothing (L1373-1377). What cannot be
/// done in full is not done (L1379-1382).
fn convert(s: &mut State, seat: usize, armies: u32, card: Card, ev: &mut Vec<Scoped<Event>>) {
    let me = seat as u8;
    let lapse = |reason: &str, ev: &mut Vec<Scoped<Event>>| {
        ev.push(Scoped::public(Event::ConversionLapsed {
            seat: me,
            armies,
            reason: reason.into(),
        }));
    };
    let land = match card {
        Card::Land(l) => Some(l),
        Card::Tower => None,
        Card::Money(_) | Card::Empty => return,
    };
    let short = match land {
        // Nothing changes hands between planning and the court; kept for safety.
        Some(l) if s.lands[l as usize].owner != Some(me) || s.voided.contains(&l) => {
            Some("the land card changed hands")
        }
        Some(l) if s.lands[l as usize].armies <= armies => {
            Some("not enough armies in the land (one must stay)")
        }
        None if s.tower.tray[seat] < armies => Some("not enough own armies in the tray"),
        _ if court(s).supply[seat] < armies => Some("not enough courtiers"),
        _ => None,
    };
    if let Some(reason) = short {
        lapse(reason, ev);
        return;
    }
    match land {
        Some(l) => s.lands[l as usize].armies -= armies,
        None => s.tower.tray[seat] -= armies,
    }
    s.players[seat].supply += armies;
    court_mut(s).send(seat, armies);
    ev.push(Scoped::public(Event::Converted {
        seat: me,
        armies,
        land,
    }));
}

/// Court part 2's order: most courtiers in the reception hall first, ties in
/// the base game's turn order (L1417-1421).
pub fn favor_order(s: &State) -> Vec<u8> {
    let c = court(s);
    let mut order = s.turn_order.clone();
    order.sort_by_key(|&p| std::cmp::Reverse(c.hall[p as usize]));
    order
}

/// The displayed cards the seat can pay for with the courtiers it brings up.
fn affordable(s: &State, seat: Seat) -> Vec<u8> {
    let c = court(s);
    let have = c.hall[seat] + c.audience[seat];
    let costs = &data().kaiserhof.space_costs;
    c.display
        .iter()
        .zip(costs)
        .filter(|(card, cost)| card.is_some() && have >= **cost)
        .map(|(card, _)| card.unwrap())
        .collect()
}

/// The seat whose turn it is in part 2, if it has a choice: a seat that can
/// pay for no card moves its courtiers up without being asked (L1454-1462).
pub fn favor_decider(s: &State, order: &[u8], next: usize) -> Option<Seat> {
    let seat = *order.get(next)? as usize;
    (!affordable(s, seat).is_empty()).then_some(seat)
}

pub fn favor_moves(s: &State, seat: Seat) -> Vec<Move> {
    let mut v: Vec<Move> = affordable(s, seat)
        .into_iter()
        .map(|card| Move::TakeFavor { card })
        .collect();
    v.push(Move::PassFavor);
    v
}

/// The seat moves all its courtiers from the reception hall to the audience hall.
fn move_up(s: &mut State, seat: usize, ev: &mut Vec<Scoped<Event>>) {
    let c = court_mut(s);
    let k = std::mem::take(&mut c.hall[seat]);
    c.audience[seat] += k;
    ev.push(Scoped::public(Event::CourtiersUp {
        seat: seat as u8,
        courtiers: k,
    }));
}

fn advance_favor(s: &mut State) {
    if let Some(Frame::CourtFavor { next, .. }) = s.stack.last_mut() {
        *next += 1;
    }
}

/// Part 2 with nobody to ask: the next seat moves its courtiers up; once the
/// display is empty or every seat has had its turn, the court ends: courtiers
/// back to the reception hall, cards left on display out of the game (L1431-1439).
pub fn favor_step(s: &mut State, order: &[u8], next: usize, ev: &mut Vec<Scoped<Event>>) {
    let c = court(s);
    if next < order.len() && c.display.iter().any(Option::is_some) {
        move_up(s, order[next] as usize, ev);
        advance_favor(s);
        return;
    }
    let c = court_mut(s);
    for p in 0..c.hall.len() {
        c.hall[p] += std::mem::take(&mut c.audience[p]);
    }
    let discarded: Vec<u8> = c.display.iter_mut().filter_map(Option::take).collect();
    c.gone.extend(&discarded);
    ev.push(Scoped::public(Event::CourtEnded { discarded }));
    s.stack.pop();
}

/// The seat's choice in part 2 (a listed move): courtiers up, and a favor
/// card taken for as many courtiers back to the supply as its space shows
/// (L1423-1431), its favour used at once as far as possible.
pub fn resolve_favor(s: &mut State, seat: Seat, mv: &Move, ev: &mut Vec<Scoped<Event>>) {
    move_up(s, seat, ev);
    advance_favor(s);
    let Move::TakeFavor { card } = *mv else {
        return;
    };
    let costs = &data().kaiserhof.space_costs;
    let c = court_mut(s);
    let space = c
        .display
        .iter()
        .position(|&d| d == Some(card))
        .expect("a displayed card");
    let cost = costs[space];
    c.display[space] = None;
    c.audience[seat] -= cost;
    c.supply[seat] += cost;
    c.taken += 1;
    ev.push(Scoped::public(Event::FavorTaken {
        seat: seat as u8,
        card,
        courtiers: cost,
    }));
    let me = seat as u8;
    match data().kaiserhof.favor(card).effect {
        FavorEffect::Gain(kind, amount) => {
            bonus::gain(s, seat, kind, amount, ev);
            court_mut(s).gone.push(card);
        }
        FavorEffect::Protect { .. } => keep(s, seat, card, ev),
        FavorEffect::CancelEvent
        | FavorEffect::RemoveUnrest
        | FavorEffect::Armies(_)
        | FavorEffect::Build(_) => s.stack.push(Frame::UseFavor { seat: me, card }),
    }
}

fn keep(s: &mut State, seat: usize, card: u8, ev: &mut Vec<Scoped<Event>>) {
    court_mut(s).held[seat].push(card);
    ev.push(Scoped::public(Event::FavorKept {
        seat: seat as u8,
        card,
    }));
}

/// The ways to use a favor card just taken (`UseFavor`): card 1 removes the
/// round's event or leaves it (L1472-1482); card 4 the own land a marker
/// leaves (L1484-1489); card 12 an own or neutral land in play, no neighbour
/// needed (L1508-1517; RULINGS R41); 7/17/21 an own land the building may go
/// into by the building rules (L1552-1560).
pub fn use_moves(s: &State, seat: Seat, card: u8) -> Vec<Move> {
    let lands = |f: &dyn Fn(LandId) -> bool| -> Vec<Move> {
        (0..s.lands.len() as LandId)
            .filter(|&l| s.in_play[l as usize] && f(l))
            .map(|land| Move::FavorLand { land })
            .collect()
    };
    let own = |l: LandId| s.lands[l as usize].owner == Some(seat as u8);
    match data().kaiserhof.favor(card).effect {
        FavorEffect::CancelEvent if s.current_event.is_some() => vec![
            Move::CancelEvent { cancel: true },
            Move::CancelEvent { cancel: false },
        ],
        FavorEffect::RemoveUnrest => lands(&|l| own(l) && s.lands[l as usize].unrest > 0),
        FavorEffect::Armies(_) if s.players[seat].supply > 0 => {
            lands(&|l| own(l) || s.lands[l as usize].owner.is_none())
        }
        FavorEffect::Build(kind) => {
            lands(&|l| own(l) && actions::build_obstacle(s, l, kind).is_none())
        }
        _ => Vec::new(),
    }
}

/// A favor card with a single way to use it is used that way; with none,
/// card 4 is kept (L1490-1496) and the others find no use.
pub fn use_auto(s: &mut State, seat: u8, card: u8, ev: &mut Vec<Scoped<Event>>) {
    let seat = seat as usize;
    match use_moves(s, seat, card).as_slice() {
        [only] => resolve_use(s, seat, only, ev),
        _ => {
            s.stack.pop();
            if data().kaiserhof.favor(card).effect == FavorEffect::RemoveUnrest {
                keep(s, seat, card, ev);
            } else {
                court_mut(s).gone.push(card);
                ev.push(Scoped::public(Event::FavorLapsed {
                    seat: seat as u8,
                    card,
                    reason: "no way to use it".into(),
                }));
            }
        }
    }
}

/// Use the favor card on top (a listed way); the card leaves the game.
pub fn resolve_use(s: &mut State, seat: Seat, mv: &Move, ev: &mut Vec<Scoped<Event>>) {
    let Some(Frame::UseFavor { card, .. }) = s.stack.pop() else {
        unreachable!("no favor card waits to be used")
    };
    court_mut(s).gone.push(card);
    let me = seat as u8;
    match (data().kaiserhof.favor(card).effect, mv.clone()) {
        (FavorEffect::CancelEvent, Move::CancelEvent { cancel }) => {
            // The event card leaves the game as after its round (RULINGS R42).
            if cancel && let Some(e) = s.current_event.take() {
                s.event_candidates.retain(|&c| c != e);
                ev.push(Scoped::public(Event::EventCancelled { event: e }));
            }
        }
        (FavorEffect::RemoveUnrest, Move::FavorLand { land }) => {
            s.lands[land as usize].unrest -= 1;
            ev.push(Scoped::public(Event::UnrestRemoved {
                land,
                unrest: s.lands[land as usize].unrest,
            }));
        }
        (FavorEffect::Armies(n), Move::FavorLand { land }) => {
            // As many as the supply holds (RULINGS R41).
            let k = n.min(s.players[seat].supply);
            s.players[seat].supply -= k;
            s.lands[land as usize].armies += k;
            ev.push(Scoped::public(Event::ArmiesPlaced {
                seat: me,
                land,
                armies: k,
            }));
            // A neutral land's card is taken without a fight (L1514-1517).
            combat::set_owner(s, land, Some(me), ev);
        }
        (FavorEffect::Build(kind), Move::FavorLand { land }) => {
            actions::build(s, seat, land, kind, 0, ev);
        }
        (effect, mv) => unreachable!("favor card {card} ({effect:?}) cannot be used as {mv:?}"),
    }
}

/// Whether `seat` holds a favor card that keeps `action` (Fight/Move A or B)
/// out of its lands this round (L1561-1569).
pub fn protected(s: &State, seat: usize, action: Action) -> bool {
    let Some(c) = &s.court else {
        return false;
    };
    let fight_b = match action {
        Action::FightA => false,
        Action::FightB => true,
        _ => return false,
    };
    c.held[seat]
        .iter()
        .any(|&card| data().kaiserhof.favor(card).protects(fight_b))
}

/// A kept favor card 4 stops the next unrest marker on the holder's land and
/// leaves the game (L1494-1498). Returns whether it did.
pub fn block_unrest(s: &mut State, seat: usize, land: LandId, ev: &mut Vec<Scoped<Event>>) -> bool {
    let Some(c) = &mut s.court else {
        return false;
    };
    let Some(i) = c.held[seat]
        .iter()
        .position(|&card| data().kaiserhof.favor(card).effect == FavorEffect::RemoveUnrest)
    else {
        return false;
    };
    let card = c.held[seat].remove(i);
    c.gone.push(card);
    ev.push(Scoped::public(Event::UnrestBlocked {
        seat: seat as u8,
        land,
    }));
    true
}

/// End of a normal round: favor cards 10/11/18 leave the game (L1571-1573).
pub fn expire(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    let Some(c) = &mut s.court else {
        return;
    };
    for seat in 0..c.held.len() {
        let (gone, kept): (Vec<u8>, Vec<u8>) = c.held[seat].iter().partition(|&&card| {
            matches!(
                data().kaiserhof.favor(card).effect,
                FavorEffect::Protect { .. }
            )
        });
        if !gone.is_empty() {
            c.held[seat] = kept;
            c.gone.extend(&gone);
            ev.push(Scoped::public(Event::FavorsExpired {
                seat: seat as u8,
                cards: gone,
            }));
        }
    }
}
