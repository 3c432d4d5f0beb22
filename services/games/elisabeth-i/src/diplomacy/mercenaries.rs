//! Giving mercenaries ([9.1] 8): up to 4, one direction per pair and turn, from one of the
//! giver's spaces or the HRE's "Mercenaries for Hire" track into the receiver's capital.

use crate::board::{book, capitals, controller_pw, force_mut, owner_for, owner_pw, tidy};
use crate::building::{land_in_play, land_pool};
use crate::data::{Power, SpaceId, data};
use crate::model::{Deal, Pw, State, major};

/// Mercenaries of `p` in a space (every Protestant faction counted).
fn mercs_at(s: &State, p: Pw, sp: SpaceId) -> u8 {
    s.sp(sp)
        .forces
        .iter()
        .filter(|f| owner_pw(f.owner) == Some(p))
        .map(|f| f.troops.mercenaries)
        .sum()
}

/// Where `p` may take mercenaries from, with how many: its spaces outside sieges (RULINGS
/// D4), and the HRE's track (`None`).
pub fn sources(s: &State, p: Pw) -> Vec<(Option<SpaceId>, u8)> {
    let mut v = Vec::new();
    if major(p) == Power::Hre && s.ps(p).for_hire > 0 {
        v.push((None, s.ps(p).for_hire));
    }
    for sp in data().space_ids() {
        let n = mercs_at(s, p, sp);
        if n > 0 && s.sp(sp).siege.is_none() {
            v.push((Some(sp), n));
        }
    }
    v
}

/// The capitals that may receive `n` mercenaries of `p`: on the map, not in unrest,
/// controlled by `p`, within its counter mix [17.1].
pub fn capitals_for(s: &State, p: Pw, n: u8) -> Vec<SpaceId> {
    capitals(s, p)
        .into_iter()
        .filter(|&c| {
            controller_pw(s, c) == Some(p)
                && !s.sp(c).unrest
                && land_in_play(s, owner_for(p, c)) + n as u32 <= land_pool(owner_for(p, c))
        })
        .collect()
}

/// The mercenary deals `from` may offer `to` ([9.1] 8): the Ottomans never give, the
/// Ottomans and the HRE never receive, one direction per pair and turn, 1-4 units.
pub fn offers(s: &State, from: Pw, to: Pw) -> Vec<Deal> {
    let mut v = Vec::new();
    if major(from) == Power::Ottoman
        || matches!(major(to), Power::Ottoman | Power::Hre)
        || s.mercs_given.contains(&(to, from))
    {
        return v;
    }
    for (src, have) in sources(s, from) {
        for n in 1..=have.min(4) {
            for cap in capitals_for(s, to, n) {
                v.push(Deal::Mercenaries {
                    n,
                    from: src,
                    to: cap,
                });
            }
        }
    }
    v
}

/// Whether the deal can still be carried out in full.
pub fn possible(s: &State, from: Pw, to: Pw, n: u8, src: Option<SpaceId>, cap: SpaceId) -> bool {
    offers(s, from, to).contains(&Deal::Mercenaries {
        n,
        from: src,
        to: cap,
    })
}

/// Carry the gift out: the giver's units leave the map (or the track), the receiver's
/// enter its capital from its own pool.
pub fn give(s: &mut State, from: Pw, to: Pw, n: u8, src: Option<SpaceId>, cap: SpaceId) {
    match src {
        None => s.ps_mut(from).for_hire -= n,
        Some(sp) => {
            let mut left = n;
            let owners: Vec<_> = s
                .sp(sp)
                .forces
                .iter()
                .filter(|f| owner_pw(f.owner) == Some(from) && f.troops.mercenaries > 0)
                .map(|f| f.owner)
                .collect();
            for o in owners {
                let f = force_mut(s, sp, o);
                let k = f.troops.mercenaries.min(left);
                f.troops.mercenaries -= k;
                left -= k;
                book(s, o, -(k as i16), 0);
            }
            debug_assert_eq!(left, 0, "the source holds the mercenaries");
            tidy(s, sp);
        }
    }
    let o = owner_for(to, cap);
    force_mut(s, cap, o).troops.mercenaries += n;
    book(s, o, n as i16, 0);
    if !s.mercs_given.contains(&(from, to)) {
        s.mercs_given.push((from, to));
    }
}
