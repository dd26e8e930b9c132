//! End to end: NMCS with beam playouts (`--playout-beam W`) through `solve` and
//! `batch` on every variant: lines that `verify` replays, exactly the budget in
//! playouts, the same lines for a seed and whatever the thread count, and every
//! combination it does not take refused with exit 2 and a message naming the flag,
//! in `solve`, `batch` and a `compare` configuration.

mod common;
use common::{
    refuses, run_samegame, solve_refuses, solve_replays_spends_and_repeats, tempdir, testset,
};

#[test]
fn beam_playouts_replay_spend_the_budget_and_repeat() {
    let d = tempdir("playout-beam");
    let set = testset(&d, 2, 8, 7, 4);
    solve_replays_spends_and_repeats(
        &d,
        set.to_str().unwrap(),
        &[
            "--algo nmcs --level 1 --playout-beam 1",
            "--algo nmcs --level 2 --playout-beam 3",
        ],
        "777",
        "3",
        "--playout-beam",
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn batch_lines_do_not_depend_on_the_thread_count() {
    let d = tempdir("playout-beam-batch");
    let set = testset(&d, 3, 9, 8, 4);
    let set = set.to_str().unwrap();
    let mut files = Vec::new();
    for threads in ["1", "2"] {
        let out = d.join(format!("t{threads}.txt"));
        let out = out.to_str().unwrap();
        let args = [
            "batch",
            set,
            "--algo",
            "nmcs",
            "--level",
            "1",
            "--playout-beam",
            "4",
            "--iterations",
            "2001",
            "--runs",
            "2",
            "--seed",
            "8",
            "--threads",
            threads,
            "--out",
            out,
        ];
        let o = run_samegame(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let v = run_samegame(&["verify", set, out]);
        let report = String::from_utf8_lossy(&v.stdout).into_owned();
        assert!(report.contains("3 ok, 0 failed"), "{report}");
        files.push(std::fs::read(out).unwrap());
    }
    assert_eq!(files[0], files[1], "the thread count changed the lines");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn what_does_not_take_a_beam_playout_is_refused_naming_the_flag() {
    let d = tempdir("playout-beam-bad");
    let set = testset(&d, 1, 6, 6, 3);
    let set = set.to_str().unwrap();
    let only = "--playout-beam is only used by nmcs";
    let cases = [
        ("--playout-beam 4", only),
        ("--algo beam --playout-beam 4", only),
        ("--algo nrpa --level 2 --playout-beam 1", only),
        ("--algo nmcts --inner-algo nmcs --playout-beam 2", only),
        (
            "--algo nmcs --playout-beam 2 --policy adapt",
            "--policy adapt does not combine with --playout-beam",
        ),
        (
            "--algo nmcs --playout-beam 2 --policy tabu-bandit",
            "--policy tabu-bandit does not combine with --playout-beam",
        ),
        (
            "--algo nmcs --playout-beam 2 --policy tabu",
            "--policy tabu does not combine with --playout-beam",
        ),
        (
            "--algo nmcs --playout-beam 2 --search-threads 2",
            "--playout-beam does not combine with --threads/--search-threads 2",
        ),
        (
            "--algo nmcs --playout-beam 16777217",
            "--playout-beam must be between 0 (off) and 16777216",
        ),
        ("--algo nmcs --playout-beam wide", "--playout-beam"),
    ];
    solve_refuses(set, &cases);
    for (flags, msg) in cases {
        let mut args = vec!["batch", set, "--iterations", "10"];
        args.extend(flags.split(' '));
        refuses(&args, msg);
        let config = format!("x: {flags}");
        refuses(
            &["compare", set, "--config", &config, "--iterations", "10"],
            msg,
        );
    }
    // solve's --threads is --search-threads.
    refuses(
        &[
            "solve",
            set,
            "--algo",
            "nmcs",
            "--playout-beam",
            "2",
            "--threads",
            "2",
        ],
        "--playout-beam does not combine with --threads/--search-threads 2",
    );
    let _ = std::fs::remove_dir_all(&d);
}
