//! The learned rollouts' part of a configuration (`--policy adapt`): [`AdaptConfig`]
//! (`--adapt-alpha`, `--adapt-every`, `--adapt-scope`, `--adapt-tabu`) and its checks.
//!
//! Owns: their shape, JSON form and validation ([`SearchConfig::validate_adapt`]).
//! Must not: hold defaults (those are [`Defaults`]) or run searches (`search::adapt`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::{Algo, SearchConfig};
use crate::error::Error;
use crate::limits;
use crate::policy::RolloutPolicy;
use crate::search::defaults::Defaults;
use crate::search::plan::ScopeRule;

/// How the learned rollouts of `--policy adapt` learn (tree searches and NMCS).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct AdaptConfig {
    /// Step α of each adaptation toward the best line (`--adapt-alpha`); `None` =
    /// the default of the search ([`Defaults::ADAPT_ALPHA`], the warm tree's
    /// [`Defaults::WARM_ADAPT_ALPHA`]). Written as the number when given, so journals
    /// written before `None` existed keep their identity when both were given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alpha: Option<f64>,
    /// Adapt after every K-th rollout (`--adapt-every K`); 0 = once each time the
    /// best line improves; `None` = the default of the search, as for `alpha`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub every: Option<u64>,
    /// Where a policy lives (`--adapt-scope`). `auto` is written as `search`, which
    /// it means wherever it is left once canonical ([`SearchConfig::canonical_scope`]),
    /// so journals written when `search` was the default keep their keys.
    #[serde(serialize_with = "scope_as_before")]
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

impl AdaptConfig {
    /// True when the JSON form leaves it out: the defaults, with the scope `auto` or
    /// `search` (the default before `auto` existed), so that journals written before
    /// keep their identity. The canonical line names the scope as resolved
    /// (`Defaults::adapt_scope`), so a job keyed by both still tells `auto`
    /// resolved to `level` from `search`.
    pub fn is_default(&self) -> bool {
        let d = AdaptConfig::default();
        AdaptConfig {
            scope: self.scope.keyed(),
            ..*self
        } == AdaptConfig {
            scope: d.scope.keyed(),
            ..d
        }
    }
}

/// The JSON form of [`AdaptConfig::scope`]: [`AdaptScope::keyed`].
fn scope_as_before<S: serde::Serializer>(scope: &AdaptScope, s: S) -> Result<S::Ok, S::Error> {
    scope.keyed().serialize(s)
}

impl AdaptScope {
    /// The scope as journal keys hold it: `auto` as `search` (the default before
    /// `auto` existed, and what `auto` means wherever it is left once canonical).
    fn keyed(self) -> AdaptScope {
        match self {
            AdaptScope::Auto => AdaptScope::Search,
            other => other,
        }
    }
}

/// Where the policy of the learned rollouts lives (`--adapt-scope`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AdaptScope {
    /// `level` for NMCTS over level-1 MCTS searches, `search` elsewhere: resolved by
    /// `Defaults::auto_scope`.
    Auto,
    /// One policy per search (per tree and restart; per complete run of NMCS), used
    /// by the rollouts of every level and adapted toward the best game the whole
    /// search has found.
    Search,
    /// One policy per level search, as NRPA nests them: a level-i search starts
    /// from a copy of its parent's policy (the top level from an empty one) and
    /// adapts it toward its own best game; a level ≥ 2 adapts once after each of
    /// its simulations (each lower-level search).
    Level,
}

/// The tabu colour of each learned rollout (`--adapt-tabu`): the colour whose groups
/// are no candidates while groups of other colours exist (NRPA's selective policy).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AdaptTabu {
    /// As NRPA's `--policy auto` on the root board ([`Defaults::nrpa_policy`]):
    /// `most` where it is selective, `none` elsewhere.
    Auto,
    /// The colour with most tiles at the rollout's start (TabuColorRandom).
    Most,
    /// Chosen per rollout by the UCB1-TUNED bandit of `--policy tabu-bandit`.
    Bandit,
    /// No tabu colour: every group is a candidate.
    None,
}

impl FromStr for AdaptScope {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        match s {
            "auto" => Ok(AdaptScope::Auto),
            "search" => Ok(AdaptScope::Search),
            "level" => Ok(AdaptScope::Level),
            _ => Err(Error::Config(format!(
                "unknown --adapt-scope '{s}' (expected auto, search or level)"
            ))),
        }
    }
}

impl fmt::Display for AdaptScope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AdaptScope::Auto => "auto",
            AdaptScope::Search => "search",
            AdaptScope::Level => "level",
        })
    }
}

impl FromStr for AdaptTabu {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        match s {
            "auto" => Ok(AdaptTabu::Auto),
            "most" => Ok(AdaptTabu::Most),
            "bandit" => Ok(AdaptTabu::Bandit),
            "none" => Ok(AdaptTabu::None),
            _ => Err(Error::Config(format!(
                "unknown --adapt-tabu '{s}' (expected auto, most, bandit or none)"
            ))),
        }
    }
}

impl fmt::Display for AdaptTabu {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AdaptTabu::Auto => "auto",
            AdaptTabu::Most => "most",
            AdaptTabu::Bandit => "bandit",
            AdaptTabu::None => "none",
        })
    }
}

impl SearchConfig {
    /// True when the learned rollouts may run: `--policy adapt`, the default warm
    /// tree of `nmcts` and `nbmcts` (`--inner-algo auto` with `--policy auto`), or
    /// `mcts` with `--policy auto` (learned rollouts on large SameGame boards,
    /// [`Defaults::mcts_learns`](crate::search::defaults::Defaults::mcts_learns)).
    pub(super) fn learns(&self) -> bool {
        self.policy == RolloutPolicy::Adapt || self.warm_capable() || self.mcts_auto()
    }

    /// True for `mcts` with `--policy auto`, which plays learned rollouts where they
    /// won (resolved by `Defaults::mcts_learns`).
    pub fn mcts_auto(&self) -> bool {
        self.algo == Algo::Mcts && self.policy == RolloutPolicy::Auto
    }

    /// Writes `--adapt-scope` in its one form for this search, so that equal searches
    /// have equal configurations, canonical lines and journal keys: `level` wherever
    /// it resolves to one policy per level search (given, or `auto`'s), `search`
    /// only where `auto` would be `level`, `auto` elsewhere (and wherever the
    /// rollouts do not learn: the scope is not used there). Called once the
    /// configuration is validated (the CLI's `config`).
    pub fn canonical_scope(&mut self) {
        self.adapt.scope = if !self.learns() {
            AdaptScope::Auto
        } else {
            match (Defaults::adapt_scope(self), Defaults::auto_scope(self)) {
                (ScopeRule::Level, _) => AdaptScope::Level,
                (ScopeRule::Search, ScopeRule::Level) => AdaptScope::Search,
                (ScopeRule::Search, ScopeRule::Search) => AdaptScope::Auto,
            }
        };
    }

    /// Checks that `flag` (one of the `--adapt-*` flags, given or set) applies: an
    /// algorithm with learned rollouts, and `--policy adapt` (or the default of
    /// `mcts`, `nmcts` and `nbmcts`, which learn on large boards).
    pub fn check_adapt_flag(&self, flag: &str) -> Result<(), Error> {
        self.algo.uses_flag(flag)?;
        if !self.learns() {
            return Err(Error::Config(format!(
                "{flag} is only used by --policy adapt (the learned rollouts), not --policy {}",
                self.policy
            )));
        }
        Ok(())
    }

    /// Checks `--policy adapt` (tree searches and NMCS only) and its flags (only
    /// with it; α a finite number > 0, K at most [`limits::MAX_ITERATIONS`], the
    /// level scope only where there are levels).
    pub(super) fn validate_adapt(&self) -> Result<(), Error> {
        let bad = |m: String| Err(Error::Config(m));
        let d = AdaptConfig::default();
        let a = self.adapt;
        let set = [
            ("--adapt-alpha", a.alpha.is_some()),
            ("--adapt-every", a.every.is_some()),
            ("--adapt-scope", a.scope != d.scope),
            ("--adapt-tabu", a.tabu != d.tabu),
        ];
        for (flag, set) in set {
            if set {
                self.check_adapt_flag(flag)?;
            }
        }
        if !self.learns() {
            return Ok(());
        }
        if !(self.algo.is_tree() || self.algo == Algo::Nmcs) {
            let why = match self.algo {
                Algo::Nrpa => "nrpa always learns its playouts; its --policy sets their candidates: random, tabu or auto",
                _ => "it plays no rollouts",
            };
            return bad(format!(
                "--policy adapt is not available for {} ({why})",
                self.algo.name()
            ));
        }
        if let Some(alpha) = a.alpha {
            if !(alpha.is_finite() && alpha > 0.0) {
                return bad(format!(
                    "--adapt-alpha must be a finite number > 0, got {alpha}"
                ));
            }
        }
        if let Some(every) = a.every {
            if every > limits::MAX_ITERATIONS {
                return bad(format!(
                    "--adapt-every must be at most {}, got {every}",
                    limits::MAX_ITERATIONS
                ));
            }
        }
        if a.scope == AdaptScope::Level && self.level < 2 {
            return bad(
                "--adapt-scope level needs --level 2 or more (a level-1 search has one policy)"
                    .into(),
            );
        }
        Ok(())
    }
}
