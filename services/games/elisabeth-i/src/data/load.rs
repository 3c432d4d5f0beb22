//! Parsing of the JSON files and the checks a data pack must pass before the rules may use it:
//! unique ids, every reference resolvable, well-formed provenance, and the shape rules the
//! engine relies on (passes carry a range, waterways name their port, ...).

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::Deserialize;
use serde::de::DeserializeOwned;

use super::cards::{Card, CardKind, Deck};
use super::map::{
    Connection, ConnectionKind, ConnectionRaw, SeaZone, SeaZoneId, SeaZoneRaw, Space, SpaceId,
    SpaceRaw,
};
use super::personalities::{ArmyLeader, Captain, DefaultLeader, NavalLeader, Noble, Ruler};
use super::powers::{
    LandPool, Marker, NavalPool, Power, PowerInfo, PowerKind, PowerRaw, ProtestantRows, SpecialUnit,
};
use super::prov::Provenance;
use super::scenarios::{Booklet, PlayerCount, Scenario};
use super::tables::Tables;
use super::world::{
    OceanBorder, OceanBorderRaw, OceanZone, OceanZoneId, OceanZoneRaw, Settlement, SettlementId,
    SettlementRaw,
};
use super::{Data, DataError, Sources, TreasureRows};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpacesFile {
    #[allow(dead_code)]
    about: String,
    spaces: Vec<SpaceRaw>,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ConnectionsFile {
    #[allow(dead_code)]
    about: String,
    connections: Vec<ConnectionRaw>,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeaZonesFile {
    #[allow(dead_code)]
    about: String,
    sea_zones: Vec<SeaZoneRaw>,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EntryZonesRaw {
    zones: BTreeMap<Power, Vec<String>>,
    prov: Provenance,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TreasureRowsRaw {
    spain_boxes: u8,
    spain_extra_box_with_philippines: u8,
    portugal_boxes: u8,
    prov: Provenance,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WorldFile {
    #[allow(dead_code)]
    about: String,
    ocean_zones: Vec<OceanZoneRaw>,
    borders: Vec<OceanBorderRaw>,
    settlements: Vec<SettlementRaw>,
    entry_zones: EntryZonesRaw,
    treasure_rows: TreasureRowsRaw,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PowersFile {
    #[allow(dead_code)]
    about: String,
    powers: Vec<PowerRaw>,
    land_counters: Vec<LandPool>,
    naval_counters: Vec<NavalPool>,
    special_units: Vec<SpecialUnit>,
    markers: Vec<Marker>,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LeadersFile {
    #[allow(dead_code)]
    about: String,
    army_leaders: Vec<ArmyLeader>,
    naval_leaders: Vec<NavalLeader>,
    default_leaders: Vec<DefaultLeader>,
    rulers: Vec<Ruler>,
    captains: Vec<Captain>,
    nobles: Vec<Noble>,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardsFile {
    #[allow(dead_code)]
    about: String,
    cards: Vec<Card>,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenariosFile {
    #[allow(dead_code)]
    about: String,
    scenarios: Vec<Scenario>,
    player_counts: Vec<PlayerCount>,
    scenario_booklet: Booklet,
}

fn json<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, DataError> {
    serde_json::from_str(text).map_err(|e| DataError(format!("{file}: {e}")))
}

fn err<T>(msg: String) -> Result<T, DataError> {
    Err(DataError(msg))
}

fn unique<'a>(file: &str, ids: impl Iterator<Item = &'a str>) -> Result<(), DataError> {
    let mut seen = HashSet::new();
    for id in ids {
        if !seen.insert(id) {
            return err(format!("{file}: duplicate id {id}"));
        }
    }
    Ok(())
}

pub(super) fn parse(src: &Sources<'_>) -> Result<Data, DataError> {
    let sf: SpacesFile = json("europe_spaces.json", src.europe_spaces)?;
    let cf: ConnectionsFile = json("europe_connections.json", src.europe_connections)?;
    let zf: SeaZonesFile = json("sea_zones.json", src.sea_zones)?;
    let wf: WorldFile = json("world.json", src.world)?;
    let pf: PowersFile = json("powers.json", src.powers)?;
    let lf: LeadersFile = json("leaders.json", src.leaders)?;
    let kf: CardsFile = json("cards.json", src.cards)?;
    let tables: Tables = json("tables.json", src.tables)?;
    let scf: ScenariosFile = json("scenarios.json", src.scenarios)?;

    // ---------------- sea zones
    unique("sea_zones.json", zf.sea_zones.iter().map(|z| z.id.as_str()))?;
    let sea_index: HashMap<String, SeaZoneId> = zf
        .sea_zones
        .iter()
        .enumerate()
        .map(|(i, z)| (z.id.clone(), SeaZoneId(i as u8)))
        .collect();
    let sea = |file: &str, k: &str| -> Result<SeaZoneId, DataError> {
        sea_index
            .get(k)
            .copied()
            .ok_or_else(|| DataError(format!("{file}: unknown sea zone {k}")))
    };
    let mut sea_zones = Vec::new();
    for z in &zf.sea_zones {
        z.prov.check(&format!("sea_zones.json:{}", z.id))?;
        let mut adjacent = Vec::new();
        for a in &z.adjacent {
            let id = sea("sea_zones.json", a)?;
            if a == &z.id {
                return err(format!("sea_zones.json: {} adjacent to itself", z.id));
            }
            let back = zf
                .sea_zones
                .iter()
                .find(|o| &o.id == a)
                .is_some_and(|o| o.adjacent.contains(&z.id));
            if !back {
                return err(format!(
                    "sea_zones.json: {} lists {a} as adjacent but not the other way",
                    z.id
                ));
            }
            adjacent.push(id);
        }
        sea_zones.push(SeaZone {
            key: z.id.clone(),
            name: z.name.clone(),
            group: z.group,
            adjacent,
            ports: Vec::new(),
            prov: z.prov.clone(),
        });
    }

    // ---------------- spaces
    unique(
        "europe_spaces.json",
        sf.spaces.iter().map(|s| s.id.as_str()),
    )?;
    let space_index: HashMap<String, SpaceId> = sf
        .spaces
        .iter()
        .enumerate()
        .map(|(i, s)| (s.id.clone(), SpaceId(i as u16)))
        .collect();
    let sp = |file: &str, k: &str| -> Result<SpaceId, DataError> {
        space_index
            .get(k)
            .copied()
            .ok_or_else(|| DataError(format!("{file}: unknown space {k}")))
    };
    let mut spaces = Vec::new();
    for s in &sf.spaces {
        s.prov.check(&format!("europe_spaces.json:{}", s.id))?;
        if s.ports.len() > 2 {
            return err(format!(
                "europe_spaces.json: {} has more than two anchors",
                s.id
            ));
        }
        if s.inland_port && s.ports.is_empty() {
            return err(format!(
                "europe_spaces.json: inland port {} touches no sea zone",
                s.id
            ));
        }
        if s.split_top.is_some() && s.home.is_minor() {
            return err(format!(
                "europe_spaces.json: split space {} on a minor",
                s.id
            ));
        }
        let mut ports = Vec::new();
        for p in &s.ports {
            let z = sea("europe_spaces.json", p)?;
            if ports.contains(&z) {
                return err(format!("europe_spaces.json: {} lists {p} twice", s.id));
            }
            ports.push(z);
            sea_zones[z.0 as usize]
                .ports
                .push(SpaceId(spaces.len() as u16));
        }
        spaces.push(Space {
            key: s.id.clone(),
            name: s.name.clone(),
            kind: s.kind,
            capital: s.capital,
            home: s.home,
            split_top: s.split_top,
            zone: s.zone,
            religion: s.religion,
            ports,
            inland_port: s.inland_port,
            restrictions: s.restrictions.clone(),
            prov: s.prov.clone(),
        });
    }

    // ---------------- connections
    let mut connections = Vec::new();
    let mut neighbours: Vec<Vec<(SpaceId, usize)>> = vec![Vec::new(); spaces.len()];
    let mut pairs = HashSet::new();
    for c in &cf.connections {
        let what = format!("europe_connections.json:{}-{}", c.a, c.b);
        c.prov.check(&what)?;
        let a = sp("europe_connections.json", &c.a)?;
        let b = sp("europe_connections.json", &c.b)?;
        if a == b {
            return err(format!("{what}: a space joined to itself"));
        }
        if !pairs.insert((a.min(b), a.max(b))) {
            return err(format!("{what}: listed twice"));
        }
        match (c.kind, c.range.is_some()) {
            (ConnectionKind::Pass, false) => return err(format!("{what}: a pass needs its range")),
            (ConnectionKind::Normal | ConnectionKind::InlandWaterway, true) => {
                return err(format!("{what}: only passes have a range"));
            }
            _ => {}
        }
        let port = match (&c.controlled_by_port, c.kind) {
            (Some(p), ConnectionKind::InlandWaterway) => {
                let p = sp("europe_connections.json", p)?;
                if p != a && p != b {
                    return err(format!("{what}: the controlling port must be an end"));
                }
                Some(p)
            }
            (None, ConnectionKind::InlandWaterway) => {
                return err(format!("{what}: a waterway names its ordinary port"));
            }
            (Some(_), _) => return err(format!("{what}: only waterways name a port")),
            (None, _) => None,
        };
        let idx = connections.len();
        neighbours[a.0 as usize].push((b, idx));
        neighbours[b.0 as usize].push((a, idx));
        connections.push(Connection {
            a,
            b,
            kind: c.kind,
            range: c.range,
            controlled_by_port: port,
            prov: c.prov.clone(),
        });
    }

    // ---------------- world
    unique("world.json", wf.ocean_zones.iter().map(|z| z.id.as_str()))?;
    let ocean_index: HashMap<String, OceanZoneId> = wf
        .ocean_zones
        .iter()
        .enumerate()
        .map(|(i, z)| (z.id.clone(), OceanZoneId(i as u8)))
        .collect();
    let oz = |k: &str| -> Result<OceanZoneId, DataError> {
        ocean_index
            .get(k)
            .copied()
            .ok_or_else(|| DataError(format!("world.json: unknown ocean zone {k}")))
    };
    let mut ocean_zones = Vec::new();
    for z in &wf.ocean_zones {
        z.prov.check(&format!("world.json:{}", z.id))?;
        ocean_zones.push(OceanZone {
            key: z.id.clone(),
            name: z.name.clone(),
            group: z.group,
            prov: z.prov.clone(),
        });
    }
    let mut ocean_borders = Vec::new();
    let mut ocean_neighbours: Vec<Vec<(OceanZoneId, usize)>> = vec![Vec::new(); ocean_zones.len()];
    let mut opairs = HashSet::new();
    for b in &wf.borders {
        let what = format!("world.json:{}-{}", b.a, b.b);
        b.prov.check(&what)?;
        let (x, y) = (oz(&b.a)?, oz(&b.b)?);
        if x == y || !opairs.insert((x.min(y), x.max(y))) {
            return err(format!("{what}: self or duplicate border"));
        }
        let wind = match &b.wind_toward {
            Some(w) => {
                let w = oz(w)?;
                if w != x && w != y {
                    return err(format!("{what}: the trade wind must point to an end"));
                }
                Some(w)
            }
            None => None,
        };
        let idx = ocean_borders.len();
        ocean_neighbours[x.0 as usize].push((y, idx));
        ocean_neighbours[y.0 as usize].push((x, idx));
        ocean_borders.push(OceanBorder {
            a: x,
            b: y,
            kind: b.kind,
            wind_toward: wind,
            prov: b.prov.clone(),
        });
    }
    unique("world.json", wf.settlements.iter().map(|s| s.id.as_str()))?;
    let mut settlements = Vec::new();
    let mut settlement_index = HashMap::new();
    for s in &wf.settlements {
        s.prov.check(&format!("world.json:{}", s.id))?;
        if s.zones.is_empty() {
            return err(format!("world.json: settlement {} borders no zone", s.id));
        }
        let zones = s
            .zones
            .iter()
            .map(|z| oz(z))
            .collect::<Result<Vec<_>, _>>()?;
        settlement_index.insert(s.id.clone(), SettlementId(settlements.len() as u8));
        settlements.push(Settlement {
            key: s.id.clone(),
            name: s.name.clone(),
            zones,
            owner: s.owner,
            no_colony: s.no_colony,
            prov: s.prov.clone(),
        });
    }
    wf.entry_zones.prov.check("world.json:entry_zones")?;
    let mut entry_zones = BTreeMap::new();
    for (p, zs) in &wf.entry_zones.zones {
        entry_zones.insert(*p, zs.iter().map(|z| oz(z)).collect::<Result<Vec<_>, _>>()?);
    }
    wf.treasure_rows.prov.check("world.json:treasure_rows")?;
    let treasure_rows = TreasureRows {
        spain_boxes: wf.treasure_rows.spain_boxes,
        spain_extra_box_with_philippines: wf.treasure_rows.spain_extra_box_with_philippines,
        portugal_boxes: wf.treasure_rows.portugal_boxes,
        prov: wf.treasure_rows.prov,
    };

    // ---------------- powers
    let mut powers = Vec::new();
    for p in &pf.powers {
        p.prov.check(&format!("powers.json:{:?}", p.id))?;
        let expected = if p.id.is_major() {
            PowerKind::Major
        } else if p.id.is_minor() {
            PowerKind::Minor
        } else {
            PowerKind::Independent
        };
        if p.kind != expected {
            return err(format!("powers.json: {:?} has kind {:?}", p.id, p.kind));
        }
        if p.impulse != p.id.impulse_index().map(|i| i as u8 + 1) {
            return err(format!("powers.json: {:?} out of impulse order", p.id));
        }
        let capitals = p
            .capitals
            .iter()
            .map(|c| sp("powers.json", c))
            .collect::<Result<Vec<_>, _>>()?;
        let later = p
            .later_capital
            .as_deref()
            .map(|c| sp("powers.json", c))
            .transpose()?;
        for w in p.key_track.windows(2) {
            if w[1].keys <= w[0].keys || w[1].cards < w[0].cards || w[1].vp < w[0].vp {
                return err(format!("powers.json: {:?} key track not increasing", p.id));
            }
        }
        let protestant = if p.id == Power::Protestant {
            Some(ProtestantRows {
                dutch_keys: p
                    .dutch_keys
                    .iter()
                    .map(|c| sp("powers.json", c))
                    .collect::<Result<Vec<_>, _>>()?,
                dutch_key_vp: p.dutch_key_vp.unwrap_or(0),
                other_key_vp: p.other_key_vp.unwrap_or(0),
                auto_victory_other_keys: p.auto_victory_other_keys.unwrap_or(0),
                card_rows: p.card_rows.clone(),
            })
        } else {
            None
        };
        powers.push(PowerInfo {
            id: p.id,
            name: p.name.clone(),
            name_de: p.name_de.clone(),
            kind: p.kind,
            home_colour: p.home_colour.clone(),
            unit_colour: p.unit_colour.clone(),
            capitals,
            later_capital: later,
            factions: p.factions.clone(),
            key_track: p.key_track.clone(),
            auto_victory_keys: p.auto_victory_keys,
            protestant,
            prov: p.prov.clone(),
        });
    }
    for want in Power::MAJORS.iter().chain(Power::MINORS.iter()) {
        if powers.iter().filter(|p| p.id == *want).count() != 1 {
            return err(format!("powers.json: {want:?} needs exactly one record"));
        }
    }
    for l in &pf.land_counters {
        l.prov.check(&format!("powers.json:land:{:?}", l.power))?;
    }
    for n in &pf.naval_counters {
        n.prov.check(&format!("powers.json:naval:{:?}", n.power))?;
    }
    for u in &pf.special_units {
        u.prov.check(&format!("powers.json:{}", u.id))?;
        if let Some(h) = &u.home_space {
            sp("powers.json", h)?;
        }
        for b in &u.build_ports {
            if !spaces[sp("powers.json", b)?.0 as usize].is_port() {
                return err(format!("powers.json: {} builds in non-port {b}", u.id));
            }
        }
    }
    for m in &pf.markers {
        m.prov.check(&format!("powers.json:marker:{}", m.id))?;
    }

    // ---------------- personalities
    unique(
        "leaders.json",
        lf.army_leaders
            .iter()
            .map(|l| l.id.as_str())
            .chain(lf.naval_leaders.iter().map(|l| l.id.as_str()))
            .chain(lf.captains.iter().map(|l| l.id.as_str())),
    )?;
    unique("leaders.json", lf.rulers.iter().map(|l| l.id.as_str()))?;
    unique("leaders.json", lf.nobles.iter().map(|l| l.id.as_str()))?;
    for l in &lf.army_leaders {
        l.prov.check(&format!("leaders.json:{}", l.id))?;
    }
    for l in &lf.naval_leaders {
        l.prov.check(&format!("leaders.json:{}", l.id))?;
        if let Some(r) = &l.replaces
            && !lf.naval_leaders.iter().any(|o| &o.id == r)
        {
            return err(format!("leaders.json: {} replaces unknown {r}", l.id));
        }
    }
    for l in &lf.default_leaders {
        l.prov
            .check(&format!("leaders.json:default:{:?}", l.power))?;
    }
    for r in &lf.rulers {
        r.prov.check(&format!("leaders.json:ruler:{}", r.id))?;
        if !r.power.is_major() {
            return err(format!("leaders.json: ruler {} of a minor", r.id));
        }
    }
    for m in Power::MAJORS {
        if lf
            .rulers
            .iter()
            .filter(|r| r.power == m && r.initial)
            .count()
            != 1
        {
            return err(format!(
                "leaders.json: {m:?} needs exactly one initial ruler"
            ));
        }
    }
    for c in &lf.captains {
        c.prov.check(&format!("leaders.json:captain:{}", c.id))?;
    }
    for n in &lf.nobles {
        n.prov.check(&format!("leaders.json:noble:{}", n.id))?;
        if n.arranged_by
            .is_some_and(|p| !p.is_major() || n.power.is_major())
        {
            return err(format!(
                "leaders.json: noble {}: arranged_by names a major for a minor's noble",
                n.id
            ));
        }
    }

    // ---------------- cards
    let mut cards = kf.cards;
    cards.sort_by_key(|c| c.id);
    for w in cards.windows(2) {
        if w[0].id == w[1].id {
            return err(format!("cards.json: duplicate id {}", w[0].id.0));
        }
    }
    unique("cards.json", cards.iter().map(|c| c.key.as_str()))?;
    for c in &cards {
        let what = format!("cards.json:{}", c.id.0);
        c.prov.check(&what)?;
        if (c.kind == CardKind::Home) != c.power.is_some() {
            return err(format!("{what}: exactly the home cards name a power"));
        }
        if c.power.is_some_and(|p| !p.is_major()) {
            return err(format!("{what}: a home card belongs to a major power"));
        }
        if c.players.is_empty() || c.players.iter().any(|p| !(2..=6).contains(p)) {
            return err(format!("{what}: players must be within 2-6"));
        }
        if c.deck == Deck::Variant && c.in_game_with(6) {
            return err(format!(
                "{what}: a variant card is not in the six-player deck"
            ));
        }
        if !(1..=5).contains(&c.cp) {
            return err(format!("{what}: CP {} outside 1-5", c.cp));
        }
    }
    let card_index: HashMap<String, usize> = cards
        .iter()
        .enumerate()
        .map(|(i, c)| (c.key.clone(), i))
        .collect();

    // ---------------- tables
    for (n, p) in tables.provenances() {
        p.check(&format!("tables.json:{n}"))?;
    }
    for r in &tables.silver_fleet.rows {
        oz(&r.zone)?;
        if let Some(o) = &r.otherwise {
            oz(o)?;
        }
    }
    for k in tables
        .master_of_central_europe
        .keys
        .iter()
        .chain(tables.catholic_league.league_spaces.iter())
    {
        sp("tables.json", k)?;
    }
    for r in &tables.paris_vp.france_rulers {
        if !lf.rulers.iter().any(|x| &x.id == r) {
            return err(format!("tables.json: unknown ruler {r}"));
        }
    }
    for l in [
        &tables.paris_vp.spain_leader,
        &tables.paris_vp.protestant_leader,
    ] {
        if !lf.army_leaders.iter().any(|x| &x.id == l) {
            return err(format!("tables.json: unknown leader {l}"));
        }
    }
    for col in &tables.influence_display.minors {
        if !col.minor.is_minor() || col.activate.len() != 3 {
            return err(format!(
                "tables.json: influence column {:?} must be a minor activated by three majors",
                col.minor
            ));
        }
    }

    // ---------------- scenarios
    let leader_known = |id: &str| {
        lf.army_leaders.iter().any(|l| l.id == id) || lf.naval_leaders.iter().any(|l| l.id == id)
    };
    for s in &scf.scenarios {
        let what = format!("scenarios.json:{}", s.id);
        s.prov.check(&what)?;
        if s.start_turn < 1 || s.start_turn > s.end_turn || s.end_turn > tables.turns.count {
            return err(format!("{what}: turns out of range"));
        }
        for k in &s.independent_at_start {
            if spaces[sp(&what, k)?.0 as usize].home != Power::Independent {
                return err(format!("{what}: {k} is not an independent space"));
            }
        }
        for c in &s.control {
            sp(&what, &c.space)?;
        }
        for r in &s.religion {
            sp(&what, &r.space)?;
        }
        for (p, r) in &s.rulers {
            match lf.rulers.iter().find(|x| &x.id == r) {
                Some(x) if x.power == *p => {}
                _ => return err(format!("{what}: ruler {r} is not a {p:?} ruler")),
            }
        }
        for c in &s.removed_cards {
            if !card_index.contains_key(c) {
                return err(format!("{what}: unknown card {c}"));
            }
        }
        sp(&what, &s.hre_capital)?;
        for c in &s.protestant_capitals {
            sp(&what, &c.space)?;
        }
        for l in s
            .leaders_off_map
            .values()
            .flatten()
            .chain(s.leaders_in_play.iter())
            .chain(s.leaders_dead.iter())
        {
            if !leader_known(l) {
                return err(format!("{what}: unknown leader {l}"));
            }
        }
        for u in &s.units {
            let id = sp(&what, &u.space)?;
            let space = &spaces[id.0 as usize];
            if (u.galleys + u.galleons + u.corsairs > 0) && !space.ships_may_enter() {
                return err(format!(
                    "{what}: ships in {}, which ships may not enter",
                    u.space
                ));
            }
            if u.cavalry > 0 && u.power != Power::Ottoman {
                return err(format!("{what}: cavalry in {} is not Ottoman", u.space));
            }
            for l in &u.leaders {
                if !leader_known(l) {
                    return err(format!("{what}: unknown leader {l}"));
                }
            }
        }
    }
    for p in &scf.player_counts {
        let what = format!("scenarios.json:players:{}", p.players);
        p.prov.check(&what)?;
        if p.seats.len() != p.players as usize {
            return err(format!("{what}: one seat per player"));
        }
        let mut seen: Vec<Power> = p.seats.iter().flatten().copied().collect();
        seen.extend(p.activated_majors.iter().copied());
        seen.sort();
        if seen != Power::MAJORS.to_vec() {
            return err(format!(
                "{what}: every major must be seated or activated exactly once"
            ));
        }
        for r in &p.removed_personalities {
            let known = leader_known(r)
                || lf.captains.iter().any(|c| &c.id == r)
                || lf.nobles.iter().any(|c| &c.id == r);
            if !known {
                return err(format!("{what}: unknown personality {r}"));
            }
        }
    }
    scf.scenario_booklet.prov.check("scenarios.json:booklet")?;

    Ok(Data {
        spaces,
        connections,
        sea_zones,
        ocean_zones,
        ocean_borders,
        settlements,
        entry_zones,
        entry_zones_prov: wf.entry_zones.prov,
        treasure_rows,
        powers,
        land_pools: pf.land_counters,
        naval_pools: pf.naval_counters,
        special_units: pf.special_units,
        markers: pf.markers,
        // [5.1]: each default leader (the reverse side of an army-leader counter) is an army
        // leader of its own at the end of the list, `default_<owner>` (RULINGS F8).
        army_leaders: lf
            .army_leaders
            .into_iter()
            .chain(lf.default_leaders.iter().map(default_army_leader))
            .collect(),
        naval_leaders: lf.naval_leaders,
        default_leaders: lf.default_leaders,
        rulers: lf.rulers,
        captains: lf.captains,
        nobles: lf.nobles,
        cards,
        tables,
        scenarios: scf.scenarios,
        player_counts: scf.player_counts,
        booklet: scf.scenario_booklet,
        space_index,
        sea_index,
        ocean_index,
        settlement_index,
        card_index,
        neighbours,
        ocean_neighbours,
    })
}

/// The default leader of [5.1] as an army leader (`majors::default_leader`).
fn default_army_leader(d: &DefaultLeader) -> ArmyLeader {
    use super::powers::PoolOwner;
    let (id, name) = match d.power {
        PoolOwner::Ottoman => ("ottoman", "Ottoman"),
        PoolOwner::Spain => ("spain", "Spanish"),
        PoolOwner::England => ("england", "English"),
        PoolOwner::France => ("france", "French"),
        PoolOwner::Hre => ("hre", "HRE"),
        PoolOwner::Dutch => ("dutch", "Dutch"),
        PoolOwner::Huguenot => ("huguenot", "Huguenot"),
        _ => ("minor", "Minor"),
    };
    ArmyLeader {
        id: format!("default_{id}"),
        name: format!("{name} default leader"),
        power: d.power,
        battle: d.battle,
        command: d.command,
        entry_turn: None,
        naval_battle: None,
        enters_with: None,
        prov: d.prov.clone(),
    }
}
