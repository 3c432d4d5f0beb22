//! Complete random games per second, and the mean cost of one decision
//! (`legal_moves` + `apply`), through the engine's test kit. Run:
//! `cargo bench -p signoria-wallenstein`.

use criterion::{Criterion, criterion_group, criterion_main};
use signoria_engine::testkit::{bench_game, bench_playouts};
use signoria_wallenstein::{Options, Wallenstein as W};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let options = Options::default();
    for players in [3, 4, 5] {
        let name = format!("complete random game {players}p draft");
        let mut seed = 0u64;
        c.bench_function(&name, |b| {
            b.iter(|| {
                seed += 1;
                black_box(bench_game::<W>(&options, players, seed))
            })
        });
    }
    // Mean decision cost over 300 games per player count, printed once.
    for players in [3, 4, 5] {
        let figures = bench_playouts::<W>(&options, players, 300, 10_000);
        println!("{players}p: {figures}");
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
