//! The draw of a step over the [`List`]: a dense copy of the list's order (the
//! heads in canonical order) with the running sums of the candidates' exp(w) (0
//! for the others), entry k − 1 and the sum through it both at index k, rewritten
//! after a move from the first group the move changed (the groups before it and
//! their sums are as they were), and the softmax draw over it.
//!
//! The running sums are the step's sum taken in list order, addition by addition,
//! so the sum is that of the previous implementation bit for bit; the draw
//! bisects the sums when rounding cannot make the previous implementation's scan
//! (subtracting each exp(w) in list order) land elsewhere, and scans otherwise,
//! so the draw is the same too.
//!
//! Owns: `List::reorder`, [`List::pick`]. Must not: change entries or segments.

use rand::Rng as _;

use super::super::super::softmax::fast_exp;
use super::{each_bit, Ctx, List, SIZE};
use crate::Rng;

impl List {
    /// Rewrites the draw's order from canonical bit `from` on.
    #[inline(never)]
    pub(super) fn reorder<const B: usize>(&mut self, from: usize) {
        let mut w = *self.heads_w::<B>();
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
    pub fn pick(&self, rng: &mut Rng, cx: &Ctx) -> usize {
        if self.ncand == 1 {
            return self.last_candidate();
        }
        if self.nbig > 0 {
            return self.pick_shifted(rng, cx);
        }
        // Non-candidates add 0 to the sum and are never drawn (r ≥ 0 is never
        // below their 0, and r − 0 = r): the same sum and draw as over the
        // candidates alone.
        let n = self.len as usize;
        let total = self.csum[n & (SIZE - 1)];
        let r = rng.gen::<f64>() * total;
        self.found(r, total, n).unwrap_or_else(|| self.scan(r, n))
    }

    /// The group the draw `r` (of `total`, over the `n` groups listed) falls on,
    /// found by bisection over the running sums, when that is the group the scan
    /// ([`List::scan`]) finds: when `r` is farther than the scan's and the sums'
    /// rounding errors can reach (each below j · 2⁻⁵³ · total after j operations)
    /// from both ends of its group's interval; else `None`.
    #[inline(always)]
    fn found(&self, r: f64, total: f64, n: usize) -> Option<usize> {
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
        let margin = n as f64 * total * (1.0 / (1u64 << 50) as f64);
        (r - csum[lo & (SIZE - 1)] > margin && csum[hi & (SIZE - 1)] - r > margin)
            .then(|| usize::from(self.order[hi & (SIZE - 1)]))
    }

    /// The draw `r` over the `n` groups listed: each candidate's exp(w) taken from
    /// `r` in list order until `r` is below one (the previous implementation's
    /// scan, the reference of [`List::found`]).
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

    /// The last candidate in list order.
    fn last_candidate(&self) -> usize {
        self.order[1..self.len as usize + 1]
            .iter()
            .rev()
            .map(|&h| usize::from(h))
            .find(|&h| self.at(h).cand)
            .expect("a candidate")
    }

    /// [`List::pick`] when a candidate's weight is beyond
    /// [`EXP_DIRECT`](super::EXP_DIRECT): every candidate's exp(w − the largest w).
    #[cold]
    fn pick_shifted(&self, rng: &mut Rng, cx: &Ctx) -> usize {
        let cands = || {
            self.order[1..self.len as usize + 1]
                .iter()
                .map(|&h| usize::from(h))
                .filter(|&h| self.at(h).cand)
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

    /// A list of `n` groups with these exps (0: not a candidate) in list order,
    /// its order and running sums as `reorder` writes them.
    fn list_of(ce: &[f64]) -> List {
        let mut l = List {
            len: ce.len() as u32,
            ..List::default()
        };
        let mut sum = 0.0;
        for (k, &c) in ce.iter().enumerate() {
            let h = 3 * k + 1;
            l.ce[h] = c;
            l.ent[h].cand = c > 0.0;
            sum += c;
            l.order[k + 1] = h as u16;
            l.csum[k + 1] = sum;
        }
        l
    }

    #[test]
    fn bisection_finds_what_the_scan_finds() {
        let mut rng = crate::rng_for(51, 0, 0);
        let mut bisected = 0;
        for case in 0..3000 {
            let n = rng.gen_range(1..300.min(SIZE / 3));
            // Exps over many magnitudes (weights up to ±300), some zero.
            let ce: Vec<f64> = (0..n)
                .map(|_| match rng.gen_range(0..4) {
                    0 => 0.0,
                    1 => 1.0,
                    2 => (rng.gen_range(-300.0..300.0f64)).exp(),
                    _ => rng.gen_range(0.0..2.0),
                })
                .collect();
            let l = list_of(&ce);
            let total = l.csum[n];
            if total == 0.0 {
                continue;
            }
            // Random draws, and draws at and next to every running sum.
            let mut rs: Vec<f64> = (0..50).map(|_| rng.gen::<f64>() * total).collect();
            for k in 0..=n {
                let s = l.csum[k];
                rs.extend([
                    s,
                    f64::from_bits(s.to_bits().saturating_sub(1)),
                    s.next_up(),
                ]);
            }
            for r in rs.into_iter().filter(|&r| (0.0..total).contains(&r)) {
                let scanned = l.scan(r, n);
                if let Some(h) = l.found(r, total, n) {
                    bisected += 1;
                    assert_eq!(h, scanned, "case {case}: r {r} of {total}");
                }
            }
        }
        assert!(bisected > 100_000, "{bisected}");
    }
}
