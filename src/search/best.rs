//! Best-line tracking: the best complete game found so far by a search or level,
//! and the repeat-runs loop of the searches that play complete games from their
//! root again and again (NMCS, NRPA).
//!
//! Owns: [`Best`], [`Runs`] and [`repeat_runs`]. Must not: know about budgets or
//! trees (a search says itself when its budget is spent).

use crate::board::Cell;

/// The best complete game found so far (moves from the search's start position).
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct Best {
    pub score: i32,
    pub moves: Vec<Cell>,
}

impl Default for Best {
    fn default() -> Self {
        Best {
            score: i32::MIN,
            moves: Vec::new(),
        }
    }
}

impl Best {
    /// Keeps `moves` if `score` is strictly better. Returns true when kept.
    pub fn offer(&mut self, score: i32, moves: &[Cell]) -> bool {
        self.offer_parts(score, moves, &[])
    }
    /// Keeps `moves` if `score` is at least as good (Rosin's NRPA: a later sequence
    /// of equal score replaces the memorised one). Returns true when kept.
    pub fn offer_or_tie(&mut self, score: i32, moves: &[Cell]) -> bool {
        let kept = score >= self.score;
        if kept {
            self.set(score, moves, &[]);
        }
        kept
    }
    /// Keeps the game `committed` then `sim` (the moves a search has played from its
    /// start, then a simulation from there) if `score` is strictly better.
    pub fn offer_parts(&mut self, score: i32, committed: &[Cell], sim: &[Cell]) -> bool {
        let kept = score > self.score;
        if kept {
            self.set(score, committed, sim);
        }
        kept
    }
    fn set(&mut self, score: i32, committed: &[Cell], sim: &[Cell]) {
        self.score = score;
        self.moves.clear();
        self.moves.extend_from_slice(committed);
        self.moves.extend_from_slice(sim);
    }
    /// Forgets the best game (a new search starts).
    pub fn reset(&mut self) {
        self.score = i32::MIN;
        self.moves.clear();
    }
}

/// A search that plays complete runs from its root (NMCS, NRPA).
pub(crate) trait Runs {
    /// One complete top-level run from the root; returns its best game.
    fn run_once(&mut self) -> &Best;
    /// True when the search's budget is spent.
    fn exhausted(&mut self) -> bool;
}

/// Repeats complete runs of `search` while budget remains, at least one, offering
/// each run's best game to `best`: a budget that outlasts one run is spent on fresh
/// runs (the thesis repeated level-2 NMCS this way), and a budget that runs out
/// mid-run ends it with the best game found so far.
pub(crate) fn repeat_runs(search: &mut impl Runs, best: &mut Best) {
    loop {
        let run = search.run_once();
        best.offer(run.score, &run.moves);
        if search.exhausted() {
            return;
        }
    }
}
