//! Combat and revolts (seed L729-900; digest §5.4-5.5): who is thrown into the
//! tower, how the cubes in the tray are counted, and what winning, losing and
//! a tie do to the land.

use signoria_engine::Scoped;

use crate::data::{EventEffect, LandId};
use crate::generals;
use crate::model::{Action, Battle, BattleKind, BattleResult, Card, Event, PALACE, State, Tile};

/// A land changes hands: its card moves at once, even off a mat, and any plan
/// naming it is void for the rest of the round (L615-619, L898-900). Taking the
/// card off the old owner's mat shows everyone which field it lay on.
pub fn set_owner(s: &mut State, land: LandId, owner: Option<u8>, ev: &mut Vec<Scoped<Event>>) {
    if s.lands[land as usize].owner != owner {
        if let Some(old) = s.lands[land as usize].owner {
            let plan = &mut s.plans[old as usize];
            if let Some(f) = plan.fields.iter().position(|&c| c == Card::Land(land))
                && !plan.revealed[f]
                && let Some(action) = Action::from_u8(f as u8)
            {
                plan.revealed[f] = true;
                ev.push(Scoped::public(Event::CardRevealed {
                    seat: old,
                    action,
                    card: Card::Land(land),
                }));
            }
        }
        if let Some(old) = s.lands[land as usize].owner {
            generals::land_lost(s, land, old, ev);
        }
        s.lands[land as usize].owner = owner;
        if !s.voided.contains(&land) {
            s.voided.push(land);
        }
        ev.push(Scoped::public(Event::OwnerChanged { land, owner }));
    }
}

/// A tie or a lost revolt wipes the land: buildings, armies and unrest markers
/// go, the card returns to the unowned pile (L849-853, L857-862).
fn wipe(s: &mut State, land: LandId, ev: &mut Vec<Scoped<Event>>) {
    let l = &mut s.lands[land as usize];
    if let Some(o) = l.owner {
        s.players[o as usize].supply += l.armies;
    }
    l.armies = 0;
    l.buildings = [false; 3];
    l.unrest = 0;
    set_owner(s, land, None, ev);
}

/// Take up to `want` cubes from a seat's supply (an empty supply adds nothing, RULINGS R15).
fn from_supply(s: &mut State, seat: usize, want: u32) -> u32 {
    let k = want.min(s.players[seat].supply);
    s.players[seat].supply -= k;
    k
}

fn peasants_from_supply(s: &mut State, want: u32) -> u32 {
    let k = want.min(s.peasants);
    s.peasants -= k;
    k
}

/// Fight/Move into a land that is not the attacker's own: against its owner,
/// or against 1 peasant (2 with the neutral event) if it is neutral (L770-783).
pub fn attack(
    s: &mut State,
    seat: usize,
    from: LandId,
    to: LandId,
    count: u32,
    ev: &mut Vec<Scoped<Event>>,
) {
    let n = s.n();
    let mut thrown = vec![0u32; n + 1];
    s.lands[from as usize].armies -= count;
    thrown[seat] = count;
    if s.tile_of(seat) == Some(Tile::Attack) {
        thrown[seat] += from_supply(s, seat, 1);
    }
    let target = s.lands[to as usize].clone();
    match target.owner {
        Some(d) => {
            let d = d as usize;
            thrown[d] = target.armies;
            s.lands[to as usize].armies = 0;
            // Palace event first, then the defence tile (L343-350, L1030-1037; RULINGS R12).
            if s.event_effect() == Some(EventEffect::PalaceDefenderPlusOne)
                && target.buildings[PALACE]
            {
                thrown[d] += from_supply(s, d, 1);
            }
            if s.tile_of(d) == Some(Tile::Defence) {
                thrown[d] += from_supply(s, d, 1);
            }
            fight(
                s,
                BattleKind::Attack,
                to,
                Some(seat as u8),
                Some(d as u8),
                thrown,
                ev,
            );
        }
        None => {
            let want = if s.event_effect() == Some(EventEffect::NeutralTwoPeasants) {
                2
            } else {
                1
            };
            thrown[n] = peasants_from_supply(s, want);
            fight(
                s,
                BattleKind::Neutral,
                to,
                Some(seat as u8),
                None,
                thrown,
                ev,
            );
        }
    }
}

/// A revolt against `seat` in `land` with `peasants` peasants (unrest markers,
/// plus the supply table's extra peasants in winter). Returns whether the
/// seat put it down and keeps the land (L785-818, L855-865).
pub fn revolt(
    s: &mut State,
    seat: usize,
    land: LandId,
    peasants: u32,
    kind: BattleKind,
    ev: &mut Vec<Scoped<Event>>,
) -> bool {
    let n = s.n();
    let mut thrown = vec![0u32; n + 1];
    thrown[seat] = s.lands[land as usize].armies;
    s.lands[land as usize].armies = 0;
    thrown[n] = peasants_from_supply(s, peasants);
    fight(s, kind, land, None, Some(seat as u8), thrown, ev) == BattleResult::DefenderWins
}

/// Throw the cubes (with the tray) and settle the battle.
fn fight(
    s: &mut State,
    kind: BattleKind,
    land: LandId,
    attacker: Option<u8>,
    defender: Option<u8>,
    thrown: Vec<u32>,
    ev: &mut Vec<Scoped<Event>>,
) -> BattleResult {
    let n = s.n();
    let (all, out) = s.tower.throw(&thrown, &mut s.rng, true);
    // Whose side the peasants in the tray are on (L832-835; RULINGS R13).
    let (peasants_attack, peasants_defend) = match kind {
        BattleKind::Revolt | BattleKind::WinterRevolt => (true, false),
        BattleKind::Neutral => (false, true),
        BattleKind::Attack => (false, s.lands[land as usize].unrest == 0),
    };
    let a_own = attacker.map_or(0, |p| out[p as usize]);
    let d_own = defender.map_or(0, |p| out[p as usize]);
    let pe = out[n];
    let a = a_own + if peasants_attack { pe } else { 0 };
    let d = d_own + if peasants_defend { pe } else { 0 };
    // Involved cubes leave the tray; uninvolved ones stay for the next battle (L822-828).
    for p in [attacker, defender].into_iter().flatten() {
        s.tower.tray[p as usize] = 0;
    }
    if peasants_attack || peasants_defend {
        s.tower.tray[n] = 0;
        s.peasants += pe;
    }
    let mut result = if a > d {
        BattleResult::AttackerWins
    } else if d > a {
        BattleResult::DefenderWins
    } else {
        BattleResult::Tie
    };
    // The defender's side won with only peasants in the tray: a tie (L880-882).
    if result == BattleResult::DefenderWins
        && matches!(kind, BattleKind::Attack | BattleKind::Neutral)
        && d_own == 0
    {
        result = BattleResult::Tie;
    }
    let mut armies_after = 0;
    match (result, attacker, defender) {
        (BattleResult::AttackerWins, Some(att), _) => {
            // The winner loses as many cubes as the loser had in the tray (L841-843).
            if let Some(def) = defender {
                s.players[def as usize].supply += d_own;
            }
            let remain = a_own - d;
            s.players[att as usize].supply += d;
            s.lands[land as usize].armies = remain;
            armies_after = remain;
            set_owner(s, land, Some(att), ev);
        }
        (BattleResult::DefenderWins, _, Some(def)) => {
            if let Some(att) = attacker {
                s.players[att as usize].supply += a_own;
            }
            // Peasants on the defender's side absorb the losses first (L834-835).
            let peasant_losses = if peasants_defend { a.min(pe) } else { 0 };
            let own_losses = a - peasant_losses;
            let remain = d_own - own_losses;
            s.players[def as usize].supply += own_losses;
            s.lands[land as usize].armies = remain;
            armies_after = remain;
        }
        _ => {
            // Tie, or peasants beat the player in a revolt: all involved cubes
            // return to supply and the land is wiped (L849-853, L857-862).
            if let Some(att) = attacker {
                s.players[att as usize].supply += a_own;
            }
            if let Some(def) = defender {
                s.players[def as usize].supply += d_own;
            }
            wipe(s, land, ev);
        }
    }
    ev.push(Scoped::public(Event::Fought(Battle {
        kind,
        land,
        attacker,
        defender,
        thrown: all,
        out,
        attacker_count: a,
        defender_count: d,
        result,
        armies_after,
    })));
    result
}
