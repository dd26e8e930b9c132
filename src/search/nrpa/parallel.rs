//! Parallel NRPA (`--nrpa-width K`, K ≥ 2): one NRPA search whose top level runs
//! its lower-level searches K at a time, side by side, on the caller's rayon pool.
//!
//! Negrevergne & Cazenave (2017, *Distributed Nested Rollout Policy for SameGame*)
//! spread one NRPA search over a cluster's cores (their 83,050 on the standard 20
//! boards); only the paper's abstract and introduction could be read here, so the
//! rule below is ours, shaped by our determinism standard: the result depends on
//! the seed, the budget and K, never on how many threads run the searches.
//!
//! A level-L top level runs its N iterations in rounds of K (the last round of a
//! run: the N mod K left). The searches of a round are level-(L−1) searches, all
//! from the same copy of the top level's policy, search i of round r with its own
//! generator `rng_for(base, r, i)` (`base`: one draw from the caller's generator;
//! rounds are counted across restarts, so no stream repeats). After the round, in
//! index order, each result is offered to the level's best (a result at least as
//! good replaces it, Rosin's rule, so among equal scores the highest index wins)
//! and the policy adapts once toward the level's best: N adaptations per run, as
//! sequential NRPA makes. Adapting once per round instead would leave a top level
//! only N / K learning steps (one with K = N); per result, the top level is
//! sequential NRPA whose lower-level searches ran from a policy at most K − 1
//! adaptations old, and K = 1 would be sequential NRPA itself (width 1 never comes
//! here: it keeps the caller's generator, bit for bit).
//!
//! Budget: every playout counts one, summed over the round's searches. A round
//! whose full searches (N^(L−1) playouts each) fit in the budget left runs them
//! whole; otherwise the budget left is split evenly over at most that many
//! searches (the first ones one playout more), so an iteration budget is spent
//! exactly. A time budget or the stop flag ends every search of the round at its
//! next check (each has at least one playout); the best line is kept.
//!
//! Owns: the rounds of a wide top level, its searches' generators and budget
//! shares. Must not: create threads or pools (the caller's pool runs the round),
//! print, or change a search of width 1.

use rand::Rng as _;
use rayon::prelude::*;

use super::checkpoint::{Driver, Frame, Stepper};
use super::{Nrpa, NrpaLevel};
use crate::board::Board;
use crate::policy::adaptive::{AdaptScratch, Playout, Policy};
use crate::rng::{rng_for, Rng};
use crate::search::best::{repeat_runs, Best, Runs};
use crate::search::budget::{Limit, Meter};

/// Runs `top` (its root, level L ≥ 1, parameters, counters and limit) as parallel
/// NRPA of width `width` ≥ 2, restarting complete runs while budget remains; the
/// best game goes to `best`.
pub(super) fn wide(
    top: Nrpa<'_, '_, '_>,
    width: u32,
    best: &mut Best,
    checkpoints: Option<&mut Driver>,
) {
    // More searches than a run has iterations would never run.
    let k = u64::from(width).min(top.iterations) as usize;
    // A search continued from a checkpoint keeps the draw it started with.
    let base: u64 = match top.frames.last() {
        Some(f) => f.base,
        None => top.rng.gen(),
    };
    let mut meters: Vec<Meter> = (0..k).map(|_| top.meter.fork()).collect();
    // Placeholders: every search is given its generator when its round starts.
    let mut rngs: Vec<Rng> = (0..k).map(|_| rng_for(base, u64::MAX, 0)).collect();
    let searches = meters
        .iter_mut()
        .zip(rngs.iter_mut())
        .map(|(m, r)| top.fork(m, r))
        .collect();
    let size = top.iterations.saturating_pow(top.level as u32 - 1);
    let mut w = Wide {
        top,
        searches,
        base,
        round: 0,
        size,
    };
    match checkpoints {
        Some(d) => d.drive(&mut w, best),
        None => repeat_runs(&mut w, best),
    }
}

/// A wide top level: the search it belongs to (its counters, limit, top-level
/// result and adaptation buffers) and the `K` lower-level searches of a round.
struct Wide<'a, 'c, 's, 'r> {
    top: Nrpa<'c, 's, 'r>,
    searches: Vec<Nrpa<'a, 's, 'a>>,
    /// The draw all the searches' generators are derived from.
    base: u64,
    /// Rounds started so far, over every run.
    round: u64,
    /// Playouts of one whole level-(L−1) search: N^(L−1).
    size: u64,
}

impl Runs for Wide<'_, '_, '_, '_> {
    fn run_once(&mut self) -> &Best {
        self.run_top();
        self.top.keep_top_as_seed();
        &self.top.levels[self.top.level - 1].best
    }
    fn exhausted(&mut self) -> bool {
        self.top.meter.exhausted(&self.top.limit)
    }
}

impl<'c, 's, 'r> Stepper<'c, 's, 'r> for Wide<'_, 'c, 's, 'r> {
    fn top(&mut self) -> &mut Nrpa<'c, 's, 'r> {
        &mut self.top
    }
}

impl Wide<'_, '_, '_, '_> {
    /// One top-level run from the empty policy (or the warm start's) and the seed's
    /// line if any (`--nrpa-seed`), in rounds; result in
    /// `self.top.levels[L - 1]`.
    fn run_top(&mut self) {
        let top = &mut self.top;
        let level = top.level;
        let n = top.iterations;
        let (mut pol, mut ws, mut done, mut resumed) = match top.frames.pop() {
            // Continued from a checkpoint (`checkpoint.rs`), at the start of a round.
            Some(f) => {
                self.round = f.round;
                (f.pol, f.ws, f.i, true)
            }
            None => {
                let mut ws = std::mem::take(&mut top.levels[level - 1]);
                top.start_top(&mut ws);
                (top.start.clone(), ws, 0, false)
            }
        };
        // With checkpoints: the state at the start of the last round, which a stop
        // (that cuts the round short) saves instead of the state after it.
        let mut before: Option<Frame> = None;
        while done < n {
            if let Some(sus) = top.suspend.as_mut() {
                // Not twice at the same round's start.
                let (stop, due) = match std::mem::take(&mut resumed) {
                    true => (false, false),
                    false => sus.at_round(top.meter),
                };
                let now = || Frame {
                    level,
                    pol: pol.clone(),
                    ws: ws.clone(),
                    i: done,
                    j: 0,
                    repeated: 0,
                    round: self.round,
                    base: self.base,
                };
                if due {
                    let frame = match before.take() {
                        Some(f) if stop => f,
                        _ => now(),
                    };
                    // The line of the round a stop cut short is still offered.
                    top.levels[level - 1] = ws;
                    top.frames.push(frame);
                    return;
                }
                before = Some(now());
            }
            if ws.best.score != i32::MIN && top.meter.exhausted(&top.limit) {
                break;
            }
            let want = (n - done).min(self.searches.len() as u64);
            let left = top.limit.playouts.saturating_sub(top.meter.playouts);
            let shares = shares(left, want, self.size);
            let (base, round, deadline) = (self.base, self.round, top.limit.deadline);
            // Every search of the round starts its clock where the top level's
            // stands; the round lasts as long as its longest search.
            let now = top.meter.clock.elapsed();
            self.round += 1;
            let round_searches = &mut self.searches[..shares.len()];
            round_searches
                .par_iter_mut()
                .zip(&shares)
                .enumerate()
                .for_each(|(i, (s, &share))| {
                    *s.rng = rng_for(base, round, i as u64);
                    s.meter.playouts = 0;
                    s.limit = Limit {
                        playouts: share,
                        deadline,
                    };
                    s.meter.clock.run_from(now);
                    s.run(level - 1, &pol);
                    s.meter.clock.pause();
                });
            let longest = round_searches
                .iter()
                .map(|s| s.meter.clock.elapsed())
                .max()
                .unwrap_or(now);
            top.meter.clock.run_from(longest);
            for s in round_searches.iter() {
                top.meter.playouts += s.meter.playouts;
                let low = s.result(level - 1);
                if ws.best.offer_or_tie(low.best.score, &low.best.moves) {
                    ws.trace.clone_from(&low.trace);
                }
                pol.adapt(&ws.trace, top.alpha, &mut top.scratch);
            }
            done += shares.len() as u64;
        }
        top.levels[level - 1] = ws;
    }
}

/// The playouts of each search of a round that wants `want` ≥ 1 searches of
/// `size` playouts with `left` ≥ 1 playouts of budget left: all of them whole
/// when they fit, else `left` split evenly over at most `want` searches (at least
/// one playout each, the first ones one more).
fn shares(left: u64, want: u64, size: u64) -> Vec<u64> {
    if left >= want.saturating_mul(size) {
        return vec![size; want as usize];
    }
    let m = want.min(left).max(1);
    (0..m).map(|i| left / m + u64::from(i < left % m)).collect()
}

impl<'s> Nrpa<'_, 's, '_> {
    /// A search of the same root, level and parameters as `self` with fresh
    /// buffers, counting on `meter` and drawing from `rng` (a round's search).
    fn fork<'a>(&self, meter: &'a mut Meter<'s>, rng: &'a mut Rng) -> Nrpa<'a, 's, 'a> {
        let root: Board = self.root;
        Nrpa {
            meter,
            rng,
            limit: self.limit,
            root,
            level: self.level,
            alpha: self.alpha,
            iterations: self.iterations,
            stable: self.stable,
            repeats: self.repeats,
            beam: self.beam,
            beams: (0..=self.level).map(|_| Vec::new()).collect(),
            playout: Playout::new(self.playout.selective, 0.0).with_bias(self.playout.bias),
            levels: (0..self.level).map(|_| NrpaLevel::default()).collect(),
            last_playout: NrpaLevel::default(),
            scratch: AdaptScratch::default(),
            // A round's searches run below the top level, from the round's policy.
            start: Policy::default(),
            seed: None,
            restart_best: false,
            suspend: None,
            frames: Vec::new(),
            beam_frames: Vec::new(),
        }
    }
    /// The result of the last level-`level` search.
    fn result(&self, level: usize) -> &NrpaLevel {
        if level == 0 {
            &self.last_playout
        } else {
            &self.levels[level - 1]
        }
    }
}

#[cfg(test)]
#[path = "parallel_tests.rs"]
mod tests;
