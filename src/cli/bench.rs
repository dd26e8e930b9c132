//! `samegame bench`: single-thread random playouts on the standard 20 boards.
//! Prints `playouts_per_s <N>` (read by scripts: keep the line as it is).

use std::time::{Duration, Instant};

use super::Outcome;
use crate::error::Error;
use crate::io::testset::TestSet;
use crate::policy::{playout, tabu_color};
use crate::rules::Variant;

/// The standard 20 boards, compiled in so `bench` runs anywhere.
const STANDARD_20: &str = include_str!("../../testsets/samegame-standard-20.txt");

/// Arguments of `bench`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Seconds to run.
    #[arg(long, default_value_t = 5.0)]
    seconds: f64,
    /// Rollout policy: random (uniform over groups) or tabu (TabuColorRandom).
    #[arg(long, default_value = "random", value_parser = ["random", "tabu"])]
    policy: String,
    /// Run exactly this many playouts instead of `--seconds` (for instruction counts
    /// under callgrind and for a deterministic signature).
    #[arg(long)]
    playouts: Option<u64>,
    /// Random seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

pub fn run(a: Args) -> Result<Outcome, Error> {
    if !(a.seconds > 0.0 && a.seconds.is_finite()) {
        return Err(Error::Config("--seconds must be a positive number".into()));
    }
    let set = TestSet::parse(
        STANDARD_20,
        std::path::Path::new("samegame-standard-20.txt"),
    )?;
    let boards: Vec<_> = set
        .positions
        .iter()
        .map(|p| p.board(Variant::SameGame))
        .collect();
    let tabu = a.policy == "tabu";
    let mut rng = crate::rng_for(a.seed, 0, 0);
    let mut moves = Vec::with_capacity(256);
    let (mut playouts, mut total_moves, mut score_sum) = (0u64, 0u64, 0i64);
    let limit = Duration::from_secs_f64(a.seconds);
    let start = Instant::now();
    let enough = |p: u64| match a.playouts {
        Some(n) => p >= n,
        None => start.elapsed() >= limit,
    };
    while !enough(playouts) {
        for b in &boards {
            let mut board = *b;
            moves.clear();
            let t = if tabu { tabu_color(&board) } else { None };
            score_sum += i64::from(playout(&mut board, t, &mut rng, &mut moves));
            total_moves += moves.len() as u64;
            playouts += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "bench: {} boards 15x15x5, policy {}, {:.1} s, 1 thread",
        boards.len(),
        a.policy,
        secs
    );
    println!("playouts {playouts}");
    println!("signature {score_sum}");
    println!(
        "moves_per_playout {:.1}",
        total_moves as f64 / playouts as f64
    );
    println!("mean_score {:.1}", score_sum as f64 / playouts as f64);
    println!("moves_per_s {:.0}", total_moves as f64 / secs);
    println!("playouts_per_s {:.0}", playouts as f64 / secs);
    Ok(Outcome::Ok)
}
