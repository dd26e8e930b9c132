//! UCB1-TUNED (Auer et al. 2002), thesis eq. 2.5-2.9, and a small bandit built on it.
//!
//! Owns: the selection value of one arm from its visit count, reward sum and sum of
//! squared rewards, and [`Ucb1TunedBandit`] (used to learn the tabu colour, §4.3).
//! Must not: know about trees or boards.

/// UCB1-TUNED value of an arm (thesis eq. 2.5-2.7/2.9):
/// `mean + C · sqrt(ln(n_parent)/n · min(1/4, var + sqrt(2 ln(n_parent)/n)))`.
/// `n` is the arm's visit count (must be ≥ 1), `sum` and `sum_sq` its reward sums.
/// With `c` ≥ 0 the value never decreases as `n_parent` grows (both the
/// exploration factor and its capped variance term grow with `ln(n_parent)`).
#[inline]
pub fn ucb1_tuned_value(c: f64, n_parent: f64, n: f64, sum: f64, sum_sq: f64) -> f64 {
    ucb1_tuned_value_ln(c, n_parent.ln(), n, sum, sum_sq)
}

/// [`ucb1_tuned_value`] with `ln(n_parent)` computed once by the caller (selection
/// evaluates every child of a node with the same parent count). Bit-identical.
#[inline]
pub fn ucb1_tuned_value_ln(c: f64, ln_p: f64, n: f64, sum: f64, sum_sq: f64) -> f64 {
    let mean = sum / n;
    if c == 0.0 {
        return mean;
    }
    let b = 2.0 * ln_p / n;
    // sqrt(b) ≥ 1/4 already caps the variance term at 1/4: skip a sqrt and a variance.
    let capped = if b >= 0.0625 {
        0.25
    } else {
        ((sum_sq / n - mean * mean).max(0.0) + b.sqrt()).min(0.25)
    };
    mean + c * (ln_p / n * capped).sqrt()
}

/// A UCB1-TUNED multi-armed bandit over a fixed number of arms.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Ucb1TunedBandit {
    n: Vec<f64>,
    sum: Vec<f64>,
    sum_sq: Vec<f64>,
    total: f64,
    c: f64,
}

impl Ucb1TunedBandit {
    /// A bandit with `arms` arms and exploration factor `c`.
    pub fn new(arms: usize, c: f64) -> Self {
        Ucb1TunedBandit {
            n: vec![0.0; arms],
            sum: vec![0.0; arms],
            sum_sq: vec![0.0; arms],
            total: 0.0,
            c,
        }
    }

    /// The arm to pull among `allowed` (untried arms first, lowest index first).
    pub fn choose(&self, allowed: impl Iterator<Item = usize> + Clone) -> Option<usize> {
        if let Some(a) = allowed.clone().find(|&a| self.n[a] == 0.0) {
            return Some(a);
        }
        let mut best: Option<(f64, usize)> = None;
        for a in allowed {
            let v = ucb1_tuned_value(self.c, self.total, self.n[a], self.sum[a], self.sum_sq[a]);
            if best.is_none_or(|(bv, _)| v > bv) {
                best = Some((v, a));
            }
        }
        best.map(|(_, a)| a)
    }

    /// Records reward `r` ∈ [0, 1] for `arm`.
    pub fn update(&mut self, arm: usize, r: f64) {
        self.n[arm] += 1.0;
        self.sum[arm] += r;
        self.sum_sq[arm] += r * r;
        self.total += 1.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_computed_value() {
        // Arm with 4 visits, rewards 0.2, 0.4, 0.6, 0.8 under a parent with 10 visits, C = 1.
        // mean = 0.5, E[r²] = (0.04+0.16+0.36+0.64)/4 = 0.3, var = 0.3 - 0.25 = 0.05
        // ln 10 = 2.302585; sqrt(2·2.302585/4) = 1.072983; var term = 1.122983 → min(1/4) = 0.25
        // U = sqrt(2.302585/4 · 0.25) = sqrt(0.143912) = 0.379357
        let v = ucb1_tuned_value(1.0, 10.0, 4.0, 2.0, 1.2);
        assert!((v - 0.879357).abs() < 1e-5, "{v}");
        // Variance term below 1/4: many visits. n=1000, parent 2000, mean 0.5, var 0.01.
        // ln 2000 = 7.600902; sqrt(2·7.600902/1000) = 0.123296; var term = 0.133296
        // U = sqrt(7.600902/1000 · 0.133296) = sqrt(0.00101318) = 0.0318305
        let v = ucb1_tuned_value(0.5, 2000.0, 1000.0, 500.0, 1000.0 * 0.26);
        assert!((v - (0.5 + 0.5 * 0.0318305)).abs() < 1e-6, "{v}");
        // C = 0 is pure exploitation.
        assert_eq!(ucb1_tuned_value(0.0, 10.0, 4.0, 2.0, 1.2), 0.5);
    }

    /// Selection memos (`search::mcts::select`) rely on this: with C ≥ 0 a value
    /// never decreases when the parent's count grows (exact arithmetic; computed
    /// values up to rounding, far below the memos' margin of 1e-9).
    #[test]
    fn value_grows_with_the_parent_count() {
        use rand::Rng as _;
        let mut rng = crate::rng_for(3, 1, 4);
        for i in 0..100_000 {
            let c = [0.0, 0.0002, 0.01, 0.3, 1.0, 10.0][i % 6];
            let shift = rng.gen_range(0..32);
            let parent: u32 = rng.gen_range(1..=u32::MAX >> shift);
            let later = parent.saturating_add(rng.gen_range(0..=parent));
            let n = f64::from(rng.gen_range(1..=parent));
            let mean: f64 = rng.gen();
            let spread = rng.gen::<f64>() * mean.min(1.0 - mean);
            let (sum, sum_sq) = (mean * n, (mean * mean + spread * spread) * n);
            let v = |p: u32| ucb1_tuned_value_ln(c, f64::from(p).ln(), n, sum, sum_sq);
            let (now, then) = (v(parent), v(later));
            assert!(
                now <= then + 1e-12 * (1.0 + then.abs()),
                "{c} {parent} {later} {n}"
            );
        }
    }

    #[test]
    fn bandit_tries_every_arm_then_prefers_the_best() {
        let mut b = Ucb1TunedBandit::new(3, 0.1);
        let mut pulls = [0; 3];
        for _ in 0..300 {
            let a = b.choose(0..3).unwrap();
            pulls[a] += 1;
            b.update(a, [0.2, 0.9, 0.5][a]);
        }
        assert!(pulls.iter().all(|&p| p >= 1));
        assert!(pulls[1] > 250, "{pulls:?}");
    }
}
