//! Tests of the search flags: canonical configuration lines and their round trip,
//! `auto` values, and refusals naming the flag.

use super::*;
use clap::Parser;

#[derive(Parser)]
struct T {
    #[command(flatten)]
    a: SearchArgs,
}

fn cfg(args: &str) -> Result<SearchConfig, Error> {
    let t = T::try_parse_from(std::iter::once("x").chain(args.split_whitespace()))
        .map_err(|e| Error::Config(e.to_string()))?;
    t.a.config().map(Valid::into_inner)
}

fn err(args: &str, flag: &str) {
    match cfg(args) {
        Err(Error::Config(m)) => assert!(m.contains(flag), "{args}: {m}"),
        other => panic!("{args}: expected an error naming {flag}, got {other:?}"),
    }
}

#[test]
fn display_round_trips_through_the_flags() {
    for a in [
        "--algo mcts",
        "--algo mcts --c 0.5 --z 10 --advance best --restarts 4 --policy tabu",
        "--algo nmcs --level 3",
        "--algo nmcts",
        "--algo nmcts --level 3 --c 0.0002 --inner 100,10000 --z 5,0,2",
        "--algo bmcts --beam-l 100 --beam-w 3",
        "--algo bmcts",
        "--algo nbmcts --beam-l 10,1000 --beam-w 2,5 --policy tabu-bandit",
        "--algo nmcts --z auto,20 --policy tabu-bandit --bandit-c 0.1",
        "--algo mcts --z auto",
        "--algo nbmcts --level 3",
        "--algo mcts --solver off --reuse off --reward-norm range",
        "--algo nmcts --bounds off",
        "--algo nmcs --endgame 20 --tt-mb 16",
        "--algo exact --tt-mb 8",
        "--algo nmcts --endgame 12",
        "--algo nrpa",
        "--algo nrpa --level 2 --nrpa-iterations 50 --nrpa-alpha 0.5 --nrpa-bias=-0.25 --policy random",
        "--algo nrpa --nrpa-late-tiles 40 --nrpa-late-size 3 --policy tabu",
        "--algo nrpa --nrpa-late-tiles 20 --nrpa-late-size 4",
        "--algo mcts --eval colors --im-alpha 0.3 --pb 0.5",
        "--algo nmcts --eval potential --im-alpha 0.2 --im-source best --pb 0.1",
        "--algo nbmcts --im-alpha 0,0.1 --im-source best",
        "--algo mcts --z 10 --search-threads 2",
        "--algo mcts --search-threads 1",
        "--algo mcts --search-threads auto",
        "--algo nrpa --search-threads 3",
        "--algo nrpa --search-threads 3 --nrpa-independent",
        "--algo nrpa --nrpa-width 4",
        "--algo nrpa --nrpa-width 2 --search-threads 4",
        "--algo nrpa --search-threads auto",
        "--algo beam",
        "--algo beam --beam-width 64 --eval none",
        "--algo beam --beam-width auto --eval colors --search-threads 2",
        "--algo mcts --policy adapt --adapt-scope search",
        "--algo nmcs --level 2 --policy adapt --adapt-scope auto",
        "--algo nmcts --policy adapt --adapt-scope level",
        "--algo nmcts --inner-algo mcts --c 0.0002",
        "--algo nmcts --inner-algo mcts --policy adapt",
        "--algo nmcts --inner-algo mcts --policy adapt --adapt-scope search",
        "--algo nbmcts --inner-algo mcts --policy adapt --adapt-scope level",
        "--algo nbmcts --level 3 --inner-algo mcts --policy tabu",
    ] {
        let c = cfg(a).unwrap();
        let shown = c.to_string();
        let rest = shown.split_once(' ').map_or("", |x| x.1);
        let again = cfg(&format!("--algo {} {rest}", c.algo().name())).unwrap();
        assert_eq!(c, again, "{a} → {shown}");
    }
    // The thesis' nesting says its inner search (the flag's default is auto, the
    // warm tree on large boards); the default writes out its auto values.
    let thesis = cfg("--algo nmcts --inner-algo mcts --policy adapt").unwrap();
    assert!(thesis
        .to_string()
        .contains(" --inner auto --inner-algo mcts --restarts 1 "));
    assert_eq!(
        cfg("--algo nmcts --inner-algo mcts --c 0.0002")
            .unwrap()
            .to_string(),
        "nmcts --level 2 --c 0.0002,0 --z 0,0 --advance visits --inner auto --inner-algo mcts --restarts 1 --solver on --reuse on --reward-norm thesis --policy auto"
    );
    assert_eq!(
        cfg("--algo nmcts").unwrap().to_string(),
        "nmcts --level 2 --c auto,0 --z 0,0 --advance visits --inner auto --inner-algo auto --restarts 1 --solver on --reuse on --reward-norm thesis --nrpa-iterations auto --nrpa-alpha 1 --nrpa-bias 0 --policy auto --adapt-alpha auto --adapt-every auto --adapt-scope search --adapt-tabu auto"
    );
    assert_eq!(
        cfg("--algo bmcts --policy random").unwrap().to_string(),
        "bmcts --c auto --beam-l auto --beam-w auto --z 0 --advance visits --restarts 1 --solver on --reuse on --reward-norm thesis --policy random"
    );
    assert_eq!(
        cfg("").unwrap().to_string(),
        "nrpa --level 3 --nrpa-iterations auto --nrpa-alpha 1 --nrpa-bias 0 --policy auto"
    );
    // Zero weights are off: the same configuration and canonical form as no flag.
    assert_eq!(
        cfg("--algo nmcts --im-alpha 0 --pb 0,0").unwrap(),
        cfg("--algo nmcts").unwrap()
    );
    assert_eq!(
        cfg("--algo nmcts --im-alpha 0.3 --eval colors")
            .unwrap()
            .tree()
            .unwrap()
            .im_alpha,
        vec![0.3, 0.0]
    );
    assert_eq!(
        cfg("--algo nrpa").unwrap().to_string(),
        "nrpa --level 3 --nrpa-iterations auto --nrpa-alpha 1 --nrpa-bias 0 --policy auto"
    );
}

#[test]
fn nrpa_iterations_auto_or_a_number() {
    use crate::search::Setting;
    assert_eq!(
        cfg("--algo nrpa").unwrap().nrpa().unwrap().iterations,
        Setting::Auto
    );
    let c = cfg("--algo nrpa --nrpa-iterations 100").unwrap();
    assert_eq!(c.nrpa().unwrap().iterations, Setting::Set(100));
    assert!(c.to_string().contains("--nrpa-iterations 100 "), "{c}");
    assert_eq!(
        cfg("--algo nrpa --nrpa-iterations auto").unwrap(),
        cfg("--algo nrpa").unwrap()
    );
    err("--algo nrpa --nrpa-iterations many", "--nrpa-iterations");
}

/// A thread count for NRPA: one search of that width (parallel NRPA) unless
/// `--nrpa-independent`; `--nrpa-width` overrides it and never counts threads.
#[test]
fn nrpa_threads_are_one_wide_search_unless_independent() {
    let wide = cfg("--algo nrpa --search-threads 3").unwrap();
    assert_eq!((wide.nrpa().unwrap().width, wide.trees), (3, 1));
    assert_eq!(wide, cfg("--algo nrpa --nrpa-width 3").unwrap());
    assert_eq!(
        wide,
        cfg("--algo nrpa --nrpa-width 3 --search-threads 2").unwrap()
    );
    assert!(wide.to_string().contains(" --nrpa-width 3 "), "{wide}");
    let apart = cfg("--algo nrpa --search-threads 3 --nrpa-independent").unwrap();
    assert_eq!((apart.nrpa().unwrap().width, apart.trees), (1, 3));
    assert!(
        apart
            .to_string()
            .ends_with(" --search-threads 3 --nrpa-independent"),
        "{apart}"
    );
    // One thread, or none given: sequential NRPA, the default configuration.
    assert_eq!(
        cfg("--algo nrpa --search-threads 1").unwrap(),
        cfg("").unwrap()
    );
    assert_eq!(
        cfg("--algo nrpa --search-threads 1 --nrpa-independent").unwrap(),
        cfg("").unwrap()
    );
    // The width is left out of the line at 1.
    assert!(!cfg("").unwrap().to_string().contains("width"));
    // Other algorithms keep root parallelisation.
    assert_eq!(cfg("--algo nmcs --search-threads 3").unwrap().trees, 3);
    // The thread count is checked whatever it becomes.
    err("--algo nrpa --search-threads 100000", "--search-threads");
    err("--algo nrpa --nrpa-width 0", "--nrpa-width");
    err("--algo nrpa --nrpa-width 1025", "--nrpa-width");
    err("--algo nmcs --nrpa-width 2", "--nrpa-width");
    err("--algo mcts --nrpa-independent", "--nrpa-independent");
    err(
        "--algo nrpa --nrpa-width 2 --nrpa-independent --search-threads 2",
        "--nrpa-independent",
    );
    err(
        "--algo nrpa --nrpa-width 2 --nrpa-independent",
        "--nrpa-width",
    );
    // A configuration asking for both (JSON or the library) is refused too.
    let mut both = apart.clone();
    both.nrpa_mut().unwrap().width = 2;
    assert!(matches!(both.validate(), Err(Error::Config(m)) if m.contains("--nrpa-width")));
}

#[test]
fn nonsense_is_refused_naming_the_flag() {
    err("--algo nmcts --level 0", "--level");
    err("--algo mcts --level 2", "--level");
    err("--algo mcts --c -1", "--c");
    err("--algo mcts --c NaN", "--c");
    err("--algo mcts --c 0.1,0.2", "--c");
    err("--algo nmcts --inner 10,20", "--inner");
    err("--algo nmcts --inner 0", "--inner");
    err("--algo mcts --inner 10", "--inner");
    err("--algo bmcts --beam-w 0", "--beam-w");
    err("--algo bmcts --beam-l 0", "--beam-l");
    err("--algo mcts --beam-l 10", "--beam-l");
    err("--algo nbmcts --beam-l 10,none --beam-w 2,3", "--beam-l");
    err("--algo nmcs --c 0.1", "--c");
    err("--algo mcts --restarts 0", "--restarts");
    err("--algo mcts --advance most", "--advance");
    err("--algo tree", "--algo");
    err("--algo mcts --z x", "--z");
    err("--algo nmcs --solver off", "--solver");
    err("--algo nmcs --bounds off", "--bounds");
    err("--algo nmcs --reward-norm range", "--reward-norm");
    err("--algo exact --reuse on", "--reuse");
    err("--algo exact --endgame 10", "--endgame");
    err("--algo mcts --tt-mb 0", "--tt-mb");
    err("--algo mcts --tt-mb 8", "--tt-mb"); // no --endgame: no table to size
    assert!(cfg("--algo mcts --tt-mb 8 --endgame 20").is_ok());
    err("--algo exact --policy random", "--policy");
    err("--algo mcts --solver off --bounds on", "--bounds");
    err("--algo nmcts --nrpa-independent", "--nrpa-independent");
    err("--algo nmcs --nrpa-iterations 10", "--nrpa-iterations");
    err("--algo mcts --nrpa-alpha 0.5", "--nrpa-alpha");
    err(
        "--algo nmcts --inner-algo mcts --nrpa-bias 1",
        "--nrpa-bias",
    );
    err("--algo nmcts --policy tabu --nrpa-bias 1", "--nrpa-bias");
    err(
        "--algo nbmcts --inner-algo mcts --nrpa-bias 1",
        "--nrpa-bias",
    );
    err("--algo bmcts --nrpa-bias 1", "--nrpa-bias");
    // The default of nmcts and nbmcts (the warm tree) takes the --adapt-*, --nrpa-*
    // and --inner-level flags; a thesis rollout policy makes it the thesis' nesting.
    assert!(cfg("--algo nmcts --adapt-alpha 0.5 --nrpa-iterations 30 --inner-level 1").is_ok());
    assert!(cfg("--algo nbmcts --adapt-alpha 0.5 --nrpa-iterations 30 --inner-level 1").is_ok());
    err(
        "--algo nbmcts --policy tabu --adapt-alpha 0.5",
        "--adapt-alpha",
    );
    // mcts's default learns on large SameGame boards: it takes the --adapt-* flags,
    // which a thesis rollout policy refuses.
    assert!(cfg("--algo mcts --adapt-alpha 0.05").is_ok());
    err("--algo mcts --policy tabu --adapt-every 3", "--adapt-every");
    err(
        "--algo nmcts --policy tabu --adapt-alpha 0.5",
        "--adapt-alpha",
    );
    err(
        "--algo nmcts --policy tabu --inner-level 2",
        "--inner-level",
    );
    err("--algo nmcts --level 1 --inner-level 2", "--inner-level");
    err("--algo nrpa --nrpa-iterations 0", "--nrpa-iterations");
    err("--algo nrpa --nrpa-alpha 0", "--nrpa-alpha");
    err("--algo nrpa --nrpa-alpha NaN", "--nrpa-alpha");
    err("--algo nrpa --nrpa-bias inf", "--nrpa-bias");
    err("--algo nmcs --nrpa-late-tiles 30", "--nrpa-late-tiles");
    err("--algo nrpa --nrpa-late-size 1", "--nrpa-late-size");
    err("--algo nrpa --nrpa-late-size 3", "needs --nrpa-late-tiles");
    err(
        "--algo nrpa --nrpa-late-tiles 30 --policy random",
        "--nrpa-late-tiles",
    );
    err("--algo nrpa --c 0.1", "--c");
    err("--algo nrpa --inner 10", "--inner");
    err("--algo nrpa --solver on", "--solver");
    err("--algo nrpa --restarts 2", "--restarts");
    err("--algo nrpa --policy tabu-bandit", "--policy");
    err("--algo nrpa --endgame 10", "--endgame");
    err("--algo nrpa --level 9", "--level");
    err("--algo nmcs --eval colors", "--eval");
    err("--algo nrpa --im-alpha 0.3", "--im-alpha");
    err("--algo exact --pb 1", "--pb");
    err("--algo nmcs --im-source best", "--im-source");
    err("--algo mcts --search-threads 0", "--search-threads");
    err("--algo exact --search-threads 2", "--search-threads");
    err("--algo mcts --eval best", "--eval");
    err("--algo mcts --im-source colors", "--im-source");
    err("--algo mcts --im-alpha 0.3", "--im-alpha");
    err("--algo mcts --im-alpha 2 --eval colors", "--im-alpha");
    err("--algo mcts --im-alpha 0.1,0.2 --eval colors", "--im-alpha");
    err("--algo mcts --pb 1", "--pb");
    err("--algo mcts --pb auto --eval colors", "--pb");
    assert!(T::try_parse_from(["x", "--solver", "maybe"]).is_err());
    err("--algo mcts --policy tabu --bandit-c 0.1", "--bandit-c");
    err(
        "--algo mcts --policy tabu-bandit --bandit-c=-1",
        "--bandit-c",
    );
    let a = T::try_parse_from(["x", "--time=-1"]).unwrap().a;
    assert!(
        matches!(a.budget(Budget::Iterations(1)), Err(Error::Config(m)) if m.contains("--time"))
    );
    let a = T::try_parse_from(["x", "--time=NaN"]).unwrap().a;
    assert!(a.budget(Budget::Iterations(1)).is_err());
}

/// The CLI holds no default of its own: with no flag, or with only `--algo`, it
/// gives the library's default configuration (`search::defaults`), and the
/// library's `auto` values are the ones the CLI's `auto` words ask for.
#[test]
fn cli_defaults_are_the_library_defaults() {
    let none = cfg("").unwrap();
    assert_eq!(
        none,
        SearchConfig::new(Defaults::ALGO, Defaults::level(Defaults::ALGO))
    );
    for algo in Algo::ALL {
        let c = cfg(&format!("--algo {}", algo.name())).unwrap();
        assert_eq!(
            c,
            SearchConfig::new(algo, Defaults::level(algo)),
            "{algo:?}"
        );
        assert_eq!(c.policy, RolloutPolicy::Auto, "{algo:?}");
        // The auto words give the same configuration as no flag.
        let words = match algo {
            Algo::Mcts => "--policy auto --c auto --z auto --search-threads auto",
            Algo::Bmcts => "--policy auto --c auto --beam-l auto --beam-w auto",
            Algo::Nmcts | Algo::Nbmcts => "--policy auto --c auto --inner auto",
            Algo::Nrpa => "--policy auto --nrpa-iterations auto",
            Algo::Beam => "--policy auto --beam-width auto --search-threads auto",
            _ => "--policy auto",
        };
        let explicit = cfg(&format!("--algo {} {words}", algo.name())).unwrap();
        assert_eq!(explicit, c, "{algo:?}: {words}");
    }
}

#[test]
fn beam_flags_and_refusals() {
    assert_eq!(
        cfg("--algo beam").unwrap().to_string(),
        "beam --beam-width auto --eval learned"
    );
    let c = cfg("--algo beam --beam-width 1000 --eval none").unwrap();
    assert!(matches!(&c.spec, crate::search::Spec::Beam(b) if b.width == Some(1000)));
    assert_eq!(c.to_string(), "beam --beam-width 1000 --eval none");
    err("--algo nrpa --beam-width 10", "--beam-width");
    err("--algo bmcts --beam-width 10", "--beam-width");
    err("--algo beam --beam-width 0", "--beam-width");
    err("--algo beam --beam-width 99999999999", "--beam-width");
    err("--algo beam --beam-w 10", "--beam-w");
    err("--algo beam --c 0.1", "--c");
    err("--algo beam --restarts 2", "--restarts");
    err("--algo beam --solver off", "--solver");
    err("--algo beam --im-alpha 0.1", "--im-alpha");
    err("--algo beam --nrpa-alpha 2", "--nrpa-alpha");
    err("--algo beam --policy tabu", "--policy");
    err("--algo beam --endgame 20", "--endgame");
    err("--algo beam --level 2", "--level");
    err("--algo nrpa --eval potential", "--eval");
}

/// The per-level ranges of --beam-l and --beam-w, word for word: every level's
/// zeros are refused before its values above the largest.
#[test]
fn beam_l_and_w_range_refusals() {
    let msg = |args: &str| match cfg(args) {
        Err(Error::Config(m)) => m,
        other => panic!("{args}: {other:?}"),
    };
    let cases = [
        (
            "--beam-l 0 --beam-w 0",
            "--beam-l must be at least 1 (level 1)",
        ),
        (
            "--beam-l 2000000000000 --beam-w 0",
            "--beam-w must be at least 1 (level 1)",
        ),
        (
            "--beam-l 2000000000000 --beam-w 2000000",
            "--beam-l must be at most 1000000000000 (level 1), got 2000000000000",
        ),
        (
            "--beam-l 5 --beam-w 2000000",
            "--beam-w must be at most 1000000 (level 1), got 2000000",
        ),
        (
            "--level 2 --beam-l 5,5 --beam-w 5,0",
            "--beam-w must be at least 1 (level 2)",
        ),
    ];
    for (args, want) in cases {
        assert_eq!(msg(&format!("--algo nbmcts {args}")), want, "{args}");
    }
}

#[test]
fn nrpa_refinement_flags_round_trip_and_refusals() {
    use crate::policy::adaptive::Prior;
    let c = cfg("--algo nrpa --nrpa-stable 4").unwrap();
    assert_eq!(c.nrpa().unwrap().stable, 4);
    assert!(
        c.to_string().ends_with("--nrpa-stable 4 --policy auto"),
        "{c}"
    );
    let c = cfg("--algo nrpa --nrpa-beam 3 --nrpa-iterations 10").unwrap();
    assert_eq!(c.nrpa().unwrap().beam, 3);
    let c = cfg("--algo nrpa --nrpa-repeats 5").unwrap();
    assert_eq!(c.nrpa().unwrap().repeats, 5);
    let c = cfg("--algo nrpa --policy random --nrpa-prior tabu --nrpa-bias 2").unwrap();
    assert_eq!(c.nrpa().unwrap().prior, Prior::Tabu);
    for a in [
        "--algo nrpa --nrpa-stable 4 --nrpa-repeats 3 --policy tabu",
        "--algo nrpa --level 2 --nrpa-beam 2",
        "--algo nrpa --policy random --nrpa-prior tabu --nrpa-bias 0.5 --nrpa-stable 2",
    ] {
        let c = cfg(a).unwrap();
        let shown = c.to_string();
        let rest = shown.split_once(' ').map_or("", |x| x.1);
        assert_eq!(
            c,
            cfg(&format!("--algo nrpa {rest}")).unwrap(),
            "{a} → {shown}"
        );
    }
    // The defaults are plain NRPA: the same configuration, line and JSON as before
    // the refinements (journals keep their keys).
    let plain = cfg("--algo nrpa").unwrap();
    for a in [
        "--algo nrpa --nrpa-stable 1",
        "--algo nrpa --nrpa-beam 1",
        "--algo nrpa --nrpa-repeats 0",
        "--algo nrpa --nrpa-prior size",
    ] {
        assert_eq!(cfg(a).unwrap(), plain, "{a}");
    }
    let line = plain.to_string();
    for flag in [
        "--nrpa-prior",
        "--nrpa-stable",
        "--nrpa-beam",
        "--nrpa-repeats",
    ] {
        assert!(!line.contains(flag), "{line}");
    }
    // Values and combinations.
    err("--algo nrpa --nrpa-stable 0", "--nrpa-stable");
    err("--algo nrpa --nrpa-stable=-1", "--nrpa-stable");
    err("--algo nrpa --nrpa-beam 0", "--nrpa-beam");
    err("--algo nrpa --nrpa-beam 17", "--nrpa-beam");
    err("--algo nrpa --nrpa-repeats many", "--nrpa-repeats");
    err("--algo nrpa --nrpa-prior eval", "--nrpa-prior");
    err("--algo nrpa --nrpa-beam 2 --nrpa-stable 2", "--nrpa-stable");
    err(
        "--algo nrpa --nrpa-beam 2 --nrpa-repeats 2",
        "--nrpa-repeats",
    );
    err(
        "--algo nrpa --nrpa-prior tabu --nrpa-bias 1",
        "--policy random",
    );
    err(
        "--algo nrpa --nrpa-prior tabu --nrpa-bias 1 --policy tabu",
        "--nrpa-prior tabu",
    );
    err(
        "--algo nrpa --nrpa-prior tabu --policy random",
        "nonzero --nrpa-bias",
    );
    // Only nrpa takes them.
    err("--algo nmcs --nrpa-stable 2", "--nrpa-stable");
    err("--algo mcts --nrpa-beam 2", "--nrpa-beam");
    err(
        "--algo nmcts --inner-algo mcts --nrpa-repeats 2",
        "--nrpa-repeats",
    );
    err("--algo beam --nrpa-prior tabu", "--nrpa-prior");
    // NMCS holds no NRPA parameters at all.
    assert!(SearchConfig::new(Algo::Nmcs, 2).nrpa().is_none());
}

#[test]
fn eval_weights_flag_loads_a_file_and_is_refused_where_it_does_not_apply() {
    let dir = std::env::temp_dir().join(format!("samegame-evalw-args-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("w.toml");
    let mut w = crate::search::Weights::POTENTIAL;
    w.0[6] = -2.5;
    std::fs::write(&file, w.to_toml("test weights")).unwrap();
    let f = file.display().to_string();
    for a in [
        format!("--algo beam --eval learned --eval-weights {f}"),
        format!("--algo mcts --eval learned --eval-weights {f} --pb 0.5"),
    ] {
        let c = cfg(&a).unwrap();
        assert_eq!(c.eval().unwrap().weights.as_ref().unwrap().weights, w);
        assert_eq!(c.eval().unwrap().weights.as_ref().unwrap().file, f);
        // The canonical line names the file and reads back to the same configuration.
        let shown = c.to_string();
        assert!(
            shown.contains(&format!("--eval learned --eval-weights {f}")),
            "{shown}"
        );
        let rest = shown.split_once(' ').unwrap().1;
        assert_eq!(
            cfg(&format!("--algo {} {rest}", c.algo().name())).unwrap(),
            c
        );
    }
    // Without the flag: the shipped weights, and nothing new in the line.
    let c = cfg("--algo beam --eval learned").unwrap();
    assert_eq!(c.eval().unwrap().weights, None);
    assert_eq!(c.to_string(), "beam --beam-width auto --eval learned");
    for algo in ["nrpa", "nmcs", "exact"] {
        err(
            &format!("--algo {algo} --eval-weights {f}"),
            "--eval-weights",
        );
    }
    // The beam's default evaluation is learned: the file alone is enough there.
    let c = cfg(&format!("--algo beam --eval-weights {f}")).unwrap();
    assert_eq!(c.eval().unwrap().weights.as_ref().unwrap().weights, w);
    err(
        &format!("--algo beam --eval potential --eval-weights {f}"),
        "--eval learned",
    );
    err(
        &format!("--algo mcts --eval colors --eval-weights {f}"),
        "--eval learned",
    );
    // A missing or bad file: an error naming it (and the line and key).
    let missing = dir.join("missing.toml");
    match cfg(&format!(
        "--algo beam --eval learned --eval-weights {}",
        missing.display()
    )) {
        Err(e @ Error::Io { .. }) => assert!(e.to_string().contains("missing.toml"), "{e}"),
        other => panic!("expected an I/O error, got {other:?}"),
    }
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, "score = 1.0\ngroupz = 2.0\n").unwrap();
    match cfg(&format!(
        "--algo beam --eval learned --eval-weights {}",
        bad.display()
    )) {
        Err(e @ Error::Parse { .. }) => {
            let m = e.to_string();
            assert!(
                m.starts_with(&format!("{}:2: unknown key 'groupz'", bad.display())),
                "{m}"
            );
        }
        other => panic!("expected a parse error, got {other:?}"),
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn playout_beam_flag_round_trips_and_is_refused_where_it_does_not_apply() {
    let c = cfg("--algo nmcs --level 1 --playout-beam 4 --endgame 10").unwrap();
    assert!(matches!(c.spec, crate::search::Spec::Nmcs(n) if n.playout_beam == 4));
    let shown = c.to_string();
    assert!(shown.contains("--playout-beam 4 --policy auto"), "{shown}");
    let rest = shown.split_once(' ').map_or("", |x| x.1);
    assert_eq!(c, cfg(&format!("--algo nmcs {rest}")).unwrap(), "{shown}");
    // Off (0) is plain NMCS: the same configuration and line as before.
    let plain = cfg("--algo nmcs").unwrap();
    assert_eq!(cfg("--algo nmcs --playout-beam 0").unwrap(), plain);
    assert!(!plain.to_string().contains("--playout-beam"), "{plain}");
    // Values and combinations.
    err("--algo nmcs --playout-beam wide", "--playout-beam");
    err(
        "--algo nmcs --playout-beam 16777217",
        "--playout-beam must be between 0 (off) and 16777216",
    );
    for policy in ["random", "tabu", "tabu-bandit", "adapt"] {
        err(
            &format!("--algo nmcs --playout-beam 2 --policy {policy}"),
            &format!("--policy {policy} does not combine with --playout-beam"),
        );
    }
    err(
        "--algo nmcs --playout-beam 2 --search-threads 2",
        "--playout-beam does not combine with --threads/--search-threads 2",
    );
    // Only nmcs takes it.
    for algo in ["nrpa", "mcts", "nmcts", "beam", "exact"] {
        err(
            &format!("--algo {algo} --playout-beam 2"),
            &format!("--playout-beam is only used by nmcs (its level-0 playouts), not {algo}"),
        );
    }
    err(
        "--algo nmcts --inner-algo nmcs --playout-beam 2",
        "--playout-beam is only used by nmcs",
    );
}
