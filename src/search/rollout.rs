//! The level-0 search shared by every algorithm: one playout under the configured
//! rollout policy, with the tabu-colour bandit when the policy is `tabu-bandit`.
//!
//! Owns: [`Rollout`] (policy, bandit, reward normaliser). Must not: build trees or
//! split budgets.

use super::budget::Meter;
use crate::board::{Board, Cell};
use crate::policy::{playout, tabu_color, RolloutPolicy, Ucb1TunedBandit};
use crate::rules::Normalizer;
use crate::Rng;

/// The level-0 search: one playout under the configured rollout policy, with the
/// tabu-colour bandit when the policy is `tabu-bandit`; rewards normalised to [0, 1].
pub(crate) struct Rollout {
    policy: RolloutPolicy,
    bandit: Ucb1TunedBandit,
    bandit_c: f64,
    colors: usize,
    pub norm: Normalizer,
}

impl Rollout {
    pub fn new(policy: RolloutPolicy, root: &Board, bandit_c: f64) -> Self {
        Rollout {
            policy,
            bandit: Ucb1TunedBandit::new(root.colors(), bandit_c),
            bandit_c,
            colors: root.colors(),
            norm: Normalizer::new(root.variant(), root.width(), root.height()),
        }
    }
    /// Forgets what the bandit learnt (a new search starts).
    pub fn reset_bandit(&mut self) {
        if self.policy == RolloutPolicy::TabuBandit {
            self.bandit = Ucb1TunedBandit::new(self.colors, self.bandit_c);
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
                let counts = board.counts();
                let arm = self
                    .bandit
                    .choose((0..counts.len()).filter(|&c| counts[c] > 0));
                let s = playout(board, arm.map(|a| a as u8), rng, moves);
                if let Some(a) = arm {
                    self.bandit.update(a, self.norm.reward(s));
                }
                s
            }
        }
    }
}
