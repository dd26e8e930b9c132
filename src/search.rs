//! The search family behind one interface: a position, a budget and a seeded RNG in,
//! the best score and full move sequence out (one-player MCTS keeps the best
//! simulation, thesis Alg. 2.6), plus statistics.
//!
//! Owns: [`SearchResult`], [`SearchStats`] and the dispatch [`search`] /
//! [`search_with_stop`]. Each algorithm lives in its own file under `search/`
//! (MCTS, BMCTS, NMCTS and NBMCTS share one level routine, `search/level.rs`; NRPA
//! has its move codes and policy table below `search/nrpa/`); the
//! machinery below the algorithms has its own modules: `config` (what a search is
//! asked to do), `params` (every default value), `budget` (one playout counter for the
//! whole search, limits split across restarts, move steps and nesting levels),
//! `best` (best-line tracking), `rollout` (level 0), `eval` (heuristic evaluations,
//! `--eval`), `informed` (implicit values and progressive bias in selection) and
//! `parallel` (root parallelisation, `--threads`: N searches sharing the budget).
//! Must not: print, read files or know about batches.

pub mod beam_mcts;
mod best;
mod budget;
mod config;
mod endgame;
mod eval;
mod exact;
mod informed;
mod level;
pub mod mcts;
pub mod nested_beam_mcts;
pub mod nested_mcts;
pub mod nmcs;
mod nrpa;
mod parallel;
mod params;
mod rollout;

use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};

use crate::board::{Board, Cell};
use crate::policy::RolloutPolicy;
use crate::Rng;

pub(crate) use best::Best;
pub use budget::Budget;
pub(crate) use budget::{Ctx, Limit};
pub use config::{Advance, Algo, Beam, RewardNorm, SearchConfig, Setting};
pub use eval::{Eval, ImSource};
pub use nrpa::NrpaConfig;
pub use parallel::MAX_THREADS;
pub use params::Params;
pub(crate) use rollout::Rollout;

/// Counters reported by every search.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SearchStats {
    /// Level-0 playouts run (a simulation ending on a terminal tree node counts as one).
    pub playouts: u64,
    /// Tree nodes created (all levels): one per move tried, at most one per
    /// simulation (children are created when first tried, not as stubs).
    pub nodes_created: u64,
    /// Largest number of tree nodes alive at once (all levels together).
    pub peak_nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Tree nodes solved by the one-player MCTS-Solver (all levels).
    #[serde(default)]
    pub solved_nodes: u64,
    /// Exact endgame solves (`--endgame`), table lookups included.
    #[serde(default)]
    pub endgames: u64,
    /// Positions the exact endgame solver expanded (`--endgame`).
    #[serde(default)]
    pub endgame_nodes: u64,
    /// True when `score` is the proven optimum of the position (a solved root, or
    /// `exact` finished within its budget).
    #[serde(default)]
    pub proven: bool,
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

/// Runs the configured search on `root` within `budget`.
pub fn search(config: &SearchConfig, root: &Board, budget: Budget, rng: &mut Rng) -> SearchResult {
    search_with_stop(config, root, budget, rng, None)
}

/// Like [`search`], but also stops early (returning the best complete game found so
/// far, at least one playout) as soon as `stop` becomes true (Ctrl-C in a batch).
///
/// # Panics
/// When `config` does not pass [`SearchConfig::validate`].
pub fn search_with_stop(
    config: &SearchConfig,
    root: &Board,
    budget: Budget,
    rng: &mut Rng,
    stop: Option<&AtomicBool>,
) -> SearchResult {
    if let Err(e) = config.validate() {
        panic!("invalid search configuration: {e}");
    }
    // `--policy auto` and `--search-threads auto` are resolved before anything reads
    // them.
    let resolved;
    let config = if config.policy == RolloutPolicy::Auto || config.threads == 0 {
        resolved = SearchConfig {
            policy: if config.algo == Algo::Nrpa {
                Params::nrpa_policy(config.policy, root)
            } else {
                config.policy.resolve(root.variant())
            },
            threads: config.trees(root.variant(), budget),
            ..config.clone()
        };
        &resolved
    } else {
        config
    };
    if config.threads > 1 && !root.is_terminal() {
        return parallel::search(config, root, budget, rng, stop);
    }
    let mut ctx = Ctx::new(budget, stop);
    let top = ctx.top_limit();
    let mut best = Best::default();
    let mut endgame = endgame::Endgame::new(config.endgame, config.tt_mb);
    let proven = if root.is_terminal() {
        best.offer(root.final_score(), &[]);
        true
    } else if config.algo == Algo::Exact {
        exact::exact(root, config.tt_mb, &mut ctx, top, &mut best)
    } else if config.algo == Algo::Nrpa {
        nrpa::nrpa(
            config.nrpa,
            config.level as usize,
            config.policy,
            root,
            &mut ctx,
            rng,
            top,
            &mut best,
        );
        false
    } else {
        let (plan, rollout) = prepare(config, root, budget);
        match plan {
            None => nmcs::nmcs(
                config.level as usize,
                root,
                rollout,
                &mut endgame,
                &mut ctx,
                rng,
                top,
                &mut best,
            ),
            Some(plan) => level::run(
                &plan,
                root,
                rollout,
                &mut endgame,
                &mut ctx,
                rng,
                top,
                &mut best,
            ),
        }
    };
    SearchResult {
        score: best.score,
        moves: best.moves,
        stats: SearchStats {
            playouts: ctx.playouts,
            nodes_created: ctx.nodes_created,
            peak_nodes: ctx.peak,
            seconds: ctx.start.elapsed().as_secs_f64(),
            solved_nodes: ctx.solved,
            endgames: endgame.solves,
            endgame_nodes: endgame.nodes(),
            proven,
        },
    }
}

/// The resolved plan (tree searches) and the level-0 rollout of a search of
/// `budget` from `root` (NMCS and the tree searches; `config.policy` resolved).
fn prepare(config: &SearchConfig, root: &Board, budget: Budget) -> (Option<level::Plan>, Rollout) {
    // The bandit lives for one level-1 search (tree searches) or one search
    // (NMCS); its default C depends on how many playouts that is.
    let plan = config
        .algo
        .is_tree()
        .then(|| level::Plan::resolve(config, root, budget));
    let bandit_playouts = match &plan {
        Some(p) => p.level1_search_playouts,
        None => Params::playouts(budget),
    };
    let bandit_c = config
        .bandit_c
        .unwrap_or_else(|| Params::bandit_c(bandit_playouts));
    (plan, Rollout::new(config.policy, root, bandit_c))
}

#[cfg(test)]
mod informed_tests;
#[cfg(test)]
pub(crate) mod testutil;
