//! Resolution of a configuration for one board and budget: every `auto` and every
//! default that depends on the board or the budget becomes a value here, for every
//! algorithm, so the searches read only resolved values. The one module that sees a
//! configuration (`search::config`), the defaults (`search::defaults`), the board
//! and the budget together; what it fills is pure data (`search::plan`).
//!
//! Owns: [`SearchConfig::resolve`] (which fills a [`Resolved`]) and
//! [`SearchConfig::resolved_trees`]; where the warm tree and `mcts`'s learned
//! rollouts run (a configuration that may run them, on a board where they won).
//! Must not: hold default values (`search::defaults`), check configurations
//! (`search::config`), build the objects a search runs with, or run searches.

use super::budget::Budget;
use super::config::{
    AdaptScope, AdaptTabu, Algo, EvalSpec, InnerAlgo, Late, NmcsSpec, SearchConfig, Setting, Spec,
    TreeSpec,
};
use super::defaults::Defaults;
use super::eval::Evaluator;
use super::plan::{
    AdaptPlan, BeamPlan, InnerSearch, LevelParams, Resolved, ScopeRule, TabuRule, TreePlan,
};
use crate::board::Board;
use crate::policy::RolloutPolicy;
use crate::rules::Variant;

/// True when `c` runs the warm tree from `root` (`--inner-algo auto` where it won:
/// [`SearchConfig::warm_capable`] and [`Defaults::warm`]).
fn warm(c: &SearchConfig, root: &Board) -> bool {
    c.warm_capable() && Defaults::warm(root.tiles())
}

/// True when `c` (`mcts` with `--policy auto`) plays learned rollouts from `root`
/// ([`Defaults::mcts_learns`]).
fn mcts_learns(c: &SearchConfig, root: &Board) -> bool {
    c.mcts_auto() && Defaults::mcts_learns(root.variant(), root.tiles())
}

impl SearchConfig {
    /// The number of root-parallel searches on `variant` with `budget`
    /// (`--search-threads auto` resolved by [`Defaults::trees`]).
    pub fn resolved_trees(&self, variant: Variant, budget: Budget) -> u32 {
        match self.trees {
            0 => Defaults::trees(self.algo(), variant, budget),
            n => n,
        }
    }

    /// The configuration resolved for a search of `budget` from `root`. Root
    /// parallelisation resolves the whole budget for the number of trees, then each
    /// tree's share for its plan: each tree is the search a single thread would run
    /// with that budget.
    pub(crate) fn resolve(&self, root: &Board, budget: Budget) -> Resolved {
        let warm = warm(self, root);
        let policy = if self.algo() == Algo::Nrpa {
            nrpa_policy(self.policy, root)
        } else if warm || mcts_learns(self, root) {
            // The warm tree's rollouts learn (`warm_capable` allows auto or adapt),
            // and so do mcts's where they won.
            RolloutPolicy::Adapt
        } else {
            self.policy.resolve(root.variant())
        };
        let trees = self.resolved_trees(root.variant(), budget);
        let plan = self
            .tree()
            .map(|t| self.tree_plan(t, policy, root, budget, warm));
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
            nrpa_iterations: self
                .nrpa()
                .map_or(Setting::Auto, |p| p.iterations)
                .unwrap_or(Defaults::nrpa_iterations(root.tiles())),
            endgame: self.endgame,
            tt_mb: self.tt_mb,
            plan,
            adapt: (policy == RolloutPolicy::Adapt).then(|| self.adapt_plan(root, warm)),
            beam: match &self.spec {
                Spec::Beam(b) => {
                    let cap = b.cap();
                    Some(BeamPlan {
                        start: b.start.unwrap_or(Defaults::BEAM_START_WIDTH).min(cap) as usize,
                        cap: cap as usize,
                        eval: b.eval.evaluator(),
                    })
                }
                // Both rank as the beam ranks by default.
                // Seeded NRPA (`--nrpa-seed W`): one pass of width W.
                Spec::Nrpa(n) if n.nrpa.seed > 0 => Some(BeamPlan {
                    start: n.nrpa.seed as usize,
                    cap: n.nrpa.seed as usize,
                    eval: Evaluator::new(Defaults::BEAM_EVAL, None),
                }),
                // NMCS's beam playouts (`--playout-beam W`): width W in the first
                // run, doubled in each repeated run up to the beam's default cap.
                &Spec::Nmcs(NmcsSpec {
                    playout_beam: w, ..
                }) if w > 0 => Some(BeamPlan {
                    start: w as usize,
                    cap: (Defaults::BEAM_MAX_WIDTH as usize).max(w as usize),
                    eval: Evaluator::new(Defaults::BEAM_EVAL, None),
                }),
                _ => None,
            },
        }
    }

    /// The learned rollouts resolved for `root`: `--adapt-tabu auto` is the
    /// candidate rule of NRPA's `--policy auto` on that board
    /// ([`Defaults::nrpa_policy`]: a tabu colour on large SameGame boards); α and K
    /// left out are the warm tree's NRPA-like step (`warm`) or the learned rollouts'.
    fn adapt_plan(&self, root: &Board, warm: bool) -> AdaptPlan {
        let a = self.adapt().copied().unwrap_or_default();
        let (alpha, every) = if warm {
            (Defaults::WARM_ADAPT_ALPHA, Defaults::WARM_ADAPT_EVERY)
        } else {
            (Defaults::ADAPT_ALPHA, Defaults::ADAPT_EVERY)
        };
        AdaptPlan {
            alpha: a.alpha.unwrap_or(alpha),
            every: a.every.unwrap_or(every),
            scope: match self.adapt_scope() {
                AdaptScope::Level => ScopeRule::Level,
                _ => ScopeRule::Search,
            },
            tabu: match a.tabu {
                AdaptTabu::Auto => match nrpa_policy(RolloutPolicy::Auto, root) {
                    RolloutPolicy::Tabu => TabuRule::Most,
                    _ => TabuRule::None,
                },
                AdaptTabu::Most => TabuRule::Most,
                AdaptTabu::Bandit => TabuRule::Bandit,
                AdaptTabu::None => TabuRule::None,
            },
            late: Late::default(),
            levels: self.level as usize
                + match self.tree() {
                    Some(t) if t.inner_algo == InnerAlgo::Nmcs => {
                        t.inner_level_or_default() as usize - 1
                    }
                    _ => 0,
                },
        }
    }

    /// The level parameters of a tree search with the resolved `policy`: `auto`
    /// values for the board's variant, the policy and the budget; `warm`: the warm
    /// tree of `--inner-algo auto` ([`warm`]).
    fn tree_plan(
        &self,
        t: &TreeSpec,
        policy: RolloutPolicy,
        root: &Board,
        budget: Budget,
        warm: bool,
    ) -> TreePlan {
        let n = self.level as usize;
        let variant = root.variant();
        // The top level's budget as seen by `Defaults::inner`: a share per restart.
        let top_budget = match budget {
            Budget::Iterations(k) => Budget::Iterations(k / t.restarts.max(1)),
            b => b,
        };
        // Playouts of one search at level i+1 (all its move-by-move steps together).
        let top_playouts = Defaults::playouts(budget) / t.restarts.max(1);
        let search_playouts = |i: usize| {
            if i + 1 == n {
                top_playouts
            } else {
                match &t.inner_playouts {
                    Some(v) => v[i],
                    None if warm && i == 0 => Defaults::WARM_INNER,
                    None => Defaults::inner(i + 1, n, top_budget),
                }
            }
        };
        let z: Vec<u32> = (0..n)
            .map(|i| t.z[i].unwrap_or(Defaults::z(variant, policy, search_playouts(i))))
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
        let warm_beam = warm && t.algo() == Algo::Nbmcts && t.beams_are_default();
        let levels = (0..n)
            .map(|i| LevelParams {
                c: t.c[i].unwrap_or(Defaults::c(
                    i + 1,
                    variant,
                    policy,
                    t.reward_norm,
                    level1_playouts,
                )),
                beam: if warm_beam {
                    (i == 1).then_some((Defaults::WARM_BEAM.0, Defaults::WARM_BEAM.1 as usize))
                } else {
                    t.beams[i].map(|b| {
                        let (l, w) = Defaults::beam(n > 1, variant, policy, level1_playouts);
                        (b.l.unwrap_or(l), b.w.unwrap_or(w) as usize)
                    })
                },
                z: z[i],
                inner: if i + 1 == n {
                    u64::MAX
                } else {
                    search_playouts(i)
                },
                im_alpha: t.im_alpha.get(i).copied().unwrap_or(0.0),
                pb: t.pb.get(i).copied().unwrap_or(0.0),
            })
            .collect();
        TreePlan {
            levels,
            level1_search_playouts: search_playouts(0),
            advance: t.advance,
            restarts: t.restarts,
            solver: t.solver,
            bounds: t.solver && t.bounds,
            reuse: t.reuse,
            norm: t.reward_norm,
            eval: t.eval.evaluator(),
            im_source: t.im_source,
            inner: {
                // `--inner-algo auto`: the warm tree's NRPA where it won, else the
                // thesis' level-1 MCTS.
                let algo = match t.inner_algo {
                    InnerAlgo::Auto if warm => InnerAlgo::Nrpa,
                    InnerAlgo::Auto => InnerAlgo::Mcts,
                    a => a,
                };
                let k = match (t.inner_level, warm) {
                    (Some(k), _) => k,
                    (None, true) => Defaults::WARM_INNER_LEVEL,
                    (None, false) => t.inner_level_or_default(),
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
                        cfg: t.nrpa,
                        iterations: t.nrpa.iterations.unwrap_or(if warm {
                            Defaults::WARM_NRPA_ITERATIONS
                        } else {
                            Defaults::nrpa_iterations(root.tiles())
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
                            p => nrpa_policy(p, root),
                        },
                    },
                }
            },
        }
    }
}

impl EvalSpec {
    /// `--eval` with its weights (`--eval-weights`, else the shipped ones).
    fn evaluator(&self) -> Evaluator {
        Evaluator::new(self.eval, self.weights.as_ref().map(|w| &w.weights))
    }
}

/// [`Defaults::nrpa_policy`] for the board at the root (its variant, tiles and the
/// colours present).
fn nrpa_policy(policy: RolloutPolicy, root: &Board) -> RolloutPolicy {
    let colors = root.counts().iter().filter(|&&n| n > 0).count();
    Defaults::nrpa_policy(policy, root.variant(), root.tiles(), colors)
}
