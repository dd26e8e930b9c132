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
//!   index ([`crate::rng_for`]).
//! * **Tree searches** (MCTS, BMCTS, NMCTS, NBMCTS) run their top level in
//!   lock-step (`level/steps.rs`): after each move-by-move step the visit counts of
//!   the root children are summed over the trees, and the move with the largest sum
//!   (ties: the first seen, trees in index order) is committed in every tree
//!   (`--advance visits`), or the next move of the best line of all trees
//!   (`--advance best`). Lower levels stay inside their tree. Restarts run in
//!   rounds: restart i of every tree with budget left, then restart i + 1. The best
//!   line of all trees is kept; the search is proven when a tree proves it.
//! * **NMCS and NRPA**: N independent searches; the best line is kept (ties: the
//!   lowest index). `exact` runs one search ([`validate`] refuses N > 1).
//!
//! With an iteration budget the result depends only on the configuration, the
//! position, the budget and the caller's generator: never on the number of pool
//! threads or their scheduling (every tree owns its generator and counters, and the
//! trees are combined in index order). Statistics are summed over the searches
//! (`peak_nodes` too: the trees are alive together); `seconds` is wall-clock.
//!
//! Owns: the budget split, the per-search seeds, the lock-step driver of the tree
//! searches and the merge. Must not: create threads or pools (the caller chooses the
//! pool), print, or change what a single search (N = 1) does.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use rand::Rng as _;
use rayon::prelude::*;

use super::endgame::Endgame;
use super::level::{LevelRun, Plan, Searcher};
use super::{
    prepare, search_with_stop, Advance, Algo, Best, Budget, Ctx, Limit, SearchConfig, SearchResult,
    SearchStats,
};
use crate::board::{Board, Cell};
use crate::error::Error;
use crate::Rng;

/// Most independent searches of root parallelisation.
pub const MAX_THREADS: u32 = 256;

/// Serde default of [`SearchConfig::threads`].
pub(super) fn one() -> u32 {
    1
}

/// Serde: `threads` is left out of the JSON form when it is 1.
pub(super) fn is_one(n: &u32) -> bool {
    *n == 1
}

/// Checks `threads` (part of [`SearchConfig::validate`]).
pub(super) fn validate(config: &SearchConfig) -> Result<(), Error> {
    // 0 is `auto` (resolved per variant and budget when the search starts).
    if config.threads > MAX_THREADS {
        return Err(Error::Config(format!(
            "--threads (--search-threads) must be between 1 and {MAX_THREADS}, got {}",
            config.threads
        )));
    }
    if config.threads != 1 && config.algo == Algo::Exact {
        return Err(Error::Config(
            "--threads (--search-threads) is not used by exact (it runs one search)".into(),
        ));
    }
    Ok(())
}

/// The budget of each of `threads` searches sharing `budget` (fewer searches when
/// the iterations do not go round).
pub(super) fn shares(budget: Budget, threads: u32) -> Vec<Budget> {
    match budget {
        Budget::Iterations(k) => {
            let n = u64::from(threads).min(k.max(1));
            (0..n)
                .map(|t| Budget::Iterations(k / n + u64::from(t < k % n)))
                .collect()
        }
        Budget::Time(_) => vec![budget; threads as usize],
    }
}

/// The generators of `n` searches: one draw from `rng`, mixed with each index.
pub(super) fn rngs(rng: &mut Rng, n: usize) -> Vec<Rng> {
    let base: u64 = rng.gen();
    (0..n as u64).map(|t| crate::rng_for(base, t, 0)).collect()
}

/// Runs `config.threads` searches of `root` sharing `budget` (see the module docs);
/// `config.policy` is resolved and `root` is not terminal.
pub(super) fn search(
    config: &SearchConfig,
    root: &Board,
    budget: Budget,
    rng: &mut Rng,
    stop: Option<&AtomicBool>,
) -> SearchResult {
    let start = Instant::now();
    let budgets = shares(budget, config.threads);
    let rngs = rngs(rng, budgets.len());
    let single = SearchConfig {
        threads: 1,
        ..config.clone()
    };
    let mut r = if config.algo.is_tree() {
        trees(&single, root, &budgets, rngs, stop)
    } else {
        independent(&single, root, &budgets, rngs, stop)
    };
    r.stats.seconds = start.elapsed().as_secs_f64();
    r
}

/// N independent searches (NMCS, NRPA); the best line is kept.
fn independent(
    single: &SearchConfig,
    root: &Board,
    budgets: &[Budget],
    mut rngs: Vec<Rng>,
    stop: Option<&AtomicBool>,
) -> SearchResult {
    let results: Vec<SearchResult> = rngs
        .par_iter_mut()
        .zip(budgets)
        .map(|(rng, &b)| search_with_stop(single, root, b, rng, stop))
        .collect();
    let mut stats = SearchStats::default();
    let mut best = Best::default();
    for r in &results {
        best.offer(r.score, &r.moves);
        add(&mut stats, &r.stats);
    }
    SearchResult {
        score: best.score,
        moves: best.moves,
        stats,
    }
}

fn add(total: &mut SearchStats, s: &SearchStats) {
    total.playouts += s.playouts;
    total.nodes_created += s.nodes_created;
    total.peak_nodes += s.peak_nodes;
    total.solved_nodes += s.solved_nodes;
    total.endgames += s.endgames;
    total.endgame_nodes += s.endgame_nodes;
    total.proven |= s.proven;
}

/// N trees of a tree search, driven in lock-step by [`run_trees`]. The plan is
/// resolved for the smallest share (the same plan for every tree: they take the
/// same number of move-by-move steps).
pub(super) fn trees(
    single: &SearchConfig,
    root: &Board,
    budgets: &[Budget],
    mut rngs: Vec<Rng>,
    stop: Option<&AtomicBool>,
) -> SearchResult {
    let smallest = *budgets.last().expect("at least one search");
    let (plan, _) = prepare(single, root, smallest);
    let plan = plan.expect("a tree search has a plan");
    let mut ctxs: Vec<Ctx> = budgets.iter().map(|&b| Ctx::new(b, stop)).collect();
    let mut endgames: Vec<Endgame> = budgets
        .iter()
        .map(|_| Endgame::new(single.endgame, single.tt_mb))
        .collect();
    let mut best = Best::default();
    let proven = {
        let mut slots: Vec<Slot> = ctxs
            .iter_mut()
            .zip(rngs.iter_mut())
            .zip(endgames.iter_mut())
            .map(|((ctx, rng), endgame)| {
                let (_, rollout) = prepare(single, root, smallest);
                let top = ctx.top_limit();
                Slot {
                    s: Searcher::new(&plan, rollout, endgame, ctx, rng),
                    top,
                    lim: top,
                    run: None,
                    wants: false,
                }
            })
            .collect();
        run_trees(&plan, root, &mut slots, &mut best)
    };
    let mut stats = SearchStats {
        proven,
        ..SearchStats::default()
    };
    for (ctx, endgame) in ctxs.iter().zip(&endgames) {
        let s = SearchStats {
            playouts: ctx.playouts,
            nodes_created: ctx.nodes_created,
            peak_nodes: ctx.peak,
            solved_nodes: ctx.solved,
            endgames: endgame.solves,
            endgame_nodes: endgame.nodes(),
            ..SearchStats::default()
        };
        add(&mut stats, &s);
    }
    SearchResult {
        score: best.score,
        moves: best.moves,
        stats,
    }
}

/// One tree of [`run_trees`]: its searcher, its whole budget, the current
/// restart's share, the level search in progress and whether it wants a move.
struct Slot<'p, 'c, 's, 'r, 'e> {
    s: Searcher<'p, 'c, 's, 'r, 'e>,
    top: Limit,
    lim: Limit,
    run: Option<LevelRun>,
    wants: bool,
}

/// The top level of `plan` in every slot, in lock-step, mirroring
/// `Searcher::run_top` (restart i of R gets an equal share of what the tree has
/// left; with the solver, budget left after R restarts goes to further restarts; a
/// proven restart ends the search). Returns true when proven.
fn run_trees(plan: &Plan, root: &Board, slots: &mut [Slot], best: &mut Best) -> bool {
    let n = plan.levels.len();
    let r = plan.restarts;
    let mut i = 0;
    loop {
        for slot in slots.iter_mut() {
            if i > 0 && slot.s.ctx().exhausted(&slot.top) {
                continue;
            }
            slot.lim = if i < r {
                slot.top.share(slot.s.ctx(), r - i)
            } else {
                slot.top
            };
            slot.run = Some(slot.s.begin_level(n, root));
        }
        if slots.iter().all(|s| s.run.is_none()) {
            return false;
        }
        run_restart(plan.advance, slots);
        let mut proven = false;
        for slot in slots.iter_mut() {
            if let Some(run) = slot.run.take() {
                let out = slot.s.end_level(run);
                best.offer(out.score, &slot.s.level_best(n).moves);
                proven |= out.proven;
            }
        }
        if proven {
            return true;
        }
        i += 1;
        if i >= r && !plan.solver {
            return false;
        }
    }
}

/// The steps of one restart: every tree still in it runs its step (in parallel),
/// then the pooled decision is committed in the trees that want a move; a tree that
/// wants none is done (its run stays in its slot until the restart ends).
fn run_restart(advance: Advance, slots: &mut [Slot]) {
    let mut active: Vec<usize> = (0..slots.len())
        .filter(|&t| slots[t].run.is_some())
        .collect();
    // The best line of all trees in this restart, for `--advance best`. Only a
    // strictly better line replaces it, and every line found after a move was
    // committed starts with that move, so it always starts with the committed moves.
    let mut pooled = Best::default();
    while !active.is_empty() {
        slots.par_iter_mut().enumerate().for_each(|(t, slot)| {
            if active.contains(&t) {
                let run = slot.run.as_mut().expect("an active tree has a run");
                slot.wants = slot.s.step_level(run, slot.lim);
            }
        });
        let runs = || {
            active
                .iter()
                .map(|&t| slots[t].run.as_ref().expect("active"))
        };
        for run in runs() {
            pooled.offer(run.best().score, &run.best().moves);
        }
        if !active.iter().any(|&t| slots[t].wants) {
            break;
        }
        let mv = match advance {
            Advance::Visits => most_visited(runs().map(|r| r.root_children())),
            Advance::Best => {
                let done = runs().next().expect("active").committed();
                debug_assert!(pooled.moves.starts_with(done));
                pooled.moves.get(done.len()).copied()
            }
        };
        let Some(mv) = mv else { break };
        active.retain(|&t| slots[t].wants);
        for &t in &active {
            let slot = &mut slots[t];
            let run = slot.run.as_mut().expect("active");
            slot.s.advance_level(run, mv);
        }
    }
}

/// The move with the most visits summed over the trees' root children (ties: the
/// first seen). With one tree this is the single search's `--advance visits`.
fn most_visited<I, T>(trees: T) -> Option<Cell>
where
    I: Iterator<Item = (Cell, u32, f64)>,
    T: Iterator<Item = I>,
{
    let mut sums: Vec<(Cell, u64)> = Vec::new();
    for children in trees {
        for (mv, visits, _) in children {
            match sums.iter_mut().find(|(m, _)| *m == mv) {
                Some((_, v)) => *v += u64::from(visits),
                None => sums.push((mv, u64::from(visits))),
            }
        }
    }
    sums.iter()
        .fold(None::<(u64, Cell)>, |acc, &(mv, v)| match acc {
            Some((best, _)) if best >= v => acc,
            _ => Some((v, mv)),
        })
        .map(|(_, m)| m)
}

#[cfg(test)]
#[path = "parallel_tests.rs"]
mod tests;
