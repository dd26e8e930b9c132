//! The resume journal: every finished run of a batch, so that rerunning the same
//! command skips it.
//!
//! Format: the 8 bytes `SGJOURN\n`, a little-endian `u32` format version (1), then
//! the bincode (fixed-width integers, little endian) encoding of a `Vec<RunRecord>`.
//! The whole file is rewritten atomically (temporary file + rename) after each run,
//! so it is never half-written; a file that does not decode is reported as corrupt
//! and left alone.
//! Owns: [`RunRecord`] (one finished run), [`RunKey`] (what identifies a run) and
//! [`Journal`]. Must not: decide what a run is worth or touch solution files.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use bincode::Options;
use serde::{Deserialize, Serialize};

use crate::error::Error;
use crate::rules::Variant;
use crate::search::Budget;

const MAGIC: &[u8; 8] = b"SGJOURN\n";
const VERSION: u32 = 1;

/// One finished run: what was run and what came out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunRecord {
    /// The search configuration's canonical one-line description (its `Display`).
    pub config: String,
    /// The configuration serialized as JSON (all parameters, machine-readable).
    pub params: String,
    /// The budget of the run.
    pub budget: Budget,
    /// Scoring variant.
    pub variant: Variant,
    /// Base seed of the batch (the run's generator is `rng_for(seed, position, run)`).
    pub seed: u64,
    /// Position number, from 1.
    pub position: u64,
    /// Run index, from 0.
    pub run: u64,
    /// Best score the run found.
    pub score: i32,
    /// Level-0 playouts.
    pub playouts: u64,
    /// Tree nodes created.
    pub nodes_created: u64,
    /// Largest number of tree nodes alive at once.
    pub peak_nodes: u64,
    /// Wall-clock seconds of the search.
    pub seconds: f64,
}

impl RunRecord {
    /// What identifies this run.
    pub fn key(&self) -> RunKey {
        RunKey::new(
            &self.config,
            self.budget,
            self.variant,
            self.seed,
            self.position,
            self.run,
        )
    }
}

/// The identity of a run: (configuration, budget, variant, base seed, position, run).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RunKey {
    config: String,
    budget: (u8, u64),
    variant: Variant,
    seed: u64,
    position: u64,
    run: u64,
}

impl RunKey {
    /// The key of run `run` of `position` under the given settings.
    pub fn new(
        config: &str,
        budget: Budget,
        variant: Variant,
        seed: u64,
        position: u64,
        run: u64,
    ) -> RunKey {
        let budget = match budget {
            Budget::Iterations(k) => (0, k),
            Budget::Time(s) => (1, s.to_bits()),
        };
        RunKey {
            config: config.to_string(),
            budget,
            variant,
            seed,
            position,
            run,
        }
    }
}

/// The journal file and the runs it records.
#[derive(Debug)]
pub struct Journal {
    path: PathBuf,
    records: Vec<RunRecord>,
    done: HashSet<RunKey>,
}

impl Journal {
    /// Reads `path`, or starts an empty journal there when the file does not exist.
    /// A file that exists but does not decode is an error naming it.
    pub fn open(path: &Path) -> Result<Journal, Error> {
        let records = match std::fs::read(path) {
            Ok(bytes) => decode(&bytes).map_err(|m| Error::parse(path, 0, m))?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(Error::io(path, e)),
        };
        let done = records.iter().map(RunRecord::key).collect();
        Ok(Journal {
            path: path.to_path_buf(),
            records,
            done,
        })
    }

    /// The journal's file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether the run `key` is recorded as finished.
    pub fn contains(&self, key: &RunKey) -> bool {
        self.done.contains(key)
    }

    /// Every recorded run, in the order they finished.
    pub fn records(&self) -> &[RunRecord] {
        &self.records
    }

    /// Records a finished run and rewrites the file atomically. A run already
    /// recorded is not added twice.
    pub fn add(&mut self, rec: RunRecord) -> Result<(), Error> {
        if self.done.insert(rec.key()) {
            self.records.push(rec);
        }
        crate::io::write_atomic(&self.path, &encode(&self.records))
    }
}

fn options() -> impl Options {
    bincode::DefaultOptions::new()
        .with_fixint_encoding()
        .with_little_endian()
        .reject_trailing_bytes()
}

fn encode(records: &[RunRecord]) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    out.extend_from_slice(&VERSION.to_le_bytes());
    let body = options()
        .serialize(records)
        .expect("journal records always serialize");
    out.extend_from_slice(&body);
    out
}

fn decode(bytes: &[u8]) -> Result<Vec<RunRecord>, String> {
    if bytes.len() < MAGIC.len() + 4 || &bytes[..MAGIC.len()] != MAGIC {
        return Err(
            if MAGIC.starts_with(&bytes[..bytes.len().min(MAGIC.len())]) {
                "truncated journal (the header is incomplete); delete it to start over".into()
            } else {
                "not a samegame journal (bad header); delete it or pass another --journal".into()
            },
        );
    }
    let version = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes"));
    if version != VERSION {
        return Err(format!(
            "journal format version {version}, but this program reads version {VERSION}"
        ));
    }
    let body = &bytes[12..];
    options()
        .with_limit(body.len() as u64)
        .deserialize(body)
        .map_err(|e| format!("corrupt or truncated journal ({e}); delete it to start over"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(position: u64, run: u64) -> RunRecord {
        RunRecord {
            config: "nmcts --level 2".into(),
            params: "{}".into(),
            budget: Budget::Iterations(100),
            variant: Variant::SameGame,
            seed: 1,
            position,
            run,
            score: 42,
            playouts: 100,
            nodes_created: 7,
            peak_nodes: 5,
            seconds: 0.5,
        }
    }

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("sg-journal-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("j.journal")
    }

    #[test]
    fn round_trip_and_keys() {
        let p = temp("rt");
        let _ = std::fs::remove_file(&p);
        let mut j = Journal::open(&p).unwrap();
        assert!(j.records().is_empty());
        j.add(rec(1, 0)).unwrap();
        j.add(rec(2, 3)).unwrap();
        j.add(rec(2, 3)).unwrap();
        let j = Journal::open(&p).unwrap();
        assert_eq!(j.records(), &[rec(1, 0), rec(2, 3)]);
        assert!(j.contains(&rec(2, 3).key()));
        let other = RunKey::new(
            "nmcts --level 2",
            Budget::Time(1.0),
            Variant::SameGame,
            1,
            2,
            3,
        );
        assert!(!j.contains(&other));
    }

    #[test]
    fn corrupt_files_are_errors() {
        let p = temp("bad");
        let mut j = Journal::open(&p).unwrap();
        j.add(rec(1, 0)).unwrap();
        let good = std::fs::read(&p).unwrap();
        for (bytes, want) in [
            (good[..good.len() - 3].to_vec(), "corrupt or truncated"),
            (good[..5].to_vec(), "truncated journal"),
            (
                b"hello world, not a journal".to_vec(),
                "not a samegame journal",
            ),
            ([&good[..], &[0u8]].concat(), "corrupt or truncated"),
        ] {
            std::fs::write(&p, &bytes).unwrap();
            let e = Journal::open(&p).unwrap_err().to_string();
            assert!(e.starts_with(&p.display().to_string()), "{e}");
            assert!(e.contains(want), "{e}");
        }
        let mut v = good.clone();
        v[8] = 9;
        std::fs::write(&p, &v).unwrap();
        let e = Journal::open(&p).unwrap_err().to_string();
        assert!(e.contains("version 9"), "{e}");
    }
}
