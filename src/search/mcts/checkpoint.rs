//! Checkpoints of a tree search (`batch --checkpoint`, `compare --checkpoint`): an
//! hour-long MCTS, BMCTS, NMCTS or NBMCTS run (the warm tree among them) that is
//! stopped (Ctrl-C, `kill -TERM`, the end of a session) or killed continues later
//! from where it stood, and plays exactly the games it would have played without
//! the interruption.
//!
//! A checkpoint is taken between two simulations of the top level, where no lower
//! level is in progress: the state is the top level's tree (nodes, stored moves,
//! selection memos), its best game, reward range and beam counters, the restart it
//! is in and that restart's limit, the best game of the restarts before, the
//! generator, the counters and clock, and what the rollouts carry from one
//! simulation to the next (the tabu bandit's statistics, the learned policies). The
//! lower levels' workspaces are rebuilt by the next simulation, and the positions
//! cached along the last path are recomputed. The search is not suspended: it goes
//! on after the bytes are handed over, or ends there when a stop was asked.
//!
//! A stop is read between two top-level simulations only (the lower levels never
//! see it), so the state saved at a stop is one the search never stopped would
//! pass through; a stop takes effect once the simulation in progress ends (a
//! lower-level search of `--inner` playouts).
//!
//! Checkpointable ([`check`]): one tree (`--threads 1`: root-parallel trees step in
//! lock-step and are not), global search at the top level (`--z` 0 there: the
//! default of bmcts, nmcts and nbmcts; a move-by-move top level is not), and no
//! exact endgames (`--endgame 0`: their transposition table is not saved).
//!
//! Owns: [`TreeState`], [`TreeCheckpoints`] (what a checkpointed tree search
//! carries) and [`check`]. Must not: touch files (the caller writes and reads the
//! bytes), or choose, expand or evaluate (the search's own code runs unchanged).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::LevelWorkspace;
use crate::board::Cell;
use crate::rng::Rng;
use crate::search::best::Best;
use crate::search::budget::{Limit, Meter, MeterState};
use crate::search::config::{Algo, SearchConfig, Setting};
use crate::search::rollout::{Rollout, RolloutState};
use crate::tree::Tree;

/// The format of [`TreeState`]'s bytes: its first field, as NRPA's state starts
/// with its own format (1), so the two never read as each other.
pub(crate) const FORMAT: u32 = 2;

/// A tree search between two top-level simulations (see the module docs).
#[derive(Deserialize)]
pub struct TreeState {
    format: u32,
    levels: usize,
    pub(super) restart: u64,
    pub(super) lim: Limit,
    pub(super) top: TopLevel,
    pub(super) rng: Rng,
    pub(super) meter: MeterState,
    wall: Duration,
    pub(super) best: Best,
    pub(super) rollout: RolloutState,
}

/// What the top level's workspace carries from one simulation to the next.
#[derive(Serialize, Deserialize)]
pub(super) struct TopLevel {
    pub tree: Tree,
    pub best: Best,
    pub committed: Vec<Cell>,
    pub lo: f64,
    pub hi: f64,
    pub depth_count: Vec<u64>,
}

/// [`TreeState`] borrowed from a running search, serialised field for field the
/// same way.
#[derive(Serialize)]
struct StateRef<'a> {
    format: u32,
    levels: usize,
    restart: u64,
    lim: Limit,
    top: TopRef<'a>,
    rng: &'a Rng,
    meter: MeterState,
    wall: Duration,
    best: &'a Best,
    rollout: RolloutState,
}

/// [`TopLevel`] borrowed from the workspace.
#[derive(Serialize)]
struct TopRef<'a> {
    tree: &'a Tree,
    best: &'a Best,
    committed: &'a [Cell],
    lo: f64,
    hi: f64,
    depth_count: &'a [u64],
}

impl TreeState {
    /// Reads a state from the bytes a checkpoint handed over.
    pub fn from_bytes(bytes: &[u8]) -> Result<TreeState, String> {
        let s: TreeState = bincode::deserialize(bytes).map_err(|e| format!("unreadable: {e}"))?;
        if s.format != FORMAT {
            return Err(format!(
                "format {} (this build reads format {FORMAT})",
                s.format
            ));
        }
        if s.top.tree.is_empty() {
            return Err("its tree has no root".into());
        }
        Ok(s)
    }
    /// Whether this state continues a search of `config` (a tree search of its
    /// nesting level).
    pub fn fits(&self, config: &SearchConfig) -> bool {
        config.algo().is_tree() && self.levels == config.level as usize
    }
    /// Playouts played before the checkpoint.
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
        let s = self.best.score.max(self.top.best.score);
        (s != i32::MIN).then_some(s)
    }
}

/// Whether `config` is a tree search that can be checkpointed (see the module
/// docs); the message names everything in the way at once, with its remedy.
pub fn check(config: &SearchConfig) -> Result<(), String> {
    let t = config.tree().expect("a tree search");
    let name = config.algo().name();
    let (mut what, mut fix) = (Vec::new(), Vec::new());
    if config.trees != 1 {
        let n = match config.trees {
            0 => "auto".to_string(),
            n => n.to_string(),
        };
        what.push(format!(
            "several root-parallel trees (--threads, --search-threads {n})"
        ));
        fix.push("give --search-threads 1 (one tree per run; more runs side by side)");
    }
    if t.z.last() != Some(&Setting::Set(0)) {
        what.push(format!(
            "a move-by-move top level (--z {} at level {})",
            t.z.last().map_or("?".into(), |z| z.to_string()),
            config.level
        ));
        fix.push("give --z 0 there");
    }
    if config.endgame != 0 {
        what.push(format!("exact endgames (--endgame {})", config.endgame));
    }
    debug_assert!(matches!(
        config.algo(),
        Algo::Mcts | Algo::Bmcts | Algo::Nmcts | Algo::Nbmcts
    ));
    if what.is_empty() {
        return Ok(());
    }
    let fix = match fix.is_empty() {
        true => String::new(),
        false => format!("; {}", fix.join("; ")),
    };
    Err(format!(
        "{name} with {} cannot be checkpointed{fix}",
        what.join(" and with ")
    ))
}

/// What a checkpointed tree search carries: when to save, where the bytes go, the
/// stop it reads between top-level simulations, and the top level's place in its
/// restarts (set by the driver).
pub(crate) struct TreeCheckpoints<'a> {
    every: Duration,
    last: Instant,
    save: &'a mut (dyn FnMut(&[u8]) + Send),
    stop: Option<&'a AtomicBool>,
    /// Testing: stop once the meter has counted this many playouts.
    stop_after: Option<u64>,
    called: Instant,
    wall_before: Duration,
    /// The restart in progress and its limit.
    pub restart: u64,
    pub lim: Limit,
    /// The best game of the restarts before.
    pub best: Best,
}

impl<'a> TreeCheckpoints<'a> {
    /// Checkpoints every `every`, handed to `save`; `stop` is read between
    /// top-level simulations; `stop_after` playouts of this call act as a stop
    /// (testing); `wall_before`: wall time of the calls before (a resumed search).
    pub fn new(
        every: Duration,
        save: &'a mut (dyn FnMut(&[u8]) + Send),
        stop: Option<&'a AtomicBool>,
        stop_after: Option<u64>,
        wall_before: Duration,
    ) -> Self {
        TreeCheckpoints {
            every,
            last: Instant::now(),
            save,
            stop,
            stop_after,
            called: Instant::now(),
            wall_before,
            restart: 0,
            lim: Limit {
                playouts: 0,
                deadline: None,
            },
            best: Best::default(),
        }
    }

    /// Counts `stop_after` from the meter's reading now (the start of this call).
    pub fn start(&mut self, meter: &Meter) {
        self.stop_after = self.stop_after.map(|n| meter.playouts.saturating_add(n));
    }

    /// After a simulation of the top level (of `levels` levels): saves the state
    /// when due or when a stop is asked. Returns true when the search must stop.
    pub(super) fn after_simulation(
        &mut self,
        levels: usize,
        ws: &LevelWorkspace,
        rng: &Rng,
        meter: &Meter,
        rollout: &Rollout,
    ) -> bool {
        let stop = self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
            || self.stop_after.is_some_and(|n| meter.playouts >= n);
        if !stop && self.last.elapsed() < self.every {
            return false;
        }
        let state = StateRef {
            format: FORMAT,
            levels,
            restart: self.restart,
            lim: self.lim,
            top: TopRef {
                tree: &ws.tree,
                best: &ws.best,
                committed: &ws.committed,
                lo: ws.lo,
                hi: ws.hi,
                depth_count: &ws.depth_count,
            },
            rng,
            meter: meter.state(),
            wall: self.wall_before + self.called.elapsed(),
            best: &self.best,
            rollout: rollout.state(),
        };
        let bytes = bincode::serialize(&state).expect("a search state serialises");
        (self.save)(&bytes);
        self.last = Instant::now();
        stop
    }
}

#[cfg(test)]
#[path = "checkpoint_tests.rs"]
mod tests;
