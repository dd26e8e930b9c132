//! Four lanes at once in AVX2 for the adaptation ([`super::Policy::adapt`]):
//! the exponentials of the weights it changed ([`exp_of4`]) and the additions of a
//! segment's exp(w) to the denominators of its steps ([`add_span`]), and the test
//! of four weights against ±`EXP_DIRECT` ([`beyond4`]), each bit for
//! bit what the scalar code computes (tests below), with the scalar code itself
//! where AVX2 is not enabled at compile time.
//!
//! Owns: [`exp_of4`], [`add_span`], [`beyond4`]. Must not: know about policies or traces.

/// [`exp_of`](super::exp_of) of four weights at once, bit for bit the same: the same
/// operations lane by lane in AVX2 registers (no fused multiply-add; the
/// rounding as LLVM lowers `f64::round`), four exponentials for about the
/// instructions of one. The adaptation takes the exponentials of the weights it
/// changed this way. Without AVX2, [`exp_of`](super::exp_of) lane by lane.
#[inline(always)]
pub fn exp_of4(w: [f64; 4]) -> [f64; 4] {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    {
        // SAFETY: the avx2 target feature is enabled at compile time.
        unsafe { exp_of4_avx2(w) }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
    {
        w.map(super::exp_of)
    }
}

/// [`exp_of4`] in AVX2.
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
#[inline(always)]
unsafe fn exp_of4_avx2(w: [f64; 4]) -> [f64; 4] {
    use std::arch::x86_64::*;
    let wv = _mm256_loadu_pd(w.as_ptr());
    let x = _mm256_min_pd(
        _mm256_max_pd(wv, _mm256_set1_pd(-700.0)),
        _mm256_set1_pd(700.0),
    );
    // k = round(x · log2 e), half away from zero: trunc(t + copysign(0.5⁻, t)).
    let t = _mm256_mul_pd(x, _mm256_set1_pd(std::f64::consts::LOG2_E));
    let sign = _mm256_and_pd(t, _mm256_set1_pd(-0.0));
    let half = _mm256_or_pd(sign, _mm256_set1_pd(0.5f64.next_down()));
    let k = _mm256_round_pd::<{ _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC }>(_mm256_add_pd(t, half));
    let r = _mm256_sub_pd(x, _mm256_mul_pd(k, _mm256_set1_pd(std::f64::consts::LN_2)));
    let mut p = _mm256_set1_pd(1.0 / 40320.0);
    for d in [5040.0, 720.0, 120.0, 24.0, 6.0, 2.0, 1.0, 1.0] {
        p = _mm256_add_pd(_mm256_mul_pd(p, r), _mm256_set1_pd(1.0 / d));
    }
    // 2^k: k + 2^52 + 2^51 (k integral, |k| ≤ 1010) holds k + 2^51 in its low
    // mantissa bits, so (bits + 1023) << 52 is fast_exp's (k + 1023) << 52.
    let kb = _mm256_castpd_si256(_mm256_add_pd(k, _mm256_set1_pd(6_755_399_441_055_744.0)));
    let scale = _mm256_slli_epi64::<52>(_mm256_add_epi64(kb, _mm256_set1_epi64x(1023)));
    let e = _mm256_mul_pd(p, _mm256_castsi256_pd(scale));
    // exp_of: 0 beyond EXP_DIRECT (and for NaN), exactly 1 for ±0.
    let direct = _mm256_cmp_pd::<_CMP_LE_OQ>(wv, _mm256_set1_pd(super::EXP_DIRECT));
    let zero = _mm256_cmp_pd::<_CMP_EQ_OQ>(wv, _mm256_setzero_pd());
    let e = _mm256_blendv_pd(_mm256_and_pd(e, direct), _mm256_set1_pd(1.0), zero);
    let mut out = [0.0; 4];
    _mm256_storeu_pd(out.as_mut_ptr(), e);
    out
}

/// Whether some of four weights is beyond ±[`EXP_DIRECT`](super::EXP_DIRECT) or
/// NaN, in AVX2 where it is enabled.
#[inline(always)]
pub(super) fn beyond4(w: [f64; 4]) -> bool {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    {
        use std::arch::x86_64::*;
        // SAFETY: the avx2 target feature is enabled at compile time.
        unsafe {
            let a = _mm256_andnot_pd(_mm256_set1_pd(-0.0), _mm256_loadu_pd(w.as_ptr()));
            let out = _mm256_cmp_pd::<_CMP_NLE_UQ>(a, _mm256_set1_pd(super::EXP_DIRECT));
            _mm256_movemask_pd(out) != 0
        }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
    w.iter().any(|x| x.abs() > super::EXP_DIRECT || x.is_nan())
}

/// Adds `p` to `z[a..b]`, each element once, as `for z in &mut z[a..b] { *z += p }`
/// (the same sums, for `z` holding no −0.0): in AVX2, four elements a step, at
/// multiples of four (`z` holds at least `b + 3`). A segment spans about four
/// steps: this costs less than the compiler's vector loop with its set-up, or a
/// scalar loop.
#[inline(always)]
pub(super) fn add_span(z: &mut [f64], a: usize, b: usize, p: f64) {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    {
        use std::arch::x86_64::*;
        // b + 3 ≤ z.len(), written so that the compiler proves it for the
        // adaptation's b ≤ n and z of n + 3 elements, and checks only the first
        // part, once per adaptation.
        assert!(z.len() >= 3 && b <= z.len() - 3, "room for four at a time");
        if a >= b {
            return;
        }
        // Four elements at a time from the multiple of four at or below `a`: every
        // access to z[4m..4m + 4] is at the same address and of the same size, so
        // a load finds what the last span stored there (store forwarding). The
        // lanes outside a..b get +0.0 added: z's elements are sums of
        // exponentials (never −0.0), which x + 0.0 leaves as they are. The add is
        // masked, not blended: a blend and a store are compiled to a masked store,
        // slow on some CPUs (and never forwarded).
        // SAFETY: avx2 is enabled at compile time; `c` is a multiple of four below
        // b, so c + 4 ≤ b + 3 ≤ z.len(): every access is inside `z`.
        unsafe {
            let pv = _mm256_set1_pd(p);
            let (lo, hi) = (
                _mm256_set1_epi64x(a as i64 - 1),
                _mm256_set1_epi64x(b as i64),
            );
            let mut c = a & !3;
            let mut idx =
                _mm256_add_epi64(_mm256_set1_epi64x(c as i64), _mm256_setr_epi64x(0, 1, 2, 3));
            while c < b {
                let inside =
                    _mm256_and_si256(_mm256_cmpgt_epi64(idx, lo), _mm256_cmpgt_epi64(hi, idx));
                let at = z.as_mut_ptr().add(c);
                let add = _mm256_and_pd(pv, _mm256_castsi256_pd(inside));
                _mm256_storeu_pd(at, _mm256_add_pd(_mm256_loadu_pd(at), add));
                c += 4;
                idx = _mm256_add_epi64(idx, _mm256_set1_epi64x(4));
            }
        }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
    for z in &mut z[a..b] {
        *z += p;
    }
}

#[cfg(test)]
mod tests {
    use super::super::exp_of;
    use super::*;

    #[test]
    fn exp_of4_is_exp_of_bit_for_bit() {
        use rand::Rng as _;
        let mut rng = crate::rng::rng_for(51, 5, 0);
        let mut special = vec![
            0.0,
            -0.0,
            300.0,
            300.0f64.next_up(),
            -700.0,
            700.0,
            -1e9,
            1e9,
        ];
        special.extend([
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::MIN_POSITIVE,
        ]);
        // Ties of x · log2 e at half-integers and their neighbours.
        for h in -1010..1010 {
            let x = (f64::from(h) + 0.5) / std::f64::consts::LOG2_E;
            special.extend([x, x.next_up(), x.next_down()]);
        }
        let mut xs: Vec<f64> = (0..200_000)
            .map(|i| match i % 4 {
                0 => rng.gen_range(-5.0..5.0),
                1 => rng.gen_range(-800.0..800.0),
                2 => f64::from(rng.gen_range(-200..200)) * 0.5,
                _ => f64::from_bits(rng.gen()),
            })
            .collect();
        xs.extend(special);
        for c in xs.chunks(4) {
            let w: [f64; 4] = std::array::from_fn(|i| c.get(i).copied().unwrap_or(0.0));
            let e = exp_of4(w);
            for i in 0..4 {
                assert_eq!(e[i].to_bits(), exp_of(w[i]).to_bits(), "w {}", w[i]);
            }
        }
    }

    #[test]
    fn add_span_adds_to_the_span_alone() {
        use rand::Rng as _;
        let mut rng = crate::rng::rng_for(51, 6, 0);
        for _ in 0..2000 {
            let n = rng.gen_range(0..40);
            let mut z: Vec<f64> = (0..n + 3).map(|_| rng.gen_range(0.0..3.0)).collect();
            let mut want = z.clone();
            // Several spans on one z, as the adaptation adds its segments' (they
            // share and overlap the four-element steps).
            for _ in 0..rng.gen_range(1..6) {
                let a = rng.gen_range(0..=n);
                let b = rng.gen_range(a..=n);
                let p = rng.gen_range(0.0..2.0);
                for w in &mut want[a..b] {
                    *w += p;
                }
                add_span(&mut z, a, b, p);
                let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
                assert_eq!(bits(&z), bits(&want), "{a}..{b} of {n}");
            }
        }
    }
}
