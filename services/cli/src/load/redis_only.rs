//! `signoria load --redis-only`: the store's commit path straight against
//! Redis — the ceiling the service can approach.
//!
//! The commits go through `RedisStore` itself (the store's `COMMIT_LUA` via
//! `redis::Script`, its key layout and argument order, its one multiplexed
//! connection), so nothing here can drift from what the service runs. What is
//! committed is real: before the clock starts, complete random games of the
//! chosen type are played in-process through the server's registry, and every
//! commit carries the encoded state and events that move produced. The same
//! number of tasks as games at once, each committing one game's moves in
//! order and creating the next game when one ends, exactly like the service
//! run; but no gRPC, no state decoding, no rules, no `ListLegalMoves`, and no
//! load of the record before each move.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use anyhow::{Context as _, bail};
use signoria_engine::Viewer;
use signoria_server::auth::random_id;
use signoria_server::registry::Registry;
use signoria_store::redis_store::game_keys;
use signoria_store::{CommitOutcome, GameRecord, GameStore, MoveCommit, RedisStore, StoreError};
use tokio::task::JoinSet;

use super::report::{Consistency, Latency, RunReport, Sizes};
use super::{ERROR_PAUSE, GameTrack, Params, Shared, join_tasks};
use crate::random_play::{BotRng, Tally};

/// Complete games played in-process and replayed as commits (cycled when
/// there are more games at once).
const MAX_TRAJECTORIES: usize = 8;
/// Attempts of one commit (the first and retries with its request id).
const COMMIT_ATTEMPTS: u32 = 6;

/// One complete game, as the store would see it.
struct Trajectory {
    game_type: String,
    players: u32,
    initial: Vec<u8>,
    /// Per move: the state after it, whether the game is then over, its
    /// encoded events.
    moves: Vec<(Vec<u8>, bool, Vec<u8>)>,
}

/// Plays `n` random games of `game` in-process.
fn play_trajectories(
    game: &str,
    players: Option<u32>,
    n: usize,
    seed: u64,
) -> anyhow::Result<Vec<Trajectory>> {
    let registry = Registry::builtin();
    let Some(g) = registry.get(game) else {
        let ids: Vec<&str> = registry.all().map(|g| g.info().id).collect();
        bail!(
            "this build does not play {game:?} (it plays: {})",
            ids.join(", ")
        );
    };
    let players = players.unwrap_or(g.info().max_players as u32);
    let mut rng = BotRng(seed);
    let mut out = Vec::new();
    for _ in 0..n {
        let mut state = g
            .setup(None, players as usize, rng.next())
            .map_err(|e| anyhow::anyhow!("{game}: {e}"))?;
        let initial = state.encode();
        let mut moves = Vec::new();
        while !state.finished() {
            let pending = state.pending();
            let seat = pending[rng.below(pending.len())];
            let legal = state.legal_moves(seat);
            anyhow::ensure!(
                !legal.is_empty(),
                "{game}: seat {seat} is pending without legal moves"
            );
            let mv = legal[rng.below(legal.len())]
                .r#move
                .clone()
                .context("a legal move without a move")?;
            let version = moves.len() as u64 + 1;
            let applied = state
                .apply(seat, &mv, Viewer::Seat(seat), version)
                .map_err(|e| anyhow::anyhow!("{game}: a listed move was refused: {e}"))?;
            moves.push((state.encode(), state.finished(), applied.encoded));
        }
        out.push(Trajectory {
            game_type: game.to_owned(),
            players,
            initial,
            moves,
        });
    }
    Ok(out)
}

fn sizes(trajectories: &[Trajectory]) -> Sizes {
    let moves: Vec<_> = trajectories.iter().flat_map(|t| &t.moves).collect();
    let n = moves.len().max(1) as f64;
    Sizes {
        state_avg: moves.iter().map(|m| m.0.len()).sum::<usize>() as f64 / n,
        state_max: moves.iter().map(|m| m.0.len()).max().unwrap_or(0),
        events_avg: moves.iter().map(|m| m.2.len()).sum::<usize>() as f64 / n,
        service_state: None,
    }
}

pub(super) async fn run(
    url: &str,
    params: &Params,
    players: Option<u32>,
    service_games: &[String],
) -> anyhow::Result<RunReport> {
    let (game, seed, n) = (
        params.game.clone(),
        params.seed,
        params.games.min(MAX_TRAJECTORIES),
    );
    let trajectories =
        tokio::task::spawn_blocking(move || play_trajectories(&game, players, n, seed))
            .await
            .context("playing the games in-process failed")??;
    let mut sizes = sizes(&trajectories);
    if !service_games.is_empty() {
        match stored_state_sizes(url, service_games).await {
            Ok(found) => sizes.service_state = found,
            Err(e) => eprintln!("could not read the service games' state sizes: {e:#}"),
        }
    }
    println!(
        "signoria load --redis-only: {} with {} players ({} games played in-process, {} moves), \
         {} games at once, {:.1} s{} against {url}",
        params.game,
        trajectories[0].players,
        trajectories.len(),
        trajectories.iter().map(|t| t.moves.len()).sum::<usize>(),
        params.games,
        params.duration.as_secs_f64(),
        super::moves_note(params.moves),
    );
    let trajectories = Arc::new(trajectories);
    let store = RedisStore::connect(url)
        .await
        .map_err(|e| anyhow::anyhow!("{url}: {e}"))?;

    let shared = Shared::new(params);
    let started = Instant::now();
    let mut tasks = JoinSet::new();
    for i in 0..params.games {
        tasks.spawn(commit_games(
            store.clone(),
            shared.clone(),
            trajectories.clone(),
            i,
            params.games,
        ));
    }
    let (tally, ended) = join_tasks(&shared, tasks).await;
    let seconds = ended.duration_since(started).as_secs_f64();

    let tracks = shared.tracks();
    let mut consistency = Consistency::default();
    for t in &tracks {
        let stored = match store.load(&t.game_id).await {
            Ok(Some(r)) => Ok(r.version),
            Ok(None) => Err("not found".to_owned()),
            Err(e) => Err(e.to_string()),
        };
        consistency.record(
            &t.game_id,
            stored,
            t.acked.load(Ordering::Relaxed),
            t.unknown(),
        );
    }
    // The games are synthetic: remove them (the service run's games stay).
    if let Err(e) = remove_games(url, &tracks).await {
        eprintln!("could not remove the redis-only games: {e:#}");
    }
    Ok(RunReport {
        unit: "commits",
        ops: shared.acked(),
        seconds,
        latency: Latency::of(tally.submit_micros),
        other_latency: vec![],
        rejections: tally.rejections,
        games_started: tracks.len(),
        games_finished: shared.finished.load(Ordering::Relaxed),
        sizes: Some(sizes),
        consistency,
        sample_games: Vec::new(),
    })
}

/// Average stored state size of `games` (those still in Redis) and how many
/// were found.
async fn stored_state_sizes(url: &str, games: &[String]) -> anyhow::Result<Option<(f64, usize)>> {
    let client = redis::Client::open(url)?;
    let mut conn = client.get_multiplexed_async_connection().await?;
    let mut lens = Vec::new();
    for id in games {
        let [meta, ..] = game_keys(id);
        let len: usize = redis::cmd("HSTRLEN")
            .arg(meta)
            .arg("state")
            .query_async(&mut conn)
            .await?;
        if len > 0 {
            lens.push(len);
        }
    }
    Ok((!lens.is_empty()).then(|| {
        (
            lens.iter().sum::<usize>() as f64 / lens.len() as f64,
            lens.len(),
        )
    }))
}

async fn remove_games(url: &str, tracks: &[Arc<GameTrack>]) -> anyhow::Result<()> {
    let client = redis::Client::open(url)?;
    let mut conn = client.get_multiplexed_async_connection().await?;
    for chunk in tracks.chunks(256) {
        let mut cmd = redis::cmd("UNLINK");
        for t in chunk {
            for key in game_keys(&t.game_id) {
                cmd.arg(key);
            }
        }
        let _: i64 = cmd.query_async(&mut conn).await?;
    }
    Ok(())
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

/// One task: creates a game, commits its moves in order, then the next game,
/// until time or moves are up.
async fn commit_games(
    store: RedisStore,
    shared: Arc<Shared>,
    trajectories: Arc<Vec<Trajectory>>,
    task: usize,
    tasks: usize,
) -> Tally {
    let mut tally = Tally::default();
    let mut round = 0;
    'games: while shared.running() {
        let traj = &trajectories[(task + round * tasks) % trajectories.len()];
        round += 1;
        let game_id = format!("load-{}", random_id(12));
        let record = GameRecord {
            game_id: game_id.clone(),
            game_type: traj.game_type.clone(),
            players: traj.players,
            version: 0,
            state: traj.initial.clone(),
            finished: false,
            created_unix_ms: now_ms(),
            seat_labels: (0..traj.players).map(|s| format!("seat {s}")).collect(),
            meta: Vec::new(),
        };
        if let Err(e) = store.create(&record).await {
            tally.reject("create", status_code(&e));
            tokio::time::sleep(ERROR_PAUSE).await;
            continue;
        }
        let track = shared.track(game_id.clone());
        for (version, (state, finished, events)) in traj.moves.iter().enumerate() {
            if !shared.take_move() {
                break 'games;
            }
            let commit = MoveCommit {
                game_id: game_id.clone(),
                expected_version: version as u64,
                request_id: random_id(16),
                state: state.clone(),
                finished: *finished,
                result: events.clone(),
                meta: Vec::new(),
                events: events.clone(),
            };
            track.in_flight.store(true, Ordering::Relaxed);
            let outcome = commit_with_retries(&store, commit, &mut tally).await;
            track.in_flight.store(false, Ordering::Relaxed);
            match outcome {
                Some(CommitOutcome::Committed { .. } | CommitOutcome::Duplicate { .. }) => {
                    track.acked.fetch_add(1, Ordering::Relaxed);
                }
                Some(other) => {
                    // Nobody else writes these games: a conflict or a missing
                    // game is a store failure; the check reports it.
                    shared.give_back();
                    eprintln!("game {game_id}: unexpected commit outcome {other:?}");
                    tally.reject("commit", tonic::Code::Internal);
                    continue 'games;
                }
                None => {
                    shared.give_back();
                    track.unknown.fetch_add(1, Ordering::Relaxed);
                    tokio::time::sleep(ERROR_PAUSE).await;
                    continue 'games;
                }
            }
        }
        shared.finished.fetch_add(1, Ordering::Relaxed);
    }
    tally
}

/// Commits, retrying with the same request id while Redis fails; `None` if
/// every attempt failed (the outcome is unknown).
async fn commit_with_retries(
    store: &RedisStore,
    commit: MoveCommit,
    tally: &mut Tally,
) -> Option<CommitOutcome> {
    let mut backoff = Duration::from_millis(10);
    for attempt in 1..=COMMIT_ATTEMPTS {
        let started = Instant::now();
        match store.commit(commit.clone()).await {
            Ok(outcome) => {
                if matches!(outcome, CommitOutcome::Committed { .. }) {
                    tally
                        .submit_micros
                        .push(started.elapsed().as_micros() as u64);
                }
                return Some(outcome);
            }
            Err(e) => {
                tally.reject("commit", status_code(&e));
                if attempt < COMMIT_ATTEMPTS {
                    tokio::time::sleep(backoff).await;
                    backoff *= 2;
                }
            }
        }
    }
    None
}

/// The status the service would answer for a store error.
fn status_code(e: &StoreError) -> tonic::Code {
    match e {
        StoreError::Unavailable(_) => tonic::Code::Unavailable,
        StoreError::AlreadyExists(_) => tonic::Code::AlreadyExists,
        StoreError::Corrupt(_) => tonic::Code::Internal,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trajectories_are_complete_real_games() {
        let t = play_trajectories("lorenzo-il-magnifico", Some(2), 2, 9).unwrap();
        assert_eq!(t.len(), 2);
        for traj in &t {
            assert_eq!(traj.players, 2);
            assert!(!traj.initial.is_empty());
            let (last, rest) = traj.moves.split_last().unwrap();
            assert!(last.1, "the last move ends the game");
            assert!(rest.iter().all(|m| !m.1), "only the last move ends it");
            assert!(
                traj.moves
                    .iter()
                    .all(|m| !m.0.is_empty() && !m.2.is_empty())
            );
        }
        // Seeded: the same seed plays the same games.
        let again = play_trajectories("lorenzo-il-magnifico", Some(2), 2, 9).unwrap();
        assert_eq!(t[0].moves, again[0].moves);
        assert!(play_trajectories("chess", None, 1, 1).is_err());
        assert!(play_trajectories("lorenzo-il-magnifico", Some(9), 1, 1).is_err());
        let s = sizes(&t);
        assert!(s.state_avg > 0.0 && s.state_max as f64 >= s.state_avg);
    }
}
