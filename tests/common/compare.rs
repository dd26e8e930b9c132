//! What the end-to-end tests of `compare` share: a tiny test set in a fresh folder,
//! running `samegame compare` there, and reading its CSVs without their wall-clock
//! column. Must not: assert what a command should print.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Three 4 × 4 boards of three colours: every search ends in milliseconds.
pub const TINY: &str = "# tiny compare test set\n\
# position 1\n0112\n2201\n1210\n0121\n\n\
# position 2\n2201\n0122\n2021\n1100\n\n\
# position 3\n0000\n1111\n0101\n2212\n";

/// A fresh temporary folder `samegame-{kind}-{pid}-{name}` holding `tiny.txt`.
pub fn dir(kind: &str, name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("samegame-{kind}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    std::fs::write(d.join("tiny.txt"), TINY).unwrap();
    d
}

/// `samegame compare ARGS` run in `cwd`.
pub fn compare(cwd: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_samegame"))
        .current_dir(cwd)
        .arg("compare")
        .args(args)
        .output()
        .unwrap()
}

/// `samegame compare tiny.txt ARGS` run in `d`.
pub fn run(d: &Path, args: &[&str]) -> Output {
    let mut all = vec!["tiny.txt"];
    all.extend_from_slice(args);
    compare(d, &all)
}

/// CSV text without the named columns (wall-clock columns vary between runs).
pub fn without_columns(csv: &str, drop: &[&str]) -> String {
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let keep: Vec<bool> = header.iter().map(|h| !drop.contains(h)).collect();
    csv.lines()
        .map(|l| {
            l.split(',')
                .zip(&keep)
                .filter(|(_, k)| **k)
                .map(|(f, _)| f)
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The per-job CSV at `path` without its wall-clock column (`seconds`, the last).
pub fn scores_csv(path: &Path) -> String {
    let t = std::fs::read_to_string(path).unwrap();
    let header: Vec<&str> = t.lines().next().unwrap().split(',').collect();
    let drop = header.iter().position(|h| *h == "seconds").unwrap();
    assert_eq!(drop, header.len() - 1, "seconds is the last column");
    t.lines()
        .map(|l| l.rsplit_once(',').unwrap().0.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}
