//! Budget curves: the same comparison repeated at several budgets (thesis Figs.
//! 4.10-4.13). Every budget runs every configuration on the same positions with the
//! same seed streams, so each budget is an ordinary paired [`Report`].
//!
//! Owns: [`Curve`] (one report per budget, in ascending budget order), its points
//! (one per configuration and budget) and its CSV/JSON text, where every row carries
//! a `budget` column. Must not: print, parse command lines, write files or draw
//! (`cli/compare.rs` and `crate::curve_chart` do).

use std::fmt::Write as _;

use serde::Serialize;

use super::{csv_field, run_jobs, JobLog, Plan, Report};
use crate::error::Error;
use crate::io::testset::Position;
use crate::provenance::Provenance;
use crate::search::Budget;

/// A comparison at several budgets.
#[derive(Clone, Debug, Serialize)]
pub struct Curve {
    /// One report per budget, budgets ascending.
    pub reports: Vec<Report>,
}

/// One (configuration, budget) point of a curve.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Point {
    /// Configuration index.
    pub config: usize,
    /// Configuration label.
    pub label: String,
    /// Budget: playouts, or seconds for time budgets.
    pub budget: f64,
    /// Number of per-position samples.
    pub n: usize,
    /// Mean score.
    pub mean: f64,
    /// Half-width of the 95% confidence interval (`None` for one sample).
    pub ci95: Option<f64>,
    /// Level-0 playouts per second.
    pub playouts_per_second: f64,
}

/// The numeric value of a budget (playouts or seconds).
pub fn budget_value(b: Budget) -> f64 {
    match b {
        Budget::Iterations(n) => n as f64,
        Budget::Time(s) | Budget::CpuTime(s) => s,
    }
}

/// The unit of a budget, for axis labels and headers.
pub fn budget_unit(b: Budget) -> &'static str {
    match b {
        Budget::Iterations(_) => "playouts",
        Budget::Time(_) => "seconds",
        Budget::CpuTime(_) => "CPU seconds",
    }
}

/// Checks a budget list: not empty, one kind, no duplicates. Returns it sorted.
pub fn check_budgets(mut budgets: Vec<Budget>) -> Result<Vec<Budget>, Error> {
    if budgets.is_empty() {
        return Err(Error::Config("give at least one budget".into()));
    }
    let kind = std::mem::discriminant(&budgets[0]);
    if budgets.iter().any(|b| std::mem::discriminant(b) != kind) {
        return Err(Error::Config(
            "budgets must all be iterations, all wall-clock times or all CPU times".into(),
        ));
    }
    budgets.sort_by(|a, b| budget_value(*a).total_cmp(&budget_value(*b)));
    if budgets
        .windows(2)
        .any(|w| budget_value(w[0]) == budget_value(w[1]))
    {
        return Err(Error::Config("the same budget is given twice".into()));
    }
    Ok(budgets)
}

impl Curve {
    /// Runs `plan` at every budget (ascending, see [`check_budgets`]); `plan.budget`
    /// is replaced by each budget in turn. Deterministic whatever `threads` is, as
    /// [`run_jobs`] is.
    pub fn run(
        plan: &Plan,
        budgets: &[Budget],
        positions: &[&Position],
        threads: usize,
        log: &dyn JobLog,
    ) -> Result<Curve, Error> {
        let budgets = check_budgets(budgets.to_vec())?;
        let mut reports = Vec::with_capacity(budgets.len());
        for b in budgets {
            let mut p = plan.clone();
            p.budget = b;
            let jobs = run_jobs(&p, positions, threads, log)?;
            reports.push(Report::new(p, jobs));
        }
        Ok(Curve { reports })
    }

    /// The plan of the first budget (everything but the budget is shared).
    pub fn plan(&self) -> &Plan {
        &self.reports[0].plan
    }

    /// The budgets, ascending.
    pub fn budgets(&self) -> Vec<Budget> {
        self.reports.iter().map(|r| r.plan.budget).collect()
    }

    /// Points grouped by configuration (outer, user order), budgets ascending (inner).
    pub fn series(&self) -> Vec<Vec<Point>> {
        let k = self.plan().configs.len();
        (0..k)
            .map(|c| {
                self.reports
                    .iter()
                    .map(|r| {
                        let s = &r.configs[c];
                        Point {
                            config: c,
                            label: s.label.clone(),
                            budget: budget_value(r.plan.budget),
                            n: s.score.n,
                            mean: s.score.mean,
                            ci95: s.score.ci95,
                            playouts_per_second: s.playouts_per_second,
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// Per-job rows of every budget: the single-budget CSV with a leading `budget`
    /// column.
    pub fn jobs_csv(&self) -> String {
        self.with_budget_column(Report::jobs_csv)
    }

    /// Summary rows of every budget (configurations, then paired tests against the
    /// baseline of that budget): the single-budget summary with a leading `budget`.
    pub fn summary_csv(&self) -> String {
        self.with_budget_column(Report::summary_csv)
    }

    fn with_budget_column(&self, f: fn(&Report) -> String) -> String {
        let mut s = String::new();
        for (i, r) in self.reports.iter().enumerate() {
            let text = f(r);
            let mut lines = text.lines();
            let header = lines.next().unwrap_or_default();
            if i == 0 {
                let _ = writeln!(s, "budget,{header}");
            }
            let b = csv_field(&budget_value(r.plan.budget).to_string());
            for l in lines {
                let _ = writeln!(s, "{b},{l}");
            }
        }
        s
    }

    /// JSON: `provenance` (the build and machine that ran it) when given, `budgets`,
    /// `unit`, `points` (one per configuration and budget, with a `budget` field) and
    /// the full `reports` (one per budget).
    pub fn to_json(&self, provenance: Option<&Provenance>) -> String {
        #[derive(Serialize)]
        struct Out<'a> {
            #[serde(skip_serializing_if = "Option::is_none")]
            provenance: Option<&'a Provenance>,
            budgets: Vec<f64>,
            unit: &'static str,
            points: Vec<Point>,
            reports: &'a [Report],
        }
        let out = Out {
            provenance,
            budgets: self.budgets().into_iter().map(budget_value).collect(),
            unit: budget_unit(self.plan().budget),
            points: self.series().into_iter().flatten().collect(),
            reports: &self.reports,
        };
        serde_json::to_string_pretty(&out).expect("a curve always serializes")
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::compare::{Aggregate, Entry, JobResult};
    use crate::rules::Variant;
    use crate::search::{Algo, SearchConfig};

    /// A curve from made-up scores: `scores[b][c][p]` for budget `budgets[b]`.
    pub(crate) fn curve(labels: &[&str], budgets: &[u64], scores: &[&[&[i32]]]) -> Curve {
        let configs: Vec<Entry> = labels
            .iter()
            .map(|l| Entry {
                label: l.to_string(),
                spec: String::new(),
                config: (SearchConfig::new(Algo::Nmcts, 1)).valid().unwrap(),
            })
            .collect();
        let reports = budgets
            .iter()
            .zip(scores)
            .map(|(&b, per_config)| {
                let plan = Plan {
                    testset: "tiny".into(),
                    variant: Variant::SameGame,
                    budget: Budget::Iterations(b),
                    runs: 1,
                    seed: 1,
                    aggregate: Aggregate::Mean,
                    baseline: 0,
                    all_pairs: false,
                    configs: configs.clone(),
                };
                let mut jobs = Vec::new();
                for (c, ss) in per_config.iter().enumerate() {
                    for (p, &score) in ss.iter().enumerate() {
                        jobs.push(JobResult {
                            config: c,
                            position: p + 1,
                            run: 0,
                            score,
                            playouts: b,
                            nodes_created: 0,
                            peak_nodes: 0,
                            seconds: 0.5,
                            moves: Vec::new(),
                        });
                    }
                }
                Report::new(plan, jobs)
            })
            .collect();
        Curve { reports }
    }

    #[test]
    fn series_has_one_point_per_config_and_budget() {
        let c = curve(
            &["a", "b"],
            &[100, 1000],
            &[&[&[10, 20], &[30, 50]], &[&[20, 40], &[60, 60]]],
        );
        let s = c.series();
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].len(), 2);
        assert_eq!((s[0][0].budget, s[0][0].mean), (100.0, 15.0));
        assert_eq!((s[0][1].budget, s[0][1].mean), (1000.0, 30.0));
        assert_eq!((s[1][1].label.as_str(), s[1][1].mean), ("b", 60.0));
        assert_eq!(s[1][1].ci95, Some(0.0));
        assert_eq!(s[0][1].playouts_per_second, 2000.0);
        // Paired tests per budget: b - a at budget 100 is 30 - 15 = +15 and 20 on
        // average.
        let d = &c.reports[0].vs_baseline[0].test.diff;
        assert_eq!((d.n, d.mean), (2, 25.0));
    }

    #[test]
    fn csv_rows_carry_the_budget() {
        let c = curve(&["a", "b"], &[100, 1000], &[&[&[1], &[2]], &[&[3], &[4]]]);
        let jobs = c.jobs_csv();
        let lines: Vec<&str> = jobs.lines().collect();
        assert!(lines[0].starts_with("budget,label,config,position"));
        assert_eq!(lines.len(), 1 + 4);
        assert!(lines[1].starts_with("100,a,"));
        assert!(lines[4].starts_with("1000,b,"));
        let sum = c.summary_csv();
        let lines: Vec<&str> = sum.lines().collect();
        assert!(lines[0].starts_with("budget,kind,label"));
        // Per budget: 2 config rows and 1 diff row.
        assert_eq!(lines.len(), 1 + 2 * 3);
        assert_eq!(
            lines
                .iter()
                .filter(|l| l.starts_with("1000,diff,b,a"))
                .count(),
            1
        );
        let json: serde_json::Value = serde_json::from_str(&c.to_json(None)).unwrap();
        assert_eq!(json["points"].as_array().unwrap().len(), 4);
        assert_eq!(json["points"][3]["budget"], 1000.0);
        assert_eq!(json["unit"], "playouts");
        assert_eq!(json["reports"].as_array().unwrap().len(), 2);
    }

    #[test]
    fn budget_lists() {
        let b = check_budgets(vec![Budget::Iterations(30), Budget::Iterations(10)]).unwrap();
        assert_eq!(b, vec![Budget::Iterations(10), Budget::Iterations(30)]);
        assert!(check_budgets(vec![Budget::Iterations(3), Budget::Iterations(3)]).is_err());
        assert!(check_budgets(vec![Budget::Iterations(3), Budget::Time(1.0)]).is_err());
        assert!(check_budgets(vec![Budget::CpuTime(3.0), Budget::Time(1.0)]).is_err());
        assert!(check_budgets(vec![Budget::CpuTime(3.0), Budget::CpuTime(1.0)]).is_ok());
        assert!(check_budgets(vec![]).is_err());
    }
}
