//! The search family behind one interface: a position, a budget and a seeded RNG in,
//! the best score and full move sequence out (one-player MCTS keeps the best
//! simulation, thesis Alg. 2.6), plus statistics.
//!
//! Owns: [`Budget`], [`SearchConfig`], [`SearchResult`], [`SearchStats`] and the
//! dispatch [`search`]. Each algorithm lives in its own file under `search/`.
//! Must not: print, read files or know about batches.
//!
//! SCAFFOLD: the algorithms are being written; until then `search` returns the best
//! of uniform random playouts. Do not ship results from this version.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use serde::{Deserialize, Serialize};

use crate::board::{Board, Cell};
use crate::error::Error;
use crate::policy::{playout, RolloutPolicy};
use crate::Rng;

/// How much a search may spend.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Budget {
    /// Level-0 playouts for the whole search (all levels, restarts and move steps).
    Iterations(u64),
    /// Wall-clock seconds.
    Time(f64),
}

/// Counters reported by every search.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SearchStats {
    /// Level-0 playouts run.
    pub playouts: u64,
    /// Tree nodes created (all levels).
    pub nodes_created: u64,
    /// Largest number of tree nodes alive at once (all levels together).
    pub peak_nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// The outcome of a search: the best complete game found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// Final score of `moves` under the board's variant.
    pub score: i32,
    /// The full move sequence (canonical cells), ending in a terminal position.
    pub moves: Vec<Cell>,
    /// Statistics.
    pub stats: SearchStats,
}

/// Which algorithm (`--algo`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Algo {
    /// MCTS with UCB1-TUNED (multi-start, move-by-move as options).
    Mcts,
    /// Nested Monte-Carlo Search.
    Nmcs,
    /// Nested MCTS.
    Nmcts,
    /// Beam MCTS.
    Bmcts,
    /// Nested Beam MCTS.
    Nbmcts,
}

/// A complete, validated search configuration.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchConfig {
    /// Algorithm.
    pub algo: Algo,
    /// Nesting level (NMCS, NMCTS, NBMCTS).
    pub level: u32,
    /// Rollout policy.
    pub policy: RolloutPolicy,
}

impl SearchConfig {
    /// Checks parameters that make no sense (level 0, …).
    pub fn validate(&self) -> Result<(), Error> {
        if self.level == 0 {
            return Err(Error::Config("--level must be at least 1".into()));
        }
        Ok(())
    }
}

impl fmt::Display for SearchConfig {
    /// A one-line description of every parameter (used in results files and tables).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let algo = format!("{:?}", self.algo).to_lowercase();
        write!(f, "{algo} --level {} --policy {}", self.level, self.policy)
    }
}

/// Runs the configured search on `root` within `budget`.
pub fn search(config: &SearchConfig, root: &Board, budget: Budget, rng: &mut Rng) -> SearchResult {
    search_with_stop(config, root, budget, rng, None)
}

/// Like [`search`], but also stops early (returning the best complete game found so
/// far, at least one playout) as soon as `stop` becomes true (Ctrl-C in a batch).
pub fn search_with_stop(
    config: &SearchConfig,
    root: &Board,
    budget: Budget,
    rng: &mut Rng,
    stop: Option<&AtomicBool>,
) -> SearchResult {
    let start = Instant::now();
    let mut best = SearchResult {
        score: i32::MIN,
        moves: Vec::new(),
        stats: SearchStats::default(),
    };
    let mut moves = Vec::new();
    loop {
        let done = match budget {
            Budget::Iterations(k) => best.stats.playouts >= k.max(1),
            Budget::Time(s) => best.stats.playouts > 0 && start.elapsed().as_secs_f64() >= s,
        };
        if done || (best.stats.playouts > 0 && stop.is_some_and(|s| s.load(Ordering::Relaxed))) {
            break;
        }
        let mut b = *root;
        moves.clear();
        let tabu = match config.policy {
            RolloutPolicy::Random => None,
            _ => crate::policy::tabu_color(&b),
        };
        let s = playout(&mut b, tabu, rng, &mut moves);
        best.stats.playouts += 1;
        if s > best.score {
            best.score = s;
            best.moves.clone_from(&moves);
        }
    }
    best.stats.seconds = start.elapsed().as_secs_f64();
    best
}
