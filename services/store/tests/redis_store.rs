//! Redis-only behaviour of the store.
//!
//! - Across a Redis crash: operations fail cleanly with `Unavailable` while
//!   Redis is down, acknowledged commits survive (AOF with `appendfsync
//!   always`), and the same `RedisStore` works again once Redis is back on the
//!   same port (always a private redis-server: this test kills it).
//! - Connecting to nothing fails with `Unavailable`.
//! - The key layout of DESIGN.md.

use std::time::Duration;

use signoria_store::testutil::{RedisOptions, RedisServer, guarded, unique_id};
use signoria_store::{
    CommitOutcome, GameRecord, GameStore, MoveCommit, RedisStore, StoreError, StoreResult,
};

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

fn commit(game_id: &str, expected_version: u64) -> MoveCommit {
    let v = expected_version + 1;
    MoveCommit {
        game_id: game_id.to_owned(),
        expected_version,
        request_id: format!("req-{v}"),
        state: format!("state-{v}").into_bytes(),
        finished: false,
        events: format!("events-{v}").into_bytes(),
        result: format!("result-{v}").into_bytes(),
        meta: Vec::new(),
    }
}

fn assert_unavailable<T: std::fmt::Debug>(what: &str, r: StoreResult<T>) {
    match r {
        Err(StoreError::Unavailable(_)) => {}
        other => panic!("{what} while Redis is down: {other:?}"),
    }
}

/// Retries `ping` until Redis answers again (the store reconnects on demand).
async fn until_back(store: &RedisStore) {
    guarded("reconnecting to the restarted Redis", async {
        while store.ping().await.is_err() {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_restart_keeps_acknowledged_commits_and_recovers() {
    let mut redis = RedisServer::start(RedisOptions { aof: true }).expect("redis-server");
    let store = RedisStore::connect(&redis.url()).await.unwrap();
    let other = RedisStore::connect(&redis.url()).await.unwrap();
    let id = unique_id("restart");
    store.create(&record(&id)).await.unwrap();
    for v in 0..3 {
        assert_eq!(
            store.commit(commit(&id, v)).await.unwrap(),
            CommitOutcome::Committed { version: v + 1 }
        );
    }

    // A watcher on the other replica, parked across the crash.
    let watcher = {
        let other = other.clone();
        let id = id.clone();
        tokio::spawn(async move {
            other
                .wait_for_change(&id, 3, Duration::from_secs(3600))
                .await
        })
    };

    // Parked means subscribed to the game's nudges (it subscribes only after
    // its first read of the version).
    let mut admin = redis::Client::open(redis.url())
        .unwrap()
        .get_multiplexed_async_connection()
        .await
        .unwrap();
    guarded("the watcher to subscribe", async {
        loop {
            let (_, subscribers): (String, u64) = redis::cmd("PUBSUB")
                .arg("NUMSUB")
                .arg(format!("{{g:{id}}}:nudge"))
                .query_async(&mut admin)
                .await
                .unwrap();
            if subscribers > 0 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await;

    redis.kill();
    let fresh = unique_id("restart-new");
    guarded("operations while Redis is down", async {
        assert_unavailable("ping", store.ping().await);
        assert_unavailable("load", store.load(&id).await);
        assert_unavailable("commit", store.commit(commit(&id, 3)).await);
        assert_unavailable("create", store.create(&record(&fresh)).await);
        assert_unavailable("events_after", store.events_after(&id, 0, 10).await);
        assert_unavailable("lookup_request", store.lookup_request(&id, "req-1").await);
        assert_unavailable(
            "wait_for_change",
            store.wait_for_change(&id, 3, Duration::from_secs(1)).await,
        );
        // Still down on a second try (no stale success from a cache).
        assert_unavailable("second load", store.load(&id).await);
    })
    .await;

    redis.restart().expect("restart redis-server");
    until_back(&store).await;

    let loaded = store.load(&id).await.unwrap().expect("the game survived");
    assert_eq!(loaded.version, 3, "every acknowledged commit survived");
    assert_eq!(loaded.state, b"state-3");
    let log = store.events_after(&id, 0, 10).await.unwrap();
    assert_eq!(
        log.iter().map(|e| e.version).collect::<Vec<_>>(),
        vec![1, 2, 3]
    );
    assert_eq!(
        store.lookup_request(&id, "req-2").await.unwrap(),
        Some((2, b"result-2".to_vec()))
    );
    // The commit attempted while down applied nothing; it works now (and the
    // script is loaded again into the restarted Redis's empty script cache).
    assert_eq!(
        store.commit(commit(&id, 3)).await.unwrap(),
        CommitOutcome::Committed { version: 4 }
    );
    assert_eq!(
        store.commit(commit(&id, 3)).await.unwrap(),
        CommitOutcome::Duplicate {
            version: 4,
            result: b"result-4".to_vec()
        }
    );
    assert_eq!(store.load(&fresh).await.unwrap(), None);
    store.create(&record(&fresh)).await.unwrap();

    // The parked watcher notices the commit made after the restart.
    guarded("the watcher parked across the crash", watcher)
        .await
        .unwrap()
        .unwrap();

    // And the other replica's pub/sub wakes new waiters again.
    until_back(&other).await;
    let waiter = {
        let other = other.clone();
        let id = id.clone();
        tokio::spawn(async move {
            other
                .wait_for_change(&id, 4, Duration::from_secs(3600))
                .await
        })
    };
    store.commit(commit(&id, 4)).await.unwrap();
    guarded("a watcher after the crash", waiter)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(other.load(&id).await.unwrap().unwrap().version, 5);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connect_to_nothing_is_unavailable() {
    let port = signoria_store::testutil::free_port();
    let r = guarded(
        "connect to a closed port",
        RedisStore::connect(&format!("redis://127.0.0.1:{port}")),
    )
    .await;
    assert_unavailable("connect", r);
    assert_unavailable(
        "connect with a bad url",
        RedisStore::connect("not a url").await,
    );
}

/// The documented key layout (DESIGN.md, "Storage and events"): every key of
/// a game carries the `{g:<id>}` hash tag; the stream entry of version v has
/// the id `v-1`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn keys_are_hash_tagged_and_the_stream_is_the_log() {
    let redis = signoria_store::testutil::TestRedis::get().expect("redis-server");
    let store = RedisStore::connect(redis.url()).await.unwrap();
    let id = unique_id("layout");
    store.create(&record(&id)).await.unwrap();
    store.commit(commit(&id, 0)).await.unwrap();
    store.commit(commit(&id, 1)).await.unwrap();

    let mut con = redis::Client::open(redis.url())
        .unwrap()
        .get_multiplexed_async_connection()
        .await
        .unwrap();
    let mut keys: Vec<String> = redis::cmd("KEYS")
        .arg(format!("*{id}*"))
        .query_async(&mut con)
        .await
        .unwrap();
    keys.sort();
    assert_eq!(
        keys,
        vec![
            format!("{{g:{id}}}:events"),
            format!("{{g:{id}}}:meta"),
            format!("{{g:{id}}}:req"),
        ]
    );
    let version: String = redis::cmd("HGET")
        .arg(format!("{{g:{id}}}:meta"))
        .arg("version")
        .query_async(&mut con)
        .await
        .unwrap();
    assert_eq!(version, "2");
    type Entry = (String, Vec<(String, Vec<u8>)>);
    let entries: Vec<Entry> = redis::cmd("XRANGE")
        .arg(format!("{{g:{id}}}:events"))
        .arg("-")
        .arg("+")
        .query_async(&mut con)
        .await
        .unwrap();
    assert_eq!(
        entries,
        vec![
            (
                "1-1".to_owned(),
                vec![("e".to_owned(), b"events-1".to_vec())]
            ),
            (
                "2-1".to_owned(),
                vec![("e".to_owned(), b"events-2".to_vec())]
            ),
        ]
    );
}
