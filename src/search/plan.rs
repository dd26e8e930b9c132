//! What a search runs with once its configuration is resolved for a board and a
//! budget: [`Resolved`], for the tree searches their [`TreePlan`] of
//! [`LevelParams`], for the beam search its [`BeamPlan`]. No `auto` is left in them.
//!
//! Owns: the shape of a resolved search: pure data. Must not: hold or compute
//! defaults (`search::resolve` turns every `auto` into these values), build the
//! objects a search runs with (a rollout is built by `search::rollout` from the
//! plan, an endgame solver by `search::endgame`), or run searches.

mod text;

use std::fmt;

use super::config::{Advance, Late, NrpaConfig, RewardNorm};
use super::eval::{Evaluator, ImSource};
use crate::policy::RolloutPolicy;

/// A configuration resolved for one board and budget: no `auto` is left.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Resolved {
    /// The rollout policy (`--policy auto` resolved: per variant, and for NRPA by the
    /// size of the board, [`crate::search::Defaults::nrpa_policy`]).
    pub policy: RolloutPolicy,
    /// Root-parallel searches (`--search-threads auto` resolved, [`crate::search::Defaults::trees`]).
    pub trees: u32,
    /// Exploration factor of the tabu-colour bandit (`--bandit-c`, or
    /// [`crate::search::Defaults::bandit_c`] for the bandit's lifetime: one level-1 search of a tree
    /// search, the whole search of NMCS).
    pub bandit_c: f64,
    /// NRPA's N (`--nrpa-iterations auto` resolved, [`crate::search::Defaults::nrpa_iterations`]).
    pub nrpa_iterations: u64,
    /// Exact endgames and their table (`--endgame`, `--tt-mb`).
    pub endgame: u32,
    pub tt_mb: u64,
    /// The level parameters of a tree search (MCTS, BMCTS, NMCTS, NBMCTS).
    pub plan: Option<TreePlan>,
    /// The widths and ranking of the beam search (`--algo beam`), of the beam
    /// that seeds NRPA (`--nrpa-seed`), or of NMCS's beam playouts
    /// (`--playout-beam`: `start` is the first run's width, `cap` the widest a
    /// repeated run doubles to).
    pub beam: Option<BeamPlan>,
    /// How the learned rollouts learn (`--policy adapt` only).
    pub adapt: Option<AdaptPlan>,
}

/// The learned rollouts of `--policy adapt`, resolved: step, schedule, where the
/// policy lives, the tabu rule, its late-game exception and the search's levels
/// (`search::adapt`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct AdaptPlan {
    pub alpha: f64,
    /// Adapt after every `every` rollouts (0: once per improvement).
    pub every: u64,
    pub scope: ScopeRule,
    pub tabu: TabuRule,
    /// Levels of the search (1 for MCTS and BMCTS).
    pub levels: usize,
    /// The tabu colour's late-game exception (NRPA's default; no flag sets it for
    /// the learned rollouts, so the resolved text leaves it out).
    pub late: Late,
}

/// Where the learned rollouts' policy lives (`--adapt-scope` with `auto` resolved,
/// [`crate::search::SearchConfig::adapt_scope`]). The variants keep the names of
/// [`super::config::AdaptScope`]'s, so the resolution text that keys journals
/// (`crate::search::resolution`) is the one written before `auto` existed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ScopeRule {
    /// One policy per search.
    Search,
    /// One policy per level search, handed down from its parent.
    Level,
}

impl fmt::Display for ScopeRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ScopeRule::Search => "search",
            ScopeRule::Level => "level",
        })
    }
}

/// The tabu colour of each learned rollout (`--adapt-tabu` with `auto` resolved).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TabuRule {
    /// The colour with most tiles at the rollout's start.
    Most,
    /// Chosen by the rollout's tabu-colour bandit.
    Bandit,
    /// None: every group is a candidate.
    None,
}

/// What the beam search runs with: widths `start`, 2·`start`, … up to `cap`
/// (`--beam-width`), positions ranked by `eval` (`--eval`, with its weights).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct BeamPlan {
    pub start: usize,
    pub cap: usize,
    pub eval: Evaluator,
}

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
    /// Heuristic evaluation (`--eval`, with its weights) and implicit-value source
    /// (`--im-source`).
    pub eval: Evaluator,
    pub im_source: ImSource,
    /// The search run from each leaf of the level-2 tree (`--inner-algo`).
    pub inner: InnerSearch,
}

/// The search a level-2 tree runs from each leaf (`--inner-algo`, `--inner-level`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum InnerSearch {
    /// The tree's own level 1 (MCTS or BMCTS).
    Mcts,
    /// NMCS of this level.
    Nmcs(usize),
    /// NRPA of `level` with its parameters, N resolved and its candidates.
    Nrpa {
        level: usize,
        cfg: NrpaConfig,
        iterations: u64,
        policy: RolloutPolicy,
    },
}

impl InnerSearch {
    /// The levels an inner search adds below the level-2 tree beyond its one level
    /// (the learned rollouts' levels: NMCS of level K has K).
    pub fn extra_levels(&self) -> usize {
        match *self {
            InnerSearch::Nmcs(k) => k - 1,
            _ => 0,
        }
    }
}

impl LevelParams {
    /// Selection uses the implicit value or progressive bias at this level.
    pub fn informed(&self) -> bool {
        self.im_alpha != 0.0 || self.pb != 0.0
    }
}
