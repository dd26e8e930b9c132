//! What a move changed in the [`List`]: the groups dropped or moved, and the seeds
//! of the groups to flood.
//!
//! Without an emptied column, the tiles at or above the removed group's lowest tile
//! in each of its columns are the only ones that moved (`cold` before the move,
//! `changed` after). A group with a tile in `cold`, or joined to a tile of
//! `changed` by a same-colour edge, is dropped; every other group is still a group,
//! unchanged, and stays. The dropped groups' tiles are those tiles flooded along
//! the edges before the move (every group's canonical bit is one of its tiles, so
//! their heads are the heads among them). The new groups are the
//! groups of `changed` and of what is left of the dropped groups. After a move that
//! empties columns, the groups within one column of the move ([`Window`]) are
//! dropped and flooded again, and those right of them move left: masks shifted,
//! codes taken again from them.
//!
//! A group keeps its trace segment for as long as it stays listed and a candidate.
//! (The previous implementation, `reference.rs`, closed and opened again the
//! segment of a kept group it had flooded again; every step has the same
//! candidates either way, and an adaptation sums them in another order, so the
//! weights agree with it up to their last bits: `equivalence_tests.rs`.) A playout
//! that records no trace skips every segment.
//!
//! Owns: `List::drop_changed` and `List::shift_right`. Must not: flood, sample or
//! reorder (`list.rs` and `order.rs` do).

use super::super::super::trace::Trace;
use super::super::Selective;
use super::{each_bit, set, words, Ctx, List, Words, SIZE};
use crate::board::groups::Window;
use crate::board::planes::{and, columns, groups_of, grow, or, shift_columns, Edges, Plane};
use crate::board::{Change, Group};

impl List {
    /// After a move that emptied no column (`edges` after it, `old` before):
    /// drops the groups that changed (segments closed when `R`, heads set in
    /// `gone`) and returns their tiles, those of the listed groups' colours:
    /// `tiles` (before the move) holds every tile of a listed group. Every other
    /// group keeps its entry and its segment.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn drop_changed<const B: usize, const L: u32, const R: bool>(
        &mut self,
        cold: &Plane<B>,
        changed: &Plane<B>,
        tiles: &Plane<B>,
        old: &Edges<B>,
        edges: &Edges<B>,
        sel: Selective,
        trace: &mut Trace,
        gone: &mut Words<B>,
    ) -> Plane<B> {
        let dirty = or(cold, &grow::<B, L>(changed, edges));
        // The groups with a tile in `dirty` are dropped (their tiles: `cut`);
        // every other group keeps its entry and its segment.
        let cut = groups_of::<B, L>(old, &and(&dirty, tiles));
        let (cw, heads) = (words(&cut), self.heads_w::<B>());
        let drop: Words<B> =
            std::array::from_fn(|i| std::array::from_fn(|j| heads[i][j] & cw[i][j]));
        each_bit!(drop, |h| {
            let e = self.ent[h];
            if R {
                trace.close(e.seg);
            }
            self.count(&e, sel, false);
        });
        for (hw, d) in self.heads_mut::<B>().iter_mut().zip(&drop) {
            for (w, d) in hw.iter_mut().zip(d) {
                *w &= !d;
            }
        }
        for (cw, d) in self.cands_mut::<B>().iter_mut().zip(&drop) {
            for (w, d) in cw.iter_mut().zip(d) {
                *w &= !d;
            }
        }
        *gone = drop;
        cut
    }

    /// After the group `played` emptied `e` columns (`n` left): the groups within
    /// one column of it are dropped, those right of them move left (mask shifted,
    /// code and weight taken afresh when a candidate, else once it becomes one: a
    /// new segment, their new heads set in `born`), those left of them stay; the
    /// heads dropped or moved are set in `gone`. Returns the seeds of the new
    /// groups: every tile of the window. Segments close in `trace` only when `R`.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    pub(super) fn shift_right<const B: usize, const L: u32, const R: bool, const F: bool>(
        &mut self,
        played: &Group,
        e: usize,
        n: usize,
        cx: &Ctx<F>,
        trace: &mut Trace,
        born: &mut Words<B>,
        gone: &mut Words<B>,
    ) -> Plane<B> {
        let change = Change {
            xmin: played.xmin,
            xmax: played.xmax,
            emptied: e as u8,
        };
        let w = Window::new(n, change);
        // Ascending: a group moves to a bit below its own, never onto a group
        // still to be seen.
        each_bit!(*self.heads_w::<B>(), |h| {
            let x = self.ent[h];
            if w.left_of(&x.g) {
                continue;
            }
            if R {
                trace.close(x.seg);
            }
            self.count(&x, cx.sel, false);
            self.heads_mut::<B>()[h / 256 % B][h / 64 % 4] &= !(1 << (h % 64));
            self.cands_mut::<B>()[h / 256 % B][h / 64 % 4] &= !(1 << (h % 64));
            set(gone, h);
            if w.right_of(&x.g) {
                let m = shift_columns::<B, L>(&self.mask::<B>(h), e);
                let mut g = x.g;
                g.xmin -= e as u8;
                g.xmax -= e as u8;
                g.cell.x -= e as u8;
                let y = self.make::<B, L, F>(g, &m, cx);
                self.put(h - e * L as usize, y, &m, cx.sel, born);
            }
        });
        columns::<B, L>(w.lo, w.hi)
    }
}
