//! The checkpoint flags `batch` and `compare` share (`--checkpoint`,
//! `--checkpoint-every S`, the hidden `--checkpoint-stop-after N` of the tests), the
//! [`Checkpointing`] they ask for, and the Ctrl-C/SIGTERM handler that stops either
//! (and `tune-eval`).
//!
//! Owns: those flags, their checks and the handler. Must not: run searches, or
//! decide which configurations can be checkpointed (`search::checkpointable`).

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::batch::checkpoint::{self, Checkpointing};
use crate::error::Error;

/// Seconds between two checkpoints of a search (`--checkpoint-every`): at most a
/// minute of search lost to a kill -9 or a crash, for a write of about 0.2 MB.
const CHECKPOINT_EVERY: f64 = 60.0;

/// `--checkpoint` and its settings.
#[derive(clap::Args, Debug)]
pub struct CheckpointArgs {
    /// Checkpoint the searches in progress (NRPA, sequential, parallel or Beam NRPA;
    /// the tree searches with one tree; the beam): each saves its whole state every
    /// --checkpoint-every seconds and when stopped (Ctrl-C, SIGTERM), in
    /// `<journal>.checkpoints/`; the same command again continues each one where it
    /// stopped, and it ends as if never stopped.
    #[arg(long)]
    pub checkpoint: bool,
    /// Wall-clock seconds between two checkpoints of a search (with --checkpoint;
    /// default 60).
    #[arg(long, value_name = "S", requires = "checkpoint")]
    checkpoint_every: Option<f64>,
    /// Testing: every checkpointed search acts as if stopped once it has played this
    /// many playouts (with --checkpoint).
    #[arg(long, hide = true, requires = "checkpoint")]
    checkpoint_stop_after: Option<u64>,
}

impl CheckpointArgs {
    /// Checks `--checkpoint-every` (before anything is opened or written).
    pub fn check(&self) -> Result<(), Error> {
        match self.checkpoint_every {
            Some(e) => crate::limits::check_seconds("--checkpoint-every", e).map(|_| ()),
            None => Ok(()),
        }
    }

    /// The checkpoints of the searches journaled in `journal` (in
    /// `<journal>.checkpoints/`); `None` without `--checkpoint`.
    pub fn checkpointing(&self, journal: &Path) -> Option<Checkpointing> {
        self.checkpoint.then(|| Checkpointing {
            dir: checkpoint::default_dir(journal),
            every: Duration::from_secs_f64(self.checkpoint_every.unwrap_or(CHECKPOINT_EVERY)),
            stop_after: self.checkpoint_stop_after,
        })
    }
}

/// Ctrl-C and SIGTERM set `stop`, saying `first` on stderr (unless empty); a second
/// one exits at once with code 130, saying `second`. When the handler cannot be
/// set, a warning says so, ending with `unset` (what an interrupt will lose).
///
/// From the first on, a closed stdout or stderr no longer ends the process: the
/// signal that stops a run often ends the reader of its output too (`samegame batch
/// … 2>&1 | tee log` stopped as a process group, a terminal closed), and the runs in
/// progress must still save their checkpoints and best games. So SIGPIPE, which
/// otherwise ends the process on such a write (`main.rs`), is ignored from then on,
/// and what the stopped command says goes through `say!`/`say_err!`, which drop a
/// failed write.
pub fn on_interrupt(
    stop: &'static AtomicBool,
    first: &'static str,
    second: &'static str,
    unset: &str,
) {
    let r = ctrlc::set_handler(move || {
        ignore_sigpipe();
        if stop.swap(true, Ordering::SeqCst) {
            say_err!("{second}");
            std::process::exit(130);
        }
        if !first.is_empty() {
            say_err!("{first}");
        }
    });
    if let Err(e) = r {
        say_err!("warning: cannot catch Ctrl-C ({e}); {unset}");
    }
}

/// `best so far S (N playouts, T s)`: the line's end that `batch`, `compare` and
/// `solve --progress` print for a checkpoint's new best score.
pub fn best_so_far(score: i32, playouts: u64, seconds: f64) -> String {
    format!("best so far {score} ({playouts} playouts, {seconds:.0} s)")
}

/// Writes to a pipe whose reader is gone fail (EPIPE) instead of ending the process.
fn ignore_sigpipe() {
    #[cfg(unix)]
    // SAFETY: sets the disposition of one signal to "ignore"; no handler runs.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
}
