//! Shared helpers of the search tests: boards, exhaustive optima, replay checks.
//!
//! Owns: test fixtures only (compiled for tests). Must not: be used by non-test
//! code or assert anything a test should state itself.

use super::{search, Budget, SearchConfig, SearchResult};
pub use crate::board::testutil::random_board;
use crate::board::Board;
use crate::rules::Variant;

/// A tiny board whose optimum exhaustive search finds at once: 4×4 for even seeds,
/// 5×4 for odd ones, 3 colours.
pub fn tiny_board(seed: u64, v: Variant) -> Board {
    let w = if seed.is_multiple_of(2) { 4 } else { 5 };
    random_board(w, 4, 3, seed, v)
}

/// A random 15×15, 5-colour board (seeded) under `variant`.
pub fn board15(seed: u64, variant: Variant) -> Board {
    random_board(15, 15, 5, seed, variant)
}

/// The optimal final score of `b` by exhaustive search.
pub fn optimum(b: &Board) -> i32 {
    let groups = b.groups();
    if groups.is_empty() {
        return b.final_score();
    }
    groups
        .iter()
        .map(|g| {
            let mut c = *b;
            c.play(g.cell);
            optimum(&c)
        })
        .max()
        .unwrap()
}

/// Runs `cfg` on small and 15×15 boards of every variant and checks that every
/// returned game replays to its score and the budget was spent exactly, unless the
/// search proved its score optimal (a solved root: the MCTS-Solver stops there, on
/// the small boards often after a few playouts), when it was not exceeded.
pub fn check_all_variants(cfg: &SearchConfig, iterations: u64, seed: u64) {
    for v in Variant::ALL {
        for b in [
            board15(seed, v),
            random_board(6, 5, 3, seed, v),
            random_board(10, 8, 4, seed + 1, v),
        ] {
            let r = search(
                &cfg.clone().valid().unwrap(),
                &b,
                Budget::Iterations(iterations),
                &mut crate::rng_for(seed, 0, 0),
            );
            crate::line::verify(&b, &r.moves, r.score)
                .unwrap_or_else(|e| panic!("{cfg} on {v}: {e}"));
            assert!(r.stats.playouts >= 1);
            if r.stats.proven {
                assert!(
                    r.stats.playouts <= iterations,
                    "{cfg} on {v}, proven: {} playouts",
                    r.stats.playouts
                );
            } else {
                assert_eq!(r.stats.playouts, iterations, "{cfg} on {v}");
            }
        }
    }
}

/// Tiny boards (4×4 and 5×4, 3 colours) of every variant: the search finds the
/// exhaustive optimum within `iterations`. The level-1 exploration factor is set to
/// `c1` (the defaults are tuned for 15×15 boards where C ≈ 0 is best; on a tiny board
/// pure exploitation settles in a local optimum for good).
pub fn check_tiny_optima(cfg: &SearchConfig, c1: f64, iterations: u64) {
    let mut cfg = cfg.clone();
    cfg.tree_mut().unwrap().c[0] = super::Setting::Set(c1);
    let cfg = &cfg;
    for v in Variant::ALL {
        for seed in 0..4 {
            let b = tiny_board(seed, v);
            let opt = optimum(&b);
            let r = search(
                &cfg.clone().valid().unwrap(),
                &b,
                Budget::Iterations(iterations),
                &mut crate::rng_for(seed, 9, 9),
            );
            crate::line::verify(&b, &r.moves, r.score).unwrap();
            assert_eq!(r.score, opt, "{cfg} on {v} seed {seed}:\n{b}");
        }
    }
}

/// Same seed and iterations: same result.
pub fn check_deterministic(cfg: &SearchConfig, iterations: u64) {
    let b = board15(11, Variant::SameGame);
    let run = || {
        search(
            &cfg.clone().valid().unwrap(),
            &b,
            Budget::Iterations(iterations),
            &mut crate::rng_for(4, 4, 4),
        )
    };
    let (x, y) = (run(), run());
    assert_eq!(
        (x.score, &x.moves, x.stats.playouts),
        (y.score, &y.moves, y.stats.playouts)
    );
    assert_eq!(
        (x.stats.nodes_created, x.stats.peak_nodes),
        (y.stats.nodes_created, y.stats.peak_nodes)
    );
}

/// `cfg` from `b` with `iterations` playouts spends exactly that many, and its
/// line replays to its score (`what` names the case in a failure).
pub fn check_spends_exactly(cfg: &SearchConfig, b: &Board, iterations: u64, what: &str) {
    let r = search(
        &cfg.clone().valid().unwrap(),
        b,
        Budget::Iterations(iterations),
        &mut crate::rng_for(1, 1, 1),
    );
    assert_eq!(r.stats.playouts, iterations, "{cfg}, {what}");
    crate::line::verify(b, &r.moves, r.score).unwrap_or_else(|e| panic!("{cfg}, {what}: {e}"));
}

/// `cfg` from `b` within `iterations` on a rayon pool of `threads` threads, drawing
/// from `rng_for(seed.0, seed.1, seed.2)` (for "whatever the thread count" checks).
pub fn on_pool(
    threads: usize,
    cfg: &SearchConfig,
    b: &Board,
    iterations: u64,
    seed: (u64, u64, u64),
) -> SearchResult {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(|| {
            search(
                &cfg.clone().valid().unwrap(),
                b,
                Budget::Iterations(iterations),
                &mut crate::rng_for(seed.0, seed.1, seed.2),
            )
        })
}

/// A checkpointed search of `c` on `b` at `k` playouts (generator seed `seed`; a
/// resumed search takes the generator of its checkpoint, so it is given another):
/// from `resume` bytes or a fresh start, a checkpoint at every chance (`every`
/// zero), a stop after `stop_after` playouts; returns the result and every
/// checkpoint's bytes.
pub fn checkpointed(
    c: &super::Valid,
    b: &Board,
    k: u64,
    seed: u64,
    resume: Option<&[u8]>,
    stop_after: Option<u64>,
) -> (SearchResult, Vec<Vec<u8>>) {
    let mut saved = Vec::new();
    let mut save = |bytes: &[u8]| saved.push(bytes.to_vec());
    let r = super::search_checkpointed(
        c,
        b,
        Budget::Iterations(k),
        &mut crate::rng_for(seed + u64::from(resume.is_some()), 1, 2),
        None,
        super::Checkpoints {
            resume: resume.map(|r| super::SearchState::from_bytes(r).unwrap()),
            every: std::time::Duration::ZERO,
            save: &mut save,
            stop_after,
        },
    );
    (r, saved)
}

/// Asserts that two results have the same line, score and playout count.
pub fn same(a: &SearchResult, b: &SearchResult, what: &str) {
    assert_eq!(
        (a.score, &a.moves, a.stats.playouts),
        (b.score, &b.moves, b.stats.playouts),
        "{what}"
    );
}
