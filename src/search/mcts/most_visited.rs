//! The move decision of `--advance visits`: the root child with the most visits,
//! summed over the root-parallel trees (with one tree, its own most-visited root
//! child). Both the driver of several trees (`driver.rs`, the pooled decision) and
//! the steps of one level search (`steps.rs`, a tree's own decision) use it.
//!
//! Owns: [`most_visited`] and its tie rule (the first move seen). Must not: read
//! trees, plans or budgets (it takes (move, visits, value) triples).

use crate::board::Cell;

/// The move with the most visits summed over the trees' root children (ties: the
/// first seen). With one tree this is the tree's most-visited root child.
pub(super) fn most_visited<I, T>(trees: T) -> Option<Cell>
where
    I: Iterator<Item = (Cell, u32, f64)>,
    T: Iterator<Item = I>,
{
    let mut sums: Vec<(Cell, u64)> = Vec::new();
    for children in trees {
        for (mv, visits, _) in children {
            match sums.iter_mut().find(|(m, _)| *m == mv) {
                Some((_, v)) => *v += u64::from(visits),
                None => sums.push((mv, u64::from(visits))),
            }
        }
    }
    sums.iter()
        .fold(None::<(u64, Cell)>, |acc, &(mv, v)| match acc {
            Some((best, _)) if best >= v => acc,
            _ => Some((v, mv)),
        })
        .map(|(_, m)| m)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pooled decision sums the visits of each move over the trees: the move
    /// most visited in total wins even where no single tree prefers it.
    #[test]
    fn pooled_decision_sums_the_visits() {
        let (x, y, z) = (Cell::new(0, 0), Cell::new(1, 0), Cell::new(2, 0));
        let a = vec![(x, 10, 5.0), (y, 8, 4.0)];
        let b = vec![(z, 12, 6.0), (y, 5, 2.0)];
        let pick = |t: &[&Vec<(Cell, u32, f64)>]| most_visited(t.iter().map(|v| v.iter().copied()));
        assert_eq!(pick(&[&a, &b]), Some(y));
        assert_eq!(pick(&[&a]), Some(x));
        assert_eq!(pick(&[&b]), Some(z));
        // Ties go to the first seen.
        let c = vec![(z, 3, 0.0), (x, 3, 1.0)];
        assert_eq!(pick(&[&c]), Some(z));
        assert_eq!(pick(&[]), None);
    }
}
