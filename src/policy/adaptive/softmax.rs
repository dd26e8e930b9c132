//! The NRPA policy: a weight per move code, the softmax over a position's candidate
//! moves, and Rosin's adaptation step toward a sequence (Rosin 2011, Fig. 1
//! `Adapt`), with GNRPA's per-move bias added to the weights (Cazenave 2020).
//!
//! Owns: [`Policy`] (code → weight, missing codes weigh 0) and [`Trace`] (what a
//! playout saw: the candidates of every step, their biases and the move chosen).
//! Must not: play moves or know about budgets.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

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

/// Move codes are already well-mixed 64-bit hashes: the map hashes them by identity.
#[derive(Default, Clone, Copy)]
pub struct CodeHasher(u64);

impl Hasher for CodeHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8 | u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    #[inline]
    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

/// The weights of one NRPA level: code → weight (absent = 0). Cloned once per
/// lower-level search.
#[derive(Clone, Default, Debug)]
pub struct Policy {
    w: HashMap<u64, f64, BuildHasherDefault<CodeHasher>>,
}

/// What one playout saw, step by step: the candidate moves it sampled from (codes
/// and GNRPA biases) and which one it played. Enough to adapt a policy without
/// replaying the game.
#[derive(Clone, Default, Debug)]
pub struct Trace {
    /// Candidates of every step, concatenated: (code, bias).
    pub cands: Vec<(u64, f64)>,
    /// Start of each step's candidates in `cands` (one entry per step, plus the end).
    pub starts: Vec<u32>,
    /// Index (within its step) of the candidate played at each step.
    pub chosen: Vec<u32>,
}

impl Trace {
    /// Empties the trace (no step recorded).
    pub fn clear(&mut self) {
        self.cands.clear();
        self.starts.clear();
        self.chosen.clear();
        self.starts.push(0);
    }
    /// Number of steps recorded.
    pub fn steps(&self) -> usize {
        self.chosen.len()
    }
    /// The candidates of step `i`.
    pub fn step(&self, i: usize) -> &[(u64, f64)] {
        &self.cands[self.starts[i] as usize..self.starts[i + 1] as usize]
    }
}

impl Policy {
    /// The weight of `code` (0 when never adapted).
    #[inline]
    pub fn weight(&self, code: u64) -> f64 {
        self.w.get(&code).copied().unwrap_or(0.0)
    }

    /// Number of codes with a stored weight.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.w.len()
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

    /// Rosin's `Adapt`: for every step of `trace`, the chosen move's weight grows by
    /// `alpha` and every candidate's weight shrinks by `alpha` times its probability
    /// under the policy as it was before this call (all gradients are computed
    /// first, then applied, so no copy of the table is needed).
    pub fn adapt(&mut self, trace: &Trace, alpha: f64, scratch: &mut Vec<(u64, f64)>) {
        scratch.clear();
        let mut probs = Vec::new();
        for i in 0..trace.steps() {
            let cands = trace.step(i);
            self.softmax(cands, &mut probs);
            let k = trace.chosen[i] as usize;
            scratch.push((cands[k].0, alpha));
            for (j, &(c, _)) in cands.iter().enumerate() {
                scratch.push((c, -alpha * probs[j]));
            }
        }
        for &(c, d) in scratch.iter() {
            *self.w.entry(c).or_insert(0.0) += d;
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
        let mut t = Trace::default();
        t.clear();
        for &(codes, k) in steps {
            t.cands.extend(codes.iter().map(|&c| (c, 0.0)));
            t.starts.push(t.cands.len() as u32);
            t.chosen.push(k);
        }
        t
    }

    fn prob_of(p: &Policy, t: &Trace) -> f64 {
        let mut probs = Vec::new();
        (0..t.steps())
            .map(|i| {
                p.softmax(t.step(i), &mut probs);
                probs[t.chosen[i] as usize]
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
        let mut scratch = Vec::new();
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
        assert_eq!(q.len(), 3);
    }
}
