//! `samegame export SOLUTIONS... --format codingame-bot --out bot.py`: one Python 3
//! file (standard library only) that plays CodinGame's SameGame puzzle with the best
//! verified line per board and a greedy fallback on boards it does not know.
//!
//! Boards are identified by [`canonical_key`] (colours relabelled by first appearance,
//! row-major from the top row), the same key the Python side computes, so one line
//! serves a board and its recoloured copies. Every line is verified under its file's
//! variant (moves, game end and claimed score) and then re-scored under
//! samegame-nopenalty, the CodinGame rules; the best line per key is embedded.
//! Solution files and the referee share coordinates (x from the left, y from the
//! bottom, any tile of the group), so moves are embedded as they are.
//!
//! Owns: pairing solution files with test sets, line selection, the Python text.
//! Must not: search, or embed anything that did not replay.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::error::Error;
use crate::io::solutions::SolutionsFile;
use crate::io::testset::TestSet;
use crate::line;
use crate::rules::Variant;

/// The Python template; `__LINES__` is replaced by the dictionary entries.
const TEMPLATE: &str = include_str!("bot.py");

/// The colour-name-free key of a board given as rows, top row first: each tile's
/// colour relabelled `a`, `b`, … by first appearance row-major from the top, `.` for
/// an empty cell (any value the board has no colour for).
pub fn canonical_key(rows: &[Vec<u8>], colors: usize) -> String {
    let mut labels: Vec<Option<u8>> = vec![None; 256];
    let mut next = 0u8;
    let mut key = String::with_capacity(rows.len() * rows.first().map_or(0, Vec::len));
    for row in rows {
        for &c in row {
            if usize::from(c) >= colors {
                key.push('.');
                continue;
            }
            let l = *labels[usize::from(c)].get_or_insert_with(|| {
                next += 1;
                next - 1
            });
            key.push(char::from(b'a' + l));
        }
    }
    key
}

/// The line embedded for one board key.
#[derive(Clone, Debug)]
pub struct Chosen {
    /// Score under samegame-nopenalty.
    pub score: i32,
    /// The moves, `x y;x y;…`.
    pub moves: String,
    /// Where the line came from (`file:line`).
    pub source: String,
}

/// The test set a solutions file refers to: the `--testset` given for it, or
/// `testsets/<set>.txt` next to the solutions file's folder (`<set>.<variant>.txt`).
pub fn pair_testsets(solutions: &[PathBuf], testsets: &[PathBuf]) -> Result<Vec<PathBuf>, Error> {
    if testsets.len() == solutions.len() {
        return Ok(testsets.to_vec());
    }
    if testsets.len() == 1 {
        return Ok(vec![testsets[0].clone(); solutions.len()]);
    }
    if !testsets.is_empty() {
        return Err(Error::Config(format!(
            "{} --testset for {} solutions files: give one, one per file (in order), or none",
            testsets.len(),
            solutions.len()
        )));
    }
    solutions
        .iter()
        .map(|s| {
            let stem = s.file_stem().unwrap_or_default().to_string_lossy();
            let set = stem.rsplit_once('.').map_or(&*stem, |(set, _)| set);
            // `solutions/x.v.txt` -> `testsets/x.txt` (the folder next to `solutions/`).
            let root = s.parent().and_then(Path::parent).unwrap_or(Path::new(""));
            let candidates = [
                root.join("testsets").join(format!("{set}.txt")),
                Path::new("testsets").join(format!("{set}.txt")),
            ];
            candidates
                .iter()
                .find(|c| c.exists())
                .cloned()
                .ok_or_else(|| {
                    Error::Config(format!(
                        "{}: no test set testsets/{set}.txt found; give --testset",
                        s.display()
                    ))
                })
        })
        .collect()
}

/// Verifies every line of every file on its test set and keeps, per board key, the
/// line with the best samegame-nopenalty score (the first file wins ties).
pub fn choose(
    files: &[(PathBuf, SolutionsFile, TestSet)],
) -> Result<BTreeMap<String, Chosen>, Error> {
    let mut best: BTreeMap<String, Chosen> = BTreeMap::new();
    for (path, sols, set) in files {
        let variant = sols.variant.unwrap_or_default();
        crate::batch::record::verify_all(sols, path, set, variant)?;
        for l in sols.lines.values() {
            let p = &set.positions[l.position - 1];
            let r = line::replay(&p.board(Variant::SameGameNoPenalty), &l.moves)
                .expect("verified above");
            let key = canonical_key(&p.rows, p.colors);
            if best.get(&key).is_some_and(|b| b.score >= r.score) {
                continue;
            }
            best.insert(
                key,
                Chosen {
                    score: r.score,
                    moves: line::codingame(&l.moves),
                    source: format!("{}:{}", path.display(), l.line),
                },
            );
        }
    }
    Ok(best)
}

/// The bot's Python source with `lines` embedded: every key, line and source is a
/// Python string literal written by [`super::inert::py_str`] (one line, ASCII, no
/// way out of the literal), so no file name or content can become code.
pub fn render(lines: &BTreeMap<String, Chosen>) -> String {
    let body: Vec<String> = lines
        .iter()
        .map(|(k, c)| {
            format!(
                "    # {} from {}\n    {}:\n        {},",
                c.score,
                super::inert::py_str(&c.source),
                super::inert::py_str(k),
                super::inert::py_str(&c.moves)
            )
        })
        .collect();
    super::inert::fill(TEMPLATE, &[("__LINES__", &body.join("\n"))])
}

/// Writes the bot to `out` and prints, per test set, how many boards it knows and
/// the no-penalty total it should score on them.
pub fn export(solutions: &[PathBuf], testsets: &[PathBuf], out: &Path) -> Result<(), Error> {
    let paired = pair_testsets(solutions, testsets)?;
    let mut files = Vec::new();
    let mut sets: Vec<(PathBuf, TestSet)> = Vec::new();
    for (s, t) in solutions.iter().zip(&paired) {
        let set = TestSet::read(t)?;
        if !sets.iter().any(|(p, _)| p == t) {
            sets.push((t.clone(), set.clone()));
        }
        files.push((s.clone(), SolutionsFile::read(s)?, set));
    }
    let best = choose(&files)?;
    crate::io::write_output(out, render(&best).as_bytes())?;
    println!(
        "{}: {} boards (keys independent of colour names) from {} solutions files",
        out.display(),
        best.len(),
        solutions.len()
    );
    let mut all = 0i64;
    for (path, set) in &sets {
        let (mut known, mut total) = (0usize, 0i64);
        for p in &set.positions {
            if let Some(c) = best.get(&canonical_key(&p.rows, p.colors)) {
                known += 1;
                total += i64::from(c.score);
            }
        }
        all += total;
        println!(
            "{}: {known} of {} boards have a line, samegame-nopenalty total {total}",
            path.display(),
            set.positions.len()
        );
    }
    println!("total over the test sets above: {all}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_ignores_colour_names() {
        let a = vec![vec![3, 1], vec![1, 0]];
        let b = vec![vec![0, 4], vec![4, 2]];
        assert_eq!(canonical_key(&a, 5), "abbc");
        assert_eq!(canonical_key(&a, 5), canonical_key(&b, 5));
        assert_eq!(canonical_key(&[vec![255, 2], vec![2, 2]], 3), ".aaa");
    }

    #[test]
    fn template_has_the_placeholder_once() {
        assert_eq!(TEMPLATE.matches("__LINES__").count(), 1);
    }
}
