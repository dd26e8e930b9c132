//! Incremental group detection.
//!
//! Owns: [`GroupList`], the legal moves of a position kept up to date move by move.
//! After a move only the columns the move can have changed are re-flooded: the
//! removed group's columns plus one column on each side (after closing up emptied
//! columns). Groups entirely left of that window are kept as they are; groups
//! entirely right of it are kept and shifted left by the number of emptied columns.
//! Also owns the seeded flood of groups ([`Board::flood_groups_from`]) both
//! incremental generators (this one and NRPA's playout) and
//! [`Board::flood_groups_in`] use.
//! Must not: decide which move to play or keep any history.

use super::{Board, Change, Group, GroupMask, MAX_WIDTH};

impl Board {
    /// Floods every legal group with a tile among `seeds` (per column, bit y = row
    /// y) in columns `lo..=hi` once, into `mask`, and calls `f` with it; a group is
    /// met at its lowest unseen seed tile of the first of those columns it touches.
    #[inline]
    pub fn flood_groups_from(
        &self,
        lo: usize,
        hi: usize,
        seeds: &[u32; MAX_WIDTH],
        mask: &mut GroupMask,
        mut f: impl FnMut(&GroupMask),
    ) {
        let mut seen = [0u32; MAX_WIDTH];
        for x in lo..=hi {
            if seeds[x] == 0 {
                continue;
            }
            let mut todo = self.pair_mask_column(x, usize::MAX).0 & seeds[x] & !seen[x];
            while todo != 0 {
                let y = todo.trailing_zeros() as usize;
                let color = (0..self.colors())
                    .find(|&c| self.lane(x, c) >> y & 1 != 0)
                    .expect("pair tile is occupied") as u8;
                self.flood_color(x, y, color, mask);
                for gx in mask.xmin..=mask.xmax {
                    seen[gx] |= mask.cols[gx];
                }
                f(mask);
                todo &= !seen[x];
            }
        }
    }
}

/// The legal moves of a position, ordered by canonical cell (column, then row).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GroupList {
    groups: Vec<Group>,
}

impl GroupList {
    /// All groups of `board`, computed from scratch.
    pub fn new(board: &Board) -> Self {
        let mut g = GroupList::default();
        g.reset(board);
        g
    }

    /// Recomputes the list from scratch, keeping the allocation.
    pub fn reset(&mut self, board: &Board) {
        self.groups.clear();
        if board.ncols() > 0 {
            self.rescan(board, 0, board.ncols() - 1);
        }
    }

    /// The groups, ordered by canonical cell.
    #[inline]
    pub fn as_slice(&self) -> &[Group] {
        &self.groups
    }

    /// Number of legal moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.groups.len()
    }

    /// True when the position is terminal.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.groups.is_empty()
    }

    /// Brings the list up to date after `change` was played, `board` being the position
    /// after the move. Only the window of columns the move touched is re-flooded.
    pub fn update(&mut self, board: &Board, change: Change) {
        let n = board.ncols();
        if n == 0 {
            self.groups.clear();
            return;
        }
        let w = Window::new(n, change);
        let e = w.emptied() as u8;
        self.groups.retain_mut(|g| {
            if w.left_of(g) {
                true
            } else if w.right_of(g) {
                g.xmin -= e;
                g.xmax -= e;
                g.cell.x -= e;
                true
            } else {
                false
            }
        });
        if w.lo <= w.hi && w.lo < n {
            self.rescan(board, w.lo, w.hi);
        }
    }

    /// Floods every not-yet-listed group with a tile in columns `lo..=hi`, then sorts.
    fn rescan(&mut self, board: &Board, lo: usize, hi: usize) {
        let mut mask = GroupMask::default();
        board.flood_groups_in(lo, hi, &mut mask, |m| self.groups.push(m.group()));
        self.groups.sort_unstable_by_key(|g| g.cell);
    }
}

/// The columns a move can have changed (`lo..=hi` of the position after it: the
/// removed group's columns plus one on each side, after closing up emptied columns),
/// and where the groups around them went. Incremental move generators ([`GroupList`],
/// NRPA's playout) keep the groups outside the window and flood the window again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// First column of the window (after the move).
    pub lo: usize,
    /// Last column of the window (after the move; below `lo` when nothing is left
    /// to flood).
    pub hi: usize,
    /// First and last column of the removed group (before the move).
    a: usize,
    old_b: usize,
    emptied: usize,
}

impl Window {
    /// The window of `change` on a board left with `ncols` columns (at least 1).
    pub fn new(ncols: usize, change: Change) -> Window {
        let a = usize::from(change.xmin);
        let old_b = usize::from(change.xmax);
        let emptied = usize::from(change.emptied);
        // New index of the last changed column (may be a-1 when all were emptied).
        let new_b = (old_b + 1 - emptied) as isize - 1;
        let lo = a.saturating_sub(1);
        let hi = ((new_b + 1).max(0) as usize)
            .min(ncols - 1)
            .max(lo.min(ncols - 1));
        Window {
            lo,
            hi,
            a,
            old_b,
            emptied,
        }
    }
    /// True for a group entirely left of the window: unchanged by the move.
    #[inline]
    pub fn left_of(&self, g: &Group) -> bool {
        usize::from(g.xmax) < self.left_end()
    }
    /// True for a group (of the position before the move) entirely right of the
    /// window: unchanged but shifted left by [`Window::emptied`] columns.
    #[inline]
    pub fn right_of(&self, g: &Group) -> bool {
        usize::from(g.xmin) >= self.right_start()
    }
    /// The groups of the position before the move that end before this column are
    /// [`Window::left_of`] it.
    #[inline]
    pub fn left_end(&self) -> usize {
        self.a.saturating_sub(1)
    }
    /// The groups of the position before the move that start at or after this column
    /// are [`Window::right_of`] it.
    #[inline]
    pub fn right_start(&self) -> usize {
        self.old_b + 2
    }
    /// Columns the move emptied (closed up).
    #[inline]
    pub fn emptied(&self) -> usize {
        self.emptied
    }
}
