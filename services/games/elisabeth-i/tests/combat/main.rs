//! The combat procedures (seed 14-16): worked examples, edge cases (digest 8.8-8.10) and
//! rulings (RULINGS.md C-entries), driven through the public API with scripted dice.

mod field;
mod naval;
mod piracy;
mod rulings;
mod siege;

use signoria_elisabeth_i::combat::retreat::{Neighbourhood, SpaceFacts};
use signoria_elisabeth_i::combat::{Contingent, Leader, Relations};
use signoria_elisabeth_i::data::{Power, SpaceId, data};

pub fn sp(key: &str) -> SpaceId {
    data()
        .space_id(key)
        .unwrap_or_else(|| panic!("no space {key}"))
}

/// Neighbours of `space` controlled by `owner`, empty and calm, except as `tweak` says.
pub fn around(space: &str, owner: Power, tweak: impl Fn(&mut SpaceFacts)) -> Neighbourhood {
    Neighbourhood::build(
        sp(space),
        owner,
        |_| Some(owner),
        |s| {
            let mut f = SpaceFacts {
                space: s,
                unrest: false,
                controller: Some(owner),
                land_powers: Vec::new(),
                closed_to: Vec::new(),
            };
            tweak(&mut f);
            f
        },
    )
}

pub fn war(pairs: &[(Power, Power)]) -> Relations {
    Relations {
        wars: pairs.to_vec(),
        alliances: Vec::new(),
    }
}

pub fn leader(id: &str, battle: u8, command: u8) -> Leader {
    Leader {
        id: id.into(),
        battle,
        command,
    }
}

pub fn army(p: Power, regulars: u8) -> Contingent {
    Contingent::new(p).with(signoria_elisabeth_i::combat::LandKind::Regular, regulars)
}
