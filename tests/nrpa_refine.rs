//! End to end: NRPA's refinements (`--nrpa-stable`, `--nrpa-beam`, `--nrpa-prior`,
//! `--nrpa-repeats`, `--nrpa-seed`) through `batch` and `solve` on every variant: lines that
//! `verify` replays, exactly the budget in playouts, the same results whatever the
//! thread count, and every bad combination refused with exit 2 and a message naming
//! the flag.

mod common;
use common::{tempdir, testset};

use std::path::Path;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_samegame");

fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

fn ok(dir: &Path, args: &[&str]) -> Output {
    let o = run(dir, args);
    assert!(
        o.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    o
}

/// One refinement of each kind, as `batch` flags.
const REFINED: [&[&str]; 8] = [
    &["--nrpa-stable", "3"],
    &["--nrpa-beam", "3"],
    &["--nrpa-repeats", "1"],
    &[
        "--policy",
        "random",
        "--nrpa-prior",
        "tabu",
        "--nrpa-bias",
        "2",
    ],
    &[
        "--nrpa-stable",
        "2",
        "--nrpa-repeats",
        "1",
        "--policy",
        "tabu",
    ],
    &["--nrpa-seed", "1"],
    &["--nrpa-restart", "best"],
    &["--nrpa-restart", "best", "--nrpa-seed", "1"],
];

const VARIANTS: [&str; 4] = [
    "samegame",
    "samegame-nopenalty",
    "clickomania",
    "bubblebreaker",
];

#[test]
fn refinements_replay_spend_the_budget_and_ignore_the_thread_count() {
    let d = tempdir("nrpa-refine");
    testset(&d, 3, 8, 7, 4);
    for (i, flags) in REFINED.iter().enumerate() {
        for v in VARIANTS {
            let mut outs = Vec::new();
            for threads in ["1", "2"] {
                let out = format!("r{i}-{v}-t{threads}.txt");
                let mut args = vec!["batch", "set.txt", "--variant", v, "--algo", "nrpa"];
                args.extend(["--level", "2", "--nrpa-iterations", "6"]);
                args.extend_from_slice(flags);
                args.extend(["--iterations", "301", "--runs", "2", "--seed", "4"]);
                args.extend(["--threads", threads, "--out", &out]);
                ok(&d, &args);
                let verify = ok(&d, &["verify", "set.txt", &out, "--variant", v]);
                let report = String::from_utf8_lossy(&verify.stdout).into_owned();
                assert!(report.contains("3 ok, 0 failed"), "{flags:?} {v}: {report}");
                let jsonl = out.replace(".txt", ".results.jsonl");
                let rows = std::fs::read_to_string(d.join(&jsonl)).unwrap();
                assert_eq!(rows.lines().count(), 6);
                for row in rows.lines() {
                    let j: serde_json::Value = serde_json::from_str(row).unwrap();
                    assert_eq!(j["playouts"], 301, "{flags:?} {v}: {row}");
                    let config = j["config"].as_str().unwrap();
                    for pair in flags.chunks(2) {
                        let shown = format!("{} {}", pair[0], pair[1]);
                        assert!(config.contains(&shown), "{shown}: {config}");
                    }
                }
                let mut without_time: Vec<String> = rows
                    .lines()
                    .map(|r| {
                        let mut j: serde_json::Value = serde_json::from_str(r).unwrap();
                        j.as_object_mut().unwrap().remove("seconds");
                        j.to_string()
                    })
                    .collect();
                // Rows are appended as runs end: in any order with two threads.
                without_time.sort();
                outs.push((std::fs::read(d.join(&out)).unwrap(), without_time));
            }
            assert_eq!(
                outs[0], outs[1],
                "{flags:?} {v}: the thread count changed it"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn refined_solve_is_deterministic_and_differs_from_plain_nrpa() {
    let d = tempdir("nrpa-refine-solve");
    testset(&d, 4, 9, 8, 4);
    let solve = |flags: &[&str]| {
        let mut args = vec!["solve", "set.txt", "--iterations", "3000", "--seed", "2"];
        args.extend(["--level", "2", "--nrpa-iterations", "10"]);
        args.extend_from_slice(flags);
        String::from_utf8(ok(&d, &args).stdout).unwrap()
    };
    let plain = solve(&[]);
    for flags in REFINED {
        let first = solve(flags);
        assert_eq!(first, solve(flags), "{flags:?}");
        assert_ne!(first, plain, "{flags:?} searched as plain NRPA");
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn bad_refinements_are_refused_naming_the_flag() {
    let d = tempdir("nrpa-refine-bad");
    testset(&d, 1, 6, 6, 3);
    for (flags, msg) in [
        (
            &["--nrpa-stable", "0"][..],
            "--nrpa-stable must be at least 1",
        ),
        (&["--nrpa-beam", "0"][..], "--nrpa-beam must be between 1"),
        (&["--nrpa-beam", "17"][..], "--nrpa-beam must be between 1"),
        (&["--nrpa-repeats", "x"][..], "--nrpa-repeats"),
        (&["--nrpa-prior", "eval"][..], "--nrpa-prior"),
        (
            &["--nrpa-beam", "2", "--nrpa-stable", "2"][..],
            "--nrpa-stable does not combine with --nrpa-beam",
        ),
        (
            &["--nrpa-beam", "2", "--nrpa-repeats", "1"][..],
            "--nrpa-repeats does not combine with --nrpa-beam",
        ),
        (
            &["--nrpa-prior", "tabu", "--nrpa-bias", "1"][..],
            "it needs --policy random, not auto",
        ),
        (
            &["--nrpa-prior", "tabu", "--policy", "random"][..],
            "--nrpa-prior tabu needs a nonzero --nrpa-bias",
        ),
        (
            &["--algo", "nmcs", "--nrpa-stable", "2"][..],
            "--nrpa-stable is only used by nrpa",
        ),
        (
            &["--algo", "mcts", "--nrpa-beam", "2"][..],
            "--nrpa-beam is only used by nrpa",
        ),
        (
            &["--algo", "beam", "--nrpa-prior", "tabu"][..],
            "--nrpa-prior is only used by nrpa",
        ),
        (
            &[
                "--algo",
                "nmcts",
                "--inner-algo",
                "mcts",
                "--nrpa-repeats",
                "3",
            ][..],
            "--nrpa-repeats is only used by nrpa",
        ),
        (
            &["--nrpa-seed", "4", "--nrpa-beam", "2"][..],
            "--nrpa-seed does not combine with --nrpa-beam",
        ),
        (
            &["--nrpa-seed", "16777217"][..],
            "--nrpa-seed must be between 0 (no seed) and 16777216",
        ),
        (&["--nrpa-seed", "wide"][..], "--nrpa-seed"),
        (
            &["--algo", "nmcs", "--nrpa-restart", "best"][..],
            "--nrpa-restart is only used by nrpa",
        ),
        (
            &[
                "--algo",
                "nmcts",
                "--inner-algo",
                "nrpa",
                "--nrpa-restart",
                "best",
            ][..],
            "--nrpa-restart is only used by nrpa",
        ),
        (
            &["--nrpa-restart", "best", "--nrpa-beam", "2"][..],
            "--nrpa-restart best does not combine with --nrpa-beam",
        ),
        (&["--nrpa-restart", "worst"][..], "--nrpa-restart"),
        (
            &["--algo", "nmcs", "--nrpa-seed", "4"][..],
            "--nrpa-seed is only used by nrpa",
        ),
        (
            &[
                "--algo",
                "nmcts",
                "--inner-algo",
                "nrpa",
                "--nrpa-seed",
                "4",
            ][..],
            "--nrpa-seed is not available with --inner-algo nrpa",
        ),
    ] {
        for cmd in ["solve", "batch"] {
            let mut args = vec![cmd, "set.txt", "--iterations", "10"];
            args.extend_from_slice(flags);
            let o = run(&d, &args);
            let err = String::from_utf8_lossy(&o.stderr);
            assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
            assert!(err.contains(msg), "{args:?}: want {msg:?}, got {err}");
        }
        // And in a compare configuration.
        let config = format!("x: {}", flags.join(" "));
        let o = run(
            &d,
            &[
                "compare",
                "set.txt",
                "--config",
                &config,
                "--iterations",
                "10",
            ],
        );
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{config}: {err}");
        assert!(err.contains(msg), "{config}: want {msg:?}, got {err}");
    }
    let _ = std::fs::remove_dir_all(&d);
}
