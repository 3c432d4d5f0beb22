//! Rule invariants checked after every move of the random playouts.

use crate::board;
use crate::data;
use crate::model::*;

pub fn violations(s: &State) -> Vec<String> {
    let mut v = Vec::new();
    // Florins conserved between players, China, the market and fair leftovers.
    let total: i64 = s.players.iter().map(|p| p.florins).sum::<i64>()
        + s.china
        + s.market
            .iter()
            .flatten()
            .flatten()
            .map(|c| c.florins)
            .sum::<i64>()
        + s.leftover.iter().sum::<i64>();
    if total != CHINA_START {
        v.push(format!("florins not conserved: {total} != {CHINA_START}"));
    }
    for (i, p) in s.players.iter().enumerate() {
        if p.florins < 0 {
            v.push(format!("seat {i} has {} florins", p.florins));
        }
    }
    // Tokens conserved: supply + map + repressed + bishops (+ battle agents) = limits.
    let mut count = [[0i64; 3]; 3];
    let mut dice = vec![0i64; s.n()];
    for (i, p) in s.players.iter().enumerate() {
        dice[i] += p.dice as i64;
    }
    for (r, row) in s.supply.iter().enumerate() {
        for k in 0..3 {
            count[r][k] += row[k] as i64;
        }
    }
    for city in &s.cities {
        for p in city {
            count[p.religion.index()][board::shape_index(p.shape)] += 1;
        }
    }
    for b in s.borders.iter().flatten() {
        match b {
            BorderToken::Concession(o) => dice[*o] += 1,
            BorderToken::Pirate(r) => count[r.index()][1] += 1,
        }
    }
    for e in &s.empires {
        for tok in &e.repressed {
            match tok {
                Token::Piece(p) => count[p.religion.index()][board::shape_index(p.shape)] += 1,
                Token::Serf(o) => dice[*o] += 1,
            }
        }
    }
    for p in &s.players {
        for sl in p.tableau.iter().flatten() {
            if let Some(b) = sl.bishop {
                count[b.index()][2] += 1;
            }
        }
    }
    // A token placed from the repressed tokens whose empire card is still to
    // be named is counted twice until then.
    // The agents of a war waiting for them are out of the supply.
    for t in &s.stack {
        match t {
            Task::Substitute { token, .. } => match token {
                Token::Piece(p) => count[p.religion.index()][board::shape_index(p.shape)] -= 1,
                Token::Serf(o) => dice[*o] -= 1,
            },
            Task::StartWar { agents, .. } => {
                for a in agents {
                    match a {
                        Agent::Knight(r) => count[r.index()][0] += 1,
                        Agent::Rook(r) | Agent::Pirate(r) => count[r.index()][1] += 1,
                        Agent::Pawn => dice[s.active] += 1,
                        Agent::Bishop(_) => {}
                    }
                }
            }
            _ => {}
        }
    }
    if let Some(b) = &s.battle {
        for f in b.attackers.iter().chain(b.survivors.iter()) {
            match f {
                Fighter::Agent(p) => count[p.religion.index()][board::shape_index(p.shape)] += 1,
                Fighter::AgentPawn => dice[s.active] += 1,
                Fighter::Repressed(tok) if b.survivors.contains(f) && !b.attackers.contains(f) => {
                    match tok {
                        Token::Piece(p) => {
                            count[p.religion.index()][board::shape_index(p.shape)] += 1
                        }
                        Token::Serf(o) => dice[*o] += 1,
                    }
                }
                _ => {}
            }
        }
    }
    for r in 0..3 {
        for k in 0..3 {
            if count[r][k] != limits()[r][k] as i64 {
                v.push(format!(
                    "token count religion {r} kind {k}: {} != {}",
                    count[r][k],
                    limits()[r][k]
                ));
            }
        }
    }
    for (i, d) in dice.iter().enumerate() {
        if *d != crate::model::dice() as i64 {
            v.push(format!("seat {i} dice: {d} != {}", crate::model::dice()));
        }
    }
    // No token on an illegal space.
    for (c, city) in s.cities.iter().enumerate() {
        if city.len() > data::city(c as CityId).capacity() {
            v.push(format!(
                "city {} over capacity",
                data::city(c as CityId).name
            ));
        }
        if !city.is_empty() && board::covered(s, c as CityId) {
            v.push(format!(
                "tokens on covered centre {}",
                data::city(c as CityId).name
            ));
        }
    }
    for (b, tok) in s.borders.iter().enumerate() {
        if let Some(BorderToken::Pirate(_)) = tok {
            if !data::border(b as BorderId).sea {
                v.push(format!(
                    "pirate on land border {}",
                    data::border(b as BorderId).id
                ));
            }
        }
    }
    for (e, es) in s.empires.iter().enumerate() {
        if es.owner.is_none()
            && (!es.repressed.is_empty() || es.queen.is_some() || es.suzerain.is_some())
        {
            v.push(format!("empire {e} in the stack carries material"));
        }
        if let Some(z) = es.suzerain {
            if s.empires[z as usize].owner != es.owner || s.empires[z as usize].suzerain.is_some() {
                v.push(format!("empire {e}: broken vassalage"));
            }
        }
        if es.owner.is_some()
            && board::find_slot(s, board::root_of(s, Member::Empire(e as MapId))).is_none()
        {
            v.push(format!("empire {e} owned but not in a tableau"));
        }
    }
    // Card counts conserved: decks + market + hands + tableaus + spinsters + discards + set aside.
    let mut seen = vec![0u32; data::cards().all.len()];
    let mut mark = |c: CardId| seen[c as usize] += 1;
    s.decks.iter().flatten().for_each(|&c| mark(c));
    s.market
        .iter()
        .flatten()
        .flatten()
        .for_each(|c| mark(c.card));
    s.discards.iter().for_each(|&c| mark(c));
    s.hand_discards.iter().for_each(|&c| mark(c));
    s.set_aside.iter().for_each(|&c| mark(c));
    for (i, p) in s.players.iter().enumerate() {
        p.hand.iter().for_each(|&c| mark(c));
        p.spinsters.iter().for_each(|&c| mark(c));
        for m in board::all_members(s, i) {
            if let Member::Card(c) = m {
                mark(c);
            }
        }
    }
    for (c, n) in seen.iter().enumerate() {
        if *n != 1 {
            v.push(format!(
                "card {c} ({}) appears {n} times",
                data::cards().all[c].name
            ));
        }
    }
    v
}
