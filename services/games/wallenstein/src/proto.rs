//! Mapping between the Rust types and `signoria.v1.games.wallenstein`.

use crate::data::BonusKind;
use crate::model::{Action, BattleKind, BattleResult, Card, Event, Move, Options, Tile};
use crate::pb;
use crate::view::{Stage, View};
use pb::event::Kind as E;
use pb::r#move::Kind as M;

pub fn options_from_pb(pb: &pb::Options) -> Options {
    Options {
        fixed_start: pb.fixed_start.unwrap_or(false),
        kaiserhof: pb.kaiserhof.unwrap_or(false),
        landsknechte: pb.landsknechte.unwrap_or(false),
        generals: pb.generals.unwrap_or(false),
    }
}
pub fn options_to_pb(o: &Options) -> pb::Options {
    pb::Options {
        fixed_start: Some(o.fixed_start),
        kaiserhof: Some(o.kaiserhof),
        landsknechte: Some(o.landsknechte),
        generals: Some(o.generals),
    }
}

pub fn bonus_to_pb(k: BonusKind) -> pb::BonusKind {
    match k {
        BonusKind::Taler => pb::BonusKind::Taler,
        BonusKind::Tray => pb::BonusKind::ArmiesIntoTray,
        BonusKind::Grain => pb::BonusKind::Grain,
        BonusKind::Vp => pb::BonusKind::VictoryPoints,
    }
}

pub fn bonus_from_pb(k: i32) -> Result<BonusKind, String> {
    match pb::BonusKind::try_from(k) {
        Ok(pb::BonusKind::Taler) => Ok(BonusKind::Taler),
        Ok(pb::BonusKind::ArmiesIntoTray) => Ok(BonusKind::Tray),
        Ok(pb::BonusKind::Grain) => Ok(BonusKind::Grain),
        Ok(pb::BonusKind::VictoryPoints) => Ok(BonusKind::Vp),
        _ => Err(format!("bonus kind {k} unknown")),
    }
}

/// A favor card's printed number, 1..=21 (L1218-1221).
fn favor_card(v: u32) -> Result<u8, String> {
    let cards = crate::data::data().kaiserhof.favors.len() as u32;
    if (1..=cards).contains(&v) {
        Ok(v as u8)
    } else {
        Err(format!("favor card {v} out of range 1..={cards}"))
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
            Card::Tower => Kind::Tower(true),
        }),
    }
}

pub fn card_from_pb(c: Option<&pb::Card>) -> Result<Card, String> {
    use pb::card::Kind;
    match c.and_then(|c| c.kind.as_ref()) {
        Some(Kind::Land(l)) => Ok(Card::Land(u8_of(*l, 45, "land")?)),
        Some(Kind::Money(v)) => Ok(Card::Money(u8_of(*v, 5, "money card")?)),
        Some(Kind::Empty(_)) => Ok(Card::Empty),
        Some(Kind::Tower(_)) => Ok(Card::Tower),
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
        M::PlaceGroup(m) => {
            let armies = u8_of(m.armies, 10, "group size")?;
            if m.general {
                Move::PlaceGroupWithGeneral { armies }
            } else {
                Move::PlaceGroup { armies }
            }
        }
        M::Plan(m) => Move::Plan {
            field: u8_of(m.field, 14, "field")?,
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
        M::TakeFavor(m) => Move::TakeFavor {
            card: favor_card(m.card)?,
        },
        M::PassFavor(_) => Move::PassFavor,
        M::CancelEvent(m) => Move::CancelEvent { cancel: m.cancel },
        M::FavorLand(m) => Move::FavorLand {
            land: u8_of(m.land, 45, "land")?,
        },
        M::TakeBonus(m) => Move::TakeBonus {
            kind: bonus_from_pb(m.kind)?,
        },
        M::PlaceGeneral(m) => Move::PlaceGeneral {
            land: u8_of(m.land, 45, "land")?,
        },
        M::MoveGeneral(m) => Move::MoveGeneral {
            to: u8_of(m.to, 45, "land")?,
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
            general: false,
        }),
        Move::PlaceGroupWithGeneral { armies } => M::PlaceGroup(m::PlaceGroup {
            armies: armies as u32,
            general: true,
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
        Move::TakeFavor { card } => M::TakeFavor(m::TakeFavor { card: card as u32 }),
        Move::PassFavor => M::PassFavor(m::PassFavor {}),
        Move::CancelEvent { cancel } => M::CancelEvent(m::CancelEvent { cancel }),
        Move::FavorLand { land } => M::FavorLand(m::FavorLand { land: land as u32 }),
        Move::TakeBonus { kind } => M::TakeBonus(m::TakeBonus {
            kind: bonus_to_pb(kind) as i32,
        }),
        Move::PlaceGeneral { land } => M::PlaceGeneral(m::PlaceGeneral { land: land as u32 }),
        Move::MoveGeneral { to } => M::MoveGeneral(m::MoveGeneral { to: to as u32 }),
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
        Stage::Landsknechte => pb::Phase::Landsknechte,
        Stage::Court => pb::Phase::Court,
        Stage::Generals => pb::Phase::Generals,
    }
}

fn favor_spaces(display: &[Option<u8>]) -> Vec<pb::FavorSpace> {
    let costs = &crate::data::data().kaiserhof.space_costs;
    display
        .iter()
        .zip(costs)
        .map(|(card, &cost)| pb::FavorSpace {
            cost,
            card: card.map(u32::from),
        })
        .collect()
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
    let court = v.court.as_ref();
    let generals = v.generals.as_ref();
    pb::View {
        viewer: v.viewer.map(u32::from),
        year: v.year as u32,
        season: season_to_pb(v.season) as i32,
        phase: phase_to_pb(v.phase) as i32,
        players: v
            .players
            .iter()
            .enumerate()
            .map(|(seat, p)| pb::PlayerView {
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
                court_fields: p
                    .court_fields
                    .iter()
                    .map(|f| pb::Field {
                        card: f.map(card_to_pb),
                    })
                    .collect(),
                courtiers_supply: court.map_or(0, |c| c.supply[seat]),
                courtiers_hall: court.map_or(0, |c| c.hall[seat]),
                courtiers_audience: court.map_or(0, |c| c.audience[seat]),
                favor_cards: court.map(|c| lands(&c.held[seat])).unwrap_or_default(),
                landsknecht_top: v.landsknechte.as_ref().map(|t| t[seat] as u32),
                general: generals.and_then(|g| g.at[seat]).map(u32::from),
                monuments_left: generals.map_or(0, |g| g.left[seat]),
                captured_monuments: generals
                    .map(|g| lands(&g.captured[seat]))
                    .unwrap_or_default(),
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
        court: court.map(|c| pb::CourtView {
            display: favor_spaces(&c.display),
            deck_size: c.deck_size,
            gone: lands(&c.gone),
        }),
        monuments: generals
            .map(|g| {
                g.monuments
                    .iter()
                    .map(|&(land, owner)| pb::Monument {
                        land: land as u32,
                        owner: owner as u32,
                    })
                    .collect()
            })
            .unwrap_or_default(),
        secret_favor_deck: v
            .secrets
            .as_ref()
            .map(|s| lands(&s.favor_deck))
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
        Event::CourtiersFromFill { courtiers } => E::CourtiersFromFill(x::CourtiersFromFill {
            courtiers: courtiers.clone(),
        }),
        Event::FavorsDisplayed { display } => E::FavorsDisplayed(x::FavorsDisplayed {
            display: favor_spaces(display),
        }),
        Event::CourtRevealed { seat, cards } => E::CourtRevealed(x::CourtRevealed {
            seat: *seat as u32,
            cards: cards.iter().map(|&c| card_to_pb(c)).collect(),
        }),
        Event::Converted { seat, armies, land } => E::Converted(x::Converted {
            seat: *seat as u32,
            armies: *armies,
            land: land.map(u32::from),
        }),
        Event::ConversionLapsed {
            seat,
            armies,
            reason,
        } => E::ConversionLapsed(x::ConversionLapsed {
            seat: *seat as u32,
            armies: *armies,
            reason: reason.clone(),
        }),
        Event::FavorOrder { order } => E::FavorOrder(x::FavorOrder {
            order: lands(order),
        }),
        Event::CourtiersUp { seat, courtiers } => E::CourtiersUp(x::CourtiersUp {
            seat: *seat as u32,
            courtiers: *courtiers,
        }),
        Event::FavorTaken {
            seat,
            card,
            courtiers,
        } => E::FavorTaken(x::FavorTaken {
            seat: *seat as u32,
            card: *card as u32,
            courtiers: *courtiers,
        }),
        Event::CourtEnded { discarded } => E::CourtEnded(x::CourtEnded {
            discarded: lands(discarded),
        }),
        Event::Gained { seat, kind, amount } => E::Gained(x::Gained {
            seat: *seat as u32,
            kind: bonus_to_pb(*kind) as i32,
            amount: *amount,
        }),
        Event::EventCancelled { event } => E::EventCancelled(x::EventCancelled {
            event: *event as u32,
        }),
        Event::ArmiesPlaced { seat, land, armies } => E::ArmiesPlaced(x::ArmiesPlaced {
            seat: *seat as u32,
            land: *land as u32,
            armies: *armies,
        }),
        Event::FavorKept { seat, card } => E::FavorKept(x::FavorKept {
            seat: *seat as u32,
            card: *card as u32,
        }),
        Event::FavorLapsed { seat, card, reason } => E::FavorLapsed(x::FavorLapsed {
            seat: *seat as u32,
            card: *card as u32,
            reason: reason.clone(),
        }),
        Event::UnrestBlocked { seat, land } => E::UnrestBlocked(x::UnrestBlocked {
            seat: *seat as u32,
            land: *land as u32,
        }),
        Event::FavorsExpired { seat, cards } => E::FavorsExpired(x::FavorsExpired {
            seat: *seat as u32,
            cards: lands(cards),
        }),
        Event::LandsknechtTurned { seat, top, regions } => {
            E::LandsknechtTurned(x::LandsknechtTurned {
                seat: *seat as u32,
                top: *top as u32,
                regions: *regions,
            })
        }
        Event::LandsknechteSorted => E::LandsknechteSorted(x::LandsknechteSorted {}),
        Event::GeneralPlaced { seat, land } => E::GeneralPlaced(x::GeneralPlaced {
            seat: *seat as u32,
            land: *land as u32,
        }),
        Event::GeneralMoved {
            seat,
            from,
            to,
            monument,
        } => E::GeneralMoved(x::GeneralMoved {
            seat: *seat as u32,
            from: *from as u32,
            to: *to as u32,
            monument: *monument,
        }),
        Event::GeneralRemoved { seat, land } => E::GeneralRemoved(x::GeneralRemoved {
            seat: *seat as u32,
            land: *land as u32,
        }),
        Event::MonumentCaptured { seat, land, owner } => E::MonumentCaptured(x::MonumentCaptured {
            seat: *seat as u32,
            land: *land as u32,
            owner: *owner as u32,
        }),
        Event::MonumentsScored {
            seat,
            on_board,
            captured,
        } => E::MonumentsScored(x::MonumentsScored {
            seat: *seat as u32,
            on_board: *on_board,
            captured: *captured,
        }),
    };
    pb::Event { kind: Some(kind) }
}
