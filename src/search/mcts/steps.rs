//! The move-by-move steps of a level search: [`LevelRun`] and the [`Searcher`]
//! methods that start a level search, run its steps, commit a move between steps
//! (forced moves, `--advance`, the subtree kept by `--reuse`) and end it.
//!
//! Owns: the step loop of one level search, and the step API through which root
//! parallelisation (`search::parallel`) drives several trees in lock-step.
//! Must not: select, expand or evaluate (the simulation is the parent module's),
//! print, or look at the clock other than through `Meter::exhausted`.

use super::checkpoint::TopLevel;
use super::most_visited::most_visited;
use super::{LevelOutcome, LevelWorkspace, Searcher};
use crate::board::planes::legal_cells;
use crate::board::{Board, Cell};
use crate::search::best::Best;
use crate::search::budget::Limit;
use crate::search::config::Advance;
use crate::tree::NodeId;

/// A level search in progress, driven step by step: [`Searcher::begin_level`], then
/// [`Searcher::step_level`] and [`Searcher::advance_level`] while a move is to be
/// committed, then [`Searcher::end_level`]. Root parallelisation (`search::parallel`)
/// drives several trees this way and commits the move their pooled statistics pick.
pub(crate) struct LevelRun {
    lvl: usize,
    ws: LevelWorkspace,
    /// The step root: the start position after the committed moves.
    state: Board,
    steps: u64,
    step: u64,
    /// True while every committed move was the only legal one: a solved step root
    /// is then the proven optimum of the start position too.
    forced_only: bool,
    proven: bool,
}

impl LevelRun {
    /// (move, visits, reward sum) of the visited children of the step root, in the
    /// tree's child order.
    pub fn root_children(&self) -> impl Iterator<Item = (Cell, u32, f64)> + '_ {
        let t = &self.ws.tree;
        t.children(NodeId::ROOT)
            .map(|c| t.node(c))
            .filter(|n| n.visits > 0)
            .map(|n| (n.mv, n.visits, n.sum))
    }
    /// The best complete game of this search so far (from its start position).
    pub fn best(&self) -> &Best {
        &self.ws.best
    }
    /// Moves committed so far.
    pub fn committed(&self) -> &[Cell] {
        &self.ws.committed
    }
}

impl Searcher<'_, '_> {
    /// One level-`lvl` search from `root` within `limit` (move-by-move steps when
    /// z > 0). Its moves are in `self.levels[lvl-1].best`.
    pub(super) fn run_level(&mut self, lvl: usize, root: &Board, limit: Limit) -> LevelOutcome {
        let mut run = self.begin_level(lvl, root);
        while self.step_level(&mut run, limit) {
            let Some(mv) = self.own_advance(&run) else {
                break;
            };
            self.advance_level(&mut run, mv);
        }
        self.end_level(run)
    }

    /// Starts a level-`lvl` search from `root` (see [`Searcher::step_level`]).
    pub(in crate::search) fn begin_level(&mut self, lvl: usize, root: &Board) -> LevelRun {
        let mut ws = std::mem::take(&mut self.levels[lvl - 1]);
        let p = self.plan.levels[lvl - 1];
        ws.best.reset();
        ws.committed.clear();
        ws.lo = f64::INFINITY;
        ws.hi = f64::NEG_INFINITY;
        if lvl == 1 {
            self.rollout.reset_bandit();
        }
        let top = lvl == self.plan.levels.len();
        self.rollout.begin_level(self.learn_level(lvl), top);
        self.meter.freed(ws.tree.len());
        ws.tree.reset();
        self.meter.created(1);
        ws.depth_count.clear();
        LevelRun {
            lvl,
            ws,
            state: *root,
            steps: u64::from(p.z.max(1)),
            step: 0,
            forced_only: true,
            proven: false,
        }
    }

    /// Continues a level-`lvl` search from `root` whose top level a checkpoint saved
    /// (global search: one step, none committed); see `checkpoint`. The meter and
    /// the rollouts are restored by the caller.
    pub(super) fn resume_level(&mut self, lvl: usize, root: &Board, top: TopLevel) -> LevelRun {
        let mut ws = std::mem::take(&mut self.levels[lvl - 1]);
        ws.tree = top.tree;
        ws.best = top.best;
        ws.committed = top.committed;
        ws.lo = top.lo;
        ws.hi = top.hi;
        ws.depth_count = top.depth_count;
        // The positions cached along the last path are recomputed.
        ws.boards = Default::default();
        self.resumed = true;
        LevelRun {
            lvl,
            ws,
            state: *root,
            steps: 1,
            step: 0,
            forced_only: true,
            proven: false,
        }
    }

    /// Plays the forced moves and runs the next step of `run` within `limit`.
    /// Returns true when the step is done and a move must be committed
    /// ([`Searcher::advance_level`]); false when the search is over.
    pub(in crate::search) fn step_level(&mut self, run: &mut LevelRun, limit: Limit) -> bool {
        let p = self.plan.levels[run.lvl - 1];
        let ws = &mut run.ws;
        loop {
            if run.step > 0 && (run.state.is_terminal() || self.meter.exhausted(&limit)) {
                return false;
            }
            // Move-by-move: a forced move costs nothing.
            let forced = p.z > 0 && run.step + 1 < run.steps && {
                legal_cells(&run.state, &mut ws.cells);
                ws.cells.len() == 1
            };
            if forced {
                let mv = ws.cells[0];
                self.commit(ws, &mut run.state, mv);
                run.step += 1;
                continue;
            }
            let lim = if p.z == 0 {
                limit
            } else {
                // The last step gets all that is left; a step never plans for more
                // steps than the best game found so far still has moves.
                let mut left = run.steps - run.step;
                if ws.best.score != i32::MIN {
                    let moves_left = ws.best.moves.len().saturating_sub(ws.committed.len());
                    left = left.min(moves_left.max(1) as u64);
                }
                limit.share(self.meter, left)
            };
            let solved = self.search_step(run.lvl, ws, &run.state, lim);
            if solved {
                run.proven = run.forced_only && ws.tree.node(NodeId::ROOT).closed_exactly();
                return false;
            }
            run.step += 1;
            return run.step != run.steps;
        }
    }

    /// The move this tree alone commits after a step (`--advance`).
    fn own_advance(&self, run: &LevelRun) -> Option<Cell> {
        let ws = &run.ws;
        match self.plan.advance {
            Advance::Visits => most_visited(std::iter::once(run.root_children())),
            Advance::Best => ws.best.moves.get(ws.committed.len()).copied(),
        }
    }

    /// Commits `mv` (a legal move of the step root) after a step of `run`.
    pub(in crate::search) fn advance_level(&mut self, run: &mut LevelRun, mv: Cell) {
        run.forced_only = false;
        self.commit(&mut run.ws, &mut run.state, mv);
    }

    /// Ends `run`: its moves are in `self.levels[lvl-1].best`.
    pub(in crate::search) fn end_level(&mut self, run: LevelRun) -> LevelOutcome {
        let LevelRun {
            lvl,
            mut ws,
            proven,
            ..
        } = run;
        self.meter.freed(ws.tree.len());
        ws.tree.clear();
        let score = ws.best.score;
        self.levels[lvl - 1] = ws;
        LevelOutcome { score, proven }
    }

    /// Move-by-move: plays `mv` from the step root `state`; the tree is re-rooted at
    /// the child of `mv` (with `--reuse on`) or starts afresh.
    fn commit(&mut self, ws: &mut LevelWorkspace, state: &mut Board, mv: Cell) {
        state.play_unchecked(mv, &mut self.mask);
        ws.committed.push(mv);
        let child = ws
            .tree
            .children(NodeId::ROOT)
            .find(|&c| ws.tree.node(c).mv == mv && ws.tree.node(c).visits > 0);
        match child {
            Some(c) if self.plan.reuse => {
                let freed = ws.tree.reroot(c);
                self.meter.freed(freed);
                // Depth d + 1 of the old tree is depth d of the new one.
                if ws.depth_count.len() > 1 {
                    ws.depth_count.remove(1);
                }
            }
            _ => {
                self.meter.freed(ws.tree.len());
                ws.tree.reset();
                self.meter.created(1);
                ws.depth_count.clear();
            }
        }
    }
}
