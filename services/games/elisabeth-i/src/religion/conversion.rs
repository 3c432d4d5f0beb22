//! Sermon [18.2], suppress heresy [18.3] and the conversion procedures of [18.5]: all the
//! attempts of one action or event are rolled together, then the converting power decides
//! step by step (cancel unrest with a 6, major conversions saved or used at once, the
//! remaining conversions, the unrest markers).

use serde::{Deserialize, Serialize};
use signoria_engine::Scoped;

use super::faith::{Faith, eligible, may_flip_from, set_faith, targets};
use super::{Event, Move};
use crate::data::{Power, ReligiousZone, SpaceId, data};
use crate::model::{self, Pw, State, major};

/// CP of a sermon or of suppressing heresy, and its attempts ([18.2], [18.3]).
pub const ACTION_CP: u8 = 2;
pub const ACTION_ATTEMPTS: u8 = 5;

/// What an event changes in the procedure ([18.5] steps 1, 2, 4).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Variant {
    /// The first die is not rolled but a 6 (*Calvinistischer Missionseifer*,
    /// *Niederländisches Glaubensbekenntnis*, *Hugenottisches Fasten*; Catholic: *Blutrat*,
    /// *Verzeichnis der verbotenen Bücher*, *Catechismus Romanus*, *Englische Rekusanten*).
    pub first_six: bool,
    /// Every 3 becomes a 4 (*Niederländisches Glaubensbekenntnis*).
    pub threes_to_fours: bool,
    /// Every 5 becomes a 6 (*Bildersturm*).
    pub fives_to_sixes: bool,
    /// One unrest marker per 1 rolled (*Bildersturm*).
    pub unrest_per_one: bool,
}

/// The stage of the procedure waiting for a decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// Protestant step 4 / Catholic step 3: turn a 6 into a 5 to cancel an unrest marker?
    Cancel,
    /// Step 5 / 4: each 6 is saved or flips a space meeting all three conditions now.
    Major,
    /// Step 6 / 5: the 4s and 5s flip spaces meeting all three conditions, the saved 6s
    /// spaces meeting the first two.
    Assign,
    /// Step 7 / 6: the unrest markers go onto spaces flipped by this procedure.
    Unrest,
}

/// One conversion procedure under way (the frame `Frame::Convert`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Conversion {
    pub who: Pw,
    pub faith: Faith,
    pub zone: ReligiousZone,
    pub stage: Stage,
    /// 6s not yet decided (step 5).
    pub sixes: u8,
    /// Saved 6s (step 6).
    pub saved: u8,
    /// 4s and 5s (minor conversions).
    pub minors: u8,
    /// Unrest markers taken.
    pub unrest: u8,
    /// Spaces flipped in the step under way (not yet a base, [18.5] condition 2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fresh: Vec<SpaceId>,
    /// Spaces flipped by this procedure (where unrest may go).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flipped: Vec<SpaceId>,
}

/// Who may preach or suppress heresy in which zone, and the faith of its attempts
/// ([18.2], [18.3] table).
pub fn action_zones(p: Pw) -> &'static [(ReligiousZone, Faith)] {
    use ReligiousZone as Z;
    match major(p) {
        Power::Spain => &[
            (Z::England, Faith::Catholic),
            (Z::Netherlands, Faith::Catholic),
        ],
        Power::England => &[(Z::England, Faith::Protestant)],
        Power::France => &[(Z::France, Faith::Catholic), (Z::Scotland, Faith::Catholic)],
        Power::Protestant => &[
            (Z::France, Faith::Protestant),
            (Z::Netherlands, Faith::Protestant),
            (Z::Scotland, Faith::Protestant),
        ],
        _ => &[],
    }
}

/// Whether the action of `p` in `z` is a sermon ([18.2]) rather than suppressing heresy.
pub fn is_sermon(p: Pw, z: ReligiousZone) -> bool {
    matches!(
        (major(p), z),
        (Power::Spain, ReligiousZone::England) | (Power::Protestant, _)
    )
}

/// [18.1]: conversions may not begin when core presence leaves no space that may change
/// (RULINGS G9: core presence only).
pub fn may_begin(s: &State, z: ReligiousZone, f: Faith) -> bool {
    may_flip_from(s, z, f.other())
}

/// Roll the attempts of an action or event ([18.5] step 1).
pub fn roll(s: &mut State, attempts: u8, v: Variant) -> Vec<u8> {
    (0..attempts)
        .map(|i| {
            if i == 0 && v.first_six {
                6
            } else {
                s.rng.die(6) as u8
            }
        })
        .collect()
}

/// Begin a procedure with the dice of step 1 (the first a 6 for the events that say so);
/// pushes its frame when a decision is due.
/// The sermon or suppress-heresy action of `who` in `zone` ([18.2], [18.3]): its
/// attempts with the faith of [`action_zones`], rolled and begun (also a marriage
/// bonus's, [21.1]).
pub fn begin_action(
    s: &mut State,
    who: Pw,
    zone: ReligiousZone,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    let faith = action_zones(who)
        .iter()
        .find(|z| z.0 == zone)
        .expect("listed")
        .1;
    let v = Variant::default();
    let dice = roll(s, ACTION_ATTEMPTS, v);
    begin(s, who, faith, zone, &dice, v, ev);
}

pub fn begin(
    s: &mut State,
    who: Pw,
    faith: Faith,
    zone: ReligiousZone,
    dice: &[u8],
    v: Variant,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    ev.push(Scoped::public(model::Event::Religion(Event::Attempts {
        power: who,
        faith,
        zone,
        dice: dice.to_vec(),
    })));
    let ones = dice.iter().filter(|&&d| d == 1).count() as u8;
    // Step 2 (Protestant only): the events' adjustments.
    let adjusted: Vec<u8> = dice
        .iter()
        .map(|&d| match d {
            3 if v.threes_to_fours && faith == Faith::Protestant => 4,
            5 if v.fives_to_sixes && faith == Faith::Protestant => 6,
            d => d,
        })
        .collect();
    // Step 3: 2s and 3s miss. Step 4: one unrest marker for any 1 (Bildersturm: per 1).
    let unrest = if v.unrest_per_one && faith == Faith::Protestant {
        ones
    } else {
        ones.min(1)
    };
    let c = Conversion {
        who,
        faith,
        zone,
        stage: Stage::Cancel,
        sixes: adjusted.iter().filter(|&&d| d == 6).count() as u8,
        saved: 0,
        minors: adjusted.iter().filter(|&&d| d == 4 || d == 5).count() as u8,
        unrest,
        fresh: Vec::new(),
        flipped: Vec::new(),
    };
    settle(s, c);
}

/// Advance through the stages without a choice (a conversion with no qualifying space
/// is lost, RULINGS G8); push the frame at the first one with a
/// choice, or end the procedure.
fn settle(s: &mut State, mut c: Conversion) {
    loop {
        let next = match c.stage {
            Stage::Cancel if c.unrest > 0 && c.sixes > 0 => break,
            Stage::Cancel => Stage::Major,
            Stage::Major if c.sixes > 0 => break,
            Stage::Major => {
                c.fresh.clear();
                Stage::Assign
            }
            Stage::Assign if !assign_choices(s, &c).is_empty() => break,
            Stage::Assign => Stage::Unrest,
            Stage::Unrest if !unrest_spaces(s, &c).is_empty() && c.unrest > 0 => break,
            Stage::Unrest => return,
        };
        c.stage = next;
    }
    s.stack
        .push(model::Frame::Religion(super::Frame::Convert(c)));
}

fn assign_choices(s: &State, c: &Conversion) -> Vec<model::Move> {
    let mut v = Vec::new();
    if c.minors > 0 {
        for x in targets(s, c.zone, c.faith, false, &c.fresh) {
            v.push(model::Move::Religion(Move::Flip { space: x }));
        }
    }
    if c.saved > 0 {
        for x in targets(s, c.zone, c.faith, true, &c.fresh) {
            v.push(model::Move::Religion(Move::MajorFlip { space: x }));
        }
    }
    v
}

fn unrest_spaces(s: &State, c: &Conversion) -> Vec<SpaceId> {
    c.flipped
        .iter()
        .copied()
        .filter(|&x| !s.sp(x).unrest)
        .collect()
}

pub fn choices(s: &State, c: &Conversion) -> Vec<model::Move> {
    let r = model::Move::Religion;
    match c.stage {
        Stage::Cancel => vec![r(Move::CancelUnrest), r(Move::KeepUnrest)],
        Stage::Major => {
            let mut v = vec![r(Move::Save)];
            for x in targets(s, c.zone, c.faith, false, &c.fresh) {
                v.push(r(Move::Flip { space: x }));
            }
            v
        }
        Stage::Assign => assign_choices(s, c),
        Stage::Unrest => unrest_spaces(s, c)
            .into_iter()
            .map(|space| r(Move::Unrest { space }))
            .collect(),
    }
}

pub fn prompt(c: &Conversion) -> String {
    let name = data().power(major(c.who)).name.clone();
    let f = match c.faith {
        Faith::Protestant => "Protestant",
        Faith::Catholic => "Catholic",
    };
    match c.stage {
        Stage::Cancel => format!(
            "{name}: {f} conversions in {:?}: turn a 6 into a 5 to cancel an unrest marker ({} taken)?",
            c.zone, c.unrest
        ),
        Stage::Major => format!(
            "{name}: {f} conversions in {:?}: {} major conversion(s): save one or flip a space now",
            c.zone, c.sixes
        ),
        Stage::Assign => format!(
            "{name}: {f} conversions in {:?}: {} minor and {} saved major conversion(s) to assign",
            c.zone, c.minors, c.saved
        ),
        Stage::Unrest => format!(
            "{name}: place {} unrest marker(s) on a converted space",
            c.unrest
        ),
    }
}

fn flip(s: &mut State, c: &mut Conversion, x: SpaceId, ev: &mut Vec<Scoped<model::Event>>) {
    set_faith(s, x, c.faith);
    c.fresh.push(x);
    c.flipped.push(x);
    ev.push(Scoped::public(model::Event::Religion(Event::Flipped {
        space: x,
        faith: c.faith,
    })));
}

pub fn resolve(s: &mut State, mut c: Conversion, mv: &Move, ev: &mut Vec<Scoped<model::Event>>) {
    s.stack.pop();
    match (c.stage, mv) {
        (Stage::Cancel, Move::CancelUnrest) => {
            // [18.5] step 4: a 6 becomes a 5 (still a minor conversion).
            c.sixes -= 1;
            c.minors += 1;
            c.unrest -= 1;
        }
        (Stage::Cancel, Move::KeepUnrest) => c.stage = Stage::Major,
        (Stage::Major, Move::Save) => {
            c.sixes -= 1;
            c.saved += 1;
        }
        (Stage::Major, Move::Flip { space }) => {
            c.sixes -= 1;
            flip(s, &mut c, *space, ev);
        }
        (Stage::Assign, Move::Flip { space }) => {
            debug_assert!(eligible(s, *space, c.zone, c.faith, false, &c.fresh));
            c.minors -= 1;
            flip(s, &mut c, *space, ev);
        }
        (Stage::Assign, Move::MajorFlip { space }) => {
            c.saved -= 1;
            flip(s, &mut c, *space, ev);
        }
        (Stage::Unrest, Move::Unrest { space }) => {
            c.unrest -= 1;
            s.sp_mut(*space).unrest = true;
            ev.push(Scoped::public(model::Event::Religion(
                Event::UnrestPlaced { space: *space },
            )));
        }
        (st, m) => unreachable!("{m:?} at conversion stage {st:?}"),
    }
    settle(s, c);
}
