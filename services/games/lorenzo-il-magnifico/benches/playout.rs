//! Complete random games per second, and the mean cost of one decision
//! (`legal_moves` + `apply`), through the engine's test kit. Run:
//! `cargo bench -p signoria-lorenzo-il-magnifico --bench playout`.

use criterion::{Criterion, criterion_group, criterion_main};
use signoria_engine::testkit::{bench_game, bench_playouts};
use signoria_lorenzo_il_magnifico::{LorenzoIlMagnifico as L, Options};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    for (players, advanced) in [(2, false), (4, false), (2, true), (4, true)] {
        let name = format!(
            "complete random game {players}p {}",
            if advanced { "advanced" } else { "basic" }
        );
        let options = Options { advanced };
        let mut seed = 0u64;
        c.bench_function(&name, |b| {
            b.iter(|| {
                seed += 1;
                black_box(bench_game::<L>(&options, players, seed))
            })
        });
    }
    // Mean decision cost: total game time / decisions, printed once.
    for players in [2, 3, 4] {
        let figures = bench_playouts::<L>(&Options::default(), players, 300, 10_000);
        println!("{players}p advanced: {figures}");
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
