//! Single-observer information-set Monte Carlo tree search (ISMCTS).
//!
//! Each iteration draws a determinization: a full state that the bot's seat
//! cannot tell apart from the real one ([`Game::resample_hidden`]). It walks
//! the tree by UCB over the moves legal in that determinization, adds one
//! edge, plays the rest of the game with a rollout policy, and adds each
//! seat's reward to the edges that seat chose on the way. The real state is
//! only used to draw determinizations, so the bot's choice cannot depend on
//! anything its seat may not see.

use std::time::{Duration, Instant};

use signoria_engine::{Game, GameRng, Seat};

use crate::Budget;
use crate::rollout::{RolloutPolicy, apply_legal, next_seat, play_out};
use crate::tree::Tree;

/// The exploration constant of UCB for rewards in `0..=1`.
const EXPLORATION: f64 = 0.7;

/// What a search found at the root: each legal move of the bot's seat with
/// its visits and mean reward.
#[derive(Debug, Clone)]
pub struct RootStats<M> {
    pub moves: Vec<(M, u32, f64)>,
    pub iterations: u32,
}

/// Draws the determinization of one iteration; `None` when it cannot.
pub type Determinizer<'a, S> = dyn FnMut(&mut GameRng) -> Option<S> + 'a;

/// Search for `seat` in `state` over [`Game::resample_hidden`]; `None` when
/// the game cannot redraw hidden facts or `seat` is not pending.
pub fn search<G: Game, P: RolloutPolicy<G> + ?Sized>(
    state: &G::State,
    seat: Seat,
    budget: &Budget,
    policy: &P,
    rng: &mut GameRng,
) -> Option<RootStats<G::Move>> {
    let mut redraw = |rng: &mut GameRng| G::resample_hidden(state, seat, rng);
    search_over::<G, P>(state, seat, budget, policy, &mut redraw, rng)
}

/// [`search`] with the determinizations drawn by `determinize`. Only the
/// legal moves of `seat` are read from `state`; the rest comes from the
/// determinizations (a test draws them from the real state to show that the
/// fairness check can fail).
pub fn search_over<G: Game, P: RolloutPolicy<G> + ?Sized>(
    state: &G::State,
    seat: Seat,
    budget: &Budget,
    policy: &P,
    determinize: &mut Determinizer<'_, G::State>,
    rng: &mut GameRng,
) -> Option<RootStats<G::Move>> {
    let legal = G::legal_moves(state, seat);
    if legal.is_empty() {
        return None;
    }
    determinize(&mut rng.clone())?;
    let deadline = budget
        .max_millis
        .map(|ms| Instant::now() + Duration::from_millis(ms));
    let mut tree = Tree::new();
    let mut done = 0;
    while done < budget.iterations.max(1) {
        let det = determinize(rng)?;
        iterate::<G, P>(&mut tree, det, seat, budget, policy, rng);
        done += 1;
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
    }
    let root = &tree.nodes[Tree::<G::Move>::ROOT];
    let moves = legal
        .into_iter()
        .map(
            |mv| match root.edges.iter().find(|e| e.seat == seat && e.mv == mv) {
                Some(e) => (mv, e.visits, e.mean()),
                None => (mv, 0, 0.0),
            },
        )
        .collect();
    Some(RootStats {
        moves,
        iterations: done,
    })
}

impl<M: Clone> RootStats<M> {
    /// The most visited move; ties go to the better mean reward, then to
    /// the earlier move.
    pub fn best(&self) -> Option<M> {
        let mut best: Option<&(M, u32, f64)> = None;
        for m in &self.moves {
            if best.is_none_or(|b| (m.1, m.2) > (b.1, b.2)) {
                best = Some(m);
            }
        }
        best.map(|b| b.0.clone())
    }
}

/// One iteration on the determinization `det`: select and expand in the
/// tree, roll out, back up.
fn iterate<G: Game, P: RolloutPolicy<G> + ?Sized>(
    tree: &mut Tree<G::Move>,
    mut det: G::State,
    observer: Seat,
    budget: &Budget,
    policy: &P,
    rng: &mut GameRng,
) {
    let mut node = Tree::<G::Move>::ROOT;
    let mut path: Vec<(usize, usize)> = Vec::new();
    let mut hidden_picks = Vec::new();
    loop {
        let pending = G::pending(&det);
        let seat = if path.is_empty() {
            observer
        } else {
            match next_seat::<G>(&det) {
                Some(seat) => seat,
                None => break,
            }
        };
        let moves = G::legal_moves(&det, seat);
        let available = tree.available_edges(node, seat, &moves);
        let edges = &tree.nodes[node].edges;
        let untried: Vec<usize> = available
            .iter()
            .copied()
            .filter(|&e| edges[e].visits == 0)
            .collect();
        let (edge, expanded) = if untried.is_empty() {
            let mut best = available[0];
            for &e in &available[1..] {
                if edges[e].ucb(EXPLORATION) > edges[best].ucb(EXPLORATION) {
                    best = e;
                }
            }
            (best, false)
        } else {
            (untried[rng.index(untried.len())], true)
        };
        let mv = edges[edge].mv.clone();
        apply_legal::<G>(&mut det, seat, &mv);
        path.push((node, edge));
        node = if pending.len() > 1 {
            hidden_picks.push((seat, mv));
            tree.hidden_child(node)
        } else {
            let mut key = std::mem::take(&mut hidden_picks);
            key.push((seat, mv));
            tree.child(node, key)
        };
        if expanded {
            break;
        }
    }
    let rewards = play_out::<G, P>(&mut det, policy, budget.rollout_depth, rng);
    for (node, edge) in path {
        let e = &mut tree.nodes[node].edges[edge];
        e.visits += 1;
        e.reward += rewards[e.seat];
    }
}
