//! The shared random playout: complete games with the engine contract, our
//! invariants and the hidden-information check, the coverage of every kind of
//! decision, and the proto round trip of every move.

use signoria_engine::testkit::{PlayoutStats, Playouts, proto_round_trip, random_playouts};
use signoria_engine::{Game, GameRng, ProtoGame, Viewer};
use signoria_wallenstein::stack::{AUTOMATIC_KINDS, DECISION_KINDS};
use signoria_wallenstein::{Move, Options, Wallenstein as W};

fn run(players: usize, fixed_start: bool, games: usize, first_seed: u64) -> PlayoutStats {
    let cfg = Playouts::<W> {
        first_seed,
        roundtrip_every: 13,
        determinism_every: 50,
        illegal_probes: 1,
        hidden_every: 29,
        ..Playouts::new(
            players,
            Options {
                fixed_start,
                ..Default::default()
            },
            games,
        )
    };
    let t = std::time::Instant::now();
    let stats = random_playouts(&cfg);
    eprintln!(
        "{players}p fixed_start={fixed_start}: {} games, {} moves (max {} per game), max state {} bytes, wins {:?}, hidden checks {} ({} redrew a secret), {:?}, {:?}",
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
    assert!(
        stats.max_state_bytes <= 32 * 1024,
        "state too large: {}",
        stats.max_state_bytes
    );
    assert!(stats.illegal_probes_refused > 0);
    assert!(
        stats.hidden_checks > 0 && stats.hidden_secrets_redrawn > 0,
        "the hidden-information check must run and redraw a secret, not only the generator"
    );
    // Every kind of decision is reached (the fixed set-ups have no draft);
    // the automatic frames never ask anybody.
    let draft = ["draft", "place group"];
    let missing = stats.missing_kinds(&DECISION_KINDS);
    let expected: Vec<&str> = if fixed_start { draft.to_vec() } else { vec![] };
    assert_eq!(missing, expected, "decision kinds never reached");
    assert_eq!(
        stats.missing_kinds(&AUTOMATIC_KINDS),
        AUTOMATIC_KINDS.to_vec(),
        "an automatic frame was on top when a seat decided"
    );
    stats
}

#[test]
fn playouts_3p() {
    run(3, false, 1000, 1);
}
#[test]
fn playouts_4p() {
    run(4, false, 1000, 10_001);
}
#[test]
fn playouts_5p() {
    run(5, false, 1000, 20_001);
}
#[test]
fn playouts_fixed_start() {
    for players in 3..=5 {
        run(players, true, 200, 30_001 + players as u64 * 1000);
    }
}

/// Every legal move of a few games survives the proto round trip, and views
/// and events map to proto; the secret fields reach omniscient viewers only.
#[test]
fn moves_round_trip_through_proto() {
    for players in 3..=5 {
        let checked = proto_round_trip::<W>(&Options::default(), players, 10, 0);
        assert!(checked > 10 * 300, "{players}p: {checked} moves checked");
        let s = W::setup(&Options::default(), players, 1).unwrap();
        for v in signoria_engine::testkit::viewers(players) {
            let pb = W::view_to_pb(&W::view(&s, v));
            assert_eq!(pb.players.len(), players);
            assert_eq!(pb.lands.len(), 45);
            assert_eq!(pb.secret_event_deck.is_empty(), v != Viewer::Omniscient);
            assert_eq!(pb.secret_draft_deck.is_empty(), v != Viewer::Omniscient);
        }
    }
}

/// The random games make every kind of move (the decision kinds above are
/// coarser: recycling, a blind pick, a bid and not moving are moves within them).
#[test]
fn playouts_make_every_kind_of_move() {
    use std::collections::BTreeMap;
    let mut seen: BTreeMap<&'static str, usize> = BTreeMap::new();
    for players in 3..=5 {
        for seed in 0..100u64 {
            let mut s = W::setup(&Options::default(), players, seed).unwrap();
            let mut rng = GameRng::from_seed(seed);
            while let Some(&seat) = W::pending(&s).first() {
                let legal = W::legal_moves(&s, seat);
                let m = legal[rng.index(legal.len())].clone();
                let name = match &m {
                    Move::DraftOpen { .. } => "draft open",
                    Move::DraftBlind => "draft blind",
                    Move::Recycle => "recycle",
                    Move::PlaceGroup { .. } => "place group",
                    Move::Plan { field: 10, .. } => "bid",
                    Move::Plan { .. } => "plan",
                    Move::TakeSpace { .. } => "space",
                    Move::March { .. } => "march",
                    Move::Stay => "stay",
                    Move::Revolt { .. } => "revolt order",
                    other => module_move_name(other),
                };
                *seen.entry(name).or_default() += 1;
                W::apply(&mut s, seat, &m).unwrap();
            }
        }
    }
    eprintln!("{seen:?}");
    for kind in [
        "draft open",
        "draft blind",
        "recycle",
        "place group",
        "bid",
        "plan",
        "space",
        "march",
        "stay",
        "revolt order",
    ] {
        assert!(
            seen.get(kind).copied().unwrap_or(0) > 0,
            "random games never made a '{kind}' decision: {seen:?}"
        );
    }
}

/// Fewer games with every check at every step: serialisation round trip,
/// views and the hidden-information check after every move, every game
/// replayed from its seed.
#[test]
fn playouts_with_every_check_every_move() {
    for players in 3..=5 {
        let cfg = Playouts::<W> {
            first_seed: 70_000 + players as u64 * 1000,
            roundtrip_every: 1,
            determinism_every: 1,
            illegal_probes: 4,
            hidden_every: 1,
            ..Playouts::new(players, Options::default(), 20)
        };
        let stats = random_playouts(&cfg);
        assert_eq!(stats.games, 20);
        assert!(stats.hidden_secrets_redrawn > 0);
    }
}

/// The name of a move only the modules make.
fn module_move_name(m: &Move) -> &'static str {
    match m {
        Move::PlaceGroupWithGeneral { .. } => "place group with general",
        Move::TakeFavor { .. } => "take favor",
        Move::PassFavor => "pass favor",
        Move::CancelEvent { cancel: true } => "cancel event",
        Move::CancelEvent { cancel: false } => "keep event",
        Move::FavorLand { .. } => "favor land",
        Move::TakeBonus { .. } => "bonus",
        Move::PlaceGeneral { .. } => "place general",
        Move::MoveGeneral { .. } => "move general",
        _ => "base",
    }
}
