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
                    config: e.config.command_line().to_string(),
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
                csv_field(&e.config.command_line().to_string()),
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

    /// The whole report as pretty JSON (plan, positions, samples, summaries, jobs).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a report always serializes")
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
mod tests {
    use super::*;
    use crate::io::testset::{Position, TestSet};
    use crate::search::Algo;

    fn entry(label: &str, level: u32) -> Entry {
        Entry {
            label: label.into(),
            spec: format!("--level {level}"),
            config: crate::search::SearchConfig::new(Algo::Nmcts, level)
                .valid()
                .unwrap(),
        }
    }

    fn plan(runs: u32, aggregate: Aggregate) -> Plan {
        Plan {
            testset: "tiny".into(),
            variant: Variant::SameGame,
            budget: Budget::Iterations(20),
            runs,
            seed: 7,
            aggregate,
            baseline: 0,
            all_pairs: true,
            configs: vec![entry("a", 1), entry("b, \"quoted\"", 2), entry("c", 3)],
        }
    }

    fn set() -> TestSet {
        let text = "0112\n2201\n1210\n\n2201\n0122\n2021\n\n0000\n1111\n0101\n";
        TestSet::parse(text, std::path::Path::new("tiny.txt")).unwrap()
    }

    fn job(config: usize, position: usize, run: u32, score: i32) -> JobResult {
        JobResult {
            config,
            position,
            run,
            score,
            playouts: 10,
            nodes_created: 0,
            peak_nodes: 0,
            seconds: 0.5,
            moves: Vec::new(),
        }
    }

    #[test]
    fn validate_rejects_nonsense() {
        let mut p = plan(1, Aggregate::Mean);
        p.runs = 0;
        assert!(p.validate().unwrap_err().to_string().contains("--runs"));
        let mut p = plan(1, Aggregate::Mean);
        p.configs.clear();
        assert!(p.validate().is_err());
        let mut p = plan(1, Aggregate::Mean);
        p.configs[2].label = "a".into();
        assert!(p
            .validate()
            .unwrap_err()
            .to_string()
            .contains("same label 'a'"));
        let mut p = plan(1, Aggregate::Mean);
        p.baseline = 3;
        assert!(p.validate().is_err());
    }

    #[test]
    fn aggregation_mean_and_max() {
        let jobs = vec![
            job(0, 1, 0, 10),
            job(0, 1, 1, 20),
            job(0, 2, 0, 30),
            job(0, 2, 1, 30),
            job(1, 1, 0, 12),
            job(1, 1, 1, 40),
            job(1, 2, 0, 31),
            job(1, 2, 1, 35),
            job(2, 1, 0, 0),
            job(2, 1, 1, 0),
            job(2, 2, 0, 0),
            job(2, 2, 1, 0),
        ];
        let r = Report::new(plan(2, Aggregate::Mean), jobs.clone());
        assert_eq!(r.positions, vec![1, 2]);
        assert_eq!(r.samples[0], vec![15.0, 30.0]);
        assert_eq!(r.samples[1], vec![26.0, 33.0]);
        assert_eq!(r.configs[0].score.mean, 22.5);
        assert_eq!(r.configs[0].playouts_per_second, 20.0);
        assert_eq!(r.vs_baseline.len(), 2);
        assert_eq!((r.vs_baseline[0].a, r.vs_baseline[0].b), (1, 0));
        assert_eq!(r.vs_baseline[0].test.diff.mean, 7.0);
        let pairs: Vec<_> = r.other_pairs.iter().map(|p| (p.a, p.b)).collect();
        assert_eq!(pairs, vec![(2, 1)]);
        let m = Report::new(plan(2, Aggregate::Max), jobs);
        assert_eq!(m.samples[0], vec![20.0, 30.0]);
        assert_eq!(m.samples[1], vec![40.0, 35.0]);
    }

    /// Under a CPU-time budget playouts/s count the budget's seconds, not the wall
    /// clock (a run at SCHED_IDLE beside a build takes longer, not fewer playouts).
    #[test]
    fn cpu_budget_rates_count_the_budget_seconds() {
        let mut p = plan(1, Aggregate::Mean);
        p.budget = Budget::CpuTime(0.25);
        let jobs = vec![job(0, 1, 0, 10), job(1, 1, 0, 10), job(2, 1, 0, 10)];
        let r = Report::new(p, jobs.clone());
        // 10 playouts over 0.25 CPU s each, whatever the 0.5 wall seconds.
        assert_eq!(r.configs[0].playouts_per_second, 40.0);
        assert_eq!(
            Report::new(plan(1, Aggregate::Mean), jobs).configs[0].playouts_per_second,
            20.0
        );
    }

    #[test]
    fn jobs_are_paired_and_deterministic() {
        let set = set();
        let positions: Vec<&Position> = set.positions.iter().collect();
        let p = plan(2, Aggregate::Mean);
        let one = run_jobs(&p, &positions, 1, &Progress(|| {})).unwrap();
        let two = run_jobs(&p, &positions, 2, &Progress(|| {})).unwrap();
        assert_eq!(one.len(), 3 * 3 * 2);
        let key = |v: &[JobResult]| -> Vec<_> {
            v.iter()
                .map(|j| (j.config, j.position, j.run, j.score, j.playouts))
                .collect()
        };
        assert_eq!(key(&one), key(&two));
        assert!(one.windows(2).all(
            |w| (w[0].config, w[0].position, w[0].run) < (w[1].config, w[1].position, w[1].run)
        ));
    }

    /// Records the (position, config, run) of each job as it finishes.
    struct Order(std::sync::Mutex<Vec<(usize, usize, u32)>>);

    impl JobLog for Order {
        fn finished(&self, _: &Plan, _: &Position, j: &JobResult) -> Result<(), Error> {
            self.0.lock().unwrap().push((j.position, j.config, j.run));
            Ok(())
        }
    }

    #[test]
    fn jobs_start_position_by_position() {
        let set = set();
        let positions: Vec<&Position> = set.positions.iter().collect();
        let p = plan(2, Aggregate::Mean);
        let mut all: Vec<(usize, usize, u32)> = Vec::new();
        for pos in &set.positions {
            for c in 0..3 {
                all.extend([(pos.index, c, 0), (pos.index, c, 1)]);
            }
        }
        let log = Order(Default::default());
        run_jobs(&p, &positions, 1, &log).unwrap();
        assert_eq!(*log.0.lock().unwrap(), all, "one thread: in order");
        // Two threads (these searches start no threads of their own, so two jobs at
        // most are in flight): the k-th job to finish was among the first k + 2.
        let log = Order(Default::default());
        run_jobs(&p, &positions, 2, &log).unwrap();
        let done = log.0.lock().unwrap();
        assert_eq!(done.len(), all.len());
        for (k, j) in done.iter().enumerate() {
            let started = all.iter().position(|x| x == j).unwrap();
            assert!(started <= k + 1, "job {j:?} finished {k}-th");
        }
    }

    /// Splits one CSV line into fields (RFC 4180 quoting).
    fn csv_split(line: &str) -> Vec<String> {
        let mut fields = vec![String::new()];
        let mut quoted = false;
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            match (c, quoted) {
                ('"', true) if chars.peek() == Some(&'"') => {
                    chars.next();
                    fields.last_mut().unwrap().push('"');
                }
                ('"', _) => quoted = !quoted,
                (',', false) => fields.push(String::new()),
                _ => fields.last_mut().unwrap().push(c),
            }
        }
        fields
    }

    #[test]
    fn csv_and_json_structure() {
        let set = set();
        let positions: Vec<&Position> = set.positions.iter().collect();
        let p = plan(1, Aggregate::Mean);
        let r = Report::new(
            p.clone(),
            run_jobs(&p, &positions, 1, &Progress(|| {})).unwrap(),
        );
        let jobs = r.jobs_csv();
        let lines: Vec<&str> = jobs.lines().collect();
        assert_eq!(lines.len(), 1 + 3 * 3);
        assert!(lines[0].starts_with("label,config,position,run,seed,score"));
        assert!(lines[4].starts_with("\"b, \"\"quoted\"\"\",\"nmcts --level 2 "));
        let summary = r.summary_csv();
        let rows: Vec<&str> = summary.lines().collect();
        // Header, 3 configs, 2 baseline pairs, 1 other pair; 13 columns each.
        assert_eq!(rows.len(), 1 + 3 + 2 + 1);
        assert!(rows[1].starts_with("config,a,,"));
        assert!(rows[4].starts_with("diff,\"b, \"\"quoted\"\"\",a,"));
        assert!(rows.iter().all(|r| csv_split(r).len() == 13), "{summary}");
        assert!(lines.iter().all(|l| csv_split(l).len() == 10), "{jobs}");
        assert_eq!(csv_split(lines[4])[0], "b, \"quoted\"");
        // Lines stay out of the reports; every job and sample is there.
        assert!(r.jobs.iter().all(|j| !j.moves.is_empty()));
        let v: serde_json::Value = serde_json::from_str(&r.to_json()).unwrap();
        let jobs = v["jobs"].as_array().unwrap();
        assert_eq!(jobs.len(), r.jobs.len());
        assert!(jobs.iter().all(|j| j.get("moves").is_none()), "{jobs:?}");
        assert_eq!(v["jobs"][0]["score"], r.jobs[0].score);
        assert_eq!(v["plan"]["seed"], r.plan.seed);
        assert_eq!(v["configs"].as_array().unwrap().len(), 3);
        assert!(
            v["vs_baseline"][0]["test"]["p"].is_number()
                || v["vs_baseline"][0]["test"]["p"].is_null()
        );
    }
}
