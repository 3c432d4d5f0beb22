//! Rule invariants checked after every move of the random playouts.

use std::collections::BTreeMap;

use crate::board::{at_war, side};
use crate::building::{land_in_play, land_pool, naval_pool, ships_in_play};
use crate::data::{Power, data};
use crate::model::{Loc, State};

pub fn violations(s: &State) -> Vec<String> {
    let d = data();
    let mut v = Vec::new();
    // Units conserved per owner (the ledger follows every raise and loss) and within
    // the counter mix [17.1].
    for (o, land, ships) in &s.ledger {
        let (l, sh) = (land_in_play(s, *o), ships_in_play(s, *o));
        if l != *land as u32 || sh != *ships as u32 {
            v.push(format!(
                "{o:?}: {l} land units and {sh} ships on the map, ledger says {land} and {ships}"
            ));
        }
        let sh = crate::building::counters_used(s, *o);
        if l > land_pool(*o) || sh > naval_pool(*o) {
            v.push(format!("{o:?}: more units than counters"));
        }
    }
    v.extend(crate::knights::violations(s));
    v.extend(crate::morisco::violations(s));
    for (i, sp) in s.spaces.iter().enumerate() {
        let key = &d.spaces[i].key;
        // One controller, and a real one.
        if !(sp.controller.is_major()
            || sp.controller.is_minor()
            || sp.controller == Power::Independent)
        {
            v.push(format!("{key}: controller {:?}", sp.controller));
        }
        let mut owners = BTreeMap::new();
        for f in &sp.forces {
            if f.empty() {
                v.push(format!("{key}: empty force of {:?}", f.owner));
            }
            if owners.insert(f.owner, ()).is_some() {
                v.push(format!("{key}: two forces of {:?}", f.owner));
            }
            if f.ships.total() > 0 && !d.spaces[i].ships_may_enter() {
                v.push(format!("{key}: ships in a space that is no port"));
            }
        }
        // No enemies share a space outside a battle in it and a siege of it (besiegers
        // outside, the others inside the fortress).
        let majors: Vec<u8> = sp
            .forces
            .iter()
            .filter(|f| f.troops.total() > 0)
            .filter_map(|f| side(s, f.owner))
            .collect();
        let fighting = s.stack.iter().any(|f| match f {
            crate::model::Frame::Combat(c) => c.space.0 as usize == i,
            crate::model::Frame::LandMove(m) => m.to.0 as usize == i || m.from.0 as usize == i,
            _ => false,
        });
        let split = |a: u8, b: u8| {
            sp.siege
                .as_ref()
                .is_some_and(|g| g.by.contains(&a) != g.by.contains(&b))
        };
        for &a in &majors {
            for &b in &majors {
                if a < b && at_war(s, a, b) && !fighting && !split(a, b) {
                    v.push(format!("{key}: land units of powers at war together"));
                }
            }
        }
        if let Some(g) = &sp.siege {
            if !d.spaces[i].kind.fortified() && !sp.fortress {
                v.push(format!("{key}: besieged but not fortified"));
            }
            if g.by.is_empty() && !fighting {
                v.push(format!("{key}: a siege without besiegers"));
            }
        }
        // [9.5]: no Spanish units in Irish or Scottish home spaces.
        if matches!(d.spaces[i].home, Power::Ireland | Power::Scotland)
            && sp
                .forces
                .iter()
                .any(|f| f.owner == crate::data::PoolOwner::Spain)
        {
            v.push(format!(
                "{key}: Spanish units in an Irish or Scottish home space"
            ));
        }
    }
    for l in &s.leaders {
        if let Loc::Space(x) = l.at
            && x.0 as usize >= s.spaces.len()
        {
            v.push("leader off the map".into());
        }
    }
    // Hands, deck, discard and the cards not in play hold every card exactly once.
    let mut all: Vec<u8> = s
        .deck
        .iter()
        .chain(&s.discard)
        .chain(&s.out)
        .chain(&s.removed)
        .map(|c| c.0)
        .collect();
    for ps in &s.powers {
        all.extend(
            ps.hand
                .iter()
                .chain(&ps.home_played)
                .chain(&ps.home_set_aside)
                .map(|c| c.0),
        );
    }
    all.sort();
    if all != s.cards {
        v.push(format!(
            "cards not conserved: {} held, {} in the game",
            all.len(),
            s.cards.len()
        ));
    }
    v.extend(crate::diplomacy::violations(s));
    v.extend(crate::subsystems::violations(s));
    v
}
