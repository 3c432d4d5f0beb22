//! The admin port (`signoria serve --admin-listen ADDR`): a Prometheus scrape
//! endpoint, apart from the public gRPC port so that operators' figures are
//! not open to players.
//!
//! A small HTTP/1.1 responder (one request per connection, then close):
//! `GET /metrics` answers the replica's counters in the Prometheus text
//! format (version 0.0.4), `GET /healthz` answers `ok`, anything else 404.
//! The figures are those of `GetServerStats` ([`pb::ServerStats`]), named
//! `signoria_*`:
//!
//! | metric | type |
//! |---|---|
//! | `signoria_moves_total`, `signoria_games_created_total`, `signoria_version_conflicts_total`, `signoria_duplicates_total`, `signoria_shed_total` | counter |
//! | `signoria_rejections_total{code,reason}` | counter |
//! | `signoria_submit_move_duration_seconds` | histogram |
//! | `signoria_watchers`, `signoria_uptime_seconds`, `signoria_resident_bytes`, `signoria_peak_resident_bytes` | gauge |
//! | `signoria_cpu_seconds_total` | counter |
//! | `signoria_state_cache_entries`, `signoria_state_cache_bytes`, `signoria_state_cache_limit_bytes` | gauge |
//! | `signoria_state_cache_hits_total`, `signoria_state_cache_misses_total`, `signoria_state_cache_stale_total` | counter |
//! | `signoria_bot_moves_total`, `signoria_bot_work_failed_total`, `signoria_bot_consumers_forgotten_total` | counter |
//! | `signoria_bot_search_duration_seconds` | histogram |

use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

use crate::pb;

/// Where the admin endpoint gets its figures.
pub type StatsSource = Arc<dyn Fn() -> pb::ServerStats + Send + Sync>;

/// Serves the admin endpoint on `listener` until `stopping` turns true.
pub async fn serve_admin(
    listener: TcpListener,
    stats: StatsSource,
    mut stopping: watch::Receiver<bool>,
) {
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let Ok((stream, _)) = accepted else { continue };
                let stats = stats.clone();
                tokio::spawn(async move {
                    let _ = tokio::time::timeout(Duration::from_secs(10), answer(stream, stats)).await;
                });
            }
            _ = stopping.changed() => {
                if *stopping.borrow() {
                    return;
                }
            }
        }
    }
}

async fn answer(mut stream: TcpStream, stats: StatsSource) -> std::io::Result<()> {
    // The request line and headers; a scrape has no body.
    let mut buf = Vec::with_capacity(1024);
    let mut chunk = [0u8; 1024];
    while !buf.windows(4).any(|w| w == b"\r\n\r\n") && buf.len() < 16 * 1024 {
        let n = stream.read(&mut chunk).await?;
        if n == 0 {
            break;
        }
        buf.extend_from_slice(&chunk[..n]);
    }
    let line = String::from_utf8_lossy(&buf);
    let mut parts = line.split_whitespace();
    let (method, path) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    let path = path.split('?').next().unwrap_or("");
    let (status, content_type, body) = match (method, path) {
        ("GET", "/metrics") => (
            "200 OK",
            "text/plain; version=0.0.4; charset=utf-8",
            prometheus_text(&stats()),
        ),
        ("GET", "/healthz") => ("200 OK", "text/plain", "ok\n".to_string()),
        ("GET", _) => ("404 Not Found", "text/plain", "not found\n".to_string()),
        _ => (
            "405 Method Not Allowed",
            "text/plain",
            "GET only\n".to_string(),
        ),
    };
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await?;
    stream.write_all(body.as_bytes()).await?;
    stream.shutdown().await
}

fn metric(out: &mut String, name: &str, kind: &str, help: &str, value: impl std::fmt::Display) {
    let _ = writeln!(
        out,
        "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {value}"
    );
}

/// Escapes a label value.
fn label(v: &str) -> String {
    v.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

/// The Prometheus text exposition of a replica's figures.
pub fn prometheus_text(s: &pb::ServerStats) -> String {
    let mut out = String::new();
    metric(
        &mut out,
        "signoria_moves_total",
        "counter",
        "Moves committed by this replica.",
        s.moves,
    );
    metric(
        &mut out,
        "signoria_games_created_total",
        "counter",
        "Games created by this replica.",
        s.games_created,
    );
    metric(
        &mut out,
        "signoria_version_conflicts_total",
        "counter",
        "SubmitMove calls refused because the version moved on.",
        s.version_conflicts,
    );
    metric(
        &mut out,
        "signoria_duplicates_total",
        "counter",
        "Repeated request ids answered from the first result.",
        s.duplicates,
    );
    metric(
        &mut out,
        "signoria_shed_total",
        "counter",
        "Requests refused for overload.",
        s.shed,
    );
    let _ = writeln!(
        out,
        "# HELP signoria_rejections_total Rejected SubmitMove calls by status code and reason.\n# TYPE signoria_rejections_total counter"
    );
    for (key, n) in &s.rejections {
        let (code, reason) = key.split_once('/').unwrap_or((key, ""));
        let _ = writeln!(
            out,
            "signoria_rejections_total{{code=\"{}\",reason=\"{}\"}} {n}",
            label(code),
            label(reason)
        );
    }
    if let Some(h) = &s.submit_move_latency {
        histogram(
            &mut out,
            "signoria_submit_move_duration_seconds",
            "SubmitMove latency, every call.",
            h,
        );
    }
    metric(
        &mut out,
        "signoria_watchers",
        "gauge",
        "Open WatchGame streams.",
        s.watchers,
    );
    metric(
        &mut out,
        "signoria_uptime_seconds",
        "gauge",
        "Seconds since this replica started.",
        s.uptime_seconds,
    );
    metric(
        &mut out,
        "signoria_resident_bytes",
        "gauge",
        "Resident memory now.",
        s.resident_bytes,
    );
    metric(
        &mut out,
        "signoria_peak_resident_bytes",
        "gauge",
        "Peak resident memory.",
        s.peak_resident_bytes,
    );
    metric(
        &mut out,
        "signoria_cpu_seconds_total",
        "counter",
        "CPU time used (user + system).",
        s.cpu_micros as f64 / 1e6,
    );
    metric(
        &mut out,
        "signoria_state_cache_entries",
        "gauge",
        "Decoded states cached.",
        s.state_cache_entries,
    );
    metric(
        &mut out,
        "signoria_state_cache_bytes",
        "gauge",
        "Estimated memory of the cached states.",
        s.state_cache_bytes,
    );
    metric(
        &mut out,
        "signoria_state_cache_limit_bytes",
        "gauge",
        "Bound of the state cache's estimate.",
        s.state_cache_limit_bytes,
    );
    metric(
        &mut out,
        "signoria_state_cache_hits_total",
        "counter",
        "Moves applied on a cached state.",
        s.state_cache_hits,
    );
    metric(
        &mut out,
        "signoria_state_cache_misses_total",
        "counter",
        "Moves that read the game from the store.",
        s.state_cache_misses,
    );
    metric(
        &mut out,
        "signoria_bot_moves_total",
        "counter",
        "Moves the search bot committed for bot seats.",
        s.bot_moves,
    );
    if let Some(h) = &s.bot_search_latency {
        histogram(
            &mut out,
            "signoria_bot_search_duration_seconds",
            "Time of one search of the bot (one decision).",
            h,
        );
    }
    metric(
        &mut out,
        "signoria_bot_work_failed_total",
        "counter",
        "Bot work items dropped after a failure.",
        s.bot_work_failed,
    );
    metric(
        &mut out,
        "signoria_bot_consumers_forgotten_total",
        "counter",
        "Bot consumers of stopped replicas forgotten.",
        s.bot_consumers_forgotten,
    );
    metric(
        &mut out,
        "signoria_state_cache_stale_total",
        "counter",
        "Cached states found stale by the commit.",
        s.state_cache_stale,
    );
    out
}

/// A histogram of seconds from one in microseconds.
fn histogram(out: &mut String, name: &str, help: &str, h: &pb::LatencyHistogram) {
    let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} histogram");
    let mut cumulative = 0;
    for (i, count) in h.counts.iter().enumerate() {
        cumulative += count;
        let le = match h.bounds_micros.get(i) {
            Some(b) => format!("{}", *b as f64 / 1e6),
            None => "+Inf".to_string(),
        };
        let _ = writeln!(out, "{name}_bucket{{le=\"{le}\"}} {cumulative}");
    }
    let _ = writeln!(
        out,
        "{name}_sum {}\n{name}_count {}",
        h.sum_micros as f64 / 1e6,
        h.count
    );
}

/// The figures of a Prometheus text as `name{labels}` -> value (for the load
/// generator and tests; comments skipped).
pub fn parse_prometheus_text(text: &str) -> std::collections::BTreeMap<String, f64> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let (name, value) = l.rsplit_once(' ')?;
            Some((name.to_string(), value.parse().ok()?))
        })
        .collect()
}

/// `GET http://addr/path` over a plain TCP connection: the status code and
/// body (for the load generator and tests).
pub async fn http_get(addr: &str, path: &str) -> std::io::Result<(u16, String)> {
    let host = addr
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    let mut stream = TcpStream::connect(&host).await?;
    stream
        .write_all(
            format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").as_bytes(),
        )
        .await?;
    let mut resp = Vec::new();
    stream.read_to_end(&mut resp).await?;
    let text = String::from_utf8_lossy(&resp).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let code = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    Ok((code, body.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_parses_back() {
        let mut s = pb::ServerStats {
            moves: 7,
            cpu_micros: 1_500_000,
            submit_move_latency: Some(pb::LatencyHistogram {
                count: 3,
                sum_micros: 600,
                bounds_micros: vec![100, 500],
                counts: vec![1, 1, 1],
            }),
            bot_moves: 4,
            bot_search_latency: Some(pb::LatencyHistogram {
                count: 2,
                sum_micros: 2_000_000,
                bounds_micros: vec![100, 500],
                counts: vec![0, 0, 2],
            }),
            ..Default::default()
        };
        s.rejections.insert("ABORTED/version_conflict".into(), 2);
        let parsed = parse_prometheus_text(&prometheus_text(&s));
        assert_eq!(parsed["signoria_moves_total"], 7.0);
        assert_eq!(parsed["signoria_cpu_seconds_total"], 1.5);
        assert_eq!(
            parsed["signoria_rejections_total{code=\"ABORTED\",reason=\"version_conflict\"}"],
            2.0
        );
        assert_eq!(
            parsed["signoria_submit_move_duration_seconds_bucket{le=\"+Inf\"}"],
            3.0
        );
        assert_eq!(
            parsed["signoria_submit_move_duration_seconds_bucket{le=\"0.0001\"}"],
            1.0
        );
        assert_eq!(parsed["signoria_bot_moves_total"], 4.0);
        assert_eq!(parsed["signoria_bot_search_duration_seconds_sum"], 2.0);
        assert_eq!(
            parsed["signoria_bot_search_duration_seconds_bucket{le=\"0.0005\"}"],
            0.0
        );
    }
}
