//! `compare --checkpoint`: a comparison whose jobs survive a stop. [`Checkpointed`]
//! wraps a comparison's journal: the jobs of configurations that can be
//! checkpointed (NRPA and the tree searches, `crate::search::checkpointable`) run as `batch --checkpoint`
//! runs them (`crate::batch::checkpoint`: one file per job in progress, in
//! `<journal>.checkpoints/`, named by the job's journal key and board, saved every
//! period and when the stop flag is set, removed once the job is journaled); the
//! others run with the stop flag and, stopped, are dropped to run again whole.
//! A stopped job is neither journaled nor reported, so the same command continues
//! the comparison as if it had never stopped (with an iteration budget, every job
//! ends with the line it would have found uninterrupted).
//!
//! Owns: which jobs are checkpointed and counting the stopped ones. Must not:
//! print, install signal handlers (the CLI does), or journal anything but through
//! the journal it wraps.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::journal::CompareJournal;
use super::{JobLog, JobResult, Plan};
use crate::batch::checkpoint::{self, Checkpointing, RunFile};
use crate::error::Error;
use crate::io::testset::Position;
use crate::search::{checkpointable, search_with_stop, SearchResult, SearchState};
use crate::{Board, Rng};

/// A comparison's journal whose jobs keep checkpoints (see the module).
pub struct Checkpointed<'a> {
    journal: &'a CompareJournal<'a>,
    files: Checkpointing,
    stop: &'a AtomicBool,
    /// Hears of a job continued from its checkpoint: (label, position, run, state).
    resumed: &'a (dyn Fn(&str, usize, u32, &SearchState) + Sync),
    /// Hears of a checkpoint whose best score beats the job's last one: (label,
    /// position, run, score, state).
    best: &'a (dyn Fn(&str, usize, u32, i32, &SearchState) + Sync),
    saved: AtomicUsize,
    dropped: AtomicUsize,
}

impl<'a> Checkpointed<'a> {
    /// `journal`'s jobs with checkpoints in `files`, stopped by `stop`; `resumed` and
    /// `best` hear of resumed jobs and of each new best so far.
    pub fn new(
        journal: &'a CompareJournal<'a>,
        files: Checkpointing,
        stop: &'a AtomicBool,
        resumed: &'a (dyn Fn(&str, usize, u32, &SearchState) + Sync),
        best: &'a (dyn Fn(&str, usize, u32, i32, &SearchState) + Sync),
    ) -> Self {
        Checkpointed {
            journal,
            files,
            stop,
            resumed,
            best,
            saved: AtomicUsize::new(0),
            dropped: AtomicUsize::new(0),
        }
    }

    /// Where the checkpoint files go.
    pub fn dir(&self) -> &std::path::Path {
        &self.files.dir
    }

    /// Jobs stopped with their state in a checkpoint file.
    pub fn saved(&self) -> usize {
        self.saved.load(Ordering::Relaxed)
    }

    /// Jobs stopped without a checkpoint (their configuration has none): they run
    /// again from the start.
    pub fn dropped(&self) -> usize {
        self.dropped.load(Ordering::Relaxed)
    }

    fn file(&self, plan: &Plan, c: usize, position: &Position, r: u32) -> Result<RunFile, Error> {
        let key = CompareJournal::key(plan, c, position, r)?;
        let identity = checkpoint::identity(&key, &position.board(plan.variant));
        Ok(self.files.file(position.index, u64::from(r), identity))
    }
}

impl JobLog for Checkpointed<'_> {
    fn restored(&self, plan: &Plan, c: usize, position: &Position, r: u32) -> Option<JobResult> {
        self.journal.restored(plan, c, position, r)
    }

    fn finished(&self, plan: &Plan, position: &Position, job: &JobResult) -> Result<(), Error> {
        self.journal.finished(plan, position, job)?;
        if checkpointable(&plan.configs[job.config].config).is_ok() {
            self.file(plan, job.config, position, job.run)?.remove()?;
        }
        Ok(())
    }

    fn search(
        &self,
        plan: &Plan,
        c: usize,
        position: &Position,
        r: u32,
        board: &Board,
        rng: &mut Rng,
    ) -> Result<Option<SearchResult>, Error> {
        if self.stop.load(Ordering::SeqCst) {
            return Ok(None);
        }
        let config = &plan.configs[c].config;
        let (result, stopped) = if checkpointable(config).is_ok() {
            let file = self.file(plan, c, position, r)?;
            let label = &plan.configs[c].label;
            let resumed = |s: &SearchState| (self.resumed)(label, position.index, r, s);
            let mut best =
                |score: i32, s: &SearchState| (self.best)(label, position.index, r, score, s);
            let res = checkpoint::search(
                &self.files,
                &file,
                config,
                board,
                plan.budget,
                rng,
                self.stop,
                resumed,
                Some(&mut best),
            )?;
            (res, &self.saved)
        } else {
            let res = search_with_stop(config, board, plan.budget, rng, Some(self.stop));
            (res, &self.dropped)
        };
        if self.stop.load(Ordering::SeqCst) {
            stopped.fetch_add(1, Ordering::Relaxed);
            return Ok(None);
        }
        Ok(Some(result))
    }
}
