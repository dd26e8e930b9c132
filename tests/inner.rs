//! End to end: `--inner-algo nmcs|nrpa` and `--inner-level K` (NMCTS and NBMCTS
//! whose level-2 tree runs NMCS or NRPA from its leaves) in `solve`: the lines
//! replay (`verify`), the budget is spent exactly, the same seed gives the same
//! lines, and the flags are refused with a clear message (exit 2) where they do not
//! apply. (The same results whatever the thread count: tests/compare.rs.)

mod common;
use common::{tempdir, testset};

#[test]
fn inner_searches_replay_spend_their_budget_and_repeat() {
    let d = tempdir("inner-solve");
    let set = testset(&d, 2, 9, 8, 4);
    let set = set.to_str().unwrap();
    let configs = [
        "--algo nmcts --inner-algo nmcs --inner 60",
        "--algo nbmcts --level 3 --inner-algo nmcs --inner-level 2 --inner 50,300",
        "--algo nmcts --inner-algo nrpa --inner-level 2 --nrpa-iterations 8 --inner 100",
        "--algo nmcts --inner-algo nmcs --policy adapt --adapt-scope level --inner 40",
        "--algo nmcts --inner-algo nrpa --nrpa-iterations 5 --policy adapt --adapt-every 1 --inner 50",
    ];
    common::solve_replays_spends_and_repeats(&d, set, &configs, "900", "5", "--inner-algo ");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn inner_flags_are_refused_where_they_do_not_apply() {
    let d = tempdir("inner-refused");
    let set = testset(&d, 1, 6, 6, 3);
    let set = set.to_str().unwrap();
    let cases: [(&str, &str); 12] = [
        (
            "--algo mcts --inner-algo nmcs",
            "--inner-algo is only used by nmcts and nbmcts",
        ),
        (
            "--algo nrpa --inner-level 2",
            "--inner-level is only used by nmcts and nbmcts",
        ),
        (
            "--algo nmcts --level 1 --inner-algo nmcs",
            "--inner-algo needs --level 2 or more",
        ),
        (
            "--algo nmcts --inner-algo mcts --inner-level 2",
            "--inner-level sets the level of --inner-algo nmcs or nrpa",
        ),
        (
            "--algo nmcts --inner-algo nmcs --inner-level 9",
            "--inner-level must be between 1 and 8",
        ),
        (
            "--algo nmcts --inner-algo nrpa --policy tabu-bandit",
            "--policy tabu-bandit is not available with --inner-algo nrpa",
        ),
        (
            "--algo nmcts --inner-algo nrpa --policy adapt --adapt-tabu bandit",
            "--adapt-tabu bandit is not available with --inner-algo nrpa",
        ),
        (
            "--algo nmcts --inner-algo nmcs --nrpa-alpha 0.5",
            "--nrpa-alpha is only used by nrpa",
        ),
        (
            "--algo nbmcts --inner-algo nrpa --nrpa-alpha 0",
            "--nrpa-alpha must be a finite number > 0",
        ),
        (
            "--algo nmcts --inner-algo nrpa --nrpa-width 2",
            "--nrpa-width is not available with --inner-algo nrpa",
        ),
        (
            "--algo nmcts --inner-algo nrpa --nrpa-stable 0",
            "--nrpa-stable must be at least 1",
        ),
        (
            "--algo nmcts --inner-algo ucts",
            "unknown --inner-algo 'ucts'",
        ),
    ];
    common::solve_refuses(set, &cases);
    let _ = std::fs::remove_dir_all(&d);
}

/// The configuration line `solve` prints reads back as the same search: pasted
/// into `solve`, it prints the same line and finds the same solution. The thesis'
/// nesting (`--inner-algo mcts`) is written out, its flag's default being the warm
/// tree on a 15 × 15 board, a different search.
#[test]
fn the_printed_line_runs_the_same_search() {
    let text = common::process::text;
    let set = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/testsets/samegame-maastricht-250.txt"
    );
    let run = |flags: &str| {
        let mut args = vec!["solve", set, "--position", "1", "--iterations", "3000"];
        args.extend(flags.split_whitespace());
        let out = common::run_samegame(&args);
        let err = text(&out.stderr);
        assert!(out.status.success(), "{flags}: {err}");
        let line = err.lines().next().unwrap().to_string();
        let config = line.rsplit_once(" (").unwrap().0.to_string();
        (config, text(&out.stdout))
    };
    for flags in [
        "--algo nmcts --inner-algo mcts --inner 300 --policy adapt",
        "--algo nbmcts --inner-algo mcts --inner 300 --policy adapt --adapt-scope search",
        "--algo nmcts --inner 300",
    ] {
        let (config, solution) = run(flags);
        let (algo, rest) = config.split_once(' ').unwrap();
        let again = run(&format!("--algo {algo} {rest}"));
        assert_eq!(again, (config.clone(), solution), "{flags}");
        if flags.contains("--inner-algo mcts") {
            assert!(config.contains(" --inner-algo mcts "), "{config}");
        }
    }
}
