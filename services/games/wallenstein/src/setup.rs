//! Setup (seed L102-251, summary L917-937): player counts, starting money,
//! 3-player exclusions, the start lands (the draft in `draft`, or the fixed
//! beginner set-ups, L939-995), then the initial tower fill and the year's
//! four events, each an automatic frame run after the start lands.

use signoria_engine::{GameRng, Scoped, SetupError, kernel};

use crate::Wallenstein;
use crate::court::{self, Court};
use crate::data::{CUBES_PER_COLOUR, LandId, NUM_LANDS, PEASANTS, data};
use crate::draft;
use crate::generals::Generals;
use crate::model::{Event, Frame, LandState, Options, Player, State};
use crate::tower::TowerState;

/// Initial tower fill: 7 armies of every player and 10 peasants (L205-213).
pub const FILL_PER_PLAYER: u32 = 7;
pub const FILL_PEASANTS: u32 = 10;

/// A new game advanced to its first decision, with the events of the set-up.
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
        court: None,
        landsknechte: None,
        generals: None,
        // The set-up steps after the start lands (summary L915-937: 3. lands,
        // 4. tower, 5. four events), then the first round. Nobody sees the
        // year's events or the tower's fill while choosing start lands (RULINGS R26).
        stack: vec![Frame::StartRound, Frame::TurnUpEvents, Frame::FillTower],
        rng,
    };
    // The modules' components (L1238-1264, L1587-1588, L1620); only a
    // module that is played draws from the generator.
    if options.kaiserhof {
        s.court = Some(Court::new(players, &mut s.rng));
    }
    if options.landsknechte {
        s.landsknechte = Some(vec![0; players]);
    }
    if options.generals {
        s.generals = Some(Generals::new(players));
    }
    let mut ev = Vec::new();
    if options.fixed_start {
        // Letters A..E are seats 0..4 (RULINGS R5).
        for (seat, lands) in d.fixed[&players].iter().enumerate() {
            for &(land, armies) in lands {
                place_group(&mut s, seat as u8, land, armies as u32, &mut ev);
            }
        }
    } else {
        draft::start(&mut s, &mut ev);
    }
    kernel::advance::<Wallenstein>(&mut s, &mut ev);
    Ok((s, ev))
}

/// Set-up step 4: the initial fill of the empty tower (L205-213).
pub fn fill_tower(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
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
    ev.push(Scoped::public(Event::TowerFilled {
        thrown,
        out: out.clone(),
    }));
    // Kaiserhof: a courtier for every own cube that fell out (L1253-1260).
    if s.court.is_some() {
        court::courtiers_from_fill(s, &out, ev);
    }
}

/// A start land: the seat's army group goes into it (L172-174).
pub fn place_group(
    s: &mut State,
    seat: u8,
    land: LandId,
    armies: u32,
    ev: &mut Vec<Scoped<Event>>,
) {
    let l = &mut s.lands[land as usize];
    l.owner = Some(seat);
    l.armies += armies;
    s.players[seat as usize].supply -= armies;
    ev.push(Scoped::public(Event::GroupPlaced { seat, land, armies }));
}
