//! Naval leaders (seed [5.2], [16.1], [16.2]): where they are, how they go with their
//! ships, and the next turn's box after a lost fleet.

use serde::{Deserialize, Serialize};

use crate::board::controller_pw;
use crate::combat::naval_battle::{Admiral, Waters};
use crate::data::{Power, SpaceId, data};
use crate::model::{Pw, State, major, pw};

/// Where a naval leader is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ALoc {
    /// Enters play in the card draw of this turn.
    Arrives(u8),
    /// On the power card, placed in spring deployment.
    Card,
    At(Waters),
    /// In the box of this turn on the turn track: back on the card then ([16.2] step 10).
    Away(u8),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdmiralState {
    /// Index into the data pack's naval leaders.
    pub idx: u8,
    pub owner: Pw,
    pub at: ALoc,
    /// Lent with ships to this ally until winter ([9.2]; RULINGS A14): he acts for it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lent_to: Option<Pw>,
}

impl AdmiralState {
    /// The power he acts for: his owner, or the borrower while lent ([9.2]).
    pub fn acting(&self) -> Pw {
        self.lent_to.unwrap_or(self.owner)
    }
}

/// The naval leaders of the majors at the start of a scenario: those the set-up places,
/// then by entry turn.
pub fn setup(placed: &[(String, SpaceId)], start_turn: u8) -> Vec<AdmiralState> {
    let d = data();
    d.naval_leaders
        .iter()
        .enumerate()
        .filter_map(|(i, l)| {
            let owner = pw(l.power)?;
            let at = match placed.iter().find(|(k, _)| *k == l.id) {
                Some((_, x)) => ALoc::At(Waters::Port(*x)),
                None => match l.entry_turn {
                    Some(t) if t > start_turn => ALoc::Arrives(t),
                    Some(_) => ALoc::Card,
                    // No entry turn: enters only by a card event (issue 15).
                    None => ALoc::Arrives(u8::MAX),
                },
            };
            Some(AdmiralState {
                idx: i as u8,
                owner,
                at,
                lent_to: None,
            })
        })
        .collect()
}

fn admiral(idx: u8) -> Admiral {
    Admiral::from_data(&data().naval_leaders[idx as usize].id).expect("a naval leader")
}

pub fn idx_of(id: &str) -> Option<u8> {
    data()
        .naval_leaders
        .iter()
        .position(|l| l.id == id)
        .map(|i| i as u8)
}

/// The naval leaders of `power` at a location.
pub fn at(s: &State, w: Waters, power: Power) -> Vec<Admiral> {
    s.admirals
        .iter()
        .filter(|a| a.at == ALoc::At(w) && major(a.acting()) == power)
        .map(|a| admiral(a.idx))
        .collect()
}

/// Card draw ([8.1]): arriving and returning naval leaders go onto their power card.
pub fn card_draw(s: &mut State) {
    let turn = s.turn;
    for a in s.admirals.iter_mut() {
        match a.at {
            ALoc::Arrives(t) | ALoc::Away(t) if t <= turn => a.at = ALoc::Card,
            _ => {}
        }
    }
}

/// Ports where `p` may place a naval leader in spring: its own-controlled home ports
/// ([10] step 4); with none he waits on the card.
pub fn place_sites(s: &State, p: Pw) -> Vec<SpaceId> {
    let d = data();
    d.space_ids()
        .filter(|&x| {
            d.space(x).ships_may_enter()
                && d.space(x).is_home_of(major(p))
                && controller_pw(s, x) == Some(p)
        })
        .collect()
}

/// Naval leaders waiting on `p`'s card.
pub fn waiting(s: &State, p: Pw) -> Vec<u8> {
    s.admirals
        .iter()
        .filter(|a| a.owner == p && a.at == ALoc::Card)
        .map(|a| a.idx)
        .collect()
}

pub fn place(s: &mut State, idx: u8, port: SpaceId) {
    if let Some(a) = s.admirals.iter_mut().find(|a| a.idx == idx) {
        a.at = ALoc::At(Waters::Port(port));
    }
}

/// Every naval leader of `p` at `from` goes to `to`.
pub fn follow(s: &mut State, p: Power, from: Waters, to: Waters) {
    for a in s.admirals.iter_mut() {
        if a.at == ALoc::At(from) && major(a.acting()) == p {
            a.at = ALoc::At(to);
        }
    }
}

/// Naval leaders named by id go to the next turn's box.
pub fn away(s: &mut State, ids: &[String]) {
    let back = s.turn + 1;
    for id in ids {
        if let Some(i) = idx_of(id)
            && let Some(a) = s.admirals.iter_mut().find(|a| a.idx == i)
        {
            a.at = ALoc::Away(back);
        }
    }
}

/// Naval leaders of `p` at a location where `p` has no ship left go to the next turn's
/// box (a leader stays with his ships, [16.1], [16.2] step 10).
pub fn strand_check(s: &mut State) {
    let back = s.turn + 1;
    let stranded: Vec<usize> = (0..s.admirals.len())
        .filter(|&i| match s.admirals[i].at {
            ALoc::At(w) => crate::naval::ships_of(s, s.admirals[i].acting(), w) == 0,
            _ => false,
        })
        .collect();
    for i in stranded {
        s.admirals[i].at = ALoc::Away(back);
    }
}

/// After the procedures moved whole fleets: the leaders stand where their fleet's board
/// entry stands.
pub fn sync(s: &mut State, board: &[crate::combat::naval_move::ShipsAt]) {
    for st in board {
        for a in &st.fleet.admirals {
            if let Some(i) = idx_of(&a.id)
                && let Some(x) = s.admirals.iter_mut().find(|x| x.idx == i)
            {
                x.at = ALoc::At(st.at);
            }
        }
    }
}

/// The naval leaders `p` may lend with ships of `port` ([9.2]: stacked with them; his own,
/// not one he borrowed, RULINGS A14).
pub fn lendable(s: &State, p: Pw, port: SpaceId) -> Vec<u8> {
    s.admirals
        .iter()
        .filter(|a| a.owner == p && a.lent_to.is_none() && a.at == ALoc::At(Waters::Port(port)))
        .map(|a| a.idx)
        .collect()
}

/// A naval leader lent with ships goes with them to `dest` and acts for `to` ([9.2]).
pub fn lend(s: &mut State, idx: u8, to: Pw, dest: SpaceId) {
    if let Some(a) = s.admirals.iter_mut().find(|a| a.idx == idx) {
        a.lent_to = Some(to);
        a.at = ALoc::At(Waters::Port(dest));
    }
}

/// Winter: the loan ends ([9.2] "für eine Spielrunde"; RULINGS A15). A lent leader on the
/// map goes to the lender's nearest port from where he is (as the lent ships do, M16);
/// with none, onto the lender's power card (placed again in spring, [10] step 4). One in
/// the turn track's box stays there and comes back to the lender.
pub fn give_back(s: &mut State, idx: u8, lender: Pw) {
    let Some(i) = s.admirals.iter().position(|a| a.idx == idx) else {
        return;
    };
    s.admirals[i].lent_to = None;
    if let ALoc::At(w) = s.admirals[i].at {
        s.admirals[i].at = match crate::naval::nearest_home_port(s, lender, w) {
            Some(to) => ALoc::At(to),
            None => ALoc::Card,
        };
    }
}
