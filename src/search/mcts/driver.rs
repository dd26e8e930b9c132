//! The top level of a tree search, for one tree or several root-parallel trees
//! (`--search-threads N`, Winands, Björnsson & Saito 2010, MC-LOA §III-B): a single
//! search is the one-tree case, so both run exactly the same code.
//!
//! Every tree runs its top level in lock-step (`steps.rs`): after each move-by-move
//! step the visit counts of the root children are summed over the trees, and the
//! move with the largest sum (ties: the first seen, trees in index order) is
//! committed in every tree (`--advance visits`), or the next move of the best line of
//! all trees (`--advance best`). With one tree these are the tree's own most-visited
//! move and its own best line. Lower levels stay inside their tree. Restarts run in
//! rounds: restart i of every tree with budget left, then restart i + 1; restart i of
//! R gets an equal share of what its tree has left; with the solver, budget left
//! after R restarts that ended early (solved or closed beams, a move-by-move game
//! that ended) goes to further restarts, and a proven restart ends the search. The
//! best line of all trees is kept; the search is proven when a tree proves it.
//!
//! With an iteration budget the result depends only on the plan, the position, the
//! budgets and the generators: never on the number of pool threads or their
//! scheduling (every tree owns its generator and counters, and the trees are
//! combined in index order).
//!
//! Owns: the restart rounds, the lock-step steps and the pooled move decision (the
//! rule itself, [`most_visited`], lives in `most_visited.rs`, shared with `steps.rs`).
//! Must not: create threads or pools (several trees step on the caller's rayon
//! pool), split budgets or draw seeds (`search::parallel` does), print.

use std::sync::atomic::AtomicBool;

use rayon::prelude::*;

use super::checkpoint::{TopLevel, TreeCheckpoints, TreeState};
use super::most_visited::most_visited;
use super::steps::LevelRun;
use super::Searcher;
use crate::board::Board;
use crate::rng::Rng;
use crate::search::best::Best;
use crate::search::budget::{Budget, Limit, Meter};
use crate::search::config::Advance;
use crate::search::endgame::Endgame;
use crate::search::plan::Resolved;
use crate::search::plan::TreePlan;
use crate::search::result::{SearchResult, SearchStats};
use crate::search::rollout::Rollout;

/// Runs one tree per (budget, generator) pair from `root` (not terminal) under
/// its resolved plan, in lock-step; returns the best line of all trees and their statistics
/// summed (`peak_nodes` too: the trees are alive together; `seconds` is left 0).
/// With `checkpoints` (one tree only), its state is saved between top-level
/// simulations, and a given state is continued (`checkpoint`).
pub(crate) fn run_trees<'s>(
    resolved: &Resolved,
    root: &Board,
    budgets: &[Budget],
    mut rngs: Vec<&mut Rng>,
    stop: Option<&'s AtomicBool>,
    checkpoints: Option<(TreeCheckpoints<'s>, Option<TreeState>)>,
) -> SearchResult {
    let plan = resolved.plan.as_ref().expect("a tree search has a plan");
    let (mut ck, resume) = checkpoints.map_or((None, None), |(c, r)| (Some(c), r));
    assert!(
        ck.is_none() || budgets.len() == 1,
        "a checkpointed search is one tree"
    );
    // A checkpointed search reads its stop between top-level simulations only.
    let meter_stop = if ck.is_some() { None } else { stop };
    let mut meters: Vec<Meter> = budgets.iter().map(|&b| Meter::new(b, meter_stop)).collect();
    let mut best = Best::default();
    let mut rollout_state = None;
    let resume = resume.map(|st| {
        meters[0].restore(&st.meter);
        *rngs[0] = st.rng;
        best = st.best;
        rollout_state = Some(st.rollout);
        Resume {
            restart: st.restart,
            lim: st.lim,
            top: st.top,
        }
    });
    if let Some(ck) = &mut ck {
        ck.start(&meters[0]);
    }
    let mut endgames: Vec<Endgame> = budgets
        .iter()
        .map(|_| Endgame::from_plan(resolved))
        .collect();
    let proven = {
        let mut slots: Vec<Slot> = meters
            .iter_mut()
            .zip(rngs)
            .zip(endgames.iter_mut())
            .map(|((meter, rng), endgame)| {
                let top = meter.top_limit();
                let mut rollout = Rollout::from_plan(resolved, root);
                if let Some(st) = rollout_state.take() {
                    rollout.restore(st);
                }
                let mut s = Searcher::new(plan, rollout, endgame, meter, rng);
                s.ck = ck.take();
                Slot {
                    s,
                    top,
                    lim: top,
                    run: None,
                    wants: false,
                }
            })
            .collect();
        restarts(plan, root, &mut slots, &mut best, resume)
    };
    let mut stats = SearchStats {
        proven,
        ..SearchStats::default()
    };
    for (meter, endgame) in meters.iter().zip(&endgames) {
        stats.add(&SearchStats::of(meter, endgame, false));
    }
    SearchResult {
        score: best.score,
        moves: best.moves,
        stats,
    }
}

/// One tree: its searcher, its whole budget, the current restart's share, the
/// level search in progress and whether it wants a move.
struct Slot<'a, 's> {
    s: Searcher<'a, 's>,
    top: Limit,
    lim: Limit,
    run: Option<LevelRun>,
    wants: bool,
}

/// Where a checkpointed search continues: its restart, that restart's limit and
/// its top level.
struct Resume {
    restart: u64,
    lim: Limit,
    top: TopLevel,
}

/// The top level of `plan` in every slot: restarts in rounds (see the module docs),
/// the first from `resume` when given. Returns true when proven.
fn restarts(
    plan: &TreePlan,
    root: &Board,
    slots: &mut [Slot],
    best: &mut Best,
    mut resume: Option<Resume>,
) -> bool {
    let n = plan.levels.len();
    let r = plan.restarts;
    let mut i = resume.as_ref().map_or(0, |r| r.restart);
    loop {
        for slot in slots.iter_mut() {
            if let Some(at) = resume.take() {
                slot.lim = at.lim;
                slot.run = Some(slot.s.resume_level(n, root, at.top));
            } else {
                if i > 0 && slot.s.meter().exhausted(&slot.top) {
                    continue;
                }
                slot.lim = if i < r {
                    slot.top.share(slot.s.meter(), r - i)
                } else {
                    slot.top
                };
                slot.run = Some(slot.s.begin_level(n, root));
            }
            let lim = slot.lim;
            if let Some(ck) = slot.s.ck.as_mut() {
                ck.restart = i;
                ck.lim = lim;
                ck.best.clone_from(best);
            }
        }
        if slots.iter().all(|s| s.run.is_none()) {
            return false;
        }
        steps(plan.advance, slots);
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

/// The steps of one restart: every tree still in it runs its step (several trees in
/// parallel), then the pooled decision is committed in the trees that want a move; a
/// tree that wants none is done (its run stays in its slot until the restart ends).
fn steps(advance: Advance, slots: &mut [Slot]) {
    let mut active: Vec<usize> = (0..slots.len())
        .filter(|&t| slots[t].run.is_some())
        .collect();
    // The best line of all trees in this restart, for `--advance best`. Only a
    // strictly better line replaces it, and every line found after a move was
    // committed starts with that move, so it always starts with the committed moves.
    let mut pooled = Best::default();
    while !active.is_empty() {
        let step = |(t, slot): (usize, &mut Slot)| {
            if active.contains(&t) {
                let run = slot.run.as_mut().expect("an active tree has a run");
                // The tree's CPU clock (`--cpu-time`) runs on the thread that steps it.
                slot.s.meter().clock.resume();
                slot.wants = slot.s.step_level(run, slot.lim);
                slot.s.meter().clock.pause();
            }
        };
        if slots.len() == 1 {
            slots.iter_mut().enumerate().for_each(step);
        } else {
            slots.par_iter_mut().enumerate().for_each(step);
        }
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
