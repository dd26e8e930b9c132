//! Cost per call of the heuristic evaluations (`--eval`) on the standard 20 boards
//! and on positions 20 random moves in, without criterion: a plain timing loop that
//! prints nanoseconds per call. It asserts first that `colors` is never below
//! `potential`'s running-score part and that terminal values are exact. Then the
//! beam's cost per child of those positions: from scratch, and from the parent's
//! groups by column (`GroupSums::after`, what `search::beam` does), the same value.
//!
//! Run: `cargo bench --bench eval`.

use std::hint::black_box;
use std::time::Instant;

use rand::Rng as _;
use samegame::board::GroupMask;
use samegame::io::testset::TestSet;
use samegame::search::{ByColumn, Eval, Evaluator, GroupSums};
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
    let reps = 200;
    for e in [Eval::Potential, Eval::Learned] {
        let ev = Evaluator::from(e);
        let mut mask = GroupMask::default();
        let (mut scratch, mut by_parent, mut children) = (0i64, 0i64, 0usize);
        let (mut t_scratch, mut t_parent) = (0.0, 0.0);
        for _ in 0..reps {
            for b in &boards {
                let moves = b.groups();
                let t = Instant::now();
                for g in &moves {
                    let mut c = *b;
                    c.play(g.cell);
                    scratch += i64::from(ev.score(black_box(&c)));
                }
                t_scratch += t.elapsed().as_secs_f64();
                let t = Instant::now();
                // As the beam does: the parent's groups, found once, give the sums.
                let by = ByColumn::from_groups(b, moves.iter().copied());
                for g in &moves {
                    let mut c = *b;
                    let change = c.play(g.cell);
                    let sums = GroupSums::after(&by, black_box(&c), change, &mut mask);
                    by_parent += i64::from(ev.score_with(&c, &sums));
                }
                t_parent += t.elapsed().as_secs_f64();
                children += moves.len();
            }
        }
        assert_eq!(scratch, by_parent, "the same values");
        let ns = |t: f64| t * 1e9 / children as f64;
        println!(
            "child {:<9} {:8.1} ns from scratch, {:8.1} ns from the parent's sums (checksum {scratch})",
            e.name(),
            ns(t_scratch),
            ns(t_parent)
        );
    }
}
