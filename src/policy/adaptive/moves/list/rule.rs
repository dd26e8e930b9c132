//! The candidate rule of the [`List`]'s position (the selective rule's tabu colour
//! while groups of other colours exist, its late-game exception once few tiles are
//! left) and the candidacy of every group listed, from scratch, when it changes.
//!
//! Owns: `List::rule_now`, `List::recount`. Must not: list or drop groups.

use super::super::super::trace::{Trace, OPEN};
use super::{each_bit, set, Ctx, List, Rule, Selective, SIZE};

impl List {
    /// The rule of the position: the tabu colour only while groups of other
    /// colours exist, the late-game exception once few tiles are left.
    #[inline(always)]
    pub(super) fn rule_now(&self, sel: Selective) -> Rule {
        let tabu = match sel.tabu {
            Some(t) if self.nother > 0 => u16::from(t),
            _ => u16::MAX,
        };
        let small = if self.tiles <= u32::from(sel.late_tiles) {
            sel.late_size
        } else {
            0
        };
        (tabu, small)
    }

    /// Candidacy of every entry under the position's rule, from scratch (the
    /// groups of another colour than the tabu one already counted): segments
    /// open (in list order) and close (when `R`), counts and the draw's order
    /// recomputed.
    #[inline(never)]
    pub(super) fn recount<const B: usize, const L: u32, const R: bool, const F: bool>(
        &mut self,
        cx: &Ctx<F>,
        trace: &mut Trace,
    ) {
        let sel = cx.sel;
        let heads = *self.heads_w::<B>();
        self.rule = self.rule_now(sel);
        let (mut n, mut big) = (0, 0);
        let mut cands = [[0; 4]; B];
        each_bit!(heads, |h| {
            let cand = Self::admits(self.rule, &self.ent[h].g);
            if cand {
                self.resolve::<B, L, F>(h, cx);
            }
            let e = &mut self.ent[h];
            e.cand = cand;
            if e.cand {
                if R && e.seg == OPEN {
                    e.seg = trace.open(e.code, cx.bias_of(&e.g));
                }
                n += 1;
                big += u32::from(e.big);
                self.ce[h] = e.e;
                set(&mut cands, h);
            } else {
                if R {
                    trace.close(e.seg);
                }
                e.seg = OPEN;
                self.ce[h] = 0.0;
            }
        });
        (self.ncand, self.nbig) = (n, big);
        self.cands = Default::default();
        self.cands[..B].copy_from_slice(&cands);
        self.reorder::<B>(0);
    }
}
