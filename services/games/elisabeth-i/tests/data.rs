//! The data pack against the seed: every fact the seed states about the map and components
//! (listed in `fixtures/seed_facts.json`, transcribed from the seed, not from `data/`), the
//! public facts we used, and structural checks (symmetric connections, reachability, ports,
//! provenance of every record, and the loader refusing broken packs).

use std::collections::{BTreeMap, BTreeSet, HashSet, VecDeque};

use serde_json::Value;
use signoria_elisabeth_i::data::{
    self, BorderKind, CardKind, ConnectionKind, Data, Deck, Entry, Faction, PassRange, PoolOwner,
    Power, Religion, ReligiousZone, Restriction, SeaGroup, ShipType, Source, Sources, SpaceId,
    SpaceKind,
};

const FIXTURE: &str = include_str!("fixtures/seed_facts.json");
const README: &str = include_str!("../data/README.md");

fn fx() -> &'static Value {
    static FX: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
    FX.get_or_init(|| serde_json::from_str(FIXTURE).expect("fixture parses"))
}
fn d() -> &'static Data {
    data::data()
}
fn arr(v: &Value) -> &Vec<Value> {
    v.as_array().expect("array")
}
fn s(v: &Value) -> &str {
    v.as_str().expect("string")
}
fn n(v: &Value) -> u64 {
    v.as_u64().expect("number")
}
fn space(name: &str) -> SpaceId {
    let d = d();
    d.space_ids()
        .find(|&i| d.space(i).name == name)
        .unwrap_or_else(|| panic!("the seed names space {name}; the data pack lacks it"))
}
fn power(name: &str) -> Power {
    serde_json::from_value(Value::String(name.into())).expect("power name")
}
fn pool(name: &str) -> PoolOwner {
    serde_json::from_value(Value::String(name.into())).expect("pool owner name")
}
fn zone(name: &str) -> ReligiousZone {
    serde_json::from_value(Value::String(name.into())).expect("zone name")
}
fn sea(name: &str) -> data::SeaZoneId {
    let d = d();
    (0..d.sea_zones.len() as u8)
        .map(data::SeaZoneId)
        .find(|&z| d.sea_zone(z).name == name)
        .unwrap_or_else(|| panic!("sea zone {name} missing"))
}
fn ocean(name: &str) -> data::OceanZoneId {
    let d = d();
    (0..d.ocean_zones.len() as u8)
        .map(data::OceanZoneId)
        .find(|&z| d.ocean_zone(z).name == name)
        .unwrap_or_else(|| panic!("ocean zone {name} missing"))
}
fn card_titled(title: &str) -> &'static data::Card {
    let hits: Vec<_> = d()
        .cards
        .iter()
        .filter(|c| c.title_de.as_deref() == Some(title))
        .collect();
    assert_eq!(hits.len(), 1, "card {title} must appear exactly once");
    hits[0]
}

// ------------------------------------------------------------------ the fixture itself

#[test]
fn fixture_is_substantial() {
    let f = fx();
    assert!(arr(&f["spaces"]).len() >= 35);
    assert!(arr(&f["cards"]["titles"]).len() >= 55);
    assert!(arr(&f["adjacent"]).len() >= 5);
    for sp in arr(&f["spaces"]) {
        assert!(s(&sp["ref"]).contains('L'), "{sp} cites a seed line");
    }
}

// ------------------------------------------------------------------ map: spaces

#[test]
fn named_spaces_have_the_seed_facts() {
    let d = d();
    let mut checked = 0;
    for f in arr(&fx()["spaces"]) {
        let name = s(&f["name"]);
        let sp = d.space(space(name));
        if let Some(k) = f.get("kind") {
            let want: SpaceKind = serde_json::from_value(k.clone()).unwrap();
            assert_eq!(sp.kind, want, "{name} kind");
            checked += 1;
        }
        if f.get("fortified").is_some() {
            assert!(sp.kind.fortified(), "{name} is fortified");
            checked += 1;
        }
        if let Some(c) = f.get("capital") {
            assert_eq!(sp.capital, c.as_bool().unwrap(), "{name} capital");
            checked += 1;
        }
        if let Some(h) = f.get("home") {
            assert_eq!(sp.home, power(s(h)), "{name} home power");
            checked += 1;
        }
        if let Some(h) = f.get("not_home") {
            assert_ne!(sp.home, power(s(h)), "{name} is not a {h} home space");
            checked += 1;
        }
        if let Some(t) = f.get("split_top") {
            assert!(t.is_null());
            assert_eq!(sp.split_top, None, "{name} is not a split space");
            checked += 1;
        }
        if let Some(z) = f.get("zone") {
            assert_eq!(sp.zone, Some(zone(s(z))), "{name} religious zone");
            checked += 1;
        }
        if let Some(z) = f.get("not_zone") {
            assert_ne!(sp.zone, Some(zone(s(z))), "{name} lies outside {z}");
            checked += 1;
        }
        if let Some(i) = f.get("inland_port") {
            assert_eq!(sp.inland_port, i.as_bool().unwrap(), "{name} inland port");
            checked += 1;
        }
        if let Some(p) = f.get("ports") {
            match p {
                Value::String(w) if w == "any" => assert!(sp.is_port(), "{name} is a port"),
                Value::String(w) if w == "atlantic" => assert!(
                    sp.ships_may_enter()
                        && sp
                            .ports
                            .iter()
                            .any(|z| d.sea_zone(*z).group == SeaGroup::Atlantic),
                    "{name} is a port on an Atlantic zone"
                ),
                Value::Array(zs) => {
                    let want: BTreeSet<_> = zs.iter().map(|z| sea(s(z))).collect();
                    let got: BTreeSet<_> = sp.ports.iter().copied().collect();
                    assert_eq!(got, want, "{name} ports");
                }
                other => panic!("fixture port fact {other}"),
            }
            checked += 1;
        }
        if let Some(r) = f.get("restrictions") {
            for x in arr(r) {
                let want: Restriction = serde_json::from_value(x.clone()).unwrap();
                assert!(sp.has(want), "{name} carries {want:?}");
            }
            checked += 1;
        }
    }
    assert!(checked >= 60, "only {checked} facts checked");
}

#[test]
fn printed_capitals_are_exactly_the_seeds() {
    let f = fx();
    let want: BTreeSet<String> = arr(&f["printed_capitals"]["names"])
        .iter()
        .map(|v| s(v).to_string())
        .collect();
    let got: BTreeSet<String> = d()
        .spaces
        .iter()
        .filter(|x| x.capital)
        .map(|x| x.name.clone())
        .collect();
    assert_eq!(got, want);
    for c in d().spaces.iter().filter(|x| x.capital) {
        assert_eq!(c.kind, SpaceKind::Key, "a capital is a key (2.1)");
    }
    let d = d();
    let caps = |p: Power| -> Vec<&str> {
        d.power(p)
            .capitals
            .iter()
            .map(|&c| d.space(c).name.as_str())
            .collect()
    };
    assert_eq!(caps(Power::Spain), ["Madrid", "Milan"]);
    assert_eq!(caps(Power::Hre), ["Vienna"]);
    assert_eq!(
        d.power(Power::Hre)
            .later_capital
            .map(|c| d.space(c).name.as_str()),
        Some("Prague")
    );
    assert!(
        caps(Power::Protestant).is_empty(),
        "no fixed Protestant capital (2.1)"
    );
    assert_eq!(caps(Power::Ottoman), ["Istanbul"]);
    assert_eq!(caps(Power::England), ["London"]);
    assert_eq!(caps(Power::France), ["Paris"]);
}

#[test]
fn independent_fortified_spaces_are_metz_tunis_florence() {
    let f = fx();
    let d = d();
    let indep: Vec<_> = d
        .spaces
        .iter()
        .filter(|x| x.home == Power::Independent && x.kind.fortified())
        .collect();
    let keys: BTreeSet<&str> = indep
        .iter()
        .filter(|x| x.kind == SpaceKind::Key)
        .map(|x| x.name.as_str())
        .collect();
    let forts: BTreeSet<&str> = indep
        .iter()
        .filter(|x| x.kind == SpaceKind::Fortress)
        .map(|x| x.name.as_str())
        .collect();
    let want_keys: BTreeSet<&str> = arr(&f["independent_fortified"]["keys"])
        .iter()
        .map(s)
        .collect();
    let want_forts: BTreeSet<&str> = arr(&f["independent_fortified"]["fortresses"])
        .iter()
        .map(s)
        .collect();
    assert_eq!(keys, want_keys);
    assert_eq!(forts, want_forts);
}

#[test]
fn split_home_spaces_are_seven_dutch_and_twelve_huguenot() {
    let f = &fx()["split_home_spaces"];
    let d = d();
    let split: Vec<_> = d.spaces.iter().filter(|x| x.is_split()).collect();
    assert_eq!(split.len() as u64, n(&f["total"]));
    let dutch = split
        .iter()
        .filter(|x| x.split_top == Some(Faction::Dutch) && x.home == Power::Spain)
        .count();
    let hug = split
        .iter()
        .filter(|x| x.split_top == Some(Faction::Huguenot) && x.home == Power::France)
        .count();
    assert_eq!(dutch as u64, n(&f["dutch_over_spain"]));
    assert_eq!(hug as u64, n(&f["huguenot_over_france"]));
    for x in &split {
        let z = match x.split_top {
            Some(Faction::Dutch) => ReligiousZone::Netherlands,
            _ => ReligiousZone::France,
        };
        assert_eq!(x.zone, Some(z), "{} lies in its faction's zone", x.name);
    }
    // the Protestants have no other home spaces (they start with none of their own)
    assert_eq!(d.home_spaces(Power::Protestant).count(), 19);
}

#[test]
fn religious_zones_and_home_colours() {
    let f = fx();
    let d = d();
    let used: BTreeSet<ReligiousZone> = d.spaces.iter().filter_map(|x| x.zone).collect();
    let want: BTreeSet<ReligiousZone> = arr(&f["religious_zones"]["names"])
        .iter()
        .map(|z| zone(s(z)))
        .collect();
    assert_eq!(used, want);
    for (k, v) in f["home_colours"].as_object().unwrap() {
        if k == "ref" {
            continue;
        }
        let info = d.power(power(k));
        match v {
            Value::String(c) => assert_eq!(&info.home_colour, c, "{k} colour"),
            Value::Array(cs) => {
                for c in cs {
                    assert!(info.home_colour.contains(s(c)), "{k} colour {c}");
                }
            }
            _ => panic!(),
        }
    }
    // enough zone spaces that "over 50 Protestant spaces" (25.1) can happen
    let zone_spaces = d.spaces.iter().filter(|x| x.zone.is_some()).count();
    assert!(zone_spaces > n(&f["tables"]["victory"]["protestant_more_than"]) as usize);
    // Scotland's status modifier counts 3 Scottish home spaces (24.6)
    assert!(d.home_spaces(Power::Scotland).count() >= 3);
}

// ------------------------------------------------------------------ map: connections

#[test]
fn adjacencies_stated_by_the_seed() {
    let d = d();
    for a in arr(&fx()["adjacent"]) {
        let (x, y) = (space(s(&a["a"])), space(s(&a["b"])));
        let c = d
            .connection_between(x, y)
            .unwrap_or_else(|| panic!("{a} must be adjacent"));
        assert_eq!(c.kind, ConnectionKind::Normal, "{a}");
    }
}

#[test]
fn passes_four_pyrenees_six_alps_seven_balkans() {
    let f = &fx()["passes"];
    let d = d();
    let count = |r: PassRange| {
        d.connections
            .iter()
            .filter(|c| c.kind == ConnectionKind::Pass && c.range == Some(r))
            .count() as u64
    };
    assert_eq!(count(PassRange::Pyrenees), n(&f["pyrenees"]));
    assert_eq!(count(PassRange::Alps), n(&f["alps"]));
    assert_eq!(count(PassRange::Balkans), n(&f["balkans"]));
    assert_eq!(
        d.connections
            .iter()
            .filter(|c| c.kind == ConnectionKind::Pass)
            .count(),
        17
    );
    // the Pyrenees passes run between Spain and France (2.5)
    for c in d
        .connections
        .iter()
        .filter(|c| c.range == Some(PassRange::Pyrenees))
    {
        let homes: BTreeSet<Power> = [d.space(c.a).home, d.space(c.b).home].into();
        assert_eq!(homes, [Power::Spain, Power::France].into());
    }
}

#[test]
fn inland_waterways_brielle_rotterdam_and_flushing_antwerp() {
    let f = &fx()["inland_waterways"];
    let d = d();
    let ways: Vec<_> = d
        .connections
        .iter()
        .filter(|c| c.kind == ConnectionKind::InlandWaterway)
        .collect();
    assert_eq!(ways.len(), arr(&f["pairs"]).len());
    for p in arr(&f["pairs"]) {
        let (port, inland) = (space(s(&p["port"])), space(s(&p["inland"])));
        let c = d.connection_between(port, inland).expect("waterway");
        assert_eq!(c.kind, ConnectionKind::InlandWaterway);
        assert_eq!(c.controlled_by_port, Some(port));
        assert!(
            d.space(port).ships_may_enter(),
            "the ordinary port takes ships"
        );
        assert!(d.space(inland).inland_port && !d.space(inland).ships_may_enter());
        assert!(
            d.space(inland).ports.contains(&sea("North Sea")),
            "16.7: linked to the North Sea"
        );
    }
}

#[test]
fn thirteen_sea_zones_in_two_groups() {
    let f = &fx()["sea_zones"];
    let d = d();
    assert_eq!(d.sea_zones.len(), 13);
    for (g, group) in [
        ("mediterranean", SeaGroup::Mediterranean),
        ("atlantic", SeaGroup::Atlantic),
    ] {
        let want: BTreeSet<&str> = arr(&f[g]).iter().map(s).collect();
        let got: BTreeSet<&str> = d
            .sea_zones
            .iter()
            .filter(|z| z.group == group)
            .map(|z| z.name.as_str())
            .collect();
        assert_eq!(got, want, "{g}");
    }
    for pair in arr(&f["not_adjacent"]) {
        let (a, b) = (sea(s(&pair[0])), sea(s(&pair[1])));
        assert!(!d.sea_zone(a).adjacent.contains(&b), "{pair} not adjacent");
        assert!(!d.sea_zone(b).adjacent.contains(&a), "{pair} not adjacent");
    }
}

#[test]
fn fortified_spaces_hold_four_defenders_and_formations() {
    let f = fx();
    let t = &d().tables;
    assert_eq!(
        t.fortified_space_max_defenders.value as u64,
        n(&f["fortified_space_max_defenders"]["value"])
    );
    let fm = &f["formation"];
    assert_eq!(t.formation.max_units(&[]) as u64, n(&fm["no_leader"]));
    let ex: Vec<u8> = arr(&fm["example"]["commands"])
        .iter()
        .map(|v| n(v) as u8)
        .collect();
    assert_eq!(
        t.formation.max_units(&ex[..1]) as u64,
        n(&fm["example"]["one_leader"])
    );
    assert_eq!(t.formation.max_units(&ex) as u64, n(&fm["example"]["both"]));
    assert_eq!(t.formation.max_units(&[4, 10, 8]), 18, "the two highest");
}

// ------------------------------------------------------------------ units

#[test]
fn naval_units_per_power() {
    let d = d();
    let rows = arr(&fx()["naval_units"]["rows"]);
    assert_eq!(d.naval_pools.len(), rows.len());
    for r in rows {
        let p = d.naval_pool(pool(s(&r["owner"]))).expect("pool");
        assert_eq!(p.count as u64, n(&r["count"]), "{r}");
        let front: ShipType = serde_json::from_value(r["front"].clone()).unwrap();
        assert_eq!(p.front, front);
        let back: Option<ShipType> = serde_json::from_value(r["back"].clone()).unwrap();
        assert_eq!(p.back, back);
    }
}

#[test]
fn land_units_and_special_units() {
    let f = fx();
    let d = d();
    let lu = &f["land_units"];
    let den: BTreeSet<u8> = arr(&lu["denominations"])
        .iter()
        .map(|v| n(v) as u8)
        .collect();
    for p in &d.land_pools {
        for c in &p.counters {
            assert!(den.contains(&c.value), "{:?} counter {}", p.power, c.value);
        }
        let ottoman = p.power == pool(s(&lu["cavalry_only"]));
        assert_eq!(p.back == Some(data::powers::LandSide::Cavalry), ottoman);
        if p.power != PoolOwner::Independent {
            assert_eq!(
                p.back == Some(data::powers::LandSide::Mercenary),
                !ottoman,
                "5.3: every power but the Ottomans has mercenaries ({:?})",
                p.power
            );
        }
    }
    for m in Power::MAJORS.iter().chain(Power::MINORS.iter()) {
        assert!(
            d.land_pools.iter().any(|p| p.power.power() == *m),
            "{m:?} has regulars (5.3)"
        );
    }
    let su = |id: &str| d.special_units.iter().find(|u| u.id == id).expect(id);
    assert_eq!(su("walloons").counters as u64, n(&lu["walloon_counters"]));
    let ks: BTreeSet<u8> = su("knights_of_st_john")
        .start_strength
        .values()
        .copied()
        .collect();
    let want: BTreeSet<u8> = arr(&lu["knights_strength"])
        .iter()
        .map(|v| n(v) as u8)
        .collect();
    assert!(ks.is_subset(&want));
    let a = &f["armada"];
    let armada = su("armada");
    let sides: Vec<[u8; 2]> = arr(&a["sides"])
        .iter()
        .map(|x| [n(&x[0]) as u8, n(&x[1]) as u8])
        .collect();
    assert_eq!(armada.sides, sides);
    let ports: BTreeSet<SpaceId> = armada
        .build_ports
        .iter()
        .map(|p| d.space_id(p).unwrap())
        .collect();
    let want: BTreeSet<SpaceId> = arr(&a["ports"]).iter().map(|p| space(s(p))).collect();
    assert_eq!(ports, want);
    assert_eq!(armada.upgrade_cp.map(u64::from), Some(n(&a["upgrade_cp"])));
    let mk = &f["markers"];
    let marker = |id: &str| d.markers.iter().find(|m| m.id == id).expect(id);
    assert_eq!(
        marker("treasure").count.map(u64::from),
        Some(n(&mk["treasures"]))
    );
    assert_eq!(d.tables.treasures.total() as u64, n(&mk["treasures"]));
    assert_eq!(
        marker("jesuit").count.map(u64::from),
        Some(n(&mk["jesuits"]))
    );
    assert_eq!(
        d.tables.spanish_allotment.jesuits_total as u64,
        n(&mk["jesuits"])
    );
    for (id, k) in [
        ("informant", "informants_per_power"),
        ("assassination_used", "assassination_used_per_power"),
        ("cipher", "cipher_per_power"),
    ] {
        assert_eq!(marker(id).count_per_power.map(u64::from), Some(n(&mk[k])));
        assert_eq!(
            marker(id).from_turn.map(u64::from),
            Some(n(&mk["espionage_from_turn"]))
        );
    }
}

// ------------------------------------------------------------------ powers

#[test]
fn powers_impulse_order_and_minors() {
    let f = &fx()["powers"];
    let d = d();
    let order: Vec<Power> = arr(&f["impulse_order"])
        .iter()
        .map(|p| power(s(p)))
        .collect();
    assert_eq!(order, Power::MAJORS.to_vec());
    let mut majors: Vec<_> = d
        .powers
        .iter()
        .filter(|p| p.kind == data::PowerKind::Major)
        .collect();
    majors.sort_by_key(|p| p.id.impulse_index());
    assert_eq!(majors.iter().map(|p| p.id).collect::<Vec<_>>(), order);
    let minors: BTreeSet<Power> = arr(&f["minors"]).iter().map(|p| power(s(p))).collect();
    let got: BTreeSet<Power> = d
        .powers
        .iter()
        .filter(|p| p.kind == data::PowerKind::Minor)
        .map(|p| p.id)
        .collect();
    assert_eq!(got, minors);
    assert_eq!(majors.len() + got.len(), 11);
    let factions: Vec<Faction> = d
        .power(Power::Protestant)
        .factions
        .iter()
        .map(|x| x.id)
        .collect();
    assert_eq!(factions, vec![Faction::Dutch, Faction::Huguenot]);
}

// ------------------------------------------------------------------ world map

#[test]
fn world_map_ten_ocean_zones() {
    let f = &fx()["world"];
    let d = d();
    assert_eq!(d.ocean_zones.len() as u64, n(&f["ocean_zone_count"]));
    let americas = d
        .ocean_zones
        .iter()
        .filter(|z| z.group == data::world::OceanGroup::Americas)
        .count();
    assert_eq!(americas as u64, n(&f["americas"]));
    for o in arr(&f["others"]) {
        assert_eq!(
            d.ocean_zone(ocean(s(o))).group,
            data::world::OceanGroup::Other
        );
    }
    for name in arr(&f["named"]) {
        ocean(s(name));
    }
    assert_eq!(
        d.ocean_borders
            .iter()
            .filter(|b| b.wind_toward.is_some())
            .count() as u64,
        n(&f["trade_wind_arrows"])
    );
    for b in d.ocean_borders.iter().filter(|b| b.wind_toward.is_some()) {
        assert_eq!(b.kind, BorderKind::Border, "arrows sit on borders (2.6)");
    }
    assert!(
        d.ocean_borders
            .iter()
            .any(|b| b.kind == BorderKind::Dangerous),
        "dangerous passages exist (2.6)"
    );
    for pair in arr(&f["one_step_moves"]) {
        let (a, b) = (ocean(s(&pair[0])), ocean(s(&pair[1])));
        assert!(d.ocean_neighbours(a).any(|(z, _)| z == b), "{pair}");
    }
    for st in arr(&f["settlements"]) {
        let sid = d
            .settlements
            .iter()
            .position(|x| x.name == s(&st["name"]))
            .unwrap_or_else(|| panic!("settlement {st}"));
        let x = &d.settlements[sid];
        if let Some(zs) = st.get("zones") {
            let want: BTreeSet<_> = arr(zs).iter().map(|z| ocean(s(z))).collect();
            assert_eq!(x.zones.iter().copied().collect::<BTreeSet<_>>(), want);
        }
        if st.get("no_colony").is_some() {
            assert!(x.no_colony);
        }
    }
    for (p, zs) in f["entry_zones"].as_object().unwrap() {
        let want: BTreeSet<_> = arr(zs).iter().map(|z| ocean(s(z))).collect();
        let got: BTreeSet<_> = d.entry_zones[&power(p)].iter().copied().collect();
        assert_eq!(got, want, "{p} entry zones");
    }
    let tr = &f["treasure_rows"];
    assert_eq!(d.treasure_rows.spain_boxes as u64, n(&tr["spain"]));
    assert_eq!(
        (d.treasure_rows.spain_boxes + d.treasure_rows.spain_extra_box_with_philippines) as u64,
        n(&tr["spain_with_philippines"])
    );
    assert_eq!(d.treasure_rows.portugal_boxes as u64, n(&tr["portugal"]));
    // sea zones and ocean zones are never adjacent (16.1): distinct id spaces, nothing links them
    assert!(d.settlements.iter().all(|x| !x.zones.is_empty()));
}

#[test]
fn silver_fleet_table() {
    let f = &fx()["world"]["silver_fleet"];
    let t = &d().tables.silver_fleet;
    for r in arr(&f["rolls"]) {
        let die = n(&r[0]) as u8;
        for (col, spanish) in [(1, false), (2, true)] {
            let key = t.zone_for(die, spanish).expect("row");
            let z = d().ocean_zone_id(key).unwrap();
            assert_eq!(
                d().ocean_zone(z).name,
                s(&r[col]),
                "die {die} philippines {spanish}"
            );
        }
    }
    assert_eq!(t.escort_max_galleons as u64, n(&f["escorts_max"]));
    assert_eq!(
        t.treasures_chosen["with_2_escorts"] as u64,
        n(&f["treasures_with_two_escorts"])
    );
    assert_eq!(
        t.treasures_chosen["otherwise"] as u64,
        n(&f["treasures_otherwise"])
    );
}

// ------------------------------------------------------------------ cards

#[test]
fn one_hundred_twelve_cards() {
    let f = &fx()["cards"];
    let d = d();
    let deck: Vec<_> = d.standard_deck().collect();
    assert_eq!(deck.len() as u64, n(&f["deck"]));
    let ids: Vec<u8> = deck.iter().map(|c| c.id.0).collect();
    assert_eq!(ids, (1..=112).collect::<Vec<u8>>());
    assert_eq!(
        deck.iter().filter(|c| c.entry.stamped()).count() as u64,
        n(&f["stamped"])
    );
    assert!(
        deck.iter().any(|c| c.entry == Entry::CatholicLeague),
        "some cards enter once the League has formed (6.2)"
    );
    for m in Power::MAJORS {
        assert_eq!(
            d.home_cards(m).filter(|c| c.deck == Deck::Standard).count() as u64,
            n(&f["home_cards_per_major"]),
            "{m:?}"
        );
    }
    for c in deck.iter().filter(|c| c.kind == CardKind::Mandatory) {
        assert_eq!(c.cp as u64, n(&f["mandatory_cp"]), "{}", c.title);
    }
    assert_eq!(
        d.cards_for(6).count(),
        112,
        "the six-player deck is the 112"
    );
}

#[test]
fn every_card_fact_the_seed_gives() {
    let titles = arr(&fx()["cards"]["titles"]);
    for t in titles {
        let c = card_titled(s(&t["title"]));
        assert!(c.identified);
        if let Some(k) = t.get("kind") {
            let want: CardKind = serde_json::from_value(k.clone()).unwrap();
            assert_eq!(c.kind, want, "{}", c.title);
        }
        if let Some(p) = t.get("power") {
            assert_eq!(c.power, Some(power(s(p))), "{}", c.title);
        }
        if let Some(cp) = t.get("cp") {
            assert_eq!(c.cp as u64, n(cp), "{}", c.title);
        }
    }
    // the seed's mandatory ruler cards bring in the seed's successors
    let d = d();
    for r in arr(&fx()["rulers"]["by_mandatory_card"]) {
        let ruler = d
            .rulers
            .iter()
            .find(|x| x.name == s(&r["name"]))
            .expect("ruler");
        assert_eq!(ruler.enters_by_card.as_deref(), Some(s(&r["card"])));
        assert_eq!(card_titled(s(&r["card"])).kind, CardKind::Mandatory);
    }
}

// ------------------------------------------------------------------ personalities

#[test]
fn leaders_named_in_the_seed() {
    let f = fx();
    let d = d();
    for l in arr(&f["army_leaders"]) {
        let x = d
            .army_leaders
            .iter()
            .find(|x| x.name == s(&l["name"]))
            .unwrap_or_else(|| panic!("{l}"));
        assert_eq!(x.power, pool(s(&l["owner"])), "{l}");
        if let Some(c) = l.get("command") {
            assert_eq!(x.command as u64, n(c), "{l}");
        }
        if l.get("naval_too").is_some() {
            assert!(x.naval_battle.is_some(), "{l}");
        }
        if let Some(e) = l.get("enters_with") {
            assert_eq!(x.enters_with.as_deref(), Some(s(e)));
            assert_eq!(x.entry_turn, None);
        }
    }
    for l in arr(&f["naval_leaders"]) {
        let x = d
            .naval_leaders
            .iter()
            .find(|x| x.name == s(&l["name"]))
            .unwrap_or_else(|| panic!("{l}"));
        assert_eq!(x.power, power(s(&l["owner"])));
        assert!(x.piracy.is_some(), "{l} has a piracy rating");
        if let Some(r) = l.get("replaces") {
            let by = d.naval_leader(x.replaces.as_deref().unwrap()).unwrap();
            assert_eq!(by.name, s(r));
        }
    }
    // only Dragut and Uluch Ali have a piracy rating (5.1)
    assert_eq!(
        d.naval_leaders
            .iter()
            .filter(|x| x.piracy.is_some())
            .count(),
        2
    );
    // every power whose last army leader can die has a default leader (5.1)
    for p in [
        "ottoman", "spain", "england", "france", "hre", "dutch", "huguenot",
    ] {
        assert!(d.default_leaders.iter().any(|x| x.power == pool(p)), "{p}");
    }
}

#[test]
fn captains_rulers_and_nobles() {
    let f = fx();
    let d = d();
    let c = &f["captains"];
    for x in arr(&c["named"]) {
        let cap = d
            .captains
            .iter()
            .find(|y| y.name == s(&x["name"]))
            .unwrap_or_else(|| panic!("{x}"));
        let want: BTreeSet<Power> = arr(&x["powers"]).iter().map(|p| power(s(p))).collect();
        assert_eq!(cap.powers.iter().copied().collect::<BTreeSet<_>>(), want);
        if x.get("scientist").is_some() {
            assert!(cap.scientist);
        }
    }
    let with: BTreeSet<Power> = arr(&c["powers_with_captains"])
        .iter()
        .map(|p| power(s(p)))
        .collect();
    let got: BTreeSet<Power> = d
        .captains
        .iter()
        .flat_map(|x| x.powers.iter().copied())
        .collect();
    assert_eq!(got, with, "17.4: only these powers outfit expeditions");
    assert!(
        d.captains
            .iter()
            .any(|x| x.powers == [Power::England] && x.battle == 1)
    );
    let r = &f["rulers"];
    for x in arr(&r["initial"]) {
        let ru = d.rulers.iter().find(|y| y.name == s(&x["name"])).unwrap();
        assert!(ru.initial && ru.power == power(s(&x["power"])));
    }
    let finals: BTreeSet<&str> = arr(&r["final"]).iter().map(s).collect();
    let got: BTreeSet<&str> = d
        .rulers
        .iter()
        .filter(|y| y.final_ruler)
        .map(|y| y.name.as_str())
        .collect();
    assert_eq!(got, finals);
    for x in arr(&r["death"]) {
        let ru = d.rulers.iter().find(|y| y.name == s(&x["name"])).unwrap();
        assert_eq!(ru.death_admin.map(u64::from), Some(n(&x["admin"])), "{x}");
        assert_eq!(
            ru.death_card_bonus,
            Some(0),
            "{x}: no card bonus after death"
        );
        assert!(ru.admin as u64 > n(&x["admin"]), "{x}: the rating drops");
        assert!(ru.card_bonus > 0, "{x}: the card bonus is lost");
    }
    let nb = &f["nobles"];
    for name in arr(&nb["named"]) {
        assert!(d.nobles.iter().any(|x| x.name == s(name)), "noble {name}");
    }
    assert_eq!(
        d.nobles
            .iter()
            .filter(|x| x.family == Some(data::personalities::Family::Valois))
            .count() as u64,
        n(&nb["valois"])
    );
    assert!(
        !d.nobles
            .iter()
            .any(|x| x.power == power(s(&nb["no_nobles"])))
    );
    for x in d.nobles.iter().filter(|x| x.power == Power::Spain) {
        assert_eq!(
            x.family,
            Some(data::personalities::Family::Habsburg),
            "{}",
            x.name
        );
    }
}

// ------------------------------------------------------------------ tables

#[test]
fn tables_printed_in_the_seed() {
    let f = &fx()["tables"];
    let t = &d().tables;
    let es = &f["england_spain_dow"];
    assert_eq!(
        t.england_spain_dow.cost(false, false, false) as u64,
        n(&es["base"])
    );
    assert_eq!(
        t.england_spain_dow.cost(true, false, false) as i64,
        n(&es["base"]) as i64 + es["excommunicated"].as_i64().unwrap()
    );
    assert_eq!(
        t.england_spain_dow.cost(false, true, false) as i64,
        n(&es["base"]) as i64 + es["mary_captured"].as_i64().unwrap()
    );
    assert_eq!(
        t.england_spain_dow.cost(true, true, true) as u64,
        n(&es["floor"])
    );
    assert_eq!(
        t.england_spain_dow
            .spain_may_enter_ireland_scotland_at_or_below as u64,
        n(&es["enter_ireland_scotland_at"])
    );
    assert_eq!(
        t.england_spain_dow.mary_executed as i64,
        es["mary_executed"].as_i64().unwrap()
    );
    let cl = &f["catholic_league"];
    assert_eq!(
        t.catholic_league
            .check_turns
            .iter()
            .map(|&x| x as u64)
            .collect::<Vec<_>>(),
        arr(&cl["turns"]).iter().map(n).collect::<Vec<_>>()
    );
    assert_eq!(
        t.catholic_league.automatic_protestant_keys_in_france as u64,
        n(&cl["automatic_keys"])
    );
    assert_eq!(
        t.catholic_league.no_check_if_at_most_french_home_spaces as u64,
        n(&cl["no_check_at_most"])
    );
    assert_eq!(t.catholic_league.roll_target as u64, n(&cl["target"]));
    assert_eq!(
        t.catholic_league.spain_min_regulars as u64,
        n(&cl["min_regulars"])
    );
    assert_eq!(
        t.catholic_league.french_units_removed_divisor as u64,
        n(&cl["divisor"])
    );
    let su = &f["suez"];
    assert_eq!(
        t.suez_canal.first_attempt_success_on,
        vec![n(&su["first_success"]) as u8]
    );
    assert_eq!(
        t.suez_canal.each_failure_lowers_target_by as u64,
        n(&su["lower_per_failure"])
    );
    assert_eq!(
        t.suez_canal.with_excavation_lowers_by as u64,
        n(&su["lower_with_excavation"])
    );
    assert_eq!(t.suez_canal.bonus_vp as u64, n(&su["vp"]));
    assert_eq!(t.suez_canal.card_marker as u64, n(&su["cards"]));
    let v = &f["victory"];
    assert_eq!(t.victory.standard_vp as u64, n(&v["standard"]));
    assert_eq!(t.victory.domination_lead as u64, n(&v["domination_lead"]));
    assert_eq!(
        t.victory.domination_from_turn as u64,
        n(&v["domination_from_turn"])
    );
    assert_eq!(t.victory.last_turn as u64, n(&v["turns"]));
    assert_eq!(t.turns.count as u64, n(&v["turns"]));
    assert_eq!(
        t.victory.protestant_religious_victory_more_than as u64,
        n(&v["protestant_more_than"])
    );
    assert_eq!(
        t.victory.catholic_religious_victory_at as u64,
        n(&v["catholic_at"])
    );
    assert_eq!(
        t.victory
            .france_religious_victory_max_protestant_in_france_and_scotland as u64,
        n(&v["france_at_most"])
    );
    assert_eq!(
        t.victory.catholic_rebellion_hits_margin as u64,
        n(&v["rebellion_margin"])
    );
    assert_eq!(
        t.victory
            .circumnavigation_vp
            .iter()
            .map(|&x| x as u64)
            .collect::<Vec<_>>(),
        arr(&v["circumnavigation"])
            .iter()
            .map(n)
            .collect::<Vec<_>>()
    );
    assert_eq!(
        t.victory.virgin_queen_vp_max as u64,
        n(&v["virgin_queen_max"])
    );
    let p = &f["paris_vp"];
    assert_eq!(
        t.paris_vp
            .turns_for_2_vp
            .iter()
            .map(|&x| x as u64)
            .collect::<Vec<_>>(),
        arr(&p["turns"]).iter().map(n).collect::<Vec<_>>()
    );
    assert_eq!(t.paris_vp.otherwise_vp as u64, n(&p["otherwise"]));
    let d = d();
    assert_eq!(
        d.army_leader(&t.paris_vp.spain_leader).unwrap().name,
        "Duke of Guise"
    );
    assert_eq!(
        d.army_leader(&t.paris_vp.protestant_leader).unwrap().name,
        "Henry Navarre"
    );
    let ce = &f["central_europe"];
    let keys: BTreeSet<SpaceId> = t
        .master_of_central_europe
        .keys
        .iter()
        .map(|k| d.space_id(k).unwrap())
        .collect();
    let want: BTreeSet<SpaceId> = arr(&ce["keys"]).iter().map(|k| space(s(k))).collect();
    assert_eq!(keys, want);
    assert_eq!(t.master_of_central_europe.vp_per_turn as u64, n(&ce["vp"]));
    let pc = &f["protestant_cards"];
    let rows: Vec<(u64, u64)> = t
        .protestant_card_draw
        .rows
        .iter()
        .map(|r| (r.min_keys_each_row as u64, r.cards as u64))
        .collect();
    let want: Vec<(u64, u64)> = arr(&pc["rows"])
        .iter()
        .map(|r| (n(&r[0]), n(&r[1])))
        .collect();
    assert_eq!(rows, want);
    let pr = d.power(Power::Protestant).protestant.as_ref().unwrap();
    let rows2: Vec<(u64, u64)> = pr
        .card_rows
        .iter()
        .map(|r| (r.min_keys_each_row as u64, r.cards as u64))
        .collect();
    assert_eq!(rows2, want);
    let dk: BTreeSet<SpaceId> = pr.dutch_keys.iter().copied().collect();
    let want: BTreeSet<SpaceId> = arr(&pc["dutch_keys"]).iter().map(|k| space(s(k))).collect();
    assert_eq!(dk, want);
    assert_eq!(pr.dutch_key_vp as u64, n(&pc["dutch_vp"]));
    assert_eq!(pr.other_key_vp as u64, n(&pc["other_vp"]));
    assert_eq!(
        pr.auto_victory_other_keys as u64,
        n(&pc["military_victory_other_keys"])
    );
    let sa = &f["spanish_allotment"];
    assert_eq!(t.spanish_allotment.fortresses as u64, n(&sa["fortresses"]));
    assert_eq!(
        t.spanish_allotment.fortresses_with_coastal_fortification as u64,
        n(&sa["fortresses_bonus"])
    );
    assert_eq!(t.spanish_allotment.jesuits as u64, n(&sa["jesuits"]));
    assert_eq!(
        t.spanish_allotment.jesuits_after_english_college_douai as u64,
        n(&sa["jesuits_douai"])
    );
    let pa = &f["patronage"];
    assert_eq!(
        t.patronage_results.removed_at_or_below as u64,
        n(&pa["removed_at_or_below"])
    );
    assert_eq!(
        t.patronage_results
            .nothing
            .iter()
            .map(|&x| x as u64)
            .collect::<Vec<_>>(),
        arr(&pa["nothing"]).iter().map(n).collect::<Vec<_>>()
    );
    assert_eq!(t.patronage_results.still_working as u64, n(&pa["working"]));
    assert_eq!(t.patronage_results.award_from as u64, n(&pa["award_from"]));
    let ic = &f["interception"];
    assert_eq!(t.interception.target as u64, n(&ic["target"]));
    assert_eq!(t.interception.dice as u64, n(&ic["dice"]));
    let nd = &f["naval_dice"];
    assert_eq!(
        t.naval_battle_dice.galley_atlantic as u64,
        n(&nd["galley_atlantic"])
    );
    assert_eq!(t.naval_battle_dice.corsair as u64, n(&nd["corsair"]));
    assert_eq!(
        t.naval_battle_dice.galley_port_or_mediterranean as u64,
        n(&nd["galley_med"])
    );
    assert_eq!(t.naval_battle_dice.galleon as u64, n(&nd["galleon"]));
    assert_eq!(
        t.naval_battle_dice.defender_in_port as u64,
        n(&nd["defender_in_port"])
    );
}

// ------------------------------------------------------------------ scenarios

#[test]
fn scenario_facts_from_the_seed() {
    let f = &fx()["scenarios"];
    let d = d();
    for (id, names) in f["independent_at_start"].as_object().unwrap() {
        if id == "ref" {
            continue;
        }
        let sc = d.scenario(id).unwrap_or_else(|| panic!("scenario {id}"));
        let got: BTreeSet<SpaceId> = sc
            .independent_at_start
            .iter()
            .map(|k| d.space_id(k).unwrap())
            .collect();
        let want: BTreeSet<SpaceId> = arr(names).iter().map(|k| space(s(k))).collect();
        assert_eq!(got, want, "{id}");
        // independent fortified spaces not listed start under some power's control
        for sp in d
            .spaces
            .iter()
            .filter(|x| x.home == Power::Independent && x.kind.fortified())
        {
            let listed = sc.independent_at_start.contains(&sp.key);
            let controlled = sc.control.iter().any(|c| c.space == sp.key);
            assert!(
                listed != controlled,
                "{id}: {} is independent or controlled",
                sp.name
            );
        }
    }
    let ks: BTreeSet<u8> = arr(&f["knights_strength"])
        .iter()
        .map(|v| n(v) as u8)
        .collect();
    for sc in &d.scenarios {
        assert!(ks.contains(&sc.knights_of_st_john), "{}", sc.id);
        assert_eq!(
            d.space_id(&sc.hre_capital),
            Some(space(s(&f["hre_capital_at_start"])))
        );
        assert!(sc.end_turn == d.tables.turns.count);
    }
    assert_eq!(d.scenario("campaign").unwrap().start_turn, 1);
}

fn religion_at_start(sc: &data::Scenario, id: SpaceId) -> Religion {
    let d = d();
    sc.religion
        .iter()
        .find(|r| d.space_id(&r.space) == Some(id))
        .map(|r| r.religion)
        .unwrap_or(d.space(id).religion)
}

fn catholic_units(sc: &data::Scenario, id: SpaceId) -> bool {
    // 18.5: Catholic units are regulars/ships of Spain, France, Ireland, the Papacy, Portugal,
    // Venice (and the Walloons); mercenaries never are.
    let cath = [
        Power::Spain,
        Power::France,
        Power::Ireland,
        Power::Papacy,
        Power::Portugal,
        Power::Venice,
    ];
    sc.units.iter().any(|u| {
        d().space_id(&u.space) == Some(id)
            && cath.contains(&u.power)
            && (u.regulars + u.galleys + u.galleons) > 0
    })
}

#[test]
fn tournament_setup_fits_the_seeds_conversion_example() {
    // 18.5 example: first Protestant impulse of the Tournament, set-up unchanged.
    let f = &fx()["scenarios"]["tournament_example"];
    let d = d();
    let sc = d.scenario("tournament").expect("tournament");
    for name in arr(&f["catholic"]) {
        assert_eq!(
            religion_at_start(sc, space(s(name))),
            Religion::Catholic,
            "{name}"
        );
    }
    for name in arr(&f["with_catholic_units"]) {
        assert!(
            catholic_units(sc, space(s(name))),
            "{name} holds Catholic units"
        );
    }
    for name in arr(&f["without_catholic_units"]) {
        assert!(
            !catholic_units(sc, space(s(name))),
            "{name} holds no Catholic units"
        );
    }
    let protestant_neighbour = |id: SpaceId, extra: &[SpaceId]| {
        d.neighbours(id)
            .any(|(x, _)| extra.contains(&x) || religion_at_start(sc, x) == Religion::Protestant)
    };
    for name in arr(&f["adjacent_to_protestant_at_start"]) {
        assert!(protestant_neighbour(space(s(name)), &[]), "{name}");
    }
    let orleans = space("Orleans");
    for name in arr(&f["adjacent_to_protestant_after_orleans"]) {
        assert!(protestant_neighbour(space(s(name)), &[orleans]), "{name}");
    }
    for name in ["Orleans", "Paris", "Bourges", "Dijon"] {
        assert_eq!(d.space(space(name)).zone, Some(ReligiousZone::France));
    }
}

fn distances(from: SpaceId) -> Vec<Option<u32>> {
    let d = d();
    let mut dist = vec![None; d.spaces.len()];
    let mut q = VecDeque::from([from]);
    dist[from.0 as usize] = Some(0);
    while let Some(x) = q.pop_front() {
        for (y, c) in d.neighbours(x) {
            if c.kind == ConnectionKind::InlandWaterway {
                continue;
            }
            if dist[y.0 as usize].is_none() {
                dist[y.0 as usize] = Some(dist[x.0 as usize].unwrap() + 1);
                q.push_back(y);
            }
        }
    }
    dist
}

#[test]
fn rebellion_example_lyon() {
    // 18.5 example: mercenaries displaced from Lyon to the nearest French fortified space or
    // Paris; Orleans is chosen, so no French fortified space is nearer than Orleans.
    let f = &fx()["scenarios"]["rebellion_example"];
    let d = d();
    let lyon = space(s(&f["space"]));
    let dist = distances(lyon);
    let to = space(s(&f["displaced_to"]));
    let best = d
        .space_ids()
        .filter(|&x| x != lyon && d.space(x).home == Power::France && d.space(x).kind.fortified())
        .filter_map(|x| dist[x.0 as usize])
        .min()
        .unwrap();
    assert_eq!(
        dist[to.0 as usize],
        Some(best),
        "Orleans is (one of) the nearest"
    );
    for name in arr(&f["flipped_neighbours"]) {
        let x = space(s(name));
        assert!(d.connection_between(lyon, x).is_some());
        assert_eq!(d.space(x).zone, Some(ReligiousZone::France));
    }
    assert_eq!(d.space(lyon).split_top, None, "not a Huguenot home space");
}

#[test]
fn player_counts() {
    let f = &fx()["players"];
    let d = d();
    let activ: BTreeSet<Power> = arr(&f["activated_when_fewer_than_six"])
        .iter()
        .map(|p| power(s(p)))
        .collect();
    for k in n(&f["min"])..=n(&f["max"]) {
        let pc = d
            .player_count(k as u8)
            .unwrap_or_else(|| panic!("{k} players"));
        assert_eq!(pc.seats.len() as u64, k);
        if k == 6 {
            assert!(pc.activated_majors.is_empty());
        } else {
            assert!(pc.activated_majors.iter().all(|p| activ.contains(p)), "{k}");
            assert!(!pc.activated_majors.is_empty(), "{k}");
        }
        let deck = d.cards_for(k as u8).count();
        assert!(deck > 100, "{k} players: {deck} cards");
    }
}

// ------------------------------------------------------------------ public facts

#[test]
fn public_facts() {
    let f = &fx()["public"];
    let d = d();
    for pair in arr(&f["faq"]["card_numbers"]) {
        let c = d.card(data::CardId(n(&pair[0]) as u8)).unwrap();
        assert_eq!(c.title_en.as_deref(), Some(s(&pair[1])));
    }
    for k in arr(&f["faq"]["keys"]) {
        assert_eq!(d.space(space(s(k))).kind, SpaceKind::Key);
    }
    let ecr = &d.tables.spy.english_catholic_rebellion;
    assert_eq!(
        ecr.spanish_regular_in_ireland_or_scotland as u64,
        n(&f["faq"]["ecr_spanish_regular_ireland_or_scotland"])
    );
    assert_eq!(
        ecr.spanish_regular_in_england as u64,
        n(&f["faq"]["ecr_spanish_regular_england"])
    );
    let v = &f["vassal"];
    for x in arr(&v["variant_cards"]) {
        let c = d
            .cards
            .iter()
            .find(|c| c.title_en.as_deref() == Some(s(&x["title"])))
            .unwrap();
        assert_eq!(c.deck, Deck::Variant);
        assert_eq!(
            c.players,
            arr(&x["players"])
                .iter()
                .map(|p| n(p) as u8)
                .collect::<Vec<_>>()
        );
    }
    for x in arr(&v["removed"]) {
        let c = d
            .cards
            .iter()
            .find(|c| c.title_en.as_deref() == Some(s(&x["title"])))
            .unwrap();
        for p in arr(&x["players"]) {
            assert!(!c.in_game_with(n(p) as u8), "{} not with {p}", c.title);
        }
        assert!(c.in_game_with(6));
    }
    for (p, counts) in v["home_cards_removed"].as_object().unwrap() {
        for c in d.home_cards(power(p)) {
            for k in arr(counts) {
                assert!(!c.in_game_with(n(k) as u8), "{} with {k}", c.title);
            }
        }
    }
    let two = d.player_count(2).unwrap();
    let want: Vec<Vec<Power>> = arr(&v["two_player_seats"])
        .iter()
        .map(|seat| arr(seat).iter().map(|p| power(s(p))).collect())
        .collect();
    assert_eq!(two.seats, want);
    for (k, names) in v["removed_personalities"].as_object().unwrap() {
        let pc = d.player_count(k.parse().unwrap()).unwrap();
        for name in arr(names) {
            let id = d
                .nobles
                .iter()
                .find(|x| x.name == s(name))
                .unwrap()
                .id
                .clone();
            assert!(pc.removed_personalities.contains(&id), "{k}: {name}");
        }
    }
    assert_eq!(
        d.captains
            .iter()
            .filter(|c| c.powers.contains(&Power::Hre))
            .count() as u64,
        n(&v["hre_captains"])
    );
}

// ------------------------------------------------------------------ structure

#[test]
fn connections_are_symmetric() {
    let d = d();
    for a in d.space_ids() {
        for (b, c) in d.neighbours(a) {
            assert!(c.joins(a, b));
            assert!(
                d.neighbours(b).any(|(x, _)| x == a),
                "{} -> {} but not back",
                d.space(a).key,
                d.space(b).key
            );
            assert_eq!(
                d.connection_between(a, b).map(|c| c.kind),
                d.connection_between(b, a).map(|c| c.kind)
            );
        }
    }
    for z in &d.sea_zones {
        for &o in &z.adjacent {
            assert!(
                d.sea_zone(o)
                    .adjacent
                    .iter()
                    .any(|&b| d.sea_zone(b).key == z.key)
            );
        }
    }
}

#[test]
fn every_space_is_reachable() {
    // Land connections, plus ports joined through sea zones (islands such as Malta, Cyprus).
    let d = d();
    let mut seen = HashSet::new();
    let mut seen_sea = HashSet::new();
    let start = space("Paris");
    let mut q = VecDeque::from([start]);
    seen.insert(start);
    while let Some(x) = q.pop_front() {
        let mut next: Vec<SpaceId> = d.neighbours(x).map(|(y, _)| y).collect();
        for &z in &d.space(x).ports {
            if seen_sea.insert(z) {
                let mut zs = vec![z];
                let mut i = 0;
                while i < zs.len() {
                    for &a in &d.sea_zone(zs[i]).adjacent {
                        if seen_sea.insert(a) {
                            zs.push(a);
                        }
                    }
                    i += 1;
                }
                for z in zs {
                    next.extend(d.sea_zone(z).ports.iter().copied());
                }
            }
        }
        for y in next {
            if seen.insert(y) {
                q.push_back(y);
            }
        }
    }
    let missing: Vec<&str> = d
        .space_ids()
        .filter(|x| !seen.contains(x))
        .map(|x| d.space(x).key.as_str())
        .collect();
    assert!(missing.is_empty(), "unreachable: {missing:?}");
    assert_eq!(
        seen_sea.len(),
        d.sea_zones.len(),
        "every sea zone reachable"
    );
    // land-locked islands are ports (otherwise nothing could reach them)
    for x in d.space_ids() {
        if d.neighbours(x).next().is_none() {
            assert!(
                d.space(x).ships_may_enter(),
                "{} is cut off",
                d.space(x).key
            );
        }
    }
}

#[test]
fn every_port_touches_a_sea_zone_and_every_zone_has_ports() {
    let d = d();
    for z in &d.sea_zones {
        assert!(
            z.ports.iter().any(|&p| d.space(p).ships_may_enter()),
            "{} has a port ships may enter",
            z.key
        );
    }
    for x in d.space_ids() {
        for &z in &d.space(x).ports {
            assert!(d.sea_zone(z).ports.contains(&x), "{}", d.space(x).key);
        }
    }
    // galleons need a port on an Atlantic zone (2.5, 17.3): every galleon builder has one
    for owner in [
        "spain", "england", "france", "dutch", "huguenot", "portugal",
    ] {
        let o = pool(owner);
        let has = d.spaces.iter().any(|x| {
            let home = match o {
                PoolOwner::Dutch => x.split_top == Some(Faction::Dutch),
                PoolOwner::Huguenot => x.split_top == Some(Faction::Huguenot),
                _ => x.home == o.power(),
            };
            home && x.ships_may_enter()
                && x.ports
                    .iter()
                    .any(|&z| d.sea_zone(z).group == SeaGroup::Atlantic)
        });
        assert!(has, "{owner} has a home port on an Atlantic zone");
    }
    // every power with ships has a home port (17.3)
    for p in &d.naval_pools {
        let o = p.power;
        let has = d.spaces.iter().any(|x| {
            let home = match o {
                PoolOwner::Dutch => x.split_top == Some(Faction::Dutch),
                PoolOwner::Huguenot => x.split_top == Some(Faction::Huguenot),
                _ => x.home == o.power(),
            };
            home && x.ships_may_enter()
        });
        assert!(has, "{o:?} has a home port");
    }
}

#[test]
fn ocean_zones_are_connected() {
    let d = d();
    let mut seen = HashSet::from([data::OceanZoneId(0)]);
    let mut q = VecDeque::from([data::OceanZoneId(0)]);
    while let Some(z) = q.pop_front() {
        for (y, _) in d.ocean_neighbours(z) {
            if seen.insert(y) {
                q.push_back(y);
            }
        }
    }
    assert_eq!(seen.len(), d.ocean_zones.len());
}

#[test]
fn every_record_is_flagged() {
    let d = d();
    let provs = d.provenances();
    assert!(provs.len() > 700, "{} records", provs.len());
    let mut by_src: BTreeMap<Source, usize> = BTreeMap::new();
    for (what, p) in &provs {
        *by_src.entry(p.src).or_default() += 1;
        match p.src {
            Source::Seed => assert!(
                p.reference
                    .as_deref()
                    .is_some_and(|r| r.contains('L') || r.contains('§')),
                "{what}"
            ),
            Source::Public => assert!(
                p.reference.as_deref().is_some_and(|r| !r.is_empty()),
                "{what}"
            ),
            Source::Reconstructed => assert!(p.guessed.is_empty(), "{what}"),
        }
    }
    assert!(by_src[&Source::Reconstructed] > 0 && by_src[&Source::Seed] > 0);
}

#[test]
fn seed_claims_are_backed_by_the_fixture() {
    // A record may only say `seed` for the facts the seed states: every seed space is named in
    // the fixture and each field it does not list as guessed is a fixture fact; likewise cards
    // and connections.
    let f = fx();
    let d = d();
    let field_of = |k: &str| {
        match k {
            "fortified" => "kind",
            "not_home" => "home",
            "not_zone" => "zone",
            other => other,
        }
        .to_string()
    };
    let facts: BTreeMap<String, BTreeSet<String>> = arr(&f["spaces"])
        .iter()
        .map(|x| {
            let keys = x
                .as_object()
                .unwrap()
                .keys()
                .filter(|k| *k != "name" && *k != "ref")
                .map(|k| field_of(k))
                .collect();
            (s(&x["name"]).to_string(), keys)
        })
        .collect();
    for sp in &d.spaces {
        if sp.prov.src != Source::Seed {
            continue;
        }
        let stated = facts
            .get(&sp.name)
            .unwrap_or_else(|| panic!("{} claims seed but the seed does not name it", sp.key));
        for field in [
            "kind",
            "capital",
            "home",
            "split_top",
            "zone",
            "religion",
            "ports",
            "inland_port",
            "restrictions",
        ] {
            if sp.prov.backs(field) {
                assert!(
                    stated.contains(field),
                    "{}: seed-backed {field} not in the seed facts",
                    sp.key
                );
            }
        }
    }
    let titles: BTreeMap<&str, &Value> = arr(&f["cards"]["titles"])
        .iter()
        .map(|t| (s(&t["title"]), t))
        .collect();
    for c in d.cards.iter().filter(|c| c.prov.src == Source::Seed) {
        let t = titles
            .get(c.title_de.as_deref().unwrap_or(""))
            .unwrap_or_else(|| panic!("card {} claims seed", c.id.0));
        for field in ["kind", "power", "cp"] {
            let stated = t.get(field).is_some()
                || (field == "cp" && c.kind == CardKind::Mandatory)
                || (field == "power" && c.power.is_none());
            if c.prov.backs(field) {
                assert!(
                    stated,
                    "card {}: seed-backed {field} not in the seed facts",
                    c.title
                );
            }
        }
        assert!(
            !c.prov.backs("id") || c.id.0 == 5,
            "card numbers are not in the seed"
        );
    }
    let pairs: BTreeSet<(SpaceId, SpaceId)> = arr(&f["adjacent"])
        .iter()
        .map(|a| (space(s(&a["a"])), space(s(&a["b"]))))
        .chain(
            arr(&f["inland_waterways"]["pairs"])
                .iter()
                .map(|p| (space(s(&p["port"])), space(s(&p["inland"])))),
        )
        .flat_map(|(a, b)| [(a, b), (b, a)])
        .collect();
    for c in d.connections.iter().filter(|c| c.prov.src == Source::Seed) {
        assert!(
            pairs.contains(&(c.a, c.b)),
            "{}-{} claims seed",
            d.space(c.a).key,
            d.space(c.b).key
        );
    }
}

// ------------------------------------------------------------------ the loader refuses bad packs

fn broken(edit: impl Fn(&mut Sources<'static>, &mut Vec<String>)) -> String {
    let mut owned: Vec<String> = Vec::new();
    let mut src = data::EMBEDDED;
    edit(&mut src, &mut owned);
    // leak the edited texts so Sources can borrow them for 'static
    let _ = owned;
    Data::parse(&src)
        .expect_err("a broken pack must be refused")
        .0
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

#[test]
fn the_loader_refuses_broken_packs() {
    let e = broken(|s, _| {
        s.europe_connections = leak(s.europe_connections.replacen(
            "\"a\": \"vienna\"",
            "\"a\": \"wien\"",
            1,
        ))
    });
    assert!(e.contains("unknown space wien"), "{e}");
    let e = broken(|s, _| {
        s.europe_spaces = leak(s.europe_spaces.replacen(
            "\"id\": \"stirling\"",
            "\"id\": \"edinburgh\"",
            1,
        ))
    });
    assert!(e.contains("duplicate id edinburgh"), "{e}");
    let e = broken(|s, _| {
        s.europe_connections = leak(
            s.europe_connections
                .replacen(", \"range\": \"alps\"", "", 1),
        )
    });
    assert!(e.contains("a pass needs its range"), "{e}");
    let e = broken(|s, _| {
        s.europe_connections = leak(s.europe_connections.replacen(
            ", \"controlled_by_port\": \"brielle\"",
            "",
            1,
        ))
    });
    assert!(e.contains("waterway names its ordinary port"), "{e}");
    let e = broken(|s, _| {
        s.europe_spaces = leak(s.europe_spaces.replacen(
            "{\"src\": \"seed\", \"ref\": \"§2.1 L101\"",
            "{\"src\": \"seed\", \"ref\": \"\"",
            1,
        ))
    });
    assert!(e.contains("needs a section or line reference"), "{e}");
    let e = broken(|s, _| {
        s.cards = leak(s.cards.replacen(
            "\"kind\": \"home\", \"cp\": 5, \"power\": \"spain\"",
            "\"kind\": \"event\", \"cp\": 5, \"power\": \"spain\"",
            1,
        ))
    });
    assert!(e.contains("exactly the home cards name a power"), "{e}");
    let e = broken(|s, _| {
        s.cards = leak(s.cards.replacen(
            "\"players\": [2, 3, 4], \"identified\": true, \"deck\": \"variant\"",
            "\"players\": [2, 3, 4, 6], \"identified\": true, \"deck\": \"variant\"",
            1,
        ))
    });
    assert!(
        e.contains("variant card is not in the six-player deck"),
        "{e}"
    );
    let e = broken(|s, _| {
        s.sea_zones = leak(s.sea_zones.replacen(
            "\"adjacent\": [\"gulf_of_lyon\",",
            "\"adjacent\": [\"atlantic_ocean\", \"gulf_of_lyon\",",
            1,
        ))
    });
    assert!(e.contains("not the other way"), "{e}");
    let e = broken(|s, _| {
        s.scenarios = leak(s.scenarios.replacen(
            "\"leaders\": [\"alba\"]",
            "\"leaders\": [\"wallenstein\"]",
            1,
        ))
    });
    assert!(e.contains("unknown leader wallenstein"), "{e}");
    let e = broken(|s, _| {
        s.tables = leak(s.tables.replacen(
            "\"standard_vp\": 25",
            "\"standard_vp\": 25, \"extra\": 1",
            1,
        ))
    });
    assert!(e.contains("tables.json"), "{e}");
}

// ------------------------------------------------------------------ README

#[test]
fn readme_describes_the_pack() {
    assert!(
        README.contains(data::DESCRIPTION),
        "README gives the game type's description"
    );
    for file in [
        "europe_spaces.json",
        "europe_connections.json",
        "sea_zones.json",
        "world.json",
        "powers.json",
        "leaders.json",
        "cards.json",
        "tables.json",
        "scenarios.json",
    ] {
        assert!(README.contains(file), "README covers {file}");
    }
    // the per-file counts in the README match the data
    let d = d();
    let mut counts: BTreeMap<String, [usize; 3]> = BTreeMap::new();
    for (what, p) in d.provenances() {
        let file = what.split(':').next().unwrap().to_string();
        let i = match p.src {
            Source::Seed => 0,
            Source::Public => 1,
            Source::Reconstructed => 2,
        };
        counts.entry(file).or_default()[i] += 1;
    }
    for (file, c) in &counts {
        let row = format!("| `{file}.json` | {} | {} | {} |", c[0], c[1], c[2]);
        assert!(README.contains(&row), "README row missing or stale: {row}");
    }
}

#[test]
fn scenario_setups_fit_the_counter_mix_and_the_map() {
    let d = d();
    for sc in &d.scenarios {
        let controller = |id: SpaceId| -> Power {
            sc.control
                .iter()
                .find(|c| d.space_id(&c.space) == Some(id))
                .map(|c| c.power)
                .unwrap_or(d.space(id).home)
        };
        let mut land: BTreeMap<PoolOwner, u32> = BTreeMap::new();
        let mut ships: BTreeMap<PoolOwner, u32> = BTreeMap::new();
        for u in &sc.units {
            let id = d.space_id(&u.space).unwrap();
            assert_eq!(
                controller(id),
                u.power,
                "{}: {:?} units in {}",
                sc.id,
                u.power,
                u.space
            );
            let owner = PoolOwner::of(u.power, u.faction);
            *land.entry(owner).or_default() += (u.regulars + u.mercenaries + u.cavalry) as u32;
            *ships.entry(owner).or_default() += (u.galleys + u.galleons + u.corsairs) as u32;
            for l in &u.leaders {
                let (lp, entry) = match (d.army_leader(l), d.naval_leader(l)) {
                    (Some(a), _) => (a.power.power(), a.entry_turn),
                    (_, Some(nl)) => (nl.power, nl.entry_turn),
                    _ => panic!("{l}"),
                };
                assert_eq!(lp, u.power, "{}: {l} stands with his own power", sc.id);
                assert!(
                    entry.is_none_or(|t| t <= sc.start_turn),
                    "{}: {l} not yet in play",
                    sc.id
                );
            }
        }
        for (owner, n) in land {
            let cap = d.land_pool(owner).map(|p| p.total()).unwrap_or(0);
            assert!(
                n <= cap,
                "{}: {owner:?} places {n} land units, pool {cap}",
                sc.id
            );
        }
        for (owner, n) in ships {
            let cap = d.naval_pool(owner).map(|p| p.count as u32).unwrap_or(0);
            assert!(
                n <= cap,
                "{}: {owner:?} places {n} ships, {cap} counters",
                sc.id
            );
        }
        for l in sc.leaders_in_play.iter() {
            let e = d
                .army_leader(l)
                .map(|a| a.entry_turn)
                .or(d.naval_leader(l).map(|x| x.entry_turn));
            assert!(
                e.expect(l).is_none_or(|t| t <= sc.start_turn),
                "{}: {l}",
                sc.id
            );
        }
        for c in &sc.removed_cards {
            let card = d.card_by_key(c).unwrap();
            assert!(
                card.entry.available(sc.start_turn, false),
                "{}: {c} removed before it entered",
                sc.id
            );
        }
    }
}
