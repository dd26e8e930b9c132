//! The game state: a compact bitboard of the SameGame family and its move rules.
//!
//! Owns: [`Board`] (per-colour column bitboards, running score, tile counts), group
//! flood fill and its scratch buffer ([`GroupMask`], `mask.rs`), move execution
//! (removal, gravity, column shift), terminal detection, the incrementally
//! maintained group list ([`groups::GroupList`]), the fingerprint of the tiles
//! (`fingerprint.rs`) and the packed form of positions stored in bulk ([`Packed`]).
//! Must not: know about search, files or printing; the only rule-dependent part it
//! calls is [`Variant::group_score`] / [`Variant::end_adjustment`].
//!
//! # Layout
//!
//! Every column is one 32-bit *lane* per colour; bit `y` of `lanes[x][c]` is set iff
//! the tile at column `x` (from the left), row `y` (from the bottom) has colour `c`:
//!
//! ```text
//!   row y=2   . 1 .        lanes[0] = [c0: 0b000, c1: 0b000, c2: 0b011]
//!   row y=1   2 1 .        lanes[1] = [c0: 0b001, c1: 0b110, c2: 0b000]
//!   row y=0   2 0 0        lanes[2] = [c0: 0b001, c1: 0b000, c2: 0b000]
//!             x=0 1 2
//! ```
//!
//! Columns are always compact (gravity: the occupied bits of a column are `0..h`)
//! and non-empty columns are `0..ncols` (empty columns close up to the left), so a
//! vertical neighbour is a shift by one inside a lane and a horizontal neighbour is
//! the same bit in the adjacent lane. The whole state is a `Copy` value of about
//! 1.5 KiB: copying a board never touches the heap.

mod bits;
// The yardstick of `samegame bench --classic`: crate-private, not engine API.
pub(crate) mod classic;
#[cfg(test)]
mod differential;
mod fingerprint;
pub use fingerprint::FingerprintPrefix;
pub mod groups;
mod mask;
// The test oracle.
#[cfg(test)]
pub(crate) mod naive;
mod packed;
pub mod planes;
#[cfg(test)]
mod tests;
#[cfg(test)]
pub(crate) mod testutil;
mod text;
mod types;

use self::bits::{remove_bits, vfill};
pub use self::mask::GroupMask;
pub use self::packed::Packed;
pub use self::types::{BoardError, Cell, Change, Group};

use crate::rules::Variant;

/// Widest board accepted (one bit per column in some masks).
pub const MAX_WIDTH: usize = 32;
/// Tallest board accepted (one lane is a `u32`).
pub const MAX_HEIGHT: usize = 32;
/// Most colours accepted (test-set files use one digit per tile).
pub const MAX_COLORS: usize = 10;

/// A SameGame-family position with its running score. See the module docs for the layout.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Board {
    // Tiles. Invariant: every column compact from bit 0, columns 0..ncols non-empty,
    // columns ncols.. all zero, occ[x] = OR of lanes[x][c].
    lanes: [[u32; MAX_COLORS]; MAX_WIDTH],
    occ: [u32; MAX_WIDTH],
    ncols: u8,
    // Counters. Invariant: counts[c] = popcount of colour c, tiles = sum of counts.
    counts: [u16; MAX_COLORS],
    tiles: u16,
    // Bookkeeping of play so far: sum of group scores and number of moves.
    score: i32,
    moves: u16,
    // Constant for the life of a game.
    width: u8,
    height: u8,
    ncolors: u8,
    variant: Variant,
}

impl Board {
    /// A full board from rows given top row first, colour indices `0..ncolors`.
    /// `ncolors` may exceed the largest colour present (unused colours are allowed).
    pub fn from_rows(
        rows: &[Vec<u8>],
        ncolors: usize,
        variant: Variant,
    ) -> Result<Board, BoardError> {
        let height = rows.len();
        let width = rows.first().map_or(0, Vec::len);
        if height == 0 || width == 0 {
            return Err(BoardError::Malformed("empty board".into()));
        }
        if width > MAX_WIDTH || height > MAX_HEIGHT {
            return Err(BoardError::Unsupported(format!(
                "board {width}x{height} is larger than the supported {MAX_WIDTH}x{MAX_HEIGHT}"
            )));
        }
        if ncolors > MAX_COLORS {
            return Err(BoardError::Unsupported(format!(
                "{ncolors} colours: at most {MAX_COLORS} are supported"
            )));
        }
        let mut b = Board::empty(width, height, ncolors, variant);
        for (i, row) in rows.iter().enumerate() {
            if row.len() != width {
                return Err(BoardError::Malformed(format!(
                    "row {} has {} tiles, expected {width}",
                    i + 1,
                    row.len()
                )));
            }
            let y = height - 1 - i;
            for (x, &c) in row.iter().enumerate() {
                if c == EMPTY {
                    continue;
                }
                if usize::from(c) >= ncolors {
                    return Err(BoardError::Malformed(format!(
                        "colour {c} at row {} column {} is not below {ncolors}",
                        i + 1,
                        x + 1
                    )));
                }
                b.lanes[x][usize::from(c)] |= 1 << y;
                b.occ[x] |= 1 << y;
                b.counts[usize::from(c)] += 1;
                b.tiles += 1;
            }
        }
        // Validate gravity: compact columns, empty columns only on the right.
        let mut seen_empty = false;
        for x in 0..width {
            let o = b.occ[x];
            if o & o.wrapping_add(1) != 0 {
                return Err(BoardError::Malformed(format!(
                    "column {x} has a hole: tiles must rest on the bottom"
                )));
            }
            if o == 0 {
                seen_empty = true;
            } else if seen_empty {
                return Err(BoardError::Malformed(format!(
                    "column {x} is right of an empty column: columns must close up to the left"
                )));
            } else {
                b.ncols += 1;
            }
        }
        Ok(b)
    }

    fn empty(width: usize, height: usize, ncolors: usize, variant: Variant) -> Board {
        Board {
            lanes: [[0; MAX_COLORS]; MAX_WIDTH],
            occ: [0; MAX_WIDTH],
            ncols: 0,
            counts: [0; MAX_COLORS],
            tiles: 0,
            score: 0,
            moves: 0,
            width: width as u8,
            height: height as u8,
            ncolors: ncolors as u8,
            variant,
        }
    }

    /// The same position scored under another variant (running score recomputed only
    /// for a fresh board: call it before the first move).
    pub fn with_variant(mut self, variant: Variant) -> Board {
        debug_assert_eq!(self.moves, 0, "with_variant on a board already played");
        self.variant = variant;
        self
    }

    /// Board width (columns) as given at the start.
    #[inline]
    pub fn width(&self) -> usize {
        usize::from(self.width)
    }
    /// Board height (rows) as given at the start.
    #[inline]
    pub fn height(&self) -> usize {
        usize::from(self.height)
    }
    /// Number of colours.
    #[inline]
    pub fn colors(&self) -> usize {
        usize::from(self.ncolors)
    }
    /// Number of non-empty columns (they are columns `0..ncols`).
    #[inline]
    pub fn ncols(&self) -> usize {
        usize::from(self.ncols)
    }
    /// The scoring variant.
    #[inline]
    pub fn variant(&self) -> Variant {
        self.variant
    }
    /// Sum of the group scores of the moves played so far (no end adjustment).
    #[inline]
    pub fn score(&self) -> i32 {
        self.score
    }
    /// Number of moves played so far (tests only).
    #[cfg(test)]
    pub(crate) fn moves_played(&self) -> usize {
        usize::from(self.moves)
    }
    /// Tiles left on the board.
    #[inline]
    pub fn tiles(&self) -> usize {
        usize::from(self.tiles)
    }
    /// Tiles left per colour.
    #[inline]
    pub fn counts(&self) -> &[u16] {
        &self.counts[..self.colors()]
    }
    /// Lane of colour `c` in column `x` (bit y = row y from the bottom).
    #[inline]
    pub fn lane(&self, x: usize, c: usize) -> u32 {
        self.lanes[x][c]
    }

    /// The score if the game ended now: running score plus the variant's end
    /// adjustment (clearing bonus or penalty). Exact final score once terminal.
    #[inline]
    pub fn final_score(&self) -> i32 {
        self.score + self.variant.end_adjustment(self.counts())
    }

    /// Colour of the tile at `cell`, or `None` when the cell is empty or off the board.
    #[inline]
    pub fn color_at(&self, cell: Cell) -> Option<u8> {
        let (x, y) = (usize::from(cell.x), usize::from(cell.y));
        if x >= self.ncols() || y >= 32 || self.occ[x] >> y & 1 == 0 {
            return None;
        }
        (0..self.colors())
            .find(|&c| self.lanes[x][c] >> y & 1 != 0)
            .map(|c| c as u8)
    }

    /// True when no group of two or more tiles remains.
    #[inline]
    pub fn is_terminal(&self) -> bool {
        !self.has_moves()
    }

    /// True when at least one group of two or more tiles remains.
    #[inline]
    fn has_moves(&self) -> bool {
        let nc = self.colors();
        let n = self.ncols();
        for x in 0..n {
            let here = &self.lanes[x];
            let right = self.lanes.get(x + 1).unwrap_or(&ZERO_LANES);
            for c in 0..nc {
                let l = here[c];
                if l & ((l << 1) | right[c]) != 0 {
                    return true;
                }
            }
        }
        false
    }

    /// Tiles that belong to a group of ≥ 2 (have a same-coloured neighbour), per column,
    /// restricted to colours other than `skip_color` when it is `Some`. Returns the count
    /// (tests only: the planes' pair tiles are checked against it).
    #[cfg(test)]
    pub(crate) fn pair_masks(&self, out: &mut [u32; MAX_WIDTH], skip_color: Option<u8>) -> u32 {
        let skip = skip_color.map_or(usize::MAX, usize::from);
        let mut total = 0;
        for (x, o) in out.iter_mut().enumerate().take(self.ncols()) {
            let (m, _) = self.pair_mask_column(x, skip);
            *o = m;
            total += m.count_ones();
        }
        total
    }

    /// Pair mask of column `x` (tiles with a same-coloured neighbour), split in two:
    /// `(every colour except skip, colour skip only)`; `skip` ≥ the colour count: none.
    #[inline(always)]
    pub(crate) fn pair_mask_column(&self, x: usize, skip: usize) -> (u32, u32) {
        let here = &self.lanes[x];
        let left = if x > 0 {
            &self.lanes[x - 1]
        } else {
            &ZERO_LANES
        };
        let right = self.lanes.get(x + 1).unwrap_or(&ZERO_LANES);
        // Fixed-length loops over all colour slots (unused ones are zero): no branch,
        // and the compiler vectorises them (8 + 2 lanes).
        let mut acc = [0u32; 8];
        for c in 0..8 {
            let l = here[c];
            acc[c] = l & ((l << 1) | (l >> 1) | left[c] | right[c]);
        }
        let mut m = acc.iter().fold(0, |a, &b| a | b);
        if self.ncolors > 8 {
            for c in 8..MAX_COLORS {
                let l = here[c];
                m |= l & ((l << 1) | (l >> 1) | left[c] | right[c]);
            }
        }
        let t = here.get(skip).map_or(0, |&l| m & l);
        (m & !t, t)
    }

    /// Flood-fills the group containing `cell` into `mask`. Returns its size (0 for an
    /// empty cell; 1 for a lone tile, which is not a legal move).
    pub fn flood(&self, cell: Cell, mask: &mut GroupMask) -> u32 {
        mask.clear();
        let Some(color) = self.color_at(cell) else {
            return 0;
        };
        self.flood_color(usize::from(cell.x), usize::from(cell.y), color, mask)
    }

    /// Flood fill from an occupied tile of known colour (no emptiness checks).
    #[inline]
    pub(crate) fn flood_color(&self, x: usize, y: usize, color: u8, mask: &mut GroupMask) -> u32 {
        mask.clear();
        let c = usize::from(color);
        let n = self.ncols();
        mask.color = color;
        mask.cols[x] = vfill(self.lanes[x][c], 1 << y);
        let mut size = mask.cols[x].count_ones();
        let (mut lo, mut hi) = (x, x);
        let mut pending: u64 = 1 << x;
        while pending != 0 {
            let cx = pending.trailing_zeros() as usize;
            pending &= pending - 1;
            let cur = mask.cols[cx];
            if cx > 0 {
                let nx = cx - 1;
                let lane = self.lanes[nx][c];
                let cand = lane & cur & !mask.cols[nx];
                if cand != 0 {
                    let new = vfill(lane, cand);
                    size += new.count_ones();
                    mask.cols[nx] |= new;
                    pending |= 1 << nx;
                    lo = lo.min(nx);
                }
            }
            if cx + 1 < n {
                let nx = cx + 1;
                let lane = self.lanes[nx][c];
                let cand = lane & cur & !mask.cols[nx];
                if cand != 0 {
                    let new = vfill(lane, cand);
                    size += new.count_ones();
                    mask.cols[nx] |= new;
                    pending |= 1 << nx;
                    hi = hi.max(nx);
                }
            }
        }
        mask.xmin = lo;
        mask.xmax = hi;
        mask.size = size;
        size
    }

    /// The group containing `cell`, if it is a legal move (tests only).
    #[cfg(test)]
    pub(crate) fn group_at(&self, cell: Cell) -> Option<Group> {
        let mut m = GroupMask::default();
        (self.flood(cell, &mut m) >= 2).then(|| m.group())
    }

    /// Plays the group containing `cell`, checking legality.
    pub fn try_play(&mut self, cell: Cell) -> Result<Change, BoardError> {
        self.check_on_board(cell)?;
        let mut m = GroupMask::default();
        match self.flood(cell, &mut m) {
            0 => Err(BoardError::EmptyCell(cell)),
            1 => Err(BoardError::SingleTile(cell)),
            _ => Ok(self.play_mask(&m)),
        }
    }

    /// Refuses a cell outside the board's width and height as given at the start
    /// ([`BoardError::Outside`]); a cell on the board may still be empty.
    pub fn check_on_board(&self, cell: Cell) -> Result<(), BoardError> {
        if usize::from(cell.x) < self.width() && usize::from(cell.y) < self.height() {
            return Ok(());
        }
        Err(BoardError::Outside {
            cell,
            width: self.width(),
            height: self.height(),
        })
    }

    /// Plays the group containing `cell`.
    ///
    /// # Panics
    /// When the move is illegal (for tests and trusted callers).
    pub fn play(&mut self, cell: Cell) -> Change {
        match self.try_play(cell) {
            Ok(c) => c,
            Err(e) => panic!("{e}"),
        }
    }

    /// Makes this board equal to `src` (`*self = *src`) copying only the columns
    /// either of them uses: the others are empty in both. A whole board is about
    /// 1.5 KiB, a 15-column position 0.7 KiB (the tree searches copy a position per
    /// move they replay).
    #[inline]
    pub fn copy_from(&mut self, src: &Board) {
        let n = usize::from(self.ncols.max(src.ncols));
        self.lanes[..n].copy_from_slice(&src.lanes[..n]);
        self.occ[..n].copy_from_slice(&src.occ[..n]);
        self.ncols = src.ncols;
        self.counts = src.counts;
        self.tiles = src.tiles;
        self.score = src.score;
        self.moves = src.moves;
        self.width = src.width;
        self.height = src.height;
        self.ncolors = src.ncolors;
        self.variant = src.variant;
        debug_assert!(*self == *src);
    }

    /// Plays a legal group without re-checking (search hot path). `cell` must be a
    /// tile of a group of ≥ 2; debug builds assert it.
    #[inline]
    pub fn play_unchecked(&mut self, cell: Cell, scratch: &mut GroupMask) -> Change {
        let n = self.flood(cell, scratch);
        debug_assert!(n >= 2, "play_unchecked on an illegal move {cell}");
        self.play_mask(scratch)
    }

    /// Removes the tiles of a flooded group, applies gravity and closes empty columns.
    #[inline]
    pub fn play_mask(&mut self, m: &GroupMask) -> Change {
        let nc = self.colors();
        let mut emptied = 0u8;
        for x in m.xmin..=m.xmax {
            let r = m.cols[x];
            if r == 0 {
                continue;
            }
            // Only the group's colour has tiles at r, but every colour above shifts down.
            let top = self.occ[x];
            for c in 0..nc {
                let l = self.lanes[x][c];
                if l != 0 {
                    self.lanes[x][c] = remove_bits(l, r);
                }
            }
            self.occ[x] = remove_bits(top, r);
            if self.occ[x] == 0 {
                emptied += 1;
            }
        }
        let n = self.ncols();
        if emptied > 0 {
            let mut w = m.xmin;
            for x in m.xmin..n {
                if self.occ[x] != 0 {
                    if w != x {
                        self.lanes[w] = self.lanes[x];
                        self.occ[w] = self.occ[x];
                    }
                    w += 1;
                }
            }
            for x in w..n {
                self.lanes[x] = [0; MAX_COLORS];
                self.occ[x] = 0;
            }
            self.ncols = w as u8;
        }
        let size = m.size;
        self.counts[usize::from(m.color)] -= size as u16;
        self.tiles -= size as u16;
        self.score += self.variant.group_score(size);
        self.moves += 1;
        debug_assert!(self.is_consistent());
        Change {
            xmin: m.xmin as u8,
            xmax: m.xmax as u8,
            emptied,
        }
    }

    /// Makes this board, which was `parent` before a move that returned `change`,
    /// equal to `parent` again: copies only the columns the move changed and the
    /// counters, a fraction of a whole copy (the beam's children, played in turn on
    /// one board).
    pub fn restore(&mut self, parent: &Board, change: Change) {
        let lo = usize::from(change.xmin);
        let hi = if change.emptied > 0 {
            parent.ncols()
        } else {
            usize::from(change.xmax) + 1
        };
        self.lanes[lo..hi].copy_from_slice(&parent.lanes[lo..hi]);
        self.occ[lo..hi].copy_from_slice(&parent.occ[lo..hi]);
        self.ncols = parent.ncols;
        self.counts = parent.counts;
        self.tiles = parent.tiles;
        self.score = parent.score;
        self.moves = parent.moves;
        debug_assert!(self == parent);
    }

    /// Calls `f` for every legal group, computed from scratch (flood fill per group).
    pub fn for_each_group(&self, mut f: impl FnMut(&Group)) {
        if self.ncols() > 0 {
            let mut mask = GroupMask::default();
            self.flood_groups_in(0, self.ncols() - 1, &mut mask, |m| f(&m.group()));
        }
    }

    /// Floods every legal group with a tile in columns `lo..=hi` once, into `mask`,
    /// and calls `f` with it; a group is met at the lowest unseen tile of the first
    /// of those columns it touches.
    #[inline]
    pub fn flood_groups_in(
        &self,
        lo: usize,
        hi: usize,
        mask: &mut GroupMask,
        f: impl FnMut(&GroupMask),
    ) {
        self.flood_groups_from(lo, hi, &[u32::MAX; MAX_WIDTH], mask, f);
    }

    /// All legal groups, computed from scratch, ordered by canonical cell.
    pub fn groups(&self) -> Vec<Group> {
        let mut v = Vec::new();
        self.for_each_group(|g| v.push(*g));
        v.sort_unstable_by_key(|g| g.cell);
        v
    }

    /// Checks every structural invariant (used by `debug_assert!` and tests).
    fn is_consistent(&self) -> bool {
        let nc = self.colors();
        let mut counts = [0u16; MAX_COLORS];
        for x in 0..MAX_WIDTH {
            let mut or = 0u32;
            for c in 0..MAX_COLORS {
                let l = self.lanes[x][c];
                if c >= nc && l != 0 {
                    return false;
                }
                if or & l != 0 {
                    return false;
                }
                or |= l;
                counts[c] += l.count_ones() as u16;
            }
            if or != self.occ[x] || or & or.wrapping_add(1) != 0 {
                return false;
            }
            if (x < self.ncols()) != (or != 0) {
                return false;
            }
            if self.height() < 32 && or >> self.height() != 0 {
                return false;
            }
        }
        counts == self.counts && counts.iter().sum::<u16>() == self.tiles
    }

    /// The board as rows of colour indices, top row first, [`EMPTY`] for no tile.
    pub fn to_rows(&self) -> Vec<Vec<u8>> {
        (0..self.height())
            .rev()
            .map(|y| {
                (0..self.width())
                    .map(|x| self.color_at(Cell::new(x, y)).unwrap_or(EMPTY))
                    .collect()
            })
            .collect()
    }
}

/// The lanes of an empty column (neighbour of the board's edges).
const ZERO_LANES: [u32; MAX_COLORS] = [0; MAX_COLORS];

/// Marker for an empty cell in [`Board::to_rows`] / [`Board::from_rows`].
pub const EMPTY: u8 = u8::MAX;
