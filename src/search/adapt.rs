//! Learned rollouts (`--policy adapt`) for the tree searches and NMCS: Playout
//! Policy Adaptation (Cazenave 2015, "Playout Policy Adaptation for Games"; 2016,
//! "Playout Policy Adaptation with Move Features") read for one player, with NRPA's
//! machinery (Rosin 2011; SameGame codes and selective policy, Cazenave 2016).
//!
//! Each rollout samples its moves from the softmax of a [`Policy`] over NRPA's move
//! codes, among the candidates of NRPA's selective rule (a tabu colour, [`TabuRule`];
//! NRPA's default late-game exception). The policy is adapted toward the best game
//! the search has found, a whole game from the search's root: a tree path, then a
//! rollout from a leaf (and, in a nested search, the path of every level above).
//! Move codes name a group by its colour and cells, whatever the position, so a
//! policy learnt from the root's line applies to rollouts from any leaf. The best
//! line's [`Trace`] is built by replaying it under the rollouts' candidate rule
//! ([`Playout::replay`], the root's tabu colour) each time it improves; each
//! adaptation is Rosin's step with `--adapt-alpha` along that trace. A rollout
//! records no trace ([`Playout::run_untraced`]): none is read.
//!
//! When it adapts (`--adapt-every K`): after every K-th rollout (0: once each time
//! the best line improves). Where the policy lives (`--adapt-scope`): one per search
//! (every level's rollouts share it and it follows the search's best game), or one
//! per level search as NRPA nests them (a level-i search starts from a copy of its
//! parent's policy and follows its own best game; a level ≥ 2 adapts once after each
//! of its simulations).
//!
//! Owns: [`Learner`] (the policies, the best lines and their traces, the schedule).
//! Must not: count playouts or budgets (the caller's [`super::rollout::Rollout`]
//! does), build trees, or copy the move codes and softmax (they live in
//! [`crate::policy::adaptive`]).

use super::best::Best;
use super::plan::{AdaptPlan, ScopeRule, TabuRule};
use crate::board::{Board, Cell};
use crate::policy::adaptive::{AdaptScratch, Playout, Policy, Selective, Trace};
use crate::policy::tabu_color;
use crate::Rng;

/// What one policy has learnt: its weights and the best game it follows (from the
/// search's root) with that game's trace.
#[derive(Default, Clone, serde::Serialize, serde::Deserialize)]
struct Lesson {
    policy: Policy,
    best: Best,
    trace: Trace,
    /// Adaptations of `policy` since its level search began (tests read it).
    adapted: u64,
}

/// A [`Learner`]'s lessons and schedule ([`Learner::state`]).
#[derive(serde::Serialize, serde::Deserialize)]
pub(crate) struct LearnerState {
    lessons: Vec<Lesson>,
    since: u64,
}

/// The learned-rollout state of one search (one tree, or one NMCS search).
pub(crate) struct Learner {
    plan: AdaptPlan,
    /// The search's root: every line offered starts here.
    root: Board,
    /// The candidate rule of the rollouts (its tabu colour set per rollout), and of
    /// the replay of a best line (the root's tabu colour).
    playout: Playout,
    root_tabu: Option<u8>,
    /// Scope `search`: one lesson. Scope `level`: `lessons[l - 1]` for level l.
    lessons: Vec<Lesson>,
    /// Rollouts since the last adaptation (of the rollouts' policy).
    since: u64,
    scratch: AdaptScratch,
    moves: Vec<Cell>,
}

impl Learner {
    /// A learner for a search from `root` under `plan`.
    pub fn new(plan: AdaptPlan, root: &Board) -> Self {
        let tabu = match plan.tabu {
            TabuRule::None => None,
            TabuRule::Most | TabuRule::Bandit => tabu_color(root),
        };
        let selective = Selective {
            tabu,
            late_tiles: plan.late.tiles,
            late_size: plan.late.size,
        };
        let n = match plan.scope {
            ScopeRule::Search => 1,
            ScopeRule::Level => plan.levels.max(1),
        };
        Learner {
            plan,
            root: *root,
            playout: Playout::new(selective, 0.0),
            root_tabu: tabu,
            lessons: vec![Lesson::default(); n],
            since: 0,
            scratch: AdaptScratch::default(),
            moves: Vec::new(),
        }
    }

    /// What this learner carries from one simulation of its search to the next (a
    /// checkpoint of a tree search): its lessons and schedule; the rest is rebuilt
    /// from the plan and the root.
    pub fn state(&self) -> LearnerState {
        LearnerState {
            lessons: self.lessons.clone(),
            since: self.since,
        }
    }

    /// Continues from a [`Learner::state`] of a learner of the same plan and root.
    pub fn restore(&mut self, s: LearnerState) {
        assert_eq!(
            s.lessons.len(),
            self.lessons.len(),
            "a learner of this plan"
        );
        self.lessons = s.lessons;
        self.since = s.since;
    }

    /// The tabu rule of the rollouts.
    pub fn tabu_rule(&self) -> TabuRule {
        self.plan.tabu
    }

    /// The lesson of level `lvl`.
    fn index(&self, lvl: usize) -> usize {
        match self.plan.scope {
            ScopeRule::Search => 0,
            ScopeRule::Level => lvl - 1,
        }
    }

    /// A level-`lvl` search starts (`top`: the search's top level, a new search or
    /// restart). The top level starts from an empty policy; with scope `level` a
    /// lower level starts from a copy of its parent's policy and an empty best.
    pub fn begin(&mut self, lvl: usize, top: bool) {
        let i = self.index(lvl);
        if top {
            for l in &mut self.lessons {
                l.policy = Policy::default();
                l.best.reset();
                l.adapted = 0;
            }
            self.since = 0;
        } else if self.plan.scope == ScopeRule::Level {
            let (low, high) = self.lessons.split_at_mut(i + 1);
            low[i].policy.clone_from(&high[0].policy);
            low[i].best.reset();
            low[i].adapted = 0;
            if lvl == 1 {
                self.since = 0;
            }
        }
    }

    /// One rollout from `board` under the rollouts' policy, `tabu` the colour left
    /// out while others have groups; moves appended to `moves`. Returns the score.
    pub fn rollout(
        &mut self,
        board: &Board,
        tabu: Option<u8>,
        rng: &mut Rng,
        moves: &mut Vec<Cell>,
    ) -> i32 {
        self.playout.selective.tabu = tabu;
        let pol = &self.lessons[0].policy;
        // Its trace is never read (a best line's is replayed from the root).
        let s = self.playout.run_untraced(board, pol, rng, &mut self.moves);
        moves.extend_from_slice(&self.moves);
        self.since += 1;
        s
    }

    /// A level-`lvl` simulation found the game `parts` (concatenated: a whole game
    /// from the search's root) scoring `score`: the lesson of that level keeps it if
    /// better, and adapts when its schedule says so.
    pub fn offer(&mut self, lvl: usize, score: i32, parts: [&[Cell]; 3]) {
        let i = self.index(lvl);
        let alpha = self.plan.alpha;
        let lesson = &mut self.lessons[i];
        let improved = score > lesson.best.score;
        if improved {
            lesson.best.score = score;
            lesson.best.moves.clear();
            for p in parts {
                lesson.best.moves.extend_from_slice(p);
            }
            self.playout.selective.tabu = self.root_tabu;
            let (replayed, _) =
                self.playout
                    .replay(&self.root, &lesson.best.moves, &mut lesson.trace);
            // The game was put together from the levels' paths: it must be whole.
            assert_eq!(
                replayed, score,
                "learned rollouts: a best line that does not replay"
            );
        }
        let adapt = if self.plan.every == 0 {
            improved
        } else if i == 0 {
            // The rollouts' policy: every K rollouts.
            if self.since >= self.plan.every {
                self.since = 0;
                true
            } else {
                false
            }
        } else {
            // A higher level's policy (scope `level`): after each simulation.
            true
        };
        if adapt && lesson.best.score != i32::MIN {
            lesson.policy.adapt(&lesson.trace, alpha, &mut self.scratch);
            lesson.adapted += 1;
        }
    }

    /// The policy a search started below level `lvl` (an inner NRPA run from a leaf
    /// of the level-`lvl` tree) starts from: level `lvl`'s lesson's.
    pub fn policy(&self, lvl: usize) -> &Policy {
        &self.lessons[self.index(lvl)].policy
    }

    /// A simulation that played no learned rollout (an inner NRPA) counts as one
    /// rollout for the schedule (`--adapt-every`).
    pub fn count_simulation(&mut self) {
        self.since += 1;
    }

    /// The best game of level `lvl`'s lesson.
    #[cfg(test)]
    pub fn best(&self, lvl: usize) -> &Best {
        &self.lessons[self.index(lvl)].best
    }

    /// (adaptations since its level search began, codes with a weight) of level
    /// `lvl`'s policy.
    #[cfg(test)]
    pub fn learnt(&self, lvl: usize) -> (u64, usize) {
        let l = &self.lessons[self.index(lvl)];
        (l.adapted, l.policy.codes())
    }
}

#[cfg(test)]
#[path = "adapt_tests.rs"]
mod tests;
