//! The NRPA policy: a weight per move code, the softmax over a position's candidate
//! moves, and Rosin's adaptation step toward a sequence (Rosin 2011, Fig. 1
//! `Adapt`), with GNRPA's per-move bias added to the weights (Cazenave 2020).
//!
//! Owns: [`Policy`] (code → weight, missing codes weigh 0, and each weight's
//! exponential, taken again when the weight changes), its adaptation along a
//! [`Trace`] (what a playout saw, `trace.rs`), [`fast_exp`], [`exp_of`] and
//! [`exp_of4`] (four at once, AVX2: `vector.rs`).
//! Must not: play moves or know about budgets.

use super::trace::{Seg, Trace};

/// Largest |weight| whose exponential is taken unshifted (a sum of thousands of
/// them stays finite and far from underflow); beyond it the softmax of a step is
/// shifted by the step's largest weight.
pub(crate) const EXP_DIRECT: f64 = 300.0;

/// e^x to about 1e-9 relative error, several times faster than `f64::exp`: the
/// softmax of NRPA's playouts and adaptations is its hottest arithmetic. `x` is
/// clamped to [-700, 700] (NRPA's weights stay far inside; e^-700 is 0 in effect).
#[inline(always)]
pub fn fast_exp(x: f64) -> f64 {
    let x = x.clamp(-700.0, 700.0);
    // x = k ln 2 + r, |r| <= ln 2 / 2; e^r by its Taylor series to r^8 (the
    // truncation error is below 0.35^9 / 9! < 1e-9), then scaled by 2^k.
    let k = (x * std::f64::consts::LOG2_E).round();
    let r = x - k * std::f64::consts::LN_2;
    let mut p = 1.0 / 40320.0;
    for d in [5040.0, 720.0, 120.0, 24.0, 6.0, 2.0, 1.0, 1.0] {
        p = p * r + 1.0 / d;
    }
    p * f64::from_bits(((k as i64 + 1023) as u64) << 52)
}

/// exp(w) as the playouts take it: exactly 1 for w = 0, [`fast_exp`] up to
/// `EXP_DIRECT` (300), and 0 beyond (a softmax with such a weight is shifted
/// instead).
#[inline]
pub fn exp_of(w: f64) -> f64 {
    if w == 0.0 {
        1.0
    } else if w <= EXP_DIRECT {
        fast_exp(w)
    } else {
        0.0
    }
}

/// One slot of the table: a code, its weight and [`exp_of`] its weight.
#[derive(Clone, Copy, Debug, serde::Serialize, serde::Deserialize)]
struct Slot {
    code: u64,
    w: f64,
    e: f64,
}

/// An empty slot (and a code never adapted): weight 0, exp 1.
const EMPTY: Slot = Slot {
    code: 0,
    w: 0.0,
    e: 1.0,
};

/// The weights of one NRPA level: code → weight (absent = 0). Cloned once per
/// lower-level search.
///
/// A flat open-addressing table (linear probing, at most half full): a code's
/// home slot is the top bits of code × the golden ratio, key 0 marks an empty
/// slot, and code 0 itself has the extra slot at the end. Cloning copies one
/// vector; a lookup that hits touches one cache line. (Until issue 28 this was a
/// `HashMap`; the weights, and so every search result, are bit-identical.)
///
/// Each slot keeps [`exp_of`] its weight, recomputed by the adaptation that
/// changes the weight ([`Policy::weight_exp`]): a playout takes no exponential for
/// a weight it only reads (issue 51; the same values as computed afresh).
///
/// Each table has an identity (its private `id`), new for every table built, cloned
/// or grown: a code's slot stays put while the identity does, so the adaptation
/// keeps the slots of the trace it adapted toward last ([`AdaptScratch`]) and
/// looks up only the codes that changed.
///
/// A checkpoint (`search::nrpa`'s) stores the table as it is, slots, weights and
/// exponentials, so a resumed search probes and samples exactly as before; a table
/// read back gets a new identity.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub struct Policy {
    /// `2^bits` probed slots, then code 0's slot (its key stays 0, so a search for
    /// code 0 ends there at once).
    slots: Vec<Slot>,
    /// Nonzero codes stored.
    len: usize,
    bits: u32,
    /// This table's identity: unique among the tables of the process.
    #[serde(skip, default = "fresh_id")]
    id: u64,
    /// Some weight may be beyond ±[`EXP_DIRECT`] (or NaN): set by the adaptation
    /// that makes one so, never cleared (true for a table read back). While it
    /// is false, the adaptation tests only the segments with a bias.
    #[serde(skip, default = "wide_when_read")]
    wide: bool,
}

/// [`Policy::wide`] of a table read back: unknown, so true.
fn wide_when_read() -> bool {
    true
}

/// A new table identity ([`Policy::id`]).
fn fresh_id() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

impl Clone for Policy {
    fn clone(&self) -> Self {
        Policy {
            slots: self.slots.clone(),
            len: self.len,
            bits: self.bits,
            id: fresh_id(),
            wide: self.wide,
        }
    }

    fn clone_from(&mut self, src: &Self) {
        self.slots.clone_from(&src.slots);
        (self.len, self.bits, self.id) = (src.len, src.bits, fresh_id());
        self.wide = src.wide;
    }
}

impl Default for Policy {
    fn default() -> Self {
        Policy::with_bits(6)
    }
}

/// Scratch buffers of [`Policy::adapt`], kept between calls to avoid allocation.
#[derive(Clone, Default, Debug)]
pub struct AdaptScratch {
    /// The slot of every segment of the trace: in the table `owner` (0: none)
    /// after the last call, the slots of those codes (a level adapts toward the
    /// same trace many times in a row; a kept slot serves when it still holds the
    /// segment's code, codes being unique in a table).
    slots: Vec<u32>,
    owner: u64,
    /// Per segment, when a weight is beyond ±[`EXP_DIRECT`] only: its weight +
    /// bias, then its weight's change.
    e: Vec<f64>,
    /// Per segment: exp(weight + bias).
    p: Vec<f64>,
    /// Per step: the softmax's denominator (then, shifted: the largest weight).
    z: Vec<f64>,
    /// Per step: Σ 1/z over the steps before it with a choice.
    inv: Vec<f64>,
}

impl Policy {
    fn with_bits(bits: u32) -> Self {
        Policy {
            slots: vec![EMPTY; (1 << bits) + 1],
            len: 0,
            bits,
            id: fresh_id(),
            wide: false,
        }
    }

    /// Index of the slot where the search for `code` starts (code 0: its own slot).
    #[inline]
    fn home(&self, code: u64) -> usize {
        if code == 0 {
            1 << self.bits
        } else {
            (code.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.bits)) as usize
        }
    }

    /// The weight of `code` (0 when never adapted).
    #[inline]
    pub fn weight(&self, code: u64) -> f64 {
        self.weight_exp(code).0
    }

    /// The weight of `code` and [`exp_of`] it, as kept ((0, 1) when never
    /// adapted).
    #[inline]
    pub fn weight_exp(&self, code: u64) -> (f64, f64) {
        let mask = (1 << self.bits) - 1;
        let mut i = self.home(code);
        loop {
            let s = &self.slots[i];
            if s.code == code {
                return (s.w, s.e);
            }
            if s.code == 0 {
                return (0.0, 1.0);
            }
            i = (i + 1) & mask;
        }
    }

    /// The slot of `code`, given one (weight 0) if it has none. The table must have
    /// room ([`Policy::reserve`]): slots stay put until the next `reserve`.
    #[inline]
    fn slot(&mut self, code: u64) -> usize {
        let mask = (1 << self.bits) - 1;
        let mut i = self.home(code);
        loop {
            let k = self.slots[i].code;
            if k == code {
                return i;
            }
            if k == 0 {
                self.slots[i].code = code;
                self.len += 1;
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// Makes room for `more` new codes with the table at most half full.
    fn reserve(&mut self, more: usize) {
        if (self.len + more) * 2 <= 1 << self.bits {
            return;
        }
        let mut bits = self.bits + 1;
        while (self.len + more) * 2 > 1 << bits {
            bits += 1;
        }
        let mut t = Policy::with_bits(bits);
        for s in &self.slots[..1 << self.bits] {
            if s.code != 0 {
                let i = t.slot(s.code);
                t.slots[i] = *s;
            }
        }
        t.slots[1 << bits] = self.slots[1 << self.bits];
        t.wide = self.wide;
        *self = t;
    }

    /// Number of codes with a stored weight.
    #[cfg(test)]
    pub fn codes(&self) -> usize {
        self.len
    }

    /// Fills `probs` with the softmax of weight + bias over `cands`.
    pub fn softmax(&self, cands: &[(u64, f64)], probs: &mut Vec<f64>) {
        probs.clear();
        probs.extend(cands.iter().map(|&(c, b)| self.weight(c) + b));
        let max = probs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let mut z = 0.0;
        for p in probs.iter_mut() {
            *p = fast_exp(*p - max);
            z += *p;
        }
        for p in probs.iter_mut() {
            *p /= z;
        }
    }

    /// Rosin's `Adapt`: for every step of `trace` with a choice, the chosen move's
    /// weight grows by `alpha` and every candidate's weight shrinks by `alpha` times
    /// its probability under the policy as it was before this call.
    ///
    /// Computed per segment, not per step and candidate: a segment's candidate has
    /// the same weight w at every step of its span, so its change is
    /// −α · e^w · Σ 1/Z_t over those steps, Z_t the step's softmax denominator. One
    /// exponential per segment, the Z_t summed segment by segment, the Σ 1/Z_t read
    /// from prefix sums. (Mathematically Rosin's step; the floating-point roundings
    /// differ from a step-by-step computation, in the last bits.) When a weight is
    /// beyond ±`EXP_DIRECT` every step is shifted by its largest weight instead,
    /// with an exponential per step and candidate.
    pub fn adapt(&mut self, trace: &Trace, alpha: f64, s: &mut AdaptScratch) {
        self.adapt_in::<false>(trace, alpha, s);
    }

    /// [`Policy::adapt`] toward a trace whose every segment has bias +0 (the
    /// playouts of a flat bias, [`super::Playout::is_flat`]): the same weights,
    /// bit for bit, without a test of each segment's bias (about 1% of a level-3
    /// NRPA search's instructions).
    pub fn adapt_flat(&mut self, trace: &Trace, alpha: f64, s: &mut AdaptScratch) {
        debug_assert!(trace.segs.iter().all(|g| g.bias == 0.0), "a flat trace");
        self.adapt_in::<true>(trace, alpha, s);
    }

    /// [`Policy::adapt`]; `FLAT`: every segment's bias is +0.
    #[inline(always)]
    fn adapt_in<const FLAT: bool>(&mut self, trace: &Trace, alpha: f64, s: &mut AdaptScratch) {
        let (segs, steps) = (&trace.segs[..], &trace.steps[..]);
        let (m, n) = (segs.len(), steps.len());
        // Steps are counted in u32 (`Seg`): said once, so that `add_span`'s room
        // check needs no test of n + 3 per segment.
        assert!(n < u32::MAX as usize, "steps fit in u32");
        self.reserve(m);
        // The slots kept from the last call, for the codes still at their index.
        let kept = if s.owner == self.id {
            s.slots.len().min(m)
        } else {
            0
        };
        s.owner = self.id;
        s.slots.resize(m, 0);
        s.p.resize(m, 0.0);
        s.z.clear();
        // Three more: `add_span` reads and writes four at a time.
        s.z.resize(n + 3, 0.0);
        // One pass per segment: its slot, w + bias, exp(w + bias) (without bias,
        // the weight's exponential as kept), and its exp added to the
        // denominators of its steps (segment by segment, as ever).
        // Direct: every |w + bias| ≤ EXP_DIRECT (w alone tested only when the
        // table may hold a weight beyond it).
        let mut direct = true;
        let wide = self.wide;
        let z = &mut s.z[..n + 3];
        let mut take = |g: &Seg, slot: Slot| {
            let p = if FLAT || g.bias == 0.0 {
                if wide {
                    direct &= slot.w.abs() <= EXP_DIRECT;
                }
                slot.e
            } else {
                let x = slot.w + g.bias;
                direct &= x.abs() <= EXP_DIRECT;
                if x == 0.0 {
                    1.0
                } else {
                    fast_exp(x)
                }
            };
            // Added even after a weight beyond ±EXP_DIRECT: the shifted path then
            // computes every step's denominator afresh.
            add_span(z, g.from as usize, (g.to as usize).min(n), p);
            p
        };
        // The segments that may have a kept slot, then the others (two loops: no
        // test of the index per segment).
        let (slots, p) = (&mut s.slots[..m], &mut s.p[..m]);
        for ((g, k), p) in segs[..kept]
            .iter()
            .zip(&mut slots[..kept])
            .zip(&mut p[..kept])
        {
            // A kept slot holds the code it was given (a slot is never emptied
            // while the table's identity stays), or 0 when it is code 0's own slot.
            let slot = match self.slots.get(*k as usize) {
                Some(&slot) if slot.code == g.code => slot,
                _ => {
                    let i = self.slot(g.code);
                    *k = i as u32;
                    self.slots[i]
                }
            };
            *p = take(g, slot);
        }
        for ((g, k), p) in segs[kept..]
            .iter()
            .zip(&mut slots[kept..])
            .zip(&mut p[kept..])
        {
            let i = self.slot(g.code);
            *k = i as u32;
            *p = take(g, self.slots[i]);
        }
        if direct {
            // inv[0] = 0, inv[t + 1] = the sum through step t (written in
            // place: no push per step).
            s.inv.clear();
            s.inv.resize(n + 1, 0.0);
            let mut acc = 0.0;
            for ((&z, st), d) in s.z.iter().zip(steps).zip(&mut s.inv[1..]) {
                if st.n > 1 {
                    acc += 1.0 / z;
                }
                *d = acc;
            }
        } else {
            self.shifted_changes(trace, alpha, s);
        }
        // Every step's chosen move gains alpha, then every segment's candidate
        // gets its change, in segment order (Rosin's order of additions), and its
        // slot has its exponential taken again with it, four segments at a time
        // (every weight changed is a segment's; see [`Policy::change4`]).
        for st in steps.iter().filter(|st| st.n > 1) {
            let k = s.slots[st.chosen as usize];
            self.slots[k as usize].w += alpha;
        }
        if direct {
            // inv has n + 1 elements and a ≤ b ≤ n: no bounds to check.
            let inv = &s.inv[..=n];
            let change = |g: &Seg, &p: &f64| {
                let b = (g.to as usize).min(n);
                let a = (g.from as usize).min(b);
                p * (-alpha * (inv[b] - inv[a]))
            };
            self.change_all(&s.slots, segs, &s.p, change);
        } else {
            self.change_all(&s.slots, &s.e, &s.e, |&e, _| e);
        }
    }

    /// Adds change `d(&a[j], &b[j])` to the weight of slot `slots[j]`, for every `j`
    /// in order (the three of the same length),
    /// with the exponentials: [`Policy::change4`] four at a time, then
    /// [`Policy::change1`] for the rest.
    ///
    /// Every index in `slots` must be a slot of this table (given by
    /// [`Policy::slot`] or checked, the table not grown since): they are not
    /// checked again.
    #[inline(always)]
    fn change_all<A, B>(&mut self, slots: &[u32], a: &[A], b: &[B], d: impl Fn(&A, &B) -> f64) {
        debug_assert!(slots.iter().all(|&k| (k as usize) < self.slots.len()));
        let m = slots.len().min(a.len()).min(b.len());
        let (k4, kr) = slots[..m].as_chunks::<4>();
        let (a4, ar) = a[..m].as_chunks::<4>();
        let (b4, br) = b[..m].as_chunks::<4>();
        for ((k, a), b) in k4.iter().zip(a4).zip(b4) {
            self.change4(*k, std::array::from_fn(|l| d(&a[l], &b[l])));
        }
        for ((&k, a), b) in kr.iter().zip(ar).zip(br) {
            self.change1(k, d(a, b));
        }
    }

    /// Adds the changes `d` to the weights of slots `k`, in order, then takes
    /// [`exp_of`] the new weights into the slots (stored in order). A slot changed
    /// more than once ends with the exponential of its last weight: its later
    /// change comes in a later group of four, or later in the same group, whose
    /// exponential is stored after the earlier lane's. The same exponentials as
    /// taken after every change, with no second pass over the slots.
    /// The slots `k` are not checked ([`Policy::change_all`]).
    #[inline(always)]
    fn change4(&mut self, k: [u32; 4], d: [f64; 4]) {
        let slots = self.slots.as_mut_ptr();
        // SAFETY: every k[l] is a slot of this table (`change_all`'s contract).
        let at = |l: usize| unsafe { &mut *slots.add(k[l] as usize) };
        for l in 0..4 {
            at(l).w += d[l];
        }
        let w = std::array::from_fn(|l| at(l).w);
        self.wide |= beyond4(w);
        let e = exp_of4(w);
        for l in 0..4 {
            at(l).e = e[l];
        }
    }

    /// [`Policy::change4`] for one slot.
    #[inline(always)]
    fn change1(&mut self, k: u32, d: f64) {
        // SAFETY: k is a slot of this table (`change_all`'s contract).
        let slot = unsafe { self.slots.get_unchecked_mut(k as usize) };
        slot.w += d;
        slot.e = exp_of(slot.w);
        self.wide |= slot.w.abs() > EXP_DIRECT || slot.w.is_nan();
    }

    /// The weights' changes of [`Policy::adapt`] when a weight is beyond
    /// ±[`EXP_DIRECT`], into `s.e` (each segment's w + bias first, from its slot
    /// in `s.slots`, not changed yet): every step shifted by its largest weight,
    /// an exponential per step and candidate.
    #[cold]
    fn shifted_changes(&self, trace: &Trace, alpha: f64, s: &mut AdaptScratch) {
        let segs = &trace.segs;
        let n = trace.steps.len();
        s.e.clear();
        s.e.extend(
            segs.iter()
                .zip(&s.slots)
                .map(|(g, &k)| self.slots[k as usize].w + g.bias),
        );
        // s.z: each step's largest weight, then (in s.inv) its denominator.
        s.z.clear();
        s.z.resize(n, f64::NEG_INFINITY);
        for (&x, g) in s.e.iter().zip(segs) {
            for m in &mut s.z[trace.span(g)] {
                *m = m.max(x);
            }
        }
        s.inv.clear();
        s.inv.resize(n, 0.0);
        for (&x, g) in s.e.iter().zip(segs) {
            let r = trace.span(g);
            for (d, &m) in s.inv[r.clone()].iter_mut().zip(&s.z[r]) {
                *d += fast_exp(x - m);
            }
        }
        for (x, g) in s.e.iter_mut().zip(segs) {
            let mut p = 0.0;
            for t in trace.span(g) {
                if trace.steps[t].n > 1 {
                    p += fast_exp(*x - s.z[t]) / s.inv[t];
                }
            }
            *x = -alpha * p;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::fast_exp;

    #[test]
    fn fast_exp_is_exp_to_1e9() {
        let mut x = -60.0;
        while x <= 310.0 {
            let rel = (fast_exp(x) - x.exp()).abs() / x.exp();
            assert!(rel < 1e-9, "x {x}: {} vs {}", fast_exp(x), x.exp());
            x += 0.0137;
        }
        assert_eq!(fast_exp(0.0), 1.0);
        assert!(fast_exp(-1e9) >= 0.0 && fast_exp(-1e9) < 1e-300);
        assert!(fast_exp(1e9).is_finite());
    }

    use super::*;

    fn trace(steps: &[(&[u64], u32)]) -> Trace {
        let steps: Vec<(Vec<(u64, f64)>, u32)> = steps
            .iter()
            .map(|&(codes, k)| (codes.iter().map(|&c| (c, 0.0)).collect(), k))
            .collect();
        Trace::from_steps(&steps)
    }

    fn prob_of(p: &Policy, t: &Trace) -> f64 {
        let mut probs = Vec::new();
        (0..t.steps())
            .map(|i| {
                let (cands, k) = t.choice(i);
                p.softmax(&cands, &mut probs);
                probs[k]
            })
            .product()
    }

    #[test]
    fn softmax_is_uniform_then_follows_weights_and_bias() {
        let p = Policy::default();
        let mut probs = Vec::new();
        p.softmax(&[(1, 0.0), (2, 0.0), (3, 0.0), (4, 0.0)], &mut probs);
        assert!(probs.iter().all(|&x| (x - 0.25).abs() < 1e-12));
        p.softmax(&[(1, 2f64.ln()), (2, 0.0)], &mut probs);
        assert!((probs[0] - 2.0 / 3.0).abs() < 1e-12, "{probs:?}");
    }

    #[test]
    fn adapting_toward_a_sequence_makes_it_more_likely() {
        let t = trace(&[(&[10, 11, 12], 1), (&[20, 21], 0), (&[12, 30, 31, 32], 3)]);
        let other = trace(&[(&[10, 11, 12], 0), (&[20, 21], 1), (&[12, 30, 31, 32], 0)]);
        let mut p = Policy::default();
        let mut scratch = AdaptScratch::default();
        let mut last = prob_of(&p, &t);
        assert!((last - 1.0 / 24.0).abs() < 1e-12);
        for _ in 0..5 {
            p.adapt(&t, 1.0, &mut scratch);
            let now = prob_of(&p, &t);
            assert!(now > last, "{now} <= {last}");
            last = now;
        }
        assert!(prob_of(&p, &other) < 1.0 / 24.0);
        // The gradient of each step sums to zero over its candidates.
        let mut q = Policy::default();
        q.adapt(&trace(&[(&[1, 2, 3], 2)]), 0.5, &mut scratch);
        let total: f64 = [1, 2, 3].iter().map(|&c| q.weight(c)).sum();
        assert!(total.abs() < 1e-12);
        assert!((q.weight(3) - (0.5 - 0.5 / 3.0)).abs() < 1e-12);
        assert_eq!(q.codes(), 3);
    }
}

#[cfg(test)]
mod table_tests;

mod vector;
pub use vector::exp_of4;
use vector::{add_span, beyond4};
