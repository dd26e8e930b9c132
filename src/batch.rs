//! The batch driver: many independent seeded runs of one search configuration over
//! the positions of a test set, spread over a rayon pool, keeping the best verified
//! line per position in a solutions file and every finished run in a resume journal.
//!
//! Run `r` of position `p` uses the generator `rng_for(seed, p, r)`, so with an
//! iteration budget each run's result, and hence the final solutions file (see
//! [`record::better`]), does not depend on thread count or completion order.
//! After every run, in this order: the result is replayed and offered to the record;
//! the run, with its game when the game improved the record, is appended to the
//! journal (one write: from then on a `kill -9` loses neither); the solutions file is
//! rewritten atomically when [`Record::save_if_due`] says so (and at the end); a line
//! is appended to the results file. So the cost of a run does not grow with the
//! number of positions: the journal is the durable record and the solutions file is
//! rebuilt from it on resume ([`restore`]). A run cut short by the stop flag (Ctrl-C)
//! may still improve the solutions file (its game is journaled) but is not journaled
//! as a run.
//!
//! With checkpoints (`--checkpoint`, [`checkpoint`]), a run in progress is saved
//! periodically and when the stop flag cuts it; a cut run is still not journaled, but
//! when the batch runs it again it continues from its checkpoint and ends as the
//! uninterrupted run would have.
//!
//! Owns: [`Batch`] (what to run), running it ([`Batch::run`]), progress events
//! ([`Observer`]) and the per-position summary ([`Batch::summary`]).
//! Must not: parse command lines or print (the CLI does), or write a line that did
//! not replay.

pub mod checkpoint;
pub mod journal;
pub mod record;
pub mod results;
pub mod select;

use std::collections::{BTreeMap, HashSet};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use rayon::prelude::*;

use crate::error::Error;
use crate::io::testset::TestSet;
use crate::rules::Variant;
use crate::search::{search_with_stop, Budget, SearchResult, Valid};
use checkpoint::Checkpointing;
use journal::{FoundLine, Journal, RunKey, RunRecord};
use record::Record;
use select::Job;

/// What a batch runs.
#[derive(Clone, Debug)]
pub struct Batch<'a> {
    /// The test set.
    pub set: &'a TestSet,
    /// Scoring variant.
    pub variant: Variant,
    /// Search configuration (the same for every run).
    pub config: Valid,
    /// Budget of each run.
    pub budget: Budget,
    /// Base seed.
    pub seed: u64,
    /// The jobs of this batch (after `--positions` and `--shard`), sorted.
    pub jobs: Vec<Job>,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Checkpoints of the runs in progress (`None`: none; the configuration must be
    /// one `search::checkpointable` accepts).
    pub checkpoints: Option<Checkpointing>,
}

/// Progress events, called while the batch holds its lock (so one at a time).
pub trait Observer: Sync {
    /// A run finished and was journaled; `improved` when it bettered the record.
    fn finished(&self, run: &RunRecord, improved: bool, record: &Record);
    /// A run was cut short by the stop flag: it is not journaled, but its game
    /// (`score`) was offered to the record.
    fn cut(&self, job: Job, score: i32, improved: bool);
    /// A run continues from its checkpoint, taken after `playouts` playouts and
    /// `seconds` on its budget's clock.
    fn resumed(&self, _job: Job, _playouts: u64, _seconds: f64) {}
    /// A checkpoint of a run holds a better game than the run's last one reported
    /// (in this process): its `score`, after `playouts` playouts and `seconds` on
    /// the budget's clock.
    fn best_so_far(&self, _job: Job, _score: i32, _playouts: u64, _seconds: f64) {}
}

/// An [`Observer`] that ignores everything.
pub struct Silent;

impl Observer for Silent {
    fn finished(&self, _: &RunRecord, _: bool, _: &Record) {}
    fn cut(&self, _: Job, _: i32, _: bool) {}
}

/// What [`Batch::run`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Jobs skipped because the journal has them.
    pub skipped: usize,
    /// Runs finished (and journaled) now.
    pub finished: usize,
    /// Runs cut short by the stop flag (not journaled).
    pub cut: usize,
    /// Jobs not started because the stop flag was set.
    pub not_started: usize,
    /// Positions whose line in the solutions file improved.
    pub improved: Vec<usize>,
}

/// Summary of the journaled runs of one position.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionSummary {
    /// Position number, from 1.
    pub position: usize,
    /// Journaled runs.
    pub runs: usize,
    /// Best run score (None without runs).
    pub best: Option<i32>,
    /// Mean run score (0 without runs).
    pub mean: f64,
    /// Total playouts.
    pub playouts: u64,
    /// Total search seconds.
    pub seconds: f64,
    /// The solutions file's score for the position.
    pub record: Option<i32>,
}

struct State<'r> {
    record: &'r mut Record,
    journal: &'r mut Journal,
    results: results::Appender,
    outcome: Outcome,
    error: Option<Error>,
}

impl Batch<'_> {
    /// The journal key of `job`: its configuration's canonical line and settings.
    pub fn key(&self, job: Job) -> RunKey {
        RunKey::new(
            &self.config.to_string(),
            self.budget,
            self.variant,
            self.seed,
            job.position as u64,
            job.run,
        )
    }

    /// Whether `journal` has `job` finished.
    fn done(&self, journal: &Journal, job: Job) -> bool {
        journal.contains(&self.key(job))
    }

    /// The jobs the journal does not have yet.
    pub fn pending(&self, journal: &Journal) -> Vec<Job> {
        self.jobs
            .iter()
            .copied()
            .filter(|&j| !self.done(journal, j))
            .collect()
    }

    /// Runs every pending job, improving `record` and filling `journal`; each
    /// finished run is also appended to `results` (rewritten from the journal at the
    /// end). Stops starting jobs as soon as `stop` is set; runs in flight then return
    /// their best so far (offered to the record, not journaled as runs). At the end,
    /// also after an error, the journal is synced and the record saved.
    pub fn run(
        &self,
        record: &mut Record,
        journal: &mut Journal,
        results_path: &Path,
        stop: &AtomicBool,
        observer: &dyn Observer,
    ) -> Result<Outcome, Error> {
        let pending = self.pending(journal);
        let skipped = self.jobs.len() - pending.len();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads.max(1))
            .build()
            .map_err(|e| Error::Other(format!("cannot start {} threads: {e}", self.threads)))?;
        let config_name: Arc<str> = self.config.to_string().into();
        let params: Arc<str> = serde_json::to_string(&self.config)
            .map_err(|e| Error::Other(format!("cannot serialize the configuration: {e}")))?
            .into();
        let state = Mutex::new(State {
            record,
            journal,
            results: results::Appender::new(results_path),
            outcome: Outcome {
                skipped,
                ..Outcome::default()
            },
            error: None,
        });
        pool.install(|| {
            pending.par_iter().with_max_len(1).for_each(|&job| {
                if stop.load(Ordering::SeqCst) {
                    lock(&state).outcome.not_started += 1;
                    return;
                }
                let board = self.set.positions[job.position - 1].board(self.variant);
                let mut rng = crate::rng_for(self.seed, job.position as u64, job.run);
                let searched = match &self.checkpoints {
                    None => Ok((
                        search_with_stop(&self.config, &board, self.budget, &mut rng, Some(stop)),
                        None,
                    )),
                    Some(c) => self.checkpointed(c, job, &board, &mut rng, stop, observer, &state),
                };
                let cut = stop.load(Ordering::SeqCst);
                let mut st = lock(&state);
                if st.error.is_some() {
                    return;
                }
                let (r, file) = match searched {
                    Ok(r) => r,
                    Err(e) => {
                        st.error = Some(e);
                        stop.store(true, Ordering::SeqCst);
                        return;
                    }
                };
                let rec = RunRecord {
                    config: Arc::clone(&config_name),
                    params: Arc::clone(&params),
                    budget: self.budget,
                    variant: self.variant,
                    seed: self.seed,
                    position: job.position as u64,
                    run: job.run,
                    score: r.score,
                    playouts: r.stats.playouts,
                    nodes_created: r.stats.nodes_created,
                    peak_nodes: r.stats.peak_nodes,
                    seconds: r.stats.seconds,
                };
                let mut done = self.finish(&mut st, job, rec, &r.moves, cut, observer);
                if let (Ok(()), Some(f), false) = (&done, &file, cut) {
                    done = f.remove();
                }
                if let Err(e) = done {
                    st.error = Some(e);
                    stop.store(true, Ordering::SeqCst);
                }
            })
        });
        let st = state.into_inner().unwrap_or_else(|e| e.into_inner());
        drop(st.results);
        let flushed = st.journal.flush();
        let saved = if st.record.unsaved() {
            st.record.save()
        } else {
            Ok(())
        };
        if let Some(e) = st.error {
            return Err(e);
        }
        flushed?;
        saved?;
        results::write_all(results_path, st.journal.records())?;
        Ok(st.outcome)
    }

    /// Runs `job` with checkpoints in `c` ([`checkpoint::search`]). Returns the
    /// result and the file (to remove once the run is journaled).
    #[allow(clippy::too_many_arguments)]
    fn checkpointed(
        &self,
        c: &Checkpointing,
        job: Job,
        board: &crate::Board,
        rng: &mut crate::Rng,
        stop: &AtomicBool,
        observer: &dyn Observer,
        state: &Mutex<State<'_>>,
    ) -> Result<(SearchResult, Option<checkpoint::RunFile>), Error> {
        let identity = checkpoint::identity(&self.key(job), board);
        let file = c.file(job.position, job.run, identity);
        let resumed = |s: &crate::search::SearchState| {
            let _held = lock(state);
            observer.resumed(job, s.playouts(), s.elapsed().as_secs_f64());
        };
        let mut best = |score: i32, s: &crate::search::SearchState| {
            let _held = lock(state);
            observer.best_so_far(job, score, s.playouts(), s.elapsed().as_secs_f64());
        };
        let r = checkpoint::search(
            c,
            &file,
            &self.config,
            board,
            self.budget,
            rng,
            stop,
            resumed,
            Some(&mut best),
        )?;
        Ok((r, Some(file)))
    }

    fn finish(
        &self,
        st: &mut State<'_>,
        job: Job,
        rec: RunRecord,
        moves: &[crate::Cell],
        cut: bool,
        observer: &dyn Observer,
    ) -> Result<(), Error> {
        let improved = st
            .record
            .offer(self.set, job.position, rec.score, moves)
            .map_err(|m| {
                Error::Other(format!(
                    "internal error: the result of run {} of position {} does not replay ({m}); \
                     it was not written",
                    job.run, job.position
                ))
            })?;
        let found = improved.then(|| FoundLine {
            variant: self.variant,
            position: job.position,
            score: rec.score,
            moves: moves.to_vec(),
        });
        if improved {
            st.outcome.improved.push(job.position);
        }
        if cut {
            if let Some(l) = &found {
                st.journal.add_line(l)?;
                st.record.save_if_due()?;
            }
            st.outcome.cut += 1;
            observer.cut(job, rec.score, improved);
            return Ok(());
        }
        st.journal.add(rec.clone(), found.as_ref())?;
        st.record.save_if_due()?;
        st.results.append(&rec)?;
        st.outcome.finished += 1;
        observer.finished(&rec, improved, st.record);
        Ok(())
    }

    /// Per position of this batch: its journaled runs (from any session) and the
    /// record's score.
    pub fn summary(&self, journal: &Journal, record: &Record) -> Vec<PositionSummary> {
        let wanted: HashSet<RunKey> = self.jobs.iter().map(|&j| self.key(j)).collect();
        let mut by_pos: BTreeMap<usize, Vec<&RunRecord>> = BTreeMap::new();
        for j in &self.jobs {
            by_pos.entry(j.position).or_default();
        }
        for r in journal.records() {
            if wanted.contains(&r.key()) {
                by_pos.entry(r.position as usize).or_default().push(r);
            }
        }
        by_pos
            .into_iter()
            .map(|(position, runs)| {
                let n = runs.len();
                PositionSummary {
                    position,
                    runs: n,
                    best: runs.iter().map(|r| r.score).max(),
                    mean: if n == 0 {
                        0.0
                    } else {
                        runs.iter().map(|r| f64::from(r.score)).sum::<f64>() / n as f64
                    },
                    playouts: runs.iter().map(|r| r.playouts).sum(),
                    seconds: runs.iter().map(|r| r.seconds).sum(),
                    record: record.get(position).map(|l| l.score),
                }
            })
            .collect()
    }
}

/// What [`restore`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Restored {
    /// Games of the journal that bettered the record (now in it, not yet saved).
    pub taken: usize,
    /// Games of this variant that do not replay on this test set (ignored: the journal
    /// was used with another test set).
    pub foreign: usize,
}

/// Offers every game of `found` (a journal's, for `variant`) to `record`: the record
/// then has everything the journal's batches found, even when the solutions file was
/// not rewritten after their last improvements (`kill -9`). Games for other variants
/// are skipped; only games better than the record's line are replayed.
pub fn restore(
    record: &mut Record,
    found: &[FoundLine],
    set: &TestSet,
    variant: Variant,
) -> Restored {
    let mut r = Restored::default();
    for l in found.iter().filter(|l| l.variant == variant) {
        match record.restore(set, l.position, l.score, &l.moves) {
            Ok(true) => r.taken += 1,
            Ok(false) => {}
            Err(_) => r.foreign += 1,
        }
    }
    r
}

fn lock<'a, 'r>(m: &'a Mutex<State<'r>>) -> std::sync::MutexGuard<'a, State<'r>> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}
