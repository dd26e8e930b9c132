//! The batch's checkpoint files (`batch --checkpoint`): one file per run in
//! progress, in a folder beside the journal, holding the run's identity and the
//! search state `search::search_checkpointed` hands over.
//!
//! A file is `samegame-checkpoint 2`, a line with the run's identity (the journal
//! key's parts and a fingerprint of the board), a line `fnv1a <16 hex digits>` with
//! the FNV-1a hash of the state's bytes, then those bytes: a byte changed on disk is
//! an error naming the file, not a quietly different search (most of the bytes are
//! policy weights, which read back whatever they hold). Files of format 1 (no hash
//! line, written before 2026-11-30) are still read. Its name
//! holds the position, the run and a hash of the identity, so a run of another
//! configuration, budget, seed or test set never finds it; a file found under the
//! right name whose identity differs, or that does not read, is an error naming it
//! (nothing is overwritten). Files are written atomically (`io::write_atomic`),
//! and removed once their run is journaled.
//!
//! `compare --checkpoint` keeps its jobs' checkpoints the same way, through
//! [`search`] (one job: its file read, the search continued, saved as it goes).
//!
//! Owns: [`Checkpointing`] (folder, period) and the files' layout. Must not: decide
//! which configurations can be checkpointed (`search` does), or journal results.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::journal::RunKey;
use crate::error::Error;
use crate::search::{search_checkpointed, Budget, Checkpoints, SearchResult, SearchState, Valid};

const MAGIC: &[u8] = b"samegame-checkpoint 2\n";
/// The first line of the files written before the hash line.
const MAGIC_1: &[u8] = b"samegame-checkpoint 1\n";

/// Where and how often a batch checkpoints its runs.
#[derive(Clone, Debug)]
pub struct Checkpointing {
    /// The folder of the checkpoint files (created when the first is written).
    pub dir: PathBuf,
    /// Wall-clock time between two checkpoints of a run (one is also written when
    /// the batch is stopped).
    pub every: Duration,
    /// Testing: each run acts as if stopped once it has played this many playouts.
    pub stop_after: Option<u64>,
}

/// One run's checkpoint file: its path and the identity it must hold.
pub struct RunFile {
    /// The file.
    pub path: PathBuf,
    identity: String,
}

impl Checkpointing {
    /// The file of run `run` of `position` whose identity is `identity`.
    pub fn file(&self, position: usize, run: u64, identity: String) -> RunFile {
        let hash = crate::rng::fnv1a(identity.as_bytes());
        RunFile {
            path: self
                .dir
                .join(format!("p{position}-r{run}-{hash:016x}.checkpoint")),
            identity,
        }
    }
}

impl RunFile {
    /// The state saved for this run, if its file exists.
    pub fn read(&self) -> Result<Option<SearchState>, Error> {
        let bytes = match std::fs::read(&self.path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(Error::io(&self.path, e)),
        };
        let bad = |what: String| {
            Error::Other(format!(
                "{}: {what}; it was left as it is (delete it to run this run from the start)",
                self.path.display()
            ))
        };
        let (rest, hashed) = match bytes.strip_prefix(MAGIC) {
            Some(rest) => (rest, true),
            None => (
                bytes
                    .strip_prefix(MAGIC_1)
                    .ok_or_else(|| bad("not a samegame checkpoint (line 1)".into()))?,
                false,
            ),
        };
        let (id, mut rest) =
            split_line(rest).ok_or_else(|| bad("no identity line (line 2)".into()))?;
        if id != self.identity.as_bytes() {
            return Err(bad(format!(
                "line 2: the checkpoint of another run ({}), not of {}",
                String::from_utf8_lossy(id),
                self.identity
            )));
        }
        let mut after = "line 2";
        if hashed {
            let (line, state) =
                split_line(rest).ok_or_else(|| bad("no hash line (line 3)".into()))?;
            let want = std::str::from_utf8(line)
                .ok()
                .and_then(|l| l.strip_prefix("fnv1a "))
                .and_then(|h| u64::from_str_radix(h, 16).ok())
                .ok_or_else(|| bad("line 3 is not 'fnv1a <hash>'".into()))?;
            let got = crate::rng::fnv1a(state);
            if got != want {
                return Err(bad(format!(
                    "the search state (after line 3) is damaged: its hash is {got:016x}, line 3 says {want:016x}"
                )));
            }
            (rest, after) = (state, "line 3");
        }
        SearchState::from_bytes(rest)
            .map(Some)
            .map_err(|e| bad(format!("the search state (after {after}) is {e}")))
    }

    /// Writes `state` (a checkpoint's bytes) atomically.
    pub fn write(&self, state: &[u8]) -> Result<(), Error> {
        crate::io::write_atomic_with(&self.path, |w| {
            w.write_all(MAGIC)?;
            w.write_all(self.identity.as_bytes())?;
            writeln!(w, "\nfnv1a {:016x}", crate::rng::fnv1a(state))?;
            w.write_all(state)
        })
    }

    /// Removes the file (its run is journaled); a missing file is fine.
    pub fn remove(&self) -> Result<(), Error> {
        match std::fs::remove_file(&self.path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(Error::io(&self.path, e)),
            _ => Ok(()),
        }
    }
}

/// The line at the start of `b` (without its newline) and the bytes after it.
fn split_line(b: &[u8]) -> Option<(&[u8], &[u8])> {
    let end = b.iter().position(|&c| c == b'\n')?;
    Some((&b[..end], &b[end + 1..]))
}

/// The identity of a run: its journal key (configuration line, budget, variant,
/// seed, position, run) and a fingerprint of its board, on one line.
pub fn identity(key: &RunKey, board: &impl std::fmt::Display) -> String {
    let fp = crate::rng::fnv1a(board.to_string().as_bytes());
    format!("{key:?} | board {fp:016x}").replace('\n', " ")
}

/// The checkpoint folder of a batch whose journal is `journal`: `<journal>.checkpoints`.
pub fn default_dir(journal: &Path) -> PathBuf {
    crate::io::suffixed(journal, ".checkpoints")
}

/// Hears of a checkpoint's new best score, with its state ([`search`]).
pub type BestListener<'a> = dyn FnMut(i32, &SearchState) + Send + 'a;

/// Runs `config` on `board` with checkpoints in `file`: from the state saved there,
/// if any (`resumed` hears of it first), saving it every `c.every` and when `stop`
/// is set (`best`, when given, hears of each state saved whose best score beats
/// every one saved before, with that score). With `c.stop_after` (testing), a run
/// that then ends short of its iteration budget sets `stop`, as Ctrl-C at that
/// moment would. A state of another level or width, or a file that cannot be
/// written, is an error naming the file.
#[allow(clippy::too_many_arguments)]
pub fn search(
    c: &Checkpointing,
    file: &RunFile,
    config: &Valid,
    board: &crate::Board,
    budget: Budget,
    rng: &mut crate::Rng,
    stop: &AtomicBool,
    resumed: impl FnOnce(&SearchState),
    mut best: Option<&mut BestListener>,
) -> Result<SearchResult, Error> {
    let resume = file.read()?;
    if resume.as_ref().is_some_and(|s| !s.fits(config)) {
        return Err(Error::Other(format!(
            "{}: a search state of another level or width than {config}; it was left as it \
             is (delete it to run this run from the start)",
            file.path.display(),
        )));
    }
    if let Some(s) = &resume {
        resumed(s);
    }
    let mut failed = None;
    let mut said = crate::search::BestSoFar::default();
    let mut save = |bytes: &[u8]| {
        if failed.is_none() {
            failed = file.write(bytes).err();
        }
        // Read back only for a listener (a state is written once a minute or so).
        if let Some(f) = best.as_mut() {
            if let Some((score, state)) = said.heard(bytes) {
                f(score, &state);
            }
        }
    };
    let checkpoints = Checkpoints {
        resume,
        every: c.every,
        save: &mut save,
        stop_after: c.stop_after,
    };
    let r = search_checkpointed(config, board, budget, rng, Some(stop), checkpoints);
    if c.stop_after.is_some() && matches!(budget, Budget::Iterations(k) if r.stats.playouts < k) {
        stop.store(true, Ordering::SeqCst);
    }
    match failed {
        Some(e) => Err(e),
        None => Ok(r),
    }
}
