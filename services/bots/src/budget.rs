//! How much a bot may think per decision.

/// The search effort of one decision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Budget {
    /// Search iterations (one determinization, one tree descent, one rollout
    /// each). The search is deterministic for a seed and this count.
    pub iterations: u32,
    /// Stop early after this much wall-clock time (the result then depends on
    /// the machine's speed, so it is not deterministic). `None`: no limit.
    pub max_millis: Option<u64>,
    /// A rollout that has not ended the game after this many moves is
    /// stopped and scored as a draw between the seats.
    pub rollout_depth: u32,
}

impl Budget {
    /// The named strengths: `easy`, `default`, `strong`.
    pub fn named(strength: &str) -> Option<Budget> {
        let iterations = match strength {
            "easy" => 50,
            "default" => 400,
            "strong" => 1_600,
            _ => return None,
        };
        Some(Budget {
            iterations,
            max_millis: None,
            rollout_depth: 400,
        })
    }

    /// The names [`Budget::named`] knows, weakest first.
    pub const NAMES: [&'static str; 3] = ["easy", "default", "strong"];
}

impl Default for Budget {
    fn default() -> Self {
        Budget::named("default").expect("default is a named budget")
    }
}
