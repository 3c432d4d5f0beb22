//! What a viewer may see (digest §6.2): hands are secret (their sizes public), bids and
//! returned cards until they are revealed, the deck's order and contents, the reused
//! pile below its top card; a seat also sees the cards it knows in other hands (a
//! Written Record swap). Everything on the board, cash, advances, misery, fleets,
//! counters and the turn order are public.

use serde::{Deserialize, Serialize};
use signoria_engine::{Game, Viewer};

use crate::AgeOfRenaissance;
use crate::data::{Advance, CardId, Category, ProvinceId};
use crate::model::{Fleet, Frame, SeatId, State, War};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayerView {
    pub capital: Option<ProvinceId>,
    pub pick: Option<u8>,
    pub cash: u32,
    pub noted: u32,
    pub hand_size: u32,
    /// The hand, for the seat itself (and omniscient viewers).
    pub hand: Option<Vec<CardId>>,
    /// Cards of this hand the viewer knows (Written Record).
    pub known: Vec<CardId>,
    pub advances: Vec<Advance>,
    pub new_advances: Vec<Advance>,
    pub fleet: Fleet,
    pub misery_box: u8,
    pub misery: u32,
    pub out: bool,
    pub resigned: bool,
    pub bought: u8,
    pub stock: u8,
    pub control_stock: u8,
    pub last_bid: i32,
    /// Turn-order position (0 first) and box, while in the game.
    pub position: Option<u8>,
    pub rank: Option<u8>,
    pub shielded: bool,
    pub renaissance_used: bool,
    pub fleet_raised: bool,
    pub token_card: bool,
    pub cathedral_vs: Vec<SeatId>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProvinceView {
    pub province: ProvinceId,
    pub controller: Option<SeatId>,
    pub control_new: bool,
    /// Established expansion tokens by seat.
    pub established: Vec<u8>,
    /// Expansion tokens placed this phase by seat.
    pub placed: Vec<u8>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PersonalityView {
    pub card: CardId,
    pub owner: SeatId,
    pub slot: u8,
    pub claims: Vec<SeatId>,
}

/// A simultaneous secret choice: who has chosen; the value only for the chooser.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SecretView {
    pub chosen: bool,
    pub value: Option<i32>,
}

/// What only an omniscient viewer sees.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Secrets {
    pub deck: Vec<CardId>,
    pub pile: Vec<CardId>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct View {
    pub viewer: Option<SeatId>,
    pub round: u8,
    pub epoch: u8,
    pub last_epoch: u8,
    /// The kind of decision on top of the stack (`stack::kind`), or "over".
    pub decision: String,
    pub pending: Vec<SeatId>,
    pub players: Vec<PlayerView>,
    pub provinces: Vec<ProvinceView>,
    /// Shortage (+) / surplus (-) counters by commodity.
    pub counters: Vec<i32>,
    pub order: Vec<SeatId>,
    pub deck_size: u32,
    pub held_back: u32,
    pub pile_size: u32,
    pub pile_top: Option<CardId>,
    pub removed: Vec<CardId>,
    pub last_card_drawn: bool,
    pub personalities: Vec<PersonalityView>,
    pub military: Vec<(SeatId, CardId)>,
    pub papal: Option<Category>,
    pub civil_war: Vec<SeatId>,
    pub token_cards: u8,
    pub wars: Vec<War>,
    pub stirrups_armor_dead: bool,
    pub crusades_dead: bool,
    pub papal_dead: bool,
    /// The open secret choice (returned card, capital bid, turn-order bid), by seat.
    pub secret: Vec<SecretView>,
    pub scores: Vec<i64>,
    pub secrets: Option<Secrets>,
}

fn sees(viewer: Viewer, seat: SeatId) -> bool {
    match viewer {
        Viewer::Omniscient => true,
        Viewer::Seat(v) => v == seat as usize,
        Viewer::Public => false,
    }
}

pub fn view(s: &State, viewer: Viewer) -> View {
    let me = match viewer {
        Viewer::Seat(v) => Some(v as SeatId),
        _ => None,
    };
    let players = (0..s.n() as SeatId)
        .map(|seat| {
            let p = s.player(seat);
            let own = sees(viewer, seat);
            let known = match me {
                Some(k) if k != seat => s
                    .known
                    .iter()
                    .filter(|x| x.holder == seat && x.knower == k)
                    .map(|x| x.card)
                    .collect(),
                _ => Vec::new(),
            };
            PlayerView {
                capital: p.capital,
                pick: (p.pick != u8::MAX).then_some(p.pick),
                cash: p.cash,
                noted: p.noted,
                hand_size: p.hand.len() as u32,
                hand: own.then(|| {
                    let mut h = p.hand.clone();
                    h.sort();
                    h
                }),
                known,
                advances: p.advances.iter().collect(),
                new_advances: p.new_advances.iter().collect(),
                fleet: p.fleet,
                misery_box: p.misery,
                misery: s.misery_value(seat),
                out: p.out,
                resigned: p.resigned,
                bought: p.bought,
                stock: p.stock,
                control_stock: p.control_stock,
                last_bid: p.last_bid,
                position: s.position(seat).map(|x| x as u8),
                rank: s.position(seat).map(|_| s.rank(seat)),
                shielded: p.round.shielded,
                renaissance_used: p.round.renaissance_used,
                fleet_raised: p.round.fleet_raised,
                token_card: p.round.token_card,
                cathedral_vs: (0..s.n() as SeatId)
                    .filter(|o| p.round.cathedral_vs & (1 << o) != 0)
                    .collect(),
            }
        })
        .collect();
    let provinces = s
        .board
        .ids()
        .filter(|&p| !s.board.get(p).is_empty())
        .map(|p| {
            let prov = s.board.get(p);
            ProvinceView {
                province: p,
                controller: prov.controller(),
                control_new: prov.control_is_new(),
                established: prov.est[..s.n()].to_vec(),
                placed: prov.new[..s.n()].to_vec(),
            }
        })
        .collect();
    let secret = secret_view(s, viewer);
    let over = s.stack.is_empty();
    View {
        viewer: me,
        round: s.round,
        epoch: s.epoch,
        last_epoch: s.options.last_epoch,
        decision: s
            .stack
            .last()
            .map_or("over", |f| crate::stack::kind(f))
            .to_string(),
        pending: AgeOfRenaissance::pending(s)
            .into_iter()
            .map(|x| x as SeatId)
            .collect(),
        players,
        provinces,
        counters: s.counters.iter().map(|&c| c as i32).collect(),
        order: s.order.clone(),
        deck_size: s.deck.len() as u32,
        held_back: s.held_back.len() as u32,
        pile_size: s.pile.len() as u32,
        pile_top: s.pile.last().copied(),
        removed: s.removed.clone(),
        last_card_drawn: s.last_card_drawn,
        personalities: s
            .this_round
            .personalities
            .iter()
            .map(|p| PersonalityView {
                card: p.card,
                owner: p.owner,
                slot: p.slot,
                claims: p.claims.clone(),
            })
            .collect(),
        military: s.this_round.military.clone(),
        papal: s.this_round.papal,
        civil_war: s.this_round.civil_war.clone(),
        token_cards: s.this_round.token_cards,
        wars: s.wars.clone(),
        stirrups_armor_dead: s.permanent.stirrups_armor_dead,
        crusades_dead: s.permanent.crusades_dead,
        papal_dead: s.permanent.papal_dead,
        secret,
        scores: if over {
            (0..s.n() as SeatId)
                .map(|p| crate::scoring::score(s, p))
                .collect()
        } else {
            Vec::new()
        },
        secrets: (viewer == Viewer::Omniscient).then(|| Secrets {
            deck: s.deck.clone(),
            pile: s.pile.clone(),
        }),
    }
}

/// The secret choice on the stack, if any (the frame may sit below out-of-turn ones).
fn secret_view(s: &State, viewer: Viewer) -> Vec<SecretView> {
    let values: Option<Vec<Option<i32>>> = s.stack.iter().rev().find_map(|f| match f {
        Frame::ReturnCard { returned } => {
            Some(returned.iter().map(|c| c.map(|c| c.0 as i32)).collect())
        }
        Frame::CapitalBid { bids } => Some(bids.iter().map(|b| b.map(|b| b as i32)).collect()),
        Frame::TurnOrderBid { bids } => Some(bids.clone()),
        _ => None,
    });
    let Some(values) = values else {
        return Vec::new();
    };
    values
        .into_iter()
        .enumerate()
        .map(|(seat, v)| SecretView {
            chosen: v.is_some(),
            value: if sees(viewer, seat as SeatId) {
                v
            } else {
                None
            },
        })
        .collect()
}
