//! The Catholic League [20.10]: checked at the end of the winter of turns 3-6 until it
//! forms; Spain takes Reims and two more French spaces, France loses a third of its
//! regulars and mercenaries, Spain gains as many in Reims with a fortress and the Duke of
//! Guise, and is at war with France and the Protestants.

use signoria_engine::Scoped;

use super::faith::{Faith, may_flip_from, set_faith};
use super::rebellion::{FRA, PRO, SPA, declare_war, displace_units};
use crate::board::{book, controller_pw, force_mut, fortified, is_key, tidy};
use crate::building::{land_in_play, land_pool};
use crate::data::{PoolOwner, Power, ReligiousZone, SpaceId, data};
use crate::model::{self, Loc, Pw, State};

/// The check of [20.10]: whether the League forms without a die (`Some`), or a die
/// decides (`None`).
pub fn due(s: &State) -> Option<bool> {
    let t = &data().tables.catholic_league;
    if s.religion.league.is_some() || !t.check_turns.contains(&s.turn) {
        return Some(false);
    }
    let (keys, homes) = protestant_hold(s);
    if keys >= t.automatic_protestant_keys_in_france as usize {
        return Some(true);
    }
    if homes <= t.no_check_if_at_most_french_home_spaces as usize {
        return Some(false);
    }
    None
}

/// Keys in France and French home spaces (keys included) under Protestant control.
pub fn protestant_hold(s: &State) -> (usize, usize) {
    let d = data();
    let prot = |x: SpaceId| controller_pw(s, x) == Some(PRO);
    let keys = d
        .zone_spaces(ReligiousZone::France)
        .filter(|&x| is_key(x) && prot(x))
        .count();
    let homes = d
        .space_ids()
        .filter(|&x| d.space(x).home == Power::France && prot(x))
        .count();
    (keys, homes)
}

/// The end of winter: check, roll, form ([20.10]).
pub fn check(s: &mut State, ev: &mut Vec<Scoped<model::Event>>) {
    let forms = match due(s) {
        Some(f) => f,
        None => {
            let (_, homes) = protestant_hold(s);
            let die = s.rng.die(6) as u8;
            ev.push(Scoped::public(model::Event::Religion(
                super::Event::LeagueRoll {
                    die,
                    spaces: homes as u8,
                },
            )));
            die as usize + homes >= data().tables.catholic_league.roll_target as usize
        }
    };
    if forms {
        form(s, ev);
    }
}

/// Step 1's spaces: Reims and two more unfortified French home spaces that are not
/// Huguenot home spaces. Spain's choice is a fixed rule (RULINGS G12): the nearest to
/// Reims by land, lowest space number on ties.
pub fn league_spaces(s: &State) -> Vec<SpaceId> {
    let d = data();
    let t = &d.tables.catholic_league;
    let mut v: Vec<SpaceId> = t
        .league_spaces
        .iter()
        .filter_map(|k| d.space_id(k))
        .collect();
    let Some(&reims) = v.first() else {
        return v;
    };
    let ok = |x: SpaceId| {
        let sp = d.space(x);
        sp.home == Power::France && sp.split_top.is_none() && !fortified(s, x) && x != reims
    };
    let extra = t.extra_unfortified_spaces as usize;
    v.extend(
        crate::board::by_land_distance(reims)
            .into_iter()
            .skip(1)
            .filter(|&y| ok(y))
            .take(extra),
    );
    v
}

/// Remove a third (rounded up) of France's units of one kind, from the spaces holding
/// the most first, lowest space number on ties (France's choice, RULINGS G12).
fn reduce(s: &mut State, kind: model::UnitKind) -> u8 {
    let o = PoolOwner::France;
    let total: u32 = s
        .spaces
        .iter()
        .flat_map(|x| x.forces.iter())
        .filter(|f| f.owner == o)
        .map(|f| f.troops.get(kind) as u32)
        .sum();
    let mut n = total.div_ceil(3) as u8;
    let removed = n;
    while n > 0 {
        let (i, _) = s
            .spaces
            .iter()
            .enumerate()
            .map(|(i, x)| {
                let c = x
                    .forces
                    .iter()
                    .find(|f| f.owner == o)
                    .map_or(0, |f| f.troops.get(kind));
                (i, c)
            })
            .max_by_key(|&(i, c)| (c, std::cmp::Reverse(i)))
            .expect("spaces");
        let x = SpaceId(i as u16);
        *force_mut(s, x, o).troops.get_mut(kind) -= 1;
        book(s, o, -1, 0);
        tidy(s, x);
        n -= 1;
    }
    removed
}

/// Form the League ([20.10] steps 1-4).
pub fn form(s: &mut State, ev: &mut Vec<Scoped<model::Event>>) {
    s.religion.league = Some(s.turn);
    let spaces = league_spaces(s);
    ev.push(Scoped::public(model::Event::Religion(
        super::Event::LeagueFormed {
            spaces: spaces.clone(),
        },
    )));
    // Step 1: Spanish control and Catholic influence (core presence still holds, [18.1]);
    // every other power's units and leaders there are displaced ([12.5]).
    for &x in &spaces {
        let leaders: Vec<u8> = s
            .leaders
            .iter()
            .filter(|l| l.at == Loc::Space(x) && l.owner != SPA)
            .map(|l| l.idx)
            .collect();
        for l in leaders {
            crate::battle::displace_leader(s, l, x);
        }
        displace_units(s, x, |o| o == PoolOwner::Spain, ev);
        if controller_pw(s, x) != Some(SPA) {
            crate::control::control(s, SPA, x, ev);
        }
        if s.sp(x).protestant && may_flip_from(s, ReligiousZone::France, Faith::Protestant) {
            set_faith(s, x, Faith::Catholic);
        }
    }
    // Step 2: France loses a third of its regulars, then of its mercenaries.
    let regulars = reduce(s, model::UnitKind::Regular);
    let mercenaries = reduce(s, model::UnitKind::Mercenary);
    // Step 3: as many Spanish units in Reims (at least 4 regulars) as the pool allows, a
    // fortress, the Duke of Guise.
    if let Some(&reims) = spaces.first() {
        let o = PoolOwner::Spain;
        let room = land_pool(o).saturating_sub(land_in_play(s, o));
        let r = (regulars.max(data().tables.catholic_league.spain_min_regulars) as u32).min(room);
        let m = (mercenaries as u32).min(room - r);
        let f = force_mut(s, reims, o);
        f.troops.regulars += r as u8;
        f.troops.mercenaries += m as u8;
        book(s, o, (r + m) as i16, 0);
        tidy(s, reims);
        s.sp_mut(reims).fortress = true;
        if let Some(i) = s.leaders.iter().position(|l| {
            l.owner == SPA
                && data().army_leaders[l.idx as usize].id == "duke_of_guise"
                && !matches!(l.at, Loc::Dead | Loc::Captured(_))
        }) {
            s.leaders[i].at = Loc::Space(reims);
        }
    }
    // Step 4: war with France and the Protestants; no agreements with them in the next
    // diplomacy phase ([`no_agreement`]).
    for p in [FRA, PRO] {
        declare_war(s, SPA, p, ev);
    }
}

/// [20.10] step 4: in the diplomacy phase after the League formed, Spain makes no
/// agreement with France or the Protestants.
pub fn no_agreement(s: &State, a: Pw, b: Pw) -> bool {
    let pair = (a.min(b), a.max(b));
    s.religion.league.is_some_and(|t| s.turn == t + 1) && (pair == (SPA, FRA) || pair == (SPA, PRO))
}

/// League cards join the deck in the turn after it formed ([6.2], [20.10]).
pub fn formed_before(s: &State) -> bool {
    s.religion.league.is_some_and(|t| t < s.turn)
}
