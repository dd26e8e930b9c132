//! What one playout saw, kept as the playout keeps its groups: a [`Trace`] is a
//! list of *segments* — a candidate move (its code and GNRPA bias) and the steps
//! during which it stayed a candidate — and, per step, the segment played and the
//! number of candidates.
//!
//! A group stays in a playout's list over many steps (a move changes the groups
//! of a few columns only), so a game of 60 steps with 40 candidates each is about
//! 300 segments instead of 2,400 (code, bias) pairs: the playout records a segment
//! when a group becomes a candidate and closes it when the group leaves, and the
//! adaptation computes one exponential per segment ([`Policy::adapt`]).
//!
//! Owns: [`Trace`] and its building steps. Must not: sample moves or adapt.
//!
//! [`Policy::adapt`]: super::softmax::Policy::adapt

/// A segment still open (its group is a candidate at the current step).
pub(crate) const OPEN: u32 = u32::MAX;

/// A candidate move and the steps `from..to` at which it was one.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Seg {
    pub code: u64,
    pub bias: f64,
    pub from: u32,
    /// First step at which it was no longer a candidate ([`OPEN`] while it is).
    pub to: u32,
}

/// One step of the game: the segment played and how many candidates there were
/// (a step with a single candidate teaches nothing: the adaptation skips it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Step {
    pub chosen: u32,
    pub n: u32,
}

/// What one playout saw, step by step: the candidate moves it sampled from (codes
/// and GNRPA biases, as segments of steps) and which one it played. Enough to adapt
/// a policy without replaying the game.
#[derive(Default, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Trace {
    pub(crate) segs: Vec<Seg>,
    pub(crate) steps: Vec<Step>,
}

impl Clone for Trace {
    fn clone(&self) -> Self {
        Trace {
            segs: self.segs.clone(),
            steps: self.steps.clone(),
        }
    }

    /// Into the buffers already there (a level keeps the trace of its best
    /// sequence this way after many of its playouts).
    fn clone_from(&mut self, src: &Self) {
        self.segs.clone_from(&src.segs);
        self.steps.clone_from(&src.steps);
    }
}

impl Trace {
    /// Empties the trace (no step recorded).
    pub fn clear(&mut self) {
        self.segs.clear();
        self.steps.clear();
    }

    /// Number of steps with more than one candidate (the steps that teach).
    pub fn steps(&self) -> usize {
        self.steps.iter().filter(|s| s.n > 1).count()
    }

    /// Number of steps recorded (moves played).
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// True when no step is recorded.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// A new segment for `code` (bias `bias`), a candidate from the current step on;
    /// returns its index.
    #[inline]
    pub(crate) fn open(&mut self, code: u64, bias: f64) -> u32 {
        let from = self.steps.len() as u32;
        self.segs.push(Seg {
            code,
            bias,
            from,
            to: OPEN,
        });
        (self.segs.len() - 1) as u32
    }

    /// Closes segment `seg` ([`OPEN`]: none) before the current step.
    #[inline]
    pub(crate) fn close(&mut self, seg: u32) {
        if seg != OPEN {
            self.segs[seg as usize].to = self.steps.len() as u32;
        }
    }

    /// Records the current step: segment `chosen` played among `n` candidates.
    #[inline]
    pub(crate) fn push_step(&mut self, chosen: u32, n: u32) {
        self.steps.push(Step { chosen, n });
    }

    /// The steps `seg` spans, clipped to the steps recorded (an open segment runs
    /// to the end).
    #[inline]
    pub(crate) fn span(&self, seg: &Seg) -> std::ops::Range<usize> {
        seg.from as usize..(seg.to as usize).min(self.steps.len())
    }

    /// The candidates (code, bias) of the `i`-th step with a choice, in segment
    /// order, and the index among them of the one played (tests and the oracle).
    #[cfg(test)]
    pub(crate) fn choice(&self, i: usize) -> (Vec<(u64, f64)>, usize) {
        let t = (0..self.steps.len())
            .filter(|&t| self.steps[t].n > 1)
            .nth(i)
            .expect("a step with a choice");
        let mut cands = Vec::new();
        let mut chosen = None;
        for (k, s) in self.segs.iter().enumerate() {
            if self.span(s).contains(&t) {
                if k as u32 == self.steps[t].chosen {
                    chosen = Some(cands.len());
                }
                cands.push((s.code, s.bias));
            }
        }
        assert_eq!(cands.len() as u32, self.steps[t].n, "step {t}");
        (cands, chosen.expect("the move played is a candidate"))
    }

    /// A trace whose every step has its own one-step segments: `(candidates,
    /// index played)` per step (tests).
    #[cfg(test)]
    pub(crate) fn from_steps(steps: &[(Vec<(u64, f64)>, u32)]) -> Trace {
        let mut t = Trace::default();
        for (cands, k) in steps {
            let first = t.segs.len() as u32;
            for &(c, b) in cands {
                let s = t.open(c, b);
                t.segs[s as usize].to = t.steps.len() as u32 + 1;
            }
            t.push_step(first + k, cands.len() as u32);
        }
        t
    }
}
