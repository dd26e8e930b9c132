//! End to end: `samegame solve` with every algorithm, iteration and time budgets;
//! every printed solution line must replay to its score (checked with `verify`).

use std::process::Command;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_samegame"))
}

fn testset() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testsets/codingame-extra-5.txt")
}

/// Runs `solve` with `args`, writes its stdout to a solutions file, verifies it.
fn solve_and_verify(args: &[&str], variant: &str, name: &str) -> String {
    let out = bin()
        .arg("solve")
        .arg(testset())
        .args(["--variant", variant])
        .args(args)
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?}: {stderr}");
    assert!(!stdout.trim().is_empty(), "{args:?}: no solution line");
    let dir = std::env::temp_dir().join(format!("samegame-solve-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("sol.txt");
    std::fs::write(&file, &stdout).unwrap();
    let v = bin()
        .arg("verify")
        .arg(testset())
        .arg(&file)
        .args(["--variant", variant])
        .output()
        .unwrap();
    assert!(
        v.status.success(),
        "{args:?}: verify failed: {}{}",
        String::from_utf8_lossy(&v.stdout),
        String::from_utf8_lossy(&v.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
    stdout
}

const ALGOS: [&[&str]; 7] = [
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

#[test]
fn nonsense_parameters_are_config_errors() {
    for (args, flag) in [
        (&["--algo", "nmcts", "--level", "0"][..], "--level"),
        (&["--algo", "bmcts", "--beam-w", "0"][..], "--beam-w"),
        (&["--algo", "nmcts", "--c", "0.1,0.1,0.1"][..], "--c"),
        (&["--algo", "mcts", "--bandit-c", "0.1"][..], "--bandit-c"),
    ] {
        let out = bin()
            .arg("solve")
            .arg(testset())
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(flag), "{args:?}: {err}");
    }
}
