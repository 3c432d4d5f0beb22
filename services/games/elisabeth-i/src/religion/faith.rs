//! Religious influence and the religious affiliation of units ([2.3], [18.1], [18.5]): the
//! questions the conversion and rebellion procedures ask.

use serde::{Deserialize, Serialize};

use crate::data::{PoolOwner, ReligiousZone, SpaceId, data};
use crate::model::State;

/// The two faiths of the religious struggle ([18.1]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Faith {
    Protestant,
    Catholic,
}

impl Faith {
    pub fn other(self) -> Faith {
        match self {
            Faith::Protestant => Faith::Catholic,
            Faith::Catholic => Faith::Protestant,
        }
    }
}

/// The four religious zones ([2.3]).
pub const ZONES: [ReligiousZone; 4] = [
    ReligiousZone::England,
    ReligiousZone::France,
    ReligiousZone::Netherlands,
    ReligiousZone::Scotland,
];

/// The religious influence of a space (outside the zones: its printed side, [2.3]).
pub fn faith(s: &State, x: SpaceId) -> Faith {
    if s.sp(x).protestant {
        Faith::Protestant
    } else {
        Faith::Catholic
    }
}

/// [18.5] "Einheiten und Religion": the faith of an owner's regulars (`ship` false) or
/// ships. Mercenaries and cavalry have none; neither have Ottoman, HRE and independent
/// units, Scottish ships and Irish ships (not listed).
pub fn unit_faith(owner: PoolOwner, ship: bool) -> Option<Faith> {
    use PoolOwner as O;
    match owner {
        O::England | O::Dutch | O::Huguenot => Some(Faith::Protestant),
        O::Scotland if !ship => Some(Faith::Protestant),
        O::Spain | O::France | O::Papacy | O::Portugal | O::Venice => Some(Faith::Catholic),
        O::Ireland if !ship => Some(Faith::Catholic),
        _ => None,
    }
}

/// Units of a faith in a space (regulars or ships; leaders are no units).
pub fn units_of_faith(s: &State, x: SpaceId, f: Faith) -> bool {
    s.sp(x).forces.iter().any(|fo| {
        (fo.troops.regulars > 0 && unit_faith(fo.owner, false) == Some(f))
            || (fo.ships.total() > 0 && unit_faith(fo.owner, true) == Some(f))
    })
}

/// Spaces of a zone under a faith (spaces in unrest count, [18.1]).
pub fn count_in_zone(s: &State, z: ReligiousZone, f: Faith) -> usize {
    data().zone_spaces(z).filter(|&x| faith(s, x) == f).count()
}

/// [18.1] core presence: a flip from `from` in zone `z` may happen only when it is not the
/// zone's last space of that faith.
pub fn may_flip_from(s: &State, z: ReligiousZone, from: Faith) -> bool {
    count_in_zone(s, z, from) > 1
}

/// Whether a space serves as the base of a conversion to `f`: of faith `f`, not in unrest,
/// and not flipped in the step under way (`fresh`: "at the start of this step", [18.5]).
fn base(s: &State, y: SpaceId, f: Faith, fresh: &[SpaceId]) -> bool {
    faith(s, y) == f && !s.sp(y).unrest && !fresh.contains(&y)
}

/// [18.5] condition 2: adjacent to a base space (any connection, passes and inland
/// waterways included, [2.5]), or a port on a sea zone holding another base port
/// (Antwerp and Rotterdam count as North Sea ports, [16.7]).
pub fn next_to_base(s: &State, x: SpaceId, f: Faith, fresh: &[SpaceId]) -> bool {
    let d = data();
    if d.neighbours(x).any(|(y, _)| base(s, y, f, fresh)) {
        return true;
    }
    let ports = &d.space(x).ports;
    !ports.is_empty()
        && d.space_ids().any(|y| {
            y != x && d.space(y).ports.iter().any(|z| ports.contains(z)) && base(s, y, f, fresh)
        })
}

/// Whether a conversion to `f` may flip `x` in zone `z` now: conditions 1 and 2 of
/// [18.5] (and 3 unless `major`: no unit of the other faith, and for Protestant
/// conversions no Jesuit), the space is of the other faith, and core presence allows it.
pub fn eligible(
    s: &State,
    x: SpaceId,
    z: ReligiousZone,
    f: Faith,
    major: bool,
    fresh: &[SpaceId],
) -> bool {
    data().space(x).zone == Some(z)
        && faith(s, x) == f.other()
        && may_flip_from(s, z, f.other())
        && (major
            || !(units_of_faith(s, x, f.other())
                || (f == Faith::Protestant && s.religion.jesuits.contains(&x))))
        && next_to_base(s, x, f, fresh)
}

/// The spaces a conversion to `f` in `z` may flip now.
pub fn targets(
    s: &State,
    z: ReligiousZone,
    f: Faith,
    major: bool,
    fresh: &[SpaceId],
) -> Vec<SpaceId> {
    data()
        .zone_spaces(z)
        .filter(|&x| eligible(s, x, z, f, major, fresh))
        .collect()
}

/// Flip the religious influence of a space.
pub fn set_faith(s: &mut State, x: SpaceId, f: Faith) {
    s.sp_mut(x).protestant = f == Faith::Protestant;
}

/// Protestant spaces not in unrest: in the four zones (the Protestant-spaces track,
/// [25.2]), or in some zones only.
pub fn protestant_spaces(s: &State, zones: &[ReligiousZone]) -> u32 {
    zones
        .iter()
        .flat_map(|&z| data().zone_spaces(z))
        .filter(|&x| s.sp(x).protestant && !s.sp(x).unrest)
        .count() as u32
}
