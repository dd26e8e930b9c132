//! Incremental group detection.
//!
//! Owns: [`GroupList`], the legal moves of a position kept up to date move by move.
//! After a move only the columns the move can have changed are re-flooded: the
//! removed group's columns plus one column on each side (after closing up emptied
//! columns). Groups entirely left of that window are kept as they are; groups
//! entirely right of it are kept and shifted left by the number of emptied columns.
//! Must not: decide which move to play or keep any history.

use super::{Board, Change, Group, GroupMask};

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
        let a = usize::from(change.xmin);
        let old_b = usize::from(change.xmax);
        let e = usize::from(change.emptied);
        // New index of the last changed column (may be a-1 when all were emptied).
        let new_b = (old_b + 1 - e) as isize - 1;
        let lo = a.saturating_sub(1);
        let hi = ((new_b + 1).max(0) as usize).min(n - 1).max(lo.min(n - 1));
        self.groups.retain_mut(|g| {
            if usize::from(g.xmax) + 2 <= a {
                true
            } else if usize::from(g.xmin) >= old_b + 2 {
                g.xmin -= e as u8;
                g.xmax -= e as u8;
                g.cell.x -= e as u8;
                true
            } else {
                false
            }
        });
        if lo <= hi && lo < n {
            self.rescan(board, lo, hi);
        }
    }

    /// Floods every not-yet-listed group with a tile in columns `lo..=hi`, then sorts.
    fn rescan(&mut self, board: &Board, lo: usize, hi: usize) {
        let mut mask = GroupMask::default();
        board.flood_groups_in(lo, hi, &mut mask, |m| self.groups.push(m.group()));
        self.groups.sort_unstable_by_key(|g| g.cell);
    }
}
