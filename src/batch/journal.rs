//! The resume journal: every finished run of a batch, so that rerunning the same
//! command skips it.
//!
//! Format: the 8 bytes `SGJOURN\n`, a little-endian `u32` format version (1), then
//! the bincode (fixed-width integers, little endian) encoding of a table of the
//! distinct settings (configuration string and JSON, budget, variant, seed) followed
//! by the runs (index into that table, position, run, score, statistics). The whole
//! file is rewritten atomically (temporary file + rename), never half-written: after
//! a run when the last write is at least [`Journal::MIN_INTERVAL`] old, and on
//! [`Journal::flush`]; a kill loses at most that much journal (those runs are redone
//! on resume). A file that does not decode is reported as corrupt and left alone.
//! Owns: [`RunRecord`] (one finished run), [`RunKey`] (what identifies a run) and
//! [`Journal`]. Must not: decide what a run is worth or touch solution files.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

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
    dirty: bool,
    last_write: Option<Instant>,
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
            dirty: false,
            last_write: None,
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

    /// Shortest time between two rewrites by [`add`](Journal::add).
    pub const MIN_INTERVAL: Duration = Duration::from_millis(500);

    /// Records a finished run (a run already recorded is not added twice) and
    /// rewrites the file atomically when the last write is [`Self::MIN_INTERVAL`]
    /// old or more (always the first time).
    pub fn add(&mut self, rec: RunRecord) -> Result<(), Error> {
        if self.done.insert(rec.key()) {
            self.records.push(rec);
            self.dirty = true;
        }
        if self
            .last_write
            .is_none_or(|t| t.elapsed() >= Self::MIN_INTERVAL)
        {
            self.flush()?;
        }
        Ok(())
    }

    /// Writes the runs not yet on disk (atomically).
    pub fn flush(&mut self) -> Result<(), Error> {
        if self.dirty {
            crate::io::write_atomic(&self.path, &encode(&self.records))?;
            self.dirty = false;
            self.last_write = Some(Instant::now());
        }
        Ok(())
    }
}

/// The settings shared by many runs, stored once.
#[derive(Serialize, Deserialize)]
struct Settings {
    config: String,
    params: String,
    budget: Budget,
    variant: Variant,
    seed: u64,
}

/// One run in the file: an index into the settings table and its own fields.
#[derive(Serialize, Deserialize)]
struct StoredRun {
    settings: u32,
    position: u64,
    run: u64,
    score: i32,
    playouts: u64,
    nodes_created: u64,
    peak_nodes: u64,
    seconds: f64,
}

#[derive(Serialize, Deserialize)]
struct Stored {
    settings: Vec<Settings>,
    runs: Vec<StoredRun>,
}

fn to_stored(records: &[RunRecord]) -> Stored {
    /// (config, params, budget, variant, seed) → index in the settings table.
    type SettingsKey<'a> = (&'a str, &'a str, (u8, u64), Variant, u64);
    let mut index: HashMap<SettingsKey<'_>, u32> = HashMap::new();
    let mut settings = Vec::new();
    let mut runs = Vec::with_capacity(records.len());
    for r in records {
        let k = r.key();
        let id = *index
            .entry((&r.config, &r.params, k.budget, r.variant, r.seed))
            .or_insert_with(|| {
                settings.push(Settings {
                    config: r.config.clone(),
                    params: r.params.clone(),
                    budget: r.budget,
                    variant: r.variant,
                    seed: r.seed,
                });
                (settings.len() - 1) as u32
            });
        runs.push(StoredRun {
            settings: id,
            position: r.position,
            run: r.run,
            score: r.score,
            playouts: r.playouts,
            nodes_created: r.nodes_created,
            peak_nodes: r.peak_nodes,
            seconds: r.seconds,
        });
    }
    Stored { settings, runs }
}

fn from_stored(s: Stored) -> Result<Vec<RunRecord>, String> {
    s.runs
        .into_iter()
        .map(|r| {
            let st = s.settings.get(r.settings as usize).ok_or_else(|| {
                format!(
                    "corrupt journal (run refers to settings {} of {}); delete it to start over",
                    r.settings,
                    s.settings.len()
                )
            })?;
            Ok(RunRecord {
                config: st.config.clone(),
                params: st.params.clone(),
                budget: st.budget,
                variant: st.variant,
                seed: st.seed,
                position: r.position,
                run: r.run,
                score: r.score,
                playouts: r.playouts,
                nodes_created: r.nodes_created,
                peak_nodes: r.peak_nodes,
                seconds: r.seconds,
            })
        })
        .collect()
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
        .serialize(&to_stored(records))
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
    let stored: Stored = options()
        .with_limit(body.len() as u64)
        .deserialize(body)
        .map_err(|e| format!("corrupt or truncated journal ({e}); delete it to start over"))?;
    from_stored(stored)
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
        let mut other = rec(3, 0);
        other.seed = 2;
        j.add(other.clone()).unwrap();
        j.flush().unwrap();
        let j = Journal::open(&p).unwrap();
        assert_eq!(j.records()[2], other);
        let j = {
            let mut j = j;
            j.records.pop();
            j
        };
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
