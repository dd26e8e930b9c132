//! Small-sample statistics for comparing search configurations: mean, sample
//! standard deviation, Student-t confidence intervals and the paired two-tailed
//! t-test the thesis reports.
//!
//! Owns: [`Describe`], [`Paired`] and the Student t functions they use ([`t_cdf`],
//! [`t_quantile`], [`t_two_tailed_p`]), computed by the `statrs` crate; the
//! hand-written code they replaced is kept as a test-only reference
//! (`stats/reference.rs`) that they are checked against.
//! Must not: know about boards, searches, files or printing; every function is pure.
//! Undefined quantities (a CI from one sample, a t statistic with zero spread) are
//! `None`, never NaN or a panic.

use serde::{Deserialize, Serialize};
use statrs::distribution::{ContinuousCDF, StudentsT};

#[cfg(test)]
mod reference;

/// Mean of `xs`; `None` when empty.
pub fn mean(xs: &[f64]) -> Option<f64> {
    if xs.is_empty() {
        None
    } else {
        Some(xs.iter().sum::<f64>() / xs.len() as f64)
    }
}

/// Sample standard deviation (divisor n − 1); `None` when fewer than 2 values.
pub fn sample_sd(xs: &[f64]) -> Option<f64> {
    if xs.len() < 2 {
        return None;
    }
    let m = mean(xs)?;
    let ss: f64 = xs.iter().map(|x| (x - m) * (x - m)).sum();
    Some((ss / (xs.len() - 1) as f64).sqrt())
}

/// Mean, spread and 95% confidence interval of one sample.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Describe {
    /// Sample size.
    pub n: usize,
    /// Sample mean (0 when `n` = 0).
    pub mean: f64,
    /// Sample standard deviation; `None` when `n` < 2.
    pub sd: Option<f64>,
    /// Half-width of the 95% CI, t_{0.975, n−1} · sd / √n; `None` when `n` < 2.
    pub ci95: Option<f64>,
}

impl Describe {
    /// Describes `xs`.
    pub fn of(xs: &[f64]) -> Describe {
        let n = xs.len();
        let sd = sample_sd(xs);
        Describe {
            n,
            mean: mean(xs).unwrap_or(0.0),
            sd,
            ci95: sd.map(|s| t_quantile(0.975, (n - 1) as f64) * s / (n as f64).sqrt()),
        }
    }
}

/// A paired comparison `a − b` over the same items (positions).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Paired {
    /// The differences `a_i − b_i` described (mean paired difference and its CI).
    pub diff: Describe,
    /// t statistic mean / (sd / √n); `None` when `n` < 2 or when it is infinite
    /// (all differences equal and non-zero) or undefined (all differences zero).
    pub t: Option<f64>,
    /// Two-tailed p-value with n − 1 degrees of freedom; `None` when `n` < 2.
    /// Zero spread gives p = 1 if every difference is 0 and p = 0 otherwise.
    pub p: Option<f64>,
}

impl Paired {
    /// Paired two-tailed t-test of `a` against `b`.
    ///
    /// # Panics
    /// If `a` and `b` differ in length (a caller bug: samples must be paired).
    pub fn test(a: &[f64], b: &[f64]) -> Paired {
        assert_eq!(a.len(), b.len(), "paired samples must have equal length");
        let d: Vec<f64> = a.iter().zip(b).map(|(x, y)| x - y).collect();
        let diff = Describe::of(&d);
        let (t, p) = match diff.sd {
            None => (None, None),
            Some(sd) if sd > 0.0 => {
                let t = diff.mean / (sd / (diff.n as f64).sqrt());
                (Some(t), Some(t_two_tailed_p(t, (diff.n - 1) as f64)))
            }
            Some(_) if diff.mean == 0.0 => (None, Some(1.0)),
            Some(_) => (None, Some(0.0)),
        };
        Paired { diff, t, p }
    }
}

/// Student's t with `df` > 0 degrees of freedom (statrs).
fn students_t(df: f64) -> StudentsT {
    StudentsT::new(0.0, 1.0, df).expect("degrees of freedom are positive")
}

/// Two-tailed p-value P(|T| ≥ |t|) for Student's t with `df` > 0 degrees of freedom.
pub fn t_two_tailed_p(t: f64, df: f64) -> f64 {
    if t.is_infinite() {
        return 0.0;
    }
    (2.0 * students_t(df).sf(t.abs())).min(1.0)
}

/// Cumulative distribution function P(T ≤ t) of Student's t with `df` > 0.
pub fn t_cdf(t: f64, df: f64) -> f64 {
    students_t(df).cdf(t)
}

/// Quantile of Student's t: the `t` with P(T ≤ t) = `p`, for 0 < p < 1 and df > 0:
/// bisection on statrs' [`t_cdf`] to full double precision. (statrs' own
/// `inverse_cdf` inverts the incomplete beta less tightly: 1.6e-6 relative off at
/// df = 1e5, p = 0.95; see `stats/reference.rs`.)
pub fn t_quantile(p: f64, df: f64) -> f64 {
    assert!(p > 0.0 && p < 1.0, "quantile probability must be in (0, 1)");
    if p < 0.5 {
        return -t_quantile(1.0 - p, df);
    }
    let dist = students_t(df);
    let (mut lo, mut hi) = (0.0_f64, 1.0_f64);
    while dist.cdf(hi) < p {
        lo = hi;
        hi *= 2.0;
    }
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if dist.cdf(mid) < p {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) {
        assert!((a - b).abs() <= tol, "{a} vs {b} (tolerance {tol})");
    }

    #[test]
    fn mean_and_sd_textbook() {
        // Mean 5, sum of squares 32, sample variance 32/7.
        let xs = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0];
        assert_eq!(mean(&xs), Some(5.0));
        close(sample_sd(&xs).unwrap(), (32.0f64 / 7.0).sqrt(), 1e-12);
        assert_eq!(mean(&[]), None);
        assert_eq!(sample_sd(&[3.0]), None);
    }

    #[test]
    fn t_quantiles_match_tables() {
        close(t_quantile(0.975, 1.0), 12.706_204_736, 1e-6);
        close(t_quantile(0.975, 9.0), 2.262_157, 1e-6);
        close(t_quantile(0.975, 19.0), 2.093_024, 1e-6);
        close(t_quantile(0.975, 99.0), 1.984_217, 1e-6);
        close(t_quantile(0.025, 9.0), -2.262_157, 1e-6);
        close(t_quantile(0.5, 7.0), 0.0, 1e-12);
    }

    #[test]
    fn t_p_values_match_tables() {
        close(t_two_tailed_p(2.0, 10.0), 0.073_39, 1e-5);
        // df = 1 is the Cauchy distribution: P(|T| ≥ 1) = 1/2.
        close(t_two_tailed_p(1.0, 1.0), 0.5, 1e-12);
        close(t_two_tailed_p(-1.0, 1.0), 0.5, 1e-12);
        close(t_two_tailed_p(0.0, 5.0), 1.0, 1e-12);
        close(t_cdf(1.0, 1.0), 0.75, 1e-12);
        close(t_cdf(-2.0, 10.0), 0.073_39 / 2.0, 1e-5);
        // df = 2 has a closed form: P(|T| ≥ t) = 1 − t / √(2 + t²).
        close(t_two_tailed_p(3.0, 2.0), 1.0 - 3.0 / 11f64.sqrt(), 1e-12);
    }

    #[test]
    fn describe_ci_uses_student_t() {
        let xs = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0];
        let d = Describe::of(&xs);
        assert_eq!(d.n, 8);
        // t_{0.975, 7} = 2.364624.
        close(
            d.ci95.unwrap(),
            2.364_624 * (32.0f64 / 7.0).sqrt() / 8f64.sqrt(),
            1e-5,
        );
    }

    #[test]
    fn one_sample_has_no_ci() {
        let d = Describe::of(&[42.0]);
        assert_eq!((d.n, d.mean, d.sd, d.ci95), (1, 42.0, None, None));
        let p = Paired::test(&[3.0], &[1.0]);
        assert_eq!((p.diff.mean, p.t, p.p), (2.0, None, None));
        let e = Describe::of(&[]);
        assert_eq!((e.n, e.sd, e.ci95), (0, None, None));
    }

    #[test]
    fn paired_t_test_by_hand() {
        // Differences 1, 2, 3, 4, 5: mean 3, sd √2.5, t = 3 / (√2.5 / √5) = 3√2.
        let a = [11.0, 22.0, 33.0, 44.0, 55.0];
        let b = [10.0, 20.0, 30.0, 40.0, 50.0];
        let p = Paired::test(&a, &b);
        close(p.diff.mean, 3.0, 1e-12);
        close(p.diff.sd.unwrap(), 2.5f64.sqrt(), 1e-12);
        close(p.t.unwrap(), 3.0 * 2f64.sqrt(), 1e-12);
        // df = 4 closed form: P(|T| ≥ t) = 1 − (t/√(4+t²))·(1 + 2/(4+t²)).
        let t = 3.0 * 2f64.sqrt();
        let s = 4.0 + t * t;
        close(p.p.unwrap(), 1.0 - t / s.sqrt() * (1.0 + 2.0 / s), 1e-12);
        close(p.p.unwrap(), 0.013_24, 1e-5);
        // The order of the pair flips the sign only.
        let q = Paired::test(&b, &a);
        close(q.t.unwrap(), -p.t.unwrap(), 1e-12);
        close(q.p.unwrap(), p.p.unwrap(), 1e-15);
    }

    #[test]
    fn paired_zero_spread() {
        let same = Paired::test(&[1.0, 2.0, 3.0], &[1.0, 2.0, 3.0]);
        assert_eq!((same.t, same.p), (None, Some(1.0)));
        let shifted = Paired::test(&[2.0, 3.0, 4.0], &[1.0, 2.0, 3.0]);
        assert_eq!((shifted.t, shifted.p), (None, Some(0.0)));
        assert_eq!(shifted.diff.ci95, Some(0.0));
    }
}
