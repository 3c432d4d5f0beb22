//! The mapping between the game's Rust types and `proto/signoria/v1/games/elisabeth_i.proto`.

use crate::combat::naval_battle::Waters;
use crate::data::{CardId, PoolOwner, Power as DPower, SpaceId, data};
use crate::model::{
    Deal, DealPick, Event, Loc, Move, Options, Preference, Pw, ShipKind, Troops, UnitKind,
};
use crate::pb;
use crate::view::View;

pub fn options_from_pb(o: &pb::Options) -> Result<Options, String> {
    let scenario = o.scenario.clone().unwrap_or_else(|| "campaign".into());
    if data().scenario(&scenario).is_none() {
        return Err(format!("unknown scenario {scenario:?}"));
    }
    Ok(Options { scenario })
}

pub fn options_to_pb(o: &Options) -> pb::Options {
    pb::Options {
        scenario: Some(o.scenario.clone()),
    }
}

pub(crate) fn power_pb(p: Pw) -> i32 {
    p as i32 + 1
}

pub(crate) fn power_from(v: i32) -> Result<Pw, String> {
    match v {
        1..=6 => Ok((v - 1) as Pw),
        _ => Err(format!("power {v} is not a major power")),
    }
}

pub(crate) fn owner_pb(o: PoolOwner) -> i32 {
    use pb::Owner as O;
    (match o {
        PoolOwner::Ottoman => O::Ottoman,
        PoolOwner::Spain => O::Spain,
        PoolOwner::England => O::England,
        PoolOwner::France => O::France,
        PoolOwner::Hre => O::Hre,
        PoolOwner::Dutch => O::Dutch,
        PoolOwner::Huguenot => O::Huguenot,
        PoolOwner::Ireland => O::Ireland,
        PoolOwner::Papacy => O::Papacy,
        PoolOwner::Portugal => O::Portugal,
        PoolOwner::Scotland => O::Scotland,
        PoolOwner::Venice => O::Venice,
        PoolOwner::Independent => O::Independent,
    }) as i32
}

fn controller_pb(p: DPower) -> i32 {
    use pb::Owner as O;
    (match p {
        DPower::Ottoman => O::Ottoman,
        DPower::Spain => O::Spain,
        DPower::England => O::England,
        DPower::France => O::France,
        DPower::Hre => O::Hre,
        DPower::Protestant => O::Protestant,
        DPower::Ireland => O::Ireland,
        DPower::Papacy => O::Papacy,
        DPower::Portugal => O::Portugal,
        DPower::Scotland => O::Scotland,
        DPower::Venice => O::Venice,
        DPower::Independent => O::Independent,
    }) as i32
}

pub(crate) fn unit_pb(k: UnitKind) -> i32 {
    (match k {
        UnitKind::Regular => pb::UnitKind::Regular,
        UnitKind::Mercenary => pb::UnitKind::Mercenary,
        UnitKind::Cavalry => pb::UnitKind::Cavalry,
        UnitKind::Knights => pb::UnitKind::Knights,
        UnitKind::Morisco => pb::UnitKind::Morisco,
    }) as i32
}

pub(crate) fn unit_from(v: i32) -> Result<UnitKind, String> {
    match pb::UnitKind::try_from(v) {
        Ok(pb::UnitKind::Regular) => Ok(UnitKind::Regular),
        Ok(pb::UnitKind::Mercenary) => Ok(UnitKind::Mercenary),
        Ok(pb::UnitKind::Cavalry) => Ok(UnitKind::Cavalry),
        Ok(pb::UnitKind::Knights) => Ok(UnitKind::Knights),
        Ok(pb::UnitKind::Morisco) => Ok(UnitKind::Morisco),
        _ => Err(format!("unit kind {v} unspecified or unknown")),
    }
}

fn ship_pb(k: ShipKind) -> i32 {
    (match k {
        ShipKind::Galley => pb::ShipKind::Galley,
        ShipKind::Galleon => pb::ShipKind::Galleon,
        ShipKind::Corsair => pb::ShipKind::Corsair,
        ShipKind::Armada => pb::ShipKind::Armada,
    }) as i32
}

fn ship_from(v: i32) -> Result<ShipKind, String> {
    match pb::ShipKind::try_from(v) {
        Ok(pb::ShipKind::Galley) => Ok(ShipKind::Galley),
        Ok(pb::ShipKind::Galleon) => Ok(ShipKind::Galleon),
        Ok(pb::ShipKind::Corsair) => Ok(ShipKind::Corsair),
        Ok(pb::ShipKind::Armada) => Ok(ShipKind::Armada),
        _ => Err(format!("ship kind {v} unspecified or unknown")),
    }
}

pub(crate) fn pref_pb(p: Preference) -> i32 {
    (match p {
        Preference::Protestant => pb::Preference::Protestant,
        Preference::Catholic => pb::Preference::Catholic,
        Preference::Balanced => pb::Preference::Balanced,
    }) as i32
}

fn pref_from(v: i32) -> Result<Preference, String> {
    match pb::Preference::try_from(v) {
        Ok(pb::Preference::Protestant) => Ok(Preference::Protestant),
        Ok(pb::Preference::Catholic) => Ok(Preference::Catholic),
        Ok(pb::Preference::Balanced) => Ok(Preference::Balanced),
        _ => Err(format!("preference {v} unspecified or unknown")),
    }
}

fn deal_pb(d: &Deal) -> pb::Deal {
    match d {
        Deal::Peace => pb::Deal {
            kind: pb::DealKind::Peace as i32,
            ..Default::default()
        },
        Deal::Alliance => pb::Deal {
            kind: pb::DealKind::Alliance as i32,
            ..Default::default()
        },
        Deal::GiveCards(n) => pb::Deal {
            kind: pb::DealKind::GiveCards as i32,
            count: *n as u32,
            ..Default::default()
        },
        Deal::GiveTreasures(n) => pb::Deal {
            kind: pb::DealKind::Treasures as i32,
            count: *n as u32,
            ..Default::default()
        },
        Deal::ReturnLeader(l) => pb::Deal {
            kind: pb::DealKind::ReturnLeader as i32,
            count: *l as u32,
            ..Default::default()
        },
        Deal::Cede(sp) => pb::Deal {
            kind: pb::DealKind::Cede as i32,
            space: Some(sp.0 as u32),
            ..Default::default()
        },
        Deal::Mercenaries { n, from, to } => pb::Deal {
            kind: pb::DealKind::Mercenaries as i32,
            count: *n as u32,
            space: from.map(|f| f.0 as u32),
            capital: to.0 as u32,
            ..Default::default()
        },
        Deal::ShipLoan {
            port,
            kind,
            n,
            admiral,
        } => pb::Deal {
            kind: pb::DealKind::ShipLoan as i32,
            count: *n as u32,
            space: Some(port.0 as u32),
            ship: ship_pb(*kind),
            admiral: admiral.map(|a| a as u32),
            ..Default::default()
        },
        Deal::Marriage(c) => pb::Deal {
            kind: pb::DealKind::Marriage as i32,
            groom: Some(c.groom as u32),
            bride: Some(c.bride as u32),
            ..Default::default()
        },
    }
}

fn clause_pb(c: &crate::diplomacy::announce::Clause) -> pb::Clause {
    pb::Clause {
        from: power_pb(c.from),
        to: power_pb(c.to),
        deal: Some(deal_pb(&c.deal)),
    }
}

fn pick_pb(d: &DealPick) -> pb::Deal {
    deal_pb(&d.deal())
}

fn pick_from(d: Option<&pb::Deal>) -> Result<DealPick, String> {
    let d = d.ok_or("a proposal needs a deal")?;
    match pb::DealKind::try_from(d.kind) {
        Ok(pb::DealKind::Peace) => Ok(DealPick::Peace),
        Ok(pb::DealKind::Alliance) => Ok(DealPick::Alliance),
        Ok(pb::DealKind::GiveCards) if (1..=2).contains(&d.count) => {
            Ok(DealPick::GiveCards(d.count as u8))
        }
        Ok(pb::DealKind::GiveCards) => Err("a card gift is 1 or 2 cards".into()),
        Ok(pb::DealKind::ReturnLeader) => Ok(DealPick::ReturnLeader(leader_from(d.count)?)),
        Ok(pb::DealKind::Cede) => Ok(DealPick::Cede(space_from(
            d.space.ok_or("a cession names its space")?,
        )?)),
        Ok(pb::DealKind::Mercenaries) if (1..=4).contains(&d.count) => Ok(DealPick::Mercenaries {
            n: d.count as u8,
            from: d.space.map(space_from).transpose()?,
            to: space_from(d.capital)?,
        }),
        Ok(pb::DealKind::Mercenaries) => Err("a mercenary gift is 1 to 4 units".into()),
        Ok(pb::DealKind::Treasures) if (1..=2).contains(&d.count) => {
            Ok(DealPick::GiveTreasures(d.count as u8))
        }
        Ok(pb::DealKind::Treasures) => Err("a treasure gift is 1 or 2 treasures".into()),
        Ok(pb::DealKind::ShipLoan) if d.count >= 1 => Ok(DealPick::ShipLoan {
            port: space_from(d.space.ok_or("a ship loan names its port")?)?,
            kind: ship_from(d.ship)?,
            n: u8::try_from(d.count).map_err(|_| "too many ships")?,
            admiral: d
                .admiral
                .map(|a| {
                    u8::try_from(a)
                        .ok()
                        .filter(|&a| (a as usize) < crate::data::data().naval_leaders.len())
                        .ok_or_else(|| format!("naval leader {a} unknown"))
                })
                .transpose()?,
        }),
        Ok(pb::DealKind::ShipLoan) => Err("a ship loan lends 1 ship or more".into()),
        Ok(pb::DealKind::Marriage) => {
            let noble = |x: Option<u32>| match x {
                Some(n) if n < crate::royals::nobles::count() as u32 => Ok(n as u8),
                _ => Err("a marriage names a groom and a bride (noble indices)".to_string()),
            };
            Ok(DealPick::Marriage(crate::royals::wedding::Couple {
                groom: noble(d.groom)?,
                bride: noble(d.bride)?,
            }))
        }
        _ => Err(format!("deal kind {} unspecified or unknown", d.kind)),
    }
}

pub(crate) fn space_from(v: u32) -> Result<SpaceId, String> {
    if (v as usize) < data().spaces.len() {
        Ok(SpaceId(v as u16))
    } else {
        Err(format!("space {v} out of range"))
    }
}

pub(crate) fn card_from(v: u32) -> Result<CardId, String> {
    let c = CardId(u8::try_from(v).map_err(|_| format!("card {v} out of range"))?);
    data()
        .card(c)
        .map(|_| c)
        .ok_or(format!("card {v} out of range"))
}

pub(crate) fn leader_from(v: u32) -> Result<u8, String> {
    if (v as usize) < data().army_leaders.len() {
        Ok(v as u8)
    } else {
        Err(format!("leader {v} out of range"))
    }
}

pub fn move_to_pb(m: &Move) -> pb::Move {
    use pb::MoveKind as K;
    let mut p = pb::Move::default();
    let k = match m {
        Move::Propose { to, deal } => {
            p.power = power_pb(*to);
            p.deal = Some(pick_pb(deal));
            K::Propose
        }
        Move::Ask { from, deal } => {
            p.power = power_pb(*from);
            p.deal = Some(pick_pb(deal));
            K::Ask
        }
        Move::Announce => K::Announce,
        Move::Accept => K::Accept,
        Move::Reject => K::Reject,
        Move::Ransom { leader } => {
            p.leader = *leader as u32;
            K::Ransom
        }
        Move::DeclareWarOn { target } => {
            p.power = power_pb(*target);
            K::DeclareWar
        }
        Move::PayWith { card } => {
            p.card = card.0 as u32;
            K::PayWith
        }
        Move::Done => K::Done,
        Move::Prefer(x) => {
            p.preference = pref_pb(*x);
            K::Prefer
        }
        Move::PlaceLeaderIn { space } => {
            p.space = space.0 as u32;
            K::PlaceLeader
        }
        Move::SetAsideHome { card } => {
            p.card = card.0 as u32;
            K::SetAsideHome
        }
        Move::DeployFrom { capital } => {
            p.space = capital.0 as u32;
            K::DeployFrom
        }
        Move::AddUnit(u) => {
            p.unit = unit_pb(*u);
            K::AddUnit
        }
        Move::AddUnitOf { kind, owner } => {
            p.unit = unit_pb(*kind);
            p.owner = owner_pb(*owner);
            K::AddUnitOf
        }
        Move::AddLeader { leader } => {
            p.leader = *leader as u32;
            K::AddLeader
        }
        Move::Go { to } => {
            p.space = to.0 as u32;
            K::Go
        }
        Move::PlayCp { card } => {
            p.card = card.0 as u32;
            K::PlayCp
        }
        Move::PlayEvent { card } => {
            p.card = card.0 as u32;
            K::PlayEvent
        }
        Move::Pass => K::Pass,
        Move::MoveFrom { space } => {
            p.space = space.0 as u32;
            K::MoveFrom
        }
        Move::Control { space } => {
            p.space = space.0 as u32;
            K::Control
        }
        Move::RemoveUnrest { space } => {
            p.space = space.0 as u32;
            K::RemoveUnrest
        }
        Move::Raise { space, kind } => {
            p.space = space.0 as u32;
            p.unit = unit_pb(*kind);
            K::Raise
        }
        Move::Build { space, kind } => {
            p.space = space.0 as u32;
            p.ship = ship_pb(*kind);
            K::Build
        }
        Move::BuildFortress { space } => {
            p.space = space.0 as u32;
            K::BuildFortress
        }
        Move::EndActions => K::EndActions,
        Move::HreMercenaries => K::HreMercenaries,
        Move::HreForHire => K::HreForHire,
        Move::Assault { space } => {
            p.space = space.0 as u32;
            K::Assault
        }
        Move::PlayCard { card } => {
            p.card = card.0 as u32;
            K::PlayCard
        }
        Move::InterceptFrom { space } => {
            p.space = space.0 as u32;
            K::InterceptFrom
        }
        Move::AvoidTo { space } => {
            p.space = space.0 as u32;
            K::AvoidTo
        }
        Move::Withdraw => K::Withdraw,
        Move::Lose { owner, kind, part } => {
            p.owner = owner_pb(*owner);
            p.unit = unit_pb(*kind);
            p.part = *part as u32;
            K::Lose
        }
        Move::Garrison { owner, kind, part } => {
            p.owner = owner_pb(*owner);
            p.unit = unit_pb(*kind);
            p.part = *part as u32;
            K::Garrison
        }
        Move::GarrisonLeader { leader } => {
            p.leader = *leader as u32;
            K::GarrisonLeader
        }
        Move::Join { owner, kind } => {
            p.owner = owner_pb(*owner);
            p.unit = unit_pb(*kind);
            K::Join
        }
        Move::JoinLeader { leader } => {
            p.leader = *leader as u32;
            K::JoinLeader
        }
        Move::RetreatTo { space } => {
            p.space = space.0 as u32;
            K::RetreatTo
        }
        Move::NavalMove => K::NavalMove,
        Move::Pirate { zone, target } => {
            p.to = Some(waters_pb(Waters::Sea(*zone)));
            p.power = power_pb(*target);
            K::Pirate
        }
        Move::GiveShip { at, owner, kind } => {
            p.to = Some(waters_pb(*at));
            p.owner = owner_pb(*owner);
            p.ship = ship_pb(*kind);
            K::GiveShip
        }
        Move::GiveCard => K::GiveCard,
        Move::GiveVp => K::GiveVp,
        Move::Transport { space } => {
            p.space = space.0 as u32;
            K::Transport
        }
        Move::ShipTo { to } => {
            p.to = Some(waters_pb(*to));
            K::ShipTo
        }
        Move::Sail { from, kind, to } => {
            p.from = Some(waters_pb(*from));
            p.ship = ship_pb(*kind);
            p.to = Some(waters_pb(*to));
            K::Sail
        }
        Move::NavalIntercept { from, into } => {
            p.from = Some(waters_pb(*from));
            p.to = Some(waters_pb(*into));
            K::NavalIntercept
        }
        Move::NavalAvoid { from, to } => {
            p.from = Some(waters_pb(*from));
            p.to = Some(waters_pb(*to));
            K::NavalAvoid
        }
        Move::Galleasses { side } => {
            p.part = *side as u32;
            K::Galleasses
        }
        Move::Sink { owner, kind } => {
            p.owner = owner_pb(*owner);
            p.ship = ship_pb(*kind);
            K::Sink
        }
        Move::NavalRetreat { to } => {
            p.to = Some(waters_pb(*to));
            K::NavalRetreat
        }
        Move::Religion(m) => {
            p.religion = Some(crate::religion::move_to_pb(m));
            K::Religion
        }
        Move::Espionage(m) => {
            p.espionage = Some(crate::espionage::move_to_pb(m));
            K::Espionage
        }
        Move::Royals(m) => {
            p.royals = Some(crate::royals::move_to_pb(m));
            K::Royals
        }
        Move::Patronage(m) => {
            p.patronage = Some(crate::patronage::move_to_pb(m));
            K::Patronage
        }
        Move::World(m) => {
            p.world = Some(crate::world::move_to_pb(m));
            K::World
        }
        Move::Minors(m) => {
            p.minors = Some(crate::minors::move_to_pb(m));
            K::Minors
        }
        Move::Majors(m) => {
            p.majors = Some(crate::majors::move_to_pb(m));
            K::Majors
        }
        Move::Armada(m) => {
            p.armada = Some(crate::armada::move_to_pb(m));
            K::Armada
        }
    };
    p.kind = k as i32;
    p
}

pub fn move_from_pb(p: &pb::Move) -> Result<Move, String> {
    use pb::MoveKind as K;
    let k = K::try_from(p.kind).map_err(|_| format!("move kind {} unknown", p.kind))?;
    Ok(match k {
        K::Unspecified => return Err("move kind unspecified".into()),
        K::Religion => Move::Religion(crate::religion::move_from_pb(
            p.religion
                .as_ref()
                .ok_or("a religion move needs its religion message")?,
        )?),
        K::Espionage => Move::Espionage(crate::espionage::move_from_pb(
            p.espionage
                .as_ref()
                .ok_or("a espionage move needs its espionage message")?,
        )?),
        K::Royals => Move::Royals(crate::royals::move_from_pb(
            p.royals
                .as_ref()
                .ok_or("a royals move needs its royals message")?,
        )?),
        K::Patronage => Move::Patronage(crate::patronage::move_from_pb(
            p.patronage
                .as_ref()
                .ok_or("a patronage move needs its patronage message")?,
        )?),
        K::World => Move::World(crate::world::move_from_pb(
            p.world
                .as_ref()
                .ok_or("a world move needs its world message")?,
        )?),
        K::Minors => Move::Minors(crate::minors::move_from_pb(
            p.minors
                .as_ref()
                .ok_or("a minors move needs its minors message")?,
        )?),
        K::Majors => Move::Majors(crate::majors::move_from_pb(
            p.majors
                .as_ref()
                .ok_or("a majors move needs its majors message")?,
        )?),
        K::Armada => Move::Armada(crate::armada::move_from_pb(
            p.armada
                .as_ref()
                .ok_or("an armada move needs its armada message")?,
        )?),
        K::Propose => Move::Propose {
            to: power_from(p.power)?,
            deal: pick_from(p.deal.as_ref())?,
        },
        K::Ask => Move::Ask {
            from: power_from(p.power)?,
            deal: pick_from(p.deal.as_ref())?,
        },
        K::Announce => Move::Announce,
        K::Accept => Move::Accept,
        K::Reject => Move::Reject,
        K::Ransom => Move::Ransom {
            leader: leader_from(p.leader)?,
        },
        K::DeclareWar => Move::DeclareWarOn {
            target: power_from(p.power)?,
        },
        K::PayWith => Move::PayWith {
            card: card_from(p.card)?,
        },
        K::Done => Move::Done,
        K::Prefer => Move::Prefer(pref_from(p.preference)?),
        K::PlaceLeader => Move::PlaceLeaderIn {
            space: space_from(p.space)?,
        },
        K::SetAsideHome => Move::SetAsideHome {
            card: card_from(p.card)?,
        },
        K::DeployFrom => Move::DeployFrom {
            capital: space_from(p.space)?,
        },
        K::AddUnit => Move::AddUnit(unit_from(p.unit)?),
        K::AddUnitOf => Move::AddUnitOf {
            kind: unit_from(p.unit)?,
            owner: owner_from(p.owner)?,
        },
        K::AddLeader => Move::AddLeader {
            leader: leader_from(p.leader)?,
        },
        K::Go => Move::Go {
            to: space_from(p.space)?,
        },
        K::PlayCp => Move::PlayCp {
            card: card_from(p.card)?,
        },
        K::PlayEvent => Move::PlayEvent {
            card: card_from(p.card)?,
        },
        K::Pass => Move::Pass,
        K::MoveFrom => Move::MoveFrom {
            space: space_from(p.space)?,
        },
        K::Control => Move::Control {
            space: space_from(p.space)?,
        },
        K::RemoveUnrest => Move::RemoveUnrest {
            space: space_from(p.space)?,
        },
        K::Raise => Move::Raise {
            space: space_from(p.space)?,
            kind: unit_from(p.unit)?,
        },
        K::Build => Move::Build {
            space: space_from(p.space)?,
            kind: ship_from(p.ship)?,
        },
        K::BuildFortress => Move::BuildFortress {
            space: space_from(p.space)?,
        },
        K::EndActions => Move::EndActions,
        K::HreMercenaries => Move::HreMercenaries,
        K::HreForHire => Move::HreForHire,
        K::Assault => Move::Assault {
            space: space_from(p.space)?,
        },
        K::PlayCard => Move::PlayCard {
            card: card_from(p.card)?,
        },
        K::InterceptFrom => Move::InterceptFrom {
            space: space_from(p.space)?,
        },
        K::AvoidTo => Move::AvoidTo {
            space: space_from(p.space)?,
        },
        K::Withdraw => Move::Withdraw,
        K::Lose => Move::Lose {
            owner: owner_from(p.owner)?,
            kind: unit_from(p.unit)?,
            part: part_from(p.part)?,
        },
        K::Garrison => Move::Garrison {
            owner: owner_from(p.owner)?,
            kind: unit_from(p.unit)?,
            part: part_from(p.part)?,
        },
        K::GarrisonLeader => Move::GarrisonLeader {
            leader: leader_from(p.leader)?,
        },
        K::Join => Move::Join {
            owner: owner_from(p.owner)?,
            kind: unit_from(p.unit)?,
        },
        K::JoinLeader => Move::JoinLeader {
            leader: leader_from(p.leader)?,
        },
        K::RetreatTo => Move::RetreatTo {
            space: space_from(p.space)?,
        },
        K::NavalMove => Move::NavalMove,
        K::Pirate => Move::Pirate {
            zone: match waters_from(p.to.as_ref())? {
                Waters::Sea(z) => z,
                Waters::Port(_) => return Err("piracy is in a sea zone".into()),
            },
            target: power_from(p.power)?,
        },
        K::GiveShip => Move::GiveShip {
            at: waters_from(p.to.as_ref())?,
            owner: owner_from(p.owner)?,
            kind: ship_from(p.ship)?,
        },
        K::GiveCard => Move::GiveCard,
        K::GiveVp => Move::GiveVp,
        K::Transport => Move::Transport {
            space: space_from(p.space)?,
        },
        K::ShipTo => Move::ShipTo {
            to: waters_from(p.to.as_ref())?,
        },
        K::Sail => Move::Sail {
            from: waters_from(p.from.as_ref())?,
            kind: ship_from(p.ship)?,
            to: waters_from(p.to.as_ref())?,
        },
        K::NavalIntercept => Move::NavalIntercept {
            from: waters_from(p.from.as_ref())?,
            into: waters_from(p.to.as_ref())?,
        },
        K::NavalAvoid => Move::NavalAvoid {
            from: waters_from(p.from.as_ref())?,
            to: waters_from(p.to.as_ref())?,
        },
        K::Galleasses => Move::Galleasses {
            side: part_from(p.part)?,
        },
        K::Sink => Move::Sink {
            owner: owner_from(p.owner)?,
            kind: ship_from(p.ship)?,
        },
        K::NavalRetreat => Move::NavalRetreat {
            to: waters_from(p.to.as_ref())?,
        },
    })
}

pub(crate) fn waters_pb(w: Waters) -> pb::Waters {
    match w {
        Waters::Port(x) => pb::Waters {
            id: x.0 as u32,
            sea: false,
        },
        Waters::Sea(z) => pb::Waters {
            id: z.0 as u32,
            sea: true,
        },
    }
}

fn waters_from(w: Option<&pb::Waters>) -> Result<Waters, String> {
    let w = w.ok_or("a location of ships is missing")?;
    if w.sea {
        if (w.id as usize) < crate::data::data().sea_zones.len() {
            Ok(Waters::Sea(crate::data::SeaZoneId(w.id as u8)))
        } else {
            Err(format!("sea zone {} out of range", w.id))
        }
    } else {
        let x = space_from(w.id)?;
        let sp = crate::data::data().space(x);
        if sp.ships_may_enter() || sp.inland_port {
            Ok(Waters::Port(x))
        } else {
            Err(format!("space {} is no port", w.id))
        }
    }
}

pub(crate) fn owner_from(v: i32) -> Result<PoolOwner, String> {
    use pb::Owner as O;
    Ok(
        match O::try_from(v).map_err(|_| format!("owner {v} unknown"))? {
            O::Ottoman => PoolOwner::Ottoman,
            O::Spain => PoolOwner::Spain,
            O::England => PoolOwner::England,
            O::France => PoolOwner::France,
            O::Hre => PoolOwner::Hre,
            O::Dutch => PoolOwner::Dutch,
            O::Huguenot => PoolOwner::Huguenot,
            O::Ireland => PoolOwner::Ireland,
            O::Papacy => PoolOwner::Papacy,
            O::Portugal => PoolOwner::Portugal,
            O::Scotland => PoolOwner::Scotland,
            O::Venice => PoolOwner::Venice,
            O::Independent => PoolOwner::Independent,
            O::Unspecified | O::Protestant => return Err(format!("owner {v} owns no units")),
        },
    )
}

fn part_from(v: u32) -> Result<u8, String> {
    if v <= 1 {
        Ok(v as u8)
    } else {
        Err(format!("part {v} out of range (0 or 1)"))
    }
}

pub(crate) fn troops_pb(t: &Troops) -> pb::Troops {
    pb::Troops {
        regulars: t.regulars as u32,
        mercenaries: t.mercenaries as u32,
        cavalry: t.cavalry as u32,
        knights: t.knights as u32,
        morisco: t.morisco as u32,
    }
}

fn pairs(v: &[(Pw, Pw)]) -> Vec<pb::PowerPair> {
    v.iter()
        .map(|&(a, b)| pb::PowerPair {
            a: power_pb(a),
            b: power_pb(b),
        })
        .collect()
}

pub fn view_to_pb(v: &View) -> pb::View {
    pb::View {
        turn: v.turn as u32,
        last_turn: v.last_turn as u32,
        phase: v.phase.clone(),
        spaces: v
            .spaces
            .iter()
            .map(|(id, s)| pb::SpaceView {
                space: id.0 as u32,
                controller: controller_pb(s.controller),
                unrest: s.unrest,
                protestant: s.protestant,
                fortress: s.fortress,
                besieged_by: s
                    .siege
                    .iter()
                    .flat_map(|g| g.by.iter().map(|&p| power_pb(p)))
                    .collect(),
                forces: s.forces.iter().map(force_pb).collect(),
            })
            .collect(),
        powers: v
            .powers
            .iter()
            .enumerate()
            .map(|(i, p)| pb::PowerView {
                power: power_pb(i as Pw),
                hand_size: p.hand_size as u32,
                hand: p.hand.iter().flatten().map(|c| c.0 as u32).collect(),
                hand_visible: p.hand.is_some(),
                home_played: p.home_played.iter().map(|c| c.0 as u32).collect(),
                home_set_aside: p.home_set_aside as u32,
                ruler: p.ruler.clone(),
                vp: p.vp as i32,
                vp_history: p.vp_history.iter().map(|&x| x as i32).collect(),
                preference: p.preference.map_or(0, pref_pb),
                for_hire: p.for_hire as u32,
            })
            .collect(),
        leaders: v
            .leaders
            .iter()
            .map(|l| {
                let (place, at, captor) = match l.at {
                    Loc::Arrives(t) => (pb::LeaderPlace::Arrives, t as u32, 0),
                    Loc::Card => (pb::LeaderPlace::Card, 0, 0),
                    Loc::Space(s) => (pb::LeaderPlace::Space, s.0 as u32, 0),
                    Loc::Captured(c) => (pb::LeaderPlace::Captured, 0, power_pb(c)),
                    Loc::Dead => (pb::LeaderPlace::Dead, 0, 0),
                    Loc::Abroad => (pb::LeaderPlace::Abroad, 0, 0),
                    Loc::Armada => (pb::LeaderPlace::Armada, 0, 0),
                    Loc::Naval => (pb::LeaderPlace::Naval, 0, 0),
                };
                pb::LeaderView {
                    leader: l.idx as u32,
                    owner: power_pb(l.owner),
                    place: place as i32,
                    at,
                    captor,
                }
            })
            .collect(),
        wars: pairs(&v.wars),
        alliances: pairs(&v.alliances),
        deck_size: v.deck_size as u32,
        discard: v.discard.iter().map(|c| c.0 as u32).collect(),
        pending_deal: v.pending_deal.as_ref().map(|d| pb::PendingDeal {
            from: power_pb(d.from),
            to: power_pb(d.to),
            deal: d.deal.as_ref().map(deal_pb),
        }),
        announcements: v
            .announcements
            .iter()
            .map(|a| pb::Announcement {
                id: a.id as u32,
                by: power_pb(a.by),
                clauses: a.clauses.iter().map(clause_pb).collect(),
                confirmed: a.confirmed.iter().map(|&p| power_pb(p)).collect(),
            })
            .collect(),
        draft: v
            .draft
            .iter()
            .map(|c| pb::DraftClause {
                clause: Some(clause_pb(c)),
            })
            .collect(),
        winners: v
            .winners
            .iter()
            .flat_map(|(w, _)| w.iter().map(|&p| power_pb(p)))
            .collect(),
        victory: v
            .winners
            .as_ref()
            .map(|(_, k)| k.clone())
            .unwrap_or_default(),
        admirals: v
            .admirals
            .iter()
            .map(|a| {
                use crate::admirals::ALoc;
                let (place, at, w) = match a.at {
                    ALoc::Arrives(t) => (pb::LeaderPlace::Arrives, t as u32, None),
                    ALoc::Card => (pb::LeaderPlace::Card, 0, None),
                    ALoc::At(w) => (pb::LeaderPlace::Space, 0, Some(waters_pb(w))),
                    ALoc::Away(t) => (pb::LeaderPlace::Dead, t as u32, None),
                };
                pb::AdmiralView {
                    admiral: a.idx as u32,
                    owner: power_pb(a.owner),
                    place: place as i32,
                    at,
                    r#where: w,
                    lent_to: a.lent_to.map_or(0, power_pb),
                    role: match a.role {
                        crate::admirals::Role::Naval => pb::AdmiralRole::Naval,
                        crate::admirals::Role::Captain => pb::AdmiralRole::Captain,
                        crate::admirals::Role::ArmyLeader => pb::AdmiralRole::ArmyLeader,
                    } as i32,
                }
            })
            .collect(),
        seas: v
            .seas
            .iter()
            .enumerate()
            .filter(|(_, x)| !x.forces.is_empty())
            .map(|(i, x)| pb::SeaView {
                sea: i as u32,
                forces: x.forces.iter().map(force_pb).collect(),
            })
            .collect(),
        removed: v.removed.iter().map(|c| c.0 as u32).collect(),
        in_effect: v.in_effect.iter().map(|c| c.0 as u32).collect(),
        lost_ships: v
            .lost_ships
            .iter()
            .map(|(owner, ships)| {
                force_pb(&crate::model::Force {
                    owner: *owner,
                    troops: Default::default(),
                    ships: *ships,
                })
            })
            .collect(),
        religion: Some(crate::religion::view_to_pb(&v.religion)),
        espionage: Some(crate::espionage::view_to_pb(&v.espionage)),
        royals: Some(crate::royals::view_to_pb(&v.royals)),
        patronage: Some(crate::patronage::view_to_pb(&v.patronage)),
        world: Some(crate::world::view_to_pb(&v.world)),
        minors: Some(crate::minors::view_to_pb(&v.minors)),
        majors: Some(crate::majors::view_to_pb(&v.majors)),
        armada: Some(crate::armada::view_to_pb(&v.armada)),
    }
}

fn force_pb(f: &crate::model::Force) -> pb::Force {
    pb::Force {
        owner: owner_pb(f.owner),
        troops: Some(troops_pb(&f.troops)),
        galleys: f.ships.galleys as u32,
        galleons: f.ships.galleons as u32,
        corsairs: f.ships.corsairs as u32,
    }
}

pub fn event_to_pb(e: &Event) -> pb::Event {
    use pb::EventKind as K;
    let mut p = pb::Event::default();
    let cards = |v: &[CardId]| v.iter().map(|c| c.0 as u32).collect::<Vec<u32>>();
    let k = match e {
        Event::TurnBegins { turn } => {
            p.turn = *turn as u32;
            K::TurnBegins
        }
        Event::Dealt { power, cards: n } => {
            p.power = power_pb(*power);
            p.count = *n as u32;
            K::Dealt
        }
        Event::Received { power, cards: c } => {
            p.power = power_pb(*power);
            p.cards = cards(c);
            K::Received
        }
        Event::Proposed { from, to, deal } => {
            p.power = power_pb(*from);
            p.other = power_pb(*to);
            p.deal = Some(deal_pb(deal));
            K::Proposed
        }
        Event::DealAccepted { from, to, deal } => {
            p.power = power_pb(*from);
            p.other = power_pb(*to);
            p.deal = Some(deal_pb(deal));
            K::DealAccepted
        }
        Event::DealRejected { from, to } => {
            p.power = power_pb(*from);
            p.other = power_pb(*to);
            K::DealRejected
        }
        Event::Announced { id, by, clauses } => {
            p.count = *id as u32;
            p.power = power_pb(*by);
            p.clauses = clauses.iter().map(clause_pb).collect();
            K::Announced
        }
        Event::Answered { id, by, confirmed } => {
            p.count = *id as u32;
            p.power = power_pb(*by);
            p.flag = *confirmed;
            K::Answered
        }
        Event::AnnouncementVoid { id } => {
            p.count = *id as u32;
            K::AnnouncementVoid
        }
        Event::CardsGiven { from, to, count } => {
            p.power = power_pb(*from);
            p.other = power_pb(*to);
            p.count = *count as u32;
            K::CardsGiven
        }
        Event::Pirated {
            pirate,
            target,
            hits,
            rewards,
        } => {
            p.power = power_pb(*pirate);
            p.other = power_pb(*target);
            p.count = *hits as u32;
            p.vp = vec![*rewards as i32];
            K::Pirated
        }
        Event::LeaderReturned { leader } => {
            p.leaders = vec![*leader as u32];
            K::LeaderReturned
        }
        Event::PeaceMade { a, b } => {
            p.power = power_pb(*a);
            p.other = power_pb(*b);
            K::PeaceMade
        }
        Event::AllianceMade { a, b } => {
            p.power = power_pb(*a);
            p.other = power_pb(*b);
            K::AllianceMade
        }
        Event::Ransomed { leader, card_taken } => {
            p.leaders = vec![*leader as u32];
            p.flag = *card_taken;
            K::Ransomed
        }
        Event::WarDeclared { by, on } => {
            p.power = power_pb(*by);
            p.other = power_pb(*on);
            K::WarDeclared
        }
        Event::PaidWith { power, card } => {
            p.power = power_pb(*power);
            p.cards = vec![card.0 as u32];
            K::PaidWith
        }
        Event::PreferenceRecorded => K::PreferenceRecorded,
        Event::LeaderPlaced { leader, space } => {
            p.leaders = vec![*leader as u32];
            p.space = space.0 as u32;
            K::LeaderPlaced
        }
        Event::HomeCardSetAside { power } => {
            p.power = power_pb(*power);
            K::HomeCardSetAside
        }
        Event::Moved {
            power,
            from,
            to,
            troops,
            leaders,
        } => {
            p.power = power_pb(*power);
            p.space = from.0 as u32;
            p.to_space = to.0 as u32;
            p.has_to_space = true;
            p.troops = Some(troops_pb(troops));
            p.leaders = leaders.iter().map(|&l| l as u32).collect();
            K::Moved
        }
        Event::CardPlayed { power, card } => {
            p.power = power_pb(*power);
            p.cards = vec![card.0 as u32];
            K::CardPlayed
        }
        Event::Passed { power } => {
            p.power = power_pb(*power);
            K::Passed
        }
        Event::Controlled { power, space } => {
            p.power = power_pb(*power);
            p.space = space.0 as u32;
            K::Controlled
        }
        Event::UnrestRemoved { space } => {
            p.space = space.0 as u32;
            K::UnrestRemoved
        }
        Event::Raised { power, space, kind } => {
            p.power = power_pb(*power);
            p.space = space.0 as u32;
            p.unit = unit_pb(*kind);
            K::Raised
        }
        Event::Built { power, space, kind } => {
            p.power = power_pb(*power);
            p.space = space.0 as u32;
            p.ship = ship_pb(*kind);
            K::Built
        }
        Event::FortressBuilt { space } => {
            p.space = space.0 as u32;
            K::FortressBuilt
        }
        Event::WinterReturn {
            owner,
            from,
            to,
            troops,
            lost,
        } => {
            p.owner = owner_pb(*owner);
            p.space = from.0 as u32;
            p.has_to_space = to.is_some();
            p.to_space = to.map_or(0, |s| s.0 as u32);
            p.troops = Some(troops_pb(troops));
            p.lost = Some(troops_pb(lost));
            K::WinterReturn
        }
        Event::Replacement {
            power,
            space,
            troops,
        } => {
            p.power = power_pb(*power);
            p.space = space.0 as u32;
            p.troops = Some(troops_pb(troops));
            K::Replacement
        }
        Event::AlliancesEnd => K::AlliancesEnd,
        Event::Score { vp } => {
            p.vp = vp.iter().map(|&x| x as i32).collect();
            K::Score
        }
        Event::Victory { powers, kind } => {
            p.powers = powers.iter().map(|&x| power_pb(x)).collect();
            p.text = kind.clone();
            K::Victory
        }
        Event::ResponsePlayed { power, card } => {
            p.power = power_pb(*power);
            p.cards = vec![card.0 as u32];
            K::ResponsePlayed
        }
        Event::Rolled {
            power,
            purpose,
            dice,
            hits,
        } => {
            p.owner = controller_pb(*power);
            p.text = purpose.clone();
            p.cards = dice.iter().map(|&d| d as u32).collect();
            p.count = *hits as u32;
            K::Rolled
        }
        Event::CombatNote { text } => {
            p.text = text.clone();
            K::CombatNote
        }
        Event::Intercepted {
            power,
            from,
            to,
            success,
        } => {
            p.power = power_pb(*power);
            p.space = from.0 as u32;
            p.to_space = to.0 as u32;
            p.has_to_space = true;
            p.flag = *success;
            K::Intercepted
        }
        Event::Avoided {
            power,
            from,
            to,
            success,
        } => {
            p.power = power_pb(*power);
            p.space = from.0 as u32;
            p.to_space = to.0 as u32;
            p.has_to_space = true;
            p.flag = *success;
            K::Avoided
        }
        Event::Withdrew { power, space } => {
            p.power = power_pb(*power);
            p.space = space.0 as u32;
            K::Withdrew
        }
        Event::BattleFought {
            space,
            attacker,
            attacker_won,
            attacker_hits,
            defender_hits,
        } => {
            p.power = power_pb(*attacker);
            p.space = space.0 as u32;
            p.flag = *attacker_won;
            p.count = *attacker_hits as u32;
            p.vp = vec![*attacker_hits as i32, *defender_hits as i32];
            K::BattleFought
        }
        Event::UnitsLost {
            owner,
            space,
            troops,
        } => {
            p.owner = owner_pb(*owner);
            p.space = space.0 as u32;
            p.lost = Some(troops_pb(troops));
            K::UnitsLost
        }
        Event::LeaderCaptured { leader, by } => {
            p.leaders = vec![*leader as u32];
            p.power = power_pb(*by);
            K::LeaderCaptured
        }
        Event::Retreated { power, from, to } => {
            p.owner = controller_pb(*power);
            p.space = from.0 as u32;
            p.to_space = to.0 as u32;
            p.has_to_space = true;
            K::Retreated
        }
        Event::SiegeBegun { space, by } => {
            p.power = power_pb(*by);
            p.space = space.0 as u32;
            K::SiegeBegun
        }
        Event::SiegeLifted { space } => {
            p.space = space.0 as u32;
            K::SiegeLifted
        }
        Event::NavalBattleFought {
            attacker,
            attacker_won,
            hits,
        } => {
            p.power = power_pb(*attacker);
            p.flag = *attacker_won;
            p.vp = hits.iter().map(|&h| h as i32).collect();
            K::NavalBattleFought
        }
        Event::Assaulted {
            space,
            attacker,
            success,
        } => {
            p.power = power_pb(*attacker);
            p.space = space.0 as u32;
            p.flag = *success;
            K::Assaulted
        }
        Event::EventPlayed { power, card } => {
            p.power = power_pb(*power);
            p.cards = vec![card.0 as u32];
            K::EventPlayed
        }
        Event::Religion(e) => {
            p.religion = Some(crate::religion::event_to_pb(e));
            K::Religion
        }
        Event::Espionage(e) => {
            p.espionage = Some(crate::espionage::event_to_pb(e));
            K::Espionage
        }
        Event::Royals(e) => {
            p.royals = Some(crate::royals::event_to_pb(e));
            K::Royals
        }
        Event::Patronage(e) => {
            p.patronage = Some(crate::patronage::event_to_pb(e));
            K::Patronage
        }
        Event::World(e) => {
            p.world = Some(crate::world::event_to_pb(e));
            K::World
        }
        Event::Minors(e) => {
            p.minors = Some(crate::minors::event_to_pb(e));
            K::Minors
        }
        Event::Majors(e) => {
            p.majors = Some(crate::majors::event_to_pb(e));
            K::Majors
        }
        Event::Armada(e) => {
            p.armada = Some(crate::armada::event_to_pb(e));
            K::Armada
        }
    };
    p.kind = k as i32;
    p
}
