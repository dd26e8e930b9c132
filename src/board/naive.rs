//! A slow, obviously correct SameGame engine on nested vectors: the test oracle.
//!
//! Owns: [`NaiveBoard`], breadth-first flood fill over a column list, and move
//! execution by filtering vectors. Compiled for tests only (the differential test of
//! the engines, the perft cross-check, the playout legality tests).
//! Must not: share code with [`crate::board::Board`]: its value is in being
//! independent.

use std::collections::VecDeque;

use crate::rules::Variant;

/// Columns left to right, each bottom to top, of colour indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NaiveBoard {
    /// `cols[x][y]`: colour at column x, row y from the bottom.
    pub cols: Vec<Vec<u8>>,
    /// Number of colours.
    pub ncolors: usize,
    /// Sum of group scores so far.
    pub score: i32,
    /// Scoring variant.
    pub variant: Variant,
}

/// A group found by the oracle: canonical cell (leftmost column, lowest row), colour, size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct NaiveGroup {
    /// Column of the canonical cell.
    pub x: usize,
    /// Row of the canonical cell.
    pub y: usize,
    /// Colour.
    pub color: u8,
    /// Number of tiles.
    pub size: usize,
}

impl NaiveBoard {
    /// From rows top row first (full boards or boards with `u8::MAX` as empty).
    pub fn from_rows(rows: &[Vec<u8>], ncolors: usize, variant: Variant) -> Self {
        let h = rows.len();
        let w = rows[0].len();
        let mut cols = Vec::new();
        for x in 0..w {
            let col: Vec<u8> = (0..h)
                .map(|y| rows[h - 1 - y][x])
                .filter(|&c| c != u8::MAX)
                .collect();
            if !col.is_empty() {
                cols.push(col);
            }
        }
        NaiveBoard {
            cols,
            ncolors,
            score: 0,
            variant,
        }
    }

    fn at(&self, x: isize, y: isize) -> Option<u8> {
        if x < 0 || y < 0 {
            return None;
        }
        self.cols.get(x as usize)?.get(y as usize).copied()
    }

    /// The connected cells of the tile at (x, y), breadth first.
    pub fn component(&self, x: usize, y: usize) -> Vec<(usize, usize)> {
        let Some(c) = self.at(x as isize, y as isize) else {
            return vec![];
        };
        let mut seen = std::collections::HashSet::new();
        let mut q = VecDeque::from([(x, y)]);
        seen.insert((x, y));
        let mut out = vec![];
        while let Some((cx, cy)) = q.pop_front() {
            out.push((cx, cy));
            for (dx, dy) in [(-1isize, 0isize), (1, 0), (0, -1), (0, 1)] {
                let (nx, ny) = (cx as isize + dx, cy as isize + dy);
                if self.at(nx, ny) == Some(c) && seen.insert((nx as usize, ny as usize)) {
                    q.push_back((nx as usize, ny as usize));
                }
            }
        }
        out
    }

    /// Every group of two or more tiles, sorted by canonical cell.
    pub fn groups(&self) -> Vec<NaiveGroup> {
        let mut seen = std::collections::HashSet::new();
        let mut out = vec![];
        for x in 0..self.cols.len() {
            for y in 0..self.cols[x].len() {
                if seen.contains(&(x, y)) {
                    continue;
                }
                let comp = self.component(x, y);
                for &p in &comp {
                    seen.insert(p);
                }
                if comp.len() >= 2 {
                    let &(gx, gy) = comp.iter().min().expect("non-empty");
                    out.push(NaiveGroup {
                        x: gx,
                        y: gy,
                        color: self.cols[x][y],
                        size: comp.len(),
                    });
                }
            }
        }
        out.sort();
        out
    }

    /// Removes the group at (x, y) (must be legal), lets tiles fall, drops empty columns.
    pub fn play(&mut self, x: usize, y: usize) {
        let comp = self.component(x, y);
        assert!(comp.len() >= 2, "illegal naive move");
        let score = match self.variant {
            Variant::SameGame | Variant::SameGameNoPenalty => {
                (comp.len() as i32 - 2) * (comp.len() as i32 - 2)
            }
            Variant::Clickomania => comp.len() as i32,
            Variant::BubbleBreaker => comp.len() as i32 * (comp.len() as i32 - 1),
        };
        self.score += score;
        for (cx, col) in self.cols.iter_mut().enumerate() {
            let mut y = 0;
            col.retain(|_| {
                let keep = !comp.contains(&(cx, y));
                y += 1;
                keep
            });
        }
        self.cols.retain(|c| !c.is_empty());
    }

    /// Final score of a terminal position under the variant (written out longhand).
    pub fn final_score(&self) -> i32 {
        let mut counts = vec![0i32; self.ncolors];
        for col in &self.cols {
            for &c in col {
                counts[c as usize] += 1;
            }
        }
        let left: i32 = counts.iter().sum();
        let adj = match self.variant {
            Variant::SameGame if left == 0 => 1000,
            Variant::SameGame => -counts
                .iter()
                .filter(|&&k| k > 0)
                .map(|&k| (k - 2) * (k - 2))
                .sum::<i32>(),
            Variant::SameGameNoPenalty if left == 0 => 1000,
            _ => 0,
        };
        self.score + adj
    }

    /// Number of move sequences of exactly `d` moves, for d = 1..=depth.
    pub fn perft(&self, depth: usize) -> Vec<u64> {
        let mut counts = vec![0u64; depth];
        self.perft_rec(depth, 0, &mut counts);
        counts
    }

    fn perft_rec(&self, depth: usize, ply: usize, counts: &mut [u64]) {
        if ply == depth {
            return;
        }
        for g in self.groups() {
            counts[ply] += 1;
            let mut next = self.clone();
            next.play(g.x, g.y);
            next.perft_rec(depth, ply + 1, counts);
        }
    }
}
