//! The decision frames: who decides on each frame, every choice it offers,
//! the fast legality check, what a choice does and the automatic steps.

use signoria_engine::{RuleError, Scoped, Seat};

use crate::data::card;
use crate::draft::{deal_leaders, pass_packets, pick_leader, pick_tile};
use crate::effects::{grant, privilege_gain};
use crate::flow::{decide_support, end_round, next_turn};
use crate::leaders::{any_leader_move, apply_leader, leader_moves};
use crate::model::*;
use crate::placement::{any_placement, check_place, place, placements, servant_options};
use crate::towers::{check_take, fee, finish_take, floor_value, start_take, tower_kind};
use crate::value::*;
use crate::work::{exchange_options, finish_production, harvest, start_production};

/// Seats that decide on `frame`: none when it is an automatic step (a draft
/// or report everybody has decided, a turn that is over).
pub fn deciders(s: &State, frame: &Frame) -> Vec<Seat> {
    match frame {
        Frame::TileDraft { queue, .. } => queue.first().map(|&q| q as usize).into_iter().collect(),
        Frame::LeaderDraft { picked, .. } => (0..s.n()).filter(|&i| picked[i].is_none()).collect(),
        Frame::Vatican { undecided } => {
            let mut v: Vec<usize> = undecided.iter().map(|&x| x as usize).collect();
            v.sort_unstable();
            v
        }
        // After the placement the turn goes on only while a leader action is
        // possible [Anfuehreraktionen L531–533; RULINGS.md R16].
        &Frame::Turn { seat, placed } => {
            if placed && !any_leader_move(s, seat as usize) {
                vec![]
            } else {
                vec![seat as usize]
            }
        }
        Frame::Privileges { seat, .. }
        | Frame::PayCard { seat, .. }
        | Frame::BonusTake { seat, .. }
        | Frame::BonusWork { seat, .. }
        | Frame::Exchanges { seat, .. } => vec![*seat as usize],
    }
}

/// Every choice of `seat` on `frame`, in a fixed order.
pub fn choices(s: &State, frame: &Frame, seat: Seat) -> Vec<Move> {
    match frame {
        Frame::TileDraft { available, .. } => available
            .iter()
            .map(|&t| Move::PickBonusTile { tile: t })
            .collect(),
        Frame::LeaderDraft { packets, .. } => {
            let mut p = packets[seat].clone();
            p.sort_unstable();
            p.into_iter()
                .map(|l| Move::PickLeader { leader: l })
                .collect()
        }
        Frame::Vatican { .. } => vec![
            Move::SupportChurch { support: true },
            Move::SupportChurch { support: false },
        ],
        // One placement per turn, passing only when no placement is possible
        // [B Aktionen, L104–106 / L116–118]; leader actions before or after it.
        Frame::Turn { placed: false, .. } => {
            let mut v = placements(s, seat);
            let none = v.is_empty();
            v.extend(leader_moves(s, seat));
            if none {
                v.push(Move::Pass);
            }
            v
        }
        Frame::Turn { placed: true, .. } => {
            let mut v = leader_moves(s, seat);
            v.push(Move::EndTurn);
            v
        }
        Frame::Privileges { taken, .. } => (0..5u8)
            .filter(|o| taken & (1 << o) == 0)
            .map(|o| Move::ChoosePrivilege { option: o })
            .collect(),
        Frame::PayCard { options, .. } => (0..options.len() as u8)
            .map(|o| Move::ChooseCost { option: o })
            .collect(),
        Frame::BonusTake {
            kinds,
            value,
            discount,
            ..
        } => {
            let mut v = bonus_take_moves(s, seat, *kinds, *value, discount);
            v.push(Move::Decline);
            v
        }
        Frame::BonusWork {
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
        Frame::Exchanges { todo, chosen, .. } => {
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

/// What `frame` asks, in a few words.
pub fn prompt(s: &State, frame: &Frame) -> String {
    match frame {
        Frame::TileDraft { .. } => "choose your personal bonus tile".into(),
        Frame::LeaderDraft { .. } => "keep one leader of your packet".into(),
        Frame::Turn { placed: false, .. } => {
            if s.advanced {
                "place a family member (leader actions before or after)".into()
            } else {
                "place a family member".into()
            }
        }
        Frame::Turn { placed: true, .. } => "take leader actions or end your turn".into(),
        Frame::Vatican { .. } => "support the Church or accept excommunication".into(),
        Frame::Privileges { left, .. } => {
            if *left == 1 {
                "choose a council privilege".into()
            } else {
                format!("choose {left} different council privileges")
            }
        }
        Frame::PayCard { space, .. } => {
            let name = s.towers[*space as usize]
                .map(|c| card(c).name.as_str())
                .unwrap_or("the card");
            format!("choose how to pay for {name}")
        }
        Frame::BonusTake { kinds, value, .. } => {
            let names: Vec<&str> = Kind::ALL
                .iter()
                .filter(|k| kinds & (1 << k.idx()) != 0)
                .map(|k| k.name())
                .collect();
            let what = if names.len() == 4 {
                "any".into()
            } else {
                names.join(" or ")
            };
            format!("bonus action: take a {what} card of value {value}, or decline")
        }
        Frame::BonusWork { harvest, value, .. } => format!(
            "bonus {} of value {value}: add servants or decline",
            if *harvest { "harvest" } else { "production" }
        ),
        Frame::Exchanges { todo, .. } => {
            format!("production: choose the exchange of {}", card(todo[0]).name)
        }
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

/// Whether `seat` (a decider of the top frame) may make `mv`: exactly
/// `choices(..).contains(mv)`, without listing every placement of a turn.
pub fn check(s: &State, seat: usize, mv: &Move) -> Result<(), RuleError> {
    if let Some(why) = malformed(mv) {
        return Err(RuleError::malformed(why));
    }
    if is_legal(s, seat, mv) {
        Ok(())
    } else {
        Err(RuleError::illegal(why_illegal(s, seat, mv)))
    }
}

/// On a turn: one placement, and passing only when no placement is possible
/// [B Aktionen, L104–106 / L116–118]; leader actions before or after the
/// placement, never in the middle of its effects (a decision frame is on top
/// then) [Anfuehreraktionen, L531–533].
fn is_legal(s: &State, seat: usize, mv: &Move) -> bool {
    let Some(top) = s.top() else {
        return false;
    };
    if let Frame::Turn { placed, .. } = *top {
        return match *mv {
            Move::Place {
                member,
                space,
                servants,
            } => !placed && check_place(s, seat, member, space, servants).is_ok(),
            Move::Pass => !placed && !any_placement(s, seat),
            Move::EndTurn => placed,
            Move::PlayLeader { .. }
            | Move::DiscardLeader { .. }
            | Move::ActivateLeader { .. }
            | Move::CopyLeader { .. } => leader_moves(s, seat).contains(mv),
            _ => false,
        };
    }
    choices(s, top, seat).contains(mv)
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
        Move::TakeBonusCard { space, servants } if space < 16 => match s.top() {
            Some(Frame::BonusTake { discount, .. }) => {
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

/// Who may see an event: draft packets and named picks go to their seat only,
/// everything else to everybody.
pub fn scope(e: Event) -> Scoped<Event> {
    match e {
        Event::DraftPacket { seat, .. }
        | Event::LeaderPicked {
            seat,
            leader: Some(_),
        } => Scoped::to_seat(seat as usize, e),
        _ => Scoped::public(e),
    }
}

/// Carry out a checked choice of `seat` on the top frame.
pub fn resolve(s: &mut State, seat: usize, mv: &Move, out: &mut Vec<Scoped<Event>>) {
    let mut ev: Vec<Event> = Vec::with_capacity(8);
    let st = seat as u8;
    match *mv {
        Move::PickBonusTile { tile } => pick_tile(s, seat, tile, &mut ev),
        Move::PickLeader { leader } => pick_leader(s, seat, leader, &mut ev),
        Move::SupportChurch { support } => decide_support(s, seat, support, &mut ev),
        Move::Place {
            member,
            space,
            servants,
        } => {
            let value = check_place(s, seat, member, space, servants).expect("checked");
            if let Some(Frame::Turn { placed, .. }) = s.stack.last_mut() {
                *placed = true;
            }
            place(s, seat, member, space, servants, value, &mut ev);
        }
        Move::ChoosePrivilege { option } => {
            let Some(Frame::Privileges { left, taken, .. }) = s.stack.last_mut() else {
                unreachable!()
            };
            *left -= 1;
            *taken |= 1 << option;
            if *left == 0 {
                s.stack.pop();
            }
            grant(s, seat, privilege_gain(option), false);
            ev.push(Event::PrivilegeChosen { seat: st, option });
        }
        Move::ChooseCost { option } => {
            let Some(Frame::PayCard { space, options, .. }) = s.stack.pop() else {
                unreachable!()
            };
            finish_take(s, seat, space, options[option as usize], &mut ev);
        }
        Move::TakeBonusCard { space, servants } => {
            let Some(Frame::BonusTake { discount, .. }) = s.stack.pop() else {
                unreachable!()
            };
            s.players[seat].res.0[SERVANTS] -= servants as i32;
            let f = fee(s, seat, space);
            start_take(s, seat, space, f, discount, &mut ev);
        }
        Move::BonusWork { servants } => {
            let Some(Frame::BonusWork {
                harvest: h,
                value,
                leader,
                ..
            }) = s.stack.pop()
            else {
                unreachable!()
            };
            s.players[seat].res.0[SERVANTS] -= servants as i32;
            let v = bonus_work_base(s, seat, h, value, leader)
                + servants as i32 / servant_ratio(s, seat);
            if h {
                harvest(s, seat, v, &mut ev);
            } else {
                start_production(s, seat, v, &mut ev);
            }
        }
        Move::Exchange { building, option } => {
            let Some(Frame::Exchanges {
                todo,
                chosen,
                value,
                ..
            }) = s.stack.last_mut()
            else {
                unreachable!()
            };
            chosen.push((building, option));
            todo.remove(0);
            if todo.is_empty() {
                let (value, chosen) = (*value, std::mem::take(chosen));
                s.stack.pop();
                finish_production(s, seat, value, chosen, &mut ev);
            }
        }
        Move::Decline => {
            s.stack.pop();
        }
        Move::PlayLeader { .. }
        | Move::DiscardLeader { .. }
        | Move::ActivateLeader { .. }
        | Move::CopyLeader { .. } => apply_leader(s, seat, mv, &mut ev),
        Move::Pass => {
            s.players[seat].out = true;
            ev.push(Event::Passed { seat: st });
            next_turn(s, seat, &mut ev);
        }
        Move::EndTurn => next_turn(s, seat, &mut ev),
    }
    // Room for what the automatic steps add and the supply report, in one allocation.
    out.reserve(ev.len() + 8);
    out.extend(ev.into_iter().map(scope));
    // The automatic steps this choice sets off run here rather than after
    // `resolve` returns, so that the mover's supply, reported last, is the
    // one after all of them (the event order of every earlier release).
    signoria_engine::kernel::advance::<crate::LorenzoIlMagnifico>(s, out);
    out.push(Scoped::public(Event::Supply {
        seat: st,
        res: s.players[seat].res,
    }));
}

/// Run the top frame, which has no decider: the tile draft is over (deal the
/// leaders), every seat picked a leader (pass the packets), the turn is over
/// (the next seat's turn), or the Vatican report is decided (end the round).
pub fn auto(s: &mut State, out: &mut Vec<Scoped<Event>>) {
    let mut ev: Vec<Event> = Vec::with_capacity(8);
    match s.top() {
        Some(Frame::TileDraft { .. }) => deal_leaders(s, &mut ev),
        Some(Frame::LeaderDraft { .. }) => pass_packets(s, &mut ev),
        Some(&Frame::Turn { seat, .. }) => next_turn(s, seat as usize, &mut ev),
        Some(Frame::Vatican { .. }) => end_round(s, &mut ev),
        other => unreachable!("{other:?} always has a decider"),
    }
    out.extend(ev.into_iter().map(scope));
}
