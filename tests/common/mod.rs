//! Helpers shared by the end-to-end tests (each test binary includes this module).

use std::collections::BTreeMap;
use std::path::Path;

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
