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
/// the root, `path[d]` the node reached by `d` moves), for `d < valid`.
#[derive(Default)]
pub(super) struct PathBoards {
    boards: Vec<Board>,
    valid: usize,
    generation: u64,
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

    /// The position at depth `d`, to be consumed (a playout plays it to the end):
    /// it is no longer cached afterwards.
    #[inline]
    pub fn take(&mut self, d: usize) -> &mut Board {
        debug_assert!(d < self.valid);
        self.valid = d;
        &mut self.boards[d]
    }

    /// The simulation goes from `path[d]` to its child `child` by `mv`: the
    /// position at depth `d + 1` is the cached one when the previous path went the
    /// same way, else it is played now and the path is cut there.
    #[inline]
    pub fn descend(
        &mut self,
        d: usize,
        child: NodeId,
        mv: Cell,
        mask: &mut GroupMask,
        path: &mut Vec<NodeId>,
    ) {
        if d + 1 < self.valid && path[d + 1] == child {
            return;
        }
        self.play(d, mv, mask, path);
        path.push(child);
        self.valid = d + 2;
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
            below[0] = above[d];
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
        // Path root → 1 → 2 by the first legal moves.
        pb.descend(0, NodeId(1), moves[0], &mut mask, &mut path);
        let second = pb.at(1).groups()[0].cell;
        pb.descend(1, NodeId(2), second, &mut mask, &mut path);
        assert_eq!(path, [NodeId::ROOT, NodeId(1), NodeId(2)]);
        let mut want = root;
        want.play(moves[0]);
        assert!(*pb.at(1) == want);
        want.play(second);
        assert!(*pb.at(2) == want);
        // The leaf is consumed by a playout; the same generation keeps the rest.
        pb.take(2).play(want.groups()[0].cell);
        pb.start(1, &root, &mut path);
        assert_eq!(path.len(), 3, "kept");
        // Same first move (cached: even a wrong move is not played), then another.
        pb.descend(0, NodeId(1), Cell::new(31, 31), &mut mask, &mut path);
        let mut want = root;
        want.play(moves[0]);
        assert!(*pb.at(1) == want, "hit");
        let other = want.groups()[1].cell;
        pb.descend(1, NodeId(3), other, &mut mask, &mut path);
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
        // A new generation (the tree was rebuilt) replays from the root.
        pb.start(2, &root, &mut path);
        assert_eq!(path, [NodeId::ROOT]);
        pb.descend(0, NodeId(1), moves[1], &mut mask, &mut path);
        let mut want = root;
        want.play(moves[1]);
        assert!(*pb.at(1) == want, "a miss after a rebuild");
    }
}
