//! End to end: `samegame solve --algo beam` on every variant (lines verified by
//! `verify`, the same lines on 1 and 2 threads, the exact budget on the stderr
//! line), its refusals, and `batch` and `compare` running it like any algorithm.

mod common;

use std::path::PathBuf;
use std::process::{Command, Output};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_samegame"))
}

fn testset() -> PathBuf {
    common::shipped("codingame-extra-5.txt")
}

fn ok(out: Output, what: &str) -> (String, String) {
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{what}: {stderr}");
    (String::from_utf8(out.stdout).unwrap(), stderr)
}

/// `solve --algo beam` with `args`; its stdout (solution lines) verified by `verify`.
fn solve(variant: &str, args: &[&str], name: &str) -> (String, String) {
    let all = [&["--algo", "beam"][..], args].concat();
    common::solve_verified(&testset(), variant, &all, name)
}

#[test]
fn beam_lines_verify_on_every_variant_whatever_the_thread_count() {
    for v in [
        "samegame",
        "samegame-nopenalty",
        "clickomania",
        "bubblebreaker",
    ] {
        let base = ["--position", "2", "--iterations", "20000", "--seed", "3"];
        let (one, err1) = solve(v, &[&base[..], &["--threads", "1"]].concat(), v);
        let (two, err2) = solve(v, &[&base[..], &["--threads", "2"]].concat(), v);
        assert_eq!(one, two, "{v}: 1 and 2 threads gave different lines");
        assert!(
            err1.contains("beam --beam-width auto --eval learned"),
            "{err1}"
        );
        // The budget is spent exactly (or the beam proved its line optimal first).
        for err in [&err1, &err2] {
            assert!(
                err.contains("playouts 20000 ") || err.contains("proven optimal"),
                "{err}"
            );
        }
    }
    // Score-so-far ranking and a width cap: a shorter search, still verified.
    let (_, err) = solve(
        "samegame",
        &[
            "--position",
            "1",
            "--iterations",
            "100000",
            "--eval",
            "none",
        ],
        "none",
    );
    assert!(err.contains("--eval none"), "{err}");
    solve(
        "samegame",
        &[
            "--position",
            "1",
            "--beam-width",
            "8",
            "--iterations",
            "100000",
        ],
        "capped",
    );
    solve("samegame", &["--position", "3", "--time", "0.2"], "time");
}

#[test]
fn bad_beam_flags_are_refused_naming_the_flag() {
    for (args, flag) in [
        (&["--algo", "beam", "--beam-width", "0"][..], "--beam-width"),
        (&["--algo", "beam", "--beam-start", "0"][..], "--beam-start"),
        (
            &["--algo", "beam", "--beam-width", "8", "--beam-start", "16"][..],
            "--beam-start",
        ),
        (
            &["--algo", "beam", "--beam-start", "2000000"][..],
            "--beam-start",
        ),
        (&["--algo", "nrpa", "--beam-start", "8"][..], "--beam-start"),
        (&["--algo", "nrpa", "--beam-width", "8"][..], "--beam-width"),
        (&["--algo", "beam", "--beam-w", "8"][..], "--beam-w"),
        (&["--algo", "beam", "--restarts", "2"][..], "--restarts"),
        (&["--algo", "beam", "--policy", "tabu"][..], "--policy"),
        (&["--algo", "beam", "--eval", "best"][..], "--eval"),
    ] {
        common::solve_refused(testset().to_str().unwrap(), args, flag);
    }
}

#[test]
fn batch_and_compare_run_the_beam() {
    let d = common::tempdir("beam-batch");
    let set = testset();
    let set = set.to_str().unwrap();
    let out = bin()
        .current_dir(&d)
        .args(["batch", set, "--positions", "1-2", "--runs", "1"])
        .args(["--algo", "beam", "--iterations", "5000", "--out", "sol.txt"])
        .output()
        .unwrap();
    ok(out, "batch");
    let v = bin()
        .current_dir(&d)
        .args(["verify", set, "sol.txt"])
        .output()
        .unwrap();
    ok(v, "verify batch");
    let out = bin()
        .current_dir(&d)
        .args(["compare", set, "--positions", "1-2", "--runs", "1"])
        .args(["--config", "beam: --algo beam --beam-width 16"])
        .args(["--config", "nmcs: --algo nmcs --level 1"])
        .args(["--iterations", "3000", "--csv", "c.csv"])
        .output()
        .unwrap();
    let (stdout, _) = ok(out, "compare");
    assert!(stdout.contains("beam"), "{stdout}");
    let csv = std::fs::read_to_string(d.join("c.csv")).unwrap();
    assert!(csv.contains("beam --beam-width 16 --eval learned"), "{csv}");
    let _ = std::fs::remove_dir_all(&d);
}

/// The stderr of `samegame args` run in `dir`, which must be refused before any
/// work: exit 2, nothing on stdout.
fn refused_in(dir: &std::path::Path, args: &[&str]) -> String {
    let out = bin().current_dir(dir).args(args).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}: nothing is searched");
    err
}

#[test]
fn a_beam_too_wide_for_the_memory_of_a_board_is_refused_naming_the_flag_and_board() {
    let d = common::tempdir("beam-memory");
    let big = common::shipped("clickomania-20x20x10-100.txt");
    let big = big.to_str().unwrap();
    let wide = (1u64 << 24).to_string();
    let beam = ["--algo", "beam", "--beam-width", &wide];
    let solve = refused_in(
        &d,
        &[&["solve", big, "--position", "3"][..], &beam].concat(),
    );
    let want = format!(
        "--beam-width 16777216 needs about 33.4 GiB on position 3 of {big}, line 50 \
         (20 × 20, 10 colours); at most 4194304 there (limits::MAX_BEAM_BYTES 12 GiB)"
    );
    assert!(solve.contains(&want), "want {want}, got {solve}");
    let batch = [
        &["batch", big, "--positions", "2", "--out", "s.txt"][..],
        &beam,
    ]
    .concat();
    let err = refused_in(&d, &batch);
    assert!(err.contains("--beam-width 16777216 needs about"), "{err}");
    assert!(err.contains("on position 2 of"), "{err}");
    let config = format!("wide: --algo beam --beam-width {wide}");
    let compare = ["compare", big, "--positions", "1", "--iterations", "10"];
    let err = refused_in(&d, &[&compare[..], &["--config", &config]].concat());
    assert!(
        err.contains("configuration 'wide': --beam-width 16777216"),
        "{err}"
    );
    for (args, flag) in [
        (
            &["--algo", "nmcs", "--playout-beam", &wide][..],
            "--playout-beam",
        ),
        (&["--algo", "nrpa", "--nrpa-seed", &wide][..], "--nrpa-seed"),
    ] {
        let err = refused_in(&d, &[&["solve", big, "--position", "1"][..], args].concat());
        assert!(err.contains(&format!("{flag} 16777216 needs")), "{err}");
    }
    let tune = [
        "tune-eval",
        big,
        "--positions",
        "1",
        "--journal",
        "j",
        "--out",
        "w.toml",
    ];
    let err = refused_in(&d, &[&tune[..], &["--beam-width", &wide]].concat());
    assert!(err.contains("--beam-width 16777216 needs"), "{err}");
    assert!(
        !d.join("s.txt").exists() && !d.join("j").exists(),
        "nothing written"
    );
    // 2^22 on a standard 15 × 15 board passes the check: a tiny budget ends at once.
    let set = common::shipped("samegame-standard-20.txt");
    let width = (1u64 << 22).to_string();
    let (_, err) = common::solve_verified(
        &set,
        "samegame",
        &[
            "--position",
            "1",
            "--algo",
            "beam",
            "--beam-width",
            &width,
            "--iterations",
            "50",
        ],
        "beam-memory-ok",
    );
    assert!(err.contains("--beam-width 4194304"), "{err}");
    let _ = std::fs::remove_dir_all(&d);
}
