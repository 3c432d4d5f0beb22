//! The tower model's statistics over complete random games (README "The
//! tower"): it holds cubes back and releases them later, and over a game
//! about as many cubes come out as go in.

use signoria_engine::{Game, GameRng};
use signoria_wallenstein::model::{BattleKind, Event};
use signoria_wallenstein::tower::{Calibrated, Scripted, Tower};
use signoria_wallenstein::{Options, Wallenstein as W};

#[test]
fn over_a_game_about_as_many_cubes_come_out_as_go_in() {
    for players in 3..=5 {
        let (mut thrown, mut out, mut battles, mut held_back, mut released_extra) =
            (0i64, 0i64, 0, 0, 0);
        let mut inside_at_end = Vec::new();
        for seed in 0..300u64 {
            let mut s = W::setup(&Options::default(), players, 5_000 + seed).unwrap();
            let mut rng = GameRng::from_seed(seed);
            while let Some(&seat) = W::pending(&s).first() {
                let legal = W::legal_moves(&s, seat);
                let m = legal[rng.index(legal.len())].clone();
                for e in W::apply(&mut s, seat, &m).unwrap() {
                    if let Event::Fought(b) = e.event {
                        battles += 1;
                        let t: u32 = b.thrown.iter().sum();
                        let o: u32 = b.out.iter().sum();
                        if o < t {
                            held_back += 1;
                        }
                        if o > t {
                            released_extra += 1;
                        }
                        assert!(matches!(
                            b.kind,
                            BattleKind::Attack
                                | BattleKind::Neutral
                                | BattleKind::Revolt
                                | BattleKind::WinterRevolt
                        ));
                    }
                }
            }
            thrown += s.tower.thrown_total;
            out += s.tower.out_total;
            inside_at_end.push(s.tower.inside.iter().sum::<u32>());
        }
        let ratio = out as f64 / thrown as f64;
        let mean_inside = inside_at_end.iter().sum::<u32>() as f64 / inside_at_end.len() as f64;
        eprintln!(
            "{players}p: {battles} battles, {thrown} cubes in, {out} out (ratio {ratio:.3}), held back in {held_back}, released more than thrown in {released_extra}, mean inside at the end {mean_inside:.1}"
        );
        assert!(
            (0.9..=1.1).contains(&ratio),
            "{players}p: out/in ratio {ratio}"
        );
        assert!(held_back > battles / 4, "the tower rarely holds cubes back");
        assert!(
            released_extra > battles / 20,
            "the tower rarely releases held cubes"
        );
        assert!(
            (15.0..=40.0).contains(&mean_inside),
            "mean inside {mean_inside}"
        );
    }
}

#[test]
fn the_empty_tower_holds_back_most_of_the_initial_fill() {
    // 4 players: 7 x 4 + 10 = 38 cubes into an empty tower (seed L205-213, L1257-1264).
    let mut held = 0;
    for seed in 0..1000u64 {
        let mut rng = GameRng::from_seed(seed);
        let mut inside = vec![0u32; 5];
        let out = Calibrated::default().drop(&mut inside, &[7, 7, 7, 7, 10], &mut rng);
        assert_eq!(out.iter().sum::<u32>() + inside.iter().sum::<u32>(), 38);
        held += inside.iter().sum::<u32>();
    }
    let mean = held as f64 / 1000.0;
    eprintln!("initial fill of 38: {mean:.1} held on average");
    assert!((20.0..=30.0).contains(&mean), "{mean}");
}

#[test]
fn scripted_tower_returns_exactly_the_script_and_keeps_the_rest_inside() {
    let mut rng = GameRng::from_seed(1);
    let mut t = Scripted::default();
    t.outs.push_back(vec![3, 1, 1]);
    let mut inside = vec![0, 0, 2];
    let out = t.drop(&mut inside, &[4, 3, 0], &mut rng);
    assert_eq!(out, vec![3, 1, 1]);
    assert_eq!(inside, vec![1, 2, 1]);
    // An empty script is a transparent tower.
    let out = t.drop(&mut inside, &[2, 0, 0], &mut rng);
    assert_eq!(out, vec![2, 0, 0]);
    assert_eq!(inside, vec![1, 2, 1]);
}
