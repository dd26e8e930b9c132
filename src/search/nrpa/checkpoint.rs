//! Checkpoints of a sequential NRPA search (`batch --checkpoint`): an hour-long
//! run that is stopped (Ctrl-C, `kill -TERM`, the end of a session) or killed
//! continues later from where it stood, and plays exactly the games it would have
//! played without the interruption.
//!
//! A checkpoint is taken where level 1 would check the budget before a playout:
//! the search suspends (every level in progress pushes its frame, its policy,
//! result so far and loop counters, `Nrpa::run`), the state is serialised and
//! handed to the caller, and the search resumes from the frames at once, or, when a
//! stop was asked, returns its best line. Resuming from the bytes later rebuilds the
//! frames, the generator, the playout count and the clock (a CPU-time or wall-clock
//! budget counts the time spent before), so an iteration budget gives the same
//! line, score and playout count as a run never interrupted (tests below).
//!
//! Owns: [`Checkpoints`] (what the caller asks), [`NrpaState`] (a suspended
//! search), [`checkpointable`] and the loop of a checkpointed search. Must not:
//! touch files (the caller writes and reads the bytes), or checkpoint parallel or
//! beam NRPA, or an inner NRPA (refused by [`checkpointable`]).

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::{Nrpa, NrpaLevel};
use crate::error::Error;
use crate::policy::adaptive::Policy;
use crate::search::best::Best;
use crate::search::budget::Meter;
use crate::search::plan::BeamPlan;
use crate::search::{Algo, SearchConfig};
use crate::Rng;

/// The format of [`NrpaState`]'s bytes; a state of another format is refused.
const FORMAT: u32 = 1;

/// What a caller of a checkpointed search asks.
pub struct Checkpoints<'a> {
    /// The state to continue from (read back from the caller's file), or `None`
    /// for a fresh search.
    pub resume: Option<NrpaState>,
    /// Wall-clock time between two checkpoints (one is also taken when a stop is
    /// asked, before the search returns).
    pub every: Duration,
    /// Receives each checkpoint's bytes ([`NrpaState::from_bytes`] reads them).
    pub save: &'a mut dyn FnMut(&[u8]),
    /// Testing: acts as if a stop were asked once this call has played this many
    /// playouts.
    pub stop_after: Option<u64>,
}

/// A suspended search: the frames of the levels in progress and everything else
/// a run reads (generator, playouts, clock, the best line of the runs before and
/// `--nrpa-seed`'s or `--nrpa-restart best`'s starting line).
#[derive(Deserialize)]
pub struct NrpaState {
    format: u32,
    level: usize,
    frames: Vec<Frame>,
    rng: Rng,
    playouts: u64,
    elapsed: Duration,
    wall: Duration,
    best: Best,
    seed: Option<NrpaLevel>,
}

/// [`NrpaState`] borrowed from a suspended search, serialised field for field the
/// same way.
#[derive(Serialize)]
struct StateRef<'a> {
    format: u32,
    level: usize,
    frames: &'a [Frame],
    rng: &'a Rng,
    playouts: u64,
    elapsed: Duration,
    wall: Duration,
    best: &'a Best,
    seed: &'a Option<NrpaLevel>,
}

impl NrpaState {
    /// Reads a state from the bytes a checkpoint handed over.
    pub fn from_bytes(bytes: &[u8]) -> Result<NrpaState, String> {
        let s: NrpaState = bincode::deserialize(bytes).map_err(|e| format!("unreadable: {e}"))?;
        if s.format != FORMAT {
            return Err(format!(
                "format {} (this build reads format {FORMAT})",
                s.format
            ));
        }
        if s.frames.len() != s.level || s.frames.iter().zip(1..).any(|(f, l)| f.level != l) {
            return Err("its frames do not match its level".into());
        }
        Ok(s)
    }
    /// Playouts played before the checkpoint.
    pub fn playouts(&self) -> u64 {
        self.playouts
    }
    /// Time the search had run before the checkpoint, on its budget's clock.
    pub fn elapsed(&self) -> Duration {
        self.elapsed
    }
    /// Wall-clock time the search had run before the checkpoint, over all the
    /// calls that ran it.
    pub fn wall(&self) -> Duration {
        self.wall
    }
    /// The best score found before the checkpoint (`None`: no complete game yet).
    pub fn best_score(&self) -> Option<i32> {
        let frames = self.frames.iter().map(|f| f.ws.best.score);
        let s = frames.chain([self.best.score]).max()?;
        (s != i32::MIN).then_some(s)
    }
}

/// Whether `config` can be checkpointed: NRPA of width 1, one search, no
/// `--nrpa-beam`. The message names what is in the way.
pub fn checkpointable(config: &SearchConfig) -> Result<(), Error> {
    let bad = |m: &str| Err(Error::Config(format!("--checkpoint: {m}")));
    let Some(n) = config.nrpa().filter(|_| config.algo() == Algo::Nrpa) else {
        return bad(&format!(
            "only nrpa searches can be checkpointed, not {}",
            config.algo().name()
        ));
    };
    if config.trees > 1 || n.width > 1 {
        return bad("parallel NRPA (--search-threads, --nrpa-width, --nrpa-independent) cannot be checkpointed; use one thread per run");
    }
    if n.beam > 1 {
        return bad("--nrpa-beam cannot be checkpointed");
    }
    Ok(())
}

/// A level in progress: its policy, its result so far and where its loops stand
/// (the `i`-th adaptation, the `j`-th lower-level search of it, `repeated`).
#[derive(Serialize, Deserialize)]
pub(super) struct Frame {
    pub level: usize,
    pub pol: Policy,
    pub ws: NrpaLevel,
    pub i: u64,
    pub j: u32,
    pub repeated: u32,
}

/// When level 1 suspends the search: a stop asked (once level 1 has a line, so a
/// stopped search still returns a game), or the time between checkpoints passed
/// (read every 1,024 playouts).
pub(super) struct Suspend {
    every: Duration,
    last: Instant,
    next_check: u64,
    stop_after: Option<u64>,
    stopping: bool,
}

impl Suspend {
    /// Whether to suspend now; `has_line`: level 1 has a complete game.
    pub(super) fn due(&mut self, meter: &Meter, has_line: bool) -> bool {
        if has_line
            && (meter.stop_requested() || self.stop_after.is_some_and(|n| meter.playouts >= n))
        {
            self.stopping = true;
            return true;
        }
        if meter.playouts < self.next_check {
            return false;
        }
        self.next_check = meter.playouts + 1024;
        self.last.elapsed() >= self.every
    }
}

/// Runs `s` (a fresh top-level search, before its first run) with checkpoints:
/// from `c.resume` if given, else from the start (the `--nrpa-seed` pass `seed`
/// first); the best line goes to `best`.
pub(super) fn run(mut s: Nrpa, seed: Option<BeamPlan>, c: Checkpoints, best: &mut Best) {
    s.suspend = Some(Suspend {
        every: c.every,
        last: Instant::now(),
        next_check: 0,
        stop_after: None,
        stopping: false,
    });
    let (called, wall_before) = (Instant::now(), c.resume.as_ref().map(NrpaState::wall));
    match c.resume {
        Some(st) => {
            assert_eq!(
                st.level, s.level,
                "a checkpoint resumes a search of its level"
            );
            s.frames = st.frames;
            *s.rng = st.rng;
            s.meter.playouts = st.playouts;
            s.meter.clock.continue_from(st.elapsed);
            *best = st.best;
            s.seed = st.seed;
        }
        None => {
            if let Some(plan) = seed {
                s.seed_from(plan, best);
                if s.meter.exhausted(&s.limit) {
                    return;
                }
            }
        }
    }
    // `stop_after` counts the playouts of this call.
    let played = s.meter.playouts;
    if let Some(sus) = s.suspend.as_mut() {
        sus.stop_after = c.stop_after.map(|n| played + n);
    }
    loop {
        let start = std::mem::take(&mut s.start);
        s.run(s.level, &start);
        s.start = start;
        if !s.frames.is_empty() {
            let state = StateRef {
                format: FORMAT,
                level: s.level,
                frames: &s.frames,
                rng: &*s.rng,
                playouts: s.meter.playouts,
                elapsed: s.meter.clock.elapsed(),
                wall: wall_before.unwrap_or_default() + called.elapsed(),
                best,
                seed: &s.seed,
            };
            let bytes = bincode::serialize(&state).expect("a search state serialises");
            (c.save)(&bytes);
            let sus = s.suspend.as_mut().expect("set above");
            if sus.stopping {
                for f in &s.frames {
                    best.offer(f.ws.best.score, &f.ws.best.moves);
                }
                return;
            }
            sus.last = Instant::now();
            continue;
        }
        s.keep_top_as_seed();
        let top = &s.levels[s.level - 1].best;
        best.offer(top.score, &top.moves);
        if s.meter.exhausted(&s.limit) {
            return;
        }
    }
}

#[cfg(test)]
#[path = "checkpoint_tests.rs"]
mod tests;
