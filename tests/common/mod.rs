//! Helpers shared by the end-to-end tests (each test binary includes this module).
#![allow(dead_code)] // each test binary uses some of them

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
