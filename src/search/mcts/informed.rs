//! Informed selection of the tree searches: the implicit value v of each node
//! (`--im-alpha`, `--im-source`) and progressive bias (`--pb`).
//!
//! Implicit max backups follow Lanctot, Winands, Pepels & Sturtevant (2014) with
//! their minimax backup read as a max for one player: in SameGame the reward of a
//! move is part of the final score, so a node's v is the best estimated final score
//! reachable below it (normalised like rewards). Progressive bias follows Winands,
//! Björnsson & Saito (2010, §III-A). Both only act when their weight is non-zero:
//! with every weight 0 the level routine calls the plain UCB1-TUNED selection.
//!
//! Owns: the update of v after a simulation and the informed child choice. Must
//! not: evaluate boards (the level routine passes the leaf's evaluation), allocate.

use super::select::select_by;
use crate::policy::ucb1_tuned_value_ln;
use crate::rules::Normalizer;
use crate::search::eval::ImSource;
use crate::search::plan::LevelParams;
use crate::tree::{Node, NodeId, Tree};

/// Sets the implicit value v along `path` after a simulation: the leaf gets its
/// evaluation `h` (its exact value once solved); with `backup` (implicit max
/// backups, Lanctot et al. 2014 read as a max) every node above gets the max of its
/// visited or solved children's v, a solved node its exact value.
pub(super) fn update_implicit(
    tree: &mut Tree,
    path: &[NodeId],
    h: f64,
    backup: bool,
    norm: &Normalizer,
) {
    let exact = |n: &Node| norm.reward(n.best) as f32;
    let (&leaf, above) = path.split_last().expect("the path holds the root");
    let n = tree.node_mut(leaf);
    n.v = if n.solved() { exact(n) } else { h as f32 };
    if !backup {
        return;
    }
    for &id in above.iter().rev() {
        let node = *tree.node(id);
        let v = if node.solved() {
            exact(&node)
        } else {
            // A move closed without a child counts as a solved child that saw no game.
            let closed = if node.flags & Node::CLOSED_MOVE != 0 {
                norm.reward(i32::MIN) as f32
            } else {
                f32::NEG_INFINITY
            };
            tree.children(id)
                .map(|c| tree.node(c))
                .filter(|c| c.visits > 0 || c.solved())
                .map(|c| if c.solved() { exact(c) } else { c.v })
                .fold(closed, f32::max)
        };
        if v > f32::NEG_INFINITY {
            tree.node_mut(id).v = v;
        }
    }
}

/// Selection with an implicit value and/or progressive bias: UCB1-TUNED on
/// (1 − α)·mean + α·v, plus W·h/(n + 1) (MC-LOA §III-A), where v is the child's
/// implicit value (`--im-source eval`) or the reward of its best simulation
/// (`best`), and h its stored evaluation. Untried moves are still taken first (by the
/// caller: every move of `id` has been tried when this is called); ties go to the
/// child tried first. The selection memo of `super::level` applies as for plain
/// UCB1-TUNED: the added terms do not depend on the parent's count, and a
/// simulation changes v and `best` only along its path.
#[inline]
pub(super) fn select_informed(
    tree: &mut Tree,
    id: NodeId,
    p: &LevelParams,
    scale: f64,
    source: ImSource,
    norm: &Normalizer,
) -> NodeId {
    let memo = scale == 1.0 && p.c >= 0.0; // false for a NaN C
    select_by(tree, id, memo, |ln_p, n| {
        let visits = f64::from(n.visits);
        let mut v = ucb1_tuned_value_ln(p.c, ln_p, visits, n.sum * scale, n.sum_sq * scale * scale);
        if p.im_alpha != 0.0 {
            let implicit = match source {
                ImSource::Eval => f64::from(n.v),
                ImSource::Best => norm.reward(n.best),
            };
            v += p.im_alpha * (implicit - n.mean()) * scale;
        }
        if p.pb != 0.0 {
            v += p.pb * f64::from(n.v) * scale / (visits + 1.0);
        }
        v
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;
    use crate::search::testutil::board15;

    /// Root with three children; `path` = root → child `i`.
    fn tree() -> (Tree, Vec<NodeId>) {
        let b = board15(1, Variant::SameGame);
        let cells: Vec<_> = b.groups().iter().map(|g| g.cell).collect();
        let mut t = Tree::default();
        t.reset();
        t.expand(NodeId::ROOT, &cells[..3], &mut crate::rng_for(1, 2, 3));
        let kids: Vec<NodeId> = (0..3).map(|_| t.add_child(NodeId::ROOT)).collect();
        (t, kids)
    }

    #[test]
    fn max_backup_takes_the_best_visited_child_and_exact_solved_values() {
        let norm = Normalizer::new(Variant::SameGame, 15, 15);
        let (mut t, k) = tree();
        t.node_mut(NodeId::ROOT).visits = 1;
        // First child visited with evaluation 0.4.
        t.node_mut(k[0]).visits = 1;
        update_implicit(&mut t, &[NodeId::ROOT, k[0]], 0.4, true, &norm);
        assert_eq!(t.node(k[0]).v, 0.4);
        assert_eq!(t.node(NodeId::ROOT).v, 0.4);
        // A better second child raises the root; the unvisited third is ignored.
        t.node_mut(k[1]).visits = 1;
        update_implicit(&mut t, &[NodeId::ROOT, k[1]], 0.7, true, &norm);
        assert_eq!(t.node(NodeId::ROOT).v, 0.7);
        // The second child solved below its estimate: its exact value counts.
        t.solve(k[1], 1000, true);
        update_implicit(&mut t, &[NodeId::ROOT, k[1]], 0.7, true, &norm);
        let exact = norm.reward(1000) as f32;
        assert_eq!(t.node(k[1]).v, exact);
        assert_eq!(t.node(NodeId::ROOT).v, exact.max(0.4));
        // A move closed by its bound (no child node) counts as a solved child that
        // saw no game, as the node it used to have did: here the only one that counts.
        let x = k[2];
        t.node_mut(x).v = 0.5;
        let moves = [crate::board::Cell::new(0, 0), crate::board::Cell::new(1, 0)];
        t.expand_in_order(x, &moves);
        t.close_untried(x);
        let g = t.add_child(x);
        update_implicit(&mut t, &[x, g], 0.9, true, &norm);
        assert_eq!(t.node(g).v, 0.9);
        assert_eq!(t.node(x).v, norm.reward(i32::MIN) as f32, "g is unvisited");
        // Without backup only the leaf is set.
        t.node_mut(k[2]).visits = 1;
        update_implicit(&mut t, &[NodeId::ROOT, k[2]], 0.9, false, &norm);
        assert_eq!(t.node(k[2]).v, 0.9);
        assert_eq!(t.node(NodeId::ROOT).v, exact.max(0.4));
    }

    #[test]
    fn implicit_value_steers_selection_at_equal_means() {
        let norm = Normalizer::new(Variant::SameGame, 15, 15);
        let (mut t, k) = tree();
        t.node_mut(NodeId::ROOT).visits = 30;
        for (i, &c) in k.iter().enumerate() {
            let n = t.node_mut(c);
            n.visits = 10;
            n.sum = 3.0;
            n.sum_sq = 0.9;
            n.v = [0.3, 0.8, 0.5][i];
            n.best = [900, 100, 500][i];
        }
        let p = |alpha, pb| LevelParams {
            c: 0.0,
            beam: None,
            z: 0,
            inner: u64::MAX,
            im_alpha: alpha,
            pb,
        };
        let pick =
            |lp: LevelParams, s| select_informed(&mut t.clone(), NodeId::ROOT, &lp, 1.0, s, &norm);
        assert_eq!(pick(p(0.2, 0.0), ImSource::Eval), k[1]);
        assert_eq!(pick(p(0.0, 1.0), ImSource::Eval), k[1]);
        assert_eq!(pick(p(0.2, 0.0), ImSource::Best), k[0]);
    }
}
