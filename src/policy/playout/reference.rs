//! The column-lane playout the planes kernel replaced, kept as a test reference.
//!
//! Owns: [`reference_playout`], the previous implementation of
//! [`super::playout`] (incremental per-column pair masks on [`Board`], flood fills
//! with [`Board::flood_color`], moves with [`Board::play_mask`]). Must not: be used
//! outside tests; `tests::fast_playout_draws_the_reference_moves` checks that the
//! planes kernel plays exactly the same games from the same random numbers.

use rand::RngCore as _;

use super::{accept, below};

use crate::board::{Board, Cell, GroupMask, MAX_WIDTH};
use crate::Rng;

/// Plays `board` to its end, each move uniform over the legal groups, except that
/// groups of colour `tabu` are only played when no other group exists. Appends the
/// canonical cell of every move to `moves`. Returns the final score.
///
/// The pair masks (tiles that belong to a group) are kept up to date incrementally:
/// after a move only the columns it touched, plus one on each side, are recomputed.
pub fn reference_playout(
    board: &mut Board,
    tabu: Option<u8>,
    rng: &mut Rng,
    moves: &mut Vec<Cell>,
) -> i32 {
    // free[x]: pair tiles of non-tabu colours; tabu[x]: pair tiles of the tabu colour.
    let mut free = [0u32; MAX_WIDTH];
    let mut tabu_m = [0u32; MAX_WIDTH];
    let skip = tabu.map_or(usize::MAX, usize::from);
    let mut mask = GroupMask::default();
    let mut n = board.ncols();
    for x in 0..n {
        (free[x], tabu_m[x]) = board.pair_mask_column(x, skip);
    }
    loop {
        let mut total: u32 = free[..n].iter().map(|m| m.count_ones()).sum();
        let masks = if total > 0 {
            &free
        } else {
            total = tabu_m[..n].iter().map(|m| m.count_ones()).sum();
            &tabu_m
        };
        if total == 0 {
            break;
        }
        loop {
            let d = rng.next_u64();
            let (x, y) = select(masks, below(rng, d as u32, total));
            let color = (0..board.colors())
                .find(|&c| board.lane(x, c) >> y & 1 != 0)
                .expect("pair tile is occupied") as u8;
            let size = board.flood_color(x, y, color, &mut mask);
            if accept(rng, (d >> 32) as u32, size) {
                break;
            }
        }
        moves.push(mask.group().cell);
        let ch = board.play_mask(&mask);
        // Incremental refresh of the pair masks.
        let (a, b, e) = (
            usize::from(ch.xmin),
            usize::from(ch.xmax),
            usize::from(ch.emptied),
        );
        let new_n = board.ncols();
        if e > 0 {
            for x in b + 1..n {
                free[x - e] = free[x];
                tabu_m[x - e] = tabu_m[x];
            }
            for x in new_n..n {
                free[x] = 0;
                tabu_m[x] = 0;
            }
        }
        n = new_n;
        if n > 0 {
            let hi = (b + 1 - e).min(n - 1);
            for x in a.saturating_sub(1)..=hi {
                (free[x], tabu_m[x]) = board.pair_mask_column(x, skip);
            }
        }
    }
    board.final_score()
}

/// The `r`-th set bit (0-based, column-major) of the per-column masks.
#[inline]
fn select(masks: &[u32; MAX_WIDTH], mut r: u32) -> (usize, usize) {
    for (x, &m) in masks.iter().enumerate() {
        let k = m.count_ones();
        if r < k {
            return (x, nth_set_bit(m, r) as usize);
        }
        r -= k;
    }
    unreachable!("select beyond the number of set bits")
}

/// Index of the `r`-th set bit (0-based, from bit 0) of `m`; `r < m.count_ones()`.
#[inline]
fn nth_set_bit(m: u32, r: u32) -> u32 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        // SAFETY: the bmi2 target feature is enabled at compile time.
        unsafe { core::arch::x86_64::_pdep_u32(1 << r, m) }.trailing_zeros()
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        let mut m = m;
        for _ in 0..r {
            m &= m - 1;
        }
        m.trailing_zeros()
    }
}
