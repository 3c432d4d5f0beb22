//! Setup (seed L102-251, summary L917-937) and the start-land draft
//! (L130-160, L172-174, L241-244) or the fixed beginner set-ups (L939-995).

use signoria_engine::{GameRng, RuleError, Scoped, SetupError};

use crate::data::{CUBES_PER_COLOUR, LandId, NUM_LANDS, PEASANTS, data};
use crate::flow;
use crate::model::{Draft, Event, LandState, Move, Options, Phase, Player, State};
use crate::tower::TowerState;

/// Initial tower fill: 7 armies of every player and 10 peasants (L205-213).
pub const FILL_PER_PLAYER: u32 = 7;
pub const FILL_PEASANTS: u32 = 10;

pub fn setup(
    options: &Options,
    players: usize,
    seed: u64,
) -> Result<(State, Vec<Scoped<Event>>), SetupError> {
    if !(3..=5).contains(&players) {
        return Err(SetupError(format!(
            "Wallenstein is for 3 to 5 players, not {players}"
        )));
    }
    let d = data();
    let mut rng = GameRng::from_seed(seed);
    // 3 players: 8 lands are out of play (L106-113, L158-160).
    let in_play: Vec<bool> = d
        .lands
        .iter()
        .map(|l| players > 3 || !l.out_with_3_players)
        .collect();
    let mut event_deck: Vec<u8> = (0..d.events.len() as u8).collect();
    rng.shuffle(&mut event_deck);
    let mut s = State {
        options: options.clone(),
        players: (0..players)
            .map(|_| Player {
                money: d.start_money[&players] as i32,
                grain: 0,
                vp: 0,
                supply: CUBES_PER_COLOUR,
            })
            .collect(),
        lands: vec![LandState::default(); NUM_LANDS],
        in_play,
        peasants: PEASANTS,
        tower: TowerState::new(players + 1),
        year: 1,
        season: 0,
        event_deck,
        event_candidates: Vec::new(),
        current_event: None,
        action_order: Vec::new(),
        actions_visible: 0,
        space_tiles: Vec::new(),
        space_owner: vec![None; 5],
        turn_order: Vec::new(),
        plans: vec![Default::default(); players],
        bids_revealed: false,
        voided: Vec::new(),
        phase: Phase::Over,
        rng,
    };
    let mut ev = Vec::new();
    if options.fixed_start {
        // Letters A..E are seats 0..4 (RULINGS R5).
        for (seat, lands) in d.fixed[&players].iter().enumerate() {
            for &(land, armies) in lands {
                place_group(&mut s, seat as u8, land, armies as u32, &mut ev);
            }
        }
        finish_setup(&mut s, &mut ev);
    } else {
        let mut deck: Vec<LandId> = (0..NUM_LANDS as u8)
            .filter(|&l| s.in_play[l as usize])
            .collect();
        s.rng.shuffle(&mut deck);
        let open = vec![deck.pop().unwrap(), deck.pop().unwrap()];
        ev.push(Scoped::public(Event::DraftOpen { open: open.clone() }));
        s.phase = Phase::Draft(Draft {
            deck,
            open,
            last_faced: vec![Vec::new(); players],
            groups: vec![d.groups[&players].clone(); players],
            turn: 0,
            picked: None,
            picked_blind: false,
            recycled: false,
        });
    }
    Ok((s, ev))
}

/// The set-up steps after the start lands (summary L915-937: 3. lands, 4. tower,
/// 5. four events; text order L130-234): the initial tower fill, the year's
/// four events, then the first round. Nobody sees the year's events or the
/// tower's fill while choosing start lands (RULINGS R26).
fn finish_setup(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    // A draft stored by an older release already did both at setup: not twice.
    if s.event_candidates.is_empty() {
        fill_tower(s, ev);
        flow::turn_up_events(s, ev);
    }
    flow::start_round(s, ev);
}

fn fill_tower(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    let n = s.n();
    let mut thrown = vec![FILL_PER_PLAYER; n + 1];
    thrown[n] = FILL_PEASANTS;
    for p in &mut s.players {
        p.supply -= FILL_PER_PLAYER;
    }
    s.peasants -= FILL_PEASANTS;
    let (_, out) = s.tower.throw(&thrown, &mut s.rng, false);
    // Whatever falls out goes back to its owner's supply (L211-213).
    for p in 0..n {
        s.players[p].supply += out[p];
    }
    s.peasants += out[n];
    s.tower.tray = vec![0; n + 1];
    ev.push(Scoped::public(Event::TowerFilled { thrown, out }));
}

fn place_group(s: &mut State, seat: u8, land: LandId, armies: u32, ev: &mut Vec<Scoped<Event>>) {
    let l = &mut s.lands[land as usize];
    l.owner = Some(seat);
    l.armies += armies;
    s.players[seat as usize].supply -= armies;
    ev.push(Scoped::public(Event::GroupPlaced { seat, land, armies }));
}

/// The seat whose draft turn it is: round robin from seat 0, the oldest player (RULINGS R6).
pub fn draft_seat(s: &State, d: &Draft) -> usize {
    d.turn % s.n()
}

pub fn draft_moves(s: &State, d: &Draft) -> Vec<Move> {
    let seat = draft_seat(s, d);
    if d.picked.is_some() {
        let mut sizes = d.groups[seat].clone();
        sizes.sort_unstable_by(|a, b| b.cmp(a));
        sizes.dedup();
        return sizes
            .into_iter()
            .map(|armies| Move::PlaceGroup { armies })
            .collect();
    }
    let mut v: Vec<Move> = (0..d.open.len() as u8)
        .map(|slot| Move::DraftOpen { slot })
        .collect();
    if !d.deck.is_empty() {
        v.push(Move::DraftBlind);
    }
    if can_recycle(s, d) {
        v.push(Move::Recycle);
    }
    v
}

fn same_cards(a: &[LandId], b: &[LandId]) -> bool {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    a.sort_unstable();
    b.sort_unstable();
    a == b
}

/// Recycling is allowed when the seat faces the same two open cards as at its
/// own previous pick, once per turn, with at least two cards in the deck (RULINGS R7).
fn can_recycle(s: &State, d: &Draft) -> bool {
    let seat = draft_seat(s, d);
    !d.recycled
        && d.open.len() == 2
        && d.deck.len() >= 2
        && same_cards(&d.open, &d.last_faced[seat])
}

pub fn apply_draft(
    s: &mut State,
    seat: usize,
    mv: &Move,
    ev: &mut Vec<Scoped<Event>>,
) -> Result<(), RuleError> {
    let Phase::Draft(mut d) = s.phase.clone() else {
        unreachable!()
    };
    let me = seat as u8;
    match *mv {
        Move::DraftOpen { slot } if d.picked.is_none() && (slot as usize) < d.open.len() => {
            d.last_faced[seat] = d.open.clone();
            let land = d.open.remove(slot as usize);
            d.picked = Some(land);
            d.picked_blind = false;
            ev.push(Scoped::public(Event::DraftPicked {
                seat: me,
                land: Some(land),
                blind: false,
            }));
        }
        Move::DraftBlind if d.picked.is_none() && !d.deck.is_empty() => {
            d.last_faced[seat] = d.open.clone();
            let land = d.deck.pop().unwrap();
            d.picked = Some(land);
            d.picked_blind = true;
            ev.push(Scoped::public(Event::DraftPicked {
                seat: me,
                land: None,
                blind: true,
            }));
            ev.push(Scoped::to_seat(seat, Event::DraftDrew { seat: me, land }));
        }
        Move::Recycle if d.picked.is_none() && can_recycle(s, &d) => {
            // Both open cards go face down under the deck; the next two are turned up (L241-244).
            let old = std::mem::take(&mut d.open);
            for c in old {
                d.deck.insert(0, c);
            }
            d.open = vec![d.deck.pop().unwrap(), d.deck.pop().unwrap()];
            d.recycled = true;
            ev.push(Scoped::public(Event::Recycled { seat: me }));
            ev.push(Scoped::public(Event::DraftOpen {
                open: d.open.clone(),
            }));
        }
        Move::PlaceGroup { armies } if d.picked.is_some() => {
            let Some(i) = d.groups[seat].iter().position(|&g| g == armies) else {
                return Err(RuleError::illegal(format!(
                    "no army group of {armies} left"
                )));
            };
            d.groups[seat].remove(i);
            let land = d.picked.take().unwrap();
            if d.picked_blind {
                ev.push(Scoped::public(Event::DraftPicked {
                    seat: me,
                    land: Some(land),
                    blind: true,
                }));
            }
            place_group(s, me, land, armies as u32, ev);
            // Only then is a taken open card replaced from the deck (L145-152): the
            // group is chosen without seeing the next card.
            // (An older release replaced it at once: a stored draft may hold two already.)
            if !d.picked_blind
                && d.open.len() < 2
                && let Some(next) = d.deck.pop()
            {
                d.open.push(next);
                ev.push(Scoped::public(Event::DraftOpen {
                    open: d.open.clone(),
                }));
            }
            d.recycled = false;
            d.turn += 1;
            if d.groups.iter().all(|g| g.is_empty()) {
                // Unowned cards lie beside the board; those lands are neutral (L185-188).
                s.phase = Phase::Planning;
                finish_setup(s, ev);
                return Ok(());
            }
        }
        _ => return Err(RuleError::illegal("not a legal draft move now")),
    }
    s.phase = Phase::Draft(d);
    Ok(())
}
