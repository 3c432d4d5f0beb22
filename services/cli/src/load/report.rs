//! What a load run measured, printed for people and as one JSON line.

use std::collections::BTreeMap;

use serde_json::{Value, json};

/// Latency percentiles of one operation (nearest rank over every sample).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Latency {
    pub count: usize,
    pub p50_us: u64,
    pub p95_us: u64,
    pub p99_us: u64,
    pub max_us: u64,
}

impl Latency {
    /// `None` without samples.
    pub fn of(mut micros: Vec<u64>) -> Option<Latency> {
        if micros.is_empty() {
            return None;
        }
        micros.sort_unstable();
        let rank = |p: f64| {
            let n = micros.len();
            let i = ((p / 100.0) * n as f64).ceil() as usize;
            micros[i.clamp(1, n) - 1]
        };
        Some(Latency {
            count: micros.len(),
            p50_us: rank(50.0),
            p95_us: rank(95.0),
            p99_us: rank(99.0),
            max_us: *micros.last().expect("not empty"),
        })
    }

    fn line(&self) -> String {
        format!(
            "p50 {}  p95 {}  p99 {}  max {}  ({} calls)",
            ms(self.p50_us),
            ms(self.p95_us),
            ms(self.p99_us),
            ms(self.max_us),
            self.count
        )
    }

    fn json(&self) -> Value {
        let f = |us: u64| us as f64 / 1000.0;
        json!({
            "count": self.count,
            "p50_ms": f(self.p50_us),
            "p95_ms": f(self.p95_us),
            "p99_ms": f(self.p99_us),
            "max_ms": f(self.max_us),
        })
    }
}

fn ms(us: u64) -> String {
    format!("{:.2} ms", us as f64 / 1000.0)
}

/// A game whose stored version is not what its acknowledged moves say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    pub game_id: String,
    /// `None` if the game could not be read.
    pub stored: Option<u64>,
    pub acknowledged: u64,
    /// Moves whose outcome the generator could not learn (every attempt
    /// failed without an answer): the stored version may exceed the
    /// acknowledged moves by at most this many.
    pub unknown: u64,
    pub error: Option<String>,
}

/// The final check over every game a run touched.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Consistency {
    pub checked: usize,
    /// Games with moves of unknown outcome whose stored version is within
    /// bounds.
    pub unresolved: usize,
    pub mismatches: Vec<Mismatch>,
}

impl Consistency {
    pub fn ok(&self) -> bool {
        self.mismatches.is_empty()
    }

    /// Adds one game: a version counts moves since creation (0 right after
    /// `CreateGame`), so the stored version must equal the acknowledged moves;
    /// with `unknown` unanswered moves it may exceed them by that many.
    pub fn record(&mut self, game_id: &str, stored: Result<u64, String>, acked: u64, unknown: u64) {
        self.checked += 1;
        match stored {
            Ok(v) if v == acked => {}
            Ok(v) if unknown > 0 && v > acked && v - acked <= unknown => self.unresolved += 1,
            Ok(v) => self.mismatches.push(Mismatch {
                game_id: game_id.to_owned(),
                stored: Some(v),
                acknowledged: acked,
                unknown,
                error: None,
            }),
            Err(e) => self.mismatches.push(Mismatch {
                game_id: game_id.to_owned(),
                stored: None,
                acknowledged: acked,
                unknown,
                error: Some(e),
            }),
        }
    }

    fn json(&self) -> Value {
        json!({
            "ok": self.ok(),
            "checked": self.checked,
            "unresolved": self.unresolved,
            "mismatches": self.mismatches.iter().map(|m| json!({
                "game_id": m.game_id,
                "stored": m.stored,
                "acknowledged": m.acknowledged,
                "unknown": m.unknown,
                "error": m.error,
            })).collect::<Vec<_>>(),
        })
    }
}

/// Sizes of the stored data one run wrote per commit.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Sizes {
    pub state_avg: f64,
    pub state_max: usize,
    pub events_avg: f64,
    /// The stored states of games the service run played, for comparison:
    /// average bytes and how many were sampled.
    pub service_state: Option<(f64, usize)>,
}

/// One run: the service through gRPC, or the commit script straight on Redis.
#[derive(Debug, Clone)]
pub struct RunReport {
    /// What one operation is: `moves` or `commits`.
    pub unit: &'static str,
    pub ops: u64,
    pub seconds: f64,
    /// Of the acknowledged operation (`SubmitMove` or the commit script).
    pub latency: Option<Latency>,
    /// Other calls per operation worth showing (`ListLegalMoves`).
    pub other_latency: Vec<(&'static str, Option<Latency>)>,
    /// `"<RPC> <CODE>"` -> count.
    pub rejections: BTreeMap<String, u64>,
    pub games_started: usize,
    pub games_finished: usize,
    pub sizes: Option<Sizes>,
    pub consistency: Consistency,
    /// A few of the games this run played (for sampling their stored sizes).
    pub sample_games: Vec<String>,
}

impl RunReport {
    pub fn rate(&self) -> f64 {
        if self.seconds > 0.0 {
            self.ops as f64 / self.seconds
        } else {
            0.0
        }
    }

    pub fn print(&self, title: &str, op: &str) {
        println!(
            "{title}: {} {} in {:.2} s = {:.0} {}/s; {} games started, {} finished",
            self.ops,
            self.unit,
            self.seconds,
            self.rate(),
            self.unit,
            self.games_started,
            self.games_finished
        );
        match &self.latency {
            Some(l) => println!("  {op} latency  {}", l.line()),
            None => println!("  {op} latency  (no acknowledged calls)"),
        }
        for (name, l) in &self.other_latency {
            if let Some(l) = l {
                println!("  {name} latency  {}", l.line());
            }
        }
        if let Some(s) = &self.sizes {
            println!(
                "  stored per commit: state {:.0} bytes on average (max {}), events {:.0} bytes",
                s.state_avg, s.state_max, s.events_avg
            );
            if let Some((avg, n)) = s.service_state {
                println!(
                    "  stored state of the service run's games at its end: {avg:.0} bytes on average ({n} sampled)"
                );
            }
        }
        if self.rejections.is_empty() {
            println!("  rejections: none");
        } else {
            let list: Vec<String> = self
                .rejections
                .iter()
                .map(|(k, n)| format!("{k} {n}"))
                .collect();
            println!("  rejections: {}", list.join(", "));
        }
        let c = &self.consistency;
        if c.ok() {
            let unresolved = if c.unresolved > 0 {
                format!(
                    "; {} with a move of unknown outcome, within bounds",
                    c.unresolved
                )
            } else {
                String::new()
            };
            println!(
                "  consistency: OK ({} games: stored version = acknowledged {}{unresolved})",
                c.checked, self.unit
            );
        } else {
            println!(
                "  consistency: FAILED in {} of {} games",
                c.mismatches.len(),
                c.checked
            );
            for m in &c.mismatches {
                match (&m.stored, &m.error) {
                    (Some(v), _) => println!(
                        "    game {}: stored version {v}, acknowledged {} (+{} unknown)",
                        m.game_id, m.acknowledged, m.unknown
                    ),
                    (None, e) => println!(
                        "    game {}: cannot read it ({}), acknowledged {}",
                        m.game_id,
                        e.as_deref().unwrap_or("?"),
                        m.acknowledged
                    ),
                }
            }
        }
    }

    pub fn json(&self) -> Value {
        let mut v = json!({
            self.unit: self.ops,
            "seconds": self.seconds,
            format!("{}_per_s", self.unit): self.rate(),
            "latency": self.latency.map(|l| l.json()),
            "rejections": self.rejections,
            "games_started": self.games_started,
            "games_finished": self.games_finished,
            "consistency": self.consistency.json(),
        });
        for (name, l) in &self.other_latency {
            v[format!("latency_{name}")] = l.map(|l| l.json()).into();
        }
        if let Some(s) = &self.sizes {
            v["state_bytes_avg"] = s.state_avg.into();
            v["state_bytes_max"] = s.state_max.into();
            v["events_bytes_avg"] = s.events_avg.into();
            v["service_state_bytes_avg"] = s.service_state.map(|(avg, _)| avg).into();
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_are_nearest_rank() {
        assert_eq!(Latency::of(vec![]), None);
        let l = Latency::of((1..=100).rev().collect()).unwrap();
        assert_eq!(
            (l.count, l.p50_us, l.p95_us, l.p99_us, l.max_us),
            (100, 50, 95, 99, 100)
        );
        let one = Latency::of(vec![7]).unwrap();
        assert_eq!((one.p50_us, one.p99_us, one.max_us), (7, 7, 7));
    }

    #[test]
    fn consistency_flags_every_disagreement() {
        let mut c = Consistency::default();
        c.record("a", Ok(5), 5, 0);
        assert!(c.ok());
        // A move of unknown outcome may or may not have landed.
        c.record("b", Ok(6), 5, 1);
        c.record("c", Ok(5), 5, 1);
        assert!(c.ok());
        assert_eq!((c.checked, c.unresolved), (3, 1));
        // A lost acknowledged move, a move applied twice, an unreadable game.
        c.record("d", Ok(4), 5, 0);
        c.record("e", Ok(7), 5, 1);
        c.record("f", Err("NOT_FOUND".into()), 5, 0);
        assert!(!c.ok());
        let bad: Vec<&str> = c.mismatches.iter().map(|m| m.game_id.as_str()).collect();
        assert_eq!(bad, ["d", "e", "f"]);
        assert_eq!(c.json()["ok"], false);
    }
}
