//! Tests of the tree arena: child creation, solved-value propagation, beam pruning
//! and re-rooting.

use super::*;

/// Named nodes of [`sample`].
struct Ids {
    a: NodeId,
    b: NodeId,
    c: NodeId,
    a1: NodeId,
    a2: NodeId,
    b1: NodeId,
}

fn cell(x: usize) -> Cell {
    Cell::new(x, 0)
}

/// root (10 visits) → a (5) → {a1 (3), a2 (2), move 13 untried}; root → b (4) →
/// {b1 (4)}; root → c (1, not expanded).
fn sample() -> (Tree, Ids) {
    let mut t = Tree::default();
    t.reset();
    t.node_mut(NodeId::ROOT).visits = 10;
    let add = |t: &mut Tree, parent, visits: u32| {
        let id = t.add_child(parent);
        let n = t.node_mut(id);
        n.visits = visits;
        n.sum = f64::from(visits) * 0.5;
        id
    };
    t.expand_in_order(NodeId::ROOT, &[cell(1), cell(2), cell(3)]);
    let (a, b, c) = (
        add(&mut t, NodeId::ROOT, 5),
        add(&mut t, NodeId::ROOT, 4),
        add(&mut t, NodeId::ROOT, 1),
    );
    t.expand_in_order(a, &[cell(11), cell(12), cell(13)]);
    let (a1, a2) = (add(&mut t, a, 3), add(&mut t, a, 2));
    t.expand_in_order(b, &[cell(21)]);
    let b1 = add(&mut t, b, 4);
    (
        t,
        Ids {
            a,
            b,
            c,
            a1,
            a2,
            b1,
        },
    )
}

fn moves_at_depth(t: &Tree, depth: usize) -> Vec<u8> {
    let mut level = vec![NodeId::ROOT];
    for _ in 0..depth {
        level = level.iter().flat_map(|&id| t.children(id)).collect();
    }
    let mut v: Vec<u8> = level.iter().map(|&id| t.node(id).mv.x).collect();
    v.sort_unstable();
    v
}

fn child_moves(t: &Tree, id: NodeId) -> Vec<u8> {
    t.children(id).map(|c| t.node(c).mv.x).collect()
}

#[test]
fn node_stays_small() {
    // No stubs: one node per simulation, so 48 bytes per node is ~48 bytes per
    // simulation (40-byte stubs for every legal move cost ~230 bytes per simulation).
    assert!(
        std::mem::size_of::<Node>() <= 48,
        "{}",
        std::mem::size_of::<Node>()
    );
}

#[test]
fn children_are_created_in_move_order_and_iterated_in_creation_order() {
    let (mut t, ids) = sample();
    assert_eq!(child_moves(&t, NodeId::ROOT), [1, 2, 3]);
    assert_eq!(child_moves(&t, ids.a), [11, 12]);
    assert_eq!(child_moves(&t, ids.b1), Vec::<u8>::new());
    assert_eq!(child_moves(&t, ids.c), Vec::<u8>::new());
    let a = *t.node(ids.a);
    assert!(a.expanded() && a.has_untried() && (a.n_tried, a.n_moves) == (2, 3));
    assert!(!t.node(NodeId::ROOT).has_untried());
    // The untried move is next, and then the list is complete and circular.
    let a3 = t.add_child(ids.a);
    assert_eq!(
        a3,
        NodeId(t.len() as u32 - 1),
        "children come after parents"
    );
    assert_eq!(t.node(a3).mv, cell(13));
    assert_eq!(child_moves(&t, ids.a), [11, 12, 13]);
    assert!(!t.node(ids.a).has_untried());
    // The iterator is restartable (Clone) and exact.
    let it = t.children(ids.a);
    assert_eq!(it.clone().count(), 3);
    assert_eq!(it.collect::<Vec<_>>(), [ids.a1, ids.a2, a3]);
    // A terminal state: expanded with no move.
    t.expand_in_order(a3, &[]);
    assert!(t.node(a3).expanded() && !t.node(a3).has_untried());
    assert_eq!(t.children(a3).count(), 0);
    let bytes = t.bytes();
    assert_eq!(
        bytes,
        t.len() * std::mem::size_of::<Node>() + 7 * std::mem::size_of::<Cell>()
    );
}

#[test]
fn expand_shuffles_like_the_old_stub_blocks() {
    // The order of the moves is the Fisher-Yates shuffle the stub blocks used, with
    // the same draws: searches stay bit-identical to the stub tree.
    let b: crate::Board = "0011\n2211\n0022".parse().unwrap();
    let groups = b.groups();
    let cells: Vec<Cell> = groups.iter().map(|g| g.cell).collect();
    let mut t = Tree::default();
    t.reset();
    let mut rng = crate::rng_for(1, 0, 0);
    let n = t.expand(NodeId::ROOT, &cells, &mut rng);
    assert_eq!(n, groups.len());
    assert_eq!(t.len(), 1, "expansion creates no node");
    let mut want: Vec<Cell> = groups.iter().map(|g| g.cell).collect();
    let mut rng2 = crate::rng_for(1, 0, 0);
    for i in (1..want.len()).rev() {
        let j = rng2.gen_range(0..=i);
        want.swap(i, j);
    }
    let got: Vec<Cell> = (0..n)
        .map(|_| {
            let c = t.add_child(NodeId::ROOT);
            t.node(c).mv
        })
        .collect();
    assert_eq!(got, want);
    assert_eq!(rng.gen::<u64>(), rng2.gen::<u64>(), "same number of draws");
    t.clear();
    assert!(t.is_empty() && t.bytes() == 0);
}

#[test]
fn prune_keeps_most_visited_and_ancestors_only() {
    let (mut t, ids) = sample();
    let mut kept = Vec::new();
    t.prune_beam(2, 2, &mut kept);
    // Depth-2 visited nodes: a1 (3), a2 (2), b1 (4) → keep b1 and a1 plus a and b.
    assert_eq!(moves_at_depth(&t, 1), vec![1, 2]);
    assert_eq!(moves_at_depth(&t, 2), vec![11, 21]);
    assert_eq!(t.len(), 5);
    assert_eq!(kept.len(), 2);
    for &id in &kept {
        let n = t.node(id);
        assert!(!n.expanded() && n.n_tried == 0 && n.visits > 0);
        assert_eq!(t.children(id).count(), 0);
    }
    // Ancestors stay expanded (closed: no untried move), statistics are kept; those
    // that lost a child or an untried move are marked.
    let root = *t.node(NodeId::ROOT);
    assert!(root.expanded() && !root.has_untried() && root.visits == 10);
    assert!(root.flags & Node::PRUNED != 0, "c is gone");
    let na = t.children(NodeId::ROOT).next().unwrap();
    let a = *t.node(na);
    assert_eq!((a.mv, a.n_tried, a.n_moves), (cell(1), 1, 1));
    assert!(
        a.flags & Node::PRUNED != 0,
        "a2 and the untried move are gone"
    );
    let nb = t.children(NodeId::ROOT).nth(1).unwrap();
    assert!(t.node(nb).flags & Node::PRUNED == 0, "b kept its only move");
    // Width 1 at depth 1: only `a`, and its descendants are gone.
    let (mut t, _) = sample();
    t.prune_beam(1, 1, &mut kept);
    assert_eq!(moves_at_depth(&t, 1), vec![1]);
    assert_eq!(t.len(), 2);
    assert!(!t.node(kept[0]).expanded());
    assert_eq!(t.node(kept[0]).n_moves, 0);
    // Nothing at depth 5: no-op.
    let (mut t, _) = sample();
    t.prune_beam(5, 1, &mut kept);
    assert_eq!(t.len(), 7);
    assert!(kept.is_empty());
    assert_eq!(child_moves(&t, ids.a), [11, 12]);
}

#[test]
fn solved_values_propagate_only_when_every_move_has_a_solved_child() {
    let (mut t, ids) = sample();
    let (a, b, c) = (ids.a, ids.b, ids.c);
    t.solve(ids.b1, 70, true);
    assert_eq!(t.propagate_solved(&[NodeId::ROOT, b, ids.b1]), 1);
    assert!(t.node(b).solved() && t.node(b).exact() && t.node(b).best == 70);
    assert!(!t.node(NodeId::ROOT).solved(), "a and c are open");
    t.solve(ids.a1, 10, true);
    t.solve(ids.a2, 90, true);
    assert_eq!(
        t.propagate_solved(&[NodeId::ROOT, a, ids.a2]),
        0,
        "a still has an untried move"
    );
    assert_eq!(t.propagate_all_solved(), 0);
    let a3 = t.add_child(a);
    t.solve(a3, 20, false);
    t.solve(c, 5, true);
    assert_eq!(t.propagate_all_solved(), 2, "a, then the root");
    let root = t.node(NodeId::ROOT);
    assert!(root.solved() && root.best == 90);
    assert!(!root.exact(), "an inexact child makes the parent inexact");
}

#[test]
fn dominated_children_close_their_parent_without_making_it_exact() {
    let (mut t, ids) = sample();
    let (a, c) = (ids.a, ids.c);
    t.node_mut(ids.a1).best = 40;
    t.dominate(ids.a1);
    let a1 = *t.node(ids.a1);
    assert!(a1.solved() && !a1.exact() && a1.closed_exactly());
    assert_eq!(a1.best, 40, "a dominated node keeps what it saw");
    t.solve(ids.a2, 90, true);
    // The untried move is closed at once (as the search does when its bound cannot
    // beat the best game): no node, but it counts as a solved, dominated child.
    let len = t.len();
    assert_eq!(t.next_untried(a), cell(13));
    t.close_untried(a);
    assert_eq!(t.len(), len, "no node for a closed move");
    assert!(!t.node(a).has_untried() && t.node(a).flags & Node::CLOSED_MOVE != 0);
    assert_eq!(t.children(a).count(), 2);
    assert_eq!(t.propagate_solved(&[NodeId::ROOT, a]), 1);
    let na = t.node(a);
    assert!(na.solved() && na.best == 90 && !na.exact() && na.closed_exactly());
    t.solve(ids.b1, 70, false);
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
fn closed_moves_alone_close_their_parent_and_are_dropped_by_a_prune() {
    let (mut t, ids) = sample();
    // Every move of c closed by its bound: c is solved, dominated, saw no game.
    t.expand_in_order(ids.c, &[cell(31), cell(32)]);
    t.close_untried(ids.c);
    assert_eq!(
        t.propagate_solved(&[NodeId::ROOT, ids.c]),
        0,
        "one move left"
    );
    t.close_untried(ids.c);
    assert_eq!(t.propagate_solved(&[NodeId::ROOT, ids.c]), 1);
    let c = *t.node(ids.c);
    assert!(c.solved() && !c.exact() && c.closed_exactly() && c.best == i32::MIN);
    assert_eq!(t.len(), 7);
    // Re-rooting keeps the mark with its node.
    let mut u = t.clone();
    u.reroot(ids.c);
    assert!(u.node(NodeId::ROOT).flags & Node::CLOSED_MOVE != 0);
    // A prune keeps a's visited children only: a's closed move goes like a2.
    t.close_untried(ids.a);
    let mut kept = Vec::new();
    t.prune_beam(2, 3, &mut kept);
    let na = t.children(NodeId::ROOT).next().unwrap();
    let a = *t.node(na);
    assert_eq!((a.n_tried, a.n_moves), (2, 2));
    assert!(a.flags & Node::CLOSED_MOVE == 0 && a.flags & Node::PRUNED != 0);
}

#[test]
fn reroot_keeps_the_child_subtree_with_its_statistics_and_untried_moves() {
    let (mut t, ids) = sample();
    t.solve(ids.a1, 33, true);
    let freed = t.reroot(ids.a);
    assert_eq!(freed, 7 - 3);
    assert_eq!(t.len(), 3);
    let root = *t.node(NodeId::ROOT);
    assert_eq!((root.visits, root.n_tried, root.n_moves), (5, 2, 3));
    assert!(root.expanded() && root.has_untried());
    let kids: Vec<_> = t.children(NodeId::ROOT).map(|c| *t.node(c)).collect();
    let xs: Vec<u8> = kids.iter().map(|n| n.mv.x).collect();
    assert_eq!(xs, [11, 12]);
    assert_eq!(kids.iter().map(|n| n.visits).collect::<Vec<_>>(), [3, 2]);
    assert!(kids[0].solved() && kids[0].best == 33);
    // Only the untried move is carried over, and it is still the next one.
    assert_eq!(
        t.bytes(),
        3 * std::mem::size_of::<Node>() + std::mem::size_of::<Cell>()
    );
    let a3 = t.add_child(NodeId::ROOT);
    assert_eq!(t.node(a3).mv, cell(13));
    assert_eq!(child_moves(&t, NodeId::ROOT), [11, 12, 13]);
    // Re-rooting at a leaf leaves a one-node tree.
    let first = t.children(NodeId::ROOT).next().unwrap();
    t.reroot(first);
    assert_eq!(t.len(), 1);
    assert_eq!(t.children(NodeId::ROOT).count(), 0);
}

#[test]
fn reroot_deep_subtrees_keep_every_sibling_list() {
    // A random tree of a few hundred nodes: re-rooting at each root child keeps its
    // subtree exactly (moves, statistics and child order, level by level).
    let mut rng = crate::rng_for(5, 0, 0);
    let mut t = Tree::default();
    t.reset();
    let mut open = vec![NodeId::ROOT];
    let mut x = 0usize;
    while t.len() < 400 {
        let id = open[rng.gen_range(0..open.len())];
        if !t.node(id).expanded() {
            let k = rng.gen_range(0..5);
            let moves: Vec<Cell> = (0..k).map(|i| Cell::new(i, x % 32)).collect();
            x += 1;
            t.expand_in_order(id, &moves);
        }
        if t.node(id).has_untried() {
            let c = t.add_child(id);
            t.node_mut(c).visits = rng.gen_range(1..100);
            open.push(c);
        }
    }
    fn shape(t: &Tree, id: NodeId) -> Vec<(Cell, u32, u16, u16)> {
        let mut out = Vec::new();
        let mut level = vec![id];
        while !level.is_empty() {
            let mut next = Vec::new();
            for &n in &level {
                for c in t.children(n) {
                    let nc = t.node(c);
                    out.push((nc.mv, nc.visits, nc.n_tried, nc.n_moves));
                    next.push(c);
                }
            }
            level = next;
        }
        out
    }
    for k in t.children(NodeId::ROOT).collect::<Vec<_>>() {
        let mut u = t.clone();
        let want = shape(&u, k);
        u.reroot(k);
        assert_eq!(shape(&u, NodeId::ROOT), want);
        assert_eq!(u.len(), 1 + want.len());
    }
}
