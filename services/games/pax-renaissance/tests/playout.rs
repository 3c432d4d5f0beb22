//! The shared random playout: complete games with the engine contract and our
//! invariants checked after every move, plus the proto round trip of every move.

use signoria_engine::testkit::{Playouts, random_playouts};
use signoria_engine::{Game, ProtoGame};
use signoria_pax_renaissance::{Options, PaxRenaissance as P};

fn run(players: usize, options: Options, games: usize, first_seed: u64) {
    let cfg = Playouts::<P> {
        first_seed,
        roundtrip_every: 13,
        determinism_every: 100,
        ..Playouts::new(players, options.clone(), games)
    };
    let t = std::time::Instant::now();
    let stats = random_playouts(&cfg);
    eprintln!(
        "{players}p {options:?}: {} games, {} moves (max {} per game), max state {} bytes, wins {:?}, {:?}",
        stats.games,
        stats.moves,
        stats.max_moves_in_a_game,
        stats.max_state_bytes,
        stats.wins_by_seat,
        t.elapsed()
    );
    assert_eq!(stats.games, games);
    assert!(stats.illegal_probes_refused > 0);
}

#[test]
fn playouts_2p() {
    run(2, Options::default(), 1000, 1);
}
#[test]
fn playouts_3p() {
    run(3, Options::default(), 1000, 10_001);
}
#[test]
fn playouts_4p() {
    run(4, Options::default(), 1000, 20_001);
}
#[test]
fn playouts_variants() {
    run(
        2,
        Options {
            astrology: true,
            bankruptcy: true,
            expert: true,
        },
        200,
        30_001,
    );
    run(
        4,
        Options {
            astrology: false,
            bankruptcy: true,
            expert: true,
        },
        200,
        40_001,
    );
}

/// Every legal move of a few games survives the proto round trip.
#[test]
fn moves_round_trip_through_proto() {
    for players in 2..=4 {
        for seed in 0..20u64 {
            let mut s = P::setup(&Options::default(), players, seed).unwrap();
            let mut rng = signoria_engine::GameRng::from_seed(seed);
            while let Some(&seat) = P::pending(&s).first() {
                let legal = P::legal_moves(&s, seat);
                for m in &legal {
                    assert_eq!(&P::move_from_pb(&P::move_to_pb(m)).unwrap(), m);
                }
                for v in signoria_engine::testkit::viewers(players) {
                    let pb = P::view_to_pb(&P::view(&s, v));
                    assert_eq!(pb.players.len(), players);
                    assert!(pb.decision.as_ref().is_some_and(|d| d.kind.is_some()));
                    assert_eq!(pb.battle.is_some(), s.battle.is_some());
                }
                let m = legal[rng.index(legal.len())].clone();
                for e in P::apply(&mut s, seat, &m).unwrap() {
                    let _ = P::event_to_pb(&e.event);
                }
            }
            assert!(P::outcome(&s).is_some());
        }
    }
}

fn kind(m: &signoria_pax_renaissance::Move) -> String {
    use signoria_pax_renaissance::Move;
    use signoria_pax_renaissance::model::Target;
    match m {
        Move::Play {
            oneshot: true,
            card,
            ..
        } => {
            format!(
                "oneshot {:?}",
                signoria_pax_renaissance::board::t()
                    .card(*card)
                    .oneshot
                    .as_ref()
                    .map(std::mem::discriminant)
            )
        }
        Move::Op { target, .. } => match target {
            Target::Bishop { .. } => "op inquisitor".into(),
            Target::Market { .. } => "op commerce".into(),
            Target::Card(_) => "op behead".into(),
            Target::Tax { .. } => "op tax".into(),
            Target::City(..) | Target::Border { .. } => "op repress/siege".into(),
            Target::Empire(_) => "op vote".into(),
            Target::Corsair { .. } => "op corsair".into(),
            Target::Map(_) => "op campaign".into(),
        },
        other => {
            let s = format!("{other:?}");
            s.split([' ', '{', '(']).next().unwrap().to_string()
        }
    }
}

/// The random games reach every kind of decision (so the playouts exercise them).
#[test]
fn playouts_reach_every_decision_kind() {
    use std::collections::BTreeMap;
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for players in 2..=4 {
        for seed in 0..300u64 {
            let mut s = P::setup(&Options::default(), players, seed).unwrap();
            let mut rng = signoria_engine::GameRng::from_seed(seed);
            while let Some(&seat) = P::pending(&s).first() {
                let legal = P::legal_moves(&s, seat);
                let mut keys: Vec<String> = legal.iter().map(|m| format!("{m:?}")).collect();
                keys.sort();
                keys.dedup();
                assert_eq!(
                    keys.len(),
                    legal.len(),
                    "{players}p seed {seed}: duplicate legal moves"
                );
                let mut labels: Vec<String> = legal
                    .iter()
                    .map(|m| P::describe_move(&s, seat, m))
                    .collect();
                labels.sort();
                let n = labels.len();
                labels.dedup();
                assert_eq!(
                    labels.len(),
                    n,
                    "{players}p seed {seed}: two legal moves share a label: {legal:?}"
                );
                // Prefer anything but ending the turn, so that games go deep.
                let keep: Vec<_> = legal
                    .iter()
                    .filter(|m| !matches!(m, signoria_pax_renaissance::Move::EndTurn))
                    .cloned()
                    .collect();
                let pool = if keep.is_empty() { legal } else { keep };
                let m = pool[rng.index(pool.len())].clone();
                *seen.entry(kind(&m)).or_default() += 1;
                P::apply(&mut s, seat, &m).unwrap();
                let v = P::invariant_violations(&s);
                assert!(v.is_empty(), "{players}p seed {seed} after {m:?}: {v:?}");
            }
        }
    }
    eprintln!("{seen:#?}");
    for k in [
        "Buy",
        "Play",
        "Crown",
        "Sell",
        "SellHand",
        "Ops",
        "TradeFair",
        "DeclareVictory",
        "EndOps",
        "ActivateVictory",
        "PlaceAgent",
        "PlaceOtherAgent",
        "SkipAgent",
        "Pacify",
        "PayTax",
        "RefuseTax",
        "Levy",
        "Casualty",
        "PlaceSurvivor",
        "Concession",
        "Liberate",
        "EndLiberation",
        "op inquisitor",
        "op commerce",
        "op behead",
        "op tax",
        "op repress/siege",
        "op vote",
        "op corsair",
        "op campaign",
    ] {
        assert!(
            seen.get(k).copied().unwrap_or(0) > 0,
            "random games never made a '{k}' decision: {seen:#?}"
        );
    }
}

/// Fewer games with every check at every step: serialisation round trip and
/// views after every move, every game replayed from its seed.
#[test]
fn playouts_with_every_check_every_move() {
    for players in 2..=4 {
        let cfg = Playouts::<P> {
            first_seed: 70_000 + players as u64 * 1000,
            roundtrip_every: 1,
            determinism_every: 1,
            illegal_probes: 4,
            ..Playouts::new(players, Options::default(), 100)
        };
        let stats = random_playouts(&cfg);
        assert_eq!(stats.games, 100);
        assert!(
            stats.max_state_bytes <= 16 * 1024,
            "state too large: {}",
            stats.max_state_bytes
        );
    }
}
