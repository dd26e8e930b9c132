//! `samegame verify TESTSET SOLUTIONS [--variant V]`: replays every solution line.
//! Either file may be `-` (standard input), not both.
//!
//! Owns: the flags, the table and the exit code (1 when a line fails, or when the
//! file holds no line at all: a truncated file must not pass). Must not: change any
//! file; replaying is `crate::line`'s.

use std::path::{Path, PathBuf};

use super::Outcome;
use crate::board::{Board, Cell};
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
    /// Solutions file (`<position> <score> <x>,<y> …` lines; `-`: standard input).
    solutions: PathBuf,
    /// Scoring variant; default: the file's `# variant` line, else samegame.
    #[arg(long)]
    variant: Option<Variant>,
    /// Print a Markdown table (position, score, moves) instead of plain lines; a
    /// line that fails is a row `FAILED`, its reason on stderr.
    #[arg(long)]
    markdown: bool,
}

pub fn run(a: Args) -> Result<Outcome, Error> {
    let stdin = Path::new("-");
    if a.testset == stdin && a.solutions == stdin {
        return Err(Error::Config(
            "only one of TESTSET and SOLUTIONS can be - (standard input)".to_string(),
        ));
    }
    let set = TestSet::read(&a.testset)?;
    let (sols, name) = if a.solutions == stdin {
        (
            SolutionsFile::read_stdin()?,
            PathBuf::from(crate::io::STDIN),
        )
    } else {
        (SolutionsFile::read(&a.solutions)?, a.solutions.clone())
    };
    let variant = match (a.variant, sols.variant) {
        (Some(v), Some(f)) if v != f => {
            return Err(Error::Config(format!(
                "{}: the file says variant {f} but --variant {v} was given",
                name.display()
            )))
        }
        (Some(v), _) | (None, Some(v)) => v,
        (None, None) => Variant::SameGame,
    };
    let defaulted = a.variant.is_none() && sols.variant.is_none();
    if sols.lines.is_empty() {
        eprintln!(
            "{}: no solution lines to verify (an empty or truncated file?)",
            name.display()
        );
        return Ok(Outcome::Failed);
    }
    let (mut ok, mut failed, mut total) = (0usize, 0usize, 0i64);
    if a.markdown {
        println!("| position | score | moves |\n|---:|---:|---:|");
    }
    for l in sols.lines.values() {
        let at = format!("{}:{}", name.display(), l.line);
        let result = match set.position(l.position) {
            Err(e) => Err(e.to_string()),
            Ok(p) => line::verify(&p.board(variant), &l.moves, l.score).map_err(|msg| {
                if defaulted {
                    msg + &other_variant(|v| p.board(v), &l.moves, l.score)
                } else {
                    msg
                }
            }),
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
                let line = format!("position {}: FAILED at {at}: {msg}", l.position);
                if a.markdown {
                    println!("| {} | FAILED | {} |", l.position, l.moves.len());
                    eprintln!("{line}");
                } else {
                    println!("{line}");
                }
            }
        }
    }
    if a.markdown {
        // A blank line ends the table: Markdown would take the next line as a row.
        println!("| **total** | **{total}** | |\n");
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

/// For a line scored as samegame only because neither the file nor `--variant`
/// named a variant: the hint `; as V it verifies (give --variant V)` when the
/// claimed score is that of another variant, else nothing.
fn other_variant(board: impl Fn(Variant) -> Board, moves: &[Cell], claimed: i32) -> String {
    Variant::ALL
        .into_iter()
        .filter(|&v| v != Variant::SameGame)
        .find(|&v| line::verify(&board(v), moves, claimed).is_ok())
        .map(|v| {
            format!(
                " (scored as samegame: the file has no `# variant` line; as {v} it verifies: give --variant {v})"
            )
        })
        .unwrap_or_default()
}
