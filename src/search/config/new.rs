//! The default configuration of each algorithm ([`SearchConfig::new`]: what the CLI
//! runs when no other flag is given, every field at its default from
//! [`Defaults`] or `auto`) and what a thread count asks of a configuration
//! ([`SearchConfig::set_threads`]).
//!
//! Owns: those two, and which beams are an algorithm's default
//! ([`SearchConfig::beams_are_default`]). Must not: look at a board or a budget (`auto` stays `auto`
//! here; `search::resolve` gives it a value), or check the result
//! ([`SearchConfig::validate`] does).

use super::{
    AdaptConfig, Advance, Algo, Beam, InnerAlgo, NrpaConfig, NrpaRestart, SearchConfig, Setting,
};
use crate::error::Error;
use crate::limits;
use crate::policy::RolloutPolicy;
use crate::search::defaults::Defaults;
use crate::search::eval::{Eval, ImSource};

/// The default beams of `algo` with `n` tree levels: `auto` at level 1 for BMCTS and
/// NBMCTS, none elsewhere.
fn default_beams(algo: Algo, n: usize) -> Vec<Option<Beam>> {
    (0..n)
        .map(|i| {
            (i == 0 && algo.has_beam()).then_some(Beam {
                l: Setting::Auto,
                w: Setting::Auto,
            })
        })
        .collect()
}

impl SearchConfig {
    /// True when the beams are the default beams of the algorithm at its level
    /// (none given): NBMCTS's warm tree then moves its beam to level 2
    /// (`search::resolve`).
    pub(crate) fn beams_are_default(&self) -> bool {
        self.beam == default_beams(self.algo, self.level as usize)
    }

    /// The default configuration of `algo` at `level` (forced to 1 for MCTS/BMCTS):
    /// what the CLI runs when no other flag is given.
    pub fn new(algo: Algo, level: u32) -> SearchConfig {
        let level = if algo.is_nested() { level } else { 1 };
        let n = if algo.is_tree() { level as usize } else { 0 };
        SearchConfig {
            algo,
            level,
            policy: RolloutPolicy::Auto,
            c: (0..n)
                .map(|i| {
                    if i == 0 {
                        Setting::Auto
                    } else {
                        Setting::Set(0.0)
                    }
                })
                .collect(),
            beam: default_beams(algo, n),
            // Move-by-move MCTS with the tuned z beat global MCTS at 100,000
            // playouts in SameGame and Bubble Breaker (docs/experiments.md,
            // "Move-by-move z"); `auto` is global search where that won. Nested
            // levels and BMCTS keep global search (the thesis' setting).
            z: (0..n)
                .map(|_| {
                    if algo == Algo::Mcts {
                        Setting::Auto
                    } else {
                        Setting::Set(0)
                    }
                })
                .collect(),
            // The z tuning advanced along the best solution (option b).
            advance: if algo == Algo::Mcts {
                Advance::Best
            } else {
                Advance::Visits
            },
            inner: None,
            restarts: 1,
            bandit_c: None,
            solver: true,
            bounds: true,
            reuse: true,
            reward_norm: Defaults::REWARD_NORM,
            endgame: if matches!(algo, Algo::Exact | Algo::Nrpa | Algo::Beam) {
                0
            } else {
                Defaults::ENDGAME
            },
            tt_mb: Defaults::TT_MB,
            nrpa: NrpaConfig::default(),
            adapt: AdaptConfig::default(),
            // The warm tree where it won (resolved by `Defaults::warm`).
            inner_algo: if matches!(algo, Algo::Nmcts | Algo::Nbmcts) {
                InnerAlgo::Auto
            } else {
                InnerAlgo::Mcts
            },
            inner_level: None,
            beam_width: None,
            playout_beam: Defaults::PLAYOUT_BEAM,
            eval_weights: None,
            eval: if algo == Algo::Beam {
                Defaults::BEAM_EVAL
            } else {
                Eval::None
            },
            im_alpha: Vec::new(),
            im_source: ImSource::Eval,
            pb: Vec::new(),
            // Beam: 0 = the caller's pool, whatever its size (it parallelises one
            // search; see `search::beam`).
            trees: if matches!(algo, Algo::Mcts | Algo::Beam) {
                0
            } else {
                1
            },
            nrpa_restart: NrpaRestart::Fresh,
        }
    }

    /// Sets what a thread count asks of this configuration (`solve --threads N`,
    /// `--search-threads N`; 0 = `auto`), with `--nrpa-width` (`width`) and
    /// `--nrpa-independent`:
    ///
    /// - NRPA: one search of width `width`, or [`Defaults::nrpa_width`] of the thread
    ///   count (parallel NRPA, `search::nrpa::parallel`: the threads only run it
    ///   faster); with `independent`, N root-parallel searches of width 1 sharing the
    ///   budget, the best kept (`search::parallel`, the meaning of `--threads` before
    ///   parallel NRPA);
    /// - every other algorithm: N root-parallel searches (`trees`); a `width` is
    ///   left for [`SearchConfig::validate`] to refuse.
    ///
    /// # Errors
    /// A thread count out of range, or `width` and `independent` together.
    pub fn set_threads(
        &mut self,
        threads: Option<u32>,
        width: Option<u32>,
        independent: bool,
    ) -> Result<(), Error> {
        if let Some(n) = threads {
            limits::check_search_threads(n)?;
        }
        if width.is_some() && independent {
            return Err(Error::Config(
                "--nrpa-width and --nrpa-independent exclude each other \
                 (--nrpa-independent runs N separate searches of width 1)"
                    .into(),
            ));
        }
        if let Some(w) = width {
            self.nrpa.width = w;
        }
        match threads {
            Some(n) if self.algo == Algo::Nrpa && !independent && n != 0 => {
                if width.is_none() {
                    self.nrpa.width = Defaults::nrpa_width(n);
                }
                self.trees = 1;
            }
            Some(n) => self.trees = n,
            None => {}
        }
        Ok(())
    }
}
