//! The default configuration of each algorithm ([`SearchConfig::new`]: what the CLI
//! runs when no other flag is given: the spec of its algorithm, every field at its
//! default from [`Defaults`] or `auto`) and what a thread count asks of a configuration
//! ([`SearchConfig::set_threads`]).
//!
//! Owns: those two, and which beams are an algorithm's default
//! (`TreeSpec::beams_are_default`). Must not: look at a board or a budget (`auto` stays `auto`
//! here; `search::resolve` gives it a value), or check the result
//! ([`SearchConfig::validate`] does).

use super::{
    AdaptConfig, Advance, Algo, Beam, BeamSpec, EvalSpec, InnerAlgo, NmcsSpec, NrpaConfig,
    NrpaRestart, NrpaSpec, SearchConfig, Setting, Spec, TreeSpec,
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

impl TreeSpec {
    /// True when the beams are the default beams of the algorithm at its level
    /// (none given): NBMCTS's warm tree then moves its beam to level 2
    /// (`search::resolve`).
    pub(crate) fn beams_are_default(&self) -> bool {
        self.beams == default_beams(self.algo, self.beams.len())
    }

    /// The default parameters of the tree search `algo` with `n` levels.
    fn new(algo: Algo, n: usize) -> TreeSpec {
        TreeSpec {
            algo,
            c: (0..n)
                .map(|i| match i {
                    0 => Setting::Auto,
                    _ => Setting::Set(0.0),
                })
                .collect(),
            beams: default_beams(algo, n),
            // Move-by-move MCTS with the tuned z beat global MCTS at 100,000
            // playouts in SameGame and Bubble Breaker (docs/experiments.md,
            // "Move-by-move z"); `auto` is global search where that won. Nested
            // levels and BMCTS keep global search (the thesis' setting).
            z: (0..n)
                .map(|_| match algo {
                    Algo::Mcts => Setting::Auto,
                    _ => Setting::Set(0),
                })
                .collect(),
            // The z tuning advanced along the best solution (option b).
            advance: match algo {
                Algo::Mcts => Advance::Best,
                _ => Advance::Visits,
            },
            inner_playouts: None,
            restarts: 1,
            solver: true,
            bounds: true,
            reuse: true,
            reward_norm: Defaults::REWARD_NORM,
            eval: EvalSpec {
                eval: Eval::None,
                weights: None,
            },
            im_alpha: Vec::new(),
            im_source: ImSource::Eval,
            pb: Vec::new(),
            adapt: AdaptConfig::default(),
            // The warm tree where it won (resolved by `Defaults::warm`).
            inner_algo: match algo {
                Algo::Nmcts | Algo::Nbmcts => InnerAlgo::Auto,
                _ => InnerAlgo::Mcts,
            },
            inner_level: None,
            nrpa: NrpaConfig::default(),
        }
    }
}

impl SearchConfig {
    /// The default configuration of `algo` at `level` (forced to 1 but for the
    /// nested searches): what the CLI runs when no other flag is given.
    pub fn new(algo: Algo, level: u32) -> SearchConfig {
        let level = if algo.is_nested() { level } else { 1 };
        let spec = match algo {
            Algo::Nmcs => Spec::Nmcs(NmcsSpec {
                playout_beam: Defaults::PLAYOUT_BEAM,
                adapt: AdaptConfig::default(),
            }),
            Algo::Nrpa => Spec::Nrpa(NrpaSpec {
                nrpa: NrpaConfig::default(),
                restart: NrpaRestart::Fresh,
            }),
            Algo::Beam => Spec::Beam(BeamSpec {
                width: None,
                start: None,
                eval: EvalSpec {
                    eval: Defaults::BEAM_EVAL,
                    weights: None,
                },
            }),
            Algo::Exact => Spec::Exact,
            tree => Spec::Tree(TreeSpec::new(tree, level as usize)),
        };
        SearchConfig {
            level,
            policy: RolloutPolicy::Auto,
            bandit_c: None,
            endgame: match algo {
                Algo::Exact | Algo::Nrpa | Algo::Beam => 0,
                _ => Defaults::ENDGAME,
            },
            tt_mb: Defaults::TT_MB,
            // Beam: 0 = the caller's pool, whatever its size (it parallelises one
            // search; see `search::beam`).
            trees: match algo {
                Algo::Mcts | Algo::Beam => 0,
                _ => 1,
            },
            spec,
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
    ///   refused where no NRPA runs, left for [`SearchConfig::validate`] to check
    ///   where an inner one may.
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
        refuse_if!(
            width.is_some() && independent,
            "--nrpa-width and --nrpa-independent exclude each other \
                 (--nrpa-independent runs N separate searches of width 1)"
        );
        if let Some(w) = width {
            match self.nrpa_mut() {
                Some(p) => p.width = w,
                None => return self.algo().uses_flag("--nrpa-width"),
            }
        }
        match (threads, &mut self.spec) {
            (Some(n), Spec::Nrpa(p)) if !independent && n != 0 => {
                if width.is_none() {
                    p.nrpa.width = Defaults::nrpa_width(n);
                }
                self.trees = 1;
            }
            (Some(n), _) => self.trees = n,
            (None, _) => {}
        }
        Ok(())
    }
}
