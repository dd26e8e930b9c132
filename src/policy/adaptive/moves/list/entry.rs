//! The entries of the [`List`]: whether a group is a candidate, its code from its
//! mask's column lanes, and its weight and exp(weight) under the playout's policy,
//! taken when the group is listed as a candidate or once it becomes one (a group of
//! the tabu colour may never need them).
//!
//! Owns: `List::entry`, `List::make`, `List::resolve`, [`List::full`],
//! [`List::group_at`] and the code of a mask. Must not: list, drop or order groups
//! (`list.rs`, `changes.rs` and `order.rs` do).

use super::super::super::softmax::exp_of;
use super::super::super::trace::OPEN;
use super::super::{code_seed, code_step};
use super::{each_bit, has, words, Ctx, Entry, List, Rule, EXP_DIRECT, NONE, SIZE};
use crate::board::planes::Plane;
use crate::board::Group;

/// The code of group `g` whose mask is `m` ([`super::super::code`]): the words of
/// its columns.
#[inline(always)]
pub(super) fn mask_code<const B: usize, const L: u32>(m: &Plane<B>, g: &Group) -> u64 {
    let w = words(m);
    let w = w.as_flattened();
    let per = 64 / L as usize;
    let (first, last) = (usize::from(g.xmin) / per, usize::from(g.xmax) / per);
    // [`super::super::code_words`] over `w[first..=last]`, the index taken
    // modulo the words' number (a power of two: no bounds to check).
    let mut h = code_seed(g.color, first);
    let mut k = first;
    loop {
        h = code_step(h, w[k % (4 * B)]);
        if k >= last {
            return h;
        }
        k += 1;
    }
}

impl List {
    /// True when `g` is a candidate under `rule`.
    #[inline(always)]
    pub(super) fn admits(rule: Rule, g: &Group) -> bool {
        u16::from(g.color) != rule.0 || g.size <= rule.1
    }

    /// The entry of group `g` (code `code`), a candidate or not under the current
    /// rule.
    #[inline(always)]
    pub(super) fn entry<const F: bool>(&self, g: Group, code: u64, cx: &Ctx<F>) -> Entry {
        Self::entry_as(g, code, Self::admits(self.rule, &g), cx)
    }

    /// The entry of group `g` (code `code`), a candidate when `cand`: the one place
    /// where an entry's weight is taken. (The caller that has just tested the
    /// rule passes what it found: LLVM does not always see that a second test
    /// gives the same, and tests again, about ten instructions a new group.)
    #[inline(always)]
    fn entry_as<const F: bool>(g: Group, code: u64, cand: bool, cx: &Ctx<F>) -> Entry {
        let (pw, pe) = cx.pol.weight_exp(code);
        let (e, big) = Self::exp_big(pw, pe, cx.bias_of(&g));
        Entry {
            g,
            code,
            e,
            seg: OPEN,
            cand,
            known: true,
            big,
        }
    }

    /// exp(w) of w = `pw` + `bias` (the policy's weight `pw`, its exponential `pe`
    /// as kept) and whether w > [`EXP_DIRECT`]: without bias, w is the policy's
    /// weight and exp(w) the one kept. The one place a candidate's exp(w) is taken
    /// (a new entry, a reset from the root's snapshot), so both agree bit for bit.
    #[inline(always)]
    pub(super) fn exp_big(pw: f64, pe: f64, bias: f64) -> (f64, bool) {
        let w = pw + bias;
        (if bias == 0.0 { pe } else { exp_of(w) }, w > EXP_DIRECT)
    }

    /// The weight w (policy weight + bias) of the known entry `e`: the sum
    /// [`List::entry`] took, bit for bit (the policy does not change during a
    /// playout).
    #[inline]
    pub(super) fn weight<const F: bool>(e: &Entry, cx: &Ctx<F>) -> f64 {
        cx.pol.weight(e.code) + cx.bias_of(&e.g)
    }

    /// The entry of group `g` (mask `m`) under the current rule: a candidate with
    /// its code and weight, or else without them (`known` false), taken if it
    /// becomes one.
    #[inline(always)]
    pub(super) fn make<const B: usize, const L: u32, const F: bool>(
        &self,
        g: Group,
        m: &Plane<B>,
        cx: &Ctx<F>,
    ) -> Entry {
        if Self::admits(self.rule, &g) {
            let code = mask_code::<B, L>(m, &g);
            Self::entry_as(g, code, true, cx)
        } else {
            Entry { g, ..NONE }
        }
    }

    /// Takes the code and weight of entry `h` if it has none yet.
    #[inline(always)]
    pub(super) fn resolve<const B: usize, const L: u32, const F: bool>(
        &mut self,
        h: usize,
        cx: &Ctx<F>,
    ) {
        let e = &self.ent[h & (SIZE - 1)];
        if !e.known {
            let (g, cand) = (e.g, e.cand);
            let code = mask_code::<B, L>(&self.mask::<B>(h), &g);
            let seg = e.seg;
            self.ent[h & (SIZE - 1)] = Entry {
                seg,
                ..Self::entry_as(g, code, cand, cx)
            };
        }
    }

    /// The canonical bit of the group with a tile at bit `i`, if any (a look at
    /// the masks of the groups listed: for a replay, not a playout).
    pub fn group_at<const B: usize>(&self, i: usize) -> Option<usize> {
        if i >= 256 * B || !has(self.pairs::<B>(), i) {
            return None;
        }
        let mut found = None;
        each_bit!(*self.heads_w::<B>(), |h| {
            if found.is_none() && has(&words(&self.mask::<B>(h)), i) {
                found = Some(h);
            }
        });
        found
    }

    /// The entry of the group whose canonical bit is `pos`, with its code and
    /// exp(weight) whether or not the list has taken them yet, and its weight.
    pub fn full<const B: usize, const L: u32, const F: bool>(
        &self,
        pos: usize,
        cx: &Ctx<F>,
    ) -> (Entry, f64) {
        let e = *self.at(pos);
        let e = if e.known {
            e
        } else {
            let code = mask_code::<B, L>(&self.mask::<B>(pos), &e.g);
            let full = self.entry(e.g, code, cx);
            Entry {
                code,
                e: full.e,
                known: true,
                big: full.big,
                ..e
            }
        };
        (e, Self::weight(&e, cx))
    }
}
