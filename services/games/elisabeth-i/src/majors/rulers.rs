//! Ruler changes by mandatory cards ([3.3]): *Selim II.* follows Suleiman.

use signoria_engine::Scoped;

use crate::events::{EventDef, Lasts, When, always};
use crate::model::{Event, Pw, State};

const OTTOMAN: Pw = 0;

/// *Selim II.* (mandatory): Selim II becomes the Ottoman ruler ([3.3]), whoever plays it.
pub const SELIM_II: EventDef = EventDef {
    key: "selim_ii",
    when: When::Impulse,
    lasts: Lasts::Now,
    playable: always,
    play: |s: &mut State, _who: Pw, _ev: &mut Vec<Scoped<Event>>| {
        s.ps_mut(OTTOMAN).ruler = "selim_ii".into();
    },
};
