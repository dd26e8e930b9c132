//! The level-0 search shared by every algorithm: one playout under the configured
//! rollout policy, with the tabu-colour bandit when the policy is `tabu-bandit` (or
//! `adapt` with `--adapt-tabu bandit`), and the learned rollouts of `--policy adapt`
//! (`search::adapt`).
//!
//! Owns: [`Rollout`] (policy, bandit, reward normaliser, learner), built from a
//! resolved plan ([`Rollout::from_plan`]). Must not: build trees, split budgets or
//! resolve configurations.

use super::adapt::{Learner, LearnerState};
use super::budget::Meter;
use super::plan::{AdaptPlan, Resolved, TabuRule};
use crate::board::{Board, Cell};
use crate::policy::adaptive::Policy;
use crate::policy::{playout, tabu_color, RolloutPolicy, Ucb1TunedBandit};
use crate::rules::Normalizer;
use crate::Rng;

/// [`Rollout::state`].
#[derive(serde::Serialize, serde::Deserialize)]
pub(crate) struct RolloutState {
    bandit: Ucb1TunedBandit,
    learner: Option<LearnerState>,
}

/// The level-0 search: one playout under the configured rollout policy, with the
/// tabu-colour bandit when the policy is `tabu-bandit`; rewards normalised to [0, 1].
pub(crate) struct Rollout {
    policy: RolloutPolicy,
    bandit: Ucb1TunedBandit,
    bandit_c: f64,
    colors: usize,
    pub norm: Normalizer,
    /// The learned rollouts (`--policy adapt` only).
    learner: Option<Box<Learner>>,
}

impl Rollout {
    pub fn new(
        policy: RolloutPolicy,
        root: &Board,
        bandit_c: f64,
        adapt: Option<AdaptPlan>,
    ) -> Self {
        Rollout {
            policy,
            bandit: Ucb1TunedBandit::new(root.colors(), bandit_c),
            bandit_c,
            colors: root.colors(),
            norm: Normalizer::new(root.variant(), root.width(), root.height()),
            learner: adapt.map(|plan| Box::new(Learner::new(plan, root))),
        }
    }
    /// A fresh level-0 rollout for a search from `root` under the resolved `plan`.
    pub fn from_plan(plan: &Resolved, root: &Board) -> Self {
        Rollout::new(plan.policy, root, plan.bandit_c, plan.adapt)
    }
    /// What the rollouts carry from one simulation of a search to the next (a
    /// checkpoint of a tree search): the bandit's statistics and the learner's
    /// lessons; the rest is the plan's.
    pub fn state(&self) -> RolloutState {
        RolloutState {
            bandit: self.bandit.clone(),
            learner: self.learner.as_ref().map(|l| l.state()),
        }
    }
    /// Continues from a [`Rollout::state`] of rollouts of the same plan and root.
    pub fn restore(&mut self, s: RolloutState) {
        self.bandit = s.bandit;
        match (&mut self.learner, s.learner) {
            (Some(l), Some(s)) => l.restore(s),
            (None, None) => {}
            _ => panic!("a rollout state of another plan"),
        }
    }
    /// True when the rollouts learn (`--policy adapt`): the search then reports its
    /// levels ([`Rollout::begin_level`]) and every game it finds ([`Rollout::offer`]).
    #[inline]
    pub fn learns(&self) -> bool {
        self.learner.is_some()
    }
    /// True when a bandit chooses the tabu colour.
    fn uses_bandit(&self) -> bool {
        match &self.learner {
            Some(l) => l.tabu_rule() == TabuRule::Bandit,
            None => self.policy == RolloutPolicy::TabuBandit,
        }
    }
    /// Forgets what the bandit learnt (a new search starts).
    pub fn reset_bandit(&mut self) {
        if self.uses_bandit() {
            self.bandit = Ucb1TunedBandit::new(self.colors, self.bandit_c);
        }
    }
    /// A level-`lvl` search starts (`top`: the search's top level); see
    /// [`Learner::begin`]. Nothing happens unless the rollouts learn.
    pub fn begin_level(&mut self, lvl: usize, top: bool) {
        if let Some(l) = &mut self.learner {
            l.begin(lvl, top);
        }
    }
    /// A level-`lvl` simulation found the whole game `parts` (from the search's
    /// root) scoring `score`; see [`Learner::offer`]. Nothing happens unless the
    /// rollouts learn.
    pub fn offer(&mut self, lvl: usize, score: i32, parts: [&[Cell]; 3]) {
        if let Some(l) = &mut self.learner {
            l.offer(lvl, score, parts);
        }
    }
    /// The learned policy a search started from a leaf of the level-`lvl` tree
    /// starts from (`None` unless the rollouts learn); see [`Learner::policy`].
    pub fn learned_policy(&self, lvl: usize) -> Option<&Policy> {
        self.learner.as_ref().map(|l| l.policy(lvl))
    }
    /// A simulation played no learned rollout; see [`Learner::count_simulation`].
    pub fn count_simulation(&mut self) {
        if let Some(l) = &mut self.learner {
            l.count_simulation();
        }
    }
    /// Plays `board` to the end, appending moves; counts one playout; returns the score.
    /// A rollout from a terminal position only returns its score (the tabu-colour
    /// bandit learns nothing from it).
    #[inline]
    pub fn run(
        &mut self,
        meter: &mut Meter,
        board: &mut Board,
        rng: &mut Rng,
        moves: &mut Vec<Cell>,
    ) -> i32 {
        meter.playouts += 1;
        if self.policy == RolloutPolicy::TabuBandit && board.is_terminal() {
            return board.final_score();
        }
        match self.policy {
            RolloutPolicy::Random => playout(board, None, rng, moves),
            RolloutPolicy::Auto => unreachable!("--policy auto is resolved in search_with_stop"),
            RolloutPolicy::Tabu => {
                let t = tabu_color(board);
                playout(board, t, rng, moves)
            }
            RolloutPolicy::TabuBandit => {
                let arm = self.arm(board);
                let s = playout(board, arm.map(|a| a as u8), rng, moves);
                self.reward(arm, s);
                s
            }
            RolloutPolicy::Adapt => {
                let learner = self.learner.as_mut().expect("--policy adapt learns");
                let rule = learner.tabu_rule();
                let (tabu, arm) = match rule {
                    TabuRule::None => (None, None),
                    TabuRule::Most => (tabu_color(board), None),
                    TabuRule::Bandit if board.is_terminal() => (None, None),
                    TabuRule::Bandit => {
                        let arm = self.arm(board);
                        (arm.map(|a| a as u8), arm)
                    }
                };
                let learner = self.learner.as_mut().expect("--policy adapt learns");
                let s = learner.rollout(board, tabu, rng, moves);
                self.reward(arm, s);
                s
            }
        }
    }
    /// The bandit's tabu colour for a rollout from `board` (among the colours left).
    fn arm(&mut self, board: &Board) -> Option<usize> {
        let counts = board.counts();
        self.bandit
            .choose((0..counts.len()).filter(|&c| counts[c] > 0))
    }
    /// Teaches the bandit the score `s` of a rollout whose tabu colour was `arm`.
    fn reward(&mut self, arm: Option<usize>, s: i32) {
        if let Some(a) = arm {
            self.bandit.update(a, self.norm.reward(s));
        }
    }
}
