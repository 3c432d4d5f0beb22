//! [24.2] steps 2 and 6: the free declarations of war of an activation. A power at war
//! with the minor may declare war on the activator at no CP cost; one that does not has
//! its units in the minor's home spaces displaced ([12.5]). Ireland's new ally may
//! declare war for free on the major controlling Dublin (Spain on England only while that
//! declaration costs 3 CP or less). RULINGS T6.

use signoria_engine::Scoped;

use crate::board::{at_war, controller_pw, set_war};
use crate::data::{Power, data};
use crate::diplomacy as dip;
use crate::model::{self, Pw};

use super::Frame;

const SPAIN: Pw = 1;
const ENGLAND: Pw = 2;

/// Step 2 (called before step 5 ends the minor's wars): the frames of the powers at war
/// with `minor` other than the activator `by`, in impulse order; a power that may not
/// declare war on `by` ([9.4]'s restrictions) is displaced at once.
pub fn step2(
    s: &mut model::State,
    minor: Power,
    by: Pw,
    ev: &mut Vec<Scoped<model::Event>>,
) -> Vec<model::Frame> {
    let mut at: Vec<Pw> = s
        .minors
        .wars
        .iter()
        .filter(|w| w.0 == minor && w.1 != by)
        .map(|w| w.1)
        .collect();
    at.sort();
    at.dedup();
    let mut frames = Vec::new();
    for p in at {
        if at_war(s, p, by) {
            continue;
        }
        if dip::may_declare(s, p, by) {
            frames.push(model::Frame::Minors(Frame::FreeWar {
                who: p,
                on: by,
                minor,
                displace: true,
            }));
        } else {
            super::activation::displace_from_homes(s, minor, p, ev);
        }
    }
    frames
}

/// Step 6: Ireland's new ally may declare war for free on Dublin's controller.
pub fn step6(s: &model::State, by: Pw) -> Option<model::Frame> {
    let dublin = data().space_id("dublin")?;
    let c = controller_pw(s, dublin)?;
    if c == by || at_war(s, by, c) || !dip::may_declare(s, by, c) {
        return None;
    }
    if (by, c) == (SPAIN, ENGLAND) && dip::dow_cost(by, c).is_none_or(|x| x > 3) {
        return None;
    }
    Some(model::Frame::Minors(Frame::FreeWar {
        who: by,
        on: c,
        minor: Power::Ireland,
        displace: false,
    }))
}

/// The choices: declare war on `on` (no CP) or not.
pub fn choices(on: Pw) -> Vec<model::Move> {
    vec![model::Move::DeclareWarOn { target: on }, model::Move::Done]
}

/// Carry out the choice.
pub fn resolve(
    s: &mut model::State,
    who: Pw,
    on: Pw,
    minor: Power,
    displace: bool,
    mv: &model::Move,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    s.stack.pop();
    if let model::Move::DeclareWarOn { .. } = mv {
        set_war(s, who, on, true);
        ev.push(Scoped::public(model::Event::WarDeclared { by: who, on }));
    } else if displace {
        super::activation::displace_from_homes(s, minor, who, ev);
    }
}
