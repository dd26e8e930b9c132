//! Tests of Beam MCTS (`--algo bmcts`), the level routine of `search::mcts`.

use super::Searcher;
use crate::search::budget::Meter;
use crate::search::endgame::Endgame;
use crate::search::testutil::*;
use crate::search::{Algo, Beam, Budget, SearchConfig, Setting};
use crate::Variant;

fn bmcts(l: u64, w: u32) -> SearchConfig {
    let mut c = SearchConfig::new(Algo::Bmcts, 1);
    c.tree_mut().unwrap().beams = vec![Some(Beam {
        l: Setting::Set(l),
        w: Setting::Set(w),
    })];
    c
}

#[test]
fn replays_on_all_variants() {
    check_all_variants(&SearchConfig::new(Algo::Bmcts, 1), 800, 1);
    check_all_variants(&bmcts(20, 2), 800, 2);
    check_all_variants(&bmcts(5, 1), 800, 3);
}

#[test]
fn finds_tiny_optima() {
    check_tiny_optima(&bmcts(300, 4), 0.3, 3000);
}

#[test]
fn deterministic() {
    check_deterministic(&bmcts(30, 3), 2000);
}

#[test]
fn limit_never_reached_equals_mcts() {
    for v in Variant::ALL {
        let b = board15(2, v);
        let mut m = SearchConfig::new(Algo::Mcts, 1);
        m.policy = crate::policy::RolloutPolicy::Auto.resolve(v); // BMCTS's rollouts
        m.tree_mut().unwrap().z = vec![Setting::Set(0)]; // global search, as BMCTS
        m.trees = 1; // one tree, as BMCTS
        let x = crate::search::search(
            &m.clone().valid().unwrap(),
            &b,
            Budget::Iterations(1000),
            &mut crate::rng_for(3, 0, 0),
        );
        let y = crate::search::search(
            &(bmcts(1001, 1)).clone().valid().unwrap(),
            &b,
            Budget::Iterations(1000),
            &mut crate::rng_for(3, 0, 0),
        );
        assert_eq!((x.score, &x.moves), (y.score, &y.moves));
        assert_eq!(
            (x.stats.playouts, x.stats.nodes_created, x.stats.peak_nodes),
            (y.stats.playouts, y.stats.nodes_created, y.stats.peak_nodes)
        );
    }
}

/// What "W = 1 behaves as move-by-move search" means here, exactly (asserted):
/// every pruning keeps exactly one node; prunings happen at depths 1, 2, 3, …
/// in this order, each once; the node kept at depth d+1 is a child of the one
/// kept at depth d, so the kept moves form one committed line, a legal move
/// sequence from the root (every later simulation starts with it, since pruned
/// depths accept no new nodes); and the returned game replays to its score.
/// Not asserted: equality with `--z` move-by-move MCTS, which starts a fresh tree
/// per move while BMCTS keeps the committed node's statistics.
#[test]
fn width_one_is_move_by_move() {
    let b = board15(4, Variant::SameGame);
    let cfg = bmcts(40, 1);
    let resolved = cfg.resolve(&b, Budget::Iterations(3000));
    let plan = resolved.plan.clone().expect("a tree plan");
    let mut meter = Meter::new(Budget::Iterations(3000), None);
    let limit = meter.top_limit();
    let mut rng = crate::rng_for(9, 0, 0);
    let mut endgame = Endgame::new(0, 0);
    let mut s = Searcher::new(
        &plan,
        crate::search::rollout::Rollout::from_plan(&resolved, &b),
        &mut endgame,
        &mut meter,
        &mut rng,
    );
    let out = s.run_level(1, &b, limit);
    let best = s.level_best(1).clone();
    assert_eq!(best.score, out.score);
    // The solver may close the narrow tree before the budget is spent (a
    // search's later restarts would prune from depth 1 again): one run here.
    let mut prunes = s.prunes.clone();
    if let Some(k) = prunes.iter().skip(1).position(|p| p.1 == 1) {
        prunes.truncate(k + 1);
    }
    assert!(prunes.len() >= 10, "{}", prunes.len());
    let mut line = Vec::new();
    for (i, (lvl, d, kept)) in prunes.iter().enumerate() {
        assert_eq!((*lvl, *d), (1, i + 1));
        assert_eq!(kept.len(), 1);
        line.push(kept[0]);
    }
    // The committed line is playable from the root.
    crate::line::replay(&b, &line).expect("committed line is legal");
    crate::line::verify(&b, &best.moves, best.score).unwrap();
}

#[test]
fn pruned_tree_stays_within_its_bound() {
    // Between prunings at most L simulations add nodes below the deepest pruned
    // depth d; above it at most W nodes per depth survive; every visited node has
    // at most `b` children (some closed by their bound, without a visit, and not
    // counted by the depth counters). So alive ≤ (1 + W·depth + L + W) · (1 + b).
    let b = board15(5, Variant::SameGame);
    let (l, w) = (50u64, 3u64);
    let k = 20_000;
    let r = crate::search::search(
        &(bmcts(l, w as u32)).clone().valid().unwrap(),
        &b,
        Budget::Iterations(k),
        &mut crate::rng_for(1, 0, 0),
    );
    let m = crate::search::search(
        &(SearchConfig::new(Algo::Mcts, 1)).clone().valid().unwrap(),
        &b,
        Budget::Iterations(k),
        &mut crate::rng_for(1, 0, 0),
    );
    let branching = 225 / 2;
    let depth = r.moves.len() as u64;
    let bound = (1 + w * depth + l + w) * (1 + branching);
    assert!(
        r.stats.peak_nodes <= bound,
        "{} > {bound}",
        r.stats.peak_nodes
    );
    assert!(
        r.stats.peak_nodes * 10 < m.stats.peak_nodes,
        "{} vs {}",
        r.stats.peak_nodes,
        m.stats.peak_nodes
    );
    crate::line::verify(&b, &r.moves, r.score).unwrap();
}
