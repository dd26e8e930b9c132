//! `samegame solve TESTSET [--position N | --positions 1-5,8] [--threads N] --algo A …
//! (--iterations K | --time S)`: prints one solution line per position on stdout,
//! statistics on stderr.
//! `--threads N` (root parallelisation, `search::parallel`) runs the N searches of a
//! position on a pool of N threads; for `--algo beam`, it runs the one search on a
//! pool of N threads (default: all cores), with the same result whatever N; for
//! `--algo nrpa`, one search of `--nrpa-width` (default N) on N threads, its result
//! fixed by the width whatever N (`--nrpa-independent`: N searches, as for NMCS).
//! Ctrl-C or SIGTERM stops the search in progress, which prints its best line so far
//! (verified, as every line) and the positions after it are not searched (exit 130);
//! a second one exits at once. `--progress S` prints the best score so far every S
//! seconds when it improved (read from the checkpoints of the searches that keep them).
//!
//! Owns: the flags beyond the shared search settings, the thread pool and the two
//! output streams (the stderr lines are read by scripts: keep them as they are).
//! Must not: write files or pick defaults (`search_args`, `search::defaults`); it
//! prints no line it has not replayed first (`crate::line::verify`).

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

use super::search_args::SearchArgs;
use super::Outcome;
use crate::error::Error;
use crate::io::solutions::SolutionLine;
use crate::io::testset::TestSet;
use crate::rules::Variant;
use crate::search::{
    checkpointable_for, search_checkpointed, search_with_stop, Algo, BestSoFar, Budget,
    Checkpoints, Defaults, SearchResult, Valid,
};

/// Set by the first Ctrl-C or SIGTERM: the search in progress returns its best line.
static STOP: AtomicBool = AtomicBool::new(false);

/// Arguments of `solve`. `--search-threads` is a hidden alias of `--threads` here
/// (the two said one thing; batch and compare document `--search-threads`, where
/// their own `--threads` counts workers).
#[derive(clap::Args, Debug)]
#[command(mut_arg("search_threads", |a| a.hide(true)))]
#[command(mut_arg("iterations", |a| a.help(format!(
    "Budget: level-0 playouts for the whole search (without --iterations, --time or \
     --cpu-time: {} playouts)",
    crate::limits::n(Defaults::ITERATIONS)
))))]
pub struct Args {
    /// Test-set file (`-`: read it from standard input).
    testset: PathBuf,
    /// Solve only this position (from 1); default: every position.
    #[arg(long)]
    position: Option<usize>,
    /// Solve only these positions: a list as batch's (`1-5,8`).
    #[arg(long, conflicts_with = "position")]
    positions: Option<String>,
    /// Scoring variant.
    #[arg(long, default_value = "samegame")]
    variant: Variant,
    /// Base random seed (position p uses stream p).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Play batch's run R of each position (`batch --seed X` run R uses stream
    /// (position, R); solve's default is run 0): with the batch's configuration,
    /// budget and seed, the same search and line, e.g. to watch one with --progress.
    #[arg(long, value_name = "R", default_value_t = 0)]
    run: u64,
    /// Root parallelisation: N independent searches of each position (own seeds,
    /// sharing nothing) on N threads; --iterations is their total. For nrpa, one
    /// search of --nrpa-width N (default) on N threads, unless --nrpa-independent.
    /// Default `auto`: one search, but 2 trees for mcts (SameGame and Bubble Breaker
    /// with an iteration budget) and all cores for beam's one search. N is part of the
    /// search: another N gives other lines (but for beam). batch and compare give the
    /// same results whatever their --threads (worker threads).
    #[arg(long, conflicts_with = "search_threads", value_parser = super::search_args::threads_arg)]
    threads: Option<u32>,
    /// Every SECONDS, print the best score found so far on stderr when it has
    /// improved: `position N: best so far S (P playouts, T s)`. nrpa, the tree
    /// searches with one tree and the beam: the search's state is read as `batch
    /// --checkpoint` saves it (in memory, nothing written; a tree search copies its
    /// whole tree each time; the beam reports at the start of a layer). The line
    /// printed is the one the search gives without it.
    #[arg(long, value_name = "SECONDS")]
    progress: Option<f64>,
    #[command(flatten)]
    search: SearchArgs,
}

pub fn run(mut a: Args) -> Result<Outcome, Error> {
    let set = TestSet::read(&a.testset)?;
    if a.threads.is_some() {
        a.search.search_threads = a.threads;
    }
    let config = a.search.config()?;
    let progress = match a.progress {
        Some(s) => {
            crate::limits::check_seconds("--progress", s)?;
            checkpointable_for(&config, "--progress (it reads the search's checkpoints)")?;
            Some(std::time::Duration::from_secs_f64(s))
        }
        None => None,
    };
    let budget = a
        .search
        .budget(crate::search::Budget::Iterations(Defaults::ITERATIONS))?;
    // The beam runs one search on a pool of --threads threads (auto: all cores of
    // the global pool); parallel NRPA runs its one search of --nrpa-width on
    // --threads threads (default 1); the other algorithms run `trees` searches on
    // as many threads.
    let wide_nrpa = config.algo() == Algo::Nrpa && config.nrpa().is_some_and(|p| p.width > 1);
    let threads = match config.algo() {
        Algo::Beam => config.trees,
        _ if wide_nrpa => a.search.search_threads.filter(|&t| t > 0).unwrap_or(1),
        _ => config.resolved_trees(a.variant, budget),
    };
    let own_pool = match config.algo() {
        Algo::Beam => threads >= 1,
        _ => wide_nrpa || threads > 1,
    };
    let pool = own_pool
        .then(|| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads as usize)
                .build()
        })
        .transpose()
        .map_err(|e| Error::Other(format!("cannot start {threads} threads: {e}")))?;
    let positions: Vec<_> = match (a.position, &a.positions) {
        (Some(n), _) => vec![set.position(n)?],
        (None, Some(list)) => crate::batch::select::parse_positions(list, set.positions.len())?
            .into_iter()
            .map(|n| set.position(n))
            .collect::<Result<_, _>>()?,
        (None, None) => set.positions.iter().collect(),
    };
    super::beam_memory::check(&config, &set, positions.iter().copied(), a.variant)?;
    match a.run {
        0 => eprintln!("{} ({budget:?}, seed {})", config, a.seed),
        r => eprintln!("{} ({budget:?}, seed {}, run {r})", config, a.seed),
    }
    super::checkpoint_args::on_interrupt(
        &STOP,
        "\nstopping: the search in progress prints its best line so far (interrupt again to quit now)",
        "\nsecond interrupt: exiting now (the search in progress is lost)",
        "an interrupt will lose the search in progress",
    );
    let mut total = 0i64;
    let mut said = String::new();
    let mut searched = 0;
    for &p in &positions {
        if STOP.load(Ordering::SeqCst) {
            break;
        }
        let board = p.board(a.variant);
        // What runs, every default and `auto` resolved for this board and budget:
        // said before the first search and again whenever it differs.
        let runs = crate::search::resolution(&config, &board, budget);
        if runs != said {
            say_err!("runs: {runs}");
            said = runs;
        }
        let mut rng = crate::rng_for(a.seed, p.index as u64, a.run);
        let mut search = || match progress {
            Some(every) => with_progress(&config, &board, budget, &mut rng, every, p.index),
            None => search_with_stop(&config, &board, budget, &mut rng, Some(&STOP)),
        };
        let r = match &pool {
            Some(pool) => pool.install(search),
            None => search(),
        };
        let stopped = STOP.load(Ordering::SeqCst);
        searched += 1;
        crate::line::verify(&board, &r.moves, r.score).map_err(|e| {
            Error::Other(format!(
                "internal error: position {} result does not replay: {e}",
                p.index
            ))
        })?;
        total += i64::from(r.score);
        let line = SolutionLine {
            position: p.index,
            score: r.score,
            moves: r.moves,
            line: 0,
        };
        say!("{}", line.format());
        let mut extra = String::new();
        if r.stats.solved_nodes > 0 {
            extra += &format!(" solved {}", r.stats.solved_nodes);
        }
        if r.stats.endgames > 0 {
            extra += &format!(
                " endgames {} ({} positions)",
                r.stats.endgames, r.stats.endgame_nodes
            );
        }
        if own_pool {
            extra += &format!(" threads {threads}");
        }
        if r.stats.proven {
            extra += " proven optimal";
        } else if config.algo() == Algo::Exact && !stopped {
            extra += " not proven (budget spent; best line found)";
        } else if stopped {
            extra += match config.algo() {
                Algo::Exact => " not proven (stopped; best line so far)",
                _ => " stopped (best line so far)",
            };
        }
        say_err!(
            "position {}: score {} playouts {} nodes {} peak {} {:.2} s{extra}",
            p.index,
            r.score,
            r.stats.playouts,
            r.stats.nodes_created,
            r.stats.peak_nodes,
            r.stats.seconds
        );
    }
    say_err!("total {total}");
    if STOP.load(Ordering::SeqCst) {
        if searched < positions.len() {
            say_err!(
                "stopped: {} of {} positions not searched",
                positions.len() - searched,
                positions.len()
            );
        }
        return Ok(Outcome::Interrupted);
    }
    Ok(Outcome::Ok)
}

/// [`search_with_stop`] through the checkpoints of `search_checkpointed` (one every
/// `every`, none resumed, nothing written): each one whose best score beats the last
/// one said prints `position P: best so far S (N playouts, T s)` on stderr. The
/// search plays what it plays without them.
fn with_progress(
    config: &Valid,
    board: &crate::Board,
    budget: Budget,
    rng: &mut crate::Rng,
    every: std::time::Duration,
    position: usize,
) -> SearchResult {
    let mut best = BestSoFar::default();
    let mut save = |bytes: &[u8]| {
        if let Some((score, s)) = best.heard(bytes) {
            let seconds = s.elapsed().as_secs_f64();
            let line = super::checkpoint_args::best_so_far(score, s.playouts(), seconds);
            say_err!("position {position}: {line}");
        }
    };
    let checkpoints = Checkpoints {
        resume: None,
        every,
        save: &mut save,
        stop_after: None,
    };
    search_checkpointed(config, board, budget, rng, Some(&STOP), checkpoints)
}
