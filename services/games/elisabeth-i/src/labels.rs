//! Labels a player can read for every move.

use crate::data::{SpaceId, data};
use crate::model::{DealPick, Move, Preference, State, UnitKind, major};

fn sp(x: SpaceId) -> &'static str {
    &data().space(x).name
}

fn card(c: crate::data::CardId) -> String {
    data().card(c).map_or(format!("card {}", c.0), |c| {
        format!("{} ({} CP)", c.title, c.cp)
    })
}

/// A major power's printed name, by its impulse index (every subsystem's
/// labels and prompts use this one).
pub fn power_name(p: u8) -> &'static str {
    major_name(major(p))
}

/// A power's printed name.
pub fn major_name(p: crate::data::Power) -> &'static str {
    &data().power(p).name
}

fn unit(k: UnitKind) -> &'static str {
    match k {
        UnitKind::Regular => "regular",
        UnitKind::Mercenary => "mercenary",
        UnitKind::Cavalry => "cavalry",
        UnitKind::Knights => "Knights of St. John",
        UnitKind::Morisco => "Morisco",
    }
}

fn owner(o: crate::data::PoolOwner) -> &'static str {
    use crate::data::PoolOwner as O;
    match o {
        O::Ottoman => "Ottoman",
        O::Spain => "Spanish",
        O::England => "English",
        O::France => "French",
        O::Hre => "Imperial",
        O::Dutch => "Dutch",
        O::Huguenot => "Huguenot",
        O::Ireland => "Irish",
        O::Papacy => "Papal",
        O::Portugal => "Portuguese",
        O::Scotland => "Scottish",
        O::Venice => "Venetian",
        O::Independent => "independent",
    }
}

fn ship(k: crate::model::ShipKind) -> &'static str {
    match k {
        crate::model::ShipKind::Galley => "galley",
        crate::model::ShipKind::Galleon => "galleon",
        crate::model::ShipKind::Corsair => "corsair",
        crate::model::ShipKind::Armada => "Armada",
    }
}

fn waters(w: crate::combat::naval_battle::Waters) -> String {
    match w {
        crate::combat::naval_battle::Waters::Port(x) => format!("the port of {}", sp(x)),
        crate::combat::naval_battle::Waters::Sea(z) => data().sea_zone(z).name.clone(),
    }
}

fn leader(l: u8) -> &'static str {
    &data().army_leaders[l as usize].name
}

pub fn describe(s: &State, mv: &Move) -> String {
    match mv {
        Move::Propose { to, deal } => match deal {
            DealPick::Peace => format!("Propose peace to {}", power_name(*to)),
            DealPick::Alliance => format!("Propose an alliance to {}", power_name(*to)),
            DealPick::GiveCards(n) => format!("Offer {n} random card(s) to {}", power_name(*to)),
            DealPick::GiveTreasures(n) => {
                format!("Offer {n} random treasure(s) to {}", power_name(*to))
            }
            DealPick::ReturnLeader(l) => format!(
                "Offer to return {} to {}",
                data().army_leaders[*l as usize].name,
                power_name(*to)
            ),
            DealPick::Cede(sp) => {
                format!(
                    "Offer to cede {} to {}",
                    data().space(*sp).name,
                    power_name(*to)
                )
            }
            DealPick::Mercenaries { n, from, to: cap } => format!(
                "Offer {n} mercenaries from {} to {} (into {})",
                from.map_or("Mercenaries for Hire".to_string(), |f| data()
                    .space(f)
                    .name
                    .clone()),
                power_name(*to),
                data().space(*cap).name
            ),
            DealPick::ShipLoan {
                port,
                kind,
                n,
                admiral,
            } => format!(
                "Offer an alliance lending {n} {}(s) of {}{} to {}",
                ship(*kind),
                data().space(*port).name,
                admiral.map_or(String::new(), |a| format!(
                    " with {}",
                    data().naval_leaders[a as usize].name
                )),
                power_name(*to)
            ),
            DealPick::Marriage(c) => format!(
                "Propose to {} the marriage of {} and {}",
                power_name(*to),
                crate::royals::nobles::info(c.groom).name,
                crate::royals::nobles::info(c.bride).name
            ),
        },
        Move::Ask { from, deal } => {
            let me = match s.stack.last() {
                Some(crate::model::Frame::Negotiate { who }) => *who,
                _ => *from,
            };
            format!(
                "Announce that {} agrees: {}",
                power_name(*from),
                describe(
                    s,
                    &Move::Propose {
                        to: me,
                        deal: *deal
                    }
                )
            )
        }
        Move::Announce => format!(
            "Announce the {} clause(s) drafted ({})",
            s.draft.len(),
            if s.draft.len() > 1 {
                "a bundle ratified whole"
            } else {
                "a single agreement"
            }
        ),
        Move::Accept => "Confirm the announcement".into(),
        Move::Reject => "Reject the announcement".into(),
        Move::Ransom { leader } => format!("Ransom {}", data().army_leaders[*leader as usize].name),
        Move::DeclareWarOn { target } => format!("Declare war on {}", power_name(*target)),
        Move::PayWith { card: c } => format!("Pay with {}", card(*c)),
        Move::Done => match s.stack.last() {
            Some(crate::model::Frame::Respond { .. }) => "Do not play a card".into(),
            Some(crate::model::Frame::Intercept { .. }) => "Do not intercept".into(),
            Some(crate::model::Frame::Avoid { .. }) => "Do not avoid battle".into(),
            Some(crate::model::Frame::Withdraw { .. }) => "Fight in the field".into(),
            Some(crate::model::Frame::MoveOn { .. }) => "Go back for free".into(),
            Some(crate::model::Frame::NavalOrders { .. }) => "Carry out the naval move".into(),
            Some(crate::model::Frame::Transport { .. }) => "Call the transport off".into(),
            Some(crate::model::Frame::Combat(_)) => "Done".into(),
            Some(crate::model::Frame::Majors(crate::majors::Frame::ForeignCommit { .. })) => {
                "Send no more units to the foreign war".into()
            }
            _ => "Done".into(),
        },
        Move::Assault { space } => format!("Assault {} (1 CP)", sp(*space)),
        Move::PlayCard { card: c } => format!("Play {}", card(*c)),
        Move::InterceptFrom { space } => format!("Intercept from {}", sp(*space)),
        Move::AvoidTo { space } => format!("Avoid battle to {}", sp(*space)),
        Move::Withdraw => "Withdraw into the fortifications".into(),
        Move::Lose {
            owner: o,
            kind,
            part,
        } => format!(
            "Lose a {} {}{}",
            owner(*o),
            unit(*kind),
            if *part == 1 {
                " (from the fortress)"
            } else {
                ""
            }
        ),
        Move::Garrison { owner: o, kind, .. } => {
            format!("Put a {} {} into the fortress", owner(*o), unit(*kind))
        }
        Move::GarrisonLeader { leader: l } => format!("Put {} into the fortress", leader(*l)),
        Move::Join { owner: o, kind } => {
            format!(
                "A {} {} from the fortress joins the battle",
                owner(*o),
                unit(*kind)
            )
        }
        Move::JoinLeader { leader: l } => {
            format!("{} joins the battle from the fortress", leader(*l))
        }
        Move::RetreatTo { space } => format!("Retreat to {}", sp(*space)),
        Move::NavalMove => "Naval move (1 CP)".into(),
        Move::Pirate { zone, target } => format!(
            "Piracy in {} against {} (2 CP)",
            data().sea_zone(*zone).name,
            power_name(*target)
        ),
        Move::GiveShip { at, owner: o, kind } => {
            format!("Give up a {} {} in {}", owner(*o), ship(*kind), waters(*at))
        }
        Move::GiveCard => "Let the pirate draw a random card".into(),
        Move::GiveVp => "Give the pirate a piracy VP".into(),
        Move::Transport { space } => format!("Naval transport from {}", sp(*space)),
        Move::ShipTo { to } => match to {
            crate::combat::naval_battle::Waters::Sea(_) => {
                format!("Carry the formation to {} (1 CP)", waters(*to))
            }
            crate::combat::naval_battle::Waters::Port(x) => {
                format!("Land the formation at {}", sp(*x))
            }
        },
        Move::Sail { from, kind, to } => format!(
            "Sail a {} from {} to {}",
            ship(*kind),
            waters(*from),
            waters(*to)
        ),
        Move::NavalIntercept { from, into } => {
            format!("Intercept from {} into {}", waters(*from), waters(*into))
        }
        Move::NavalAvoid { from, to } => {
            format!("Avoid battle from {} to {}", waters(*from), waters(*to))
        }
        Move::Galleasses { side } => format!(
            "Play Galleasses for the {}",
            if *side == 0 { "attacker" } else { "defender" }
        ),
        Move::Sink { owner: o, kind } => format!("Lose a {} {}", owner(*o), ship(*kind)),
        Move::NavalRetreat { to } => format!("Retreat the ships to {}", waters(*to)),
        Move::Prefer(p) => match p {
            Preference::Protestant => "Secretly prefer the Protestants".into(),
            Preference::Catholic => "Secretly prefer the Catholics".into(),
            Preference::Balanced => "Secretly prefer a balance".into(),
        },
        Move::PlaceLeaderIn { space } => format!("Place the leader in {}", sp(*space)),
        Move::SetAsideHome { card: c } => format!("Set {} aside", card(*c)),
        Move::DeployFrom { capital } => format!("Deploy a formation from {}", sp(*capital)),
        Move::AddUnit(k) => format!("Add a {}", unit(*k)),
        Move::AddUnitOf { kind, owner: o } => format!("Add a {} {}", owner(*o), unit(*kind)),
        Move::AddLeader { leader } => format!("Add {}", data().army_leaders[*leader as usize].name),
        Move::Go { to } => match s.stack.last() {
            Some(crate::model::Frame::Formation {
                purpose: crate::model::Purpose::Intercept { .. },
                ..
            }) => format!("Try to intercept into {}", sp(*to)),
            Some(crate::model::Frame::Formation {
                purpose: crate::model::Purpose::Avoid { .. },
                ..
            }) => format!("Try to avoid battle to {}", sp(*to)),
            Some(crate::model::Frame::Formation {
                purpose: crate::model::Purpose::Assault,
                ..
            }) => format!("Assault {} with this formation", sp(*to)),
            Some(crate::model::Frame::MoveOn { .. }) => format!("Move on to {}", sp(*to)),
            Some(crate::model::Frame::Formation {
                purpose: crate::model::Purpose::Transport,
                ..
            }) => "Take this formation by sea".to_string(),
            _ => format!("Go to {}", sp(*to)),
        },
        Move::PlayCp { card: c } => format!("Play {} for CP", card(*c)),
        Move::PlayEvent { card: c } => format!("Play {} as event", card(*c)),
        Move::Pass => "Pass".into(),
        Move::MoveFrom { space } => format!("Move a formation from {}", sp(*space)),
        Move::Control { space } => format!("Take control of {} (1 CP)", sp(*space)),
        Move::RemoveUnrest { space } => format!("Remove unrest in {} (1 CP)", sp(*space)),
        Move::Raise { space, kind } => format!("Raise a {} in {}", unit(*kind), sp(*space)),
        Move::Build { space, kind } => format!("Build a {} in {}", ship(*kind), sp(*space)),
        Move::BuildFortress { space } => format!("Build a fortress in {} (2 CP)", sp(*space)),
        Move::EndActions => "End the impulse".into(),
        Move::HreMercenaries => "Two mercenaries to the capital".into(),
        Move::HreForHire => "Set Mercenaries for Hire to 4".into(),
        Move::Religion(m) => crate::religion::describe(s, m),
        Move::Espionage(m) => crate::espionage::describe(s, m),
        Move::Royals(m) => crate::royals::describe(s, m),
        Move::Patronage(m) => crate::patronage::describe(s, m),
        Move::World(m) => crate::world::describe(s, m),
        Move::Minors(m) => crate::minors::describe(s, m),
        Move::Majors(m) => crate::majors::describe(s, m),
        Move::Armada(m) => crate::armada::describe(s, m),
    }
}

/// One clause of an announcement in words: "France gives 2 random card(s) to England".
pub fn clause(s: &State, c: &crate::diplomacy::announce::Clause) -> String {
    let offer = describe(
        s,
        &Move::Propose {
            to: c.to,
            deal: DealPick::of(c.deal.clone()),
        },
    );
    format!("{}: {offer}", power_name(c.from))
}

/// The prompt of a confirmation ([9.1] L676).
pub fn announcement(s: &State, id: u16) -> String {
    let Some(a) = crate::diplomacy::announce::get(s, id) else {
        return String::new();
    };
    let who = match s.stack.last() {
        Some(crate::model::Frame::Confirm { who, .. }) => *who,
        _ => a.by,
    };
    let parts: Vec<String> = a.clauses.iter().map(|c| clause(s, c)).collect();
    format!(
        "{}: {} announced {} [{}]. Confirm or reject",
        power_name(who),
        power_name(a.by),
        if a.clauses.len() > 1 {
            "a bundle ratified whole"
        } else {
            "an agreement"
        },
        parts.join("; ")
    )
}
