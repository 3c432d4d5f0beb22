//! Victory (seed [25]): VP, automatic victories during the action phase [25.1] and the
//! victory determination phase [25.3].

use signoria_engine::{Outcome, Scoped};

use crate::board::{controller_pw, keys, leaders_in};
use crate::data::{Power, data};
use crate::model::{Event, Pw, State, major};

/// Spaces with Protestant influence not in unrest: in the four religious zones (the
/// Protestant-spaces track, [25.2]) or anywhere (religious victory, [25.1]).
pub fn protestant_spaces(s: &State, zones_only: bool) -> u32 {
    let d = data();
    d.space_ids()
        .filter(|&x| {
            s.sp(x).protestant && !s.sp(x).unrest && (!zones_only || d.space(x).zone.is_some())
        })
        .count() as u32
}

/// Base VP (key track, [25.2]); Protestants: per key in France and the Netherlands.
pub fn base_vp(s: &State, p: Pw) -> i16 {
    let info = data().power(major(p));
    let ks = keys(s, p);
    if let Some(prot) = &info.protestant {
        let dutch = ks.iter().filter(|k| prot.dutch_keys.contains(k)).count() as i16;
        let other = ks.len() as i16 - dutch;
        return dutch * prot.dutch_key_vp as i16 + other * prot.other_key_vp as i16;
    }
    info.track_for(ks.len() as u8).map_or(0, |b| b.vp as i16)
}

/// Special VP from the Protestant-spaces track (Spain, England, Protestants): counted by
/// the religion module (`religion::vp`).
pub fn special_vp(s: &State, p: Pw) -> i16 {
    crate::religion::score::track_vp(s, p)
}

pub fn vp(s: &State, p: Pw) -> i16 {
    base_vp(s, p) + s.bonus_vp[p as usize] + crate::subsystems::vp(s, p)
}

pub fn all_vp(s: &State) -> Vec<i16> {
    (0..6).map(|p| vp(s, p)).collect()
}

/// Automatic victories of [25.1] (military and religious), checked during the action
/// phase; the Catholic rebellion victory is espionage's ([19.4]).
pub fn automatic(s: &State) -> Option<(Vec<Pw>, String)> {
    let d = data();
    let mut won = Vec::new();
    // Only the powers the players hold win (RULINGS P7).
    for p in crate::minors::seated(s) {
        let info = d.power(major(p));
        let ks = keys(s, p);
        let hit = if let Some(prot) = &info.protestant {
            ks.iter().filter(|k| !prot.dutch_keys.contains(k)).count() as u8
                >= prot.auto_victory_other_keys
        } else {
            info.auto_victory_keys.is_some_and(|n| ks.len() as u8 >= n)
        };
        if hit {
            won.push(p);
        }
    }
    if !won.is_empty() {
        return Some((won, "military victory".into()));
    }
    if let Some(w) = crate::espionage::rebellion::automatic(s) {
        return Some(w);
    }
    crate::religion::score::automatic(s)
}

/// The tie-break of [25.3]: more VP at the end of earlier turns, going back turn by turn.
fn key(s: &State, p: Pw, now: &[i16]) -> Vec<i16> {
    let mut k = vec![now[p as usize]];
    k.extend(s.ps(p).vp_history.iter().rev().copied());
    k
}

/// The victory determination phase; returns true when the game ends.
pub fn determination(s: &mut State, ev: &mut Vec<Scoped<Event>>) -> bool {
    let d = data();
    let t = &d.tables;
    // [25.3] 1: Paris VP.
    if let Some(paris) = d.space_id("paris")
        && !s.sp(paris).unrest
        && let Some(c) = controller_pw(s, paris)
    {
        let late = t.paris_vp.turns_for_2_vp.contains(&s.turn);
        let in_paris = |id: &str| {
            leaders_in(s, c, paris)
                .iter()
                .any(|&l| d.army_leaders[l as usize].id == id)
        };
        let two = match major(c) {
            Power::France => t.paris_vp.france_rulers.contains(&s.ps(c).ruler),
            Power::Spain => in_paris(&t.paris_vp.spain_leader),
            Power::Protestant => in_paris(&t.paris_vp.protestant_leader),
            _ => false,
        };
        if matches!(major(c), Power::France | Power::Spain | Power::Protestant) {
            s.bonus_vp[c as usize] += if late && two {
                2
            } else {
                t.paris_vp.otherwise_vp as i16
            };
        }
    }
    // Master of Central Europe (HRE).
    let hre = 4;
    if t.master_of_central_europe
        .keys
        .iter()
        .filter_map(|k| d.space_id(k))
        .all(|x| controller_pw(s, x) == Some(hre) && !s.sp(x).unrest)
    {
        s.bonus_vp[hre as usize] += t.master_of_central_europe.vp_per_turn as i16;
    }
    // [23.5]: the HRE reveals its preference when its column would decide the game.
    crate::majors::hre::reveal_if_due(s, ev);
    // 2: record.
    let now = all_vp(s);
    ev.push(Scoped::public(Event::Score { vp: now.clone() }));
    let result = result(s, &now);
    for p in 0..6u8 {
        s.ps_mut(p).vp_history.push(now[p as usize]);
    }
    if let Some((w, how)) = result {
        ev.push(Scoped::public(Event::Victory {
            powers: w.clone(),
            kind: how.clone(),
        }));
        s.winners = Some((w, how));
        return true;
    }
    false
}

/// [25.3] steps 3-5 for the VP `now`: the standard, domination or time-limit victory, if
/// any (winners, kind).
pub fn result(s: &State, now: &[i16]) -> Option<(Vec<Pw>, String)> {
    let v = &data().tables.victory;
    let max = *now.iter().max().unwrap();
    let best = |s: &State| -> Vec<Pw> {
        let keys: Vec<Vec<i16>> = (0..6).map(|p| key(s, p, now)).collect();
        let seated = crate::minors::seated(s);
        let top = seated
            .iter()
            .map(|&p| &keys[p as usize])
            .max()
            .unwrap()
            .clone();
        seated
            .into_iter()
            .filter(|&p| keys[p as usize] == top)
            .collect()
    };
    // Only the powers the players hold win (RULINGS P7).
    let seated = crate::minors::seated(s);
    let max = seated.iter().map(|&p| now[p as usize]).max().unwrap_or(max);
    if max >= v.standard_vp as i16 {
        Some((best(s), "standard victory".to_string()))
    } else if s.turn >= v.domination_from_turn
        && let Some(p) = seated.iter().copied().find(|&p| {
            seated
                .iter()
                .all(|&q| q == p || now[p as usize] >= now[q as usize] + v.domination_lead as i16)
        })
    {
        Some((vec![p], "domination victory".to_string()))
    } else if s.turn >= s.last_turn {
        Some((best(s), "time-limit victory".to_string()))
    } else {
        None
    }
}

/// How far a search bot's rollout plays before [`standing`] scores it.
pub const BOT_ROLLOUT_DEPTH: u32 = 24;

/// The seats ranked by their public VP now (the HRE's secret column left out,
/// [25.2]), for a bot's rollout cut before the end: each seat's VP are the sum
/// of its powers'.
pub fn standing(s: &State) -> Outcome {
    let now = all_vp(s);
    let scores: Vec<i64> = s
        .seats
        .iter()
        .map(|ps| ps.iter().map(|&p| now[p as usize] as i64).sum())
        .collect();
    Outcome::ranked(&scores, &scores, "standing by VP")
}

/// Scores and ranks once the game is over: VP, winners first, then VP with the
/// look-back tie-break.
pub fn outcome(s: &State) -> Option<Outcome> {
    if !s.stack.is_empty() {
        return None;
    }
    let (w, how) = s.winners.clone()?;
    let now = all_vp(s);
    let scores = standing(s)
        .results
        .iter()
        .map(|r| r.score)
        .collect::<Vec<_>>();
    let keys: Vec<(bool, Vec<i16>)> = s
        .seats
        .iter()
        .map(|ps| {
            let p = ps[0];
            (ps.iter().any(|q| w.contains(q)), key(s, p, &now))
        })
        .collect();
    Some(Outcome::ranked(
        &scores,
        &keys,
        format!("{how}; others by VP, ties by VP at the end of earlier turns"),
    ))
}
