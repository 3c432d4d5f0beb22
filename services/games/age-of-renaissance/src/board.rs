//! The tokens on the map (seed §4.3, §5.2, §9.5): per province, each player's
//! expansion tokens (established ■ and placed this phase □) and at most one control
//! token (established ● or gained this phase ○).
//!
//! Stored compactly: only the occupied entries, as `[province, seat, kind, count]`
//! (kind 0 ■, 1 □, 2 ●, 3 ○), so that a stored state stays small.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::data::{ProvinceId, data};
use crate::model::SeatId;

/// No control token.
const NONE: u8 = u8::MAX;
/// The control token was gained this expansion phase (○).
const NEW: u8 = 0x80;

/// One province's tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Prov {
    /// `NONE`, or the seat (with `NEW` for ○).
    ctrl: u8,
    /// Established expansion tokens per seat (■).
    pub est: [u8; 6],
    /// Expansion tokens placed this phase per seat (□).
    pub new: [u8; 6],
}

impl Default for Prov {
    fn default() -> Self {
        Prov {
            ctrl: NONE,
            est: [0; 6],
            new: [0; 6],
        }
    }
}

impl Prov {
    /// The controlling seat (● or ○).
    pub fn controller(&self) -> Option<SeatId> {
        (self.ctrl != NONE).then_some(self.ctrl & !NEW)
    }

    /// The control token was gained this phase (○).
    pub fn control_is_new(&self) -> bool {
        self.ctrl != NONE && self.ctrl & NEW != 0
    }

    pub fn set_control(&mut self, seat: SeatId, new: bool) {
        self.ctrl = seat | if new { NEW } else { 0 };
    }

    pub fn clear_control(&mut self) {
        self.ctrl = NONE;
    }

    /// A seat's expansion tokens here (■ and □).
    pub fn tokens(&self, seat: SeatId) -> u8 {
        self.est[seat as usize] + self.new[seat as usize]
    }

    /// Everything here counted as expansion tokens (a control token counts as the
    /// market value, seed §9.5.2).
    pub fn total(&self, market: u8) -> u32 {
        let t: u32 = (0..6).map(|s| self.tokens(s) as u32).sum();
        t + if self.ctrl != NONE { market as u32 } else { 0 }
    }

    /// A seat's presence counted as expansion tokens.
    pub fn strength_of(&self, seat: SeatId, market: u8) -> u32 {
        self.tokens(seat) as u32
            + if self.controller() == Some(seat) {
                market as u32
            } else {
                0
            }
    }

    /// Seats with anything here.
    pub fn present(&self) -> impl Iterator<Item = SeatId> + '_ {
        (0..6u8).filter(|&s| self.tokens(s) > 0 || self.controller() == Some(s))
    }

    pub fn is_empty(&self) -> bool {
        self.ctrl == NONE && self.est == [0; 6] && self.new == [0; 6]
    }
}

/// All provinces, indexed by `ProvinceId`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board(pub Vec<Prov>);

impl Board {
    pub fn new() -> Board {
        Board(vec![Prov::default(); data().provinces.len()])
    }

    pub fn get(&self, p: ProvinceId) -> &Prov {
        &self.0[p.index()]
    }

    pub fn get_mut(&mut self, p: ProvinceId) -> &mut Prov {
        &mut self.0[p.index()]
    }

    pub fn ids(&self) -> impl Iterator<Item = ProvinceId> {
        (0..self.0.len() as u8).map(ProvinceId)
    }

    /// Provinces a seat controls (● or ○).
    pub fn controlled(&self, seat: SeatId) -> impl Iterator<Item = ProvinceId> + '_ {
        self.ids()
            .filter(move |&p| self.get(p).controller() == Some(seat))
    }

    /// A seat's commodity control cards of a commodity (seed §5.3): the provinces with
    /// its control token that have the commodity.
    pub fn control_cards(&self, seat: SeatId, c: crate::data::Commodity) -> u32 {
        let d = data();
        self.controlled(seat)
            .filter(|&p| d.province(p).commodities.contains(&c))
            .count() as u32
    }

    /// Expansion tokens of a seat on the board (■ and □).
    pub fn expansion_on_board(&self, seat: SeatId) -> u32 {
        self.0.iter().map(|p| p.tokens(seat) as u32).sum()
    }

    /// Control tokens of a seat on the board.
    pub fn control_on_board(&self, seat: SeatId) -> u32 {
        self.0
            .iter()
            .filter(|p| p.controller() == Some(seat))
            .count() as u32
    }
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl Serialize for Board {
    fn serialize<S: Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        let mut out: Vec<[u8; 4]> = Vec::new();
        for (i, p) in self.0.iter().enumerate() {
            for s in 0..6u8 {
                if p.est[s as usize] > 0 {
                    out.push([i as u8, s, 0, p.est[s as usize]]);
                }
                if p.new[s as usize] > 0 {
                    out.push([i as u8, s, 1, p.new[s as usize]]);
                }
            }
            if let Some(s) = p.controller() {
                out.push([i as u8, s, if p.control_is_new() { 3 } else { 2 }, 1]);
            }
        }
        out.serialize(ser)
    }
}

impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
        let entries: Vec<[u8; 4]> = Vec::deserialize(de)?;
        let mut b = Board::new();
        for [p, s, kind, count] in entries {
            let prov =
                b.0.get_mut(p as usize)
                    .ok_or_else(|| serde::de::Error::custom("province out of range"))?;
            if s >= 6 {
                return Err(serde::de::Error::custom("seat out of range"));
            }
            match kind {
                0 => prov.est[s as usize] = count,
                1 => prov.new[s as usize] = count,
                2 => prov.set_control(s, false),
                3 => prov.set_control(s, true),
                _ => return Err(serde::de::Error::custom("unknown token kind")),
            }
        }
        Ok(b)
    }
}
