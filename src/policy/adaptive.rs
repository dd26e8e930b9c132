//! Adaptive (learned) playout policies: move codes and a softmax policy over them,
//! as Nested Rollout Policy Adaptation learns them (Rosin 2011; SameGame codes and
//! the selective policy after Cazenave 2016; GNRPA's bias after Cazenave 2020).
//!
//! - [`moves`]: the code of a move ([`code`]) and the level-0 [`Playout`] that
//!   samples a game from a policy and records its [`Trace`];
//! - [`softmax`]: the [`Policy`] (a weight per move code), its softmax and Rosin's
//!   adaptation toward a recorded sequence, and [`fast_exp`];
//! - [`trace`]: the [`Trace`] of a playout (its candidates as segments of steps);
//! - [`prior`]: GNRPA's bias β · h(move) and the choice of h ([`Prior`]).
//!
//! NRPA (`search/nrpa.rs`) nests these; any search may use them for learned
//! rollouts. Which groups are candidates is said by a [`Selective`] value built
//! by the caller from its configuration.
//!
//! Owns: move codes, policy weights, playouts under a policy, adaptation. Must not:
//! count budgets, nest searches or import from `search` (data flows from search
//! down to here).

pub mod moves;
pub mod prior;
pub mod softmax;
pub mod trace;

pub use moves::{code, Playout, Selective};
pub use prior::{Bias, Prior};
pub use softmax::{fast_exp, AdaptScratch, Policy};
pub use trace::Trace;
