//! `signoria load` end to end: a real `signoria serve` (in-memory store, and
//! on Redis) loaded for a few seconds by a separate `signoria load` process;
//! the Redis-only run and the combined run; non-loopback targets refused.
//!
//! Servers and Redis come from the end-to-end harness (`tests/e2e`): Redis is
//! `$REDIS_URL` if set (as `scripts/test.sh` does), else a private
//! redis-server. These tests check what the generator reports, never how
//! fast anything is.

use std::process::{Command, Output};

use serde_json::Value;
use signoria_e2e::{ServerProcess, Storage, TestRedis};

const BIN: &str = env!("CARGO_BIN_EXE_signoria");

async fn load(args: &[&str]) -> Output {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    tokio::task::spawn_blocking(move || {
        Command::new(BIN)
            .arg("load")
            .args(&args)
            .output()
            .expect("signoria load runs")
    })
    .await
    .unwrap()
}

/// The `load-result:` line, and the whole stdout for messages.
fn result(out: &Output) -> (Value, String) {
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("load-result: "))
        .collect();
    assert_eq!(
        lines.len(),
        1,
        "one load-result line expected:\n{stdout}\n{stderr}"
    );
    let v: Value = serde_json::from_str(lines[0]).expect("load-result is JSON");
    (v, stdout)
}

/// A run's figures are there and sane: operations made, latency percentiles
/// ordered, consistency checked and OK.
fn check_run(run: &Value, unit: &str, stdout: &str) {
    let ops = run[unit]
        .as_u64()
        .unwrap_or_else(|| panic!("{unit}: {run}"));
    assert!(ops > 0, "no {unit} made:\n{stdout}");
    assert!(run[format!("{unit}_per_s")].as_f64().unwrap() > 0.0);
    assert!(run["seconds"].as_f64().unwrap() > 0.0);
    let l = &run["latency"];
    let p = |k: &str| l[k].as_f64().unwrap_or_else(|| panic!("latency.{k}: {l}"));
    assert!(p("p50_ms") <= p("p95_ms") && p("p95_ms") <= p("p99_ms") && p("p99_ms") <= p("max_ms"));
    assert_eq!(l["count"].as_u64().unwrap(), ops, "one latency per {unit}");
    let c = &run["consistency"];
    assert_eq!(c["ok"], true, "{stdout}");
    assert!(c["mismatches"].as_array().unwrap().is_empty());
    assert!(c["checked"].as_u64().unwrap() >= 1);
    assert!(run["games_started"].as_u64().unwrap() >= c["checked"].as_u64().unwrap());
    assert!(run["rejections"].is_object());
}

async fn service_load(storage: Storage) {
    let server = ServerProcess::start(storage).await.expect("server starts");
    let target = server.addr();
    let out = load(&[
        "--target",
        &target,
        "--duration",
        "3",
        "--games",
        "4",
        "--players",
        "2",
        "--seed",
        "7",
    ])
    .await;
    let (v, stdout) = result(&out);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(v["ok"], true);
    assert_eq!(v["game"], "lorenzo-il-magnifico");
    assert_eq!(v["players"], 2);
    assert!(v["redis_only"].is_null() && v["ratio"].is_null());
    check_run(&v["service"], "moves", &stdout);
    assert!(
        v["service"]["latency_ListLegalMoves"]["count"]
            .as_u64()
            .unwrap()
            > 0
    );
    // The human-readable part says the same.
    assert!(stdout.contains("moves/s"), "{stdout}");
    assert!(stdout.contains("SubmitMove latency  p50 "), "{stdout}");
    assert!(stdout.contains("consistency: OK"), "{stdout}");
}

#[tokio::test(flavor = "multi_thread")]
async fn load_on_the_memory_store() {
    service_load(Storage::Memory).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn load_on_redis() {
    let redis = TestRedis::get().expect("a test redis");
    service_load(Storage::Redis(redis.url().to_owned())).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_move_budget_stops_the_run() {
    let server = ServerProcess::start(Storage::Memory).await.unwrap();
    let out = load(&[
        "--target",
        &server.addr(),
        "--duration",
        "60",
        "--moves",
        "25",
        "--games",
        "3",
    ])
    .await;
    let (v, stdout) = result(&out);
    assert!(out.status.success(), "{stdout}");
    assert_eq!(v["service"]["moves"], 25, "{stdout}");
    assert_eq!(
        v["players"], 4,
        "the default is the most players the game allows"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn redis_only_runs_the_store_script() {
    let redis = TestRedis::get().expect("a test redis");
    let out = load(&[
        "--redis-only",
        "--redis",
        redis.url(),
        "--duration",
        "2",
        "--games",
        "3",
        "--players",
        "3",
    ])
    .await;
    let (v, stdout) = result(&out);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(v["service"].is_null());
    let r = &v["redis_only"];
    check_run(r, "commits", &stdout);
    assert!(r["state_bytes_avg"].as_f64().unwrap() > 100.0, "{r}");
    assert!(stdout.contains("commits/s"), "{stdout}");
}

#[tokio::test(flavor = "multi_thread")]
async fn both_runs_and_their_ratio() {
    let redis = TestRedis::get().expect("a test redis");
    let server = ServerProcess::start(Storage::Redis(redis.url().to_owned()))
        .await
        .unwrap();
    let out = load(&[
        "--target",
        &format!(
            "http://localhost:{}",
            server.addr().rsplit_once(':').unwrap().1
        ),
        "--redis",
        redis.url(),
        "--duration",
        "2",
        "--games",
        "2",
        "--players",
        "2",
    ])
    .await;
    let (v, stdout) = result(&out);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    check_run(&v["service"], "moves", &stdout);
    check_run(&v["redis_only"], "commits", &stdout);
    let ratio = v["ratio"].as_f64().unwrap();
    let expected = v["service"]["moves_per_s"].as_f64().unwrap()
        / v["redis_only"]["commits_per_s"].as_f64().unwrap();
    assert!((ratio - expected).abs() < 1e-9 * expected.max(1.0), "{v}");
    assert!(stdout.contains("ratio: "), "{stdout}");
    // The commits carry states of the size the service stored for the same game.
    let r = &v["redis_only"];
    let (ours, service) = (
        r["state_bytes_avg"].as_f64().unwrap(),
        r["service_state_bytes_avg"].as_f64().unwrap(),
    );
    assert!(ours > service / 2.0 && ours < service * 2.0, "{r}");
}

#[tokio::test]
async fn non_loopback_targets_are_refused() {
    for args in [
        &["--target", "10.1.2.3:50051", "--duration", "1"][..],
        &["--target", "http://192.0.2.7:443", "--duration", "1"],
        &["--target", "example.com:50051", "--duration", "1"],
        &[
            "--redis-only",
            "--redis",
            "redis://192.0.2.7:6379",
            "--duration",
            "1",
        ],
    ] {
        let out = load(args).await;
        assert!(!out.status.success(), "{args:?} was accepted");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("refusing to load") && stderr.contains("loopback"),
            "{args:?}: {stderr}"
        );
        assert!(
            !String::from_utf8_lossy(&out.stdout).contains("load-result"),
            "{args:?} ran"
        );
    }
}

/// The replica's CPU and memory figures come from the admin endpoint's
/// Prometheus text when `--admin` names it.
#[tokio::test(flavor = "multi_thread")]
async fn replica_figures_from_the_admin_endpoint() {
    let admin = format!("127.0.0.1:{}", signoria_e2e::free_port());
    let server = ServerProcess::start_with(Storage::Memory, &["--admin-listen", &admin])
        .await
        .expect("server starts");
    let target = server.addr();
    let out = load(&[
        "--target",
        &target,
        "--admin",
        &admin,
        "--duration",
        "1",
        "--games",
        "2",
        "--players",
        "2",
        "--seed",
        "3",
    ])
    .await;
    let (v, stdout) = result(&out);
    assert!(out.status.success(), "{stdout}");
    assert!(!v["replica"].is_null(), "{stdout}");
    assert!(v["server_resident_bytes"].as_u64().unwrap() > 0, "{stdout}");
    assert!(!stdout.contains("could not be read"), "{stdout}");
}
