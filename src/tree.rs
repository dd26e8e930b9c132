//! Arena-allocated search trees for the MCTS family.
//!
//! Owns: [`Node`] (move, visit count, reward sum and sum of squares: the state-action
//! statistics of thesis eq. 2.8/2.9; the best final score seen below the node; the
//! solved and exact flags of the one-player MCTS-Solver), [`Tree`] (nodes in one
//! `Vec`, 32-bit [`NodeId`]s; the untried moves of every expanded node in a second
//! `Vec` of 2-byte cells, in the random order they will be tried), child creation,
//! solved-value propagation, the beam pruning of BMCTS (thesis Alg. 5.2) and
//! re-rooting for move-by-move search (both in `compact`); both rebuild the arena
//! semispace-style (kept nodes copied into a second vector, then swapped).
//!
//! **Children are created when first tried**, not as stubs at expansion: expanding a
//! node stores its legal moves, shuffled, and each simulation that selects an untried
//! move creates that one child ([`Tree::add_child`]). A node's children form a
//! circular list in creation order (the node points to the last one, the last one to
//! the first), so appending is O(1) and iteration sees them in the order they were
//! tried. Since moves are tried in that stored order, the created children are
//! always a prefix of the shuffled moves, and "the first untried move" needs no scan.
//! A move closed by its bound when first tried (score-bounded solver) gets no node
//! at all: its parent counts it as tried and carries [`Node::CLOSED_MOVE`]. So at
//! most one node per simulation with a playout, instead of one per legal move of
//! every expanded node: see docs/search.md ("Tree simulations") for the memory and
//! speed figures.
//!
//! Must not: store board states (the search replays moves from the root and caches
//! the positions along its last path itself, keyed by [`Tree::generation`]), choose
//! moves, know budgets or allocate per simulation ([`Tree::clear`] keeps capacity).

use rand::Rng as _;

use crate::board::Cell;
use crate::Rng;

/// Index of a node in its [`Tree`].
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct NodeId(pub u32);

impl NodeId {
    /// The root of every tree.
    pub const ROOT: NodeId = NodeId(0);
    #[inline]
    fn idx(self) -> usize {
        self.0 as usize
    }
}

/// The "no node" link: the root is never anybody's child or sibling.
const NONE: u32 = 0;

/// `Node::aux` of a node with every move tried and no [`Memo`] yet.
const NO_MEMO: u32 = u32::MAX;

/// What the last full selection scan at a node whose moves are all tried left for
/// the next ones: the child it chose, the log of the node's visit count then, and an
/// upper bound of every other child's selection value while the node has at most
/// `visits_limit` visits. Only the
/// selection policy (`search::mcts`) gives it a meaning; the tree only keeps it,
/// and forgets every memo when it rebuilds the arena ([`Tree::reroot`],
/// [`Tree::prune_beam`]).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Memo {
    /// The child chosen by the scan.
    pub leader: NodeId,
    /// The largest visit count of the node for which `bound` holds.
    pub visits_limit: u32,
    /// Upper bound of the selection value of every other child.
    pub bound: f64,
    /// Natural log of the node's visit count at the scan.
    pub ln_p: f64,
}

/// One tree node: the state reached by `mv` from its parent, with the statistics of
/// the state-action pair (parent, `mv`). A node is created when its move is first
/// tried (thesis: "one node added per simulation"); it is expanded (its legal moves
/// stored, [`Tree::expand`]) on the first visit after that.
///
/// **Solved nodes** (one-player MCTS-Solver, after Winands, Björnsson & Saito 2010
/// §IV): a node is *solved* when nothing below it is left to search: a terminal
/// state, a position solved exactly (endgame, or a lower-level search that proved
/// its root), or a node whose moves are all tried and whose children are all solved.
/// `best` of a solved node is the best final score of its remaining subtree. A solved
/// node is also *exact* when that value is the true optimum of its position: it is
/// not exact when a beam prune removed children from its subtree. Selection never
/// enters a solved node.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Node {
    /// Sum of normalised rewards of the simulations through this node.
    pub sum: f64,
    /// Sum of squared normalised rewards.
    pub sum_sq: f64,
    /// Simulations through this node.
    pub visits: u32,
    /// Best final score of a complete game seen through this node (`i32::MIN` before
    /// the first); for a solved node the best final score of its subtree.
    pub best: i32,
    /// Implicit value (normalised final score): the node's evaluation when it was
    /// added, then with implicit max backups the max over its visited children, and
    /// the exact value once solved. Only maintained with `--im-alpha`/`--pb`.
    pub v: f32,
    /// Last child created ([`NONE`] before the first): the entry to the circular
    /// list of children.
    last_child: u32,
    /// Next sibling in the parent's circular list (the last child points to the first).
    next_sibling: u32,
    /// While some move is untried: index in the tree's move store of the next
    /// untried move. Once every move is tried: index of the node's selection
    /// [`Memo`] ([`NO_MEMO`] before the first).
    aux: u32,
    /// Move leading to this node (canonical cell); meaningless for the root.
    pub mv: Cell,
    /// Number of moves tried so far: children created, plus moves closed at once
    /// without a child ([`Tree::close_untried`]).
    pub n_tried: u16,
    /// Number of legal moves once expanded (0 for a terminal state).
    pub n_moves: u16,
    /// [`Node::EXPANDED`], [`Node::SOLVED`], [`Node::PRUNED`], [`Node::INEXACT`],
    /// [`Node::DOMINATED`], [`Node::CLOSED_MOVE`].
    pub flags: u8,
}

impl Default for Node {
    fn default() -> Self {
        Node {
            sum: 0.0,
            sum_sq: 0.0,
            visits: 0,
            best: i32::MIN,
            v: 0.0,
            last_child: NONE,
            next_sibling: NONE,
            aux: NO_MEMO,
            mv: Cell::default(),
            n_tried: 0,
            n_moves: 0,
            flags: 0,
        }
    }
}

impl Node {
    /// The legal moves have been stored (a terminal state is expanded with none).
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
    /// Some move of this node was closed by its bound when first tried and has no
    /// child node ([`Tree::close_untried`]): it counts as a solved, dominated child
    /// that saw no game (`best` `i32::MIN`).
    pub const CLOSED_MOVE: u8 = 32;

    /// True once the legal moves have been stored.
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
    /// True when some legal move has no child yet (only once expanded).
    #[inline]
    pub fn has_untried(&self) -> bool {
        self.n_tried < self.n_moves
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

/// The children of a node in creation order ([`Tree::children`]).
#[derive(Clone)]
pub struct Children<'t>(ChildNodes<'t>);

impl<'t> Children<'t> {
    #[inline]
    fn of(nodes: &'t [Node], id: NodeId) -> Self {
        Children(ChildNodes::of(nodes, id))
    }
}

impl Iterator for Children<'_> {
    type Item = NodeId;
    #[inline]
    fn next(&mut self) -> Option<NodeId> {
        self.0.next().map(|(id, _)| id)
    }
}

/// The children of a node in creation order with their nodes
/// ([`Tree::child_nodes`]): one arena access per child.
#[derive(Clone)]
pub struct ChildNodes<'t> {
    nodes: &'t [Node],
    next: u32,
    last: u32,
}

impl<'t> ChildNodes<'t> {
    #[inline]
    fn of(nodes: &'t [Node], id: NodeId) -> Self {
        let last = nodes[id.idx()].last_child;
        let next = if last == NONE {
            NONE
        } else {
            nodes[last as usize].next_sibling
        };
        ChildNodes { nodes, next, last }
    }
}

impl<'t> Iterator for ChildNodes<'t> {
    type Item = (NodeId, &'t Node);
    #[inline]
    fn next(&mut self) -> Option<(NodeId, &'t Node)> {
        if self.next == NONE {
            return None;
        }
        let c = self.next;
        let n = &self.nodes[c as usize];
        self.next = if c == self.last { NONE } else { n.next_sibling };
        Some((NodeId(c), n))
    }
}

/// A search tree in an arena. See the module docs. Serialised (a checkpoint of a
/// tree search, `search::mcts::checkpoint`) without its spare buffers.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Tree {
    nodes: Vec<Node>,
    /// The legal moves of expanded nodes, each node's in one block in the order they
    /// are tried; a node's untried moves start at its `aux`.
    moves: Vec<Cell>,
    /// Selection memos of nodes whose moves are all tried.
    memos: Vec<Memo>,
    // Semispaces for pruning and re-rooting and their bookkeeping (kept to reuse
    // their capacity).
    #[serde(skip)]
    spare: Vec<Node>,
    #[serde(skip)]
    spare_moves: Vec<Cell>,
    #[serde(skip)]
    order: Vec<(u32, u32, u32)>,
    #[serde(skip)]
    keep: Vec<bool>,
    #[serde(skip)]
    new_idx: Vec<u32>,
    /// Bumped whenever node ids are dropped or reassigned ([`Tree::generation`]).
    generation: u64,
}

impl Tree {
    /// Number of nodes alive.
    #[inline]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }
    /// True when the tree has no node (not even a root).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
    /// Bytes of node and move storage in use (not counting spare capacity).
    pub fn bytes(&self) -> usize {
        self.nodes.len() * std::mem::size_of::<Node>()
            + self.moves.len() * std::mem::size_of::<Cell>()
            + self.memos.len() * std::mem::size_of::<Memo>()
    }
    /// A number that changes whenever node ids are dropped or reassigned (clearing,
    /// re-rooting, pruning) and stays the same while nodes are only added and
    /// updated: what a caller caches about node ids is valid while it is unchanged.
    #[inline]
    pub fn generation(&self) -> u64 {
        self.generation
    }
    /// Drops every node, keeping the allocation.
    pub fn clear(&mut self) {
        self.generation += 1;
        self.nodes.clear();
        self.moves.clear();
        self.memos.clear();
    }
    /// The selection memo of `id`, a node whose moves are all tried, if it has one.
    #[inline]
    pub fn memo(&self, id: NodeId) -> Option<&Memo> {
        let n = &self.nodes[id.idx()];
        debug_assert!(n.expanded() && !n.has_untried());
        self.memos.get(n.aux as usize)
    }
    /// Sets the selection memo of `id`, a node whose moves are all tried.
    #[inline]
    pub fn set_memo(&mut self, id: NodeId, memo: Memo) {
        let n = &mut self.nodes[id.idx()];
        debug_assert!(n.expanded() && !n.has_untried());
        match self.memos.get_mut(n.aux as usize) {
            Some(m) => *m = memo,
            None => {
                n.aux = self.memos.len() as u32;
                self.memos.push(memo);
            }
        }
    }
    /// Clears the tree and adds a fresh root.
    pub fn reset(&mut self) {
        self.clear();
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
    /// The children of `id` created so far, in creation order.
    #[inline]
    pub fn children(&self, id: NodeId) -> Children<'_> {
        Children::of(&self.nodes, id)
    }
    /// The children of `id` created so far with their nodes, in creation order.
    #[inline]
    pub fn child_nodes(&self, id: NodeId) -> ChildNodes<'_> {
        ChildNodes::of(&self.nodes, id)
    }

    /// Expands `id`: stores its legal moves (`cells`, one canonical cell per group,
    /// in canonical order) in a random order, the order in which they will be
    /// tried, so that "the next untried move" is a uniformly random untried move.
    /// Creates no child. Returns the number of moves.
    pub fn expand(&mut self, id: NodeId, cells: &[Cell], rng: &mut Rng) -> usize {
        let first = self.moves.len();
        self.moves.extend_from_slice(cells);
        let block = &mut self.moves[first..];
        for i in (1..block.len()).rev() {
            let j = rng.gen_range(0..=i);
            block.swap(i, j);
        }
        self.set_moves(id, first, cells.len());
        cells.len()
    }

    /// Expands `id` with `moves` in the given order (tests and tools).
    pub fn expand_in_order(&mut self, id: NodeId, moves: &[Cell]) {
        let first = self.moves.len();
        self.moves.extend_from_slice(moves);
        self.set_moves(id, first, moves.len());
    }

    fn set_moves(&mut self, id: NodeId, first: usize, n: usize) {
        let node = &mut self.nodes[id.idx()];
        debug_assert!(!node.expanded() && node.n_tried == 0);
        node.aux = if n == 0 { NO_MEMO } else { first as u32 };
        node.n_moves = n as u16;
        node.flags |= Node::EXPANDED;
    }

    /// The next untried move of `id` (there must be one).
    #[inline]
    pub fn next_untried(&self, id: NodeId) -> Cell {
        let n = &self.nodes[id.idx()];
        debug_assert!(n.has_untried());
        self.moves[n.aux as usize]
    }

    /// Marks the next untried move of `id` tried and returns it.
    fn consume_untried(&mut self, id: NodeId) -> Cell {
        let parent = &mut self.nodes[id.idx()];
        debug_assert!(parent.has_untried());
        let mv = self.moves[parent.aux as usize];
        parent.n_tried += 1;
        parent.aux = if parent.has_untried() {
            parent.aux + 1
        } else {
            NO_MEMO
        };
        mv
    }

    /// Closes the next untried move of `id` (there must be one) without creating
    /// its child: its bound showed that nothing below it can beat the search's best
    /// game. It counts as a solved child closed by its bound that saw no game
    /// ([`Node::CLOSED_MOVE`]); a node per such move would only hold those flags.
    pub fn close_untried(&mut self, id: NodeId) {
        self.consume_untried(id);
        self.nodes[id.idx()].flags |= Node::CLOSED_MOVE;
    }

    /// Creates the child of `id` for its next untried move (there must be one) and
    /// returns it.
    pub fn add_child(&mut self, id: NodeId) -> NodeId {
        let new = self.nodes.len() as u32;
        let mv = self.consume_untried(id);
        let parent = &mut self.nodes[id.idx()];
        let last = std::mem::replace(&mut parent.last_child, new);
        let next_sibling = if last == NONE {
            new
        } else {
            std::mem::replace(&mut self.nodes[last as usize].next_sibling, new)
        };
        self.nodes.push(Node {
            mv,
            next_sibling,
            ..Node::default()
        });
        NodeId(new)
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
    /// or dominated when one of them is (or when `id` lost children to a prune, or
    /// closed a move without a child).
    fn solve_from_children(&mut self, id: NodeId) {
        let mut best = i32::MIN;
        let mut flags = Node::SOLVED;
        let own = self.nodes[id.idx()].flags;
        if own & Node::PRUNED != 0 {
            flags |= Node::INEXACT;
        }
        if own & Node::CLOSED_MOVE != 0 {
            flags |= Node::DOMINATED;
        }
        for c in self.children(id) {
            let ch = &self.nodes[c.idx()];
            best = best.max(ch.best);
            flags |= ch.flags & (Node::INEXACT | Node::DOMINATED);
        }
        let n = &mut self.nodes[id.idx()];
        n.best = best;
        n.flags |= flags;
    }

    /// True when `id` is expanded with at least one move, every move has been tried
    /// and all its children are solved (moves closed without a child are).
    fn all_children_solved(&self, id: NodeId) -> bool {
        let n = &self.nodes[id.idx()];
        n.expanded()
            && n.n_moves > 0
            && !n.has_untried()
            && self.children(id).all(|c| self.nodes[c.idx()].solved())
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
}

mod compact;
#[cfg(test)]
mod tests;
