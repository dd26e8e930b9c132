//! The 96-bit fingerprint of a board's tiles, [`Board::fingerprint`]: the key of
//! the exact solver's transposition table and of the beam search's duplicate merge.
//!
//! The hash runs over the columns from left to right, so a child whose columns left
//! of the move are its parent's continues the parent's hash from there
//! ([`Board::fingerprint_after`], the beam's children): the same value, for the part
//! of the board the move touched.
//!
//! Owns: that hash. Must not: depend on the running score or the move count (two
//! move orders reaching the same tiles must give the same fingerprint).

use super::{Board, Change, MAX_WIDTH};
use crate::rng::{splitmix64, GOLDEN_GAMMA};

/// A board's fingerprint hash states at the start of each of its columns
/// ([`Board::fingerprint_prefix`]).
pub struct FingerprintPrefix {
    ncols: usize,
    at: [(u64, u64); MAX_WIDTH],
}

impl Board {
    /// A 96-bit fingerprint of the tiles (two independent hashes of the lanes, 64
    /// and 32 bits): equal for equal tiles whatever the score, and for different
    /// tiles equal only by a collision (about 2^-96 per pair).
    pub fn fingerprint(&self) -> (u64, u32) {
        let (h1, h2) = self.columns_hashed(0, self.first_states());
        (splitmix64(h1), splitmix64(h2) as u32)
    }

    /// The hash states at the start of each column, for [`Board::fingerprint_after`]
    /// on this board's children.
    pub fn fingerprint_prefix(&self) -> FingerprintPrefix {
        let mut p = FingerprintPrefix {
            ncols: self.ncols(),
            at: [(0, 0); MAX_WIDTH],
        };
        let mut h = self.first_states();
        for x in 0..self.ncols() {
            p.at[x] = h;
            h = self.column_hashed(x, h);
        }
        p
    }

    /// [`Board::fingerprint`] of this board, reached by a move that made `change` from
    /// the board `parent` was taken on: the same value, hashing only from the move's
    /// leftmost column on (the columns left of it are the parent's), or every column
    /// when the move emptied one (the column count starts the hash).
    pub fn fingerprint_after(&self, parent: &FingerprintPrefix, change: Change) -> (u64, u32) {
        let from = usize::from(change.xmin);
        if self.ncols() != parent.ncols || from >= self.ncols() {
            return self.fingerprint();
        }
        let (h1, h2) = self.columns_hashed(from, parent.at[from]);
        (splitmix64(h1), splitmix64(h2) as u32)
    }

    /// The hash states before the first column.
    fn first_states(&self) -> (u64, u64) {
        (
            0x243F_6A88_85A3_08D3 ^ (self.ncols() as u64),
            0x1319_8A2E_0370_7344 ^ ((self.ncols() as u64) << 8),
        )
    }

    /// The hash states `h` carried over columns `from..` to the end.
    fn columns_hashed(&self, from: usize, mut h: (u64, u64)) -> (u64, u64) {
        for x in from..self.ncols() {
            h = self.column_hashed(x, h);
        }
        h
    }

    /// The hash states `h` carried over column `x`, one lane per colour.
    #[inline]
    fn column_hashed(&self, x: usize, (mut h1, mut h2): (u64, u64)) -> (u64, u64) {
        for c in 0..self.colors() {
            let v = u64::from(self.lane(x, c));
            h1 = (h1 ^ v).wrapping_mul(GOLDEN_GAMMA).rotate_left(29);
            h2 = (h2 ^ v)
                .wrapping_add(0xA409_3822_299F_31D0)
                .wrapping_mul(0xD6E8_FEB8_6659_FD93)
                .rotate_left(23);
        }
        (h1, h2)
    }
}

#[cfg(test)]
mod tests {
    use super::FingerprintPrefix;
    use crate::board::{Board, Cell};

    #[test]
    fn a_childs_fingerprint_from_its_parents_prefix_is_its_own() {
        let sizes = [
            (15, 15, 5),
            (32, 32, 10),
            (5, 4, 3),
            (20, 20, 10),
            (7, 7, 4),
            (12, 2, 3),
            (20, 3, 4),
            (30, 2, 3),
            (24, 1, 2),
        ];
        let (mut moves, mut emptied) = (0, 0);
        // The parent's prefix, taken again at each new position.
        let mut prefix: Option<(Board, FingerprintPrefix)> = None;
        crate::board::testutil::every_child(&sizes, 40, |b, m| {
            if prefix.as_ref().is_none_or(|(p, _)| p != b) {
                prefix = Some((*b, b.fingerprint_prefix()));
            }
            let mut c = *b;
            let change = c.play_mask(m);
            let at = &prefix.as_ref().expect("set above").1;
            assert_eq!(c.fingerprint_after(at, change), c.fingerprint());
            moves += 1;
            emptied += usize::from(change.emptied > 0);
        });
        assert!(
            moves > 20_000 && emptied > 100,
            "{moves} moves, {emptied} emptied a column"
        );
    }

    #[test]
    fn fingerprints_differ_on_small_changes() {
        let a: Board = "0011\n0101\n1100".parse().unwrap();
        let b: Board = "0011\n0101\n1000".parse().unwrap();
        assert_ne!(a.fingerprint(), b.fingerprint());
        assert_eq!(a.fingerprint(), a.clone().fingerprint());
    }

    #[test]
    fn same_tiles_by_two_move_orders_same_fingerprint() {
        // Two separate groups on the bottom row (0 0 and 1 1): removing them in
        // either order reaches the same tiles.
        let b: Board = "2323\n0011".parse().unwrap();
        let (mut x, mut y) = (b, b);
        x.play(Cell::new(0, 0));
        x.play(Cell::new(2, 0));
        y.play(Cell::new(2, 0));
        y.play(Cell::new(0, 0));
        assert_eq!(x.to_rows(), y.to_rows());
        assert_eq!(x.fingerprint(), y.fingerprint());
        assert_ne!(x.fingerprint(), b.fingerprint());
    }
}
