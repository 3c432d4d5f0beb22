//! Random playouts of every combination of the three modules ("Am Kaiserhof",
//! "Landsknechte", generals and monuments) for 3, 4 and 5 players, with the
//! engine contract, our invariants (courtiers, favor cards and monuments
//! conserved, at most three favor cards a round, generals on own lands), the
//! hidden-information check, the coverage of every decision kind of the
//! combination, and the proto round trip of every move.

use std::collections::BTreeMap;

use signoria_engine::testkit::{PlayoutStats, Playouts, proto_round_trip, random_playouts};
use signoria_engine::{Game, GameRng, ProtoGame, Viewer};
use signoria_wallenstein::stack::{AUTOMATIC_KINDS, decision_kinds};
use signoria_wallenstein::{Move, Options, Wallenstein as W};

/// Complete games per combination and player count with the start-land draft,
/// and with the fixed set-ups (whose generals are placed after the first
/// turn order, L1640-1644).
const DRAFT_GAMES: usize = 300;
const FIXED_GAMES: usize = 60;

fn options(kaiserhof: bool, landsknechte: bool, generals: bool, fixed_start: bool) -> Options {
    Options {
        fixed_start,
        kaiserhof,
        landsknechte,
        generals,
    }
}

fn run(options: &Options, players: usize, games: usize, first_seed: u64) -> PlayoutStats {
    let cfg = Playouts::<W> {
        first_seed,
        roundtrip_every: 97,
        determinism_every: 60,
        illegal_probes: 1,
        hidden_every: 101,
        ..Playouts::new(players, options.clone(), games)
    };
    let t = std::time::Instant::now();
    let stats = random_playouts(&cfg);
    eprintln!(
        "{players}p {options:?}: {} games, {} moves (max {} per game), max state {} bytes, wins {:?}, hidden checks {} ({} redrew a secret), {:?}",
        stats.games,
        stats.moves,
        stats.max_moves_in_a_game,
        stats.max_state_bytes,
        stats.wins_by_seat,
        stats.hidden_checks,
        stats.hidden_secrets_redrawn,
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
    assert_eq!(
        stats.missing_kinds(&AUTOMATIC_KINDS),
        AUTOMATIC_KINDS.to_vec(),
        "an automatic frame was on top when a seat decided"
    );
    stats
}

/// One combination: draft and fixed games for 3-5 players; every decision
/// kind of the combination is reached (the draft's kinds only in draft games).
fn combination(kaiserhof: bool, landsknechte: bool, generals: bool, seed: u64) {
    let mut kinds: BTreeMap<&'static str, usize> = BTreeMap::new();
    for players in 3..=5 {
        for fixed in [false, true] {
            let o = options(kaiserhof, landsknechte, generals, fixed);
            let games = if fixed { FIXED_GAMES } else { DRAFT_GAMES };
            let first = seed + players as u64 * 10_000 + u64::from(fixed) * 5_000;
            let stats = run(&o, players, games, first);
            for (k, v) in stats.frame_kinds {
                *kinds.entry(k).or_default() += v;
            }
        }
    }
    let o = options(kaiserhof, landsknechte, generals, false);
    let missing: Vec<&str> = decision_kinds(&o)
        .into_iter()
        .filter(|k| !kinds.contains_key(k))
        .collect();
    assert!(
        missing.is_empty(),
        "{o:?}: never decided on {missing:?}: {kinds:?}"
    );
    eprintln!("{o:?}: decisions by kind {kinds:?}");
}

#[test]
fn playouts_kaiserhof() {
    combination(true, false, false, 100_000);
}
#[test]
fn playouts_landsknechte() {
    combination(false, true, false, 200_000);
}
#[test]
fn playouts_generals() {
    combination(false, false, true, 300_000);
}
#[test]
fn playouts_kaiserhof_landsknechte() {
    combination(true, true, false, 400_000);
}
#[test]
fn playouts_kaiserhof_generals() {
    combination(true, false, true, 500_000);
}
#[test]
fn playouts_landsknechte_generals() {
    combination(false, true, true, 600_000);
}
#[test]
fn playouts_all_modules() {
    combination(true, true, true, 700_000);
}

/// Fewer games with all modules and every check at every step.
#[test]
fn all_modules_with_every_check_every_move() {
    for players in 3..=5 {
        for fixed in [false, true] {
            let cfg = Playouts::<W> {
                first_seed: 800_000 + players as u64 * 1000 + u64::from(fixed) * 500,
                roundtrip_every: 1,
                determinism_every: 1,
                illegal_probes: 4,
                hidden_every: 1,
                ..Playouts::new(players, options(true, true, true, fixed), 6)
            };
            let stats = random_playouts(&cfg);
            assert_eq!(stats.games, 6);
            assert!(stats.hidden_secrets_redrawn > 0);
        }
    }
}

/// Every legal move of games with all modules survives the proto round trip;
/// views and events map to proto, the favor deck only for omniscient viewers.
#[test]
fn module_moves_round_trip_through_proto() {
    for players in 3..=5 {
        for fixed in [false, true] {
            let o = options(true, true, true, fixed);
            let checked = proto_round_trip::<W>(&o, players, 4, 40 + u64::from(fixed));
            assert!(checked > 4 * 300, "{players}p: {checked} moves checked");
            let s = W::setup(&o, players, 1).unwrap();
            for v in signoria_engine::testkit::viewers(players) {
                let pb = W::view_to_pb(&W::view(&s, v));
                assert_eq!(pb.secret_favor_deck.is_empty(), v != Viewer::Omniscient);
                assert_eq!(pb.court.as_ref().unwrap().display.len(), 3);
                assert!(pb.players.iter().all(|p| p.monuments_left == 6));
            }
        }
    }
}

/// Random games with all modules make every kind of module move.
#[test]
fn module_playouts_make_every_kind_of_move() {
    let mut seen: BTreeMap<&'static str, usize> = BTreeMap::new();
    for players in 3..=5 {
        for seed in 0..40u64 {
            let o = options(true, true, true, seed % 4 == 3);
            let mut s = W::setup(&o, players, seed).unwrap();
            let mut rng = GameRng::from_seed(seed);
            while let Some(&seat) = W::pending(&s).first() {
                let legal = W::legal_moves(&s, seat);
                let m = legal[rng.index(legal.len())].clone();
                let name = match &m {
                    Move::PlaceGroupWithGeneral { .. } => "place group with general",
                    Move::Plan { field: 11.., .. } => "plan supplementary field",
                    Move::Plan {
                        card: signoria_wallenstein::Card::Tower,
                        ..
                    } => "plan tower card",
                    Move::TakeFavor { .. } => "take favor",
                    Move::PassFavor => "pass favor",
                    Move::CancelEvent { cancel: true } => "cancel event",
                    Move::CancelEvent { cancel: false } => "keep event",
                    Move::FavorLand { .. } => "favor land",
                    Move::TakeBonus { .. } => "bonus",
                    Move::PlaceGeneral { .. } => "place general",
                    Move::MoveGeneral { .. } => "move general",
                    _ => "base",
                };
                *seen.entry(name).or_default() += 1;
                W::apply(&mut s, seat, &m).unwrap();
            }
        }
    }
    eprintln!("{seen:?}");
    for kind in [
        "place group with general",
        "plan supplementary field",
        "plan tower card",
        "take favor",
        "pass favor",
        "cancel event",
        "keep event",
        "favor land",
        "bonus",
        "place general",
        "move general",
    ] {
        assert!(
            seen.get(kind).copied().unwrap_or(0) > 0,
            "random games never made a '{kind}' move: {seen:?}"
        );
    }
}

/// `info().options` lists the three modules after `fixed_start`, all off by
/// default; every combination survives the proto round trip, and a stored
/// base game (no module fields) reads with every module off.
#[test]
fn module_options_in_info_and_proto() {
    let info = W::info();
    let names: Vec<(&str, &str)> = info.options.iter().map(|o| (o.name, o.default)).collect();
    assert_eq!(
        names,
        vec![
            ("fixed_start", "false"),
            ("kaiserhof", "false"),
            ("landsknechte", "false"),
            ("generals", "false")
        ]
    );
    assert_eq!(info.schema_version, 3);
    for bits in 0..16u8 {
        let o = options(bits & 1 > 0, bits & 2 > 0, bits & 4 > 0, bits & 8 > 0);
        assert_eq!(W::options_from_pb(&W::options_to_pb(&o)).unwrap(), o);
        let json = serde_json::to_string(&o).unwrap();
        assert_eq!(serde_json::from_str::<Options>(&json).unwrap(), o);
        // A module that is off is left out of the stored form.
        assert_eq!(json.contains("kaiserhof"), o.kaiserhof, "{json}");
    }
    let o: Options = serde_json::from_str(r#"{"fixed_start":true}"#).unwrap();
    assert_eq!(o, options(false, false, false, true));
    assert_eq!(
        W::options_from_pb(&Default::default()).unwrap(),
        Options::default()
    );
}

/// The modules' moves read as a person would say them.
#[test]
fn module_move_labels() {
    let o = options(true, true, true, false);
    let s = W::setup(&o, 3, 1).unwrap();
    let label = |m: Move| W::describe_move(&s, 0, &m);
    assert_eq!(
        label(Move::TakeFavor { card: 16 }),
        "take favor card 16: 4 Taler"
    );
    assert_eq!(
        label(Move::TakeFavor { card: 18 }),
        "take favor card 18: safe from Fight/Move A and B"
    );
    assert_eq!(
        label(Move::TakeFavor { card: 21 }),
        "take favor card 21: a free palace"
    );
    assert_eq!(label(Move::PassFavor), "take no favor card");
    assert_eq!(
        label(Move::CancelEvent { cancel: true }),
        "remove the round's event"
    );
    assert_eq!(
        label(Move::Plan {
            field: 12,
            card: signoria_wallenstein::Card::Tower
        }),
        "convert 2 armies: from the tray (tower card)"
    );
    assert_eq!(
        label(Move::Plan {
            field: 10,
            card: signoria_wallenstein::Card::Tower
        }),
        "bid a tower card (counts as 0)"
    );
    let anhalt = signoria_wallenstein::data::data()
        .land_by_name("Anhalt")
        .unwrap();
    assert_eq!(
        label(Move::PlaceGeneral { land: anhalt }),
        "place your general in Anhalt"
    );
}

/// A module move naming something that does not exist is malformed (the
/// server answers INVALID_ARGUMENT), not merely illegal now: favor cards are
/// numbered 1..21 (L1218-1221), lands 0..44, bonus kinds are the four the seed
/// names (L1606-1611).
#[test]
fn malformed_module_moves_are_refused_by_the_decoder() {
    use signoria_wallenstein::pb::r#move::{self as m, Kind};
    let decode = |kind: Kind| W::move_from_pb(&signoria_wallenstein::pb::Move { kind: Some(kind) });
    for card in [0, 22, 99] {
        assert!(
            decode(Kind::TakeFavor(m::TakeFavor { card })).is_err(),
            "favor card {card}"
        );
    }
    for card in [1, 21] {
        assert_eq!(
            decode(Kind::TakeFavor(m::TakeFavor { card })),
            Ok(Move::TakeFavor { card: card as u8 })
        );
    }
    assert!(decode(Kind::FavorLand(m::FavorLand { land: 45 })).is_err());
    assert!(decode(Kind::PlaceGeneral(m::PlaceGeneral { land: 45 })).is_err());
    assert!(decode(Kind::MoveGeneral(m::MoveGeneral { to: 45 })).is_err());
    assert!(decode(Kind::TakeBonus(m::TakeBonus { kind: 0 })).is_err());
    assert!(decode(Kind::TakeBonus(m::TakeBonus { kind: 9 })).is_err());
    assert!(
        decode(Kind::Plan(m::Plan {
            field: 14,
            card: Some(signoria_wallenstein::proto::card_to_pb(
                signoria_wallenstein::Card::Tower
            )),
        }))
        .is_err()
    );
}
