//! Military-advantage cards (seed A.2 Steigbügel, Rüstung, Langbogen, Schießpulver;
//! §9.5.2): for the rest of the round +1 strength in province combat and +1 on the War
//! die, and an attack wins on black = white. Stirrups gives no +1 against an opponent
//! with Armor, Longbow none against Gunpowder; Longbow and Gunpowder cancel Stirrups and
//! Armor (RULINGS R-MILITARY).

use crate::data::{Event, data};
use crate::model::{SeatId, State};

/// The advantage events a seat has in effect this round.
pub fn active(s: &State, seat: SeatId) -> Vec<Event> {
    s.this_round
        .military
        .iter()
        .filter(|(p, _)| *p == seat)
        .filter_map(|(_, c)| data().card(*c).event())
        .filter(|e| {
            !(s.permanent.stirrups_armor_dead && matches!(e, Event::Stirrups | Event::Armor))
        })
        .collect()
}

/// Wins an attack on black = white (seed §9.5.2).
pub fn tie_wins(s: &State, seat: SeatId) -> bool {
    !s.player(seat).out && !active(s, seat).is_empty()
}

/// Combat strength from advantages against these opponents. The cards of a player out
/// of the game no longer count, neither for him nor against others (only his
/// Nationalism does, seed §9.4.3; RULINGS R-OUT).
pub fn strength(s: &State, seat: SeatId, opponents: &[SeatId]) -> u32 {
    if s.player(seat).out {
        return 0;
    }
    let theirs: Vec<Event> = opponents
        .iter()
        .filter(|&&o| !s.player(o).out)
        .flat_map(|&o| active(s, o))
        .collect();
    active(s, seat)
        .into_iter()
        .filter(|e| match e {
            Event::Stirrups => !theirs.contains(&Event::Armor),
            Event::Longbow => !theirs.contains(&Event::Gunpowder),
            _ => true,
        })
        .count() as u32
}

/// The War die modifier from advantages: one per card in effect (seed A.2 Krieg).
pub fn war_bonus(s: &State, seat: SeatId) -> u32 {
    active(s, seat).len() as u32
}
