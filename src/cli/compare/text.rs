//! The terminal tables of `compare`: a comparison's (one row per configuration,
//! then the paired differences), a budget curve's (one row per configuration and
//! budget), and the column helpers `pool` shares.
//!
//! Owns: the text layout of those tables. Must not: compute statistics (the
//! reports hand them over) or write files.

use crate::compare::curve::Curve;
use crate::compare::Report;
use crate::search::Budget;

/// The width of a text column holding `items`: the longest, at least `min`.
pub(super) fn col_width(items: &[String], min: usize) -> usize {
    items
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(0)
        .max(min)
}

/// The terminal table of a curve: one row per (configuration, budget), then the
/// paired differences to the baseline at each budget.
pub(super) fn curve_table(c: &Curve) -> String {
    use std::fmt::Write as _;
    let plan = c.plan();
    let first = &c.reports[0];
    let list: Vec<String> = c.budgets().iter().map(Budget::to_string).collect();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "compare curve {} ({}): {} configurations x {} positions x {} runs at {} budgets ({}), seed {}, per-position {} over runs",
        plan.testset,
        plan.variant,
        plan.configs.len(),
        first.n(),
        plan.runs,
        list.len(),
        list.join(", "),
        plan.seed,
        plan.aggregate
    );
    let w = plan
        .configs
        .iter()
        .map(|e| e.label.chars().count())
        .max()
        .unwrap_or(0)
        .max(6);
    let _ = writeln!(
        s,
        "\n{:<w$}  {:>12}  {:>5}  {:>10}  {:>9}  {:>12}",
        "label", "budget", "n", "mean", "95% CI +-", "playouts/s"
    );
    for pts in c.series() {
        for p in pts {
            let _ = writeln!(
                s,
                "{:<w$}  {:>12}  {:>5}  {:>10.1}  {:>9}  {:>12.0}",
                p.label,
                p.budget,
                p.n,
                p.mean,
                p.ci95
                    .map(|h| format!("{h:.1}"))
                    .unwrap_or_else(|| "n/a".into()),
                p.playouts_per_second
            );
        }
    }
    for r in &c.reports {
        let d = differences(r);
        if !d.is_empty() {
            let _ = write!(s, "\nbudget {}:\n{d}", r.plan.budget);
        }
    }
    s
}

/// The terminal table: one row per configuration, then one per paired difference.
pub(super) fn table(r: &Report) -> String {
    use std::fmt::Write as _;
    let plan = &r.plan;
    let budget = plan.budget.to_string();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "compare {} ({}): {} configurations x {} positions x {} runs, budget {budget} per search, seed {}, per-position {} over runs",
        plan.testset,
        plan.variant,
        plan.configs.len(),
        r.n(),
        plan.runs,
        plan.seed,
        plan.aggregate
    );
    let opt = |v: Option<f64>, prec: usize| match v {
        Some(x) => format!("{x:.prec$}"),
        None => "n/a".into(),
    };
    let w = r
        .configs
        .iter()
        .map(|c| c.label.chars().count())
        .max()
        .unwrap_or(0)
        .max(6);
    let _ = writeln!(
        s,
        "\n{:<w$}  {:>5}  {:>10}  {:>9}  {:>12}  config",
        "label", "n", "mean", "95% CI +-", "playouts/s"
    );
    for c in &r.configs {
        let _ = writeln!(
            s,
            "{:<w$}  {:>5}  {:>10.1}  {:>9}  {:>12.0}  {}",
            c.label,
            c.score.n,
            c.score.mean,
            opt(c.score.ci95, 1),
            c.playouts_per_second,
            c.config
        );
    }
    let d = differences(r);
    if !d.is_empty() {
        s.push('\n');
        s.push_str(&d);
    }
    s
}

/// A p-value as the tables print it.
pub(super) fn p_text(p: Option<f64>) -> String {
    match p {
        Some(x) if x < 1e-4 => "<0.0001".to_string(),
        Some(x) => format!("{x:.4}"),
        None => "n/a".into(),
    }
}

/// The paired differences of a report (header first), or "" when there are none.
fn differences(r: &Report) -> String {
    use std::fmt::Write as _;
    let opt = |v: Option<f64>, prec: usize| match v {
        Some(x) => format!("{x:.prec$}"),
        None => "n/a".into(),
    };
    let mut s = String::new();
    let pairs: Vec<_> = r.vs_baseline.iter().chain(&r.other_pairs).collect();
    if !pairs.is_empty() {
        let names: Vec<String> = pairs
            .iter()
            .map(|p| format!("{} - {}", p.a_label, p.b_label))
            .collect();
        let pw = col_width(&names, 10);
        let _ = writeln!(
            s,
            "{:<pw$}  {:>10}  {:>23}  {:>8}  {:>8}",
            "difference", "mean", "95% CI", "t", "p"
        );
        for (i, (p, name)) in pairs.iter().zip(&names).enumerate() {
            if i == r.vs_baseline.len() && i > 0 {
                s.push('\n');
            }
            let d = &p.test.diff;
            let ci = match d.ci95 {
                Some(h) => format!("[{:.1}, {:.1}]", d.mean - h, d.mean + h),
                None => "n/a".into(),
            };
            let _ = writeln!(
                s,
                "{:<pw$}  {:>10.1}  {:>23}  {:>8}  {:>8}",
                name,
                d.mean,
                ci,
                opt(p.test.t, 3),
                p_text(p.test.p)
            );
        }
    }
    s
}
