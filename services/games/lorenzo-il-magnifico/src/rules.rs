//! The decision interface: who is pending, every legal decision, and applying
//! one (re-validated against the complete list; a refused move changes nothing).

use signoria_engine::{RuleError, Scoped};

use crate::data::{card, leader as leader_def};
use crate::effects::privilege_gain;
use crate::flow::*;
use crate::leaders::{apply_leader, leader_moves};
use crate::model::*;
use crate::placement::{check_place, place, placements, servant_options};
use crate::towers::{check_take, fee, finish_take, floor_value, start_take, tower_kind};
use crate::value::*;
use crate::work::{exchange_options, finish_production, harvest, start_production};

pub fn pending(s: &State) -> Vec<usize> {
    match &s.phase {
        Phase::Over => vec![],
        Phase::TileDraft { queue, .. } => vec![queue[0] as usize],
        Phase::LeaderDraft { picked, .. } => (0..s.n()).filter(|&i| picked[i].is_none()).collect(),
        Phase::Vatican { undecided } => {
            let mut v: Vec<usize> = undecided.iter().map(|&x| x as usize).collect();
            v.sort_unstable();
            v
        }
        Phase::Actions { active, .. } => match s.stack.last() {
            Some(d) => vec![d.seat()],
            None => vec![*active as usize],
        },
    }
}

/// Bonus "take a card" targets [L160, L216, L555]: value + characters + tile,
/// exactly the servants needed, the fee if the tower is occupied (RULINGS.md R4).
fn bonus_take_moves(s: &State, seat: usize, kinds: u8, value: i32, discount: &Res) -> Vec<Move> {
    let mut out = Vec::new();
    for space in 0..16u8 {
        let kind = tower_kind(space);
        if kinds & (1 << kind.idx()) == 0 || s.towers[space as usize].is_none() {
            continue;
        }
        let base = value + take_modifier(s, seat, kind);
        let sv = servants_for(s, seat, base, floor_value(space));
        if sv > s.players[seat].res.0[SERVANTS] {
            continue;
        }
        if check_take(s, seat, space, sv, discount).is_ok() {
            out.push(Move::TakeBonusCard {
                space,
                servants: sv as u8,
            });
        }
    }
    out
}

fn bonus_work_base(s: &State, seat: usize, harvest: bool, value: i32, leader: bool) -> i32 {
    value + work_modifier(s, seat, harvest, leader)
}

pub fn legal_moves(s: &State, seat: usize) -> Vec<Move> {
    match &s.phase {
        Phase::Over => vec![],
        Phase::TileDraft { queue, available } => {
            if queue[0] as usize == seat {
                available
                    .iter()
                    .map(|&t| Move::PickBonusTile { tile: t })
                    .collect()
            } else {
                vec![]
            }
        }
        Phase::LeaderDraft { packets, picked } => {
            if picked[seat].is_none() {
                let mut p = packets[seat].clone();
                p.sort_unstable();
                p.into_iter()
                    .map(|l| Move::PickLeader { leader: l })
                    .collect()
            } else {
                vec![]
            }
        }
        Phase::Vatican { undecided } => {
            if undecided.contains(&(seat as u8)) {
                vec![
                    Move::SupportChurch { support: true },
                    Move::SupportChurch { support: false },
                ]
            } else {
                vec![]
            }
        }
        Phase::Actions { active, placed } => {
            if let Some(d) = s.stack.last() {
                if d.seat() != seat {
                    return vec![];
                }
                return decision_moves(s, seat, d);
            }
            if *active as usize != seat {
                return vec![];
            }
            if !placed {
                let mut v = placements(s, seat);
                let none = v.is_empty();
                v.extend(leader_moves(s, seat));
                if none {
                    v.push(Move::Pass);
                }
                v
            } else {
                let mut v = leader_moves(s, seat);
                v.push(Move::EndTurn);
                v
            }
        }
    }
}

fn decision_moves(s: &State, seat: usize, d: &Decision) -> Vec<Move> {
    match d {
        Decision::Privileges { taken, .. } => (0..5u8)
            .filter(|o| taken & (1 << o) == 0)
            .map(|o| Move::ChoosePrivilege { option: o })
            .collect(),
        Decision::PayCard { options, .. } => (0..options.len() as u8)
            .map(|o| Move::ChooseCost { option: o })
            .collect(),
        Decision::BonusTake {
            kinds,
            value,
            discount,
            ..
        } => {
            let mut v = bonus_take_moves(s, seat, *kinds, *value, discount);
            v.push(Move::Decline);
            v
        }
        Decision::BonusWork {
            harvest,
            value,
            leader,
            ..
        } => {
            let base = bonus_work_base(s, seat, *harvest, *value, *leader);
            let target = work_target(s, seat, *harvest);
            let mut v: Vec<Move> = servant_options(s, seat, base, base, target)
                .into_iter()
                .map(|sv| Move::BonusWork { servants: sv })
                .collect();
            v.push(Move::Decline);
            v
        }
        Decision::Exchanges { todo, chosen, .. } => {
            let b = todo[0];
            exchange_options(s, seat, b, chosen)
                .into_iter()
                .map(|o| Move::Exchange {
                    building: b,
                    option: o,
                })
                .collect()
        }
    }
}

/// Ids and numbers out of any range the game knows.
fn malformed(mv: &Move) -> Option<String> {
    let bad = match *mv {
        Move::Place { member, space, .. } => member > NEUTRAL || space >= SPACES,
        Move::ChoosePrivilege { option } => option >= 5,
        Move::TakeBonusCard { space, .. } => space >= 16,
        Move::Exchange { building, option } => building >= 96 || option > 2,
        Move::PickLeader { leader }
        | Move::PlayLeader { leader }
        | Move::DiscardLeader { leader }
        | Move::CopyLeader { leader } => leader >= 20,
        Move::ActivateLeader { leader, member } => {
            leader >= 20 || member.is_some_and(|m| m >= NEUTRAL)
        }
        Move::PickBonusTile { tile } => !(1..=4).contains(&tile),
        _ => false,
    };
    bad.then(|| format!("{mv:?} names an unknown member, space, card, leader, tile or option"))
}

/// Exactly `legal_moves(s, seat).contains(mv)`, without listing every placement.
///
/// In the action phase, with no placement effect still resolving:
/// - one placement per turn, and passing only when no placement is possible
///   [B Aktionen, L104–106 / L116–118];
/// - leader actions before or after the placement, never in the middle of its
///   effects (hence `stack.is_empty()`) [Anfuehreraktionen, L531–533].
fn is_legal(s: &State, seat: usize, mv: &Move) -> bool {
    if let Phase::Actions { active, placed } = s.phase
        && s.stack.is_empty()
        && active as usize == seat
    {
        return match *mv {
            Move::Place {
                member,
                space,
                servants,
            } => !placed && check_place(s, seat, member, space, servants).is_ok(),
            Move::Pass => !placed && !crate::placement::any_placement(s, seat),
            Move::EndTurn => placed,
            Move::PlayLeader { .. }
            | Move::DiscardLeader { .. }
            | Move::ActivateLeader { .. }
            | Move::CopyLeader { .. } => leader_moves(s, seat).contains(mv),
            _ => false,
        };
    }
    legal_moves(s, seat).contains(mv)
}

fn why_illegal(s: &State, seat: usize, mv: &Move) -> String {
    match *mv {
        Move::Place {
            member,
            space,
            servants,
        } => match check_place(s, seat, member, space, servants) {
            Err(e) => e,
            Ok(_) => "a placement is not possible now".into(),
        },
        Move::TakeBonusCard { space, servants } if space < 16 => match s.stack.last() {
            Some(Decision::BonusTake { discount, .. }) => {
                check_take(s, seat, space, servants as i32, discount)
                    .err()
                    .map(|e| e.to_string())
                    .unwrap_or_else(|| "not a legal target or servant count".into())
            }
            _ => "no bonus action is pending".into(),
        },
        _ => "that move is not one of your legal moves now".into(),
    }
}

pub fn apply(s: &mut State, seat: usize, mv: &Move) -> Result<Vec<Scoped<Event>>, RuleError> {
    if matches!(s.phase, Phase::Over) {
        return Err(RuleError::game_over());
    }
    if seat >= s.n() || !pending(s).contains(&seat) {
        return Err(RuleError::not_your_decision(format!(
            "seat {seat} has no decision pending"
        )));
    }
    if let Some(why) = malformed(mv) {
        return Err(RuleError::malformed(why));
    }
    if !is_legal(s, seat, mv) {
        return Err(RuleError::illegal(why_illegal(s, seat, mv)));
    }
    let mut ev: Vec<Event> = Vec::new();
    let mut scoped: Vec<Scoped<Event>> = Vec::new();
    let st = seat as u8;
    match mv {
        Move::PickBonusTile { tile } => {
            let Phase::TileDraft { queue, available } = &mut s.phase else {
                unreachable!()
            };
            queue.remove(0);
            available.retain(|t| t != tile);
            let done = queue.is_empty();
            s.players[seat].tile = *tile;
            ev.push(Event::BonusTileChosen {
                seat: st,
                tile: *tile,
            });
            if done {
                start_leader_draft(s);
                flush(&mut scoped, &mut ev);
                if let Phase::LeaderDraft { packets, .. } = &s.phase {
                    for (i, p) in packets.iter().enumerate() {
                        scoped.push(Scoped::to_seat(
                            i,
                            Event::DraftPacket {
                                seat: i as u8,
                                leaders: p.clone(),
                            },
                        ));
                    }
                }
            }
        }
        Move::PickLeader { leader } => {
            let Phase::LeaderDraft { picked, .. } = &mut s.phase else {
                unreachable!()
            };
            picked[seat] = Some(*leader);
            let all = picked.iter().all(|p| p.is_some());
            scoped.push(Scoped::to_seat(
                seat,
                Event::LeaderPicked {
                    seat: st,
                    leader: Some(*leader),
                },
            ));
            scoped.push(Scoped::public(Event::LeaderPicked {
                seat: st,
                leader: None,
            }));
            if all {
                resolve_draft_pass(s, &mut ev);
                // Private halves: packets and forced last cards.
                for e in ev.drain(..) {
                    match &e {
                        Event::DraftPacket { seat, .. } => {
                            scoped.push(Scoped::to_seat(*seat as usize, e))
                        }
                        Event::LeaderPicked { seat, .. } => {
                            let p = *seat as usize;
                            scoped.push(Scoped::to_seat(p, e.clone()));
                        }
                        _ => scoped.push(Scoped::public(e)),
                    }
                }
            }
        }
        Move::SupportChurch { support: yes } => {
            if *yes {
                support(s, seat, &mut ev);
            } else {
                excommunicate(s, seat, &mut ev);
            }
            let Phase::Vatican { undecided } = &mut s.phase else {
                unreachable!()
            };
            undecided.retain(|&x| x != st);
            if undecided.is_empty() {
                vatican_done(s, &mut ev);
            }
        }
        Move::Place {
            member,
            space,
            servants,
        } => {
            let value =
                check_place(s, seat, *member, *space, *servants).map_err(RuleError::illegal)?;
            if let Phase::Actions { placed, .. } = &mut s.phase {
                *placed = true;
            }
            place(s, seat, *member, *space, *servants, value, &mut ev);
            settle(s, &mut ev);
        }
        Move::ChoosePrivilege { option } => {
            let Some(Decision::Privileges { left, taken, .. }) = s.stack.last_mut() else {
                unreachable!()
            };
            *left -= 1;
            *taken |= 1 << option;
            if *left == 0 {
                s.stack.pop();
            }
            crate::effects::grant(s, seat, privilege_gain(*option), false);
            ev.push(Event::PrivilegeChosen {
                seat: st,
                option: *option,
            });
            settle(s, &mut ev);
        }
        Move::ChooseCost { option } => {
            let Some(Decision::PayCard { space, options, .. }) = s.stack.pop() else {
                unreachable!()
            };
            finish_take(s, seat, space, options[*option as usize], &mut ev);
            settle(s, &mut ev);
        }
        Move::TakeBonusCard { space, servants } => {
            let Some(Decision::BonusTake { discount, .. }) = s.stack.pop() else {
                unreachable!()
            };
            s.players[seat].res.0[SERVANTS] -= *servants as i32;
            let f = fee(s, seat, *space);
            start_take(s, seat, *space, f, discount, &mut ev);
            settle(s, &mut ev);
        }
        Move::BonusWork { servants } => {
            let Some(Decision::BonusWork {
                harvest: h,
                value,
                leader,
                ..
            }) = s.stack.pop()
            else {
                unreachable!()
            };
            s.players[seat].res.0[SERVANTS] -= *servants as i32;
            let v = bonus_work_base(s, seat, h, value, leader)
                + *servants as i32 / servant_ratio(s, seat);
            if h {
                harvest(s, seat, v, &mut ev);
            } else {
                start_production(s, seat, v, &mut ev);
            }
            settle(s, &mut ev);
        }
        Move::Exchange { building, option } => {
            let Some(Decision::Exchanges {
                todo,
                chosen,
                value,
                ..
            }) = s.stack.last_mut()
            else {
                unreachable!()
            };
            chosen.push((*building, *option));
            todo.remove(0);
            if todo.is_empty() {
                let (value, chosen) = (*value, std::mem::take(chosen));
                s.stack.pop();
                finish_production(s, seat, value, chosen, &mut ev);
            }
            settle(s, &mut ev);
        }
        Move::Decline => {
            s.stack.pop();
            settle(s, &mut ev);
        }
        Move::PlayLeader { .. }
        | Move::DiscardLeader { .. }
        | Move::ActivateLeader { .. }
        | Move::CopyLeader { .. } => {
            apply_leader(s, seat, mv, &mut ev);
            settle(s, &mut ev);
        }
        Move::Pass => {
            s.players[seat].out = true;
            ev.push(Event::Passed { seat: st });
            next_turn(s, seat, &mut ev);
        }
        Move::EndTurn => {
            next_turn(s, seat, &mut ev);
        }
    }
    ev.push(Event::Supply {
        seat: st,
        res: s.players[seat].res,
    });
    flush(&mut scoped, &mut ev);
    Ok(scoped)
}

fn flush(scoped: &mut Vec<Scoped<Event>>, ev: &mut Vec<Event>) {
    for e in ev.drain(..) {
        let s = match e {
            Event::DraftPacket { seat, .. } => Scoped::to_seat(seat as usize, e),
            _ => Scoped::public(e),
        };
        scoped.push(s);
    }
}

pub fn describe(s: &State, seat: usize, mv: &Move) -> String {
    match *mv {
        Move::Place {
            member,
            space,
            servants,
        } => {
            let base = member_value(s, seat, member);
            let sv = if servants > 0 {
                format!(
                    " + {servants} servant{}",
                    if servants == 1 { "" } else { "s" }
                )
            } else {
                String::new()
            };
            let what = if space < 16 {
                s.towers[space as usize]
                    .map(|c| format!(": {}", card(c).name))
                    .unwrap_or_default()
            } else {
                String::new()
            };
            format!(
                "{} member ({base}){sv} to {}{what}",
                MEMBER_NAMES[member as usize],
                space_name(space)
            )
        }
        Move::ChoosePrivilege { option } => {
            format!("Council privilege: {}", privilege_gain(option).describe())
        }
        Move::ChooseCost { option } => match s.stack.last() {
            Some(Decision::PayCard { options, space, .. }) if (option as usize) < options.len() => {
                let name = s.towers[*space as usize]
                    .map(|c| card(c).name.as_str())
                    .unwrap_or("the card");
                format!("Pay {} for {name}", options[option as usize].describe())
            }
            _ => format!("Cost option {option}"),
        },
        Move::TakeBonusCard { space, servants } => {
            let name = s.towers[space as usize]
                .map(|c| card(c).name.as_str())
                .unwrap_or("?");
            format!(
                "Bonus action: take {name} from {}{}",
                space_name(space),
                if servants > 0 {
                    format!(" with {servants} servants")
                } else {
                    String::new()
                }
            )
        }
        Move::BonusWork { servants } => {
            let what = match s.stack.last() {
                Some(Decision::BonusWork { harvest: true, .. }) => "harvest",
                _ => "production",
            };
            format!("Bonus {what} with {servants} extra servants")
        }
        Move::Exchange { building, option } => {
            let c = card(building);
            if option == 0 {
                format!("{}: no exchange", c.name)
            } else {
                let e = &c.production.exchange[option as usize - 1];
                let mut gain = e.gain.res().describe();
                if e.gain.privileges > 0 {
                    gain = format!("{gain} + {} council privilege", e.gain.privileges);
                }
                format!("{}: pay {} for {}", c.name, e.pay.res().describe(), gain)
            }
        }
        Move::Decline => "Decline the bonus action".into(),
        Move::SupportChurch { support } => {
            if support {
                "Support the Church".into()
            } else {
                "Refuse: accept excommunication".into()
            }
        }
        Move::PickLeader { leader } => format!("Keep leader {}", leader_def(leader).name),
        Move::PickBonusTile { tile } => {
            let b = crate::data::board();
            if (1..=4).contains(&tile) {
                let t = b.tile(tile);
                format!(
                    "Take personal bonus tile {tile} (harvest: {}; production: {})",
                    t.harvest.res().describe(),
                    t.production.res().describe()
                )
            } else {
                format!("Take personal bonus tile {tile}")
            }
        }
        Move::PlayLeader { leader } => format!("Play leader {}", leader_def(leader).name),
        Move::DiscardLeader { leader } => format!(
            "Discard leader {} for a council privilege",
            leader_def(leader).name
        ),
        Move::ActivateLeader { leader, member } => match member {
            Some(m) => format!(
                "Activate {}: {} member has value 6",
                leader_def(leader).name,
                MEMBER_NAMES[m as usize]
            ),
            None => format!("Activate {}", leader_def(leader).name),
        },
        Move::CopyLeader { leader } => {
            format!("Lorenzo de' Medici copies {}", leader_def(leader).name)
        }
        Move::Pass => "Pass (no placement possible)".into(),
        Move::EndTurn => "End the turn".into(),
    }
}
