//! The resolved parameters of a tree search: [`TreePlan`] and its [`LevelParams`].
//!
//! Owns: the shape of a resolved tree search. Must not: hold or compute defaults
//! (`search::defaults` resolves every `auto` into a plan), run searches.

use crate::search::{Advance, Eval, ImSource, RewardNorm};

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

/// Everything a tree search needs, resolved for one board and budget by
/// [`crate::search::SearchConfig::resolve`].
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct TreePlan {
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

impl LevelParams {
    /// Selection uses the implicit value or progressive bias at this level.
    pub fn informed(&self) -> bool {
        self.im_alpha != 0.0 || self.pb != 0.0
    }
}
