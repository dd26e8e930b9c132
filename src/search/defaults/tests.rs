//! Tests of the defaults and their resolution.

use super::*;
use crate::board::Board;
use crate::search::{search, testutil, Advance, Algo, SearchConfig, Setting};

#[test]
fn nrpa_is_selective_only_on_large_boards_with_many_colours() {
    use testutil::random_board;
    use RolloutPolicy::{Auto, Random, Tabu};
    for (w, h, colors, variant, auto) in [
        (15, 15, 5, Variant::SameGame, Tabu),
        (12, 12, 4, Variant::SameGameNoPenalty, Tabu),
        (15, 15, 3, Variant::SameGame, Random),
        (10, 10, 5, Variant::SameGame, Random),
        (15, 15, 5, Variant::Clickomania, Random),
        (15, 15, 5, Variant::BubbleBreaker, Random),
    ] {
        let b = random_board(w, h, colors, 1, variant);
        let present = b.counts().iter().filter(|&&n| n > 0).count();
        let policy = |p| Defaults::nrpa_policy(p, b.variant(), b.tiles(), present);
        assert_eq!(policy(Auto), auto, "{w}x{h}x{colors} {variant}");
        // An explicit policy is kept.
        assert_eq!(policy(Tabu), Tabu);
        assert_eq!(policy(Random), Random);
    }
}

#[test]
fn nrpa_iterations_auto_follows_the_board_size() {
    use crate::search::Setting;
    use testutil::random_board;
    for (w, h, n) in [(8, 8, 20), (12, 11, 20), (12, 12, 100), (15, 15, 100)] {
        let b = random_board(w, h, 4, 2, Variant::SameGame);
        assert_eq!(Defaults::nrpa_iterations(b.tiles()), n, "{w}x{h}");
        // `auto` searches exactly as the explicit value would.
        let run = |it| {
            let mut cfg = SearchConfig::new(Algo::Nrpa, 2);
            cfg.nrpa_mut().unwrap().iterations = it;
            let r = search(
                &cfg.clone().valid().unwrap(),
                &b,
                Budget::Iterations(900),
                &mut crate::rng_for(3, 0, 0),
            );
            (r.score, r.moves)
        };
        assert_eq!(run(Setting::Auto), run(Setting::Set(n)), "{w}x{h}");
    }
}

#[test]
fn default_c_follows_the_budget_class() {
    use RolloutPolicy::{Random, Tabu};
    use Variant::{BubbleBreaker, Clickomania, SameGame};
    for (level, variant, policy, playouts, c) in [
        (1, SameGame, Random, 10_000, 0.0005),
        (1, SameGame, Random, 30_000, 0.001),
        (1, SameGame, Random, 100_000, 0.003),
        (1, SameGame, Tabu, 100_000, 0.01),
        (1, BubbleBreaker, Random, 10_000, 0.0002),
        (1, Clickomania, Random, 10_000, 0.0),
        (1, Clickomania, Random, 100_000, 0.01),
        (2, SameGame, Random, 100_000, 0.0),
    ] {
        let got = Defaults::c(level, variant, policy, RewardNorm::Thesis, playouts);
        assert_eq!(got, c, "{level} {variant} {policy} {playouts}");
    }
    assert_eq!(
        Defaults::c(1, SameGame, Random, RewardNorm::Range, 10_000),
        Defaults::C_RANGE
    );
}

#[test]
fn learned_rollouts_have_their_own_c() {
    use RolloutPolicy::{Adapt, Tabu};
    let c =
        |policy, playouts| Defaults::c(1, Variant::SameGame, policy, RewardNorm::Thesis, playouts);
    // Where it was measured: the tabu value below 15,000 playouts per step, ten
    // times it in the middle class.
    assert_eq!(c(Adapt, 10_000), c(Tabu, 10_000));
    assert_eq!(c(Adapt, 30_000), 0.03);
    assert_eq!(c(Tabu, 30_000), 0.003);
    // mcts's default on a 15 x 15 board: learned rollouts with that C at 5 s (one
    // tree, a move-by-move step of 250,000 / 10 assumed playouts), the tabu value
    // for a tree of 100,000 playouts (steps of 10,000; `search` resolves each of
    // solve's two trees for its 50,000, steps of 5,000: the same class); a given C
    // is kept.
    let b: Board = testutil::board15(3, Variant::SameGame);
    let level1 = |cfg: &SearchConfig, budget| cfg.resolve(&b, budget).plan.unwrap().levels[0];
    let mut cfg = SearchConfig::new(Algo::Mcts, 1);
    let p = level1(&cfg, Budget::Time(5.0));
    assert_eq!((p.c, p.z), (0.03, 10));
    assert_eq!(level1(&cfg, Budget::Iterations(100_000)).c, 0.001);
    cfg.policy = Tabu;
    assert_eq!(level1(&cfg, Budget::Time(5.0)).c, 0.003);
    cfg.policy = RolloutPolicy::Auto;
    cfg.tree_mut().unwrap().c = vec![Setting::Set(0.01)];
    assert_eq!(level1(&cfg, Budget::Time(5.0)).c, 0.01);
}

#[test]
fn default_beam_follows_the_budget_class() {
    let r = RolloutPolicy::Random;
    let short = Defaults::SHORT_SEARCH;
    for v in [
        Variant::SameGame,
        Variant::BubbleBreaker,
        Variant::Clickomania,
    ] {
        let (l1, _) = Defaults::beam(false, v, r, short);
        let (l2, _) = Defaults::beam(false, v, r, short + 1);
        assert!(l1 < l2, "{v:?}: longer searches prune less often");
    }
    assert_eq!(
        Defaults::beam(false, Variant::BubbleBreaker, r, 100_000),
        (25_000, 2)
    );
    assert_eq!(Defaults::beam(true, Variant::SameGame, r, 2000), (25, 25));
    // Nested level-1 beams, by the level-1 search's budget class.
    let t = RolloutPolicy::Tabu;
    let n = Defaults::SHORT_NESTED_SEARCH;
    assert_eq!(Defaults::beam(true, Variant::SameGame, t, n), (25, 25));
    assert_eq!(Defaults::beam(true, Variant::SameGame, t, n + 1), (75, 25));
    assert_eq!(Defaults::beam(true, Variant::BubbleBreaker, r, n), (25, 25));
    assert_eq!(
        Defaults::beam(true, Variant::BubbleBreaker, r, n + 1),
        (75, 3)
    );
    assert_eq!(Defaults::beam(true, Variant::Clickomania, r, n), (10, 3));
    // SameGame, retuned after the solver: a short simulation limit with a wide
    // beam in both budget classes, whatever the rollouts.
    assert_eq!(
        Defaults::beam(false, Variant::SameGame, t, short),
        (250, 100)
    );
    assert_eq!(
        Defaults::beam(false, Variant::SameGame, r, short),
        (250, 100)
    );
    assert_eq!(
        Defaults::beam(false, Variant::SameGame, r, 100_000),
        (500, 100)
    );
    assert_eq!(
        Defaults::beam(false, Variant::SameGame, t, 100_000),
        (500, 100)
    );
    assert_eq!(
        Defaults::beam(false, Variant::SameGameNoPenalty, t, 100_000),
        (500, 100)
    );
}

#[test]
fn default_z_follows_the_budget_class() {
    let (r, t) = (RolloutPolicy::Random, RolloutPolicy::Tabu);
    assert_eq!(Defaults::z(Variant::SameGame, r, 10_000), 0);
    assert_eq!(Defaults::z(Variant::SameGame, r, 100_000), 20);
    assert_eq!(Defaults::z(Variant::SameGameNoPenalty, t, 100_000), 10);
    assert_eq!(Defaults::z(Variant::BubbleBreaker, r, 10_000), 30);
    assert_eq!(Defaults::z(Variant::Clickomania, r, 10_000), 100);
    assert_eq!(Defaults::z(Variant::Clickomania, r, 100_000), 0);
    // Only MCTS defaults to `auto`; nested levels and BMCTS search globally.
    assert_eq!(
        SearchConfig::new(Algo::Mcts, 1).tree().unwrap().z,
        vec![Setting::Auto]
    );
    assert_eq!(
        SearchConfig::new(Algo::Nmcts, 2).tree().unwrap().z,
        vec![Setting::Set(0); 2]
    );
    assert_eq!(
        SearchConfig::new(Algo::Bmcts, 1).tree().unwrap().z,
        vec![Setting::Set(0)]
    );
    assert_eq!(
        SearchConfig::new(Algo::Mcts, 1).tree().unwrap().advance,
        Advance::Best
    );
}

#[test]
fn auto_z_and_beam_resolve_per_budget_class() {
    let b: Board = testutil::board15(7, Variant::SameGame);
    let mut cfg = SearchConfig::new(Algo::Bmcts, 1);
    cfg.tree_mut().unwrap().z = vec![Setting::Auto];
    cfg.policy = RolloutPolicy::Random;
    for k in [10_000, 100_000, 1_000_000] {
        let plan = cfg.resolve(&b, Budget::Iterations(k)).plan.unwrap();
        let z = Defaults::z(Variant::SameGame, RolloutPolicy::Random, k);
        let step = k / u64::from(z.max(1));
        let (l, w) = Defaults::beam(false, Variant::SameGame, RolloutPolicy::Random, step);
        let p = plan.levels[0];
        assert_eq!(p.z, z);
        assert_eq!(
            p.c,
            Defaults::c(
                1,
                Variant::SameGame,
                RolloutPolicy::Random,
                RewardNorm::Thesis,
                step
            )
        );
        assert_eq!(p.beam, Some((l, w as usize)));
    }
    // Nested: z auto at each level from that level's own search budget.
    let mut cfg = SearchConfig::new(Algo::Nmcts, 2);
    cfg.tree_mut().unwrap().z = vec![Setting::Auto, Setting::Set(7)];
    cfg.tree_mut().unwrap().inner_playouts = Some(vec![4000]);
    cfg.policy = RolloutPolicy::Random;
    let plan = cfg.resolve(&b, Budget::Iterations(400_000)).plan.unwrap();
    assert_eq!(
        plan.levels[0].z,
        Defaults::z(Variant::SameGame, RolloutPolicy::Random, 4000)
    );
    assert_eq!(plan.levels[1].z, 7);
}

#[test]
fn bandit_c_defaults_to_the_constant_and_changes_the_search() {
    let b: Board = testutil::board15(3, Variant::SameGame);
    let mut cfg = SearchConfig::new(Algo::Mcts, 1);
    cfg.policy = RolloutPolicy::TabuBandit;
    let run = |cfg: &SearchConfig| {
        let r = search(
            &cfg.clone().valid().unwrap(),
            &b,
            Budget::Iterations(3000),
            &mut crate::rng_for(1, 0, 0),
        );
        (r.score, r.moves)
    };
    let default = run(&cfg);
    cfg.bandit_c = Some(Defaults::bandit_c(3000));
    assert_eq!(run(&cfg), default);
    let shown: Vec<_> = [0.0, 1.0]
        .iter()
        .map(|&c| {
            cfg.bandit_c = Some(c);
            run(&cfg)
        })
        .collect();
    assert!(
        shown.iter().any(|r| *r != default),
        "bandit C 0 and 1 both gave the default's line"
    );
}

#[test]
fn auto_policy_is_resolved_before_the_search() {
    let b: Board = "0011\n0101\n1100".parse().unwrap();
    let run = |policy| {
        let cfg = SearchConfig {
            policy,
            ..SearchConfig::new(Algo::Mcts, 1)
        };
        let r = search(
            &cfg.clone().valid().unwrap(),
            &b,
            Budget::Iterations(50),
            &mut crate::rng_for(1, 0, 0),
        );
        (r.score, r.moves)
    };
    assert_eq!(run(RolloutPolicy::Auto), run(RolloutPolicy::Tabu));
}

/// `--adapt-scope auto`: one policy per level search for NMCTS over level-1 MCTS
/// searches, one per search elsewhere (NBMCTS included), whatever the board; given
/// scopes win; the resolved plan holds it.
#[test]
fn adapt_scope_auto_is_level_only_over_level_1_mcts() {
    use crate::search::plan::ScopeRule;
    use crate::search::{AdaptScope, InnerAlgo};
    // The scope a configuration names, as the plan holds it.
    let as_rule = |s: AdaptScope| match s {
        AdaptScope::Level => ScopeRule::Level,
        AdaptScope::Search => ScopeRule::Search,
        AdaptScope::Auto => panic!("a resolved scope is never auto"),
    };
    let learned = |algo, level, inner: Option<InnerAlgo>| {
        let mut c = SearchConfig::new(algo, level);
        c.policy = RolloutPolicy::Adapt;
        if let Some(i) = inner {
            c.tree_mut().unwrap().inner_algo = i;
        }
        c.validate().unwrap();
        c
    };
    for (c, want) in [
        (
            learned(Algo::Nmcts, 2, Some(InnerAlgo::Mcts)),
            ScopeRule::Level,
        ),
        (
            learned(Algo::Nmcts, 3, Some(InnerAlgo::Mcts)),
            ScopeRule::Level,
        ),
        (
            learned(Algo::Nbmcts, 2, Some(InnerAlgo::Mcts)),
            ScopeRule::Search,
        ),
        (
            learned(Algo::Nmcts, 2, Some(InnerAlgo::Nmcs)),
            ScopeRule::Search,
        ),
        (
            learned(Algo::Nmcts, 2, Some(InnerAlgo::Nrpa)),
            ScopeRule::Search,
        ),
        // The warm tree (`--inner-algo auto`) keeps the scope it was tuned with.
        (learned(Algo::Nmcts, 2, None), ScopeRule::Search),
        (SearchConfig::new(Algo::Nmcts, 2), ScopeRule::Search),
        (learned(Algo::Mcts, 1, None), ScopeRule::Search),
        (SearchConfig::new(Algo::Mcts, 1), ScopeRule::Search),
        (learned(Algo::Bmcts, 1, None), ScopeRule::Search),
        (learned(Algo::Nmcs, 2, None), ScopeRule::Search),
    ] {
        assert_eq!(c.adapt().unwrap().scope, AdaptScope::Auto);
        assert_eq!(as_rule(c.adapt_scope()), want, "{c}");
        assert!(
            c.to_string().contains(&format!("--adapt-scope {want}")),
            "{c}"
        );
        for board in [
            testutil::random_board(15, 15, 5, 1, Variant::SameGame),
            testutil::random_board(6, 6, 3, 1, Variant::SameGame),
        ] {
            if let Some(a) = c.resolve(&board, Budget::Iterations(100_000)).adapt {
                assert_eq!(a.scope, want, "{c}");
            }
        }
        // A given scope wins.
        for (given, rule) in [
            (AdaptScope::Search, ScopeRule::Search),
            (AdaptScope::Level, ScopeRule::Level),
        ] {
            let mut g = c.clone();
            g.adapt_mut().unwrap().scope = given;
            assert_eq!(as_rule(g.adapt_scope()), rule);
        }
    }
}

/// One form per search: `auto` and the scope it resolves to are the same
/// configuration once canonical, with one canonical line (the journal key's).
#[test]
fn adapt_scope_has_one_canonical_form() {
    use crate::search::{AdaptScope, InnerAlgo};
    let canonical = |algo, inner, scope| {
        let mut c = SearchConfig::new(algo, 2);
        c.policy = RolloutPolicy::Adapt;
        if let Some(t) = c.tree_mut() {
            t.inner_algo = inner;
        }
        c.adapt_mut().unwrap().scope = scope;
        c.validate().unwrap();
        c.canonical_scope();
        c
    };
    // NMCTS over MCTS: auto is level.
    let auto = canonical(Algo::Nmcts, InnerAlgo::Mcts, AdaptScope::Auto);
    assert_eq!(
        auto,
        canonical(Algo::Nmcts, InnerAlgo::Mcts, AdaptScope::Level)
    );
    assert!(auto.to_string().contains("--adapt-scope level"), "{auto}");
    // Its search scope: the line of adapt-scope-validate's journal.
    let search = canonical(Algo::Nmcts, InnerAlgo::Mcts, AdaptScope::Search);
    assert_ne!(search, auto);
    assert_eq!(
        search.to_string(),
        "nmcts --level 2 --c auto,0 --z 0,0 --advance visits --inner auto --inner-algo mcts --restarts 1 --solver on --reuse on --reward-norm thesis --policy adapt --adapt-alpha auto --adapt-every auto --adapt-scope search --adapt-tabu auto"
    );
    // Elsewhere auto is search: naming it changes nothing.
    for (algo, inner) in [
        (Algo::Nmcs, InnerAlgo::Mcts),
        (Algo::Nmcts, InnerAlgo::Auto),
        (Algo::Nmcts, InnerAlgo::Nrpa),
    ] {
        let a = canonical(algo, inner, AdaptScope::Auto);
        assert_eq!(a, canonical(algo, inner, AdaptScope::Search), "{a}");
        assert!(a.to_string().contains("--adapt-scope search"), "{a}");
    }
    // Rollouts that do not learn: the scope is not used, and not in the line.
    let mut tabu = SearchConfig::new(Algo::Nmcts, 2);
    tabu.tree_mut().unwrap().inner_algo = InnerAlgo::Mcts;
    tabu.policy = RolloutPolicy::Tabu;
    tabu.canonical_scope();
    assert_eq!(tabu.adapt().unwrap().scope, AdaptScope::Auto);
    assert!(!tabu.to_string().contains("--adapt"), "{tabu}");
}
