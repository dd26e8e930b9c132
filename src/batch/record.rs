//! The solutions file as a record that only improves: the best verified line per
//! position.
//!
//! Owns: the "is this line better" rule ([`better`]: higher score, or equal score and
//! a lexicographically smaller move list, so the outcome does not depend on the order
//! runs finish in), checking every line by replay before it is accepted, loading a
//! file with every existing line checked, the running total, and when a batch
//! rewrites the file ([`Record::save_if_due`]: every [`Record::SAVE_INTERVAL`] at most,
//! and never more than 1/[`Record::SAVE_SHARE`] of the time, so rewriting the whole
//! file does not grow with it per run). Must not: write a line that did not replay,
//! or write anything when loading fails.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::board::Cell;
use crate::error::Error;
use crate::io::solutions::{SolutionLine, SolutionsFile};
use crate::io::testset::TestSet;
use crate::line;
use crate::rules::Variant;

/// Whether a line with `score`/`moves` should replace `old` (or fill an empty slot).
pub fn better(score: i32, moves: &[Cell], old: Option<&SolutionLine>) -> bool {
    match old {
        None => true,
        Some(o) => score > o.score || (score == o.score && moves < o.moves.as_slice()),
    }
}

/// Checks every line of `file` (read from `path`) against `set` under `variant`;
/// the first bad line is an error naming `path:line`.
pub fn verify_all(
    file: &SolutionsFile,
    path: &Path,
    set: &TestSet,
    variant: Variant,
) -> Result<(), Error> {
    for l in file.lines.values() {
        let p = set.positions.get(l.position - 1).ok_or_else(|| {
            Error::parse(
                path,
                l.line,
                format!(
                    "position {} is not in the test set {} (it has {} positions)",
                    l.position,
                    set.path.display(),
                    set.positions.len()
                ),
            )
        })?;
        line::verify(&p.board(variant), &l.moves, l.score).map_err(|m| {
            Error::parse(
                path,
                l.line,
                format!("position {} does not replay: {m}", l.position),
            )
        })?;
    }
    Ok(())
}

/// A solutions file being improved.
#[derive(Debug)]
pub struct Record {
    path: PathBuf,
    variant: Variant,
    /// The test set the lines replay on; when known, every save first merges the
    /// file on disk (another process's lines) into this record.
    set: Option<TestSet>,
    file: SolutionsFile,
    total: i64,
    unsaved: bool,
    last_save: Option<Instant>,
    last_cost: Duration,
}

impl Record {
    /// Reads `path` (or starts empty when it does not exist) and replays every line;
    /// a line that does not replay, or a file for another variant, is an error.
    pub fn load(path: &Path, set: &TestSet, variant: Variant) -> Result<Record, Error> {
        // It will be written: refuse a FIFO or device now (reading one could block).
        crate::io::checked_target(path)?;
        let file = SolutionsFile::read_or_new(path, variant)?;
        verify_all(&file, path, set, variant)?;
        let mut r = Record::with_file(path, variant, file);
        r.set = Some(set.clone());
        Ok(r)
    }

    fn with_file(path: &Path, variant: Variant, file: SolutionsFile) -> Record {
        Record {
            path: path.to_path_buf(),
            variant,
            set: None,
            total: file.total(),
            file,
            unsaved: false,
            last_save: None,
            last_cost: Duration::ZERO,
        }
    }

    /// An empty record that will be written to `path`; with `set`, every save first
    /// merges what is on disk then (see [`save`](Record::save)).
    pub fn new(path: &Path, variant: Variant, set: Option<&TestSet>) -> Record {
        let mut r = Record::with_file(path, variant, SolutionsFile::new(variant));
        r.set = set.cloned();
        r
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The current lines.
    pub fn file(&self) -> &SolutionsFile {
        &self.file
    }

    /// Sum of the current lines' scores (kept up to date, not recomputed).
    pub fn total(&self) -> i64 {
        self.total
    }

    /// Whether lines were taken since the file was last written.
    pub fn unsaved(&self) -> bool {
        self.unsaved
    }

    /// The current line of `position`.
    pub fn get(&self, position: usize) -> Option<&SolutionLine> {
        self.file.lines.get(&position)
    }

    /// Comment lines of the file (kept on rewrite).
    pub fn set_comments(&mut self, comments: Vec<String>) {
        self.file.comments = comments;
    }

    /// Offers a line for `position`: it is replayed on the test set's board, and
    /// taken when it replays with exactly `score` and is [`better`] than the current
    /// line. Returns whether it was taken. Does not write the file (see [`save`]).
    /// A line that does not replay is an error (the caller's bug, never written).
    ///
    /// [`save`]: Record::save
    pub fn offer(
        &mut self,
        set: &TestSet,
        position: usize,
        score: i32,
        moves: &[Cell],
    ) -> Result<bool, String> {
        self.check(set, position, score, moves)?;
        Ok(self.take(position, score, moves))
    }

    /// Like [`offer`](Record::offer), but replays only a line that is better (for
    /// lines already checked once, such as a journal's): a line that is not better is
    /// `Ok(false)` whether it replays or not.
    pub fn restore(
        &mut self,
        set: &TestSet,
        position: usize,
        score: i32,
        moves: &[Cell],
    ) -> Result<bool, String> {
        if !better(score, moves, self.file.lines.get(&position)) {
            return Ok(false);
        }
        self.check(set, position, score, moves)?;
        Ok(self.take(position, score, moves))
    }

    fn check(
        &self,
        set: &TestSet,
        position: usize,
        score: i32,
        moves: &[Cell],
    ) -> Result<(), String> {
        let p = set
            .positions
            .get(position.wrapping_sub(1))
            .ok_or_else(|| format!("no position {position} in the test set"))?;
        line::verify(&p.board(self.variant), moves, score).map(drop)
    }

    /// Takes a verified line when it is better.
    fn take(&mut self, position: usize, score: i32, moves: &[Cell]) -> bool {
        let old = self.file.lines.get(&position);
        if !better(score, moves, old) {
            return false;
        }
        self.total += i64::from(score) - old.map_or(0, |o| i64::from(o.score));
        self.file.lines.insert(
            position,
            SolutionLine {
                position,
                score,
                moves: moves.to_vec(),
                line: 0,
            },
        );
        self.unsaved = true;
        true
    }

    /// Shortest time between two rewrites by [`save_if_due`](Record::save_if_due).
    pub const SAVE_INTERVAL: Duration = Duration::from_secs(5);
    /// [`save_if_due`](Record::save_if_due) waits at least this many times as long as
    /// the last rewrite took, so rewriting takes at most about 1/`SAVE_SHARE` of the
    /// time however large the file grows.
    pub const SAVE_SHARE: u32 = 50;

    /// Writes the file atomically (temporary file + rename), holding an exclusive
    /// lock on `.<name>.lock` beside it. When the record knows its test set, the file
    /// on disk is read first under that lock and its better lines (each replayed) are
    /// taken: two processes improving the same file (batches with different journals,
    /// a batch and a merge) therefore both end up in it. A file on disk that no
    /// longer reads or replays is an error naming its line, and it is not replaced.
    pub fn save(&mut self) -> Result<(), Error> {
        let start = Instant::now();
        let _lock = self.lock()?;
        self.merge_disk()?;
        self.file.write(&self.path)?;
        self.unsaved = false;
        self.last_save = Some(Instant::now());
        self.last_cost = start.elapsed();
        Ok(())
    }

    /// An exclusive lock on `.<name>.lock` beside the file (None for a file written
    /// through, such as `/dev/stdout`); waits for another process's save to end.
    fn lock(&self) -> Result<Option<std::fs::File>, Error> {
        if crate::io::is_write_through(&self.path) {
            return Ok(None);
        }
        let target = crate::io::checked_target(&self.path)?;
        let name = target
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "solutions".into());
        let lock = target.with_file_name(format!(".{name}.lock"));
        let f = crate::io::open_append(&lock)?;
        f.lock().map_err(|e| Error::io(&lock, e))?;
        Ok(Some(f))
    }

    /// Takes the better lines of the file on disk (see [`save`](Record::save)).
    fn merge_disk(&mut self) -> Result<(), Error> {
        let Some(set) = self.set.take() else {
            return Ok(());
        };
        let merged = self.merge_from(&set);
        self.set = Some(set);
        merged
    }

    fn merge_from(&mut self, set: &TestSet) -> Result<(), Error> {
        if crate::io::is_write_through(&self.path) || !self.path.exists() {
            return Ok(());
        }
        let disk = SolutionsFile::read_or_new(&self.path, self.variant).map_err(|e| {
            Error::Other(format!(
                "{e}\n(the file changed on disk while this run was writing it; it was not \
                 replaced: fix or move it, then rerun)"
            ))
        })?;
        for l in disk.lines.values() {
            self.restore(set, l.position, l.score, &l.moves)
                .map_err(|m| {
                    Error::parse(
                        &self.path,
                        l.line,
                        format!(
                            "position {} does not replay ({m}); the file changed on disk and \
                             was not replaced",
                            l.position
                        ),
                    )
                })?;
        }
        Ok(())
    }

    /// Saves when lines were taken since the last save and that save is old enough:
    /// the first time at once, then after [`Self::SAVE_INTERVAL`] and at least
    /// [`Self::SAVE_SHARE`] times the last save's duration. Returns whether it saved.
    pub fn save_if_due(&mut self) -> Result<bool, Error> {
        let due = self.unsaved
            && self.last_save.is_none_or(|t| {
                t.elapsed() >= Self::SAVE_INTERVAL.max(self.last_cost * Self::SAVE_SHARE)
            });
        if due {
            self.save()?;
        }
        Ok(due)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set() -> TestSet {
        TestSet::parse("# t\n0011\n0122\n", Path::new("t.txt")).unwrap()
    }

    fn best_line(set: &TestSet) -> (i32, Vec<Cell>) {
        let board = set.positions[0].board(Variant::SameGame);
        let mut b = board;
        let mut moves = Vec::new();
        while let Some(g) = b.groups().first().copied() {
            b.play(g.cell);
            moves.push(g.cell);
        }
        (b.final_score(), moves)
    }

    #[test]
    fn better_rule() {
        let old = SolutionLine {
            position: 1,
            score: 10,
            moves: vec![Cell::new(1, 0)],
            line: 3,
        };
        assert!(better(11, &[], Some(&old)));
        assert!(!better(9, &[], Some(&old)));
        assert!(better(10, &[Cell::new(0, 5)], Some(&old)));
        assert!(!better(10, &[Cell::new(1, 0)], Some(&old)));
        assert!(!better(10, &[Cell::new(2, 0)], Some(&old)));
        assert!(better(-5, &[], None));
    }

    #[test]
    fn offer_verifies() {
        let set = set();
        let mut r = Record::new(Path::new("x.txt"), Variant::SameGame, None);
        let (score, moves) = best_line(&set);
        assert!(r.offer(&set, 1, score + 1, &moves).is_err());
        assert!(r.get(1).is_none());
        assert!(!moves.is_empty());
        assert!(r.offer(&set, 1, score, &moves[..moves.len() - 1]).is_err());
        assert_eq!(r.offer(&set, 1, score, &moves), Ok(true));
        assert_eq!(r.offer(&set, 1, score, &moves), Ok(false));
        assert!(r.offer(&set, 2, score, &moves).is_err());
    }

    #[test]
    fn total_restore_and_saving() {
        let set = set();
        let dir = std::env::temp_dir().join(format!("sg-record-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("s.txt");
        let _ = std::fs::remove_file(&path);
        let mut r = Record::new(&path, Variant::SameGame, None);
        let (score, moves) = best_line(&set);
        // restore replays only better lines: a better bad line is an error, a worse one
        // is just not taken.
        assert_eq!(
            r.restore(&set, 1, score + 1, &moves).map_err(|_| ()),
            Err(())
        );
        assert_eq!(r.restore(&set, 1, score, &moves), Ok(true));
        assert_eq!(r.total(), i64::from(score));
        assert_eq!(r.restore(&set, 1, score - 1, &moves), Ok(false));
        assert_eq!(r.total(), r.file().total());
        // The first save is due at once, the next one only after the interval.
        assert!(r.unsaved() && !path.exists());
        assert!(r.save_if_due().unwrap());
        assert!(!r.unsaved() && path.exists());
        assert!(!r.save_if_due().unwrap());
        let mut again = Record::load(&path, &set, Variant::SameGame).unwrap();
        assert_eq!(again.total(), i64::from(score));
        assert!(!again.unsaved());
        assert_eq!(again.offer(&set, 1, score, &moves), Ok(false));
        assert!(!again.unsaved());
    }
}
