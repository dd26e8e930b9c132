//! Boards for the tests of every layer (board, policy, search): seeded random
//! positions.
//!
//! Owns: [`random_board`]. Must not: be compiled outside tests.

use rand::Rng as _;

use crate::board::Board;
use crate::rng::Rng;
use crate::rules::Variant;

/// A random `w`×`h` board with `colors` colours (seeded) under `variant`.
pub fn random_board(w: usize, h: usize, colors: u8, seed: u64, variant: Variant) -> Board {
    let mut rng: Rng = crate::rng::rng_for(seed, 1234, 5678);
    let rows: Vec<Vec<u8>> = (0..h)
        .map(|_| (0..w).map(|_| rng.gen_range(0..colors)).collect())
        .collect();
    Board::from_rows(&rows, usize::from(colors), variant).unwrap()
}
