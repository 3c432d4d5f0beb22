//! Mapping between the Rust types and the typed protobuf messages
//! (`proto/signoria/v1/games/pax_renaissance.proto`).
//!
//! A move from a client is only checked for well-formedness here: every id
//! within the game's data (cards, cities, borders, seats, op and agent
//! positions, market columns) and every enum value defined and specified.
//! Whether it is legal is the kernel's business.

use crate::data;
use crate::model::*;
use crate::pb;
use crate::view::View;

type R<T> = Result<T, String>;

// ---------------------------------------------------------------- enums

fn side(x: i32) -> R<Side> {
    match pb::Side::try_from(x) {
        Ok(pb::Side::East) => Ok(Side::East),
        Ok(pb::Side::West) => Ok(Side::West),
        _ => Err(format!("bad side {x}")),
    }
}
fn side_pb(s: Side) -> i32 {
    match s {
        Side::East => pb::Side::East,
        Side::West => pb::Side::West,
    }
    .into()
}
fn rel(x: i32) -> R<Religion> {
    match pb::Religion::try_from(x) {
        Ok(pb::Religion::Catholic) => Ok(Religion::Catholic),
        Ok(pb::Religion::Islamic) => Ok(Religion::Islamic),
        Ok(pb::Religion::Reformist) => Ok(Religion::Reformist),
        _ => Err(format!("bad religion {x}")),
    }
}
fn rel_pb(r: Religion) -> i32 {
    match r {
        Religion::Catholic => pb::Religion::Catholic,
        Religion::Islamic => pb::Religion::Islamic,
        Religion::Reformist => pb::Religion::Reformist,
    }
    .into()
}
fn shape(x: i32) -> R<Shape> {
    match pb::Shape::try_from(x) {
        Ok(pb::Shape::Knight) => Ok(Shape::Knight),
        Ok(pb::Shape::Rook) => Ok(Shape::Rook),
        _ => Err(format!("bad shape {x}")),
    }
}
fn shape_pb(s: Shape) -> i32 {
    match s {
        Shape::Knight => pb::Shape::Knight,
        Shape::Rook => pb::Shape::Rook,
    }
    .into()
}
/// Empires are numbered from 1 in the proto (0 is unspecified), from 0 here.
fn empire(x: i32) -> R<MapId> {
    match pb::Empire::try_from(x) {
        Ok(pb::Empire::Unspecified) | Err(_) => Err(format!("bad empire {x}")),
        Ok(e) => Ok((e as i32 - 1) as MapId),
    }
}
fn empire_pb(m: MapId) -> i32 {
    m as i32 + 1
}
/// Victories: 0..3 the victory cards, 4 the last banker standing ([`VICTORIES`]).
fn victory(x: i32) -> R<u8> {
    match pb::Victory::try_from(x) {
        Ok(pb::Victory::Unspecified) | Err(_) => Err(format!("bad victory {x}")),
        Ok(v) => Ok((v as i32 - 1) as u8),
    }
}
fn victory_pb(v: u8) -> i32 {
    v as i32 + 1
}

// ---------------------------------------------------------------- ids

/// An id below `n` (the number of such things in the game's data).
fn id<T: TryFrom<u32>>(x: u32, n: usize, what: &str) -> R<T> {
    if (x as usize) < n {
        T::try_from(x).map_err(|_| format!("{what} {x} out of range"))
    } else {
        Err(format!("no {what} {x}"))
    }
}
fn card(x: u32) -> R<CardId> {
    id(x, data::cards().all.len(), "card")
}
fn city(x: u32) -> R<CityId> {
    id(x, data::map().cities.len(), "city")
}
fn border(x: u32) -> R<BorderId> {
    id(x, data::map().borders.len(), "border")
}
fn seat(x: u32) -> R<usize> {
    id(x, data::constants().max_players as usize, "seat")
}

// ---------------------------------------------------------------- parts

fn piece(p: &Option<pb::Piece>) -> R<Piece> {
    let p = p.as_ref().ok_or("missing piece")?;
    Ok(Piece {
        shape: shape(p.shape)?,
        religion: rel(p.religion)?,
    })
}
fn piece_pb(p: Piece) -> pb::Piece {
    pb::Piece {
        shape: shape_pb(p.shape),
        religion: rel_pb(p.religion),
    }
}
fn member(m: &Option<pb::Member>) -> R<Member> {
    use pb::member::Kind;
    match m.as_ref().and_then(|m| m.kind.as_ref()) {
        Some(Kind::Card(c)) => Ok(Member::Card(card(*c)?)),
        Some(Kind::Empire(e)) => Ok(Member::Empire(empire(*e)?)),
        None => Err("missing member".into()),
    }
}
fn member_pb(m: Member) -> pb::Member {
    use pb::member::Kind;
    pb::Member {
        kind: Some(match m {
            Member::Card(c) => Kind::Card(c as u32),
            Member::Empire(e) => Kind::Empire(empire_pb(e)),
        }),
    }
}
fn token(t: &Option<pb::Token>) -> R<Token> {
    use pb::token::Kind;
    match t.as_ref().and_then(|t| t.kind.as_ref()) {
        Some(Kind::Piece(p)) => Ok(Token::Piece(piece(&Some(*p))?)),
        Some(Kind::Serf(s)) => Ok(Token::Serf(seat(*s)?)),
        None => Err("missing token".into()),
    }
}
fn token_pb(t: Token) -> pb::Token {
    use pb::token::Kind;
    pb::Token {
        kind: Some(match t {
            Token::Piece(p) => Kind::Piece(piece_pb(p)),
            // A seat past u32 (never a real one) stays out of range.
            Token::Serf(s) => Kind::Serf(u32::try_from(s).unwrap_or(u32::MAX)),
        }),
    }
}
fn spot(s: &Option<pb::Spot>) -> R<Spot> {
    use pb::spot::Kind;
    match s.as_ref().and_then(|s| s.kind.as_ref()) {
        Some(Kind::City(c)) => Ok(Spot::City(city(*c)?)),
        Some(Kind::Replace(r)) => Ok(Spot::Replace(city(r.city)?, piece(&r.victim)?)),
        Some(Kind::Border(b)) => Ok(Spot::Border(border(*b)?)),
        Some(Kind::Tableau(m)) => Ok(Spot::Tableau(member(&Some(*m))?)),
        None => Err("missing spot".into()),
    }
}
fn spot_pb(s: Spot) -> pb::Spot {
    use pb::spot::Kind;
    pb::Spot {
        kind: Some(match s {
            Spot::City(c) => Kind::City(c as u32),
            Spot::Replace(c, p) => Kind::Replace(pb::CityReplace {
                city: c as u32,
                victim: Some(piece_pb(p)),
            }),
            Spot::Border(b) => Kind::Border(b as u32),
            Spot::Tableau(m) => Kind::Tableau(member_pb(m)),
        }),
    }
}
fn fighter(f: &Option<pb::Fighter>) -> R<Fighter> {
    use pb::fighter::Kind;
    match f.as_ref().and_then(|f| f.kind.as_ref()) {
        Some(Kind::Agent(p)) => Ok(Fighter::Agent(piece(&Some(*p))?)),
        Some(Kind::AgentPawn(true)) => Ok(Fighter::AgentPawn),
        Some(Kind::AgentPawn(false)) => Err("agent_pawn must be true".into()),
        Some(Kind::City(c)) => Ok(Fighter::City(city(c.city)?, piece(&c.piece)?)),
        Some(Kind::Border(b)) => Ok(Fighter::Border(border(*b)?)),
        Some(Kind::Repressed(t)) => Ok(Fighter::Repressed(token(&Some(*t))?)),
        None => Err("missing fighter".into()),
    }
}
fn fighter_pb(f: Fighter) -> pb::Fighter {
    use pb::fighter::Kind;
    pb::Fighter {
        kind: Some(match f {
            Fighter::Agent(p) => Kind::Agent(piece_pb(p)),
            Fighter::AgentPawn => Kind::AgentPawn(true),
            Fighter::City(c, p) => Kind::City(pb::CityPiece {
                city: c as u32,
                piece: Some(piece_pb(p)),
            }),
            Fighter::Border(b) => Kind::Border(b as u32),
            Fighter::Repressed(t) => Kind::Repressed(token_pb(t)),
        }),
    }
}
fn target(t: &Option<pb::Target>) -> R<Target> {
    use pb::target::Kind;
    Ok(
        match t
            .as_ref()
            .and_then(|t| t.kind.as_ref())
            .ok_or("missing target")?
        {
            Kind::Bishop(b) => Target::Bishop {
                from: member(&b.from)?,
                to: member(&b.to)?,
            },
            Kind::Market(m) => Target::Market {
                row: side(m.row)?,
                col: column(m.col)?,
            },
            Kind::Card(m) => Target::Card(member(&Some(*m))?),
            Kind::Tax(x) => Target::Tax {
                border: border(x.border)?,
                map: empire(x.map)?,
            },
            Kind::City(c) => Target::City(city(c.city)?, piece(&c.piece)?),
            Kind::Border(b) => Target::Border {
                border: border(b.border)?,
                map: empire(b.map)?,
            },
            Kind::Empire(e) => Target::Empire(empire(*e)?),
            Kind::Corsair(c) => Target::Corsair {
                from: border(c.from)?,
                to: border(c.to)?,
            },
            Kind::Map(m) => Target::Map(empire(*m)?),
        },
    )
}
fn target_pb(t: Target) -> pb::Target {
    use pb::target::{self as tg, Kind};
    pb::Target {
        kind: Some(match t {
            Target::Bishop { from, to } => Kind::Bishop(tg::Bishop {
                from: Some(member_pb(from)),
                to: Some(member_pb(to)),
            }),
            Target::Market { row, col } => Kind::Market(tg::Market {
                row: side_pb(row),
                col: col as u32,
            }),
            Target::Card(m) => Kind::Card(member_pb(m)),
            Target::Tax { border, map } => Kind::Tax(tg::Tax {
                border: border as u32,
                map: empire_pb(map),
            }),
            Target::City(c, p) => Kind::City(pb::CityPiece {
                city: c as u32,
                piece: Some(piece_pb(p)),
            }),
            Target::Border { border, map } => Kind::Border(tg::Border {
                border: border as u32,
                map: empire_pb(map),
            }),
            Target::Empire(e) => Kind::Empire(empire_pb(e)),
            Target::Corsair { from, to } => Kind::Corsair(tg::Corsair {
                from: from as u32,
                to: to as u32,
            }),
            Target::Map(m) => Kind::Map(empire_pb(m)),
        }),
    }
}

/// A market column [C6].
fn column(x: u32) -> R<u8> {
    id(
        x,
        data::constants().market_row_size as usize,
        "market column",
    )
}
/// A position in a member's op row: below the longest row printed.
fn op_position(x: u32) -> R<u8> {
    let longest = data::cards()
        .all
        .iter()
        .map(|c| c.ops.len())
        .chain(
            data::empire_cards()
                .iter()
                .flat_map(|e| [e.king.ops.len(), e.republic.ops.len()]),
        )
        .max()
        .unwrap_or(0);
    id(x, longest, "op position")
}
/// A position among a card's agents: below the most agents a card shows.
fn agent_position(x: u32) -> R<u8> {
    let most = data::cards()
        .all
        .iter()
        .map(|c| c.agents.len())
        .max()
        .unwrap_or(0);
    id(x, most, "agent position")
}

// ---------------------------------------------------------------- options

pub fn options_from_pb(pb: &pb::Options) -> Options {
    Options {
        astrology: pb.astrology.unwrap_or(false),
        bankruptcy: pb.bankruptcy.unwrap_or(false),
        expert: pb.expert.unwrap_or(false),
    }
}

pub fn options_to_pb(o: &Options) -> pb::Options {
    pb::Options {
        astrology: Some(o.astrology),
        bankruptcy: Some(o.bankruptcy),
        expert: Some(o.expert),
    }
}

// ---------------------------------------------------------------- moves

pub fn move_from_pb(m: &pb::Move) -> R<Move> {
    use pb::r#move::Kind;
    Ok(match m.kind.as_ref().ok_or("empty move")? {
        Kind::Buy(x) => Move::Buy {
            row: side(x.row)?,
            col: column(x.col)?,
        },
        Kind::Play(x) => Move::Play {
            card: card(x.card)?,
            oneshot: x.one_shot,
            map: x.map.map(empire).transpose()?,
        },
        Kind::Crown(x) => Move::Crown {
            card: card(x.card)?,
            empire: empire(x.empire)?,
        },
        Kind::Sell(x) => Move::Sell {
            member: member(&x.member)?,
        },
        Kind::SellHand(x) => Move::SellHand {
            card: card(x.card)?,
        },
        Kind::Ops(x) => Move::Ops {
            side: side(x.side)?,
        },
        Kind::TradeFair(x) => Move::TradeFair { row: side(x.row)? },
        Kind::DeclareVictory(x) => Move::DeclareVictory {
            victory: victory(x.victory)?,
        },
        Kind::EndTurn(_) => Move::EndTurn,
        Kind::Op(x) => Move::Op {
            member: member(&x.member)?,
            op: op_position(x.op)?,
            target: target(&x.target)?,
        },
        Kind::EndOps(_) => Move::EndOps,
        Kind::ActivateVictory(x) => Move::ActivateVictory {
            victory: victory(x.victory)?,
        },
        Kind::Discard(x) => Move::Discard {
            card: card(x.card)?,
        },
        Kind::PlaceAgent(x) => Move::PlaceAgent {
            spot: spot(&x.spot)?,
        },
        Kind::PlaceOtherAgent(x) => Move::PlaceOtherAgent {
            agent: agent_position(x.agent)?,
            spot: spot(&x.spot)?,
        },
        Kind::SkipAgent(_) => Move::SkipAgent,
        Kind::Pacify(x) => Move::Pacify {
            token: x.token.map(|t| token(&Some(t))).transpose()?,
            empire: x.empire.map(empire).transpose()?,
        },
        Kind::PayTax(_) => Move::PayTax,
        Kind::RefuseTax(_) => Move::RefuseTax,
        Kind::Levy(x) => Move::Levy {
            city: city(x.city)?,
        },
        Kind::Casualty(x) => Move::Casualty {
            fighter: fighter(&x.fighter)?,
        },
        Kind::PlaceSurvivor(x) => Move::PlaceSurvivor {
            fighter: fighter(&x.fighter)?,
            spot: spot(&x.spot)?,
        },
        Kind::FlipMap(x) => Move::FlipMap { flip: x.flip },
        Kind::JoinRooks(x) => Move::JoinRooks { join: x.join },
        Kind::TakeRepressed(x) => Move::TakeRepressed {
            empire: empire(x.empire)?,
        },
        Kind::Concession(x) => Move::Concession {
            border: x.border.map(border).transpose()?,
        },
        Kind::Liberate(x) => Move::Liberate {
            token: token(&x.token)?,
            spot: spot(&x.spot)?,
        },
        Kind::EndLiberation(_) => Move::EndLiberation,
    })
}

pub fn move_to_pb(m: &Move) -> pb::Move {
    use pb::r#move::{self as mv, Kind};
    let kind = match *m {
        Move::Buy { row, col } => Kind::Buy(mv::Buy {
            row: side_pb(row),
            col: col as u32,
        }),
        Move::Play { card, oneshot, map } => Kind::Play(mv::Play {
            card: card as u32,
            one_shot: oneshot,
            map: map.map(empire_pb),
        }),
        Move::Crown { card, empire } => Kind::Crown(mv::Crown {
            card: card as u32,
            empire: empire_pb(empire),
        }),
        Move::Sell { member } => Kind::Sell(mv::Sell {
            member: Some(member_pb(member)),
        }),
        Move::SellHand { card } => Kind::SellHand(mv::SellHand { card: card as u32 }),
        Move::Ops { side } => Kind::Ops(mv::Ops {
            side: side_pb(side),
        }),
        Move::TradeFair { row } => Kind::TradeFair(mv::TradeFair { row: side_pb(row) }),
        Move::DeclareVictory { victory } => Kind::DeclareVictory(mv::DeclareVictory {
            victory: victory_pb(victory),
        }),
        Move::EndTurn => Kind::EndTurn(mv::EndTurn {}),
        Move::Op { member, op, target } => Kind::Op(mv::Op {
            member: Some(member_pb(member)),
            op: op as u32,
            target: Some(target_pb(target)),
        }),
        Move::EndOps => Kind::EndOps(mv::EndOps {}),
        Move::ActivateVictory { victory } => Kind::ActivateVictory(mv::ActivateVictory {
            victory: victory_pb(victory),
        }),
        Move::Discard { card } => Kind::Discard(mv::Discard { card: card as u32 }),
        Move::PlaceAgent { spot } => Kind::PlaceAgent(mv::PlaceAgent {
            spot: Some(spot_pb(spot)),
        }),
        Move::PlaceOtherAgent { agent, spot } => Kind::PlaceOtherAgent(mv::PlaceOtherAgent {
            agent: agent as u32,
            spot: Some(spot_pb(spot)),
        }),
        Move::SkipAgent => Kind::SkipAgent(mv::SkipAgent {}),
        Move::Pacify { token, empire } => Kind::Pacify(mv::Pacify {
            token: token.map(token_pb),
            empire: empire.map(empire_pb),
        }),
        Move::PayTax => Kind::PayTax(mv::PayTax {}),
        Move::RefuseTax => Kind::RefuseTax(mv::RefuseTax {}),
        Move::Levy { city } => Kind::Levy(mv::Levy { city: city as u32 }),
        Move::Casualty { fighter } => Kind::Casualty(mv::Casualty {
            fighter: Some(fighter_pb(fighter)),
        }),
        Move::PlaceSurvivor { fighter, spot } => Kind::PlaceSurvivor(mv::PlaceSurvivor {
            spot: Some(spot_pb(spot)),
            fighter: Some(fighter_pb(fighter)),
        }),
        Move::FlipMap { flip } => Kind::FlipMap(mv::FlipMap { flip }),
        Move::JoinRooks { join } => Kind::JoinRooks(mv::JoinRooks { join }),
        Move::TakeRepressed { empire } => Kind::TakeRepressed(mv::TakeRepressed {
            empire: empire_pb(empire),
        }),
        Move::Concession { border } => Kind::Concession(mv::Concession {
            border: border.map(|b| b as u32),
        }),
        Move::Liberate { token, spot } => Kind::Liberate(mv::Liberate {
            token: Some(token_pb(token)),
            spot: Some(spot_pb(spot)),
        }),
        Move::EndLiberation => Kind::EndLiberation(mv::EndLiberation {}),
    };
    pb::Move { kind: Some(kind) }
}

// ---------------------------------------------------------------- views

fn market_pb(row: &[Option<MarketCard>]) -> Vec<pb::MarketCard> {
    row.iter()
        .enumerate()
        .filter_map(|(col, c)| {
            c.as_ref().map(|c| pb::MarketCard {
                col: col as u32,
                card: c.card as u32,
                florins: c.florins,
                fresh: c.fresh,
            })
        })
        .collect()
}

fn slot_pb(s: &crate::view::SlotView) -> pb::Slot {
    pb::Slot {
        root: Some(member_pb(s.root)),
        members: s.members.iter().map(|&m| member_pb(m)).collect(),
        bishop: s.bishop.map(rel_pb),
    }
}

fn winner_pb(w: &Winner) -> pb::Winner {
    match w {
        Winner::Declared { seat, victory } => pb::Winner {
            victory: Some(victory_pb(*victory)),
            seats: vec![*seat as u32],
        },
        Winner::Patron { seats } => pb::Winner {
            victory: None,
            seats: seats.iter().map(|&x| x as u32).collect(),
        },
    }
}

pub fn view_to_pb(v: &View) -> pb::View {
    pb::View {
        players: v
            .players
            .iter()
            .map(|p| pb::Player {
                bank: p.bank.clone(),
                colour: p.colour.clone(),
                florins: p.florins,
                hand_count: p.hand_count,
                hand: p.hand.iter().flatten().map(|&c| c as u32).collect(),
                hand_visible: p.hand.is_some(),
                east: p.tableau[0].iter().map(slot_pb).collect(),
                west: p.tableau[1].iter().map(slot_pb).collect(),
                spinsters: p.spinsters.iter().map(|&c| c as u32).collect(),
                dice: p.dice as u32,
                concessions: p.concessions,
                eliminated: p.eliminated,
            })
            .collect(),
        active: v.active as u32,
        actions_left: v.actions_left as u32,
        east_market: market_pb(&v.market[0]),
        west_market: market_pb(&v.market[1]),
        leftover: v.leftover.to_vec(),
        decks: (0..2)
            .map(|i| {
                let d = &v.decks[i];
                pb::Deck {
                    size: d.size,
                    top_back: d.top_back.map(side_pb),
                    top_card: d.top_card.map(|c| c as u32),
                    cards: v
                        .secret_decks
                        .as_ref()
                        .map(|x| x[i].iter().map(|&c| c as u32).collect())
                        .unwrap_or_default(),
                }
            })
            .collect(),
        empires: v
            .empires
            .iter()
            .map(|e| pb::EmpireCard {
                owner: e.owner.map(|o| o as u32),
                face: match e.face {
                    Face::King => pb::Face::King,
                    Face::Republic => pb::Face::Republic,
                }
                .into(),
                suzerain: e.suzerain.map(empire_pb),
                queen: e.queen.map(|x| x as u32),
                repressed: e.repressed.iter().map(|&t| token_pb(t)).collect(),
            })
            .collect(),
        flipped: v.flipped.clone(),
        cities: v
            .cities
            .iter()
            .map(|c| pb::City {
                pieces: c.iter().map(|&p| piece_pb(p)).collect(),
            })
            .collect(),
        borders: v
            .borders
            .iter()
            .map(|b| pb::Border {
                token: b.map(|t| pb::BorderToken {
                    kind: Some(match t {
                        BorderToken::Concession(s) => pb::border_token::Kind::Concession(s as u32),
                        BorderToken::Pirate(r) => pb::border_token::Kind::Pirate(rel_pb(r)),
                    }),
                }),
            })
            .collect(),
        uncovered: v.uncovered.to_vec(),
        victory_active: v.victory_active.to_vec(),
        discards: v.discards.iter().map(|&c| c as u32).collect(),
        hand_discards: v.hand_discards,
        pending: v.pending.iter().map(|&s| s as u32).collect(),
        supply: v.supply.iter().flatten().map(|&x| x as u32).collect(),
        decision: v.task.as_ref().map(decision_pb),
        battle: v.battle.as_ref().map(battle_pb),
        winner: v.winner.as_ref().map(winner_pb),
        frame_kind: v.frame_kind.unwrap_or_default().to_string(),
        prompt: v.prompt.clone(),
    }
}

fn agent_pb(a: &Agent) -> pb::Agent {
    use Agent as A;
    let (kind, r) = match a {
        A::Bishop(r) => (pb::AgentKind::Bishop, Some(*r)),
        A::Knight(r) => (pb::AgentKind::Knight, Some(*r)),
        A::Rook(r) => (pb::AgentKind::Rook, Some(*r)),
        A::Pirate(r) => (pb::AgentKind::Pirate, Some(*r)),
        A::Pawn => (pb::AgentKind::Pawn, None),
    };
    pb::Agent {
        kind: kind.into(),
        religion: r.map(rel_pb),
    }
}

fn decision_pb(t: &Task) -> pb::Decision {
    use pb::decision::{self as d, Kind};
    let kind = match t {
        Task::Turn => Kind::Turn(d::Turn {}),
        Task::Ops { side, used } => Kind::Ops(d::Ops {
            side: side_pb(*side),
            used: used.iter().map(|&m| member_pb(m)).collect(),
        }),
        Task::ActivateVictory => Kind::ActivateVictory(d::ActivateVictory {}),
        Task::DiscardHand { seat } => Kind::DiscardHand(d::DiscardHand { seat: *seat as u32 }),
        Task::Agents { card, map, agents } => Kind::Agents(d::Agents {
            card: *card as u32,
            map: map.map(empire_pb),
            agents: agents.iter().map(agent_pb).collect(),
        }),
        Task::Pacify { member } => Kind::Pacify(d::Pacify {
            member: Some(member_pb(*member)),
        }),
        Task::TaxResponse {
            victim,
            border,
            map,
        } => Kind::TaxResponse(d::TaxResponse {
            victim: *victim as u32,
            border: *border as u32,
            map: empire_pb(*map),
        }),
        Task::Levy { map, by } => Kind::Levy(d::Levy {
            map: empire_pb(*map),
            by: by.map(|b| b as u32),
        }),
        Task::Casualties { attackers, count } => Kind::Casualties(d::Casualties {
            attackers: *attackers,
            count: *count as u32,
        }),
        Task::Survivors => Kind::Survivors(d::Survivors {}),
        Task::Substitute { token, from } => Kind::Substitute(d::Substitute {
            token: Some(token_pb(*token)),
            from: from.iter().map(|&e| empire_pb(e)).collect(),
        }),
        Task::StartWar { card, map, agents } => Kind::StartWar(d::StartWar {
            card: *card as u32,
            map: empire_pb(*map),
            agents: agents.iter().map(agent_pb).collect(),
        }),
        Task::JoinRooks { rooks } => Kind::JoinRooks(d::JoinRooks {
            rooks: rooks.iter().map(|&f| fighter_pb(f)).collect(),
        }),
        Task::TheocracyFlip { map } => Kind::TheocracyFlip(d::TheocracyFlip {
            map: empire_pb(*map),
        }),
        Task::Regime { map, .. } => Kind::Regime(d::Regime {
            map: empire_pb(*map),
        }),
        Task::Concession { map } => Kind::Concession(d::Concession {
            map: empire_pb(*map),
        }),
        Task::Liberate { map } => Kind::Liberate(d::Liberate {
            map: empire_pb(*map),
        }),
    };
    pb::Decision { kind: Some(kind) }
}

fn battle_pb(b: &Battle) -> pb::Battle {
    let (war, religion) = match b.war {
        War::Campaign => (pb::War::Campaign, None),
        War::Conspiracy => (pb::War::Conspiracy, None),
        War::PeasantRevolt => (pb::War::PeasantRevolt, None),
        War::Religious(r) => (pb::War::Religious, Some(rel_pb(r))),
    };
    pb::Battle {
        war: war.into(),
        religion,
        map: empire_pb(b.map),
        attackers: b.attackers.iter().map(|&f| fighter_pb(f)).collect(),
        defenders: b.defenders.iter().map(|&f| fighter_pb(f)).collect(),
        survivors: b.survivors.iter().map(|&f| fighter_pb(f)).collect(),
    }
}

// ---------------------------------------------------------------- events

pub fn event_to_pb(e: &Event) -> pb::Event {
    use pb::event::{self as ev, Kind};
    let kind = match e {
        Event::Moved { seat, label } => Kind::Moved(ev::Moved {
            seat: *seat as u32,
            label: label.clone(),
        }),
        Event::Drawn { row, card } => Kind::Drawn(ev::Drawn {
            row: side_pb(*row),
            card: *card as u32,
        }),
        Event::Florins { seat, delta, why } => Kind::Florins(ev::Florins {
            seat: *seat as u32,
            delta: *delta,
            why: why.clone(),
        }),
        Event::Note { text } => Kind::Note(ev::Note { text: text.clone() }),
        Event::TurnStarted { seat } => Kind::TurnStarted(ev::TurnStarted { seat: *seat as u32 }),
        Event::GameOver { text } => Kind::GameOver(ev::GameOver { text: text.clone() }),
    };
    pb::Event { kind: Some(kind) }
}
