//! Treasures [6.3]: the face-down pool, the Spanish and Portuguese rows filled in the card
//! phase ([8.4]), treasures in hand and the impulse extended with one ([11]), the winter
//! discard ([20.2]) and the rows' return ([20.7]).

use serde::{Deserialize, Serialize};
use signoria_engine::Scoped;

use crate::data::tables::TreasureFace;
use crate::data::{Power, data};
use crate::model::{self, Frame, Pw};

use super::{Event, Move, SPAIN};

/// A treasure token's face: 1-5 = CP, [`DRAW`], [`SCIENCE`], [`VP`]; [`HIDDEN`] only in
/// views (a face the viewer may not see).
pub type Treasure = u8;
pub const DRAW: Treasure = 6;
pub const SCIENCE: Treasure = 7;
pub const VP: Treasure = 8;
pub const HIDDEN: Treasure = 0;

pub fn valid(t: Treasure) -> bool {
    (1..=VP).contains(&t)
}

pub fn name(t: Treasure) -> String {
    match t {
        DRAW => "draw-a-card treasure".into(),
        SCIENCE => "science-bonus treasure".into(),
        VP => "1-VP treasure".into(),
        HIDDEN => "treasure".into(),
        n => format!("{n}-CP treasure"),
    }
}

/// The 30 tokens of the data pack ([6]; the distribution is reconstructed).
pub fn all() -> Vec<Treasure> {
    let mut v = Vec::new();
    for t in &data().tables.treasures.tokens {
        let face = match t.face {
            TreasureFace::Cp => t.value.unwrap_or(1),
            TreasureFace::DrawCard => DRAW,
            TreasureFace::ScienceBonus => SCIENCE,
            TreasureFace::Vp => VP,
        };
        v.extend(std::iter::repeat_n(face, t.count as usize));
    }
    v.sort();
    v
}

/// Draw a random treasure from the pool ([6.3]).
pub fn draw(s: &mut model::State) -> Option<Treasure> {
    let mut pool = std::mem::take(&mut s.world.pool);
    let t = s.rng.take_one(&mut pool);
    pool.sort();
    s.world.pool = pool;
    t
}

/// Put treasures into `p`'s hand: the count is public, the faces only its seat's.
pub fn give(s: &mut model::State, p: Pw, ts: Vec<Treasure>, ev: &mut Vec<Scoped<model::Event>>) {
    if ts.is_empty() {
        return;
    }
    ev.push(Scoped::public(model::Event::World(
        Event::TreasuresGained {
            power: p,
            count: ts.len() as u8,
        },
    )));
    ev.push(super::private(
        s,
        p,
        Event::TreasuresSeen {
            power: p,
            treasures: ts.clone(),
        },
    ));
    let h = &mut s.world.hands[p as usize];
    h.extend(ts);
    h.sort();
}

/// [6.3], [8.4]: the spent treasures go back into the pool; Spain fills its row (4
/// boxes, a fifth with the Philippines: never Spanish, RULINGS W7) and the Portuguese
/// row (3 boxes).
pub fn refill(s: &mut model::State, _ev: &mut Vec<Scoped<model::Event>>) {
    let spent = std::mem::take(&mut s.world.spent);
    s.world.pool.extend(spent);
    s.world.pool.sort();
    let r = &data().treasure_rows;
    let rows = (r.spain_boxes, r.portugal_boxes);
    while s.world.spain_row.len() < rows.0 as usize {
        let Some(t) = draw(s) else { break };
        s.world.spain_row.push(t);
    }
    s.world.spain_row.sort();
    while s.world.portugal_row.len() < rows.1 as usize {
        let Some(t) = draw(s) else { break };
        s.world.portugal_row.push(t);
    }
    s.world.portugal_row.sort();
}

/// [20.2]: treasures still in hand are discarded.
pub fn winter_discard(s: &mut model::State) {
    let w = &mut s.world;
    for h in w.hands.iter_mut() {
        w.spent.append(h);
    }
    w.spent.sort();
}

/// [20.7]: the Spanish row goes to Spain's hand; one random Portuguese treasure goes to
/// the major controlling Lisbon, if one does (RULINGS W8).
pub fn winter_rows(s: &mut model::State, ev: &mut Vec<Scoped<model::Event>>) {
    let row = std::mem::take(&mut s.world.spain_row);
    if !row.is_empty() {
        ev.push(Scoped::public(model::Event::World(Event::SpainReceives {
            count: row.len() as u8,
        })));
        give(s, SPAIN, row, ev);
    }
    let lisbon = data().space_id("lisbon");
    let owner = lisbon.and_then(|l| crate::board::controller_pw(s, l));
    if let Some(p) = owner
        && !s.world.portugal_row.is_empty()
    {
        let mut row = std::mem::take(&mut s.world.portugal_row);
        let t = s.rng.take_one(&mut row).expect("non-empty");
        row.sort();
        s.world.portugal_row = row;
        give(s, p, vec![t], ev);
    }
}

/// The impulse extension under way ([11]): the index of its `Actions` frame on the
/// stack and the action types the card's CP were spent on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ext {
    pub impulse: u16,
    /// Index of the extension's `Actions` frame (0: a treasure without CP).
    pub frame: u16,
    pub banned: Vec<u8>,
}

/// The type (colour on the power card) of an action ([11]; RULINGS W4): land, naval,
/// piracy defence, expedition, and one type per other subsystem module.
pub fn action_type(m: &model::Move) -> Option<u8> {
    use model::Move as M;
    Some(match m {
        M::MoveFrom { .. } | M::Control { .. } | M::RemoveUnrest { .. } | M::Raise { .. } => 0,
        M::Assault { .. } => 0,
        M::NavalMove | M::Build { .. } | M::Pirate { .. } | M::Transport { .. } => 1,
        M::BuildFortress { .. } => 2,
        M::World(Move::Voyage) | M::World(Move::Pirate { .. }) => 1,
        M::World(Move::BuildPatrol { .. }) | M::World(Move::BuildFortress { .. }) => 2,
        M::World(Move::Outfit { .. }) => 3,
        M::Religion(_) => 10,
        M::Espionage(_) => 11,
        M::Royals(_) => 12,
        M::Patronage(_) => 13,
        M::Minors(_) => 14,
        M::Majors(m) => crate::majors::action_type(m),
        M::Armada(m) => crate::armada::action_type(m),
        _ => return None,
    })
}

/// Whether the extension's CP are being spent now (its frame is on top).
fn extending(s: &model::State) -> Option<&Ext> {
    let e = s.world.ext.as_ref()?;
    (e.impulse == s.impulse
        && e.frame > 0
        && s.stack.len() == e.frame as usize + 1
        && matches!(s.stack.last(), Some(Frame::Actions { .. })))
    .then_some(e)
}

/// Whether an action listed in the `Actions` frame on top may be taken: during an
/// extension, not of a type the card's CP were spent on ([11]).
pub fn allowed(s: &model::State, m: &model::Move) -> bool {
    match (extending(s), action_type(m)) {
        (Some(e), Some(t)) => !e.banned.contains(&t),
        _ => true,
    }
}

/// Record the type of an action taken with the card's CP (flow calls it for every
/// action of an `Actions` frame).
pub fn note(s: &mut model::State, m: &model::Move) {
    if extending(s).is_some() {
        return;
    }
    let Some(t) = action_type(m) else { return };
    let imp = s.impulse;
    let used = s.world.used.get_or_insert((imp, Vec::new()));
    if used.0 != imp {
        *used = (imp, Vec::new());
    }
    if !used.1.contains(&t) {
        used.1.push(t);
        used.1.sort();
    }
}

/// The treasures `who` may play to extend its impulse now: one per impulse ([11]), in
/// the `Actions` frame of its card (not inside an extension); a science-bonus treasure
/// while a useful bonus is unclaimed (`patronage::science`).
pub fn actions(s: &model::State, who: Pw) -> Vec<Move> {
    let Some(h) = s.world.hands.get(who as usize) else {
        return Vec::new();
    };
    if h.is_empty() || s.world.ext.as_ref().is_some_and(|e| e.impulse == s.impulse) {
        return Vec::new();
    }
    let mut v: Vec<Move> = h
        .iter()
        .copied()
        .filter(|&t| t != SCIENCE || crate::patronage::science::treasure_playable(s, who))
        .map(|treasure| Move::PlayTreasure { treasure })
        .collect();
    v.dedup();
    v
}

/// Play a treasure from `who`'s hand ([11]): a card drawn, a VP banked, or its CP spent
/// on actions of other types than the card's.
pub fn play(s: &mut model::State, who: Pw, t: Treasure, ev: &mut Vec<Scoped<model::Event>>) -> u8 {
    let h = &mut s.world.hands[who as usize];
    let i = h.iter().position(|&x| x == t).expect("listed");
    h.remove(i);
    ev.push(Scoped::public(model::Event::World(Event::TreasurePlayed {
        power: who,
        treasure: t,
    })));
    let banned = match &s.world.used {
        Some((imp, v)) if *imp == s.impulse => v.clone(),
        _ => Vec::new(),
    };
    let mut ext = Ext {
        impulse: s.impulse,
        frame: 0,
        banned,
    };
    match t {
        // The card goes to the hand, playable in a later impulse (the impulse's card
        // is already played).
        DRAW => {
            s.world.spent.push(t);
            if let Some(c) = s.deck.pop() {
                s.ps_mut(who).hand.push(c);
                s.ps_mut(who).hand.sort();
                let e = model::Event::Received {
                    power: who,
                    cards: vec![c],
                };
                ev.push(s.to_power(who, e));
            }
        }
        // The token goes into the power's bonus VP box for good.
        VP => {
            s.world.bank.push(t);
            super::add_vp(s, who, 1);
        }
        // [11]: an unclaimed science bonus at once, as if won by patronage.
        SCIENCE => {
            s.world.spent.push(t);
            crate::patronage::science::from_treasure(s, who);
        }
        cp => {
            s.world.spent.push(t);
            ext.frame = s.stack.len() as u16;
            s.stack.push(Frame::Actions { who, cp });
        }
    }
    s.world.spent.sort();
    s.world.ext = Some(ext);
    0
}

/// Whether Portugal (a minor) holds the settlement's printed ownership.
pub fn is_portuguese(owner: Option<Power>) -> bool {
    owner == Some(Power::Portugal)
}

// ---- treasures as cards ([6.3], [9.1], [9.4])

/// What a random draw from a hand took ([6.3]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Drawn {
    Card(crate::data::CardId),
    Treasure(Treasure),
}

/// [6.3] "Karten und Schätze auf der Hand": a random draw of a "card" from `p`'s hand
/// takes a card when `p` holds more cards (home cards never count, [6.1]) than
/// treasures, otherwise a treasure (RULINGS T2). Returns whether it is a treasure and
/// how many items the draw chooses among (0: nothing to draw).
pub fn draw_pool(s: &model::State, p: Pw) -> (bool, usize) {
    let cards = crate::diplomacy::drawable(s, p).len();
    let ts = s.world.hands.get(p as usize).map_or(0, Vec::len);
    if ts > 0 && ts >= cards {
        (true, ts)
    } else {
        (false, cards)
    }
}

/// Move the `i`-th item of `from`'s draw pool ([`draw_pool`]) into `to`'s hand. A card
/// is returned for the caller to announce; a treasure is announced here: the count to
/// all, its face to the two seats only.
pub fn take(
    s: &mut model::State,
    from: Pw,
    to: Pw,
    i: usize,
    ev: &mut Vec<Scoped<model::Event>>,
) -> Option<Drawn> {
    let (treasure, n) = draw_pool(s, from);
    if n == 0 {
        return None;
    }
    if !treasure {
        let c = crate::diplomacy::drawable(s, from)[i % n];
        let h = &mut s.ps_mut(from).hand;
        let k = h.iter().position(|&x| x == c).expect("in hand");
        h.remove(k);
        s.ps_mut(to).hand.push(c);
        s.ps_mut(to).hand.sort();
        return Some(Drawn::Card(c));
    }
    let t = s.world.hands[from as usize].remove(i % n);
    give(s, to, vec![t], ev);
    if s.seat_opt(from) != s.seat_opt(to) {
        ev.push(super::private(
            s,
            from,
            Event::TreasuresSeen {
                power: to,
                treasures: vec![t],
            },
        ));
    }
    Some(Drawn::Treasure(t))
}

/// [`take`] with the game's random draw.
pub fn take_random(
    s: &mut model::State,
    from: Pw,
    to: Pw,
    ev: &mut Vec<Scoped<model::Event>>,
) -> Option<Drawn> {
    let (_, n) = draw_pool(s, from);
    if n == 0 {
        return None;
    }
    let i = s.rng.index(n);
    take(s, from, to, i, ev)
}

/// The CP of a treasure face (1-5; draw-a-card, science and VP treasures have none).
pub fn cp(t: Treasure) -> u8 {
    if (1..=5).contains(&t) { t } else { 0 }
}

/// [9.4] step 3: the CP `p`'s treasures can pay a declaration of war with (RULINGS T4).
pub fn payable_cp(s: &model::State, p: Pw) -> u32 {
    s.world
        .hands
        .get(p as usize)
        .map_or(0, |h| h.iter().map(|&t| cp(t) as u32).sum())
}

/// [9.4] step 3: the treasures `p` may pay a declaration of war with (as
/// `Move::PlayTreasure`).
pub fn pay_choices(s: &model::State, p: Pw) -> Vec<model::Move> {
    let mut v: Vec<model::Move> = s
        .world
        .hands
        .get(p as usize)
        .into_iter()
        .flatten()
        .filter(|&&t| cp(t) > 0)
        .map(|&treasure| model::Move::World(Move::PlayTreasure { treasure }))
        .collect();
    v.dedup();
    v
}

/// [9.4] step 3: pay with a treasure, spent as if played for CP ([11]); returns its CP.
pub fn pay(s: &mut model::State, p: Pw, t: Treasure, ev: &mut Vec<Scoped<model::Event>>) -> u8 {
    let h = &mut s.world.hands[p as usize];
    let i = h.iter().position(|&x| x == t).expect("listed");
    h.remove(i);
    s.world.spent.push(t);
    s.world.spent.sort();
    ev.push(Scoped::public(model::Event::World(Event::TreasurePlayed {
        power: p,
        treasure: t,
    })));
    cp(t)
}

/// [11]: after a card played as an event that gave no CP (no `Actions` frame at
/// `base`, where the event's frames begin), `who` may still extend its impulse with a
/// treasure: the `Extend` decision is put under the event's own frames (RULINGS T5).
/// Offered whenever `who` holds treasures (their number is public; their faces are
/// not, so a hand of science bonuses only is asked too and may only decline).
pub fn after_event(s: &mut model::State, who: Pw, base: usize) {
    let gave_cp = matches!(s.stack.get(base), Some(Frame::Actions { who: w, .. }) if *w == who);
    let held = s
        .world
        .hands
        .get(who as usize)
        .is_some_and(|h| !h.is_empty());
    if gave_cp || !held {
        return;
    }
    let at = base.min(s.stack.len());
    s.stack
        .insert(at, Frame::World(super::Frame::Extend { who }));
}

/// The choices of the `Extend` decision: a treasure not yet played this impulse, or
/// finish.
pub fn extend_choices(s: &model::State, who: Pw) -> Vec<model::Move> {
    let mut v: Vec<model::Move> = actions(s, who)
        .into_iter()
        .map(model::Move::World)
        .collect();
    v.push(model::Move::Done);
    v
}

/// Resolve the `Extend` decision: play the treasure or finish.
pub fn resolve_extend(
    s: &mut model::State,
    who: Pw,
    mv: &model::Move,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    s.stack.pop();
    if let model::Move::World(Move::PlayTreasure { treasure }) = mv {
        play(s, who, *treasure, ev);
    }
}
