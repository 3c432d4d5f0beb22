//! The start of a game from a scenario of the data pack (seed [3.1] for what the seed
//! fixes; the set-up itself is the data pack's reconstruction).

use signoria_engine::{GameRng, SetupError};

use crate::board::{owner_pw, set_war};
use crate::data::{PoolOwner, Power, Religion, data};
use crate::model::{Force, Frame, Leader, Loc, Options, PowerState, SpaceState, State, Troops, pw};

pub fn setup(options: &Options, players: usize, seed: u64) -> Result<State, SetupError> {
    let d = data();
    // [3.1]: 2 to 6 players; the seats and the activated majors of each count are in
    // data/scenarios.json (RULINGS P1).
    let pc = d.player_count(players as u8).ok_or_else(|| {
        SetupError(format!(
            "Elisabeth I. plays with 2 to 6 players, {players} asked"
        ))
    })?;
    let sc = d
        .scenario(&options.scenario)
        .ok_or_else(|| SetupError(format!("unknown scenario {:?}", options.scenario)))?;
    // [3.1] 1: every space starts under its home power; grey spaces are independent.
    let mut spaces: Vec<SpaceState> = d
        .spaces
        .iter()
        .map(|s| SpaceState {
            controller: s.home,
            unrest: false,
            protestant: s.religion == Religion::Protestant,
            fortress: false,
            forces: Vec::new(),
            siege: None,
        })
        .collect();
    let sid = |k: &str| {
        d.space_id(k)
            .ok_or_else(|| SetupError(format!("scenario names unknown space {k}")))
    };
    for k in &sc.independent_at_start {
        spaces[sid(k)?.0 as usize].controller = Power::Independent;
    }
    for c in &sc.control {
        spaces[sid(&c.space)?.0 as usize].controller = c.power;
    }
    for r in &sc.religion {
        spaces[sid(&r.space)?.0 as usize].protestant = r.religion == Religion::Protestant;
    }
    let mut leaders: Vec<Leader> = Vec::new();
    let mut placed: Vec<(String, crate::data::SpaceId)> = Vec::new();
    for u in &sc.units {
        let sp = sid(&u.space)?;
        let owner = PoolOwner::of(u.power, u.faction);
        let f = Force {
            owner,
            troops: Troops {
                regulars: u.regulars,
                mercenaries: u.mercenaries,
                cavalry: u.cavalry,
                ..Default::default()
            },
            ships: crate::model::Ships {
                galleys: u.galleys,
                galleons: u.galleons,
                corsairs: u.corsairs,
            },
        };
        if !f.empty() {
            spaces[sp.0 as usize].forces.push(f);
            spaces[sp.0 as usize].forces.sort_by_key(|f| f.owner);
        }
        for l in &u.leaders {
            placed.push((l.clone(), sp));
        }
    }
    crate::knights::place(&mut spaces, sc.knights_of_st_john);
    let off_map: Vec<&String> = sc.leaders_off_map.values().flatten().collect();
    for (i, l) in d.army_leaders.iter().enumerate() {
        let Some(owner) = owner_pw(l.power) else {
            continue;
        };
        let at = if let Some((_, sp)) = placed.iter().find(|(k, _)| *k == l.id) {
            Loc::Space(*sp)
        } else if sc.leaders_dead.contains(&l.id)
            || crate::majors::default_leader::is_default(i as u8)
        {
            // [5.1]: a default leader is out of play until a last leader dies.
            Loc::Dead
        } else if off_map.contains(&&l.id) || sc.leaders_in_play.contains(&l.id) {
            Loc::Card
        } else {
            match l.entry_turn {
                Some(t) if t > sc.start_turn => Loc::Arrives(t),
                _ => Loc::Card,
            }
        };
        leaders.push(Leader {
            idx: i as u8,
            owner,
            at,
        });
    }
    let mut powers = Vec::new();
    for p in Power::MAJORS {
        let ruler = sc
            .rulers
            .get(&p)
            .cloned()
            .ok_or_else(|| SetupError(format!("scenario has no ruler for {p:?}")))?;
        powers.push(PowerState {
            hand: Vec::new(),
            home_played: Vec::new(),
            home_set_aside: Vec::new(),
            ruler,
            vp_history: Vec::new(),
            preference: None,
            for_hire: 0,
        });
    }
    // Cards: every card of the 6-player deck starts "out"; the card draw brings in what
    // is available this turn (seed [6.2], [8.3]).
    let removed: Vec<&String> = sc.removed_cards.iter().collect();
    let out = d
        .cards_for(players as u8)
        .filter(|c| !removed.contains(&&c.key))
        .map(|c| c.id)
        .collect();
    let mut s = State {
        seats: pc
            .seats
            .iter()
            .map(|seat| seat.iter().filter_map(|&p| pw(p)).collect())
            .collect(),
        turn: sc.start_turn,
        last_turn: sc.end_turn,
        stack: vec![Frame::Turn],
        spaces,
        seas: vec![Default::default(); d.sea_zones.len()],
        admirals: crate::admirals::setup(&placed, sc.start_turn),
        piracy: Vec::new(),
        powers,
        leaders,
        wars: Vec::new(),
        alliances: Vec::new(),
        no_dow: Vec::new(),
        draft: Vec::new(),
        announcements: Vec::new(),
        announced: Vec::new(),
        gifts: Vec::new(),
        mercs_given: Vec::new(),
        deck: Vec::new(),
        discard: Vec::new(),
        out,
        evented: Vec::new(),
        removed: Vec::new(),
        in_effect: Vec::new(),
        fresh: Vec::new(),
        bonus_vp: vec![0; 6],
        ledger: Vec::new(),
        lost_ships: Vec::new(),
        cards: Vec::new(),
        impulse: 0,
        memo: Default::default(),
        winners: None,
        rng: GameRng::from_seed(seed),
        knights_cap: sc.knights_of_st_john.max(1),
        religion: crate::religion::setup(sc),
        espionage: Default::default(),
        royals: crate::royals::setup(sc),
        patronage: Default::default(),
        world: Default::default(),
        minors: Default::default(),
        majors: Default::default(),
        armada: Default::default(),
        ship_loans: Vec::new(),
    };
    // Naval leaders the scenario has dead at the start are out of the game.
    s.admirals.retain(|a| {
        !sc.leaders_dead
            .contains(&d.naval_leaders[a.idx as usize].id)
    });
    s.cards = s.out.iter().map(|c| c.0).collect();
    s.cards.sort();
    for i in 0..s.spaces.len() {
        for f in s.spaces[i].forces.clone() {
            crate::board::book(
                &mut s,
                f.owner,
                f.troops.pooled() as i16,
                f.ships.total() as i16,
            );
        }
    }
    for [a, b] in &sc.wars {
        let (Some(a), Some(b)) = (pw(*a), pw(*b)) else {
            return Err(SetupError(
                "scenario war with a minor power: not implemented".into(),
            ));
        };
        set_war(&mut s, a, b, true);
    }
    for [a, b] in &sc.alliances {
        let (Some(a), Some(b)) = (pw(*a), pw(*b)) else {
            return Err(SetupError(
                "scenario alliance with a minor power: not implemented".into(),
            ));
        };
        crate::board::set_alliance(&mut s, a, b);
    }
    // The minors the scenario starts active, allied to a major ([24.2]).
    let mut active = Vec::new();
    for m in sc.minors.iter().filter(|m| m.active) {
        let ally = m.ally.ok_or_else(|| {
            SetupError(format!(
                "scenario {}: active {:?} without ally",
                sc.id, m.minor
            ))
        })?;
        active.push((m.minor, ally));
    }
    crate::minors::setup(&mut s, players as u8, sc.start_turn, &active).map_err(SetupError)?;
    let mut ev = Vec::new();
    signoria_engine::kernel::advance::<crate::ElisabethI>(&mut s, &mut ev);
    Ok(s)
}
