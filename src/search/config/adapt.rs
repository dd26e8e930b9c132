//! The learned rollouts' part of a configuration (`--policy adapt`): [`AdaptConfig`]
//! (`--adapt-alpha`, `--adapt-every`, `--adapt-scope`, `--adapt-tabu`) and its checks.
//!
//! Owns: their shape, plain JSON form and validation ([`SearchConfig::validate_adapt`]),
//! and the scope a configuration's rollouts learn in ([`SearchConfig::adapt_scope`],
//! a function of the configuration alone). Must not: hold defaults (those are
//! [`Defaults`]) or run searches (`search::adapt`).

use serde::Serialize;

use super::{AdaptScope, AdaptTabu, Algo, InnerAlgo, SearchConfig};
use crate::error::Error;
use crate::limits;
use crate::policy::RolloutPolicy;
use crate::search::defaults::Defaults;

/// How the learned rollouts of `--policy adapt` learn (tree searches and NMCS).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct AdaptConfig {
    /// Step α of each adaptation toward the best line (`--adapt-alpha`); `None` =
    /// the default of the search ([`Defaults::ADAPT_ALPHA`], the warm tree's
    /// [`Defaults::WARM_ADAPT_ALPHA`]).
    pub alpha: Option<f64>,
    /// Adapt after every K-th rollout (`--adapt-every K`); 0 = once each time the
    /// best line improves; `None` = the default of the search, as for `alpha`.
    pub every: Option<u64>,
    /// Where a policy lives (`--adapt-scope`).
    pub scope: AdaptScope,
    /// The tabu colour of each rollout (`--adapt-tabu`).
    pub tabu: AdaptTabu,
}

impl Default for AdaptConfig {
    fn default() -> Self {
        AdaptConfig {
            alpha: None,
            every: None,
            scope: Defaults::ADAPT_SCOPE,
            tabu: Defaults::ADAPT_TABU,
        }
    }
}

impl SearchConfig {
    /// True when the learned rollouts may run: `--policy adapt`, the default warm
    /// tree of `nmcts` and `nbmcts` (`--inner-algo auto` with `--policy auto`), or
    /// `mcts` with `--policy auto` (learned rollouts on large SameGame boards,
    /// [`Defaults::mcts_learns`]).
    pub(super) fn learns(&self) -> bool {
        self.policy == RolloutPolicy::Adapt || self.warm_capable() || self.mcts_auto()
    }

    /// True for `mcts` with `--policy auto`, which plays learned rollouts where they
    /// won (resolved by `search::resolve` with [`Defaults::mcts_learns`]).
    pub fn mcts_auto(&self) -> bool {
        self.algo() == Algo::Mcts && self.policy == RolloutPolicy::Auto
    }

    /// `--adapt-scope` resolved for this configuration (the same on every board, so
    /// that the canonical line can name it): a given scope, else
    /// [`Self::auto_scope`]. `search` or `level`, never `auto`.
    pub fn adapt_scope(&self) -> AdaptScope {
        match self.adapt().map(|a| a.scope) {
            None | Some(AdaptScope::Auto) => self.auto_scope(),
            Some(given) => given,
        }
    }

    /// What `--adapt-scope auto` means for this configuration:
    /// [`Defaults::auto_scope`] of its algorithm, level and inner search.
    pub fn auto_scope(&self) -> AdaptScope {
        let inner = self.tree().map_or(InnerAlgo::Mcts, |t| t.inner_algo);
        Defaults::auto_scope(self.algo(), self.level, inner)
    }

    /// Writes `--adapt-scope` in its one form for this search, so that equal searches
    /// have equal configurations, canonical lines and journal keys: `level` wherever
    /// it resolves to one policy per level search (given, or `auto`'s), `search`
    /// only where `auto` would be `level`, `auto` elsewhere (and wherever the
    /// rollouts do not learn: the scope is not used there). Called once the
    /// configuration is validated (the CLI's `config`).
    pub fn canonical_scope(&mut self) {
        let scope = if !self.learns() {
            AdaptScope::Auto
        } else {
            match (self.adapt_scope(), self.auto_scope()) {
                (AdaptScope::Level, _) => AdaptScope::Level,
                (_, AdaptScope::Level) => AdaptScope::Search,
                _ => AdaptScope::Auto,
            }
        };
        if let Some(a) = self.adapt_mut() {
            a.scope = scope;
        }
    }

    /// Checks that `flag` (one of the `--adapt-*` flags, given or set) applies: an
    /// algorithm with learned rollouts, and `--policy adapt` (or the default of
    /// `mcts`, `nmcts` and `nbmcts`, which learn on large boards).
    pub fn check_adapt_flag(&self, flag: &str) -> Result<(), Error> {
        self.algo().uses_flag(flag)?;
        refuse_if!(
            !self.learns(),
            "{flag} is only used by --policy adapt (the learned rollouts), not --policy {}",
            self.policy
        );
        Ok(())
    }

    /// Checks `--policy adapt` (tree searches and NMCS only) and its flags (only
    /// with it; α a finite number > 0, K at most [`limits::MAX_ITERATIONS`], the
    /// level scope only where there are levels).
    pub(super) fn validate_adapt(&self) -> Result<(), Error> {
        for flag in self.set_flags("--adapt-") {
            self.check_adapt_flag(flag)?;
        }
        if !self.learns() {
            return Ok(());
        }
        let Some(&a) = self.adapt() else {
            let why = match self.algo() {
                Algo::Nrpa => "nrpa always learns its playouts; its --policy sets their candidates: random, tabu or auto",
                _ => "it plays no rollouts",
            };
            let algo = self.algo().name();
            return Err(Error::Config(format!(
                "--policy adapt is not available for {algo} ({why})"
            )));
        };
        if let Some(alpha) = a.alpha {
            refuse_if!(
                !(alpha.is_finite() && alpha > 0.0),
                "--adapt-alpha must be a finite number > 0, got {alpha}"
            );
        }
        if let Some(every) = a.every {
            refuse_if!(
                every > limits::MAX_ITERATIONS,
                "--adapt-every must be at most {}, got {every}",
                limits::MAX_ITERATIONS
            );
        }
        refuse_if!(
            a.scope == AdaptScope::Level && self.level < 2,
            "--adapt-scope level needs --level 2 or more (a level-1 search has one policy)"
        );
        Ok(())
    }
}
