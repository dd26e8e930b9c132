//! File formats: test sets (boards) and solution files (best move sequences).
//!
//! Owns: parsing with file:line errors, formatting, and atomic writes (a temporary
//! file renamed over the target, so a crash never leaves a half-written file).
//! Must not: search or decide which solution is better beyond what a caller asks.

pub mod solutions;
pub mod testset;

use std::io::Write;
use std::path::Path;

use crate::error::Error;

/// Writes `contents` to `path` atomically: a temporary file in the same folder,
/// flushed and synced, then renamed over `path`.
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<(), Error> {
    write_atomic_with(path, |w| w.write_all(contents))
}

/// Like [`write_atomic`], with the contents written by `fill` through a buffer (for
/// files too large to build in memory first).
pub fn write_atomic_with(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), Error> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into());
    let tmp = dir.join(format!(".{name}.tmp{}", std::process::id()));
    let f = std::fs::File::create(&tmp).map_err(|e| Error::io(&tmp, e))?;
    let mut w = std::io::BufWriter::with_capacity(1 << 16, f);
    fill(&mut w).map_err(|e| Error::io(&tmp, e))?;
    let f = w
        .into_inner()
        .map_err(|e| Error::io(&tmp, e.into_error()))?;
    f.sync_all().map_err(|e| Error::io(&tmp, e))?;
    drop(f);
    std::fs::rename(&tmp, path).map_err(|e| Error::io(path, e))
}
