//! Budget accounting shared by every algorithm: the [`Budget`] a caller gives, the
//! [`Limit`] each restart, move step and nesting level gets as its share, and the
//! per-search counters [`Meter`] (playouts, nodes, clock, stop flag).
//!
//! Owns: the one playout counter of a whole search and how limits are split.
//! Must not: choose moves or know about trees.

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
}

impl std::fmt::Display for Budget {
    /// `300000 playouts` or `10 s` (the form tables and progress lines print).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Budget::Iterations(k) => write!(f, "{k} playouts"),
            Budget::Time(s) => write!(f, "{s} s"),
        }
    }
}

/// A share of the budget: the playout counter value to stop at and/or a deadline.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limit {
    pub playouts: u64,
    pub deadline: Option<Instant>,
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
            let now = Instant::now();
            now + d.saturating_duration_since(now) / parts.min(u64::from(u32::MAX)) as u32
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

/// Budget accounting shared by every level of one search: the playout counter, node
/// counters, the clock and the stop flag.
pub(crate) struct Meter<'s> {
    pub playouts: u64,
    pub nodes_created: u64,
    /// Tree nodes solved (all levels).
    pub solved: u64,
    alive: u64,
    pub peak: u64,
    pub start: Instant,
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
            start: Instant::now(),
            budget,
            stop,
            stopped: false,
        }
    }
    /// A fresh meter for a worker of the same search (parallel NRPA's lower-level
    /// searches): its own counters and clock, the same budget and stop flag.
    pub fn fork(&self) -> Meter<'s> {
        Meter::new(self.budget, self.stop)
    }
    pub fn top_limit(&self) -> Limit {
        match self.budget {
            Budget::Iterations(k) => Limit {
                playouts: k.max(1),
                deadline: None,
            },
            Budget::Time(s) => Limit {
                playouts: u64::MAX,
                deadline: Some(self.start + Duration::from_secs_f64(s.clamp(0.0, 1e9))),
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
        limit.deadline.is_some_and(|d| Instant::now() >= d)
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
