//! The group list of NRPA's playout: every legal group of the position being
//! played, as a plane mask ([`crate::board::planes`]) with its code, its weight,
//! exp(weight) and whether it is a candidate, kept move by move.
//!
//! Everything is indexed by a group's canonical cell as a plane bit (`x·L + y`):
//! its [`Entry`], its mask, and the `heads` bitset of the groups listed, whose bit
//! order is the list's order (canonical order); the tiles of the groups listed
//! (`pairs`) and the position's same-colour edges are kept too. After a move only
//! the groups whose tiles changed are rebuilt (`changes.rs`), found with bit
//! operations on the planes (the groups met by the changed tiles, flooded along
//! the edges before the move); the draw reads a dense copy of the order of the
//! candidates (their heads in the bitset `cands`) with running sums
//! (`order.rs`), rewritten from the first group the move changed. A group's
//! code and weight are taken when it is listed as a candidate, or once it becomes
//! one (`entry.rs`): the groups of the tabu colour mostly never need them. The
//! rule of a position and the candidacy recounted when it changes: `rule.rs`; a
//! playout's start, from a snapshot of the root's list: `root.rs`.
//!
//! A playout that draws its own moves ([`Ctx::sparse`]) keeps a sparse list:
//! while the rule excludes every group of its tabu colour, none of them is
//! listed, flooded or dropped (`thin` takes them out when the rule starts to
//! exclude them; their tiles are no seeds and no dirty tiles), and when the rule
//! admits some again they are all flooded at once (`complete`). They are never
//! candidates then, so the candidates, the draw's order and sums, the draws and
//! the trace are those of the full list (`equivalence_tests.rs`). A replay, which
//! may play a move outside the rule, keeps the full list.
//!
//! Owns: [`List`] and [`Entry`]: the tables, the floods of new groups, their
//! candidacy under the selective rule, the segments' opening and closing. Must
//! not: adapt policies or keep the score.

use super::super::prior::Bias;
use super::super::softmax::{Policy, EXP_DIRECT};
use super::super::trace::{Trace, OPEN};
use super::Selective;
use crate::board::planes::{
    and, and_not, first_last, flood_lowest, from_lowest, intersects, Block, EdgeBlocks, Edges,
    Plane, Planes,
};
use crate::board::{Cell, Group};

mod changes;
mod entry;
mod order;
mod root;
mod rule;

/// A legal group of the position being played, with its code, exp(w) of its weight
/// w (policy weight + bias; 0 when w > [`EXP_DIRECT`], then `big`). w itself is
/// not kept ([`List::weight`] takes it again, the same sum): 32 bytes an entry,
/// one cache line holds two. `seg`: its open segment in the trace while it is a
/// candidate ([`OPEN`]: none). `known`: `code`, `e` and `big` are set; a group
/// listed while not a candidate has them taken only once it becomes one
/// ([`List::full`] gives them at any time). A candidate's exp(w) is also in the
/// list's `ce` (0 for the others).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Entry {
    pub g: Group,
    pub code: u64,
    pub e: f64,
    pub seg: u32,
    pub cand: bool,
    pub known: bool,
    pub big: bool,
}

// Two entries a cache line.
const _: () = assert!(std::mem::size_of::<Entry>() == 32);

/// The entry of no group (table filler).
const NONE: Entry = Entry {
    g: Group {
        cell: Cell { x: 0, y: 0 },
        color: 0,
        size: 0,
        xmin: 0,
        xmax: 0,
    },
    code: 0,
    e: 0.0,
    seg: OPEN,
    cand: false,
    known: false,
    big: false,
};

/// What the list needs from its playout: the policy, the bias and the rule
/// (`F`, flat: the bias is +0 for every group, β = 0 with the size prior, known
/// when the code is compiled, so that a playout without bias takes no test of
/// it per group; `sparse`: the groups of the tabu colour need not be listed
/// while the rule excludes them all, see [`List::play`]).
pub(super) struct Ctx<'p, const F: bool> {
    pub pol: &'p Policy,
    pub bias: Bias,
    pub sel: Selective,
    sparse: bool,
}

/// True when `bias` adds +0 to every weight (β = 0 with the size prior): the
/// playouts under it take [`Ctx`]`<true>`.
pub(super) fn flat(bias: &Bias) -> bool {
    bias.beta == 0.0 && bias.prior == super::Prior::Size
}

impl<'p, const F: bool> Ctx<'p, F> {
    /// The context of a playout under `pol`, `bias` and the rule `sel`.
    ///
    /// # Panics
    /// When `F` but `bias` is not [`flat`] (`Ctx<false>` serves any bias: it
    /// takes each group's bias, which is +0 under a flat one).
    pub fn new(pol: &'p Policy, bias: Bias, sel: Selective) -> Self {
        assert!(!F || flat(&bias), "a flat context needs a flat bias");
        Ctx {
            pol,
            bias,
            sel,
            sparse: false,
        }
    }

    /// This context for a playout that draws its own moves: a move it plays is
    /// always a candidate, so the list may leave out the groups of the tabu colour
    /// while the rule excludes them all (a replay plays moves outside the rule and
    /// needs every group).
    pub fn sparse(self) -> Self {
        Ctx {
            sparse: true,
            ..self
        }
    }

    /// The bias of group `g`: [`Bias::of`], or +0 without computing it when `F`
    /// (bit for bit what [`Bias::of`] gives then).
    #[inline(always)]
    pub fn bias_of(&self, g: &Group) -> f64 {
        if F {
            0.0
        } else {
            self.bias.of(g)
        }
    }
}

/// The candidate rule of a position: the colour whose groups are not candidates
/// (`u16::MAX`: none) and the size up to which they are all the same (0: none).
type Rule = (u16, u16);

/// A set of plane bits as words (`B` blocks of four; the layout of [`Plane`]).
type Words<const B: usize> = [[u64; 4]; B];

/// Plane bits of the largest layout (4 blocks): the size of the tables.
const SIZE: usize = 1024;

/// The words of a plane.
#[inline(always)]
fn words<const B: usize>(m: &Plane<B>) -> Words<B> {
    std::array::from_fn(|i| m[i].words())
}

/// True when bit `i` of `w` is set.
#[inline(always)]
fn has<const B: usize>(w: &Words<B>, i: usize) -> bool {
    w[i / 256 % B][i / 64 % 4] >> (i % 64) & 1 != 0
}

/// The words of the first `B` blocks of a bitset held for up to 4 blocks.
#[inline(always)]
fn first<const B: usize>(w: &Words<4>) -> &Words<B> {
    w[..B].try_into().expect("B ≤ 4")
}

/// [`first`], to change.
#[inline(always)]
fn first_mut<const B: usize>(w: &mut Words<4>) -> &mut Words<B> {
    (&mut w[..B]).try_into().expect("B ≤ 4")
}

/// Sets bit `i` of `w`.
#[inline(always)]
fn set<const B: usize>(w: &mut Words<B>, i: usize) {
    w[i / 256 % B][i / 64 % 4] |= 1 << (i % 64);
}

/// Runs `$body` with `$i` bound to every set bit of `$w` (a [`Words`]), lowest
/// first.
macro_rules! each_bit {
    ($w:expr, |$i:ident| $body:block) => {{
        let w = $w;
        for (k, &x0) in w.as_flattened().iter().enumerate() {
            let mut x = x0;
            while x != 0 {
                let $i = (k * 64 + x.trailing_zeros() as usize) & (SIZE - 1);
                x &= x - 1;
                $body
            }
        }
    }};
}
use each_bit;

/// A boxed array of `N` copies of `v`.
fn boxed<T: Copy, const N: usize>(v: T) -> Box<[T; N]> {
    vec![v; N]
        .into_boxed_slice()
        .try_into()
        .ok()
        .expect("N items")
}

/// Every legal group of a position (see the module docs), by canonical bit.
pub(super) struct List {
    /// Entries and masks (`B` blocks each), indexed by plane bit (fixed sizes: no
    /// bounds to check).
    ent: Box<[Entry; SIZE]>,
    slab: Box<[Block; 4 * SIZE]>,
    /// The same-colour edges of the position ([`Edges::store`]).
    edges: EdgeBlocks,
    /// The canonical bits of the groups listed, of the candidates among them (the
    /// draw's order), and their tiles (words of `B` blocks, the others zero).
    heads: [[u64; 4]; 4],
    cands: [[u64; 4]; 4],
    pairs: [[u64; 4]; 4],
    /// Each entry's `ce` by canonical bit (for the order's rewrite and the draw's
    /// scan), and the draw's order (`order.rs`): at index k, the canonical bit
    /// of entry k − 1 and the sum of `ce` through it.
    ce: Box<[f64; SIZE]>,
    order: Box<[u16; SIZE]>,
    csum: Box<[f64; SIZE + 1]>,
    /// The canonical bits of the candidates listed since the move began, in the
    /// order they were listed (floods usually list them in list order), the last
    /// of them, and whether one was listed below the one before.
    fresh: Box<[u16; SIZE]>,
    nfresh: usize,
    fresh_last: usize,
    unsorted: bool,
    /// Groups, candidates, candidates with w > [`EXP_DIRECT`], and groups of
    /// another colour than the selective rule's tabu colour.
    pub len: u32,
    pub ncand: u32,
    pub nbig: u32,
    nother: u32,
    tiles: u32,
    rule: Rule,
    /// The snapshot of the root's list ([`List::reset`]): NRPA starts every
    /// playout from the same root.
    root: root::Root,
}

impl Default for List {
    fn default() -> Self {
        List {
            ent: boxed(NONE),
            slab: boxed(Block::zero()),
            edges: [Block::zero(); 8],
            heads: Default::default(),
            cands: Default::default(),
            pairs: Default::default(),
            ce: boxed(0.0),
            order: boxed(0),
            csum: boxed(0.0),
            fresh: boxed(0),
            nfresh: 0,
            fresh_last: 0,
            unsorted: false,
            len: 0,
            ncand: 0,
            nbig: 0,
            nother: 0,
            tiles: 0,
            rule: (u16::MAX, 0),
            root: root::Root::default(),
        }
    }
}

impl List {
    /// The entry of the group whose canonical bit is `pos`.
    #[inline(always)]
    pub fn at(&self, pos: usize) -> &Entry {
        &self.ent[pos & (SIZE - 1)]
    }

    /// The exp(w) the draw reads for the group at canonical bit `pos` (0 when it
    /// is not a candidate; tests).
    #[cfg(test)]
    pub fn ce_at(&self, pos: usize) -> f64 {
        self.ce[pos & (SIZE - 1)]
    }

    /// The canonical bits of the groups listed, in order (tests).
    #[cfg(test)]
    pub fn heads<const B: usize>(&self) -> Vec<usize> {
        let mut v = Vec::new();
        each_bit!(*self.heads_w::<B>(), |h| {
            v.push(h);
        });
        v
    }

    #[inline(always)]
    fn heads_w<const B: usize>(&self) -> &Words<B> {
        first(&self.heads)
    }

    #[inline(always)]
    fn heads_mut<const B: usize>(&mut self) -> &mut Words<B> {
        first_mut(&mut self.heads)
    }

    #[inline(always)]
    fn cands_w<const B: usize>(&self) -> &Words<B> {
        first(&self.cands)
    }

    #[inline(always)]
    fn cands_mut<const B: usize>(&mut self) -> &mut Words<B> {
        first_mut(&mut self.cands)
    }

    #[inline(always)]
    fn pairs<const B: usize>(&self) -> &Words<B> {
        first(&self.pairs)
    }

    /// The mask of the group whose canonical bit is `pos`.
    #[inline(always)]
    pub fn mask<const B: usize>(&self, pos: usize) -> Plane<B> {
        std::array::from_fn(|k| self.slab[(pos * B + k) & (4 * SIZE - 1)])
    }

    /// Counts `e` in (`add`) or out.
    #[inline(always)]
    fn count(&mut self, e: &Entry, sel: Selective, add: bool) {
        let other = sel.tabu.is_some_and(|t| e.g.color != t);
        if add {
            self.len += 1;
            self.nother += u32::from(other);
            if e.cand {
                self.ncand += 1;
                self.nbig += u32::from(e.big);
            }
        } else {
            self.len -= 1;
            self.nother -= u32::from(other);
            if e.cand {
                self.ncand -= 1;
                self.nbig -= u32::from(e.big);
            }
        }
    }

    /// Lists entry `e` with mask `m` at its canonical bit `pos`: counted in, its
    /// bit set in `born`.
    #[inline(always)]
    fn put<const B: usize>(
        &mut self,
        pos: usize,
        e: Entry,
        m: &Plane<B>,
        sel: Selective,
        born: &mut Words<B>,
    ) {
        self.count(&e, sel, true);
        self.ent[pos & (SIZE - 1)] = e;
        self.ce[pos & (SIZE - 1)] = if e.cand { e.e } else { 0.0 };
        for (k, b) in m.iter().enumerate() {
            self.slab[(pos * B + k) & (4 * SIZE - 1)] = *b;
        }
        set(self.heads_mut::<B>(), pos);
        if e.cand {
            set(self.cands_mut::<B>(), pos);
            self.fresh[self.nfresh & (SIZE - 1)] = pos as u16;
            self.nfresh += 1;
            // Two groups never share a canonical bit.
            self.unsorted |= pos < self.fresh_last;
            self.fresh_last = pos;
        }
        set(born, pos);
    }

    /// Floods every group with a tile in `seeds` (pair tiles of `p`) once and lists
    /// it (its code, from its mask's column lanes, if it is a candidate).
    #[inline(always)]
    fn flood_new<const B: usize, const L: u32, const P: usize, const F: bool>(
        &mut self,
        p: &Planes<B, L, P>,
        edges: &Edges<B>,
        mut seeds: Plane<B>,
        cx: &Ctx<F>,
        born: &mut Words<B>,
    ) {
        while intersects(&seeds, &seeds) {
            let (m, run) = flood_lowest::<B, L>(edges, &seeds);
            seeds = and_not(&seeds, &m);
            let color = p.color_of(&run);
            let w = words(&m);
            let w = w.as_flattened();
            let size: u32 = w.iter().map(|x| x.count_ones()).sum();
            // The canonical bit (the lowest), the last column (of the highest bit).
            let (i, last) = first_last(&m);
            let (x, y, xmax) = (i / L as usize, i % L as usize, last / L as usize);
            let g = Group {
                cell: Cell::new(x, y),
                color,
                size: size as u16,
                xmin: x as u8,
                xmax: xmax as u8,
            };
            let e = self.make::<B, L, F>(g, &m, cx);
            self.put(i, e, &m, cx.sel, born);
        }
    }

    /// True when `rule` leaves out every group of its tabu colour (one, and no
    /// late-game exception).
    #[inline(always)]
    fn excludes_all(rule: Rule) -> bool {
        rule.0 != u16::MAX && rule.1 == 0
    }

    /// Lists every group of the tabu colour of the rule so far (`self.rule`), which
    /// a sparse list left out (see [`List::play`]; `pairs`: the pair tiles of `p`).
    #[cold]
    #[inline(never)]
    fn complete<const B: usize, const L: u32, const P: usize, const F: bool>(
        &mut self,
        p: &Planes<B, L, P>,
        edges: &Edges<B>,
        pairs: &Plane<B>,
        cx: &Ctx<F>,
        born: &mut Words<B>,
    ) {
        let t = self.rule.0 as u8;
        #[cfg(debug_assertions)]
        each_bit!(*self.heads_w::<B>(), |h| {
            debug_assert!(
                self.ent[h].g.color != t,
                "a sparse list holds no tabu group"
            );
        });
        self.flood_new(p, edges, and(pairs, &p.color_plane(t)), cx, born);
    }

    /// For a sparse list ([`Ctx::sparse`]), when the rule excludes every group of
    /// its tabu colour: takes those groups out of the list (see [`List::play`]).
    /// They are no candidates, so only the count of groups listed changes.
    #[inline(always)]
    pub(super) fn thin<const B: usize, const L: u32, const P: usize, const F: bool>(
        &mut self,
        p: &Planes<B, L, P>,
        cx: &Ctx<F>,
    ) {
        if !cx.sparse || !Self::excludes_all(self.rule) {
            return;
        }
        let tabu = words(&p.color_plane(self.rule.0 as u8));
        let mut n = 0;
        for (hw, t) in self.heads_mut::<B>().iter_mut().zip(&tabu) {
            for (w, t) in hw.iter_mut().zip(t) {
                n += (*w & t).count_ones();
                *w &= !t;
            }
        }
        self.len -= n;
    }

    /// Plays the group whose canonical bit is `k` on `p` and brings the list up to
    /// date; the segments of the groups that leave the list (or stop being
    /// candidates) close in `trace`, and those of the new candidates open, in list
    /// order, when `R` (else `trace` is left alone: the groups listed, the draw's
    /// order and its sums are the same, with no segment work).
    #[inline(never)]
    pub fn play<const B: usize, const L: u32, const P: usize, const R: bool, const F: bool>(
        &mut self,
        p: &mut Planes<B, L, P>,
        k: usize,
        cx: &Ctx<F>,
        trace: &mut Trace,
    ) {
        let played = self.at(k).g;
        let g = self.mask::<B>(k);
        (self.nfresh, self.fresh_last, self.unsorted) = (0, 0, false);
        // While the rule excludes every group of the tabu colour, a sparse list
        // lists none (see `thin`) and floods none: their tiles are no seeds. They
        // are never candidates, add nothing to the draw's sums and are never drawn.
        let sparse = cx.sparse && Self::excludes_all(self.rule);
        let tabu_before = if sparse {
            p.color_plane(self.rule.0 as u8)
        } else {
            [Block::zero(); B]
        };
        let before = p.ncols();
        let above = from_lowest::<B, L>(&g);
        let cold = and(&p.occupied(), &above);
        p.remove(&g);
        self.tiles -= u32::from(played.size);
        let n = p.ncols();
        if n == 0 {
            if R {
                each_bit!(*self.heads_w::<B>(), |h| {
                    trace.close(self.ent[h].seg);
                });
            }
            (self.heads, self.cands, self.pairs) = Default::default();
            (self.len, self.ncand, self.nbig, self.nother) = (0, 0, 0, 0);
            return;
        }
        let edges = p.edges();
        let pairs = Planes::<B, L, P>::pairs(&edges);
        // `born`: groups listed; `gone`: groups dropped.
        let (mut born, mut gone) = ([[0; 4]; B], [[0; 4]; B]);
        let seeds = if before == n {
            let changed = and(&p.occupied(), &above);
            let old = Edges::load(&self.edges);
            // A sparse list has no group of the tabu colour to drop.
            let dirt = and_not(&self.pairs::<B>().map(Block::from_words), &tabu_before);
            let cut = self.drop_changed::<B, L, R>(
                &cold, &changed, &dirt, &old, &edges, cx.sel, trace, &mut gone,
            );
            crate::board::planes::or(&changed, &and_not(&cut, &cold))
        } else {
            self.shift_right::<B, L, R, F>(&played, before - n, n, cx, trace, &mut born, &mut gone)
        };
        let mut seeds = and(&seeds, &pairs);
        if sparse {
            seeds = and_not(&seeds, &p.color_plane(self.rule.0 as u8));
        }
        self.flood_new(p, &edges, seeds, cx, &mut born);
        self.pairs[..B].copy_from_slice(&words(&pairs));
        edges.store(&mut self.edges);
        let now = self.rule_now(cx.sel);
        if now != self.rule {
            if sparse && !Self::excludes_all(now) {
                self.complete(p, &edges, &pairs, cx, &mut born);
            }
            self.recount::<B, L, R, F>(cx, trace);
            self.thin(p, cx);
            return;
        }
        if R {
            // The new candidates' segments open in list order: as flooded when no
            // column emptied and that is ascending (a flood's canonical bit can lie
            // below its seeds: a lone tile the move joined), else through `born`.
            let fresh = &self.fresh[..self.nfresh.min(SIZE)];
            if before == n && !self.unsorted {
                debug_assert!(fresh.is_sorted());
                for &h in fresh {
                    let e = &mut self.ent[usize::from(h) & (SIZE - 1)];
                    // `flood_new` lists each group once, after the drops: new, open.
                    debug_assert!(e.cand && e.seg == OPEN);
                    e.seg = trace.open(e.code, cx.bias_of(&e.g));
                }
            } else {
                each_bit!(born, |h| {
                    let e = &mut self.ent[h];
                    if e.cand && e.seg == OPEN {
                        e.seg = trace.open(e.code, cx.bias_of(&e.g));
                    }
                });
            }
        }
        // The draw's order from the first group dropped or listed on.
        let mut first = SIZE;
        for k in 0..4 * B {
            let x = born[k / 4][k % 4] | gone[k / 4][k % 4];
            if x != 0 {
                first = k * 64 + x.trailing_zeros() as usize;
                break;
            }
        }
        self.reorder::<B>(first);
    }
}
