//! Retention with short times, on every store: a finished game disappears a
//! fixed time after its last move, a game in play a fixed time after its last
//! move (or its creation), and a move pushes that time back. In Redis every
//! key of the game goes (checked on the keys themselves).

use std::time::Duration;

use signoria_store::testutil::{TestRedis, TestRedisCluster, unique_id};
use signoria_store::{
    CommitOutcome, GameRecord, GameStore, MemoryStore, MoveCommit, RedisStore, RedisStoreOptions,
    RedisTarget, Retention,
};

const FINISHED: Duration = Duration::from_millis(800);
const ABANDONED: Duration = Duration::from_millis(2000);

fn retention() -> Retention {
    Retention {
        finished: Some(FINISHED),
        abandoned: Some(ABANDONED),
    }
}

fn record(game_id: &str) -> GameRecord {
    GameRecord {
        game_id: game_id.to_owned(),
        game_type: "lorenzo-il-magnifico".to_owned(),
        players: 2,
        version: 0,
        state: b"initial".to_vec(),
        finished: false,
        created_unix_ms: 1,
        seat_labels: vec!["Ann".into(), "Bo".into()],
        meta: Vec::new(),
    }
}

fn commit(game_id: &str, expected_version: u64, finished: bool) -> MoveCommit {
    let v = expected_version + 1;
    MoveCommit {
        game_id: game_id.to_owned(),
        expected_version,
        request_id: format!("req-{v}"),
        state: format!("state-{v}").into_bytes(),
        finished,
        events: format!("events-{v}").into_bytes(),
        result: format!("result-{v}").into_bytes(),
        meta: Vec::new(),
    }
}

async fn gone<S: GameStore>(s: &S, id: &str) -> bool {
    s.load(id).await.unwrap().is_none()
        && s.events_after(id, 0, 10).await.unwrap().is_empty()
        && s.lookup_request(id, "req-1").await.unwrap().is_none()
}

/// Plays the scenario; returns the ids of the games that must be gone
/// completely at the end (for the key check of the Redis stores).
async fn finished_and_abandoned_games_expire<S: GameStore>(s: S) -> Vec<String> {
    let abandoned = unique_id("abandoned");
    let finished = unique_id("finished");
    let active = unique_id("active");
    for id in [&abandoned, &finished, &active] {
        s.create(&record(id)).await.unwrap();
    }
    s.commit(commit(&abandoned, 0, false)).await.unwrap();
    s.commit(commit(&active, 0, false)).await.unwrap();
    assert_eq!(
        s.commit(commit(&finished, 0, true)).await.unwrap(),
        CommitOutcome::Committed { version: 1 }
    );

    // t = 1.2 s: the finished game is gone, the others are kept.
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert!(gone(&s, &finished).await, "the finished game expired");
    assert!(s.load(&abandoned).await.unwrap().is_some());
    assert!(s.load(&active).await.unwrap().is_some());
    // A move pushes the active game's time back (to t = 3.2 s).
    assert_eq!(
        s.commit(commit(&active, 1, false)).await.unwrap(),
        CommitOutcome::Committed { version: 2 }
    );

    // t = 2.5 s: the abandoned game is gone, the active one is kept whole.
    tokio::time::sleep(Duration::from_millis(1300)).await;
    assert!(gone(&s, &abandoned).await, "the abandoned game expired");
    let kept = s.load(&active).await.unwrap().expect("the active game");
    assert_eq!(kept.version, 2);
    assert_eq!(s.events_after(&active, 0, 10).await.unwrap().len(), 2);
    assert!(s.lookup_request(&active, "req-1").await.unwrap().is_some());
    // A new game with an expired game's id can be created again.
    s.create(&record(&finished)).await.unwrap();
    vec![abandoned]
}

fn keys(id: &str) -> Vec<String> {
    signoria_store::redis_store::game_keys(id).to_vec()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn memory_store_expires_games() {
    finished_and_abandoned_games_expire(MemoryStore::with_retention(retention())).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_store_expires_every_key_of_a_game() {
    let redis = TestRedis::get().expect("a redis-server");
    let options = RedisStoreOptions {
        retention: retention(),
        ..Default::default()
    };
    let store = RedisStore::connect_with(redis.url(), options)
        .await
        .unwrap();
    let gone_ids = finished_and_abandoned_games_expire(store).await;
    let mut con = redis::Client::open(redis.url())
        .unwrap()
        .get_multiplexed_async_connection()
        .await
        .unwrap();
    for id in gone_ids {
        let n: u64 = redis::cmd("EXISTS")
            .arg(keys(&id))
            .query_async(&mut con)
            .await
            .unwrap();
        assert_eq!(n, 0, "every key of game {id} expired");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_cluster_store_expires_every_key_of_a_game() {
    let cluster = TestRedisCluster::get().expect("a redis cluster");
    let target = RedisTarget::cluster(cluster.urls()).unwrap();
    let options = RedisStoreOptions {
        retention: retention(),
        ..Default::default()
    };
    let store = RedisStore::open(&target, options).await.unwrap();
    let gone_ids = finished_and_abandoned_games_expire(store).await;
    let nodes: Vec<&str> = cluster.urls().split(',').collect();
    let mut con = redis::cluster::ClusterClient::new(nodes)
        .unwrap()
        .get_async_connection()
        .await
        .unwrap();
    for id in gone_ids {
        // All keys of a game share one slot, so one EXISTS may name them all.
        let n: u64 = redis::cmd("EXISTS")
            .arg(keys(&id))
            .query_async(&mut con)
            .await
            .unwrap();
        assert_eq!(n, 0, "every key of game {id} expired");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn zero_keeps_games_forever() {
    let redis = TestRedis::get().expect("a redis-server");
    let options = RedisStoreOptions {
        retention: Retention::FOREVER,
        ..Default::default()
    };
    let store = RedisStore::connect_with(redis.url(), options)
        .await
        .unwrap();
    let id = unique_id("forever");
    store.create(&record(&id)).await.unwrap();
    store.commit(commit(&id, 0, true)).await.unwrap();
    let mut con = redis::Client::open(redis.url())
        .unwrap()
        .get_multiplexed_async_connection()
        .await
        .unwrap();
    for key in keys(&id) {
        let ttl: i64 = redis::cmd("PTTL")
            .arg(&key)
            .query_async(&mut con)
            .await
            .unwrap();
        assert_eq!(ttl, -1, "{key} has no time to live");
    }
    // The default sets one on every key.
    let store = RedisStore::connect(redis.url()).await.unwrap();
    let id = unique_id("default");
    store.create(&record(&id)).await.unwrap();
    store.commit(commit(&id, 0, false)).await.unwrap();
    for key in keys(&id) {
        let ttl: i64 = redis::cmd("PTTL")
            .arg(&key)
            .query_async(&mut con)
            .await
            .unwrap();
        let days = ttl as f64 / 86_400_000.0;
        assert!((89.9..=90.0).contains(&days), "{key}: {days} days");
    }
}
