//! Which jobs a batch runs: `--positions` lists (`1-5,8`), `--shard i/n` and the
//! sorted (position, run) job list they select from.
//!
//! Owns: parsing and validating those selections and the deterministic partition of
//! the job list into shards. Must not: read files, run searches or print.

use std::fmt;
use std::str::FromStr;

use crate::error::Error;

/// One unit of work: run `run` (from 0) of position `position` (from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Job {
    /// Position number, from 1.
    pub position: usize,
    /// Run index, from 0.
    pub run: u64,
}

/// Parses a `--positions` value (`3`, `1-20`, `1-5,8,10-12`) into sorted, distinct
/// position numbers from 1. `count` is the number of positions in the test set.
pub fn parse_positions(spec: &str, count: usize) -> Result<Vec<usize>, Error> {
    let bad = |msg: String| Error::Config(format!("--positions '{spec}': {msg}"));
    let num = |s: &str| -> Result<usize, Error> {
        let s = s.trim();
        let n: usize = s
            .parse()
            .map_err(|_| bad(format!("'{s}' is not a position number")))?;
        if n == 0 {
            return Err(bad("positions count from 1".into()));
        }
        if n > count {
            return Err(bad(format!(
                "position {n} does not exist (the test set has positions 1-{count})"
            )));
        }
        Ok(n)
    };
    let mut out = Vec::new();
    for part in spec.split(',') {
        if part.trim().is_empty() {
            return Err(bad("empty item in the list".into()));
        }
        match part.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (num(a)?, num(b)?);
                if a > b {
                    return Err(bad(format!("range {a}-{b} is backwards")));
                }
                out.extend(a..=b);
            }
            None => out.push(num(part)?),
        }
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// `--shard i/n`: this process runs shard `index` (1 ≤ index ≤ count) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which shard, from 1.
    pub index: u64,
    /// How many shards in all.
    pub count: u64,
}

impl Shard {
    /// Whether job number `k` (0-based, in the sorted full job list) is in this shard:
    /// job k goes to shard (k mod count) + 1, so shards interleave and stay balanced.
    pub fn owns(&self, k: usize) -> bool {
        (k as u64) % self.count + 1 == self.index
    }
}

impl FromStr for Shard {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let err = |m: &str| format!("--shard '{s}': {m} (expected i/n with 1 <= i <= n, e.g. 2/8)");
        let (i, n) = s.split_once('/').ok_or_else(|| err("missing '/'"))?;
        let index: u64 = i.trim().parse().map_err(|_| err("bad shard number"))?;
        let count: u64 = n.trim().parse().map_err(|_| err("bad shard count"))?;
        if count == 0 {
            return Err(err("the shard count must be at least 1"));
        }
        if index == 0 || index > count {
            return Err(err("the shard number is out of range"));
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// The sorted job list of `positions` × runs `0..runs`, restricted to `shard`.
pub fn jobs(positions: &[usize], runs: u64, shard: Option<Shard>) -> Vec<Job> {
    let mut all: Vec<Job> = positions
        .iter()
        .flat_map(|&position| (0..runs).map(move |run| Job { position, run }))
        .collect();
    all.sort_unstable();
    match shard {
        None => all,
        Some(s) => all
            .into_iter()
            .enumerate()
            .filter(|&(k, _)| s.owns(k))
            .map(|(_, j)| j)
            .collect(),
    }
}

#[cfg(test)]
mod proptests;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_lists_and_ranges() {
        assert_eq!(
            parse_positions("1-5,8", 20).unwrap(),
            vec![1, 2, 3, 4, 5, 8]
        );
        assert_eq!(parse_positions("3, 1-2,2", 5).unwrap(), vec![1, 2, 3]);
        assert_eq!(parse_positions("20", 20).unwrap(), vec![20]);
        for bad in ["0", "21", "5-3", "a", "1,,2", "", "1-"] {
            let e = parse_positions(bad, 20).unwrap_err().to_string();
            assert!(e.starts_with(&format!("--positions '{bad}'")), "{e}");
        }
    }

    #[test]
    fn shard_parse() {
        assert_eq!("2/8".parse::<Shard>(), Ok(Shard { index: 2, count: 8 }));
        for bad in ["0/4", "5/4", "1/0", "1", "a/b"] {
            assert!(bad.parse::<Shard>().unwrap_err().starts_with("--shard"));
        }
    }

    #[test]
    fn shards_partition_the_job_list() {
        let positions = [1, 2, 5, 7];
        let full = jobs(&positions, 3, None);
        assert_eq!(full.len(), 12);
        for n in 1..=13 {
            let mut union: Vec<Job> = (1..=n)
                .flat_map(|i| jobs(&positions, 3, Some(Shard { index: i, count: n })))
                .collect();
            union.sort_unstable();
            assert_eq!(union, full, "{n} shards");
        }
    }
}
