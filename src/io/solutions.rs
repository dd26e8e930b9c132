//! Solution files: the best known move sequence per position.
//!
//! Format (`solutions/<set>.<variant>.txt`): `#` comment lines, the first of which is
//! `# variant <name>`; then one line per position:
//! `<position> <score> <x>,<y> <x>,<y> …` — position from 1 in test-set order, score the
//! final score under the variant (end bonus or penalty included), each move any tile
//! of the group, `x` = column from the left, `y` = row from the bottom, on the board as
//! it stands before that move.
//! Owns: [`SolutionsFile`], [`SolutionLine`], parsing with file:line errors, formatting.
//! Must not: replay moves (see [`crate::line`]) or write anything unverified itself.

use std::collections::BTreeMap;
use std::path::Path;

use crate::board::Cell;
use crate::error::Error;
use crate::rules::Variant;

/// One line of a solutions file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolutionLine {
    /// Position number, from 1.
    pub position: usize,
    /// Claimed final score.
    pub score: i32,
    /// The moves.
    pub moves: Vec<Cell>,
    /// Line in the file it was read from (0 when not read from a file).
    pub line: usize,
}

impl SolutionLine {
    /// Formats the line (without newline).
    pub fn format(&self) -> String {
        let mut s = String::with_capacity(12 + 6 * self.moves.len());
        self.format_into(&mut s);
        s
    }

    /// Appends the line (without newline) to `s`.
    pub fn format_into(&self, s: &mut String) {
        use std::fmt::Write as _;
        let _ = write!(s, "{} {}", self.position, self.score);
        for m in &self.moves {
            s.push(' ');
            push_u8(s, m.x);
            s.push(',');
            push_u8(s, m.y);
        }
    }

    /// Parses one non-comment line; `path`/`lineno` go into errors.
    pub fn parse(text: &str, path: &Path, lineno: usize) -> Result<SolutionLine, Error> {
        let mut it = text.split_whitespace();
        let pos_s = it
            .next()
            .ok_or_else(|| Error::parse(path, lineno, "empty line"))?;
        let position: usize = pos_s.parse().ok().filter(|&p| p >= 1).ok_or_else(|| {
            Error::parse(
                path,
                lineno,
                format!("bad position '{pos_s}': expected a number from 1"),
            )
        })?;
        let score_s = it
            .next()
            .ok_or_else(|| Error::parse(path, lineno, "missing score after the position"))?;
        let score: i32 = score_s
            .parse()
            .map_err(|_| Error::parse(path, lineno, format!("bad score '{score_s}'")))?;
        let mut moves = Vec::new();
        for (i, tok) in it.enumerate() {
            let bad = || {
                Error::parse(
                    path,
                    lineno,
                    format!("move {}: '{tok}' is not of the form x,y", i + 1),
                )
            };
            let (xs, ys) = tok.split_once(',').ok_or_else(bad)?;
            // A number that is no coordinate (negative, or beyond every board) is
            // said as such; anything else is not of the form x,y.
            let coord = |c: &str| -> Result<u8, Error> {
                let v: i64 = c.parse().map_err(|_| bad())?;
                let why = match u8::try_from(v) {
                    Ok(v) => return Ok(v),
                    Err(_) if v < 0 => {
                        "coordinates are numbers from 0 (x from the left, y from the bottom)"
                            .to_string()
                    }
                    Err(_) => format!(
                        "{v} is outside every board (at most {} × {})",
                        crate::board::MAX_WIDTH,
                        crate::board::MAX_HEIGHT
                    ),
                };
                Err(Error::parse(
                    path,
                    lineno,
                    format!("move {}: '{tok}': {why}", i + 1),
                ))
            };
            let (x, y) = (coord(xs)?, coord(ys)?);
            moves.push(Cell { x, y });
        }
        Ok(SolutionLine {
            position,
            score,
            moves,
            line: lineno,
        })
    }
}

/// Appends the decimal digits of `v` (a move coordinate: formatting a whole file is
/// mostly these, so without the general formatting machinery).
fn push_u8(s: &mut String, v: u8) {
    if v >= 100 {
        s.push(char::from(b'0' + v / 100));
    }
    if v >= 10 {
        s.push(char::from(b'0' + v / 10 % 10));
    }
    s.push(char::from(b'0' + v % 10));
}

/// A whole solutions file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolutionsFile {
    /// The variant named by the `# variant` line, if any.
    pub variant: Option<Variant>,
    /// Other comment lines (without `#`), kept when the file is rewritten.
    pub comments: Vec<String>,
    /// Lines by position.
    pub lines: BTreeMap<usize, SolutionLine>,
}

impl SolutionsFile {
    /// An empty file for `variant`.
    pub fn new(variant: Variant) -> Self {
        SolutionsFile {
            variant: Some(variant),
            ..Default::default()
        }
    }

    /// Reads a solutions file.
    pub fn read(path: &Path) -> Result<SolutionsFile, Error> {
        let bytes = super::read_input(path, "a solutions file")?;
        SolutionsFile::parse(super::edited_text(&bytes, path)?, path)
    }

    /// Reads a solutions file from standard input (named [`super::STDIN`] in
    /// messages), to its end.
    pub fn read_stdin() -> Result<SolutionsFile, Error> {
        let name = Path::new(super::STDIN);
        let bytes = super::read_stream(std::io::stdin().lock(), name)?;
        SolutionsFile::parse(super::edited_text(&bytes, name)?, name)
    }

    /// Reads `path` if it exists, else an empty file for `variant`; a file for another
    /// variant is an error.
    pub fn read_or_new(path: &Path, variant: Variant) -> Result<SolutionsFile, Error> {
        if !path.exists() {
            return Ok(SolutionsFile::new(variant));
        }
        let f = SolutionsFile::read(path)?;
        match f.variant {
            Some(v) if v != variant => Err(Error::parse(
                path,
                1,
                format!("file is for variant {v}, not {variant}"),
            )),
            _ => Ok(SolutionsFile {
                variant: Some(variant),
                ..f
            }),
        }
    }

    /// Parses solutions text.
    pub fn parse(text: &str, path: &Path) -> Result<SolutionsFile, Error> {
        let mut f = SolutionsFile::default();
        for (i, raw) in text.lines().enumerate() {
            let lineno = i + 1;
            let line = raw.trim();
            if line.is_empty() {
                continue;
            }
            if let Some(c) = line.strip_prefix('#') {
                let c = c.trim();
                let lower = c.to_ascii_lowercase();
                if let Some(v) = lower.strip_prefix("variant") {
                    let name = v.trim_start_matches(':').trim();
                    let variant = name
                        .parse::<Variant>()
                        .map_err(|e| Error::parse(path, lineno, e))?;
                    f.variant = Some(variant);
                } else {
                    f.comments.push(c.to_string());
                }
                continue;
            }
            let l = SolutionLine::parse(line, path, lineno)?;
            if let Some(prev) = f.lines.get(&l.position) {
                return Err(Error::parse(
                    path,
                    lineno,
                    format!(
                        "position {} appears twice (also line {})",
                        l.position, prev.line
                    ),
                ));
            }
            f.lines.insert(l.position, l);
        }
        Ok(f)
    }

    /// The file's text.
    pub fn format(&self) -> String {
        let mut s = String::new();
        if let Some(v) = self.variant {
            s.push_str(&format!("# variant {v}\n"));
        }
        for c in &self.comments {
            s.push_str(&format!("# {c}\n"));
        }
        for l in self.lines.values() {
            l.format_into(&mut s);
            s.push('\n');
        }
        s
    }

    /// Writes the file atomically.
    pub fn write(&self, path: &Path) -> Result<(), Error> {
        super::write_atomic(path, self.format().as_bytes())
    }

    /// Sum of the scores.
    pub fn total(&self) -> i64 {
        self.lines.values().map(|l| i64::from(l.score)).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let text = "# variant samegame\n# from a test\n1 2557 0,0 3,4\n2 -12\n";
        let f = SolutionsFile::parse(text, Path::new("s.txt")).unwrap();
        assert_eq!(f.variant, Some(Variant::SameGame));
        assert_eq!(
            f.lines[&1].moves,
            vec![Cell { x: 0, y: 0 }, Cell { x: 3, y: 4 }]
        );
        assert_eq!(f.lines[&2].score, -12);
        assert_eq!(f.format(), text);
        assert_eq!(f.total(), 2545);
    }

    #[test]
    fn coordinates_format_like_display() {
        for v in 0..=u8::MAX {
            let mut s = String::new();
            push_u8(&mut s, v);
            assert_eq!(s, v.to_string());
        }
    }

    #[test]
    fn errors_name_the_line() {
        let p = Path::new("s.txt");
        let e = SolutionsFile::parse("# variant samegame\n1 10 0,0 3;4\n", p).unwrap_err();
        assert_eq!(
            e.to_string(),
            "s.txt:2: move 2: '3;4' is not of the form x,y"
        );
        let e = SolutionsFile::parse("1 10 -1,8\n", p).unwrap_err();
        assert_eq!(
            e.to_string(),
            "s.txt:1: move 1: '-1,8': coordinates are numbers from 0 (x from the left, y from \
             the bottom)"
        );
        let e = SolutionsFile::parse("1 10 0,0 2,300\n", p).unwrap_err();
        assert_eq!(
            e.to_string(),
            "s.txt:1: move 2: '2,300': 300 is outside every board (at most 32 × 32)"
        );
        let e = SolutionsFile::parse("x 10\n", p).unwrap_err();
        assert!(e.to_string().starts_with("s.txt:1: bad position"));
        let e = SolutionsFile::parse("1 10\n1 12\n", p).unwrap_err();
        assert!(e.to_string().contains("appears twice"));
        let e = SolutionsFile::parse("# variant tetris\n", p).unwrap_err();
        assert!(e.to_string().starts_with("s.txt:1: unknown variant"));
        let e = SolutionsFile::parse("3\n", p).unwrap_err();
        assert!(e.to_string().contains("missing score"));
    }
}
