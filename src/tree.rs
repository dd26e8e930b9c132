//! Arena-allocated search trees for the MCTS family.
//!
//! Owns: [`Node`] (move, visit count, reward sum and sum of squares: the state-action
//! statistics of thesis eq. 2.8/2.9; the best final score seen below the node; the
//! solved and exact flags of the one-player MCTS-Solver), [`Tree`] (nodes in one
//! `Vec`, 32-bit [`NodeId`]s, the children of a node in one contiguous block
//! `first_child .. first_child + n_children`), solved-value propagation, the beam
//! pruning of BMCTS (thesis Alg. 5.2) and re-rooting for move-by-move search; both
//! rebuild the arena semispace-style (kept nodes copied into a second vector, then
//! swapped).
//! Must not: store board states (the search replays moves from the root), choose
//! moves, know budgets or allocate per simulation ([`Tree::clear`] keeps capacity).

use rand::Rng as _;

use crate::board::{Cell, Group};
use crate::Rng;

/// Index of a node in its [`Tree`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub u32);

impl NodeId {
    /// The root of every tree.
    pub const ROOT: NodeId = NodeId(0);
    #[inline]
    fn idx(self) -> usize {
        self.0 as usize
    }
}

/// One tree node: the state reached by `mv` from its parent, with the statistics of
/// the state-action pair (parent, `mv`). A node with `visits == 0` is a stub created
/// with its siblings; it enters the tree (thesis: "one node added per simulation")
/// on its first visit. A node is expanded (its children block allocated) on the
/// first visit after that.
///
/// **Solved nodes** (one-player MCTS-Solver, after Winands, Björnsson & Saito 2010
/// §IV): a node is *solved* when nothing below it is left to search: a terminal
/// state, a position solved exactly (endgame, or a lower-level search that proved
/// its root), or a node whose children are all solved. `best` of a solved node is
/// the best final score of its remaining subtree. A solved node is also *exact* when
/// that value is the true optimum of its position: it is not exact when a beam
/// prune removed children from its subtree. Selection never enters a solved node.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Node {
    /// Move leading to this node (canonical cell); meaningless for the root.
    pub mv: Cell,
    /// Number of children in the block (0 for a leaf or a terminal state).
    pub n_children: u16,
    /// [`Node::EXPANDED`], [`Node::SOLVED`], [`Node::PRUNED`].
    pub flags: u8,
    /// Simulations through this node.
    pub visits: u32,
    /// Index of the first child.
    pub first_child: u32,
    /// Sum of normalised rewards of those simulations.
    pub sum: f64,
    /// Sum of squared normalised rewards.
    pub sum_sq: f64,
    /// Best final score of a complete game seen through this node (`i32::MIN` before
    /// the first); for a solved node the best final score of its subtree.
    pub best: i32,
    /// Implicit value (normalised final score): the node's evaluation when it was
    /// added, then with implicit max backups the max over its visited children, and
    /// the exact value once solved. Only maintained with `--im-alpha`/`--pb`.
    pub v: f32,
}

impl Default for Node {
    fn default() -> Self {
        Node {
            mv: Cell::default(),
            n_children: 0,
            flags: 0,
            visits: 0,
            first_child: 0,
            sum: 0.0,
            sum_sq: 0.0,
            best: i32::MIN,
            v: 0.0,
        }
    }
}

impl Node {
    /// The children block has been allocated (a terminal state is expanded with none).
    pub const EXPANDED: u8 = 1;
    /// Nothing below this node is left to search (see the type's docs).
    pub const SOLVED: u8 = 2;
    /// A beam prune removed some of this node's children: a value solved here is the
    /// best of what the beam kept, not a proven optimum.
    pub const PRUNED: u8 = 4;
    /// Some node of this solved subtree was [`Node::PRUNED`] (only with `SOLVED`).
    pub const INEXACT: u8 = 8;
    /// Closed by its bound (only with `SOLVED`): an admissible upper bound on the
    /// final score below this node (or below some node of its subtree) cannot beat
    /// the best game its search has already found, so `best` is only what was seen;
    /// the node's optimum is at most the larger of `best` and that game's score.
    pub const DOMINATED: u8 = 16;

    /// True once the children block has been allocated.
    #[inline]
    pub fn expanded(&self) -> bool {
        self.flags & Self::EXPANDED != 0
    }
    /// True when nothing below this node is left to search.
    #[inline]
    pub fn solved(&self) -> bool {
        self.flags & Self::SOLVED != 0
    }
    /// True for a solved node whose `best` is the proven optimum of its position.
    #[inline]
    pub fn exact(&self) -> bool {
        self.flags & (Self::SOLVED | Self::INEXACT | Self::DOMINATED) == Self::SOLVED
    }
    /// True for a solved node that lost nothing to a beam prune: its optimum is the
    /// larger of `best` and the best game its search found (exactly `best` unless
    /// some node below was closed by its bound, [`Node::DOMINATED`]). At the root of
    /// a search this is a proof that the search's best game is optimal.
    #[inline]
    pub fn closed_exactly(&self) -> bool {
        self.flags & (Self::SOLVED | Self::INEXACT) == Self::SOLVED
    }
    /// Children ids.
    #[inline]
    pub fn children(&self) -> impl Iterator<Item = NodeId> + Clone {
        (self.first_child..self.first_child + u32::from(self.n_children)).map(NodeId)
    }
    /// Mean reward (0 when unvisited).
    #[inline]
    pub fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.sum / f64::from(self.visits)
        }
    }
}

/// A search tree in an arena. See the module docs.
#[derive(Clone, Debug, Default)]
pub struct Tree {
    nodes: Vec<Node>,
    // Semispace for pruning and its bookkeeping (kept to reuse their capacity).
    spare: Vec<Node>,
    order: Vec<(u32, u32, u32)>,
    keep: Vec<bool>,
    new_idx: Vec<u32>,
}

impl Tree {
    /// Number of nodes alive (stubs included).
    #[inline]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }
    /// True when the tree has no node (not even a root).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
    /// Drops every node, keeping the allocation.
    pub fn clear(&mut self) {
        self.nodes.clear();
    }
    /// Clears the tree and adds a fresh root.
    pub fn reset(&mut self) {
        self.nodes.clear();
        self.nodes.push(Node::default());
    }
    /// The node `id`.
    #[inline]
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.idx()]
    }
    /// The node `id`, mutably.
    #[inline]
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id.idx()]
    }

    /// Allocates the children of `id` (one per group, in a random order so that
    /// "first unvisited child" is a uniformly random untried move). Returns their number.
    pub fn expand(&mut self, id: NodeId, groups: &[Group], rng: &mut Rng) -> usize {
        let first = self.nodes.len();
        self.nodes.extend(groups.iter().map(|g| Node {
            mv: g.cell,
            ..Node::default()
        }));
        let block = &mut self.nodes[first..];
        for i in (1..block.len()).rev() {
            let j = rng.gen_range(0..=i);
            block.swap(i, j);
        }
        let n = &mut self.nodes[id.idx()];
        n.first_child = first as u32;
        n.n_children = groups.len() as u16;
        n.flags |= Node::EXPANDED;
        groups.len()
    }

    /// Marks `id` solved with value `best` (exact unless `exact` is false).
    pub fn solve(&mut self, id: NodeId, best: i32, exact: bool) {
        let n = &mut self.nodes[id.idx()];
        n.best = best;
        n.flags |= Node::SOLVED;
        if !exact {
            n.flags |= Node::INEXACT;
        }
    }

    /// Closes `id` by its bound ([`Node::DOMINATED`]): its `best` stays what was seen.
    pub fn dominate(&mut self, id: NodeId) {
        self.nodes[id.idx()].flags |= Node::SOLVED | Node::DOMINATED;
    }

    /// Solves `id` from its children, all solved: the best of their values, inexact
    /// or dominated when one of them is (or when `id` lost children to a prune).
    fn solve_from_children(&mut self, id: NodeId) {
        let n = self.nodes[id.idx()];
        let mut best = i32::MIN;
        let mut flags = Node::SOLVED;
        if n.flags & Node::PRUNED != 0 {
            flags |= Node::INEXACT;
        }
        for c in n.children() {
            let ch = &self.nodes[c.idx()];
            best = best.max(ch.best);
            flags |= ch.flags & (Node::INEXACT | Node::DOMINATED);
        }
        let n = &mut self.nodes[id.idx()];
        n.best = best;
        n.flags |= flags;
    }

    /// True when `id` is expanded with at least one child and all are solved.
    fn all_children_solved(&self, id: NodeId) -> bool {
        let n = &self.nodes[id.idx()];
        n.expanded() && n.n_children > 0 && n.children().all(|c| self.nodes[c.idx()].solved())
    }

    /// Solved-value propagation after a simulation along `path` (root first): from
    /// the deepest node up, a node whose children are all solved becomes solved with
    /// the best of their values, exact when all of them are exact and it lost no
    /// child to a beam prune. Stops at the first node that stays unsolved. Returns
    /// the number of nodes newly solved.
    pub fn propagate_solved(&mut self, path: &[NodeId]) -> usize {
        let mut newly = 0;
        for &id in path.iter().rev() {
            if self.nodes[id.idx()].solved() {
                continue;
            }
            if !self.all_children_solved(id) {
                break;
            }
            self.solve_from_children(id);
            newly += 1;
        }
        newly
    }

    /// Solved-value propagation over the whole tree (after a beam prune, when kept
    /// nodes may have only solved children left). Children are stored after their
    /// parents, so one backward pass sees every child before its parent. Returns the
    /// number of nodes newly solved.
    pub fn propagate_all_solved(&mut self) -> usize {
        let mut newly = 0;
        for i in (0..self.nodes.len()).rev() {
            let id = NodeId(i as u32);
            if !self.nodes[i].solved() && self.all_children_solved(id) {
                self.solve_from_children(id);
                newly += 1;
            }
        }
        newly
    }

    /// Move-by-move search: makes the subtree of `child` (a child of the root) the
    /// whole tree, with `child` as its root (statistics and solved flags kept), by
    /// copying it breadth-first into the spare arena. Returns the number of nodes
    /// freed.
    pub fn reroot(&mut self, child: NodeId) -> usize {
        let before = self.nodes.len();
        self.spare.clear();
        let mut root = self.nodes[child.idx()];
        root.mv = Cell::default();
        self.spare.push(root);
        // Breadth-first: spare[i] holds a copy whose children still point into
        // `nodes`; copy them to the end and re-point.
        let mut i = 0;
        while i < self.spare.len() {
            let n = self.spare[i];
            if n.n_children > 0 {
                let first = self.spare.len() as u32;
                for c in n.children() {
                    let ch = self.nodes[c.idx()];
                    self.spare.push(ch);
                }
                self.spare[i].first_child = first;
            }
            i += 1;
        }
        std::mem::swap(&mut self.nodes, &mut self.spare);
        self.spare.clear();
        before - self.nodes.len()
    }

    /// Beam pruning (thesis Alg. 5.2) at `depth` ≥ 1: keeps the `width` most visited
    /// nodes at that depth (ties: higher mean reward, then earlier in breadth-first
    /// order) and their ancestors;
    /// everything else, including all descendants of the kept nodes, is discarded.
    /// Kept nodes above `depth` keep only their kept children and stay expanded, so no
    /// node is created at depths ≤ `depth` any more; kept nodes at `depth` become
    /// unexpanded leaves with their statistics. Stubs (never visited) are not part of
    /// the thesis' tree and are never kept. Does nothing when no visited node exists
    /// at `depth`. Returns the moves of the kept nodes at `depth` from their parents
    /// (for tests and logs), via `kept`.
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
                let n = self.nodes[id as usize];
                for c in n.children() {
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
        // Rebuild: kept entries in breadth-first order, so siblings stay contiguous.
        self.spare.clear();
        self.new_idx.clear();
        self.new_idx.resize(self.order.len(), u32::MAX);
        for p in 0..self.order.len() {
            if !self.keep[p] {
                continue;
            }
            let (old, parent, d) = self.order[p];
            let mut n = self.nodes[old as usize];
            n.n_children = 0;
            n.first_child = 0;
            if (d as usize) < depth {
                n.flags |= Node::EXPANDED;
            } else {
                // A kept node at `depth` becomes an unexpanded leaf: it will be expanded
                // again with all its children. A solved one stays solved (selection
                // never enters it; its value stands for the subtree just discarded).
                n.flags &= !Node::EXPANDED;
                if !n.solved() {
                    n.flags &= !(Node::INEXACT | Node::PRUNED);
                }
            }
            let ni = self.spare.len() as u32;
            self.new_idx[p] = ni;
            if parent != u32::MAX {
                let pn = &mut self.spare[self.new_idx[parent as usize] as usize];
                if pn.n_children == 0 {
                    pn.first_child = ni;
                }
                pn.n_children += 1;
            }
            if d as usize == depth {
                kept.push(NodeId(ni));
            }
            self.spare.push(n);
        }
        // Kept nodes above `depth` with fewer children than before lost some (stubs
        // included) and can no longer prove an optimum.
        for p in 0..self.order.len() {
            let (old, _, d) = self.order[p];
            if self.keep[p] && (d as usize) < depth {
                let ni = self.new_idx[p] as usize;
                if self.spare[ni].n_children < self.nodes[old as usize].n_children {
                    self.spare[ni].flags |= Node::PRUNED;
                }
            }
        }
        std::mem::swap(&mut self.nodes, &mut self.spare);
        self.spare.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// root → a (5 visits) → {a1 (3), a2 (2)}; root → b (4) → {b1 (4)}; root → c (1).
    fn sample() -> Tree {
        let mut t = Tree::default();
        t.reset();
        let cell = |x| Cell::new(x, 0);
        let mk = |x, v: u32| Node {
            mv: cell(x),
            visits: v,
            sum: f64::from(v) * 0.5,
            ..Node::default()
        };
        t.nodes.extend([mk(1, 5), mk(2, 4), mk(3, 1)]);
        t.nodes[0].first_child = 1;
        t.nodes[0].n_children = 3;
        t.nodes[0].flags |= Node::EXPANDED;
        t.nodes[0].visits = 10;
        t.nodes.extend([mk(11, 3), mk(12, 2), mk(13, 0)]);
        t.nodes[1].first_child = 4;
        t.nodes[1].n_children = 3;
        t.nodes[1].flags |= Node::EXPANDED;
        t.nodes.push(mk(21, 4));
        t.nodes[2].first_child = 7;
        t.nodes[2].n_children = 1;
        t.nodes[2].flags |= Node::EXPANDED;
        t
    }

    fn moves_at_depth(t: &Tree, depth: usize) -> Vec<u8> {
        let mut level = vec![NodeId::ROOT];
        for _ in 0..depth {
            level = level.iter().flat_map(|&id| t.node(id).children()).collect();
        }
        let mut v: Vec<u8> = level.iter().map(|&id| t.node(id).mv.x).collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn prune_keeps_most_visited_and_ancestors_only() {
        let mut t = sample();
        let mut kept = Vec::new();
        t.prune_beam(2, 2, &mut kept);
        // Depth-2 visited nodes: a1 (3), a2 (2), b1 (4) → keep b1 and a1 plus a and b.
        assert_eq!(moves_at_depth(&t, 1), vec![1, 2]);
        assert_eq!(moves_at_depth(&t, 2), vec![11, 21]);
        assert_eq!(t.len(), 5);
        assert_eq!(kept.len(), 2);
        for id in kept {
            let n = t.node(id);
            assert!(!n.expanded() && n.n_children == 0 && n.visits > 0);
        }
        // Ancestors stay expanded (closed), statistics are kept.
        assert!(t.node(NodeId::ROOT).expanded());
        assert_eq!(t.node(NodeId::ROOT).visits, 10);
        // Width 1 at depth 1: only `a`, and its descendants are gone.
        let mut t = sample();
        let mut kept = Vec::new();
        t.prune_beam(1, 1, &mut kept);
        assert_eq!(moves_at_depth(&t, 1), vec![1]);
        assert_eq!(t.len(), 2);
        assert!(!t.node(kept[0]).expanded());
        // Nothing at depth 5: no-op.
        let mut t = sample();
        t.prune_beam(5, 1, &mut kept);
        assert_eq!(t.len(), 8);
        assert!(kept.is_empty());
    }

    #[test]
    fn expand_shuffles_a_contiguous_block() {
        let b: crate::Board = "0011\n2211\n0022".parse().unwrap();
        let groups = b.groups();
        let mut t = Tree::default();
        t.reset();
        let mut rng = crate::rng_for(1, 0, 0);
        let n = t.expand(NodeId::ROOT, &groups, &mut rng);
        assert_eq!(n, groups.len());
        let mut got: Vec<Cell> = t
            .node(NodeId::ROOT)
            .children()
            .map(|c| t.node(c).mv)
            .collect();
        got.sort_unstable();
        let mut want: Vec<Cell> = groups.iter().map(|g| g.cell).collect();
        want.sort_unstable();
        assert_eq!(got, want);
        t.clear();
        assert!(t.is_empty());
    }

    #[test]
    fn solved_values_propagate_only_when_every_child_is_solved() {
        let mut t = sample();
        let (a, b, c) = (NodeId(1), NodeId(2), NodeId(3));
        let (a1, a2, a3, b1) = (NodeId(4), NodeId(5), NodeId(6), NodeId(7));
        t.solve(b1, 70, true);
        assert_eq!(t.propagate_solved(&[NodeId::ROOT, b, b1]), 1);
        assert!(t.node(b).solved() && t.node(b).exact() && t.node(b).best == 70);
        assert!(!t.node(NodeId::ROOT).solved(), "a and c are open");
        t.solve(a1, 10, true);
        t.solve(a2, 90, true);
        assert_eq!(t.propagate_solved(&[NodeId::ROOT, a, a2]), 0, "a3 open");
        t.solve(a3, 20, false);
        t.solve(c, 5, true);
        assert_eq!(t.propagate_all_solved(), 2, "a, then the root");
        let root = t.node(NodeId::ROOT);
        assert!(root.solved() && root.best == 90);
        assert!(!root.exact(), "an inexact child makes the parent inexact");
    }

    #[test]
    fn dominated_children_close_their_parent_without_making_it_exact() {
        let mut t = sample();
        let (a, c) = (NodeId(1), NodeId(3));
        let (a1, a2, a3, b1) = (NodeId(4), NodeId(5), NodeId(6), NodeId(7));
        t.node_mut(a1).best = 40;
        t.dominate(a1);
        assert!(t.node(a1).solved() && !t.node(a1).exact() && t.node(a1).closed_exactly());
        assert_eq!(t.node(a1).best, 40, "a dominated node keeps what it saw");
        t.solve(a2, 90, true);
        t.dominate(a3);
        assert_eq!(t.propagate_solved(&[NodeId::ROOT, a, a2]), 1);
        let na = t.node(a);
        assert!(na.solved() && na.best == 90 && !na.exact() && na.closed_exactly());
        t.solve(b1, 70, false);
        t.solve(c, 5, true);
        assert_eq!(t.propagate_all_solved(), 2, "b, then the root");
        let root = t.node(NodeId::ROOT);
        assert!(root.solved() && root.best == 90);
        assert!(
            !root.closed_exactly(),
            "a beam-inexact child still spoils the proof"
        );
    }

    #[test]
    fn reroot_keeps_the_child_subtree_with_its_statistics() {
        let mut t = sample();
        t.solve(NodeId(4), 33, true);
        let freed = t.reroot(NodeId(1));
        assert_eq!(freed, 8 - 4);
        assert_eq!(t.len(), 4);
        let root = *t.node(NodeId::ROOT);
        assert_eq!((root.visits, root.n_children), (5, 3));
        assert!(root.expanded());
        let kids: Vec<_> = root.children().map(|c| *t.node(c)).collect();
        let xs: Vec<u8> = kids.iter().map(|n| n.mv.x).collect();
        assert_eq!(xs, [11, 12, 13]);
        assert_eq!(kids.iter().map(|n| n.visits).collect::<Vec<_>>(), [3, 2, 0]);
        assert!(kids[0].solved() && kids[0].best == 33);
        // Re-rooting at a leaf leaves a one-node tree.
        t.reroot(NodeId(1));
        assert_eq!(t.len(), 1);
    }
}
