//! Setup, the round structure, turns, the Vatican report and the end of the
//! round [Aufbau L52–77; L79–100; B Aktionen L102–118; C Vatikanbericht
//! L378–423; D Ende der Runde L425–441]. The advanced setup's drafts are in `draft`.

use signoria_engine::{GameRng, SetupError};

use crate::data::{board, data};
use crate::leaders::any_leader_move;
use crate::model::*;
use crate::placement::any_placement;
use crate::value::{ex, has_ex, has_leader, leader};

/// A new game, its first frame on the stack: the tile draft (advanced) or the
/// first turn of round 1 (basic).
pub fn setup(options: &Options, players: usize, seed: u64) -> Result<State, SetupError> {
    if !(2..=4).contains(&players) {
        return Err(SetupError(format!(
            "Lorenzo il Magnifico is for 2 to 4 players, not {players}"
        )));
    }
    let mut rng = GameRng::from_seed(seed);
    // Random initial turn order [Aufbau step 8, L75].
    let mut order: Vec<u8> = (0..players as u8).collect();
    rng.shuffle(&mut order);
    // Decks: each type's period stacks shuffled separately, period I on top [step 2, L56].
    let mut decks: [Vec<u8>; 4] = Default::default();
    for kind in Kind::ALL {
        for period in (1..=3).rev() {
            let mut stack: Vec<u8> = data()
                .cards
                .iter()
                .filter(|c| c.kind == kind && c.period == period)
                .map(|c| c.id)
                .collect();
            rng.shuffle(&mut stack);
            decks[kind.idx()].extend(stack);
        }
    }
    // One excommunication tile per period, the rest out of the game [step 3, L58].
    let mut excomm_tiles = [0u8; 3];
    for p in 0..3 {
        let mut pool: Vec<u8> = (p as u8 * 7..p as u8 * 7 + 7).collect();
        excomm_tiles[p] = rng.take_one(&mut pool).expect("7 tiles");
    }
    let b = board();
    let mut ps = Vec::new();
    for seat in 0..players {
        let pos = order.iter().position(|&o| o as usize == seat).unwrap();
        let mut res = b.start_res.res();
        res.0[COINS] = b.start_coins[pos]; // 5/6/7/8 in turn order [step 9, L77]
        ps.push(Player {
            res,
            cards: Default::default(),
            placed: 0,
            out: false,
            skipped: false,
            excomm: 0,
            tile: if options.advanced { 255 } else { 0 },
            hand: Vec::new(),
            leaders: Vec::new(),
            used: 0,
            copy: None,
            federico: None,
        });
    }
    let mut s = State {
        advanced: options.advanced,
        rng,
        round: 1,
        dice: [0; 3],
        order,
        decks,
        towers: [None; 16],
        occ: vec![Vec::new(); SPACES as usize],
        excomm_tiles,
        players: ps,
        stack: Vec::new(),
        draft: None,
        discarded: 0,
        scores: None,
    };
    // The deck order is in the state (and in the omniscient view), never in an event.
    if options.advanced {
        let draft = crate::draft::tile_draft(&s);
        s.set_phase(Some(draft));
    } else {
        // Nobody sees the events of the setup; the view shows the first round.
        start_round(&mut s, &mut Vec::new());
    }
    Ok(s)
}

/// Round preparation: 4 cards per tower bottom to top, roll the dice [L95–100].
pub fn start_round(s: &mut State, events: &mut Vec<Event>) {
    for t in 0..4 {
        for f in 0..4 {
            s.towers[t * 4 + f] = s.decks[t].pop();
        }
    }
    for d in 0..3 {
        s.dice[d] = s.rng.die(6) as u8;
    }
    events.push(Event::RoundStarted {
        round: s.round,
        dice: s.dice,
        towers: s.towers.iter().flatten().copied().collect(),
    });
    let last = s.order[s.n() - 1];
    next_turn(s, last as usize, events);
}

fn has_members(s: &State, seat: usize) -> bool {
    let p = &s.players[seat];
    !p.out && p.placed != 0b1111
}

/// Can the seat do anything at the start of a turn?
pub fn can_act(s: &State, seat: usize) -> bool {
    any_leader_move(s, seat) || any_placement(s, seat)
}

/// Give the turn to the next seat in turn order after `after` that still has
/// members; seats with the skip tile pass their first turn [L752]; a seat
/// that cannot do anything passes for the rest of the round [L106/L118].
pub fn next_turn(s: &mut State, after: usize, events: &mut Vec<Event>) {
    let n = s.n();
    let mut pos = s.order.iter().position(|&o| o as usize == after).unwrap();
    for _ in 0..(4 * n + 8) {
        pos = (pos + 1) % n;
        let seat = s.order[pos] as usize;
        if !has_members(s, seat) {
            if (0..n).all(|x| !has_members(s, x)) {
                break;
            }
            continue;
        }
        if has_ex(s, seat, ex::SKIP_FIRST_TURN) && !s.players[seat].skipped {
            s.players[seat].skipped = true;
            events.push(Event::TurnSkipped { seat: seat as u8 });
            continue;
        }
        s.set_phase(Some(Frame::Turn {
            seat: seat as u8,
            placed: false,
        }));
        if !can_act(s, seat) {
            s.players[seat].out = true;
            events.push(Event::Passed { seat: seat as u8 });
            continue;
        }
        return;
    }
    end_actions(s, events);
}

pub fn end_actions(s: &mut State, events: &mut Vec<Event>) {
    if s.round.is_multiple_of(2) {
        start_vatican(s, events);
    } else {
        end_round(s, events);
    }
}

/// Vatican report after rounds 2, 4, 6 [C Vatikanbericht L378–423].
pub fn start_vatican(s: &mut State, events: &mut Vec<Event>) {
    let period = s.period();
    let threshold = board().vatican_threshold[period];
    let mut undecided = Vec::new();
    for &seat in &s.order.clone() {
        if s.players[seat as usize].res.0[FP] < threshold {
            excommunicate(s, seat as usize, events); // forced [L386]
        } else {
            undecided.push(seat);
        }
    }
    if undecided.is_empty() {
        end_round(s, events);
    } else {
        s.set_phase(Some(Frame::Vatican { undecided }));
    }
}

/// Put a marker on this period's tile; faith is kept, except in period III,
/// where it is still converted to VP [L386, L390/L421].
pub fn excommunicate(s: &mut State, seat: usize, events: &mut Vec<Event>) {
    let period = s.period();
    s.players[seat].excomm |= 1 << period;
    events.push(Event::Excommunicated {
        seat: seat as u8,
        period: period as u8 + 1,
    });
    if period == 2 {
        let fp = s.players[seat].res.0[FP];
        s.players[seat].res.0[VP] += faith_vp(fp);
        s.players[seat].res.0[FP] = 0;
    }
}

/// VP shown above a faith-track space (the track ends at 15; RULINGS.md R9).
pub fn faith_vp(fp: i32) -> i32 {
    board().faith_vp[fp.clamp(0, 15) as usize]
}

/// Support the Church: VP for the faith space (+5 with Sisto IV), faith to 0 [L388/L407; L650].
pub fn support(s: &mut State, seat: usize, events: &mut Vec<Event>) {
    let p = &s.players[seat];
    let mut vp = faith_vp(p.res.0[FP]);
    if has_leader(s, seat, leader::SISTO) {
        vp += 5;
    }
    let p = &mut s.players[seat];
    p.res.0[VP] += vp;
    p.res.0[FP] = 0;
    events.push(Event::ChurchSupported {
        seat: seat as u8,
        vp,
    });
}

/// A seat's decision in the Vatican report; once nobody is left the frame is
/// automatic and the round ends ([`end_round`]).
pub fn decide_support(s: &mut State, seat: usize, yes: bool, events: &mut Vec<Event>) {
    if yes {
        support(s, seat, events);
    } else {
        excommunicate(s, seat, events);
    }
    let Some(Frame::Vatican { undecided }) = s.stack.last_mut() else {
        unreachable!("support is decided in the Vatican report")
    };
    undecided.retain(|&x| x as usize != seat);
}

/// End of round [D Ende der Runde L425–441; L508/L549].
pub fn end_round(s: &mut State, events: &mut Vec<Event>) {
    // Cards left on the board leave the game [L429/L437].
    for t in s.towers.iter_mut() {
        if t.take().is_some() {
            s.discarded += 1;
        }
    }
    // New turn order from the council palace: first member of each seat counts [L438].
    let mut order: Vec<u8> = Vec::new();
    for &o in &s.occ[COUNCIL as usize] {
        let seat = o / 4;
        if !order.contains(&seat) {
            order.push(seat);
        }
    }
    for &seat in &s.order {
        if !order.contains(&seat) {
            order.push(seat);
        }
    }
    if order != s.order {
        s.order = order.clone();
    }
    events.push(Event::TurnOrder { order });
    for o in s.occ.iter_mut() {
        o.clear();
    }
    for p in s.players.iter_mut() {
        p.placed = 0;
        p.out = false;
        p.skipped = false;
        p.used = 0;
        p.federico = None;
    }
    if s.round == 6 {
        let scores = crate::scoring::final_scores(s);
        events.push(Event::GameEnded {
            scores: scores.iter().map(|l| l.total).collect(),
        });
        for (seat, line) in scores.iter().enumerate() {
            s.players[seat].res.0[VP] = line.total;
        }
        s.scores = Some(scores);
        // Nothing is hidden any more: the draft record goes with the game.
        s.draft = None;
        s.set_phase(None);
    } else {
        s.round += 1;
        start_round(s, events);
    }
}
