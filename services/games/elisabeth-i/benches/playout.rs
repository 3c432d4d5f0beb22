//! Complete random games per second, and the mean cost of one decision
//! (`legal_moves` + `apply`), through the engine's test kit. Run:
//! `cargo bench -p signoria-elisabeth-i`.

use criterion::{Criterion, criterion_group, criterion_main};
use signoria_elisabeth_i::{ElisabethI as E, Options};
use signoria_engine::testkit::{bench_game, bench_playouts};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let options = Options::default();
    let mut seed = 0u64;
    c.bench_function("complete random game 6p", |b| {
        b.iter(|| {
            seed += 1;
            black_box(bench_game::<E>(&options, 6, seed))
        })
    });
    // Mean decision cost over 50 games, printed once.
    let figures = bench_playouts::<E>(&options, 6, 50, 10_000);
    println!("6p: {figures}");
}

criterion_group!(benches, bench);
criterion_main!(benches);
