//! Mapping between the Rust types and the typed protobuf messages.

use crate::model::*;
use crate::pb;
use crate::view::View;

type R<T> = Result<T, String>;

fn side(x: u32) -> R<Side> {
    match x {
        0 => Ok(Side::East),
        1 => Ok(Side::West),
        _ => Err(format!("bad side {x}")),
    }
}
fn side_pb(s: Side) -> u32 {
    s.index() as u32
}
fn rel(x: u32) -> R<Religion> {
    Religion::ALL
        .get(x as usize)
        .copied()
        .ok_or_else(|| format!("bad religion {x}"))
}
fn u8_(x: u32) -> R<u8> {
    u8::try_from(x).map_err(|_| format!("{x} out of range"))
}
fn u16_(x: u32) -> R<u16> {
    u16::try_from(x).map_err(|_| format!("{x} out of range"))
}
fn piece(p: &Option<pb::Piece>) -> R<Piece> {
    let p = p.as_ref().ok_or("missing piece")?;
    let shape = match p.shape {
        0 => Shape::Knight,
        1 => Shape::Rook,
        x => return Err(format!("bad shape {x}")),
    };
    Ok(Piece {
        shape,
        religion: rel(p.religion)?,
    })
}
fn piece_pb(p: Piece) -> pb::Piece {
    pb::Piece {
        shape: p.shape as u32,
        religion: p.religion.index() as u32,
    }
}
fn member(m: &Option<pb::Member>) -> R<Member> {
    use pb::member::Kind;
    match m.as_ref().and_then(|m| m.kind.as_ref()) {
        Some(Kind::Card(c)) => Ok(Member::Card(u16_(*c)?)),
        Some(Kind::Empire(e)) => Ok(Member::Empire(u8_(*e)?)),
        None => Err("missing member".into()),
    }
}
fn member_pb(m: Member) -> pb::Member {
    use pb::member::Kind;
    pb::Member {
        kind: Some(match m {
            Member::Card(c) => Kind::Card(c as u32),
            Member::Empire(e) => Kind::Empire(e as u32),
        }),
    }
}
fn token(t: &Option<pb::Token>) -> R<Token> {
    use pb::token::Kind;
    match t.as_ref().and_then(|t| t.kind.as_ref()) {
        Some(Kind::Piece(p)) => Ok(Token::Piece(piece(&Some(*p))?)),
        Some(Kind::Serf(s)) => Ok(Token::Serf(*s as usize)),
        None => Err("missing token".into()),
    }
}
fn token_pb(t: Token) -> pb::Token {
    use pb::token::Kind;
    pb::Token {
        kind: Some(match t {
            Token::Piece(p) => Kind::Piece(piece_pb(p)),
            Token::Serf(s) => Kind::Serf(s as u32),
        }),
    }
}
fn spot(s: &Option<pb::Spot>) -> R<Spot> {
    use pb::spot::Kind;
    match s.as_ref().and_then(|s| s.kind.as_ref()) {
        Some(Kind::City(c)) => Ok(Spot::City(u8_(*c)?)),
        Some(Kind::Replace(r)) => Ok(Spot::Replace(u8_(r.city)?, piece(&r.victim)?)),
        Some(Kind::Border(b)) => Ok(Spot::Border(u8_(*b)?)),
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
        Some(Kind::AgentPawn(_)) => Ok(Fighter::AgentPawn),
        Some(Kind::City(c)) => Ok(Fighter::City(u8_(c.city)?, piece(&c.piece)?)),
        Some(Kind::Border(b)) => Ok(Fighter::Border(u8_(*b)?)),
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
                col: u8_(m.col)?,
            },
            Kind::Card(m) => Target::Card(member(&Some(*m))?),
            Kind::Tax(x) => Target::Tax {
                border: u8_(x.border)?,
                map: u8_(x.map)?,
            },
            Kind::City(c) => Target::City(u8_(c.city)?, piece(&c.piece)?),
            Kind::Border(b) => Target::Border {
                border: u8_(b.border)?,
                map: u8_(b.map)?,
            },
            Kind::Empire(e) => Target::Empire(u8_(*e)?),
            Kind::Corsair(c) => Target::Corsair {
                from: u8_(c.from)?,
                to: u8_(c.to)?,
            },
            Kind::Map(m) => Target::Map(u8_(*m)?),
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
                map: map as u32,
            }),
            Target::City(c, p) => Kind::City(pb::CityPiece {
                city: c as u32,
                piece: Some(piece_pb(p)),
            }),
            Target::Border { border, map } => Kind::Border(tg::Border {
                border: border as u32,
                map: map as u32,
            }),
            Target::Empire(e) => Kind::Empire(e as u32),
            Target::Corsair { from, to } => Kind::Corsair(tg::Corsair {
                from: from as u32,
                to: to as u32,
            }),
            Target::Map(m) => Kind::Map(m as u32),
        }),
    }
}

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

pub fn move_from_pb(m: &pb::Move) -> R<Move> {
    use pb::r#move::Kind;
    Ok(match m.kind.as_ref().ok_or("empty move")? {
        Kind::Buy(x) => Move::Buy {
            row: side(x.row)?,
            col: u8_(x.col)?,
        },
        Kind::Play(x) => Move::Play {
            card: u16_(x.card)?,
            oneshot: x.one_shot,
            map: x.map.map(u8_).transpose()?,
        },
        Kind::Crown(x) => Move::Crown {
            card: u16_(x.card)?,
            empire: u8_(x.empire)?,
        },
        Kind::Sell(x) => Move::Sell {
            member: member(&x.member)?,
        },
        Kind::SellHand(x) => Move::SellHand {
            card: u16_(x.card)?,
        },
        Kind::Ops(x) => Move::Ops {
            side: side(x.side)?,
        },
        Kind::TradeFair(x) => Move::TradeFair { row: side(x.row)? },
        Kind::DeclareVictory(x) => Move::DeclareVictory {
            victory: u8_(x.victory)?,
        },
        Kind::EndTurn(_) => Move::EndTurn,
        Kind::Op(x) => Move::Op {
            member: member(&x.member)?,
            op: u8_(x.op)?,
            target: target(&x.target)?,
        },
        Kind::EndOps(_) => Move::EndOps,
        Kind::ActivateVictory(x) => Move::ActivateVictory {
            victory: u8_(x.victory)?,
        },
        Kind::Discard(x) => Move::Discard {
            card: u16_(x.card)?,
        },
        Kind::PlaceAgent(x) => Move::PlaceAgent {
            spot: spot(&x.spot)?,
        },
        Kind::PlaceOtherAgent(x) => Move::PlaceOtherAgent {
            agent: u8_(x.agent)?,
            spot: spot(&x.spot)?,
        },
        Kind::SkipAgent(_) => Move::SkipAgent,
        Kind::Pacify(x) => Move::Pacify {
            token: x.token.map(|t| token(&Some(t))).transpose()?,
            empire: x.empire.map(u8_).transpose()?,
        },
        Kind::PayTax(_) => Move::PayTax,
        Kind::RefuseTax(_) => Move::RefuseTax,
        Kind::Levy(x) => Move::Levy { city: u8_(x.city)? },
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
            empire: u8_(x.empire)?,
        },
        Kind::Concession(x) => Move::Concession {
            border: x.border.map(u8_).transpose()?,
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
            map: map.map(|x| x as u32),
        }),
        Move::Crown { card, empire } => Kind::Crown(mv::Crown {
            card: card as u32,
            empire: empire as u32,
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
            victory: victory as u32,
        }),
        Move::EndTurn => Kind::EndTurn(mv::EndTurn {}),
        Move::Op { member, op, target } => Kind::Op(mv::Op {
            member: Some(member_pb(member)),
            op: op as u32,
            target: Some(target_pb(target)),
        }),
        Move::EndOps => Kind::EndOps(mv::EndOps {}),
        Move::ActivateVictory { victory } => Kind::ActivateVictory(mv::ActivateVictory {
            victory: victory as u32,
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
            empire: empire.map(|e| e as u32),
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
            empire: empire as u32,
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
        bishop: s.bishop.map(|b| b.index() as u32),
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
            .map(|e| pb::Empire {
                owner: e.owner.map(|o| o as u32),
                face: (e.face == Face::Republic) as u32,
                suzerain: e.suzerain.map(|x| x as u32),
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
                        BorderToken::Pirate(r) => pb::border_token::Kind::Pirate(r.index() as u32),
                    }),
                }),
            })
            .collect(),
        uncovered: v.uncovered.to_vec(),
        victory_active: v.victory_active.to_vec(),
        discards: v.discards.iter().map(|&c| c as u32).collect(),
        hand_discards: v.hand_discards,
        task: format!("{:?}", v.task),
        pending: v.pending.iter().map(|&s| s as u32).collect(),
        winner: v
            .winner
            .as_ref()
            .map(|w| format!("{w:?}"))
            .unwrap_or_default(),
        supply: v.supply.iter().flatten().map(|&x| x as u32).collect(),
        decision: v.task.as_ref().map(decision_pb),
        battle: v.battle.as_ref().map(battle_pb),
        winner_typed: v.winner.as_ref().map(|w| match w {
            Winner::Declared { seat, victory } => pb::Winner {
                victory: Some(*victory as u32),
                seats: vec![*seat as u32],
            },
            Winner::Patron { seats } => pb::Winner {
                victory: None,
                seats: seats.iter().map(|&x| x as u32).collect(),
            },
        }),
    }
}

fn agent_pb(a: &crate::tables::Agent) -> pb::Agent {
    use crate::tables::Agent as A;
    let (kind, r) = match a {
        A::Bishop(r) => (0, Some(*r)),
        A::Knight(r) => (1, Some(*r)),
        A::Rook(r) => (2, Some(*r)),
        A::Pirate(r) => (3, Some(*r)),
        A::Pawn => (4, None),
    };
    pb::Agent {
        kind,
        religion: r.map(|r| r.index() as u32),
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
            map: map.map(|m| m as u32),
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
            map: *map as u32,
        }),
        Task::Levy { map, by } => Kind::Levy(d::Levy {
            map: *map as u32,
            by: by.map(|b| b as u32),
        }),
        Task::Casualties { attackers, count } => Kind::Casualties(d::Casualties {
            attackers: *attackers,
            count: *count as u32,
        }),
        Task::Survivors => Kind::Survivors(d::Survivors {}),
        Task::Substitute { token, from } => Kind::Substitute(d::Substitute {
            token: Some(token_pb(*token)),
            from: from.iter().map(|&e| e as u32).collect(),
        }),
        Task::StartWar { card, map, agents } => Kind::StartWar(d::StartWar {
            card: *card as u32,
            map: *map as u32,
            agents: agents.iter().map(agent_pb).collect(),
        }),
        Task::JoinRooks { rooks } => Kind::JoinRooks(d::JoinRooks {
            rooks: rooks.iter().map(|&f| fighter_pb(f)).collect(),
        }),
        Task::TheocracyFlip { map } => Kind::TheocracyFlip(d::TheocracyFlip { map: *map as u32 }),
        Task::Regime { map, .. } => Kind::Regime(d::Regime { map: *map as u32 }),
        Task::Concession { map } => Kind::Concession(d::Concession { map: *map as u32 }),
        Task::Liberate { map } => Kind::Liberate(d::Liberate { map: *map as u32 }),
    };
    pb::Decision { kind: Some(kind) }
}

fn battle_pb(b: &Battle) -> pb::Battle {
    let (war, religion) = match b.war {
        War::Campaign => (0, None),
        War::Conspiracy => (1, None),
        War::PeasantRevolt => (2, None),
        War::Religious(r) => (3, Some(r.index() as u32)),
    };
    pb::Battle {
        war,
        religion,
        map: b.map as u32,
        attackers: b.attackers.iter().map(|&f| fighter_pb(f)).collect(),
        defenders: b.defenders.iter().map(|&f| fighter_pb(f)).collect(),
        survivors: b.survivors.iter().map(|&f| fighter_pb(f)).collect(),
    }
}

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
