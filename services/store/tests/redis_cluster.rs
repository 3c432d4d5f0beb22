//! The store on a Redis Cluster whose nodes the tests kill (always a private
//! cluster: 6 redis-server processes on loopback, 3 masters and 3 replicas).
//!
//! - A master killed mid-play: every operation on its games is `Unavailable`
//!   (never anything else) until a replica has taken over, then everything
//!   works again by itself, nothing acknowledged is lost, and a watcher parked
//!   across the failover wakes through sharded pub/sub on the new master.
//! - Durability: the replica of a master is cut off (SIGSTOP, and the master
//!   drops its link), moves go on, the master is killed (SIGKILL) and the cut-off
//!   replica takes over. With `local` the moves acknowledged meanwhile are
//!   lost (the test counts them; that is what `local` does not promise); with
//!   `replicated` none was acknowledged, so none is lost, and once the killed
//!   node is back (as a replica of the new master) moves are acknowledged again.

use std::process::Command;
use std::time::Duration;

use signoria_store::testutil::{RedisCluster, guarded, redis_cli, unique_id};
use signoria_store::{
    CommitOutcome, Durability, GameRecord, GameStore, MoveCommit, RedisStore, RedisStoreOptions,
    RedisTarget, StoreError,
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

fn meta_key(id: &str) -> String {
    format!("{{g:{id}}}:meta")
}

async fn open(cluster: &RedisCluster, options: RedisStoreOptions) -> RedisStore {
    let target = RedisTarget::cluster(&cluster.urls()).unwrap();
    RedisStore::open(&target, options).await.unwrap()
}

/// `n` new game ids whose keys live on the master at index `master`.
fn ids_on(cluster: &RedisCluster, master: usize, n: usize, prefix: &str) -> Vec<String> {
    let mut ids = Vec::new();
    while ids.len() < n {
        let id = unique_id(prefix);
        if cluster.master_of(&meta_key(&id)).unwrap() == master {
            ids.push(id);
        }
    }
    ids
}

fn signal(pid: u32, sig: &str) {
    let ok = Command::new("kill")
        .arg(format!("-{sig}"))
        .arg(pid.to_string())
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    assert!(ok, "kill -{sig} {pid}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn master_failover_is_unavailable_then_recovers() {
    let mut cluster = RedisCluster::start().expect("a redis cluster");
    // No poll fallback: the parked watcher must wake through pub/sub.
    let options = RedisStoreOptions {
        poll_interval: Duration::from_secs(3600),
        ..Default::default()
    };
    let a = open(&cluster, options.clone()).await;
    let b = open(&cluster, options).await;
    let id = unique_id("failover");
    a.create(&record(&id)).await.unwrap();
    for v in 0..3 {
        assert_eq!(
            a.commit(commit(&id, v)).await.unwrap(),
            CommitOutcome::Committed { version: v + 1 }
        );
    }
    let master = cluster.master_of(&meta_key(&id)).unwrap();
    let replica = cluster.replica_of(master).unwrap();

    let watcher = {
        let b = b.clone();
        let id = id.clone();
        tokio::spawn(async move { b.wait_for_change(&id, 3, Duration::from_secs(3600)).await })
    };
    // Parked = subscribed on the game's shard.
    guarded("the watcher to subscribe", async {
        let channel = format!("{{g:{id}}}:nudge");
        loop {
            let out = redis_cli(
                cluster.nodes[master].port(),
                &["pubsub", "shardnumsub", &channel],
            )
            .unwrap();
            if out.lines().nth(1).map(str::trim) == Some("1") {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await;
    // Let the replica have every acknowledged write (asynchronous replication).
    tokio::time::sleep(Duration::from_millis(300)).await;

    cluster.nodes[master].kill();
    let mut unavailable = 0;
    let outcome = guarded("the failover", async {
        loop {
            match a.commit(commit(&id, 3)).await {
                Ok(outcome) => break outcome,
                Err(StoreError::Unavailable(_)) => {
                    unavailable += 1;
                    // Reads fail the same way meanwhile (or already work).
                    match a.load(&id).await {
                        Ok(_) | Err(StoreError::Unavailable(_)) => {}
                        Err(e) => panic!("load during the failover: {e:?}"),
                    }
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                Err(e) => panic!("commit during the failover: {e:?}"),
            }
        }
    })
    .await;
    // An attempt may have been applied with its answer lost: then the retry
    // with the same request id is a duplicate.
    match outcome {
        CommitOutcome::Committed { version: 4 } => {}
        CommitOutcome::Duplicate { version: 4, .. } => {}
        other => panic!("the commit after the failover: {other:?}"),
    }
    assert!(unavailable > 0, "the failover was never seen");
    eprintln!("{unavailable} commit attempts were Unavailable during the failover");
    assert_eq!(
        cluster.master_of(&meta_key(&id)).unwrap(),
        replica,
        "the replica took over"
    );

    let loaded = a.load(&id).await.unwrap().unwrap();
    assert_eq!(loaded.version, 4);
    assert_eq!(loaded.state, b"state-4");
    let log = b.events_after(&id, 0, 10).await.unwrap();
    assert_eq!(
        log.iter().map(|e| e.version).collect::<Vec<_>>(),
        vec![1, 2, 3, 4]
    );
    guarded("the watcher parked across the failover", watcher)
        .await
        .unwrap()
        .unwrap();

    // A new waiter on the other store wakes through the new master's shard.
    let waiter = {
        let b = b.clone();
        let id = id.clone();
        tokio::spawn(async move { b.wait_for_change(&id, 4, Duration::from_secs(3600)).await })
    };
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(
        a.commit(commit(&id, 4)).await.unwrap(),
        CommitOutcome::Committed { version: 5 }
    );
    guarded("a watcher after the failover", waiter)
        .await
        .unwrap()
        .unwrap();
}

/// What one run of the durability scenario saw.
#[derive(Debug)]
struct Losses {
    /// Moves acknowledged while the replica was cut off.
    acknowledged_while_cut_off: u64,
    /// Moves refused (Unavailable) while the replica was cut off.
    refused_while_cut_off: u64,
    /// Acknowledged moves missing after the failover.
    lost: u64,
}

/// Cuts the replica of a master off, plays on, kills the master, lets the
/// cut-off replica take over and counts the acknowledged moves it lacks.
async fn kill_master_after_cutting_off_its_replica(durability: Durability) -> Losses {
    let mut cluster = RedisCluster::start().expect("a redis cluster");
    let options = RedisStoreOptions {
        durability,
        replication_timeout: Duration::from_millis(200),
        ..Default::default()
    };
    let store = open(&cluster, options).await;
    let first = unique_id("durability");
    let master = cluster.master_of(&meta_key(&first)).unwrap();
    let replica = cluster.replica_of(master).unwrap();
    let mut games = ids_on(&cluster, master, 3, "durability");
    games[0] = first;
    // Acknowledged version of each game.
    let mut acked = vec![0u64; games.len()];
    for (g, id) in games.iter().enumerate() {
        store.create(&record(id)).await.unwrap();
        for v in 0..3 {
            assert_eq!(
                store.commit(commit(id, v)).await.unwrap(),
                CommitOutcome::Committed { version: v + 1 }
            );
            acked[g] = v + 1;
        }
    }
    tokio::time::sleep(Duration::from_millis(300)).await;

    // Cut the replica off: stop it, and make the master drop its link (so
    // nothing written from now on is even in the replica's socket buffer).
    let replica_pid = cluster.nodes[replica].pid().unwrap();
    signal(replica_pid, "STOP");
    redis_cli(
        cluster.nodes[master].port(),
        &["client", "kill", "type", "replica"],
    )
    .unwrap();
    let (mut ok, mut refused) = (0, 0);
    for _round in 0..4 {
        for (g, id) in games.iter().enumerate() {
            match store.commit(commit(id, acked[g])).await {
                Ok(CommitOutcome::Committed { version }) => {
                    acked[g] = version;
                    ok += 1;
                }
                Err(StoreError::Unavailable(_)) => refused += 1,
                other => panic!("commit while the replica is cut off: {other:?}"),
            }
        }
    }

    cluster.nodes[master].kill();
    signal(replica_pid, "CONT");
    guarded("the failover", async {
        while cluster.master_of(&meta_key(&games[0])).ok() != Some(replica) {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    })
    .await;

    let mut lost = 0;
    for (g, id) in games.iter().enumerate() {
        let stored = guarded("reading after the failover", async {
            loop {
                match store.load(id).await {
                    Ok(r) => break r.expect("the game survived").version,
                    Err(StoreError::Unavailable(_)) => {
                        tokio::time::sleep(Duration::from_millis(100)).await
                    }
                    Err(e) => panic!("load after the failover: {e:?}"),
                }
            }
        })
        .await;
        lost += acked[g].saturating_sub(stored);
    }

    if durability == Durability::Replicated {
        // The new master has no replica: moves are refused until the killed
        // node is back, as its replica; then they are acknowledged again.
        let id = &games[0];
        let at = store.load(id).await.unwrap().unwrap().version;
        match store.commit(commit(id, at)).await {
            Err(StoreError::Unavailable(_)) => {}
            other => panic!("a replicated commit without any replica: {other:?}"),
        }
        cluster.nodes[master].restart().unwrap();
        guarded("a replicated commit once the node is back", async {
            loop {
                let at = store.load(id).await.unwrap().unwrap().version;
                match store.commit(commit(id, at)).await {
                    Ok(CommitOutcome::Committed { .. }) => break,
                    Ok(CommitOutcome::Duplicate { .. }) => {}
                    Err(StoreError::Unavailable(_)) => {
                        tokio::time::sleep(Duration::from_millis(100)).await
                    }
                    other => panic!("commit after the node is back: {other:?}"),
                }
            }
        })
        .await;
    }
    Losses {
        acknowledged_while_cut_off: ok,
        refused_while_cut_off: refused,
        lost,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replicated_durability_loses_no_acknowledged_move() {
    let l = kill_master_after_cutting_off_its_replica(Durability::Replicated).await;
    eprintln!("durability replicated: {l:?}");
    assert_eq!(l.acknowledged_while_cut_off, 0, "{l:?}");
    assert_eq!(l.refused_while_cut_off, 12, "{l:?}");
    assert_eq!(l.lost, 0, "acknowledged moves lost: {l:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn local_durability_loses_what_the_replica_missed() {
    let l = kill_master_after_cutting_off_its_replica(Durability::Local).await;
    eprintln!("durability local: {l:?}");
    assert_eq!(l.acknowledged_while_cut_off, 12, "{l:?}");
    // Every move acknowledged while the replica was cut off is gone: what
    // `local` does not promise, and proof that this test sees losses.
    assert_eq!(l.lost, 12, "{l:?}");
}
