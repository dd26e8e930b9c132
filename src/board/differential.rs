//! Differential test of the fast engine against the naive oracle.
//!
//! Owns: seeded random games played move by move on four engines at once: the
//! naive oracle ([`NaiveBoard`], breadth-first search on nested vectors), the
//! column-lane [`Board`] with its incremental [`GroupList`], and the bit-sliced
//! [`Planes`] of the playout kernel. After every move it compares incremental
//! groups with groups computed from scratch and with the oracle's, the board and
//! the score with the oracle's, the planes (converted back) with the board, the
//! planes' pair tiles with the oracle's groups, and the planes' flood of every
//! oracle group with that group. Every size class: tiny boards, 1 × N and N × 1, each
//! plane layout and its limits (16/17 rows and columns, 32 × 32), 1 to 10 colours,
//! every variant.
//! Must not: assert anything about speed.
//!
//! `cargo test --release` runs a bounded number of games (a few seconds);
//! `cargo test --release -- --ignored` runs the long version (millions of moves).

use rand::Rng as _;

use super::groups::GroupList;
use super::naive::{NaiveBoard, NaiveGroup};
use super::planes::{count, planes_for, select_seed, Plane, Planes, MAX_PLANES};
use super::{Board, Cell, GroupMask};
use crate::rng::rng_for;
use crate::rules::Variant;

/// (width, height, colours, games per variant in the bounded run).
const SIZES: [(usize, usize, usize, u64); 19] = [
    (1, 1, 1, 20),
    (2, 2, 2, 100),
    (3, 3, 3, 100),
    (5, 5, 3, 150),
    (6, 6, 2, 100),
    (2, 9, 2, 100),
    (9, 2, 3, 100),
    (1, 32, 2, 50),
    (32, 1, 2, 50),
    (10, 10, 4, 40),
    (15, 15, 5, 25),
    (16, 16, 10, 10),
    (16, 16, 2, 10),
    (17, 16, 4, 6),
    (16, 17, 4, 6),
    (12, 30, 9, 4),
    (20, 20, 10, 4),
    (32, 32, 6, 1),
    (32, 32, 10, 1),
];

fn random_rows(rng: &mut crate::rng::Rng, w: usize, h: usize, c: usize) -> Vec<Vec<u8>> {
    (0..h)
        .map(|_| (0..w).map(|_| rng.gen_range(0..c) as u8).collect())
        .collect()
}

/// The rank of bit `i` among the set bits of `m` (for [`select_seed`]).
fn rank_of<const B: usize>(m: &Plane<B>, i: usize) -> u32 {
    let mut r = 0;
    for (bi, b) in m.iter().enumerate() {
        for (wi, w) in b.words().iter().enumerate() {
            let base = (bi * 4 + wi) * 64;
            if base + 64 <= i {
                r += w.count_ones();
            } else if base < i {
                r += (w & ((1u64 << (i - base)) - 1)).count_ones();
            }
        }
    }
    r
}

/// The plane with only tile `i` (bit index) set, which must be a pair tile.
fn seed_at<const B: usize>(pairs: &Plane<B>, i: usize) -> Plane<B> {
    let (j, seed) = select_seed(pairs, rank_of(pairs, i));
    assert_eq!(j, i, "not a pair tile");
    seed
}

fn to_naive(groups: &[super::Group]) -> Vec<NaiveGroup> {
    let mut v: Vec<_> = groups
        .iter()
        .map(|g| NaiveGroup {
            x: g.cell.x.into(),
            y: g.cell.y.into(),
            color: g.color,
            size: g.size.into(),
        })
        .collect();
    v.sort();
    v
}

/// One game on the four engines; returns the number of moves played.
fn game<const B: usize, const L: u32, const P: usize>(
    rows: &[Vec<u8>],
    c: usize,
    v: Variant,
    rng: &mut crate::rng::Rng,
) -> u64 {
    let start = Board::from_rows(rows, c, v).unwrap();
    let mut b = start;
    let mut naive = NaiveBoard::from_rows(rows, c, v);
    let mut inc = GroupList::new(&b);
    assert!(Planes::<B, L, P>::fits(&b));
    let mut planes = Planes::<B, L, P>::from_board(&b);
    let mut mask = GroupMask::default();
    let mut moves = 0;
    let at = |b: &Board| {
        format!(
            "{}x{}x{c} {v} after {} moves\n{b:?}",
            b.width(),
            b.height(),
            b.moves_played()
        )
    };
    loop {
        // Incremental groups == scratch groups == the oracle's groups.
        let scratch = b.groups();
        assert_eq!(inc.as_slice(), &scratch[..], "incremental, {}", at(&b));
        let oracle = naive.groups();
        assert_eq!(to_naive(&scratch), oracle, "oracle groups, {}", at(&b));
        // Board and score == the oracle's.
        assert_eq!(
            NaiveBoard::from_rows(&b.to_rows(), c, v).cols,
            naive.cols,
            "{}",
            at(&b)
        );
        assert_eq!(b.score(), naive.score, "{}", at(&b));
        assert!(b.is_consistent());
        // Planes == board; pair tiles == the tiles of the oracle's groups; the flood
        // of each group's canonical tile == that group.
        let mut back = start;
        planes.write_to(&mut back, b.score(), b.moves_played() as u16);
        assert_eq!(back, b, "planes, {}", at(&b));
        let edges = planes.edges();
        let pairs = Planes::<B, L, P>::pairs(&edges);
        let tiles: usize = oracle.iter().map(|g| g.size).sum();
        assert_eq!(count(&pairs) as usize, tiles, "pair tiles, {}", at(&b));
        for g in &oracle {
            let seed = seed_at(&pairs, g.x * L as usize + g.y);
            let (fill, size) = Planes::<B, L, P>::flood(&edges, &seed);
            assert_eq!(size as usize, g.size, "flood size, {}", at(&b));
            assert_eq!(Planes::<B, L, P>::first_cell(&fill), Cell::new(g.x, g.y));
        }
        if oracle.is_empty() {
            assert!(inc.is_empty() && b.is_terminal() && count(&pairs) == 0);
            assert_eq!(b.final_score(), naive.final_score(), "{}", at(&b));
            return moves;
        }
        // A random group, played by a random tile of it on every engine.
        let g = oracle[rng.gen_range(0..oracle.len())];
        let r = rng.gen_range(0..g.size);
        b.flood(Cell::new(g.x, g.y), &mut mask);
        let tile = (mask.xmin..=mask.xmax)
            .flat_map(|x| {
                let m = mask.column(x);
                (0..32)
                    .filter(move |y| m >> y & 1 != 0)
                    .map(move |y| Cell::new(x, y))
            })
            .nth(r)
            .unwrap();
        let seed = seed_at(
            &pairs,
            usize::from(tile.x) * L as usize + usize::from(tile.y),
        );
        let (fill, size) = Planes::<B, L, P>::flood(&edges, &seed);
        assert_eq!(size as usize, g.size);
        planes.remove(&fill);
        let change = b.play(tile);
        naive.play(g.x, g.y);
        inc.update(&b, change);
        moves += 1;
    }
}

/// Plays `games_per_variant(size)` games of every size class and variant; returns
/// the number of moves checked.
fn run(seed: u64, scale: u64) -> u64 {
    let mut moves = 0;
    for v in Variant::ALL {
        for (si, &(w, h, c, n)) in SIZES.iter().enumerate() {
            for g in 0..n * scale {
                let mut rng = rng_for(seed, si as u64 * 1_000_000 + g, v as u64);
                let rows = random_rows(&mut rng, w, h, c);
                moves += match (h <= 16, w <= 16, planes_for(c)) {
                    (true, true, 0 | 1) => game::<1, 16, 1>(&rows, c, v, &mut rng),
                    (true, true, 2) => game::<1, 16, 2>(&rows, c, v, &mut rng),
                    (true, true, 3) => game::<1, 16, 3>(&rows, c, v, &mut rng),
                    (true, true, _) => game::<1, 16, MAX_PLANES>(&rows, c, v, &mut rng),
                    (true, false, _) => game::<2, 16, MAX_PLANES>(&rows, c, v, &mut rng),
                    (false, true, _) => game::<2, 32, MAX_PLANES>(&rows, c, v, &mut rng),
                    (false, false, _) => game::<4, 32, MAX_PLANES>(&rows, c, v, &mut rng),
                };
            }
        }
    }
    moves
}

/// The bounded run: about 7,000 games, checked after every move.
#[test]
fn incremental_groups_match_scratch_and_oracle() {
    let moves = run(1, 2);
    assert!(moves > 60_000, "{moves}");
}

/// The long run (`cargo test --release -- --ignored`): 50 times the bounded one
/// (about 350,000 games, over 3 million moves), other seeds.
#[test]
#[ignore]
fn incremental_groups_match_scratch_and_oracle_long() {
    let moves = run(2, 100);
    eprintln!("differential: {moves} moves checked");
    assert!(moves > 3_000_000, "{moves}");
}
