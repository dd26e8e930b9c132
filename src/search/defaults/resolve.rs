//! Resolution of a configuration for one board and budget: every `auto` and every
//! default that depends on the board or the budget becomes a value here, for every
//! algorithm, so the searches read only resolved values.
//!
//! Owns: [`SearchConfig::new`] (the default configuration of each algorithm),
//! [`SearchConfig::set_threads`] (what a thread count asks of each algorithm) and
//! [`SearchConfig::resolve`] (which fills a [`Resolved`]). Must not: run searches.

use super::Defaults;
use crate::board::Board;
use crate::error::Error;
use crate::policy::RolloutPolicy;
use crate::search::budget::Budget;
use crate::search::config::{AdaptConfig, AdaptTabu, InnerAlgo, NrpaConfig, NrpaRestart};
use crate::search::config::{Advance, Algo, Beam, SearchConfig, Setting};
use crate::search::eval::{Eval, Evaluator, ImSource};
use crate::search::plan::{
    AdaptPlan, BeamPlan, InnerSearch, LevelParams, Resolved, TabuRule, TreePlan,
};

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
            crate::limits::check_search_threads(n)?;
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

    /// The number of root-parallel searches on `variant` with `budget`
    /// (`--search-threads auto` resolved by [`Defaults::trees`]).
    pub fn resolved_trees(&self, variant: crate::rules::Variant, budget: Budget) -> u32 {
        match self.trees {
            0 => Defaults::trees(self.algo, variant, budget),
            n => n,
        }
    }

    /// The configuration resolved for a search of `budget` from `root`. Root
    /// parallelisation resolves the whole budget for the number of trees, then each
    /// tree's share for its plan: each tree is the search a single thread would run
    /// with that budget.
    pub(crate) fn resolve(&self, root: &Board, budget: Budget) -> Resolved {
        let warm = Defaults::warm(self, root);
        let policy = if self.algo == Algo::Nrpa {
            Defaults::nrpa_policy(self.policy, root)
        } else if warm || Defaults::mcts_learns(self, root) {
            // The warm tree's rollouts learn (`Defaults::warm` allows auto or adapt),
            // and so do mcts's where they won.
            RolloutPolicy::Adapt
        } else {
            self.policy.resolve(root.variant())
        };
        let trees = self.resolved_trees(root.variant(), budget);
        let plan = self
            .algo
            .is_tree()
            .then(|| self.tree_plan(policy, root, budget, warm));
        // The bandit lives for one level-1 search (tree searches) or one search
        // (NMCS); its default C depends on how many playouts that is.
        let bandit_playouts = match &plan {
            Some(p) => p.level1_search_playouts,
            None => Defaults::playouts(budget),
        };
        Resolved {
            policy,
            trees,
            bandit_c: self
                .bandit_c
                .unwrap_or_else(|| Defaults::bandit_c(bandit_playouts)),
            nrpa_iterations: self.nrpa.iterations.or(Defaults::nrpa_iterations(root)),
            endgame: self.endgame,
            tt_mb: self.tt_mb,
            plan,
            adapt: (policy == RolloutPolicy::Adapt).then(|| self.adapt_plan(root, warm)),
            beam: match (self.algo, self.nrpa.seed, self.playout_beam) {
                (Algo::Beam, ..) => {
                    let cap = self.beam_width.unwrap_or(Defaults::BEAM_MAX_WIDTH);
                    Some(BeamPlan {
                        start: Defaults::BEAM_START_WIDTH.min(cap) as usize,
                        cap: cap as usize,
                        eval: self.evaluator(),
                    })
                }
                // Both rank as the beam ranks by default.
                // Seeded NRPA (`--nrpa-seed W`): one pass of width W.
                (Algo::Nrpa, w, _) if w > 0 => Some(BeamPlan {
                    start: w as usize,
                    cap: w as usize,
                    eval: Evaluator::new(Defaults::BEAM_EVAL, None),
                }),
                // NMCS's beam playouts (`--playout-beam W`): width W in the first
                // run, doubled in each repeated run up to the beam's default cap.
                (Algo::Nmcs, _, w) if w > 0 => Some(BeamPlan {
                    start: w as usize,
                    cap: (Defaults::BEAM_MAX_WIDTH as usize).max(w as usize),
                    eval: Evaluator::new(Defaults::BEAM_EVAL, None),
                }),
                _ => None,
            },
        }
    }

    /// `--eval` with its weights (`--eval-weights`, else the shipped ones).
    fn evaluator(&self) -> Evaluator {
        Evaluator::new(self.eval, self.eval_weights.as_ref().map(|w| &w.weights))
    }

    /// The learned rollouts resolved for `root`: `--adapt-tabu auto` is the
    /// candidate rule of NRPA's `--policy auto` on that board
    /// ([`Defaults::nrpa_policy`]: a tabu colour on large SameGame boards); α and K
    /// left out are the warm tree's NRPA-like step (`warm`) or the learned rollouts'.
    fn adapt_plan(&self, root: &Board, warm: bool) -> AdaptPlan {
        let a = self.adapt;
        let (alpha, every) = if warm {
            (Defaults::WARM_ADAPT_ALPHA, Defaults::WARM_ADAPT_EVERY)
        } else {
            (Defaults::ADAPT_ALPHA, Defaults::ADAPT_EVERY)
        };
        AdaptPlan {
            alpha: a.alpha.unwrap_or(alpha),
            every: a.every.unwrap_or(every),
            scope: Defaults::adapt_scope(self),
            tabu: match a.tabu {
                AdaptTabu::Auto => match Defaults::nrpa_policy(RolloutPolicy::Auto, root) {
                    RolloutPolicy::Tabu => TabuRule::Most,
                    _ => TabuRule::None,
                },
                AdaptTabu::Most => TabuRule::Most,
                AdaptTabu::Bandit => TabuRule::Bandit,
                AdaptTabu::None => TabuRule::None,
            },
            levels: self.level as usize
                + match self.inner_algo {
                    InnerAlgo::Nmcs => self.inner_level_or_default() as usize - 1,
                    _ => 0,
                },
        }
    }

    /// The level parameters of a tree search with the resolved `policy`: `auto`
    /// values for the board's variant, the policy and the budget; `warm`: the warm
    /// tree of `--inner-algo auto` ([`Defaults::warm`]).
    fn tree_plan(
        &self,
        policy: RolloutPolicy,
        root: &Board,
        budget: Budget,
        warm: bool,
    ) -> TreePlan {
        let n = self.level as usize;
        let variant = root.variant();
        // The top level's budget as seen by `Defaults::inner`: a share per restart.
        let top_budget = match budget {
            Budget::Iterations(k) => Budget::Iterations(k / self.restarts.max(1)),
            b => b,
        };
        // Playouts of one search at level i+1 (all its move-by-move steps together).
        let top_playouts = Defaults::playouts(budget) / self.restarts.max(1);
        let search_playouts = |i: usize| {
            if i + 1 == n {
                top_playouts
            } else {
                match &self.inner {
                    Some(v) => v[i],
                    None if warm && i == 0 => Defaults::WARM_INNER,
                    None => Defaults::inner(i + 1, n, top_budget),
                }
            }
        };
        let z: Vec<u32> = (0..n)
            .map(|i| self.z[i].or(Defaults::z(variant, policy, search_playouts(i))))
            .collect();
        // Playouts of one level-1 search (one move-by-move step at the top): its
        // budget class for the default C and beam.
        let level1_playouts = if n == 1 {
            top_playouts / u64::from(z[0].max(1))
        } else {
            search_playouts(0)
        };
        // NBMCTS's warm tree with the default beams (level 1's, which an inner NRPA
        // does not use): the beam moves to level 2 ([`Defaults::WARM_BEAM`]).
        let warm_beam =
            warm && self.algo == Algo::Nbmcts && self.beam == default_beams(self.algo, n);
        let levels = (0..n)
            .map(|i| LevelParams {
                c: self.c[i].or(Defaults::c(
                    i + 1,
                    variant,
                    policy,
                    self.reward_norm,
                    level1_playouts,
                )),
                beam: if warm_beam {
                    (i == 1).then_some((Defaults::WARM_BEAM.0, Defaults::WARM_BEAM.1 as usize))
                } else {
                    self.beam[i].map(|b| {
                        let (l, w) = Defaults::beam(n > 1, variant, policy, level1_playouts);
                        (b.l.or(l), b.w.or(w) as usize)
                    })
                },
                z: z[i],
                inner: if i + 1 == n {
                    u64::MAX
                } else {
                    search_playouts(i)
                },
                im_alpha: self.im_alpha.get(i).copied().unwrap_or(0.0),
                pb: self.pb.get(i).copied().unwrap_or(0.0),
            })
            .collect();
        TreePlan {
            levels,
            level1_search_playouts: search_playouts(0),
            advance: self.advance,
            restarts: self.restarts,
            solver: self.solver,
            bounds: self.solver && self.bounds,
            reuse: self.reuse,
            norm: self.reward_norm,
            eval: self.evaluator(),
            im_source: self.im_source,
            inner: {
                // `--inner-algo auto`: the warm tree's NRPA where it won, else the
                // thesis' level-1 MCTS.
                let algo = match self.inner_algo {
                    InnerAlgo::Auto if warm => InnerAlgo::Nrpa,
                    InnerAlgo::Auto => InnerAlgo::Mcts,
                    a => a,
                };
                let k = match (self.inner_level, warm) {
                    (Some(k), _) => k,
                    (None, true) => Defaults::WARM_INNER_LEVEL,
                    (None, false) => self.inner_level_or_default(),
                } as usize;
                let inner_policy = if warm {
                    RolloutPolicy::Adapt
                } else {
                    self.policy
                };
                match algo {
                    InnerAlgo::Mcts | InnerAlgo::Auto => InnerSearch::Mcts,
                    InnerAlgo::Nmcs => InnerSearch::Nmcs(k),
                    InnerAlgo::Nrpa => InnerSearch::Nrpa {
                        level: k,
                        cfg: self.nrpa,
                        iterations: self.nrpa.iterations.or(if warm {
                            Defaults::WARM_NRPA_ITERATIONS
                        } else {
                            Defaults::nrpa_iterations(root)
                        }),
                        // Warm-started from learned rollouts (`--policy adapt`; the
                        // warm tree always is): the learned rollouts' tabu rule, as
                        // `adapt_plan` resolves it (bandit refused by validation,
                        // resp. by `warm_capable`).
                        policy: match inner_policy {
                            RolloutPolicy::Adapt => match self.adapt_plan(root, warm).tabu {
                                TabuRule::Most => RolloutPolicy::Tabu,
                                _ => RolloutPolicy::Random,
                            },
                            p => Defaults::nrpa_policy(p, root),
                        },
                    },
                }
            },
        }
    }
}
