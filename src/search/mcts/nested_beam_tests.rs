//! Tests of Nested Beam MCTS (`--algo nbmcts`), the level routine of `search::mcts`.

use crate::search::testutil::*;
use crate::search::{Algo, SearchConfig};
use crate::search::{Beam, Setting};

#[test]
fn replays_on_all_variants() {
    check_all_variants(&SearchConfig::new(Algo::Nbmcts, 2), 900, 1);
    let mut cfg = SearchConfig::new(Algo::Nbmcts, 2);
    let beam = |l, w| {
        Some(Beam {
            l: Setting::Set(l),
            w: Setting::Set(w),
        })
    };
    cfg.tree_mut().unwrap().beams = vec![beam(10, 2), beam(5, 2)];
    cfg.tree_mut().unwrap().inner_playouts = Some(vec![60]);
    check_all_variants(&cfg, 900, 2);
}

#[test]
fn finds_tiny_optima() {
    let mut cfg = SearchConfig::new(Algo::Nbmcts, 2);
    cfg.tree_mut().unwrap().inner_playouts = Some(vec![100]);
    // A beam that lets 100-playout searches see enough of the tiny trees (the
    // tuned default, L = 25 per depth, is for 2,000-playout searches).
    cfg.tree_mut().unwrap().beams[0] = Some(Beam {
        l: Setting::Set(75),
        w: Setting::Set(2),
    });
    check_tiny_optima(&cfg, 0.3, 4000);
}

#[test]
fn deterministic() {
    check_deterministic(&SearchConfig::new(Algo::Nbmcts, 2), 3000);
}
