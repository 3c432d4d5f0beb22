#![allow(clippy::clone_on_copy)] // pb::Move is Copy for Lorenzo only.
//! Defects found from outside (issue 12), each pinned over real gRPC: request
//! ids scoped per seat on every store, status codes of malformed and oversized
//! requests, echoed input truncated, simultaneous decisions that do not knock
//! each other out.

use signoria_engine::Viewer;
use signoria_server::client::Client;
use signoria_server::pb;
use signoria_server::registry::Registry;
use signoria_store::testutil::{TestRedis, TestRedisCluster};
use signoria_store::{
    GameStore, MemoryStore, MoveCommit, RedisStore, RedisStoreOptions, RedisTarget,
};
use tonic::Code;

mod common;
use common::{config, start_on};

async fn redis_store(url: &str) -> RedisStore {
    RedisStore::connect(url).await.expect("redis answers")
}

async fn cluster_store(urls: &str) -> RedisStore {
    let nodes = urls.split(',').map(str::to_string).collect();
    RedisStore::open(&RedisTarget::Cluster(nodes), RedisStoreOptions::default())
        .await
        .expect("the cluster answers")
}

/// A game of `game_type` with one client per seat.
async fn new_game(url: &str, game_type: &str, players: u32, seed: u64) -> (String, Vec<Client>) {
    let mut c = Client::connect(url, None).await.unwrap();
    let resp = c
        .create_game(pb::CreateGameRequest {
            game_type: game_type.into(),
            player_count: players,
            options: None,
            seed: Some(seed),
            seat_labels: vec![],
            decision_seconds: None,
            bots: vec![],
        })
        .await
        .unwrap();
    let seats = resp
        .seats
        .iter()
        .map(|s| c.with_token(Some(s.token.clone())))
        .collect();
    (resp.game_id, seats)
}

// ------------------------------------------------------------ request ids

/// Seat A moves with request id "same"; then another seat B, pending, sends
/// its own move with the same id: B's move must be applied (not answered
/// with A's result), and A's retry still gets A's first answer.
async fn request_ids_are_per_seat(url: &str) {
    let (game_id, mut seats) = new_game(url, "lorenzo-il-magnifico", 2, 21).await;
    let mut spectator = seats[0].with_token(None);
    let mut first: Option<(usize, u64, pb::Move, pb::SubmitMoveResponse)> = None;
    let mut n = 0;
    loop {
        let snap = spectator.get_game(&game_id).await.unwrap();
        let seat = snap.pending_seats[0] as usize;
        let legal = seats[seat].list_legal_moves(&game_id).await.unwrap();
        let mv = legal.moves[0].r#move.clone().unwrap();
        match &first {
            None => {
                let r = seats[seat]
                    .submit_with_id(&game_id, legal.version, "same", mv.clone())
                    .await
                    .unwrap();
                assert!(!r.duplicate);
                first = Some((seat, legal.version, mv, r));
            }
            Some((a, _, _, _)) if *a == seat => {
                // The same seat decides again: move on with a fresh id.
                seats[seat]
                    .submit(&game_id, legal.version, mv)
                    .await
                    .unwrap();
            }
            Some((_, _, _, _)) => {
                let r = seats[seat]
                    .submit_with_id(&game_id, legal.version, "same", mv)
                    .await
                    .unwrap();
                assert!(!r.duplicate, "seat {seat} got another seat's answer");
                assert_eq!(
                    r.version,
                    legal.version + 1,
                    "seat {seat}'s move was applied"
                );
                assert_eq!(
                    spectator.get_game(&game_id).await.unwrap().version,
                    legal.version + 1
                );
                break;
            }
        }
        n += 1;
        assert!(n < 50, "no second seat became pending");
    }
    // A's retry is still answered with A's first result.
    let (a, v, mv, answer) = first.unwrap();
    let again = seats[a]
        .submit_with_id(&game_id, v, "same", mv)
        .await
        .unwrap();
    assert!(again.duplicate);
    assert_eq!(again.version, answer.version);
    assert_eq!(again.events, answer.events);
}

#[tokio::test]
async fn request_ids_are_per_seat_in_memory() {
    let server = start_on(config(), MemoryStore::new()).await;
    request_ids_are_per_seat(&server.url).await;
    server.stop().await;
}

#[tokio::test]
async fn request_ids_are_per_seat_on_redis() {
    let redis = TestRedis::get().unwrap();
    let server = start_on(config(), redis_store(redis.url()).await).await;
    request_ids_are_per_seat(&server.url).await;
    server.stop().await;
}

#[tokio::test]
async fn request_ids_are_per_seat_on_a_redis_cluster() {
    let cluster = TestRedisCluster::get().unwrap();
    let server = start_on(config(), cluster_store(cluster.urls()).await).await;
    request_ids_are_per_seat(&server.url).await;
    server.stop().await;
}

/// A game whose first move was committed by the previous release (request id
/// recorded unscoped): a retry of that request after the upgrade still gets
/// its first answer, and the game plays on.
#[tokio::test]
async fn request_ids_recorded_by_the_previous_release_are_still_answered() {
    let store = MemoryStore::new();
    let server = start_on(config(), store.clone()).await;
    let (game_id, mut seats) = new_game(&server.url, "lorenzo-il-magnifico", 2, 5).await;
    let record = store.load(&game_id).await.unwrap().unwrap();
    let registry = Registry::builtin();
    let game = registry.get(&record.game_type).unwrap();
    let mut state = game.decode(&record.state).unwrap();
    let seat = state.pending()[0];
    let mv = state.legal_moves(seat)[0].r#move.clone().unwrap();
    let applied = state.apply(seat, &mv, Viewer::Seat(seat), 1).unwrap();
    // What the previous release wrote: the plain request id.
    store
        .commit(MoveCommit {
            game_id: game_id.clone(),
            expected_version: 0,
            request_id: "old-request".into(),
            state: state.encode(),
            finished: false,
            events: applied.encoded.clone(),
            result: applied.encoded,
            meta: Vec::new(),
        })
        .await
        .unwrap();
    let again = seats[seat]
        .submit_with_id(&game_id, 0, "old-request", mv)
        .await
        .unwrap();
    assert!(again.duplicate);
    assert_eq!(again.version, 1);
    assert_eq!(again.events, applied.visible);
    // And the game plays on.
    let next = state.pending()[0];
    let legal = seats[next].list_legal_moves(&game_id).await.unwrap();
    let r = seats[next]
        .submit_with_id(
            &game_id,
            1,
            "old-request-2",
            legal.moves[0].r#move.clone().unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(r.version, 2);
    server.stop().await;
}

// ------------------------------------------------------------ status codes

/// Sends raw bytes as the body of any RPC (to send what no generated client
/// would).
#[derive(Clone, Default)]
struct RawCodec;

impl tonic::codec::Codec for RawCodec {
    type Encode = Vec<u8>;
    type Decode = Vec<u8>;
    type Encoder = RawCodec;
    type Decoder = RawCodec;
    fn encoder(&mut self) -> RawCodec {
        RawCodec
    }
    fn decoder(&mut self) -> RawCodec {
        RawCodec
    }
}

impl tonic::codec::Encoder for RawCodec {
    type Item = Vec<u8>;
    type Error = tonic::Status;
    fn encode(
        &mut self,
        item: Vec<u8>,
        dst: &mut tonic::codec::EncodeBuf<'_>,
    ) -> Result<(), tonic::Status> {
        use prost::bytes::BufMut as _;
        dst.put_slice(&item);
        Ok(())
    }
}

impl tonic::codec::Decoder for RawCodec {
    type Item = Vec<u8>;
    type Error = tonic::Status;
    fn decode(
        &mut self,
        src: &mut tonic::codec::DecodeBuf<'_>,
    ) -> Result<Option<Vec<u8>>, tonic::Status> {
        use prost::bytes::Buf as _;
        let mut out = vec![0; src.remaining()];
        src.copy_to_slice(&mut out);
        Ok(Some(out))
    }
}

async fn raw_call(url: &str, path: &'static str, body: Vec<u8>) -> tonic::Status {
    let channel = tonic::transport::Endpoint::from_shared(url.to_string())
        .unwrap()
        .connect()
        .await
        .unwrap();
    let mut grpc = tonic::client::Grpc::new(channel);
    grpc.ready().await.unwrap();
    grpc.unary::<Vec<u8>, Vec<u8>, _>(
        tonic::Request::new(body),
        tonic::codegen::http::uri::PathAndQuery::from_static(path),
        RawCodec,
    )
    .await
    .expect_err("refused")
}

#[tokio::test]
async fn undecodable_bodies_are_invalid_argument() {
    let server = start_on(config(), MemoryStore::new()).await;
    // Field 1 with wire type 7 (invalid), a truncated varint, a string field
    // that is not UTF-8.
    for body in [vec![0x0f], vec![0x10, 0xff], vec![0x0a, 0x02, 0xff, 0xfe]] {
        for path in [
            "/signoria.v1.GameService/SubmitMove",
            "/signoria.v1.GameService/CreateGame",
            "/signoria.v1.GameService/GetGame",
        ] {
            let status = raw_call(&server.url, path, body.clone()).await;
            assert_eq!(
                status.code(),
                Code::InvalidArgument,
                "{path} {body:?}: {status:?}"
            );
            assert!(
                status.message().contains("not a valid message"),
                "{status:?}"
            );
        }
    }
    server.stop().await;
}

#[tokio::test]
async fn oversized_requests_are_resource_exhausted() {
    let mut c = config();
    c.max_request_bytes = 4096;
    let server = start_on(c, MemoryStore::new()).await;
    let (game_id, mut seats) = new_game(&server.url, "lorenzo-il-magnifico", 2, 1).await;
    let legal = seats[0].list_legal_moves(&game_id).await.unwrap();
    let mv = pb::Move::default();
    let status = seats[0]
        .submit_raw(pb::SubmitMoveRequest {
            game_id: game_id.clone(),
            expected_version: legal.version,
            request_id: "x".repeat(5000),
            r#move: Some(mv),
            seat: None,
        })
        .await
        .unwrap_err();
    assert_eq!(status.code(), Code::ResourceExhausted, "{status:?}");
    assert!(status.message().contains("larger than this server accepts"));
    server.stop().await;
}

#[tokio::test]
async fn echoed_input_is_truncated() {
    let server = start_on(config(), MemoryStore::new()).await;
    let mut c = Client::connect(&server.url, None).await.unwrap();
    let status = c
        .create_game(pb::CreateGameRequest {
            game_type: "g".repeat(20_000),
            player_count: 2,
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(status.code(), Code::InvalidArgument, "{status:?}");
    assert!(
        status.message().len() < 512,
        "{} bytes",
        status.message().len()
    );
    assert!(status.message().contains("ggg…"));
    server.stop().await;
}

// ------------------------------------------------------------ simultaneous decisions

/// Plays `game_type` with random moves; whenever several seats decide at
/// once, every pending seat sends its move at the same time, each with the
/// version it was shown. Each must be applied (none ABORTED: the others'
/// moves did not change its decision), every move exactly once. Returns the
/// number of such races.
async fn simultaneous_moves_all_land(
    urls: &[String],
    game_type: &str,
    players: u32,
    seed: u64,
) -> usize {
    let (game_id, seats0) = new_game(&urls[0], game_type, players, seed).await;
    // Seat s talks to replica s % replicas.
    let mut seats = Vec::new();
    for (s, c) in seats0.iter().enumerate() {
        seats.push(
            Client::connect(&urls[s % urls.len()], c.token().map(str::to_string))
                .await
                .unwrap(),
        );
    }
    let mut spectator = seats[0].with_token(None);
    let mut x = seed | 1;
    let mut races = 0;
    for _ in 0..400 {
        let snap = spectator.get_game(&game_id).await.unwrap();
        if snap.status == pb::GameStatus::Finished as i32 || races >= 6 {
            break;
        }
        let pending: Vec<usize> = snap.pending_seats.iter().map(|&s| s as usize).collect();
        if pending.len() < 2 {
            let s = pending[0];
            let legal = seats[s].list_legal_moves(&game_id).await.unwrap();
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let mv = legal.moves[x as usize % legal.moves.len()]
                .r#move
                .clone()
                .unwrap();
            seats[s].submit(&game_id, legal.version, mv).await.unwrap();
            continue;
        }
        races += 1;
        // Every seat reads its moves first, then all send at once.
        let mut chosen = Vec::new();
        for &s in &pending {
            let legal = seats[s].list_legal_moves(&game_id).await.unwrap();
            assert_eq!(legal.version, snap.version);
            chosen.push((s, legal.moves[0].r#move.clone().unwrap()));
        }
        let mut tasks = Vec::new();
        for (s, mv) in chosen {
            let mut c = seats[s].clone();
            let (g, v) = (game_id.clone(), snap.version);
            tasks.push(tokio::spawn(async move { (s, c.submit(&g, v, mv).await) }));
        }
        let mut versions = Vec::new();
        for t in tasks {
            let (s, r) = t.await.unwrap();
            let r = r.unwrap_or_else(|e| {
                panic!("{game_type}: seat {s}'s simultaneous move refused: {e:?}")
            });
            assert!(!r.duplicate);
            versions.push(r.version);
        }
        versions.sort_unstable();
        let expected: Vec<u64> = (1..=pending.len() as u64)
            .map(|i| snap.version + i)
            .collect();
        assert_eq!(
            versions, expected,
            "every move applied once, each its own version"
        );
        // Compare-and-set still holds for a seat whose own decision changed:
        // its first move made a new version for it.
        let after = spectator.get_game(&game_id).await.unwrap();
        if let Some(&s) = after.pending_seats.first() {
            let s = s as usize;
            if pending.contains(&s) {
                let legal = seats[s].list_legal_moves(&game_id).await.unwrap();
                let err = seats[s]
                    .submit(
                        &game_id,
                        snap.version,
                        legal.moves[0].r#move.clone().unwrap(),
                    )
                    .await
                    .unwrap_err();
                assert_eq!(err.code(), Code::Aborted, "{err:?}");
            }
        }
    }
    races
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn simultaneous_decisions_do_not_abort_each_other_on_redis() {
    let redis = TestRedis::get().unwrap();
    let a = start_on(config(), redis_store(redis.url()).await).await;
    let b = start_on(config(), redis_store(redis.url()).await).await;
    let urls = vec![a.url.clone(), b.url.clone()];
    let races = simultaneous_moves_all_land(&urls, "wallenstein", 4, 3).await;
    assert!(races >= 2, "Wallenstein planning raced {races} times");
    let races = simultaneous_moves_all_land(&urls, "lorenzo-il-magnifico", 4, 8).await;
    assert!(races >= 1, "the leader draft raced {races} times");
    a.stop().await;
    b.stop().await;
}

#[tokio::test]
async fn simultaneous_decisions_do_not_abort_each_other_in_memory() {
    let server = start_on(config(), MemoryStore::new()).await;
    let races =
        simultaneous_moves_all_land(std::slice::from_ref(&server.url), "wallenstein", 5, 9).await;
    assert!(races >= 2, "Wallenstein planning raced {races} times");
    server.stop().await;
}
