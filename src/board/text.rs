//! The text form of a board: rows of digits, top row first, `.` for an empty cell
//! (`Display`, `Debug`, `FromStr`).
//!
//! Owns: the conversions between [`Board`] and that text. Must not: read files or
//! know about test-set formats (`testset` does).

use std::fmt;
use std::str::FromStr;

use super::{Board, BoardError, EMPTY};
use crate::rules::Variant;

impl fmt::Display for Board {
    /// Rows top first; digits for tiles, `.` for empty cells.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, row) in self.to_rows().iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            for &c in row {
                let ch = if c == EMPTY {
                    '.'
                } else {
                    char::from(b'0' + c)
                };
                write!(f, "{ch}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Board {}x{} colours {} variant {} score {} moves {}",
            self.width, self.height, self.ncolors, self.variant, self.score, self.moves
        )?;
        write!(f, "{self}")
    }
}

impl FromStr for Board {
    type Err = BoardError;
    /// Rows of digits (top row first), `.` for an empty cell; colour count = largest
    /// digit + 1; variant SameGame (see [`Board::with_variant`]).
    ///
    /// ```
    /// let b: samegame::Board = "12\n11".parse().unwrap();
    /// assert_eq!(b.groups().len(), 1);
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut rows = Vec::new();
        for line in s.lines().map(str::trim).filter(|l| !l.is_empty()) {
            let mut row = Vec::with_capacity(line.len());
            for ch in line.chars() {
                row.push(match ch {
                    '0'..='9' => ch as u8 - b'0',
                    '.' => EMPTY,
                    _ => return Err(BoardError::Malformed(format!("bad tile '{ch}'"))),
                });
            }
            rows.push(row);
        }
        let ncolors = rows
            .iter()
            .flatten()
            .filter(|&&c| c != EMPTY)
            .map(|&c| usize::from(c) + 1)
            .max()
            .unwrap_or(1);
        Board::from_rows(&rows, ncolors, Variant::SameGame)
    }
}
