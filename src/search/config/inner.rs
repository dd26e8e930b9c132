//! The inner search of a nested tree search (`--inner-algo`, `--inner-level`): which
//! algorithm the searches started from the leaves of the level-2 tree (or beam) run,
//! and its checks.
//!
//! Owns: [`InnerAlgo`], its JSON form and [`SearchConfig::validate_inner`]. Must not:
//! run searches or hold defaults.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::{AdaptTabu, Algo, SearchConfig};
use crate::error::Error;
use crate::policy::RolloutPolicy;

/// The search run from each leaf of the level-2 tree of NMCTS/NBMCTS
/// (`--inner-algo`): the thesis defines nesting over any level-(n−1) search (§4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum InnerAlgo {
    /// Level-1 MCTS (or BMCTS with a level-1 beam): the thesis' nesting.
    #[default]
    Mcts,
    /// Nested Monte-Carlo Search of level `--inner-level`.
    Nmcs,
    /// NRPA of level `--inner-level` (its `--nrpa-*` flags apply).
    Nrpa,
    /// The default of `nmcts` and `nbmcts`: the warm tree where it won (level ≥ 2,
    /// boards of
    /// [`Defaults::WARM_MIN_TILES`](crate::search::defaults::Defaults::WARM_MIN_TILES)
    /// tiles and more, `--policy auto` or `adapt`): NRPA of level 2 with N = 50 and
    /// 2,500 playouts per inner search, warm-started from the tree's learned
    /// rollouts (NBMCTS: with a level-2 beam unless beams are given); elsewhere
    /// level-1 MCTS. Resolved in `defaults::resolve`.
    Auto,
}

impl InnerAlgo {
    /// True for level-1 MCTS, the thesis' nesting and the only inner search before
    /// `--inner-algo` existed: left out of the JSON form and the canonical line, so
    /// journals written before keep their identity (`auto`, `nmcts`'s default since,
    /// is written out).
    pub fn is_default(&self) -> bool {
        *self == InnerAlgo::Mcts
    }
}

impl FromStr for InnerAlgo {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        match s {
            "mcts" => Ok(InnerAlgo::Mcts),
            "nmcs" => Ok(InnerAlgo::Nmcs),
            "nrpa" => Ok(InnerAlgo::Nrpa),
            "auto" => Ok(InnerAlgo::Auto),
            _ => Err(Error::Config(format!(
                "unknown --inner-algo '{s}' (expected auto, mcts, nmcs or nrpa)"
            ))),
        }
    }
}

impl fmt::Display for InnerAlgo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            InnerAlgo::Mcts => "mcts",
            InnerAlgo::Nmcs => "nmcs",
            InnerAlgo::Nrpa => "nrpa",
            InnerAlgo::Auto => "auto",
        })
    }
}

impl SearchConfig {
    /// The level of the inner search (`--inner-level`, 1 unless given).
    pub fn inner_level_or_default(&self) -> u32 {
        self.inner_level.unwrap_or(1)
    }

    /// Checks `--inner-algo` and `--inner-level`: NMCTS and NBMCTS at level ≥ 2 only;
    /// a level only for `nmcs` or `nrpa` (1-8); with `nrpa`, no tabu-colour bandit
    /// (the `--nrpa-*` values and candidates are checked with NRPA's, in
    /// `config::nrpa::validate`).
    pub(super) fn validate_inner(&self) -> Result<(), Error> {
        let bad = |m: String| Err(Error::Config(m));
        let given = [
            (
                "--inner-algo",
                !matches!(self.inner_algo, InnerAlgo::Mcts | InnerAlgo::Auto),
            ),
            ("--inner-level", self.inner_level.is_some()),
        ];
        for (flag, set) in given {
            if set {
                self.algo.uses_flag(flag)?;
                if self.level < 2 {
                    return bad(format!(
                        "{flag} needs --level 2 or more (it sets the search run from the leaves of the level-2 tree)"
                    ));
                }
            }
        }
        if let Some(k) = self.inner_level {
            if self.inner_algo == InnerAlgo::Mcts
                || (self.inner_algo == InnerAlgo::Auto && !self.warm_capable())
            {
                return bad(
                    "--inner-level sets the level of --inner-algo nmcs or nrpa, or of the warm tree's NRPA (the default of nmcts and nbmcts at level 2 and more with --policy auto or adapt); the inner MCTS searches are level 1"
                        .into(),
                );
            }
            if !(1..=8).contains(&k) {
                return bad(format!("--inner-level must be between 1 and 8, got {k}"));
            }
        }
        if self.inner_algo == InnerAlgo::Nrpa {
            if self.policy == RolloutPolicy::TabuBandit {
                return bad(
                    "--policy tabu-bandit is not available with --inner-algo nrpa (NRPA plays its own learned playouts; --policy sets their candidates: random, tabu, auto, or adapt to warm-start them from the tree's learned policy)"
                        .into(),
                );
            }
            if self.policy == RolloutPolicy::Adapt && self.adapt.tabu == AdaptTabu::Bandit {
                return bad(
                    "--adapt-tabu bandit is not available with --inner-algo nrpa (the inner NRPA's candidates: --adapt-tabu auto, most or none)"
                        .into(),
                );
            }
            // NRPA's own values and candidates: config::nrpa::validate.
        }
        Ok(())
    }

    /// True when the `--nrpa-*` flags apply: NRPA, a nested tree search whose inner
    /// search is NRPA, or one that may run the warm tree ([`Self::warm_capable`]).
    pub(super) fn runs_nrpa(&self) -> bool {
        self.algo == Algo::Nrpa || self.inner_algo == InnerAlgo::Nrpa || self.warm_capable()
    }

    /// True when `--inner-algo auto` runs the warm tree on large boards: `nmcts` or
    /// `nbmcts` at level 2 or more with `--policy auto`, or `adapt` without the bandit's tabu
    /// colour. With a thesis rollout policy (`random`, `tabu`, `tabu-bandit`) `auto`
    /// is the thesis' nesting (level-1 MCTS) everywhere. The board's size decides
    /// the rest ([`Defaults::warm`](crate::search::defaults::Defaults::warm)).
    pub fn warm_capable(&self) -> bool {
        matches!(self.algo, Algo::Nmcts | Algo::Nbmcts)
            && self.level >= 2
            && self.inner_algo == InnerAlgo::Auto
            && match self.policy {
                RolloutPolicy::Auto => true,
                RolloutPolicy::Adapt => self.adapt.tabu != AdaptTabu::Bandit,
                _ => false,
            }
    }
}
