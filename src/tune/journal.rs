//! The journal of a tuning run: one line per evaluated candidate, appended with one
//! write as soon as it is known, after a line naming the run's settings. A run
//! started again with the same settings reads the journal back and plays only
//! what is missing; a kill loses at most the candidate being played.
//!
//! ```text
//! # samegame tune-eval journal: one evaluated candidate per line (append-only)
//! settings positions testsets/… 1-100 (100 boards, fingerprint …) variant samegame …
//! candidate 0 0 123456 1.0 1.0 1.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0
//! ```
//!
//! A `candidate` line is generation, number, total score and the weights in
//! [`crate::search::FEATURES`] order, written so that they read back bit for bit.
//! A torn last line (no newline: a kill in the middle of an append) is dropped and
//! cut off; any other line that does not read is an error naming the file and the
//! line, and nothing is touched.
//!
//! Owns: the format. Must not: decide what is evaluated.

use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::Error;
use crate::search::{Weights, FEATURES};

const HEADER: &str =
    "# samegame tune-eval journal: one evaluated candidate per line (append-only)\n";

/// An open journal.
#[derive(Debug)]
pub struct Journal {
    path: PathBuf,
    file: File,
    entries: HashMap<(u32, u32), (Weights, i64)>,
    /// A torn last line was dropped on opening.
    pub torn: bool,
}

impl Journal {
    /// Opens the journal at `path` for the settings line `settings`, creating it
    /// (with its header) when it does not exist or is empty.
    pub fn open(path: &Path, settings: &str) -> Result<Journal, Error> {
        let target = crate::io::checked_target(path)?;
        let text = match std::fs::read(&target) {
            Ok(b) => crate::io::utf8_text(&b, path)?.to_string(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(Error::io(path, e)),
        };
        let whole = text.rfind('\n').map_or(0, |i| i + 1);
        let torn = whole < text.len();
        let mut entries = HashMap::new();
        let mut have_settings = false;
        for (n, line) in text[..whole].lines().enumerate() {
            let n = n + 1;
            let bad = |m: String| Err(Error::parse(path, n, m));
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            if let Some(rest) = line.strip_prefix("settings ") {
                if have_settings {
                    return bad("a second settings line".into());
                }
                if rest != settings {
                    return bad(format!(
                        "the journal was written for other settings:\n  journal: {rest}\n  now:     {settings}\n\
                         run with the same flags to resume it, or give another --journal"
                    ));
                }
                have_settings = true;
                continue;
            }
            if !have_settings {
                return bad("a candidate before the settings line".into());
            }
            let Some((g, i, w, total)) = parse_candidate(line) else {
                return bad(format!(
                    "cannot read '{line}' (expected: candidate GENERATION NUMBER TOTAL and {} weights)",
                    FEATURES.len()
                ));
            };
            if entries.insert((g, i), (w, total)).is_some() {
                return bad(format!("candidate {g} {i} is journaled twice"));
            }
        }
        if torn {
            let f = OpenOptions::new()
                .write(true)
                .open(&target)
                .map_err(|e| Error::io(path, e))?;
            f.set_len(whole as u64).map_err(|e| Error::io(path, e))?;
        }
        let mut file = crate::io::open_append(path)?;
        if !have_settings {
            if !entries.is_empty() || whole > 0 {
                return Err(Error::parse(path, 0, "no settings line"));
            }
            let head = format!("{HEADER}settings {settings}\n");
            file.write_all(head.as_bytes())
                .map_err(|e| Error::io(path, e))?;
        }
        Ok(Journal {
            path: path.to_path_buf(),
            file,
            entries,
            torn,
        })
    }

    /// The total journaled for candidate `i` of generation `g`, if any. An error
    /// when the journal holds other weights for it (the journal is from another
    /// build of the method).
    pub fn get(&self, g: u32, i: u32, w: &Weights) -> Result<Option<i64>, Error> {
        match self.entries.get(&(g, i)) {
            None => Ok(None),
            Some((jw, t)) if bits(jw) == bits(w) => Ok(Some(*t)),
            Some(_) => Err(Error::Other(format!(
                "{}: candidate {g} {i} was journaled with other weights than it draws now \
                 (a journal of another build?); give another --journal",
                self.path.display()
            ))),
        }
    }

    /// Appends candidate `i` of generation `g` with its total, in one write.
    pub fn append(&mut self, g: u32, i: u32, w: &Weights, total: i64) -> Result<(), Error> {
        let mut line = format!("candidate {g} {i} {total}");
        for x in w.0 {
            line.push_str(&format!(" {x:?}"));
        }
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .map_err(|e| Error::io(&self.path, e))?;
        self.entries.insert((g, i), (*w, total));
        Ok(())
    }

    /// Candidates journaled.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when no candidate is journaled.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

fn bits(w: &Weights) -> Vec<u64> {
    w.0.iter().map(|x| x.to_bits()).collect()
}

fn parse_candidate(line: &str) -> Option<(u32, u32, Weights, i64)> {
    let mut it = line.strip_prefix("candidate ")?.split_whitespace();
    let g = it.next()?.parse().ok()?;
    let i = it.next()?.parse().ok()?;
    let total = it.next()?.parse().ok()?;
    let mut w = [0.0f64; FEATURES.len()];
    for x in w.iter_mut() {
        *x = it.next()?.parse().ok()?;
        if !x.is_finite() {
            return None;
        }
    }
    it.next().is_none().then_some((g, i, Weights(w), total))
}
