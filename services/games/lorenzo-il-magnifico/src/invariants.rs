//! Rule invariants checked after every move of the random playouts.

use crate::model::*;
use crate::placement::group;

pub fn violations(s: &State) -> Vec<String> {
    let mut v = Vec::new();
    let mut total = s.discarded as usize + s.towers.iter().flatten().count();
    total += s.decks.iter().map(|d| d.len()).sum::<usize>();
    for (seat, p) in s.players.iter().enumerate() {
        for i in 0..7 {
            if i != crate::model::VP && p.res.0[i] < 0 {
                v.push(format!("seat {seat}: negative {}", RES_NAMES[i]));
            }
        }
        if !s.is_over() && p.res.0[VP] < 0 {
            v.push(format!("seat {seat}: negative VP during play"));
        }
        for k in 0..4 {
            if p.cards[k].len() > 6 {
                v.push(format!(
                    "seat {seat}: {} cards of type {k}",
                    p.cards[k].len()
                ));
            }
            total += p.cards[k].len();
        }
        // Each placed member stands on exactly one space; unplaced ones on none.
        for m in 0..4u8 {
            let code = seat as u8 * 4 + m;
            let count = s
                .occ
                .iter()
                .map(|o| o.iter().filter(|&&x| x == code).count())
                .sum::<usize>();
            let placed = p.placed & (1 << m) != 0;
            if count != placed as usize {
                v.push(format!(
                    "seat {seat}: member {m} on {count} spaces, placed flag {placed}"
                ));
            }
        }
        // Colour rule: at most one coloured member per action group.
        for g in 0..6u8 {
            let n = (0..SPACES)
                .filter(|&sp| group(sp) == Some(g))
                .map(|sp| {
                    s.occ[sp as usize]
                        .iter()
                        .filter(|&&o| o as usize / 4 == seat && o % 4 != NEUTRAL)
                        .count()
                })
                .sum::<usize>();
            if n > 1 {
                v.push(format!(
                    "seat {seat}: {n} coloured members in action group {g}"
                ));
            }
        }
        let leaders = p.hand.len() + p.leaders.len();
        if leaders > 4 {
            v.push(format!("seat {seat}: {leaders} leaders"));
        }
    }
    if let Some(log) = &s.draft {
        draft_violations(s, log, &mut v);
    } else if matches!(s.phase(), Some(Frame::LeaderDraft { .. })) {
        v.push("leader draft without its record".into());
    }
    if total != 96 {
        v.push(format!(
            "{total} development cards accounted for, expected 96"
        ));
    }
    v
}

/// The draft record replays: every pick was in the packet its seat held, the
/// packets left are the ones held now, and the hands and played leaders come
/// from the seat's picks.
fn draft_violations(s: &State, log: &DraftLog, v: &mut Vec<String>) {
    let n = s.n();
    let mut pass = log.pass.clone();
    pass.sort_unstable();
    if log.dealt.len() != n || log.picks.len() != n || pass != (0..n as u8).collect::<Vec<_>>() {
        v.push("draft record: seats do not match".into());
        return;
    }
    let mut all: Vec<u8> = log.dealt.iter().flatten().copied().collect();
    all.sort_unstable();
    all.dedup();
    if all.len() != 4 * n || all.iter().any(|&l| l >= 20) {
        v.push(format!("draft record: dealt {:?}", log.dealt));
    }
    let done = log.picks[0].len();
    if log.picks.iter().any(|p| p.len() != done) || done > 4 {
        v.push(format!("draft record: picks {:?}", log.picks));
        return;
    }
    let in_draft = match s.phase() {
        Some(Frame::LeaderDraft { packets, picked }) => Some((packets, picked)),
        _ => None,
    };
    for origin in 0..n {
        let mut packet = log.dealt[origin].clone();
        let mut holder = origin;
        for step in 0..done {
            let pick = log.picks[holder][step];
            if !packet.contains(&pick) {
                v.push(format!(
                    "draft record: seat {holder} picked {pick} from {packet:?}"
                ));
            }
            packet.retain(|&l| l != pick);
            holder = log.pass[holder] as usize;
        }
        packet.sort_unstable();
        match in_draft {
            Some((packets, picked)) => {
                let mut now = packets[holder].clone();
                now.sort_unstable();
                if now != packet {
                    v.push(format!(
                        "draft record: seat {holder} holds {now:?}, the record {packet:?}"
                    ));
                }
                if picked[holder].is_some_and(|l| !packet.contains(&l)) {
                    v.push(format!(
                        "draft record: seat {holder} picked outside its packet"
                    ));
                }
            }
            None if !packet.is_empty() || done != 4 => {
                v.push(format!("draft record: packet of seat {origin} not drafted"))
            }
            None => {}
        }
    }
    for (seat, p) in s.players.iter().enumerate() {
        let picks = &log.picks[seat];
        let ok = if in_draft.is_some() {
            p.hand == *picks && p.leaders.is_empty()
        } else {
            p.hand.iter().chain(&p.leaders).all(|l| picks.contains(l))
        };
        if !ok {
            v.push(format!(
                "draft record: seat {seat} holds {:?} and played {:?}, picked {picks:?}",
                p.hand, p.leaders
            ));
        }
    }
}
