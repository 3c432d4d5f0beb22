//! The ten actions (seed L368-495, L578-580; digest §5.1-5.3, §5.6, §5.8).
//! Actions are mandatory; one that can only be done in part lapses entirely.

use signoria_engine::Scoped;

use crate::combat;
use crate::court;
use crate::data::{BUILDING_SUPPLY, EventEffect, LandId, UNREST_MARKERS, data};
use crate::generals;
use crate::model::{
    Action, Awaiting, BattleKind, CHURCH, Event, Frame, Move, PALACE, State, TRADING_HOUSE, Tile,
};

/// Carry out `action` of `seat` in `land`; returns a decision to ask for
/// (the move part of Raise 1 and Fight/Move A/B).
pub fn execute(
    s: &mut State,
    seat: usize,
    action: Action,
    land: LandId,
    ev: &mut Vec<Scoped<Event>>,
) -> Option<Awaiting> {
    let me = seat as u8;
    let lapse = |reason: &str, ev: &mut Vec<Scoped<Event>>| {
        ev.push(Scoped::public(Event::Lapsed {
            seat: me,
            action,
            land,
            reason: reason.into(),
        }));
    };
    match action {
        Action::Palace | Action::Church | Action::TradingHouse => {
            let kind = match action {
                Action::Palace => PALACE,
                Action::Church => CHURCH,
                _ => TRADING_HOUSE,
            };
            let cost = build_cost(s, seat, land, kind);
            if s.players[seat].money < cost {
                lapse("not enough Taler", ev);
            } else if let Some(reason) = build_obstacle(s, land, kind) {
                lapse(reason, ev);
            } else {
                build(s, seat, land, kind, cost, ev);
            }
            None
        }
        Action::Grain | Action::Taxes => {
            let amount = income(s, seat, action, land);
            if action == Action::Grain {
                s.players[seat].grain += amount;
            } else {
                s.players[seat].money += amount as i32;
            }
            ev.push(Scoped::public(Event::Collected {
                seat: me,
                land,
                action,
                amount,
            }));
            unrest(s, seat, land, ev);
            None
        }
        Action::Raise5 | Action::Raise3 | Action::Raise1 => {
            let (count, cost) = raise_count(s, seat, action);
            // The general in the land raises one army more: 6, 4, 2 (L1650-1664; RULINGS R52).
            let count = count + u32::from(generals::present(s, seat, land));
            if s.players[seat].money < cost as i32 {
                lapse("not enough Taler", ev);
                return None;
            }
            if s.players[seat].supply < count {
                // A partial raise lapses (RULINGS R14).
                lapse("not enough armies in supply", ev);
                return None;
            }
            s.players[seat].money -= cost as i32;
            s.players[seat].supply -= count;
            s.lands[land as usize].armies += count;
            ev.push(Scoped::public(Event::Raised {
                seat: me,
                land,
                armies: count,
                cost,
            }));
            let a = Awaiting {
                seat: me,
                action,
                from: land,
            };
            if action == Action::Raise1 && !march_moves(s, &a).is_empty() {
                Some(a)
            } else {
                None
            }
        }
        Action::FightA | Action::FightB => {
            let a = Awaiting {
                seat: me,
                action,
                from: land,
            };
            if march_moves(s, &a).is_empty() {
                lapse("no army can move", ev);
                None
            } else {
                Some(a)
            }
        }
    }
}

/// Building costs: palace 3, church 2, trading house 1 Taler (L370-380); with
/// the seat's general in the land 2, 1, 0 (L1646-1658).
pub fn build_cost(s: &State, seat: usize, land: LandId, kind: usize) -> i32 {
    const COST: [i32; 3] = [3, 2, 1];
    COST[kind] - i32::from(generals::present(s, seat, land))
}

/// Why a building of `kind` cannot go into `land`, if it cannot: at most one
/// of each type per land (L384-385), a free site (L382-384, L424-430), a tile
/// left in the box (RULINGS R16).
pub fn build_obstacle(s: &State, land: LandId, kind: usize) -> Option<&'static str> {
    let l = &s.lands[land as usize];
    let used = l.buildings.iter().filter(|b| **b).count() as u8;
    if l.buildings[kind] {
        Some("the land already has one")
    } else if used >= data().lands[land as usize].sites {
        Some("no free building site")
    } else if s.buildings_built(kind) >= BUILDING_SUPPLY[kind] {
        Some("no building tile left")
    } else {
        None
    }
}

/// Build (no obstacle left): pay, place the tile; under the trading-house
/// event a new trading house calms 1 unrest marker in its land (L1020-1025).
pub fn build(
    s: &mut State,
    seat: usize,
    land: LandId,
    kind: usize,
    cost: i32,
    ev: &mut Vec<Scoped<Event>>,
) {
    s.players[seat].money -= cost;
    s.lands[land as usize].buildings[kind] = true;
    ev.push(Scoped::public(Event::Built {
        seat: seat as u8,
        land,
        building: kind as u8,
        cost: cost as u32,
    }));
    if kind == TRADING_HOUSE
        && s.event_effect() == Some(EventEffect::TradingHouseCalms)
        && s.lands[land as usize].unrest > 0
    {
        s.lands[land as usize].unrest -= 1;
        ev.push(Scoped::public(Event::UnrestRemoved {
            land,
            unrest: s.lands[land as usize].unrest,
        }));
    }
}

/// Income: card value, then the event, then the tile (L343-346, L403-406),
/// then the seat's general in the land, +1 (L1646-1669; RULINGS R52).
pub fn income(s: &State, seat: usize, action: Action, land: LandId) -> u32 {
    let l = &data().lands[land as usize];
    let mut v = if action == Action::Grain {
        l.grain
    } else {
        l.tax
    } as u32;
    match (action, s.event_effect()) {
        (Action::Taxes, Some(EventEffect::TaxAtMost5)) => v = v.min(5),
        (Action::Taxes, Some(EventEffect::TaxAtLeast6)) => v = v.max(6),
        (Action::Grain, Some(EventEffect::GrainAtLeast4)) => v = v.max(4),
        (Action::Grain, Some(EventEffect::GrainAtMost3)) => v = v.min(3),
        _ => {}
    }
    let tile = s.tile_of(seat);
    if (action == Action::Taxes && tile == Some(Tile::PlusTaler))
        || (action == Action::Grain && tile == Some(Tile::PlusGrain))
    {
        v += 1;
    }
    v + u32::from(generals::present(s, seat, land))
}

/// Armies raised and cost: 5/3/1 for 3/2/1 Taler; the event cuts 5 and 3 to
/// 3 and 2; the tile then sets "raise 5" to 6 (L449-464, L1136-1142, L1171-1177).
pub fn raise_count(s: &State, seat: usize, action: Action) -> (u32, u32) {
    let fewer = s.event_effect() == Some(EventEffect::FewerArmiesRaised);
    match action {
        Action::Raise5 => {
            let base = if fewer { 3 } else { 5 };
            (
                if s.tile_of(seat) == Some(Tile::SixArmies) {
                    6
                } else {
                    base
                },
                3,
            )
        }
        Action::Raise3 => (if fewer { 2 } else { 3 }, 2),
        _ => (1, 1),
    }
}

/// Collecting in a land with unrest sparks a revolt with as many peasants as
/// markers; if there was none or it was put down, one more marker (L445-447, L760-762, L790-792).
fn unrest(s: &mut State, seat: usize, land: LandId, ev: &mut Vec<Scoped<Event>>) {
    let markers = s.lands[land as usize].unrest;
    let kept = markers == 0 || combat::revolt(s, seat, land, markers, BattleKind::Revolt, ev);
    // With all 42 markers on the map no marker is added (RULINGS R16); a
    // kept favor card 4 stops it (L1494-1498).
    if kept && s.unrest_on_map() < UNREST_MARKERS && !court::block_unrest(s, seat, land, ev) {
        s.lands[land as usize].unrest += 1;
        ev.push(Scoped::public(Event::UnrestAdded {
            land,
            unrest: s.lands[land as usize].unrest,
        }));
    }
}

/// Where armies may go from `a.from`: Raise 1 only into an adjacent own land
/// (no combat, L459-464); Fight/Move into any adjacent land in play, except a
/// foreign church land under the church event (L1153-1166). At least one army
/// stays behind (L477-479). Counts are listed 1..=armies-1, then `Stay`.
pub fn march_moves(s: &State, a: &Awaiting) -> Vec<Move> {
    let armies = s.lands[a.from as usize].armies;
    if armies < 2 || s.lands[a.from as usize].owner != Some(a.seat) {
        return Vec::new();
    }
    let mut v = Vec::new();
    for &to in &data().lands[a.from as usize].borders {
        let t = &s.lands[to as usize];
        if !s.in_play[to as usize] {
            continue;
        }
        let own = t.owner == Some(a.seat);
        if a.action == Action::Raise1 && !own {
            continue;
        }
        if !own && t.buildings[CHURCH] && s.event_effect() == Some(EventEffect::ChurchLandsImmune) {
            continue;
        }
        // Favor cards 10/11/18: the holder cannot be attacked by this Fight/Move (L1561-1573).
        if let Some(o) = t.owner
            && !own
            && court::protected(s, o as usize, a.action)
        {
            continue;
        }
        for count in 1..armies {
            v.push(Move::March { to, count });
        }
    }
    if !v.is_empty() {
        v.push(Move::Stay);
    }
    v
}

/// The seat's choice for the move part (a listed move); the action phase goes on.
pub fn resolve_march(s: &mut State, mv: &Move, ev: &mut Vec<Scoped<Event>>) {
    let Some(Frame::March(a)) = s.stack.pop() else {
        unreachable!("no move part is asked for")
    };
    if let Move::March { to, count } = *mv {
        let seat = a.seat as usize;
        if s.lands[to as usize].owner == Some(a.seat) {
            s.lands[a.from as usize].armies -= count;
            s.lands[to as usize].armies += count;
            ev.push(Scoped::public(Event::Moved {
                seat: a.seat,
                from: a.from,
                to,
                count,
            }));
        } else {
            combat::attack(s, seat, a.from, to, count, ev);
        }
    }
}
