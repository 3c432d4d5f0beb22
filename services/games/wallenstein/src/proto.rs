//! Mapping between the Rust types and `signoria.v1.games.wallenstein`.

use crate::model::{Action, BattleKind, BattleResult, Card, Event, Move, Options, Tile};
use crate::pb;
use crate::view::{Stage, View};
use pb::event::Kind as E;
use pb::r#move::Kind as M;

pub fn options_from_pb(pb: &pb::Options) -> Options {
    Options {
        fixed_start: pb.fixed_start.unwrap_or(false),
    }
}
pub fn options_to_pb(o: &Options) -> pb::Options {
    pb::Options {
        fixed_start: Some(o.fixed_start),
    }
}

fn u8_of(v: u32, limit: u32, what: &str) -> Result<u8, String> {
    if v < limit {
        Ok(v as u8)
    } else {
        Err(format!("{what} {v} out of range"))
    }
}

pub fn card_to_pb(c: Card) -> pb::Card {
    use pb::card::Kind;
    pb::Card {
        kind: Some(match c {
            Card::Land(l) => Kind::Land(l as u32),
            Card::Money(v) => Kind::Money(v as u32),
            Card::Empty => Kind::Empty(true),
        }),
    }
}

pub fn card_from_pb(c: Option<&pb::Card>) -> Result<Card, String> {
    use pb::card::Kind;
    match c.and_then(|c| c.kind.as_ref()) {
        Some(Kind::Land(l)) => Ok(Card::Land(u8_of(*l, 45, "land")?)),
        Some(Kind::Money(v)) => Ok(Card::Money(u8_of(*v, 5, "money card")?)),
        Some(Kind::Empty(_)) => Ok(Card::Empty),
        None => Err("card missing".into()),
    }
}

pub fn move_from_pb(pb: &pb::Move) -> Result<Move, String> {
    Ok(match pb.kind.as_ref().ok_or("empty move")? {
        M::DraftOpen(m) => Move::DraftOpen {
            slot: u8_of(m.slot, 2, "open card")?,
        },
        M::DraftBlind(_) => Move::DraftBlind,
        M::Recycle(_) => Move::Recycle,
        M::PlaceGroup(m) => Move::PlaceGroup {
            armies: u8_of(m.armies, 10, "group size")?,
        },
        M::Plan(m) => Move::Plan {
            field: u8_of(m.field, 11, "field")?,
            card: card_from_pb(m.card.as_ref())?,
        },
        M::TakeSpace(m) => Move::TakeSpace {
            space: u8_of(m.space, 5, "space")?,
        },
        M::March(m) => Move::March {
            to: u8_of(m.to, 45, "land")?,
            count: m.count,
        },
        M::Stay(_) => Move::Stay,
        M::Revolt(m) => Move::Revolt {
            land: u8_of(m.land, 45, "land")?,
        },
    })
}

pub fn move_to_pb(mv: &Move) -> pb::Move {
    use pb::r#move as m;
    let kind = match *mv {
        Move::DraftOpen { slot } => M::DraftOpen(m::DraftOpen { slot: slot as u32 }),
        Move::DraftBlind => M::DraftBlind(m::DraftBlind {}),
        Move::Recycle => M::Recycle(m::Recycle {}),
        Move::PlaceGroup { armies } => M::PlaceGroup(m::PlaceGroup {
            armies: armies as u32,
        }),
        Move::Plan { field, card } => M::Plan(m::Plan {
            field: field as u32,
            card: Some(card_to_pb(card)),
        }),
        Move::TakeSpace { space } => M::TakeSpace(m::TakeSpace {
            space: space as u32,
        }),
        Move::March { to, count } => M::March(m::March {
            to: to as u32,
            count,
        }),
        Move::Stay => M::Stay(m::Stay {}),
        Move::Revolt { land } => M::Revolt(m::Revolt { land: land as u32 }),
    };
    pb::Move { kind: Some(kind) }
}

fn lands(v: &[u8]) -> Vec<u32> {
    v.iter().map(|&x| x as u32).collect()
}

pub fn action_to_pb(a: Action) -> pb::Action {
    match a {
        Action::Palace => pb::Action::BuildPalace,
        Action::Church => pb::Action::BuildChurch,
        Action::TradingHouse => pb::Action::BuildTradingHouse,
        Action::Grain => pb::Action::CollectGrain,
        Action::Taxes => pb::Action::CollectTaxes,
        Action::Raise5 => pb::Action::Raise5Armies,
        Action::Raise3 => pb::Action::Raise3Armies,
        Action::Raise1 => pb::Action::Raise1Army,
        Action::FightA => pb::Action::FightMoveA,
        Action::FightB => pb::Action::FightMoveB,
    }
}

fn action_pb(a: Action) -> i32 {
    action_to_pb(a) as i32
}

fn actions(v: &[Action]) -> Vec<i32> {
    v.iter().map(|&a| action_pb(a)).collect()
}

pub fn tile_to_pb(t: Tile) -> pb::Tile {
    match t {
        Tile::PlusTaler => pb::Tile::PlusTaler,
        Tile::PlusGrain => pb::Tile::PlusGrain,
        Tile::SixArmies => pb::Tile::SixArmies,
        Tile::Attack => pb::Tile::PlusArmyAttacking,
        Tile::Defence => pb::Tile::PlusArmyDefending,
    }
}

fn tile(t: Tile) -> i32 {
    tile_to_pb(t) as i32
}

fn tiles(v: &[Tile]) -> Vec<i32> {
    v.iter().map(|&t| tile(t)).collect()
}

/// Buildings are indices 0 palace, 1 church, 2 trading house (`model::PALACE`...).
pub fn building_to_pb(b: u8) -> pb::Building {
    match b as usize {
        crate::model::PALACE => pb::Building::Palace,
        crate::model::CHURCH => pb::Building::Church,
        crate::model::TRADING_HOUSE => pb::Building::TradingHouse,
        _ => pb::Building::Unspecified,
    }
}

/// Seasons are 0 spring, 1 summer, 2 autumn, 3 winter.
pub fn season_to_pb(season: u8) -> pb::Season {
    match season {
        0 => pb::Season::Spring,
        1 => pb::Season::Summer,
        2 => pb::Season::Autumn,
        3 => pb::Season::Winter,
        _ => pb::Season::Unspecified,
    }
}

pub fn phase_to_pb(stage: Stage) -> pb::Phase {
    match stage {
        Stage::Draft => pb::Phase::Draft,
        Stage::Planning => pb::Phase::Planning,
        Stage::TurnOrder => pb::Phase::TurnOrder,
        Stage::Actions => pb::Phase::Actions,
        Stage::Winter => pb::Phase::Winter,
        Stage::Over => pb::Phase::Over,
    }
}

pub fn battle_kind_to_pb(k: BattleKind) -> pb::BattleKind {
    match k {
        BattleKind::Attack => pb::BattleKind::Attack,
        BattleKind::Neutral => pb::BattleKind::Neutral,
        BattleKind::Revolt => pb::BattleKind::Revolt,
        BattleKind::WinterRevolt => pb::BattleKind::WinterRevolt,
    }
}

pub fn battle_result_to_pb(r: BattleResult) -> pb::BattleResult {
    match r {
        BattleResult::AttackerWins => pb::BattleResult::AttackerWins,
        BattleResult::DefenderWins => pb::BattleResult::DefenderWins,
        BattleResult::Tie => pb::BattleResult::Tie,
    }
}

pub fn view_to_pb(v: &View) -> pb::View {
    pb::View {
        viewer: v.viewer.map(u32::from),
        year: v.year as u32,
        season: season_to_pb(v.season) as i32,
        phase: phase_to_pb(v.phase) as i32,
        players: v
            .players
            .iter()
            .map(|p| pb::PlayerView {
                money: p.money,
                grain: p.grain,
                victory_points: p.vp,
                supply: p.supply,
                lands: lands(&p.lands),
                fields: p
                    .fields
                    .iter()
                    .map(|f| pb::Field {
                        card: f.map(card_to_pb),
                    })
                    .collect(),
                plan_complete: p.plan_complete,
                tile: p.tile.map(tile),
            })
            .collect(),
        lands: v
            .lands
            .iter()
            .map(|l| pb::LandView {
                owner: l.owner.map(u32::from),
                armies: l.armies,
                palace: l.buildings[0],
                church: l.buildings[1],
                trading_house: l.buildings[2],
                unrest: l.unrest,
                in_play: l.in_play,
            })
            .collect(),
        peasants: v.peasants,
        tower_inside: v.tower_inside.clone(),
        tray: v.tray.clone(),
        event_candidates: lands(&v.event_candidates),
        current_event: v.current_event.map(u32::from),
        visible_actions: actions(&v.visible_actions),
        current_slot: v.current_slot.map(u32::from),
        spaces: v
            .space_tiles
            .iter()
            .zip(&v.space_owner)
            .map(|(t, o)| pb::SpaceView {
                tile: tile(*t),
                owner: o.map(u32::from),
            })
            .collect(),
        turn_order: lands(&v.turn_order),
        draft: v.draft.as_ref().map(|d| pb::DraftView {
            open: lands(&d.open),
            deck_size: d.deck_size,
            groups: d
                .groups
                .iter()
                .map(|g| pb::Groups { armies: lands(g) })
                .collect(),
            picked: d.picked.map(u32::from),
            picked_blind: d.picked_blind,
            last_faced: d
                .last_faced
                .iter()
                .map(|l| pb::Lands { lands: lands(l) })
                .collect(),
        }),
        awaiting: v.awaiting.as_ref().map(|a| pb::Awaiting {
            seat: a.seat as u32,
            action: action_pb(a.action),
            from: a.from as u32,
        }),
        winter_drawn: lands(&v.winter_drawn),
        pending: lands(&v.pending),
        secret_event_deck: v
            .secrets
            .as_ref()
            .map(|s| lands(&s.event_deck))
            .unwrap_or_default(),
        secret_draft_deck: v
            .secrets
            .as_ref()
            .map(|s| lands(&s.draft_deck))
            .unwrap_or_default(),
        secret_action_order: v
            .secrets
            .as_ref()
            .map(|s| actions(&s.action_order))
            .unwrap_or_default(),
    }
}

pub fn event_to_pb(e: &Event) -> pb::Event {
    use pb::event as x;
    let kind = match e {
        Event::TowerFilled { thrown, out } => E::TowerFilled(x::TowerFilled {
            thrown: thrown.clone(),
            out: out.clone(),
        }),
        Event::EventsTurnedUp { year, events } => E::EventsTurnedUp(x::EventsTurnedUp {
            year: *year as u32,
            events: lands(events),
        }),
        Event::DraftOpen { open } => E::DraftOpen(x::DraftOpen { open: lands(open) }),
        Event::DraftPicked { seat, land, blind } => E::DraftPicked(x::DraftPicked {
            seat: *seat as u32,
            land: land.map(u32::from),
            blind: *blind,
        }),
        Event::DraftDrew { seat, land } => E::DraftDrew(x::DraftDrew {
            seat: *seat as u32,
            land: *land as u32,
        }),
        Event::Recycled { seat } => E::Recycled(x::Recycled { seat: *seat as u32 }),
        Event::GroupPlaced { seat, land, armies } => E::GroupPlaced(x::GroupPlaced {
            seat: *seat as u32,
            land: *land as u32,
            armies: *armies,
        }),
        Event::RoundStarted {
            year,
            season,
            visible_actions,
            tiles: t,
        } => E::RoundStarted(x::RoundStarted {
            year: *year as u32,
            season: season_to_pb(*season) as i32,
            visible_actions: actions(visible_actions),
            tiles: tiles(t),
        }),
        Event::Planned { seat, field, card } => E::Planned(x::Planned {
            seat: *seat as u32,
            field: *field as u32,
            card: Some(card_to_pb(*card)),
        }),
        Event::PlanComplete { seat } => E::PlanComplete(x::PlanComplete { seat: *seat as u32 }),
        Event::EventDrawn { event } => E::EventDrawn(x::EventDrawn {
            event: *event as u32,
        }),
        Event::BidsRevealed { bids } => E::BidsRevealed(x::BidsRevealed {
            bids: bids.iter().map(|&c| card_to_pb(c)).collect(),
        }),
        Event::BagDraw { order } => E::BagDraw(x::BagDraw {
            order: lands(order),
        }),
        Event::SpaceTaken {
            seat,
            space,
            tile: t,
        } => E::SpaceTaken(x::SpaceTaken {
            seat: *seat as u32,
            space: *space as u32,
            tile: tile(*t),
        }),
        Event::TurnOrder { order } => E::TurnOrder(x::TurnOrder {
            order: lands(order),
        }),
        Event::ActionTurnedUp { slot, action } => E::ActionTurnedUp(x::ActionTurnedUp {
            slot: *slot as u32,
            action: action_pb(*action),
        }),
        Event::CardRevealed { seat, action, card } => E::CardRevealed(x::CardRevealed {
            seat: *seat as u32,
            action: action_pb(*action),
            card: Some(card_to_pb(*card)),
        }),
        Event::Built {
            seat,
            land,
            building,
            cost,
        } => E::Built(x::Built {
            seat: *seat as u32,
            land: *land as u32,
            building: building_to_pb(*building) as i32,
            cost: *cost,
        }),
        Event::Collected {
            seat,
            land,
            action,
            amount,
        } => E::Collected(x::Collected {
            seat: *seat as u32,
            land: *land as u32,
            action: action_pb(*action),
            amount: *amount,
        }),
        Event::Raised {
            seat,
            land,
            armies,
            cost,
        } => E::Raised(x::Raised {
            seat: *seat as u32,
            land: *land as u32,
            armies: *armies,
            cost: *cost,
        }),
        Event::Lapsed {
            seat,
            action,
            land,
            reason,
        } => E::Lapsed(x::Lapsed {
            seat: *seat as u32,
            action: action_pb(*action),
            land: *land as u32,
            reason: reason.clone(),
        }),
        Event::Moved {
            seat,
            from,
            to,
            count,
        } => E::Moved(x::Moved {
            seat: *seat as u32,
            from: *from as u32,
            to: *to as u32,
            count: *count,
        }),
        Event::Fought(b) => E::Fought(pb::Battle {
            kind: battle_kind_to_pb(b.kind) as i32,
            land: b.land as u32,
            attacker: b.attacker.map(u32::from),
            defender: b.defender.map(u32::from),
            thrown: b.thrown.clone(),
            out: b.out.clone(),
            attacker_count: b.attacker_count,
            defender_count: b.defender_count,
            result: battle_result_to_pb(b.result) as i32,
            armies_after: b.armies_after,
        }),
        Event::UnrestAdded { land, unrest } => E::UnrestChanged(x::UnrestChanged {
            land: *land as u32,
            unrest: *unrest,
            added: true,
        }),
        Event::UnrestRemoved { land, unrest } => E::UnrestChanged(x::UnrestChanged {
            land: *land as u32,
            unrest: *unrest,
            added: false,
        }),
        Event::OwnerChanged { land, owner } => E::OwnerChanged(x::OwnerChanged {
            land: *land as u32,
            owner: owner.map(u32::from),
        }),
        Event::GrainLost { event, amount } => E::GrainLost(x::GrainLost {
            event: *event as u32,
            amount: *amount,
        }),
        Event::Supplied {
            seat,
            lands,
            grain,
            unsupplied,
            revolts,
            extra_peasants,
        } => E::Supplied(x::Supplied {
            seat: *seat as u32,
            lands: *lands,
            grain: *grain,
            unsupplied: *unsupplied,
            revolts: *revolts,
            extra_peasants: *extra_peasants,
        }),
        Event::RevoltsDrawn { seat, lands: l } => E::RevoltsDrawn(x::RevoltsDrawn {
            seat: *seat as u32,
            lands: lands(l),
        }),
        Event::Scored {
            seat,
            lands,
            buildings,
            majorities,
            total,
        } => E::Scored(x::Scored {
            seat: *seat as u32,
            lands: *lands,
            buildings: *buildings,
            majorities: *majorities,
            total: *total,
        }),
        Event::YearEnded { year } => E::YearEnded(x::YearEnded { year: *year as u32 }),
        Event::GameEnded => E::GameEnded(x::GameEnded {}),
    };
    pb::Event { kind: Some(kind) }
}
