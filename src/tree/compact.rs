//! Rebuilding a [`Tree`]'s arena semispace-style: re-rooting under a committed move
//! (move-by-move search) and the beam pruning of BMCTS (thesis Alg. 5.2). Kept nodes
//! are copied into the spare vectors, re-linked, and the vectors swapped, so both
//! free memory without per-node deallocation and keep capacity for the next time.
//! Must not: change the statistics or solved flags of a kept node, or choose moves.

use super::{Children, Node, NodeId, Tree, NONE, NO_MEMO};
use crate::board::Cell;

impl Tree {
    /// Appends `n` to the spare arena as the last child of `parent` (a spare index)
    /// and returns its spare index.
    fn push_spare_child(&mut self, parent: usize, mut n: Node) -> u32 {
        let ni = self.spare.len() as u32;
        let last = std::mem::replace(&mut self.spare[parent].last_child, ni);
        n.next_sibling = if last == NONE {
            ni
        } else {
            std::mem::replace(&mut self.spare[last as usize].next_sibling, ni)
        };
        self.spare.push(n);
        ni
    }

    /// Move-by-move search: makes the subtree of `child` (a child of the root) the
    /// whole tree, with `child` as its root (statistics, solved flags and untried
    /// moves kept), by copying it breadth-first into the spare arena. Returns the
    /// number of nodes freed.
    pub fn reroot(&mut self, child: NodeId) -> usize {
        self.generation += 1;
        let before = self.nodes.len();
        self.spare.clear();
        self.spare_moves.clear();
        let mut root = self.nodes[child.idx()];
        root.mv = Cell::default();
        root.next_sibling = NONE;
        self.spare.push(root);
        // Breadth-first: spare[i] holds a copy whose links still point into `nodes`;
        // copy its children to the end and re-link.
        let mut i = 0;
        while i < self.spare.len() {
            let n = self.spare[i];
            self.spare[i].last_child = NONE;
            if n.last_child != NONE {
                let mut c = self.nodes[n.last_child as usize].next_sibling;
                loop {
                    let ch = self.nodes[c as usize];
                    self.push_spare_child(i, ch);
                    if c == n.last_child {
                        break;
                    }
                    c = ch.next_sibling;
                }
            }
            if n.expanded() && n.has_untried() {
                let (at, left) = (n.aux as usize, usize::from(n.n_moves - n.n_tried));
                self.spare[i].aux = self.spare_moves.len() as u32;
                self.spare_moves
                    .extend_from_slice(&self.moves[at..at + left]);
            } else {
                self.spare[i].aux = NO_MEMO;
            }
            i += 1;
        }
        std::mem::swap(&mut self.nodes, &mut self.spare);
        std::mem::swap(&mut self.moves, &mut self.spare_moves);
        self.spare.clear();
        self.spare_moves.clear();
        self.memos.clear();
        before - self.nodes.len()
    }

    /// Beam pruning (thesis Alg. 5.2) at `depth` ≥ 1: keeps the `width` most visited
    /// nodes at that depth (ties: higher mean reward, then earlier in breadth-first
    /// order) and their ancestors;
    /// everything else, including all descendants of the kept nodes, is discarded.
    /// Kept nodes above `depth` keep only their kept children and stay expanded with
    /// no untried move, so no node is created at depths ≤ `depth` any more; kept
    /// nodes at `depth` become unexpanded leaves with their statistics. Children never
    /// visited (closed by their bound when first tried) and moves closed without a
    /// child are not part of the thesis' tree and are never kept. Does nothing when no visited node exists at `depth`.
    /// Returns the ids of the kept nodes at `depth` via `kept` (for tests and logs).
    pub fn prune_beam(&mut self, depth: usize, width: usize, kept: &mut Vec<NodeId>) {
        kept.clear();
        if self.nodes.is_empty() || depth == 0 {
            return;
        }
        // Breadth-first list of visited nodes down to `depth`: (old id, parent pos, depth).
        self.order.clear();
        self.order.push((0, u32::MAX, 0));
        let mut i = 0;
        while i < self.order.len() {
            let (id, _, d) = self.order[i];
            if (d as usize) < depth {
                for c in Children::of(&self.nodes, NodeId(id)) {
                    if self.nodes[c.idx()].visits > 0 {
                        self.order.push((c.0, i as u32, d + 1));
                    }
                }
            }
            i += 1;
        }
        let start = self
            .order
            .partition_point(|&(_, _, d)| (d as usize) < depth);
        if start == self.order.len() {
            return;
        }
        self.generation += 1;
        // The `width` most visited at `depth`.
        let mut cand: Vec<usize> = (start..self.order.len()).collect();
        let nodes = &self.nodes;
        let order = &self.order;
        cand.sort_by(|&p, &q| {
            let (a, b) = (&nodes[order[p].0 as usize], &nodes[order[q].0 as usize]);
            b.visits.cmp(&a.visits).then(b.mean().total_cmp(&a.mean()))
        });
        cand.truncate(width);
        self.keep.clear();
        self.keep.resize(self.order.len(), false);
        for &p in &cand {
            let mut q = p as u32;
            while q != u32::MAX && !self.keep[q as usize] {
                self.keep[q as usize] = true;
                q = self.order[q as usize].1;
            }
        }
        // Rebuild: kept entries in breadth-first order, so siblings keep their order.
        self.spare.clear();
        self.new_idx.clear();
        self.new_idx.resize(self.order.len(), u32::MAX);
        for p in 0..self.order.len() {
            if !self.keep[p] {
                continue;
            }
            let (old, parent, d) = self.order[p];
            let mut n = self.nodes[old as usize];
            n.n_tried = 0;
            n.flags &= !Node::CLOSED_MOVE;
            n.last_child = NONE;
            n.next_sibling = NONE;
            n.aux = NO_MEMO;
            if (d as usize) < depth {
                n.flags |= Node::EXPANDED;
            } else {
                // A kept node at `depth` becomes an unexpanded leaf: it will be expanded
                // again with all its moves. A solved one stays solved (selection
                // never enters it; its value stands for the subtree just discarded).
                n.flags &= !Node::EXPANDED;
                n.n_moves = 0;
                if !n.solved() {
                    n.flags &= !(Node::INEXACT | Node::PRUNED);
                }
            }
            let ni = if parent == u32::MAX {
                self.spare.push(n);
                0
            } else {
                let pi = self.new_idx[parent as usize] as usize;
                self.spare[pi].n_tried += 1;
                self.push_spare_child(pi, n)
            };
            self.new_idx[p] = ni;
            if d as usize == depth {
                kept.push(NodeId(ni));
            }
        }
        // Kept nodes above `depth` with fewer children than they had moves lost some
        // (untried moves included) and can no longer prove an optimum; they have no
        // untried move left.
        for p in 0..self.order.len() {
            let (old, _, d) = self.order[p];
            if self.keep[p] && (d as usize) < depth {
                let n = &mut self.spare[self.new_idx[p] as usize];
                if n.n_tried < self.nodes[old as usize].n_moves {
                    n.flags |= Node::PRUNED;
                }
                n.n_moves = n.n_tried;
            }
        }
        std::mem::swap(&mut self.nodes, &mut self.spare);
        self.spare.clear();
        self.moves.clear();
        self.memos.clear();
    }
}
