//! Setup [C1-C7].

use signoria_engine::{GameRng, SetupError};

use crate::data::{self, Empire};
use crate::model::*;

pub fn setup(options: &Options, players: usize, seed: u64) -> Result<State, SetupError> {
    if !(2..=4).contains(&players) {
        return Err(SetupError(format!(
            "Pax Renaissance is for 2 to 4 players, not {players}"
        )));
    }
    let k = data::constants();
    let banks_data = data::player_cards();
    let mut rng = GameRng::from_seed(seed);
    // C2: player cards at random.
    let mut banks: Vec<u8> = (0..banks_data.len() as u8).collect();
    rng.shuffle(&mut banks);
    banks.truncate(players);
    // C7: the Fugger player always starts, otherwise a random player.
    let first = banks
        .iter()
        .position(|&b| banks_data[b as usize].always_first)
        .unwrap_or_else(|| rng.index(players));
    let mut china = CHINA_START;
    let mut ps = Vec::new();
    let mut borders = vec![None; data::map().borders.len()];
    for (seat, &bank) in banks.iter().enumerate() {
        let order = (seat + players - first) % players;
        let florins = k.starting_florins[order] as i64; // C7: 3, 4, 5, 6 in turn order
        china -= florins;
        // C3: one die on the bank's starting border.
        borders[banks_data[bank as usize].border as usize] = Some(BorderToken::Concession(seat));
        ps.push(Player {
            bank,
            florins,
            hand: Vec::new(),
            tableau: [Vec::new(), Vec::new()],
            spinsters: Vec::new(),
            dice: dice() - 1,
            eliminated: false,
        });
    }
    // C4: every capital receives the token(s) printed there.
    let mut supply = limits();
    let mut cities = vec![Vec::new(); data::map().cities.len()];
    for (i, c) in data::map().cities.iter().enumerate() {
        if c.capital {
            for &p in &c.front {
                supply[p.religion.index()][crate::board::shape_index(p.shape)] -= 1;
                cities[i].push(p);
            }
        }
    }
    // C5: decks. Expert [N1]: 11 random West cards join the East pool
    // (comets set aside first, RULINGS R-2).
    let mut pools: [Vec<CardId>; 2] = [Vec::new(), Vec::new()];
    let mut comets: [Vec<CardId>; 2] = [Vec::new(), Vec::new()];
    for (i, c) in data::cards().all.iter().enumerate() {
        if c.is_comet() {
            comets[c.deck.index()].push(i as CardId);
        } else {
            pools[c.deck.index()].push(i as CardId);
        }
    }
    if options.expert {
        rng.shuffle(&mut pools[1]);
        let moved: Vec<CardId> = pools[1]
            .drain(..(k.expert_west_cards_to_east as usize).min(pools[1].len()))
            .collect();
        pools[0].extend(moved);
    }
    let mut decks: [Vec<CardId>; 2] = [Vec::new(), Vec::new()];
    let mut set_aside = Vec::new();
    for side in Side::BOTH {
        let i = side.index();
        let mut pool = pools[i].clone();
        rng.shuffle(&mut pool);
        let mut bottom: Vec<CardId> = pool
            .drain(..(k.deck_bottom_cards as usize).min(pool.len()))
            .collect();
        bottom.extend(comets[i].iter().copied());
        rng.shuffle(&mut bottom);
        let top: Vec<CardId> = pool
            .drain(..(k.deck_cards_per_player as usize * players).min(pool.len()))
            .collect();
        set_aside.extend(pool);
        // Top of the deck is the end of the vector.
        decks[i] = bottom;
        decks[i].extend(top);
    }
    set_aside.sort_unstable();
    // C6: six cards per row; the one farthest from the deck (column 0) face down.
    let mut market: [Vec<Option<MarketCard>>; 2] = [Vec::new(), Vec::new()];
    for i in 0..2 {
        for _ in 0..k.market_row_size {
            let card = decks[i].pop().expect("deck has at least 6 cards");
            market[i].push(Some(MarketCard {
                card,
                florins: 0,
                fresh: false,
            }));
        }
    }
    let n_maps = Empire::ALL.len();
    let s = State {
        options: options.clone(),
        players: ps,
        active: first,
        turn: TurnState {
            actions_left: 2,
            ..Default::default()
        },
        market,
        leftover: [0, 0],
        decks,
        set_aside,
        discards: Vec::new(),
        hand_discards: Vec::new(),
        empires: vec![
            EmpireState {
                owner: None,
                face: Face::King,
                suzerain: None,
                queen: None,
                repressed: Vec::new()
            };
            n_maps
        ],
        // C1: Papal States and Mamluk show their theocracy side, which is their front.
        flipped: vec![false; n_maps],
        cities,
        borders,
        // C1: Trebizond and Tana uncovered.
        uncovered: TradeCentre::ALL.map(|c| data::map().trade_centre(c).active_at_start),
        spice_locked: false,
        victory_active: [false; 4],
        supply,
        china,
        stack: vec![Task::Turn],
        battle: None,
        winner: None,
        moves: 0,
    };
    Ok(s)
}
