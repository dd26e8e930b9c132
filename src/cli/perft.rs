//! `samegame perft TESTSET --position N --depth D`: prints `depth d: <count>`.
//!
//! Owns: the flags and that line (read by scripts: keep it as it is). Must not:
//! count itself (`crate::perft` walks every move sequence with the board's rules).

use std::path::PathBuf;

use super::Outcome;
use crate::error::Error;
use crate::io::testset::TestSet;
use crate::rules::Variant;

/// Arguments of `perft`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Test-set file (`-`: read it from standard input).
    testset: PathBuf,
    /// Position number (from 1).
    #[arg(long, default_value_t = 1)]
    position: usize,
    /// Deepest sequence length to count.
    #[arg(long, default_value_t = 3,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new()
              .range(1..=crate::limits::MAX_PERFT_DEPTH as u64))]
    depth: usize,
}

pub fn run(a: Args) -> Result<Outcome, Error> {
    if a.depth == 0 {
        return Err(Error::Config("--depth must be at least 1".into()));
    }
    let set = TestSet::read(&a.testset)?;
    let board = set.position(a.position)?.board(Variant::SameGame);
    for (d, n) in crate::perft::perft(&board, a.depth).iter().enumerate() {
        println!("depth {}: {n}", d + 1);
    }
    Ok(Outcome::Ok)
}
