//! The map as bitmasks, computed once from the data layer: land neighbours, galley
//! distances along the coasts (with and without Astronomy), regions, kinds. Province
//! sets are `u128` masks over `ProvinceId` (107 provinces).

use std::sync::OnceLock;

use crate::data::{ProvinceId, Region, data};

pub type Mask = u128;

pub fn bit(p: ProvinceId) -> Mask {
    1u128 << p.index()
}

pub fn iter(mask: Mask) -> impl Iterator<Item = ProvinceId> {
    let mut m = mask;
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let i = m.trailing_zeros();
            m &= m - 1;
            Some(ProvinceId(i as u8))
        }
    })
}

/// Galley distance 1..=8 (the galley capacities 2-8 are also its reach, seed §9.4.1).
pub const MAX_GALLEY: usize = 8;

pub struct Geo {
    pub land: Vec<Mask>,
    /// `galley[astronomy][p][d]`: coastal provinces within `d` coast steps of `p`.
    pub galley: [Vec<[Mask; MAX_GALLEY + 1]>; 2],
    /// Provinces with a coast strip (the overseas boxes have none).
    pub coast: Mask,
    /// The five overseas provinces (seed §4.5).
    pub overseas: Mask,
    pub satellites: Mask,
    pub capitals: Mask,
    pub region: [Mask; 10],
    pub all: Mask,
}

pub fn geo() -> &'static Geo {
    static GEO: OnceLock<Geo> = OnceLock::new();
    GEO.get_or_init(build)
}

fn build() -> Geo {
    let d = data();
    let n = d.provinces.len();
    assert!(n <= 128, "province masks hold 128 provinces");
    let mut land = vec![0; n];
    let mut coast = 0;
    let mut overseas = 0;
    let mut satellites = 0;
    let mut capitals = 0;
    let mut region = [0; 10];
    for p in &d.provinces {
        for &q in &p.land {
            land[p.id.index()] |= bit(q);
        }
        if !p.coasts.is_empty() {
            coast |= bit(p.id);
        }
        if p.is_overseas() {
            overseas |= bit(p.id);
        }
        if p.is_satellite() {
            satellites |= bit(p.id);
        }
        if p.is_capital() {
            capitals |= bit(p.id);
        }
        region[p.region.index()] |= bit(p.id);
    }
    let galley = [false, true].map(|astronomy| {
        (0..n)
            .map(|i| {
                let dist = d.coastal_distances(ProvinceId(i as u8), astronomy);
                let mut row = [0u128; MAX_GALLEY + 1];
                for (q, dq) in dist.iter().enumerate() {
                    if let Some(dq) = *dq {
                        for (k, slot) in row.iter_mut().enumerate() {
                            if dq as usize <= k {
                                *slot |= 1u128 << q;
                            }
                        }
                    }
                }
                row
            })
            .collect()
    });
    Geo {
        land,
        galley,
        coast,
        overseas,
        satellites,
        capitals,
        region,
        all: if n == 128 {
            u128::MAX
        } else {
            (1u128 << n) - 1
        },
    }
}

impl Geo {
    pub fn region(&self, r: Region) -> Mask {
        self.region[r.index()]
    }

    /// Provinces in the regions played with `players` players (seed §8.2).
    pub fn in_play(&self, players: usize) -> Mask {
        let d = data();
        Region::ALL
            .into_iter()
            .filter(|&r| d.region_in_play(r, players as u8))
            .fold(0, |m, r| m | self.region(r))
    }
}
