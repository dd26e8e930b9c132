//! `compare --checkpoint`'s command-line side: the stop flag that Ctrl-C and
//! SIGTERM set, the checkpointed journal it stops (`crate::compare::checkpoint`),
//! and what a stopped comparison says.
//!
//! Owns: those messages and the handler. Must not: run searches or write reports.

use std::sync::atomic::AtomicBool;

use super::Args;
use crate::compare::checkpoint::Checkpointed;
use crate::compare::journal::CompareJournal;
use crate::compare::Plan;
use crate::error::Error;
use crate::search::SearchState;

static STOP: AtomicBool = AtomicBool::new(false);

/// `--checkpoint`: the journal's jobs with checkpoints beside it, stopped by Ctrl-C
/// or SIGTERM (`None` without the flag). Says which configurations have none (their
/// jobs in flight at a stop run again whole).
pub(super) fn checkpoints<'a>(
    a: &Args,
    plan: &Plan,
    journal: Option<&'a CompareJournal<'a>>,
    said: &'a (dyn Fn(&str, usize, u32, &SearchState) + Sync),
    best: &'a (dyn Fn(&str, usize, u32, i32, &SearchState) + Sync),
) -> Result<Option<Checkpointed<'a>>, Error> {
    if !a.checkpoints.checkpoint {
        return Ok(None);
    }
    let journal = journal.ok_or_else(|| {
        Error::Config("--checkpoint needs a journal (--journal FILE, or a plan's)".into())
    })?;
    let Some(files) = a.checkpoints.checkpointing(&journal.path()) else {
        return Ok(None);
    };
    for c in &plan.configs {
        if let Err(e) = crate::search::checkpointable(&c.config) {
            let why = e.to_string();
            let why = why.strip_prefix("--checkpoint: ").unwrap_or(&why);
            say_err!(
                "--checkpoint: {} cannot be checkpointed ({why}); a stop loses its jobs in flight",
                c.label
            );
        }
    }
    crate::cli::checkpoint_args::on_interrupt(
        &STOP,
        "\nstopping: jobs in progress save their checkpoints (interrupt again to quit now)",
        "\nsecond interrupt: exiting now (the journal has every job that ended)",
        "an interrupt will lose the runs in progress",
    );
    Ok(Some(Checkpointed::new(journal, files, &STOP, said, best)))
}

/// A checkpointed comparison was stopped ([`crate::error::Error::Stopped`]): says
/// what was kept. Returns `None`, the comparison's outcome.
pub(super) fn stopped<T>(c: Option<&Checkpointed<'_>>) -> Option<T> {
    if let Some(c) = c {
        say_err!(
            "interrupted: {} job(s) in progress saved their checkpoints in {}, {} without \
             checkpoints will run again; run the same command to continue",
            c.saved(),
            c.dir().display(),
            c.dropped()
        );
    }
    None
}
