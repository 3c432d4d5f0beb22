//! Complete random games per second, and the mean cost of one decision
//! (`legal_moves` + `apply`). Run: `cargo bench -p signoria-wallenstein`.

use criterion::{Criterion, criterion_group, criterion_main};
use signoria_engine::{Game, GameRng};
use signoria_wallenstein::{Options, Wallenstein as W};
use std::hint::black_box;

/// One complete random game; returns the number of decisions.
fn game(players: usize, fixed_start: bool, seed: u64) -> usize {
    let mut s = W::setup(&Options { fixed_start }, players, seed).unwrap();
    let mut rng = GameRng::from_seed(seed);
    let mut n = 0;
    while let Some(&seat) = W::pending(&s).first() {
        let legal = W::legal_moves(&s, seat);
        let m = &legal[rng.index(legal.len())];
        W::apply(&mut s, seat, m).unwrap();
        n += 1;
    }
    n
}

fn bench(c: &mut Criterion) {
    for players in [3, 4, 5] {
        let name = format!("complete random game {players}p draft");
        let mut seed = 0u64;
        c.bench_function(&name, |b| {
            b.iter(|| {
                seed += 1;
                black_box(game(players, false, seed))
            })
        });
    }
    // Mean decision cost: total game time / decisions, printed once.
    for players in [3, 4, 5] {
        let t = std::time::Instant::now();
        let mut decisions = 0;
        let games = 300;
        for seed in 0..games {
            decisions += game(players, false, 10_000 + seed);
        }
        let el = t.elapsed();
        println!(
            "{players}p: {games} games, {:.1} decisions/game, {:.0} games/s, {:.2} µs per legal_moves+apply",
            decisions as f64 / games as f64,
            games as f64 / el.as_secs_f64(),
            el.as_secs_f64() * 1e6 / decisions as f64
        );
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
