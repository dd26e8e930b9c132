//! End to end: parallel NRPA. `solve --threads N` with NRPA is one search of width
//! N whose lines depend on the width, never on the thread count; they replay
//! (`verify`) on every variant and spend the iteration budget exactly;
//! `--nrpa-independent` keeps N independent searches; bad combinations exit 2
//! naming the flag.

use std::process::{Command, Output};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_samegame"))
}

fn testset() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testsets/codingame-extra-5.txt")
}

fn solve(variant: &str, args: &[&str]) -> Output {
    bin()
        .arg("solve")
        .arg(testset())
        .args(["--variant", variant, "--position", "2", "--seed", "3"])
        .args(["--level", "2", "--iterations", "3001"])
        .args(args)
        .output()
        .unwrap()
}

/// Stdout of a successful `solve`, checked with `verify`; the statistics line.
fn verified(variant: &str, args: &[&str], name: &str) -> (String, String) {
    let out = solve(variant, args);
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "{args:?}: {stderr}");
    let dir = std::env::temp_dir().join(format!("sg-nrpa-par-{}-{name}", std::process::id()));
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
        "{args:?}: verify failed: {}",
        String::from_utf8_lossy(&v.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
    let stats = stderr
        .lines()
        .find(|l| l.starts_with("position 2: score "))
        .unwrap_or_else(|| panic!("no statistics line: {stderr}"))
        .to_string();
    (
        stdout,
        stderr.lines().next().unwrap_or("").to_string() + "\n" + &stats,
    )
}

#[test]
fn threads_run_one_search_whose_lines_depend_on_the_width_only() {
    for v in [
        "samegame",
        "samegame-nopenalty",
        "clickomania",
        "bubblebreaker",
    ] {
        let (two, info) = verified(v, &["--threads", "2"], &format!("{v}-t2"));
        assert!(info.contains("--nrpa-width 2"), "{info}");
        assert!(info.contains(" playouts 3001 "), "{info}");
        assert!(info.contains(" threads 2"), "{info}");
        for (args, name) in [
            (&["--threads", "1", "--nrpa-width", "2"][..], "t1w2"),
            (&["--nrpa-width", "2"][..], "w2"),
            (&["--search-threads", "2"][..], "st2"),
            (&["--threads", "3", "--nrpa-width", "2"][..], "t3w2"),
        ] {
            let (out, info) = verified(v, args, &format!("{v}-{name}"));
            assert_eq!(out, two, "{v} {args:?}");
            assert!(info.contains(" playouts 3001 "), "{info}");
        }
    }
}

#[test]
fn independent_searches_stay_available() {
    let (_, info) = verified(
        "samegame",
        &["--threads", "2", "--nrpa-independent"],
        "indep",
    );
    assert!(
        info.contains("--search-threads 2 --nrpa-independent"),
        "{info}"
    );
    assert!(!info.contains("--nrpa-width"), "{info}");
    assert!(info.contains(" playouts 3001 "), "{info}");
    assert!(info.contains(" threads 2"), "{info}");
}

#[test]
fn bad_combinations_are_refused() {
    for (args, says) in [
        (
            &["--algo", "nmcs", "--nrpa-width", "2"][..],
            "--nrpa-width is only used by nrpa",
        ),
        (
            &["--algo", "mcts", "--nrpa-independent"][..],
            "--nrpa-independent is only used by nrpa",
        ),
        (
            &["--threads", "2", "--nrpa-width", "2", "--nrpa-independent"][..],
            "--nrpa-width and --nrpa-independent exclude each other",
        ),
        (
            &["--nrpa-width", "0"][..],
            "--nrpa-width must be between 1 and",
        ),
        (
            &["--nrpa-width", "1025"][..],
            "--nrpa-width must be between 1 and 1024",
        ),
    ] {
        let out = bin()
            .arg("solve")
            .arg(testset())
            .args(["--iterations", "10"])
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
