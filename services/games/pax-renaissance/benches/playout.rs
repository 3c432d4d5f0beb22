//! Complete random games per second per core, and the mean cost of
//! `legal_moves` + `apply`.

use criterion::{Criterion, criterion_group, criterion_main};
use signoria_engine::{Game, GameRng};
use signoria_pax_renaissance::{Options, PaxRenaissance as P};

fn play(players: usize, seed: u64) -> usize {
    let mut s = P::setup(&Options::default(), players, seed).unwrap();
    let mut rng = GameRng::from_seed(seed);
    let mut n = 0;
    while let Some(&seat) = P::pending(&s).first() {
        let legal = P::legal_moves(&s, seat);
        let m = &legal[rng.index(legal.len())];
        P::apply(&mut s, seat, m).unwrap();
        n += 1;
    }
    n
}

fn bench(c: &mut Criterion) {
    for players in [2, 3, 4] {
        let mut seed = 0u64;
        c.bench_function(&format!("random game {players}p"), |b| {
            b.iter(|| {
                seed += 1;
                play(players, seed)
            })
        });
    }
    // Mean cost per decision: moves per game measured once, then time per game / moves.
    let games = 200u64;
    let t = std::time::Instant::now();
    let moves: usize = (0..games).map(|g| play(3, 1_000_000 + g)).sum();
    let el = t.elapsed();
    println!(
        "3p: {games} games, {moves} decisions, {:.1} games/s, mean legal_moves+apply {:.2} µs",
        games as f64 / el.as_secs_f64(),
        el.as_secs_f64() * 1e6 / moves as f64
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
