//! Placing family members: which spaces are open, occupancy, the colour rule,
//! action values and servants; market and council palace rewards
//! [B Aktionen L102–138; L243–265; Ernte und Produktion L267–298; Der Markt
//! L320–347; Der Ratspalast L349–376; Aufbau L64–65].

use std::borrow::Cow;

use crate::data::board;
use crate::effects::{grant, grant_bag, push_privileges};
use crate::model::*;
use crate::towers::{check_take, floor_value, start_take};
use crate::value::*;
use crate::work::{harvest, start_production};

/// Spaces covered for the player count [Aufbau L64–65]: 2 players: the large
/// harvest/production spaces and two market spaces; 3 players: the two market spaces.
pub fn space_open(players: usize, space: u8) -> bool {
    match space {
        HARVEST_LARGE | PRODUCTION_LARGE => players >= 3,
        20..24 => players >= board().market[(space - MARKET) as usize].min_players,
        _ => space < SPACES,
    }
}

/// The action group of a space for the colour rule: a tower, the harvest
/// area or the production area [L261, L273, L292; L775].
pub fn group(space: u8) -> Option<u8> {
    match space {
        0..16 => Some(space / 4),
        HARVEST_SMALL | HARVEST_LARGE => Some(4),
        PRODUCTION_SMALL | PRODUCTION_LARGE => Some(5),
        _ => None,
    }
}

/// Spaces that hold one member only (the large spaces and the council hold any number).
pub fn single(space: u8) -> bool {
    !matches!(space, HARVEST_LARGE | PRODUCTION_LARGE | COUNCIL)
}

pub fn is_harvest(space: u8) -> bool {
    matches!(space, HARVEST_SMALL | HARVEST_LARGE)
}
pub fn is_production(space: u8) -> bool {
    matches!(space, PRODUCTION_SMALL | PRODUCTION_LARGE)
}

/// Everything but value and cost: member free, space open and free (Ariosto),
/// colour rule, the no-market tile.
pub fn basic_check(s: &State, seat: usize, member: u8, space: u8) -> Result<(), Cow<'static, str>> {
    basic_check_with(s, seat, member, space, coloured_groups(s, seat))
}

/// Bit per action group (towers 0..4, harvest 4, production 5) where the seat
/// already has a coloured member.
pub fn coloured_groups(s: &State, seat: usize) -> u8 {
    let mut mask = 0u8;
    for sp in 0..20u8 {
        if let Some(g) = group(sp)
            && s.occ[sp as usize]
                .iter()
                .any(|&o| o as usize / 4 == seat && o % 4 != NEUTRAL)
        {
            mask |= 1 << g;
        }
    }
    mask
}

fn basic_check_with(
    s: &State,
    seat: usize,
    member: u8,
    space: u8,
    coloured: u8,
) -> Result<(), Cow<'static, str>> {
    if member > NEUTRAL {
        return Err("no such family member".into());
    }
    if s.players[seat].placed & (1 << member) != 0 {
        return Err(Cow::Owned(format!(
            "the {} member is already placed this round",
            MEMBER_NAMES[member as usize]
        )));
    }
    if space >= SPACES || !space_open(s.n(), space) {
        return Err("that space is covered in this player count".into());
    }
    if single(space) && !s.occ[space as usize].is_empty() && !has_leader(s, seat, leader::ARIOSTO) {
        return Err("that space is occupied".into());
    }
    if (MARKET..COUNCIL).contains(&space) && has_ex(s, seat, ex::NO_MARKET) {
        return Err("excommunicated: no market".into());
    }
    if member != NEUTRAL
        && let Some(g) = group(space)
        && coloured & (1 << g) != 0
    {
        return Err("you already have a coloured member in that action group".into());
    }
    Ok(())
}

/// (value before servants, value needed to place, value beyond which servants are wasted).
pub fn requirement(s: &State, seat: usize, member: u8, space: u8) -> (i32, i32, i32) {
    Mods::new(s, seat).requirement(member_value(s, seat, member), space)
}

/// The seat's modifiers, computed once per listing.
pub struct Mods {
    take: [i32; 4],
    /// Characters' harvest/production bonus (part of the member's value).
    work: [i32; 2],
    /// The period-I −3 tiles (action value only).
    malus: [i32; 2],
    target: [i32; 2],
}

impl Mods {
    pub fn new(s: &State, seat: usize) -> Mods {
        Mods {
            take: Kind::ALL.map(|k| take_modifier(s, seat, k)),
            work: [
                work_bonus(s, seat, true, false),
                work_bonus(s, seat, false, false),
            ],
            malus: [work_malus(s, seat, true), work_malus(s, seat, false)],
            target: [work_target(s, seat, true), work_target(s, seat, false)],
        }
    }

    /// Towers need the floor value; harvest/production need a MEMBER value
    /// (die, leaders, characters, servants) of 1 and are worth raising up to the
    /// highest activation value + 3 on the large spaces + 3 with the period-I
    /// tile, which both lower the action value only; market and council need 1
    /// [L254–257, L288–290, L327, L354; L730–736; RULINGS.md R1, R2].
    pub fn requirement(&self, mv: i32, space: u8) -> (i32, i32, i32) {
        match space {
            0..16 => {
                let base = mv + self.take[space as usize / 4];
                (base, floor_value(space), floor_value(space))
            }
            HARVEST_SMALL | HARVEST_LARGE | PRODUCTION_SMALL | PRODUCTION_LARGE => {
                let i = if is_harvest(space) { 0 } else { 1 };
                let malus = if matches!(space, HARVEST_LARGE | PRODUCTION_LARGE) {
                    3
                } else {
                    0
                };
                (mv + self.work[i], 1, self.target[i] + malus + self.malus[i])
            }
            _ => (mv, 1, 1),
        }
    }
}

/// Legal servant amounts: at least what reaching `need` takes, never more than
/// reaching `target` takes [B Aktionen L136; Yucata L773; RULINGS.md R1], in
/// steps of the servant ratio, within the supply.
pub fn servant_options(s: &State, seat: usize, base: i32, need: i32, target: i32) -> Vec<u8> {
    let r = servant_ratio(s, seat);
    let kmin = (need - base).max(0);
    let kmax = kmin.max(target - base);
    let have = s.players[seat].res.0[SERVANTS];
    (kmin..=kmax)
        .map(|k| k * r)
        .take_while(|&sv| sv <= have)
        .map(|sv| sv as u8)
        .collect()
}

/// Full legality of a placement.
pub fn check_place(
    s: &State,
    seat: usize,
    member: u8,
    space: u8,
    servants: u8,
) -> Result<i32, String> {
    basic_check(s, seat, member, space).map_err(|e| e.into_owned())?;
    let (base, need, target) = requirement(s, seat, member, space);
    let opts = servant_options(s, seat, base, need, target);
    if !opts.contains(&servants) {
        return Err(if opts.is_empty() {
            format!(
                "value {base} is too low for {} even with all your servants",
                space_name(space)
            )
        } else {
            format!("servants must be one of {opts:?} here (no more than needed)")
        });
    }
    if space < 16 {
        check_take(s, seat, space, servants as i32, &Res::default()).map_err(|e| e.to_string())?;
    }
    Ok(base + servants as i32 / servant_ratio(s, seat))
}

/// All legal placements of a seat, in order member, space, servants.
pub fn placements(s: &State, seat: usize) -> Vec<Move> {
    let mut out = Vec::new();
    placements_into(s, seat, false, &mut out);
    out
}

/// Is any placement possible?
pub fn any_placement(s: &State, seat: usize) -> bool {
    let mut out = Vec::new();
    placements_into(s, seat, true, &mut out);
    !out.is_empty()
}

fn placements_into(s: &State, seat: usize, first_only: bool, out: &mut Vec<Move>) {
    let coloured = coloured_groups(s, seat);
    let mods = Mods::new(s, seat);
    for member in 0..4u8 {
        if s.players[seat].placed & (1 << member) != 0 {
            continue;
        }
        let mv = member_value(s, seat, member);
        for space in 0..SPACES {
            if basic_check_with(s, seat, member, space, coloured).is_err() {
                continue;
            }
            if space < 16 && s.towers[space as usize].is_none() {
                continue;
            }
            let (base, need, target) = mods.requirement(mv, space);
            let r = servant_ratio(s, seat);
            let kmin = (need - base).max(0);
            let kmax = kmin.max(target - base);
            let have = s.players[seat].res.0[SERVANTS];
            for sv in (kmin..=kmax)
                .map(|k| k * r)
                .take_while(|&sv| sv <= have)
                .map(|sv| sv as u8)
            {
                if space < 16 && check_take(s, seat, space, sv as i32, &Res::default()).is_err() {
                    continue;
                }
                out.push(Move::Place {
                    member,
                    space,
                    servants: sv,
                });
                if first_only {
                    return;
                }
            }
        }
    }
}

/// Carry out a checked placement.
pub fn place(
    s: &mut State,
    seat: usize,
    member: u8,
    space: u8,
    servants: u8,
    value: i32,
    events: &mut Vec<Event>,
) {
    let p = &mut s.players[seat];
    p.res.0[SERVANTS] -= servants as i32;
    p.placed |= 1 << member;
    events.push(Event::Placed {
        seat: seat as u8,
        member,
        space,
        servants,
        value,
    });
    // The fee is computed before the member stands in the tower [L260].
    if space < 16 {
        let fee = crate::towers::fee(s, seat, space);
        s.occ[space as usize].push(seat as u8 * 4 + member);
        start_take(s, seat, space, fee, Res::default(), events);
        return;
    }
    s.occ[space as usize].push(seat as u8 * 4 + member);
    match space {
        // `value` is the member's value; the action value is 3 lower on the large
        // spaces and 3 lower with the period-I tile [L290; L730–736].
        HARVEST_SMALL => harvest(s, seat, value - work_malus(s, seat, true), events),
        HARVEST_LARGE => harvest(s, seat, value - 3 - work_malus(s, seat, true), events),
        PRODUCTION_SMALL => start_production(s, seat, value - work_malus(s, seat, false), events),
        PRODUCTION_LARGE => {
            start_production(s, seat, value - 3 - work_malus(s, seat, false), events)
        }
        COUNCIL => {
            // 1 coin + 1 privilege per member [L356/L370].
            let c = board().council;
            grant(s, seat, c.res(), false);
            push_privileges(s, seat, c.privileges);
        }
        _ => {
            let gain = board().market[(space - MARKET) as usize].gain;
            grant_bag(s, seat, &gain, false);
        }
    }
}
