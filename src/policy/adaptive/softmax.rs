//! The NRPA policy: a weight per move code, the softmax over a position's candidate
//! moves, and Rosin's adaptation step toward a sequence (Rosin 2011, Fig. 1
//! `Adapt`), with GNRPA's per-move bias added to the weights (Cazenave 2020).
//!
//! Owns: [`Policy`] (code → weight, missing codes weigh 0), its adaptation along a
//! [`Trace`] (what a playout saw, `trace.rs`) and [`fast_exp`].
//! Must not: play moves or know about budgets.

use super::trace::Trace;

/// Largest |weight| whose exponential is taken unshifted (a sum of thousands of
/// them stays finite and far from underflow); beyond it the softmax of a step is
/// shifted by the step's largest weight.
pub(crate) const EXP_DIRECT: f64 = 300.0;

/// e^x to about 1e-9 relative error, several times faster than `f64::exp`: the
/// softmax of NRPA's playouts and adaptations is its hottest arithmetic. `x` is
/// clamped to [-700, 700] (NRPA's weights stay far inside; e^-700 is 0 in effect).
#[inline]
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

/// The weights of one NRPA level: code → weight (absent = 0). Cloned once per
/// lower-level search.
///
/// A flat open-addressing table (linear probing, at most half full): a code's
/// home slot is the top bits of code × the golden ratio, key 0 marks an empty
/// slot, and code 0 itself has the extra slot at the end. Cloning copies one
/// vector; a lookup that hits touches one cache line. (Until issue 28 this was a
/// `HashMap`; the weights, and so every search result, are bit-identical.)
#[derive(Clone, Debug)]
pub struct Policy {
    /// `2^bits` probed slots (code, weight), then code 0's slot (its key stays 0,
    /// so a search for code 0 ends there at once).
    slots: Vec<(u64, f64)>,
    /// Nonzero codes stored.
    len: usize,
    bits: u32,
}

impl Default for Policy {
    fn default() -> Self {
        Policy::with_bits(6)
    }
}

/// Scratch buffers of [`Policy::adapt`], kept between calls to avoid allocation.
#[derive(Clone, Default, Debug)]
pub struct AdaptScratch {
    /// The slot of every segment of the trace.
    slots: Vec<u32>,
    /// Per segment: its weight + bias, then exp of it, then its weight's change.
    e: Vec<f64>,
    /// Per step: the softmax's denominator (then, shifted: the largest weight).
    z: Vec<f64>,
    /// Per step: Σ 1/z over the steps before it with a choice.
    inv: Vec<f64>,
}

impl Policy {
    fn with_bits(bits: u32) -> Self {
        Policy {
            slots: vec![(0, 0.0); (1 << bits) + 1],
            len: 0,
            bits,
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
        let mask = (1 << self.bits) - 1;
        let mut i = self.home(code);
        loop {
            let (k, w) = self.slots[i];
            if k == code {
                return w;
            }
            if k == 0 {
                return 0.0;
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
            let k = self.slots[i].0;
            if k == code {
                return i;
            }
            if k == 0 {
                self.slots[i].0 = code;
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
        for &(k, w) in &self.slots[..1 << self.bits] {
            if k != 0 {
                let i = t.slot(k);
                t.slots[i].1 = w;
            }
        }
        t.slots[1 << bits] = self.slots[1 << self.bits];
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
        let segs = &trace.segs;
        let n = trace.steps.len();
        self.reserve(segs.len());
        s.slots.clear();
        s.slots
            .extend(segs.iter().map(|g| self.slot(g.code) as u32));
        s.e.clear();
        s.e.extend(
            segs.iter()
                .zip(&s.slots)
                .map(|(g, &k)| self.slots[k as usize].1 + g.bias),
        );
        s.z.clear();
        s.z.resize(n, 0.0);
        if s.e.iter().all(|x| x.abs() <= EXP_DIRECT) {
            for (x, g) in s.e.iter_mut().zip(segs) {
                *x = if *x == 0.0 { 1.0 } else { fast_exp(*x) };
                for z in &mut s.z[trace.span(g)] {
                    *z += *x;
                }
            }
            s.inv.clear();
            s.inv.push(0.0);
            let mut acc = 0.0;
            for (z, st) in s.z.iter().zip(&trace.steps) {
                if st.n > 1 {
                    acc += 1.0 / z;
                }
                s.inv.push(acc);
            }
            for (x, g) in s.e.iter_mut().zip(segs) {
                let r = trace.span(g);
                *x *= -alpha * (s.inv[r.end] - s.inv[r.start]);
            }
        } else {
            // s.z: each step's largest weight, then (in s.inv) its denominator.
            s.z.fill(f64::NEG_INFINITY);
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
        for st in trace.steps.iter().filter(|st| st.n > 1) {
            self.slots[s.slots[st.chosen as usize] as usize].1 += alpha;
        }
        for (&k, &d) in s.slots.iter().zip(&s.e) {
            self.slots[k as usize].1 += d;
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
mod table_tests {
    use std::collections::HashMap;

    use super::*;
    use crate::rng::splitmix64;

    /// Rosin's step computed step by step on a `HashMap`, as it was before issue 28
    /// (the oracle): per step the softmax shifted by its largest weight, the
    /// gradients applied after all are computed.
    fn adapt_on_map(w: &mut HashMap<u64, f64>, trace: &Trace, alpha: f64) {
        let weight = |w: &HashMap<u64, f64>, c: u64| w.get(&c).copied().unwrap_or(0.0);
        let mut grads = Vec::new();
        for i in 0..trace.steps() {
            let (cands, chosen) = trace.choice(i);
            let mut probs: Vec<f64> = cands.iter().map(|&(c, b)| weight(w, c) + b).collect();
            let max = probs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let mut z = 0.0;
            for p in probs.iter_mut() {
                *p = fast_exp(*p - max);
                z += *p;
            }
            for p in probs.iter_mut() {
                *p /= z;
            }
            grads.push((cands[chosen].0, alpha));
            for (j, &(c, _)) in cands.iter().enumerate() {
                grads.push((c, -alpha * probs[j]));
            }
        }
        for (c, d) in grads {
            *w.entry(c).or_insert(0.0) += d;
        }
    }

    /// A random trace over codes from `pool`: segments of random spans (a code may
    /// have several, as a group flooded again), steps choosing among them.
    fn random_trace(pool: &[u64], rng: &mut crate::Rng) -> Trace {
        use rand::Rng as _;
        let mut t = Trace::default();
        let steps = rng.gen_range(1..30);
        let mut open: Vec<u32> = Vec::new();
        for _ in 0..steps {
            // Some candidates leave, some arrive; at least one remains.
            open.retain(|&s| {
                let keep = rng.gen_bool(0.7);
                if !keep {
                    t.close(s);
                }
                keep
            });
            for _ in 0..rng.gen_range(usize::from(open.is_empty())..6) {
                let c = pool[rng.gen_range(0..pool.len())];
                open.push(t.open(c, rng.gen_range(-1.0..1.0)));
            }
            let k = open[rng.gen_range(0..open.len())];
            t.push_step(k, open.len() as u32);
        }
        t
    }

    #[test]
    fn segment_adaptation_is_rosins_step_on_a_hash_map() {
        // Codes: well mixed ones, code 0, and codes equal in their top bits (same
        // home slot) so that probing and growth are exercised.
        let pool: Vec<u64> = (0..300u64)
            .map(|i| match i % 3 {
                0 => splitmix64(i),
                1 => i / 3,
                _ => (i / 3) << 20,
            })
            .collect();
        let mut rng = crate::rng_for(11, 0, 0);
        let (mut flat, mut map) = (Policy::default(), HashMap::new());
        let mut scratch = AdaptScratch::default();
        for round in 0..80 {
            let t = random_trace(&pool, &mut rng);
            // Rounds 60-63 push weights beyond EXP_DIRECT: the shifted path.
            let alpha = match round {
                60..=63 => 400.0,
                r if r % 2 == 0 => 1.0,
                _ => 0.37,
            };
            flat.adapt(&t, alpha, &mut scratch);
            adapt_on_map(&mut map, &t, alpha);
            for &c in &pool {
                let m = map.get(&c).copied().unwrap_or(0.0);
                let f = flat.weight(c);
                assert!(
                    (f - m).abs() <= 1e-9 * m.abs().max(1.0),
                    "round {round} code {c}: {f} vs {m}"
                );
            }
        }
        assert!(pool.iter().any(|&c| flat.weight(c).abs() > EXP_DIRECT));
        assert_eq!(flat.codes(), map.keys().filter(|&&c| c != 0).count());
        // A clone reads the same weights.
        let copy = flat.clone();
        assert!(pool.iter().all(|&c| copy.weight(c) == flat.weight(c)));
    }
}
