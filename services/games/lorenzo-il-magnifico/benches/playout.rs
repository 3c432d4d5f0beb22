//! Complete random games per second, and the mean cost of one decision
//! (`legal_moves` + `apply`). Run: `cargo bench -p signoria-lorenzo-il-magnifico`.

use criterion::{Criterion, criterion_group, criterion_main};
use signoria_engine::{Game, GameRng};
use signoria_lorenzo_il_magnifico::{LorenzoIlMagnifico as L, Options};
use std::hint::black_box;

/// One complete random game; returns the number of decisions.
fn game(players: usize, advanced: bool, seed: u64) -> usize {
    let mut s = L::setup(&Options { advanced }, players, seed).unwrap();
    let mut rng = GameRng::from_seed(seed);
    let mut n = 0;
    while let Some(&seat) = L::pending(&s).first() {
        let legal = L::legal_moves(&s, seat);
        let m = &legal[rng.index(legal.len())];
        L::apply(&mut s, seat, m).unwrap();
        n += 1;
    }
    n
}

fn bench(c: &mut Criterion) {
    for (players, advanced) in [(2, false), (4, false), (2, true), (4, true)] {
        let name = format!(
            "complete random game {players}p {}",
            if advanced { "advanced" } else { "basic" }
        );
        let mut seed = 0u64;
        c.bench_function(&name, |b| {
            b.iter(|| {
                seed += 1;
                black_box(game(players, advanced, seed))
            })
        });
    }
    // Mean decision cost: total game time / decisions, printed once.
    for players in [2, 3, 4] {
        let t = std::time::Instant::now();
        let mut decisions = 0;
        let games = 300;
        for seed in 0..games {
            decisions += game(players, true, 10_000 + seed);
        }
        let el = t.elapsed();
        println!(
            "{players}p advanced: {games} games, {:.1} decisions/game, {:.0} games/s, {:.2} µs per legal_moves+apply",
            decisions as f64 / games as f64,
            games as f64 / el.as_secs_f64(),
            el.as_secs_f64() * 1e6 / decisions as f64
        );
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
