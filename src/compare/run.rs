//! Running a comparison's jobs: [`run_jobs`] (rayon, deterministic whatever the
//! thread count: job (config c, position p, run r) is seeded with
//! `rng_for(seed, p, r)`; jobs start position by position), and [`JobLog`],
//! through which the caller supplies jobs finished earlier (a resumed comparison)
//! and hears of each job finished now.
//! Must not: print, write files or compute statistics.

use rayon::prelude::*;

use super::{JobResult, Plan};
use crate::error::Error;
use crate::io::testset::Position;
use crate::search::{search, SearchResult};
use crate::{Board, Rng};

/// What the caller of [`run_jobs`] knows and hears about jobs: the results of jobs
/// that finished in an earlier, interrupted run (they are not run again), and a call
/// per job finished now (progress, an append-only journal). The default knows
/// nothing and ignores everything.
pub trait JobLog: Sync {
    /// The result of job (configuration `c`, `position`, run `r`) of `plan` when it
    /// already finished; it must be replay-verified (it is used as it is).
    fn restored(
        &self,
        _plan: &Plan,
        _c: usize,
        _position: &Position,
        _r: u32,
    ) -> Option<JobResult> {
        None
    }
    /// Called once per job run now, from worker threads, after its line is verified;
    /// an error stops the comparison.
    fn finished(&self, _plan: &Plan, _position: &Position, _job: &JobResult) -> Result<(), Error> {
        Ok(())
    }
    /// Runs job (`c`, `position`, run `r`) of `plan` on `board` with `rng`: the
    /// search, by default. `None` when it was stopped before its budget ended
    /// (`compare --checkpoint`): it is then neither journaled nor reported, and
    /// [`run_jobs`] fails once the jobs in flight have ended.
    fn search(
        &self,
        plan: &Plan,
        c: usize,
        _position: &Position,
        _r: u32,
        board: &Board,
        rng: &mut Rng,
    ) -> Result<Option<SearchResult>, Error> {
        Ok(Some(search(
            &plan.configs[c].config,
            board,
            plan.budget,
            rng,
        )))
    }
}

/// A [`JobLog`] that only counts: calls `f` once per job run now.
pub struct Progress<F: Fn() + Sync>(pub F);

impl<F: Fn() + Sync> JobLog for Progress<F> {
    fn finished(&self, _: &Plan, _: &Position, _: &JobResult) -> Result<(), Error> {
        (self.0)();
        Ok(())
    }
}

/// Runs every (configuration, position, run) job on `threads` threads (0 = all
/// cores) and returns the results sorted by (config, position, run). Jobs start in
/// the order of (position, config, run): every configuration of a position is
/// started before any of the next position, so stopping a long run loses at most
/// the jobs in flight and leaves complete pairs behind them. Each result
/// is replay-verified; a failure is an internal error. Jobs `log` has already
/// finished are taken from it and not run; `log` runs every other job
/// ([`JobLog::search`]) and hears of each one that ends. When `log` stops a job,
/// the jobs in flight end and the result is [`Error::Stopped`].
pub fn run_jobs(
    plan: &Plan,
    positions: &[&Position],
    threads: usize,
    log: &dyn JobLog,
) -> Result<Vec<JobResult>, Error> {
    plan.validate()?;
    let mut jobs = Vec::new();
    let mut out = Vec::new();
    for p in positions {
        for c in 0..plan.configs.len() {
            for r in 0..plan.runs {
                match log.restored(plan, c, p, r) {
                    Some(j) => out.push(j),
                    None => jobs.push((c, *p, r)),
                }
            }
        }
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::Other(format!("cannot start {threads} threads: {e}")))?;
    let run_one = |&(c, p, r): &(usize, &Position, u32)| -> Result<Option<JobResult>, Error> {
        let board = p.board(plan.variant);
        let mut rng = crate::rng_for(plan.seed, p.index as u64, u64::from(r));
        let Some(res) = log.search(plan, c, p, r, &board, &mut rng)? else {
            return Ok(None);
        };
        crate::line::verify(&board, &res.moves, res.score).map_err(|e| {
            Error::Other(format!(
                "internal error: configuration '{}' position {} run {}: result does not replay: {e}",
                plan.configs[c].label, p.index, r
            ))
        })?;
        let job = JobResult {
            config: c,
            position: p.index,
            run: r,
            score: res.score,
            playouts: res.stats.playouts,
            nodes_created: res.stats.nodes_created,
            peak_nodes: res.stats.peak_nodes,
            seconds: res.stats.seconds,
            moves: res.moves,
        };
        log.finished(plan, p, &job)?;
        Ok(Some(job))
    };
    // `par_bridge` hands the jobs out in order as threads come free (`par_iter`
    // would split the list and start one thread half way down it).
    let ran: Vec<Option<JobResult>> = pool.install(|| {
        jobs.iter()
            .par_bridge()
            .map(run_one)
            .collect::<Result<_, _>>()
    })?;
    let stopped = ran.iter().filter(|j| j.is_none()).count();
    if stopped > 0 {
        return Err(Error::Stopped(format!(
            "stopped: {stopped} job(s) did not end"
        )));
    }
    out.extend(ran.into_iter().flatten());
    out.sort_by_key(|j| (j.config, j.position, j.run));
    Ok(out)
}
