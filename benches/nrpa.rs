//! NRPA benchmarks (criterion): one level-0 playout under a learned policy and one
//! adaptation of that policy toward a recorded game, on fixed boards (standard
//! positions 1 and 2, 15 × 15, 5 colours; the selective policy NRPA uses there by
//! default). The policy is first adapted toward a few playouts, as a level-1 search
//! has it after some iterations, so that the weights are not all zero. Each bench
//! checks its result first, so a change that is fast but wrong fails here.
//!
//! Owns: these benches. Must not: be the measure of a claim (timings on a shared
//! box are noisy).
//!
//! Run: `cargo bench --bench nrpa`. CI runs `cargo bench --no-run` so it cannot rot.
//! Instruction counts (deterministic, the measure of docs/experiments.md "NRPA
//! speed") come from callgrind on `samegame solve`, not from this bench.

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion};
use samegame::policy::adaptive::{AdaptScratch, Playout, Policy, Selective, Trace};
use samegame::policy::tabu_color;
use samegame::{rng_for, Board};

mod common;

fn boards() -> Vec<Board> {
    common::standard_boards().into_iter().take(2).collect()
}

/// A playout with NRPA's default candidate rule on `board`, and a policy adapted
/// toward 30 of its games (α = 1, each toward the best so far, as level 1 does).
fn learned(board: &Board) -> (Playout, Policy, Trace) {
    let selective = Selective {
        tabu: tabu_color(board),
        late_tiles: 0,
        late_size: 0,
    };
    let mut playout = Playout::new(selective, 0.0);
    let (mut pol, mut scratch) = (Policy::default(), AdaptScratch::default());
    let mut rng = rng_for(51, 0, 0);
    let (mut moves, mut trace, mut best) = (Vec::new(), Trace::default(), Trace::default());
    let mut best_score = i32::MIN;
    for _ in 0..30 {
        let s = playout.run(board, &pol, &mut rng, &mut moves, &mut trace);
        samegame::line::verify(board, &moves, s).expect("a playout replays");
        if s >= best_score {
            best_score = s;
            best.clone_from(&trace);
        }
        pol.adapt(&best, 1.0, &mut scratch);
    }
    (playout, pol, best)
}

fn bench(c: &mut Criterion) {
    for (i, board) in boards().iter().enumerate() {
        let (mut playout, pol, best) = learned(board);
        let mut rng = rng_for(7, 0, 0);
        let (mut moves, mut trace) = (Vec::with_capacity(256), Trace::default());
        c.bench_function(&format!("nrpa_playout_standard_{}", i + 1), |bench| {
            bench.iter(|| {
                black_box(playout.run(black_box(board), &pol, &mut rng, &mut moves, &mut trace))
            })
        });
        let mut scratch = AdaptScratch::default();
        c.bench_function(&format!("nrpa_adapt_standard_{}", i + 1), |bench| {
            bench.iter_batched_ref(
                || pol.clone(),
                |p| p.adapt(black_box(&best), 1.0, &mut scratch),
                BatchSize::SmallInput,
            )
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
