//! What `compare` says about its journal: how many jobs it supplied, once the
//! runs end ([`finish`]); and `--journal-only`, a report from the journal alone:
//! the positions where the journal has every job (every configuration, run and
//! budget, under any key it reads, with a line that replays) are reported on, and
//! nothing runs. A long comparison in progress gets its interim report this way,
//! and an older journal is re-keyed by taking its jobs.
//!
//! Owns: those messages, choosing those positions and saying what is left out.
//! Must not: run searches, or write into a plan's folder a report that leaves
//! positions out.

use crate::compare::journal::CompareJournal;
use crate::compare::Plan;
use crate::error::Error;
use crate::io::testset::Position;
use crate::search::Budget;

/// The positions of `positions` on which `journal` has every job of `plan` at
/// every budget of `budgets`. Refuses none, and a partial set when the report would
/// go to a plan's own folder (`into_plan_folder`: it keeps the full report).
pub(super) fn complete<'p>(
    journal: Option<&CompareJournal>,
    plan: &Plan,
    budgets: &[Budget],
    positions: &[&'p Position],
    into_plan_folder: bool,
) -> Result<Vec<&'p Position>, Error> {
    let journal = journal.ok_or_else(|| {
        Error::Config("--journal-only needs a journal (--journal FILE, or a plan's)".into())
    })?;
    let plans: Vec<Plan> = budgets
        .iter()
        .map(|&b| Plan {
            budget: b,
            ..plan.clone()
        })
        .collect();
    // Every job of a position: (plan, configuration, run).
    let jobs = || {
        plans.iter().flat_map(|pl| {
            (0..pl.configs.len()).flat_map(move |c| (0..pl.runs).map(move |r| (pl, c, r)))
        })
    };
    let has_all = |p: &Position| jobs().all(|(pl, c, r)| journal.has(pl, c, p, r));
    let (done, left): (Vec<&Position>, Vec<&Position>) =
        positions.iter().copied().partition(|p| has_all(p));
    let missing: Vec<String> = left.iter().map(|p| p.index.to_string()).collect();
    let schema_1: usize = left
        .iter()
        .map(|&p| {
            jobs()
                .filter(|&(pl, c, r)| {
                    !journal.has(pl, c, p, r) && journal.has_schema_1(pl, c, p, r)
                })
                .count()
        })
        .sum();
    schema_1_note(journal, schema_1, "their positions are left out");
    if done.is_empty() {
        return Err(Error::Config(format!(
            "--journal-only: {} has every job of no position (none of {})",
            journal.path().display(),
            positions.len()
        )));
    }
    if !missing.is_empty() {
        if into_plan_folder {
            return Err(Error::Config(format!(
                "--journal-only: positions {} lack jobs, so the report would leave them out; \
                 give --out DIR for it (the plan's folder keeps the full report)",
                missing.join(",")
            )));
        }
        say_err!(
            "--journal-only: {} of {} positions have every job journaled; left out: {}",
            done.len(),
            positions.len(),
            missing.join(",")
        );
    }
    Ok(done)
}

/// Syncs the journal (also after a failed run, so that what finished is on disk) and
/// says how many jobs it supplied.
pub(super) fn finish<T>(
    journal: Option<&CompareJournal>,
    result: Result<T, Error>,
) -> Result<T, Error> {
    if let Some(j) = journal {
        j.flush()?;
        if j.legacy_count() > 0 {
            say_err!(
                "journal {}: {} job(s) taken from it were journaled by a build whose keys did not \
                 record the resolved defaults; if a default they relied on has changed since, \
                 delete the journal to run them again",
                j.path().display(),
                j.legacy_count()
            );
        }
        schema_1_note(j, j.unread_count(), "they ran again");
        say_err!(
            "journal {}: {} job(s) taken from it, {} run now",
            j.path().display(),
            j.restored_count(),
            j.added_count()
        );
    }
    result
}

/// Says that `n` jobs are in `journal` only under keys of schema 1, and what
/// happened to them (`what`): this build does not read those keys.
fn schema_1_note(journal: &CompareJournal, n: usize, what: &str) {
    if n > 0 {
        say_err!(
            "journal {}: {n} job(s) are in it only under keys of schema 1 (written before \
             2026-11-27), which this build does not read, so {what}; a build of commit \
             71f60e4 or earlier takes them and appends them again under schema {} \
             (docs/compare.md, `--journal`)",
            journal.path().display(),
            crate::compare::journal::SCHEMA
        );
    }
}
