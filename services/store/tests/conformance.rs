//! One conformance suite for every `GameStore`, run against the in-memory store
//! and the Redis store.
//!
//! Each case gets two handles `a` and `b` on the same data: two clones of one
//! `MemoryStore`, two separately connected `RedisStore`s on one Redis (two
//! replicas), or two on one Redis Cluster. Redis comes from `$REDIS_URL` or is
//! a private redis-server; the cluster from `$REDIS_CLUSTER_URLS` or is a
//! private one (6 nodes). The Redis stores run with their poll fallback turned
//! off (an hour), so every wake-up the suite waits for must come through
//! pub/sub (sharded pub/sub in the cluster).

use std::collections::BTreeSet;
use std::time::Duration;

use signoria_store::testutil::{TestRedis, TestRedisCluster, guarded, unique_id};
use signoria_store::{
    BotWork, ClaimedWork, CommitOutcome, GameRecord, GameStore, LoggedEvents, MemoryStore,
    MoveCommit, RedisStore, RedisStoreOptions, RedisTarget, StoreError,
};

fn record(game_id: &str) -> GameRecord {
    GameRecord {
        game_id: game_id.to_owned(),
        game_type: "lorenzo-il-magnifico".to_owned(),
        players: 3,
        version: 0,
        // Every byte value, to catch text-only encodings.
        state: (0..=255u8).collect(),
        finished: false,
        created_unix_ms: 1_795_000_000_123,
        seat_labels: vec!["Ann".into(), "Bo".into()],
        meta: Vec::new(),
    }
}

fn commit(game_id: &str, expected_version: u64, request_id: &str) -> MoveCommit {
    let v = expected_version + 1;
    MoveCommit {
        game_id: game_id.to_owned(),
        expected_version,
        request_id: request_id.to_owned(),
        state: format!("state\0after:{v}").into_bytes(),
        finished: false,
        events: format!("events:\0{v}").into_bytes(),
        result: format!("result:{v}:\0\u{ff}").into_bytes(),
        meta: Vec::new(),
    }
}

async fn new_game<S: GameStore>(s: &S, prefix: &str) -> String {
    let id = unique_id(prefix);
    s.create(&record(&id)).await.expect("create");
    id
}

/// Plays `n` moves from version 0, checking each is committed.
async fn play<S: GameStore>(s: &S, id: &str, n: u64) {
    for v in 0..n {
        assert_eq!(
            s.commit(commit(id, v, &format!("req-{v}"))).await.unwrap(),
            CommitOutcome::Committed { version: v + 1 }
        );
    }
}

async fn create_and_load<S: GameStore>(a: S, b: S) {
    let id = unique_id("create");
    let rec = record(&id);
    a.create(&rec).await.unwrap();
    assert_eq!(b.load(&id).await.unwrap(), Some(rec.clone()));

    let mut other = record(&id);
    other.players = 4;
    other.state = b"different".to_vec();
    match b.create(&other).await {
        Err(StoreError::AlreadyExists(got)) => assert_eq!(got, id),
        r => panic!("second create: {r:?}"),
    }
    assert_eq!(
        a.load(&id).await.unwrap(),
        Some(rec),
        "the first game stays"
    );
    assert_eq!(a.load(&unique_id("nobody")).await.unwrap(), None);
    a.ping().await.unwrap();
}

async fn commit_applies<S: GameStore>(a: S, b: S) {
    let id = new_game(&a, "commit").await;
    let mut c = commit(&id, 0, "first");
    c.finished = true;
    assert_eq!(
        a.commit(c.clone()).await.unwrap(),
        CommitOutcome::Committed { version: 1 }
    );
    let loaded = b.load(&id).await.unwrap().unwrap();
    assert_eq!(loaded.version, 1);
    assert_eq!(loaded.state, c.state);
    assert!(loaded.finished);
    assert_eq!(loaded.players, 3);
    assert_eq!(loaded.game_type, "lorenzo-il-magnifico");
    assert_eq!(loaded.created_unix_ms, 1_795_000_000_123);
    assert_eq!(
        loaded.seat_labels,
        vec!["Ann".to_string(), "Bo".to_string()]
    );
    assert_eq!(
        b.events_after(&id, 0, 10).await.unwrap(),
        vec![LoggedEvents {
            version: 1,
            events: c.events.clone()
        }]
    );
    assert_eq!(
        b.lookup_request(&id, "first").await.unwrap(),
        Some((1, c.result.clone()))
    );
    assert_eq!(b.lookup_request(&id, "other").await.unwrap(), None);
}

async fn conflict_reports_current_version<S: GameStore>(a: S, b: S) {
    let id = new_game(&a, "conflict").await;
    play(&a, &id, 2).await;
    let before = a.load(&id).await.unwrap();
    for stale in [0, 1, 3, 100] {
        assert_eq!(
            b.commit(commit(&id, stale, &format!("stale-{stale}")))
                .await
                .unwrap(),
            CommitOutcome::Conflict { current_version: 2 },
            "expected version {stale}"
        );
        assert_eq!(
            a.lookup_request(&id, &format!("stale-{stale}"))
                .await
                .unwrap(),
            None,
            "a conflicting request id is not recorded"
        );
    }
    assert_eq!(a.load(&id).await.unwrap(), before, "nothing applied");
    assert_eq!(a.events_after(&id, 0, 100).await.unwrap().len(), 2);
    // The request id of a conflict may be used for the real move afterwards.
    assert_eq!(
        b.commit(commit(&id, 2, "stale-0")).await.unwrap(),
        CommitOutcome::Committed { version: 3 }
    );
}

async fn duplicate_request_applies_nothing<S: GameStore>(a: S, b: S) {
    let id = new_game(&a, "dup").await;
    let first = commit(&id, 0, "same");
    assert_eq!(
        a.commit(first.clone()).await.unwrap(),
        CommitOutcome::Committed { version: 1 }
    );
    let after_first = a.load(&id).await.unwrap();

    // The retry as the client would send it (stale version), and one that
    // happens to carry the current version: neither applies anything.
    for expected in [0, 1] {
        let mut again = commit(&id, expected, "same");
        again.state = b"must not be stored".to_vec();
        again.events = b"must not be logged".to_vec();
        again.result = b"must not be answered".to_vec();
        assert_eq!(
            b.commit(again).await.unwrap(),
            CommitOutcome::Duplicate {
                version: 1,
                result: first.result.clone()
            },
            "retry with expected version {expected}"
        );
    }
    assert_eq!(
        a.load(&id).await.unwrap(),
        after_first,
        "version and state unchanged"
    );
    assert_eq!(
        a.events_after(&id, 0, 100).await.unwrap(),
        vec![LoggedEvents {
            version: 1,
            events: first.events.clone()
        }],
        "events logged once"
    );

    // Later moves do not forget earlier request ids.
    assert_eq!(
        a.commit(commit(&id, 1, "next")).await.unwrap(),
        CommitOutcome::Committed { version: 2 }
    );
    assert_eq!(
        b.commit(commit(&id, 2, "same")).await.unwrap(),
        CommitOutcome::Duplicate {
            version: 1,
            result: first.result.clone()
        }
    );
    assert_eq!(a.load(&id).await.unwrap().unwrap().version, 2);

    // Request ids are per game.
    let other = new_game(&a, "dup-other").await;
    assert_eq!(
        b.commit(commit(&other, 0, "same")).await.unwrap(),
        CommitOutcome::Committed { version: 1 }
    );
}

async fn unknown_game<S: GameStore>(a: S, _b: S) {
    let id = unique_id("ghost");
    assert_eq!(
        a.commit(commit(&id, 0, "r")).await.unwrap(),
        CommitOutcome::NotFound
    );
    assert_eq!(
        a.load(&id).await.unwrap(),
        None,
        "a failed commit creates nothing"
    );
    assert_eq!(a.lookup_request(&id, "r").await.unwrap(), None);
    assert_eq!(a.events_after(&id, 0, 10).await.unwrap(), vec![]);
    // Nothing will ever change: the wait returns (its caller's re-read says why).
    guarded(
        "wait_for_change on an unknown game",
        a.wait_for_change(&id, 0, Duration::from_secs(3600)),
    )
    .await
    .unwrap();
}

async fn events_after_orders_and_limits<S: GameStore>(a: S, b: S) {
    let id = new_game(&a, "events").await;
    assert_eq!(
        b.events_after(&id, 0, 10).await.unwrap(),
        vec![],
        "no moves yet"
    );
    play(&a, &id, 12).await;
    let versions = |evs: Vec<LoggedEvents>| -> Vec<u64> {
        for e in &evs {
            assert_eq!(e.events, format!("events:\0{}", e.version).into_bytes());
        }
        evs.into_iter().map(|e| e.version).collect()
    };
    assert_eq!(
        versions(b.events_after(&id, 0, 100).await.unwrap()),
        (1..=12).collect::<Vec<_>>()
    );
    assert_eq!(
        versions(b.events_after(&id, 9, 100).await.unwrap()),
        vec![10, 11, 12],
        "versions 1..=9 and 10, 11 are different stream ids (10 > 9 numerically)"
    );
    assert_eq!(
        versions(b.events_after(&id, 0, 3).await.unwrap()),
        vec![1, 2, 3]
    );
    assert_eq!(
        versions(b.events_after(&id, 4, 2).await.unwrap()),
        vec![5, 6]
    );
    assert_eq!(
        versions(b.events_after(&id, 11, 5).await.unwrap()),
        vec![12]
    );
    assert_eq!(b.events_after(&id, 12, 5).await.unwrap(), vec![]);
    assert_eq!(b.events_after(&id, 500, 5).await.unwrap(), vec![]);
    assert_eq!(b.events_after(&id, u64::MAX, 5).await.unwrap(), vec![]);
    assert_eq!(b.events_after(&id, 0, 0).await.unwrap(), vec![]);

    // Paging through the log gives each entry once, in order.
    let mut seen = Vec::new();
    let mut after = 0;
    loop {
        let page = versions(b.events_after(&id, after, 5).await.unwrap());
        let Some(&last) = page.last() else { break };
        seen.extend(page);
        after = last;
    }
    assert_eq!(seen, (1..=12).collect::<Vec<_>>());
}

async fn wait_for_change_returns<S: GameStore>(a: S, _b: S) {
    let id = new_game(&a, "wait-basic").await;
    play(&a, &id, 2).await;
    // Already past the known version: returns at once (the long timeout would hang).
    guarded(
        "wait_for_change behind the current version",
        a.wait_for_change(&id, 1, Duration::from_secs(3600)),
    )
    .await
    .unwrap();
    // No change: returns Ok after the timeout.
    guarded(
        "wait_for_change with a short timeout",
        a.wait_for_change(&id, 2, Duration::from_millis(50)),
    )
    .await
    .unwrap();
}

async fn wait_for_change_wakes_on_commit<S: GameStore>(a: S, b: S) {
    let id = new_game(&a, "wait").await;
    const MOVES: u64 = 5;
    // Watchers on `b` (another replica) follow the game to the end by waiting
    // and re-reading, as WatchGame does; each wait has a timeout far longer
    // than the test, so only wake-ups make progress.
    let mut watchers = Vec::new();
    for w in 0..3 {
        let b = b.clone();
        let id = id.clone();
        watchers.push(tokio::spawn(async move {
            let mut known = 0;
            let mut seen = Vec::new();
            while known < MOVES {
                b.wait_for_change(&id, known, Duration::from_secs(3600))
                    .await
                    .unwrap();
                for e in b.events_after(&id, known, 100).await.unwrap() {
                    assert_eq!(e.version, known + 1, "watcher {w}: no gap, no duplicate");
                    known = e.version;
                    seen.push(e.version);
                }
            }
            seen
        }));
    }
    for v in 0..MOVES {
        // Let the watchers get ahead of the writer now and then.
        tokio::task::yield_now().await;
        assert_eq!(
            a.commit(commit(&id, v, &format!("w-{v}"))).await.unwrap(),
            CommitOutcome::Committed { version: v + 1 }
        );
    }
    for w in watchers {
        let seen = guarded("a watcher", w).await.unwrap();
        assert_eq!(seen, (1..=MOVES).collect::<Vec<_>>());
    }

    // A wait that starts before the commit is woken by it.
    let waiter = {
        let b = b.clone();
        let id = id.clone();
        tokio::spawn(async move {
            b.wait_for_change(&id, MOVES, Duration::from_secs(3600))
                .await
        })
    };
    a.commit(commit(&id, MOVES, "last")).await.unwrap();
    guarded("the waiter", waiter).await.unwrap().unwrap();
}

async fn racing_commits_one_wins<S: GameStore>(a: S, b: S) {
    let id = new_game(&a, "race").await;
    const RACERS: usize = 8;
    for round in 0..5u64 {
        let mut tasks = Vec::new();
        for r in 0..RACERS {
            let s = if r % 2 == 0 { a.clone() } else { b.clone() };
            let c = commit(&id, round, &format!("race-{round}-{r}"));
            tasks.push(tokio::spawn(async move { s.commit(c).await.unwrap() }));
        }
        let mut winners = 0;
        for t in tasks {
            match guarded("a racer", t).await.unwrap() {
                CommitOutcome::Committed { version } => {
                    assert_eq!(version, round + 1);
                    winners += 1;
                }
                CommitOutcome::Conflict { current_version } => {
                    assert_eq!(current_version, round + 1)
                }
                other => panic!("racer: {other:?}"),
            }
        }
        assert_eq!(winners, 1, "round {round}: exactly one commit wins");
        assert_eq!(a.load(&id).await.unwrap().unwrap().version, round + 1);
    }
    let versions: BTreeSet<u64> = a
        .events_after(&id, 0, 100)
        .await
        .unwrap()
        .into_iter()
        .map(|e| e.version)
        .collect();
    assert_eq!(versions, (1..=5).collect());
}

/// Waiters on many games at once each wake on their own game's commit, and a
/// game whose last waiter left (and was unsubscribed) wakes a new waiter.
async fn wait_for_change_many_games<S: GameStore>(a: S, b: S) {
    const GAMES: usize = 20;
    let mut ids = Vec::new();
    for _ in 0..GAMES {
        ids.push(new_game(&a, "many").await);
    }
    // Waiters come and go: each first waits briefly and times out (leaving,
    // which unsubscribes the game when it was the last), then waits for real.
    let mut waiters = Vec::new();
    for id in &ids {
        let b = b.clone();
        let id = id.clone();
        waiters.push(tokio::spawn(async move {
            for _ in 0..3 {
                b.wait_for_change(&id, 0, Duration::from_millis(1))
                    .await
                    .unwrap();
            }
            b.wait_for_change(&id, 0, Duration::from_secs(3600))
                .await
                .unwrap();
            b.load(&id).await.unwrap().unwrap().version
        }));
    }
    // Commit in reverse order, so no waiter can rely on an earlier game's wake.
    for id in ids.iter().rev() {
        assert_eq!(
            a.commit(commit(id, 0, "only")).await.unwrap(),
            CommitOutcome::Committed { version: 1 }
        );
    }
    for w in waiters {
        assert_eq!(guarded("a waiter", w).await.unwrap(), 1);
    }
    // Nobody waits on these games now; a new waiter still wakes.
    let id = ids[0].clone();
    let waiter = {
        let b = b.clone();
        let id = id.clone();
        tokio::spawn(async move { b.wait_for_change(&id, 1, Duration::from_secs(3600)).await })
    };
    a.commit(commit(&id, 1, "again")).await.unwrap();
    guarded("the late waiter", waiter).await.unwrap().unwrap();
}

/// Versions are exact integers however large (no floating point anywhere).
async fn large_versions_are_exact<S: GameStore>(a: S, b: S) {
    let id = unique_id("large");
    let start = (1u64 << 60) + 1;
    let mut rec = record(&id);
    rec.version = start;
    a.create(&rec).await.unwrap();
    assert_eq!(
        a.commit(commit(&id, start, "big")).await.unwrap(),
        CommitOutcome::Committed { version: start + 1 }
    );
    assert_eq!(
        b.commit(commit(&id, start, "other")).await.unwrap(),
        CommitOutcome::Conflict {
            current_version: start + 1
        }
    );
    assert_eq!(b.load(&id).await.unwrap().unwrap().version, start + 1);
    assert_eq!(
        b.events_after(&id, start, 10)
            .await
            .unwrap()
            .iter()
            .map(|e| e.version)
            .collect::<Vec<_>>(),
        vec![start + 1]
    );
    assert_eq!(
        b.lookup_request(&id, "big").await.unwrap().map(|(v, _)| v),
        Some(start + 1)
    );
}

/// The server's meta rides with the record: set at creation, replaced by
/// every commit.
async fn meta_is_kept<S: GameStore>(a: S, b: S) {
    let id = unique_id("meta");
    let mut rec = record(&id);
    rec.meta = b"{\"v\":0}".to_vec();
    a.create(&rec).await.unwrap();
    assert_eq!(b.load(&id).await.unwrap().unwrap().meta, rec.meta);
    let mut c = commit(&id, 0, "first");
    c.meta = b"{\"v\":1}\x00\xff".to_vec();
    a.commit(c.clone()).await.unwrap();
    assert_eq!(b.load(&id).await.unwrap().unwrap().meta, c.meta);
}

/// Deadline notes: set, replaced, due in order, removed.
async fn deadlines_are_noted<S: GameStore>(a: S, b: S) {
    let (x, y, z) = (unique_id("dl"), unique_id("dl"), unique_id("dl"));
    // Far in the past, so notes of other tests on a shared Redis sort after.
    a.set_deadline(&x, Some(30)).await.unwrap();
    a.set_deadline(&y, Some(10)).await.unwrap();
    a.set_deadline(&z, Some(5_000_000_000_000)).await.unwrap();
    let due = b.due_games(40, 1000).await.unwrap();
    let ours: Vec<&String> = due.iter().filter(|g| **g == x || **g == y).collect();
    assert_eq!(ours, vec![&y, &x]);
    assert!(!due.contains(&z));
    a.set_deadline(&y, Some(50)).await.unwrap();
    let due = b.due_games(40, 1000).await.unwrap();
    assert!(due.contains(&x) && !due.contains(&y));
    for g in [&x, &y, &z] {
        a.set_deadline(g, None).await.unwrap();
    }
    let due = b.due_games(u64::MAX / 2, 100_000).await.unwrap();
    assert!(!due.contains(&x) && !due.contains(&y) && !due.contains(&z));
}

/// Bot work: each item goes to one consumer; an item never acknowledged is
/// claimed by another once stale; an acknowledged one is gone. Consumers
/// idle long enough that hold nothing are forgotten, one holding an item is
/// kept. (One case: the stream is global, parallel cases would take each
/// other's items.)
async fn bot_work_is_delivered_once_and_reclaimed<S: GameStore>(a: S, b: S) {
    let game = unique_id("bots");
    let work = |version| BotWork {
        game_id: game.clone(),
        version,
        seat: 1,
    };
    let hour = Duration::from_secs(3600);
    let (ra, rb) = (unique_id("replica-a"), unique_id("replica-b"));
    // Only this game's items: a shared Redis may hold others'.
    let ours = |items: Vec<ClaimedWork>| -> Vec<ClaimedWork> {
        items
            .into_iter()
            .filter(|c| c.work.game_id == game)
            .collect()
    };
    a.push_bot_work(&work(1)).await.unwrap();
    a.push_bot_work(&work(2)).await.unwrap();
    let first = ours(a.claim_bot_work(&ra, 1000, hour).await.unwrap());
    assert_eq!(
        first.iter().map(|c| c.work.version).collect::<Vec<_>>(),
        [1, 2]
    );
    // Delivered to a: b gets nothing new.
    assert!(ours(b.claim_bot_work(&rb, 1000, hour).await.unwrap()).is_empty());
    a.ack_bot_work(&first[0].id).await.unwrap();
    // a "dies" with version 2 unacknowledged: b claims it once it is stale.
    tokio::time::sleep(Duration::from_millis(20)).await;
    let again = ours(
        b.claim_bot_work(&rb, 1000, Duration::from_millis(10))
            .await
            .unwrap(),
    );
    assert_eq!(again.len(), 1);
    assert_eq!(
        (again[0].id.as_str(), &again[0].work),
        (first[1].id.as_str(), &work(2))
    );
    // a holds nothing now, b holds version 2.
    tokio::time::sleep(Duration::from_millis(20)).await;
    let gone = b
        .forget_idle_bot_consumers(Duration::from_millis(10))
        .await
        .unwrap();
    assert!(gone.contains(&ra), "{gone:?}");
    assert!(!gone.contains(&rb), "{gone:?}");
    b.ack_bot_work(&again[0].id).await.unwrap();
    assert!(
        !a.forget_idle_bot_consumers(hour)
            .await
            .unwrap()
            .contains(&rb)
    );
    tokio::time::sleep(Duration::from_millis(20)).await;
    let gone = a
        .forget_idle_bot_consumers(Duration::from_millis(10))
        .await
        .unwrap();
    assert!(gone.contains(&rb), "{gone:?}");
    assert!(ours(a.claim_bot_work(&ra, 1000, Duration::ZERO).await.unwrap()).is_empty());
}

/// Declares each case once per store.
macro_rules! conformance {
    ($($case:ident),* $(,)?) => {
        mod memory {
            use super::*;
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $case() {
                    let a = MemoryStore::new();
                    super::$case(a.clone(), a).await;
                }
            )*
        }
        mod redis {
            use super::*;
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $case() {
                    let redis = TestRedis::get().expect("a redis-server for the test");
                    let options = RedisStoreOptions { poll_interval: Duration::from_secs(3600), ..Default::default() };
                    let a = RedisStore::connect_with(redis.url(), options.clone()).await.expect("connect a");
                    let b = RedisStore::connect_with(redis.url(), options).await.expect("connect b");
                    super::$case(a, b).await;
                }
            )*
        }
        mod redis_cluster {
            use super::*;
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $case() {
                    let cluster = TestRedisCluster::get().expect("a redis cluster for the test");
                    let target = RedisTarget::cluster(cluster.urls()).expect("cluster urls");
                    let options = RedisStoreOptions { poll_interval: Duration::from_secs(3600), ..Default::default() };
                    let a = RedisStore::open(&target, options.clone()).await.expect("connect a");
                    let b = RedisStore::open(&target, options).await.expect("connect b");
                    super::$case(a, b).await;
                }
            )*
        }
    };
}

conformance!(
    create_and_load,
    meta_is_kept,
    deadlines_are_noted,
    bot_work_is_delivered_once_and_reclaimed,
    commit_applies,
    conflict_reports_current_version,
    duplicate_request_applies_nothing,
    unknown_game,
    events_after_orders_and_limits,
    wait_for_change_returns,
    wait_for_change_wakes_on_commit,
    wait_for_change_many_games,
    racing_commits_one_wins,
    large_versions_are_exact,
);
