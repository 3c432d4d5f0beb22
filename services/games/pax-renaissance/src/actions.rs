//! The actions of a turn [D1, E1-E6]: buy, play, sell, ops, trade fair,
//! declare victory, and ending the turn early [A2].

use signoria_engine::Scoped;

use crate::board;
use crate::data::{self, Ability, Agent, Location, OneShot};
use crate::model::*;
use crate::{battle, market, oneshots, tradefair, victory};

pub fn legal(s: &State) -> Vec<Move> {
    let seat = s.active;
    let p = &s.players[seat];
    let mut v = Vec::new();
    // E1 buy
    for row in Side::BOTH {
        for col in 1..6u8 {
            if market::can_buy(s, row, col) {
                v.push(Move::Buy { row, col });
            }
        }
    }
    // E2 play
    let mut hand = p.hand.clone();
    hand.sort_unstable();
    hand.dedup();
    for &card in &hand {
        v.extend(play_moves(s, card));
    }
    // E3 sell: hand or own tableau
    for &card in &hand {
        v.push(Move::SellHand { card });
    }
    // Any card of the own tableau, vassals included; a crowned queen only
    // together with her king (E3, E-29).
    for member in board::all_members(s, seat) {
        let crowned_queen =
            matches!(member, Member::Card(_)) && board::root_of(s, member) != member;
        if !crowned_queen {
            v.push(Move::Sell { member });
        }
    }
    // E4 ops: each side once per turn
    for side in Side::BOTH {
        if !s.turn.ops_done[side.index()] && !board::side_members(s, seat, side).is_empty() {
            v.push(Move::Ops { side });
        }
    }
    // E5 trade fair: the face-down card must exist
    for row in Side::BOTH {
        if !s.turn.fair_done[row.index()]
            && s.market[row.index()].first().is_some_and(|c| c.is_some())
        {
            v.push(Move::TradeFair { row });
        }
    }
    // E6 victory
    for victory in 0..4u8 {
        if victory::can_declare(s, seat, victory) {
            v.push(Move::DeclareVictory { victory });
        }
    }
    v.push(Move::EndTurn);
    v
}

/// Ways to play a hand card [E2, I, J, K, H1].
pub fn play_moves(s: &State, card: CardId) -> Vec<Move> {
    let d = data::card(card);
    let mut v = Vec::new();
    if d.is_queen() {
        // I2: spinster; I: coronation with an empire from the stack.
        v.push(Move::Play {
            card,
            oneshot: false,
            map: None,
        });
        if let Some(OneShot::Coronation { suitors }) = &d.one_shot {
            for empire in suitors.iter().map(|e| e.id()) {
                if s.empires[empire as usize].owner.is_none() {
                    v.push(Move::Crown { card, empire });
                }
            }
        }
        return v;
    }
    // A "The East"/"The West" card picks one map card per play (RULINGS R-9)
    // when it places tokens on the map or fights; a play that does neither
    // (no one-shot, bishops only) has no map to pick.
    let map_agents = d.agents.iter().any(|a| !matches!(a, Agent::Bishop(_)));
    let region_maps = |needed: bool| -> Vec<Option<MapId>> {
        match d.location {
            Some(loc @ (Location::TheEast | Location::TheWest)) if needed => {
                loc.maps().into_iter().map(Some).collect()
            }
            _ => vec![None],
        }
    };
    for map in region_maps(map_agents) {
        v.push(Move::Play {
            card,
            oneshot: false,
            map,
        });
    }
    let needs_map = map_agents || d.one_shot.as_ref().is_some_and(OneShot::is_war);
    let maps = region_maps(needs_map);
    match &d.one_shot {
        None | Some(OneShot::Coronation { .. }) => {}
        Some(OneShot::TradeShift { opens }) => {
            if oneshots::can_shift(s, *opens) {
                for &map in &maps {
                    v.push(Move::Play {
                        card,
                        oneshot: true,
                        map,
                    });
                }
            }
        }
        Some(_) => {
            for &map in &maps {
                let target = map.or(d.location.and_then(Location::map));
                if let Some(m) = target {
                    if battle::war_possible(s, card, m) {
                        v.push(Move::Play {
                            card,
                            oneshot: true,
                            map,
                        });
                    }
                }
            }
        }
    }
    v
}

pub fn execute(s: &mut State, mv: &Move, ev: &mut Vec<Scoped<Event>>) {
    let seat = s.active;
    if !matches!(mv, Move::EndTurn) {
        s.turn.actions_left -= 1;
    }
    match *mv {
        Move::Buy { row, col } => market::buy(s, row, col, ev),
        Move::Play { card, oneshot, map } => play(s, card, oneshot, map, ev),
        Move::Crown { card, empire } => {
            take_from_hand(s, card);
            // I: a coronation is a regime change; the empire enters King side up with its queen.
            crate::regime::change(s, empire, Cause::Coronation(card), ev);
        }
        Move::SellHand { card } => {
            take_from_hand(s, card);
            s.hand_discards.push(card);
            board::gain_china(s, seat, data::constants().sell_florins as i64); // E3
        }
        Move::Sell { member } => {
            let price = sell_price(s, member);
            board::discard_member(s, member);
            board::gain_china(s, seat, price);
        }
        Move::Ops { side } => {
            s.turn.ops_done[side.index()] = true;
            s.stack.push(Task::Ops {
                side,
                used: Vec::new(),
            });
        }
        Move::TradeFair { row } => {
            s.turn.fair_done[row.index()] = true;
            tradefair::call(s, row, ev);
        }
        Move::DeclareVictory { victory } => victory::declare(s, seat, victory, ev),
        Move::EndTurn => s.turn.actions_left = 0,
        _ => unreachable!("not an action"),
    }
}

/// D2: the market update, then the next player (skipping eliminated ones).
pub fn end_turn(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    if !market::update(s, ev) {
        victory::patron_end(s, ev);
        return;
    }
    let n = s.n();
    let mut next = (s.active + 1) % n;
    while s.players[next].eliminated {
        next = (next + 1) % n;
    }
    s.active = next;
    s.turn = TurnState {
        actions_left: 2,
        ..Default::default()
    };
    ev.push(Scoped::public(Event::TurnStarted { seat: next }));
}

/// E3: 2 florins; a crowned pair 4; "sell for 4" abilities when active (RULINGS R-10).
pub fn sell_price(s: &State, root: Member) -> i64 {
    let k = data::constants();
    match root {
        Member::Empire(e) if s.empires[e as usize].queen.is_some() => {
            k.crowned_pair_sell_florins as i64
        }
        Member::Card(c) if !board::disabled(s, root) => match data::card(c).ability() {
            Some(Ability::SellFor { florins }) => *florins as i64,
            _ => k.sell_florins as i64,
        },
        _ => k.sell_florins as i64,
    }
}

fn take_from_hand(s: &mut State, card: CardId) {
    let h = &mut s.players[s.active].hand;
    let i = h.iter().position(|&c| c == card).expect("card in hand");
    h.remove(i);
}

/// E2: the card enters the tableau, its one-shot (if announced) fires, then
/// its remaining agents are placed.
fn play(
    s: &mut State,
    card: CardId,
    oneshot: bool,
    map: Option<MapId>,
    ev: &mut Vec<Scoped<Event>>,
) {
    let seat = s.active;
    take_from_hand(s, card);
    let d = data::card(card);
    if d.is_queen() {
        s.players[seat].spinsters.push(card); // I2
        return;
    }
    let side = board::play_side(s, card);
    board::push_slot(s, seat, side, Member::Card(card), None);
    let target = map.or(d.location.and_then(Location::map));
    let agents = d.agents.clone();
    if oneshot {
        match &d.one_shot {
            Some(OneShot::TradeShift { opens }) => oneshots::shift(s, *opens, ev),
            Some(o) if o.is_war() => {
                let m = target.expect("a war has a target");
                // E2.1: the fighting agents are committed; the rest are placed afterwards.
                let (fight, rest) = battle::split_agents(card, &agents);
                s.stack.push(Task::Agents {
                    card,
                    map: target,
                    agents: rest,
                });
                battle::start_war(s, card, m, &fight, ev);
                return;
            }
            _ => unreachable!("listed one-shots only"),
        }
    }
    s.stack.push(Task::Agents {
        card,
        map: target,
        agents,
    });
}
