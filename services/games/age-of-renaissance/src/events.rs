//! The event cards (seed A.2, §7.2, §9.3.2): whom and what each may target, when it is
//! unplayable (the stability burden), and what it does. Events that change control
//! update the commodity control cards at once (seed §5.3), which here follow from the
//! board.

use signoria_engine::Scoped;

use crate::data::{Advance, CardId, Category, Commodity, Event as Ev, Region, data};
use crate::geo::{bit, geo, iter};
use crate::model::{CashReason, Event, Frame, Move, SeatId, State, Target, War, event_bit};
use crate::{bank, combat, misery, war};

fn shielded(s: &State, seat: SeatId) -> bool {
    s.player(seat).round.shielded
}

/// A card that cannot be played (seed §7.2 "Stabilitätsbelastung", A.2): it stays in
/// hand and costs stabilization. "All players" are those still in the game (RULINGS
/// R-ALL-PLAYERS).
pub fn unplayable(s: &State, e: Ev) -> bool {
    match e {
        Ev::Stirrups | Ev::Armor => s.permanent.stirrups_armor_dead,
        Ev::Crusades => s.permanent.crusades_dead,
        Ev::PapalDecree => s.permanent.papal_dead,
        Ev::Alchemy => s.active().all(|p| s.has(p, Advance::C)),
        Ev::Mysticism => s.active().all(|p| {
            [Advance::A, Advance::B, Advance::C, Advance::D]
                .iter()
                .all(|&a| s.has(p, a))
        }),
        _ => false,
    }
}

/// Provinces with a control token that Rebellion may hit: not a capital, not in the
/// New World, not of a player under Enlightened Monarch (seed A.2).
fn rebellion_targets(s: &State) -> Vec<Target> {
    let g = geo();
    s.board
        .ids()
        .filter(|&p| {
            let Some(c) = s.board.get(p).controller() else {
                return false;
            };
            g.capitals & bit(p) == 0 && g.region(Region::NewWorld) & bit(p) == 0 && !shielded(s, c)
        })
        .map(Target::Province)
        .collect()
}

/// Coastal provinces with a control token (Pirates/Vikings, seed A.2).
pub fn pirate_targets(s: &State) -> Vec<ProvinceId> {
    let g = geo();
    iter(g.coast | g.overseas)
        .filter(|&p| s.board.get(p).controller().is_some())
        .collect()
}

use crate::data::ProvinceId;

/// The targets a card player may choose (seed §9.3.2: an opponent where the card
/// leaves the choice). Empty: the card cannot be played now.
pub fn targets(s: &State, seat: SeatId, e: Ev) -> Vec<Target> {
    let opponents = || s.active().filter(move |&o| o != seat);
    match e {
        Ev::Alchemy => opponents()
            .filter(|&o| !s.has(o, Advance::C) && !shielded(s, o))
            .map(Target::Seat)
            .collect(),
        Ev::CivilWar => opponents()
            .filter(|&o| !shielded(s, o))
            .map(Target::Seat)
            .collect(),
        Ev::War => opponents().map(Target::Seat).collect(),
        Ev::Crusades => {
            if s.player(seat).control_stock == 0 {
                return Vec::new();
            }
            iter(geo().region(Region::VI) & !geo().satellites)
                .filter(|&p| s.board.get(p).controller() != Some(seat))
                .map(Target::Province)
                .collect()
        }
        Ev::Rebellion => rebellion_targets(s),
        Ev::PiratesVikings => pirate_targets(s)
            .into_iter()
            .map(Target::Province)
            .collect(),
        Ev::PapalDecree => [Category::Science, Category::Religion, Category::Exploration]
            .into_iter()
            .map(Target::Category)
            .collect(),
        Ev::BlackDeath => Region::ALL
            .into_iter()
            .filter(|r| !r.is_overseas() && data().region_in_play(*r, s.n() as u8))
            .map(Target::Region)
            .collect(),
        _ => vec![Target::None],
    }
}

/// Move lists for an event card.
pub fn moves(s: &State, seat: SeatId, card: CardId, e: Ev, last: bool) -> Vec<Move> {
    if unplayable(s, e) {
        return Vec::new();
    }
    let mut t = targets(s, seat, e);
    if t.is_empty() && last {
        // The final card play: every card is played, one without a target to no
        // effect (RULINGS R-FINAL-NO-TARGET).
        t.push(Target::None);
    }
    t.into_iter()
        .map(|target| Move::PlayEvent { card, target })
        .collect()
}

/// A control token becomes an expansion token of its owner (seed §9.3.2): from his
/// stock; with none in stock he uses a bought token or leaves the province empty (a
/// decision, `Frame::Reduce`).
pub fn reduce(s: &mut State, p: ProvinceId, ev: &mut Vec<Scoped<Event>>) {
    let Some(c) = s.board.get(p).controller() else {
        return;
    };
    s.board.get_mut(p).clear_control();
    s.player_mut(c).control_stock += 1;
    ev.push(Scoped::public(Event::Control {
        seat: c,
        province: p,
        gained: false,
    }));
    if s.player(c).stock > 0 {
        s.player_mut(c).stock -= 1;
        s.board.get_mut(p).est[c as usize] += 1;
        ev.push(Scoped::public(Event::Tokens {
            seat: c,
            province: p,
            count: 1,
        }));
    } else {
        s.stack.push(Frame::Reduce {
            seat: c,
            province: p,
        });
    }
}

/// The Reduce decision: use a bought token (`true`) or leave the province empty.
pub fn reduce_with(
    s: &mut State,
    seat: SeatId,
    p: ProvinceId,
    bought: bool,
    ev: &mut Vec<Scoped<Event>>,
) {
    s.stack.pop();
    if bought && s.player(seat).bought > 0 {
        s.player_mut(seat).bought -= 1;
        s.board.get_mut(p).est[seat as usize] += 1;
        ev.push(Scoped::public(Event::Tokens {
            seat,
            province: p,
            count: 1,
        }));
    }
}

fn each_player(
    s: &mut State,
    shieldable: bool,
    boxes: impl Fn(&State, SeatId) -> u32,
    ev: &mut Vec<Scoped<Event>>,
) {
    let seats: Vec<SeatId> = s.order.clone();
    for seat in seats {
        if s.player(seat).out || (shieldable && shielded(s, seat)) {
            continue;
        }
        let b = boxes(s, seat);
        misery::raise(s, seat, b, ev);
    }
}

/// Carry out an event (seed A.2). `last`: in the final card play, with `players_after`
/// still to play (for War, seed §11.1).
pub fn resolve(
    s: &mut State,
    seat: SeatId,
    e: Ev,
    target: Target,
    last: bool,
    players_after: u32,
    ev: &mut Vec<Scoped<Event>>,
) {
    s.this_round.events |= event_bit(e);
    match (e, target) {
        (Ev::EnlightenedMonarch, _) => s.player_mut(seat).round.shielded = true,
        (Ev::Alchemy, Target::Seat(o)) => {
            let due = s.player(o).noted.div_ceil(2);
            bank::pay(s, o, due, CashReason::Event, ev);
        }
        (Ev::CivilWar, Target::Seat(o)) => {
            misery::raise(s, o, 1, ev);
            if s.player(o).out {
                return;
            }
            s.this_round.civil_war.push(o);
            s.stack.push(Frame::CivilWarLoss { victim: o });
            if let Some(cap) = s.player(o).capital
                && s.board.get(cap).controller() == Some(o)
            {
                reduce(s, cap, ev);
            }
        }
        (Ev::Crusades, Target::Province(p)) => {
            let present: Vec<SeatId> = s.board.get(p).present().collect();
            for o in present {
                combat::remove_all(s, o, p, ev);
            }
            s.player_mut(seat).control_stock -= 1;
            s.board.get_mut(p).set_control(seat, false);
            ev.push(Scoped::public(Event::Control {
                seat,
                province: p,
                gained: true,
            }));
            misery::raise(s, seat, 1, ev);
        }
        (Ev::Rebellion, Target::Province(p)) => reduce(s, p, ev),
        // A Religious War earlier in the round cancels the decree (seed A.2).
        (Ev::PapalDecree, Target::Category(c))
            if s.this_round.events & event_bit(Ev::ReligiousWar) == 0 =>
        {
            s.this_round.papal = Some(c);
        }
        (Ev::PiratesVikings, Target::Province(p)) => {
            // Epoch 2: two control tokens, epoch 3: three (seed A.2; the deck's epoch,
            // RULINGS R-EPOCH).
            let more = s.epoch.saturating_sub(1);
            if more > 0 {
                s.stack.push(Frame::Pirates { seat, left: more });
            }
            reduce(s, p, ev);
        }
        (Ev::Uprisings, _) => each_player(
            s,
            true,
            |s, p| s.player(p).advances.count_in(Category::Commerce),
            ev,
        ),
        (Ev::Famine, _) => each_player(
            s,
            false,
            |s, p| {
                let relief =
                    s.board.control_cards(p, Commodity::Grain) + s.has(p, Advance::K) as u32;
                4u32.saturating_sub(relief)
            },
            ev,
        ),
        (Ev::Mysticism, _) => each_player(
            s,
            true,
            |s, p| 4u32.saturating_sub(s.player(p).advances.count_in(Category::Science)),
            ev,
        ),
        (Ev::War, Target::Seat(o)) => {
            let w = War {
                declarer: seat,
                target: o,
            };
            war::fight(s, w, last.then_some(1 + players_after), ev);
        }
        (Ev::Stirrups | Ev::Armor | Ev::Longbow | Ev::Gunpowder, _) => {
            s.this_round.military.push((seat, data().event_card(e)));
            if matches!(e, Ev::Longbow | Ev::Gunpowder) {
                s.permanent.stirrups_armor_dead = true;
            }
        }
        (Ev::BlackDeath, Target::Region(r)) => {
            let provinces: Vec<ProvinceId> = iter(geo().region(r)).collect();
            for &p in &provinces {
                for o in 0..s.n() as SeatId {
                    let t = s.board.get(p).tokens(o);
                    combat::take_tokens(s, o, p, t, ev);
                }
            }
            for &p in &provinces {
                reduce(s, p, ev);
            }
        }
        (Ev::ReligiousWar, _) => {
            each_player(
                s,
                true,
                |s, p| s.player(p).advances.count_in(Category::Religion),
                ev,
            );
            s.this_round.papal = None;
            if s.epoch == 3 {
                s.permanent.papal_dead = true;
            }
        }
        (Ev::MongolInvasion, _) => {
            let cash = data().tables.mongol_cash.values[0];
            bank::receive(s, seat, cash, CashReason::Event, ev);
            s.permanent.crusades_dead = true;
        }
        // A card played without a target in the final card play has no effect.
        _ => {}
    }
}

/// Pirates in epoch 2 or 3: the further provinces.
pub fn pirate_choices(s: &State) -> Vec<Move> {
    pirate_targets(s)
        .into_iter()
        .map(|province| Move::Pirate { province })
        .collect()
}

pub fn pirate(s: &mut State, p: ProvinceId, ev: &mut Vec<Scoped<Event>>) {
    if let Some(Frame::Pirates { left, .. }) = s.stack.last_mut() {
        *left -= 1;
        if *left == 0 {
            s.stack.pop();
        }
    }
    reduce(s, p, ev);
}

/// Civil War: lose half the noted cash (rounded up, at most the cash) or half the
/// bought tokens (rounded up) (seed A.2; RULINGS R-CIVIL-WAR-HALF).
pub fn lose_half(s: &mut State, victim: SeatId, cash: bool, ev: &mut Vec<Scoped<Event>>) {
    s.stack.pop();
    if cash {
        let due = s.player(victim).noted.div_ceil(2);
        bank::pay(s, victim, due, CashReason::Event, ev);
    } else {
        let p = s.player_mut(victim);
        let lost = p.bought.div_ceil(2);
        p.bought -= lost;
        p.stock += lost;
    }
}
