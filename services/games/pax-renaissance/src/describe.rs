//! Readable move labels.

use signoria_engine::Seat;

use crate::board::{
    self, border_name, card_name, city_name, map_name, member_name, piece_name, token_name,
};
use crate::data;
use crate::model::*;

fn agent_name(a: Agent) -> String {
    match a {
        Agent::Bishop(r) => format!("{} bishop", r.colour()),
        Agent::Knight(r) => format!("{} knight", r.colour()),
        Agent::Rook(r) => format!("{} rook", r.colour()),
        Agent::Pirate(r) => format!("{} pirate", r.colour()),
        Agent::Pawn => "pawn".into(),
    }
}

fn spot_name(spot: Spot) -> String {
    match spot {
        Spot::City(c) => city_name(c).to_string(),
        Spot::Replace(c, p) => format!("{} (repressing a {})", city_name(c), piece_name(p)),
        Spot::Border(b) => format!("border {}", border_name(b)),
        Spot::Tableau(m) => member_name(m),
    }
}

fn fighter_name(f: Fighter) -> String {
    match f {
        Fighter::Agent(p) => format!("{} agent", piece_name(p)),
        Fighter::AgentPawn => "pawn agent".into(),
        Fighter::City(c, p) => format!("{} in {}", piece_name(p), city_name(c)),
        Fighter::Border(b) => format!("token on border {}", border_name(b)),
        Fighter::Repressed(t) => format!("repressed {}", token_name(t)),
    }
}

fn target_name(t: Target) -> String {
    match t {
        Target::Bishop { from, to } => {
            format!("bishop from {} to {}", member_name(from), member_name(to))
        }
        Target::Market { row, col } => format!("a florin from {} market column {col}", row.name()),
        Target::Card(m) => member_name(m),
        Target::Tax { border, map } => format!(
            "the concession on {} for {}",
            border_name(border),
            map_name(map)
        ),
        Target::City(c, p) => format!("the {} in {}", piece_name(p), city_name(c)),
        Target::Border { border, map } => {
            format!("the token on {} ({})", border_name(border), map_name(map))
        }
        Target::Empire(e) => format!("{} empire", map_name(e)),
        Target::Corsair { from, to } => {
            format!("pirate from {} to {}", border_name(from), border_name(to))
        }
        Target::Map(m) => map_name(m).to_string(),
    }
}

fn victory_name(v: u8) -> &'static str {
    VICTORIES.get(v as usize).copied().unwrap_or("(unknown)")
}

/// A label for any move, legal or not (ids the data does not know get a
/// placeholder).
pub fn describe(s: &State, seat: Seat, mv: &Move) -> String {
    let _ = seat;
    match *mv {
        Move::Buy { row, col } => match s.market[row.index()]
            .get(col as usize)
            .and_then(|c| c.as_ref())
        {
            Some(mc) => format!(
                "buy {} ({} market, {col} florins)",
                card_name(mc.card),
                row.name()
            ),
            None => format!("buy {} market column {col}", row.name()),
        },
        Move::Play { card, oneshot, map } => {
            let mut l = format!("play {}", card_name(card));
            if oneshot {
                l.push_str(" with its one-shot");
            } else if data::cards()
                .all
                .get(card as usize)
                .is_some_and(|d| d.is_queen())
            {
                l.push_str(" as a spinster");
            }
            if let Some(m) = map {
                l.push_str(&format!(" in {}", map_name(m)));
            }
            l
        }
        Move::Crown { card, empire } => format!(
            "crown {} with the King of {}",
            card_name(card),
            map_name(empire)
        ),
        Move::Sell { member } => format!("sell {}", member_name(member)),
        Move::SellHand { card } => format!("sell {} from hand", card_name(card)),
        Move::Ops { side } => format!("{} ops", side.name()),
        Move::TradeFair { row } => format!("{} trade fair", row.name()),
        Move::DeclareVictory { victory } => {
            format!("declare the {} victory", victory_name(victory))
        }
        Move::EndTurn => "end the turn".into(),
        Move::Op { member, op, target } => {
            let known = match member {
                Member::Card(c) => (c as usize) < data::cards().all.len(),
                Member::Empire(e) => (e as usize) < s.empires.len(),
            };
            let o = known
                .then(|| board::member_ops(s, member))
                .and_then(|ops| ops.get(op as usize).map(|o| o.name()))
                .unwrap_or("?");
            format!("{}: {o} {}", member_name(member), target_name(target))
        }
        Move::EndOps => "end the ops".into(),
        Move::ActivateVictory { victory } => {
            format!("activate the {} victory", victory_name(victory))
        }
        Move::Discard { card } => format!("discard {} from hand", card_name(card)),
        Move::PlaceAgent { spot } => match s.stack.last() {
            Some(Task::Agents { agents, .. }) if agents.len() > 1 => format!(
                "place the {} agent on {}",
                agent_name(agents[0]),
                spot_name(spot)
            ),
            _ => format!("place the agent on {}", spot_name(spot)),
        },
        Move::PlaceOtherAgent { agent, spot } => match s.stack.last() {
            Some(Task::Agents { agents, .. }) if (agent as usize) < agents.len() => format!(
                "place the {} agent first, on {}",
                agent_name(agents[agent as usize]),
                spot_name(spot)
            ),
            _ => format!("place agent {agent} on {}", spot_name(spot)),
        },
        Move::SkipAgent => "do not place this agent".into(),
        Move::Pacify { token: None, .. } => "kill no repressed token".into(),
        Move::Pacify {
            token: Some(t),
            empire: None,
        } => format!("pacify: kill the repressed {}", token_name(t)),
        Move::Pacify {
            token: Some(t),
            empire: Some(e),
        } => format!(
            "pacify: kill the repressed {} on the {} empire card",
            token_name(t),
            map_name(e)
        ),
        Move::PayTax => "pay the tax (1 florin)".into(),
        Move::RefuseTax => "refuse the tax (the concession is repressed)".into(),
        Move::Levy { city } => format!("levy in {}", city_name(city)),
        Move::TakeRepressed { empire } => match s.stack.last() {
            Some(Task::Substitute { token, .. }) => format!(
                "use the repressed {} from the {} empire card",
                token_name(*token),
                map_name(empire)
            ),
            _ => format!(
                "use a repressed token from the {} empire card",
                map_name(empire)
            ),
        },
        Move::JoinRooks { join: true } => {
            "use the white rooks as knights (Knights Hospitaller)".into()
        }
        Move::JoinRooks { join: false } => "crusade without the Hospitallers' rooks".into(),
        Move::Casualty { fighter } => format!("casualty: {}", fighter_name(fighter)),
        Move::PlaceSurvivor { fighter, spot } => {
            format!("survivor {} to {}", fighter_name(fighter), spot_name(spot))
        }
        Move::FlipMap { flip } => {
            if flip {
                "flip the theocracy".into()
            } else {
                "keep the map side".into()
            }
        }
        Move::Concession { border: Some(b) } => format!("concession on {}", border_name(b)),
        Move::Concession { border: None } => "no concession".into(),
        Move::Liberate { token, spot } => {
            format!("liberate the {} to {}", token_name(token), spot_name(spot))
        }
        Move::EndLiberation => "liberate no more".into(),
    }
}
