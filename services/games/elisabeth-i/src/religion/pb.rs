//! The religion messages of the proto (`ReligionMove`, `ReligionEvent`, `ReligionView`).

use super::{Event, Faith, Move, View};
use crate::data::{Faction, ReligiousZone, SpaceId};
use crate::pb as proto;
use crate::proto::{owner_pb, power_pb, space_from};

pub(crate) fn zone_pb(z: ReligiousZone) -> i32 {
    use proto::ReligionZone as Z;
    (match z {
        ReligiousZone::England => Z::England,
        ReligiousZone::France => Z::France,
        ReligiousZone::Netherlands => Z::Netherlands,
        ReligiousZone::Scotland => Z::Scotland,
    }) as i32
}

pub(crate) fn zone_from(v: i32) -> Result<ReligiousZone, String> {
    use proto::ReligionZone as Z;
    match Z::try_from(v) {
        Ok(Z::England) => Ok(ReligiousZone::England),
        Ok(Z::France) => Ok(ReligiousZone::France),
        Ok(Z::Netherlands) => Ok(ReligiousZone::Netherlands),
        Ok(Z::Scotland) => Ok(ReligiousZone::Scotland),
        _ => Err(format!("religious zone {v} unknown")),
    }
}

fn faction_pb(f: Faction) -> i32 {
    (match f {
        Faction::Dutch => proto::ReligionFaction::Dutch,
        Faction::Huguenot => proto::ReligionFaction::Huguenot,
    }) as i32
}

fn sp(x: SpaceId) -> u32 {
    x.0 as u32
}

pub fn move_to_pb(m: &Move) -> proto::ReligionMove {
    use proto::ReligionMoveKind as K;
    let mut p = proto::ReligionMove::default();
    let k = match *m {
        Move::Sermon { zone } => {
            p.zone = zone_pb(zone);
            K::Sermon
        }
        Move::Suppress { zone } => {
            p.zone = zone_pb(zone);
            K::Suppress
        }
        Move::Rebel { space, cp } => {
            p.space = sp(space);
            p.cp = cp as u32;
            K::Rebel
        }
        Move::CancelUnrest => K::CancelUnrest,
        Move::KeepUnrest => K::KeepUnrest,
        Move::Save => K::Save,
        Move::Flip { space } => {
            p.space = sp(space);
            K::Flip
        }
        Move::MajorFlip { space } => {
            p.space = sp(space);
            K::MajorFlip
        }
        Move::Unrest { space } => {
            p.space = sp(space);
            K::Unrest
        }
        Move::Extend { space } => {
            p.space = sp(space);
            K::Extend
        }
        Move::Capital { space } => {
            p.space = sp(space);
            K::Capital
        }
        Move::Done => K::Done,
    };
    p.kind = k as i32;
    p
}

pub fn move_from_pb(p: &proto::ReligionMove) -> Result<Move, String> {
    use proto::ReligionMoveKind as K;
    let space = || space_from(p.space);
    Ok(match K::try_from(p.kind) {
        Ok(K::Sermon) => Move::Sermon {
            zone: zone_from(p.zone)?,
        },
        Ok(K::Suppress) => Move::Suppress {
            zone: zone_from(p.zone)?,
        },
        Ok(K::Rebel) => Move::Rebel {
            space: space()?,
            cp: match p.cp {
                2..=5 => p.cp as u8,
                c => return Err(format!("a rebellion spends 2-5 CP, not {c}")),
            },
        },
        Ok(K::CancelUnrest) => Move::CancelUnrest,
        Ok(K::KeepUnrest) => Move::KeepUnrest,
        Ok(K::Save) => Move::Save,
        Ok(K::Flip) => Move::Flip { space: space()? },
        Ok(K::MajorFlip) => Move::MajorFlip { space: space()? },
        Ok(K::Unrest) => Move::Unrest { space: space()? },
        Ok(K::Extend) => Move::Extend { space: space()? },
        Ok(K::Capital) => Move::Capital { space: space()? },
        Ok(K::Done) => Move::Done,
        _ => return Err(format!("religion move kind {} unknown", p.kind)),
    })
}

pub fn event_to_pb(e: &Event) -> proto::ReligionEvent {
    use proto::ReligionEventKind as K;
    let mut p = proto::ReligionEvent::default();
    let k = match e {
        Event::Attempts {
            power,
            faith,
            zone,
            dice,
        } => {
            p.power = power_pb(*power);
            p.protestant = *faith == Faith::Protestant;
            p.zone = zone_pb(*zone);
            p.dice = dice.iter().map(|&d| d as u32).collect();
            K::Attempts
        }
        Event::Flipped { space, faith } => {
            p.space = sp(*space);
            p.protestant = *faith == Faith::Protestant;
            K::Flipped
        }
        Event::UnrestPlaced { space } => {
            p.space = sp(*space);
            K::UnrestPlaced
        }
        Event::Rebellion {
            space,
            cp,
            dice,
            hits,
            success,
        } => {
            p.space = sp(*space);
            p.cp = *cp as u32;
            p.dice = dice.iter().map(|&d| d as u32).collect();
            p.count = *hits as u32;
            p.flag = *success;
            K::Rebellion
        }
        Event::Displaced { owner, from, to } => {
            p.owner = owner_pb(*owner);
            p.space = sp(*from);
            p.to_space = to.map(sp);
            K::Displaced
        }
        Event::RebelsRaised {
            space,
            owner,
            count,
        } => {
            p.space = sp(*space);
            p.owner = owner_pb(*owner);
            p.count = *count as u32;
            K::RebelsRaised
        }
        Event::CapitalPlaced { faction, space } => {
            p.faction = faction_pb(*faction);
            p.space = sp(*space);
            K::CapitalPlaced
        }
        Event::LeagueRoll { die, spaces } => {
            p.dice = vec![*die as u32];
            p.count = *spaces as u32;
            K::LeagueRoll
        }
        Event::LeagueFormed { spaces } => {
            p.spaces = spaces.iter().map(|&x| sp(x)).collect();
            K::LeagueFormed
        }
    };
    p.kind = k as i32;
    p
}

pub fn view_to_pb(v: &View) -> proto::ReligionView {
    proto::ReligionView {
        protestant_spaces: v.protestant_spaces,
        capitals: v
            .capitals
            .iter()
            .map(|&(f, x)| proto::ReligionCapital {
                faction: faction_pb(f),
                space: sp(x),
            })
            .collect(),
        league_turn: v.league.map(u32::from),
    }
}
