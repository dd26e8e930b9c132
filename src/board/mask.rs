//! The scratch buffer of a flood fill: the tiles of one group, one lane mask per
//! column, with its span, size and colour.
//!
//! Owns: [`GroupMask`] and its accessors. Must not: know the board's rules; the
//! board (`board.rs`) fills it and reads its fields.

use super::{Cell, Group, MAX_WIDTH};

/// The tiles of one group, one lane mask per column (scratch buffer for flood fills).
#[derive(Clone, Debug)]
pub struct GroupMask {
    pub(super) cols: [u32; MAX_WIDTH],
    pub(super) xmin: usize,
    pub(super) xmax: usize,
    pub(super) size: u32,
    pub(super) color: u8,
}

impl Default for GroupMask {
    fn default() -> Self {
        GroupMask {
            cols: [0; MAX_WIDTH],
            xmin: 1,
            xmax: 0,
            size: 0,
            color: 0,
        }
    }
}

impl GroupMask {
    /// Number of tiles in the group.
    #[inline]
    pub fn size(&self) -> u32 {
        self.size
    }
    /// Colour of the group.
    #[inline]
    pub fn color(&self) -> u8 {
        self.color
    }
    /// Lane mask of column `x`.
    #[inline]
    pub fn column(&self, x: usize) -> u32 {
        self.cols[x]
    }
    /// The group summary (canonical cell, span, size, colour).
    pub fn group(&self) -> Group {
        Group {
            cell: Cell::new(self.xmin, self.cols[self.xmin].trailing_zeros() as usize),
            color: self.color,
            size: self.size as u16,
            xmin: self.xmin as u8,
            xmax: self.xmax as u8,
        }
    }
    #[inline]
    pub(super) fn clear(&mut self) {
        // Four vector stores: cheaper than a memset call over the used span.
        self.cols = [0; MAX_WIDTH];
        self.xmin = 1;
        self.xmax = 0;
        self.size = 0;
    }
}
