//! The resume journal: every finished run of a batch, so that rerunning the same
//! command skips it, and every game that improved the solutions file, so that the
//! solutions file can be rewritten only now and then and still lose nothing.
//!
//! The file (format in [`format`]) is append-only: each finished run is one frame (with
//! its game when the game improved the record), written with one `write` as soon as
//! the run ends, so a `kill -9` loses no finished run and no found game; the file is
//! synced to disk at most every [`Journal::SYNC_INTERVAL`] and on [`Journal::flush`].
//! On open, a torn last frame (a kill in the middle of an append) is dropped, with
//! [`Journal::torn`] saying so, and cut off before the next append; anything else that
//! does not decode is an error naming the file, and nothing is touched. A version-1
//! file (whole-file format of earlier builds) is read, and rewritten atomically in
//! version 2 before the first append.
//! Owns: [`RunRecord`] (one finished run), [`RunKey`] (what identifies a run),
//! [`FoundLine`] (a game as journaled) and [`Journal`]. Must not: decide what a run is
//! worth, replay games, or touch solution files.

mod format;

use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::board::Cell;
use crate::error::Error;
use crate::rules::Variant;
use crate::search::Budget;
use format::{Entry, Settings, StoredLine, StoredRun};

/// One finished run: what was run and what came out. The configuration strings are
/// shared by all runs of the same settings (a batch keeps every run in memory).
#[derive(Clone, Debug, PartialEq)]
pub struct RunRecord {
    /// The search configuration's canonical one-line description (its `Display`).
    pub config: Arc<str>,
    /// The configuration serialized as JSON (all parameters, machine-readable).
    pub params: Arc<str>,
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
    /// The stored form of this run, its settings being entry `settings` of the table.
    fn stored(&self, settings: u32) -> StoredRun {
        StoredRun {
            settings,
            position: self.position,
            run: self.run,
            score: self.score,
            playouts: self.playouts,
            nodes_created: self.nodes_created,
            peak_nodes: self.peak_nodes,
            seconds: self.seconds,
        }
    }
    /// What identifies this run.
    pub fn key(&self) -> RunKey {
        RunKey {
            config: Arc::clone(&self.config),
            budget: budget_bits(self.budget),
            variant: self.variant,
            seed: self.seed,
            position: self.position,
            run: self.run,
        }
    }
}

/// The identity of a run: (configuration, budget, variant, base seed, position, run).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RunKey {
    config: Arc<str>,
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
        RunKey {
            config: config.into(),
            budget: budget_bits(budget),
            variant,
            seed,
            position,
            run,
        }
    }
}

fn budget_bits(budget: Budget) -> (u8, u64) {
    match budget {
        Budget::Iterations(k) => (0, k),
        Budget::Time(s) => (1, s.to_bits()),
        Budget::CpuTime(s) => (2, s.to_bits()),
    }
}

/// A game that improved a solutions file when it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundLine {
    /// Scoring variant of the batch that found it.
    pub variant: Variant,
    /// Position number, from 1.
    pub position: usize,
    /// Final score.
    pub score: i32,
    /// The moves.
    pub moves: Vec<Cell>,
}

impl FoundLine {
    fn stored(&self) -> StoredLine {
        StoredLine {
            variant: self.variant,
            position: self.position as u64,
            score: self.score,
            moves: self.moves.iter().map(|c| [c.x, c.y]).collect(),
        }
    }

    fn from_stored(l: StoredLine) -> FoundLine {
        FoundLine {
            variant: l.variant,
            position: usize::try_from(l.position).unwrap_or(usize::MAX),
            score: l.score,
            moves: l.moves.into_iter().map(|[x, y]| Cell { x, y }).collect(),
        }
    }
}

/// What the file on disk needs before the next append.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Disk {
    /// No file yet: create it with a header.
    Missing,
    /// A good version-2 file: append.
    Current,
    /// A version-2 file whose last `dropped` bytes are a torn append: cut them off.
    Torn { good_len: u64, dropped: u64 },
    /// A version-1 file: rewrite it in version 2.
    Version1,
}

/// The journal file and the runs it records.
#[derive(Debug)]
pub struct Journal {
    path: PathBuf,
    records: Vec<RunRecord>,
    done: HashSet<RunKey>,
    found: Vec<FoundLine>,
    /// The file's settings table, in order (an index into it is a settings id).
    settings: Vec<Settings>,
    /// The configuration strings of `settings`, shared by the records.
    shared: Vec<(Arc<str>, Arc<str>)>,
    disk: Disk,
    file: Option<File>,
    unsynced: bool,
    last_sync: Option<Instant>,
}

impl Journal {
    /// Longest time a written frame waits to be synced to disk (a `kill -9` needs no
    /// sync; this bounds what a power failure can take).
    pub const SYNC_INTERVAL: Duration = Duration::from_secs(1);

    /// Reads `path`, or starts an empty journal there when the file does not exist.
    /// A file that exists but does not decode (apart from a torn last append) is an
    /// error naming it. Writes nothing.
    pub fn open(path: &Path) -> Result<Journal, Error> {
        // A FIFO or device would block or never end: only a regular file is read.
        crate::io::checked_target(path)?;
        let bytes = match std::fs::read(path) {
            Ok(b) => Some(b),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(Error::io(path, e)),
        };
        let mut j = Journal {
            path: path.to_path_buf(),
            records: Vec::new(),
            done: HashSet::new(),
            found: Vec::new(),
            settings: Vec::new(),
            shared: Vec::new(),
            disk: Disk::Missing,
            file: None,
            unsynced: false,
            last_sync: None,
        };
        let Some(bytes) = bytes else {
            return Ok(j);
        };
        let bad = |m: String| Error::parse(path, 0, m);
        let entries = if format::version(&bytes).map_err(bad)? == format::VERSION_1 {
            j.disk = Disk::Version1;
            format::parse_v1(&bytes).map_err(bad)?
        } else {
            let p = format::parse(&bytes).map_err(bad)?;
            j.disk = if p.good_len < bytes.len() {
                Disk::Torn {
                    good_len: p.good_len as u64,
                    dropped: (bytes.len() - p.good_len) as u64,
                }
            } else {
                Disk::Current
            };
            p.entries
        };
        for e in entries {
            j.apply(e).map_err(bad)?;
        }
        Ok(j)
    }

    fn apply(&mut self, e: Entry) -> Result<(), String> {
        match e {
            Entry::Settings(s) => {
                self.shared
                    .push((s.config.as_str().into(), s.params.as_str().into()));
                self.settings.push(s);
            }
            Entry::Run(r, line) => {
                let st = self.settings.get(r.settings as usize).ok_or_else(|| {
                    format!(
                        "corrupt journal (run refers to settings {} of {}); delete it to start \
                         over",
                        r.settings,
                        self.settings.len()
                    )
                })?;
                let (config, params) = &self.shared[r.settings as usize];
                let rec = RunRecord {
                    config: Arc::clone(config),
                    params: Arc::clone(params),
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
                };
                if self.done.insert(rec.key()) {
                    self.records.push(rec);
                }
                self.found.extend(line.map(FoundLine::from_stored));
            }
            Entry::Line(l) => self.found.push(FoundLine::from_stored(l)),
        }
        Ok(())
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

    /// When the file's last append was torn: (bytes kept, bytes dropped). The runs in
    /// the dropped part are not recorded (they will be run again); the part is cut
    /// off before the next append.
    pub fn torn(&self) -> Option<(u64, u64)> {
        match self.disk {
            Disk::Torn { good_len, dropped } => Some((good_len, dropped)),
            _ => None,
        }
    }

    /// Whether the file is in format version 1 (rewritten before the next append).
    pub fn is_version_1(&self) -> bool {
        self.disk == Disk::Version1
    }

    /// Takes the games read from the file (every game that improved a solutions file
    /// kept with this journal, in the order found).
    pub fn take_found(&mut self) -> Vec<FoundLine> {
        std::mem::take(&mut self.found)
    }

    /// Records a finished run (a run already recorded is not added twice) with its
    /// game when that game improved the solutions file: one frame, appended now.
    pub fn add(&mut self, rec: RunRecord, line: Option<&FoundLine>) -> Result<(), Error> {
        let key = rec.key();
        let mut buf = Vec::new();
        if self.done.contains(&key) {
            match line {
                Some(l) => format::frame(&Entry::Line(l.stored()), &mut buf),
                None => return Ok(()),
            }
        } else {
            let id = self.settings_id(&rec, &mut buf);
            let run = rec.stored(id);
            format::frame(&Entry::Run(run, line.map(FoundLine::stored)), &mut buf);
        }
        self.append(&buf)?;
        if self.done.insert(key) {
            self.records.push(rec);
        }
        Ok(())
    }

    /// Appends the runs of `other` that this journal lacks, each with a game of
    /// `other` of the same variant, position and score when it has one (what a
    /// comparison needs to take the run; the taker replays the game first): the
    /// journal of one run split over processes or machines becomes one. Runs already
    /// recorded here are left as they are, and `other` is only read. The games added
    /// join those read from the file ([`Self::take_found`]). Returns how many runs
    /// were added.
    pub fn add_runs_from(&mut self, other: &mut Journal) -> Result<usize, Error> {
        let found = other.take_found();
        let mut added = 0;
        for rec in other.records() {
            if self.contains(&rec.key()) {
                continue;
            }
            let line = found.iter().find(|l| {
                l.variant == rec.variant
                    && l.position as u64 == rec.position
                    && l.score == rec.score
            });
            self.add(rec.clone(), line)?;
            self.found.extend(line.cloned());
            added += 1;
        }
        Ok(added)
    }

    /// Records a game that improved the solutions file without a finished run (a run
    /// cut short): one frame, appended now.
    pub fn add_line(&mut self, line: &FoundLine) -> Result<(), Error> {
        let mut buf = Vec::new();
        format::frame(&Entry::Line(line.stored()), &mut buf);
        self.append(&buf)
    }

    /// The settings id of `rec`, adding a settings frame to `buf` when it is new.
    fn settings_id(&mut self, rec: &RunRecord, buf: &mut Vec<u8>) -> u32 {
        if let Some(i) = settings_index(&self.settings, rec) {
            return i as u32;
        }
        let s = settings_of(rec);
        format::frame(&Entry::Settings(s.clone()), buf);
        self.settings.push(s);
        self.shared
            .push((Arc::clone(&rec.config), Arc::clone(&rec.params)));
        (self.settings.len() - 1) as u32
    }

    /// Appends `bytes` with one write (after preparing the file, see [`Disk`]); syncs
    /// when the last sync is [`Self::SYNC_INTERVAL`] old or more.
    fn append(&mut self, bytes: &[u8]) -> Result<(), Error> {
        let path = self.path.clone();
        let io = |e| Error::io(&path, e);
        if self.file.is_none() {
            self.file = Some(self.prepare()?);
        }
        let f = self.file.as_mut().expect("opened above");
        f.write_all(bytes).map_err(io)?;
        self.unsynced = true;
        if self
            .last_sync
            .is_none_or(|t| t.elapsed() >= Self::SYNC_INTERVAL)
        {
            self.flush()?;
        }
        Ok(())
    }

    /// Opens the file for appending, first creating it, cutting off a torn append or
    /// rewriting a version-1 file.
    fn prepare(&mut self) -> Result<File, Error> {
        let path = &self.path;
        let io = |e| Error::io(path, e);
        let append = || OpenOptions::new().append(true).open(path).map_err(io);
        let f = match self.disk {
            Disk::Missing => {
                let target = crate::io::checked_target(path)?;
                if let Some(dir) = target.parent().filter(|d| !d.as_os_str().is_empty()) {
                    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
                }
                let mut f = OpenOptions::new()
                    .append(true)
                    .create_new(true)
                    .open(&target)
                    .map_err(io)?;
                f.write_all(&format::header()).map_err(io)?;
                f
            }
            Disk::Current => append()?,
            Disk::Torn { good_len, .. } => {
                let f = append()?;
                f.set_len(good_len).map_err(io)?;
                f.sync_data().map_err(io)?;
                f
            }
            Disk::Version1 => {
                crate::io::write_atomic(path, &self.encode())?;
                append()?
            }
        };
        self.disk = Disk::Current;
        Ok(f)
    }

    /// The whole journal in version 2 (settings, runs, and the games not yet taken).
    fn encode(&self) -> Vec<u8> {
        let mut out = format::header();
        for s in &self.settings {
            format::frame(&Entry::Settings(s.clone()), &mut out);
        }
        for r in &self.records {
            let id =
                settings_index(&self.settings, r).expect("every run's settings are in the table");
            format::frame(&Entry::Run(r.stored(id as u32), None), &mut out);
        }
        for l in &self.found {
            format::frame(&Entry::Line(l.stored()), &mut out);
        }
        out
    }

    /// Syncs what was appended to disk.
    pub fn flush(&mut self) -> Result<(), Error> {
        if let (true, Some(f)) = (self.unsynced, &self.file) {
            f.sync_data().map_err(|e| Error::io(&self.path, e))?;
            self.unsynced = false;
        }
        self.last_sync = Some(Instant::now());
        Ok(())
    }
}

fn settings_of(r: &RunRecord) -> Settings {
    Settings {
        config: r.config.to_string(),
        params: r.params.to_string(),
        budget: r.budget,
        variant: r.variant,
        seed: r.seed,
    }
}

fn settings_index(settings: &[Settings], r: &RunRecord) -> Option<usize> {
    settings.iter().position(|s| {
        s.seed == r.seed
            && s.variant == r.variant
            && budget_bits(s.budget) == budget_bits(r.budget)
            && *s.config == *r.config
            && *s.params == *r.params
    })
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod proptests;
