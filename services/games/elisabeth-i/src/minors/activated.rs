//! The activated majors of a game with fewer than six players ([3.1], [3.2], [24.6]
//! step 4): the Ottoman Empire and the HRE (only the HRE with five players) belong to
//! no seat. A status determination gives one to the winning power's seat until the next
//! determination; the winner of the Deactivate row leaves it inactive (RULINGS P2, P3).
//!
//! An inactive major draws no cards and takes no impulse (it passes); its units never
//! leave their spaces, never intercept nor avoid battle, and withdraw into a fortress
//! with at most 4 units as an inactive minor does ([24.1]); the decisions the rules
//! still ask of it are made by that fixed rule (RULINGS P4).

use crate::data::data;
use crate::model::{self, Frame, Move, Pw, pw};

/// The activated majors of a game with `players` players ([3.1]; data/scenarios.json).
pub fn setup(s: &mut model::State, players: u8) {
    let Some(pc) = data().player_count(players) else {
        return;
    };
    s.minors.activated = pc
        .activated_majors
        .iter()
        .filter_map(|&p| pw(p))
        .map(|p| (p, None))
        .collect();
}

/// The major whose seat runs `p` (an activated major controlled by it).
pub fn controller(s: &model::State, p: Pw) -> Option<Pw> {
    s.minors
        .activated
        .iter()
        .find(|(m, _)| *m == p)
        .and_then(|x| x.1)
}

/// Whether `p` is an activated major no seat runs now.
pub fn inactive(s: &model::State, p: Pw) -> bool {
    s.minors
        .activated
        .iter()
        .any(|(m, c)| *m == p && c.is_none())
}

/// The powers the players hold themselves (only they can win, RULINGS P7).
pub fn seated(s: &model::State) -> Vec<Pw> {
    let mut v: Vec<Pw> = s.seats.iter().flatten().copied().collect();
    v.sort();
    v
}

/// The choice an inactive major makes on the frame on top of the stack (RULINGS P4):
/// pass, finish, reject, stay, decline; withdraw into a fortress with at most 4 units
/// ([24.1]); otherwise the first listed choice.
pub fn choice(s: &model::State, f: &Frame, who: Pw, listed: &[Move]) -> Move {
    if let Frame::Impulse { .. } = f {
        return Move::Pass;
    }
    if let Frame::Withdraw { .. } = f {
        let m = crate::land::current_ref(s);
        let n = crate::board::troops_of(s, who, m.to).total();
        return if n <= 4 { Move::Withdraw } else { Move::Done };
    }
    for pref in [Move::Pass, Move::Done, Move::Reject, Move::EndActions] {
        if listed.contains(&pref) {
            return pref;
        }
    }
    listed.first().cloned().unwrap_or(Move::Done)
}

/// An inactive major draws no cards ([3.1]; RULINGS P4): used by the card draw.
pub fn draws(s: &model::State, p: Pw) -> bool {
    !inactive(s, p)
}

/// Whether `p` is an activated major of this game (run by a seat or inactive).
pub fn is_activated(s: &model::State, p: Pw) -> bool {
    s.minors.activated.iter().any(|(m, _)| *m == p)
}

/// [10] step 5: an activated major never keeps a home card; they lie on its power card
/// until the next card draw (RULINGS P2).
pub fn set_home_cards_aside(s: &mut model::State) {
    let majors: Vec<Pw> = s.minors.activated.iter().map(|x| x.0).collect();
    for p in majors {
        let ps = s.ps_mut(p);
        let (home, rest): (Vec<_>, Vec<_>) = ps
            .hand
            .iter()
            .copied()
            .partition(|&c| crate::deal::is_home(c));
        ps.hand = rest;
        ps.home_played.extend(home);
    }
}
