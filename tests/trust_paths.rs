//! End-to-end: no command writes an output over a file it reads (the test set, a
//! solutions file, a journal) or over another of its outputs, however the path is
//! spelt (`./x` for `x`, a symlink). Each case is refused before anything is written
//! (exit 2, a message naming both flags), and every file in the folder is left
//! byte for byte as it was. `batch`'s cases are in `tests/batch.rs`. Also: files
//! kept and read again (journals, solutions and results files) named as streams
//! (`/dev/stdout`, `/dev/fd/N`), outputs named `-`, and flags of `show` and `export`
//! that the chosen output would ignore are refused.

#![cfg(unix)]

mod common;
use common::process::{run, standard_files, text};
use common::{refuses, tempdir};

use std::collections::BTreeMap;
use std::path::Path;

/// Every file of `dir` with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).unwrap())
        })
        .collect()
}

#[test]
fn an_output_naming_an_input_or_another_output_is_refused_and_nothing_changes() {
    let d = tempdir("trust-paths");
    standard_files(&d, "set.txt", "sol.txt");
    std::os::unix::fs::symlink("set.txt", d.join("link.txt")).unwrap();
    let cmp = "compare set.txt --positions 1 --iterations 50 --config";
    let cases: &[(&str, &str)] = &[
        (
            "show set.txt --position 1 --solution sol.txt --html ./sol.txt",
            "--html ./sol.txt is the file read as --solution sol.txt",
        ),
        (
            "show set.txt --position 1 --html link.txt",
            "read as TESTSET set.txt",
        ),
        (
            "export sol.txt --format codingame-bot --testset set.txt --out ./set.txt",
            "read as --testset set.txt",
        ),
        (
            "export sol.txt --format codingame-bot --out ./sol.txt",
            "read as SOLUTIONS sol.txt",
        ),
        (
            "merge sol.txt --testset set.txt --out ./set.txt",
            "read as TESTSET",
        ),
        (
            "tune-eval set.txt --positions 1 --journal t.journal --out ./t.journal",
            "--out ./t.journal is the file written by --journal",
        ),
        (
            "tune-eval set.txt --positions 1 --journal t.journal --out w.toml --start ./w.toml",
            "read as --start",
        ),
        // A file kept and read again cannot be a stream (reading it back waited on
        // the command's own output); `-` is no output's name.
        (
            "batch set.txt --positions 1 --iterations 20 --runs 1 --out /dev/stdout",
            "--out /dev/stdout: a journal, solutions or results file is kept",
        ),
        (
            "batch set.txt --positions 1 --iterations 20 --runs 1 --out o.txt --journal /dev/fd/1",
            "--journal /dev/fd/1: a journal",
        ),
        (
            "batch set.txt --positions 1 --iterations 20 --runs 1 --out o.txt --results /dev/stderr",
            "--results /dev/stderr: a journal",
        ),
        (
            "tune-eval set.txt --positions 1 --journal /dev/stdout --out w.toml",
            "--journal /dev/stdout: a journal",
        ),
        (
            "merge sol.txt --testset set.txt --out /dev/stdout",
            "--out /dev/stdout: a journal",
        ),
        (
            "show set.txt --position 1 --html -",
            "--html -: an output is a file",
        ),
    ];
    let compare_cases: &[(&str, &str)] = &[
        ("--csv ./set.txt", "read as TESTSET"),
        ("--keep-best sol.txt --csv ./sol.txt", "written by --csv"),
        ("--csv r.csv --json ./r.csv", "written by --csv"),
        (
            "--csv r.csv --svg r.summary.csv",
            "written by --csv's summary",
        ),
        ("--journal link.txt", "read as TESTSET"),
        ("--journal /dev/stdout", "--journal /dev/stdout: a journal"),
        ("--keep-best /dev/fd/1", "--keep-best /dev/fd/1: a journal"),
        ("--csv -", "--csv -: an output is a file"),
    ];
    let before = snapshot(&d);
    let mut all: Vec<(Vec<String>, &str)> = cases
        .iter()
        .map(|(args, msg)| (args.split(' ').map(String::from).collect(), *msg))
        .collect();
    for (extra, msg) in compare_cases {
        let mut args: Vec<String> = cmp.split(' ').map(String::from).collect();
        args.push("--algo nmcs --level 1".into());
        args.extend(extra.split(' ').map(String::from));
        all.push((args, msg));
    }
    for (args, msg) in &all {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = run(&d, &args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(msg), "{args:?}: want {msg:?}, got {err}");
        assert!(err.contains("nothing was written"), "{args:?}: {err}");
        assert_eq!(snapshot(&d), before, "{args:?} changed a file");
    }
}

#[test]
fn flags_the_chosen_output_would_ignore_are_refused() {
    let d = tempdir("trust-ignored");
    let (set, sol) = standard_files(&d, "set.txt", "sol.txt");
    let (set, sol) = (set.to_str().unwrap(), sol.to_str().unwrap());
    let page = d.join("page.html");
    let page = page.to_str().unwrap();
    for flag in ["--no-color", "--step"] {
        refuses(
            &["show", set, "--position", "1", "--html", page, flag],
            "--no-color and --step are for the terminal view",
        );
    }
    refuses(
        &["export", sol, "--format", "codingame", "--out", page],
        "--out is only for --format codingame-bot",
    );
    assert!(!Path::new(page).exists());
}
