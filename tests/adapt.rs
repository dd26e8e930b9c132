//! End to end: learned rollouts (`--policy adapt`) in `solve` for every search that
//! has them, on every variant: the lines replay (`verify`), the budget is spent
//! exactly, the same seed gives the same lines, and the flags are refused with a
//! clear message (exit 2) where they do not apply. (The same results whatever the
//! thread count: tests/compare.rs, `same_results_whatever_the_thread_count`.)

mod common;
use common::{tempdir, testset};

const CONFIGS: [&str; 6] = [
    "--algo mcts --policy adapt",
    "--algo bmcts --policy adapt --adapt-tabu none --adapt-every 0",
    "--algo nmcts --policy adapt --adapt-scope level --inner 20",
    "--algo nbmcts --level 3 --policy adapt --adapt-every 5 --inner 4,40",
    "--algo nmcs --level 1 --policy adapt --adapt-tabu bandit --bandit-c 0.5",
    "--algo nmcs --level 2 --policy adapt --adapt-scope level --adapt-alpha 0.5",
];

#[test]
fn learned_rollouts_replay_spend_their_budget_and_repeat() {
    let d = tempdir("adapt-solve");
    let set = testset(&d, 2, 9, 8, 4);
    let set = set.to_str().unwrap();
    // The canonical line names the learned rollouts' settings.
    common::solve_replays_spends_and_repeats(
        &d,
        set,
        &CONFIGS,
        "700",
        "3",
        "--policy adapt --adapt-alpha",
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn flags_are_refused_where_they_do_not_apply() {
    let d = tempdir("adapt-refused");
    let set = testset(&d, 1, 6, 6, 3);
    let set = set.to_str().unwrap();
    let cases: [(&str, &str); 14] = [
        (
            // bmcts's default plays tabu rollouts (mcts's learns on large boards).
            "--algo bmcts --adapt-alpha 0.5",
            "--adapt-alpha is only used by --policy adapt",
        ),
        (
            "--algo nmcs --policy tabu --adapt-every 3",
            "--adapt-every is only used by --policy adapt",
        ),
        (
            "--algo nrpa --policy adapt",
            "--policy adapt is not available for nrpa",
        ),
        (
            "--algo exact --policy adapt",
            "--policy adapt is not available for exact",
        ),
        (
            "--algo beam --policy adapt",
            "--policy adapt is not available for beam",
        ),
        (
            "--algo nrpa --adapt-scope level",
            "--adapt-scope is only used by the tree searches and nmcs",
        ),
        (
            "--algo mcts --policy adapt --adapt-scope level",
            "--adapt-scope level needs --level 2",
        ),
        (
            "--algo nmcs --level 1 --policy adapt --adapt-scope level",
            "--adapt-scope level needs --level 2",
        ),
        (
            "--algo mcts --policy adapt --adapt-alpha 0",
            "--adapt-alpha must be a finite number > 0",
        ),
        (
            "--algo mcts --policy adapt --adapt-alpha NaN",
            "--adapt-alpha must be a finite number > 0",
        ),
        (
            "--algo nmcts --inner-algo mcts --policy adapt --adapt-scope levels",
            "unknown --adapt-scope 'levels' (expected auto, search or level)",
        ),
        (
            "--algo nmcts --inner-algo mcts --policy tabu --adapt-scope search",
            "--adapt-scope is only used by --policy adapt",
        ),
        (
            "--algo mcts --policy adapt --adapt-tabu often",
            "unknown --adapt-tabu 'often'",
        ),
        (
            "--algo mcts --policy adapt --bandit-c 0.1",
            "--bandit-c is only used by --policy tabu-bandit",
        ),
    ];
    common::solve_refuses(set, &cases);
    let _ = std::fs::remove_dir_all(&d);
}
