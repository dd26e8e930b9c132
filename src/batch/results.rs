//! The machine-readable results file: one JSON object per finished run (JSON lines).
//!
//! Fields: `position`, `run`, `seed` (base seed; the run's generator is
//! `rng_for(seed, position, run)`), `variant`, `config` (the configuration's canonical
//! one-line form), `params` (the configuration as a JSON object), `budget`
//! (`{"iterations": K}` or `{"time": S}`), `score`, `playouts`, `nodes_created`,
//! `peak_nodes`, `seconds`.
//! Owns: that format, appending a line per run ([`Appender`], one open file for a
//! whole batch) and rewriting the file from the journal. Must not: decide which runs
//! exist (the journal does).

use std::io::Write;
use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use super::journal::RunRecord;
use crate::error::Error;
use crate::search::Budget;

/// The JSON object of one run.
pub fn to_json(r: &RunRecord) -> Value {
    let params: Value = serde_json::from_str(&r.params).unwrap_or(Value::Null);
    let budget = match r.budget {
        Budget::Iterations(k) => json!({ "iterations": k }),
        Budget::Time(s) => json!({ "time": s }),
    };
    json!({
        "position": r.position,
        "run": r.run,
        "seed": r.seed,
        "variant": r.variant.name(),
        "config": r.config,
        "params": params,
        "budget": budget,
        "score": r.score,
        "playouts": r.playouts,
        "nodes_created": r.nodes_created,
        "peak_nodes": r.peak_nodes,
        "seconds": r.seconds,
    })
}

/// Appends runs' lines to a results file, kept open.
pub struct Appender {
    path: PathBuf,
    file: Option<std::fs::File>,
}

impl Appender {
    /// An appender to `path` (created, with its folder, at the first line).
    pub fn new(path: &Path) -> Appender {
        Appender {
            path: path.to_path_buf(),
            file: None,
        }
    }

    /// Appends one run's line (one write).
    pub fn append(&mut self, r: &RunRecord) -> Result<(), Error> {
        let path = &self.path;
        if self.file.is_none() {
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
            }
            let f = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| Error::io(path, e))?;
            self.file = Some(f);
        }
        let mut line = to_json(r).to_string();
        line.push('\n');
        let f = self.file.as_mut().expect("opened above");
        f.write_all(line.as_bytes()).map_err(|e| Error::io(path, e))
    }
}

/// Rewrites `path` atomically with one line per record.
pub fn write_all(path: &Path, records: &[RunRecord]) -> Result<(), Error> {
    let mut s = String::new();
    for r in records {
        s.push_str(&to_json(r).to_string());
        s.push('\n');
    }
    crate::io::write_atomic(path, s.as_bytes())
}
