//! Helpers shared by the end-to-end tests (each test binary includes this module).
#![allow(dead_code)] // each test binary uses some of them

pub mod compare;
pub mod process;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Scores by position of a solutions file.
pub fn scores(path: &Path) -> BTreeMap<usize, i32> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut it = l.split_whitespace();
            let p = it.next().unwrap().parse().unwrap();
            let s = it.next().unwrap().parse().unwrap();
            (p, s)
        })
        .collect()
}

/// A fresh temporary folder for one test.
pub fn tempdir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("sg-e2e-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A test set of `n` random `w`×`h` boards with `c` colours (fixed LCG).
pub fn testset(dir: &Path, n: usize, w: usize, h: usize, c: u64) -> PathBuf {
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    let mut s = String::from("# e2e test set\n");
    for p in 1..=n {
        s.push_str(&format!("\n# position {p}\n"));
        for _ in 0..h {
            for _ in 0..w {
                x = x
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                s.push(char::from(b'0' + ((x >> 33) % c) as u8));
            }
            s.push('\n');
        }
    }
    let path = dir.join("set.txt");
    std::fs::write(&path, s).unwrap();
    path
}

/// A test set shipped in `testsets/`.
pub fn shipped(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testsets")
        .join(name)
}

/// `solve` on `set` under `variant` with `args` succeeds and prints at least one
/// solution line, and `verify` replays every line it printed (in a temporary folder
/// named after `name`). Returns its stdout and stderr.
pub fn solve_verified(set: &Path, variant: &str, args: &[&str], name: &str) -> (String, String) {
    let set = set.to_str().unwrap();
    let mut all = vec!["solve", set, "--variant", variant];
    all.extend_from_slice(args);
    let out = run_samegame(&all);
    let stderr = process::text(&out.stderr);
    assert!(out.status.success(), "{variant} {args:?}: {stderr}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        !stdout.trim().is_empty(),
        "{variant} {args:?}: no solution line"
    );
    let d = tempdir(&format!("verified-{name}"));
    let file = d.join("sol.txt");
    std::fs::write(&file, &stdout).unwrap();
    let v = run_samegame(&["verify", set, file.to_str().unwrap(), "--variant", variant]);
    assert!(
        v.status.success(),
        "{variant} {args:?}: verify failed: {}{}",
        process::text(&v.stdout),
        process::text(&v.stderr)
    );
    let _ = std::fs::remove_dir_all(&d);
    (stdout, stderr)
}

/// Runs `samegame` with `args`.
pub fn run_samegame(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_samegame"))
        .args(args)
        .output()
        .unwrap()
}

/// The binary run in the folder `dir` with a whitespace-separated argument string.
pub fn run_in(dir: &Path, args: &str) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_samegame"))
        .args(args.split_whitespace())
        .current_dir(dir)
        .output()
        .unwrap()
}

/// `solve` with each of `configs` (flags separated by single spaces) on the test set
/// `set` (in the folder `d`) on every variant, `iterations` playouts, seed `seed`:
/// each run succeeds, its canonical line on stderr contains `mark`, every position
/// spends exactly its budget (or is proven), its lines replay (`verify`), and on
/// SameGame the same seed gives the same lines.
pub fn solve_replays_spends_and_repeats(
    d: &Path,
    set: &str,
    configs: &[&str],
    iterations: &str,
    seed: &str,
    mark: &str,
) {
    let text = process::text;
    for variant in [
        "samegame",
        "samegame-nopenalty",
        "clickomania",
        "bubblebreaker",
    ] {
        for (i, config) in configs.iter().enumerate() {
            let mut args = vec!["solve", set, "--variant", variant];
            args.extend(config.split(' '));
            args.extend(["--iterations", iterations, "--seed", seed]);
            let out = run_samegame(&args);
            let err = text(&out.stderr);
            assert!(out.status.success(), "{config}: {err}");
            assert!(err.contains(mark), "{config}: {err}");
            let spent = format!(" playouts {iterations} ");
            for line in err.lines().filter(|l| l.starts_with("position ")) {
                assert!(
                    line.contains(&spent) || line.contains("proven"),
                    "{config} on {variant}: {line}"
                );
            }
            let sols = d.join(format!("{variant}-{i}.txt"));
            std::fs::write(&sols, &out.stdout).unwrap();
            let v = run_samegame(&["verify", set, sols.to_str().unwrap(), "--variant", variant]);
            assert!(
                v.status.success(),
                "{config} on {variant}: {}",
                text(&v.stderr)
            );
            if variant == "samegame" {
                let again = run_samegame(&args);
                assert_eq!(again.stdout, out.stdout, "{config}: same seed, same lines");
            }
        }
    }
}

/// `solve` on the test set `set` with each case's flags (separated by single spaces)
/// is refused before any search: exit 2, the case's message on stderr, nothing on
/// stdout.
pub fn solve_refuses(set: &str, cases: &[(&str, &str)]) {
    for (flags, message) in cases {
        let mut args = vec!["--iterations", "10"];
        args.extend(flags.split(' '));
        solve_refused(set, &args, message);
    }
}

/// `solve` on the test set `set` with `args` is refused before any search (see
/// [`refuses`]).
pub fn solve_refused(set: &str, args: &[&str], message: &str) {
    refuses(&[&["solve", set][..], args].concat(), message);
}

/// `samegame` with `args` is refused before any work: exit 2, `message` on stderr,
/// nothing on stdout.
pub fn refuses(args: &[&str], message: &str) {
    let out = run_samegame(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(
        err.contains(message),
        "{args:?}: want {message:?}, got {err}"
    );
    assert!(out.stdout.is_empty(), "{args:?}: nothing is searched");
}
