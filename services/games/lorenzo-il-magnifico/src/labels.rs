//! Move labels a person can read.

use crate::data::{card, leader as leader_def};
use crate::effects::privilege_gain;
use crate::model::*;
use crate::value::member_value;

/// A short label for a legal move of `seat`.
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
        Move::ChooseCost { option } => match s.top() {
            Some(Frame::PayCard { options, space, .. }) if (option as usize) < options.len() => {
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
            let what = match s.top() {
                Some(Frame::BonusWork { harvest: true, .. }) => "harvest",
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
