//! `samegame batch TESTSET [--positions 1-20] [--runs R] [--threads T] [--shard i/n]
//! [--seed X] [--out FILE] [--journal FILE] [--results FILE] --algo A … (--iterations K
//! | --time S)`: the batch driver's command line, default file names, Ctrl-C, the
//! progress bar and the end-of-run table.
//!
//! Owns: flags and their validation, default paths, printing. Must not: run searches
//! or touch files itself (see [`crate::batch`]).

use std::collections::HashMap;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::checkpoint_args::CheckpointArgs;
use super::search_args::SearchArgs;
use super::Outcome;
use crate::batch::journal::{Journal, RunRecord};
use crate::batch::record::Record;
use crate::batch::select::{self, Job, Shard};
use crate::batch::{Batch, Observer, PositionSummary};
use crate::error::Error;
use crate::io::testset::TestSet;
use crate::rules::Variant;
use crate::search::{Budget, Defaults};

/// Runs per position when `--runs` is not given.
pub const DEFAULT_RUNS: u64 = 4;

/// Arguments of `batch`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Without --iterations or --time each run gets 300000 playouts (with the \
default 4 runs, the 20 standard boards take a few minutes on 2 cores, and the result does not \
depend on the machine). Rerunning the same command resumes: runs in the journal are skipped. \
See docs/batch.md."
)]
pub struct Args {
    /// Test-set file (`-`: read it from standard input).
    testset: PathBuf,
    /// Positions to run: numbers and ranges such as `1-5,8` (default: all).
    #[arg(long)]
    positions: Option<String>,
    /// Scoring variant.
    #[arg(long, default_value = "samegame")]
    variant: Variant,
    /// Independent runs per position (run r of position p uses seed stream (p, r)).
    #[arg(long, default_value_t = DEFAULT_RUNS)]
    runs: u64,
    /// Worker threads (default: all cores). The results do not depend on it (the
    /// threads of one search are --search-threads, part of the search).
    #[arg(long)]
    threads: Option<usize>,
    /// Base random seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Run only shard i of n (1 <= i <= n) of the sorted (position, run) job list:
    /// job k goes to shard (k mod n) + 1.
    #[arg(long)]
    shard: Option<String>,
    /// Solutions file (a record: lines only improve). Default:
    /// `solutions/<set>.<variant>.txt`, or `runs/<set>.<variant>.shard-<i>-of-<n>.txt`
    /// with `--shard`; `<set>` is `stdin` for a test set read from standard input
    /// (give --out to keep two such sets apart).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Resume journal. Default: `<stem of --out>.journal` in `runs/` next to a
    /// `solutions/` folder, else next to the `--out` file.
    #[arg(long)]
    journal: Option<PathBuf>,
    /// Per-run results (JSON lines). Default: like `--journal`, `<stem>.results.jsonl`.
    #[arg(long)]
    results: Option<PathBuf>,
    /// No progress bar and no per-position messages (the final table is printed).
    #[arg(long, short)]
    quiet: bool,
    #[command(flatten)]
    checkpoints: CheckpointArgs,
    #[command(flatten)]
    search: SearchArgs,
}

static STOP: AtomicBool = AtomicBool::new(false);

/// The default solutions file of a batch.
fn default_out(set: &TestSet, variant: Variant, shard: Option<Shard>) -> PathBuf {
    match shard {
        None => PathBuf::from("solutions").join(format!("{}.{variant}.txt", set.name)),
        Some(s) => PathBuf::from("runs").join(format!(
            "{}.{variant}.shard-{}-of-{}.txt",
            set.name, s.index, s.count
        )),
    }
}

/// A file kept beside the solutions file `out`: `runs/<stem>.<ext>` when `out` is in
/// a folder named `solutions` (which holds only committed solution files), else
/// `<stem>.<ext>` in `out`'s folder.
pub fn side_file(out: &Path, ext: &str) -> PathBuf {
    let stem = out
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "solutions".into());
    let name = format!("{stem}.{ext}");
    let dir = out.parent().unwrap_or(Path::new(""));
    if dir.file_name().is_some_and(|n| n == "solutions") {
        dir.parent()
            .unwrap_or(Path::new(""))
            .join("runs")
            .join(name)
    } else {
        dir.join(name)
    }
}

pub fn run(a: Args) -> Result<Outcome, Error> {
    if a.runs == 0 {
        return Err(Error::Config("--runs must be at least 1".into()));
    }
    let max = crate::limits::MAX_RUNS;
    if a.runs > max {
        return Err(Error::Config(format!(
            "--runs must be at most {max}, got {}",
            a.runs
        )));
    }
    if let Some(t) = a.threads {
        crate::limits::check_threads("--threads", t, false)?;
    }
    let shard = a
        .shard
        .as_deref()
        .map(str::parse::<Shard>)
        .transpose()
        .map_err(Error::Config)?;
    let config = a.search.config()?;
    if a.checkpoints.checkpoint {
        crate::search::checkpointable(&config)?;
    }
    a.checkpoints.check()?;
    let budget = a
        .search
        .budget(Budget::Iterations(Defaults::BATCH_ITERATIONS))?;
    let set = TestSet::read(&a.testset)?;
    let positions = match &a.positions {
        Some(spec) => select::parse_positions(spec, set.positions.len())?,
        None => (1..=set.positions.len()).collect(),
    };
    crate::limits::check_jobs(
        (positions.len() as u64).saturating_mul(a.runs),
        "--runs × positions",
    )?;
    let boards = positions.iter().map(|&n| &set.positions[n - 1]);
    super::beam_memory::check(&config, &set, boards, a.variant)?;
    let out = a
        .out
        .clone()
        .unwrap_or_else(|| default_out(&set, a.variant, shard));
    let journal_path = a
        .journal
        .clone()
        .unwrap_or_else(|| side_file(&out, "journal"));
    let results_path = a
        .results
        .clone()
        .unwrap_or_else(|| side_file(&out, "results.jsonl"));
    let outputs = [
        ("--out", out.as_path()),
        ("--journal", &journal_path),
        ("--results", &results_path),
    ];
    crate::io::check_kept(&outputs)?;
    crate::io::check_distinct(&outputs, &[("TESTSET", &a.testset)])?;
    // Written at the end only: a folder there is refused before any run.
    crate::io::checked_target(&results_path)?;
    // A test set from standard input has no name: its default files are named after
    // `stdin`, whatever it holds, so another set piped in meets this one's file.
    let stdin_defaults = a.out.is_none() && a.testset.as_os_str() == "-";
    if stdin_defaults {
        say_err!(
            "the test set is standard input: solutions go to {}, the journal to {} \
             (named after `stdin`; --out FILE to keep this test set's apart)",
            out.display(),
            journal_path.display()
        );
    }
    // Everything is read and checked before anything is written.
    let mut record = Record::load(&out, &set, a.variant).map_err(|e| match e {
        Error::Parse { path, line, msg } if stdin_defaults => Error::Parse {
            path,
            line,
            msg: format!(
                "{msg}; it may be the file of another test set read from standard input \
                 (it is kept): give --out FILE for this one"
            ),
        },
        e => e,
    })?;
    // The lock before the journal is read: a batch still writing the journal's header
    // is "another batch running", not a truncated journal.
    let _lock = lock(&journal_path)?;
    let mut journal = Journal::open(&journal_path)?;
    if let Some((kept, dropped)) = journal.torn() {
        say_err!(
            "warning: {}: the last {dropped} bytes (after byte {kept}) are an append cut short \
             (a kill or crash during a write); they are dropped and their runs will be run again",
            journal_path.display()
        );
    }
    if journal.is_version_1() && !a.quiet {
        say_err!(
            "{}: format version 1; it is rewritten in version 2 before the first new run is added",
            journal_path.display()
        );
    }
    // The journal has every game that improved the file, also those a kill stopped
    // from reaching it.
    let restored = crate::batch::restore(&mut record, &journal.take_found(), &set, a.variant);
    if restored.taken > 0 {
        record.save()?;
        if !a.quiet {
            say_err!(
                "{}: {} better lines restored from {}",
                out.display(),
                restored.taken,
                journal_path.display()
            );
        }
    }
    if restored.foreign > 0 {
        say_err!(
            "warning: {} games in {} do not replay on {} (was the journal used with another \
             test set?); they are ignored",
            restored.foreign,
            journal_path.display(),
            set.path.display()
        );
    }
    let threads = a.threads.unwrap_or_else(rayon::current_num_threads);
    let checkpoints = a.checkpoints.checkpointing(&journal_path);
    let batch = Batch {
        set: &set,
        variant: a.variant,
        config,
        budget,
        seed: a.seed,
        jobs: select::jobs(&positions, a.runs, shard),
        threads,
        checkpoints,
    };
    let pending = batch.pending(&journal);
    let tty = std::io::stderr().is_terminal();
    if !a.quiet {
        say_err!(
            "batch: {} on {} ({} positions, {} runs each{}), {} per run, variant {}, seed {}, {} threads",
            batch.config,
            set.path.display(),
            positions.len(),
            a.runs,
            shard.map(|s| format!(", shard {s}")).unwrap_or_default(),
            budget,
            a.variant,
            a.seed,
            threads
        );
        say_err!(
            "{} of {} runs to do ({} already in {}); solutions: {}",
            pending.len(),
            batch.jobs.len(),
            batch.jobs.len() - pending.len(),
            journal_path.display(),
            out.display()
        );
    }
    let stopping = match a.quiet {
        true => "",
        false => {
            "\nstopping: runs in progress return their best so far (interrupt again to quit now)"
        }
    };
    super::checkpoint_args::on_interrupt(
        &STOP,
        stopping,
        "\nsecond interrupt: exiting now (the journal has everything found; the next batch on \
         these files brings the solutions file up to date)",
        "an interrupt will lose the runs in progress",
    );
    let progress = Progress::new(&batch.jobs, &pending, a.quiet, tty);
    let outcome = batch.run(&mut record, &mut journal, &results_path, &STOP, &progress);
    progress.bar.finish_and_clear();
    let outcome = outcome?;
    let summary = batch.summary(&journal, &record);
    print_table(&summary);
    for s in &summary {
        if let (Some(best), Some(rec)) = (s.best, s.record) {
            if rec < best {
                say_err!(
                    "warning: {} has {rec} for position {} but a journaled run scored {best}: \
                     was the file replaced? Delete {} to redo the runs.",
                    out.display(),
                    s.position,
                    journal_path.display()
                );
            }
        }
    }
    say!(
        "solutions: {} ({} positions, total {}); journal: {}; results: {}",
        out.display(),
        record.file().lines.len(),
        record.file().total(),
        journal_path.display(),
        results_path.display()
    );
    if STOP.load(Ordering::SeqCst) {
        let again = match &batch.checkpoints {
            Some(c) => format!(
                "they continue from their checkpoints in {}",
                c.dir.display()
            ),
            None => "they will be rerun".into(),
        };
        say_err!(
            "interrupted: {} runs finished now, {} cut short (their best games were kept in the \
             solutions file; {again}), {} not started; rerun the same command to resume",
            outcome.finished,
            outcome.cut,
            outcome.not_started
        );
        return Ok(Outcome::Interrupted);
    }
    Ok(Outcome::Ok)
}

/// Takes an exclusive lock on `<journal>.lock` while the returned file lives (the
/// system drops it when the process ends, even on kill -9), so that two processes
/// (batches, or compares with `--journal`) never write the same journal and solutions
/// file at once and undo each other's records.
pub(super) fn lock(journal: &Path) -> Result<std::fs::File, Error> {
    let path = crate::io::suffixed(journal, ".lock");
    let f = crate::io::open_append(&path)?;
    match f.try_lock() {
        Ok(()) => Ok(f),
        Err(std::fs::TryLockError::WouldBlock) => Err(Error::Other(format!(
            "another batch or compare is running on {} (it holds {}); wait for it or use other --out/--journal files",
            journal.display(),
            path.display()
        ))),
        Err(std::fs::TryLockError::Error(e)) => Err(Error::io(&path, e)),
    }
}

struct Counts {
    left: HashMap<usize, u64>,
    positions_done: usize,
    sum: f64,
    n: u64,
    best: HashMap<usize, i32>,
}

struct Progress {
    bar: ProgressBar,
    positions: usize,
    log: bool,
    counts: Mutex<Counts>,
}

impl Progress {
    /// `position P run R: {what}`: a line of the log, or above the bar on a terminal.
    fn say_run(&self, job: Job, what: String) {
        let line = format!("position {} run {}: {what}", job.position, job.run);
        if self.log {
            say_err!("{line}");
        } else {
            self.bar.println(line);
        }
    }

    fn new(jobs: &[Job], pending: &[Job], quiet: bool, tty: bool) -> Progress {
        let mut left: HashMap<usize, u64> = HashMap::new();
        for j in jobs {
            left.entry(j.position).or_insert(0);
        }
        for j in pending {
            *left.entry(j.position).or_insert(0) += 1;
        }
        let positions = left.len();
        let positions_done = left.values().filter(|&&k| k == 0).count();
        let bar = if quiet || !tty {
            ProgressBar::hidden()
        } else {
            ProgressBar::with_draw_target(Some(pending.len() as u64), ProgressDrawTarget::stderr())
        };
        bar.set_style(
            ProgressStyle::with_template(
                "{spinner} {elapsed_precise} [{bar:20}] {pos}/{len} runs, ETA {eta} | {msg}",
            )
            .expect("valid template")
            .progress_chars("=> "),
        );
        bar.set_message(format!("positions {positions_done}/{positions} done"));
        bar.enable_steady_tick(std::time::Duration::from_millis(250));
        Progress {
            bar,
            positions,
            log: !quiet && !tty,
            counts: Mutex::new(Counts {
                left,
                positions_done,
                sum: 0.0,
                n: 0,
                best: HashMap::new(),
            }),
        }
    }
}

impl Observer for Progress {
    fn finished(&self, run: &RunRecord, _improved: bool, record: &Record) {
        let mut c = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        let p = run.position as usize;
        c.sum += f64::from(run.score);
        c.n += 1;
        let best = c.best.entry(p).or_insert(i32::MIN);
        *best = (*best).max(run.score);
        let best = *best;
        let left = c.left.entry(p).or_insert(1);
        *left = left.saturating_sub(1);
        if *left == 0 {
            c.positions_done += 1;
            if self.log {
                say_err!(
                    "position {p} done: best run {best}, solutions file {}",
                    record.get(p).map_or("-".into(), |l| l.score.to_string())
                );
            }
        }
        self.bar.inc(1);
        self.bar.set_message(format!(
            "positions {}/{} done | best total {} | mean run {:.1}",
            c.positions_done,
            self.positions,
            record.total(),
            c.sum / c.n as f64
        ));
    }

    fn resumed(&self, job: Job, playouts: u64, seconds: f64) {
        self.say_run(
            job,
            format!("continues from its checkpoint ({playouts} playouts, {seconds:.0} s)"),
        );
    }

    fn best_so_far(&self, job: Job, score: i32, playouts: u64, seconds: f64) {
        self.say_run(
            job,
            super::checkpoint_args::best_so_far(score, playouts, seconds),
        );
    }

    fn cut(&self, job: Job, score: i32, improved: bool) {
        if improved {
            self.bar.println(format!(
                "position {}: run {} was cut short but improved the record to {score}",
                job.position, job.run
            ));
        }
    }
}

fn print_table(rows: &[PositionSummary]) {
    say!(
        "{:>8} {:>6} {:>8} {:>10} {:>8} {:>12}",
        "position",
        "runs",
        "best",
        "mean",
        "record",
        "playouts/s"
    );
    let opt = |v: Option<i32>| v.map_or("-".to_string(), |v| v.to_string());
    let rate = |p: u64, s: f64| {
        if s > 0.0 {
            format!("{:.0}", p as f64 / s)
        } else {
            "-".into()
        }
    };
    for r in rows {
        // A position with no finished run (an interrupted batch) has no mean.
        let mean = match r.runs {
            0 => "-".to_string(),
            _ => format!("{:.1}", r.mean),
        };
        say!(
            "{:>8} {:>6} {:>8} {:>10} {:>8} {:>12}",
            r.position,
            r.runs,
            opt(r.best),
            mean,
            opt(r.record),
            rate(r.playouts, r.seconds)
        );
    }
    let best: i64 = rows.iter().filter_map(|r| r.best).map(i64::from).sum();
    // (+ 0.0: an empty f64 sum is −0.0, which printed as "-0.0" for a shard with no runs.)
    let mean: f64 = rows.iter().map(|r| r.mean).sum::<f64>() + 0.0;
    let record: i64 = rows.iter().filter_map(|r| r.record).map(i64::from).sum();
    let runs: usize = rows.iter().map(|r| r.runs).sum();
    let playouts: u64 = rows.iter().map(|r| r.playouts).sum();
    let seconds: f64 = rows.iter().map(|r| r.seconds).sum();
    say!(
        "{:>8} {:>6} {:>8} {:>10.1} {:>8} {:>12}",
        "total",
        runs,
        best,
        mean,
        record,
        rate(playouts, seconds)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn side_files() {
        let p = |s: &str| PathBuf::from(s);
        assert_eq!(
            side_file(&p("solutions/std.samegame.txt"), "journal"),
            p("runs/std.samegame.journal")
        );
        assert_eq!(
            side_file(&p("/a/solutions/x.txt"), "results.jsonl"),
            p("/a/runs/x.results.jsonl")
        );
        assert_eq!(
            side_file(&p("/tmp/q/x.txt"), "journal"),
            p("/tmp/q/x.journal")
        );
        assert_eq!(side_file(&p("x.txt"), "journal"), p("x.journal"));
    }

    #[test]
    fn help_states_the_default_budget() {
        let cmd = <Args as clap::Args>::augment_args(clap::Command::new("batch"));
        let help = cmd
            .get_after_help()
            .expect("batch has an after_help")
            .to_string();
        let said = format!("each run gets {} playouts", Defaults::BATCH_ITERATIONS);
        assert!(help.contains(&said), "{help}");
    }
}

/// Tests of [`crate::batch::Batch::run`]; they live here because a search
/// configuration is only built through its command-line flags (the stable interface).
#[cfg(test)]
#[path = "batch/tests.rs"]
mod batch_tests;
