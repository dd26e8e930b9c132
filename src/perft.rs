//! Perft: counting move sequences, the move generator's correctness check.
//!
//! Owns: [`perft`], which counts the sequences of exactly d legal moves for every
//! d up to a depth, using the incremental group list (so it also exercises it).
//! Must not: print.

use crate::board::groups::GroupList;
use crate::board::{Board, GroupMask};

/// `counts[d-1]` = number of legal move sequences of exactly `d` moves, d = 1..=depth.
pub fn perft(board: &Board, depth: usize) -> Vec<u64> {
    let mut counts = vec![0u64; depth];
    let mut mask = GroupMask::default();
    rec(board, &GroupList::new(board), 0, &mut counts, &mut mask);
    counts
}

fn rec(board: &Board, groups: &GroupList, ply: usize, counts: &mut [u64], mask: &mut GroupMask) {
    if ply == counts.len() {
        return;
    }
    counts[ply] += groups.len() as u64;
    if ply + 1 == counts.len() {
        return;
    }
    for g in groups.as_slice() {
        let mut next = *board;
        let change = next.play_unchecked(g.cell, mask);
        let mut child = groups.clone();
        child.update(&next, change);
        rec(&next, &child, ply + 1, counts, mask);
    }
}
