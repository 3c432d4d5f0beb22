//! The shared random playout: complete games with the engine contract, our invariants
//! and the hidden-information check, and the coverage of every kind of decision.

use signoria_age_of_renaissance::stack::{AUTOMATIC_KINDS, DECISION_KINDS};
use signoria_age_of_renaissance::{AgeOfRenaissance as A, Options};
use signoria_engine::testkit::{PlayoutStats, Playouts, random_playouts};

fn run(players: usize, options: Options, games: usize, first_seed: u64) -> PlayoutStats {
    let cfg = Playouts::<A> {
        first_seed,
        roundtrip_every: 13,
        determinism_every: 50,
        illegal_probes: 1,
        hidden_every: 29,
        ..Playouts::new(players, options, games)
    };
    let t = std::time::Instant::now();
    let stats = random_playouts(&cfg);
    eprintln!(
        "{players}p: {} games, {} moves (max {} per game), max state {} bytes, wins {:?}, hidden checks {} ({} redrawn), {:?}, {:?}",
        stats.games,
        stats.moves,
        stats.max_moves_in_a_game,
        stats.max_state_bytes,
        stats.wins_by_seat,
        stats.hidden_checks,
        stats.hidden_secrets_redrawn,
        stats.frame_kinds,
        t.elapsed()
    );
    assert_eq!(stats.games, games);
    // The target: the largest stored state at most 16 KiB (README "State size").
    assert!(
        stats.max_state_bytes <= 16 * 1024,
        "{players}p: a stored state of {} bytes",
        stats.max_state_bytes
    );
    assert!(stats.illegal_probes_refused > 0);
    assert!(
        stats.hidden_checks > 0 && stats.hidden_secrets_redrawn > 0,
        "the hidden-information check must run and redraw something"
    );
    assert_eq!(
        stats.missing_kinds(&AUTOMATIC_KINDS),
        AUTOMATIC_KINDS.to_vec(),
        "an automatic frame was on top when a seat decided"
    );
    stats
}

/// Every kind of decision is reached by the random games of each player count (1,000
/// games each); the rarest are the Cathedral defence and the Renaissance swap, which
/// need a 120-ducat advance bought at random.
#[test]
fn playouts_3p() {
    let s = run(3, Options::default(), 1000, 1);
    assert_eq!(s.missing_kinds(&DECISION_KINDS), Vec::<&str>::new());
}
#[test]
fn playouts_4p() {
    let s = run(4, Options::default(), 1000, 10_001);
    assert_eq!(s.missing_kinds(&DECISION_KINDS), Vec::<&str>::new());
}
#[test]
fn playouts_5p() {
    let s = run(5, Options::default(), 1000, 20_001);
    assert_eq!(s.missing_kinds(&DECISION_KINDS), Vec::<&str>::new());
}
#[test]
fn playouts_6p() {
    let s = run(6, Options::default(), 1000, 30_001);
    assert_eq!(s.missing_kinds(&DECISION_KINDS), Vec::<&str>::new());
}

/// Shorter games (seed §11): only epoch 1, or epochs 1 and 2.
#[test]
fn playouts_shorter_games() {
    for last_epoch in [1u8, 2] {
        for players in 3..=6 {
            let stats = run(
                players,
                Options { last_epoch },
                100,
                40_001 + 1000 * players as u64 + 10_000 * last_epoch as u64,
            );
            assert_eq!(stats.games, 100);
        }
    }
}

/// Every legal move of a few games survives the proto round trip, and views and
/// events map to proto; the secret fields reach omniscient viewers only.
#[test]
fn moves_round_trip_through_proto() {
    use signoria_engine::{Game, ProtoGame, Viewer};
    for players in 3..=6 {
        let checked =
            signoria_engine::testkit::proto_round_trip::<A>(&Options::default(), players, 4, 0);
        assert!(checked > 4 * 1000, "{players}p: {checked} moves checked");
        let s = A::setup(&Options::default(), players, 1).unwrap();
        for v in signoria_engine::testkit::viewers(players) {
            let pb = A::view_to_pb(&A::view(&s, v));
            assert_eq!(pb.players.len(), players);
            assert_eq!(pb.secret_deck.is_empty(), v != Viewer::Omniscient);
            for (seat, p) in pb.players.iter().enumerate() {
                let own = v == Viewer::Omniscient || v == Viewer::Seat(seat);
                assert_eq!(p.hand_visible, own);
                assert_eq!(p.hand.is_empty(), !own);
            }
        }
    }
    let o = Options { last_epoch: 2 };
    assert_eq!(A::options_from_pb(&A::options_to_pb(&o)), Ok(o));
    assert!(
        A::options_from_pb(&signoria_age_of_renaissance::pb::Options {
            last_epoch: Some(4)
        })
        .is_err()
    );
    assert_eq!(
        A::options_from_pb(&signoria_age_of_renaissance::pb::Options { last_epoch: None }),
        Ok(Options::default())
    );
}

/// Fewer games with every check at every step.
#[test]
fn playouts_with_every_check_every_move() {
    for players in 3..=6 {
        let cfg = Playouts::<A> {
            first_seed: 70_000 + players as u64 * 1000,
            roundtrip_every: 1,
            determinism_every: 1,
            illegal_probes: 4,
            hidden_every: 1,
            ..Playouts::new(players, Options::default(), 5)
        };
        let stats = random_playouts(&cfg);
        assert_eq!(stats.games, 5);
        assert!(stats.hidden_secrets_redrawn > 0);
    }
}

/// Uniformly random players resign and take misery so often that most games of three
/// and four end with fewer than two players left, and the final card play (seed §11.1)
/// is reached in a handful of the 1,000 games above. Here players who never resign,
/// pay stabilization when they can and bid at most half their cash play 100 complete
/// games per player count, with the invariants and the state round trip after every
/// move; a good share of them must end by the last card drawn, through the final card
/// play.
#[test]
fn playouts_to_the_last_card() {
    use signoria_age_of_renaissance::model::Move;
    use signoria_age_of_renaissance::stack;
    use signoria_engine::{Game, GameRng};
    for players in 3..=6 {
        let (mut by_deck, mut finals) = (0, 0);
        for seed in 0..100u64 {
            let mut s = A::setup(&Options::default(), players, 90_000 + seed).unwrap();
            let mut rng = GameRng::from_seed(seed);
            let mut saw_final = false;
            for step in 0.. {
                let v = A::invariant_violations(&s);
                assert!(v.is_empty(), "{players}p seed {seed} step {step}: {v:?}");
                let json = serde_json::to_string(&s).unwrap();
                assert_eq!(
                    serde_json::from_str::<signoria_age_of_renaissance::State>(&json).unwrap(),
                    s
                );
                let pending = A::pending(&s);
                if pending.is_empty() {
                    assert!(A::outcome(&s).is_some());
                    break;
                }
                assert!(step < 5_000, "{players}p seed {seed}: no end");
                saw_final |= s.stack.last().map(stack::kind) == Some("final card play");
                let seat = pending[rng.index(pending.len())];
                let all = A::legal_moves(&s, seat);
                let cash = s.players[seat].cash as i32;
                let mut sensible: Vec<Move> = all
                    .iter()
                    .filter(|m| match m {
                        Move::Resign => false,
                        Move::Stabilize { pay: false } => {
                            !all.contains(&Move::Stabilize { pay: true })
                        }
                        Move::Bid { tokens } => *tokens >= 0 && *tokens <= cash / 2,
                        _ => true,
                    })
                    .cloned()
                    .collect();
                if sensible.is_empty() {
                    sensible = all;
                }
                let mv = sensible[rng.index(sensible.len())].clone();
                A::apply(&mut s, seat, &mv).unwrap();
            }
            by_deck += (s.order.len() >= 2) as u32;
            finals += saw_final as u32;
        }
        eprintln!(
            "{players}p: {by_deck} of 100 games ended by the deck, {finals} with a final card play"
        );
        assert!(
            by_deck >= 10 && finals >= 10,
            "{players}p: {by_deck} by the deck, {finals} final card plays"
        );
    }
}
