//! End-to-end test of the promise in docs/reliability.md that absurd numbers are
//! refused before any work (issue 30): every flag given a value no search could
//! use exits 2 naming the flag, and writes nothing.

mod common;
use common::process::{run, text};
use common::{tempdir, testset};
use std::time::{Duration, Instant};

#[test]
fn absurd_numbers_are_refused_before_any_work() {
    let d = tempdir("absurd");
    let set = testset(&d, 2, 5, 5, 3);
    let set = set.to_str().unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["perft", set, "--depth", "99999999999"], "--depth"),
        (vec!["perft", set, "--depth", "513"], "--depth"),
        (
            vec!["batch", set, "--threads", "100000", "--out", "s.txt"],
            "--threads",
        ),
        (
            vec!["batch", set, "--runs", "1000001", "--out", "s.txt"],
            "--runs",
        ),
        (
            vec![
                "batch",
                set,
                "--iterations",
                "1000000000001",
                "--out",
                "s.txt",
            ],
            "--iterations",
        ),
        (vec!["solve", set, "--time", "604801"], "--time"),
        (vec!["solve", set, "--time", "nan"], "--time"),
        (vec!["solve", set, "--cpu-time", "604801"], "--cpu-time"),
        (vec!["solve", set, "--progress", "604801"], "--progress"),
        (vec!["solve", set, "--threads", "100000"], "--threads"),
        (
            vec!["solve", set, "--algo", "mcts", "--search-threads", "100000"],
            "--search-threads",
        ),
        (
            vec!["solve", set, "--algo", "mcts", "--restarts", "1000001"],
            "--restarts",
        ),
        (
            vec!["solve", set, "--algo", "nmcts", "--level", "9"],
            "--level",
        ),
        (
            vec![
                "solve", set, "--algo", "bmcts", "--beam-w", "1000001", "--beam-l", "5",
            ],
            "--beam-w",
        ),
        (
            vec![
                "solve",
                set,
                "--algo",
                "bmcts",
                "--beam-w",
                "5",
                "--beam-l",
                "1000000000001",
            ],
            "--beam-l",
        ),
        (
            vec!["solve", set, "--algo", "exact", "--tt-mb", "4097"],
            "--tt-mb",
        ),
        (
            vec!["solve", set, "--nrpa-iterations", "4294967296"],
            "--nrpa-iterations",
        ),
        (
            vec![
                "compare",
                set,
                "--config",
                "--algo nmcs",
                "--iterations",
                "5,0",
            ],
            "--iterations",
        ),
        (
            vec!["compare", set, "--config", "--algo nmcs", "--time", "1e9"],
            "--time",
        ),
        (
            vec![
                "compare",
                set,
                "--config",
                "--algo nmcs",
                "--iterations",
                "5",
                "--runs",
                "1000001",
            ],
            "--runs",
        ),
        (
            vec![
                "compare",
                set,
                "--config",
                "--algo nmcs",
                "--iterations",
                "5",
                "--threads",
                "100000",
            ],
            "--threads",
        ),
        (
            vec![
                "solve", set, "--algo", "bmcts", "--level", "2", "--beam-l", "50", "--beam-w", "4",
            ],
            "--level",
        ),
        (
            vec![
                "compare",
                set,
                "--config",
                "--algo nmcs",
                "--iterations",
                "1,2,3,4,5,6",
                "--runs",
                "1000000",
            ],
            "--runs × positions",
        ),
        (vec!["solve", set, "--nrpa-alpha", "0"], "--nrpa-alpha"),
        (
            vec!["solve", set, "--algo", "beam", "--beam-width", "16777217"],
            "--beam-width",
        ),
        (
            vec!["solve", set, "--nrpa-late-size", "1"],
            "--nrpa-late-size",
        ),
        (vec!["solve", set, "--nrpa-stable", "0"], "--nrpa-stable"),
        (
            vec!["solve", set, "--nrpa-stable", "4294967296"],
            "--nrpa-stable",
        ),
        (vec!["solve", set, "--nrpa-beam", "17"], "--nrpa-beam"),
        (
            vec!["solve", set, "--nrpa-repeats", "4294967296"],
            "--nrpa-repeats",
        ),
        (vec!["solve", set, "--algo", "mcts", "--c", "-1"], "--c"),
        (
            vec!["solve", set, "--algo", "exact", "--endgame", "1025"],
            "--endgame",
        ),
        (vec!["generate", "--count", "100001"], "--count"),
        (vec!["generate", "--width", "33"], "--width must be 1-32"),
        (vec!["generate", "--colors", "11"], "--colors"),
        (vec!["bench", "--seconds", "3601"], "--seconds"),
        (vec!["bench", "--playouts", "0"], "--playouts"),
        (vec!["show", set, "--position", "99999999999"], "position"),
    ];
    let tune = |flag: &'static str, v: &'static str| {
        let args = vec![
            "tune-eval",
            set,
            "--positions",
            "1",
            "--journal",
            "t.journal",
            "--out",
            "w.toml",
            flag,
            v,
        ];
        (args, flag)
    };
    let mut cases = cases;
    cases.extend([
        tune("--population", "10001"),
        tune("--generations", "10001"),
        tune("--beam-width", "16777217"),
        tune("--iterations", "1000000000001"),
        tune("--threads", "100000"),
    ]);
    for (args, flag) in cases {
        let start = Instant::now();
        let o = run(&d, &args);
        let e = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {e}");
        assert!(e.contains(flag), "{args:?}: the message names {flag}: {e}");
        assert!(
            !e.contains("panicked") && !e.contains("memory allocation"),
            "{e}"
        );
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "{args:?} took long"
        );
    }
    assert!(!d.join("s.txt").exists());
    assert!(!d.join("t.journal").exists() && !d.join("w.toml").exists());
}

/// A negative number given to a flag is that flag's value, refused naming the flag
/// (clap read `--level -1` as an unknown argument `-1`, and named no flag; found by
/// tests/flag_combinations.rs).
#[test]
fn negative_numbers_are_refused_naming_the_flag() {
    let d = tempdir("negative");
    let set = testset(&d, 1, 5, 5, 3);
    let set = set.to_str().unwrap();
    for (args, flag) in [
        (vec!["solve", set, "--level", "-1"], "--level"),
        (vec!["solve", set, "--iterations", "-5"], "--iterations"),
        (vec!["solve", set, "--nrpa-alpha", "-1"], "--nrpa-alpha"),
        (vec!["solve", set, "--time", "-0.5"], "--time"),
        (
            vec!["batch", set, "--runs", "-1", "--out", "s.txt"],
            "--runs",
        ),
        (vec!["perft", set, "--depth", "-1"], "--depth"),
        (vec!["generate", "--count", "-3"], "--count"),
        // A list starting with a negative number (clap reads it as no number).
        (
            vec!["solve", set, "--algo", "nmcts", "--im-alpha", "-0.5,0"],
            "--im-alpha",
        ),
        (vec!["solve", set, "--algo", "nmcts", "--z", "-1,0"], "--z"),
        (
            vec!["solve", set, "--algo", "nmcts", "--pb", "-1,0"],
            "--pb",
        ),
        (
            vec!["solve", set, "--algo", "nbmcts", "--beam-l", "-1,5"],
            "--beam-l",
        ),
    ] {
        let o = run(&d, &args);
        let e = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {e}");
        assert!(e.contains(flag), "{args:?}: the message names {flag}: {e}");
        assert!(!e.contains("unexpected argument"), "{args:?}: {e}");
        assert!(e.len() < 200, "{args:?}: a short message: {e}");
    }
    // A negative value a flag takes still works.
    let o = run(
        &d,
        &["solve", set, "--iterations", "20", "--nrpa-bias", "-0.5"],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(!d.join("s.txt").exists());
}
