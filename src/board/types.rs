//! The board's value types: [`Cell`] (a tile position), [`Group`] (a legal move's
//! summary), [`Change`] (what a move changed) and [`BoardError`].
//! Must not: know the board's layout or play moves.

use std::fmt;

/// A tile position: `x` = column from the left, `y` = row from the bottom, both from 0
/// (the CodinGame convention). A move is given by any tile of the group.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Default,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct Cell {
    /// Column from the left.
    pub x: u8,
    /// Row from the bottom.
    pub y: u8,
}

impl Cell {
    /// The cell at column `x`, row `y`.
    pub fn new(x: usize, y: usize) -> Self {
        Cell {
            x: x as u8,
            y: y as u8,
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// A legal move: a group of ≥ 2 connected tiles of one colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Group {
    /// Canonical tile: the lowest tile of the group's leftmost column.
    pub cell: Cell,
    /// Colour index.
    pub color: u8,
    /// Number of tiles.
    pub size: u16,
    /// Leftmost column touched.
    pub xmin: u8,
    /// Rightmost column touched.
    pub xmax: u8,
}

/// What a move changed, for incremental group maintenance: the old column span of
/// the removed group and how many of those columns became empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Change {
    /// Leftmost column of the removed group (same index before and after).
    pub xmin: u8,
    /// Rightmost column of the removed group, indexed before the move.
    pub xmax: u8,
    /// Number of columns emptied (and closed up) by the move.
    pub emptied: u8,
}

/// Why a move or a board was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// The cell is on the board but empty.
    EmptyCell(Cell),
    /// The cell is outside the board (its width and height as given at the start).
    Outside {
        /// The move.
        cell: Cell,
        /// The board's width.
        width: usize,
        /// The board's height.
        height: usize,
    },
    /// The tile at the cell has no neighbour of its colour.
    SingleTile(Cell),
    /// The board's shape or colours are outside what the engine supports.
    Unsupported(String),
    /// A textual board is malformed.
    Malformed(String),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::EmptyCell(c) => write!(f, "illegal move {c}: no tile there"),
            BoardError::Outside {
                cell,
                width,
                height,
            } => write!(
                f,
                "illegal move {cell}: outside the {width} × {height} board (x from 0 to {}, \
                 y from 0 to {})",
                width - 1,
                height - 1
            ),
            BoardError::SingleTile(c) => {
                write!(
                    f,
                    "illegal move {c}: the tile has no neighbour of its colour"
                )
            }
            BoardError::Unsupported(m) | BoardError::Malformed(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for BoardError {}
