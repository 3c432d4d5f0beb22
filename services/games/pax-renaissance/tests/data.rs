//! Data tests: counts, map consistency, variant coverage, and every card/map fact
//! the seed states (pinned in `tests/fixtures/seed_facts.txt`, written from the seed text).

use std::collections::{BTreeMap, BTreeSet};

use signoria_pax_renaissance::data::*;

#[test]
fn data_loads() {
    load().expect("data files parse and validate");
}

#[test]
fn deck_counts_match_the_seed() {
    // Seed B1: 35 East, 57 West; A3/C5: two comets per deck.
    let c = cards();
    assert_eq!(c.all.len(), 92);
    assert_eq!(c.deck(Side::East).len(), 33);
    assert_eq!(c.deck(Side::West).len(), 55);
    assert_eq!(c.comets(Side::East).len(), 2);
    assert_eq!(c.comets(Side::West).len(), 2);
    assert_eq!(empire_cards().len(), 10);
    assert_eq!(victory_cards().len(), 4);
    assert_eq!(player_cards().len(), 4);
    assert_eq!(map().map_cards.len(), 10);
    assert_eq!(map().borders.len(), 13);
    assert_eq!(map().trade_centres.len(), 5);
    assert_eq!(map().routes.len(), 5);
}

#[test]
fn ids_and_numbers_are_unique() {
    let c = &cards().all;
    let ids: BTreeSet<_> = c.iter().map(|x| &x.id).collect();
    let numbers: BTreeSet<_> = c.iter().map(|x| x.number).collect();
    assert_eq!(ids.len(), c.len());
    assert_eq!(numbers.len(), c.len());
    for (i, card) in c.iter().enumerate() {
        assert_eq!(cards().ix(&card.id), Some(i as CardId));
        assert_eq!(cards().get(i as CardId).id, card.id);
        assert!(
            card.id
                .chars()
                .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '_'),
            "{}",
            card.id
        );
    }
    // Printed numbers: 1..=28 are the non-deck cards, West deck 29..=85, East deck 86..=120.
    for card in c {
        let range = match card.deck {
            Side::West => 29..=85,
            Side::East => 86..=120,
        };
        assert!(
            range.contains(&card.number),
            "{} has number {}",
            card.id,
            card.number
        );
    }
    let m = map();
    let cities: BTreeSet<_> = m.cities.iter().map(|x| &x.id).collect();
    assert_eq!(cities.len(), m.cities.len());
    let borders: BTreeSet<_> = m.borders.iter().map(|x| &x.id).collect();
    assert_eq!(borders.len(), m.borders.len());
}

fn ability_variant(a: &Ability) -> usize {
    match a {
        Ability::CrusadeRooksAsKnights { .. } => 0,
        Ability::DoubleConcessionsOnRoute { .. } => 1,
        Ability::SellFor { .. } => 2,
        Ability::NoHandLimit => 3,
        Ability::DoubleInBattle { .. } => 4,
    }
}

fn one_shot_variant(o: &OneShot) -> usize {
    match o {
        OneShot::TradeShift { .. } => 0,
        OneShot::Coronation { .. } => 1,
        OneShot::Conspiracy => 2,
        OneShot::PeasantRevolt => 3,
        OneShot::Crusade => 4,
        OneShot::ReformationWar => 5,
        OneShot::Jihad => 6,
    }
}

fn op_variant(o: &Op) -> usize {
    match o {
        Op::Inquisitor { .. } => 0,
        Op::Commerce { .. } => 1,
        Op::Behead => 2,
        Op::Tax => 3,
        Op::Repress { .. } => 4,
        Op::Vote { .. } => 5,
        Op::Corsair { .. } => 6,
        Op::Siege => 7,
        Op::Campaign => 8,
    }
}

#[test]
fn every_variant_is_used() {
    let c = &cards().all;
    let abilities: BTreeSet<_> = c
        .iter()
        .filter_map(|x| x.ability.as_ref())
        .map(|a| ability_variant(&a.effect))
        .collect();
    assert_eq!(
        abilities,
        (0..5).collect(),
        "every ability variant is on some card"
    );
    let one_shots: BTreeSet<_> = c
        .iter()
        .filter_map(|x| x.one_shot.as_ref())
        .map(one_shot_variant)
        .collect();
    assert_eq!(
        one_shots,
        (0..7).collect(),
        "every one-shot variant is on some card"
    );
    let shifts: BTreeSet<_> = c
        .iter()
        .filter_map(|x| match &x.one_shot {
            Some(OneShot::TradeShift { opens }) => Some(*opens),
            _ => None,
        })
        .collect();
    // H1 names exactly three shifts: Spice Islands, Kremlin (Novgorod), Soninke Wangara (Timbuktu).
    assert_eq!(
        shifts,
        [
            TradeCentre::SpiceIslands,
            TradeCentre::Novgorod,
            TradeCentre::Timbuktu
        ]
        .into()
    );
    let mut ops: BTreeSet<_> = c
        .iter()
        .flat_map(|x| x.ops.iter())
        .map(op_variant)
        .collect();
    ops.extend(
        empire_cards()
            .iter()
            .flat_map(|e| e.king.ops.iter().chain(&e.republic.ops))
            .map(op_variant),
    );
    assert_eq!(ops, (0..9).collect(), "every op is printed somewhere");
    let pieces: BTreeSet<_> = c.iter().filter_map(|x| x.piece).collect();
    let want: BTreeSet<_> = [
        ChessPiece::Queen,
        ChessPiece::Knight,
        ChessPiece::Rook,
        ChessPiece::Pirate,
        ChessPiece::Bishop,
        ChessPiece::Pawn,
    ]
    .into();
    assert_eq!(
        pieces, want,
        "every non-King piece is on a deck card (Kings are the empire cards)"
    );
    let mut prestige: BTreeSet<_> = c.iter().flat_map(|x| x.prestige.iter().copied()).collect();
    prestige.extend(
        empire_cards()
            .iter()
            .flat_map(|e| e.king.prestige.iter().chain(&e.republic.prestige).copied()),
    );
    assert_eq!(prestige.len(), 6, "all six prestige kinds appear");
    for r in Religion::ALL {
        assert!(
            c.iter()
                .any(|x| x.ops.contains(&Op::Inquisitor { religion: r })),
            "inquisitor {r:?}"
        );
        assert!(
            c.iter().any(|x| x
                .agents
                .iter()
                .any(|a| a.kind() == AgentKind::Bishop && a.religion() == Some(r))),
            "bishop {r:?}"
        );
    }
}

#[test]
fn card_anatomy_is_consistent() {
    for c in &cards().all {
        if c.is_comet() {
            assert!(
                c.piece.is_none() && c.ops.is_empty() && c.agents.is_empty(),
                "{}",
                c.id
            );
            continue;
        }
        // Seed B4: East cards only in the East row, West in the West row.
        if let Some(OneShot::Coronation { suitors }) = &c.one_shot {
            let set: BTreeSet<_> = suitors.iter().collect();
            assert_eq!(set.len(), suitors.len(), "{}: suitors unique", c.id);
        }
        for o in &c.ops {
            assert_ne!(
                *o,
                Op::Campaign,
                "{}: Campaign is only on King sides [F9]",
                c.id
            );
            if let Op::Repress { targets } = o {
                let set: BTreeSet<_> = targets.iter().collect();
                assert!(
                    !targets.is_empty() && set.len() == targets.len(),
                    "{}",
                    c.id
                );
            }
        }
        // Religious wars carry non-bishop agents or not; bishops never fight, but a location is needed.
        if c.one_shot.is_some() && !c.is_queen() {
            assert!(
                c.location.is_some(),
                "{}: a one-shot needs a location",
                c.id
            );
        }
        if let Some(a) = &c.ability {
            assert!(
                !a.name.is_empty() && !a.name_de.is_empty() && !a.description.is_empty(),
                "{}",
                c.id
            );
        }
    }
}

#[test]
fn empire_cards_have_both_sides() {
    for e in Empire::ALL {
        let x = empire_card(e);
        assert_eq!(x.empire, e);
        assert!(!x.king.name.is_empty() && !x.republic.name.is_empty());
        assert!(
            x.king.ops.contains(&Op::Campaign),
            "{e:?}: King side has Campaign (F9: only King sides have it; every King has it per the source)"
        );
        assert!(
            !x.republic.ops.contains(&Op::Campaign),
            "{e:?}: Republic side has no Campaign [F9]"
        );
        for o in x.king.ops.iter().chain(&x.republic.ops) {
            match o {
                Op::Commerce { market } | Op::Vote { side: market } => {
                    assert_eq!(
                        *market,
                        e.region(),
                        "{e:?}: its row ops act on its own side"
                    )
                }
                _ => {}
            }
        }
    }
}

#[test]
fn map_grid_borders_and_adjacency_are_consistent() {
    let m = map();
    let cells: BTreeSet<_> = m.map_cards.iter().map(|c| (c.row, c.column)).collect();
    assert_eq!(cells.len(), 10);
    assert!(m.map_cards.iter().all(|c| c.column < 5));
    // Borders are exactly the orthogonal neighbours of the 2 x 5 grid.
    let mut want = BTreeSet::new();
    for a in Empire::ALL {
        for b in Empire::ALL {
            let (x, y) = (m.card(a), m.card(b));
            let ortho = (x.row == y.row && x.column.abs_diff(y.column) == 1)
                || (x.row != y.row && x.column == y.column);
            if ortho && a < b {
                want.insert((a, b));
            }
        }
    }
    let got: BTreeSet<_> = m
        .borders
        .iter()
        .map(|b| {
            let [a, c] = b.between;
            assert_ne!(a, c);
            (a.min(c), a.max(c))
        })
        .collect();
    assert_eq!(got, want);
    for b in &m.borders {
        let [a, c] = b.between;
        assert_eq!(m.border_between(a, c).map(|x| &x.id), Some(&b.id));
        assert_eq!(m.border_between(c, a).map(|x| &x.id), Some(&b.id));
    }
    // Adjacency: symmetric, irreflexive, borders imply adjacency, diagonals count [Glossar BENACHBART].
    for a in Empire::ALL {
        assert!(!m.adjacent(a, a));
        for b in Empire::ALL {
            assert_eq!(m.adjacent(a, b), m.adjacent(b, a));
            if m.border_between(a, b).is_some() {
                assert!(m.adjacent(a, b));
            }
        }
    }
    let n: BTreeMap<Empire, usize> = Empire::ALL
        .iter()
        .map(|e| (*e, m.neighbours(*e).len()))
        .collect();
    assert_eq!(n[&Empire::England], 3);
    assert_eq!(n[&Empire::France], 5);
    assert_eq!(n[&Empire::Mamluk], 3);
    assert_eq!(n[&Empire::Ottoman], 5);
}

#[test]
fn map_faces_and_cities_are_consistent() {
    let m = map();
    for mc in &m.map_cards {
        assert!(
            mc.back.religion().is_some(),
            "{:?}: the other side is a theocracy [B5]",
            mc.empire
        );
        assert_ne!(mc.front, mc.back);
        let caps: Vec<_> = m.cities_of(mc.empire).filter(|c| c.capital).collect();
        assert_eq!(caps.len(), 1, "{:?}: exactly one capital [B5]", mc.empire);
        assert!(!mc.cities.is_empty());
        let listed: BTreeSet<_> = mc.cities.iter().collect();
        let owned: BTreeSet<_> = m.cities_of(mc.empire).map(|c| &c.id).collect();
        assert_eq!(listed, owned);
    }
    for c in &m.cities {
        let cap = if c.id == "constantinople" { 3 } else { 1 };
        assert_eq!(c.capacity(), cap, "{}", c.id);
        assert_eq!(c.back.len(), c.front.len());
    }
    // Only Papal States and Mamluk start as theocracies [C1].
    let theo: BTreeSet<_> = m
        .map_cards
        .iter()
        .filter(|c| c.front != MapFace::Medieval)
        .map(|c| c.empire)
        .collect();
    assert_eq!(theo, [Empire::PapalStates, Empire::Mamluk].into());
    // Start tokens fit the supply [Glossar SPIELSTEIN-VERWALTUNG]: 10 white, 7 black, 7 red of each shape.
    let mut used: BTreeMap<(Shape, Religion), usize> = BTreeMap::new();
    for c in m.cities.iter().filter(|c| c.capital) {
        for s in &c.front {
            *used.entry((s.shape, s.religion)).or_default() += 1;
        }
    }
    for ((_, r), n) in used {
        assert!(n <= if r == Religion::Catholic { 10 } else { 7 });
    }
}

#[test]
fn trade_routes_are_consistent() {
    let m = map();
    let mut on_route = BTreeSet::new();
    for t in &m.trade_centres {
        let city = m.city(&t.city).expect("centre city");
        assert_eq!(city.trade_centre, Some(t.centre));
        let r = m.route(t.centre);
        assert_eq!(r.colour, t.colour);
        assert_eq!(
            r.empires[0], city.empire,
            "{:?}: a route starts on its centre's card",
            t.centre
        );
        let end = match t.colour {
            RouteColour::White => Empire::HolyRomanEmpire,
            RouteColour::Black => Empire::Mamluk,
        };
        assert_eq!(
            *r.empires.last().unwrap(),
            end,
            "{:?}: arrowhead [G5]",
            t.centre
        );
        let distinct: BTreeSet<_> = r.empires.iter().collect();
        assert_eq!(
            distinct.len(),
            r.empires.len(),
            "{:?}: no card twice",
            t.centre
        );
        assert_eq!(r.borders.len() + 1, r.empires.len());
        for (i, b) in r.borders.iter().enumerate() {
            let border = m.border(b).expect("border");
            let expect = m
                .border_between(r.empires[i], r.empires[i + 1])
                .expect("consecutive cards share a border");
            assert_eq!(border.id, expect.id);
            assert!(border.sea, "{b}: a route crosses only sea borders");
            on_route.insert(b.clone());
        }
    }
    // A sea border is one crossed by an active or inactive route [E2.2, Glossar GRENZE].
    let sea: BTreeSet<_> = m
        .borders
        .iter()
        .filter(|b| b.sea)
        .map(|b| b.id.clone())
        .collect();
    assert_eq!(sea, on_route);
    for colour in [RouteColour::White, RouteColour::Black] {
        let active = m
            .trade_centres
            .iter()
            .filter(|t| t.colour == colour && t.active_at_start)
            .count();
        assert_eq!(active, 1, "{colour:?}: exactly one active centre [C1]");
    }
    assert_eq!(RouteColour::White.fair(), Side::West);
    assert_eq!(RouteColour::Black.fair(), Side::East);
}

#[test]
fn constants_agree_with_the_decks_and_map() {
    let k = constants();
    // Four players need 12 + 2 + 16 = 30 cards per deck; the East deck has 35 (C5).
    assert!(
        k.deck_size(k.max_players as usize)
            <= cards().all.iter().filter(|c| c.deck == Side::East).count()
    );
    // One bankruptcy marker per covered centre (C1).
    let covered = |c: RouteColour| {
        map()
            .trade_centres
            .iter()
            .filter(|t| t.colour == c && !t.active_at_start)
            .count()
    };
    assert_eq!(
        covered(RouteColour::White),
        k.bankruptcy_markers.white as usize
    );
    assert_eq!(
        covered(RouteColour::Black),
        k.bankruptcy_markers.black as usize
    );
    assert_eq!(k.starting_florins.len(), k.max_players as usize);
}

#[test]
fn player_cards_start_on_distinct_borders() {
    let borders: BTreeSet<_> = player_cards()
        .iter()
        .map(|p| &p.starting_concession)
        .collect();
    assert_eq!(borders.len(), 4);
    let colours: BTreeSet<_> = player_cards().iter().map(|p| p.colour).collect();
    assert_eq!(colours.len(), 4);
    assert_eq!(player_cards().iter().filter(|p| p.always_first).count(), 1);
}

#[test]
fn religious_war_agents_share_the_war_religion() {
    // K1: a religious war's card agents attack "sofern sie die gleiche Farbe haben"; every
    // crusade / reformation war / jihad card places agents of its war's colour only (the
    // rules' R-42 relies on this; a 2nd-edition recolouring would show up here).
    let mut wars = 0;
    for c in &cards().all {
        let Some(religion) = c.one_shot.as_ref().and_then(OneShot::war_religion) else {
            continue;
        };
        wars += 1;
        assert!(!c.agents.is_empty(), "{}: a war card places agents", c.id);
        for a in &c.agents {
            assert_eq!(a.religion(), Some(religion), "{}: agent colour", c.id);
        }
    }
    assert!(
        wars >= 3,
        "crusades, reformation wars and jihads exist [B4]"
    );
}

#[test]
fn pirates_and_corsairs_have_a_sea_border() {
    // E2.2 / Glossar PIRAT: a pirate agent goes on a sea border around its location;
    // F7: Corsair moves a pirate on a sea border of the location. A location without a
    // sea border would make the agent or op dead print.
    let m = map();
    for c in &cards().all {
        let pirate = c.agents.iter().any(|a| a.kind() == AgentKind::Pirate);
        let corsair = c.ops.iter().any(|o| matches!(o, Op::Corsair { .. }));
        if !(pirate || corsair) {
            continue;
        }
        let loc = c
            .location
            .expect("pirate and corsair cards have a location");
        assert!(
            loc.empires()
                .iter()
                .any(|e| m.borders_of(*e).any(|b| b.sea)),
            "{}: no sea border at {loc:?}",
            c.id
        );
    }
}

// ---------------------------------------------------------------------------------------
// The seed fixture.

fn empire(s: &str) -> Empire {
    Empire::ALL
        .into_iter()
        .find(|e| snake(&format!("{e:?}")) == s)
        .unwrap_or_else(|| panic!("empire {s}"))
}

fn snake(camel: &str) -> String {
    let mut out = String::new();
    for (i, ch) in camel.chars().enumerate() {
        if ch.is_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(ch.to_ascii_lowercase());
    }
    out
}

fn op_text(o: &Op) -> String {
    let r = |r: &Religion| snake(&format!("{r:?}"));
    let g = |g: &Side| snake(&format!("{g:?}"));
    match o {
        Op::Inquisitor { religion } => format!("inquisitor:{}", r(religion)),
        Op::Commerce { market } => format!("commerce:{}", g(market)),
        Op::Behead => "behead".into(),
        Op::Tax => "tax".into(),
        Op::Repress { targets } => {
            format!(
                "repress:{}",
                targets
                    .iter()
                    .map(|t| snake(&format!("{t:?}")))
                    .collect::<Vec<_>>()
                    .join("+")
            )
        }
        Op::Vote { side } => format!("vote:{}", g(side)),
        Op::Corsair { religion } => format!("corsair:{}", r(religion)),
        Op::Siege => "siege".into(),
        Op::Campaign => "campaign".into(),
    }
}

fn agent_text(a: &Agent) -> String {
    let k = snake(&format!("{:?}", a.kind()));
    match a.religion() {
        Some(r) => format!("{k}:{}", snake(&format!("{r:?}"))),
        None => k,
    }
}

fn ability_text(a: &Ability) -> String {
    match a {
        Ability::CrusadeRooksAsKnights { religion, empires } => format!(
            "crusade_rooks_as_knights:{}:{}",
            snake(&format!("{religion:?}")),
            empires
                .iter()
                .map(|e| snake(&format!("{e:?}")))
                .collect::<Vec<_>>()
                .join("+")
        ),
        Ability::DoubleConcessionsOnRoute { centre } => {
            format!(
                "double_concessions_on_route:{}",
                snake(&format!("{centre:?}"))
            )
        }
        Ability::SellFor { florins } => format!("sell_for:{florins}"),
        Ability::NoHandLimit => "no_hand_limit".into(),
        Ability::DoubleInBattle { city, religion } => format!(
            "double_in_battle:{city}:{}",
            snake(&format!("{religion:?}"))
        ),
    }
}

fn symbol_text(s: &Piece) -> String {
    format!(
        "{}:{}",
        snake(&format!("{:?}", s.shape)),
        snake(&format!("{:?}", s.religion))
    )
}

fn find_card(name: &str) -> Result<&'static Card, String> {
    let hits: Vec<_> = cards()
        .all
        .iter()
        .filter(|c| {
            c.seed_name.as_deref() == Some(name)
                || c.name == name
                || c.name_de.as_deref() == Some(name)
        })
        .collect();
    match hits.as_slice() {
        [one] => Ok(one),
        _ => Err(format!(
            "card named {name:?} in the seed: {} matches",
            hits.len()
        )),
    }
}

fn find_city(name: &str) -> Result<&'static City, String> {
    map()
        .cities
        .iter()
        .find(|c| c.name == name || c.name_de.as_deref() == Some(name))
        .ok_or_else(|| format!("city {name:?} named in the seed"))
}

fn centre(s: &str) -> TradeCentre {
    match s {
        "trebizond" => TradeCentre::Trebizond,
        "spice_islands" => TradeCentre::SpiceIslands,
        "tana" => TradeCentre::Tana,
        "novgorod" => TradeCentre::Novgorod,
        "timbuktu" => TradeCentre::Timbuktu,
        _ => panic!("centre {s}"),
    }
}

/// Whether a card matches a `key=value` filter of the fixture's `cards_where`.
fn card_matches(c: &Card, filter: &str) -> bool {
    filter.split(',').all(|kv| {
        let (k, v) = kv.split_once('=').expect("cards_where key=value");
        let dbg = |x: &dyn std::fmt::Debug| snake(&format!("{x:?}"));
        match k {
            "deck" => dbg(&c.deck) == v,
            "piece" => c.piece.is_some_and(|p| dbg(&p) == v),
            "op" => c.ops.iter().any(|o| op_text(o) == v),
            "prestige" => c.prestige.iter().any(|p| dbg(p) == v),
            _ => panic!("cards_where key {k}"),
        }
    })
}

/// Agent kind a chess piece places (the piece in the card's corner shows the agents) [Glossar AGENTEN].
fn piece_agent(p: ChessPiece) -> Option<AgentKind> {
    match p {
        ChessPiece::Bishop => Some(AgentKind::Bishop),
        ChessPiece::Knight => Some(AgentKind::Knight),
        ChessPiece::Rook => Some(AgentKind::Rook),
        ChessPiece::Pirate => Some(AgentKind::Pirate),
        ChessPiece::Pawn => Some(AgentKind::Pawn),
        ChessPiece::King | ChessPiece::Queen => None,
    }
}

fn count(what: &str) -> usize {
    let c = &cards().all;
    let m = map();
    let queens = || c.iter().filter(|x| x.is_queen());
    let coronation = |x: &Card| matches!(x.one_shot, Some(OneShot::Coronation { .. }));
    match what {
        "cards_with_ability" => c.iter().filter(|x| x.ability.is_some()).count(),
        "comets_east" => cards().comets(Side::East).len(),
        "comets_west" => cards().comets(Side::West).len(),
        "deck_east" => c.iter().filter(|x| x.deck == Side::East).count(),
        "deck_west" => c.iter().filter(|x| x.deck == Side::West).count(),
        "empire_cards" => empire_cards().len(),
        "map_cards" => m.map_cards.len(),
        "player_cards" => player_cards().len(),
        "victory_cards" => victory_cards().len(),
        "queens_with_agents" => queens().filter(|x| !x.agents.is_empty()).count(),
        "queens_with_location" => queens().filter(|x| x.location.is_some()).count(),
        "queens_without_coronation" => queens().filter(|x| !coronation(x)).count(),
        "coronations_off_queens" => c.iter().filter(|x| coronation(x) && !x.is_queen()).count(),
        "comets_with_features" => c
            .iter()
            .filter(|x| x.is_comet())
            .filter(|x| {
                x.piece.is_some()
                    || x.location.is_some()
                    || !x.agents.is_empty()
                    || !x.prestige.is_empty()
                    || !x.ops.is_empty()
                    || x.ability.is_some()
                    || x.one_shot.is_some()
            })
            .count(),
        "piece_agent_mismatches" => c
            .iter()
            .filter(|x| !x.is_comet() && !x.is_queen())
            .filter(|x| {
                let want = x.piece.and_then(piece_agent);
                want.is_none()
                    || x.agents.is_empty()
                    || x.agents.iter().any(|a| Some(a.kind()) != want)
            })
            .count(),
        "map_cards_with_one_capital" => m
            .map_cards
            .iter()
            .filter(|mc| m.cities_of(mc.empire).filter(|x| x.capital).count() == 1)
            .count(),
        "map_cards_with_theocracy_back" => m
            .map_cards
            .iter()
            .filter(|mc| mc.back.religion().is_some())
            .count(),
        w if w.starts_with("cards_with_op ") => {
            let op = &w["cards_with_op ".len()..];
            c.iter()
                .filter(|x| x.ops.iter().any(|o| op_text(o) == op))
                .count()
        }
        w if w.starts_with("republics_with_op ") => {
            let op = &w["republics_with_op ".len()..];
            empire_cards()
                .iter()
                .filter(|x| x.republic.ops.iter().any(|o| op_text(o) == op))
                .count()
        }
        w if w.starts_with("cards_where ") => {
            let filter = &w["cards_where ".len()..];
            c.iter().filter(|x| card_matches(x, filter)).count()
        }
        w if w.starts_with("cards_named ") => {
            let name = &w["cards_named ".len()..];
            c.iter()
                .filter(|x| x.name == name || x.seed_name.as_deref() == Some(name))
                .count()
        }
        _ => panic!("count {what}"),
    }
}

/// Checks one fixture fact; returns an error message if the data disagrees.
fn check(subject: &str, fact: &str) -> Result<(), String> {
    let (key, arg) = fact.split_once(' ').unwrap_or((fact, ""));
    let ok = |b: bool| {
        if b {
            Ok(())
        } else {
            Err(format!("{subject}: {fact}"))
        }
    };
    let (kind, name) = subject.split_once(' ').unwrap_or((subject, ""));
    let m = map();
    match kind {
        "card" => {
            let c = find_card(name)?;
            let dbg = |x: &dyn std::fmt::Debug| snake(&format!("{x:?}")).to_lowercase();
            match key {
                "piece" => ok(c.piece.map(|p| dbg(&p)).as_deref() == Some(arg)),
                "location" => ok(c.location.map(|l| match l {
                    Location::Empire(e) => dbg(&e),
                    Location::TheEast => "the_east".into(),
                    Location::TheWest => "the_west".into(),
                }) == Some(arg.to_string())),
                "location_covers" => ok(c
                    .location
                    .is_some_and(|l| l.empires().contains(&empire(arg)))),
                "one_shot" => ok(c.one_shot.as_ref().is_some_and(|o| {
                    let s = format!("{o:?}");
                    snake(s.split([' ', '{']).next().unwrap()) == arg
                })),
                "trade_shift" => ok(c.one_shot == Some(OneShot::TradeShift { opens: centre(arg) })),
                "agents" => {
                    // Exact list; an entry without ":religion" leaves the colour open.
                    let want: Vec<_> = arg.split(',').collect();
                    ok(want.len() == c.agents.len()
                        && c.agents.iter().zip(&want).all(|(a, w)| {
                            let t = agent_text(a);
                            t == *w || t.split(':').next() == Some(*w)
                        }))
                }
                "agent" => ok(c.agents.iter().any(|a| agent_text(a) == arg)),
                "op" => ok(c.ops.iter().any(|o| op_text(o) == arg)),
                "prestige" => ok(c.prestige.iter().any(|p| dbg(p) == arg)),
                "deck" => ok(dbg(&c.deck) == arg),
                "number" => ok(c.number.to_string() == arg && c.number_in_seed),
                "suitor" => ok(
                    matches!(&c.one_shot, Some(OneShot::Coronation { suitors }) if suitors.contains(&empire(arg))),
                ),
                "ability" => ok(c
                    .ability
                    .as_ref()
                    .is_some_and(|a| ability_text(&a.effect) == arg)),
                "ability_de" => ok(c.ability.as_ref().is_some_and(|a| a.name_de == arg)),
                "ability_name" => ok(c.ability.as_ref().is_some_and(|a| a.name == arg)),
                "comet" => ok(c.is_comet()),
                "pirate_reaches" => {
                    // A pirate agent goes on a sea border of the location; one must touch `arg`.
                    let target = empire(arg);
                    ok(c.location.is_some_and(|l| {
                        l.empires().iter().any(|e| {
                            m.borders_of(*e)
                                .any(|b| b.sea && b.between.contains(&target))
                        })
                    }))
                }
                _ => panic!("card fact {key}"),
            }
        }
        "count" => {
            let parts: Vec<_> = fact.rsplitn(3, ' ').collect();
            let (n, cmp, what) = (parts[0].parse::<usize>().unwrap(), parts[1], parts[2]);
            let v = count(what);
            ok(match cmp {
                "==" => v == n,
                ">=" => v >= n,
                _ => panic!("cmp {cmp}"),
            })
        }
        "empire_card" => {
            let x = empire_card(empire(name));
            match key {
                "king_name_contains" => ok(x.king.name.contains(arg)),
                "king_prestige" => ok(x
                    .king
                    .prestige
                    .iter()
                    .any(|p| snake(&format!("{p:?}")) == arg)),
                "king_op" => ok(x.king.ops.iter().any(|o| op_text(o) == arg)),
                "republic_lacks_op" => ok(!x.republic.ops.iter().any(|o| op_text(o) == arg)),
                _ => panic!("empire_card fact {key}"),
            }
        }
        "map" => {
            let e = empire(name);
            let mc = m.card(e);
            let face = |f: MapFace| snake(&format!("{f:?}"));
            match key {
                "grid" => {
                    let (row, col) = arg.split_once(' ').unwrap();
                    ok(snake(&format!("{:?}", mc.row)) == row && mc.column.to_string() == col)
                }
                "front" => ok(face(mc.front) == arg),
                "back" => ok(face(mc.back) == arg),
                "back_is_theocracy" => {
                    ok(mc.back.religion().is_some() && mc.front.religion().is_some())
                }
                "region" => ok(snake(&format!("{:?}", e.region())) == arg),
                "borders" => ok(m.borders_of(e).count().to_string() == arg),
                "border_with" => ok(m.border_between(e, empire(arg)).is_some()),
                "all_borders_sea" => ok(m.borders_of(e).all(|b| b.sea)),
                "border_sea" => ok(m.border_between(e, empire(arg)).is_some_and(|b| b.sea)),
                "border_not_sea" => ok(m.border_between(e, empire(arg)).is_some_and(|b| !b.sea)),
                "adjacent" => ok(m.adjacent(e, empire(arg))),
                "not_adjacent" => ok(!m.adjacent(e, empire(arg))),
                "cities" => ok(m.cities_of(e).count().to_string() == arg),
                "cities_at_least" => ok(m.cities_of(e).count() >= arg.parse::<usize>().unwrap()),
                _ => panic!("map fact {key}"),
            }
        }
        "city" => {
            let c = find_city(name)?;
            match key {
                "empire" => ok(c.empire == empire(arg)),
                "capital" => ok(c.capital),
                "capacity" => ok(c.capacity().to_string() == arg),
                "exists" => ok(true),
                "front" => ok(c.front.len() == 1 && symbol_text(&c.front[0]) == arg),
                "front_slot" => ok(c.front.iter().any(|s| symbol_text(s) == arg)),
                "front_slots" => {
                    let mut got: Vec<_> = c.front.iter().map(symbol_text).collect();
                    let mut want: Vec<_> = arg.split('+').map(String::from).collect();
                    got.sort();
                    want.sort();
                    ok(got == want)
                }
                "some_face" => ok(c.front.iter().chain(&c.back).any(|s| symbol_text(s) == arg)),
                _ => panic!("city fact {key}"),
            }
        }
        "centre" => {
            let t = m.trade_centre(centre(name));
            match key {
                "colour" => ok(snake(&format!("{:?}", t.colour)) == arg),
                "active_at_start" => ok(t.active_at_start),
                "covered_at_start" => ok(!t.active_at_start),
                _ => panic!("centre fact {key}"),
            }
        }
        "route" => {
            let r = m.route(centre(name));
            let words: Vec<_> = arg.split(' ').collect();
            let border =
                |a: &str, b: &str| m.border_between(empire(a), empire(b)).map(|x| x.id.clone());
            match key {
                "starts" => ok(r.empires[0] == empire(arg)),
                "ends" => ok(*r.empires.last().unwrap() == empire(arg)),
                "visits" => ok(r.empires.contains(&empire(arg))),
                "exact" => ok(r.empires == arg.split(',').map(empire).collect::<Vec<_>>()),
                "border" => ok(r.borders.get(words[0].parse::<usize>().unwrap()).cloned()
                    == border(words[1], words[2])),
                "border_later" => ok(r
                    .borders
                    .iter()
                    .skip(1)
                    .any(|b| Some(b.clone()) == border(words[0], words[1]))),
                _ => panic!("route fact {key}"),
            }
        }
        "player" => {
            let p = player_cards()
                .iter()
                .find(|p| snake(&format!("{:?}", p.bank)) == name)
                .expect("bank");
            match key {
                "colour" => ok(snake(&format!("{:?}", p.colour)) == arg),
                "concession" => {
                    let (a, b) = arg.split_once(' ').unwrap();
                    ok(m.border_between(empire(a), empire(b)).map(|x| &x.id)
                        == Some(&p.starting_concession))
                }
                "concession_name" => ok(p.concession_name == arg),
                "always_first" => ok(p.always_first),
                _ => panic!("player fact {key}"),
            }
        }
        "victory" => {
            let v = victory_cards()
                .iter()
                .find(|v| snake(&format!("{:?}", v.victory)) == name)
                .expect("victory");
            match key {
                "figure" => ok(v.figure == arg),
                "name_de" => ok(v.name_de == arg),
                _ => panic!("victory fact {key}"),
            }
        }
        "const" => {
            let k = constants();
            let num = |s: &str| s.parse::<usize>().unwrap();
            let two = || {
                let (a, b) = arg.split_once(' ').unwrap();
                (num(a), num(b))
            };
            let triple = |p: &PerReligion| format!("{},{},{}", p.catholic, p.islamic, p.reformist);
            match key {
                "starting_florins" => ok(k
                    .starting_florins
                    .iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
                    == arg),
                "deck_size" => {
                    let (p, n) = two();
                    ok(k.deck_size(p) == n)
                }
                "fair_bonus" => {
                    let (p, n) = two();
                    ok(k.fair_bonus(p) as usize == n)
                }
                "imperial_margin" => {
                    let (p, n) = two();
                    ok(k.imperial_margin(p) as usize == n)
                }
                "market_row_size" => ok(k.market_row_size as usize == num(arg)),
                "hand_limit" => ok(k.hand_limit as usize == num(arg)),
                "sell_florins" => ok(k.sell_florins as usize == num(arg)),
                "crowned_pair_sell_florins" => ok(k.crowned_pair_sell_florins as usize == num(arg)),
                "fair_initiator_florins" => ok(k.fair_initiator_florins as usize == num(arg)),
                "globalization_concession_margin" => {
                    ok(k.globalization_concession_margin as usize == num(arg))
                }
                "renaissance_law_margin" => ok(k.renaissance_law_margin as usize == num(arg)),
                "expert_west_cards_to_east" => ok(k.expert_west_cards_to_east as usize == num(arg)),
                "pawns_per_player" => ok(k.pawns_per_player as usize == num(arg)),
                "bishops_per_religion" => ok(k.bishops_per_religion as usize == num(arg)),
                "rooks" => ok(triple(&k.rooks) == arg),
                "knights" => ok(triple(&k.knights) == arg),
                "bankruptcy_markers" => ok(format!(
                    "{},{}",
                    k.bankruptcy_markers.white, k.bankruptcy_markers.black
                ) == arg),
                _ => panic!("const fact {key}"),
            }
        }
        _ => panic!("subject {subject}"),
    }
}

#[test]
fn every_seed_fact_holds() {
    let text = include_str!("fixtures/seed_facts.txt");
    let mut failures = Vec::new();
    let mut n = 0;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parts: Vec<_> = line.split('|').map(str::trim).collect();
        assert_eq!(parts.len(), 3, "fixture line {}: {line}", i + 1);
        let seed_line = parts[0].trim_start_matches('~');
        assert!(
            seed_line
                .parse::<u32>()
                .is_ok_and(|l| (1..=873).contains(&l)),
            "fixture line {}: seed line",
            i + 1
        );
        if let Err(e) = check(parts[1], parts[2]) {
            failures.push(format!("seed line {}: {e}", parts[0]));
        }
        n += 1;
    }
    assert!(n >= 150, "the fixture pins {n} facts");
    assert!(
        failures.is_empty(),
        "{} seed facts fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// One wrong fact per kind of fact the fixture uses: each must be reported, or the
/// fixture test proves nothing. `every_fact_kind_has_a_failing_probe` keeps this list
/// complete when the fixture gains a new kind of fact.
const WRONG_FACTS: &[(&str, &str)] = &[
    ("card Flanders Guilds", "piece knight"),
    ("card Flanders Guilds", "location aragon"),
    ("card Holy Land Crusade", "location_covers aragon"),
    ("card Flanders Guilds", "one_shot conspiracy"),
    ("card Gutenberg", "trade_shift novgorod"),
    ("card Flanders Guilds", "agents pawn,pawn"),
    ("card House of Borgia", "agents knight"),
    ("card The Ottoman Navy", "agent pirate:catholic"),
    ("card The Grim", "op vote:west"),
    ("card Luther", "prestige islamic"),
    ("card Luther", "deck east"),
    ("card Gutenberg", "number 72"),
    ("card Isabella", "suitor mamluk"),
    ("card Gutenberg", "ability sell_for:4"),
    ("card Gutenberg", "ability_de Stadtwechsel"),
    ("card Gutenberg", "ability_name Ransom"),
    ("card Luther", "comet"),
    ("card Luther", "pirate_reaches mamluk"),
    ("card The European Union", "deck east"),
    ("count", "deck_east == 34"),
    ("count", "deck_west == 56"),
    ("count", "comets_east == 3"),
    ("count", "comets_west == 1"),
    ("count", "empire_cards == 9"),
    ("count", "map_cards == 11"),
    ("count", "player_cards == 3"),
    ("count", "victory_cards == 5"),
    ("count", "cards_with_ability == 9"),
    ("count", "cards_with_op inquisitor:reformist >= 99"),
    ("count", "cards_with_op campaign >= 1"),
    ("count", "republics_with_op commerce:west == 0"),
    ("count", "queens_with_agents >= 1"),
    ("count", "queens_with_location >= 1"),
    ("count", "queens_without_coronation >= 1"),
    ("count", "coronations_off_queens >= 1"),
    ("count", "comets_with_features >= 1"),
    ("count", "piece_agent_mismatches >= 1"),
    ("count", "map_cards_with_one_capital == 9"),
    ("count", "map_cards_with_theocracy_back == 9"),
    (
        "count",
        "cards_where deck=east,piece=bishop,op=inquisitor:reformist >= 1",
    ),
    ("count", "cards_named Luther == 0"),
    ("empire_card france", "king_name_contains Pope"),
    ("empire_card ottoman", "king_prestige catholic"),
    ("empire_card england", "king_op vote:west"),
    ("empire_card england", "republic_lacks_op commerce:west"),
    ("map england", "grid south 0"),
    ("map england", "front catholic"),
    ("map england", "back_is_theocracy"),
    ("map aragon", "back islamic"),
    ("map hungary", "region west"),
    ("map england", "borders 3"),
    ("map england", "border_with aragon"),
    ("map france", "all_borders_sea"),
    ("map france", "border_sea aragon"),
    ("map france", "border_not_sea england"),
    ("map england", "adjacent holy_roman_empire"),
    ("map england", "not_adjacent aragon"),
    ("map hungary", "cities 3"),
    ("map papal_states", "cities_at_least 2"),
    ("city Paris", "empire england"),
    ("city Lyon", "capital"),
    ("city Paris", "capacity 3"),
    (
        "city Konstantinopel",
        "front_slots knight:islamic+knight:islamic+knight:islamic",
    ),
    ("city Konstantinopel", "front_slot knight:catholic"),
    ("city Kairo", "some_face knight:reformist"),
    ("city Kaffa", "front rook:islamic"),
    ("city Atlantis", "exists"),
    ("centre tana", "colour white"),
    ("centre spice_islands", "active_at_start"),
    ("centre tana", "covered_at_start"),
    ("route tana", "starts hungary"),
    ("route tana", "ends holy_roman_empire"),
    ("route tana", "visits france"),
    ("route tana", "border 0 hungary ottoman"),
    ("route tana", "border_later byzantium hungary"),
    ("route tana", "exact byzantium,hungary,mamluk"),
    ("player fugger", "colour yellow"),
    ("player fugger", "concession aragon papal_states"),
    ("player fugger", "concession_name Florenz"),
    ("player medici", "always_first"),
    ("victory holy", "figure Leonardo"),
    ("victory holy", "name_de Imperialer Sieg"),
    ("const", "starting_florins 3,4,5,7"),
    ("const", "deck_size 3 27"),
    ("const", "market_row_size 5"),
    ("const", "hand_limit 3"),
    ("const", "sell_florins 3"),
    ("const", "crowned_pair_sell_florins 2"),
    ("const", "fair_bonus 2 2"),
    ("const", "fair_initiator_florins 0"),
    ("const", "imperial_margin 2 2"),
    ("const", "globalization_concession_margin 1"),
    ("const", "renaissance_law_margin 1"),
    ("const", "expert_west_cards_to_east 12"),
    ("const", "pawns_per_player 9"),
    ("const", "bishops_per_religion 4"),
    ("const", "rooks 7,7,10"),
    ("const", "knights 10,7,8"),
    ("const", "bankruptcy_markers 2,1"),
];

/// The kind of a fixture fact: subject kind and fact key (for counts, the counted thing).
fn fact_kind(subject: &str, fact: &str) -> (String, String) {
    let kind = subject.split(' ').next().unwrap().to_string();
    let key = fact.split(' ').next().unwrap().to_string();
    (kind, key)
}

#[test]
fn the_fixture_checker_can_fail() {
    for (subject, fact) in WRONG_FACTS {
        assert!(
            check(subject, fact).is_err(),
            "a wrong fact passes the checker: {subject} | {fact}"
        );
    }
}

#[test]
fn every_fact_kind_has_a_failing_probe() {
    let probed: BTreeSet<_> = WRONG_FACTS.iter().map(|(s, f)| fact_kind(s, f)).collect();
    let text = include_str!("fixtures/seed_facts.txt");
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parts: Vec<_> = line.split('|').map(str::trim).collect();
        let kind = fact_kind(parts[1], parts[2]);
        assert!(
            probed.contains(&kind),
            "no wrong-fact probe for {kind:?} (fixture: {line})"
        );
    }
}
