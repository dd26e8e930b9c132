//! The tree searches of the thesis: MCTS, Beam MCTS, Nested MCTS and Nested Beam
//! MCTS are one level routine, run at one or more levels.
//!
//! - **MCTS** (thesis §2.3, Alg. 2.6; `--algo mcts`): UCB1-TUNED selection on
//!   state-action values (eq. 2.5-2.9) with exploration factor C; untried moves
//!   first, in random order; one node enters the tree per simulation; rewards
//!   normalised to [0, 1] (eq. 4.1-4.2 generalised, [`crate::rules::Normalizer`]); the
//!   best simulation (tree path + rollout moves) is kept and returned. Multi-start
//!   (`--restarts R`: restart i of R gets an equal share of what is left) and
//!   move-by-move search (§4.2, `--z Z`: the budget is spread over the first Z moves;
//!   between steps the root advances by the most-visited move or the next move of
//!   the best solution, `--advance visits|best`). Defaults: `--c` tuned per budget
//!   class (Tables 4.1/4.2, [`crate::search::Defaults::c`]), `--z auto` (Tables
//!   4.3/4.4, [`crate::search::Defaults::z`]), `--advance best`, `--restarts 1`.
//! - **Beam MCTS** (Baier & Winands 2012; §5.2, Alg. 5.1/5.2; `--algo bmcts`): MCTS
//!   with a counter of simulations per tree depth; when the counter of depth d
//!   reaches the simulation limit L, the tree is pruned at d
//!   ([`crate::tree::Tree::prune_beam`]): the W most visited nodes at depth d and
//!   their ancestors are kept, everything else and every descendant of the kept
//!   nodes is discarded, and no node is created at depths ≤ d afterwards. A
//!   simulation counts at depth d ≥ 1 when its tree path (including the node it
//!   adds) reaches d; the root is never pruned; each depth is pruned once; children
//!   never visited (closed by their bound when first tried) are never kept; after a
//!   prune at depth d the counters of the deeper depths restart. W = 1 is a variant
//!   of move-by-move search. Defaults: `--beam-l`/`--beam-w` tuned per variant and
//!   budget class (Tables 5.1/5.2, [`crate::search::Defaults::beam`]), `--z 0`.
//! - **Nested MCTS** (Baier & Winands 2012; §4.2, Alg. 4.2; `--algo nmcts --level
//!   n`): at level n ≥ 2 the rollout phase is a complete level-(n−1) search from the
//!   newly added node, whose best simulation is backed up and competes for the best
//!   solution. A lower-level search reuses its level's arena (cleared, capacity
//!   kept), so at most one tree per level is alive. Defaults: `--level 2`; `--c` at
//!   levels ≥ 2: 0 as in the thesis; `--z 0` at every level; `--advance visits`;
//!   `--inner` = playouts of each level-i search (`auto`: K/100^(n−i) with an
//!   iteration budget K, at least 10; 1000·100^(i−1) with a time budget,
//!   [`crate::search::Defaults::inner`]).
//! - **Nested Beam MCTS** (§5.3.4; `--algo nbmcts --level n`): Nested MCTS whose
//!   levels may be beam searches, each with its own optional (L, W); the default is
//!   the thesis' beam at level 1 and plain MCTS above (`--beam-l 75,1000 --beam-w
//!   2,5` sets both; `none` = no beam at a level).
//!
//! The rollout policy of every level 1 is `--policy` (`auto`: TabuColorRandom in
//! SameGame, random elsewhere; `crate::search::rollout`). With `--policy adapt`
//! the rollouts learn (`crate::search::adapt`): every simulation reports the whole
//! game it found, from the search's root (the paths of the levels above, the
//! committed moves, the simulation), and every level search reports its start.
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
//! implicit value (`informed`); with them 0 the plain UCB1-TUNED selection runs
//! unchanged.
//!
//! With `--inner-algo nmcs|nrpa` (`inner`) the searches run from the leaves of the
//! level-2 tree are NMCS or NRPA of level `--inner-level` instead of level-1 MCTS.
//!
//! Layout: `select` and `informed`
//! (choosing a child), `path_boards` (positions along the simulated path), `steps`
//! (the move-by-move steps of one level search) and `driver` (the top level: restarts
//! and the lock-step driver of one or more root-parallel trees; a single search is
//! the one-tree case).
//!
//! Owns: the per-level workspace (one arena per level, cleared with its capacity
//! kept whenever a search at that level starts, so at most one tree per level is
//! alive), expansion, evaluation, backpropagation, solved-value propagation,
//! best-simulation tracking and beam pruning triggers.
//! Must not: allocate per simulation (all buffers live in the workspace), print,
//! resolve defaults (the [`TreePlan`] arrives resolved, `search::plan`), or look at the clock other
//! than through [`Meter::exhausted`].

use super::best::Best;
use super::budget::{Limit, Meter};
use super::config::RewardNorm;
use super::endgame::Endgame;
use super::eval::{Eval, ImSource};
use super::rollout::Rollout;
use crate::board::planes::legal_cells;
use crate::board::{Board, Cell, GroupMask};
use crate::tree::{NodeId, Tree};
use crate::Rng;

/// The result of one level search: its best score (moves in the level's
/// workspace) and whether that score is the proven optimum of its start position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LevelOutcome {
    pub score: i32,
    pub proven: bool,
}

mod checkpoint;
mod driver;
mod informed;
mod inner;
mod most_visited;
mod path_boards;
mod select;
mod steps;
use super::plan::{InnerSearch, TreePlan};
pub use checkpoint::TreeState;
pub(crate) use checkpoint::{check as check_checkpoint, TreeCheckpoints, FORMAT as TREE_FORMAT};
pub(crate) use driver::run_trees;
use informed::{select_informed, update_implicit};
use path_boards::PathBoards;
use select::select;

/// Buffers of one level, reused by every search at that level.
#[derive(Default)]
struct LevelWorkspace {
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
    /// Scratch: the legal moves of a position (canonical cells).
    cells: Vec<Cell>,
    depth_count: Vec<u64>,
    kept: Vec<NodeId>,
    /// Lowest and highest normalised reward seen by this search (`--reward-norm
    /// range`).
    lo: f64,
    hi: f64,
}

/// A search in progress: the plan, budget accounting, rollout policy and workspaces.
pub(crate) struct Searcher<'a, 's> {
    plan: &'a TreePlan,
    meter: &'a mut Meter<'s>,
    rng: &'a mut Rng,
    rollout: Rollout,
    endgame: &'a mut Endgame,
    levels: Vec<LevelWorkspace>,
    /// With learned rollouts: the moves from the search's root to the start of the
    /// level search in progress (the paths of the levels above).
    prefix: Vec<Cell>,
    /// The best game of the last inner search (`--inner-algo nmcs|nrpa`).
    inner_best: Best,
    mask: GroupMask,
    /// Checkpoints of the top level (`checkpoint`), when asked.
    ck: Option<TreeCheckpoints<'s>>,
    /// The top level continues from a checkpoint, taken after a simulation and
    /// before the budget was read: it reads the budget first.
    resumed: bool,
    /// Moves kept at each beam pruning: (level, depth, kept moves' count), for tests.
    #[cfg(test)]
    pub prunes: Vec<(usize, usize, Vec<Cell>)>,
}

impl<'a, 's> Searcher<'a, 's> {
    pub fn new(
        plan: &'a TreePlan,
        rollout: Rollout,
        endgame: &'a mut Endgame,
        meter: &'a mut Meter<'s>,
        rng: &'a mut Rng,
    ) -> Self {
        Searcher {
            plan,
            meter,
            rng,
            rollout,
            endgame,
            levels: (0..plan.levels.len())
                .map(|_| LevelWorkspace::default())
                .collect(),
            prefix: Vec::new(),
            inner_best: Best::default(),
            mask: GroupMask::default(),
            ck: None,
            resumed: false,
            #[cfg(test)]
            prunes: Vec::new(),
        }
    }

    /// The search's counters.
    pub(super) fn meter(&mut self) -> &mut Meter<'s> {
        self.meter
    }

    /// The best game of the last level-`lvl` search (see [`LevelRun`]).
    pub(super) fn level_best(&self, lvl: usize) -> &Best {
        &self.levels[lvl - 1].best
    }

    /// MCTS from the tree's root (the position `root`) until `limit` or until the
    /// root is solved; at least one simulation unless it is solved already. Returns
    /// true when the root is solved.
    fn search_step(
        &mut self,
        lvl: usize,
        ws: &mut LevelWorkspace,
        root: &Board,
        limit: Limit,
    ) -> bool {
        if std::mem::take(&mut self.resumed) && self.meter.exhausted(&limit) {
            return ws.tree.node(NodeId::ROOT).solved();
        }
        loop {
            if ws.tree.node(NodeId::ROOT).solved() {
                return true;
            }
            self.simulate(lvl, ws, root, limit);
            if let Some(ck) = self.ck.as_mut().filter(|_| lvl == self.plan.levels.len()) {
                if ck.after_simulation(lvl, ws, self.rng, self.meter, &self.rollout) {
                    self.meter.stop_here();
                }
            }
            if self.meter.exhausted(&limit) {
                return ws.tree.node(NodeId::ROOT).solved();
            }
        }
    }

    /// One simulation: selection, expansion, evaluation (playout, exact endgame or
    /// lower-level search), backpropagation, solved-value propagation, best tracking
    /// and beam pruning.
    fn simulate(&mut self, lvl: usize, ws: &mut LevelWorkspace, root: &Board, limit: Limit) {
        let p = self.plan.levels[lvl - 1];
        let solver = self.plan.solver;
        ws.boards.start(ws.tree.generation(), root, &mut ws.path);
        ws.sim.clear();
        let mut id = NodeId::ROOT;
        let mut d = 0;
        // Constant during the descent: the reward stretch and the best score change
        // only after the evaluation.
        let scale = range_scale(self.plan.norm, ws);
        let best = ws.best.score;
        let bounds = self.plan.bounds;
        let informed = p.informed();
        // Selection and expansion; the position at depth d is `ws.boards.at(d)`.
        loop {
            let node = ws.tree.node(id);
            let child = if node.expanded() && !node.has_untried() {
                if node.n_moves == 0 {
                    break; // terminal
                }
                let child = if informed {
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
                let check = ws
                    .boards
                    .descend(d, child, mv, &mut self.mask, &mut ws.path, best);
                if bounds && check && dominated(ws.boards.at(d + 1), best) {
                    // Score-bounded closing: nothing below can beat the best game found.
                    ws.tree.dominate(child);
                    let n = 1 + ws.tree.propagate_solved(&ws.path[..=d]);
                    self.meter.solved += n as u64;
                    ws.boards.settle(d + 1, best);
                    return;
                }
                ws.sim.push(mv);
                child
            } else {
                if !node.expanded() {
                    if node.visits == 0 && id != NodeId::ROOT {
                        break; // the node added by this simulation
                    }
                    legal_cells(ws.boards.at(d), &mut ws.cells);
                    if ws.tree.expand(id, &ws.cells, self.rng) == 0 {
                        break; // terminal
                    }
                }
                // Untried moves first, in their stored random order.
                let mv = ws.tree.next_untried(id);
                let next = ws.boards.try_move(d, mv, &mut self.mask, &mut ws.path);
                if bounds && dominated(next, best) {
                    // Score-bounded closing: nothing below can beat the best game
                    // found. The move is closed without a node.
                    ws.tree.close_untried(id);
                    let n = 1 + ws.tree.propagate_solved(&ws.path[..=d]);
                    self.meter.solved += n as u64;
                    ws.boards.settle(d + 1, best);
                    return;
                }
                self.meter.created(1);
                let child = ws.tree.add_child(id);
                ws.boards.enter(d, child, &mut ws.path);
                ws.sim.push(mv);
                child
            };
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
            self.meter.playouts += 1;
            (board.final_score(), true)
        } else if self.endgame.applies(board) {
            self.endgame.solve(board, &mut ws.sim, self.meter, &limit)
        } else if lvl == 1 {
            let s = self.rollout.run(self.meter, board, self.rng, &mut ws.sim);
            (s, false)
        } else if lvl == 2 && self.plan.inner != InnerSearch::Mcts {
            let inner = limit.at_most(self.meter, self.plan.levels[0].inner.max(1));
            let out = self.inner_search(board, [&ws.committed, &ws.sim], inner);
            ws.sim.extend_from_slice(&self.inner_best.moves);
            out
        } else {
            let inner = limit.at_most(self.meter, self.plan.levels[lvl - 2].inner.max(1));
            let mark = self.prefix.len();
            if self.rollout.learns() {
                self.prefix.extend_from_slice(&ws.committed);
                self.prefix.extend_from_slice(&ws.sim);
            }
            let out = self.run_level(lvl - 1, board, inner);
            self.prefix.truncate(mark);
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
                self.meter.solved += n as u64;
            }
        }
        if track_v {
            let backup = p.im_alpha != 0.0 && self.plan.im_source == ImSource::Eval;
            update_implicit(&mut ws.tree, &ws.path, h, backup, &self.rollout.norm);
        }
        ws.best.offer_parts(score, &ws.committed, &ws.sim);
        if self.rollout.learns() {
            let game = [&self.prefix[..], &ws.committed, &ws.sim];
            self.rollout.offer(self.learn_level(lvl), score, game);
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
                    self.meter.freed(before - ws.tree.len());
                    for c in &mut ws.depth_count[d + 1..] {
                        *c = 0;
                    }
                    if solver {
                        // Kept nodes whose kept children are all solved are closed.
                        let n = ws.tree.propagate_all_solved();
                        self.meter.solved += n as u64;
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
fn range_scale(norm: RewardNorm, ws: &LevelWorkspace) -> f64 {
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

#[cfg(test)]
mod beam_tests;
#[cfg(test)]
mod informed_tests;
#[cfg(test)]
mod inner_tests;
#[cfg(test)]
mod nested_beam_tests;
#[cfg(test)]
mod nested_tests;
#[cfg(test)]
mod tests;
