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

use super::level::LevelParams;
use super::ImSource;
use crate::policy::ucb1_tuned_value_ln;
use crate::rules::Normalizer;
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
            node.children()
                .map(|c| tree.node(c))
                .filter(|c| c.visits > 0 || c.solved())
                .map(|c| if c.solved() { exact(c) } else { c.v })
                .fold(f32::NEG_INFINITY, f32::max)
        };
        if v > f32::NEG_INFINITY {
            tree.node_mut(id).v = v;
        }
    }
}

/// Selection with an implicit value and/or progressive bias: UCB1-TUNED on
/// (1 − α)·mean + α·v, plus W·h/(n + 1) (MC-LOA §III-A), where v is the child's
/// implicit value (`--im-source eval`) or the reward of its best simulation
/// (`best`), and h its stored evaluation. Unvisited children are still tried first.
#[inline]
pub(super) fn select_informed(
    tree: &Tree,
    id: NodeId,
    p: &LevelParams,
    scale: f64,
    source: ImSource,
    norm: &Normalizer,
) -> NodeId {
    let node = tree.node(id);
    let ln_p = f64::from(node.visits.max(1)).ln();
    let mut best = NodeId(node.first_child);
    let mut best_v = f64::NEG_INFINITY;
    for ch in node.children() {
        let n = tree.node(ch);
        if n.solved() {
            continue;
        }
        if n.visits == 0 {
            return ch;
        }
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
        if v > best_v {
            best_v = v;
            best = ch;
        }
    }
    best
}
