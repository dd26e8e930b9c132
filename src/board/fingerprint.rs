//! The 96-bit fingerprint of a board's tiles, [`Board::fingerprint`]: the key of
//! the exact solver's transposition table and of the beam search's duplicate merge.
//!
//! Owns: that hash. Must not: depend on the running score or the move count (two
//! move orders reaching the same tiles must give the same fingerprint).

use super::Board;
use crate::rng::{splitmix64, GOLDEN_GAMMA};

impl Board {
    /// A 96-bit fingerprint of the tiles (two independent hashes of the lanes, 64
    /// and 32 bits): equal for equal tiles whatever the score, and for different
    /// tiles equal only by a collision (about 2^-96 per pair).
    pub fn fingerprint(&self) -> (u64, u32) {
        let mut h1: u64 = 0x243F_6A88_85A3_08D3 ^ (self.ncols() as u64);
        let mut h2: u64 = 0x1319_8A2E_0370_7344 ^ ((self.ncols() as u64) << 8);
        for x in 0..self.ncols() {
            for c in 0..self.colors() {
                let v = u64::from(self.lane(x, c));
                h1 = (h1 ^ v).wrapping_mul(GOLDEN_GAMMA).rotate_left(29);
                h2 = (h2 ^ v)
                    .wrapping_add(0xA409_3822_299F_31D0)
                    .wrapping_mul(0xD6E8_FEB8_6659_FD93)
                    .rotate_left(23);
            }
        }
        (splitmix64(h1), splitmix64(h2) as u32)
    }
}

#[cfg(test)]
mod tests {
    use crate::board::{Board, Cell};

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
