//! The positions along the previous simulation's tree path, so that a simulation
//! replays only the moves below the point where its path leaves the previous one
//! (consecutive simulations mostly share a long prefix: the selection memo keeps
//! choosing the same child).
//!
//! Owns: [`PathBoards`]. Must not: choose moves or change the tree; it trusts node
//! ids only while [`crate::tree::Tree::generation`] is unchanged.

use crate::board::{Board, Cell, GroupMask};
use crate::tree::NodeId;

/// `boards[d]` is the position after the first `d` moves of the path (`path[0]` is
/// the root, `path[d]` the node reached by `d` moves), for `d < valid`. Every cached
/// position below the root was found not dominated (its score bound does not beat
/// the search's best game) when the best score was `checked`.
pub(super) struct PathBoards {
    boards: Vec<Board>,
    valid: usize,
    generation: u64,
    checked: i32,
}

impl Default for PathBoards {
    fn default() -> Self {
        PathBoards {
            boards: Vec::new(),
            valid: 0,
            generation: 0,
            checked: i32::MIN,
        }
    }
}

impl PathBoards {
    /// Starts a simulation from `root` in a tree of generation `generation`. `path`
    /// still holds the previous simulation's path: it is kept when the cache is
    /// valid, otherwise it becomes `[root]`. A tree keeps its generation only while
    /// its root stands for the same position (a new root position means a reset or
    /// a re-rooting), so `root` is only copied when the generation changes.
    pub fn start(&mut self, generation: u64, root: &Board, path: &mut Vec<NodeId>) {
        if self.valid == 0 || self.generation != generation {
            self.generation = generation;
            if self.boards.is_empty() {
                self.boards.push(*root);
            } else {
                self.boards[0] = *root;
            }
            self.valid = 1;
            path.clear();
            path.push(NodeId::ROOT);
        }
    }

    /// The position at depth `d` of the current path.
    #[inline]
    pub fn at(&self, d: usize) -> &Board {
        debug_assert!(d < self.valid);
        &self.boards[d]
    }

    /// The position at depth `d`, the leaf, to be consumed (a playout plays it to
    /// the end); [`PathBoards::settle`]s the path at `d` with best score `best`.
    #[inline]
    pub fn take(&mut self, d: usize, best: i32) -> &mut Board {
        debug_assert!(d < self.valid);
        self.settle(d, best);
        &mut self.boards[d]
    }

    /// The simulation goes from `path[d]` to its child `child` by `mv`: the
    /// position at depth `d + 1` is the cached one when the previous path went the
    /// same way, else it is played now and the path is cut there. Returns false when
    /// the position is a cached one already found not dominated with best score
    /// `best` (its bound need not be checked again), true otherwise.
    #[inline]
    pub fn descend(
        &mut self,
        d: usize,
        child: NodeId,
        mv: Cell,
        mask: &mut GroupMask,
        path: &mut Vec<NodeId>,
        best: i32,
    ) -> bool {
        if d + 1 < self.valid && path[d + 1] == child {
            return self.checked != best;
        }
        self.play(d, mv, mask, path);
        path.push(child);
        self.valid = d + 2;
        true
    }

    /// Every position of the path below `d` is cached and, when below the root, was
    /// found not dominated with best score `best`; the position at depth `d` and
    /// deeper ones are forgotten (a playout consumes the leaf's, a dominated one is
    /// never entered again).
    #[inline]
    pub fn settle(&mut self, d: usize, best: i32) {
        self.valid = self.valid.min(d);
        self.checked = best;
    }

    /// Plays `mv` from `path[d]` for a move that has no node yet and returns the
    /// position; the path is cut at `d`. [`PathBoards::enter`] makes it part of the
    /// path once its node exists.
    #[inline]
    pub fn try_move(
        &mut self,
        d: usize,
        mv: Cell,
        mask: &mut GroupMask,
        path: &mut Vec<NodeId>,
    ) -> &Board {
        self.play(d, mv, mask, path);
        &self.boards[d + 1]
    }

    /// The move just tried from `path[d]` ([`PathBoards::try_move`]) now has the
    /// node `child`.
    #[inline]
    pub fn enter(&mut self, d: usize, child: NodeId, path: &mut Vec<NodeId>) {
        debug_assert!(path.len() == d + 1 && self.valid == d + 1);
        path.push(child);
        self.valid = d + 2;
    }

    /// Cuts the path after depth `d` and plays `mv` into depth `d + 1`.
    #[inline]
    fn play(&mut self, d: usize, mv: Cell, mask: &mut GroupMask, path: &mut Vec<NodeId>) {
        path.truncate(d + 1);
        self.valid = d + 1;
        if self.boards.len() <= d + 1 {
            let b = self.boards[d];
            self.boards.push(b);
        } else {
            let (above, below) = self.boards.split_at_mut(d + 1);
            below[0].copy_from(&above[d]);
        }
        self.boards[d + 1].play_unchecked(mv, mask);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cached_positions_equal_replayed_ones() {
        let root: Board = "0011\n2211\n0022\n1102".parse().unwrap();
        let mut pb = PathBoards::default();
        let mut path = vec![NodeId(7), NodeId(8)];
        let mut mask = GroupMask::default();
        let moves: Vec<Cell> = root.groups().iter().map(|g| g.cell).collect();
        pb.start(1, &root, &mut path);
        assert_eq!(path, [NodeId::ROOT], "an invalid cache restarts the path");
        // Path root → 1 → 2 by the first legal moves: played, so to be checked.
        assert!(pb.descend(0, NodeId(1), moves[0], &mut mask, &mut path, 50));
        let second = pb.at(1).groups()[0].cell;
        assert!(pb.descend(1, NodeId(2), second, &mut mask, &mut path, 50));
        assert_eq!(path, [NodeId::ROOT, NodeId(1), NodeId(2)]);
        let mut want = root;
        want.play(moves[0]);
        assert!(*pb.at(1) == want);
        want.play(second);
        assert!(*pb.at(2) == want);
        // The leaf is consumed by a playout; the same generation keeps the rest.
        pb.take(2, 50).play(want.groups()[0].cell);
        pb.start(1, &root, &mut path);
        assert_eq!(path.len(), 3, "kept");
        // Same first move (cached: even a wrong move is not played, and with the
        // same best score its bound was checked), then another.
        let hit = pb.descend(0, NodeId(1), Cell::new(31, 31), &mut mask, &mut path, 50);
        assert!(!hit, "cached and checked with best score 50");
        let mut want = root;
        want.play(moves[0]);
        assert!(*pb.at(1) == want, "hit");
        let other = want.groups()[1].cell;
        assert!(pb.descend(1, NodeId(3), other, &mut mask, &mut path, 50));
        want.play(other);
        assert!(*pb.at(2) == want);
        assert_eq!(path, [NodeId::ROOT, NodeId(1), NodeId(3)]);
        // A move without a node yet: played, then entered.
        let third = want.groups()[0].cell;
        let tried = *pb.try_move(2, third, &mut mask, &mut path);
        want.play(third);
        assert!(tried == want);
        assert_eq!(path.len(), 3);
        pb.enter(2, NodeId(4), &mut path);
        assert!(*pb.at(3) == want);
        assert_eq!(path, [NodeId::ROOT, NodeId(1), NodeId(3), NodeId(4)]);
        // A better game found since: cached positions are checked again.
        pb.settle(3, 50);
        pb.start(1, &root, &mut path);
        assert!(pb.descend(0, NodeId(1), moves[0], &mut mask, &mut path, 60));
        assert!(!pb.descend(0, NodeId(1), moves[0], &mut mask, &mut path, 50));
        // A new generation (the tree was rebuilt) replays from the root.
        pb.start(2, &root, &mut path);
        assert_eq!(path, [NodeId::ROOT]);
        assert!(pb.descend(0, NodeId(1), moves[1], &mut mask, &mut path, 50));
        let mut want = root;
        want.play(moves[1]);
        assert!(*pb.at(1) == want, "a miss after a rebuild");
    }
}
