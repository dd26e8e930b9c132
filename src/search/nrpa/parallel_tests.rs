//! Tests of parallel NRPA: the result is fixed by the seed, the budget and the
//! width whatever the thread count, the budget is spent exactly, lines replay on
//! every variant, tiny optima are found, and the stop flag ends every search.

use std::sync::atomic::AtomicBool;

use super::shares;
use crate::policy::RolloutPolicy;
use crate::search::testutil::*;
use crate::search::{search, search_with_stop, Algo, Budget, SearchConfig, SearchResult};
use crate::Variant;

fn cfg(level: u32, n: u64, width: u32) -> SearchConfig {
    let mut c = SearchConfig::new(Algo::Nrpa, level);
    c.nrpa_mut().unwrap().iterations = crate::search::Setting::Set(n);
    c.nrpa_mut().unwrap().width = width;
    c
}

/// `c` on a rayon pool of `threads` threads.
fn on_threads(threads: usize, c: &SearchConfig, b: &crate::board::Board, k: u64) -> SearchResult {
    on_pool(threads, c, b, k, (5, 6, 7))
}

#[test]
fn the_thread_count_never_changes_the_result() {
    let b = board15(3, Variant::SameGame);
    // Level 2 whole runs of 10² playouts and restarts; level 3 cut short; level 1
    // (single playouts side by side); a width above N (capped at N).
    for (level, n, width, k) in [
        (2, 10, 3, 950),
        (3, 6, 2, 700),
        (1, 50, 4, 333),
        (2, 4, 9, 90),
    ] {
        let c = cfg(level, n, width);
        let one = on_threads(1, &c, &b, k);
        crate::line::verify(&b, &one.moves, one.score).unwrap();
        for threads in [2, 3] {
            let r = on_threads(threads, &c, &b, k);
            assert_eq!(
                (r.score, &r.moves, r.stats.playouts),
                (one.score, &one.moves, one.stats.playouts),
                "{c} on {threads} threads"
            );
        }
    }
}

#[test]
fn spends_exactly_the_budget() {
    let b = random_board(6, 5, 3, 8, Variant::SameGame);
    // Budgets that end a round short (split over fewer searches than the width, or
    // unevenly), a single playout, and restarts of whole runs.
    for (level, n, width, k) in [
        (1, 5, 2, 37),
        (2, 4, 3, 7),
        (3, 4, 2, 1),
        (3, 4, 4, 1000),
        (2, 10, 3, 95),
        (2, 3, 2, 2),
    ] {
        check_spends_exactly(&cfg(level, n, width), &b, k, &format!("budget {k}"));
    }
}

#[test]
fn replays_on_all_variants_within_budget() {
    for level in 1..=3 {
        check_all_variants(&cfg(level, 10, 2), 700, u64::from(level));
    }
    let mut c = cfg(2, 10, 3);
    c.nrpa_mut().unwrap().bias = 0.5;
    c.policy = RolloutPolicy::Tabu;
    check_all_variants(&c, 500, 7);
}

#[test]
fn finds_tiny_optima_on_every_variant() {
    for v in Variant::ALL {
        for seed in 0..4 {
            let b = tiny_board(seed, v);
            let opt = optimum(&b);
            let mut c = cfg(2, 20, 2);
            c.policy = RolloutPolicy::Random;
            let r = search(
                &c.clone().valid().unwrap(),
                &b,
                Budget::Iterations(20_000),
                &mut crate::rng_for(seed, 9, 9),
            );
            crate::line::verify(&b, &r.moves, r.score).unwrap();
            assert_eq!(r.score, opt, "{c} on {v} seed {seed}:\n{b}");
        }
    }
}

#[test]
fn deterministic_and_not_the_sequential_search() {
    check_deterministic(&cfg(2, 20, 3), 3000);
    // Width 2 is another search than width 1 (its own generators, stale policies).
    let b = board15(11, Variant::SameGame);
    let run = |w| {
        let r = search(
            &(cfg(3, 10, w)).clone().valid().unwrap(),
            &b,
            Budget::Iterations(1000),
            &mut crate::rng_for(4, 4, 4),
        );
        crate::line::verify(&b, &r.moves, r.score).unwrap();
        r.moves
    };
    assert_ne!(run(1), run(2));
}

#[test]
fn the_stop_flag_ends_every_search_of_the_round() {
    // Stopped before it starts: each of the first round's searches plays its one
    // playout (a level has a sequence before it may stop), and the search ends.
    let b = board15(2, Variant::SameGame);
    let stop = AtomicBool::new(true);
    for width in [2, 5] {
        let r = search_with_stop(
            &(cfg(3, 10, width)).clone().valid().unwrap(),
            &b,
            Budget::Iterations(1_000_000),
            &mut crate::rng_for(1, 2, 3),
            Some(&stop),
        );
        crate::line::verify(&b, &r.moves, r.score).unwrap();
        assert_eq!(r.stats.playouts, u64::from(width));
    }
}

#[test]
fn shares_split_what_is_left() {
    assert_eq!(shares(300, 3, 100), vec![100; 3]);
    assert_eq!(shares(1000, 3, 100), vec![100; 3]);
    assert_eq!(shares(10, 3, 100), vec![4, 3, 3]);
    assert_eq!(shares(2, 3, 100), vec![1, 1]);
    assert_eq!(shares(1, 4, 1), vec![1]);
    assert_eq!(shares(u64::MAX, 2, u64::MAX), vec![u64::MAX; 2]);
}
