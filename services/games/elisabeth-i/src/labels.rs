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

fn power(p: u8) -> &'static str {
    &data().power(major(p)).name
}

fn unit(k: UnitKind) -> &'static str {
    match k {
        UnitKind::Regular => "regular",
        UnitKind::Mercenary => "mercenary",
        UnitKind::Cavalry => "cavalry",
    }
}

pub fn describe(_s: &State, mv: &Move) -> String {
    match mv {
        Move::Propose { to, deal } => match deal {
            DealPick::Peace => format!("Propose peace to {}", power(*to)),
            DealPick::Alliance => format!("Propose an alliance to {}", power(*to)),
            DealPick::GiveCards(n) => format!("Offer {n} random card(s) to {}", power(*to)),
        },
        Move::Accept => "Accept the agreement".into(),
        Move::Reject => "Reject the agreement".into(),
        Move::Ransom { leader } => format!("Ransom {}", data().army_leaders[*leader as usize].name),
        Move::DeclareWarOn { target } => format!("Declare war on {}", power(*target)),
        Move::PayWith { card: c } => format!("Pay with {}", card(*c)),
        Move::Done => "Done".into(),
        Move::Prefer(p) => match p {
            Preference::Protestant => "Secretly prefer the Protestants".into(),
            Preference::Catholic => "Secretly prefer the Catholics".into(),
            Preference::Balanced => "Secretly prefer a balance".into(),
        },
        Move::PlaceLeaderIn { space } => format!("Place the leader in {}", sp(*space)),
        Move::SetAsideHome { card: c } => format!("Set {} aside", card(*c)),
        Move::DeployFrom { capital } => format!("Deploy a formation from {}", sp(*capital)),
        Move::AddUnit(k) => format!("Add a {}", unit(*k)),
        Move::AddLeader { leader } => format!("Add {}", data().army_leaders[*leader as usize].name),
        Move::Go { to } => format!("Go to {}", sp(*to)),
        Move::PlayCp { card: c } => format!("Play {} for CP", card(*c)),
        Move::PlayEvent { card: c } => format!("Play {} as event", card(*c)),
        Move::Pass => "Pass".into(),
        Move::MoveFrom { space } => format!("Move a formation from {}", sp(*space)),
        Move::Control { space } => format!("Take control of {} (1 CP)", sp(*space)),
        Move::RemoveUnrest { space } => format!("Remove unrest in {} (1 CP)", sp(*space)),
        Move::Raise { space, kind } => format!("Raise a {} in {}", unit(*kind), sp(*space)),
        Move::Build { space, kind } => format!("Build a {kind:?} in {}", sp(*space)).to_lowercase(),
        Move::BuildFortress { space } => format!("Build a fortress in {} (2 CP)", sp(*space)),
        Move::EndActions => "End the impulse".into(),
        Move::HreMercenaries => "Two mercenaries to the capital".into(),
        Move::HreForHire => "Set Mercenaries for Hire to 4".into(),
    }
}
