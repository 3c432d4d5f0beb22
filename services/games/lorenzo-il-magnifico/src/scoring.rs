//! Final scoring [Spielende und Schlusswertung L443–477; period-III tiles L754–766].

use signoria_engine::Outcome;

use crate::data::{board, card};
use crate::model::*;
use crate::value::{ex, has_ex};

/// Military ranking: most MP 5 VP, second most 2 VP; tied firsts all get 5 and
/// nobody gets 2; tied seconds all get 2 [L452/L470]. Seats with 0 MP take
/// part (RULINGS.md R10).
pub fn military_awards(mp: &[i32]) -> Vec<i32> {
    let b = board();
    let best = *mp.iter().max().unwrap_or(&0);
    let firsts = mp.iter().filter(|&&m| m == best).count();
    let second = mp.iter().copied().filter(|&m| m < best).max();
    mp.iter()
        .map(|&m| {
            if m == best {
                b.military_vp[0]
            } else if firsts == 1 && Some(m) == second {
                b.military_vp[1]
            } else {
                0
            }
        })
        .collect()
}

/// Score every seat (the VP track already holds faith, cards and actions).
pub fn final_scores(s: &State) -> Vec<ScoreLine> {
    let b = board();
    let mp: Vec<i32> = s.players.iter().map(|p| p.res.0[MP]).collect();
    let military = military_awards(&mp);
    (0..s.n())
        .map(|seat| {
            let p = &s.players[seat];
            let before = p.res.0[VP];
            // "Before the final scoring" [L760].
            let vp_per_5_vp = if has_ex(s, seat, ex::VP_PER_5_VP) {
                -(before / 5)
            } else {
                0
            };
            let nt = p.cards[Kind::Territory.idx()].len();
            let nc = p.cards[Kind::Character.idx()].len();
            let territories = if has_ex(s, seat, ex::NO_VP_TERRITORIES) {
                0
            } else {
                b.territory_vp[nt]
            };
            let characters = if has_ex(s, seat, ex::NO_VP_CHARACTERS) {
                0
            } else {
                b.character_vp[nc]
            };
            let ventures = if has_ex(s, seat, ex::NO_VP_VENTURES) {
                0
            } else {
                p.cards[Kind::Venture.idx()]
                    .iter()
                    .map(|&c| card(c).end_vp)
                    .sum()
            };
            let resources = p.res.resources() / 5;
            let penalty_mp = if has_ex(s, seat, ex::VP_PER_MP) {
                -p.res.0[MP]
            } else {
                0
            };
            let penalty_buildings = if has_ex(s, seat, ex::VP_PER_BUILDING_COST) {
                -p.cards[Kind::Building.idx()]
                    .iter()
                    .map(|&c| card(c).cost.first().map_or(0, |o| o.pay.wood + o.pay.stone))
                    .sum::<i32>()
            } else {
                0
            };
            let penalty_resources = if has_ex(s, seat, ex::VP_PER_RESOURCE) {
                -p.res.resources()
            } else {
                0
            };
            let total = before
                + vp_per_5_vp
                + territories
                + characters
                + ventures
                + military[seat]
                + resources
                + penalty_mp
                + penalty_buildings
                + penalty_resources;
            ScoreLine {
                before,
                vp_per_5_vp,
                territories,
                characters,
                ventures,
                military: military[seat],
                resources,
                penalty_mp,
                penalty_buildings,
                penalty_resources,
                total,
            }
        })
        .collect()
}

/// Ranks: most VP; ties go to the seat earlier in the final turn order [L457–459].
pub fn outcome(s: &State) -> Option<Outcome> {
    let scores = s.scores.as_ref()?;
    let n = s.n();
    let totals: Vec<i64> = scores.iter().map(|l| l.total as i64).collect();
    let keys: Vec<(i64, i64)> = (0..n)
        .map(|seat| {
            let pos = s.order.iter().position(|&o| o as usize == seat).unwrap();
            (totals[seat], -(pos as i64))
        })
        .collect();
    Some(Outcome::ranked(
        &totals,
        &keys,
        "equal VP: the seat earlier in the final turn order ranks higher",
    ))
}
