//! Rollout (playout) policies: the level-0 searches every algorithm builds on.
//!
//! Owns: uniform random playouts over legal groups, the TabuColorRandom policy
//! (Schadd et al. 2008b; thesis §4.3), the UCB1-TUNED formula ([`ucb1_tuned`]) and
//! the adaptive softmax policies over move codes that NRPA learns ([`adaptive`]).
//! Must not: keep search trees or budgets; a playout plays one game to its end.

pub mod adaptive;
pub mod playout;
pub mod ucb1_tuned;

pub use playout::{playout, tabu_color, RolloutPolicy};
pub use ucb1_tuned::{ucb1_tuned_value_ln, Ucb1TunedBandit};
