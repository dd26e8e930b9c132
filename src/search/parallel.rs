//! Root parallelisation (Winands, Björnsson & Saito 2010, MC-LOA §III-B):
//! `solve --threads N` / `--search-threads N` runs N independent searches of the same
//! position, each with its own seed, sharing nothing, on the caller's rayon pool.
//!
//! * **Budget**: `--iterations K` is the total over the N searches (search t gets
//!   K / N, the first K mod N one more; at most K searches), so `playouts` still
//!   reports K and configurations compare at equal cost; `--time S` gives every
//!   search S seconds. The tree searches resolve their `auto` parameters for the
//!   share K / N: each tree is the search a single thread would run with that budget.
//! * **Seeds**: one number drawn from the caller's generator, mixed with the search
//!   index ([`crate::rng::rng_for`]); a single search uses
//!   the caller's generator itself..
//! * **Tree searches** (MCTS, BMCTS, NMCTS, NBMCTS) run their trees in lock-step
//!   (`search::mcts`'s driver, which runs a single search as the one-tree case).
//! * **NMCS and NRPA**: N independent searches; the best line is kept (ties: the
//!   lowest index). For NRPA only with `--nrpa-independent`: a thread count
//!   otherwise gives one search of that width (`SearchConfig::set_threads`,
//!   `search::nrpa::parallel`). `exact` runs one search (`SearchConfig::validate` refuses
//!   N > 1; the thread limits are `crate::limits::check_search_threads`).
//!
//! With an iteration budget the result depends only on the configuration, the
//! position, the budget and the caller's generator: never on the number of pool
//! threads or their scheduling (every tree owns its generator and counters, and the
//! trees are combined in index order). Statistics are summed over the searches
//! (`peak_nodes` too: the trees are alive together); `seconds` is wall-clock.
//!
//! Owns: the budget split, the per-search seeds and the merge of independent
//! searches. Must not: create threads or pools (the caller chooses the
//! pool), print, check configurations (`SearchConfig::validate` and
//! `crate::limits` do), or change what a single search (N = 1) does.

use rand::Rng as _;
use rayon::prelude::*;

use super::best::Best;
use super::budget::Budget;
use super::result::{SearchResult, SearchStats};
use crate::rng::{rng_for, Rng};

/// The budget of each of `n` searches sharing `budget` (fewer searches when the
/// iterations do not go round).
pub(super) fn shares(budget: Budget, n: u32) -> Vec<Budget> {
    match budget {
        Budget::Iterations(k) => {
            let n = u64::from(n).min(k.max(1));
            (0..n)
                .map(|t| Budget::Iterations(k / n + u64::from(t < k % n)))
                .collect()
        }
        Budget::Time(_) | Budget::CpuTime(_) => vec![budget; n as usize],
    }
}

/// The generators of `n` searches: one draw from `rng`, mixed with each index.
pub(super) fn rngs(rng: &mut Rng, n: usize) -> Vec<Rng> {
    let base: u64 = rng.gen();
    (0..n as u64).map(|t| rng_for(base, t, 0)).collect()
}

/// Calls `run` with the budgets and generators of `n` searches sharing `budget`:
/// one search gets `budget` and the caller's generator itself.
pub(super) fn split<T>(
    budget: Budget,
    n: u32,
    rng: &mut Rng,
    run: impl FnOnce(&[Budget], Vec<&mut Rng>) -> T,
) -> T {
    if n <= 1 {
        return run(&[budget], vec![rng]);
    }
    let budgets = shares(budget, n);
    let mut rngs = rngs(rng, budgets.len());
    run(&budgets, rngs.iter_mut().collect())
}

/// Independent searches (NMCS, NRPA), one per budget and generator, run on the
/// caller's rayon pool; the best line is kept (ties: the lowest index) and the
/// statistics are summed.
pub(super) fn best_of(
    budgets: &[Budget],
    mut rngs: Vec<&mut Rng>,
    search: impl Fn(Budget, &mut Rng) -> SearchResult + Sync,
) -> SearchResult {
    let results: Vec<SearchResult> = rngs
        .par_iter_mut()
        .zip(budgets)
        .map(|(rng, &b)| search(b, rng))
        .collect();
    let mut stats = SearchStats::default();
    let mut best = Best::default();
    for r in &results {
        best.offer(r.score, &r.moves);
        stats.add(&r.stats);
    }
    SearchResult {
        score: best.score,
        moves: best.moves,
        stats,
    }
}

#[cfg(test)]
#[path = "parallel_tests.rs"]
mod tests;
