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
    let mut f = std::fs::File::create(&tmp).map_err(|e| Error::io(&tmp, e))?;
    f.write_all(contents).map_err(|e| Error::io(&tmp, e))?;
    f.sync_all().map_err(|e| Error::io(&tmp, e))?;
    drop(f);
    std::fs::rename(&tmp, path).map_err(|e| Error::io(path, e))
}
