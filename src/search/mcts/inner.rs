//! The inner search of a nested tree search (`--inner-algo nmcs|nrpa`,
//! `--inner-level K`): from each leaf of the level-2 tree (or beam), a level-K NMCS
//! or NRPA replaces the level-1 MCTS search, with the same budget (`--inner`). The
//! thesis defines nesting over any level-(n−1) search (§4.2).
//!
//! Owns: [`Searcher::inner_search`]. Must not: change NMCS or NRPA (they run as
//! they run alone, on the tree's meter and generator), print.

use super::Searcher;
use crate::board::{Board, Cell};
use crate::policy::adaptive::Policy;
use crate::search::budget::Limit;
use crate::search::plan::InnerSearch;
use crate::search::{nmcs, nrpa};

impl Searcher<'_, '_> {
    /// The tree level whose number the learned rollouts use for tree level `lvl`:
    /// an inner NMCS of level K takes levels 1 to K, so a tree level l ≥ 2 is
    /// l + K − 1.
    pub(super) fn learn_level(&self, lvl: usize) -> usize {
        if lvl >= 2 {
            lvl + self.plan.inner.extra_levels()
        } else {
            lvl
        }
    }

    /// Runs the inner search from `board`, the leaf a level-2 simulation reached by
    /// the moves `path` (the level's committed moves and its simulation), within
    /// `limit`; its best game is then in `self.inner_best`. Returns its score and
    /// whether it is the leaf's proven optimum.
    pub(super) fn inner_search(
        &mut self,
        board: &Board,
        path: [&[Cell]; 2],
        limit: Limit,
    ) -> (i32, bool) {
        // The level whose learned policy warm-starts an inner NRPA.
        let warm = self.learn_level(2);
        let best = &mut self.inner_best;
        best.reset();
        let proven = match self.plan.inner {
            InnerSearch::Nmcs(k) => {
                // The learned rollouts follow whole games from the tree's root.
                let mark = self.prefix.len();
                if self.rollout.learns() {
                    self.prefix.extend_from_slice(path[0]);
                    self.prefix.extend_from_slice(path[1]);
                }
                let tools = nmcs::Tools {
                    rollout: &mut self.rollout,
                    endgame: self.endgame,
                    meter: self.meter,
                    rng: self.rng,
                };
                // Beam playouts are --algo nmcs's only (its spec holds them).
                let proven = nmcs::nmcs(k, board, tools, None, limit, best, Some(&self.prefix));
                self.prefix.truncate(mark);
                proven
            }
            InnerSearch::Nrpa {
                level,
                cfg,
                iterations,
                policy,
            } => {
                let run = nrpa::Run {
                    cfg,
                    iterations,
                    policy,
                    // Refused with an inner NRPA (config::nrpa).
                    seed: None,
                    // --nrpa-restart is nrpa's own (config::nrpa).
                    restart_best: false,
                };
                // Warm start (`--policy adapt`): from the policy the tree has learnt
                // (its level-2 lesson), else from the empty policy.
                let empty = Policy::default();
                let start = self.rollout.learned_policy(warm).unwrap_or(&empty);
                nrpa::nrpa_from(run, level, board, start, self.meter, self.rng, limit, best);
                self.rollout.count_simulation();
                false
            }
            InnerSearch::Mcts => unreachable!("the level-1 MCTS search is the tree's own"),
        };
        (best.score, proven)
    }
}
