//! The inner search of a nested tree search (`--inner-algo`, `--inner-level`): which
//! algorithm the searches started from the leaves of the level-2 tree (or beam) run,
//! and its checks.
//!
//! Owns: [`SearchConfig::validate_inner`] and the predicates on the inner search
//! ([`SearchConfig::warm_capable`]; [`InnerAlgo`] itself is `search::choices`').
//! Must not: run searches or hold defaults.

use super::{AdaptTabu, Algo, InnerAlgo, SearchConfig, Spec, TreeSpec};
use crate::error::Error;
use crate::policy::RolloutPolicy;

impl TreeSpec {
    /// The level of the inner search (`--inner-level`, 1 unless given).
    pub fn inner_level_or_default(&self) -> u32 {
        self.inner_level.unwrap_or(1)
    }
}

impl SearchConfig {
    /// Checks `--inner-algo` and `--inner-level`: at level ≥ 2 only (NMCTS and NBMCTS
    /// only: the table of flags, `config::flags`);
    /// a level only for `nmcs` or `nrpa` (1-8); with `nrpa`, no tabu-colour bandit
    /// (the `--nrpa-*` values and candidates are checked with NRPA's, in
    /// `config::nrpa::validate`).
    pub(super) fn validate_inner(&self) -> Result<(), Error> {
        let Some(t) = self.tree() else { return Ok(()) };
        // Who takes them: the table (`config::flags`).
        for flag in self.set_flags("--inner-") {
            refuse_if!(self.level < 2, "{flag} needs --level 2 or more (it sets the search run from the leaves of the level-2 tree)");
        }
        if let Some(k) = t.inner_level {
            refuse_if!(
                t.inner_algo == InnerAlgo::Mcts
                    || (t.inner_algo == InnerAlgo::Auto && !self.warm_capable()),
                "--inner-level sets the level of --inner-algo nmcs or nrpa, or of the warm tree's NRPA (the default of nmcts and nbmcts at level 2 and more with --policy auto or adapt); the inner MCTS searches are level 1"
            );
            refuse_if!(
                !(1..=8).contains(&k),
                "--inner-level must be between 1 and 8, got {k}"
            );
        }
        if t.inner_algo == InnerAlgo::Nrpa {
            refuse_if!(self.policy == RolloutPolicy::TabuBandit, "--policy tabu-bandit is not available with --inner-algo nrpa (NRPA plays its own learned playouts; --policy sets their candidates: random, tabu, auto, or adapt to warm-start them from the tree's learned policy)");
            refuse_if!(self.policy == RolloutPolicy::Adapt && t.adapt.tabu == AdaptTabu::Bandit, "--adapt-tabu bandit is not available with --inner-algo nrpa (the inner NRPA's candidates: --adapt-tabu auto, most or none)");
            // NRPA's own values and candidates: config::nrpa::validate.
        }
        Ok(())
    }

    /// True when the `--nrpa-*` flags apply: NRPA, a nested tree search whose inner
    /// search is NRPA, or one that may run the warm tree ([`Self::warm_capable`]).
    pub(super) fn runs_nrpa(&self) -> bool {
        match &self.spec {
            Spec::Nrpa(_) => true,
            Spec::Tree(t) => t.inner_algo == InnerAlgo::Nrpa || self.warm_capable(),
            _ => false,
        }
    }

    /// True when `--inner-algo auto` runs the warm tree on large boards: `nmcts` or
    /// `nbmcts` at level 2 or more with `--policy auto`, or `adapt` without the bandit's tabu
    /// colour. With a thesis rollout policy (`random`, `tabu`, `tabu-bandit`) `auto`
    /// is the thesis' nesting (level-1 MCTS) everywhere. The board's size decides
    /// the rest ([`Defaults::warm`](crate::search::Defaults::warm), applied by
    /// `search::resolve`).
    pub fn warm_capable(&self) -> bool {
        let Some(t) = self.tree() else { return false };
        matches!(t.algo, Algo::Nmcts | Algo::Nbmcts)
            && self.level >= 2
            && t.inner_algo == InnerAlgo::Auto
            && match self.policy {
                RolloutPolicy::Auto => true,
                RolloutPolicy::Adapt => t.adapt.tabu != AdaptTabu::Bandit,
                _ => false,
            }
    }
}
