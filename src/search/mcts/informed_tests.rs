//! Tests of `--eval`, `--im-alpha`, `--im-source` and `--pb` in every tree search.

use crate::rules::Variant;
use crate::search::testutil::{board15, check_all_variants, check_deterministic};
use crate::search::{search, Algo, Budget, Eval, ImSource, SearchConfig};

fn informed(
    algo: Algo,
    level: u32,
    eval: Eval,
    alpha: f64,
    source: ImSource,
    pb: f64,
) -> SearchConfig {
    let mut c = SearchConfig::new(algo, level);
    let n = c.level as usize;
    c.eval_mut().unwrap().eval = eval;
    c.tree_mut().unwrap().im_alpha = vec![alpha; n];
    c.tree_mut().unwrap().im_source = source;
    c.tree_mut().unwrap().pb = vec![pb; n];
    c.validate().unwrap();
    c
}

const TREES: [(Algo, u32); 4] = [
    (Algo::Mcts, 1),
    (Algo::Bmcts, 1),
    (Algo::Nmcts, 2),
    (Algo::Nbmcts, 2),
];

#[test]
fn zero_weights_are_bit_identical_to_the_plain_search() {
    for (algo, level) in TREES {
        let plain = SearchConfig::new(algo, level);
        // Zero weights given explicitly at every level, with an evaluation set.
        let zero = informed(algo, level, Eval::Colors, 0.0, ImSource::Eval, 0.0);
        for seed in 0..2 {
            let b = board15(seed, Variant::SameGame);
            let run = |c: &SearchConfig| {
                search(
                    &c.clone().valid().unwrap(),
                    &b,
                    Budget::Iterations(3000),
                    &mut crate::rng_for(seed, 1, 2),
                )
            };
            let (x, y) = (run(&plain), run(&zero));
            assert_eq!((x.score, &x.moves), (y.score, &y.moves), "{algo:?}");
            assert_eq!(
                (x.stats.playouts, x.stats.nodes_created, x.stats.peak_nodes),
                (y.stats.playouts, y.stats.nodes_created, y.stats.peak_nodes),
                "{algo:?}"
            );
        }
    }
}

#[test]
fn informed_searches_differ_from_the_plain_one() {
    // Not a strength claim: the options must change the search they are given to.
    let b = board15(3, Variant::SameGame);
    let run = |c: &SearchConfig| {
        search(
            &c.clone().valid().unwrap(),
            &b,
            Budget::Iterations(4000),
            &mut crate::rng_for(3, 1, 2),
        )
    };
    let plain = run(&SearchConfig::new(Algo::Mcts, 1));
    let mut differ = 0;
    for c in [
        informed(Algo::Mcts, 1, Eval::Colors, 0.5, ImSource::Eval, 0.0),
        informed(Algo::Mcts, 1, Eval::Potential, 0.0, ImSource::Eval, 1.0),
        informed(Algo::Mcts, 1, Eval::None, 0.5, ImSource::Best, 0.0),
    ] {
        let r = run(&c);
        crate::line::verify(&b, &r.moves, r.score).unwrap();
        differ += usize::from(r.moves != plain.moves);
    }
    assert!(differ >= 2, "{differ}");
}

#[test]
fn replays_on_all_variants_with_the_options_on() {
    for (algo, level) in TREES {
        for c in [
            informed(algo, level, Eval::Colors, 0.3, ImSource::Eval, 0.5),
            informed(algo, level, Eval::Potential, 0.3, ImSource::Eval, 0.0),
            informed(algo, level, Eval::None, 0.3, ImSource::Best, 0.0),
        ] {
            check_all_variants(&c, 1500, 5);
        }
    }
}

#[test]
fn deterministic_with_the_options_on() {
    for (algo, level) in TREES {
        check_deterministic(
            &informed(algo, level, Eval::Colors, 0.3, ImSource::Eval, 0.5),
            2000,
        );
        check_deterministic(
            &informed(algo, level, Eval::Potential, 0.2, ImSource::Best, 1.0),
            2000,
        );
    }
}

#[test]
fn validation_names_the_flag() {
    let err = |c: &SearchConfig| c.validate().unwrap_err().to_string();
    // NMCS and NRPA hold no evaluation and no tree parameters at all (the CLI
    // refuses their flags: `cli::search_args`' tests).
    assert!(SearchConfig::new(Algo::Nmcs, 2).eval().is_none());
    assert!(SearchConfig::new(Algo::Nrpa, 2).tree().is_none());
    let mut c = SearchConfig::new(Algo::Mcts, 1);
    c.tree_mut().unwrap().im_alpha = vec![0.3];
    assert!(err(&c).contains("needs --eval"), "{}", err(&c));
    c.tree_mut().unwrap().im_source = ImSource::Best;
    c.validate().unwrap();
    c.tree_mut().unwrap().im_alpha = vec![1.5];
    assert!(err(&c).contains("--im-alpha must be"), "{}", err(&c));
    let mut c = SearchConfig::new(Algo::Mcts, 1);
    c.tree_mut().unwrap().pb = vec![1.0];
    assert!(err(&c).contains("--pb needs --eval"), "{}", err(&c));
    let mut c = SearchConfig::new(Algo::Nmcts, 2);
    c.eval_mut().unwrap().eval = Eval::Colors;
    c.tree_mut().unwrap().pb = vec![1.0];
    assert!(err(&c).contains("--pb needs 2 value(s)"), "{}", err(&c));
    // An evaluation or a source nothing would read.
    let mut c = SearchConfig::new(Algo::Mcts, 1);
    c.eval_mut().unwrap().eval = Eval::Colors;
    assert!(
        err(&c).contains("--eval colors is only used"),
        "{}",
        err(&c)
    );
    c.tree_mut().unwrap().im_alpha = vec![0.0];
    c.validate().unwrap(); // a sweep's "off" point
    c.tree_mut().unwrap().im_source = ImSource::Best;
    assert!(
        err(&c).contains("--eval colors is only used"),
        "{}",
        err(&c)
    );
    c.eval_mut().unwrap().eval = Eval::None;
    c.tree_mut().unwrap().im_alpha = vec![];
    assert!(err(&c).contains("--im-source is only used"), "{}", err(&c));
}

#[test]
fn canonical_form_shows_only_set_options_and_old_journals_parse() {
    let plain = SearchConfig::new(Algo::Mcts, 1);
    let s = plain.to_string();
    assert!(
        !s.contains("--eval") && !s.contains("--im-") && !s.contains("--pb"),
        "{s}"
    );
    let c = informed(Algo::Nmcts, 2, Eval::Colors, 0.3, ImSource::Best, 0.5);
    let s = c.to_string();
    assert!(
        s.contains(" --eval colors --im-alpha 0.3,0.3 --im-source best --pb 0.5,0.5"),
        "{s}"
    );
}
