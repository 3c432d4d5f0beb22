//! `signoria arena`: a tournament between bot configurations, in process
//! (no server), for the strength and cost figures of the bots.
//!
//! Game `g` (seed `--seed + g`) seats the configurations of `--bots` in
//! order, repeated to fill the table and rotated by `g`, so that every
//! configuration plays every seat equally often over a multiple of the table
//! size. A seat wins when it ranks first (`k` seats sharing first place win
//! `1/k` each). Printed per configuration: its win rate over the seats it
//! played with a 95% Wilson interval, and the thread CPU time of its
//! decisions (median, p99, max).

use std::time::Instant;

use anyhow::{Context, bail};
use clap::Args;
use signoria_bots::Budget;
use signoria_engine::{GameRng, Viewer};
use signoria_server::pb;
use signoria_server::registry::{DynState, Registry};

#[derive(Args)]
pub struct ArenaArgs {
    /// Game type id (`signoria games` lists them).
    #[arg(long)]
    game: String,
    /// Seats at the table.
    #[arg(long)]
    players: usize,
    /// Games to play.
    #[arg(long, default_value_t = 20)]
    games: u64,
    /// Bot configurations, comma-separated, seated in order and repeated to
    /// fill the table: `random`, a named strength (`easy`, `default`,
    /// `strong`) or a number of search iterations (`800`).
    #[arg(long, default_value = "default,random")]
    bots: String,
    /// Seed of the first game (and of the bots' choices).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Give up on a game after this many decisions (counted as unfinished).
    #[arg(long, default_value_t = 20_000)]
    max_moves: usize,
    /// Print each game's result.
    #[arg(long)]
    verbose: bool,
}

/// One contestant.
#[derive(Debug, Clone)]
enum Bot {
    Random,
    Search(Budget),
}

impl Bot {
    fn parse(s: &str) -> anyhow::Result<Bot> {
        if s == "random" {
            return Ok(Bot::Random);
        }
        if let Some(b) = Budget::named(s) {
            return Ok(Bot::Search(b));
        }
        match s.parse::<u32>() {
            Ok(iterations) if iterations > 0 => Ok(Bot::Search(Budget {
                iterations,
                ..Budget::default()
            })),
            _ => bail!(
                "unknown bot {s:?}: random, {} or a number of iterations",
                Budget::NAMES.join(", ")
            ),
        }
    }

    fn choose(&self, state: &dyn DynState, seat: usize, seed: u64) -> Option<pb::Move> {
        match self {
            Bot::Random => {
                let moves = state.legal_moves(seat);
                if moves.is_empty() {
                    return None;
                }
                let i = GameRng::from_seed(seed).index(moves.len());
                moves.into_iter().nth(i)?.r#move
            }
            Bot::Search(budget) => state.bot_move(seat, budget, seed)?.r#move,
        }
    }
}

/// What one configuration did over the tournament.
#[derive(Debug, Default)]
struct Record {
    seats_played: u64,
    wins: f64,
    decision_nanos: Vec<u64>,
}

pub fn run(a: ArenaArgs) -> anyhow::Result<()> {
    let registry = Registry::builtin();
    let game = registry
        .get(&a.game)
        .with_context(|| format!("no game type {:?}", a.game))?;
    let names: Vec<&str> = a.bots.split(',').map(str::trim).collect();
    let bots = names
        .iter()
        .map(|s| Bot::parse(s))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let mut records: Vec<Record> = names.iter().map(|_| Record::default()).collect();
    let mut unfinished = 0;
    let started = Instant::now();
    for g in 0..a.games {
        let seed = a.seed + g;
        let seating: Vec<usize> = (0..a.players)
            .map(|s| (s + g as usize) % bots.len())
            .collect();
        let mut state = game
            .setup(None, a.players, seed)
            .map_err(|e| anyhow::anyhow!("setup: {e}"))?;
        let mut version = 0;
        while !state.finished() && (version as usize) < a.max_moves {
            let seat = state.pending()[0];
            let who = seating[seat];
            let decision_seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ version;
            let cpu = ThreadCpu::now();
            let mv = bots[who]
                .choose(&*state, seat, decision_seed)
                .context("a pending seat has no move")?;
            records[who].decision_nanos.push(cpu.elapsed_nanos());
            version += 1;
            state
                .apply(seat, &mv, Viewer::Omniscient, version)
                .map_err(|e| anyhow::anyhow!("the bot's move was refused: {e}"))?;
        }
        let Some(outcome) = state.outcome() else {
            unfinished += 1;
            eprintln!("game {g} (seed {seed}): unfinished after {version} decisions");
            continue;
        };
        let winners = outcome.winners();
        for (seat, &who) in seating.iter().enumerate() {
            records[who].seats_played += 1;
            if winners.contains(&seat) {
                records[who].wins += 1.0 / winners.len() as f64;
            }
        }
        if a.verbose {
            let seated: Vec<&str> = seating.iter().map(|&w| names[w]).collect();
            println!(
                "game {g} (seed {seed}, {version} decisions): seats {seated:?}, winners {winners:?}"
            );
        }
    }
    println!(
        "{} {}p, {} games ({unfinished} unfinished), bots {}, {:.0} s wall",
        a.game,
        a.players,
        a.games,
        a.bots,
        started.elapsed().as_secs_f64()
    );
    println!(
        "{:<10} {:>6} {:>8} {:>17} {:>10} {:>10} {:>10} {:>10}",
        "bot", "seats", "win rate", "95% interval", "decisions", "median ms", "p99 ms", "max ms"
    );
    for (name, r) in names.iter().zip(&mut records) {
        let (lo, hi) = wilson(r.wins, r.seats_played);
        r.decision_nanos.sort_unstable();
        let ms = |q: f64| quantile(&r.decision_nanos, q) as f64 / 1e6;
        println!(
            "{:<10} {:>6} {:>7.1}% {:>7.1}% - {:>5.1}% {:>10} {:>10.2} {:>10.2} {:>10.2}",
            name,
            r.seats_played,
            100.0 * r.wins / r.seats_played.max(1) as f64,
            100.0 * lo,
            100.0 * hi,
            r.decision_nanos.len(),
            ms(0.5),
            ms(0.99),
            ms(1.0)
        );
    }
    if ThreadCpu::now().0.is_none() {
        println!("(times are wall-clock: this system has no per-thread CPU clock)");
    }
    Ok(())
}

/// The 95% Wilson score interval of `wins` successes in `n` trials.
fn wilson(wins: f64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.96f64;
    let n = n as f64;
    let p = wins / n;
    let centre = p + z * z / (2.0 * n);
    let margin = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let denom = 1.0 + z * z / n;
    (
        ((centre - margin) / denom).max(0.0),
        ((centre + margin) / denom).min(1.0),
    )
}

/// The `q` quantile (nearest rank) of sorted values; 0 for none.
fn quantile(sorted: &[u64], q: f64) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// The CPU time this thread has run (Linux: `/proc/thread-self/schedstat`,
/// nanoseconds), or the wall clock where there is no such file: a decision's
/// cost on a shared machine is its CPU time, not the time it waited.
struct ThreadCpu(Option<u64>, Instant);

impl ThreadCpu {
    fn now() -> ThreadCpu {
        let cpu = std::fs::read_to_string("/proc/thread-self/schedstat")
            .ok()
            .and_then(|s| s.split_whitespace().next()?.parse().ok());
        ThreadCpu(cpu, Instant::now())
    }

    fn elapsed_nanos(&self) -> u64 {
        match (self.0, ThreadCpu::now().0) {
            (Some(then), Some(now)) => now.saturating_sub(then),
            _ => self.1.elapsed().as_nanos() as u64,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_contains_the_rate_and_narrows() {
        let (lo, hi) = wilson(45.0, 50);
        assert!(lo < 0.9 && 0.9 < hi && lo > 0.75, "{lo} {hi}");
        let (lo2, hi2) = wilson(450.0, 500);
        assert!(hi2 - lo2 < hi - lo);
        assert_eq!(wilson(0.0, 0), (0.0, 1.0));
        let (lo, hi) = wilson(10.0, 10);
        assert!(lo > 0.69 && hi == 1.0, "{lo}");
    }

    #[test]
    fn quantiles_take_the_nearest_rank() {
        let v: Vec<u64> = (1..=100).collect();
        assert_eq!(quantile(&v, 0.5), 50);
        assert_eq!(quantile(&v, 0.99), 99);
        assert_eq!(quantile(&v, 1.0), 100);
        assert_eq!(quantile(&[], 0.5), 0);
    }

    #[test]
    fn bots_parse() {
        assert!(matches!(Bot::parse("random"), Ok(Bot::Random)));
        assert!(matches!(Bot::parse("strong"), Ok(Bot::Search(_))));
        assert!(matches!(Bot::parse("800"), Ok(Bot::Search(b)) if b.iterations == 800));
        assert!(Bot::parse("genius").is_err());
        assert!(Bot::parse("0").is_err());
    }
}
