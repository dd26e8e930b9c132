//! Beam Monte-Carlo Tree Search (Baier & Winands 2012; thesis §5.2, Alg. 5.1/5.2),
//! `--algo bmcts`.
//!
//! MCTS with a counter of simulations per tree depth. When the counter of depth d
//! reaches the simulation limit L, the tree is pruned at d (Alg. 5.2,
//! [`crate::tree::Tree::prune_beam`]): the W most visited nodes at depth d and their
//! ancestors are kept, everything else and every descendant of the kept nodes is
//! discarded; no node is created at depths ≤ d afterwards (the arena is rebuilt
//! semispace-style). W = 1 is a variant of move-by-move search.
//!
//! Details fixed here: a simulation counts at depth d ≥ 1 when its tree path
//! (including the node it adds) reaches depth d; the root is never pruned; each depth
//! is pruned once (when its counter equals L); children never visited (closed by
//! their bound when first tried) are not part of the thesis' tree and are never kept.
//!
//! Parameters and defaults: `--beam-l`, `--beam-w` (tuned per variant and budget
//! class as thesis Tables 5.1/5.2, see [`crate::search::Params::beam`]), `--c` (as
//! MCTS), `--z 0` (global search), `--advance`, `--restarts`, `--policy` (as MCTS).
//!
//! Owns: this documentation and the entry point; the search is the shared level
//! routine with a beam at level 1. Must not: duplicate it.

use super::{Algo, Budget, SearchConfig, SearchResult};
use crate::board::Board;
use crate::Rng;

/// Runs BMCTS as configured (`config.algo` must be [`Algo::Bmcts`]).
pub fn run(config: &SearchConfig, root: &Board, budget: Budget, rng: &mut Rng) -> SearchResult {
    assert_eq!(
        config.algo,
        Algo::Bmcts,
        "beam_mcts::run with {:?}",
        config.algo
    );
    super::search(config, root, budget, rng)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::endgame::Endgame;
    use crate::search::level::{Plan, Searcher};
    use crate::search::testutil::*;
    use crate::search::{Beam, Best, Ctx, Rollout, Setting};
    use crate::Variant;

    fn bmcts(l: u64, w: u32) -> SearchConfig {
        let mut c = SearchConfig::new(Algo::Bmcts, 1);
        c.beam = vec![Some(Beam {
            l: Setting::Set(l),
            w: Setting::Set(w),
        })];
        c
    }

    #[test]
    fn replays_on_all_variants() {
        check_all_variants(&SearchConfig::new(Algo::Bmcts, 1), 800, 1);
        check_all_variants(&bmcts(20, 2), 800, 2);
        check_all_variants(&bmcts(5, 1), 800, 3);
    }

    #[test]
    fn finds_tiny_optima() {
        check_tiny_optima(&bmcts(300, 4), 0.3, 3000);
    }

    #[test]
    fn deterministic() {
        check_deterministic(&bmcts(30, 3), 2000);
    }

    #[test]
    fn limit_never_reached_equals_mcts() {
        for v in Variant::ALL {
            let b = board15(2, v);
            let mut m = SearchConfig::new(Algo::Mcts, 1);
            m.z = vec![Setting::Set(0)]; // global search, as BMCTS
            m.threads = 1; // one tree, as BMCTS
            let x = crate::search::search(
                &m,
                &b,
                Budget::Iterations(1000),
                &mut crate::rng_for(3, 0, 0),
            );
            let y = crate::search::search(
                &bmcts(1001, 1),
                &b,
                Budget::Iterations(1000),
                &mut crate::rng_for(3, 0, 0),
            );
            assert_eq!((x.score, &x.moves), (y.score, &y.moves));
            assert_eq!(
                (x.stats.playouts, x.stats.nodes_created, x.stats.peak_nodes),
                (y.stats.playouts, y.stats.nodes_created, y.stats.peak_nodes)
            );
        }
    }

    /// What "W = 1 behaves as move-by-move search" means here, exactly (asserted):
    /// every pruning keeps exactly one node; prunings happen at depths 1, 2, 3, …
    /// in this order, each once; the node kept at depth d+1 is a child of the one
    /// kept at depth d, so the kept moves form one committed line, a legal move
    /// sequence from the root (every later simulation starts with it, since pruned
    /// depths accept no new nodes); and the returned game replays to its score.
    /// Not asserted: equality with `--z` move-by-move MCTS, which starts a fresh tree
    /// per move while BMCTS keeps the committed node's statistics.
    #[test]
    fn width_one_is_move_by_move() {
        let b = board15(4, Variant::SameGame);
        let cfg = bmcts(40, 1);
        let plan = Plan::resolve(&cfg, &b, Budget::Iterations(3000));
        let mut ctx = Ctx::new(Budget::Iterations(3000), None);
        let limit = ctx.top_limit();
        let mut rng = crate::rng_for(9, 0, 0);
        let mut endgame = Endgame::new(0, 0);
        let mut s = Searcher::new(
            &plan,
            Rollout::new(cfg.policy, &b, crate::search::Params::bandit_c(3000)),
            &mut endgame,
            &mut ctx,
            &mut rng,
        );
        let mut best = Best::default();
        s.run_top(&b, limit, &mut best);
        // The solver closes the narrow tree before the budget is spent; later
        // restarts prune from depth 1 again. Check the first run's prunings.
        let mut prunes = s.prunes.clone();
        if let Some(k) = prunes.iter().skip(1).position(|p| p.1 == 1) {
            prunes.truncate(k + 1);
        }
        assert!(prunes.len() >= 10, "{}", prunes.len());
        let mut line = Vec::new();
        for (i, (lvl, d, kept)) in prunes.iter().enumerate() {
            assert_eq!((*lvl, *d), (1, i + 1));
            assert_eq!(kept.len(), 1);
            line.push(kept[0]);
        }
        // The committed line is playable from the root.
        crate::line::replay(&b, &line).expect("committed line is legal");
        crate::line::verify(&b, &best.moves, best.score).unwrap();
    }

    #[test]
    fn pruned_tree_stays_within_its_bound() {
        // Between prunings at most L simulations add nodes below the deepest pruned
        // depth d; above it at most W nodes per depth survive; every visited node has
        // at most `b` children (some closed by their bound, without a visit, and not
        // counted by the depth counters). So alive ≤ (1 + W·depth + L + W) · (1 + b).
        let b = board15(5, Variant::SameGame);
        let (l, w) = (50u64, 3u64);
        let k = 20_000;
        let r = crate::search::search(
            &bmcts(l, w as u32),
            &b,
            Budget::Iterations(k),
            &mut crate::rng_for(1, 0, 0),
        );
        let m = crate::search::search(
            &SearchConfig::new(Algo::Mcts, 1),
            &b,
            Budget::Iterations(k),
            &mut crate::rng_for(1, 0, 0),
        );
        let branching = 225 / 2;
        let depth = r.moves.len() as u64;
        let bound = (1 + w * depth + l + w) * (1 + branching);
        assert!(
            r.stats.peak_nodes <= bound,
            "{} > {bound}",
            r.stats.peak_nodes
        );
        assert!(
            r.stats.peak_nodes * 10 < m.stats.peak_nodes,
            "{} vs {}",
            r.stats.peak_nodes,
            m.stats.peak_nodes
        );
        crate::line::verify(&b, &r.moves, r.score).unwrap();
    }
}
