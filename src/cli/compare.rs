//! `samegame compare TESTSET --config "…" --config "…" | --configs FILE
//! (--iterations K[,K…] | --time S[,S…] | --cpu-time S[,S…]) [--runs R] [--csv F] [--json F] [--svg F]`:
//! paired comparison of search configurations (thesis Figures 4.6-4.9); with
//! several budgets, a budget curve (thesis Figures 4.10-4.13).
//!
//! `compare --plan FILE.toml` takes those settings from a plan file (`plan`), and
//! `compare --pool A.csv B.csv …` tests earlier runs' CSVs as one experiment (`pool`).
//!
//! Owns: the command line, the terminal tables, writing the output files,
//! `--keep-best` (every run's line offered to a solutions file), `--journal`
//! (resuming, in `journal`) and `--checkpoint` (jobs that survive a stop, in
//! `stop`). Configuration strings and files are parsed in `config_line` (each one
//! a `solve` command line, so every search flag works; budgets inside them are
//! rejected: compare's own budget applies equally to every configuration). One
//! budget gives exactly the single-comparison output; several give one row per
//! (configuration, budget), paired tests per budget and a line chart
//! (`crate::compare::curve`, `crate::curve_chart`).
//! Must not: run searches or compute statistics itself (`crate::compare`,
//! `crate::stats`, `crate::chart` do).

use std::path::{Path, PathBuf};

#[cfg(test)]
mod budget_proptests;
mod config_line;
mod files;
mod journal;
mod plan;
mod pool;
mod stop;
mod text;

use super::checkpoint_args::CheckpointArgs;
use super::search_args::budget_from_flags;
use super::Outcome;
use crate::batch::record::Record;
use crate::batch::select::parse_positions;
use crate::compare::curve::Curve;
use crate::compare::journal::CompareJournal;
use crate::compare::{run_jobs, Aggregate, JobLog, JobResult, Plan, Progress, Report};
use crate::error::Error;
use crate::io::testset::{Position, TestSet};
use crate::provenance::Provenance;
use crate::rules::Variant;
use crate::search::{Budget, SearchState};
use config_line::{parse_config, read_config_file, Labels};
use text::{col_width, curve_table, p_text, table};

/// Arguments of `compare`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Test-set file (`-`: standard input; required unless a plan names it, or with
    /// --pool).
    testset: Option<PathBuf>,
    /// Run the experiment described by a plan file (TOML: test set, positions,
    /// budgets, configurations, output folder; see docs/compare.md). Flags given here
    /// override the plan's values. The results go to the plan's folder (unless flags
    /// change what runs: then only with --out), journaled there for resuming (a run
    /// the flags changed journals there too, unless --out or --journal is given).
    #[arg(long, value_name = "FILE.toml", conflicts_with = "pool")]
    plan: Option<PathBuf>,
    /// Output folder of a plan's results (overrides the plan's `out`).
    #[arg(long, value_name = "DIR", requires = "plan")]
    out: Option<PathBuf>,
    /// Pool per-job CSVs of `compare --csv` (e.g. one experiment run in parts) and test
    /// every configuration against the baseline over the positions both have; with a
    /// budget curve's CSVs give the budget with --iterations or --time.
    #[arg(long, value_name = "FILE.csv", num_args = 1.., conflicts_with_all = ["testset", "config", "config_file"])]
    pool: Vec<PathBuf>,
    /// Positions to use, e.g. `1-20` or `1,3,5-9` (from 1); default: all.
    #[arg(long)]
    positions: Option<String>,
    /// Scoring variant [default: samegame].
    #[arg(long)]
    variant: Option<Variant>,
    /// A configuration: search flags such as "--algo nmcts --level 2", optionally
    /// prefixed "label: " or containing --label NAME. Repeat for each configuration.
    #[arg(long = "config", value_name = "FLAGS", allow_hyphen_values = true)]
    config: Vec<String>,
    /// File with one configuration per line (`label: flags` or `flags`; `#` comments);
    /// used after any --config.
    #[arg(long = "configs", value_name = "FILE")]
    config_file: Option<PathBuf>,
    /// Budget of every search: level-0 playouts. Several comma-separated budgets
    /// (e.g. 10000,100000) give a budget curve.
    #[arg(long, conflicts_with = "time", value_delimiter = ',', num_args = 1)]
    iterations: Vec<u64>,
    /// Budget of every search: wall-clock seconds (results then depend on the machine).
    /// Several comma-separated budgets (e.g. 1,10,60) give a budget curve.
    #[arg(long, conflicts_with = "cpu_time", value_delimiter = ',', num_args = 1)]
    time: Vec<f64>,
    /// Budget of every search: CPU seconds of each of its threads, whatever the
    /// machine's load (a comparison run at low priority still gives every search
    /// what it asked for). Several comma-separated budgets give a budget curve.
    #[arg(
        long,
        value_name = "S",
        conflicts_with = "iterations",
        value_delimiter = ',',
        num_args = 1
    )]
    cpu_time: Vec<f64>,
    /// Runs per configuration and position (run r of position p uses seed stream (p, r))
    /// [default: 1].
    #[arg(long)]
    runs: Option<u32>,
    /// Base random seed, shared by all configurations so that results are paired
    /// [default: 1].
    #[arg(long)]
    seed: Option<u64>,
    /// Worker threads (0 = all cores). Results do not depend on it [default: 0].
    #[arg(long)]
    threads: Option<usize>,
    /// Baseline of the paired differences: a configuration number (from 1) or label
    /// [default: 1].
    #[arg(long)]
    baseline: Option<String>,
    /// Also test every pair of configurations, not only against the baseline.
    #[arg(long)]
    all_pairs: bool,
    /// No progress bar and no per-job lines (a job continued from its checkpoint,
    /// a checkpoint's best so far); notes, tables and results are printed.
    #[arg(long, short)]
    quiet: bool,
    /// Per-position sample: the mean over runs, or the max (best) over runs
    /// [default: mean].
    #[arg(long)]
    aggregate: Option<Aggregate>,
    /// Write per-job rows as CSV to FILE and the summary to FILE's stem + `.summary.csv`.
    #[arg(long, value_name = "FILE")]
    csv: Option<PathBuf>,
    /// Write the whole report (plan, jobs, samples, statistics) as JSON.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Write an SVG bar chart (means and differences to the baseline, 95% CIs); with
    /// several budgets, a line chart of the mean score against the budget.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Offer every run's verified line to the solutions file FILE, as `batch` does
    /// (read and replayed first when it exists; a line only replaces a worse one; written
    /// atomically when all runs have ended), so that an experiment's good lines are kept.
    #[arg(long, value_name = "FILE")]
    keep_best: Option<PathBuf>,
    /// Resume journal: every finished job is appended to FILE, with its line, as soon
    /// as it ends. Run the same command again (or one with more configurations,
    /// positions, runs or budgets) and the jobs found there are taken, after their
    /// lines replay, instead of being run again: a long comparison that is killed
    /// loses only the jobs in flight. Jobs are keyed by their settings, not by the
    /// build: start a new journal when the search code changes.
    #[arg(long, value_name = "FILE")]
    journal: Option<PathBuf>,
    /// Before running, append to the journal (`--journal`, or a plan's) the jobs
    /// journaled in FILE that it lacks, with their lines: one comparison split over
    /// processes or machines (e.g. `--positions 9 --journal part-9.journal` on another
    /// core) becomes one journal again. FILE is only read; its jobs are taken, as the
    /// journal's own, only when their lines replay. Repeatable.
    #[arg(long, value_name = "FILE")]
    journal_add: Vec<PathBuf>,
    /// Run nothing: report on the positions where the journal has every job (an
    /// interim report of a long comparison; older journals' jobs are re-keyed as
    /// they are taken). Positions with missing jobs are left out, and said.
    #[arg(long)]
    journal_only: bool,
    /// With --checkpoint, jobs of other configurations in flight at a stop run again
    /// from the start; needs a journal (--journal, or a plan's).
    #[command(flatten)]
    checkpoints: CheckpointArgs,
}

/// The budgets given, in the order given, checked (each as its flag, and together by
/// `crate::compare::curve::check_budgets`).
fn budgets(a: &Args) -> Result<Vec<Budget>, Error> {
    let mut out = Vec::new();
    for &k in &a.iterations {
        out.extend(budget_from_flags(Some(k), None, None)?);
    }
    for &t in &a.time {
        out.extend(budget_from_flags(None, Some(t), None)?);
    }
    for &t in &a.cpu_time {
        out.extend(budget_from_flags(None, None, Some(t))?);
    }
    if out.is_empty() {
        return Err(Error::Config(
            "give --iterations, --time or --cpu-time".into(),
        ));
    }
    crate::compare::curve::check_budgets(out.clone())?;
    Ok(out)
}

pub fn run(mut a: Args) -> Result<Outcome, Error> {
    if !a.pool.is_empty() {
        return pool::run(&a);
    }
    let started = std::time::Instant::now();
    // The build and machine, as the comparison starts: in its JSON and plan report.
    let provenance = Provenance::now();
    let plan_run = match a.plan.clone() {
        Some(p) => Some(plan::apply(&mut a, &p)?),
        None => None,
    };
    let Some((table, spent)) = compare(&a, plan_run.as_ref(), &provenance)? else {
        return Ok(Outcome::Interrupted);
    };
    if let Some(p) = &plan_run {
        p.finish(&a, &table, started.elapsed(), spent, &provenance)?;
    }
    Ok(Outcome::Ok)
}

/// The jobs a comparison's table counts and their search time summed (seconds), those
/// taken from a journal included: the compute of a run that spans sittings.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct Spent {
    pub jobs: usize,
    pub seconds: f64,
}

impl Spent {
    fn of<'a>(jobs: impl IntoIterator<Item = &'a JobResult>) -> Spent {
        jobs.into_iter().fold(Spent::default(), |s, j| Spent {
            jobs: s.jobs + 1,
            seconds: s.seconds + j.seconds,
        })
    }
}

/// Runs the comparison `a` describes, prints its table, writes its files and returns
/// the table with the compute its jobs took; `None` when it was stopped
/// (`--checkpoint`: what ended is journaled, the rest checkpointed).
fn compare(
    a: &Args,
    plan_run: Option<&plan::PlanRun>,
    provenance: &Provenance,
) -> Result<Option<(String, Spent)>, Error> {
    let (mut configs, mut labels) = (Vec::new(), Labels::default());
    for (i, c) in a.config.iter().enumerate() {
        let blame = |m| Error::Config(format!("--config {} '{c}': {m}", i + 1));
        let e = parse_config(c).map_err(blame)?;
        labels
            .take(&e, format!("given by --config {}", i + 1))
            .map_err(blame)?;
        configs.push(e);
    }
    if let Some(f) = &a.config_file {
        configs.extend(read_config_file(f, &mut labels)?);
    }
    if configs.is_empty() {
        return Err(Error::Config(
            "no configuration to compare (give --config or --configs)".into(),
        ));
    }
    let base_name = a.baseline.as_deref().unwrap_or("1");
    let baseline = match base_name.parse::<usize>() {
        Ok(n) if n >= 1 && n <= configs.len() => n - 1,
        _ => configs
            .iter()
            .position(|e| e.label == base_name)
            .ok_or_else(|| {
                let e = Error::Config(format!(
                    "--baseline '{base_name}' is neither a configuration number (1-{}) nor a label",
                    configs.len()
                ));
                plan::blame(plan_run, "baseline", e)
            })?,
    };
    let testset = a
        .testset
        .as_ref()
        .ok_or_else(|| Error::Config("give a test-set file (or --plan FILE.toml)".into()))?;
    // A test set the plan names and that cannot be read: the plan's line too (a
    // malformed one is named by its own file and line).
    let set = TestSet::read(testset).map_err(|e| match e {
        Error::Io { .. } => plan::blame(plan_run, "testset", e),
        e => e,
    })?;
    let positions: Vec<&Position> = match &a.positions {
        Some(s) => parse_positions(s, set.positions.len())
            .and_then(|ns| ns.into_iter().map(|n| set.position(n)).collect())
            .map_err(|e| plan::blame(plan_run, "positions", e))?,
        None => set.positions.iter().collect(),
    };
    let budgets = budgets(a).map_err(|e| plan::blame_budgets(plan_run, e))?;
    let variant = a.variant.unwrap_or_default();
    let threads = a.threads.unwrap_or(0);
    let runs = a.runs.unwrap_or(1);
    if u64::from(runs) > crate::limits::MAX_RUNS {
        let e = Error::Config(format!(
            "--runs must be at most {}, got {runs}",
            crate::limits::MAX_RUNS
        ));
        return Err(plan::blame(plan_run, "runs", e));
    }
    crate::limits::check_threads("--threads", threads, true)
        .map_err(|e| plan::blame(plan_run, "threads", e))?;
    a.checkpoints.check()?;
    crate::limits::check_jobs(
        (positions.len() as u64)
            .saturating_mul(u64::from(runs))
            .saturating_mul(configs.len() as u64)
            .saturating_mul(budgets.len() as u64),
        "--runs × positions × configurations × budgets",
    )?;
    let plan = Plan {
        testset: set.name.clone(),
        variant,
        budget: budgets[0],
        runs,
        seed: a.seed.unwrap_or(1),
        aggregate: a.aggregate.unwrap_or_default(),
        baseline,
        all_pairs: a.all_pairs,
        configs,
    };
    plan.validate()?;
    for e in &plan.configs {
        super::beam_memory::check(&e.config, &set, positions.iter().copied(), variant)
            .map_err(|m| Error::Config(format!("configuration '{}': {m}", e.label)))?;
    }
    files::check(a)?;
    say_same_searches(&plan, &budgets, &positions);
    // Read (and replay) the record before the runs: a bad file fails fast.
    let mut record = match &a.keep_best {
        Some(p) => Some(Record::load(p, &set, variant)?),
        None => None,
    };
    let total = budgets.len() * plan.configs.len() * positions.len() * plan.runs as usize;
    let bar = match a.quiet {
        true => indicatif::ProgressBar::hidden(),
        false => indicatif::ProgressBar::new(total as u64),
    };
    let tick = || bar.inc(1);
    let progress = Progress(tick);
    if !a.journal_add.is_empty() && a.journal.is_none() {
        return Err(Error::Config(
            "--journal-add needs a journal to add to (--journal FILE, or a plan with an output folder)".into(),
        ));
    }
    let _lock = a.journal.as_deref().map(super::batch::lock).transpose()?;
    let journal = match &a.journal {
        Some(p) => Some(CompareJournal::open(p, &a.journal_add, &tick)?),
        None => None,
    };
    let positions = match a.journal_only {
        true => {
            let into_plan_folder = plan_run.as_ref().is_some_and(|r| r.writes_plan_folder(a));
            journal::complete(
                journal.as_ref(),
                &plan,
                &budgets,
                &positions,
                into_plan_folder,
            )?
        }
        false => positions,
    };
    // A job's line (--quiet leaves them out), above the progress bar.
    let say = |label: &str, position: usize, run: u32, what: String| {
        if !a.quiet {
            bar.suspend(|| say_err!("{label}, position {position}, run {run}: {what}"))
        }
    };
    let said = |label: &str, position: usize, run: u32, s: &SearchState| {
        let (playouts, seconds) = (s.playouts(), s.elapsed().as_secs_f64());
        let what = format!("continues from its checkpoint ({playouts} playouts, {seconds:.1} s)");
        say(label, position, run, what)
    };
    let best = |label: &str, position: usize, run: u32, score: i32, s: &SearchState| {
        let seconds = s.elapsed().as_secs_f64();
        let line = super::checkpoint_args::best_so_far(score, s.playouts(), seconds);
        say(label, position, run, line)
    };
    let checkpointed = match a.journal_only {
        true => None,
        false => stop::checkpoints(a, &plan, journal.as_ref(), &said, &best)?,
    };
    let log: &dyn JobLog = match (&checkpointed, &journal) {
        (Some(c), _) => c,
        (None, Some(j)) => j,
        (None, None) => &progress,
    };
    if budgets.len() > 1 {
        let curve = Curve::run(&plan, &budgets, &positions, threads, log);
        bar.finish_and_clear();
        let curve = match journal::finish(journal.as_ref(), curve) {
            Err(Error::Stopped(_)) => return Ok(stop::stopped(checkpointed.as_ref())),
            c => c?,
        };
        let text = run_curve(a, &curve, &set, record.as_mut(), provenance)?;
        return Ok(Some((
            text,
            Spent::of(curve.reports.iter().flat_map(|r| &r.jobs)),
        )));
    }
    let jobs = run_jobs(&plan, &positions, threads, log);
    bar.finish_and_clear();
    let jobs = match journal::finish(journal.as_ref(), jobs) {
        Err(Error::Stopped(_)) => return Ok(stop::stopped(checkpointed.as_ref())),
        j => j?,
    };
    if let Some(r) = record.as_mut() {
        keep_best(r, &set, &jobs)?;
    }
    let report = Report::new(plan, jobs);
    let text = table(&report);
    say_text!("{text}");
    if let Some(p) = &a.csv {
        write(p, &report.jobs_csv())?;
        if let Some(summary) = files::summary_path(p) {
            write(&summary, &report.summary_csv())?;
        }
    }
    if let Some(p) = &a.json {
        write(p, &report.to_json(Some(provenance)))?;
    }
    if let Some(p) = &a.svg {
        write(p, &crate::compare::chart::svg(&report))?;
    }
    Ok(Some((text, Spent::of(&report.jobs))))
}

/// Says on stderr which configurations run the same search at a budget on every
/// position compared ([`Plan::same_searches`]): their rows will be the same.
fn say_same_searches(plan: &Plan, budgets: &[Budget], positions: &[&Position]) {
    for &b in budgets {
        for g in plan.same_searches(b, positions) {
            let labels: Vec<_> = g.iter().map(|&i| plan.configs[i].label.as_str()).collect();
            say_err!(
                "note: {} run the same search at {b} on every position compared (every \
                 default and auto resolved, as in the `runs:` line of solve), so with the \
                 same seeds they play the same games",
                and_list(&labels)
            );
        }
    }
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Offers every job's line to the record and writes it when a line was taken; says
/// on stderr how many positions improved.
fn keep_best<'a>(
    record: &mut Record,
    set: &TestSet,
    jobs: impl IntoIterator<Item = &'a JobResult>,
) -> Result<(), Error> {
    let before = record.total();
    let mut improved = std::collections::BTreeSet::new();
    for j in jobs {
        let taken = record
            .offer(set, j.position, j.score, &j.moves)
            .map_err(|m| Error::Other(format!("internal error: position {}: {m}", j.position)))?;
        if taken {
            improved.insert(j.position);
        }
    }
    if record.unsaved() {
        record.save()?;
    }
    say_err!(
        "{}: {} position(s) improved, total {} -> {}",
        record.path().display(),
        improved.len(),
        before,
        record.total()
    );
    Ok(())
}

/// Several budgets: prints the curve's table and writes its files.
fn run_curve(
    a: &Args,
    curve: &Curve,
    set: &TestSet,
    record: Option<&mut Record>,
    provenance: &Provenance,
) -> Result<String, Error> {
    if let Some(r) = record {
        keep_best(r, set, curve.reports.iter().flat_map(|rep| &rep.jobs))?;
    }
    let text = curve_table(curve);
    say_text!("{text}");
    if let Some(p) = &a.csv {
        write(p, &curve.jobs_csv())?;
        if let Some(summary) = files::summary_path(p) {
            write(&summary, &curve.summary_csv())?;
        }
    }
    if let Some(p) = &a.json {
        write(p, &curve.to_json(Some(provenance)))?;
    }
    if let Some(p) = &a.svg {
        write(p, &crate::compare::curve_chart::svg(curve))?;
    }
    Ok(text)
}

/// Writes a report atomically (temporary file + rename), so that a crash or a full
/// disk never leaves an earlier report half overwritten.
fn write(path: &Path, text: &str) -> Result<(), Error> {
    crate::io::write_output(path, text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions() {
        assert_eq!(parse_positions("1-3", 20).unwrap(), vec![1, 2, 3]);
        assert_eq!(parse_positions("5, 1,3-4,3", 20).unwrap(), vec![1, 3, 4, 5]);
        assert!(parse_positions("3-1", 20).is_err());
        assert!(parse_positions("x", 20).is_err());
        assert!(parse_positions("", 20).is_err());
        assert!(parse_positions("21", 20).is_err());
    }
}
