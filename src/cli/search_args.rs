//! Search settings shared by `solve`, `batch` and `compare` (flattened clap args),
//! turned into a validated [`SearchConfig`] and [`Budget`].

use crate::error::Error;
use crate::policy::RolloutPolicy;
use crate::search::{Algo, Budget, SearchConfig};

/// Algorithm, its parameters and the budget.
#[derive(clap::Args, Debug, Clone)]
pub struct SearchArgs {
    /// Algorithm: mcts, nmcs, nmcts, bmcts or nbmcts.
    #[arg(long, default_value = "nmcts")]
    pub algo: String,
    /// Nesting level (nmcs, nmcts, nbmcts).
    #[arg(long, default_value_t = 2)]
    pub level: u32,
    /// Rollout policy: random, tabu or tabu-bandit.
    #[arg(long, default_value = "random")]
    pub policy: RolloutPolicy,
    /// Budget: level-0 playouts for the whole search.
    #[arg(long, conflicts_with = "time")]
    pub iterations: Option<u64>,
    /// Budget: wall-clock seconds per search.
    #[arg(long)]
    pub time: Option<f64>,
}

impl SearchArgs {
    /// The validated configuration.
    pub fn config(&self) -> Result<SearchConfig, Error> {
        let algo = match self.algo.as_str() {
            "mcts" => Algo::Mcts,
            "nmcs" => Algo::Nmcs,
            "nmcts" => Algo::Nmcts,
            "bmcts" => Algo::Bmcts,
            "nbmcts" => Algo::Nbmcts,
            a => {
                return Err(Error::Config(format!(
                    "unknown --algo '{a}' (expected mcts, nmcs, nmcts, bmcts or nbmcts)"
                )))
            }
        };
        let c = SearchConfig {
            algo,
            level: self.level,
            policy: self.policy,
        };
        c.validate()?;
        Ok(c)
    }

    /// The budget; `default` when neither `--iterations` nor `--time` is given.
    pub fn budget(&self, default: Budget) -> Result<Budget, Error> {
        match (self.iterations, self.time) {
            (Some(0), _) => Err(Error::Config("--iterations must be at least 1".into())),
            (Some(k), _) => Ok(Budget::Iterations(k)),
            (None, Some(t)) if !(t > 0.0 && t.is_finite()) => Err(Error::Config(format!(
                "--time must be a positive number of seconds, not {t}"
            ))),
            (None, Some(t)) => Ok(Budget::Time(t)),
            (None, None) => Ok(default),
        }
    }
}
