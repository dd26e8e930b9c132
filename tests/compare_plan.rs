//! End-to-end tests of `compare --plan` (a plan runs what the same flags run; flags
//! override it; its folder; resuming; bad plans exit 2 naming file, line and key),
//! `compare --pool` (the landed pooled 60M result) and the reproduction of a small
//! landed plan.

mod common;
use common::compare::{compare, scores_csv};
use common::process::text;

use std::path::{Path, PathBuf};
use std::process::Output;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh temporary folder holding the tiny test set.
fn dir(name: &str) -> PathBuf {
    common::compare::dir("plan", name)
}

const PLAN: &str = "question = \"tiny\"\ntestset = \"tiny.txt\"\npositions = \"1-3\"\n\
    iterations = 300\nruns = 2\nseed = 5\nbaseline = \"b\"\nout = \"out\"\nconfigs = [\n\
    \"a: --algo nmcs --level 1\",\n  \"b: --algo nrpa --level 1\",\n]\n";

#[test]
fn plan_runs_what_the_flags_run_and_writes_its_folder() {
    let d = dir("same");
    std::fs::write(d.join("p.toml"), PLAN).unwrap();
    let plan = compare(&d, &["--plan", "p.toml"]);
    assert_eq!(plan.status.code(), Some(0), "{}", text(&plan.stderr));
    let flags = compare(
        &d,
        &[
            "tiny.txt",
            "--positions",
            "1-3",
            "--iterations",
            "300",
            "--runs",
            "2",
            "--seed",
            "5",
            "--baseline",
            "b",
            "--config",
            "a: --algo nmcs --level 1",
            "--config",
            "b: --algo nrpa --level 1",
            "--csv",
            "flags.csv",
        ],
    );
    assert_eq!(flags.status.code(), Some(0), "{}", text(&flags.stderr));
    assert_eq!(
        scores_csv(&d.join("out/p.csv")),
        scores_csv(&d.join("flags.csv"))
    );
    let table = |o: &Output| {
        text(&o.stdout)
            .lines()
            .filter(|l| !l.starts_with("a ") && !l.starts_with("b ")) // playouts/s
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(table(&plan), table(&flags));
    for f in [
        "p.md",
        "p.csv",
        "p.summary.csv",
        "p.json",
        "p.svg",
        "plan.toml",
        "p.journal",
    ] {
        assert!(d.join("out").join(f).exists(), "{f} missing");
    }
    assert_eq!(
        std::fs::read_to_string(d.join("out/plan.toml")).unwrap(),
        PLAN
    );
    let md = std::fs::read_to_string(d.join("out/p.md")).unwrap();
    assert!(md.contains("samegame compare --plan p.toml"), "{md}");
    assert!(md.contains(&text(&plan.stdout)), "{md}");
    // The build and machine that ran it, as in the JSON.
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("out/p.json")).unwrap()).unwrap();
    let p = &json["provenance"];
    let run_by = format!(
        "Run by samegame {} (commit {}), {}, {} cores, ",
        p["samegame"].as_str().unwrap(),
        p["commit"].as_str().unwrap(),
        p["cpu"].as_str().unwrap(),
        p["cores"]
    );
    assert!(md.contains(&run_by), "{run_by}\n{md}");
    // Run again: every job comes from the journal in the folder.
    let again = compare(&d, &["--plan", "p.toml"]);
    assert!(
        text(&again.stderr).contains("12 job(s) taken from it, 0 run now"),
        "{}",
        text(&again.stderr)
    );
    assert_eq!(
        scores_csv(&d.join("out/p.csv")),
        scores_csv(&d.join("flags.csv"))
    );
    // The compute of a run that spans sittings counts the journaled jobs too: the
    // rewritten report sums the seconds of all 12 jobs, none of which ran now.
    let md = std::fs::read_to_string(d.join("out/p.md")).unwrap();
    let (_, rest) = md.split_once("Search time ").expect(&md);
    let (secs, rest) = rest.split_once(" s summed over the ").expect(&md);
    assert!(
        rest.starts_with("12 jobs, those taken from a journal included."),
        "{md}"
    );
    let csv = std::fs::read_to_string(d.join("out/p.csv")).unwrap();
    let sum: f64 = csv
        .lines()
        .skip(1)
        .map(|l| l.rsplit_once(',').unwrap().1.parse::<f64>().unwrap())
        .sum();
    assert_eq!(secs.parse::<u64>().unwrap(), sum.round() as u64, "{md}");
}

/// A plan split over two processes (positions 1-2 in the plan's folder, position 3
/// in another journal) is one journal again with `--journal-add`: the whole plan then
/// takes all 12 jobs and its CSV is that of the plan run in one go.
#[test]
fn journal_add_joins_a_plan_split_over_processes() {
    let d = dir("journal-add");
    std::fs::write(d.join("p.toml"), PLAN).unwrap();
    let ok = |o: &Output| assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    ok(&compare(
        &d,
        &["--plan", "p.toml", "--positions", "1-2", "--out", "out"],
    ));
    ok(&compare(
        &d,
        &["--plan", "p.toml", "--positions", "3", "--out", "part"],
    ));
    let joined = compare(&d, &["--plan", "p.toml", "--journal-add", "part/p.journal"]);
    ok(&joined);
    let err = text(&joined.stderr);
    assert!(err.contains("4 job(s) added from part/p.journal"), "{err}");
    assert!(err.contains("12 job(s) taken from it, 0 run now"), "{err}");
    ok(&compare(&d, &["--plan", "p.toml", "--out", "whole"]));
    assert_eq!(
        scores_csv(&d.join("out/p.csv")),
        scores_csv(&d.join("whole/p.csv"))
    );
    // Again: nothing is added twice.
    let again = compare(&d, &["--plan", "p.toml", "--journal-add", "part/p.journal"]);
    ok(&again);
    assert!(text(&again.stderr).contains("0 job(s) added from part/p.journal"));
    // A torn last append in the journal is still reported (and cut off) when jobs
    // are added to it.
    let mut bytes = std::fs::read(d.join("out/p.journal")).unwrap();
    bytes.extend_from_slice(&[7, 0, 0]);
    std::fs::write(d.join("out/p.journal"), bytes).unwrap();
    let torn = compare(&d, &["--plan", "p.toml", "--journal-add", "part/p.journal"]);
    ok(&torn);
    let err = text(&torn.stderr);
    assert!(
        err.contains("the last append was cut short (3 bytes"),
        "{err}"
    );
    assert!(err.contains("12 job(s) taken from it, 0 run now"), "{err}");
    // A missing file, and no journal to add to, are refused naming what is wrong.
    let missing = compare(&d, &["--plan", "p.toml", "--journal-add", "nope.journal"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(text(&missing.stderr).contains("nope.journal: no such file"));
    let flags = compare(
        &d,
        &[
            "tiny.txt",
            "--iterations",
            "300",
            "--config",
            "a: --algo nmcs --level 1",
            "--journal-add",
            "part/p.journal",
        ],
    );
    assert_eq!(flags.status.code(), Some(2));
    assert!(text(&flags.stderr).contains("--journal-add needs a journal"));
}

/// Jobs journaled before `--adapt-scope auto` existed keep their keys: the landed
/// adapt-scope-validate journal (`search`, then the default, and `level`) gives
/// every job of its plan, and `auto` (level for NMCTS over MCTS) takes the `level`
/// jobs: one search, one key. Nothing is run when the keys hold.
#[test]
fn landed_learned_jobs_keep_their_keys() {
    let d = dir("learned-keys");
    let name = "adapt-scope-validate";
    let landed = root().join(format!("docs/results/{name}/{name}.journal"));
    let plan = root().join(format!("experiments/{name}.toml"));
    let o = compare(
        root(),
        &[
            "--plan",
            plan.to_str().unwrap(),
            "--positions",
            "151-152",
            "--out",
            d.join("out").to_str().unwrap(),
            "--journal-add",
            landed.to_str().unwrap(),
        ],
    );
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(err.contains("4 job(s) taken from it, 0 run now"), "{err}");
    let o = compare(
        root(),
        &[
            "testsets/samegame-maastricht-250.txt",
            "--positions",
            "151-152",
            "--iterations",
            "300000",
            "--config",
            "auto: --algo nmcts --inner-algo mcts --policy adapt",
            "--journal",
            d.join("auto.journal").to_str().unwrap(),
            "--journal-add",
            landed.to_str().unwrap(),
            "--csv",
            d.join("auto.csv").to_str().unwrap(),
        ],
    );
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(err.contains("2 job(s) taken from it, 0 run now"), "{err}");
    assert!(text(&o.stdout).contains("--adapt-scope level"));
    // The same rows (configuration line, seed, score, playouts, nodes) but the label.
    let rows = |f: &Path, label: &str| -> Vec<String> {
        scores_csv(f)
            .lines()
            .filter_map(|l| l.strip_prefix(&format!("{label},")).map(String::from))
            .collect()
    };
    let auto = rows(&d.join("auto.csv"), "auto");
    assert_eq!(auto.len(), 2);
    assert_eq!(auto, rows(&d.join(format!("out/{name}.csv")), "level"));
}

#[test]
fn flags_override_the_plan_without_overwriting_its_folder() {
    let d = dir("override");
    std::fs::write(d.join("p.toml"), PLAN).unwrap();
    let o = compare(&d, &["--plan", "p.toml", "--positions", "2", "--runs", "1"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(
        out.contains("2 configurations x 1 positions x 1 runs"),
        "{out}"
    );
    assert!(
        text(&o.stderr).contains("--positions, --runs given on the command line"),
        "{}",
        text(&o.stderr)
    );
    assert!(
        !d.join("out/p.csv").exists(),
        "the plan's folder was written"
    );
    // ... but its jobs are journaled there, as stderr says, and the whole plan takes them.
    assert!(
        text(&o.stderr).contains(
            "its finished jobs are journaled in out/p.journal, where the whole plan takes \
             those that are its own"
        ),
        "{}",
        text(&o.stderr)
    );
    let whole = compare(&d, &["--plan", "p.toml"]);
    assert!(
        text(&whole.stderr).contains("journal out/p.journal: 2 job(s) taken from it"),
        "{}",
        text(&whole.stderr)
    );
    // With --journal nothing goes to the plan's folder.
    let e = dir("override-journal");
    std::fs::write(e.join("p.toml"), PLAN).unwrap();
    let o = compare(
        &e,
        &["--plan", "p.toml", "--positions", "2", "--journal", "j"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(!e.join("out").exists() && e.join("j").exists());
    assert!(
        !text(&o.stderr).contains("journaled in"),
        "{}",
        text(&o.stderr)
    );
    let _ = std::fs::remove_dir_all(&e);
    // With --out the overridden run is kept, in that folder.
    let o = compare(
        &d,
        &["--plan", "p.toml", "--positions", "2", "--out", "look"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let csv = std::fs::read_to_string(d.join("look/p.csv")).unwrap();
    assert_eq!(csv.lines().count(), 1 + 2 * 2, "{csv}");
    // Configurations given as flags replace the plan's.
    let o = compare(
        &d,
        &[
            "--plan",
            "p.toml",
            "--config",
            "c: --algo nmcs",
            "--baseline",
            "c",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("1 configurations x 3 positions"));
}

#[test]
fn bad_plans_name_file_line_and_key() {
    let d = dir("bad");
    let cases = [
        (
            "testset = \"tiny.txt\"\niterations = 10\nposition = \"1\"\n",
            "p.toml:3: unknown key 'position'",
        ),
        (
            "testset = \"tiny.txt\"\niterations = 10\n\nruns = \"two\"\n",
            "p.toml:4: key 'runs': invalid type: string \"two\"",
        ),
        ("iterations = 10\nconfigs = [\"a: --algo nmcs\"]\n", "p.toml: missing key 'testset'"),
        (
            "testset = \"tiny.txt\"\niterations = 10\nconfigs = [\n  \"a: --algo nmcs\",\n  \"b: --algo nope\",\n]\n",
            "p.toml:5: key 'configs': 'b: --algo nope'",
        ),
        (
            "testset = \"tiny.txt\"\npositions = \"7-9\"\niterations = 10\nconfigs = [\"a: --algo nmcs\"]\n",
            "p.toml:2: key 'positions': ",
        ),
        (
            "testset = \"tiny.txt\"\niterations = 10\nbaseline = \"zz\"\nconfigs = [\"a: --algo nmcs\"]\n",
            "p.toml:3: key 'baseline': ",
        ),
        (
            "iterations = 10\ntestset = \"no-such-set.txt\"\nconfigs = [\"a: --algo nmcs\"]\n",
            "p.toml:2: key 'testset': no-such-set.txt: ",
        ),
        (
            "testset = \"tiny.txt\"\niterations = 10\n\nruns = 100000000\nconfigs = [\"a: --algo nmcs\"]\n",
            "p.toml:4: key 'runs': --runs must be at most",
        ),
        (
            "testset = \"tiny.txt\"\niterations = 10\nthreads = 100000\nconfigs = [\"a: --algo nmcs\"]\n",
            "p.toml:3: key 'threads': --threads must be at most",
        ),
        (
            "testset = \"tiny.txt\"\n\niterations = [10, 0]\nconfigs = [\"a: --algo nmcs\"]\n",
            "p.toml:3: key 'iterations': --iterations must be at least 1",
        ),
        (
            "testset = \"tiny.txt\"\ncpu_time = 2\niterations = 10\nconfigs = [\"a: --algo nmcs\"]\n",
            "p.toml:2: key 'cpu_time': budgets must all be",
        ),
        (
            "testset = \"tiny.txt\"\ntime = [1, 1.0]\nconfigs = [\"a: --algo nmcs\"]\n",
            "p.toml:2: key 'time': the same budget is given twice",
        ),
        (
            "testset = \"tiny.txt\"\niterations = 10\nconfigs = [\"a: --algo nmcs\"]\nout = \"tiny.txt/sub\"\n",
            "p.toml:4: key 'out': tiny.txt/sub: ",
        ),
        (
            "testset = \"tiny.txt\"\niterations = 10\nconfigs = [\n  \"x: --algo nmcs\",\n  \"x: --algo nrpa\",\n]\n",
            "p.toml:5: key 'configs': 'x: --algo nrpa': label 'x' is also on line 4",
        ),
    ];
    for (plan, want) in cases {
        std::fs::write(d.join("p.toml"), plan).unwrap();
        let o = compare(&d, &["--plan", "p.toml"]);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{plan}: {err}");
        assert!(err.contains(want), "{plan}: want {want:?}, got {err}");
        // An I/O error's cause is in its message once, not again as `caused by`.
        assert!(!err.contains("caused by"), "{plan}: {err}");
    }
    // A value given on the command line is the flag's, not the plan's.
    let plan = "testset = \"tiny.txt\"\niterations = 10\nthreads = 100000\nconfigs = [\"a: --algo nmcs\"]\n";
    std::fs::write(d.join("p.toml"), plan).unwrap();
    let o = compare(&d, &["--plan", "p.toml", "--threads", "1", "--runs", "0"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(!err.contains("p.toml:"), "{err}");
    let o = compare(&d, &["--plan", "missing.toml"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("missing.toml"));
}

#[test]
fn pool_reproduces_the_landed_60m_result() {
    let r = root().join("docs/results");
    let a = r.join("e11-budget-60m-1/e11-budget-60m-1.csv");
    let b = r.join("e11-budget-60m-3/e11-budget-60m-3.csv");
    let o = compare(
        root(),
        &[
            "--pool",
            a.to_str().unwrap(),
            b.to_str().unwrap(),
            "--baseline",
            "nmcs2",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    // docs/experiments.md: level-4 NRPA - level-2 NMCS +327.6 per board (95% CI
    // [148.2, 507.0], p = 0.0071) on standard boards 1-5 (what scripts/pooled-pair.py
    // printed: n 5 positions (1-5), t 5.069).
    let row = out
        .lines()
        .find(|l| l.starts_with("nrpa4 - nmcs2"))
        .unwrap();
    let words: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(
        words[3..],
        ["5", "1-5", "327.6", "[148.2,", "507.0]", "5.069", "0.0071"],
        "{out}"
    );
    // A budget curve's files need the budget.
    let curve = r.join("e4-nmcs-curve/e4-nmcs-curve.csv");
    let o = compare(root(), &["--pool", curve.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("a budget curve"));
}

/// A small landed plan (100 BMCTS searches of 10,000 playouts, about 8 CPU-seconds)
/// rerun from its plan gives the landed CSV's scores and the landed table's
/// differences exactly (wall-clock columns aside).
#[test]
fn small_landed_plan_reproduces_its_table() {
    let name = "s9-retune-beam-bubblebreaker-validate-10k";
    let d = dir("landed");
    let plan = root().join(format!("experiments/{name}.toml"));
    let o = compare(
        root(),
        &[
            "--plan",
            plan.to_str().unwrap(),
            "--out",
            d.join("out").to_str().unwrap(),
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let landed = root().join(format!("docs/results/{name}"));
    assert_eq!(
        scores_csv(&d.join(format!("out/{name}.csv"))),
        scores_csv(&landed.join(format!("{name}.csv")))
    );
    let md = std::fs::read_to_string(landed.join(format!("{name}.md"))).unwrap();
    let diffs = |t: &str| -> String {
        let from = t.find("difference").unwrap();
        t[from..].lines().take(2).collect::<Vec<_>>().join("\n")
    };
    assert_eq!(diffs(&text(&o.stdout)), diffs(&md));
}
