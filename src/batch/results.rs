//! The machine-readable results file: one JSON object per finished run (JSON lines).
//!
//! Fields: `position`, `run`, `seed` (base seed; the run's generator is
//! `rng_for(seed, position, run)`), `variant`, `config` (the configuration's canonical
//! one-line form), `params` (the configuration as a JSON object), `budget`
//! (`{"iterations": K}`, `{"time": S}` or `{"cpu_time": S}`), `score`, `playouts`, `nodes_created`,
//! `peak_nodes`, `seconds`.
//! Keys are written in alphabetical order (as `serde_json` writes a `Value`).
//! Owns: that format ([`to_json`], and [`LineFormat`], which writes the same text
//! without building a `Value` per run), appending a line per run ([`Appender`], one
//! open file for a whole batch) and rewriting the file from the journal. Must not:
//! decide which runs exist (the journal does).

use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

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
        Budget::CpuTime(s) => json!({ "cpu_time": s }),
    };
    json!({
        "position": r.position,
        "run": r.run,
        "seed": r.seed,
        "variant": r.variant.name(),
        "config": &*r.config,
        "params": params,
        "budget": budget,
        "score": r.score,
        "playouts": r.playouts,
        "nodes_created": r.nodes_created,
        "peak_nodes": r.peak_nodes,
        "seconds": r.seconds,
    })
}

/// Writes results lines: the text of [`to_json`], with each configuration's
/// parameters parsed and written once, not once per run.
#[derive(Default)]
pub struct LineFormat {
    /// (parameters as stored, as written in a line), per configuration seen.
    params: Vec<(Arc<str>, String)>,
}

impl LineFormat {
    /// The parameters of `raw` as a line writes them (keys sorted).
    fn params(&mut self, raw: &Arc<str>) -> &str {
        let i = match self
            .params
            .iter()
            .position(|(k, _)| Arc::ptr_eq(k, raw) || **k == **raw)
        {
            Some(i) => i,
            None => {
                let v: Value = serde_json::from_str(raw).unwrap_or(Value::Null);
                self.params.push((Arc::clone(raw), v.to_string()));
                self.params.len() - 1
            }
        };
        &self.params[i].1
    }

    /// Appends the line of `r` (with its newline) to `out`.
    pub fn write(&mut self, r: &RunRecord, out: &mut String) {
        let js = |v: &str| serde_json::to_string(v).expect("strings serialize");
        let float = |v: f64| serde_json::to_string(&v).expect("floats serialize");
        let budget = match r.budget {
            Budget::Iterations(k) => format!("{{\"iterations\":{k}}}"),
            Budget::Time(t) => format!("{{\"time\":{}}}", float(t)),
            Budget::CpuTime(t) => format!("{{\"cpu_time\":{}}}", float(t)),
        };
        let config = js(&r.config);
        let params = self.params(&r.params);
        let _ = writeln!(
            out,
            "{{\"budget\":{budget},\"config\":{config},\"nodes_created\":{},\"params\":{params},\
             \"peak_nodes\":{},\"playouts\":{},\"position\":{},\"run\":{},\"score\":{},\
             \"seconds\":{},\"seed\":{},\"variant\":{}}}",
            r.nodes_created,
            r.peak_nodes,
            r.playouts,
            r.position,
            r.run,
            r.score,
            float(r.seconds),
            r.seed,
            js(r.variant.name()),
        );
    }
}

/// Appends runs' lines to a results file, kept open.
pub struct Appender {
    path: PathBuf,
    file: Option<std::fs::File>,
    format: LineFormat,
    line: String,
}

impl Appender {
    /// An appender to `path` (created, with its folder, at the first line).
    pub fn new(path: &Path) -> Appender {
        Appender {
            path: path.to_path_buf(),
            file: None,
            format: LineFormat::default(),
            line: String::new(),
        }
    }

    /// Appends one run's line (one write).
    pub fn append(&mut self, r: &RunRecord) -> Result<(), Error> {
        let path = &self.path;
        if self.file.is_none() {
            self.file = Some(crate::io::open_append(path)?);
        }
        self.line.clear();
        self.format.write(r, &mut self.line);
        let f = self.file.as_mut().expect("opened above");
        f.write_all(self.line.as_bytes())
            .map_err(|e| Error::io(path, e))
    }
}

/// Rewrites `path` atomically with one line per record.
pub fn write_all(path: &Path, records: &[RunRecord]) -> Result<(), Error> {
    let mut format = LineFormat::default();
    let mut line = String::new();
    crate::io::write_atomic_with(path, |w| {
        for r in records {
            line.clear();
            format.write(r, &mut line);
            w.write_all(line.as_bytes())?;
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    #[test]
    fn lines_are_the_text_of_to_json() {
        let params: Arc<str> = r#"{"zeta":1,"algo":"Nmcs","x":{"b":[1.5,null],"a":"q\""}}"#.into();
        let mut r = RunRecord {
            config: "nmcs --level 2 \"odd\"".into(),
            params: Arc::clone(&params),
            budget: Budget::Iterations(2000),
            variant: Variant::SameGame,
            seed: 7,
            position: 12,
            run: 3,
            score: -45,
            playouts: 2000,
            nodes_created: 0,
            peak_nodes: 9,
            seconds: 0.1 + 0.2,
        };
        let mut f = LineFormat::default();
        let mut rs = vec![r.clone()];
        r.budget = Budget::Time(1.0);
        r.seconds = 3.0;
        r.variant = Variant::Clickomania;
        rs.push(r.clone());
        r.params = "not json".into();
        r.seconds = f64::NAN;
        rs.push(r);
        for r in &rs {
            let mut line = String::new();
            f.write(r, &mut line);
            assert_eq!(line, format!("{}\n", to_json(r)));
        }
        assert_eq!(f.params.len(), 2);
    }
}
