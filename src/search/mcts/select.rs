//! Selection of the level routine: the child chosen at a node whose moves have all
//! been tried, with the selection memo that lets most selections skip the scan over
//! the children. Plain UCB1-TUNED ([`select`]) and the informed selection of
//! `--im-alpha`/`--pb` (`super::informed::select_informed`, beside this module)
//! both go through [`select_by`].
//!
//! Owns: [`select_by`], [`select`] and the memo protocol ([`Memo`] is stored by the
//! tree). Must not: change statistics or the tree's shape, or choose differently
//! from a plain scan (the memo only skips work: same choice, bit for bit).

use crate::policy::ucb1_tuned_value_ln;
use crate::tree::{Memo, Node, NodeId, Tree};

/// UCB1-TUNED selection (eq. 2.9) among the unsolved children of `id` (see
/// [`select_by`]). Rewards are stretched by `scale` (see `range_scale`): the mean by
/// `scale`, the variance by `scale²`. The memo is used with the thesis' rewards
/// (`scale` 1: a stretch that changes with the rewards seen would change every
/// child's value) and C ≥ 0 (a UCB1-TUNED value then only grows with the parent's
/// count, [`ucb1_tuned_value_ln`]).
#[inline]
pub(super) fn select(tree: &mut Tree, id: NodeId, c: f64, scale: f64) -> NodeId {
    let memo = scale == 1.0 && c >= 0.0; // false for a NaN C
    select_by(tree, id, memo, |ln_p, n| {
        ucb1_tuned_value_ln(
            c,
            ln_p,
            f64::from(n.visits),
            n.sum * scale,
            n.sum_sq * scale * scale,
        )
    })
}

/// The unsolved child of `id` with the largest `value(ln n_parent, child)`, ties
/// to the child tried first. Every move of `id` has been tried (untried moves are
/// taken first, in their random order, before selection is called) and at least
/// one child is unsolved.
///
/// With `memo`, `value` must not decrease as `ln n_parent` grows and must depend
/// only on the child's node. A full scan then leaves a [`Memo`] at the node: the
/// child it chose and, with a safety margin, the largest value any other child can
/// reach while the node has at most `visits_limit` visits. Until then only the
/// chosen child's statistics change (a simulation through this node goes through
/// it), so while its value stays above that bound it is the strict maximum and is
/// chosen again without a scan: the same choice, bit for bit. The chosen child's
/// value is checked at the scan's parent count (its value now is at least that),
/// which spares a logarithm.
#[inline]
pub(super) fn select_by(
    tree: &mut Tree,
    id: NodeId,
    memo: bool,
    value: impl Fn(f64, &Node) -> f64,
) -> NodeId {
    let visits = tree.node(id).visits;
    if memo {
        if let Some(m) = tree.memo(id) {
            if visits <= m.visits_limit {
                let x = tree.node(m.leader);
                if !x.solved() && value(m.ln_p, x) > m.bound {
                    return m.leader;
                }
            }
        }
    }
    let ln_p = ln(visits.max(1));
    let mut best = NodeId::ROOT;
    let mut best_v = f64::NEG_INFINITY;
    if !memo {
        for (ch, n) in tree.child_nodes(id) {
            if n.solved() {
                continue;
            }
            debug_assert!(n.visits > 0, "an unsolved child is visited once created");
            let v = value(ln_p, n);
            if v > best_v {
                best_v = v;
                best = ch;
            }
        }
        debug_assert!(best != NodeId::ROOT, "selection needs an unsolved child");
        return best;
    }
    // A full scan, also bounding every child's value up to `limit` visits.
    let limit = visits.max(1).saturating_add((visits >> 4).max(1));
    let ln_f = ln(limit);
    let (mut f1, mut f1_id, mut f2) = (f64::NEG_INFINITY, NodeId::ROOT, f64::NEG_INFINITY);
    for (ch, n) in tree.child_nodes(id) {
        if n.solved() {
            continue;
        }
        debug_assert!(n.visits > 0, "an unsolved child is visited once created");
        let v = value(ln_p, n);
        if v > best_v {
            best_v = v;
            best = ch;
        }
        let f = value(ln_f, n);
        if f > f1 {
            (f1, f1_id, f2) = (f, ch, f1);
        } else if f > f2 {
            f2 = f;
        }
    }
    debug_assert!(best != NodeId::ROOT, "selection needs an unsolved child");
    let others = if f1_id == best { f2 } else { f1 };
    let bound = if others == f64::NEG_INFINITY {
        others
    } else {
        others + 1e-9 * (1.0 + others.abs())
    };
    tree.set_memo(
        id,
        Memo {
            leader: best,
            visits_limit: limit,
            bound,
            ln_p,
        },
    );
    best
}

/// `ln(n)`, from a table for small counts (the same values: the table holds
/// `f64::ln` of each): most scans are at nodes with few visits.
#[inline]
fn ln(n: u32) -> f64 {
    const SMALL: usize = 1024;
    static TABLE: std::sync::OnceLock<Vec<f64>> = std::sync::OnceLock::new();
    match TABLE
        .get_or_init(|| (0..SMALL).map(|k| (k as f64).ln()).collect())
        .get(n as usize)
    {
        Some(&l) => l,
        None => f64::from(n).ln(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Cell;
    use rand::Rng as _;

    /// The first child (in creation order) with the largest value: selection without
    /// memo, as it was before memos.
    fn reference(tree: &Tree, id: NodeId, c: f64) -> NodeId {
        let ln_p = f64::from(tree.node(id).visits.max(1)).ln();
        let mut best = (NodeId::ROOT, f64::NEG_INFINITY);
        for (ch, n) in tree.child_nodes(id) {
            if n.solved() {
                continue;
            }
            let v = ucb1_tuned_value_ln(c, ln_p, f64::from(n.visits), n.sum, n.sum_sq);
            if v > best.1 {
                best = (ch, v);
            }
        }
        best.0
    }

    /// Memoised selection makes the plain scan's choice at every step while the
    /// chosen child's statistics change, children get solved, rewards tie (equal
    /// children: the first one wins) and C ranges from 0 to large.
    #[test]
    fn memo_chooses_like_a_full_scan() {
        let mut scans_saved = 0;
        for (case, &c) in [0.0, 0.0002, 0.01, 0.1, 1.0, 10.0].iter().enumerate() {
            for seed in 0..4u64 {
                let mut rng = crate::rng_for(seed, case as u64, 9);
                let k = rng.gen_range(1..40);
                let mut t = Tree::default();
                t.reset();
                let moves: Vec<Cell> = (0..k).map(|x| Cell::new(x, 0)).collect();
                t.expand_in_order(NodeId::ROOT, &moves);
                // Children tried once with one of few rewards: many exact ties.
                for _ in 0..k {
                    let ch = t.add_child(NodeId::ROOT);
                    let r = f64::from(rng.gen_range(0..4u8)) / 4.0;
                    let n = t.node_mut(ch);
                    (n.visits, n.sum, n.sum_sq) = (1, r, r * r);
                }
                t.node_mut(NodeId::ROOT).visits = k as u32;
                let kids: Vec<NodeId> = t.children(NodeId::ROOT).collect();
                for step in 0..3000 {
                    if kids.iter().all(|&ch| t.node(ch).solved()) {
                        break;
                    }
                    let want = reference(&t, NodeId::ROOT, c);
                    let memo_before = t.memo(NodeId::ROOT).copied();
                    let got = select(&mut t, NodeId::ROOT, c, 1.0);
                    assert_eq!(got, want, "c {c} seed {seed} step {step}");
                    if memo_before.is_some_and(|m| t.memo(NodeId::ROOT) == Some(&m)) {
                        scans_saved += 1;
                    }
                    // The visit: a reward near the child's own mean (or a tie value).
                    let r = if rng.gen_bool(0.5) {
                        f64::from(rng.gen_range(0..4u8)) / 4.0
                    } else {
                        (t.node(got).mean() + rng.gen_range(-0.1..0.1)).clamp(0.0, 1.0)
                    };
                    let n = t.node_mut(got);
                    n.visits += 1;
                    n.sum += r;
                    n.sum_sq += r * r;
                    t.node_mut(NodeId::ROOT).visits += 1;
                    if rng.gen_ratio(1, 200) {
                        let x = kids[rng.gen_range(0..kids.len())];
                        t.solve(x, 0, true);
                    }
                }
            }
        }
        assert!(scans_saved > 10_000, "the memo is used: {scans_saved}");
    }

    /// The table of logarithms holds `f64::ln` exactly.
    #[test]
    fn ln_table_is_exact() {
        for n in (1..5000).chain([u32::MAX]) {
            assert_eq!(ln(n).to_bits(), f64::from(n).ln().to_bits(), "{n}");
        }
    }

    #[test]
    fn stretched_rewards_scan_every_child() {
        let mut t = Tree::default();
        t.reset();
        t.expand_in_order(NodeId::ROOT, &[Cell::new(0, 0), Cell::new(1, 0)]);
        for (r, visits) in [(0.2, 10), (0.3, 10)] {
            let ch = t.add_child(NodeId::ROOT);
            let n = t.node_mut(ch);
            (n.visits, n.sum, n.sum_sq) = (visits, r * f64::from(visits), r * r * 10.0);
        }
        t.node_mut(NodeId::ROOT).visits = 20;
        let second = t.children(NodeId::ROOT).nth(1).unwrap();
        assert_eq!(select(&mut t, NodeId::ROOT, 0.01, 2.0), second);
        assert!(
            t.memo(NodeId::ROOT).is_none(),
            "no memo with stretched rewards"
        );
        assert_eq!(select(&mut t, NodeId::ROOT, 0.01, 1.0), second);
        assert_eq!(t.memo(NodeId::ROOT).map(|m| m.leader), Some(second));
    }
}
