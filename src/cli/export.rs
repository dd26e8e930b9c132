//! `samegame export SOLUTIONS [--testset T] --format codingame`: solutions as
//! `x y;x y;…`, e.g. of the solutions file a `batch` keeps. With `--testset` every
//! line is replayed first, and a line that does not replay is an error (file:line)
//! instead of a submission that would fail.

use std::path::PathBuf;

use super::Outcome;
use crate::error::Error;
use crate::io::solutions::SolutionsFile;

/// Arguments of `export`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Solutions file.
    solutions: PathBuf,
    /// Output format: `codingame` prints `<position> x y;x y;…` per position.
    #[arg(long, default_value = "codingame", value_parser = ["codingame"])]
    format: String,
    /// Print only this position's moves, without the position number.
    #[arg(long)]
    position: Option<usize>,
    /// Test set to replay every line on before exporting (variant from the file).
    #[arg(long)]
    testset: Option<PathBuf>,
}

/// The CodinGame answer format of a move list: `x y;x y;…`.
pub fn codingame(moves: &[crate::Cell]) -> String {
    moves
        .iter()
        .map(|m| format!("{} {}", m.x, m.y))
        .collect::<Vec<_>>()
        .join(";")
}

pub fn run(a: Args) -> Result<Outcome, Error> {
    let sols = SolutionsFile::read(&a.solutions)?;
    if let Some(t) = &a.testset {
        let set = crate::io::testset::TestSet::read(t)?;
        let variant = sols.variant.unwrap_or_default();
        crate::batch::record::verify_all(&sols, &a.solutions, &set, variant)?;
    }
    match a.position {
        Some(p) => {
            let l = sols.lines.get(&p).ok_or_else(|| {
                Error::Config(format!(
                    "{}: no line for position {p}",
                    a.solutions.display()
                ))
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
