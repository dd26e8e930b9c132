//! Tests of Nested MCTS (`--algo nmcts`), the level routine of `search::mcts`.

use crate::policy::RolloutPolicy;
use crate::search::testutil::*;
use crate::search::Setting;
use crate::search::{Algo, Budget, SearchConfig};
use crate::Variant;

#[test]
fn level_one_equals_mcts() {
    for v in crate::Variant::ALL {
        let b = board15(7, v);
        for (c, z) in [(Setting::Auto, 0), (Setting::Set(0.05), 4)] {
            let mut m = SearchConfig::new(Algo::Mcts, 1);
            m.trees = 1; // one tree, as NMCTS
            m.policy = RolloutPolicy::Auto.resolve(v); // the thesis' rollouts, as NMCTS
            m.tree_mut().unwrap().c = vec![c];
            m.tree_mut().unwrap().z = vec![Setting::Set(z)];
            let mut n = SearchConfig::new(Algo::Nmcts, 1);
            n.tree_mut().unwrap().c = vec![c];
            n.tree_mut().unwrap().z = vec![Setting::Set(z)];
            n.tree_mut().unwrap().advance = m.tree().unwrap().advance;
            let a = crate::search::search(
                &m.clone().valid().unwrap(),
                &b,
                Budget::Iterations(700),
                &mut crate::rng_for(5, 0, 0),
            );
            let bb = crate::search::search(
                &n.clone().valid().unwrap(),
                &b,
                Budget::Iterations(700),
                &mut crate::rng_for(5, 0, 0),
            );
            assert_eq!(
                (a.score, &a.moves, a.stats.playouts),
                (bb.score, &bb.moves, bb.stats.playouts)
            );
            assert_eq!(a.stats.nodes_created, bb.stats.nodes_created);
        }
    }
}

#[test]
fn replays_on_all_variants() {
    for level in [2, 3] {
        let mut cfg = SearchConfig::new(Algo::Nmcts, level);
        check_all_variants(&cfg, 900, u64::from(level));
        cfg.tree_mut().unwrap().z = vec![Setting::Set(3); level as usize];
        cfg.tree_mut().unwrap().inner_playouts = Some(
            (1..level)
                .map(|i| 30 * u64::from(i) * u64::from(i))
                .collect(),
        );
        check_all_variants(&cfg, 900, 10 + u64::from(level));
    }
}

#[test]
fn finds_tiny_optima() {
    let mut cfg = SearchConfig::new(Algo::Nmcts, 2);
    cfg.tree_mut().unwrap().inner_playouts = Some(vec![100]);
    check_tiny_optima(&cfg, 0.3, 4000);
}

#[test]
fn deterministic() {
    check_deterministic(&SearchConfig::new(Algo::Nmcts, 2), 3000);
}

#[test]
fn level_two_peak_tree_is_small() {
    // Thesis §4.2: NMCTS needs far less memory than one global MCTS (under 15%).
    let b = board15(1, Variant::SameGame);
    let k = 20_000;
    let m = crate::search::search(
        &(SearchConfig::new(Algo::Mcts, 1)).clone().valid().unwrap(),
        &b,
        Budget::Iterations(k),
        &mut crate::rng_for(1, 0, 0),
    );
    let mut cfg = SearchConfig::new(Algo::Nmcts, 2);
    cfg.tree_mut().unwrap().inner_playouts = Some(vec![500]);
    let n = crate::search::search(
        &cfg.clone().valid().unwrap(),
        &b,
        Budget::Iterations(k),
        &mut crate::rng_for(1, 0, 0),
    );
    assert_eq!(m.stats.playouts, k);
    assert_eq!(n.stats.playouts, k);
    assert!(
        n.stats.peak_nodes * 100 < m.stats.peak_nodes * 15,
        "nmcts peak {} vs mcts peak {}",
        n.stats.peak_nodes,
        m.stats.peak_nodes
    );
}

#[cfg(test)]
mod stop_tests {
    use crate::search::testutil::board15;
    use crate::search::{search_with_stop, Algo, Budget, SearchConfig};
    use std::sync::atomic::AtomicBool;

    #[test]
    fn stop_flag_returns_a_complete_game_after_one_playout() {
        let b = board15(3, crate::Variant::SameGame);
        let stop = AtomicBool::new(true);
        for algo in [
            Algo::Mcts,
            Algo::Nmcs,
            Algo::Nmcts,
            Algo::Bmcts,
            Algo::Nbmcts,
        ] {
            let cfg = SearchConfig::new(algo, 2);
            let r = search_with_stop(
                &cfg.clone().valid().unwrap(),
                &b,
                Budget::Time(1e6),
                &mut crate::rng_for(1, 0, 0),
                Some(&stop),
            );
            assert_eq!(r.stats.playouts, 1, "{cfg}");
            crate::line::verify(&b, &r.moves, r.score).unwrap();
        }
    }

    #[test]
    fn terminal_root_returns_the_empty_game() {
        let b: crate::Board = "01\n10".parse().unwrap();
        for algo in [
            Algo::Mcts,
            Algo::Nmcs,
            Algo::Nmcts,
            Algo::Bmcts,
            Algo::Nbmcts,
        ] {
            let r = crate::search::search(
                &(SearchConfig::new(algo, 2)).clone().valid().unwrap(),
                &b,
                Budget::Iterations(10),
                &mut crate::rng_for(1, 0, 0),
            );
            assert!(r.moves.is_empty());
            assert_eq!(r.score, b.final_score());
        }
    }
}
