//! The science bonuses ([22.2]; their effects are the rules that name them): which are
//! offered, to whom ("useful to the taker", RULINGS I3), and the test of ownership the
//! other rules ask.
//!
//! - Observatory: +1 on its owner's scientist evaluations ([22.2], `evaluation`);
//! - Telescope: +1 on interception and avoid battle, on land and at sea ([13.2], [13.3],
//!   [16.1]);
//! - Ravelin: 2 defender dice instead of 1 in an assault on its owner ([15.1] step 4);
//! - Mercator projection: +1 on navigation rolls ([16.1]);
//! - Plantation: +1 on colony rolls ([8.4]) and a colony without the extra CP ([17.4]);
//! - Excavation: each failed Suez Canal attempt lowers the die needed by two ([23.1],
//!   `majors::ottoman`; RULINGS F6: only to the Ottomans, while the canal is unfinished).
//! - Dry Dock: its owner's eliminated ships go back to its pool at once instead of the
//!   turn track ([16.2] step 10 L1247, [17.3] L1406; `lost_ships`);
//! - Coastal fortification: Spain gets 2 fortress markers in the card phase instead of 1
//!   ([8.2] L618, `world::fortresses`; only to Spain, RULINGS I3).

use crate::data::Power;
use crate::model::{self, Pw, pw};

pub const OBSERVATORY: &str = "observatory";
pub const TELESCOPE: &str = "telescope";
pub const RAVELIN: &str = "ravelin";
pub const MERCATOR: &str = "mercator_projection";
pub const PLANTATION: &str = "plantation";
pub const EXCAVATION: &str = "excavation";
pub const DRY_DOCK: &str = "dry_dock";
pub const COASTAL_FORTIFICATION: &str = "coastal_fortification";

/// The science bonuses whose effect is implemented.
pub const BONUSES: &[&str] = &[
    OBSERVATORY,
    TELESCOPE,
    RAVELIN,
    MERCATOR,
    PLANTATION,
    EXCAVATION,
    DRY_DOCK,
    COASTAL_FORTIFICATION,
];

/// The power owning a bonus.
pub fn owner(s: &model::State, b: &str) -> Option<Pw> {
    s.patronage
        .bonuses
        .iter()
        .find(|(x, _)| x == b)
        .map(|(_, p)| *p)
}

/// Whether `p` owns the bonus.
pub fn has(s: &model::State, p: Pw, b: &str) -> bool {
    owner(s, b) == Some(p)
}

/// Whether the major `p` (a data power) owns the bonus (minor powers never do).
pub fn has_power(s: &model::State, p: Power, b: &str) -> bool {
    pw(p).is_some_and(|p| has(s, p, b))
}

/// +1 when `p` owns the bonus (the modifiers of Telescope, Mercator, Plantation).
pub fn plus(s: &model::State, p: Pw, b: &str) -> i32 {
    has(s, p, b) as i32
}

/// The owners of a bonus as data powers (for the procedures' inputs).
pub fn owners(s: &model::State, b: &str) -> Vec<Power> {
    owner(s, b).map(model::major).into_iter().collect()
}

/// [11]: a science-bonus treasure may be played while an unclaimed useful bonus is left.
pub fn treasure_playable(s: &model::State, p: Pw) -> bool {
    !super::evaluation::free_bonuses(s, p).is_empty()
}

/// [11]: the treasure's bonus is chosen at once, as if won by patronage.
pub fn from_treasure(s: &mut model::State, who: Pw) {
    s.stack
        .push(model::Frame::Patronage(super::Frame::Treasure { who }));
}

/// [22.2] "a bonus useful to its power" (RULINGS I3): the World-map bonuses only to the
/// powers that may outfit expeditions (Mercator: with a captain in the game) or found
/// colonies (Plantation); the others to every major.
pub fn useful(s: &model::State, p: Pw, b: &str) -> bool {
    match b {
        // Captains the player count removed do not count (RULINGS I5).
        MERCATOR => crate::data::data().captains.iter().any(|c| {
            c.powers.contains(&model::major(p))
                && !crate::world::voyage::removed(s.n() as u8, &c.id)
        }),
        // The Ottomans carry no colony while there is no Suez Canal (RULINGS W9).
        PLANTATION => {
            crate::world::voyage::colony_markers(p) > 0 && model::major(p) != Power::Ottoman
        }
        // [23.1]: its only effect is on the Ottomans' Suez Canal attempts (RULINGS F6).
        EXCAVATION => model::major(p) == Power::Ottoman,
        // [8.2]: only Spain places fortress markers.
        COASTAL_FORTIFICATION => model::major(p) == Power::Spain,
        _ => true,
    }
}
