//! Hosted play (issue 12): turn deadlines with default moves made exactly once
//! by whichever replica notices first, and resigning seats played on by the
//! server until every seat has left (abandoned).

use std::time::Duration;

use signoria_server::client::Client;
use signoria_server::pb;
use signoria_store::testutil::TestRedis;
use signoria_store::{MemoryStore, RedisStore};
use tonic::Code;

mod common;
use common::{config, start_on};

fn hosted_config() -> signoria_server::ServerConfig {
    let mut c = config();
    c.service.deadline_poll = Duration::from_millis(20);
    c
}

async fn create(url: &str, decision_seconds: Option<u32>) -> (String, Vec<Client>, Client) {
    let mut c = Client::connect(url, None).await.unwrap();
    let resp = c
        .create_game(pb::CreateGameRequest {
            game_type: "lorenzo-il-magnifico".into(),
            player_count: 2,
            decision_seconds,
            seat_labels: vec!["Ann".into(), "Bo".into()],
            ..Default::default()
        })
        .await
        .unwrap();
    let seats = resp
        .seats
        .iter()
        .map(|s| c.with_token(Some(s.token.clone())))
        .collect();
    (resp.game_id, seats, c)
}

/// Waits (watching) until the game is at `version` or beyond; returns the
/// watch messages seen.
async fn wait_for_version(
    c: &Client,
    game_id: &str,
    after: u64,
    version: u64,
) -> Vec<pb::WatchGameResponse> {
    let mut stream = c.clone().watch(game_id, after).await.unwrap();
    let mut seen = Vec::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    while seen
        .last()
        .is_none_or(|m: &pb::WatchGameResponse| m.version < version)
    {
        let msg = tokio::time::timeout_at(deadline, stream.message())
            .await
            .expect("the server moves within 30 s")
            .unwrap()
            .expect("the stream goes on");
        seen.push(msg);
    }
    seen
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn timed_out_seats_get_one_default_move_from_two_replicas_on_redis() {
    let redis = TestRedis::get().unwrap();
    let a = start_on(
        hosted_config(),
        RedisStore::connect(redis.url()).await.unwrap(),
    )
    .await;
    let b = start_on(
        hosted_config(),
        RedisStore::connect(redis.url()).await.unwrap(),
    )
    .await;
    let (game_id, seats, spectator) = create(&a.url, Some(1)).await;
    let snap = spectator.clone().get_game(&game_id).await.unwrap();
    assert_eq!(snap.decision_seconds, Some(1));
    assert_eq!(snap.clocks.len(), snap.pending_seats.len());
    // Nobody moves: both replicas scan every 20 ms; every deadline gives one
    // default move, one version, one notice.
    let seen = wait_for_version(&spectator, &game_id, 0, 3).await;
    for (i, msg) in seen.iter().enumerate() {
        assert_eq!(msg.version, i as u64 + 1);
        assert_eq!(msg.notices.len(), 1, "{msg:?}");
        let n = &msg.notices[0];
        assert_eq!(n.kind, pb::SeatNoticeKind::TimedOut as i32);
        assert_eq!(n.version, msg.version);
        assert!(!n.label.is_empty());
    }
    let snap = spectator.clone().get_game(&game_id).await.unwrap();
    let timed_out: Vec<u64> = snap.notices.iter().map(|n| n.version).collect();
    assert_eq!(
        timed_out,
        (1..=snap.version).collect::<Vec<_>>(),
        "one notice per version"
    );
    // A seat that moves in time is not timed out.
    let seat = snap.pending_seats[0] as usize;
    let mut player = Client::connect(&b.url, seats[seat].token().map(str::to_string))
        .await
        .unwrap();
    let legal = player.list_legal_moves(&game_id).await.unwrap();
    if let Ok(r) = player
        .submit(
            &game_id,
            legal.version,
            legal.moves[0].r#move.clone().unwrap(),
        )
        .await
    {
        let after = spectator.clone().get_game(&game_id).await.unwrap();
        assert!(after.notices.iter().all(|n| n.version != r.version));
    }
    a.stop().await;
    b.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resigned_seats_are_played_on_and_all_resigned_is_abandoned() {
    let server = start_on(hosted_config(), MemoryStore::new()).await;
    let (game_id, seats, spectator) = create(&server.url, None).await;
    let resign = |c: &Client| {
        let mut c = c.clone();
        let id = game_id.clone();
        async move {
            let req = c.request(pb::ResignRequest { game_id: id });
            c.raw()
                .resign(req)
                .await
                .map(|r| r.into_inner().snapshot.unwrap())
        }
    };
    // Spectators cannot resign.
    assert_eq!(
        resign(&spectator).await.unwrap_err().code(),
        Code::PermissionDenied
    );
    let snap = resign(&seats[0]).await.unwrap();
    assert_eq!(snap.resigned_seats, vec![0]);
    assert!(!snap.abandoned);
    assert!(
        snap.notices
            .iter()
            .any(|n| n.kind == pb::SeatNoticeKind::Resigned as i32 && n.seat == 0)
    );
    // The search bot plays the resigned seat on, at the default strength.
    assert_eq!(
        snap.bot_seats
            .iter()
            .map(|b| (b.seat, b.strength.as_str()))
            .collect::<Vec<_>>(),
        vec![(0, "default")]
    );
    // Resigning again changes nothing.
    let again = resign(&seats[0]).await.unwrap();
    assert_eq!(again.resigned_seats, vec![0]);
    // Seat 1 plays; the server plays seat 0.
    let mut me = seats[1].clone();
    let mut bot_moves = 0;
    for _ in 0..12 {
        let snap = spectator.clone().get_game(&game_id).await.unwrap();
        if snap.status == pb::GameStatus::Finished as i32 {
            break;
        }
        if !snap.pending_seats.contains(&1) {
            wait_for_version(&spectator, &game_id, snap.version, snap.version + 1).await;
            continue;
        }
        let legal = me.list_legal_moves(&game_id).await.unwrap();
        let _ = me
            .submit(
                &game_id,
                legal.version,
                legal.moves[0].r#move.clone().unwrap(),
            )
            .await;
        bot_moves = spectator
            .clone()
            .get_game(&game_id)
            .await
            .unwrap()
            .notices
            .iter()
            .filter(|n| n.kind == pb::SeatNoticeKind::BotMove as i32 && n.seat == 0)
            .count();
    }
    assert!(bot_moves > 0, "the server played the resigned seat");
    // The resigned seat cannot move itself.
    let snap = spectator.clone().get_game(&game_id).await.unwrap();
    if snap.pending_seats.contains(&0) {
        let legal = seats[1].clone().list_legal_moves(&game_id).await.unwrap();
        if let Some(m) = legal.moves.first() {
            let err = seats[0]
                .clone()
                .submit(&game_id, snap.version, m.r#move.clone().unwrap())
                .await
                .unwrap_err();
            assert!(matches!(
                err.code(),
                Code::FailedPrecondition | Code::Aborted
            ));
        }
    }
    // Everybody left: abandoned, and nobody plays on.
    let snap = resign(&seats[1]).await.unwrap();
    assert!(snap.abandoned, "{snap:?}");
    assert_eq!(snap.resigned_seats, vec![0, 1]);
    assert!(snap.bot_seats.is_empty(), "no bot plays an abandoned game");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let later = spectator.clone().get_game(&game_id).await.unwrap();
    assert_eq!(
        later.version, snap.version,
        "an abandoned game stands still"
    );
    assert!(later.abandoned);
    server.stop().await;
}

#[tokio::test]
async fn decision_seconds_are_checked() {
    let server = start_on(hosted_config(), MemoryStore::new()).await;
    let mut c = Client::connect(&server.url, None).await.unwrap();
    for bad in [0, 8 * 24 * 3600] {
        let err = c
            .create_game(pb::CreateGameRequest {
                game_type: "lorenzo-il-magnifico".into(),
                player_count: 2,
                decision_seconds: Some(bad),
                ..Default::default()
            })
            .await
            .unwrap_err();
        assert_eq!(err.code(), Code::InvalidArgument);
    }
    server.stop().await;
}
