//! Budget accounting shared by every algorithm: the [`Budget`] a caller gives, the
//! [`Limit`] each restart, move step and nesting level gets as its share, the
//! per-search counters [`Meter`] (playouts, nodes, clock, stop flag) and the
//! [`Clock`] a time budget is read on (wall-clock or the search's own CPU time).
//!
//! Owns: the one playout counter of a whole search, how limits are split and how
//! time is read. Must not: choose moves or know about trees.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

/// How much a search may spend.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Budget {
    /// Level-0 playouts for the whole search (all levels, restarts and move steps).
    Iterations(u64),
    /// Wall-clock seconds.
    Time(f64),
    /// CPU seconds of each of the search's threads (`--cpu-time`): the same search
    /// as `Time` of the same seconds on an idle machine with a core per thread, but
    /// a search that gets only part of a core (a low-priority run beside a build, a
    /// shared cluster node) runs until it has had them.
    CpuTime(f64),
}

impl Budget {
    /// The seconds of a time budget, on either clock (`None` for iterations).
    pub fn seconds(self) -> Option<f64> {
        match self {
            Budget::Iterations(_) => None,
            Budget::Time(s) | Budget::CpuTime(s) => Some(s),
        }
    }
}

impl std::fmt::Display for Budget {
    /// `300000 playouts` or `10 s` (the form tables and progress lines print).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Budget::Iterations(k) => write!(f, "{k} playouts"),
            Budget::Time(s) => write!(f, "{s} s"),
            Budget::CpuTime(s) => write!(f, "{s} CPU s"),
        }
    }
}

/// A share of the budget: the playout counter value to stop at and/or a deadline,
/// the time since the search started on its meter's [`Clock`].
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub(crate) struct Limit {
    pub playouts: u64,
    pub deadline: Option<Duration>,
}

impl Limit {
    /// The limit for the first of `parts` equal shares of what is left of `self`
    /// (at least one playout each).
    pub fn share(self, meter: &Meter, parts: u64) -> Limit {
        let parts = parts.max(1);
        let playouts = if self.playouts == u64::MAX {
            u64::MAX
        } else {
            let left = self.playouts.saturating_sub(meter.playouts);
            meter.playouts + (left / parts).max(1)
        };
        let deadline = self.deadline.map(|d| {
            let now = meter.clock.elapsed();
            now + d.saturating_sub(now) / parts.min(u64::from(u32::MAX)) as u32
        });
        Limit { playouts, deadline }
    }
    /// At most `n` more playouts within `self`.
    pub fn at_most(self, meter: &Meter, n: u64) -> Limit {
        Limit {
            playouts: self.playouts.min(meter.playouts.saturating_add(n)),
            deadline: self.deadline,
        }
    }
}

/// A [`Meter`]'s counters and clock reading ([`Meter::state`]).
#[derive(Clone, Copy, Serialize, Deserialize)]
pub(crate) struct MeterState {
    pub playouts: u64,
    nodes_created: u64,
    solved: u64,
    alive: u64,
    peak: u64,
    pub elapsed: Duration,
}

/// Budget accounting shared by every level of one search: the playout counter, node
/// counters, the clock and the stop flag.
pub(crate) struct Meter<'s> {
    pub playouts: u64,
    pub nodes_created: u64,
    /// Tree nodes solved (all levels).
    pub solved: u64,
    alive: u64,
    pub peak: u64,
    /// The clock time budgets are read on (started with the meter).
    pub clock: Clock,
    budget: Budget,
    stop: Option<&'s AtomicBool>,
    stopped: bool,
}

impl<'s> Meter<'s> {
    pub fn new(budget: Budget, stop: Option<&'s AtomicBool>) -> Self {
        Meter {
            playouts: 0,
            nodes_created: 0,
            solved: 0,
            alive: 0,
            peak: 0,
            clock: Clock::new(matches!(budget, Budget::CpuTime(_))),
            budget,
            stop,
            stopped: false,
        }
    }
    /// A fresh meter for a worker of the same search (parallel NRPA's lower-level
    /// searches): its own counters, the same budget, stop flag and clock (paused:
    /// the worker sets it going where it runs, [`Clock::run_from`]).
    pub fn fork(&self) -> Meter<'s> {
        let mut m = Meter::new(self.budget, self.stop);
        m.clock = self.clock;
        m.clock.pause();
        m
    }
    pub fn top_limit(&self) -> Limit {
        match self.budget {
            Budget::Iterations(k) => Limit {
                playouts: k.max(1),
                deadline: None,
            },
            Budget::Time(s) | Budget::CpuTime(s) => Limit {
                playouts: u64::MAX,
                deadline: Some(Duration::from_secs_f64(s.clamp(0.0, 1e9))),
            },
        }
    }
    /// True when `limit` is used up or the search was asked to stop.
    #[inline]
    pub fn exhausted(&mut self, limit: &Limit) -> bool {
        if self.stopped || self.playouts >= limit.playouts {
            return true;
        }
        if self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            self.stopped = true;
            return true;
        }
        limit.deadline.is_some_and(|d| self.clock.reached(d))
    }
    /// Whether the search was asked to stop (the stop flag), without using the
    /// budget up.
    pub fn stop_requested(&self) -> bool {
        self.stopped || self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }
    /// Stops the search here, as the stop flag would (a checkpointed tree search
    /// reads the flag at its top level only, `search::mcts::checkpoint`).
    pub fn stop_here(&mut self) {
        self.stopped = true;
    }
    /// The counters and the clock's reading, for a checkpoint.
    pub fn state(&self) -> MeterState {
        MeterState {
            playouts: self.playouts,
            nodes_created: self.nodes_created,
            solved: self.solved,
            alive: self.alive,
            peak: self.peak,
            elapsed: self.clock.elapsed(),
        }
    }
    /// Continues from a checkpoint's [`Meter::state`] (the clock reads its time now).
    pub fn restore(&mut self, s: &MeterState) {
        self.playouts = s.playouts;
        self.nodes_created = s.nodes_created;
        self.solved = s.solved;
        self.alive = s.alive;
        self.peak = s.peak;
        self.clock.continue_from(s.elapsed);
    }
    /// Records `n` nodes created (alive from now on).
    #[inline]
    pub fn created(&mut self, n: usize) {
        self.nodes_created += n as u64;
        self.alive += n as u64;
        self.peak = self.peak.max(self.alive);
    }
    /// Records `n` nodes freed.
    #[inline]
    pub fn freed(&mut self, n: usize) {
        self.alive -= n as u64;
    }
}

/// The clock a search's time budget is read on: wall-clock time since the search
/// started, or (`--cpu-time`) the CPU time its meter's work has had.
///
/// CPU time is counted per unit of work: a clock runs on one thread at a time
/// (`CLOCK_THREAD_CPUTIME_ID`), and a meter whose work moves between threads (the
/// trees of a root-parallel search step on the caller's pool; parallel NRPA's
/// searches run their rounds there) is paused between units and set going again
/// on the thread that runs the next one. Reading a thread's CPU clock is a system
/// call, so [`Clock::reached`] reads it only when the wall clock says the deadline
/// could have passed: a thread's CPU time never runs ahead of the wall clock.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    /// When the search started (both clocks: the wall clock's origin and the
    /// bound on the CPU clock).
    start: Instant,
    /// CPU time, not wall-clock time.
    cpu: bool,
    /// CPU time of the units before the current one.
    spent: Duration,
    /// The thread CPU time at the start of the current unit (`None`: paused).
    unit: Option<Duration>,
    /// The last reading: the wall-clock instant and the elapsed CPU time then.
    seen_at: Instant,
    seen: Duration,
}

impl Clock {
    /// A clock started now, on the calling thread.
    pub fn new(cpu: bool) -> Clock {
        let now = Instant::now();
        Clock {
            start: now,
            cpu,
            spent: Duration::ZERO,
            unit: cpu.then(thread_cpu_now),
            seen_at: now,
            seen: Duration::ZERO,
        }
    }
    /// Time since the search started, on this clock.
    pub fn elapsed(&self) -> Duration {
        if !self.cpu {
            return self.start.elapsed();
        }
        self.spent
            + self
                .unit
                .map_or(Duration::ZERO, |u| thread_cpu_now().saturating_sub(u))
    }
    /// Whether `deadline` (time since the start on this clock) has passed.
    #[inline]
    pub fn reached(&mut self, deadline: Duration) -> bool {
        if !self.cpu {
            return self.start.elapsed() >= deadline;
        }
        let now = Instant::now();
        // An upper bound of the CPU time now: it cannot advance faster than the wall
        // clock while the unit runs (and not at all while paused).
        let bound = if self.unit.is_some() {
            self.seen + now.saturating_duration_since(self.seen_at)
        } else {
            self.spent
        };
        if bound < deadline {
            return false;
        }
        self.seen = self.elapsed();
        self.seen_at = now;
        self.seen >= deadline
    }
    /// Ends the current unit (the work stops on this thread for now); a paused
    /// clock stands still.
    pub fn pause(&mut self) {
        if let Some(u) = self.unit.take() {
            self.spent += thread_cpu_now().saturating_sub(u);
        }
    }
    /// Starts a unit on the calling thread, the clock reading `at` (a CPU clock
    /// continues from `at`; a wall clock is unaffected).
    pub fn run_from(&mut self, at: Duration) {
        if self.cpu {
            self.spent = at;
            self.unit = Some(thread_cpu_now());
            self.seen = at;
            self.seen_at = Instant::now();
        }
    }
    /// Continues a search stopped after `at` on this clock (a checkpoint's): the
    /// clock reads `at` now, on either clock.
    pub fn continue_from(&mut self, at: Duration) {
        if self.cpu {
            self.run_from(at);
        } else {
            let now = Instant::now();
            self.start = now.checked_sub(at).unwrap_or(now);
        }
    }
    /// Starts a unit on the calling thread where the clock stands.
    pub fn resume(&mut self) {
        let at = self.elapsed();
        self.pause();
        self.run_from(at);
    }
}

/// CPU time consumed by the calling thread so far (`clock_gettime` with
/// `CLOCK_THREAD_CPUTIME_ID`, nanosecond resolution); `None` where the clock is
/// unavailable.
#[cfg(unix)]
pub fn thread_cpu_time() -> Option<Duration> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec for the duration of the call.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (rc == 0).then(|| Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32))
}

/// CPU time consumed by the calling thread so far: not available here.
#[cfg(not(unix))]
pub fn thread_cpu_time() -> Option<Duration> {
    None
}

/// Whether the CPU-time budget (`--cpu-time`) can be kept on this system.
pub fn cpu_clock_available() -> bool {
    thread_cpu_time().is_some()
}

/// The calling thread's CPU time (zero where unavailable; `--cpu-time` is refused
/// there, [`cpu_clock_available`]).
fn thread_cpu_now() -> Duration {
    thread_cpu_time().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Burns CPU on the calling thread until `clock` says `deadline` has passed.
    fn spin_until(clock: &mut Clock, deadline: Duration) -> u64 {
        let mut x = 0u64;
        while !clock.reached(deadline) {
            x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
        }
        x
    }

    #[test]
    fn a_cpu_clock_reaches_its_deadline_only_after_that_much_cpu_time() {
        if !cpu_clock_available() {
            return;
        }
        let d = Duration::from_millis(20);
        let before = thread_cpu_now();
        let mut clock = Clock::new(true);
        spin_until(&mut clock, d);
        assert!(thread_cpu_now() - before >= d);
        assert!(clock.elapsed() >= d);
    }

    #[test]
    fn a_continued_clock_counts_the_time_before() {
        // A checkpointed search resumed after 50 s (`search::nrpa`'s checkpoints).
        let at = Duration::from_secs(50);
        let mut clocks = vec![Clock::new(false)];
        if cpu_clock_available() {
            clocks.push(Clock::new(true));
        }
        for mut c in clocks {
            c.continue_from(at);
            assert!(c.elapsed() >= at && c.reached(at));
            assert!(!c.reached(Duration::from_secs(3600)));
        }
    }

    #[test]
    fn a_paused_cpu_clock_stands_still_and_resumes_where_it_stood() {
        if !cpu_clock_available() {
            return;
        }
        let mut clock = Clock::new(true);
        spin_until(&mut clock, Duration::from_millis(5));
        clock.pause();
        let stood = clock.elapsed();
        // Work done while paused is not the clock's.
        let mut other = Clock::new(true);
        spin_until(&mut other, Duration::from_millis(5));
        assert_eq!(clock.elapsed(), stood);
        assert!(!clock.reached(stood + Duration::from_nanos(1)));
        assert!(clock.reached(stood));
        clock.resume();
        assert!(clock.elapsed() >= stood);
        // A unit started elsewhere continues from the reading it is given.
        let mut fork = clock;
        fork.pause();
        fork.run_from(Duration::from_secs(7));
        assert!(fork.elapsed() >= Duration::from_secs(7));
        assert!(fork.reached(Duration::from_secs(7)));
    }

    #[test]
    fn shares_of_a_cpu_budget_split_what_is_left() {
        if !cpu_clock_available() {
            return;
        }
        let meter = Meter::new(Budget::CpuTime(100.0), None);
        let top = meter.top_limit();
        assert_eq!(top.deadline, Some(Duration::from_secs(100)));
        assert_eq!(top.playouts, u64::MAX);
        let half = top.share(&meter, 2).deadline.unwrap();
        // Half of what is left (almost all of it) from now.
        assert!(half >= Duration::from_secs(50) && half < Duration::from_secs(51));
    }

    #[test]
    fn budgets_print_their_clock() {
        assert_eq!(Budget::Time(2.5).to_string(), "2.5 s");
        assert_eq!(Budget::CpuTime(600.0).to_string(), "600 CPU s");
        assert_eq!(Budget::CpuTime(3.0).seconds(), Some(3.0));
        assert_eq!(Budget::Iterations(3).seconds(), None);
    }
}
