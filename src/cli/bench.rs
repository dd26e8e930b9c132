//! `samegame bench`: single-thread random playouts on the standard 20 boards (or on
//! the boards of `--testset`).
//! Prints `playouts_per_s <N>` (read by scripts: keep the line as it is) and
//! `signature <S>`, the sum of the playouts' scores: deterministic for a seed and a
//! `--playouts` count (tests/cli.rs pins it for 2000 playouts). With
//! `--classic` it then runs the classic array engine ([`crate::board::classic`]) on
//! the same boards for the same time or count, in the same process, and prints its
//! `classic_playouts_per_s` and the ratio `speedup_vs_classic`. Where the OS reports
//! thread CPU time (Unix), `cpu_playouts_per_s` lines give the rates per CPU-second
//! and the ratio uses them, so a shared machine does not skew it.
//!
//! Owns: the flags, the timing and the printed lines. Must not: write files or
//! search; it measures the engine's random playouts only.

use std::time::{Duration, Instant};

use super::Outcome;
use crate::board::classic::{classic_playout, ClassicBoard};
use crate::board::Cell;
use crate::error::Error;
use crate::io::testset::TestSet;
use crate::policy::{playout, tabu_color};
use crate::rules::Variant;
use crate::search::thread_cpu_time;

/// The standard 20 boards, compiled in so `bench` runs anywhere.
const STANDARD_20: &str = include_str!("../../testsets/samegame-standard-20.txt");

/// Arguments of `bench`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Seconds to run.
    #[arg(long, default_value_t = 5.0, conflicts_with = "playouts")]
    seconds: f64,
    /// Rollout policy: random (uniform over groups) or tabu (TabuColorRandom).
    #[arg(long, default_value = "random", value_parser = ["random", "tabu"])]
    policy: String,
    /// Run this many playouts instead of `--seconds`, rounded up to whole passes over
    /// the boards (20 a pass on the standard 20; `playouts` prints the count), for
    /// instruction counts under callgrind and for a deterministic signature.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=crate::limits::MAX_ITERATIONS))]
    playouts: Option<u64>,
    /// Random seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Also run the classic array engine (every group recomputed by flood fill each
    /// move, uniform over groups) on the same boards and print the speed ratio.
    #[arg(long)]
    classic: bool,
    /// Play the boards of this test-set file (SameGame rules) instead of the
    /// standard 20.
    #[arg(long)]
    testset: Option<std::path::PathBuf>,
}

pub fn run(a: Args) -> Result<Outcome, Error> {
    if !(a.seconds > 0.0 && a.seconds <= crate::limits::MAX_BENCH_SECONDS) {
        return Err(Error::Config(format!(
            "--seconds must be a number of seconds in (0, {}], got {}",
            crate::limits::MAX_BENCH_SECONDS,
            a.seconds
        )));
    }
    let set = match &a.testset {
        Some(path) => TestSet::read(path)?,
        None => TestSet::parse(
            STANDARD_20,
            std::path::Path::new("samegame-standard-20.txt"),
        )?,
    };
    if set.positions.is_empty() {
        return Err(Error::Config("the test set has no positions".into()));
    }
    let boards: Vec<_> = set
        .positions
        .iter()
        .map(|p| p.board(Variant::SameGame))
        .collect();
    let tabu = a.policy == "tabu";
    if a.classic && tabu {
        return Err(Error::Config(
            "--classic compares random playouts: drop --policy tabu".into(),
        ));
    }
    let mut rng = crate::rng_for(a.seed, 0, 0);
    let per_pass = boards.len() as u64;
    let mut ours_pass = |moves: &mut Vec<Cell>| {
        let mut total = (0, 0);
        for b in &boards {
            let mut board = *b;
            moves.clear();
            let t = if tabu { tabu_color(&board) } else { None };
            total.0 += i64::from(playout(&mut board, t, &mut rng, moves));
            total.1 += moves.len() as u64;
        }
        total
    };
    let classic: Vec<_> = boards.iter().map(ClassicBoard::from_board).collect();
    let mut classic_rng = crate::rng_for(a.seed, 1, 0);
    let mut classic_pass = |moves: &mut Vec<Cell>| {
        let mut total = (0, 0);
        for b in &classic {
            let mut board = b.clone();
            moves.clear();
            total.0 += i64::from(classic_playout(&mut board, &mut classic_rng, moves));
            total.1 += moves.len() as u64;
        }
        total
    };
    let (mut ours, mut c) = (Measured::default(), Measured::default());
    let seconds = Duration::from_secs_f64(a.seconds);
    match (a.playouts, a.classic) {
        (Some(n), _) => {
            ours.run(per_pass, &mut ours_pass, |m| m.playouts >= n);
            if a.classic {
                c.run(per_pass, &mut classic_pass, |m| m.playouts >= n);
            }
        }
        (None, false) => ours.run(per_pass, &mut ours_pass, |m| m.time >= seconds),
        (None, true) => {
            // Alternate slices of 50 ms, so that both engines see the same machine
            // load (the machine may be shared).
            let slice = Duration::from_millis(50);
            while ours.time < seconds {
                let (t0, t1) = (ours.time + slice, c.time + slice);
                ours.run(per_pass, &mut ours_pass, |m| m.time >= t0);
                c.run(per_pass, &mut classic_pass, |m| m.time >= t1);
            }
        }
    }
    let b0 = &boards[0];
    eprintln!(
        "bench: {} boards {}x{}x{}, policy {}, {:.1} s, 1 thread",
        boards.len(),
        b0.width(),
        b0.height(),
        b0.colors(),
        a.policy,
        ours.secs()
    );
    println!("playouts {}", ours.playouts);
    println!("signature {}", ours.score_sum);
    println!(
        "moves_per_playout {:.1}",
        ours.moves as f64 / ours.playouts as f64
    );
    println!(
        "mean_score {:.1}",
        ours.score_sum as f64 / ours.playouts as f64
    );
    println!("moves_per_s {:.0}", ours.moves as f64 / ours.secs());
    println!("playouts_per_s {:.0}", ours.per_s());
    if let Some(v) = ours.per_cpu_s() {
        println!("cpu_playouts_per_s {v:.0}");
    }
    if a.classic {
        eprintln!(
            "bench: classic array engine, same boards, {:.1} s",
            c.secs()
        );
        println!(
            "classic_mean_score {:.1}",
            c.score_sum as f64 / c.playouts as f64
        );
        println!("classic_playouts_per_s {:.0}", c.per_s());
        // The ratio of CPU-time rates where available: it does not depend on how
        // much of the machine other processes took during each slice.
        match (ours.per_cpu_s(), c.per_cpu_s()) {
            (Some(o), Some(k)) => {
                println!("classic_cpu_playouts_per_s {k:.0}");
                println!("speedup_vs_classic {:.1} (cpu time)", o / k);
            }
            _ => println!(
                "speedup_vs_classic {:.1} (wall time)",
                ours.per_s() / c.per_s()
            ),
        }
    }
    Ok(Outcome::Ok)
}

/// What one engine did in one measurement.
#[derive(Default)]
struct Measured {
    playouts: u64,
    moves: u64,
    score_sum: i64,
    /// Wall-clock time.
    time: Duration,
    /// CPU time of this thread, where the OS reports it (Linux).
    cpu: Option<Duration>,
}

impl Measured {
    fn secs(&self) -> f64 {
        self.time.as_secs_f64()
    }
    /// Playouts per wall-clock second.
    fn per_s(&self) -> f64 {
        self.playouts as f64 / self.secs()
    }
    /// Playouts per CPU-second of the running thread (not slowed down by other
    /// processes on a shared machine), where available.
    fn per_cpu_s(&self) -> Option<f64> {
        // A pass too short for the clock to advance has no rate (never `inf`).
        self.cpu
            .filter(|c| !c.is_zero())
            .map(|c| self.playouts as f64 / c.as_secs_f64())
    }
    /// Runs `pass` (one playout on each of the `per_pass` boards; returns the score
    /// and move sums) until `done`, adding to the totals.
    fn run(
        &mut self,
        per_pass: u64,
        pass: &mut dyn FnMut(&mut Vec<Cell>) -> (i64, u64),
        done: impl Fn(&Measured) -> bool,
    ) {
        let mut moves = Vec::with_capacity(256);
        let (start, before, cpu0) = (Instant::now(), self.time, thread_cpu_time());
        while !done(self) {
            let (s, k) = pass(&mut moves);
            self.score_sum += s;
            self.moves += k;
            self.playouts += per_pass;
            self.time = before + start.elapsed();
        }
        self.cpu = match (cpu0, thread_cpu_time()) {
            (Some(a), Some(b)) => Some(self.cpu.unwrap_or_default() + b.saturating_sub(a)),
            _ => None,
        };
    }
}
