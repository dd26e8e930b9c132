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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::naive::NaiveBoard;
    use crate::rules::Variant;

    fn board(s: &str) -> Board {
        s.parse().unwrap()
    }

    /// Perft table: counts from the bitboard engine (incremental groups) equal the naive
    /// oracle's, and the small cases are checked by hand.
    #[test]
    fn perft_table() {
        // Hand-checked: "00\n11": two groups; after either, one group remains.
        assert_eq!(perft(&board("00\n11"), 3), vec![2, 2, 0]);
        // "001\n011": one group of each colour, 3 tiles each. Playing either leaves
        // the other colour's 3 tiles as one group (".1\n11" or "0.\n00"): 2 and 2.
        assert_eq!(perft(&board("001\n011"), 2), vec![2, 2]);
        let table: [(&str, usize); 5] = [
            ("0110\n1001\n0110\n1001", 6),
            ("012\n120\n201\n012\n120", 6),
            ("00110\n01122\n22011\n10102", 5),
            ("112200\n210021\n001122\n120012\n021120", 4),
            ("0123\n1230\n2301\n3012\n0123\n1230", 6),
        ];
        for (s, depth) in table {
            let b = board(s);
            let oracle =
                NaiveBoard::from_rows(&b.to_rows(), b.colors(), Variant::SameGame).perft(depth);
            assert_eq!(perft(&b, depth), oracle, "{s}");
        }
        // A 15×15 standard board: depth 1-2 against the oracle.
        let set = crate::io::testset::TestSet::parse(
            include_str!("../testsets/samegame-standard-20.txt"),
            std::path::Path::new("std.txt"),
        )
        .unwrap();
        let b = set.positions[0].board(Variant::SameGame);
        let oracle = NaiveBoard::from_rows(&b.to_rows(), b.colors(), Variant::SameGame).perft(2);
        assert_eq!(perft(&b, 2), oracle);
    }
}
