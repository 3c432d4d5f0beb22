//! Our data files against facts pinned independently of them: every development
//! card against `tests/fixtures/card_facts.txt` (written from the third-party
//! sources by `data/tools/card_facts.py`, never from `data/cards.json`), and
//! the leaders' requirements and abilities and the excommunication tiles
//! against the seed's appendix [Anfuehrerkarten L565–707;
//! Exkommunikationsplaettchen L709–766]. A changed fact in a data file fails here.

use signoria_lorenzo_il_magnifico::data::{Bag, Card, ExcommEffect, PerGain, data};

const KEYS: [&str; 8] = [
    "wood",
    "stone",
    "servants",
    "coins",
    "vp",
    "mp",
    "fp",
    "privileges",
];

fn fmt(b: &Bag) -> String {
    let v = [
        b.wood,
        b.stone,
        b.servants,
        b.coins,
        b.vp,
        b.mp,
        b.fp,
        b.privileges,
    ];
    KEYS.iter()
        .zip(v)
        .filter(|(_, n)| *n != 0)
        .map(|(k, n)| format!("{n} {k}"))
        .collect::<Vec<_>>()
        .join(" + ")
}

fn per(p: &Option<PerGain>) -> String {
    match p {
        None => String::new(),
        Some(p) => match (p.per_card, p.per_mp) {
            (Some(k), _) => format!("{} per {}", fmt(&p.gain), k.name()),
            (None, Some(n)) => format!("{} per {n} mp", fmt(&p.gain)),
            (None, None) => panic!("multiplier without a base"),
        },
    }
}

fn join(a: String, b: String) -> String {
    [a, b]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" + ")
}

/// The same one-line form as `data/tools/card_facts.py`.
fn facts(c: &Card) -> String {
    let mut f = vec![
        format!("{:02} {}", c.id, c.name),
        format!("{} {}", c.kind.name(), c.period),
    ];
    let costs: Vec<String> = c
        .cost
        .iter()
        .map(|o| {
            if o.need_mp > 0 {
                format!("{} (need {} mp)", fmt(&o.pay), o.need_mp)
            } else {
                fmt(&o.pay)
            }
        })
        .collect();
    if !costs.is_empty() {
        f.push(format!("cost {}", costs.join(" or ")));
    }
    let now = join(fmt(&c.now), per(&c.now_per));
    if !now.is_empty() {
        f.push(format!("now {now}"));
    }
    if let Some(a) = &c.now_action {
        if let Some(v) = a.harvest {
            f.push(format!("action harvest @{v}"));
        } else if let Some(v) = a.production {
            f.push(format!("action production @{v}"));
        } else {
            let mut s = format!(
                "action take {} @{}",
                a.take.as_deref().expect("take"),
                a.value
            );
            let d = fmt(&a.discount);
            if !d.is_empty() {
                s += &format!(" discount {d}");
            }
            f.push(s);
        }
    }
    match c.kind.name() {
        "territory" => {
            f.push(format!("act {}", c.activation));
            f.push(format!("harvest {}", fmt(&c.harvest)));
        }
        "building" => {
            f.push(format!("act {}", c.activation));
            let fixed = join(fmt(&c.production.gain), per(&c.production.per));
            if !fixed.is_empty() {
                f.push(format!("production {fixed}"));
            }
            let ex: Vec<String> = c
                .production
                .exchange
                .iter()
                .map(|e| format!("{} -> {}", fmt(&e.pay), fmt(&e.gain)))
                .collect();
            if !ex.is_empty() {
                f.push(format!("exchange {}", ex.join(" / ")));
            }
        }
        _ => {}
    }
    if let Some(p) = &c.permanent {
        if let Some(k) = p.take_bonus {
            let mut s = format!("permanent take {} +{}", k.name(), p.value);
            if !p.discount_any_of.is_empty() {
                s += &format!(
                    " discount {}",
                    p.discount_any_of
                        .iter()
                        .map(fmt)
                        .collect::<Vec<_>>()
                        .join(" or ")
                );
            }
            f.push(s);
        } else if let Some(v) = p.harvest_bonus {
            f.push(format!("permanent harvest +{v}"));
        } else if let Some(v) = p.production_bonus {
            f.push(format!("permanent production +{v}"));
        } else if p.no_floor_bonus {
            f.push("permanent no floor bonus".into());
        }
    }
    if c.kind.name() == "venture" {
        f.push(format!("end {} vp", c.end_vp));
    }
    f.join(" | ")
}

#[test]
fn every_card_matches_the_fixture_from_the_third_party_sources() {
    let want: Vec<&str> = include_str!("fixtures/card_facts.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .collect();
    assert_eq!(want.len(), 96);
    let got: Vec<String> = data().cards.iter().map(facts).collect();
    let bad: Vec<String> = want
        .iter()
        .zip(&got)
        .filter(|(w, g)| **w != g.as_str())
        .map(|(w, g)| format!("want {w}\n got {g}"))
        .collect();
    assert!(
        bad.is_empty(),
        "{} cards differ:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// Leaders, as printed in the seed's appendix [L565–707]: requirement and ability.
#[test]
fn every_leader_matches_the_seed_appendix() {
    // name | requirement | ability (o = once per round, p = permanent)
    let want = [
        "Francesco Sforza | 5 venture | o harvest @1",
        "Ludovico Ariosto | 5 character | p occupied_spaces",
        "Filippo Brunelleschi | 5 building | p no_tower_fee",
        "Federico da Montefeltro | 5 territory | o member_six",
        "Girolamo Savonarola | 18 coins | o 1 fp",
        "Giovanni dalle Bande Nere | 12 mp | o 1 wood + 1 stone + 1 coins",
        "Sandro Botticelli | 10 wood | o 1 vp + 2 mp",
        "Michelangelo Buonarroti | 10 stone | o 3 coins",
        "Ludovico III Gonzaga | 15 servants | o 1 privileges",
        "Leonardo da Vinci | 2 territory + 4 character | o production @0",
        "Pico della Mirandola | 2 building + 4 venture | p coin_discount_3",
        "Sisto IV | 6 wood + 6 stone + 6 servants + 6 coins | p church_bonus_5",
        "Lucrezia Borgia | 6 of one type | o coloured_plus_two",
        "Sigismondo Malatesta | 7 mp + 3 fp | p neutral_plus_three",
        "Lorenzo de' Medici | 35 vp | p copy_leader",
        "Ludovico il Moro | 2 territory + 2 building + 2 character + 2 venture | p coloured_five",
        "Cesare Borgia | 3 building + 12 coins + 2 fp | p no_military_requirement",
        "Santa Rita | 8 fp | p double_card_resources",
        "Cosimo de' Medici | 4 building + 2 character | o 3 servants + 1 vp",
        "Bartolomeo Colleoni | 4 territory + 2 venture | o 4 vp",
    ];
    let kinds = ["territory", "building", "character", "venture"];
    let got: Vec<String> = data()
        .leaders
        .iter()
        .map(|l| {
            let mut need: Vec<String> = l
                .need
                .cards
                .by_kind()
                .iter()
                .zip(kinds)
                .filter(|(n, _)| **n > 0)
                .map(|(n, k)| format!("{n} {k}"))
                .collect();
            let r = fmt(&l.need.res);
            if !r.is_empty() {
                need.push(r);
            }
            if l.need.same_type > 0 {
                need.push(format!("{} of one type", l.need.same_type));
            }
            let ability = match (&l.once_per_round, &l.permanent) {
                (Some(o), None) => {
                    let what = if let Some(v) = o.harvest {
                        format!("harvest @{v}")
                    } else if let Some(v) = o.production {
                        format!("production @{v}")
                    } else if let Some(g) = &o.gain {
                        fmt(g)
                    } else if o.member_six {
                        "member_six".into()
                    } else {
                        assert!(o.coloured_plus_two);
                        "coloured_plus_two".into()
                    };
                    format!("o {what}")
                }
                (None, Some(p)) => format!("p {p}"),
                _ => panic!("{}: exactly one ability", l.name),
            };
            format!("{} | {} | {ability}", l.name, need.join(" + "))
        })
        .collect();
    assert_eq!(got, want);
}

/// The 21 excommunication tiles in the seed's order, 7 per period [L709–766]:
/// the engine's tile constants (`value::ex`) rely on this order.
#[test]
fn excommunication_tiles_in_the_seed_order() {
    let want = [
        "1 less mp",
        "1 less coins",
        "1 less servants",
        "1 less wood_or_stone",
        "1 harvest -3",
        "1 production -3",
        "1 coloured -1",
        "2 take territory -4",
        "2 take building -4",
        "2 take character -4",
        "2 take venture -4",
        "2 no_market",
        "2 servants_double",
        "2 skip_first_turn",
        "3 no vp for character",
        "3 no vp for venture",
        "3 no vp for territory",
        "3 lose_vp_per_5_vp",
        "3 lose_vp_per_mp",
        "3 lose_vp_per_building_cost",
        "3 lose_vp_per_resource",
    ];
    let got: Vec<String> = data()
        .excomms
        .iter()
        .enumerate()
        .map(|(i, x)| {
            assert_eq!(x.id as usize, i);
            let e = match &x.effect {
                ExcommEffect::Named(n) => n.clone(),
                ExcommEffect::Map(m) => match (
                    &m.less,
                    m.harvest,
                    m.production,
                    m.coloured,
                    m.take,
                    m.no_vp_for,
                ) {
                    (Some(l), None, None, None, None, None) => format!("less {l}"),
                    (None, Some(v), None, None, None, None) => format!("harvest {v}"),
                    (None, None, Some(v), None, None, None) => format!("production {v}"),
                    (None, None, None, Some(v), None, None) => format!("coloured {v}"),
                    (None, None, None, None, Some(k), None) => {
                        format!("take {} {}", k.name(), m.value)
                    }
                    (None, None, None, None, None, Some(k)) => format!("no vp for {}", k.name()),
                    _ => panic!("tile {i}: one effect"),
                },
            };
            format!("{} {e}", x.period)
        })
        .collect();
    assert_eq!(got, want);
}

/// Board tables not pinned elsewhere (GiovanniBozzano = luca-grella; seed where it
/// gives them): floor bonuses [L259], market [L322–345], territory slots [L172, L180],
/// the whole faith track [L417, R9], the advanced personal bonus tiles.
#[test]
fn board_tables_in_full() {
    let b = &data().board;
    let row = |v: &Vec<Bag>| v.iter().map(fmt).collect::<Vec<_>>().join(" | ");
    assert_eq!(row(&b.floor_bonus.territory), " |  | 1 wood | 2 wood");
    assert_eq!(row(&b.floor_bonus.character), " |  | 1 stone | 2 stone");
    assert_eq!(row(&b.floor_bonus.building), " |  | 1 mp | 2 mp");
    assert_eq!(row(&b.floor_bonus.venture), " |  | 1 coins | 2 coins");
    let market: Vec<String> = b
        .market
        .iter()
        .map(|m| format!("{} ({}p)", fmt(&m.gain), m.min_players))
        .collect();
    assert_eq!(
        market,
        [
            "5 coins (2p)",
            "5 servants (2p)",
            "2 coins + 3 mp (4p)",
            "2 privileges (4p)"
        ]
    );
    assert_eq!(fmt(&b.council), "1 coins + 1 privileges");
    assert_eq!(b.territory_slot_mp, [0, 0, 3, 7, 12, 18]);
    assert_eq!(
        b.faith_vp,
        [0, 1, 2, 3, 4, 5, 7, 9, 11, 13, 15, 17, 19, 22, 25, 30]
    );
    assert_eq!(fmt(&b.start_res), "2 wood + 2 stone + 3 servants");
    let tiles: Vec<String> = b
        .advanced_tiles
        .iter()
        .map(|t| format!("{} / {}", fmt(&t.harvest), fmt(&t.production)))
        .collect();
    assert_eq!(
        tiles,
        [
            "1 wood + 1 stone + 1 mp / 1 servants + 2 coins",
            "1 wood + 1 stone + 1 coins / 1 servants + 2 mp",
            "1 wood + 1 stone + 1 servants / 1 coins + 2 mp",
            "1 wood + 1 stone + 1 mp / 2 servants + 1 coins",
        ]
    );
}
