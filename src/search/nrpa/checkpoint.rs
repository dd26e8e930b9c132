//! Checkpoints of an NRPA search (`batch --checkpoint`): an hour-long
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
//! Parallel NRPA (`--nrpa-width K`, `parallel.rs`) is checkpointed at the start of
//! its top level's rounds instead (its policy, best sequence, searches done, round
//! count and the draw its generators derive from); a stop saves the state at the
//! start of the round it cut short, so a continued search plays that round again,
//! whole, as the search never stopped would have.
//!
//! Owns: [`Checkpoints`] (what the caller asks), [`NrpaState`] (a suspended
//! search), its [`check`] and the loop of a checkpointed search. Must not:
//! touch files (the caller writes and reads the bytes), or checkpoint independent
//! searches (`--nrpa-independent`, refused by [`check`]) or an inner NRPA (a tree
//! search is checkpointed between the inner searches, `search::mcts::checkpoint`).
//!
//! Beam NRPA (`--nrpa-beam B`, sequential only) suspends the same way, into beam
//! frames (`beam.rs`); they follow the rest of the state in its bytes, so a plain
//! NRPA state reads as before.

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::beam::BeamFrame;
use super::{Nrpa, NrpaLevel};
use crate::policy::adaptive::Policy;
use crate::search::best::{Best, Runs};
use crate::search::budget::Meter;
use crate::search::plan::BeamPlan;
use crate::search::{Algo, SearchConfig};
use crate::Rng;

/// The format of [`NrpaState`]'s bytes; a state of another format is refused.
/// Format 1 held the move codes of before issue 51's sixteenth pass (its
/// policies' keys mean other groups now); 2 and 3 are the tree's and the beam's.
const FORMAT: u32 = 4;

/// What a caller of a checkpointed search asks (`S`: the state a search continues
/// from; `search::SearchState` for the caller, each search's own inside).
pub struct Checkpoints<'a, S = NrpaState> {
    /// The state to continue from (read back from the caller's file), or `None`
    /// for a fresh search.
    pub resume: Option<S>,
    /// Wall-clock time between two checkpoints (one is also taken when a stop is
    /// asked, before the search returns).
    pub every: Duration,
    /// Receives each checkpoint's bytes ([`NrpaState::from_bytes`] reads them).
    pub save: &'a mut (dyn FnMut(&[u8]) + Send),
    /// Testing: acts as if a stop were asked once this call has played this many
    /// playouts.
    pub stop_after: Option<u64>,
}

impl<'a, S> Checkpoints<'a, S> {
    /// The same checkpoints continuing from `f` of the state given (a search's own).
    pub fn map_resume<T>(self, f: impl FnOnce(S) -> T) -> Checkpoints<'a, T> {
        Checkpoints {
            resume: self.resume.map(f),
            every: self.every,
            save: self.save,
            stop_after: self.stop_after,
        }
    }
}

/// A suspended search: the frames of the levels in progress and everything else
/// a run reads (generator, playouts, clock, the best line of the runs before and
/// `--nrpa-seed`'s or `--nrpa-restart best`'s starting line).
#[derive(Deserialize)]
pub struct NrpaState {
    format: u32,
    level: usize,
    width: u32,
    frames: Vec<Frame>,
    rng: Rng,
    playouts: u64,
    elapsed: Duration,
    wall: Duration,
    best: Best,
    seed: Option<NrpaLevel>,
    /// Beam NRPA's frames: after the rest in the bytes, only in a Beam NRPA's state
    /// (so the states of plain NRPA read as before).
    #[serde(skip)]
    beam_frames: Vec<BeamFrame>,
}

/// [`NrpaState`] borrowed from a suspended search, serialised field for field the
/// same way.
#[derive(Serialize)]
struct StateRef<'a> {
    format: u32,
    level: usize,
    width: u32,
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
        let unreadable = |e: bincode::Error| format!("unreadable: {e}");
        let mut rest = bytes;
        let mut s: NrpaState = bincode::deserialize_from(&mut rest).map_err(unreadable)?;
        if !rest.is_empty() {
            s.beam_frames = bincode::deserialize_from(&mut rest).map_err(unreadable)?;
        }
        if !rest.is_empty() {
            return Err(format!("unreadable: {} bytes too many", rest.len()));
        }
        if s.format != FORMAT {
            let why = if s.format == 1 {
                ": its policies are keyed by the move codes of earlier builds; \
                 resume it with the build that wrote it, or remove it to start the run again"
            } else {
                ""
            };
            return Err(format!(
                "format {} (this build reads format {FORMAT}){why}",
                s.format
            ));
        }
        // Sequential: a frame per level, deepest first; wide: the top level's;
        // Beam NRPA: a beam frame per level (sequential only).
        let levels = s.frames.iter().map(|f| f.level);
        let beam_levels = s.beam_frames.iter().map(|f| f.level);
        let fits = match (s.width, s.beam_frames.is_empty()) {
            (0, _) => false,
            (1, true) => levels.eq(1..=s.level),
            (1, false) => s.frames.is_empty() && beam_levels.eq(1..=s.level),
            (_, true) => levels.eq([s.level]),
            (_, false) => false,
        };
        if !fits {
            return Err("its frames do not match its level and width".into());
        }
        Ok(s)
    }
    /// Whether this state continues a search of `config` (its level and width).
    pub fn fits(&self, config: &SearchConfig) -> bool {
        let width = config.nrpa().map_or(0, |n| n.width.max(1));
        let beam = config.nrpa().is_some_and(|n| n.beam > 1);
        (self.level, self.width, !self.beam_frames.is_empty())
            == (config.level as usize, width, beam)
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
        let beams = self
            .beam_frames
            .iter()
            .flat_map(|f| f.lines().map(|l| l.best.score));
        let s = frames.chain(beams).chain([self.best.score]).max()?;
        (s != i32::MIN).then_some(s)
    }
}

/// Whether `config`, an NRPA search, can be checkpointed: one search (of any
/// width, or Beam NRPA). The message names what is in the way.
pub(crate) fn check(config: &SearchConfig) -> Result<(), String> {
    debug_assert_eq!(config.algo(), Algo::Nrpa);
    if config.trees > 1 {
        return Err("independent NRPA searches (--nrpa-independent) cannot be checkpointed; use one search per run (any --nrpa-width) or more runs".into());
    }
    Ok(())
}

/// A level in progress: its policy, its result so far and where its loops stand
/// (the `i`-th adaptation, the `j`-th lower-level search of it, `repeated`; a wide
/// top level: `i` lower-level searches done, rounds `round` started, its
/// generators' `base`).
#[derive(Serialize, Deserialize)]
pub(super) struct Frame {
    pub level: usize,
    pub pol: Policy,
    pub ws: NrpaLevel,
    pub i: u64,
    pub j: u32,
    pub repeated: u32,
    pub round: u64,
    pub base: u64,
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
    /// Whether a stop was asked (or `stop_after` reached); the search is then
    /// stopping. Level 1 asks it again when the budget check saw a stop that
    /// [`Suspend::due`] had not (it came in between), so that it still suspends.
    pub(super) fn stop(&mut self, meter: &Meter) -> bool {
        self.stopping |=
            meter.stop_requested() || self.stop_after.is_some_and(|n| meter.playouts >= n);
        self.stopping
    }

    /// Whether a wide top level suspends at the start of a round: `(stop, due)`,
    /// a stop asked (or `stop_after` reached), or the time between checkpoints.
    pub(super) fn at_round(&mut self, meter: &Meter) -> (bool, bool) {
        if self.stop(meter) {
            return (true, true);
        }
        (false, self.last.elapsed() >= self.every)
    }

    /// Whether to suspend now; `has_line`: level 1 has a complete game.
    pub(super) fn due(&mut self, meter: &Meter, has_line: bool) -> bool {
        if has_line && self.stop(meter) {
            return true;
        }
        if meter.playouts < self.next_check {
            return false;
        }
        self.next_check = meter.playouts + 1024;
        self.last.elapsed() >= self.every
    }
}

/// Prepares `s` (a fresh top-level search, before its first run, sequential or of
/// width `width`) for a checkpointed search: from `c.resume` if given, else from
/// the start (the `--nrpa-seed` pass `seed` first, its line offered to `best`).
/// Returns the driver that runs it ([`Driver::drive`], or `parallel::wide` with it),
/// or `None` when the seed pass spent the budget.
pub(super) fn start<'a>(
    s: &mut Nrpa,
    width: u32,
    seed: Option<BeamPlan>,
    c: Checkpoints<'a>,
    best: &mut Best,
) -> Option<Driver<'a>> {
    s.suspend = Some(Suspend {
        every: c.every,
        last: Instant::now(),
        next_check: 0,
        stop_after: None,
        stopping: false,
    });
    let driver = Driver {
        save: c.save,
        called: Instant::now(),
        wall_before: c.resume.as_ref().map(NrpaState::wall).unwrap_or_default(),
        width,
    };
    match c.resume {
        Some(st) => {
            assert_eq!(
                (st.level, st.width),
                (s.level, width),
                "a checkpoint resumes a search of its level and width"
            );
            s.frames = st.frames;
            s.beam_frames = st.beam_frames;
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
                    return None;
                }
            }
        }
    }
    // `stop_after` counts the playouts of this call.
    let played = s.meter.playouts;
    if let Some(sus) = s.suspend.as_mut() {
        sus.stop_after = c.stop_after.map(|n| played + n);
    }
    Some(driver)
}

/// A checkpointed search's top level: its runs ([`Runs::run_once`] runs one to
/// its end, or until the search suspends, frames left in [`Nrpa::frames`]) and the
/// search they belong to.
pub(super) trait Stepper<'c, 's, 'r>: Runs {
    /// The top-level search (its counters, frames and results).
    fn top(&mut self) -> &mut Nrpa<'c, 's, 'r>;
}

impl<'c, 's, 'r> Stepper<'c, 's, 'r> for Nrpa<'c, 's, 'r> {
    fn top(&mut self) -> &mut Nrpa<'c, 's, 'r> {
        self
    }
}

/// What saves a checkpointed search's states: the caller's callback, and the wall
/// time of the search's earlier calls.
pub(super) struct Driver<'a> {
    save: &'a mut dyn FnMut(&[u8]),
    called: Instant,
    wall_before: Duration,
    width: u32,
}

impl Driver<'_> {
    /// Runs top-level runs of `w` while budget remains, saving its state whenever
    /// it suspends, and ending there when a stop suspended it; the best line goes
    /// to `best`.
    pub(super) fn drive<'c, 's: 'c, 'r>(
        &mut self,
        w: &mut impl Stepper<'c, 's, 'r>,
        best: &mut Best,
    ) {
        loop {
            w.run_once();
            let s = w.top();
            if !s.frames.is_empty() || !s.beam_frames.is_empty() {
                let state = StateRef {
                    format: FORMAT,
                    level: s.level,
                    width: self.width,
                    frames: &s.frames,
                    rng: &*s.rng,
                    playouts: s.meter.playouts,
                    elapsed: s.meter.clock.elapsed(),
                    wall: self.wall_before + self.called.elapsed(),
                    best,
                    seed: &s.seed,
                };
                let mut bytes = bincode::serialize(&state).expect("a search state serialises");
                if !s.beam_frames.is_empty() {
                    bincode::serialize_into(&mut bytes, &s.beam_frames)
                        .expect("a search state serialises");
                }
                (self.save)(&bytes);
                let sus = s.suspend.as_mut().expect("a checkpointed search");
                if sus.stopping {
                    // The levels in progress, and a wide round cut by the stop.
                    let cut = &s.levels[s.level - 1].best;
                    best.offer(cut.score, &cut.moves);
                    for f in &s.frames {
                        best.offer(f.ws.best.score, &f.ws.best.moves);
                    }
                    for l in s.beam_frames.iter().flat_map(|f| f.lines()) {
                        best.offer(l.best.score, &l.best.moves);
                    }
                    return;
                }
                sus.last = Instant::now();
                continue;
            }
            let top = s.top_result();
            best.offer(top.score, &top.moves);
            if w.exhausted() {
                return;
            }
        }
    }
}

#[cfg(test)]
#[path = "checkpoint_tests.rs"]
mod tests;
