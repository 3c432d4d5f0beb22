//! Bot seats (issue 19): seats the server's search bot plays, made by any
//! replica exactly once per decision; seats handed to a bot and back by the
//! game's owner or an operator; SuggestMove.

use std::time::Duration;

use signoria_server::client::Client;
use signoria_server::pb;
use signoria_store::testutil::TestRedis;
use signoria_store::{BotWork, GameStore, MemoryStore, RedisStore};
use tonic::Code;

mod common;
use common::{config, start_on};

const LORENZO: &str = "lorenzo-il-magnifico";
const OPERATOR: &str = "operator token of the bot tests";

fn bots_config() -> signoria_server::ServerConfig {
    let mut c = config();
    c.service.bot_poll = Duration::from_millis(20);
    c.service.bot_claim_after = Duration::from_millis(500);
    c.service.public_stats = true;
    c.service.operator_token =
        Some(signoria_server::auth::OperatorToken::new(OPERATOR.as_bytes().to_vec()).unwrap());
    c
}

fn bot(seat: u32, strength: &str) -> pb::BotSeat {
    pb::BotSeat {
        seat,
        strength: strength.into(),
    }
}

async fn create(url: &str, bots: Vec<pb::BotSeat>) -> pb::CreateGameResponse {
    Client::connect(url, None)
        .await
        .unwrap()
        .create_game(pb::CreateGameRequest {
            game_type: LORENZO.into(),
            player_count: 2,
            seed: Some(19),
            bots,
            ..Default::default()
        })
        .await
        .unwrap()
}

/// Watches until the game is past `version` or finished; the messages seen.
async fn watch_until(
    url: &str,
    game_id: &str,
    after: u64,
    done: impl Fn(&pb::WatchGameResponse) -> bool,
) -> Vec<pb::WatchGameResponse> {
    let mut stream = Client::connect(url, None)
        .await
        .unwrap()
        .watch(game_id, after)
        .await
        .unwrap();
    let mut seen = Vec::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(120);
    loop {
        let msg = tokio::time::timeout_at(deadline, stream.message())
            .await
            .expect("the bots move within 120 s")
            .unwrap()
            .expect("the stream goes on");
        let stop = done(&msg);
        seen.push(msg);
        if stop {
            return seen;
        }
    }
}

/// Two replicas on one store play an all-bot game to its end: every version
/// is one bot move, committed under the request id of the version it was
/// chosen at.
async fn all_bot_game_plays_to_the_end<S: GameStore>(store: S) {
    let a = start_on(bots_config(), store.clone()).await;
    let b = start_on(bots_config(), store.clone()).await;
    let created = create(&a.url, vec![bot(0, "easy"), bot(1, "easy")]).await;
    let game_id = created.game_id.clone();
    let snap = created.snapshot.unwrap();
    assert_eq!(snap.bot_seats, vec![bot(0, "easy"), bot(1, "easy")]);
    let seen = watch_until(&b.url, &game_id, 0, |m| m.finished).await;
    let last = seen.last().unwrap().version;
    assert_eq!(
        seen.iter().map(|m| m.version).collect::<Vec<_>>(),
        (1..=last).collect::<Vec<_>>()
    );
    let mut spectator = Client::connect(&a.url, None).await.unwrap();
    let export = spectator.export_game(&game_id).await.unwrap();
    assert_eq!(export.versions.len() as u64, last);
    for v in &export.versions {
        let seat = v.seat.expect("every version is a move");
        // The move came through the bot's path: its request id is the
        // version it was chosen at (the one before, or an earlier one while
        // both seats decided at once), scoped to the seat.
        let mut found = false;
        for chosen_at in (v.version.saturating_sub(8)..v.version).rev() {
            let id = format!("{seat} ~bot {chosen_at}");
            if let Some((version, _)) = store.lookup_request(&game_id, &id).await.unwrap()
                && version == v.version
            {
                found = true;
                break;
            }
        }
        assert!(found, "version {} is not a bot move", v.version);
        if let Some(n) = v.notices.first() {
            assert_eq!(n.kind, pb::SeatNoticeKind::BotMove as i32);
            assert_eq!((n.version, n.seat), (v.version, seat));
        }
    }
    assert!(export.outcome.is_some());
    // The replicas' figures count each bot move once, and a search for each.
    let (mut moves, mut searches) = (0, 0);
    for r in [&a, &b] {
        let stats = Client::connect(&r.url, None)
            .await
            .unwrap()
            .server_stats()
            .await
            .unwrap();
        moves += stats.bot_moves;
        searches += stats.bot_search_latency.unwrap().count;
        assert_eq!(stats.bot_work_failed, 0);
    }
    assert_eq!(moves, last);
    assert!(searches >= last, "{searches} searches for {last} moves");
    a.stop().await;
    b.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_all_bot_game_plays_to_the_end_on_two_replicas_in_memory() {
    all_bot_game_plays_to_the_end(MemoryStore::new()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_all_bot_game_plays_to_the_end_on_two_replicas_on_redis() {
    let redis = TestRedis::get().unwrap();
    all_bot_game_plays_to_the_end(RedisStore::connect(redis.url()).await.unwrap()).await;
}

/// Work queued again for a decision the bot made already (a second delivery,
/// or the deadline scanner's retry) applies nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn repeated_work_applies_nothing_twice() {
    let store = MemoryStore::new();
    let a = start_on(bots_config(), store.clone()).await;
    let b = start_on(bots_config(), store.clone()).await;
    // Seat 0 is a human; the bot plays seat 1.
    let created = create(&a.url, vec![bot(1, "easy")]).await;
    let game_id = created.game_id.clone();
    let mut human = Client::connect(&a.url, Some(created.seats[0].token.clone()))
        .await
        .unwrap();
    let mut bot_versions = Vec::new();
    for _ in 0..30 {
        let snap = human.get_game(&game_id).await.unwrap();
        if snap.status == pb::GameStatus::Finished as i32 {
            break;
        }
        if snap.pending_seats.contains(&1) {
            // Every replica gets the same work three times more.
            for _ in 0..3 {
                store
                    .push_bot_work(&BotWork {
                        game_id: game_id.clone(),
                        version: snap.version,
                        seat: 1,
                    })
                    .await
                    .unwrap();
            }
            let seen = watch_until(&b.url, &game_id, snap.version, |_| true).await;
            bot_versions.push(seen[0].version);
            continue;
        }
        let moves = human.list_legal_moves(&game_id).await.unwrap();
        let mv = moves.moves[0].r#move.clone().unwrap();
        // The expected version is the one read: had a repeated item moved
        // the bot twice, this would be ABORTED.
        human.submit(&game_id, moves.version, mv).await.unwrap();
    }
    assert!(!bot_versions.is_empty(), "the bot moved");
    for v in bot_versions {
        assert!(
            store
                .lookup_request(&game_id, &format!("1 ~bot {}", v - 1))
                .await
                .unwrap()
                .is_some()
        );
    }
    a.stop().await;
    b.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seats_are_handed_to_a_bot_and_back_by_the_owner_or_an_operator() {
    let server = start_on(bots_config(), MemoryStore::new()).await;
    let created = create(&server.url, Vec::new()).await;
    let game_id = created.game_id.clone();
    let first = created.snapshot.as_ref().unwrap().pending_seats[0];
    let seat_token = created.seats[first as usize].token.clone();
    let connect = |token: Option<&str>| Client::connect(&server.url, token.map(str::to_owned));

    // Seats and spectators may not hand seats over.
    for token in [Some(seat_token.as_str()), None] {
        let refused = connect(token)
            .await
            .unwrap()
            .set_seat_bot(&game_id, first, Some("easy"))
            .await
            .unwrap_err();
        assert_eq!(refused.code(), Code::PermissionDenied, "{refused:?}");
    }
    let mut owner = connect(Some(&created.owner_token)).await.unwrap();
    let refused = owner
        .set_seat_bot(&game_id, 7, Some("easy"))
        .await
        .unwrap_err();
    assert_eq!(refused.code(), Code::InvalidArgument);
    let refused = owner
        .set_seat_bot(&game_id, first, Some("grandmaster"))
        .await
        .unwrap_err();
    assert_eq!(refused.code(), Code::InvalidArgument);
    // Another game's owner token is no owner token here.
    let other = create(&server.url, Vec::new()).await;
    let refused = connect(Some(&other.owner_token))
        .await
        .unwrap()
        .set_seat_bot(&game_id, first, Some("easy"))
        .await
        .unwrap_err();
    assert_eq!(refused.code(), Code::Unauthenticated);

    // The owner hands the pending seat to a bot: it moves for the seat.
    let snap = owner
        .set_seat_bot(&game_id, first, Some("easy"))
        .await
        .unwrap();
    assert_eq!(snap.bot_seats, vec![bot(first, "easy")]);
    let handed_at = snap.version;
    let notice = snap.notices.last().unwrap();
    assert_eq!(
        (notice.kind, notice.seat, notice.label.as_str()),
        (pb::SeatNoticeKind::BotSeat as i32, first, "easy")
    );
    let seen = watch_until(&server.url, &game_id, handed_at, |m| {
        m.notices
            .iter()
            .any(|n| n.kind == pb::SeatNoticeKind::BotMove as i32 && n.seat == first)
    })
    .await;
    assert!(!seen.is_empty());
    // Meanwhile the seat's own moves are refused.
    let mut seat = connect(Some(&seat_token)).await.unwrap();
    let now = seat.get_game(&game_id).await.unwrap();
    if now.pending_seats.contains(&first) {
        let mv = seat.list_legal_moves(&game_id).await.unwrap();
        let refused = seat
            .submit(&game_id, mv.version, mv.moves[0].r#move.clone().unwrap())
            .await
            .unwrap_err();
        assert_eq!(refused.code(), Code::FailedPrecondition);
    }

    // An operator gives it back (idempotently); the seat plays again.
    let mut operator = connect(Some(OPERATOR)).await.unwrap();
    let back = operator.set_seat_bot(&game_id, first, None).await.unwrap();
    assert!(back.bot_seats.is_empty());
    assert!(
        back.notices
            .iter()
            .any(|n| n.kind == pb::SeatNoticeKind::PlayerSeat as i32)
    );
    let again = operator.set_seat_bot(&game_id, first, None).await.unwrap();
    assert_eq!(again.version, back.version);
    let snap = seat.get_game(&game_id).await.unwrap();
    assert!(snap.bot_seats.is_empty());
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn create_game_checks_its_bot_seats() {
    let server = start_on(bots_config(), MemoryStore::new()).await;
    let mut c = Client::connect(&server.url, None).await.unwrap();
    for bots in [
        vec![bot(2, "easy")],
        vec![bot(0, "easy"), bot(0, "strong")],
        vec![bot(0, "grandmaster")],
    ] {
        let refused = c
            .create_game(pb::CreateGameRequest {
                game_type: LORENZO.into(),
                player_count: 2,
                bots: bots.clone(),
                ..Default::default()
            })
            .await
            .unwrap_err();
        assert_eq!(refused.code(), Code::InvalidArgument, "{bots:?}");
    }
    // An empty strength is the default one.
    let created = create(&server.url, vec![bot(1, "")]).await;
    assert_eq!(created.snapshot.unwrap().bot_seats, vec![bot(1, "default")]);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn suggest_move_answers_a_pending_seat_with_one_of_its_moves() {
    let server = start_on(bots_config(), MemoryStore::new()).await;
    let created = create(&server.url, Vec::new()).await;
    let game_id = created.game_id.clone();
    let pending = created.snapshot.as_ref().unwrap().pending_seats.clone();
    let connect =
        |seat: usize| Client::connect(&server.url, Some(created.seats[seat].token.clone()));
    let refused = Client::connect(&server.url, None)
        .await
        .unwrap()
        .suggest_move(&game_id, "easy")
        .await
        .unwrap_err();
    assert_eq!(refused.code(), Code::PermissionDenied);
    for seat in 0..2usize {
        let mut c = connect(seat).await.unwrap();
        let answer = c.suggest_move(&game_id, "easy").await;
        if !pending.contains(&(seat as u32)) {
            assert_eq!(answer.unwrap_err().code(), Code::FailedPrecondition);
            continue;
        }
        let answer = answer.unwrap();
        assert_eq!(answer.version, 0);
        let legal = c.list_legal_moves(&game_id).await.unwrap().moves;
        let suggestion = answer.suggestion.unwrap();
        assert!(legal.contains(&suggestion));
        // The same seed (derived from the version and seat) gives the same move.
        assert_eq!(
            c.suggest_move(&game_id, "easy").await.unwrap().suggestion,
            Some(suggestion.clone())
        );
        let refused = c.suggest_move(&game_id, "grandmaster").await.unwrap_err();
        assert_eq!(refused.code(), Code::InvalidArgument);
        c.submit(&game_id, 0, suggestion.r#move.unwrap())
            .await
            .unwrap();
    }
    server.stop().await;
}
