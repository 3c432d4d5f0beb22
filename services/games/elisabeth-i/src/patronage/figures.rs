//! The artists and scientists of the patronage display and the VP markers ([22]), from
//! `data/patronage.json` (reconstructed: the counters are not in the seed).

use std::sync::OnceLock;

use serde::Deserialize;

use crate::data::{Power, Provenance};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Literature,
    Painter,
    Architect,
    Scientist,
}

impl Kind {
    pub fn is_artist(self) -> bool {
        self != Kind::Scientist
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Figure {
    pub id: String,
    pub name: String,
    pub kind: Kind,
    /// The printed value (added to the evaluation roll, [22.1]).
    pub value: u8,
    pub entry_turn: u8,
    /// The power whose artists/scientists it counts among (None: from Italy).
    pub power: Option<Power>,
    /// From Italy: sponsored only through three events ([22.1]).
    #[serde(default)]
    pub italian: bool,
    pub prov: Provenance,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Markers {
    pub literature: Vec<u8>,
    pub painter: Vec<u8>,
    pub architect: Vec<u8>,
    /// 1-VP artist markers that fit any type ([22.1] note).
    pub artist_any: Vec<u8>,
    pub science: Vec<u8>,
    pub prov: Provenance,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pack {
    pub about: String,
    pub figures: Vec<Figure>,
    pub markers: Markers,
    pub cp_modifier: serde_json::Value,
}

pub fn pack() -> &'static Pack {
    static P: OnceLock<Pack> = OnceLock::new();
    P.get_or_init(|| {
        serde_json::from_str(include_str!("../../data/patronage.json"))
            .expect("data/patronage.json parses")
    })
}

pub fn figure(i: u8) -> &'static Figure {
    &pack().figures[i as usize]
}

pub fn count() -> u8 {
    pack().figures.len() as u8
}

/// The modifier for the CP spent on sponsoring ([22.1]).
pub fn cp_modifier(cp: u8) -> u8 {
    pack().cp_modifier[cp.to_string()].as_u64().unwrap_or(0) as u8
}

/// The VP markers a figure of this kind may take: (marker pile, values).
pub fn piles(kind: Kind) -> Vec<(Pile, &'static [u8])> {
    let m = &pack().markers;
    match kind {
        Kind::Literature => vec![
            (Pile::Literature, &m.literature[..]),
            (Pile::ArtistAny, &m.artist_any[..]),
        ],
        Kind::Painter => vec![
            (Pile::Painter, &m.painter[..]),
            (Pile::ArtistAny, &m.artist_any[..]),
        ],
        Kind::Architect => vec![
            (Pile::Architect, &m.architect[..]),
            (Pile::ArtistAny, &m.artist_any[..]),
        ],
        Kind::Scientist => vec![(Pile::Science, &m.science[..])],
    }
}

/// A pile of VP markers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, Deserialize)]
pub enum Pile {
    Literature,
    Painter,
    Architect,
    ArtistAny,
    Science,
}
