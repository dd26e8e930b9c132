//! The search family behind one interface: a position, a budget and a seeded RNG in,
//! the best score and full move sequence out (one-player MCTS keeps the best
//! simulation, thesis Alg. 2.6), plus statistics.
//!
//! This is the front door: it takes a validated configuration ([`Valid`], made by
//! [`SearchConfig::valid`], so no search is handed one it would refuse and none
//! panics on one), resolves it for the board and budget (`resolve`), and
//! dispatches on [`Algo`]. Below it, each algorithm has
//! its module: `mcts` (MCTS, BMCTS, NMCTS and NBMCTS: one level routine), `nmcs`,
//! `nrpa` (its move codes and policy table are `crate::policy::adaptive`), `exact`
//! and `beam` (a beam search over positions, parallel within one search); `parallel` splits a
//! budget over root-parallel searches (`--threads`). What they run with comes one
//! way, each module importing only those before it:
//!
//! `choices` (the named choices: [`Algo`], [`Advance`], …) → `defaults` (every
//! default value, [`Defaults`]: constants and functions of plain values) → `config`
//! (what a search is asked to do, [`SearchConfig`]: its fields, checks, default
//! configuration and canonical line) → `plan` (what a resolved search runs with:
//! pure data) → `resolve` (the one module that sees a configuration, the defaults,
//! the board and the budget together; it fills a plan) → the algorithms, which read
//! the plan (`rollout`, level 0, and `endgame`, exact endgames of `--endgame`, build
//! themselves from it).
//!
//! The other shared types live beneath the algorithms: `budget` (the [`Budget`], the
//! playout meter of a whole search and the limits split across restarts, move steps
//! and nesting levels), `best` (best-line tracking), `result` ([`SearchResult`],
//! [`SearchStats`]), `adapt` (the learned rollouts of `--policy adapt`) and `eval`
//! (heuristic evaluations, `--eval`).
//!
//! Owns: the dispatch [`search`] / [`search_with_stop`], [`resolution`] (what a
//! configuration resolves to, as text) and the crate's view of the search family
//! (re-exports). Must not: define types, print, read files or know
//! about batches.

mod adapt;
mod beam;
mod best;
mod budget;
mod checkpoint;
mod choices;
mod config;
mod defaults;
mod endgame;
mod eval;
mod exact;
mod mcts;
mod nmcs;
mod nrpa;
mod parallel;
mod plan;
mod resolve;
mod result;
mod rollout;

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::board::Board;
use crate::Rng;

pub use crate::limits::MAX_TREES;
use best::Best;
use budget::Meter;
pub use budget::{cpu_clock_available, thread_cpu_time, Budget};
pub use checkpoint::{checkpointable, checkpointable_for, BestSoFar, SearchState};
pub(crate) use config::search_flags;
pub use config::{
    AdaptConfig, AdaptScope, AdaptTabu, Advance, Algo, Beam, BeamSpec, EvalSpec, Flag, InnerAlgo,
    Late, NmcsSpec, NrpaConfig, NrpaRestart, NrpaSpec, RewardNorm, SearchConfig, Setting, Spec,
    TreeSpec, Valid, FLAGS,
};
pub use defaults::Defaults;
use endgame::Endgame;
pub use eval::{
    ByColumn, Eval, EvalWeights, Evaluator, Features, GroupSums, ImSource, Weights, FEATURES,
};
pub use mcts::TreeState;
pub use nrpa::NrpaState;
/// What a caller of a checkpointed search asks: the state to continue from (of
/// either kind), how often to save and where the bytes go.
pub type Checkpoints<'a> = nrpa::Checkpoints<'a, SearchState>;
use plan::Resolved;
pub use result::{SearchResult, SearchStats};
use rollout::Rollout;

/// Runs the configured search on `root` within `budget`.
pub fn search(config: &Valid, root: &Board, budget: Budget, rng: &mut Rng) -> SearchResult {
    search_with_stop(config, root, budget, rng, None)
}

/// Like [`search`], but also stops early (returning the best complete game found so
/// far, at least one playout) as soon as `stop` becomes true (Ctrl-C in a batch).
pub fn search_with_stop(
    config: &Valid,
    root: &Board,
    budget: Budget,
    rng: &mut Rng,
    stop: Option<&AtomicBool>,
) -> SearchResult {
    search_in(config, root, budget, rng, stop, None)
}

/// [`search_with_stop`], with checkpoints when given (one search, never split).
fn search_in(
    config: &Valid,
    root: &Board,
    budget: Budget,
    rng: &mut Rng,
    stop: Option<&AtomicBool>,
    checkpoints: Option<Checkpoints>,
) -> SearchResult {
    let config: &SearchConfig = config;
    let start = Instant::now();
    // A continued search's seconds count its wall time before the checkpoint.
    let before = checkpoints
        .as_ref()
        .and_then(|c| c.resume.as_ref())
        .map_or(Duration::ZERO, SearchState::wall);
    let resolved = config.resolve(root, budget);
    let n = resolved.trees;
    assert!(
        checkpoints.is_none() || n <= 1,
        "a checkpointed search is one search"
    );
    let mut result = if root.is_terminal() {
        SearchResult {
            score: root.final_score(),
            moves: Vec::new(),
            stats: SearchStats {
                proven: true,
                ..SearchStats::default()
            },
        }
    } else if !splits(config.algo(), n) {
        single(config, &resolved, root, budget, rng, stop, checkpoints)
    } else if config.algo().is_tree() {
        // One tree or several root-parallel trees, each resolved for its share.
        let ck = checkpoints.map(|c| {
            let resume = match c.resume {
                Some(SearchState::Tree(s)) => Some(s),
                Some(_) => panic!("only a tree state continues a tree search"),
                None => None,
            };
            let tc = mcts::TreeCheckpoints::new(c.every, c.save, stop, c.stop_after, before);
            (tc, resume)
        });
        parallel::split(budget, n, rng, |budgets, rngs| {
            let smallest = *budgets.last().expect("at least one share");
            let share = config.resolve(root, smallest);
            mcts::run_trees(&share, root, budgets, rngs, stop, ck)
        })
    } else {
        // Independent NMCS or NRPA searches, best of them.
        parallel::split(budget, n, rng, |budgets, rngs| {
            parallel::best_of(budgets, rngs, |b, rng| {
                single(config, &config.resolve(root, b), root, b, rng, stop, None)
            })
        })
    };
    result.stats.seconds = (before + start.elapsed()).as_secs_f64();
    result
}

/// [`search_with_stop`] with checkpoints ([`Checkpoints`]: a state to continue
/// from, and where each checkpoint's bytes go). Only for a configuration that
/// [`checkpointable`] accepts; with an iteration budget, a search continued from a
/// checkpoint returns the same line, score and playout count as one never stopped.
pub fn search_checkpointed(
    config: &Valid,
    root: &Board,
    budget: Budget,
    rng: &mut Rng,
    stop: Option<&AtomicBool>,
    checkpoints: Checkpoints,
) -> SearchResult {
    checkpointable(config).expect("search_checkpointed: a checkpointable configuration");
    assert!(
        checkpoints.resume.as_ref().is_none_or(|s| s.fits(config)),
        "search_checkpointed: a state of this configuration's kind and level"
    );
    search_in(config, root, budget, rng, stop, Some(checkpoints))
}

/// What [`search`] resolves `config` to on `root` within `budget`, as text: every
/// default and `auto` as a value, for the whole budget and for each root-parallel
/// share it splits into (`search::plan`'s text, written field by field). On one
/// build, two runs with the same text and seed run the same search; when a default
/// changes, the text of every configuration that relied on it changes (`compare`'s
/// journal keys hold its fingerprint; `solve` prints it).
pub fn resolution(config: &SearchConfig, root: &Board, budget: Budget) -> String {
    let whole = config.resolve(root, budget);
    let mut text = whole.to_string();
    if splits(config.algo(), whole.trees) {
        let mut shares = parallel::shares(budget, whole.trees);
        shares.dedup();
        // One share of the whole budget is the whole search, said once.
        for b in shares.into_iter().filter(|&b| b != budget) {
            let share = config.resolve(root, b);
            text.push_str(&format!(" | share {b}: {share}"));
        }
    }
    text
}

/// What decides the search `config` runs beside its [`resolution`] (for
/// `compare`'s "same searches" note): nothing for a tree search (it runs from its
/// resolved plans alone); NRPA's level and parameters, its iterations left out (the
/// resolved count is in the resolution); the configuration's line for the others.
pub fn own_part(config: &SearchConfig) -> String {
    match &config.spec {
        Spec::Tree(_) => String::new(),
        Spec::Nrpa(n) => {
            let cfg = NrpaConfig {
                iterations: Setting::Auto,
                ..n.nrpa
            };
            format!(
                "nrpa level {} restart {:?} {cfg:?}",
                config.level, n.restart
            )
        }
        _ => config.to_string(),
    }
}

/// Whether a search of `algo` resolved to `trees` trees splits its budget into
/// root-parallel shares: tree searches always (a single tree is the one-share
/// case), NMCS and NRPA only with more than one tree; the exact solver and the beam
/// never (the beam parallelises one search on the caller's pool).
fn splits(algo: Algo, trees: u32) -> bool {
    match algo {
        Algo::Mcts | Algo::Bmcts | Algo::Nmcts | Algo::Nbmcts => true,
        Algo::Nmcs | Algo::Nrpa => trees > 1,
        Algo::Exact | Algo::Beam => false,
    }
}

/// One search of NMCS, NRPA, the exact solver or the beam from `root` (not terminal).
fn single(
    config: &SearchConfig,
    resolved: &Resolved,
    root: &Board,
    budget: Budget,
    rng: &mut Rng,
    stop: Option<&AtomicBool>,
    checkpoints: Option<Checkpoints>,
) -> SearchResult {
    let mut meter = Meter::new(budget, stop);
    let top = meter.top_limit();
    let mut best = Best::default();
    let mut endgame = Endgame::from_plan(resolved);
    let level = config.level as usize;
    let proven = match &config.spec {
        Spec::Exact => exact::exact(root, resolved.tt_mb, &mut meter, top, &mut best),
        Spec::Beam(_) => {
            let plan = resolved.beam.expect("a beam search resolves a beam plan");
            let mut saves = checkpoints.map(|c| {
                let resume = c.resume.map(|s| match s {
                    SearchState::Beam(s) => s,
                    _ => panic!("only a beam state continues a beam search"),
                });
                beam::checkpoint::Saves::new(resume, c.every, c.save, c.stop_after, plan.cap)
            });
            beam::beam(plan, root, &mut meter, top, &mut best, saves.as_mut())
        }
        Spec::Nrpa(n) => {
            let run = nrpa::Run {
                cfg: n.nrpa,
                iterations: resolved.nrpa_iterations,
                policy: resolved.policy,
                seed: resolved.beam,
                restart_best: n.restart == NrpaRestart::Best,
            };
            let checkpoints = checkpoints.map(|c| {
                c.map_resume(|s| match s {
                    SearchState::Nrpa(s) => s,
                    _ => panic!("only an NRPA state continues an NRPA search"),
                })
            });
            nrpa::nrpa(
                run,
                level,
                root,
                &mut meter,
                rng,
                top,
                &mut best,
                checkpoints,
            );
            false
        }
        Spec::Nmcs(_) => {
            let mut rollout = Rollout::from_plan(resolved, root);
            let tools = nmcs::Tools {
                rollout: &mut rollout,
                endgame: &mut endgame,
                meter: &mut meter,
                rng,
            };
            nmcs::nmcs(level, root, tools, resolved.beam, top, &mut best, None)
        }
        Spec::Tree(t) => unreachable!("{} runs in mcts::run_trees", t.algo().name()),
    };
    SearchResult {
        score: best.score,
        moves: best.moves,
        stats: SearchStats::of(&meter, &endgame, proven),
    }
}

#[cfg(test)]
pub(crate) mod testutil;
