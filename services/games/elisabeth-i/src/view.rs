//! What a viewer may see (seed §6.2 of the digest): hands, the HRE's preference and the
//! content of agreements under negotiation are secret to their owners; deck order hidden.

use serde::Serialize;
use signoria_engine::Viewer;

use crate::data::{CardId, SpaceId};
use crate::model::{Deal, Frame, Leader, Preference, Pw, SpaceState, State};

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PowerView {
    pub hand_size: u8,
    /// The hand, only for the power's own seat (and omniscient viewers).
    pub hand: Option<Vec<CardId>>,
    pub home_played: Vec<CardId>,
    /// How many home cards are set aside face down.
    pub home_set_aside: u8,
    pub ruler: String,
    pub vp: i16,
    pub vp_history: Vec<i16>,
    pub preference: Option<Preference>,
    pub for_hire: u8,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PendingDeal {
    pub from: Pw,
    pub to: Pw,
    /// Only for the two parties.
    pub deal: Option<Deal>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct View {
    pub turn: u8,
    pub last_turn: u8,
    pub phase: String,
    pub spaces: Vec<(SpaceId, SpaceState)>,
    pub seas: Vec<crate::naval::SeaState>,
    pub admirals: Vec<crate::admirals::AdmiralState>,
    pub powers: Vec<PowerView>,
    pub leaders: Vec<Leader>,
    pub wars: Vec<(Pw, Pw)>,
    pub alliances: Vec<(Pw, Pw)>,
    pub deck_size: u16,
    pub discard: Vec<CardId>,
    pub pending_deal: Option<PendingDeal>,
    /// Announcements awaiting confirmations (public, [9.1] L676).
    pub announcements: Vec<crate::diplomacy::announce::Announcement>,
    /// The announcement being drafted: only the clauses the viewer is a party to (the
    /// others are left out, their number included).
    pub draft: Vec<crate::diplomacy::announce::Clause>,
    pub winners: Option<(Vec<Pw>, String)>,
    /// Cards removed from the game after their event.
    pub removed: Vec<CardId>,
    /// Cards whose event lasts this turn.
    pub in_effect: Vec<CardId>,
    /// Ships on the turn track until the next card phase ([17.3]).
    pub lost_ships: Vec<(crate::data::PoolOwner, crate::model::Ships)>,
    // ---- the subsystems' parts (one field each)
    pub religion: crate::religion::View,
    pub espionage: crate::espionage::View,
    pub royals: crate::royals::View,
    pub patronage: crate::patronage::View,
    pub world: crate::world::View,
    pub minors: crate::minors::View,
    pub majors: crate::majors::View,
    pub armada: crate::armada::View,
}

fn sees(s: &State, viewer: Viewer, p: Pw) -> bool {
    match viewer {
        Viewer::Omniscient => true,
        Viewer::Seat(seat) => s.seat_of(p) == seat,
        Viewer::Public => false,
    }
}

pub fn view(s: &State, viewer: Viewer) -> View {
    let powers = (0..6u8)
        .map(|p| {
            let ps = s.ps(p);
            PowerView {
                hand_size: ps.hand.len() as u8,
                hand: sees(s, viewer, p).then(|| ps.hand.clone()),
                home_played: ps.home_played.clone(),
                home_set_aside: ps.home_set_aside.len() as u8,
                ruler: ps.ruler.clone(),
                vp: crate::victory::vp(s, p),
                vp_history: ps.vp_history.clone(),
                // Public once revealed ([23.5]).
                preference: if sees(s, viewer, p) {
                    ps.preference
                } else {
                    crate::majors::hre::revealed(s).filter(|_| p == crate::majors::hre::HRE)
                },
                for_hire: ps.for_hire,
            }
        })
        .collect();
    // The first clause naming the confirming power of the announcement it answers (public).
    let pending_deal = s.stack.iter().rev().find_map(|f| match f {
        Frame::Confirm { who, id } => crate::diplomacy::announce::get(s, *id)?
            .clauses
            .iter()
            .find(|c| c.from == *who || c.to == *who)
            .map(|c| PendingDeal {
                from: c.from,
                to: c.to,
                deal: Some(c.deal.clone()),
            }),
        _ => None,
    });
    View {
        turn: s.turn,
        last_turn: s.last_turn,
        phase: s
            .stack
            .last()
            .map(crate::flow::kind)
            .unwrap_or("over")
            .to_string(),
        spaces: s
            .spaces
            .iter()
            .enumerate()
            .map(|(i, x)| (SpaceId(i as u16), x.clone()))
            .collect(),
        seas: s.seas.clone(),
        admirals: s.admirals.clone(),
        powers,
        leaders: s.leaders.clone(),
        wars: s.wars.clone(),
        alliances: s.alliances.clone(),
        deck_size: s.deck.len() as u16,
        discard: s.discard.clone(),
        pending_deal,
        announcements: s.announcements.clone(),
        draft: crate::diplomacy::announce::draft_view(s, |p| sees(s, viewer, p)),
        winners: s.winners.clone(),
        removed: s.removed.clone(),
        in_effect: s.in_effect.clone(),
        lost_ships: s.lost_ships.clone(),
        religion: crate::religion::view(s, viewer),
        espionage: crate::espionage::view(s, viewer),
        royals: crate::royals::view(s, viewer),
        patronage: crate::patronage::view(s, viewer),
        world: crate::world::view(s, viewer),
        minors: crate::minors::view(s, viewer),
        majors: crate::majors::view(s, viewer),
        armada: crate::armada::view(s, viewer),
    }
}
