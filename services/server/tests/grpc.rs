#![allow(clippy::clone_on_copy)] // pb::Move is Copy for Lorenzo only; the tests stay game-agnostic.
//! The server in process, over a loopback port, through the real gRPC client,
//! with the in-memory store: complete Lorenzo games, every status code, the
//! idempotency of request ids, watching (also across two "replicas" sharing a
//! store and a secret), health, reflection, grpc-web and load shedding.

use std::time::Duration;

use signoria_server::client::Client;
use signoria_server::errors::CURRENT_VERSION_KEY;
use signoria_server::pb;
use signoria_server::{ServerConfig, StoreConfig};
use signoria_store::{GameStore, MemoryStore, RedisStore};
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tonic::Code;

const LORENZO: &str = "lorenzo-il-magnifico";
const SECRET: &[u8] = b"test secret, 32 bytes long......";

struct TestServer {
    url: String,
    stop: Option<oneshot::Sender<()>>,
    handle: JoinHandle<anyhow::Result<()>>,
}

impl TestServer {
    async fn stop(mut self) -> anyhow::Result<()> {
        let _ = self.stop.take().unwrap().send(());
        self.handle.await.unwrap()
    }
}

fn config() -> ServerConfig {
    let mut c = ServerConfig {
        token_secret: Some(SECRET.to_vec()),
        store: StoreConfig::Memory,
        ..ServerConfig::default()
    };
    c.service.allow_client_seed = true;
    c.service.public_stats = true;
    c
}

/// `serve_on`, as `signoria serve` runs it (the store from the config).
async fn start_with(config: ServerConfig) -> TestServer {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let (tx, rx) = oneshot::channel::<()>();
    let shutdown = async move {
        let _ = rx.await;
    };
    let handle =
        tokio::spawn(async move { signoria_server::serve_on(listener, config, shutdown).await });
    TestServer {
        url,
        stop: Some(tx),
        handle,
    }
}

async fn start() -> TestServer {
    start_with(config()).await
}

async fn new_game(url: &str, players: u32, seed: Option<u64>) -> (String, Vec<Client>) {
    new_game_of(url, LORENZO, players, seed).await
}

/// Creates a game of `game_type` with its default options; returns its id and
/// one client per seat holding that seat's token.
async fn new_game_of(
    url: &str,
    game_type: &str,
    players: u32,
    seed: Option<u64>,
) -> (String, Vec<Client>) {
    let mut c = Client::connect(url, None).await.unwrap();
    let resp = c
        .create_game(pb::CreateGameRequest {
            game_type: game_type.into(),
            player_count: players,
            options: None,
            seed,
            seat_labels: vec!["Alice".into()],
            decision_seconds: None,
            bots: vec![],
        })
        .await
        .unwrap();
    assert_eq!(resp.seats.len(), players as usize);
    assert_eq!(resp.seats[0].label, "Alice");
    assert_eq!(resp.seats[1].label, "seat 1");
    let snap = resp.snapshot.unwrap();
    assert_eq!(snap.version, 0);
    assert_eq!(snap.status, pb::GameStatus::InProgress as i32);
    assert_eq!(snap.your_seat, None);
    assert_eq!(snap.seat_labels.len(), players as usize);
    let seats: Vec<Client> = resp
        .seats
        .iter()
        .map(|s| c.with_token(Some(s.token.clone())))
        .collect();
    // Labels are stored with the game, not only echoed by CreateGame.
    let stored = seats[1].clone().get_game(&resp.game_id).await.unwrap();
    assert_eq!(
        stored.seat_labels[..2],
        ["Alice".to_string(), "seat 1".to_string()]
    );
    (resp.game_id, seats)
}

/// A small deterministic generator for the test's choices.
struct Pick(u64);
impl Pick {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Plays random legal moves until the game ends; returns the final snapshot
/// and the number of moves.
async fn play_out(game_id: &str, seats: &mut [Client], seed: u64) -> (pb::GameSnapshot, u64) {
    let mut pick = Pick(seed | 1);
    let mut observer = seats[0].with_token(None);
    let mut moves = 0;
    loop {
        let snap = observer.get_game(game_id).await.unwrap();
        if snap.status == pb::GameStatus::Finished as i32 {
            return (snap, moves);
        }
        assert!(
            !snap.pending_seats.is_empty(),
            "an unfinished game has pending seats"
        );
        let seat = snap.pending_seats[pick.below(snap.pending_seats.len())] as usize;
        let legal = seats[seat].list_legal_moves(game_id).await.unwrap();
        assert_eq!(legal.seat, Some(seat as u32));
        assert_eq!(legal.version, snap.version);
        assert!(!legal.moves.is_empty(), "a pending seat has legal moves");
        let choice = legal.moves[pick.below(legal.moves.len())].clone();
        assert!(!choice.label.is_empty());
        let resp = seats[seat]
            .submit(game_id, legal.version, choice.r#move.unwrap())
            .await
            .unwrap();
        assert_eq!(resp.version, legal.version + 1);
        assert!(!resp.duplicate);
        assert!(resp.events.iter().all(|e| e.version == resp.version));
        let after = resp.snapshot.unwrap();
        assert_eq!(after.version, resp.version);
        assert_eq!(after.your_seat, Some(seat as u32));
        moves += 1;
        assert!(moves < 20_000, "the game does not end");
    }
}

/// Collects every watch message until the stream ends.
async fn collect_watch(mut c: Client, game_id: String, after: u64) -> Vec<pb::WatchGameResponse> {
    let mut stream = c.watch(&game_id, after).await.unwrap();
    let mut out = Vec::new();
    while let Some(msg) = stream.message().await.unwrap() {
        out.push(msg);
    }
    out
}

#[tokio::test]
async fn complete_games_for_two_three_and_four_players() {
    let server = start().await;
    for players in 2..=4u32 {
        let (game_id, mut seats) = new_game(&server.url, players, None).await;
        // A spectator and a seat watch the whole game live.
        let spectator = tokio::spawn(collect_watch(seats[0].with_token(None), game_id.clone(), 0));
        let seat0 = tokio::spawn(collect_watch(seats[0].clone(), game_id.clone(), 0));
        let (snap, moves) = play_out(&game_id, &mut seats, 1000 + players as u64).await;
        assert!(moves > 0);
        assert_eq!(snap.version, moves);
        assert!(snap.pending_seats.is_empty());
        let outcome = snap.outcome.expect("a finished game has an outcome");
        assert_eq!(outcome.results.len(), players as usize);
        assert!(outcome.results.iter().any(|r| r.rank == 1));

        for (who, watched) in [
            ("spectator", spectator.await.unwrap()),
            ("seat 0", seat0.await.unwrap()),
        ] {
            let versions: Vec<u64> = watched.iter().map(|m| m.version).collect();
            assert_eq!(
                versions,
                (1..=moves).collect::<Vec<_>>(),
                "{who} saw every version once, in order"
            );
            assert!(
                watched.last().unwrap().finished,
                "{who}: the last version is marked finished"
            );
            assert!(watched[..watched.len() - 1].iter().all(|m| !m.finished));
            assert!(
                watched
                    .iter()
                    .flat_map(|m| &m.events)
                    .all(|e| e.game.is_some())
            );
        }
        // No more moves after the end.
        let legal = seats[0].list_legal_moves(&game_id).await.unwrap();
        assert!(legal.moves.is_empty());
        // Watching a finished game from its end returns at once.
        assert!(
            collect_watch(seats[1].clone(), game_id.clone(), moves)
                .await
                .is_empty()
        );
    }
    let stats = Client::connect(&server.url, None)
        .await
        .unwrap()
        .server_stats()
        .await
        .unwrap();
    assert_eq!(stats.games_created, 3);
    assert!(stats.moves > 0);
    assert_eq!(stats.submit_move_latency.unwrap().count, stats.moves);
    server.stop().await.unwrap();
}

/// Every registered game type, at its smallest and largest player count,
/// plays complete random games through the API with default options.
#[tokio::test]
async fn every_registered_game_plays_to_the_end() {
    let server = start().await;
    let types = Client::connect(&server.url, None)
        .await
        .unwrap()
        .list_game_types()
        .await
        .unwrap();
    assert!(!types.game_types.is_empty());
    for t in &types.game_types {
        for players in [t.min_players, t.max_players] {
            let seed = 77 + u64::from(players);
            let (game_id, mut seats) = new_game_of(&server.url, &t.id, players, Some(seed)).await;
            let (snap, moves) = play_out(&game_id, &mut seats, seed).await;
            assert!(moves > 0, "{}: {players} players", t.id);
            let outcome = snap.outcome.expect("a finished game has an outcome");
            assert_eq!(outcome.results.len(), players as usize, "{}", t.id);
        }
    }
    server.stop().await.unwrap();
}

#[tokio::test]
async fn spectators_see_less_than_seats() {
    let server = start().await;
    let (game_id, mut seats) = new_game(&server.url, 3, Some(42)).await;
    let (_, moves) = play_out(&game_id, &mut seats, 9).await;
    let public: usize = collect_watch(seats[0].with_token(None), game_id.clone(), 0)
        .await
        .iter()
        .map(|m| m.events.len())
        .sum();
    let mut any_private = false;
    for s in &seats {
        let seen = collect_watch(s.clone(), game_id.clone(), 0).await;
        assert_eq!(seen.len() as u64, moves);
        let n: usize = seen.iter().map(|m| m.events.len()).sum();
        assert!(n >= public, "a seat sees at least the public events");
        any_private |= n > public;
    }
    assert!(any_private, "Lorenzo has private events (leader drafts)");
    // The spectator's snapshot has a view but no seat; a seat's has its seat.
    let spectator = seats[0].with_token(None).get_game(&game_id).await.unwrap();
    assert!(spectator.view.is_some());
    assert_eq!(spectator.your_seat, None);
    assert_eq!(
        seats[2].get_game(&game_id).await.unwrap().your_seat,
        Some(2)
    );
    server.stop().await.unwrap();
}

async fn first_move(
    c: &mut Client,
    game_id: &str,
    seat_clients: &mut [Client],
) -> (usize, pb::ListLegalMovesResponse) {
    let snap = c.get_game(game_id).await.unwrap();
    let seat = snap.pending_seats[0] as usize;
    (
        seat,
        seat_clients[seat].list_legal_moves(game_id).await.unwrap(),
    )
}

#[tokio::test]
async fn rejections_have_their_codes_and_change_nothing() {
    let server = start().await;
    let (game_id, mut seats) = new_game(&server.url, 2, Some(1)).await;
    let (_other_game, other_seats) = new_game(&server.url, 2, Some(1)).await;
    let mut spectator = seats[0].with_token(None);
    let before = spectator.get_game(&game_id).await.unwrap();
    let (seat, legal) = first_move(&mut spectator, &game_id, &mut seats).await;
    let mv = legal.moves[0].r#move.clone().unwrap();
    let version = legal.version;

    let code = |r: Result<pb::SubmitMoveResponse, tonic::Status>| r.unwrap_err().code();

    // Spectators cannot move.
    let err = spectator
        .submit(&game_id, version, mv.clone())
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::PermissionDenied);
    assert!(err.message().contains("spectators cannot move"));
    // A token of another game, a forged token, a token without "Bearer".
    let foreign = seats[0].with_token(other_seats[seat].token().map(str::to_string));
    assert_eq!(
        code(foreign.clone().submit(&game_id, version, mv.clone()).await),
        Code::Unauthenticated
    );
    let mut forged = seats[seat].token().unwrap().to_string();
    let last = forged.pop().unwrap();
    forged.push(if last == '0' { '1' } else { '0' });
    assert_eq!(
        code(
            seats[0]
                .with_token(Some(forged))
                .submit(&game_id, version, mv.clone())
                .await
        ),
        Code::Unauthenticated
    );
    assert_eq!(
        foreign.clone().get_game(&game_id).await.unwrap_err().code(),
        Code::Unauthenticated,
        "reads check tokens too"
    );
    // A seat acting for another seat.
    let wrong_seat = seats[seat]
        .submit_raw(pb::SubmitMoveRequest {
            game_id: game_id.clone(),
            expected_version: version,
            request_id: "r-wrong-seat".into(),
            r#move: Some(mv.clone()),
            seat: Some(1 - seat as u32),
        })
        .await;
    assert_eq!(code(wrong_seat), Code::PermissionDenied);
    // A seat that is not pending: not its decision.
    let other = 1 - seat;
    let err = seats[other]
        .submit(&game_id, version, mv.clone())
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::FailedPrecondition, "{err:?}");
    assert!(!err.message().is_empty());
    // Malformed: no move, an empty envelope, a bad game id, no request id.
    let no_move = seats[seat]
        .submit_raw(pb::SubmitMoveRequest {
            game_id: game_id.clone(),
            expected_version: version,
            request_id: "r-no-move".into(),
            r#move: None,
            seat: None,
        })
        .await;
    assert_eq!(code(no_move), Code::InvalidArgument);
    assert_eq!(
        code(
            seats[seat]
                .submit(&game_id, version, pb::Move { game: None })
                .await
        ),
        Code::InvalidArgument
    );
    assert_eq!(
        code(
            seats[seat]
                .submit("no such {id}", version, mv.clone())
                .await
        ),
        Code::InvalidArgument
    );
    assert_eq!(
        code(
            seats[seat]
                .submit_with_id(&game_id, version, "", mv.clone())
                .await
        ),
        Code::InvalidArgument
    );
    // Unknown game (the token cannot be valid for it either, so ask as a spectator).
    assert_eq!(
        spectator.get_game("unknown").await.unwrap_err().code(),
        Code::NotFound
    );
    assert_eq!(
        spectator
            .list_legal_moves("unknown")
            .await
            .unwrap_err()
            .code(),
        Code::NotFound
    );
    // Watching checks the game and the token too.
    assert_eq!(
        spectator.watch("unknown", 0).await.unwrap_err().code(),
        Code::NotFound
    );
    assert_eq!(
        foreign.clone().watch(&game_id, 0).await.unwrap_err().code(),
        Code::Unauthenticated
    );
    // Stale version: ABORTED with the current version.
    let err = seats[seat]
        .submit(&game_id, version + 3, mv.clone())
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::Aborted);
    assert!(
        err.message().contains(&format!("version {version}")),
        "{}",
        err.message()
    );
    assert_eq!(
        err.metadata()
            .get(CURRENT_VERSION_KEY)
            .unwrap()
            .to_str()
            .unwrap(),
        version.to_string()
    );

    // None of it changed the game.
    let after = spectator.get_game(&game_id).await.unwrap();
    assert_eq!(after, before);

    // An illegal move: a move listed at a later point, replayed now.
    let resp = seats[seat]
        .submit(&game_id, version, mv.clone())
        .await
        .unwrap();
    let now = spectator.get_game(&game_id).await.unwrap();
    let next_seat = now.pending_seats[0] as usize;
    let next_legal = seats[next_seat].list_legal_moves(&game_id).await.unwrap();
    assert!(
        next_legal
            .moves
            .iter()
            .all(|m| m.r#move.as_ref() != Some(&mv)),
        "the test needs a move that is not legal now (seed 1: the same bonus tile twice)"
    );
    let err = seats[next_seat]
        .submit(&game_id, resp.version, mv.clone())
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::FailedPrecondition, "{err:?}");
    assert!(!err.message().is_empty());
    assert_eq!(spectator.get_game(&game_id).await.unwrap(), now);

    let stats = spectator.server_stats().await.unwrap();
    assert!(stats.version_conflicts >= 1);
    assert!(
        stats
            .rejections
            .get("PERMISSION_DENIED/spectator")
            .copied()
            .unwrap_or(0)
            >= 1
    );
    assert!(
        stats
            .rejections
            .get("UNAUTHENTICATED/bad_token")
            .copied()
            .unwrap_or(0)
            >= 2
    );
    assert!(
        stats
            .rejections
            .get("ABORTED/version_conflict")
            .copied()
            .unwrap_or(0)
            >= 1
    );
    server.stop().await.unwrap();
}

#[tokio::test]
async fn repeated_request_ids_apply_once() {
    let server = start().await;
    let (game_id, mut seats) = new_game(&server.url, 2, Some(3)).await;
    let mut spectator = seats[0].with_token(None);
    let (seat, legal) = first_move(&mut spectator, &game_id, &mut seats).await;
    let mv = legal.moves[0].r#move.clone().unwrap();
    let first = seats[seat]
        .submit_with_id(&game_id, legal.version, "req-1", mv.clone())
        .await
        .unwrap();
    assert!(!first.duplicate);
    // The same request again (same expected version, now stale): the same
    // answer, not ABORTED, and nothing applied.
    let again = seats[seat]
        .submit_with_id(&game_id, legal.version, "req-1", mv.clone())
        .await
        .unwrap();
    assert!(again.duplicate);
    assert_eq!(again.version, first.version);
    assert_eq!(again.events, first.events);
    assert_eq!(again.snapshot, first.snapshot);
    assert_eq!(
        spectator.get_game(&game_id).await.unwrap().version,
        first.version
    );
    // Concurrent retries of one new request: one applies, the others answer the same.
    let snap = spectator.get_game(&game_id).await.unwrap();
    let s2 = snap.pending_seats[0] as usize;
    let legal2 = seats[s2].list_legal_moves(&game_id).await.unwrap();
    let mv2 = legal2.moves[0].r#move.clone().unwrap();
    let mut tasks = Vec::new();
    for _ in 0..6 {
        let mut c = seats[s2].clone();
        let (g, m) = (game_id.clone(), mv2.clone());
        tasks.push(tokio::spawn(async move {
            c.submit_with_id(&g, legal2.version, "req-2", m).await
        }));
    }
    let mut applied = 0;
    for t in tasks {
        let r = t.await.unwrap().unwrap();
        assert_eq!(r.version, legal2.version + 1);
        applied += usize::from(!r.duplicate);
    }
    assert_eq!(applied, 1);
    assert_eq!(
        spectator.get_game(&game_id).await.unwrap().version,
        legal2.version + 1
    );
    server.stop().await.unwrap();
}

#[tokio::test]
async fn racing_clients_one_wins_the_other_is_aborted() {
    let server = start().await;
    let (game_id, mut seats) = new_game(&server.url, 2, Some(5)).await;
    let mut spectator = seats[0].with_token(None);
    let (seat, legal) = first_move(&mut spectator, &game_id, &mut seats).await;
    let mv = legal.moves[0].r#move.clone().unwrap();
    let (mut a, mut b) = (seats[seat].clone(), seats[seat].clone());
    let (ra, rb) = tokio::join!(
        a.submit_with_id(&game_id, legal.version, "racer-a", mv.clone()),
        b.submit_with_id(&game_id, legal.version, "racer-b", mv.clone()),
    );
    let (ok, err) = match (ra, rb) {
        (Ok(ok), Err(err)) | (Err(err), Ok(ok)) => (ok, err),
        other => panic!("exactly one must win: {other:?}"),
    };
    assert_eq!(ok.version, legal.version + 1);
    assert_eq!(err.code(), Code::Aborted);
    assert_eq!(
        err.metadata()
            .get(CURRENT_VERSION_KEY)
            .unwrap()
            .to_str()
            .unwrap(),
        ok.version.to_string()
    );
    server.stop().await.unwrap();
}

#[tokio::test]
async fn create_game_validates_its_input() {
    let server = start_with(ServerConfig {
        token_secret: Some(SECRET.to_vec()),
        ..ServerConfig::default()
    })
    .await;
    let mut c = Client::connect(&server.url, None).await.unwrap();
    let req = |game_type: &str, players: u32, seed: Option<u64>| pb::CreateGameRequest {
        game_type: game_type.into(),
        player_count: players,
        options: None,
        seed,
        seat_labels: vec![],
        decision_seconds: None,
        bots: vec![],
    };
    let code = |r: Result<pb::CreateGameResponse, tonic::Status>| r.unwrap_err().code();
    assert_eq!(
        code(c.create_game(req("chess", 2, None)).await),
        Code::InvalidArgument
    );
    assert_eq!(
        code(c.create_game(req(LORENZO, 1, None)).await),
        Code::InvalidArgument
    );
    assert_eq!(
        code(c.create_game(req(LORENZO, 5, None)).await),
        Code::InvalidArgument
    );
    // Client seeds need --allow-client-seed.
    let err = c.create_game(req(LORENZO, 2, Some(1))).await.unwrap_err();
    assert_eq!(err.code(), Code::InvalidArgument);
    assert!(err.message().contains("allow-client-seed"));
    let mut too_many_labels = req(LORENZO, 2, None);
    too_many_labels.seat_labels = vec!["a".into(), "b".into(), "c".into()];
    assert_eq!(
        code(c.create_game(too_many_labels).await),
        Code::InvalidArgument
    );
    // Options of the game are accepted.
    let mut basic = req(LORENZO, 2, None);
    basic.options = Some(pb::GameOptions {
        game: Some(pb::game_options::Game::LorenzoIlMagnifico(
            pb::games::lorenzo_il_magnifico::Options {
                advanced: Some(false),
            },
        )),
    });
    c.create_game(basic).await.unwrap();
    let types = c.list_game_types().await.unwrap();
    let lorenzo = types.game_types.iter().find(|t| t.id == LORENZO).unwrap();
    assert_eq!((lorenzo.min_players, lorenzo.max_players), (2, 4));
    assert!(lorenzo.options.iter().any(|o| o.name == "advanced"));
    server.stop().await.unwrap();
}

#[tokio::test]
async fn the_same_seed_deals_the_same_game() {
    let server = start().await;
    let (g1, _) = new_game(&server.url, 3, Some(77)).await;
    let (g2, _) = new_game(&server.url, 3, Some(77)).await;
    let mut c = Client::connect(&server.url, None).await.unwrap();
    let (a, b) = (
        c.get_game(&g1).await.unwrap(),
        c.get_game(&g2).await.unwrap(),
    );
    assert_eq!(a.view, b.view);
    assert_eq!(a.pending_seats, b.pending_seats);
    server.stop().await.unwrap();
}

async fn start_on<S: GameStore>(config: ServerConfig, store: S) -> TestServer {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let (tx, rx) = oneshot::channel::<()>();
    let shutdown = async move {
        let _ = rx.await;
    };
    let handle = tokio::spawn(async move {
        signoria_server::server::run(listener, &config, store, shutdown).await
    });
    TestServer {
        url,
        stop: Some(tx),
        handle,
    }
}

#[tokio::test]
async fn two_replicas_share_a_store_and_a_secret() {
    let store = MemoryStore::new();
    replicas(
        start_on(config(), store.clone()).await,
        start_on(config(), store).await,
    )
    .await;
}

/// The same with Redis, when the test command provides one (`REDIS_URL`, as
/// `scripts/test.sh` does); each replica has its own connections.
#[tokio::test]
async fn two_replicas_on_redis() {
    let Ok(url) = std::env::var("REDIS_URL") else {
        eprintln!("REDIS_URL is not set: skipping the Redis variant (tests/e2e covers Redis too)");
        return;
    };
    let a = RedisStore::connect(&url).await.expect("REDIS_URL answers");
    let b = RedisStore::connect(&url).await.expect("REDIS_URL answers");
    replicas(start_on(config(), a).await, start_on(config(), b).await).await;
}

async fn replicas(a: TestServer, b: TestServer) {
    let (game_id, seats_a) = new_game(&a.url, 2, Some(11)).await;
    // The same seats talking to replica B with tokens minted by A.
    let mut seats_b = Vec::new();
    for s in &seats_a {
        seats_b.push(
            Client::connect(&b.url, s.token().map(str::to_string))
                .await
                .unwrap(),
        );
    }
    let mut mixed: Vec<Client> = vec![seats_a[0].clone(), seats_b[1].clone()];

    // A watcher on A sees the first versions, then A goes away; it resumes on
    // B after the last version it saw.
    let mut watcher_a = seats_a[0].with_token(None);
    let mut stream = watcher_a.watch(&game_id, 0).await.unwrap();
    let mut spectator_b = seats_b[0].with_token(None);
    for _ in 0..5 {
        let snap = spectator_b.get_game(&game_id).await.unwrap();
        let seat = snap.pending_seats[0] as usize;
        let legal = mixed[seat].list_legal_moves(&game_id).await.unwrap();
        mixed[seat]
            .submit(
                &game_id,
                legal.version,
                legal.moves[0].r#move.clone().unwrap(),
            )
            .await
            .unwrap();
    }
    let mut seen = Vec::new();
    for _ in 0..3 {
        seen.push(stream.message().await.unwrap().unwrap().version);
    }
    a.stop().await.unwrap();
    // After A's shutdown, its stream ends (UNAVAILABLE or closed).
    while let Ok(Some(m)) = stream.message().await {
        seen.push(m.version);
    }
    let last = *seen.last().unwrap();
    let mut mixed_b: Vec<Client> = seats_b.clone();
    let resumed = tokio::spawn(collect_watch(
        seats_b[0].with_token(None),
        game_id.clone(),
        last,
    ));
    let (snap, _) = play_out(&game_id, &mut mixed_b, 4).await;
    for m in resumed.await.unwrap() {
        seen.push(m.version);
    }
    assert_eq!(
        seen,
        (1..=snap.version).collect::<Vec<_>>(),
        "no gap, no duplicate across replicas"
    );
    b.stop().await.unwrap();
}

#[tokio::test]
async fn overload_is_resource_exhausted() {
    let mut cfg = config();
    cfg.service.max_in_flight = 0;
    cfg.service.max_watchers = 0;
    let server = start_with(cfg).await;
    let mut c = Client::connect(&server.url, None).await.unwrap();
    let err = c
        .create_game(pb::CreateGameRequest {
            game_type: LORENZO.into(),
            player_count: 2,
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::ResourceExhausted);
    assert_eq!(
        c.watch("some-game", 0).await.unwrap_err().code(),
        Code::ResourceExhausted
    );
    assert_eq!(c.server_stats().await.unwrap().shed, 2);
    server.stop().await.unwrap();
}

#[tokio::test]
async fn health_reflection_and_shutdown() {
    use tonic_health::pb::health_check_response::ServingStatus;
    use tonic_health::pb::{HealthCheckRequest, health_client::HealthClient};

    let mut cfg = config();
    cfg.shutdown_delay = Duration::from_secs(30);
    let server = start_with(cfg).await;
    let channel = tonic::transport::Endpoint::from_shared(server.url.clone())
        .unwrap()
        .connect()
        .await
        .unwrap();
    let mut health = HealthClient::new(channel.clone());
    for service in ["", "signoria.v1.GameService"] {
        let s = health
            .check(HealthCheckRequest {
                service: service.into(),
            })
            .await
            .unwrap()
            .into_inner();
        assert_eq!(s.status, ServingStatus::Serving as i32, "{service:?}");
    }

    // Reflection lists the API.
    {
        use tonic_reflection::pb::v1::ServerReflectionRequest;
        use tonic_reflection::pb::v1::server_reflection_client::ServerReflectionClient;
        use tonic_reflection::pb::v1::server_reflection_request::MessageRequest;
        use tonic_reflection::pb::v1::server_reflection_response::MessageResponse;
        let mut r = ServerReflectionClient::new(channel.clone());
        let req = ServerReflectionRequest {
            host: String::new(),
            message_request: Some(MessageRequest::ListServices(String::new())),
        };
        let mut stream = r
            .server_reflection_info(tokio_stream::iter(vec![req]))
            .await
            .unwrap()
            .into_inner();
        let resp = stream.message().await.unwrap().unwrap();
        let Some(MessageResponse::ListServicesResponse(list)) = resp.message_response else {
            panic!("{resp:?}")
        };
        let names: Vec<String> = list.service.into_iter().map(|s| s.name).collect();
        assert!(
            names.contains(&"signoria.v1.GameService".to_string()),
            "{names:?}"
        );
        // The game protos are in the descriptor set too.
        let req = ServerReflectionRequest {
            host: String::new(),
            message_request: Some(MessageRequest::FileContainingSymbol(
                "signoria.v1.games.lorenzo_il_magnifico.Move".into(),
            )),
        };
        let mut stream = r
            .server_reflection_info(tokio_stream::iter(vec![req]))
            .await
            .unwrap()
            .into_inner();
        let resp = stream.message().await.unwrap().unwrap();
        assert!(
            matches!(
                resp.message_response,
                Some(MessageResponse::FileDescriptorResponse(_))
            ),
            "{resp:?}"
        );
    }

    // Shutdown: health turns NOT_SERVING while in-flight work drains.
    let stop = server.stop;
    let _ = stop.unwrap().send(());
    let mut status = ServingStatus::Serving as i32;
    for _ in 0..200 {
        status = health
            .check(HealthCheckRequest {
                service: String::new(),
            })
            .await
            .unwrap()
            .into_inner()
            .status;
        if status == ServingStatus::NotServing as i32 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(status, ServingStatus::NotServing as i32);
    server.handle.abort();
}

#[tokio::test]
async fn grpc_web_over_http1() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let server = start().await;
    let addr = server.url.trim_start_matches("http://").to_string();
    let mut tcp = tokio::net::TcpStream::connect(&addr).await.unwrap();
    // An empty ListGameTypesRequest in one grpc-web frame.
    let body = [0u8, 0, 0, 0, 0];
    let head = format!(
        "POST /signoria.v1.GameService/ListGameTypes HTTP/1.1\r\nHost: {addr}\r\ncontent-type: application/grpc-web+proto\r\nx-grpc-web: 1\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        body.len()
    );
    tcp.write_all(head.as_bytes()).await.unwrap();
    tcp.write_all(&body).await.unwrap();
    let mut response = Vec::new();
    tokio::time::timeout(Duration::from_secs(20), tcp.read_to_end(&mut response))
        .await
        .unwrap()
        .unwrap();
    let text = String::from_utf8_lossy(&response);
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    assert!(text.contains("application/grpc-web"), "{text}");
    assert!(text.contains(LORENZO), "{text}");
    assert!(text.contains("grpc-status:0"), "{text}");
    server.stop().await.unwrap();
}

/// A store that can be switched off, or made to lose the answer of a commit
/// it applied (as when the connection drops after Redis ran the script).
#[derive(Clone, Default)]
struct FlakyStore {
    inner: MemoryStore,
    down: std::sync::Arc<std::sync::atomic::AtomicBool>,
    lose_commit_answer: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl FlakyStore {
    fn check(&self) -> signoria_store::StoreResult<()> {
        if self.down.load(std::sync::atomic::Ordering::SeqCst) {
            Err(signoria_store::StoreError::Unavailable(
                "switched off by the test".into(),
            ))
        } else {
            Ok(())
        }
    }
}

impl GameStore for FlakyStore {
    async fn create(&self, record: &signoria_store::GameRecord) -> signoria_store::StoreResult<()> {
        self.check()?;
        self.inner.create(record).await
    }
    async fn load(
        &self,
        game_id: &str,
    ) -> signoria_store::StoreResult<Option<signoria_store::GameRecord>> {
        self.check()?;
        self.inner.load(game_id).await
    }
    async fn commit(
        &self,
        commit: signoria_store::MoveCommit,
    ) -> signoria_store::StoreResult<signoria_store::CommitOutcome> {
        self.check()?;
        let outcome = self.inner.commit(commit).await?;
        if self
            .lose_commit_answer
            .swap(false, std::sync::atomic::Ordering::SeqCst)
        {
            return Err(signoria_store::StoreError::Unavailable(
                "connection lost after the commit".into(),
            ));
        }
        Ok(outcome)
    }
    async fn lookup_request(
        &self,
        game_id: &str,
        request_id: &str,
    ) -> signoria_store::StoreResult<Option<(u64, Vec<u8>)>> {
        self.check()?;
        self.inner.lookup_request(game_id, request_id).await
    }
    async fn events_after(
        &self,
        game_id: &str,
        after_version: u64,
        limit: usize,
    ) -> signoria_store::StoreResult<Vec<signoria_store::LoggedEvents>> {
        self.check()?;
        self.inner.events_after(game_id, after_version, limit).await
    }
    async fn wait_for_change(
        &self,
        game_id: &str,
        known_version: u64,
        timeout: Duration,
    ) -> signoria_store::StoreResult<()> {
        self.inner
            .wait_for_change(game_id, known_version, timeout)
            .await
    }
    async fn set_deadline(
        &self,
        game_id: &str,
        at_unix_ms: Option<u64>,
    ) -> signoria_store::StoreResult<()> {
        self.check()?;
        self.inner.set_deadline(game_id, at_unix_ms).await
    }
    async fn due_games(
        &self,
        now_unix_ms: u64,
        limit: usize,
    ) -> signoria_store::StoreResult<Vec<String>> {
        self.check()?;
        self.inner.due_games(now_unix_ms, limit).await
    }
    async fn push_bot_work(
        &self,
        work: &signoria_store::BotWork,
    ) -> signoria_store::StoreResult<()> {
        self.check()?;
        self.inner.push_bot_work(work).await
    }
    async fn claim_bot_work(
        &self,
        consumer: &str,
        max: usize,
        stale: Duration,
    ) -> signoria_store::StoreResult<Vec<signoria_store::ClaimedWork>> {
        self.check()?;
        self.inner.claim_bot_work(consumer, max, stale).await
    }
    async fn ack_bot_work(&self, id: &str) -> signoria_store::StoreResult<()> {
        self.check()?;
        self.inner.ack_bot_work(id).await
    }
    async fn forget_idle_bot_consumers(
        &self,
        idle: Duration,
    ) -> signoria_store::StoreResult<Vec<String>> {
        self.check()?;
        self.inner.forget_idle_bot_consumers(idle).await
    }
    async fn ping(&self) -> signoria_store::StoreResult<()> {
        self.check()
    }
}

#[tokio::test]
async fn store_outages_are_unavailable_and_retries_are_safe() {
    use std::sync::atomic::Ordering::SeqCst;
    let store = FlakyStore::default();
    let server = start_on(config(), store.clone()).await;
    let (game_id, mut seats) = new_game(&server.url, 2, Some(8)).await;
    let mut spectator = seats[0].with_token(None);
    let (seat, legal) = first_move(&mut spectator, &game_id, &mut seats).await;
    let mv = legal.moves[0].r#move.clone().unwrap();

    store.down.store(true, SeqCst);
    let err = seats[seat]
        .submit_with_id(&game_id, legal.version, "m1", mv.clone())
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::Unavailable);
    assert_eq!(
        spectator.get_game(&game_id).await.unwrap_err().code(),
        Code::Unavailable
    );
    store.down.store(false, SeqCst);
    assert_eq!(
        spectator.get_game(&game_id).await.unwrap().version,
        legal.version,
        "nothing applied while down"
    );

    // The commit is applied but its answer is lost: the client retries the
    // same request id and gets the original result, applied once.
    store.lose_commit_answer.store(true, SeqCst);
    let err = seats[seat]
        .submit_with_id(&game_id, legal.version, "m1", mv.clone())
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::Unavailable);
    let retry = seats[seat]
        .submit_with_id(&game_id, legal.version, "m1", mv.clone())
        .await
        .unwrap();
    assert!(retry.duplicate);
    assert_eq!(retry.version, legal.version + 1);
    assert_eq!(
        spectator.get_game(&game_id).await.unwrap().version,
        legal.version + 1
    );

    // The game goes on to the end.
    let (snap, _) = play_out(&game_id, &mut seats, 21).await;
    assert_eq!(snap.status, pb::GameStatus::Finished as i32);
    let stats = spectator.server_stats().await.unwrap();
    assert!(
        stats
            .rejections
            .get("UNAVAILABLE/store_unavailable")
            .copied()
            .unwrap_or(0)
            >= 2
    );
    assert_eq!(stats.duplicates, 1);
    server.stop().await.unwrap();
}
