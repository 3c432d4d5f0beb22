//! Complete random games per second, and the mean cost of one decision
//! (`legal_moves` + `apply`), through the engine's test kit, for the base
//! game and with the modules. Run: `cargo bench -p signoria-wallenstein`.

use criterion::{Criterion, criterion_group, criterion_main};
use signoria_engine::testkit::{bench_game, bench_playouts};
use signoria_wallenstein::{Options, Wallenstein as W};
use std::hint::black_box;

/// The base game, each module alone, and all three together.
fn variants() -> Vec<(&'static str, Options)> {
    let with = |kaiserhof, landsknechte, generals| Options {
        fixed_start: false,
        kaiserhof,
        landsknechte,
        generals,
    };
    vec![
        ("base", with(false, false, false)),
        ("kaiserhof", with(true, false, false)),
        ("landsknechte", with(false, true, false)),
        ("generals", with(false, false, true)),
        ("all modules", with(true, true, true)),
    ]
}

fn bench(c: &mut Criterion) {
    for (name, options) in [&variants()[0], &variants()[4]] {
        for players in [3, 4, 5] {
            let label = format!("complete random game {players}p draft, {name}");
            let mut seed = 0u64;
            c.bench_function(&label, |b| {
                b.iter(|| {
                    seed += 1;
                    black_box(bench_game::<W>(options, players, seed))
                })
            });
        }
    }
    // Mean decision cost over 300 games per player count, printed once.
    for (name, options) in variants() {
        for players in [3, 4, 5] {
            let figures = bench_playouts::<W>(&options, players, 300, 10_000);
            println!("{name} {players}p: {figures}");
        }
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
