//! The legal moves of a position from scratch, as canonical cells only: what a tree
//! search stores when it expands a node (it needs no group sizes, colours or spans).
//!
//! The same-colour edges are built straight from the board's column lanes (no colour
//! planes: a flood needs only the edges). The lowest tile of every group is a pair
//! tile with no same-coloured neighbour on its left or below (a *candidate*); taken
//! lowest first, each candidate not yet covered is the canonical cell of a new group.
//! A group that is one vertical run (no tile of it has a same-coloured neighbour
//! left or right) holds no other candidate and is not flooded; any other group is
//! flooded once to strike its other candidates.
//!
//! Owns: [`legal_cells`]. Must not: keep state, choose moves or score.

use super::{from_left, same, step, Block, Edges, Plane};
use crate::board::{Board, Cell, MAX_COLORS};

/// The canonical cell (lowest tile of the leftmost column) of every legal group of
/// `board`, in canonical order (column, then row), into `out` (cleared first): the
/// cells of [`Board::groups`].
pub fn legal_cells(board: &Board, out: &mut Vec<Cell>) {
    out.clear();
    if super::lane_bits(board.height()) == 16 {
        if board.width() <= 16 {
            cells_in::<1, 16>(board, out);
        } else {
            cells_in::<2, 16>(board, out);
        }
    } else if board.width() <= 8 {
        cells_in::<1, 32>(board, out);
    } else if board.width() <= 16 {
        cells_in::<2, 32>(board, out);
    } else {
        cells_in::<4, 32>(board, out);
    }
}

/// The same-colour edges of `board` in `B` blocks of `L`-bit lanes (the board must
/// fit): per column, one lane OR over the colours (unused colour slots are zero).
#[inline(always)]
fn edges_of<const B: usize, const L: u32>(board: &Board) -> Edges<B> {
    const ZERO: [u32; MAX_COLORS] = [0; MAX_COLORS];
    let per_word = 64 / L as usize;
    let mut up = [[0u64; 4]; B];
    let mut right = [[0u64; 4]; B];
    for x in 0..board.ncols() {
        let here = &board.lanes[x];
        let next = board.lanes.get(x + 1).unwrap_or(&ZERO);
        let (u, r) = if L == 16 {
            // Lanes of at most 16 rows: both edges in one word, one OR over colours.
            let mut ur = 0u32;
            for c in 0..MAX_COLORS {
                ur |= here[c] & (here[c] >> 1) | (here[c] & next[c]) << 16;
            }
            (ur & 0xffff, ur >> 16)
        } else {
            let (mut u, mut r) = (0u32, 0u32);
            for c in 0..MAX_COLORS {
                u |= here[c] & (here[c] >> 1);
                r |= here[c] & next[c];
            }
            (u, r)
        };
        let (w, off) = (x / per_word, (x % per_word) as u32 * L);
        up[w / 4][w % 4] |= u64::from(u) << off;
        right[w / 4][w % 4] |= u64::from(r) << off;
    }
    Edges {
        up: up.map(Block::from_words),
        right: right.map(Block::from_words),
    }
}

#[inline(always)]
fn cells_in<const B: usize, const L: u32>(board: &Board, out: &mut Vec<Cell>) {
    let e = edges_of::<B, L>(board);
    // Tiles with a same-coloured neighbour on the left, and below.
    let left_ends = from_left::<B, L>(&e.right);
    let below_ends: Plane<B> = std::array::from_fn(|i| e.up[i].up::<L>());
    let horizontal = e.right.map(|b| b.words());
    let up = e.up.map(|b| b.words());
    let mut cand: [[u64; 4]; B] = std::array::from_fn(|i| {
        e.up[i]
            .or(e.right[i])
            .and_not(left_ends[i])
            .and_not(below_ends[i])
            .words()
    });
    let left_words = left_ends.map(|b| b.words());
    for blk in 0..B {
        for j in 0..4 {
            while cand[blk][j] != 0 {
                let bit = cand[blk][j].trailing_zeros();
                let i = (blk * 4 + j) * 64 + bit as usize;
                out.push(Cell::new(i / L as usize, i % L as usize));
                // The vertical run up from the candidate: its up-edges from `bit` on
                // are consecutive ones, which one carry turns into the run's bits (a
                // run never crosses a lane: the top row has no up-edge).
                let u = up[blk][j];
                let run = u.wrapping_add(1 << bit) ^ u;
                if run & (horizontal[blk][j] | left_words[blk][j]) == 0 {
                    cand[blk][j] &= !run;
                } else {
                    let g = flood_from::<B, L>(&e, blk, j, run);
                    for (c, g) in cand.iter_mut().zip(g) {
                        for (c, g) in c.iter_mut().zip(g.words()) {
                            *c &= !g;
                        }
                    }
                }
            }
        }
    }
}

/// The group holding the tiles `run` of word `j` of block `blk`, one flood step at a
/// time until stable (most groups here are small: two steps).
#[inline(always)]
fn flood_from<const B: usize, const L: u32>(
    e: &Edges<B>,
    blk: usize,
    j: usize,
    run: u64,
) -> Plane<B> {
    let mut s: Plane<B> = std::array::from_fn(|k| {
        if k == blk {
            Block::one_word(j, run)
        } else {
            Block::zero()
        }
    });
    loop {
        let g = step::<B, L>(&s, e);
        if same(&g, &s) {
            return s;
        }
        s = g;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::testutil::random_board;
    use crate::rules::Variant;
    use proptest::prelude::*;

    /// Random positions of every plane layout (up to 32 × 32, 1 to 10 colours),
    /// played some random moves in: the cells equal those of the groups computed by
    /// flood fill, in the same order.
    fn check(w: usize, h: usize, colors: usize, seed: u64, moves: usize) {
        let mut b = random_board(w, h, colors as u8, seed, Variant::SameGame);
        let mut rng = crate::rng_for(seed, 7, 7);
        let mut out = Vec::new();
        for _ in 0..=moves {
            let want: Vec<Cell> = b.groups().iter().map(|g| g.cell).collect();
            legal_cells(&b, &mut out);
            assert_eq!(out, want, "{w}x{h}x{colors} seed {seed}\n{b:?}");
            if want.is_empty() {
                break;
            }
            b.play(want[rand::Rng::gen_range(&mut rng, 0..want.len())]);
        }
    }

    proptest! {
        #[test]
        fn legal_cells_match_the_flooded_groups(
            w in 1usize..=32,
            h in 1usize..=32,
            colors in 1usize..=10,
            seed in any::<u64>(),
            moves in 0usize..60,
        ) {
            check(w, h, colors, seed, moves);
        }
    }

    /// Whole games on the common sizes and the layouts' limits.
    #[test]
    fn legal_cells_over_whole_games() {
        for (i, &(w, h, c)) in [
            (15, 15, 5),
            (15, 15, 3),
            (10, 10, 2),
            (16, 16, 4),
            (17, 16, 4),
            (8, 17, 3),
            (16, 17, 6),
            (32, 32, 10),
            (1, 20, 2),
            (20, 1, 2),
        ]
        .iter()
        .enumerate()
        {
            for seed in 0..20 {
                check(w, h, c, seed * 100 + i as u64, 1000);
            }
        }
    }
}
