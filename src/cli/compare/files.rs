//! The files a comparison reads and writes: the summary CSV's name beside `--csv`,
//! and the check, before anything is written, that no output (`--csv` and its
//! summary, `--json`, `--svg`, `--keep-best`, `--journal`) names the test set, a
//! configuration file, a journal added with `--journal-add`, or another output, and
//! that the files kept and read again (`--keep-best`, `--journal`) are not streams.
//!
//! Owns: [`summary_path`] and [`check`]. Must not: write or read the files.

use std::path::{Path, PathBuf};

use super::Args;
use crate::error::Error;

/// `runs.csv` → `runs.summary.csv` (same directory); none for a `--csv` written
/// through to a stream (`/dev/stdout`: the table on stdout is its summary).
pub(super) fn summary_path(p: &Path) -> Option<PathBuf> {
    if crate::io::is_write_through(p) {
        return None;
    }
    let stem = p.file_stem().map(|s| s.to_string_lossy().into_owned());
    Some(p.with_file_name(format!("{}.summary.csv", stem.unwrap_or_default())))
}

/// Refuses an output of `a` that names one of its inputs or another output
/// ([`crate::io::check_distinct`]).
pub(super) fn check(a: &Args) -> Result<(), Error> {
    let summary = a.csv.as_deref().and_then(summary_path);
    let outputs: Vec<(&str, &Path)> = [
        ("--csv", a.csv.as_deref()),
        ("--csv's summary", summary.as_deref()),
        ("--json", a.json.as_deref()),
        ("--svg", a.svg.as_deref()),
        ("--keep-best", a.keep_best.as_deref()),
        ("--journal", a.journal.as_deref()),
    ]
    .into_iter()
    .filter_map(|(f, p)| p.map(|p| (f, p)))
    .collect();
    let kept: Vec<_> = [
        ("--keep-best", a.keep_best.as_deref()),
        ("--journal", a.journal.as_deref()),
    ]
    .into_iter()
    .filter_map(|(f, p)| p.map(|p| (f, p)))
    .collect();
    crate::io::check_kept(&kept)?;
    let inputs: Vec<(&str, &Path)> = (a.testset.iter().map(|p| ("TESTSET", p.as_path())))
        .chain(a.config_file.iter().map(|p| ("--configs", p.as_path())))
        .chain(a.journal_add.iter().map(|p| ("--journal-add", p.as_path())))
        .collect();
    crate::io::check_distinct(&outputs, &inputs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_file_name() {
        assert_eq!(
            summary_path(Path::new("out/runs.csv")),
            Some(PathBuf::from("out/runs.summary.csv"))
        );
        assert_eq!(summary_path(Path::new("/dev/stdout")), None);
    }
}
