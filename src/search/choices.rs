//! The named choices of a search configuration: the algorithm (`--algo`), the
//! move-by-move advance (`--advance`), the reward scaling (`--reward-norm`), the
//! inner search of a nested tree (`--inner-algo`), the learned rollouts' scope
//! and tabu colour (`--adapt-scope`, `--adapt-tabu`) and what NRPA's restarts start
//! from (`--nrpa-restart`): the words that both the
//! defaults (`search::defaults`, whose values and rules are stated in them) and the
//! configuration (`search::config`) speak, with their names on the command line.
//!
//! Owns: these enums, each variant's name written beside it (`choice!`: `name`,
//! `FromStr`, `Display`, `ALL`), and their JSON form.
//! Must not: hold default values or rules (`search::defaults`), or check a
//! configuration (`search::config`): it imports nothing of the search family, so
//! both can import it.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::Error;

/// `a`, `a or b`, `a, b or c`: the names a choice takes, for its refusal.
fn expected(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// A choice of the flag `$flag`: the enum as written, each variant with its name on
/// the command line (`Mcts = "mcts"`); `ALL`, every variant in that order; `name`
/// and `Display` give a variant's name, `FromStr` reads it and refuses any other word
/// with the flag and the names it takes (in that order).
macro_rules! choice {
    ($flag:literal $(#[$m:meta])* pub enum $ty:ident {
        $($(#[$vm:meta])* $v:ident = $name:literal,)+
    }) => {
        $(#[$m])*
        pub enum $ty {
            $($(#[$vm])* $v,)+
        }

        impl $ty {
            #[doc = concat!("Every choice of `", $flag, "`, in its order.")]
            pub const ALL: [$ty; [$($name),+].len()] = [$($ty::$v),+];

            #[doc = concat!("The name used by `", $flag, "`.")]
            pub fn name(self) -> &'static str {
                match self {
                    $($ty::$v => $name,)+
                }
            }
        }

        impl FromStr for $ty {
            type Err = Error;
            fn from_str(s: &str) -> Result<Self, Error> {
                $(if s == $name {
                    return Ok($ty::$v);
                })+
                Err(Error::Config(format!(
                    "unknown {} '{s}' (expected {})",
                    $flag,
                    expected(&[$($name),+])
                )))
            }
        }

        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

choice! {
    "--algo"
    /// Which algorithm (`--algo`). [`Algo::ALL`] lists them.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
    pub enum Algo {
        /// MCTS with UCB1-TUNED (multi-start, move-by-move as options).
        Mcts = "mcts",
        /// Nested Monte-Carlo Search.
        Nmcs = "nmcs",
        /// Nested MCTS.
        Nmcts = "nmcts",
        /// Beam MCTS.
        Bmcts = "bmcts",
        /// Nested Beam MCTS.
        Nbmcts = "nbmcts",
        /// Exact solver (depth-first branch and bound with a transposition table).
        Exact = "exact",
        /// Nested Rollout Policy Adaptation (Rosin 2011).
        Nrpa = "nrpa",
        /// Beam search over positions, depth by depth (`search::beam`).
        Beam = "beam",
    }
}

impl Algo {
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

choice! {
    "--advance"
    /// Move to play between two steps of move-by-move search (`--advance`).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
    pub enum Advance {
        /// The most-sampled move of the root (thesis §4.2 option a).
        #[default]
        Visits = "visits",
        /// The next move of the best solution found so far (option b).
        Best = "best",
    }
}

choice! {
    "--reward-norm"
    /// How the tree searches scale rewards for selection (`--reward-norm`).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
    pub enum RewardNorm {
        /// Fixed bounds per variant and board size (thesis eq. 4.1-4.2 generalised):
        /// the span of possible scores grows with the square of the board area, so one C
        /// explores far less on large boards than on small ones.
        #[default]
        Thesis = "thesis",
        /// The rewards seen by the search itself, stretched to [0, 1] (lowest to highest
        /// seen, per level search): C means the same on every board size and variant.
        Range = "range",
    }
}

choice! {
    "--inner-algo"
    /// The search run from each leaf of the level-2 tree of NMCTS/NBMCTS
    /// (`--inner-algo`): the thesis defines nesting over any level-(n−1) search (§4.2).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
    pub enum InnerAlgo {
        /// The default of `nmcts` and `nbmcts`: the warm tree where it won (level ≥ 2,
        /// boards of
        /// [`Defaults::WARM_MIN_TILES`](crate::search::defaults::Defaults::WARM_MIN_TILES)
        /// tiles and more, `--policy auto` or `adapt`): NRPA of level 2 with N = 50 and
        /// 2,500 playouts per inner search, warm-started from the tree's learned
        /// rollouts (NBMCTS: with a level-2 beam unless beams are given); elsewhere
        /// level-1 MCTS. Resolved in `search::resolve`.
        Auto = "auto",
        /// Level-1 MCTS (or BMCTS with a level-1 beam): the thesis' nesting.
        #[default]
        Mcts = "mcts",
        /// Nested Monte-Carlo Search of level `--inner-level`.
        Nmcs = "nmcs",
        /// NRPA of level `--inner-level` (its `--nrpa-*` flags apply).
        Nrpa = "nrpa",
    }
}

choice! {
    "--adapt-scope"
    /// Where the policy of the learned rollouts lives (`--adapt-scope`).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
    pub enum AdaptScope {
        /// `level` for NMCTS over level-1 MCTS searches, `search` elsewhere: resolved by
        /// `Defaults::auto_scope`.
        Auto = "auto",
        /// One policy per search (per tree and restart; per complete run of NMCS), used
        /// by the rollouts of every level and adapted toward the best game the whole
        /// search has found.
        Search = "search",
        /// One policy per level search, as NRPA nests them: a level-i search starts
        /// from a copy of its parent's policy (the top level from an empty one) and
        /// adapts it toward its own best game; a level ≥ 2 adapts once after each of
        /// its simulations (each lower-level search).
        Level = "level",
    }
}

choice! {
    "--adapt-tabu"
    /// The tabu colour of each learned rollout (`--adapt-tabu`): the colour whose groups
    /// are no candidates while groups of other colours exist (NRPA's selective policy).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
    pub enum AdaptTabu {
        /// As NRPA's `--policy auto` on the root board
        /// ([`Defaults::nrpa_policy`](crate::search::Defaults::nrpa_policy)): `most`
        /// where it is selective, `none` elsewhere.
        Auto = "auto",
        /// The colour with most tiles at the rollout's start (TabuColorRandom).
        Most = "most",
        /// Chosen per rollout by the UCB1-TUNED bandit of `--policy tabu-bandit`.
        Bandit = "bandit",
        /// No tabu colour: every group is a candidate.
        None = "none",
    }
}

choice! {
    "--nrpa-restart"
    /// What a top-level NRPA run after the first starts from (`--nrpa-restart`).
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "lowercase")]
    pub enum NrpaRestart {
        /// The empty policy and no sequence (plain NRPA; with `--nrpa-seed`, the seed).
        #[default]
        Fresh = "fresh",
        /// The empty policy with the best line found so far as its best sequence (an
        /// "improve" restart: the run learns from that line first and leaves it only
        /// for something no worse), its playouts drawn on from where the generator
        /// stands (a fresh stream).
        Best = "best",
    }
}
