//! Tests of MCTS (`--algo mcts`), the level routine of `search::mcts`.

use crate::board::Board;
use crate::search::testutil::*;
use crate::search::Setting;
use crate::search::{Algo, Budget, SearchConfig, SearchResult};
use crate::Rng;

/// MCTS's default configuration with `set` applied to its tree spec.
fn mcts(set: impl FnOnce(&mut crate::search::TreeSpec)) -> SearchConfig {
    let mut c = SearchConfig::new(Algo::Mcts, 1);
    set(c.tree_mut().unwrap());
    c
}

#[test]
fn replays_on_all_variants_with_options() {
    for (i, cfg) in [
        SearchConfig::new(Algo::Mcts, 1),
        mcts(|t| t.restarts = 3),
        mcts(|t| t.z = vec![Setting::Set(5)]),
        mcts(|t| {
            t.z = vec![Setting::Set(5)];
            t.advance = crate::search::Advance::Best;
            t.c = vec![Setting::Set(0.1)];
        }),
    ]
    .iter()
    .enumerate()
    {
        check_all_variants(cfg, 600, i as u64);
    }
}

#[test]
fn finds_tiny_optima() {
    // Global search: move-by-move (the default `--z auto`) commits to moves.
    let mut cfg = SearchConfig::new(Algo::Mcts, 1);
    cfg.tree_mut().unwrap().z = vec![Setting::Set(0)];
    check_tiny_optima(&cfg, 0.3, 3000);
}

#[test]
fn deterministic() {
    check_deterministic(&SearchConfig::new(Algo::Mcts, 1), 1500);
}

#[test]
fn move_by_move_spends_exactly_the_budget() {
    let cfg = mcts(|t| t.z = vec![Setting::Set(10)]);
    let b = board15(3, crate::Variant::SameGame);
    let r = run(
        &cfg,
        &b,
        Budget::Iterations(1000),
        &mut crate::rng_for(1, 2, 3),
    );
    assert_eq!(r.stats.playouts, 1000);
    crate::line::verify(&b, &r.moves, r.score).unwrap();
}

/// One-player MCTS-Solver: global MCTS (z = 0) solves small boards of every
/// variant: the result is the exhaustive optimum, proven, and the search stops
/// before the budget is spent. (Move-by-move search proves a step's subtree, not
/// the position, unless every earlier move was forced.)
#[test]
fn solver_proves_small_optima_and_returns_the_budget() {
    let mut cfg = SearchConfig::new(Algo::Mcts, 1);
    cfg.tree_mut().unwrap().z = vec![Setting::Set(0)];
    for v in crate::Variant::ALL {
        for seed in 0..3 {
            let b = random_board(5, 4, 3, seed, v);
            let r = run(
                &cfg,
                &b,
                Budget::Iterations(20_000),
                &mut crate::rng_for(seed, 0, 0),
            );
            assert_eq!(r.score, optimum(&b), "{v} seed {seed}");
            assert!(r.stats.proven, "{v} seed {seed}: not proven");
            assert!(r.stats.playouts < 20_000, "{v} seed {seed}");
            assert!(r.stats.solved_nodes > 0);
            crate::line::verify(&b, &r.moves, r.score).unwrap();
        }
    }
}

/// The locking defect is gone: at C = 0 the tree keeps growing with the budget
/// until the root is solved, and then the search stops with the proven optimum.
/// `--solver off` restores the old behaviour, a tree that stops growing.
#[test]
fn nodes_grow_with_the_budget_and_solver_off_restores_locking() {
    let b = random_board(6, 6, 3, 1, crate::Variant::SameGame);
    let mut cfg = SearchConfig::new(Algo::Mcts, 1);
    cfg.tree_mut().unwrap().c = vec![Setting::Set(0.0)];
    cfg.tree_mut().unwrap().z = vec![Setting::Set(0)];
    let search = |cfg: &SearchConfig, b: &Board, k| {
        run(cfg, b, Budget::Iterations(k), &mut crate::rng_for(1, 0, 0))
    };
    let nodes = |cfg: &SearchConfig, k| search(cfg, &b, k).stats.nodes_created;
    // This board is proven (score-bounded solver) well within 10,000 playouts.
    let r = search(&cfg, &b, 10_000);
    assert!(r.stats.proven && r.stats.playouts < 10_000, "{:?}", r.stats);
    assert_eq!(r.score, optimum(&b));
    // A board it cannot prove: the tree grows with the budget.
    let b10 = random_board(10, 10, 4, 1, crate::Variant::SameGame);
    let on: Vec<u64> = [1_000, 3_000, 10_000]
        .iter()
        .map(|&k| search(&cfg, &b10, k).stats.nodes_created)
        .collect();
    assert!(on[0] < on[1] && on[1] < on[2], "{on:?}");
    cfg.tree_mut().unwrap().solver = false;
    let off: Vec<u64> = [1_000, 3_000, 10_000]
        .iter()
        .map(|&k| nodes(&cfg, k))
        .collect();
    assert!(off[0] == off[2], "solver off no longer locks: {off:?}");
    let b15 = board15(2, crate::Variant::SameGame);
    let cfg = SearchConfig::new(Algo::Mcts, 1);
    let big: Vec<u64> = [10_000, 30_000, 100_000]
        .iter()
        .map(|&k| {
            run(
                &cfg,
                &b15,
                Budget::Iterations(k),
                &mut crate::rng_for(1, 0, 0),
            )
            .stats
            .nodes_created
        })
        .collect();
    assert!(big[0] < big[1] && big[1] < big[2], "{big:?}");
}

/// The search as a test calls it.
fn run(config: &SearchConfig, root: &Board, budget: Budget, rng: &mut Rng) -> SearchResult {
    crate::search::search(&config.clone().valid().unwrap(), root, budget, rng)
}
