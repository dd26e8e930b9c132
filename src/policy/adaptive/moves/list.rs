//! The group list of NRPA's playout: every legal group of the position being
//! played, as a plane mask ([`crate::board::planes`]) with its code, its weight,
//! exp(weight) and whether it is a candidate, kept move by move.
//!
//! After a move only the groups whose tiles changed are rebuilt, found with bit
//! operations on the planes, not by flooding around the move. Without an emptied
//! column: the tiles at or above the removed group's lowest tile in each of its
//! columns are the only ones that moved (`cold` before the move, `changed` after);
//! a group of the list is dropped when its mask meets `cold` or a tile joined to
//! `changed` by a same-colour edge, and every other group is still a group,
//! unchanged. The new groups are flooded from `changed` and from what is left of
//! the dropped groups. After a move that empties columns, the groups within one
//! column of the move are flooded again and those right of them are moved left,
//! masks shifted and codes rotated ([`shifted`](super::shifted)).
//!
//! The trace's segments follow the list as the previous implementation kept it
//! (`reference.rs`): a group that rule would have flooded again has its segment
//! closed and a new one opened, though its entry is kept, so that the adaptation
//! sums every step's candidates in the same order and the weights stay bit for bit
//! the same.
//!
//! Owns: [`List`] and [`Entry`]: masks, codes, weights, candidacy under the
//! selective rule, the segments' opening and closing. Must not: sample moves, adapt
//! policies or know the score.

use super::super::prior::Bias;
use super::super::softmax::{fast_exp, Policy, EXP_DIRECT};
use super::super::trace::{Trace, OPEN};
use super::{mix, shifted, Selective};
use crate::board::groups::Window;
use crate::board::planes::{
    and, and_not, columns, from_lowest, grow, intersects, lane, last_bit, lowest, or,
    shift_columns, Block, Edges, Plane, Planes,
};
use crate::board::{Board, Cell, Change, Group, MAX_WIDTH};

/// A legal group of the position being played, with its code, its weight w (policy
/// weight + bias), exp(w) (0 when w > [`EXP_DIRECT`]) and, when it is a candidate,
/// `ce` = exp(w) (else 0, so that a step's sum runs over the whole list).
/// `seg`: its open segment in the trace while it is a candidate ([`OPEN`]: none);
/// `id`: its mask's slot; `top`: the row of its highest tile.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Entry {
    pub g: Group,
    pub code: u64,
    pub w: f64,
    pub e: f64,
    pub ce: f64,
    pub seg: u32,
    pub id: u16,
    pub top: u8,
    pub cand: bool,
}

/// What the list needs from its playout: the policy, the bias and the rule.
pub(super) struct Ctx<'p> {
    pub pol: &'p Policy,
    pub bias: Bias,
    pub sel: Selective,
}

/// The candidate rule of a position: the colour whose groups are not candidates
/// (`u16::MAX`: none) and the size up to which they are all the same (0: none).
type Rule = (u16, u16);

/// Every legal group of a position (see the module docs), ordered by canonical cell.
#[derive(Default)]
pub(super) struct List {
    pub entries: Vec<Entry>,
    /// Candidates, candidates with w > [`EXP_DIRECT`], and groups of another colour
    /// than the selective rule's tabu colour.
    pub ncand: u32,
    pub nbig: u32,
    nother: u32,
    tiles: u32,
    rule: Rule,
    /// Mask slots: slot `id` is blocks `id·B .. id·B + B`. Slots below `fixed` hold
    /// the root's masks (never freed or overwritten); `next` is the first never used.
    slab: Vec<Block>,
    free: Vec<u16>,
    next: u16,
    fixed: u16,
    /// The last position [`List::reset`] started from from scratch and its list:
    /// NRPA starts every playout from the same root.
    root: Option<Board>,
    root_entries: Vec<Entry>,
    /// Scratch: the groups found by floods, the groups kept among those a move may
    /// have changed, and the two merged.
    fresh: Vec<Entry>,
    kept: Vec<Entry>,
    merged: Vec<Entry>,
}

impl List {
    /// The mask of slot `id`.
    #[inline(always)]
    pub fn mask<const B: usize>(&self, id: u16) -> Plane<B> {
        let i = usize::from(id) * B;
        std::array::from_fn(|k| self.slab[i + k])
    }

    /// A slot holding `m`.
    #[inline(always)]
    fn alloc<const B: usize>(&mut self, m: &Plane<B>) -> u16 {
        let id = self.free.pop().unwrap_or_else(|| {
            self.next += 1;
            self.next - 1
        });
        self.store(id, m);
        id
    }

    #[inline(always)]
    fn store<const B: usize>(&mut self, id: u16, m: &Plane<B>) {
        let i = usize::from(id) * B;
        if self.slab.len() < i + B {
            self.slab.resize(i + B, Block::zero());
        }
        self.slab[i..i + B].copy_from_slice(m);
    }

    #[inline(always)]
    fn release(&mut self, id: u16) {
        if id >= self.fixed {
            self.free.push(id);
        }
    }

    /// True when `g` is a candidate under `rule`.
    #[inline(always)]
    fn admits(rule: Rule, g: &Group) -> bool {
        u16::from(g.color) != rule.0 || g.size <= rule.1
    }

    /// The entry of group `g` (code `code`, highest row `top`, mask slot `id`), a
    /// candidate or not under the current rule.
    #[inline(never)]
    fn entry(&self, g: Group, code: u64, top: u8, id: u16, cx: &Ctx) -> Entry {
        let w = cx.pol.weight(code) + cx.bias.of(&g);
        let e = if w == 0.0 {
            1.0
        } else if w <= EXP_DIRECT {
            fast_exp(w)
        } else {
            0.0
        };
        let cand = Self::admits(self.rule, &g);
        Entry {
            g,
            code,
            w,
            e,
            ce: if cand { e } else { 0.0 },
            seg: OPEN,
            id,
            top,
            cand,
        }
    }

    #[inline(always)]
    fn count(&mut self, e: &Entry, sel: Selective, add: bool) {
        let d = |n: &mut u32| if add { *n += 1 } else { *n -= 1 };
        if e.cand {
            d(&mut self.ncand);
            if e.w > EXP_DIRECT {
                d(&mut self.nbig);
            }
        }
        if sel.tabu.is_some_and(|t| e.g.color != t) {
            d(&mut self.nother);
        }
    }

    /// The entry of the group flooded into `m` (`size` tiles) of position `p`, its
    /// mask stored; counted in.
    #[inline(never)]
    fn found<const B: usize, const L: u32, const P: usize>(
        &mut self,
        p: &Planes<B, L, P>,
        m: &Plane<B>,
        size: u32,
        cx: &Ctx,
    ) -> Entry {
        let (i, _) = lowest(m);
        let (x, y) = (i / L as usize, i % L as usize);
        let color = p.color_at(i);
        let xmax = last_bit(m) / L as usize;
        // The code: as `super::code`, from the mask's column lanes.
        let c = u64::from(color) << 32;
        let (mut h, mut rows) = (0u64, 0u32);
        for cx in x..=xmax {
            let l = lane::<B, L>(m, cx);
            h ^= mix(c | u64::from(l)).rotate_left(cx as u32);
            rows |= l;
        }
        let g = Group {
            cell: Cell::new(x, y),
            color,
            size: size as u16,
            xmin: x as u8,
            xmax: xmax as u8,
        };
        let id = self.alloc(m);
        let e = self.entry(g, h, (31 - rows.leading_zeros()) as u8, id, cx);
        self.count(&e, cx.sel, true);
        e
    }

    /// Floods every group with a tile in `seeds` (pair tiles of `p`) once into
    /// `self.fresh`, in canonical order.
    #[inline(never)]
    fn flood_all<const B: usize, const L: u32, const P: usize>(
        &mut self,
        p: &Planes<B, L, P>,
        edges: &Edges<B>,
        mut seeds: Plane<B>,
        cx: &Ctx,
    ) {
        self.fresh.clear();
        while intersects(&seeds, &seeds) {
            let (_, one) = lowest(&seeds);
            let (m, size) = Planes::<B, L, P>::flood(edges, &one);
            seeds = and_not(&seeds, &m);
            let e = self.found(p, &m, size, cx);
            self.fresh.push(e);
        }
        // Found seed by seed, nearly in canonical order: an insertion sort is
        // linear here.
        let f = &mut self.fresh;
        for i in 1..f.len() {
            let mut j = i;
            while j > 0 && f[j - 1].g.cell > f[j].g.cell {
                f.swap(j - 1, j);
                j -= 1;
            }
        }
    }

    /// The list of position `p` (`board`): from the last root's list when `board`
    /// is that root (weights taken afresh), else from scratch. The candidates'
    /// segments open in `trace`.
    #[inline(never)]
    pub fn reset<const B: usize, const L: u32, const P: usize>(
        &mut self,
        board: &Board,
        p: &Planes<B, L, P>,
        cx: &Ctx,
        trace: &mut Trace,
    ) {
        self.entries.clear();
        self.free.clear();
        self.tiles = board.tiles() as u32;
        if self.root.as_ref() == Some(board) {
            self.next = self.fixed;
            for i in 0..self.root_entries.len() {
                let r = self.root_entries[i];
                let e = self.entry(r.g, r.code, r.top, r.id, cx);
                self.entries.push(e);
            }
        } else {
            (self.fixed, self.next) = (0, 0);
            if p.ncols() > 0 {
                let edges = p.edges();
                let pairs = Planes::<B, L, P>::pairs(&edges);
                self.flood_all(p, &edges, pairs, cx);
                self.entries.extend_from_slice(&self.fresh);
            }
            self.fixed = self.next;
            self.root = Some(*board);
            self.root_entries.clone_from(&self.entries);
        }
        self.recount(cx, trace);
    }

    /// The rule of the position: the tabu colour only while groups of other
    /// colours exist, the late-game exception once few tiles are left.
    #[inline(always)]
    fn rule_now(&self, sel: Selective) -> Rule {
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

    /// Candidacy of every entry under the position's rule, from scratch: segments
    /// open (in list order) and close, counts recomputed.
    fn recount(&mut self, cx: &Ctx, trace: &mut Trace) {
        let sel = cx.sel;
        self.nother = match sel.tabu {
            Some(t) => self.entries.iter().filter(|e| e.g.color != t).count() as u32,
            None => 0,
        };
        self.rule = self.rule_now(sel);
        let (mut n, mut big) = (0, 0);
        for e in &mut self.entries {
            e.cand = Self::admits(self.rule, &e.g);
            if e.cand {
                if e.seg == OPEN {
                    e.seg = trace.open(e.code, cx.bias.of(&e.g));
                }
                n += 1;
                big += u32::from(e.w > EXP_DIRECT);
                e.ce = e.e;
            } else {
                trace.close(e.seg);
                e.seg = OPEN;
                e.ce = 0.0;
            }
        }
        (self.ncand, self.nbig) = (n, big);
    }

    /// Plays entry `k` on `p` and brings the list up to date; the segments of the
    /// groups that leave the list (or stop being candidates) close in `trace`, and
    /// those of the new candidates open, in list order.
    #[inline(never)]
    pub fn play<const B: usize, const L: u32, const P: usize>(
        &mut self,
        p: &mut Planes<B, L, P>,
        k: usize,
        cx: &Ctx,
        trace: &mut Trace,
    ) {
        let picked = self.entries[k];
        let g = self.mask::<B>(picked.id);
        let before = p.ncols();
        let above = from_lowest::<B, L>(&g);
        let cold = and(&p.occupied(), &above);
        p.remove(&g);
        self.tiles -= u32::from(picked.g.size);
        let n = p.ncols();
        if n == 0 {
            for e in &self.entries {
                trace.close(e.seg);
            }
            self.entries.clear();
            (self.ncand, self.nbig, self.nother) = (0, 0, 0);
            return;
        }
        let edges = p.edges();
        let pairs = Planes::<B, L, P>::pairs(&edges);
        self.kept.clear();
        let (first, q, seeds) = if before == n {
            let changed = and(&p.occupied(), &above);
            self.drop_changed::<B, L>(&picked.g, &g, &cold, &changed, &edges, n, cx.sel, trace)
        } else {
            self.shift_right::<B, L>(&picked.g, before - n, n, cx, trace)
        };
        let seeds = and(&seeds, &pairs);
        self.flood_all(p, &edges, seeds, cx);
        let (from, to) = self.splice(first, q);
        let rule = self.rule_now(cx.sel);
        if rule != self.rule {
            self.recount(cx, trace);
            return;
        }
        let to = if before == n { to } else { self.entries.len() };
        for e in &mut self.entries[from..to] {
            if e.cand && e.seg == OPEN {
                e.seg = trace.open(e.code, cx.bias.of(&e.g));
            }
        }
    }

    /// After a move that emptied no column (the group `played`, `g` its mask,
    /// `cold` the tiles at or above its lowest tile in each of its columns before
    /// the move, `changed` those after it, `n` columns): drops the groups that
    /// changed (their segments close). Returns the first entry dropped or kept with
    /// a new segment, the end of the entries the move may have reached, and the
    /// seeds of the new groups; the entries kept between the two are in
    /// `self.kept`.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn drop_changed<const B: usize, const L: u32>(
        &mut self,
        played: &Group,
        g: &Plane<B>,
        cold: &Plane<B>,
        changed: &Plane<B>,
        edges: &Edges<B>,
        n: usize,
        sel: Selective,
        trace: &mut Trace,
    ) -> (usize, usize, Plane<B>) {
        // A group meeting `dirty` changed; any other is still a group as it was.
        let dirty = or(cold, &grow::<B, L>(changed, edges));
        // The previous implementation's rule, for the segments (`reference.rs`): a
        // group stays when its highest row is under from[x] in each of its columns
        // within one column of the move.
        let (a, b) = (usize::from(played.xmin), usize::from(played.xmax));
        let (lo, hi) = (a.saturating_sub(1), (b + 1).min(n - 1));
        let mut from = [u32::MAX; MAX_WIDTH];
        for x in a..=b {
            let low = lane::<B, L>(g, x).trailing_zeros();
            from[x] = from[x].min(low.saturating_sub(1));
            if x > 0 {
                from[x - 1] = from[x - 1].min(low);
            }
            if x + 1 < n {
                from[x + 1] = from[x + 1].min(low);
            }
        }
        let q = self
            .entries
            .partition_point(|e| usize::from(e.g.xmin) < b + 2);
        let mut gone = [Block::zero(); B];
        let mut first = None;
        for i in 0..q {
            let mut e = self.entries[i];
            if usize::from(e.g.xmax) + 2 <= a {
                if first.is_some() {
                    self.kept.push(e);
                }
                continue;
            }
            let m = self.mask::<B>(e.id);
            if intersects(&m, &dirty) {
                first.get_or_insert(i);
                trace.close(e.seg);
                self.release(e.id);
                self.count(&e, sel, false);
                gone = or(&gone, &m);
            } else {
                let (x0, x1) = (usize::from(e.g.xmin).max(lo), usize::from(e.g.xmax).min(hi));
                if !from[x0..=x1].iter().all(|&r| u32::from(e.top) < r) {
                    trace.close(e.seg);
                    e.seg = OPEN;
                    first.get_or_insert(i);
                }
                if first.is_some() {
                    self.kept.push(e);
                }
            }
        }
        let first = first.expect("the group played is in the list");
        (first, q, or(changed, &and_not(&gone, cold)))
    }

    /// After the group `played` emptied `e` columns (`n` left): the groups within
    /// one column of it are dropped, those right of them move left (mask shifted,
    /// code rotated, weight taken afresh: a new segment), those left of them stay.
    /// Returns where the new groups go (twice) and their seeds: every tile of the
    /// window.
    #[inline(never)]
    fn shift_right<const B: usize, const L: u32>(
        &mut self,
        played: &Group,
        e: usize,
        n: usize,
        cx: &Ctx,
        trace: &mut Trace,
    ) -> (usize, usize, Plane<B>) {
        let change = Change {
            xmin: played.xmin,
            xmax: played.xmax,
            emptied: e as u8,
        };
        let w = Window::new(n, change);
        let mut j = 0;
        for i in 0..self.entries.len() {
            let x = self.entries[i];
            if w.left_of(&x.g) {
                self.entries[j] = x;
                j += 1;
                continue;
            }
            trace.close(x.seg);
            self.count(&x, cx.sel, false);
            if w.right_of(&x.g) {
                let m = shift_columns::<B, L>(&self.mask::<B>(x.id), e);
                let id = if x.id >= self.fixed {
                    self.store(x.id, &m);
                    x.id
                } else {
                    self.alloc(&m)
                };
                let mut g = x.g;
                g.xmin -= e as u8;
                g.xmax -= e as u8;
                g.cell.x -= e as u8;
                let y = self.entry(g, shifted(x.code, e as u32), x.top, id, cx);
                self.count(&y, cx.sel, true);
                self.entries[j] = y;
                j += 1;
            } else {
                self.release(x.id);
            }
        }
        self.entries.truncate(j);
        let q = self
            .entries
            .partition_point(|x| usize::from(x.g.xmin) <= w.hi);
        (q, q, columns::<B, L>(w.lo, w.hi))
    }

    /// Replaces the entries `first..q` by `self.kept` (what is left of them, in
    /// order) merged with `self.fresh` (groups that go before entry `q`; some may go
    /// before entry `first` too). The entries after `q` move once, in one block.
    /// Returns the range of entries rewritten.
    #[inline(never)]
    fn splice(&mut self, first: usize, q: usize) -> (usize, usize) {
        let (c, f, kept) = (&mut self.entries, &self.fresh, &self.kept);
        let p = f.first().map_or(first, |e| {
            c[..first].partition_point(|o| o.g.cell < e.g.cell)
        });
        let m = &mut self.merged;
        m.clear();
        let mut old = c[p..first].iter().chain(kept.iter()).peekable();
        for e in f {
            while let Some(o) = old.next_if(|o| o.g.cell < e.g.cell) {
                m.push(*o);
            }
            m.push(*e);
        }
        m.extend(old);
        let len = c.len();
        let (span, new) = (q - p, m.len());
        if new > span {
            c.extend_from_slice(&m[..new - span]);
            c.copy_within(q..len, q + new - span);
        } else if new < span {
            c.copy_within(q..len, p + new);
            c.truncate(len - (span - new));
        }
        c[p..p + new].copy_from_slice(m);
        (p, p + new)
    }
}
