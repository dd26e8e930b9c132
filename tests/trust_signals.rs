//! End-to-end tests of the promise in docs/reliability.md that a signal ends every
//! long command keeping what was found (issue 30): SIGTERM and SIGINT end batches,
//! compares and solves, also while their threads start; a stopped solve prints its
//! best line so far.

#![cfg(unix)]

mod common;
use common::process::{ended, run, signal, spawn, spawn_piped, text, wait_for};
use common::{scores, tempdir, testset};
use std::time::Duration;

/// The most threads `--threads` accepts here ([`samegame::limits::max_threads`]: 4
/// per core the process may run on, which the child inherits): as many as can start
/// at once, valid on any machine and under `taskset`.
fn most_threads() -> String {
    samegame::limits::max_threads().to_string()
}

#[test]
fn sigterm_ends_a_batch_keeping_what_was_found() {
    let d = tempdir("sigterm-batch");
    let set = testset(&d, 3, 10, 10, 4);
    let set = set.to_str().unwrap();
    let threads = most_threads();
    let mut child = spawn(
        &d,
        &[
            "batch",
            set,
            "--iterations",
            "300",
            "--runs",
            "100000",
            "--threads",
            &threads,
            "--out",
            "s.txt",
        ],
    );
    wait_for(|| d.join("s.txt").exists(), "the first solutions file");
    signal(&child, "-TERM");
    let st = ended(&mut child, "batch");
    assert_eq!(st.code(), Some(130));
    let o = run(&d, &["verify", set, "s.txt"]);
    assert!(o.status.success(), "{}", text(&o.stdout));
    assert!(!scores(&d.join("s.txt")).is_empty());
}

#[test]
fn a_signal_while_threads_start_ends_the_command() {
    let d = tempdir("signal-start");
    let set = testset(&d, 3, 10, 10, 4);
    let set = set.to_str().unwrap();
    let threads = most_threads();
    for sig in ["-TERM", "-INT"] {
        let mut child = spawn(
            &d,
            &[
                "batch",
                set,
                "--iterations",
                "100000000",
                "--runs",
                "1000",
                "--threads",
                &threads,
                "--out",
                "t.txt",
            ],
        );
        std::thread::sleep(Duration::from_millis(30));
        signal(&child, sig);
        // Killed by the signal before its handler was set, or ended by it (130).
        let st = ended(&mut child, "batch while starting");
        assert!(st.code().is_none_or(|c| c == 130), "{st:?}");
        if d.join("t.txt").exists() {
            let o = run(&d, &["verify", set, "t.txt"]);
            assert!(o.status.success(), "{}", text(&o.stdout));
        }
    }
}

#[test]
fn signals_end_every_long_command() {
    let d = tempdir("signal-all");
    let set = testset(&d, 2, 15, 15, 3);
    let set = set.to_str().unwrap();
    let commands: Vec<Vec<&str>> = vec![
        vec![
            "solve", set, "--algo", "nmcs", "--level", "3", "--time", "600",
        ],
        vec!["perft", set, "--depth", "60"],
        vec![
            "compare",
            set,
            "--config",
            "--algo nmcs --level 3",
            "--time",
            "600",
            "--journal",
            "c.journal",
        ],
        vec!["bench", "--seconds", "600"],
    ];
    for (i, args) in commands.iter().enumerate() {
        let sig = if i % 2 == 0 { "-INT" } else { "-TERM" };
        let mut child = spawn(&d, args);
        std::thread::sleep(Duration::from_millis(300));
        signal(&child, sig);
        let st = ended(&mut child, args[0]);
        assert!(!st.success(), "{args:?}: {st:?}");
    }
}

/// Ctrl-C on a long `solve` prints the best line found so far (verified), says the
/// search stopped and which positions were not searched, and exits 130.
#[test]
fn an_interrupted_solve_prints_its_best_line_so_far() {
    use std::io::{BufRead as _, BufReader};
    use std::sync::{Arc, Mutex};
    let d = tempdir("solve-stop");
    let set = testset(&d, 2, 12, 12, 4);
    let set = set.to_str().unwrap();
    for args in [
        &["--algo", "nrpa"][..],
        &["--algo", "mcts", "--threads", "2"],
    ] {
        let mut child = spawn_piped(
            &d,
            &[&["solve", set, "--iterations", "1000000000"][..], args].concat(),
        );
        let err = Arc::new(Mutex::new(String::new()));
        let reader = {
            let (err, pipe) = (err.clone(), child.stderr.take().unwrap());
            std::thread::spawn(move || {
                for line in BufReader::new(pipe).lines() {
                    *err.lock().unwrap() += &(line.unwrap() + "\n");
                }
            })
        };
        // The handler is set before the search says what runs.
        wait_for(|| err.lock().unwrap().contains("\nruns: "), "solve's start");
        std::thread::sleep(Duration::from_millis(200));
        signal(&child, "-INT");
        let out = child.wait_with_output().unwrap();
        reader.join().unwrap();
        let err = err.lock().unwrap().clone();
        assert_eq!(out.status.code(), Some(130), "{args:?}: {err}");
        assert!(err.contains("position 1: score "), "{err}");
        assert!(err.contains(" stopped (best line so far)"), "{err}");
        assert!(
            err.contains("stopped: 1 of 2 positions not searched"),
            "{err}"
        );
        let lines = text(&out.stdout);
        assert_eq!(lines.lines().count(), 1, "{lines}");
        assert!(lines.starts_with("1 "), "{lines}");
        std::fs::write(d.join("s.txt"), &out.stdout).unwrap();
        let o = run(&d, &["verify", set, "s.txt"]);
        assert!(o.status.success(), "{}", text(&o.stdout));
    }
}

/// The signal that stops a run often ends its output's reader too (`samegame batch
/// … 2>&1 | tee log` stopped as a process group, or the terminal closed): with the
/// readers of its pipes gone, a stopped batch or compare still saves its
/// checkpoints and best games and ends with 130, instead of being killed by SIGPIPE
/// on its first message and losing the work since the last checkpoint.
#[test]
fn a_stop_whose_readers_are_gone_still_saves_the_checkpoints() {
    let d = tempdir("stop-closed-pipes");
    let set = testset(&d, 1, 15, 15, 5);
    let set = set.to_str().unwrap();
    let every = ["--checkpoint", "--checkpoint-every", "0.05"];
    let long = [
        "--algo",
        "nrpa",
        "--iterations",
        "1000000000",
        "--runs",
        "1",
    ];
    // `--quiet`: a batch or compare that says something while its readers are gone
    // and no stop has come (its `best so far` line after a checkpoint) is ended there
    // by SIGPIPE, as `| head` ends it (docs/usage.md), with that checkpoint saved; the
    // stop is what this test is about. (Without it, compare's line raced the stop.)
    let batch = [
        &["batch", set, "--out", "s.txt", "--threads", "1", "--quiet"][..],
        &long,
        &every,
    ];
    let compare = [
        &[
            "compare",
            set,
            "--config",
            "--algo nrpa",
            "--journal",
            "c.journal",
            "--quiet",
        ][..],
        &long[2..],
        &every,
    ];
    for (args, dir) in [
        (batch.concat(), "s.journal.checkpoints"),
        (compare.concat(), "c.journal.checkpoints"),
    ] {
        let mut child = spawn_piped(&d, &args);
        let dir = d.join(dir);
        wait_for(
            || std::fs::read_dir(&dir).is_ok_and(|mut r| r.next().is_some()),
            "the first checkpoint",
        );
        drop(child.stdout.take());
        drop(child.stderr.take());
        signal(&child, "-TERM");
        let st = ended(&mut child, args[0]);
        assert_eq!(st.code(), Some(130), "{}: {st:?}", args[0]);
        assert!(std::fs::read_dir(&dir).unwrap().next().is_some());
    }
    // The batch's best game so far is in its solutions file.
    let o = run(&d, &["verify", set, "s.txt"]);
    assert!(o.status.success(), "{}", text(&o.stdout));
    assert_eq!(scores(&d.join("s.txt")).len(), 1);
}
