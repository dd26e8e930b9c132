//! The flat policy table and its adaptation against oracles: Rosin's step computed
//! step by step on a `HashMap` (to 1e-9), and the adaptation as it was before
//! issue 51 (bit for bit), on random traces, through table growth and weights
//! beyond ±`EXP_DIRECT`.
//!
//! Owns: the two oracles and these tests. Must not: be compiled outside tests.

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

/// The segment adaptation as it was before issue 51 (issue 28's), on a
/// `HashMap`: exponentials taken per segment, the changes computed in full,
/// then the chosen moves' alphas, then the changes in segment order.
fn adapt_before_51(w: &mut HashMap<u64, f64>, trace: &Trace, alpha: f64) {
    let segs = &trace.segs;
    let n = trace.steps.len();
    let mut e: Vec<f64> = segs
        .iter()
        .map(|g| w.get(&g.code).copied().unwrap_or(0.0) + g.bias)
        .collect();
    let mut z = vec![0.0; n];
    if e.iter().all(|x| x.abs() <= EXP_DIRECT) {
        for (x, g) in e.iter_mut().zip(segs) {
            *x = if *x == 0.0 { 1.0 } else { fast_exp(*x) };
            for z in &mut z[trace.span(g)] {
                *z += *x;
            }
        }
        let mut inv = vec![0.0];
        let mut acc = 0.0;
        for (z, st) in z.iter().zip(&trace.steps) {
            if st.n > 1 {
                acc += 1.0 / z;
            }
            inv.push(acc);
        }
        for (x, g) in e.iter_mut().zip(segs) {
            let r = trace.span(g);
            *x *= -alpha * (inv[r.end] - inv[r.start]);
        }
    } else {
        z.fill(f64::NEG_INFINITY);
        for (&x, g) in e.iter().zip(segs) {
            for m in &mut z[trace.span(g)] {
                *m = m.max(x);
            }
        }
        let mut d = vec![0.0; n];
        for (&x, g) in e.iter().zip(segs) {
            let r = trace.span(g);
            for (d, &m) in d[r.clone()].iter_mut().zip(&z[r]) {
                *d += fast_exp(x - m);
            }
        }
        for (x, g) in e.iter_mut().zip(segs) {
            let mut p = 0.0;
            for t in trace.span(g) {
                if trace.steps[t].n > 1 {
                    p += fast_exp(*x - z[t]) / d[t];
                }
            }
            *x = -alpha * p;
        }
    }
    for st in trace.steps.iter().filter(|st| st.n > 1) {
        *w.entry(segs[st.chosen as usize].code).or_insert(0.0) += alpha;
    }
    for (g, d) in segs.iter().zip(e) {
        *w.entry(g.code).or_insert(0.0) += d;
    }
}

#[test]
fn adaptation_is_the_one_before_issue_51_bit_for_bit() {
    let pool: Vec<u64> = (0..200u64)
        .map(|i| {
            if i % 2 == 0 {
                splitmix64(i)
            } else {
                (i / 2) << 20
            }
        })
        .collect();
    let mut rng = crate::rng_for(51, 0, 0);
    let (mut flat, mut map) = (Policy::default(), HashMap::new());
    let mut scratch = AdaptScratch::default();
    for round in 0..120 {
        let mut t = random_trace(&pool, &mut rng);
        // Biases of zero (the cached exponentials) and others.
        if round % 3 == 0 {
            for g in &mut t.segs {
                g.bias = 0.0;
            }
        }
        let alpha = match round {
            90..=93 => 400.0,
            r if r % 2 == 0 => 1.0,
            _ => 0.37,
        };
        flat.adapt(&t, alpha, &mut scratch);
        adapt_before_51(&mut map, &t, alpha);
        for &c in &pool {
            let m = map.get(&c).copied().unwrap_or(0.0);
            assert_eq!(
                flat.weight(c).to_bits(),
                m.to_bits(),
                "round {round} code {c}"
            );
            let (w, e) = flat.weight_exp(c);
            assert_eq!(e.to_bits(), exp_of(w).to_bits());
        }
    }
    assert!(pool.iter().any(|&c| flat.weight(c).abs() > EXP_DIRECT));
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
    // Every weight's exponential as kept is the one computed afresh.
    for &c in pool.iter().chain(&[12345, 0]) {
        let (w, e) = flat.weight_exp(c);
        assert_eq!(e.to_bits(), exp_of(w).to_bits(), "code {c}");
    }
    assert_eq!(flat.codes(), map.keys().filter(|&&c| c != 0).count());
    // A clone reads the same weights.
    let copy = flat.clone();
    assert!(pool.iter().all(|&c| copy.weight(c) == flat.weight(c)));
}
