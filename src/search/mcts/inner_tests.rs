//! Tests of `--inner-algo nmcs|nrpa` (`mcts/inner.rs`): NMCTS and NBMCTS whose
//! level-2 tree runs NMCS or NRPA from its leaves.

use crate::policy::RolloutPolicy;
use crate::search::testutil::*;
use crate::search::{search, AdaptScope, Algo, Budget, InnerAlgo, SearchConfig, Setting};
use crate::Variant;

fn inner(algo: Algo, level: u32, inner: InnerAlgo, k: u32) -> SearchConfig {
    let mut c = SearchConfig::new(algo, level);
    c.inner_algo = inner;
    c.inner_level = Some(k);
    if inner == InnerAlgo::Nrpa {
        c.nrpa.iterations = Setting::Set(10);
    }
    c.validate().unwrap();
    c
}

fn configs() -> Vec<SearchConfig> {
    let mut v = vec![
        inner(Algo::Nmcts, 2, InnerAlgo::Nmcs, 1),
        inner(Algo::Nmcts, 3, InnerAlgo::Nmcs, 2),
        inner(Algo::Nbmcts, 2, InnerAlgo::Nrpa, 1),
        inner(Algo::Nmcts, 2, InnerAlgo::Nrpa, 2),
    ];
    let mut learned = inner(Algo::Nmcts, 2, InnerAlgo::Nmcs, 2);
    learned.policy = RolloutPolicy::Adapt;
    learned.adapt.scope = AdaptScope::Level;
    v.push(learned);
    let mut learned = inner(Algo::Nbmcts, 3, InnerAlgo::Nmcs, 1);
    learned.policy = RolloutPolicy::Adapt;
    v.push(learned);
    // An inner NRPA warm-started from the tree's learned policy.
    let mut warm = inner(Algo::Nmcts, 2, InnerAlgo::Nrpa, 1);
    warm.policy = RolloutPolicy::Adapt;
    warm.adapt.every = 1;
    warm.validate().unwrap();
    v.push(warm);
    v
}

/// Complete games that replay, exactly the budget unless proven, on every variant.
#[test]
fn inner_searches_replay_within_budget() {
    for (i, c) in configs().iter().enumerate() {
        let mut c = c.clone();
        c.inner = Some(if c.level == 2 {
            vec![60]
        } else {
            vec![40, 200]
        });
        check_all_variants(&c, 900, 20 + i as u64);
    }
}

#[test]
fn deterministic() {
    for c in configs() {
        check_deterministic(&c, 2000);
    }
}

/// The inner search is the chosen algorithm: with one level-2 simulation whose
/// inner search gets the whole budget, NMCTS with an inner NMCS returns what that
/// NMCS returns from the root's first child (the tree's untried moves come in a
/// random order, so the child is read from the line).
#[test]
fn the_inner_search_is_the_chosen_algorithm() {
    let b = random_board(9, 8, 4, 3, Variant::SameGame);
    let mut c = inner(Algo::Nmcts, 2, InnerAlgo::Nmcs, 1);
    c.policy = RolloutPolicy::Random;
    c.inner = Some(vec![5000]);
    let r = search(
        &c,
        &b,
        Budget::Iterations(300),
        &mut crate::rng_for(1, 0, 0),
    );
    assert_eq!(r.stats.playouts, 300);
    crate::line::verify(&b, &r.moves, r.score).unwrap();
    // The same level-1 NMCS from the child, on a generator in the same state: the
    // tree draws its root's move order first (one shuffle), so replay that draw.
    let mut child = b;
    child.play(r.moves[0]);
    let mut n = SearchConfig::new(Algo::Nmcs, 1);
    n.policy = RolloutPolicy::Random;
    let mut rng = crate::rng_for(1, 0, 0);
    for i in (1..b.groups().len()).rev() {
        rand::Rng::gen_range(&mut rng, 0..=i); // the root's shuffle (Tree::expand)
    }
    let m = search(&n, &child, Budget::Iterations(300), &mut rng);
    assert_eq!((r.score, &r.moves[1..]), (m.score, &m.moves[..]));
}
