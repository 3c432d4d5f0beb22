//! Leader cards (advanced game): discard for a privilege, play when the
//! requirement is met, activate once-per-round abilities; permanent abilities
//! are looked up where they act (`value`, `towers`, `effects`, `vatican`)
//! [Anfuehrerkarten L484–549; appendix L565–707].

use crate::data::leader as leader_def;
use crate::effects::{grant, push_privileges};
use crate::model::*;
use crate::value::leader;

/// Requirements are checked, never paid [L519].
pub fn requirement_met(s: &State, seat: usize, l: u8) -> bool {
    let need = &leader_def(l).need;
    let p = &s.players[seat];
    let counts: Vec<usize> = p.cards.iter().map(|c| c.len()).collect();
    let by_kind = need.cards.by_kind();
    (0..4).all(|k| counts[k] >= by_kind[k])
        && p.res.covers(&need.res.res())
        && (need.same_type == 0 || counts.iter().any(|&c| c >= need.same_type))
}

/// The once-per-round ability behind a played leader (Lorenzo: the copied one).
pub fn ability_of(s: &State, seat: usize, l: u8) -> Option<u8> {
    let real = if l == leader::LORENZO {
        s.players[seat].copy?
    } else {
        l
    };
    leader_def(real).once_per_round.as_ref().map(|_| real)
}

/// Is any leader action possible for the seat ([`leader_moves`] not empty),
/// without listing them: asked whenever the turn might end.
pub fn any_leader_move(s: &State, seat: usize) -> bool {
    if !s.advanced {
        return false;
    }
    let p = &s.players[seat];
    // A leader in hand can always be discarded [L535–537].
    if !p.hand.is_empty() {
        return true;
    }
    let unplaced_coloured = (0..NEUTRAL).any(|m| p.placed & (1 << m) == 0);
    let ability = p.leaders.iter().any(|&l| {
        p.used & (1 << l) == 0
            && ability_of(s, seat, l).is_some_and(|a| a != leader::FEDERICO || unplaced_coloured)
    });
    ability
        || (p.leaders.contains(&leader::LORENZO)
            && p.copy.is_none()
            && (0..s.n())
                .any(|o| o != seat && s.players[o].leaders.iter().any(|&l| l != leader::LORENZO)))
}

/// Leader actions of the seat whose turn it is (nothing resolving), in a fixed order.
pub fn leader_moves(s: &State, seat: usize) -> Vec<Move> {
    let mut out = Vec::new();
    if !s.advanced {
        return out;
    }
    let p = &s.players[seat];
    let mut hand = p.hand.clone();
    hand.sort_unstable();
    for &l in &hand {
        if requirement_met(s, seat, l) {
            out.push(Move::PlayLeader { leader: l });
        }
    }
    for &l in &hand {
        out.push(Move::DiscardLeader { leader: l });
    }
    for &l in &p.leaders {
        if p.used & (1 << l) != 0 {
            continue;
        }
        let Some(a) = ability_of(s, seat, l) else {
            continue;
        };
        if a == leader::FEDERICO {
            for m in 0..NEUTRAL {
                if p.placed & (1 << m) == 0 {
                    out.push(Move::ActivateLeader {
                        leader: l,
                        member: Some(m),
                    });
                }
            }
        } else {
            out.push(Move::ActivateLeader {
                leader: l,
                member: None,
            });
        }
    }
    if p.leaders.contains(&leader::LORENZO) && p.copy.is_none() {
        let mut others: Vec<u8> = (0..s.n())
            .filter(|&o| o != seat)
            .flat_map(|o| s.players[o].leaders.iter().copied())
            .filter(|&l| l != leader::LORENZO)
            .collect();
        others.sort_unstable();
        others.dedup();
        for l in others {
            out.push(Move::CopyLeader { leader: l });
        }
    }
    out
}

/// Carry out a listed leader action.
pub fn apply_leader(s: &mut State, seat: usize, mv: &Move, events: &mut Vec<Event>) {
    let st = seat as u8;
    match *mv {
        Move::PlayLeader { leader: l } => {
            let p = &mut s.players[seat];
            p.hand.retain(|&x| x != l);
            p.leaders.push(l);
            events.push(Event::LeaderPlayed {
                seat: st,
                leader: l,
            });
        }
        Move::DiscardLeader { leader: l } => {
            // One council privilege per discarded leader [L535–537].
            s.players[seat].hand.retain(|&x| x != l);
            events.push(Event::LeaderDiscarded {
                seat: st,
                leader: l,
            });
            push_privileges(s, seat, 1);
        }
        Move::CopyLeader { leader: l } => {
            s.players[seat].copy = Some(l);
            events.push(Event::LeaderCopied {
                seat: st,
                leader: l,
            });
        }
        Move::ActivateLeader { leader: l, member } => {
            s.players[seat].used |= 1 << l;
            events.push(Event::LeaderActivated {
                seat: st,
                leader: l,
            });
            let a = ability_of(s, seat, l).expect("listed");
            let def = leader_def(a)
                .once_per_round
                .as_ref()
                .expect("once per round");
            if let Some(v) = def.harvest {
                s.stack.push(Frame::BonusWork {
                    seat: st,
                    harvest: true,
                    value: v,
                    leader: true,
                });
            } else if let Some(v) = def.production {
                s.stack.push(Frame::BonusWork {
                    seat: st,
                    harvest: false,
                    value: v,
                    leader: true,
                });
            } else if let Some(g) = def.gain {
                grant(s, seat, g.res(), false);
                push_privileges(s, seat, g.privileges);
            } else if def.member_six {
                s.players[seat].federico = member;
            }
            // coloured_plus_two (Lucrezia): `value::active_this_round` reads the used bit.
        }
        _ => unreachable!("not a leader action"),
    }
}
