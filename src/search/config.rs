//! Search configuration: [`SearchConfig`] (what every algorithm takes, and in its
//! [`Spec`] the algorithm with only the parameters it reads: [`TreeSpec`] for the
//! four tree searches and their levels, [`NmcsSpec`], [`NrpaSpec`], [`BeamSpec`],
//! exact), its validation and its canonical one-line form, per-level [`Setting`]s and [`Beam`]s, and which flag
//! applies to which algorithm (the one table [`FLAGS`], `flags.rs`, read by
//! [`Algo::uses_flag`]). The named choices it holds ([`Algo`], [`Advance`], …) are
//! `search::choices`', re-exported here.
//!
//! The configuration stores the default values of its fields as numbers (NRPA's α,
//! the table size, …) and prints them in its canonical line, so it reads them from
//! `search::defaults`, which sits below it (defaults speak only `search::choices`).
//! What a configuration resolves to on a board and budget is `search::resolve`'s.
//!
//! Owns: the shape and validation of configurations: every check of a value or a
//! combination lives here, and the CLI relies on it; the default configuration of
//! each algorithm and what a thread count asks of it (`new.rs`: each field set to
//! its [`Defaults`] value, to `auto`, or to the setting written there with its
//! reason: `--solver on`, `--restarts 1`, `--advance` per algorithm, …). Must not:
//! define the tuned default values (`search::defaults` does), look at a board or a
//! budget (that is resolution, `search::resolve`), run searches, print or parse CLI
//! flags.

use std::fmt;

use serde::Serialize;

use super::defaults::Defaults;
use super::eval::{Eval, EvalWeights, ImSource};
use crate::error::Error;
use crate::limits;
use crate::policy::RolloutPolicy;

/// Refuses a configuration: returns `Err(Error::Config(format!(…)))` from the
/// enclosing function when the condition holds (the message names the flag).
macro_rules! refuse_if {
    (let $pat:pat = $val:expr, $($msg:tt)+) => {
        if let $pat = $val {
            return Err($crate::error::Error::Config(format!($($msg)+)));
        }
    };
    ($cond:expr, $($msg:tt)+) => {
        if $cond {
            return Err($crate::error::Error::Config(format!($($msg)+)));
        }
    };
}

impl Algo {
    /// Checks `--level` for this algorithm.
    pub fn check_level(self, level: u32) -> Result<(), Error> {
        refuse_if!(level == 0, "--level must be at least 1");
        refuse_if!(
            !self.is_nested() && level != 1,
            "--level {level} is not available for {} (it is a level-1 search; use nmcts or nbmcts)",
            self.name()
        );
        refuse_if!(level > 8, "--level {level} is too deep (at most 8)");
        Ok(())
    }
}

/// A per-level parameter value: explicit, or `auto` (the [`Defaults`] default for the
/// board's variant and the rollout policy, resolved when the search starts).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub enum Setting<T> {
    /// The default from [`Defaults`] for the variant and policy.
    Auto,
    /// This value.
    Set(T),
}

impl<T: fmt::Display> fmt::Display for Setting<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Setting::Auto => f.write_str("auto"),
            Setting::Set(v) => write!(f, "{v}"),
        }
    }
}

impl<T: Copy> Setting<T> {
    /// The value, or `default` for `auto`.
    pub fn unwrap_or(self, default: T) -> T {
        self.given().unwrap_or(default)
    }

    /// The value given, `None` for `auto`.
    pub fn given(self) -> Option<T> {
        match self {
            Setting::Auto => None,
            Setting::Set(v) => Some(v),
        }
    }
}

/// BMCTS beam of one level: simulation limit L per depth and beam width W.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Beam {
    /// Simulation limit L (`--beam-l`).
    pub l: Setting<u64>,
    /// Beam width W (`--beam-w`).
    pub w: Setting<u32>,
}

/// A complete search configuration: what every algorithm takes, and the spec of
/// its algorithm ([`Spec`]), which holds only the parameters that algorithm reads.
/// [`SearchConfig::new`] gives the defaults; [`SearchConfig::validate`] checks
/// values and combinations.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SearchConfig {
    /// Nesting level (1 for MCTS, BMCTS, beam and exact).
    pub level: u32,
    /// Rollout policy (`--policy`; exact and beam play none: `auto`).
    pub policy: RolloutPolicy,
    /// Exploration factor of the tabu-colour bandit (`--bandit-c`, policy
    /// `tabu-bandit` only); `None` = [`Defaults::bandit_c`] for the bandit's lifetime.
    pub bandit_c: Option<f64>,
    /// Exact endgames: positions with at most this many tiles are solved exactly
    /// (`--endgame N`, 0 = off; every algorithm but `exact`).
    pub endgame: u32,
    /// Transposition table of `exact` and of the endgame solver, in MB (`--tt-mb`).
    pub tt_mb: u64,
    /// Root parallelisation (`solve --threads`, `--search-threads`): this many
    /// independent searches (root-parallel trees for the tree searches) share the
    /// budget (`search::parallel`); 1 = one search, 0 = auto ([`Defaults::trees`],
    /// the default of `mcts`).
    pub trees: u32,
    /// The algorithm and its own parameters.
    pub spec: Spec,
}

/// The algorithm of a configuration, with the parameters only it reads.
// A few configurations per run, none in a hot loop: the size does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Spec {
    /// MCTS, BMCTS, NMCTS, NBMCTS.
    Tree(TreeSpec),
    /// NMCS.
    Nmcs(NmcsSpec),
    /// NRPA.
    Nrpa(NrpaSpec),
    /// The beam search over positions.
    Beam(BeamSpec),
    /// The exact solver.
    Exact,
}

/// The tree searches' parameters. Per-level lists are indexed from level 1 upward
/// and have exactly `level` entries.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TreeSpec {
    /// Which tree search: mcts, bmcts, nmcts or nbmcts (set by [`SearchConfig::new`]).
    algo: Algo,
    /// Exploration factor C of UCB1-TUNED per level (`--c`).
    pub c: Vec<Setting<f64>>,
    /// Beam per level (`--beam-l`, `--beam-w`); `None` = plain MCTS at that level.
    pub beams: Vec<Option<Beam>>,
    /// Move-by-move search per level: spend the level's budget over the first z moves
    /// (`--z`); 0 = global search from the level's start position; `auto` = the tuned
    /// [`Defaults::z`] for the variant, policy and the level's budget class.
    pub z: Vec<Setting<u32>>,
    /// How move-by-move search advances (`--advance`).
    pub advance: Advance,
    /// Playouts of each lower-level search, for levels 1 .. level−1 (`--inner`);
    /// `None` = `auto` (see [`Defaults::inner`]).
    pub inner_playouts: Option<Vec<u64>>,
    /// Independent restarts of the top-level search sharing the budget (`--restarts`).
    pub restarts: u64,
    /// One-player MCTS-Solver (`--solver on|off`).
    pub solver: bool,
    /// Score-bounded solver (`--bounds on|off`, with the solver only): a node whose
    /// admissible upper bound cannot beat the search's best game is closed.
    pub bounds: bool,
    /// Move-by-move search keeps the committed move's subtree (`--reuse on|off`).
    pub reuse: bool,
    /// Reward scaling for selection (`--reward-norm`).
    pub reward_norm: RewardNorm,
    /// Heuristic evaluation of informed selection (`--eval`, `--eval-weights`).
    pub eval: EvalSpec,
    /// Weight α of the implicit value in selection per level (`--im-alpha`); empty
    /// = 0 at every level (off).
    pub im_alpha: Vec<f64>,
    /// What the implicit value is (`--im-source`).
    pub im_source: ImSource,
    /// Progressive-bias weight W per level (`--pb`); empty = 0 at every level.
    pub pb: Vec<f64>,
    /// How the learned rollouts of `--policy adapt` learn (`--adapt-*`).
    pub adapt: AdaptConfig,
    /// The search run from each leaf of the level-2 tree of NMCTS/NBMCTS
    /// (`--inner-algo`) and its level (`--inner-level`, `None` = 1).
    pub inner_algo: InnerAlgo,
    /// Level of `--inner-algo nmcs|nrpa` (`--inner-level`; `None` = 1).
    pub inner_level: Option<u32>,
    /// The parameters of an inner NRPA (`--inner-algo nrpa`, the warm tree).
    pub nrpa: NrpaConfig,
}

/// NMCS's parameters.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct NmcsSpec {
    /// Level-0 playouts as passes of the beam search over positions of this width
    /// (`--playout-beam W`, `search::beam::playout`; 0 = off: rollouts of
    /// `--policy`).
    pub playout_beam: u32,
    /// How the learned rollouts of `--policy adapt` learn (`--adapt-*`).
    pub adapt: AdaptConfig,
}

/// NRPA's parameters.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct NrpaSpec {
    /// `--nrpa-iterations`, `--nrpa-alpha`, … (an inner NRPA takes them too).
    pub nrpa: NrpaConfig,
    /// What the top-level runs after the first start from (`--nrpa-restart`).
    pub restart: NrpaRestart,
}

/// The beam search's parameters.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BeamSpec {
    /// Largest width (`--beam-width`); `None` = `auto` ([`Defaults::BEAM_MAX_WIDTH`]).
    pub width: Option<u64>,
    /// First pass's width (`--beam-start`); `None` = [`Defaults::BEAM_START_WIDTH`].
    pub start: Option<u64>,
    /// How positions are ranked (`--eval`, `--eval-weights`).
    pub eval: EvalSpec,
}

/// A heuristic evaluation (`--eval`) and the weights of `--eval learned`
/// (`--eval-weights FILE`; `None` = the shipped weights).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EvalSpec {
    /// The evaluation (`--eval`).
    pub eval: Eval,
    /// Its weights (`--eval-weights`), for `learned`.
    pub weights: Option<EvalWeights>,
}

/// A shared and a mutable accessor of a part that some specs hold: `None` for the
/// algorithms that do not take it.
macro_rules! part {
    ($(#[$doc:meta])* $get:ident, $get_mut:ident -> $ty:ty {
        $($variant:ident($v:ident) => $field:ident),+
    }) => {
        $(#[$doc])*
        pub fn $get(&self) -> Option<&$ty> {
            match &self.spec {
                $(Spec::$variant($v) => Some(&$v.$field),)+
                _ => None,
            }
        }

        #[doc = concat!("[`SearchConfig::", stringify!($get), "`], to change.")]
        pub fn $get_mut(&mut self) -> Option<&mut $ty> {
            match &mut self.spec {
                $(Spec::$variant($v) => Some(&mut $v.$field),)+
                _ => None,
            }
        }
    };
}

impl BeamSpec {
    /// The widest pass: `--beam-width`, or [`Defaults::BEAM_MAX_WIDTH`] for `auto`.
    pub fn cap(&self) -> u64 {
        self.width.unwrap_or(Defaults::BEAM_MAX_WIDTH)
    }
}

impl TreeSpec {
    /// Which tree search this is.
    pub fn algo(&self) -> Algo {
        self.algo
    }
}

impl SearchConfig {
    /// The algorithm.
    pub fn algo(&self) -> Algo {
        match &self.spec {
            Spec::Tree(t) => t.algo,
            Spec::Nmcs(_) => Algo::Nmcs,
            Spec::Nrpa(_) => Algo::Nrpa,
            Spec::Beam(_) => Algo::Beam,
            Spec::Exact => Algo::Exact,
        }
    }

    /// The tree search's parameters (`None` for the other algorithms).
    pub fn tree(&self) -> Option<&TreeSpec> {
        match &self.spec {
            Spec::Tree(t) => Some(t),
            _ => None,
        }
    }

    /// [`SearchConfig::tree`], to change.
    pub fn tree_mut(&mut self) -> Option<&mut TreeSpec> {
        match &mut self.spec {
            Spec::Tree(t) => Some(t),
            _ => None,
        }
    }

    part!(
        /// The NRPA parameters: nrpa's, or those of a tree search's inner NRPA.
        nrpa, nrpa_mut -> NrpaConfig { Nrpa(n) => nrpa, Tree(t) => nrpa }
    );
    part!(
        /// The learned rollouts' settings (the tree searches' and NMCS's).
        adapt, adapt_mut -> AdaptConfig { Tree(t) => adapt, Nmcs(n) => adapt }
    );
    part!(
        /// The evaluation (the tree searches' and the beam's).
        eval, eval_mut -> EvalSpec { Tree(t) => eval, Beam(b) => eval }
    );
}

impl SearchConfig {
    /// Checks parameters that make no sense (level 0, W = 0, negative C, list
    /// lengths, …) and combinations that do not go together; the message names the
    /// flag.
    pub fn validate(&self) -> Result<(), Error> {
        let algo = self.algo();
        algo.check_level(self.level)?;
        if let Some(t) = self.tree() {
            refuse_if!(t.restarts == 0, "--restarts must be at least 1");
            refuse_if!(
                t.restarts > limits::MAX_RESTARTS,
                "--restarts must be at most {}, got {}",
                limits::MAX_RESTARTS,
                t.restarts
            );
        }
        // 0 is `auto` (resolved per variant and budget when the search starts).
        limits::check_search_threads(self.trees)?;
        refuse_if!(
            self.trees != 1 && algo == Algo::Exact,
            "--threads (--search-threads) is not used by exact (it runs one search)"
        );
        self.validate_flags(|f| !f.inner_nrpa)?;
        self.validate_adapt()?;
        self.validate_inner()?;
        if let Some(b) = self.bandit_c {
            refuse_if!(
                !(b.is_finite() && b >= 0.0),
                "--bandit-c must be a finite number ≥ 0, got {b}"
            );
            let adapt_bandit = self.policy == RolloutPolicy::Adapt
                && self.adapt().is_some_and(|a| a.tabu == AdaptTabu::Bandit);
            refuse_if!(self.policy != RolloutPolicy::TabuBandit && !adapt_bandit, "--bandit-c is only used by --policy tabu-bandit (or adapt with --adapt-tabu bandit), not {}",
                    self.policy);
        }
        refuse_if!(
            self.tt_mb == 0 || self.tt_mb > limits::MAX_TT_MB,
            "--tt-mb must be between 1 and {} (allocated at once, per search thread), got {}",
            limits::MAX_TT_MB,
            self.tt_mb
        );
        // The table is exact's and the endgame solver's; nothing else reads it.
        refuse_if!(self.tt_mb != Defaults::TT_MB && algo != Algo::Exact && self.endgame == 0, "--tt-mb is only used by exact and, with --endgame N, the tree searches and nmcs; not by {} here",
                algo.name());
        nrpa::validate(self)?;
        refuse_if!(
            algo == Algo::Exact && self.endgame != 0,
            "--endgame is not used by exact (it solves the whole game)"
        );
        refuse_if!(
            algo == Algo::Exact && self.policy != RolloutPolicy::Auto,
            "--policy {} is not used by exact (it plays no rollouts)",
            self.policy
        );
        refuse_if!(
            self.endgame > 1024,
            "--endgame {} is more tiles than any board has (at most 1024)",
            self.endgame
        );
        if let Some(e) = self.eval() {
            e.validate()?;
        }
        match &self.spec {
            Spec::Tree(t) => t.validate(self.level),
            Spec::Beam(b) => self.validate_beam(b),
            Spec::Nmcs(n) => self.validate_playout_beam(n.playout_beam),
            Spec::Nrpa(_) | Spec::Exact => Ok(()),
        }
    }
}

impl TreeSpec {
    /// The tree search's own checks at `level` levels: per-level list lengths and
    /// values, beams, `--inner`, informed selection.
    fn validate(&self, level: u32) -> Result<(), Error> {
        self.validate_informed(level)?;
        let n = level as usize;
        for (flag, len) in [
            ("--c", self.c.len()),
            ("--z", self.z.len()),
            ("--beam-l/--beam-w", self.beams.len()),
        ] {
            refuse_if!(
                len != n,
                "{flag} needs {n} value(s) (one per level from 1 to {n}), got {len}"
            );
        }
        for (i, c) in self.c.iter().enumerate() {
            if let Setting::Set(v) = c {
                refuse_if!(
                    !(v.is_finite() && *v >= 0.0),
                    "--c must be a finite number ≥ 0, got {v} at level {}",
                    i + 1
                );
            }
        }
        for (i, b) in self.beams.iter().enumerate() {
            let Some(Beam { l, w }) = b else { continue };
            let level = i + 1;
            let (l, w) = (l.given(), w.given().map(u64::from));
            let sizes = [
                ("--beam-l", l, limits::MAX_ITERATIONS),
                ("--beam-w", w, limits::MAX_BEAM_W.into()),
            ];
            for (flag, v, _) in sizes {
                refuse_if!(v == Some(0), "{flag} must be at least 1 (level {level})");
            }
            for (flag, v, max) in sizes {
                refuse_if!(
                    let Some(v) = v.filter(|&v| v > max),
                    "{flag} must be at most {max} (level {level}), got {v}"
                );
            }
        }
        refuse_if!(
            self.algo == Algo::Bmcts && self.beams[0].is_none(),
            "bmcts needs a beam (--beam-l/--beam-w must not be none)"
        );
        if let Some(inner) = &self.inner_playouts {
            refuse_if!(
                n < 2,
                "--inner needs --level 2 or more (it sets the lower levels' playouts)"
            );
            refuse_if!(
                inner.len() != n - 1,
                "--inner needs {} value(s) (playouts per search of levels 1 to {}), got {}",
                n - 1,
                n - 1,
                inner.len()
            );
            refuse_if!(inner.contains(&0), "--inner values must be at least 1");
        }
        Ok(())
    }
}

mod adapt;
mod beam;
mod display;
mod flags;
mod informed;
mod inner;
mod new;
mod nrpa;
mod valid;
pub use super::choices::{
    AdaptScope, AdaptTabu, Advance, Algo, InnerAlgo, NrpaRestart, RewardNorm,
};
pub use adapt::AdaptConfig;
pub(crate) use flags::search_flags;
pub use flags::{Flag, FLAGS};
pub use nrpa::{Late, NrpaConfig};
pub use valid::Valid;
