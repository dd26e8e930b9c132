//! Tests of the learned rollouts (`--policy adapt`, `search/adapt.rs`) in every
//! search that has them: replay and exact budgets on every variant, determinism
//! whatever the pool, the schedule and scopes of the learner, and learning that
//! pays at equal iterations.

use super::Learner;
use crate::board::Board;
use crate::policy::RolloutPolicy;
use crate::search::plan::{AdaptPlan, ScopeRule, TabuRule};
use crate::search::testutil::*;
use crate::search::{search, AdaptScope, AdaptTabu, Algo, Budget, SearchConfig, Setting};
use crate::Variant;

fn adapt(algo: Algo, level: u32, f: impl FnOnce(&mut SearchConfig)) -> SearchConfig {
    let mut c = SearchConfig::new(algo, level);
    c.policy = RolloutPolicy::Adapt;
    c.trees = 1;
    f(&mut c);
    c.validate().unwrap();
    c
}

/// Every search with learned rollouts, under each scope, schedule and tabu rule,
/// with move-by-move steps, restarts and beams.
fn configs() -> Vec<SearchConfig> {
    vec![
        adapt(Algo::Mcts, 1, |_| {}),
        adapt(Algo::Mcts, 1, |c| {
            c.tree_mut().unwrap().z = vec![Setting::Set(4)];
            c.tree_mut().unwrap().restarts = 2;
            c.adapt_mut().unwrap().every = Some(0);
            c.adapt_mut().unwrap().tabu = AdaptTabu::Bandit;
        }),
        adapt(Algo::Bmcts, 1, |c| {
            c.adapt_mut().unwrap().tabu = AdaptTabu::None
        }),
        adapt(Algo::Nmcts, 2, |c| {
            c.tree_mut().unwrap().z = vec![Setting::Set(0), Setting::Set(3)];
            c.adapt_mut().unwrap().scope = AdaptScope::Level;
        }),
        adapt(Algo::Nmcts, 3, |c| c.adapt_mut().unwrap().every = Some(7)),
        adapt(Algo::Nbmcts, 2, |c| {
            c.adapt_mut().unwrap().scope = AdaptScope::Level;
            c.adapt_mut().unwrap().tabu = AdaptTabu::Most;
        }),
        adapt(Algo::Nmcs, 1, |_| {}),
        adapt(Algo::Nmcs, 2, |c| {
            c.adapt_mut().unwrap().scope = AdaptScope::Level
        }),
        adapt(Algo::Nmcs, 3, |c| {
            c.adapt_mut().unwrap().every = Some(0);
            c.adapt_mut().unwrap().tabu = AdaptTabu::Bandit;
        }),
    ]
}

/// Complete games that replay, exactly the budget unless proven, on every variant
/// (the learner itself asserts that every best line it puts together from the
/// levels' paths replays to its score).
#[test]
fn replays_on_all_variants_within_budget() {
    for (i, c) in configs().iter().enumerate() {
        check_all_variants(c, 600, i as u64);
    }
}

/// Same seed and iteration budget: the same result, also with root-parallel
/// searches on pools of 1, 2 and 3 threads.
#[test]
fn deterministic_whatever_the_pool() {
    let b = board15(9, Variant::SameGame);
    for mut c in configs() {
        check_deterministic(&c, 900);
        c.trees = 2;
        let run = |threads: usize| on_pool(threads, &c, &b, 900, (3, 0, 0));
        let one = run(1);
        crate::line::verify(&b, &one.moves, one.score).unwrap();
        for p in [2, 3] {
            let r = run(p);
            assert_eq!(
                (r.score, &r.moves, r.stats.playouts, r.stats.nodes_created),
                (
                    one.score,
                    &one.moves,
                    one.stats.playouts,
                    one.stats.nodes_created
                ),
                "{c}: pool of {p}"
            );
        }
    }
}

/// The tiny boards' optima are found: learned rollouts reach every line.
#[test]
fn finds_tiny_optima() {
    let mut c = adapt(Algo::Mcts, 1, |c| {
        c.adapt_mut().unwrap().tabu = AdaptTabu::None
    });
    c.tree_mut().unwrap().z = vec![Setting::Set(0)];
    check_tiny_optima(&c, 0.3, 3000);
    let c = adapt(Algo::Nmcs, 2, |c| {
        c.adapt_mut().unwrap().tabu = AdaptTabu::None
    });
    for v in Variant::ALL {
        for seed in 0..4 {
            let b = tiny_board(seed, v);
            let r = search(
                &c.clone().valid().unwrap(),
                &b,
                Budget::Iterations(20_000),
                &mut crate::rng_for(seed, 9, 9),
            );
            assert_eq!(r.score, optimum(&b), "{c} on {v} seed {seed}");
        }
    }
}

/// At equal iterations, rollouts that adapt toward the best line beat the same
/// softmax rollouts that do not learn (a step too small to move the weights: the
/// uniform choice among the same candidates), on a 12 × 12 board, summed over
/// seeds: MCTS and level-2 NMCS.
#[test]
fn learning_beats_fixed_rollouts_at_equal_iterations() {
    let b = random_board(12, 12, 4, 5, Variant::SameGame);
    let total = |c: &SearchConfig, k: u64| -> i32 {
        (0..4)
            .map(|s| {
                search(
                    &c.clone().valid().unwrap(),
                    &b,
                    Budget::Iterations(k),
                    &mut crate::rng_for(s, 6, 6),
                )
                .score
            })
            .sum()
    };
    for (algo, level, k) in [(Algo::Mcts, 1, 4000), (Algo::Nmcs, 2, 4000)] {
        let learning = adapt(algo, level, |_| {});
        let fixed = adapt(algo, level, |c| c.adapt_mut().unwrap().alpha = Some(1e-12));
        let (l, f) = (total(&learning, k), total(&fixed, k));
        assert!(l > f, "{algo:?}: learning {l} vs fixed {f}");
    }
}

fn plan(every: u64, scope: ScopeRule, levels: usize) -> AdaptPlan {
    AdaptPlan {
        alpha: 1.0,
        every,
        scope,
        tabu: TabuRule::None,
        levels,
        late: crate::search::Late::default(),
    }
}

/// A game from `b`: `k` moves of the first group, then the rest by the learner's
/// rollout; returns (score, the whole line).
fn game(l: &mut Learner, b: &Board, k: usize, seed: u64) -> (i32, Vec<crate::board::Cell>) {
    let mut moves = Vec::new();
    let mut at = *b;
    for _ in 0..k {
        let g = at.groups()[0].cell;
        at.play(g);
        moves.push(g);
    }
    let s = l.rollout(&at, None, &mut crate::rng_for(seed, 1, 1), &mut moves);
    (s, moves)
}

/// The rollouts' policy adapts after every K-th rollout (and with K = 0 only when
/// the best line improves), toward the whole best line from the root.
#[test]
fn the_learner_adapts_on_its_schedule() {
    let b = random_board(8, 8, 3, 4, Variant::SameGame);
    let mut l = Learner::new(plan(3, ScopeRule::Search, 1), &b);
    l.begin(1, true);
    let (s, line) = game(&mut l, &b, 2, 1);
    l.offer(1, s, [&line[..1], &line[1..2], &line[2..]]);
    assert_eq!(l.best(1).moves, line, "the whole line, prefix and rollout");
    assert_eq!(l.learnt(1), (0, 0), "1 rollout of 3: no adaptation yet");
    for seed in 2..7 {
        let (s, line) = game(&mut l, &b, 0, seed);
        l.offer(1, s, [&[], &[], &line]);
    }
    assert_eq!(l.learnt(1).0, 2, "6 rollouts, K = 3: two adaptations");
    assert!(l.learnt(1).1 > 0);
    // K = 0: only an improvement adapts.
    let mut l = Learner::new(plan(0, ScopeRule::Search, 1), &b);
    l.begin(1, true);
    let mut improvements = 0;
    for seed in 1..30 {
        let (s, line) = game(&mut l, &b, 0, seed);
        improvements += u64::from(s > l.best(1).score);
        l.offer(1, s, [&[], &[], &line]);
    }
    assert!(improvements < 29, "some rollouts do not improve");
    assert_eq!(l.learnt(1).0, improvements);
}

/// Scope `level`: a lower level starts from a copy of its parent's policy, learns
/// on its own, and a new top-level search forgets everything.
#[test]
fn level_scope_hands_the_parents_policy_down() {
    let b = random_board(8, 8, 3, 4, Variant::SameGame);
    let mut l = Learner::new(plan(1, ScopeRule::Level, 2), &b);
    l.begin(2, true);
    let (s, line) = game(&mut l, &b, 0, 1);
    l.offer(2, s, [&[], &[], &line]);
    let parent = l.learnt(2);
    assert_eq!(parent.0, 1, "a level-2 simulation adapts level 2");
    assert_eq!(l.learnt(1), (0, 0), "not level 1");
    l.begin(1, false);
    assert_eq!(
        l.learnt(1),
        (0, parent.1),
        "level 1 starts from level 2's weights"
    );
    assert_eq!(l.best(1).score, i32::MIN, "with no best line of its own");
    let (s2, line2) = game(&mut l, &b, 0, 2);
    l.offer(1, s2, [&[], &[], &line2]);
    assert_eq!((l.learnt(1).0, l.learnt(2).0), (1, 1));
    l.begin(2, true);
    assert_eq!(
        (l.learnt(1), l.learnt(2)),
        ((0, 0), (0, 0)),
        "a new search starts empty"
    );
}

/// Journals keep their identity: the canonical line of a configuration without
/// learned rollouts or inner searches says none; one with them reads back as it was
/// written.
#[test]
fn configurations_keep_their_identity() {
    for algo in [
        Algo::Mcts,
        Algo::Nmcs,
        Algo::Nmcts,
        Algo::Nbmcts,
        Algo::Nrpa,
    ] {
        let mut c = SearchConfig::new(algo, crate::search::Defaults::level(algo));
        if algo == Algo::Mcts {
            // mcts's default learns on large SameGame boards: its line says so;
            // with a thesis policy it is as before.
            assert!(
                c.to_string()
                    .contains("--policy auto --adapt-alpha auto --adapt-every auto"),
                "{c}"
            );
            c.policy = RolloutPolicy::Tabu;
        }
        if matches!(algo, Algo::Nmcts | Algo::Nbmcts) {
            // nmcts's and nbmcts's default is the warm tree; `--inner-algo mcts`,
            // the thesis' nesting, is what the old default was.
            assert_eq!(c.tree().unwrap().inner_algo, crate::search::InnerAlgo::Auto);
            assert!(c.to_string().contains("--inner-algo auto"), "{c}");
            c.tree_mut().unwrap().inner_algo = crate::search::InnerAlgo::Mcts;
            assert!(c.to_string().contains("--inner-algo mcts"), "{c}");
        }
        let line = c.to_string();
        assert!(!line.contains("--adapt-"), "{line}");
        assert!(!line.contains("--inner-level"), "{line}");
    }
    let mut c = adapt(Algo::Nmcts, 2, |c| {
        c.adapt_mut().unwrap().alpha = Some(0.5);
        c.adapt_mut().unwrap().scope = AdaptScope::Level;
        c.tree_mut().unwrap().inner_algo = crate::search::InnerAlgo::Nmcs;
        c.tree_mut().unwrap().inner_level = Some(2);
    });
    c.adapt_mut().unwrap().every = Some(4);
    assert!(
        c.to_string().contains(
            "--inner-algo nmcs --inner-level 2 --restarts 1 --solver on --reuse on --reward-norm thesis --policy adapt --adapt-alpha 0.5 --adapt-every 4 --adapt-scope level --adapt-tabu auto"
        ),
        "{c}"
    );
}

/// mcts's default (`--policy auto`) plays learned rollouts exactly as `--policy
/// adapt` does on SameGame boards of 144 tiles and more, and the thesis' rollouts
/// (tabu in SameGame, random in Bubble Breaker and Clickomania) on smaller boards
/// and in the other variants; it spends exactly its budget and replays.
#[test]
fn mcts_default_learns_where_it_won() {
    let default = SearchConfig::new(Algo::Mcts, 1);
    let with = |p: RolloutPolicy| {
        let mut c = default.clone();
        c.policy = p;
        c
    };
    let run = |c: &SearchConfig, b: &Board| {
        let r = search(
            &c.clone().valid().unwrap(),
            b,
            Budget::Iterations(4000),
            &mut crate::rng_for(5, 0, 0),
        );
        crate::line::verify(b, &r.moves, r.score).unwrap();
        (r.score, r.moves, r.stats.playouts)
    };
    let b = board15(3, Variant::SameGame);
    let got = run(&default, &b);
    assert_eq!(got.2, 4000);
    assert_eq!(got, run(&with(RolloutPolicy::Adapt), &b));
    assert_ne!(got, run(&with(RolloutPolicy::Tabu), &b));
    // 143 tiles, and the other variants: the thesis' rollouts, as before.
    let small = random_board(11, 13, 5, 3, Variant::SameGame);
    assert_eq!(
        run(&default, &small),
        run(&with(RolloutPolicy::Tabu), &small)
    );
    for (v, p) in [
        (Variant::SameGameNoPenalty, RolloutPolicy::Tabu),
        (Variant::BubbleBreaker, RolloutPolicy::Random),
        (Variant::Clickomania, RolloutPolicy::Random),
    ] {
        let b = board15(3, v);
        assert_eq!(run(&default, &b), run(&with(p), &b), "{v}");
    }
    // The --adapt-* flags apply to the default (they act where it learns).
    let mut c = default.clone();
    c.adapt_mut().unwrap().alpha = Some(0.5);
    c.validate().unwrap();
    let mut a = with(RolloutPolicy::Adapt);
    a.adapt_mut().unwrap().alpha = Some(0.5);
    assert_eq!(run(&c, &b), run(&a, &b));
    // Deterministic whatever the thread count (two trees by default).
    check_deterministic(&default, 3000);
}
