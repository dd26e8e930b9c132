//! Engine benchmarks (criterion): move generation from scratch and incrementally,
//! play, random and tabu playouts on the standard 20 boards. Each bench asserts its
//! result first, so a change that is fast but wrong fails here. The classic array
//! engine (the yardstick) is not here: it is crate-private, and `samegame bench
//! --classic` measures it against these playouts in one process.
//!
//! Run: `cargo bench --bench board`. CI runs `cargo bench --no-run` so it cannot rot.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use samegame::board::groups::GroupList;
use samegame::board::GroupMask;
use samegame::policy::{playout, tabu_color};
use samegame::{rng_for, Board};

mod common;

fn boards() -> Vec<Board> {
    common::standard_boards()
}

fn bench(c: &mut Criterion) {
    let boards = boards();
    // Sanity: scratch and incremental move generation agree on every board.
    for b in &boards {
        assert_eq!(GroupList::new(b).as_slice(), &b.groups()[..]);
    }
    let total_groups: usize = boards.iter().map(|b| b.groups().len()).sum();
    assert!(total_groups > 500, "{total_groups}");

    c.bench_function("groups_scratch_20_boards", |bench| {
        bench.iter(|| {
            boards
                .iter()
                .map(|b| black_box(b).groups().len())
                .sum::<usize>()
        })
    });

    c.bench_function("play_plus_incremental_groups_20_boards", |bench| {
        let mut mask = GroupMask::default();
        bench.iter(|| {
            let mut n = 0;
            for b in &boards {
                let g = GroupList::new(b);
                let mut next = *b;
                let ch = next.play_unchecked(g.as_slice()[0].cell, &mut mask);
                let mut g2 = g.clone();
                g2.update(&next, ch);
                n += g2.len();
            }
            black_box(n)
        })
    });

    let mut rng = rng_for(1, 0, 0);
    let mut moves = Vec::with_capacity(256);
    // Sanity: a playout ends in a terminal position with a replayable score.
    {
        let mut b = boards[0];
        let s = playout(&mut b, None, &mut rng, &mut moves);
        assert_eq!(samegame::line::verify(&boards[0], &moves, s), Ok(s));
    }
    c.bench_function("random_playout_20_boards", |bench| {
        bench.iter(|| {
            let mut sum = 0i64;
            for b in &boards {
                let mut board = *b;
                moves.clear();
                sum += i64::from(playout(&mut board, None, &mut rng, &mut moves));
            }
            black_box(sum)
        })
    });
    c.bench_function("tabu_playout_20_boards", |bench| {
        bench.iter(|| {
            let mut sum = 0i64;
            for b in &boards {
                let mut board = *b;
                moves.clear();
                let t = tabu_color(&board);
                sum += i64::from(playout(&mut board, t, &mut rng, &mut moves));
            }
            black_box(sum)
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
