//! Complete random games per second per core, and the mean cost of
//! `legal_moves` + `apply` per decision (the engine test kit's bench helpers).

use criterion::{Criterion, criterion_group, criterion_main};
use signoria_engine::testkit::{bench_game, bench_playouts};
use signoria_pax_renaissance::{Options, PaxRenaissance as P};

fn bench(c: &mut Criterion) {
    let options = Options::default();
    for players in [2, 3, 4] {
        let mut seed = 0u64;
        c.bench_function(&format!("random game {players}p"), |b| {
            b.iter(|| {
                seed += 1;
                bench_game::<P>(&options, players, seed)
            })
        });
    }
    let figures = bench_playouts::<P>(&options, 3, 200, 1_000_000);
    println!("3p: {figures}");
}

criterion_group!(benches, bench);
criterion_main!(benches);
