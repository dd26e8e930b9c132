//! Tests of root parallelisation (`search/parallel.rs`).

use std::sync::atomic::AtomicBool;

use super::*;
use crate::board::Board;
use crate::limits::MAX_TREES;
use crate::search::testutil::{board15, on_pool, random_board};
use crate::search::{search, Beam, Setting};
use crate::search::{Advance, Algo, SearchConfig, SearchResult};
use crate::Variant;

fn cfg(algo: Algo, level: u32, f: impl FnOnce(&mut SearchConfig)) -> SearchConfig {
    let mut c = SearchConfig::new(algo, level);
    c.trees = 1; // one search unless `f` says otherwise (mcts defaults to auto)
    f(&mut c);
    c.validate().unwrap();
    c
}

/// Tree configurations covering global and move-by-move search, both advance
/// rules, reuse on and off, restarts, beams and nesting.
fn tree_configs() -> Vec<SearchConfig> {
    vec![
        cfg(Algo::Mcts, 1, |_| {}),
        cfg(Algo::Mcts, 1, |c| {
            c.tree_mut().unwrap().z = vec![Setting::Set(0)]
        }),
        cfg(Algo::Mcts, 1, |c| {
            c.tree_mut().unwrap().z = vec![Setting::Set(6)];
            c.tree_mut().unwrap().advance = Advance::Visits;
        }),
        cfg(Algo::Mcts, 1, |c| {
            c.tree_mut().unwrap().z = vec![Setting::Set(5)];
            c.tree_mut().unwrap().advance = Advance::Visits;
            c.tree_mut().unwrap().reuse = false;
            c.tree_mut().unwrap().restarts = 3;
        }),
        cfg(Algo::Mcts, 1, |c| {
            c.tree_mut().unwrap().z = vec![Setting::Set(4)];
            c.tree_mut().unwrap().advance = Advance::Best;
            c.tree_mut().unwrap().restarts = 2;
        }),
        cfg(Algo::Bmcts, 1, |c| {
            c.tree_mut().unwrap().z = vec![Setting::Set(3)];
            c.tree_mut().unwrap().beams = vec![Some(Beam {
                l: Setting::Set(50),
                w: Setting::Set(3),
            })];
        }),
        cfg(Algo::Nmcts, 2, |c| {
            c.tree_mut().unwrap().z = vec![Setting::Set(0), Setting::Set(3)];
            c.tree_mut().unwrap().inner_playouts = Some(vec![150]);
        }),
        cfg(Algo::Nbmcts, 2, |c| {
            c.tree_mut().unwrap().inner_playouts = Some(vec![100])
        }),
    ]
}

fn same(a: &SearchResult, b: &SearchResult, what: &str) {
    let key = |r: &SearchResult| {
        let s = &r.stats;
        (
            r.score,
            r.moves.clone(),
            s.playouts,
            s.nodes_created,
            s.peak_nodes,
            s.solved_nodes,
            s.endgames,
            s.endgame_nodes,
            s.proven,
        )
    };
    assert_eq!(key(a), key(b), "{what}");
}

fn boards() -> Vec<Board> {
    vec![
        board15(5, Variant::SameGame),
        random_board(6, 5, 3, 2, Variant::Clickomania),
        random_board(5, 4, 3, 1, Variant::SameGame),
        random_board(10, 8, 4, 3, Variant::BubbleBreaker),
    ]
}

/// One tree (the single search is the one-tree case of the lock-step driver) on
/// every tree configuration: complete games that replay, exactly the budget unless
/// the root was proven, and proofs on the small boards.
#[test]
fn one_tree_searches_replay_and_prove() {
    let mut proven = 0;
    for c in tree_configs() {
        for (i, b) in boards().iter().enumerate() {
            let r = search(
                &c.clone().valid().unwrap(),
                b,
                Budget::Iterations(1200),
                &mut crate::rng_for(7, i as u64, 0),
            );
            crate::line::verify(b, &r.moves, r.score).unwrap();
            assert!(
                r.stats.proven || r.stats.playouts == 1200,
                "{c} on board {i}"
            );
            proven += usize::from(r.stats.proven);
        }
    }
    assert!(proven > 0, "no case ended with a proof");
}

/// Same seed and iteration budget: the same result with a 1-thread pool, a
/// 2-thread pool and a 3-thread pool, and run twice.
#[test]
fn threads_give_the_same_result_whatever_the_pool() {
    let mut configs = tree_configs();
    configs.push(cfg(Algo::Nmcs, 1, |_| {}));
    configs.push(cfg(Algo::Nrpa, 2, |c| {
        c.nrpa_mut().unwrap().iterations = Setting::Set(10)
    }));
    let b = board15(9, Variant::SameGame);
    for mut c in configs {
        for n in [2, 3] {
            c.trees = n;
            let run = |p: usize| on_pool(p, &c, &b, 1500, (3, 0, 0));
            let first = run(1);
            crate::line::verify(&b, &first.moves, first.score).unwrap();
            for p in [2, 3, 2] {
                same(&first, &run(p), &format!("{c}: pool of {p} vs 1"));
            }
        }
    }
}

/// `--iterations K` is the total: the searches together spend exactly what their
/// single-thread counterparts with the shares spend (K for the tree searches),
/// also when K does not divide or is below N.
#[test]
fn the_iteration_budget_is_shared() {
    assert_eq!(
        shares(Budget::Iterations(10), 3),
        [4, 3, 3].map(Budget::Iterations).to_vec()
    );
    assert_eq!(shares(Budget::Iterations(2), 3).len(), 2);
    assert_eq!(shares(Budget::Time(1.5), 2), vec![Budget::Time(1.5); 2]);
    let b = board15(4, Variant::SameGame);
    let mut configs = tree_configs();
    configs.push(cfg(Algo::Nmcs, 2, |_| {}));
    configs.push(cfg(Algo::Nrpa, 2, |c| {
        c.nrpa_mut().unwrap().iterations = Setting::Set(5)
    }));
    for mut c in configs {
        for (n, k) in [(2, 1001), (3, 1000), (4, 3)] {
            c.trees = n;
            let r = search(
                &c.clone().valid().unwrap(),
                &b,
                Budget::Iterations(k),
                &mut crate::rng_for(1, 0, 0),
            );
            let single = SearchConfig {
                trees: 1,
                ..c.clone()
            };
            let parts: u64 = shares(Budget::Iterations(k), n)
                .into_iter()
                .map(|s| {
                    search(
                        &single.clone().valid().unwrap(),
                        &b,
                        s,
                        &mut crate::rng_for(1, 0, 0),
                    )
                    .stats
                    .playouts
                })
                .sum();
            assert_eq!(r.stats.playouts, parts, "{c} K={k}");
            assert!(r.stats.playouts <= k, "{c} K={k}");
            if c.algo().is_tree() {
                assert_eq!(r.stats.playouts, k, "{c} K={k}");
            }
        }
    }
}

/// Global tree search and NMCS: N independent searches with the derived seeds and
/// the shares, and the best line of all of them is the result.
#[test]
fn independent_searches_keep_the_best_line() {
    let b = board15(2, Variant::SameGame);
    let k = 3000;
    for mut c in [
        cfg(Algo::Mcts, 1, |c| {
            c.tree_mut().unwrap().z = vec![Setting::Set(0)]
        }),
        cfg(Algo::Nmcs, 1, |_| {}),
        cfg(Algo::Nmcts, 2, |c| {
            c.tree_mut().unwrap().inner_playouts = Some(vec![100])
        }),
    ] {
        c.trees = 3;
        let r = search(
            &c.clone().valid().unwrap(),
            &b,
            Budget::Iterations(k),
            &mut crate::rng_for(5, 0, 0),
        );
        c.trees = 1;
        let seeds = rngs(&mut crate::rng_for(5, 0, 0), 3);
        let alone: Vec<SearchResult> = seeds
            .into_iter()
            .zip(shares(Budget::Iterations(k), 3))
            .map(|(mut rng, s)| search(&c.clone().valid().unwrap(), &b, s, &mut rng))
            .collect();
        let top = alone.iter().map(|a| a.score).max().unwrap();
        let first = alone.iter().find(|a| a.score == top).unwrap();
        assert_eq!((r.score, &r.moves), (first.score, &first.moves), "{c}");
        assert!(
            alone.iter().any(|a| a.moves != first.moves),
            "{c}: the searches were not independent"
        );
        let nodes: u64 = alone.iter().map(|a| a.stats.nodes_created).sum();
        assert_eq!(r.stats.nodes_created, nodes, "{c}");
    }
}

/// Move-by-move with several trees and both advance rules: a complete game that
/// replays, found with exactly the budget.
#[test]
fn move_by_move_trees_play_one_line() {
    let b = board15(8, Variant::SameGame);
    for advance in [Advance::Visits, Advance::Best] {
        let mut c = cfg(Algo::Mcts, 1, |c| {
            c.tree_mut().unwrap().z = vec![Setting::Set(8)];
            c.tree_mut().unwrap().advance = advance;
        });
        c.trees = 2;
        let r = search(
            &c.clone().valid().unwrap(),
            &b,
            Budget::Iterations(4000),
            &mut crate::rng_for(2, 0, 0),
        );
        crate::line::verify(&b, &r.moves, r.score).unwrap();
        assert_eq!(r.stats.playouts, 4000);
    }
}

/// A search stopped before it starts still returns a complete game from every
/// algorithm with threads.
#[test]
fn stopped_searches_return_a_game() {
    let stop = AtomicBool::new(true);
    let b = board15(1, Variant::SameGame);
    for mut c in [
        cfg(Algo::Mcts, 1, |_| {}),
        cfg(Algo::Nmcs, 2, |_| {}),
        cfg(Algo::Nrpa, 2, |_| {}),
    ] {
        c.trees = 2;
        let r = crate::search::search_with_stop(
            &c.clone().valid().unwrap(),
            &b,
            Budget::Iterations(1_000_000),
            &mut crate::rng_for(1, 0, 0),
            Some(&stop),
        );
        crate::line::verify(&b, &r.moves, r.score).unwrap();
        assert!(r.stats.playouts >= 1 && r.stats.playouts < 1000, "{c}");
    }
}

#[test]
fn threads_are_validated_and_shown_only_when_set() {
    let mut c = SearchConfig::new(Algo::Nmcts, 2);
    assert!(!c.to_string().contains("threads"));
    c.trees = 4;
    assert!(c.to_string().ends_with(" --search-threads 4"), "{c}");
    c.trees = MAX_TREES + 1;
    assert!(c.validate().unwrap_err().to_string().contains("--threads"));
    let mut e = SearchConfig::new(Algo::Exact, 1);
    e.trees = 2;
    assert!(e.validate().unwrap_err().to_string().contains("exact"));
    e.trees = 0;
    assert!(e.validate().is_err(), "auto is not for exact either");
    // mcts defaults to auto, always shown (its one-tree strings from before differ).
    let mut m = SearchConfig::new(Algo::Mcts, 1);
    assert_eq!(m.trees, 0);
    assert!(m.to_string().ends_with(" --search-threads auto"), "{m}");
    m.trees = 1;
    assert!(m.to_string().ends_with(" --search-threads 1"), "{m}");
}

#[test]
fn auto_is_two_mcts_trees_but_in_clickomania_and_under_time_budgets() {
    use crate::search::Defaults;
    let it = Budget::Iterations(1000);
    let m = SearchConfig::new(Algo::Mcts, 1);
    assert_eq!(m.resolved_trees(Variant::SameGame, it), 2);
    assert_eq!(m.resolved_trees(Variant::BubbleBreaker, it), 2);
    assert_eq!(m.resolved_trees(Variant::Clickomania, it), 1);
    assert_eq!(m.resolved_trees(Variant::SameGame, Budget::Time(1.0)), 1);
    assert_eq!(Defaults::trees(Algo::Nmcts, Variant::SameGame, it), 1);
    // The default search is the two-tree search.
    let b = board15(1, Variant::SameGame);
    let mut two = m.clone();
    two.trees = 2;
    let run = |c: &SearchConfig| {
        crate::search::search(
            &c.clone().valid().unwrap(),
            &b,
            it,
            &mut crate::rng_for(1, 0, 0),
        )
    };
    same(&run(&m), &run(&two), "auto = 2 trees");
}
