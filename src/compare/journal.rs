//! `compare --journal FILE`: every finished job is appended to a resume journal (the
//! append-only file `batch` keeps, `crate::batch::journal`) as soon as it ends, with
//! its line; rerunning the same command (or a grown one: more configurations,
//! positions, runs or budgets) takes the jobs it finds there instead of running them
//! again. A comparison of hours therefore loses at most the jobs in flight to a kill
//! or the end of a session.
//!
//! A job is identified by its configuration's canonical line and full parameters, a
//! fingerprint of the position's board, the budget, the variant, the base seed, the
//! position number and the run: a journal used with another test set, a changed
//! default or another seed simply has no matching jobs. A restored job is used only
//! when its journaled line replays on the board to its journaled score; otherwise the
//! job is run again.
//! Owns: those keys and turning journal entries back into verified [`JobResult`]s.
//! Must not: run searches, compute statistics, or touch solutions files.

use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use super::{JobLog, JobResult, Plan};
use crate::batch::journal::{FoundLine, Journal, RunKey, RunRecord};
use crate::board::Cell;
use crate::error::Error;
use crate::io::testset::Position;

/// The journal of one comparison, as a [`JobLog`].
pub struct CompareJournal<'a> {
    journal: Mutex<Journal>,
    /// Journaled runs by key.
    runs: HashMap<RunKey, RunRecord>,
    /// Journaled lines by (position, score).
    lines: HashMap<(usize, i32), Vec<Vec<Cell>>>,
    progress: &'a (dyn Fn() + Sync),
    restored: AtomicUsize,
    added: AtomicUsize,
}

/// 64-bit FNV-1a of `text`: a fingerprint that does not change between builds.
fn fingerprint(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The journal's configuration string of configuration `c` on `position`.
fn config_key(plan: &Plan, c: usize, position: &Position) -> Result<(String, String), Error> {
    let config = &plan.configs[c].config;
    let params = serde_json::to_string(config)
        .map_err(|e| Error::Other(format!("cannot serialize the configuration: {e}")))?;
    let board = fingerprint(&position.board(plan.variant).to_string());
    Ok((format!("{config} | board {board:016x} | {params}"), params))
}

fn key(plan: &Plan, c: usize, position: &Position, run: u32) -> Option<RunKey> {
    let (config, _) = config_key(plan, c, position).ok()?;
    Some(RunKey::new(
        &config,
        plan.budget,
        plan.variant,
        plan.seed,
        position.index as u64,
        u64::from(run),
    ))
}

impl<'a> CompareJournal<'a> {
    /// Opens (or starts) the journal at `path`; `progress` is called once per job,
    /// run now or taken from the journal. Warns on stderr about a torn last append
    /// (a kill mid-write).
    pub fn open(path: &Path, progress: &'a (dyn Fn() + Sync)) -> Result<Self, Error> {
        let mut journal = Journal::open(path)?;
        if let Some((kept, dropped)) = journal.torn() {
            eprintln!(
                "warning: {}: the last append was cut short ({dropped} bytes after byte {kept}); \
                 its job runs again",
                path.display()
            );
        }
        let runs = journal
            .records()
            .iter()
            .map(|r| (r.key(), r.clone()))
            .collect();
        let mut lines: HashMap<(usize, i32), Vec<Vec<Cell>>> = HashMap::new();
        for l in journal.take_found() {
            lines
                .entry((l.position, l.score))
                .or_default()
                .push(l.moves);
        }
        Ok(CompareJournal {
            journal: Mutex::new(journal),
            runs,
            lines,
            progress,
            restored: AtomicUsize::new(0),
            added: AtomicUsize::new(0),
        })
    }

    /// The journal's file.
    pub fn path(&self) -> std::path::PathBuf {
        self.lock().path().to_path_buf()
    }

    /// Syncs the journal to disk.
    pub fn flush(&self) -> Result<(), Error> {
        self.lock().flush()
    }

    /// Jobs taken from the journal so far.
    pub fn restored_count(&self) -> usize {
        self.restored.load(Ordering::Relaxed)
    }

    /// Jobs appended to the journal so far.
    pub fn added_count(&self) -> usize {
        self.added.load(Ordering::Relaxed)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Journal> {
        self.journal.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl JobLog for CompareJournal<'_> {
    fn restored(&self, plan: &Plan, c: usize, position: &Position, r: u32) -> Option<JobResult> {
        let rec = self.runs.get(&key(plan, c, position, r)?)?;
        let board = position.board(plan.variant);
        let moves = self
            .lines
            .get(&(position.index, rec.score))?
            .iter()
            .find(|m| crate::line::verify(&board, m, rec.score).is_ok())?;
        self.restored.fetch_add(1, Ordering::Relaxed);
        // A job taken from the journal is done: the progress bar counts it too.
        (self.progress)();
        Some(JobResult {
            config: c,
            position: position.index,
            run: r,
            score: rec.score,
            playouts: rec.playouts,
            nodes_created: rec.nodes_created,
            peak_nodes: rec.peak_nodes,
            seconds: rec.seconds,
            moves: moves.clone(),
        })
    }

    fn finished(&self, plan: &Plan, position: &Position, job: &JobResult) -> Result<(), Error> {
        let (config, params) = config_key(plan, job.config, position)?;
        let rec = RunRecord {
            config: Arc::from(config),
            params: Arc::from(params),
            budget: plan.budget,
            variant: plan.variant,
            seed: plan.seed,
            position: position.index as u64,
            run: u64::from(job.run),
            score: job.score,
            playouts: job.playouts,
            nodes_created: job.nodes_created,
            peak_nodes: job.peak_nodes,
            seconds: job.seconds,
        };
        let line = FoundLine {
            variant: plan.variant,
            position: position.index,
            score: job.score,
            moves: job.moves.clone(),
        };
        self.lock().add(rec, Some(&line))?;
        self.added.fetch_add(1, Ordering::Relaxed);
        (self.progress)();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fingerprint_is_fnv1a() {
        // Published FNV-1a 64 test vectors.
        assert_eq!(fingerprint(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fingerprint("a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fingerprint("foobar"), 0x8594_4171_f739_67e8);
    }
}
