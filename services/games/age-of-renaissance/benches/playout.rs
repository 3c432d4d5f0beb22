//! Complete random games per second, and the mean cost of one decision
//! (`legal_moves` + `apply`), through the engine's test kit. Run:
//! `cargo bench -p signoria-age-of-renaissance`.

use criterion::{Criterion, criterion_group, criterion_main};
use signoria_age_of_renaissance::{AgeOfRenaissance as A, Options};
use signoria_engine::testkit::{bench_game, bench_playouts};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let options = Options::default();
    for players in [3, 6] {
        let name = format!("complete random game {players}p");
        let mut seed = 0u64;
        c.bench_function(&name, |b| {
            b.iter(|| {
                seed += 1;
                black_box(bench_game::<A>(&options, players, seed))
            })
        });
    }
    // Mean decision cost over 300 games per player count, printed once.
    for players in 3..=6 {
        let figures = bench_playouts::<A>(&options, players, 300, 10_000);
        println!("{players}p: {figures}");
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
