//! The shared random playout: complete games with the engine contract, our
//! invariants and the hidden-information check run as they go, the coverage
//! of decision kinds, and the proto round trip of every legal move.

use signoria_engine::Game;
use signoria_engine::testkit::{PlayoutStats, Playouts, proto_round_trip, random_playouts};
use signoria_pax_renaissance::{FRAME_KINDS, Options, PaxRenaissance as P};

/// A batch of playouts, reaching every decision kind but the automatic ones
/// and, maybe, the rare ones.
fn run(players: usize, options: Options, games: usize, first_seed: u64) {
    let cfg = Playouts::<P> {
        first_seed,
        roundtrip_every: 13,
        determinism_every: 100,
        hidden_every: 17,
        ..Playouts::new(players, options.clone(), games)
    };
    let t = std::time::Instant::now();
    let stats = random_playouts(&cfg);
    eprintln!(
        "{players}p {options:?}: {} games, {} moves (max {} per game), max state {} bytes, wins {:?}, hidden checks {} ({} redrew a secret), {:?}\n  decision kinds: {:?}",
        stats.games,
        stats.moves,
        stats.max_moves_in_a_game,
        stats.max_state_bytes,
        stats.wins_by_seat,
        stats.hidden_checks,
        stats.hidden_secrets_redrawn,
        t.elapsed(),
        stats.frame_kinds,
    );
    assert_eq!(stats.games, games);
    assert!(stats.illegal_probes_refused > 0);
    assert!(
        stats.hidden_checks > 0 && stats.hidden_secrets_redrawn > 0,
        "the hidden-information check must run and redraw a secret, not only the generator"
    );
    assert_kinds(&stats);
}

/// Decision kinds random play never reaches: automatic tasks are never on
/// top when a seat decides.
const AUTOMATIC: [&str; 2] = [
    "start_war", // takes a war's agents once their substitutes are named
    "regime",    // regime change step A
];

/// Decision kinds random play reaches only now and then, each with what it
/// needs and the tests that pin it.
const RARE: [&str; 2] = [
    // Knights Hospitaller (40) in the tableau during a crusade next to white
    // rooks in the Ottoman Empire or the Papal States that are not the only
    // attackers: rulings::r48_*.
    "join_rooks",
    // A token out of supply during card play, with two or more empire cards
    // holding a matching repressed one: rulings::r53_*,
    // edge_cases::a_substitute_*.
    "substitute",
];

/// Every kind is reached but the automatic ones (never) and the rare ones
/// (which a batch may miss: their rulings tests pin them).
fn assert_kinds(stats: &PlayoutStats) {
    let missing = stats.missing_kinds(&FRAME_KINDS);
    for kind in AUTOMATIC {
        assert!(
            missing.contains(&kind),
            "the automatic kind {kind} was on top of a decision"
        );
    }
    let unexplained: Vec<&str> = missing
        .into_iter()
        .filter(|k| !AUTOMATIC.contains(k) && !RARE.contains(k))
        .collect();
    assert!(
        unexplained.is_empty(),
        "decision kinds not reached: {unexplained:?}"
    );
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

/// Every legal move of a few games survives the proto round trip (typed
/// message, wire bytes and back); every view and event maps to proto.
#[test]
fn moves_round_trip_through_proto() {
    for players in 2..=4 {
        let checked = proto_round_trip::<P>(&Options::default(), players, 20, 0);
        assert!(
            checked > 20 * 100,
            "{players}p: only {checked} moves checked"
        );
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
                signoria_pax_renaissance::data::card(*card)
                    .one_shot
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

/// Random games that prefer anything to ending the turn reach every kind of
/// move (all actions, all nine ops, every one-shot kind, tax answers both
/// ways, casualties, survivors, concessions, liberation, pacification), and
/// no two legal moves are equal or share a label.
#[test]
fn playouts_reach_every_move_kind() {
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
/// views after every move, the hidden-information check every third move,
/// every game replayed from its seed.
#[test]
fn playouts_with_every_check_every_move() {
    for players in 2..=4 {
        let cfg = Playouts::<P> {
            first_seed: 70_000 + players as u64 * 1000,
            roundtrip_every: 1,
            determinism_every: 1,
            illegal_probes: 4,
            hidden_every: 3,
            ..Playouts::new(players, Options::default(), 100)
        };
        let stats = random_playouts(&cfg);
        assert_eq!(stats.games, 100);
        assert!(stats.hidden_secrets_redrawn > 0);
        assert!(
            stats.max_state_bytes <= 16 * 1024,
            "state too large: {}",
            stats.max_state_bytes
        );
    }
}
