//! Where a player may place expansion tokens (seed §4.1, §4.2, §8.2, §9.4.1, §9.5):
//! bases are his established tokens and his capital; land reach is a shared border,
//! two with Caravan [I] through a province no opponent controls; sea reach depends on
//! the fleet (galley distance along the coasts, Astronomy [A] across sea areas, any
//! coast with the three-master, the Orient and the New World with ocean-going ships);
//! regions not in play, region V without Silk Road [R], the Orient without Ocean
//! Navigation [T] and the New World without T and New World [U] are closed.

use crate::data::{Advance, ProvinceId, Region, data};
use crate::geo::{Mask, bit, geo, iter};
use crate::model::{Fleet, SeatId, State};

/// Provinces a seat may hold tokens in at all (seed §8.2, §4.1, §C R/T/U).
pub fn enterable(s: &State, seat: SeatId) -> Mask {
    let g = geo();
    let mut m = g.in_play(s.n());
    if !s.has(seat, Advance::R) {
        m &= !g.region(Region::V);
    }
    if !s.has(seat, Advance::T) {
        m &= !g.region(Region::Orient);
    }
    if !(s.has(seat, Advance::T) && s.has(seat, Advance::U)) {
        m &= !g.region(Region::NewWorld);
    }
    m
}

/// The seat's bases: provinces with its established tokens (■ or ●, also those an
/// event placed this round) and its capital, whoever holds it (seed §9.5). During its
/// expansion turn: the bases it had when the turn began where it still has a token.
pub fn bases(s: &State, seat: SeatId) -> Mask {
    if let Some((p, [lo, hi])) = s.this_round.bases
        && p == seat
    {
        let at_start = lo as u128 | (hi as u128) << 64;
        let mut m = 0;
        for q in iter(at_start) {
            let prov = s.board.get(q);
            if prov.tokens(seat) > 0 || prov.controller() == Some(seat) {
                m |= bit(q);
            }
        }
        if let Some(c) = s.player(seat).capital {
            m |= bit(c);
        }
        return m;
    }
    established_bases(s, seat)
}

/// Bases from the established tokens and the capital.
pub fn established_bases(s: &State, seat: SeatId) -> Mask {
    let mut m = 0;
    for (i, p) in s.board.0.iter().enumerate() {
        let established_control = p.controller() == Some(seat) && !p.control_is_new();
        if p.est[seat as usize] > 0 || established_control {
            m |= 1u128 << i;
        }
    }
    if let Some(c) = s.player(seat).capital {
        m |= bit(c);
    }
    m
}

/// Controlled by an opponent (seed §9.5 Caravan): his control token, or his expansion
/// tokens filling the market.
pub fn opponent_controls(s: &State, seat: SeatId, p: ProvinceId) -> bool {
    let prov = s.board.get(p);
    if let Some(c) = prov.controller() {
        return c != seat;
    }
    let market = data().province(p).market;
    (0..s.n() as SeatId).any(|o| o != seat && prov.tokens(o) >= market)
}

/// The provinces a seat reaches by land and by sea this turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reach {
    pub land: Mask,
    pub sea: Mask,
}

impl Reach {
    pub fn all(&self) -> Mask {
        self.land | self.sea
    }
    pub fn by_sea_only(&self, p: ProvinceId) -> bool {
        self.land & bit(p) == 0 && self.sea & bit(p) != 0
    }
}

pub fn reach(s: &State, seat: SeatId) -> Reach {
    let g = geo();
    let open = enterable(s, seat);
    let bases = bases(s, seat);
    // Land: the bases themselves and their neighbours (RULINGS R-BASE-ITSELF).
    let mut land = bases;
    for b in iter(bases) {
        land |= g.land[b.index()];
    }
    if s.has(seat, Advance::I) {
        // Caravan: two provinces, the first not controlled by an opponent and open to
        // the seat (RULINGS R-CARAVAN).
        let first = land;
        for m in iter(first & open) {
            if !opponent_controls(s, seat, m) {
                land |= g.land[m.index()];
            }
        }
    }
    let coastal_bases = bases & (g.coast | g.overseas);
    let astronomy = s.has(seat, Advance::A) as usize;
    let sea = match s.player(seat).fleet {
        Fleet::None => 0,
        Fleet::Galley(_) => {
            let reach = s.player(seat).fleet.capacity().unwrap_or(0) as usize;
            let reach = reach.min(crate::geo::MAX_GALLEY);
            iter(coastal_bases).fold(0, |m, b| m | g.galley[astronomy][b.index()][reach])
        }
        // Three-master: any coast outside the overseas boxes (seed §9.4.1; RULINGS
        // R-THREE-MASTER for the base it needs).
        Fleet::ThreeMaster(_) if coastal_bases != 0 => g.coast,
        // Ocean-going: any coast and the overseas boxes (seed §9.4.1, §C T).
        Fleet::OceanGoing(_) if coastal_bases != 0 => g.coast | g.overseas,
        _ => 0,
    };
    let mut out = Reach {
        land: land & open,
        sea: sea & open & !land,
    };
    // The overseas limit (seed §9.4.1): at most b overseas provinces held.
    let limit = s.player(seat).fleet.overseas_limit();
    let held = overseas_held(s, seat);
    if held.count_ones() >= limit {
        out.land &= !(g.overseas & !held);
        out.sea &= !(g.overseas & !held);
    }
    out
}

/// Overseas provinces where the seat has tokens (RULINGS R-OVERSEAS-LIMIT).
pub fn overseas_held(s: &State, seat: SeatId) -> Mask {
    iter(geo().overseas)
        .filter(|&p| {
            let prov = s.board.get(p);
            prov.tokens(seat) > 0 || prov.controller() == Some(seat)
        })
        .fold(0, |m, p| m | bit(p))
}
