//! Why the engine's bit planes are plain words and not `bitvec`: the same hot
//! operation, the pair mask of a whole board (tiles with a same-coloured
//! neighbour, every colour at once from the bit-sliced colour planes), computed by
//! the engine ([`Planes::edges`] + [`Planes::pairs`] on 256-bit blocks) and by the
//! same algorithm written with `bitvec` 1.x (`BitArray<[u64; 4], Lsb0>`, its
//! `shift_start`/`shift_end` and bitwise operators), on the standard 20 boards.
//! Both results are checked equal first. Prints nanoseconds per board for each and
//! their ratio.
//!
//! Run: `cargo bench --bench lanes_vs_bitvec` (the Speed table of docs/engine.md runs it through
//! `scripts/update-readme.sh --speed`).

use std::hint::black_box;
use std::time::Instant;

use bitvec::prelude::*;
use samegame::board::planes::{Plane, Planes};
use samegame::io::testset::TestSet;
use samegame::{Board, Variant};

type Bits = BitArray<[u64; 4], Lsb0>;
type Lanes = Planes<1, 16, 3>;

/// Bits 0..15 of every 16-bit lane but the top one.
fn not_top() -> Bits {
    let mut m = Bits::ZERO;
    for i in 0..256 {
        m.set(i, i % 16 != 15);
    }
    m
}

/// The colour bit planes and occupancy of `b` as bit arrays (bit 16 x + y).
fn bit_planes(b: &Board) -> ([Bits; 3], Bits) {
    let mut planes = [Bits::ZERO; 3];
    let mut occ = Bits::ZERO;
    for x in 0..b.ncols() {
        for c in 0..b.colors() {
            let lane = b.lane(x, c);
            for y in 0..16 {
                if lane >> y & 1 != 0 {
                    occ.set(16 * x + y, true);
                    for (k, p) in planes.iter_mut().enumerate() {
                        if c >> k & 1 != 0 {
                            p.set(16 * x + y, true);
                        }
                    }
                }
            }
        }
    }
    (planes, occ)
}

/// The engine's algorithm (`Planes::edges` then `Planes::pairs`) with bitvec.
fn pairs_bitvec(planes: &[Bits; 3], occ: &Bits, not_top: &Bits) -> Bits {
    let shifted = |b: &Bits, by: usize, toward_start: bool| {
        let mut t = *b;
        if toward_start {
            t.shift_start(by);
        } else {
            t.shift_end(by);
        }
        t
    };
    let (mut dv, mut dh) = (Bits::ZERO, Bits::ZERO);
    for b in planes {
        dv |= *b ^ (shifted(b, 1, true) & *not_top);
        dh |= *b ^ shifted(b, 16, true);
    }
    let up = *occ & (shifted(occ, 1, true) & *not_top) & !dv;
    let right = *occ & shifted(occ, 16, true) & !dh;
    up | shifted(&up, 1, false) | right | shifted(&right, 16, false)
}

fn words(p: &Plane<1>) -> [u64; 4] {
    p[0].words()
}

fn main() {
    let set = TestSet::parse(
        include_str!("../testsets/samegame-standard-20.txt"),
        std::path::Path::new("samegame-standard-20.txt"),
    )
    .expect("shipped test set parses");
    let boards: Vec<Board> = set
        .positions
        .iter()
        .map(|p| p.board(Variant::SameGame))
        .collect();
    let lanes: Vec<Lanes> = boards.iter().map(Lanes::from_board).collect();
    let bits: Vec<_> = boards.iter().map(bit_planes).collect();
    let nt = not_top();
    // Same result first.
    for (l, (p, o)) in lanes.iter().zip(&bits) {
        let a = words(&Lanes::pairs(&l.edges()));
        let b = pairs_bitvec(p, o, &nt).into_inner();
        assert_eq!(a, b, "lanes and bitvec disagree");
    }
    let rounds = 50_000;
    let per_board = |secs: f64| secs * 1e9 / (rounds * boards.len()) as f64;
    let t = Instant::now();
    let mut sum = 0u64;
    for _ in 0..rounds {
        for l in black_box(&lanes) {
            let p = Lanes::pairs(&l.edges());
            sum += p[0].count() as u64;
        }
    }
    let lanes_ns = per_board(t.elapsed().as_secs_f64());
    let t = Instant::now();
    let mut sum2 = 0u64;
    for _ in 0..rounds {
        for (p, o) in black_box(&bits) {
            sum2 += pairs_bitvec(p, o, &nt).count_ones() as u64;
        }
    }
    let bitvec_ns = per_board(t.elapsed().as_secs_f64());
    assert_eq!(sum, sum2);
    println!("pair mask of a whole 15x15x5 board (standard 20), ns per board:");
    println!("lanes_ns {lanes_ns:.1}");
    println!("bitvec_ns {bitvec_ns:.1}");
    println!("bitvec_over_lanes {:.1}", bitvec_ns / lanes_ns);
}
