//! The search on toy games: it finds forced wins, it is deterministic, it
//! falls back to a random move without `resample_hidden`, and a
//! simultaneous secret pick stays secret inside the tree.

mod toys;

use signoria_bots::search::search;
use signoria_bots::{Budget, RandomRollout, choose_move, random_move};
use signoria_engine::{Game, GameRng};
use toys::{FACES, Nim, NimState, Pennies, Race, RaceState};

fn budget(iterations: u32) -> Budget {
    Budget {
        iterations,
        max_millis: None,
        rollout_depth: 100,
    }
}

#[test]
fn finds_the_winning_move_in_nim() {
    // From a pile of n the winning move leaves a multiple of 4.
    for pile in [5, 6, 7, 9, 10, 11] {
        let state = NimState::new(pile);
        let mv = choose_move::<Nim<true>>(&state, 0, &budget(2_000), 1);
        assert_eq!(mv, Some(pile % 4), "pile {pile}");
    }
}

#[test]
fn the_same_seed_and_budget_give_the_same_move() {
    let state = NimState::new(8);
    for seed in 0..10 {
        let a = choose_move::<Nim<true>>(&state, 0, &budget(50), seed);
        let b = choose_move::<Nim<true>>(&state, 0, &budget(50), seed);
        assert_eq!(a, b, "seed {seed}");
    }
}

#[test]
fn a_seat_that_is_not_pending_has_no_move() {
    let state = NimState::new(8);
    assert_eq!(choose_move::<Nim<true>>(&state, 1, &budget(50), 1), None);
}

#[test]
fn without_resample_the_move_is_the_seeded_random_one() {
    let state = NimState::new(10);
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..20 {
        let mv = choose_move::<Nim<false>>(&state, 0, &budget(500), seed).unwrap();
        let random = random_move(
            Nim::<false>::legal_moves(&state, 0),
            &mut GameRng::from_seed(seed),
        );
        assert_eq!(mv, random, "seed {seed}");
        seen.insert(mv);
    }
    // Not always the searched move (2 from 10): really random.
    assert_eq!(seen.len(), 3);
}

#[test]
fn a_simultaneous_pick_is_not_seen_by_the_seats_that_pick_after_it() {
    // Seat 0 picks first in the tree. If seat 1's node knew seat 0's pick,
    // seat 1 would learn to match it and seat 0's picks would all look bad;
    // kept secret, seat 1 matches a quarter of the time whatever it does.
    let state = Pennies::setup(&(), 2, 0).unwrap();
    let stats = search::<Pennies, _>(
        &state,
        0,
        &budget(4_000),
        &RandomRollout,
        &mut GameRng::from_seed(3),
    )
    .unwrap();
    assert_eq!(stats.moves.len(), FACES as usize);
    for (face, visits, mean) in &stats.moves {
        assert!(*mean > 0.6, "face {face}: {visits} visits, mean {mean}");
    }
}

#[test]
fn a_rollout_cut_before_the_end_is_scored_by_the_games_standing() {
    let state = RaceState::new();
    // The budget's depth (100) is cut to the game's 6: no rollout ends the
    // 10,000-turn race, so every reward comes from the standing.
    for seed in 0..5 {
        let mv = choose_move::<Race<true>>(&state, 0, &budget(200), seed);
        assert_eq!(mv, Some(1), "seed {seed}: scoring is better by points");
    }
    // Without a standing the same cut rollouts are draws: no signal at all.
    let stats = search::<Race<false>, _>(
        &state,
        0,
        &budget(200),
        &RandomRollout,
        &mut GameRng::from_seed(1),
    )
    .unwrap();
    assert!(stats.moves.iter().all(|m| m.2 == 0.5), "{:?}", stats.moves);
    let with = search::<Race<true>, _>(
        &state,
        0,
        &budget(200),
        &RandomRollout,
        &mut GameRng::from_seed(1),
    )
    .unwrap();
    assert!(with.moves[1].2 > with.moves[0].2, "{:?}", with.moves);
}
