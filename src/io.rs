//! File formats: test sets (boards) and solution files (best move sequences).
//!
//! Owns: parsing with file:line errors, formatting, and the one safe writer
//! ([`write_atomic`]: a temporary file renamed over the target, so a crash never
//! leaves a half-written file; devices, FIFOs and folders are refused, symlinks
//! followed; see `safe_write`), and the errors of the TOML files read elsewhere
//! (`toml_text`: file, line and key), and the check that no output replaces an input
//! (`distinct`).
//! Must not: search or decide which solution is better beyond what a caller asks.

pub mod solutions;
pub mod testset;

mod distinct;
mod safe_write;
mod toml_text;

#[cfg(test)]
mod proptests;

use crate::error::Error;

pub use distinct::{check_distinct, same_file};
pub use toml_text::{line_of, toml_error};

pub use safe_write::{
    check_kept, check_output, checked_target, is_write_through, open_append, write_atomic,
    write_atomic_with, write_output,
};

/// `path` with `suffix` appended to its whole name (`runs/x.journal` and `.lock`:
/// `runs/x.journal.lock`): the files a journal keeps beside it.
pub fn suffixed(path: &std::path::Path, suffix: &str) -> std::path::PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    name.into()
}

/// What standard input is called in messages when a file argument is `-`.
pub const STDIN: &str = "<stdin>";

/// Every byte of `stream` (standard input, a pipe), read to its end; `path` names
/// it in an error.
pub fn read_stream(
    mut stream: impl std::io::Read,
    path: &std::path::Path,
) -> Result<Vec<u8>, Error> {
    let mut bytes = Vec::new();
    stream
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io(path, e))?;
    Ok(bytes)
}

/// The bytes of the input file `path`, `what` it should be (`a solutions file`, `a
/// plan file`, …): a folder is an error naming it and saying so, as a test set's is
/// (`x: a folder, not a solutions file`), not the system's `Is a directory`.
pub fn read_input(path: &std::path::Path, what: &str) -> Result<Vec<u8>, Error> {
    std::fs::read(path).map_err(|e| match path.is_dir() {
        true => Error::parse(path, 0, format!("a folder, not {what}")),
        false => Error::io(path, e),
    })
}

/// `bytes` (read from `path`, a file people write or edit: a test set, a solutions
/// file, a plan, a configurations file, weights, a CSV) as UTF-8 text, without the
/// byte-order mark some editors put first (Windows Notepad's "UTF-8 with BOM");
/// invalid bytes are a parse error naming the line and column where they start.
pub fn edited_text<'a>(bytes: &'a [u8], path: &std::path::Path) -> Result<&'a str, Error> {
    let text = utf8_text(bytes, path)?;
    Ok(text.strip_prefix('\u{feff}').unwrap_or(text))
}

/// `bytes` (read from `path`) as UTF-8 text, byte for byte (a file this program
/// writes and may truncate at an offset of the text, as a journal); invalid bytes are
/// a parse error naming the line and column where they start.
pub fn utf8_text<'a>(bytes: &'a [u8], path: &std::path::Path) -> Result<&'a str, Error> {
    std::str::from_utf8(bytes).map_err(|e| {
        let good = &bytes[..e.valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        let start = good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let column = String::from_utf8_lossy(&good[start..]).chars().count() + 1;
        Error::parse(
            path,
            line,
            format!("not UTF-8 text: an invalid byte sequence at column {column}"),
        )
    })
}
