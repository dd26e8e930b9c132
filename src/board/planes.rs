//! Bit-sliced whole-board planes: the board of the playout kernel.
//!
//! Owns: [`Planes`], the tiles of a position stored as an occupancy plane plus
//! `P` ≥ ⌈log2 colours⌉ bit planes of the colour index (plane k holds bit k of every
//! tile's colour), each plane `B` blocks of 256 bits in `L`-bit column lanes: bit
//! `x·L + y` of a plane is column x, row y. A 15 × 15 × 5 board is 4 planes of one
//! block (128 bytes) and every plane operation one or two AVX2 instructions
//! ([`Block`]). The whole-board operations a playout needs:
//! - [`Planes::edges`]: the same-colour edges of every colour at once (two tiles
//!   have the same colour when no colour bit plane differs: one XOR per bit plane
//!   instead of one test per colour), and [`Planes::pairs`], their end tiles;
//! - [`select_seed`]: the r-th set bit of a plane, without a branch per word;
//! - [`Planes::flood`]: a group grown along same-colour edges (no colour needed);
//! - [`Planes::remove`]: removal with gravity (lanes compacted by their number of
//!   removed tiles, colour planes by one PEXT/PDEP pair per word) and closing up
//!   emptied columns;
//! - exact conversion from and to [`Board`];
//! - the layout rule every caller uses to fit a board: [`lane_bits`] (16-bit lanes
//!   up to 16 rows) and [`planes_for`] (colour bit planes);
//! - group masks (`masks.rs`): a legal group as a plane, and the bit tools an
//!   incremental list of such masks needs.
//!
//! # Layout
//!
//! The board of [`Board`]'s module docs (3 colours, so `P` = 2 bit planes), in the
//! `L` = 16 layout: lane x of a plane is bits `16x .. 16x + 15`, bit `y` of the lane
//! is row y. Each plane keeps one bit per tile: `occ` whether a tile is there,
//! `bits[k]` bit k of its colour (colour 2 = `0b10`: set in `bits[1]` only):
//!
//! ```text
//!   row y=2   . 1 .        lane:      x=0    x=1    x=2
//!   row y=1   2 1 .        occ      0b011  0b111  0b001
//!   row y=0   2 0 0        bits[0]  0b000  0b110  0b000   (colour bit 0)
//!             x=0 1 2      bits[1]  0b011  0b000  0b000   (colour bit 1)
//!
//!   word 0 of a plane = lanes x=0..3 at bits 0, 16, 32, 48:
//!     occ     = 0b001 << 32 | 0b111 << 16 | 0b011 = 0x0000_0001_0007_0003
//!     bits[0] =               0b110 << 16         = 0x0000_0000_0006_0000
//!     bits[1] =                               0b011 = 0x0000_0000_0000_0003
//! ```
//!
//! A block is four words (16 columns of 16 rows, or with `L` = 32, 8 columns of 32
//! rows); `B` blocks hold `16·B` (or `8·B`) columns. The colour of the tile at
//! column 1, row 2 is read at bit 1·16 + 2 = 18: set in `bits[0]`, clear in
//! `bits[1]`, so colour `0b01` = 1. The board's same-colour edges, every colour at
//! once, as (x, y): `up` = {(0,0), (1,1)} (the 2 under the 2, the 1 under the 1)
//! and `right` = {(1,0)} (the 0 left of the 0); their end tiles, [`Planes::pairs`],
//! are all six tiles.
//! (`tests::module_doc_layout_picture` checks every number of this picture.)
//!
//! Must not: choose moves, keep scores or know about search; it is a value type for
//! one playout, kept in registers (hence the by-value and always-inlined methods).

mod block;
#[cfg(all(
    test,
    target_arch = "x86_64",
    target_feature = "avx2",
    target_feature = "bmi2"
))]
mod block_tests;
mod cells;
mod masks;

pub use block::Block;
pub use cells::legal_cells;
pub use masks::{
    and, columns, first_last, flood_lowest, from_lowest, groups_of, grow, lane, last_bit, lowest,
    or, shift_columns, EdgeBlocks,
};

use super::{Board, Cell, MAX_COLORS};

/// Most colour bit planes (10 colours need 4).
pub const MAX_PLANES: usize = 4;

/// A whole-board bit plane: `B` blocks of 256 bits, bit `x·L + y` = column x, row y.
pub type Plane<const B: usize> = [Block; B];

/// The same-colour edges of a position: `up` has a bit at every tile whose upper
/// neighbour has its colour, `right` at every tile whose right neighbour has.
#[derive(Clone, Copy, Debug)]
pub struct Edges<const B: usize> {
    /// Tiles with a same-coloured tile above.
    up: Plane<B>,
    /// Tiles with a same-coloured tile to the right.
    right: Plane<B>,
}

/// A position as bit-sliced planes of `B` blocks with `L`-bit column lanes (`L` is 16
/// or 32, so `256 / L` columns per block) and `P` colour bit planes (at least
/// ⌈log2 colours⌉; a constant, so that every plane loop is unrolled and the planes
/// stay in registers). See the module docs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Planes<const B: usize, const L: u32, const P: usize> {
    // Invariants: every lane of occ compact from bit 0; lanes 0..ncols non-empty,
    // the others zero; bits[k] ⊆ occ, zero for k ≥ ⌈log2 ncolors⌉.
    occ: Plane<B>,
    bits: [Plane<B>; P],
    ncols: usize,
}

impl<const B: usize, const L: u32, const P: usize> Planes<B, L, P> {
    /// Columns per 64-bit word.
    const PER_WORD: usize = 64 / L as usize;
    /// The bits of one lane.
    const LANE: u64 = u64::MAX >> (64 - L);

    /// Widest board this layout holds.
    const WIDTH: usize = B * 4 * Self::PER_WORD;
    /// Tallest board this layout holds.
    const HEIGHT: usize = L as usize;

    /// True when `board` fits this layout.
    #[inline]
    pub(crate) fn fits(board: &Board) -> bool {
        board.width() <= Self::WIDTH
            && board.height() <= Self::HEIGHT
            && planes_for(board.colors()) <= P
    }

    /// The tiles of `board` (which must fit: `Self::fits`).
    /// Always inlined: built in place by a call, the planes would stay in memory
    /// during the whole playout.
    #[inline(always)]
    pub fn from_board(board: &Board) -> Self {
        debug_assert!(Self::fits(board));
        let ncolors = board.colors();
        let mut occ = [[0u64; 4]; B];
        let mut bits = [[[0u64; 4]; B]; P];
        for x in 0..board.ncols() {
            let (w, off) = (x / Self::PER_WORD, (x % Self::PER_WORD) as u32 * L);
            occ[w / 4][w % 4] |= u64::from(board.occ[x]) << off;
            for c in 0..ncolors {
                let lane = u64::from(board.lanes[x][c]) << off;
                for k in 0..P {
                    if c >> k & 1 != 0 {
                        bits[k][w / 4][w % 4] |= lane;
                    }
                }
            }
        }
        Planes {
            occ: occ.map(Block::from_words),
            bits: bits.map(|p| p.map(Block::from_words)),
            ncols: board.ncols(),
        }
    }

    /// [`Board::final_score`] of the board [`Planes::write_to`] would write into
    /// `root` after moves scoring `gained` in all, without writing it (a board is
    /// over a kilobyte: a playout that only needs its score copies none).
    #[inline]
    pub fn final_score(&self, root: &Board, gained: i32) -> i32 {
        let mut counts = [0u16; MAX_COLORS];
        for (c, n) in counts[..root.colors()].iter_mut().enumerate() {
            *n = count(&self.color_plane(c as u8)) as u16;
        }
        root.score() + gained + root.variant().end_adjustment(&counts[..root.colors()])
    }

    /// Writes these tiles into `board`, which must be the board they were made from
    /// or one of its successors, after `moves` more moves scoring `gained` in all
    /// (tile counts are recounted from the planes).
    ///
    /// Takes the planes by value: a call that is not inlined and takes them by
    /// reference would keep them in memory during the whole playout.
    #[inline(never)]
    pub fn write_to(self, board: &mut Board, gained: i32, moves: u16) {
        for x in self.ncols..board.ncols() {
            board.lanes[x] = [0; MAX_COLORS];
            board.occ[x] = 0;
        }
        for c in 0..board.colors() {
            let plane = self.color_plane(c as u8);
            for x in 0..self.ncols {
                board.lanes[x][c] = Self::lane(&plane, x);
            }
            board.counts[c] = count(&plane) as u16;
        }
        for x in 0..self.ncols {
            board.occ[x] = Self::lane(&self.occ, x);
        }
        board.ncols = self.ncols as u8;
        board.tiles = board.counts.iter().sum();
        board.score += gained;
        board.moves += moves;
        debug_assert!(board.is_consistent());
    }

    /// Lane of column `x` of a plane.
    #[inline(always)]
    fn lane(m: &Plane<B>, x: usize) -> u32 {
        let (w, off) = (x / Self::PER_WORD, (x % Self::PER_WORD) as u32 * L);
        (m[w / 4].words()[w % 4] >> off & Self::LANE) as u32
    }

    /// The same-colour edges of the board, for every colour at once: two tiles
    /// have the same colour when no colour bit plane differs between them.
    #[inline(always)]
    pub fn edges(&self) -> Edges<B> {
        let occ = &self.occ;
        // dv: colour differs from the tile above; dh: from the tile to the right.
        let mut dv = [Block::zero(); B];
        let mut dh = [Block::zero(); B];
        for k in 0..P {
            let b = &self.bits[k];
            let right = from_right::<B, L>(b);
            for i in 0..B {
                dv[i] = dv[i].or(b[i].xor(b[i].down::<L>()));
                dh[i] = dh[i].or(b[i].xor(right[i]));
            }
        }
        let occ_right = from_right::<B, L>(occ);
        Edges {
            up: std::array::from_fn(|i| occ[i].and(occ[i].down::<L>()).and_not(dv[i])),
            right: std::array::from_fn(|i| occ[i].and(occ_right[i]).and_not(dh[i])),
        }
    }

    /// Tiles that belong to a group of ≥ 2: an end of a same-colour edge.
    #[inline(always)]
    pub fn pairs(e: &Edges<B>) -> Plane<B> {
        let right_ends = from_left::<B, L>(&e.right);
        std::array::from_fn(|i| {
            e.up[i]
                .or(e.up[i].up::<L>())
                .or(e.right[i])
                .or(right_ends[i])
        })
    }

    /// The tiles of colour `c`.
    #[inline(always)]
    pub fn color_plane(&self, c: u8) -> Plane<B> {
        let mut out = self.occ;
        for k in 0..P {
            // All ones where colour bit k must be 0 (flip the plane), else zero.
            let flip = Block::splat(u64::from(c >> k & 1).wrapping_sub(1));
            for i in 0..B {
                out[i] = out[i].and(self.bits[k][i].xor(flip));
            }
        }
        out
    }

    /// Colour of the tile at bit `i` (which must be occupied; tests only).
    #[cfg(test)]
    fn color_at_bit(&self, i: usize) -> u8 {
        let (blk, w, b) = (i / 256, i / 64 % 4, i % 64);
        let mut c = 0;
        for k in 0..P {
            c |= ((self.bits[k][blk].words()[w] >> b & 1) as u8) << k;
        }
        c
    }

    /// The group of the tile `seed` (a plane with one bit) and its size: the tiles
    /// reached from it along same-colour edges, one step in the four directions per
    /// round until stable (no colour needed: the edges know it). Four steps come
    /// before the first test (86% of the floods of a 15 × 15 × 5 playout are done by
    /// then), then two per test: fewer hard-to-predict loop exits.
    #[inline(always)]
    pub fn flood(e: &Edges<B>, seed: &Plane<B>) -> (Plane<B>, u32) {
        let mut s = *seed;
        s = step::<B, L>(&s, e);
        s = step::<B, L>(&s, e);
        s = step::<B, L>(&s, e);
        loop {
            let g = step::<B, L>(&s, e);
            if same(&g, &s) {
                break;
            }
            s = step::<B, L>(&g, e);
            if same(&g, &s) {
                break;
            }
        }
        (s, count(&s))
    }

    /// The canonical cell of a group mask: its lowest tile in its leftmost column.
    #[inline(always)]
    pub fn first_cell(g: &Plane<B>) -> Cell {
        let i = first_bit(g);
        Cell::new(i / L as usize, i % L as usize)
    }

    /// Plays the group `g`: removes its tiles, applies gravity and closes up emptied
    /// columns (the caller keeps the score: [`Planes::write_to`]).
    ///
    /// Gravity without branches per column: the new occupancy is every lane shifted
    /// down by its number of removed tiles; then each colour bit plane word keeps
    /// its bits outside the group, packed (PEXT) and spread over the new occupancy
    /// (PDEP), which keeps every lane in its place since both are in lane order;
    /// only in the words the group meets (a word elsewhere is left as it is).
    #[inline(always)]
    pub fn remove(&mut self, g: &Plane<B>) {
        let mut emptied = 0u64; // bit x: column x emptied (at most 32 columns)
        for blk in 0..B {
            if B > 1 && g[blk].is_zero() {
                continue;
            }
            let occ = self.occ[blk];
            let nocc = occ.shift_lanes_by_count::<L>(g[blk]);
            let gone = nocc.zero_lanes::<L>() & !occ.zero_lanes::<L>();
            emptied |= u64::from(gone) << (blk * 256 / L as usize);
            let keep = occ.and_not(g[blk]).words();
            let nw = nocc.words();
            // Only the words the group meets change (elsewhere keep = occ = nocc).
            let mut bits: [Block; P] = std::array::from_fn(|k| self.bits[k][blk]);
            let mut touched = g[blk].nonzero_words();
            while touched != 0 {
                let i = touched.trailing_zeros() as usize;
                touched &= touched - 1;
                for (k, b) in bits.iter_mut().enumerate() {
                    let w = self.bits[k][blk].words()[i];
                    *b = b.with_word(i, pdep64(pext64(w, keep[i]), nw[i]));
                }
            }
            for (k, b) in bits.into_iter().enumerate() {
                self.bits[k][blk] = b;
            }
            self.occ[blk] = nocc;
        }
        if emptied != 0 {
            (self.occ, self.bits) = close_up::<B, L, P>(self.occ, self.bits, emptied);
            self.ncols -= emptied.count_ones() as usize;
        }
    }
}

/// Deletes the columns whose bits are set in `emptied` from every plane: the columns
/// right of them move left. Planes in and out by value (rare; a call taking the
/// planes by reference would keep them in memory in the playout loop).
#[inline(never)]
fn close_up<const B: usize, const L: u32, const P: usize>(
    occ: Plane<B>,
    bits: [Plane<B>; P],
    mut emptied: u64,
) -> (Plane<B>, [Plane<B>; P]) {
    let mut ow = [0u64; 16];
    let mut bw = [[0u64; 16]; P];
    to_words(&occ, &mut ow);
    for k in 0..P {
        to_words(&bits[k], &mut bw[k]);
    }
    // Right to left, so that the indices still to do stay valid.
    while emptied != 0 {
        let x = 63 - emptied.leading_zeros() as usize;
        emptied &= !(1 << x);
        remove_lane::<L>(&mut ow[..4 * B], x);
        for k in 0..P {
            remove_lane::<L>(&mut bw[k][..4 * B], x);
        }
    }
    let mut occ = occ;
    let mut bits = bits;
    from_words(&ow, &mut occ);
    for k in 0..P {
        from_words(&bw[k], &mut bits[k]);
    }
    (occ, bits)
}

/// Bits per column lane in the planes of a board `height` rows high: 16 up to 16
/// rows, else 32. Every caller that picks a plane layout for a board (the random
/// playout, the legal cells, NRPA's list and its move codes) takes the lane width
/// from here.
pub fn lane_bits(height: usize) -> u32 {
    if height <= 16 {
        16
    } else {
        32
    }
}

/// Colour bit planes needed for `ncolors` colours: ⌈log2 ncolors⌉.
pub const fn planes_for(ncolors: usize) -> usize {
    let mut k = 0;
    while (1 << k) < ncolors {
        k += 1;
    }
    k
}

/// One flood step: `s` and every tile joined to `s` by a same-colour edge.
#[inline(always)]
fn step<const B: usize, const L: u32>(s: &Plane<B>, e: &Edges<B>) -> Plane<B> {
    step_by::<B, L, false>(s, e)
}

/// One flood step of `s` along the edges of `e`: one tile down, left and right, and
/// up one tile or, with `RUNS`, whole vertical runs ([`Block::fill_up`]; fewer steps).
#[inline(always)]
fn step_by<const B: usize, const L: u32, const RUNS: bool>(s: &Plane<B>, e: &Edges<B>) -> Plane<B> {
    let to_right: Plane<B> = std::array::from_fn(|j| s[j].and(e.right[j]));
    let to_right = from_left::<B, L>(&to_right);
    let from_right_tiles = from_right::<B, L>(s);
    std::array::from_fn(|j| {
        let down = s[j].down::<L>().and(e.up[j]);
        let left = from_right_tiles[j].and(e.right[j]);
        if RUNS {
            s[j].or(down).or(to_right[j]).or(left).fill_up::<L>(e.up[j])
        } else {
            let up = s[j].and(e.up[j]).up::<L>();
            s[j].or(up).or(down).or(to_right[j]).or(left)
        }
    })
}

/// True when two planes are equal.
#[inline(always)]
fn same<const B: usize>(a: &Plane<B>, b: &Plane<B>) -> bool {
    (0..B).all(|i| a[i].xor(b[i]).is_zero())
}

/// The plane with no bit set.
#[inline(always)]
pub fn empty<const B: usize>() -> Plane<B> {
    [Block::zero(); B]
}

/// True when `a & b` is not empty.
#[inline(always)]
pub fn intersects<const B: usize>(a: &Plane<B>, b: &Plane<B>) -> bool {
    !(0..B).all(|i| a[i].disjoint(b[i]))
}

/// `a & !b`, block by block.
#[inline(always)]
pub fn and_not<const B: usize>(a: &Plane<B>, b: &Plane<B>) -> Plane<B> {
    std::array::from_fn(|i| a[i].and_not(b[i]))
}

/// Number of set bits of a plane.
#[inline(always)]
pub fn count<const B: usize>(m: &Plane<B>) -> u32 {
    m.iter().map(|b| b.count()).sum()
}

/// The words of a plane, lowest first, into `out[..4 * B]`.
#[inline(always)]
fn to_words<const B: usize>(m: &Plane<B>, out: &mut [u64; 16]) {
    for (i, b) in m.iter().enumerate() {
        out[4 * i..4 * i + 4].copy_from_slice(&b.words());
    }
}

/// A plane from the words `w[..4 * B]`.
#[inline(always)]
fn from_words<const B: usize>(w: &[u64; 16], out: &mut Plane<B>) {
    for (i, b) in out.iter_mut().enumerate() {
        *b = Block::from_words([w[4 * i], w[4 * i + 1], w[4 * i + 2], w[4 * i + 3]]);
    }
}

/// Index of the lowest set bit of a non-empty plane.
#[inline(always)]
fn first_bit<const B: usize>(m: &Plane<B>) -> usize {
    for (bi, b) in m.iter().enumerate() {
        if B == 1 || !b.is_zero() {
            // The first non-zero word, without a branch per word.
            let w = b.words();
            let nz = (0..4).fold(0u32, |a, j| a | u32::from(w[j] != 0) << j);
            let j = nz.trailing_zeros() as usize & 3;
            return (bi * 4 + j) * 64 + w[j].trailing_zeros() as usize;
        }
    }
    unreachable!("first_bit of an empty plane")
}

/// Index of the `r`-th set bit (0-based, lowest first) of a plane; `r < count(m)`.
/// Lowest first is column-major order: column by column, rows bottom to top.
/// Tests only (the playout uses [`select_seed`]).
#[cfg(test)]
fn select<const B: usize>(m: &Plane<B>, r: u32) -> usize {
    select_seed(m, r).0
}

/// The index of the `r`-th set bit of `m` (from 0, lowest first), and the plane
/// with only that bit set (built from the selected word in registers, ready for
/// [`Planes::flood`]).
#[inline(always)]
pub fn select_seed<const B: usize>(m: &Plane<B>, mut r: u32) -> (usize, Plane<B>) {
    for (bi, b) in m.iter().enumerate() {
        let w = b.words();
        let c1 = w[0].count_ones();
        let c2 = c1 + w[1].count_ones();
        let c3 = c2 + w[2].count_ones();
        let c4 = c3 + w[3].count_ones();
        if B == 1 || r < c4 {
            // The word holding it, by conditional moves rather than branches.
            let (mut word, mut before, mut j) = (w[0], 0, 0);
            if r >= c1 {
                (word, before, j) = (w[1], c1, 1);
            }
            if r >= c2 {
                (word, before, j) = (w[2], c2, 2);
            }
            if r >= c3 {
                (word, before, j) = (w[3], c3, 3);
            }
            let one = pdep64(1 << (r - before), word);
            let i = (bi * 4 + j) * 64 + one.trailing_zeros() as usize;
            let seed = std::array::from_fn(|k| {
                if B == 1 || k == bi {
                    Block::one_word(j, one)
                } else {
                    Block::zero()
                }
            });
            return (i, seed);
        }
        r -= c4;
    }
    unreachable!("select beyond the number of set bits")
}

/// Every lane moved one column to the left: column x receives column x + 1.
#[inline(always)]
fn from_right<const B: usize, const L: u32>(a: &Plane<B>) -> Plane<B> {
    std::array::from_fn(|i| {
        let next = if i + 1 < B { a[i + 1] } else { Block::zero() };
        a[i].shift_left::<L>(next)
    })
}

/// Every lane moved one column to the right: column x receives column x − 1.
#[inline(always)]
fn from_left<const B: usize, const L: u32>(a: &Plane<B>) -> Plane<B> {
    std::array::from_fn(|i| {
        let prev = if i > 0 { a[i - 1] } else { Block::zero() };
        a[i].shift_right::<L>(prev)
    })
}

/// Deletes column `x` of a plane given as words: the columns right of it move one
/// lane left.
#[inline]
fn remove_lane<const L: u32>(a: &mut [u64], x: usize) {
    let per_word = 64 / L as usize;
    let (w, off) = (x / per_word, (x % per_word) as u32 * L);
    let low = (1u64 << off) - 1;
    let n = a.len();
    for i in w..n {
        let carry = if i + 1 < n { a[i + 1] << (64 - L) } else { 0 };
        let shifted = a[i] >> L | carry;
        a[i] = if i == w {
            (a[i] & low) | (shifted & !low)
        } else {
            shifted
        };
    }
}

/// Parallel bit extract: the bits of `v` at the set positions of `m`, packed low.
#[inline(always)]
fn pext64(v: u64, m: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        // SAFETY: the bmi2 target feature is enabled at compile time.
        unsafe { core::arch::x86_64::_pext_u64(v, m) }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        pext64_portable(v, m)
    }
}

/// Parallel bit deposit: the low bits of `v` spread to the set positions of `m`.
#[inline(always)]
fn pdep64(v: u64, m: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        // SAFETY: the bmi2 target feature is enabled at compile time.
        unsafe { core::arch::x86_64::_pdep_u64(v, m) }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        pdep64_portable(v, m)
    }
}

/// [`pext64`] without BMI2: one step per set bit of the mask.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "bmi2"), allow(dead_code))]
fn pext64_portable(v: u64, mut m: u64) -> u64 {
    let mut out = 0;
    let mut k = 0;
    while m != 0 {
        let b = m.trailing_zeros();
        out |= (v >> b & 1) << k;
        k += 1;
        m &= m - 1;
    }
    out
}

/// [`pdep64`] without BMI2: one step per set bit of the mask.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "bmi2"), allow(dead_code))]
fn pdep64_portable(v: u64, mut m: u64) -> u64 {
    let mut out = 0;
    let mut k = 0;
    while m != 0 {
        let b = m.trailing_zeros();
        out |= (v >> k & 1) << b;
        k += 1;
        m &= m - 1;
    }
    out
}

#[cfg(test)]
mod tests;
