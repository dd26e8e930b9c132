//! What a move changed in the [`List`]: the groups dropped, moved or given a new
//! segment, and the seeds of the groups to flood.
//!
//! Without an emptied column, the tiles at or above the removed group's lowest tile
//! in each of its columns are the only ones that moved (`cold` before the move,
//! `changed` after). A group with a tile in `cold`, or joined to a tile of
//! `changed` by a same-colour edge, is dropped; every other group is still a group,
//! unchanged, and stays (the dropped groups' heads are read off `label`). The new groups are the
//! groups of `changed` and of what is left of the dropped groups. After a move that
//! empties columns, the groups within one column of the move ([`Window`]) are
//! dropped and flooded again, and those right of them move left: masks shifted,
//! codes rotated ([`shifted`]).
//!
//! The trace's segments follow the list as the previous implementation kept it
//! (`reference.rs`): a group kept within one column of the move (its head in those
//! columns, or reaching the column left of the move from the left) whose highest row
//! is not below the lowest row that rule searched again in one of those columns
//! has its segment closed and a new one opened though its entry stays, so that the
//! adaptation sums every step's candidates in the same order and the weights stay
//! bit for bit the same. A playout that records no trace skips this and every
//! segment.
//!
//! Owns: `List::drop_changed` and `List::shift_right`. Must not: flood, sample or
//! reorder (`list.rs` and `order.rs` do).

use super::super::super::trace::{Trace, OPEN};
use super::super::{shifted, Selective};
use super::{each_bit, has, set, words, Ctx, List, Words, SIZE};
use crate::board::groups::Window;
use crate::board::planes::{and, columns, grow, or, shift_columns, Block, Edges, Plane};
use crate::board::{Change, Group, MAX_WIDTH};

impl List {
    /// After a move that emptied no column (the group `played`, `g` its mask, `n`
    /// columns left): drops the groups that changed (segments closed, heads set in
    /// `gone`) and returns their tiles. The groups kept within one column of the
    /// move that the previous rule would have flooded again get a new segment
    /// (their heads set in `reseg`: their place in the draw's order and their
    /// exp(w) stay). Without `R` (no trace recorded) no segment is touched and
    /// `reseg` stays empty.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn drop_changed<const B: usize, const L: u32, const R: bool>(
        &mut self,
        played: &Group,
        g: &Plane<B>,
        cold: &Plane<B>,
        changed: &Plane<B>,
        edges: &Edges<B>,
        n: usize,
        sel: Selective,
        trace: &mut Trace,
        reseg: &mut Words<B>,
        gone: &mut Words<B>,
    ) -> Plane<B> {
        let dirty = or(cold, &grow::<B, L>(changed, edges));
        // The previous rule: a group within one column of the move stays when its
        // highest row is under from[x] in each of those columns x it covers (only
        // for a trace).
        let (a, b) = (usize::from(played.xmin), usize::from(played.xmax));
        let (lo, hi) = (a.saturating_sub(1), (b + 1).min(n - 1));
        let mut from = [u32::MAX; MAX_WIDTH];
        // The least of from[lo..=hi] (a column's own from[x] is the lower).
        let mut least = u32::MAX;
        let gw = words(g);
        let gw = gw.as_flattened();
        if R {
            for x in a..=b {
                let bit = x * L as usize;
                let low = (gw[bit / 64 % (4 * B)] >> (bit % 64)).trailing_zeros();
                least = least.min(low.saturating_sub(1));
                from[x % MAX_WIDTH] = from[x % MAX_WIDTH].min(low.saturating_sub(1));
                if x > 0 {
                    from[(x - 1) % MAX_WIDTH] = from[(x - 1) % MAX_WIDTH].min(low);
                }
                if x + 1 < n {
                    from[(x + 1) % MAX_WIDTH] = from[(x + 1) % MAX_WIDTH].min(low);
                }
            }
        }
        // The groups with a tile in `dirty` are dropped.
        let pairs: Plane<B> = self.pairs::<B>().map(Block::from_words);
        let mut drop = [[0; 4]; B];
        let label = &self.label;
        each_bit!(words(&and(&dirty, &pairs)), |t| {
            set(&mut drop, usize::from(label[t]) & (SIZE - 1));
        });
        // The others within one column of the move (their heads in those columns,
        // or reaching column `lo` from the left) stay, with a new segment when the
        // previous rule says so.
        let mut reopen = |list: &mut List, h: usize| {
            let e = &mut list.ent[h];
            let top = u32::from(e.top);
            if top < least {
                return;
            }
            let (mut x, x1) = (usize::from(e.g.xmin).max(lo), usize::from(e.g.xmax).min(hi));
            // Some column x of it with from[x] ≤ top (a short loop: no vector code).
            while x <= x1 {
                if from[x % MAX_WIDTH] <= top {
                    trace.close(e.seg);
                    e.seg = OPEN;
                    set(reseg, h);
                    return;
                }
                x += 1;
            }
        };
        if R {
            let heads: Plane<B> = self.heads_w::<B>().map(Block::from_words);
            each_bit!(words(&and(&heads, &columns::<B, L>(lo, hi))), |h| {
                if !has(&drop, h) {
                    reopen(self, h);
                }
            });
            if lo < a {
                let mut seen = drop;
                each_bit!(words(&and(&pairs, &columns::<B, L>(lo, lo))), |t| {
                    let h = usize::from(self.label[t]) & (SIZE - 1);
                    if h < lo * L as usize && !has(&seen, h) {
                        set(&mut seen, h);
                        reopen(self, h);
                    }
                });
            }
        }
        let mut cut = [Block::zero(); B];
        each_bit!(drop, |h| {
            let e = self.ent[h];
            if R {
                trace.close(e.seg);
            }
            self.count(&e, sel, false);
            cut = or(&cut, &self.mask::<B>(h));
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
    /// code rotated, weight taken afresh: a new segment, their new heads set in
    /// `born`), those left of them stay; the heads dropped or moved are set in
    /// `gone`. Returns the seeds of the new groups: every tile of the window.
    /// Segments close in `trace` only when `R`.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    pub(super) fn shift_right<const B: usize, const L: u32, const R: bool>(
        &mut self,
        played: &Group,
        e: usize,
        n: usize,
        cx: &Ctx,
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
                let code = x.known.then(|| shifted(x.code, e as u32));
                let y = self.make::<B, L>(g, x.top, code, &m, cx);
                self.put(h - e * L as usize, y, &m, cx.sel, born);
            }
        });
        columns::<B, L>(w.lo, w.hi)
    }
}
