//! The advanced setup's drafts: personal bonus tiles in reverse turn order,
//! then the leader draft (4 each, keep one and pass the rest on)
//! [advanced setup L479–482 / L512–515].

use crate::flow::start_round;
use crate::model::*;

/// The tile draft's first frame: seats pick in reverse turn order [L481, L514].
pub fn tile_draft(s: &State) -> Frame {
    Frame::TileDraft {
        queue: s.order.iter().rev().copied().collect(),
        available: vec![1, 2, 3, 4],
    }
}

/// The seat first in the queue takes a tile; once everybody has one the frame
/// is automatic and [`deal_leaders`] follows.
pub fn pick_tile(s: &mut State, seat: usize, tile: u8, events: &mut Vec<Event>) {
    let Some(Frame::TileDraft { queue, available }) = s.stack.last_mut() else {
        unreachable!("a tile is picked in the tile draft")
    };
    queue.remove(0);
    available.retain(|&t| t != tile);
    s.players[seat].tile = tile;
    events.push(Event::BonusTileChosen {
        seat: seat as u8,
        tile,
    });
}

/// Deal 4 leaders to each seat (after the tile draft) [L482, L515].
pub fn deal_leaders(s: &mut State, events: &mut Vec<Event>) {
    let mut pool: Vec<u8> = (0..20).collect();
    s.rng.shuffle(&mut pool);
    let n = s.n();
    let packets: Vec<Vec<u8>> = (0..n).map(|i| pool[i * 4..i * 4 + 4].to_vec()).collect();
    s.draft = Some(DraftLog {
        dealt: packets
            .iter()
            .map(|p| {
                let mut p = p.clone();
                p.sort_unstable();
                p
            })
            .collect(),
        pass: (0..n).map(|seat| pass_to(s, seat) as u8).collect(),
        picks: vec![Vec::new(); n],
    });
    for (seat, p) in packets.iter().enumerate() {
        events.push(Event::DraftPacket {
            seat: seat as u8,
            leaders: p.clone(),
        });
    }
    s.set_phase(Some(Frame::LeaderDraft {
        packets,
        picked: vec![None; n],
    }));
}

/// Who a seat passes its packet to: the right-hand neighbour, taken as the
/// previous seat in the initial turn order (RULINGS.md R8).
pub fn pass_to(s: &State, seat: usize) -> usize {
    let n = s.n();
    let pos = s.order.iter().position(|&o| o as usize == seat).unwrap();
    s.order[(pos + n - 1) % n] as usize
}

/// A seat keeps a leader of its packet, in secret; once everybody has picked
/// the frame is automatic and [`pass_packets`] follows.
pub fn pick_leader(s: &mut State, seat: usize, leader: u8, events: &mut Vec<Event>) {
    let Some(Frame::LeaderDraft { picked, .. }) = s.stack.last_mut() else {
        unreachable!("a leader is picked in the leader draft")
    };
    picked[seat] = Some(leader);
    // The pick goes to the seat, the fact that it picked to everybody.
    events.push(Event::LeaderPicked {
        seat: seat as u8,
        leader: Some(leader),
    });
    events.push(Event::LeaderPicked {
        seat: seat as u8,
        leader: None,
    });
}

/// All picks made: keep them, pass the rest on; the last card is forced, and
/// the first round starts.
pub fn pass_packets(s: &mut State, events: &mut Vec<Event>) {
    let Some(Frame::LeaderDraft { packets, picked }) = s.stack.pop() else {
        unreachable!("packets are passed in the leader draft")
    };
    let n = s.n();
    let mut log = s.draft.take().expect("the leader draft is recorded");
    let mut next = vec![Vec::new(); n];
    for seat in 0..n {
        let pick = picked[seat].expect("all picked");
        s.players[seat].hand.push(pick);
        log.picks[seat].push(pick);
        let rest: Vec<u8> = packets[seat]
            .iter()
            .copied()
            .filter(|&l| l != pick)
            .collect();
        next[pass_to(s, seat)] = rest;
    }
    if next[0].len() == 1 {
        for seat in 0..n {
            let l = next[seat][0];
            s.players[seat].hand.push(l);
            log.picks[seat].push(l);
            events.push(Event::LeaderPicked {
                seat: seat as u8,
                leader: Some(l),
            });
        }
        s.draft = Some(log);
        start_round(s, events);
    } else {
        s.draft = Some(log);
        for seat in 0..n {
            events.push(Event::DraftPacket {
                seat: seat as u8,
                leaders: next[seat].clone(),
            });
        }
        s.stack.push(Frame::LeaderDraft {
            packets: next,
            picked: vec![None; n],
        });
    }
}
