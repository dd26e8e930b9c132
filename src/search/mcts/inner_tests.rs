//! Tests of `--inner-algo nmcs|nrpa` (`mcts/inner.rs`): NMCTS and NBMCTS whose
//! level-2 tree runs NMCS or NRPA from its leaves.

use crate::policy::RolloutPolicy;
use crate::search::testutil::*;
use crate::search::{search, AdaptScope, Algo, Budget, InnerAlgo, SearchConfig, Setting};
use crate::Variant;

fn inner(algo: Algo, level: u32, inner: InnerAlgo, k: u32) -> SearchConfig {
    let mut c = SearchConfig::new(algo, level);
    c.tree_mut().unwrap().inner_algo = inner;
    c.tree_mut().unwrap().inner_level = Some(k);
    if inner == InnerAlgo::Nrpa {
        c.nrpa_mut().unwrap().iterations = Setting::Set(10);
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
    learned.adapt_mut().unwrap().scope = AdaptScope::Level;
    v.push(learned);
    let mut learned = inner(Algo::Nbmcts, 3, InnerAlgo::Nmcs, 1);
    learned.policy = RolloutPolicy::Adapt;
    v.push(learned);
    // An inner NRPA warm-started from the tree's learned policy.
    let mut warm = inner(Algo::Nmcts, 2, InnerAlgo::Nrpa, 1);
    warm.policy = RolloutPolicy::Adapt;
    warm.adapt_mut().unwrap().every = Some(1);
    warm.validate().unwrap();
    v.push(warm);
    v
}

/// Complete games that replay, exactly the budget unless proven, on every variant.
#[test]
fn inner_searches_replay_within_budget() {
    for (i, c) in configs().iter().enumerate() {
        let mut c = c.clone();
        c.tree_mut().unwrap().inner_playouts = Some(if c.level == 2 {
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
    c.tree_mut().unwrap().inner_playouts = Some(vec![5000]);
    let r = search(
        &c.clone().valid().unwrap(),
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
    let m = search(
        &n.clone().valid().unwrap(),
        &child,
        Budget::Iterations(300),
        &mut rng,
    );
    assert_eq!((r.score, &r.moves[1..]), (m.score, &m.moves[..]));
}

/// The explicit flags of the warm tree (`--inner-algo nrpa --inner-level 2
/// --nrpa-iterations 50 --inner 2500 --policy adapt --adapt-every 1 --adapt-alpha 1`).
fn warm_flags() -> SearchConfig {
    warm_flags_of(Algo::Nmcts)
}

/// [`warm_flags`] for the tree search `algo`.
fn warm_flags_of(algo: Algo) -> SearchConfig {
    let mut c = SearchConfig::new(algo, 2);
    c.tree_mut().unwrap().inner_algo = InnerAlgo::Nrpa;
    c.tree_mut().unwrap().inner_level = Some(2);
    c.nrpa_mut().unwrap().iterations = Setting::Set(50);
    c.tree_mut().unwrap().inner_playouts = Some(vec![2500]);
    c.policy = RolloutPolicy::Adapt;
    c.adapt_mut().unwrap().alpha = Some(1.0);
    c.adapt_mut().unwrap().every = Some(1);
    c.validate().unwrap();
    c
}

/// `(score, moves, playouts, nodes)` of `c` from `b` within `k` playouts, seed 7.
fn run(
    c: &SearchConfig,
    b: &crate::board::Board,
    k: u64,
) -> (i32, Vec<crate::board::Cell>, u64, u64) {
    let r = search(
        &c.clone().valid().unwrap(),
        b,
        Budget::Iterations(k),
        &mut crate::rng_for(7, 0, 0),
    );
    crate::line::verify(b, &r.moves, r.score).unwrap();
    (r.score, r.moves, r.stats.playouts, r.stats.nodes_created)
}

/// `default` (an algorithm's default at level 2) is `warm` move for move on 15 × 15
/// boards of every variant, and the thesis' nesting (`--inner-algo mcts`) on 143
/// tiles and with the thesis' rollout policies.
fn check_warm_default(default: &SearchConfig, warm: &SearchConfig) {
    assert_eq!(default.tree().unwrap().inner_algo, InnerAlgo::Auto);
    let mut thesis = default.clone();
    thesis.tree_mut().unwrap().inner_algo = InnerAlgo::Mcts;
    for v in Variant::ALL {
        let b = board15(5, v);
        let got = run(default, &b, 6000);
        // (In Clickomania the warm tree clears this board: a proven optimum, which
        // hands the rest of the budget back.)
        if v != Variant::Clickomania {
            assert_eq!(got.2, 6000, "{v}");
        }
        assert_eq!(got, run(warm, &b, 6000), "{v}");
        assert_ne!(got, run(&thesis, &b, 6000), "{v}");
        // 11 × 13 = 143 tiles: the thesis' nesting.
        let small = random_board(11, 13, 4, 5, v);
        assert_eq!(
            run(default, &small, 3000),
            run(&thesis, &small, 3000),
            "{v}"
        );
    }
    let b = board15(6, Variant::SameGame);
    for policy in [
        RolloutPolicy::Tabu,
        RolloutPolicy::Random,
        RolloutPolicy::TabuBandit,
    ] {
        let (mut d, mut t) = (default.clone(), thesis.clone());
        d.policy = policy;
        t.policy = policy;
        assert_eq!(run(&d, &b, 3000), run(&t, &b, 3000), "{policy}");
    }
}

/// nmcts's default (`--inner-algo auto`) is exactly the warm tree's explicit flags
/// on boards of 144 tiles and more, in every variant, and exactly the thesis'
/// nesting (`--inner-algo mcts`) on smaller boards, with a thesis rollout policy and
/// at level 1; it spends exactly its budget and replays (checked by `run`).
#[test]
fn the_default_is_the_warm_tree_where_it_won() {
    let default = SearchConfig::new(Algo::Nmcts, 2);
    check_warm_default(&default, &warm_flags());
    let b = board15(6, Variant::SameGame);
    let one = SearchConfig::new(Algo::Nmcts, 1);
    let mut one_thesis = one.clone();
    one_thesis.tree_mut().unwrap().inner_algo = InnerAlgo::Mcts;
    assert_eq!(run(&one, &b, 3000), run(&one_thesis, &b, 3000));
    // Given values replace the warm tree's: N, the inner budget and level, α.
    let mut d = default.clone();
    d.nrpa_mut().unwrap().iterations = Setting::Set(20);
    d.tree_mut().unwrap().inner_playouts = Some(vec![400]);
    d.tree_mut().unwrap().inner_level = Some(1);
    d.adapt_mut().unwrap().alpha = Some(0.5);
    d.validate().unwrap();
    let mut w = warm_flags();
    w.nrpa_mut().unwrap().iterations = Setting::Set(20);
    w.tree_mut().unwrap().inner_playouts = Some(vec![400]);
    w.tree_mut().unwrap().inner_level = Some(1);
    w.adapt_mut().unwrap().alpha = Some(0.5);
    assert_eq!(run(&d, &b, 3000), run(&w, &b, 3000));
}

/// The default warm trees of nmcts and nbmcts are deterministic for a seed and
/// budget, whatever the thread count (root-parallel trees on pools of 1 and 3
/// threads).
#[test]
fn the_default_warm_tree_is_deterministic() {
    for algo in [Algo::Nmcts, Algo::Nbmcts] {
        let mut c = SearchConfig::new(algo, 2);
        check_deterministic(&c, 6000);
        c.trees = 2;
        let b = board15(8, Variant::SameGame);
        let key = |t| {
            let r = on_pool(t, &c, &b, 6000, (3, 0, 0));
            (r.score, r.moves, r.stats.playouts)
        };
        assert_eq!(key(1), key(3), "{algo:?}");
    }
}

/// nbmcts's default is the warm tree with its beam at level 2: exactly the explicit
/// flags `--inner-algo nrpa … --beam-l none,25 --beam-w none,5` on boards of 144
/// tiles and more, in every variant; the thesis' nesting (`--inner-algo mcts`, its
/// level-1 beam) on smaller boards and with a thesis rollout policy; beams that are
/// given replace the warm beam. Each run spends exactly its budget and replays.
#[test]
fn nbmcts_default_is_the_warm_tree_with_a_level_2_beam() {
    use crate::search::Beam;
    let default = SearchConfig::new(Algo::Nbmcts, 2);
    let beams = |l: u64, w: u32| {
        vec![
            None,
            Some(Beam {
                l: Setting::Set(l),
                w: Setting::Set(w),
            }),
        ]
    };
    let mut warm = warm_flags_of(Algo::Nbmcts);
    warm.tree_mut().unwrap().beams = beams(25, 5);
    warm.validate().unwrap();
    check_warm_default(&default, &warm);
    let b = board15(6, Variant::SameGame);
    // A beam that is given replaces the warm beam; the level-2 beam matters.
    let mut d = default.clone();
    d.tree_mut().unwrap().beams = beams(2, 1);
    let mut w = warm.clone();
    w.tree_mut().unwrap().beams = beams(2, 1);
    let narrow = run(&d, &b, 20_000);
    assert_eq!(narrow, run(&w, &b, 20_000));
    assert_ne!(narrow, run(&default, &b, 20_000));
}
