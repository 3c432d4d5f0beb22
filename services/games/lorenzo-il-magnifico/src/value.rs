//! Action values: dice, leaders, characters, excommunications, servants
//! [B Aktionen L114–136; Exkommunikationsplaettchen L730–752; leaders L593, L658, L665, L679].

use crate::data::card;
use crate::model::*;

pub mod leader {
    pub const SFORZA: u8 = 0;
    pub const ARIOSTO: u8 = 1;
    pub const BRUNELLESCHI: u8 = 2;
    pub const FEDERICO: u8 = 3;
    pub const SAVONAROLA: u8 = 4;
    pub const BANDE_NERE: u8 = 5;
    pub const BOTTICELLI: u8 = 6;
    pub const MICHELANGELO: u8 = 7;
    pub const GONZAGA: u8 = 8;
    pub const LEONARDO: u8 = 9;
    pub const PICO: u8 = 10;
    pub const SISTO: u8 = 11;
    pub const LUCREZIA: u8 = 12;
    pub const SIGISMONDO: u8 = 13;
    pub const LORENZO: u8 = 14;
    pub const MORO: u8 = 15;
    pub const CESARE: u8 = 16;
    pub const SANTA_RITA: u8 = 17;
    pub const COSIMO: u8 = 18;
    pub const COLLEONI: u8 = 19;
}

/// Excommunication tile ids (data/excommunications.json).
pub mod ex {
    pub const LESS_MP: u8 = 0;
    pub const LESS_COINS: u8 = 1;
    pub const LESS_SERVANTS: u8 = 2;
    pub const LESS_WOOD_STONE: u8 = 3;
    pub const HARVEST_MINUS_3: u8 = 4;
    pub const PRODUCTION_MINUS_3: u8 = 5;
    pub const COLOURED_MINUS_1: u8 = 6;
    /// 7 + kind index: taking a card of that kind −4.
    pub const TAKE_MINUS_4: u8 = 7;
    pub const NO_MARKET: u8 = 11;
    pub const SERVANTS_DOUBLE: u8 = 12;
    pub const SKIP_FIRST_TURN: u8 = 13;
    pub const NO_VP_CHARACTERS: u8 = 14;
    pub const NO_VP_VENTURES: u8 = 15;
    pub const NO_VP_TERRITORIES: u8 = 16;
    pub const VP_PER_5_VP: u8 = 17;
    pub const VP_PER_MP: u8 = 18;
    pub const VP_PER_BUILDING_COST: u8 = 19;
    pub const VP_PER_RESOURCE: u8 = 20;
}

/// The seat bears the excommunication tile `tile` [C Vatikanbericht L402: from then on].
pub fn has_ex(s: &State, seat: usize, tile: u8) -> bool {
    let p = tile as usize / 7;
    s.excomm_tiles[p] == tile && s.players[seat].excomm & (1 << p) != 0
}

/// A played leader's ability applies to the seat (also through Lorenzo's copy).
pub fn has_leader(s: &State, seat: usize, l: u8) -> bool {
    let p = &s.players[seat];
    p.leaders.contains(&l)
        || (l != leader::LORENZO && p.copy == Some(l) && p.leaders.contains(&leader::LORENZO))
}

/// A once-per-round ability was activated this round (face down), directly or via Lorenzo.
pub fn active_this_round(s: &State, seat: usize, l: u8) -> bool {
    let p = &s.players[seat];
    (p.leaders.contains(&l) && p.used & (1 << l) != 0)
        || (p.copy == Some(l)
            && p.leaders.contains(&leader::LORENZO)
            && p.used & (1 << leader::LORENZO) != 0)
}

/// Servants per +1 [Exkommunikationsplaettchen L750].
pub fn servant_ratio(s: &State, seat: usize) -> i32 {
    if has_ex(s, seat, ex::SERVANTS_DOUBLE) {
        2
    } else {
        1
    }
}

/// A family member's value before servants [B Aktionen L120–126; leaders L593, L658, L665, L679; L738].
/// Overrides (Ludovico il Moro 5, Federico 6) first, then the additive modifiers.
pub fn member_value(s: &State, seat: usize, member: u8) -> i32 {
    if member == NEUTRAL {
        let mut v = 0;
        if has_leader(s, seat, leader::SIGISMONDO) {
            v += 3;
        }
        return v;
    }
    let mut v = s.dice[member as usize] as i32;
    if has_leader(s, seat, leader::MORO) {
        v = 5;
    }
    if s.players[seat].federico == Some(member) {
        v = 6;
    }
    if active_this_round(s, seat, leader::LUCREZIA) {
        v += 2;
    }
    if has_ex(s, seat, ex::COLOURED_MINUS_1) {
        v -= 1;
    }
    v
}

/// Modifiers of an action that takes a card of `kind`: characters' permanent
/// bonuses and the period-II −4 tile [L562; L740–746].
pub fn take_modifier(s: &State, seat: usize, kind: Kind) -> i32 {
    let mut v = 0;
    for &c in &s.players[seat].cards[Kind::Character.idx()] {
        if let Some(p) = &card(c).permanent
            && p.take_bonus == Some(kind)
        {
            v += p.value;
        }
    }
    if has_ex(s, seat, ex::TAKE_MINUS_4 + kind.idx() as u8) {
        v -= 4;
    }
    v
}

/// The characters' bonus to a harvest/production member or action (not for
/// leader actions, L572/L637). It raises the member's value [L275/L294: „Ihr
/// Wert kann durch Diener oder Karteneffekte erhöht werden“].
pub fn work_bonus(s: &State, seat: usize, harvest: bool, leader_action: bool) -> i32 {
    let mut v = 0;
    if !leader_action {
        for &c in &s.players[seat].cards[Kind::Character.idx()] {
            if let Some(p) = &card(c).permanent {
                v += if harvest {
                    p.harvest_bonus.unwrap_or(0)
                } else {
                    p.production_bonus.unwrap_or(0)
                };
            }
        }
    }
    v
}

/// The period-I −3 tiles: they lower the ACTION value of every harvest /
/// production (space, card or leader), like the large space's −3; they are no
/// placement condition [L730–736; L290; RULINGS.md R2].
pub fn work_malus(s: &State, seat: usize, harvest: bool) -> i32 {
    if has_ex(
        s,
        seat,
        if harvest {
            ex::HARVEST_MINUS_3
        } else {
            ex::PRODUCTION_MINUS_3
        },
    ) {
        3
    } else {
        0
    }
}

/// All modifiers of a harvest/production action value: characters (not for
/// leader actions) and the period-I −3 tiles (always) [L572/L637; L730–736].
pub fn work_modifier(s: &State, seat: usize, harvest: bool, leader_action: bool) -> i32 {
    work_bonus(s, seat, harvest, leader_action) - work_malus(s, seat, harvest)
}

/// The highest activation value among the seat's territories (harvest) or
/// buildings (production), at least 1 (the personal bonus tile).
pub fn work_target(s: &State, seat: usize, harvest: bool) -> i32 {
    let kind = if harvest {
        Kind::Territory
    } else {
        Kind::Building
    };
    s.players[seat].cards[kind.idx()]
        .iter()
        .map(|&c| card(c).activation)
        .max()
        .unwrap_or(1)
        .max(1)
}

/// Servants to spend so that `base + servants/ratio >= need` (0 if already).
pub fn servants_for(s: &State, seat: usize, base: i32, need: i32) -> i32 {
    (need - base).max(0) * servant_ratio(s, seat)
}
