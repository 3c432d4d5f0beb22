//! The religious struggle's VP ([25.2]: the Protestant-spaces track) and the automatic
//! religious victories ([25.1]).

use super::faith::{ZONES, protestant_spaces};
use crate::data::{Power, ReligiousZone, data};
use crate::model::{Pw, State, major};

/// The Protestant-spaces track: Protestant spaces of the four zones not in unrest
/// ([25.2], digest §8.12 #150).
pub fn track(s: &State) -> u32 {
    protestant_spaces(s, &ZONES)
}

/// Special VP from the track for Spain, England and the Protestants ([25.2]). The HRE's
/// column counts only once it reveals its preference ([23.5]), which the majors' rules
/// do not offer yet: 0 until then.
pub fn track_vp(s: &State, p: Pw) -> i16 {
    let n = track(s);
    let rows = &data().tables.protestant_spaces_track.rows;
    let Some(row) = rows.iter().find(|r| n <= r.max as u32).or(rows.last()) else {
        return 0;
    };
    match major(p) {
        Power::Spain => row.spain as i16,
        Power::England => row.england as i16,
        Power::Protestant => row.protestant as i16,
        _ => 0,
    }
}

/// The HRE's column of the track for its preference ([23.5], [25.2]): for the majors'
/// rules once the HRE reveals it (not offered yet, so not part of [`track_vp`]).
pub fn hre_track_vp(s: &State, pref: crate::model::Preference) -> i16 {
    use crate::model::Preference as P;
    let n = track(s);
    let rows = &data().tables.protestant_spaces_track.rows;
    let Some(row) = rows.iter().find(|r| n <= r.max as u32).or(rows.last()) else {
        return 0;
    };
    (match pref {
        P::Catholic => row.hre.catholic,
        P::Balanced => row.hre.balanced,
        P::Protestant => row.hre.protestant,
    }) as i16
}

/// [25.1] religious victories, counted on the track (the four zones, none in unrest;
/// RULINGS G1, erratum §8.19 #210: 50 or more): the Protestants at 50; at 9 or fewer a
/// Catholic victory, France's when France and Scotland hold 3 Protestant spaces or
/// fewer, else Spain's.
pub fn automatic(s: &State) -> Option<(Vec<Pw>, String)> {
    let v = &data().tables.victory;
    let n = track(s);
    if n >= v.protestant_religious_victory_more_than as u32 {
        return Some((vec![5], "Protestant religious victory".into()));
    }
    if n <= v.catholic_religious_victory_at as u32 {
        let fs = protestant_spaces(s, &[ReligiousZone::France, ReligiousZone::Scotland]);
        let who = if fs <= v.france_religious_victory_max_protestant_in_france_and_scotland as u32 {
            3
        } else {
            1
        };
        return Some((vec![who], "Catholic religious victory".into()));
    }
    None
}
