//! Checkpoints of the beam search (`batch --checkpoint`, `compare --checkpoint`,
//! `solve --progress`): an hour-long beam run that is stopped (Ctrl-C, `kill
//! -TERM`, the end of a session) or killed continues later from where it stood, and
//! ends with the line, score and evaluation count of the run never interrupted.
//!
//! A checkpoint is taken at the start of a layer, where no child is pending: the
//! state is the pass's width, its line trace (compacted, `beam::compact`), whether a
//! layer of the pass lost a position to the width, the counters and clock, and the
//! best game so far. The layer's positions are not saved: the trace holds the move
//! to each of them from its parent, so a continued pass replays them from the root,
//! layer by layer, as the pass built them (a few plays per position of the layer,
//! against a few dozen evaluations each when it is expanded). The state of a pass
//! of width 2^18 on a 15 × 15 board is its trace, 6 bytes per step: 1.8-2.8 MB,
//! where its packed positions alone would be 40 MB.
//!
//! A stop is read between two blocks of parents. The state saved then is the
//! layer's start (the counters and best game noted there; the positions and trace
//! are unchanged until the layer ends), so the continued search expands that layer
//! again, whole; the stopped search returns its best game at once, as when its
//! budget ends.
//!
//! Owns: [`BeamState`], [`Saves`] (what a checkpointed beam carries) and the state's
//! checks. Must not: touch files (the caller writes and reads the bytes), or rank,
//! expand or replay positions (`beam.rs` does).

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::Step;
use crate::search::best::Best;
use crate::search::budget::{Meter, MeterState};
use crate::search::config::{SearchConfig, Spec};

/// The format of [`BeamState`]'s bytes: its first field, as NRPA's (1) and the
/// tree searches' (2) start with theirs, so none reads as another.
pub(crate) const FORMAT: u32 = 3;

/// A beam search at the start of a layer (see the module docs).
#[derive(Deserialize)]
pub struct BeamState {
    format: u32,
    /// The widest pass of the search (`--beam-width`).
    cap: usize,
    width: usize,
    trace: Vec<Vec<Step>>,
    lost: bool,
    meter: MeterState,
    wall: Duration,
    best: Best,
}

/// [`BeamState`] borrowed from a running search, serialised field for field the
/// same way.
#[derive(Serialize)]
struct StateRef<'a> {
    format: u32,
    cap: usize,
    width: usize,
    trace: &'a [Vec<Step>],
    lost: bool,
    meter: &'a MeterState,
    wall: Duration,
    best: &'a Best,
}

impl BeamState {
    /// Reads a state from the bytes a checkpoint handed over; a trace whose steps
    /// name no parent is refused, so a continued pass never replays from nowhere.
    pub fn from_bytes(bytes: &[u8]) -> Result<BeamState, String> {
        let s: BeamState = bincode::deserialize(bytes).map_err(|e| format!("unreadable: {e}"))?;
        if s.format != FORMAT {
            return Err(format!(
                "format {} (this build reads format {FORMAT})",
                s.format
            ));
        }
        if !(1..=s.cap).contains(&s.width) {
            return Err(format!(
                "a pass of width {} in a search of widest pass {}",
                s.width, s.cap
            ));
        }
        let mut above = 1;
        for (l, steps) in s.trace.iter().enumerate() {
            if steps.is_empty() || steps.len() > s.width {
                return Err(format!(
                    "layer {} of its trace has {} positions (width {})",
                    l + 1,
                    steps.len(),
                    s.width
                ));
            }
            if let Some(bad) = steps.iter().find(|st| st.parent as usize >= above) {
                return Err(format!(
                    "layer {} of its trace names parent {} of {above}",
                    l + 1,
                    bad.parent
                ));
            }
            above = steps.len();
        }
        Ok(s)
    }
    /// Whether this state continues a search of `config`: a beam search of the same
    /// widest pass.
    pub fn fits(&self, config: &SearchConfig) -> bool {
        matches!(&config.spec, Spec::Beam(b) if b.cap() == self.cap as u64)
    }
    /// Evaluations counted before the checkpoint.
    pub fn playouts(&self) -> u64 {
        self.meter.playouts
    }
    /// Time the search had run before the checkpoint, on its budget's clock.
    pub fn elapsed(&self) -> Duration {
        self.meter.elapsed
    }
    /// Wall-clock time the search had run before the checkpoint, over all the
    /// calls that ran it.
    pub fn wall(&self) -> Duration {
        self.wall
    }
    /// The best score found before the checkpoint (`None`: no complete game yet).
    pub fn best_score(&self) -> Option<i32> {
        (self.best.score != i32::MIN).then_some(self.best.score)
    }
}

/// What a checkpointed beam search carries: when to save, where the bytes go, the
/// state it continues from until its pass takes it, and the start of the layer in
/// progress.
pub struct Saves<'a> {
    every: Duration,
    last: Instant,
    save: &'a mut (dyn FnMut(&[u8]) + Send),
    /// Testing: a stop once the meter has counted this many evaluations.
    stop_after: Option<u64>,
    called: Instant,
    wall_before: Duration,
    cap: usize,
    resume: Option<BeamState>,
    /// The trace and lost flag of the continued pass, until it starts.
    go_on: Option<(Vec<Vec<Step>>, bool)>,
    /// The layer in progress's start: counters, best game, lost flag.
    start: Option<(MeterState, Best, bool)>,
}

impl<'a> Saves<'a> {
    /// The saves of a search of widest pass `cap`: from `resume` if given, one
    /// every `every` handed to `save`; `stop_after` evaluations of this call act as
    /// a stop (testing).
    pub(crate) fn new(
        resume: Option<BeamState>,
        every: Duration,
        save: &'a mut (dyn FnMut(&[u8]) + Send),
        stop_after: Option<u64>,
        cap: usize,
    ) -> Self {
        let wall_before = resume.as_ref().map_or(Duration::ZERO, BeamState::wall);
        Saves {
            every,
            last: Instant::now(),
            save,
            stop_after,
            called: Instant::now(),
            wall_before,
            cap,
            resume,
            go_on: None,
            start: None,
        }
    }

    /// At the search's start: restores the counters, clock and best game of the
    /// state continued, if any, and gives its pass's width; counts `stop_after`
    /// from here.
    pub(super) fn begin(&mut self, meter: &mut Meter, best: &mut Best) -> Option<usize> {
        let resumed = self.resume.take().map(|s| {
            assert_eq!(
                s.cap, self.cap,
                "a checkpoint continues a search of its cap"
            );
            meter.restore(&s.meter);
            *best = s.best;
            self.go_on = Some((s.trace, s.lost));
            s.width
        });
        self.stop_after = self.stop_after.map(|n| meter.playouts.saturating_add(n));
        resumed
    }

    /// The continued pass's trace and lost flag, once (its first layer is theirs).
    pub(super) fn continued(&mut self) -> Option<(Vec<Vec<Step>>, bool)> {
        self.go_on.take()
    }

    /// At the start of a layer of a pass of `width`: notes the counters, best game
    /// and `lost`, and saves the state when the time between checkpoints has passed.
    pub(super) fn layer_starts(
        &mut self,
        width: usize,
        trace: &[Vec<Step>],
        lost: bool,
        meter: &Meter,
        best: &Best,
    ) {
        self.start = Some((meter.state(), best.clone(), lost));
        if self.last.elapsed() >= self.every {
            self.write(width, trace);
        }
    }

    /// Whether a stop was asked (or `stop_after` reached); when one was, saves the
    /// layer's start first, as the search ends.
    pub(super) fn stop(&mut self, meter: &Meter, width: usize, trace: &[Vec<Step>]) -> bool {
        let stop = meter.stop_requested() || self.stop_after.is_some_and(|n| meter.playouts >= n);
        if stop {
            self.write(width, trace);
        }
        stop
    }

    /// Hands over the state of the layer's start.
    fn write(&mut self, width: usize, trace: &[Vec<Step>]) {
        let (meter, best, lost) = self.start.as_ref().expect("a layer started");
        let state = StateRef {
            format: FORMAT,
            cap: self.cap,
            width,
            trace,
            lost: *lost,
            meter,
            wall: self.wall_before + self.called.elapsed(),
            best,
        };
        let bytes = bincode::serialize(&state).expect("a search state serialises");
        (self.save)(&bytes);
        self.last = Instant::now();
    }
}

#[cfg(test)]
#[path = "checkpoint_tests.rs"]
mod tests;
