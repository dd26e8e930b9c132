//! The NRPA playout as it was before issue 51, kept as the test oracle: the group
//! list on column lanes ([`Board`], flood fills with [`Board::flood_groups_from`]),
//! each group's code from its flood, groups a move may have changed found by the
//! rows above the move and dropped, seeded floods around them.
//!
//! Owns: [`Reference`] (its `run` and `replay`, verbatim from before the planes
//! list). Must not: be used outside tests; `equivalence_tests.rs` checks that
//! [`Playout`](super::Playout) plays the same games and scores the same from the
//! same random numbers and policies, and records traces with the same steps (its
//! segments are cut at fewer steps: the list does not cut a kept group's).

use rand::Rng as _;

use super::super::prior::Bias;
use super::super::softmax::{fast_exp, Policy, EXP_DIRECT};
use super::super::trace::{Trace, OPEN};
use super::{code, Selective};
use crate::board::groups::Window;
use crate::board::{Board, Cell, Change, Group, GroupMask, MAX_WIDTH};
use crate::Rng;

/// The code of the group flooded into `mask` (on a board `height` rows high) and
/// the row of its highest tile.
#[inline]
fn code_and_top(g: &Group, mask: &GroupMask, height: usize) -> (u64, u8) {
    let cols = (usize::from(g.xmin)..=usize::from(g.xmax)).fold(0, |c, x| c | mask.column(x));
    (code(g, mask, height), (31 - cols.leading_zeros()) as u8)
}

/// A legal group of the position being played, with its code, its weight w
/// (policy weight + bias) and exp(w) (when w ≤ [`EXP_DIRECT`]), computed once when
/// the group is flooded (or moved): a step's softmax then needs no exponential.
/// `seg`: its open segment in the trace while it is a candidate ([`OPEN`]: none);
/// `top`: the row of its highest tile.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Entry {
    g: Group,
    code: u64,
    w: f64,
    e: f64,
    seg: u32,
    top: u8,
}

impl Entry {
    /// The entry of group `g` with code `code` and highest row `top` under `pol`
    /// and `bias`.
    #[inline]
    fn new(g: Group, (code, top): (u64, u8), pol: &Policy, bias: &Bias) -> Entry {
        let w = pol.weight(code) + bias.of(&g);
        let e = if w == 0.0 {
            1.0
        } else if w <= EXP_DIRECT {
            fast_exp(w)
        } else {
            0.0
        };
        Entry {
            g,
            code,
            w,
            e,
            seg: OPEN,
            top,
        }
    }
}

/// What a step's pass over the list found: the number of candidates, the sum of
/// their exp(w), their largest w and the index of the last one.
struct Candidates {
    n: u32,
    z: f64,
    max: f64,
    last: usize,
}

/// The level-0 search of NRPA: one game from the root sampled from a policy.
///
/// The legal groups are kept with their codes and weights (policy weight + bias)
/// from one step to the next, as [`GroupList`](crate::board::groups::GroupList)
/// keeps groups, each flooded once, its code taken from the same flood. After a
/// move that empties no column, only the tiles the move can have changed are
/// searched again: in each column of the removed group, from just below its lowest
/// removed tile up, and in the column on each side from that row up. A group of
/// the list clear of those tiles (below them: its highest row is under the
/// lowest of them in its columns) is kept as it is; the others are dropped and
/// their groups found again by flooding from those tiles and from the dropped
/// groups' canonical cells. After a move that empties columns, every group with a
/// tile in the move's columns or one on each side ([`Window`]) is flooded again,
/// and the groups right of them are moved left, their codes rotated ([`shifted`]).
pub(crate) struct Reference {
    /// Which groups are candidates.
    pub selective: Selective,
    /// GNRPA bias: a candidate's weight gets β · h(group) added ([`Bias`]).
    pub bias: Bias,
    mask: GroupMask,
    /// Every legal group with its code and weight, ordered by canonical cell.
    cache: Vec<Entry>,
    /// Scratch: the groups found by a scan, the groups kept among those a move
    /// may have changed, and the two merged.
    fresh: Vec<Entry>,
    kept: Vec<Entry>,
    merged: Vec<Entry>,
    /// The last position `reset` started from and its list (codes and
    /// highest rows serve again; weights are the policy's of the day): NRPA
    /// starts every playout from the same root.
    root: Option<Board>,
    root_list: Vec<Entry>,
}

impl Reference {
    /// A playout sampling from the candidates `selective` allows, with GNRPA bias
    /// `bias` (β · (group size − 2) added to every weight; 0 = plain NRPA).
    pub fn new(selective: Selective, bias: f64) -> Self {
        Reference {
            selective,
            bias: Bias::size(bias),
            mask: GroupMask::default(),
            cache: Vec::new(),
            fresh: Vec::new(),
            kept: Vec::new(),
            merged: Vec::new(),
            root: None,
            root_list: Vec::new(),
        }
    }

    /// Floods every group with a tile among `seeds` in columns `lo..=hi` once into
    /// `self.fresh`, with their codes and weights, in canonical order.
    fn scan(
        &mut self,
        board: &Board,
        pol: &Policy,
        lo: usize,
        hi: usize,
        seeds: &[u32; MAX_WIDTH],
    ) {
        self.fresh.clear();
        let (fresh, bias) = (&mut self.fresh, self.bias);
        board.flood_groups_from(lo, hi, seeds, &mut self.mask, |m| {
            let g = m.group();
            fresh.push(Entry::new(
                g,
                code_and_top(&g, m, board.height()),
                pol,
                &bias,
            ));
        });
        // Found column by column: nearly in canonical order, so an insertion sort
        // is linear here.
        let f = &mut self.fresh;
        for i in 1..f.len() {
            let mut j = i;
            while j > 0 && f[j - 1].g.cell > f[j].g.cell {
                f.swap(j - 1, j);
                j -= 1;
            }
        }
    }

    /// Replaces the list's entries `first..q` by `self.kept` (what is left of them,
    /// in order) merged with `self.fresh` (groups that go before entry `q`; some may
    /// go before entry `first` too). The entries after `q` move once, in one block.
    fn splice(&mut self, first: usize, q: usize) {
        let (c, f, kept) = (&mut self.cache, &self.fresh, &self.kept);
        if f.is_empty() && kept.len() == q - first {
            return;
        }
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
    }

    /// The legal groups of `board` with codes and weights: from scratch, or from
    /// the last root's list when `board` is that root.
    fn reset(&mut self, board: &Board, pol: &Policy) {
        self.cache.clear();
        if self.root.as_ref() == Some(board) {
            let bias = self.bias;
            self.cache.extend(
                self.root_list
                    .iter()
                    .map(|e| Entry::new(e.g, (e.code, e.top), pol, &bias)),
            );
            return;
        }
        if board.ncols() > 0 {
            self.scan(board, pol, 0, board.ncols() - 1, &[u32::MAX; MAX_WIDTH]);
            self.cache.extend_from_slice(&self.fresh);
        }
        self.root = Some(*board);
        self.root_list.clone_from(&self.cache);
    }

    /// Brings the list up to date after the group in `self.mask` was removed, with
    /// `change` (`board`: the position after the move); the segments of the groups
    /// that leave the list, or move, close in `trace` (after the step just recorded).
    fn update(&mut self, board: &Board, pol: &Policy, change: Change, trace: &mut Trace) {
        let n = board.ncols();
        if n == 0 {
            for e in &self.cache {
                trace.close(e.seg);
            }
            self.cache.clear();
            return;
        }
        let w = Window::new(n, change);
        let mut seeds = [0u32; MAX_WIDTH];
        let (mut lo, hi) = (w.lo, w.hi);
        self.kept.clear();
        let (first, q);
        if w.emptied() > 0 {
            // Every tile of the window; the groups right of it move left.
            let shift = w.emptied() as u8;
            let bias = self.bias;
            seeds[lo..=hi].fill(u32::MAX);
            self.cache.retain_mut(|e| {
                if w.left_of(&e.g) {
                    true
                } else if w.right_of(&e.g) {
                    trace.close(e.seg);
                    let mut g = e.g;
                    g.xmin -= shift;
                    g.xmax -= shift;
                    g.cell.x -= shift;
                    // Its code again, from its cells after the move.
                    let mut mask = GroupMask::default();
                    board.flood(g.cell, &mut mask);
                    let code = code(&g, &mask, board.height());
                    *e = Entry::new(g, (code, e.top), pol, &bias);
                    true
                } else {
                    trace.close(e.seg);
                    false
                }
            });
            // The new groups go between those left of the window and those right.
            q = self.cache.partition_point(|e| usize::from(e.g.xmin) <= hi);
            first = q;
        } else {
            // The tiles the move can have changed: seeds[x] = rows from[x] up.
            let mut from = [u32::MAX; MAX_WIDTH];
            for x in usize::from(change.xmin)..=usize::from(change.xmax) {
                let low = self.mask.column(x).trailing_zeros();
                from[x] = from[x].min(low.saturating_sub(1));
                if x > 0 {
                    from[x - 1] = from[x - 1].min(low);
                }
                if x + 1 < n {
                    from[x + 1] = from[x + 1].min(low);
                }
            }
            for x in lo..=hi {
                seeds[x] = u32::MAX.checked_shl(from[x]).unwrap_or(0);
            }
            // Keep the groups clear of those tiles: the groups right of the window
            // are a suffix of the list (ordered by first column); from the first
            // group dropped to that suffix, the kept ones go to `self.kept`.
            let (a, b2) = (change.xmin, change.xmax + 2);
            let clear = |e: &Entry| {
                e.g.xmax + 2 <= a || {
                    let (x0, x1) = (usize::from(e.g.xmin).max(lo), usize::from(e.g.xmax).min(hi));
                    from[x0..=x1].iter().all(|&r| u32::from(e.top) < r)
                }
            };
            let c = &self.cache;
            q = c.partition_point(|e| e.g.xmin < b2);
            first = c[..q].iter().position(|e| !clear(e)).unwrap_or(q);
            for e in &c[first..q] {
                if clear(e) {
                    self.kept.push(*e);
                } else {
                    trace.close(e.seg);
                    seeds[usize::from(e.g.cell.x)] |= 1 << e.g.cell.y;
                }
            }
            lo = (0..lo).find(|&x| seeds[x] != 0).unwrap_or(lo);
        }
        self.scan(board, pol, lo, hi, &seeds);
        self.splice(first, q);
    }

    /// The candidate rule at `board` (its groups in the cache): the colour whose
    /// groups are not candidates (`u16::MAX`: none; the tabu colour only while
    /// groups of other colours exist), and the size up to which its groups are
    /// candidates all the same (the late-game exception; 0 = none). A group `g` is
    /// a candidate when `u16::from(g.color) != colour || g.size <= size`.
    #[inline]
    fn rule(&self, board: &Board) -> (u16, u16) {
        let sel = self.selective;
        let tabu = sel
            .tabu
            .filter(|&t| self.cache.iter().any(|e| e.g.color != t))
            .map_or(u16::MAX, u16::from);
        let small = if board.tiles() <= usize::from(sel.late_tiles) {
            sel.late_size
        } else {
            0
        };
        (tabu, small)
    }

    /// One pass over the list at the step about to be played (`board`): opens the
    /// segment of every group that became a candidate, closes those of groups that
    /// stopped being one, and sums the candidates' exp(w).
    #[inline]
    fn candidates(&mut self, board: &Board, trace: &mut Trace) -> Candidates {
        let (tabu, small) = self.rule(board);
        let mut c = Candidates {
            n: 0,
            z: 0.0,
            max: f64::NEG_INFINITY,
            last: 0,
        };
        for (i, e) in self.cache.iter_mut().enumerate() {
            if u16::from(e.g.color) != tabu || e.g.size <= small {
                if e.seg == OPEN {
                    e.seg = trace.open(e.code, self.bias.of(&e.g));
                }
                c.n += 1;
                c.z += e.e;
                c.max = c.max.max(e.w);
                c.last = i;
            } else if e.seg != OPEN {
                trace.close(e.seg);
                e.seg = OPEN;
            }
        }
        c
    }

    /// Plays `root` to its end under `pol`; the moves go to `moves` and what was
    /// sampled at each step to `trace` (both cleared first). Returns the final
    /// score.
    pub fn run(
        &mut self,
        root: &Board,
        pol: &Policy,
        rng: &mut Rng,
        moves: &mut Vec<Cell>,
        trace: &mut Trace,
    ) -> i32 {
        moves.clear();
        trace.clear();
        let mut board = *root;
        self.reset(&board, pol);
        while !self.cache.is_empty() {
            let c = self.candidates(&board, trace);
            let gs = &self.cache;
            let k = if c.n == 1 {
                c.last
            } else {
                // Softmax over the candidates' weights: exp(w) as cached, or shifted
                // by the largest weight when one is too large to exponentiate; the
                // candidates in list order, as the sum was taken.
                let shift = c.max > EXP_DIRECT;
                let p = |e: &Entry| if shift { fast_exp(e.w - c.max) } else { e.e };
                let z = if shift {
                    gs.iter()
                        .filter(|e| e.seg != OPEN)
                        .fold(0.0, |z, e| z + p(e))
                } else {
                    c.z
                };
                let mut r = rng.gen::<f64>() * z;
                let mut k = c.last;
                for (i, e) in gs.iter().enumerate() {
                    if e.seg != OPEN {
                        let q = p(e);
                        if r < q {
                            k = i;
                            break;
                        }
                        r -= q;
                    }
                }
                k
            };
            let pick = gs[k].g;
            trace.push_step(gs[k].seg, c.n);
            moves.push(pick.cell);
            board.flood_color(
                pick.cell.x.into(),
                pick.cell.y.into(),
                pick.color,
                &mut self.mask,
            );
            let change = board.play_mask(&self.mask);
            self.update(&board, pol, change, trace);
        }
        board.final_score()
    }

    /// Records in `trace` (cleared first) the game `moves` played from `root` under
    /// this playout's candidate rule: at each step the candidates the rule gives
    /// (codes and biases, as `run` records them) and the move played. A
    /// move the rule leaves out (a tree move of the tabu colour) is added to its
    /// step's candidates (a segment of that step alone), so that every move of the
    /// line is learnt. Returns the game's final score and the number of moves the
    /// rule left out.
    ///
    /// # Panics
    /// When a move is not legal (`moves` must be a legal line from `root`).
    pub fn replay(&mut self, root: &Board, moves: &[Cell], trace: &mut Trace) -> (i32, usize) {
        trace.clear();
        let pol = Policy::default();
        let mut board = *root;
        self.reset(&board, &pol);
        let mut outside = 0;
        for &mv in moves {
            let n = board.flood(mv, &mut self.mask);
            assert!(n >= 2, "replay: {mv} is not a legal move");
            let played = self.mask.group();
            let played_code = code(&played, &self.mask, board.height());
            let c = self.candidates(&board, trace);
            let found = self
                .cache
                .iter()
                .find(|e| e.seg != OPEN && e.code == played_code)
                .map(|e| e.seg);
            match found {
                Some(seg) => trace.push_step(seg, c.n),
                None => {
                    outside += 1;
                    let seg = trace.open(played_code, self.bias.of(&played));
                    trace.push_step(seg, c.n + 1);
                    trace.close(seg);
                }
            }
            let change = board.play_mask(&self.mask);
            self.update(&board, &pol, change, trace);
        }
        (board.final_score(), outside)
    }
}
