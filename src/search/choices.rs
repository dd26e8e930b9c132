//! The named choices of a search configuration: the algorithm (`--algo`), the
//! move-by-move advance (`--advance`), the reward scaling (`--reward-norm`), the
//! inner search of a nested tree (`--inner-algo`) and the learned rollouts' scope
//! and tabu colour (`--adapt-scope`, `--adapt-tabu`): the words that both the
//! defaults (`search::defaults`, whose values and rules are stated in them) and the
//! configuration (`search::config`) speak, with their names on the command line.
//!
//! Owns: these enums, their names (`FromStr`, `Display`) and their JSON form.
//! Must not: hold default values or rules (`search::defaults`), or check a
//! configuration (`search::config`): it imports nothing of the search family, so
//! both can import it.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::Error;

/// Which algorithm (`--algo`). [`Algo::ALL`] lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Algo {
    /// MCTS with UCB1-TUNED (multi-start, move-by-move as options).
    Mcts,
    /// Nested Monte-Carlo Search.
    Nmcs,
    /// Nested MCTS.
    Nmcts,
    /// Beam MCTS.
    Bmcts,
    /// Nested Beam MCTS.
    Nbmcts,
    /// Exact solver (depth-first branch and bound with a transposition table).
    Exact,
    /// Nested Rollout Policy Adaptation (Rosin 2011).
    Nrpa,
    /// Beam search over positions, depth by depth (`search::beam`).
    Beam,
}

impl Algo {
    /// Every algorithm, in `--algo`'s order.
    pub const ALL: [Algo; 8] = [
        Algo::Mcts,
        Algo::Nmcs,
        Algo::Nmcts,
        Algo::Bmcts,
        Algo::Nbmcts,
        Algo::Exact,
        Algo::Nrpa,
        Algo::Beam,
    ];
}

impl Algo {
    /// The name used by `--algo`.
    pub fn name(self) -> &'static str {
        match self {
            Algo::Mcts => "mcts",
            Algo::Nmcs => "nmcs",
            Algo::Nmcts => "nmcts",
            Algo::Bmcts => "bmcts",
            Algo::Nbmcts => "nbmcts",
            Algo::Exact => "exact",
            Algo::Nrpa => "nrpa",
            Algo::Beam => "beam",
        }
    }
    /// True for the tree searches (MCTS, NMCTS, BMCTS, NBMCTS).
    pub fn is_tree(self) -> bool {
        matches!(self, Algo::Mcts | Algo::Nmcts | Algo::Bmcts | Algo::Nbmcts)
    }
    /// True for the algorithms with `--level` (NMCS, NMCTS, NBMCTS, NRPA).
    pub fn is_nested(self) -> bool {
        matches!(self, Algo::Nmcs | Algo::Nmcts | Algo::Nbmcts | Algo::Nrpa)
    }
    /// True for the algorithms with beams (BMCTS, NBMCTS).
    pub fn has_beam(self) -> bool {
        matches!(self, Algo::Bmcts | Algo::Nbmcts)
    }
}

impl FromStr for Algo {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        Ok(match s {
            "mcts" => Algo::Mcts,
            "nmcs" => Algo::Nmcs,
            "nmcts" => Algo::Nmcts,
            "bmcts" => Algo::Bmcts,
            "nbmcts" => Algo::Nbmcts,
            "exact" => Algo::Exact,
            "nrpa" => Algo::Nrpa,
            "beam" => Algo::Beam,
            a => {
                return Err(Error::Config(format!(
                "unknown --algo '{a}' (expected mcts, nmcs, nmcts, bmcts, nbmcts, exact, nrpa or beam)"
            )))
            }
        })
    }
}

/// Move to play between two steps of move-by-move search (`--advance`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Advance {
    /// The most-sampled move of the root (thesis §4.2 option a).
    #[default]
    Visits,
    /// The next move of the best solution found so far (option b).
    Best,
}

impl FromStr for Advance {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        match s {
            "visits" => Ok(Advance::Visits),
            "best" => Ok(Advance::Best),
            _ => Err(Error::Config(format!(
                "unknown --advance '{s}' (expected visits or best)"
            ))),
        }
    }
}

impl fmt::Display for Advance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Advance::Visits => "visits",
            Advance::Best => "best",
        })
    }
}

/// How the tree searches scale rewards for selection (`--reward-norm`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum RewardNorm {
    /// Fixed bounds per variant and board size (thesis eq. 4.1-4.2 generalised):
    /// the span of possible scores grows with the square of the board area, so one C
    /// explores far less on large boards than on small ones.
    #[default]
    Thesis,
    /// The rewards seen by the search itself, stretched to [0, 1] (lowest to highest
    /// seen, per level search): C means the same on every board size and variant.
    Range,
}

impl FromStr for RewardNorm {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        match s {
            "thesis" => Ok(RewardNorm::Thesis),
            "range" => Ok(RewardNorm::Range),
            _ => Err(Error::Config(format!(
                "unknown --reward-norm '{s}' (expected thesis or range)"
            ))),
        }
    }
}

impl fmt::Display for RewardNorm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RewardNorm::Thesis => "thesis",
            RewardNorm::Range => "range",
        })
    }
}

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
    /// level-1 MCTS. Resolved in `search::resolve`.
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
    /// As NRPA's `--policy auto` on the root board
    /// ([`Defaults::nrpa_policy`](crate::search::Defaults::nrpa_policy)): `most`
    /// where it is selective, `none` elsewhere.
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
