//! Test-set files: boards to solve.
//!
//! Format: `#` lines are comments (`# position N` headers are common); a board is H
//! lines of W digits, top row first, colour indices 0…C−1; boards are separated by
//! blank lines (a comment line also ends a board). Positions count from 1 in file
//! order. Files are memory-mapped, so large sets cost no copy.
//! Owns: [`TestSet`], [`Position`], parsing with file:line errors, writing.
//! Must not: validate solutions or know about search.

use std::path::{Path, PathBuf};

use crate::board::{Board, MAX_COLORS, MAX_HEIGHT, MAX_WIDTH};
use crate::error::Error;
use crate::rules::Variant;

/// One board of a test set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Position number, from 1 in file order.
    pub index: usize,
    /// Line of the file where the board's first row is.
    pub line: usize,
    /// Rows, top row first.
    pub rows: Vec<Vec<u8>>,
    /// Number of colours: largest colour index + 1.
    pub colors: usize,
}

impl Position {
    /// Board width.
    pub fn width(&self) -> usize {
        self.rows[0].len()
    }
    /// Board height.
    pub fn height(&self) -> usize {
        self.rows.len()
    }
    /// The starting board under `variant`.
    pub fn board(&self, variant: Variant) -> Board {
        Board::from_rows(&self.rows, self.colors, variant)
            .expect("test-set boards are validated when parsed")
    }
}

/// A parsed test-set file.
#[derive(Clone, Debug)]
pub struct TestSet {
    /// The file it came from.
    pub path: PathBuf,
    /// File stem, used to name solution files (`solutions/<name>.<variant>.txt`).
    pub name: String,
    /// Comment lines of the file's header (before the first board), without `#`.
    pub header: Vec<String>,
    /// The boards, in file order.
    pub positions: Vec<Position>,
}

impl TestSet {
    /// Reads and parses a test-set file; `-` reads the test set from standard input
    /// (named `stdin`, and `<stdin>` in messages). A regular file is memory-mapped;
    /// a pipe, FIFO or device (`<(zcat set.txt.gz)`) is read to its end.
    pub fn read(path: &Path) -> Result<TestSet, Error> {
        if path == Path::new("-") {
            let mut set = TestSet::read_stream(std::io::stdin().lock(), Path::new(super::STDIN))?;
            set.name = "stdin".into();
            return Ok(set);
        }
        let file = std::fs::File::open(path).map_err(|e| Error::io(path, e))?;
        let meta = file.metadata().map_err(|e| Error::io(path, e))?;
        if meta.is_dir() {
            return Err(Error::parse(path, 0, "a folder, not a test-set file"));
        }
        if !meta.is_file() {
            return TestSet::read_stream(file, path);
        }
        if meta.len() == 0 {
            return Err(Error::parse(path, 0, "empty file: no board found"));
        }
        // SAFETY: the map is read-only and dropped before returning; a concurrent
        // truncation by another process is the only hazard, as with any reader.
        let map = unsafe { memmap2::Mmap::map(&file) }.map_err(|e| Error::io(path, e))?;
        let text = super::edited_text(&map, path)?;
        TestSet::parse(text, path)
    }

    /// The test set read from `stream` to its end (standard input, a pipe).
    fn read_stream(stream: impl std::io::Read, path: &Path) -> Result<TestSet, Error> {
        let bytes = super::read_stream(stream, path)?;
        if bytes.is_empty() {
            return Err(Error::parse(path, 0, "empty input: no board found"));
        }
        TestSet::parse(super::edited_text(&bytes, path)?, path)
    }

    /// Parses test-set text; `path` is used in error messages and for the name.
    pub fn parse(text: &str, path: &Path) -> Result<TestSet, Error> {
        let mut positions = Vec::new();
        let mut header = Vec::new();
        let mut block: Vec<Vec<u8>> = Vec::new();
        let mut block_line = 0;
        let finish = |block: &mut Vec<Vec<u8>>, line: usize, positions: &mut Vec<Position>| {
            if block.is_empty() {
                return Ok(());
            }
            let rows = std::mem::take(block);
            let (w, h) = (rows[0].len(), rows.len());
            if w > MAX_WIDTH || h > MAX_HEIGHT {
                return Err(Error::parse(
                    path,
                    line,
                    format!("board {w}x{h} is larger than the supported {MAX_WIDTH}x{MAX_HEIGHT}"),
                ));
            }
            let colors = rows
                .iter()
                .flatten()
                .map(|&c| usize::from(c) + 1)
                .max()
                .unwrap_or(1);
            positions.push(Position {
                index: positions.len() + 1,
                line,
                rows,
                colors,
            });
            Ok(())
        };
        for (i, raw) in text.lines().enumerate() {
            let lineno = i + 1;
            let line = raw.trim_end_matches('\r').trim();
            if line.is_empty() || line.starts_with('#') {
                finish(&mut block, block_line, &mut positions)?;
                if positions.is_empty() {
                    if let Some(c) = line.strip_prefix('#').map(str::trim) {
                        if !c.starts_with("position") {
                            header.push(c.to_string());
                        }
                    }
                }
                continue;
            }
            // A row is digits (`31141`) or digits separated by blanks (`3 1 1 4 1`, as
            // CodinGame's input gives a row): one digit per tile either way.
            let spaced = line.contains(char::is_whitespace);
            let tiles: Vec<&str> = match spaced {
                true => line.split_whitespace().collect(),
                false => line
                    .char_indices()
                    .map(|(i, c)| &line[i..i + c.len_utf8()])
                    .collect(),
            };
            let mut row = Vec::with_capacity(tiles.len());
            for (col, tile) in tiles.iter().enumerate() {
                match tile.parse::<u8>() {
                    Ok(d) if tile.len() == 1 && usize::from(d) < MAX_COLORS => row.push(d),
                    _ => {
                        let each = if spaced { " (one per tile)" } else { "" };
                        return Err(Error::parse(
                            path,
                            lineno,
                            format!(
                                "bad tile '{tile}' in column {}: expected a digit 0-9{each}",
                                col + 1
                            ),
                        ));
                    }
                }
            }
            if let Some(first) = block.first() {
                if first.len() != row.len() {
                    return Err(Error::parse(
                        path,
                        lineno,
                        format!(
                            "ragged board: row has {} tiles but the board's first row (line {block_line}) has {}",
                            row.len(),
                            first.len()
                        ),
                    ));
                }
            } else {
                block_line = lineno;
            }
            block.push(row);
        }
        finish(&mut block, block_line, &mut positions)?;
        if positions.is_empty() {
            return Err(Error::parse(
                path,
                0,
                "no board found (only comments or blank lines)",
            ));
        }
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "testset".into());
        Ok(TestSet {
            path: path.to_path_buf(),
            name,
            header,
            positions,
        })
    }

    /// The position numbered `n` (from 1).
    pub fn position(&self, n: usize) -> Result<&Position, Error> {
        n.checked_sub(1)
            .and_then(|i| self.positions.get(i))
            .ok_or_else(|| {
                Error::Config(format!(
                    "{}: no position {n} (the file has positions 1-{})",
                    self.path.display(),
                    self.positions.len()
                ))
            })
    }
}

/// Formats boards as a test-set file with the given header comment lines.
pub fn format_testset(header: &[String], boards: &[Vec<Vec<u8>>]) -> String {
    let mut s = String::new();
    for h in header {
        s.push_str("# ");
        s.push_str(h);
        s.push('\n');
    }
    for (i, rows) in boards.iter().enumerate() {
        s.push('\n');
        s.push_str(&format!("# position {}\n", i + 1));
        for row in rows {
            s.extend(row.iter().map(|&c| char::from(b'0' + c)));
            s.push('\n');
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<TestSet, Error> {
        TestSet::parse(s, Path::new("t.txt"))
    }

    #[test]
    fn parses_blocks_and_comments() {
        let t =
            parse("# a header\n# second\n\n# position 1\n012\n210\n\n# position 2\n00\n11\n22\n")
                .unwrap();
        assert_eq!(t.header, vec!["a header", "second"]);
        assert_eq!(t.positions.len(), 2);
        assert_eq!(t.positions[0].rows, vec![vec![0, 1, 2], vec![2, 1, 0]]);
        assert_eq!(t.positions[0].line, 5);
        assert_eq!(t.positions[1].height(), 3);
        assert_eq!(t.positions[1].colors, 3);
        assert_eq!(t.name, "t");
    }

    #[test]
    fn round_trip() {
        let boards = vec![vec![vec![0, 1], vec![1, 0]], vec![vec![3, 3, 3]]];
        let text = format_testset(&["generated".into()], &boards);
        let t = parse(&text).unwrap();
        let back: Vec<_> = t.positions.iter().map(|p| p.rows.clone()).collect();
        assert_eq!(back, boards);
        assert_eq!(t.header, vec!["generated"]);
    }

    #[test]
    fn rows_may_separate_their_tiles_by_blanks() {
        let plain = parse("# position 1\n012\n210\n").unwrap();
        let spaced = parse("# position 1\n0 1 2\n2\t1  0 \n").unwrap();
        assert_eq!(spaced.positions[0].rows, plain.positions[0].rows);
        assert_eq!(spaced.positions[0].colors, 3);
        for (text, want) in [
            ("0 1 2\n0 1\n", "t.txt:2: ragged board"),
            ("0 1 2\n0 12\n", "t.txt:2: bad tile '12' in column 2"),
            (
                "0 -1 2\n",
                "t.txt:1: bad tile '-1' in column 2: expected a digit 0-9 (one per tile)",
            ),
            ("0 1 x\n", "t.txt:1: bad tile 'x' in column 3"),
        ] {
            let e = parse(text).unwrap_err().to_string();
            assert!(e.starts_with(want), "{text:?}: {e}");
        }
    }

    #[test]
    fn errors_name_the_line() {
        let e = parse("# x\n012\n01\n").unwrap_err().to_string();
        assert!(e.starts_with("t.txt:3: ragged board"), "{e}");
        let e = parse("012\n0a2\n").unwrap_err().to_string();
        assert!(e.starts_with("t.txt:2: bad tile 'a' in column 2"), "{e}");
        let e = parse("# only a comment\n\n").unwrap_err().to_string();
        assert!(e.contains("no board found"), "{e}");
        let wide = "0".repeat(33);
        let e = parse(&format!("{wide}\n{wide}\n")).unwrap_err().to_string();
        assert!(e.contains("larger than the supported"), "{e}");
    }

    #[test]
    fn empty_file_is_refused() {
        let dir = std::env::temp_dir().join(format!("sg-empty-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("empty.txt");
        std::fs::write(&p, "").unwrap();
        let e = TestSet::read(&p).unwrap_err().to_string();
        assert!(e.contains("empty file"), "{e}");
        let e = TestSet::read(&dir.join("missing.txt"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("missing.txt"), "{e}");
    }
}
