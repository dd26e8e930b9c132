//! End to end: `samegame solve` with every algorithm, iteration and time budgets;
//! every printed solution line must replay to its score (checked with `verify`).

mod common;

use std::process::Command;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_samegame"))
}

fn testset() -> std::path::PathBuf {
    common::shipped("codingame-extra-5.txt")
}

/// Runs `solve` with `args`, writes its stdout to a solutions file, verifies it.
fn solve_and_verify(args: &[&str], variant: &str, name: &str) -> String {
    common::solve_verified(&testset(), variant, args, name).0
}

const ALGOS: [&[&str]; 9] = [
    &["--algo", "mcts"],
    &[
        "--algo",
        "mcts",
        "--z",
        "5",
        "--restarts",
        "2",
        "--policy",
        "tabu",
    ],
    &["--algo", "nmcs", "--level", "1"],
    &["--algo", "nmcts", "--level", "2", "--inner", "100"],
    &["--algo", "bmcts", "--beam-l", "50", "--beam-w", "3"],
    &[
        "--algo",
        "nbmcts",
        "--level",
        "2",
        "--policy",
        "tabu-bandit",
    ],
    &[
        "--algo",
        "nmcts",
        "--z",
        "auto,auto",
        "--policy",
        "tabu-bandit",
        "--bandit-c",
        "0.5",
    ],
    &["--algo", "nrpa", "--level", "2", "--nrpa-iterations", "20"],
    &[
        "--algo",
        "nrpa",
        "--policy",
        "random",
        "--nrpa-bias",
        "0.5",
        "--nrpa-alpha",
        "0.5",
    ],
];

#[test]
fn every_algorithm_with_iterations_on_every_variant() {
    for (i, a) in ALGOS.iter().enumerate() {
        for v in [
            "samegame",
            "samegame-nopenalty",
            "clickomania",
            "bubblebreaker",
        ] {
            let mut args = a.to_vec();
            args.extend(["--position", "2", "--iterations", "1500", "--seed", "3"]);
            let first = solve_and_verify(&args, v, &format!("it{i}{v}"));
            let again = solve_and_verify(&args, v, &format!("it{i}{v}b"));
            assert_eq!(first, again, "same seed and iterations, different result");
        }
    }
}

#[test]
fn every_algorithm_with_time() {
    for (i, a) in ALGOS.iter().enumerate() {
        let mut args = a.to_vec();
        args.extend(["--position", "1", "--time", "0.2"]);
        solve_and_verify(&args, "samegame", &format!("t{i}"));
    }
}

/// `--cpu-time`: every algorithm ends within its CPU-time budget with a line that
/// replays (the budget's accounting is tested in `search::budget`).
#[cfg(unix)]
#[test]
fn every_algorithm_with_cpu_time() {
    for (i, a) in ALGOS.iter().enumerate() {
        let mut args = a.to_vec();
        args.extend(["--position", "1", "--cpu-time", "0.2"]);
        solve_and_verify(&args, "samegame", &format!("c{i}"));
    }
    // Several trees, and parallel NRPA, each on a thread of its own.
    for a in [
        &["--algo", "mcts", "--threads", "2"][..],
        &["--threads", "2"],
    ] {
        let mut args = a.to_vec();
        args.extend(["--position", "2", "--cpu-time", "0.2"]);
        solve_and_verify(&args, "samegame", "c-threads");
    }
}

#[test]
fn bad_cpu_time_budgets_are_refused() {
    for (args, flag) in [
        (&["--cpu-time", "0"][..], "--cpu-time"),
        (&["--cpu-time=-1"][..], "--cpu-time"),
        (&["--cpu-time", "inf"][..], "--cpu-time"),
        (&["--cpu-time", "1", "--time", "1"][..], "--cpu-time"),
        (&["--cpu-time", "1", "--iterations", "10"][..], "--cpu-time"),
    ] {
        refused(args, flag);
    }
}

/// `solve` with `args` is refused before any search: exit 2, an error naming `flag`.
fn refused(args: &[&str], flag: &str) {
    common::solve_refused(testset().to_str().unwrap(), args, flag);
}

#[test]
fn nonsense_parameters_are_config_errors() {
    for (args, flag) in [
        (&["--algo", "nmcts", "--level", "0"][..], "--level"),
        (&["--algo", "bmcts", "--beam-w", "0"][..], "--beam-w"),
        (&["--algo", "nmcts", "--c", "0.1,0.1,0.1"][..], "--c"),
        (&["--algo", "mcts", "--bandit-c", "0.1"][..], "--bandit-c"),
        (&["--algo", "nmcs", "--nrpa-alpha", "2"][..], "--nrpa-alpha"),
        (
            &["--algo", "nrpa", "--nrpa-iterations", "0"][..],
            "--nrpa-iterations",
        ),
    ] {
        refused(args, flag);
    }
}

/// A generated set of small boards (5 × 4, 3 colours) in a temporary directory.
fn small_set(name: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("samegame-small-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let set = dir.join("small.txt");
    let out = bin()
        .args(["generate", "--width", "5", "--height", "4", "--colors", "3"])
        .args(["--count", "4", "--seed", "11", "--out"])
        .arg(&set)
        .output()
        .unwrap();
    assert!(out.status.success());
    (dir, set)
}

fn run_solve(set: &std::path::Path, args: &[&str]) -> (String, String) {
    let out = bin().arg("solve").arg(set).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// NRPA's default N is `auto`: the configuration line says so, and on a small board it
/// searches exactly as an explicit `--nrpa-iterations 20` (the small-board value);
/// a word other than `auto` is refused naming the flag.
#[test]
fn nrpa_iterations_auto_is_the_small_board_value_on_small_boards() {
    let (_dir, set) = small_set("nrpa-auto");
    let budget = ["--iterations", "3000"];
    let (auto, err) = run_solve(&set, &[&budget[..], &["--algo", "nrpa"]].concat());
    assert!(err.contains("--nrpa-iterations auto "), "{err}");
    let (twenty, _) = run_solve(
        &set,
        &[&budget[..], &["--algo", "nrpa", "--nrpa-iterations", "20"]].concat(),
    );
    let (hundred, _) = run_solve(
        &set,
        &[&budget[..], &["--algo", "nrpa", "--nrpa-iterations", "100"]].concat(),
    );
    assert_eq!(auto, twenty);
    assert_ne!(auto, hundred, "N = 100 gave the same lines on every board");
    refused(
        &["--algo", "nrpa", "--nrpa-iterations", "lots"],
        "--nrpa-iterations",
    );
}

/// `--algo exact` proves every optimum of a small set, says so on the statistics
/// line, and writes lines that `verify` accepts; global MCTS with the solver proves
/// the same scores; with a tiny node budget exact says "not proven" and still
/// returns a legal line.
#[test]
fn exact_proves_small_optima_and_mcts_agrees() {
    let (dir, set) = small_set("exact");
    let (exact, err) = run_solve(&set, &["--algo", "exact"]);
    assert_eq!(err.matches("proven optimal").count(), 4, "{err}");
    for line in err.lines().filter(|l| l.starts_with("position ")) {
        assert!(
            line.contains(" playouts ") && line.contains(" nodes "),
            "{line}"
        );
    }
    let sol = dir.join("exact.txt");
    std::fs::write(&sol, &exact).unwrap();
    let v = bin().arg("verify").arg(&set).arg(&sol).output().unwrap();
    assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stderr));
    let scores = |s: &str| -> Vec<String> {
        s.lines()
            .map(|l| l.split_whitespace().take(2).collect::<Vec<_>>().join(" "))
            .collect()
    };
    let args = ["--algo", "mcts", "--z", "0", "--iterations", "20000"];
    let (mcts, err) = run_solve(&set, &args);
    assert_eq!(scores(&mcts), scores(&exact));
    assert_eq!(err.matches("proven optimal").count(), 4, "{err}");
    assert!(err.contains(" solved "), "{err}");
    let (cut, err) = run_solve(&set, &["--algo", "exact", "--iterations", "3"]);
    assert!(err.contains("not proven"), "{err}");
    assert!(!err.contains("proven optimal"), "{err}");
    std::fs::write(&sol, &cut).unwrap();
    let v = bin().arg("verify").arg(&set).arg(&sol).output().unwrap();
    assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The solver's flags: `--solver off` and `--endgame` are accepted where they
/// apply and refused, naming the flag, where they do not.
#[test]
fn solver_flags_apply_where_they_mean_something() {
    let (dir, set) = small_set("flags");
    for args in [
        &["--algo", "mcts", "--solver", "off", "--iterations", "500"][..],
        &[
            "--algo",
            "nmcts",
            "--reuse",
            "off",
            "--reward-norm",
            "range",
            "--iterations",
            "500",
        ],
        &["--algo", "nmcs", "--endgame", "12", "--iterations", "500"],
    ] {
        run_solve(&set, args);
    }
    for (args, flag) in [
        (&["--algo", "nmcs", "--solver", "on"][..], "--solver"),
        (&["--algo", "exact", "--endgame", "5"], "--endgame"),
    ] {
        let out = bin().arg("solve").arg(&set).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains(flag));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Root parallelisation end to end: `solve --threads 2` with every algorithm but
/// exact prints lines that `verify` accepts, the same lines when run again and the
/// same lines as `--search-threads 2`; the statistics line keeps its prefix, counts
/// the budget in total and says `threads 2`.
#[test]
fn solve_with_threads_verifies_and_is_deterministic() {
    for (i, a) in ALGOS.iter().enumerate() {
        let mut args = a.to_vec();
        args.extend(["--position", "3", "--iterations", "2001", "--seed", "5"]);
        let with = |flag: &'static str| {
            let mut v = args.clone();
            v.extend([flag, "2"]);
            v
        };
        let first = solve_and_verify(&with("--threads"), "samegame", &format!("th{i}"));
        let again = solve_and_verify(&with("--threads"), "samegame", &format!("th{i}b"));
        assert_eq!(
            first, again,
            "{a:?}: same seed and iterations, different result"
        );
        let other = solve_and_verify(&with("--search-threads"), "samegame", &format!("th{i}c"));
        assert_eq!(first, other, "{a:?}: --threads and --search-threads differ");
    }
    let out = bin()
        .arg("solve")
        .arg(testset())
        .args(["--position", "1", "--algo", "mcts", "--z", "5"])
        .args(["--iterations", "3001", "--threads", "2"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    let line = err
        .lines()
        .find(|l| l.starts_with("position 1: score "))
        .unwrap_or_else(|| panic!("no statistics line: {err}"));
    assert!(line.contains(" playouts 3001 nodes "), "{line}");
    assert!(line.contains(" threads 2"), "{line}");
    for (args, flag) in [
        (&["--threads", "0"][..], "--threads"),
        (&["--algo", "exact", "--threads", "2"][..], "exact"),
    ] {
        refused(args, flag);
    }
}

#[test]
fn a_missing_position_is_the_only_line_on_stderr() {
    let o = bin()
        .arg("solve")
        .arg(testset())
        .args(["--position", "21", "--iterations", "10"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    // Refused before the configuration line a search starts with.
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("error: ") && err.contains("no position 21"),
        "{err}"
    );
}

/// `--positions` takes batch's lists: the positions in order, each line the one
/// `--position` gives it alone (each position has its own random stream).
#[test]
fn a_list_of_positions_solves_each_as_alone() {
    let set = testset();
    let set = set.to_str().unwrap();
    let budget = ["--iterations", "300", "--seed", "4"];
    let listed =
        common::run_samegame(&[&["solve", set, "--positions", "4,1-2"][..], &budget].concat());
    assert!(
        listed.status.success(),
        "{}",
        String::from_utf8_lossy(&listed.stderr)
    );
    let mut alone = Vec::new();
    for n in ["1", "2", "4"] {
        let o = common::run_samegame(&[&["solve", set, "--position", n][..], &budget].concat());
        alone.extend(o.stdout);
    }
    assert_eq!(
        String::from_utf8_lossy(&listed.stdout),
        String::from_utf8_lossy(&alone)
    );
    refused(&["--positions", "2-1"], "--positions");
    refused(&["--positions", "1", "--position", "1"], "--position");
}

/// `--progress S` prints the best score so far as the search finds it (read from
/// its checkpoints) and changes nothing in what it plays: the same solution line as
/// without it, each score said beats the one before and none beats the line's.
/// Searches that keep no checkpoints are refused, naming the flag.
#[test]
fn progress_says_the_best_so_far_and_plays_the_same_line() {
    let set = testset();
    let set = set.to_str().unwrap();
    for algo in [
        &["--algo", "nrpa"][..],
        &["--algo", "nmcts", "--threads", "1"],
        &["--algo", "beam", "--beam-width", "64"],
    ] {
        let budget = [
            &["solve", set, "--position", "2", "--iterations", "20000"][..],
            algo,
        ]
        .concat();
        let plain = common::run_samegame(&budget);
        let watched = common::run_samegame(&[&budget[..], &["--progress", "0.001"]].concat());
        let err = String::from_utf8_lossy(&watched.stderr);
        assert!(plain.status.success() && watched.status.success(), "{err}");
        assert_eq!(
            String::from_utf8_lossy(&plain.stdout),
            String::from_utf8_lossy(&watched.stdout),
            "{algo:?}"
        );
        let final_score: i32 = String::from_utf8_lossy(&watched.stdout)
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .expect("a solution line");
        let said: Vec<i32> = err
            .lines()
            .filter_map(|l| l.strip_prefix("position 2: best so far "))
            .map(|rest| rest.split(' ').next().unwrap().parse().unwrap())
            .collect();
        assert!(!said.is_empty(), "{algo:?}: no progress line in\n{err}");
        assert!(said.windows(2).all(|w| w[0] < w[1]), "{said:?}");
        assert!(
            *said.last().unwrap() <= final_score,
            "{said:?} {final_score}"
        );
        assert!(err.contains("position 2: score "), "{err}");
    }
    refused(&["--algo", "nmcs", "--progress", "1"], "--progress");
    refused(&["--progress", "0"], "--progress");
    // Everything in the way is said at once, each with its remedy.
    let o = common::run_samegame(&[
        "solve",
        set,
        "--algo",
        "mcts",
        "--search-threads",
        "2",
        "--z",
        "3",
        "--progress",
        "1",
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    for part in [
        "--search-threads 2",
        "--z 3 at level 1",
        "give --search-threads 1",
        "give --z 0",
    ] {
        assert!(err.contains(part), "{part}: {err}");
    }
}

/// `solve --run R` plays batch's run R: with the batch's configuration, budget and
/// seed, each run's score and playouts (from the batch's results file) and the best
/// run's line (its solutions file).
#[test]
fn solve_run_r_replays_batch_run_r() {
    let (dir, set) = small_set("run-r");
    let set = set.to_str().unwrap();
    let path = |f: &str| dir.join(f).to_string_lossy().into_owned();
    let budget = ["--iterations", "200", "--seed", "7", "--algo", "nmcs"];
    let (s, r, j) = (path("s.txt"), path("r.jsonl"), path("j.journal"));
    let o = common::run_samegame(
        &[
            &["batch", set, "--positions", "2", "--runs", "4", "--quiet"][..],
            &["--out", &s, "--results", &r, "--journal", &j],
            &budget,
        ]
        .concat(),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let runs: Vec<serde_json::Value> = std::fs::read_to_string(&r)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(runs.len(), 4);
    let mut lines = Vec::new();
    for run in &runs {
        let n = run["run"].as_u64().unwrap().to_string();
        let (out, err) = run_solve(
            std::path::Path::new(set),
            &[&["--position", "2", "--run", &n][..], &budget].concat(),
        );
        let want = format!(
            "position 2: score {} playouts {} ",
            run["score"], run["playouts"]
        );
        assert!(err.contains(&want), "run {n}: {want} in {err}");
        if n != "0" {
            assert!(err.contains(&format!(", seed 7, run {n})")), "{err}");
        }
        lines.push(out.lines().next().unwrap().to_string());
    }
    // The runs differ (else this would test nothing) and the best is the one kept.
    lines.sort();
    lines.dedup();
    assert!(lines.len() > 1, "{lines:?}");
    let kept = std::fs::read_to_string(&s).unwrap();
    let kept = kept.lines().find(|l| l.starts_with("2 ")).unwrap();
    assert!(lines.iter().any(|l| l == kept), "{kept} in {lines:?}");
}
