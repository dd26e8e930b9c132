//! Boards for the tests of every layer (board, policy, search): seeded random
//! positions.
//!
//! Owns: [`random_board`] and [`every_child`]. Must not: be compiled outside tests.

use rand::Rng as _;

use crate::board::{Board, GroupMask};
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

/// Calls `f(parent, group)` for every legal group of every position along one
/// seeded random game per size (`w`, `h`, colours) and variant (SameGame and
/// Clickomania); `salt` picks the games.
pub fn every_child(sizes: &[(usize, usize, u8)], salt: u64, mut f: impl FnMut(&Board, &GroupMask)) {
    for (i, &(w, h, k)) in sizes.iter().enumerate() {
        for variant in [Variant::SameGame, Variant::Clickomania] {
            let mut b = random_board(w, h, k, i as u64 + salt, variant);
            let mut rng: Rng = crate::rng::rng_for(i as u64, salt, 1);
            while !b.is_terminal() {
                let mut mask = GroupMask::default();
                b.flood_groups_in(0, b.ncols() - 1, &mut mask, |m| f(&b, m));
                let mut cells = Vec::new();
                b.for_each_group(|g| cells.push(g.cell));
                b.play(cells[rng.gen_range(0..cells.len())]);
            }
        }
    }
}
