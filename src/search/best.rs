//! Best-line tracking: the best complete game found so far by a search or level.
//!
//! Owns: [`Best`]. Must not: know about budgets or trees.

use crate::board::Cell;

/// The best complete game found so far (moves from the search's start position).
#[derive(Clone, Debug)]
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
        if score > self.score {
            self.score = score;
            self.moves.clear();
            self.moves.extend_from_slice(moves);
            true
        } else {
            false
        }
    }
    pub fn reset(&mut self) {
        self.score = i32::MIN;
        self.moves.clear();
    }
}
