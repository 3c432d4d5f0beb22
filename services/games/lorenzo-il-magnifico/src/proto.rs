//! Mapping between our Rust types and the typed protobuf messages.

use crate::model::{Event, Frame, Move, NEUTRAL, Options, Res, SPACES};
use crate::pb;
use crate::view::View;

fn u8_of(v: u32, what: &str) -> Result<u8, String> {
    u8::try_from(v).map_err(|_| format!("{what} {v} is out of range"))
}

/// A closed set's code (0-based in the state) as its proto enum value (0 is
/// UNSPECIFIED), and back.
fn enum_pb(code: u8) -> i32 {
    code as i32 + 1
}

fn enum_from_pb(v: i32, count: u8, what: &str) -> Result<u8, String> {
    match u8::try_from(v) {
        Ok(k) if (1..=count).contains(&k) => Ok(k - 1),
        _ => Err(format!("{what} {v} is not a known value")),
    }
}

fn member_from_pb(v: i32) -> Result<u8, String> {
    enum_from_pb(v, NEUTRAL + 1, "family member")
}

fn space_from_pb(v: i32) -> Result<u8, String> {
    enum_from_pb(v, SPACES, "action space")
}

fn privilege_from_pb(v: i32) -> Result<u8, String> {
    enum_from_pb(v, 5, "council privilege")
}

fn phase_pb(phase: &str) -> pb::Phase {
    match phase {
        "tile_draft" => pb::Phase::TileDraft,
        "leader_draft" => pb::Phase::LeaderDraft,
        "actions" => pb::Phase::Actions,
        "vatican" => pb::Phase::Vatican,
        "over" => pb::Phase::Over,
        _ => pb::Phase::Unspecified,
    }
}

pub fn res_pb(r: &Res) -> pb::Resources {
    let a = r.0;
    pb::Resources {
        wood: a[0],
        stone: a[1],
        servants: a[2],
        coins: a[3],
        victory_points: a[4],
        military_points: a[5],
        faith_points: a[6],
    }
}

pub fn options_from_pb(o: &pb::Options) -> Options {
    Options {
        advanced: o.advanced.unwrap_or(true),
    }
}

pub fn options_to_pb(o: &Options) -> pb::Options {
    pb::Options {
        advanced: Some(o.advanced),
    }
}

pub fn move_to_pb(m: &Move) -> pb::Move {
    use pb::r#move::*;
    let kind = match *m {
        Move::Place {
            member,
            space,
            servants,
        } => Kind::Place(Place {
            member: enum_pb(member),
            space: enum_pb(space),
            servants: servants as u32,
        }),
        Move::ChoosePrivilege { option } => Kind::ChoosePrivilege(ChoosePrivilege {
            option: enum_pb(option),
        }),
        Move::ChooseCost { option } => Kind::ChooseCost(ChooseCost {
            option: option as u32,
        }),
        Move::TakeBonusCard { space, servants } => Kind::TakeBonusCard(TakeBonusCard {
            space: enum_pb(space),
            servants: servants as u32,
        }),
        Move::BonusWork { servants } => Kind::BonusWork(BonusWork {
            servants: servants as u32,
        }),
        Move::Exchange { building, option } => Kind::Exchange(Exchange {
            building: building as u32,
            option: option as u32,
        }),
        Move::Decline => Kind::Decline(Decline {}),
        Move::SupportChurch { support } => Kind::SupportChurch(SupportChurch { support }),
        Move::PickLeader { leader } => Kind::PickLeader(PickLeader {
            leader: leader as u32,
        }),
        Move::PickBonusTile { tile } => Kind::PickBonusTile(PickBonusTile { tile: tile as u32 }),
        Move::PlayLeader { leader } => Kind::PlayLeader(PlayLeader {
            leader: leader as u32,
        }),
        Move::DiscardLeader { leader } => Kind::DiscardLeader(DiscardLeader {
            leader: leader as u32,
        }),
        Move::ActivateLeader { leader, member } => Kind::ActivateLeader(ActivateLeader {
            leader: leader as u32,
            member: member.map(enum_pb),
        }),
        Move::CopyLeader { leader } => Kind::CopyLeader(CopyLeader {
            leader: leader as u32,
        }),
        Move::Pass => Kind::Pass(Pass {}),
        Move::EndTurn => Kind::EndTurn(EndTurn {}),
    };
    pb::Move { kind: Some(kind) }
}

pub fn move_from_pb(m: &pb::Move) -> Result<Move, String> {
    use pb::r#move::Kind;
    Ok(match m.kind.as_ref().ok_or("empty move")? {
        Kind::Place(p) => Move::Place {
            member: member_from_pb(p.member)?,
            space: space_from_pb(p.space)?,
            servants: u8_of(p.servants, "servants")?,
        },
        Kind::ChoosePrivilege(p) => Move::ChoosePrivilege {
            option: privilege_from_pb(p.option)?,
        },
        Kind::ChooseCost(p) => Move::ChooseCost {
            option: u8_of(p.option, "option")?,
        },
        Kind::TakeBonusCard(p) => Move::TakeBonusCard {
            space: space_from_pb(p.space)?,
            servants: u8_of(p.servants, "servants")?,
        },
        Kind::BonusWork(p) => Move::BonusWork {
            servants: u8_of(p.servants, "servants")?,
        },
        Kind::Exchange(p) => Move::Exchange {
            building: u8_of(p.building, "building")?,
            option: u8_of(p.option, "option")?,
        },
        Kind::Decline(_) => Move::Decline,
        Kind::SupportChurch(p) => Move::SupportChurch { support: p.support },
        Kind::PickLeader(p) => Move::PickLeader {
            leader: u8_of(p.leader, "leader")?,
        },
        Kind::PickBonusTile(p) => Move::PickBonusTile {
            tile: u8_of(p.tile, "tile")?,
        },
        Kind::PlayLeader(p) => Move::PlayLeader {
            leader: u8_of(p.leader, "leader")?,
        },
        Kind::DiscardLeader(p) => Move::DiscardLeader {
            leader: u8_of(p.leader, "leader")?,
        },
        Kind::ActivateLeader(p) => Move::ActivateLeader {
            leader: u8_of(p.leader, "leader")?,
            member: p.member.map(member_from_pb).transpose()?,
        },
        Kind::CopyLeader(p) => Move::CopyLeader {
            leader: u8_of(p.leader, "leader")?,
        },
        Kind::Pass(_) => Move::Pass,
        Kind::EndTurn(_) => Move::EndTurn,
    })
}

/// A bit set over a closed set (bit k: code k) as the codes' enum values.
fn bit_set_pb(mask: u8) -> Vec<i32> {
    (0..8u8)
        .filter(|k| mask & (1 << k) != 0)
        .map(enum_pb)
        .collect()
}

fn ids(v: &[u8]) -> Vec<u32> {
    v.iter().map(|&x| x as u32).collect()
}

// The bit-set fields are deprecated in the proto but still filled.
#[allow(deprecated)]
pub fn view_to_pb(v: &View) -> pb::View {
    use pb::DecisionKind;
    use pb::view::Decision as Decision_;
    use pb::view::{Deck, Occupant, Player, Score, SpaceOccupants, TowerSpace};
    let players = v
        .players
        .iter()
        .map(|p| Player {
            seat: p.seat as u32,
            resources: Some(res_pb(&p.res)),
            territories: ids(&p.cards[0]),
            buildings: ids(&p.cards[1]),
            characters: ids(&p.cards[2]),
            ventures: ids(&p.cards[3]),
            placed: p.placed as u32,
            passed: p.passed,
            bonus_tile: p.tile.map(|t| t as u32),
            excommunicated: p.excomm as u32,
            leaders_played: ids(&p.leaders),
            leaders_used: ids(&p.used),
            lorenzo_copies: p.copy.map(|x| x as u32),
            federico_member: p.federico.map(enum_pb),
            hand_size: p.hand_size as u32,
            hand: p.hand.as_deref().map(ids).unwrap_or_default(),
            hand_visible: p.hand.is_some(),
            placed_members: bit_set_pb(p.placed),
            // Periods count from 1, as bit 0 is period I.
            excommunicated_periods: bit_set_pb(p.excomm).iter().map(|&x| x as u32).collect(),
        })
        .collect();
    let decision = v.decision.as_ref().map(|d| match d {
        Frame::Privileges { seat, left, taken } => Decision_ {
            kind: DecisionKind::Privileges.into(),
            seat: *seat as u32,
            count: *left as u32,
            taken: *taken as u32,
            taken_privileges: bit_set_pb(*taken),
            ..Default::default()
        },
        Frame::PayCard {
            seat,
            options,
            space,
        } => Decision_ {
            kind: DecisionKind::PayCard.into(),
            seat: *seat as u32,
            space: Some(enum_pb(*space)),
            payment_options: options.iter().map(res_pb).collect(),
            ..Default::default()
        },
        Frame::BonusTake {
            seat,
            kinds,
            value,
            discount,
        } => Decision_ {
            kind: DecisionKind::BonusTake.into(),
            seat: *seat as u32,
            card_types: *kinds as u32,
            allowed_card_types: bit_set_pb(*kinds),
            value: *value,
            discount: Some(res_pb(discount)),
            ..Default::default()
        },
        Frame::BonusWork {
            seat,
            harvest,
            value,
            ..
        } => Decision_ {
            kind: if *harvest {
                DecisionKind::BonusHarvest.into()
            } else {
                DecisionKind::BonusProduction.into()
            },
            seat: *seat as u32,
            value: *value,
            ..Default::default()
        },
        Frame::Exchanges {
            seat, value, todo, ..
        } => Decision_ {
            kind: DecisionKind::Exchanges.into(),
            seat: *seat as u32,
            value: *value,
            buildings: ids(todo),
            ..Default::default()
        },
        // The view's decision is never a phase.
        _ => Decision_::default(),
    });
    pb::View {
        round: v.round as u32,
        period: v.period as u32,
        phase: phase_pb(v.phase).into(),
        dice: v.dice.iter().map(|&d| d as u32).collect(),
        turn_order: ids(&v.order),
        active_seat: v.active.map(|a| a as u32),
        towers: v
            .towers
            .iter()
            .enumerate()
            .map(|(i, c)| TowerSpace {
                space: enum_pb(i as u8),
                card: c.map(|c| c as u32),
            })
            .collect(),
        spaces: v
            .occupants
            .iter()
            .enumerate()
            .filter(|(_, o)| !o.is_empty())
            .map(|(i, o)| SpaceOccupants {
                space: enum_pb(i as u8),
                occupants: o
                    .iter()
                    .map(|&x| Occupant {
                        seat: (x / 4) as u32,
                        member: enum_pb(x % 4),
                    })
                    .collect(),
            })
            .collect(),
        excommunication_tiles: ids(&v.excomm_tiles),
        players,
        deck_sizes: v.deck_sizes.iter().map(|&d| d as u32).collect(),
        pending_seats: v.pending.iter().map(|&p| p as u32).collect(),
        decision,
        available_bonus_tiles: ids(&v.available_tiles),
        draft_packet: ids(&v.draft_packet),
        draft_pick: v.draft_pick.map(|x| x as u32),
        scores: v
            .scores
            .iter()
            .flatten()
            .enumerate()
            .map(|(i, l)| Score {
                seat: i as u32,
                before: l.before,
                vp_per_5_vp: l.vp_per_5_vp,
                territories: l.territories,
                characters: l.characters,
                ventures: l.ventures,
                military: l.military,
                resources: l.resources,
                penalty_military: l.penalty_mp,
                penalty_buildings: l.penalty_buildings,
                penalty_resources: l.penalty_resources,
                total: l.total,
            })
            .collect(),
        decks: v
            .decks
            .iter()
            .flatten()
            .map(|d| Deck { cards: ids(d) })
            .collect(),
        advanced: v.advanced,
    }
}

pub fn event_to_pb(e: &Event) -> pb::Event {
    use pb::event::*;
    let u = |x: u8| x as u32;
    let kind = match e {
        Event::RoundStarted {
            round,
            dice,
            towers,
        } => Kind::RoundStarted(RoundStarted {
            round: u(*round),
            dice: ids(dice),
            towers: ids(towers),
        }),
        Event::BonusTileChosen { seat, tile } => Kind::BonusTileChosen(BonusTileChosen {
            seat: u(*seat),
            tile: u(*tile),
        }),
        Event::LeaderPicked { seat, leader } => Kind::LeaderPicked(LeaderPicked {
            seat: u(*seat),
            leader: leader.map(u),
        }),
        Event::DraftPacket { seat, leaders } => Kind::DraftPacket(DraftPacket {
            seat: u(*seat),
            leaders: ids(leaders),
        }),
        Event::Placed {
            seat,
            member,
            space,
            servants,
            value,
        } => Kind::Placed(Placed {
            seat: u(*seat),
            member: enum_pb(*member),
            space: enum_pb(*space),
            servants: u(*servants),
            value: *value,
        }),
        Event::CardTaken {
            seat,
            card,
            space,
            paid,
        } => Kind::CardTaken(CardTaken {
            seat: u(*seat),
            card: u(*card),
            space: enum_pb(*space),
            paid: Some(res_pb(paid)),
        }),
        Event::PrivilegeChosen { seat, option } => Kind::PrivilegeChosen(PrivilegeChosen {
            seat: u(*seat),
            option: enum_pb(*option),
        }),
        Event::Harvested { seat, value } => Kind::Harvested(Harvested {
            seat: u(*seat),
            value: *value,
        }),
        Event::Produced {
            seat,
            value,
            exchanges,
        } => Kind::Produced(Produced {
            seat: u(*seat),
            value: *value,
            exchanges: exchanges
                .iter()
                .map(|&(b, o)| ExchangeChoice {
                    building: u(b),
                    option: u(o),
                })
                .collect(),
        }),
        Event::Supply { seat, res } => Kind::Supply(Supply {
            seat: u(*seat),
            resources: Some(res_pb(res)),
        }),
        Event::Passed { seat } => Kind::Passed(Passed { seat: u(*seat) }),
        Event::TurnSkipped { seat } => Kind::TurnSkipped(TurnSkipped { seat: u(*seat) }),
        Event::LeaderPlayed { seat, leader } => Kind::LeaderPlayed(LeaderPlayed {
            seat: u(*seat),
            leader: u(*leader),
        }),
        Event::LeaderDiscarded { seat, leader } => Kind::LeaderDiscarded(LeaderDiscarded {
            seat: u(*seat),
            leader: u(*leader),
        }),
        Event::LeaderActivated { seat, leader } => Kind::LeaderActivated(LeaderActivated {
            seat: u(*seat),
            leader: u(*leader),
        }),
        Event::LeaderCopied { seat, leader } => Kind::LeaderCopied(LeaderCopied {
            seat: u(*seat),
            leader: u(*leader),
        }),
        Event::ChurchSupported { seat, vp } => Kind::ChurchSupported(ChurchSupported {
            seat: u(*seat),
            victory_points: *vp,
        }),
        Event::Excommunicated { seat, period } => Kind::Excommunicated(Excommunicated {
            seat: u(*seat),
            period: u(*period),
        }),
        Event::TurnOrder { order } => Kind::TurnOrder(TurnOrder { order: ids(order) }),
        Event::GameEnded { scores } => Kind::GameEnded(GameEnded {
            scores: scores.clone(),
        }),
    };
    pb::Event { kind: Some(kind) }
}
