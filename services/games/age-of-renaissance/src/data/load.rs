//! Parsing the data files and checking their structure: every name resolves, every
//! relation is symmetric where the board makes it so, the kinds of records carry the
//! fields their kind needs, prerequisites are acyclic, every record has provenance.
//! The seed's numbers (counts, totals, example facts) are checked by `tests/data.rs`.

use std::collections::{BTreeMap, BTreeSet};

use serde::Deserialize;
use serde::de::DeserializeOwned;

use super::advances::AdvanceInfo;
use super::cards::{Card, CardKind, CommodityInfo, Credit, EventBonus};
use super::ids::{
    Advance, AdvanceEffect, CardId, Category, Commodity, Event, HeldBackJoin, ProvinceId,
    ProvinceKind, Region, WaterId, WaterKind,
};
use super::map::{Province, RegionInfo, Water};
use super::provenance::Provenance;
use super::setup::{CapitalInfo, Fact, PlayerCountInfo, Setup, Table, Tables};
use super::{Data, DataError, Sources};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RegionsFile {
    regions: Vec<RawRegion>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRegion {
    id: Region,
    name: String,
    in_play_from: u8,
    requires: Vec<Advance>,
    provenance: Provenance,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ProvincesFile {
    provinces: Vec<RawProvince>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProvince {
    id: String,
    name: String,
    #[serde(default)]
    name_de: Option<String>,
    name_source: String,
    region: Region,
    kind: ProvinceKind,
    market: u8,
    commodities: Vec<Commodity>,
    land: Vec<String>,
    #[serde(default)]
    supports: Vec<String>,
    provenance: Provenance,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WatersFile {
    waters: Vec<RawWater>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWater {
    id: String,
    name: String,
    kind: WaterKind,
    #[serde(default)]
    coast_of: Option<String>,
    neighbours: Vec<String>,
    provenance: Provenance,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CommoditiesFile {
    commodities: Vec<RawCommodity>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCommodity {
    id: Commodity,
    name_de: String,
    name_source: String,
    base: u32,
    ss_roll: u8,
    payout_track: Vec<u32>,
    provenance: Provenance,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AdvancesFile {
    advances: Vec<RawAdvance>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAdvance {
    id: Advance,
    key: String,
    name_de: String,
    name_source: String,
    category: Category,
    cost: u32,
    credit: Option<u32>,
    prerequisites: Vec<Advance>,
    misery_on_purchase: i8,
    phases: Vec<u8>,
    effects: Vec<AdvanceEffect>,
    provenance: Provenance,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardsFile {
    cards: Vec<RawCard>,
}

#[derive(Deserialize, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
#[serde(rename_all = "snake_case")]
enum RawCardKind {
    Commodity,
    Event,
    Personality,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    id: String,
    kind: RawCardKind,
    name_de: String,
    #[serde(default)]
    name_en: Option<String>,
    epoch: u8,
    recycled: bool,
    held_back: bool,
    #[serde(default)]
    commodities: Option<Vec<Commodity>>,
    #[serde(default)]
    military_advantage: Option<bool>,
    #[serde(default)]
    credits: Option<Vec<RawCredit>>,
    #[serde(default)]
    event_bonus: Option<RawBonus>,
    provenance: Provenance,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCredit {
    advance: Advance,
    amount: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBonus {
    event: Event,
    amount: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SetupFile {
    starting_cash: Fact<u32>,
    setup_deal: Fact<u8>,
    setup_keep: Fact<u8>,
    expansion_tokens: Fact<u8>,
    control_tokens: Fact<u8>,
    shortage_counters: Fact<u8>,
    capitals: Vec<RawCapital>,
    players: Vec<RawPlayers>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCapital {
    province: String,
    from_players: u8,
    #[serde(default)]
    colour: Option<String>,
    provenance: Provenance,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlayers {
    players: u8,
    turn_order_boxes: Vec<u8>,
    held_back_join: HeldBackJoin,
    personality_slots: u8,
    income_per_province: u32,
    provenance: Provenance,
}

/// Collects every problem instead of stopping at the first.
struct Check {
    problems: Vec<String>,
}

impl Check {
    fn that(&mut self, ok: bool, problem: impl FnOnce() -> String) {
        if !ok {
            self.problems.push(problem());
        }
    }

    fn provenance(&mut self, what: &str, p: &Provenance) {
        self.that(!p.is_empty(), || format!("{what}: no provenance"));
        for r in &p.ruled {
            let digits = r
                .strip_prefix('D')
                .map(|rest| rest.chars().take_while(char::is_ascii_digit).count())
                .unwrap_or(0);
            self.that(digits > 0 && r[1 + digits..].starts_with(':'), || {
                format!("{what}: a 'ruled' entry must start with its ruling id 'D<n>:': {r:?}")
            });
        }
    }
}

fn parse<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, DataError> {
    serde_json::from_str(text).map_err(|e| DataError {
        problems: vec![format!("{file}: {e}")],
    })
}

fn is_key(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

pub(super) fn load(src: &Sources) -> Result<Data, DataError> {
    let regions_file: RegionsFile = parse("regions.json", &src.regions)?;
    let provinces_file: ProvincesFile = parse("provinces.json", &src.provinces)?;
    let waters_file: WatersFile = parse("waters.json", &src.waters)?;
    let commodities_file: CommoditiesFile = parse("commodities.json", &src.commodities)?;
    let advances_file: AdvancesFile = parse("advances.json", &src.advances)?;
    let cards_file: CardsFile = parse("cards.json", &src.cards)?;
    let setup_file: SetupFile = parse("setup.json", &src.setup)?;
    let tables: Tables = parse("tables.json", &src.tables)?;

    let mut check = Check {
        problems: Vec::new(),
    };
    let regions = regions(&mut check, regions_file);
    let (provinces, waters) = map(&mut check, provinces_file, waters_file);
    let commodities = commodities(&mut check, commodities_file);
    let advances = advances(&mut check, advances_file);
    let cards = cards(&mut check, cards_file);
    let setup = setup(&mut check, setup_file, &provinces);
    check_tables(&mut check, &tables);

    if check.problems.is_empty() {
        Ok(Data {
            regions,
            provinces,
            waters,
            commodities,
            advances,
            cards,
            setup,
            tables,
        })
    } else {
        Err(DataError {
            problems: check.problems,
        })
    }
}

fn regions(check: &mut Check, file: RegionsFile) -> Vec<RegionInfo> {
    let ids: Vec<Region> = file.regions.iter().map(|r| r.id).collect();
    check.that(ids == Region::ALL, || {
        format!(
            "regions.json: expected the regions I..VIII, orient, new_world in order, got {ids:?}"
        )
    });
    file.regions
        .into_iter()
        .map(|r| {
            check.that((3..=6).contains(&r.in_play_from), || {
                format!(
                    "region {:?}: in_play_from {} not in 3..=6",
                    r.id, r.in_play_from
                )
            });
            check.provenance(&format!("region {:?}", r.id), &r.provenance);
            RegionInfo {
                region: r.id,
                name: r.name,
                in_play_from: r.in_play_from,
                requires: r.requires,
                provenance: r.provenance,
            }
        })
        .collect()
}

fn map(check: &mut Check, pfile: ProvincesFile, wfile: WatersFile) -> (Vec<Province>, Vec<Water>) {
    // Order: by region, then id (so indices follow from the set of provinces).
    let order: Vec<(Region, &str)> = pfile
        .provinces
        .iter()
        .map(|p| (p.region, p.id.as_str()))
        .collect();
    check.that(order.windows(2).all(|w| w[0] < w[1]), || {
        "provinces.json: provinces must be sorted by region, then id, without duplicates".into()
    });
    check.that(pfile.provinces.len() <= u8::MAX as usize, || {
        "provinces.json: too many provinces for a u8 id".into()
    });
    let pindex: BTreeMap<&str, ProvinceId> = pfile
        .provinces
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id.as_str(), ProvinceId(i as u8)))
        .collect();
    let mut names: BTreeMap<&str, &str> = BTreeMap::new();
    for p in &pfile.provinces {
        check.that(is_key(&p.id), || {
            format!("province id {:?} is not a snake_case key", p.id)
        });
        let mut own: BTreeSet<&str> = BTreeSet::new();
        own.insert(&p.name);
        own.insert(&p.name_source);
        if let Some(de) = &p.name_de {
            own.insert(de);
        }
        for n in own {
            if let Some(other) = names.insert(n, &p.id) {
                check
                    .problems
                    .push(format!("the name {n:?} names both {other} and {}", p.id));
            }
        }
    }
    let resolve = |check: &mut Check, what: &str, key: &str| -> Option<ProvinceId> {
        let id = pindex.get(key).copied();
        check.that(id.is_some(), || format!("{what}: unknown province {key:?}"));
        id
    };

    let mut provinces: Vec<Province> = Vec::new();
    for (i, p) in pfile.provinces.iter().enumerate() {
        let what = format!("province {}", p.id);
        let satellite = p.kind == ProvinceKind::Satellite;
        if satellite {
            check.that(p.market == 1, || {
                format!("{what}: a satellite has market 1")
            });
            check.that(p.commodities.is_empty(), || {
                format!("{what}: a satellite has no commodity")
            });
            check.that(!p.supports.is_empty(), || {
                format!("{what}: a satellite supports a province")
            });
        } else {
            check.that(p.market >= 2, || {
                format!("{what}: market below 2 is a satellite")
            });
            check.that(p.supports.is_empty(), || {
                format!("{what}: only satellites support")
            });
            let wanted = if p.region.is_overseas() { 2..=3 } else { 1..=1 };
            check.that(wanted.contains(&p.commodities.len()), || {
                format!(
                    "{what}: {} commodities (one, or 2-3 overseas)",
                    p.commodities.len()
                )
            });
            let distinct: BTreeSet<_> = p.commodities.iter().collect();
            check.that(distinct.len() == p.commodities.len(), || {
                format!("{what}: a commodity twice")
            });
        }
        if p.region.is_overseas() {
            check.that(p.land.is_empty(), || {
                format!("{what}: an overseas box has no land border")
            });
        }
        let mut land: Vec<ProvinceId> = p
            .land
            .iter()
            .filter_map(|k| resolve(check, &what, k))
            .collect();
        land.sort();
        check.that(land.windows(2).all(|w| w[0] != w[1]), || {
            format!("{what}: a land border twice")
        });
        check.that(!land.contains(&ProvinceId(i as u8)), || {
            format!("{what}: borders itself")
        });
        let mut supports: Vec<ProvinceId> = p
            .supports
            .iter()
            .filter_map(|k| resolve(check, &what, k))
            .collect();
        supports.sort();
        supports.dedup();
        check.provenance(&what, &p.provenance);
        provinces.push(Province {
            id: ProvinceId(i as u8),
            key: p.id.clone(),
            name: p.name.clone(),
            name_de: p.name_de.clone(),
            name_source: p.name_source.clone(),
            region: p.region,
            kind: p.kind,
            market: p.market,
            commodities: p.commodities.clone(),
            land,
            supports,
            supported_by: Vec::new(),
            coasts: Vec::new(),
            provenance: p.provenance.clone(),
        });
    }
    for i in 0..provinces.len() {
        for n in provinces[i].land.clone() {
            check.that(
                provinces[n.index()].land.contains(&ProvinceId(i as u8)),
                || {
                    format!(
                        "land border {} -> {} is one-sided",
                        provinces[i].key,
                        provinces[n.index()].key
                    )
                },
            );
        }
        for s in provinces[i].supports.clone() {
            check.that(!provinces[s.index()].is_satellite(), || {
                format!(
                    "satellite {} supports the satellite {}",
                    provinces[i].key,
                    provinces[s.index()].key
                )
            });
            provinces[s.index()].supported_by.push(ProvinceId(i as u8));
        }
    }

    // Waters: coast strips first, then sea areas, each sorted by id.
    let worder: Vec<(bool, &str)> = wfile
        .waters
        .iter()
        .map(|w| (w.kind == WaterKind::Sea, w.id.as_str()))
        .collect();
    check.that(worder.windows(2).all(|w| w[0] < w[1]), || {
        "waters.json: coast strips then seas, each sorted by id, without duplicates".into()
    });
    let windex: BTreeMap<&str, WaterId> = wfile
        .waters
        .iter()
        .enumerate()
        .map(|(i, w)| (w.id.as_str(), WaterId(i as u8)))
        .collect();
    let mut waters: Vec<Water> = Vec::new();
    for (i, w) in wfile.waters.iter().enumerate() {
        let what = format!("water {}", w.id);
        check.that(is_key(&w.id), || {
            format!("water id {:?} is not a snake_case key", w.id)
        });
        let coast_of = match (w.kind, &w.coast_of) {
            (WaterKind::Coast, Some(k)) => resolve(check, &what, k),
            (WaterKind::Coast, None) => {
                check
                    .problems
                    .push(format!("{what}: a coast strip belongs to a province"));
                None
            }
            (WaterKind::Sea, Some(_)) => {
                check
                    .problems
                    .push(format!("{what}: a sea area belongs to no province"));
                None
            }
            (WaterKind::Sea, None) => None,
        };
        let mut neighbours: Vec<WaterId> = Vec::new();
        for n in &w.neighbours {
            match windex.get(n.as_str()) {
                Some(&id) => neighbours.push(id),
                None => check.problems.push(format!("{what}: unknown water {n:?}")),
            }
        }
        neighbours.sort();
        check.that(neighbours.windows(2).all(|x| x[0] != x[1]), || {
            format!("{what}: a neighbour twice")
        });
        check.that(!neighbours.contains(&WaterId(i as u8)), || {
            format!("{what}: borders itself")
        });
        check.that(!neighbours.is_empty(), || format!("{what}: no neighbour"));
        check.provenance(&what, &w.provenance);
        if let Some(owner) = coast_of {
            provinces[owner.index()].coasts.push(WaterId(i as u8));
        }
        waters.push(Water {
            id: WaterId(i as u8),
            key: w.id.clone(),
            name: w.name.clone(),
            kind: w.kind,
            coast_of,
            neighbours,
            provenance: w.provenance.clone(),
        });
    }
    for w in &waters {
        for n in &w.neighbours {
            check.that(waters[n.index()].neighbours.contains(&w.id), || {
                format!("water {} -> {} is one-sided", w.key, waters[n.index()].key)
            });
        }
    }
    for p in &provinces {
        if p.is_overseas() {
            check.that(p.coasts.is_empty(), || {
                format!("province {}: the overseas boxes are reached across the ocean, not by coast strips", p.key)
            });
        }
    }
    (provinces, waters)
}

fn commodities(check: &mut Check, file: CommoditiesFile) -> Vec<CommodityInfo> {
    let ids: Vec<Commodity> = file.commodities.iter().map(|c| c.id).collect();
    check.that(ids == Commodity::ALL, || {
        format!("commodities.json: the twelve commodities in table order, got {ids:?}")
    });
    file.commodities
        .into_iter()
        .map(|c| {
            let what = format!("commodity {:?}", c.id);
            check.that(c.base >= 1, || format!("{what}: base value 0"));
            check.that((2..=12).contains(&c.ss_roll), || {
                format!("{what}: roll {} not 2..=12", c.ss_roll)
            });
            check.that(!c.payout_track.is_empty(), || {
                format!("{what}: empty payout track")
            });
            check.provenance(&what, &c.provenance);
            CommodityInfo {
                commodity: c.id,
                name_de: c.name_de,
                name_source: c.name_source,
                base: c.base,
                ss_roll: c.ss_roll,
                payout_track: c.payout_track,
                provenance: c.provenance,
            }
        })
        .collect()
}

fn advances(check: &mut Check, file: AdvancesFile) -> Vec<AdvanceInfo> {
    let ids: Vec<Advance> = file.advances.iter().map(|a| a.id).collect();
    check.that(ids == Advance::ALL, || {
        format!("advances.json: the advances A..Z in order, got {ids:?}")
    });
    let out: Vec<AdvanceInfo> = file
        .advances
        .into_iter()
        .map(|a| {
            let what = format!("advance {}", a.id);
            check.that(is_key(&a.key), || {
                format!("{what}: key {:?} is not snake_case", a.key)
            });
            check.that(!a.prerequisites.contains(&a.id), || {
                format!("{what}: its own prerequisite")
            });
            check.that((-1..=1).contains(&a.misery_on_purchase), || {
                format!("{what}: misery step out of -1..=1")
            });
            check.that(
                !a.phases.is_empty() && a.phases.iter().all(|p| (1..=7).contains(p)),
                || format!("{what}: phases must be 1..=7"),
            );
            check.that(!a.effects.is_empty(), || format!("{what}: no effect"));
            check.provenance(&what, &a.provenance);
            AdvanceInfo {
                advance: a.id,
                key: a.key,
                name_de: a.name_de,
                name_source: a.name_source,
                category: a.category,
                cost: a.cost,
                credit: a.credit,
                prerequisites: a.prerequisites,
                misery_on_purchase: a.misery_on_purchase,
                phases: a.phases,
                effects: a.effects,
                provenance: a.provenance,
            }
        })
        .collect();
    if out.len() == Advance::ALL.len()
        && let Some(cycle) = prerequisite_cycle(&out)
    {
        check
            .problems
            .push(format!("advances.json: prerequisite cycle through {cycle}"));
    }
    out
}

/// An advance on a prerequisite cycle, if there is one (depth-first search).
fn prerequisite_cycle(advances: &[AdvanceInfo]) -> Option<Advance> {
    fn visit(a: Advance, advances: &[AdvanceInfo], state: &mut [u8; 26]) -> Option<Advance> {
        match state[a.index()] {
            1 => return Some(a),
            2 => return None,
            _ => {}
        }
        state[a.index()] = 1;
        for &p in &advances[a.index()].prerequisites {
            if let Some(c) = visit(p, advances, state) {
                return Some(c);
            }
        }
        state[a.index()] = 2;
        None
    }
    let mut state = [0u8; 26];
    Advance::ALL
        .into_iter()
        .find_map(|a| visit(a, advances, &mut state))
}

fn cards(check: &mut Check, file: CardsFile) -> Vec<Card> {
    let kinds: Vec<RawCardKind> = file.cards.iter().map(|c| c.kind).collect();
    check.that(kinds.windows(2).all(|w| w[0] <= w[1]), || {
        "cards.json: commodity cards, then events, then personalities".into()
    });
    let mut keys = BTreeSet::new();
    let mut events = BTreeSet::new();
    let mut out = Vec::new();
    for (i, c) in file.cards.into_iter().enumerate() {
        let what = format!("card {}", c.id);
        check.that(is_key(&c.id), || {
            format!("{what}: id is not a snake_case key")
        });
        check.that(keys.insert(c.id.clone()), || format!("{what}: id twice"));
        check.that((1..=3).contains(&c.epoch), || {
            format!("{what}: epoch {} not 1..=3", c.epoch)
        });
        let kind = match c.kind {
            RawCardKind::Commodity => {
                let coms = c.commodities.clone().unwrap_or_default();
                check.that((1..=2).contains(&coms.len()), || {
                    format!("{what}: one or two commodities")
                });
                check.that(
                    c.military_advantage.is_none()
                        && c.credits.is_none()
                        && c.event_bonus.is_none(),
                    || format!("{what}: a commodity card has only commodities"),
                );
                CardKind::Commodity { commodities: coms }
            }
            RawCardKind::Event => {
                let event: Option<Event> =
                    serde_json::from_value(serde_json::Value::String(c.id.clone())).ok();
                check.that(event.is_some(), || {
                    format!("{what}: the id of an event card names its event")
                });
                check.that(c.military_advantage.is_some(), || {
                    format!("{what}: military_advantage missing")
                });
                check.that(
                    c.commodities.is_none() && c.credits.is_none() && c.event_bonus.is_none(),
                    || format!("{what}: an event card has no commodities or credits"),
                );
                if let Some(e) = event {
                    check.that(events.insert(e), || format!("{what}: event twice"));
                }
                CardKind::Event {
                    event: event.unwrap_or(Event::War),
                    military_advantage: c.military_advantage.unwrap_or(false),
                }
            }
            RawCardKind::Personality => {
                let credits: Vec<Credit> = c
                    .credits
                    .as_ref()
                    .map(|cs| {
                        cs.iter()
                            .map(|r| Credit {
                                advance: r.advance,
                                amount: r.amount,
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                check.that(!credits.is_empty(), || {
                    format!("{what}: a personality gives credits")
                });
                check.that(credits.iter().all(|x| x.amount > 0), || {
                    format!("{what}: a credit of 0")
                });
                let distinct: BTreeSet<Advance> = credits.iter().map(|x| x.advance).collect();
                check.that(distinct.len() == credits.len(), || {
                    format!("{what}: an advance twice")
                });
                check.that(
                    c.commodities.is_none() && c.military_advantage.is_none(),
                    || format!("{what}: a personality has no commodities"),
                );
                check.that(!c.recycled, || {
                    format!("{what}: personalities leave the game after the round")
                });
                CardKind::Personality {
                    credits,
                    event_bonus: c.event_bonus.as_ref().map(|b| EventBonus {
                        event: b.event,
                        amount: b.amount,
                    }),
                }
            }
        };
        check.provenance(&what, &c.provenance);
        out.push(Card {
            id: CardId(i as u8),
            key: c.id,
            name_de: c.name_de,
            name_en: c.name_en,
            epoch: c.epoch,
            recycled: c.recycled,
            held_back: c.held_back,
            kind,
            provenance: c.provenance,
        });
    }
    check.that(events.len() == 18, || {
        format!("cards.json: {} of the 18 events", events.len())
    });
    for c in &out {
        if let CardKind::Personality {
            event_bonus: Some(b),
            ..
        } = &c.kind
        {
            check.that(events.contains(&b.event), || {
                format!("card {}: bonus event {:?} has no card", c.key, b.event)
            });
        }
    }
    out
}

fn setup(check: &mut Check, file: SetupFile, provinces: &[Province]) -> Setup {
    for (what, p) in [
        ("starting_cash", &file.starting_cash.provenance),
        ("setup_deal", &file.setup_deal.provenance),
        ("setup_keep", &file.setup_keep.provenance),
        ("expansion_tokens", &file.expansion_tokens.provenance),
        ("control_tokens", &file.control_tokens.provenance),
        ("shortage_counters", &file.shortage_counters.provenance),
    ] {
        check.provenance(&format!("setup {what}"), p);
    }
    check.that(file.setup_keep.value <= file.setup_deal.value, || {
        "setup.json: more cards kept than dealt".into()
    });
    let mut capitals = Vec::new();
    for c in file.capitals {
        let what = format!("capital {}", c.province);
        let id = provinces.iter().find(|p| p.key == c.province).map(|p| p.id);
        check.that(id.is_some(), || format!("{what}: unknown province"));
        if let Some(id) = id {
            check.that(provinces[id.index()].is_capital(), || {
                format!("{what}: not a capital on the map")
            });
        }
        check.that((3..=6).contains(&c.from_players), || {
            format!("{what}: from_players not 3..=6")
        });
        check.provenance(&what, &c.provenance);
        capitals.push(CapitalInfo {
            province: id.unwrap_or(ProvinceId(0)),
            from_players: c.from_players,
            colour: c.colour,
            provenance: c.provenance,
        });
    }
    let listed: BTreeSet<ProvinceId> = capitals.iter().map(|c| c.province).collect();
    let on_map: BTreeSet<ProvinceId> = provinces
        .iter()
        .filter(|p| p.is_capital())
        .map(|p| p.id)
        .collect();
    check.that(listed == on_map && listed.len() == capitals.len(), || {
        "setup.json: the capitals must be the map's capitals, each once".into()
    });
    let counts: Vec<u8> = file.players.iter().map(|p| p.players).collect();
    check.that(counts == [3, 4, 5, 6], || {
        format!("setup.json: player counts 3, 4, 5, 6 in order, got {counts:?}")
    });
    let players = file
        .players
        .into_iter()
        .map(|p| {
            let what = format!("setup for {} players", p.players);
            let b = &p.turn_order_boxes;
            check.that(
                b.len() == p.players as usize
                    && b.windows(2).all(|w| w[0] < w[1])
                    && b.iter().all(|x| (1..=6).contains(x)),
                || format!("{what}: one increasing turn-order box in 1..=6 per player"),
            );
            check.provenance(&what, &p.provenance);
            PlayerCountInfo {
                players: p.players,
                turn_order_boxes: p.turn_order_boxes,
                held_back_join: p.held_back_join,
                personality_slots: p.personality_slots,
                income_per_province: p.income_per_province,
                provenance: p.provenance,
            }
        })
        .collect();
    Setup {
        starting_cash: file.starting_cash,
        setup_deal: file.setup_deal,
        setup_keep: file.setup_keep,
        expansion_tokens: file.expansion_tokens,
        control_tokens: file.control_tokens,
        shortage_counters: file.shortage_counters,
        capitals,
        players,
    }
}

fn check_tables(check: &mut Check, t: &Tables) {
    fn increasing<T: PartialOrd + std::fmt::Debug>(
        check: &mut Check,
        what: &str,
        table: &Table<T>,
    ) {
        check.that(
            !table.values.is_empty() && table.values.windows(2).all(|w| w[0] < w[1]),
            || format!("tables.json {what}: must be a non-empty increasing row"),
        );
        check.provenance(&format!("tables.json {what}"), &table.provenance);
    }
    fn single<T>(check: &mut Check, what: &str, table: &Table<T>) {
        check.that(table.values.len() == 1, || {
            format!("tables.json {what}: one value")
        });
        check.provenance(&format!("tables.json {what}"), &table.provenance);
    }
    increasing(check, "misery_track", &t.misery_track);
    check.that(t.misery_track.values.first() == Some(&0), || {
        "tables.json misery_track: starts at 0".into()
    });
    increasing(check, "galley_capacity", &t.galley_capacity);
    increasing(check, "three_master_capacity", &t.three_master_capacity);
    increasing(check, "ocean_going_capacity", &t.ocean_going_capacity);
    increasing(check, "token_card_prices", &t.token_card_prices);
    increasing(check, "stabilization_printed", &t.stabilization_printed);
    single(check, "fleet_upgrade_cost", &t.fleet_upgrade_cost);
    single(check, "shortage_green_max", &t.shortage_green_max);
    single(check, "income_base", &t.income_base);
    single(check, "middle_class_income", &t.middle_class_income);
    single(check, "urban_card_price", &t.urban_card_price);
    single(check, "holy_indulgence_tokens", &t.holy_indulgence_tokens);
    single(check, "institutional_credit", &t.institutional_credit);
    single(check, "mongol_cash", &t.mongol_cash);
    check.that(t.combat_win_percent.values.len() == 6, || {
        "tables.json combat_win_percent: one row per rank 1-6".into()
    });
    check.provenance(
        "tables.json combat_win_percent",
        &t.combat_win_percent.provenance,
    );
}
