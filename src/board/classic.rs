//! The classic array engine: the yardstick the fast engine is measured against.
//!
//! Owns: [`ClassicBoard`], a W×H array of colour bytes, and [`classic_playout`], a
//! uniform random playout over groups in the classic style: every move recomputes
//! every group by flood fill (an explicit stack and a label per cell), draws one
//! group uniformly, removes its cells, applies gravity column by column and closes
//! up empty columns. It is a straightforward Rust port of the naive C engines, for
//! `samegame bench --classic` (and the playout tests) only: crate-private, it is not
//! part of the library's API.
//! Must not: be used by search, or share code with [`crate::board::Board`] (its
//! value as a yardstick is in being the plain textbook engine).

use rand::Rng as _;

use super::{Board, Cell, MAX_HEIGHT, MAX_WIDTH};
use crate::rng::Rng;
use crate::rules::Variant;

/// No tile in a cell.
const NONE: u8 = u8::MAX;

/// A position as a column-major array of colour bytes (`NONE` for no tile).
#[derive(Clone)]
pub struct ClassicBoard {
    /// `cells[x][y]`: column x from the left, row y from the bottom.
    cells: [[u8; MAX_HEIGHT]; MAX_WIDTH],
    width: usize,
    height: usize,
    ncolors: usize,
    variant: Variant,
    score: i32,
}

/// Per-move scratch of the classic engine: a group label per cell, the group sizes
/// and the flood-fill stack (allocated once per playout, as a C engine would).
struct Scratch {
    label: [[u16; MAX_HEIGHT]; MAX_WIDTH],
    sizes: Vec<u32>,
    first: Vec<(u8, u8)>,
    legal: Vec<u16>,
    stack: Vec<(u8, u8)>,
}

impl ClassicBoard {
    /// The position of `board` (same tiles, colours and variant; score 0).
    pub fn from_board(board: &Board) -> Self {
        let mut cells = [[NONE; MAX_HEIGHT]; MAX_WIDTH];
        for x in 0..board.width() {
            for y in 0..board.height() {
                if let Some(c) = board.color_at(Cell::new(x, y)) {
                    cells[x][y] = c;
                }
            }
        }
        ClassicBoard {
            cells,
            width: board.width(),
            height: board.height(),
            ncolors: board.colors(),
            variant: board.variant(),
            score: 0,
        }
    }

    /// Labels every cell with its group (flood fill from every unlabelled tile) and
    /// lists the groups of two or more tiles in `s.legal`.
    fn find_groups(&self, s: &mut Scratch) {
        const UNSEEN: u16 = u16::MAX;
        for col in s.label.iter_mut().take(self.width) {
            col[..self.height].fill(UNSEEN);
        }
        s.sizes.clear();
        s.first.clear();
        s.legal.clear();
        for x in 0..self.width {
            for y in 0..self.height {
                let c = self.cells[x][y];
                if c == NONE || s.label[x][y] != UNSEEN {
                    continue;
                }
                let id = s.sizes.len() as u16;
                let mut size = 0;
                s.label[x][y] = id;
                s.stack.push((x as u8, y as u8));
                while let Some((cx, cy)) = s.stack.pop() {
                    size += 1;
                    let (cx, cy) = (usize::from(cx), usize::from(cy));
                    let mut visit = |nx: usize, ny: usize| {
                        if self.cells[nx][ny] == c && s.label[nx][ny] == UNSEEN {
                            s.label[nx][ny] = id;
                            s.stack.push((nx as u8, ny as u8));
                        }
                    };
                    if cx > 0 {
                        visit(cx - 1, cy);
                    }
                    if cx + 1 < self.width {
                        visit(cx + 1, cy);
                    }
                    if cy > 0 {
                        visit(cx, cy - 1);
                    }
                    if cy + 1 < self.height {
                        visit(cx, cy + 1);
                    }
                }
                s.sizes.push(size);
                s.first.push((x as u8, y as u8));
                if size >= 2 {
                    s.legal.push(id);
                }
            }
        }
    }

    /// Removes every cell labelled `id`, lets tiles fall and closes up empty columns.
    fn remove(&mut self, s: &Scratch, id: u16) {
        let mut w = 0;
        for x in 0..self.width {
            // Gravity: copy the kept tiles of the column down, then clear the rest.
            let mut k = 0;
            for y in 0..self.height {
                let c = self.cells[x][y];
                if c != NONE && s.label[x][y] != id {
                    self.cells[x][k] = c;
                    k += 1;
                }
            }
            for y in k..self.height {
                self.cells[x][y] = NONE;
            }
            // Column shift: a non-empty column moves to the next free slot.
            if k > 0 {
                if w != x {
                    self.cells[w] = self.cells[x];
                    self.cells[x] = [NONE; MAX_HEIGHT];
                }
                w += 1;
            }
        }
    }

    /// Final score: running score plus the variant's end adjustment.
    fn final_score(&self) -> i32 {
        let mut counts = [0u16; 16];
        for col in &self.cells[..self.width] {
            for &c in &col[..self.height] {
                if c != NONE {
                    counts[usize::from(c)] += 1;
                }
            }
        }
        self.score + self.variant.end_adjustment(&counts[..self.ncolors])
    }
}

/// Plays `board` to its end with the classic engine, each move uniform over the
/// groups; appends the canonical cell (lowest tile of the leftmost column) of every
/// move to `moves`; returns the final score.
pub fn classic_playout(board: &mut ClassicBoard, rng: &mut Rng, moves: &mut Vec<Cell>) -> i32 {
    let mut s = Scratch {
        label: [[0; MAX_HEIGHT]; MAX_WIDTH],
        sizes: Vec::with_capacity(MAX_WIDTH * MAX_HEIGHT),
        first: Vec::with_capacity(MAX_WIDTH * MAX_HEIGHT),
        legal: Vec::with_capacity(MAX_WIDTH * MAX_HEIGHT),
        stack: Vec::with_capacity(MAX_WIDTH * MAX_HEIGHT),
    };
    loop {
        board.find_groups(&mut s);
        if s.legal.is_empty() {
            break;
        }
        let id = s.legal[rng.gen_range(0..s.legal.len())];
        let (x, y) = s.first[usize::from(id)];
        moves.push(Cell::new(usize::from(x), usize::from(y)));
        board.score += board.variant.group_score(s.sizes[usize::from(id)]);
        board.remove(&s, id);
    }
    board.final_score()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::rng_for;

    /// The classic engine plays legal games: its moves replay on the bitboard
    /// engine to the same final score, ending in a terminal position.
    #[test]
    fn classic_playouts_replay_on_the_bitboard_engine() {
        for v in Variant::ALL {
            let mut rng = rng_for(4, 0, v as u64);
            for (w, h, c) in [(15, 15, 5), (1, 9, 2), (9, 1, 2), (20, 20, 10), (32, 32, 6)] {
                let rows: Vec<Vec<u8>> = (0..h)
                    .map(|_| (0..w).map(|_| rng.gen_range(0..c) as u8).collect())
                    .collect();
                let start = Board::from_rows(&rows, c, v).unwrap();
                let mut cb = ClassicBoard::from_board(&start);
                let mut moves = Vec::new();
                let s = classic_playout(&mut cb, &mut rng, &mut moves);
                let mut b = start;
                for m in &moves {
                    b.play(*m);
                }
                assert!(b.is_terminal(), "{w}x{h}");
                assert_eq!(b.final_score(), s, "{w}x{h} {v}");
            }
        }
    }
}
