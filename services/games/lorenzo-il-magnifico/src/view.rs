//! What a viewer may see [hidden information: leader hands, draft packets,
//! deck order; digest §6]. Unused excommunication tiles are not even in the state.

use serde::Serialize;
use signoria_engine::Viewer;

use crate::LorenzoIlMagnifico;
use crate::model::*;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerView {
    pub seat: u8,
    pub res: Res,
    pub cards: [Vec<u8>; 4],
    pub placed: u8,
    pub passed: bool,
    pub tile: Option<u8>,
    pub excomm: u8,
    pub leaders: Vec<u8>,
    pub used: Vec<u8>,
    pub copy: Option<u8>,
    pub federico: Option<u8>,
    pub hand_size: usize,
    /// `Some` only for the seat itself and omniscient viewers.
    pub hand: Option<Vec<u8>>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct View {
    pub advanced: bool,
    pub round: u8,
    pub period: u8,
    pub phase: &'static str,
    pub dice: [u8; 3],
    pub order: Vec<u8>,
    pub active: Option<u8>,
    pub towers: Vec<Option<u8>>,
    pub occupants: Vec<Vec<u8>>,
    pub excomm_tiles: [u8; 3],
    pub players: Vec<PlayerView>,
    pub deck_sizes: [usize; 4],
    pub pending: Vec<usize>,
    /// The decision asked in the middle of an action (the top frame, when it
    /// is not the phase); public, like everything it holds.
    pub decision: Option<Frame>,
    pub available_tiles: Vec<u8>,
    pub draft_packet: Vec<u8>,
    pub draft_pick: Option<u8>,
    pub scores: Option<Vec<ScoreLine>>,
    /// Omniscient only.
    pub decks: Option<Vec<Vec<u8>>>,
}

pub fn view(s: &State, viewer: Viewer) -> View {
    let sees_hand =
        |seat: usize| matches!(viewer, Viewer::Omniscient) || viewer == Viewer::Seat(seat);
    let players = s
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| PlayerView {
            seat: i as u8,
            res: p.res,
            cards: p.cards.clone(),
            placed: p.placed,
            passed: p.out,
            tile: (p.tile != 255).then_some(p.tile),
            excomm: p.excomm,
            leaders: p.leaders.clone(),
            used: p
                .leaders
                .iter()
                .copied()
                .filter(|&l| p.used & (1 << l) != 0)
                .collect(),
            copy: p.copy,
            federico: p.federico,
            hand_size: p.hand.len(),
            hand: sees_hand(i).then(|| {
                let mut h = p.hand.clone();
                h.sort_unstable();
                h
            }),
        })
        .collect();
    let (phase, active) = match s.phase() {
        Some(Frame::TileDraft { .. }) => ("tile_draft", None),
        Some(Frame::LeaderDraft { .. }) => ("leader_draft", None),
        Some(Frame::Turn { seat, .. }) => ("actions", Some(*seat)),
        Some(Frame::Vatican { .. }) => ("vatican", None),
        _ => ("over", None),
    };
    let (mut draft_packet, mut draft_pick) = (Vec::new(), None);
    if let (Some(Frame::LeaderDraft { packets, picked }), Viewer::Seat(me)) = (s.phase(), viewer)
        && me < s.n()
    {
        draft_packet = packets[me].clone();
        draft_packet.sort_unstable();
        draft_pick = picked[me];
    }
    let available_tiles = match s.phase() {
        Some(Frame::TileDraft { available, .. }) => available.clone(),
        _ => vec![],
    };
    View {
        advanced: s.advanced,
        round: s.round,
        period: s.period() as u8 + 1,
        phase,
        dice: s.dice,
        order: s.order.clone(),
        active,
        towers: s.towers.to_vec(),
        occupants: s.occ.clone(),
        excomm_tiles: s.excomm_tiles,
        players,
        deck_sizes: [
            s.decks[0].len(),
            s.decks[1].len(),
            s.decks[2].len(),
            s.decks[3].len(),
        ],
        pending: <LorenzoIlMagnifico as signoria_engine::Game>::pending(s),
        decision: s.top().filter(|f| !f.is_phase()).cloned(),
        available_tiles,
        draft_packet,
        draft_pick,
        scores: s.scores.clone(),
        decks: matches!(viewer, Viewer::Omniscient).then(|| s.decks.to_vec()),
    }
}
