use signoria_age_of_renaissance::{AgeOfRenaissance as A, Options};
use signoria_engine::{Game, GameRng};

#[test]
fn smoke() {
    for players in 3..=6 {
        for seed in 0..20u64 {
            let mut s = A::setup(&Options::default(), players, seed).unwrap();
            let mut rng = GameRng::from_seed(seed);
            let mut steps = 0;
            while !A::pending(&s).is_empty() {
                let pending = A::pending(&s);
                let seat = pending[rng.index(pending.len())];
                let legal = A::legal_moves(&s, seat);
                assert!(!legal.is_empty());
                let mv = legal[rng.index(legal.len())].clone();
                A::apply(&mut s, seat, &mv).unwrap();
                let v = A::invariant_violations(&s);
                assert!(
                    v.is_empty(),
                    "{players}p seed {seed} step {steps}: {v:?} after {mv:?}"
                );
                steps += 1;
                assert!(steps < 200_000);
            }
            eprintln!(
                "{players}p seed {seed}: {steps} steps, round {}, epoch {}",
                s.round, s.epoch
            );
        }
    }
}
