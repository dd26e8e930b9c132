//! What every search returns: [`SearchResult`] (the best complete game found) and
//! its [`SearchStats`].
//!
//! Owns: those types, how statistics are read off a search's meter and how the
//! statistics of several searches add up. Must not: run searches.

use serde::{Deserialize, Serialize};

use super::budget::Meter;
use super::endgame::Endgame;
use crate::board::Cell;

/// Counters reported by every search.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SearchStats {
    /// Level-0 playouts run (a simulation ending on a terminal tree node counts as one).
    pub playouts: u64,
    /// Tree nodes created (all levels): one per move tried, at most one per
    /// simulation (children are created when first tried, not as stubs).
    pub nodes_created: u64,
    /// Largest number of tree nodes alive at once (all levels together).
    pub peak_nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Tree nodes solved by the one-player MCTS-Solver (all levels).
    #[serde(default)]
    pub solved_nodes: u64,
    /// Exact endgame solves (`--endgame`), table lookups included.
    #[serde(default)]
    pub endgames: u64,
    /// Positions the exact endgame solver expanded (`--endgame`).
    #[serde(default)]
    pub endgame_nodes: u64,
    /// True when `score` is the proven optimum of the position (a solved root, or
    /// `exact` finished within its budget).
    #[serde(default)]
    pub proven: bool,
}

/// The outcome of a search: the best complete game found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// Final score of `moves` under the board's variant.
    pub score: i32,
    /// The full move sequence (canonical cells), ending in a terminal position.
    pub moves: Vec<Cell>,
    /// Statistics.
    pub stats: SearchStats,
}

impl SearchStats {
    /// The counters of one search: its meter and endgame solver; `seconds` 0 (the
    /// front door times the whole search).
    pub(crate) fn of(meter: &Meter, endgame: &Endgame, proven: bool) -> SearchStats {
        SearchStats {
            playouts: meter.playouts,
            nodes_created: meter.nodes_created,
            peak_nodes: meter.peak,
            seconds: 0.0,
            solved_nodes: meter.solved,
            endgames: endgame.solves,
            endgame_nodes: endgame.nodes(),
            proven,
        }
    }
    /// Adds the counters of another search run alongside (`peak_nodes` too: the
    /// searches are alive together; `proven` when either is; `seconds` unchanged).
    pub(crate) fn add(&mut self, s: &SearchStats) {
        self.playouts += s.playouts;
        self.nodes_created += s.nodes_created;
        self.peak_nodes += s.peak_nodes;
        self.solved_nodes += s.solved_nodes;
        self.endgames += s.endgames;
        self.endgame_nodes += s.endgame_nodes;
        self.proven |= s.proven;
    }
}
