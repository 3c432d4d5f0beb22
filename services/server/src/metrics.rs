//! Counters and the SubmitMove latency histogram of one replica.
//!
//! Everything is counted twice: in process (atomics, readable through the
//! `GetServerStats` RPC and logged on shutdown) and through OpenTelemetry
//! instruments (exported over OTLP when an endpoint is configured; no-ops
//! otherwise). Metric names:
//!
//! | OpenTelemetry name | kind | attributes |
//! |---|---|---|
//! | `signoria.moves` | counter | `game_type` |
//! | `signoria.rejections` | counter | `code`, `reason` |
//! | `signoria.version_conflicts` | counter | |
//! | `signoria.duplicates` | counter | |
//! | `signoria.games_created` | counter | `game_type` |
//! | `signoria.submit_move.duration` | histogram (seconds) | `code` |
//! | `signoria.bot_moves` | counter | `game_type`, `strength` |
//! | `signoria.bot_search.duration` | histogram (seconds) | `game_type` |
//! | `signoria.bot_work_failed` | counter | |

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

use opentelemetry::KeyValue;
use opentelemetry::metrics::{Counter, Histogram};

use crate::errors::{ApiError, code_name};
use crate::pb;

/// Upper bounds of the latency buckets, in microseconds (SubmitMove and the
/// bot's searches).
pub const LATENCY_BOUNDS_MICROS: [u64; 14] = [
    100, 250, 500, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000, 100_000, 250_000, 500_000,
    1_000_000, 5_000_000,
];

struct Otel {
    moves: Counter<u64>,
    rejections: Counter<u64>,
    conflicts: Counter<u64>,
    duplicates: Counter<u64>,
    games_created: Counter<u64>,
    submit_latency: Histogram<f64>,
    bot_moves: Counter<u64>,
    bot_search: Histogram<f64>,
    bot_work_failed: Counter<u64>,
}

/// A latency histogram over [`LATENCY_BOUNDS_MICROS`], in process.
struct Latency {
    count: AtomicU64,
    sum_micros: AtomicU64,
    buckets: [AtomicU64; LATENCY_BOUNDS_MICROS.len() + 1],
}

impl Latency {
    fn new() -> Self {
        Latency {
            count: AtomicU64::new(0),
            sum_micros: AtomicU64::new(0),
            buckets: std::array::from_fn(|_| AtomicU64::new(0)),
        }
    }

    fn record(&self, elapsed: Duration) {
        let micros = u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX);
        let bucket = LATENCY_BOUNDS_MICROS
            .iter()
            .position(|&b| micros <= b)
            .unwrap_or(LATENCY_BOUNDS_MICROS.len());
        self.buckets[bucket].fetch_add(1, Relaxed);
        self.count.fetch_add(1, Relaxed);
        self.sum_micros.fetch_add(micros, Relaxed);
    }

    fn snapshot(&self) -> pb::LatencyHistogram {
        pb::LatencyHistogram {
            count: self.count.load(Relaxed),
            sum_micros: self.sum_micros.load(Relaxed),
            bounds_micros: LATENCY_BOUNDS_MICROS.to_vec(),
            counts: self.buckets.iter().map(|c| c.load(Relaxed)).collect(),
        }
    }
}

pub struct Metrics {
    started: Instant,
    moves: AtomicU64,
    conflicts: AtomicU64,
    duplicates: AtomicU64,
    games_created: AtomicU64,
    shed: AtomicU64,
    watchers: AtomicU64,
    rejections: Mutex<BTreeMap<String, u64>>,
    submit_latency: Latency,
    bot_moves: AtomicU64,
    bot_search: Latency,
    bot_work_failed: AtomicU64,
    bot_consumers_forgotten: AtomicU64,
    otel: Otel,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Metrics")
            .field("moves", &self.moves)
            .finish_non_exhaustive()
    }
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}

impl Metrics {
    /// Instruments come from the global meter provider: create the metrics
    /// after telemetry is initialised.
    pub fn new() -> Self {
        let meter = opentelemetry::global::meter("signoria");
        Metrics {
            started: Instant::now(),
            moves: AtomicU64::new(0),
            conflicts: AtomicU64::new(0),
            duplicates: AtomicU64::new(0),
            games_created: AtomicU64::new(0),
            shed: AtomicU64::new(0),
            watchers: AtomicU64::new(0),
            rejections: Mutex::new(BTreeMap::new()),
            submit_latency: Latency::new(),
            bot_moves: AtomicU64::new(0),
            bot_search: Latency::new(),
            bot_work_failed: AtomicU64::new(0),
            bot_consumers_forgotten: AtomicU64::new(0),
            otel: Otel {
                moves: meter
                    .u64_counter("signoria.moves")
                    .with_description("Moves committed")
                    .build(),
                rejections: meter
                    .u64_counter("signoria.rejections")
                    .with_description("Refused SubmitMove calls by status code and reason")
                    .build(),
                conflicts: meter
                    .u64_counter("signoria.version_conflicts")
                    .with_description("SubmitMove calls with a stale expected_version")
                    .build(),
                duplicates: meter
                    .u64_counter("signoria.duplicates")
                    .with_description("Repeated request ids answered from the first result")
                    .build(),
                games_created: meter
                    .u64_counter("signoria.games_created")
                    .with_description("Games created")
                    .build(),
                submit_latency: meter
                    .f64_histogram("signoria.submit_move.duration")
                    .with_unit("s")
                    .with_description("SubmitMove latency")
                    .build(),
                bot_moves: meter
                    .u64_counter("signoria.bot_moves")
                    .with_description("Moves the search bot committed for bot seats")
                    .build(),
                bot_search: meter
                    .f64_histogram("signoria.bot_search.duration")
                    .with_unit("s")
                    .with_description("Time of one search of the bot (one decision)")
                    .build(),
                bot_work_failed: meter
                    .u64_counter("signoria.bot_work_failed")
                    .with_description("Bot work items dropped after a failure")
                    .build(),
            },
        }
    }

    pub fn move_committed(&self, game_type: &str) {
        self.moves.fetch_add(1, Relaxed);
        self.otel
            .moves
            .add(1, &[KeyValue::new("game_type", game_type.to_string())]);
    }

    pub fn game_created(&self, game_type: &str) {
        self.games_created.fetch_add(1, Relaxed);
        self.otel
            .games_created
            .add(1, &[KeyValue::new("game_type", game_type.to_string())]);
    }

    pub fn duplicate(&self) {
        self.duplicates.fetch_add(1, Relaxed);
        self.otel.duplicates.add(1, &[]);
    }

    /// A refused SubmitMove (conflicts and overload included).
    pub fn rejected(&self, e: &ApiError) {
        if e.reason == "version_conflict" {
            self.conflicts.fetch_add(1, Relaxed);
            self.otel.conflicts.add(1, &[]);
        }
        *self
            .rejections
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .entry(e.label())
            .or_insert(0) += 1;
        self.otel.rejections.add(
            1,
            &[
                KeyValue::new("code", code_name(e.code)),
                KeyValue::new("reason", e.reason),
            ],
        );
    }

    /// A request of any kind refused for overload.
    pub fn shed(&self) {
        self.shed.fetch_add(1, Relaxed);
    }

    pub fn submit_latency(&self, elapsed: Duration, code: tonic::Code) {
        self.submit_latency.record(elapsed);
        self.otel.submit_latency.record(
            elapsed.as_secs_f64(),
            &[KeyValue::new("code", code_name(code))],
        );
    }

    /// One search of the bot (whether or not its move was then committed).
    pub fn bot_searched(&self, game_type: &str, elapsed: Duration) {
        self.bot_search.record(elapsed);
        self.otel.bot_search.record(
            elapsed.as_secs_f64(),
            &[KeyValue::new("game_type", game_type.to_string())],
        );
    }

    /// A move the bot committed for a bot seat.
    pub fn bot_moved(&self, game_type: &str, strength: &str) {
        self.bot_moves.fetch_add(1, Relaxed);
        self.otel.bot_moves.add(
            1,
            &[
                KeyValue::new("game_type", game_type.to_string()),
                KeyValue::new("strength", strength.to_string()),
            ],
        );
    }

    /// A bot work item dropped after a failure a retry would not mend.
    pub fn bot_work_failed(&self) {
        self.bot_work_failed.fetch_add(1, Relaxed);
        self.otel.bot_work_failed.add(1, &[]);
    }

    /// Bot consumers of stopped replicas forgotten by this replica's sweep.
    pub fn bot_consumers_forgotten(&self, n: usize) {
        self.bot_consumers_forgotten.fetch_add(n as u64, Relaxed);
    }

    pub fn watcher_started(&self) {
        self.watchers.fetch_add(1, Relaxed);
    }

    pub fn watcher_ended(&self) {
        self.watchers.fetch_sub(1, Relaxed);
    }

    pub fn snapshot(&self) -> pb::ServerStats {
        pb::ServerStats {
            moves: self.moves.load(Relaxed),
            rejections: self
                .rejections
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .iter()
                .map(|(k, v)| (k.clone(), *v))
                .collect(),
            version_conflicts: self.conflicts.load(Relaxed),
            duplicates: self.duplicates.load(Relaxed),
            games_created: self.games_created.load(Relaxed),
            submit_move_latency: Some(self.submit_latency.snapshot()),
            bot_moves: self.bot_moves.load(Relaxed),
            bot_search_latency: Some(self.bot_search.snapshot()),
            bot_work_failed: self.bot_work_failed.load(Relaxed),
            bot_consumers_forgotten: self.bot_consumers_forgotten.load(Relaxed),
            watchers: self.watchers.load(Relaxed),
            shed: self.shed.load(Relaxed),
            uptime_seconds: self.started.elapsed().as_secs(),
            resident_bytes: resident_memory("VmRSS:"),
            peak_resident_bytes: resident_memory("VmHWM:"),
            cpu_micros: cpu_micros(),
            ..Default::default()
        }
    }
}

/// A memory line of `/proc/self/status` (`VmRSS:`, `VmHWM:`; given in kB) in
/// bytes; 0 where there is no such file (not Linux) or line.
fn resident_memory(key: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status.lines().find_map(|line| {
                let kb = line.strip_prefix(key)?.trim().strip_suffix("kB")?;
                kb.trim().parse::<u64>().ok()
            })
        })
        .map_or(0, |kb| kb * 1024)
}

/// CPU time (user + system) this process has used, in microseconds, from
/// fields 14 and 15 of `/proc/self/stat` (in clock ticks of 1/100 s, the
/// kernel's fixed USER_HZ); 0 where there is no such file (not Linux).
pub fn cpu_micros() -> u64 {
    std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|stat| parse_cpu_ticks(&stat))
        .map_or(0, |ticks| ticks * 10_000)
}

/// utime + stime of a `/proc/<pid>/stat` line. The command name (field 2)
/// may hold spaces and parentheses, so fields are counted after its last `)`.
fn parse_cpu_ticks(stat: &str) -> Option<u64> {
    let rest = &stat[stat.rfind(')')? + 1..];
    // After the name: field 3 (state) is the first; utime is field 14.
    let mut fields = rest.split_whitespace().skip(11);
    let utime: u64 = fields.next()?.parse().ok()?;
    let stime: u64 = fields.next()?.parse().ok()?;
    Some(utime + stime)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tonic::Code;

    #[test]
    #[cfg(target_os = "linux")]
    fn reports_this_process_resident_memory() {
        let s = Metrics::new().snapshot();
        // A running test binary holds at least a megabyte, and the peak is
        // never below the current figure.
        assert!(s.resident_bytes > 1 << 20, "{}", s.resident_bytes);
        assert!(s.peak_resident_bytes >= s.resident_bytes);
    }

    #[test]
    fn cpu_ticks_are_fields_14_and_15() {
        let line = "4242 (sig (no) ria) S 1 2 3 4 5 6 7 8 9 10 250 31 0 0 20 0 9 0 77 1000 5";
        assert_eq!(parse_cpu_ticks(line), Some(281));
        assert_eq!(parse_cpu_ticks("4242 (x) S 1 2"), None);
        assert_eq!(parse_cpu_ticks("garbage"), None);
    }

    #[test]
    fn counts_rejections_by_code_and_reason() {
        let m = Metrics::new();
        m.move_committed("g");
        m.rejected(&ApiError::conflict(1, 2));
        m.rejected(&ApiError::conflict(1, 3));
        m.rejected(&ApiError::spectator_move());
        let s = m.snapshot();
        assert_eq!(s.moves, 1);
        assert_eq!(s.version_conflicts, 2);
        assert_eq!(s.rejections.get("ABORTED/version_conflict"), Some(&2));
        assert_eq!(s.rejections.get("PERMISSION_DENIED/spectator"), Some(&1));
    }

    #[test]
    fn latency_lands_in_its_bucket() {
        let m = Metrics::new();
        m.submit_latency(Duration::from_micros(90), Code::Ok);
        m.submit_latency(Duration::from_micros(100), Code::Ok);
        m.submit_latency(Duration::from_micros(101), Code::Ok);
        m.submit_latency(Duration::from_secs(60), Code::Ok);
        let h = m.snapshot().submit_move_latency.unwrap();
        assert_eq!(h.count, 4);
        assert_eq!(h.counts[0], 2);
        assert_eq!(h.counts[1], 1);
        assert_eq!(*h.counts.last().unwrap(), 1);
        assert_eq!(h.counts.len(), h.bounds_micros.len() + 1);
    }
}
