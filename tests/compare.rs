//! End-to-end tests of `samegame compare`: runs the binary on a tiny test set with
//! small iteration budgets and checks the table, the files, determinism across
//! thread counts, error reporting, `--keep-best` and the journal. (Budget curves:
//! tests/compare_curve.rs; plans and pools: tests/compare_plan.rs.)

mod common;
use common::compare::{run, without_columns};
use common::process::text;
use common::scores;

use std::path::PathBuf;

/// A fresh temporary folder holding the tiny test set.
fn dir(name: &str) -> PathBuf {
    common::compare::dir("compare", name)
}
const CONFIGS: [&str; 6] = [
    "--config",
    "one: --algo nmcts --level 1",
    "--config",
    "two: --algo nmcts --level 2",
    "--config",
    "--algo nmcs --level 1 --label nested",
];

#[test]
fn table_and_files() {
    let d = dir("files");
    let mut args: Vec<&str> = CONFIGS.to_vec();
    args.extend([
        "--iterations",
        "30",
        "--runs",
        "2",
        "--csv",
        "out.csv",
        "--json",
        "out.json",
        "--svg",
        "out.svg",
        "--all-pairs",
    ]);
    let out = run(&d, &args);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}\n{}", stdout, text(&out.stderr));
    assert!(
        stdout.contains("3 configurations x 3 positions x 2 runs"),
        "{stdout}"
    );
    for l in ["one ", "two ", "nested "] {
        assert!(stdout.lines().any(|x| x.starts_with(l)), "{l}: {stdout}");
    }
    assert!(
        stdout.lines().any(|x| x.starts_with("two - one ")),
        "{stdout}"
    );
    assert!(
        stdout.lines().any(|x| x.starts_with("nested - two ")),
        "{stdout}"
    );

    let csv = std::fs::read_to_string(d.join("out.csv")).unwrap();
    assert_eq!(csv.lines().count(), 1 + 3 * 3 * 2);
    assert!(csv.starts_with("label,config,position,run,seed,score,playouts,"));
    let summary = std::fs::read_to_string(d.join("out.summary.csv")).unwrap();
    assert_eq!(
        summary.lines().filter(|l| l.starts_with("config,")).count(),
        3
    );
    assert_eq!(
        summary.lines().filter(|l| l.starts_with("diff,")).count(),
        3
    );

    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("out.json")).unwrap()).unwrap();
    assert_eq!(json["jobs"].as_array().unwrap().len(), 18);
    assert_eq!(json["configs"][2]["label"], "nested");
    assert_eq!(json["plan"]["budget"]["Iterations"], 30);
    // The build and machine that ran it, first.
    let p = &json["provenance"];
    assert_eq!(p["samegame"], env!("CARGO_PKG_VERSION"));
    assert!(p["cores"].as_u64().unwrap() >= 1, "{p}");
    for k in ["commit", "cpu", "os", "at"] {
        assert!(!p[k].as_str().unwrap().is_empty(), "{k}: {p}");
    }
    assert_eq!(json["vs_baseline"].as_array().unwrap().len(), 2);

    let svg = std::fs::read_to_string(d.join("out.svg")).unwrap();
    assert!(svg.starts_with("<?xml") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches(r#"class="bar""#).count(), 3);
    assert_eq!(svg.matches(r#"class="diff-bar""#).count(), 2);
    assert!(svg.contains(">nested<"));
    let _ = std::fs::remove_dir_all(&d);
}

/// Reports are written through a temporary file renamed over the target: an older
/// report is replaced whole, a missing folder is made, and no temporary file stays.
#[test]
fn reports_replace_older_ones_whole() {
    let d = dir("atomic");
    std::fs::create_dir_all(d.join("old")).unwrap();
    std::fs::write(
        d.join("old/r.csv"),
        "an older, longer report\n".repeat(1000),
    )
    .unwrap();
    let out = run(
        &d,
        &[
            "--config",
            "--algo nmcs --level 1",
            "--iterations",
            "20",
            "--positions",
            "1",
            "--csv",
            "old/r.csv",
            "--svg",
            "new/r.svg",
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let csv = std::fs::read_to_string(d.join("old/r.csv")).unwrap();
    assert!(csv.starts_with("label,config,"), "{csv}");
    assert_eq!(csv.lines().count(), 2, "{csv}");
    assert!(d.join("new/r.svg").exists());
    for sub in ["old", "new"] {
        for e in std::fs::read_dir(d.join(sub)).unwrap() {
            let name = e.unwrap().file_name().to_string_lossy().into_owned();
            assert!(!name.contains(".tmp"), "temporary file left: {sub}/{name}");
        }
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn same_results_whatever_the_thread_count() {
    same_results_with_threads("threads", &CONFIGS);
    // NRPA (policy tables, restarts) is just as deterministic.
    same_results_with_threads(
        "threads-nrpa",
        &[
            "--config",
            "--algo nrpa --level 2 --nrpa-iterations 4",
            "--config",
            "--algo nrpa --level 1 --policy random --nrpa-bias 0.5",
        ],
    );
    // So are the learned rollouts, with root-parallel trees and nested levels.
    same_results_with_threads(
        "threads-adapt",
        &[
            "--config",
            "--algo mcts --policy adapt --search-threads 2",
            "--config",
            "--algo nmcts --policy adapt --adapt-scope level --inner 8",
            "--config",
            "--algo nmcs --policy adapt --adapt-tabu bandit",
        ],
    );
    // And the inner searches of --inner-algo.
    same_results_with_threads(
        "threads-inner",
        &[
            "--config",
            "--algo nmcts --inner-algo nmcs --inner 8",
            "--config",
            "--algo nbmcts --inner-algo nrpa --nrpa-iterations 3 --inner 9",
        ],
    );
}

fn same_results_with_threads(name: &str, configs: &[&str]) {
    let d = dir(name);
    let mut args: Vec<&str> = configs.to_vec();
    args.extend(["--iterations", "25", "--runs", "3", "--seed", "9"]);
    let mut csvs = Vec::new();
    for (threads, file) in [("1", "t1.csv"), ("2", "t2.csv")] {
        let mut a = args.clone();
        a.extend(["--threads", threads, "--csv", file]);
        let out = run(&d, &a);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let csv = std::fs::read_to_string(d.join(file)).unwrap();
        let summary =
            std::fs::read_to_string(d.join(file.replace(".csv", ".summary.csv"))).unwrap();
        csvs.push((
            without_columns(&csv, &["seconds"]),
            without_columns(&summary, &["playouts_per_second"]),
        ));
    }
    assert_eq!(csvs[0], csvs[1]);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn config_file_and_baseline_by_label() {
    let d = dir("file");
    std::fs::write(
        d.join("configs.txt"),
        "# level sweep\n\nlevel 1: --level 1\n  # indented comment\nlevel 2: --level 2\n",
    )
    .unwrap();
    let out = run(
        &d,
        &[
            "--configs",
            "configs.txt",
            "--iterations",
            "20",
            "--baseline",
            "level 2",
            "--positions",
            "1-2",
            "--aggregate",
            "max",
            "--runs",
            "2",
        ],
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        stdout.contains("2 configurations x 2 positions x 2 runs"),
        "{stdout}"
    );
    assert!(stdout.contains("max over runs"), "{stdout}");
    assert!(
        stdout.lines().any(|l| l.starts_with("level 1 - level 2 ")),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn errors_name_the_configuration() {
    let d = dir("errors");
    let out = run(
        &d,
        &[
            "--config",
            "--level 1",
            "--config",
            "--bogus 3",
            "--iterations",
            "5",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("--config 2 '--bogus 3'") && err.contains("--bogus"),
        "{err}"
    );

    std::fs::write(
        d.join("bad.txt"),
        "# ok\nfine: --level 1\nbroken: --level x\n",
    )
    .unwrap();
    let out = run(&d, &["--configs", "bad.txt", "--iterations", "5"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("bad.txt:3") && err.contains("broken"), "{err}");

    // A label used twice in the file: the second line, and the first.
    std::fs::write(d.join("twice.txt"), "a: --level 1\n\n# b\na: --level 2\n").unwrap();
    let out = run(&d, &["--configs", "twice.txt", "--iterations", "5"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("twice.txt:4: configuration 'a: --level 2': label 'a' is also on line 1"),
        "{err}"
    );

    // A label a --config flag took already, in the file or in a later flag: the flag.
    std::fs::write(d.join("one.txt"), "# c\nb: --level 2\n").unwrap();
    let out = run(
        &d,
        &[
            "--config",
            "b: --level 1",
            "--configs",
            "one.txt",
            "--iterations",
            "5",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains(
            "one.txt:2: configuration 'b: --level 2': label 'b' is also given by --config 1"
        ),
        "{err}"
    );
    let out = run(
        &d,
        &[
            "--config",
            "--level 1",
            "--config",
            "--level 1",
            "--iterations",
            "5",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("--config 2 '--level 1': label '--level 1' is also given by --config 1"),
        "{err}"
    );

    let out = run(&d, &["--iterations", "5"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no configuration"));

    let out = run(
        &d,
        &["--config", "--level 1", "--iterations", "5", "--runs", "0"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--runs"));

    let out = run(
        &d,
        &["--config", "--level 1 --iterations 9", "--iterations", "5"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("budget"));

    let out = run(&d, &["--config", "--level 1"]);
    assert_eq!(out.status.code(), Some(2), "a budget is required");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn one_position_one_run_does_not_crash() {
    let d = dir("single");
    let out = run(
        &d,
        &[
            "--config",
            "--level 1",
            "--config",
            "--level 2",
            "--positions",
            "2",
            "--iterations",
            "10",
            "--svg",
            "c.svg",
        ],
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(stdout.contains("n/a"), "{stdout}");
    assert!(d.join("c.svg").exists());
    let _ = std::fs::remove_dir_all(&d);
}

/// Two configurations that resolve to one search (NRPA's `--policy auto` is
/// `random` on a small board) are said to before the runs, and their rows are the
/// same; another level is another search.
#[test]
fn configurations_that_run_one_search_are_named() {
    let d = dir("same");
    let out = run(
        &d,
        &[
            "--config",
            "a: --algo nrpa --level 2",
            "--config",
            "b: --algo nrpa --level 2 --policy random",
            "--config",
            "c: --algo nrpa --level 1",
            "--iterations",
            "200",
        ],
    );
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{stderr}");
    let notes: Vec<&str> = stderr.lines().filter(|l| l.starts_with("note: ")).collect();
    assert_eq!(notes.len(), 1, "{stderr}");
    assert!(
        notes[0].starts_with("note: a and b run the same search at 200 playouts"),
        "{stderr}"
    );
    let mean = |label: &str| {
        let row = stdout
            .lines()
            .find(|l| l.starts_with(&format!("{label} ")))
            .unwrap();
        row.split_whitespace().nth(2).unwrap().to_string()
    };
    assert_eq!(mean("a"), mean("b"), "{stdout}");
    let _ = std::fs::remove_dir_all(&d);
}

/// Best score per position over the rows of a per-job CSV.
fn best_per_position(csv: &str) -> std::collections::BTreeMap<usize, i32> {
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (pos, score) = (col("position"), col("score"));
    let mut best = std::collections::BTreeMap::new();
    for l in csv.lines().skip(1) {
        let f: Vec<&str> = l.split(',').collect();
        let (p, s): (usize, i32) = (f[pos].parse().unwrap(), f[score].parse().unwrap());
        let e = best.entry(p).or_insert(s);
        *e = (*e).max(s);
    }
    best
}

#[test]
fn keep_best_saves_the_best_verified_line_of_every_run() {
    let d = dir("keep-best");
    // A weak budget first: the file gets the best line of the runs.
    let o = run(
        &d,
        &[
            "--iterations",
            "1",
            "--runs",
            "2",
            "--config",
            "--algo nmcs --level 1",
            "--csv",
            "a.csv",
            "--keep-best",
            "best.txt",
        ],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains("best.txt: 3 position(s) improved"),
        "{}",
        text(&o.stderr)
    );
    let first = best_per_position(&std::fs::read_to_string(d.join("a.csv")).unwrap());
    assert_eq!(scores(&d.join("best.txt")), first);
    // A budget curve: every budget's runs are offered; lines only improve.
    let o = run(
        &d,
        &[
            "--iterations",
            "1,300",
            "--config",
            "--algo nmcs --level 1",
            "--config",
            "--algo mcts",
            "--csv",
            "b.csv",
            "--keep-best",
            "best.txt",
        ],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let curve = best_per_position(&std::fs::read_to_string(d.join("b.csv")).unwrap());
    let kept = scores(&d.join("best.txt"));
    for (p, s) in &kept {
        assert_eq!(*s, first[p].max(curve[p]), "position {p}");
    }
    let v = std::process::Command::new(env!("CARGO_BIN_EXE_samegame"))
        .current_dir(&d)
        .args(["verify", "tiny.txt", "best.txt"])
        .output()
        .unwrap();
    assert!(v.status.success(), "{}", text(&v.stdout));
    // A file that does not replay is an error before any run, and is left alone.
    let bad = std::fs::read_to_string(d.join("best.txt"))
        .unwrap()
        .replacen("\n1 ", "\n1 9", 1);
    std::fs::write(d.join("bad.txt"), &bad).unwrap();
    let o = run(
        &d,
        &[
            "--iterations",
            "1",
            "--config",
            "--algo nmcs",
            "--csv",
            "c.csv",
            "--keep-best",
            "bad.txt",
        ],
    );
    assert!(!o.status.success());
    assert!(
        text(&o.stderr).contains("bad.txt:2: position 1 does not replay"),
        "{}",
        text(&o.stderr)
    );
    assert_eq!(std::fs::read_to_string(d.join("bad.txt")).unwrap(), bad);
    assert!(!d.join("c.csv").exists());
}

/// `--journal`: a second run of the same command takes every job from the journal
/// and prints the same results; a grown command runs only the new jobs; another seed
/// shares nothing; a torn last append (a kill mid-write) costs one job, run again;
/// a file that is not a journal is an error naming it, and is left alone.
#[test]
fn journal_resumes_a_comparison() {
    let d = dir("journal");
    let args = |csv: &'static str, positions: &'static str, seed: &'static str| {
        vec![
            "--positions",
            positions,
            "--seed",
            seed,
            "--iterations",
            "200",
            "--config",
            "a: --algo nmcs --level 1",
            "--config",
            "b: --algo mcts",
            "--csv",
            csv,
            "--journal",
            "runs.journal",
        ]
    };
    let csv = |f: &str| std::fs::read_to_string(d.join(f)).unwrap();
    let rows = |f: &str, p: &str| {
        csv(f)
            .lines()
            .filter(|l| l.split(',').nth(2) == Some(p))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    // Runs `args`, which must succeed and report `taken` jobs from the journal and
    // `ran` run now.
    let counted = |args: &[&str], taken: usize, ran: usize| {
        let o = run(&d, args);
        assert!(o.status.success(), "{}", text(&o.stderr));
        let line = format!("runs.journal: {taken} job(s) taken from it, {ran} run now");
        assert!(text(&o.stderr).contains(&line), "{}", text(&o.stderr));
        o
    };
    let o = counted(&args("a.csv", "1-2", "5"), 0, 4);
    let first = text(&o.stdout);
    // The same command: nothing runs, the table and the rows are the same.
    let o = counted(&args("b.csv", "1-2", "5"), 4, 0);
    assert_eq!(text(&o.stdout), first);
    assert_eq!(csv("b.csv"), csv("a.csv"));
    // Grown by a position: only its two jobs run.
    counted(&args("c.csv", "1-3", "5"), 4, 2);
    for p in ["1", "2"] {
        assert_eq!(rows("c.csv", p), rows("a.csv", p), "position {p}");
    }
    // Another seed: other jobs.
    counted(&args("d.csv", "1-2", "6"), 0, 4);
    // A kill in the middle of the last append: that job runs again, same result.
    let j = d.join("runs.journal");
    let bytes = std::fs::read(&j).unwrap();
    std::fs::write(&j, &bytes[..bytes.len() - 3]).unwrap();
    let o = counted(&args("e.csv", "1-2", "6"), 3, 1);
    let err = text(&o.stderr);
    assert!(err.contains("the last append was cut short"), "{err}");
    // (The job run again has its own wall-clock seconds.)
    assert_eq!(
        without_columns(&csv("e.csv"), &["seconds"]),
        without_columns(&csv("d.csv"), &["seconds"])
    );
    // Not a journal: an error naming the file, which is left alone.
    std::fs::write(d.join("runs.journal"), "not a journal\n").unwrap();
    let o = run(&d, &args("f.csv", "1-2", "5"));
    assert!(!o.status.success());
    assert!(
        text(&o.stderr).contains("runs.journal"),
        "{}",
        text(&o.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(d.join("runs.journal")).unwrap(),
        "not a journal\n"
    );
    assert!(!d.join("f.csv").exists());
    let _ = std::fs::remove_dir_all(&d);
}

/// `--journal-only`: runs nothing and reports on the positions where the journal
/// has every job, saying which it left out; with none, an error.
#[test]
fn journal_only_reports_what_the_journal_has() {
    let d = dir("journal-only");
    let args = |csv: &'static str, positions: &'static str, only: bool| {
        let mut v = vec![
            "--positions",
            positions,
            "--iterations",
            "200",
            "--config",
            "a: --algo nmcs --level 1",
            "--config",
            "b: --algo nrpa --level 1",
            "--csv",
            csv,
            "--journal",
            "runs.journal",
        ];
        if only {
            v.push("--journal-only");
        }
        v
    };
    let o = run(&d, &args("a.csv", "1-2", false));
    assert!(o.status.success(), "{}", text(&o.stderr));
    let o = run(&d, &args("b.csv", "1-3", true));
    let err = text(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(
        err.contains("2 of 3 positions have every job journaled; left out: 3"),
        "{err}"
    );
    assert!(
        err.contains("runs.journal: 4 job(s) taken from it, 0 run now"),
        "{err}"
    );
    let csv = |f: &str| std::fs::read_to_string(d.join(f)).unwrap();
    assert_eq!(csv("b.csv"), csv("a.csv"));
    // No position complete: an error, and no report.
    let o = run(&d, &args("c.csv", "3", true));
    assert!(!o.status.success());
    assert!(
        text(&o.stderr).contains("has every job of no position"),
        "{}",
        text(&o.stderr)
    );
    assert!(!d.join("c.csv").exists());
    let _ = std::fs::remove_dir_all(&d);
}
