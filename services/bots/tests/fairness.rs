//! Fairness: the bot's move depends only on what its seat may see. For every
//! game, at positions along random games, a state that differs from the real
//! one only in facts hidden from the bot's seat (drawn by the game's own
//! `resample_hidden`) gives the same move with the same seed and budget; the
//! move is legal; and the choice is deterministic.

use signoria_age_of_renaissance::AgeOfRenaissance;
use signoria_bots::search::search_over;
use signoria_bots::{Budget, RandomRollout, choose_move, random_move};
use signoria_elisabeth_i::ElisabethI;
use signoria_engine::{Game, GameRng, Viewer};
use signoria_lorenzo_il_magnifico::LorenzoIlMagnifico;
use signoria_pax_renaissance::PaxRenaissance;
use signoria_wallenstein::Wallenstein;

/// Small, so that the test stays quick; fairness does not depend on it.
fn budget() -> Budget {
    Budget {
        iterations: 24,
        max_millis: None,
        rollout_depth: 60,
    }
}

/// A position reached by random moves, the seat asked there and a state
/// that seat cannot tell apart from it.
struct Probe<G: Game> {
    state: G::State,
    alt: G::State,
    seat: usize,
}

/// Positions every `every` random moves of `games` games, at most `per_game`
/// of each.
fn probes<G: Game>(players: usize, games: u64, every: usize, per_game: usize) -> Vec<Probe<G>> {
    let mut out = Vec::new();
    for game in 0..games {
        let mut state = G::setup(&Default::default(), players, 100 + game).unwrap();
        let mut rng = GameRng::from_seed(game);
        let mut step = 0;
        while out.len() < (game as usize + 1) * per_game {
            let pending = G::pending(&state);
            if pending.is_empty() {
                break;
            }
            let seat = pending[rng.index(pending.len())];
            if step % every == every - 1 {
                let alt = G::resample_hidden(&state, seat, &mut rng).expect("the game redraws");
                out.push(Probe {
                    state: state.clone(),
                    alt,
                    seat,
                });
            }
            let mv = random_move(G::legal_moves(&state, seat), &mut rng);
            G::apply(&mut state, seat, &mv).unwrap();
            step += 1;
        }
    }
    out
}

fn check_fair<G: Game>(players: usize) {
    let probes = probes::<G>(players, 2, 9, 4);
    let redrawn = probes
        .iter()
        .filter(|p| G::view(&p.state, Viewer::Omniscient) != G::view(&p.alt, Viewer::Omniscient))
        .count();
    assert!(
        redrawn > 0,
        "no probe redrew a hidden fact: the test is vacuous"
    );
    for (i, p) in probes.iter().enumerate() {
        let seed = 7 + i as u64;
        let mv = choose_move::<G>(&p.state, p.seat, &budget(), seed).expect("a pending seat moves");
        assert!(
            G::legal_moves(&p.state, p.seat).contains(&mv),
            "probe {i}: {mv:?} is not legal"
        );
        let again = choose_move::<G>(&p.state, p.seat, &budget(), seed);
        assert_eq!(again.as_ref(), Some(&mv), "probe {i}: not deterministic");
        let alt = choose_move::<G>(&p.alt, p.seat, &budget(), seed);
        assert_eq!(
            alt.as_ref(),
            Some(&mv),
            "probe {i} (seat {}): the move changed with facts hidden from the seat",
            p.seat
        );
    }
}

#[test]
fn lorenzo_il_magnifico_is_fair() {
    check_fair::<LorenzoIlMagnifico>(2);
    check_fair::<LorenzoIlMagnifico>(4);
}

#[test]
fn wallenstein_is_fair() {
    check_fair::<Wallenstein>(3);
}

#[test]
fn pax_renaissance_is_fair() {
    check_fair::<PaxRenaissance>(2);
    check_fair::<PaxRenaissance>(3);
}

#[test]
fn age_of_renaissance_is_fair() {
    check_fair::<AgeOfRenaissance>(3);
}

#[test]
fn elisabeth_i_is_fair() {
    check_fair::<ElisabethI>(2);
    check_fair::<ElisabethI>(4);
}

/// The check can fail: a bot that searches over the real state instead of
/// redrawn ones changes its move with the hidden facts.
#[test]
fn a_bot_that_peeks_is_caught() {
    let probes = probes::<LorenzoIlMagnifico>(2, 2, 9, 4);
    let peek = |state: &<LorenzoIlMagnifico as Game>::State, seat, seed| {
        let mut real = |_: &mut GameRng| Some(state.clone());
        search_over::<LorenzoIlMagnifico, _>(
            state,
            seat,
            &budget(),
            &RandomRollout,
            &mut real,
            &mut GameRng::from_seed(seed),
        )
        .unwrap()
        .best()
    };
    let caught = probes
        .iter()
        .filter(|p| peek(&p.state, p.seat, 1) != peek(&p.alt, p.seat, 1))
        .count();
    assert!(caught > 0, "the peeking bot was never caught");
}
