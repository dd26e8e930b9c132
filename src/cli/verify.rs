//! `samegame verify TESTSET SOLUTIONS [--variant V]`: replays every solution line.
//!
//! Owns: the flags, the table and the exit code (1 when a line fails). Must not:
//! change any file; replaying is `crate::line`'s.

use std::path::PathBuf;

use super::Outcome;
use crate::error::Error;
use crate::io::solutions::SolutionsFile;
use crate::io::testset::TestSet;
use crate::line;
use crate::rules::Variant;

/// Arguments of `verify`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Test-set file the solutions refer to (`-`: standard input).
    testset: PathBuf,
    /// Solutions file (`<position> <score> <x>,<y> …` lines).
    solutions: PathBuf,
    /// Scoring variant; default: the file's `# variant` line, else samegame.
    #[arg(long)]
    variant: Option<Variant>,
    /// Print a Markdown table (position, score, moves) instead of plain lines.
    #[arg(long)]
    markdown: bool,
}

pub fn run(a: Args) -> Result<Outcome, Error> {
    let set = TestSet::read(&a.testset)?;
    let sols = SolutionsFile::read(&a.solutions)?;
    let variant = match (a.variant, sols.variant) {
        (Some(v), Some(f)) if v != f => {
            return Err(Error::Config(format!(
                "{}: the file says variant {f} but --variant {v} was given",
                a.solutions.display()
            )))
        }
        (Some(v), _) | (None, Some(v)) => v,
        (None, None) => Variant::SameGame,
    };
    let (mut ok, mut failed, mut total) = (0usize, 0usize, 0i64);
    if a.markdown {
        println!("| position | score | moves |\n|---:|---:|---:|");
    }
    for l in sols.lines.values() {
        let at = format!("{}:{}", a.solutions.display(), l.line);
        let result = match set.position(l.position) {
            Err(e) => Err(e.to_string()),
            Ok(p) => line::verify(&p.board(variant), &l.moves, l.score),
        };
        match result {
            Ok(score) => {
                ok += 1;
                total += i64::from(score);
                if a.markdown {
                    println!("| {} | {} | {} |", l.position, score, l.moves.len());
                } else {
                    println!(
                        "position {}: ok {} ({} moves)",
                        l.position,
                        score,
                        l.moves.len()
                    );
                }
            }
            Err(msg) => {
                failed += 1;
                println!("position {}: FAILED at {at}: {msg}", l.position);
            }
        }
    }
    if a.markdown {
        println!("| **total** | **{total}** | |");
    }
    println!(
        "total {total} over {ok} positions ({variant}; {ok} ok, {failed} failed; {} in the test set)",
        set.positions.len()
    );
    Ok(if failed == 0 {
        Outcome::Ok
    } else {
        Outcome::Failed
    })
}
