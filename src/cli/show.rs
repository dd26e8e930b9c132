//! `samegame show TESTSET --position N [--solution FILE] [--step] [--no-color]`:
//! draws a board in the terminal (ANSI colours, or plain digits when stdout is not a
//! terminal or with `--no-color`) and, with a solution, the board after each move
//! with the move, the tiles it removes and the running score. With `--html OUT` it
//! writes a self-contained replay page instead ([`super::replay_page`]).
//!
//! Owns: drawing and stepping. Must not: change any file but the `--html` page.

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;

use super::Outcome;
use crate::board::{Board, Cell, GroupMask, EMPTY};
use crate::error::Error;
use crate::io::solutions::SolutionsFile;
use crate::io::testset::TestSet;
use crate::rules::Variant;

/// Arguments of `show`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Test-set file (`-`: read it from standard input).
    testset: PathBuf,
    /// Position to draw (from 1).
    #[arg(long)]
    position: usize,
    /// Solutions file: replay this position's line move by move.
    #[arg(long)]
    solution: Option<PathBuf>,
    /// Scoring variant; default: the solution file's `# variant` line, else samegame.
    #[arg(long)]
    variant: Option<Variant>,
    /// Wait for Enter before each move (when stdin is a terminal).
    #[arg(long)]
    step: bool,
    /// Plain digits instead of ANSI colours.
    #[arg(long)]
    no_color: bool,
    /// Write a self-contained HTML replay page (board, buttons, arrow keys, slider,
    /// running score) to this file instead of drawing in the terminal; without
    /// --solution, a page of the start position alone.
    #[arg(long, value_name = "OUT.html")]
    html: Option<PathBuf>,
}

/// Background colours (ANSI SGR codes) of colour indices 0-9.
const BG: [u8; 10] = [41, 42, 43, 44, 45, 46, 47, 101, 102, 104];

/// The board as text: rows top first with `y` labels on the left, `x` labels below;
/// each tile is ` d ` (its colour digit), tiles of `mark` are `[d]`, empty cells ` . `.
pub fn render(board: &Board, mark: Option<&GroupMask>, color: bool) -> String {
    let (w, h) = (board.width(), board.height());
    let mut s = String::new();
    for y in (0..h).rev() {
        s.push_str(&format!("{y:>3} |"));
        for x in 0..w {
            let marked = mark.is_some_and(|m| m.column(x) >> y & 1 == 1);
            let cell = match board.color_at(Cell::new(x, y)) {
                None => " . ".to_string(),
                Some(c) => {
                    let d = char::from(b'0' + c);
                    let text = if marked {
                        format!("[{d}]")
                    } else {
                        format!(" {d} ")
                    };
                    if color && usize::from(c) < BG.len() && c != EMPTY {
                        let bold = if marked { "1;" } else { "" };
                        format!("\x1b[{bold}30;{}m{text}\x1b[0m", BG[usize::from(c)])
                    } else {
                        text
                    }
                }
            };
            s.push_str(&cell);
        }
        s.push('\n');
    }
    s.push_str(&format!("    +{}\n     ", "-".repeat(3 * w)));
    for x in 0..w {
        s.push_str(&format!("{x:^3}"));
    }
    s.push('\n');
    s
}

pub fn run(a: Args) -> Result<Outcome, Error> {
    let set = TestSet::read(&a.testset)?;
    let pos = set.position(a.position)?;
    let sols = a
        .solution
        .as_ref()
        .map(|p| SolutionsFile::read(p))
        .transpose()?;
    let variant = a
        .variant
        .or(sols.as_ref().and_then(|s| s.variant))
        .unwrap_or_default();
    if let Some(out) = &a.html {
        let mut inputs = vec![("TESTSET", a.testset.as_path())];
        inputs.extend(a.solution.as_deref().map(|s| ("--solution", s)));
        crate::io::check_distinct(&[("--html", out)], &inputs)?;
        if a.no_color || a.step {
            return Err(Error::Config(
                "--no-color and --step are for the terminal view, not for --html".into(),
            ));
        }
        return write_html(&a, &set, sols.as_ref(), variant, out);
    }
    let color = !a.no_color && std::io::stdout().is_terminal();
    let step = a.step && std::io::stdin().is_terminal();
    let mut board = pos.board(variant);
    println!(
        "position {} of {} ({}x{}, {} colours, variant {variant})",
        a.position,
        set.path.display(),
        board.width(),
        board.height(),
        board.colors()
    );
    let Some(sols) = sols else {
        print!("{}", render(&board, None, color));
        return Ok(Outcome::Ok);
    };
    let path = a.solution.as_ref().expect("solution given");
    let line = sols.lines.get(&a.position).ok_or_else(|| {
        Error::Config(format!(
            "{}: no line for position {}",
            path.display(),
            a.position
        ))
    })?;
    let at = format!("{}:{}", path.display(), line.line);
    let n = line.moves.len();
    let mut mask = GroupMask::default();
    let stdin = std::io::stdin();
    for (i, &m) in line.moves.iter().enumerate() {
        let size = board.flood(m, &mut mask);
        print!("{}", render(&board, (size >= 2).then_some(&mask), color));
        if size < 2 {
            println!(
                "move {}/{n} at {m} is illegal ({}) — {at}",
                i + 1,
                super::replay_page::why_illegal(&board, m, size)
            );
            return Ok(Outcome::Failed);
        }
        if step {
            print!("[Enter: play move {}/{n} at {m}; q: quit] ", i + 1);
            let _ = std::io::stdout().flush();
            let mut answer = String::new();
            if stdin.lock().read_line(&mut answer).is_err() || answer.trim() == "q" {
                return Ok(Outcome::Ok);
            }
        }
        let before = board.score();
        let c = mask.color();
        board.play_mask(&mask);
        println!(
            "move {}/{n}: {m} removes {size} tiles of colour {c}: +{} -> score {}",
            i + 1,
            board.score() - before,
            board.score()
        );
    }
    print!("{}", render(&board, None, color));
    let fin = board.final_score();
    if !board.is_terminal() {
        println!("the game is not over after {n} moves (a group is left) — {at}");
        return Ok(Outcome::Failed);
    }
    println!(
        "game over: {} tiles left, end adjustment {:+}, final score {fin} (the file claims {})",
        board.tiles(),
        fin - board.score(),
        line.score
    );
    Ok(if fin == line.score {
        Outcome::Ok
    } else {
        Outcome::Failed
    })
}

/// `--html`: the replay page of the position's line (or of the bare board).
fn write_html(
    a: &Args,
    set: &TestSet,
    sols: Option<&SolutionsFile>,
    variant: Variant,
    out: &std::path::Path,
) -> Result<Outcome, Error> {
    let pos = set.position(a.position)?;
    let line = match (sols, &a.solution) {
        (Some(s), Some(path)) => Some((
            s.lines.get(&a.position).ok_or_else(|| {
                Error::Config(format!(
                    "{}: no line for position {}",
                    path.display(),
                    a.position
                ))
            })?,
            path,
        )),
        _ => None,
    };
    let title = match line {
        Some((l, path)) => format!(
            "position {} of {}, {variant}: {} ({}:{})",
            a.position,
            set.path.display(),
            l.score,
            path.display(),
            l.line
        ),
        None => format!("position {} of {}", a.position, set.path.display()),
    };
    let moves = line.map_or(&[][..], |(l, _)| &l.moves[..]);
    let r = match super::replay_page::replay(title, &pos.board(variant), moves) {
        Ok(r) => r,
        Err(msg) => {
            let (l, path) = line.expect("only a solution has moves");
            println!("{msg} — {}:{}", path.display(), l.line);
            return Ok(Outcome::Failed);
        }
    };
    crate::io::write_output(out, super::replay_page::page(&r).as_bytes())?;
    if line.is_none() {
        // No line played: the end-of-game score of the untouched board means nothing.
        println!(
            "{}: the start position, no moves (--solution FILE replays a line)",
            out.display()
        );
    } else {
        println!(
            "{}: {} steps ({} moves), final score {}",
            out.display(),
            r.steps.len(),
            r.moves,
            r.final_score
        );
    }
    Ok(match line {
        Some((l, _)) if !r.terminal || r.final_score != l.score => {
            println!(
                "the line does not verify: {} (the file claims {})",
                if r.terminal {
                    "score differs"
                } else {
                    "the game is not over"
                },
                l.score
            );
            Outcome::Failed
        }
        _ => Outcome::Ok,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn render_marks_the_group() {
        let b: Board = "01\n00".parse().unwrap();
        let mut m = GroupMask::default();
        assert_eq!(b.flood(Cell::new(0, 0), &mut m), 3);
        let s = render(&b, Some(&m), false);
        assert_eq!(s, "  1 |[0] 1 \n  0 |[0][0]\n    +------\n      0  1 \n");
        assert!(render(&b, None, true).contains("\x1b[30;41m 0 \x1b[0m"));
    }
}
