//! What a viewer may see (digest §6.3): plans and bids stay hidden until the
//! rules reveal them, the face-down action cards, the deck orders (the favor
//! deck's too) and the event that will apply are hidden; money, armies,
//! buildings, unrest, the tower's inside and the tray are public, and so are
//! the courtiers, the favor cards on display or kept, the Landsknecht stacks,
//! the generals and the monuments.

use serde::{Deserialize, Serialize};
use signoria_engine::{Game, Viewer};

use crate::Wallenstein;
use crate::data::LandId;
use crate::model::{Action, Awaiting, COURT_FIELDS, Card, Frame, NUM_FIELDS, State, Tile};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayerView {
    pub money: i32,
    pub grain: u32,
    pub vp: u32,
    pub supply: u32,
    pub lands: Vec<LandId>,
    /// The 11 fields (10 actions, then the auction field): `Some` where the
    /// viewer may see the card (a field left free shows `Empty` to everyone);
    /// for the viewer's own mat `None` means not yet filled.
    pub fields: Vec<Option<Card>>,
    pub plan_complete: bool,
    pub tile: Option<Tile>,
    /// Kaiserhof: the supplementary mat (convert 1, 2, 3 armies), seen as the
    /// base mat's fields are (empty without the module).
    pub court_fields: Vec<Option<Card>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LandView {
    pub owner: Option<u8>,
    pub armies: u32,
    pub buildings: [bool; 3],
    pub unrest: u32,
    pub in_play: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DraftView {
    pub open: Vec<LandId>,
    pub deck_size: u32,
    pub groups: Vec<Vec<u8>>,
    /// The card taken this turn, if the viewer may know it (a blind card only its taker).
    pub picked: Option<LandId>,
    pub picked_blind: bool,
    pub last_faced: Vec<Vec<LandId>>,
}

/// Facts only an omniscient viewer sees.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Secrets {
    pub event_deck: Vec<u8>,
    pub draft_deck: Vec<LandId>,
    pub action_order: Vec<Action>,
    /// Kaiserhof: the favor deck, top card last.
    pub favor_deck: Vec<u8>,
}

/// Kaiserhof: the court, all public but the order of the favor deck.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CourtView {
    pub supply: Vec<u32>,
    pub hall: Vec<u32>,
    pub audience: Vec<u32>,
    /// The favor cards on the spaces costing `costs` courtiers.
    pub display: Vec<Option<u8>>,
    pub costs: Vec<u32>,
    pub deck_size: u32,
    pub held: Vec<Vec<u8>>,
    pub gone: Vec<u8>,
}

/// The part of the game the table is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    Draft,
    Planning,
    TurnOrder,
    Actions,
    Winter,
    Over,
    /// Landsknechte: regions checked and bonuses taken after the turn order.
    Landsknechte,
    /// Kaiserhof: the court actions.
    Court,
    /// Generals placed or moved.
    Generals,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct View {
    pub viewer: Option<u8>,
    pub year: u8,
    pub season: u8,
    pub phase: Stage,
    pub players: Vec<PlayerView>,
    pub lands: Vec<LandView>,
    pub peasants: u32,
    pub tower_inside: Vec<u32>,
    pub tray: Vec<u32>,
    pub event_candidates: Vec<u8>,
    pub current_event: Option<u8>,
    /// The action cards turned up so far, in order.
    pub visible_actions: Vec<Action>,
    pub current_slot: Option<u8>,
    pub space_tiles: Vec<Tile>,
    pub space_owner: Vec<Option<u8>>,
    pub turn_order: Vec<u8>,
    pub draft: Option<DraftView>,
    pub awaiting: Option<Awaiting>,
    pub winter_drawn: Vec<LandId>,
    pub pending: Vec<u8>,
    pub secrets: Option<Secrets>,
    pub court: Option<CourtView>,
    /// Landsknechte: per seat, the position of its top card in the starting order.
    pub landsknechte: Option<Vec<u8>>,
    pub generals: Option<crate::generals::Generals>,
}

/// The stage of the frame a seat decides on (the automatic set-up and round
/// steps lead to planning).
fn stage(s: &State) -> Stage {
    match s.stack.last() {
        None => Stage::Over,
        Some(Frame::Draft(_) | Frame::PlaceGroup(_)) => Stage::Draft,
        Some(Frame::FillTower | Frame::TurnUpEvents | Frame::StartRound | Frame::Planning) => {
            Stage::Planning
        }
        Some(Frame::ChooseSpace { .. }) => Stage::TurnOrder,
        Some(Frame::Actions { .. } | Frame::March(_)) => Stage::Actions,
        Some(Frame::Winter { .. } | Frame::Revolts { .. }) => Stage::Winter,
        Some(Frame::Landsknechte { .. } | Frame::ChooseBonus { .. }) => Stage::Landsknechte,
        Some(Frame::CourtCards { .. } | Frame::CourtFavor { .. } | Frame::UseFavor { .. }) => {
            Stage::Court
        }
        Some(Frame::PlaceGenerals { .. } | Frame::MoveGenerals { .. } | Frame::EndRound) => {
            Stage::Generals
        }
    }
}

pub fn view(s: &State, viewer: Viewer) -> View {
    let me = match viewer {
        Viewer::Seat(p) => Some(p as u8),
        _ => None,
    };
    let all = viewer == Viewer::Omniscient;
    let players = (0..s.n())
        .map(|p| {
            let plan = &s.plans[p];
            let own = all || me == Some(p as u8);
            // A field left free is an empty space on the mat for all to see (L408-412).
            let seen = |card: Option<Card>, revealed: bool| {
                if own || revealed || card == Some(Card::Empty) {
                    card
                } else {
                    None
                }
            };
            let fields = (0..NUM_FIELDS)
                .map(|f| seen(plan.fields.get(f).copied(), plan.revealed[f]))
                .collect();
            // The supplementary mat is turned over in court part 1 (L1399-1410).
            let court_fields = match s.court {
                Some(_) => (0..COURT_FIELDS.len())
                    .map(|f| seen(plan.court.get(f).copied(), plan.court_revealed))
                    .collect(),
                None => Vec::new(),
            };
            PlayerView {
                money: s.players[p].money,
                grain: s.players[p].grain,
                vp: s.players[p].vp,
                supply: s.players[p].supply,
                lands: s.owned(p),
                fields,
                plan_complete: plan.done(),
                tile: if s.space_owner.contains(&Some(p as u8)) {
                    s.tile_of(p)
                } else {
                    None
                },
                court_fields,
            }
        })
        .collect();
    let picked = match s.stack.last() {
        Some(Frame::PlaceGroup(p)) => Some(p),
        _ => None,
    };
    let draft = s.draft().map(|d| DraftView {
        open: d.open.clone(),
        deck_size: d.deck.len() as u32,
        groups: d.groups.clone(),
        picked: picked
            .filter(|p| !p.blind || all || me == Some(p.seat))
            .map(|p| p.land),
        picked_blind: picked.is_some_and(|p| p.blind),
        last_faced: d.last_faced.clone(),
    });
    let current_slot = s.stack.iter().find_map(|f| match f {
        Frame::Actions { slot, .. } => Some(*slot as u8),
        _ => None,
    });
    let awaiting = match s.stack.last() {
        Some(Frame::March(a)) => Some(a.clone()),
        _ => None,
    };
    let winter_drawn = match s.stack.last() {
        Some(Frame::Revolts { drawn, .. }) => drawn.clone(),
        _ => Vec::new(),
    };
    View {
        viewer: me,
        year: s.year,
        season: s.season,
        phase: stage(s),
        players,
        lands: s
            .lands
            .iter()
            .enumerate()
            .map(|(i, l)| LandView {
                owner: l.owner,
                armies: l.armies,
                buildings: l.buildings,
                unrest: l.unrest,
                in_play: s.in_play[i],
            })
            .collect(),
        peasants: s.peasants,
        tower_inside: s.tower.inside.clone(),
        tray: s.tower.tray.clone(),
        event_candidates: s.event_candidates.clone(),
        current_event: s.current_event,
        visible_actions: s
            .action_order
            .iter()
            .take(s.actions_visible)
            .copied()
            .collect(),
        current_slot,
        space_tiles: s.space_tiles.clone(),
        space_owner: s.space_owner.clone(),
        turn_order: s.turn_order.clone(),
        draft,
        awaiting,
        winter_drawn,
        pending: Wallenstein::pending(s)
            .into_iter()
            .map(|p| p as u8)
            .collect(),
        secrets: all.then(|| Secrets {
            event_deck: s.event_deck.clone(),
            draft_deck: s.draft().map(|d| d.deck.clone()).unwrap_or_default(),
            action_order: s.action_order.clone(),
            favor_deck: s.court.as_ref().map(|c| c.deck.clone()).unwrap_or_default(),
        }),
        court: s.court.as_ref().map(|c| CourtView {
            supply: c.supply.clone(),
            hall: c.hall.clone(),
            audience: c.audience.clone(),
            display: c.display.clone(),
            costs: crate::data::data().kaiserhof.space_costs.clone(),
            deck_size: c.deck.len() as u32,
            held: c.held.clone(),
            gone: c.gone.clone(),
        }),
        landsknechte: s.landsknechte.clone(),
        generals: s.generals.clone(),
    }
}
