//! `samegame export SOLUTIONS --format codingame`: solutions as `x y;x y;…`.

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
