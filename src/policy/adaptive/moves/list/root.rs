//! The start of a playout: the [`List`] of its root, from scratch (floods) the
//! first time, and then from a snapshot of that list, since NRPA starts every
//! playout from the same root.
//!
//! The snapshot keeps what does not depend on the policy's weights, taken after
//! the list from scratch under the same rule and bias: the heads, candidates,
//! tiles and edges, every group's entry with its code (a candidate's) and mask
//! in list order, and the candidates' segments as the trace opens them at the
//! start (code, bias, from step 0). A reset from it writes the groups' entries
//! and masks back, takes each candidate's weight and exp(w) afresh (the policy
//! adapts between playouts) into its entry and the draw's order and running
//! sums, in list order, and opens the candidates' segments by copying them: the
//! same list, order, sums and trace as the list from scratch.
//!
//! Owns: `List::reset` and the snapshot ([`Root`]). Must not: play moves or
//! draw.

use super::super::super::prior::Bias;
use super::super::super::trace::{Seg, Trace, OPEN};
use super::super::Selective;
use super::{each_bit, words, Ctx, Entry, List, Rule, NONE, SIZE};
use crate::board::planes::{Block, EdgeBlocks, Planes};
use crate::board::Board;

/// The list of the last root, under the rule and bias it was taken with (see
/// the module docs).
pub(super) struct Root {
    /// The position, the rule and the bias of the snapshot (`None`: none yet).
    key: Option<(Board, Selective, Bias)>,
    heads: [[u64; 4]; 4],
    cands: [[u64; 4]; 4],
    pairs: [[u64; 4]; 4],
    edges: EdgeBlocks,
    len: u32,
    nother: u32,
    rule: Rule,
    /// Per group in list order: its canonical bit, its entry (a candidate's with
    /// its code, exp(w) to take), its mask (`B` blocks).
    pos: Vec<u16>,
    ent: Vec<Entry>,
    masks: Vec<Block>,
    /// Per candidate in list order: its canonical bit and its segment.
    cpos: Vec<u16>,
    segs: Vec<Seg>,
}

impl Default for Root {
    fn default() -> Self {
        Root {
            key: None,
            heads: Default::default(),
            cands: Default::default(),
            pairs: Default::default(),
            edges: [Block::zero(); 8],
            len: 0,
            nother: 0,
            rule: (u16::MAX, 0),
            pos: Vec::new(),
            ent: Vec::new(),
            masks: Vec::new(),
            cpos: Vec::new(),
            segs: Vec::new(),
        }
    }
}

impl List {
    /// The list of position `p` (`board`): from the snapshot when `board` is its
    /// root under the same rule and bias (weights taken afresh), else from
    /// scratch (and the snapshot taken). The candidates' segments open in
    /// `trace` when `R` (a playout that records its trace; else `trace` is left
    /// alone and no entry has a segment).
    #[inline(never)]
    pub fn reset<const B: usize, const L: u32, const P: usize, const R: bool, const F: bool>(
        &mut self,
        board: &Board,
        p: &Planes<B, L, P>,
        cx: &Ctx<F>,
        trace: &mut Trace,
    ) {
        self.tiles = board.tiles() as u32;
        let same = self
            .root
            .key
            .as_ref()
            .is_some_and(|(b, s, a)| b == board && *s == cx.sel && *a == cx.bias);
        // The copied segments start at step 0 and index 0.
        if same && (!R || trace.segs.is_empty() && trace.steps.is_empty()) {
            self.restore::<B, R, F>(cx, trace);
            self.thin(p, cx);
            return;
        }
        (self.len, self.ncand, self.nbig, self.nother) = (0, 0, 0, 0);
        (self.heads, self.pairs) = Default::default();
        if p.ncols() > 0 {
            let edges = p.edges();
            let pairs = Planes::<B, L, P>::pairs(&edges);
            let mut born = [[0; 4]; B];
            self.flood_new(p, &edges, pairs, cx, &mut born);
            self.pairs[..B].copy_from_slice(&words(&pairs));
            edges.store(&mut self.edges);
        }
        let mut other = 0;
        if let Some(t) = cx.sel.tabu {
            each_bit!(*self.heads_w::<B>(), |h| {
                other += u32::from(self.ent[h].g.color != t);
            });
        }
        self.nother = other;
        self.recount::<B, L, R, F>(cx, trace);
        self.snapshot::<B, F>(board, cx);
        self.thin(p, cx);
    }

    /// Takes the snapshot of the list just made from scratch for `board`.
    fn snapshot<const B: usize, const F: bool>(&mut self, board: &Board, cx: &Ctx<F>) {
        let mut r = std::mem::take(&mut self.root);
        r.key = Some((*board, cx.sel, cx.bias));
        (r.heads, r.cands, r.pairs, r.edges) = (self.heads, self.cands, self.pairs, self.edges);
        (r.len, r.nother, r.rule) = (self.len, self.nother, self.rule);
        r.pos.clear();
        r.cpos.clear();
        r.ent.clear();
        r.masks.clear();
        r.segs.clear();
        each_bit!(*self.heads_w::<B>(), |h| {
            let e = self.ent[h];
            r.pos.push(h as u16);
            r.masks.extend_from_slice(&self.mask::<B>(h));
            if e.cand {
                r.ent.push(Entry {
                    e: 0.0,
                    seg: OPEN,
                    big: false,
                    ..e
                });
                r.cpos.push(h as u16);
                r.segs.push(Seg {
                    code: e.code,
                    bias: cx.bias_of(&e.g),
                    from: 0,
                    to: OPEN,
                });
            } else {
                r.ent.push(Entry { g: e.g, ..NONE });
            }
        });
        self.root = r;
    }

    /// The root's list from the snapshot, weights taken afresh (see the module
    /// docs): what `recount` and `reorder` do after a list from scratch, the
    /// segments copied when `R`.
    #[inline(always)]
    fn restore<const B: usize, const R: bool, const F: bool>(
        &mut self,
        cx: &Ctx<F>,
        trace: &mut Trace,
    ) {
        let r = &self.root;
        (self.heads, self.cands, self.pairs) = (r.heads, r.cands, r.pairs);
        self.edges = r.edges;
        (self.len, self.nother, self.rule) = (r.len, r.nother, r.rule);
        // Local borrows: the tables do not alias.
        let (ent, slab, ce) = (&mut *self.ent, &mut *self.slab, &mut *self.ce);
        for ((&pos, e), m) in r.pos.iter().zip(&r.ent).zip(r.masks.chunks_exact(B)) {
            let pos = usize::from(pos) & (SIZE - 1);
            ent[pos] = *e;
            ce[pos] = 0.0;
            slab[pos * B..pos * B + B].copy_from_slice(m);
        }
        // In list order: as `entry` takes a candidate's exp(w), and the running
        // sums as `reorder` writes them.
        let (order, csum) = (&mut *self.order, &mut *self.csum);
        let (mut sum, mut nbig) = (0.0, 0);
        for (j, (&pos, s)) in r.cpos.iter().zip(&r.segs).enumerate() {
            let pos = usize::from(pos) & (SIZE - 1);
            let (pw, pe) = cx.pol.weight_exp(s.code);
            // `F` (a flat bias): every bias is +0 (the segment's not read; a
            // constant, so the exponential's test folds away).
            let (e, big) = if F {
                List::exp_big(pw, pe, 0.0)
            } else {
                List::exp_big(pw, pe, s.bias)
            };
            let x = &mut ent[pos];
            x.e = e;
            x.big = big;
            if R {
                x.seg = j as u32;
            }
            nbig += u32::from(big);
            ce[pos] = e;
            sum += e;
            order[(j + 1) & (SIZE - 1)] = pos as u16;
            csum[(j + 1) & (SIZE - 1)] = sum;
        }
        (self.ncand, self.nbig) = (r.cpos.len() as u32, nbig);
        if R {
            trace.segs.extend_from_slice(&r.segs);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::super::prior::Bias;
    use super::super::super::super::softmax::{AdaptScratch, Policy};
    use super::super::super::super::trace::Trace;
    use super::super::super::Selective;
    use super::super::{Ctx, List};
    use crate::board::planes::{planes_for, Planes, MAX_PLANES};
    use crate::board::testutil::random_board;
    use crate::board::Board;
    use crate::Variant;

    /// What a reset leaves for the playout: per group listed, its entry (code
    /// and weight taken if not yet), segment, exp(w) as drawn and mask; the
    /// counts; the draw's order and sums.
    type State = (
        Vec<(u64, u64, u64, u32, bool, bool, Vec<[u64; 4]>)>,
        Vec<(usize, u64)>,
        [u32; 3],
    );

    fn state<const B: usize, const L: u32, const F: bool>(l: &List, cx: &Ctx<F>) -> State {
        let groups = l
            .heads::<B>()
            .into_iter()
            .map(|h| {
                let (e, w) = l.full::<B, L, F>(h, cx);
                let m = l.mask::<B>(h).iter().map(|b| b.words()).collect();
                let seg = l.at(h).seg;
                (
                    e.code,
                    w.to_bits(),
                    l.ce_at(h).to_bits(),
                    seg,
                    e.cand,
                    e.big,
                    m,
                )
            })
            .collect();
        (groups, l.drawn(), [l.len, l.ncand, l.nbig])
    }

    struct Case {
        sel: Selective,
        bias: Bias,
    }

    impl Case {
        /// Resets `kept` (a list that keeps its snapshot) and a new list to
        /// `root` (recording the trace when `R`) and checks that they agree;
        /// then plays a game on `kept`, whose trace (`R`) is returned.
        fn both<const R: bool, const B: usize, const L: u32, const P: usize, const F: bool>(
            &self,
            kept: &mut List,
            root: &Board,
            cx: &Ctx<F>,
            rng: &mut crate::Rng,
        ) -> Trace {
            let p = Planes::<B, L, P>::from_board(root);
            let (mut t1, mut t2) = (Trace::default(), Trace::default());
            kept.reset::<B, L, P, R, F>(root, &p, cx, &mut t1);
            let mut fresh = List::default();
            fresh.reset::<B, L, P, R, F>(root, &p, cx, &mut t2);
            assert_eq!(state::<B, L, F>(kept, cx), state::<B, L, F>(&fresh, cx));
            assert_eq!(t1, t2);
            let mut q = p;
            while kept.len > 0 {
                let k = kept.pick(rng, cx);
                if R {
                    t1.push_step(kept.at(k).seg, kept.ncand);
                }
                kept.play::<B, L, P, R, F>(&mut q, k, cx, &mut t1);
            }
            t1
        }

        /// Playouts from `root` with a policy adapted after each, the list
        /// reset from its snapshot checked against a list from scratch, under
        /// the context a playout takes (flat when the bias is).
        fn check<const B: usize, const L: u32, const P: usize>(&self, root: &Board) -> usize {
            if super::super::flat(&self.bias) {
                self.check_in::<B, L, P, true>(root)
            } else {
                self.check_in::<B, L, P, false>(root)
            }
        }

        /// [`Case::check`] under [`Ctx`]`<F>`.
        fn check_in<const B: usize, const L: u32, const P: usize, const F: bool>(
            &self,
            root: &Board,
        ) -> usize {
            let (mut pol, mut scratch) = (Policy::default(), AdaptScratch::default());
            let mut kept = List::default();
            let mut rng = crate::rng_for(51, 13, 0);
            for _ in 0..4 {
                let cx = Ctx::<F>::new(&pol, self.bias, self.sel);
                self.both::<false, B, L, P, F>(&mut kept, root, &cx, &mut rng);
                let t = self.both::<true, B, L, P, F>(&mut kept, root, &cx, &mut rng);
                pol.adapt(&t, 1.0, &mut scratch);
            }
            1
        }
    }

    #[test]
    fn a_reset_from_the_snapshot_is_the_reset_from_scratch() {
        let mut checked = 0;
        for (i, &(w, h, colors)) in [(15, 15, 5), (6, 12, 4), (20, 5, 2), (12, 17, 9)]
            .iter()
            .enumerate()
        {
            let root = random_board(w, h, colors, i as u64, Variant::ALL[i % 4]);
            let tabu = Some((i % usize::from(colors)) as u8);
            for sel in [
                Selective::ALL,
                Selective {
                    tabu,
                    late_tiles: 40,
                    late_size: 3,
                },
            ] {
                for bias in [Bias::size(0.0), Bias::size(0.25)] {
                    let case = Case { sel, bias };
                    checked += by_layout!(&root, case.check(&root));
                }
            }
        }
        assert_eq!(checked, 16);
    }
}
