//! Builds the rule-facing [`Tables`] from the data layer (`crate::data`), once.

use std::sync::OnceLock;

use crate::data;
use crate::tables::*;

pub fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(build)
}

fn rel(r: data::Religion) -> Religion {
    match r {
        data::Religion::Catholic => Religion::Catholic,
        data::Religion::Islamic => Religion::Islamic,
        data::Religion::Reformist => Religion::Reformist,
    }
}

fn side(r: data::Region) -> Side {
    match r {
        data::Region::East => Side::East,
        data::Region::West => Side::West,
    }
}

fn map_id(e: data::Empire) -> MapId {
    e.index() as MapId
}

fn centre(c: data::TradeCentre) -> Centre {
    match c {
        data::TradeCentre::Trebizond => Centre::Trebizond,
        data::TradeCentre::SpiceIslands => Centre::SpiceIslands,
        data::TradeCentre::Tana => Centre::Tana,
        data::TradeCentre::Novgorod => Centre::Novgorod,
        data::TradeCentre::Timbuktu => Centre::Timbuktu,
    }
}

fn prestige(p: data::Prestige) -> Prestige {
    match p {
        data::Prestige::Catholic => Prestige::Catholic,
        data::Prestige::Islamic => Prestige::Islamic,
        data::Prestige::Reformist => Prestige::Reformist,
        data::Prestige::Law => Prestige::Law,
        data::Prestige::Discovery => Prestige::Discovery,
        data::Prestige::Patron => Prestige::Patron,
    }
}

fn op(o: &data::Op) -> Op {
    match o {
        data::Op::Inquisitor { religion } => Op::Inquisitor(rel(*religion)),
        data::Op::Commerce { market } => Op::Commerce(side(*market)),
        data::Op::Behead => Op::Behead,
        data::Op::Tax => Op::Tax,
        data::Op::Repress { targets } => Op::Repress(RepressKinds {
            knight: targets.contains(&data::TokenKind::Knight),
            rook: targets.contains(&data::TokenKind::Rook),
            pawn: targets.contains(&data::TokenKind::Pawn),
        }),
        data::Op::Vote { side: s } => Op::Vote(side(*s)),
        data::Op::Corsair { religion } => Op::Corsair(rel(*religion)),
        data::Op::Siege => Op::Siege,
        data::Op::Campaign => Op::Campaign,
    }
}

fn build() -> Tables {
    let d = data::data();
    let m = &d.map;
    let city_ix = |id: &str| {
        m.cities
            .iter()
            .position(|c| c.id == id)
            .expect("known city") as CityId
    };
    let border_ix = |id: &str| {
        m.borders
            .iter()
            .position(|b| b.id == id)
            .expect("known border") as BorderId
    };
    let cities: Vec<CityDef> = m
        .cities
        .iter()
        .map(|c| {
            let sym = |v: &Vec<data::CitySymbol>| {
                v.iter()
                    .map(|x| Piece {
                        shape: match x.shape {
                            data::CityShape::Knight => Shape::Knight,
                            data::CityShape::Rook => Shape::Rook,
                        },
                        religion: rel(x.religion),
                    })
                    .collect::<Vec<_>>()
            };
            CityDef {
                name: c.name.clone(),
                map: map_id(c.empire),
                capacity: c.capacity() as u8,
                levy: [sym(&c.front), sym(&c.back)],
                centre: c.trade_centre.map(centre),
                capital: c.capital,
            }
        })
        .collect();
    let borders: Vec<BorderDef> = m
        .borders
        .iter()
        .map(|b| BorderDef {
            name: b.id.clone(),
            maps: [map_id(b.between[0]), map_id(b.between[1])],
            sea: b.sea,
        })
        .collect();
    let maps: Vec<MapDef> = data::Empire::ALL
        .iter()
        .map(|&e| {
            let mc = m.card(e);
            let ec = data::empire_card(e);
            let face = |f: &data::EmpireSide| EmpireFace {
                name: f.name.clone(),
                ops: f.ops.iter().map(op).collect(),
                prestige: f.prestige.iter().map(|&p| prestige(p)).collect(),
            };
            MapDef {
                name: mc.name.clone(),
                region: side(e.region()),
                theocracy: [mc.front.religion().map(rel), mc.back.religion().map(rel)],
                cities: mc.cities.iter().map(|c| city_ix(c)).collect(),
                borders: (0..borders.len() as BorderId)
                    .filter(|&b| borders[b as usize].maps.contains(&map_id(e)))
                    .collect(),
                row: match mc.row {
                    data::Row::North => 0,
                    data::Row::South => 1,
                },
                col: mc.column,
                king: face(&ec.king),
                republic: face(&ec.republic),
            }
        })
        .collect();
    let routes = m
        .routes
        .iter()
        .map(|r| Route {
            centre: centre(r.centre),
            maps: r.empires.iter().map(|&e| map_id(e)).collect(),
            borders: r.borders.iter().map(|b| border_ix(b)).collect(),
        })
        .collect();
    let cards = d
        .cards
        .all
        .iter()
        .map(|c| CardDef {
            name: c.name.clone(),
            side: side(c.deck),
            comet: c.is_comet(),
            queen: c.is_queen(),
            location: match c.location {
                Some(data::Location::Empire(e)) => Location::Map(map_id(e)),
                Some(data::Location::TheEast) => Location::Region(Side::East),
                Some(data::Location::TheWest) => Location::Region(Side::West),
                None => Location::None,
            },
            agents: c
                .agents
                .iter()
                .map(|a| {
                    let r = || rel(a.religion.expect("coloured agent"));
                    match a.kind {
                        data::AgentKind::Bishop => Agent::Bishop(r()),
                        data::AgentKind::Knight => Agent::Knight(r()),
                        data::AgentKind::Rook => Agent::Rook(r()),
                        data::AgentKind::Pirate => Agent::Pirate(r()),
                        data::AgentKind::Pawn => Agent::Pawn,
                    }
                })
                .collect(),
            ops: c.ops.iter().map(op).collect(),
            oneshot: c.one_shot.as_ref().map(|o| match o {
                data::OneShot::TradeShift { opens } => OneShot::TradeShift(centre(*opens)),
                data::OneShot::Coronation { suitors } => {
                    OneShot::Coronation(suitors.iter().map(|&e| map_id(e)).collect())
                }
                data::OneShot::Conspiracy => OneShot::Conspiracy,
                data::OneShot::PeasantRevolt => OneShot::PeasantRevolt,
                data::OneShot::Crusade => OneShot::ReligiousWar(Religion::Catholic),
                data::OneShot::ReformationWar => OneShot::ReligiousWar(Religion::Reformist),
                data::OneShot::Jihad => OneShot::ReligiousWar(Religion::Islamic),
            }),
            prestige: c.prestige.iter().map(|&p| prestige(p)).collect(),
            abilities: c
                .ability
                .iter()
                .map(|a| match &a.effect {
                    data::Ability::CrusadeRooksAsKnights { religion, empires } => {
                        Ability::CrusadeRooks {
                            religion: rel(*religion),
                            maps: empires.iter().map(|&e| map_id(e)).collect(),
                        }
                    }
                    data::Ability::DoubleConcessionsOnRoute { centre: c } => {
                        Ability::DoubleOnRoute(centre(*c))
                    }
                    data::Ability::SellFor { florins } => Ability::SellFor(*florins as i64),
                    data::Ability::NoHandLimit => Ability::NoHandLimit,
                    data::Ability::DoubleInBattle { city, religion } => Ability::BattleDouble {
                        city: city_ix(city),
                        religion: rel(*religion),
                    },
                })
                .collect(),
        })
        .collect();
    let banks = d
        .player_cards
        .iter()
        .map(|p| BankDef {
            name: p.name.clone(),
            colour: format!("{:?}", p.colour).to_lowercase(),
            border: border_ix(&p.starting_concession),
            always_first: p.always_first,
        })
        .collect();
    Tables {
        cards,
        maps,
        cities,
        borders,
        routes,
        banks,
    }
}
