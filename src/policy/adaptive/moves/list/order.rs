//! The draw of a step over the [`List`]: a dense copy of the list's order of its
//! candidates (their heads in canonical order) with the running sums of their
//! exp(w), entry k − 1 and the sum through it both at index k, rewritten after a
//! move from the first group the move changed (the groups before it and their
//! sums are as they were), and the softmax draw over it.
//!
//! The running sums are the step's sum taken in list order, addition by addition,
//! so the sum is that of the previous implementation bit for bit (which added 0
//! for each group not a candidate: no rounding, the same sums); the draw bisects
//! the sums when rounding cannot make the previous implementation's scan
//! (subtracting each exp(w) in list order) land elsewhere, and scans otherwise,
//! so the draw is the same too.
//!
//! Owns: `List::reorder`, [`List::pick`]. Must not: change entries or segments.

use rand::Rng as _;

use super::super::super::softmax::fast_exp;
use super::{each_bit, Ctx, List, SIZE};
use crate::Rng;

impl List {
    /// Rewrites the draw's order from canonical bit `from` on (inlined into
    /// `play` and `recount`: as a call, about 50 instructions more each time).
    #[inline(always)]
    pub(super) fn reorder<const B: usize>(&mut self, from: usize) {
        let mut w = *self.cands_w::<B>();
        let mut r = 0;
        for k in 0..4 * B {
            let (base, x) = (k * 64, &mut w[k / 4][k % 4]);
            if base + 64 <= from {
                r += x.count_ones() as usize;
                *x = 0;
            } else if base < from {
                let below = (1u64 << (from - base)) - 1;
                r += (*x & below).count_ones() as usize;
                *x &= !below;
            }
        }
        // Local borrows: the tables do not alias (no reload of their addresses).
        let (ce, order, csum) = (&*self.ce, &mut *self.order, &mut *self.csum);
        let mut sum = csum[r & (SIZE - 1)];
        each_bit!(w, |h| {
            let c = ce[h];
            sum += c;
            r += 1;
            // One index for both: entry r − 1 and the sum through it.
            order[r & (SIZE - 1)] = h as u16;
            csum[r & (SIZE - 1)] = sum;
        });
    }

    /// The canonical bit of the move sampled at this step: the softmax of the
    /// candidates' weights, exp(w) as cached, or shifted by the largest weight when
    /// one is too large to exponentiate; the candidates in list order, as their sum
    /// is taken. A lone candidate is played without a draw.
    #[inline(always)]
    pub fn pick<const F: bool>(&self, rng: &mut Rng, cx: &Ctx<F>) -> usize {
        if self.ncand == 1 {
            return self.last_candidate();
        }
        if self.nbig > 0 {
            return self.pick_shifted(rng, cx);
        }
        // The previous implementation's sum and scan also ran over the groups not
        // candidates: each added 0 to the sum and was never drawn (r ≥ 0 is never
        // below 0, and r − 0 = r), the same sum and draw as over the candidates
        // alone. Its margin (over all groups listed) is kept.
        let n = self.ncand as usize;
        let total = self.csum[n & (SIZE - 1)];
        let r = rng.gen::<f64>() * total;
        self.found(r, total, n, self.len as usize)
            .unwrap_or_else(|| self.scan(r, n))
    }

    /// The group the draw `r` (of `total`, over the `n` candidates) falls on,
    /// found by bisection over the running sums, when that is the group the scan
    /// ([`List::scan`]) finds: when `r` is farther than the scan's and the sums'
    /// rounding errors can reach (each below j · 2⁻⁵³ · total after j operations,
    /// j at most `len`, the groups listed) from both ends of its group's
    /// interval; else `None`.
    #[inline(always)]
    fn found(&self, r: f64, total: f64, n: usize, len: usize) -> Option<usize> {
        let csum = &self.csum;
        // Below 2⁻⁹⁶⁰ the relative error bounds need not hold (subnormals).
        if !(total > 1e-289 && r < csum[n & (SIZE - 1)]) {
            return None;
        }
        // csum[lo] ≤ r < csum[hi].
        let (mut lo, mut hi) = (0, n);
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if csum[mid & (SIZE - 1)] > r {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        let margin = len as f64 * total * (1.0 / (1u64 << 50) as f64);
        (r - csum[lo & (SIZE - 1)] > margin && csum[hi & (SIZE - 1)] - r > margin)
            .then(|| usize::from(self.order[hi & (SIZE - 1)]))
    }

    /// The draw `r` over the `n` candidates: each one's exp(w) taken from `r` in
    /// list order until `r` is below one (the previous implementation's scan, the
    /// reference of [`List::found`]).
    #[inline(never)]
    fn scan(&self, mut r: f64, n: usize) -> usize {
        for &h in &self.order[1..n + 1] {
            let c = self.ce[usize::from(h) & (SIZE - 1)];
            if r < c {
                return usize::from(h);
            }
            r -= c;
        }
        self.last_candidate()
    }

    /// The draw's order: each candidate's head and the running sum through it
    /// (tests).
    #[cfg(test)]
    pub fn drawn(&self) -> Vec<(usize, u64)> {
        (1..=self.ncand as usize)
            .map(|k| (usize::from(self.order[k]), self.csum[k].to_bits()))
            .collect()
    }

    /// The last candidate in list order.
    fn last_candidate(&self) -> usize {
        usize::from(self.order[self.ncand as usize & (SIZE - 1)])
    }

    /// [`List::pick`] when a candidate's weight is beyond
    /// [`EXP_DIRECT`](super::EXP_DIRECT): every candidate's exp(w − the largest w).
    #[cold]
    fn pick_shifted<const F: bool>(&self, rng: &mut Rng, cx: &Ctx<F>) -> usize {
        let cands = || {
            self.order[1..self.ncand as usize + 1]
                .iter()
                .map(|&h| usize::from(h))
        };
        let w = |h: usize| Self::weight(self.at(h), cx);
        let max = cands().fold(f64::NEG_INFINITY, |m, h| m.max(w(h)));
        let p = |h: usize| fast_exp(w(h) - max);
        let z = cands().fold(0.0, |z, h| z + p(h));
        let mut r = rng.gen::<f64>() * z;
        for h in cands() {
            let q = p(h);
            if r < q {
                return h;
            }
            r -= q;
        }
        self.last_candidate()
    }
}

#[cfg(test)]
mod tests {
    use super::super::{List, SIZE};
    use rand::Rng as _;

    /// A list of `n` groups with these exps (negative: not a candidate) in list
    /// order, its order and running sums of the candidates as `reorder` writes
    /// them.
    fn list_of(ce: &[f64]) -> List {
        let mut l = List {
            len: ce.len() as u32,
            ..List::default()
        };
        let mut sum = 0.0;
        for (k, &c) in ce.iter().enumerate() {
            let h = 3 * k + 1;
            l.ent[h].cand = c >= 0.0;
            if c >= 0.0 {
                l.ce[h] = c;
                sum += c;
                l.ncand += 1;
                l.order[l.ncand as usize] = h as u16;
                l.csum[l.ncand as usize] = sum;
            }
        }
        l
    }

    /// The scan before the order held the candidates alone: over every group
    /// listed in list order, those not candidates with exp 0 (the reference).
    fn scan_all(ce: &[f64], mut r: f64) -> usize {
        let cands = || (0..ce.len()).filter(|&k| ce[k] >= 0.0);
        for k in cands() {
            if r < ce[k] {
                return 3 * k + 1;
            }
            r -= ce[k];
        }
        3 * cands().next_back().expect("a candidate") + 1
    }

    #[test]
    fn bisection_finds_what_the_scan_finds() {
        let mut rng = crate::rng_for(51, 0, 0);
        let mut bisected = 0;
        for case in 0..3000 {
            let n = rng.gen_range(1..300.min(SIZE / 3));
            // Exps over many magnitudes (weights up to ±300), some zero, some
            // groups not candidates (-1).
            let ce: Vec<f64> = (0..n)
                .map(|_| match rng.gen_range(0..5) {
                    0 => 0.0,
                    1 => 1.0,
                    2 => (rng.gen_range(-300.0..300.0f64)).exp(),
                    3 => -1.0,
                    _ => rng.gen_range(0.0..2.0),
                })
                .collect();
            let l = list_of(&ce);
            let m = l.ncand as usize;
            let total = l.csum[m];
            if total == 0.0 {
                continue;
            }
            // Random draws, and draws at and next to every running sum.
            let mut rs: Vec<f64> = (0..50).map(|_| rng.gen::<f64>() * total).collect();
            for k in 0..=m {
                let s = l.csum[k];
                rs.extend([
                    s,
                    f64::from_bits(s.to_bits().saturating_sub(1)),
                    s.next_up(),
                ]);
            }
            for r in rs.into_iter().filter(|&r| (0.0..total).contains(&r)) {
                let scanned = l.scan(r, m);
                assert_eq!(scanned, scan_all(&ce, r), "case {case}: r {r} of {total}");
                if let Some(h) = l.found(r, total, m, n) {
                    bisected += 1;
                    assert_eq!(h, scanned, "case {case}: r {r} of {total}");
                }
            }
        }
        assert!(bisected > 100_000, "{bisected}");
    }
}
