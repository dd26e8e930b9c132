//! `samegame export SOLUTIONS [--testset T] --format codingame`: solutions as
//! `x y;x y;…`, e.g. of the solutions file a `batch` keeps. Every line is replayed
//! first on its test set (`--testset`, by default `testsets/<set>.txt` for
//! `solutions/<set>.<variant>.txt`, as for the bot), and a line that does not
//! replay is an error (file:line) instead of a submission that would fail.
//!
//! `--format codingame-bot --out bot.py` takes one or more solutions files and writes
//! a CodinGame bot that plays their best verified lines (see [`super::bot`]).
//!
//! Owns: the flags and the two output formats. Must not: write anything but `--out`
//! (through `io::write_output`) or print a line it has not replayed.

use std::path::PathBuf;

use super::Outcome;
use crate::error::Error;
use crate::io::solutions::SolutionsFile;
use crate::line::codingame;

/// Arguments of `export`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Solutions file (several with `--format codingame-bot`).
    #[arg(required = true, num_args = 1..)]
    solutions: Vec<PathBuf>,
    /// Output format: `codingame` prints `<position> x y;x y;…` per position;
    /// `codingame-bot` writes a Python 3 bot for CodinGame's SameGame to `--out`.
    #[arg(long, default_value = "codingame", value_parser = ["codingame", "codingame-bot"])]
    format: String,
    /// Output file of `--format codingame-bot`.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Print only this position's moves, without the position number.
    #[arg(long)]
    position: Option<usize>,
    /// Test set to replay every line on before exporting (variant from the file);
    /// by default `testsets/<set>.txt` for `solutions/<set>.<variant>.txt`, for
    /// either format. With `codingame-bot`: one per solutions file in order, or one
    /// for all.
    #[arg(long)]
    testset: Vec<PathBuf>,
}

pub fn run(a: Args) -> Result<Outcome, Error> {
    if a.format == "codingame-bot" {
        let out = a
            .out
            .ok_or_else(|| Error::Config("--format codingame-bot needs --out FILE".to_string()))?;
        if a.position.is_some() {
            return Err(Error::Config(
                "--position does not apply to --format codingame-bot".to_string(),
            ));
        }
        let inputs: Vec<(&str, &std::path::Path)> =
            (a.solutions.iter().map(|p| ("SOLUTIONS", p.as_path())))
                .chain(a.testset.iter().map(|p| ("--testset", p.as_path())))
                .collect();
        crate::io::check_distinct(&[("--out", &out)], &inputs)?;
        super::bot::export(&a.solutions, &a.testset, &out)?;
        return Ok(Outcome::Ok);
    }
    let [solutions] = a.solutions.as_slice() else {
        return Err(Error::Config(
            "--format codingame takes one solutions file".to_string(),
        ));
    };
    if a.out.is_some() {
        return Err(Error::Config(
            "--format codingame prints to stdout: --out is only for --format codingame-bot"
                .to_string(),
        ));
    }
    if a.testset.len() > 1 {
        return Err(Error::Config(
            "--format codingame takes at most one --testset".to_string(),
        ));
    }
    let sols = SolutionsFile::read(solutions)?;
    // One solutions file: its one test set.
    let testset = super::bot::pair_testsets(std::slice::from_ref(solutions), &a.testset)?.remove(0);
    let set = crate::io::testset::TestSet::read(&testset)?;
    let variant = sols.variant.unwrap_or_default();
    crate::batch::record::verify_all(&sols, solutions, &set, variant)?;
    match a.position {
        Some(p) => {
            let l = sols.lines.get(&p).ok_or_else(|| {
                Error::Config(format!("{}: no line for position {p}", solutions.display()))
            })?;
            println!("{}", codingame(&l.moves));
        }
        None => {
            for l in sols.lines.values() {
                println!("{} {}", l.position, codingame(&l.moves));
            }
        }
    }
    Ok(Outcome::Ok)
}
