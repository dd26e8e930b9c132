//! Paired comparison of search configurations: every configuration searches the same
//! positions with the same seeds and the same budget, then per-configuration means
//! with 95% confidence intervals and paired differences with t-tests are computed.
//!
//! Owns: [`Plan`] (what to run), [`JobResult`] (one search), [`Report`]
//! (aggregation and statistics) and the CSV/JSON text of a report; running the jobs
//! is in `run` (`run_jobs`, `JobLog`), their resume journal in `journal` and
//! their checkpoints in `checkpoint`. Job (config c, position p, run r) is seeded
//! with `rng_for(seed, p, r)`: the same stream for every configuration.
//! Must not: print, parse command lines (configurations arrive already parsed) or
//! write reports; the CLI (`cli/compare.rs`) does that.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::error::Error;
use crate::io::testset::Position;
use crate::provenance::Provenance;
use crate::rules::Variant;
use crate::search::{Budget, Valid};
use crate::stats::{Describe, Paired};

pub mod chart;
pub mod checkpoint;
pub mod curve;
pub mod curve_chart;
pub mod journal;
pub mod plan;
pub mod pool;
mod run;

pub use run::{run_jobs, JobLog, Progress};

/// One configuration to compare.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Entry {
    /// Short unique name used in tables, files and the chart.
    pub label: String,
    /// The flags as the user wrote them (without label and budget).
    pub spec: String,
    /// The parsed, validated configuration.
    pub config: Valid,
}

/// How the runs of one (configuration, position) become one sample.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Aggregate {
    /// Mean score over the runs.
    #[default]
    Mean,
    /// Best score over the runs (multi-start style, thesis §5.3.3).
    Max,
}

impl std::str::FromStr for Aggregate {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "mean" => Ok(Aggregate::Mean),
            "max" | "best" => Ok(Aggregate::Max),
            _ => Err(format!("unknown aggregate '{s}' (expected mean or max)")),
        }
    }
}

impl Aggregate {
    /// One position's sample from its runs' scores (the mean of none is 0).
    pub fn of(self, scores: impl Iterator<Item = f64>) -> f64 {
        match self {
            Aggregate::Mean => {
                let (s, n) = scores.fold((0.0, 0usize), |(s, n), x| (s + x, n + 1));
                s / n.max(1) as f64
            }
            Aggregate::Max => scores.fold(f64::NEG_INFINITY, f64::max),
        }
    }
}

impl std::fmt::Display for Aggregate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Aggregate::Mean => "mean",
            Aggregate::Max => "max",
        })
    }
}

/// Everything that defines a comparison except the positions themselves.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Plan {
    /// Test-set name (for titles).
    pub testset: String,
    /// Scoring variant.
    pub variant: Variant,
    /// Budget of every search, identical for all configurations.
    pub budget: Budget,
    /// Runs per (configuration, position), each with its own seed stream.
    pub runs: u32,
    /// Base seed.
    pub seed: u64,
    /// How runs are combined per position.
    pub aggregate: Aggregate,
    /// Index into `configs` of the baseline of the paired differences.
    pub baseline: usize,
    /// Also compare every pair of configurations, not only against the baseline.
    pub all_pairs: bool,
    /// The configurations, in user order.
    pub configs: Vec<Entry>,
}

impl Plan {
    /// Checks the plan makes sense (at least one config, runs ≥ 1, baseline exists,
    /// unique labels).
    pub fn validate(&self) -> Result<(), Error> {
        if self.configs.is_empty() {
            return Err(Error::Config(
                "no configuration to compare (give --config or --configs)".into(),
            ));
        }
        if self.runs == 0 {
            return Err(Error::Config("--runs must be at least 1".into()));
        }
        if self.baseline >= self.configs.len() {
            return Err(Error::Config(format!(
                "baseline {} does not exist ({} configurations)",
                self.baseline + 1,
                self.configs.len()
            )));
        }
        for (i, e) in self.configs.iter().enumerate() {
            if let Some(j) = self.configs[..i].iter().position(|o| o.label == e.label) {
                return Err(Error::Config(format!(
                    "configurations {} and {} have the same label '{}' (give one with 'label: flags' or --label)",
                    j + 1,
                    i + 1,
                    e.label
                )));
            }
        }
        Ok(())
    }

    /// The configurations that run the same search at `budget` on every one of
    /// `positions`, in groups of two or more indices into `configs`, in order: what
    /// they resolve to there is the same text (`search::resolution`, every default
    /// and `auto` as a value, no field of the plan left out; `solve` prints it as
    /// `runs:`), and so is what their search reads beside it (`search::own_part`). With
    /// the same seeds such configurations play the same games (under a time budget,
    /// as far as the time lets each go).
    pub fn same_searches(&self, budget: Budget, positions: &[&Position]) -> Vec<Vec<usize>> {
        let boards: Vec<_> = positions.iter().map(|p| p.board(self.variant)).collect();
        let runs = |c: &Valid| -> Vec<String> {
            let mut texts = vec![crate::search::own_part(c)];
            texts.extend(
                boards
                    .iter()
                    .map(|b| crate::search::resolution(c, b, budget)),
            );
            texts
        };
        let texts: Vec<_> = self.configs.iter().map(|e| runs(&e.config)).collect();
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for (i, t) in texts.iter().enumerate() {
            match groups.iter_mut().find(|g| texts[g[0]] == *t) {
                Some(g) => g.push(i),
                None => groups.push(vec![i]),
            }
        }
        groups.retain(|g| g.len() > 1);
        groups
    }
}

/// The seconds a job's playouts/s are counted over: its wall clock, but under a CPU
/// budget the budget's seconds (what each of its threads had; the wall clock of a
/// run at low priority says how busy the machine was, not how fast the search is),
/// so the rate is the one the search would show on an idle machine.
fn job_seconds(budget: Budget, j: &JobResult) -> f64 {
    match budget {
        Budget::CpuTime(s) => s,
        _ => j.seconds,
    }
}

/// The result of one search job.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct JobResult {
    /// Index of the configuration in the plan.
    pub config: usize,
    /// Position number (from 1).
    pub position: usize,
    /// Run number (from 0); the job's RNG is `rng_for(seed, position, run)`.
    pub run: u32,
    /// Verified final score.
    pub score: i32,
    /// Level-0 playouts.
    pub playouts: u64,
    /// Tree nodes created.
    pub nodes_created: u64,
    /// Peak live tree nodes.
    pub peak_nodes: u64,
    /// Wall-clock seconds (the only field that varies between identical runs).
    pub seconds: f64,
    /// The verified line (not in the CSV or JSON reports).
    #[serde(skip)]
    pub moves: Vec<crate::board::Cell>,
}

/// Summary of one configuration.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ConfigSummary {
    /// Label.
    pub label: String,
    /// Flags as written.
    pub spec: String,
    /// Canonical description (`SearchConfig` Display).
    pub config: String,
    /// Mean and 95% CI of the per-position samples.
    pub score: Describe,
    /// Total playouts divided by total search seconds.
    pub playouts_per_second: f64,
    /// Mean over jobs of the peak live tree nodes.
    pub mean_peak_nodes: f64,
}

/// A paired difference `a − b` over the positions.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairSummary {
    /// Index of configuration a.
    pub a: usize,
    /// Index of configuration b (the baseline, for baseline pairs).
    pub b: usize,
    /// Label of a.
    pub a_label: String,
    /// Label of b.
    pub b_label: String,
    /// Mean paired difference, its CI, t and p.
    pub test: Paired,
}

/// Everything a comparison produced: the plan, raw jobs and statistics.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// What was run.
    pub plan: Plan,
    /// Position numbers compared, ascending.
    pub positions: Vec<usize>,
    /// Per-configuration, per-position samples (`samples[c][i]` for `positions[i]`).
    pub samples: Vec<Vec<f64>>,
    /// Per-configuration summaries, in plan order.
    pub configs: Vec<ConfigSummary>,
    /// Every non-baseline configuration minus the baseline, in plan order.
    pub vs_baseline: Vec<PairSummary>,
    /// With `all_pairs`: config j minus config i for every i < j where neither is
    /// the baseline (those pairs are in `vs_baseline`); else empty.
    pub other_pairs: Vec<PairSummary>,
    /// Raw jobs, sorted by (config, position, run).
    pub jobs: Vec<JobResult>,
}

impl Report {
    /// Aggregates sorted job results (as returned by [`run_jobs`]) into statistics.
    pub fn new(plan: Plan, jobs: Vec<JobResult>) -> Report {
        let mut positions: Vec<usize> = jobs.iter().map(|j| j.position).collect();
        positions.sort_unstable();
        positions.dedup();
        let k = plan.configs.len();
        let mut samples = vec![Vec::with_capacity(positions.len()); k];
        for (c, sample) in samples.iter_mut().enumerate() {
            for &p in &positions {
                let scores = jobs
                    .iter()
                    .filter(|j| j.config == c && j.position == p)
                    .map(|j| f64::from(j.score));
                sample.push(plan.aggregate.of(scores));
            }
        }
        let configs = plan
            .configs
            .iter()
            .enumerate()
            .map(|(c, e)| {
                let mine = jobs.iter().filter(|j| j.config == c);
                let (pl, secs, peak, n) = mine.fold((0u64, 0.0, 0u64, 0usize), |a, j| {
                    (
                        a.0 + j.playouts,
                        a.1 + job_seconds(plan.budget, j),
                        a.2 + j.peak_nodes,
                        a.3 + 1,
                    )
                });
                ConfigSummary {
                    label: e.label.clone(),
                    spec: e.spec.clone(),
                    config: e.config.to_string(),
                    score: Describe::of(&samples[c]),
                    playouts_per_second: if secs > 0.0 { pl as f64 / secs } else { 0.0 },
                    mean_peak_nodes: peak as f64 / n.max(1) as f64,
                }
            })
            .collect();
        let pair = |a: usize, b: usize| PairSummary {
            a,
            b,
            a_label: plan.configs[a].label.clone(),
            b_label: plan.configs[b].label.clone(),
            test: Paired::test(&samples[a], &samples[b]),
        };
        let vs_baseline = (0..k)
            .filter(|&c| c != plan.baseline)
            .map(|c| pair(c, plan.baseline))
            .collect();
        let base = plan.baseline;
        let other_pairs = if plan.all_pairs {
            (0..k)
                .flat_map(|i| (i + 1..k).map(move |j| (j, i)))
                .filter(|&(a, b)| a != base && b != base)
                .map(|(a, b)| pair(a, b))
                .collect()
        } else {
            Vec::new()
        };
        Report {
            plan,
            positions,
            samples,
            configs,
            vs_baseline,
            other_pairs,
            jobs,
        }
    }

    /// Number of per-position samples per configuration.
    pub fn n(&self) -> usize {
        self.positions.len()
    }

    /// Raw per-job rows as CSV (header first).
    pub fn jobs_csv(&self) -> String {
        let mut s = String::from(
            "label,config,position,run,seed,score,playouts,nodes_created,peak_nodes,seconds\n",
        );
        for j in &self.jobs {
            let e = &self.plan.configs[j.config];
            let _ = writeln!(
                s,
                "{},{},{},{},{},{},{},{},{},{:.6}",
                csv_field(&e.label),
                csv_field(&e.config.to_string()),
                j.position,
                j.run,
                self.plan.seed,
                j.score,
                j.playouts,
                j.nodes_created,
                j.peak_nodes,
                j.seconds
            );
        }
        s
    }

    /// Summary as CSV: one `config` row per configuration, then one `diff` row per
    /// pair (baseline pairs, then other pairs). Undefined values are empty fields.
    pub fn summary_csv(&self) -> String {
        let mut s = String::from(
            "kind,label,baseline,config,n,mean,sd,ci95_half,ci95_low,ci95_high,t,p,playouts_per_second\n",
        );
        let opt = |v: Option<f64>| v.map(|x| format!("{x:.6}")).unwrap_or_default();
        let row = |s: &mut String, kind: &str, label: &str, base: &str, cfg: &str, d: &Describe| {
            let _ = write!(
                s,
                "{kind},{},{},{},{},{:.6},{},{},{},{},",
                csv_field(label),
                csv_field(base),
                csv_field(cfg),
                d.n,
                d.mean,
                opt(d.sd),
                opt(d.ci95),
                opt(d.ci95.map(|h| d.mean - h)),
                opt(d.ci95.map(|h| d.mean + h)),
            );
        };
        for c in &self.configs {
            row(&mut s, "config", &c.label, "", &c.config, &c.score);
            let _ = writeln!(s, ",,{:.1}", c.playouts_per_second);
        }
        for p in self.vs_baseline.iter().chain(&self.other_pairs) {
            let cfg = &self.configs[p.a].config;
            row(&mut s, "diff", &p.a_label, &p.b_label, cfg, &p.test.diff);
            let _ = writeln!(s, "{},{},", opt(p.test.t), opt(p.test.p));
        }
        s
    }

    /// The whole report as pretty JSON (plan, positions, samples, summaries, jobs),
    /// after `provenance` (the build and machine that ran it) when given.
    pub fn to_json(&self, provenance: Option<&Provenance>) -> String {
        #[derive(Serialize)]
        struct Out<'a> {
            #[serde(skip_serializing_if = "Option::is_none")]
            provenance: Option<&'a Provenance>,
            #[serde(flatten)]
            report: &'a Report,
        }
        let out = Out {
            provenance,
            report: self,
        };
        serde_json::to_string_pretty(&out).expect("a report always serializes")
    }
}

/// Quotes a CSV field when it contains a comma, quote or line break (RFC 4180).
pub fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

#[cfg(test)]
mod tests;
