//! [24.2] step 6, last sentence: Ireland's new ally may move a formation from Ulster to
//! Dublin, as far as Dublin's controller's diplomatic status allows (RULINGS N4). The
//! move is an ordinary land move ([13.1] steps 4-8: interception, avoid battle,
//! withdrawal, battle or siege) that costs no CP; the Irish units move as the ally's
//! ([24.3], `board::side`).

use crate::data::{SpaceId, data};
use crate::model::{self, Pw, Selection, Troops, UnitKind};

use super::Frame;

fn spaces() -> Option<(SpaceId, SpaceId)> {
    Some((data().space_id("ulster")?, data().space_id("dublin")?))
}

/// The frame offering the move to Ireland's new ally `by` (decided after the free
/// declaration of war of step 6).
pub fn frame(by: Pw) -> Option<model::Frame> {
    spaces()?;
    Some(model::Frame::Minors(Frame::UlsterMove { who: by }))
}

/// The formation that moves: `who`'s leaders in Ulster and its land units there, within
/// their command (regulars first; of a kind the Irish counters before the ally's own).
pub fn formation(s: &model::State, who: Pw) -> Option<Selection> {
    let (ulster, dublin) = spaces()?;
    if !crate::movement::may_move(s, who, ulster) {
        return None;
    }
    let have = crate::board::troops_of(s, who, ulster);
    let leaders = crate::board::leaders_in(s, who, ulster);
    let mut room = crate::movement::formation_limit(&leaders);
    let mut troops = Troops::default();
    for k in [UnitKind::Regular, UnitKind::Cavalry, UnitKind::Mercenary] {
        let n = have.get(k).min(room);
        *troops.get_mut(k) = n;
        room -= n;
    }
    let mut sel = Selection {
        troops,
        leaders,
        ..Default::default()
    };
    // Whose counters (RULINGS N1, N4): the Irish rebels' first, then the ally's own.
    let mut order = crate::owners::owners(s, who, ulster, model::Purpose::Move);
    order.sort_by_key(|&o| o != crate::data::PoolOwner::Ireland);
    sel.of = crate::owners::by_owner(s, ulster, &sel, &order);
    if sel.troops.total() == 0 {
        return None;
    }
    crate::movement::move_cost(s, who, ulster, dublin, &sel).ok()?;
    if !crate::majors::france::may_enter(&sel.leaders, dublin) {
        return None;
    }
    Some(sel)
}

pub fn choices(s: &model::State, who: Pw) -> Vec<model::Move> {
    let mut v = Vec::new();
    if formation(s, who).is_some() {
        v.push(model::Move::Minors(super::Move::UlsterToDublin));
    }
    v.push(model::Move::Done);
    v
}

/// Carry out the choice (the frame is on top).
pub fn resolve(s: &mut model::State, who: Pw, mv: &model::Move) {
    s.stack.pop();
    if *mv != model::Move::Minors(super::Move::UlsterToDublin) {
        return;
    }
    let (Some(sel), Some((ulster, dublin))) = (formation(s, who), spaces()) else {
        return;
    };
    crate::land::start(s, who, ulster, dublin, sel, None);
}
