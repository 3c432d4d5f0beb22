//! The board: regions, provinces, water spaces, and the graph queries the reach rules
//! need (land distances, galley distances along the coasts).

use std::collections::VecDeque;

use super::Data;
use super::ids::{Advance, Commodity, ProvinceId, ProvinceKind, Region, WaterId, WaterKind};
use super::provenance::Provenance;

/// A region (seed §4.6, §8.2).
#[derive(Debug, Clone)]
pub struct RegionInfo {
    pub region: Region,
    pub name: String,
    /// The smallest player count that plays this region (seed §8.2; the Orient and the
    /// New World are in every game, seed B.2.2).
    pub in_play_from: u8,
    /// Advances without which no token may enter the region by any means: R for region
    /// V, T for the Orient, T and U for the New World (seed §4.1, §C).
    pub requires: Vec<Advance>,
    pub provenance: Provenance,
}

/// A province: a commodity province, a capital or a satellite (seed §4.1-§4.5).
#[derive(Debug, Clone)]
pub struct Province {
    pub id: ProvinceId,
    /// The stable string id of the data file.
    pub key: String,
    /// The board name as the seed spells it (ruling D1), else the source's name.
    pub name: String,
    /// The German form where the seed writes "German (board name)".
    pub name_de: Option<String>,
    /// The name in the third-party source (for cross-checking).
    pub name_source: String,
    pub region: Region,
    pub kind: ProvinceKind,
    /// Marktvolumen; 1 for satellites (seed §4.3). The same for every player count.
    pub market: u8,
    /// One commodity, several for the five overseas provinces, none for satellites.
    pub commodities: Vec<Commodity>,
    /// Provinces sharing a land border (impassable zones excluded), sorted.
    pub land: Vec<ProvinceId>,
    /// For a satellite: the provinces its arrows point to (seed §9.5.2, ruling D6).
    pub supports: Vec<ProvinceId>,
    /// For a non-satellite: the satellites whose arrows point to it (derived).
    pub supported_by: Vec<ProvinceId>,
    /// The coast strips off this province (derived from the water spaces).
    pub coasts: Vec<WaterId>,
    pub provenance: Provenance,
}

impl Province {
    pub fn is_satellite(&self) -> bool {
        self.kind == ProvinceKind::Satellite
    }

    pub fn is_capital(&self) -> bool {
        self.kind == ProvinceKind::Capital
    }

    /// One of the five overseas provinces (Orient, New World; seed §4.5).
    pub fn is_overseas(&self) -> bool {
        self.region.is_overseas()
    }

    /// Coastal (seed §4.1): it has a coast strip, or it is overseas (ruling D7; the
    /// overseas boxes are reached across the ocean, which is not a space on the board).
    pub fn is_coastal(&self) -> bool {
        !self.coasts.is_empty() || self.is_overseas()
    }
}

/// A water space: a coast strip or a sea area (seed §4.1, §4.2).
#[derive(Debug, Clone)]
pub struct Water {
    pub id: WaterId,
    pub key: String,
    pub name: String,
    pub kind: WaterKind,
    /// The province a coast strip belongs to.
    pub coast_of: Option<ProvinceId>,
    /// Adjacent water spaces, sorted.
    pub neighbours: Vec<WaterId>,
    pub provenance: Provenance,
}

impl Data {
    pub fn province(&self, id: ProvinceId) -> &Province {
        &self.provinces[id.index()]
    }

    pub fn water(&self, id: WaterId) -> &Water {
        &self.waters[id.index()]
    }

    pub fn region(&self, region: Region) -> &RegionInfo {
        &self.regions[region.index()]
    }

    /// The province with this string id.
    pub fn province_id(&self, key: &str) -> Option<ProvinceId> {
        self.provinces.iter().find(|p| p.key == key).map(|p| p.id)
    }

    /// The province with this name: the board name, the German name or the source's
    /// name (each names one province only; checked at load).
    pub fn province_by_name(&self, name: &str) -> Option<ProvinceId> {
        self.provinces
            .iter()
            .find(|p| p.name == name || p.name_de.as_deref() == Some(name) || p.name_source == name)
            .map(|p| p.id)
    }

    /// The water space with this string id.
    pub fn water_id(&self, key: &str) -> Option<WaterId> {
        self.waters.iter().find(|w| w.key == key).map(|w| w.id)
    }

    pub fn is_land_adjacent(&self, a: ProvinceId, b: ProvinceId) -> bool {
        self.province(a).land.contains(&b)
    }

    /// Is this region played with `players` players (seed §8.2)?
    pub fn region_in_play(&self, region: Region, players: u8) -> bool {
        players >= self.region(region).in_play_from
    }

    /// The regions played with `players` players.
    pub fn regions_in_play(&self, players: u8) -> Vec<Region> {
        Region::ALL
            .into_iter()
            .filter(|&r| self.region_in_play(r, players))
            .collect()
    }

    /// The provinces with this commodity (overseas provinces included).
    pub fn provinces_with(&self, commodity: Commodity) -> Vec<ProvinceId> {
        self.provinces
            .iter()
            .filter(|p| p.commodities.contains(&commodity))
            .map(|p| p.id)
            .collect()
    }

    /// The commodity control cards (Warenkontrollkarten, seed §3, §5.3): one per
    /// province and commodity it has, 80 in all (ruling D19).
    pub fn control_cards(&self) -> Vec<(ProvinceId, Commodity)> {
        self.provinces
            .iter()
            .flat_map(|p| p.commodities.iter().map(move |&c| (p.id, c)))
            .collect()
    }

    /// Land distances from `from` over shared borders (no regard to who holds what):
    /// `Some(0)` for `from` itself, `None` where no land path exists.
    pub fn land_distances(&self, from: ProvinceId) -> Vec<Option<u8>> {
        let mut dist = vec![None; self.provinces.len()];
        dist[from.index()] = Some(0u8);
        let mut queue = VecDeque::from([from]);
        while let Some(p) = queue.pop_front() {
            let d = dist[p.index()].expect("queued provinces have a distance");
            for &n in &self.province(p).land {
                if dist[n.index()].is_none() {
                    dist[n.index()] = Some(d + 1);
                    queue.push_back(n);
                }
            }
        }
        dist
    }

    /// Galley distances from `from` along the coasts (seed §9.4.1; ruling D16): a ship
    /// starts on any coast strip of `from` (distance 0) and each move to an adjacent
    /// water space is one step. Sea areas are entered only with `cross_sea_areas`
    /// (Astronomy), and then count as one step like a coastal province. A province's
    /// distance is the smallest over its coast strips; `None` where no coast path
    /// exists (inland provinces, the overseas boxes, or `from` without a coast).
    pub fn coastal_distances(&self, from: ProvinceId, cross_sea_areas: bool) -> Vec<Option<u8>> {
        let mut water_dist: Vec<Option<u8>> = vec![None; self.waters.len()];
        let mut queue = VecDeque::new();
        for &w in &self.province(from).coasts {
            water_dist[w.index()] = Some(0);
            queue.push_back(w);
        }
        while let Some(w) = queue.pop_front() {
            let d = water_dist[w.index()].expect("queued waters have a distance");
            for &n in &self.water(w).neighbours {
                if water_dist[n.index()].is_some() {
                    continue;
                }
                if self.water(n).kind == WaterKind::Sea && !cross_sea_areas {
                    continue;
                }
                water_dist[n.index()] = Some(d + 1);
                queue.push_back(n);
            }
        }
        let mut dist: Vec<Option<u8>> = vec![None; self.provinces.len()];
        for w in &self.waters {
            if let (Some(owner), Some(d)) = (w.coast_of, water_dist[w.id.index()]) {
                let slot = &mut dist[owner.index()];
                *slot = Some(slot.map_or(d, |old| old.min(d)));
            }
        }
        dist
    }

    /// A coastal province whose every coast strip borders only sea areas, so that ships
    /// reach it only across a sea (Iceland and Mauritanie, seed §4.1).
    pub fn reached_only_across_sea(&self, p: ProvinceId) -> bool {
        let coasts = &self.province(p).coasts;
        !coasts.is_empty()
            && coasts.iter().all(|&c| {
                self.water(c)
                    .neighbours
                    .iter()
                    .all(|&n| self.water(n).kind == WaterKind::Sea)
            })
    }
}
