//! Group masks on planes: what an incremental list of groups kept as plane masks
//! needs beside the whole-board operations of [`Planes`] (NRPA's playout,
//! `policy::adaptive::moves`, keeps every legal group as one).
//!
//! A group mask is a [`Plane`] with the group's tiles set, in the planes' layout
//! (bit `x·L + y` = column x, row y), so the groups a move changed are found by
//! intersecting masks with a plane of changed tiles, and a group's lowest set bit
//! is its canonical cell (lowest tile of its leftmost column).
//!
//! Owns: read access to a position's occupancy, columns and colours
//! ([`Planes::occupied`], [`Planes::ncols`], [`Planes::color_at`],
//! [`Planes::color_of`]); one flood step
//! ([`grow`]), the flood of a set's lowest tile from its vertical run
//! ([`flood_lowest`]) and of every tile of a set at once ([`groups_of`]); the
//! edges kept from one position to the next ([`EdgeBlocks`]); per-plane bit tools
//! ([`from_lowest`], [`lane`], [`lowest`], [`last_bit`], [`columns`],
//! [`shift_columns`], [`or`], [`and`]).
//! Must not: know about move codes, policies or the order of a group list.

use super::{first_bit, same, step, step_by, Block, Edges, Plane, Planes};

impl<const B: usize, const L: u32, const P: usize> Planes<B, L, P> {
    /// Every tile of the position.
    #[inline(always)]
    pub fn occupied(&self) -> Plane<B> {
        self.occ
    }

    /// Number of non-empty columns (columns `0..ncols`).
    #[inline(always)]
    pub fn ncols(&self) -> usize {
        self.ncols
    }

    /// Colour of the tiles of `run` (not empty, all of one colour): a bit plane
    /// meets `run` where that bit of the colour is set.
    #[inline(always)]
    pub fn color_of(&self, run: &Plane<B>) -> u8 {
        let mut c = 0;
        for k in 0..P {
            let meets = (0..B).any(|i| !self.bits[k][i].disjoint(run[i]));
            c |= u8::from(meets) << k;
        }
        c
    }

    /// Colour of the tile at bit `i` (which must be occupied).
    #[inline(always)]
    pub fn color_at(&self, i: usize) -> u8 {
        let (blk, w, b) = (i / 256, i / 64 % 4, i % 64);
        let mut c = 0;
        for k in 0..P {
            c |= ((self.bits[k][blk].words()[w] >> b & 1) as u8) << k;
        }
        c
    }
}

/// `s` and every tile joined to it by a same-colour edge of `e` (one flood step).
#[inline(always)]
pub fn grow<const B: usize, const L: u32>(s: &Plane<B>, e: &Edges<B>) -> Plane<B> {
    step::<B, L>(s, e)
}

/// One flood step of `s` along the edges of `e` that goes up whole vertical runs:
/// [`grow`], and every tile above a tile reached, joined to it by up-edges
/// ([`Block::fill_up`]). Floods end in fewer steps (the same groups).
#[inline(always)]
fn step_fill<const B: usize, const L: u32>(s: &Plane<B>, e: &Edges<B>) -> Plane<B> {
    step_by::<B, L, true>(s, e)
}

/// Every tile joined to a tile of `s` along the edges of `e`: the union of the
/// groups of the tiles of `s`, one flood step (`step_fill`) at a time until
/// stable.
#[inline(always)]
pub fn groups_of<const B: usize, const L: u32>(e: &Edges<B>, s: &Plane<B>) -> Plane<B> {
    let mut s = *s;
    loop {
        let g = step_fill::<B, L>(&s, e);
        if same(&g, &s) {
            return s;
        }
        s = g;
    }
}

/// The edges of a position as kept between moves, for any layout: `up` in blocks
/// `0..B`, `right` in blocks `4..4 + B`.
pub type EdgeBlocks = [Block; 8];

impl<const B: usize> Edges<B> {
    /// The edges as [`EdgeBlocks`] (the blocks past `B` left as they are).
    #[inline(always)]
    pub fn store(&self, out: &mut EdgeBlocks) {
        for i in 0..B {
            out[i % 4] = self.up[i];
            out[4 + i % 4] = self.right[i];
        }
    }

    /// The edges [`Edges::store`] kept.
    #[inline(always)]
    pub fn load(b: &EdgeBlocks) -> Self {
        Edges {
            up: std::array::from_fn(|i| b[i % 4]),
            right: std::array::from_fn(|i| b[4 + i % 4]),
        }
    }
}

/// The group of the lowest tile of `seeds` (not empty), grown along the edges of
/// `e`: first its vertical run up from that tile, in one carry through the
/// up-edges of its word (a run never leaves its lane: a lane's top row has no
/// up-edge), then one flood step (`step_fill`: up whole vertical runs) at a
/// time until stable. A group that is one vertical run is done after one step, a
/// horizontal pair after two. Returns the
/// group and that run (tiles of the group's colour, for [`Planes::color_of`]).
#[inline(always)]
pub fn flood_lowest<const B: usize, const L: u32>(
    e: &Edges<B>,
    seeds: &Plane<B>,
) -> (Plane<B>, Plane<B>) {
    let mut s = [Block::zero(); B];
    'found: for (bi, b) in seeds.iter().enumerate() {
        let w = b.words();
        for (j, &x) in w.iter().enumerate() {
            if x != 0 {
                let u = e.up[bi].words()[j];
                let bit = x & x.wrapping_neg();
                s[bi] = Block::one_word(j, u.wrapping_add(bit) ^ u);
                break 'found;
            }
        }
    }
    let run = s;
    loop {
        let g = step_fill::<B, L>(&s, e);
        if same(&g, &s) {
            return (s, run);
        }
        s = g;
    }
}

/// Every lane of `g` from its lowest set bit up (empty lanes stay empty): in the
/// columns of a group, its lowest tile and everything above.
#[inline(always)]
pub fn from_lowest<const B: usize, const L: u32>(g: &Plane<B>) -> Plane<B> {
    g.map(|b| b.up_from_lowest::<L>())
}

/// `a | b`.
#[inline(always)]
pub fn or<const B: usize>(a: &Plane<B>, b: &Plane<B>) -> Plane<B> {
    std::array::from_fn(|i| a[i].or(b[i]))
}

/// `a & b`.
#[inline(always)]
pub fn and<const B: usize>(a: &Plane<B>, b: &Plane<B>) -> Plane<B> {
    std::array::from_fn(|i| a[i].and(b[i]))
}

/// Lane of column `x` of a plane (bit y = row y).
#[inline(always)]
pub fn lane<const B: usize, const L: u32>(m: &Plane<B>, x: usize) -> u32 {
    Planes::<B, L, 1>::lane(m, x)
}

/// Index of the lowest set bit of a non-empty plane (its canonical cell, for a
/// group mask) and the plane with that bit alone.
#[inline(always)]
pub fn lowest<const B: usize>(m: &Plane<B>) -> (usize, Plane<B>) {
    let i = first_bit(m);
    let (blk, j) = (i / 256, i / 64 % 4);
    let one = 1u64 << (i % 64);
    let seed = std::array::from_fn(|k| {
        if B == 1 || k == blk {
            Block::one_word(j, one)
        } else {
            Block::zero()
        }
    });
    (i, seed)
}

/// Indices of the lowest and highest set bits of a non-empty plane.
#[inline(always)]
pub fn first_last<const B: usize>(m: &Plane<B>) -> (usize, usize) {
    let mut nz = 0u32;
    for (i, b) in m.iter().enumerate() {
        nz |= b.nonzero_words() << (4 * i);
    }
    let (f, l) = (
        nz.trailing_zeros() as usize,
        31 - nz.leading_zeros() as usize,
    );
    let (wf, wl) = (m[f / 4 % B].words()[f % 4], m[l / 4 % B].words()[l % 4]);
    (
        f * 64 + wf.trailing_zeros() as usize,
        l * 64 + 63 - wl.leading_zeros() as usize,
    )
}

/// Index of the highest set bit of a non-empty plane.
#[inline(always)]
pub fn last_bit<const B: usize>(m: &Plane<B>) -> usize {
    for bi in (0..B).rev() {
        let w = m[bi].words();
        for j in (0..4).rev() {
            if w[j] != 0 {
                return (bi * 4 + j) * 64 + 63 - w[j].leading_zeros() as usize;
            }
        }
    }
    unreachable!("last_bit of an empty plane")
}

/// The plane with every bit of columns `lo..=hi` set.
#[inline(always)]
pub fn columns<const B: usize, const L: u32>(lo: usize, hi: usize) -> Plane<B> {
    std::array::from_fn(|i| Block::lanes_in::<L>(i * 256 / L as usize, lo, hi))
}

/// The plane with every column moved `e` columns to the left (columns `0..e` drop
/// out): a group right of `e` emptied columns once they are closed up.
#[inline(always)]
pub fn shift_columns<const B: usize, const L: u32>(m: &Plane<B>, e: usize) -> Plane<B> {
    let bits = e * L as usize;
    let (words, sh) = (bits / 64, (bits % 64) as u32);
    let src: [u64; 16] = std::array::from_fn(|k| {
        if k < 4 * B {
            m[k / 4].words()[k % 4]
        } else {
            0
        }
    });
    let at = |k: usize| src.get(k).copied().unwrap_or(0);
    let mut w = [[0u64; 4]; B];
    for (k, word) in w.iter_mut().flatten().enumerate() {
        let lo = at(k + words) >> sh;
        let hi = if sh == 0 {
            0
        } else {
            at(k + words + 1) << (64 - sh)
        };
        *word = lo | hi;
    }
    w.map(Block::from_words)
}

#[cfg(test)]
mod tests {
    use super::super::{count, MAX_PLANES};
    use super::*;
    use crate::board::testutil::random_board;
    use crate::board::{Board, GroupMask};
    use crate::rules::Variant;
    use rand::Rng as _;

    fn words<const B: usize>(m: &Plane<B>) -> Vec<u64> {
        m.iter().flat_map(|b| b.words()).collect()
    }

    fn random_plane<const B: usize>(rng: &mut crate::Rng) -> Plane<B> {
        std::array::from_fn(|_| {
            let w: [u64; 4] = rng.gen();
            let v: [u64; 4] = rng.gen();
            Block::from_words(std::array::from_fn(|i| w[i] & v[i]))
        })
    }

    fn check_bits<const B: usize, const L: u32>(rng: &mut crate::Rng) {
        let cols = 256 * B / L as usize;
        for _ in 0..2000 {
            let m = random_plane::<B>(rng);
            let f = from_lowest::<B, L>(&m);
            for x in 0..cols {
                let v = lane::<B, L>(&m, x);
                let expect = if v == 0 {
                    0
                } else {
                    (u32::MAX >> (32 - L)) & !((1u32 << v.trailing_zeros()) - 1)
                };
                assert_eq!(lane::<B, L>(&f, x), expect, "from_lowest lane {x}");
            }
            let e = rng.gen_range(0..cols);
            let s = shift_columns::<B, L>(&m, e);
            for x in 0..cols {
                let expect = if x + e < cols {
                    lane::<B, L>(&m, x + e)
                } else {
                    0
                };
                assert_eq!(lane::<B, L>(&s, x), expect, "shift {e} lane {x}");
            }
            let (lo, hi) = (rng.gen_range(0..cols), rng.gen_range(0..cols));
            let c = columns::<B, L>(lo, hi);
            for x in 0..cols {
                let full = if lo <= x && x <= hi {
                    u32::MAX >> (32 - L)
                } else {
                    0
                };
                assert_eq!(lane::<B, L>(&c, x), full);
            }
            if count(&m) > 0 {
                let bits: Vec<usize> = (0..256 * B)
                    .filter(|&i| m[i / 256].words()[i / 64 % 4] >> (i % 64) & 1 != 0)
                    .collect();
                let (i, one) = lowest(&m);
                assert_eq!(i, bits[0]);
                assert_eq!(count(&one), 1);
                assert_eq!(first_bit(&one), i);
                assert_eq!(last_bit(&m), *bits.last().unwrap());
                assert_eq!(first_last(&m), (bits[0], *bits.last().unwrap()));
            }
            let o = random_plane::<B>(rng);
            let (a, b) = (words(&m), words(&o));
            let or_w: Vec<u64> = a.iter().zip(&b).map(|(x, y)| x | y).collect();
            let and_w: Vec<u64> = a.iter().zip(&b).map(|(x, y)| x & y).collect();
            assert_eq!(words(&or(&m, &o)), or_w);
            assert_eq!(words(&and(&m, &o)), and_w);
        }
    }

    #[test]
    fn plane_bit_tools_agree_with_lanes() {
        let mut rng = crate::rng::rng_for(41, 0, 0);
        check_bits::<1, 16>(&mut rng);
        check_bits::<2, 16>(&mut rng);
        check_bits::<1, 32>(&mut rng);
        check_bits::<2, 32>(&mut rng);
        check_bits::<4, 32>(&mut rng);
    }

    fn check_board<const B: usize, const L: u32>(b: &Board) {
        let p = Planes::<B, L, MAX_PLANES>::from_board(b);
        assert_eq!(p.ncols(), b.ncols());
        let occ = p.occupied();
        let e = p.edges();
        let mut mask = GroupMask::default();
        for x in 0..b.ncols() {
            let col = (0..b.colors()).fold(0, |a, c| a | b.lane(x, c));
            assert_eq!(lane::<B, L>(&occ, x), col);
            for y in 0..32 {
                if col >> y & 1 == 0 {
                    continue;
                }
                let i = x * L as usize + y;
                let c = p.color_at(i);
                assert_eq!(b.lane(x, usize::from(c)) >> y & 1, 1);
                // A grown tile: itself and its same-coloured neighbours.
                let (_, one) = lowest(&{
                    let mut s = [Block::zero(); B];
                    s[i / 256] = Block::one_word(i / 64 % 4, 1 << (i % 64));
                    s
                });
                let g = grow::<B, L>(&one, &e);
                b.flood(crate::board::Cell::new(x, y), &mut mask);
                for gx in 0..b.ncols() {
                    let near = lane::<B, L>(&g, gx);
                    assert_eq!(near & !mask.column(gx), 0, "grown within the group");
                }
                assert!(count(&g) >= 1 && count(&g) <= 5);
            }
        }
    }

    fn check_floods<const B: usize, const L: u32>(b: &Board) {
        let p = Planes::<B, L, MAX_PLANES>::from_board(b);
        let e = p.edges();
        let mut seeds = Planes::<B, L, MAX_PLANES>::pairs(&e);
        let mut mask = GroupMask::default();
        // The groups of every other tile of a pair: the union of their floods.
        let some = std::array::from_fn(|i| {
            Block::from_words(seeds[i].words().map(|w| w & 0x5555_5555_5555_5555))
        });
        let mut union = [Block::zero(); B];
        let mut rest = some;
        while count(&rest) > 0 {
            let (g, _) = flood_lowest::<B, L>(&e, &rest);
            union = or(&union, &g);
            rest = super::super::and_not(&rest, &g);
        }
        assert_eq!(groups_of::<B, L>(&e, &some), union);
        let mut kept = [Block::splat(u64::MAX); 8];
        e.store(&mut kept);
        let back = Edges::<B>::load(&kept);
        assert_eq!((back.up, back.right), (e.up, e.right));
        while count(&seeds) > 0 {
            let (i, one) = lowest(&seeds);
            let (g, run) = flood_lowest::<B, L>(&e, &seeds);
            assert_eq!(g, Planes::<B, L, MAX_PLANES>::flood(&e, &one).0);
            assert_eq!(p.color_of(&run), p.color_at(i));
            b.flood(
                crate::board::Cell::new(i / L as usize, i % L as usize),
                &mut mask,
            );
            for x in 0..b.ncols() {
                assert_eq!(lane::<B, L>(&g, x), mask.column(x));
            }
            seeds = super::super::and_not(&seeds, &g);
        }
    }

    #[test]
    fn floods_from_the_lowest_run_are_the_groups() {
        for (seed, v) in Variant::ALL.into_iter().enumerate() {
            for colors in [2, 3, 5] {
                let s = seed as u64 * 7 + colors;
                check_floods::<1, 16>(&random_board(15, 15, colors as u8, s, v));
                check_floods::<2, 16>(&random_board(24, 16, colors as u8, s, v));
                check_floods::<1, 32>(&random_board(8, 32, colors as u8, s, v));
                check_floods::<4, 32>(&random_board(32, 32, colors as u8, s, v));
            }
        }
    }

    #[test]
    fn occupancy_colours_and_growth_agree_with_the_board() {
        for (seed, v) in Variant::ALL.into_iter().enumerate() {
            check_board::<1, 16>(&random_board(13, 11, 5, seed as u64, v));
            check_board::<2, 16>(&random_board(20, 9, 10, seed as u64, v));
            check_board::<2, 32>(&random_board(16, 30, 7, seed as u64, v));
            check_board::<4, 32>(&random_board(32, 32, 3, seed as u64, v));
        }
    }
}
