//! Move sequences and their replay: the one place where a claimed solution is checked.
//!
//! Owns: [`replay`], which plays a move list on a board, checks every move is legal,
//! and reports the final score and whether the game is over; [`codingame`], a move
//! list in CodinGame's answer format. Must not: parse files
//! or print; callers turn a [`ReplayError`] into a message with file and line.

use std::fmt;

use crate::board::{Board, BoardError, Cell};

/// The outcome of replaying a move list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// Final score: running score plus end adjustment (exact when `terminal`).
    pub score: i32,
    /// True when no move is left at the end.
    pub terminal: bool,
    /// The board after the last move.
    pub board: Board,
}

/// Move `index` (0-based) of a sequence was illegal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// Index of the offending move in the sequence, from 0.
    pub index: usize,
    /// Why it is illegal.
    pub error: BoardError,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} ({})", self.index + 1, self.error)
    }
}

impl std::error::Error for ReplayError {}

/// Replays `moves` (any tile of each group, on the board as it stands) from `start`.
pub fn replay(start: &Board, moves: &[Cell]) -> Result<Replayed, ReplayError> {
    let mut b = *start;
    for (index, &m) in moves.iter().enumerate() {
        b.try_play(m)
            .map_err(|error| ReplayError { index, error })?;
    }
    Ok(Replayed {
        score: b.final_score(),
        terminal: b.is_terminal(),
        board: b,
    })
}

/// Checks that `moves` is a complete game from `start` scoring exactly `claimed`.
pub fn verify(start: &Board, moves: &[Cell], claimed: i32) -> Result<i32, String> {
    let r = replay(start, moves).map_err(|e| e.to_string())?;
    if !r.terminal {
        return Err(format!(
            "the game is not over after {} moves (a group of 2 or more is left)",
            moves.len()
        ));
    }
    if r.score != claimed {
        return Err(format!(
            "claimed score {claimed} but the moves score {}",
            r.score
        ));
    }
    Ok(r.score)
}
/// The CodinGame answer format of a move list: `x y;x y;…`.
pub fn codingame(moves: &[Cell]) -> String {
    moves
        .iter()
        .map(|m| format!("{} {}", m.x, m.y))
        .collect::<Vec<_>>()
        .join(";")
}
