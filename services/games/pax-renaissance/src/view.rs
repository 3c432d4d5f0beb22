//! What a viewer may see [issue: hands secret, counts public; deck order
//! hidden, top backs East/West; astrology face up].

use serde::Serialize;
use signoria_engine::{Game, Seat, Viewer};

use crate::PaxRenaissance as P;
use crate::board;
use crate::data;
use crate::model::*;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerView {
    pub bank: String,
    pub colour: String,
    pub florins: i64,
    pub hand_count: u32,
    /// Only for the seat itself (and omniscient viewers).
    pub hand: Option<Vec<CardId>>,
    /// East then West, each from the player card outward.
    pub tableau: [Vec<SlotView>; 2],
    pub spinsters: Vec<CardId>,
    pub dice: u8,
    pub concessions: u32,
    pub eliminated: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SlotView {
    pub root: Member,
    /// All members: the root, a crowned queen, vassals.
    pub members: Vec<Member>,
    pub bishop: Option<Religion>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DeckView {
    pub size: u32,
    /// The East/West marker on the back of the top card [B4, C5].
    pub top_back: Option<Side>,
    /// Face up only with the astrology option [C5].
    pub top_card: Option<CardId>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct View {
    pub players: Vec<PlayerView>,
    pub active: Seat,
    pub actions_left: u8,
    pub market: [Vec<Option<MarketCard>>; 2],
    pub leftover: [i64; 2],
    pub decks: [DeckView; 2],
    pub empires: Vec<EmpireState>,
    pub flipped: Vec<bool>,
    pub cities: Vec<Vec<Piece>>,
    pub borders: Vec<Option<BorderToken>>,
    pub uncovered: [bool; 5],
    pub victory_active: [bool; 4],
    pub supply: [[u8; 3]; 3],
    pub discards: Vec<CardId>,
    /// How many cards left hands by discard or sale (which ones: omniscient only).
    pub hand_discards: u32,
    pub hand_discards_secret: Option<Vec<CardId>>,
    /// The task awaiting a decision (none once the game is over): public.
    pub task: Option<Task>,
    /// Its kind ([`crate::frames::kind`]).
    pub frame_kind: Option<&'static str>,
    /// What the viewing seat is asked, when it is pending.
    pub prompt: Option<String>,
    pub battle: Option<Battle>,
    pub winner: Option<Winner>,
    pub pending: Vec<Seat>,
    /// Omniscient only: the decks in order (top last) and the set-aside cards.
    pub secret_decks: Option<[Vec<CardId>; 2]>,
    pub set_aside: Option<Vec<CardId>>,
}

pub fn view(s: &State, viewer: Viewer) -> View {
    let omni = viewer == Viewer::Omniscient;
    let players = s
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let sees = omni || viewer == Viewer::Seat(i);
            let bank = &data::player_cards()[p.bank as usize];
            PlayerView {
                bank: bank.name.clone(),
                colour: bank.colour.name().to_string(),
                florins: p.florins,
                hand_count: p.hand.len() as u32,
                hand: sees.then(|| p.hand.clone()),
                tableau: [0, 1].map(|side| {
                    p.tableau[side]
                        .iter()
                        .map(|sl| SlotView {
                            root: sl.root,
                            members: board::members_of(s, sl.root),
                            bishop: sl.bishop,
                        })
                        .collect()
                }),
                spinsters: p.spinsters.clone(),
                dice: p.dice,
                concessions: board::concessions(s, i) as u32,
                eliminated: p.eliminated,
            }
        })
        .collect();
    let deck = |i: usize| DeckView {
        size: s.decks[i].len() as u32,
        top_back: s.decks[i].last().map(|&c| data::card(c).deck),
        top_card: if s.options.astrology || omni {
            s.decks[i].last().copied()
        } else {
            None
        },
    };
    View {
        players,
        active: s.active,
        actions_left: s.turn.actions_left,
        market: s.market.clone(),
        leftover: s.leftover,
        decks: [deck(0), deck(1)],
        empires: s.empires.clone(),
        flipped: s.flipped.clone(),
        cities: s.cities.clone(),
        borders: s.borders.clone(),
        uncovered: s.uncovered,
        victory_active: s.victory_active,
        supply: s.supply,
        discards: s.discards.clone(),
        hand_discards: s.hand_discards.len() as u32,
        hand_discards_secret: omni.then(|| s.hand_discards.clone()),
        task: s.stack.last().cloned(),
        frame_kind: s.stack.last().map(crate::frames::kind),
        prompt: match viewer {
            Viewer::Seat(seat) => P::prompt_for(s, seat),
            _ => None,
        },
        battle: s.battle.clone(),
        winner: s.winner.clone(),
        pending: P::pending(s),
        secret_decks: omni.then(|| s.decks.clone()),
        set_aside: omni.then(|| s.set_aside.clone()),
    }
}
