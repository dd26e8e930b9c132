//! The level routine shared by MCTS, BMCTS, NMCTS and NBMCTS.
//!
//! A level-n search is one-player MCTS (thesis Alg. 2.6) whose "rollout" is a
//! level-(n−1) search from the newly added node (Alg. 4.2); level 1 uses playouts.
//! Each level has its own parameters ([`LevelParams`]): exploration C (UCB1-TUNED on
//! state-action values, eq. 2.5-2.9), an optional beam (L, W) (Alg. 5.1/5.2),
//! move-by-move z (§4.2) and, below the top, the playouts of each search at that level.
//!
//! With the solver on (the default, `--solver on`), every level is a one-player
//! MCTS-Solver (after Winands, Björnsson & Saito 2010, §IV): terminal positions,
//! endgames solved exactly and nodes whose lower-level search proved its root are
//! solved with their exact value; a node whose children are all solved is solved with
//! the best of them ([`Tree::propagate_solved`]); selection never enters a solved
//! child; a search whose root is solved stops at once and hands the rest of its
//! budget back to its caller (the next move step, the level above, the next restart).
//! The solver is also score-bounded (after Cazenave & Saffidine's score-bounded MCTS,
//! read for one player): a node whose admissible upper bound (running score plus
//! [`crate::rules::Variant::future_upper_bound`]) cannot beat the best game the
//! search has found is closed when selection reaches it, without a playout, so a
//! root whose children are all solved or closed proves that game optimal.
//!
//! With `--im-alpha`/`--pb` set at a level, selection there also uses each node's
//! implicit value (`super::informed`); with them 0 the plain UCB1-TUNED selection
//! below runs unchanged.
//!
//! Owns: the per-level workspace (one arena per level, cleared with its capacity
//! kept whenever a search at that level starts, so at most one tree per level is
//! alive), selection, expansion, evaluation, backpropagation, solved-value
//! propagation, best-simulation tracking, beam pruning triggers and top-level
//! restarts. The move-by-move steps of a level search (and the step API root
//! parallelisation drives) are in `level/steps.rs`.
//! Must not: allocate per simulation (all buffers live in the workspace), print, or
//! look at the clock other than through [`Ctx::exhausted`].

use super::endgame::Endgame;
use super::informed::{select_informed, update_implicit};
use super::{
    Advance, Best, Budget, Ctx, Eval, ImSource, Limit, Params, RewardNorm, Rollout, SearchConfig,
};
use crate::board::groups::GroupList;
use crate::board::{Board, Cell, GroupMask};
use crate::tree::{NodeId, Tree};
use crate::Rng;

/// Resolved parameters of one level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct LevelParams {
    /// Exploration factor.
    pub c: f64,
    /// Beam (simulation limit L, width W), if any.
    pub beam: Option<(u64, usize)>,
    /// Move-by-move: number of moves the budget is spread over (0 = global).
    pub z: u32,
    /// Playouts of each search at this level when started by the level above.
    pub inner: u64,
    /// Weight α of the implicit value in selection (`--im-alpha`; 0 = off).
    pub im_alpha: f64,
    /// Progressive-bias weight W (`--pb`; 0 = off).
    pub pb: f64,
}

/// Everything a level search needs, resolved for one board and budget.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Plan {
    pub levels: Vec<LevelParams>,
    /// Playouts of one whole level-1 search (all its move-by-move steps): the
    /// lifetime of the tabu-colour bandit, which restarts with every level-1 search.
    pub level1_search_playouts: u64,
    pub advance: Advance,
    pub restarts: u64,
    /// One-player MCTS-Solver on (`--solver`).
    pub solver: bool,
    /// Score-bounded closing on (`--bounds`, with the solver).
    pub bounds: bool,
    /// Move-by-move search keeps the committed move's subtree (`--reuse`).
    pub reuse: bool,
    /// How selection scales rewards (`--reward-norm`).
    pub norm: RewardNorm,
    /// Heuristic evaluation (`--eval`) and implicit-value source (`--im-source`).
    pub eval: Eval,
    pub im_source: ImSource,
}

impl Plan {
    /// Resolves `auto` values for the board's variant, the policy and the budget.
    pub fn resolve(config: &SearchConfig, root: &Board, budget: Budget) -> Plan {
        let n = config.level as usize;
        let (variant, policy) = (root.variant(), config.policy);
        // The top level's budget as seen by `Params::inner`: a share per restart.
        let top_budget = match budget {
            Budget::Iterations(k) => Budget::Iterations(k / config.restarts.max(1)),
            b => b,
        };
        // Playouts of one search at level i+1 (all its move-by-move steps together).
        let top_playouts = Params::playouts(budget) / config.restarts.max(1);
        let search_playouts = |i: usize| {
            if i + 1 == n {
                top_playouts
            } else {
                match &config.inner {
                    Some(v) => v[i],
                    None => Params::inner(i + 1, n, top_budget),
                }
            }
        };
        let z: Vec<u32> = (0..n)
            .map(|i| config.z[i].or(Params::z(variant, policy, search_playouts(i))))
            .collect();
        // Playouts of one level-1 search (one move-by-move step at the top): its
        // budget class for the default C and beam.
        let level1_playouts = if n == 1 {
            top_playouts / u64::from(z[0].max(1))
        } else {
            search_playouts(0)
        };
        let levels = (0..n)
            .map(|i| LevelParams {
                c: config.c[i].or(Params::c(
                    i + 1,
                    variant,
                    policy,
                    config.reward_norm,
                    level1_playouts,
                )),
                beam: config.beam[i].map(|b| {
                    let (l, w) = Params::beam(n > 1, variant, policy, level1_playouts);
                    (b.l.or(l), b.w.or(w) as usize)
                }),
                z: z[i],
                inner: if i + 1 == n {
                    u64::MAX
                } else {
                    search_playouts(i)
                },
                im_alpha: config.im_alpha.get(i).copied().unwrap_or(0.0),
                pb: config.pb.get(i).copied().unwrap_or(0.0),
            })
            .collect();
        Plan {
            levels,
            level1_search_playouts: search_playouts(0),
            advance: config.advance,
            restarts: config.restarts,
            solver: config.solver,
            bounds: config.solver && config.bounds,
            reuse: config.reuse,
            norm: config.reward_norm,
            eval: config.eval,
            im_source: config.im_source,
        }
    }
}

impl LevelParams {
    /// Selection uses the implicit value or progressive bias at this level.
    fn informed(&self) -> bool {
        self.im_alpha != 0.0 || self.pb != 0.0
    }
}

/// The result of one level search: its best score (moves in the level's
/// workspace) and whether that score is the proven optimum of its start position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Outcome {
    pub score: i32,
    pub proven: bool,
}

mod path_boards;
mod select;
mod steps;
use path_boards::PathBoards;
use select::select;
pub(super) use select::select_by;
pub(crate) use steps::LevelRun;

/// Buffers of one level, reused by every search at that level.
#[derive(Default)]
struct LevelWs {
    tree: Tree,
    /// Node ids from the root of the current simulation (at its start: of the
    /// previous one).
    path: Vec<NodeId>,
    /// Positions along `path`.
    boards: PathBoards,
    /// Moves of the current simulation from the step's root.
    sim: Vec<Cell>,
    /// Moves committed by move-by-move search.
    committed: Vec<Cell>,
    /// Best complete game of this search, from its start position.
    best: Best,
    groups: GroupList,
    depth_count: Vec<u64>,
    kept: Vec<NodeId>,
    /// Lowest and highest normalised reward seen by this search (`--reward-norm
    /// range`).
    lo: f64,
    hi: f64,
}

/// A search in progress: the plan, budget accounting, rollout policy and workspaces.
pub(crate) struct Searcher<'p, 'c, 's, 'r, 'e> {
    plan: &'p Plan,
    ctx: &'c mut Ctx<'s>,
    rng: &'r mut Rng,
    rollout: Rollout,
    endgame: &'e mut Endgame,
    levels: Vec<LevelWs>,
    mask: GroupMask,
    /// Moves kept at each beam pruning: (level, depth, kept moves' count), for tests.
    #[cfg(test)]
    pub prunes: Vec<(usize, usize, Vec<Cell>)>,
}

/// Runs the top level of `plan` from `root` with `restarts` independent searches
/// sharing `limit`, keeping the best complete game in `best`. Returns true when the
/// best score is the proven optimum.
#[allow(clippy::too_many_arguments)]
pub(crate) fn run(
    plan: &Plan,
    root: &Board,
    rollout: Rollout,
    endgame: &mut Endgame,
    ctx: &mut Ctx,
    rng: &mut Rng,
    limit: Limit,
    best: &mut Best,
) -> bool {
    let mut s = Searcher::new(plan, rollout, endgame, ctx, rng);
    s.run_top(root, limit, best)
}

impl<'p, 'c, 's, 'r, 'e> Searcher<'p, 'c, 's, 'r, 'e> {
    pub fn new(
        plan: &'p Plan,
        rollout: Rollout,
        endgame: &'e mut Endgame,
        ctx: &'c mut Ctx<'s>,
        rng: &'r mut Rng,
    ) -> Self {
        Searcher {
            plan,
            ctx,
            rng,
            rollout,
            endgame,
            levels: (0..plan.levels.len()).map(|_| LevelWs::default()).collect(),
            mask: GroupMask::default(),
            #[cfg(test)]
            prunes: Vec::new(),
        }
    }

    /// The search's counters.
    pub(super) fn ctx(&mut self) -> &mut Ctx<'s> {
        self.ctx
    }

    /// The best game of the last level-`lvl` search (see [`LevelRun`]).
    pub(super) fn level_best(&self, lvl: usize) -> &Best {
        &self.levels[lvl - 1].best
    }

    /// Multi-start: restart i of R gets an equal share of what is left. With the
    /// solver, a restart that proves the optimum ends the search, and budget left
    /// after R restarts that ended early (solved or closed beams, a move-by-move game
    /// that ended) goes to further restarts. Returns true when proven.
    pub fn run_top(&mut self, root: &Board, limit: Limit, best: &mut Best) -> bool {
        let n = self.plan.levels.len();
        let r = self.plan.restarts;
        let mut i = 0;
        loop {
            if i > 0 && self.ctx.exhausted(&limit) {
                return false;
            }
            let lim = if i < r {
                limit.share(self.ctx, r - i)
            } else {
                limit
            };
            let out = self.run_level(n, root, lim);
            best.offer(out.score, &self.levels[n - 1].best.moves);
            if out.proven {
                return true;
            }
            i += 1;
            if i >= r && !self.plan.solver {
                return false;
            }
        }
    }

    /// MCTS from the tree's root (the position `root`) until `limit` or until the
    /// root is solved; at least one simulation unless it is solved already. Returns
    /// true when the root is solved.
    fn search_step(&mut self, lvl: usize, ws: &mut LevelWs, root: &Board, limit: Limit) -> bool {
        loop {
            if ws.tree.node(NodeId::ROOT).solved() {
                return true;
            }
            self.simulate(lvl, ws, root, limit);
            if self.ctx.exhausted(&limit) {
                return ws.tree.node(NodeId::ROOT).solved();
            }
        }
    }

    /// One simulation: selection, expansion, evaluation (playout, exact endgame or
    /// lower-level search), backpropagation, solved-value propagation, best tracking
    /// and beam pruning.
    fn simulate(&mut self, lvl: usize, ws: &mut LevelWs, root: &Board, limit: Limit) {
        let p = self.plan.levels[lvl - 1];
        let solver = self.plan.solver;
        ws.boards.start(ws.tree.generation(), root, &mut ws.path);
        ws.sim.clear();
        let mut id = NodeId::ROOT;
        let mut d = 0;
        // Selection and expansion; the position at depth d is `ws.boards.at(d)`.
        loop {
            let node = ws.tree.node(id);
            if !node.expanded() {
                if node.visits == 0 && id != NodeId::ROOT {
                    break; // the node added by this simulation
                }
                ws.groups.reset(ws.boards.at(d));
                ws.tree.expand(id, ws.groups.as_slice(), self.rng);
            }
            let node = ws.tree.node(id);
            if node.n_moves == 0 {
                break; // terminal
            }
            let child = if node.has_untried() {
                // Untried moves first, in their stored random order.
                let mv = ws.tree.next_untried(id);
                let next = ws.boards.try_move(d, mv, &mut self.mask, &mut ws.path);
                if self.plan.bounds && dominated(next, ws.best.score) {
                    // Score-bounded closing: nothing below can beat the best game
                    // found. The move is closed without a node.
                    ws.tree.close_untried(id);
                    let n = 1 + ws.tree.propagate_solved(&ws.path[..=d]);
                    self.ctx.solved += n as u64;
                    ws.boards.settle(d + 1, ws.best.score);
                    return;
                }
                self.ctx.created(1);
                let child = ws.tree.add_child(id);
                ws.boards.enter(d, child, &mut ws.path);
                child
            } else {
                let scale = range_scale(self.plan.norm, ws);
                let child = if p.informed() {
                    select_informed(
                        &mut ws.tree,
                        id,
                        &p,
                        scale,
                        self.plan.im_source,
                        &self.rollout.norm,
                    )
                } else {
                    select(&mut ws.tree, id, p.c, scale)
                };
                let mv = ws.tree.node(child).mv;
                let best = ws.best.score;
                let check = ws
                    .boards
                    .descend(d, child, mv, &mut self.mask, &mut ws.path, best);
                if self.plan.bounds && check && dominated(ws.boards.at(d + 1), best) {
                    // Score-bounded closing: nothing below can beat the best game found.
                    ws.tree.dominate(child);
                    let n = 1 + ws.tree.propagate_solved(&ws.path[..=d]);
                    self.ctx.solved += n as u64;
                    ws.boards.settle(d + 1, best);
                    return;
                }
                child
            };
            ws.sim.push(ws.tree.node(child).mv);
            id = child;
            d += 1;
        }
        ws.path.truncate(d + 1);
        // The leaf's position: a playout consumes it.
        let board = ws.boards.take(d, ws.best.score);
        // The leaf's heuristic value, before a playout changes `board`.
        let track_v = p.informed() && self.plan.eval != Eval::None;
        let h = if track_v {
            self.rollout.norm.reward(self.plan.eval.score(board))
        } else {
            0.0
        };
        // Evaluation: a score, and whether it is the exact value of the leaf.
        let (score, exact) = if board.is_terminal() {
            self.ctx.playouts += 1;
            (board.final_score(), true)
        } else if self.endgame.applies(board) {
            self.endgame.solve(board, &mut ws.sim, self.ctx, &limit)
        } else if lvl == 1 {
            let s = self.rollout.run(self.ctx, board, self.rng, &mut ws.sim);
            (s, false)
        } else {
            let inner = limit.at_most(self.ctx, self.plan.levels[lvl - 2].inner.max(1));
            let out = self.run_level(lvl - 1, board, inner);
            ws.sim.extend_from_slice(&self.levels[lvl - 2].best.moves);
            (out.score, out.proven)
        };
        // Backpropagation.
        let r = self.rollout.norm.reward(score);
        ws.lo = ws.lo.min(r);
        ws.hi = ws.hi.max(r);
        for &id in &ws.path {
            let n = ws.tree.node_mut(id);
            n.visits += 1;
            n.sum += r;
            n.sum_sq += r * r;
            n.best = n.best.max(score);
        }
        if solver && exact {
            let leaf = *ws.path.last().expect("the path holds the root");
            if !ws.tree.node(leaf).solved() {
                ws.tree.solve(leaf, score, true);
                let n = 1 + ws.tree.propagate_solved(&ws.path[..ws.path.len() - 1]);
                self.ctx.solved += n as u64;
            }
        }
        if track_v {
            let backup = p.im_alpha != 0.0 && self.plan.im_source == ImSource::Eval;
            update_implicit(&mut ws.tree, &ws.path, h, backup, &self.rollout.norm);
        }
        if score > ws.best.score {
            ws.best.score = score;
            ws.best.moves.clear();
            ws.best.moves.extend_from_slice(&ws.committed);
            ws.best.moves.extend_from_slice(&ws.sim);
        }
        // Beam pruning (Alg. 5.1 lines 18-22): per-depth simulation counters; after a
        // prune at depth d the counters of the deeper depths restart (they counted
        // simulations through nodes that are gone).
        if let Some((l, w)) = p.beam {
            let depth = ws.path.len() - 1;
            if ws.depth_count.len() <= depth {
                ws.depth_count.resize(depth + 1, 0);
            }
            for d in 1..=depth {
                ws.depth_count[d] += 1;
            }
            for d in 1..=depth {
                if ws.depth_count[d] == l {
                    let before = ws.tree.len();
                    ws.tree.prune_beam(d, w, &mut ws.kept);
                    self.ctx.freed(before - ws.tree.len());
                    for c in &mut ws.depth_count[d + 1..] {
                        *c = 0;
                    }
                    if solver {
                        // Kept nodes whose kept children are all solved are closed.
                        let n = ws.tree.propagate_all_solved();
                        self.ctx.solved += n as u64;
                    }
                    #[cfg(test)]
                    {
                        let kept = ws.kept.iter().map(|&k| ws.tree.node(k).mv).collect();
                        self.prunes.push((lvl, d, kept));
                    }
                    break;
                }
            }
        }
    }
}

/// True when no game through `b` can score more than `best` (an admissible bound:
/// its running score plus [`crate::rules::Variant::future_upper_bound`]).
#[inline]
fn dominated(b: &Board, best: i32) -> bool {
    best != i32::MIN && b.score() + b.variant().future_upper_bound(b.counts()) <= best
}

/// With `--reward-norm range`: the factor that stretches the rewards seen by this
/// search to [0, 1] (1 before two different rewards were seen).
#[inline]
fn range_scale(norm: RewardNorm, ws: &LevelWs) -> f64 {
    match norm {
        RewardNorm::Thesis => 1.0,
        RewardNorm::Range => {
            let span = ws.hi - ws.lo;
            if span > 1e-12 {
                1.0 / span
            } else {
                1.0
            }
        }
    }
}
