//! `samegame tune-eval TESTSET --positions P --journal FILE --out FILE …`: learns the
//! weights of `--eval learned` by the cross-entropy method (`crate::tune`), the beam
//! search of width `--beam-width` playing every candidate on the training
//! positions. Prints one line per candidate and per generation on stderr, writes the
//! best weights found so far to `--out` after every generation (a temporary file
//! renamed over it) and journals every candidate, so the same command resumes a
//! stopped run and a larger `--generations` extends a finished one.
//!
//! Owns: the flags, the progress lines and writing `--out`. Must not: run the
//! cross-entropy method or the journal itself (`crate::tune`).

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use super::Outcome;
use crate::batch::select::parse_positions;
use crate::error::Error;
use crate::io::testset::TestSet;
use crate::limits;
use crate::rules::Variant;
use crate::search::{Budget, Weights};
use crate::tune::{self, Candidate, Generation, Journal, Settings};

/// Arguments of `tune-eval`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Test-set file of the training positions.
    testset: PathBuf,
    /// Training positions (e.g. 1-100); required, so that validation positions are
    /// never used by accident.
    #[arg(long)]
    positions: String,
    /// Scoring variant.
    #[arg(long, default_value = "samegame")]
    variant: Variant,
    /// Width of the beam that plays every candidate (passes of width 1, 2, 4, … up
    /// to it).
    #[arg(long, default_value_t = 16)]
    beam_width: u64,
    /// Evaluated positions per game at most (default: no limit but the width).
    #[arg(long)]
    iterations: Option<u64>,
    /// Candidates per generation (the first is the mean).
    #[arg(long, default_value_t = 16)]
    population: usize,
    /// Best candidates of a generation that give the next mean and σ.
    #[arg(long, default_value_t = 4)]
    elite: usize,
    /// Generations to run (a journaled run extends to more).
    #[arg(long, default_value_t = 8)]
    generations: u32,
    /// Base seed of the draws.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (0 = all cores); the result does not depend on it.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// The first mean, from a weights file (default: the weights that equal
    /// --eval potential).
    #[arg(long, value_name = "FILE")]
    start: Option<PathBuf>,
    /// Journal of every evaluated candidate (created, or resumed when it exists).
    #[arg(long, value_name = "FILE")]
    journal: PathBuf,
    /// Weights file written with the best candidate (after every generation).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
}

static STOP: AtomicBool = AtomicBool::new(false);

/// Checks the numeric flags (`crate::limits`).
fn check(a: &Args) -> Result<(), Error> {
    let bad = |m: String| Err(Error::Config(m));
    if !(1..=limits::MAX_BEAM_SEARCH_WIDTH).contains(&a.beam_width) {
        return bad(format!(
            "--beam-width must be between 1 and {}, got {}",
            limits::MAX_BEAM_SEARCH_WIDTH,
            a.beam_width
        ));
    }
    if !(2..=limits::MAX_TUNE_POPULATION).contains(&a.population) {
        return bad(format!(
            "--population must be between 2 and {}, got {}",
            limits::MAX_TUNE_POPULATION,
            a.population
        ));
    }
    if a.elite == 0 || a.elite >= a.population {
        return bad(format!(
            "--elite must be at least 1 and below --population ({}), got {}",
            a.population, a.elite
        ));
    }
    if !(1..=limits::MAX_TUNE_GENERATIONS).contains(&a.generations) {
        return bad(format!(
            "--generations must be between 1 and {}, got {}",
            limits::MAX_TUNE_GENERATIONS,
            a.generations
        ));
    }
    limits::check_threads("--threads", a.threads, true)
}

pub fn run(a: Args) -> Result<Outcome, Error> {
    check(&a)?;
    let mut inputs = vec![("TESTSET", a.testset.as_path())];
    inputs.extend(a.start.as_deref().map(|s| ("--start", s)));
    crate::io::check_kept(&[("--journal", &a.journal)])?;
    crate::io::check_distinct(&[("--journal", &a.journal), ("--out", &a.out)], &inputs)?;
    // Written after every generation: a folder there is refused before the first.
    crate::io::check_output(&a.out)?;
    let budget = super::search_args::budget_from_flags(a.iterations, None, None)?
        .unwrap_or(Budget::Iterations(limits::MAX_ITERATIONS));
    let set = TestSet::read(&a.testset)?;
    let idx = parse_positions(&a.positions, set.positions.len())?;
    let boards = idx
        .iter()
        .map(|&n| set.position(n).map(|p| p.board(a.variant)))
        .collect::<Result<Vec<_>, Error>>()?;
    let start = match &a.start {
        Some(p) => super::search_args::read_eval_weights(p)?.weights,
        None => Weights::POTENTIAL,
    };
    let settings = Settings {
        positions: format!("{} {}", a.testset.display(), a.positions),
        boards,
        beam_width: a.beam_width,
        budget,
        population: a.population,
        elite: a.elite,
        seed: a.seed,
        start,
    };
    settings.config(start).validate()?;
    let positions = idx.iter().map(|&n| &set.positions[n - 1]);
    super::beam_memory::check(&settings.config(start), &set, positions, a.variant)?;
    let _lock = super::batch::lock(&a.journal)?;
    let mut journal = Journal::open(&a.journal, &settings.line())?;
    if journal.torn {
        say_err!(
            "warning: {}: a torn last line (an interrupted append) was dropped",
            a.journal.display()
        );
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads)
        .build()
        .map_err(|e| Error::Other(format!("cannot start {} threads: {e}", a.threads)))?;
    say_err!(
        "tune-eval: {} training positions, beam width {}, {} generations of {} (elite {}), seed {}; {} candidates journaled in {}",
        settings.boards.len(),
        a.beam_width,
        a.generations,
        a.population,
        a.elite,
        a.seed,
        journal.len(),
        a.journal.display()
    );
    super::checkpoint_args::on_interrupt(
        &STOP,
        "\nstopping after the games in progress (interrupt again to quit now)",
        "\nsecond interrupt: exiting now (the journal has every finished candidate)",
        "an interrupt loses the candidate in progress",
    );
    let n = settings.boards.len() as f64;
    let mut best: Option<Candidate> = None;
    let mut seen = |c: &Candidate| {
        say_err!(
            "generation {} candidate {}: total {} mean {:.1}{}",
            c.generation,
            c.index,
            c.total,
            c.total as f64 / n,
            if c.journaled { " (journal)" } else { "" }
        );
    };
    let mut done = |g: &Generation| -> Result<(), Error> {
        for c in &g.candidates {
            if best.as_ref().is_none_or(|b| c.total > b.total) {
                best = Some(c.clone());
            }
        }
        let b = best.as_ref().expect("a generation has candidates");
        say_err!(
            "generation {} done: best so far generation {} candidate {} (mean {:.1}); next mean {}",
            g.number,
            b.generation,
            b.index,
            b.total as f64 / n,
            g.mean
        );
        write_weights(&a, &settings, b, g.number + 1)
    };
    let out = pool.install(|| {
        tune::run(
            &settings,
            a.generations,
            &mut journal,
            &STOP,
            &mut seen,
            &mut done,
        )
    })?;
    let Some(b) = out.best else {
        say_err!(
            "interrupted before the first candidate was played; rerun the same command to resume"
        );
        return Ok(Outcome::Interrupted);
    };
    say!(
        "best: generation {} candidate {}, total {} (mean {:.1} over {} positions); {} games played now; weights: {}",
        b.generation,
        b.index,
        b.total,
        b.total as f64 / n,
        settings.boards.len(),
        out.games,
        a.out.display()
    );
    if out.stopped {
        say_err!(
            "interrupted in generation {}: {} wrote the best of the generations finished; rerun the same command to resume",
            out.generations,
            a.out.display()
        );
        return Ok(Outcome::Interrupted);
    }
    Ok(Outcome::Ok)
}

/// Writes candidate `b` as a weights file, with a header saying how it was found.
fn write_weights(a: &Args, s: &Settings, b: &Candidate, generations: u32) -> Result<(), Error> {
    let header = format!(
        "Weights of the learned evaluation (--eval learned), read by --eval-weights FILE.\n\
         value = max over the colours t present of the sum of weight * feature below\n\
         (t: the colour held back for the end; src/search/eval/features.rs).\n\
         \n\
         Written by samegame tune-eval (cross-entropy method, src/tune.rs), do not edit:\n\
         {}\n\
         best of {generations} generation(s): generation {} candidate {}, total {} over {} positions (mean {:.1}).\n\
         Settings: {}",
        command(a),
        b.generation,
        b.index,
        b.total,
        s.boards.len(),
        b.total as f64 / s.boards.len() as f64,
        s.line()
    );
    crate::io::write_output(&a.out, b.weights.to_toml(&header).as_bytes())
}

/// The command that reproduces this run (the journal and output names as given).
fn command(a: &Args) -> String {
    let mut c = format!(
        "samegame tune-eval {} --positions {} --variant {} --beam-width {}",
        a.testset.display(),
        a.positions,
        a.variant,
        a.beam_width
    );
    if let Some(k) = a.iterations {
        c += &format!(" --iterations {k}");
    }
    c += &format!(
        " --population {} --elite {} --generations {} --seed {}",
        a.population, a.elite, a.generations, a.seed
    );
    if let Some(p) = &a.start {
        c += &format!(" --start {}", p.display());
    }
    c + &format!(
        " --journal {} --out {}",
        a.journal.display(),
        a.out.display()
    )
}
