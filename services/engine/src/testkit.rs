//! The shared test kit every game uses: random playouts with contract,
//! invariant and hidden-information checks at every step, the proto round trip
//! of every legal move, golden replay files, stored states of earlier releases,
//! and the playout benchmark.
//!
//! Used from each game's `tests/` and `benches/`; it panics with a replayable
//! description (game seed, driver seed, step) on the first violation.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::stored::{decode_state, encode_state, state_digest};
use crate::{Game, GameRng, ProtoGame, RuleErrorKind, Seat, Viewer};

/// How a batch of random playouts runs.
#[derive(Debug, Clone)]
pub struct Playouts<G: Game> {
    pub players: usize,
    pub options: G::Options,
    pub games: usize,
    /// Game `i` uses game seed `first_seed + i` and the same number to drive the
    /// random choices of the players.
    pub first_seed: u64,
    /// A game that has not ended after this many moves fails the test.
    pub max_moves: usize,
    /// Check the serialisation round trip every `roundtrip_every` moves (1 = every move).
    pub roundtrip_every: usize,
    /// Replay every `determinism_every`-th game from its seed and moves and
    /// compare the final states (1 = every game).
    pub determinism_every: usize,
    /// Try this many moves that are not legal at each step (taken from moves
    /// seen elsewhere in the game) and require that they are refused.
    pub illegal_probes: usize,
    /// Every `hidden_every` moves (0 = never), redraw for each seat what it may
    /// not see ([`Game::resample_hidden`]) and require that the seat's view,
    /// prompt and legal moves, the public view and the pending seats stay the same.
    pub hidden_every: usize,
}

impl<G: Game> Playouts<G> {
    pub fn new(players: usize, options: G::Options, games: usize) -> Self {
        Playouts {
            players,
            options,
            games,
            first_seed: 1,
            max_moves: 100_000,
            roundtrip_every: 1,
            determinism_every: 10,
            illegal_probes: 2,
            hidden_every: 5,
        }
    }
}

/// What a batch of playouts did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlayoutStats {
    pub games: usize,
    pub moves: usize,
    pub max_moves_in_a_game: usize,
    pub illegal_probes_refused: usize,
    pub max_state_bytes: usize,
    /// How often each seat won (shared wins count for each winner).
    pub wins_by_seat: Vec<usize>,
    /// How often each kind of frame ([`Game::frame_kind`]) was on top when a
    /// seat decided: the coverage of decision kinds.
    pub frame_kinds: BTreeMap<&'static str, usize>,
    /// Hidden-information checks made (one per seat and resample) and how many
    /// of them redrew something, so that the check is not vacuous.
    pub hidden_checks: usize,
    pub hidden_differing: usize,
    /// Of those, how many redrew a fact an omniscient viewer sees (a hand, a
    /// deck's order, a secret plan), not only the random generator: a
    /// `resample_hidden` that reseeds the generator and keeps every secret as
    /// it is differs from the real state every time, but redraws nothing
    /// here. Games assert it is positive.
    pub hidden_secrets_redrawn: usize,
}

impl PlayoutStats {
    /// The kinds in `all` that no playout reached.
    pub fn missing_kinds<'a>(&self, all: &[&'a str]) -> Vec<&'a str> {
        all.iter()
            .copied()
            .filter(|k| !self.frame_kinds.contains_key(k))
            .collect()
    }
}

/// One complete game: seed and the moves that were made.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record<M> {
    pub seed: u64,
    pub moves: Vec<(Seat, M)>,
}

/// Play `cfg.games` complete random games, checking the engine contract and the
/// game's invariants after every move.
pub fn random_playouts<G: Game>(cfg: &Playouts<G>) -> PlayoutStats {
    let mut stats = PlayoutStats {
        wins_by_seat: vec![0; cfg.players],
        ..Default::default()
    };
    for i in 0..cfg.games {
        let seed = cfg.first_seed + i as u64;
        let (record, final_state) = play_one::<G>(cfg, seed, &mut stats);
        if cfg.determinism_every > 0 && i % cfg.determinism_every == 0 {
            let replayed = replay::<G>(&cfg.options, cfg.players, &record)
                .unwrap_or_else(|e| panic!("seed {seed}: replay failed: {e}"));
            assert!(
                replayed == final_state,
                "seed {seed}: replaying the same seed and moves gave a different state"
            );
        }
        let outcome = G::outcome(&final_state).expect("finished game has an outcome");
        assert_eq!(
            outcome.results.len(),
            cfg.players,
            "seed {seed}: one result per seat"
        );
        for w in outcome.winners() {
            stats.wins_by_seat[w] += 1;
        }
        stats.games += 1;
    }
    stats
}

fn play_one<G: Game>(
    cfg: &Playouts<G>,
    seed: u64,
    stats: &mut PlayoutStats,
) -> (Record<G::Move>, G::State) {
    let mut state = G::setup(&cfg.options, cfg.players, seed)
        .unwrap_or_else(|e| panic!("seed {seed}: setup failed: {e}"));
    let again = G::setup(&cfg.options, cfg.players, seed).unwrap();
    assert!(state == again, "seed {seed}: setup is not deterministic");
    let mut driver = GameRng::from_seed(seed ^ 0xD21E_5EED);
    let mut record = Record {
        seed,
        moves: Vec::new(),
    };
    let mut pool: Vec<G::Move> = Vec::new();
    let ctx = |step: usize| format!("seed {seed}, step {step}");

    for step in 0.. {
        check_invariants::<G>(&state, &ctx(step));
        let pending = G::pending(&state);
        if pending.is_empty() {
            assert!(
                G::stack(&state).is_empty(),
                "{}: nobody pending on a non-empty stack",
                ctx(step)
            );
            assert!(
                G::outcome(&state).is_some(),
                "{}: nobody pending but no outcome",
                ctx(step)
            );
            for seat in 0..cfg.players {
                assert!(
                    G::legal_moves(&state, seat).is_empty(),
                    "{}: moves listed after the end",
                    ctx(step)
                );
            }
            let err = G::apply(&mut state.clone(), 0, &pool_or_none::<G>(&pool, &record))
                .expect_err("a move after the end");
            assert_eq!(err.kind, RuleErrorKind::GameOver, "{}: {err}", ctx(step));
            break;
        }
        assert!(
            G::outcome(&state).is_none(),
            "{}: outcome while seats are pending",
            ctx(step)
        );
        assert!(
            step < cfg.max_moves,
            "{}: game did not end within {} moves",
            ctx(step),
            cfg.max_moves
        );
        assert!(
            pending.windows(2).all(|w| w[0] < w[1]) && pending.iter().all(|&p| p < cfg.players),
            "{}: pending seats {pending:?} not distinct seats in order",
            ctx(step)
        );
        let top = G::stack(&state)
            .last()
            .expect("a pending seat means a frame");
        *stats.frame_kinds.entry(G::frame_kind(top)).or_default() += 1;

        if cfg.roundtrip_every > 0 && step % cfg.roundtrip_every == 0 {
            let bytes = encode_state::<G>(&state);
            stats.max_state_bytes = stats.max_state_bytes.max(bytes.len());
            let back = decode_state::<G>(&bytes)
                .unwrap_or_else(|e| panic!("{}: decode failed: {e}", ctx(step)));
            assert!(
                back == state,
                "{}: state changed in a serialisation round trip",
                ctx(step)
            );
            for viewer in viewers(cfg.players) {
                let _ = G::view(&state, viewer);
            }
        }
        if cfg.hidden_every > 0 && step % cfg.hidden_every == 0 {
            check_hidden_at::<G>(&state, &mut driver, stats, &ctx(step));
        }

        for seat in 0..cfg.players {
            if !pending.contains(&seat) {
                assert!(
                    G::legal_moves(&state, seat).is_empty(),
                    "{}: seat {seat} is not pending but has moves",
                    ctx(step)
                );
                assert!(
                    G::prompt_for(&state, seat).is_none(),
                    "{}: seat {seat} is not pending but is asked",
                    ctx(step)
                );
            }
        }
        for &seat in &pending {
            let prompt = G::prompt_for(&state, seat).unwrap_or_default();
            assert!(
                !prompt.trim().is_empty(),
                "{}: seat {seat} is pending without a prompt",
                ctx(step)
            );
        }

        let seat = pending[driver.index(pending.len())];
        let legal = G::legal_moves(&state, seat);
        assert!(
            !legal.is_empty(),
            "{}: seat {seat} is pending but has no legal move",
            ctx(step)
        );
        assert_eq!(
            legal,
            G::legal_moves(&state, seat),
            "{}: legal_moves is not deterministic",
            ctx(step)
        );

        // A legal move made by a seat that is not pending is refused.
        if let Some(other) = (0..cfg.players).find(|s| !pending.contains(s)) {
            let mut probe = state.clone();
            let err = G::apply(&mut probe, other, &legal[0])
                .expect_err("a seat that is not pending moved");
            assert_eq!(
                err.kind,
                RuleErrorKind::NotYourDecision,
                "{}: {err}",
                ctx(step)
            );
            assert!(
                probe == state,
                "{}: a refused move changed the state",
                ctx(step)
            );
        }

        // Moves seen elsewhere that are not legal now are refused, leaving no trace.
        let mut probes = 0;
        for _ in 0..cfg.illegal_probes * 4 {
            if probes >= cfg.illegal_probes || pool.is_empty() {
                break;
            }
            let candidate = &pool[driver.index(pool.len())];
            if legal.contains(candidate) {
                continue;
            }
            probes += 1;
            let mut probe = state.clone();
            let res = G::apply(&mut probe, seat, candidate);
            assert!(
                res.is_err(),
                "{}: unlisted move {candidate:?} was accepted",
                ctx(step)
            );
            assert!(
                probe == state,
                "{}: a refused move changed the state",
                ctx(step)
            );
            stats.illegal_probes_refused += 1;
        }

        let mv = legal[driver.index(legal.len())].clone();
        let label = G::describe_move(&state, seat, &mv);
        assert!(!label.trim().is_empty(), "{}: empty move label", ctx(step));
        let events = match G::apply(&mut state, seat, &mv) {
            Ok(events) => events,
            Err(e) => panic!(
                "{}: listed move {mv:?} of seat {seat} was refused: {e}",
                ctx(step)
            ),
        };
        for e in &events {
            if let crate::Audience::Seats(seats) = &e.audience {
                assert!(
                    seats.iter().all(|&p| p < cfg.players),
                    "{}: event for a seat that does not exist: {e:?}",
                    ctx(step)
                );
            }
        }
        if pool.len() < 512 {
            pool.extend(legal.into_iter().take(4));
        } else {
            let i = driver.index(pool.len());
            pool[i] = mv.clone();
        }
        record.moves.push((seat, mv));
        stats.moves += 1;
    }
    stats.max_moves_in_a_game = stats.max_moves_in_a_game.max(record.moves.len());
    (record, state)
}

fn check_invariants<G: Game>(state: &G::State, ctx: &str) {
    let violations = G::invariant_violations(state);
    assert!(
        violations.is_empty(),
        "{ctx}: invariants violated: {violations:#?}"
    );
}

/// Any move the game has made, for probing a finished game.
fn pool_or_none<G: Game>(pool: &[G::Move], record: &Record<G::Move>) -> G::Move {
    pool.first()
        .or_else(|| record.moves.first().map(|(_, m)| m))
        .cloned()
        .expect("a finished game made at least one move")
}

/// For each seat: a state redrawn in what the seat may not see must look the
/// same to it (view, pending seats, prompt, legal moves) and to spectators,
/// keep the game's invariants, and play on.
fn check_hidden_at<G: Game>(
    state: &G::State,
    rng: &mut GameRng,
    stats: &mut PlayoutStats,
    ctx: &str,
) {
    let players = G::players(state);
    for seat in 0..players {
        let Some(alt) = G::resample_hidden(state, seat, rng) else {
            return;
        };
        stats.hidden_checks += 1;
        if alt != *state {
            stats.hidden_differing += 1;
        }
        if G::view(&alt, Viewer::Omniscient) != G::view(state, Viewer::Omniscient) {
            stats.hidden_secrets_redrawn += 1;
        }
        let what =
            |x: &str| format!("{ctx}: seat {seat} can tell a resampled state apart by its {x}");
        assert!(
            G::view(&alt, Viewer::Seat(seat)) == G::view(state, Viewer::Seat(seat)),
            "{}",
            what("view")
        );
        assert!(
            G::view(&alt, Viewer::Public) == G::view(state, Viewer::Public),
            "{}",
            what("spectator view")
        );
        assert_eq!(
            G::pending(&alt),
            G::pending(state),
            "{}",
            what("pending seats")
        );
        assert_eq!(
            G::prompt_for(&alt, seat),
            G::prompt_for(state, seat),
            "{}",
            what("prompt")
        );
        let moves = G::legal_moves(state, seat);
        assert!(
            G::legal_moves(&alt, seat) == moves,
            "{}",
            what("legal moves")
        );
        let violations = G::invariant_violations(&alt);
        assert!(
            violations.is_empty(),
            "{ctx}: resampled state for seat {seat} breaks invariants: {violations:#?}"
        );
        // The draw is a function of what the seat sees and of the generator
        // only: from two states the seat cannot tell apart, the same
        // generator draws the same state (so a search bot using it cannot be
        // steered by hidden facts such as a deck's real order). Sort what is
        // unseen before shuffling it.
        let seed = rng.next_u64();
        let from_real = G::resample_hidden(state, seat, &mut GameRng::from_seed(seed));
        let from_alt = G::resample_hidden(&alt, seat, &mut GameRng::from_seed(seed));
        assert!(
            from_real == from_alt,
            "{ctx}: resample_hidden for seat {seat} depends on facts the seat cannot see \
             (two states it cannot tell apart redraw differently with the same generator)"
        );
        if let Some(mv) = moves.first() {
            let mut next = alt.clone();
            if let Err(e) = G::apply(&mut next, seat, mv) {
                panic!("{ctx}: seat {seat}'s move {mv:?} refused in a resampled state: {e}");
            }
        }
    }
}

/// Play `games` random games and check, at every step, that every legal move
/// survives the proto round trip (typed message, wire bytes and back), and that
/// every view and event maps to proto. Returns the number of moves checked.
pub fn proto_round_trip<G: ProtoGame>(
    options: &G::Options,
    players: usize,
    games: usize,
    first_seed: u64,
) -> usize {
    use prost::Message;
    let mut checked = 0;
    for seed in first_seed..first_seed + games as u64 {
        let mut state = G::setup(options, players, seed)
            .unwrap_or_else(|e| panic!("seed {seed}: setup failed: {e}"));
        let mut rng = GameRng::from_seed(seed);
        let opts = G::options_to_pb(options);
        assert_eq!(
            G::options_from_pb(&opts).as_ref(),
            Ok(options),
            "options do not round trip"
        );
        while let Some(&seat) = G::pending(&state).first() {
            let legal = G::legal_moves(&state, seat);
            for mv in &legal {
                let pb = G::move_to_pb(mv);
                let wire = pb.encode_to_vec();
                let back = G::MovePb::decode(&wire[..]).expect("move decodes");
                assert_eq!(back, pb, "seed {seed}: {mv:?} changed on the wire");
                assert_eq!(
                    G::move_from_pb(&back).as_ref(),
                    Ok(mv),
                    "seed {seed}: {mv:?} does not round trip"
                );
                checked += 1;
            }
            for viewer in viewers(players) {
                let _ = G::view_to_pb(&G::view(&state, viewer)).encode_to_vec();
            }
            let mv = legal[rng.index(legal.len())].clone();
            for e in G::apply(&mut state, seat, &mv).unwrap_or_else(|e| panic!("seed {seed}: {e}"))
            {
                let _ = G::event_to_pb(&e.event).encode_to_vec();
            }
        }
    }
    checked
}

/// What [`bench_playouts`] measured.
#[derive(Debug, Clone, Copy)]
pub struct BenchFigures {
    pub games: usize,
    pub decisions: usize,
    pub elapsed: Duration,
}

impl BenchFigures {
    pub fn games_per_second(&self) -> f64 {
        self.games as f64 / self.elapsed.as_secs_f64()
    }
    /// Mean cost of one decision (`legal_moves` + `apply`), in microseconds.
    pub fn micros_per_decision(&self) -> f64 {
        self.elapsed.as_secs_f64() * 1e6 / self.decisions.max(1) as f64
    }
}

impl std::fmt::Display for BenchFigures {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} games, {:.1} decisions/game, {:.0} games/s, {:.2} µs per legal_moves+apply",
            self.games,
            self.decisions as f64 / self.games.max(1) as f64,
            self.games_per_second(),
            self.micros_per_decision()
        )
    }
}

/// One complete random game without any checks (the benchmark's unit of
/// work): setup, then `legal_moves` + `apply` of a random pick until the end.
/// Returns the number of decisions.
pub fn bench_game<G: Game>(options: &G::Options, players: usize, seed: u64) -> usize {
    let mut state = G::setup(options, players, seed).expect("setup");
    let mut rng = GameRng::from_seed(seed);
    let mut decisions = 0;
    loop {
        let pending = G::pending(&state);
        if pending.is_empty() {
            return decisions;
        }
        let seat = pending[rng.index(pending.len())];
        let legal = G::legal_moves(&state, seat);
        let mv = &legal[rng.index(legal.len())];
        G::apply(&mut state, seat, mv).expect("a listed move applies");
        decisions += 1;
    }
}

/// Time `games` complete random games (seeds `first_seed..`), for the
/// figures each game's README reports.
pub fn bench_playouts<G: Game>(
    options: &G::Options,
    players: usize,
    games: usize,
    first_seed: u64,
) -> BenchFigures {
    let t = Instant::now();
    let decisions = (0..games as u64)
        .map(|i| bench_game::<G>(options, players, first_seed + i))
        .sum();
    BenchFigures {
        games,
        decisions,
        elapsed: t.elapsed(),
    }
}

/// All viewers of a game with `players` seats.
pub fn viewers(players: usize) -> Vec<Viewer> {
    let mut v: Vec<Viewer> = (0..players).map(Viewer::Seat).collect();
    v.push(Viewer::Public);
    v.push(Viewer::Omniscient);
    v
}

/// Replay a record from its seed.
pub fn replay<G: Game>(
    options: &G::Options,
    players: usize,
    record: &Record<G::Move>,
) -> Result<G::State, String> {
    let mut state = G::setup(options, players, record.seed).map_err(|e| e.to_string())?;
    for (i, (seat, mv)) in record.moves.iter().enumerate() {
        G::apply(&mut state, *seat, mv)
            .map_err(|e| format!("move {i} ({mv:?} by seat {seat}): {e}"))?;
    }
    Ok(state)
}

/// A golden replay: a complete game and what it must lead to. The final state
/// is kept too, so that later releases prove they still read it.
#[derive(Serialize, Deserialize)]
#[serde(bound(serialize = "", deserialize = ""))]
pub struct Golden<G: Game> {
    pub game_type: String,
    pub players: usize,
    pub options: G::Options,
    pub record: Record<G::Move>,
    pub final_digest: String,
    /// The stored bytes (`encode_state`) of the final state, as UTF-8 JSON.
    pub final_state: serde_json::Value,
}

impl<G: Game> Clone for Golden<G> {
    fn clone(&self) -> Self {
        Golden {
            game_type: self.game_type.clone(),
            players: self.players,
            options: self.options.clone(),
            record: self.record.clone(),
            final_digest: self.final_digest.clone(),
            final_state: self.final_state.clone(),
        }
    }
}

/// Play one random game and make a golden replay of it.
pub fn make_golden<G: Game>(options: &G::Options, players: usize, seed: u64) -> Golden<G> {
    let cfg = Playouts::<G> {
        determinism_every: 0,
        ..Playouts::new(players, options.clone(), 1)
    };
    let mut stats = PlayoutStats {
        wins_by_seat: vec![0; players],
        ..Default::default()
    };
    let (record, state) = play_one::<G>(&cfg, seed, &mut stats);
    let stored: serde_json::Value = serde_json::from_slice(&encode_state::<G>(&state)).unwrap();
    Golden {
        game_type: G::info().id.to_string(),
        players,
        options: options.clone(),
        record,
        final_digest: state_digest::<G>(&state),
        final_state: stored,
    }
}

/// Check a golden replay file: the stored final state still decodes, and
/// replaying the moves gives a state with the recorded digest.
///
/// With `SIGNORIA_BLESS=1` in the environment a missing file is written
/// (`make_golden` with `players` and `seed`) instead of failing.
pub fn check_golden<G: Game>(path: &Path, players: usize, seed: u64, options: &G::Options) {
    if !path.exists() {
        if std::env::var("SIGNORIA_BLESS").as_deref() == Ok("1") {
            let golden = make_golden::<G>(options, players, seed);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, serde_json::to_string_pretty(&golden).unwrap()).unwrap();
        } else {
            panic!(
                "golden file {} is missing; run with SIGNORIA_BLESS=1 to create it",
                path.display()
            );
        }
    }
    let text = std::fs::read_to_string(path).unwrap();
    let golden: Golden<G> =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(golden.game_type, G::info().id);
    let stored = serde_json::to_vec(&golden.final_state).unwrap();
    let decoded = decode_state::<G>(&stored)
        .unwrap_or_else(|e| panic!("{}: old state no longer reads: {e}", path.display()));
    assert!(
        G::outcome(&decoded).is_some(),
        "{}: stored final state is not finished",
        path.display()
    );
    let replayed = replay::<G>(&golden.options, golden.players, &golden.record)
        .unwrap_or_else(|e| panic!("{}: replay failed: {e}", path.display()));
    // The moves must lead to the stored final state (read through the
    // upgrade of its schema, if it is older): a rule change shows here, a
    // change of the state's shape does not.
    assert!(
        replayed == decoded,
        "{}: replay gives a different final state than the one stored (rules changed?)",
        path.display()
    );
    let schema = golden.final_state.get("schema").and_then(|v| v.as_u64());
    if schema == Some(G::info().schema_version as u64) {
        assert_eq!(
            state_digest::<G>(&replayed),
            golden.final_digest,
            "{}: replay gives a different final state (rules changed?)",
            path.display()
        );
    }
}

/// Check states stored by an earlier release (a JSON array of `encode_state`
/// envelopes, usually mid-game): each still decodes, survives a round trip at
/// every step, gives every viewer a view, plays on to the end with random
/// legal moves (each of which must apply), and ends with the game's invariants
/// intact. Invariants are checked at the end only: an older release may have
/// left a state that a rule fixed since forbids (a plan the new rules would
/// not allow), which the game must finish, not refuse; a lost or doubled piece
/// shows at the end as well. Returns how many states were checked.
pub fn check_stored_states<G: Game>(path: &Path) -> usize {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let stored: Vec<serde_json::Value> =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    for (i, v) in stored.iter().enumerate() {
        let ctx = |what: &str| format!("{} state {i}: {what}", path.display());
        let bytes = serde_json::to_vec(v).unwrap();
        let mut s = decode_state::<G>(&bytes)
            .unwrap_or_else(|e| panic!("{}", ctx(&format!("no longer reads: {e}"))));
        let mut rng = GameRng::from_seed(i as u64);
        let mut steps = 0;
        loop {
            let again = decode_state::<G>(&encode_state::<G>(&s)).expect("round trip");
            assert_eq!(again, s, "{}", ctx("round trip changed the state"));
            for viewer in viewers(G::players(&s)) {
                let _ = G::view(&s, viewer);
            }
            let pending = G::pending(&s);
            if pending.is_empty() {
                assert!(
                    G::outcome(&s).is_some(),
                    "{}",
                    ctx("nobody pending but no outcome")
                );
                let violations = G::invariant_violations(&s);
                assert!(
                    violations.is_empty(),
                    "{}",
                    ctx(&format!("at the end: {violations:?}"))
                );
                break;
            }
            let seat = pending[rng.index(pending.len())];
            let moves = G::legal_moves(&s, seat);
            assert!(
                !moves.is_empty(),
                "{}",
                ctx(&format!("seat {seat} pending without a legal move"))
            );
            let mv = moves[rng.index(moves.len())].clone();
            G::apply(&mut s, seat, &mv)
                .unwrap_or_else(|e| panic!("{}", ctx(&format!("listed move {mv:?} refused: {e}"))));
            steps += 1;
            assert!(steps < 100_000, "{}", ctx("does not finish"));
        }
    }
    stored.len()
}
