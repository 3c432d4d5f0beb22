//! Helpers to build exact situations: a fixed-start state with an empty,
//! transparent (scripted) tower, lands handed out by name, events and tiles set.
#![allow(dead_code)]

use signoria_engine::{Game, Scoped};
use signoria_wallenstein::data::{EventEffect, LandId, data};
use signoria_wallenstein::model::{Action, Card, Event, Frame, Move, State, TILES, Tile};
use signoria_wallenstein::tower::{Scripted, TowerModel};
use signoria_wallenstein::{Options, Wallenstein as W};

pub fn land(name: &str) -> LandId {
    data()
        .land_by_name(name)
        .unwrap_or_else(|| panic!("no land {name}"))
}

/// A fixed-start game with the tower emptied into the supplies and a
/// transparent scripted tower; the map cleared of armies.
pub fn bare(players: usize) -> State {
    bare_with(
        players,
        &Options {
            fixed_start: true,
            ..Default::default()
        },
    )
}

/// `bare` with these modules: every courtier back in its seat's supply, no
/// general on the map yet.
pub fn bare_modules(players: usize, kaiserhof: bool, landsknechte: bool, generals: bool) -> State {
    let mut s = bare_with(
        players,
        &Options {
            fixed_start: true,
            kaiserhof,
            landsknechte,
            generals,
        },
    );
    if let Some(c) = &mut s.court {
        for p in 0..players {
            c.supply[p] += std::mem::take(&mut c.hall[p]);
        }
    }
    s
}

fn bare_with(players: usize, options: &Options) -> State {
    let mut s = W::setup(options, players, 7).unwrap();
    let n = s.n();
    for p in 0..n {
        s.players[p].supply += s.tower.inside[p] + s.tower.tray[p];
    }
    s.peasants += s.tower.inside[n] + s.tower.tray[n];
    s.tower.inside = vec![0; n + 1];
    s.tower.tray = vec![0; n + 1];
    s.tower.model = TowerModel::Scripted(Scripted::default());
    for l in 0..45 {
        if let Some(o) = s.lands[l].owner {
            s.players[o as usize].supply += s.lands[l].armies;
        }
        s.lands[l] = Default::default();
    }
    s
}

pub fn give(s: &mut State, seat: usize, name: &str, armies: u32) -> LandId {
    let l = land(name);
    if let Some(o) = s.lands[l as usize].owner {
        s.players[o as usize].supply += s.lands[l as usize].armies;
    }
    s.players[seat].supply -= armies;
    s.lands[l as usize].owner = Some(seat as u8);
    s.lands[l as usize].armies = armies;
    l
}

pub fn event_with(effect: EventEffect) -> u8 {
    data()
        .events
        .iter()
        .find(|e| e.effect == effect)
        .unwrap()
        .id
}

pub fn set_event(s: &mut State, effect: EventEffect) {
    s.current_event = Some(event_with(effect));
}

/// Give `seat` the tile `tile` (spaces hold the tiles in their natural order).
pub fn set_tile(s: &mut State, seat: usize, tile: Tile) {
    s.space_tiles = TILES.to_vec();
    s.space_owner = vec![None; 5];
    s.space_owner[tile as usize] = Some(seat as u8);
}

pub fn script(s: &mut State, out: Vec<u32>) {
    match &mut s.tower.model {
        TowerModel::Scripted(t) => t.outs.push_back(out),
        _ => panic!("not scripted"),
    }
}

/// Put cubes inside the tower (from the supplies), so a script can release them.
pub fn preload(s: &mut State, party: usize, k: u32) {
    if party == s.n() {
        s.peasants -= k;
    } else {
        s.players[party].supply -= k;
    }
    s.tower.inside[party] += k;
}

/// A full mat: `lands` on their action fields, money cards elsewhere, `bid` on the auction field.
pub fn mat(lands: &[(Action, LandId)], bid: Card) -> Vec<Card> {
    let mut money = (0..5u8).filter(|&v| Card::Money(v) != bid).map(Card::Money);
    let mut f: Vec<Card> = (0..10u8)
        .map(|i| match lands.iter().find(|(a, _)| *a as u8 == i) {
            Some((_, l)) => Card::Land(*l),
            None => money.next().unwrap_or(Card::Empty),
        })
        .collect();
    f.push(bid);
    f
}

/// Submit a whole mat through the public moves.
pub fn submit(s: &mut State, seat: usize, fields: &[Card]) -> Vec<Scoped<Event>> {
    let mut ev = Vec::new();
    for (i, &card) in fields.iter().enumerate() {
        ev.extend(
            W::apply(
                s,
                seat,
                &Move::Plan {
                    field: i as u8,
                    card,
                },
            )
            .unwrap(),
        );
    }
    ev
}

/// Start the action phase with these mats, this action order and turn order.
pub fn actions_with(
    s: &mut State,
    mats: Vec<Vec<Card>>,
    order: Vec<Action>,
    turn_order: Vec<u8>,
) -> Vec<Scoped<Event>> {
    for (p, m) in mats.into_iter().enumerate() {
        s.plans[p].fields = m;
    }
    s.action_order = order;
    s.actions_visible = 5;
    s.turn_order = turn_order.clone();
    s.space_owner = vec![None; 5];
    for (i, p) in turn_order.iter().enumerate() {
        s.space_owner[i] = Some(*p);
    }
    s.stack = vec![Frame::Actions { slot: 0, pos: 0 }];
    let mut ev = Vec::new();
    signoria_engine::kernel::advance::<W>(s, &mut ev);
    ev
}

pub fn events(ev: &[Scoped<Event>]) -> Vec<Event> {
    ev.iter().map(|e| e.event.clone()).collect()
}

pub fn battles(ev: &[Scoped<Event>]) -> Vec<signoria_wallenstein::model::Battle> {
    ev.iter()
        .filter_map(|e| match &e.event {
            Event::Fought(b) => Some(b.clone()),
            _ => None,
        })
        .collect()
}

/// Run the automatic steps from `frame` on (put on top of the stack) until
/// the next decision.
pub fn run_from(s: &mut State, frame: Frame) -> Vec<Scoped<Event>> {
    s.stack = vec![frame];
    let mut ev = Vec::new();
    signoria_engine::kernel::advance::<W>(s, &mut ev);
    ev
}

pub fn check(s: &State) {
    let v = W::invariant_violations(s);
    assert!(v.is_empty(), "{v:?}");
}

/// Fill the mat through the legal moves, keeping `bid` for the auction field.
pub fn submit_bid(s: &mut State, seat: usize, bid: Card) -> Vec<Scoped<Event>> {
    let mut ev = Vec::new();
    while s.plans[seat].fields.len() < 10 {
        let legal = W::legal_moves(s, seat);
        let m = legal
            .iter()
            .find(|m| !matches!(m, Move::Plan { card, .. } if *card == bid))
            .unwrap()
            .clone();
        ev.extend(W::apply(s, seat, &m).unwrap());
    }
    ev.extend(
        W::apply(
            s,
            seat,
            &Move::Plan {
                field: 10,
                card: bid,
            },
        )
        .unwrap(),
    );
    ev
}
